"""The storm's movement: its distance, the sectors it crosses, what it destroys.

``move: {action: storm, distance: N}`` or ``move: {action: storm, dials: [a, b]}``.

Conventions fixed here (and documented on the rules that use them):

* Sectors are numbered 1..18 counterclockwise, the storm's direction, so moving
  the storm adds to the sector number and 18 wraps to 1.
* The storm *hits* every sector it moves into, the new storm sector included.
  The sector it starts from is not hit again (gf9:505: "The current storm sector
  is not retroactively hit; vulnerable sectors it moves into are affected"),
  unless the storm goes all the way round (18 sectors or more) and moves into
  it once more. ``sectors_crossed`` lists the hit sectors in the order the
  storm first enters them.
* On turn 1 the storm starts at the Storm Start sector 18 (gf9:83) when the
  position gives no ``storm``. Turn 1 *places* the storm: it hit nothing before,
  so when the dials total zero its final sector, the Storm Start, is hit
  (gf9:97 "crossed or final sectors", overview:37 "storm sectors"); on a later
  turn a storm that does not move (Weather Control's zero) hits nothing again.
* Without ``phase`` the move is taken to be made in the Storm phase (a note says so).
* A group (of forces or spice) without a ``sector`` in a territory of several
  sectors is placed only where it matters: when the storm hits all of that
  territory's sectors or none of them, its sector does not change the answer;
  otherwise the answer is unresolved and names ``forces[].sector`` or
  ``spice[].sector``.
* Groups of one faction in one territory and sector are merged (half losses
  for Advanced Fremen are counted per location); a group aboard the Dreamrules
  Hidden Mobile Surveyor (``surveyor: true``) stays a group of its own.
* Dreamrules (read by its rules only): a group is *at a spice mine* when it is in
  the mine's territory and sector (``spice_mines``); a group without a sector in a
  territory of several sectors that holds a mine the storm reaches is unplaced
  (the answer names ``forces[].sector``), and so is a mine without a sector there
  (``spice_mines[].sector``). ``nexus_card`` is this turn's Nexus card (0: blank),
  drawn after the Storm (dreamrules:228): the storm move's outcome says whether it
  causes a Nexus.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.board import SECTORS, gf9_board
from checker.arrakis.position import Position, StormMove, phase_words
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, all_of, any_of, fact, kind, label
from checker.names import display, plural

STORM_START = 18
# gf9:503: "Arrakeen, Carthag and Imperial Basin lose their protection from storm
# for the rest of the game" once the Shield Wall is destroyed.
SHIELD_WALL_SHELTERED = ("Imperial Basin", "Arrakeen", "Carthag")


@dataclass
class StormFacts(Facts):
    """The facts of a storm move."""

    turn: int | None = fact(key="turn")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    moved_this_phase: bool | None = fact(
        None, key="this_phase", doc="the phase's history has a storm move already (None: no history given)"
    )
    placed: bool | None = fact(
        False,
        key="turn",
        doc="turn one places the storm: its final sector is hit even where the dials total zero (None: a storm "
        "that does not move, on a turn not given)",
    )
    storm_sector: int | None = fact(key="storm", doc="the storm's sector before it moves (18 on turn 1)")
    dials: list[int] = fact([], key="move.dials")
    has_dials: bool = fact(False)
    distance: int = fact(0, key="move.distance", doc="sectors moved: the distance, or the sum of the dials")
    # whether a later turn's distance is Weather Control's choice (gf9:93); None: the move does not say
    weather_control: bool | None = fact(None, key="move.weather_control", doc="the distance is Weather Control's")
    fremen_advanced: bool = fact(False, doc="Advanced game with the Fremen playing")
    fremen_storm_deck: bool | None = fact(
        False,
        key="factions.fremen",
        doc="Advanced: whether the Fremen play (their Storm Deck moves the storm after turn one); None when the "
        "position leaves a player unnamed who may be the Fremen",
    )
    shield_wall_standing: bool | None = fact(True, key="shield_wall")
    # force groups, one entry per (faction, territory, sector)
    group_sector: list[int] = fact([], doc="0: no sector (Polar Sink)")
    group_count: list[int] = fact([], doc="force tokens, ordinary and special")
    group_sand: list[bool] = fact([])
    group_sheltered: list[bool] = fact([], doc="sheltered by the Shield Wall while it stands")
    group_fremen: list[bool] = fact([])
    forces_placed: bool | None = fact(True, key="forces[].sector", doc="every group's sector matters and is known")
    # spice groups
    spice_sector: list[int] = fact([])
    spice_amount: list[int] = fact([])
    spice_placed: bool | None = fact(True, key="spice[].sector")
    # With a 'spice' list, no heap in a sector means none; with no 'spice' key the board's spice is unknown
    spice_given: bool | None = fact(True, key="spice", doc="the position gives 'spice' (None: the spice is unknown)")
    # player circles
    seat_sector: list[int] = fact([])
    seats_known: bool | None = fact(None, key="seats", doc="every faction's player circle is given")
    # dreamrules (its rules alone read these)
    group_surveyor: list[bool] = fact([], doc="the group is aboard the Hidden Mobile Surveyor")
    group_at_mine: list[bool] = fact([], doc="the group is at a spice mine (the mine's territory and sector)")
    group_opened: list[bool] = fact([], doc="the group is in a sietch Family Atomics opened to the storm")
    mine_sector: list[int] = fact([], doc="each spice mine's sector (0: unknown where it does not matter)")
    mines_placed: bool | None = fact(True, key="spice_mines[].sector", doc="every mine's sector is known")
    fremen_immune: bool = fact(True, doc="Fremen's Storm Immunity is not stopped by Karama this phase")
    nexus_given: bool = fact(False, doc="the position gives this turn's Nexus card")
    nexus_number: int | None = fact(None, key="nexus_card", doc="this turn's Nexus card: 1..7, 0 for a blank")
    # labels for messages and outcomes
    group_faction: tuple[str, ...] = label(())
    group_territory: tuple[str, ...] = label((), doc="each group's territory, for messages")
    group_ordinary: tuple[int, ...] = label((), doc="each group's ordinary tokens (advisors too)")
    group_special: tuple[int, ...] = label((), doc="each group's special tokens (Fedaykin, Sardaukar, Cyborgs)")
    group_given_sector: tuple[int | None, ...] = label((), doc="each group's sector as the position gives it")
    seat_faction: tuple[str, ...] = label(())
    dials_text: str = label("")
    unplaced: str = label("", doc="the group whose sector is needed")
    mine_territory: tuple[str, ...] = label((), doc="each spice mine's territory")
    carryall: str = label("", doc="the faction holding the Carryall tech token ('' for none)")

    @property
    def phase_name(self) -> str:
        """The phase as a player names it ("Spice Blow", "CHOAM Charity")."""
        if self.phase_index is None:
            return "?"
        return phase_words(self.phase_index)

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["distance_sectors"] = plural(self.distance, "sector")  # "1 sector", "3 sectors"
        return out

    def missing_detail(self, key: str) -> str:
        """Without the Shield Wall's state: the losses it decides, and those the storm takes whatever it is."""
        if key == "spice":
            return "the spice on the board"
        if key != "shield_wall" or self.storm_sector is None or self.placed is None:
            return ""
        hit = hit_sectors(self.storm_sector, self.distance, self.placed)
        depends: list[str] = []
        sure: list[str] = []
        for i, faction in enumerate(self.group_faction):
            n = self.group_count[i]
            if self.group_sector[i] not in hit or not n:
                continue
            where = f"{self.group_territory[i]} sector {self.group_sector[i]}"
            lost = -(-n // 2) if self.group_fremen[i] and self.fremen_advanced else n
            if self.group_sheltered[i]:
                depends.append(f"{display(faction)} loses {lost} of {n} in {where}")
            elif self.group_sand[i]:
                sure.append(f"{display(faction)} loses {lost} of {n} in {where}")
        if not depends:
            return ""
        text = f"whether the Shield Wall stands: only if it is destroyed, {', '.join(depends)} (gf9:97, 503)"
        if sure:
            text += f"; whatever its state, {', '.join(sure)} (sand the storm hits)"
        return text


def step(sector: int, n: int) -> int:
    """The sector ``n`` sectors counterclockwise of ``sector``."""
    return (sector - 1 + n) % SECTORS + 1


def hit_sectors(start: int, distance: int, placed: bool | None = False) -> list[int]:
    """The sectors the storm moves into, in the order first entered (walked one by one); ``placed`` (turn one):
    the storm's final sector is hit even when it does not move from the Storm Start."""
    if placed and distance == 0:
        return [start]
    out: list[int] = []
    here = start
    for _ in range(distance):
        here = here % SECTORS + 1
        if here not in out:
            out.append(here)
    return out


def first_seat(new_sector: int, seats: list[int]) -> int | None:
    """Index of the player circle the storm next approaches, walking counterclockwise from it.

    A circle in the storm's own sector has been reached already: it comes last.
    """
    here = new_sector
    for _ in range(SECTORS):
        here = here % SECTORS + 1
        if here in seats:
            return seats.index(here)
    return None


# -- z3 helpers (the solver's own encoding of the same geometry) ----------------
def z3_new_sector(storm: Any, distance: Any) -> Any:
    return (storm - 1 + distance) % SECTORS + 1


def z3_hits(sector: Any, storm: Any, distance: Any, placed: Any = False) -> Any:
    """Whether the storm moving ``distance`` from ``storm`` moves into ``sector`` (0 = none); ``placed``: turn
    one, where a storm dialed zero still hits its final sector."""
    import z3

    ahead = (sector - storm) % SECTORS  # 0 for the starting sector itself
    stays = z3.And(placed, distance == 0, ahead == 0)
    return z3.And(sector >= 1, z3.Or(distance >= SECTORS, z3.And(ahead >= 1, ahead <= distance), stays))


def s_hits(s: StormFacts) -> list[int]:
    """The sectors this storm move hits (``hit_sectors`` of the facts)."""
    assert s.storm_sector is not None
    return hit_sectors(s.storm_sector, s.distance, s.placed)


def v_hits(v: Any, sector: Any) -> Any:
    """Whether the solver's storm hits ``sector`` (``z3_hits`` of the variables)."""
    return z3_hits(sector, v.storm_sector, v.distance, v.placed)


def z3_group_loss(v: Any, i: int, half_for_fremen: bool) -> Any:
    """Tokens group ``i`` loses to the storm."""
    import z3

    exposed = z3.And(
        z3.Or(v.group_sand[i], v.group_sheltered[i]),
        z3.Not(z3.And(v.group_sheltered[i], v.shield_wall_standing)),
        v_hits(v, v.group_sector[i]),
    )
    n = v.group_count[i]
    lost = z3.If(z3.And(v.group_fremen[i], v.fremen_advanced), (n + 1) / 2, n) if half_for_fremen else n
    return z3.If(exposed, lost, 0)


def z3_first_seat(v: Any) -> Any:
    """The chosen ``first_seat`` is the circle nearest ahead of the new storm sector."""
    import z3

    new = z3_new_sector(v.storm_sector, v.distance)
    n = len(v.seat_sector)
    if n == 0:
        return z3.BoolVal(False)
    ahead = [(s - new - 1) % SECTORS for s in v.seat_sector]
    return any_of(z3.And(v.first_seat == i, all_of(ahead[i] <= a for a in ahead)) for i in range(n))


@kind
class Storm(Kind):
    name = "storm"
    preprocessed = True  # measured over its cases: 0.78 of the time of the long-lived solver
    title = "Storm movement"
    outcome_keys: ClassVar[dict[str, str]] = {
        "sectors_crossed": "the sectors the storm passes over and stops in, in order",
        "losses_by_group": "the groups that lose forces to the Tanks, in the position's forces order: faction, "
        "territory, sector (as the position gives it), tokens, and of them count (ordinary) and special; count and "
        "special are null where the text leaves to the owner which tokens of a group of both kinds are lost",
        "first_player": "the new First Player",
        "returned_to_reserves": "Dreamrules: faction -> troops at a destroyed spice mine, back to reserves",
        "nexus": "Dreamrules: whether a Nexus follows the storm",
    }
    ruled = ("returned_to_reserves", "nexus")  # dreamrules' rules fix them; gf9's answer leaves them out
    # every troop leaving the board counts in the shared losses: the Tanks' and, in Dreamrules, those a destroyed
    # mine sends back to reserves (dreamrules:292)
    derived: ClassVar[dict[str, tuple[str, ...]]] = {"losses": ("losses", "returned_to_reserves")}
    decisive = ("storm",)  # where the storm ends is the question; without it nothing it does is known
    # a mine with no sector is taken to lie in none: whether the storm destroys it, and the spice it holds (#1859)
    reaches: ClassVar[dict[str, tuple[str, ...]]] = {"spice_mines[].sector": ("spice_lost",)}

    def facts(self, pos: Position) -> StormFacts:
        m = pos.move
        assert isinstance(m, StormMove)
        board = gf9_board()
        if m.distance is None and not m.dials:
            raise InputError("move.distance", "the storm's distance, or its two dials (dials: [a, b])")
        if m.dials and any(d < 0 for d in m.dials):
            raise InputError("move.dials", "dial numbers of at least 0", m.dials)
        if m.distance is not None and m.dials and m.distance != sum(m.dials):
            raise InputError("move.distance", f"the sum of the dials ({sum(m.dials)}) or no distance", m.distance)
        distance = m.distance if m.distance is not None else sum(m.dials)
        storm = pos.storm if pos.storm is not None else (STORM_START if pos.turn == 1 else None)
        placed = True if pos.turn == 1 else False if pos.turn is not None or distance else None
        hit = set(hit_sectors(storm, distance, placed is True)) if storm is not None else set()
        players = set(pos.faction_names)

        def place(territory: str, sector: int | None) -> int | None:
            """The group's sector, a stand-in where it cannot matter, or None where it matters."""
            t = board[territory]
            if not t.sectors:
                return 0
            if sector is not None:
                return sector
            if len(t.sectors) == 1 or storm is None:
                return t.sectors[0]
            inside = [s in hit for s in t.sectors]
            return t.sectors[0] if all(inside) or not any(inside) else None

        notes: list[str] = []
        if pos.phase is None:
            notes.append("the position does not give 'phase': it is taken to be the Storm phase")
        if pos.storm is None and storm is not None:
            notes.append(
                f"the position gives no 'storm': on turn 1 the storm starts at the Storm Start sector, {storm}"
            )
        merged: dict[tuple[str, str, int, bool], int] = {}
        kinds: dict[tuple[str, str, int, bool], tuple[int, int]] = {}  # (ordinary, special) per group
        given: dict[tuple[str, str, int, bool], set[int | None]] = {}
        unplaced = ""
        # Dreamrules' spice mines (dreamrules:292): read only there, so a gf9 answer never waits on a mine's sector
        mines = list(getattr(pos, "spice_mines", None) or []) if pos.ruleset == "dreamrules" else []
        mined = {m.territory for m in mines}
        for i, g in enumerate(pos.forces):
            sector = place(g.territory, g.sector)
            several = len(board[g.territory].sectors) > 1
            if (
                sector is not None
                and g.sector is None
                and several
                and g.territory in mined
                and any(x in hit for x in board[g.territory].sectors)
            ):
                sector = None  # at the mine or not: the sector decides (dreamrules:292)
            if sector is None:
                unplaced = unplaced or f"forces[{i}] ({g.faction} in {g.territory})"
                sector = 0
            elif g.sector is None and len(board[g.territory].sectors) > 1 and storm is not None:
                how = "all" if sector in hit else "none"
                notes.append(
                    f"forces[{i}] ({g.faction} in {g.territory}) has no sector: the storm hits {how} of "
                    f"{g.territory}'s sectors, so it does not matter which"
                )
            key = (g.faction, g.territory, sector, bool(getattr(g, "surveyor", False)))
            merged[key] = merged.get(key, 0) + g.total
            ordinary, special = kinds.get(key, (0, 0))
            kinds[key] = (ordinary + g.count, special + g.special)
            given.setdefault(key, set()).add(g.sector)
        forces_placed = not unplaced
        mine_sectors: list[int] = []
        mines_placed = True
        for i, mine in enumerate(mines):
            sector = place(mine.territory, mine.sector)
            if sector is not None and mine.sector is None and len(board[mine.territory].sectors) > 1:
                reached = any(x in hit for x in board[mine.territory].sectors)
                if reached and any(g.territory == mine.territory for g in pos.forces):
                    sector = None  # which groups stand at it: its sector decides
            if sector is None:
                unplaced = unplaced or f"spice_mines[{i}] ({mine.territory})"
                mines_placed = False
                sector = 0
            mine_sectors.append(sector)
        mine_at = {(m.territory, sec) for m, sec in zip(mines, mine_sectors, strict=True)}
        opened = set(getattr(pos, "atomics_sietches", None) or [])
        nexus = getattr(pos, "nexus_card", None)
        carryall = next((f for f, st in pos.factions.items() if getattr(st, "carryall", False)), "")
        spice: list[tuple[int, int]] = []
        spice_placed = True
        for i, sp in enumerate(pos.spice):
            sector = place(sp.territory, sp.sector)
            blow = board[sp.territory].spice_blow
            if sector is None and blow is not None:
                # a spice blow puts spice in its territory's spice-blow sector, and nothing moves it there
                sector = blow[0]
                notes.append(
                    f"spice[{i}] ({sp.amount} in {sp.territory}) has no sector: taken to lie in the spice-blow "
                    f"sector {sector}, where a spice blow places it (gf9:105)"
                )
            if sector is None:
                unplaced = unplaced or f"spice[{i}] ({sp.territory})"
                spice_placed = False
                sector = 0
            spice.append((sector, sp.amount))
        seated = list(pos.seats.items())
        seats_known = bool(seated) and all(f in pos.seats for f in players)
        if len({s for _, s in seated}) < len(seated):
            raise InputError("seats", "a different player circle for each faction", pos.seats)
        if not seats_known:
            notes.append(
                "the position does not give every faction's player circle ('seats'): First Player is not named"
            )
        groups = list(merged.items())
        deck = _fremen_storm_deck(pos)
        fremen_advanced = deck is True
        # The Shield Wall's state matters only where the storm reaches forces it shelters: there an
        # unknown state is unknown (the losses answer unresolved, naming shield_wall), never assumed.
        exposed = storm is not None and any(
            t in SHIELD_WALL_SHELTERED and n and sec in hit for (_, t, sec, _), n in groups
        )
        standing = pos.shield_wall == "standing" if pos.shield_wall is not None else (None if exposed else True)
        if standing is None and pos.turn == 1:
            standing = True  # only Family Atomics destroys it, and only after turn one (gf9:501, 503)
            notes.append("the Shield Wall stands on turn one: Family Atomics is played only after turn one (gf9:501)")
        return StormFacts(
            notes=notes,
            advanced=pos.advanced,
            turn=pos.turn,
            phase_index=pos.phase_index,
            moved_this_phase=None if pos.this_phase is None else "storm" in pos.this_phase,
            placed=placed,
            storm_sector=storm,
            dials=list(m.dials),
            has_dials=bool(m.dials),
            weather_control=m.weather_control,
            distance=distance,
            fremen_advanced=fremen_advanced,
            fremen_storm_deck=deck,
            shield_wall_standing=standing,
            group_sector=[s for (_, _, s, _), _ in groups],
            group_count=[n for _, n in groups],
            group_sand=[board[t].kind == "sand" for (_, t, _, _), _ in groups],
            group_sheltered=[t in SHIELD_WALL_SHELTERED for (_, t, _, _), _ in groups],
            group_fremen=[f == "fremen" for (f, _, _, _), _ in groups],
            forces_placed=True if forces_placed else None,
            spice_sector=[s for s, _ in spice],
            spice_amount=[a for _, a in spice],
            spice_placed=True if spice_placed else None,
            spice_given=True if "spice" in pos.given else None,
            seat_sector=[s for _, s in seated],
            seats_known=True if seats_known else None,
            group_surveyor=[aboard for (_, _, _, aboard), _ in groups],
            group_at_mine=[(t, sec) in mine_at for (_, t, sec, _), _ in groups],
            group_opened=[t in opened for (_, t, _, _), _ in groups],
            mine_sector=mine_sectors,
            mines_placed=True if mines_placed else None,
            fremen_immune=not pos.stopped("fremen", "storm-immunity"),
            nexus_given=nexus is not None,
            nexus_number=None if nexus is None else (0 if nexus == "blank" else int(nexus)),
            group_faction=tuple(f for (f, _, _, _), _ in groups),
            group_territory=tuple(t for (_, t, _, _), _ in groups),
            group_ordinary=tuple(kinds[key][0] for key, _ in groups),
            group_special=tuple(kinds[key][1] for key, _ in groups),
            # one sector where every merged group gives it; else none (a group the position places nowhere)
            group_given_sector=tuple(next(iter(given[key])) if len(given[key]) == 1 else None for key, _ in groups),
            seat_faction=tuple(f for f, _ in seated),
            dials_text=" and ".join(map(str, m.dials)),
            unplaced=unplaced,
            mine_territory=tuple(m.territory for m in mines),
            carryall=carryall,
        )

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        assert isinstance(facts, StormFacts)
        w: Any = v  # the choices join the facts' variables
        w.new_sector = z3.Int("new_sector")
        w.hit = [z3.Bool(f"hit_{k}") for k in range(1, SECTORS + 1)]
        w.group_lost = [z3.Int(f"group_lost_{i}") for i in range(len(facts.group_sector))]
        w.spice_gone = [z3.Int(f"spice_gone_{i}") for i in range(len(facts.spice_sector))]
        w.first_seat = z3.Int("first_seat")
        w.group_returned = [z3.Int(f"group_returned_{i}") for i in range(len(facts.group_sector))]
        w.nexus = z3.Bool("nexus")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        out = [v.new_sector >= 1, v.new_sector <= SECTORS]
        out += [lost >= 0 for lost in v.group_lost] + [gone >= 0 for gone in v.spice_gone]
        out += [back >= 0 for back in v.group_returned]
        out += [v.nexus_number >= 0, v.nexus_number <= 7]
        if v.seat_sector:
            out += [v.first_seat >= 0, v.first_seat < len(v.seat_sector)]
        return out

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, StormFacts)
        out: dict[str, Any] = {}
        if facts.storm_sector is None:
            return out
        new = value(v.new_sector)
        out["storm"] = new
        start = facts.storm_sector
        hits = [k for k in range(1, SECTORS + 1) if value(v.hit[k - 1])]
        out["sectors_crossed"] = sorted(hits, key=lambda k: (k - start - 1) % SECTORS)
        lost = [value(n) for n in v.group_lost]
        out["losses"] = per_faction(facts, lost)
        out["losses_by_group"] = by_group(facts, lost)
        out["spice_lost"] = sum(value(g) for g in v.spice_gone)
        if facts.seats_known:
            out["first_player"] = facts.seat_faction[value(v.first_seat)]
        returned: dict[str, int] = {}
        for faction, back in zip(facts.group_faction, v.group_returned, strict=True):
            n = value(back)
            if n:
                returned[faction] = returned.get(faction, 0) + n
        out["returned_to_reserves"] = returned
        out["nexus"] = value(v.nexus)
        return out


