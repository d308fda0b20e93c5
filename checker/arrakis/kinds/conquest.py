"""Conquest (Dune: A Game of Conquest and Diplomacy): its own kinds of question, on its own board.

The conquest text prints no board: a position gives the board facts a question needs (inline, or
``board: path.yaml``). A fact that needs the board is ``None`` (unknown) when the position gives
none, and the rules that need it answer ``unresolved`` naming ``board``; a question that does not
need the board is answered without one.

Where a conquest fact means the same as a GF9-family kind's fact it has the same name
(``count``, ``spice``, ``reserves``, ``storm_sector``, ``to_sector``, ``to_stronghold``,
``others_present_in_to``, ``phase_index``, ``distance``, ``group_*``, ``f_hand``, ...), so that
``mentat conflicts --find`` can put a conquest rule and its gf9 counterpart over the same variables.

Kinds: ``conquest-ship``, ``conquest-move``, ``conquest-storm``, ``conquest-blow`` (the
``spice-blow`` move), ``conquest-buy`` and ``conquest-position`` (a position with no move).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.board import SECTORS, Board
from checker.arrakis.position import (
    BIDDING,
    CONQUEST_FACTIONS,
    PHASES,
    SHIPMENT_AND_MOVEMENT,
    BuyMove,
    MoveMove,
    Position,
    ShipMove,
    SpiceBlowMove,
    StormMove,
)
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, any_of, fact, kind, label
from checker.names import display

CARDS_STEP = BIDDING  # the spec: conquest's Cards step is `phase: bidding`
RANGE = 3  # conquest:29 "move one group up to 3 territories"
BEYOND = RANGE + 1  # a distance standing for "more than three territories"
START_SPICE = {"atreides": 13, "fremen": 6, "harkonnen": 15, "imperium": 18}  # conquest:11
PAYEES = {0: "bank", 1: "imperium"}


def in_shipping_step(s: Any) -> bool:
    """The Shipping and movement step, or a position giving no phase: taken to be that step (the verdict's notes
    say so), as every rule of the step takes it."""
    return s.phase_index in (None, SHIPMENT_AND_MOVEMENT)


def _fold(name: str) -> str:
    return " ".join(name.replace("\u2019", "").replace("'", "").lower().split())


def players(pos: Position) -> int:
    """The number of players: ``players``, else the factions the position names."""
    return pos.players if pos.players is not None else len(pos.faction_names)


def is_polar_sink(pos: Position, territory: str) -> bool | None:
    """Whether a territory is the Polar Sink (by the board's kind; by name where the board leaves it)."""
    board = pos.board
    if territory in board.territories and board[territory].kind:
        return board[territory].kind == "polar-sink"
    return True if _fold(territory) == "polar sink" else None


def terrain(board: Board, territory: str) -> str | None:
    """sand | rock | stronghold | polar-sink, or None when the board does not say."""
    t = board.territories.get(territory)
    return t.kind if t is not None and t.kind else None


def sectors(board: Board, territory: str) -> tuple[int, ...] | None:
    """A territory's sectors, or None when the board does not give them (none for the Polar Sink)."""
    t = board.territories.get(territory)
    if t is None or not t.sectors_known:
        return None
    return t.sectors


# -- Shipment -------------------------------------------------------------------------


@dataclass
class ConquestShipFacts(Facts):
    """The facts of a Conquest shipment."""

    to: str = label(doc="the destination territory")
    others_in_to_names: str = label(doc="the other factions with forces at the destination, for messages")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    count: int = fact(0, key="move.count", doc="forces shipped")
    forces: int = fact(0, doc="all forces shipped")
    reserves: int | None = fact(key="factions.FACTION.reserves")
    spice: int | None = fact(key="factions.FACTION.spice")
    ally_support: int = fact(0, key="move.ally_support")
    storm_sector: int | None = fact(key="storm")
    storm_known: bool | None = fact(
        None, key="storm", doc="the storm's sector is given, or the destination lies in no sector (the Polar Sink)"
    )
    to_board: bool | None = fact(None, key="board", doc="the board gives the destination's sectors")
    to_sectors: list[int] = fact([], doc="the destination's sectors (none for the Polar Sink)")
    to_sector: int | None = fact(key="move.sector", doc="the chosen sector; unknown = any")
    to_sector_given: bool = fact(False, doc="the landing sector is named, or the only one")
    to_stronghold: bool | None = fact(None, key="board", doc="the destination is a stronghold (board)")
    to_polar_sink: bool = label(False)
    destinations: int = fact(1, doc="territories the shipment goes to (move.to plus move.also_to)")
    others_present_in_to: int = fact(0, doc="other factions with forces at the destination")
    to_occupied: bool = fact(False, doc="some faction (the shipper too) has forces at the destination")
    two_players: bool = fact(False, doc="a two-player game (players: 2, or two factions named)")
    fremen: bool = fact(False, doc="the shipper is the Fremen")
    to_sand: bool | None = fact(None, key="board", doc="the destination is a sand territory (board)")
    moved_before: bool | None = fact(
        None, key="this_phase", doc="the phase's history records a move of the shipper's (None: no history given)"
    )
    shipped_before: bool | None = label(
        None, doc="the phase's history records a shipment of the shipper's (None: no history given)"
    )

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")

    def missing_detail(self, key: str) -> str:
        return f"the kind and sectors of {self.to}" if key == "board" else ""

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]


