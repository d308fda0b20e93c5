"""The structure: machinery that knows no game, game families that know only the machinery, rulesets on top.

Read from the source with ``ast`` (checker/architecture.py), never by importing: an import inside a
machinery function is dispatch (reached for one family's positions only) and allowed; one at module
level, even under ``if TYPE_CHECKING``, is an arrow from the machinery to a game, and is not.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checker.architecture import (
    FAMILY_BAND,
    MACHINERY_BAND,
    ROOT,
    RULESET_BAND,
    Import,
    architecture_svg,
    import_graph,
    module_imports,
    violations,
)

MACHINERY = (
    "engine",
    "rules",
    "facts",
    "model",
    "family",
    "positions",
    "cli",
    "api",
    "docs",
    "coverage",
    "sources",
    "errors",
    "names",
    "cases",
    "compare",
    "conflicts",
    "cache",
    "yamlio",
    "architecture",
)
# What the machinery never imports at module level: a game family, or the rulesets.
GAME = ("checker.arrakis", "checker.dice", "constraints")
ARRAKIS = ("checker.arrakis",)


def _is(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _top_level(module: str) -> list[Import]:
    graph = import_graph()
    return [i for i in module_imports(module, graph.modules[module], graph.modules) if i.top_level]


def test_every_module_of_the_machinery_is_known_and_each_family_has_its_package() -> None:
    """A game's module left at the top of checker/ (a position model, a board) would be machinery by place."""
    top = sorted(p.stem for p in (ROOT / "checker").glob("*.py") if p.stem != "__init__")
    assert top == sorted(MACHINERY), "checker/ holds modules that are neither machinery nor a family's"
    graph = import_graph()
    assert graph.families == {"checker.arrakis": "arrakis", "checker.dice": "dice"}
    for package in graph.families:
        assert (ROOT / package.replace(".", "/") / "__init__.py").is_file()
    for old in ("position", "board", "setup", "svg", "kinds"):
        assert not (ROOT / "checker" / old).exists() and not (ROOT / "checker" / f"{old}.py").exists(), old


@pytest.mark.parametrize("name", MACHINERY)
def test_the_machinery_imports_no_game_at_module_level(name: str) -> None:
    module = f"checker.{name}"
    assert module in import_graph().modules, f"checker/{name}.py is gone: update MACHINERY"
    bad = [f"checker/{name}.py:{i.line} imports {i.imported}" for i in _top_level(module) if _is(i.imported, GAME)]
    assert not bad, "the machinery must reach a game only through checker.family, inside a function: " + "; ".join(bad)


def test_a_module_level_import_of_a_game_is_seen(tmp_path: Path) -> None:
    """The scan itself: a top-level import (also under TYPE_CHECKING) is caught, one inside a function is not."""
    src = tmp_path / "fake.py"
    src.write_text(
        "from typing import TYPE_CHECKING\n"
        "from checker.rules import rule\n"
        "if TYPE_CHECKING:\n"
        "    from checker.arrakis.position import Position\n"
        "def f():\n"
        "    from checker.dice.board import Board\n"
        "    return Board\n",
        encoding="utf-8",
    )
    modules = import_graph().modules
    got = {(i.imported, i.top_level) for i in module_imports("checker.fake", src, modules)}
    assert ("checker.arrakis.position", True) in got and ("checker.rules", True) in got
    assert ("checker.dice.board", False) in got


def _imports_anywhere(prefixes: tuple[str, ...]) -> list[Import]:
    graph = import_graph()
    return [i for i in graph.imports if _is(i.importer, prefixes)]


def test_the_dice_family_imports_nothing_of_the_arrakis_family() -> None:
    dice = _imports_anywhere(("checker.dice",))
    assert dice, "checker/dice has no imports at all: is it there?"
    bad = [f"{i.importer}:{i.line} imports {i.imported}" for i in dice if _is(i.imported, ARRAKIS)]
    assert not bad, bad


