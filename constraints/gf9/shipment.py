"""GF9: shipment (Shipment and Movement): storm, the stronghold limit, reserves, paying.

The faction texts that change shipment (Guild, Fremen, Bene Gesserit) are in
``factions_shipment.py``; the normal rate (1 a force to a stronghold, 2
elsewhere) is the overview's, which gf9 does not restate.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.kinds.shipment import ShipmentFacts
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("ship", "gf9:99,139,145-151,157,199-207,221-229,363,377-379,399,411,429-443")

# -- the price of a shipment, once in Python (checks) and once in z3 (forms) ----


def price(s: ShipmentFacts) -> int:
    """What the shipment costs: free Fremen placement, Guild rates, or the normal rate."""
    if s.fremen_placement:
        return 0
    # back to reserves: the Guild's one spice per two forces (the halving below); no one else may
    base = s.forces if s.to_reserves else s.forces * (1 if s.to_stronghold else 2)
    return -(-base // 2) if s.at_guild_rates else base


def z3_price(v: Any) -> Any:
    """The same price over the solver's variables (for rules applying to paid shipments only)."""
    base = z3.If(z3.Or(v.to_reserves, v.to_stronghold), v.forces, 2 * v.forces)
    return z3.If(z3.Or(v.is_guild, v.guild_ally), (base + 1) / 2, base)


def _advanced_fremen_landing(s: ShipmentFacts) -> bool:
    return s.is_fremen and s.advanced and s.fremen_placement and s.in_fremen_zone


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
    title="No shipment into (or out of) the storm",
    forbids="{Faction} cannot ship from {origin} to {to}: sector {storm_sector} is under the storm.",
    permits="The shipment lands clear of the storm, which is over sector {storm_sector}.",
    needs=("storm_sector",),
    when=lambda s: not _advanced_fremen_landing(s),
    replaces="overview.shipment.storm",
)
def storm_blocks_shipment(s: ShipmentFacts) -> bool:
    """Forces may not land in, nor (Guild cross-shipment, return to reserves) leave, the sector under
    the storm; a clear sector of the same territory will do, and the Polar Sink is never covered."""
    if not s.to_reserves and not s.to_polar_sink:
        landing = [s.to_sector] if s.to_sector is not None else s.to_sectors
        if all(sector == s.storm_sector for sector in landing):
            return False
    if s.from_board and s.from_sectors:  # the Polar Sink has no sector
        leaving = [s.from_sector] if s.from_sector is not None else s.from_sectors
        if all(sector == s.storm_sector for sector in leaving):
            return False
    return True


@storm_blocks_shipment.z3
def _(v: Any) -> z3.BoolRef:
    # the Polar Sink and the reserves have sector 0, never a storm sector
    return z3.And(v.sector != v.storm_sector, v.from_sec != v.storm_sector)


# gf9:227 "A stronghold with two other factions is closed to you: no shipment into it, ..."
# gf9:229 "In Advanced play, Bene Gesserit advisors do not count toward this limit."
# gf9:375 "An advisor ... cannot ... count toward stronghold control or the two-faction limit"


@rule(
    "gf9.shipment.stronghold-limit",
    on="ship",
    cites="gf9:139,227,229,375",
    title="No shipment into a stronghold holding two other factions",
    forbids="{Faction} cannot ship into {to}: two other factions' forces are already there.",
    permits="{to} holds {other_factions_in_to} other faction(s) with fighting forces: shipment is open.",
    when=lambda s: s.to_stronghold,
    replaces="overview.shipment.stronghold-limit",
)
def stronghold_limit(s: ShipmentFacts) -> bool:
    """A stronghold already holding forces of two other factions is closed; one other faction is not
    enough, and in the Advanced game Bene Gesserit advisors are not counted."""
    return s.other_factions_in_to < 2


@stronghold_limit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.to_stronghold, v.other_factions_in_to <= 1)


# gf9:205 "Send reserves to one territory and choose their sector. Pay the Guild if it is
#          playing, otherwise the Bank. The Guild pays the Bank. Ordinary shipment cannot
#          retrieve forces or move them between board territories."
# gf9:433 "Receive payments when other factions ship onto Arrakis from off-planet reserves.
#          Pay the Bank for your own shipments."


@rule(
    "gf9.shipment.payee",
    on="ship",
    cites="gf9:205,433",
    title="Shipment is paid to the Guild, or the Bank without it",
    permits="The cost is paid to {paid_to}.",
    defines=("paid_to",),
    when=lambda s: not s.fremen_placement,
    one_sided="it names who is paid; it never forbids",
)
def shipment_payee(s: ShipmentFacts) -> dict[str, Any]:
    """Other factions pay the Spacing Guild when it plays; the Guild itself, and everyone without it, pay the Bank."""
    if s.guild_in_game and not s.is_guild:
        return {"paid_to": "spacing-guild"}
    return {"paid_to": "bank"}


@shipment_payee.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == z3.If(z3.And(v.guild_in_game, z3.Not(v.is_guild)), 2, 1)


