"""The Dice Game carried forward (issue 18): a legal ship, move, recruit, fortify, Sandstorm, Kanly, Alliance or Combat
move applied as its verdict's outcome says, the round's steps, its end and the dice top-up carried on; an illegal
move not applied; a variant whose consequences the outcome does not give answered unresolved, not guessed; Dice
Game records replayed."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.game import Applied, Refused, apply, read_record, record_from_data, replay
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


def test_recruit_with_the_board_not_given_says_the_board_stays_unknown() -> None:
    """dice:124: the Troops recruited go to the Faction board; where the position does not count the board, it stays
    unknown, and a note says how many went there (the supply they left is written)."""
    state = {"recruit_base": 3, "supply": 6, "leader": 0}
    data = {**ROUND_TWO, "step": "recruit", "factions": {"fremen": state}}
    result = apply({**data, "move": {"action": "recruit", "faction": "fremen", "troops": 3}})
    assert isinstance(result, Applied)
    me = result.data["factions"]["fremen"]
    assert "board_troops" not in me and me["supply"] == 3
    assert (
        "Fremen's board_troops stays unknown: the position did not give it, and 3 more Troops went to its Faction "
        "board (dice:124)" in result.notes
    )
    known = apply({**data, "factions": {"fremen": {**state, "board_troops": 0}}, "move": {"action": "recruit",
                   "faction": "fremen", "troops": 3}})  # fmt: skip
    assert isinstance(known, Applied) and known.data["factions"]["fremen"]["board_troops"] == 3
    assert not any("stays unknown" in n for n in known.notes)


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


# -- Kanly, Alliances and Combat carried forward -------------------------------------------------------------

KANLY_CHART = {
    "plot": [1, 2],
    "assassinate": [3, 4],
    "steal-sandstorm": [5],
    "steal-turn-order": [5],
    "steal-landsraad": [6],
    "shipping-authority": [2],
}
CHART = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2}


def _refused(data: dict[str, Any], source: str | None = None) -> Any:
    result = apply(copy.deepcopy(data), source)
    assert isinstance(result, Refused)
    return result.verdict


def test_assassinate_returns_the_troop_and_uses_the_die() -> None:
    after = _applied(
        {
            **ROUND_TWO,
            "step": "kanly",
            "common_dice": 5,
            "factions": {
                "atreides": {
                    "dice": {"harkonnen": 3, "ship": 2},
                    "kanly_chart": KANLY_CHART,
                    "personal_dice": 1,
                    "bonus_slots": ["harkonnen"],
                    "slot_faces": {"ship": "?"},
                },
                "harkonnen": {"supply": 4, "cards": []},
            },
            "troops": [{"faction": "harkonnen", "region": "Carthag", "count": 2}],
            "move": {
                "action": "kanly",
                "faction": "atreides",
                "kanly_action": "assassinate",
                "target": "harkonnen",
                "region": "Carthag",
            },
        }
    )
    assert _where(after) == {("harkonnen", "Carthag"): 1}
    assert after["factions"]["harkonnen"]["supply"] == 5  # dice:114: back to its owner's supply
    me = after["factions"]["atreides"]
    # the target die used (dice:87, 103), and a bonus die from the common supply for its bonus-die slot (dice:85)
    assert me["dice"] == {"ship": 2} and me["personal_dice"] == 1 + 1 + 1 and after["common_dice"] == 4


def test_plot_takes_a_protection_card() -> None:
    after = _applied(
        {
            **ROUND_TWO,
            "step": "kanly",
            "factions": {
                "atreides": {"dice": {"fremen": 1}, "kanly_chart": KANLY_CHART, "cards": []},
                "fremen": {"cards": ["protection", "protection"]},
            },
            "move": {"action": "kanly", "faction": "atreides", "kanly_action": "plot", "target": "fremen"},
        }
    )
    assert after["factions"]["atreides"]["cards"] == ["protection"]
    assert after["factions"]["fremen"]["cards"] == ["protection"]
    assert after["factions"]["atreides"]["dice"] == {}  # its one die used: none on its slots, and that is known


def test_shipping_authority_destroys_the_ship_die_into_the_common_supply() -> None:
    after = _applied(
        {
            **ROUND_TWO,
            "step": "kanly",
            "common_dice": 3,
            "factions": {
                "spacing-guild": {
                    "dice": {"harkonnen": 2},
                    "kanly_chart": KANLY_CHART,
                    "personal_dice": 0,
                    "bonus_slots": [],
                },
                "harkonnen": {
                    "dice": {"ship": 4, "move": 3},
                    "personal_dice": 0,
                    "bonus_slots": [],
                    "slot_faces": {"ship": "?", "move": "?"},
                },
            },
            "move": {
                "action": "kanly",
                "faction": "spacing-guild",
                "kanly_action": "shipping-authority",
                "target": "harkonnen",
            },
        }
    )
    assert (
        after["factions"]["harkonnen"]["dice"] == {"move": 3} and after["factions"]["harkonnen"]["personal_dice"] == 0
    )
    assert after["common_dice"] == 4 and after["factions"]["spacing-guild"]["personal_dice"] == 1


@pytest.mark.parametrize(
    ("case", "why"),
    [
        ("kanly-landsraad-paid", "is the player's choice (dice:88, 190)"),  # which dice the thief destroys
        ("combat-harkonnen-wins", "which of Harkonnen's Combat dice killed"),  # a 3 and a 6 against 2 Troops sent
        ("alliance-proposed", "give it in move.placed"),  # where each re-assigned die goes (dice:101)
    ],
)
def test_a_choice_the_outcome_does_not_give_is_unresolved(case: str, why: str) -> None:
    v = _refused(_case(case), str(CASES / f"{case}.yaml"))
    assert v.verdict == "unresolved" and why in v.reason and "would be a guess" in v.reason


@pytest.mark.parametrize(
    ("case", "rule"),
    [
        ("kanly-no-die", "dice.kanly.die-on-slot"),
        ("alliance-self", "dice.alliance.another-player"),
        ("combat-sent-too-many", "dice.combat.sent-within"),
    ],
)
def test_an_illegal_kanly_alliance_or_combat_is_not_applied(case: str, rule: str) -> None:
    v = _refused(_case(case), str(CASES / f"{case}.yaml"))
    assert v.verdict == "illegal" and rule in v.forbidding()


def test_an_accepted_alliance_places_the_reassigned_dice_and_gains_the_bonus() -> None:
    case = _case("alliance-proposed")
    case["common_dice"] = 2
    case["factions"]["harkonnen"].update(personal_dice=0, slot_faces={"move": "?", "ship": "?"})
    case["factions"]["fremen"].update(personal_dice=0, slot_faces={"move": "?", "recruit": [2, 3]})
    case["factions"]["atreides"]["slot_faces"] = {"combat": "?"}
    case["move"]["placed"] = [
        {"faction": "harkonnen", "slot": "move", "face": 6},
        {"faction": "fremen", "slot": "recruit", "face": 3},
    ]
    after = _applied(case)
    assert after["alliances"] == [["harkonnen", "fremen"]]
    assert after["factions"]["harkonnen"]["dice"] == {"ship": 2, "move": 6}
    assert after["factions"]["fremen"]["dice"] == {"move": 6, "recruit": 3}
    # the Fremen's Harkonnen slot carries the bonus-die symbol: one die from the common supply (dice:85, 101)
    assert after["factions"]["fremen"]["personal_dice"] == 1 and after["common_dice"] == 1
    assert after["factions"]["harkonnen"]["personal_dice"] == 0


def test_a_reassigned_die_on_a_slot_the_rules_forbid_is_not_carried() -> None:
    case = _case("alliance-proposed")
    case["factions"]["harkonnen"].update(slot_faces={"move": [1, 2], "ship": "?"})
    case["factions"]["fremen"]["slot_faces"] = {"move": "?", "recruit": "?"}
    case["factions"]["atreides"]["slot_faces"] = {"combat": "?"}
    case["move"]["placed"] = [
        {"faction": "harkonnen", "slot": "move", "face": 6},  # the Move slot shows 1 and 2 (dice:80)
        {"faction": "fremen", "slot": "recruit", "face": 3},
    ]
    v = _refused(case)
    assert v.verdict == "unresolved" and "dice.round.slot-faces" in v.reason


def _combat(**extra: Any) -> dict[str, Any]:
    return {
        **ROUND_TWO,
        "step": "combat",
        "turn_order": ["harkonnen", "atreides"],
        "factions": {
            "harkonnen": {
                "leader": 1,
                "supply": 5,
                "dice": {"combat": [3, 2]},
                "combat_chart": CHART,
                "personal_dice": 0,
                "bonus_slots": [],
            },
            "atreides": {
                "leader": 2,
                "supply": 6,
                "dice": {"combat": [1]},
                "combat_chart": CHART,
                "personal_dice": 2,
                "bonus_slots": [],
            },
        },
        "troops": [
            {"faction": "harkonnen", "region": "Arrakeen", "count": 4},
            {"faction": "atreides", "region": "Arrakeen", "count": 3},
        ],
        "fortifications": [{"region": "Arrakeen", "kind": "fortification", "controller": "atreides"}],
        "move": {
            "action": "combat",
            "faction": "harkonnen",
            "region": "Arrakeen",
            "sent": {"harkonnen": 3, "atreides": 2},
            "leaders_sent": {"harkonnen": 1},
            "rolls": {"harkonnen": [5, 2], "atreides": [1]},
            **extra,
        },
    }


def test_combat_leaves_the_region_as_its_outcome_says() -> None:
    """Harkonnen (3 Troops + Baron Vladimir 4, one Kill die) beat Atreides' 2: every Troop sent goes to its
    supply, the losing side's kept-back Troop too; the winner's one kept back stays and takes the token."""
    after = _applied(_combat())
    assert _where(after) == {("harkonnen", "Arrakeen"): 1}
    h, a = after["factions"]["harkonnen"], after["factions"]["atreides"]
    assert (h["supply"], a["supply"]) == (5 + 3, 6 + 3)  # 7 Troops left Arrakeen, each to its owner's supply
    assert (h["leader"], a["leader"]) == (0, 2)  # the Baron discarded; Atreides sent no Leader
    # the 5 killed: to the personal supply; the 2 killed nothing: back on its slot as it fell (dice:147)
    assert h["dice"] == {"combat": 2} and h["personal_dice"] == 1
    assert a["dice"] == {"combat": 1} and a["personal_dice"] == 2
    assert after["fortifications"] == [{"region": "Arrakeen", "kind": "fortification", "controller": "harkonnen"}]


def test_evacuated_troops_go_to_their_owners_board() -> None:
    data = _combat(evacuated={"atreides": 2})
    data["factions"]["spacing-guild"] = {"leader": 1, "supply": 9}
    data["factions"]["atreides"]["board_troops"] = 0
    data["turn_order"] = ["harkonnen", "atreides", "spacing-guild"]
    after = _applied(data)
    a = after["factions"]["atreides"]
    assert (a["supply"], a["board_troops"]) == (6 + 3 - 2, 2)  # dice:233


# -- the round carried forward -----------------------------------------------------------------------------------

GAME = ROOT / "cases" / "games" / "dice-game"


def test_the_sandstorm_move_ends_its_step_and_the_round_names_the_winner() -> None:
    result = apply(
        {
            **ROUND_TWO,
            "step": "sandstorm",
            "sandstorm": "Carthag",
            "factions": {"atreides": {"cards": ["sandstorm"]}, "harkonnen": {}},
            "troops": [
                {"faction": "harkonnen", "region": "Habbanya Sietch", "count": 2},
                {"faction": "harkonnen", "region": "Jacurutu", "count": 1},
                {"faction": "harkonnen", "region": "Tuek's Sietch", "count": 1},
                {"faction": "atreides", "region": "Sietch Tabr", "count": 3},
            ],
            "move": {"action": "sandstorm", "faction": "atreides", "to": "Sietch Tabr"},
        }
    )
    assert isinstance(result, Applied)
    assert result.data["step"] == "end" and result.data["round"] == 2  # the game is over: no new round
    assert any("Harkonnen wins at the end of round 2" in n for n in result.notes)
    assert check(load_position(copy.deepcopy(result.data))).outcome == {"winner": "harkonnen"}
    assert _where(result.data)[("atreides", "Sietch Tabr")] == 1  # the Sandstorm's 2 (dice:171)


def test_the_record_to_the_allied_victory() -> None:
    steps = list(replay(read_record(GAME / "record.yaml")))
    assert len(steps) == 10 and all(isinstance(s.result, Applied) for s in steps)
    # the record's steps: each move is played in its own step, the steps between carried (dice:67-77)
    assert [s.before["step"] for s in steps] == [
        "alliance",
        "kanly",
        "kanly",
        "ship",
        "ship",
        "move",
        "move",
        "move",
        "combat",
        "sandstorm",
    ]
    last = steps[-1].result
    assert isinstance(last, Applied)
    after = last.data
    assert (after["round"], after["step"]) == (3, "end")
    # dice:182: Harkonnen (Carthag 3 - 2 to the Sandstorm, Tuek's Sietch 5 - 4 sent) and Fremen (Sietch Tabr,
    # Habbanya Sietch) hold 4 of the 5 strategic Regions; the Guild, 2 - 1 assassinated, Jacurutu alone
    strategic = ("Carthag", "Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch", "Jacurutu")
    held = {r: sorted(f for (f, where), n in _where(after).items() if where == r and n) for r in strategic}
    assert held == {
        "Carthag": ["harkonnen"],
        "Tuek's Sietch": ["harkonnen"],
        "Sietch Tabr": ["fremen"],
        "Habbanya Sietch": ["fremen"],
        "Jacurutu": ["spacing-guild"],
    }
    assert _where(after)[("harkonnen", "Carthag")] == 1 and _where(after)[("harkonnen", "Tuek's Sietch")] == 1
    assert after["alliances"] == [["harkonnen", "fremen"]]
    v = check(load_position(copy.deepcopy(after)))
    assert v.verdict == "legal" and v.outcome == {"winner": ["fremen", "harkonnen"]}
    assert any("Fremen and Harkonnen win at the end of round 3" in n for n in last.notes)


def test_a_round_without_a_winner_carries_on_to_the_next_with_the_dice_top_up() -> None:
    """The dice top-up (dice:91) a lone position leaves unresolved without each Faction's dice is decided by the
    record: every die the round used, destroyed, gained or left on a slot (dice:85, 87, 147, 177, 232)."""
    steps = list(replay(read_record(GAME / "next-round.yaml")))
    last = steps[-1].result
    assert isinstance(last, Applied)
    after = last.data
    assert (after["round"], after["step"], after["alliances"]) == (4, "roll", [])
    assert all("dice" not in st for st in after["factions"].values())  # all to the personal supplies (dice:177)
    dice = {f: st["personal_dice"] for f, st in after["factions"].items()}
    # Harkonnen: recruit and move dice left (the Ship die destroyed by Shipping Authority): 2, topped up to 3;
    # Fremen: the die used to assassinate, and move and re-assigned recruit dice: 3;
    # Guild: its Kanly die, its bonus die, its Combat die that killed, ship and move dice: 5
    assert dice == {"harkonnen": 3, "fremen": 3, "spacing-guild": 5}
    assert after["common_dice"] == 8 - 1 + 1 - 1  # the Guild's bonus die, the destroyed die, Harkonnen's top-up
    assert {st["loyalty"] for st in after["factions"].values()} == {1} and after["loyalty_supply"] == 4
    assert any("Harkonnen has 2 dice at the round's beginning: it gains 1, to 3 (dice:91)" in n for n in last.notes)
    v = check(load_position(copy.deepcopy(after)))
    assert v.verdict == "legal" and v.outcome == {"dice_at_start": dice}


def test_the_destroyed_ship_die_is_decided_by_the_record() -> None:
    """The mutant ships 4: legal with the Ship die the Alliance placed, illegal once the Guild's Shipping
    Authority (move 3) destroyed it: the record, not the start position, decides it."""
    steps = list(replay(read_record(GAME / "mutant-ship-destroyed-die.yaml")))
    assert steps[-1].number == 4 and "dice.ship.allowance" in steps[-1].result.verdict.forbidding()
    ship_die = steps[1].before["factions"]["harkonnen"]["dice"]
    assert ship_die["ship"] == 4  # after the Alliance (move 1): the re-assigned die on the Ship slot
    assert "ship" not in steps[3].before["factions"]["harkonnen"]["dice"]


def test_a_record_that_skips_the_sandstorm_move_is_judged_where_the_round_stands(tmp_path: Path) -> None:
    """The steps come in order (dice:67-77): a move of an earlier step is this round's, out of order, unless the
    record has the moves that end the round (here the Sandstorm's, dice:168); the note says both."""
    import yaml

    raw = parse_yaml((GAME / "next-round.yaml").read_text(encoding="utf-8"))
    assert isinstance(raw, dict)
    raw["moves"][-1] = {"action": "propose-alliance", "faction": "harkonnen", "with": "fremen"}  # a round-4 move
    path = tmp_path / "skip.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    last = list(replay(read_record(path)))[-1]
    assert isinstance(last.result, Refused) and last.result.verdict.verdict == "illegal"
    assert "dice.alliance.step" in last.result.verdict.forbidding()
    said = " ".join(last.result.verdict.notes)
    assert "comes before this round's" in said and "must move the Sandstorm in the Sandstorm step (dice:168)" in said


def test_split_shipments_and_a_second_move_are_judged_from_the_round_so_far() -> None:
    """dice:127-128, 132: the record writes each Faction's Troops shipped and moves taken this round
    (``shipped_this_round``, ``moves_this_round``, cleared as their step ends), so a second shipment within the
    allowance and a second move with a die on the Move slot are applied, not left unresolved."""
    record = read_record(GAME / "record.yaml")
    moves = record.moves
    i = moves.index({"action": "ship", "faction": "harkonnen", "count": 2, "to": "Polar Sink"})
    moves[i : i + 1] = [{**moves[i], "count": 1}, {**moves[i], "count": 1}]
    j = moves.index({"action": "move", "faction": "harkonnen", "to": "Tuek's Sietch", "from": {"Polar Sink": 5}})
    moves[j : j + 1] = [{**moves[j], "from": {"Polar Sink": 4}}, {**moves[j], "from": {"Polar Sink": 1}}]
    steps = list(replay(record))
    assert len(steps) == 12 and all(isinstance(s.result, Applied) for s in steps), [
        (s.number, s.result.verdict.verdict, s.result.verdict.reason) for s in steps
    ]
    assert steps[i + 1].before["factions"]["harkonnen"]["shipped_this_round"] == 1
    assert steps[j + 1].before["factions"]["harkonnen"]["moves_this_round"] == 1
    assert "dice.move.twice" in {f.rule.id for f in steps[j + 1].result.verdict.findings}
    after = steps[-1].result.data  # type: ignore[union-attr]
    assert not any("shipped_this_round" in st or "moves_this_round" in st for st in after["factions"].values())
    assert check(load_position(copy.deepcopy(after))).outcome == {"winner": ["fremen", "harkonnen"]}


def test_a_recruit_after_the_ship_step_began_is_illegal(tmp_path: Path) -> None:
    """dice:67-77: once a Faction has shipped, the round's Recruit step is over; as next round's, the record would
    need the Sandstorm move and the rolls between."""
    steps = list(replay(read_record(GAME / "mutant-recruit-after-ship.yaml")))
    last = steps[-1]
    assert isinstance(last.result, Refused) and last.result.verdict.verdict == "illegal"
    assert last.result.verdict.forbidding() == ["dice.recruit.step"] and last.before["step"] == "ship"
    assert "no Sandstorm move" not in (last.result.verdict.reason or "")


_NO_ROLLS = {
    "start": {
        "ruleset": "dice",
        "round": 2,
        "step": "recruit",
        "sandstorm": "Great Flat",
        "turn_order": ["harkonnen", "atreides"],
        "factions": {
            "harkonnen": {"board_troops": 2, "supply": 5, "leader": 1, "dice": {"move": 3}, "recruit_base": 2},
            "atreides": {"board_troops": 4, "supply": 5, "leader": 1, "recruit_base": 2},
        },
        "troops": [
            {"faction": "harkonnen", "region": "Carthag", "count": 3},
            {"faction": "atreides", "region": "Sietch Tabr", "count": 1},
        ],
    },
    "moves": [
        {"action": "recruit", "faction": "harkonnen", "troops": 2},
        {"action": "ship", "faction": "harkonnen", "count": 2, "to": "Carthag"},
        {"action": "recruit", "faction": "atreides", "troops": 2},
    ],
}


@pytest.mark.parametrize("faces", [False, True], ids=["slot-faces-not-given", "slot-faces-given"])
def test_a_recruit_after_another_faction_shipped_is_illegal_without_the_rolls(faces: bool) -> None:
    """dice:67-77, 89-93: the next round's recruit would need its Roll the Dice step first, where every Faction
    rolls its dice (three at least, dice:91); the record has no roll, so the recruit is judged in the Ship step the
    round is in, whatever the dice the position leaves out (and whoever would win at the round's end)."""
    raw = copy.deepcopy(_NO_ROLLS)
    if faces:
        for state in raw["start"]["factions"].values():  # type: ignore[index]
            state["slot_faces"] = {"move": "?", "ship": "?", "recruit": "?", "fortify": "?"}
    steps = list(replay(record_from_data(raw)))
    last = steps[-1]
    assert len(steps) == 3 and all(isinstance(s.result, Applied) for s in steps[:2])
    assert isinstance(last.result, Refused) and last.result.verdict.verdict == "illegal"
    assert last.result.verdict.forbidding() == ["dice.recruit.step"] and last.before["step"] == "ship"
    assert last.before["round"] == 2
    said = " ".join(last.result.verdict.notes)
    assert "the record has no roll of Harkonnen, Atreides before its recruit step" in said


def test_a_roll_puts_every_die_on_its_slot_and_tops_up_from_the_common_supply() -> None:
    """dice:91-93: the Fremen's two dice topped up to three from the common supply, all three on their slots."""
    data = _case("roll-top-up")
    after = _applied(data)
    fremen = after["factions"]["fremen"]
    assert fremen["dice"] == {"ship": 2, "move": 5, "combat": 6} and fremen["personal_dice"] == 0
    assert after["common_dice"] == data["common_dice"] - 1
    assert after["factions"]["harkonnen"] == data["factions"]["harkonnen"]  # the others roll in moves of their own


@pytest.mark.parametrize(
    ("case", "verdict", "rule"),
    [
        ("roll-face-not-allowed", "illegal", "dice.roll.placed"),
        ("roll-too-few", "illegal", "dice.roll.all-dice"),
        ("roll-reroll", "illegal", "dice.roll.no-reroll"),
        ("roll-supply-unknown", "unresolved", "dice.roll.all-dice"),
    ],
)
def test_a_roll_that_is_not_legal_is_not_applied(case: str, verdict: str, rule: str) -> None:
    result = apply(_case(case), str(CASES / f"{case}.yaml"))
    assert isinstance(result, Refused) and result.verdict.verdict == verdict
    assert rule in result.verdict.forbidding() or rule in (result.verdict.reason or "")


def test_a_record_crosses_into_the_next_round_with_its_rolls() -> None:
    """Round 3 ends with no winner; round 4's three rolls place the topped-up dice; the Alliance step follows."""
    steps = list(replay(read_record(GAME / "into-round-four.yaml")))
    assert all(isinstance(s.result, Applied) for s in steps) and len(steps) == 13
    rolled = steps[11].result
    assert isinstance(rolled, Applied) and rolled.verdict.outcome == {"dice_rolled": 5}  # the Guild's five dice
    after = steps[-1].result.data  # type: ignore[union-attr]
    assert (after["round"], after["step"], after["alliances"]) == (4, "alliance", [["harkonnen", "fremen"]])
    assert after["factions"]["spacing-guild"]["dice"] == {"harkonnen": 1, "ship": 5, "move": 6, "combat": [2, 3]}


def test_a_record_that_skips_a_roll_is_unresolved(tmp_path: Path) -> None:
    """dice:92-93: every player rolls; a record whose next round plays on without the Guild's roll stops there."""
    import yaml

    raw = parse_yaml((GAME / "into-round-four.yaml").read_text(encoding="utf-8"))
    assert isinstance(raw, dict)
    del raw["moves"][11]  # the Guild's roll
    path = tmp_path / "skip.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    last = list(replay(read_record(path)))[-1]
    assert last.number == 12 and isinstance(last.result, Refused) and last.result.verdict.verdict == "unresolved"
    assert "the record has no roll of Spacing Guild there" in (last.result.verdict.reason or "")


def test_the_choam_die_ends_the_alliance_step_and_the_atreides_draw_their_honour_token() -> None:
    """dice:226: the Corrino's die on its slot and out of the common supply; the Kanly step follows, after the
    Atreides drew a Loyalty token (dice:191), and their Ally after them."""
    data = _case("choam-placed")
    after = _applied(data)
    assert after["step"] == "kanly"
    assert after["factions"]["corrino"]["dice"]["move"] in (4, [4])
    assert after["common_dice"] == data["common_dice"] - 1
    assert after["factions"]["atreides"]["loyalty"] == 2
    assert after["loyalty_supply"] == data["loyalty_supply"] - 1
    allied = {**copy.deepcopy(data), "alliances": [["harkonnen", "atreides"]]}
    result = apply(allied)
    assert isinstance(result, Applied), result.verdict.reason
    assert result.data["factions"]["harkonnen"]["loyalty"] == 2
    assert result.data["loyalty_supply"] == data["loyalty_supply"] - 2


def test_an_alliance_step_left_without_the_choam_die_is_not_carried() -> None:
    """A record's Kanly move after the Alliance step, with no ``choam`` move: the Corrino's die is chance's, so the
    record stops there rather than guess it (dice:226)."""
    from checker.dice.advance import advance
    from checker.game import NotCarried

    data = _case("choam-placed")
    data.pop("move")
    kanly = {"action": "kanly", "faction": "atreides", "kanly_action": "assassinate", "target": "harkonnen"}
    with pytest.raises(NotCarried, match="choam"):
        advance(data, None, kanly)


def test_at_the_round_end_every_faction_discards_down_to_one_loyalty_token_drawing_or_not() -> None:
    """dice:177-178: only a Faction that moved a die draws; every Faction then keeps one (the Atreides two)."""
    slots = {"recruit": [4, 5, 6], "ship": [1, 2, 3], "move": [3, 4, 5, 6], "combat": "?"}
    data = {
        **ROUND_TWO,
        "step": "sandstorm",
        "sandstorm": "Carthag",
        "common_dice": 3,
        "loyalty_supply": 1,
        "turn_order": ["spacing-guild", "harkonnen", "fremen"],
        "factions": {
            "spacing-guild": {"cards": ["sandstorm"], "loyalty": 1, "personal_dice": 3, "bonus_slots": []},
            "harkonnen": {"loyalty": 2, "personal_dice": 3, "bonus_slots": []},
            "fremen": {"loyalty": 1, "dice": {"move": 4}, "personal_dice": 2, "bonus_slots": [], "slot_faces": slots},
        },
        "move": {"action": "sandstorm", "to": "Arrakeen"},
    }
    result = apply(data)
    assert isinstance(result, Applied), result.verdict.reason or result.verdict.forbidding()
    held = {f: st["loyalty"] for f, st in result.data["factions"].items()}
    assert held == {"spacing-guild": 1, "harkonnen": 1, "fremen": 1}
    # the Fremen draw the one token and put one back; Harkonnen puts its second back
    assert result.data["loyalty_supply"] == 1 - 1 + 1 + 1


def test_stealing_the_landsraad_destroys_the_only_dice_on_the_mat() -> None:
    """dice:190: from round 4 the thief destroys a die from its Faction mat (a second where the holder's card slot
    holds one); where the mat holds just those dice besides the target die, there is no choice to make."""
    chart = {"plot": [1], "assassinate": [2], "steal-landsraad": [6]}
    data = {
        "ruleset": "dice",
        "round": 4,
        "step": "kanly",
        "sandstorm": "Jacurutu",
        "common_dice": 3,
        "turn_order": ["harkonnen", "atreides", "corrino"],
        "factions": {
            "atreides": {
                "dice": {"corrino": 6, "recruit": 5, "move": 4},
                "kanly_chart": chart,
                "personal_dice": 0,
                "bonus_slots": [],
                "cards": [],
            },
            "corrino": {"cards": ["landsraad"], "dice": {"landsraad": 2}, "personal_dice": 0},
            "harkonnen": {"cards": ["protection"]},
        },
        "move": {"action": "kanly", "faction": "atreides", "kanly_action": "steal-landsraad", "target": "corrino"},
    }
    result = apply(data)
    assert isinstance(result, Applied), result.verdict.reason or result.verdict.forbidding()
    atreides = result.data["factions"]["atreides"]
    assert not atreides.get("dice") and atreides["personal_dice"] == 1  # the target die used, the other two gone
    assert "landsraad" in atreides["cards"]
    assert result.data["common_dice"] == 3 + 2
