"""Coverage as a promise: a kind of question Mentat answers leaves no line of its chapters unclassified.

Every line a kind answers from (declared with ``chapter()`` beside the rules) is encoded by a rule,
set aside with a reason, or covered by a gap rule whose answer is ``unresolved``. A line still "to do"
there could change an answer the tool gives with confidence.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from checker.arrakis.kinds import load_kinds
from checker.cli import app
from checker.coverage import chapter_lines, coverage, report, spans, todo_in_chapters
from checker.facts import KINDS
from checker.rules import REGISTRY, SET_ASIDE, load_all

load_all()
load_kinds()
ANSWERED = sorted(k for k in KINDS if k != "unencoded")


def test_every_answered_kind_names_its_chapters() -> None:
    declared = chapter_lines()
    missing = [k for k in ANSWERED if k not in declared]
    assert not missing, f"kinds answered without declared chapters: {missing}"


@pytest.mark.parametrize("kind", ANSWERED)
def test_no_line_to_do_in_an_answered_chapter(kind: str) -> None:
    left = todo_in_chapters(kind).get(kind, {})
    assert not left, f"{kind} answers from lines neither encoded, a gap, nor set aside: " + "; ".join(
        f"{doc}:{spans(ns)}" for doc, ns in left.items()
    )


def test_set_aside_lines_have_reasons_and_exist() -> None:
    for doc, by_line in SET_ASIDE.items():
        total = coverage(doc).total
        for n, why in by_line.items():
            assert 1 <= n <= total, f"{doc}:{n} set aside but outside the source"
            assert why.strip(), f"{doc}:{n} set aside without a reason"


def test_gap_lines_are_counted_as_gaps_not_encoded() -> None:
    gaps = [r for r in REGISTRY.values() if r.status == "gap"]
    assert gaps, "no gap rule: every unencoded rule text near an answered question would be silent"
    rows = {r.doc: r for r in report()}
    for r in gaps:
        for c in r.cites:
            row = rows[c.doc]
            for n in range(c.first, c.last + 1):
                assert n in row.gaps or n in row.encoded, f"{r.id}: {c.doc}:{n} is neither a gap nor encoded"


def test_coverage_json_counts_every_line() -> None:
    run = CliRunner().invoke(app, ["coverage", "--json"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.output)
    assert set(data) == {"gf9", "overview", "dreamrules", "conquest", "dice"}
    for doc, row in data.items():
        assert set(row) == {"lines", "encoded", "set_aside", "gaps", "todo"}, doc
        assert row["encoded"] + row["set_aside"] + row["gaps"] + row["todo"] == row["lines"], doc
    assert data["gf9"]["gaps"] > 0


def test_coverage_table_has_a_gaps_column() -> None:
    run = CliRunner().invoke(app, ["coverage"])
    assert run.exit_code == 0
    header = run.output.splitlines()[0].split()
    assert "gaps" in header
