"""Every worked case, run the way a user runs it: ``mentat check FILE --json``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checker.cases import EXPECT_KEYS, mismatches
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
EXIT = {"legal": 0, "illegal": 1, "unresolved": 3, "invalid-position": 4}


def expect_of(path: Path) -> dict:
    data = parse_yaml(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name} is not a mapping"
    expect = data.get("expect")
    assert isinstance(expect, dict) and expect.get("verdict") in EXIT, f"{path.name}: expect.verdict missing or unknown"
    return expect


def test_there_are_cases() -> None:
    assert sorted(ROOT.glob("cases/*/*.yaml")), "no case files under cases/"


def test_case(case_file: Path, cli) -> None:  # type: ignore[no-untyped-def]
    expect = expect_of(case_file)
    run = cli("check", case_file, "--json")
    assert not run.traceback, f"{case_file.name}: {run.exception!r}"
    assert run.code != 2, f"{case_file.name} is not a usable position: {run.stderr.strip()}"
    verdict = run.json()
    problems = mismatches(expect, verdict)
    assert not problems, f"{case_file.name}:\n  " + "\n  ".join(problems)
    assert run.code == EXIT[verdict["verdict"]], f"exit {run.code} for a verdict {verdict['verdict']}"
    for finding in verdict["findings"]:  # every message is filled in with the position's values
        assert "{" not in finding["message"] and "['" not in finding["message"], finding["message"]


def _expects_under(p: Path) -> bool:
    text = p.read_text(encoding="utf-8")
    # parsed only where the word appears: every worker collects this list
    return "under:" in text and "under" in ((parse_yaml(text) or {}).get("expect") or {})


UNDER = [p for p in sorted(ROOT.glob("cases/*/*.yaml")) if _expects_under(p)]


@pytest.mark.parametrize("under_case", UNDER, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case_under_other_rulesets(under_case: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """A case's ``expect.under``: ``mentat compare`` gives each other ruleset its own expected verdict."""
    expect = expect_of(under_case)
    own = parse_yaml(under_case.read_text(encoding="utf-8"))["ruleset"]
    others = expect["under"]
    run = cli("compare", under_case, "--rulesets", ",".join([own, *others]), "--json")
    assert not run.traceback, f"{under_case.name}: {run.exception!r}"
    rows = {row["ruleset"]: row for row in run.json()}
    assert not mismatches({k: v for k, v in expect.items() if k != "under"}, rows[own])
    for ruleset, wanted in others.items():
        assert rows[ruleset]["verdict"] is not None, f"{ruleset} cannot express {under_case.name}"
        problems = mismatches(wanted, rows[ruleset])
        assert not problems, f"{under_case.name} under {ruleset}:\n  " + "\n  ".join(problems)
    # exit 1 exactly when two rulesets that decide differ (the verdict, or an outcome value both report)
    for row in rows.values():
        for other, keys in (row.get("differs") or {}).items():
            assert row["verdict"] != "unresolved" and rows[other]["verdict"] not in ("unresolved", None)
            theirs = rows[other]["outcome"]
            assert keys == ["verdict"] or all(k in row["outcome"] and k in theirs for k in keys)
    differ = any(row.get("differs") for row in rows.values())
    assert run.code == (1 if differ else 0)


def test_case_text_output_agrees(case_file: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """Without --json: the same exit code, the verdict word and every forbidding rule printed (a position with
    no move, when its verdict is legal, is VALID)."""
    expect = expect_of(case_file)
    run = cli("check", case_file)
    assert run.code == EXIT[expect["verdict"]]
    no_move = parse_yaml(case_file.read_text(encoding="utf-8")).get("move") is None
    word = "VALID" if no_move and expect["verdict"] == "legal" else expect["verdict"].upper()
    assert run.stdout.split()[0] == word
    for rid in expect.get("forbids", []):
        assert rid in run.stdout


def test_mismatches_reports_each_difference(cli) -> None:  # type: ignore[no-untyped-def]
    """The comparison itself can fail: a wrong expectation is reported, key by key."""
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    got = cli("check", case, "--json").json()
    assert mismatches(expect_of(case), got) == []
    wrong = {
        "verdict": "legal",
        "forbids": ["gf9.no.such-rule"],
        "minimal_reason": [],
        "permits": ["gf9.shipment.storm-blocks"],
        "cites": ["gf9:1"],
        "outcome": {"cost": 999},
        "reason": "sandworm",
        "forbid": [],
    }
    found = mismatches(wrong, got)
    for key in ("verdict", "forbids", "minimal_reason", "permits", "cites", "outcome.cost", "reason", "expect.forbid"):
        assert any(p.startswith(key) for p in found), f"no mismatch reported for {key}: {found}"
    assert set(EXPECT_KEYS) >= {k for k in wrong if k != "forbid"}


def _mentat() -> str:
    exe = Path(sys.executable).with_name("mentat")
    found = str(exe) if exe.exists() else shutil.which("mentat")
    if not found:
        pytest.skip("the mentat console script is not installed")
    return found


def test_installed_console_script() -> None:
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    env = {**os.environ, "NO_COLOR": "1"}
    proc = subprocess.run(
        [_mentat(), "check", str(case), "--json"], capture_output=True, text=True, env=env, timeout=60
    )
    verdict = json.loads(proc.stdout)
    assert mismatches(expect_of(case), verdict) == []
    assert proc.returncode == EXIT[verdict["verdict"]]
    assert proc.stderr == ""


def test_installed_console_script_on_unusable_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: gf9\nstorm: [\n", encoding="utf-8")
    proc = subprocess.run([_mentat(), "check", str(bad)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mentat:") and "bad.yaml" in lines[0]
    assert "Traceback" not in proc.stderr
