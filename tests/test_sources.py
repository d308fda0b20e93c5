"""The verbatim sources, and every citation into them.

The expected digests were computed once from the seed documents (see the
seeds' README for which seed is which slug); the test does not read the seeds,
so it runs on any clone.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from checker import sources
from checker.rules import RESTATED, Rule, load_all
from checker.sources import Cite, parse_cites

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "constraints" / "sources"

# slug: (SHA-256 of the bytes, lines as the project counts them: text.split("\n"), bytes)
SEEDS = {
    "dice": ("7e045a0c7b5a2cbdac35ae9c6a6223a47b240e6895982df0b2bee6ea387aeeba", 257, 36003),
    "conquest": ("bdfe3e678ed197b53b49a372a7bbafa7f9a1712dc275c46269f604c4978c3b23", 61, 3826),
    "gf9": ("58db2abeec505c0d92ba1629348d5144ca27c5e39e61b6f7566d25c44a56c90e", 529, 46388),
    "overview": ("3767be7ecc57fa10c2982734a8bc71811c933b7f3db8f35196a813fcb208115d", 129, 7260),
    "dreamrules": ("1735e813867ddc3c6a89aa42f4f56d0a8c913d950626f3cd50f9a1ac77adf392", 1408, 84817),
}


def raw_lines(doc: str) -> list[str]:
    """The file's lines read here, independently of checker.sources."""
    return (SOURCES / f"{doc}.txt").read_bytes().decode("utf-8").split("\n")


def all_cites() -> list[tuple[str, Cite]]:
    """Every rule's cites, and the lines where another ruleset's text says a rule again (``restates``)."""
    rules = sorted(load_all().values(), key=lambda r: r.id)
    again = [(r.id, c) for r in rules for cs in RESTATED.get(r.id, {}).values() for c in cs]
    return [(r.id, c) for r in rules for c in r.cites] + again


@pytest.mark.parametrize("doc", sorted(SEEDS))
def test_source_is_the_verbatim_seed(doc: str) -> None:
    digest, n_lines, n_bytes = SEEDS[doc]
    data = (SOURCES / f"{doc}.txt").read_bytes()
    assert len(data) == n_bytes, f"{doc}.txt has {len(data)} bytes, the seed {n_bytes}"
    assert hashlib.sha256(data).hexdigest() == digest, f"{doc}.txt is not the seed byte for byte"
    assert len(raw_lines(doc)) == n_lines


def test_every_source_is_known() -> None:
    assert set(sources.DOCS) == set(SEEDS)
    assert {p.stem for p in SOURCES.glob("*.txt")} == set(SEEDS)
    for doc in SEEDS:  # checker.sources numbers lines the way the seeds do
        assert len(sources.lines(doc)) == SEEDS[doc][1]


def test_rules_exist_and_cite() -> None:
    rules = load_all()
    assert rules, "no rules registered"
    assert all(r.cites for r in rules.values())


@pytest.mark.parametrize("rule_id,cite", all_cites(), ids=[f"{rid}@{c}" for rid, c in all_cites()])
def test_cite_names_existing_nonblank_lines_and_quotes_them(rule_id: str, cite: Cite) -> None:
    lines = raw_lines(cite.doc)
    assert 1 <= cite.first <= cite.last <= len(lines), f"{rule_id}: {cite} is outside {cite.doc} (1..{len(lines)})"
    span = lines[cite.first - 1 : cite.last]
    blank = [cite.first + i for i, text in enumerate(span) if not text.strip()]
    assert not blank, f"{rule_id}: {cite} cites blank line(s) {blank}"
    assert cite.text == " ".join(span).strip()
    assert cite.as_json() == {"doc": cite.doc, "lines": [cite.first, cite.last], "text": cite.text}


def check_cite(cite: Cite) -> None:
    """The test's own rule for a good cite, run on fabricated cites below."""
    lines = raw_lines(cite.doc)
    if not 1 <= cite.first <= cite.last <= len(lines):
        raise AssertionError(f"{cite} is outside the file")
    if any(not t.strip() for t in lines[cite.first - 1 : cite.last]):
        raise AssertionError(f"{cite} cites a blank line")


