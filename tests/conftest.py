"""Shared fixtures: the project's paths, every case file, and the CLI run in-process.

A test that asks for ``case_file`` runs once per ``cases/*/*.yaml``, named by
its path, so a failure names the case.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
EXIT = {"legal": 0, "illegal": 1, "unresolved": 3, "invalid-position": 4}


def case_files() -> list[Path]:
    return sorted(CASES.glob("*/*.yaml"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case_file" in metafunc.fixturenames:
        files = case_files()
        metafunc.parametrize("case_file", files, ids=[str(p.relative_to(CASES)) for p in files])


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
    from checker.cli import app

    runner = CliRunner()

    def invoke(*args: str | Path) -> Run:
        result = runner.invoke(app, [str(a) for a in args])
        return Run(result.exit_code, result.stdout, result.stderr, result.exception)

    return invoke


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
