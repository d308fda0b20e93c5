"""GF9: movement (Shipment and Movement, Alliances, and the Fremen's range)."""

from __future__ import annotations

from typing import Any

import z3

from checker.kinds.movement import MovementFacts, geo, last, movement_range, search, visit_clear
from checker.rules import chapter, rule
from constraints.overview.movement import overview_closed_form

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("move", "gf9:27-29,99,117,135-143,209-241,311,401,411")

# gf9:211 "A force just shipped into either city can unlock ornithopters immediately. The moving
#          group may be elsewhere on Arrakis. Use one range; do not add the allowances together."
# gf9:233 "A city under the storm can still provide ornithopters for a group elsewhere. ..."
# gf9:239 "... Reassess ornithopter access when that extra movement begins ..."
# gf9:311 "Advanced Bene Gesserit advisors cannot ... provide ornithopters."
# gf9:401 "Your normal movement range is two territories." (Fremen)
# The 1 and 3 themselves are only printed in the overview (overview:57).


@rule(
    "gf9.movement.range",
    on="move",
    cites="gf9:211,233,239,311,401; overview:57",
    title="Movement range: 1 territory, Fremen 2, 3 with ornithopters; one range, never added",
    forbids="{Faction} cannot reach {to} from {origin}: it needs {shortest} territories and its range is {reach}.",
    permits="{Faction} reaches {to} through {path}, within its range of {reach}.",
    replaces="overview.movement.range",
)
def gf9_range(s: MovementFacts) -> bool:
    """One territory; Fremen two; three for a faction with fighting forces in Arrakeen or Carthag when
    its movement begins (the city may be under the storm). Ranges are not added: Fremen with
    ornithopters move three."""
    found = search(s)
    return found is not None and found[0] <= movement_range(s)


@gf9_range.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= z3.If(v.ornithopters, 3, z3.If(v.is_fremen, 2, 1))


# gf9:31  "... a sector currently under the storm still blocks shipment, movement and battle."
# gf9:99  "Forces cannot ship, move or battle into, out of or through the sector currently under
#          the storm. In a territory spanning several sectors, a group may enter or leave an
#          uncovered part if its path does not cross the covered part. The Polar Sink is never covered."
# gf9:223 "... Imperial Basin's protection from storm losses does not permit movement through a stormed sector."
# gf9:233 "... the moving group cannot enter, leave or cross a stormed sector."
# gf9:237 "... Do not move into, out of or across the storm. ..."


@rule(
    "gf9.movement.storm",
    on="move",
    cites="gf9:31,99,223,233,237",
    title="No movement into, out of or through the storm",
    forbids="{Faction} has no path from {origin} to {to} that stays out of sector {storm_sector}, under the storm.",
    permits="The path to {to} stays clear of the storm (sector {storm_sector}).",
    needs=("storm_sector", "from_sector"),
    replaces="overview.movement.storm",
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
    cites="gf9:139,227,229,237",
    title="No entering or passing a stronghold with two other factions",
    forbids="{Faction} has no path to {to} that avoids the strongholds with two other factions ({closed_names}).",
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
    cites="gf9:135,139,237",
    title="Pass through an ally's territory, but end elsewhere (the Polar Sink excepted)",
    forbids="{Faction} cannot end its move in {to}: its ally ({ally_names}) has forces there.",
    permits="{Faction} does not end its move in a territory of its ally.",
    replaces="overview.movement.allies",
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


# gf9:29  "... Forces in different sectors of the same territory can normally move or fight
#          together, unless the storm separates them. ..."
# gf9:215 "Choose some or all forces from one territory. Move them together to one destination,
#          leaving any others behind. ..."
# gf9:235 "... Forces in separate uncovered sectors of the same territory can form the moving group."


@rule(
    "gf9.movement.one-group",
    on="move",
    cites="gf9:29,215,235",
    title="One group from one territory: no more forces than are there",
    forbids=(
        "{Faction} moves {count} forces and {special} special forces from {origin}, "
        "but has {from_forces} and {from_special} there that can move together."
    ),
    permits="{Faction} has the forces in {origin}.",
)
def gf9_one_group(s: MovementFacts) -> bool:
    """Some or all of the faction's fighting forces in one territory (those the storm does not
    separate) move together."""
    return s.count + s.special >= 1 and s.count <= s.from_forces and s.special <= s.from_special


@gf9_one_group.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count + v.special >= 1, v.count <= v.from_forces, v.special <= v.from_special)
