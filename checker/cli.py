"""The ``mentat`` command: check positions, read rules, start a game's position."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from checker.errors import InputError

if TYPE_CHECKING:
    from checker.engine import Verdict
    from checker.rules import Rule

app = typer.Typer(
    name="mentat",
    help="Rules assistant and compliance checker for the Dune family of board games.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)

STYLE = {"legal": "green", "illegal": "red", "unresolved": "yellow", "invalid-position": "red"}


def fail(message: str) -> NoReturn:
    """Unusable input: one line on stderr, exit status 2."""
    typer.secho(f"mentat: {message}", fg="red", err=True)
    raise typer.Exit(2)


@app.command()
def check(
    file: Annotated[Path, typer.Argument(help="A position file (YAML).", show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON verdict on stdout.")] = False,
    move: Annotated[str | None, typer.Option("--move", help="A move as YAML/JSON, replacing the file's.")] = None,
    ruleset: Annotated[str | None, typer.Option(help="Judge under another ruleset than the file's.")] = None,
) -> None:
    """Say whether a position's move is legal (or the position valid), and why."""
    from checker.api import check_file
    from checker.engine import Disagreement

    try:
        verdict = check_file(file, move=move, ruleset=ruleset)
    except InputError as err:
        fail(err.message)
    except Disagreement as err:
        typer.secho(f"mentat: {err}", fg="red", err=True)
        raise typer.Exit(70) from None
    if as_json:
        typer.echo(json.dumps(verdict.as_json(), indent=2, ensure_ascii=False))
    else:
        _print_verdict(verdict)
    raise typer.Exit(verdict.exit_code)


def _print_verdict(v: Verdict) -> None:
    typer.secho(f"{v.verdict.upper()}", fg=STYLE[v.verdict], bold=True, nl=False)
    typer.echo(f"  ({v.ruleset}, {v.question})")
    if v.reason:
        typer.echo(f"  why: {v.reason}")
    for f in v.findings:
        mark = {"forbids": "✗", "permits": "✓", "unresolved": "?"}[f.effect]
        typer.secho(f"{mark} {f.rule.id}", fg=STYLE.get({"✗": "illegal", "✓": "legal"}.get(mark, ""), None), nl=False)
        typer.echo(f"  {f.message}")
        for c in f.rule.cites:
            typer.secho(f"    {c}: ", dim=True, nl=False)
            typer.echo(_wrap(c.text, 6))
    if v.minimal_reason:
        typer.echo("minimal reason: " + ", ".join(v.minimal_reason))
    if v.outcome:
        typer.echo("outcome: " + json.dumps(v.outcome, ensure_ascii=False))


def _wrap(text: str, indent: int, width: int = 88) -> str:
    import textwrap

    lines = textwrap.wrap(f'"{text}"', width - indent)
    return ("\n" + " " * indent).join(lines)


@app.command("rule")
def show_rule(rule_id: Annotated[str, typer.Argument(help="A rule id, e.g. gf9.shipment.storm-blocks.")]) -> None:
    """Show one rule: its text, quote, z3 form, check and cases."""
    from checker.errors import nearest
    from checker.rules import load_all

    rules = load_all()
    if rule_id not in rules:
        fail(InputError("rule", "a rule id", rule_id, nearest(rule_id, rules)).message)
    r = rules[rule_id]
    typer.secho(f"{r.id}: {r.title}", bold=True)
    typer.echo(f"status: {r.status}{' (' + r.reason + ')' if r.reason else ''}; question: {r.on}")
    if r.doc:
        typer.echo(f"\n{r.doc}")
    typer.echo("\nsource:")
    for c in r.cites:
        typer.echo(f"  {c}: {_wrap(c.text, 4)}")
    typer.echo("\ncheck:\n" + r.check_source)
    if r.form:
        typer.echo("z3 form:\n" + r.form_source)
    from checker.cases import cases_for_rule

    found = cases_for_rule(r.id)
    typer.echo("cases: " + (", ".join(found) if found else "none"))


@app.command("rules")
def list_rules(
    ruleset: Annotated[str | None, typer.Option(help="Only the rules in force in this ruleset.")] = None,
    search: Annotated[str | None, typer.Option(help="Only rules whose id, title or quote has this text.")] = None,
) -> None:
    """List rules, optionally those of one ruleset or matching a word."""
    from checker.rules import load_all, ruleset_rules

    rules: dict[str, Rule] = ruleset_rules(ruleset) if ruleset else load_all()
    if ruleset and not rules:
        fail(InputError("--ruleset", "a ruleset with rules", ruleset, ["gf9", "overview", "dreamrules", "conquest", "dice"]).message)
    word = (search or "").lower()
    for r in sorted(rules.values(), key=lambda r: r.id):
        hay = " ".join([r.id, r.title, *(c.text for c in r.cites)]).lower()
        if word in hay:
            typer.echo(f"{r.id:48} {r.title}  [{', '.join(str(c) for c in r.cites)}]")


@app.command()
def schema() -> None:
    """Print the JSON Schema of position files."""
    from checker.position import schema as make

    typer.echo(json.dumps(make(), indent=2))


@app.command()
def new(
    ruleset: Annotated[str, typer.Argument(help="gf9 (others to come).")],
    factions: Annotated[str, typer.Option(help="Comma-separated factions, e.g. atreides,harkonnen.")],
    advanced: Annotated[bool, typer.Option(help="The Advanced game.")] = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")] = None,
) -> None:
    """Write the starting position of a game, to edit from."""
    from checker.setup import starting_position

    try:
        text = starting_position(ruleset, [f for f in factions.split(",") if f.strip()], advanced)
    except InputError as err:
        fail(err.message)
    if out:
        out.write_text(text, encoding="utf-8")
    else:
        typer.echo(text, nl=False)


def main() -> Any:
    """Entry point: never a traceback for a user's mistake."""
    try:
        return app()
    except KeyboardInterrupt:
        sys.exit(130)
