"""The rulebook's generated pages, from the same registry, sources and cases the checker uses.

:func:`generate` writes MyST pages (and SVG pictures) under ``docs/_generated``
and rewrites only the files whose text changed, so Sphinx rereads only those.
The Sphinx side (directives, the ``rule`` object type) is ``docs/_ext/mentat_ext.py``.

Layout of the generated tree::

    books/index.md                   the books, one per source
    books/<doc>/index.md             a source's chapters
    books/<doc>/<NNNN>-<slug>.md     a chapter: its lines, each followed by the rules citing it
    cases/index.md, cases/<ruleset>/<kind>.md  the cases, one page per ruleset and kind, each at its anchor
    rules/index.md, rules/by-phase.md, rules/by-faction.md
    fragments/*.md                   included by hand-written pages (not documents themselves)
    board.svg, static/boards/<family>.svg  the empty boards; a case's position is drawn over its family's

The position-format fragment lists every key of the schema and, per action, its keys and the
example position ``docs/guides/examples/<action>.yaml`` (tests load each one).

>>> [c.title for c in chapters("conquest")][:1]
['Dune: A Game of Conquest and Diplomacy: Rules and a Round']
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from checker.coverage import coverage, is_heading, open_questions, report, spans, summary_line
from checker.family import Family
from checker.rules import (
    LAYERS,
    REGISTRY,
    RESTATED,
    Rule,
    counterparts,
    layer_of,
    load_all,
    reverse_counterparts,
    ruleset_rules,
)
from checker.sources import DOCS, TITLES, lines

ROOT = Path(__file__).resolve().parent.parent
MIN_CHAPTER = 40  # lines: a chapter starts at the first heading after this many


@cache
def _rulesets() -> tuple[str, ...]:
    """The order the rulebook lists rulesets in: each base right before the texts over it (the overview, GF9
    over it, Dreamrules over GF9), the rest as :func:`checker.family.rulesets` lists them."""
    from checker.family import rulesets

    load_all()  # every layer, for its base
    found = rulesets()
    over: dict[str, list[str]] = {}
    for name in found:
        base = LAYERS[name].base if name in LAYERS else None
        if base in found and base != name:
            over.setdefault(base, []).append(name)
    out: list[str] = []

    def visit(name: str) -> None:
        if name not in out:
            out.append(name)
            for child in over.get(name, []):
                visit(child)

    for name in found:
        if not any(name in children for children in over.values()):
            visit(name)
    out += [name for name in found if name not in out]  # a cycle of bases: as found
    return tuple(out)


def _format_ruleset() -> str:
    """The ruleset whose family's position format the position-format guide documents first: the first
    ruleset :func:`checker.family.rulesets` lists."""
    from checker.family import rulesets

    return rulesets()[0]


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
    """Split a source at heading-like lines into chapters of at least MIN_CHAPTER lines (a source in
    whose layer gives ``book_subheadings``: at its own headings, but those sub-headings)."""
    total = line_count(doc)
    starts = [1]
    lay = layer_of(doc)
    sub = re.compile(lay.book_subheadings) if lay and lay.book_subheadings else None
    for n in range(2, total + 1):
        if not is_heading(doc, n):
            continue
        if sub is not None:
            if not sub.fullmatch(lines(doc)[n - 1].strip()):
                starts.append(n)
        elif n - starts[-1] >= MIN_CHAPTER and total - n >= MIN_CHAPTER // 4:
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
    return [name for name in _rulesets() if r.id in (_FORCE[name] if name in _FORCE else ruleset_rules(name))]


_FORCE: dict[str, frozenset[str]] = {}  # ruleset -> the ids of its rules in force, while pages() runs
_REVERSE: dict[str, list[tuple[str, Rule]]] = {}  # rule id -> the rules naming it a counterpart, while pages() runs


def _in_force_in(rule_id: str) -> list[tuple[str, str]]:
    """:func:`checker.rules.in_force_in`, each ruleset's rules computed once per generation, not once per rule."""
    from checker.rules import in_force_in

    return in_force_in(rule_id, _FORCE or None)


VICTORY = re.compile(r"victor|winner|\bwins?\b|end of the game|end-of-game")


@cache
def victory_lines(doc: str) -> frozenset[int]:
    """The lines of a source's sections on winning: from a heading naming victory or the winner
    ("Mentat Pause and victory", "Scoring / Victory Conditions") to the next heading."""
    out: set[int] = set()
    inside = False
    for n in range(1, line_count(doc) + 1):
        if is_heading(doc, n):
            inside = bool(VICTORY.search(lines(doc)[n - 1].lower()) or "winning" in lines(doc)[n - 1].lower())
        if inside:
            out.add(n)
    return frozenset(out)


def is_victory(r: Rule) -> bool:
    """A rule on who wins the game: named so (id or title) or citing a section on winning; not a battle's winner."""
    if r.on == "battle" or r.phase == "battle" or ".battle." in r.id:
        return False
    if VICTORY.search(r.id.lower()) or VICTORY.search(r.title.lower()):
        return True
    return any(n in victory_lines(c.doc) for c in r.cites if c.doc in DOCS for n in range(c.first, c.last + 1))


def topic(r: Rule, topics: tuple[str, ...]) -> str:
    """The topic of the rulebook's comparison pages a rule is shown under (``topics``: its family's)."""
    if "victory" in topics and is_victory(r):
        return "victory"
    parts = r.id.split(".")
    chapter = parts[1] if len(parts) > 2 else ""
    for t in topics:
        if t in chapter or t in r.phase or t == r.on:
            return t
    return chapter or r.phase


RULE_ID = re.compile(r"\b[a-z0-9]+(?:\.[a-z0-9-]+){2,}\b")


def _cases_naming(infos: list[CaseInfo] | None = None) -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for case in case_infos() if infos is None else infos:
        expect = case.expect
        named = [str(rid) for key in ("forbids", "permits", "minimal_reason") for rid in expect.get(key) or []]
        # an open question or a gap is named by the reason of an unresolved case
        named += [rid for rid in RULE_ID.findall(str(expect.get("reason") or "")) if rid in REGISTRY]
        for rid in named:
            if case.path not in out.setdefault(rid, []):
                out[rid].append(case.path)
    return out


def all_cases() -> list[Path]:
    return sorted((ROOT / "cases").glob("*/*.yaml"))


MIN_KIND = 30  # cases: a kind with fewer in its ruleset shares the ruleset's page "other"


def case_kind(path: Path) -> str:
    """The kind of question a case asks, from its name's prefix (``battle-``, ``ship-``)."""
    return path.stem.split("-", 1)[0] or "other"


@cache
def _kind_sizes() -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for path in all_cases():
        key = (path.parent.name, case_kind(path))
        out[key] = out.get(key, 0) + 1
    return out


@cache
def case_docname(path: Path) -> str:
    """The page holding a case: one page per ruleset and kind (``_generated/cases/gf9/battle``), the kinds with
    fewer than MIN_KIND cases together on the ruleset's ``other`` page (every page costs the build its own
    navigation: 90 pages of cases took a fifth of it)."""
    kind = case_kind(path)
    if _kind_sizes().get((path.parent.name, kind), 0) < MIN_KIND:
        kind = "other"
    return f"_generated/cases/{path.parent.name}/{kind}"


@cache
def case_label(path: Path) -> str:
    """A case's anchor on its page (also its ``{ref}`` label): ``case-<ruleset>-<name>``."""
    return "case-" + re.sub(r"[^a-z0-9]+", "-", f"{path.parent.name} {path.stem}".lower()).strip("-")


def case_ref(path: Path) -> str:
    """A link to a case's anchor, shown as its name."""
    return f"{{ref}}`{path.stem} <{case_label(path)}>`"


def _fence(body: str, lang: str = "python", ticks: int = 3) -> str:
    return f"{'`' * ticks}{lang}\n{body.rstrip()}\n{'`' * ticks}"


def _md(text: str) -> str:
    """Prose from docstrings and titles: keep MyST from reading it as markup where that is likely."""
    return re.sub(r"([\\`*_\[\]<>{}|])", r"\\\1", text)


STATUS_TEXT = {  # status -> (its name, what it means for an answer)
    "confirmed": ("confirmed", ""),
    "unresolved": ("open question", "the sources leave it open; an answer it touches is unresolved"),
    "gap": ("gap", "not encoded yet; an answer touching it is unresolved"),
}


def _cites_valid(cites: Iterable[Any]) -> bool:
    return all(c.doc in DOCS and 1 <= c.first <= c.last <= line_count(c.doc) for c in cites)


def status_line(r: Rule) -> str:
    """The rule's status in words (HTML), with its reason where it is not confirmed."""
    name, meaning = STATUS_TEXT.get(r.status, (r.status, ""))
    text = f"Status: <strong>{_html(name)}</strong>" + (f" ({_code(r.status)}): {_html(meaning)}" if meaning else "")
    if r.reason and r.reason not in r.doc:
        text += f". <em>Why:</em> {_html(r.reason)}"
    return text


def _html(text: str) -> str:
    """Prose from docstrings, titles and sources, shown as written (escaped as Sphinx escapes text)."""
    return escape(text, quote=False).replace('"', "&quot;")


def _code(text: str) -> str:
    return f'<code class="docutils literal notranslate">{RULE_PRE.format(_html(text))}</code>'


@cache
def _relative(file: str) -> str:
    try:
        return str(Path(file).resolve().relative_to(ROOT))
    except ValueError:
        return Path(file).name


