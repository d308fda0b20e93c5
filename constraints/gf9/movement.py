"""GF9: movement (Shipment and Movement, Alliances, and the Fremen's range)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.movement import (
    MovementFacts,
    closed_message,
    geo,
    last,
    movement_range,
    names,
    range_text,
    search,
    storm_message,
    visit_clear,
)
from checker.arrakis.position import SHIPMENT_AND_MOVEMENT, phase_words
from checker.names import display, whose
from checker.rules import chapter, gap, rule, set_aside
from constraints.gf9.shipment import turn_open, turn_past
from constraints.overview.movement import overview_closed_form

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("move", "gf9:27-29,99,117,135-143,209-241,311,401,411")

set_aside(
    "gf9:27",
    "the board's description (territories, their borders, the Polar Sink, eighteen sectors): the board data "
    "(constraints/data/arrakis-board.yaml) every movement rule reads",
)
set_aside(
    "gf9:117",
    "a Fremen worm ride (Spice Blow and Nexus) is its own action, not a `move`: the position format has no "
    "worm-ride action, and a ride uses no normal movement (gf9:241)",
)


def _who(s: MovementFacts) -> str:
    return display(s.faction)


# gf9:201 "These examples use the Basic Game. In storm order, each faction may make one shipment,
#          then one on-planet movement. Finish both before the next faction acts. ..."
# gf9:241 "Shipment, ordinary movement, a worm ride and an extra Hajr movement are separate actions.
#          An effect granting one does not grant another."


def _phase_name(s: MovementFacts) -> str:
    return "?" if s.phase_index is None else phase_words(s.phase_index)


@rule(
    "gf9.movement.phase",
    on="move",
    cites="gf9:201",
    see_also="gf9:241",
    title="Movement is made in the Shipment and Movement phase",
    forbids=lambda s, _o: (
        f"{_who(s)} cannot move forces in the {_phase_name(s)} phase: each faction ships, "
        "then moves, in the Shipment and Movement phase."
    ),
    permits="It is the Shipment and Movement phase.",
    when=lambda s: s.phase_index is not None,
    replaces="overview.movement.phase",
)
def gf9_phase(s: MovementFacts) -> bool:
    """Ordinary (on-planet) movement is made in the Shipment and Movement phase, after the faction's shipment.
    When the position gives no phase, it is taken to be that one (the verdict's notes say so)."""
    return s.phase_index == SHIPMENT_AND_MOVEMENT


@gf9_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


@rule(
    "gf9.movement.one-turn",
    on="move",
    cites="gf9:201",
    title="One movement a faction, within its turn",
    forbids=lambda s, _o: (
        f"{_who(s)} has already moved this phase: each faction makes one on-planet movement."
        if s.moved_before
        else f"{whose(s.faction)} turn is over: another faction has acted since it began, and it finishes both "
        "before the next acts."
    ),
    permits=lambda s, _o: f"{_who(s)} has not moved yet this phase, and its turn is not over (this phase's history).",
    when=lambda s: s.moved_before is not None and s.phase_index == SHIPMENT_AND_MOVEMENT and not s.zensunni,
)
def movement_one_turn(s: MovementFacts) -> bool:
    """Inside a game record, whose history of the phase says who has acted: a faction moves once, within its own
    turn (Dreamrules' Zensunni Path, a move of its own after every turn, is judged by its own rules)."""
    return not (s.moved_before or s.turn_over)


@movement_one_turn.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(z3.Or(v.moved_before, v.turn_over))


# gf9:201 "... In storm order, each faction may make one shipment, then one on-planet movement. Finish both
#          before the next faction acts. ..."
# gf9:69  "First Player is the faction whose player marker the storm will next approach ... Proceed to that
#          player's right, counterclockwise, when an activity calls for storm order. ..."
@rule(
    "gf9.movement.storm-order",
    on="move",
    cites="gf9:201,69",
    title="Movement comes in the faction's turn, in storm order",
    forbids=turn_past,
    permits=turn_open,
    when=lambda s: (
        s.after_later is not None
        and s.phase_index == SHIPMENT_AND_MOVEMENT
        and s.faction != "spacing-guild"
        and not s.zensunni
    ),
)
def movement_storm_order(s: MovementFacts) -> bool:
    """Inside a game record whose position gives the seats: once a faction later in storm order has shipped or
    moved, an earlier one's turn is past. The Guild, whose turn may come out of order (gf9:443), is not judged by it,
    nor is Dreamrules' Zensunni Path (a move of its own after every turn)."""
    return not s.after_later


@movement_storm_order.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.after_later)


# gf9:211 "A force just shipped into either city can unlock ornithopters immediately. The moving
#          group may be elsewhere on Arrakis. Use one range; do not add the allowances together."
# gf9:219 "Count territories entered, not sector lines. Moving to another sector within the same
#          territory still uses your normal movement. ..."
# gf9:233 "A city under the storm can still provide ornithopters for a group elsewhere. ..."
# gf9:239 "... Reassess ornithopter access when that extra movement begins ..."
# gf9:311 "Advanced Bene Gesserit advisors cannot ... provide ornithopters."
# gf9:401 "Your normal movement range is two territories." (Fremen)
# The 1 and 3 themselves are only printed in the overview (overview:57).


