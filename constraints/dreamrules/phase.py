"""Dreamrules: the turn's ten phases (the next phase), as they change GF9's.

Changed: the Nexus is a phase of its own, after the Storm and before the Spice Blow (dreamrules:174-176, 244, 1276;
GF9 and the overview make one phase "Spice Blow and Nexus"), so the order is dreamrules.phase.order. Left open by
the book: how many Spice cards a Spice Blow phase draws (its draw sequence waits on council question #1837), when a
spice mine is replenished (#1859), which phase each tech token names for its income (the tokens are not printed);
and a bribe pile still holding spice when the Mentat ends (its collection is a Mentat action no position records).
Unchanged, and said again: one phase complete before the next (dreamrules:176, gf9.phase.complete), the storm
moved (gf9.phase.storm-moved), the cards dealt and the auction's end (dreamrules:318, 334: overview.phase.deal and
overview.phase.auction), the next turn after the Mentat with no winner and turns left (dreamrules:176, 196,
gf9.phase.next-turn). The Emperor's Shaddam's Favor spice, collected at the end of Bidding (dreamrules:334, 358), is
never set aside in a record: a bid won with the Favor is not carried forward (checker/arrakis/transitions_turn.py).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import z3

from checker.arrakis.kinds.phase import TEN, PhaseFacts, follows, follows_form, next_phase, phase_title, upper
from checker.arrakis.position import BIDDING, CHOAM_CHARITY, MENTAT_PAUSE, NEXUS, PHASES, SPICE_BLOW, STORM
from checker.names import display, whose
from checker.rules import chapter, gap, restates, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("next-phase", "dreamrules:41-50,172,176,196,244,280,312,520,532,536,540,632,660,1276,1352,1356")


# dreamrules:176 "Play each phase in the order shown. Complete it for every faction before beginning the next. The
#                 game lasts at most ten turns."
# GF9's rules unchanged (gf9:71, 327): their findings under dreamrules quote these lines too.
restates("dreamrules:176", "gf9.phase.complete")
# dreamrules:196 "Spice Collection brings in desert and stronghold income. Mentat collects bribes, provides its faction
#                 windows and checks victory. If nobody wins, advance the turn marker and begin Storm again."
restates("dreamrules:176,196", "gf9.phase.next-turn")
# dreamrules:318 "Deal one card face down for each faction eligible to bid. ..."
# dreamrules:334 "Stop when all offered cards have been sold, or when nobody bids on a card. ..."
# Both say the overview's (overview:49) again: overview.phase.deal and overview.phase.auction answer under dreamrules;
# the lines stay set aside under the bid kind (constraints/dreamrules/bidding.py).


# -- the order of the ten phases -----------------------------------------------------------------------------------

# dreamrules:41-50 the phase chapters in the order of play (dreamrules:33 "The phase chapters follow the order of
#                  play"): "13. Storm" "14. Nexus" "15. Spice Blow" "18. CHOAM Charity" "19. Bidding" "21. Revival"
#                  "22. Shipment and Movement" "29. Battle" "40. Spice Collection" "41. Mentat"
# dreamrules:244  "Resolve Nexus after Storm and before Spice Blow. ..."
# dreamrules:1276 "The phase after Storm. Draw from its deck; ..." (the glossary's Nexus)
# dreamrules:280  "... After completing Spice Blow, continue to CHOAM Charity."
# dreamrules:312  "After charity and the phase's applicable token income, begin Bidding. ..."
# dreamrules:334  "... Revival follows."
# dreamrules:196  "... If nobody wins, advance the turn marker and begin Storm again."

# each phase's chapter line in the contents
CONTENTS = dict(zip((PHASES[i] for i in TEN), range(41, 51), strict=True))
# the line that says which phase follows a phase, where the book says it in words; else the two chapters' lines
SAYS_NEXT: dict[int, tuple[int, ...]] = {
    STORM: (244, 1276),
    NEXUS: (244,),
    SPICE_BLOW: (280,),
    CHOAM_CHARITY: (312,),
    BIDDING: (334,),
    MENTAT_PAUSE: (196,),
}


def _quoted(s: PhaseFacts, line: int) -> bool:
    """The lines that say which phase follows the phase ended: the book's words, or both chapters' contents lines."""
    if s.phase_index is None:
        return False
    if s.phase_index in SAYS_NEXT:
        return line in SAYS_NEXT[s.phase_index]
    return line in (CONTENTS[PHASES[s.phase_index]], CONTENTS[PHASES[next_phase(s.phase_index, True)]])


@rule(
    "dreamrules.phase.order",
    on="next-phase",
    cites="dreamrules:41,42,43,44,45,46,47,48,49,50,176,196,244,280,312,334,1276",
    see_also="dreamrules:33,174,536,1328",
    title="The turn's ten phases come in order, the Nexus its own phase after the Storm",
    forbids=lambda s, _o: (
        f"{upper(phase_title(s.to_index, True))} does not follow {s.leaving}: "
        f"{phase_title(s.next_index, True)} comes next."
    ),
    permits=lambda s, o: f"{upper(phase_title(s.next_index, True))} follows {s.leaving}.",
    needs=("phase_index",),
    defines=("phase",),
    replaces="overview.phase.order",
    differs="the phase after the Storm: overview:39 makes Spice Blow and Nexus one phase, Phase 2, after the Storm; "
    "dreamrules:244 resolves the Nexus, a phase of its own, after the Storm and before the Spice Blow",
    cite_when={f"dreamrules:{n}": partial(_quoted, line=n) for n in (*range(41, 51), 196, 244, 280, 312, 334, 1276)},
)
def phase_order(s: PhaseFacts) -> dict[str, Any] | bool:
    """A Dreamrules turn runs through ten phases in the order of the book's phase chapters: the Storm, the Nexus (a
    phase of its own, whose deck alone brings alliance changes), the Spice Blow, CHOAM Charity, Bidding, Revival,
    Shipment and Movement, Battle, Spice Collection and the Mentat; after the Mentat, the next turn's Storm. A move
    naming the phase begun must name that one."""
    return follows(s)


@phase_order.z3
def _(v: Any) -> z3.BoolRef:
    return follows_form(v, nexus_first=True)


# -- the Spice Blow's draws: open (#1837) --------------------------------------------------------------------------

# dreamrules:172  "... Prepare the Spice draw sequence once the conflicts in #1837 and #1838 are resolved. ..."
# dreamrules:1352 "#1837: Spice draw decks and discard piles."


def _draws(s: PhaseFacts) -> str:
    seen = [f"pile {p}" for p, done in (("A", s.blow_a), ("B", s.blow_b)) if done]
    if s.blows is None:
        return "this phase's history (this_phase) is not given"
    return f"this phase's history has {s.blows} territory card{'s' if s.blows != 1 else ''} resolved" + (
        f" (on {' and '.join(seen)})" if seen else ""
    )


@rule(
    "dreamrules.phase.spice-draws",
    on="next-phase",
    cites="dreamrules:172,1352",
    see_also="dreamrules:280,910,1124,1340",
    title="Open (#1837): when the Spice Blow's draws are complete",
    status="unresolved",
    one_sided="an open council question: it neither forbids nor permits, it leaves the answer unresolved",
    reason="council question #1837 (Spice draw decks and discard piles, dreamrules:1352) leaves the Spice draw "
    "sequence unprepared (dreamrules:172): how many Spice decks and discard piles a Spice Blow phase draws for, and so "
    "when it is complete (GF9's two blows on piles A and B, gf9:109, is what the ruling would replace), is open",
    explain=lambda s: (
        f"the Spice Blow phase ends and {_draws(s)}; whether its draws are complete depends on the "
        "Spice decks and discard piles, council question #1837 (dreamrules:172, 1352)"
    ),
    when=lambda s: s.phase_index == SPICE_BLOW,
    replaces="gf9.phase.advanced-blows",
)
def spice_draws(_s: PhaseFacts) -> bool:
    """Open: the Spice Blow phase ends once its draw sequence is done, and the book has not prepared it (#1837)."""
    return True


@spice_draws.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- a spice mine's yield: open (#1859) ----------------------------------------------------------------------------

# dreamrules:520  "Uncollected ordinary spice stays on the board. A mine stays in place and supplies its fixed yield
#                  each turn, without exceeding its cap. Its replenishment window is still tracked in #1859."
# dreamrules:1356 "#1859: Mine replenishment timing."


@rule(
    "dreamrules.phase.mine-yield",
    on="next-phase",
    cites="dreamrules:520,1356",
    see_also="dreamrules:284,1292",
    title="Open (#1859): when a spice mine is replenished",
    status="unresolved",
    one_sided="an open council question: it neither forbids nor permits, it leaves the answer unresolved",
    reason="a spice mine supplies its fixed yield each turn (dreamrules:520), and its replenishment window is "
    "council question #1859 (dreamrules:1356): the phase that begins may be the one that tops it up, which the "
    "position after the move would have to show",
    explain=lambda s: (
        f"{s.mines} spice mine{'s' if s.mines != 1 else ''} on the board: when a mine is replenished "
        "to its yield is council question #1859 (dreamrules:520, 1356), so the spice on the board once "
        f"{phase_title(s.next_index, True)} begins is not known"
    ),
    when=lambda s: s.mines > 0 and s.phase_index is not None,
)
def mine_yield(_s: PhaseFacts) -> bool:
    """Open: a mine supplies its yield each turn, at a time the council has not ruled on (#1859)."""
    return True


@mine_yield.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- tech-token income at the end of its phase ---------------------------------------------------------------------

# dreamrules:532 "Collect triggered tech-token income at the end of its phase. ..."
# dreamrules:632 "Tech tokens trigger during their named phase and pay at its end. ..."
# dreamrules:660 "Each token triggers at most once per turn. Its payout is spice equal to the number of tokens its
#                 holder possesses. Collect that spice at the end of the triggering phase. ..."

gap(
    "dreamrules.phase.token-income",
    on="next-phase",
    cites="dreamrules:532,632,660",
    see_also="dreamrules:666,670,1380",
    title="A triggered tech token pays at the end of its phase",
    reason="a phase ends while a faction holds a tech token: a token pays at the end of the phase it names if its "
    "event happened (dreamrules:632, 660), and neither the phase each token names (the book prints the tokens on a "
    "page the text does not give, dreamrules:670) nor whether its event happened is a fact of the position",
    explain=lambda s: (
        f"{s.leaving} ends and {display(s.token_holder)} holds a tech token: whether it triggered in "
        "this phase and pays now (dreamrules:632, 660) is not a fact of the position (the phase each token names is "
        "not in the text, dreamrules:670)"
    ),
    when=lambda s: bool(s.token_holder) and s.phase_index is not None,
)


# -- bribes collected during the Mentat ----------------------------------------------------------------------------

# dreamrules:536 "Mentat is the turn's final phase. Collect bribes, resolve applicable Mentat abilities and check
#                 whether the game has been won. ..."
# dreamrules:540 "Move the spice waiting in your bribe pile into your available supply. Factions may give and
#                 receive bribes during Mentat, including Bene Tleilax. Before collection, ..."

gap(
    "dreamrules.phase.bribes",
    on="next-phase",
    cites="dreamrules:536,540",
    title="The Mentat collects the bribes waiting",
    reason="the Mentat ends with spice in a bribe pile: bribes are collected during the Mentat into the supply "
    "(dreamrules:536, 540), bribes may be given during it too, and no position records whether this pile's spice "
    "was given before or after the collection",
    explain=lambda s: (
        f"the Mentat phase ends with spice in {whose(s.bribes_waiting)} bribe pile: whether it was "
        "collected into its supply (dreamrules:540) or given after the collection is not a fact of the position"
    ),
    when=lambda s: s.phase_index == MENTAT_PAUSE and bool(s.bribes_waiting),
)
