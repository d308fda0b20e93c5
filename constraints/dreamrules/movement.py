"""Dreamrules: on-planet movement (dreamrules:392-432, the Fremen, Ixian and Karama lines about it).

Kept from GF9 and answered by its rules (dreamrules:15, 1328): the phase, ornithopters (three territories
with troops in Arrakeen or Carthag when movement begins, advisors granting none), closed strongholds, one
group from one territory. Changed or added here: the Fremen's storm immunity, Cyborgs' two territories
(Suboids with them), Bene Gesserit advisors coexisting with an ally, one ordinary move a turn and the
Zensunni Path's extra move, Karama stopping Native Movement or the Path, and the Surveyor (a gap).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.movement import (
    MovementFacts,
    closed_message,
    range_text,
    search,
    storm_message,
    visit_clear,
)
from checker.arrakis.position import MENTAT_PAUSE
from checker.names import display, plural
from checker.rules import chapter, gap, rule, set_aside
from constraints.overview.movement import overview_closed_form

chapter("move", "dreamrules:392,396-414,420-422,426,432,888-894,1122-1124,1132,1220-1222")

set_aside("dreamrules:400,404", "a heading of a worked example")
set_aside("dreamrules:402,406", "a worked example of the ornithopter rule (gf9.movement.ornithopters, kept)")
set_aside("dreamrules:412", "a heading")
set_aside(
    "dreamrules:892",
    "the heading of Karama's entry for Zensunni Path (its effect, dreamrules:894, is encoded)",
)
set_aside("dreamrules:888", "the heading of Karama's entry for Native Movement (its effect, 890, is encoded)")


def _who(s: MovementFacts) -> str:
    return display(s.faction)


# dreamrules:410 "A stronghold occupied by two other factions is closed to you: you may neither ship into it nor
#                 move into or through it. Bene Gesserit advisors do not count towards this limit. ..."
def _advisors_blocked(s: MovementFacts) -> bool:
    """The Bene Gesserit move advisors, and only strongholds two other factions hold stand in their way."""
    return bool(s.advisors_in_origin and search(s, closed=True) is None and search(s) is not None)


@rule(
    "dreamrules.movement.closed-strongholds",
    on="move",
    cites="dreamrules:410",
    title="No entering or passing a stronghold with two other factions",
    forbids=lambda s, _o: closed_message(s, "dreamrules"),
    permits="The path to {to} enters no stronghold with two other factions.",
    when=lambda s: not _advisors_blocked(s),
    replaces="gf9.movement.closed-strongholds",
)
def closed_strongholds(s: MovementFacts) -> bool:
    """A stronghold two other factions hold (advisors not counted) may be neither entered nor passed through; the
    Bene Gesserit moving advisors there are the gap below."""
    return search(s, closed=True) is not None


closed_strongholds.z3(overview_closed_form)  # the same constraint; which factions close a stronghold is a fact

gap(
    "dreamrules.movement.bg-advisors-closed-stronghold",
    on="move",
    cites="dreamrules:410",
    see_also="dreamrules:1154,1158",
    title="The Bene Gesserit move advisors into or through a stronghold two other factions hold",
    reason="the Bene Gesserit move advisors and only a stronghold two other factions occupy stands in the way: "
    "advisors 'do not count towards this limit' (dreamrules:410, 1154), but dreamrules:410 closes such a "
    "stronghold 'to you'; whether advisors may enter or pass through it is not said",
    when=_advisors_blocked,
)


def _territories(n: int) -> str:
    return plural(n, "territory", "territories")


def _too_far(limit: int) -> Any:
    """The message of a range rule of ``limit`` territories: the length of the path that decides. Where the shortest
    path alone is within range, the range forbids together with the storm or the closed strongholds
    (dreamrules:408, 410): the shortest path clear of what stands in the way is the one too long."""

    def message(s: MovementFacts, _o: dict[str, Any]) -> str:
        head = f"{_who(s)} cannot reach {s.to} from {s.origin}"
        plain = search(s)
        if plain is None:
            return f"{head}: it needs more territories than the board allows and its range is {range_text(s)}."
        if plain[0] > limit:
            return f"{head}: it needs {_territories(plain[0])} and its range is {range_text(s)}."
        storm = not s.is_fremen and s.storm_sector is not None  # dreamrules.movement.storm applies
        ways = [
            *([(search(s, storm="gf9"), f"clear of the storm (sector {s.storm_sector})")] if storm else []),
            (search(s, closed=True), "avoiding the strongholds two other factions hold"),
            *(
                [(search(s, storm="gf9", closed=True), "clear of both the storm and those strongholds")]
                if storm
                else []
            ),
        ]
        for found, clear in ways:
            if found is None:
                return f"{head}: no path {clear} reaches it, and its range is {range_text(s)}."
            if found[0] > limit:
                return (
                    f"{head}: the shortest path {clear} enters {_territories(found[0])} and its range is "
                    f"{range_text(s)}."
                )
        return f"{head} within its range of {range_text(s)}."

    return message


def _within(s: MovementFacts, o: dict[str, Any]) -> str:
    path = " → ".join(o.get("path") or []) or f"a change of sector in {s.origin}"
    return f"{_who(s)} reaches {s.to} through {path}, within its range of {range_text(s)}."


# -- range ----------------------------------------------------------------------------------------
# dreamrules:396 "Move some or all troops from one territory to one adjacent territory for free. ..."
# dreamrules:398 "Troops in Carthag or Arrakeen when movement begins grant ornithopters: up to three
#                 territories. ..."


@rule(
    "dreamrules.movement.range",
    on="move",
    cites="dreamrules:396",
    see_also="dreamrules:398",
    title="Movement range: one adjacent territory without ornithopters",
    forbids=_too_far(1),
    permits=_within,
    when=lambda s: not s.ornithopters and not s.cyborgs and not s.is_fremen and not s.is_ixians,
    replaces="gf9.movement.range",
)
def dreamrules_range(s: MovementFacts) -> bool:
    """Without ornithopters or Cyborgs, a group other than the Fremen moves to one adjacent territory."""
    found = search(s)
    return found is not None and found[0] <= 1


@dreamrules_range.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 1


# dreamrules:432 "Cyborgs may move two territories; Suboids may accompany them. ..."
# dreamrules:1220 "Your nine Cyborgs have double combat strength, move two territories, ..."
# dreamrules:1222 "Your eleven Suboids ... may move two territories when accompanied by a Cyborg."


@rule(
    "dreamrules.movement.cyborgs",
    on="move",
    cites="dreamrules:432",
    see_also="dreamrules:1220,1222",
    title="Cyborgs move two territories, and Suboids with them",
    forbids=_too_far(2),
    permits=_within,
    when=lambda s: s.cyborgs and not s.ornithopters,
)
def cyborgs(s: MovementFacts) -> bool:
    """An Ixian group holding a Cyborg (a special force) moves two territories; Suboids moving with it go as far.
    Ornithopters give three instead (one range, never added)."""
    found = search(s)
    return found is not None and found[0] <= 2


@cyborgs.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 2


# dreamrules:1222 "Your eleven Suboids ... may move two territories when accompanied by a Cyborg."
#  (without a Cyborg in the group, and without ornithopters, Suboids keep the ordinary one territory, dreamrules:396)


def _suboids_too_far(s: MovementFacts, o: dict[str, Any]) -> str:
    return _too_far(1)(s, o) + " Suboids move two territories only when a Cyborg accompanies them; this group has none."


@rule(
    "dreamrules.movement.suboids-alone",
    on="move",
    cites="dreamrules:1222",
    see_also="dreamrules:396,432",
    title="Suboids without a Cyborg move one territory",
    forbids=_suboids_too_far,
    permits=_within,
    when=lambda s: s.is_ixians and not s.cyborgs and not s.ornithopters,
)
def suboids_alone(s: MovementFacts) -> bool:
    """An Ixian group of Suboids with no Cyborg among it and no ornithopters moves to one adjacent territory:
    the two-territory move is the Cyborgs', and Suboids share it only when accompanied."""
    found = search(s)
    return found is not None and found[0] <= 1


