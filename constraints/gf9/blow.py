"""GF9: Spice Blow and Nexus (the spice placed, Shai-Hulud, the Nexus, Advanced piles A and B).

GF9 adds to the overview the storm over the blow sector (gf9:105), the first-turn exemption (107, 123),
Fremen's immunity and its protection of its ally (117, 119), and the two Advanced piles (109). The phase is
the overview's (overview:39): gf9 names the phase only in Fremen's text (417).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.blow import BlowFacts, forces_word
from checker.facts import all_of, any_of
from checker.names import display, whose
from checker.rules import chapter, gap, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("blow", "gf9:103-127,413,417")

set_aside("gf9:103,111,121,125", "a heading")
# gf9:117's worm ride ("After the Nexus, Fremen may ride the worm ...") is a move of its own, made after the
# Nexus (gf9:401: "Worm riding is a separate move"): it changes neither what a card places nor what a worm
# devours. The line is cited for its first sentence (Fremen forces are not devoured).
set_aside(
    "gf9:417",
    "Fremen's once-per-game Karama worm is an action of its own (a Karama card spent, not a card turned over): "
    "it changes neither the spice a drawn card places nor what a drawn Shai-Hulud devours, and a drawn "
    "Shai-Hulud after turn one brings its Nexus either way",
)


def _after_turn_one(s: BlowFacts) -> bool:
    return s.worm and s.turn != 1  # an unknown turn applies: the rule then names 'turn'


# gf9:105 "Turn over the top Spice Card. For a territory card, take the printed amount of spice from the
#          Bank and place it in that territory's sector marked with the spice-blow symbol. If that sector is
#          under the storm, place no spice. Put the card face up on the Spice discard pile."


def _placed(s: BlowFacts, o: dict[str, Any]) -> str:
    if s.storm_sector == s.blow_sector:
        return (
            f"The storm is over sector {s.blow_sector}, {s.territory}'s spice-blow sector: no spice is placed "
            f"(the card prints {s.printed})."
        )
    amount = o.get("spice_placed", {}).get("amount", s.printed)
    card = s.territory if s.territory.startswith("The ") else f"The {s.territory}"
    return (
        f"{card} card: {amount} spice placed in sector {s.blow_sector}, clear of the storm (sector {s.storm_sector})."
    )


@rule(
    "gf9.blow.spice",
    on="blow",
    cites="gf9:105",
    title="A territory card places its printed spice in its spice-blow sector",
    permits=_placed,
    when=lambda s: not s.worm and s.storm_sector is not None and s.storm_sector != s.blow_sector,
    defines=("spice_placed",),
    replaces="overview.blow.spice",
    one_sided="it fixes the spice placed; it forbids nothing",
)
def printed_spice(s: BlowFacts) -> dict[str, Any]:
    """A territory card places the amount printed on it in the territory's spice-blow sector."""
    return {"spice_placed": {"territory": s.territory, "sector": s.blow_sector, "amount": s.printed}}


@printed_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.amount == v.printed


# No `replaces=`: the overview says nothing of a blow under the storm (overview:41 places the spice, and its storm
# removes spice only as the storm moves, overview:37), so the overview reads this one from gf9 too.
@rule(
    "gf9.blow.spice-storm",
    on="blow",
    cites="gf9:105",
    title="No spice is placed in a spice-blow sector under the storm",
    permits=_placed,
    when=lambda s: not s.worm and (s.storm_sector is None or s.storm_sector == s.blow_sector),
    needs=("storm_sector",),
    defines=("spice_placed",),
    one_sided="it fixes the spice placed; it forbids nothing",
)
def no_spice_in_storm(s: BlowFacts) -> dict[str, Any]:
    """The storm over the spice-blow sector: the card places no spice."""
    return {"spice_placed": {"territory": s.territory, "sector": s.blow_sector, "amount": 0}}


@no_spice_in_storm.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.storm_sector == v.blow_sector, v.amount == 0)


# gf9:107 "On the first turn, set every revealed Shai-Hulud card aside and keep drawing until the required
#          territory card appears. Those set-aside Shai-Hulud cards have no effect and cause no Nexus. ..."
# gf9:123 "The first-turn Shai-Hulud exemption applies to both draws. ..."
# gf9:127 "... First-turn Shai-Hulud cards are still ignored."


