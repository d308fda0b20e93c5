"""Dreamrules: the Ixians' Technology (``technology``) and a battle's winner taking a tech token
(``take-tech-token``).

Technology is said twice, in the Bidding chapter (dreamrules:352) and the Ixians' (dreamrules:1218): once per
Bidding phase, before the first bid on a card, the Ixians replace it with a card from their hand; Karama stops it
for the phase (dreamrules:966). Who may inspect the card taken is information, no move's legality.

A standard tech token comes into play when a faction wins a battle without receiving a token from its opponent,
while fewer than three are in play (dreamrules:654); exceptional battle results are council question #1844
(dreamrules:656, 1378).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.tech_token import TOKENS_CAP, TechTokenFacts
from checker.arrakis.kinds.technology import TechnologyFacts
from checker.arrakis.position import BIDDING, PHASES
from checker.names import display, whose
from checker.rules import chapter, gap, rule

# == Technology (the ``technology`` kind) ======================================================================

chapter("technology", "dreamrules:352,966,1218")

# dreamrules:352  "Once per phase, before the first bid on a card, Ixians may replace that card with one from its
#                  hand. If Ixians did not split the batch, Atreides cannot inspect the card Ixians takes. If it did
#                  split the batch, Atreides may see that card."
# dreamrules:354  "Resolve this exchange before bidding on the replacement card. Do not mix it up with the separate
#                  once-per-turn card exchange between Ixians and its ally."
# dreamrules:1218 "Once per Bidding Phase, before the first bid on a card, Technology lets you replace it with a card
#                  from your hand. If you did not split the batch into piles, Atreides may not inspect the card you
#                  obtain."
# Who may inspect the card taken (the second sentences) is information: no move turns on it.


@rule(
    "dreamrules.technology.ixians-only",
    on="technology",
    cites="dreamrules:352,1218",
    title="Technology is the Ixians'",
    forbids="{Faction} cannot use Technology: replacing the card up for bid with one from the hand is the Ixians'.",
    permits="The Ixians may replace the card up for bid with one from their hand.",
)
def technology_ixians(s: TechnologyFacts) -> bool:
    """Replacing the card up for bid with a card from the hand is the Ixians' advantage."""
    return bool(s.is_ixians)


@technology_ixians.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_ixians


@rule(
    "dreamrules.technology.bidding",
    on="technology",
    cites="dreamrules:352,1218",
    title="Technology is used in the Bidding phase",
    forbids=lambda s, _o: f"Technology replaces a card up for bid in the Bidding phase, not in {_phase(s)}.",
    permits="It is the Bidding phase.",
    needs=("phase_index",),
)
def technology_bidding(s: TechnologyFacts) -> bool:
    """Technology replaces a card up for bid, once per Bidding phase."""
    return s.phase_index == BIDDING


@technology_bidding.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == BIDDING


@rule(
    "dreamrules.technology.before-first-bid",
    on="technology",
    cites="dreamrules:352,1218",
    see_also="dreamrules:354",
    title="Technology comes before the first bid on the card",
    forbids=lambda s, _o: (
        f"A bid was already made on the card up for bid (current_auction: {s.bid_words}): Technology replaces a "
        "card before the first bid on it."
    ),
    permits="No bid has been made on the card up for bid yet.",
)
def technology_before_bid(s: TechnologyFacts) -> bool:
    """The exchange is made before anyone bids on the card (and resolved before bidding on its replacement)."""
    return not s.bid_made


@technology_before_bid.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.bid_made)


@rule(
    "dreamrules.technology.from-hand",
    on="technology",
    cites="dreamrules:352,1218",
    title="The replacement is a card from the Ixians' hand",
    forbids=lambda s, _o: f"{s.card} is not in {whose(s.faction)} hand ({s.hand_words}).",
    permits=lambda s, _o: f"{s.card} is in {whose(s.faction)} hand.",
    needs=("card_in_hand",),
)
def technology_from_hand(s: TechnologyFacts) -> bool:
    """The card put up for bid in place of the auction card comes from the hand."""
    return bool(s.card_in_hand)


@technology_from_hand.z3
def _(v: Any) -> z3.BoolRef:
    return v.card_in_hand


@rule(
    "dreamrules.technology.once-per-phase",
    on="technology",
    cites="dreamrules:352,1218",
    title="Technology once per Bidding phase",
    forbids="The Ixians already used Technology this Bidding phase (factions.{faction}.technology_used): once per "
    "phase.",
    permits="The Ixians have not used Technology yet this Bidding phase.",
    needs=("used",),
)
def technology_once(s: TechnologyFacts) -> bool:
    """One Technology exchange per Bidding phase."""
    return not s.used


