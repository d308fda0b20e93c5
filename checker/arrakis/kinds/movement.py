"""Movement: one group, one origin, one destination, along a path of territories.

The board is in the solver's *frame*, built once per process: a path is
``K_MAX + 1`` visits; visit ``i`` has a one-hot entry location ``e[i][l]`` and
exit location ``x[i][l]`` (both in the territory one-hot ``tv[i][t]``), and ``L`` borders
are crossed (visits after ``L`` copy visit ``L``). Crossing a border links
``x[i]`` to ``e[i+1]`` through a board link between two territories; moving
inside a territory goes along its chain of sectors, which is where the storm
bites. Everything that changes per query (origin, destination, storm sector,
closed strongholds, allies, ``via``) is a fact bound per query, so the cached
solver is reused.

Rule checks search the board (a 0-1 BFS over locations and borders crossed)
within ``path_limit`` borders, the same bound the frame puts on ``L``, so each
rule says whether *some* path obeys it alone; the solver's unsat core then
says which rules together leave no path (range plus storm).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from checker.arrakis.board import POLAR_SINK, STRONGHOLD_NAMES, Board, Location, gf9_board
from checker.arrakis.history import acted_later_in_order, faction_turn
from checker.arrakis.position import MoveMove, Position
from checker.facts import Facts, Kind, Vars, all_of, any_of, constants, fact, kind, label
from checker.names import display, whose

K_MAX = 7  # the board's diameter in territory borders; the longest path the solver considers
CITIES = ("Arrakeen", "Carthag")


# -- the board, indexed once --------------------------------------------------


@dataclass(frozen=True)
class Geo:
    """The board as numbers: locations, territories and the links between them."""

    board: Board
    locs: tuple[Location, ...]
    loc_id: dict[Location, int]
    terr_names: tuple[str, ...]
    terr_id: dict[str, int]
    terr_of: tuple[int, ...]  # location -> territory id
    sector_of: tuple[int, ...]  # location -> sector (0 for the Polar Sink)
    locs_of: tuple[tuple[int, ...], ...]  # territory -> its locations
    inner: tuple[tuple[int, ...], ...]  # location -> linked locations of the same territory
    cross: tuple[tuple[int, ...], ...]  # location -> linked locations of other territories
    arc: dict[tuple[int, int], tuple[int, ...]]  # (a, b) same territory -> sectors from a to b, inclusive
    strongholds: tuple[int, ...]  # territory ids, in STRONGHOLD_NAMES order
    polar_sink: int


@cache
def geo() -> Geo:
    board = gf9_board()
    locs = tuple(board.locations())
    loc_id = {loc: i for i, loc in enumerate(locs)}
    names = tuple(board.names)
    terr_id = {n: i for i, n in enumerate(names)}
    terr_of = tuple(terr_id[t] for t, _ in locs)
    inner: list[list[int]] = [[] for _ in locs]
    cross: list[list[int]] = [[] for _ in locs]
    for here in locs:
        for there in sorted(board.neighbours.get(here, ())):
            (inner if here[0] == there[0] else cross)[loc_id[here]].append(loc_id[there])
    arc: dict[tuple[int, int], tuple[int, ...]] = {}
    for t in names:
        ids = [loc_id[loc] for loc in board.locations_of(t)]
        for first in ids:  # sectors of a territory form a chain: the route inside it is unique
            prev: dict[int, int] = {first: first}
            todo = deque([first])
            while todo:
                cur = todo.popleft()
                for n in inner[cur]:
                    if n not in prev:
                        prev[n] = cur
                        todo.append(n)
            assert set(prev) == set(ids), f"{t}: sectors not linked"
            for last_ in ids:
                route = [last_]
                while route[-1] != first:
                    route.append(prev[route[-1]])
                arc[(first, last_)] = tuple(locs[i][1] for i in reversed(route))
    return Geo(
        board=board,
        locs=locs,
        loc_id=loc_id,
        terr_names=names,
        terr_id=terr_id,
        terr_of=terr_of,
        sector_of=tuple(s for _, s in locs),
        locs_of=tuple(tuple(loc_id[loc] for loc in board.locations_of(t)) for t in names),
        inner=tuple(tuple(x) for x in inner),
        cross=tuple(tuple(x) for x in cross),
        arc=arc,
        strongholds=tuple(terr_id[s] for s in STRONGHOLD_NAMES),
        polar_sink=terr_id[POLAR_SINK],
    )


# -- the facts -------------------------------------------------------------------


@dataclass
class MovementFacts(Facts):
    """The facts of a movement: the forces, their origin and destination, and the board."""

    origin: str = label(doc="the territory the group leaves")
    to: str = label(doc="the destination territory")
    route: str = label(doc="the given path (via), for messages")
    closed_names: str = label(doc="strongholds closed to the mover, for messages")
    closed_by: dict[str, str] = dataclasses.field(
        default_factory=dict, metadata={"z3": False, "doc": "closed stronghold -> the other factions holding it"}
    )
    ally_where: dict[str, str] = dataclasses.field(
        default_factory=dict, metadata={"z3": False, "doc": "territory -> the mover's ally with forces there"}
    )
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    moved_before: bool | None = fact(None, key="this_phase", doc="the faction moved earlier this phase")
    turn_over: bool | None = fact(None, key="this_phase", doc="another faction acted after this one's turn began")
    ally_names: str = label(doc="the mover's ally, for messages")
    after_later: bool | None = fact(
        None,
        key="seats",
        doc="a faction later in storm order has already shipped or moved this phase (this_phase, seats, storm)",
    )
    later_names: str = label("", doc="those factions, for messages")
    ornithopter_cities: str = label("", doc="the cities where the mover has fighting forces, for messages")
    advisor_cities: str = label("", doc="the cities where the mover has only Advanced advisors, for messages")
    ally_count: int = label(0, doc="how many alliances the mover is in (the position may list more than one)")
    reach: int = label(1, doc="the mover's range under gf9, for messages")
    shortest: str = label("", doc="borders on the shortest path ignoring storm and occupants, for messages")
    count: int = fact(0, key="move.count", doc="ordinary forces moved")
    special: int = fact(0, key="move.special", doc="special forces moved")
    from_forces: int = fact(0, doc="the mover's ordinary fighting forces that can form the group")
    from_special: int = fact(0, doc="the mover's special forces that can form the group")
    origin_id: int = fact(0, doc="origin territory (board index)")
    to_id: int = fact(0, doc="destination territory (board index)")
    from_sector: int | None = fact(key="move.from_sector", doc="the group's sector; 0 = any, None = unknown and needed")
    start_sectors: list[bool] = fact([], doc="sectors 1..18 the group may start from (within the origin)")
    group_sector: int = label(
        0,
        doc="the one sector the moving group leaves, where the position places it there and the move does not "
        "say (0: the move gives it, the group gathers from several sectors, or the player picks)",
    )
    to_sector: int = fact(0, key="move.sector", doc="chosen destination sector; 0 = any")
    to_polar_sink: bool = fact(False)
    storm_sector: int | None = fact(key="storm")
    ornithopters: bool = fact(False, doc="fighting forces in Arrakeen or Carthag when movement begins")
    is_fremen: bool = fact(False)
    closed: list[bool] = fact([], doc="per stronghold: holds fighting forces of two or more other factions")
    ally_in: list[bool] = fact([], doc="per territory: the mover's ally has forces there")
    ally_in_to: bool = fact(False)
    via: list[int] = fact([], key="move.via", doc="territories entered, padded with -1 to K_MAX")
    via_len: int = fact(0)
    via_ok: bool = fact(True, doc="the given path is a chain of adjacent territories ending at the destination")
    path_limit: int = fact(K_MAX, doc="borders the solver may cross: enough for every rule's own best path")
    # -- dreamrules (read only by its rules) --
    ally_apart_in_to: bool = fact(
        False, doc="dreamrules: the ally has troops in the destination other than Bene Gesserit advisors"
    )
    ally_coexisting: str = label(
        "", doc="dreamrules: the ally's forces in the destination that coexist (advisors, the Surveyor's troops)"
    )
    advisors_stay: bool = fact(
        False,
        doc="dreamrules: the Bene Gesserit move advisors into a territory without their fighters (they stay "
        "advisors, dreamrules:1154)",
    )
    is_ixians: bool = fact(False)
    cyborgs: bool = fact(False, doc="dreamrules: the moving group holds a Cyborg (an Ixian special force)")
    native_suppressed: bool = fact(False, doc="dreamrules: Karama stopped the Fremen's Native Movement this phase")
    zensunni: bool = fact(False, key="move.zensunni_path", doc="dreamrules: the move is the Zensunni Path's")
    moved_already: bool = fact(
        False, key="factions.FACTION.made_ordinary_move", doc="dreamrules: the mover made its ordinary move"
    )
    all_acted: bool = fact(False, doc="dreamrules: every faction of the position finished its turn this phase")
    fremen_playing: bool = fact(False, doc="dreamrules: the Fremen are in the position")
    zensunni_suppressed: bool = fact(False, doc="dreamrules: Karama stopped the Zensunni Path this phase")
    surveyor_involved: bool = label(False, doc="dreamrules: Ixians move from or to the Surveyor's territory")
    advisors_in_origin: bool = label(False, doc="dreamrules: Bene Gesserit advisors stand in the origin")
    origin_mixed: bool = label(
        False, doc="dreamrules: Bene Gesserit advisors and fighters both stand in the origin (one posture a territory)"
    )
    not_acted: str = label("", doc="dreamrules: factions yet to finish their turn, for messages")

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")


def _groups_here(pos: Position, me: str, territory: str) -> list[Any]:
    return [g for g in pos.groups(me, territory) if g.total > 0 and not (g.advisors and pos.advanced)]


def _components(g: Geo, territory: int, storm: int | None) -> list[set[int]]:
    """The origin's sectors split by the storm into parts a group can gather in."""
    out: list[set[int]] = []
    seen: set[int] = set()
    for a in g.locs_of[territory]:
        if a in seen:
            continue
        if g.sector_of[a] == storm:  # forces under the storm are a group of their own, going nowhere
            seen.add(a)
            out.append({g.sector_of[a]})
            continue
        part, todo = {a}, [a]
        while todo:
            here = todo.pop()
            for n in g.inner[here]:
                if n not in part and g.sector_of[n] != storm:
                    part.add(n)
                    todo.append(n)
        seen |= part
        out.append({g.sector_of[i] for i in part})
    return out


