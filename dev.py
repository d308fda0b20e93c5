#!/usr/bin/env python3
"""Set up a virtual environment and run a job: ``python3 dev.py demo`` or ``python3 dev.py test [--long]``.

Only Python is needed: the environment goes in .venv, the project is installed
into it (editable, with its test extras), then the job runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXAMPLE = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"


def run(*cmd: str | Path, env: dict[str, str] | None = None) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=ROOT, env=env)


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


def browser() -> None:
    """Debian's chromium and chromedriver for tests/test_browser.py: installed with apt-get when missing.

    Only as root with apt-get; otherwise (or when apt-get fails) it says so and the browser test skips.
    """
    need = [p for p in ("/usr/bin/chromium", "/usr/bin/chromedriver") if not Path(p).exists()]
    if not need:
        return
    print(f"dev.py: the browser test needs {' and '.join(need)}", flush=True)
    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("apt-get"):
        print("dev.py: not root with apt-get: not installing them; the browser test will be skipped", flush=True)
        return
    print("dev.py: installing Debian's chromium and chromium-driver with apt-get", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if (
        run("apt-get", "update", "-qq", env=env) != 0
        or run("apt-get", "install", "-y", "-qq", "chromium", "chromium-driver", env=env) != 0
    ):
        print("dev.py: apt-get failed: the browser test will be skipped", flush=True)


def main(argv: list[str]) -> int:
    job = argv[0] if argv else "test"
    setup()
    # Byte-compile explicitly: with PYTHONDONTWRITEBYTECODE set (as on some machines) every
    # cold `mentat` run would otherwise recompile the project, ~30 ms of its start-up.
    subprocess.call([str(BIN / "python"), "-m", "compileall", "-q", "checker", "constraints"], cwd=ROOT)
    if job == "setup":
        return 0
    if job == "demo":
        status = run(BIN / "mentat", "check", *(argv[1:] or [EXAMPLE]))
        return 0 if status in (0, 1, 3, 4) else status  # any verdict is a successful demo
    if job == "test":
        if "not browser" not in " ".join(argv[1:]):
            browser()
        os.environ["MENTAT_VERIFY"] = "all"  # tests cross-check every rule's z3 form with its check
        args = argv[1:]
        # The quick profile (CI's) keeps every check with shorter generated campaigns; --long runs them whole.
        if "--long" in args:
            args.remove("--long")
            os.environ["MENTAT_TEST_PROFILE"] = "long"
        # In parallel on every core (pytest-xdist); the workers share one build of the rulebook (tests/conftest.py).
        if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) or a == "no:xdist" for a in args):
            args = ["-n", "auto", *args]
        return run(BIN / "python", "-m", "pytest", *args)
    if job == "lint":
        return run(BIN / "ruff", "check", ".") or run(BIN / "mypy")
    if job == "bench":
        return run(BIN / "python", "benchmarks/bench.py", *argv[1:])
    print(f"dev.py: unknown job {job!r}; use demo, test, lint or bench", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
