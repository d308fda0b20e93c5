"""A whole GF9 Basic game (cases/games/gf9-basic-game): three factions from `mentat new`, every phase of two turns
played with next-phase moves, to Harkonnen's victory at turn 2's Mentat Pause; its mutants, each stopping at its
changed move with the rule that forbids it; and questions the record decides that a lone position leaves open."""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.arrakis.kinds.phase import NINE
from checker.arrakis.position import PHASES
from checker.game import Applied, Refused, Step, read_record, replay
from checker.positions import load_position, read_yaml

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "cases" / "games" / "gf9-basic-game"
RECORD = GAME / "record.yaml"
MUTANTS = sorted(GAME.glob("mutant-*.yaml"))
STRONGHOLDS = ("Arrakeen", "Carthag", "Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch")


def _steps(path: Path = RECORD) -> list[Step]:
    return list(replay(read_record(path)))


def _after(step: Step) -> dict[str, Any]:
    assert isinstance(step.result, Applied), (step.number, step.result.verdict.reason)
    return step.result.data


def _held(data: dict[str, Any]) -> dict[str, list[str]]:
    """Each stronghold's occupants, from the position's forces."""
    return {
        s: sorted({g["faction"] for g in data["forces"] if g["territory"] == s and g.get("count")}) for s in STRONGHOLDS
    }


def test_the_record_plays_every_phase_of_two_turns() -> None:
    steps = _steps()
    assert len(steps) == read_yaml(RECORD)["expect"]["applied"] == 40
    assert all(isinstance(s.result, Applied) for s in steps)
    begun = [(s.result.verdict.outcome["phase"], _after(s)["turn"]) for s in steps if s.move["action"] == "next-phase"]
    turn_one = [(PHASES[i], 1) for i in NINE[1:]]
    assert begun == [*turn_one, ("storm", 2), *[(p, 2) for p, _ in turn_one[:-1]], ("mentat-pause", 2)]
    kinds = Counter(s.move["action"] for s in steps)
    assert kinds == {
        "next-phase": 17,
        "storm": 2,
        "blow": 2,
        "charity": 1,
        "bid": 6,
        "revive": 2,
        "ship": 4,
        "move": 2,
        "battle": 2,
        "collect": 2,
    }


def test_harkonnen_wins_with_three_strongholds_at_the_mentat_pause() -> None:
    end = _after(_steps()[-1])
    assert (end["turn"], end["phase"]) == (2, "mentat-pause")
    held = _held(end)
    assert held == {
        "Arrakeen": ["atreides"],  # won back in turn 2's battle
        "Carthag": ["harkonnen"],
        "Sietch Tabr": ["harkonnen"],  # shipped in with Harkonnen's last spice (move 35)
        "Habbanya Sietch": [],
        "Tuek's Sietch": ["harkonnen"],
    }
    verdict = check(load_position(copy.deepcopy(end)))
    assert verdict.verdict == "legal" and verdict.outcome == {"winner": "harkonnen"}
    (victory,) = [f for f in verdict.findings if f.rule.id == "gf9.position.victory"]
    assert "Harkonnen holds Carthag, Sietch Tabr and Tuek's Sietch, 3 strongholds; an unallied faction needs 3" in (
        victory.message
    )
    assert any(c.doc == "gf9" and c.first == 319 for c in victory.cites)


def test_the_final_numbers() -> None:
    """Spice, forces and the Tanks at the end, each by the record's own arithmetic."""
    end = _after(_steps()[-1])
    f = end["factions"]
    # Atreides: 10 - 1 (card) + 6 (Broken Land, 3 forces at 2) - 2 (card) - 2 (third revival) - 5 (shipment)
    #   + 6 (Old Gap, 3 a force while it holds Arrakeen: all 6 there)
    assert f["atreides"]["spice"] == 10 - 1 + 6 - 2 - 2 - 5 + 6 == 12
    # Harkonnen: 10 - 2 (card) - 7 (Tuek's Sietch) + 1 (CHOAM Charity, to 2) - 1 (card) - 1 (Sietch Tabr)
    assert f["harkonnen"]["spice"] == 10 - 2 - 7 + 1 - 1 - 1 == 0
    # Emperor: 10 - 1 (own card, to the Bank) + 1 + 2 (Atreides' and Harkonnen's cards) - 8 (Arrakeen)
    #   + 2 (Duncan Idaho killed) + 2 + 1 (turn 2's cards) - 1 (own card)
    assert f["emperor"]["spice"] == 10 - 1 + 1 + 2 - 8 + 2 + 2 + 1 - 1 == 8
    assert end["spice"] == [{"territory": "Broken Land", "amount": 2, "sector": 11}]  # left by turn 1's collection
    # the Tanks: Atreides lost 7 (turn 1) and 2 (turn 2) in battle and revived 3; the Emperor lost 7 and 1, revived 1
    assert (f["atreides"]["tanks"], f["emperor"]["tanks"], f["harkonnen"]["tanks"]) == (7 - 3 + 2, 7 - 1 + 1, 0)
    assert f["atreides"]["leaders_in_tanks"] == ["Duncan Idaho"]
    assert "leaders_in_tanks" not in f["emperor"] and "leaders_in_tanks" not in f["harkonnen"]
    # twenty tokens each, on the board, in reserve or in the Tanks (gf9:37)
    for name, state in f.items():
        board = sum(g["count"] for g in end["forces"] if g["faction"] == name)
        assert board + state["reserves"] + state["tanks"] == 20, name
    # hands: 1 + 2 cards bought (Atreides), 2 + 2 x 2 with Harkonnen's free cards, 1 + 2 (the Emperor kept its
    # Crysknife, as the winner may)
    assert (f["atreides"]["hand"], f["harkonnen"]["hand"], f["emperor"]["hand"]) == (3, 6, 3)