def rule_entry(r: Rule, cases: dict[str, list[Path]], here: str | None = None) -> str:
    """A rule's full entry on the page ``here`` (by default its home's): the ``rule`` object directive (its anchor
    and index entry), its statement and quote first.

    Then its status, the lines that support it (``see_also``), where it is in force, its cases;
    last, folded away, the z3 form and the check. The body is one block of HTML as Sphinx would write it, its
    links written here (as the case pages' are): a thousand entries parsed and resolved by Sphinx were a third of
    the book's build. It is searched (the folded code is not); where a link's target moves, this text changes.
    """
    if here is None:
        h = home(r)
        here = chapter_of(*h).docname if h else "_generated/rules/index"
    file, lineno = r.location
    lines_of = ", ".join

    def links(cites: Iterable[Any]) -> str:
        return lines_of(line_link_html(here, c.doc, c.first, c.last) for c in cites)

    body = [f"<p><strong>{_html(r.title)}</strong></p>"]
    for para in re.split(r"\n\s*\n", r.doc.strip()) if r.doc else ():
        body.append("<p>" + "\n".join(_html(line.strip()) for line in para.splitlines()) + "</p>")
    if r.cites and _cites_valid(r.cites):
        body.append(_quote_html(here, r.cites, rule_quote=True))
    else:
        body.append(f"<p>Cites: {links(r.cites)}</p>")
    if r.see_also:
        body.append(f"<p>See also: {links(r.see_also)}</p>")
    for doc, again in RESTATED.get(r.id, {}).items():  # another ruleset's text saying this rule again
        if _cites_valid(again):
            body.append(f"<p>Said again in {_code(doc)} (its verdicts quote these lines too):</p>")
            body.append(_quote_html(here, again))
    body.append(f"<p>{status_line(r)}</p>")
    facts = [f"question: {_code(r.on)}", f"phase: {_code(r.phase)}"]
    if r.factions:
        facts.append("factions: " + ", ".join(_html(f) for f in r.factions))
    forced = _in_force_in(r.id) if r.id in REGISTRY else [(rs, "its own") for rs in in_force(r)]
    facts.append("in force in: " + (", ".join(f"{_code(rs)} ({_html(how)})" for rs, how in forced) or "none"))
    body.append(f"<p>{'; '.join(facts)}</p>")
    if r.one_sided:
        body.append(f"<p><em>One-sided:</em> {_html(r.one_sided)}</p>")
    named = cases.get(r.id, [])
    shown = ", ".join(case_link_html(here, p) for p in named)
    body.append(f"<p>Cases: {shown or 'none yet'}</p>")
    cps = counterparts(r.id, _REVERSE or None) if r.id in REGISTRY else []
    for how, o in cps:  # the other text beside this one: both quotes, and how they differ where they do
        body.append(f"<p>{_html(how.capitalize())} {rule_link_html(here, o.id)} ({_html(o.title)}):</p>")
        if o.cites and _cites_valid(o.cites):
            body.append(_quote_html(here, o.cites))
        differs = r.differs if how in ("replaces", "counterpart") and r.differs else o.differs
        if differs:
            body.append(f"<p><em>The texts differ:</em> {_html(differs)}</p>")
    for rs, lay in LAYERS.items():
        if r.id in lay.removes:
            body.append(f"<p>Removed in {_code(rs)}: {_html(lay.removes[r.id])}</p>")
    out = [f"``````{{rule}} {r.id}", "`````{raw} html", "", *body, "`````", ""]
    if r.status != "gap":  # a gap's check and form are placeholders: nothing to show
        out += _folded_code(r, f"{_relative(file)}:{lineno}")
    return "\n".join([*out, "``````", ""])


def _quote_html(here: str, cites: Iterable[Any], rule_quote: bool = False) -> str:
    """Source lines quoted verbatim, each linked to its anchor (what the ``source-quote`` directive writes)."""
    classes = "src-quote rule-quote" if rule_quote else "src-quote"
    quoted = [
        f'<p class="src-quote-line">{line_link_html(here, c.doc, n)} “{_html(lines(c.doc)[n - 1].strip())}”</p>'
        for c in cites
        for n in range(c.first, c.last + 1)
    ]
    return "\n".join([f'<blockquote class="{classes}">', "<div>" + "\n".join(quoted), "</div></blockquote>"])


@cache
def case_link_html(here: str, path: Path) -> str:
    """A link to a case's anchor from the page ``here``, shown as its name (what :func:`case_ref` says)."""
    link = _href(here, case_docname(path), case_label(path))
    return f'<a class="reference internal" href="{link}"><span class="std std-ref">{_html(path.stem)}</span></a>'


def _folded_code(r: Rule, where: str) -> list[str]:
    """A rule's z3 form and check, folded away: one block of HTML as Sphinx would write it (a ``<details>``, the
    code highlighted as its ``python`` blocks are), kept out of the search. Parsed and highlighted by Sphinx, the
    thousand rules' code was a sixth of the book's build; highlighted here once, it is kept by content."""
    from html import escape

    html = ['<details class="mentat-collapsed">', "<summary>z3 form and check</summary>"]
    if r.form:
        html += ["<p>z3 form:</p>", _highlighted(_source(r.form))]
    code = f'<code class="docutils literal notranslate"><span class="pre">{escape(where)}</span></code>'
    html += [f"<p>Check ({code}):</p>", _highlighted(_source(r.check)), "</details>"]
    return ["`````{raw} html", ":class: no-search", "", *html, "`````", ""]


_HIGHLIGHTED: dict[str, str] = {}  # the disk cache: sha-256 of Pygments' version and a code -> its HTML; "#loaded"
_HIGHLIGHTS: dict[str, str] = {}  # what this generation asked for: what the cache keeps


def _highlighted(code: str) -> str:
    """Python as Sphinx's HTML writer shows a ``python`` code block (Pygments' HTML, its lexer as Sphinx sets
    it), kept on disk by the code's content with Pygments' version."""
    import hashlib

    import pygments

    key = hashlib.sha256(f"{pygments.__version__}\n{code}".encode()).hexdigest()
    if "#loaded" not in _HIGHLIGHTED:
        _HIGHLIGHTED.update(_disk_cache("highlights") or {}, **{"#loaded": ""})
    if key not in _HIGHLIGHTED:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer

        _HIGHLIGHTED[key] = highlight(code.rstrip() + "\n", PythonLexer(stripnl=False), HtmlFormatter())
        _HIGHLIGHTED["#changed"] = ""
    _HIGHLIGHTS[key] = _HIGHLIGHTED[key]
    return f'<div class="highlight-python notranslate">{_HIGHLIGHTS[key]}</div>'


_SOURCES: dict[str, tuple[str, dict[str, str]]] = {}  # file -> (its stamp, function key -> its source)


def _source(fn: Any) -> str:
    """``inspect.getsource(fn)``, kept on disk per file until the file changes: tokenizing a thousand rules' code
    on every build was half the generation's time; one edited rule's file is read again."""
    import inspect

    code = getattr(fn, "__code__", None)
    if code is None:
        return inspect.getsource(fn)
    if not _SOURCES:
        _SOURCES.update(_disk_cache("sources") or {})
    try:
        st = Path(code.co_filename).stat()
    except OSError:
        return inspect.getsource(fn)
    stamp, known = _SOURCES.get(code.co_filename, ("", {}))
    if stamp != f"{st.st_mtime_ns}:{st.st_size}":
        stamp, known = _SOURCES[code.co_filename] = (f"{st.st_mtime_ns}:{st.st_size}", {})
    key = f"{code.co_firstlineno}:{code.co_name}"
    if key not in known:
        known[key] = inspect.getsource(fn)
        _SOURCES["#changed"] = ("", {})
    return known[key]


def _disk_cache(name: str, value: Any = None) -> Any:
    """Read (``value`` None) or write one of the rulebook's caches; under the machinery's fingerprint, so a change to
    what reads or draws positions drops them, a rule's change does not. None when there is none or caching is off."""
    import pickle

    from checker.cache import cache_file, machinery_fingerprint

    where = cache_file("docs", name, stamp=machinery_fingerprint())
    if where is None:
        return None
    try:
        if value is None:
            return pickle.loads(where.read_bytes()) if where.exists() else None
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = where.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(pickle.dumps(value))
        tmp.replace(where)
    except Exception:  # a cache that cannot be read or written is only slower
        return None
    return None


def rule_mention(r: Rule) -> str:
    return f"- also cited by {rule_ref(r.id)}: {_md(r.title)}\n"


def _attachments(doc: str) -> dict[int, list[tuple[Rule, bool]]]:
    """Line -> the rules shown after it in a source's book: ``(rule, True)`` for its full entry (its home),
    ``(rule, False)`` for a mention; rules by id, each once per line."""
    attach: dict[int, list[tuple[Rule, bool]]] = {}
    for r in sorted(REGISTRY.values(), key=lambda r: r.id):
        h = home(r)
        for c in (*r.cites, *RESTATED.get(r.id, {}).get(doc, ())):
            if c.doc != doc:
                continue
            full = h == (c.doc, c.last) and c is r.cites[0]
            entries = attach.setdefault(c.last, [])
            if all(x.id != r.id for x, _ in entries):
                entries.append((r, full))
    return attach


