"""Overview, Phase 6: Shipment and Movement (the movement half) and Alliances."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.movement import (
    K_MAX,
    MovementFacts,
    blocked_step,
    closed_message,
    enters,
    follows_via,
    geo,
    movement_range,
    range_text,
    route_advice,
    search,
    start_in_storm,
    storm_message,
    visit_clear,
)
from checker.arrakis.position import PHASES, SHIPMENT_AND_MOVEMENT
from checker.facts import any_of
from checker.names import display, possessive, whose
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("move", "overview:55-57,86,102")

PHASES_NAMES = [p.replace("-", " ") for p in PHASES]

# overview:55 "Phase 6: Shipment and Movement"
# overview:57 "Starting with First Player, counterclockwise: each player may ship reserves ..., then move forces."


@rule(
    "overview.movement.phase",
    on="move",
    cites="overview:55,57",
    see_also="overview:33,118",
    title="Movement is made in Phase 6, Shipment and Movement",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot move forces in the "
        f"{PHASES_NAMES[s.phase_index or 0]} phase: players ship, then move, in Phase 6, Shipment and Movement."
    ),
    permits="It is Phase 6, Shipment and Movement.",
    when=lambda s: s.phase_index is not None,
)
def overview_phase(s: MovementFacts) -> bool:
    """Movement is made in Phase 6, Shipment and Movement, each player shipping then moving in turn; when the
    position gives no phase, it is taken to be that one (the verdict's notes say so)."""
    return s.phase_index == SHIPMENT_AND_MOVEMENT


@overview_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


# overview:57 "... then move forces. With a force in Arrakeen or Carthag (ornithopters), move
#             through up to 3 adjacent territories. Otherwise, move to 1 adjacent territory.
#             Cannot ship/move into storm sectors or strongholds with 2+ other players already present."


@rule(
    "overview.movement.range",
    on="move",
    cites="overview:57",
    title="Movement range: 1 territory, 3 with ornithopters",
    forbids=lambda s, _o: (
        f"{whose(s.faction)} range is {range_text(s, fremen_two=False)}: not enough for a way round what "
        "else blocks it."
        if (found := search(s)) is not None and found[0] <= movement_range(s, fremen_two=False)
        else f"The declared route {s.route} enters {s.via_len} territories; {whose(s.faction)} range is "
        f"{range_text(s, fremen_two=False)}."
        if s.via_len
        else f"{display(s.faction)} cannot reach {s.to} from {s.origin}: it needs {s.shortest} territories and its "
        f"range is {range_text(s, fremen_two=False)}."
    ),
    permits=lambda s, o: (
        f"{display(s.faction)} reaches {s.to} through {' → '.join(o['path'])}."
        if o.get("path")
        else f"{display(s.faction)} can reach {s.to} from {s.origin} within its range of "
        f"{range_text(s, fremen_two=False)}."
    ),
)
def overview_range(s: MovementFacts) -> bool:
    """A group moves to one adjacent territory, or through up to three with a force in Arrakeen or Carthag."""
    found = search(s)
    return found is not None and found[0] <= movement_range(s, fremen_two=False)


@overview_range.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= z3.If(v.ornithopters, 3, 1)


# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed
#              on Player Sheets."


def _fremen_past_range(s: MovementFacts) -> bool:
    """A Fremen move the standard range refuses: a Fremen advantage the overview does not print may allow it."""
    return s.is_fremen and not overview_range.check(s)


@rule(
    "overview.movement.faction-advantages",
    on="move",
    cites="overview:105",
    title="A Fremen movement advantage is on its player sheet",
    status="unresolved",
    reason="the Fremen move beyond the standard range of overview:57, and overview:105 lets faction advantages "
    "override the standard rules without printing the Fremen's (use the gf9 ruleset: gf9:401)",
    when=_fremen_past_range,
    one_sided="an open question: the overview prints no Fremen movement advantage",
)
def movement_faction_advantages(s: MovementFacts) -> bool:
    """The overview defers the Fremen's movement advantage to a player sheet it does not reproduce."""
    return True


@movement_faction_advantages.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


# the standard range judges every move but a Fremen one it would refuse: that one is the open question above
overview_range.when = lambda s: not _fremen_past_range(s)


# overview:37 "Forces cannot move through storm sectors."
# overview:57 "Cannot ship/move into storm sectors ..."


@rule(
    "overview.movement.storm",
    on="move",
    cites="overview:37,57",
    title="No movement into or through the storm",
    forbids=lambda s, _o: storm_message(s, "overview"),
    permits="The path to {to} stays clear of the storm (sector {storm_sector}).",
    needs=("storm_sector", "from_sector"),
)
def overview_storm(s: MovementFacts) -> bool:
    """Forces may not move into or through a sector under the storm (the overview says nothing of leaving it)."""
    return search(s, storm="overview") is not None


@overview_storm.z3
def _(v: Any) -> z3.BoolRef:
    later = [z3.Implies(v.act[i], visit_clear(v, i)) for i in range(1, len(v.act))]
    return z3.And(visit_clear(v, 0, exempt_start=True), *later)


def leaves_storm(s: MovementFacts) -> bool:
    """The moving group stands in the sector under the storm (every sector it may start from is covered)."""
    return s.storm_sector is not None and s.from_sector is not None and start_in_storm(s)


# overview:37 and 57 forbid moving into and through a storm sector and say nothing of leaving one: the overview is
# silent, and its ruleset reads GF9 where it is (constraints/overview/__init__.py). GF9 forbids it:
# gf9:99  "Forces cannot ship, move or battle into, out of or through the sector currently under the storm. ..."
# gf9:223 "Ordinary forces cannot ship into, enter, leave or cross a sector under the storm. ..."
# gf9.movement.storm says it under gf9, but it also says what overview.movement.storm says (and so stays out of the
# overview's ruleset): this rule is GF9's "out of" alone, in force where the overview's text leaves it to GF9.


@rule(
    "overview.movement.storm-leaving",
    on="move",
    cites="gf9:99,223",
    see_also="overview:37,57",
    title="No movement out of the sector under the storm (GF9's, where the overview is silent)",
    forbids=lambda s, _o: (
        f"{whose(s.faction)} forces in {s.origin} are in sector {s.storm_sector}, under the storm: they cannot "
        "move out of it (the overview forbids only moving into or through the storm; GF9, read where it is silent, "
        "forbids moving out of it)."
    ),
    when=leaves_storm,
    one_sided="it judges only a group standing under the storm, which never moves out of it",
)
def overview_storm_leaving(s: MovementFacts) -> bool:
    """A group standing in the sector under the storm may not move out of it: the overview forbids moving into and
    through the storm and is silent on leaving it, so GF9's rule is read (gf9:99, 223)."""
    return not start_in_storm(s)


@overview_storm_leaving.z3
def _(v: Any) -> z3.BoolRef:
    return any_of(z3.And(start, v.storm_sector != k) for k, start in enumerate(v.start_sectors, 1))


@rule(
    "overview.movement.closed-strongholds",
    on="move",
    cites="overview:57",
    title="No movement into a stronghold held by two other players",
    forbids=lambda s, _o: closed_message(s, "overview"),
    permits="The path to {to} enters no stronghold held by two other players.",
)
def overview_closed(s: MovementFacts) -> bool:
    """A group may not move into a stronghold where two or more other players already have forces."""
    return search(s, closed=True) is not None


@overview_closed.z3
def overview_closed_form(v: Any) -> z3.BoolRef:
    g = geo()
    return z3.And(
        *[
            z3.Implies(enters(v, i, sid), z3.Not(v.closed[j]))
            for i in range(1, len(v.act))
            for j, sid in enumerate(g.strongholds)
        ]
    )


# overview:86 "Allies cannot enter each other's territories (except Polar Sink)."


def _allies_message(s: MovementFacts) -> str:
    who = display(s.faction)
    if s.via_len:
        k = blocked_step(s, allies=True)
        if k:
            where = geo().terr_names[s.via[k - 1]]
            return (
                f"The declared route {s.route} enters {where}, where {possessive(who)} ally "
                f"{s.ally_where.get(where, '?')} has "
                "forces." + route_advice(s, "overview")
            )
    if s.to in s.ally_where:
        return f"{who} cannot enter {s.to}: its ally {s.ally_where[s.to]} has forces there."
    held = "; ".join(f"{t} ({a})" for t, a in s.ally_where.items())
    return f"Every path from {s.origin} to {s.to} enters a territory of {possessive(who)} ally: {held}."


@rule(
    "overview.movement.allies",
    on="move",
    cites="overview:86",
    title="Allies cannot enter each other's territories",
    forbids=lambda s, _o: _allies_message(s),
    permits="The path to {to} enters no territory of an ally (the Polar Sink excepted).",
)
def overview_allies(s: MovementFacts) -> bool:
    """A faction may not enter a territory where its ally has forces, except the Polar Sink."""
    return search(s, allies=True) is not None


@overview_allies.z3
def _(v: Any) -> z3.BoolRef:
    g = geo()
    return z3.And(
        *[
            z3.Implies(enters(v, i, t), z3.Not(v.ally_in[t]))
            for i in range(1, len(v.act))
            for t in range(len(g.terr_names))
            if t != g.polar_sink
        ]
    )


@rule(
    "overview.movement.adjacent",
    on="move",
    cites="overview:57",
    title="A path enters adjacent territories, one after another",
    forbids="The given path {route} is not a chain of adjacent territories ending at {to} (at most 7 borders).",
    permits="The given path {route} enters adjacent territories in turn.",
    when=lambda s: s.via_len > 0,
)
def overview_adjacent(s: MovementFacts) -> bool:
    """A path given with the move must step from each territory to an adjacent one and end at the destination."""
    return s.via_ok and s.via_len <= K_MAX


@overview_adjacent.z3
def _(v: Any) -> z3.BoolRef:
    return follows_via(v)