def _players_note(pos: Position) -> list[str]:
    """Say so where a two-player game is read from the two factions a position names."""
    if pos.players is None and players(pos) == 2:
        return ["the position does not give 'players': the 2 factions it names are taken as a two-player game"]
    return []


def _no_key(m: Any, key: str, value: Any, what: str) -> None:
    if value:
        raise InputError(f"move.{key}", what, value)


@kind
class ConquestShip(Kind):
    name = "conquest-ship"
    title = "Conquest shipment"
    outcome_keys: ClassVar[dict[str, str]] = {
        "sector": "the sector the forces land in",
    }
    ruled = ("cost",)

    def facts(self, pos: Position) -> ConquestShipFacts:
        m = pos.move
        assert isinstance(m, ShipMove)
        _no_key(m, "special", m.special, "0: conquest has no special forces")
        _no_key(m, "from", m.from_, "no origin: conquest ships forces, it prints no cross-shipment")
        _no_key(m, "accompany", m.accompany, "nothing: conquest has no Bene Gesserit")
        if m.to == "reserves":
            raise InputError("move.to", "a territory: conquest prints no shipment back to reserves", m.to)
        me = m.faction
        state = pos.factions.get(me)
        board = pos.board
        secs = sectors(board, m.to)
        kind_ = terrain(board, m.to)
        to_sector = m.sector
        if secs is not None and to_sector is None and len(secs) == 1:
            to_sector = secs[0]
        present = pos.occupants(m.to, fighters_only=False) - {me}
        f = ConquestShipFacts(
            faction=me,
            to=m.to,
            others_in_to_names=" and ".join(display(x) for x in sorted(present)),
            phase_index=pos.phase_index,
            count=m.count,
            forces=m.total,
            reserves=state.reserves if state else None,
            spice=state.spice if state else None,
            ally_support=m.ally_support,
            storm_sector=pos.storm,
            storm_known=True if pos.storm is not None or secs == () else None,
            to_board=True if secs is not None else None,
            to_sectors=list(secs or ()),
            to_sector=to_sector,
            to_sector_given=to_sector is not None,
            to_stronghold=None if kind_ is None else kind_ == "stronghold",
            to_polar_sink=kind_ == "polar-sink",
            destinations=1 + len({t for t in m.also_to if t != m.to}),
            others_present_in_to=len(present),
            to_occupied=bool(pos.occupants(m.to, fighters_only=False)),
            two_players=players(pos) == 2,
            fremen=me == "fremen",
            to_sand=None if kind_ is None else kind_ == "sand",
            moved_before=None if pos.this_phase is None else f"moved: {me}" in pos.this_phase,
            shipped_before=None if pos.this_phase is None else f"shipped: {me}" in pos.this_phase,
        )
        if pos.phase is None:
            f.notes.append("the position does not give 'phase': it is taken to be the Shipping and movement step")
        if m.sector is None and secs is not None and len(secs) == 1:
            f.notes.append(f"{m.to} lies in one sector ({secs[0]}): the forces land there")
        elif m.sector is None and secs is not None and len(secs) > 1:
            f.notes.append(
                f"the move gives no sector of {m.to} ({', '.join(map(str, secs))}): every one is asked about, and "
                "the outcome names none (move.sector asks about one)"
            )
        if not pos.has_board:
            f.notes.append("the position gives no board: conquest prints none, so board facts are unknown")
        if f.to_stronghold is not False and not f.to_occupied:
            f.notes += _players_note(pos)
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.cost = z3.Int("cost")
        v.sector = z3.Int("sector")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        inside = any_of(v.sector == s for s in v.to_sectors) if v.to_sectors else v.sector == 0
        chosen = z3.Or(v.to_sector == v.sector, z3.Not(v.to_sector_given))
        return [inside, chosen, v.cost >= 0]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, ConquestShipFacts)
        out: dict[str, Any] = {"cost": value(v.cost)}
        # the sector the forces land in: the move's, or the territory's only one (a pick among several is the
        # player's, which the outcome does not make for them)
        if facts.to_sectors and (facts.to_sector_given or len(facts.to_sectors) == 1):
            out["sector"] = value(v.sector)
        return out