def chapter_page(
    ch: Chapter, cases: dict[str, list[Path]], everywhere: dict[int, list[tuple[Rule, bool]]] | None = None
) -> str:
    """A chapter: its lines, each followed by the rules citing it (``everywhere``: the source's
    :func:`_attachments`, computed once for all its chapters)."""
    everywhere = _attachments(ch.doc) if everywhere is None else everywhere
    attach = {n: e for n, e in everywhere.items() if ch.first <= n <= ch.last}
    out = [
        f"# {_md(ch.title)}",
        "",
        f"*{_md(TITLES.get(ch.doc, ch.doc))}*, lines {ch.first}–{ch.last}. "
        "A shaded line is encoded by a rule; a line marked GAP is cited only by a gap rule: "
        "recognised but not encoded yet, so an answer it could change is unresolved.",
        "",
    ]
    start = ch.first
    for n in sorted(attach):
        out += [f"```{{source-lines}} {ch.doc} {start}-{n}", "```", ""]
        for r, full in attach[n]:
            out.append(rule_entry(r, cases, ch.docname) if full else rule_mention(r))
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
    for link in lay.book_links if lay else ():
        out += [link, ""]
    if lay and lay.removes:
        out += ["Rules of the layer below removed here:", ""]
        out += [f"- {rule_ref(rid)}: {_md(why)}" for rid, why in lay.removes.items()]
        out.append("")
    out += ["```{toctree}", ":maxdepth: 1", ""]
    out += [f"{ch.slug}" for ch in chs]
    out += ["```", ""]
    return "\n".join(out)


def books_index() -> str:
    first = DOCS[0]  # the example of an anchor: line 99 of the first source (or its last line)
    n = min(99, line_count(first))
    out = [
        "# The books",
        "",
        "One book per source, in source order: every line at an anchor of its own "
        f"(`{first}:{n}` is {{ref}}`{line_id(first, n)}`), each followed by the rules that cite it.",
        "",
        "```{toctree}",
        ":maxdepth: 1",
        "",
    ]
    out += [f"{doc}/index" for doc in DOCS]
    out += ["```", ""]
    return "\n".join(out)


# -- cases ---------------------------------------------------------------------

BOARDS = "static/boards"  # under _generated: each family's empty board, copied to _static/boards/ by Sphinx


@dataclass(frozen=True)
class CaseInfo:
    """What the rulebook shows of a case file, read (and its position drawn) once per change of the file."""

    path: Path
    title: str
    ruleset: str
    expect: dict[str, Any]
    drawing: str | None  # SVG markup: the position over its family's board, or the whole drawing; None: not drawn


def _board_url(docname: str, family: str) -> str:
    return "../" * docname.count("/") + f"_static/boards/{family}.svg"


def _read_case(path: Path) -> CaseInfo:
    from checker.family import family_of
    from checker.positions import read_position
    from checker.yamlio import load_yaml

    try:
        data = load_yaml(path) or {}
    except Exception as err:
        data = {"title": f"(unreadable: {err})"}
    if not isinstance(data, dict):
        data = {}
    title = str(data.get("title") or path.stem)
    drawing: str | None = None
    try:
        pos = read_position(path)
        family = family_of(pos.ruleset)
        if hasattr(pos, "title"):
            pos.title = title
        if family is not None and family.draw_over is not None:
            drawing = family.draw_over(pos, _board_url(case_docname(path), family.name))
        elif family is not None and family.draw is not None:
            drawing = family.draw(pos)
    except Exception:
        drawing = None
    return CaseInfo(path, title, str(data.get("ruleset", "?")), dict(data.get("expect") or {}), drawing)


_CASES: dict[Path, tuple[str, CaseInfo]] = {}  # path -> (the file's stamp, what was read of it), this process


def case_infos() -> list[CaseInfo]:
    """Every case, read afresh only where its file changed since the last run (a disk cache keyed on the
    machinery's fingerprint: a rule's change keeps it, a change to what reads or draws positions drops it)."""
    if not _CASES:
        _CASES.update(_disk_cache("cases") or {})
    out, fresh = [], False
    paths = all_cases()
    for path in paths:
        st = path.stat()
        stamp = f"{st.st_mtime_ns}:{st.st_size}"
        known = _CASES.get(path)
        if known is None or known[0] != stamp:
            known = _CASES[path] = (stamp, _read_case(path))
            fresh = True
        out.append(known[1])
    for gone in set(_CASES) - set(paths):
        del _CASES[gone]
        fresh = True
    if fresh:
        _disk_cache("cases", dict(_CASES))
    return out


def expected(case: CaseInfo) -> list[tuple[str, list[tuple[str, str]]]]:
    """The verdict a case's file expects, as the rulebook lists it: ``(key, parts)``, a part ``("rule", id)``,
    ``("line", "doc:n")``, ``("code", text)``, ``("strong", text)`` or ``("text", text)``."""
    expect = case.expect
    out: list[tuple[str, list[tuple[str, str]]]] = []
    if "verdict" in expect:
        out.append(("verdict", [("strong", str(expect["verdict"]))]))
    for key in ("forbids", "minimal_reason", "permits"):
        if key in expect:
            ids = [str(i) for i in expect.get(key) or []]
            out.append((key, _joined([("rule", i) for i in ids]) if ids else [("text", "none")]))
    if "cites" in expect:
        parts = []
        for c in expect.get("cites") or []:
            doc, _, n = str(c).replace(":L", ":").partition(":")
            ok = doc in DOCS and n.isdigit() and 1 <= int(n) <= line_count(doc)
            parts.append(("line", f"{doc}:{n}") if ok else ("code", str(c)))
        out.append(("cites", _joined(parts)))
    if "outcome" in expect:
        out.append(("outcome", _joined([("code", f"{k}: {v}") for k, v in (expect.get("outcome") or {}).items()])))
    if "reason" in expect:
        out.append(("reason mentions", [("text", str(expect["reason"]))]))
    for key, why in (expect.get("unknown") or {}).items():
        out.append(("unknown", [("code", str(key)), ("text", f" (the reason mentions {why})")]))
    return out


def _joined(parts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for i, part in enumerate(parts):
        out += [("text", ", ")] if i else []
        out.append(part)
    return out


def case_groups(cases: list[CaseInfo]) -> dict[str, list[CaseInfo]]:
    """Docname -> its cases, in path order: one page per ruleset and kind of question."""
    out: dict[str, list[CaseInfo]] = {}
    for case in cases:
        out.setdefault(case_docname(case.path), []).append(case)
    return out


def case_page(docname: str, cases: list[CaseInfo]) -> str:
    """The cases of one ruleset and kind, each at its own anchor."""
    ruleset, kind = docname.split("/")[-2:]
    # orphans: case pages stay out of the navigation tree (rendered on every page) and are linked from the index
    kinds = sorted({case_kind(c.path) for c in cases})
    named = f"whose names start `{kind}-`" if kinds == [kind] else "of the kinds " + ", ".join(f"`{k}-`" for k in kinds)
    out = ["---", "orphan: true", "---", "", f"# {ruleset}: {kind} cases", ""]
    out += [
        f"{len(cases)} worked cases of `{ruleset}` {named}: each shows its position, the verdict its file expects "
        "and the rules and lines involved. All cases: {doc}`/_generated/cases/index`.",
        "",
    ]
    out += [case_section(c, docname) for c in cases]
    return "\n".join(out)


RULE_PRE = '<span class="pre">{}</span>'


def _href(here: str, docname: str, anchor: str) -> str:
    """The URL of an anchor on a page, relative to the page ``here`` (the HTML builder's ``.html`` pages)."""
    if docname == here:
        return f"#{anchor}"
    return _relpath(docname, here.rpartition("/")[0]) + f".html#{anchor}"


@cache
def _relpath(docname: str, folder: str) -> str:
    import posixpath

    return posixpath.relpath(docname, folder or ".")


def rule_link_html(here: str, rid: str) -> str:
    """A link to a rule's entry from the page ``here``, as Sphinx writes a ``{rule}`` reference."""
    from html import escape

    if rid not in REGISTRY:
        return f'<code class="docutils literal notranslate">{RULE_PRE.format(escape(rid))}</code> (no such rule)'
    rule_code = f'<code class="xref std std-rule docutils literal notranslate">{RULE_PRE.format(escape(rid))}</code>'
    return f'<a class="reference internal" href="{_href(here, rule_docname(rid), f"rule-{rid}")}">{rule_code}</a>'


def line_link_html(here: str, doc: str, first: int, last: int | None = None) -> str:
    """A link to a source line from the page ``here``, as Sphinx writes a ``{ref}`` to its anchor (what
    :func:`line_ref` says in Markdown)."""
    span = f"{first}" if last in (None, first) else f"{first}-{last}"
    if doc not in DOCS or not 1 <= first <= line_count(doc):
        return f'<code class="docutils literal notranslate">{RULE_PRE.format(f"{doc}:{span}")}</code> (no such line)'
    link = _href(here, chapter_of(doc, first).docname, line_id(doc, first))
    return f'<a class="reference internal" href="{link}"><span class="std std-ref">{doc}:{span}</span></a>'


def rule_docname(rid: str) -> str:
    """The page holding a rule's full entry: its home's chapter, or the rules index for a rule without one."""
    h = home(REGISTRY[rid])
    return chapter_of(*h).docname if h else "_generated/rules/index"


def case_section(case: CaseInfo, docname: str) -> str:
    """A case at its anchor on its page: a heading (searched), then in one block of HTML, as Sphinx would write it,
    its file, its position drawn, the verdict it expects with links to the rules and lines it names, and the file.

    The links are written here, not resolved by Sphinx: two thousand cases parsed as Markdown were a third of the
    build. Where a link's target moves (a rule to another chapter), this text changes, so the page is read again.
    """
    from html import escape

    rel = case.path.relative_to(ROOT).as_posix()
    code = '<code class="docutils literal notranslate"><span class="pre">{}</span></code>'.format
    html = [
        f"<p>{code(escape(rel))} · ruleset {code(escape(case.ruleset))} · check it yourself: "
        f"{code(escape(f'mentat check {rel}'))}</p>"
    ]
    if case.drawing:
        html.append(case.drawing.strip().replace("<svg ", '<svg class="case-board" ', 1))
    html += ["<p>Expected verdict:</p>", "<ul>"]
    for key, parts in expected(case):
        shown = []
        for kind, text in parts:
            if kind == "rule":
                shown.append(rule_link_html(docname, text))
            elif kind == "line":
                doc, _, n = text.partition(":")
                shown.append(line_link_html(docname, doc, int(n)))
            elif kind == "code":
                shown.append(code(escape(text)))
            elif kind == "strong":
                shown.append(f"<strong>{escape(text)}</strong>")
            else:
                shown.append(escape(text))
        html.append(f"<li><p>{escape(key)}: {''.join(shown)}</p></li>")
    html.append("</ul>")
    text = escape(case.path.read_text(encoding="utf-8")).replace("`", "&#96;")
    html.append(f'<div class="highlight-yaml notranslate"><div class="highlight"><pre>{text}</pre></div></div>')
    block = "\n".join(html)
    return "\n".join(
        [
            f"({case_label(case.path)})=",
            f"## {_md(case.title)}",
            "",
            "````{raw} html",
            ":class: no-search",
            "",
            block,
            "````",
            "",
        ]
    )


def cases_index(cases: list[CaseInfo]) -> str:
    out = [
        "# Cases",
        "",
        f"{len(cases)} worked cases, on one page per ruleset and kind of question: the position, the expected "
        "verdict, the rules involved.",
        "",
    ]
    groups = case_groups(cases)
    ruleset = ""
    for docname, group in groups.items():
        if group[0].path.parent.name != ruleset:
            ruleset = group[0].path.parent.name
            out += ["", f"## {ruleset}", ""]
        kind = docname.rsplit("/", 1)[-1]
        # a paragraph, not a heading: the index's headings are copied into every page's navigation
        out += ["", f"**{{doc}}`{kind} </{docname}>`** ({len(group)} cases):", ""]
        out += [f"- {case_ref(c.path)} ({c.expect.get('verdict', '?')})" for c in group]
    out.append("")
    return "\n".join(out)


# -- indexes -------------------------------------------------------------------


STATUS_MARK = {"unresolved": " *(open question)*", "gap": " *(gap: not encoded yet)*"}


def _rule_line(r: Rule) -> str:
    cites = ", ".join(line_ref(c.doc, c.first, c.last) for c in r.cites)
    return f"- {rule_ref(r.id)}: {_md(r.title)} ({cites}){STATUS_MARK.get(r.status, '')}"


def _rule_list(rules: Iterable[Rule], here: str) -> list[str]:
    """Rules listed on the index page ``here`` (each linked, with its title, its lines and its status), in one block
    of HTML as Sphinx would write the list: three thousand rule and line references resolved by Sphinx were a
    tenth of the build. The text changes where a link's target moves, so the page is read again."""

    items = []
    for r in rules:
        cites = ", ".join(line_link_html(here, c.doc, c.first, c.last) for c in r.cites)
        mark = STATUS_MARK_HTML.get(r.status, "")
        items.append(f"<li><p>{rule_link_html(here, r.id)}: {_html(r.title)} ({cites}){mark}</p></li>")
    if not items:
        return []
    return ["```{raw} html", "", '<ul class="simple">', *items, "</ul>", "```", ""]


STATUS_MARK_HTML = {"unresolved": " <em>(open question)</em>", "gap": " <em>(gap: not encoded yet)</em>"}


def _grouped(title: str, intro: str, groups: dict[str, list[Rule]], here: str) -> str:
    out = [f"# {title}", "", intro, ""]
    for name in sorted(groups):
        out += [f"## {name}", ""]
        out += _rule_list(sorted(groups[name], key=lambda r: r.id), here)
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
        *(f"open-{doc}" for doc in _question_rulesets()),
        "```",
        "",
    ]
    for doc in _question_rulesets():
        out += [f"The questions {doc}'s text leaves open, and the rules that recognise each: {{doc}}`open-{doc}`.", ""]
    uncited = [r for r in REGISTRY.values() if home(r) is None]
    for lay in _rulesets():
        own = sorted((r for r in REGISTRY.values() if r.layer == lay), key=lambda r: r.id)
        if not own:
            continue
        out += [f"## {lay}", ""]
        out += _rule_list((r for r in own if r not in uncited), "_generated/rules/index")
        out.append("")
    if uncited:
        out += ["## Rules without a valid citation", ""]
        cases = _cases_naming()
        out += [rule_entry(r, cases, "_generated/rules/index") for r in uncited]
    return "\n".join(out)


