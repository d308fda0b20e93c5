"""Overview: the turn's nine phases, in order (the next phase)."""

from __future__ import annotations

from functools import partial
from typing import Any

import z3

from checker.arrakis.kinds.phase import PhaseFacts, follows, follows_form, phase_title, upper
from checker.arrakis.position import BIDDING, PHASES, SPICE_COLLECTION
from checker.facts import all_of, any_of
from checker.names import display
from checker.rules import chapter, gap, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("next-phase", "overview:33,35,39,43,47,49,51,55,59,63,65,67")

# overview:33 "Each turn has 9 phases:"
# overview:35 "Phase 1: Storm"
# overview:67 "Phase 9: Mentat Pause"  (and each heading between: a phase's heading gives its place)


# each phase's heading line (the Nexus is Phase 2's)
HEADING = dict(zip(PHASES, (35, 39, 39, 43, 47, 51, 55, 59, 63, 67), strict=True))


def _speaks_of(s: PhaseFacts, line: int) -> bool:
    """The heading of the phase ended, or of the phase that follows it."""
    return any(i is not None and HEADING[PHASES[i]] == line for i in (s.phase_index, s.next_index))


@rule(
    "overview.phase.order",
    on="next-phase",
    cites="overview:33,35,39,43,47,51,55,59,63,67",
    title="The turn's nine phases come in order",
    forbids=lambda s, _o: (
        f"{upper(phase_title(s.to_index))} does not follow {s.leaving}: {phase_title(s.next_index)} comes next."
    ),
    permits=lambda s, o: f"{upper(phase_title(s.next_index))} follows {s.leaving}.",
    needs=("phase_index",),
    defines=("phase",),
    cite_when={f"overview:{n}": partial(_speaks_of, line=n) for n in sorted(set(HEADING.values()))},
)
def phase_order(s: PhaseFacts) -> dict[str, Any] | bool:
    """A turn runs through its nine phases in their printed order; after the ninth, the Mentat Pause, the next
    turn's Storm. A move naming the phase begun must name that one."""
    return follows(s)


@phase_order.z3
def _(v: Any) -> z3.BoolRef:
    return follows_form(v)


# overview:49 "Players bid on Treachery Cards. Declare hand sizes (limit: 4 cards). Deal 1 card per eligible
#              bidder face-down. ... Highest bidder pays spice to the Spice Bank and takes the card. If all pass
#              on a card, remaining cards return to deck top. ..."


@rule(
    "overview.phase.deal",
    on="next-phase",
    cites="overview:49",
    see_also="gf9:59,425",
    title="One card is dealt for each eligible bidder",
    permits=lambda s, o: (
        f"{o.get('cards_dealt')} card{'s' if o.get('cards_dealt') != 1 else ''} dealt for the auction: one for each "
        "faction whose hand is not full."
    ),
    needs=("bidders",),
    defines=("cards_dealt",),
    when=lambda s: s.next_index == BIDDING,
    one_sided="an outcome rule: it counts the cards dealt and never forbids",
)
def deal(s: PhaseFacts) -> dict[str, Any]:
    """As the Bidding phase begins, one card is dealt face down for each faction whose hand is not full (four
    cards; Harkonnen's sheet, eight: gf9:59, 425)."""
    return {"cards_dealt": s.bidders}


@deal.z3
def _(v: Any) -> z3.BoolRef:
    return v.dealt == v.bidders


def _names(factions: list[str]) -> str:
    words = [display(f) for f in factions]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _unsold(s: PhaseFacts) -> str:
    """The cards not sold, in words ("the remaining cards" when the count is not given)."""
    if s.cards_dealt is None or s.sold is None:
        return "the remaining cards"
    left = s.cards_dealt - s.sold
    return f"the {left} remaining card{'s' if left != 1 else ''}"


