"""Dreamrules' ten phases carried forward (constraints/dreamrules/phase.py), the Dreamrules game of eight factions and
its six-faction victory, the overview game to its end, and their mutants (cases/games/dreamrules-game,
cases/games/overview-game)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.arrakis.kinds.phase import TEN
from checker.arrakis.position import PHASES
from checker.game import Applied, Refused, apply, read_record, replay
from checker.positions import load_position
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "cases" / "games"
DREAM = GAMES / "dreamrules-game"
OVERVIEW = GAMES / "overview-game"

POSITION: dict[str, Any] = {
    "ruleset": "dreamrules",
    "turn": 3,
    "phase": "storm",
    "this_phase": ["storm"],
    "storm": 5,
    "shield_wall_markers": 0,
    "factions": {
        "atreides": {"spice": 10, "hand": 2},
        "harkonnen": {"spice": 10, "hand": 3},
        "emperor": {"spice": 10, "hand": 1},
    },
    "forces": [
        {"faction": "atreides", "territory": "Arrakeen", "count": 10},
        {"faction": "harkonnen", "territory": "Carthag", "count": 10},
    ],
    "move": {"action": "next-phase"},
}


def _steps(path: Path) -> list[Any]:
    return list(replay(read_record(path)))


def _end(path: Path) -> dict[str, Any]:
    steps = _steps(path)
    assert all(isinstance(s.result, Applied) for s in steps), path.name
    return steps[-1].result.data  # type: ignore[no-any-return]


def _next(data: dict[str, Any], **move: Any) -> Any:
    return check(load_position(copy.deepcopy({**data, "move": {"action": "next-phase", **move}})))


# -- the ten phases --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("phase", [PHASES[i] for i in TEN if PHASES[i] not in ("spice-blow", "mentat-pause")])
def test_each_dreamrules_phase_is_followed_by_the_next_of_ten(phase: str) -> None:
    """From each phase the next in Dreamrules' order begins: the Nexus after the Storm, the Spice Blow after the
    Nexus (GF9's order would go Storm, Spice Blow, Nexus)."""
    after = TEN[(TEN.index(PHASES.index(phase)) + 1) % len(TEN)]
    here = {**POSITION, "phase": phase, "this_phase": ["storm"] if phase == "storm" else []}
    if phase == "bidding":
        here["cards_dealt"] = 0  # an auction with nothing left to sell
    if phase == "spice-collection":
        here["spice"] = []  # no spice by the forces left uncollected (none given would leave that open)
    result = apply(here)
    assert isinstance(result, Applied), result.verdict.reason or result.verdict.forbidding()
    assert result.data["phase"] == PHASES[after]
    assert "dreamrules.phase.order" in {f.rule.id for f in result.verdict.findings if f.effect == "permits"}


def test_gf9_keeps_its_nine_phases() -> None:
    gf9 = {**POSITION, "ruleset": "gf9", "advanced": True}
    del gf9["shield_wall_markers"]
    result = apply(gf9)
    assert isinstance(result, Applied) and result.data["phase"] == "spice-blow"


def test_naming_gf9s_next_phase_is_illegal_under_dreamrules() -> None:
    verdict = _next(POSITION, to="spice-blow")
    assert verdict.verdict == "illegal" and verdict.forbidding() == ["dreamrules.phase.order"]
    assert "the Nexus phase comes next" in verdict.findings[0].message
    quoted = {(c.doc, c.first) for f in verdict.findings if f.rule.id == "dreamrules.phase.order" for c in f.cites}
    assert quoted == {("dreamrules", 176), ("dreamrules", 244), ("dreamrules", 1276)}


def test_the_new_turn_clears_the_nexus_card_and_the_bidding_its_auction() -> None:
    mentat = {**POSITION, "phase": "mentat-pause", "this_phase": [], "nexus_card": 2}
    after = apply(mentat)
    assert isinstance(after, Applied) and (after.data["turn"], after.data["phase"]) == (4, "storm")
    assert "nexus_card" not in after.data  # the card of turn 3, returned and reshuffled
    bidding = {
        **POSITION,
        "phase": "bidding",
        "this_phase": ["card-sold"],
        "cards_dealt": 1,
        "current_auction": {"high_bidder": "atreides", "high_bid": 2},
    }
    after = apply(bidding)
    assert isinstance(after, Applied) and after.data["phase"] == "revival" and "current_auction" not in after.data


@pytest.mark.parametrize(
    "change, rule",
    [
        ({"phase": "spice-blow", "this_phase": ["blow-a", "blow-b"]}, "dreamrules.phase.spice-draws"),
        ({"phase": "battle", "this_phase": [], "spice_mines": [{"territory": "Cielago East", "yield": 3}]}, "#1859"),
    ],
)
def test_what_the_book_leaves_open_is_not_carried(change: dict[str, Any], rule: str) -> None:
    result = apply({**POSITION, **change})
    assert isinstance(result, Refused) and result.verdict.verdict == "unresolved" and rule in result.verdict.reason


# -- the Dreamrules game ---------------------------------------------------------------------------------------


def test_the_eight_faction_game_stops_where_the_spice_blows_are_open() -> None:
    """record.yaml plays turn 1 to both spice blows; ending the Spice Blow is unresolved (#1837), with the history the
    record wrote (one territory card on each pile)."""
    steps = _steps(DREAM / "record.yaml")
    phases = [s.result.data["phase"] for s in steps if s.move["action"] == "next-phase"]
    assert phases == ["nexus", "spice-blow"]
    end = steps[-1].result.data
    assert len(end["factions"]) == 8 and end["this_phase"] == ["blow-a", "blow-b"]
    assert [(p["territory"], p["amount"]) for p in end["spice"]] == [("The Great Flat", 10), ("Cielago North", 8)]
    verdict = _next(end)
    assert verdict.verdict == "unresolved" and "dreamrules.phase.spice-draws" in verdict.reason
    assert "on pile A and pile B" in verdict.reason and "#1837" in verdict.reason


def test_the_eight_faction_endgame_deals_eight_cards_and_pays_the_emperor() -> None:
    steps = _steps(DREAM / "endgame.yaml")
    assert all(isinstance(s.result, Applied) for s in steps)
    bidding = steps[0].result.data
    assert bidding["phase"] == "bidding" and bidding["cards_dealt"] == 8
    end = steps[-1].result.data
    assert (end["turn"], end["phase"]) == (4, "mentat-pause")
    factions = end["factions"]
    # seven buyers pay the Emperor 1 each (dreamrules:330); the Emperor pays the Bank for its own
    assert factions["emperor"]["spice"] == 10 + 7 - 1
    assert factions["harkonnen"]["hand"] == 2 + 2  # its card and its extra card
    assert factions["harkonnen"]["spice"] == 10 - 1 - 1  # a card, one troop shipped into a stronghold
    held = {g["territory"] for g in end["forces"] if g["faction"] == "harkonnen"}
    assert {"Carthag", "Habbanya Sietch", "Tuek's Sietch"} <= held


def test_the_eight_faction_victory_is_blocked_by_the_player_count() -> None:
    """Harkonnen holds three strongholds at the Mentat, but Dreamrules prints no setup past six players: the
    position's verdict, and so whether the next turn begins, is unresolved (and says why, not a missing key)."""
    end = _end(DREAM / "endgame.yaml")
    position = check(load_position(copy.deepcopy(end)))
    assert position.verdict == "unresolved" and "dreamrules.setup.players" in position.reason
    verdict = _next(end)
    assert verdict.verdict == "unresolved" and "gf9.phase.winner-open" in verdict.reason
    assert "more than six players" in verdict.reason and "does not give" not in verdict.reason


def test_the_six_faction_game_ends_with_harkonnens_victory() -> None:
    end = _end(DREAM / "victory-six.yaml")
    position = check(load_position(copy.deepcopy(end)))
    assert position.verdict == "legal" and position.outcome["winner"] == "harkonnen"
    verdict = _next(end)
    assert verdict.verdict == "illegal" and verdict.forbidding() == ["gf9.phase.next-turn"]
    assert "Harkonnen wins" in verdict.findings[0].message


# -- the overview game -----------------------------------------------------------------------------------------


def test_the_overview_game_ends_with_atreides_victory_at_turn_3() -> None:
    steps = _steps(OVERVIEW / "record.yaml")
    end = steps[-1].result.data
    assert (end["turn"], end["phase"]) == (3, "mentat-pause")
    # turns begun: 2 and 3; every phase of the nine entered each turn
    assert sum(s.result.data["phase"] == "storm" for s in steps if s.move["action"] == "next-phase") == 2
    assert sum(s.move["action"] == "next-phase" for s in steps) == 9 + 9 + 8
    position = check(load_position(copy.deepcopy(end)))
    assert position.verdict == "legal" and position.outcome["winner"] == "atreides"
    atreides = end["factions"]["atreides"]
    assert (atreides["spice"], atreides["reserves"], atreides["hand"]) == (10 - 3 * 2, 10 - 3, 1 + 3)
    held = {g["territory"] for g in end["forces"] if g["faction"] == "atreides"}
    assert held == {"Arrakeen", "Sietch Tabr", "Tuek's Sietch", "Habbanya Sietch"}


# -- the mutants -----------------------------------------------------------------------------------------------

MUTANTS = sorted([*DREAM.glob("mutant-*.yaml"), *OVERVIEW.glob("mutant-*.yaml")])


@pytest.mark.parametrize("path", MUTANTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_mutant_stops_at_its_changed_move_and_the_position_before_it_reproduces(path: Path) -> None:
    expect = parse_yaml(path.read_text(encoding="utf-8"))["expect"]
    steps = _steps(path)
    last = steps[-1]
    assert isinstance(last.result, Refused) and last.number == expect["stops_at"]
    assert set(expect["forbids"]) <= set(last.result.verdict.forbidding())
    again = check(load_position(copy.deepcopy({**last.before, "move": last.move})))  # mentat check reproduces it
    assert again.verdict == "illegal" and again.forbidding() == last.result.verdict.forbidding()


def test_there_are_mutants_of_both_games() -> None:
    assert {p.parent.name for p in MUTANTS} == {"dreamrules-game", "overview-game"}
