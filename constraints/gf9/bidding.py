"""GF9: bidding (the Bidding phase's auctions of Treachery Cards).

A full hand must pass (four cards, Harkonnen eight), even holding Karama; no bid beyond the bidder's
spice and its ally's promised contribution, unless it holds Karama; the winning bid goes to the Emperor,
or to the Bank when no Emperor plays or the Emperor buys for itself; Harkonnen draws a free extra card
when it fits. The phase and the minimum bid of one spice are the overview's, which gf9 does not restate.
gf9 prints no Atreides prescience of the card up for auction (its faction text, gf9:341-355, gives
prescience in battle only), so none is encoded here.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.bidding import BidFacts
from checker.names import display, whose
from checker.rules import chapter, gap, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("bid", "gf9:55-65,147-149,157,171-175,389,425,467,469")

set_aside("gf9:55", "a heading")
set_aside(
    "gf9:57",
    "table conduct: secrecy of spice, hands and traitors, and voluntary sharing of information; a bid's "
    "legality does not depend on what was shown",
)
set_aside(
    "gf9:61",
    "table conduct: written records about Treachery Cards (Atreides alone); no bid depends on notes kept",
)
set_aside("gf9:63", "discards and reshuffling the decks: not a bid")
set_aside("gf9:65", "duplicate of line 63 (reshuffling discards, searching a discard pile): not a bid")
set_aside("gf9:171", "a heading")


def _cards(n: int | None) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _whose(faction: str) -> str:
    return f"{display(faction)}'" if faction.endswith("s") else f"{whose(faction)}"


def _karama_words(s: BidFacts) -> str:
    return ", even holding Karama" if s.holds_karama or s.karama else ""


# gf9:59  "During Bidding, everyone must disclose the number of Treachery Cards in their hand. ... The
#          normal hand limit is four; Harkonnen's is eight. You cannot bid with a full hand, including
#          when holding Karama."
# gf9:173 "... A full hand must pass even with Karama. ..."
# gf9:175 "A player can acquire several cards while space remains. ..."
# gf9:467 "A full hand cannot buy or take another card with Karama. ..."


@rule(
    "gf9.bidding.hand-full",
    on="bid",
    cites="gf9:59,173",
    see_also="gf9:175,467",
    title="A full hand (four cards) must pass, even with Karama",
    forbids=lambda s, _o: (
        f"{display(s.faction)} holds {_cards(s.hand)}, a full hand (the limit is four): it must pass{_karama_words(s)}."
    ),
    permits=lambda s, _o: (
        f"{display(s.faction)} holds {_cards(s.hand)}, fewer than the limit of four: it has room to bid."
    ),
    needs=("hand",),
    when=lambda s: not s.passes and not s.is_harkonnen,
    replaces="overview.bidding.hand-full",
)
def hand_full(s: BidFacts) -> bool:
    """A faction whose hand is full (four cards) cannot bid, even holding Karama; while space remains it may
    bid for several cards in one phase."""
    return (s.hand or 0) < 4


@hand_full.z3
def _(v: Any) -> z3.BoolRef:
    return v.hand < 4


# gf9:425 "Your hand limit is eight. ... You must pass when full."
# gf9:469 "... It cannot reduce Harkonnen's hand limit ..."


@rule(
    "gf9.bidding.harkonnen-hand-full",
    on="bid",
    cites="gf9:425",
    see_also="gf9:59,173,467,469",
    title="Harkonnen's full hand (eight cards) must pass",
    forbids=lambda s, _o: (
        f"Harkonnen holds {_cards(s.hand)}, a full hand (its limit is eight): it must pass{_karama_words(s)}."
    ),
    permits=lambda s, _o: f"Harkonnen holds {_cards(s.hand)}, fewer than its limit of eight: it has room to bid.",
    needs=("hand",),
    when=lambda s: not s.passes and s.is_harkonnen,
)
def harkonnen_hand_full(s: BidFacts) -> bool:
    """Harkonnen's hand limit is eight (a Karama cannot reduce it); with eight cards it must pass."""
    return (s.hand or 0) < 8


