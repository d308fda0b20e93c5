"""The rulebook's generated pages, from the same registry, sources and cases the checker uses.

:func:`generate` writes MyST pages (and SVG pictures) under ``docs/_generated``
and rewrites only the files whose text changed, so Sphinx rereads only those.
The Sphinx side (directives, the ``rule`` object type) is ``docs/_ext/mentat_ext.py``.

Layout of the generated tree::

    books/index.md                   the books, one per source
    books/<doc>/index.md             a source's chapters
    books/<doc>/<NNNN>-<slug>.md     a chapter: its lines, each followed by the rules citing it
    cases/index.md, cases/<ruleset>/<name>.md (+ .svg)
    rules/index.md, rules/by-phase.md, rules/by-faction.md
    fragments/*.md                   included by hand-written pages (not documents themselves)
    board.svg

>>> [c.title for c in chapters("conquest")][:1]
['Dune: A Game of Conquest and Diplomacy: Rules and a Round']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from checker.coverage import coverage, is_heading, report, spans, summary_line
from checker.rules import LAYERS, REGISTRY, Rule, counterparts, load_all, ruleset_rules
from checker.sources import DOCS, TITLES, lines

ROOT = Path(__file__).resolve().parent.parent
MIN_CHAPTER = 40  # lines: a chapter starts at the first heading after this many
TOPICS = ("storm", "shipment", "movement", "battle", "victory")
RULESETS = ("overview", "gf9", "dreamrules", "conquest", "dice")


# -- sources and chapters ------------------------------------------------------


@dataclass(frozen=True)
class Chapter:
    doc: str
    first: int
    last: int
    title: str

    @property
    def slug(self) -> str:
        words = re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-")[:40].rstrip("-")
        return f"{self.first:04d}-{words or 'lines'}"

    @property
    def docname(self) -> str:
        return f"_generated/books/{self.doc}/{self.slug}"


def line_count(doc: str) -> int:
    text = lines(doc)
    return len(text) - 1 if text and text[-1] == "" else len(text)


@cache
def chapters(doc: str) -> tuple[Chapter, ...]:
    """Split a source at heading-like lines into chapters of at least MIN_CHAPTER lines."""
    total = line_count(doc)
    starts = [1]
    for n in range(2, total + 1):
        if is_heading(doc, n) and n - starts[-1] >= MIN_CHAPTER and total - n >= MIN_CHAPTER // 4:
            starts.append(n)
    out = []
    for i, a in enumerate(starts):
        b = starts[i + 1] - 1 if i + 1 < len(starts) else total
        title = lines(doc)[a - 1].strip() if is_heading(doc, a) else f"Lines {a}-{b}"
        out.append(Chapter(doc, a, b, title))
    return tuple(out)


def chapter_of(doc: str, n: int) -> Chapter:
    for ch in chapters(doc):
        if ch.first <= n <= ch.last:
            return ch
    raise KeyError(f"{doc}:{n}")


def line_id(doc: str, n: int) -> str:
    """The HTML id of a source line (docutils lowercases ``gf9-L99``)."""
    return f"{doc}-l{n}"


def line_ref(doc: str, first: int, last: int | None = None) -> str:
    """A link to a source line (plain text for a line that does not exist: the cites test reports those)."""
    span = f"{first}" if last in (None, first) else f"{first}-{last}"
    if doc not in DOCS or not 1 <= first <= line_count(doc):
        return f"`{doc}:{span}` (no such line)"
    return f"{{ref}}`{doc}:{span} <{line_id(doc, first)}>`"


# -- rules ---------------------------------------------------------------------


def rule_ref(rid: str) -> str:
    return f"{{rule}}`{rid}`" if rid in REGISTRY else f"`{rid}` (no such rule)"


def home(r: Rule) -> tuple[str, int] | None:
    """Where a rule's full entry sits: after the last line of its first cite."""
    if not r.cites:
        return None
    c = r.cites[0]
    if c.doc not in DOCS or c.last > line_count(c.doc) or c.first < 1:
        return None
    return (c.doc, c.last)


def in_force(r: Rule) -> list[str]:
    return [name for name in RULESETS if r.id in ruleset_rules(name)]


def topic(r: Rule) -> str:
    parts = r.id.split(".")
    chapter = parts[1] if len(parts) > 2 else ""
    for t in TOPICS:
        if t in chapter or t in r.phase or t == r.on:
            return t
    return chapter or r.phase