# -- Movement --------------------------------------------------------------------------


@dataclass
class ConquestMoveFacts(Facts):
    """The facts of a Conquest movement."""

    origin: str = label(doc="the territory the group leaves")
    to: str = label(doc="the destination territory")
    closed_names: str = label(doc="strongholds closed to the mover, for messages")
    others_in_to_names: str = label(doc="the other factions with forces at the destination, for messages")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    count: int = fact(0, key="move.count", doc="forces moved")
    from_forces: int = fact(0, doc="the mover's forces in the origin")
    distance: int | None = fact(None, key="board", doc="territories entered on the shortest route (4: more than 3)")
    distance_open: int | None = fact(
        None, key="board", doc="the same, entering no stronghold closed to the mover on the way (4: more than 3)"
    )
    closed_near: bool = fact(False, doc="a stronghold closed to the mover lies within range")
    to_stronghold: bool | None = fact(None, key="board", doc="the destination is a stronghold (board)")
    others_present_in_to: int = fact(0, doc="other factions with forces at the destination")
    to_occupied: bool = fact(False, doc="some faction (the mover too) has forces at the destination")
    two_players: bool = fact(False, doc="a two-player game (players: 2, or two factions named)")
    route_given: str = label("", doc="the route the move names (move.via), for messages")
    moved_before: bool | None = fact(
        None, key="this_phase", doc="the phase's history records a move of the mover's (None: no history given)"
    )

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]


def _closed(pos: Position, me: str, territory: str) -> bool | None:
    """A stronghold holding forces of two other factions is closed to the mover (None: the board does not say)."""
    if len(pos.occupants(territory, fighters_only=False) - {me}) < 2:
        return False
    kind_ = terrain(pos.board, territory)
    return None if kind_ is None else kind_ == "stronghold"


def route(pos: Position, me: str, a: str, b: str, avoid_closed: bool) -> int | None:
    """Territories entered on the shortest route from ``a`` to ``b``: at most RANGE, else BEYOND; None
    when the board leaves it unknown (a territory within range that lists no neighbours, or, with
    ``avoid_closed``, one on the way whose kind decides whether it is closed)."""
    board = pos.board
    if a == b:
        return 0
    seen = {a: 0}
    todo = deque([a])
    unknown = False
    while todo:
        here = todo.popleft()
        if seen[here] >= RANGE:
            continue
        if here not in board.territories or not board.knows_neighbours(here):
            unknown = True
        for n in sorted(board.adjacent_territories(here)):
            if n in seen:
                continue
            if n == b:
                return seen[here] + 1
            if avoid_closed:
                shut = _closed(pos, me, n)
                if shut is None:
                    unknown = True
                    continue
                if shut:
                    continue
            seen[n] = seen[here] + 1
            todo.append(n)
    return None if unknown else BEYOND


def _via(pos: Position, m: MoveMove) -> list[str] | None:
    """The territories the move's ``via`` enters, ending at the destination; None where the board does not
    give a step's neighbours. A step between territories the board does not join is an input error."""
    way = list(m.via)
    if way[-1] != m.to:
        way.append(m.to)
    board = pos.board
    here = m.from_
    for t in way:
        if here not in board.territories or not board.knows_neighbours(here):
            return None
        if t not in board.adjacent_territories(here):
            raise InputError(
                "move.via",
                f"a chain of adjacent territories from {m.from_} to {m.to}: {t} does not border {here}",
                m.via,
            )
        here = t
    return way


