"""Shared fixtures: the project's paths, every case file, and the CLI run in-process.

A test that asks for ``case_file`` runs once per ``cases/*/*.yaml``, named by
its path, so a failure names the case.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from typer.testing import CliRunner

# Generated positions are seeded from each test's own code, so a run that passes here passes on CI's clean clone
# (a draw that happened to miss a verdict once failed CI). HYPOTHESIS_PROFILE=explore draws afresh each run.
settings.register_profile("mentat", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mentat"))

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/campaigns.py, the profile's counts
CASES = ROOT / "cases"
EXIT = {"legal": 0, "illegal": 1, "unresolved": 3, "invalid-position": 4}


def case_files() -> list[Path]:
    return sorted(CASES.glob("*/*.yaml"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case_file" in metafunc.fixturenames:
        files = case_files()
        metafunc.parametrize("case_file", files, ids=[str(p.relative_to(CASES)) for p in files])


# Modules whose last test reads what an earlier one drew (each generator reached every verdict): run whole, in
# file order, on one worker, or that test would find nothing drawn in its process and skip.
IN_ORDER = frozenset({"test_dreamrules_storm.py", "test_dice_kanly.py"})
_CASE_ID = re.compile(r"\[([^\[\]]+\.yaml)\]$")


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: absent under -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """In parallel runs, every test of one case goes to one worker, so its verdict is worked out once
    (checker.api keeps it in the process); every other test is scheduled alone, as ``--dist load`` would.
    (pytest-xdist's own ``xdist_group`` marks do not group here under pytest 9.)"""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByCase(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            if module.rsplit("/", 1)[-1] in IN_ORDER:
                return module
            found = _CASE_ID.search(nodeid)
            return found.group(1) if found else nodeid

    return ByCase(config, log)


@dataclass
class Run:
    """One CLI run: exit code, output streams, and any exception that escaped."""

    code: int
    stdout: str
    stderr: str
    exception: BaseException | None

    def json(self) -> Any:
        return json.loads(self.stdout)

    @property
    def traceback(self) -> bool:
        """True when something other than a clean exit escaped the command."""
        return self.exception is not None and not isinstance(self.exception, SystemExit)


@pytest.fixture(scope="session")
def cli() -> Any:
    """``cli("check", path, "--json")`` runs ``mentat`` in this process (the CLI's own code path)."""
    from checker.cli import app_for

    runner = CliRunner()

    def invoke(*args: str | Path) -> Run:
        argv = [str(a) for a in args]
        result = runner.invoke(app_for(argv), argv)  # the app `mentat` runs: the asked command's alone
        return Run(result.exit_code, result.stdout, result.stderr, result.exception)

    return invoke


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


# -- the rulebook, built once per session (tests/test_docs.py and tests/test_browser.py) --
# myst-parser's include directive uses an API Sphinx 9 deprecates: not ours to fix


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.classes: dict[str, set[str]] = {}  # id -> the classes of the element carrying it
        self.html = ""  # the page's text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
            self.classes[a["id"] or ""] = set((a.get("class") or "").split())
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"] or "")
        if tag in ("img", "script") and a.get("src"):
            self.hrefs.append(a["src"] or "")


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    import time

    from sphinx.cmd.build import build_main

    from checker.docs import all_cases

    cases = all_cases()  # before the build: others may add cases meanwhile
    # Under pytest-xdist the workers share one build: the first to ask builds it under a lock, the others wait and
    # read it (the base temp directory's parent is common to the workers of one run).
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out, done = shared / "book", shared / "book.built"
    with open(shared / "book.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            start = time.perf_counter()
            # serial: on two busy cores it was faster than -j auto (19 s against 23 s)
            status = build_main([str(ROOT / "docs"), str(out), "-W", "--keep-going", "-q", "-E"])
            print(f"\nrulebook built in {time.perf_counter() - start:.1f} s")
            done.write_text(str(status), encoding="utf-8")
        status = int(done.read_text(encoding="utf-8"))
    assert status == 0, "sphinx-build -W failed (see the warnings above)"
    pages: dict[str, Any] = {}
    for html in out.rglob("*.html"):
        parser = _Links()
        parser.html = html.read_text(encoding="utf-8")
        parser.feed(parser.html)
        pages[html.relative_to(out).as_posix()] = parser
    pages["__root__"] = _Links()
    pages["__root__"].ids = {str(out)}
    pages["__cases__"] = _Links()
    pages["__cases__"].hrefs = [str(p) for p in cases]
    return pages


# -- a headless Chromium (Debian's) driven by Selenium: tests/test_browser.py, tests/test_serve_browser.py --


def _find(name: str) -> str | None:
    found = shutil.which(name)
    return found or next((p for p in (f"/usr/bin/{name}", f"/usr/lib/chromium/{name}") if Path(p).exists()), None)


@pytest.fixture(scope="session")
def chromium() -> tuple[str, str]:
    """The paths of chromium and chromedriver, or a skip saying how to get them (before any build)."""
    browser, driver = _find("chromium"), _find("chromedriver")
    if not browser or not driver:
        pytest.skip(
            "no chromium/chromedriver on this machine: `python3 dev.py test` installs Debian's "
            "chromium and chromium-driver when run as root with apt-get (or: apt-get install chromium chromium-driver)"
        )
    pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e .[test])")
    return browser, driver


@pytest.fixture
def browser(chromium: tuple[str, str], tmp_path: Path) -> Iterator[Any]:
    """A browser of the test's own."""
    yield from _chrome(chromium, tmp_path)


@pytest.fixture(scope="module")
def module_browser(chromium: tuple[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One browser for a module's tests (each starts from a page of its own: a second apiece saved)."""
    yield from _chrome(chromium, tmp_path_factory.mktemp("browser"))


def _chrome(chromium: tuple[str, str], tmp_path: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver = chromium

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1400,1000",
        f"--user-data-dir={tmp_path / 'profile'}",
    ):
        options.add_argument(flag)
    start = time.perf_counter()
    # both paths given: Selenium starts them as they are and never fetches a driver or a browser
    drv = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    print(f"\nchromium started in {time.perf_counter() - start:.1f} s ({drv.capabilities.get('browserVersion')})")
    drv.set_page_load_timeout(20)  # seconds: a page of the book or the served page
    try:
        yield drv
    finally:
        drv.quit()
