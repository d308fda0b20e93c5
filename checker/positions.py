"""Reading a position file, whatever its game: the YAML, its ``ruleset``, then the ruleset's family.

The machinery knows one key of a position, ``ruleset``; the family its layer names reads the rest
(:attr:`checker.family.Family.load`). A ruleset whose layer names no family (a game whose positions
are not modelled yet) is read as an :class:`Unmodelled` position: every question about it answers
``unresolved``, never a guess.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from checker.errors import InputError, nearest
from checker.family import Family, family_of, rulesets


@dataclass
class Unmodelled:
    """A position of a ruleset with no family: its question is kept (``move.action``), nothing else is read."""

    ruleset: str
    title: str = ""
    expect: Any = None
    move: Any = None
    notes: list[str] = field(default_factory=list)


def ruleset_name(value: Any, key: str = "ruleset", file: str | None = None) -> str:
    """A ruleset's name as written (any case, spaces around it), checked against :func:`rulesets`."""
    names = rulesets()
    expected = "one of " + ", ".join(names)
    if isinstance(value, str) and value.strip().lower() in names:
        return value.strip().lower()
    if value is None:
        raise InputError(key, expected, file=file)
    raise InputError(key, expected, value, nearest(str(value), names), file=file)


def load_position(data: Any, file: str | None = None) -> Any:
    """A position from parsed YAML: its ruleset checked here, the rest read by the ruleset's family."""
    if data is None:
        raise InputError(
            "", "a mapping of position keys (ruleset, factions, forces, move, ...); it is empty", file=file
        )
    if not isinstance(data, dict):
        raise InputError(
            "", "a mapping of position keys (ruleset, factions, forces, move, ...)", type(data).__name__, file=file
        )
    ruleset = ruleset_name(data.get("ruleset"), file=file)
    family = family_of(ruleset)
    if family is None:
        return _unmodelled(ruleset, data)
    try:
        return family.load({**data, "ruleset": ruleset}, file)
    except InputError as err:
        err.file = err.file or file
        raise


# The verdicts of the last positions judged on their own, by their data: a game's step judges the position it reaches
# twice (the next phase's rules judge the position the phase change leaves, then the game checks the position it
# reached), and a position's check is a whole solver query. The key is the data as JSON, so only the same position
# under the same rules is answered from here.
_JUDGED: dict[tuple[Any, ...], Any] = {}
JUDGED_KEPT = 32


def judge_position(data: dict[str, Any], file: str | None = None) -> Any:
    """The verdict on a position without its move (an input error raised as by :func:`load_position`)."""
    from checker.engine import evaluate
    from checker.rules import registry_state

    alone = {k: v for k, v in data.items() if k != "move"}
    key = (registry_state(), file, json.dumps(alone, sort_keys=True, default=repr))
    verdict = _JUDGED.get(key)
    if verdict is None:
        verdict = evaluate(load_position(alone, file))
        if len(_JUDGED) >= JUDGED_KEPT:
            del _JUDGED[next(iter(_JUDGED))]  # the oldest
        _JUDGED[key] = verdict
    return verdict


def _unmodelled(ruleset: str, data: dict[str, Any]) -> Unmodelled:
    move = data.get("move")
    action = move.get("action") if isinstance(move, dict) else None
    return Unmodelled(
        ruleset=ruleset,
        title=str(data.get("title") or ""),
        expect=data.get("expect"),
        move=SimpleNamespace(action=action.strip().lower()) if isinstance(action, str) and action.strip() else None,
    )


def with_move(pos: Any, data: Any) -> Any:
    """The position with ``data`` (a move as parsed YAML) as its move, checked by the position's family."""
    family = family_of(pos.ruleset)
    if family is None:
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise InputError("move", "a mapping with an 'action'", data)
        pos.move = SimpleNamespace(action=data["action"].strip().lower())
        return pos
    return family.with_move(pos, data)


def read_yaml(path: str | Path) -> Any:
    """A YAML file's data; an unreadable file or bad YAML is one InputError naming the file (and where)."""
    from checker.yamlio import parse_yaml, yaml_error

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError("", "a readable UTF-8 YAML file", str(err), file=str(path)) from None
    try:
        return parse_yaml(text)
    except Exception as err:  # yaml.YAMLError and its C-loader cousins
        bad = yaml_error(err)
        bad.file = str(path)
        raise bad from None


def read_position(path: str | Path) -> Any:
    """Read and load a position file of any game; every failure is an InputError."""
    return load_position(read_yaml(path), str(path))


def family_of_position(pos: Any) -> Family | None:
    """The family of a loaded position (None for an :class:`Unmodelled` one)."""
    return family_of(pos.ruleset)