def _too_far(s: MovementFacts, _o: dict[str, Any]) -> str:
    plain = search(s)
    if plain is not None and plain[0] <= movement_range(s):  # forbids only together with other rules
        return (
            f"{_who(s)}'s range is {range_text(s)}: enough for {names(s, plain[1])}, not for a way round "
            "what else blocks it."
        )
    if s.via_len:
        return f"The declared route {s.route} enters {s.via_len} territories; {_who(s)}'s range is {range_text(s)}."
    return (
        f"{_who(s)} cannot reach {s.to} from {s.origin}: it needs {s.shortest} territories and its range is "
        f"{range_text(s)}."
    )


def _within(s: MovementFacts, o: dict[str, Any]) -> str:
    path = o.get("path") or []
    if not path:
        how = f"by a change of sector in {s.origin}"
    elif len(path) == 1:
        how = "entering 1 territory"
    else:
        how = f"through {' → '.join(path)} ({len(path)} territories)"
    return f"{_who(s)} reaches {s.to} {how}, within its range of {range_text(s)}."


@rule(
    "gf9.movement.range",
    on="move",
    cites="gf9:219,311; overview:57",
    cite_when={"gf9:311": lambda s: bool(s.advisor_cities)},  # advisors in a city give no ornithopters
    title="Movement range: one territory without ornithopters",
    forbids=_too_far,
    permits=_within,
    when=lambda s: not s.ornithopters and not s.is_fremen,
    replaces="overview.movement.range",
)
def gf9_range(s: MovementFacts) -> bool:
    """Without fighting forces in Arrakeen or Carthag (Advanced advisors there provide no ornithopters),
    a group moves one territory. Territories entered are counted, not sector lines, and a change of sector
    inside a territory uses the movement too."""
    found = search(s)
    return found is not None and found[0] <= 1


@gf9_range.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 1


@rule(
    "gf9.movement.ornithopters",
    on="move",
    cites="gf9:211,233; overview:57",
    see_also="gf9:219,239",
    title="Ornithopters: three territories with forces in Arrakeen or Carthag; one range, never added",
    forbids=_too_far,
    permits=_within,
    when=lambda s: s.ornithopters,
    replaces="overview.movement.range",
)
def gf9_ornithopters(s: MovementFacts) -> bool:
    """A faction with fighting forces in Arrakeen or Carthag when its movement begins moves three territories,
    whatever group moves and even with the city under the storm. Ranges are not added: Fremen with
    ornithopters move three, not five."""
    found = search(s)
    return found is not None and found[0] <= 3


@gf9_ornithopters.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 3


@rule(
    "gf9.movement.fremen-range",
    on="move",
    cites="gf9:219,401",
    title="The Fremen move two territories",
    forbids=_too_far,
    permits=_within,
    when=lambda s: s.is_fremen and not s.ornithopters,
)
def gf9_fremen_range(s: MovementFacts) -> bool:
    """Without ornithopters, the Fremen's normal movement range is two territories entered."""
    found = search(s)
    return found is not None and found[0] <= 2


@gf9_fremen_range.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 2


# gf9:31  "... a sector currently under the storm still blocks shipment, movement and battle."
# gf9:99  "Forces cannot ship, move or battle into, out of or through the sector currently under
#          the storm. In a territory spanning several sectors, a group may enter or leave an
#          uncovered part if its path does not cross the covered part. The Polar Sink is never covered."
# gf9:223 "Ordinary forces cannot ship into, enter, leave or cross a sector under the storm. ...
#          Imperial Basin's protection from storm losses does not permit movement through a stormed sector."
# gf9:233 "... the moving group cannot enter, leave or cross a stormed sector."
# gf9:237 "... Do not move into, out of or across the storm. ..."


@rule(
    "gf9.movement.storm",
    on="move",
    cites="gf9:99,223",
    see_also="gf9:31,233,237",
    title="No movement into, out of or through the storm",
    forbids=lambda s, _o: storm_message(s, "gf9"),
    permits="The path to {to} stays clear of the storm (sector {storm_sector}).",
    needs=("storm_sector", "from_sector"),
    replaces=("overview.movement.storm", "overview.movement.storm-leaving"),
)
def gf9_storm(s: MovementFacts) -> bool:
    """A group may not start in, enter or cross the sector under the storm; uncovered sectors of a
    territory stay usable if the path does not cross the covered one. The Polar Sink is never covered."""
    return search(s, storm="gf9") is not None


@gf9_storm.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(*[z3.Implies(v.act[i], visit_clear(v, i)) for i in range(len(v.act))])


# gf9:139 "... The rule blocking entry into a stronghold with two other factions still applies."
# gf9:227 "A stronghold with two other factions is closed to you: no shipment into it, movement
#          into it or passage through it. One opposing faction does not block entry."
# gf9:229 "In Advanced play, Bene Gesserit advisors do not count toward this limit. ..."
# gf9:237 "Never enter or pass through a stronghold already containing two other factions. ..."