def movement_facts(pos: Position) -> MovementFacts:
    m = pos.move
    assert isinstance(m, MoveMove)
    g = geo()
    me = m.faction
    origin, to = g.terr_id[m.from_], g.terr_id[m.to]
    storm = pos.storm
    origin_sectors = [g.sector_of[i] for i in g.locs_of[origin]]
    groups = _groups_here(pos, me, m.from_)
    if not groups and pos.ruleset == "dreamrules" and me == "bene-gesserit":
        # one posture a territory (dreamrules:1154): where the Bene Gesserit have only advisors, they are the group
        groups = [gr for gr in pos.groups(me, m.from_) if gr.total > 0]

    # The group: one sector's forces with those they can gather with (gf9:29, 235).
    from_sector: int | None = m.from_sector
    known = {gr.sector for gr in groups if gr.sector is not None}
    unplaced = any(gr.sector is None for gr in groups)
    if len(origin_sectors) <= 1:
        starts = set(origin_sectors)
        from_sector = 0
    elif from_sector is not None:
        starts = {from_sector}
    elif known and not unplaced:
        starts = known
        from_sector = 0
    else:
        starts = set(origin_sectors)  # where in the origin is not known
        from_sector = 0 if storm is None or storm not in origin_sectors else None
    parts = _components(g, origin, storm) if storm is not None else [set(origin_sectors)]
    if m.from_sector is not None:
        parts = [p for p in parts if m.from_sector in p] or [{m.from_sector}]

    def forces_in(part: set[int]) -> tuple[int, int]:
        inside = [gr for gr in groups if gr.sector is None or gr.sector in part or len(origin_sectors) <= 1]
        return sum(gr.count for gr in inside), sum(gr.special for gr in inside)

    best = max((forces_in(p) for p in parts), key=sum, default=(0, 0)) if parts else (0, 0)
    # The sector the group leaves, where only one is possible: every group placed, one part of the origin holding
    # enough for the move, and its forces in one sector (a group gathered from sectors 8 and 10 leaves from both).
    group_sector = 0
    if len(origin_sectors) > 1 and m.from_sector is None and groups and not unplaced:
        enough = [p for p in parts if all(a >= b for a, b in zip(forces_in(p), (m.count, m.special), strict=True))]
        held = [{gr.sector for gr in groups if gr.sector in p} for p in enough]
        if len(held) == 1 and len(held[0]) == 1:
            group_sector = next(iter(held[0]))

    others = [
        s for s in STRONGHOLD_NAMES if len(pos.occupants(s) - {me}) >= 2
    ]  # Advanced advisors are no occupants (Position.occupants)
    allies = pos.allies_of(me)
    ally_in = [bool(allies & pos.occupants(t, fighters_only=False)) for t in g.terr_names]
    ally_where = {
        t: " and ".join(display(a) for a in sorted(allies & pos.occupants(t, fighters_only=False)))
        for t, there in zip(g.terr_names, ally_in, strict=True)
        if there
    }

    via_names = list(m.via)
    if via_names and via_names[-1] != m.to:
        via_names.append(m.to)
    via_ok = _via_ok(g, m.from_, via_names)
    via_ids = [g.terr_id[t] for t in via_names][:K_MAX]
    turn = faction_turn(pos, me)

    f = MovementFacts(
        faction=me,
        advanced=pos.advanced,
        origin=m.from_,
        to=m.to,
        route=" → ".join([m.from_, *via_names]) if via_names else "",
        closed_names=", ".join(others) or "none",
        closed_by={t: " and ".join(display(o) for o in sorted(pos.occupants(t) - {me})) for t in others},
        ally_where=ally_where,
        phase_index=pos.phase_index,
        moved_before=None if turn is None else turn.moved,
        turn_over=None if turn is None else turn.over,
        ally_names=", ".join(display(a) for a in sorted(allies)) or "none",
        ally_count=len(allies),
        count=m.count,
        special=m.special,
        from_forces=best[0],
        from_special=best[1],
        origin_id=origin,
        to_id=to,
        from_sector=from_sector,
        start_sectors=[s in starts for s in range(1, 19)],
        group_sector=group_sector,
        to_sector=m.sector or 0,
        to_polar_sink=m.to == POLAR_SINK,
        storm_sector=storm,
        ornithopters=any(_groups_here(pos, me, c) for c in CITIES),
        ornithopter_cities=" and ".join(c for c in CITIES if _groups_here(pos, me, c)),
        advisor_cities=" and ".join(
            c for c in CITIES if not _groups_here(pos, me, c) and any(g.total for g in pos.groups(me, c))
        ),
        is_fremen=me == "fremen",
        closed=[s in others for s in STRONGHOLD_NAMES],
        ally_in=ally_in,
        ally_in_to=ally_in[to],
        via=via_ids + [-1] * (K_MAX - len(via_ids)),
        via_len=len(via_names),
        via_ok=via_ok,
    )
    _dreamrules_facts(pos, m, f)
    f.path_limit = _path_limit(f)
    f.reach = movement_range(f)
    plain = search(f)
    f.shortest = str(plain[0]) if plain else "no"
    later = acted_later_in_order(pos, me)
    f.after_later = None if later is None else bool(later)
    f.later_names = " and ".join(display(x) for x in later or [])
    f.notes = _notes(pos, m, f, groups, origin_sectors)
    return f


