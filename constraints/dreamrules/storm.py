"""Dreamrules: the Storm (dreamrules:198-220), as it changes GF9's.

Unchanged, and answered by GF9's rules in force under dreamrules: the first storm's two dials (dreamrules:200,
gf9.storm.first-dials), the two one-to-three dials without Fremen (dreamrules:206, gf9.storm.later-dials), the
storm's movement and the spice it sweeps (gf9.storm.movement, gf9.storm.spice; dreamrules:214 says the same of
spice), and First Player (dreamrules:220, gf9.storm.first-player). Changed: the prepared Storm card, the storm's
damage (Fremen immunity, the Hidden Mobile Surveyor, spice mines sending troops to reserves, sietches Family
Atomics opened). Battles and movement under the storm (dreamrules:222-224) are the battle and movement chapters'.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.storm import (
    StormFacts,
    dreamrules_damage,
    dreamrules_group_damage,
    exposed,
    group_losses,
    hit_sectors,
    mines_hit,
    z3_damage,
    z3_exposed,
    z3_hits,
)
from checker.facts import all_of
from checker.names import display, whose
from checker.rules import chapter, restates, rule, set_aside
from constraints.overview.storm import OUTCOME_ONLY

chapter("storm", "dreamrules:198-220,760,902,1124,1356")

# dreamrules:200 "Place the storm at a random sector. The standard GF9 method uses the two players whose markers are
#                 nearest either side of Storm Start. Each secretly dials a number from zero to twenty. Reveal both
#                 numbers, add them and count that many sectors counterclockwise from Storm Start. This is unchanged
#                 in Dreamrules."
# GF9's rule unchanged (gf9:83, 85): its findings under dreamrules quote this line too.
restates("dreamrules:200", "gf9.storm.first-dials")
# dreamrules:206 "Without Fremen, use the GF9 procedure: the two players who last used the battle wheels each secretly
#                 dial one, two or three. Reveal and add the numbers to determine movement."
# GF9's rule unchanged (gf9:89, 91: the dials without Advanced Fremen).
restates("dreamrules:206", "gf9.storm.later-dials")
set_aside(
    "dreamrules:210",
    "the order of Weather Control, Family Atomics and Planetology before the storm moves: a storm move gives the "
    "distance the storm actually moves (move.distance, after any card); playing a card is not a storm move",
)
set_aside(
    "dreamrules:1388",
    "names council question #1861, 'Water Stealing and Fremen', and no more: no line of the book describes Water "
    "Stealing and no position key or move expresses it, so no answer Mentat gives can turn on it",
)
# dreamrules:220 "The player marker the storm next approaches counterclockwise identifies the first player. Continue
#                 counterclockwise around the table. ..."
# GF9's rule unchanged (gf9:69).
restates("dreamrules:220", "gf9.storm.first-player")


def _hit(s: StormFacts, i: int) -> bool:
    return s.storm_sector is not None and s.group_sector[i] in hit_sectors(s.storm_sector, s.distance, s.placed)


def _where(s: StormFacts, i: int) -> str:
    return f"{s.group_territory[i]} sector {s.group_sector[i]}"


# dreamrules:204 "With Fremen in the game, reveal the prepared Storm card and move the storm counterclockwise by
#                 its number. Return the card, shuffle the Storm deck and prepare the next card face down. ..."


@rule(
    "dreamrules.storm.storm-card",
    on="storm",
    cites="dreamrules:204",
    see_also="dreamrules:1124",
    title="With Fremen, the prepared Storm card moves the storm after turn one",
    forbids="With Fremen in the game the prepared Storm card moves the storm after turn one, not dials ({dials_text}).",
    permits="On turn {turn} the prepared Storm card moves the storm {distance} sectors.",
    needs=("turn",),
    when=lambda s: s.fremen_advanced and ((s.turn or 0) > 1 or (s.turn is None and s.has_dials)),
    replaces="gf9.storm.storm-card",
)
def storm_card(s: StormFacts) -> bool:
    """With Fremen in the game, from turn two the storm moves by the Storm card prepared face down after the last
    shuffle (Dreamrules' Fremen inspect it; GF9's select it): no dials."""
    return not s.has_dials


@storm_card.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.has_dials)


# dreamrules:214 "Troops in exposed sand sectors swept by the storm or under its final position die and go to the
#                 Tanks. Spice in swept sectors returns to the bank. The Imperial Basin is protected while the
#                 Shield Wall stands. Rock, intact strongholds and the Polar Sink provide shelter."


def _losses(s: StormFacts, o: dict[str, Any]) -> str:
    if s.storm_sector is None:
        return "Troops lost to the storm: unknown."
    parts: list[str] = []
    spared: list[str] = []
    for i, faction in enumerate(s.group_faction):
        if not _hit(s, i) or not s.group_count[i]:
            continue
        who = f"{display(faction)} in {_where(s, i)}"
        if s.group_surveyor[i]:
            spared.append(f"{who} (aboard the Hidden Mobile Surveyor)")
        elif not exposed(s, i):
            spared.append(f"{who} ({'the Shield Wall stands' if s.group_sheltered[i] else 'sheltered'})")
        elif s.group_fremen[i] and s.fremen_immune:
            spared.append(f"{who} (Fremen are immune)")
        elif s.group_at_mine[i]:
            spared.append(f"{who} (at a destroyed mine: {s.group_count[i]} to reserves)")
        else:
            why = " (the sietch Family Atomics opened)" if s.group_opened[i] else ""
            why += " (the Shield Wall is destroyed)" if s.group_sheltered[i] else ""
            parts.append(f"{display(faction)} loses {s.group_count[i]} in {_where(s, i)} to the Tanks{why}")
    text = "; ".join(parts) if parts else "no troops go to the Tanks"
    if spared:
        text += "; spared: " + ", ".join(spared)
    return text[0].upper() + text[1:] + "."


@rule(
    "dreamrules.storm.losses",
    on="storm",
    cites="dreamrules:214",
    see_also="dreamrules:758",
    title="Troops in exposed sand the storm sweeps die and go to the Tanks",
    permits=_losses,
    needs=("storm_sector", "placed", "forces_placed", "shield_wall_standing", "mines_placed"),
    defines=("losses", "losses_by_group"),
    replaces="gf9.storm.losses",
    differs="Fremen troops in sand the storm sweeps: gf9:411 has Advanced Fremen lose half, rounded up; "
    "dreamrules:216 and 1124 make them immune (none lost)",
    one_sided=OUTCOME_ONLY,
)
def storm_losses(s: StormFacts) -> dict[str, Any]:
    """Troops in sand sectors the storm moves into go to the Tanks; rock, intact strongholds and the Polar Sink
    shelter, and Imperial Basin while the Shield Wall stands (Family Atomics destroying the wall also exposes
    Arrakeen and Carthag). Excepted (dreamrules:216): Fremen (immune unless Karama stopped Storm Immunity), troops
    aboard the Surveyor, troops at a destroyed mine (to reserves); a sietch Family Atomics opened is exposed."""
    return group_losses(s, dreamrules_group_damage(s)[0])


@storm_losses.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        v.group_lost[i] == z3.If(z3.And(z3_damage(v, i), z3.Not(v.group_at_mine[i])), v.group_count[i], 0)
        for i in range(len(v.group_lost))
    )


# dreamrules:216  "Fremen troops are immune, although Fremen may choose to let them die. ..."
# dreamrules:1124 "Your troops are immune to storm and may move into, through and out of it. You may choose to
#                  let them die in storm. ..."


def _fremen_struck(s: StormFacts) -> list[int]:
    return [i for i, f in enumerate(s.group_fremen) if f and s.group_count[i] and _hit(s, i) and exposed(s, i)]


@rule(
    "dreamrules.storm.fremen-immune",
    on="storm",
    cites="dreamrules:216,1124",
    see_also="dreamrules:29",
    title="Fremen troops are immune to the storm",
    permits=lambda s, _o: (
        "Fremen troops are immune to the storm: "
        + ", ".join(f"{s.group_count[i]} in {_where(s, i)}" for i in _fremen_struck(s))
        + " survive (Fremen may choose to let them die)."
    ),
    needs=("storm_sector", "placed"),
    when=lambda s: s.fremen_immune and bool(_fremen_struck(s)),
    one_sided="it spares Fremen troops; it forbids nothing",
)
def fremen_immune(_s: StormFacts) -> bool:
    """The storm kills no Fremen troops (Fremen may choose to let them die: a choice the storm move does not
    make, so none is counted lost)."""
    return True


@fremen_immune.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(z3.And(f, v.fremen_immune), v.group_lost[i] == 0) for i, f in enumerate(v.group_fremen))


# dreamrules:902 (Karama on Storm Immunity) "Storm or Shipment and Movement. Fremen takes full storm losses this
#                phase. ..."


@rule(
    "dreamrules.storm.immunity-stopped",
    on="storm",
    cites="dreamrules:902",
    see_also="dreamrules:900",
    title="Karama on Storm Immunity: Fremen takes full storm losses this phase",
    permits=lambda s, _o: (
        "Karama stopped Fremen's Storm Immunity this phase: Fremen takes full storm losses ("
        + ", ".join(f"{s.group_count[i]} in {_where(s, i)}" for i in _fremen_struck(s))
        + ")."
    ),
    needs=("storm_sector", "placed"),
    when=lambda s: not s.fremen_immune and bool(_fremen_struck(s)),
    one_sided="it fixes Fremen's losses; it forbids nothing",
)
def immunity_stopped(_s: StormFacts) -> bool:
    """With Storm Immunity suppressed (``factions.fremen.suppressed``), Fremen troops the storm strikes are lost in
    full, not in half."""
    return True


@immunity_stopped.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(
            z3.And(
                f,
                z3.Not(v.fremen_immune),
                z3_hits(v.group_sector[i], v.storm_sector, v.distance, v.placed),
                z3_exposed(v, i),
            ),
            v.group_lost[i] + v.group_returned[i] == v.group_count[i],
        )
        for i, f in enumerate(v.group_fremen)
    )


# dreamrules:216 "... Troops aboard the Hidden Mobile Surveyor are protected. ..."
# dreamrules:1236 "Troops inside are safe from storm and Shai-Hulud. ..."


def _aboard_struck(s: StormFacts) -> list[int]:
    return [i for i, a in enumerate(s.group_surveyor) if a and s.group_count[i] and _hit(s, i)]


@rule(
    "dreamrules.storm.surveyor",
    on="storm",
    cites="dreamrules:216",
    see_also="dreamrules:1236",
    title="Troops aboard the Hidden Mobile Surveyor are protected from the storm",
    permits=lambda s, _o: (
        "Aboard the Hidden Mobile Surveyor, protected: "
        + ", ".join(f"{whose(s.group_faction[i])} {s.group_count[i]} in {_where(s, i)}" for i in _aboard_struck(s))
        + "."
    ),
    needs=("storm_sector", "placed"),
    when=lambda s: bool(_aboard_struck(s)),
    one_sided="it spares troops; it forbids nothing",
)
def surveyor(_s: StormFacts) -> bool:
    """The storm kills no troops aboard the Surveyor (a force group's ``surveyor: true``)."""
    return True


@surveyor.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(a, v.group_lost[i] == 0) for i, a in enumerate(v.group_surveyor))


