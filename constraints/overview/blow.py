"""Overview, Phase 2: Spice Blow and Nexus.

The overview says it in one line (overview:41): a territory card places the indicated spice; a Shai-Hulud
destroys the forces and spice on the previously revealed territory; after the first turn it triggers a
Nexus. It has no storm exception and no first-turn exemption from the devouring (GF9 has both,
constraints/gf9/blow.py). Fremen's immunity and its protection of its ally are Player Sheet abilities, which
overview:105 lets override the standard rule: GF9 prints them (gf9:117, 119: gf9.blow.fremen-immune and
gf9.blow.protect-ally, read by fallback), and the devouring here spares what they spare.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.blow import BLOW_PHASES, BlowFacts, forces_word
from checker.arrakis.position import phase_words
from checker.facts import all_of
from checker.names import whose
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("blow", "overview:39-41,105-106")


def phase_title(s: BlowFacts) -> str:
    return f"the {phase_words(s.phase_index or 0)} phase"


# overview:39 "Phase 2: Spice Blow and Nexus"


@rule(
    "overview.blow.phase",
    on="blow",
    cites="overview:39",
    see_also="overview:33,114",
    title="Spice Cards are turned over in Phase 2, Spice Blow and Nexus",
    forbids=lambda s, _o: (
        f"No Spice Card is turned over in {phase_title(s)}: the spice blow is Phase 2, Spice Blow and Nexus."
    ),
    permits="It is Phase 2, Spice Blow and Nexus.",
    when=lambda s: s.phase_index is not None,
)
def blow_phase(s: BlowFacts) -> bool:
    """The spice blow is revealed in Phase 2, Spice Blow and Nexus (the position's ``spice-blow`` or ``nexus``
    phase); when the position gives no phase, it is taken to be that one (the verdict's notes say so)."""
    return s.phase_index in BLOW_PHASES


@blow_phase.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(*(v.phase_index == p for p in BLOW_PHASES))


# overview:41 "Reveal top Spice Deck card. Territory card: place indicated spice on that territory.
#             Shai-Hulud (sandworm) card: destroy forces/spice on the previously revealed territory, then draw
#             again until a Territory card appears. After the first turn, Shai-Hulud triggers a Nexus —
#             players may form or break Alliances."


@rule(
    "overview.blow.spice",
    on="blow",
    cites="overview:41",
    title="A territory card places the spice it indicates",
    permits=lambda s, o: (
        f"The {s.territory} card: {o.get('spice_placed', {}).get('amount', s.printed)} spice placed in "
        f"{s.territory} (sector {s.blow_sector})."
    ),
    # a blow under the storm: the overview is silent (overview:37 removes spice as the storm moves); gf9:105
    # decides it (gf9.blow.spice-storm, read by fallback)
    when=lambda s: not s.worm and s.storm_sector is not None and s.storm_sector != s.blow_sector,
    defines=("spice_placed",),
    one_sided="it fixes the spice placed; it forbids nothing",
)
def indicated_spice(s: BlowFacts) -> dict[str, Any]:
    """A territory card places the spice it indicates in its territory."""
    return {"spice_placed": {"territory": s.territory, "sector": s.blow_sector, "amount": s.printed}}


@indicated_spice.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(z3.Not(v.worm), v.amount == v.printed)


# overview:105 "• Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets." -- Fremen's immunity to worms and its protection of its ally are such abilities:
#              the overview's ruleset reads them from GF9's sheets (gf9:117, 119), and the worm spares those forces.


def _sheets_spare(s: BlowFacts) -> bool:
    """Fremen, or its ally, has forces where the worm attacks: a faction advantage overrides the devouring."""
    return any(f or a for f, a in zip(s.is_fremen, s.is_ally, strict=True))


def _destroyed(s: BlowFacts, o: dict[str, Any]) -> str:
    undecided = any(s.is_ally) and s.fremen_protects is None  # the ally's fate waits on Fremen's choice
    gone = o.get("devoured", dict(s.force_count(lambda i: not s.spared[i])))
    if undecided:
        gone = {n: c for n, c in gone.items() if n not in s.force_names(s.is_ally)}
    forces = ", ".join(f"{whose(n)} {forces_word(c)}" for n, c in gone.items())
    if undecided:
        ally = ", ".join(f"{whose(n)} {forces_word(c)}" for n, c in s.force_count(lambda i: s.is_ally[i]))
        forces = f"{forces + ', and ' if forces else ''}{ally} unless Fremen protects its ally"
    forces = forces or "no forces"
    spared = [n for n, _c in s.force_count(lambda i: s.spared[i])]
    saved = f"; {', '.join(whose(n) for n in spared)} forces are spared (a faction advantage)" if spared else ""
    return f"Shai-Hulud destroys {forces} in {s.previous}, the previously revealed territory{saved}."


@rule(
    "overview.blow.devour",
    on="blow",
    cites="overview:41,105",
    cite_when={"overview:105": _sheets_spare},  # quoted where a faction advantage spares forces
    title="Shai-Hulud destroys the forces on the previously revealed territory",
    permits=_destroyed,
    when=lambda s: s.worm and not s.consecutive,
    needs=("ally_protection",),  # on turn 1 too, where gf9's protect-ally rule does not ask it
    defines=("devoured",),
    one_sided="it fixes what is destroyed; it forbids nothing",
)
def destroy(s: BlowFacts) -> dict[str, Any]:
    """A Shai-Hulud destroys every force on the territory revealed before it (on any turn: the overview's first
    turn changes only the Nexus), save the forces a faction advantage spares (overview:105): Fremen's, and its
    ally's when Fremen protects it."""
    return {"devoured": dict(s.force_count(lambda i: not s.spared[i]))}


@destroy.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        d == z3.If(z3.Or(f, z3.And(a, v.fremen_protects)), 0, n)
        for d, n, f, a in zip(v.devoured, v.forces_there, v.is_fremen, v.is_ally, strict=True)
    )


