"""The ``mentat`` command as users meet it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import checker.api
from checker import engine
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_help_does_not_import_z3() -> None:
    code = (
        "import sys, checker.cli\n"
        "sys.argv = ['mentat', '--help']\n"
        "try:\n    checker.cli.main()\nexcept SystemExit as e:\n    code = e.code\n"
        "print(); print(code, 'z3' in sys.modules)\n"
    )
    proc = _python(code)
    assert proc.returncode == 0, proc.stderr
    *help_text, last = proc.stdout.strip().splitlines()
    assert "check" in "\n".join(help_text) and "Usage" in "\n".join(help_text)
    assert last.split() == ["0", "False"], "mentat --help imported z3"


def test_the_probe_can_see_z3() -> None:
    """The same probe reports z3 when a command does need it (so the test above can fail)."""
    code = (
        "import sys, checker.cli\n"
        f"sys.argv = ['mentat', 'check', {str(EXAMPLE)!r}, '--json']\n"
        "try:\n    checker.cli.main()\nexcept SystemExit as e:\n    pass\n"
        "print(); print('z3' in sys.modules)\n"
    )
    assert _python(code).stdout.strip().splitlines()[-1] == "True"


def test_schema_is_json_schema_and_validates_every_case(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("schema")
    assert run.code == 0
    schema = json.loads(run.stdout)
    assert schema["type"] == "object" and "ruleset" in schema["properties"]
    assert "move" in schema["properties"] and "ruleset" in schema.get("required", [])
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    cases = sorted(ROOT.glob("cases/*/*.yaml"))
    assert cases
    for path in cases:
        data = parse_yaml(path.read_text(encoding="utf-8"))
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert not errors, f"{path.name} does not match `mentat schema`: {errors[:3]}"
    # and it refuses what the loader refuses
    assert list(validator.iter_errors({"ruleset": "gf9", "strom": 3}))
    assert list(validator.iter_errors({"ruleset": "gf9", "storm": 19}))
    assert list(validator.iter_errors({"storm": 3}))


def test_rules_search_lists_the_storm_rule(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("rules", "--search", "storm")
    assert run.code == 0
    ids = [line.split()[0] for line in run.stdout.splitlines() if line.strip()]
    assert "gf9.shipment.storm-blocks" in ids
    from checker.rules import load_all

    def mentions(r: Any) -> bool:
        return "storm" in " ".join([r.id, r.title, *(c.text for c in r.cites)]).lower()

    assert set(ids) == {r.id for r in load_all().values() if mentions(r)}
    assert len(ids) < len(load_all())  # a search narrows the list
    none = cli("rules", "--search", "no-such-word-anywhere-xyzzy")
    assert none.code == 0 and none.stdout.strip() == ""


def test_rules_of_a_ruleset(cli) -> None:  # type: ignore[no-untyped-def]
    from checker.rules import ruleset_rules

    run = cli("rules", "--ruleset", "gf9")
    assert run.code == 0
    listed = {line.split()[0] for line in run.stdout.splitlines() if line.strip()}
    assert listed == set(ruleset_rules("gf9"))
    bad = cli("rules", "--ruleset", "gf99")
    assert bad.code == 2 and bad.stderr.startswith("mentat:")


def test_rule_shows_quote_and_z3_form(cli) -> None:  # type: ignore[no-untyped-def]
    from checker.rules import load_all

    r = load_all()["gf9.shipment.storm-blocks"]
    run = cli("rule", "gf9.shipment.storm-blocks")
    assert run.code == 0
    out = " ".join(run.stdout.split())
    assert r.title in out
    for c in r.cites:
        assert str(c) in out
        assert " ".join(c.text.split())[:60] in out
    assert "z3 form" in out and " ".join(r.form_source.split()) in out
    assert "ship-storm-carthag.yaml" in out  # the cases that show it


def test_rule_bogus_suggests(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("rule", "bogus")
    assert run.code == 2
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("mentat:")
    assert "did you mean" in run.stderr and "gf9." in run.stderr
    near = cli("rule", "gf9.shipment.storm-block")
    assert near.code == 2 and "gf9.shipment.storm-blocks" in near.stderr


def test_move_option_replaces_the_files_move(cli) -> None:  # type: ignore[no-untyped-def]
    before = cli("check", EXAMPLE, "--json").json()
    assert before["verdict"] == "illegal"
    run = cli("check", EXAMPLE, "--json", "--move", "{action: ship, faction: atreides, count: 3, to: Arrakeen}")
    after = run.json()
    assert run.code == 0 and after["verdict"] == "legal"
    assert "gf9.shipment.storm-blocks" in {f["rule"] for f in after["findings"] if f["effect"] == "permits"}
    assert after["outcome"].get("cost") == 3  # a stronghold: 1 spice per force


def test_ruleset_option(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("check", EXAMPLE, "--json", "--ruleset", "overview")
    assert run.json()["ruleset"] == "overview"
    bad = cli("check", EXAMPLE, "--json", "--ruleset", "gf8")
    assert bad.code == 2 and "gf9" in bad.stderr


def test_json_is_one_object(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("check", EXAMPLE, "--json")
    decoder = json.JSONDecoder()
    obj, end = decoder.raw_decode(run.stdout.strip())
    assert end == len(run.stdout.strip()), "more than one JSON value on stdout"
    assert set(obj) >= {"ruleset", "verdict", "findings", "minimal_reason", "outcome"}
    for f in obj["findings"]:
        assert set(f) == {"rule", "effect", "message", "sources"}
        for s in f["sources"]:
            assert set(s) == {"doc", "lines", "text"} and s["text"]


def test_text_output(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("check", EXAMPLE)
    assert run.code == 1
    assert run.stdout.startswith("ILLEGAL")
    assert "gf9.shipment.storm-blocks" in run.stdout and "gf9:L99" in run.stdout


def test_solver_timeout_is_unresolved(cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import z3

    def undecided(self: Any, *assumptions: Any, on: Any = None) -> Any:  # a solver that always runs out of time
        return z3.unknown

    monkeypatch.setattr(engine, "_SOLVERS", {})
    monkeypatch.setattr(checker.api, "_KEPT", {})  # no verdict of an earlier test
    monkeypatch.setattr(engine._Solver, "check", undecided)
    run = cli("check", EXAMPLE, "--json")
    assert run.code == 3, run.stdout + run.stderr
    verdict = run.json()
    assert verdict["verdict"] == "unresolved" and verdict["reason"] == "solver timeout"


def _solver_settings(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every setting given to a z3 solver from here on (a long-lived one, or one a tactic makes for a check), with
    no solver or verdict kept from before and the timeout set to 1234 ms."""
    import z3
    import z3.z3 as z3_module

    seen: list[Any] = []

    class Recording(z3.Solver):
        def set(self, *args: Any, **kw: Any) -> None:
            seen.append(args)
            super().set(*args, **kw)

    monkeypatch.setattr(engine, "_SOLVERS", {})
    monkeypatch.setattr(checker.api, "_KEPT", {})
    monkeypatch.setattr(engine, "SOLVER_TIMEOUT_MS", 1234)
    monkeypatch.setattr(z3, "Solver", Recording)
    monkeypatch.setattr(z3_module, "Solver", Recording)  # what a tactic's solver() is built as
    return seen


