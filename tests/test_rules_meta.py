"""What every rule must carry, and that the cases show every gf9 rule at work both ways."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker.cases import left_open
from checker.facts import KINDS
from checker.rules import LAYERS, REGISTRY, load_all, ruleset_rules
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"^(?P<layer>[a-z0-9]+)\.(?P<chapter>[a-z0-9-]+)\.(?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)$")
RULES = sorted(load_all())
GF9 = sorted(ruleset_rules("gf9"))
IN_FORCE = {name: set(ruleset_rules(name)) for name in LAYERS}
REPLACED = {old for r in REGISTRY.values() for old in r.replaces} | {
    rid for lay in LAYERS.values() for rid in lay.removes
}


def _cases() -> list[tuple[Path, dict]]:
    out = []
    for path in sorted(ROOT.glob("cases/*/*.yaml")):
        data = parse_yaml(path.read_text(encoding="utf-8")) or {}
        out.append((path, data.get("expect") or {}))
    return out


def _sides() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    forbidding: dict[str, list[str]] = {}
    permitting: dict[str, list[str]] = {}
    for path, expect in _cases():
        for rid in REGISTRY:  # an open question is shown by a case whose unresolved reason (or unknown value) names it
            if rid in left_open(expect):
                permitting.setdefault(rid, []).append(path.name)
        for rid in set(expect.get("forbids") or []) | set(expect.get("minimal_reason") or []):
            forbidding.setdefault(rid, []).append(path.name)
        for rid in expect.get("permits") or []:
            permitting.setdefault(rid, []).append(path.name)
    return forbidding, permitting


FORBIDDING, PERMITTING = _sides()


def test_there_are_rules() -> None:
    assert RULES and GF9


@pytest.mark.parametrize("rule_id", RULES)
def test_rule_is_complete(rule_id: str) -> None:
    from checker.arrakis.kinds import load_kinds

    load_kinds()

    r = REGISTRY[rule_id]
    assert ID.match(r.id), f"{r.id} is not <layer>.<chapter>.<name> in lower-case words"
    assert r.layer in LAYERS, f"{r.id}: no layer {r.layer!r} is declared"
    assert r.title.strip(), f"{r.id} has no title"
    assert r.doc.strip(), f"{r.id}'s check has no docstring"
    assert r.cites, f"{r.id} cites nothing"
    assert r.on in KINDS, f"{r.id} is on {r.on!r}, not a kind of question ({', '.join(KINDS)})"
    assert callable(r.form), f"{r.id} has no z3 form"
    assert r.status in ("confirmed", "unresolved", "gap"), f"{r.id}: status {r.status!r}"
    if r.open:
        assert r.reason.strip(), f"{r.id} is unresolved without a reason"
    for old in r.replaces:
        assert old in REGISTRY, f"{r.id} replaces {old}, which does not exist"
    if r.defines:
        assert r.permits, f"{r.id} defines {r.defines} without a permits message"
    else:
        assert r.forbids or r.one_sided, f"{r.id} has no forbids message"


def test_layers_remove_only_existing_rules() -> None:
    for lay in LAYERS.values():
        assert lay.base is None or lay.base in LAYERS
        for rid in lay.removes:
            assert rid in REGISTRY, f"layer {lay.name} removes {rid}, which does not exist"


def test_every_rule_named_by_a_case_exists() -> None:
    for path, expect in _cases():
        named = (
            set(expect.get("forbids") or [])
            | set(expect.get("minimal_reason") or [])
            | set(expect.get("permits") or [])
        )
        unknown = sorted(named - set(REGISTRY))
        assert not unknown, f"{path.name} names rules that do not exist: {unknown}"


@pytest.mark.parametrize("rule_id", RULES)
def test_rule_is_shown_forbidding_and_permitting(rule_id: str) -> None:
    r = REGISTRY[rule_id]
    if r.open and not any(rule_id in IN_FORCE[name] for name in LAYERS):
        # an open question of the overview that gf9 answers in its place under both rulesets (the overview
        # falls back on gf9 where it only defers): no case can reach it; the rules answering it must exist
        assert r.id in REPLACED, f"{rule_id}: in no ruleset, and no rule answers in its place"
        return
    if r.open:  # an open question or a gap: one case must show it left open
        assert rule_id in PERMITTING, f"{rule_id}: no case names it in expect.reason (unresolved) or expect.unknown"
        return
    need = []
    if rule_id not in FORBIDDING:
        need.append("forbids (expect.forbids or expect.minimal_reason)")
    if rule_id not in PERMITTING:
        need.append("permits (expect.permits)")
    if r.one_sided and len(need) == 1:
        return  # one side cannot be shown, and the rule says why
    assert not need, (
        f"{rule_id}: no case shows it "
        + " nor ".join(need)
        + ("" if r.one_sided else " (set one_sided='why' where a side cannot be shown)")
    )


MAX_FINDING_LINES = 3  # one clause, one finding: supporting lines go under see_also, shown in the rulebook


@pytest.mark.parametrize("rule_id", RULES)
def test_a_finding_quotes_one_clause(rule_id: str) -> None:
    """A finding cites the lines of its clause only (at most three); the rest are the rule's `see_also`."""
    r = REGISTRY[rule_id]
    # lines a ``cite_when`` keeps only where they speak to the position: counted per finding where the rule says how
    # many it keeps at most (overview.phase.order: two phases' headings, tests/test_game_phase.py)
    quoted = sum(c.last - c.first + 1 for c in r.cites if c.ref not in r.cite_when)
    assert quoted <= MAX_FINDING_LINES, (
        f"{rule_id} quotes {quoted} lines in every finding ({', '.join(map(str, r.cites))}): keep the deciding "
        f"clause in cites and move supporting lines to see_also"
    )
    overlap = {(c.doc, n) for c in r.cites for n in range(c.first, c.last + 1)} & {
        (c.doc, n) for c in r.see_also for n in range(c.first, c.last + 1)
    }
    assert not overlap, f"{rule_id} cites and names as see-also the same lines: {sorted(overlap)}"


def test_a_check_imports_every_chapter_its_ruleset_needs() -> None:
    """A check imports only its ruleset's chapters for its kind of question (a cold start loads little); each
    rule in force there, and each module saying one of them again in that ruleset's text, is among them."""
    import pkgutil

    import constraints
    from checker.rules import _RESTATED_BY, _kinds_said, _stack, chapters_for

    load_all()

    index = {
        info.name: (info.ispkg, _kinds_said(info.name))
        for info in pkgutil.walk_packages(constraints.__path__, "constraints.")
    }
    checked = 0
    for ruleset in LAYERS:
        for on in sorted({r.on for r in REGISTRY.values()}):
            loaded = set(chapters_for(on, ruleset, index))
            for r in ruleset_rules(ruleset).values():
                if r.on != on or not r.module.startswith("constraints."):
                    continue
                assert r.module in loaded, f"{ruleset}/{on}: {r.id} is registered by {r.module}, not imported"
                checked += 1
                for module, rids in _RESTATED_BY.items():
                    if r.id in rids and module.split(".")[1] in _stack(ruleset):
                        assert module in loaded, f"{ruleset}/{on}: {module} restates {r.id}, not imported"
    assert checked > 1000
    # and it is a narrowing: a gf9 shipment does not import the Dice Game or Dreamrules
    gf9_ship = chapters_for("ship", "gf9", index)
    assert not [m for m in gf9_ship if m.startswith(("constraints.dice", "constraints.dreamrules"))]