@suboids_alone.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 1


# dreamrules:426 "Your ordinary movement has a range of two territories. Your troops may enter, leave and
#                 cross the storm. ..."  (Fremen)
# dreamrules:1122 "... Your troops move two territories ..."


@rule(
    "dreamrules.movement.fremen-range",
    on="move",
    cites="dreamrules:426",
    see_also="dreamrules:1122",
    title="The Fremen move two territories",
    forbids=_too_far(2),
    permits=_within,
    when=lambda s: s.is_fremen and not s.ornithopters and not s.native_suppressed,
    replaces="gf9.movement.fremen-range",
)
def fremen_range(s: MovementFacts) -> bool:
    """Without ornithopters, the Fremen's ordinary movement range is two territories."""
    found = search(s)
    return found is not None and found[0] <= 2


@fremen_range.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 2


# dreamrules:890 "Shipment and Movement, including after movement is declared. Fremen redoes that move with
#                 ordinary movement limits: one territory, or three with ornithopters."


@rule(
    "dreamrules.movement.native-suppressed",
    on="move",
    cites="dreamrules:890",
    title="Karama stopped Native Movement: the Fremen move one territory",
    forbids=_too_far(1),
    permits=_within,
    when=lambda s: s.is_fremen and s.native_suppressed and not s.ornithopters,
)
def native_suppressed(s: MovementFacts) -> bool:
    """With Native Movement stopped by Karama for the phase, the Fremen move one territory (three with
    ornithopters, which gf9.movement.ornithopters answers)."""
    found = search(s)
    return found is not None and found[0] <= 1


