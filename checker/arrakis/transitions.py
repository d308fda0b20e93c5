"""How a legal move carries an Arrakis position forward (``mentat apply``): what its verdict's outcome says
changes, written back in the published format. A variant whose consequences the outcome does not give (a
Bene Gesserit force sent along, forces lost to the storm on landing, a Guild cross-shipment) is not carried yet:
the answer is unresolved rather than a guessed position."""

from __future__ import annotations

import dataclasses
from typing import Any

from checker.arrakis.position import FactionState, ForceGroup, MoveMove, Position, ShipMove
from checker.engine import Verdict
from checker.game import NotCarried
from checker.model import to_data


def ship(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """Forces from reserves to the board; the shipper (and its ally, for its promised share) pays the cost to
    the payee the verdict names."""
    m = pos.move
    assert isinstance(m, ShipMove)
    o = verdict.outcome
    if m.from_ is not None or m.to == "reserves" or m.also_to or m.karama:
        raise NotCarried(
            "Mentat does not carry a position over a cross-shipment, a shipment back to reserves, "
            "to several places, or with Karama yet"
        )
    if o.get("bene_gesserit") or o.get("posture") or o.get("losses") or o.get("payments"):
        raise NotCarried(
            "Mentat does not carry a position over a shipment with a force sent along, storm losses "
            "or the Guild's share of the cost yet"
        )
    cost, payee = o.get("cost"), o.get("paid_to")
    if cost is None or (cost and payee is None):
        raise NotCarried("the verdict does not give the shipment's cost and payee")
    factions = dict(pos.factions)
    ally = next((x for pair in pos.alliances if m.faction in pair for x in pair if x != m.faction), None)
    share = {m.faction: cost - m.ally_support, **({ally: m.ally_support} if ally and m.ally_support else {})}
    for who, amount in share.items():
        factions[who] = _spice(factions.get(who), -amount, who)
    if cost and payee in factions:
        factions[payee] = _spice(factions[payee], cost, payee)
    me = factions.get(m.faction) or FactionState()
    factions[m.faction] = dataclasses.replace(
        me,
        reserves=None if me.reserves is None else me.reserves - m.count,
        reserves_special=None
        if me.reserves_special is None
        else me.reserves_special - m.special
        if m.special
        else me.reserves_special,
    )
    forces = _add(list(pos.forces), m.faction, m.to, m.sector, m.count, m.special, pos)
    return _written(data, pos, forces, factions), _sector_note(pos, m.to, m.sector)


def move(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """One group across the board, from its territory (and sector) to the destination the verdict names."""
    m = pos.move
    assert isinstance(m, MoveMove)
    o = verdict.outcome
    if m.zensunni_path or any(g.surveyor or g.advisors for g in pos.forces if g.faction == m.faction):
        raise NotCarried(
            "Mentat does not carry a position over a move of advisors, aboard the Surveyor or by the Zensunni Path yet"
        )
    forces = list(pos.forces)
    from_sector = m.from_sector if m.from_sector is not None else o.get("from_sector")
    here = [i for i, g in enumerate(forces) if g.faction == m.faction and g.territory == m.from_]
    if len(here) > 1:
        here = [i for i in here if forces[i].sector == from_sector]
    if len(here) != 1:
        raise NotCarried(f"the position does not say which of {m.faction}'s groups in {m.from_} moves")
    g = forces[here[0]]
    left = dataclasses.replace(g, count=g.count - m.count, special=g.special - m.special)
    if left.count < 0 or left.special < 0:  # the move gathers forces from several sectors of the territory
        raise NotCarried(
            f"Mentat does not carry a position over a move gathering {m.faction}'s forces from several "
            f"groups in {m.from_} yet"
        )
    forces[here[0]] = left
    forces = [f for f in forces if f.count or f.special]
    forces = _add(forces, m.faction, m.to, m.sector, m.count, m.special, pos)
    return _written(data, pos, forces, dict(pos.factions)), _sector_note(pos, m.to, m.sector)


def _sector_note(pos: Position, territory: str, sector: int | None) -> list[str]:
    """A destination of several sectors the move names none of: the player's choice, not the solver's."""
    where = pos.board.territories.get(territory)
    if sector is None and where is not None and len(where.sectors) > 1:
        return [f"the move does not say in which sector of {territory} the forces stand: the position leaves it out"]
    return []


def _spice(state: FactionState | None, change: int, who: str) -> FactionState:
    state = state or FactionState()
    if not change:
        return state
    if state.spice is None:
        raise NotCarried(f"the position does not give {who}'s spice, which the move changes by {change}")
    if state.spice + change < 0:  # paid in part otherwise (Bene Tleilax's Synthetic Spice): the outcome says not how
        raise NotCarried(f"{who} pays more than its {state.spice} spice; how it pays the rest is not in the verdict")
    return dataclasses.replace(state, spice=state.spice + change)


def _add(
    forces: list[ForceGroup], faction: str, territory: str, sector: int | None, count: int, special: int, pos: Position
) -> list[ForceGroup]:
    """Forces arriving in a territory: joined to the faction's group there (in that sector), or a new group; the
    sector is written only where the territory spans several."""
    where = pos.board.territories.get(territory)
    several = where is not None and len(where.sectors) > 1
    sector = sector if several else None
    for i, g in enumerate(forces):
        if g.faction == faction and g.territory == territory and not g.advisors and g.sector in (sector, None):
            if g.sector == sector or not several:
                forces[i] = dataclasses.replace(g, count=g.count + count, special=g.special + special)
                return forces
    return [*forces, ForceGroup(faction=faction, territory=territory, count=count, special=special, sector=sector)]


def _written(
    data: dict[str, Any], pos: Position, forces: list[ForceGroup], factions: dict[str, FactionState]
) -> dict[str, Any]:
    """The position's data with its forces and factions as they now stand (the other keys as the file gave them)."""
    out = {k: v for k, v in data.items() if k != "move"}
    out["forces"] = to_data(forces)
    out["factions"] = {name: to_data(state) for name, state in factions.items()}
    return out
