"""Spice blow and Nexus (checker/arrakis/kinds/blow.py, constraints/*/blow.py): spice placed, Shai-Hulud, the Nexus."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import checker.engine
from checker.arrakis.board import gf9_board
from checker.arrakis.position import PHASES, load_position
from checker.cases import shown
from checker.engine import Verdict, evaluate
from checker.errors import InputError
from checker.rules import ruleset_rules

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(ROOT.glob("cases/*/blow-*.yaml"))
FACTIONS = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")
BOARD = gf9_board()
CARDS = [t for t in BOARD.names if BOARD[t].spice_blow is not None]


@pytest.fixture(autouse=True)
def verify_every_rule() -> Iterator[None]:
    """Every applicable rule's z3 form is asked on its own and must agree with its check."""
    before = checker.engine.VERIFY_EVERY_RULE
    checker.engine.VERIFY_EVERY_RULE = True
    try:
        yield
    finally:
        checker.engine.VERIFY_EVERY_RULE = before


def blow(move: dict[str, Any], **position: Any) -> Verdict:
    data: dict[str, Any] = {"ruleset": "gf9", "turn": 3, "phase": "spice-blow", "storm": 5, **position}
    data["move"] = {"action": "blow", **move}
    return evaluate(load_position(data))


def cited(v: Verdict) -> set[str]:
    return {f"{c.doc}:{n}" for f in v.findings for c in f.rule.cites for n in range(c.first, c.last + 1)}


def message(v: Verdict, rule_id: str) -> str:
    return next(f.message for f in v.findings if f.rule.id == rule_id)


HAGGA: dict[str, Any] = {
    "forces": [
        {"faction": "harkonnen", "territory": "Hagga Basin", "count": 5},
        {"faction": "fremen", "territory": "Hagga Basin", "count": 3, "special": 1},
        {"faction": "atreides", "territory": "Hagga Basin", "count": 2, "sector": 12},
        {"faction": "harkonnen", "territory": "Hagga Basin", "count": 1, "sector": 11},
    ],
    "spice": [{"territory": "Hagga Basin", "amount": 6}, {"territory": "Red Chasm", "amount": 8}],
    "alliances": [["fremen", "atreides"]],
}


# -- the worked cases ----------------------------------------------------------


def test_enough_cases() -> None:
    assert len([p for p in CASES if p.parent.name == "gf9"]) >= 15
    assert len([p for p in CASES if p.parent.name == "overview"]) >= 6


@pytest.mark.parametrize("layer", ["gf9", "overview"])
def test_every_rule_shown_both_ways(layer: str) -> None:
    seen = shown(CASES, ruleset_rules(layer))
    forbid, permit, unresolved = seen.forbid, seen.permit, seen.unresolved
    rules = {rid: r for rid, r in ruleset_rules(layer).items() if r.on == "blow"}
    assert rules
    for rid, r in rules.items():
        if r.open:
            assert rid in unresolved, f"{rid}: no unresolved case names it"
            continue
        assert rid in permit, f"{rid} has no permitting case"
        assert rid in forbid or r.one_sided, f"{rid} has no forbidding case"


# -- the numbers a player checks -------------------------------------------------


@pytest.mark.parametrize("card", CARDS)
def test_every_territory_card_places_its_printed_amount_in_its_blow_sector(card: str) -> None:
    sector, amount = BOARD[card].spice_blow  # type: ignore[misc]
    clear = blow({"card": card}, storm=sector % 18 + 1)
    assert clear.verdict == "legal"
    assert clear.outcome == {"spice_placed": {"territory": card, "sector": sector, "amount": amount}}
    assert f"{amount} spice placed in sector {sector}" in message(clear, "gf9.blow.spice")
    covered = blow({"card": card}, storm=sector)
    assert covered.outcome == {"spice_placed": {"territory": card, "sector": sector, "amount": 0}}
    assert f"The storm is over sector {sector}" in message(covered, "gf9.blow.spice-storm")
    assert cited(covered) >= {"gf9:105"}


def test_the_overview_is_silent_under_the_storm_and_reads_gf9() -> None:
    v = blow({"card": "The Great Flat"}, ruleset="overview", storm=14)
    assert v.outcome == {"spice_placed": {"territory": "The Great Flat", "sector": 14, "amount": 0}}
    assert "gf9.blow.spice-storm" in {f.rule.id for f in v.findings}
    clear = blow({"card": "The Great Flat"}, ruleset="overview", storm=2)
    assert clear.outcome == {"spice_placed": {"territory": "The Great Flat", "sector": 14, "amount": 10}}
    assert "overview.blow.spice" in {f.rule.id for f in clear.findings}


