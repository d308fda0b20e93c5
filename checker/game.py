"""A game carried forward: a legal move applied to its position, and a game record replayed move by move.

The machinery knows no game. A family names, per kind of question, the function that carries a position over a
legal move (``Family.transitions``: the position's data, the loaded position and the verdict in, the data after
the move out). The verdict's outcome decides what changes; a transition never works out a rule again. A move
whose verdict is not ``legal``, or whose kind (or variant of it) no transition carries yet, is not applied: the
answer is the verdict, or ``unresolved`` saying what Mentat does not carry forward yet.

A game record (``../shared/spec/position-format.md``, "Game records") is one YAML document: ``record: 1``, a
``start`` (the parameters of ``mentat new``, ``position: FILE``, or an inline position) and ``moves`` in order,
each a move as ``mentat check`` takes it.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.engine import Verdict, evaluate
from checker.errors import InputError, nearest

# (position data, position, verdict) -> (the data after the move, notes on what changed beyond the outcome)
Transition = Callable[[dict[str, Any], Any, Verdict], tuple[dict[str, Any], list[str]]]


class NotCarried(Exception):
    """A legal move of a kind, or a variant of it, that no transition carries forward yet (the answer is then
    ``unresolved``: Mentat would have to guess the position after it)."""


@dataclass
class Applied:
    """The position after a move: its data in the published format (no move), the move's verdict, and notes."""

    data: dict[str, Any]
    verdict: Verdict
    notes: list[str] = field(default_factory=list)


@dataclass
class Refused:
    """A move that is not applied: its verdict (illegal, unresolved, invalid-position, or unresolved because no
    transition carries it yet)."""

    verdict: Verdict


def apply(
    data: dict[str, Any], source: str | None = None, played: set[Any] | None = None, pos: Any = None
) -> Applied | Refused:
    """Judge a position's move and, where it is legal, carry the position over it. ``played``: in a replay, the
    (stretch, faction or None, kind) of each move applied so far (a second one the family does not allow for is
    answered unresolved; the applied move is added). ``pos``: ``data`` already loaded, where the caller has it."""
    from checker.family import family_of
    from checker.positions import judge_position, load_position

    if pos is None:
        pos = load_position(data, source)  # the loader reads the data and never changes it (tests/test_game.py)
    if getattr(pos, "move", None) is None:
        raise InputError("move", "a move to apply (the position has none)", None)
    verdict = evaluate(pos)
    if verdict.verdict != "legal":
        return Refused(verdict)
    if played is None or not played:  # a game is carried on from a valid position (a replay checks its start once)
        alone = judge_position(data, source)
        if alone.verdict == "invalid-position":
            return Refused(alone)
    family = family_of(pos.ruleset)
    assert family is not None  # a position of a ruleset without a family has no legal move
    kind = family.kind_name(pos)
    target = family.transitions.get(kind)
    if target is None:
        return Refused(_not_carried(verdict, f"Mentat does not carry a position over '{kind}' moves yet"))
    again = repeated(data, pos, played)
    if again:
        return Refused(_unresolved(verdict, again))
    faction = getattr(pos.move, "faction", None)
    stretch = family.stretch(data) if family.stretch is not None else None
    module, _, name = target.partition(":")
    transition: Transition = getattr(importlib.import_module(module), name)
    try:
        after, notes = transition(copy.deepcopy(data), pos, verdict)
    except NotCarried as why:
        return Refused(_not_carried(verdict, str(why)))
    for key in ("move", "expect", "title", "notes"):  # a case's title, notes and expectations speak of its move
        after.pop(key, None)
    if family.advance is not None:  # the step the move ends, and what follows it in the text
        try:
            after, more = family.advance(after, kind, None)
        except NotCarried as why:
            return Refused(_not_carried(verdict, str(why)))
        notes = [*notes, *more]
    if played is not None:
        played.add((stretch, faction, kind))
    return Applied(after, verdict, notes)


def repeated(data: dict[str, Any], pos: Any, played: set[Any] | None) -> str:
    """Why a record's move is not carried where the record already has one of its kind, by the same faction, in the
    same stretch of play, and its family does not allow for another ("" where it is not so)."""
    from checker.family import family_of

    family = family_of(pos.ruleset)
    if not played or family is None:
        return ""
    kind = family.kind_name(pos)
    faction = getattr(pos.move, "faction", None)
    stretch = family.stretch(data) if family.stretch is not None else None
    if family.history_given is not None:
        given = family.history_given(data, faction, kind)
    else:
        given = isinstance(data.get(family.history), list)
    judged = kind in family.judged_by_history and given
    if kind in family.may_repeat or judged or (stretch, faction, kind) not in played:
        return ""
    who = f"{faction} already played" if faction else "the record already has"
    return (
        f"{who} a '{kind}' move earlier in this record, in the same stretch of play: how often one may is not a fact "
        "of a lone position, and Mentat does not read the record for it yet"
    )