@rule(
    "gf9.blow.first-turn",
    on="blow",
    cites="gf9:107,123",
    see_also="gf9:127",
    title="On the first turn a Shai-Hulud is set aside: no effect, no Nexus",
    permits=lambda s, _o: (
        f"Turn 1: the Shai-Hulud card{' of ' + s.where if s.pile else ''} is set aside: it devours nothing and "
        "causes no Nexus; keep drawing until a territory card appears."
    ),
    when=lambda s: s.worm and s.turn == 1,
    defines=("devoured", "spice_lost", "nexus"),
    replaces=("overview.blow.devour", "overview.blow.nexus"),
    differs="a first-turn Shai-Hulud: overview:41 has it destroy the forces and spice on the previously revealed "
    "territory (only the Nexus waits for turn two); gf9:107 sets it aside with no effect",
    one_sided="it fixes the worm's (lack of) effect; it forbids nothing",
)
def first_turn(_s: BlowFacts) -> dict[str, Any]:
    """On the first turn every Shai-Hulud revealed (on either pile) is set aside: it has no effect and
    causes no Nexus."""
    return {"devoured": {}, "spice_lost": 0, "nexus": False}


@first_turn.z3
def _(v: Any) -> z3.BoolRef:
    nothing = all_of([*(d == 0 for d in v.devoured), v.returned == 0, z3.Not(v.nexus)])
    return z3.Implies(z3.And(v.worm, v.turn == 1), nothing)


# gf9:113 "After turn one, a Shai-Hulud card devours the spice and forces in the territory shown on the card
#          previously on top of that discard pile. Return spice to the Bank and forces to the Tanks. The
#          attack is against that previous blow, not the new spice about to appear."


def _devoured(s: BlowFacts, o: dict[str, Any]) -> str:
    spared = s.spared
    undecided = s.fremen_protects is None  # the ally's fate waits on Fremen's choice (gf9.blow.protect-ally)
    gone = o.get("devoured", dict(s.force_count(lambda i: not spared[i])))
    if undecided:
        gone = {n: c for n, c in gone.items() if n not in s.force_names(s.is_ally)}
    forces = ", ".join(f"{whose(n)} {forces_word(c)}" for n, c in gone.items())
    taken = f"{forces} to the Tanks" if forces else "no forces"
    if undecided and any(s.is_ally):
        ally = ", ".join(f"{whose(n)} {forces_word(c)}" for n, c in s.force_count(lambda i: s.is_ally[i]))
        first = f"{forces} to the Tanks, and " if forces else ""
        taken = f"{first}{ally} to the Tanks unless Fremen protects its ally"
    return f"Shai-Hulud devours in {s.previous}, the card previously on top of {s.where}: {taken}."


@rule(
    "gf9.blow.devour",
    on="blow",
    cites="gf9:113",
    see_also="gf9:109,375",
    title="After turn one, Shai-Hulud devours the forces of the previous card's territory",
    permits=_devoured,
    when=lambda s: _after_turn_one(s) and not s.consecutive,
    # Fremen's choice for its ally (gf9:119) changes what is devoured, never whether the draw is legal
    needs=("turn", "attacked_known", "ally_protection"),
    defines=("devoured",),
    replaces="overview.blow.devour",
    one_sided="it fixes what is devoured; it forbids nothing",
)
def devour(s: BlowFacts) -> dict[str, Any]:
    """After turn one a Shai-Hulud sends every force in the territory of the card previously on top of its
    pile to the Tanks (advisors too, gf9:375) -- except the forces Fremen's immunity and its protection of its
    ally spare (gf9:117, 119)."""
    spared = s.spared
    return {"devoured": dict(s.force_count(lambda i: not spared[i]))}


@devour.z3
def _(v: Any) -> z3.BoolRef:
    own, ally = z3.Not(v.immunity_stopped), z3.And(v.fremen_protects, z3.Not(v.protection_stopped))
    return all_of(
        d == z3.If(z3.Or(z3.And(f, own), z3.And(a, ally)), 0, n)
        for d, n, f, a in zip(v.devoured, v.forces_there, v.is_fremen, v.is_ally, strict=True)
    )


