"""Dreamrules: Bidding, as it changes GF9's auction.

Kept from GF9 (its rules stay in force): the hand limits (four, Harkonnen eight) and a full hand passing,
an ally's promised help, the phase and the minimum bid of one spice. Changed: no bid beyond what the bidder
can pay, Karama or not (Dreamrules' Karama takes the card without paying instead, dreamrules:790); the
Emperor's Shaddam's Favor covers part of another faction's payment; Karama can stop the Emperor's Bidding
Payments, Shaddam's Favor and Harkonnen's extra cards for the phase; a bid raises the current one.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.bidding import BidFacts
from checker.names import display
from checker.rules import chapter, gap, restates, rule, set_aside

chapter("bid", "dreamrules:310-366,828-830,844-850,1064,1082-1084")

set_aside("dreamrules:312", "advice on budgeting spice between phases: no bid's legality depends on it")
# dreamrules:316 "At the start of Bidding, announce how many Treachery Cards you hold. The normal hand limit is four;
#                 Harkonnen may hold eight. A faction with a full hand cannot bid."
# GF9's rules unchanged (gf9:59, 173, 425): their findings under dreamrules quote this line too.
restates("dreamrules:316", "gf9.bidding.hand-full", "gf9.bidding.harkonnen-hand-full")
# dreamrules:322 "The first eligible player in storm order opens the first auction with a bid of at least one spice or
#                 a pass. ... When everyone else passes, the highest bidder pays and takes the card."
# The overview's rules GF9 keeps (overview:49); raising the current bid is dreamrules.bidding.raise's.
restates("dreamrules:322", "overview.bidding.minimum", "overview.bidding.takes-card")
# dreamrules:618 "Allies cannot make binding deals with each other. They may pay for each other's bids and shipments
#                 as the alliance rules permit. ..."
# An ally's help with a purchase is GF9's rule unchanged (gf9:147).
restates("dreamrules:618", "gf9.bidding.ally-support")
set_aside(
    "dreamrules:318",
    "dealing the batch and the card windows before the first auction (Orange Catholic Bible): not a bid",
)
set_aside(
    "dreamrules:324",
    "which player opens the next auction and public hand sizes: a bid is judged on the hand the position gives",
)
set_aside(
    "dreamrules:334",
    "ending the phase and returning unsold cards: not a bid (the Emperor collecting its Favor at the end of "
    "Bidding is dreamrules:358's, encoded by dreamrules.bidding.favor-*)",
)
set_aside("dreamrules:338", "an introduction to the next lines (information before a bid)")
set_aside(
    "dreamrules:342",
    "Atreides' prescience of the card up for bid: who sees a card changes no bid's legality (trading that "
    "information, dreamrules:344, is the bribe kind's: dreamrules.deals.tleilaxu-information)",
)
set_aside(
    "dreamrules:348",
    "Ixian knowledge: inspecting and splitting the batch, information that changes no bid's legality",
)
set_aside(
    "dreamrules:352,354",
    "the Ixians' Technology exchange before the first bid on a card: its own move (technology), not a bid",
)
set_aside("dreamrules:362,364,366", "the order of the phase's decisions and who sees a card: no bid depends on it")
# dreamrules:1064 (Harkonnen) "You may hold eight Treachery Cards. During setup, and whenever you buy a card, take an
#                  extra card from the top of the deck for free."
# The hand of eight is GF9's rule unchanged (gf9:425); the extra card is dreamrules:330's, encoded below.
restates("dreamrules:1064", "gf9.bidding.harkonnen-hand-full")


def _means_words(s: BidFacts) -> str:
    parts = [f"{s.spice} spice"]
    if s.ally_support:
        parts.append(f"{s.ally_support} promised by its ally")
    if s.shaddams_favor:
        parts.append(f"{s.shaddams_favor} of Shaddam's Favor")
    return f"{s.dr_means} ({', '.join(parts)})" if len(parts) > 1 else parts[0]


# dreamrules:328 "You cannot bid more than you can pay. An ally may agree to cover a shortfall. The Emperor
#                 may cover it with Shaddam's Favor. A promise of support must exist before an otherwise
#                 unaffordable bid."
# dreamrules:790 "During Bidding, when it is your bid and you have room in hand, take the card up for auction
#                 without paying spice. ..." (Karama takes a card; it does not let a bid exceed one's means)


@rule(
    "dreamrules.bidding.affordable",
    on="bid",
    cites="dreamrules:328",
    see_also="dreamrules:790,1084",
    title="No bid beyond what the bidder can pay (its spice, its ally's promise, Shaddam's Favor)",
    forbids=lambda s, _o: (
        f"{display(s.faction)} bids {s.amount} spice but can pay {_means_words(s)}: you cannot bid more than "
        "you can pay" + (" (Karama takes a card without paying; it does not raise a bid)." if s.karama else ".")
    ),
    permits=lambda s, _o: f"{display(s.faction)} bids {s.amount} spice and can pay {_means_words(s)}.",
    needs=("spice",),
    when=lambda s: not s.passes,
    replaces="gf9.bidding.affordable",
    differs="a bid beyond the bidder's spice and its ally's promise while holding Karama: gf9:173 allows it; "
    "dreamrules:328 forbids any bid beyond what the bidder can pay (its Karama takes a card unpaid, dreamrules:790)",
)
def affordable(s: BidFacts) -> bool:
    """A bid may not exceed the bidder's spice, its ally's promised help and the Emperor's Shaddam's Favor; a
    Karama does not let it bid more (Dreamrules' Karama takes the card without paying instead)."""
    return s.amount <= s.dr_means


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return v.amount <= v.spice + v.ally_support + v.shaddams_favor


# dreamrules:358 "When another faction buys a card, the Emperor may put spice in front of its shield to reduce
#                 that faction's payment by the same amount. The Emperor collects this set-aside spice at the
#                 end of Bidding."
# dreamrules:1084 "With Shaddam's Favor, place spice in front of your Player Shield to reduce another faction's
#                 bidding payment by that amount. ..."


def _favored(s: BidFacts) -> bool:
    return not s.passes and s.shaddams_favor > 0


@rule(
    "dreamrules.bidding.favor-another",
    on="bid",
    cites="dreamrules:358",
    see_also="dreamrules:1084",
    title="Shaddam's Favor helps another faction's purchase, not the Emperor's own",
    forbids="The Emperor cannot apply Shaddam's Favor ({shaddams_favor} spice) to its own bid: it reduces "
    "another faction's payment.",
    permits="Shaddam's Favor ({shaddams_favor} spice) helps {Faction}, a faction other than the Emperor.",
    when=_favored,
)
def favor_another(s: BidFacts) -> bool:
    """Shaddam's Favor reduces the payment of another faction buying a card: never the Emperor's own."""
    return not s.is_emperor


@favor_another.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.is_emperor)