def _question_rulesets() -> list[str]:
    """The rulesets whose text lists its own open questions (their layer's ``open_questions``)."""
    return [lay for lay in _rulesets() if lay in LAYERS and LAYERS[lay].open_questions and lay in DOCS]


def open_questions_page(doc: str) -> str:
    """A text's own list of open questions, each with the open rules that recognise it (a position reaching it
    answers unresolved, citing them) or the reason none is needed."""
    questions = open_questions(doc)
    first, last = (questions[0].line, questions[-1].line) if questions else (1, 1)
    out = [
        f"# {_md(TITLES.get(doc, doc))}: its open questions",
        "",
        f"The text lists {len(questions)} questions it leaves open ({line_ref(doc, first, last)}). A position that "
        "reaches one is answered *unresolved*, citing the rule that recognises it: below, each question with those "
        "rules (open questions and gaps), or the reason no rule of a kind Mentat answers can meet it.",
        "",
    ]
    for q in questions:
        out += [f"## {q.tag}: {_md(q.title)}", ""]
        named = ", ".join(line_ref(doc, n) for n in q.named_at)
        out += [f"Listed at {line_ref(doc, q.line)}; the text names it at {named}.", ""]
        for rid in q.rules:
            r = REGISTRY[rid]
            out += [f"{_rule_line(r)}", f"  {_md(r.reason)}"]
        if q.rules:
            out.append("")
        for n, why in q.reasons.items():
            if n in q.named_at:
                out += [f"- {line_ref(doc, n)} needs no rule: {_md(why)}"]
        if q.reasons:
            out.append("")
        if not q.rules and not any(n in q.named_at for n in q.reasons):
            out += ["**No rule recognises it yet.**", ""]
    return "\n".join(out)


def by_phase() -> str:
    groups: dict[str, list[Rule]] = {}
    for r in REGISTRY.values():
        groups.setdefault(r.phase or r.on, []).append(r)
    intro = "Each rule under its phase (or, failing that, its kind of question)."
    return _grouped("Rules by phase", intro, groups, "_generated/rules/by-phase")


def by_faction() -> str:
    groups: dict[str, list[Rule]] = {}
    for r in REGISTRY.values():
        for f in r.factions or ("(every faction)",):
            groups.setdefault(f, []).append(r)
    intro = "Rules that name factions; the others apply to every faction."
    return _grouped("Rules by faction", intro, groups, "_generated/rules/by-faction")


# -- fragments included by hand-written pages -------------------------------------


def compare_fragment(family: Family, top: str) -> str:
    """A comparison page's table: the rules on one topic of the family's two compared rulesets side by side
    (a rule beside the one it replaces), then those of the family's other rulesets."""
    assert family.compared is not None, f"the {family.name} family compares no rulesets"
    left_name, right_name = family.compared

    def on_topic(lay: str) -> list[Rule]:
        return sorted(
            (r for r in REGISTRY.values() if r.layer == lay and topic(r, family.topics) == top), key=lambda r: r.id
        )

    lefts, rights = on_topic(left_name), on_topic(right_name)
    if not lefts and not rights:
        return "*No rules on this topic in either layer yet.*\n"
    rows: list[tuple[Rule | None, Rule | None]] = []
    left = list(rights)
    for g in lefts:
        match = next((o for o in left if o.id in g.replaces), None)
        if match:
            left.remove(match)
        rows.append((g, match))
    rows += [(None, o) for o in left]

    def cell(r: Rule | None) -> str:
        if r is None:
            return "—"
        cites = ", ".join(line_ref(c.doc, c.first, c.last) for c in r.cites)
        return f"{rule_ref(r.id)}: {_md(r.title)} ({cites}){STATUS_MARK.get(r.status, '')}"

    out = ["```{list-table}", ":header-rows: 1", ":widths: 50 50", "", f"* - {left_name}", f"  - {right_name}"]
    for left_rule, right_rule in rows:
        out += [f"* - {cell(left_rule)}", f"  - {cell(right_rule)}"]
    out += ["```", ""]
    for lay in _rulesets():
        if lay in family.compared or not _same_family(lay, family):
            continue
        own = on_topic(lay)
        if own:
            out += [f"In `{lay}`:", ""] + [f"- {cell(r)}" for r in own] + [""]
    return "\n".join(out)


def _same_family(ruleset: str, family: Family) -> bool:
    from checker.family import family_of

    other = family_of(ruleset)
    return other is not None and other.name == family.name


def compare_fragments() -> dict[str, str]:
    """``fragments/compare-<topic>.md`` for every topic of every family that compares two rulesets."""
    from checker.family import families

    out: dict[str, str] = {}
    for family in families().values():
        if family.compared is not None:
            for t in family.topics:
                out.setdefault(f"fragments/compare-{t}.md", compare_fragment(family, t))
    return out


def _cell(text: str) -> str:
    """A table cell of registry prose (its backticks are meant as code)."""
    return text.replace("|", "\\|")


def outcome_keys_fragment() -> str:
    """The vocabulary of outcome keys (checker.outcomes): the shared keys, then each kind's own."""
    from checker.family import load_kinds
    from checker.outcomes import SHARED

    out = [
        "Shared keys: every kind of every game reports a value of this kind under this name, and under no other.",
        "",
        "| key | meaning |",
        "|---|---|",
    ]
    out += [f"| `{key}` | {_cell(meaning)} |" for key, meaning in SHARED.items()]
    out += ["", "Each kind's own keys, beside the shared ones:", "", "| question | key | meaning |", "|---|---|---|"]
    for name, kind in sorted(load_kinds().items()):
        for key, meaning in kind.outcome_keys.items():
            out.append(f"| `{name}` | `{key}` | {_cell(meaning)} |")
        for key, parts in kind.derived.items():
            summed = " + ".join(f"`{p}`" for p in parts)
            out.append(f"| `{name}` | `{key}` | the shared key: {summed} |")
    return "\n".join(out) + "\n"