@rule(
    "overview.phase.all-passed",
    on="next-phase",
    cites="overview:49",
    see_also="gf9:173,425",
    title="The auction ends when all pass on a card",
    permits=lambda s, _o: (
        f"Every eligible bidder ({_names([n for n, e in zip(s.bidder_names, s.eligible, strict=True) if e])}) "
        f"passed on the card up for bid (this_phase): {_unsold(s)} return to the top of the deck and the auction is "
        "over."
    ),
    when=lambda s: s.phase_index == BIDDING and s.all_passed,
    one_sided="it says when the auction ends early: where an eligible bidder has not passed, whether the Bidding "
    "phase may end is the gap overview.phase.auction (a position need not record every pass)",
)
def all_passed(s: PhaseFacts) -> bool:
    """If every faction that may bid (its hand not full: a full hand must pass, gf9:173, 425) passes on the card up
    for bid, with no card sold since, the cards not sold return to the deck and the Bidding phase may end."""
    return all(passed for eligible, passed in zip(s.eligible, s.passed_card, strict=True) if eligible)


@all_passed.z3
def _(v: Any) -> z3.BoolRef:
    if len(v.eligible) != len(v.passed_card):  # the hands or the history not given: the rule does not apply
        return z3.BoolVal(False)
    pairs = zip(v.eligible, v.passed_card, strict=True)
    return z3.And(any_of(v.eligible), all_of(z3.Implies(e, p) for e, p in pairs))


def _auction_open(s: PhaseFacts) -> bool:
    """Leaving the Bidding phase with cards dealt and not sold, or not known to be sold, and not every eligible bidder
    known to have passed on a card (the rest return to the deck): a position need not record every pass."""
    unsold = s.cards_dealt is None or s.sold is None or s.sold < s.cards_dealt
    return s.phase_index == BIDDING and unsold and not s.all_passed


def _auction_words(s: PhaseFacts) -> str:
    """Why the auction's end is open on this position, naming its facts."""
    if s.cards_dealt is None or s.sold is None:
        said = "the cards dealt for its auction (cards_dealt) or those sold (this_phase) are not given"
    else:
        left = s.cards_dealt - s.sold
        said = f"{left} of its {s.cards_dealt} cards {'is' if left == 1 else 'are'} not sold"
    if s.hand_missing:
        passes = f"who may bid is not known (factions.{s.hand_missing}.hand is not given)"
    elif not s.passes_known:
        passes = "who passed on the card up for bid is not known (this_phase is not given)"
    elif s.not_passed:
        verb = "has" if len(s.not_passed) == 1 else "have"
        passes = f"{_names(s.not_passed)} {verb} not passed on the card up for bid (this_phase)"
    else:
        passes = "no faction may bid"
    return (
        f"the Bidding phase ends: {said}, and {passes}: whether every card was sold or every player passed on one "
        "(overview:49) is not a fact of the position"
    )


gap(
    "overview.phase.auction",
    on="next-phase",
    cites="overview:49",
    title="The Bidding phase ends when its cards are sold or passed",
    reason="the Bidding phase ends with cards dealt and not sold, and the phase's history (this_phase) does not show "
    "every eligible bidder passing on one: whether every player passed on one (overview:49) is not a fact of the "
    "position",
    explain=_auction_words,
    when=_auction_open,
)

gap(
    "overview.phase.harvest",
    on="next-phase",
    cites="overview:65",
    title="Forces where spice lies collect it",
    reason="the Spice Harvest ends with forces where spice lies and no collection there in this phase's history: "
    "whether they collected all they may (overview:65) is not a fact of the position",
    explain=lambda s: (
        f"the Spice Harvest ends with forces in {s.spice_by_forces}, "
        + ("where spice lies, " if s.spice_given else "where spice may lie (the position does not give 'spice'), ")
        + "and no collection there in this phase's history (this_phase): whether they collected all they may "
        "(overview:65) is not a fact of the position"
    ),
    when=lambda s: s.phase_index == SPICE_COLLECTION and bool(s.spice_by_forces),
)
