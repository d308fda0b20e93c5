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
    game_literals,
    import_graph,
    module_imports,
    violations,
)

MACHINERY = (
    "engine",
    "outcomes",
    "rules",
    "facts",
    "model",
    "family",
    "positions",
    "launch",
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
    "game",
    "playout",
    "serve",
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


# -- no game's name in the machinery ------------------------------------------------------------------------

# Whole words (any case) that name a game: every ruleset (read from constraints/, so a new one is checked too),
# each family, and the factions of both games (the Dice Game's Corrino too), as players write them.
FACTION_WORDS = (
    "atreides",
    "harkonnen",
    "emperor",
    "corrino",
    "imperium",
    "fremen",
    "spacing-guild",
    "spacing guild",
    "guild",
    "bene-gesserit",
    "bene gesserit",
    "gesserit",
    "bene-tleilax",
    "tleilax",
    "tleilaxu",
    "ixians",
    "ixian",
)


def _game_words() -> tuple[str, ...]:
    from checker.family import rulesets

    return (*rulesets(), *import_graph().families.values(), *FACTION_WORDS)


# The machinery's data about the games, each where it must stay for now: (module, the module-level name it is
# assigned to) -> why. Every other string literal of the machinery naming a game is a failure (docstrings,
# comments and typer ``help=`` texts only describe, and are not read).
GAME_DATA_ALLOWED: dict[tuple[str, str], str] = {
    ("family", "RULESET_ORDER"): "the order rulesets are listed in (conflicts orient their pairs by it), read on "
    "every position without importing a ruleset; a layer field (order=, read with ast like family=) would move "
    "it beside each ruleset, a change to checker/rules.py",
    ("sources", "DOCS"): "the source texts a citation may name (constraints/sources/<doc>.txt): the one place "
    "the registry of texts is kept",
    ("sources", "TITLES"): "the source texts' titles, beside DOCS",
    ("names", "FACTIONS"): "the Arrakis games' faction names, read by the engine's messages (display) and the "
    "Arrakis family: to move to the family (a Family field) with checker/names.py",
    ("names", "ALIASES"): "as FACTIONS: what players write for a faction",
    ("names", "DISPLAY"): "as FACTIONS: a faction's name as printed",
    ("coverage", "SET_ASIDE"): "lines of the sources needing no rule (tables of contents, a component list): "
    "to move beside each ruleset's rules as set_aside(...)",
}


def _allowed(name: str) -> list[str]:
    return [var for (module, var) in GAME_DATA_ALLOWED if module == name]


@pytest.mark.parametrize("name", MACHINERY)
def test_the_machinery_names_no_ruleset_family_or_faction(name: str) -> None:
    """Game knowledge lives in a family (checker/<family>/__init__.py: its Family's fields) or a ruleset's layer:
    a ruleset's, family's or faction's name in a string of the machinery is game knowledge left behind."""
    found = game_literals(ROOT / "checker" / f"{name}.py", _game_words(), _allowed(name))
    bad = [f"checker/{name}.py:{line} names {word!r}: {text!r}" for line, word, text in found]
    assert not bad, "move it to the family or the layer (or justify it in GAME_DATA_ALLOWED): " + "; ".join(bad)


@pytest.mark.parametrize(("name", "var"), sorted(GAME_DATA_ALLOWED))
def test_every_allowance_is_still_needed(name: str, var: str) -> None:
    """An allowance whose data has moved out (or was renamed) goes from the list, so that it excuses nothing."""
    path = ROOT / "checker" / f"{name}.py"
    assert path.is_file(), f"checker/{name}.py is gone"
    everything = game_literals(path, _game_words())
    rest = game_literals(path, _game_words(), [var])
    assert len(rest) < len(everything), f"checker/{name}.py's {var} names no game any more: drop its allowance"


def test_a_game_name_in_the_machinery_is_seen(tmp_path: Path) -> None:
    """The scan itself: a ruleset or faction in a string, an f-string, a default is caught; a docstring, a
    comment, a help text and an allowed module-level table are not; a word inside another word is not."""
    src = tmp_path / "fake.py"
    src.write_text(
        '"""A module about gf9 and the Atreides."""\n'
        "import typer\n"
        'TABLE = {"gf9": ("atreides",)}  # gf9\n'
        'OTHER = ("dreamrules",)\n'
        "def f(ruleset: str = 'overview', help_: str = '') -> str:\n"
        '    """The Harkonnen docstring."""\n'
        "    typer.Option(help='e.g. conquest')\n"
        "    x = 'guildhall diced'\n"
        "    return f'{ruleset} is not Spacing-Guild' + 'the GF9 board' + x\n",
        encoding="utf-8",
    )
    words = ("gf9", "overview", "conquest", "dreamrules", "dice", "atreides", "harkonnen", "spacing-guild", "guild")
    found = {(line, word) for line, word, _ in game_literals(src, words, ["TABLE"])}
    assert found == {(4, "dreamrules"), (5, "overview"), (9, "spacing-guild"), (9, "gf9")}, found


def test_the_game_data_is_the_familys() -> None:
    """What the machinery used to hold for the Arrakis games, read through the family now (a check that the
    move kept it: the engine's turns, the conflicts finder's bounds and patches, Conquest's board, the rulebook's
    comparison of GF9 and the overview); the Dice Game's family sets none of it."""
    from checker.family import family_of

    arrakis, dice = family_of("gf9"), family_of("dice")
    assert arrakis is not None and dice is not None
    assert list(arrakis.splittable["turn"]) == list(range(1, 11))
    assert arrakis.search.bounds["storm"] == (1, 18) and {"players": 3} in arrakis.search.patches
    assert arrakis.compared == ("gf9", "overview") and "storm" in arrakis.topics
    assert arrakis.carry is not None and arrakis.battle_planner is not None
    carried, notes = arrakis.carry({"ruleset": "conquest"}, "gf9", "conquest")
    assert str(carried["board"]).endswith("arrakis-board.yaml") and "prints no board" in notes[0]
    back, notes = arrakis.carry(carried, "conquest", "gf9")
    assert "board" not in back and "its own board" in notes[0]
    assert not dice.splittable and not dice.search.patches and dice.compared is None and dice.carry is None


def test_the_disk_cache_keeps_only_the_latest_code_versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each code change makes a new stamp: the first entry written under a new one removes all but the most recently
    used stamps, so a developer's cache does not grow by a stamp per edit."""
    from checker import cache

    monkeypatch.setenv("MENTAT_CACHE", str(tmp_path))
    for i in range(cache.KEPT_STAMPS + 3):
        old = tmp_path / f"stamp{i:02d}" / "solvers"
        old.mkdir(parents=True)
        os.utime(old.parent, (1000 + i, 1000 + i))  # stamp00 the least recently used
    entry = cache.cache_file("solvers", "a key", stamp="new")
    assert entry is not None
    cache.write_text(entry, "text")
    assert cache.read_text(entry) == "text"
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert "new" in kept and len(kept) == cache.KEPT_STAMPS + 1  # the new stamp, and the most recent before it
    assert "stamp00" not in kept and f"stamp{cache.KEPT_STAMPS + 2:02d}" in kept


def test_a_stamp_only_read_is_kept_as_recently_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stamp whose caches are read and never written again (the rulebook's, which a rule's edit leaves alone) is
    marked used, so that a dozen rule edits later the pruning does not take it."""
    from checker import cache

    monkeypatch.setenv("MENTAT_CACHE", str(tmp_path))
    (tmp_path / "read-only" / "docs").mkdir(parents=True)
    os.utime(tmp_path / "read-only", (1000, 1000))
    cache._used.cache_clear()
    assert cache.cache_file("docs", "pages", stamp="read-only") is not None
    assert (tmp_path / "read-only").stat().st_mtime > 1000


def test_the_bytecode_cache_is_used_only_where_python_writes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Told not to write bytecode beside the sources, imports in the block keep it in the cache instead; the flags
    are as they were after it. Where Python writes bytecode itself, or caching is off, nothing changes."""
    from checker import cache

    monkeypatch.setenv("MENTAT_CACHE", str(tmp_path))
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    with cache.bytecode_cache():
        assert sys.pycache_prefix == str(tmp_path / "bytecode") and not sys.dont_write_bytecode
    assert sys.pycache_prefix is None and sys.dont_write_bytecode
    monkeypatch.setenv("MENTAT_CACHE", "off")
    with cache.bytecode_cache():
        assert sys.pycache_prefix is None and sys.dont_write_bytecode
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setenv("MENTAT_CACHE", str(tmp_path))
    with cache.bytecode_cache():
        assert sys.pycache_prefix is None