def _dreamrules_facts(pos: Position, m: MoveMove, f: MovementFacts) -> None:
    """The facts only Dreamrules' rules read (they stay at their defaults' meaning under other rulesets)."""
    g = geo()
    allies = pos.allies_of(m.faction)

    def apart(t: str) -> bool:  # Bene Gesserit advisors coexist (dreamrules:568); the Surveyor is its own territory
        return any(
            h.total > 0 and not h.advisors and not getattr(h, "surveyor", False)
            for a in allies
            for h in pos.groups(a, t)
        )

    f.ally_apart_in_to = apart(g.terr_names[f.to_id])
    there = [h for a in allies for h in pos.groups(a, g.terr_names[f.to_id]) if h.total > 0]
    f.ally_coexisting = " and ".join(
        w
        for w, present in (
            ("Bene Gesserit advisors", any(h.advisors for h in there)),
            ("troops aboard the Hidden Mobile Surveyor", any(getattr(h, "surveyor", False) for h in there)),
        )
        if present
    )
    f.is_ixians = m.faction == "ixians"
    f.cyborgs = f.is_ixians and m.special > 0
    f.native_suppressed = f.is_fremen and pos.stopped("fremen", "native-movement")
    f.zensunni = bool(getattr(m, "zensunni_path", False))
    state = pos.factions.get(m.faction)
    f.moved_already = bool(getattr(state, "made_ordinary_move", False)) if state else False
    acted = set(getattr(pos, "acted_this_phase", []) or [])
    players = list(pos.faction_names)
    f.all_acted = all(p in acted for p in players)
    f.not_acted = ", ".join(display(p) for p in players if p not in acted)
    f.fremen_playing = "fremen" in players
    f.zensunni_suppressed = pos.stopped("fremen", "zensunni-path")
    f.advisors_in_origin = m.faction == "bene-gesserit" and any(
        h.advisors and h.total > 0 for h in pos.groups(m.faction, m.from_)
    )
    f.origin_mixed = f.advisors_in_origin and any(
        h.total > 0 and not h.advisors for h in pos.groups(m.faction, m.from_)
    )
    f.advisors_stay = (
        f.advisors_in_origin
        and not f.origin_mixed
        and not any(h.total > 0 and not h.advisors for h in pos.groups(m.faction, g.terr_names[f.to_id]))
    )
    hms = getattr(pos, "hidden_mobile_surveyor", None)
    f.surveyor_involved = f.is_ixians and (
        (hms is not None and hms.territory in (m.from_, m.to))
        or any(getattr(h, "surveyor", False) for h in pos.groups(m.faction, m.from_))
    )