# dreamrules:292 "Storm and Shai-Hulud destroy mines. Troops at the destroyed mine return to their faction reserves
#                 instead of dying. They do not need revival before they can return to the board."
# dreamrules:216 "... When the storm destroys a spice mine, troops at that mine return to reserves instead of the
#                 Tanks. ..."


def _returned(s: StormFacts, o: dict[str, Any]) -> str:
    back = o.get("returned_to_reserves") or (dreamrules_damage(s)[1] if s.storm_sector is not None else {})
    gone = mines_hit(s)
    if not gone:
        return "The storm destroys no spice mine."
    who = ", ".join(f"{display(f)} {n}" for f, n in back.items()) or "none"
    text = f"The storm destroys the mine in {', '.join(gone)}: troops there return to reserves ({who})"
    if s.carryall and back:
        text += f"; {whose(s.carryall)} Carryall triggers (dreamrules:296; its counting is #1845)"
    return text + "."


@rule(
    "dreamrules.storm.mine-reserves",
    on="storm",
    cites="dreamrules:292",
    see_also="dreamrules:216,108",
    title="The storm destroys a spice mine: troops at it return to reserves",
    permits=_returned,
    needs=("storm_sector", "placed", "forces_placed", "shield_wall_standing", "mines_placed"),
    when=lambda s: bool(s.mine_sector),
    defines=("returned_to_reserves",),
    one_sided=OUTCOME_ONLY,
)
def mine_reserves(s: StormFacts) -> dict[str, Any]:
    """Troops at a spice mine (its territory and sector) the storm strikes return to their reserves instead of
    the Tanks (Fremen stay immune; troops aboard the Surveyor stay protected)."""
    return {"returned_to_reserves": dreamrules_damage(s)[1]}


