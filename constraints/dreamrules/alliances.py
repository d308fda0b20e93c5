"""Dreamrules: Alliances (dreamrules:554-586) and Deals and bribes (dreamrules:588-650), over GF9's.

What Dreamrules keeps from GF9 is answered by GF9's rules (dreamrules:15, 1328): two factions at most, one
alliance each, formed and left during a Nexus (gf9.alliances.*); allies do not bribe each other
(gf9.deals.not-allies); only the Emperor gives spice directly to its ally (gf9.alliances.gift-*). This file
states what Dreamrules adds or changes: the Nexus card decides whether there is a Nexus at all, Bene Gesserit
advisors (and troops aboard the Surveyor) coexist with an ally, a bribe may be paid out of the bribe pile, and
Bene Tleilax bribes only during Mentat.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.alliance import AllyFacts, BribeFacts, names, phase_title, spice_word
from checker.arrakis.kinds.deal import DealFacts, NoteFacts, terms_words
from checker.arrakis.position import BIDDING, MENTAT_PAUSE, NEXUS
from checker.names import display, whose
from checker.rules import chapter, gap, restates, rule, set_aside

chapter("ally", "dreamrules:554-586")
chapter("bribe", "dreamrules:344,588-650,1174,1390-1394")
chapter("give", "dreamrules:620,1088")
chapter("deal", "dreamrules:572-574,588-598,618,628,994,1174,1394")
chapter("note", "dreamrules:192,342,1392")

# -- lines no answer of these kinds depends on ------------------------------------------------
set_aside("dreamrules:554", "a heading")
# dreamrules:236 "An alliance has at most two factions. During a Nexus, players may break existing alliances and agree
#                 to new ones. Announce the result before continuing. ..."
# dreamrules:556 "An alliance contains at most two factions. Alliances are public, and a faction can belong to only
#                 one at a time. During a Nexus, any faction may leave its current alliance and form another. ..."
# GF9's rules unchanged (gf9:131, 133, 141): their findings under dreamrules quote these lines too (whether there is
# a Nexus at all is dreamrules.alliances.nexus-card's; the position's own alliance rules restate them in setup.py).
restates(
    "dreamrules:236",
    "gf9.alliances.size",
    "gf9.alliances.form-in-nexus",
    "gf9.alliances.break-in-nexus",
    "gf9.alliances.break-existing",
)
restates(
    "dreamrules:556",
    "gf9.alliances.size",
    "gf9.alliances.form-in-nexus",
    "gf9.alliances.break-in-nexus",
)
set_aside("dreamrules:560", "a heading")
set_aside(
    "dreamrules:562-564",
    "an alliance's shared victory: the position kind's question at the Mentat Pause (the victory chapter), not "
    "whether an alliance may be formed, broken or a bribe paid",
)
set_aside("dreamrules:566", "a heading")
set_aside("dreamrules:572", "a heading")
# dreamrules:574 (no binding deals between allies) is dreamrules.deals.not-allies for a deal move; a bribe between
# allies is gf9.deals.not-allies (the same rule as gf9:333).
set_aside("dreamrules:576", "a heading")
set_aside(
    "dreamrules:578",
    "what allies may show each other (cards, plans): no move of these kinds shows a card",
)
# dreamrules:580 (allies paying for each other's shipments and bids) is encoded by dreamrules.shipment.affordable.
set_aside("dreamrules:582", "a heading")
set_aside(
    "dreamrules:584-586",
    "the alliance powers each faction chapter defines (Shared Prescience, Voice, the Guild's shipping, the "
    "Tleilaxu discount, the Ixian card exchange): each is a question of the kind it acts in (battle, ship, "
    "revive, play); the Emperor's gift is the give kind's, answered by gf9.alliances.gift-* as dreamrules:620 "
    "and 1088 keep it",
)
for _line, _what in (
    (588, "a heading"),
    (594, "a heading"),
    (600, "a heading"),
    (604, "a heading"),
    (610, "a heading"),
    (616, "a heading"),
    (622, "a heading"),
    (626, "a heading"),
    (630, "a heading"),
    (634, "a heading"),
    (638, "a heading"),
    (642, "a heading"),
    (646, "a heading"),
    (1390, "a heading"),
):
    set_aside(f"dreamrules:{_line}", _what)
set_aside(
    "dreamrules:590,602,606-608,636,640,644,648-650",
    "the wording and conduct of a spoken deal (stating its terms aloud, in plain language, in good faith): what a "
    "deal may promise is dreamrules.deals.terms, and no answer turns on how it is worded",
)
set_aside(
    "dreamrules:592",
    "a discussion is not yet a deal, and none is made during setup: a deal move is an agreement, and the position "
    "format has no setup phase (a position's turn one starts with the storm)",
)
# dreamrules:618 "Allies cannot make binding deals with each other. They may pay for each other's bids and shipments
#                 as the alliance rules permit. That payment goes to its normal recipient and is not a bribe waiting
#                 for Mentat."
# An ally's help with a bid or a shipment is GF9's rule unchanged (gf9:147): restated in bidding.py and shipment.py,
# the chapters loaded for those questions; binding deals have no key in the position format.
# dreamrules:620  "The Emperor's ability to give spice instantly to its ally is a separate faction advantage."
# dreamrules:1088 "Your alliance advantage, Golden Lion Throne, lets you give spice to your ally instantly, at any
#                  time. This allows you to support payments such as revival and spice dialing that ordinary allies
#                  cannot pay directly for one another."
# The Emperor's gift, kept from GF9 (gf9:153, 391): only the Emperor gives spice directly, and only to its ally.
restates("dreamrules:620", "gf9.alliances.gift-only-emperor", "gf9.alliances.gift-to-ally")
restates("dreamrules:1088", "gf9.alliances.gift-only-emperor", "gf9.alliances.gift-to-ally")
set_aside(
    "dreamrules:624,632",
    "keeping spendable spice, bribe piles and tech-token income apart: the position gives each its own key "
    "(spice, bribe_pile, tech_tokens); the bribe's outcome says which it changes",
)
set_aside(
    "dreamrules:1394",
    "council question #1851 (Truthtrance and existing deals): what a Truthtrance question or answer owes a deal "
    "already made; the position format has no key for a deal already made, a Truthtrance question or its answer "
    "(constraints/dreamrules/truthtrance.py), so no answer of a kind Mentat knows turns on it",
)

# == ally ========================================================================================

# dreamrules:556 "... During a Nexus, any faction may leave its current alliance and form another. Once that
#                 opportunity ends, wait for the next Nexus to change alliances."
# dreamrules:558 "The Nexus deck creates these opportunities in Dreamrules. Shai-Hulud does not create an
#                 additional alliance window."
# dreamrules:228 "... A number lower than the current turn number causes a Nexus. An equal or higher number,
#                 or a blank, does nothing. ..."


def _card(s: AllyFacts) -> str:
    return "a blank" if s.nexus_card == 0 else f"a {s.nexus_card}"


@rule(
    "dreamrules.alliances.nexus-card",
    on="ally",
    cites="dreamrules:228,556,558",
    see_also="dreamrules:236,1276",
    title="Alliances change only when this turn's Nexus card causes a Nexus",
    forbids=lambda s, _o: (
        f"This turn's Nexus card is {_card(s)} on turn {s.turn}: no Nexus, so {names(s.factions)} cannot change "
        "alliances (a number lower than the turn causes one)."
    ),
    permits=lambda s, _o: (
        f"This turn's Nexus card, {_card(s)}, is lower than the turn ({s.turn}): a Nexus, alliances may change."
    ),
    needs=("turn", "nexus_card"),
    when=lambda s: s.phase_index == NEXUS,
)
def nexus_card(s: AllyFacts) -> bool:
    """In Dreamrules the Nexus deck makes the alliance window: forming or leaving an alliance needs a Nexus, and
    only a numbered Nexus card lower than the turn causes one (a worm does not). The Nexus phase comes every turn
    (dreamrules:1276); whether alliances may change in it is the card's, so a position in the phase ``nexus`` that
    gives no ``nexus_card`` leaves the move unresolved, naming the key."""
    assert s.turn is not None and s.nexus_card is not None
    return 0 < s.nexus_card < s.turn


@nexus_card.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.nexus_card > 0, v.nexus_card < v.turn)


# dreamrules:556 "An alliance contains at most two factions. Alliances are public, and a faction can belong to only
#                 one at a time. During a Nexus, any faction may leave its current alliance and form another. ..."


def _leave_and_form(s: AllyFacts, o: dict[str, Any]) -> str:
    left = o.get("left", s.left)
    if not left:
        return f"{names(s.factions)}: none of them is in another alliance."
    gone = "; ".join(
        f"{names([f for f in a if f in s.factions])} leave{'s' if sum(f in s.factions for f in a) == 1 else ''} "
        f"{'its' if sum(f in s.factions for f in a) == 1 else 'their'} alliance with "
        f"{names([f for f in a if f not in s.factions])}"
        for a in left
    )
    return (
        f"{gone}, and {names(s.factions)} ally, in the same Nexus: a faction belongs to one alliance at a time, and "
        "during a Nexus any faction may leave its alliance and form another."
    )


@rule(
    "dreamrules.alliances.leave-and-form",
    on="ally",
    cites="dreamrules:556",
    title="During a Nexus a faction may leave its alliance and form another (one alliance at a time)",
    permits=_leave_and_form,
    defines=("left",),
    when=lambda s: not s.breaking,
    replaces="gf9.alliances.one-alliance",
    one_sided="an outcome rule: a faction allied elsewhere leaves that alliance as it forms the new one, in the "
    "same Nexus; whether there is a Nexus is dreamrules.alliances.nexus-card and gf9.alliances.form-in-nexus",
)
def leave_and_form(s: AllyFacts) -> dict[str, Any]:
    """A faction belongs to one alliance at a time; during a Nexus it may leave its current alliance and form
    another, so one ``ally`` move forming an alliance also leaves the alliances its factions were in (outcome
    ``left``; ``alliances`` lists them no more)."""
    return {"left": [list(a) for a in s.left]}


@leave_and_form.z3
def _(v: Any) -> z3.BoolRef:
    return v.left == v.allied_elsewhere


# dreamrules:232 "No card can cause a Nexus on turn one. ..." -- GF9's rule (no Nexus on the first turn, gf9:107)
restates("dreamrules:232", "gf9.alliances.no-nexus-turn-one")


# dreamrules:568 "Allies do not battle each other. You may ship into a territory containing your ally's troops,
#                 but must immediately leave during that same shipment-and-movement action. ... The Polar Sink
#                 and explicit faction exceptions, including Bene Gesserit advisors, allow coexistence."
# dreamrules:570 "If newly allied factions already share a territory, separate them during Shipment and
#                 movement. If the first ally to act does not leave, the second must leave or lose its troops
#                 there to the Tanks."
# dreamrules:1232 (the Surveyor) "Treat it as a territory within that territory."


def _must_separate(s: AllyFacts, o: dict[str, Any]) -> str:
    where = o.get("must_separate", s.shared_apart_names)
    spared = [t for t in s.shared_names if t not in s.shared_apart_names]
    aside = f" ({', '.join(spared)}: Bene Gesserit advisors or the Surveyor coexist)" if spared else ""
    if not where:
        return f"{names(s.factions)} share no territory outside the Polar Sink{aside}: neither has to move away."
    return (
        f"{names(s.factions)} both have troops in {', '.join(where)}{aside}: separate them during Shipment and "
        "Movement; if the first to act does not leave, the second must leave or lose its troops there."
    )


@rule(
    "dreamrules.alliances.must-separate",
    on="ally",
    cites="dreamrules:568,570",
    see_also="dreamrules:1232",
    title="Newly allied factions sharing a territory separate (Bene Gesserit advisors coexist)",
    permits=_must_separate,
    defines=("must_separate",),
    when=lambda s: not s.breaking and s.size == 2,
    replaces="gf9.alliances.must-separate",
    differs="advisors and an ally: gf9:383 keeps Bene Gesserit advisors under the alliance restriction (they must "
    "separate too); dreamrules:568 names Bene Gesserit advisors among the exceptions that allow coexistence",
    one_sided="an outcome rule: it names where the new allies must separate and never forbids forming",
)
def must_separate(s: AllyFacts) -> dict[str, Any]:
    """The territories outside the Polar Sink where both new allies have troops, Bene Gesserit advisors not
    counted (they may coexist) and troops aboard the Hidden Mobile Surveyor not counted (it is a territory of
    its own): there the two separate during Shipment and Movement."""
    return {"must_separate": list(s.shared_apart_names)}


@must_separate.z3
def _(v: Any) -> z3.BoolRef:
    return v.separate == v.shared_apart


# == bribe =======================================================================================

# dreamrules:612 "When you receive a spice bribe before Mentat, keep it outside your hidden supply. Collect the
#                 pile during Mentat. Until collection it cannot fund ordinary purchases, shipments or spice
#                 dialing."
# dreamrules:614 "You may use spice already in your bribe pile to bribe another faction. It moves to that
#                 faction's bribe pile and keeps the same delayed availability. ..."


def _holds(s: BribeFacts) -> str:
    pile = s.bribe_pile or 0
    return f"{spice_word(s.spice)} behind its shield" + (f" and {pile} in its bribe pile" if pile else "")


@rule(
    "dreamrules.deals.bribe-within-spice",
    on="bribe",
    cites="dreamrules:614",
    see_also="dreamrules:612",
    title="A bribe is spice the briber holds, or spice already in its bribe pile",
    forbids=lambda s, _o: (
        f"{display(s.faction)} holds {_holds(s)}: it cannot bribe {display(s.to)} with {s.amount} spice."
    ),
    permits=lambda s, _o: f"{display(s.faction)} holds {_holds(s)}, enough for a {s.amount}-spice bribe.",
    needs=("spice", "bribe_pile"),
    replaces="gf9.deals.bribe-within-spice",
    differs="paying a bribe: gf9:333 puts the bribe in front of the recipient's shield, not spendable until the "
    "Mentat Pause, so only spice behind the briber's shield pays one; dreamrules:614 lets the briber pass on spice "
    "already in its bribe pile",
)
def bribe_within_spice(s: BribeFacts) -> bool:
    """The bribe comes from the briber's spice or from bribes already waiting in its bribe pile, which it may
    pass on (keeping their delayed availability); no more than the two hold."""
    assert s.spice is not None and s.bribe_pile is not None
    return s.amount <= s.spice + s.bribe_pile


@bribe_within_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.amount <= v.spice + v.bribe_pile


def _pile_message(s: BribeFacts, o: dict[str, Any]) -> str:
    left = o.get("spice_total")
    from_pile = s.amount - min(s.amount, s.spice or 0)
    pile = f", {from_pile} of it out of its bribe pile" if from_pile else ""
    return (
        f"{s.amount} spice goes to {whose(s.to)} bribe pile, outside its supply until collected during Mentat"
        f"{pile}; {display(s.faction)} keeps {left} spice behind its shield (paid from there first: the move does "
        "not say which spice pays)."
    )


@rule(
    "dreamrules.deals.bribe-pile",
    on="bribe",
    cites="dreamrules:612,614",
    see_also="dreamrules:1280",
    title="A bribe waits in the recipient's bribe pile until Mentat",
    permits=_pile_message,
    defines=("spice_total", "in_front_of_shield", "spendable_from"),
    needs=("spice",),
    replaces="gf9.deals.bribe-in-front",
    one_sided="an outcome rule: it says where the spice goes and never forbids; whether the bribe may be paid is "
    "dreamrules.deals.bribe-within-spice",
)
def bribe_pile(s: BribeFacts) -> dict[str, Any]:
    """The bribe goes to the recipient's bribe pile, outside its supply until collected during Mentat. The
    briber's spice behind its shield pays first (the move does not say; any rest comes from its bribe pile)."""
    assert s.spice is not None
    return {
        "spice_total": s.spice - min(s.amount, s.spice),
        "in_front_of_shield": {s.to: s.amount},
        "spendable_from": "mentat-pause",
    }