def _notes(pos: Position, m: MoveMove, f: MovementFacts, groups: list[Any], origin_sectors: list[int]) -> list[str]:
    """The facts this movement's answer infers rather than reads."""
    out: list[str] = []
    if pos.phase is None:
        out.append("the position does not give 'phase': it is taken to be the Shipment and Movement phase")
    if len(origin_sectors) > 1 and m.from_sector is None and groups and any(gr.sector is None for gr in groups):
        if f.from_sector == 0:
            out.append(
                f"the position does not place {whose(m.faction)} forces in {m.from_} in a sector: the group may "
                f"start from any sector of {m.from_}, as no storm is over it"
            )
    sectors = pos.board[m.to].sectors if m.to in pos.board.territories else []
    if m.sector is None and len(sectors) > 1:
        out.append(
            f"the move gives no sector of {m.to} ({', '.join(map(str, sectors))}): every one is asked about: the move "
            "is legal where the rules allow one of them, and the outcome names none, the player's choice "
            "(move.sector asks about one)"
        )
    if m.via and m.via[-1] != m.to:
        out.append(f"the declared route ends with {m.to}, the move's destination")
    if f.zensunni:
        out.append(
            "the position has no key for a Zensunni Path already granted this phase: the answer assumes the Fremen "
            "have not granted it to another faction (dreamrules:420 allows one)"
        )
    return out