def test_parse_cites_forms() -> None:
    got = parse_cites("gf9:31,99-100; overview:L57")
    assert got == (Cite("gf9", 31, 31), Cite("gf9", 99, 100), Cite("overview", 57, 57))
    assert str(got[1]) == "gf9:L99-100"
    assert got[1].text == " ".join(raw_lines("gf9")[98:100]).strip()


@pytest.mark.parametrize("text", ["gf9", "gf9:", "nosuchbook:12", "gf9:twelve", "GF9 line 12"])
def test_parse_cites_refuses_malformed(text: str) -> None:
    with pytest.raises(ValueError, match="bad citation"):
        parse_cites(text)


def _blank_line(doc: str) -> int:
    return next(i for i, t in enumerate(raw_lines(doc), 1) if not t.strip())


@pytest.mark.parametrize(
    "cites",
    [
        lambda: f"gf9:{len(raw_lines('gf9')) + 1}",  # past the end
        lambda: f"overview:{_blank_line('overview')}",  # a blank line
        lambda: "gf9:0",  # before the first line
        lambda: "gf9:100-99",  # a backwards range
    ],
    ids=["past-end", "blank", "zero", "backwards"],
)
def test_broken_cite_on_a_fabricated_rule_fails(cites) -> None:  # type: ignore[no-untyped-def]
    fake = Rule(id="test.fake.rule", on="ship", title="fake", cites=parse_cites(cites()), check=lambda s: True)
    assert "test.fake.rule" not in load_all()  # never registered
    with pytest.raises(AssertionError):
        for c in fake.cites:
            check_cite(c)
    with pytest.raises(AssertionError):  # and the parametrised test above would catch it too
        for c in fake.cites:
            test_cite_names_existing_nonblank_lines_and_quotes_them(fake.id, c)


def test_good_cite_passes_the_same_checks() -> None:
    fake = Rule(id="test.fake.rule", on="ship", title="fake", cites=parse_cites("gf9:99"), check=lambda s: True)
    for c in fake.cites:
        check_cite(c)
        test_cite_names_existing_nonblank_lines_and_quotes_them(fake.id, c)


# -- the quotes written beside the rules -------------------------------------
# A chapter quotes its lines in comments:  # gf9:99  "Forces cannot ship ... storm."
# Each fragment between "..." must be in those lines (whitespace aside).

_QUOTE_START = re.compile(r'^#\s*(?P<doc>[a-z0-9]+):L?(?P<first>\d+)(?:-(?P<last>\d+))?\s+"(?P<text>.*)$')


def _norm(text: str) -> str:
    for curly, plain in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, plain)
    return " ".join(text.split())


def comment_quotes() -> list[tuple[str, str, int, int, str]]:
    """(file:line, doc, first, last, quoted text) for every quote comment in constraints/."""
    out = []
    for path in sorted((ROOT / "constraints").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            m = _QUOTE_START.match(lines[i].strip())
            if not m or m["doc"] not in SEEDS:
                i += 1
                continue
            where = f"{path.relative_to(ROOT)}:{i + 1}"
            text = m["text"]
            j = i + 1
            while '"' not in text and j < len(lines) and lines[j].strip().startswith("#"):
                nxt = lines[j].strip().lstrip("#").strip()
                if _QUOTE_START.match(lines[j].strip()):
                    break
                text += " " + nxt
                j += 1
            if '"' in text:
                quote = text[: text.rindex('"')]
                out.append((where, m["doc"], int(m["first"]), int(m["last"] or m["first"]), quote))
            i = j
    return out


QUOTES = comment_quotes()


@pytest.mark.parametrize("where,doc,first,last,quote", QUOTES, ids=[q[0] for q in QUOTES])
def test_comment_quote_is_in_the_cited_lines(where: str, doc: str, first: int, last: int, quote: str) -> None:
    lines = raw_lines(doc)
    assert 1 <= first <= last <= len(lines), f"{where}: {doc}:{first} is outside the file"
    source = _norm(" ".join(lines[first - 1 : last]))
    for fragment in re.split(r"\.\.\.|\u2026", quote):
        fragment = _norm(fragment)
        if fragment:
            assert fragment in source, f"{where}: {fragment!r} is not in {doc}:{first}"