@bribe_pile.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.left == v.spice - z3.If(v.amount <= v.spice, v.amount, v.spice), v.placed == v.amount)


# dreamrules:628 "Bene Tleilax normally cannot give or receive bribes outside Mentat or make binding deals. Its
#                 exceptions include buying binding information about cards up for bid, and promising during Mentat
#                 to end a named Face Dancer Infiltration. ..."
# dreamrules:1174 "Dishonorable prevents you from giving or receiving bribes outside Mentat and from making binding
#                  deals, except buying information about cards up for bid. ..."
# dreamrules:344 "Information about an auction card can itself be traded. Bene Tleilax is allowed to buy binding
#                 information about cards up for bid, despite its normal restrictions on deals."


def _buying_window(s: BribeFacts) -> bool:
    """Bene Tleilax pays a bribe during Bidding, when it may be buying information about a card up for bid."""
    return s.tleilaxu_pays and s.phase_index == BIDDING


@rule(
    "dreamrules.deals.tleilaxu-mentat",
    on="bribe",
    cites="dreamrules:628",
    see_also="dreamrules:1174",
    title="Bene Tleilax gives and receives bribes only during Mentat",
    forbids=lambda s, _o: (
        f"Bene Tleilax cannot {'give' if s.faction == 'bene-tleilax' else 'receive'} a bribe in "
        f"{phase_title(s.phase_index)}: only during Mentat."
    ),
    permits="It is Mentat: Bene Tleilax may give or receive a bribe.",
    needs=("phase_index",),
    when=lambda s: s.tleilaxu and not _buying_window(s),
)
def tleilaxu_mentat(s: BribeFacts) -> bool:
    """Dishonorable: Bene Tleilax neither gives nor receives a bribe outside the Mentat phase (its paying for
    information about a card up for bid, during Bidding, is dreamrules.deals.tleilaxu-information)."""
    return s.phase_index == MENTAT_PAUSE


