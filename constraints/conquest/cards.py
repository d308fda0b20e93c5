"""Conquest, Cards: hand limits and market cards (conquest:25, with the Imperium's power of conquest:53)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.conquest import CARDS_STEP, ConquestBuyFacts, ConquestPositionFacts
from checker.facts import all_of
from checker.names import display, plural
from checker.rules import chapter, rule

chapter("conquest-buy", "conquest:25,53")

# conquest:25 "You can hold up to four battle cards and three market cards. Battle cards provide weapons,
#             defenses and worthless cards; market cards add tricks played in the phase shown on each card.
#             Each market card costs 2 spice, paid to the bank or the Imperium player. For a first game, you
#             can start with only one market card per player."
# conquest:53 "... The Imperium collects spice paid by others for market cards ..."

MARKET_PRICE = 2
BATTLE_LIMIT = 4
MARKET_LIMIT = 3


@rule(
    "conquest.cards.market-cost",
    on="conquest-buy",
    cites="conquest:25",
    title="A market card costs 2 spice",
    permits="A market card costs {cost} spice.",
    defines=("cost",),
    one_sided="it fixes the price; paying it is conquest.cards.affordable",
)
def market_cost(s: ConquestBuyFacts) -> dict[str, int]:
    """Each market card costs two spice."""
    return {"cost": MARKET_PRICE}


@market_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost == MARKET_PRICE


@rule(
    "conquest.cards.affordable",
    on="conquest-buy",
    cites="conquest:25",
    title="The buyer must pay 2 spice",
    forbids="{Faction} cannot pay 2 spice for a market card: it has {spice}.",
    permits="{Faction} can pay the 2 spice.",
    needs=("spice",),
)
def affordable(s: ConquestBuyFacts) -> bool:
    """A buyer needs the two spice a market card costs."""
    return (s.spice or 0) >= MARKET_PRICE


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return v.spice >= MARKET_PRICE


@rule(
    "conquest.cards.market-room",
    on="conquest-buy",
    cites="conquest:25",
    title="No more than three market cards",
    forbids="{Faction} already holds {market_cards} market cards: a player holds up to three.",
    permits=lambda s, _o: (
        f"{display(s.faction)} holds {plural(s.market_cards or 0, 'market card')}: room for one more."
    ),
    needs=("market_cards",),
)
def market_room(s: ConquestBuyFacts) -> bool:
    """A player holds up to three market cards, so it buys one only while it holds fewer than three."""
    return (s.market_cards or 0) + 1 <= MARKET_LIMIT


@market_room.z3
def _(v: Any) -> z3.BoolRef:
    return v.market_cards + 1 <= MARKET_LIMIT


@rule(
    "conquest.cards.paid-to",
    on="conquest-buy",
    cites="conquest:25,53",
    title="Market cards are paid to the Imperium player, else the bank",
    permits=lambda s, o: (
        f"{display(s.faction)} pays the {o.get('cost', MARKET_PRICE)} spice to "
        + ("the Imperium player." if s.imperium_in_game else "the bank: the Imperium is not in the game.")
    ),
    needs=("imperium_in_game",),
    when=lambda s: not s.is_imperium and not _imperium_player_buys(s),
    defines=("paid_to",),
    one_sided="it fixes who is paid; it forbids nothing",
)
def paid_to(s: ConquestBuyFacts) -> dict[str, str]:
    """The spice goes to the bank or the Imperium player: the Imperium collects what others pay; without the
    Imperium in the game, the bank is paid."""
    return {"paid_to": "imperium" if s.imperium_in_game else "bank"}


@paid_to.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == z3.If(v.imperium_in_game, 1, 0)


@rule(
    "conquest.cards.imperium-buys",
    on="conquest-buy",
    cites="conquest:25,53",
    title="Who is paid when the Imperium buys a market card",
    status="unresolved",
    reason="conquest:25 sends the price to the bank or the Imperium player and conquest:53 has the Imperium "
    "collect what others pay; neither says where the Imperium's own payment goes",
    when=lambda s: s.is_imperium,
    leaves_open=("paid_to",),  # the purchase is decided by the other rules; only the payee is open
    one_sided="an open question: the text does not say",
)
def imperium_buys(s: ConquestBuyFacts) -> bool:
    """The text does not say who receives the Imperium's own payment for a market card."""
    return True


@imperium_buys.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


def _imperium_player_buys(s: ConquestBuyFacts) -> bool:
    """Allies mode (conquest:57): the Harkonnen buys, and its player is the Imperium player."""
    return s.allies_mode and s.partner == "imperium"


