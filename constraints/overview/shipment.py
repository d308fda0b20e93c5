"""Overview, Phase 6: Shipment and Movement (the shipment half)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.shipment import ShipmentFacts
from checker.arrakis.position import SHIPMENT_AND_MOVEMENT
from checker.names import display
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("ship", "overview:55-57,86,105")

# overview:57 "each player may ship reserves to any territory (1 spice per force
#             to strongholds, 2 spice elsewhere) ... Cannot ship/move into storm
#             sectors or strongholds with 2+ other players already present."
# overview:86 "Allies may share strategy, help pay for Treachery Cards and shipments."
# overview:102 "The Polar Sink is never in storm."
# overview:105 "Faction advantages override standard rules. Each faction has unique
#             abilities detailed on Player Sheets." -- sheets the overview does not
#             reproduce: the Guild's rates, the Fremen's free placement and the Bene
#             Gesserit's free force are left open here (gf9 gives them).


# overview:55 "Phase 6: Shipment and Movement"
# overview:57 "Starting with First Player, counterclockwise: each player may ship reserves to any
#             territory ..., then move forces. ..."


@rule(
    "overview.shipment.phase",
    on="ship",
    cites="overview:55,57",
    see_also="overview:33,118",
    title="Shipment is made in Phase 6, Shipment and Movement",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot ship in the {s.phase_name.replace('-', ' ')} phase: "
        "players ship, then move, in Phase 6, Shipment and Movement."
    ),
    permits="It is Phase 6, Shipment and Movement.",
    when=lambda s: s.phase_index is not None,
)
def shipment_phase(s: ShipmentFacts) -> bool:
    """Shipment is made in Phase 6, Shipment and Movement, each player shipping then moving in turn; when the
    position gives no phase, it is taken to be that one (the verdict's notes say so)."""
    return s.phase_index == SHIPMENT_AND_MOVEMENT


@shipment_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


def _ordinary(s: ShipmentFacts) -> bool:
    return not (s.is_guild or s.guild_ally or s.is_fremen or s.cross_ship or s.to_reserves)


@rule(
    "overview.shipment.cost",
    on="ship",
    cites="overview:57",
    title="Shipment costs 1 per force to a stronghold, 2 elsewhere",
    permits="{forces} forces to {to} cost {cost} spice.",
    when=_ordinary,
    defines=("cost",),
    one_sided="it fixes the price; paying it is overview.shipment.affordable",
)
def shipment_cost(s: ShipmentFacts) -> dict[str, int]:
    """An ordinary shipment from reserves costs one spice per force into a stronghold, two elsewhere."""
    return {"cost": s.forces * (1 if s.to_stronghold else 2)}


@shipment_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost == z3.If(v.to_stronghold, v.forces, 2 * v.forces)  # linear: faster for the solver


@rule(
    "overview.shipment.storm",
    on="ship",
    cites="overview:57,102",
    title="No shipment into a storm sector",
    forbids="{Faction} cannot ship into {to}: sector {storm_sector} is under the storm.",
    permits="{to} is clear of the storm (sector {storm_sector}).",
    needs=("storm_sector",),
    when=lambda s: not s.to_reserves,
)
def storm_sector(s: ShipmentFacts) -> bool:
    """No shipment lands in the storm's sector; the Polar Sink is never in the storm."""
    if s.to_polar_sink:
        return True
    candidates = [s.to_sector] if s.to_sector is not None else s.to_sectors
    return any(sector != s.storm_sector for sector in candidates)


@storm_sector.z3
def _(v: Any) -> z3.BoolRef:
    return v.sector != v.storm_sector


def advisors_decide(s: ShipmentFacts) -> bool:
    """Advanced Bene Gesserit advisors make the count: two or more other players are present, fewer than two
    with fighters. What advisors count for is a faction ability of the Player Sheets (overview:105), which
    the overview does not reproduce: gf9's rule (gf9:229) answers it, under both rulesets."""
    return s.to_stronghold and s.others_present_in_to >= 2 and s.other_factions_in_to < 2


@rule(
    "overview.shipment.stronghold-limit",
    on="ship",
    cites="overview:57",
    title="No shipment into a stronghold with two other players",
    forbids="{Faction} cannot ship into {to}: {others_present_in_to} other players are already there.",
    permits="{to} is open: {others_present_in_to} other players there.",
    when=lambda s: s.to_stronghold and not advisors_decide(s),
)
def stronghold_limit(s: ShipmentFacts) -> bool:
    """A stronghold where two or more other players already have forces is closed to shipment."""
    return s.others_present_in_to <= 1


@stronghold_limit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.Not(v.to_stronghold), v.others_present_in_to < 2)