@harkonnen_hand_full.z3
def _(v: Any) -> z3.BoolRef:
    return v.hand < 8


# gf9:425 "... Whenever you buy a Treachery Card, draw another from the top of the deck for free if that
#          would not exceed eight. Buying with seven cards fills the hand and gives no extra card. ..."
# gf9:11  "... Carry out mandatory effects as written, such as the Harkonnen bonus card after a purchase
#          when there is room."


def _bonus_message(s: BidFacts, o: dict[str, Any]) -> str:
    hand = s.hand or 0
    if hand + 2 <= 8:
        return (
            f"If this bid wins, Harkonnen takes the card and draws a free one: 2 cards, {hand + 2} in hand "
            "(the limit is eight)."
        )
    return f"If this bid wins, Harkonnen takes the card, its eighth: no free card (buying with {hand} fills the hand)."


@rule(
    "gf9.bidding.harkonnen-bonus",
    on="bid",
    cites="gf9:425",
    see_also="gf9:11",
    title="Harkonnen draws a free card with each purchase when there is room",
    permits=_bonus_message,
    defines=("cards_gained",),
    needs=("hand",),
    when=lambda s: not s.passes and s.is_harkonnen,
    replaces="overview.bidding.harkonnen-sheet",
    one_sided="it says how many cards Harkonnen takes; it never forbids",
)
def harkonnen_bonus(s: BidFacts) -> dict[str, Any]:
    """Harkonnen, buying a card, draws another for free if that does not take its hand over eight: two cards
    with six or fewer in hand, one with seven."""
    return {"cards_gained": 2 if (s.hand or 0) + 2 <= 8 else 1}


@harkonnen_bonus.z3
def _(v: Any) -> z3.BoolRef:
    return v.gained == z3.If(v.hand + 2 <= 8, 2, 1)


# gf9:173 "You may not bid more spice than you can pay using your holdings and your ally's promised
#          contribution, except while holding Karama. ..."
# gf9:147 "... Promise that help before the ally bids beyond its own holdings. ..."
# gf9:157 "Agree to help before your ally bids beyond its own spice. ..."


def _means(s: BidFacts) -> str:
    pile = f"; its {s.pile} spice of bribes in front of its shield is not yet spendable" if s.pile else ""
    if s.ally_support:
        return f"{s.means} ({s.spice} spice and {s.ally_support} promised by its ally{pile})"
    return f"{s.spice} spice" + (f" ({pile[2:]})" if pile else "")


def _affordable_message(s: BidFacts, _o: dict[str, Any]) -> str:
    if s.amount <= s.means:
        return f"{display(s.faction)} bids {s.amount} spice and can pay {_means(s)}."
    held = "a Worthless Card it may play as Karama" if s.via_worthless else "Karama"
    return f"{display(s.faction)} bids {s.amount} spice, beyond the {_means(s)} it can pay, holding {held}."


@rule(
    "gf9.bidding.affordable",
    on="bid",
    cites="gf9:173,165",
    see_also="gf9:147,157",
    cite_when={"gf9:165": lambda s: s.pile > 0 and s.spice is not None and s.amount <= s.spice + s.pile},
    title="No bid beyond what the bidder can pay, except holding Karama",
    forbids=lambda s, _o: (
        f"{display(s.faction)} bids {s.amount} spice but can pay {_means(s)}, and holds no Karama to bid beyond it."
    ),
    permits=_affordable_message,
    needs=("spice",),
    when=lambda s: not s.passes,
    replaces="overview.bidding.beyond-means",
)
def affordable(s: BidFacts) -> bool:
    """A bid may not exceed the bidder's spice plus its ally's promised contribution, unless it holds Karama
    (``karama: true``, or a Karama in the listed hand; whether it does is gf9.bidding.karama-held)."""
    return s.amount <= s.means or s.with_karama


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.amount <= v.spice + v.ally_support, v.with_karama)


