"""How much of each source the rules encode: every line is encoded, a gap, set aside or still to do.

A line is *encoded* when a rule cites it (or names it as supporting, ``see_also``);
a *gap* when only gap rules cite it (rules Mentat recognises but does not encode
yet: an answer they touch is ``unresolved``); *set aside* when it is blank, a
heading, listed in :data:`SET_ASIDE` or declared with ``set_aside()`` beside the
rules, with a reason; and otherwise *to do*: the work still to do.

>>> is_heading("gf9", 1), is_heading("gf9", 3)
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from checker.sources import DOCS, TITLES, lines

# Lines that need no rule, with the reason (doc -> line range -> why). Ranges are inclusive.
SET_ASIDE: dict[str, dict[tuple[int, int], str]] = {
    "dreamrules": {(35, 70): "table of contents"},
    "dice": {(3, 26): "table of contents"},
    "overview": {(9, 17): "component list"},
}

_SENTENCE_END = re.compile(r"[.:;,!?\"”’)\]]$")
_FACT = re.compile(r":\s*\d")  # "Hand Limit: 4 Treachery Cards" states a rule
_NUMBERED = re.compile(r"^\d+\.\s")
_BULLET = re.compile(r"^\s*(?:[•\-–*]|\d+\)\s)")


def is_heading(doc: str, n: int) -> bool:
    """A heading-like line: short, not a sentence or a bullet, after a blank line or a finished sentence."""
    text = lines(doc)[n - 1].strip()
    if not text or len(text) > 70 or _SENTENCE_END.search(text) or _BULLET.match(text) or _FACT.search(text):
        return False
    prev = lines(doc)[n - 2].strip() if n > 1 else ""
    if _NUMBERED.match(text):  # "2. Set out the shared area", not "2. Spice Blow & Nexus" in a list
        return not prev
    return not prev or bool(_SENTENCE_END.search(prev))


def set_aside_reason(doc: str, n: int) -> str:
    """Why line ``n`` needs no rule, or ``""``."""
    if not lines(doc)[n - 1].strip():
        return "blank"
    if is_heading(doc, n):
        return "heading"
    for (a, b), why in SET_ASIDE.get(doc, {}).items():
        if a <= n <= b:
            return why
    from checker.rules import SET_ASIDE as DECLARED
    from checker.rules import load_all

    load_all()
    return DECLARED.get(doc, {}).get(n, "")


@cache
def cited_lines(gaps: bool = False) -> dict[str, dict[int, list[str]]]:
    """doc -> line -> ids of the rules citing it (registry order): encoding rules, or with ``gaps`` gap rules."""
    from checker.rules import RESTATED, load_all

    out: dict[str, dict[int, list[str]]] = {d: {} for d in DOCS}
    for r in load_all().values():
        if (r.status == "gap") != gaps:
            continue
        again = [c for cs in RESTATED.get(r.id, {}).values() for c in cs]  # another text saying it again
        for c in (*r.cites, *r.see_also, *again):
            for n in range(c.first, c.last + 1):
                ids = out.setdefault(c.doc, {}).setdefault(n, [])
                if r.id not in ids:
                    ids.append(r.id)
    return out


@dataclass
class SourceCoverage:
    doc: str
    total: int
    encoded: list[int] = field(default_factory=list)
    gaps: list[int] = field(default_factory=list)
    set_aside: dict[int, str] = field(default_factory=dict)
    unclassified: list[int] = field(default_factory=list)

    def as_json(self) -> dict[str, int]:
        return {
            "lines": self.total,
            "encoded": len(self.encoded),
            "set_aside": len(self.set_aside),
            "gaps": len(self.gaps),
            "todo": len(self.unclassified),
        }

    @property
    def title(self) -> str:
        return TITLES.get(self.doc, self.doc)

    @property
    def substantive(self) -> int:
        """Lines that need a decision: all but the set-aside ones."""
        return self.total - len(self.set_aside)

    @property
    def percent(self) -> float:
        return 100.0 * len(self.encoded) / self.substantive if self.substantive else 100.0


def coverage(doc: str) -> SourceCoverage:
    cited = cited_lines().get(doc, {})
    gap = cited_lines(gaps=True).get(doc, {})
    text = lines(doc)
    # a final newline gives an empty last "line" that is not part of the source
    total = len(text) - 1 if text and text[-1] == "" else len(text)
    out = SourceCoverage(doc, total)
    for n in range(1, total + 1):
        if n in cited:
            out.encoded.append(n)
        elif n in gap:
            out.gaps.append(n)
        elif why := set_aside_reason(doc, n):
            out.set_aside[n] = why
        else:
            out.unclassified.append(n)
    return out


def report() -> list[SourceCoverage]:
    return [coverage(d) for d in DOCS]


def spans(numbers: list[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``"1-3, 7"``.

    >>> spans([1, 2, 3, 7, 9, 10])
    '1-3, 7, 9-10'
    """
    out: list[str] = []
    start = prev = None
    for n in [*numbers, None]:
        if start is not None and (n is None or prev is None or n != prev + 1):
            out.append(f"{start}" if start == prev else f"{start}-{prev}")
            start = None
        if n is not None and start is None:
            start = n
        prev = n
    return ", ".join(out)


