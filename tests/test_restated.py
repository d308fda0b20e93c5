"""A ruleset's text saying again what an inherited rule says (``restates``): the rule stays in one place, and a
verdict under that ruleset quotes the ruleset's own lines first, then the rule's."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.engine import evaluate
from checker.positions import load_position
from checker.rules import LAYERS, RESTATED, load_all, ruleset_rules
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
CHARITY = ROOT / "cases/dreamrules/charity-top-up.yaml"


def restated() -> list[tuple[str, str]]:
    load_all()
    return sorted((rid, doc) for rid, docs in RESTATED.items() for doc in docs)


def test_rulesets_say_rules_again() -> None:
    assert ("gf9.charity.top-up", "dreamrules") in restated()


@pytest.mark.parametrize("rule_id,doc", restated(), ids=[f"{rid}@{doc}" for rid, doc in restated()])
def test_a_restated_rule_is_inherited_where_it_is_said_again(rule_id: str, doc: str) -> None:
    rules = load_all()
    assert rule_id in rules, f"restates names {rule_id}, which is no rule"
    r = rules[rule_id]
    assert doc in LAYERS, f"{rule_id} is said again in {doc}, which is no ruleset"
    assert r.layer != doc, f"{rule_id} is {doc}'s own rule: cite the lines on the rule itself"
    # a rule the ruleset replaces or removes is not its answer: quoting its lines there would mislead
    assert rule_id in ruleset_rules(doc), f"{rule_id} is not in force in {doc}"
    own = {(c.doc, n) for c in r.cites for n in range(c.first, c.last + 1)}
    again = {(c.doc, n) for c in RESTATED[rule_id][doc] for n in range(c.first, c.last + 1)}
    assert not own & again


def sources_of(data: dict, rule_id: str) -> list[tuple[str, int]]:  # type: ignore[type-arg]
    from checker.compare import carried_for

    v = evaluate(load_position(carried_for(data, data["ruleset"])))  # without keys its ruleset has not
    f = next(f for f in v.findings if f.rule.id == rule_id)
    return [(c.doc, c.first) for c in f.sources]


def test_a_verdict_quotes_the_asked_rulesets_own_line_first() -> None:
    data = parse_yaml(CHARITY.read_text())
    data.pop("expect")
    assert sources_of(data, "gf9.charity.top-up") == [("dreamrules", 300), ("gf9", 161)]
    data["ruleset"] = "gf9"  # GF9's own verdict quotes GF9 alone
    assert sources_of(data, "gf9.charity.top-up") == [("gf9", 161)]


PARTIAL = """
import json, sys
from checker.rules import CHAPTERS, RESTATED, load_for, ruleset_rules
kind = sys.argv[1]
load_for(kind)
rules = {name: sorted(r for r, x in ruleset_rules(name, kind).items() if x.on == kind) for name in sys.argv[2:]}
chapters = sorted(str(c) for c in CHAPTERS.get(kind, []))
again = sorted(f"{rid}@{doc}" for rid, docs in RESTATED.items() for doc in docs if rid in rules.get(doc, []))
print(json.dumps([rules, chapters, again]))
"""


def test_the_cli_loading_only_one_kinds_chapters_knows_all_they_say() -> None:
    """``mentat check`` imports only the chapter files a kind needs (an index from a full walk): a file that declares
    a kind's chapter or restates its rules without defining one of them must be imported too (the Emperor's gift
    under dreamrules was once `unresolved` in the CLI and legal in the tests)."""
    import json
    import os
    import subprocess
    import sys

    from checker.rules import CHAPTERS, REGISTRY

    load_all()  # a full walk writes the index the partial loads read
    names = sorted(LAYERS)
    for kind in sorted(CHAPTERS):
        out = subprocess.run(
            [sys.executable, "-c", PARTIAL, kind, *names],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ},
        ).stdout
        rules, chapters, again = json.loads(out)
        assert chapters == sorted(str(c) for c in CHAPTERS[kind]), kind
        for name in names:
            assert rules[name] == sorted(r for r, x in ruleset_rules(name).items() if x.on == kind), (kind, name)
        assert again == sorted(
            f"{rid}@{doc}"
            for rid, docs in RESTATED.items()
            for doc in docs
            if REGISTRY[rid].on == kind and rid in ruleset_rules(doc)
        ), kind


def _quoted(path: Path, rule_id: str) -> list[int]:
    v = evaluate(load_position(parse_yaml(path.read_text())))
    return [c.first for f in v.findings if f.rule.id == rule_id for c in f.sources]


@pytest.mark.parametrize(
    "case,lines",
    [
        ("storm-later-dials", [97]),  # Basic: the sand rule alone
        ("qa15a-storm-adv-fremen-half", [97, 411]),  # Advanced Fremen caught: their half too
        ("storm-shield-wall-destroyed", [97, 503]),  # the destroyed wall's lost protection
    ],
)
def test_a_finding_quotes_the_clauses_the_position_brings_in(case: str, lines: list[int]) -> None:
    """One clause, one finding: a rule's line that speaks to some positions only (``cite_when``) is quoted there."""
    assert _quoted(ROOT / f"cases/gf9/{case}.yaml", "gf9.storm.losses") == lines