@native_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost <= 1


# -- the storm ------------------------------------------------------------------------------------
# dreamrules:408 "Ordinary troops cannot ship into, enter, leave or cross a sector in storm. Other sectors of
#                 that territory remain usable, but troops separated by the storm cannot combine into one
#                 moving group. Ornithopters extend your range; they do not let you cross the storm."


@rule(
    "dreamrules.movement.storm",
    on="move",
    cites="dreamrules:408",
    title="Ordinary troops move not into, out of or through the storm",
    forbids=lambda s, _o: storm_message(s, "gf9"),
    permits="The path to {to} stays clear of the storm (sector {storm_sector}).",
    needs=("storm_sector", "from_sector"),
    when=lambda s: not s.is_fremen,
    # dreamrules:408 (and, for the Fremen, 426, 1124) say whether troops may leave a sector under the storm: the
    # overview's gap on leaving it does not reach this ruleset
    replaces=("gf9.movement.storm", "overview.movement.storm-leaving"),
)
def storm(s: MovementFacts) -> bool:
    """Troops other than the Fremen may not start in, enter or cross the sector under the storm; clear sectors
    of a territory stay usable if the path does not cross the covered one."""
    return search(s, storm="gf9") is not None


@storm.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.is_fremen, z3.And(*[z3.Implies(v.act[i], visit_clear(v, i)) for i in range(len(v.act))]))


# dreamrules:1124 "Your troops are immune to storm and may move into, through and out of it. ..."


@rule(
    "dreamrules.movement.fremen-storm",
    on="move",
    cites="dreamrules:426,1124",
    title="Fremen troops move into, through and out of the storm",
    permits=lambda s, _o: (
        "Fremen troops may enter, leave and cross the storm"
        + (f" (sector {s.storm_sector})." if s.storm_sector is not None else ".")
    ),
    when=lambda s: s.is_fremen,
    counterpart="gf9.movement.storm",
    differs="Fremen movement and the storm: gf9:411 says the Fremen cannot use ordinary movement to enter or leave "
    "the storm; dreamrules:426 and 1124 let Fremen troops enter, leave and cross it",
    one_sided="a permission: the storm never forbids a Fremen move",
)
def fremen_storm(s: MovementFacts) -> bool:
    """The storm does not bar the Fremen's movement: their troops may start in it, enter it and cross it."""
    return True


@fremen_storm.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- allies ---------------------------------------------------------------------------------------
# dreamrules:414 "You may ship into your ally's territory, but must immediately move out in that same
#                 shipment-and-movement action. You cannot end the action together. The Polar Sink and
#                 explicit abilities are exceptions."
# dreamrules:568 "... The Polar Sink and explicit faction exceptions, including Bene Gesserit advisors, allow
#                 coexistence."


def _ally_where(s: MovementFacts) -> str:
    return s.ally_where.get(s.to, "?")