def summary_line(rows: list[SourceCoverage]) -> str:
    total = sum(r.total for r in rows)
    enc = sum(len(r.encoded) for r in rows)
    aside = sum(len(r.set_aside) for r in rows)
    gaps = sum(len(r.gaps) for r in rows)
    todo = sum(len(r.unclassified) for r in rows)
    return (
        f"coverage: {enc} of {total} source lines encoded, {gaps} gaps, {aside} set aside, {todo} to do "
        f"({100.0 * enc / max(1, total - aside):.1f}% of the lines that need a rule)"
    )


def chapter_lines(on: str | None = None) -> dict[str, dict[str, set[int]]]:
    """kind of question -> doc -> the lines it answers from (declared with ``chapter()`` beside the rules)."""
    from checker.rules import CHAPTERS, load_all

    load_all()
    out: dict[str, dict[str, set[int]]] = {}
    for kind, cites in CHAPTERS.items():
        if on is not None and kind != on:
            continue
        for c in cites:
            out.setdefault(kind, {}).setdefault(c.doc, set()).update(range(c.first, c.last + 1))
    return out


def todo_in_chapters(on: str | None = None) -> dict[str, dict[str, list[int]]]:
    """kind -> doc -> lines of its chapters still to do (neither encoded, a gap, nor set aside)."""
    rows = {r.doc: r for r in report()}
    out: dict[str, dict[str, list[int]]] = {}
    for kind, docs in chapter_lines(on).items():
        for doc, wanted in docs.items():
            left = sorted(wanted & set(rows[doc].unclassified))
            if left:
                out.setdefault(kind, {})[doc] = left
    return out


@dataclass
class OpenQuestion:
    """A question a ruleset's text leaves open and lists itself (a Dreamrules council question)."""

    tag: str  # as the text cites it: "#1859"
    title: str
    line: int  # where the text lists it
    named_at: list[int]  # every line of the text naming it
    rules: list[str]  # the open rules (gaps, unresolved) that recognise it: naming it, or citing its line
    reasons: dict[int, str]  # lines set aside with a reason naming it (why no rule need recognise it)


def open_questions(doc: str) -> list[OpenQuestion]:
    """The open questions a ruleset's text lists (its layer's ``open_questions``), each with the open rules of that
    ruleset that recognise it (their reason names its tag, or they cite the line that lists it) and the lines set
    aside with a reason naming it."""
    from checker.rules import LAYERS, REGISTRY, layer_of, load_all
    from checker.rules import SET_ASIDE as DECLARED

    load_all()
    lay = layer_of(doc) or LAYERS.get(doc)
    if lay is None or not lay.open_questions:
        return []
    pattern = re.compile(lay.open_questions)
    text = lines(doc)
    out: list[OpenQuestion] = []
    for n, line in enumerate(text, 1):
        m = pattern.match(line.strip())
        if not m:
            continue
        tag, title = m.group(1), m.group(2)
        names = re.compile(re.escape(tag) + r"(?!\d)")
        named_at = [i for i, t in enumerate(text, 1) if names.search(t)]
        rules = [
            r.id
            for r in REGISTRY.values()
            if r.layer == doc
            and r.open
            and (
                names.search(r.reason) or any(c.doc == doc and c.first <= n <= c.last for c in (*r.cites, *r.see_also))
            )
        ]
        reasons = {i: why for i, why in sorted(DECLARED.get(doc, {}).items()) if names.search(why)}
        out.append(OpenQuestion(tag, title, n, named_at, rules, reasons))
    return out