@kind
class ConquestMove(Kind):
    name = "conquest-move"
    title = "Conquest movement"
    outcome_keys: ClassVar[dict[str, str]] = {
        "territories_entered": "how many territories the move enters",
    }

    def facts(self, pos: Position) -> ConquestMoveFacts:
        m = pos.move
        assert isinstance(m, MoveMove)
        _no_key(m, "special", m.special, "0: conquest has no special forces")
        me = m.faction
        closed = sorted(t for t in pos.board.names if t != m.to and _closed(pos, me, t))
        present = pos.occupants(m.to, fighters_only=False) - {me}
        dist = route(pos, me, m.from_, m.to, avoid_closed=False) if pos.has_board else None
        near = [t for t in closed if (route(pos, me, m.from_, t, False) or BEYOND) <= RANGE]
        dist_open = route(pos, me, m.from_, m.to, avoid_closed=True) if pos.has_board else None
        way = _via(pos, m) if m.via and pos.has_board else None
        if way is not None:  # the route the move names, not the shortest one
            shut = [_closed(pos, me, t) for t in way[:-1]]
            entered = [t for t, c in zip(way[:-1], shut, strict=True) if c]
            near = entered or near  # the closed strongholds the route enters, else those it passes by
            dist = len(way)
            dist_open = None if any(c is None for c in shut) else (BEYOND if entered else len(way))
        f = ConquestMoveFacts(
            faction=me,
            origin=m.from_,
            to=m.to,
            closed_names=", ".join(near),
            others_in_to_names=" and ".join(display(x) for x in sorted(present)),
            phase_index=pos.phase_index,
            count=m.count,
            from_forces=sum(g.total for g in pos.groups(me, m.from_)),
            distance=dist,
            distance_open=dist_open,
            closed_near=bool(near),
            to_stronghold=None if terrain(pos.board, m.to) is None else terrain(pos.board, m.to) == "stronghold",
            others_present_in_to=len(present),
            to_occupied=bool(pos.occupants(m.to, fighters_only=False)),
            moved_before=None if pos.this_phase is None else f"moved: {me}" in pos.this_phase,
            two_players=players(pos) == 2,
            route_given=" → ".join([m.from_, *way]) if way is not None else "",
        )
        if pos.phase is None:
            f.notes.append("the position does not give 'phase': it is taken to be the Shipping and movement step")
        if not pos.has_board:
            f.notes.append("the position gives no board: conquest prints none, so board facts are unknown")
        if f.to_stronghold is not False and not f.to_occupied:
            f.notes += _players_note(pos)
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.cost = z3.Int("cost")  # territories entered on the chosen route (as gf9 movement's `cost`)
        v.open_route = z3.Bool("open_route")  # the route enters no closed stronghold on the way

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        return [v.cost >= v.distance, z3.Implies(v.open_route, v.cost >= v.distance_open)]

    def shortest(self, v: Vars, facts: Facts) -> Any:
        return v.cost

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, ConquestMoveFacts)
        return {"territories_entered": value(v.cost)} if facts.distance is not None else {}


# -- Storm -----------------------------------------------------------------------------


def step(sector: int, n: int) -> int:
    return (sector - 1 + n) % SECTORS + 1


def passed_over(start: int, distance: int) -> list[int]:
    """The sectors the storm moves through before the one it stops in."""
    return [step(start, k) for k in range(1, min(distance, SECTORS + 1))] if distance > 1 else []


SPICE_NOT_GIVEN = "the position does not give 'spice' (the spice on the board)"


@dataclass
class ConquestStormFacts(Facts):
    """The facts of a Conquest storm move."""

    storm_sector: int | None = fact(key="storm", doc="the storm's sector before it moves")
    distance: int | None = fact(None, key="move.distance", doc="sectors the storm moves")
    group_sector: list[int] = fact([], doc="0: no sector (Polar Sink)")
    group_count: list[int] = fact([])
    group_sand: list[bool] = fact([])
    group_fremen: list[bool] = fact([])
    group_stronghold: list[bool] = fact([])
    spice_sector: list[int] = fact([])
    spice_amount: list[int] = fact([])
    spice_sand: list[bool] = fact([])
    terrain_known: bool | None = fact(True, key="board", doc="the board gives the kind of every territory with forces")
    forces_placed: bool | None = fact(True, key="forces[].sector", doc="every group's sector that matters is known")
    spice_placed: bool | None = fact(True, key="spice[].sector", doc="every spice's sector that matters is known")
    spice_given: bool = label(True, doc="the position gives 'spice' (absent: the spice on the board is unknown)")
    two_players: bool = fact(False)
    group_faction: tuple[str, ...] = label(())
    group_territory: tuple[str, ...] = label(())
    unknown_kinds: tuple[str, ...] = label((), doc="territories with forces or spice whose kind the board leaves out")

    def missing_detail(self, key: str) -> str:
        if key == "board" and self.unknown_kinds:
            return "the kind of " + ", ".join(self.unknown_kinds)
        return ""

    @property
    def new_sector(self) -> int:
        assert self.storm_sector is not None and self.distance is not None
        return step(self.storm_sector, self.distance)

    @property
    def passed(self) -> list[int]:
        if self.storm_sector is None or self.distance is None:
            return []
        return passed_over(self.storm_sector, self.distance)


