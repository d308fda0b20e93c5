"""What keeps the rulebook's build fast as the rules grow (issue 17); nothing here changes what a reader sees.

Measured on the full build (a thousand rule entries, 2,300 cases, ~130 pages), the costs that did not come from
the pages' own content were:

* **The sidebar.** Furo draws the whole navigation tree into every page: Sphinx copies every page's full table of
  contents (every section of every page) to resolve it, then Furo parses the result again with BeautifulSoup to
  add its expanders. Only page titles are shown, so the tree is resolved here from the titles alone and written
  straight in Furo's form (same classes, expanders, current page).
* **The garbage collector.** Sphinx keeps every doctree it reads in memory until it writes it; each full
  collection walks all of them, and there were twenty (a fifth of the build). None is made during the build
  (young generations are collected as usual); the garbage goes in one pass at the end (~+130 MB at the peak).
  Nor at exit: the full collection Python's shutdown makes over the whole heap was most of a second of an
  incremental build, spent just before the system takes the memory back.
* **Stemming for the search index.** Sphinx caches stems per page only; the same words are stemmed again on
  every page. Cached here for the whole build.
* **A rebuild that changed no page.** (A rule's file edited where no page shows it: the generator writes nothing.)
  Sphinx still renders the general index and the search page and dumps the search index and inventory, though
  they depend on the pages alone: a fifth of such a rebuild. They are kept (:class:`MentatHTMLBuilder`).

(The rules' code, ~1,800 blocks highlighted by Pygments on every build, is highlighted once by the generator and
kept by content: ``checker.docs._folded_code``.)
"""

from __future__ import annotations

import atexit
import gc
import itertools
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment import BuildEnvironment
from sphinx.environment.adapters.toctree import global_toctree_for_doc
from sphinx.search.en import SearchEnglish
from sphinx.util import logging

logger = logging.getLogger(__name__)

# -- the sidebar ----------------------------------------------------------------------------------------------

# the arguments Furo asks Sphinx's ``toctree()`` for its navigation tree with (furo/__init__.py)
_FURO_NAVIGATION = {"collapse": False, "titles_only": True, "maxdepth": -1, "includehidden": True}


def _titles_only(env: BuildEnvironment) -> dict[str, nodes.Element]:
    """Each page's table of contents cut to what a titles-only tree keeps: the page's title and the toctrees
    under it (what Sphinx's own ``titles_only`` keeps, without first copying every section)."""
    cut: dict[str, nodes.Element] = {}
    for docname, toc in env.tocs.items():
        short = toc.copy()
        for top in toc.children:
            if not isinstance(top, nodes.list_item) or len(top) < 2:
                short += top.deepcopy()
                continue
            item = top.copy()
            item += top[0].deepcopy()
            if subtrees := list(top.findall(addnodes.toctree)):
                below = top[1].copy()
                below.extend(t.deepcopy() for t in subtrees)
                item += below
            short += item
        cut[docname] = short
    return cut