@rule(
    "gf9.shipment.reserves",
    on="ship",
    cites="gf9:205",
    title="Only forces in reserve can be shipped",
    forbids="{Faction} ships {count} forces and {special} special forces but has {reserves} and {reserves_special} "
    "in reserve.",
    permits="{Faction} has the forces in reserve.",
    needs=("reserves", "reserves_special"),
    when=lambda s: not s.from_board,
    replaces="overview.shipment.reserves",
)
def ship_from_reserves(s: ShipmentFacts) -> bool:
    """A shipment sends forces from the faction's reserves: no more ordinary or special forces than it has there."""
    return s.count <= (s.reserves or 0) and s.special <= (s.reserves_special or 0)


@ship_from_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count <= v.reserves, v.special <= v.reserves_special)


@rule(
    "gf9.shipment.one-territory",
    on="ship",
    cites="gf9:205",
    title="A shipment goes to one territory",
    forbids="{Faction} cannot split one shipment among {destinations} territories.",
    permits="The shipment goes to one territory, {to}.",
)
def one_territory(s: ShipmentFacts) -> bool:
    """All the forces of one shipment go to a single territory (and one sector of it)."""
    return s.destinations == 1


@one_territory.z3
def _(v: Any) -> z3.BoolRef:
    return v.destinations <= 1


@rule(
    "gf9.shipment.cross-ship-guild-only",
    on="ship",
    cites="gf9:205,439",
    title="Only the Guild and its ally ship between territories",
    forbids="{Faction} cannot ship forces from {origin} to {to}: ordinary shipment does not move forces "
    "between territories.",
    permits="{Faction} may cross-ship at Guild rates.",
    when=lambda s: s.cross_ship,
    replaces="overview.shipment.from-reserves",
)
def cross_ship_guild_only(s: ShipmentFacts) -> bool:
    """Shipping forces from one territory to another is the Guild's (and its ally's) type of shipment, no one else's."""
    return s.is_guild or s.guild_ally


@cross_ship_guild_only.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.Not(v.cross_ship), v.is_guild, v.guild_ally)


@rule(
    "gf9.shipment.retrieve-guild-only",
    on="ship",
    cites="gf9:205,437,439",
    title="Only the Guild ships forces back to reserves",
    forbids="{Faction} cannot ship forces from {origin} back to reserves: only the Guild may, not even its ally.",
    permits="The Guild ships forces from {origin} back to its reserves.",
    when=lambda s: s.to_reserves,
)
def retrieve_guild_only(s: ShipmentFacts) -> bool:
    """Taking forces off the board to reserves is the Guild's own shipment type; its ally may not use it."""
    return s.is_guild


@retrieve_guild_only.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.to_reserves, v.is_guild)


@rule(
    "gf9.shipment.origin-forces",
    on="ship",
    cites="gf9:439",
    title="Forces shipped from a territory must be there",
    forbids="{Faction} ships {forces} forces from {origin} but has {from_forces} there.",
    permits="{Faction} has {from_forces} forces in {origin}.",
    needs=("from_forces",),
    when=lambda s: s.from_board,
)
def origin_forces(s: ShipmentFacts) -> bool:
    """A cross-shipment or return to reserves takes forces the shipper has in the origin territory."""
    return s.forces <= (s.from_forces or 0)


@origin_forces.z3
def _(v: Any) -> z3.BoolRef:
    return v.from_forces - v.forces >= 0


# gf9:3   "Spice pays for cards, shipment and revival."
# gf9:147 "You may pay part or all of an ally's Treachery purchase or shipment, up to the actual cost."
# gf9:151 "For shipment, pay the Guild, or the Bank if no Guild is playing. Any contribution the
#          Guild itself makes toward its ally's shipment goes to the Bank."
# gf9:157 "Normal allied aid covers the actual purchase or shipment cost."


@rule(
    "gf9.shipment.affordable",
    on="ship",
    cites="gf9:3,147,157",
    title="The shipper must be able to pay",
    forbids="{Faction} cannot pay for {forces} forces to {to}: it has {spice} spice and {ally_support} "
    "promised by its ally.",
    permits="{Faction} can pay the {cost} spice.",
    needs=("spice",),
    when=lambda s: not s.fremen_placement,
    replaces="overview.shipment.affordable",
)
def affordable(s: ShipmentFacts) -> bool:
    """The cost may not exceed the shipper's spice plus what its ally promised toward it."""
    return price(s) <= (s.spice or 0) + s.ally_support


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3_price(v) <= v.spice + v.ally_support


@rule(
    "gf9.shipment.ally-support",
    on="ship",
    cites="gf9:147,151,157",
    title="An ally may pay toward a shipment, up to its cost",
    forbids="{Faction} cannot take {ally_support} spice toward this shipment: help comes only from an ally, "
    "from its own spice ({ally_spice}), and up to the actual cost.",
    permits="{Faction}'s ally pays {ally_support} of the {cost} spice.",
    needs=("ally_spice",),
    when=lambda s: s.ally_support > 0 and not s.fremen_placement,
    replaces="overview.shipment.ally-support",
)
def ally_support(s: ShipmentFacts) -> bool:
    """Only an ally may pay part of a shipment, from its own spice and no more than the actual cost."""
    return s.has_ally and s.ally_support <= price(s) and s.ally_support <= (s.ally_spice or 0)


@ally_support.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.has_ally, v.ally_support <= z3_price(v), v.ally_support <= v.ally_spice)
