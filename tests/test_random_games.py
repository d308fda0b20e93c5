"""Random games (issue 18, point 4): games played from ``mentat new`` positions by seeded random candidate moves
(``checker/playout.py``; the proposers ``checker/arrakis/playout.py``, ``checker/dice/playout.py``), each candidate
judged by the rules and applied only where legal. After every applied move the position must load and must not be
``invalid-position``, and (under ``MENTAT_VERIFY=all``, as the test suite runs) every rule's two encodings must agree
on every question asked. Every fault is reported with the move that led to it.

The quick profile plays a few short games per ruleset (~20 s on one core); ``python3 dev.py test --long`` plays
longer games with more factions, and the GF9 games (Basic and Advanced) and the overview's must reach every phase of
the turn and the next turn.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from campaigns import LONG

from checker.arrakis.kinds.phase import NINE
from checker.arrakis.position import PHASES
from checker.game import read_record, replay
from checker.playout import Game, play

FOUR = ["atreides", "harkonnen", "fremen", "emperor"]
SIX = [*FOUR, "spacing-guild", "bene-gesserit"]
# (label, ruleset, factions, advanced, [(seed, moves), ...]) for each profile
FIVE_DICE = ["atreides", "bene-gesserit", "corrino", "fremen", "harkonnen"]
QUICK: list[tuple[str, str, list[str], bool, list[tuple[int, int]]]] = [
    ("gf9 basic", "gf9", FOUR, False, [(0, 60)]),
    ("gf9 advanced", "gf9", FOUR, True, [(2, 50)]),
    ("overview", "overview", ["atreides", "harkonnen"], False, [(1, 40)]),
    ("overview advanced", "overview", FOUR, True, [(3, 40)]),
    ("dreamrules", "dreamrules", FOUR, True, [(0, 20)]),
    ("conquest", "conquest", ["atreides", "harkonnen", "fremen", "imperium"], False, [(0, 20)]),
    ("dice", "dice", ["harkonnen", "fremen", "spacing-guild"], False, [(1, 70)]),
    # the Corrino's Reserves of the CHOAM die and the Atreides' Honour draw end each Alliance step
    ("dice choam", "dice", ["atreides", "corrino", "spacing-guild"], False, [(2, 25)]),
    # five players, so the Bene Gesserit may play (dice:45), its prediction picked at setup (dice:243-245)
    ("dice bene gesserit", "dice", FIVE_DICE, False, [(0, 220)]),
]
LONG_GAMES: list[tuple[str, str, list[str], bool, list[tuple[int, int]]]] = [
    ("gf9 basic", "gf9", FOUR, False, [(s, 300) for s in range(4)]),
    ("gf9 basic six", "gf9", SIX, False, [(s, 300) for s in range(2)]),
    ("gf9 advanced", "gf9", FOUR, True, [(s, 300) for s in range(4)]),
    ("gf9 advanced six", "gf9", SIX, True, [(s, 300) for s in range(2)]),
    ("overview", "overview", FOUR, False, [(s, 300) for s in range(3)]),
    ("overview advanced", "overview", SIX, True, [(s, 300) for s in range(2)]),
    ("dreamrules", "dreamrules", [*SIX, "ixians", "bene-tleilax"], True, [(s, 60) for s in range(3)]),
    ("conquest", "conquest", ["atreides", "harkonnen", "fremen", "imperium"], False, [(s, 40) for s in range(3)]),
    ("dice", "dice", ["harkonnen", "fremen", "spacing-guild"], False, [(s, 90) for s in range(6)]),
    (
        "dice choam",
        "dice",
        ["atreides", "harkonnen", "fremen", "corrino", "spacing-guild"],
        False,
        [(0, 150), (1, 150)],
    ),
    ("dice bene gesserit", "dice", FIVE_DICE, False, [(s, 250) for s in range(3)]),
]
CAMPAIGN = LONG_GAMES if LONG else QUICK
# The rulesets whose next phase Mentat decides (gf9, overview: constraints/*/phase.py): their games go through the turn.
PHASED = ("gf9", "overview")
ALL_PHASES = {PHASES[i] for i in NINE}


def _faults(games: list[Game]) -> str:
    lines = []
    for g in games:
        for f in g.faults:
            lines.append(f"{g.ruleset} seed {g.seed} move {f.number} {json.dumps(f.move)}: {f.what}")
    return "\n".join(lines)


_PLAYED: dict[str, list[Game]] = {}


def _games(label: str) -> list[Game]:
    """The campaign's games of one entry, played once per session."""
    if label not in _PLAYED:
        _, ruleset, factions, advanced, runs = next(c for c in CAMPAIGN if c[0] == label)
        _PLAYED[label] = [play(ruleset, factions, advanced, seed=s, moves=n) for s, n in runs]
    return _PLAYED[label]


@pytest.mark.parametrize("label", [c[0] for c in CAMPAIGN])
def test_random_games_reach_no_invalid_position(label: str) -> None:
    """No move applied by a random game leads to a position that does not load, is invalid, or on which a rule's
    two encodings disagree; and the game applied moves (a proposer that never gets a move applied tests nothing)."""
    games = _games(label)
    assert not _faults(games), f"random games of {label} reached faults:\n{_faults(games)}"
    assert all(g.moves for g in games), [g.ended for g in games if not g.moves]
    for g in games:
        print(f"{label} seed {g.seed}: {len(g.moves)} moves, {g.judged} judged; reached {g.stages}; ended: {g.ended}")


