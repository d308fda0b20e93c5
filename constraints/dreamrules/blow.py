"""Dreamrules: the Spice Blow (dreamrules:242-292): Shai-Hulud, Fremen riding, Thumpers, Shield Wall markers, mines.

Three kinds of question. ``blow`` (a Spice card turned over, as in GF9): a territory card places its spice as GF9
says (gf9.blow.spice, in force); the Spice Blow comes after the Nexus phase (dreamrules:244); which territory a drawn
Shai-Hulud strikes depends on the Spice decks and discard piles, open as #1837, so a drawn worm given as a ``blow``
move is unresolved: the ``worm {territory}`` move says where it strikes. ``worm`` (a drawn Shai-Hulud striking a
territory) and ``thumper`` (a Fremen Thumper's riding worm): checker/arrakis/kinds/worm.py.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.blow import BLOW_PHASES, BlowFacts
from checker.arrakis.kinds.worm import WormFacts
from checker.arrakis.position import PHASES, SPICE_BLOW
from checker.facts import all_of
from checker.names import display, whose
from checker.rules import chapter, gap, rule, set_aside
from constraints.overview.blow import phase_title

chapter("blow", "dreamrules:242-244,278-280")
chapter("worm", "dreamrules:246-264,274-296,898,1126,1136,1236,1354,1356")
chapter("thumper", "dreamrules:266-272,1128")

set_aside("dreamrules:248", "the phase's introduction: what spice is for, collected later")
set_aside(
    "dreamrules:252",
    "who may look at Spice cards early; 'seeing a card early does not change how its effect resolves', so no answer "
    "about what a card does depends on it",
)
set_aside(
    "dreamrules:284,288",
    "a Spice Mine card's draw is not a move the position format states (a blow move's card is a territory card or "
    "Shai-Hulud): a mine on the board is the position's spice_mines; its yield each turn is Spice Collection's",
)
set_aside(
    "dreamrules:296",
    "Arrakis Fiefdom is a Fate played before Ship & Move (a play, not a worm): its mine is then the position's "
    "spice_mines; Carryall triggering is named in the mine rules' findings, its payout and counting are the tech "
    "tokens' (#1845)",
)


def _where(s: WormFacts, i: int) -> str:
    sector = s.group_sector[i]
    return f"{whose(s.group_faction[i])} {s.group_count[i]} in {s.territory}" + (f" sector {sector}" if sector else "")


# -- the blow move ----------------------------------------------------------------------------------------------

# dreamrules:244 "Resolve Nexus after Storm and before Spice Blow. A Shai-Hulud appearance does not create another
#                 Nexus. ..."


@rule(
    "dreamrules.blow.phase",
    on="blow",
    cites="dreamrules:244",
    see_also="dreamrules:280",
    title="Spice cards are turned over in the Spice Blow phase, after the Nexus",
    forbids=lambda s, _o: f"No Spice card is turned over in {phase_title(s)}: the Spice Blow follows the Nexus.",
    permits="It is the Spice Blow phase.",
    when=lambda s: s.phase_index is not None,
    replaces="overview.blow.phase",
    differs="a Spice card turned over in the nexus phase: overview:39 makes Spice Blow and Nexus one phase; "
    "dreamrules:244 resolves the Nexus after Storm and before the Spice Blow",
)
def blow_phase(s: BlowFacts) -> bool:
    """The Spice Blow is its own phase after the Nexus: a Spice card is turned over in the ``spice-blow`` phase,
    not the ``nexus`` phase before it. Without a phase the move is taken to be in it (the notes say so)."""
    return s.phase_index == BLOW_PHASES[0]


@blow_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == BLOW_PHASES[0]


# dreamrules:280 "Worms do not trigger a Nexus. Keep alliance changes in the separate Nexus phase. After completing
#                 Spice Blow, continue to CHOAM Charity."


@rule(
    "dreamrules.blow.no-nexus",
    on="blow",
    cites="dreamrules:244,280",
    title="A Shai-Hulud does not trigger a Nexus",
    permits="A Shai-Hulud does not trigger a Nexus: alliances change only in the separate Nexus phase.",
    when=lambda s: s.worm,
    defines=("nexus",),
    # GF9's worm brings a Nexus (gf9:115, 127); no position shows the two apart as a recorded conflict: a drawn
    # worm as a blow move is open under dreamrules (#1837, dreamrules.blow.worm-card)
    replaces="gf9.blow.nexus",
    one_sided="it fixes that no Nexus follows; it forbids nothing",
)
def no_nexus(_s: BlowFacts) -> dict[str, Any]:
    """A Shai-Hulud card never brings a Nexus: the Nexus has its own deck and phase (dreamrules:228)."""
    return {"nexus": False}


@no_nexus.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.worm, z3.Not(v.nexus))


# dreamrules:1352 "#1837: Spice draw decks and discard piles."
# dreamrules:1124 "... The live sheet also permits inspection of both Spice Blow Decks; the deck structure is awaiting
#                  question #1837."


@rule(
    "dreamrules.blow.worm-card",
    on="blow",
    cites="dreamrules:1352",
    see_also="dreamrules:172,256",
    title="Open (#1837): which territory a drawn Shai-Hulud strikes",
    status="unresolved",
    one_sided="an open council question: it neither forbids nor permits, it leaves the answer unresolved",
    reason="council question #1837 (Spice draw decks and discard piles, dreamrules:1352; dreamrules:172 prepares "
    "the draw only once it is resolved) leaves open the decks and discard piles, so which territory a drawn "
    "Shai-Hulud strikes ('its affected territory', dreamrules:256) cannot be read from the card previously on a "
    "pile; the ruling on the deck structure would decide it. A worm move (action worm) names the territory a "
    "Shai-Hulud strikes",
    when=lambda s: s.worm,
)
def worm_card(_s: BlowFacts) -> bool:
    """Open: a drawn Shai-Hulud's territory depends on the Dreamrules deck structure (#1837)."""
    return True