def test_timeout_setting_reaches_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    from checker.api import check_file

    seen = _solver_settings(monkeypatch)
    check_file(EXAMPLE)
    assert ("timeout", 1234) in seen


def test_timeout_setting_reaches_a_battles_solver_made_for_one_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """A battle is asked on a solver made for the check (its facts substituted first): it times out as set too."""
    from checker.api import check_file

    seen = _solver_settings(monkeypatch)
    verdict = check_file(ROOT / "cases" / "gf9" / "battle-basic-defender-wins.yaml")
    assert verdict.verdict == "legal"
    assert seen.count(("timeout", 1234)) >= 2  # the kind's long-lived solver, and the one made for this check


def test_completion_is_offered(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("--help")
    assert run.code == 0
    assert "--install-completion" in run.stdout and "--show-completion" in run.stdout
    exe = Path(sys.executable).with_name("mentat")
    if exe.exists():
        # with shell detection off (as in CI, without a login shell) the option takes the shell's name
        env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
        proc = subprocess.run(
            [str(exe), "--show-completion", "bash"], capture_output=True, text=True, timeout=60, env=env
        )
        assert proc.returncode == 0 and "complete" in proc.stdout and "mentat" in proc.stdout


def test_no_arguments_shows_help(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli()
    assert "Usage" in run.stdout + run.stderr
    assert run.code in (0, 2)


# -- short rulings, notes, headings (issue 7, points 3 and 4) ---------------------------


def _legal_gf9_cases() -> list[Path]:
    def expected(path: Path) -> str:
        return str((parse_yaml(path.read_text(encoding="utf-8")).get("expect") or {}).get("verdict"))

    return [p for p in sorted(ROOT.glob("cases/gf9/*.yaml")) if expected(p) == "legal"]


def test_legal_rulings_are_short(cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Median at most 25 lines at 100 columns over the legal gf9 cases (79 before issue 7), none wider."""
    import statistics

    monkeypatch.setenv("COLUMNS", "100")
    cases = _legal_gf9_cases()
    assert len(cases) >= 20
    counts = []
    for path in cases:
        run = cli("check", path)
        assert run.code == 0, f"{path.name}: {run.stdout}{run.stderr}"
        lines = run.stdout.splitlines()
        assert all(len(line) <= 100 for line in lines), f"{path.name}: a line wider than the terminal"
        counts.append(len(lines))
    assert statistics.median(counts) <= 25, sorted(counts)


def test_a_legal_ruling_names_what_could_have_forbidden_it(cli) -> None:  # type: ignore[no-untyped-def]
    """One line per rule that could have forbidden the move, with its citation; the outcome and its rules."""
    run = cli("check", EXAMPLE, "--move", "{action: ship, faction: atreides, count: 3, to: Arrakeen}")
    verdict = cli("check", EXAMPLE, "--json", "--move", "{action: ship, faction: atreides, count: 3, to: Arrakeen}")
    assert run.code == verdict.code == 0
    out = run.stdout
    lines = out.splitlines()
    assert lines[0].split() == ["LEGAL", "(gf9,", "ship)"]
    assert "outcome:" in out and "cost 3" in out
    from checker.rules import load_all

    rules = load_all()
    for f in verdict.json()["findings"]:
        rule = rules[f["rule"]]
        (line,) = [x for x in lines if f" {rule.id} " in x]
        assert line.startswith("= " if rule.defines and not rule.forbids else "✓ "), line
        at = lines.index(line)  # the message and the first cited line, on this line or the next ones
        block = " ".join(lines[at : at + 4])
        assert " ".join(f["message"].split())[:40] in " ".join(block.split())
        assert str(rule.cites[0]) in block
    storm = next(x for x in lines if "gf9.shipment.storm-blocks" in x)
    assert storm.startswith("✓") and "gf9:L99" in " ".join(lines[lines.index(storm) : lines.index(storm) + 2])
    assert '"' not in out, "a short ruling quotes no lines"


def test_all_quotes_every_permitting_rule(cli) -> None:  # type: ignore[no-untyped-def]
    move = "{action: ship, faction: atreides, count: 3, to: Arrakeen}"
    short = cli("check", EXAMPLE, "--move", move)
    full = cli("check", EXAMPLE, "--move", move, "--all")
    assert full.code == 0 and len(full.stdout.splitlines()) > len(short.stdout.splitlines())
    text = " ".join(full.stdout.split())
    for f in cli("check", EXAMPLE, "--json", "--move", move).json()["findings"]:
        for c in f["sources"]:  # the lines the finding quotes (a rule's cite_when may leave some out)
            first, last = c["lines"]
            where = f"{c['doc']}:L{first}" + (f"-{last}" if last != first else "")
            assert f"{where}:" in text and " ".join(c["text"].split())[:50] in text, f"{where} not quoted"


def test_illegal_and_unresolved_rulings_keep_their_quotes(cli) -> None:  # type: ignore[no-untyped-def]
    from checker.rules import load_all

    run = cli("check", EXAMPLE)
    assert run.code == 1
    quote = load_all()["gf9.shipment.storm-blocks"].cites[0]
    assert " ".join(quote.text.split())[:50] in " ".join(run.stdout.split())
    missing = cli("check", ROOT / "cases" / "gf9" / "ship-missing-storm.yaml")
    assert missing.code == 3 and "why:" in missing.stdout and '"' in missing.stdout


def test_notes_are_printed(cli) -> None:  # type: ignore[no-untyped-def]
    case = ROOT / "cases" / "gf9" / "storm-turn-unknown.yaml"
    notes = cli("check", case, "--json").json().get("notes")
    assert notes, "the case no longer infers anything: pick another"
    out = " ".join(cli("check", case).stdout.split())
    for note in notes:
        assert f"note: {note}" in out


@pytest.mark.parametrize(
    "text",
    [
        "ruleset: conquest\nphase: mentat-pause\n",
        "ruleset: dice\nmove: {action: sandstorm, faction: atreides, to: Carthag}\n",
        "ruleset: dreamrules\nmove: {action: take-tech-token, faction: ixians}\n",
    ],
)
def test_the_heading_has_no_empty_slot(cli, tmp_path: Path, text: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "pos.yaml"
    path.write_text(text, encoding="utf-8")
    run = cli("check", path)
    assert run.code == 3, run.stdout + run.stderr
    head = run.stdout.splitlines()[0]
    assert head.startswith("UNRESOLVED") and ", )" not in head and "()" not in head and "(, " not in head


def test_rules_of_the_dice_ruleset_are_its_own(cli) -> None:  # type: ignore[no-untyped-def]
    """Every ruleset has rules now: ``--ruleset dice`` lists the Dice Game's, and only those."""
    from checker.rules import ruleset_rules

    run = cli("rules", "--ruleset", "dice")
    assert run.code == 0 and "no rules encoded yet" not in run.stderr
    listed = {line.split()[0] for line in run.stdout.splitlines() if line and not line.startswith(" ")}
    assert listed == set(ruleset_rules("dice")) and all(rid.startswith("dice.") for rid in listed)
    assert "dice.ship.controlled" in listed


def test_a_kind_with_no_rules_still_answers_unresolved(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A move of a kind the ruleset encodes no rule for is never answered legal: it is unresolved, saying so (a
    market card's trick, conquest:25); a move its text has no question for is unusable input (a revival)."""
    path = tmp_path / "pos.yaml"
    path.write_text("ruleset: conquest\nmove: {action: play, faction: atreides, card: Karama}\n", encoding="utf-8")
    run = cli("check", path, "--json")
    assert run.code == 3 and run.json()["verdict"] == "unresolved"
    assert "play" in run.json()["reason"] and "does not encode" in run.json()["reason"]
    path.write_text("ruleset: conquest\nmove: {action: revive, faction: atreides, count: 1}\n", encoding="utf-8")
    assert cli("check", path, "--json").json()["error"]["key"] == "move.action"


def test_rules_unresolved_lists_open_questions_and_gaps(cli) -> None:  # type: ignore[no-untyped-def]
    from checker.rules import load_all

    run = cli("rules", "--unresolved")
    assert run.code == 0
    listed = [line.split()[0] for line in run.stdout.splitlines() if line and not line.startswith(" ")]
    open_rules = {rid: r for rid, r in load_all().items() if r.status in ("unresolved", "gap")}
    assert open_rules and set(listed) == set(open_rules)
    out = " ".join(run.stdout.split())
    for r in open_rules.values():
        assert f"{r.status}: {' '.join(r.reason.split())[:60]}" in out
    gf9 = cli("rules", "--unresolved", "--ruleset", "gf9").stdout
    assert all(line.startswith(" ") or line.split()[0] in open_rules for line in gf9.splitlines() if line)


def test_each_command_alone_reads_as_in_the_whole_app() -> None:
    """`mentat` builds only the asked command (a faster cold start): its help and usage are the whole app's."""
    from typer.testing import CliRunner

    from checker.cli import app, app_for

    runner = CliRunner()
    names = [c.name or c.callback.__name__.replace("_", "-") for c in app.registered_commands if c.callback]
    assert {"check", "compare", "battle", "docs", "new"} <= set(names)
    for name in names:
        alone = app_for([name, "--help"])
        assert alone is not app
        got, whole = runner.invoke(alone, [name, "--help"]), runner.invoke(app, [name, "--help"])
        assert got.exit_code == whole.exit_code == 0
        assert got.stdout == whole.stdout, name
    assert app_for(["--help"]) is app and app_for(["chek"]) is app and app_for([]) is app


def test_a_rule_fixing_no_value_keeps_its_check_mark(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``=`` marks a rule that fixes an outcome value: a rule that only permits (advisors leave a stronghold open)
    is ``✓``, the cost beside it ``=``."""
    pos = tmp_path / "advisors.yaml"
    pos.write_text(
        "ruleset: gf9\nadvanced: true\nstorm: 1\nfactions:\n  atreides: {spice: 10, reserves: 10}\nforces:\n"
        "  - {faction: harkonnen, territory: Carthag, count: 3}\n"
        "  - {faction: bene-gesserit, territory: Carthag, count: 1, advisors: true}\n"
        "move: {action: ship, faction: atreides, count: 2, to: Carthag}\n",
        encoding="utf-8",
    )
    run = cli("check", pos)
    assert run.code == 0, run.stdout
    lines = run.stdout.splitlines()
    assert any(x.startswith("✓ gf9.shipment.advisors-uncounted") for x in lines), run.stdout
    assert any(x.startswith("= overview.shipment.cost") for x in lines), run.stdout