def conflicts_fragment() -> str:
    """Every recorded source conflict: both rules, both quotes, and the position the solver found."""
    from checker.conflicts import recorded

    every = recorded()
    found = {p.stem: p for p in (ROOT / "cases" / "conflicts").glob("*.yaml")}
    out: list[str] = []
    seen: set[tuple[str, tuple[str, str]]] = set()
    for p in every:
        if (p.by, p.rulesets) in seen:  # one conflict per recording rule and pair of rulesets
            continue
        seen.add((p.by, p.rulesets))
        a, b = p.rulesets
        out += [f"### {a} and {b}: {_md(p.first.title)}", "", _md(p.recorded), ""]
        for rs, r in ((a, p.first), (b, p.second)):
            out += [f"`{rs}` ({rule_ref(r.id)}):", ""]
            for doc in dict.fromkeys(c.doc for c in r.cites):  # one quote per source: a rule may cite two
                cites = ",".join(c.span for c in r.cites if c.doc == doc)
                out += [f"```{{source-quote}} {doc}:{cites}", "```", ""]
        keys = [q.case_name for q in every if q.by == p.by and q.rulesets == p.rulesets]
        case = next((found[k] for k in keys if k in found), None)
        if case is not None:
            out += [
                f"A position where they differ, found by the solver: {case_ref(case)}.",
                "",
            ]
        else:
            out += ["*No position found yet by `mentat conflicts --find`.*", ""]
    if not out:
        return "*No source conflicts are recorded yet.*\n"
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
        "  - gaps",
        "  - set aside",
        "  - to do",
        "  - encoded of those needing a rule",
    ]
    for r in rows:
        out += [
            f"* - {{doc}}`{r.doc} </_generated/books/{r.doc}/index>`",
            f"  - {r.total}",
            f"  - {len(r.encoded)}",
            f"  - {len(r.gaps)}",
            f"  - {len(r.set_aside)}",
            f"  - {len(r.unclassified)}",
            f"  - {r.percent:.1f}%",
        ]
    out += ["```", "", summary_line(rows), ""]
    out += ["## Gap rules", ""]
    gap_rules = sorted((r for r in REGISTRY.values() if r.status == "gap"), key=lambda r: r.id)
    if gap_rules:
        out += [
            "Rules of the sources that Mentat recognises but does not encode yet: where one applies, "
            "the answer is `unresolved` and names it.",
            "",
        ]
        for g in gap_rules:
            cites = ", ".join(line_ref(c.doc, c.first, c.last) for c in (*g.cites, *g.see_also))
            out.append(f"- {rule_ref(g.id)}: {_md(g.title)} ({cites}). {_md(g.reason)}")
        out.append("")
    else:
        out += ["No gap rules yet.", ""]
    for r in rows:
        out += [f"## {r.doc}", ""]
        if r.encoded:
            out += ["Encoded: " + _span_refs(r.doc, r.encoded), ""]
        if r.gaps:
            out += ["Gaps (cited only by gap rules): " + _span_refs(r.doc, r.gaps), ""]
        other = sorted({why for why in r.set_aside.values()} - {"blank", "heading"})
        if other:
            out += [
                "Set aside besides blanks and headings: "
                + "; ".join(
                    f"{_md(why)} ({_span_refs(r.doc, [n for n, w in r.set_aside.items() if w == why])})"
                    for why in other
                ),
                "",
            ]
        if r.unclassified:
            out += ["To do: " + _span_refs(r.doc, r.unclassified), ""]
    return "\n".join(out)


def _span_refs(doc: str, numbers: list[int]) -> str:
    out = []
    for part in spans(numbers).split(", "):
        a, _, b = part.partition("-")
        out.append(line_ref(doc, int(a), int(b) if b else None))
    return ", ".join(out)


EXAMPLES = ROOT / "docs" / "guides" / "examples"  # one position per action: <action>.yaml


def _user_keys(obj: dict[str, Any]) -> list[tuple[str, list[str], dict[str, Any]]]:
    """A record's keys as a user writes them: ``(key, other accepted spellings, schema)``.

    The schema lists an alias beside its field with the very same schema (``from_`` and
    ``from``): list it once, under the alias, and drop Python's spelling (a trailing ``_``).
    """
    props: dict[str, Any] = obj.get("properties") or {}
    groups: list[list[str]] = []
    for name, p in props.items():
        for g in groups:
            first = props[g[0]]
            if p is first or (name.rstrip("_") == g[0].rstrip("_") and p == first):
                g.append(name)
                break
        else:
            groups.append([name])
    out = []
    for g in groups:
        spelled = [n for n in g if not n.endswith("_")] or g
        shown = spelled[-1]  # the alias: the name the published format uses
        out.append((shown, [n for n in spelled if n != shown], props[g[0]]))
    return out


def _actions(m: dict[str, Any]) -> list[str]:
    act = (m.get("properties") or {}).get("action") or {}
    return [str(a) for a in act.get("enum") or ([act["const"]] if "const" in act else [])]


def _family_schema(ruleset: str) -> dict[str, Any]:
    from checker.family import family_of

    family = family_of(ruleset)
    assert family is not None, f"{ruleset} names no family: its positions have no schema"
    return family.schema()


def move_schemas(ruleset: str | None = None) -> dict[str, dict[str, Any] | None]:
    """Action -> the schema of a move of that action (None: the schema lists no keys for it yet); by default
    the format ruleset's."""
    out: dict[str, dict[str, Any] | None] = {}
    for m in _family_schema(ruleset or _format_ruleset())["properties"]["move"].get("anyOf", []):
        acts = _actions(m)
        for a in acts:
            if len(acts) == 1:
                out[a] = m
            else:
                out.setdefault(a, None)
    return out


def schema_fragment(ruleset: str | None = None, tag: str = "schema", examples: Path = EXAMPLES) -> str:
    """Every key of a position file, every action of a move with one example each, from the schema of the
    ruleset's family (by default the format ruleset's); ``tag`` starts every label (another family's fragment
    uses its own), ``examples`` holds one position per action (``<action>.yaml``)."""
    ruleset = ruleset or _format_ruleset()
    s = _family_schema(ruleset)
    out: list[str] = []
    queue: list[tuple[str, str, dict[str, Any]]] = []  # (label, key path, record) of tables still to write
    where = [""]  # the action whose keys are being listed: labels stay unique across actions

    def record(path: str, obj: dict[str, Any]) -> str:
        label = f"{tag}-" + re.sub(r"[^a-z0-9]+", "-", f"{where[0]} {path}".lower()).strip("-")
        queue.append((label, path, obj))
        return f"a record, {{ref}}`{path} <{label}>`"

    def kind(p: dict[str, Any], path: str) -> str:
        if "const" in p:
            return f"`{p['const']}`"
        if "enum" in p:
            return " \\| ".join(f"`{v}`" for v in p["enum"])
        if "anyOf" in p:
            return " or ".join(kind(x, path) for x in p["anyOf"] if x.get("type") != "null")
        t = p.get("type")
        if t == "array":
            return f"list of {kind(p.get('items', {}), path + '[]')}"
        if t == "object" and p.get("properties"):
            return record(path, p)
        if t == "object":
            value = p.get("additionalProperties")
            # what the keys are: the schema's propertyNames title, or the doc's "FACTION -> ..."
            named = (p.get("propertyNames") or {}).get("title") or "".join(
                re.findall(r"^([A-Za-z][A-Za-z_]*) ->", str(p.get("description") or ""))[:1]
            )
            key = str(named or "name")
            if isinstance(value, dict) and value:
                return f"mapping of {key.lower()} to {kind(value, f'{path}.{key.upper()}')}"
            return "mapping"
        if t is None:
            return "any"
        bounds = [f"≥ {p['minimum']}" if "minimum" in p else "", f"≤ {p['maximum']}" if "maximum" in p else ""]
        b = ", ".join(x for x in bounds if x)
        return f"{t}" + (f" ({b})" if b else "")

    def table(obj: dict[str, Any], path: str) -> None:
        rows = _user_keys(obj)
        req = set(obj.get("required", []))
        out.extend(
            ["```{list-table}", ":header-rows: 1", ":widths: 20 35 45", "", "* - key", "  - type", "  - meaning"]
        )
        for shown, others, p in rows:
            names = [shown, *others]
            mark = " (required)" if req & {*names, *(n + "_" for n in names)} else ""
            also = f" (also `{'`, `'.join(others)}`)" if others else ""
            sub = f"{path}.{shown}" if path else shown
            doc = _md(str(p.get("description") or "")) or "—"
            out.extend([f"* - `{shown}`{mark}{also}", f"  - {kind(p, sub)}", f"  - {doc}"])
        out.extend(["```", ""])
        more = obj.get("additionalProperties")
        if more is True or (isinstance(more, dict) and obj.get("properties")):
            what = _md(str(more.get("description") or "")) if isinstance(more, dict) else ""
            out.extend([f"Any other key is accepted{f': {what}' if what else ''}.", ""])

    def flush() -> None:
        while queue:
            label, path, obj = queue.pop(0)
            out.extend([f"({label})=", f"### `{path}`", ""])
            if obj.get("description"):
                out.extend([_md(str(obj["description"])), ""])
            table(obj, path)

    top = {**s, "properties": {k: v for k, v in s["properties"].items() if k != "move"}}
    out.extend([f"({tag}-position)=", "## The keys of a position", ""])
    table(top, "")
    flush()
    out.extend(
        [
            f"({tag}-move)=",
            "## The move: one section per action",
            "",
            "`move` holds one proposed move; its `action` picks the kind, and each kind has its own keys. "
            "Every example below is a whole position file that Mentat reads (`mentat check` it).",
            "",
        ]
    )
    for action, m in move_schemas(ruleset).items():
        out.extend([f"({tag}-move-{action})=", f"### `action: {action}`", ""])
        if m is None:
            out.extend(["The schema lists no keys for this action yet: its rules are not encoded.", ""])
        else:
            if m.get("description"):
                out.extend([_md(str(m["description"])), ""])
            where[0] = f"move {action}"
            table(m, "move")
        example = examples / f"{action}.yaml"
        if example.is_file():
            rel = example.relative_to(ROOT).as_posix()
            out.extend([f"Example (`{rel}`):", "", _fence(example.read_text(encoding="utf-8"), "yaml"), ""])
        else:
            out.extend([f"*No example yet* (`{example.relative_to(ROOT).as_posix()}`).", ""])
        flush()
    return "\n".join(out)