def _cases_naming() -> dict[str, list[Path]]:
    from checker.yamlio import load_yaml

    out: dict[str, list[Path]] = {}
    for path in all_cases():
        try:
            expect = (load_yaml(path) or {}).get("expect") or {}
        except Exception:
            continue
        for key in ("forbids", "permits", "minimal_reason"):
            for rid in expect.get(key) or []:
                if path not in out.setdefault(str(rid), []):
                    out[str(rid)].append(path)
    return out


def all_cases() -> list[Path]:
    return sorted((ROOT / "cases").glob("*/*.yaml"))


def case_docname(path: Path) -> str:
    return f"_generated/cases/{path.parent.name}/{path.stem}"


def _fence(body: str, lang: str = "python", ticks: int = 3) -> str:
    return f"{'`' * ticks}{lang}\n{body.rstrip()}\n{'`' * ticks}"


def _md(text: str) -> str:
    """Prose from docstrings and titles: keep MyST from reading it as markup where that is likely."""
    return re.sub(r"([\\`*_\[\]<>{}|])", r"\\\1", text)


def rule_entry(r: Rule, cases: dict[str, list[Path]]) -> str:
    """A rule's full entry: the ``rule`` object directive with its details."""
    file, lineno = r.location
    try:
        where = str(Path(file).resolve().relative_to(ROOT))
    except ValueError:
        where = Path(file).name
    body = [f"**{_md(r.title)}**", ""]
    facts = [f"status: **{r.status}**", f"question: `{r.on}`", f"phase: `{r.phase}`"]
    if r.factions:
        facts.append("factions: " + ", ".join(r.factions))
    forced = in_force(r)
    facts.append("in force in: " + (", ".join(forced) if forced else "none"))
    body += ["; ".join(facts), ""]
    if r.reason:
        body += [f"*Unresolved:* {_md(r.reason)}", ""]
    if r.doc:
        body += [_md(r.doc), ""]
    if r.one_sided:
        body += [f"*One-sided:* {_md(r.one_sided)}", ""]
    body += ["Cites: " + ", ".join(line_ref(c.doc, c.first, c.last) for c in r.cites), ""]
    named = cases.get(r.id, [])
    body += ["Cases: " + (", ".join(f"{{doc}}`/{case_docname(p)}`" for p in named) if named else "none yet"), ""]
    cps = counterparts(r.id)
    if cps:
        body += ["Counterparts: " + "; ".join(f"{how} {rule_ref(o.id)} ({_md(o.title)})" for how, o in cps), ""]
    for rs, lay in LAYERS.items():
        if r.id in lay.removes:
            body += [f"Removed in `{rs}`: {_md(lay.removes[r.id])}", ""]
    if r.form:
        body += ["z3 form:", "", _fence(r.form_source), ""]
    body += [f"Check (`{where}:{lineno}`):", "", _fence(r.check_source), ""]
    return "\n".join([f"````{{rule}} {r.id}", *body, "````", ""])


def rule_mention(r: Rule) -> str:
    return f"- also cited by {rule_ref(r.id)}: {_md(r.title)}\n"


def chapter_page(ch: Chapter, cases: dict[str, list[Path]]) -> str:
    attach: dict[int, list[tuple[Rule, bool]]] = {}
    for r in sorted(REGISTRY.values(), key=lambda r: r.id):
        h = home(r)
        for c in r.cites:
            if c.doc != ch.doc or not ch.first <= c.last <= ch.last:
                continue
            full = h == (c.doc, c.last) and c is r.cites[0]
            entries = attach.setdefault(c.last, [])
            if all(x.id != r.id for x, _ in entries):
                entries.append((r, full))
    out = [
        f"# {_md(ch.title)}",
        "",
        f"*{_md(TITLES.get(ch.doc, ch.doc))}*, lines {ch.first}–{ch.last}.",
        "",
    ]
    start = ch.first
    for n in sorted(attach):
        out += [f"```{{source-lines}} {ch.doc} {start}-{n}", "```", ""]
        for r, full in attach[n]:
            out.append(rule_entry(r, cases) if full else rule_mention(r))
        start = n + 1
    if start <= ch.last:
        out += [f"```{{source-lines}} {ch.doc} {start}-{ch.last}", "```", ""]
    return "\n".join(out)


