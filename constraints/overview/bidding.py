"""Overview, Phase 4: Bidding (one bid for a Treachery Card).

The overview prints the phase, the hand limit of four, the opening bid of at least one spice, and that
the highest bidder pays the Spice Bank and takes the card. It does not say whether a bid may exceed the
bidder's spice, nor what a Karama allows, and it leaves Harkonnen's and the Emperor's advantages to
Player Sheets it does not reproduce (overview:105): those answers are unresolved here (gf9 gives them).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.bidding import BidFacts
from checker.arrakis.position import BIDDING
from checker.names import display
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("bid", "overview:47-49,104,129")


def _cards(n: int | None) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


# overview:47 "Phase 4: Bidding"
# overview:49 "Players bid on Treachery Cards. ..."


@rule(
    "overview.bidding.phase",
    on="bid",
    cites="overview:47,49",
    see_also="overview:33,116",
    title="Bids are made in Phase 4, Bidding",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot bid in the {s.phase_name.replace('-', ' ')} phase: "
        "players bid on Treachery Cards in Phase 4, Bidding."
    ),
    permits="It is Phase 4, Bidding.",
    when=lambda s: s.phase_index is not None,
)
def bidding_phase(s: BidFacts) -> bool:
    """Bids for Treachery Cards are made in the Bidding phase; when the position gives no phase, it is taken
    to be that one (the verdict's notes say so)."""
    return s.phase_index == BIDDING


@bidding_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == BIDDING


# overview:49 "... First Player opens bidding (1+ spice or pass); bidding proceeds right. ..."


@rule(
    "overview.bidding.minimum",
    on="bid",
    cites="overview:49",
    title="A bid is at least one spice (or a pass)",
    forbids="{Faction} bids {amount} spice: a bid is one spice or more, or a pass.",
    permits="{Faction} bids {amount} spice, at least one.",
    when=lambda s: not s.passes,
)
def minimum_bid(s: BidFacts) -> bool:
    """Bidding opens at one spice or more, or with a pass: a bid of nothing is no bid."""
    return s.amount >= 1


@minimum_bid.z3
def _(v: Any) -> z3.BoolRef:
    return v.amount >= 1


# overview:49  "... Declare hand sizes (limit: 4 cards). Deal 1 card per eligible bidder face-down. ..."
# overview:104 "Treachery Card limit: 4 cards maximum. Must declare count during Bidding."
# overview:129 "Hand Limit: 4 Treachery Cards"


@rule(
    "overview.bidding.hand-full",
    on="bid",
    cites="overview:49,104,129",
    title="A full hand (four cards) cannot bid",
    forbids=lambda s, _o: (
        f"{display(s.faction)} holds {_cards(s.hand)}: with the limit of four it is not an eligible bidder."
    ),
    permits=lambda s, _o: f"{display(s.faction)} holds {_cards(s.hand)}, fewer than the limit of four.",
    needs=("hand",),
    when=lambda s: not s.passes and not s.is_harkonnen,
)
def hand_full(s: BidFacts) -> bool:
    """With the hand limit of four, a player holding four cards has no room for the card and cannot bid."""
    return (s.hand or 0) < 4


@hand_full.z3
def _(v: Any) -> z3.BoolRef:
    return v.hand < 4


# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets." -- sheets the overview does not reproduce.


@rule(
    "overview.bidding.harkonnen-sheet",
    on="bid",
    cites="overview:105",
    see_also="overview:104",
    title="Harkonnen's bidding advantages are on its Player Sheet",
    status="unresolved",
    reason="Harkonnen bids: overview:105 lets faction advantages override the standard rules, but the overview "
    "prints neither Harkonnen's hand limit nor the cards it takes with a purchase (use the gf9 ruleset)",
    when=lambda s: not s.passes and s.is_harkonnen,
    one_sided="an open question: the overview prints no Harkonnen advantage",
)
def harkonnen_sheet(s: BidFacts) -> bool:
    """The overview defers Harkonnen's hand limit and card draw to a Player Sheet it does not reproduce."""
    return True


@harkonnen_sheet.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


@rule(
    "overview.bidding.emperor-sheet",
    on="bid",
    cites="overview:105",
    see_also="overview:49",
    title="Who is paid when the Emperor plays is on its Player Sheet",
    status="unresolved",
    reason="the Emperor is (or may be) in the game: overview:105 lets faction advantages override the standard "
    "rules, and the overview does not print whether purchases are paid to the Emperor (use the gf9 ruleset)",
    when=lambda s: not s.passes and s.emperor_in_game is not False,
    one_sided="an open question: the overview prints no Emperor advantage",
)
def emperor_sheet(s: BidFacts) -> bool:
    """The overview names the Spice Bank as payee but defers faction advantages to sheets it does not reproduce."""
    return True


@emperor_sheet.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


# overview:49 "... Highest bidder pays spice to the Spice Bank and takes the card. ..."


@rule(
    "overview.bidding.payee",
    on="bid",
    cites="overview:49",
    title="The highest bidder pays the Spice Bank",
    permits="If this bid wins, {Faction} pays its {amount} spice to the Spice Bank.",
    defines=("paid_to",),
    when=lambda s: not s.passes and s.emperor_in_game is False,
    one_sided="it names who is paid; it never forbids",
)
def payee(s: BidFacts) -> dict[str, Any]:
    """The winning bid is paid to the Spice Bank."""
    return {"paid_to": "bank"}


@payee.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == 1


@rule(
    "overview.bidding.takes-card",
    on="bid",
    cites="overview:49",
    title="The highest bidder takes the card",
    permits="If this bid wins, {Faction} takes the card: one card.",
    defines=("cards_gained",),
    when=lambda s: not s.passes and not s.is_harkonnen,
    one_sided="it says what the winner takes; it never forbids",
)
def takes_card(s: BidFacts) -> dict[str, Any]:
    """The winner of an auction takes the one card offered."""
    return {"cards_gained": 1}


@takes_card.z3
def _(v: Any) -> z3.BoolRef:
    return v.gained == 1


@rule(
    "overview.bidding.beyond-means",
    on="bid",
    cites="overview:49",
    title="Whether a bid may exceed the bidder's spice",
    status="unresolved",
    reason="overview:49 makes the highest bidder pay its bid, but says neither whether a bid may exceed the "
    "spice the bidder can pay nor what a Karama allows (gf9:173 does: use the gf9 ruleset)",
    when=lambda s: not s.passes and (s.karama or s.spice is None or s.amount > s.means),
    one_sided="an open question: the overview does not say",
)
def beyond_means(s: BidFacts) -> bool:
    """A bid beyond what the bidder can pay (or relying on Karama, or by a bidder whose spice is not given)
    is a question the overview does not answer."""
    return True


@beyond_means.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


# overview:86 "... Allies may share strategy, help pay for Treachery Cards and shipments."


@rule(
    "overview.bidding.ally-support",
    on="bid",
    cites="overview:86",
    title="Only an ally may help pay for a Treachery Card",
    forbids="{Faction} has no ally: no one may pay {ally_support} spice toward its card.",
    permits="{Ally}, {Faction_s} ally, promises {ally_support} spice toward the card.",
    when=lambda s: s.ally_support > 0 and not s.passes,
)
def ally_support(s: BidFacts) -> bool:
    """Help paying for a Treachery Card comes from an ally, not from anyone else."""
    return s.has_ally


@ally_support.z3
def _(v: Any) -> z3.BoolRef:
    return v.has_ally


@rule(
    "overview.bidding.ally-support-spice",
    on="bid",
    cites="overview:86",
    title="An ally helps pay from its own spice",
    forbids="{Ally} has {ally_spice} spice: it cannot pay {ally_support} toward {Faction_s} card.",
    permits="{Ally} has {ally_spice} spice, enough for the {ally_support} it promises.",
    needs=("ally_spice",),
    when=lambda s: s.ally_support > 0 and s.has_ally and not s.passes,
)
def ally_support_spice(s: BidFacts) -> bool:
    """An ally's help toward a card is its own spice: no more than it holds."""
    return s.ally_support <= (s.ally_spice or 0)


@ally_support_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_support <= v.ally_spice
