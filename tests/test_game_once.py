"""The once-a-turn and once-a-phase limits a game record decides: the transition of the move that uses one writes it
into the position (``shipped_this_phase``, ``made_ordinary_move``, ``thumper_used_this_turn``,
``revived_this_turn``), the end of the phase or turn that bounds it clears it, and a second use replays as illegal,
citing the rule that limits it. A lone position that does not give the key is judged as before."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.arrakis.kinds.phase import after_data
from checker.arrakis.position import BATTLE, SHIPMENT_AND_MOVEMENT, STORM
from checker.game import Applied, Refused, Step, read_record, record_from_data, replay
from checker.positions import load_position

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "cases" / "games"

FORCES = [
    {"faction": "atreides", "territory": "Arrakeen", "count": 10},
    {"faction": "harkonnen", "territory": "Carthag", "count": 10},
]


def _start(ruleset: str = "gf9", phase: str = "shipment-and-movement", history: bool = True, **more: Any) -> dict:
    start: dict[str, Any] = {
        "ruleset": ruleset,
        "players": 2,
        "turn": 2,
        "phase": phase,
        "storm": 3,
        "shield_wall": "standing",
        "factions": {
            "atreides": {"spice": 10, "reserves": 10, "tanks": 0},
            "harkonnen": {"spice": 10, "reserves": 10, "tanks": 0},
        },
        "forces": copy.deepcopy(FORCES),
    }
    if ruleset == "dreamrules":
        start["advanced"] = True
    if history:
        start["this_phase"] = []
    start.update(more)
    return start


def _replay(start: dict[str, Any], moves: list[dict[str, Any]]) -> list[Step]:
    return list(replay(record_from_data({"record": 1, "start": start, "moves": moves})))


def _stops(steps: list[Step], number: int, rule: str) -> None:
    """The replay stops at move ``number`` (every move before it applied), illegal, the rule among those forbidding."""
    *before, last = steps
    assert all(isinstance(s.result, Applied) for s in before), [s.result.verdict.reason for s in before]
    assert last.number == number and isinstance(last.result, Refused)
    v = last.result.verdict
    assert v.verdict == "illegal", (v.verdict, v.reason)
    assert rule in v.forbidding(), v.forbidding()


def _clean(steps: list[Step], moves: int) -> dict[str, Any]:
    """Every move applied; the position after the last, valid."""
    assert len(steps) == moves and all(isinstance(s.result, Applied) for s in steps), [
        (s.number, s.result.verdict.verdict, s.result.verdict.reason) for s in steps
    ]
    last = steps[-1].result
    assert isinstance(last, Applied)
    assert check(load_position(copy.deepcopy(last.data))).verdict == "legal"
    return last.data


SHIP = {"action": "ship", "faction": "atreides", "count": 3, "to": "The Great Flat"}
SHIP_AGAIN = {"action": "ship", "faction": "atreides", "count": 1, "to": "Arrakeen"}
MOVE = {"action": "move", "faction": "atreides", "from": "Arrakeen", "to": "Imperial Basin", "count": 4}
MOVE_AGAIN = {"action": "move", "faction": "atreides", "from": "Arrakeen", "to": "Imperial Basin", "count": 1}


# -- one shipment, then one movement (gf9:201; dreamrules:392) --------------------------------------------------


@pytest.mark.parametrize("ruleset", ["gf9", "overview", "dreamrules"])
@pytest.mark.parametrize("history", [True, False], ids=["this_phase", "no-history"])
def test_a_second_shipment_stops_the_record(ruleset: str, history: bool) -> None:
    """With the phase's history from the start, or without it (the record's own first shipment is known), the
    second shipment is illegal: gf9.shipment.one-turn (gf9:201)."""
    _stops(_replay(_start(ruleset, history=history), [SHIP, SHIP_AGAIN]), 2, "gf9.shipment.one-turn")


@pytest.mark.parametrize("history", [True, False], ids=["this_phase", "no-history"])
def test_a_shipment_after_the_factions_movement_stops_the_record(history: bool) -> None:
    _stops(_replay(_start(history=history), [SHIP, MOVE, SHIP_AGAIN]), 3, "gf9.shipment.one-turn")


@pytest.mark.parametrize(
    ("ruleset", "rule"),
    [
        ("gf9", "gf9.movement.one-turn"),
        ("overview", "gf9.movement.one-turn"),
        ("dreamrules", "dreamrules.movement.one-move"),
    ],
)
@pytest.mark.parametrize("history", [True, False], ids=["this_phase", "no-history"])
def test_a_second_movement_stops_the_record(ruleset: str, rule: str, history: bool) -> None:
    _stops(_replay(_start(ruleset, history=history), [SHIP, MOVE, MOVE_AGAIN]), 3, rule)


@pytest.mark.parametrize("ruleset", ["gf9", "overview", "dreamrules"])
def test_one_shipment_and_one_movement_each_replay_and_are_written(ruleset: str) -> None:
    harkonnen = [
        {"action": "ship", "faction": "harkonnen", "count": 2, "to": "Carthag"},
        {"action": "move", "faction": "harkonnen", "from": "Carthag", "to": "Tsimpo", "count": 5},
    ]
    after = _clean(_replay(_start(ruleset), [SHIP, MOVE, *harkonnen]), 4)
    for faction in ("atreides", "harkonnen"):
        state = after["factions"][faction]
        assert state["shipped_this_phase"] is True and state["made_ordinary_move"] is True
    assert after["this_phase"] == [
        "shipped: atreides",
        "moved: atreides",
        "shipped: harkonnen",
        "moved: harkonnen",
    ]


def test_the_shipment_and_movement_keys_end_with_the_phase() -> None:
    data = _clean(_replay(_start(), [SHIP, MOVE]), 2)
    out, cleared = after_data(load_position(copy.deepcopy(data)), data, BATTLE)
    assert "shipped_this_phase" not in out["factions"]["atreides"]
    assert "made_ordinary_move" not in out["factions"]["atreides"]
    assert {"factions.atreides.shipped_this_phase", "factions.atreides.made_ordinary_move"} <= set(cleared)


def test_a_lone_shipment_without_history_is_judged_as_before() -> None:
    """No history, no key: whether the faction shipped before is not known, and the shipment is judged on its own."""
    data = {**_start(history=False), "move": SHIP}
    v = check(load_position(data))
    assert v.verdict == "legal" and "gf9.shipment.one-turn" not in [f.rule.id for f in v.findings]


# -- one Thumper a turn (dreamrules:268) --------------------------------------------------------------------------

THUMPER = {"action": "thumper", "faction": "fremen", "territory": "Cielago North"}


def _thumper_start(**fremen: Any) -> dict[str, Any]:
    return {
        "ruleset": "dreamrules",
        "players": 2,
        "turn": 5,
        "phase": "spice-blow",
        "storm": 10,
        "this_phase": [],
        "factions": {
            "fremen": {"spice": 3, "thumpers": 2, "reserves": 10, "tanks": 0, **fremen},
            "harkonnen": {"spice": 5, "reserves": 10, "tanks": 0},
        },
        "spice": [],
        "forces": [
            {"faction": "fremen", "territory": "Cielago North", "sector": 2, "count": 3},
            {"faction": "harkonnen", "territory": "Carthag", "count": 10},
        ],
    }


def test_a_second_thumper_in_one_turn_stops_the_record() -> None:
    _stops(_replay(_thumper_start(), [THUMPER, THUMPER]), 2, "dreamrules.blow.thumper-once")


def test_the_first_thumper_replays_and_is_written() -> None:
    after = _clean(_replay(_thumper_start(), [THUMPER]), 1)
    assert after["factions"]["fremen"]["thumpers"] == 1
    assert after["factions"]["fremen"]["thumper_used_this_turn"] is True


def test_a_new_turn_has_used_no_thumper() -> None:
    """At the Mentat Pause's end the turn's Thumper is forgotten: the next turn has used none (known, not unknown)."""
    data = _thumper_start(thumpers=1, thumper_used_this_turn=True)
    data["phase"] = "mentat-pause"
    out, cleared = after_data(load_position(copy.deepcopy(data)), data, STORM)
    assert out["turn"] == 6 and out["factions"]["fremen"]["thumper_used_this_turn"] is False
    assert "factions.fremen.thumper_used_this_turn" in cleared
    out["phase"] = "spice-blow"
    v = check(load_position({**out, "move": THUMPER}))
    assert v.verdict == "legal", (v.reason, v.forbidding())


def test_a_lone_thumper_with_one_left_and_no_history_stays_unresolved() -> None:
    data = {**_thumper_start(thumpers=1), "move": THUMPER}
    v = check(load_position(data))
    assert v.verdict == "unresolved" and "dreamrules.blow.thumper-once" in v.reason


# -- revival: three forces, one Fedaykin or Sardaukar, one leader a turn (gf9:179, 185, 191; overview:53;
# dreamrules:370, 378, 386) ----------------------------------------------------------------------------------------

ATREIDES_LEADERS = ["Thufir Hawat", "Lady Jessica", "Gurney Halleck", "Duncan Idaho", "Dr. Wellington Yueh"]


def _revival_start(ruleset: str = "gf9", history: bool = True, advanced: bool = True) -> dict[str, Any]:
    start = _start(ruleset, phase="revival", history=history)
    start["advanced"] = advanced or ruleset == "dreamrules"
    start["factions"] = {
        "atreides": {
            "spice": 10,
            "reserves": 5,
            "tanks": 5,
            "leaders_in_tanks": list(ATREIDES_LEADERS),
            "leaders_face_down": [],
        },
        "emperor": {"spice": 10, "reserves": 5, "tanks": 2},
    }
    if start["advanced"]:
        start["factions"]["emperor"] |= {"reserves_special": 2, "tanks_special": 2}
    start["forces"] = [
        {"faction": "atreides", "territory": "Arrakeen", "count": 10},
        {"faction": "emperor", "territory": "Carthag", "count": 5, **({"special": 1} if start["advanced"] else {})},
    ]
    return start


def _revive(faction: str = "atreides", count: int = 0, **more: Any) -> dict[str, Any]:
    return {"action": "revive", "faction": faction, "count": count, **more}


@pytest.mark.parametrize(
    ("ruleset", "rule"),
    [("gf9", "gf9.revival.limit"), ("overview", "overview.revival.limit"), ("dreamrules", "dreamrules.revival.limit")],
)
@pytest.mark.parametrize("history", [True, False], ids=["this_phase", "no-history"])
def test_a_second_revival_beyond_three_stops_the_record(ruleset: str, rule: str, history: bool) -> None:
    start = _revival_start(ruleset, history=history, advanced=ruleset != "overview")
    _stops(_replay(start, [_revive(count=2), _revive(count=2)]), 2, rule)


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("gf9", "gf9.revival.special-one"), ("dreamrules", "dreamrules.revival.special-one")]
)
def test_a_second_sardaukar_in_one_turn_stops_the_record(ruleset: str, rule: str) -> None:
    moves = [_revive("emperor", special=1), _revive("emperor", special=1)]
    _stops(_replay(_revival_start(ruleset), moves), 2, rule)


@pytest.mark.parametrize(
    ("ruleset", "rule"), [("gf9", "gf9.revival.leader-one"), ("overview", "overview.revival.leader-one")]
)
def test_a_second_leader_in_one_turn_stops_the_record(ruleset: str, rule: str) -> None:
    moves = [_revive(leader="Duncan Idaho"), _revive(leader="Gurney Halleck")]
    _stops(_replay(_revival_start(ruleset, advanced=ruleset != "overview"), moves), 2, rule)


def test_the_first_revival_replays_and_is_written_then_forgotten_with_the_turn() -> None:
    moves = [_revive(count=3, leader="Duncan Idaho"), _revive("emperor", special=1)]
    after = _clean(_replay(_revival_start(), moves), 2)
    assert after["factions"]["atreides"]["revived_this_turn"] == {"forces": 3, "leaders": 1}
    assert after["factions"]["emperor"]["revived_this_turn"] == {"forces": 1, "special": 1}
    data = {**after, "phase": "mentat-pause"}
    out, cleared = after_data(load_position(copy.deepcopy(data)), data, STORM)
    assert "revived_this_turn" not in out["factions"]["atreides"] and out["turn"] == 3
    assert "factions.emperor.revived_this_turn" in cleared
    # within the turn, the Shipment and Movement phase keeps it
    kept, _ = after_data(load_position(copy.deepcopy(after)), after, SHIPMENT_AND_MOVEMENT)
    assert kept["factions"]["atreides"]["revived_this_turn"] == {"forces": 3, "leaders": 1}


def test_a_second_revival_within_three_is_unresolved_its_price_not_counted() -> None:
    """Two forces, then one more: within the limit, but the free allowance is the turn's; Mentat does not count the
    free revivals used before, so it does not guess the price."""
    steps = _replay(_revival_start(), [_revive(count=2), _revive(count=1)])
    assert isinstance(steps[0].result, Applied) and isinstance(steps[1].result, Refused)
    v = steps[1].result.verdict
    assert v.verdict == "unresolved" and "gf9.revival.free-used" in v.reason


def test_a_leader_revived_after_the_forces_in_a_second_move_replays() -> None:
    """The phase's history known, the turn's revivals are judged: a leader after the forces, apart from them
    (gf9:189), is legal, and so carried."""
    after = _clean(_replay(_revival_start(), [_revive(count=2), _revive(leader="Duncan Idaho")]), 2)
    assert after["factions"]["atreides"]["revived_this_turn"] == {"forces": 2, "leaders": 1}
    assert after["factions"]["atreides"]["spice"] == 10 - 2  # the forces free, Duncan Idaho at his strength


def test_the_mutant_that_revives_a_fourth_force_stops_at_it() -> None:
    steps = list(replay(read_record(GAMES / "gf9-basic-game" / "mutant-second-revival.yaml")))
    _stops(steps, 31, "gf9.revival.limit")
    before = steps[-1].before["factions"]["atreides"]
    assert before["revived_this_turn"] == {"forces": 3}