@rule(
    "overview.shipment.reserves",
    on="ship",
    cites="overview:57",
    title="Only reserves can be shipped",
    forbids=lambda s, _o: (
        f"{display(s.faction)} ships {s.count} forces but has {s.reserves} in reserve."
        if s.count > (s.reserves or 0)
        else f"{display(s.faction)} ships {s.special} special forces but has {s.reserves_special} in reserve."
    ),
    permits="{Faction} has the forces in reserve.",
    needs=("reserves", "reserves_special"),
    when=lambda s: not s.from_board,
)
def ship_reserves(s: ShipmentFacts) -> bool:
    """Shipment sends forces from the player's reserves, so no more than it holds there."""
    return s.count <= s.reserves and s.special <= s.reserves_special  # type: ignore[operator]


@ship_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.reserves - v.count >= 0, v.reserves_special - v.special >= 0)


@rule(
    "overview.shipment.from-reserves",
    on="ship",
    cites="overview:57",
    title="Shipment brings reserves, it does not move forces already on the board",
    forbids="{Faction} cannot ship forces from {origin}: shipment brings reserves to the board.",
    permits="{Faction} ships from its reserves.",
    when=lambda s: not (s.is_guild or s.guild_ally),
)
def from_reserves(s: ShipmentFacts) -> bool:
    """Only reserves are shipped: not forces from a territory, nor back to reserves."""
    return not s.from_board and not s.to_reserves


@from_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(z3.Not(v.from_board), z3.Not(v.to_reserves))


@rule(
    "overview.shipment.affordable",
    on="ship",
    cites="overview:57,86",
    title="The shipper must be able to pay",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot pay {s.forces * (1 if s.to_stronghold else 2)} spice for {s.forces} forces to "
        f"{s.to}: it has {s.spice} spice" + (f" and {s.ally_support} from its ally." if s.ally_support else ".")
    ),
    permits="{Faction} can pay {cost} spice.",
    needs=("spice",),
    when=_ordinary,
)
def affordable(s: ShipmentFacts) -> bool:
    """The price (1 a force to a stronghold, 2 elsewhere) must not exceed the shipper's spice plus its ally's help."""
    rate = 1 if s.to_stronghold else 2
    return s.forces * rate <= s.spice + s.ally_support  # type: ignore[operator]


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3.If(v.to_stronghold, v.forces, 2 * v.forces) <= v.spice + v.ally_support


@rule(
    "overview.shipment.ally-support",
    on="ship",
    cites="overview:86",
    title="Only an ally helps pay for a shipment",
    forbids="{Faction} has no ally to pay {ally_support} spice toward its shipment.",
    permits="{Faction_s} ally pays {ally_support} spice toward the shipment.",
    when=lambda s: s.ally_support > 0,
)
def ally_support(s: ShipmentFacts) -> bool:
    """Help with the cost of a shipment comes from an ally, not from anyone else."""
    return s.has_ally


@ally_support.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.ally_support == 0, v.has_ally)


@rule(
    "overview.shipment.faction-advantages",
    on="ship",
    cites="overview:105",
    title="Faction shipment advantages are on the player sheets",
    status="unresolved",
    reason="overview:105 says faction advantages override the standard rules, but the overview does not give the "
    "Guild's rates, the Fremen's placement or the Bene Gesserit's free force (use the gf9 ruleset)",
    when=lambda s: s.is_guild or s.guild_ally or s.is_fremen or s.accompany,
    one_sided="an open question: the overview prints none of these advantages",
)
def faction_advantages(s: ShipmentFacts) -> bool:
    """The overview defers the Guild's, Fremen's and Bene Gesserit's shipment powers to sheets it does not reproduce."""
    return True


@faction_advantages.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


# overview:86 "... Allies cannot enter each other's territories (except Polar Sink). ..."


@rule(
    "overview.shipment.allies",
    on="ship",
    cites="overview:86",
    title="No shipment into an ally's territory (the Polar Sink excepted)",
    forbids="{Faction} cannot ship into {to}: its ally {Ally} has forces there, and allies cannot enter each "
    "other's territories.",
    permits="{Faction_s} ally has no forces in {to}.",
    when=lambda s: s.has_ally and not s.to_reserves,
)
def allies_apart(s: ShipmentFacts) -> bool:
    """Allies do not enter each other's territories, by shipment as by movement; the Polar Sink is shared."""
    return not s.ally_in_to


@allies_apart.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.ally_in_to)