@rule(
    "dreamrules.bidding.favor-emperor-plays",
    on="bid",
    cites="dreamrules:358",
    title="Shaddam's Favor needs the Emperor in the game",
    forbids="No Emperor plays: no one can cover {shaddams_favor} spice of {Faction_s} bid with Shaddam's Favor.",
    permits="The Emperor plays and may cover {shaddams_favor} spice of {Faction_s} payment.",
    needs=("emperor_in_game",),
    when=_favored,
)
def favor_emperor_plays(s: BidFacts) -> bool:
    """Shaddam's Favor is the Emperor's: without the Emperor in the game there is none."""
    return bool(s.emperor_in_game)


@favor_emperor_plays.z3
def _(v: Any) -> z3.BoolRef:
    return v.emperor_in_game


@rule(
    "dreamrules.bidding.favor-spice",
    on="bid",
    cites="dreamrules:358",
    see_also="dreamrules:1084",
    title="The Emperor sets aside Shaddam's Favor from its own spice",
    forbids="The Emperor has {emperor_spice} spice: it cannot put {shaddams_favor} in front of its shield.",
    permits="The Emperor has {emperor_spice} spice for the {shaddams_favor} it puts in front of its shield.",
    needs=("emperor_spice",),
    when=lambda s: _favored(s) and not s.is_emperor and s.emperor_in_game is True,
)
def favor_spice(s: BidFacts) -> bool:
    """The Emperor puts its own spice in front of its shield: no more than it has."""
    return s.shaddams_favor <= (s.emperor_spice or 0)


@favor_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.shaddams_favor <= v.emperor_spice


@rule(
    "dreamrules.bidding.favor-cost",
    on="bid",
    cites="dreamrules:358",
    title="Shaddam's Favor reduces a payment by no more than the payment",
    forbids="Shaddam's Favor of {shaddams_favor} spice is more than {Faction_s} bid of {amount}: it reduces the "
    "payment by the same amount, and there is no more to reduce.",
    permits="Shaddam's Favor reduces {Faction_s} payment of {amount} by {shaddams_favor}.",
    when=_favored,
)
def favor_cost(s: BidFacts) -> bool:
    """The Favor reduces the buyer's payment by the spice set aside: no more than the bid itself."""
    return s.shaddams_favor <= s.amount


@favor_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.shaddams_favor <= v.amount


# dreamrules:848 "Shaddam's Favor"
# dreamrules:850 "Bidding, including after the final sale but before the phase ends. Discard the spice set aside
#                 for subsidy this phase."


