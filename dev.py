#!/usr/bin/env python3
"""Set up a virtual environment and run a job: ``python3 dev.py demo`` or ``python3 dev.py test``.

Only Python is needed: the environment goes in .venv, the project is installed
into it (editable, with its test extras), then the job runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXAMPLE = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"


def run(*cmd: str | Path) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=ROOT)


def setup() -> None:
    stamp = VENV / ".installed"
    recipe = (ROOT / "pyproject.toml").stat().st_mtime
    if stamp.exists() and stamp.stat().st_mtime >= recipe:
        return
    if not BIN.joinpath("python").exists():
        venv.create(VENV, with_pip=True)
    if run(BIN / "python", "-m", "pip", "install", "-q", "--upgrade", "pip") != 0:
        sys.exit("dev.py: could not upgrade pip in .venv")
    if run(BIN / "python", "-m", "pip", "install", "-q", "-e", f"{ROOT}[test]") != 0:
        sys.exit("dev.py: could not install the project into .venv")
    stamp.touch()


def main(argv: list[str]) -> int:
    job = argv[0] if argv else "test"
    setup()
    if job == "setup":
        return 0
    if job == "demo":
        return run(BIN / "mentat", "check", *(argv[1:] or [EXAMPLE]))
    if job == "test":
        os.environ["MENTAT_VERIFY"] = "all"  # tests cross-check every rule's z3 form with its check
        status = run(BIN / "python", "-m", "pytest", *argv[1:])
        return status
    if job == "lint":
        return run(BIN / "ruff", "check", ".") or run(BIN / "mypy")
    if job == "bench":
        return run(BIN / "python", "benchmarks/bench.py", *argv[1:])
    print(f"dev.py: unknown job {job!r}; use demo, test, lint or bench", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