@kind
class ConquestStorm(Kind):
    name = "conquest-storm"
    title = "Conquest storm"
    ruled = ("storm", "losses", "spice_lost")
    decisive = ("storm",)  # where the storm ends is the question; without it nothing it does is known

    def facts(self, pos: Position) -> ConquestStormFacts:
        m = pos.move
        assert isinstance(m, StormMove)
        board = pos.board
        kinds: list[str | None] = []
        placed = spice_placed = True
        groups: list[tuple[str, str, int, int]] = []
        new = step(pos.storm, m.distance) if pos.storm is not None and m.distance is not None else None
        hit = {*passed_over(pos.storm, m.distance), new} if new is not None and pos.storm and m.distance else set()

        def place(territory: str, sector: int | None, exposed: bool) -> int | None:
            """The sector, a stand-in where it cannot matter, or None where it matters and is unknown."""
            if sector is not None:
                return sector
            secs = sectors(board, territory)
            if secs is not None and len(secs) <= 1:
                return secs[0] if secs else 0
            if secs is not None and (not exposed or not hit & set(secs)):
                return next((x for x in secs if x not in hit), secs[0])  # nothing there the storm can reach
            if is_polar_sink(pos, territory) is True or new is None or not exposed:
                return 0
            return None

        for g in pos.forces:
            kind_ = terrain(board, g.territory)
            sector = place(g.territory, g.sector, kind_ in ("sand", None) and g.faction != "fremen")
            if sector is None:
                placed, sector = False, 0
            groups.append((g.faction, g.territory, sector, g.total))
            kinds.append(kind_)
        spice: list[tuple[int, int, bool]] = []
        for sp in pos.spice:
            kind_ = terrain(board, sp.territory)
            sector = place(sp.territory, sp.sector, kind_ in ("sand", None))
            if sector is None:
                spice_placed, sector = False, 0
            kinds.append(kind_)
            spice.append((sector, sp.amount, kind_ == "sand"))
        known = all(k is not None for k in kinds)
        where = [g.territory for g in pos.forces] + [sp.territory for sp in pos.spice]
        f = ConquestStormFacts(
            unknown_kinds=tuple(dict.fromkeys(t for t, k in zip(where, kinds, strict=True) if k is None)),
            storm_sector=pos.storm,
            distance=m.distance,
            group_sector=[g[2] for g in groups],
            group_count=[g[3] for g in groups],
            group_sand=[terrain(board, g[1]) == "sand" for g in groups],
            group_fremen=[g[0] == "fremen" for g in groups],
            group_stronghold=[terrain(board, g[1]) == "stronghold" for g in groups],
            spice_sector=[s[0] for s in spice],
            spice_amount=[s[1] for s in spice],
            spice_sand=[s[2] for s in spice],
            terrain_known=True if known else None,
            forces_placed=True if placed else None,
            spice_placed=True if spice_placed else None,
            spice_given="spice" in pos.given,
            two_players=players(pos) == 2,
            group_faction=tuple(g[0] for g in groups),
            group_territory=tuple(g[1] for g in groups),
        )
        if m.distance is None and m.dials:
            f.notes.append("conquest does not say how far the storm moves by dials: give 'move.distance'")
        return f

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        assert isinstance(facts, ConquestStormFacts)
        w: Any = v
        w.new_sector = z3.Int("new_sector")
        w.group_lost = [z3.Int(f"group_lost_{i}") for i in range(len(facts.group_sector))]
        w.spice_gone = [z3.Int(f"spice_gone_{i}") for i in range(len(facts.spice_sector))]

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        out = [v.new_sector >= 1, v.new_sector <= SECTORS]
        out += [lost >= 0 for lost in v.group_lost] + [gone >= 0 for gone in v.spice_gone]
        return out

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, ConquestStormFacts)
        if facts.storm_sector is None or facts.distance is None:
            return {}
        losses: dict[str, int] = {}
        for faction, lost in zip(facts.group_faction, v.group_lost, strict=True):
            n = value(lost)
            if n:
                losses[faction] = losses.get(faction, 0) + n
        out: dict[str, Any] = {"storm": value(v.new_sector), "losses": losses}
        passed = set(facts.passed)
        crossed = any(  # conquest.storm.crossed-sectors leaves the values open: its reason is the one to give
            sand and not fremen and n and sec in passed
            for sand, fremen, n, sec in zip(
                facts.group_sand, facts.group_fremen, facts.group_count, facts.group_sector, strict=True
            )
        )
        if facts.spice_given:
            out["spice_lost"] = sum(value(g) for g in v.spice_gone)
        elif not crossed and facts.terrain_known and facts.forces_placed:
            out["unknown"] = {"spice_lost": SPICE_NOT_GIVEN}
        return out