@rule(
    "dreamrules.bidding.favor-suppressed",
    on="bid",
    cites="dreamrules:848,850",
    see_also="dreamrules:778",
    title="Karama stopped Shaddam's Favor this phase",
    forbids="Karama stopped the Emperor's Shaddam's Favor this phase: it cannot cover {shaddams_favor} spice "
    "of {Faction_s} bid.",
    permits="Shaddam's Favor is not stopped by Karama this phase.",
    when=_favored,
)
def favor_suppressed(s: BidFacts) -> bool:
    """Once Karama stops Shaddam's Favor, it is suppressed for the rest of the phase (``factions.emperor.
    suppressed``)."""
    return not s.favor_suppressed


@favor_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.favor_suppressed)


# dreamrules:330  "Pay the Emperor when its Bidding Payments advantage applies; otherwise pay the bank. The
#                  Emperor pays the bank for its own purchases. ..."
# dreamrules:1082 "When another faction buys a Treachery Card during Bidding, they pay the spice to you."


def _payee_message(s: BidFacts, _o: dict[str, Any]) -> str:
    who = display(s.faction)
    if s.is_emperor:
        return f"If this bid wins, the Emperor pays the Bank for its own purchase ({s.amount} spice)."
    if s.shaddams_favor:
        return (
            f"If this bid wins, {who} pays the Emperor {s.amount - s.shaddams_favor} spice: Shaddam's Favor "
            f"covers {s.shaddams_favor} of the {s.amount}, collected by the Emperor at the end of Bidding."
        )
    return f"If this bid wins, {who} pays the Emperor {s.amount} spice (its Bidding Payments)."


@rule(
    "dreamrules.bidding.payee",
    on="bid",
    cites="dreamrules:330,1082",
    title="The winning bid is paid to the Emperor; the Emperor's own to the Bank",
    permits=_payee_message,
    defines=("paid_to",),
    needs=("emperor_in_game",),
    when=lambda s: not s.passes and s.emperor_in_game is not False and not s.payments_suppressed,
    replaces="gf9.bidding.payee",
    one_sided="it names who is paid; it never forbids",
)
def payee(s: BidFacts) -> dict[str, Any]:
    """Other factions pay their purchases to the Emperor (its Bidding Payments); the Emperor pays the Bank."""
    return {"paid_to": "bank" if s.is_emperor else "emperor"}


@payee.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == z3.If(v.is_emperor, 1, 2)


# dreamrules:844 "Bidding Payments"
# dreamrules:846 "Before the first bid on a card. Payments for that card and later cards go to the bank for the
#                 phase, including spice used for subsidy."


@rule(
    "dreamrules.bidding.payments-suppressed",
    on="bid",
    cites="dreamrules:844,846",
    see_also="dreamrules:778",
    title="Karama stopped the Emperor's Bidding Payments: the Bank is paid",
    permits="If this bid wins, {Faction} pays the Bank: Karama stopped the Emperor's Bidding Payments this phase.",
    defines=("paid_to",),
    when=lambda s: not s.passes and s.emperor_in_game is not False and s.payments_suppressed,
    one_sided="it names who is paid; it never forbids",
)
def payments_suppressed(s: BidFacts) -> dict[str, Any]:
    """With the Emperor's Bidding Payments stopped by Karama, purchases are paid to the Bank for the phase."""
    return {"paid_to": "bank"}


@payments_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == 1


# dreamrules:330  "... Harkonnen receives its extra card after a purchase, subject to its hand limit."
# dreamrules:1064 "You may hold eight Treachery Cards. During setup, and whenever you buy a card, take an extra
#                  card from the top of the deck for free."


def _bonus_message(s: BidFacts, _o: dict[str, Any]) -> str:
    hand = s.hand or 0
    if hand + 2 <= 8:
        return f"If this bid wins, Harkonnen takes the card and an extra one: 2 cards, {hand + 2} in hand (limit 8)."
    return "If this bid wins, Harkonnen takes the card, its eighth: no extra card (its hand limit is eight)."


@rule(
    "dreamrules.bidding.harkonnen-extra",
    on="bid",
    cites="dreamrules:330",
    see_also="dreamrules:316,1064",
    title="Harkonnen receives an extra card after a purchase, within its hand limit",
    permits=_bonus_message,
    defines=("cards_gained",),
    needs=("hand",),
    when=lambda s: not s.passes and s.is_harkonnen and not s.extra_cards_suppressed,
    replaces="gf9.bidding.harkonnen-bonus",
    one_sided="it says how many cards Harkonnen takes; it never forbids",
)
def harkonnen_extra(s: BidFacts) -> dict[str, Any]:
    """Harkonnen, buying a card, takes an extra one if its hand limit of eight allows."""
    return {"cards_gained": 2 if (s.hand or 0) + 2 <= 8 else 1}


