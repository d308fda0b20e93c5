"""Conquest, Shipping and movement: the movement half (conquest:29)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.conquest import BEYOND, RANGE, ConquestMoveFacts, in_shipping_step
from checker.arrakis.position import SHIPMENT_AND_MOVEMENT
from checker.names import display, plural
from checker.rules import chapter, rule

chapter("conquest-move", "conquest:29,57")

# conquest:29 "... Then move one group up to 3 territories. A stronghold with forces from two factions is
#             closed to everyone else."


@rule(
    "conquest.movement.phase",
    on="conquest-move",
    cites="conquest:29",
    see_also="conquest:27",
    title="Movement follows shipping in the Shipping and movement step",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot move forces in the {s.phase_name.replace('-', ' ')} phase: forces move "
        "in the Shipping and movement step."
    ),
    permits="It is the Shipping and movement step.",
    when=lambda s: s.phase_index is not None,
    counterpart="gf9.movement.phase",
)
def movement_phase(s: ConquestMoveFacts) -> bool:
    """A group moves in the Shipping and movement step, after shipping; with no phase given it is taken to be
    that step (the verdict's notes say so)."""
    return s.phase_index == SHIPMENT_AND_MOVEMENT


@movement_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


@rule(
    "conquest.movement.one-group",
    on="conquest-move",
    cites="conquest:29",
    title="One group: no more forces than the mover has there",
    forbids=lambda s, _o: (
        f"{display(s.faction)} moves {plural(s.count, 'force')} from {s.origin} but has {s.from_forces} there."
        if s.count
        else f"{display(s.faction)} moves no forces: a move takes one group."
    ),
    permits="{Faction} has {from_forces} forces in {origin}: enough for {count}.",
    counterpart="gf9.movement.one-group",
    differs="forces the storm separates: gf9:29 keeps forces in sectors the storm cuts apart out of one moving "
    "group; conquest:29 moves one group of the territory's forces, and names no storm on movement",
)
def one_group(s: ConquestMoveFacts) -> bool:
    """The group moved is some or all of the mover's forces in one territory."""
    return 1 <= s.count <= s.from_forces


@one_group.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count >= 1, v.count <= v.from_forces)


# conquest:29 "... Then move one group up to 3 territories. ..."


@rule(
    "conquest.movement.one-move",
    on="conquest-move",
    cites="conquest:29",
    title="One group moved a step",
    forbids="{Faction} has already moved a group this step (this_phase: 'moved: {faction}'): conquest:29 moves "
    "one group.",
    permits="This phase's history (this_phase) records no move of {Faction} yet.",
    when=lambda s: s.moved_before is not None and in_shipping_step(s),
)
def one_move(s: ConquestMoveFacts) -> bool:
    """Inside a game record, whose history of the phase says who has moved: a faction moves one group (a position
    that gives no phase is judged as the Shipping and movement step, as the other movement rules judge it)."""
    return not s.moved_before


@one_move.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.moved_before)


def _territories(n: int | None) -> str:
    return plural(n or 0, "territory", "territories")


@rule(
    "conquest.movement.range",
    on="conquest-move",
    cites="conquest:29",
    title="A group moves up to 3 territories",
    forbids=lambda s, _o: (
        f"The route given ({s.route_given}) enters {s.distance} territories: a group moves up to {RANGE} territories."
        if s.route_given and s.distance is not None and s.distance > RANGE
        else f"{s.to} is more than {RANGE} territories from {s.origin}: a group moves up to {RANGE} territories."
        if s.distance is None or s.distance > RANGE
        else f"The route given ({s.route_given}) enters {s.closed_names}, a closed stronghold, on the way."
        if s.route_given
        else f"{s.to} is {_territories(s.distance)} from {s.origin} only through a closed stronghold; by any "
        f"other route it is more than {RANGE}: a group moves up to {RANGE} territories."
    ),
    permits=lambda s, o: (
        f"{s.to} is {_territories(o.get('territories_entered', s.distance))} from {s.origin}: within {RANGE}."
    ),
    needs=("distance",),
    counterpart="gf9.movement.range",
    differs="conquest: one group moves up to 3 territories; gf9: one territory, three with ornithopters (Fremen two)",
)
def movement_range(s: ConquestMoveFacts) -> bool:
    """A group enters at most three territories on its way (the board's adjacency; the storm does not
    stop movement in the conquest text)."""
    return s.distance is not None and s.distance <= RANGE


@movement_range.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= RANGE


@rule(
    "conquest.movement.stronghold-closed",
    on="conquest-move",
    cites="conquest:29",
    title="A stronghold holding two factions is closed to everyone else",
    forbids=lambda s, _o: (
        f"{s.to} holds forces of {s.others_in_to_names}: a stronghold with forces from two factions is closed to "
        f"{display(s.faction)}."
    ),
    permits=lambda s, _o: (
        f"{s.to} is not closed: it holds forces of {plural(s.others_present_in_to, 'other faction')}."
        if s.to_stronghold
        else f"{s.to} is not a stronghold."
    ),
    needs=("to_stronghold",),
    when=lambda s: s.others_present_in_to >= 2 or s.to_stronghold is True,
    counterpart="gf9.movement.closed-strongholds",
)
def stronghold_closed(s: ConquestMoveFacts) -> bool:
    """A group may not move into a stronghold where forces of two other factions stand."""
    return not s.to_stronghold or s.others_present_in_to < 2


@stronghold_closed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.Not(v.to_stronghold), v.others_present_in_to < 2)


@rule(
    "conquest.movement.closed-on-the-way",
    on="conquest-move",
    cites="conquest:29",
    title="No route through a closed stronghold",
    forbids=lambda s, _o: (
        f"The route given ({s.route_given}) enters {s.closed_names}: a stronghold with forces from two factions "
        "is closed to everyone else."
        if s.route_given
        else f"Every route from {s.origin} to {s.to} within {RANGE} territories enters a closed stronghold "
        f"({s.closed_names})."
    ),
    permits=lambda s, _o: (
        f"The route given ({s.route_given}) enters no closed stronghold on the way."
        if s.route_given
        else f"Some route to {s.to} enters no closed stronghold on the way."
    ),
    needs=("distance_open",),
    when=lambda s: s.closed_near,
)
def closed_on_the_way(s: ConquestMoveFacts) -> bool:
    """A closed stronghold is closed to a group passing through too: it must take a route that enters none
    (on its own this only asks that such a route exist; with the range, it must be short enough)."""
    return s.distance_open is not None


@closed_on_the_way.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.open_route, v.distance_open <= BEYOND)


@rule(
    "conquest.movement.two-player-stronghold",
    on="conquest-move",
    cites="conquest:57",
    title="In a two-player game sand covers one stronghold",
    status="unresolved",
    reason="conquest:57 says sand covers one stronghold in a two-player game, but not which: whether "
    "this destination is still in play is not printed",
    # a stronghold holding forces is in play: the sand covers another
    when=lambda s: s.two_players and s.to_stronghold is not False and not s.to_occupied,
    one_sided="an open question: the text does not name the covered stronghold",
)
def two_player_stronghold(s: ConquestMoveFacts) -> bool:
    """A two-player game plays with one stronghold covered by sand; the text does not say which (one where
    forces stand is not the covered one)."""
    return True


@two_player_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)