def book_index(doc: str) -> str:
    cov = coverage(doc)
    chs = chapters(doc)
    lay = LAYERS.get(doc)
    out = [f"# {_md(TITLES.get(doc, doc))}", ""]
    out += [f"The source `{doc}` ({cov.total} lines) in {len(chs)} chapters. "]
    if lay:
        out[-1] += f"Ruleset `{doc}`" + (f" is a layer over `{lay.base}`." if lay.base else " is a base layer.")
    out += [
        "",
        f"Lines cited by a rule: {len(cov.encoded)}; set aside: {len(cov.set_aside)}; "
        f"not yet classified: {len(cov.unclassified)} (see {{doc}}`/coverage`).",
        "",
    ]
    if lay and lay.removes:
        out += ["Rules of the layer below removed here:", ""]
        out += [f"- {rule_ref(rid)}: {_md(why)}" for rid, why in lay.removes.items()]
        out.append("")
    out += ["```{toctree}", ":maxdepth: 1", ""]
    out += [f"{ch.slug}" for ch in chs]
    out += ["```", ""]
    return "\n".join(out)


def books_index() -> str:
    out = [
        "# The books",
        "",
        "One book per source, in source order: every line at an anchor of its own "
        "(`gf9:99` is {ref}`gf9-l99`), each followed by the rules that cite it.",
        "",
        "```{toctree}",
        ":maxdepth: 1",
        "",
    ]
    out += [f"{doc}/index" for doc in DOCS]
    out += ["```", ""]
    return "\n".join(out)


# -- cases ---------------------------------------------------------------------


def case_page(path: Path) -> tuple[str, str | None]:
    """A case's page, and the SVG of its position (None when it does not load)."""
    from checker.yamlio import load_yaml

    rel = path.relative_to(ROOT)
    try:
        data = load_yaml(path) or {}
    except Exception as err:
        data = {"title": f"(unreadable: {err})"}
    expect = data.get("expect") or {}
    title = str(data.get("title") or path.stem)
    svg: str | None = None
    try:
        from checker.position import read_position
        from checker.svg import board_svg

        svg = board_svg(read_position(path), title=title)
    except Exception:
        svg = None
    # orphans: case pages stay out of the navigation tree (rendered on every page) and are linked from the index
    out = [
        "---",
        "orphan: true",
        "---",
        "",
        f"# {_md(title)}",
        "",
        f"`{rel}` · ruleset `{data.get('ruleset', '?')}`",
        "",
    ]
    if svg:
        out += [f"![The position of this case]({path.stem}.svg)", ""]
    out += ["## Expected verdict", ""]
    if "verdict" in expect:
        out.append(f"- verdict: **{expect['verdict']}**")
    for key in ("forbids", "minimal_reason", "permits"):
        if key in expect:
            ids = expect.get(key) or []
            out.append(f"- {key}: " + (", ".join(rule_ref(str(i)) for i in ids) if ids else "none"))
    if "cites" in expect:
        refs = []
        for c in expect.get("cites") or []:
            doc, _, n = str(c).replace(":L", ":").partition(":")
            if doc in DOCS and n.isdigit() and 1 <= int(n) <= line_count(doc):
                refs.append(line_ref(doc, int(n)))
            else:
                refs.append(f"`{c}`")
        out.append("- cites: " + ", ".join(refs))
    if "outcome" in expect:
        out.append("- outcome: " + ", ".join(f"`{k}: {v}`" for k, v in (expect.get("outcome") or {}).items()))
    if "reason" in expect:
        out.append(f"- reason mentions: {_md(str(expect['reason']))}")
    out += ["", f"Check it yourself: `mentat check {rel}`", "", "## The position file", ""]
    out += [f"```{{literalinclude}} /../{rel.as_posix()}", ":language: yaml", "```", ""]
    return "\n".join(out), svg


def cases_index(paths: list[Path]) -> str:
    from checker.yamlio import load_yaml

    out = [
        "# Cases",
        "",
        f"{len(paths)} worked cases, one page each: the position, the expected verdict, the rules involved.",
        "",
    ]
    ruleset = ""
    for p in paths:
        if p.parent.name != ruleset:
            ruleset = p.parent.name
            out += ["", f"## {ruleset}", ""]
        try:
            data = load_yaml(p) or {}
        except Exception:
            data = {}
        verdict = (data.get("expect") or {}).get("verdict", "?")
        out.append(f"- {{doc}}`/{case_docname(p)}` ({verdict})")
    out.append("")
    return "\n".join(out)


# -- indexes -------------------------------------------------------------------


def _rule_line(r: Rule) -> str:
    cites = ", ".join(line_ref(c.doc, c.first, c.last) for c in r.cites)
    return f"- {rule_ref(r.id)}: {_md(r.title)} ({cites})"


