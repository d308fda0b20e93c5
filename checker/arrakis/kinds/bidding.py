"""Bidding: one bid in the Bidding phase's auction of a Treachery card.

The move gives the bidder, the ``amount`` (none: a pass), the spice its ally has promised toward the
purchase (``ally_support``) and whether it relies on a Karama card to bid beyond what it can pay
(``karama``). The verdict says whether the bid may be made.

The outcome is what happens **if this bid wins** the card: ``cost`` (the bid, whoever pays it),
``paid_to`` (who receives the winning bid: ``emperor``, or ``bank`` when no Emperor plays or the
Emperor buys for itself) and ``cards_gained``
(1, or 2 for Harkonnen when its free extra card fits within its hand limit). A pass has no outcome.
The solver's variables for them: ``payee`` (0 nobody, 1 the Bank, 2 the Emperor) and ``gained``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from checker.arrakis.position import PHASES, BidMove, Position, components
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import display

PAYEES = {0: None, 1: "bank", 2: "emperor"}
KARAMA = "Karama"


@cache
def worthless_cards() -> frozenset[str]:
    """The Worthless Cards of the Treachery deck (gf9-components.yaml)."""
    return frozenset(components()["treachery_deck"].get("worthless", []))


@dataclass
class BidFacts(Facts):
    """The facts of a bid for a treachery card."""

    ally: str = label(doc="the bidder's ally, if any")
    hand_cards: list[str] = label([], doc="the bidder's cards, where the hand is listed by name")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    passes: bool = fact(False, key="move.amount", doc="the move is a pass (no amount)")
    amount: int = fact(0, key="move.amount", doc="the bid in spice (0 for a pass)")
    spice: int | None = fact(key="factions.FACTION.spice")
    pile: int = label(0, doc="spice of bribes in front of its shield (spice_in_front, or bribe_pile): not spendable")
    ally_support: int = fact(0, key="move.ally_support", doc="spice the ally has promised toward the purchase")
    has_ally: bool = fact(False, doc="the bidder is in an alliance")
    ally_spice: int | None = fact(key="factions.ALLY.spice", doc="spice of the bidder's ally")
    karama: bool = fact(False, key="move.karama", doc="the bidder relies on Karama to bid beyond what it can pay")
    hand: int | None = fact(key="factions.FACTION.hand", doc="Treachery cards the bidder holds")
    hand_listed: bool = fact(False, doc="the hand is given card by card")
    holds_karama: bool | None = fact(
        key="factions.FACTION.hand (its cards by name, to show a Karama)",
        doc="the listed hand holds Karama (or, Advanced Bene Gesserit, a Worthless Card)",
    )
    with_karama: bool = fact(False, doc="the bidder relies on Karama (move.karama) or its listed hand holds one")
    via_worthless: bool = fact(False, doc="Advanced Bene Gesserit's Worthless Card stands for the Karama")
    is_harkonnen: bool = fact(False)
    is_emperor: bool = fact(False)
    emperor_in_game: bool | None = fact(False, key="factions.emperor", doc="None: an unlisted player may be it")
    emperor_ally: bool = fact(False, doc="the bidder is allied with the Emperor")
    # -- dreamrules --
    shaddams_favor: int = fact(0, key="move.shaddams_favor", doc="dreamrules: spice the Emperor's Favor covers")
    emperor_spice: int | None = fact(key="factions.emperor.spice", doc="the Emperor's spice (for Shaddam's Favor)")
    favor_suppressed: bool = fact(False, doc="dreamrules: Karama stopped Shaddam's Favor this phase")
    payments_suppressed: bool = fact(False, doc="dreamrules: Karama stopped the Emperor's Bidding Payments")
    extra_cards_suppressed: bool = fact(False, doc="dreamrules: Karama stopped Harkonnen's Extra Treachery Cards")
    has_auction: bool = fact(False, doc="dreamrules: the position gives the current auction's high bid")
    high_bid: int = fact(0, key="current_auction.high_bid", doc="dreamrules: the current high bid (0: none)")
    high_bidder: str = label("", doc="dreamrules: the current high bidder")
    tleilaxu_promise: bool = fact(False, doc="dreamrules: Bene Tleilax promises, or is promised, ally support")

    # -- derived truths for checks and messages (never read by a z3 form) --
    @property
    def means(self) -> int:
        """What the bidder can pay: its spice and its ally's promised contribution."""
        return (self.spice or 0) + self.ally_support

    @property
    def dr_means(self) -> int:
        """Dreamrules: its spice, its ally's promise and the Emperor's Shaddam's Favor (dreamrules:328)."""
        return self.means + self.shaddams_favor

    @property
    def beyond_means(self) -> bool:
        return not self.passes and self.spice is not None and self.amount > self.means

    @property
    def is_bene_gesserit_advanced(self) -> bool:
        return self.faction == "bene-gesserit" and self.advanced

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION").replace("ALLY", self.ally or "ALLY")

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["Ally"] = display(self.ally) if self.ally else "no ally"
        name = out["Faction"]
        out["Faction_s"] = f"{name}'" if name.endswith("s") else f"{name}'s"
        return out


def _ally_spice(pos: Position, me: str) -> int | None:
    for ally in sorted(pos.allies_of(me)):
        state = pos.factions.get(ally)
        return state.spice if state else None
    return 0  # no ally, no help


