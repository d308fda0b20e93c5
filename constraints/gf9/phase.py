"""GF9: one phase complete before the next; the storm and the spice blows of their phases; the next turn."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.phase import LAST_TURN, PhaseFacts, upper
from checker.arrakis.position import MENTAT_PAUSE, NEXUS, SPICE_BLOW, STORM
from checker.names import whose
from checker.rules import chapter, gap, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("next-phase", "gf9:71,83,89,109,317,327")


def _in_blow(s: PhaseFacts) -> bool:
    return s.phase_index in (SPICE_BLOW, NEXUS)


# gf9:71 "Complete one phase before beginning the next. ..."
@rule(
    "gf9.phase.complete",
    on="next-phase",
    cites="gf9:71",
    title="One phase is complete before the next begins",
    forbids=lambda s, _o: f"{upper(s.leaving)} is not complete: once it ends, {s.fault_words}",
    permits=lambda s, _o: (
        f"{upper(s.leaving)} ends with no rule of the position broken after it that was not broken before it."
    ),
    needs=("phase_index", "faults"),
    when=lambda s: not s.game_over,  # the last Mentat Pause: gf9.phase.next-turn ends the game
)
def phase_complete(s: PhaseFacts) -> bool:
    """A phase ends only when it is done: the position after it breaks no rule that the end of a phase brings
    into force (battles left after the Battle phase) and the position before it did not already break."""
    return s.faults == 0


@phase_complete.z3
def _(v: Any) -> z3.BoolRef:
    return v.faults == 0


# gf9:83 "Place the storm at the Storm Start sector. ... move the storm counterclockwise that many sectors."
# gf9:89 "On turns two onward, ... move the storm counterclockwise that many sectors."
@rule(
    "gf9.phase.storm-moved",
    on="next-phase",
    cites="gf9:83,89",
    title="The Storm phase moves the storm",
    forbids=lambda s, _o: "The Storm phase cannot end before the storm moves (this phase's history has no storm move).",
    permits="The storm moved this phase.",
    needs=("storm_moved",),
    when=lambda s: s.phase_index == STORM,
    cite_when={"gf9:83": lambda s: s.turn in (None, 1), "gf9:89": lambda s: s.turn != 1},
)
def storm_moved(s: PhaseFacts) -> bool:
    """The storm is placed on turn one and moved on every later turn: its phase ends once it has moved."""
    return bool(s.storm_moved)


@storm_moved.z3
def _(v: Any) -> z3.BoolRef:
    return v.storm_moved


# gf9:109 "In the Basic Game, resolve one spice blow each turn. In the Advanced Game, resolve two, keeping
#          separate discard piles A and B. ..."
@rule(
    "gf9.phase.basic-blow",
    on="next-phase",
    cites="gf9:109",
    title="The Basic game resolves one spice blow a turn",
    forbids="The Spice Blow and Nexus phase cannot end before its spice blow is resolved (this phase's history "
    "has none).",
    permits="This phase's spice blow is resolved.",
    needs=("blows",),
    when=lambda s: _in_blow(s) and not s.advanced,
)
def basic_blow(s: PhaseFacts) -> bool:
    """In the Basic game the phase resolves one spice blow: it ends once a territory card has been placed."""
    assert s.blows is not None
    return s.blows >= 1


@basic_blow.z3
def _(v: Any) -> z3.BoolRef:
    return v.blows >= 1


@rule(
    "gf9.phase.advanced-blows",
    on="next-phase",
    cites="gf9:109",
    title="The Advanced game resolves two spice blows a turn, on piles A and B",
    forbids=lambda s, _o: (
        "The Spice Blow and Nexus phase cannot end before both spice blows are resolved: this phase's history has "
        + " and ".join(f"none on pile {p}" for p, done in (("A", s.blow_a), ("B", s.blow_b)) if not done)
        + "."
    ),
    permits="This phase's two spice blows are resolved, on piles A and B.",
    needs=("blow_a", "blow_b"),
    when=lambda s: _in_blow(s) and s.advanced,
)
def advanced_blows(s: PhaseFacts) -> bool:
    """In the Advanced game the phase resolves two spice blows, one for each discard pile."""
    return bool(s.blow_a and s.blow_b)


@advanced_blows.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.blow_a, v.blow_b)


# gf9:327 "If no winner is due and turns remain, advance the counter and start the next Storm Phase. ..."
@rule(
    "gf9.phase.next-turn",
    on="next-phase",
    cites="gf9:327",
    see_also="gf9:325; overview:3,96",
    title="After the Mentat Pause, with no winner and turns left, the next turn begins",
    forbids=lambda s, _o: (
        f"{s.winner_words} at this Mentat Pause: no next turn begins."
        if s.winner_due
        else f"Turn {s.turn} is the last: the game ends after its Mentat Pause."
    ),
    permits=lambda s, o: f"No winner is due and turns remain: turn {o.get('turn')} begins with its Storm phase.",
    needs=("turn", "winner_due"),
    defines=("turn",),
    when=lambda s: s.phase_index == MENTAT_PAUSE and not s.winner_open,  # else gf9.phase.winner-open
)
def next_turn(s: PhaseFacts) -> dict[str, Any] | bool:
    """The Mentat Pause ends the turn: unless a winner is due or the last turn is played, the counter advances."""
    assert s.turn is not None
    if s.winner_due or s.turn >= LAST_TURN:
        return False
    return {"turn": s.turn + 1}


@next_turn.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(z3.Not(v.winner_due), v.turn < LAST_TURN, v.next_turn == v.turn + 1)


gap(
    "gf9.phase.winner-open",
    on="next-phase",
    cites="gf9:327",
    title="Whether a winner is due at the Mentat Pause is open",
    reason="the position's own verdict leaves open whether a winner is due at this Mentat Pause (a rule of its "
    "victory or setup the text leaves open applies), and the next turn begins only if none is (gf9:327)",
    explain=lambda s: (
        f"whether a winner is due at this Mentat Pause, which decides whether a next turn begins "
        f"(gf9:327), is open: the position's own verdict is unresolved ({s.winner_open})"
    ),
    when=lambda s: s.phase_index == MENTAT_PAUSE and bool(s.winner_open),
)


# gf9:317 "At the start of the Mentat Pause, move deferred bribe spice from in front of your shield to behind it. ..."
@rule(
    "gf9.phase.bribes-behind",
    on="next-phase",
    cites="gf9:317",
    title="At the start of the Mentat Pause, deferred bribe spice goes behind the shield",
    permits=lambda s, o: (
        "The Mentat Pause begins: "
        + ", ".join(f"{whose(f)} {n} spice of bribes" for f, n in (o.get("bribes_collected") or {}).items())
        + " go behind the shield."
    ),
    defines=("bribes_collected",),
    when=lambda s: s.next_index == MENTAT_PAUSE and any(s.in_front) and not s.nexus_first,
    one_sided="an outcome rule: it moves the bribe spice and never forbids",
)
def bribes_behind(s: PhaseFacts) -> dict[str, Any]:
    """Bribe spice deferred in front of a shield (not yet spendable) goes behind it as the Mentat Pause begins."""
    return {"bribes_collected": {f: n for f, n in zip(s.faction_names, s.in_front, strict=True) if n}}


@bribes_behind.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(*[c == n for c, n in zip(v.collected, v.in_front, strict=True)], z3.BoolVal(True))


gap(
    "gf9.phase.bribes",
    on="next-phase",
    cites="gf9:317",
    title="Deferred bribe spice goes behind the shield at the Mentat Pause",
    reason="the Mentat Pause ends with bribe spice still in front of a shield: whether it was moved behind it "
    "(gf9:317) is not what the position says",
    explain=lambda s: (
        f"the Mentat Pause ends with bribe spice in front of {whose(s.bribes_waiting)} shield (spice_in_front): "
        "gf9:317 moves it behind the shield at the start of the phase, which Mentat does not carry out yet"
    ),
    when=lambda s: s.phase_index == MENTAT_PAUSE and bool(s.bribes_waiting) and not s.nexus_first,
)