@rule(
    "dreamrules.movement.allies",
    on="move",
    cites="dreamrules:414,568",
    see_also="dreamrules:1332",
    title="Do not end the move with an ally (the Polar Sink and Bene Gesserit advisors excepted)",
    forbids=lambda s, _o: (
        f"{_who(s)} cannot end its move in {s.to}: its ally {_ally_where(s)} has troops there (passing through "
        "is allowed)."
    ),
    permits=lambda s, _o: (
        f"{_who(s)} moves advisors into {s.to}, where it has no fighters: they stay advisors, which coexist with its "
        "ally."
        if s.advisors_stay and s.ally_apart_in_to
        else f"{_who(s)} ends its move in the Polar Sink beside its ally {_ally_where(s)}: the Polar Sink is an "
        "exception."
        if s.to_polar_sink and s.ally_in_to
        else f"{_who(s)} does not end its move with its ally's troops"
        + (f" (its ally has only {s.ally_coexisting} in {s.to}, which coexist)." if s.ally_in_to else ".")
    ),
    when=lambda s: s.ally_count <= 1,
    replaces="gf9.movement.allies",
    differs="ending a move where the ally has only Bene Gesserit advisors: gf9:139 with gf9:383 keeps advisors "
    "under the alliance restriction, so the move may not end there; dreamrules:568 names Bene Gesserit advisors "
    "among the exceptions that allow coexistence",
)
def allies(s: MovementFacts) -> bool:
    """A faction may pass through its ally's territory but not end its move where the ally has troops, except
    in the Polar Sink, where the ally has only Bene Gesserit advisors (or troops aboard the Surveyor, a
    territory of its own, dreamrules:1232), or where the mover is the Bene Gesserit moving advisors that stay
    advisors (no fighters of theirs there: advisors joining fighters become fighters, dreamrules:1154)."""
    return s.to_polar_sink or not s.ally_apart_in_to or s.advisors_stay


@allies.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.to_polar_sink, z3.Not(v.ally_apart_in_to), v.advisors_stay)


# -- one ordinary move, and the Zensunni Path --------------------------------------------------
# dreamrules:392 "... In storm order, each player may make one shipment followed by one on-planet movement.
#                 Both are optional. Finish your turn before the next player acts."


@rule(
    "dreamrules.movement.one-move",
    on="move",
    cites="dreamrules:392",
    title="One ordinary on-planet movement a turn",
    forbids="{Faction} already made its ordinary on-planet movement this phase.",
    permits="{Faction} has not yet made its ordinary movement this phase.",
    when=lambda s: not s.zensunni,
)
def one_move(s: MovementFacts) -> bool:
    """Each faction makes at most one ordinary on-planet movement in the phase (``made_ordinary_move``)."""
    return not s.moved_already


@one_move.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.moved_already)


# dreamrules:420 "With Zensunni Path, Fremen may allow one faction, including themselves, that did not make its
#                 ordinary on-planet movement to move at the end of the phase. Wait until everyone, including
#                 the Guild, has finished."
# dreamrules:422 "That faction may already have shipped. Passing movement keeps it eligible; making an ordinary
#                 movement does not. A Hajr move does not disqualify it."
# dreamrules:1132 "After all factions finish shipment and movement, Zensunni Path lets one faction, including
#                  yourself, make an on-planet move if it made none this phase. ..."


def _zensunni(s: MovementFacts) -> bool:
    return s.zensunni


@rule(
    "dreamrules.movement.zensunni-eligible",
    on="move",
    cites="dreamrules:422",
    see_also="dreamrules:1132",
    title="The Zensunni Path's move is for a faction that made no ordinary movement",
    forbids="{Faction} made its ordinary on-planet movement this phase: the Zensunni Path cannot give it another.",
    permits="{Faction} made no ordinary movement this phase (shipping, passing or a Hajr move keep it eligible).",
    when=_zensunni,
)
def zensunni_eligible(s: MovementFacts) -> bool:
    """Only a faction that made no ordinary on-planet movement this phase may take the Path's move; having
    shipped, passed or moved with Hajr does not disqualify it."""
    return not s.moved_already


@zensunni_eligible.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.moved_already)


