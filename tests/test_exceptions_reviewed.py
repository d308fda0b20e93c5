"""A rule that can forbid must not ignore an exception its own lines name (dreamrules:568's "including Bene Gesserit
advisors, allow coexistence"). One review list, tests/reviewed_exceptions.txt, says for each such rule why its
finding does not contradict its quote. Two tests keep it whole: every case is run and every forbidding finding whose
quote says "except", "exception" or "including" must be listed; and, so that a rule no case reaches is read too,
every forbidding Dreamrules rule outside the battle whose quoted lines say so (or "unless") must be listed."""

from __future__ import annotations

import re
from pathlib import Path

from checker.rules import LAYERS, cites_under, load_all, ruleset_rules
from checker.sources import lines

REVIEWED = Path(__file__).with_name("reviewed_exceptions.txt")
EXCEPTION_WORDS = re.compile(r"\b(except|exception|exceptions|including)\b", re.IGNORECASE)
STATIC_WORDS = re.compile(r"\b(except|exceptions?|including|unless)\b", re.IGNORECASE)


def _reviewed() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in REVIEWED.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rid, _, why = line.partition(": ")
            assert why.strip(), f"{REVIEWED.name}: {rid} has no reason"
            assert rid not in out, f"{REVIEWED.name}: {rid} listed twice"
            out[rid] = why
    return out


def _quotes_an_exception(rid: str) -> bool:
    """Its own lines, or the lines it quotes under a ruleset that reads it (dreamrules adds its own to some)."""
    rule = load_all()[rid]
    cites = [*rule.cites, *(c for ruleset in LAYERS for c in cites_under(rule, ruleset))]
    return any(STATIC_WORDS.search(lines(c.doc)[n - 1]) for c in cites for n in range(c.first, c.last + 1))


def test_the_review_list_names_rules_that_quote_an_exception() -> None:
    reviewed = _reviewed()
    assert set(reviewed) <= set(load_all()), f"no such rules: {sorted(set(reviewed) - set(load_all()))}"
    stale = sorted(rid for rid in reviewed if not _quotes_an_exception(rid))
    assert not stale, f"reviewed rules whose lines name no exception (remove them): {stale}"


def _flagged(case: Path) -> dict[str, str]:
    """The forbidding findings of a case whose own quoted lines say "except", "exception" or "including"."""
    from checker.api import check_file

    return {
        f.rule.id: f"{case.name}: {f.message}"
        for f in check_file(case).findings
        if f.effect == "forbids" and any(EXCEPTION_WORDS.search(c.text) for c in f.sources)
    }


def test_a_forbidding_finding_whose_quote_names_an_exception_is_reviewed(case_file: Path) -> None:
    """Every case is run (on the worker that runs its other tests: its verdict is worked out once); a forbidding
    finding whose own quoted lines name an exception may state what that exception allows. A newly flagged rule
    fails here until someone has read it against its quote."""
    reviewed = _reviewed()
    unread = {rid: where for rid, where in _flagged(case_file).items() if rid not in reviewed}
    assert not unread, "forbidding findings quoting an exception, not reviewed:\n  " + "\n  ".join(
        f"{rid} ({where})" for rid, where in sorted(unread.items())
    )


def test_the_exception_words_are_found_in_findings() -> None:
    """The test above checks something: a case forbidden by a reviewed rule is flagged."""
    from checker.cases import all_cases
    from checker.yamlio import parse_yaml

    reviewed = _reviewed()
    for case in all_cases():
        expect = (parse_yaml(case.read_text(encoding="utf-8")) or {}).get("expect") or {}
        named = [rid for rid in expect.get("forbids") or () if rid in reviewed]
        if named and named[0] in _flagged(case):
            return
    raise AssertionError("no case's forbidding finding quotes an exception: the per-case test checks nothing")


def test_every_forbidding_dreamrules_rule_quoting_an_exception_is_reviewed() -> None:
    """The rules no case may reach: every Dreamrules rule in force outside the battle that can forbid."""
    reviewed = _reviewed()
    unreviewed: dict[str, list[str]] = {}
    for rid, r in ruleset_rules("dreamrules").items():
        if r.on == "battle" or r.open or not r.forbids:
            continue
        hits = [
            f"{c.doc}:{n}"
            for c in cites_under(r, "dreamrules")
            for n in range(c.first, c.last + 1)
            if STATIC_WORDS.search(lines(c.doc)[n - 1])
        ]
        if hits and rid not in reviewed:
            unreviewed[rid] = hits
    assert not unreviewed, f"rules quoting an exception, not yet reviewed: {unreviewed}"