# -- games ---------------------------------------------------------------------

GAMES = ROOT / "cases" / "games"  # cases/games/<game>/: game records (expect.applied) and mutants (expect.stops_at)


@dataclass
class GameRun:
    """A record of cases/games replayed as ``mentat replay`` replays it, for its page: its steps (the last one the
    move it stopped at, if it stopped), or why it could not be read or replayed."""

    path: Path
    title: str
    expect: dict[str, Any]
    start: dict[str, Any]
    moves: list[dict[str, Any]]
    steps: list[Any]  # checker.game.Step
    error: str = ""

    @property
    def mutant(self) -> bool:
        return "stops_at" in self.expect

    @property
    def stopped(self) -> Any:
        """The step the replay stopped at (the move not applied), or None when every move was applied."""
        from checker.game import Refused

        last = self.steps[-1] if self.steps else None
        return last if last is not None and isinstance(last.result, Refused) else None

    @property
    def end(self) -> dict[str, Any]:
        """The last position: after the last move applied, or before the move the replay stopped at."""
        from checker.game import Applied

        if not self.steps:
            return self.start
        last = self.steps[-1]
        return dict(last.result.data) if isinstance(last.result, Applied) else dict(last.before)

    @property
    def ruleset(self) -> str:
        return str(self.start.get("ruleset", "?"))


def game_files() -> list[Path]:
    """Every game record of cases/games (a file with ``start`` and ``moves``, YAML or JSON Lines): games and
    mutants. A file ``mentat replay`` wrote beside a stopped record is a position, not a record."""
    return [p for p in sorted(GAMES.glob("*/*")) if p.suffix in (".yaml", ".jsonl") and _record_ruleset(p) is not None]


_RULESETS: dict[str, tuple[str, str | None]] = {}  # the disk cache: a file -> (its stamp, its ruleset; None: no record)


def _record_ruleset(path: Path) -> str | None:
    """A record's ruleset ("" where its start names none); None for a file that is not a record. Kept on disk per
    file until it changes: which files are records, and of which rulesets, is all a build that replays no game
    needs of them, and parsing every record's YAML for it was a tenth of a second on every build."""
    st = path.stat()
    stamp = f"{st.st_mtime_ns}:{st.st_size}"
    if not _RULESETS:
        _RULESETS.update(_disk_cache("record-rulesets") or {}, **{"#loaded": ("", None)})
    was = _RULESETS.get(str(path))
    if was is None or was[0] != stamp:
        head = _record_head(path)
        was = _RULESETS[str(path)] = (stamp, None if head is None else str(head.get("start", {}).get("ruleset", "")))
        _RULESETS["#changed"] = ("", None)
    return was[1]


def _record_head(path: Path) -> dict[str, Any] | None:
    """A record file's keys (its first line for JSON Lines), or None for a file that is not a record."""
    st = path.stat()
    return _read_head(path, f"{st.st_mtime_ns}:{st.st_size}")


@cache
def _read_head(path: Path, stamp: str) -> dict[str, Any] | None:
    """:func:`_record_head`, read once per state of the file (``stamp``)."""
    import json

    from checker.yamlio import load_yaml

    try:
        if path.suffix == ".jsonl":
            with open(path, encoding="utf-8") as fh:
                data = json.loads(fh.readline() or "null")
            return data if isinstance(data, dict) and "start" in data else None
        data = load_yaml(path)
    except Exception:  # an unreadable file: not shown as a game (the record tests report it)
        return None
    return data if isinstance(data, dict) and "start" in data and "moves" in data else None


def game_docname(path: Path) -> str:
    """The page of a game record: ``_generated/games/<game>/<file>``."""
    return f"_generated/games/{path.parent.name}/{path.stem}"


def game_name(path: Path) -> str:
    """A game's short name, its page's title: its folder (and its file, but for the folder's ``record``)."""
    return path.parent.name if path.stem == "record" else f"{path.parent.name}: {path.stem}"


def game_label(path: Path) -> str:
    """A record's anchor (its ``{ref}`` label): ``game-<game>-<file>``; a mutant's is on its game's page."""
    return "game-" + re.sub(r"[^a-z0-9]+", "-", f"{path.parent.name} {path.stem}".lower()).strip("-")


def run_game(path: Path) -> GameRun:
    """A record replayed by :func:`checker.game.replay`: the rulebook shows the verdicts the replay gives."""
    from checker.errors import InputError
    from checker.game import read_record, replay

    head = _record_head(path) or {}
    expect = dict(head.get("expect") or {})
    title = " ".join(str(head.get("title") or f"{path.parent.name}/{path.stem}").split())
    try:
        record = read_record(path)
    except InputError as err:
        return GameRun(path, title, expect, {}, [], [], f"the record cannot be read: {err}")
    run = GameRun(path, title, expect, record.start, record.moves, [])
    try:
        for step in replay(record):
            run.steps.append(step)
    except InputError as err:
        run.error = f"move {len(run.steps) + 1} cannot be read: {err}"
    except Exception as err:  # a bug in Mentat: shown on the page, and the rulebook's game tests fail on it
        run.error = f"Mentat failed on move {len(run.steps) + 1}: {err!r}"
    return run


def _turns(run: GameRun) -> list[tuple[str, list[tuple[str, list[Any]]]]]:
    """The replay's steps by turn, then by phase (the family's ``turn_and_phase`` of the position each move is
    played in), in order; one group where the family or the positions do not say."""
    from checker.family import family_of

    family = family_of(run.ruleset)
    name = family.turn_and_phase if family is not None else None
    out: list[tuple[str, list[tuple[str, list[Any]]]]] = []
    for step in run.steps:
        turn, phase = name(step.before) if name is not None else ("", "")
        if not out or out[-1][0] != turn:
            out.append((turn, []))
        phases = out[-1][1]
        if not phases or phases[-1][0] != phase:
            phases.append((phase, []))
        phases[-1][1].append(step)
    return out


def _game_drawing(data: dict[str, Any], source: Path, docname: str, title: str) -> str:
    """A position of a game drawn by its family (over the shared empty board where the family draws so); "" where
    it cannot be drawn."""
    import copy

    from checker.family import family_of
    from checker.positions import load_position

    try:
        pos = load_position({k: v for k, v in copy.deepcopy(data).items() if k != "move"}, str(source))
        family = family_of(pos.ruleset)
        if hasattr(pos, "title"):
            pos.title = title
        if family is not None and family.draw_over is not None:
            svg = family.draw_over(pos, _board_url(docname, family.name))
        elif family is not None and family.draw is not None:
            svg = family.draw(pos)
        else:
            return ""
    except Exception:  # a position the family cannot draw: the page says so
        return f"<p><em>{_html(title)}: not drawn.</em></p>"
    return svg.strip().replace("<svg ", '<svg class="case-board game-board" ', 1)


def _flow(move: dict[str, Any]) -> str:
    """A move as a record writes it, on one line: ``{action: ship, faction: atreides, count: 3}``."""
    import yaml

    return str(yaml.safe_dump(move, default_flow_style=True, sort_keys=False, width=10_000, allow_unicode=True)).strip()


def _rule_a(here: str, rid: str) -> str:
    """A short link to a rule's entry (the game pages link hundreds)."""
    if rid not in REGISTRY:
        return f"<code>{_html(rid)}</code> (no such rule)"
    href = _href(here, rule_docname(rid), f"rule-{rid}")
    return f'<a href="{href}"><code>{_html(rid)}</code></a>'


def _ruling_html(here: str, verdict: Any, full: bool) -> list[str]:
    """A verdict's findings, each rule linked to its entry: for a move applied, the rules by mark on one line (``=``
    for a rule that fixes a value of the outcome); ``full``, each finding with its message, then the minimal reason,
    the reason, and the values and notes (the move a replay stopped at)."""
    from checker.cli import MARK, fixing_findings

    out: list[str] = []
    if not full:
        fixing = fixing_findings(verdict)
        marks: dict[str, list[str]] = {mark: [] for mark in ("=", "✓", "?", "✗")}  # as mentat check lists them
        for f in verdict.findings:
            mark = "=" if f in fixing else MARK.get(f.effect, f.effect)
            marks.setdefault(mark, []).append(_rule_a(here, f.rule.id))
        if any(marks.values()):
            out.append(" · ".join(f"{mark} {', '.join(links)}" for mark, links in marks.items() if links))
    else:
        for f in verdict.findings:
            out.append(f"{MARK.get(f.effect, f.effect)} {_rule_a(here, f.rule.id)} {_html(f.message)}")
        if verdict.minimal_reason:
            out.append("minimal reason: " + ", ".join(_rule_a(here, rid) for rid in verdict.minimal_reason))
        if verdict.reason:
            out.append(f"why: {_html(verdict.reason)}")
        out += [f"note: {_html(note)}" for note in verdict.notes]
    for key, why in verdict.unknown.items():
        out.append(f"unknown: {_html(key.replace('_', ' '))} ({_html(why)})")
    return out