def _furo_tree(tree: nodes.Element) -> str:
    """The resolved navigation tree in the HTML Furo makes of it (furo/navigation.py): an expander (checkbox and
    label) on each entry with entries below it, open on the current branch; ``current-page`` on the last current
    entry."""
    items = list(tree.findall(nodes.list_item))
    current = [li for li in items if "current" in li["classes"]]
    page = current[-1] if current else None
    count = itertools.count(1)
    out: list[str] = []

    def classes(names: list[str]) -> str:
        return f' class="{escape(" ".join(names))}"' if names else ""

    def visit(node: nodes.Node) -> None:
        if isinstance(node, nodes.title):  # a toctree's caption
            caption = escape(node.astext())
            out.append(f'<p class="caption" role="heading"><span class="caption-text">{caption}</span></p>\n')
        elif isinstance(node, nodes.bullet_list):
            out.append(f"<ul{classes(node['classes'])}>\n")
            for child in node.children:
                visit(child)
            out.append("</ul>\n")
        elif isinstance(node, nodes.list_item):
            below = [c for c in node.children if isinstance(c, nodes.bullet_list)]
            names = [*node["classes"], *(["has-children"] if below else [])]
            if node is page:
                names.append("current-page")
            out.append(f"<li{classes(names)}>")
            ref = next(node.findall(nodes.reference), None)
            if ref is not None:
                kind = "internal" if ref.get("internal") or "refuri" not in ref else "external"
                href = escape(ref.get("refuri") or "#")
                text = escape(ref.astext())
                out.append(f'<a{classes([*ref["classes"], "reference", kind])} href="{href}">{text}</a>')
            if below:
                n = next(count)
                label = escape(f"Toggle navigation of {ref.astext() if ref is not None else ''}")
                checked = ' checked=""' if "current" in node["classes"] else ""
                out.append(
                    f'<input aria-label="{label}"{checked} class="toctree-checkbox" id="toctree-checkbox-{n}" '
                    f'name="toctree-checkbox-{n}" role="switch" type="checkbox"/><label for="toctree-checkbox-{n}">'
                    '<span class="icon"><svg><use href="#svg-arrow-right"></use></svg></span></label>'
                )
                for ul in below:
                    visit(ul)
            out.append("</li>\n")
        elif isinstance(node, nodes.Element):  # the wrapper holding the captions and lists
            for child in node.children:
                visit(child)

    visit(tree)
    return "".join(out)