def apply_json(data: dict[str, Any], source: str | None = None) -> dict[str, Any]:
    """``mentat apply --json`` of a position with its move (``mentat serve``'s ``/api/apply``)."""
    return applied_json(apply(data, source))


def applied_json(result: Applied | Refused) -> dict[str, Any]:
    """An application as ``mentat apply --json`` prints it: the verdict and the position after the move, or the
    ruling that kept it from being applied (``applied: false``)."""
    if not isinstance(result, Applied):
        return {"applied": False, **result.verdict.as_json()}
    return {"applied": True, "verdict": result.verdict.as_json(), "position": result.data, "notes": result.notes}


def position_yaml(data: dict[str, Any]) -> str:
    """A position as the published format's YAML, keys in the order given."""
    import yaml

    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)


def _not_carried(verdict: Verdict, why: str) -> Verdict:
    """The legal verdict, answered ``unresolved`` for applying: the position after the move is not worked out."""
    return _unresolved(verdict, f"{why}: the move is legal, but the position after it would be a guess")


def _unresolved(verdict: Verdict, reason: str) -> Verdict:
    """A copy of a legal verdict answered ``unresolved`` for applying, with the reason."""
    out = copy.copy(verdict)
    out.verdict, out.reason = "unresolved", reason
    return out


# -- game records --------------------------------------------------------------------------------------------


@dataclass
class Record:
    """A game record: where the game starts, and its moves in order."""

    start: dict[str, Any]  # the starting position's data
    moves: list[dict[str, Any]]
    title: str = ""
    source: str | None = None  # the record's file


@dataclass
class Step:
    """One move of a replay: its number (from 1), the position before it, and what became of it."""

    number: int
    move: dict[str, Any]
    before: dict[str, Any]
    result: Applied | Refused


@dataclass
class Replayed:
    """A replay's end: the moves applied, and where it stopped (the first move not applied) or the position after
    the last."""

    record: Record
    steps: list[Step]

    @property
    def last(self) -> Step | None:
        return self.steps[-1] if self.steps else None

    @property
    def stopped(self) -> bool:
        return self.last is not None and not isinstance(self.last.result, Applied)

    @property
    def applied(self) -> int:
        return len(self.steps) - int(self.stopped)

    @property
    def verdict(self) -> Verdict | None:
        return self.last.result.verdict if self.last is not None else None

    @property
    def position(self) -> dict[str, Any]:
        """Stopped: the position before the move, with it (``mentat check`` reproduces the ruling); else the
        position after the last move applied."""
        last = self.last
        if last is None:
            return dict(self.record.start)
        if isinstance(last.result, Applied):
            return last.result.data
        return {**last.before, "move": last.move}

    @property
    def exit_code(self) -> int:
        return self.verdict.exit_code if self.stopped and self.verdict is not None else 0

    def as_json(self, written: str | None = None) -> dict[str, Any]:
        """``mentat replay --json`` (``written``: the file the position went to)."""
        body: dict[str, Any] = {"moves": len(self.record.moves), "applied": self.applied, "stopped": self.stopped}
        last, verdict = self.last, self.verdict
        if self.stopped and last is not None and verdict is not None:
            body.update({"move_number": last.number, "move": last.move, "ruling": verdict.as_json()})
        if written is not None:
            body["written"] = written
        body["position"] = self.position
        return body


def read_record(path: str | Path) -> Record:
    """A game record file (YAML, one document), its start worked out (``mentat new``'s parameters, a position
    file relative to the record, or an inline position)."""
    from checker.positions import read_yaml

    where = str(path)
    if where.endswith(".jsonl"):
        try:
            raw = _read_lines(Path(path))
        except InputError as err:
            err.file = where
            raise
        except (OSError, UnicodeDecodeError, ValueError) as err:
            raise InputError("", "a readable game record in JSON Lines", str(err), file=where) from None
    else:
        raw = read_yaml(path)  # an unreadable file or bad YAML: one InputError naming the file
    return record_from_data(raw, where, Path(path).parent)


