"""Mentat's Sphinx extension: the rule object type, source lines and quotes.

* ``builder-inited``: :func:`checker.docs.generate` writes ``_generated/``
  (only changed files are rewritten, so incremental builds stay small).
* ``rule`` object type (``add_object_type``): a ``{rule}`` directive for the
  generated entries and a ``{rule}`` role for links, with index entries.
* ``{source-lines} doc a-b``: the source's lines a..b, each at its own anchor
  ``doc-lN`` (also a ``{ref}`` label), read from the source file at build time.
* ``{source-quote} doc:a[,b]``: quote lines in a hand-written page, linked to
  their anchors, never retyped.
* ``{mentat-run} ARGS``: run ``mentat ARGS`` at build time and show its output, so a
  guide's examples can never drift from what the command prints.
* ``{collapsed} SUMMARY``: its content folded away (HTML ``<details>``; other builders
  show it plainly). (The generated rule entries write their folded z3 form and check as
  HTML themselves, highlighted once: ``checker.docs._folded_code``.)

Source lines carry their class: ``src-cited`` (encoded by a rule), ``src-gap`` (only a gap
rule cites it: recognised, not encoded yet, an answer touching it is unresolved).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from checker.cache import bytecode_cache

with bytecode_cache():
    from checker.coverage import cited_lines, is_heading
    from checker.docs import line_id
    from checker.sources import DOCS, SOURCES, lines, parse_cites

logger = logging.getLogger(__name__)


def _register(directive: SphinxDirective, label: str, title: str) -> None:
    std: Any = directive.env.domains.standard_domain
    std.anonlabels[label] = (directive.env.docname, label)
    std.labels[label] = (directive.env.docname, label, title)


def _line_xref(doc: str, n: int, text: str) -> addnodes.pending_xref:
    ref = addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget=line_id(doc, n), refexplicit=True, refwarn=True
    )
    ref += nodes.inline(text, text)
    return ref


class SourceLines(SphinxDirective):
    """Lines of a source, each at its anchor, with a permalink on its number."""

    required_arguments = 2
    has_content = False

    def run(self) -> list[nodes.Node]:
        doc, span = self.arguments
        if doc not in DOCS:
            raise self.error(f"unknown source {doc!r}")
        a, _, b = span.partition("-")
        first, last = int(a), int(b or a)
        self.env.note_dependency(str(SOURCES / f"{doc}.txt"))
        cited = cited_lines().get(doc, {})
        gaps = cited_lines(gaps=True).get(doc, {})
        box = nodes.container(classes=["src-lines"])
        for n in range(first, last + 1):
            lid = line_id(doc, n)
            text = lines(doc)[n - 1]
            _register(self, lid, f"{doc}:{n}")
            if not text.strip():
                box += nodes.container(ids=[lid], classes=["src-blank"])
                continue
            classes = ["src-line"]
            if is_heading(doc, n):
                classes.append("src-heading")
            if n in cited:
                classes.append("src-cited")
            elif n in gaps:
                classes.append("src-gap")
            para = nodes.paragraph(ids=[lid], classes=classes)
            num = nodes.reference("", "", refid=lid, classes=["lineno"])
            num += nodes.inline(str(n), str(n))
            para += num
            para += nodes.Text(" " + text)
            if "src-gap" in classes:
                para += nodes.Text(" ")
                para += nodes.inline("gap", "gap", classes=["src-gap-mark"])
            box += para
        return [box]


class SourceQuote(SphinxDirective):
    """Quote source lines verbatim (``overview:94`` or ``gf9:19,21``), each linked to its anchor."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        try:
            cites = parse_cites(self.arguments[0])
        except ValueError as err:
            raise self.error(str(err)) from None
        quote = nodes.block_quote(classes=["src-quote", *self.options.get("class", [])])
        for c in cites:
            self.env.note_dependency(str(SOURCES / f"{c.doc}.txt"))
            for n in range(c.first, c.last + 1):
                if not 1 <= n <= len(lines(c.doc)):
                    raise self.error(f"{c.doc} has no line {n}")
                para = nodes.paragraph(classes=["src-quote-line"])
                para += _line_xref(c.doc, n, f"{c.doc}:{n}")
                para += nodes.Text(" “" + lines(c.doc)[n - 1].strip() + "”")
                quote += para
        return [quote]


class MentatRun(SphinxDirective):
    """Run ``mentat`` with the given arguments (paths relative to this page) and show the session.

    ``:as: game.yaml`` shows a file under the name the reader gave it.
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {"as": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        import shlex

        from typer.testing import CliRunner

        from checker.cli import app

        here = Path(self.env.doc2path(self.env.docname)).parent
        args = shlex.split(self.arguments[0])
        shown = list(args)
        for i, arg in enumerate(args):
            if (here / arg).is_file():
                self.env.note_dependency(str(here / arg))
                args[i] = str(here / arg)
                shown[i] = self.options.get("as", arg)
        result = CliRunner().invoke(app, args, env={"NO_COLOR": "1", "COLUMNS": "100"})
        if result.exception and not isinstance(result.exception, SystemExit):
            raise self.error(f"mentat {self.arguments[0]} failed: {result.exception!r}")
        text = "$ mentat " + " ".join(shlex.quote(a) for a in shown) + "\n" + result.output.rstrip()
        block = nodes.literal_block(text, text, language="console")
        return [block]


class collapsed(nodes.General, nodes.Element):  # docutils names its nodes in lower case
    """Content folded away under a summary line."""


def _visit_collapsed_html(self: Any, node: collapsed) -> None:
    from html import escape

    classes = node["classes"]
    node["classes"] = [c for c in classes if c != "no-search"]  # for Sphinx's search index, not the page
    self.body.append(self.starttag(node, "details", CLASS="mentat-collapsed"))
    node["classes"] = classes
    self.body.append(f"<summary>{escape(node['summary'])}</summary>\n")


def _depart_collapsed_html(self: Any, node: collapsed) -> None:
    self.body.append("</details>\n")


def _pass(self: Any, node: nodes.Element) -> None:
    pass


class Collapsed(SphinxDirective):
    """Fold the content away under a summary line (the argument)."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        node = collapsed(summary=self.arguments[0], classes=["no-search"])  # code and files: not what one searches
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def _generate(app: Sphinx) -> None:
    import time

    from checker.docs import generate

    start = time.perf_counter()
    logger.info("mentat: generating pages from the rules, sources and cases... ", nonl=True)
    with bytecode_cache():  # the rules and the machinery: compiled once, not on every build
        written = generate(Path(app.srcdir) / "_generated")
    logger.info("%d files changed (%.1f s)", len(written), time.perf_counter() - start)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_object_type("rule", "rule", objname="rule", indextemplate="pair: %s; rule")
    app.add_css_file("mentat.css")
    app.add_directive("source-lines", SourceLines)
    app.add_directive("source-quote", SourceQuote)
    app.add_directive("mentat-run", MentatRun)
    app.add_node(
        collapsed,
        html=(_visit_collapsed_html, _depart_collapsed_html),
        latex=(_pass, _pass),
        text=(_pass, _pass),
        man=(_pass, _pass),
        texinfo=(_pass, _pass),
    )
    app.add_directive("collapsed", Collapsed)
    app.connect("builder-inited", _generate)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
