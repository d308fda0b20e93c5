"""Shipment: forces from reserves to one territory (and the Guild's other two types).

The solver chooses the landing ``sector`` (and, for a cross-shipment, the
origin sector ``from_sec``), and fixes the outcome: ``cost``, ``payee``
(0 nobody, 1 the Bank, 2 the Spacing Guild), ``guild_aid`` (the Guild's own
contribution toward its ally's shipment, which goes to the Bank: gf9:151),
``storm_losses`` (Advanced Fremen landing under the storm) and, for a Bene
Gesserit accompaniment, ``bg_sends`` / ``bg_advisor``. Rules fix these values;
``outcome()`` reads them from the model.

Outcome keys: ``cost`` (the whole price, whoever pays it), ``paid_to`` (who
receives the shipper's payment: ``spacing-guild`` or ``bank``; the Bank when the
Guild's contribution covers the whole cost) and, when the Guild contributes
toward its ally's shipment, ``payments`` (receiver -> spice received, e.g.
``{spacing-guild: 1, bank: 1}``); dreamrules: ``posture``, the Bene Gesserit's shipped troops (``fighters``,
``advisors`` or ``fighters or advisors``, dreamrules:1154, 1158).

The Bene Gesserit's free force (gf9:363) rides on another faction's move as
``accompany: true`` (or ``polar-sink``): one fighter to the Polar Sink; or
``accompany: destination``: an Advanced advisor in the shipment's destination
(gf9:377).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.board import POLAR_SINK, gf9_board
from checker.arrakis.history import acted_later_in_order, faction_turn
from checker.arrakis.position import PHASES, Position, ShipMove
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, any_of, fact, kind, label
from checker.names import display, plural, whose

GREAT_FLAT = "The Great Flat"
PAYEES = {0: None, 1: "bank", 2: "spacing-guild"}


@dataclass
class ShipmentFacts(Facts):
    """The facts of a shipment: the forces, their destination, the spice and who is paid."""

    shipped_before: bool | None = fact(
        None, key="this_phase", doc="the faction shipped earlier this phase (or factions.F.shipped_this_phase)"
    )
    moved_before: bool | None = fact(
        None, key="this_phase", doc="the faction moved earlier this phase (or factions.F.made_ordinary_move)"
    )
    turn_over: bool | None = fact(None, key="this_phase", doc="another faction acted after this one's turn began")
    to: str = label(doc="destination territory, or 'reserves'")
    origin: str = label(doc="cross-ship origin territory")
    payee: str = label(doc="who would be paid: spacing-guild or bank")
    ally: str = label(doc="the shipper's ally, if any")
    all_to: str = label(doc="every destination named (move.to and move.also_to), for messages")
    others_in_to_names: str = label(doc="the other factions with fighting forces at the destination, for messages")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    count: int = fact(0, key="move.count", doc="ordinary forces shipped")
    special: int = fact(0, key="move.special", doc="special forces shipped")
    forces: int = fact(0, doc="all forces shipped")
    reserves: int | None = fact(key="factions.FACTION.reserves")
    reserves_special: int | None = fact(key="factions.FACTION.reserves_special")
    spice: int | None = fact(key="factions.FACTION.spice")
    ally_support: int = fact(0, key="move.ally_support")
    has_ally: bool = fact(False, doc="the shipper is in an alliance")
    ally_spice: int | None = fact(key="factions.ALLY.spice", doc="spice of the shipper's ally")
    storm_sector: int | None = fact(key="storm")
    to_sectors: list[int] = fact([], doc="the destination's sectors (none for the Polar Sink)")
    to_sector: int | None = fact(key="move.sector", doc="the chosen sector; unknown = any")
    to_sector_given: bool = fact(False, doc="the landing sector is named, or the only one")
    to_index: int = fact(-1, doc="the destination's index on the board (-1 for reserves)")
    to_stronghold: bool = fact(False)
    to_polar_sink: bool = label(False)
    to_reserves: bool = fact(False, doc="Guild ships forces back to reserves")
    odd_retrieval: bool = fact(
        False,
        doc="an odd number of forces goes back to reserves under gf9:437's one spice per two forces, which does not "
        "say how the odd force is charged (dreamrules:424 does: the stronghold rate halved, rounded up)",
    )
    destinations: int = fact(1, doc="territories the shipment goes to (move.to plus move.also_to)")
    cross_ship: bool = fact(False, doc="from one territory on Arrakis to another")
    from_board: bool = fact(False, doc="the forces leave a territory of Arrakis (cross-ship or back to reserves)")
    from_sectors: list[int] = fact([], doc="sectors the forces may leave from (none for the Polar Sink)")
    from_sector: int | None = fact(key="move.from_sector")
    from_forces: int | None = fact(doc="the shipper's forces in the origin")
    other_factions_in_to: int = fact(
        0, doc="other factions with fighting forces at the destination (Advanced advisors not counted)"
    )
    others_present_in_to: int = fact(0, doc="other factions with any forces at the destination")
    ally_in_to: bool = fact(False, doc="the shipper's ally has forces at the destination, the Polar Sink apart")
    ally_in_sink: bool = label(False, doc="the destination is the Polar Sink and the shipper's ally has forces there")
    to_distance_from_great_flat: int = label(0, doc="territory borders from The Great Flat")
    guild_in_game: bool | None = fact(False, key="factions.spacing-guild")
    guild_ally: bool = fact(False, doc="the shipper is allied with the Spacing Guild")
    is_guild: bool = fact(False)
    is_fremen: bool = fact(False)
    is_bene_gesserit: bool = fact(False)
    accompany: bool = label(False, doc="Bene Gesserit sends its free force along (move.accompany)")
    accompany_destination: bool = fact(False, key="move.accompany", doc="... as an advisor to the destination")
    bg_in_game: bool = fact(False)
    bg_reserves: int | None = fact(key="factions.bene-gesserit.reserves")
    bg_fighters_in_to: bool = fact(False)
    bg_advisors_in_to: bool = fact(False, doc="dreamrules: the Bene Gesserit's advisors stand in the destination")
    # -- dreamrules (read only by its rules) --
    is_tleilaxu: bool = fact(False)
    synthetic_spice: int = fact(0, doc="dreamrules: Bene Tleilax reserves left after the shipment, to kill for spice")
    payments_suppressed: bool = fact(False, doc="dreamrules: Karama stopped the Guild's Shipping Payments")
    discount_suppressed: bool = fact(False, doc="dreamrules: Karama stopped the Guild's Discount Shipping")
    three_types_suppressed: bool = fact(False, doc="dreamrules: Karama stopped the Guild's Three Types of Shipment")
    synthetic_suppressed: bool = label(False, doc="dreamrules: Karama stopped Bene Tleilax's Synthetic Spice")
    to_surveyor_territory: bool = label(False, doc="dreamrules: Ixians ship to the territory holding the Surveyor")
    karama_half: bool = fact(False, key="move.karama", doc="dreamrules: a Karama halves the shipment's cost")
    karama_held: bool | None = fact(
        True,
        key="factions.FACTION.hand (its cards by name)",
        doc="dreamrules: the shipper or its ally holds the Karama (a Bene Gesserit a worthless card) the shipment uses",
    )
    karama_words: str = label("", doc="dreamrules: who holds what, for messages")
    after_later: bool | None = fact(
        None,
        key="seats",
        doc="a faction later in storm order has already shipped or moved this phase (this_phase, seats, storm)",
    )
    later_names: str = label("", doc="those factions, for messages")
    ally_apart_in_to: bool = label(
        False,
        doc="dreamrules: the ally has troops at the destination other than Bene Gesserit advisors or troops "
        "aboard the Surveyor (those coexist, dreamrules:568, 1232)",
    )

    # -- derived truths for `when` (never read by a z3 form) -------------
    @property
    def in_fremen_zone(self) -> bool:
        return not self.to_reserves and self.to_distance_from_great_flat <= 2

    @property
    def fremen_placement(self) -> bool:
        """Fremen's own free reserve placement (gf9:399), not a paid shipment."""
        own_area = self.in_fremen_zone or not self.guild_ally
        return self.is_fremen and not self.cross_ship and not self.to_reserves and own_area

    @property
    def at_guild_rates(self) -> bool:
        return (self.is_guild or self.guild_ally) and not self.fremen_placement

    @property
    def off_planet(self) -> bool:
        """Shipped from off-planet reserves onto Arrakis (what the Bene Gesserit may follow)."""
        return not self.from_board and not self.is_fremen

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION").replace("ALLY", self.ally or "ALLY")

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["where_bg"] = self.to if self.accompany_destination else POLAR_SINK
        out["Ally"] = display(self.ally) if self.ally else "no ally"
        name = out["Faction"]
        out["Faction_s"] = f"{name}'" if name.endswith("s") else f"{name}'s"
        out["count_forces"] = plural(self.count, "force")
        out["special_forces"] = plural(self.special, "special force")
        return out