def _via_ok(g: Geo, origin: str, via: list[str]) -> bool:
    if not via:
        return True
    if len(via) > K_MAX:
        return False
    here = origin
    for t in via:
        if t not in g.board.adjacent_territories(here):
            return False
        here = t
    return True


def movement_range(f: MovementFacts, fremen_two: bool = True) -> int:
    """One range, never added: 3 with ornithopters, else 2 for Fremen (gf9), else 1."""
    if f.ornithopters:
        return 3
    if f.cyborgs:
        return 2  # dreamrules:432 (only Ixians have Cyborgs)
    return 2 if (f.is_fremen and fremen_two and not f.native_suppressed) else 1


def range_text(f: MovementFacts, fremen_two: bool = True) -> str:
    """Why the mover's range is what it is, for messages."""
    if f.ornithopters:
        stormy = ""
        if f.storm_sector is not None:
            board = geo().board
            under = [c for c in f.ornithopter_cities.split(" and ") if f.storm_sector in board[c].sectors]
            stormy = f", {' and '.join(under)} under the storm all the same" if under else ""
        return f"3 (ornithopters: it has forces in {f.ornithopter_cities}{stormy})"
    if f.cyborgs:
        return "2 (Cyborgs move two territories, and Suboids with them)"
    if f.is_fremen and fremen_two and f.native_suppressed:
        return "1 (Karama stopped the Fremen's Native Movement this phase)"
    if f.is_fremen and fremen_two:
        return "2 (the Fremen's range)"
    if f.advisor_cities:
        return f"1 (its advisors in {f.advisor_cities} provide no ornithopters)"
    return "1 (no forces in Arrakeen or Carthag)"


def names(f: MovementFacts, ids: list[int]) -> str:
    g = geo()
    return " → ".join([f.origin, *(g.terr_names[t] for t in ids)])


def without_route(f: MovementFacts) -> MovementFacts:
    """The same move with no declared route (``via``): any path will do."""
    return dataclasses.replace(f, via=[-1] * K_MAX, via_len=0, via_ok=True, path_limit=K_MAX, notes=[])


def legal_route(f: MovementFacts, layer: str) -> str | None:
    """A route obeying every rule of the layer (range, storm, closed strongholds, allies), ignoring ``via``."""
    free = without_route(f)
    if layer == "gf9" and f.ally_in_to and not f.to_polar_sink:
        return None  # gf9 forbids ending with the ally whatever the route
    found = search(free, storm=layer if f.storm_sector is not None else "", closed=True, allies=layer == "overview")
    if found is None or found[0] > movement_range(f, fremen_two=layer == "gf9"):
        return None
    return names(f, found[1]) if found[1] else f"{f.origin} (a change of sector)"


def blocked_step(f: MovementFacts, *, storm: str = "", closed: bool = False, allies: bool = False) -> int:
    """The first territory of the declared route (1-based) that the given rules keep the group from reaching."""
    for k in range(1, f.via_len + 1):
        last_step = k == f.via_len
        part = dataclasses.replace(
            f, to_id=f.via[k - 1], to_sector=f.to_sector if last_step else 0, via_len=k, path_limit=k, notes=[]
        )
        if search(part, storm=storm, closed=closed, allies=allies) is None:
            return k
    return 0