def _grouped(title: str, intro: str, groups: dict[str, list[Rule]]) -> str:
    out = [f"# {title}", "", intro, ""]
    for name in sorted(groups):
        out += [f"## {name}", ""]
        out += [_rule_line(r) for r in sorted(groups[name], key=lambda r: r.id)]
        out.append("")
    if not groups:
        out += ["No rules yet.", ""]
    return "\n".join(out)


def rules_index() -> str:
    out = [
        "# All rules",
        "",
        f"{len(REGISTRY)} rules in the registry, by layer. See also {{doc}}`by-phase` and {{doc}}`by-faction`.",
        "",
        "```{toctree}",
        ":hidden:",
        "",
        "by-phase",
        "by-faction",
        "```",
        "",
    ]
    uncited = [r for r in REGISTRY.values() if home(r) is None]
    for lay in RULESETS:
        own = sorted((r for r in REGISTRY.values() if r.layer == lay), key=lambda r: r.id)
        if not own:
            continue
        out += [f"## {lay}", ""]
        out += [_rule_line(r) for r in own if r not in uncited]
        out.append("")
    if uncited:
        out += ["## Rules without a valid citation", ""]
        cases = _cases_naming()
        out += [rule_entry(r, cases) for r in uncited]
    return "\n".join(out)


def by_phase() -> str:
    groups: dict[str, list[Rule]] = {}
    for r in REGISTRY.values():
        groups.setdefault(r.phase or r.on, []).append(r)
    return _grouped("Rules by phase", "Each rule under its phase (or, failing that, its kind of question).", groups)


def by_faction() -> str:
    groups: dict[str, list[Rule]] = {}
    for r in REGISTRY.values():
        for f in r.factions or ("(every faction)",):
            groups.setdefault(f, []).append(r)
    return _grouped("Rules by faction", "Rules that name factions; the others apply to every faction.", groups)


# -- fragments included by hand-written pages -------------------------------------


def compare_fragment(top: str) -> str:
    gf9 = sorted((r for r in REGISTRY.values() if r.layer == "gf9" and topic(r) == top), key=lambda r: r.id)
    ov = sorted((r for r in REGISTRY.values() if r.layer == "overview" and topic(r) == top), key=lambda r: r.id)
    if not gf9 and not ov:
        return "*No rules on this topic in either layer yet.*\n"
    rows: list[tuple[Rule | None, Rule | None]] = []
    left = list(ov)
    for g in gf9:
        match = next((o for o in left if o.id in g.replaces), None)
        if match:
            left.remove(match)
        rows.append((g, match))
    rows += [(None, o) for o in left]

    def cell(r: Rule | None) -> str:
        if r is None:
            return "—"
        cites = ", ".join(line_ref(c.doc, c.first, c.last) for c in r.cites)
        return f"{rule_ref(r.id)}: {_md(r.title)} ({cites})"

    out = ["```{list-table}", ":header-rows: 1", ":widths: 50 50", "", "* - gf9", "  - overview"]
    for left_rule, right_rule in rows:
        out += [f"* - {cell(left_rule)}", f"  - {cell(right_rule)}"]
    out += ["```", ""]
    return "\n".join(out)


def coverage_fragment() -> str:
    rows = report()
    out = [
        "```{list-table}",
        ":header-rows: 1",
        "",
        "* - source",
        "  - lines",
        "  - encoded",
        "  - set aside",
        "  - not yet classified",
        "  - encoded of those needing a rule",
    ]
    for r in rows:
        out += [
            f"* - {{doc}}`{r.doc} </_generated/books/{r.doc}/index>`",
            f"  - {r.total}",
            f"  - {len(r.encoded)}",
            f"  - {len(r.set_aside)}",
            f"  - {len(r.unclassified)}",
            f"  - {r.percent:.1f}%",
        ]
    out += ["```", "", summary_line(rows), ""]
    for r in rows:
        out += [f"## {r.doc}", ""]
        if r.encoded:
            out += ["Encoded: " + _span_refs(r.doc, r.encoded), ""]
        other = sorted({why for why in r.set_aside.values()} - {"blank", "heading"})
        if other:
            out += [
                "Set aside besides blanks and headings: "
                + "; ".join(
                    f"{why} ({_span_refs(r.doc, [n for n, w in r.set_aside.items() if w == why])})" for why in other
                ),
                "",
            ]
        if r.unclassified:
            out += ["Not yet classified: " + _span_refs(r.doc, r.unclassified), ""]
    return "\n".join(out)