def test_the_arrakis_family_imports_nothing_of_the_dice_family() -> None:
    arrakis = _imports_anywhere(ARRAKIS)
    assert arrakis
    bad = [f"{i.importer}:{i.line} imports {i.imported}" for i in arrakis if _is(i.imported, ("checker.dice",))]
    assert not bad, bad


def test_each_ruleset_imports_its_own_family_and_the_machinery_only() -> None:
    graph = import_graph()
    assert set(graph.layer_family) >= {"gf9", "overview", "conquest", "dreamrules", "dice"}
    assert graph.layer_family["gf9"] == "checker.arrakis" and graph.layer_family["dice"] == "checker.dice"
    bad = [v for v in violations(graph) if "ruleset" in v]
    assert not bad, bad


def test_every_arrow_points_down() -> None:
    """Rulesets -> families -> machinery: no arrow of the drawn graph points up, none joins two families."""
    graph = import_graph()
    assert {graph.band(e.importer) for e in graph.edges} == {RULESET_BAND, FAMILY_BAND, MACHINERY_BAND}
    assert violations(graph) == []


def test_the_violations_name_an_arrow_up() -> None:
    """An engine importing a family at module level would be reported with its file and line."""
    graph = import_graph()
    up = Import("checker.engine", "checker.dice.position", 7, True)
    cross = Import("checker.dice.svg", "checker.arrakis.kinds.battle", 3, False)
    found = violations(type(graph)(graph.modules, [], graph.families, graph.layer_family, edges=[up, cross]))
    assert len(found) == 2
    assert found[0].startswith("checker/engine.py:7") and "arrow up" in found[0]
    assert "checker/dice/svg.py:3" in found[1] and "another family" in found[1]


def test_the_drawing_shows_three_bands_and_each_family() -> None:
    svg = architecture_svg()
    for text in ("Rulesets", "Game families", "Machinery", ">arrakis<", ">dice<", ">gf9<", ">rules and engine<"):
        assert text in svg, text
    assert "point up" not in svg and 'marker-end="url(#arrow-up)"' not in svg


def _dice_position(tmp_path: Path) -> Path:
    """A Dice Game position with no move: a question about the position itself (components, setup)."""
    path = tmp_path / "dice.yaml"
    path.write_text("ruleset: dice\n", encoding="utf-8")
    return path


def test_a_dice_position_is_read_and_judged_by_the_dice_family(tmp_path: Path) -> None:
    from checker.api import check_file
    from checker.engine import kind_of
    from checker.positions import read_position

    path = _dice_position(tmp_path)
    pos = read_position(path)
    assert type(pos).__module__.startswith("checker.dice.")
    kind = kind_of(pos)
    assert type(kind).__module__.startswith("checker.dice.") and kind.name.startswith("dice-")
    assert check_file(path).question.startswith("dice-")


def test_mentat_check_on_a_dice_position_never_imports_the_arrakis_family(tmp_path: Path) -> None:
    """A fresh process (the chapter index warm, as after any first run) checks a dice position without
    importing one module of the Arrakis family."""
    path = _dice_position(tmp_path)
    env = {**os.environ, "MENTAT_CACHE": str(tmp_path / "cache")}
    probe = (
        "import json, sys\n"
        "from checker.cli import main\n"
        f"sys.argv = ['mentat', 'check', {str(path)!r}, '--json']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('checker', 'constraints')))))\n"
    )
    for _ in range(2):  # the first run writes the chapter index; the second reads only what it needs
        run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT)
        assert run.returncode == 0, run.stderr
    verdict_text, _, modules_text = run.stdout.rpartition("\n[")
    loaded = json.loads("[" + modules_text)
    verdict = json.loads(verdict_text)
    assert verdict.get("ruleset") == "dice", verdict
    assert verdict["verdict"] in ("legal", "unresolved", "invalid-position"), verdict
    assert "checker.dice" in loaded
    assert not [m for m in loaded if _is(m, ARRAKIS)], [m for m in loaded if _is(m, ARRAKIS)]
