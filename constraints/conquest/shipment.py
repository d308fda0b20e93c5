"""Conquest, Shipping and movement: the shipment half (conquest:29)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.conquest import ConquestShipFacts, in_shipping_step
from checker.arrakis.position import SHIPMENT_AND_MOVEMENT
from checker.names import display, plural
from checker.rules import chapter, gap, rule
from constraints.gf9.shipment import landing_clear_text

chapter("conquest-ship", "conquest:11,29,57")

# conquest:29 "Shipping costs 1 spice per force and sends forces into one territory. You can't ship
#             into a sector in the storm. Then move one group up to 3 territories. A stronghold with
#             forces from two factions is closed to everyone else."


@rule(
    "conquest.shipment.phase",
    on="conquest-ship",
    cites="conquest:29",
    see_also="conquest:27",
    title="Shipping is done in the Shipping and movement step",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot ship in the {s.phase_name.replace('-', ' ')} phase: shipping is the "
        "Shipping and movement step of the turn."
    ),
    permits="It is the Shipping and movement step.",
    when=lambda s: s.phase_index is not None,
    counterpart="gf9.shipment.phase",
)
def shipment_phase(s: ConquestShipFacts) -> bool:
    """Forces are shipped in the turn's Shipping and movement step (``phase: shipment-and-movement``); with no
    phase given it is taken to be that step (the verdict's notes say so)."""
    return s.phase_index == SHIPMENT_AND_MOVEMENT


@shipment_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


@rule(
    "conquest.shipment.cost",
    on="conquest-ship",
    cites="conquest:29",
    title="Shipping costs 1 spice per force",
    permits=lambda s, o: (
        f"{s.forces} force{'' if s.forces == 1 else 's'} to {s.to} cost {o.get('cost', s.forces)} spice."
    ),
    defines=("cost",),
    one_sided="it fixes the price; paying it is conquest.shipment.affordable",
    counterpart="overview.shipment.cost",
    differs="conquest: 1 spice per force wherever it goes; overview/gf9: 1 per force to a stronghold, 2 elsewhere",
)
def shipment_cost(s: ConquestShipFacts) -> dict[str, int]:
    """Shipping costs one spice for each force shipped, whatever the destination."""
    return {"cost": s.forces}


@shipment_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost == v.forces


@rule(
    "conquest.shipment.affordable",
    on="conquest-ship",
    cites="conquest:29",
    title="The shipper must pay 1 spice per force",
    forbids="{Faction} cannot pay {forces} spice for {forces} forces: it has {spice} spice.",
    permits="{Faction} can pay the {cost} spice.",
    needs=("spice",),
    # where an offered help decides it, the answer is conquest.shipment.ally-help's open question
    when=lambda s: s.spice is None or not (s.spice < s.forces <= s.spice + s.ally_support),
    counterpart="gf9.shipment.affordable",
    differs="conquest: the shipper needs 1 spice per force; gf9: 1 per force to a stronghold, 2 elsewhere "
    "(and an ally may help)",
)
def affordable(s: ConquestShipFacts) -> bool:
    """The shipper needs one spice for each force it ships."""
    return s.forces <= (s.spice or 0)


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces <= v.spice


@rule(
    "conquest.shipment.ally-help",
    on="conquest-ship",
    cites="conquest:29",
    see_also="conquest:57",
    title="Help with the cost of a shipment",
    status="unresolved",
    reason="conquest:29 prices shipping at 1 spice per force, but the text never says another faction may "
    "pay part of it (Allies mode, conquest:57, says nothing of payments)",
    when=lambda s: s.ally_support > 0,
    one_sided="an open question: the text does not say",
)
def ally_help(s: ConquestShipFacts) -> bool:
    """The text does not say whether another faction may help pay for a shipment."""
    return True


@ally_help.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# conquest:11 "... Fremen put 5 forces in the Polar Sink; all other forces go in reserve."


@rule(
    "conquest.shipment.reserves",
    on="conquest-ship",
    cites="conquest:11,29",
    title="Shipping sends forces from reserve",
    forbids="{Faction} ships {count} forces but has {reserves} in reserve.",
    permits="{Faction} has the {count} forces in reserve.",
    needs=("reserves",),
)
def ship_reserves(s: ConquestShipFacts) -> bool:
    """Forces not on the board are in reserve (conquest:11); shipping sends them into a territory, so no
    more than the reserve can be shipped."""
    return s.count <= (s.reserves or 0)


@ship_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return v.count <= v.reserves


@rule(
    "conquest.shipment.one-territory",
    on="conquest-ship",
    cites="conquest:29",
    title="A shipment goes into one territory",
    forbids="{Faction} ships into {destinations} territories: a shipment sends forces into one territory.",
    permits="The shipment goes into one territory, {to}.",
    counterpart="gf9.shipment.one-territory",
)
def one_territory(s: ConquestShipFacts) -> bool:
    """A shipment sends its forces into a single territory."""
    return s.destinations == 1


@one_territory.z3
def _(v: Any) -> z3.BoolRef:
    return v.destinations == 1


# conquest:29 "Shipping costs 1 spice per force ... Then move one group up to 3 territories."


@rule(
    "conquest.shipment.before-move",
    on="conquest-ship",
    cites="conquest:29",
    title="Shipping comes before the group's move",
    forbids="{Faction} has already moved a group this step (this_phase: 'moved: {faction}'): conquest:29 ships, "
    "then moves one group.",
    permits="This phase's history (this_phase) records no move of {Faction} yet.",
    when=lambda s: s.moved_before is not None and in_shipping_step(s),
)
def before_move(s: ConquestShipFacts) -> bool:
    """Inside a game record, whose history of the phase says who has moved: a faction ships, then moves its
    group; a shipment after its move is out of that order."""
    return not s.moved_before


@before_move.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.moved_before)