# -- Spice blow ------------------------------------------------------------------------


@dataclass
class ConquestBlowFacts(Facts):
    """The facts of a Conquest spice blow."""

    card: str = label(doc="sandworm, or the spice card's territory")
    previous: str = label(doc="the previous spice card's territories, for messages")
    turn: int | None = fact(None, key="turn")
    worm: bool = fact(False, doc="the card is a sandworm")
    previous_given: bool | None = fact(None, key="move.previous_card_territories")
    group_count: list[int] = fact([], doc="force groups in the previous card's territories")
    group_fremen: list[bool] = fact([])
    spice_there: int = fact(0, doc="spice in the previous card's territories")
    spice_given: bool = label(True, doc="the position gives 'spice' (absent: the spice on the board is unknown)")
    group_faction: tuple[str, ...] = label(())


@kind
class ConquestBlow(Kind):
    name = "conquest-blow"
    title = "Conquest spice card"
    outcome_keys: ClassVar[dict[str, str]] = {
        "reshuffle": "a first-turn sandworm: the card is reshuffled into the deck",
    }
    ruled = ("losses", "spice_lost", "reshuffle")

    def facts(self, pos: Position) -> ConquestBlowFacts:
        m = pos.move
        assert isinstance(m, SpiceBlowMove)
        where = set(m.previous_card_territories)
        groups = [g for g in pos.forces if g.territory in where and g.total > 0]
        return ConquestBlowFacts(
            card=m.card,
            previous=", ".join(m.previous_card_territories) or "none given",
            turn=pos.turn,
            worm=m.card == "sandworm",
            previous_given=True if m.previous_card_territories else None,
            group_count=[g.total for g in groups],
            group_fremen=[g.faction == "fremen" for g in groups],
            spice_there=sum(s.amount for s in pos.spice if s.territory in where),
            spice_given="spice" in pos.given,
            group_faction=tuple(g.faction for g in groups),
        )

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        assert isinstance(facts, ConquestBlowFacts)
        w: Any = v
        w.group_lost = [z3.Int(f"group_lost_{i}") for i in range(len(facts.group_count))]
        w.spice_gone = z3.Int("spice_gone")
        w.reshuffle = z3.Bool("reshuffle")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        return [lost >= 0 for lost in v.group_lost] + [v.spice_gone >= 0]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, ConquestBlowFacts)
        losses: dict[str, int] = {}
        for faction, lost in zip(facts.group_faction, v.group_lost, strict=True):
            n = value(lost)
            if n:
                losses[faction] = losses.get(faction, 0) + n
        out: dict[str, Any] = {
            "losses": losses,
            "spice_lost": value(v.spice_gone),
            "reshuffle": bool(value(v.reshuffle)),
        }
        if not facts.spice_given and facts.turn != 1:  # turn 1: the sandworm is ignored, nothing is lost
            out.pop("spice_lost")
            if facts.previous_given:  # else the sandworm's rule says why
                out["unknown"] = {"spice_lost": SPICE_NOT_GIVEN}
        return out


# -- Market cards ----------------------------------------------------------------------