def _span_refs(doc: str, numbers: list[int]) -> str:
    out = []
    for part in spans(numbers).split(", "):
        a, _, b = part.partition("-")
        out.append(line_ref(doc, int(a), int(b) if b else None))
    return ", ".join(out)


def schema_fragment() -> str:
    from checker.position import schema

    s = schema()
    out: list[str] = []

    def kind(p: dict[str, Any]) -> str:
        if "enum" in p:
            return " \\| ".join(f"`{v}`" for v in p["enum"])
        if "anyOf" in p:
            parts = [kind(x) for x in p["anyOf"] if x.get("type") != "null"]
            return " or ".join(parts) + (" (optional)" if len(parts) < len(p["anyOf"]) else "")
        t = p.get("type", "any")
        if t == "array":
            return f"list of {kind(p.get('items', {}))}"
        if t == "object" and "additionalProperties" in p:
            return "mapping of name to object"
        bounds = [f"≥ {p['minimum']}" if "minimum" in p else "", f"≤ {p['maximum']}" if "maximum" in p else ""]
        b = ", ".join(x for x in bounds if x)
        return f"{t}" + (f" ({b})" if b else "")

    def table(title: str, obj: dict[str, Any], required: Iterable[str] = ()) -> None:
        props = obj.get("properties") or {}
        if not props:
            return
        out.extend(
            [
                f"### {title}",
                "",
                "```{list-table}",
                ":header-rows: 1",
                ":widths: 20 40 40",
                "",
                "* - key",
                "  - type",
                "  - meaning",
            ]
        )
        req = set(required) | set(obj.get("required", []))
        for name, p in props.items():
            mark = " (required)" if name in req else ""
            out.extend([f"* - `{name}`{mark}", f"  - {kind(p)}", f"  - {_md(p.get('description', ''))}"])
        out.extend(["```", ""])

    table("Position", s)
    fac = s["properties"].get("factions", {}).get("additionalProperties")
    if isinstance(fac, dict):
        table("factions: one entry per faction", fac)
    for key, label in (("forces", "forces: one group per entry"), ("spice", "spice: one pile per entry")):
        items = s["properties"].get(key, {}).get("items")
        if isinstance(items, dict):
            table(label, items)
    for m in s["properties"]["move"]["anyOf"]:
        act = m.get("properties", {}).get("action") or {}
        acts = act.get("enum") or ([act["const"]] if "const" in act else [])
        if acts and len(acts) == 1:
            table(f"move with action: {acts[0]}", m)
    return "\n".join(out)


# -- writing -------------------------------------------------------------------


def pages() -> dict[str, str]:
    """Every generated file: path under ``_generated`` -> text."""
    load_all()
    cases = _cases_naming()
    out: dict[str, str] = {"books/index.md": books_index()}
    for doc in DOCS:
        out[f"books/{doc}/index.md"] = book_index(doc)
        for ch in chapters(doc):
            out[f"books/{doc}/{ch.slug}.md"] = chapter_page(ch, cases)
    paths = all_cases()
    out["cases/index.md"] = cases_index(paths)
    for p in paths:
        text, svg = case_page(p)
        out[f"cases/{p.parent.name}/{p.stem}.md"] = text
        if svg:
            out[f"cases/{p.parent.name}/{p.stem}.svg"] = svg
    out["rules/index.md"] = rules_index()
    out["rules/by-phase.md"] = by_phase()
    out["rules/by-faction.md"] = by_faction()
    for t in TOPICS:
        out[f"fragments/compare-{t}.md"] = compare_fragment(t)
    out["fragments/coverage.md"] = coverage_fragment()
    out["fragments/position-schema.md"] = schema_fragment()
    from checker.svg import board_svg

    out["board.svg"] = board_svg()
    from checker.position import read_position

    for path in sorted((ROOT / "docs" / "guides").glob("*.yaml")):  # positions drawn for hand-written pages
        out[f"figures/{path.stem}.svg"] = board_svg(read_position(path), title=path.stem)
    return out


def generate(target: Path) -> list[str]:
    """Write the generated tree into ``target``, touching only changed files; returns those written."""
    target.mkdir(parents=True, exist_ok=True)
    want = pages()
    written = []
    for rel, text in want.items():
        path = target / rel
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(rel)
    for path in sorted(target.rglob("*"), reverse=True):
        rel = path.relative_to(target).as_posix()
        if path.is_file() and rel not in want:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return written