def _ally_spice(pos: Position, me: str) -> int | None:
    for ally in sorted(pos.allies_of(me)):
        state = pos.factions.get(ally)
        return state.spice if state else None
    return 0  # no ally, no help


def _notes(pos: Position, m: ShipMove, f: ShipmentFacts) -> list[str]:
    """The facts this shipment's answer infers rather than reads."""
    out: list[str] = []
    if pos.phase is None:
        out.append("the position does not give 'phase': it is taken to be the Shipment and Movement phase")
    if not f.to_reserves and m.sector is None and f.to_sector is not None:
        out.append(f"{m.to} lies in one sector ({f.to_sector}): the forces land there")
    elif not f.to_reserves and m.sector is None and len(f.to_sectors) > 1:
        out.append(
            f"the move gives no sector of {m.to} ({', '.join(map(str, f.to_sectors))}): every one is asked about: the "
            "move is legal where the rules allow one of them, and the outcome names none, the player's choice "
            "(move.sector asks about one)"
        )
    if m.from_ is not None and m.from_sector is None and f.from_sector is not None:
        out.append(f"the forces leave {m.from_} from sector {f.from_sector}, the only one they can be in")
    if f.guild_in_game is False and not f.is_guild and not f.fremen_placement:
        out.append("the Bank is paid: the Spacing Guild is not in the position")
    return out