@tleilaxu_mentat.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == MENTAT_PAUSE


@rule(
    "dreamrules.deals.tleilaxu-information",
    on="bribe",
    cites="dreamrules:344,628,1174",
    title="Bene Tleilax may pay for binding information about a card up for bid",
    forbids=lambda s, _o: (
        f"Bene Tleilax cannot give {display(s.to)} a bribe during Bidding: outside Mentat it may pay only for "
        "binding information about a card up for bid, and this bribe buys none (move.information: false)."
    ),
    permits=lambda s, _o: (
        f"Bene Tleilax pays {display(s.to)} {s.amount} spice for binding information about a card up for bid: the "
        "exception Dishonorable allows outside Mentat."
    ),
    needs=("information",),
    when=_buying_window,
)
def tleilaxu_information(s: BribeFacts) -> bool:
    """Outside Mentat, Bene Tleilax may still buy binding information about cards up for bid (during Bidding):
    the exception dreamrules:344, 628 and 1174 name to its restriction on bribes and deals."""
    return bool(s.information)


@tleilaxu_information.z3
def _(v: Any) -> z3.BoolRef:
    return v.information


# == deal ========================================================================================


# dreamrules:574 "Allies cannot make binding deals with each other. Their permitted assistance still applies."
# dreamrules:618 "Allies cannot make binding deals with each other. ..."


