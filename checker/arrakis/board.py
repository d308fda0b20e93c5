"""The GF9 board of Arrakis: territories, sectors and which sector-parts touch.

A *location* is one sector-part of a territory (``Arrakeen@9``); the Polar Sink
is a single location with no sector. Movement counts territories entered,
while the storm works on sectors, so the board keeps both levels.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from checker.yamlio import load_data

DATA = Path(__file__).resolve().parents[2] / "constraints" / "data"
POLAR_SINK = "Polar Sink"
SECTORS = 18
STRONGHOLD_NAMES = ("Arrakeen", "Carthag", "Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch")


@dataclass(frozen=True)
class Territory:
    """One territory of the board: its place in the board's order, name, kind and sectors."""

    index: int
    name: str
    kind: str  # sand | rock | stronghold | polar-sink
    sectors: tuple[int, ...]  # in board order; empty for the Polar Sink
    spice_blow: tuple[int, int] | None = None  # (sector, amount)
    shield_wall_protected: bool = False
    sectors_known: bool = True  # an inline (conquest) board may leave a territory's sectors out

    @property
    def is_stronghold(self) -> bool:
        return self.kind == "stronghold"

    @property
    def is_polar_sink(self) -> bool:
        return self.kind == "polar-sink"


Location = tuple[str, int]  # (territory, sector); sector 0 for the Polar Sink


@dataclass
class Board:
    """The territories and how their sectors link: the GF9 board, or a board a position gives inline."""

    territories: dict[str, Territory]
    sector_links: set[frozenset[Location]] = field(default_factory=set)
    neighbours: dict[Location, set[Location]] = field(default_factory=dict)
    # An inline board (conquest) gives territory adjacency directly, not by sectors; a territory
    # is in ``adjacency_known`` when its own ``adjacent`` list was given (taken as complete).
    adjacency: dict[str, set[str]] | None = None
    adjacency_known: frozenset[str] | None = None

    # -- lookups ---------------------------------------------------------
    def __getitem__(self, name: str) -> Territory:
        return self.territories[name]

    @property
    def names(self) -> list[str]:
        return list(self.territories)

    def locations(self) -> list[Location]:
        return [(t.name, s) for t in self.territories.values() for s in (t.sectors or (0,))]

    def locations_of(self, territory: str) -> list[Location]:
        t = self.territories[territory]
        return [(t.name, s) for s in (t.sectors or (0,))]

    def territories_in_sector(self, sector: int) -> list[Territory]:
        return [t for t in self.territories.values() if sector in t.sectors]

    def adjacent_territories(self, name: str) -> set[str]:
        if self.adjacency is not None:
            return set(self.adjacency.get(name, ()))
        out: set[str] = set()
        for loc in self.locations_of(name):
            out |= {n[0] for n in self.neighbours.get(loc, ()) if n[0] != name}
        return out

    def territory_distance(self, a: str, b: str) -> int | None:
        """Borders crossed on the shortest territory-level route (storm ignored)."""
        seen = {a: 0}
        todo = deque([a])
        while todo:
            here = todo.popleft()
            if here == b:
                return seen[here]
            for n in sorted(self.adjacent_territories(here)):
                if n not in seen:
                    seen[n] = seen[here] + 1
                    todo.append(n)
        return None

    def knows_neighbours(self, name: str) -> bool:
        """Whether the board gives every neighbour of a territory (always, for a board file)."""
        return self.adjacency_known is None or name in self.adjacency_known

    def distance_within(self, a: str, b: str, limit: int) -> int | None:
        """Borders crossed on the shortest route from ``a`` to ``b`` if at most ``limit``; -1 when
        there is surely none that short; ``None`` when the board leaves it unknown (a territory
        reached before the limit does not list its neighbours)."""
        seen = {a: 0}
        todo = deque([a])
        unknown = False
        while todo:
            here = todo.popleft()
            if here == b:
                return seen[here]
            if seen[here] >= limit:
                continue
            if not self.knows_neighbours(here):
                unknown = True
            for n in sorted(self.adjacent_territories(here)):
                if n not in seen:
                    seen[n] = seen[here] + 1
                    todo.append(n)
        return None if unknown else -1


def _location(text: str) -> Location:
    text = text.strip()
    if "@" not in text:
        return (text, 0)
    name, sector = text.rsplit("@", 1)
    return (name.strip(), int(sector))


def board_from_inline(data: dict[str, dict[str, object]]) -> Board:
    """A board from a position's inline facts ``{TERRITORY: {kind, sectors, adjacent}}`` (checked by the loader).

    Adjacency is symmetric: a territory listing another makes them neighbours both ways.
    """
    territories: dict[str, Territory] = {}
    adjacency: dict[str, set[str]] = {name: set() for name in data}
    known: set[str] = set()
    for i, (name, t) in enumerate(data.items()):
        sectors = t.get("sectors")
        territories[name] = Territory(
            index=i,
            name=name,
            kind=str(t.get("kind") or ""),
            sectors=tuple(sectors) if isinstance(sectors, (list, tuple)) else (),
            sectors_known=isinstance(sectors, (list, tuple)) or t.get("kind") == "polar-sink",
        )
        near = t.get("adjacent")
        if isinstance(near, (list, tuple)):
            known.add(name)
            for other in near:
                adjacency[name].add(str(other))
                adjacency.setdefault(str(other), set()).add(name)
    return Board(territories, adjacency=adjacency, adjacency_known=frozenset(known))


def board_from_data(data: dict) -> Board:
    territories: dict[str, Territory] = {}
    for i, (name, t) in enumerate(data["territories"].items()):
        blow = t.get("spice_blow")
        territories[name] = Territory(
            index=i,
            name=name,
            kind=t["kind"],
            sectors=tuple(t.get("sectors", ())),
            spice_blow=(blow["sector"], blow["amount"]) if blow else None,
            shield_wall_protected=bool(t.get("storm_protected_while_shield_wall_stands", False)),
        )
    board = Board(territories)
    for line in data.get("sector_adjacency", []):
        a, b = (_location(x) for x in line.split("--"))
        board.sector_links.add(frozenset((a, b)))
        board.neighbours.setdefault(a, set()).add(b)
        board.neighbours.setdefault(b, set()).add(a)
    return board


@cache
def gf9_board() -> Board:
    """The GF9 board, read once per process from the project's data file."""
    return board_from_data(load_data(DATA / "arrakis-board.yaml"))
