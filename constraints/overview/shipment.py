"""Overview, Phase 6: Shipment and Movement (the shipment half)."""

from __future__ import annotations

from typing import Any

import z3

from checker.kinds.shipment import ShipmentFacts
from checker.rules import rule

# overview:57 "each player may ship reserves to any territory (1 spice per force
#             to strongholds, 2 spice elsewhere)"
# overview:105 "Faction advantages override standard rules." -- so the Guild's
#             rates and the Fremen's free placement are left to their own rules.


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
)
def shipment_cost(s: ShipmentFacts) -> dict[str, int]:
    """An ordinary shipment from reserves costs one spice per force into a stronghold, two elsewhere."""
    return {"cost": s.forces * (1 if s.to_stronghold else 2)}


@shipment_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost == v.forces * z3.If(v.to_stronghold, 1, 2)