def _hand_words(s: BidFacts) -> str:
    if s.hand_listed:
        return ", ".join(s.hand_cards) if s.hand_cards else "no card"
    return _cards(s.hand)


def _karama_held_message(s: BidFacts, _o: dict[str, Any]) -> str:
    if s.via_worthless:
        return "Advanced Bene Gesserit plays a Worthless Card as its Karama."
    return f"{display(s.faction)} holds Karama ({_hand_words(s)})."


@rule(
    "gf9.bidding.karama-held",
    on="bid",
    cites="gf9:173",
    see_also="gf9:373,459",
    title="A bid made with Karama needs a Karama in hand",
    forbids=lambda s, _o: (
        f"{display(s.faction)} bids with Karama, but its hand ({_hand_words(s)}) holds no Karama"
        + (" nor Worthless Card." if s.is_bene_gesserit_advanced else ".")
    ),
    permits=_karama_held_message,
    needs=("holds_karama",),
    # Checked where the hand is listed (or empty), and wherever the Karama is what allows the bid.
    when=lambda s: not s.passes and s.karama and (s.hand_listed or s.hand == 0 or s.beyond_means),
)
def karama_held(s: BidFacts) -> bool:
    """Bidding beyond one's means is allowed only while holding Karama: a bid made with Karama needs one in the
    hand (Advanced Bene Gesserit may use any Worthless Card as a Karama, gf9:373)."""
    return bool(s.holds_karama)


@karama_held.z3
def _(v: Any) -> z3.BoolRef:
    return v.holds_karama


# gf9:147 "You may pay part or all of an ally's Treachery purchase or shipment, up to the actual cost. ..."


def _helped(s: BidFacts) -> bool:
    return s.ally_support > 0 and not s.passes


@rule(
    "gf9.bidding.ally-support",
    on="bid",
    cites="gf9:147",
    title="Only an ally may pay toward a Treachery purchase",
    forbids="{Faction} has no ally: no one may promise {ally_support} spice toward its purchase.",
    permits="{Ally}, {Faction_s} ally, promises {ally_support} spice toward the purchase.",
    when=_helped,
    replaces="overview.bidding.ally-support",
)
def ally_support(s: BidFacts) -> bool:
    """Help with a Treachery purchase comes only from the bidder's ally."""
    return s.has_ally


@ally_support.z3
def _(v: Any) -> z3.BoolRef:
    return v.has_ally


@rule(
    "gf9.bidding.ally-support-cost",
    on="bid",
    cites="gf9:147",
    see_also="gf9:157",
    title="An ally pays toward a purchase no more than its actual cost",
    forbids=lambda s, _o: (
        f"{s.ally_support} spice toward {_whose(s.faction)} purchase is more than its cost, the {s.amount} bid."
    ),
    permits=lambda s, _o: (
        f"{s.ally_support} spice toward {_whose(s.faction)} purchase is within its cost, the {s.amount} bid."
    ),
    when=_helped,
)
def ally_support_cost(s: BidFacts) -> bool:
    """An ally may pay part or all of a Treachery purchase, up to the actual cost (the bid): never more."""
    return s.ally_support <= s.amount


@ally_support_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_support <= v.amount


@rule(
    "gf9.bidding.ally-support-spice",
    on="bid",
    cites="gf9:147",
    title="An ally pays toward a purchase from its own spice",
    forbids="{Ally} has {ally_spice} spice: it cannot promise {ally_support} toward {Faction_s} purchase.",
    permits="{Ally} has {ally_spice} spice, enough for the {ally_support} it promises.",
    needs=("ally_spice",),
    when=lambda s: _helped(s) and s.has_ally,
    replaces="overview.bidding.ally-support-spice",
)
def ally_support_spice(s: BidFacts) -> bool:
    """The ally pays the recipient of the purchase directly, from its own spice: no more than it has."""
    return s.ally_support <= (s.ally_spice or 0)