def test_the_spice_moves_as_the_verdicts_say() -> None:
    """Each faction's spice after each move is its spice before, less what the move's verdict says it pays, plus
    what the verdict says it receives (a payee's share included)."""
    for step in _steps():
        out = step.result.verdict.outcome
        change: Counter[str] = Counter(out.get("spice_gained") or {})
        payer = step.move.get("faction")
        if "cost" in out and payer:
            change[payer] -= out["cost"]
            if out.get("paid_to") not in (None, "bank"):
                change[out["paid_to"]] += out["cost"]
        before, after = step.before["factions"], _after(step)["factions"]
        for name in before:
            assert after[name]["spice"] == before[name]["spice"] + change[name], (step.number, name)


def test_the_leader_killed_lies_in_the_tanks_through_the_next_turn() -> None:
    steps = _steps()
    (killing,) = [s for s in steps if s.result.verdict.outcome.get("leaders_killed")]
    assert killing.number == 15 and killing.result.verdict.outcome["leaders_killed"] == ["Duncan Idaho"]
    later = [s for s in steps if s.number > 15]
    assert {s.before["turn"] for s in later} == {1, 2}
    assert all(s.before["factions"]["atreides"]["leaders_in_tanks"] == ["Duncan Idaho"] for s in later)


def test_the_record_keeps_the_storm_order_of_mentat_news_example_seats() -> None:
    """With the seats `mentat new` suggests (Atreides 18, Harkonnen 3, Emperor 6), the record replays the same: the
    storm names as First Player the faction the record has bid, ship and fight first in that turn (gf9:69)."""
    record = read_record(RECORD)
    record.start = {**record.start, "seats": {"atreides": 18, "harkonnen": 3, "emperor": 6}}
    steps = list(replay(record))
    assert all(isinstance(s.result, Applied) for s in steps) and len(steps) == 40
    for storm in (s for s in steps if s.move["action"] == "storm"):
        first = storm.result.verdict.outcome["first_player"]
        turn = [s for s in steps if s.before["turn"] == storm.before["turn"]]
        for action in ("bid", "battle"):
            (opening, *_) = [s for s in turn if s.move["action"] == action]
            assert opening.move.get("faction", opening.move.get("aggressor")) == first, (storm.before["turn"], action)
        (shipping, *_) = [s for s in turn if s.move["action"] in ("ship", "move")]
        assert shipping.move["faction"] == first


def _one_move_apart(record: list[Any], mutant: list[Any]) -> int:
    """The index of the one move a mutant changes, removes or adds (the moves after it are the record's)."""
    i = next(i for i, (a, b) in enumerate(zip([*record, None], [*mutant, None], strict=False)) if a != b)
    after_r, after_m = record[i + 1 :], mutant[i + 1 :]
    changed, removed, added = after_r == after_m, after_r == mutant[i:], record[i:] == after_m
    assert changed or removed or added, f"the mutant differs from the record in more than move {i + 1}"
    return i


@pytest.mark.parametrize("path", MUTANTS, ids=lambda p: p.stem)
def test_each_mutant_stops_at_its_changed_move(path: Path) -> None:
    """A mutant is the record with one move changed, removed or added; the replay plays the same positions up to
    that move and stops there, illegal, with the rule the mutant names."""
    changed = _one_move_apart(read_record(RECORD).moves, read_record(path).moves)
    expect = read_yaml(path)["expect"]
    steps = _steps(path)
    last = steps[-1]
    assert last.number == changed + 1 == expect["stops_at"]
    assert isinstance(last.result, Refused) and last.result.verdict.verdict == "illegal"
    assert last.result.verdict.forbidding() == expect["forbids"]
    played = _steps()
    assert [_after(s) for s in steps[:-1]] == [_after(s) for s in played[:changed]]


def test_the_mutants_cover_the_errors_the_game_asks_for() -> None:
    rules = {read_yaml(p)["expect"]["forbids"][0] for p in MUTANTS}
    assert rules == {
        "gf9.shipment.affordable",  # an extra force shipped
        "gf9.bidding.affordable",  # an overbid
        "gf9.battle.leader-in-tanks",  # a leader reused after being killed
        "overview.phase.order",  # a phase skipped
        "gf9.phase.complete",  # a battle left unfought
        "gf9.phase.next-turn",  # play going on after the victory
        "gf9.revival.limit",  # a fourth force revived in one turn
    }


# -- the record decides what a lone position leaves open -------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "keys", "gap"),
    [
        # turn 1's Spice Collection ends with Atreides' 3 forces by the 2 spice they left in Broken Land: the record
        # wrote that they collected there (this_phase: "collected: Broken Land")
        (18, ("this_phase",), "overview.phase.harvest"),
        # turn 2's Bidding ends: the record wrote the 3 cards dealt (cards_dealt) and each one sold (this_phase)
        (29, ("this_phase", "cards_dealt"), "overview.phase.auction"),
    ],
    ids=["harvest", "auction"],
)
def test_the_record_decides_the_end_of_a_phase_a_lone_position_leaves_open(
    number: int, keys: tuple[str, ...], gap: str
) -> None:
    step = _steps()[number - 1]
    assert step.move == {"action": "next-phase"} and all(k in step.before for k in keys)
    decided = check(load_position({**copy.deepcopy(step.before), "move": step.move}))
    assert decided.verdict == "legal" and gap not in {f.rule.id for f in decided.findings}
    lone = {k: v for k, v in copy.deepcopy(step.before).items() if k not in keys}
    open_ = check(load_position({**lone, "move": step.move}))
    assert open_.verdict == "unresolved"
    assert gap in {f.rule.id for f in open_.findings if f.effect == "unresolved"}