@pytest.mark.parametrize("ruleset", PHASED)
def test_random_games_go_through_the_turn(ruleset: str) -> None:
    """The GF9 (Basic and Advanced) and overview games from `mentat new` reach every phase of the turn (the Nexus too
    in the long campaign), and the next turn: each phase ended by a next-phase move the rules judged complete."""
    for advanced in sorted({c[3] for c in CAMPAIGN if c[1] == ruleset}):
        games = [g for c in CAMPAIGN if c[1] == ruleset and c[3] == advanced for g in _games(c[0])]
        reached = {s for g in games for s in g.stages}
        which = f"{ruleset}{' advanced' if advanced else ''}"
        assert ALL_PHASES <= reached, f"{which} never reached {sorted(ALL_PHASES - reached)}"
        assert any(g.kinds["next-phase"] > len(NINE) for g in games), f"no {which} game went on into a second turn"
        if LONG:
            assert "nexus" in reached, f"no {which} game reached a Nexus"


def test_dreamrules_games_stop_at_the_spice_blow_the_council_leaves_open() -> None:
    """Dreamrules' turn (constraints/dreamrules/phase.py): the Storm, the Nexus its own phase, the Spice Blow; the Spice
    Blow's end waits on council question #1837 (dreamrules.phase.spice-draws), so its games go no further yet."""
    games = _games("dreamrules")
    assert all(g.stages == ["storm", "nexus", "spice-blow"] for g in games), [g.stages for g in games]
    assert all("dreamrules.phase.spice-draws" in g.ended for g in games)


def test_dice_games_play_every_kind_of_move_round_after_round_to_the_end() -> None:
    """A Dice Game from `mentat new` (its printed boards' numbers and borders MADE UP, checker/dice/playout.py) rolls
    each round's dice by moves, plays every kind of move, and goes round after round to the end of the sixth, where
    the position's own verdict names the winner and no move is carried further."""
    from checker.api import check
    from checker.dice.position import ACTIONS
    from checker.positions import load_position

    games = _games("dice")
    played = {k for g in [*games, *_games("dice choam")] for k in g.kinds}
    assert set(ACTIONS) <= played, [dict(g.kinds) for g in games]
    ended = [g for g in games if g.position.get("round") == 6 and g.position.get("step") == "end"]
    assert ended, [(g.position.get("round"), g.ended) for g in games]
    for g in ended:
        assert g.kinds["roll"] == 6 * len(g.factions)  # every Faction's roll, every round
        v = check(load_position(copy.deepcopy(g.position)))
        assert v.verdict == "legal" and v.outcome.get("winner") in g.factions, (v.verdict, v.outcome)


def test_five_player_dice_games_seat_the_bene_gesserit_to_the_end() -> None:
    """The Bene Gesserit plays only with five or more (dice:45): its games from `mentat new`, its secret pick made at
    setup (dice:243-245), go to the end of the sixth round, where the position's verdict names the winners."""
    from checker.api import check
    from checker.positions import load_position

    for g in _games("dice bene gesserit"):
        assert "bene-gesserit" in g.start["factions"] and g.start["factions"]["bene-gesserit"].get("prediction")
        assert g.position.get("round") == 6 and g.position.get("step") == "end", (g.position.get("round"), g.ended)
        v = check(load_position(copy.deepcopy(g.position)))
        winners = v.outcome.get("winner")
        assert v.verdict == "legal" and winners, (v.verdict, v.outcome)
        assert set(winners if isinstance(winners, list) else [winners]) <= set(FIVE_DICE)


def test_a_random_game_replays_as_its_record(tmp_path: Path) -> None:
    """The moves a random game applied form a game record that `mentat replay` plays to the same position."""
    game = _games(CAMPAIGN[0][0])[0]
    path = tmp_path / "game.jsonl"
    header = {k: v for k, v in game.record().items() if k != "moves"}
    path.write_text("\n".join(json.dumps(row) for row in [header, *game.moves]) + "\n", encoding="utf-8")
    steps = list(replay(read_record(path)))
    assert len(steps) == len(game.moves)
    assert all(type(s.result).__name__ == "Applied" for s in steps)


def test_a_transition_that_breaks_the_position_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """The campaign can fail: a storm transition that also puts five forces into Atreides' reserves (beyond its
    twenty tokens) is reported as a fault of that move, with the rule the position breaks."""
    import checker.arrakis.transitions as transitions

    real = transitions.storm

    def broken(data: dict[str, Any], pos: Any, verdict: Any) -> tuple[dict[str, Any], list[str]]:
        after, notes = real(data, pos, verdict)
        after = copy.deepcopy(after)
        after["factions"]["atreides"]["reserves"] += 15
        return after, notes

    monkeypatch.setattr(transitions, "storm", broken)
    game = play("gf9", ["atreides", "harkonnen"], seed=0, moves=5)
    assert game.ended == "a fault"
    assert [f.move["action"] for f in game.faults] == ["storm"]
    assert "gf9.position.force-supply" in game.faults[0].what
