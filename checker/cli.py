"""The ``mentat`` command: check positions, read rules, start a game's position."""

from __future__ import annotations

import atexit
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

from checker.cache import compiled_dataclasses, compiled_regexes

compiled_regexes()  # before typer, PyYAML and the project compile theirs
compiled_dataclasses()  # before the position model and the kinds are imported

import typer  # noqa: E402 (after the caches above)

from checker.errors import InputError  # noqa: E402
from checker.launch import ONE_QUESTION  # noqa: E402

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


def fail_input(err: InputError, as_json: bool = False) -> NoReturn:
    """Unusable input: one line on stderr and, with ``--json``, one JSON object on stdout; exit 2."""
    if as_json:
        typer.echo(json.dumps({"error": err.as_json()}, indent=2, ensure_ascii=False))
    fail(err.message)


def internal_message(err: BaseException) -> str:
    """A bug in Mentat as one line: the exception and where it was raised."""
    from checker.engine import InternalError

    if isinstance(err, InternalError):
        text = str(err)
        return text if text.startswith("internal error") else f"internal error: {text}"
    where = err.__traceback__
    while where is not None and where.tb_next is not None:
        where = where.tb_next
    at = f" ({where.tb_frame.f_code.co_filename}:{where.tb_lineno})" if where else ""
    return f"internal error: {type(err).__name__}: {err}{at}"


def fail_internal(err: BaseException, as_json: bool = False) -> NoReturn:
    """A bug in Mentat (exit 70): one line on stderr and, with ``--json``, one JSON object on stdout."""
    message = internal_message(err)
    if as_json:
        typer.echo(json.dumps({"error": {"kind": "internal", "message": message}}, indent=2, ensure_ascii=False))
    typer.secho(f"mentat: {message}", fg="red", err=True)
    raise typer.Exit(70)


def out_path_error(path: Path, option: str) -> InputError | None:
    """Why ``path`` (given to ``option``) cannot be written, as an InputError naming the option; None when it can."""
    if path.is_dir():
        return InputError(option, "a file to write, not a directory", path)
    parent = path.parent
    if not parent.exists():
        return InputError(option, f"a file in a directory that exists ({parent} does not)", path)
    if not parent.is_dir():
        return InputError(option, f"a file in a directory ({parent} is not one)", path)
    return None


def check_out(path: Path | None, option: str, as_json: bool = False) -> None:
    """Before the work: an output path that cannot be written is an input error (exit 2) naming the option."""
    if path is not None and str(path) != "-":
        err = out_path_error(path, option)
        if err is not None:
            fail_input(err, as_json)


def write_out(path: Path, text: str, option: str, as_json: bool = False) -> None:
    """Write an output file; a path that cannot be written is an input error (exit 2) naming the option."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        why = out_path_error(path, option)
        if why is None:
            why = InputError(option, f"a file Mentat may write ({err.strerror or err})", path)
        fail_input(why, as_json)


@app.command()
def check(
    file: Annotated[Path, typer.Argument(help="A position file (YAML).", show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout (errors too).")] = False,
    move: Annotated[str | None, typer.Option("--move", help="A move as YAML/JSON, replacing the file's.")] = None,
    ruleset: Annotated[str | None, typer.Option(help="Judge under another ruleset than the file's.")] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Print every permitting rule with its quoted lines (legal verdicts).")
    ] = False,
) -> None:
    """Say whether a position's move is legal (or the position valid), and why."""
    try:
        from checker.api import check_file

        verdict = check_file(file, move=move, ruleset=ruleset)
    except InputError as err:
        fail_input(err, as_json)
    except Exception as err:  # a bug in Mentat, never a traceback (and one JSON object with --json)
        fail_internal(err, as_json)
    if as_json:
        typer.echo(json.dumps(verdict.as_json(), indent=2, ensure_ascii=False))
    else:
        print_verdict(verdict, every=every)
    raise typer.Exit(verdict.exit_code)


@app.command("apply")
def apply_move(
    file: Annotated[Path, typer.Argument(help="A position file (YAML) with the move to play.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the position after the move here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout (errors too).")] = False,
) -> None:
    """Play a legal move: the position after it, in the position format (the move's ruling when it is not applied)."""
    from checker.game import Applied, applied_json, apply, position_yaml
    from checker.positions import read_yaml

    check_out(out, "--out", as_json)
    try:
        data = read_yaml(file)  # an unreadable file or bad YAML: one InputError naming the file, as for `check`
        if not isinstance(data, dict):
            raise InputError("", "a position (a mapping)", data, file=str(file))
        result = apply(data, str(file))
    except InputError as err:
        err.file = err.file or str(file)
        fail_input(err, as_json)
    except Exception as err:  # a bug in Mentat, never a traceback
        fail_internal(err, as_json)
    if not isinstance(result, Applied):  # not applied: the ruling, and its exit status, as `check` gives them
        if as_json:
            typer.echo(json.dumps(applied_json(result), indent=2, ensure_ascii=False))
        else:
            print_verdict(result.verdict)
        raise typer.Exit(result.verdict.exit_code)
    text = "".join(f"# note: {note}\n" for note in result.notes) + position_yaml(result.data)
    if out is not None:
        write_out(out, text, "--out", as_json)
    if as_json:
        typer.echo(json.dumps(applied_json(result), indent=2, ensure_ascii=False))
    elif out is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(f"applied: {out}")
        for note in result.notes:
            typer.echo(f"note: {note}")