@dataclass
class ConquestBuyFacts(Facts):
    """The facts of a Conquest market purchase."""

    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    spice: int | None = fact(key="factions.FACTION.spice")
    market_cards: int | None = fact(key="factions.FACTION.market_cards", doc="market cards held before buying")
    is_imperium: bool = fact(False)
    imperium_in_game: bool | None = fact(None, key="factions.imperium", doc="the Imperium plays (None: unknown)")
    allies_mode: bool = fact(False, doc="Allies mode: a two-player game with alliances or more than two factions")
    partner: str = label("", doc="the other faction the buyer's player runs in Allies mode")
    partner_market: int = fact(0, doc="market cards the partner faction holds (0 when not given)")

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]


@kind
class ConquestBuy(Kind):
    name = "conquest-buy"
    title = "Conquest market card"
    ruled = ("cost", "paid_to")

    def facts(self, pos: Position) -> ConquestBuyFacts:
        m = pos.move
        assert isinstance(m, BuyMove)
        state = pos.factions.get(m.faction)
        listed = set(pos.faction_names) | {m.faction}
        imperium: bool | None = "imperium" in listed
        if not imperium and players(pos) > len(listed):
            imperium = None  # an unnamed player may be the Imperium
        allies = players(pos) == 2 and (bool(pos.alliances) or len(listed) > 2)
        partner = next((x for team in TEAMS if m.faction in team for x in sorted(team) if x != m.faction), "")
        mate = pos.factions.get(partner) if allies else None
        f = ConquestBuyFacts(
            faction=m.faction,
            allies_mode=allies,
            partner=partner if allies else "",
            partner_market=(mate.market_cards or 0) if mate else 0,
            phase_index=pos.phase_index,
            spice=state.spice if state else None,
            market_cards=state.market_cards if state else None,
            is_imperium=m.faction == "imperium",
            imperium_in_game=imperium,
        )
        if imperium is False:
            f.notes.append("the Imperium is not in the position: the bank is paid")
        return f

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        w: Any = v
        w.cost = z3.Int("cost")
        w.payee = z3.Int("payee")  # 0 the bank, 1 the Imperium player

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        return [v.cost >= 0, z3.Or(v.payee == 0, v.payee == 1)]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        return {"cost": value(v.cost), "paid_to": PAYEES.get(value(v.payee))}


# -- The position itself ---------------------------------------------------------------


@dataclass
class ConquestPositionFacts(Facts):
    """The facts of a Conquest position."""

    phase_index: int | None = fact(key="phase", doc="0 storm .. 9 mentat-pause")
    turn: int | None = fact(key="turn")
    players: int = fact(0, key="players", doc="players: given, else the factions named")
    factions_named: int = fact(0, doc="the conquest factions the position names")
    two_players: bool = fact(False)
    at_start: bool = fact(False, doc="turn 1, storm phase: the position set up by conquest:5-13")
    forces_given: bool = fact(False, doc="the position has a 'forces' key")
    storm: int | None = fact(None, key="storm", doc="the sector under the storm")
    # per faction named
    f_hand: list[int] = fact([], doc="battle cards held (0 when not given)")
    f_harkonnen: list[bool] = fact([])
    f_market: list[int] = fact([], doc="market cards held (0 when not given)")
    f_traitors: list[int] = fact([], doc="traitor cards held; -1 when the position lists none")
    f_spice: list[int] = fact([], doc="spice (-1 when not given)")
    f_start_spice: list[int] = fact([], doc="the starting spice conquest:11 lists for the faction")
    f_fremen: list[bool] = fact([])
    f_polar: list[int] = fact([], doc="forces in the Polar Sink")
    f_board: list[int] = fact([], doc="forces on the board")
    f_other_board: list[int] = fact([], doc="forces on the board outside the Polar Sink")
    # per territory with forces of three or more factions: whether it is a stronghold (None: unknown)
    crowded_stronghold: list[bool] = fact([])
    crowded_known: bool | None = fact(True, key="board", doc="the board gives the kind of every crowded territory")
    strongholds_held: int = fact(0, doc="strongholds with forces in them")
    strongholds_known: bool | None = fact(
        True, key="board", doc="the board gives the kind of every territory with forces (asked in a two-player game)"
    )
    board_spice: int = fact(0, doc="spice lying on the board")
    spice_given: bool = label(False, doc="the position has a 'spice' key (absent: the board's spice is not given)")
    # alliances
    team_traitors: bool = fact(False, doc="a two-player game where both factions of a team list traitor cards")
    team_hand: list[int] = fact([], doc="Allies mode: per team, the battle cards its two factions hold together")
    team_market: list[int] = fact([], doc="Allies mode: per team, the market cards its two factions hold together")
    has_alliances: bool = fact(False)
    alliance_teams: list[bool] = fact([], doc="per alliance: Atreides and Fremen, or Harkonnen and Imperium")
    # labels
    factions: tuple[str, ...] = label(())
    crowded: tuple[tuple[str, tuple[str, ...]], ...] = label(())
    alliances: tuple[tuple[str, ...], ...] = label(())
    held_names: str = label("", doc="the strongholds with forces in them, for messages")