@rule(
    "dreamrules.deals.not-allies",
    on="deal",
    cites="dreamrules:574,618",
    replaces="gf9.deals.deal-not-allies",
    title="Allies make no binding deals with each other",
    forbids=lambda s, _o: f"{names(s.allies)} are allies: allies cannot make binding deals with each other.",
    permits=lambda s, _o: f"{names(s.factions)} are not allied with each other.",
)
def deal_not_allies(s: DealFacts) -> bool:
    """A binding deal is made between factions that are not allied; allies help each other only as the alliance
    rules permit."""
    return not s.allied


@deal_not_allies.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.allied)


# dreamrules:596 "Information, a legal future action or a spice payment can be part of a deal. ..."
# dreamrules:598 "A deal cannot authorize an illegal action, give away a faction power, or transfer cards, leaders or
#                 troops without a rule that allows that transfer."


@rule(
    "dreamrules.deals.terms",
    on="deal",
    cites="dreamrules:596,598",
    replaces="gf9.deals.deal-terms",
    title="A deal promises information, a legal action or spice: not a transfer of pieces or a faction power",
    forbids=lambda s, _o: (
        f"The deal includes {terms_words([t for t in s.terms if t in ('transfer', 'faction-power')])}: a deal "
        "cannot give away a faction power or transfer cards, leaders or troops without a rule that allows that "
        "transfer."
    ),
    permits=lambda s, _o: f"The deal promises {terms_words(s.terms)}: a deal may.",
    needs=("terms_known",),
)
def deal_terms(s: DealFacts) -> bool:
    """Information, a legal future action or a spice payment may be promised; a faction power may not be given away,
    nor cards, leaders or troops transferred (no rule a deal move names allows a transfer)."""
    return s.forbidden_terms == 0


