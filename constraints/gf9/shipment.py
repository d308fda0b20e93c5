"""GF9: shipment (Shipment and Movement, and the faction texts that change it)."""

from __future__ import annotations

from typing import Any

import z3

from checker.kinds.shipment import ShipmentFacts
from checker.rules import rule

# gf9:31  "... a sector currently under the storm still blocks shipment, movement and battle."
# gf9:99  "Forces cannot ship, move or battle into, out of or through the sector currently
#          under the storm. In a territory spanning several sectors, a group may enter or
#          leave an uncovered part ... The Polar Sink is never covered."
# gf9:223 "Ordinary forces cannot ship into, enter, leave or cross a sector under the storm.
#          Clear sectors elsewhere in that territory remain usable."


@rule(
    "gf9.shipment.storm-blocks",
    on="ship",
    cites="gf9:31,99,223",
    title="No shipment into the storm",
    forbids="{Faction} cannot ship into {to}: sector {storm_sector} is under the storm.",
    permits="{to} sector {sector} is clear of the storm (sector {storm_sector}).",
    needs=("storm_sector",),
    when=lambda s: not s.to_reserves and not (s.is_fremen and s.advanced),
)
def storm_blocks_shipment(s: ShipmentFacts) -> bool:
    """Forces may not land in the sector under the storm; a clear sector of the same territory will do."""
    if s.to_polar_sink:
        return True
    if s.to_sector is not None:
        return s.to_sector != s.storm_sector
    return any(sector != s.storm_sector for sector in s.to_sectors)


@storm_blocks_shipment.z3
def _(v: Any) -> z3.BoolRef:
    return v.sector != v.storm_sector  # the Polar Sink's sector is 0, never a storm sector


# gf9:205 "Send reserves to one territory and choose their sector. Pay the Guild if it is
#          playing, otherwise the Bank. The Guild pays the Bank."


@rule(
    "gf9.shipment.payee",
    on="ship",
    cites="gf9:205,433",
    title="Shipment is paid to the Guild, or the Bank without it",
    permits="The cost is paid to {paid_to}.",
    defines=("paid_to",),
)
def shipment_payee(s: ShipmentFacts) -> dict[str, Any]:
    """Other factions pay the Spacing Guild when it plays; the Guild itself, and everyone without it, pay the Bank."""
    if s.guild_in_game and not s.is_guild:
        return {"paid_to": "spacing-guild"}
    return {"paid_to": "bank"}


@shipment_payee.z3
def _(v: Any) -> z3.BoolRef:
    return v.paid_to_guild == z3.And(v.guild_in_game, z3.Not(v.is_guild))


@rule(
    "gf9.shipment.reserves",
    on="ship",
    cites="gf9:205",
    title="Only forces in reserve can be shipped",
    forbids="{Faction} ships {count} forces and {special} special forces but has {reserves} and {reserves_special} in reserve.",
    permits="{Faction} has the forces in reserve.",
    needs=("reserves",),
    when=lambda s: not s.cross_ship and not s.to_reserves,
)
def ship_from_reserves(s: ShipmentFacts) -> bool:
    """A shipment sends forces from the faction's reserves: no more than it has there."""
    return s.count <= (s.reserves or 0) and s.special <= (s.reserves_special or 0)


@ship_from_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count <= v.reserves, v.special <= v.reserves_special)
