"""Dreamrules: Truthtrance (dreamrules:984-1034), a ``play`` of the card, over GF9's (constraints/gf9/cards.py).

What a play of Truthtrance is under dreamrules: a card played at any time (dreamrules:998) that pauses the whole
game until one yes-or-no question is answered (dreamrules:990-994, 1332); GF9's discard after use stays in force
(gf9.cards.truthtrance-discard, gf9:497; dreamrules:15, 1328). The rest of the chapter is what an answer binds the
answering player to (dreamrules:1000-1034): a position has no key for a question, its answer, or a pause in
progress, so no answer of a kind Mentat knows can depend on those lines (set aside below, with that reason). Line
986 closes the Karama chapter (what a stopped Augmented Troops means in battle): dreamrules.battle.dial-ixians.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.play import PlayFacts, phase_title
from checker.rules import chapter, rule, set_aside

chapter("play", "dreamrules:988-1034")

NO_KEY = "a position has no key for a Truthtrance question, its answer or a commitment it creates"

set_aside(
    "dreamrules:990",
    "what the question is and who answers it in public: table conduct; " + NO_KEY,
)
set_aside("dreamrules:1002", "an introduction to the following lines: " + NO_KEY)
set_aside("dreamrules:1006", "whether an answer can be fulfilled when given: " + NO_KEY)
set_aside("dreamrules:1010", "what the answering player may do after answering: " + NO_KEY)
set_aside("dreamrules:1014", "what becomes of an answer later events make impossible: " + NO_KEY)
set_aside("dreamrules:1018", "advice on phrasing a question: no verdict depends on it")
set_aside("dreamrules:1022", "which questions may be asked: " + NO_KEY)
set_aside("dreamrules:1026", "advice on choosing a question the target can answer: no verdict depends on it")
set_aside("dreamrules:1030", "when a conditional answer binds: " + NO_KEY)
set_aside("dreamrules:1034", "table conduct: asking clearly; no verdict depends on it")


# dreamrules:998 "You may play Truthtrance at any time. To constrain a battle plan, use it before commitment in the
#                 preparation window. Once plans are committed, a question does not grant permission to rewrite them."
# dreamrules:994 "Playing Truthtrance pauses the game completely. ... No binding deals, other cards or other game
#                 actions may occur during this pause. A second Truthtrance cannot interrupt it."
# A position shows no pause in progress (there is no key for one), so no play a position can show is made during it.


@rule(
    "dreamrules.truthtrance.any-time",
    on="play",
    cites="dreamrules:998",
    see_also="dreamrules:994,1332",
    title="Truthtrance may be played at any time; the game pauses for its answer",
    permits=lambda s, _o: (
        f"Truthtrance may be played at any time ({phase_title(s.phase_index)} included); the game pauses until "
        "its question is answered."
    ),
    when=lambda s: s.is_truthtrance,
    replaces="gf9.cards.truthtrance-any-time",
    one_sided="no timing forbids Truthtrance (dreamrules:998)",
)
def truthtrance_any_time(s: PlayFacts) -> bool:
    """Truthtrance has no timing restriction under dreamrules either: it is played at any time, and the whole game
    pauses until its one yes-or-no question is answered (dreamrules:994); a question asked after battle plans are
    committed does not allow rewriting them (a battle plan as given stays the plan)."""
    return True


@truthtrance_any_time.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_truthtrance
