"""The Dice Game's Kanly step, recruiting, the Factions' notes and target abilities, and the Setup.

Focused tests read what a player sees (the verdict, the rule, the cited line, the numbers in the message
and the outcome); the generated positions (hypothesis) check that every rule's check and z3 form agree on
``dice-kanly``, ``dice-recruit`` and round-1 ``dice-position`` setups, and that every verdict is reached.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from campaigns import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.dice.position import load_position
from checker.engine import Verdict, evaluate
from checker.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
CHART = {"plot": [1, 2], "assassinate": [3, 4], "steal-sandstorm": [5], "steal-turn-order": [5], "steal-landsraad": [6]}


def judge(data: dict[str, Any]) -> Verdict:
    return evaluate(load_position({"ruleset": "dice", **data}))


def kanly(faction: str, action: str, target: str, factions: dict[str, Any], **extra: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {"round": extra.pop("round", 2), "step": extra.pop("step", "kanly"), "factions": factions}
    for key in ("sandstorm", "troops", "alliances"):
        if key in extra:
            pos[key] = extra.pop(key)
    pos["move"] = {"action": "kanly", "faction": faction, "kanly_action": action, "target": target, **extra}
    return pos


def finding(v: Verdict, rule_id: str) -> str:
    return next(f.message for f in v.findings if f.rule.id == rule_id)


def lines(v: Verdict, rule_id: str) -> set[int]:
    r = next(f.rule for f in v.findings if f.rule.id == rule_id)
    return {n for c in r.cites for n in range(c.first, c.last + 1)}


# -- Kanly ---------------------------------------------------------------------------------------------------


def test_assassinate_names_the_region_the_solver_finds() -> None:
    v = judge(
        kanly(
            "atreides",
            "assassinate",
            "harkonnen",
            {"atreides": {"dice": {"harkonnen": 3}, "kanly_chart": CHART}, "harkonnen": {"cards": []}},
            sandstorm="Carthag",
            troops=[
                {"faction": "harkonnen", "region": "Carthag", "count": 2},
                {"faction": "harkonnen", "region": "Minor Erg", "count": 1},
            ],
        )
    )
    assert v.verdict == "legal"
    assert v.outcome["region"] == "Minor Erg" and v.outcome["removed"] == 1  # not Carthag, under the Sandstorm


def test_assassinate_of_a_protected_player_is_refused_with_dice_114() -> None:
    v = judge(
        kanly(
            "atreides",
            "assassinate",
            "fremen",
            {"atreides": {"dice": {"fremen": 4}, "kanly_chart": CHART}, "fremen": {"cards": ["protection"]}},
            sandstorm="Carthag",
            troops=[{"faction": "fremen", "region": "Minor Erg", "count": 2}],
        )
    )
    assert v.verdict == "illegal" and v.forbidding() == ["dice.kanly.assassinate-protection"]
    assert "Fremen holds a Protection card" in finding(v, "dice.kanly.assassinate-protection")
    assert lines(v, "dice.kanly.assassinate-protection") == {114}


def test_the_chart_decides_which_number_is_which_action() -> None:
    factions: dict[str, Any] = {
        "atreides": {"dice": {"harkonnen": 5}, "kanly_chart": CHART},
        "harkonnen": {"cards": ["protection"]},
    }
    v = judge(kanly("atreides", "plot", "harkonnen", factions))
    assert v.verdict == "illegal" and v.forbidding() == ["dice.kanly.chart"]
    assert "shows 5" in finding(v, "dice.kanly.chart") and "1, 2" in finding(v, "dice.kanly.chart")
    factions["atreides"]["kanly_chart"] = {"plot": "?"}  # dice:108: a question mark takes any number
    assert judge(kanly("atreides", "plot", "harkonnen", factions)).verdict == "legal"


def test_a_chart_the_position_lacks_is_named() -> None:
    factions = {"atreides": {"dice": {"harkonnen": 5}}, "harkonnen": {"cards": ["protection"]}}
    v = judge(kanly("atreides", "plot", "harkonnen", factions))
    assert v.verdict == "unresolved" and "factions.atreides.kanly_chart.plot" in v.reason


def test_a_face_that_contradicts_the_die_is_unusable_input() -> None:
    with pytest.raises(InputError) as err:
        judge(kanly("atreides", "plot", "harkonnen", {"atreides": {"dice": {"harkonnen": 5}}}, face=2))
    assert err.value.key == "move.face"


@pytest.mark.parametrize(
    ("round_", "slot_die", "destroy", "verdict", "rule"),
    [
        (3, False, 0, "legal", ""),
        (3, True, 0, "illegal", "dice.kanly.landsraad-slot-die"),
        (3, True, 1, "legal", ""),
        (4, False, 0, "illegal", "dice.kanly.landsraad-round-four"),
        (4, False, 1, "legal", ""),
        (4, True, 1, "illegal", "dice.kanly.landsraad-round-four"),
        (6, True, 2, "legal", ""),
    ],
)
def test_stealing_the_landsraad_costs_dice(round_: int, slot_die: bool, destroy: int, verdict: str, rule: str) -> None:
    corrino: dict[str, Any] = {"cards": ["landsraad"], "dice": {"landsraad": 4} if slot_die else {"ship": 2}}
    harkonnen = {"dice": {"corrino": 6, "move": 2, "combat": [1, 2]}, "kanly_chart": CHART}
    v = judge(
        kanly(
            "harkonnen",
            "steal-landsraad",
            "corrino",
            {"harkonnen": harkonnen, "corrino": corrino},
            round=round_,
            destroy=destroy,
        )
    )
    assert v.verdict == verdict, v.reason or v.forbidding()
    if rule:
        assert v.forbidding() == [rule] and 190 in lines(v, rule)
    else:
        assert v.outcome["stolen"] == "landsraad" and v.outcome["holder"] == "harkonnen"
        assert v.outcome["dice_destroyed"] == destroy


def test_cards_a_faction_can_never_have_cannot_be_stolen_or_held() -> None:
    v = judge(
        kanly(
            "spacing-guild",
            "steal-turn-order",
            "bene-gesserit",
            {
                "spacing-guild": {"dice": {"bene-gesserit": 5}, "kanly_chart": CHART},
                "bene-gesserit": {"cards": ["turn-order"]},
            },
        )
    )
    assert v.forbidding() == ["dice.factions.spacing-guild-never-steals-turn-order"]
    assert lines(v, "dice.factions.spacing-guild-never-steals-turn-order") == {230}  # the Guild's own note only
    v = judge({"round": 3, "step": "move", "factions": {"fremen": {"cards": ["landsraad"]}, "corrino": {}}})
    assert v.verdict == "invalid-position" and v.forbidding() == ["dice.factions.fremen-never-landsraad"]
    held = finding(v, "dice.factions.fremen-never-landsraad")
    assert held == "Fremen holds the Landsraad card: it can never have it."
    assert lines(v, "dice.factions.fremen-never-landsraad") == {212}


def test_piter_de_vries_ignores_protection_but_not_the_sandstorm() -> None:
    factions = {
        "harkonnen": {"dice": {"fremen": 2}, "kanly_chart": {"piter-de-vries": [2]}, "supply": 0},
        "fremen": {"cards": ["protection"]},
    }
    troops = [{"faction": "fremen", "region": "Minor Erg", "count": 1}]
    v = judge(kanly("harkonnen", "piter-de-vries", "fremen", factions, sandstorm="Carthag", troops=troops))
    assert v.verdict == "legal" and v.outcome["converted"] is False  # no Harkonnen Troop in supply: killed
    v = judge(kanly("harkonnen", "piter-de-vries", "fremen", factions, sandstorm="Minor Erg", troops=troops))
    # every Fremen Troop stands under the Sandstorm: the two clauses forbid together
    assert v.verdict == "illegal"
    assert set(v.minimal_reason) == {"dice.factions.piter-sandstorm", "dice.factions.piter-troop"}


def test_the_voice_comes_before_any_alliance() -> None:
    factions = {
        "bene-gesserit": {"dice": {"corrino": 4}, "kanly_chart": {"the-voice": [4]}},
        "corrino": {},
        "atreides": {},
        "fremen": {},
    }
    v = judge(kanly("bene-gesserit", "the-voice", "corrino", factions, step="alliance"))
    assert v.verdict == "legal" and v.outcome["allied"] == ["bene-gesserit", "corrino"]
    v = judge(
        kanly("bene-gesserit", "the-voice", "corrino", factions, step="alliance", alliances=[["atreides", "fremen"]])
    )
    assert v.forbidding() == ["dice.factions.voice-first"] and "1 Alliance(s)" in finding(
        v, "dice.factions.voice-first"
    )


# -- Recruit --------------------------------------------------------------------------------------------------


def recruit(st: dict[str, Any], move: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"round": 2, "step": "recruit", "factions": {"harkonnen": st}, **extra,
            "move": {"action": "recruit", "faction": "harkonnen", **move}}  # fmt: skip


def test_recruit_counts_base_plus_each_recruit_die() -> None:
    st = {"dice": {"recruit": [2, 5]}, "recruit_base": 1, "recruit_per_die": 2, "supply": 9, "leader": 0}
    v = judge(recruit(st, {"troops": 5}))
    assert v.verdict == "legal" and v.outcome["recruited"] == 5 and v.outcome["supply"] == 4
    v = judge(recruit(st, {"troops": 5, "leader": 1}))  # a Leader instead of a Troop counts too
    assert v.forbidding() == ["dice.recruit.count"]
    assert "it may recruit 5 (1 base + 2 for each of its 2 Recruit dice" in finding(v, "dice.recruit.count")


def test_recruit_within_the_base_needs_no_dice_or_per_die_number() -> None:
    v = judge(recruit({"recruit_base": 2, "supply": 3}, {"troops": 2}))
    assert v.verdict == "legal"
    v = judge(recruit({"recruit_base": 2, "supply": 3}, {"troops": 3}))
    assert v.verdict == "unresolved" and "factions.harkonnen.dice.recruit" in v.reason


def test_only_the_atreides_recruit_a_second_leader() -> None:
    st = {"dice": {"ship": 1}, "recruit_base": 2, "leader": 0, "supply": 3}
    v = judge(recruit(st, {"leader": 2}))
    assert set(v.forbidding()) == {"dice.recruit.one-leader", "dice.recruit.leader-supply"}
    data = recruit(st, {"leader": 2})
    data["factions"] = {"atreides": st}
    data["move"]["faction"] = "atreides"
    assert judge(data).verdict == "legal"


# -- the Setup and the Factions' notes on a position ------------------------------------------------------------

SIX: dict[str, Any] = {
    "round": 1,
    "step": "roll",
    "players": 6,
    "turn_order": ["atreides", "harkonnen", "fremen", "corrino", "spacing-guild", "bene-gesserit"],
    "sandstorm": "Arrakeen",
    "common_dice": 18,
    "loyalty_supply": 5,
    "factions": {
        "atreides": {"leader": 2, "supply": 10, "loyalty": 1, "personal_dice": 3},
        "harkonnen": {"leader": 0, "supply": 10, "loyalty": 1, "personal_dice": 3},
        "fremen": {"leader": 1, "supply": 8, "cards": ["protection", "protection"], "loyalty": 1, "personal_dice": 3},
        "corrino": {
            "leader": 0,
            "board_troops": 3,
            "supply": 13,
            "cards": ["landsraad"],
            "loyalty": 1,
            "personal_dice": 3,
        },
        "spacing-guild": {"leader": 1, "board_troops": 3, "supply": 9, "cards": ["sandstorm"], "loyalty": 1},
        "bene-gesserit": {"leader": 1, "supply": 9, "cards": ["turn-order"], "loyalty": 1, "personal_dice": 3},
    },
    "troops": [
        {"faction": "bene-gesserit", "region": "Polar Sink", "count": 3},
        {"faction": "atreides", "region": "Minor Erg", "count": 2},
        {"faction": "harkonnen", "region": "Great Flat", "count": 2},
        {"faction": "fremen", "region": "Broken Land", "count": 1},
        {"faction": "fremen", "region": "Outer Plain", "count": 1},
    ],
    "fortifications": [{"region": "Great Flat", "kind": "fortification", "controller": "harkonnen"}],
}


def test_a_six_player_setup_is_valid_and_each_faction_checked() -> None:
    v = judge(copy.deepcopy(SIX))
    assert v.verdict == "legal", v.forbidding() or v.reason
    permitted = {f.rule.id for f in v.findings}
    assert {"dice.setup.guild-board", "dice.setup.bene-gesserit-map", "dice.setup.harkonnen-fortification"} <= permitted


def test_the_guilds_sandstorm_must_start_in_an_empty_region() -> None:
    data = copy.deepcopy(SIX)
    data["sandstorm"] = "Minor Erg"  # the Atreides' Troops
    v = judge(data)
    assert v.forbidding() == ["dice.setup.guild-sandstorm-empty"]
    quoted = next(f.sources for f in v.findings if f.rule.id == "dice.setup.guild-sandstorm-empty")
    assert [c.ref for c in quoted] == ["dice:228"]  # at setup: where it is placed (dice:173 speaks of later steps)
    data["step"] = "move"  # later in round 1: it has stayed empty, the Region in stasis (dice:173)
    v = judge(data)
    assert "dice.setup.guild-sandstorm-empty" in v.forbidding()
    quoted = next(f.sources for f in v.findings if f.rule.id == "dice.setup.guild-sandstorm-empty")
    assert [c.ref for c in quoted] == ["dice:228", "dice:173"]


def test_fremen_hold_one_protection_card_in_a_five_player_game() -> None:
    data = copy.deepcopy(SIX)
    data["players"] = 5
    del data["factions"]["spacing-guild"]
    data["turn_order"].remove("spacing-guild")
    v = judge(data)
    assert "dice.setup.fremen-protection" in v.forbidding()
    assert "holds 2 Protection card(s), not all 1 in a 5-player game" in finding(v, "dice.setup.fremen-protection")


def test_an_unclaimed_card_the_last_can_never_have_is_left_open() -> None:
    data = {
        "round": 1,
        "step": "roll",
        "players": 2,
        "sandstorm": "Jacurutu",
        "factions": {
            "harkonnen": {"leader": 0},
            "fremen": {"leader": 1, "cards": ["protection", "protection", "turn-order", "sandstorm"]},
        },
    }
    v = judge(data)
    assert v.verdict == "unresolved" and "dice.setup.unclaimed-never" in v.reason


def test_needed_elsewhere_only_before_the_recruit_step() -> None:
    for step, verdict in (("roll", "invalid-position"), ("turn-order", "invalid-position"), ("combat", "legal")):
        v = judge({"round": 2, "step": step, "factions": {"corrino": {"leader": 1}, "harkonnen": {}}})
        assert v.verdict == verdict, step


# -- generated positions: check and z3 form agree ----------------------------------------------------------------

FACTIONS = ["atreides", "harkonnen", "fremen", "corrino", "spacing-guild", "bene-gesserit"]
REGIONS = ["Carthag", "Arrakeen", "Minor Erg", "Great Flat", "Polar Sink", "Broken Land", "Jacurutu"]
ACTIONS = [
    "plot",
    "assassinate",
    "steal-sandstorm",
    "steal-turn-order",
    "steal-landsraad",
    "piter-de-vries",
    "imperial-decree",
    "shipping-authority",
    "the-voice",
]
SLOTS = ["ship", "move", "recruit", "fortify", "combat", "landsraad", "reassign"]
CARDS = ["sandstorm", "turn-order", "landsraad", "protection"]
SEEN: dict[str, set[str]] = {}


def _judge_agreeing(kind: str, data: dict[str, Any], allowed: set[str]) -> None:
    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True  # permits are cross-checked too
    try:
        try:
            pos = load_position({"ruleset": "dice", **data})
        except InputError:
            return
        try:
            v = evaluate(pos)
        except InputError:
            return
    finally:
        engine.VERIFY_EVERY_RULE = verify
    assert v.question == kind
    assert v.verdict in allowed, v.verdict
    if v.verdict in ("illegal", "invalid-position"):
        assert v.forbidding() or v.minimal_reason, "a refusal names no rule"
    if v.verdict == "unresolved":
        assert v.reason
    SEEN.setdefault(kind, set()).add(v.verdict)


@st.composite
def kanly_position(draw: Any) -> dict[str, Any]:
    faction, target = draw(st.lists(st.sampled_from(FACTIONS), min_size=2, max_size=2, unique=True))
    action = draw(st.sampled_from(ACTIONS))
    dice: dict[str, Any] = {}
    if draw(st.integers(0, 5)):
        dice[target] = draw(st.integers(1, 6))
    for slot in draw(st.lists(st.sampled_from(SLOTS), max_size=3, unique=True)):
        dice[slot] = draw(st.integers(1, 6))
    chart = {}
    if draw(st.integers(0, 5)):
        chart[action] = draw(st.one_of(st.just("?"), st.lists(st.integers(1, 6), min_size=1, max_size=3)))
    target_dice = {s: draw(st.integers(1, 6)) for s in draw(st.lists(st.sampled_from(SLOTS), max_size=3, unique=True))}
    cards = draw(st.lists(st.sampled_from(CARDS), max_size=3))
    target_state: dict[str, Any] = {"cards": cards, "dice": target_dice}
    if draw(st.booleans()):
        target_state["slot_faces"] = {
            s: draw(st.lists(st.integers(1, 6), min_size=1, max_size=3)) for s in ("move", "ship", "combat")
        }
    me: dict[str, Any] = {"dice": dice, "kanly_chart": chart}
    if draw(st.booleans()):
        me["supply"] = draw(st.integers(0, 3))
    troops = [
        {"faction": target, "region": r, "count": draw(st.integers(1, 3))}
        for r in draw(st.lists(st.sampled_from(REGIONS), max_size=2, unique=True))
    ]
    data: dict[str, Any] = {
        "round": draw(st.integers(1, 6)),
        "factions": {faction: me, target: target_state},
        "troops": troops,
    }
    if draw(st.integers(0, 4)):
        data["step"] = draw(st.sampled_from(["kanly", "kanly", "alliance", "ship"]))
    if draw(st.integers(0, 4)):
        data["sandstorm"] = draw(
            st.sampled_from([t["region"] for t in troops] or REGIONS) if troops else st.sampled_from(REGIONS)
        )
    if draw(st.integers(0, 3)) == 0:
        others = [f for f in FACTIONS if f not in (faction, target)]
        data["alliances"] = [others[:2]]
    move: dict[str, Any] = {"action": "kanly", "faction": faction, "kanly_action": action, "target": target}
    if troops and draw(st.booleans()):
        move["region"] = draw(st.sampled_from([t["region"] for t in troops] + ["Arrakeen"]))
    if action == "steal-landsraad":
        move["destroy"] = draw(st.integers(0, 3))
    if action == "imperial-decree":
        move["from_slot"] = draw(st.sampled_from([*target_dice, "fortify"] if target_dice else SLOTS))
        move["to_slot"] = draw(st.sampled_from([*SLOTS, FACTIONS[0], faction]))
    return data | {"move": move}


@st.composite
def recruit_position(draw: Any) -> dict[str, Any]:
    faction = draw(st.sampled_from(FACTIONS))
    state: dict[str, Any] = {}
    if draw(st.integers(0, 4)):
        state["dice"] = (
            {"recruit": draw(st.lists(st.integers(1, 6), min_size=1, max_size=2))}
            if draw(st.booleans())
            else {"ship": 2}
        )
    for key, top in (("recruit_base", 3), ("recruit_per_die", 3), ("supply", 6), ("leader", 2)):
        if draw(st.integers(0, 4)):
            state[key] = draw(st.integers(0, top))
    regions = draw(st.lists(st.sampled_from(REGIONS), max_size=2, unique=True))
    troops = [{"faction": faction, "region": r, "count": draw(st.integers(1, 3))} for r in regions]
    from_map = {r: draw(st.integers(0, 3)) for r in draw(st.lists(st.sampled_from(REGIONS), max_size=2, unique=True))}
    count = draw(st.integers(0, 7))
    if sum(from_map.values()) > count:
        from_map = {}
    data: dict[str, Any] = {"round": 2, "factions": {faction: state}, "troops": troops}
    if draw(st.integers(0, 4)):
        data["step"] = draw(st.sampled_from(["recruit", "recruit", "ship"]))
    if regions and draw(st.booleans()):
        data["sandstorm"] = draw(st.sampled_from(regions))
    move = {
        "action": "recruit",
        "faction": faction,
        "troops": count,
        "leader": draw(st.integers(0, 2)),
        "from_map": from_map,
    }
    return data | {"move": move}


@st.composite
def setup_position(draw: Any) -> dict[str, Any]:
    data = copy.deepcopy(SIX)
    drop = draw(st.lists(st.sampled_from(FACTIONS), max_size=3, unique=True))
    for f in drop:
        del data["factions"][f]
        data["turn_order"].remove(f)
        data["troops"] = [t for t in data["troops"] if t["faction"] != f]
        if f == "harkonnen":
            data["fortifications"] = []
    data["players"] = draw(st.sampled_from([len(data["factions"]), len(data["factions"]), len(data["factions"]) + 1]))
    names = list(data["factions"])
    for _ in range(draw(st.integers(0, 3))):  # a few things off by one, or moved
        f = draw(st.sampled_from(names))
        what = draw(st.sampled_from(["leader", "supply", "loyalty", "personal_dice", "cards", "board_troops"]))
        if what == "cards":
            data["factions"][f]["cards"] = draw(st.lists(st.sampled_from(CARDS), max_size=2))
        else:
            data["factions"][f][what] = max(0, (data["factions"][f].get(what) or 0) + draw(st.sampled_from([-1, 1])))
    if draw(st.integers(0, 3)) == 0:
        data["sandstorm"] = draw(st.sampled_from(REGIONS))
    if draw(st.integers(0, 3)) == 0:
        data["turn_order"] = list(reversed(data["turn_order"]))
    if draw(st.integers(0, 4)) == 0:
        del data["troops"]
    if draw(st.integers(0, 4)) == 0:
        data["loyalty_supply"] = draw(st.integers(0, 8))
    if draw(st.integers(0, 4)) == 0:
        data["step"] = draw(st.sampled_from(["alliance", "kanly"]))
    return data


SETTINGS = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _worked(name: str) -> dict[str, Any]:
    """A worked case as a drawn position (its expectation dropped): every run tries it besides the draws."""
    from checker.yamlio import load_yaml

    data = dict(load_yaml(ROOT / "cases" / "dice" / name))
    data.pop("expect", None)
    return data


@SETTINGS
@given(data=kanly_position())
@example(data=_worked("kanly-plot.yaml"))  # a legal Plot, so reaching `legal` never depends on the draw
def test_generated_kanly_checks_and_forms_agree(data: dict[str, Any]) -> None:
    _judge_agreeing("dice-kanly", data, {"legal", "illegal", "unresolved"})


@SETTINGS
@given(data=recruit_position())
def test_generated_recruit_checks_and_forms_agree(data: dict[str, Any]) -> None:
    _judge_agreeing("dice-recruit", data, {"legal", "illegal", "unresolved"})


@SETTINGS
@given(data=setup_position())
def test_generated_setups_checks_and_forms_agree(data: dict[str, Any]) -> None:
    _judge_agreeing("dice-position", data, {"legal", "invalid-position", "unresolved"})


@pytest.mark.parametrize(
    ("kind", "wanted"),
    [
        ("dice-kanly", {"legal", "illegal", "unresolved"}),
        ("dice-recruit", {"legal", "illegal", "unresolved"}),
        ("dice-position", {"legal", "invalid-position", "unresolved"}),
    ],
)
def test_the_generators_reach_every_verdict(kind: str, wanted: set[str]) -> None:
    """Run after the generated tests (pytest keeps the file's order): each kind's draws reached every verdict."""
    if kind not in SEEN:
        pytest.skip("the generated test of this kind did not run in this session")
    assert SEEN[kind] == wanted, f"{kind} reached {sorted(SEEN[kind])}"