TEAMS = ({"atreides", "fremen"}, {"harkonnen", "imperium"})  # conquest:57


@kind
class ConquestPosition(Kind):
    name = "conquest-position"
    preprocessed = True  # measured over its cases: 0.84 of the time of the long-lived solver
    judges_position = True
    title = "Conquest position"

    def facts(self, pos: Position) -> ConquestPositionFacts:
        names = tuple(f for f in pos.faction_names if f in CONQUEST_FACTIONS)
        board = pos.board
        hand: list[int] = []
        for f in names:
            st = pos.factions.get(f)
            h = st.hand if st else None
            hand.append(len(h) if isinstance(h, list) else (h or 0))
        polar = [sum(g.total for g in pos.groups(f) if is_polar_sink(pos, g.territory)) for f in names]
        on_board = [sum(g.total for g in pos.groups(f)) for f in names]
        crowded: list[tuple[str, tuple[str, ...]]] = []
        kinds: list[bool | None] = []
        for t in dict.fromkeys(g.territory for g in pos.forces):
            there = pos.occupants(t, fighters_only=False)
            if len(there) >= 3:
                crowded.append((t, tuple(sorted(there))))
                k = terrain(board, t)
                kinds.append(None if k is None else k == "stronghold")
        spice = []
        for f in names:
            st = pos.factions.get(f)
            spice.append(st.spice if st and st.spice is not None else -1)
        traitors = []
        for f in names:
            st = pos.factions.get(f)
            traitors.append(len(st.traitors) if st and st.traitors else -1)
        occupied = [t for t in dict.fromkeys(g.territory for g in pos.forces) if pos.occupants(t, fighters_only=False)]
        held = [t for t in occupied if terrain(board, t) == "stronghold"]
        alliances = tuple(tuple(a) for a in pos.alliances)
        listing = {f for f, n in zip(names, traitors, strict=True) if n >= 1}
        allies = players(pos) == 2 and (bool(alliances) or len(names) > 2)
        team_hand = [sum(n for f, n in zip(names, hand, strict=True) if f in team) for team in TEAMS] if allies else []
        market = [(pos.factions[f].market_cards or 0) if f in pos.factions else 0 for f in names]
        team_market = (
            [sum(n for f, n in zip(names, market, strict=True) if f in team) for team in TEAMS] if allies else []
        )
        return ConquestPositionFacts(
            team_hand=team_hand,
            team_market=team_market,
            team_traitors=players(pos) == 2 and any(team <= listing for team in TEAMS),
            phase_index=pos.phase_index,
            turn=pos.turn,
            players=players(pos),
            factions_named=len(names),
            two_players=players(pos) == 2,
            at_start=pos.turn == 1 and pos.phase == "storm",
            forces_given="forces" in pos.given,
            storm=pos.storm,
            f_hand=hand,
            f_harkonnen=[f == "harkonnen" for f in names],
            f_market=market,
            f_traitors=traitors,
            f_spice=spice,
            f_start_spice=[START_SPICE[f] for f in names],
            f_fremen=[f == "fremen" for f in names],
            f_polar=polar,
            f_board=on_board,
            f_other_board=[b - p for b, p in zip(on_board, polar, strict=True)],
            crowded_stronghold=[bool(k) for k in kinds],
            crowded_known=None if any(k is None for k in kinds) else True,
            strongholds_held=len(held),
            strongholds_known=None if any(terrain(board, t) is None for t in occupied) else True,
            board_spice=sum(sp.amount for sp in pos.spice),
            spice_given="spice" in pos.given,
            has_alliances=bool(alliances),
            alliance_teams=[set(a) in TEAMS for a in alliances],
            factions=names,
            crowded=tuple(crowded),
            alliances=alliances,
            held_names=", ".join(held),
        )


def side(names: tuple[str, ...]) -> str:
    return " and ".join(display(n) for n in names)
