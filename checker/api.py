"""The Python API, in the manner of python-chess: load a position, ask about a move.

>>> from checker.api import check_text
>>> v = check_text('''
... ruleset: gf9
... storm: 10
... factions: {atreides: {spice: 10, reserves: 10}}
... move: {action: ship, faction: atreides, count: 2, to: Carthag}
... ''')
>>> v.verdict, v.forbidding()
('illegal', ['gf9.shipment.storm-blocks'])
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

from checker import engine
from checker.engine import Verdict, evaluate
from checker.errors import InputError
from checker.positions import load_position, read_position, ruleset_name, with_move
from checker.yamlio import parse_yaml


def check(position: Any, ruleset: str | None = None) -> Verdict:
    """The verdict on a loaded position (its move, or the position itself)."""
    return evaluate(position, ruleset)


def check_file(path: str | Path, move: str | None = None, ruleset: str | None = None) -> Verdict:
    """Read a position file and judge it; ``move`` (YAML text) replaces the file's move. Under another ``ruleset``
    of its game the position is carried over as ``mentat compare`` carries it (names, keys that ruleset has not),
    so both say the same of it.

    A long-lived process (the test suite, the rulebook's build, a server) asks about the same unchanged file again
    and again: the answer is kept, keyed by the file's size and modification time, and each caller gets its own
    copy."""
    try:
        st = Path(path).stat()
    except OSError:
        return _check_file(path, move, ruleset)  # read_position says what is wrong with the path
    settings = (engine.VERIFY_EVERY_RULE, engine.SOLVER_TIMEOUT_MS)
    key = (str(Path(path).resolve()), st.st_mtime_ns, st.st_size, move, ruleset, settings)
    kept = _KEPT.get(key)
    if kept is None:
        kept = _check_file(path, move, ruleset)
        if kept.reason != engine.TIMEOUT:  # a timeout is this moment's, not the position's
            _KEPT[key] = kept
        while len(_KEPT) > _KEEP:
            _KEPT.pop(next(iter(_KEPT)))
    return _copy(kept)


_KEPT: dict[tuple[Any, ...], Verdict] = {}
_KEEP = 8192  # verdicts kept (a few KB each)


def _copy(v: Verdict) -> Verdict:
    """A verdict its caller may change without changing the one kept (rules and quoted lines are shared)."""
    return replace(
        v,
        findings=[replace(f, states=dict(f.states)) for f in v.findings],
        minimal_reason=list(v.minimal_reason),
        outcome=copy.deepcopy(v.outcome),
        missing=list(v.missing),
        notes=list(v.notes),
        value_missing=list(v.value_missing),
        question_missing=list(v.question_missing),
    )


def _check_file(path: str | Path, move: str | None, ruleset: str | None) -> Verdict:
    pos = read_position(path)
    if ruleset is not None:
        ruleset = ruleset_name(ruleset, "--ruleset")
        _same_game(pos.ruleset, ruleset, str(path))
        if ruleset != pos.ruleset:
            return _carried(path, pos.ruleset, ruleset, move)
    if move is not None:
        pos = _moved(pos, move, str(path))
    try:
        return check(pos)
    except InputError as err:  # a value only the kind reads (a Voice's card): name the file too
        err.file = err.file or str(path)
        if move is not None and err.key.startswith("move"):
            err.key = err.key.replace("move", "--move", 1)
        raise


def _moved(pos: Any, move: str, file: str) -> Any:
    """The position with ``--move`` as its move, checked as a move in the file is (sectors, names, plans)."""
    try:
        return with_move(pos, _parse_move(move))
    except InputError as err:
        err.key = err.key.replace("move", "--move", 1) if err.key.startswith("move") else err.key
        err.file = file
        raise


def _carried(path: str | Path, own: str, ruleset: str, move: str | None) -> Verdict:
    """The verdict under another ruleset of the file's game on the position carried there (its notes say how)."""
    from checker.positions import read_yaml

    data = read_yaml(path)
    if move is not None:  # a move of the file's own game first, as if written in the file
        _moved(load_position(data, str(path)), move, str(path))
        data = {**data, "move": _parse_move(move)}
    try:
        return _translated(data, own, ruleset, str(path))
    except InputError as err:
        err.file = err.file or str(path)
        raise


def _translated(data: dict[str, Any], own: str, ruleset: str, file: str | None) -> Verdict:
    """The verdict under ``ruleset`` on a position of ``own`` carried there; its notes say how it was carried."""
    from checker.compare import translate

    carried, notes = translate(data, ruleset)
    verdict = check(load_position(carried, file))
    verdict.notes += [f"carried over from {own}: {note}" for note in notes]
    return verdict


def _same_game(own: str, ruleset: str, file: str | None) -> None:
    """``--ruleset`` judges the position under another ruleset of its own game, never another game's."""
    from checker.family import family_of, family_rulesets

    mine, theirs = family_of(own), family_of(ruleset)
    if mine is not None and theirs is not None and mine.name != theirs.name:
        same = family_rulesets(own)
        raise InputError(
            "--ruleset",
            f"a ruleset of the position's own game ({', '.join(same)}): {ruleset} is another game, {theirs.title}",
            ruleset,
            list(same),
            file=file,
        )


def check_data(data: dict[str, Any], ruleset: str | None = None, file: str | None = None) -> Verdict:
    """Judge a position given as data (``mentat serve``): under ``ruleset``, another of its game's, carried over as
    ``mentat check --ruleset`` carries a file's."""
    pos = load_position(data, file)
    if ruleset is None:
        return check(pos)
    ruleset = ruleset_name(ruleset, "ruleset", file)
    _same_game(pos.ruleset, ruleset, file)
    if ruleset == pos.ruleset:
        return check(pos)
    return _translated(data, pos.ruleset, ruleset, file)


def check_text(text: str) -> Verdict:
    """Judge a position given as YAML text."""
    try:
        data = parse_yaml(text)
    except Exception as err:
        raise InputError("", "valid YAML", str(err).splitlines()[0]) from None
    return check(load_position(data))


def _parse_move(text: str) -> Any:
    try:
        return parse_yaml(text)
    except Exception as err:
        raise InputError("--move", "a move as YAML or JSON", str(err).splitlines()[0]) from None