def route_advice(f: MovementFacts, layer: str) -> str:
    """What to say after a declared route is found blocked: a legal route, or that none exists."""
    other = legal_route(f, layer)
    return f" A legal route: {other}." if other else f" No legal route reaches {f.to}."


def start_in_storm(f: MovementFacts) -> bool:
    """Every sector the group may start from is under the storm."""
    g = geo()
    sectors = [g.sector_of[loc] for loc in g.locs_of[f.origin_id]]
    starts = [s for s in sectors if s and f.start_sectors[s - 1]]
    return bool(starts) and all(s == f.storm_sector for s in starts)


def destination_in_storm(f: MovementFacts) -> bool:
    """The destination (or its chosen sector) is wholly under the storm."""
    g = geo()
    sectors = [g.sector_of[loc] for loc in g.locs_of[f.to_id] if g.sector_of[loc]]
    if f.to_sector:
        sectors = [f.to_sector]
    return bool(sectors) and all(s == f.storm_sector for s in sectors)


def storm_message(s: MovementFacts, layer: str) -> str:
    """Which part of the move the storm blocks: the group's start, the declared route, the destination."""
    n = s.storm_sector
    if layer == "gf9" and start_in_storm(s):
        who = display(s.faction)
        return f"{who}'s forces in {s.origin} are in sector {n}, under the storm: they cannot move out of it."
    if s.via_len:
        k = blocked_step(s, storm=layer)
        if k:
            where = geo().terr_names[s.via[k - 1]]
            return (
                f"The declared route {s.route} is blocked: {display(s.faction)} cannot reach {where} on it without "
                f"crossing sector {n}, under the storm." + route_advice(s, layer)
            )
    if destination_in_storm(s):
        where = f"{s.to} sector {s.to_sector}" if s.to_sector else s.to
        return f"{display(s.faction)} cannot move into {where}: sector {n} is under the storm."
    clear = search(s, storm=layer)
    if clear is not None:  # the storm forbids only together with other rules (range, a closed stronghold)
        return (
            f"{whose(s.faction)} way from {s.origin} to {s.to} clear of sector {n}, under the storm, is "
            f"{names(s, clear[1])}, entering {clear[0]} territories."
        )
    return f"{display(s.faction)} has no path from {s.origin} to {s.to} that stays out of sector {n}, under the storm."


def closed_message(s: MovementFacts, layer: str) -> str:
    """Which closed stronghold blocks the move, and who holds it."""
    if s.via_len:
        k = blocked_step(s, closed=True)
        if k:
            where = geo().terr_names[s.via[k - 1]]
            return (
                f"The declared route {s.route} enters {where}, closed to {display(s.faction)}: "
                f"{s.closed_by.get(where, '?')} already hold it." + route_advice(s, layer)
            )
    if s.to in s.closed_by:
        return f"{display(s.faction)} cannot move into {s.to}: {s.closed_by[s.to]} already hold it."
    held = "; ".join(f"{t} ({who})" for t, who in s.closed_by.items())
    if search(s, closed=True) is not None:  # forbids only together with other rules
        return f"{display(s.faction)} may not pass the strongholds held by two other factions: {held}."
    return f"Every path from {s.origin} to {s.to} passes a stronghold held by two other factions: {held}."


# -- the search the checks use ------------------------------------------------

Filter = Callable[[int], bool]


