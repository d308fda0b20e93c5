"""Random games: a game played from a ``mentat new`` position by candidate moves a family proposes, each judged by
the rules and applied where legal (``checker.game.apply``), as a game record's replay would apply it.

The machinery knows no game: a family names its ``Playout`` (``Family.playout``, "module:attribute"), which proposes
candidate moves for a position (any may be illegal: only legal ones are applied), says where the game stands
(its phase or step), and may fill in a new position's choices its players make before the first move.

After every applied move the position must load and must not be ``invalid-position``; under ``MENTAT_VERIFY=all``
every rule's two encodings are compared on every question asked, and a disagreement is a fault too. Each fault is
kept with the move that led to it and the position before it: it is a bug in a transition or a rule until shown
otherwise. The moves applied form a game record (``record()``) that ``mentat replay`` plays the same way.
"""

from __future__ import annotations

import copy
import importlib
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from checker.engine import InternalError
from checker.errors import InputError
from checker.game import Applied, _ahead, apply, repeated

Data = dict[str, Any]


@dataclass(frozen=True)
class Playout:
    """A family's random player: ``propose`` (position data, a seeded random) -> candidate moves in the order to
    try them; ``stage``: where the game stands (the phase, the step); ``prepare``: ``mentat new``'s text -> the
    starting position with the choices its players make before the first move filled in (where ``mentat new`` leaves
    them as placeholders); None: the text read as it is."""

    propose: Callable[[Data, random.Random], list[Data]]
    stage: Callable[[Data], str]
    prepare: Callable[[str, random.Random], Data] | None = None


@dataclass
class Fault:
    """A move that led to a position Mentat calls invalid (or to a rule disagreeing with itself, or a crash)."""

    number: int  # the move's number in the game (from 1; 0: the start)
    move: Data
    what: str
    before: Data


@dataclass
class Game:
    """One random game: its start and applied moves (a record), what was reached, and the faults found."""

    ruleset: str
    factions: list[str]
    advanced: bool
    seed: int
    start: Data
    moves: list[Data] = field(default_factory=list)
    judged: int = 0  # candidate moves judged (applied or not)
    stages: list[str] = field(default_factory=list)  # every stage reached, in order of first reaching it
    kinds: Counter[str] = field(default_factory=Counter)  # applied moves by action
    faults: list[Fault] = field(default_factory=list)
    ended: str = ""  # why the game stopped
    position: Data = field(default_factory=dict)  # the position the game reached
    seconds: float = 0.0

    def record(self) -> Data:
        """The game as a game record (the published format): its start and its moves."""
        return {
            "record": 1,
            "title": f"random game {self.ruleset} seed {self.seed}",
            "start": self.start,
            "moves": self.moves,
        }


def playout_of(ruleset: str) -> tuple[Any, Playout]:
    """The family of a ruleset and its random player."""
    from checker.family import family_of

    family = family_of(ruleset)
    if family is None or family.playout is None:
        raise InputError("ruleset", "a ruleset whose family has a random player", ruleset)
    module, _, name = family.playout.partition(":")
    return family, getattr(importlib.import_module(module), name)


def fault_of(data: Data) -> str | None:
    """What is wrong with a position a game reached: it does not load, or it is invalid (None: neither)."""
    from checker.positions import judge_position

    try:
        verdict = judge_position(data)
    except InputError as err:
        return f"the position does not load: {err}"
    except InternalError as err:
        return str(err)
    if verdict.verdict == "invalid-position":
        found = [f"{f.rule.id}: {f.message}" for f in verdict.findings if f.effect == "forbids"]
        return "invalid-position: " + "; ".join(found[:3])
    return None


def _why(move: Data, verdict: Any) -> str:
    """A refusal in a few words: the kind, the verdict, and the rule (or reason) that decided it."""
    ruled = verdict.forbidding() if verdict.verdict in ("illegal", "invalid-position") else []
    reason = ruled[0] if ruled else (verdict.reason or "")
    return f"{move.get('action')} {verdict.verdict}" + (f" ({reason[:160]})" if reason else "")


def play(
    ruleset: str,
    factions: list[str],
    advanced: bool = False,
    seed: int = 0,
    moves: int = 50,
    patience: int = 5,
) -> Game:
    """A random game of at most ``moves`` applied moves from ``mentat new``'s position: at each move the first of the
    candidates proposed that applies is played. The game ends at ``moves``, at a fault, or when ``patience`` rounds of
    candidates in a row apply none."""
    from checker.positions import load_position
    from checker.yamlio import parse_yaml

    clock = time.perf_counter()
    rng = random.Random(seed)
    family, player = playout_of(ruleset)
    text = family.new(ruleset, factions, advanced)
    data = parse_yaml(text) if player.prepare is None else player.prepare(text, rng)
    assert isinstance(data, dict)
    game = Game(ruleset, factions, advanced, seed, copy.deepcopy(data))
    game.stages.append(player.stage(data))
    wrong = fault_of(data)
    if wrong:
        game.faults.append(Fault(0, {}, wrong, data))
        game.ended = "the starting position is at fault"
    played: set[Any] = set()
    idle = 0
    refusals: Counter[str] = Counter()
    while not game.ended and len(game.moves) < moves:
        for move in player.propose(data, rng):
            game.judged += 1
            before, ahead = _ahead(data, move)
            if isinstance(ahead, str):  # the game cannot be carried to this move (a step the text does not carry)
                refusals["not carried to it"] += 1
                continue
            number = len(game.moves) + 1
            try:
                candidate = {**before, "move": move}
                loaded = load_position(candidate)
                if repeated(candidate, loaded, played):
                    refusals["a kind already played in this stretch"] += 1  # apply refuses it too (cheaper here)
                    continue
                result = apply(candidate, None, played, loaded)
            except InputError:  # a candidate the loader refuses: the proposer's, not a rule's
                refusals["input error"] += 1
                continue
            except Exception as err:  # a rule disagreeing with itself, a transition's crash: a bug
                game.faults.append(Fault(number, move, f"{type(err).__name__}: {err}", before))
                game.ended = "a fault"
                break
            if not isinstance(result, Applied):
                refusals[_why(move, result.verdict)] += 1
                continue
            wrong = fault_of(result.data)
            if wrong:
                game.faults.append(Fault(number, move, wrong, before))
                game.ended = "a fault"
                break
            data = result.data
            game.moves.append(move)
            game.kinds[str(move.get("action"))] += 1
            stage = player.stage(data)
            if stage not in game.stages:
                game.stages.append(stage)
            idle = 0
            refusals.clear()
            break
        else:
            idle += 1
            if idle >= patience:
                seen = ", ".join(f"{n} {why}" for why, n in refusals.most_common()) or "no candidates"
                game.ended = f"no candidate applied at {player.stage(data)} ({seen})"
    game.ended = game.ended or f"{moves} moves"
    game.position = data
    game.seconds = time.perf_counter() - clock
    return game
