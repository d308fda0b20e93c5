"""Shipment: forces from reserves to one territory (and the Guild's other two types)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker.board import POLAR_SINK, gf9_board
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, any_of, fact, kind, label
from checker.position import Position, ShipMove

GREAT_FLAT = "The Great Flat"


@dataclass
class ShipmentFacts(Facts):
    to: str = label(doc="destination territory, or 'reserves'")
    origin: str = label(doc="cross-ship origin territory")
    payee: str = label(doc="who would be paid: spacing-guild or bank")
    count: int = fact(0, key="move.count", doc="ordinary forces shipped")
    special: int = fact(0, key="move.special", doc="special forces shipped")
    forces: int = fact(0, doc="all forces shipped")
    reserves: int | None = fact(key="factions.FACTION.reserves")
    reserves_special: int | None = fact(key="factions.FACTION.reserves_special")
    spice: int | None = fact(key="factions.FACTION.spice")
    ally_support: int = fact(0, key="move.ally_support")
    storm_sector: int | None = fact(key="storm")
    to_sectors: list[int] = fact([], doc="the destination's sectors (none for the Polar Sink)")
    to_sector: int | None = fact(key="move.sector", doc="the chosen sector; unknown = any")
    to_stronghold: bool = fact(False)
    to_polar_sink: bool = fact(False)
    to_reserves: bool = fact(False, doc="Guild ships forces back to reserves")
    cross_ship: bool = fact(False, doc="from one territory on Arrakis to another")
    from_sector: int | None = fact(key="move.from_sector")
    from_forces: int | None = fact(doc="the shipper's forces in the cross-ship origin")
    other_factions_in_to: int = fact(0, doc="other factions with fighting forces at the destination")
    to_distance_from_great_flat: int = fact(0, doc="territory borders from The Great Flat")
    guild_in_game: bool = fact(False)
    guild_ally: bool = fact(False, doc="the shipper is allied with the Spacing Guild")
    is_guild: bool = fact(False)
    is_fremen: bool = fact(False)
    is_bene_gesserit: bool = fact(False)
    accompany: bool = fact(False, key="move.accompany", doc="Bene Gesserit sends its free force along")
    bg_in_game: bool = fact(False)
    bg_reserves: int | None = fact(key="factions.bene-gesserit.reserves")
    bg_fighters_in_to: bool = fact(False)


@kind
class Shipment(Kind):
    name = "ship"
    title = "Shipment"

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
        origin_forces = None
        if m.from_ is not None:
            origin_forces = sum(g.total for g in pos.groups(me, m.from_) if not (g.advisors and pos.advanced))
        to_sector = m.sector
        if to is not None and to_sector is None and len(to.sectors) == 1:
            to_sector = to.sectors[0]
        from_sector = m.from_sector
        if m.from_ is not None and from_sector is None:
            sectors = {g.sector for g in pos.groups(me, m.from_) if g.sector} or set(board[m.from_].sectors)
            if len(sectors) == 1:
                from_sector = sectors.pop()
        bg = pos.factions.get("bene-gesserit")
        dist = board.territory_distance(GREAT_FLAT, m.to) if to else None
        return ShipmentFacts(
            faction=me,
            advanced=pos.advanced,
            to=m.to,
            origin=m.from_ or "reserves",
            payee="spacing-guild" if "spacing-guild" in players and me != "spacing-guild" else "bank",
            count=m.count,
            special=m.special,
            forces=m.total,
            reserves=state.reserves if state else None,
            # unknown special reserves do not matter when no special force ships
            reserves_special=(state.reserves_special if state.reserves_special is not None else (0 if m.special == 0 else None))
            if state
            else None,
            spice=state.spice if state else None,
            ally_support=m.ally_support,
            storm_sector=pos.storm,
            to_sectors=list(to.sectors) if to else [],
            to_sector=to_sector,
            to_stronghold=bool(to and to.is_stronghold),
            to_polar_sink=bool(to and to.name == POLAR_SINK),
            to_reserves=to_reserves,
            cross_ship=cross,
            from_sector=from_sector,
            from_forces=origin_forces,
            other_factions_in_to=len(others),
            to_distance_from_great_flat=dist if dist is not None else 99,
            guild_in_game="spacing-guild" in players,
            guild_ally="spacing-guild" in pos.allies_of(me),
            is_guild=me == "spacing-guild",
            is_fremen=me == "fremen",
            is_bene_gesserit=me == "bene-gesserit",
            accompany=bool(m.accompany),
            bg_in_game="bene-gesserit" in players,
            bg_reserves=bg.reserves if bg else None,
            bg_fighters_in_to=bool(to and any(not g.advisors for g in pos.groups("bene-gesserit", to.name) if g.total)),
        )

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        v.cost = z3.Int("cost")
        v.paid_to_guild = z3.Bool("paid_to_guild")
        v.sector = z3.Int("sector")
        v.storm_losses = z3.Int("storm_losses")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        # The forces land in a sector of their destination (none in the Polar Sink).
        inside = any_of(v.sector == s for s in v.to_sectors) if v.to_sectors else v.sector == 0
        chosen = v.to_sector == v.sector
        return [inside, z3.Or(chosen, v.to_sector == 0), v.cost >= 0, v.storm_losses >= 0]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, ShipmentFacts)
        out: dict[str, Any] = {"cost": value(v.cost)}
        out["paid_to"] = "spacing-guild" if value(v.paid_to_guild) else "bank"
        if facts.to_sectors:
            out["sector"] = value(v.sector)
        losses = value(v.storm_losses)
        if losses:
            out["losses"] = {facts.faction: losses}
        return out
