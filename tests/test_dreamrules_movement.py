"""Dreamrules' shipment, movement, alliances, deals, the Guild's interjection and the Surveyor.

Targeted numbers first (costs, who is paid, losses, ranges, the bribe pile, where new allies separate), each
with the line a player would look up; then a generated property test: 420 Dreamrules positions of these kinds,
every applicable rule's z3 form cross-checked against its check, never raising, every verdict within the
contract, and each kind reaching legal, illegal and unresolved.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from checker import engine
from checker.arrakis.board import STRONGHOLD_NAMES, gf9_board
from checker.arrakis.position import load_position
from checker.engine import Disagreement, evaluate


def verdict(raw: dict[str, Any], ruleset: str = "dreamrules") -> engine.Verdict:
    """The verdict on a raw position; one given another ruleset is read without the Dreamrules keys its positions
    do not have, as `mentat compare` carries a position over."""
    from checker.compare import carried_for

    data = json.loads(json.dumps(raw))
    return evaluate(load_position(carried_for(data, data["ruleset"])), ruleset)


def base(**extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleset": "dreamrules", "turn": 3, "phase": "shipment-and-movement", "storm": 3}
    out.update(extra)
    return out


# -- targeted numbers -------------------------------------------------------------------------


def test_fremen_lose_nothing_landing_under_the_storm_where_gf9_loses_half() -> None:
    raw = base(
        advanced=True,
        storm=14,
        factions={"fremen": {"spice": 3, "reserves": 10}},
        move={"action": "ship", "faction": "fremen", "count": 5, "to": "The Great Flat"},
    )
    dr = verdict(raw)
    assert dr.verdict == "legal" and dr.outcome.get("losses") in ({}, None)
    assert "dreamrules.shipment.fremen-storm" in {f.rule.id for f in dr.findings}
    gf = verdict({**raw, "ruleset": "gf9"}, "gf9")
    assert gf.outcome["losses"] == {"fremen": 3}  # half of 5, rounded up (gf9:411)


def test_guild_reveals_its_aid_and_keeps_it() -> None:
    raw = base(
        storm=10,
        alliances=[["atreides", "spacing-guild"]],
        factions={"atreides": {"spice": 10, "reserves": 10}, "spacing-guild": {"spice": 5}},
        move={"action": "ship", "faction": "atreides", "count": 6, "to": "Arrakeen", "ally_support": 2},
    )
    dr = verdict(raw)
    assert dr.outcome["cost"] == 3 and dr.outcome["payments"] == {"spacing-guild": 1}
    gf = verdict({**raw, "ruleset": "gf9", "advanced": True}, "gf9")
    assert gf.outcome["payments"] == {"spacing-guild": 1, "bank": 2}  # gf9:151


def test_karama_on_shipping_payments_pays_the_bank() -> None:
    raw = base(
        factions={"atreides": {"spice": 10, "reserves": 10}, "spacing-guild": {"suppressed": ["Shipping Payments"]}},
        move={"action": "ship", "faction": "atreides", "count": 2, "to": "Broken Land"},
    )
    v = verdict(raw)
    assert (v.verdict, v.outcome["cost"], v.outcome["paid_to"]) == ("legal", 4, "bank")


@pytest.mark.parametrize(("count", "expected"), [(4, "legal"), (5, "legal"), (6, "illegal")])
def test_synthetic_spice_counts_the_reserves_left_behind(count: int, expected: str) -> None:
    # 5 spice, 10 in reserve: shipping n to a sand territory costs 2n, payable with 5 + (10 - n)
    raw = base(
        factions={"bene-tleilax": {"spice": 5, "reserves": 10}},
        move={"action": "ship", "faction": "bene-tleilax", "count": count, "to": "Broken Land"},
    )
    v = verdict(raw)
    assert v.verdict == expected
    if expected == "illegal":
        assert v.forbidding() == ["dreamrules.shipment.synthetic-spice"]


def test_cyborgs_two_suboids_one() -> None:
    forces = [{"faction": "ixians", "territory": "Arsunt", "sector": 11, "count": 3, "special": 2}]
    move = {
        "action": "move",
        "faction": "ixians",
        "from": "Arsunt",
        "to": "Plastic Basin",
        "via": ["Hagga Basin", "Plastic Basin"],
    }
    with_cyborg = verdict(
        base(factions={"ixians": {"spice": 3}}, forces=forces, move={**move, "count": 3, "special": 1})
    )
    assert with_cyborg.verdict == "legal" and with_cyborg.outcome["path"] == ["Hagga Basin", "Plastic Basin"]
    alone = verdict(base(factions={"ixians": {"spice": 3}}, forces=forces, move={**move, "count": 3}))
    # Suboids without a Cyborg keep one territory, and the finding cites the Suboids' own line (dreamrules:1222)
    assert alone.forbidding() == ["dreamrules.movement.suboids-alone"]


def test_fremen_leave_the_storm_in_dreamrules_not_in_gf9() -> None:
    raw = base(
        storm=16,
        factions={"fremen": {"spice": 3}},
        forces=[{"faction": "fremen", "territory": "Habbanya Sietch", "count": 4}],
        move={"action": "move", "faction": "fremen", "from": "Habbanya Sietch", "to": "False Wall West", "count": 4},
    )
    assert verdict(raw).verdict == "legal"
    assert verdict({**raw, "ruleset": "gf9", "advanced": True}, "gf9").forbidding() == ["gf9.movement.storm"]


def test_new_allies_separate_except_where_advisors_coexist() -> None:
    raw = base(
        phase="nexus",
        turn=4,
        nexus_card=2,
        factions={"atreides": {"spice": 1}, "bene-gesserit": {"spice": 1}},
        forces=[
            {"faction": "atreides", "territory": "Arrakeen", "count": 5},
            {"faction": "bene-gesserit", "territory": "Arrakeen", "count": 2, "advisors": True},
            {"faction": "atreides", "territory": "Tsimpo", "sector": 11, "count": 1},
            {"faction": "bene-gesserit", "territory": "Tsimpo", "sector": 11, "count": 1},
        ],
        move={"action": "ally", "factions": ["atreides", "bene-gesserit"]},
    )
    assert verdict(raw).outcome["must_separate"] == ["Tsimpo"]
    assert verdict({**raw, "ruleset": "gf9", "advanced": True}, "gf9").outcome["must_separate"] == [
        "Arrakeen",
        "Tsimpo",
    ]


@pytest.mark.parametrize("ruleset", ["dreamrules", "gf9"])
@pytest.mark.parametrize(
    "move",
    [
        {"action": "move", "faction": "atreides", "count": 4, "from": "Imperial Basin", "from_sector": 9},
        {"action": "ship", "faction": "atreides", "count": 4},
    ],
)
def test_ending_beside_an_ally_in_the_polar_sink_says_why(ruleset: str, move: dict[str, Any]) -> None:
    """The finding gives the Polar Sink exception, never advisors or an absent ally that are not there."""
    raw = base(
        ruleset=ruleset,
        advanced=True,
        alliances=[["atreides", "harkonnen"]],
        factions={"atreides": {"spice": 10, "reserves": 5}, "harkonnen": {"spice": 5}},
        forces=[
            {"faction": "atreides", "territory": "Imperial Basin", "sector": 9, "count": 4},
            {"faction": "harkonnen", "territory": "Polar Sink", "count": 2},
        ],
        move={**move, "to": "Polar Sink"},
    )
    v = verdict(raw, ruleset)
    assert v.verdict == "legal"
    said = " ".join(f.message for f in v.findings if f.rule.id.endswith(("movement.allies", "ally-territory")))
    assert "Polar Sink" in said and "beside its ally Harkonnen" in said
    assert "advisors" not in said and "no troops" not in said and "no forces" not in said


@pytest.mark.parametrize(("card", "turn", "expected"), [(3, 5, "legal"), (5, 5, "illegal"), ("blank", 9, "illegal")])
def test_the_nexus_card_opens_the_alliance_window(card: Any, turn: int, expected: str) -> None:
    raw = base(
        phase="nexus",
        turn=turn,
        nexus_card=card,
        factions={"atreides": {}, "fremen": {}},
        move={"action": "ally", "factions": ["atreides", "fremen"]},
    )
    v = verdict(raw)
    assert v.verdict == expected
    if expected == "illegal":
        assert v.forbidding() == ["dreamrules.alliances.nexus-card"]


def test_a_bribe_from_the_bribe_pile() -> None:
    raw = base(
        factions={"harkonnen": {"spice": 2, "bribe_pile": 3}, "emperor": {"spice": 1}},
        move={"action": "bribe", "faction": "harkonnen", "to": "emperor", "amount": 4},
    )
    v = verdict(raw)
    assert v.verdict == "legal" and v.outcome["spice_total"] == 0
    assert v.outcome["in_front_of_shield"] == {"emperor": 4}
    assert verdict({**raw, "ruleset": "gf9", "advanced": True}, "gf9").verdict == "illegal"


def test_surveyor_three_territories_and_the_shield_wall() -> None:
    raw = base(
        phase="mentat-pause",
        hidden_mobile_surveyor={"territory": "Rim Wall West", "sector": 8},
        factions={"ixians": {"spice": 1}},
        move={"action": "move-surveyor", "faction": "ixians", "to": "Pasty Mesa"},
    )
    assert verdict({**raw, "shield_wall_markers": 3}).outcome["path"] == [
        "Hole In The Rock",
        "Shield Wall",
        "Pasty Mesa",
    ]
    closed = verdict({**raw, "shield_wall_markers": 4})
    assert closed.verdict == "illegal"
    assert set(closed.minimal_reason) == {"dreamrules.surveyor.reach", "dreamrules.surveyor.shield-wall"}
    unknown = verdict(raw)
    assert unknown.verdict == "unresolved" and "shield_wall_markers" in unknown.reason


def test_the_guilds_allys_three_types_are_open() -> None:
    raw = base(
        alliances=[["harkonnen", "spacing-guild"]],
        factions={"harkonnen": {"spice": 5, "reserves": 5}, "spacing-guild": {"spice": 1}},
        forces=[{"faction": "harkonnen", "territory": "Carthag", "count": 4}],
        move={"action": "ship", "faction": "harkonnen", "count": 2, "from": "Carthag", "to": "Arrakeen"},
    )
    v = verdict(raw)
    assert v.verdict == "unresolved" and "dreamrules.shipment.ally-three-types" in v.reason


# -- generated positions: every form cross-checked, never raising -----------------------------

BOARD = gf9_board()
TERRITORIES = sorted(BOARD.names)
SAND = [t for t in TERRITORIES if t not in STRONGHOLD_NAMES and t != "Polar Sink"]
DR_FACTIONS = ["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit", "bene-tleilax", "ixians"]
PHASES = ["nexus", "bidding", "shipment-and-movement", "shipment-and-movement", "mentat-pause"]
SUPPRESSIBLE = {
    "spacing-guild": [
        "Shipping Payments",
        "Discount Shipping",
        "Three Types of Shipment",
        "Three Types of Interjection",
    ],
    "fremen": ["Native Movement", "Zensunni Path"],
    "bene-tleilax": ["Synthetic Spice"],
    "ixians": ["Hidden Mobile Surveyor"],
}
NATURAL = {
    "ship": "shipment-and-movement",
    "move": "shipment-and-movement",
    "ally": "nexus",
    "bribe": "shipment-and-movement",
    "give": "bidding",
    "interject": "shipment-and-movement",
    "move-surveyor": "mentat-pause",
}
KINDS = ["ship", "move", "ally", "bribe", "give", "interject", "move-surveyor"]
PER_KIND = 60


def sector_of(t: str, rnd: random.Random) -> int | None:
    sectors = BOARD[t].sectors
    return rnd.choice(sectors) if len(sectors) > 1 else None


def group(faction: str, t: str, rnd: random.Random, **extra: Any) -> dict[str, Any]:
    g: dict[str, Any] = {"faction": faction, "territory": t, "count": rnd.randint(1, 5)}
    s = sector_of(t, rnd)
    if s:
        g["sector"] = s
    if faction in ("ixians", "fremen", "emperor") and rnd.random() < 0.5:
        g["special"] = rnd.randint(1, 2)
    g.update(extra)
    return g


def draw(kind: str, rnd: random.Random) -> dict[str, Any]:
    players = rnd.sample(DR_FACTIONS, rnd.randint(2, 5))
    me = rnd.choice(players)
    if kind in ("interject",) and rnd.random() < 0.8:
        me = "spacing-guild"
        players = list(dict.fromkeys([*players, me]))
    if kind in ("move-surveyor",) and rnd.random() < 0.8:
        me = "ixians"
        players = list(dict.fromkeys([*players, me]))
    factions: dict[str, Any] = {}
    for f in players:
        state: dict[str, Any] = {}
        if rnd.random() < 0.9:
            state["spice"] = rnd.randint(0, 12)
        if rnd.random() < 0.9:
            state["reserves"] = rnd.randint(0, 10)
        if f in ("ixians", "fremen", "emperor"):
            state["reserves_special"] = rnd.randint(0, 3)
        if rnd.random() < 0.5:
            state["bribe_pile"] = rnd.randint(0, 4)
        if f in SUPPRESSIBLE and rnd.random() < 0.25:
            state["suppressed"] = [rnd.choice(SUPPRESSIBLE[f])]
        if rnd.random() < 0.2:
            state["made_ordinary_move"] = True
        factions[f] = state
    raw: dict[str, Any] = {
        "ruleset": "dreamrules",
        "turn": rnd.randint(1, 10),
        "phase": NATURAL[kind] if rnd.random() < 0.75 else rnd.choice(PHASES),
        "storm": rnd.randint(1, 18),
        "factions": factions,
    }
    if rnd.random() < 0.15:
        del raw["storm"]
    if rnd.random() < 0.15:
        del raw["turn"]
    if rnd.random() < 0.6:
        raw["nexus_card"] = rnd.choice([*range(1, 8), "blank"])
    if rnd.random() < 0.4 and len(players) >= 2:
        raw["alliances"] = [rnd.sample(players, 2)]
    if rnd.random() < 0.4:
        raw["acted_this_phase"] = rnd.sample(players, rnd.randint(0, len(players)))
    if rnd.random() < 0.5:
        raw["shield_wall_markers"] = rnd.randint(0, 5)
    if "ixians" in players and rnd.random() < 0.8:
        raw["hidden_mobile_surveyor"] = {"territory": rnd.choice(SAND)}
    forces = []
    for f in players:
        for t in rnd.sample(TERRITORIES, rnd.randint(0, 3)):
            extra: dict[str, Any] = {}
            if f == "bene-gesserit" and rnd.random() < 0.5:
                extra["advisors"] = True
            forces.append(group(f, t, rnd, **extra))
    raw["forces"] = forces
    mine = [g for g in forces if g["faction"] == me]
    if kind == "ship":
        to = rnd.choice(TERRITORIES)
        move: dict[str, Any] = {"action": "ship", "faction": me, "count": rnd.randint(1, 6), "to": to}
        if (mine and me == "spacing-guild") or (mine and rnd.random() < 0.2):
            origin = rnd.choice(mine)
            move["from"] = origin["territory"]
            if rnd.random() < 0.4:
                move["to"] = "reserves"
        if rnd.random() < 0.2:
            move["ally_support"] = rnd.randint(1, 4)
    elif kind == "move":
        if not mine:
            mine = [group(me, rnd.choice(TERRITORIES), rnd)]
            forces.extend(mine)
        origin = rnd.choice(mine)
        hms = raw.get("hidden_mobile_surveyor")
        if hms and rnd.random() < 0.2:  # the Ixians move out of their Surveyor's territory (a gap)
            me = "ixians"
            origin = group(me, hms["territory"], rnd, surveyor=True)
            forces.append(origin)
        near = sorted(BOARD.adjacent_territories(origin["territory"]))
        to = rnd.choice(near) if rnd.random() < 0.5 else rnd.choice(TERRITORIES)
        if to == origin["territory"]:
            to = near[0]
        move = {
            "action": "move",
            "faction": me,
            "from": origin["territory"],
            "to": to,
            "count": rnd.randint(0, origin["count"]),
            "special": rnd.randint(0, origin.get("special", 0)),
        }
        if move["count"] + move["special"] == 0:
            move["count"] = 1
        if rnd.random() < 0.25:
            move["zensunni_path"] = True
    elif kind == "ally":
        pair = rnd.sample(players, 2)
        move = {"action": "ally", "factions": pair}
        if rnd.random() < 0.3:
            move = {"action": "ally", "factions": pair[:1], "break": True}
    elif kind in ("bribe", "give"):
        if kind == "give" and rnd.random() < 0.7:
            me = "emperor"
            factions.setdefault(me, {"reserves": 5})
            if rnd.random() < 0.2:
                factions[me].pop("spice", None)
            players = list(dict.fromkeys([*players, me]))
        other = rnd.choice([p for p in players if p != me])
        if kind == "give" and rnd.random() < 0.7:
            raw["alliances"] = [[me, other]]
        move = {"action": kind, "faction": me, "to": other, "amount": rnd.randint(1, 8)}
    elif kind == "interject":
        choice = rnd.choice(["first", "last", "between", "swap", "take-position"])
        move = {"action": "interject", "faction": me, "choice": choice}
        if choice in ("between", "swap", "take-position"):
            others = [p for p in players if p != me]
            move["target"] = rnd.choice(others) if others and rnd.random() < 0.8 else rnd.choice(DR_FACTIONS)
        acted = [p for p in raw.get("acted_this_phase", []) if p != me or rnd.random() < 0.3]
        raw["acted_this_phase"] = acted
    else:
        move = {"action": "move-surveyor", "faction": me, "to": rnd.choice(TERRITORIES)}
        if "hidden_mobile_surveyor" not in raw or rnd.random() < 0.2:
            move["from"] = rnd.choice(SAND)
        if rnd.random() < 0.2:
            here = move.get("from") or raw["hidden_mobile_surveyor"]["territory"]
            move["via"] = [rnd.choice(sorted(BOARD.adjacent_territories(here)))]
    raw["move"] = move
    return raw


@pytest.mark.parametrize("kind", KINDS)
def test_generated_positions_agree_and_never_raise(kind: str) -> None:
    rnd = random.Random(f"dreamrules-{kind}")
    seen: set[str] = set()
    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True  # every applicable rule's form is asked on its own
    try:
        judged = 0
        while judged < PER_KIND:
            raw = draw(kind, rnd)
            try:
                pos = load_position(json.loads(json.dumps(raw)))
            except Exception as err:  # an input error of the generator's own making: draw again
                assert type(err).__name__ == "InputError", f"{err!r}\n{json.dumps(raw)}"
                continue
            judged += 1
            try:
                v = evaluate(pos, "dreamrules")
            except Disagreement as err:  # pragma: no cover - the failure this test exists for
                pytest.fail(f"{err}\nposition: {json.dumps(raw)}")
            except Exception as err:  # a kind's own input check (InputError) is a usable answer too
                assert type(err).__name__ == "InputError", f"{err!r}\n{json.dumps(raw)}"
                continue
            assert v.verdict in ("legal", "illegal", "unresolved"), (v.verdict, json.dumps(raw))
            if v.verdict == "illegal":
                assert v.forbidding() and v.minimal_reason
            elif v.verdict == "legal":
                assert not v.forbidding()
            else:
                assert v.reason
            json.dumps(v.as_json())
            seen.add(v.verdict)
    finally:
        engine.VERIFY_EVERY_RULE = verify
    expected = {"legal", "illegal", "unresolved"}
    assert seen == expected, f"{kind}: only {sorted(seen)} reached"


@pytest.mark.parametrize(
    ("storm", "to", "to_sector", "said"),
    [
        # the plain way is one sector over, but the storm (sector 9) lies between: the storm-free path decides
        (9, "Imperial Basin", 8, "the shortest path clear of the storm (sector 9) enters 3 territories and its range"),
        # the storm far away: the plain path is too long, counted with its noun's number
        (15, "Cielago North", None, "it needs 2 territories and its range is 1"),
    ],
)
def test_a_range_refusal_states_the_length_of_the_path_that_decides(
    storm: int, to: str, to_sector: int | None, said: str
) -> None:
    move: dict[str, Any] = {"action": "move", "faction": "harkonnen", "count": 3, "from": "Imperial Basin"}
    move.update({"from_sector": 10, "to": to, **({"sector": to_sector} if to_sector else {})})
    raw = base(
        advanced=True,
        storm=storm,
        factions={"harkonnen": {"spice": 10}, "atreides": {"spice": 5}},
        forces=[{"faction": "harkonnen", "territory": "Imperial Basin", "sector": 10, "count": 3}],
        move=move,
    )
    v = verdict(raw)
    assert v.verdict == "illegal"
    message = next(f.message for f in v.findings if f.rule.id == "dreamrules.movement.range")
    assert said in message and "1 territories" not in message