@rule(
    "gf9.blow.devour-spice",
    on="blow",
    cites="gf9:113",
    title="After turn one, Shai-Hulud returns the spice of the previous card's territory to the Bank",
    permits=lambda s, o: f"The {o.get('spice_lost', s.spice_there)} spice in {s.previous} returns to the Bank.",
    when=lambda s: _after_turn_one(s) and not s.consecutive,
    needs=("turn", "spice_there"),
    defines=("spice_lost",),
    replaces="overview.blow.devour-spice",
    one_sided="it fixes the spice lost; it forbids nothing",
)
def devour_spice(s: BlowFacts) -> dict[str, Any]:
    """After turn one a Shai-Hulud returns the spice in the territory of the card previously on top of its pile
    to the Bank."""
    return {"spice_lost": s.spice_there or 0}


@devour_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.returned == v.spice_there


# gf9:117 "Fremen forces are not devoured. After the Nexus, Fremen may ride the worm ..."
# gf9:401 "... Worms do not devour your forces unless an applicable cancellation removes that protection."


def _fremen_there(s: BlowFacts) -> bool:
    # any turn: a worm the overview's first turn keeps (overview:41) spares Fremen too; gf9's devours nothing then
    return s.worm and not s.consecutive and any(s.is_fremen) and not s.immunity_stopped


@rule(
    "gf9.blow.fremen-immune",
    on="blow",
    cites="gf9:117",
    see_also="gf9:401",
    title="Fremen forces are not devoured",
    permits=lambda s, _o: (
        f"Fremen's {forces_word(sum(s.forces_there[i] for i, f in enumerate(s.is_fremen) if f))} in "
        f"{s.previous} are not devoured."
    ),
    when=_fremen_there,
    # no replaces=: a Player Sheet ability the overview defers to (overview:105), so in force there too, beside
    # overview.blow.devour, which spares what it spares
    one_sided="it spares forces; it forbids nothing",
)
def fremen_immune(_s: BlowFacts) -> bool:
    """Shai-Hulud does not devour Fremen's forces."""
    return True


@fremen_immune.z3
def _(v: Any) -> z3.BoolRef:
    return all_of([z3.Implies(f, d == 0) for d, f in zip(v.devoured, v.is_fremen, strict=True)])


# gf9:119 "Fremen can choose whether to protect its ally from being devoured. Protection does not give that
#          ally a worm ride. ..."
# gf9:403 "You may protect your ally against worms ..."


def _protection(s: BlowFacts, _o: dict[str, Any]) -> str:
    ally, n = next((n, c) for i, (n, c) in enumerate(zip(s.names_there, s.forces_there, strict=True)) if s.is_ally[i])
    theirs = f"{whose(ally)} {forces_word(n)} in {s.previous}"
    if s.fremen_protects:
        return f"Fremen protects its ally {display(ally)}: {theirs} are not devoured."
    return f"Fremen does not protect its ally {display(ally)}: {theirs} are devoured."


@rule(
    "gf9.blow.protect-ally",
    on="blow",
    cites="gf9:119",
    see_also="gf9:403",
    title="Fremen chooses whether to protect its ally from being devoured",
    permits=_protection,
    # stated where the move gives the choice; where it does not, only what is devoured is unknown (gf9.blow.devour)
    when=lambda s: (
        _after_turn_one(s)
        and not s.consecutive
        and any(s.is_ally)
        and not s.protection_stopped
        and s.fremen_protects is not None
    ),
    needs=("turn",),
    # no replaces=: read under the overview too (overview:105), as gf9.blow.fremen-immune is
    one_sided="Fremen's choice: it spares its ally's forces or not; it forbids nothing",
)
def protect_ally(_s: BlowFacts) -> bool:
    """Fremen chooses whether Shai-Hulud spares its ally's forces (the move states the choice as
    ``fremen_protects``; without it the answer names that key)."""
    return True


@protect_ally.z3
def _(v: Any) -> z3.BoolRef:
    spared = [z3.Implies(a, d == 0) for d, a in zip(v.devoured, v.is_ally, strict=True)]
    return z3.Implies(v.fremen_protects, all_of(spared))


# gf9:401 "... Worms do not devour your forces unless an applicable cancellation removes that protection."
# gf9:463 "... a Karama can stop one use of a faction advantage, including an alliance advantage, when that
#          advantage is attempted. ..."


def _stopped_words(s: BlowFacts) -> list[str]:
    out = []
    if s.immunity_stopped:
        out.append("Fremen's worm immunity")
    if s.protection_stopped:
        out.append("Fremen's protection of its ally")
    return out