def own(v: Verdict) -> dict[str, Any]:
    """A worm's outcome without ``losses``, the shared key its kind sums from ``devoured`` (tested once below)."""
    assert v.outcome.get("losses") == v.outcome.get("devoured")
    return {k: x for k, x in v.outcome.items() if k != "losses"}


def test_worm_devours_every_sector_of_the_previous_territory_but_fremen_and_its_protected_ally() -> None:
    v = blow({"card": "shai-hulud", "previous": "Hagga Basin", "fremen_protects": True}, **HAGGA)
    assert v.verdict == "legal"
    assert own(v) == {"devoured": {"harkonnen": 6}, "spice_lost": 6, "nexus": True}
    assert "Harkonnen's 6 forces to the Tanks" in message(v, "gf9.blow.devour")
    assert "6 spice in Hagga Basin returns to the Bank" in message(v, "gf9.blow.devour-spice")
    assert "Fremen's 4 forces in Hagga Basin are not devoured" in message(v, "gf9.blow.fremen-immune")
    assert "Fremen protects its ally Atreides" in message(v, "gf9.blow.protect-ally")
    assert {"gf9:113", "gf9:117", "gf9:119"} <= cited(v)
    left = blow({"card": "shai-hulud", "previous": "Hagga Basin", "fremen_protects": False}, **HAGGA)
    assert left.outcome["devoured"] == {"harkonnen": 6, "atreides": 2}
    assert "does not protect its ally Atreides" in message(left, "gf9.blow.protect-ally")


def test_fremens_choice_is_asked_only_when_its_ally_is_there() -> None:
    v = blow({"card": "shai-hulud", "previous": "Hagga Basin"}, **HAGGA)
    # the choice changes what is devoured, not whether the draw is legal (gf9:119)
    assert v.verdict == "legal" and "devoured" not in v.outcome and "losses" not in v.outcome
    assert "move.fremen_protects" in v.unknown["devoured"] and "move.fremen_protects" in v.unknown["losses"]
    assert "unless it does, the worm devours Atreides' 2 forces in Hagga Basin" in v.unknown["devoured"]
    assert v.outcome["spice_lost"] == 6 and v.outcome["nexus"] is True
    no_ally = {**HAGGA, "alliances": []}
    w = blow({"card": "shai-hulud", "previous": "Hagga Basin"}, **no_ally)
    assert w.verdict == "legal" and w.outcome["devoured"] == {"harkonnen": 6, "atreides": 2}


def test_the_attack_is_on_the_previous_card_not_the_new_spice() -> None:
    v = blow({"card": "shai-hulud", "previous": "Red Chasm"}, **HAGGA)
    assert own(v) == {"devoured": {}, "spice_lost": 8, "nexus": True}


def test_first_turn_worm_has_no_effect_and_no_nexus() -> None:
    v = blow({"card": "shai-hulud", "previous": "Hagga Basin"}, turn=1, **HAGGA)
    assert v.verdict == "legal"
    assert own(v) == {"devoured": {}, "spice_lost": 0, "nexus": False}
    assert "gf9:107" in cited(v)


def test_consecutive_worm_and_the_advanced_fremen_placement() -> None:
    basic = blow({"card": "shai-hulud", "previous": "shai-hulud"}, **HAGGA)
    assert own(basic) == {"devoured": {}, "spice_lost": 0, "nexus": True}
    adv = blow({"card": "shai-hulud", "previous": "shai-hulud", "pile": "a"}, advanced=True, **HAGGA)
    assert adv.verdict == "unresolved" and "gf9.blow.fremen-places-worm" in adv.reason
    no_fremen = {
        "forces": [
            {"faction": "harkonnen", "territory": "Red Chasm", "count": 1},
            {"faction": "atreides", "territory": "Arrakeen", "count": 1},
        ],
        "spice": [],
    }
    alone = blow({"card": "shai-hulud", "previous": "shai-hulud"}, advanced=True, **no_fremen)
    assert alone.verdict == "legal"
    one = {**no_fremen, "forces": no_fremen["forces"][:1]}  # one faction is no game (gf9:21): Fremen may play
    assert blow({"card": "shai-hulud", "previous": "shai-hulud"}, advanced=True, **one).verdict == "unresolved"
    maybe = blow({"card": "shai-hulud", "previous": "shai-hulud"}, advanced=True, players=3, **no_fremen)
    assert maybe.verdict == "unresolved", "an unlisted player may be Fremen"