@ally_support_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_support <= v.ally_spice


# gf9:149 "For a normal Treachery purchase, pay the Emperor, or the Bank if no Emperor is playing. When the
#          Emperor itself helps its ally buy a card, the Emperor's contribution goes to the ally and is paid
#          back to the Emperor under the official clarification."
# gf9:389 "Other factions pay their normal Treachery auction purchases to you. They must pay the full winning
#          bid; you cannot discount it. Pay the Bank for your own normal purchases."


def _karama_backed(s: BidFacts) -> bool:
    """The bid is made with Karama: the move says so, or it goes beyond what the bidder can pay, a Karama held."""
    return not s.passes and (s.karama or (s.beyond_means and s.with_karama))


def _payee_message(s: BidFacts, _o: dict[str, Any]) -> str:
    who = display(s.faction)
    if s.is_emperor:
        return f"If this bid wins, the Emperor pays the Bank for its own purchase ({s.amount} spice)."
    if not s.emperor_in_game:
        return f"If this bid wins, {who} pays the Bank {s.amount} spice: no Emperor is playing."
    if s.emperor_ally and s.ally_support:
        return (
            f"If this bid wins, {who} pays the Emperor the full {s.amount} spice; the Emperor's own "
            f"{s.ally_support} goes to {who} and is paid back to the Emperor."
        )
    return f"If this bid wins, {who} pays the Emperor the full {s.amount} spice."


@rule(
    "gf9.bidding.payee",
    on="bid",
    cites="gf9:149,389",
    see_also="gf9:147",
    title="With the Emperor playing, the winning bid is paid to the Emperor (its own to the Bank)",
    permits=_payee_message,
    defines=("paid_to",),
    needs=("emperor_in_game",),
    when=lambda s: not s.passes and s.emperor_in_game is not False and not _karama_backed(s),
    # the Emperor's advantage the overview leaves to its Player Sheet (overview:105): gf9 prints it
    replaces="overview.bidding.emperor-sheet",
    one_sided="it names who is paid; it never forbids",
)
def payee(s: BidFacts) -> dict[str, Any]:
    """Other factions pay the full winning bid to the Emperor when it plays; the Emperor pays the Bank.
    When the Emperor helps its ally buy, its contribution comes back to it."""
    return {"paid_to": "emperor" if s.emperor_in_game and not s.is_emperor else "bank"}


@payee.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == z3.If(z3.And(v.emperor_in_game, z3.Not(v.is_emperor)), 2, 1)


@rule(
    "gf9.bidding.payee-bank",
    on="bid",
    cites="gf9:149",
    title="Without the Emperor, the winning bid is paid to the Bank",
    permits=_payee_message,
    defines=("paid_to",),
    when=lambda s: not s.passes and s.emperor_in_game is False and not _karama_backed(s),
    replaces="overview.bidding.payee",
    one_sided="it names who is paid; it never forbids",
)
def payee_bank(s: BidFacts) -> dict[str, Any]:
    """With no Emperor in the game, every purchase is paid to the Bank."""
    return {"paid_to": "bank"}


@payee_bank.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == 1


# gf9:467 "A full hand cannot buy or take another card with Karama. ..."

gap(
    "gf9.bidding.karama-price",
    on="bid",
    cites="gf9:173,467",
    see_also="gf9:149,389",
    title="What a purchase made with Karama pays, and to whom",
    reason="the bid is made with Karama: gf9:173 lets a bidder holding Karama bid beyond what it can pay, and gf9:467 "
    "speaks of buying or taking a card with Karama, but neither says what such a purchase pays, nor to whom "
    "(gf9:149 and 389 say who is paid for a normal purchase)",
    when=_karama_backed,
    leaves_open=("cost", "paid_to"),
)