def _dreamrules_facts(pos: Position, m: ShipMove, f: ShipmentFacts) -> None:
    """The facts only Dreamrules' rules read."""
    f.is_tleilaxu = f.faction == "bene-tleilax"
    f.synthetic_suppressed = f.is_tleilaxu and pos.stopped("bene-tleilax", "synthetic-spice")
    if f.is_tleilaxu and not f.synthetic_suppressed and f.reserves is not None and not f.from_board:
        f.synthetic_spice = max(0, f.reserves - m.count)
    f.payments_suppressed = pos.stopped("spacing-guild", "shipping-payments")
    f.discount_suppressed = pos.stopped("spacing-guild", "discount-shipping")
    f.three_types_suppressed = pos.stopped("spacing-guild", "three-types-of-shipment")
    hms = getattr(pos, "hidden_mobile_surveyor", None)
    f.to_surveyor_territory = f.faction == "ixians" and hms is not None and hms.territory == m.to
    if getattr(m, "karama", False):
        f.karama_half = True
        f.karama_held, f.karama_words = _karama_held(pos, [f.faction, *sorted(pos.allies_of(f.faction))])
    f.ally_apart_in_to = f.ally_in_to and any(
        g.total > 0 and not g.advisors and not g.surveyor for a in pos.allies_of(f.faction) for g in pos.groups(a, m.to)
    )


def _karama_held(pos: Position, who: list[str]) -> tuple[bool | None, str]:
    """Whether the shipper or its ally holds a Karama (the Bene Gesserit: or a worthless card, dreamrules:1150) to
    halve the shipment: True, False where every hand is listed by name and none does, None otherwise."""
    from checker.arrakis.kinds.play import _deck

    worthless = _deck()["worthless"]
    unknown, words = False, []
    for f in who:
        state = pos.factions.get(f)
        hand = state.hand if state else None
        if hand == 0:
            words.append(f"{display(f)} holds no card")
            continue
        if not isinstance(hand, list):
            unknown = True
            words.append(f"{whose(f)} hand is not listed by name")
            continue
        usable = [c for c in hand if c == "Karama" or (f == "bene-gesserit" and c in worthless)]
        if usable:
            return True, f"{display(f)} holds {usable[0]}"
        words.append(f"{display(f)} holds {', '.join(hand) or 'no card'}")
    return (None if unknown else False), "; ".join(words)


# dreamrules: the posture of the Bene Gesserit's shipped troops (outcome ``posture``), by the solver's bg_posture
POSTURES = {1: "fighters", 2: "advisors", 3: "fighters or advisors"}