class _Sidebar:
    def __init__(self) -> None:
        self.cut: dict[str, nodes.Element] | None = None

    def html(self, app: Sphinx, pagename: str) -> str:
        env = app.env
        if self.cut is None:
            self.cut = _titles_only(env)
        full = env.tocs
        env.tocs = self.cut  # type: ignore[assignment]
        try:
            tree = global_toctree_for_doc(
                env,
                pagename,
                app.builder,
                tags=app.builder.tags,
                collapse=False,
                includehidden=True,
                maxdepth=-1,
                titles_only=True,
            )
        finally:
            env.tocs = full
        return _furo_tree(tree) if tree is not None else ""

    def before_furo(self, app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
        """Answer Furo's call for the navigation tree with nothing (so it parses nothing); ours comes after."""
        asked = context.get("toctree")
        if app.config.html_theme != "furo" or asked is None:
            return

        def toctree(**kwargs: Any) -> str:
            if kwargs == _FURO_NAVIGATION:
                context["mentat_navigation_tree"] = self.html(app, pagename)
                return ""
            return str(asked(**kwargs))

        context["toctree"] = toctree

    def after_furo(self, app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
        if "mentat_navigation_tree" in context:
            context["furo_navigation_tree"] = context.pop("mentat_navigation_tree")

    def reset(self, app: Sphinx, env: BuildEnvironment) -> None:
        self.cut = None


# -- the garbage collector ------------------------------------------------------------------------------------


class _Collector:
    """No full collection while Sphinx builds (the garbage goes at the end, in one pass); young ones as usual."""

    def __init__(self) -> None:
        self.saved: tuple[int, int, int] | None = None
        self.exiting = False

    def start(self, app: Sphinx) -> None:
        if self.saved is None:
            self.saved = gc.get_threshold()
            gc.set_threshold(self.saved[0], self.saved[1], 1000)  # a full collection only when asked

    def finish(self, app: Sphinx, exception: BaseException | None) -> None:
        if self.saved is not None:
            gc.set_threshold(*self.saved)
            self.saved = None
        if not self.exiting:
            self.exiting = True
            atexit.register(_no_collection_at_exit)


def _no_collection_at_exit() -> None:
    """Python's shutdown collects garbage over the whole heap (the environment, every doctree, the rules and their
    z3 terms) just before the process ends and the system takes its memory back: most of a second of an
    incremental build. Run at exit, after the build: what it freezes is never collected, only given back."""
    gc.freeze()


# -- stems ----------------------------------------------------------------------------------------------------


class CachedEnglish(SearchEnglish):
    """English for the search index, each word stemmed once per build rather than once per page."""

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self._stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        try:
            return self._stems[word]
        except KeyError:
            stemmed = self._stems[word] = super().stem(word)
            return stemmed


# -- a build that changed nothing ------------------------------------------------------------------------------


class MentatHTMLBuilder(StandaloneHTMLBuilder):
    """Sphinx's HTML builder, but a build that read and wrote no page leaves the pages made from all of them as
    they are: the general index (eleven thousand entries, rendered again on every build), the search page, the
    search index and the object inventory depend on the pages alone, and the last build wrote them from the same
    environment. (Any change to a page, to the configuration or to the templates writes at least one page, and
    then all of them are made again as Sphinx makes them.)"""

    changed = False  # a page was added, changed or removed (``env-get-outdated``), or written

    def write_documents(self, docnames: Any) -> None:
        self.changed = self.changed or bool(docnames)
        super().write_documents(docnames)

    def load_indexer(self, docnames: Any) -> None:
        """Sphinx's own, and the index entries of the pages not written again: Sphinx reads the previous search
        index back for every rebuild but its index entries, and the pickled environment was saved before the pages
        were written and indexed, so each incremental build dropped the entries (the rules' ``pair`` entries,
        searchable by name) of every page it did not write."""
        assert self.indexer is not None
        fmt, seen = self.indexer_format, {}

        class Keeping:  # the format Sphinx reads the index with, keeping what it read
            @staticmethod
            def load(stream: Any) -> Any:
                seen["frozen"] = fmt.load(stream)
                return seen["frozen"]

        self.indexer_format = Keeping
        try:
            super().load_indexer(docnames)
        finally:
            self.indexer_format = fmt
        frozen = seen.get("frozen")
        entries = self.indexer._index_entries
        for gone in set(entries).difference(self.env.all_docs):
            del entries[gone]  # a page since removed
        if not isinstance(frozen, dict) or not isinstance(frozen.get("indexentries"), dict):
            return
        keep = set(self.env.all_docs).difference(docnames)
        names = frozen["docnames"]
        restored: dict[str, list[tuple[str, str, str]]] = {}
        for entry, places in frozen["indexentries"].items():
            for at, target, main in places:
                if names[at] in keep:
                    restored.setdefault(names[at], []).append((entry, target, "main" if main else ""))
        entries.update({doc: sorted(found) for doc, found in restored.items()})

    def dump_search_index(self) -> None:
        """Sphinx's, with the pages' index entries in the order of their names, as a full build feeds them."""
        if self.indexer is not None:
            entries = self.indexer._index_entries
            ordered = sorted(entries.items())
            entries.clear()
            entries.update(ordered)
        super().dump_search_index()

    def finish(self) -> None:
        kept = ["genindex", "search"]
        files = [self.get_outfilename(page) for page in kept] + [
            self.outdir / self.searchindex_filename,
            self.outdir / "objects.inv",
        ]
        if self.changed or not self.use_index or not all(Path(f).is_file() for f in files):
            super().finish()
            return
        logger.info("no page changed: the index, search page, search index and inventory are kept")
        self.finish_tasks.add_task(self.copy_image_files)


def _note_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    if isinstance(app.builder, MentatHTMLBuilder) and (added or changed or removed):
        app.builder.changed = True
    return []


def setup(app: Sphinx) -> dict[str, Any]:
    sidebar, collector = _Sidebar(), _Collector()
    app.add_builder(MentatHTMLBuilder, override=True)
    app.connect("env-get-outdated", _note_outdated)
    app.connect("html-page-context", sidebar.before_furo, priority=400)  # Furo's own handler has 500
    app.connect("html-page-context", sidebar.after_furo, priority=600)
    app.connect("env-updated", sidebar.reset)
    app.connect("builder-inited", collector.start)
    app.connect("build-finished", collector.finish)
    app.add_search_language(CachedEnglish)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