@worm_card.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- the worm move ------------------------------------------------------------------------------------------------

# dreamrules:256 "An ordinary worm removes spice and devours exposed troops in its affected territory. Devoured
#                 troops go to the Tleilaxu Tanks. A destroyed mine uses the different return-to-reserves rule ..."


def _spared(s: WormFacts, i: int) -> bool:
    fremen_safe = s.group_fremen[i] and (s.worm_riding or s.thumper)
    return fremen_safe or s.group_ally[i] or s.group_surveyor[i]


def _eaten(s: WormFacts) -> tuple[dict[str, int], dict[str, int]]:
    """(devoured per faction, returned to reserves from the destroyed mine per faction) for a drawn worm."""
    devoured: dict[str, int] = {}
    back: dict[str, int] = {}
    for i, faction in enumerate(s.group_faction):
        if _spared(s, i):
            continue
        into = back if s.group_at_mine[i] else devoured
        into[faction] = into.get(faction, 0) + s.group_count[i]
    return devoured, back


def _devours(s: WormFacts, o: dict[str, Any]) -> str:
    devoured = o.get("devoured", _eaten(s)[0])
    gone = ", ".join(f"{whose(f)} {n}" for f, n in devoured.items()) or "no troops"
    spice = o.get("spice_lost", s.spice_there)
    return f"Shai-Hulud strikes {s.territory}: {gone} to the Tanks, {spice} spice returned to the Bank."


def _z3_spared(v: Any, i: int) -> Any:
    return z3.Or(z3.And(v.group_fremen[i], z3.Or(v.worm_riding, v.thumper)), v.group_ally[i], v.group_surveyor[i])


@rule(
    "dreamrules.blow.worm-devours",
    on="worm",
    cites="dreamrules:256",
    title="A worm removes the spice and devours the exposed troops of its territory",
    permits=_devours,
    needs=("spice_there", "placed"),
    defines=("devoured", "spice_lost"),
    one_sided="it fixes what is devoured; it forbids nothing",
)
def worm_devours(s: WormFacts) -> dict[str, Any]:
    """A drawn Shai-Hulud returns the spice of the territory it strikes to the Bank and sends the troops there to the
    Tanks, except Fremen's (unless Karama stopped Worm Riding), Fremen's ally's, those aboard the Surveyor, and those
    at a destroyed mine (to reserves instead)."""
    return {"devoured": _eaten(s)[0], "spice_lost": s.spice_there or 0}