@kind
class Shipment(Kind):
    name = "ship"
    title = "Shipment"
    outcome_keys: ClassVar[dict[str, str]] = {
        "payments": "receiver -> spice it receives, where the Guild contributes toward its ally's shipment",
        "sector": "the sector the forces land in",
        "from_sector": "a cross-shipment's origin sector",
        "bene_gesserit": "the Bene Gesserit's accompanying force: {territory, advisor}",
        "posture": "Dreamrules: the Bene Gesserit's shipped troops (fighters or advisors)",
    }
    ruled = ("cost", "paid_to", "payments", "losses", "bene_gesserit", "posture")

    def facts(self, pos: Position) -> ShipmentFacts:
        m = pos.move
        assert isinstance(m, ShipMove)
        board = gf9_board()
        me = m.faction
        state = pos.factions.get(me)
        players = set(pos.faction_names) | {me}
        to_reserves = m.to == "reserves"
        to = board[m.to] if not to_reserves else None
        cross = m.from_ is not None and not to_reserves
        if to_reserves and m.from_ is None:
            raise InputError("move.from", "the territory the Guild ships back to reserves from")
        others = pos.occupants(m.to) - {me} if to else set()
        present = pos.occupants(m.to, fighters_only=False) - {me} if to else set()
        origin_forces = None
        from_sectors: list[int] = []
        if m.from_ is not None:
            origin_forces = sum(g.total for g in pos.groups(me, m.from_) if not (g.advisors and pos.advanced))
            given = sorted({g.sector for g in pos.groups(me, m.from_) if g.sector})
            from_sectors = [m.from_sector] if m.from_sector else (given or list(board[m.from_].sectors))
        to_sector = m.sector
        if to is not None and to_sector is None and len(to.sectors) == 1:
            to_sector = to.sectors[0]
        from_sector = m.from_sector
        if m.from_ is not None and from_sector is None and len(from_sectors) == 1:
            from_sector = from_sectors[0]
        bg = pos.factions.get("bene-gesserit")
        dist = board.territory_distance(GREAT_FLAT, m.to) if to else None
        allies = pos.allies_of(me)
        no_special = 0 if m.special == 0 else None
        turn = faction_turn(pos, me)
        f = ShipmentFacts(
            faction=me,
            shipped_before=None if turn is None else turn.shipped,
            moved_before=None if turn is None else turn.moved,
            turn_over=None if turn is None else turn.over,
            phase_index=pos.phase_index,
            all_to=", ".join(dict.fromkeys([m.to, *m.also_to])),
            others_in_to_names=" and ".join(display(f) for f in sorted(others)),
            advanced=pos.advanced,
            to=m.to,
            origin=m.from_ or "reserves",
            payee="spacing-guild" if "spacing-guild" in players and me != "spacing-guild" else "bank",
            count=m.count,
            special=m.special,
            forces=m.total,
            reserves=state.reserves if state else None,
            # unknown special reserves do not matter when no special force ships
            reserves_special=state.reserves_special if state and state.reserves_special is not None else no_special,
            spice=state.spice if state else None,
            ally_support=m.ally_support,
            has_ally=bool(allies),
            ally=min(allies) if allies else "",
            ally_spice=_ally_spice(pos, me),
            storm_sector=pos.storm,
            to_sectors=list(to.sectors) if to else [],
            to_sector=to_sector,
            to_sector_given=to_sector is not None,
            to_index=to.index if to else -1,
            to_stronghold=bool(to and to.is_stronghold),
            to_polar_sink=bool(to and to.name == POLAR_SINK),
            to_reserves=to_reserves,
            odd_retrieval=to_reserves and m.total % 2 == 1,
            destinations=1 + len({t for t in m.also_to if t != m.to}),
            cross_ship=cross,
            from_board=m.from_ is not None,
            from_sectors=from_sectors,
            from_sector=from_sector,
            from_forces=origin_forces,
            other_factions_in_to=len(others),
            others_present_in_to=len(present),
            ally_in_to=bool(to and to.name != POLAR_SINK and allies & pos.occupants(to.name, fighters_only=False)),
            ally_in_sink=bool(to and to.name == POLAR_SINK and allies & pos.occupants(to.name, fighters_only=False)),
            to_distance_from_great_flat=dist if dist is not None else 99,
            # ``players: 6`` with five factions listed leaves one unnamed, who may be the Guild: then who is paid
            # (gf9:205) is unknown (None), never assumed
            guild_in_game=pos.in_game("spacing-guild", me),
            guild_ally="spacing-guild" in allies,
            is_guild=me == "spacing-guild",
            is_fremen=me == "fremen",
            is_bene_gesserit=me == "bene-gesserit",
            accompany=m.accompany not in (None, False),
            accompany_destination=m.accompany == "destination",
            bg_in_game="bene-gesserit" in players,
            bg_reserves=(bg.reserves if bg else None) if "bene-gesserit" in players else 0,
            bg_fighters_in_to=bool(to and any(not g.advisors for g in pos.groups("bene-gesserit", to.name) if g.total)),
            bg_advisors_in_to=bool(to and any(g.advisors for g in pos.groups("bene-gesserit", to.name) if g.total)),
        )
        _dreamrules_facts(pos, m, f)
        later = acted_later_in_order(pos, me)
        f.after_later = None if later is None else bool(later)
        f.later_names = " and ".join(display(x) for x in later or [])
        f.notes = _notes(pos, m, f)
        return f

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        v.cost = z3.Int("cost")
        v.payee = z3.Int("payee")  # 0 nobody, 1 the Bank, 2 the Spacing Guild
        v.guild_aid = z3.Int("guild_aid")  # the Guild's own contribution toward its ally's shipment (to the Bank)
        v.revealed = z3.Int("revealed")  # dreamrules: the Guild's spice revealed toward its ally's shipment, kept
        v.sector = z3.Int("sector")
        v.from_sec = z3.Int("from_sec")
        v.storm_losses = z3.Int("storm_losses")
        v.bg_sends = z3.Bool("bg_sends")
        v.bg_advisor = z3.Bool("bg_advisor")
        v.bg_posture = z3.Int("bg_posture")  # dreamrules: the Bene Gesserit's shipped posture (POSTURES)

    def shortest(self, v: Vars, facts: Facts) -> Any:
        """Of several sectors the move does not name, the solver settles on the lowest-numbered one the rules allow:
        the same model whatever the process checked before (the outcome names none: the pick is the player's)."""
        assert isinstance(facts, ShipmentFacts)
        return v.sector if len(facts.to_sectors) > 1 and not facts.to_sector_given else None  # type: ignore[attr-defined]

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        # The forces land in a sector of their destination (none in the Polar Sink)
        # and leave from a sector of their origin (none from the Polar Sink or reserves).
        inside = any_of(v.sector == s for s in v.to_sectors) if v.to_sectors else v.sector == 0
        leaving = any_of(v.from_sec == s for s in v.from_sectors) if v.from_sectors else v.from_sec == 0
        chosen = z3.Or(v.to_sector == v.sector, z3.Not(v.to_sector_given))
        left = z3.Or(v.from_sector == v.from_sec, v.from_sec == 0)
        return [inside, leaving, chosen, left, v.cost >= 0, v.storm_losses >= 0, z3.And(v.payee >= 0, v.payee <= 2)]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, ShipmentFacts)
        out: dict[str, Any] = {"cost": value(v.cost)}
        payee = PAYEES.get(value(v.payee))
        if payee is not None:  # a free shipment (Fremen's) pays no one
            out["paid_to"] = payee
        aid = value(v.guild_aid) or 0
        kept = value(v.revealed) or 0  # type: ignore[attr-defined]
        paid = {"spacing-guild": out["cost"] - aid - kept, "bank": aid}
        out["payments"] = {who: n for who, n in paid.items() if n > 0}
        # the sector the forces land in: the move's, or the territory's only one (a pick among several is the
        # player's, and the solver's choice is not the answer)
        if facts.to_sectors and (facts.to_sector_given or len(facts.to_sectors) == 1):
            out["sector"] = value(v.sector)
        if facts.from_sector is not None:  # the move's, or the only sector the forces can leave from
            out["from_sector"] = value(v.from_sec)
        losses = value(v.storm_losses)
        out["losses"] = {facts.faction: losses} if losses else {}
        if value(v.bg_sends):
            advisor = bool(value(v.bg_advisor))
            out["bene_gesserit"] = {"territory": facts.to if advisor else POLAR_SINK, "advisor": advisor}
        else:
            out["bene_gesserit"] = None
        out["posture"] = POSTURES.get(value(v.bg_posture))  # type: ignore[attr-defined]
        return out
