"""GF9: Make or break alliances (gf9:129-143, 383), Helping an ally (gf9:145-157, 391), Deals and bribes
(gf9:329-339).

Three kinds of question: ``ally`` (an alliance formed or broken), ``bribe`` (spice in front of another
faction's shield) and ``give`` (spice given directly to an ally: the Emperor's advantage, gf9:391).
A Nexus is the position's ``phase: nexus`` (checker/arrakis/kinds/alliance.py).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.alliance import (
    SPENDABLE_FROM,
    AllyFacts,
    BribeFacts,
    GiveFacts,
    names,
    phase_title,
    spice_word,
    whose,
)
from checker.arrakis.kinds.deal import DealFacts, terms_words
from checker.arrakis.position import NEXUS
from checker.names import display
from checker.rules import chapter, rule, set_aside

# The lines questions of these kinds answer from: each is encoded, a gap, or set aside.
chapter("ally", "gf9:129-143,383")
chapter("bribe", "gf9:329-339")
chapter("deal", "gf9:331,335,339")
chapter("give", "gf9:145-153,157,391")
# gf9:155 (no weapon or defense from one's own hand in an ally's battle plan) is a battle question, not one of
# these kinds': it is left to the battle and card chapters.

# gf9:335 "A player must honor the possible parts of an agreement. If a promise becomes impossible, that part
#          is void. All parties may agree to cancel their deal."
set_aside(
    "gf9:335",
    "table conduct about a spoken deal's content: the position format has no key for a deal or its terms, so no "
    "answer of these kinds can depend on it",
)


# == ally ========================================================================================

# gf9:131 "During a Nexus, players may discuss alliances, publicly break an existing alliance and form a new
#          one. No faction can belong to more than one alliance. The default maximum is two factions.
#          Declare all alliances openly and exchange alliance reminder cards."
# gf9:141 "Declare every alliance openly. Swap reminder cards. No faction can be in two alliances, and no one
#          has to form one."


def _forming(s: AllyFacts) -> bool:
    return not s.breaking


@rule(
    "gf9.alliances.form-in-nexus",
    on="ally",
    cites="gf9:131",
    title="An alliance is formed during a Nexus",
    forbids=lambda s, _o: (
        f"{names(s.factions)} cannot form an alliance in {phase_title(s.phase_index)}: alliances are formed "
        "during a Nexus."
    ),
    permits=lambda s, _o: f"{names(s.factions)} ally in the Nexus phase, when alliances are formed.",
    needs=("phase_index",),
    when=_forming,
    replaces="overview.alliances.nexus-only",
)
def form_in_nexus(s: AllyFacts) -> bool:
    """Players form a new alliance during a Nexus, and at no other time (a Nexus is the position's phase
    ``nexus``)."""
    return s.phase_index == NEXUS


@form_in_nexus.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == NEXUS


# gf9:107 "On the first turn, set every revealed Shai-Hulud card aside and keep drawing until the required territory
#          card appears. Those set-aside Shai-Hulud cards have no effect and cause no Nexus. ..."


@rule(
    "gf9.alliances.no-nexus-turn-one",
    on="ally",
    cites="gf9:107",
    see_also="gf9:131",
    title="No Nexus on the first turn, so no alliance changes",
    forbids=lambda s, _o: (
        f"It is turn 1, and the first turn has no Nexus, so {names(s.factions)} cannot "
        f"{'break an alliance' if s.breaking else 'form an alliance'} (alliances change during a Nexus)."
    ),
    permits="It is turn {turn}, after the first: a Nexus can occur.",
    # a position in the Nexus phase says a Nexus is under way: only a turn it gives can contradict that
    when=lambda s: s.phase_index == NEXUS and s.turn is not None,
    replaces="overview.alliances.nexus-only",  # the overview says it itself (overview:41)
)
def no_nexus_turn_one(s: AllyFacts) -> bool:
    """Shai-Hulud cards drawn on the first turn are set aside and cause no Nexus: no alliance forms or breaks then."""
    return s.turn != 1


@no_nexus_turn_one.z3
def _(v: Any) -> z3.BoolRef:
    return v.turn != 1


@rule(
    "gf9.alliances.size",
    on="ally",
    cites="gf9:131",
    see_also="gf9:23,515",
    title="An alliance has at most two factions",
    forbids=lambda s, _o: f"{names(s.factions)} are {s.size} factions: the default maximum is two in an alliance.",
    permits=lambda s, _o: f"{names(s.factions)} are two factions, the default maximum of an alliance.",
    when=_forming,
    replaces="overview.alliances.size",
)
def size(s: AllyFacts) -> bool:
    """An alliance joins at most two factions (the default; other arrangements are optional variants agreed
    before play, gf9:23, which the position format has no key for)."""
    return s.size <= 2


@size.z3
def _(v: Any) -> z3.BoolRef:
    return v.size <= 2


def _elsewhere(s: AllyFacts, _o: dict[str, Any]) -> str:
    parts = [f"{display(f)} is already allied with {display(a)}" for f, a in s.elsewhere]
    return "; ".join(parts) + ": no faction can belong to more than one alliance (break that alliance first)."


@rule(
    "gf9.alliances.one-alliance",
    on="ally",
    cites="gf9:131,141",
    title="No faction belongs to more than one alliance",
    forbids=_elsewhere,
    permits=lambda s, _o: f"{names(s.factions)}: none of them is allied elsewhere.",
    when=_forming,
    replaces="overview.alliances.one-alliance",
)
def one_alliance(s: AllyFacts) -> bool:
    """A faction already allied with a faction outside the new alliance cannot join it: it must first break
    its alliance (publicly, in a Nexus)."""
    return s.allied_elsewhere == 0


@one_alliance.z3
def _(v: Any) -> z3.BoolRef:
    return v.allied_elsewhere == 0


# gf9:133 "A player may leave an alliance during a Nexus without the former ally's permission. Outside a
#          Nexus, alliances persist unless a specific expansion effect changes them. A Nexus does not compel
#          anyone to ally."


def _breaking(s: AllyFacts) -> bool:
    return s.breaking


@rule(
    "gf9.alliances.break-in-nexus",
    on="ally",
    cites="gf9:133",
    title="An alliance is left only during a Nexus",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot leave its alliance in {phase_title(s.phase_index)}: outside a Nexus, "
        "alliances persist."
    ),
    permits=lambda s, _o: (
        f"It is the Nexus phase, when {display(s.faction)} may leave its alliance without the former ally's permission."
    ),
    needs=("phase_index",),
    when=_breaking,
    replaces="overview.alliances.breaking",
)
def break_in_nexus(s: AllyFacts) -> bool:
    """A faction may leave its alliance during a Nexus, without its ally's permission; outside a Nexus the
    alliance persists (the expansion effects that change that are not in a gf9 position)."""
    return s.phase_index == NEXUS


@break_in_nexus.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == NEXUS


def _no_alliance(s: AllyFacts, _o: dict[str, Any]) -> str:
    if len(s.factions) == 1:
        return f"{display(s.faction)} is in no alliance: there is none to break."
    return f"{names(s.factions)} are not allied: there is no alliance of theirs to break."


@rule(
    "gf9.alliances.break-existing",
    on="ally",
    cites="gf9:131",
    title="Only an existing alliance can be broken",
    forbids=_no_alliance,
    permits=lambda s, _o: f"{names(s.factions)}: an existing alliance is broken.",
    when=_breaking,
)
def break_existing(s: AllyFacts) -> bool:
    """What is broken in a Nexus is an existing alliance: the faction leaving must be allied (with the other
    faction named, where the move names two)."""
    return s.existing


@break_existing.z3
def _(v: Any) -> z3.BoolRef:
    return v.existing


# gf9:137 "If newly allied factions already share a territory, one must leave during Shipment and Movement.
#          ... Advanced Bene Gesserit advisors are included in this official alliance restriction. ..."
# gf9:143 "Outside the Polar Sink, newly allied factions sharing a territory must separate during Shipment
#          and Movement. ..."
# gf9:383 "The alliance restriction still applies to advisors. ..."


def _must_separate(s: AllyFacts, o: dict[str, Any]) -> str:
    where = o.get("must_separate", s.shared_names)
    if not where:
        return f"{names(s.factions)} share no territory outside the Polar Sink: neither has to move away."
    return (
        f"{names(s.factions)} both have forces in {', '.join(where)}: one of them must leave during Shipment and "
        "Movement."
    )


@rule(
    "gf9.alliances.must-separate",
    on="ally",
    cites="gf9:137,143,383",
    see_also="gf9:135",
    title="Newly allied factions sharing a territory must separate",
    permits=_must_separate,
    defines=("must_separate",),
    when=lambda s: _forming(s) and s.size == 2,
    one_sided="an outcome rule: it names where the new allies must separate and never forbids forming",
)
def must_separate(s: AllyFacts) -> dict[str, Any]:
    """The territories outside the Polar Sink where both new allies have forces, advisors included: one of
    them must leave during Shipment and Movement (the position kind judges it afterwards)."""
    return {"must_separate": list(s.shared_names)}


@must_separate.z3
def _(v: Any) -> z3.BoolRef:
    return v.separate == v.shared


# == bribe =======================================================================================

# gf9:337 "Bribery is an Advanced Game rule. Players learning the Basic Game may still share information."
# gf9:339 "Information sharing is permitted in either game. Paid, binding deals use the Advanced rule above.
#          A deal cannot create a permission the rules do not give."


@rule(
    "gf9.deals.bribe-advanced",
    on="bribe",
    cites="gf9:337",
    see_also="gf9:339",
    title="Bribery is an Advanced Game rule",
    forbids=lambda s, _o: f"{display(s.faction)} cannot bribe {display(s.to)} in a Basic game: bribery is Advanced.",
    permits="An Advanced game: bribery is allowed.",
    replaces="overview.deals.not-allies",
    differs="bribes in the Basic game: overview:107 lets non-allied players make deals and bribes in any game (bribes "
    "are not among overview:106's Advanced additions); gf9:337 makes bribery an Advanced Game rule",
)
def bribe_advanced(s: BribeFacts) -> bool:
    """Bribes are made in the Advanced game only; in the Basic game players may still share information (which
    needs no move)."""
    return s.advanced


@bribe_advanced.z3
def _(v: Any) -> z3.BoolRef:
    return v.advanced


# gf9:331 "Players outside the same alliance may make binding spoken deals about legal future actions,
#          information and spice. ..."
# gf9:333 "... Allies cannot bribe each other; use their permitted purchase or shipment contributions and
#          their specific alliance advantages."


@rule(
    "gf9.deals.not-allies",
    on="bribe",
    cites="gf9:333",
    see_also="gf9:331",
    title="Allies cannot bribe each other",
    forbids=lambda s, _o: (
        f"{display(s.faction)} and {display(s.to)} are allies: allies cannot bribe each other (they pay toward "
        "each other's purchases and shipments instead)."
    ),
    permits=lambda s, _o: f"{display(s.faction)} and {display(s.to)} are not allies.",
    replaces="overview.deals.not-allies",
)
def not_allies(s: BribeFacts) -> bool:
    """A bribe passes between factions outside the same alliance; allies help each other only as the alliance
    rules allow."""
    return not s.allied


@not_allies.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.allied)


# == deal =========================================================================================


@rule(
    "gf9.deals.deal-advanced",
    on="deal",
    cites="gf9:339",
    title="Binding deals are the Advanced rule",
    forbids=lambda s, _o: (
        f"{names(s.factions)} cannot make a binding deal in a Basic game: paid, binding deals use the Advanced rule "
        "(information may still be shared in either game)."
    ),
    permits="An Advanced game: binding deals are allowed.",
    counterpart="overview.deals.deal-not-allies",
    differs="deals in the Basic game: overview:107 lets non-allied players make verbal deals in any game; gf9:339 "
    "makes paid, binding deals an Advanced rule",
)
def deal_advanced(s: DealFacts) -> bool:
    """A binding deal is made in the Advanced game; Basic players may share information, which needs no move."""
    return not s.basic


@deal_advanced.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.basic)


@rule(
    "gf9.deals.deal-not-allies",
    on="deal",
    cites="gf9:331",
    title="Binding deals are made by players outside the same alliance",
    forbids=lambda s, _o: f"{names(s.allies)} are allies: binding deals are made by players outside the same alliance.",
    permits=lambda s, _o: f"{names(s.factions)} are not in the same alliance.",
    replaces="overview.deals.deal-not-allies",
)
def deal_not_allies(s: DealFacts) -> bool:
    """Players outside the same alliance make binding deals; allies help each other as the alliance rules allow."""
    return not s.allied


@deal_not_allies.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.allied)


@rule(
    "gf9.deals.deal-terms",
    on="deal",
    cites="gf9:331",
    title="A deal cannot transfer forces, leaders, cards or faction advantages",
    forbids=lambda s, _o: (
        f"The deal includes {terms_words([t for t in s.terms if t in ('transfer', 'faction-power')])}: a deal cannot "
        "transfer forces, leaders, cards or faction advantages unless a separate effect allows that transfer."
    ),
    permits=lambda s, _o: f"The deal promises {terms_words(s.terms)}: future actions, information or spice.",
    needs=("terms_known",),
    replaces="overview.deals.deal-terms",
)
def deal_terms(s: DealFacts) -> bool:
    """A binding deal is about future actions, information and spice; it cannot hand over forces, leaders, cards or
    a faction advantage (no deal move names the separate effect that would allow it)."""
    return s.forbidden_terms == 0


@deal_terms.z3
def _(v: Any) -> z3.BoolRef:
    return v.forbidden_terms == 0


# gf9:333 "Put a spice bribe in front of the recipient's shield. It cannot be spent until collected at the
#          start of the Mentat Pause. ..."


@rule(
    "gf9.deals.bribe-within-spice",
    on="bribe",
    cites="gf9:333",
    title="A bribe is spice the briber holds",
    forbids=lambda s, _o: (
        f"{display(s.faction)} holds {spice_word(s.spice)}: it cannot put {s.amount} spice in front of "
        f"{whose(s.to)} shield"
        + (
            f" (the {s.bribe_pile} spice of bribes in front of its own shield cannot be spent until collected)."
            if s.bribe_pile
            else "."
        )
    ),
    permits=lambda s, _o: f"{display(s.faction)} holds {spice_word(s.spice)}, enough for a {s.amount}-spice bribe.",
    needs=("spice",),
)
def bribe_within_spice(s: BribeFacts) -> bool:
    """The bribe is spice put in front of the recipient's shield now: the briber must hold it behind its own
    (a promise of future spice is a spoken deal, which no move records)."""
    assert s.spice is not None
    return s.amount <= s.spice


@bribe_within_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.amount <= v.spice


@rule(
    "gf9.deals.bribe-in-front",
    on="bribe",
    cites="gf9:333",
    title="A bribe lies in front of the recipient's shield until the Mentat Pause",
    permits=lambda s, o: (
        f"{s.amount} spice goes in front of {whose(s.to)} shield, not spendable until collected at the start of "
        f"the Mentat Pause; {display(s.faction)} keeps {o.get('spice_total')} spice."
    ),
    defines=("spice_total", "in_front_of_shield", "spendable_from"),
    needs=("spice",),
    replaces="overview.deals.bribe-terms",
    one_sided="an outcome rule: it says where the spice goes and never forbids; whether the bribe may be paid is "
    "gf9.deals.bribe-within-spice",
)
def bribe_in_front(s: BribeFacts) -> dict[str, Any]:
    """The briber's spice goes in front of the recipient's shield: the briber holds that much less behind its
    own, and the recipient cannot spend it until it collects it at the start of the Mentat Pause."""
    assert s.spice is not None
    return {
        "spice_total": s.spice - s.amount,
        "in_front_of_shield": {s.to: s.amount},
        "spendable_from": SPENDABLE_FROM,
    }


@bribe_in_front.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.left == v.spice - v.amount, v.placed == v.amount)


# == give ========================================================================================

# gf9:153 "Alliance does not normally let players transfer spice for other purposes, pay one another's battle
#          support or revival, transfer cards, share leaders, or use every faction power. Each faction's
#          alliance advantage states the further help it permits. The Emperor can give spice directly to its
#          ally, immediately and for any purpose."
# Of the six factions' texts, only the Emperor's (gf9:391) lets it give spice to its ally.


@rule(
    "gf9.alliances.gift-only-emperor",
    on="give",
    cites="gf9:153",
    see_also="gf9:147,157",
    title="Only the Emperor gives spice directly to its ally",
    forbids=lambda s, _o: (
        f"{display(s.faction)} is not the Emperor: alliance does not let it transfer spice to another faction "
        "except toward a Treachery purchase or a shipment."
    ),
    permits="The Emperor can give spice directly to its ally.",
)
def gift_only_emperor(s: GiveFacts) -> bool:
    """Allies pay toward each other's Treachery purchases and shipments, to the payee (gf9:147); they do not
    otherwise transfer spice. The Emperor's alliance advantage is the exception."""
    return s.is_emperor