@harkonnen_extra.z3
def _(v: Any) -> z3.BoolRef:
    return v.gained == z3.If(v.hand + 2 <= 8, 2, 1)


# dreamrules:828 "Extra Treachery Cards"
# dreamrules:830 "Bidding, including after winning an auction but before drawing. Harkonnen receives no bonus
#                 cards from later purchases this phase."


@rule(
    "dreamrules.bidding.extra-cards-suppressed",
    on="bid",
    cites="dreamrules:828,830",
    see_also="dreamrules:778",
    title="Karama stopped Harkonnen's Extra Treachery Cards: one card a purchase",
    permits="If this bid wins, Harkonnen takes the card alone: Karama stopped its Extra Treachery Cards this phase.",
    defines=("cards_gained",),
    when=lambda s: not s.passes and s.is_harkonnen and s.extra_cards_suppressed,
    one_sided="it says how many cards Harkonnen takes; it never forbids",
)
def extra_cards_suppressed(s: BidFacts) -> dict[str, Any]:
    """With its Extra Treachery Cards stopped by Karama, Harkonnen takes no bonus card this phase."""
    return {"cards_gained": 1}


@extra_cards_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.gained == 1


# dreamrules:322 "The first eligible player in storm order opens the first auction with a bid of at least one
#                 spice or a pass. Continue around the table; each bidder raises the current bid or passes. ..."


@rule(
    "dreamrules.bidding.raise",
    on="bid",
    cites="dreamrules:322",
    title="Each bid raises the current bid",
    forbids=lambda s, _o: (
        f"{display(s.faction)} bids {s.amount} spice: the current bid is {s.high_bid}"
        + (f" ({display(s.high_bidder)})" if s.high_bidder else "")
        + ", and each bidder raises it or passes."
    ),
    permits=lambda s, _o: f"{display(s.faction)} bids {s.amount} spice, raising the current bid of {s.high_bid}.",
    when=lambda s: not s.passes and s.has_auction,
)
def raises(s: BidFacts) -> bool:
    """Once an auction is open (``current_auction.high_bid``), a bid must be higher than the current one."""
    return s.amount > s.high_bid


@raises.z3
def _(v: Any) -> z3.BoolRef:
    return v.amount > v.high_bid


# dreamrules:360  "The Emperor can agree to cover a shortfall before a bid. This support is a faction ability and
#                  does not require a binding deal with Bene Tleilax."
# dreamrules:1174 "Dishonorable prevents you from ... making binding deals, except buying information about cards
#                  up for bid. ..."


@rule(
    "dreamrules.bidding.favor-tleilaxu",
    on="bid",
    cites="dreamrules:360",
    see_also="dreamrules:1084,1174",
    title="The Emperor may cover Bene Tleilax's shortfall: a faction ability, not a binding deal",
    permits="The Emperor covers {shaddams_favor} spice of Bene Tleilax's bid: agreed before the bid, this support is "
    "the Emperor's faction ability and needs no binding deal with Bene Tleilax.",
    when=lambda s: not s.passes and s.faction == "bene-tleilax" and s.shaddams_favor > 0,
    one_sided="it lets Bene Tleilax take the Emperor's cover despite Dishonorable; whether the cover is enough, "
    "and the Emperor's to give, is dreamrules.bidding.affordable and dreamrules.bidding.favor-*",
)
def favor_tleilaxu(s: BidFacts) -> bool:
    """Bene Tleilax, who may make no binding deals (Dishonorable), may still bid beyond its spice on the Emperor's
    agreed cover (``move.shaddams_favor``): the support is the Emperor's faction ability, not a deal."""
    return True


@favor_tleilaxu.z3
def _(v: Any) -> z3.BoolRef:
    return v.shaddams_favor > 0


gap(
    "dreamrules.bidding.tleilaxu-ally-promise",
    on="bid",
    cites="dreamrules:360",
    see_also="dreamrules:1174",
    title="An ally's promise of spice toward Bene Tleilax's purchase (or Bene Tleilax's toward its ally's)",
    reason="an ally's promised support involves Bene Tleilax: dreamrules:360 says the Emperor's Favor is a "
    "faction ability needing no binding deal with Bene Tleilax, implying an ally's promise may be one, and "
    "Dishonorable (dreamrules:1174) forbids Bene Tleilax binding deals; no line says whether such a promise may "
    "be made",
    when=lambda s: not s.passes and s.tleilaxu_promise,
)