@rule(
    "dreamrules.movement.zensunni-end",
    on="move",
    cites="dreamrules:420",
    title="The Zensunni Path's move waits until everyone has finished",
    forbids=lambda s, _o: (
        f"The Zensunni Path's move comes at the end of the phase: {s.not_acted} "
        f"{'has' if ',' not in s.not_acted else 'have'} not finished their turn (acted_this_phase)."
    ),
    permits="Every faction, the Guild included, has finished its Shipment and Movement turn.",
    when=_zensunni,
)
def zensunni_end(s: MovementFacts) -> bool:
    """The Path's move is made at the end of the phase, once every faction (the Guild included) has finished its
    turn: every faction of the position is in ``acted_this_phase``."""
    return s.all_acted


@zensunni_end.z3
def _(v: Any) -> z3.BoolRef:
    return v.all_acted


@rule(
    "dreamrules.movement.zensunni-fremen",
    on="move",
    cites="dreamrules:420",
    see_also="dreamrules:1132",
    title="The Zensunni Path is the Fremen's to grant",
    forbids="The Fremen are not in the game: no one can grant {Faction} the Zensunni Path's move.",
    permits="The Fremen may grant the Zensunni Path's move.",
    when=_zensunni,
)
def zensunni_fremen(s: MovementFacts) -> bool:
    """The Path is a Fremen advantage: without the Fremen in the game there is no such move."""
    return s.fremen_playing


@zensunni_fremen.z3
def _(v: Any) -> z3.BoolRef:
    return v.fremen_playing


# dreamrules:894 "Shipment and Movement, including its closing window. Fremen cannot grant the extra move this
#                 phase."


@rule(
    "dreamrules.movement.zensunni-suppressed",
    on="move",
    cites="dreamrules:894",
    title="Karama stopped the Zensunni Path",
    forbids="Karama stopped the Zensunni Path this phase: the Fremen cannot grant {Faction} the extra move.",
    permits="Karama has not stopped the Zensunni Path this phase.",
    when=_zensunni,
)
def zensunni_suppressed(s: MovementFacts) -> bool:
    """When Karama stopped the Zensunni Path for the phase (``factions.fremen.suppressed``), no extra move."""
    return not s.zensunni_suppressed


@zensunni_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.zensunni_suppressed)


# -- the Hidden Mobile Surveyor (a gap) ----------------------------------------------------------
# dreamrules:432 "... Entering or leaving it is movement between territories."
# dreamrules:1234 "You may ship to the Surveyor at stronghold rates, and move into or out of it as a normal
#                  territory. Other factions cannot enter, including Bene Gesserit advisors."

gap(
    "dreamrules.movement.surveyor",
    on="move",
    cites="dreamrules:1234",
    see_also="dreamrules:432",
    title="Ixian troops moving into or out of the Hidden Mobile Surveyor",
    reason="the Ixians move from or to the Surveyor's territory (or from aboard it): whether the troops enter or "
    "leave the Surveyor, a territory within that territory that costs one territory of movement "
    "(dreamrules:432, 1234), is not a key of the move, so the distance is not known",
    when=lambda s: s.surveyor_involved,
)


# -- one group ------------------------------------------------------------------------------------
# dreamrules:396 "Move some or all troops from one territory to one adjacent territory for free. Move the group
#                 together; you cannot split it between destinations. ..."
# dreamrules:408 "... troops separated by the storm cannot combine into one moving group. ..."


def _group_message(s: MovementFacts, _o: dict[str, Any]) -> str:
    if s.count + s.special < 1:
        return f"{_who(s)} moves no troops: a move takes at least one troop from {s.origin}."
    if s.count > s.from_forces:
        return f"{_who(s)} moves {s.count} troops from {s.origin} but has {s.from_forces} there that can move together."
    return (
        f"{_who(s)} moves {s.special} special troops from {s.origin} but has {s.from_special} there that can move "
        "together."
    )