@gift_only_emperor.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_emperor


# gf9:391 "You may give spice directly to your ally, for any reason and at any time. It goes behind the ally's
#          shield and is immediately usable. This is separate from normal allied contributions to purchases
#          and shipments."  (the Emperor's faction text)


@rule(
    "gf9.alliances.gift-to-ally",
    on="give",
    cites="gf9:391",
    see_also="gf9:333",
    title="Spice is given directly only to an ally",
    forbids=lambda s, _o: (
        f"{display(s.to)} is not {whose(s.faction)} ally: spice goes directly only to an ally; to another faction "
        "it is a bribe, in front of its shield."
    ),
    permits=lambda s, _o: f"{display(s.to)} is {whose(s.faction)} ally.",
)
def gift_to_ally(s: GiveFacts) -> bool:
    """The Emperor gives spice directly to its ally, at any time and for any reason; spice for a faction outside
    the alliance is a bribe (gf9:333), which lies in front of the shield instead."""
    return s.allied


@gift_to_ally.z3
def _(v: Any) -> z3.BoolRef:
    return v.allied


@rule(
    "gf9.alliances.gift-within-spice",
    on="give",
    cites="gf9:391",
    title="The gift is spice the giver holds",
    forbids=lambda s, _o: f"{display(s.faction)} holds {spice_word(s.spice)}: it cannot give {s.amount} spice.",
    permits=lambda s, _o: f"{display(s.faction)} holds {spice_word(s.spice)}, enough to give {s.amount}.",
    needs=("spice",),
)
def gift_within_spice(s: GiveFacts) -> bool:
    """The spice given comes from behind the giver's shield: it cannot give more than it holds."""
    assert s.spice is not None
    return s.amount <= s.spice


@gift_within_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.amount <= v.spice


def _behind(s: GiveFacts, o: dict[str, Any]) -> str:
    ally = "" if o.get("ally_spice_total") is None else f", which now holds {o['ally_spice_total']}"
    return (
        f"{s.amount} spice goes behind {whose(s.to)} shield, usable at once{ally}; {display(s.faction)} keeps "
        f"{o.get('spice_total')}."
    )


@rule(
    "gf9.alliances.gift-behind-shield",
    on="give",
    cites="gf9:391",
    title="Spice given to the ally goes behind its shield, usable at once",
    permits=_behind,
    defines=("spice_total", "ally_spice_total"),
    needs=("spice",),
    one_sided="an outcome rule: it says where the spice goes and never forbids",
)
def gift_behind_shield(s: GiveFacts) -> dict[str, int]:
    """The spice leaves the giver's holdings and goes behind the ally's shield, immediately usable (the ally's
    total is given where the position gives its spice)."""
    assert s.spice is not None
    out = {"spice_total": s.spice - s.amount}
    if s.to_spice is not None:
        out["ally_spice_total"] = s.to_spice + s.amount
    return out


@gift_behind_shield.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.left == v.spice - v.amount, v.ally_total == v.to_spice + v.amount)
