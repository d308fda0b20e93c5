"""The Dice Game carried forward (issue 18): a legal ship, move, recruit, fortify or Sandstorm move applied as its
verdict's outcome says; an illegal move not applied; a variant whose consequences the outcome does not give
answered unresolved, not guessed; a Dice Game record replayed."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.game import Applied, Refused, apply, read_record, replay
from checker.positions import load_position
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "dice"
ROUND_TWO = {"ruleset": "dice", "round": 2, "sandstorm": "Jacurutu"}


def _applied(data: dict[str, Any]) -> dict[str, Any]:
    """The position after the move, which loads and checks valid (no move)."""
    result = apply(copy.deepcopy(data))
    assert isinstance(result, Applied), result.verdict.reason or result.verdict.forbidding()
    after = result.data
    assert "move" not in after
    v = check(load_position(copy.deepcopy(after)))
    assert v.verdict == "legal", v.reason or v.forbidding()
    return after


def _where(after: dict[str, Any]) -> dict[tuple[str, str], int]:
    return {(t["faction"], t["region"]): t["count"] for t in after.get("troops", [])}


def _case(name: str) -> dict[str, Any]:
    data = parse_yaml((CASES / f"{name}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("case", "rule"),
    [
        ("ship-sandstorm", "dice.ship.sandstorm"),
        ("move-not-adjacent", "dice.move.adjacent"),
        ("recruit-supply-short", "dice.recruit.supply"),
        ("fortify-not-controlled", "dice.fortify.control"),
        ("sandstorm-not-adjacent", "dice.sandstorm.adjacent"),
    ],
)
def test_an_illegal_dice_move_is_not_applied(case: str, rule: str) -> None:
    result = apply(_case(case), str(CASES / f"{case}.yaml"))
    assert isinstance(result, Refused) and result.verdict.verdict == "illegal"
    assert rule in result.verdict.forbidding()


@pytest.mark.parametrize(
    ("case", "why"),
    [
        ("ship-reassign", "re-assigns the Re-Assign die"),  # its new face on the Ship slot is the player's choice
        ("move-second-reassign", "re-assigns the Re-Assign die"),
        ("fortify-reassign", "re-assigns the Re-Assign die"),
    ],
)
def test_a_reassigned_die_is_unresolved_not_guessed(case: str, why: str) -> None:
    result = apply(_case(case), str(CASES / f"{case}.yaml"))
    assert isinstance(result, Refused) and result.verdict.verdict == "unresolved"
    assert why in result.verdict.reason and "would be a guess" in result.verdict.reason


def test_ship_moves_troops_from_the_board_to_the_region() -> None:
    after = _applied(
        {
            **ROUND_TWO,
            "step": "ship",
            "factions": {"atreides": {"board_troops": 3}},
            "troops": [{"faction": "atreides", "region": "Arrakeen", "count": 1}],
            "move": {"action": "ship", "faction": "atreides", "count": 2, "to": "Arrakeen"},
        }
    )
    assert after["factions"]["atreides"]["board_troops"] == 1
    assert _where(after) == {("atreides", "Arrakeen"): 3}
    assert after["sandstorm"] == "Jacurutu" and after["step"] == "ship"  # nothing the move does not say changes


def test_ship_into_an_allys_region_keeps_its_token_with_the_ally() -> None:
    """The file leaves the token's controller out (the Fremen, alone there); after the shipment two Factions share
    the Region, so the controller is written out rather than left for the reader to wonder."""
    after = _applied(
        {
            **ROUND_TWO,
            "step": "ship",
            "alliances": [["atreides", "fremen"]],
            "factions": {"atreides": {"board_troops": 2}},
            "troops": [{"faction": "fremen", "region": "Sietch Tabr", "count": 2}],
            "fortifications": [{"region": "Sietch Tabr"}],
            "move": {"action": "ship", "faction": "atreides", "count": 2, "to": "Sietch Tabr", "ally_consents": True},
        }
    )
    assert _where(after) == {("fremen", "Sietch Tabr"): 2, ("atreides", "Sietch Tabr"): 2}
    assert after["fortifications"] == [{"region": "Sietch Tabr", "controller": "fremen"}]
    assert after["factions"]["atreides"]["board_troops"] == 0


def test_move_takes_troops_out_of_each_region_into_the_target() -> None:
    after = _applied(
        {
            **ROUND_TWO,
            "step": "move",
            "troops": [
                {"faction": "atreides", "region": "Arrakeen", "count": 3},
                {"faction": "atreides", "region": "Great Flat", "count": 2},
                {"faction": "atreides", "region": "Carthag", "count": 1},
            ],
            "move": {
                "action": "move",
                "faction": "atreides",
                "to": "Carthag",
                "from": {"Arrakeen": 2, "Great Flat": 2},
            },
        }
    )
    assert _where(after) == {("atreides", "Arrakeen"): 1, ("atreides", "Carthag"): 5}  # Great Flat left empty


@pytest.mark.parametrize(
    ("tokens", "why"),
    [
        ([{"region": "Arrakeen", "controller": "atreides"}], "leaves Atreides's token in Arrakeen without its Troops"),
        ([{"region": "Carthag", "controller": "none"}], "who takes the uncontrolled token in Carthag"),
    ],
)
def test_a_move_that_changes_a_tokens_control_is_unresolved(tokens: list[dict[str, Any]], why: str) -> None:
    """dice:157-159: the outcome does not say what becomes of a token whose controller leaves, or who takes an
    uncontrolled one."""
    result = apply(
        {
            **ROUND_TWO,
            "step": "move",
            "troops": [{"faction": "atreides", "region": "Arrakeen", "count": 2}],
            "fortifications": tokens,
            "move": {"action": "move", "faction": "atreides", "to": "Carthag", "from": {"Arrakeen": 2}},
        }
    )
    assert isinstance(result, Refused) and result.verdict.verdict == "unresolved"
    assert why in result.verdict.reason


def test_recruit_fills_the_board_from_supply_and_map() -> None:
    after = _applied(
        {
            **ROUND_TWO,
            "step": "recruit",
            "sandstorm": "Carthag",
            "factions": {
                "harkonnen": {
                    "dice": {"recruit": 3},
                    "slot_faces": {"recruit": "?"},
                    "recruit_base": 2,
                    "recruit_per_die": 1,
                    "supply": 4,
                    "board_troops": 0,
                    "leader": 0,
                }
            },
            "troops": [{"faction": "harkonnen", "region": "Arrakeen", "count": 2}],
            "move": {
                "action": "recruit",
                "faction": "harkonnen",
                "troops": 2,
                "leader": 1,
                "from_map": {"Arrakeen": 1},
            },
        }
    )
    me = after["factions"]["harkonnen"]
    # 2 Troops (1 from the supply, 1 from Arrakeen) and a Leader to the board
    assert (me["board_troops"], me["leader"], me["supply"]) == (2, 1, 3)
    assert me["dice"] == {"recruit": 3}  # the die stays on its slot: the text does not say it is used
    assert _where(after) == {("harkonnen", "Arrakeen"): 1}


def test_recruit_whose_verdict_is_unresolved_is_not_applied() -> None:
    result = apply(
        {
            **ROUND_TWO,
            "step": "recruit",
            "factions": {"harkonnen": {"dice": {"recruit": 3}, "recruit_base": 2, "recruit_per_die": 1, "supply": 4}},
            "move": {"action": "recruit", "faction": "harkonnen", "troops": 1, "leader": 1},
        }
    )
    assert isinstance(result, Refused) and result.verdict.verdict == "unresolved"
    assert "factions.harkonnen.leader" in result.verdict.reason


def _fortify(tokens: list[dict[str, Any]]) -> dict[str, Any]:
    return _applied(
        {
            **ROUND_TWO,
            "step": "fortify",
            "turn_order": ["atreides", "harkonnen", "fremen"],
            "factions": {
                "harkonnen": {
                    "dice": {"fortify": 3},
                    "slot_faces": {"fortify": [3, 4]},
                    "fortify_base": 0,
                    "fortify_per_die": 1,
                }
            },
            "troops": [
                {"faction": "harkonnen", "region": "Great Flat", "count": 2},
                {"faction": "fremen", "region": "Great Flat", "count": 1},
            ],
            "fortifications": tokens,
            "move": {"action": "fortify", "faction": "harkonnen", "region": "Great Flat"},
        }
    )


def test_fortify_places_a_token_then_flips_it() -> None:
    placed = _fortify([])
    assert placed["fortifications"] == [{"region": "Great Flat", "kind": "fortification", "controller": "harkonnen"}]
    assert _where(placed) == {("harkonnen", "Great Flat"): 2, ("fremen", "Great Flat"): 1}  # its Troop sits on it
    flipped = _fortify(placed["fortifications"])
    assert flipped["fortifications"] == [{"region": "Great Flat", "kind": "stronghold", "controller": "harkonnen"}]


def test_fortify_an_uncontrolled_token_gives_it_to_the_outcomes_controller() -> None:
    """dice:158: Harkonnen, first in Turn Order of those in Great Flat, takes the token; the outcome says so."""
    after = _fortify([{"region": "Great Flat", "controller": "none"}])
    assert after["fortifications"] == [{"region": "Great Flat", "kind": "stronghold", "controller": "harkonnen"}]


def test_sandstorm_moves_and_kills_as_its_outcome_says() -> None:
    after = _applied(
        {
            **ROUND_TWO,
            "step": "sandstorm",
            "sandstorm": "Carthag",
            "factions": {"spacing-guild": {"cards": ["sandstorm"]}, "corrino": {"supply": 5}},
            "alliances": [["atreides", "harkonnen"]],
            "troops": [
                {"faction": "atreides", "region": "Arrakeen", "count": 3},
                {"faction": "harkonnen", "region": "Arrakeen", "count": 2},
                {"faction": "corrino", "region": "Arrakeen", "count": 4},
            ],
            "fortifications": [{"region": "Arrakeen", "controller": "atreides"}],
            "move": {"action": "sandstorm", "to": "Arrakeen", "faction": "spacing-guild", "sheltered": ["harkonnen"]},
        }
    )
    assert after["sandstorm"] == "Arrakeen"
    # Atreides' token shelters them and their ally; Corrino loses 2 Troops, back to its supply
    assert _where(after) == {("atreides", "Arrakeen"): 3, ("harkonnen", "Arrakeen"): 2, ("corrino", "Arrakeen"): 2}
    assert after["factions"]["corrino"]["supply"] == 7
    assert after["factions"]["spacing-guild"]["cards"] == ["sandstorm"]


def test_a_dice_record_replays_to_its_end() -> None:
    steps = list(replay(read_record(ROOT / "cases" / "games" / "dice-round" / "record.yaml")))
    assert all(isinstance(s.result, Applied) for s in steps), [
        (s.number, s.result.verdict.verdict, s.result.verdict.reason) for s in steps
    ]
    assert len(steps) == 5
    last = steps[-1].result
    assert isinstance(last, Applied)
    after = last.data
    # Harkonnen: 3 + 2 shipped in Carthag, 3 moved on to Arrakeen and fortified; the Sandstorm kills the 2 left
    assert _where(after) == {("harkonnen", "Arrakeen"): 3, ("atreides", "Sietch Tabr"): 3}
    assert after["fortifications"] == [{"region": "Arrakeen", "kind": "fortification", "controller": "harkonnen"}]
    harkonnen = after["factions"]["harkonnen"]
    assert (harkonnen["board_troops"], harkonnen["supply"]) == (0, 7) and after["sandstorm"] == "Carthag"
    assert check(load_position(copy.deepcopy(after))).verdict == "legal"


def test_a_mutated_dice_record_stops_at_the_changed_move() -> None:
    record = read_record(ROOT / "cases" / "games" / "dice-round" / "record.yaml")
    record.moves[2] = {**record.moves[2], "to": "Great Flat"}  # a move into the Sandstorm's Region
    steps = list(replay(record))
    assert len(steps) == 3 and isinstance(steps[-1].result, Refused)
    assert steps[-1].result.verdict.verdict == "illegal"
    assert "dice.move.into-sandstorm" in steps[-1].result.verdict.forbidding()