@rule(
    "dreamrules.movement.one-group",
    on="move",
    cites="dreamrules:396",
    see_also="dreamrules:408",
    title="One group from one territory: no more troops than are there",
    forbids=_group_message,
    permits="{Faction} has {from_forces} troops and {from_special} special troops in {origin} that can move "
    "together: enough for {count} and {special}.",
    when=lambda s: not s.origin_mixed,
    replaces="gf9.movement.one-group",
)
def one_group(s: MovementFacts) -> bool:
    """Some or all of the faction's troops in one territory (those the storm does not separate) move together.
    A territory holds one posture of Bene Gesserit troops (dreamrules:1154): where it holds their advisors only,
    the advisors are the group. Where it holds both, dreamrules.movement.advisors answers instead."""
    return s.count + s.special >= 1 and s.count <= s.from_forces and s.special <= s.from_special


@one_group.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count + v.special >= 1, v.count <= v.from_forces, v.special <= v.from_special)


# -- Bene Gesserit advisors moving (a gap) -----------------------------------------------------
# dreamrules:1154 "... Advisors can move and coexist with enemies or allies, but do not fight, count toward
#                  occupancy limits or control territory for ornithopters or victory. Each territory has one posture
#                  for your troops. Advisors entering a territory with your fighters become fighters."

gap(
    "dreamrules.movement.advisors",
    on="move",
    cites="dreamrules:1154",
    title="Bene Gesserit advisors and fighters in one territory",
    reason="the Bene Gesserit move from a territory holding both their advisors and their fighters: dreamrules:1154 "
    "gives each territory one posture for their troops, and the move does not say which group moves",
    when=lambda s: s.origin_mixed,
)


# == the Hidden Mobile Surveyor's move (the ``move-surveyor`` kind) ==============================

chapter("move-surveyor", "dreamrules:550-552,972-974,1230-1248")

set_aside("dreamrules:550,972,1230,1242", "a heading")
set_aside(
    "dreamrules:1236,1246",
    "troops aboard safe from storm and Shai-Hulud, and carrying no spice: the storm's and the spice blow's "
    "questions (losses, collection), not where the Surveyor may go",
)
set_aside(
    "dreamrules:1248",
    "the Surveyor is no stronghold for victory and its shipping rate is a cost exception: the victory's and the "
    "shipment's questions (dreamrules.shipment.surveyor)",
)
set_aside(
    "dreamrules:1234",
    "shipping to and moving into or out of the Surveyor: the ship and move kinds' questions "
    "(dreamrules.shipment.surveyor, dreamrules.movement.surveyor)",
)


# dreamrules:552 "Move the Hidden Mobile Surveyor up to three non-stronghold territories, picking up and dropping
#                 off Ixian troops along its route. ..."  (Ixians)
# dreamrules:1238 "During Mentat, move the Surveyor up to three non-stronghold territories. ..."


@rule(
    "dreamrules.surveyor.ixians-only",
    on="move-surveyor",
    cites="dreamrules:552",
    title="Only the Ixians move the Hidden Mobile Surveyor",
    forbids="{Faction} cannot move the Hidden Mobile Surveyor: it is the Ixians'.",
    permits="The Ixians move their Surveyor.",
)
def surveyor_ixians(s: Any) -> bool:
    """The Surveyor is the Ixians' piece; no one else moves it."""
    return bool(s.is_ixians)


@surveyor_ixians.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_ixians


@rule(
    "dreamrules.surveyor.mentat",
    on="move-surveyor",
    cites="dreamrules:552,1238",
    title="The Surveyor moves during Mentat",
    forbids="The Surveyor moves during Mentat, not in this phase.",
    permits="It is Mentat: the Surveyor may move.",
    when=lambda s: s.phase_index is not None,
)
def surveyor_mentat(s: Any) -> bool:
    """The Ixians move the Surveyor during the Mentat phase."""
    return bool(s.phase_index == MENTAT_PAUSE)


@surveyor_mentat.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == MENTAT_PAUSE


@rule(
    "dreamrules.surveyor.from-where-it-stands",
    on="move-surveyor",
    cites="dreamrules:1238",
    title="The Surveyor moves from where it stands",
    forbids=lambda s, _o: f"The Surveyor stands in {s.stands}, not in {s.origin}.",
    permits=lambda s, _o: f"The Surveyor stands in {s.origin}.",
)
def surveyor_from(s: Any) -> bool:
    """The move starts where the position puts the Surveyor (``hidden_mobile_surveyor``)."""
    return bool(s.at_origin)