@worm_devours.z3
def _(v: Any) -> z3.BoolRef:
    takes = [
        v.devoured[i] == z3.If(z3.Or(_z3_spared(v, i), v.group_at_mine[i]), 0, v.group_count[i])
        for i in range(len(v.devoured))
    ]
    return all_of([*takes, v.spice_back == v.spice_there])


# dreamrules:260  "Shai-Hulud does not devour Fremen troops. Those troops may worm-ride to a territory on the map. The
#                  Fremen ally is also protected from being devoured; protection alone does not grant the Fremen
#                  riding advantage."
# dreamrules:1126 "Shai-Hulud does not devour your troops. They may instead ride to any territory. ..."


def _fremen(s: WormFacts) -> list[int]:
    return [i for i, f in enumerate(s.group_fremen) if f]


@rule(
    "dreamrules.blow.worm-fremen",
    on="worm",
    cites="dreamrules:260,1126",
    title="Shai-Hulud does not devour Fremen troops",
    permits=lambda s, _o: ", ".join(_where(s, i) for i in _fremen(s)) + " are not devoured (they may ride the worm).",
    when=lambda s: s.worm_riding and bool(_fremen(s)),
    one_sided="it spares Fremen troops; it forbids nothing",
)
def worm_fremen(_s: WormFacts) -> bool:
    """Fremen troops in the struck territory are not devoured; riding the worm is a move of its own."""
    return True


@worm_fremen.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(f, v.devoured[i] + v.returned[i] == 0) for i, f in enumerate(v.group_fremen))


# dreamrules:898 (Karama on Worm Riding) "Spice Blow. Fremen cannot place additional worms and can be devoured this
#                phase. Thumper riding worms are unaffected."


@rule(
    "dreamrules.blow.riding-stopped",
    on="worm",
    cites="dreamrules:898",
    see_also="dreamrules:896",
    title="Karama on Worm Riding: Fremen can be devoured this phase",
    permits=lambda s, _o: (
        "Karama stopped Fremen's Worm Riding this phase: " + ", ".join(_where(s, i) for i in _fremen(s)) + " can be "
        "devoured."
    ),
    when=lambda s: not s.worm_riding and bool(_fremen(s)),
    one_sided="it exposes Fremen troops; it forbids nothing",
)
def riding_stopped(_s: WormFacts) -> bool:
    """With Worm Riding suppressed (``factions.fremen.suppressed``), a drawn Shai-Hulud devours Fremen troops too."""
    return True


@riding_stopped.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(
            z3.And(f, z3.Not(v.worm_riding), z3.Not(v.thumper)), v.devoured[i] + v.returned[i] == v.group_count[i]
        )
        for i, f in enumerate(v.group_fremen)
    )


# dreamrules:1136 "Your ally puts spice used for spice dialing into their bribe pile instead of the bank, and their
#                  troops are safe from worms."


def _allies(s: WormFacts) -> list[int]:
    return [i for i, a in enumerate(s.group_ally) if a]


@rule(
    "dreamrules.blow.worm-ally",
    on="worm",
    cites="dreamrules:260,1136",
    title="Fremen's ally is protected from being devoured",
    permits=lambda s, _o: "Fremen's ally is safe from worms: " + ", ".join(_where(s, i) for i in _allies(s)) + ".",
    when=lambda s: bool(_allies(s)),
    one_sided="it spares the ally's troops; it forbids nothing",
)
def worm_ally(_s: WormFacts) -> bool:
    """Fremen's ally's troops are safe from worms (GF9 leaves it to Fremen's choice: gf9:119); the protection gives
    no worm ride."""
    return True


@worm_ally.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(a, v.devoured[i] + v.returned[i] == 0) for i, a in enumerate(v.group_ally))


