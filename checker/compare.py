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

from checker.engine import Finding, Verdict, evaluate
from checker.errors import InputError
from checker.family import family_of, family_rulesets
from checker.family import rulesets as every_ruleset
from checker.model import Foreign, without
from checker.positions import load_position
from checker.rules import Rule, layer_of


@dataclass
class Row:
    """One ruleset's answer to the position (``verdict``), or why it cannot express it (``cannot``)."""

    ruleset: str
    verdict: Verdict | None = None
    cannot: str = ""
    notes: list[str] = field(default_factory=list)  # how the position was carried over
    # filled by :func:`compare_data`, beside the other rows: the findings that decided, and what differs from each
    # other ruleset's answer (``verdict``, or the outcome keys both report with different values)
    decided: list[Finding] | None = None
    differs: dict[str, list[str]] = field(default_factory=dict)

    @property
    def decides(self) -> bool:
        """A verdict that decides (legal, illegal, invalid): an open answer or none differs from no other."""
        return self.verdict is not None and self.verdict.verdict != "unresolved"

    def outcome(self) -> dict[str, Any]:
        """The outcome values the row reports."""
        v = self.verdict
        # a value left unknown is not reported: it differs from no other ruleset's
        return {k: x for k, x in v.outcome.items() if k != "unknown"} if v is not None else {}

    def deciding(self) -> list[Finding]:
        """The findings that decided: those forbidding, open, or (legal) those :func:`compare_data` found making the
        difference; alone, a legal row's rules fixing its outcome, else every rule that could have forbidden it."""
        if self.decided is not None:
            return self.decided
        return _deciding(self, [])

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": self.ruleset}
        if self.verdict is None:
            out["verdict"] = None
            out["cannot_express"] = self.cannot
        else:
            out.update(self.verdict.as_json())
            out["deciding"] = list(dict.fromkeys(f.rule.id for f in self.deciding()))
        if self.differs:
            out["differs"] = self.differs
        if self.notes:
            out["carried_over"] = self.notes
        return out


def differences(a: Row, b: Row) -> list[str]:
    """What differs between two decided answers: ``verdict``, or else each outcome key both report with different
    values that a rule fixes (a key one ruleset does not report is no difference, nor the solver's free choice of
    a legal sector or path). Empty where either answer decides nothing."""
    if not (a.decides and b.decides):
        return []
    assert a.verdict is not None and b.verdict is not None
    if a.verdict.verdict != b.verdict.verdict:
        return ["verdict"]
    mine, theirs = _rename(a.outcome(), _faction_map(b.ruleset)), b.outcome()  # in b's spelling (the Imperium)
    fixed = {k for v in (a.verdict, b.verdict) for f in v.findings for k in f.rule.defines}
    return [k for k in mine if k in theirs and k in fixed and mine[k] != theirs[k]]


def _related(a: Rule, b: Rule) -> bool:
    """The same rule, or two rules answering the same question (one replaces the other, or names it its
    counterpart)."""
    return a.id == b.id or b.id in a.counterparts or a.id in b.counterparts


def _deciding(row: Row, others: list[Row]) -> list[Finding]:
    v = row.verdict
    if v is None:
        return []
    if v.verdict in ("illegal", "invalid-position"):
        return [f for f in v.findings if f.effect == "forbids"]
    if v.verdict == "unresolved":
        return [f for f in v.findings if f.effect == "unresolved"]
    permitting = [f for f in v.findings if f.effect == "permits"]
    # the rule that permits here what forbids under a ruleset whose verdict differs
    theirs = [f.rule for o in others if differences(row, o) == ["verdict"] for f in _deciding(o, [])]
    out = [f for f in permitting if any(_related(f.rule, r) for r in theirs)]
    # the rules fixing an outcome value another ruleset gives differently (alone: every value it fixes)
    keys = {k for o in others for k in differences(row, o) if k != "verdict"}
    fixing = [f for f in permitting if f.rule.defines]
    out += [f for f in fixing if f not in out and set(f.rule.defines) & keys]
    # nothing differs: the rules fixing its outcome, or (none) every rule that could have forbidden it, and permits
    return out or fixing or permitting


def agree(a: Row, b: Row) -> bool:
    """Two answers a player would call the same: both decide, the same verdict, no outcome value differs."""
    return a.decides and b.decides and not differences(a, b)


def _faction_map(target: str) -> dict[str, str]:
    lay = layer_of(target)  # its layer alone: importing every chapter of every ruleset was two thirds of a compare
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
    for old, new in names.items():  # noted only where the position names it (its expectation is left out)
        if _mentions(out, old):
            notes.append(f"{old} is {new} in {target}")
    renamed = _rename(out, names)
    assert isinstance(renamed, dict)
    out = renamed
    lay = layer_of(target)
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
    if family is not None and family.foreign is not None:  # keys the target's positions do not have
        out, more = _without_foreign(out, target, family.foreign(out, target))
        notes += more
    return out, notes


def _without_foreign(data: dict[str, Any], target: str, found: list[Foreign]) -> tuple[dict[str, Any], list[str]]:
    """The data without the keys only other rulesets' positions have, and a note for each that said something (a
    move of another ruleset stays: the target cannot express the position, and says so as ``check`` does)."""
    keys = [f for f in found if f.name != "action"]
    notes = [
        f"{f.key} is a key of {f.owners} positions only: {target} reads the position without it"
        for f in keys
        if not f.default
    ]
    return without(data, [f.path for f in keys]), notes


def carried_for(data: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """Data already carried to ``ruleset`` (the conflicts finder's), again without the keys that ruleset's positions
    do not have (a value the finder set)."""
    family = family_of(ruleset)
    if family is None or family.foreign is None:
        return data
    return _without_foreign(data, ruleset, family.foreign(data, ruleset))[0]


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
        return Row(target, verdict=evaluate(load_position(carried, file)), notes=notes)
    except InputError as err:  # what `mentat check --ruleset` says of it, but the file's name (the one compared)
        err.file = None
        return Row(target, cannot=err.message, notes=notes)


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
    rows = [under(data, r, file) for r in chosen]
    for row in rows:
        others = [o for o in rows if o is not row]
        row.differs = {o.ruleset: keys for o in others if (keys := differences(row, o))}
        row.decided = _deciding(row, others)
    return rows


def compare_file(path: str | Path, rulesets: list[str] | None = None) -> list[Row]:
    from checker.positions import read_yaml

    return compare_data(read_yaml(path), rulesets, str(path))


def agreeing(rows: list[Row]) -> list[list[Row]]:
    """Rows grouped with those they agree with (:func:`agree`: every member with every other), in the order first
    seen; an open answer, or a ruleset that cannot express the position, stands alone."""
    groups: list[list[Row]] = []
    for row in rows:
        home = next((g for g in groups if all(agree(row, other) for other in g)), None)
        if home is None:
            groups.append([row])
        else:
            home.append(row)
    return groups


def differ(rows: list[Row]) -> bool:
    """Whether two rulesets that decide (legal, illegal, invalid) decide differently."""
    return any(differences(a, b) for i, a in enumerate(rows) for b in rows[i + 1 :])