def test_pile_b_only_in_the_advanced_game() -> None:
    v = blow({"card": "Old Gap", "pile": "B"})
    assert v.verdict == "illegal" and v.forbidding() == ["gf9.blow.piles"] and cited(v) == {"gf9:109"}
    assert blow({"card": "Old Gap", "pile": "b"}, advanced=True).verdict == "legal"


@pytest.mark.parametrize(
    ("card", "key", "suggestion"),
    [("Shai-Hulu", "move.card", "shai-hulud"), ("Arrakeen", "move.card", None), ("Red Chasmm", "move.card", None)],
)
def test_a_card_that_is_not_in_the_spice_deck_is_an_input_error(card: str, key: str, suggestion: str | None) -> None:
    with pytest.raises(InputError) as err:
        load_position({"ruleset": "gf9", "move": {"action": "blow", "card": card}})
    assert err.value.key == key
    if suggestion:
        assert suggestion in err.value.suggestions


def test_phase_and_missing_keys() -> None:
    wrong = blow({"card": "Red Chasm"}, phase="revival")
    assert wrong.verdict == "illegal" and "Revival phase" in wrong.findings[0].message
    none = blow({"card": "Red Chasm"}, phase=None)
    assert none.verdict == "legal" and any("'phase'" in n for n in none.notes)
    # a missing key decides only values here: the verdict stays legal, the values it decides are unknown
    no_storm = blow({"card": "Red Chasm"}, storm=None)
    assert no_storm.verdict == "legal" and "'storm'" in no_storm.unknown["spice_placed"]
    no_previous = blow({"card": "shai-hulud"}, **HAGGA)
    assert no_previous.verdict == "legal" and no_previous.outcome["nexus"] is True
    assert "move.previous" in no_previous.unknown["devoured"] and "move.previous" in no_previous.unknown["losses"]
    no_spice_key = {k: v for k, v in HAGGA.items() if k != "spice"}
    no_spice = blow({"card": "shai-hulud", "previous": "Hagga Basin", "fremen_protects": True}, **no_spice_key)
    assert no_spice.verdict == "legal" and "'spice'" in no_spice.unknown["spice_lost"]
    assert no_spice.outcome["devoured"] == {"harkonnen": 6}  # the forces do not wait on the spice


# -- generated positions: the engine never raises, the two encodings agree, the numbers add up ---------


def _random_position(rng: random.Random) -> dict[str, Any]:
    previous_choices = [None, "shai-hulud", *rng.sample(CARDS, 3)]
    where = [t for t in previous_choices if t not in (None, "shai-hulud")]
    forces = []
    for _ in range(rng.randint(0, 5)):
        g: dict[str, Any] = {
            "faction": rng.choice(FACTIONS),
            "territory": rng.choice(where),
            "count": rng.randint(0, 6),
        }
        if rng.random() < 0.3:
            g["special"] = rng.randint(0, 3)
        if g["faction"] == "bene-gesserit" and rng.random() < 0.5:
            g["advisors"] = True
        forces.append(g)
    data: dict[str, Any] = {
        "ruleset": rng.choice(["gf9", "gf9", "overview"]),
        "advanced": rng.random() < 0.5,
        "forces": forces,
    }
    for key, value in (
        ("turn", rng.randint(1, 10)),
        ("phase", rng.choice([*PHASES, "spice-blow", "spice-blow"])),
        ("storm", rng.randint(1, 18)),
    ):
        if rng.random() < 0.85:
            data[key] = value
    if rng.random() < 0.85:
        data["spice"] = [
            {"territory": rng.choice(where), "amount": rng.randint(0, 12)} for _ in range(rng.randint(0, 3))
        ]
    if rng.random() < 0.5:
        data["alliances"] = [["fremen", rng.choice(["atreides", "harkonnen", "emperor"])]]
    if rng.random() < 0.2:
        data["players"] = rng.randint(1, 6)
    move: dict[str, Any] = {"action": "blow", "card": "shai-hulud" if rng.random() < 0.5 else rng.choice(CARDS)}
    if rng.random() < 0.8:
        move["previous"] = rng.choice(previous_choices[1:])
    if rng.random() < 0.4:
        move["pile"] = rng.choice(["a", "b"])
    if rng.random() < 0.5:
        move["fremen_protects"] = rng.random() < 0.5
    data["move"] = move
    return data