# dreamrules:1236 "Troops inside are safe from storm and Shai-Hulud. The Surveyor carries troops, not spice. ..."


def _aboard(s: WormFacts) -> list[int]:
    return [i for i, a in enumerate(s.group_surveyor) if a]


@rule(
    "dreamrules.blow.worm-surveyor",
    on="worm",
    cites="dreamrules:1236",
    title="Troops aboard the Hidden Mobile Surveyor are safe from Shai-Hulud",
    permits=lambda s, _o: (
        "Aboard the Hidden Mobile Surveyor, safe: " + ", ".join(_where(s, i) for i in _aboard(s)) + "."
    ),
    when=lambda s: bool(_aboard(s)),
    one_sided="it spares troops; it forbids nothing",
)
def worm_surveyor(_s: WormFacts) -> bool:
    """A worm devours no troops aboard the Surveyor (a force group's ``surveyor: true``)."""
    return True


@worm_surveyor.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(a, v.devoured[i] + v.returned[i] == 0) for i, a in enumerate(v.group_surveyor))


# dreamrules:292 "Storm and Shai-Hulud destroy mines. Troops at the destroyed mine return to their faction reserves
#                 instead of dying. They do not need revival before they can return to the board."


def _mine(s: WormFacts, o: dict[str, Any]) -> str:
    back = o.get("returned_to_reserves", _eaten(s)[1])
    who = ", ".join(f"{display(f)} {n}" for f, n in back.items()) or "none"
    text = f"Shai-Hulud destroys the mine in {s.territory}: troops at it return to reserves ({who})"
    if s.carryall and back:
        text += f"; {whose(s.carryall)} Carryall triggers (dreamrules:296; its counting is #1845)"
    return text + "."


@rule(
    "dreamrules.blow.worm-mine",
    on="worm",
    cites="dreamrules:292",
    see_also="dreamrules:108",
    title="Shai-Hulud destroys a spice mine: troops at it return to reserves",
    permits=_mine,
    needs=("placed",),
    when=lambda s: s.mine_there,
    defines=("returned_to_reserves",),
    one_sided="it fixes where the troops go; it forbids nothing",
)
def worm_mine(s: WormFacts) -> dict[str, Any]:
    """A worm destroys the spice mine of the territory it strikes; the troops at it (its sector) that a worm would
    take return to their reserves instead of the Tanks."""
    return {"returned_to_reserves": _eaten(s)[1]}


@worm_mine.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        v.returned[i] == z3.If(z3.And(z3.Not(_z3_spared(v, i)), v.group_at_mine[i]), v.group_count[i], 0)
        for i in range(len(v.returned))
    )


# dreamrules:1356 "#1859: Mine replenishment timing."


def _replenishment(on: str) -> None:
    def check(_s: WormFacts) -> bool:
        return True

    check.__doc__ = f"Open: the spice a mine the {on} strikes holds depends on when mines replenish (#1859)."
    rule(
        f"dreamrules.blow.{on}-mine-replenishment",
        on=on,
        cites="dreamrules:1356",
        see_also="dreamrules:520",
        title=f"Open (#1859): what spice a mine the {on} strikes holds",
        status="unresolved",
        one_sided="an open council question: it neither forbids nor permits, it leaves the answer unresolved",
        reason="council question #1859 (mine replenishment timing, dreamrules:1356, 520) leaves open when a mine "
        "refills, so whether the mine in the struck territory holds spice that returns to the Bank is not settled; "
        "the ruling on when a mine replenishes would decide it",
        when=lambda s: s.mine_there,
        leaves_open=("spice_lost",),  # only the spice returned: the devoured and the troops to reserves are decided
    )(check).z3(lambda _v: z3.BoolVal(True))


_replenishment("worm")
_replenishment("thumper")


# dreamrules:276 "Add one Shield Wall marker for each Shai-Hulud card drawn. Thumpers do not add markers. At four
#                 markers the Shield Wall counts toward victory, ..."