def _attempted(s: BlowFacts) -> bool:
    """The worm attacks the advantages the Karama stopped: Fremen's forces, its ally's."""
    attacks = _after_turn_one(s) and not s.consecutive
    return attacks and (not s.immunity_stopped or any(s.is_fremen)) and (not s.protection_stopped or any(s.is_ally))


def _cancel_said(s: BlowFacts, _o: dict[str, Any]) -> str:
    gone = ", ".join(
        f"{whose(n)} {forces_word(c)}"
        for n, c in s.force_count(
            lambda i: (s.is_fremen[i] and s.immunity_stopped) or (s.is_ally[i] and s.protection_stopped)
        )
    )
    return f"A Karama stops {' and '.join(_stopped_words(s))} for this worm: {gone} in {s.previous} can be devoured."


@rule(
    "gf9.blow.karama-cancels",
    on="blow",
    cites="gf9:401,463",
    title="A Karama stops the Fremen's worm protection when a worm attacks it",
    forbids=lambda s, _o: (
        f"A Karama stops {' and '.join(_stopped_words(s))}, but this card attacks no "
        f"{'Fremen' if s.immunity_stopped and not any(s.is_fremen) else 'ally of the Fremen'} forces: a Karama "
        "stops an advantage when it is attempted."
    ),
    permits=_cancel_said,
    needs=("turn",),
    when=lambda s: s.immunity_stopped or s.protection_stopped,
)
def karama_cancels(s: BlowFacts) -> bool:
    """A Karama may stop the Fremen's worm immunity, or its protection of its ally (an alliance advantage), when a
    Shai-Hulud attacks those forces: the worm then devours them as any others."""
    return _attempted(s)


@karama_cancels.z3
def _(v: Any) -> z3.BoolRef:
    attacks = z3.And(v.worm, v.turn != 1, z3.Not(v.consecutive))
    fremen = z3.Or(z3.Not(v.immunity_stopped), any_of(v.is_fremen))
    ally = z3.Or(z3.Not(v.protection_stopped), any_of(v.is_ally))
    return z3.And(attacks, fremen, ally)


# gf9:115 "Discard the Shai-Hulud card on that pile and draw again. Discard consecutive Shai-Hulud cards and
#          continue until a territory card appears. Resolve that spice blow. In the Basic Game, Shai-Hulud
#          appearing during the phase provides a Nexus after the spice draw is complete. In the Advanced Game,
#          finish that pile's draw, Nexus and riding before resolving the other pile."


@rule(
    "gf9.blow.consecutive",
    on="blow",
    cites="gf9:115",
    title="A consecutive Shai-Hulud is discarded and the draw continues",
    permits=lambda s, _o: (
        f"A Shai-Hulud drawn on a Shai-Hulud ({s.where}): it is discarded and the draw continues until a "
        "territory card appears; the card beneath it shows no territory, so nothing more is devoured."
    ),
    when=lambda s: _after_turn_one(s) and s.consecutive,
    needs=("turn",),
    defines=("devoured", "spice_lost"),
    replaces="overview.blow.consecutive",
    one_sided="it fixes what is devoured; it forbids nothing",
)
def consecutive(_s: BlowFacts) -> dict[str, Any]:
    """After turn one, a Shai-Hulud drawn on top of another Shai-Hulud is discarded and the draw goes on: the
    card previously on top shows no territory, so it devours nothing more."""
    return {"devoured": {}, "spice_lost": 0}


@consecutive.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.consecutive, all_of([*(d == 0 for d in v.devoured), v.returned == 0]))


# gf9:127 "Finish pile A before revealing pile B. If both produce a Nexus, players have two opportunities to
#          form or break alliances. ..."


@rule(
    "gf9.blow.nexus",
    on="blow",
    cites="gf9:115,127",
    title="After turn one, Shai-Hulud brings a Nexus once the draw is complete",
    permits=lambda s, _o: (
        f"Shai-Hulud after turn one: a Nexus follows once {s.where}'s draw is complete"
        + (" (each pile's Nexus is its own opportunity to form or break alliances)." if s.advanced else ".")
    ),
    when=_after_turn_one,
    needs=("turn",),
    defines=("nexus",),
    replaces="overview.blow.nexus",
    one_sided="it fixes whether a Nexus follows; it forbids nothing",
)
def worm_nexus(_s: BlowFacts) -> dict[str, Any]:
    """A Shai-Hulud appearing after turn one provides a Nexus once the draw (in the Advanced game, that
    pile's draw) is complete."""
    return {"nexus": True}


