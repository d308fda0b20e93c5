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

from pathlib import Path
from typing import Any

from checker.engine import Verdict, evaluate
from checker.errors import InputError
from checker.position import Position, _check_sectors, _load_move, check_move, load_position, read_position
from checker.yamlio import parse_yaml


def check(position: Position, ruleset: str | None = None) -> Verdict:
    """The verdict on a loaded position (its move, or the position itself)."""
    return evaluate(position, ruleset)


def check_file(path: str | Path, move: str | None = None, ruleset: str | None = None) -> Verdict:
    """Read a position file and judge it; ``move`` (YAML text) replaces the file's move."""
    pos = read_position(path)
    if move is not None:
        pos.move = _parse_move(move)
        try:  # the same checks as a move in the file: sectors, names, plans
            _check_sectors(pos)
            check_move(pos)
        except InputError as err:
            err.key = err.key.replace("move", "--move", 1) if err.key.startswith("move") else err.key
            err.file = str(path)
            raise
    if ruleset is not None:
        from checker.position import RULESETS

        if ruleset not in RULESETS:
            from checker.errors import nearest

            raise InputError("--ruleset", "one of " + ", ".join(RULESETS), ruleset, nearest(ruleset, RULESETS))
    try:
        return check(pos, ruleset)
    except InputError as err:  # a value only the kind reads (a Voice's card): name the file too
        err.file = err.file or str(path)
        if move is not None and err.key.startswith("move"):
            err.key = err.key.replace("move", "--move", 1)
        raise


def check_text(text: str) -> Verdict:
    """Judge a position given as YAML text."""
    try:
        data = parse_yaml(text)
    except Exception as err:
        raise InputError("", "valid YAML", str(err).splitlines()[0]) from None
    return check(load_position(data))


def _parse_move(text: str) -> Any:
    try:
        data = parse_yaml(text)
    except Exception as err:
        raise InputError("--move", "a move as YAML or JSON", str(err).splitlines()[0]) from None
    try:
        return _load_move(data)
    except InputError as err:
        err.key = err.key.replace("move", "--move", 1)
        raise