def search(
    f: MovementFacts, *, storm: str = "", closed: bool = False, allies: bool = False
) -> tuple[int, list[int]] | None:
    """The cheapest path within ``path_limit`` borders obeying the given rules, or None.

    ``storm``: "" ignores it; "gf9" forbids into, out of and through the storm
    sector; "overview" forbids into and through (the start is exempt).
    ``closed``: no entering a closed stronghold. ``allies``: no entering a
    territory holding the ally's forces, except the Polar Sink.
    Returns (cost, territories entered), cost counting borders, or 1 for a
    change of sector that stays inside the origin.
    """
    g = geo()
    limit = min(f.path_limit, K_MAX)
    use_via = f.via_len > 0 and f.via_ok
    closed_ids = {sid for sid, c in zip(g.strongholds, f.closed, strict=True) if c}

    def stormy(loc: int) -> bool:
        return bool(storm) and g.sector_of[loc] == f.storm_sector

    def may_enter(t: int, k: int) -> bool:  # entering territory t as the k-th border crossed
        if use_via and (k > f.via_len or f.via[k - 1] != t):
            return False
        if closed and t in closed_ids:
            return False
        return not (allies and t != g.polar_sink and f.ally_in[t])

    starts = [
        loc
        for loc in g.locs_of[f.origin_id]
        if (g.sector_of[loc] == 0 or f.start_sectors[g.sector_of[loc] - 1]) and not (storm == "gf9" and stormy(loc))
    ]
    dest = {loc for loc in g.locs_of[f.to_id] if f.to_sector in (0, g.sector_of[loc])}
    # 0-1 BFS over (location, borders crossed): moving inside a territory is free.
    prev: dict[tuple[int, int], tuple[int, int] | None] = {}
    todo: deque[tuple[int, int]] = deque()
    for s in starts:
        prev[(s, 0)] = None
        todo.append((s, 0))
    found: tuple[int, int] | None = None
    while todo:
        state = todo.popleft()
        loc, k = state
        if loc in dest and (not use_via or k == f.via_len):
            found = state
            break
        for n in g.inner[loc]:
            if (n, k) not in prev and not stormy(n):
                prev[(n, k)] = state
                todo.appendleft((n, k))
        if k < limit:
            for n in g.cross[loc]:
                if (n, k + 1) not in prev and not stormy(n) and may_enter(g.terr_of[n], k + 1):
                    prev[(n, k + 1)] = state
                    todo.append((n, k + 1))
    if found is None:
        return None
    if found[1] == 0:  # no border crossed: free if a start is already a destination, else a change of sector
        return (0 if any(s in dest for s in starts) else 1), []
    path: list[int] = []
    here: tuple[int, int] | None = found
    while here is not None:
        before = prev[here]
        if before is not None and before[1] != here[1]:
            path.append(g.terr_of[here[0]])
        here = before
    path.reverse()
    return found[1], path


def _path_limit(f: MovementFacts) -> int:
    """Enough borders for the range and for each rule's (and rules') own shortest path."""
    best = movement_range(f)
    f.path_limit = K_MAX
    if f.via_len > 0 and f.via_ok:
        return f.via_len
    storms = ["", "gf9", "overview"] if f.storm_sector is not None else [""]
    closed = [False, True] if any(f.closed) else [False]
    allies = [False, True] if any(f.ally_in) else [False]
    for s in storms:
        for c in closed:
            for a in allies:
                got = search(f, storm=s, closed=c, allies=a)
                if got is not None:
                    best = max(best, _borders(got))
    return min(best, K_MAX)


def _borders(found: tuple[int, list[int]]) -> int:
    return len(found[1])


# -- the kind --------------------------------------------------------------------


@kind
class Movement(Kind):
    name = "move"
    title = "Movement"
    outcome_keys: ClassVar[dict[str, str]] = {
        "sector": "the sector the forces end in",
        "from_sector": "the sector they leave, where the position does not give it",
    }

    def facts(self, pos: Position) -> MovementFacts:
        return movement_facts(pos)

    def choices(self, vars_: Vars, facts: Facts) -> None:
        import z3

        v: Any = vars_
        g = geo()
        n = len(g.locs)
        v.L = z3.Int("L")
        v.cost = z3.Int("cost")
        # Visits 0..k, k = this solver's path_limit (part of its shape): short questions get small solvers.
        k = min(getattr(facts, "path_limit", K_MAX), K_MAX)
        v.act = [z3.BoolVal(True), *constants([f"act_{i}" for i in range(1, k + 1)], "Bool")]  # i <= L
        v.e = [constants([f"e_{i}_{loc}" for loc in range(n)], "Bool") for i in range(k + 1)]
        v.x = [constants([f"x_{i}_{loc}" for loc in range(n)], "Bool") for i in range(k + 1)]
        v.tv = [constants([f"t_{i}_{t}" for t in range(len(g.terr_names))], "Bool") for i in range(k + 1)]

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        return list(_frame(v))

    def shortest(self, v: Vars, facts: Facts) -> Any:
        return v.L  # borders crossed: report the shortest legal path

    def shape(self, facts: Facts) -> tuple[Any, ...]:
        return (*super().shape(facts), getattr(facts, "path_limit", K_MAX))

    def outcome(self, value: Any, vars_: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, MovementFacts)
        v: Any = vars_
        g = geo()
        n_borders = value(v.L)
        start = next(loc for loc in g.locs_of[facts.origin_id] if value(v.e[0][loc]))
        ids: list[int] = []
        here = facts.origin_id
        for i in range(1, n_borders + 1):  # look only at the territories next to the last one
            near = sorted({g.terr_of[n] for loc in g.locs_of[here] for n in g.cross[loc]})
            here = next(t for t in near if value(v.tv[i][t]))
            ids.append(here)
        path = [g.terr_names[t] for t in ids]
        end = next(loc for loc in g.locs_of[facts.to_id] if value(v.x[n_borders][loc]))
        out: dict[str, Any] = {"path": path}
        # the sector the forces end in: the move's, or the territory's only one; where the player picks among several
        # the solver's is one it could reach, not the answer (mentat apply then leaves it out, with a note)
        if g.sector_of[end] and (facts.to_sector or len(g.locs_of[facts.to_id]) == 1):
            out["sector"] = g.sector_of[end]
        # the sector the group leaves, where the move does not give it: only where it comes from one sector (a group
        # gathered from several sectors, or one the player places, has no one sector to name)
        if facts.group_sector and g.sector_of[start] == facts.group_sector:
            out["from_sector"] = facts.group_sector
        return out


