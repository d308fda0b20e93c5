"""The built rulebook in a real browser: headless Chromium (Debian's) driven by Selenium.

One walk through the site, served over http from a fresh build: search for a
word of a rule's quote, open the rule from the results, follow its cite to the
source line's anchor and its first case to the case's anchor on its page (the
position drawn, the verdict its file expects), then screenshot the board page.
Every step is an assertion: the test fails at the first that does not hold.

``python3 dev.py test`` installs ``chromium`` and ``chromium-driver`` with apt
when they are missing (as root); elsewhere the test is skipped, saying why.
Deselect it with ``-m "not browser"``.
"""

from __future__ import annotations

import functools
import http.server
import re
import struct
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from serving import serving

from checker.docs import ROOT, all_cases, case_docname, case_label, chapter_of, home
from checker.rules import load_all
from checker.sources import DOCS, lines

pytestmark = [
    pytest.mark.browser,
    # myst-parser's include directive uses an API Sphinx 9 deprecates: not ours to fix
    pytest.mark.filterwarnings("ignore:.*BuildEnvironment.app.*"),
]

VERDICTS = ("legal", "illegal", "unresolved", "invalid-position")
WAIT = 20  # seconds for any one step


# -- the site: built once, served over http (Sphinx's search needs http, not file://) ----------


def _build(out: Path) -> Path:
    from sphinx.cmd.build import build_main

    start = time.perf_counter()
    status = build_main([str(ROOT / "docs"), str(out), "-q", "-E"])
    print(f"\nrulebook built for the browser in {time.perf_counter() - start:.1f} s")
    assert status == 0, "sphinx-build failed (see above)"
    return out