@surveyor_from.z3
def _(v: Any) -> z3.BoolRef:
    return v.at_origin


@rule(
    "dreamrules.surveyor.not-a-stronghold",
    on="move-surveyor",
    cites="dreamrules:1244",
    see_also="dreamrules:1232",
    title="The Surveyor goes to no stronghold",
    forbids="The Surveyor cannot go to {to}: its route stays out of strongholds.",
    permits="{to} is not a stronghold.",
)
def surveyor_not_stronghold(s: Any) -> bool:
    """The Surveyor moves through and to non-stronghold territories only."""
    return not s.to_stronghold


@surveyor_not_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.to_stronghold)


def _reach_message(s: Any, _o: dict[str, Any]) -> str:
    if s.steps >= 99:
        way = "the declared route " + " → ".join([s.origin, *s.via]) if s.via else "no way"
        return f"The Surveyor has {way} from {s.origin} to {s.to} through non-stronghold territories."
    return f"The Surveyor needs {s.steps} territories from {s.origin} to {s.to}: it moves up to three."


@rule(
    "dreamrules.surveyor.reach",
    on="move-surveyor",
    cites="dreamrules:552,1238",
    see_also="dreamrules:1244",
    title="The Surveyor moves up to three non-stronghold territories",
    forbids=_reach_message,
    permits=lambda s, o: (
        f"The Surveyor reaches {s.to} through {' → '.join(o.get('path') or [])}, within three non-stronghold "
        "territories."
    ),
    when=lambda s: not s.to_stronghold,
)
def surveyor_reach(s: Any) -> bool:
    """Up to three territories entered, none of them a stronghold (the declared route, if given)."""
    from checker.arrakis.kinds.surveyor import REACH

    return bool(s.steps <= REACH)


@surveyor_reach.z3
def _(v: Any) -> z3.BoolRef:
    return v.entered <= 3


# dreamrules:1240 "The v0.8 Shield Wall rule prohibits the Surveyor from entering the Shield Wall after it becomes
#                  a stronghold for victory. ..."
# dreamrules:680 "... At four markers, the Shield Wall counts as a stronghold for victory only."


@rule(
    "dreamrules.surveyor.shield-wall",
    on="move-surveyor",
    cites="dreamrules:682,1240",
    see_also="dreamrules:680",
    title="At four markers the Surveyor may not enter the Shield Wall",
    forbids=lambda s, _o: (
        f"The Shield Wall has {s.markers} markers, a stronghold for victory: the Surveyor may not enter it"
        + (
            "."
            if s.to == "Shield Wall"
            else (
                f", and no way from {s.origin} to {s.to} avoids it."
                if s.steps_open >= 99
                else f", and the way from {s.origin} to {s.to} around it needs more than three territories."
            )
        )
    ),
    permits=lambda s, _o: (
        f"The Shield Wall has {s.markers} markers"
        + (": the Surveyor may enter it." if (s.markers or 0) < 4 else ": the Surveyor keeps out of it.")
    ),
    needs=("markers",),
    when=lambda s: s.steps != s.steps_open,
)
def surveyor_shield_wall(s: Any) -> bool:
    """Once the Shield Wall holds four markers (a stronghold for victory) the Surveyor's way avoids it: on its own
    this forbids only where no way avoids it (the Shield Wall itself as the destination); how long the way around
    it may be is the reach's, decided with it."""
    return (s.markers or 0) < 4 or s.steps_open < 99


@surveyor_shield_wall.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.markers >= 4, z3.And(z3.Not(v.wall), v.steps_open < 99))


# dreamrules:974 "Mentat. Ixians cannot move the Surveyor this phase."  (Karama)


@rule(
    "dreamrules.surveyor.suppressed",
    on="move-surveyor",
    cites="dreamrules:974",
    title="Karama stopped the Hidden Mobile Surveyor",
    forbids="Karama stopped the Hidden Mobile Surveyor this phase: the Ixians cannot move it.",
    permits="Karama has not stopped the Surveyor this phase.",
)
def surveyor_suppressed(s: Any) -> bool:
    """With the Surveyor stopped by Karama for the phase (``factions.ixians.suppressed``), it does not move."""
    return not s.suppressed


@surveyor_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.suppressed)