@rule(
    "overview.blow.devour-spice",
    on="blow",
    cites="overview:41",
    title="Shai-Hulud destroys the spice on the previously revealed territory",
    permits=lambda s, o: f"The {o.get('spice_lost', s.spice_there)} spice in {s.previous} is destroyed.",
    when=lambda s: s.worm and not s.consecutive,
    needs=("spice_there",),
    defines=("spice_lost",),
    one_sided="it fixes the spice destroyed; it forbids nothing",
)
def destroy_spice(s: BlowFacts) -> dict[str, Any]:
    """A Shai-Hulud destroys all the spice on the territory revealed before it (on any turn)."""
    return {"spice_lost": s.spice_there or 0}


@destroy_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.returned == v.spice_there


@rule(
    "overview.blow.consecutive",
    on="blow",
    cites="overview:41",
    title="A Shai-Hulud drawn after a Shai-Hulud (the previously revealed territory is not given)",
    status="unresolved",
    reason="the move gives a Shai-Hulud card as the previous one: the overview's worm attacks 'the previously "
    "revealed territory' (overview:41), which the move does not name (give it as move.previous)",
    when=lambda s: s.worm and s.consecutive,
    one_sided="an open question: it makes the answer unresolved",
)
def consecutive_worm(_s: BlowFacts) -> bool:
    """Which territory a Shai-Hulud drawn on top of another attacks: the last territory revealed, which the
    move does not name."""
    return True


@consecutive_worm.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


@rule(
    "overview.blow.nexus",
    on="blow",
    cites="overview:41",
    title="After the first turn, Shai-Hulud triggers a Nexus",
    permits=lambda s, o: (
        "After the first turn: Shai-Hulud triggers a Nexus."
        if o.get("nexus", (s.turn or 0) > 1)
        else "The first turn: Shai-Hulud triggers no Nexus."
    ),
    when=lambda s: s.worm,
    needs=("turn",),
    defines=("nexus",),
    one_sided="it fixes whether a Nexus follows; it forbids nothing",
)
def worm_nexus(s: BlowFacts) -> dict[str, Any]:
    """A Shai-Hulud drawn after the first turn triggers a Nexus; on the first turn it triggers none."""
    return {"nexus": (s.turn or 0) > 1}


@worm_nexus.z3
def _(v: Any) -> z3.BoolRef:
    return v.nexus == (v.turn > 1)


# overview:106 "• Advanced Game adds: double spice blow, stronghold income (...), ..."


@rule(
    "overview.blow.piles",
    on="blow",
    cites="overview:106",
    title="The double spice blow is the Advanced game's",
    forbids="The Basic game has one spice blow: there is no second pile (B); the double spice blow is Advanced.",
    permits="Advanced: a double spice blow, the second on pile B.",
    when=lambda s: s.pile_b,
)
def double_blow(s: BlowFacts) -> bool:
    """Only the Advanced game adds the double spice blow: a draw for the second pile (B) needs it."""
    return s.advanced


@double_blow.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.pile_b, v.advanced)


# overview:41 "Reveal top Spice Deck card. Territory card: place indicated spice on that territory.
#             Shai-Hulud (sandworm) card: destroy forces/spice on the previously revealed territory, then draw
#             again until a Territory card appears. ..."
# overview:106 "• Advanced Game adds: double spice blow, ..."


@rule(
    "overview.blow.blows-a-turn",
    on="blow",
    cites="overview:41,106",
    title="One spice blow in Phase 2; the Advanced game's is double",
    forbids=lambda s, _o: (
        "The Advanced game's double spice blow is already resolved this phase (this phase's history has two "
        "territory cards)."
        if s.advanced
        else "Phase 2 reveals one Spice Card, drawing again only after a Shai-Hulud until a Territory card appears: "
        "this phase's history already holds its territory card."
    ),
    permits=lambda s, _o: (
        f"This phase's history has {s.blows_before} spice blow{'s' if s.blows_before != 1 else ''} resolved"
        + (": the Advanced game's is double." if s.advanced else ": Phase 2 resolves one.")
    ),
    when=lambda s: not s.worm and s.blows_before is not None,
)
def blows_a_turn(s: BlowFacts) -> bool:
    """Inside a game record, whose history says which spice blows are resolved: Phase 2 turns over the top card and
    draws again only after a Shai-Hulud, until a Territory card appears (one blow); the Advanced game's is double."""
    assert s.blows_before is not None
    return s.blows_before < (2 if s.advanced else 1)


@blows_a_turn.z3
def _(v: Any) -> z3.BoolRef:
    return v.blows_before < z3.If(v.advanced, 2, 1)