@rule(
    "gf9.movement.closed-strongholds",
    on="move",
    cites="gf9:227,229,237",
    see_also="gf9:139",
    title="No entering or passing a stronghold with two other factions",
    forbids=lambda s, _o: closed_message(s, "gf9"),
    permits="The path to {to} enters no stronghold with two other factions.",
    replaces="overview.movement.closed-strongholds",
)
def gf9_closed(s: MovementFacts) -> bool:
    """A stronghold holding fighting forces of two other factions may be neither entered nor passed
    through (Advanced Bene Gesserit advisors do not count)."""
    return search(s, closed=True) is not None


# The same constraint as the overview's: gf9 adds lines (passage, advisors), not logic; which
# factions close a stronghold (advisors excepted) is a fact the position gives.
gf9_closed.z3(overview_closed_form)


# gf9:135 "... Except in Polar Sink, they must not finish the applicable evacuation window sharing a territory."
# gf9:139 "An ally may pass through a territory containing allied forces or ship there and then
#          move out, as long as the move ends elsewhere. ..."
# gf9:237 "... Passing through an allied territory is permitted if you finish elsewhere. ...
#          The Polar Sink permits all factions ..."


@rule(
    "gf9.movement.allies",
    on="move",
    cites="gf9:139,237",
    see_also="gf9:135",
    title="Pass through an ally's territory, but end elsewhere (the Polar Sink excepted)",
    forbids=lambda s, _o: (
        f"{_who(s)} cannot end its move in {s.to}: its ally {s.ally_where.get(s.to, '?')} has "
        "forces there (passing through is allowed)."
    ),
    permits=lambda s, _o: (
        f"{_who(s)} ends its move in the Polar Sink beside its ally {s.ally_where.get(s.to, '?')}: the Polar Sink "
        "permits all factions."
        if s.to_polar_sink and s.ally_in_to
        else f"{_who(s)} does not end its move in a territory of its ally ({s.to} holds none of its forces)."
        if s.ally_names not in ("", "none")
        else f"{_who(s)} has no ally to keep apart from."
    ),
    when=lambda s: s.ally_count <= 1,  # listed in two alliances: gf9.movement.two-alliances leaves it open
    replaces="overview.movement.allies",
    differs="passing through an ally's territory: overview:86 forbids allies to enter each other's territories "
    "(except the Polar Sink); gf9:139 lets an ally pass through, or ship in and move out, if the move ends elsewhere",
)
def gf9_allies(s: MovementFacts) -> bool:
    """A faction may pass through territories of its ally but not end its move in one, except the Polar Sink."""
    return s.to_polar_sink or not s.ally_in_to


@gf9_allies.z3
def _(v: Any) -> z3.BoolRef:
    g = geo()
    return z3.And(
        *[
            z3.Implies(z3.And(last(v, i), v.tv[i][t]), z3.Not(v.ally_in[t]))
            for i in range(len(v.act))
            for t in range(len(g.terr_names))
            if t != g.polar_sink
        ]
    )


# gf9:141 "Declare every alliance openly. Swap reminder cards. No faction can be in two alliances, ..."

gap(
    "gf9.movement.two-alliances",
    on="move",
    cites="gf9:141",
    title="A mover listed in two alliances",
    reason="the position lists the mover in two alliances, which gf9:141 forbids: which faction is its ally, "
    "whose territories it may pass and not end in, is not settled (check the position itself)",
    when=lambda s: s.ally_count > 1,
)


# gf9:29  "... Forces in different sectors of the same territory can normally move or fight
#          together, unless the storm separates them. ..."
# gf9:215 "Choose some or all forces from one territory. Move them together to one destination,
#          leaving any others behind. ..."
# gf9:235 "... Forces in separate uncovered sectors of the same territory can form the moving group."


def _group_message(s: MovementFacts, _o: dict[str, Any]) -> str:
    if s.count + s.special < 1:
        return f"{_who(s)} moves no forces: a move takes at least one force from {s.origin}."
    if s.count > s.from_forces:
        return f"{_who(s)} moves {s.count} forces from {s.origin} but has {s.from_forces} there that can move together."
    return (
        f"{_who(s)} moves {s.special} special forces from {s.origin} but has {s.from_special} there that can move "
        f"together."
    )


@rule(
    "gf9.movement.one-group",
    on="move",
    cites="gf9:29,215,235",
    title="One group from one territory: no more forces than are there",
    forbids=_group_message,
    permits="{Faction} has {from_forces} forces and {from_special} special forces in {origin} that can move "
    "together: enough for {count} and {special}.",
)
def gf9_one_group(s: MovementFacts) -> bool:
    """Some or all of the faction's fighting forces in one territory (those the storm does not
    separate) move together."""
    return s.count + s.special >= 1 and s.count <= s.from_forces and s.special <= s.from_special


@gf9_one_group.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count + v.special >= 1, v.count <= v.from_forces, v.special <= v.from_special)