@pytest.fixture(scope="session")
def site_dir(
    chromium: tuple[str, str], request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The built book: a session ``book`` fixture's (when a conftest shares one), else a build of its own."""
    try:
        book = request.getfixturevalue("book")
        return Path(next(iter(book["__root__"].ids)))
    except (pytest.FixtureLookupError, KeyError, TypeError, StopIteration):
        pass
    return _build(tmp_path_factory.mktemp("browser-book"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def site(site_dir: Path) -> Iterator[str]:
    """The book's base URL on 127.0.0.1 (a port of its own)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site_dir)))
    yield from serving(server)


# -- what to look for -----------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    rule: str
    page: str  # the chapter page holding the rule's entry, relative to the site
    word: str  # a word of the quoted line to search for
    quote: str  # that line's text
    anchor: str  # that line's id
    case: str  # the page of a case that names the rule, relative to the site
    case_anchor: str  # that case's anchor on its page
    verdict: str  # the verdict that case's file expects


def _verdicts() -> dict[str, tuple[str, str, str]]:
    """Rule id -> (page, anchor, verdict) of the first case (by path) that names the rule and states a verdict."""
    from checker.yamlio import load_yaml

    out: dict[str, tuple[str, str, str]] = {}
    for path in all_cases():
        try:
            expect = (load_yaml(path) or {}).get("expect") or {}
        except Exception:
            continue
        if expect.get("verdict") not in VERDICTS:
            continue
        for key in ("forbids", "permits", "minimal_reason"):
            for rid in expect.get(key) or []:
                out.setdefault(str(rid), (f"{case_docname(path)}.html", case_label(path), str(expect["verdict"])))
    return out


def _target() -> Target:
    """The first rule (by id) with a home in the books, a case with a verdict and a searchable quote."""
    from sphinx.search.en import ENGLISH_STOPWORDS, SearchEnglish

    stem = SearchEnglish({}).stem  # the search matches stems ("Harkonnens" finds every "Harkonnen")
    counts: dict[str, int] = {}  # how often a stem occurs in the sources: the rarest gives the fewest results
    for doc in DOCS:
        for w in re.findall(r"[a-z]+", "\n".join(lines(doc)).lower()):
            counts[stem(w)] = counts.get(stem(w), 0) + 1
    with_cases = _verdicts()
    for rid, r in sorted(load_all().items()):
        h = home(r)
        if h is None or rid not in with_cases:
            continue
        doc, n = h
        text = lines(doc)[n - 1].strip()
        words = [w for w in text.split() if re.fullmatch(r"[A-Za-z]{6,}", w) and w.lower() not in ENGLISH_STOPWORDS]
        if words:
            word = min(words, key=lambda w: (counts.get(stem(w), 0), -len(w), w))
            page = f"{chapter_of(doc, n).docname}.html"
            return Target(rid, page, word, text, f"{doc}-l{n}", *with_cases[rid])
    raise AssertionError("no rule with a cited line, a case and a searchable word: nothing to walk through")


# -- helpers --------------------------------------------------------------------------------


def _path(url: str, base: str) -> str:
    """The page a URL opens, relative to the site (no query, no fragment)."""
    return urlsplit(url).path.removeprefix(urlsplit(base).path)


def _follow(drv: Any, link: Any, hover: Any = None) -> None:
    """Click a link as a reader would: scrolled into view, the pointer on ``hover`` first (permalinks show on hover)."""
    from selenium.common.exceptions import ElementClickInterceptedException, ElementNotInteractableException
    from selenium.webdriver.common.action_chains import ActionChains

    for attempt in range(5):  # Sphinx's search appends results as it goes: the page may shift under the pointer
        drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
        if hover is not None:
            ActionChains(drv).move_to_element(hover).perform()
        try:
            link.click()
            return
        except (ElementClickInterceptedException, ElementNotInteractableException):  # or not shown yet (hover)
            if attempt == 4:  # a long result list keeps loading its snippets: the reader's click, by script
                drv.execute_script("arguments[0].click();", link)
                return
            time.sleep(0.3)


def _wait(drv: Any, what: str, cond: Any) -> Any:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(drv, WAIT, poll_frequency=0.1).until(cond)
    except TimeoutException:
        raise AssertionError(f"timed out after {WAIT} s waiting for {what} (at {drv.current_url})") from None


def _png_size(data: bytes) -> tuple[int, int, int]:
    """Width, height and the number of distinct bytes of the decompressed image data of a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    idat, pos = b"", 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


# -- the walk ----------------------------------------------------------------------------------


def test_search_rule_source_case_and_board(browser: Any, site: str, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    drv = browser
    t = _target()
    timings: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(step: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings[step] = now - clock
        clock = now

    # 1. search for a word of the rule's quote: a result leads to the page of the rule's entry
    drv.get(f"{site}search.html?q={t.word}")

    def result_links(d: Any) -> list[Any] | bool:
        found = d.find_elements(By.CSS_SELECTOR, "#search-results ul.search li a[href]")
        return [a for a in found if _path(a.get_attribute("href"), site) == t.page] or False

    _wait(
        drv,
        "the search to finish",
        lambda d: "Search finished" in " ".join(e.text for e in d.find_elements(By.CLASS_NAME, "search-summary")),
    )
    hits = _wait(drv, f"a search result for {t.word!r} linking to {t.page} ({t.rule})", result_links)
    lap("search")
    _follow(drv, hits[0])
    _wait(drv, f"{t.page} to open", lambda d: _path(d.current_url, site) == t.page)
    entry = _wait(drv, f"the entry of {t.rule}", lambda d: d.find_elements(By.ID, f"rule-{t.rule}"))[0]
    assert t.rule in entry.text, f"the entry's signature does not name {t.rule}: {entry.text!r}"

    # 2. the rule's own anchor (its permalink), then its cite: the source line's anchor exists
    _follow(drv, entry.find_element(By.CSS_SELECTOR, "a.headerlink"), hover=entry)
    _wait(drv, f"the URL to end in #rule-{t.rule}", lambda d: urlsplit(d.current_url).fragment == f"rule-{t.rule}")
    rule_url = drv.current_url
    body = entry.find_element(By.XPATH, "following-sibling::dd[1]")
    quotes = body.find_elements(By.CSS_SELECTOR, "blockquote.src-quote")
    assert quotes, f"{t.rule}'s entry quotes no lines"
    cite = quotes[0].find_element(By.CSS_SELECTOR, f"a[href$='#{t.anchor}']")
    _follow(drv, cite)
    _wait(drv, f"the URL to end in #{t.anchor}", lambda d: urlsplit(d.current_url).fragment == t.anchor)
    line = _wait(drv, f"the element #{t.anchor}", lambda d: d.find_elements(By.ID, t.anchor))[0]
    assert "src-line" in (line.get_attribute("class") or ""), f"#{t.anchor} is not a source line"
    assert " ".join(t.quote.split()) in " ".join(line.text.split()), f"#{t.anchor} does not show the quoted line"
    assert drv.execute_script("return document.querySelector(':target') === arguments[0];", line), (
        f"#{t.anchor} is not the :target of the page"
    )
    lap("rule and cite")

    # 3. back at the rule: the link to a case that names it opens the case's anchor on its kind's page, showing the
    # position drawn and the verdict its file expects
    drv.get(rule_url)
    entry = _wait(drv, f"the entry of {t.rule}", lambda d: d.find_elements(By.ID, f"rule-{t.rule}"))[0]
    body = entry.find_element(By.XPATH, "following-sibling::dd[1]")
    cases = body.find_elements(By.CSS_SELECTOR, "a[href*='/cases/']")
    links = [
        a
        for a in cases
        if _path(a.get_attribute("href"), site) == t.case
        and urlsplit(a.get_attribute("href")).fragment == t.case_anchor
    ]
    assert links, f"{t.rule}'s entry does not link to {t.case}#{t.case_anchor} (its case links: {len(cases)})"
    _follow(drv, links[0])
    _wait(drv, f"{t.case} to open", lambda d: _path(d.current_url, site) == t.case)
    _wait(drv, f"the URL to end in #{t.case_anchor}", lambda d: urlsplit(d.current_url).fragment == t.case_anchor)
    section = _wait(drv, f"the case #{t.case_anchor}", lambda d: d.find_elements(By.ID, t.case_anchor))[0]
    assert section.tag_name == "section", f"#{t.case_anchor} is a {section.tag_name}, not the case's section"
    assert drv.execute_script("return document.querySelector(':target') === arguments[0];", section)
    drawn = section.find_elements(By.CSS_SELECTOR, "svg.case-board")
    assert drawn and drawn[0].size["width"] > 200, f"{t.case_anchor}: its position is not drawn"
    shown = [li.text for li in section.find_elements(By.TAG_NAME, "li") if li.text.startswith("verdict:")]
    assert shown, f"{t.case_anchor} shows no verdict"
    assert shown[0] == f"verdict: {t.verdict}", f"{t.case_anchor} shows {shown[0]!r}; its file expects {t.verdict!r}"
    lap("case")

    # 4. the board page, with its picture loaded, in a screenshot of the whole page
    drv.get(f"{site}board.html")
    board = _wait(drv, "the board picture", lambda d: d.find_elements(By.CSS_SELECTOR, "img[src$='board.svg']"))[0]
    _wait(
        drv,
        "the board picture to load",
        lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", board),
    )
    assert board.size["width"] > 300 and board.size["height"] > 300, f"the board is drawn small: {board.size}"
    height = drv.execute_script("return document.documentElement.scrollHeight;")
    drv.set_window_size(1400, min(max(int(height) + 140, 1000), 4000))  # + the window's own frame
    shot = tmp_path / "board.png"
    assert drv.save_screenshot(str(shot)), "the screenshot was not saved"
    data = shot.read_bytes()
    width, high, distinct = _png_size(data)
    print(f"board screenshot: {shot} ({width}x{high}, {len(data) // 1024} KiB)")
    assert width >= 800 and high >= 600, f"the screenshot is only {width}x{high}"
    assert len(data) > 20_000 and distinct > 32, "the screenshot is (nearly) blank"
    lap("board")
    print("browser steps: " + ", ".join(f"{k} {v:.1f} s" for k, v in timings.items()))