def _headline(verdict: Any) -> str:
    """``LEGAL · cost 6; paid to bank``: the verdict's word and its outcome, as ``mentat check`` prints them."""
    from checker.cli import outcome_text, verdict_word

    word = verdict_word(verdict)
    outcome = outcome_text(verdict)
    return f'<strong class="game-{_html(verdict.verdict)}">{_html(word)}</strong>' + (
        f" · {_html(outcome)}" if outcome else ""
    )


def _move_item(here: str, step: Any) -> str:
    """One move of a game: its number (anchor ``move-N``), the move, its verdict's headline, its rules linked, and
    the notes of the replay (what followed from the text); the move a replay stopped at with its full ruling."""
    from checker.game import Applied

    applied = isinstance(step.result, Applied)
    verdict = step.result.verdict
    parts = [f"<code>{_html(_flow(step.move))}</code> {_headline(verdict)}", *_ruling_html(here, verdict, not applied)]
    if applied:
        parts += [f"<em>{_html(note)}</em>" for note in step.result.notes]
    return f'<li value="{step.number}" id="move-{step.number}"><p>' + "<br>\n".join(parts) + "</p></li>"


def _raw(html: list[str]) -> list[str]:
    return ["````{raw} html", ":class: no-search", "", *html, "````", ""]


def _code_html(text: str) -> str:
    return f'<code class="docutils literal notranslate"><span class="pre">{_html(text)}</span></code>'


def _summary(run: GameRun) -> str:
    """How the replay went, beside what the record's file expects."""
    total, stop = len(run.moves), run.stopped
    if run.error:
        return f"<strong>Not replayed:</strong> {_html(run.error)}"
    if stop is None:
        said = f"{len(run.steps)} of {total} moves applied"
    else:
        said = f"{stop.number - 1} of {total} moves applied; stopped at move {stop.number}"
    wanted = ", ".join(f"{k}: {v}" for k, v in run.expect.items() if k in ("applied", "stops_at"))
    met = (stop is None and run.expect.get("applied") == len(run.steps)) or (
        stop is not None and run.expect.get("stops_at") == stop.number
    )
    return f"{said}" + (
        f" (its file expects {_code_html(wanted)}{'' if met else ': <strong>it does not</strong>'})" if wanted else ""
    )


def _end(run: GameRun, here: str) -> list[str]:
    """The last position, drawn, and Mentat's verdict on it (the winner, where the verdict names one)."""
    from checker.engine import evaluate
    from checker.positions import load_position

    stop = run.stopped
    what = f"The position before move {stop.number}, where the replay stopped" if stop else "The final position"
    html = [_game_drawing(run.end, run.path, here, what)]
    try:
        verdict = evaluate(load_position({k: v for k, v in run.end.items() if k != "move"}, str(run.path)))
    except Exception as err:  # a position Mentat cannot read: said, not hidden
        return [*html, f"<p>{_html(what)}: Mentat cannot judge it ({_html(str(err))}).</p>"]
    html.append(f"<p>{_html(what)}, judged by itself: {_headline(verdict)}</p>")
    if "winner" in verdict.outcome:
        from checker.cli import _readable

        html.append(f"<p><strong>Winner: {_html(_readable('winner', verdict.outcome['winner']))}</strong></p>")
    else:
        html.append("<p>No winner: the verdict on this position names none.</p>")
    return html


def changed_moves(game: GameRun, mutant: GameRun) -> list[str]:
    """What a mutant changes of its game, in words (HTML, the game's moves linked on its page): each move replaced,
    left out or added, and a start that differs."""
    import difflib
    import json

    key = [json.dumps(m, sort_keys=True) for m in game.moves], [json.dumps(m, sort_keys=True) for m in mutant.moves]
    out = [] if game.start == mutant.start else ["its start differs from the game's"]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, *key, autojunk=False).get_opcodes():
        was = [
            f'<a href="#move-{i + 1}">move {i + 1}</a> <code>{_html(_flow(game.moves[i]))}</code>'
            for i in range(i1, i2)
        ]
        now = [f"move {j + 1} <code>{_html(_flow(mutant.moves[j]))}</code>" for j in range(j1, j2)]
        if op == "replace":
            out.append(f"{', '.join(now)} instead of the game's {', '.join(was)}")
        elif op == "delete":
            out.append(f"the game's {', '.join(was)} left out")
        elif op == "insert":
            out.append(f"{', '.join(now)} added")
    return out or ["the same moves as the game"]


def _mutant_section(game: GameRun | None, mutant: GameRun, here: str) -> list[str]:
    rel = _relative(str(mutant.path))
    html = [f"<p>{_code_html(rel)} · replay it: {_code_html(f'mentat replay {rel}')}</p>"]
    if game is not None:
        html.append("<p>Changed: " + "; ".join(changed_moves(game, mutant)) + ".</p>")
    wanted = [str(r) for r in (mutant.expect.get("forbids") or [])] + (
        [str(mutant.expect["rule"])] if mutant.expect.get("rule") else []
    )
    if wanted:
        html.append("<p>It must stop on: " + ", ".join(_rule_a(here, rid) for rid in wanted) + ".</p>")
    html.append(f"<p>{_summary(mutant)}.</p>")
    stop = mutant.stopped
    if stop is not None:
        html += ["<ol>", _move_item(here, stop).replace(f' id="move-{stop.number}"', "", 1), "</ol>"]
    head = [f"({game_label(mutant.path)})=", f"### {_md(mutant.path.stem)}", "", f"*{_md(mutant.title)}*", ""]
    return [*head, *_raw(html)]


def game_page(docname: str, game: GameRun | None, mutants: list[GameRun], folder: str) -> str:
    """A game's page: the record replayed move by move, by turn and phase, each move with its verdict and its rules
    linked; the position drawn at the start of each turn and at the end, with the winner; then the game's mutants,
    each stopping at its changed move. (A folder with mutants only: their page.)"""
    out = ["---", "orphan: true", "---", ""]
    if game is None:
        out += [f"# {_md(folder)}: mutants", "", "Records with one move changed; the game they change is not here.", ""]
    else:
        rel = _relative(str(game.path))
        index = _relpath("_generated/games/index", docname.rpartition("/")[0])
        out += [f"({game_label(game.path)})=", f"# {_md(game_name(game.path))}", "", f"*{_md(game.title)}*", ""]
        head = [
            f"<p>{_code_html(rel)} · ruleset {_code_html(game.ruleset)} · replay it yourself: "
            f"{_code_html(f'mentat replay {rel}')}</p>",
            f"<p>{_summary(game)}. Each move shows its verdict and outcome as <code>mentat check</code> gives them, "
            "and the rules that decided it (✓ could have forbidden it and permits it, = fixes a value of the outcome, "
            "✗ forbids it, ? cannot decide), each linked to its entry; in italics, what the replay carried forward "
            "beyond the outcome. All games: "
            f'<a class="reference internal" href="{index}.html">Games</a>.</p>',
        ]
        out += _raw(head)
        for n, (turn, phases) in enumerate(_turns(game)):
            first = phases[0][1][0]
            out += [f"## {_md(turn or 'The moves')}", ""]
            start = "The start" if n == 0 else f"{turn or 'The moves'}: the position before move {first.number}"
            html = [_game_drawing(first.before, game.path, docname, start)]
            for phase, steps in phases:
                if phase:
                    html.append(f'<p class="game-phase"><strong>{_html(phase)}</strong></p>')
                html += [f'<ol class="game-moves" start="{steps[0].number}">']
                html += [_move_item(docname, s) for s in steps]
                html.append("</ol>")
            out += _raw(html)
        out += ["## The end", "", *_raw(_end(game, docname))]
    if mutants:
        out += [
            "## Mutants",
            "",
            f"{len(mutants)} copies of this record with a move changed (an extra force, a wrong payee, a leader "
            "reused...): each must stop at that move with the rule that forbids it.",
            "",
        ]
        for m in mutants:
            out += _mutant_section(game, m, docname)
    return "\n".join(out)


def _folder_pages(paths: list[Path]) -> tuple[dict[str, str], list[str]]:
    """One folder of cases/games replayed: its pages (docname -> text) and its lines of the games' index. Each game
    has its page; the folder's mutants are on the page of its ``record`` (or of its first game; on a page of their
    own where the folder has no game)."""
    folder = paths[0].parent.name
    runs = [run_game(p) for p in paths]
    games = sorted((r for r in runs if not r.mutant), key=lambda r: r.path.stem != "record")  # the record first
    mutants = [r for r in runs if r.mutant]
    host = games[0] if games else None
    pages: dict[str, str] = {}
    rows: list[str] = []
    for game in games:
        docname = game_docname(game.path)
        shown = mutants if game is host else []
        pages[docname] = game_page(docname, game, shown, folder)
        stop = game.stopped
        result = (
            "not replayed"
            if game.error
            else f"stopped at move {stop.number}"
            if stop is not None
            else f"{len(game.steps)} moves applied"
        )
        more = f", {len(shown)} mutant{'s' * (len(shown) != 1)}" if shown else ""
        rows.append(f"- {{doc}}`{game.path.stem} </{docname}>` (`{game.ruleset}`, {result}{more}): {_md(game.title)}")
    if host is None and mutants:
        docname = f"_generated/games/{folder}/mutants"
        pages[docname] = game_page(docname, None, mutants, folder)
        rows.append(f"- {{doc}}`mutants </{docname}>`: {len(mutants)} mutants")
    return pages, rows