def _auction(pos: Position) -> tuple[bool, int, str]:
    """Dreamrules' ``current_auction: {high_bidder, high_bid}``: (given, the high bid, the high bidder)."""
    auction = getattr(pos, "current_auction", None)
    if auction is None:
        return False, 0, ""
    get = auction.get if isinstance(auction, dict) else (lambda k, d=None: getattr(auction, k, d))
    bid = get("high_bid", None)
    if not isinstance(bid, int):
        return False, 0, ""
    return True, bid, str(get("high_bidder", "") or "")


def _notes(pos: Position, m: BidMove, f: BidFacts) -> list[str]:
    out: list[str] = []
    if f.passes:
        return out
    if pos.phase is None:
        out.append("the position does not give 'phase': it is taken to be the Bidding phase")
    if f.emperor_in_game is False:
        out.append("if this bid wins, the Bank is paid: the Emperor is not in the position")
    if m.shaddams_favor and pos.ruleset != "dreamrules":
        out.append(
            f"move.shaddams_favor ({m.shaddams_favor}) is a Dreamrules key: {pos.ruleset} has no Shaddam's Favor, "
            "so it is not counted toward the bid"
        )
    if f.via_worthless:
        out.append("Advanced Bene Gesserit holds no Karama: its Worthless Card is taken to be played as one (gf9:373)")
    return out


@kind
class Bidding(Kind):
    name = "bid"
    title = "Bidding"
    outcome_keys: ClassVar[dict[str, str]] = {
        "cards_gained": "if this bid wins: the cards the bidder gains (2 for Harkonnen's free extra card)",
        "favor_covered": "Dreamrules: if this bid wins, the part of its cost Shaddam's Favor covers (the Emperor's "
        "spice set before its shield, collected back at the end of Bidding); the bidder pays the rest",
    }
    ruled = ("paid_to", "cards_gained")

    def facts(self, pos: Position) -> BidFacts:
        m = pos.move
        assert isinstance(m, BidMove)
        me = m.faction
        state = pos.factions.get(me)
        allies = pos.allies_of(me)
        raw_hand = state.hand if state else None
        listed = isinstance(raw_hand, list)
        cards: list[str] = list(raw_hand) if isinstance(raw_hand, list) else []
        hand = len(cards) if listed else (raw_hand if isinstance(raw_hand, int) else None)
        holds: bool | None = None
        via_worthless = False
        if listed:
            has_karama = KARAMA in cards
            bg_worthless = me == "bene-gesserit" and pos.advanced and any(c in worthless_cards() for c in cards)
            holds = has_karama or bg_worthless
            beyond = (
                m.amount is not None
                and state is not None
                and state.spice is not None
                and (m.amount > state.spice + m.ally_support)
            )
            via_worthless = bg_worthless and not has_karama and (m.karama or beyond)
        elif hand == 0:
            holds = False  # an empty hand holds no Karama
        f = BidFacts(
            faction=me,
            advanced=pos.advanced,
            ally=min(allies) if allies else "",
            hand_cards=cards,
            phase_index=pos.phase_index,
            passes=m.amount is None,
            amount=m.amount or 0,
            spice=state.spice if state else None,
            pile=(state.bribes_waiting or 0) if state else 0,
            ally_support=m.ally_support,
            has_ally=bool(allies),
            ally_spice=_ally_spice(pos, me),
            karama=m.karama,
            hand=hand,
            hand_listed=listed,
            holds_karama=holds,
            with_karama=m.karama or holds is True,
            via_worthless=via_worthless,
            is_harkonnen=me == "harkonnen",
            is_emperor=me == "emperor",
            emperor_in_game=pos.in_game("emperor", me),
            emperor_ally="emperor" in allies,
            shaddams_favor=m.shaddams_favor,
            emperor_spice=(emp.spice if (emp := pos.factions.get("emperor")) else None) if m.shaddams_favor else 0,
            favor_suppressed=pos.stopped("emperor", "shaddams-favor"),
            payments_suppressed=pos.stopped("emperor", "bidding-payments"),
            extra_cards_suppressed=pos.stopped("harkonnen", "extra-treachery-cards"),
            tleilaxu_promise=m.ally_support > 0 and (me == "bene-tleilax" or "bene-tleilax" in allies),
        )
        f.has_auction, f.high_bid, f.high_bidder = _auction(pos)
        f.notes = _notes(pos, m, f)
        return f

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        v.payee = z3.Int("payee")  # 0 nobody, 1 the Bank, 2 the Emperor
        v.gained = z3.Int("gained")  # cards the bidder takes if this bid wins

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        return [z3.And(v.payee >= 0, v.payee <= 2), z3.And(v.gained >= 0, v.gained <= 2)]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, BidFacts)
        out = {"paid_to": PAYEES.get(value(v.payee)), "cards_gained": value(v.gained)}
        if facts.passes:
            return out
        # if it wins: the bid, whoever pays it (the shared vocabulary's cost, as a shipment's or revival's with an
        # ally's share); the part of it Shaddam's Favor covers beside it, the bidder paying the rest (dreamrules:358)
        covered = min(facts.shaddams_favor, facts.amount)
        won = {"cost": facts.amount, **out}
        return {**won, "favor_covered": covered} if covered else won
