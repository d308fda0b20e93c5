"""A text's own open questions (Dreamrules' council questions): each is recognised by an open rule, or a line naming
it is set aside with the reason no rule is needed, and the rulebook pages every one of them."""

from __future__ import annotations

import re

import pytest

from checker.cases import all_cases, shown
from checker.coverage import open_questions
from checker.docs import open_questions_page, pages
from checker.rules import REGISTRY, load_all
from checker.sources import lines

# The council's list as the text prints it: "#1837: Spice draw decks and discard piles." (dreamrules:1352-1394),
# found here independently of the layer's pattern.
LISTED = [(n, t.split(":")[0]) for n, t in enumerate(lines("dreamrules"), 1) if re.match(r"#\d+: \S", t)]
QUESTIONS = {q.tag: q for q in open_questions("dreamrules")}


def test_every_listed_question_is_found() -> None:
    assert len(LISTED) >= 19, "the council list of dreamrules:1352-1394"
    assert [(q.line, q.tag) for q in QUESTIONS.values()] == LISTED


@pytest.mark.parametrize("tag", [tag for _, tag in LISTED])
def test_each_question_is_recognised_or_needs_no_rule(tag: str) -> None:
    """An open rule recognises the question (a position reaching it answers unresolved, and a case shows it), or a
    line naming it is set aside with the reason no rule of a kind Mentat answers can meet it."""
    load_all()
    q = QUESTIONS[tag]
    reasons = [why for n, why in q.reasons.items() if n in q.named_at]
    assert q.rules or reasons, f"{tag} ({q.title}): no open rule recognises it, and no line naming it is set aside"
    for rid in q.rules:
        r = REGISTRY[rid]
        assert r.open, rid
        named = tag in r.reason or any(c.first <= q.line <= c.last for c in (*r.cites, *r.see_also))
        assert named, f"{rid} neither names {tag} nor cites dreamrules:{q.line}"
        assert rid in shown(all_cases(), [rid]).unresolved, f"{rid}: no unresolved case shows {tag} left open"
    for why in reasons:
        assert tag in why


def test_the_rulebook_pages_every_question() -> None:
    page = open_questions_page("dreamrules")
    assert "open-dreamrules" in pages()["rules/index.md"]
    for tag, q in QUESTIONS.items():
        section = page.split(f"## {tag}: ", 1)[1].split("\n## ", 1)[0]
        assert section.startswith(q.title), tag
        for rid in q.rules:
            assert f"{{rule}}`{rid}`" in section, (tag, rid)
        if not q.rules:
            assert "needs no rule" in section, tag


def test_a_question_no_rule_recognises_is_flagged() -> None:
    """The page says so when nothing recognises a question (what the test above keeps from happening)."""
    import dataclasses

    from checker import docs

    real = docs.open_questions

    def bare(doc: str) -> list:
        return [dataclasses.replace(q, rules=[], reasons={}) for q in real(doc)]

    docs.open_questions = bare  # type: ignore[assignment]
    try:
        page = open_questions_page("dreamrules")
    finally:
        docs.open_questions = real  # type: ignore[assignment]
    assert page.count("No rule recognises it yet") == len(LISTED)