def games_index(folders: dict[str, list[str]]) -> str:
    """The games' index: each folder of cases/games with its games (``folders``: folder -> its index lines)."""
    out = [
        "# Games",
        "",
        "Every game record of `cases/games`, replayed move by move as `mentat replay` replays it when the rulebook is "
        "built: a page per game shows its moves by turn and phase, each with its verdict and the rules that decided "
        "it, the position on the board at the start of each turn and at the end, the winner, and the game's "
        "mutants (the record with one move changed) with the move each stops at. How to write a record: "
        "{doc}`/guides/games`.",
        "",
    ]
    for folder, rows in folders.items():
        out += [f"## {folder}", "", *rows, ""]
    if not folders:
        out += ["No game records yet.", ""]
    return "\n".join(out)


def _game_pages(homes: str) -> dict[str, str]:
    """The game pages and their index. A folder of cases/games is replayed again only where what its pages show may
    have changed: its files, the code of its rulesets' layers and of those below (a docstring's edit changes no
    verdict), where each rule's entry is (``homes``), or the machinery (the cache's own stamp)."""
    import hashlib

    from checker.rules import _stack

    by_folder: dict[str, list[Path]] = {}
    for path in game_files():
        by_folder.setdefault(path.parent.name, []).append(path)
    cached = _disk_cache("game-pages")
    known: dict[str, Any] = cached if isinstance(cached, dict) else {}
    folders: dict[str, tuple[str, dict[str, str], list[str]]] = {}
    code: dict[str, tuple[str, str]] = {}  # a rule file -> (its stamp, the digest of its code)
    for folder, paths in by_folder.items():
        stamps = [f"{p}:{p.stat().st_mtime_ns}:{p.stat().st_size}" for p in sorted(paths[0].parent.iterdir())]
        rulesets = sorted({_record_ruleset(p) or "" for p in paths})
        layers = sorted({lay for rs in rulesets if rs for lay in _stack(rs)})
        files = [p for lay in layers for p in sorted((ROOT / "constraints" / lay).rglob("*.py"))]
        rules = [f"{p}:{_code_digest(p, known.get('code', {}), code)}" for p in files]
        key = hashlib.sha256("\n".join([*stamps, *rulesets, *rules, homes]).encode()).hexdigest()
        entry = known.get("folders", {}).get(folder)
        if entry is None or entry[0] != key:
            entry = (key, *_folder_pages(paths))
        folders[folder] = entry
    if {"folders": folders, "code": code} != known:
        _disk_cache("game-pages", {"folders": folders, "code": code})
    pages = {"games/index.md": games_index({folder: rows for folder, (_, _, rows) in folders.items()})}
    for _, docs, _ in folders.values():
        pages.update({f"{docname.removeprefix('_generated/')}.md": text for docname, text in docs.items()})
    return pages


def _code_digest(path: Path, known: dict[str, tuple[str, str]], seen: dict[str, tuple[str, str]]) -> str:
    """The digest of a Python file's code without its docstrings (a rule's docstring is its rulebook entry, never
    part of a verdict), read again only where the file changed since ``known``; recorded in ``seen``."""
    import ast
    import hashlib

    st = path.stat()
    stamp = f"{st.st_mtime_ns}:{st.st_size}"
    was = seen.get(str(path)) or known.get(str(path))
    if was is None or was[0] != stamp:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):  # judged as the engine finds it: by its stamp
            was = (stamp, stamp)
        else:
            for node in ast.walk(tree):
                body = getattr(node, "body", None)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
                    first = body[0]
                    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                        if isinstance(first.value.value, str):
                            node.body = body[1:] or [ast.Pass()]
            was = (stamp, hashlib.sha256(ast.dump(tree).encode()).hexdigest())
    seen[str(path)] = was
    return was[1]


# -- writing -------------------------------------------------------------------


def pages() -> dict[str, str]:
    """Every generated file: path under ``_generated`` -> text."""
    load_all()
    _FORCE.clear()
    _FORCE.update({name: frozenset(ruleset_rules(name)) for name in LAYERS})
    _REVERSE.update(reverse_counterparts())
    try:
        return _pages()
    finally:
        _FORCE.clear()
        _REVERSE.clear()
        if _SOURCES.pop("#changed", None) is not None:
            _disk_cache("sources", dict(_SOURCES))
        if _RULESETS.pop("#changed", None) is not None:
            _disk_cache("record-rulesets", {k: v for k, v in _RULESETS.items() if not k.startswith("#")})
        if _HIGHLIGHTED.pop("#changed", None) is not None:  # what this generation showed, no more
            _disk_cache("highlights", dict(_HIGHLIGHTS))
        _HIGHLIGHTS.clear()


@cache
def _homes() -> str:
    """Where each rule's entry is (its page), one line a rule: what the links to rules depend on (cleared with each
    generation)."""
    return "\n".join(f"{rid}:{rule_docname(rid)}" for rid in sorted(REGISTRY))


def _case_pages() -> tuple[dict[str, str], dict[str, list[Path]]]:
    """The case pages and index, and which cases name each rule: kept on disk while nothing they show changed
    (the case files, where each rule's entry and each source line is, the machinery), so that one rule's edit
    does not write two thousand cases again."""
    import hashlib

    stamps = []
    for path in all_cases():
        st = path.stat()
        stamps.append(f"{path}:{st.st_mtime_ns}:{st.st_size}")
    books = [f"{ch.doc}:{ch.first}:{ch.last}:{ch.slug}" for doc in DOCS for ch in chapters(doc)]
    key = hashlib.sha256("\n".join([*stamps, _homes(), *books, str(MIN_KIND)]).encode()).hexdigest()
    cached = _disk_cache("case-pages")
    if isinstance(cached, tuple) and len(cached) == 3 and cached[0] == key:
        return cached[1], cached[2]
    infos = case_infos()
    pages = {"cases/index.md": cases_index(infos)}
    for docname, group in case_groups(infos).items():
        pages[f"{docname.removeprefix('_generated/')}.md"] = case_page(docname, group)
    naming = _cases_naming(infos)
    _disk_cache("case-pages", (key, pages, naming))
    return pages, naming


def _pages() -> dict[str, str]:
    _kind_sizes.cache_clear()  # cases may have come or gone since the last generation in this process
    case_docname.cache_clear()
    case_link_html.cache_clear()
    _homes.cache_clear()
    case_pages, cases = _case_pages()
    out: dict[str, str] = {"books/index.md": books_index()}
    for doc in DOCS:
        out[f"books/{doc}/index.md"] = book_index(doc)
        attach = _attachments(doc)
        for ch in chapters(doc):
            out[f"books/{doc}/{ch.slug}.md"] = chapter_page(ch, cases, attach)
    out.update(case_pages)
    out.update(_game_pages(_homes()))
    out["rules/index.md"] = rules_index()
    out["rules/by-phase.md"] = by_phase()
    out["rules/by-faction.md"] = by_faction()
    for doc in _question_rulesets():
        out[f"rules/open-{doc}.md"] = open_questions_page(doc)
    out.update(compare_fragments())
    out["fragments/coverage.md"] = coverage_fragment()
    out["fragments/conflicts.md"] = conflicts_fragment()
    out["fragments/outcome-keys.md"] = outcome_keys_fragment()
    out["fragments/position-schema.md"] = schema_fragment()
    out.update(_other_formats())
    out.update(boards())
    for path in sorted((ROOT / "docs" / "guides").glob("*.yaml")):  # positions drawn for hand-written pages
        out[f"figures/{path.stem}.svg"] = _draw(path, path.stem)
    from checker.architecture import architecture_svg

    out["architecture.svg"] = architecture_svg()
    return out


def _draw(path: Path, title: str) -> str:
    """A position file drawn by its family (on its game's board)."""
    from checker.family import family_of
    from checker.positions import read_position

    pos = read_position(path)
    family = family_of(pos.ruleset)
    if family is None or family.draw is None:
        raise ValueError(f"{path}: its family draws no board")
    if hasattr(pos, "title"):
        pos.title = title
    return family.draw(pos)


def boards() -> dict[str, str]:
    """Each family's board, drawn with nothing on it: ``board.svg`` for the first family (the GF9 board),
    ``board-<family>.svg`` for each other; and, for a family that draws positions over it, a static copy
    (``static/boards/<family>.svg``) the case pages draw over."""
    from checker.family import family_of, family_rulesets

    out: dict[str, str] = {}
    seen: set[str] = set()
    for ruleset in _rulesets_by_family():
        family = family_of(ruleset)
        if family is None or family.name in seen or family.draw is None:
            continue
        seen.add(family.name)
        empty = family.load({"ruleset": family_rulesets(ruleset)[0]}, None)
        name = "board.svg" if not out else f"board-{family.name}.svg"
        out[name] = family.draw(empty)
        if family.draw_over is not None:
            out[f"{BOARDS}/{family.name}.svg"] = out[name]
    return out


def _rulesets_by_family() -> list[str]:
    """Every ruleset, the format ruleset first."""
    first = _format_ruleset()
    rest = [r for r in _rulesets() if r != first]
    return [first, *rest] if first in _rulesets() else rest


def _other_formats() -> dict[str, str]:
    """The position format of each family but the format ruleset's: ``fragments/position-schema-<family>.md``
    (its examples in ``docs/guides/examples/<family>/``)."""
    from checker.family import family_of

    first = family_of(_format_ruleset())
    out: dict[str, str] = {}
    for ruleset in _rulesets_by_family():
        family = family_of(ruleset)
        if family is None or (first is not None and family.name == first.name):
            continue
        name = f"fragments/position-schema-{family.name}.md"
        if name not in out:
            out[name] = schema_fragment(ruleset, f"schema-{family.name}", EXAMPLES / family.name)
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