@mine_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        v.group_returned[i] == z3.If(z3.And(z3_damage(v, i), v.group_at_mine[i]), v.group_count[i], 0)
        for i in range(len(v.group_returned))
    )


# dreamrules:760 "Dreamrules also allows a single sietch as the target, with an activating troop inside or adjacent.
#                 That sietch becomes vulnerable to storm for the rest of the game. ..."


def _opened_struck(s: StormFacts) -> list[int]:
    return [i for i, o in enumerate(s.group_opened) if o and s.group_count[i] and _hit(s, i) and exposed(s, i)]


@rule(
    "dreamrules.storm.atomics-sietch",
    on="storm",
    cites="dreamrules:760",
    title="A sietch Family Atomics targeted is vulnerable to the storm",
    permits=lambda s, _o: (
        "Family Atomics opened "
        + ", ".join(sorted({s.group_territory[i] for i in _opened_struck(s)}))
        + " to the storm for the rest of the game: troops there are struck as in sand."
    ),
    needs=("storm_sector", "placed"),
    when=lambda s: bool(_opened_struck(s)),
    one_sided="it exposes troops; it forbids nothing",
)
def atomics_sietch(_s: StormFacts) -> bool:
    """Troops in a sietch Family Atomics targeted (``atomics_sietches``) are struck by the storm as troops in
    sand are."""
    return True


