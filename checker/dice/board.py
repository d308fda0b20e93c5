"""The Dice Game's map: twelve Regions (dice:55), of which the text names eleven, and the adjacency it states.

The text describes the map but does not print it: it names the Regions, says which are strategic
(dice:57), cities (dice:59), outer (dice:61) and neutral (dice:56), and states one Region's neighbours
(dice:170, Carthag). Everything else (the twelfth Region's name, every other border) is on the
printed map only, so it is *unknown* here: :meth:`Board.adjacent` answers ``None`` and a question
that needs it answers ``unresolved`` naming the position key ``board``.

A position's ``board:`` (inline, or a file relative to the position file) adds what the printed map
shows: ``{REGION: {kind, adjacent: [REGION, ...]}}`` (a file may put that mapping under ``regions:``;
``constraints/data/dice-board-template.yaml`` is one to copy and fill in). A Region's ``adjacent`` list is all its
neighbours (any Region it leaves out is not adjacent to it); borders are shared (dice:60), so a list
also says the reverse. A board may name the twelfth Region; it may not contradict the text.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from checker.errors import InputError, nearest

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "constraints" / "data" / "dice-board.yaml"
# the board file a user fills in from the printed map (every Region and kind the text gives; borders commented)
TEMPLATE = ROOT / "constraints" / "data" / "dice-board-template.yaml"
POLAR_SINK = "Polar Sink"
UNNAMED = "*unnamed"  # the data file's name for the twelfth Region, which the text does not name
KINDS = ("strategic", "city", "desert", "outer", "neutral")


@dataclass(frozen=True)
class Region:
    """One Region and the kind facts the text gives (dice:56-61)."""

    name: str
    strategic: bool = False  # dice:57
    city: bool = False  # dice:59
    outer: bool = False  # dice:61
    neutral: bool = False  # dice:56: the Polar Sink
    named_by: str = "text"  # "text" (dice.txt names it) or "board" (the position's board names it)

    @property
    def desert(self) -> bool:
        """dice:59, 217: every Region but the three cities is a desert Region (the Polar Sink included)."""
        return not self.city

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k in KINDS if getattr(self, k))


def fold(name: str) -> str:
    """A Region name as compared: no case, no leading 'The', no apostrophes, single spaces."""
    word = name.strip().lower().replace("\u2019", "").replace("'", "")
    word = re.sub(r"^the\s+", "", word)
    return re.sub(r"\s+", " ", word)


@dataclass
class Board:
    """The Regions and what is known of their borders."""

    regions: dict[str, Region]
    # frozenset({a, b}) -> True (adjacent) / False (not adjacent); a pair not here is unknown
    borders: dict[frozenset[str], bool]
    # frozenset({a, b}) -> where the fact comes from: "dice:170" or "board"
    sources: dict[frozenset[str], str] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    total: int = 12  # dice:55

    @property
    def names(self) -> list[str]:
        return list(self.regions)

    @property
    def all_named(self) -> bool:
        """Whether all twelve Regions are named (the twelfth only by a position's board)."""
        return len(self.regions) >= self.total

    def __getitem__(self, name: str) -> Region:
        return self.regions[name]

    def region_name(self, text: object, key: str) -> str:
        """The board's name for what a position writes (case, 'The', apostrophes and the text's
        other spelling 'Habbanaya Sietch' are forgiven); an InputError with the nearest names otherwise."""
        if not isinstance(text, str) or not text.strip():
            raise InputError(key, "a Region of the Dice Game map", text)
        folded = fold(text)
        for name in self.regions:
            if fold(name) == folded:
                return name
        for alias, name in self.aliases.items():
            if fold(alias) == folded:
                return name
        hint = nearest(text, [*self.regions, *self.aliases], always=True)
        extra = "" if self.all_named else " (the text names 11 of the 12; a position's 'board' may name the twelfth)"
        raise InputError(key, "a Region of the Dice Game map" + extra, text, hint)

    def adjacent(self, a: str, b: str) -> bool | None:
        """Whether two Regions share a border (dice:60): True, False, or None when only the printed map says."""
        if a == b:
            return False
        return self.borders.get(frozenset((a, b)))

    def source(self, a: str, b: str) -> str | None:
        """Where the fact about this border comes from ("dice:170", "board"), or None when unknown."""
        return self.sources.get(frozenset((a, b)))

    def neighbours(self, a: str) -> set[str]:
        """The Regions known to border ``a``."""
        return {b for b in self.regions if self.adjacent(a, b)}

    def unknown_borders(self, a: str) -> set[str]:
        """The named Regions whose border with ``a`` is unknown."""
        return {b for b in self.regions if b != a and self.adjacent(a, b) is None}

    @property
    def complete(self) -> bool:
        """Every Region named and every border known."""
        names = self.names
        return self.all_named and all(self.adjacent(a, b) is not None for a in names for b in names if a != b)


def border_question(a: str, b: str) -> str:
    """What a position must add when the border between two Regions is unknown, naming the border: the text
    states Carthag's neighbours only (dice:170), every other border is on the printed map."""
    if "Carthag" in (a, b):  # dice:170 lists the Regions the Sandstorm may enter from Carthag, no other
        said = "dice:170 names only Carthag's neighbours the Sandstorm may enter"
    else:
        said = "dice:170 gives only Carthag's neighbours"
    return (
        f"whether {a} borders {b}: the text does not say ({said}); "
        f"give it in `board` as the `adjacent` list of {a} (every Region bordering {a})"
    )


@cache
def _template() -> dict[str, Any]:
    from checker.yamlio import load_data

    data: dict[str, Any] = load_data(DATA)
    return data


def text_board() -> Board:
    """The board as the text gives it (constraints/data/dice-board.yaml): eleven Regions, Carthag's borders."""
    data = _template()
    regions = {
        name: Region(
            name,
            strategic=bool(f.get("strategic")),
            city=bool(f.get("city")),
            outer=bool(f.get("outer")),
            neutral=bool(f.get("neutral")),
        )
        for name, f in data["regions"].items()
    }
    borders: dict[frozenset[str], bool] = {}
    sources: dict[frozenset[str], str] = {}
    for name, f in data["adjacency"].items():
        for other in f.get("adjacent", []):
            borders[frozenset((name, other))] = True
            sources[frozenset((name, other))] = f["cite"]
        for other in f.get("not_adjacent", []):
            borders[frozenset((name, other))] = False
            sources[frozenset((name, other))] = f["cite"]
    return Board(regions, borders, sources, dict(data.get("aliases") or {}), int(data["regions_total"]))


def _resolve(board: Board, name: str) -> str:
    """A template's region name, the unnamed twelfth being whichever Region a board added."""
    if name != UNNAMED:
        return name
    added = [r.name for r in board.regions.values() if r.named_by == "board"]
    return added[0] if added else UNNAMED


def with_facts(raw: Mapping[Any, Any], where: str = "board") -> Board:
    """The text's board completed by a position's board facts ``{REGION: {kind, adjacent}}``.

    Raises an InputError naming the key for a fact that contradicts the text (dice:55-61, 170), a
    thirteenth Region, a name that looks like a misspelt Region, or two lists that disagree.
    """
    base = text_board()
    regions = dict(base.regions)
    entries: list[tuple[str, str, Any]] = []  # (name, key, facts)
    # 1. the Regions: the text's (by any spelling), or the twelfth
    for raw_name, facts in raw.items():
        key = f"{where}.{raw_name}"
        try:
            name = base.region_name(raw_name, key)
        except InputError:
            name = " ".join(str(raw_name).split())
            close = difflib.get_close_matches(fold(name), [fold(n) for n in base.regions], n=1, cutoff=0.75)
            if close or not name:
                raise
            added = [r for r in regions.values() if r.named_by == "board"]
            if added:
                raise InputError(
                    key,
                    f"a Region of the map: the text names 11 of its 12 Regions (dice:55) and this board already "
                    f"names the twelfth, {added[0].name}",
                    raw_name,
                    nearest(name, list(regions), always=True),
                ) from None
            regions[name] = Region(name, named_by="board")  # neither strategic, city, outer nor neutral
        entries.append((name, key, {} if facts is None else facts))
    board = Board(regions, dict(base.borders), dict(base.sources), dict(base.aliases), base.total)
    # the unnamed twelfth of the template's facts is now known by name
    for pair, known in list(board.borders.items()):
        if UNNAMED in pair:
            del board.borders[pair]
            src = board.sources.pop(pair)
            (other,) = pair - {UNNAMED}
            twelfth = _resolve(board, UNNAMED)
            if twelfth != UNNAMED:
                board.borders[frozenset((other, twelfth))] = known
                board.sources[frozenset((other, twelfth))] = src
    # 2. kinds and adjacency
    listed: dict[str, tuple[str, set[str]]] = {}
    for name, key, facts in entries:
        if not isinstance(facts, Mapping):
            raise InputError(key, "a mapping of kind, adjacent", facts)
        extra = sorted(set(map(str, facts)) - {"kind", "adjacent"})
        if extra:
            raise InputError(f"{key}.{extra[0]}", "one of the keys kind, adjacent", None, nearest(extra[0], KINDS))
        _check_kind(regions[name], facts.get("kind"), f"{key}.kind")
        adjacent = facts.get("adjacent")
        if adjacent is None:
            continue
        if not isinstance(adjacent, list):
            raise InputError(f"{key}.adjacent", "a list of Regions", adjacent)
        near = {board.region_name(a, f"{key}.adjacent[{i}]") for i, a in enumerate(adjacent)}
        if name in near:
            raise InputError(f"{key}.adjacent", f"the Regions bordering {name}, not {name} itself", adjacent)
        listed[name] = (key, near)
    for name, (key, near) in listed.items():
        for other in regions:
            if other == name:
                continue
            says = other in near
            pair = frozenset((name, other))
            prior = board.borders.get(pair)
            if prior is not None and prior != says:
                src = board.sources.get(pair, "board")
                what = "borders" if prior else "does not border"
                where_known = f"the text ({src})" if src != "board" else "another Region's list"
                raise InputError(
                    f"{key}.adjacent",
                    f"a list that agrees with {where_known}: {name} {what} {other}",
                    sorted(near),
                )
            board.borders[pair] = says
            board.sources.setdefault(pair, "board")
    return board


def _check_kind(region: Region, kind: Any, key: str) -> None:
    if kind is None:
        return
    given = [kind] if isinstance(kind, str) else kind
    if not isinstance(given, list) or not all(isinstance(k, str) for k in given):
        raise InputError(key, "a Region kind or a list of them: " + ", ".join(KINDS), kind)
    words = []
    for k in given:
        word = k.strip().lower()
        if word not in KINDS:
            raise InputError(key, "one of " + ", ".join(KINDS), k, nearest(k, KINDS))
        words.append(word)
    facts = set(region.kinds) | ({"desert"} if region.desert else set())
    for word in words:
        if word not in facts:
            raise InputError(
                key,
                f"{region.name}'s kind as the text gives it ({', '.join(sorted(facts))}; dice:56-61: the strategic, "
                "city, outer and neutral Regions are all named, every other Region is desert)",
                k,
            )


def board_file_facts(path: Path, given: str) -> Mapping[Any, Any]:
    """The facts of a board file: ``{REGION: {kind, adjacent}}``, or that mapping under ``regions``."""
    from checker.yamlio import parse_yaml

    try:
        data = parse_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        raise InputError("board", "a readable board file (relative to the position file)", given) from err
    except Exception:  # a YAML error
        raise InputError("board", "a board file in valid YAML", given) from None
    if isinstance(data, dict) and ("adjacency" in data or "regions_total" in data):
        # the text's own facts (constraints/data/dice-board.yaml): every position has them already
        raise InputError(
            "board",
            f"a board file of the printed map's facts, REGION -> {{kind, adjacent}} (copy and fill in "
            f"{TEMPLATE.relative_to(ROOT)}); {DATA.relative_to(ROOT)} holds the text's own facts, which every "
            "position has already",
            given,
        )
    if isinstance(data, dict) and isinstance(data.get("regions"), dict):
        extra = sorted(str(k) for k in data if k != "regions")
        if extra:
            raise InputError(f"board.{extra[0]}", "a board file with the one key 'regions'", given, ["regions"])
        data = data["regions"]
    if not isinstance(data, dict) or not data:
        raise InputError("board", "a board file mapping REGION -> {kind, adjacent}", given)
    return data


def load_board(raw: Any, file: str | None) -> Board:
    """A position's ``board`` key: a file path (relative to the position file) or inline facts."""
    if raw is None:
        return text_board()
    if isinstance(raw, str):
        from checker.yamlio import refuse_file

        refuse_file("board", raw, "inline board facts, a mapping REGION -> {kind, adjacent: [REGION, ...]}")
        where = Path(raw)
        if not where.is_absolute() and file:
            where = Path(file).resolve().parent / where
        return with_facts(board_file_facts(where, raw))
    if not isinstance(raw, Mapping):
        raise InputError("board", "a board file's path, or a mapping REGION -> {kind, adjacent: [REGION, ...]}", raw)
    return with_facts(raw)