@worm_nexus.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(z3.And(v.worm, v.turn > 1), v.nexus)


# gf9:109 "In the Basic Game, resolve one spice blow each turn. In the Advanced Game, resolve two, keeping
#          separate discard piles A and B. Apply Shai-Hulud to the territory on top of its own pile, not the
#          other pile."


@rule(
    "gf9.blow.piles",
    on="blow",
    cites="gf9:109",
    title="One spice blow in the Basic game; two, on piles A and B, in the Advanced game",
    forbids="The Basic game resolves one spice blow each turn: there is no pile B.",
    permits="Advanced: two spice blows each turn, on discard piles A and B.",
    when=lambda s: s.pile_b,
    replaces="overview.blow.piles",
)
def piles(s: BlowFacts) -> bool:
    """Pile B exists only in the Advanced game, which resolves two spice blows a turn."""
    return s.advanced


@piles.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.pile_b, v.advanced)


# gf9:109 "In the Basic Game, resolve one spice blow each turn. In the Advanced Game, resolve two, keeping
#          separate discard piles A and B. ..."
# gf9:115 "Discard the Shai-Hulud card on that pile and draw again. Discard consecutive Shai-Hulud cards and
#          continue until a territory card appears. Resolve that spice blow. ..."


def _blows_done(s: BlowFacts, _o: dict[str, Any]) -> str:
    if not s.advanced:
        return (
            "The Basic game resolves one spice blow each turn: this phase's history already holds its territory "
            "card, where the draw ended."
        )
    if s.pile_blown:
        return (
            f"Pile {s.pile}'s spice blow is already resolved this phase (this phase's history): its draw ended at "
            "that territory card."
        )
    return "The Advanced game's two spice blows are already resolved this phase (this phase's history)."


@rule(
    "gf9.blow.blows-a-turn",
    on="blow",
    cites="gf9:109,115",
    title="One spice blow a turn in the Basic game; two, one a pile, in the Advanced game",
    forbids=_blows_done,
    permits=lambda s, _o: (
        f"This phase's history has {s.blows_before} spice blow{'s' if s.blows_before != 1 else ''} resolved"
        + (f", none on pile {s.pile}" if s.advanced and s.pile else "")
        + (": the Advanced game resolves two, one a pile." if s.advanced else ": the Basic game resolves one.")
    ),
    when=lambda s: not s.worm and s.blows_before is not None,
    replaces="overview.blow.blows-a-turn",
)
def blows_a_turn(s: BlowFacts) -> bool:
    """Inside a game record, whose history of the phase says which spice blows are resolved: a territory card turned
    over after the phase's blow (Basic), after both (Advanced), or on a pile whose blow is resolved, is a draw the
    text does not make (the draw goes on only through Shai-Hulud cards, until a territory card appears)."""
    assert s.blows_before is not None
    if not s.advanced:
        return s.blows_before == 0
    return s.blows_before < 2 and not s.pile_blown


@blows_a_turn.z3
def _(v: Any) -> z3.BoolRef:
    return z3.If(v.advanced, z3.And(v.blows_before < 2, z3.Not(v.pile_blown)), v.blows_before == 0)


# gf9:119 "... In Advanced, resolve each spice discard pile separately. Its first Shai-Hulud attacks that
#          pile's previous Territory. Fremen may place each consecutive additional Shai-Hulud before the next
#          Territory card in any sand territory; resolve its destruction and the Fremen riding benefit. ..."
# gf9:413 (Advanced Fremen) "... Place each consecutive additional Shai-Hulud before the next Territory card
#          in a sand territory of your choice. It devours other unprotected forces and spice there. ..."

gap(
    "gf9.blow.fremen-places-worm",
    on="blow",
    cites="gf9:413",
    see_also="gf9:119",
    title="Advanced Fremen places each consecutive additional Shai-Hulud",
    reason="in the Advanced game Fremen places a consecutive additional Shai-Hulud in a sand territory of its "
    "choice, where it devours other unprotected forces and spice (gf9:119, 413): the move cannot say where",
    when=lambda s: s.advanced and _after_turn_one(s) and s.consecutive and s.fremen_in_game,
)