@rule(
    "dreamrules.blow.shield-wall-marker",
    on="worm",
    cites="dreamrules:276",
    see_also="dreamrules:680",
    title="Each Shai-Hulud card drawn adds a Shield Wall marker",
    permits=lambda s, o: (
        f"A Shai-Hulud card drawn: one Shield Wall marker added ({s.markers} to "
        f"{o.get('shield_wall_markers', (s.markers or 0) + 1)})."
    ),
    when=lambda s: s.markers_given,
    defines=("shield_wall_markers",),
    one_sided="it counts markers; it forbids nothing",
)
def shield_wall_marker(s: WormFacts) -> dict[str, Any]:
    """A drawn Shai-Hulud adds one marker to the Shield Wall (a Thumper's worm adds none)."""
    return {"shield_wall_markers": (s.markers or 0) + 1}


@shield_wall_marker.z3
def _(v: Any) -> z3.BoolRef:
    return v.markers_after == v.markers + 1


# dreamrules:264 "Fremen chooses where worms after the first appear. Its Worm Riding advantage allows those later
#                 appearances in rock and strongholds too, so Fremen troops can ride from them. ..."


def _where_message(s: WormFacts) -> str:
    if s.polar:
        return "A Shai-Hulud cannot strike the Polar Sink: later worms may appear in rock and strongholds, no more."
    if not s.fremen_in_game:
        return (
            f"A Shai-Hulud cannot strike {s.territory} ({s.terrain}): only Fremen's Worm Riding places later worms in "
            "rock and strongholds, and Fremen is not in the game."
        )
    return (
        f"A Shai-Hulud cannot strike {s.territory} ({s.terrain}): Karama stopped Fremen's Worm Riding, which places "
        "later worms in rock and strongholds."
    )


@rule(
    "dreamrules.blow.worm-where",
    on="worm",
    cites="dreamrules:264",
    see_also="dreamrules:1126",
    title="Only Fremen's Worm Riding places later worms in rock and strongholds",
    forbids=lambda s, _o: _where_message(s),
    permits=lambda s, _o: (
        f"{s.territory} is {s.terrain}: a worm after the first that Fremen's Worm Riding places there."
    ),
    when=lambda s: not s.sand,
)
def worm_where(s: WormFacts) -> bool:
    """A worm strikes a sand territory; Fremen's Worm Riding lets it place worms after the first in rock and
    strongholds too (not while Karama stops it). Nothing places a drawn worm in the Polar Sink."""
    return s.rock_or_stronghold and s.fremen_in_game and s.worm_riding


@worm_where.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.sand, z3.And(v.rock_or_stronghold, v.fremen_in_game, v.worm_riding))


gap(
    "dreamrules.blow.worm-outside-sand",
    on="worm",
    cites="dreamrules:264",
    see_also="dreamrules:256",
    title="Whether a worm Fremen places in rock or a stronghold devours the troops there",
    reason="dreamrules:264 lets Fremen's later worms appear in rock and strongholds 'so Fremen troops can ride from "
    "them', and dreamrules:256 has a worm devour 'exposed troops': whether troops in rock or a stronghold are "
    "exposed to it is not said",
    when=lambda s: s.rock_or_stronghold and any(not f for f in s.group_fremen),
)


def _phase(s: WormFacts) -> str:
    return "the " + (PHASES[s.phase_index] if s.phase_index is not None else "?").replace("-", " ") + " phase"


@rule(
    "dreamrules.blow.worm-phase",
    on="worm",
    cites="dreamrules:244",
    see_also="dreamrules:276",
    title="A Shai-Hulud card is drawn in the Spice Blow phase",
    forbids=lambda s, _o: f"No Shai-Hulud card is drawn in {_phase(s)}: Spice cards are drawn in the Spice Blow.",
    permits="It is the Spice Blow phase.",
    when=lambda s: s.phase_index is not None,
)
def worm_phase(s: WormFacts) -> bool:
    """A drawn Shai-Hulud strikes in the Spice Blow phase, after the Nexus."""
    return s.phase_index == SPICE_BLOW


@worm_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SPICE_BLOW


