"""The project's structure, read from its imports: machinery, game families, rulesets (the rulebook's drawing).

Three bands, each import an arrow from the importer to the imported, and every arrow points one way:

* **rulesets** (``constraints/<ruleset>/``): the rules, chapter by chapter; each imports the machinery, its
  own family (the one its layer names with ``family=``) and other rulesets of that family;
* **families** (``checker/<family>/``, named by the layers): a game's position model, board, kinds of question,
  starting positions and drawing; each imports the machinery only, never another family;
* **machinery** (every other module of ``checker``): the engine, the rule registry, the facts, the CLI, the
  rulebook; it knows no game and imports none at module level (it reaches a family by name, through
  :func:`checker.family.family_of`, inside a function: dispatch, not an arrow).

Imports are read with :mod:`ast`, nothing is imported. A family's or ruleset's import anywhere in a file
counts (inside a function too); a machinery module's counts only at module level.

>>> graph = import_graph()
>>> [e for e in graph.edges if graph.band(e.imported) > graph.band(e.importer)]
[]
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULESET_BAND, FAMILY_BAND, MACHINERY_BAND = 2, 1, 0
BAND_TITLES = {
    RULESET_BAND: "Rulesets: constraints/<ruleset>/, the rules beside their lines",
    FAMILY_BAND: "Game families: checker/<family>/, a game's positions, board, kinds of question, setup, drawing",
    MACHINERY_BAND: "Machinery: knows no game, dispatches on the position's ruleset",
}
# The machinery's modules in a few boxes (a module not listed goes to "other").
MACHINERY_GROUPS: dict[str, tuple[str, ...]] = {
    "rules and engine": ("rules", "engine", "facts", "outcomes", "cache", "sources"),
    "positions and families": ("family", "positions", "model", "errors", "names", "yamlio"),
    "commands": ("launch", "cli", "api", "compare", "conflicts", "cases", "game", "playout", "serve"),
    "rulebook": ("docs", "coverage", "architecture"),
}


@dataclass(frozen=True)
class Import:
    importer: str  # a module's dotted name
    imported: str
    line: int
    top_level: bool  # at module level (not inside a function)


@dataclass
class Graph:
    """Every import between the project's modules, and where each module sits."""

    modules: dict[str, Path]
    imports: list[Import]
    families: dict[str, str]  # family package -> its name ("checker.arrakis" -> "arrakis")
    layer_family: dict[str, str]  # ruleset -> the family package its layer names
    edges: list[Import] = field(default_factory=list)  # the imports that are arrows (see the module's doc)

    def family_of_module(self, module: str) -> str | None:
        """The family package a module belongs to, or None."""
        for package in self.families:
            if module == package or module.startswith(package + "."):
                return package
        return None

    def band(self, module: str) -> int:
        if module == "constraints" or module.startswith("constraints."):
            return RULESET_BAND
        if self.family_of_module(module) is not None:
            return FAMILY_BAND
        return MACHINERY_BAND

    def box(self, module: str) -> str:
        """The box a module is drawn in: its ruleset, its family, or its machinery group."""
        band = self.band(module)
        if band == RULESET_BAND:
            parts = module.split(".")
            return parts[1] if len(parts) > 1 else "constraints"
        if band == FAMILY_BAND:
            package = self.family_of_module(module)
            assert package is not None
            return self.families.get(package, package.rsplit(".", 1)[-1])
        short = module.split(".", 1)[-1].split(".")[0]
        return next((g for g, names in MACHINERY_GROUPS.items() if short in names), "other")


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _project_files() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in ("checker", "constraints"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            out[_module_name(path)] = path
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module an imported name lives in (``checker.engine.evaluate`` -> ``checker.engine``)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def module_imports(module: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """Every import of a project module in one file, marked top-level or not."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[Import] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            names: list[str] = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:  # relative: from . import x, from .kinds import y
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (child.level - 1)] if child.level > 1 else anchor
                    base = ".".join([*anchor, base] if base else anchor)
                names = [f"{base}.{a.name}" for a in child.names]  # a submodule, or a name in ``base``
            for name in names:
                got = _resolve(name, modules)
                if got is not None and got != module:
                    out.append(Import(module, got, getattr(child, "lineno", 0), top))
            visit(child, inner)

    visit(tree, True)
    return out


def _all_imports(modules: dict[str, Path]) -> list[Import]:
    """Every file's imports, each file parsed again only when it changed (a disk cache by file and stamp: one
    edited rule does not make the rulebook parse the whole project again)."""
    import hashlib
    import json

    from checker.cache import cache_file, read_text, write_text

    own = Path(__file__).stat()
    key = "\n".join([f"{own.st_mtime_ns}:{own.st_size}", *sorted(modules)])  # this reader, and what resolves
    where = cache_file("imports", hashlib.sha256(key.encode()).hexdigest(), stamp="imports")
    try:
        known = json.loads(read_text(where) or "{}") if where else {}
    except ValueError:
        known = {}
    seen: dict[str, Any] = {}
    out: list[Import] = []
    for module, path in modules.items():
        st = path.stat()
        stamp = f"{st.st_mtime_ns}:{st.st_size}"
        entry = known.get(str(path))
        if entry and entry[0] == stamp:
            found = [Import(*i) for i in entry[1]]
        else:
            found = module_imports(module, path, modules)
        seen[str(path)] = [stamp, [[i.importer, i.imported, i.line, i.top_level] for i in found]]
        out += found
    if where is not None and seen != known:
        write_text(where, json.dumps(seen))
    return out


def _layer_families(modules: dict[str, Path]) -> dict[str, str]:
    """Ruleset -> the family package its layer names (``layer("dice", family="checker.dice")``), read with ast."""
    out: dict[str, str] = {}
    for module, path in modules.items():
        parts = module.split(".")
        if len(parts) != 2 or parts[0] != "constraints" or path.name != "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "layer":
                for kw in node.keywords:
                    if kw.arg == "family" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                        out[parts[1]] = kw.value.value
    return out


@cache
def import_graph() -> Graph:
    """The project's import graph (read once per process)."""
    modules = _project_files()
    layer_family = _layer_families(modules)
    families = {package: package.rsplit(".", 1)[-1] for package in sorted(set(layer_family.values())) if package}
    imports = _all_imports(modules)
    graph = Graph(modules, imports, families, layer_family)
    # a machinery module's import inside a function is dispatch (reached only for that family's positions)
    graph.edges = [i for i in imports if i.top_level or graph.band(i.importer) != MACHINERY_BAND]
    return graph


def violations(graph: Graph | None = None) -> list[str]:
    """Every arrow that breaks the structure, as a sentence naming the file and line (none when all is well)."""
    graph = graph or import_graph()
    out: list[str] = []
    for e in graph.edges:
        where = f"{graph.modules[e.importer].relative_to(ROOT)}:{e.line}"
        a, b = graph.band(e.importer), graph.band(e.imported)
        if b > a:
            out.append(f"{where}: {e.importer} ({_band_name(a)}) imports {e.imported} ({_band_name(b)}): an arrow up")
            continue
        theirs = graph.family_of_module(e.imported)
        if a == FAMILY_BAND and b == FAMILY_BAND and graph.family_of_module(e.importer) != theirs:
            out.append(f"{where}: family module {e.importer} imports another family's {e.imported}")
        if a == RULESET_BAND:
            ruleset = graph.box(e.importer)
            own = graph.layer_family.get(ruleset, "")
            if b == FAMILY_BAND and theirs != own:
                out.append(f"{where}: ruleset {ruleset} (family {own or 'none'}) imports another family's {e.imported}")
            if b == RULESET_BAND:
                other = graph.box(e.imported)
                if other != ruleset and other != "constraints" and graph.layer_family.get(other, "") != own:
                    out.append(f"{where}: ruleset {ruleset} imports {e.imported}, a ruleset of another family")
    return out


def _band_name(band: int) -> str:
    return {RULESET_BAND: "ruleset", FAMILY_BAND: "family", MACHINERY_BAND: "machinery"}[band]


# -- game names in the machinery ------------------------------------------------------------------------


def _word(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<![a-z0-9])" + re.escape(word) + r"(?![a-z0-9])")


def game_literals(path: Path, words: Iterable[str], allowed: Iterable[str] = ()) -> list[tuple[int, str, str]]:
    """Every string literal of a module that names one of ``words`` (a ruleset, a family, a faction: whole
    words, any case), as (line, word, text): not its docstrings, not a ``help=`` text (a command's description),
    not the values assigned at module level to a name in ``allowed``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    patterns = [(w, _word(w.lower())) for w in words]
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.keyword) and node.arg == "help":
            skip.update(id(n) for n in ast.walk(node.value))
    names = set(allowed)
    for stmt in tree.body:  # a module-level NAME = ... (or NAME: T = ...) with NAME allowed
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id in names for t in targets):
            skip.update(id(n) for n in ast.walk(value))
    out: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value.lower()
            for word, pattern in patterns:
                if pattern.search(text):
                    out.append((node.lineno, word, node.value))
                    break
    return sorted(out)


# -- the drawing --------------------------------------------------------------------------------

WIDTH = 1180
GUTTER = 200  # the band titles, left of the boxes
BOX_H = 86
BAND_H = BOX_H + 84  # room above the boxes for the arcs between boxes of one band
BAND_Y = {RULESET_BAND: 10, FAMILY_BAND: 10 + BAND_H + 60, MACHINERY_BAND: 10 + 2 * (BAND_H + 60)}
BAND_FILL = {RULESET_BAND: "#f4ecd8", FAMILY_BAND: "#e3eef7", MACHINERY_BAND: "#ececec"}
BOX_FILL = {RULESET_BAND: "#fffaf0", FAMILY_BAND: "#f7fbff", MACHINERY_BAND: "#fbfbfb"}
BAND_LINES = {
    RULESET_BAND: ("Rulesets", "constraints/<ruleset>/:", "the rules beside their lines;", "a layer names its family"),
    FAMILY_BAND: ("Game families", "checker/<family>/: a game's", "positions, board, kinds", "of question, setup, svg"),
    MACHINERY_BAND: ("Machinery", "knows no game: dispatches", "on the position's ruleset", "through its family"),
}


def _boxes(graph: Graph) -> dict[int, dict[str, list[str]]]:
    """Band -> box -> the modules in it, in drawing order (rulesets by family, machinery by group)."""
    out: dict[int, dict[str, list[str]]] = {RULESET_BAND: {}, FAMILY_BAND: {}, MACHINERY_BAND: {}}
    for module in sorted(graph.modules):
        if module in ("constraints", "checker"):
            continue
        band = graph.band(module)
        out[band].setdefault(graph.box(module), []).append(module)
    order = [*MACHINERY_GROUPS, "other"]
    out[MACHINERY_BAND] = {k: out[MACHINERY_BAND][k] for k in order if k in out[MACHINERY_BAND]}
    out[FAMILY_BAND] = dict(sorted(out[FAMILY_BAND].items()))
    families = list(graph.families)
    out[RULESET_BAND] = dict(
        sorted(
            out[RULESET_BAND].items(),
            key=lambda kv: (
                families.index(graph.layer_family[kv[0]]) if graph.layer_family.get(kv[0]) in families else 99,
                kv[0],
            ),
        )
    )
    return out


def _summary(band: int, box: str, modules: list[str], graph: Graph) -> list[str]:
    """The lines written in a box: what it holds, briefly."""
    if band == MACHINERY_BAND:
        names = [m.split(".", 1)[1] for m in modules]
        lines, line = [], ""
        for n in names:
            if len(line) + len(n) + 2 > 30:
                lines.append(line.rstrip(", "))
                line = ""
            line += n + ", "
        return [*lines, line.rstrip(", ")]
    if band == FAMILY_BAND:
        package = next(p for p, name in graph.families.items() if name == box) if box in graph.families.values() else ""
        parts: dict[str, int] = {}
        for m in modules:
            rest = m.removeprefix(package + ".") if package and m.startswith(package + ".") else m.split(".", 1)[1]
            if m == package:
                continue
            head = rest.split(".")[0]
            parts[head] = parts.get(head, 0) + 1
        shown = [f"{k} ({n})" if n > 1 else k for k, n in parts.items()]
        lines = [f"{package or box}: FAMILY"]
        line = ""
        for s in shown:
            if len(line) + len(s) + 2 > 30:
                lines.append(line.rstrip(", "))
                line = ""
            line += s + ", "
        return [*lines, line.rstrip(", ")]
    chapters = [m for m in modules if m.count(".") >= 2]
    family = graph.layer_family.get(box, "")
    return [f"{len(chapters)} chapters", f"family: {family.rsplit('.', 1)[-1] if family else 'none'}"]


def architecture_svg(graph: Graph | None = None) -> str:
    """The drawing: three bands, a box per module group, an arrow per pair of boxes one imports from the other
    (its width grows with the number of imports; the number is in its tooltip)."""
    graph = graph or import_graph()
    boxes = _boxes(graph)
    place: dict[tuple[int, str], tuple[float, float, float]] = {}  # (band, box) -> x, y, width
    for band, row in boxes.items():
        n = max(len(row), 1)
        gap = 16.0
        room = WIDTH - GUTTER - 16
        w = min(230.0, (room - gap * (n - 1)) / n)
        total = n * w + (n - 1) * gap
        x0 = GUTTER + (room - total) / 2
        for i, name in enumerate(row):
            place[(band, name)] = (x0 + i * (w + gap), BAND_Y[band] + BAND_H - BOX_H - 12, w)
    counts: dict[tuple[tuple[int, str], tuple[int, str]], int] = {}
    for e in graph.edges:
        a = (graph.band(e.importer), graph.box(e.importer))
        b = (graph.band(e.imported), graph.box(e.imported))
        if a != b and a in place and b in place:
            counts[(a, b)] = counts.get((a, b), 0) + 1
    height = BAND_Y[MACHINERY_BAND] + BAND_H + 40
    head = '<path d="M0,0 L10,5 L0,10 z" fill="{}"/>'
    marker = (
        '<marker id="{}" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="11" '
        'markerHeight="11" orient="auto">{}</marker>'
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        'font-family="sans-serif" font-size="12" role="img">',
        "<title>Mentat's structure, from its imports: rulesets, game families, machinery</title>",
        "<defs>"
        + marker.format("arrow", head.format("#555"))
        + marker.format("arrow-up", head.format("#c0392b"))
        + "</defs>",
    ]
    for band in (RULESET_BAND, FAMILY_BAND, MACHINERY_BAND):
        y = BAND_Y[band]
        out.append(f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{BAND_H}" rx="10" fill="{BAND_FILL[band]}"/>')
        first, *rest = BAND_LINES[band]
        out.append(f'<text x="20" y="{y + 34}" font-size="15" font-weight="bold">{escape(first)}</text>')
        for i, text in enumerate(rest):
            out.append(f'<text x="20" y="{y + 56 + 16 * i}" font-size="11.5" fill="#444">{escape(text)}</text>')
    # arrows first, boxes over them
    for (a, b), n in sorted(counts.items()):
        ax, ay, aw = place[a]
        bx, by, bw = place[b]
        stroke = min(1.0 + n / 8, 5.0)
        up = b[0] > a[0]
        colour, end = ("#c0392b", "arrow-up") if up else ("#555", "arrow")
        tip = f"{a[1]} → {b[1]}: {n} import{'s' if n != 1 else ''}"
        if a[0] == b[0]:  # within a band: an arc above the boxes
            x1, x2 = ax + aw / 2 - 12, bx + bw / 2 + 12
            top = ay
            lift = min(26 + abs(x2 - x1) / 10, BAND_H - BOX_H - 20)
            path = f"M{x1:.1f},{top:.1f} C{x1:.1f},{top - lift:.1f} {x2:.1f},{top - lift:.1f} {x2:.1f},{top:.1f}"
        else:
            x1 = ax + aw / 2 + (bx - ax) * 0.1
            x2 = bx + bw / 2 + (ax - bx) * 0.06
            y1, y2 = (ay + BOX_H, by) if not up else (ay, by + BOX_H)
            path = f"M{x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}"
        out.append(
            f'<path d="{path}" fill="none" stroke="{colour}" stroke-opacity="0.6" stroke-width="{stroke:.1f}" '
            f'marker-end="url(#{end})"><title>{escape(tip)}</title></path>'
        )
    for (band, name), (x, top, w) in place.items():
        modules = boxes[band][name]
        out.append(
            f"<g><title>{escape(name)}: {escape(', '.join(modules))}</title>"
            f'<rect x="{x:.1f}" y="{top:.1f}" width="{w:.1f}" height="{BOX_H}" rx="6" fill="{BOX_FILL[band]}" '
            'stroke="#6b6b6b"/>'
        )
        out.append(
            f'<text x="{x + w / 2:.1f}" y="{top + 20:.1f}" text-anchor="middle" font-weight="bold">'
            f"{escape(name)}</text>"
        )
        for i, text in enumerate(_summary(band, name, modules, graph)[:4]):
            out.append(
                f'<text x="{x + w / 2:.1f}" y="{top + 40 + 14 * i:.1f}" text-anchor="middle" font-size="10.5" '
                f'fill="#333">{escape(text)}</text>'
            )
        out.append("</g>")
    ups = sum(n for (a, b), n in counts.items() if b[0] > a[0])
    legend = (
        "An arrow: the modules of one box import the other's (its width: how many imports; hover for the number). "
        "Every arrow points down, or sideways within a band" + (f"; {ups} point up (red): a bug" if ups else ".")
    )
    out.append(f'<text x="18" y="{height - 14}" font-size="11.5" fill="#333">{escape(legend)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