def _fremen_storm_deck(pos: Position) -> bool | None:
    """Whether Advanced Fremen play: listed, or not when the position lists every player (None: unknown).

    ``players: 6`` with fewer factions listed leaves a player unnamed who may be the Fremen: then whether the
    Storm Card or the dials move the storm after turn one (gf9:91) is unknown, never assumed."""
    if not (pos.advanced or pos.ruleset == "dreamrules"):
        return False
    return pos.in_game("fremen")


# -- the two encodings of the losses: per faction and per group, from the tokens each group loses --------------
def per_faction(s: StormFacts, lost: list[int]) -> dict[str, int]:
    """Tokens lost per faction (a faction losing none left out)."""
    out: dict[str, int] = {}
    for faction, n in zip(s.group_faction, lost, strict=True):
        if n:
            out[faction] = out.get(faction, 0) + n
    return out


def by_group(s: StormFacts, lost: list[int]) -> list[dict[str, Any]]:
    """Each group losing tokens, in the position's order: whole, or of its one kind of token; a part of a group
    of both kinds (Advanced Fremen's half, gf9:411) leaves count and special open: the text does not say which."""
    out: list[dict[str, Any]] = []
    for i, n in enumerate(lost):
        if not n:
            continue
        ordinary, special = s.group_ordinary[i], s.group_special[i]
        if n == ordinary + special:
            split: tuple[int | None, int | None] = (ordinary, special)
        elif not special or not ordinary:
            split = (0, n) if special else (n, 0)
        else:
            split = (None, None)
        out.append(
            {
                "faction": s.group_faction[i],
                "territory": s.group_territory[i],
                "sector": s.group_given_sector[i],
                "tokens": n,
                "count": split[0],
                "special": split[1],
            }
        )
    return out