# dreamrules:1354 "#1838: Worm count and prepared setup."
# dreamrules:172  "... Prepare the Spice draw sequence once the conflicts in #1837 and #1838 are resolved. ..."


@rule(
    "dreamrules.blow.worm-first-turn",
    on="worm",
    cites="dreamrules:1354",
    see_also="dreamrules:172",
    title="Open (#1838): a Shai-Hulud on the first turn",
    status="unresolved",
    one_sided="an open council question: it neither forbids nor permits, it leaves the answer unresolved",
    reason="council question #1838 (worm count and prepared setup, dreamrules:1354; dreamrules:172 prepares the "
    "Spice draw sequence only once #1837 and #1838 are resolved) leaves the first turn's draw open: GF9 sets "
    "first-turn Shai-Hulud cards aside with no effect (gf9:107), and Dreamrules does not say whether that holds; "
    "the ruling on the prepared setup would decide it",
    needs=("turn",),
    when=lambda s: s.turn == 1,
)
def worm_first_turn(_s: WormFacts) -> bool:
    """Open: whether a Shai-Hulud drawn on turn one strikes (#1838)."""
    return True


@worm_first_turn.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- the thumper move ---------------------------------------------------------------------------------------------

# dreamrules:268  "Fremen starts with two Thumper tokens. After seeing the Spice Blow cards, it may discard one to call
#                  a riding worm to a sand or polar territory containing its troops. At most one Thumper may be used
#                  each turn."
# dreamrules:1128 "Start with two Thumpers. After Spice Blow cards are revealed, spend at most one per turn to summon a
#                  riding worm to a sand or polar territory containing your troops. It eats spice but not troops. ..."


@rule(
    "dreamrules.blow.thumper-fremen",
    on="thumper",
    cites="dreamrules:268",
    see_also="dreamrules:134",
    title="Only Fremen has Thumpers",
    forbids="{Faction} has no Thumper: Fremen starts with the two Thumper tokens.",
    permits="Fremen calls a riding worm with a Thumper.",
)
def thumper_fremen(s: WormFacts) -> bool:
    """The Thumper tokens are Fremen's."""
    return s.by_fremen


@thumper_fremen.z3
def _(v: Any) -> z3.BoolRef:
    return v.by_fremen


@rule(
    "dreamrules.blow.thumper-token",
    on="thumper",
    cites="dreamrules:268",
    title="A Thumper is discarded to call the worm",
    forbids="{Faction} holds no Thumper to discard.",
    permits="{Faction} discards one of its {thumpers} Thumpers.",
    needs=("thumpers",),
    when=lambda s: s.by_fremen,
)
def thumper_token(s: WormFacts) -> bool:
    """Calling the worm discards a Thumper: Fremen must hold one (``factions.fremen.thumpers``)."""
    return (s.thumpers or 0) >= 1


@thumper_token.z3
def _(v: Any) -> z3.BoolRef:
    return v.thumpers >= 1


@rule(
    "dreamrules.blow.thumper-terrain",
    on="thumper",
    cites="dreamrules:268,1128",
    title="A Thumper calls its worm to a sand or polar territory",
    forbids="A Thumper calls its worm to a sand or polar territory, not {territory} ({terrain}).",
    permits="{territory} is {terrain}: a Thumper may call its worm there.",
)
def thumper_terrain(s: WormFacts) -> bool:
    """The riding worm comes to a sand territory or the Polar Sink."""
    return s.sand or s.polar


@thumper_terrain.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.sand, v.polar)


@rule(
    "dreamrules.blow.thumper-troops",
    on="thumper",
    cites="dreamrules:268",
    title="A Thumper calls its worm to a territory containing Fremen troops",
    forbids="No Fremen troops are in {territory}: a Thumper calls its worm to a territory containing them.",
    permits="Fremen troops are in {territory}.",
)
def thumper_troops(s: WormFacts) -> bool:
    """The territory must contain Fremen's troops."""
    return s.fremen_there


@thumper_troops.z3
def _(v: Any) -> z3.BoolRef:
    return v.fremen_there