@atomics_sietch.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(z3.And(o, z3_damage(v, i)), v.group_lost[i] + v.group_returned[i] == v.group_count[i])
        for i, o in enumerate(v.group_opened)
    )


# dreamrules:1356 "#1859: Mine replenishment timing."
# dreamrules:520  "... A mine stays in place and supplies its fixed yield each turn, without exceeding its cap. Its
#                  replenishment window is still tracked in #1859."


@rule(
    "dreamrules.storm.mine-replenishment",
    on="storm",
    cites="dreamrules:1356",
    see_also="dreamrules:520",
    title="Open (#1859): what spice a mine the storm destroys holds",
    status="unresolved",
    one_sided="an open council question: it neither forbids nor permits, it leaves the answer unresolved",
    reason="council question #1859 (mine replenishment timing, dreamrules:1356, 520) leaves open when a mine "
    "refills, so whether the mine the storm destroys holds spice that returns to the Bank is not settled; the "
    "ruling on when a mine replenishes would decide it",
    needs=("storm_sector", "placed"),
    when=lambda s: bool(mines_hit(s)),
    leaves_open=("spice_lost",),  # only the spice returned: where the storm ends, losses and reserves are decided
)
def mine_replenishment(_s: StormFacts) -> bool:
    """Open: the spice a destroyed mine holds depends on when mines replenish (#1859)."""
    return True


@mine_replenishment.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)
