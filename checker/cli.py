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
    from checker.engine import InternalError

    try:
        verdict = check_file(file, move=move, ruleset=ruleset)
    except InputError as err:
        fail(err.message)
    except InternalError as err:
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
        fail(InputError("rule", "a rule id", rule_id, nearest(rule_id, rules, always=True)).message)
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
        fail(
            InputError(
                "--ruleset", "a ruleset with rules", ruleset, ["gf9", "overview", "dreamrules", "conquest", "dice"]
            ).message
        )
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
    except Exception as err:  # a bug in Mentat: one line and exit 70, still never a traceback
        where = err.__traceback__
        while where is not None and where.tb_next is not None:
            where = where.tb_next
        at = f" ({where.tb_frame.f_code.co_filename}:{where.tb_lineno})" if where else ""
        print(f"mentat: internal error: {type(err).__name__}: {err}{at}", file=sys.stderr)
        sys.exit(70)


# -- the rulebook, coverage and pictures (issue 4) -------------------------------


@app.command("docs")
def build_docs(
    open_: Annotated[bool, typer.Option("--open", help="Open the built book in a browser.")] = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Build here (default docs/_build/html).")] = None,
    strict: Annotated[bool, typer.Option("--strict", "-W", help="Turn Sphinx warnings into errors.")] = False,
    jobs: Annotated[str, typer.Option("--jobs", "-j", help="Parallel Sphinx processes, or 'auto'.")] = "auto",
) -> None:
    """Build the rulebook (Sphinx + MyST) from the rules, sources and cases."""
    from sphinx.cmd.build import build_main

    docs = Path(__file__).resolve().parent.parent / "docs"
    target = out or docs / "_build" / "html"
    args = [str(docs), str(target), "-q", "-j", jobs] + (["-W", "--keep-going"] if strict else [])
    status = build_main(args)
    if status:
        typer.secho(f"mentat: the rulebook build failed (sphinx exit status {status})", fg="red", err=True)
        raise typer.Exit(status)
    index = target / "index.html"
    typer.echo(f"rulebook: {index}")
    if open_:
        import webbrowser

        webbrowser.open(index.resolve().as_uri())


@app.command("coverage")
def show_coverage(
    lines_: Annotated[bool, typer.Option("--lines", help="List the lines still to do, and the gaps.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print {SOURCE: {lines, encoded, set_aside, gaps, todo}}.")
    ] = False,
) -> None:
    """How much of each source the rules encode; the last line is a one-line summary."""
    from checker.coverage import report, spans, summary_line

    rows = report()
    if as_json:
        typer.echo(json.dumps({r.doc: r.as_json() for r in rows}, indent=2))
        return
    head = f"{'source':12} {'lines':>6} {'encoded':>8} {'gaps':>6} {'set aside':>10} {'to do':>6} {'encoded %':>10}"
    typer.echo(head)
    for r in rows:
        typer.echo(
            f"{r.doc:12} {r.total:6} {len(r.encoded):8} {len(r.gaps):6} {len(r.set_aside):10} "
            f"{len(r.unclassified):6} {r.percent:9.1f}%"
        )
        if lines_ and r.gaps:
            typer.echo(f"  gaps (unresolved until encoded): {spans(r.gaps)}")
        if lines_ and r.unclassified:
            typer.echo(f"  to do: {spans(r.unclassified)}")
    typer.echo(summary_line(rows))


@app.command("show")
def show_position(
    file: Annotated[Path, typer.Argument(help="A position file (YAML).", show_default=False)],
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Write an SVG picture of the position here ('-' for stdout).")
    ] = None,
) -> None:
    """Draw a position on the GF9 board (storm, forces, spice) as SVG."""
    from checker.position import read_position
    from checker.svg import board_svg

    try:
        pos = read_position(file)
    except InputError as err:
        fail(err.message)
    picture = board_svg(pos, title=pos.title or file.name)
    if svg is None or str(svg) == "-":
        typer.echo(picture, nl=False)
        return
    svg.write_text(picture, encoding="utf-8")
    typer.echo(f"wrote {svg}")


@app.command("battle")
def battle_plan(
    file: Annotated[
        Path, typer.Argument(help="A position file with a battle move (territory, aggressor).", show_default=False)
    ],
    faction: Annotated[str, typer.Option("--faction", help="The faction to plan for.")],
    against: Annotated[float | None, typer.Option("--against", help="A known opposing total to beat.")] = None,
    losses: Annotated[
        str | None,
        typer.Option("--losses", help="'one' or 'all': the faction's valid loss selections if it wins (Advanced)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")] = False,
) -> None:
    """Plan a battle: the strongest legal plan, the smallest winning dial, whether the plan can lose."""
    from checker.kinds.battle import battle_facts, loss_options
    from checker.kinds.battle_planner import _side_of, can_lose, smallest_winning_dial, strongest_plan
    from checker.names import faction_name
    from checker.position import BattleMove, read_position

    try:
        pos = read_position(file)
        me = faction_name(faction, "--faction")
        if not isinstance(pos.move, BattleMove):
            raise InputError("move", "a battle move (action: battle, territory, aggressor, plans)")
        facts = battle_facts(pos)
        x = _side_of(facts, me)
        out: dict[str, Any] = {"faction": me, "strongest": strongest_plan(pos, me, pos.ruleset)}
        if against is not None:
            out["smallest_winning_dial"] = smallest_winning_dial(pos, me, against, pos.ruleset)
        if me in pos.move.plans and pos.move.plans[me].dial is not None:
            beaten_by = can_lose(pos, me, pos.ruleset)
            out["can_lose"] = beaten_by is not None
            if beaten_by is not None:
                out["beaten_by"] = beaten_by
        if losses is not None:
            if losses not in ("one", "all"):
                raise InputError("--losses", "one or all", losses)
            if pos.move.plans.get(me) is None or facts.side(x, "dial_h") is None:
                raise InputError(f"move.plans.{me}.dial", "the dial whose losses to select")
            out["loss_options"] = loss_options(facts, x, every=losses == "all")
    except InputError as err:
        fail(err.message)
    if as_json:
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    best = out["strongest"]
    typer.echo(
        f"strongest legal plan for {me}: " + (json.dumps(best, ensure_ascii=False) if best else "none (no legal plan)")
    )
    if "smallest_winning_dial" in out:
        got = out["smallest_winning_dial"]
        typer.echo(
            f"smallest dial beating {against:g}: " + (json.dumps(got, ensure_ascii=False) if got else "none can")
        )
    if "can_lose" in out:
        typer.echo(
            "the file's plan "
            + (
                "can fail to win, e.g. against " + json.dumps(out["beaten_by"], ensure_ascii=False)
                if out["can_lose"]
                else "cannot lose"
            )
        )
    if "loss_options" in out:
        typer.echo(
            "loss selections if it wins: " + (json.dumps(out["loss_options"]) if out["loss_options"] else "none")
        )