@rule(
    "dreamrules.blow.thumper-phase",
    on="thumper",
    cites="dreamrules:268",
    title="A Thumper is used after seeing the Spice Blow cards",
    forbids=lambda s, _o: f"A Thumper is used after seeing the Spice Blow cards, not in {_phase(s)}.",
    permits="It is the Spice Blow phase.",
    when=lambda s: s.phase_index is not None,
)
def thumper_phase(s: WormFacts) -> bool:
    """The Thumper is used in the Spice Blow phase, once its cards are seen."""
    return s.phase_index == SPICE_BLOW


@thumper_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SPICE_BLOW


@rule(
    "dreamrules.blow.thumper-once",
    on="thumper",
    cites="dreamrules:268",
    see_also="dreamrules:1128",
    title="At most one Thumper each turn",
    forbids="{Faction} already used a Thumper this turn: at most one may be used each turn.",
    permits="{Faction} has used no Thumper yet this turn.",
    # with both its starting Thumpers it has used none; with fewer, the turn's history says (a game record writes
    # factions.fremen.thumper_used_this_turn, checker/arrakis/transitions_turn.py); not given, it is asked for
    needs=("thumper_used",),
    when=lambda s: s.by_fremen and s.thumpers is not None and s.thumpers >= 1,
)
def thumper_once(s: WormFacts) -> bool:
    """At most one Thumper a turn: Fremen calls no second riding worm in the turn it used one
    (``factions.fremen.thumper_used_this_turn``; holding both its starting Thumpers, it used none)."""
    return not s.thumper_used


@thumper_once.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.thumper_used)


# dreamrules:272 "A Thumper worm removes spice but does not devour troops. Treat it as the first worm of the phase,
#                 so the Worm Riding advantage can redirect worms drawn from cards."


@rule(
    "dreamrules.blow.thumper-worm",
    on="thumper",
    cites="dreamrules:272",
    see_also="dreamrules:1128",
    title="A Thumper's worm removes spice but devours no troops",
    permits=lambda s, o: (
        f"The Thumper's worm in {s.territory}: {o.get('spice_lost', s.spice_there)} spice returned to the Bank, "
        "no troops devoured."
    ),
    needs=("spice_there",),
    defines=("devoured", "spice_lost"),
    one_sided="it fixes what the worm takes; it forbids nothing",
)
def thumper_worm(s: WormFacts) -> dict[str, Any]:
    """The riding worm a Thumper calls returns the territory's spice to the Bank and devours no one (Karama on
    Worm Riding leaves it unaffected, dreamrules:898)."""
    return {"devoured": {}, "spice_lost": s.spice_there or 0}


@thumper_worm.z3
def _(v: Any) -> z3.BoolRef:
    return all_of([*(d == 0 for d in v.devoured), v.spice_back == v.spice_there])


@rule(
    "dreamrules.blow.thumper-no-marker",
    on="thumper",
    cites="dreamrules:276",
    title="Thumpers do not add Shield Wall markers",
    permits="A Thumper's worm adds no Shield Wall marker: still {markers}.",
    when=lambda s: s.markers_given,
    defines=("shield_wall_markers",),
    one_sided="it counts markers; it forbids nothing",
)
def thumper_no_marker(s: WormFacts) -> dict[str, Any]:
    """A Thumper's worm leaves the Shield Wall markers as they were."""
    return {"shield_wall_markers": s.markers or 0}


@thumper_no_marker.z3
def _(v: Any) -> z3.BoolRef:
    return v.markers_after == v.markers


gap(
    "dreamrules.blow.thumper-mine",
    on="thumper",
    cites="dreamrules:272",
    see_also="dreamrules:292",
    title="Whether a Thumper's worm destroys a spice mine",
    reason="a Thumper's worm 'removes spice but does not devour troops' (dreamrules:272) and 'Storm and Shai-Hulud "
    "destroy mines' (dreamrules:292): whether it destroys the mine in its territory, and so sends the troops there "
    "to reserves, is not said",
    when=lambda s: s.mine_there,
)
