"""One position under several rulesets, side by side (``mentat compare``).

Many disputes at a table are "which book are we playing?". A position is carried
from its own ruleset to another by that ruleset's layer: faction names another
game spells differently are mapped (``Layer.names``: GF9's Emperor is Conquest's
Imperium), and its family carries the rest (``Family.carry``: a position on the
GF9 board keeps that board where the other ruleset prints none). A ruleset that
cannot express the position (a faction its game does not have, a move it has no
such question for) says so rather than answer.

>>> rows = compare_data({"ruleset": "gf9", "storm": 3,
...     "factions": {"atreides": {"spice": 10, "reserves": 10}},
...     "move": {"action": "ship", "faction": "atreides", "count": 2, "to": "Carthag"}},
...     rulesets=["gf9", "overview"])
>>> [(r.ruleset, r.verdict.verdict, r.verdict.outcome.get("cost")) for r in rows]
[('gf9', 'legal', 2), ('overview', 'legal', 2)]
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.engine import Verdict, evaluate, kind_of
from checker.errors import InputError
from checker.family import family_of, family_rulesets
from checker.family import rulesets as every_ruleset
from checker.positions import load_position
from checker.rules import LAYERS, load_all


@dataclass
class Row:
    """One ruleset's answer to the position (``verdict``), or why it cannot express it (``cannot``)."""

    ruleset: str
    verdict: Verdict | None = None
    cannot: str = ""
    notes: list[str] = field(default_factory=list)  # how the position was carried over

    def gist(self) -> tuple[Any, ...]:
        """What a player compares: the verdict and the outcome."""
        if self.verdict is None:
            return ("cannot", self.ruleset)
        if self.verdict.verdict == "unresolved":  # open for its own reasons: never "agreeing" with another
            return ("unresolved", self.ruleset)
        # values left unknown are compared by name only: their reasons name each ruleset's own rules
        outcome = {k: (sorted(x) if k == "unknown" else x) for k, x in self.verdict.outcome.items()}
        return (self.verdict.verdict, repr(sorted(outcome.items(), key=lambda kv: kv[0])))

    def deciding(self) -> list[Any]:
        """The findings that decided: those forbidding, open, or fixing an outcome value."""
        v = self.verdict
        if v is None:
            return []
        if v.verdict in ("illegal", "invalid-position"):
            return [f for f in v.findings if f.effect == "forbids"]
        if v.verdict == "unresolved":
            return [f for f in v.findings if f.effect == "unresolved"]
        return [f for f in v.findings if f.rule.defines]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": self.ruleset}
        if self.verdict is None:
            out["verdict"] = None
            out["cannot_express"] = self.cannot
        else:
            out.update(self.verdict.as_json())
            out["deciding"] = [f.rule.id for f in self.deciding()]
        if self.notes:
            out["carried_over"] = self.notes
        return out


def _faction_map(target: str) -> dict[str, str]:
    load_all()
    lay = LAYERS.get(target)
    return dict(lay.names) if lay else {}


def _rename(value: Any, names: dict[str, str]) -> Any:
    """Every faction name (as a key or a value) another game spells differently, in the target's spelling."""
    if isinstance(value, dict):
        return {_rename(k, names): _rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    if isinstance(value, str):
        word = value.strip().lower()
        return names.get(word, value)
    return value


def translate(data: dict[str, Any], target: str) -> tuple[dict[str, Any], list[str]]:
    """The position as ``target`` would read it, and notes on what carrying it over changed."""
    source = str(data.get("ruleset", ""))
    out: dict[str, Any] = copy.deepcopy(data)
    notes: list[str] = []
    out["ruleset"] = target
    out.pop("expect", None)
    if source == target:
        return out, notes
    names = _faction_map(target)
    renamed = _rename(out, names)
    assert isinstance(renamed, dict)
    for old, new in names.items():
        if _mentions(data, old):
            notes.append(f"{old} is {new} in {target}")
    out = renamed
    lay = LAYERS.get(target)
    if lay is not None and lay.carry is not None:
        before = (out.get("move") or {}).get("action") if isinstance(out.get("move"), dict) else None
        out = lay.carry(out)
        after = (out.get("move") or {}).get("action") if isinstance(out.get("move"), dict) else None
        if before != after:
            notes.append(f"a '{before}' move is a '{after}' move in {target}")
    family = family_of(target)
    if family is not None and family.carry is not None:  # what else the family carries (a board)
        out, more = family.carry(out, source, target)
        notes += more
    return out, notes


def _mentions(value: Any, name: str) -> bool:
    if isinstance(value, dict):
        return any(_mentions(k, name) or _mentions(v, name) for k, v in value.items())
    if isinstance(value, list):
        return any(_mentions(v, name) for v in value)
    return isinstance(value, str) and value.strip().lower() == name


def under(data: dict[str, Any], target: str, file: str | None = None) -> Row:
    """The position's answer under one ruleset (or why that ruleset cannot express it)."""
    source = str(data.get("ruleset", "")).strip().lower()
    mine, theirs = family_of(source), family_of(target)
    if target != source and (theirs is None or mine is None or mine.name != theirs.name):
        game = theirs.title if theirs is not None else "a game whose positions Mentat does not model yet"
        return Row(target, cannot=f"{target} is another game ({game}): a {source} position does not carry over")
    carried, notes = translate(data, target)
    try:
        pos = load_position(carried, file)
    except InputError as err:
        return Row(target, cannot=err.message, notes=notes)
    kind = kind_of(pos)
    if kind.name == "unencoded" and pos.move is not None:
        action = getattr(pos.move, "action", "?")
        return Row(target, cannot=f"{target} has no '{action}' question", notes=notes)
    try:
        verdict = evaluate(pos)
    except InputError as err:
        return Row(target, cannot=err.message, notes=notes)
    return Row(target, verdict=verdict, notes=notes)


def compare_data(data: dict[str, Any], rulesets: list[str] | None = None, file: str | None = None) -> list[Row]:
    """The same position under each ruleset (by default every ruleset of its family)."""
    pos = load_position(data, file)  # the position must be usable under its own ruleset
    own = pos.ruleset
    known = every_ruleset()
    chosen = rulesets or list(family_rulesets(own))
    for r in chosen:
        if r not in known:
            from checker.errors import nearest

            raise InputError("--rulesets", "rulesets among " + ", ".join(known), r, nearest(r, known), file=file)
    return [under(data, r, file) for r in chosen]


def compare_file(path: str | Path, rulesets: list[str] | None = None) -> list[Row]:
    from checker.positions import read_yaml

    return compare_data(read_yaml(path), rulesets, str(path))


def agreeing(rows: list[Row]) -> list[list[Row]]:
    """Rows grouped by the same verdict and outcome, in the order first seen."""
    groups: dict[tuple[Any, ...], list[Row]] = {}
    for row in rows:
        groups.setdefault(row.gist(), []).append(row)
    return list(groups.values())


def differ(rows: list[Row]) -> bool:
    """Whether the rulesets that decide (legal, illegal, invalid) decide differently."""
    decided = {r.gist() for r in rows if r.verdict is not None and r.verdict.verdict != "unresolved"}
    return len(decided) > 1
