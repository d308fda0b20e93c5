"""The Ixians' Technology (dreamrules:352, 1218): one kind.

``move: {action: technology, faction, card}``: once per Bidding phase, before the first bid on the card up for
bid, the Ixians replace that card with one from their hand (``card``). A bid already made on the card is read from
``current_auction`` (a high bid or a high bidder); Karama stops Technology for the phase (``factions.ixians.
suppressed: [Technology]``, dreamrules:966). No published key says whether Technology was already used this
phase: Mentat reads its own extension key ``factions.ixians.technology_used: true | false``, and without it a
move no rule forbids answers ``unresolved``, naming that key.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.arrakis.position import Position, TechnologyMove
from checker.facts import Facts, Kind, fact, kind, label
from checker.names import display


@dataclass
class TechnologyFacts(Facts):
    """The facts of a technology used."""

    card: str = label(doc="the card from the hand put up for bid")
    hand_words: str = label(doc="the hand as the position gives it")
    bid_words: str = label(doc="the bid already made on the card up for bid")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    is_ixians: bool = fact(False, doc="the Ixians use Technology")
    bid_made: bool = fact(False, key="current_auction", doc="a bid was already made on the card up for bid")
    card_in_hand: bool | None = fact(
        None, key="factions.FACTION.hand", doc="the card is in the faction's hand (None: the hand is not listed)"
    )
    used: bool | None = fact(
        None,
        key="factions.FACTION.technology_used",
        doc="Technology was already used this Bidding phase (None: the position does not say)",
    )
    suppressed: bool = fact(False, key="factions.FACTION.suppressed", doc="Karama stopped Technology this phase")

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")

    def missing_detail(self, key: str) -> str:
        if key.endswith("technology_used"):
            return "whether Technology was already used this Bidding phase: Mentat's extension key, true or false"
        if key.endswith(".hand"):
            return f"the hand is {self.hand_words}: whether it holds {self.card} is not known"
        return ""


def _hand(pos: Position, me: str, card: str) -> tuple[bool | None, str]:
    state = pos.factions.get(me)
    hand = state.hand if state else None
    if isinstance(hand, list):
        return card in hand, ", ".join(hand) if hand else "empty"
    if hand == 0:
        return False, "empty"
    return None, "not listed by name" if hand is not None else "not given"


def _bid(pos: Position) -> tuple[bool, str]:
    auction = pos.current_auction
    if auction is None:
        return False, ""
    bid = auction.high_bid or 0
    if bid <= 0 and auction.high_bidder is None:
        return False, ""
    who = auction.high_bidder
    words = f"{bid} spice" if bid > 0 else "a bid"
    return True, words + (f" by {display(who)}" if who else "")


@kind
class Technology(Kind):
    name = "technology"
    title = "The Ixians' Technology"

    def facts(self, pos: Position) -> TechnologyFacts:
        m = pos.move
        assert isinstance(m, TechnologyMove)
        me = m.faction
        in_hand, hand_words = _hand(pos, me, m.card)
        made, bid_words = _bid(pos)
        state = pos.factions.get(me)
        f = TechnologyFacts(
            faction=me,
            advanced=pos.advanced,
            card=m.card,
            hand_words=hand_words,
            bid_words=bid_words,
            phase_index=pos.phase_index,
            is_ixians=me == "ixians",
            bid_made=made,
            card_in_hand=in_hand,
            used=state.technology_used if state is not None else None,
            suppressed=pos.stopped(me, "technology"),
        )
        if pos.current_auction is None:
            f.notes.append("the position gives no current_auction: no bid is taken to be made on the card up for bid")
        return f