def _exactly_one(bs: list[Any]) -> list[Any]:
    import z3

    return [z3.Or(*bs), z3.AtMost(*bs, 1)]


def _frame(v: Any) -> list[Any]:
    import z3

    g = geo()
    n = len(g.locs)
    out: list[Any] = [v.L >= 0, v.L <= K_MAX, v.L <= v.path_limit]
    for i in range(1, len(v.act)):
        out.append(v.act[i] == (v.L >= i))
    for i in range(len(v.act)):  # a visit after the last is empty
        out += [z3.Implies(v.act[i], z3.Or(*v.tv[i])), z3.AtMost(*v.tv[i], 1)]
        for t, ids in enumerate(g.locs_of):
            out += _exactly_one([v.e[i][loc] for loc in ids] + [z3.Not(v.tv[i][t])])
            out += _exactly_one([v.x[i][loc] for loc in ids] + [z3.Not(v.tv[i][t])])
    for i in range(len(v.act) - 1):
        step = z3.And(*[z3.Implies(v.x[i][a], any_of(v.e[i + 1][b] for b in g.cross[a])) for a in range(n)])
        out.append(z3.Implies(v.act[i + 1], step))
        out.append(z3.Implies(v.act[i + 1], v.act[i]))
        out.append(z3.Implies(z3.Not(v.act[i + 1]), z3.Not(z3.Or(*v.tv[i + 1]))))
    for loc in range(n):  # the group starts in the origin, in a sector it may start from
        s = g.sector_of[loc]
        ok = v.origin_id == g.terr_of[loc]
        if s:
            ok = z3.And(ok, v.start_sectors[s - 1])
        out.append(z3.Implies(v.e[0][loc], ok))
        if s and len(g.locs_of[g.terr_of[loc]]) > 1:
            for i in range(len(v.act)):
                out.append(z3.Implies(z3.And(last(v, i), v.x[i][loc]), z3.Or(v.to_sector == 0, v.to_sector == s)))
    for t in range(len(g.terr_names)):  # ... and ends in the destination
        for i in range(len(v.act)):
            out.append(z3.Implies(z3.And(last(v, i), v.tv[i][t]), v.to_id == t))
    same = z3.And(*[v.e[0][loc] == v.x[0][loc] for loc in range(n)])
    out.append(v.cost == z3.If(v.L == 0, z3.If(same, 0, 1), v.L))
    out.append(z3.Implies(z3.And(v.via_ok, v.via_len > 0), follows_via(v)))
    return out


# -- pieces of z3 forms the rules share ---------------------------------------


def follows_via(v: Any) -> Any:
    """The path enters exactly the given territories, in order."""
    import z3

    g = geo()
    steps = [
        z3.Implies(z3.And(v.via_len >= i, v.via[i - 1] == t), v.tv[i][t])
        for i in range(1, len(v.act))
        for t in range(len(g.terr_names))
    ]
    return z3.Implies(v.via_len > 0, z3.And(v.L == v.via_len, *steps))


def visit_clear(v: Any, i: int, exempt_start: bool = False) -> Any:
    """Visit ``i`` goes from its entry to its exit without touching the storm sector."""
    import z3

    g = geo()
    terms = []
    for t, ids in enumerate(g.locs_of):
        if t == g.polar_sink:
            continue
        for a in ids:
            for b in ids:
                sectors = list(g.arc[(a, b)])
                if exempt_start:
                    sectors = sectors[1:]
                if not sectors:
                    continue
                clear = all_of(v.storm_sector != s for s in sectors)
                terms.append(z3.Implies(z3.And(v.e[i][a], v.x[i][b]), clear))
    return z3.And(*terms)


def last(v: Any, i: int) -> Any:
    """Visit ``i`` is the last: the path ends there."""
    import z3

    return v.act[i] if i == len(v.act) - 1 else z3.And(v.act[i], z3.Not(v.act[i + 1]))


def enters(v: Any, i: int, t: int) -> Any:
    """The path's ``i``-th border crossing enters territory ``t``."""
    import z3

    return z3.And(v.act[i], v.tv[i][t])