@app.command("replay")
def replay_record(
    record: Annotated[Path, typer.Argument(help="A game record (YAML).", show_default=False)],
    to: Annotated[
        int | None,
        typer.Option("--to", min=0, help="Stop after this move; its position goes to -o, or to stdout without -o."),
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Where the last position is written.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout (errors too).")] = False,
) -> None:
    """Replay a game record move by move; stop at the first move not applied, with its ruling and the position
    before it (written out, so `mentat check` reproduces it)."""
    from checker.game import Replayed, position_yaml, read_record, replay

    check_out(out, "--out", as_json)
    try:
        game = read_record(record)
        if to is not None and to > len(game.moves):
            raise InputError(
                "--to",
                f"a move number of the record, 0 to {len(game.moves)} (the record has only {len(game.moves)} moves)",
                to,
            )
        total = len(game.moves) if to is None else min(to, len(game.moves))
        if sys.stderr.isatty() and not as_json and total >= LONG_RECORD:  # a bar on stderr, as typer draws one
            with typer.progressbar(replay(game, to), length=total, label="replaying", file=sys.stderr) as bar:
                steps = list(bar)
        else:
            steps = list(replay(game, to))
    except InputError as err:
        err.file = err.file or str(record)
        fail_input(err, as_json)
    except Exception as err:  # a bug in Mentat, never a traceback
        fail_internal(err, as_json)
    done = Replayed(game, steps)
    target = out or (record.with_name(f"{record.stem}.stopped.yaml") if done.stopped else None)
    if target is not None:
        write_out(target, position_yaml(done.position), "--out" if out else "the stopped position's file", as_json)
    summary = f"{done.applied} of {len(game.moves)} moves applied" + (f" (to move {to})" if to is not None else "")
    if as_json:
        typer.echo(json.dumps(done.as_json(str(target) if target else None), indent=2, ensure_ascii=False))
    elif target is None and to is not None:  # --to N with no -o: the position after move N on stdout, as apply's
        typer.echo(f"# {summary}\n" + position_yaml(done.position), nl=False)
    else:
        typer.echo(summary)
        last, verdict = done.last, done.verdict
        if done.stopped and last is not None and verdict is not None:
            typer.echo(f"stopped at move {last.number}: {json.dumps(last.move, ensure_ascii=False)}")
            print_verdict(verdict)
        if target is not None:
            what = "the position before it, with the move" if done.stopped else "the position"
            typer.echo(f"{what}: {target}")
    raise typer.Exit(done.exit_code)


LONG_RECORD = 50  # moves: a replay this long shows its progress on a terminal


def _width() -> int:
    import shutil

    return max(60, min(160, shutil.get_terminal_size((100, 24)).columns))


def _cites(cites: tuple[Any, ...]) -> str:
    """``[gf9:L99, gf9:L223]``: each line as the illegal form and the rulebook name it."""
    return "[" + ", ".join(str(c) for c in cites) + "]"


def _line(text: str, width: int, indent: int = 4, tail: str = "") -> str:
    """One item, wrapped to the terminal with a hanging indent; ``tail`` (a citation) is kept whole."""
    import textwrap

    lines = textwrap.wrap(text, width, subsequent_indent=" " * indent, break_on_hyphens=False) or [text]
    if tail:
        if len(lines[-1]) + 2 + len(tail) <= width:
            lines[-1] += "  " + tail
        else:
            lines.append(" " * indent + tail)
    return "\n".join(lines)


def _readable(key: str, value: Any) -> str:
    from checker.names import display

    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if not value:
            return "none"
        return ", ".join(f"{display(k) if isinstance(k, str) else k} {_readable(key, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        if not value:
            return "none"
        return (" → " if key == "path" else ", ").join(_readable(key, v) for v in value)
    if isinstance(value, str) and key in ("winner", "paid_to", "first_player") and value not in ("none", "bank"):
        return display(value)
    return str(value)


def _kind(v: Verdict) -> Any:
    """The kind of question a verdict answers (its labels, whether it judges a position), or None."""
    from checker.family import family_of

    family = family_of(v.ruleset)
    try:
        return family.load_kind(v.question) if family is not None and v.question else None
    except Exception:  # an unencoded question's name: no kind of the family
        return None


def fixing_findings(v: Verdict) -> list[Any]:
    """The findings of rules that fix an outcome's value (``defines``) and never forbid (marked ``=`` on a legal
    verdict); a rule that only permits, fixing no value, keeps its ``✓``."""
    return [f for f in v.findings if f.effect == "permits" and f.rule.defines and not f.rule.forbids]


def outcome_text(v: Verdict) -> str:
    """The outcome as a player reads it: ``cost 4; paid to bank``, each key under its kind's label."""
    kind = _kind(v)
    labels: dict[str, str] = getattr(kind, "labels", {}) or {}
    shown = {k: x for k, x in v.outcome.items() if k != "unknown"}  # the notes say what is unknown
    return "; ".join(f"{labels.get(k, k.replace('_', ' '))} {_readable(k, x)}" for k, x in shown.items())


def verdict_word(v: Verdict) -> str:
    """The verdict's first word: a position with no move is VALID (or INVALID-POSITION), not LEGAL."""
    kind = _kind(v)
    if v.verdict == "legal" and kind is not None and kind.judges_position:
        return "VALID"
    return v.verdict.upper()


MARK = {"forbids": "✗", "permits": "✓", "unresolved": "?"}
COLOUR = {"forbids": "red", "permits": "green", "unresolved": "yellow"}


def _item(mark: str, colour: str | None, rule_id: str, rest: str, width: int, tail: str = "") -> None:
    """``✓ rule.id  message  [cites]``, wrapped, with the mark and id in colour."""
    head = f"{mark} {rule_id}"
    text = _line(f"{head}  {rest}", width, tail=tail)
    if text.startswith(head):
        typer.secho(head, fg=colour, nl=False)
        text = text[len(head) :]
    typer.echo(text)


def print_verdict(v: Verdict, every: bool = False) -> None:
    """The human form of a verdict.

    A legal verdict is short: the outcome, the rules that fix it, and each rule that could
    have forbidden the move, one line each with its citation (``every``: quotes, as for the
    other verdicts). Illegal and unresolved verdicts quote the lines of each finding.
    """
    width = _width()
    word = verdict_word(v)
    typer.secho(word, fg=STYLE[v.verdict], bold=True, nl=False)
    won = word == "VALID" and "winner" in v.outcome
    winner = f"  winner: {_readable('winner', v.outcome['winner'])}" if won else ""
    typer.echo(f"  ({', '.join(x for x in (v.ruleset, v.question) if x)}){winner}")
    if v.reason:
        typer.echo(_line(f"  why: {v.reason}", width))
    short = v.verdict == "legal" and not every
    if short:
        if v.outcome:
            typer.echo(_line(f"outcome: {outcome_text(v)}", width, 2))
        fixing = fixing_findings(v)
        doubted = [f for f in v.findings if f not in fixing]
        for f in fixing:
            _item("=", None, f.rule.id, f.message, width, _cites(f.sources))
        for f in doubted:
            _item(MARK[f.effect], COLOUR[f.effect], f.rule.id, f.message, width, _cites(f.sources))
    else:
        for f in v.findings:
            if f.effect == "permits" and not every:  # beside an open question: one line, its citation
                _item(MARK[f.effect], COLOUR[f.effect], f.rule.id, f.message, width, _cites(f.sources))
                continue
            _item(MARK[f.effect], COLOUR[f.effect], f.rule.id, f.message, width)
            for c in f.sources:
                typer.secho(f"    {c}: ", dim=True, nl=False)
                typer.echo(_wrap(c.text, 6, width))
        if v.minimal_reason:
            typer.echo(_line("minimal reason: " + ", ".join(v.minimal_reason), width))
        decided = {k: x for k, x in v.outcome.items() if k != "unknown"}
        if decided:
            typer.echo("outcome: " + json.dumps(decided, ensure_ascii=False))
    by_reason: dict[str, list[str]] = {}  # the values the verdict does not decide, those for one reason together
    for key, why in v.unknown.items():
        by_reason.setdefault(why, []).append(key.replace("_", " "))
    for why, keys in by_reason.items():
        typer.echo(_line(f"note: {', '.join(keys)} unknown: {why}", width, 2))
    for note in v.notes:
        typer.echo(_line(f"note: {note}", width, 2))
    if short and v.findings:
        typer.secho("(--all quotes the lines of every rule)", dim=True)


def _wrap(text: str, indent: int, width: int = 88) -> str:
    import textwrap

    lines = textwrap.wrap(f'"{text}"', width - indent)
    return ("\n" + " " * indent).join(lines)


def _rulesets_option(text: str | None) -> list[str] | None:
    return [r.strip().lower() for r in text.split(",") if r.strip()] if text else None


@app.command("compare")
def compare(
    file: Annotated[Path, typer.Argument(help="A position file (YAML).", show_default=False)],
    rulesets: Annotated[
        str | None, typer.Option(help="Comma-separated rulesets (default: every ruleset of the position's family).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object per ruleset, as a list.")] = False,
) -> None:
    """The same position under several rulesets, side by side: verdict, outcome, the rules that decide.

    Exit status: 0 when every ruleset that can express the position agrees, 1 when they differ.
    """
    from checker.compare import compare_file, differ

    try:
        rows = compare_file(file, _rulesets_option(rulesets))
    except InputError as err:
        fail_input(err, as_json)
    except Exception as err:  # a bug in Mentat, never a traceback
        fail_internal(err, as_json)
    differing = differ(rows)
    if as_json:
        typer.echo(json.dumps([r.as_json() for r in rows], indent=2, ensure_ascii=False))
        raise typer.Exit(1 if differing else 0)
    print_comparison(rows)
    raise typer.Exit(1 if differing else 0)


COLUMNS = (16, 18, 28)  # ruleset, verdict, outcome; the deciding rules take the rest of the line


def _cell(text: str, width: int) -> list[str]:
    """A table cell wrapped to its column (never cut short)."""
    import textwrap

    return textwrap.wrap(text, width - 2, break_on_hyphens=False, break_long_words=True) or [""]


def _table_row(cells: list[list[str]], widths: list[int], colour: str | None = None) -> None:
    """One row of the comparison table, each cell already wrapped, the verdict cell (the second) in colour."""
    import itertools

    for line in itertools.zip_longest(*cells, fillvalue=""):
        end = max(i for i, text in enumerate(line) if text) if any(line) else 0
        for i, (text, width) in enumerate(zip(line[: end + 1], widths, strict=False)):
            last = i == end
            shown = text if last else f"{text:<{width}}"
            if i == 1 and text and colour:
                typer.secho(shown, fg=colour, bold=True, nl=last)
            else:
                typer.echo(shown, nl=last)


def print_comparison(rows: list[Any]) -> None:
    """``mentat compare``'s text: a table of the answers (rulesets that agree share a row), what differs, then each
    ruleset's deciding findings with their quoted lines."""
    from checker.compare import agreeing, differences

    width = _width()
    widths = [*COLUMNS, max(30, width - sum(COLUMNS))]
    groups = agreeing(rows)
    _table_row([["ruleset"], ["verdict"], ["outcome"], ["deciding rules"]], widths)
    for group in groups:
        names = _cell(", ".join(r.ruleset for r in group), widths[0])
        first = group[0]
        if first.verdict is None:
            _table_row([names, ["cannot express"], _cell(first.cannot, widths[2] + widths[3]), []], widths)
            continue
        v = first.verdict
        outcome: dict[str, Any] = {}
        for row in group:  # agreeing rows: the values each reports, none contradicting another
            outcome.update(row.outcome())
        shown = "; ".join(f"{k.replace('_', ' ')} {_readable(k, x)}" for k, x in outcome.items()) or "-"
        rules: list[str] = []
        for row in group:
            rules += [f"{f.rule.id} {_cites(f.sources)}" for f in row.deciding()]
        rules = list(dict.fromkeys(rules)) or [v.reason or "-"]
        deciding = [line for rule in rules for line in _cell(rule, widths[3])]
        word = verdict_word(v)
        _table_row([names, [word], _cell(shown, widths[2]), deciding], widths, STYLE[v.verdict])
    for i, a in enumerate(groups):
        for b in groups[i + 1 :]:
            keys = differences(a[0], b[0])
            if keys:
                x, y = ", ".join(r.ruleset for r in a), ", ".join(r.ruleset for r in b)
                typer.echo(_line(f"differ: {x} and {y} on {_differing(a[0], b[0], keys)}", width, 4))
    typer.echo("")
    for group in groups:
        for row in group:
            if row.verdict is None:
                continue
            v = row.verdict
            typer.secho(f"{row.ruleset}: {verdict_word(v).lower()}", bold=True, nl=False)
            typer.echo(
                f"  ({v.question})" + (f"  outcome: {json.dumps(v.outcome, ensure_ascii=False)}" if v.outcome else "")
            )
            if v.verdict == "unresolved" and v.reason:
                typer.echo(_line(f"  why: {v.reason}", width, 4))
            for f in row.deciding():
                _item(MARK[f.effect], COLOUR[f.effect], f.rule.id, f.message, width)
                for c in f.sources:
                    typer.secho(f"    {c}: ", dim=True, nl=False)
                    typer.echo(_wrap(c.text, 6, width))
            for note in row.notes:
                typer.echo(_line(f"  carried over: {note}", width, 4))
    if len(groups) == 1 and len(rows) > 1:
        typer.echo(f"all {len(rows)} rulesets agree")


def _differing(a: Any, b: Any, keys: list[str]) -> str:
    """``cost (gf9 4, conquest 2)``: each key that differs, with both values."""
    if keys == ["verdict"]:
        return f"the verdict ({a.ruleset} {a.verdict.verdict}, {b.ruleset} {b.verdict.verdict})"
    ra, rb = a.outcome(), b.outcome()
    return "; ".join(f"{k} ({a.ruleset} {_readable(k, ra[k])}, {b.ruleset} {_readable(k, rb[k])})" for k in keys)


@app.command("conflicts")
def conflicts(
    rulesets: Annotated[
        str | None,
        typer.Option(help="Comma-separated rulesets to compare (default: every ruleset; pairs within one game)."),
    ] = None,
    find: Annotated[
        bool,
        typer.Option(
            "--find",
            help="Ask the solver, for every pair of rules answering the same question, for a position where "
            "the rulesets differ; write each found one under cases/conflicts/.",
        ),
    ] = False,
    write: Annotated[bool, typer.Option(help="With --find: write the found positions as cases.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The source conflicts: where two rulesets' texts say different things about the same situation."""
    from checker import conflicts as cf
    from checker.family import rulesets as every_ruleset

    names = _rulesets_option(rulesets)
    known = every_ruleset()
    for r in names or ():
        if r not in known:
            from checker.errors import nearest

            fail(InputError("--rulesets", "rulesets among " + ", ".join(known), r, nearest(r, known)).message)
    if not find:
        listed = cf.recorded(names)
        if as_json:
            typer.echo(json.dumps([_pair_json(p) for p in listed], indent=2, ensure_ascii=False))
            return
        width = _width()
        for p in listed:
            _print_pair(p, width)
        typer.echo(f"{len(listed)} recorded conflicts" + (f" between {', '.join(names)}" if names else ""))
        return
    import time

    start = time.monotonic()
    search = cf.find(names)
    found, none, missed = search.found, search.agree, search.missed
    elapsed = time.monotonic() - start
    written: list[str] = []
    if write:
        from checker.cases import CASES

        folder = CASES / "conflicts"
        folder.mkdir(exist_ok=True)
        for w in found:
            path = folder / f"{w.pair.case_name}.yaml"
            path.write_text(cf.case_text(w), encoding="utf-8")
            written.append(str(path.relative_to(CASES.parent)))
        if not search.unsearched and not names:  # a complete search: what it no longer finds goes
            for old in folder.glob("*.yaml"):
                if str(old.relative_to(CASES.parent)) not in written:
                    old.unlink()
    if as_json:
        out = {
            "found": [
                {
                    **_pair_json(w.pair),
                    "case": written[i] if i < len(written) else None,
                    "changed": w.changed,
                    "position": w.data,
                    "verdicts": {w.pair.rulesets[k]: w.verdicts[k].as_json() for k in (0, 1)},
                }
                for i, w in enumerate(found)
            ],
            "agree": [_pair_json(p) for p in none],
            "missed": [_pair_json(p) for p in missed],
            "seconds": round(elapsed, 2),
        }
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False, default=str))
    else:
        width = _width()
        for w in found:
            _print_pair(w.pair, width)
            a, b = w.verdicts
            for rs, v in zip(w.pair.rulesets, (a, b), strict=True):
                outcome = json.dumps(v.outcome, ensure_ascii=False) if v.outcome else ""
                typer.echo(_line(f"  {rs}: {v.verdict.upper()} {outcome}", width, 6))
            typer.echo(_line(f"  found from {w.seed}, setting {w.changed or 'nothing'}", width, 6))
        for p in missed:
            typer.secho(f"not found: {p.first.id} / {p.second.id} ({p.recorded})", fg="yellow")
        recorded = len({p.by for p in cf.recorded(names)})
        typer.echo(
            f"{len(found)} pairs differ ({recorded - len(missed)} of the {recorded} recorded conflicts rediscovered), "
            f"{len(none)} pairs agree on every position tried, in {elapsed:.1f} s"
            + (f"; {len(search.unsearched)} pairs left unsearched (time)" if search.unsearched else "")
            + (f"; cases written under cases/conflicts/ ({len(written)})" if written else "")
        )
    raise typer.Exit(1 if missed else 0)


def _pair_json(p: Any) -> dict[str, Any]:
    return {
        "rulesets": list(p.rulesets),
        "rules": [p.first.id, p.second.id],
        "recorded": p.recorded,
        "sources": [[c.as_json() for c in r.cites] for r in (p.first, p.second)],
    }


def _print_pair(p: Any, width: int) -> None:
    typer.secho(f"{p.first.on}: {p.recorded or p.first.title}", bold=True)
    for rs, r in zip(p.rulesets, (p.first, p.second), strict=True):
        typer.echo(f"  {rs}: {r.id}")
        for c in r.cites:
            typer.secho(f"    {c}: ", dim=True, nl=False)
            typer.echo(_wrap(c.text, 6, width))


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
    if r.see_also:
        typer.echo("\nsee also (lines that support it): " + ", ".join(map(str, r.see_also)))
    from checker.rules import RESTATED, counterparts, in_force_in

    for doc, again in RESTATED.get(r.id, {}).items():
        typer.echo(f"\nsaid again in {doc} (its verdicts quote these lines too):")
        for c in again:
            typer.echo(f"  {c}: {_wrap(c.text, 4)}")

    typer.echo("\nin force: " + ("; ".join(f"{rs} ({how})" for rs, how in in_force_in(r.id)) or "in no ruleset"))
    for relation, other in counterparts(r.id):
        typer.echo(f"\n{relation}: {other.id}: {other.title}" + (f"\n  differs: {r.differs}" if r.differs else ""))
        if other.differs and relation != "replaces":
            typer.echo(f"  differs: {other.differs}")
        for c in other.cites:
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
    unresolved: Annotated[
        bool, typer.Option("--unresolved", help="Only open questions and gaps (rules left unresolved), with why.")
    ] = False,
) -> None:
    """List rules, optionally those of one ruleset or matching a word."""
    from checker.errors import nearest
    from checker.family import rulesets
    from checker.rules import load_all, ruleset_rules

    known = rulesets()
    rules: dict[str, Rule] = ruleset_rules(ruleset) if ruleset else load_all()
    if ruleset and not rules:
        with_rules = [name for name in known if ruleset_rules(name)]
        if ruleset not in known:
            fail(InputError("--ruleset", "one of " + ", ".join(known), ruleset, nearest(ruleset, known)).message)
        typer.echo(
            f"{ruleset}: no rules encoded yet (its positions are answered unresolved); "
            f"rulesets with rules: {', '.join(with_rules)}",
            err=True,
        )
        return
    word = (search or "").lower()
    for r in sorted(rules.values(), key=lambda r: r.id):
        hay = " ".join([r.id, r.title, *(c.text for c in r.cites)]).lower()
        if word not in hay or (unresolved and not r.open):
            continue
        typer.echo(f"{r.id:48} {r.title}  [{', '.join(str(c) for c in r.cites)}]")
        if unresolved:
            typer.echo(f"    {r.status}: {r.reason or 'no reason given'}")


@app.command()
def schema(
    ruleset: Annotated[
        str | None, typer.Option(help="Only the format of this ruleset's game (default: every game's, as oneOf).")
    ] = None,
) -> None:
    """Print the JSON Schema of position files."""
    from checker.family import family_of
    from checker.positions import ruleset_name

    if ruleset is not None:
        try:
            family = family_of(ruleset_name(ruleset, "--ruleset"))
        except InputError as err:
            fail(err.message)
        if family is None:
            fail(f"key '--ruleset': {ruleset}'s positions are not modelled yet: it has no schema")
        typer.echo(json.dumps(family.schema(), indent=2))
        return
    typer.echo(json.dumps(every_schema(), indent=2))


def every_schema() -> dict[str, Any]:
    """Every game's position format in one schema: the keys all share at the top, each game's in full as oneOf."""
    from checker.family import families, family_of, rulesets

    every = [f.schema() for f in families().values()]
    if len(every) == 1:
        return every[0]
    for one in every:
        one.pop("$schema", None)
    known = [r for r in rulesets() if family_of(r) is not None]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Mentat position file",
        "description": "A position of one of the games: its 'ruleset' says which (mentat schema --ruleset R: one's)",
        "type": "object",
        "properties": {
            "ruleset": {"enum": known, "description": "the rules the position is judged by (and so its game)"},
            "move": {
                "type": ["object", "null"],
                "description": "one proposed move; its 'action' picks the kind (each game's moves below)",
            },
        },
        "required": ["ruleset"],
        "oneOf": every,
    }


@app.command()
def new(
    ruleset: Annotated[str, typer.Argument(help="gf9, overview, dreamrules, conquest or dice.")],
    factions: Annotated[str, typer.Option(help="Comma-separated factions, e.g. atreides,harkonnen.")],
    advanced: Annotated[bool, typer.Option(help="The Advanced game.")] = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")] = None,
) -> None:
    """Write the starting position of a game, to edit from."""
    from checker.family import family_of
    from checker.positions import ruleset_name

    try:
        name = ruleset_name(ruleset)
        family = family_of(name)
        if family is None:
            raise InputError("ruleset", "a ruleset whose positions are modelled", ruleset)
        text = family.new(name, [f for f in factions.split(",") if f.strip()], advanced)
    except InputError as err:
        fail(err.message)
    if out:
        write_out(out, text, "--out")
    else:
        typer.echo(text, nl=False)


SOLVING = (*ONE_QUESTION, "replay")  # commands that ask the solver at once


def main() -> Any:
    """Entry point: never a traceback for a user's mistake."""
    try:
        if _solving():
            from checker.engine import make_context_early

            make_context_early()
        return app_for(sys.argv[1:])()
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as err:  # a bug in Mentat: one line and exit 70, still never a traceback
        message = internal_message(err)
        if "--json" in sys.argv[1:]:  # the command promised one JSON object on stdout
            print(json.dumps({"error": {"kind": "internal", "message": message}}, indent=2, ensure_ascii=False))
        print(f"mentat: {message}", file=sys.stderr)
        sys.exit(70)


def run() -> NoReturn:
    """The ``mentat`` command: :func:`main`, then a command that asked the solver ends its process at once. Python's
    teardown of such a process (freeing each object, then z3's context) took longer than its question (~25 ms of a
    cold check): the exit handlers run and the output is flushed first, as Python's own exit would."""
    try:
        status = _status(main())
    except SystemExit as done:
        status = _status(done.code)
    if _solving():
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed pipe (``| head``): nothing more to say there
                pass
        os._exit(status)
    sys.exit(status)


def _solving() -> bool:
    """Whether the command asked for is one that asks the solver (``SOLVING``)."""
    return sys.argv[1:2] != [] and sys.argv[1] in SOLVING


def _status(code: Any) -> int:
    """The exit status ``sys.exit(code)`` gives (a message is said on stderr, status 1)."""
    if code is None or isinstance(code, int):
        return code or 0
    print(code, file=sys.stderr)
    return 1


def app_for(args: list[str]) -> typer.Typer:
    """The app with only the command asked for: typer turns every command into click's on each run (a third of
    the time a cold check adds to Python's start). The whole app for anything else (``--help``, a mistyped name)."""
    from typer.main import get_command_name

    asked = args[0] if args else ""
    chosen = [
        c
        for c in app.registered_commands
        if c.callback is not None and (c.name or get_command_name(c.callback.__name__)) == asked
    ]
    if len(chosen) != 1:
        return app
    one = typer.Typer(
        name=app.info.name,
        help=app.info.help,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    one.registered_commands = chosen
    one.callback()(_group)  # a group of one command still reads `mentat check FILE`, as the whole app does
    return one


def _group() -> None:
    """Rules assistant and compliance checker for the Dune family of board games."""


# -- the rulebook, coverage and pictures (issue 4) -------------------------------


@app.command("docs")
def build_docs(
    open_: Annotated[bool, typer.Option("--open", help="Open the built book in a browser.")] = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Build here (default docs/_build/html).")] = None,
    strict: Annotated[bool, typer.Option("--strict", "-W", help="Turn Sphinx warnings into errors.")] = False,
    jobs: Annotated[str, typer.Option("--jobs", "-j", help="Parallel Sphinx processes, or 'auto'.")] = "auto",
    quiet: Annotated[
        bool | None,
        typer.Option(
            "--quiet/--progress", "-q", help="Say nothing but warnings; default: progress on a terminal, quiet in CI."
        ),
    ] = None,
) -> None:
    """Build the rulebook (Sphinx + MyST) from the rules, sources and cases, showing each stage on a terminal."""
    from sphinx.cmd.build import build_main

    docs = Path(__file__).resolve().parent.parent / "docs"
    target = out or docs / "_build" / "html"
    if quiet is None:  # a line per stage (Sphinx's own: generating, reading, writing...) where someone watches
        quiet = not sys.stdout.isatty() or bool(os.environ.get("CI"))
    args = [str(docs), str(target), "-j", jobs, *(["-q"] if quiet else [])] + (["-W", "--keep-going"] if strict else [])
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
    """Draw a position on its game's board (the GF9 board: storm, forces, spice; the Dice Game's regions) as SVG."""
    from checker.family import family_of
    from checker.positions import read_position

    try:
        pos = read_position(file)
    except InputError as err:
        fail(err.message)
    family = family_of(pos.ruleset)
    if family is None or family.draw is None:
        fail(f"{file}: Mentat cannot draw a {pos.ruleset} position yet")
    if hasattr(pos, "title") and not pos.title:
        pos.title = file.name  # the drawing's title
    picture = family.draw(pos)
    if svg is None or str(svg) == "-":
        typer.echo(picture, nl=False)
        return
    write_out(svg, picture, "--svg")
    typer.echo(f"wrote {svg}")


def _start_file(file: Path, max_body: int) -> dict[str, str]:
    """The file ``mentat serve FILE`` opens the page on, read as ``check`` or ``replay`` reads it (what they reject is
    refused here, exit 2), with a token new at each start of the server."""
    import time

    from checker.game import read_record
    from checker.positions import read_position

    try:
        text = file.read_text(encoding="utf-8")
        if len(text.encode("utf-8")) > max_body:
            raise InputError("", f"a file of at most {max_body} bytes (--max-body)", f"{file.stat().st_size} bytes")
        if file.suffix == ".jsonl" or ("\nmoves:" in f"\n{text}" and "\nstart:" in f"\n{text}"):
            read_record(file)
        else:
            read_position(file)
    except (OSError, UnicodeDecodeError) as err:
        fail(f"{file}: cannot read it ({err})")
    except InputError as err:
        err.file = err.file or str(file)
        fail_input(err)
    return {"name": file.name, "text": text, "token": f"{time.time_ns()}"}


@app.command("serve")
def serve(
    file: Annotated[
        Path | None, typer.Argument(help="A position file or game record to open the page on.", show_default=False)
    ] = None,
    port: Annotated[int, typer.Option(help="The port (0: any free one).", min=0, max=65535)] = 8765,
    host: Annotated[
        str, typer.Option(help="The address to bind: 127.0.0.1 (this machine only); 0.0.0.0 shares it on the network.")
    ] = "127.0.0.1",
    open_: Annotated[bool, typer.Option("--open", help="Open the page in a browser.")] = False,
    book: Annotated[
        Path | None, typer.Option(help="The built rulebook to serve at /book/ (default: where `mentat docs` builds).")
    ] = None,
    solver_ms: Annotated[
        int, typer.Option("--solver-ms", help="The solver's time per question before it answers unresolved.", min=100)
    ] = 2000,
    max_body: Annotated[int, typer.Option("--max-body", help="The largest request accepted, in bytes.", min=1024)] = (
        256 * 1024
    ),
    log: Annotated[bool, typer.Option("--log", help="Log each request on stderr.")] = False,
    workers: Annotated[
        int | None,
        typer.Option(help="Processes answering questions at once (default: one a core, up to 4; 0: this process)."),
    ] = None,
) -> None:
    """Serve the page for the table: the board, the move, the ruling as you edit (and the API it uses)."""
    from checker import engine
    from checker import serve as web

    engine.SOLVER_TIMEOUT_MS = solver_ms
    if workers is None:
        workers = min(4, os.cpu_count() or 1)
    start = _start_file(file, max_body) if file is not None else None
    logger = (lambda line: typer.echo(line, err=True)) if log else None
    api = web.Api(book or web.BOOK, max_body, logger, workers, start)
    try:
        server = web.make_server(host, port, api)
    except OSError as err:
        api.close()
        fail(f"cannot serve on {host}:{port}: {err.strerror or err}")
    if workers == 0:  # the questions answered here: the rules loaded now (workers warm themselves)
        web.warm()
    bound_host, bound_port = str(server.server_address[0]), int(server.server_address[1])
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::', '') else bound_host}:{bound_port}/"
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.secho(
            f"warning: serving on {host}: anyone on this network can reach the page (and the API)",
            fg="yellow",
            err=True,
        )
    typer.echo(f"mentat: serving the page at {url} (Ctrl-C stops it)")
    if host in ("0.0.0.0", "::", ""):
        lan = web.network_address()
        if lan is not None:
            typer.echo(f"mentat: on this network: http://{lan}:{bound_port}/")
    if open_:
        import webbrowser

        webbrowser.open(url)
    import signal

    def stop(signum: int, frame: Any) -> None:  # `kill` stops it as Ctrl-C does: the workers shut down too
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        api.close()


@app.command("battle")
def battle_plan(
    file: Annotated[
        Path, typer.Argument(help="A position file with a battle move (territory, aggressor).", show_default=False)
    ],
    faction: Annotated[
        str | None,
        typer.Option("--faction", help="The faction to plan for, or 'both' (default: the aggressor)."),
    ] = None,
    against: Annotated[float | None, typer.Option("--against", help="A known opposing total to beat.")] = None,
    losses: Annotated[
        str | None,
        typer.Option("--losses", help="'one' or 'all': the faction's valid loss selections if it wins (Advanced)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")] = False,
) -> None:
    """Plan a battle: the strongest legal plan, the smallest winning dial, whether the plan can lose."""
    from checker.family import family_of, rulesets
    from checker.positions import read_position

    try:
        pos = read_position(file)
        family = family_of(pos.ruleset)
        planner = family.battle_planner if family is not None else None
        if planner is None:  # only a family with a battle planner (its battle wheel) plans a battle
            able = [r for r in rulesets() if (f := family_of(r)) is not None and f.battle_planner is not None]
            raise InputError(
                "ruleset", f"a ruleset with a battle planner ({', '.join(able)})", pos.ruleset, file=str(file)
            )
        out = planner.plan(pos, faction, against, losses)
    except InputError as err:
        fail_input(err, as_json)
    if as_json:
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    for line in planner.describe(out):
        typer.echo(line)
