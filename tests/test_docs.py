"""The rulebook: it builds with warnings as errors, and every rule, source line and case has its place.

The book is built once per session (``-W``, from scratch) into a temporary directory.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.docs import case_docname, chapters, line_count, line_id
from checker.rules import load_all
from checker.sources import DOCS

ROOT = Path(__file__).resolve().parent.parent
# myst-parser's include directive uses an API Sphinx 9 deprecates: not ours to fix
pytestmark = pytest.mark.filterwarnings("ignore:.*BuildEnvironment.app.*")


def _root(book: dict[str, Any]) -> Path:
    return Path(next(iter(book["__root__"].ids)))


def test_every_source_line_has_its_anchor_in_its_chapter(book: dict[str, Any]) -> None:
    for doc in DOCS:
        chs = chapters(doc)
        assert chs[0].first == 1 and chs[-1].last == line_count(doc)
        for a, b in itertools.pairwise(chs):
            assert b.first == a.last + 1, f"{doc}: chapters must not skip or overlap lines"
        for ch in chs:
            ids = book[f"{ch.docname}.html"].ids
            missing = [n for n in range(ch.first, ch.last + 1) if line_id(doc, n) not in ids]
            assert not missing, f"{ch.docname}: no anchor for lines {missing[:10]}"


def test_every_rule_has_an_anchor(book: dict[str, Any]) -> None:
    all_ids = {i for page in book.values() for i in page.ids}
    for rid in load_all():
        forms = {f"rule-{rid}", "rule-" + re.sub(r"[^a-z0-9]+", "-", rid.lower()).strip("-")}
        assert forms & all_ids, f"rule {rid} has no entry in the book"


def test_every_case_has_a_page(book: dict[str, Any]) -> None:
    for path in map(Path, book["__cases__"].hrefs):
        assert f"{case_docname(path)}.html" in book, f"{path} has no page"


def test_no_broken_internal_links(book: dict[str, Any]) -> None:
    root = _root(book)
    broken: list[str] = []
    for page, links in book.items():
        if page.startswith("__") or page in ("genindex.html", "search.html"):
            continue
        here = (root / page).parent
        for href in links.hrefs:
            if re.match(r"^[a-z]+:", href) or href.startswith("//"):
                continue
            path, frag = urldefrag(href)
            path = path.split("?", 1)[0]
            target = (here / unquote(path)).resolve() if path else (root / page)
            if not target.exists():
                broken.append(f"{page}: {href}")
                continue
            if frag and target.suffix == ".html":
                rel = target.relative_to(root).as_posix()
                if rel in book and frag not in book[rel].ids:
                    broken.append(f"{page}: {href} (no #{frag})")
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:10]}"


def test_mentat_coverage_ends_with_a_summary() -> None:
    result = CliRunner().invoke(app, ["coverage"])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("coverage: ") and "encoded" in last


def test_mentat_show_svg(tmp_path: Path) -> None:
    out = tmp_path / "pos.svg"
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    result = CliRunner().invoke(app, ["show", str(case), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<svg") and "the storm is over sector 10" in text and "Carthag" in text


def test_generate_rewrites_only_changed_files(tmp_path: Path) -> None:
    from checker.docs import generate

    first = generate(tmp_path)
    assert "board.svg" in first and any(p.startswith("books/gf9/") for p in first)
    assert generate(tmp_path) == []
