"""The auction's end when all pass (issue 18, overview:49): a GF9 pass writes ``passed: FACTION`` to the phase's
history, and leaving the Bidding phase with cards unsold is decided when every eligible bidder (hand not full) has
passed on the card up for bid since the last one was sold; a lone position, or one bidder not passed, leaves it
open (overview.phase.auction)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.game import Applied, Refused, Step, apply, read_record, replay
from checker.positions import load_position

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "cases" / "games" / "gf9-all-pass" / "record.yaml"
GAP, RULE = "overview.phase.auction", "overview.phase.all-passed"

BIDDING: dict[str, Any] = {
    "ruleset": "gf9",
    "turn": 2,
    "phase": "bidding",
    "this_phase": [],
    "cards_dealt": 3,
    "storm": 5,
    "factions": {
        "atreides": {"spice": 10, "hand": 2},
        "harkonnen": {"spice": 10, "hand": 3},
        "emperor": {"spice": 10, "hand": 1},
    },
    "forces": [{"faction": "atreides", "territory": "Arrakeen", "count": 10}],
}


def _steps() -> list[Step]:
    return list(replay(read_record(RECORD)))


def _leave(history: list[str] | None, **changes: Any) -> Any:
    """The verdict on ending the Bidding phase with this history (None: not given)."""
    data = {**copy.deepcopy(BIDDING), **changes, "move": {"action": "next-phase"}}
    if history is None:
        del data["this_phase"]
    else:
        data["this_phase"] = history
    return check(load_position(data))


def _rules(verdict: Any, effect: str) -> set[str]:
    return {f.rule.id for f in verdict.findings if f.effect == effect}


def test_a_pass_is_written_to_the_phase_history_and_changes_nothing_else() -> None:
    before = {**copy.deepcopy(BIDDING), "this_phase": ["card-sold"], "move": {"action": "bid", "faction": "emperor"}}
    result = apply(before)
    assert isinstance(result, Applied), result.verdict.reason
    after = result.data
    assert after["this_phase"] == ["card-sold", "passed: emperor"]
    assert after["factions"]["emperor"]["spice"] == 10 and after["factions"]["emperor"]["hand"] == 1
    assert check(load_position(after)).verdict == "legal"  # the written history loads back


def test_the_record_ends_bidding_by_every_player_passing() -> None:
    steps = _steps()
    assert all(isinstance(s.result, Applied) for s in steps) and len(steps) == 11
    bidding = steps[4].result.data  # type: ignore[union-attr]
    assert bidding["phase"] == "bidding" and bidding["cards_dealt"] == 3  # three hands not full
    before_end = steps[8].result.data  # type: ignore[union-attr]
    assert before_end["this_phase"] == ["card-sold", "passed: harkonnen", "passed: emperor", "passed: atreides"]
    end = steps[9]
    assert end.move == {"action": "next-phase"}
    verdict = end.result.verdict
    assert verdict.outcome["phase"] == "revival" and RULE in _rules(verdict, "permits")
    (finding,) = [f for f in verdict.findings if f.rule.id == RULE]
    assert "2 remaining cards return to the top of the deck" in finding.message
    assert "Atreides, Harkonnen and Emperor" in finding.message
    assert [c.first for c in finding.cites] == [49]
    assert steps[-1].result.data["phase"] == "shipment-and-movement"  # type: ignore[union-attr]


def test_without_the_last_pass_the_record_position_stays_open() -> None:
    """The same position before the phase ends, the last pass (Atreides's) not made: whether the auction is over is
    the gap's, naming the bidder who has not passed; without the history at all, likewise."""
    before = copy.deepcopy(_steps()[8].result.data)  # type: ignore[union-attr]
    before["this_phase"] = before["this_phase"][:-1]
    verdict = check(load_position({**before, "move": {"action": "next-phase"}}))
    assert verdict.verdict == "unresolved" and GAP in _rules(verdict, "unresolved")
    assert RULE not in _rules(verdict, "permits")
    assert "Atreides has not passed" in verdict.reason and "2 of its 3 cards are not sold" in verdict.reason
    lone = {k: v for k, v in before.items() if k != "this_phase"}
    verdict = check(load_position({**lone, "move": {"action": "next-phase"}}))
    assert verdict.verdict == "unresolved" and GAP in _rules(verdict, "unresolved")


@pytest.mark.parametrize(
    ("history", "decided"),
    [
        (["passed: atreides", "passed: harkonnen", "passed: emperor"], True),  # all passed on the first card
        (["card-sold", "passed: emperor", "passed: atreides", "passed: harkonnen"], True),
        # the earlier passes were on a card since sold: only Emperor has passed on the card up for bid
        (["passed: atreides", "passed: harkonnen", "card-sold", "passed: emperor"], False),
        (["card-sold", "passed: emperor", "passed: atreides"], False),  # Harkonnen has not passed
        ([], False),
    ],
)
def test_only_passes_since_the_last_card_sold_end_the_auction(history: list[str], decided: bool) -> None:
    verdict = _leave(history)
    if decided:
        assert verdict.verdict == "legal" and RULE in _rules(verdict, "permits")
        assert GAP not in _rules(verdict, "unresolved")
    else:
        assert verdict.verdict == "unresolved" and GAP in _rules(verdict, "unresolved")


def test_a_full_hand_need_not_pass() -> None:
    """gf9:173, 425: a full hand must pass, so it is no eligible bidder: Atreides (4 cards) and Harkonnen (8) full,
    the Emperor's pass alone ends the auction."""
    full = {"atreides": {"spice": 10, "hand": 4}, "harkonnen": {"spice": 10, "hand": 8}, "emperor": {"hand": 1}}
    verdict = _leave(["passed: emperor"], factions=full)
    assert verdict.verdict == "legal" and RULE in _rules(verdict, "permits")
    (finding,) = [f for f in verdict.findings if f.rule.id == RULE]
    assert "(Emperor)" in finding.message
    # Harkonnen with 7 cards may still bid: the Emperor's pass alone leaves it open
    full["harkonnen"]["hand"] = 7
    verdict = _leave(["passed: emperor"], factions=full)
    assert verdict.verdict == "unresolved" and "Harkonnen has not passed" in verdict.reason


def test_a_hand_not_given_leaves_the_end_open() -> None:
    factions = copy.deepcopy(BIDDING["factions"])
    del factions["harkonnen"]["hand"]
    verdict = _leave(["passed: atreides", "passed: harkonnen", "passed: emperor"], factions=factions)
    assert verdict.verdict == "unresolved" and GAP in _rules(verdict, "unresolved")
    assert "factions.harkonnen.hand" in verdict.reason


def test_a_pass_that_names_no_faction_is_bad_input(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "p.yaml"
    path.write_text(
        "ruleset: gf9\nphase: bidding\nthis_phase: ['passed:']\nmove: {action: next-phase}\n", encoding="utf-8"
    )
    run = cli("check", path, "--json")
    assert run.code == 2 and run.json()["error"]["key"] == "this_phase[0]"
    assert "passed: NAME" in run.json()["error"]["expected"]


def test_an_illegal_pass_is_not_applied_and_writes_nothing() -> None:
    """A pass outside the Bidding phase is judged like any bid: refused, the history untouched."""
    data = {**copy.deepcopy(BIDDING), "phase": "revival", "move": {"action": "bid", "faction": "emperor"}}
    result = apply(data)
    assert isinstance(result, Refused) and result.verdict.forbidding() == ["overview.bidding.phase"]
