"""The next phase (issue 18): a record moves through the turn's phases with ``next-phase`` moves the rules judge, the
phase's history (``this_phase``) written by the moves, and what held only of the phase ended cleared."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.arrakis.kinds.phase import NINE
from checker.arrakis.position import PHASES
from checker.game import Applied, Refused, apply, read_record, replay
from checker.positions import load_position

ROOT = Path(__file__).resolve().parent.parent
TURN = ROOT / "cases" / "games" / "gf9-basic-turn" / "record.yaml"

BATTLE_OVER: dict[str, Any] = {
    "ruleset": "gf9",
    "turn": 3,
    "phase": "battle",
    "this_phase": [],
    "storm": 5,
    "factions": {
        "atreides": {"spice": 10, "leaders_used_this_phase": {"Duncan Idaho": "Arrakeen"}},
        "harkonnen": {"spice": 10},
    },
    "forces": [
        {"faction": "atreides", "territory": "Arrakeen", "count": 7},
        {"faction": "harkonnen", "territory": "Carthag", "count": 3},
    ],
    "move": {"action": "next-phase"},
}


def _applied(data: dict[str, Any]) -> Applied:
    result = apply(data)
    assert isinstance(result, Applied), result.verdict.reason or result.verdict.forbidding()
    return result


def test_the_phase_ended_clears_what_held_only_of_it() -> None:
    after = _applied(BATTLE_OVER).data
    assert after["phase"] == "spice-collection" and after["turn"] == 3
    assert "leaders_used_this_phase" not in after["factions"]["atreides"]  # Duncan Idaho may fight next turn
    assert after["this_phase"] == []
    assert check(load_position(after)).verdict == "legal"  # a position with no move: "legal" is its VALID


def test_the_end_of_battle_returns_the_supplies_cache() -> None:
    """dreamrules:746 "Return the cache cards at the end of Battle": the phase ends, and the cache leaves the hand."""
    data = {
        **BATTLE_OVER,
        "ruleset": "dreamrules",
        "factions": {
            "atreides": {"spice": 2, "hand": ["Karama", "Supplies Shield", "Supplies Snooper"]},
            "harkonnen": {"spice": 5},
        },
    }
    result = _applied(data)
    assert result.data["factions"]["atreides"]["hand"] == ["Karama"]
    assert check(load_position(result.data)).verdict == "legal"


def test_the_mentat_pause_begins_the_next_turn() -> None:
    pause = {**BATTLE_OVER, "phase": "mentat-pause", "factions": {"atreides": {"kwisatz_haderach_used_in": "Arrakeen"}}}
    result = _applied(pause)
    assert result.data["phase"] == "storm" and result.data["turn"] == 4
    assert "kwisatz_haderach_used_in" not in result.data["factions"]["atreides"]
    assert result.verdict.outcome == {"phase": "storm", "turn": 4}
    assert "turn 4, storm begins" in result.notes


def test_a_phase_not_complete_is_not_left() -> None:
    battle_left = {**BATTLE_OVER, "forces": [*BATTLE_OVER["forces"], {"faction": "harkonnen", "territory": "Arrakeen"}]}
    battle_left["forces"][-1]["count"] = 2
    result = apply(battle_left)
    assert isinstance(result, Refused) and result.verdict.verdict == "illegal"
    assert result.verdict.forbidding() == ["gf9.phase.complete"]
    assert "Atreides and Harkonnen both have fighters in Arrakeen" in result.verdict.findings[0].message


def test_a_phase_whose_history_is_not_given_is_not_left() -> None:
    storm = {**BATTLE_OVER, "phase": "storm"}
    del storm["this_phase"]
    result = apply(storm)
    assert isinstance(result, Refused) and result.verdict.verdict == "unresolved"
    assert "this_phase" in result.verdict.reason


def test_the_auction_is_dealt_sold_and_over() -> None:
    charity = {**BATTLE_OVER, "phase": "choam-charity"}
    charity["factions"] = {"atreides": {"spice": 10, "hand": 3}, "harkonnen": {"spice": 10, "hand": 8}}
    bidding = _applied(charity).data
    assert bidding["phase"] == "bidding" and bidding["cards_dealt"] == 1  # Harkonnen's eight: full
    won = _applied({**bidding, "move": {"action": "bid", "faction": "atreides", "amount": 2, "wins": True}}).data
    assert won["this_phase"] == ["card-sold"] and won["factions"]["atreides"]["hand"] == 4
    revival = _applied({**won, "move": {"action": "next-phase"}}).data
    assert revival["phase"] == "revival" and "cards_dealt" not in revival


def test_a_record_plays_a_whole_turn_and_knows_its_history() -> None:
    """After the record's last move (turn 2's Storm phase begun), leaving the phase without a storm is illegal: the
    record knows nothing has happened in it; a lone position, not giving the history, leaves it open."""
    steps = list(replay(read_record(TURN)))
    assert all(isinstance(s.result, Applied) for s in steps)
    end = steps[-1].result.data  # type: ignore[union-attr]
    assert (end["turn"], end["phase"], end["this_phase"]) == (2, "storm", [])
    assert [s.result.verdict.outcome.get("phase") for s in steps if s.move["action"] == "next-phase"] == [
        PHASES[i] for i in (*NINE[1:], NINE[0])
    ]
    # a card bought for 1; 3 forces shipped to the sand for 6; collecting 3 each, Atreides holding Arrakeen (gf9:307)
    assert end["factions"]["atreides"]["spice"] == 10 - 1 - 6 + 9
    known = check(load_position({**end, "move": {"action": "next-phase"}}))
    assert known.verdict == "illegal" and known.forbidding() == ["gf9.phase.storm-moved"]
    lone = {k: v for k, v in end.items() if k != "this_phase"}
    lone = check(load_position({**lone, "move": {"action": "next-phase"}}))
    assert lone.verdict == "unresolved"


@pytest.mark.parametrize("phase", PHASES)
def test_the_order_quotes_the_two_phases_it_joins(phase: str) -> None:
    """One clause, one finding: the order's finding quotes the turn's nine phases' heading line and the headings of
    the phase ended and the phase next, not all nine."""
    verdict = check(load_position({**BATTLE_OVER, "phase": phase, "move": {"action": "next-phase", "to": "storm"}}))
    (finding,) = [f for f in verdict.findings if f.rule.id == "overview.phase.order"]
    lines = sorted(c.first for c in finding.cites)
    assert lines[0] == 33 and 2 <= len(lines) <= 3, lines


def test_an_unknown_history_entry_is_bad_input(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "p.yaml"
    path.write_text("ruleset: gf9\nphase: storm\nthis_phase: [strom]\nmove: {action: next-phase}\n", encoding="utf-8")
    run = cli("check", path, "--json")
    assert run.code == 2 and run.json()["error"]["key"] == "this_phase[0]"


def test_a_revived_leader_killed_again_lies_face_down_and_the_record_says_so() -> None:
    """gf9:195: a revived leader that dies again lies face down, and cannot be revived again before the faction's
    other leaders. A lone position does not say which leaders were revived; a record does (leaders_revived)."""
    five = ["Duncan Idaho", "Thufir Hawat", "Gurney Halleck", "Lady Jessica", "Dr. Wellington Yueh"]
    revival: dict[str, Any] = {
        "ruleset": "gf9",
        "turn": 3,
        "phase": "revival",
        "factions": {
            "atreides": {"spice": 10, "leaders_in_tanks": five, "leaders_face_down": [], "leaders_revived": []},
            "harkonnen": {"spice": 10},
        },
        "forces": [{"faction": "atreides", "territory": "Arrakeen", "count": 10}],
        "move": {"action": "revive", "faction": "atreides", "leader": "Duncan Idaho"},
    }
    revived = _applied(revival).data
    assert revived["factions"]["atreides"]["leaders_revived"] == ["Duncan Idaho"]
    battle = {
        **revived,
        "phase": "battle",
        "forces": [*revived["forces"], {"faction": "harkonnen", "territory": "Arrakeen", "count": 5}],
        "move": {
            "action": "battle",
            "territory": "Arrakeen",
            "aggressor": "harkonnen",
            "plans": {
                "harkonnen": {"leader": "Feyd-Rautha", "dial": 5, "weapon": "Crysknife"},
                "atreides": {"leader": "Duncan Idaho", "dial": 7, "defense": "Snooper"},
            },
        },
    }
    killed = _applied(battle).data["factions"]["atreides"]
    assert "Duncan Idaho" in killed["leaders_in_tanks"] and killed["leaders_face_down"] == ["Duncan Idaho"]
    later = {k: v for k, v in killed.items() if k != "revived_this_turn"}  # a later turn: its revivals are others
    again = {**revival, "turn": 4, "factions": {**revival["factions"], "atreides": {**later, "spice": 10}}}
    known = check(load_position(again))  # the record knows it lies face down
    assert known.verdict == "illegal" and known.forbidding() == ["gf9.revival.face-down-wait"]
    lone = {**later, "spice": 10}
    del lone["leaders_face_down"], lone["leaders_revived"]
    verdict = check(load_position({**again, "factions": {**again["factions"], "atreides": lone}}))
    assert verdict.verdict == "unresolved" and "leaders_face_down" in verdict.reason


def test_the_mentat_pause_moves_deferred_bribes_behind_the_shield() -> None:
    """gf9:317: at the start of the Mentat Pause deferred bribe spice goes behind the shield; a pause that would end
    with it still in front is left open (gf9.phase.bribes) rather than judged."""
    case = ROOT / "cases" / "gf9" / "phase-mentat-bribes-behind.yaml"
    from checker.yamlio import parse_yaml

    data = parse_yaml(case.read_text(encoding="utf-8"))
    after = _applied(data).data
    harkonnen = after["factions"]["harkonnen"]
    assert after["phase"] == "mentat-pause" and harkonnen["spice"] == 4 + 3 and "spice_in_front" not in harkonnen
    assert _applied({**after, "move": {"action": "next-phase"}}).data["turn"] == 4


def test_ending_the_harvest_with_the_board_spice_not_given_is_open() -> None:
    """No 'spice' key: forces may stand where spice lies, so ending the Spice Harvest with no collection in the
    phase's history is left open (overview.phase.harvest), not judged as if no spice lay anywhere."""
    case = ROOT / "cases" / "gf9" / "phase-mentat-bribes-behind.yaml"
    from checker.api import check
    from checker.positions import load_position
    from checker.yamlio import parse_yaml

    data = parse_yaml(case.read_text(encoding="utf-8"))
    data.pop("expect", None)
    del data["spice"]
    v = check(load_position(data))
    assert v.verdict == "unresolved" and "where spice may lie (the position does not give 'spice')" in v.reason