def record_from_data(raw: Any, where: str | None = None, base: Path | None = None) -> Record:
    """A game record read from its data; a start ``position: FILE`` is read relative to ``base`` (None: refused,
    as ``mentat serve`` refuses it: a request names no file of the server's)."""
    if not isinstance(raw, dict) or "moves" not in raw or "start" not in raw:
        raise InputError("", "a game record: a mapping with record, start and moves", raw, file=where)
    if raw.get("record", 1) != 1:
        raise InputError("record", "1 (the record format's version)", raw.get("record"), file=where)
    unknown = [str(k) for k in raw if k not in RECORD_KEYS]
    if unknown:
        raise InputError(
            unknown[0], "one of a record's keys " + ", ".join(RECORD_KEYS), None, nearest(unknown[0], RECORD_KEYS)
        )
    moves = raw["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        raise InputError("moves", "a list of moves, each a mapping as a position's move", moves, file=where)
    try:
        start = _start(raw["start"], base, where)
    except InputError as err:
        err.file = err.file or where
        raise
    return Record(start, moves, str(raw.get("title") or ""), where)


RECORD_KEYS = ("record", "title", "start", "moves", "expect")  # expect: what a case's replay should give
NEW_KEYS = ("ruleset", "factions", "advanced")  # a start given as `mentat new`'s parameters


def _read_lines(path: Path) -> Any:
    """A record in JSON Lines (long games): the first line the header (record, title, start), then a move a line."""
    import json

    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except ValueError as err:  # json's own position counts within the line: say which line of the file
            why = getattr(err, "msg", str(err))
            column = getattr(err, "colno", None)
            at = f"line {number}" + (f", column {column}" if column else "")
            raise InputError("", f"a game record in JSON Lines, one JSON value a line (at {at})", why) from None
    if not rows or not isinstance(rows[0], dict):
        return rows
    return {**rows[0], "moves": rows[1:]}


def _start(start: Any, base: Path | None, where: str | None) -> dict[str, Any]:
    from checker.family import family_of
    from checker.positions import read_yaml
    from checker.yamlio import parse_yaml

    if not isinstance(start, dict):
        raise InputError("start", "a mapping: position: FILE, an inline position, or ruleset and factions", start)
    if "position" in start:
        from checker.yamlio import refuse_file

        extra = [str(k) for k in start if k != "position"]
        if extra:  # a position file is the whole start: nothing beside it would be read
            raise InputError(f"start.{extra[0]}", "nothing beside start.position (the file is the whole start)", None)

        refuse_file("start.position", start["position"], "an inline position or mentat new's ruleset and factions")
        if base is None:
            raise InputError("start.position", "an inline position or mentat new's ruleset and factions", start)
        file = base / str(start["position"])
        data = read_yaml(file)
        if not isinstance(data, dict):
            raise InputError("start.position", "a position file (a mapping)", data, file=str(file))
        return data
    if "factions" in start and isinstance(start["factions"], list):  # the parameters of `mentat new`
        extra = [str(k) for k in start if k not in NEW_KEYS]
        if extra:  # `mentat new`'s parameters only; anything else would be dropped from the start
            raise InputError(
                f"start.{extra[0]}",
                "one of mentat new's parameters "
                + ", ".join(NEW_KEYS)
                + " (or an inline position, factions a mapping)",
                None,
                nearest(extra[0], NEW_KEYS),
            )
        from checker.positions import ruleset_name

        ruleset = ruleset_name(start.get("ruleset"), "start.ruleset", where)
        family = family_of(ruleset)
        if family is None:
            raise InputError("start.ruleset", "a ruleset Mentat knows", ruleset, file=where)
        advanced = start.get("advanced", False)
        if not isinstance(advanced, bool):
            raise InputError("start.advanced", "true or false", advanced, file=where)
        factions = [str(f) for f in start["factions"]]
        try:
            text = family.new(ruleset, factions, advanced)
        except InputError as err:  # `mentat new`'s words name its options: here they are the start's keys
            err.key = {"--factions": "start.factions", "ruleset": "start.ruleset"}.get(err.key, f"start.{err.key}")
            raise
        data = parse_yaml(text)
        assert isinstance(data, dict)
        return data
    return dict(start)  # an inline position


def replay(record: Record, to: int | None = None) -> Iterator[Step]:
    """Each move of the record applied in turn; stops after the first move not applied (or after move ``to``)."""
    data = {k: v for k, v in record.start.items() if k not in ("move", "expect")}
    played: set[Any] = set()
    for number, move in enumerate(record.moves, start=1):
        if to is not None and number > to:
            return
        before, ahead = _ahead(data, move)
        try:
            result = apply({**before, "move": move}, record.source, played)
        except InputError as err:
            err.key = f"moves[{number - 1}]" + (f".{err.key.removeprefix('move').lstrip('.')}" if err.key else "")
            err.file = err.file or record.source
            raise
        if isinstance(ahead, str):  # the record cannot be carried to this move: it is not judged where it stands
            refused = _unresolved(result.verdict, ahead)
            refused.findings, refused.minimal_reason = [], []
            result = Refused(refused)
        elif isinstance(result, Applied):
            result.notes = [*ahead, *result.notes]
        elif ahead:  # what carried the record to the move, said with the ruling that stops it
            refused = copy.copy(result.verdict)
            refused.notes = [*ahead, *(n for n in refused.notes if n not in ahead)]
            result = Refused(refused)
        yield Step(number, move, before, result)
        if isinstance(result, Refused):
            return
        data = result.data


def _ahead(data: dict[str, Any], move: dict[str, Any]) -> tuple[dict[str, Any], list[str] | str]:
    """The position carried forward to where the record's next move is played (the family's ``advance``: the
    steps the text says come between), and notes saying so; or the position as it is and why it cannot be."""
    from checker.family import family_of

    family = family_of(str(data.get("ruleset", "")))
    if family is None or family.advance is None:
        return data, []
    try:
        return family.advance(copy.deepcopy(data), None, move)
    except NotCarried as why:
        return data, f"{why}: Mentat cannot carry the game to this move"