@deal_terms.z3
def _(v: Any) -> z3.BoolRef:
    return v.forbidden_terms == 0


# dreamrules:628  "Bene Tleilax normally cannot give or receive bribes outside Mentat or make binding deals. Its
#                  exceptions include buying binding information about cards up for bid, and promising during Mentat
#                  to end a named Face Dancer Infiltration. ..."
# dreamrules:1174 "Dishonorable prevents you ... from making binding deals, except buying information about cards up
#                  for bid. ..."


@rule(
    "dreamrules.deals.tleilaxu-binding",
    on="deal",
    cites="dreamrules:628,1174",
    see_also="dreamrules:344",
    title="Bene Tleilax binds itself only to buy card information or to end an Infiltration",
    forbids=lambda s, _o: (
        f"Bene Tleilax cannot make a binding deal promising {terms_words(s.terms)}: its "
        "exceptions are buying information about cards up for bid and promising to end a Face Dancer Infiltration."
    ),
    permits=lambda s, _o: (
        f"Bene Tleilax's deal ({terms_words(s.terms)}) is one of its exceptions: buying information about cards up "
        "for bid or ending a Face Dancer Infiltration."
    ),
    needs=("terms_known",),
    when=lambda s: s.tleilaxu,
)
def tleilaxu_binding(s: DealFacts) -> bool:
    """Dishonorable: Bene Tleilax makes no binding deal, except to buy binding information about cards up for bid
    (paying spice for it) or to promise to end a named Face Dancer Infiltration."""
    return s.tleilaxu_other == 0 and s.tleilaxu_exception