@technology_once.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.used)


# dreamrules:966 (Karama, "Technology") "Bidding. Ixians cannot exchange a hand card with the card up for bid this
#                phase."


@rule(
    "dreamrules.technology.suppressed",
    on="technology",
    cites="dreamrules:966",
    title="Karama stopped Technology",
    forbids="Karama stopped Technology this phase (factions.{faction}.suppressed): the Ixians cannot exchange a hand "
    "card with the card up for bid.",
    permits="Karama has not stopped Technology this phase.",
)
def technology_suppressed(s: TechnologyFacts) -> bool:
    """Karama played on Technology in Bidding stops the exchange for the rest of the phase."""
    return not s.suppressed


@technology_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.suppressed)


def _phase(s: TechnologyFacts) -> str:
    return "?" if s.phase_index is None else f"the {PHASES[s.phase_index]} phase"


# == A tech token brought into play (the ``take-tech-token`` kind) ==============================================

chapter("take-tech-token", "dreamrules:654,656,1378")

# dreamrules:654 "Seven standard tech tokens begin outside the game. When a faction wins a battle without receiving a
#                 token from its opponent, and fewer than three standard tokens are in play, it takes a random token
#                 from the unused pool."
# dreamrules:656 "A faction that loses a battle with a token gives a token to the winner. Spice already waiting on a
#                 stolen token moves with it. The precise treatment of exceptional battle results is part of #1844."
# dreamrules:1378 "#1844: New tech tokens after exceptional battles."


@rule(
    "dreamrules.tech-token.won-battle",
    on="take-tech-token",
    cites="dreamrules:654",
    title="The faction won the battle",
    forbids=lambda s, _o: (
        f"{display(s.faction)} did not win the last battle ({display(s.winner)} did): a token comes into play for "
        "the battle's winner."
    ),
    permits=lambda s, _o: f"{display(s.faction)} won the last battle.",
    needs=("won",),
)
def token_won(s: TechTokenFacts) -> bool:
    """The faction that wins a battle takes the token."""
    return bool(s.won)


@token_won.z3
def _(v: Any) -> z3.BoolRef:
    return v.won


@rule(
    "dreamrules.tech-token.none-received",
    on="take-tech-token",
    cites="dreamrules:654",
    see_also="dreamrules:656",
    title="The winner received no token from its opponent",
    forbids=lambda s, _o: (
        f"{display(s.faction)} received a token from its opponent in the battle (last_battle.token_received): "
        "only a winner that received none takes one from the unused pool."
    ),
    permits=lambda s, _o: f"{display(s.faction)} received no token from its opponent in the battle.",
    needs=("token_received",),
)
def token_none_received(s: TechTokenFacts) -> bool:
    """A winner paid with its opponent's token takes none from the pool."""
    return not s.token_received


@token_none_received.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.token_received)


@rule(
    "dreamrules.tech-token.fewer-than-three",
    on="take-tech-token",
    cites="dreamrules:654",
    title="Fewer than three standard tokens are in play",
    forbids=lambda s, _o: (
        f"{s.in_play} standard tech tokens are in play ({s.held_words}): a token comes into play only while fewer "
        f"than {TOKENS_CAP} are."
    ),
    permits=lambda s, _o: f"{s.in_play} standard tech token(s) in play, fewer than {TOKENS_CAP}.",
)
def token_fewer_than_three(s: TechTokenFacts) -> bool:
    """While three standard tokens are in play, no more come in."""
    return s.in_play < TOKENS_CAP


@token_fewer_than_three.z3
def _(v: Any) -> z3.BoolRef:
    return v.in_play < TOKENS_CAP


gap(
    "dreamrules.tech-token.exceptional-result",
    on="take-tech-token",
    cites="dreamrules:656,1378",
    see_also="dreamrules:654",
    title="A token after an exceptional battle result (#1844)",
    reason="the precise treatment of exceptional battle results (a traitor call, Zoal's Infiltration) is council "
    "question #1844, 'New tech tokens after exceptional battles' (dreamrules:656, 1378); a battle whose result "
    "(last_battle.result) is not given may have been one",
    explain=lambda s: (
        f"the battle's result was {s.result} (last_battle.result): new tech tokens after exceptional battles are "
        "council question #1844 (dreamrules:656, 1378)"
        if s.exceptional
        else "the position does not give last_battle.result: an exceptional result (a traitor call, Zoal's "
        "Infiltration) is council question #1844 (dreamrules:656, 1378)"
    ),
    when=lambda s: s.exceptional is not False,
)
