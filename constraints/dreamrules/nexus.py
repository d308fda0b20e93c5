"""Dreamrules: the Nexus check (dreamrules:226-240), answered with the Storm it follows.

Dreamrules draws its own Nexus deck after the Storm (dreamrules:228, 244): a storm move in a position that gives
``nexus_card`` (this turn's card: 1 to 7, or blank) reports in its outcome whether that card causes a Nexus. When
alliances may change during a Nexus (dreamrules:236) is the alliance chapter's question (the ``ally`` move).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.storm import StormFacts
from checker.rules import chapter, rule

chapter("storm", "dreamrules:226-232,238-240")


def _card(s: StormFacts) -> str:
    if not s.nexus_given:
        return "no card can cause one on turn one"
    return "a blank" if s.nexus_number == 0 else f"the {s.nexus_number}"


def _nexus(s: StormFacts, o: dict[str, Any]) -> str:
    if o.get("nexus"):
        return f"Turn {s.turn}'s Nexus card is {_card(s)}, lower than the turn: a Nexus."
    if not s.nexus_given:
        return "Turn 1: no Nexus (no card can cause one on turn one)."
    why = "a blank does nothing" if s.nexus_number == 0 else "equal to or higher than the turn"
    return f"Turn {s.turn}'s Nexus card is {_card(s)}: {why}, no Nexus."


# dreamrules:228 "The Nexus deck contains ten cards: one each numbered 1 through 7, plus three blanks. After Storm,
#                 reveal the top card. A number lower than the current turn number causes a Nexus. An equal or
#                 higher number, or a blank, does nothing. Return the card and reshuffle after every draw, ..."
# dreamrules:232 "No card can cause a Nexus on turn one. The chance increases by ten percentage points per turn
#                 until turn eight. ..."


@rule(
    "dreamrules.nexus.check",
    on="storm",
    cites="dreamrules:228,232",
    see_also="dreamrules:23,240,1044",
    title="After the Storm, a Nexus card numbered lower than the turn causes a Nexus",
    permits=_nexus,
    needs=("turn",),
    when=lambda s: s.nexus_given or s.turn == 1,
    defines=("nexus",),
    one_sided="it fixes whether a Nexus follows; it forbids nothing",
)
def nexus_check(s: StormFacts) -> dict[str, Any]:
    """The Nexus card drawn after the Storm causes a Nexus when its number is lower than the turn; an equal or
    higher number, or a blank, does nothing. On turn one no card can (the lowest is 1). Atreides' prescience sees
    the card early without changing it (dreamrules:240)."""
    assert s.turn is not None
    number = s.nexus_number or 0
    return {"nexus": s.nexus_given and 0 < number < s.turn}


@nexus_check.z3
def _(v: Any) -> z3.BoolRef:
    return v.nexus == z3.And(v.nexus_given, v.nexus_number > 0, v.nexus_number < v.turn)