@tleilaxu_binding.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.tleilaxu_other == 0, v.tleilaxu_exception)


@rule(
    "dreamrules.deals.infiltration-mentat",
    on="deal",
    cites="dreamrules:628",
    see_also="dreamrules:546",
    title="Bene Tleilax promises to end an Infiltration during Mentat",
    forbids=lambda s, _o: (
        f"Bene Tleilax promises to end a Face Dancer Infiltration in {phase_title(s.phase_index)}: it may make that "
        "promise during Mentat."
    ),
    permits="It is Mentat: Bene Tleilax may promise to end a named Face Dancer Infiltration.",
    needs=("phase_index",),
    when=lambda s: s.tleilaxu and s.end_infiltration,
)
def infiltration_mentat(s: DealFacts) -> bool:
    """The binding promise to end a named Face Dancer Infiltration is made during Mentat."""
    return s.phase_index == MENTAT_PAUSE


@infiltration_mentat.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == MENTAT_PAUSE


# dreamrules:994 "Playing Truthtrance pauses the game completely. ... No binding deals, other cards or other game
#                 actions may occur during this pause. ..."
set_aside(
    "dreamrules:994",
    "no binding deal during a Truthtrance pause: the position format has no key for a pause in progress, so a deal "
    "move is taken to be made outside one (a note says so)",
)
set_aside("dreamrules:572", "a heading")


# == note ========================================================================================

# dreamrules:192 "... Only Atreides may keep notes about Treachery Cards; the separate question about recording public
#                 deals is #1850."
# dreamrules:342 "Atreides may look at each card as it comes up for bid. ... Atreides may keep notes about Treachery
#                 Cards."


@rule(
    "dreamrules.notes.treachery-atreides",
    on="note",
    cites="dreamrules:192,342",
    title="Only Atreides keeps notes about Treachery Cards",
    forbids=lambda s, _o: f"{display(s.faction)} cannot keep notes about Treachery Cards: only Atreides may.",
    permits="Atreides may keep notes about Treachery Cards.",
    when=lambda s: s.about_cards,
)
def treachery_notes(s: NoteFacts) -> bool:
    """Notes about Treachery Cards are Atreides' alone."""
    return s.is_atreides


@treachery_notes.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_atreides


# dreamrules:1392 "#1850: Written records of public deals."

gap(
    "dreamrules.notes.deal-record",
    on="note",
    cites="dreamrules:192,1392",
    title="A written record of a public deal (council question #1850)",
    reason="a faction records a public deal in writing: dreamrules:192 leaves only Atreides notes about Treachery "
    "Cards and names the recording of public deals a separate question, council question #1850 (dreamrules:1392)",
    when=lambda s: s.about_deal,
    explain=lambda s: (
        f"{display(s.faction)} records a public deal in writing: dreamrules:192 leaves only Atreides notes about "
        "Treachery Cards and names the recording of public deals a separate question, council question #1850 "
        "(dreamrules:1392)"
    ),
)