def group_losses(s: StormFacts, lost: list[int]) -> dict[str, Any]:
    """The rules' ``losses`` and ``losses_by_group``, from the tokens each group loses."""
    return {"losses": per_faction(s, lost), "losses_by_group": by_group(s, lost)}


# -- the checks' shared arithmetic (concrete values) -----------------------------
def check_group_losses(s: StormFacts, half_for_fremen: bool) -> list[int]:
    """Tokens each group loses, walking the storm sector by sector."""
    hit = s_hits(s)
    out: list[int] = []
    for i in range(len(s.group_faction)):
        vulnerable = (s.group_sand[i] or s.group_sheltered[i]) and not (s.group_sheltered[i] and s.shield_wall_standing)
        n = s.group_count[i]
        half = half_for_fremen and s.group_fremen[i] and s.fremen_advanced
        out.append(0 if not vulnerable or s.group_sector[i] not in hit else -(-n // 2) if half else n)
    return out


def check_losses(s: StormFacts, half_for_fremen: bool) -> dict[str, int]:
    """Forces lost per faction, walking the storm sector by sector."""
    return per_faction(s, check_group_losses(s, half_for_fremen))


def check_spice_lost(s: StormFacts) -> int:
    hit = s_hits(s)
    return sum(a for sec, a in zip(s.spice_sector, s.spice_amount, strict=True) if sec in hit)


# -- dreamrules: the storm's damage (dreamrules:214, 216, 760) ----------------------
def exposed(s: StormFacts, i: int) -> bool:
    """Dreamrules: whether group ``i`` stands where the storm harms troops (sand, Imperial Basin once the
    Shield Wall is destroyed, a sietch Family Atomics opened), and not aboard the Surveyor."""
    sheltered = s.group_sheltered[i] and s.shield_wall_standing
    return (s.group_sand[i] or s.group_sheltered[i] or s.group_opened[i]) and not sheltered and not s.group_surveyor[i]


def dreamrules_group_damage(s: StormFacts) -> tuple[list[int], list[int]]:
    """Dreamrules: (troops sent to the Tanks, troops returned to reserves from a destroyed mine) per group."""
    hit = s_hits(s)
    lost: list[int] = []
    back: list[int] = []
    for i in range(len(s.group_faction)):
        n = s.group_count[i]
        struck = s.group_sector[i] in hit and exposed(s, i) and not (s.group_fremen[i] and s.fremen_immune)
        lost.append(n if struck and not s.group_at_mine[i] else 0)
        back.append(n if struck and s.group_at_mine[i] else 0)
    return lost, back


def dreamrules_damage(s: StormFacts) -> tuple[dict[str, int], dict[str, int]]:
    """Dreamrules: (troops sent to the Tanks, troops returned to reserves from a destroyed mine) per faction."""
    lost, back = dreamrules_group_damage(s)
    return per_faction(s, lost), per_faction(s, back)


def z3_exposed(v: Any, i: int) -> Any:
    import z3

    sheltered = z3.And(v.group_sheltered[i], v.shield_wall_standing)
    harmed = z3.Or(v.group_sand[i], v.group_sheltered[i], v.group_opened[i])
    return z3.And(harmed, z3.Not(sheltered), z3.Not(v.group_surveyor[i]))


def z3_damage(v: Any, i: int) -> Any:
    """Group ``i`` is struck: hit, exposed, and not immune Fremen."""
    import z3

    immune = z3.And(v.group_fremen[i], v.fremen_immune)
    return z3.And(v_hits(v, v.group_sector[i]), z3_exposed(v, i), z3.Not(immune))


def mines_hit(s: StormFacts) -> list[str]:
    """The spice mines in sectors the storm moves into (their territories)."""
    if s.storm_sector is None:
        return []
    hit = s_hits(s)
    return [t for t, sec in zip(s.mine_territory, s.mine_sector, strict=True) if sec in hit]