def _storm_permits(s: ConquestShipFacts, o: dict[str, Any]) -> str:
    if not s.to_sectors:
        return f"{s.to} is in no sector: the storm cannot cover it."
    return landing_clear_text(s, o)


@rule(
    "conquest.shipment.storm",
    on="conquest-ship",
    cites="conquest:29",
    title="No shipping into a sector in the storm",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot ship into {s.to}"
        + (f" sector {s.to_sector}" if s.to_sector is not None and len(s.to_sectors) > 1 else "")
        + f": sector {s.storm_sector} is in the storm."
    ),
    permits=lambda s, o: _storm_permits(s, o),
    needs=("storm_known", "to_board"),  # the Polar Sink lies in no sector: the storm's sector cannot matter
    # the Fremen landing on sand in the storm: conquest.shipment.fremen-storm's open question instead
    when=lambda s: not _fremen_into_storm(s),
    counterpart="gf9.shipment.storm-blocks",
)
def storm(s: ConquestShipFacts) -> bool:
    """Forces may not be shipped into the sector the storm is in; a clear sector of the same territory will do,
    and a territory in no sector (the Polar Sink) is never in it."""
    return _clear_of_storm(s)


def _clear_of_storm(s: ConquestShipFacts) -> bool:
    if not s.to_sectors:
        return True
    landing = [s.to_sector] if s.to_sector is not None else s.to_sectors
    return any(sector != s.storm_sector for sector in landing)


def _fremen_into_storm(s: ConquestShipFacts) -> bool:
    """The Fremen ship into sand where every sector they could land in is in the storm."""
    return s.fremen and s.to_sand is True and s.storm_sector is not None and not _clear_of_storm(s)


@storm.z3
def _(v: Any) -> z3.BoolRef:
    return v.sector != v.storm_sector  # a territory in no sector lands in sector 0


# conquest:53 "... Fremen ignore storms on sand and ride sandworms. ..."


@rule(
    "conquest.shipment.fremen-storm",
    on="conquest-ship",
    cites="conquest:53",
    see_also="conquest:29",
    title="Fremen shipping into the storm on sand",
    status="unresolved",
    reason="conquest:29 forbids shipping into a sector in the storm and conquest:53 says the Fremen ignore storms "
    "on sand: whether that lets them ship into sand in the storm is not said",
    when=_fremen_into_storm,
    one_sided="an open question: the two lines do not settle it",
)
def fremen_storm(s: ConquestShipFacts) -> bool:
    """Left open: whether the Fremen's ignoring storms on sand reaches the ban on shipping into the storm."""
    return True


@fremen_storm.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


def _closed_msg(s: Any, _o: dict[str, Any]) -> str:
    return (
        f"{s.to} already holds forces of {s.others_in_to_names}: a stronghold with forces from two factions "
        f"is closed to {display(s.faction)}."
    )


@rule(
    "conquest.shipment.stronghold-closed",
    on="conquest-ship",
    cites="conquest:29",
    title="A stronghold holding two factions is closed to everyone else",
    forbids=_closed_msg,
    permits=lambda s, _o: (
        f"{s.to} is not closed: it holds forces of {plural(s.others_present_in_to, 'other faction')}."
        if s.to_stronghold
        else f"{s.to} is not a stronghold."
    ),
    needs=("to_stronghold",),
    when=lambda s: s.others_present_in_to >= 2 or s.to_stronghold is True,
    counterpart="gf9.shipment.stronghold-limit",
)
def stronghold_closed(s: ConquestShipFacts) -> bool:
    """A stronghold where forces of two other factions stand is closed to the shipper."""
    return not s.to_stronghold or s.others_present_in_to < 2


@stronghold_closed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.Not(v.to_stronghold), v.others_present_in_to < 2)


# conquest:57 "Any two factions can play, for six possible matchups, with sand covering one stronghold so
#             only four are in play. ..."


@rule(
    "conquest.shipment.two-player-stronghold",
    on="conquest-ship",
    cites="conquest:57",
    title="In a two-player game sand covers one stronghold",
    status="unresolved",
    reason="conquest:57 says sand covers one stronghold in a two-player game, but not which: whether "
    "this destination is still in play is not printed",
    # a stronghold holding forces is in play: the sand covers another
    when=lambda s: s.two_players and s.to_stronghold is not False and not s.to_occupied,
    one_sided="an open question: the text does not name the covered stronghold",
)
def two_player_stronghold(s: ConquestShipFacts) -> bool:
    """A two-player game plays with one stronghold covered by sand; the text does not say which (one where
    forces stand is not the covered one)."""
    return True


@two_player_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


gap(
    "conquest.shipment.again",
    on="conquest-ship",
    cites="conquest:29",
    title="A second shipment in one step",
    reason="the phase's history (this_phase) records a shipment of this faction already: conquest:29's shipping "
    "'sends forces into one territory', and whether that is each shipment or the step's shipping, how many "
    "shipments a faction makes in the step, it does not say",
    when=lambda s: bool(s.shipped_before) and in_shipping_step(s),
)