@rule(
    "conquest.cards.allies-imperium-player",
    on="conquest-buy",
    cites="conquest:25,53,57",
    title="Allies mode: the Imperium player's Harkonnen buys a market card",
    status="unresolved",
    reason="conquest:25 sends the price to the bank or the Imperium player and conquest:53 has the Imperium collect "
    "what others pay; in Allies mode (conquest:57) the Harkonnen is run by the Imperium player, and whether it "
    "pays that player (itself) or the bank is not said",
    when=_imperium_player_buys,
    leaves_open=("paid_to",),  # the purchase is decided by the other rules; only the payee is open
    one_sided="an open question: the text does not say",
)
def allies_imperium_player(s: ConquestBuyFacts) -> bool:
    """In Allies mode the Harkonnen's player is the Imperium player: whom its payment goes to is not said."""
    return True


@allies_imperium_player.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


@rule(
    "conquest.cards.allies-market-room",
    on="conquest-buy",
    cites="conquest:25,57",
    title="Allies mode: three market cards a player or a faction",
    status="unresolved",
    reason="conquest:25 lets a player hold three market cards, and in Allies mode (conquest:57) a player runs two "
    "factions: whether the limit is the player's or each faction's is not said, and this buy keeps within one "
    "reading only",
    when=lambda s: (
        s.allies_mode
        and s.market_cards is not None
        and s.market_cards + 1 <= MARKET_LIMIT < s.market_cards + s.partner_market + 1
    ),
    one_sided="an open question: the text does not say",
)
def allies_market_room(s: ConquestBuyFacts) -> bool:
    """In Allies mode the market card limit may be the player's (both factions together) or each faction's."""
    return True


@allies_market_room.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


@rule(
    "conquest.cards.when-bought",
    on="conquest-buy",
    cites="conquest:25",
    title="When market cards are bought",
    status="unresolved",
    reason="conquest:25 prices market cards in the Cards step but does not say whether they may be bought "
    "in another step of the turn",
    when=lambda s: s.phase_index is not None and s.phase_index != CARDS_STEP,
    one_sided="an open question: the text does not say",
)
def when_bought(s: ConquestBuyFacts) -> bool:
    """The text describes market cards in the Cards step; it does not say whether they can be bought at
    another time."""
    return True


@when_bought.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- hand limits, as position validity ---------------------------------------------------------


def _over(field: str, limit: int, word: str) -> Any:
    def message(s: ConquestPositionFacts, _o: dict[str, Any]) -> str:
        held = getattr(s, field)
        over = [f"{display(f)} holds {n}" for f, n in zip(s.factions, held, strict=True) if n > limit]
        return "; ".join(over) + f": a player can hold up to {limit} {word}."

    return message


@rule(
    "conquest.cards.battle-hand-limit",
    on="conquest-position",
    cites="conquest:25",
    title="Up to four battle cards",
    forbids=_over("f_hand", BATTLE_LIMIT, "battle cards"),
    permits="Every player holds four battle cards or fewer.",
    counterpart="gf9.position.hand-limit",
    differs="conquest: every player holds up to four battle cards (and three market cards besides); gf9: four "
    "Treachery Cards, Harkonnen eight",
)
def battle_hand_limit(s: ConquestPositionFacts) -> bool:
    """A player holds at most four battle cards (``hand``), Harkonnen included."""
    return all(h <= BATTLE_LIMIT for h in s.f_hand)


@battle_hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(h <= BATTLE_LIMIT for h in v.f_hand)


@rule(
    "conquest.cards.market-hand-limit",
    on="conquest-position",
    cites="conquest:25",
    title="Up to three market cards",
    forbids=_over("f_market", MARKET_LIMIT, "market cards"),
    permits="Every player holds three market cards or fewer.",
)
def market_hand_limit(s: ConquestPositionFacts) -> bool:
    """A player holds at most three market cards (``market_cards``)."""
    return all(m <= MARKET_LIMIT for m in s.f_market)


@market_hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(m <= MARKET_LIMIT for m in v.f_market)


def _team_over(s: ConquestPositionFacts) -> bool:
    """Allies mode: a team holds more cards together than one player may, while each faction keeps within."""
    each = all(h <= BATTLE_LIMIT for h in s.f_hand) and all(m <= MARKET_LIMIT for m in s.f_market)
    return each and (any(h > BATTLE_LIMIT for h in s.team_hand) or any(m > MARKET_LIMIT for m in s.team_market))


@rule(
    "conquest.cards.allies-hand-limit",
    on="conquest-position",
    cites="conquest:25,57",
    title="Allies mode: hand limits for a player of two factions",
    status="unresolved",
    reason="conquest:25 lets a player hold four battle cards and three market cards, and in Allies mode "
    "(conquest:57) a player runs two factions: whether the limits are the player's or each faction's is not said, "
    "and a team here holds more together than one player may",
    when=_team_over,
    one_sided="an open question: the text does not say",
)
def allies_hand_limit(s: ConquestPositionFacts) -> bool:
    """In Allies mode the hand limits may be the player's (both factions together) or each faction's."""
    return True


@allies_hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)