@pytest.mark.parametrize("seed", range(8))
def test_generated_positions(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):  # 400 positions in all
        data = _random_position(rng)
        v = evaluate(load_position(data))  # raises on a disagreement between a check and its form
        m = data["move"]
        if v.verdict != "legal":
            continue
        if v.unknown:  # a value a missing key decides: the key is one of them, never guessed
            assert all(
                any(k in why for k in ("'storm'", "'turn'", "'spice'", "move.previous")) for why in v.unknown.values()
            )
            assert not set(v.unknown) & set(v.outcome)
            continue
        if m["card"] != "shai-hulud":
            sector, amount = BOARD[m["card"]].spice_blow  # type: ignore[misc]
            placed = v.outcome["spice_placed"]
            assert placed["sector"] == sector
            under = data.get("storm") == sector  # the overview is silent there and reads gf9:105
            assert placed["amount"] == (0 if under else amount)
            continue
        devoured = v.outcome["devoured"]
        prev = m.get("previous")
        if (data["ruleset"] == "gf9" and data.get("turn") == 1) or prev == "shai-hulud":
            assert devoured == {} and v.outcome["spice_lost"] == 0
            continue
        assert "fremen" not in devoured or data["ruleset"] == "overview"
        there: dict[str, int] = {}
        for g in data["forces"]:
            if g["territory"] == prev:
                there[g["faction"]] = there.get(g["faction"], 0) + g["count"] + g.get("special", 0)
        for faction, n in devoured.items():
            assert n == there[faction]
        assert v.outcome["spice_lost"] == sum(s["amount"] for s in data["spice"] if s["territory"] == prev)


def test_card_named_with_its_article_once() -> None:
    """A territory whose name begins with 'The' is not called 'the The Great Flat card'."""
    pos = load_position(
        {
            "ruleset": "gf9",
            "turn": 2,
            "phase": "spice-blow",
            "storm": 5,
            "move": {"action": "blow", "card": "The Great Flat"},
        }
    )
    v = evaluate(pos)
    text = " ".join([*(f.message for f in v.findings), *v.notes])
    assert "The Great Flat card" in text
    assert "The The" not in text and "the The" not in text


@pytest.mark.parametrize(
    "cancels,allied,devoured",
    [
        ([], False, {"harkonnen": 4}),
        (["worm-immunity"], False, {"harkonnen": 4, "fremen": 3}),
        (["ally-worm-protection"], True, {"harkonnen": 4}),
        (["worm-immunity", "ally-worm-protection"], True, {"harkonnen": 4, "fremen": 3}),
    ],
)
def test_a_karama_removes_the_fremen_worm_protection(
    cancels: list[str], allied: bool, devoured: dict[str, int]
) -> None:
    """gf9:401: worms do not devour Fremen forces 'unless an applicable cancellation removes that protection'; the
    protection of its ally stopped, the ally is devoured with no choice asked (gf9:119, 463)."""
    forces = [
        {"faction": "harkonnen", "territory": "Hagga Basin", "sector": 12, "count": 4},
        {"faction": "fremen", "territory": "Hagga Basin", "sector": 11, "count": 3},
    ]
    v = blow(
        {"card": "shai-hulud", "previous": "Hagga Basin", "karama_cancels": cancels},
        forces=forces,
        spice=[],
        alliances=[["fremen", "harkonnen"]] if allied else [],
    )
    assert v.verdict == "legal", v.reason
    assert v.outcome["devoured"] == devoured, v.outcome
    assert ("gf9:401" in cited(v)) == bool(cancels)


def test_a_worm_karama_key_elsewhere_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        load_position(
            {
                "ruleset": "dreamrules",
                "move": {"action": "blow", "card": "shai-hulud", "karama_cancels": ["worm-immunity"]},
            }
        )
    assert err.value.key == "move.karama_cancels" and "gf9" in err.value.expected


def test_devour_message_never_contradicts_itself() -> None:
    """The undecided ally's forces are named as devoured unless Fremen protects it, beside those taken for sure."""
    from checker.arrakis.kinds.blow import Blow
    from constraints.gf9.blow import _devoured

    data: dict[str, Any] = {"ruleset": "gf9", "turn": 3, "phase": "spice-blow", "storm": 5, **HAGGA}
    data["move"] = {"action": "blow", "card": "shai-hulud", "previous": "Hagga Basin"}
    f = Blow().facts(load_position(data))
    text = _devoured(f, {})
    assert "no forces (" not in text
    assert text.endswith("Atreides' 2 forces to the Tanks unless Fremen protects its ally.")
