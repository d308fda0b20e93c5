"""Dreamrules: Revival, as it changes GF9's.

Kept from GF9 (its rules stay in force): revival in the Revival phase, only troops in the Tanks, a faction's own
leaders and only those in the Tanks. Changed: the free revivals of eight factions (no Fremen grant to its ally, no
Emperor payment for its ally's extra troops), the Ixians' Suboids and Cyborgs, Bene Tleilax's income, raised limits
and half price, leader revival once one or fewer leaders are available, the Kwisatz Haderach revived like a leader.
Added: Tleilaxu Ghola's revival (``move.card``: free, one leader or up to five troops, outside the per-turn
allowance, dreamrules:768) and the Fates' (``move.fate``: once per game with the matching worthless card,
dreamrules:734; the Emperor's Prison Planet, dreamrules:1090).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.revival import (
    DR_FREE,
    DR_FREE_LINE,
    LIMIT,
    PRICE,
    RevivalFacts,
    dr_discount,
    dr_free,
    dr_full_troop_cost,
    dr_leader_cost,
    dr_troop_cost,
    z3_dr_leader_cost,
    z3_dr_troop_cost,
)
from checker.arrakis.position import BATTLE, REVIVAL
from checker.names import display, whose
from checker.rules import chapter, gap, restates, rule, set_aside
from constraints.gf9.revival import face_down_wait as gf9_face_down_wait
from constraints.gf9.revival import leader_own as gf9_leader_own
from constraints.gf9.revival import revival_phase as gf9_revival_phase

chapter("revive", "dreamrules:368-390,734,768,940-946,1040,1058,1078,1090,1096,1116,1144,1170,1176-1178,1212")

set_aside(
    "dreamrules:374",
    "where revived troops go (reserves, to ship later): every revival returns them there; no verdict turns on it",
)

RAISED = 5  # dreamrules:380, 1176: Bene Tleilax may raise a faction's limit from three to five
SPECIAL_ONE = ("emperor", "fremen")  # dreamrules:378: one Sardaukar, one Fedaykin a turn


def _ordinary(s: RevivalFacts) -> bool:
    """An ordinary revival: not by a Fate (Prison Planet) nor a card (Ghola), whose own limits and prices apply."""
    return not s.fate and not s.has_card


def _special_paid(s: RevivalFacts) -> bool:
    """A Sardaukar or Fedaykin among troops beyond the free ones: dreamrules:372 prices only normal troops."""
    return _ordinary(s) and s.faction in SPECIAL_ONE and s.special > 0 and s.forces > dr_free(s)


def _tleilaxu_unlimited(s: RevivalFacts) -> bool:
    """Bene Tleilax's own revival has no limit, unless Karama stopped its Discount Revival (dreamrules:946)."""
    return s.is_tleilaxu and not s.discount_suppressed


def _may_be_raised(s: RevivalFacts) -> bool:
    """Four or five troops with Bene Tleilax (perhaps) in the game: it may have raised the limit to five."""
    total = s.forces + s.revived_before
    return _ordinary(s) and not s.is_tleilaxu and s.tleilaxu_in_game is not False and LIMIT < total <= RAISED


def _tleilaxu_prices_leader(s: RevivalFacts) -> bool:
    """Bene Tleilax may set the price of a leader's ordinary revival (not Ghola's free one, nor Prison Planet's at
    normal cost, from which it collects nothing: dreamrules:768, 1090)."""
    return _ordinary(s) and s.has_leader and not s.is_tleilaxu and s.tleilaxu_in_game is not False


# dreamrules:372 "Take the free revivals allowed by your faction. Each additional normal troop costs two spice,
#                 paid to the Spice Bank. You can only revive troops that are in the Tanks."
# GF9's payee rule unchanged where no Bene Tleilax plays (gf9:33): its findings quote this line first.
restates("dreamrules:372", "gf9.revival.payee")
# Free revival: Atreides 2 (1040), Harkonnen 2 (1058), Emperor 1 (1078), Guild 1 (1096), Fremen 3 (1116),
# Bene Gesserit 1 (1144), Bene Tleilax 0 (1170), Ixians 1, a Suboid or a Cyborg (1212).


@rule(
    "dreamrules.revival.free",
    on="revive",
    cites="dreamrules:372",
    see_also="dreamrules:1040,1058,1078,1096,1116,1144,1170,1212",
    title="The free revivals allowed by the faction",
    permits=lambda s, _o: (
        f"{whose(s.faction)} free revival is {dr_free(s)} troop{'s' if dr_free(s) != 1 else ''} "
        f"(dreamrules:{DR_FREE_LINE[s.dr_no]})."
    ),
    defines=("free",),
    when=lambda s: s.dr_no >= 0 and _ordinary(s),
    replaces="gf9.revival.free-allowance",
    one_sided="it fixes the allowance; it never forbids",
)
def free(s: RevivalFacts) -> dict[str, int]:
    """Each faction takes its own free revivals: Atreides 2, Harkonnen 2, Emperor 1, Guild 1, Fremen 3, Bene
    Gesserit 1, Bene Tleilax 0, Ixians 1 (a Suboid or a Cyborg)."""
    return {"free": dr_free(s)}


@free.z3
def _(v: Any) -> z3.BoolRef:
    allowance = z3.IntVal(0)
    for i, n in enumerate(DR_FREE):
        allowance = z3.If(v.dr_no == i, n, allowance)
    return v.free == allowance


# dreamrules:1136 "Your ally puts spice used for spice dialing into their bribe pile instead of the bank, and their
#                  troops are safe from worms." (Fremen's alliance powers: no free revivals for the ally)


@rule(
    "dreamrules.revival.no-fremen-grant",
    on="revive",
    cites="dreamrules:372",
    see_also="dreamrules:1136",
    title="No free revivals granted by an ally Fremen: a faction takes its own",
    forbids="Fremen cannot grant {Faction} three free revivals: a faction takes the free revivals allowed by "
    "its own faction, and Fremen's alliance powers grant none.",
    permits="{Faction}, allied with Fremen, takes its own free revivals.",
    when=lambda s: s.fremen_ally or s.grant_asked,
    replaces="gf9.revival.fremen-ally-free",
    differs="Fremen's ally reviving: gf9:403 lets Fremen grant it three free revivals; dreamrules:372 gives each "
    "faction its own free revivals, and Fremen's alliance powers (dreamrules:1136) include no such grant",
)
def no_fremen_grant(s: RevivalFacts) -> bool:
    """A faction revives with its own free allowance: Fremen's ally gets no grant of three (move.fremen_grant)."""
    return not s.grant_asked


@no_fremen_grant.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.fremen_grant)


# dreamrules:378 "An Ixian Suboid costs one spice to revive; a Cyborg costs three. ..."
# dreamrules:382 "Bene Tleilax have no revival limits and pay half price, rounded up. ... Their ally shares the
#                 discount. Round each leader's cost separately; total the discounted troop cost before rounding."


def _cost_message(s: RevivalFacts, _o: dict[str, Any]) -> str:
    cost = dr_troop_cost(s)
    who = display(s.faction)
    if s.is_ixians:
        what = f"{s.count} Suboid{'s' if s.count != 1 else ''} (1 each) and {s.special} Cyborg" + (
            "s (3 each)" if s.special != 1 else " (3)"
        )
        base = f"{who} revives {what}, one free: {dr_full_troop_cost(s)} spice"
    else:
        paid = max(0, s.forces - dr_free(s))
        base = f"{who} revives {s.forces - paid} troops free and {paid} more at 2 spice each: {dr_full_troop_cost(s)}"
    if cost != dr_full_troop_cost(s):
        return f"{base}, half price with Bene Tleilax's discount, rounded up: {cost} spice."
    return f"{base}{'' if s.is_ixians else ' spice'}."


@rule(
    "dreamrules.revival.troop-cost",
    on="revive",
    cites="dreamrules:372,378,382",
    see_also="dreamrules:1178,1220,1222",
    title="Troops beyond the free ones: 2 spice each (Suboid 1, Cyborg 3); half price for Bene Tleilax and ally",
    permits=_cost_message,
    defines=("force_cost",),
    when=lambda s: (
        _ordinary(s) and s.forces > 0 and s.dr_no >= 0 and not _special_paid(s) and not _ally_discount_open(s)
    ),
    replaces="gf9.revival.force-cost",
    one_sided="it fixes the price; paying it is dreamrules.revival.affordable",
)
def troop_cost(s: RevivalFacts) -> dict[str, int]:
    """Each normal troop beyond the free ones costs two spice (to the Bank); an Ixian Suboid one and a Cyborg
    three (the free one taken on a Cyborg when one is revived: the faction's choice, the cheaper for it). Bene
    Tleilax and its ally pay half, the troops' total rounded up."""
    return {"force_cost": dr_troop_cost(s)}


@troop_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.force_cost == z3_dr_troop_cost(v)


gap(
    "dreamrules.revival.special-cost",
    on="revive",
    cites="dreamrules:372",
    see_also="dreamrules:378",
    title="The price of a paid Sardaukar or Fedaykin is not stated",
    reason="a Sardaukar or Fedaykin is revived beyond the free revivals: dreamrules:372 prices each additional "
    "normal troop and no line says which troops are the free ones or what a paid Sardaukar or Fedaykin costs",
    when=_special_paid,
).replaces = ("gf9.revival.special-cost",)


def _ally_discount_open(s: RevivalFacts) -> bool:
    return s.tleilaxu_ally and s.discount_suppressed


gap(
    "dreamrules.revival.ally-discount-stopped",
    on="revive",
    cites="dreamrules:944,946",
    see_also="dreamrules:382",
    title="Bene Tleilax's ally when Karama stopped the Discount Revival",
    reason="Karama stopped Bene Tleilax's Discount Revival: dreamrules:946 returns Bene Tleilax to normal limits and "
    "prices, and does not say whether its ally, who shares the discount (dreamrules:382), loses it too",
    when=_ally_discount_open,
)


# dreamrules:370 "You may normally revive up to three troops per turn. This total includes both free and paid
#                 revivals."
# dreamrules:390 "The leader revival is separate from your troop revival allowance. ..."


@rule(
    "dreamrules.revival.limit",
    on="revive",
    cites="dreamrules:370",
    see_also="dreamrules:380,390",
    title="At most three troops a turn (five where Bene Tleilax raises it)",
    forbids=lambda s, _o: (
        f"{display(s.faction)} revives {s.forces} troops{_earlier(s)}: free and paid together, at most three a turn"
        + (", or five where Bene Tleilax raises the limit." if s.forces + s.revived_before > RAISED else ".")
    ),
    permits=lambda s, _o: f"{display(s.faction)} revives {s.forces} troops{_earlier(s)}: within three a turn.",
    when=lambda s: _ordinary(s) and not s.is_tleilaxu and not _may_be_raised(s),
    replaces=("gf9.revival.limit", "gf9.revival.fremen-no-purchase"),
)
def limit(s: RevivalFacts) -> bool:
    """Free and paid together, a faction revives at most three troops a turn (a leader apart), those revived
    earlier this turn included (a game record's ``revived_this_turn``); Bene Tleilax may raise another faction's
    limit to five (dreamrules.revival.raised-limit), and has none itself."""
    return s.forces + s.revived_before <= LIMIT


@limit.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces + v.revived_before <= LIMIT


def _earlier(s: RevivalFacts) -> str:
    return f" after the {s.revived_before} it revived earlier this turn" if s.revived_before else ""


# dreamrules:380 "Bene Tleilax may raise a faction's troop revival limit from three to five. ..."

gap(
    "dreamrules.revival.raised-limit",
    on="revive",
    cites="dreamrules:380",
    see_also="dreamrules:1176",
    title="Four or five troops: Bene Tleilax may have raised the limit",
    reason="four or five troops are revived with Bene Tleilax in the game: dreamrules:380 lets it raise a "
    "faction's limit from three to five, and the position does not say whether it did",
    when=_may_be_raised,
)


@rule(
    "dreamrules.revival.tleilaxu-unlimited",
    on="revive",
    cites="dreamrules:382",
    see_also="dreamrules:1178",
    title="Bene Tleilax's own revival has no limit",
    permits="Bene Tleilax revives {forces} troops: its own revival has no limit.",
    when=lambda s: _ordinary(s) and _tleilaxu_unlimited(s),
    one_sided="it lifts the limit; it never forbids",
)
def tleilaxu_unlimited(s: RevivalFacts) -> bool:
    """Bene Tleilax revives any number of its own troops (unless Karama stopped its Discount Revival)."""
    return True


@tleilaxu_unlimited.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_tleilaxu


# dreamrules:378 "... Only one Sardaukar and one Fedaykin may be revived per turn."


@rule(
    "dreamrules.revival.special-one",
    on="revive",
    cites="dreamrules:378",
    see_also="dreamrules:1086,1122; gf9:185",
    title="One Sardaukar and one Fedaykin a turn (a Ghola revival too)",
    forbids=lambda s, _o: (
        f"{display(s.faction)} revives {s.special} of its starred troops"
        + (f" after the {s.special_before} it revived earlier this turn" if s.special_before else "")
        + ": only one a turn."
    ),
    permits="{Faction} revives {special} starred troop: one a turn.",
    when=lambda s: (_ordinary(s) or s.ghola) and s.faction in SPECIAL_ONE and s.special > 0,
    replaces="gf9.revival.special-one",
)
def special_one(s: RevivalFacts) -> bool:
    """Only one Sardaukar (Emperor) and one Fedaykin (Fremen) are revived a turn; the Ixians' Cyborgs have no such
    limit. A Tleilaxu Ghola revival keeps this limit: dreamrules:768 takes it outside the per-turn *allowance* (the
    three troops), and GF9, which supplies the unchanged base (dreamrules:1328), says Ghola does not bypass the
    one-special-force limit (gf9:185). Prison Planet lifts it (dreamrules:1090)."""
    return s.special + s.special_before <= 1


@special_one.z3
def _(v: Any) -> z3.BoolRef:
    return v.special + v.special_before <= 1


# dreamrules:1088 "Your alliance advantage, Golden Lion Throne, lets you give spice to your ally instantly, at any
#                  time. This allows you to support payments such as revival and spice dialing that ordinary
#                  allies cannot pay directly for one another."


@rule(
    "dreamrules.revival.no-ally-payment",
    on="revive",
    cites="dreamrules:1088",
    see_also="dreamrules:370",
    title="The Emperor pays for no extra troops of its ally: it gives spice instead",
    forbids="The Emperor cannot pay for {emperor_pays} of {Faction_s} troops: allies cannot pay directly for one "
    "another's revival; the Emperor may give its ally spice (Golden Lion Throne).",
    permits="{Faction} pays its own revival: the Emperor pays for none directly.",
    when=lambda s: s.emperor_ally or bool(s.emperor_pays),
    replaces="gf9.revival.emperor-ally",
    differs="an Emperor's ally reviving: gf9:393 lets the Emperor pay for up to three troops beyond its ally's "
    "three; dreamrules:1088 has allies unable to pay directly for one another (the Emperor gives spice), and "
    "dreamrules:370's three includes every revival",
)
def no_ally_payment(s: RevivalFacts) -> bool:
    """Allies do not pay directly for one another's revival: the Emperor pays for none of its ally's troops
    (``move.emperor_pays``); it may give spice instead."""
    return not s.emperor_pays


@no_ally_payment.z3
def _(v: Any) -> z3.BoolRef:
    return v.emperor_pays == 0


# dreamrules:3 of gf9: spice pays for revival (gf9:3, kept); the Dreamrules prices above.


def _own_cost(s: RevivalFacts) -> int:
    return dr_troop_cost(s) + (dr_leader_cost(s) if s.has_leader else 0)


def _affordable_applies(s: RevivalFacts) -> bool:
    if not _ordinary(s) or s.dr_no < 0 or s.kh or _special_paid(s):
        return False
    if _ally_discount_open(s) or _tleilaxu_prices_leader(s):
        return False
    return s.leader_strength is not None and _own_cost(s) > 0


@rule(
    "dreamrules.revival.affordable",
    on="revive",
    cites="dreamrules:372",
    see_also="dreamrules:386",
    title="The reviver must be able to pay",
    forbids=lambda s, _o: f"{display(s.faction)} cannot pay {_own_cost(s)} spice for this revival: it has {s.spice}.",
    permits=lambda s, _o: f"{display(s.faction)} has {s.spice} spice for the {_own_cost(s)} it pays.",
    needs=("spice",),
    when=_affordable_applies,
    replaces="gf9.revival.affordable",
)
def affordable(s: RevivalFacts) -> bool:
    """The reviver pays its troops beyond the free ones and its leader from its own spice: no more than it has."""
    return _own_cost(s) <= (s.spice or 0)


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3_dr_troop_cost(v) + z3.If(v.has_leader, z3_dr_leader_cost(v), 0) <= v.spice


# dreamrules:380 "... They receive one spice from the bank for each non-Tleilaxu troop revived, including free
#                 revivals, and collect the payments for other factions' leader revivals. ..."


def _income_applies(s: RevivalFacts) -> bool:
    """Each non-Tleilaxu troop revived earns Bene Tleilax one spice: a Ghola's troops too (dreamrules:380 counts
    every troop revived); Prison Planet's none (dreamrules:1090, dreamrules.revival.prison-planet-income)."""
    return (
        s.tleilaxu_in_game is True and not s.is_tleilaxu and s.forces > 0 and not s.fate and (_ordinary(s) or s.ghola)
    )


@rule(
    "dreamrules.revival.tleilaxu-income",
    on="revive",
    cites="dreamrules:380",
    see_also="dreamrules:1176",
    title="Bene Tleilax receives one spice from the Bank for each other faction's troop revived",
    permits="Bene Tleilax receives {forces} spice from the Bank: one for each of {Faction_s} {forces} troops revived, "
    "free ones included.",
    defines=("tleilaxu_income",),
    when=lambda s: _income_applies(s) and not s.income_suppressed,
    one_sided="it fixes Bene Tleilax's income; it never forbids",
)
def tleilaxu_income(s: RevivalFacts) -> dict[str, int]:
    """With Bene Tleilax in the game, each non-Tleilaxu troop revived, free or paid, earns it one spice."""
    return {"tleilaxu_income": s.forces}


@tleilaxu_income.z3
def _(v: Any) -> z3.BoolRef:
    return v.tleilaxu_income == v.forces


# dreamrules:940 "Revival Income"
# dreamrules:942 "Revival. Bene Tleilax collects no income from troop or leader revivals this phase."


@rule(
    "dreamrules.revival.income-suppressed",
    on="revive",
    cites="dreamrules:940,942",
    see_also="dreamrules:778",
    title="Karama stopped Bene Tleilax's Revival Income",
    permits="Bene Tleilax receives nothing: Karama stopped its Revival Income this phase.",
    defines=("tleilaxu_income",),
    when=lambda s: _income_applies(s) and s.income_suppressed,
    one_sided="it fixes Bene Tleilax's income; it never forbids",
)
def income_suppressed(s: RevivalFacts) -> dict[str, int]:
    """With its Revival Income stopped by Karama, Bene Tleilax collects nothing from revivals this phase."""
    return {"tleilaxu_income": 0}


@income_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.tleilaxu_income == 0


# dreamrules:944 "Discount Revival"
# dreamrules:946 "Revival. Bene Tleilax follows normal revival limits and prices this phase, including the
#                 three-troop limit and two-spice cost per ordinary troop."


@rule(
    "dreamrules.revival.discount-suppressed",
    on="revive",
    cites="dreamrules:944,946",
    see_also="dreamrules:778",
    title="Karama stopped Bene Tleilax's Discount Revival: normal limits",
    forbids="Bene Tleilax revives {forces} troops: Karama stopped its Discount Revival, so the three-troop limit "
    "applies this phase.",
    permits="Bene Tleilax revives {forces} troops, within the three-troop limit it follows this phase.",
    when=lambda s: _ordinary(s) and s.is_tleilaxu and s.discount_suppressed,
)
def discount_suppressed(s: RevivalFacts) -> bool:
    """With its Discount Revival stopped, Bene Tleilax follows the three-troop limit (those it revived earlier this
    turn included) and the normal price."""
    return s.forces + s.revived_before <= LIMIT


@discount_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces + v.revived_before <= LIMIT


# dreamrules:380 "... They may set a price to revive one leader per faction per turn."

gap(
    "dreamrules.revival.tleilaxu-leader-price",
    on="revive",
    cites="dreamrules:380",
    see_also="dreamrules:1176",
    title="Bene Tleilax may set the price of a leader's revival",
    reason="a leader is revived with Bene Tleilax in the game: dreamrules:380 lets it set the price to revive one "
    "leader per faction per turn, and the position does not say whether it did or at what price",
    when=_tleilaxu_prices_leader,
)

# dreamrules:386 "When you have one or fewer available leaders, you may begin reviving your leaders from the
#                 Tanks. You may normally revive one leader per turn, paying spice equal to that leader's
#                 strength. Continue until all your leaders have been revived."


@rule(
    "dreamrules.revival.leader-one",
    on="revive",
    cites="dreamrules:386",
    title="One leader a turn",
    forbids="{Faction} revived a leader earlier this turn: it may normally revive one leader per turn.",
    permits="{Faction} has revived no leader yet this turn.",
    when=lambda s: s.has_leader and _ordinary(s),
    replaces="gf9.revival.leader-one",
)
def leader_one(s: RevivalFacts) -> bool:
    """A faction normally revives one leader a turn: none where a game record says it revived one earlier this turn
    (``revived_this_turn``); a card's or a Fate's revival follows its own text."""
    return s.leaders_before == 0


@leader_one.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.has_leader, v.leaders_before == 0)


@rule(
    "dreamrules.revival.leader-cost",
    on="revive",
    cites="dreamrules:386; gf9:191",
    see_also="dreamrules:382",
    title="A leader costs its strength (half, rounded up, for Bene Tleilax and its ally), paid to the Bank",
    permits=lambda s, _o: (
        f"{display(s.faction)} pays {dr_leader_cost(s)} spice for {s.leader} (strength {s.leader_strength}"
        f"{', half price rounded up' if dr_leader_cost(s) != s.leader_strength else ''}), to the Bank."
    ),
    defines=("leader_cost", "paid_to"),
    needs=("leader_strength",),
    when=lambda s: (
        s.has_leader
        and s.leader_own
        and not _tleilaxu_prices_leader(s)
        and not s.ghola
        and not _face_down_price_open(s)
    ),
    replaces="gf9.revival.leader-cost",
    one_sided="it fixes the price; paying it is dreamrules.revival.affordable",
)
def leader_cost(s: RevivalFacts) -> dict[str, Any]:
    """A leader costs spice equal to its strength (Bene Tleilax and its ally: half, rounded up for each leader),
    paid to the Bank as GF9 says (gf9:191), which Dreamrules keeps where Bene Tleilax does not play."""
    return {"leader_cost": dr_leader_cost(s), "paid_to": "bank"}


@leader_cost.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.leader_cost == z3_dr_leader_cost(v), v.to_bank)


def _face_down_price_open(s: RevivalFacts) -> bool:
    """Bene Tleilax's discount and a price that turns on the leader lying face down, not known (its own: full
    price if so, dreamrules:382) or not said (its ally's: dreamrules.revival.face-down-ally-price)."""
    if not dr_discount(s):
        return False
    return (s.is_tleilaxu and not s.face_down_known) or (s.tleilaxu_ally and s.leader_face_down)


def _available(s: RevivalFacts) -> int:
    return s.own_leaders - s.own_leaders_in_tanks


@rule(
    "dreamrules.revival.leader-available",
    on="revive",
    cites="dreamrules:386",
    title="Leader revival begins with one or fewer leaders available",
    permits=lambda s, _o: (
        f"{display(s.faction)} has {_available(s)} leader{'s' if _available(s) != 1 else ''} available: one or "
        "fewer, so it may revive its leaders."
    ),
    when=lambda s: s.has_leader and s.leader_own and s.leader_in_tanks and _available(s) <= 1,
    replaces="gf9.revival.leader-eligibility",
    one_sided="with more leaders available the answer depends on whether revival began earlier: "
    "dreamrules.revival.leader-continue",
)
def leader_available(s: RevivalFacts) -> bool:
    """With one or fewer of its leaders available (not in the Tanks) a faction may begin reviving its leaders."""
    return True


@leader_available.z3
def _(v: Any) -> z3.BoolRef:
    return v.own_leaders - v.own_leaders_in_tanks <= 1


def _leaders_word(s: RevivalFacts) -> str:
    return f"{_available(s)} leader{'s' if _available(s) != 1 else ''} available"


@rule(
    "dreamrules.revival.leader-continue",
    on="revive",
    cites="dreamrules:386",
    title="Leader revival, once begun, continues until all the leaders are revived",
    forbids=lambda s, _o: (
        f"{display(s.faction)} has {_leaders_word(s)} and has not begun reviving its leaders "
        f"(factions.{s.faction}.leader_revival_begun): it may begin only with one or fewer available."
    ),
    permits=lambda s, _o: (
        f"{display(s.faction)} began reviving its leaders and continues until all have been revived: "
        f"{_leaders_word(s)} now does not stop it."
    ),
    needs=("revival_begun",),
    when=lambda s: s.has_leader and s.leader_own and s.leader_in_tanks and _available(s) > 1 and _ordinary(s),
)
def leader_continue(s: RevivalFacts) -> bool:
    """With two or more leaders available, a faction revives a leader only if it began reviving its leaders earlier
    (with one or fewer available) and has not yet revived them all: it may continue until all have been revived."""
    return bool(s.revival_begun)


@leader_continue.z3
def _(v: Any) -> z3.BoolRef:
    return v.revival_begun


# dreamrules:390 "The leader revival is separate from your troop revival allowance. Faction abilities and cards can
#                 provide exceptions to these limits."

gap(
    "dreamrules.revival.leader-card-available",
    on="revive",
    cites="dreamrules:386,390",
    see_also="dreamrules:768,1090",
    title="A card or Fate revives a leader while two or more are available",
    reason="Tleilaxu Ghola or Prison Planet revives a leader while the faction has two or more available: "
    "dreamrules:386 lets leader revival begin with one or fewer, dreamrules:390 lets cards and abilities provide "
    "exceptions to 'these limits', and neither the card (dreamrules:768) nor the Fate (dreamrules:1090) says "
    "whether that condition is one of them",
    when=lambda s: s.has_leader and s.leader_own and s.leader_in_tanks and _available(s) > 1 and not _ordinary(s),
)

# dreamrules:388 "... If killed again, place that leader face down in the Tanks. It cannot be revived again until
#                 your other revivable leaders have also been revived and killed again."
# Which leaders lie face down is factions.F.leaders_face_down (Mentat's extension of the position format).

gap(
    "dreamrules.revival.face-down",
    on="revive",
    cites="dreamrules:388",
    see_also="dreamrules:382,1178",
    title="A leader revived before lies face down",
    reason="a leader who was revived and killed again lies face down and cannot be revived until the faction's "
    "other revivable leaders have also been revived and killed again (dreamrules:388; Bene Tleilax pays full "
    "price for its own, dreamrules:382); the position does not give the faction's leaders_face_down",
    when=lambda s: s.has_leader and s.leader_own and s.leader_in_tanks and not s.face_down_known,
    explain=lambda s: (
        f"the position does not give factions.{s.faction}.leaders_face_down: whether {s.leader} was revived and "
        "killed again, and lies face down (dreamrules:388), is not known"
    ),
).replaces = ("gf9.revival.face-down",)


def _face_down_given(s: RevivalFacts) -> bool:
    """An own leader in the Tanks revived ordinarily (not by Ghola, a Fate or a spy's Infiltration), the position
    saying which of the faction's leaders lie face down."""
    return (
        s.has_leader
        and s.leader_own
        and s.leader_in_tanks
        and s.face_down_known
        and _ordinary(s)
        and not _face_dancer_spy(s)
    )


def _down_elsewhere(s: RevivalFacts) -> bool:
    """The leader revived lies face down, and Harkonnen (killing a captive face down, dreamrules:1066) or Bene
    Tleilax (an Infiltration's end, dreamrules:1196) may play: it may lie face down without having been revived."""
    return s.leader_face_down and bool(s.face_down_elsewhere)


def _revivable_open(s: RevivalFacts) -> bool:
    return s.leader_face_down and s.others_face_up == 0 and s.others_out > 0


@rule(
    "dreamrules.revival.face-down-wait",
    on="revive",
    cites="dreamrules:388",
    title="A face-down leader waits for your other revivable leaders",
    forbids=lambda s, _o: (
        f"{s.leader} lies face down in the Tanks: it cannot be revived again until {whose(s.faction)} other "
        f"revivable leaders have also been revived and killed again, and {s.face_up_names} "
        f"{'lies' if s.others_face_up == 1 else 'lie'} face up there, not yet revived."
    ),
    permits=lambda s, _o: (
        f"{s.leader} lies face up in the Tanks: it was not revived and killed before."
        if not s.leader_face_down
        else f"{s.leader} lies face down, and {whose(s.faction)} other leaders all lie face down in the Tanks too: "
        "revived and killed again."
    ),
    when=lambda s: _face_down_given(s) and not _down_elsewhere(s) and not _revivable_open(s),
    replaces="gf9.revival.face-down-wait",
)
def face_down_wait(s: RevivalFacts) -> bool:
    """A leader revived and killed again lies face down: it is not revived again while another of the faction's
    leaders lies face up in the Tanks, not yet revived and killed again (GF9's clause in Dreamrules' words: its
    check and form serve). Where Harkonnen or Bene Tleilax may play, a face-down leader may not have been revived
    before (dreamrules:1066, 1196): dreamrules.revival.face-down-elsewhere."""
    return bool(gf9_face_down_wait.check(s))


@face_down_wait.z3
def _(v: Any) -> z3.BoolRef:
    assert gf9_face_down_wait.form is not None
    return gf9_face_down_wait.form(v)


# "revivable" is as open in dreamrules:388 as in gf9:195: gf9's gap, quoting Dreamrules' line first
restates("dreamrules:388", "gf9.revival.face-down-revivable")

gap(
    "dreamrules.revival.face-down-elsewhere",
    on="revive",
    cites="dreamrules:1066,1196",
    see_also="dreamrules:388",
    title="A face-down leader where a captive or an Infiltration may have put it there",
    reason="the leader revived lies face down and Harkonnen or Bene Tleilax may play: a captured leader is killed "
    "face down (dreamrules:1066) and an Infiltration's end puts leaders face down (dreamrules:1196), neither revived "
    "and killed again; whether dreamrules:388's wait holds such a leader is not said",
    when=lambda s: _face_down_given(s) and _down_elsewhere(s),
    explain=lambda s: (
        f"{s.leader} lies face down and {s.face_down_elsewhere} may play: a leader may lie face down without "
        "having been revived and killed again, and whether dreamrules:388's wait holds it is not said"
    ),
).replaces = ("gf9.revival.face-down-tleilaxu",)


def _exception_open(s: RevivalFacts) -> bool:
    """A face-down leader revived by Tleilaxu Ghola or Prison Planet where the wait would matter: another leader
    lies face up or is not in the Tanks, or any face-down leader may not have been revived before."""
    if not (s.has_leader and s.leader_own and s.leader_in_tanks and s.face_down_known and s.leader_face_down):
        return False
    if not (s.ghola or (s.fate and s.is_emperor)):
        return False
    return s.others_face_up > 0 or s.others_out > 0 or bool(s.face_down_elsewhere)


gap(
    "dreamrules.revival.face-down-exception",
    on="revive",
    cites="dreamrules:768,1090",
    see_also="dreamrules:388,390; gf9:195",
    title="Tleilaxu Ghola or Prison Planet revives a face-down leader",
    reason="a face-down leader is revived by Tleilaxu Ghola (dreamrules:768: 'one of your leaders', outside the "
    "per-turn allowance) or Prison Planet (dreamrules:1090: 'the usual ... leader limits do not apply'); cards and "
    "abilities 'can provide exceptions' (dreamrules:390), and whether these set aside dreamrules:388's wait for the "
    "faction's other leaders is not said",
    when=_exception_open,
    explain=lambda s: (
        f"{s.leader} lies face down and "
        + (
            "Tleilaxu Ghola revives this leader (dreamrules:768)"
            if s.ghola
            else "Prison Planet revives this leader (dreamrules:1090)"
        )
        + (
            f", while {s.face_up_names} {'lies' if s.others_face_up == 1 else 'lie'} face up in the Tanks"
            if s.others_face_up
            else ""
        )
        + (f", while {s.out_names} {'is' if s.others_out == 1 else 'are'} not in the Tanks" if s.others_out else "")
        + ": whether the card or Fate sets aside dreamrules:388's wait for the faction's other leaders is not said"
    ),
)

gap(
    "dreamrules.revival.face-down-ally-price",
    on="revive",
    cites="dreamrules:382,1178",
    title="Bene Tleilax's ally revives a face-down leader: half or full price",
    reason="Bene Tleilax's own face-down leaders cost full price and its ally 'shares the discount' "
    "(dreamrules:382), 'these prices' (dreamrules:1178): whether the ally's face-down leaders cost half or full "
    "price is not said",
    when=lambda s: _face_down_given(s) and s.tleilaxu_ally and s.leader_face_down and not s.discount_suppressed,
)

# dreamrules:1048 "... A lasgun-shield explosion can kill the token; it can then be revived like a leader."

gap(
    "dreamrules.revival.kwisatz-haderach",
    on="revive",
    cites="dreamrules:1048",
    title="The Kwisatz Haderach is revived like a leader",
    reason="Atreides revives the Kwisatz Haderach: dreamrules:1048 revives it 'like a leader', and no line gives its "
    "price (a leader costs its strength; the token has none of its own, it adds two) nor when it is eligible",
    when=lambda s: s.kh and s.is_atreides,
).replaces = ("gf9.revival.kh-cost", "gf9.revival.kh-eligibility", "gf9.revival.kh-eligible", "gf9.revival.kh-tleilaxu")

# -- Tleilaxu Ghola (a card that revives: move.card) ------------------------------------------------
# dreamrules:768 "Revive one of your leaders or up to five of your troops without paying spice. These revivals do not
#                 use the normal per-turn allowance. Return revived troops to reserves."

GHOLA_TROOPS = 5  # dreamrules:768


def _ghola_elsewhen(s: RevivalFacts) -> bool:
    """Tleilaxu Ghola played outside the Revival phase."""
    return s.ghola and s.phase_index is not None and s.phase_index != REVIVAL


def _ghola_what(s: RevivalFacts) -> str:
    if s.has_leader and s.forces:
        return f"{s.leader} and {s.forces} troop{'s' if s.forces != 1 else ''}"
    if s.has_leader:
        return s.leader
    return f"{s.forces} troop{'s' if s.forces != 1 else ''}"


@rule(
    "dreamrules.revival.ghola-free",
    on="revive",
    cites="dreamrules:768",
    title="Tleilaxu Ghola revives without paying spice, outside the per-turn allowance",
    permits=lambda s, _o: (
        f"{display(s.faction)} revives {_ghola_what(s)} with Tleilaxu Ghola without paying spice, outside the "
        "normal per-turn allowance."
    ),
    defines=("force_cost", "leader_cost"),
    when=lambda s: s.ghola,
    replaces="gf9.revival.ghola",
    one_sided="it fixes the price (none); what the card may revive is dreamrules.revival.ghola-five and "
    "dreamrules.revival.ghola-either",
)
def ghola_free(s: RevivalFacts) -> dict[str, int]:
    """A Tleilaxu Ghola revival costs nothing, and the three-a-turn limit does not count it (the ordinary limit,
    price and free revivals apply to ordinary revivals only)."""
    return {"force_cost": 0, "leader_cost": 0}


@ghola_free.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.force_cost == 0, v.leader_cost == 0)


@rule(
    "dreamrules.revival.ghola-five",
    on="revive",
    cites="dreamrules:768",
    title="Tleilaxu Ghola revives up to five troops",
    forbids="{Faction} revives {forces} troops with Tleilaxu Ghola: the card revives up to five.",
    permits="{Faction} revives {forces} troops with Tleilaxu Ghola: up to five, whatever the per-turn allowance.",
    when=lambda s: s.ghola and s.forces > 0,
)
def ghola_five(s: RevivalFacts) -> bool:
    """Ghola revives up to five of the faction's troops (free and apart from the three-a-turn allowance)."""
    return s.forces <= GHOLA_TROOPS


@ghola_five.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces <= GHOLA_TROOPS


@rule(
    "dreamrules.revival.ghola-either",
    on="revive",
    cites="dreamrules:768",
    title="Tleilaxu Ghola revives a leader or troops, not both",
    forbids=lambda s, _o: (
        f"{display(s.faction)} revives {_ghola_what(s)} with one Tleilaxu Ghola: the card revives one leader or "
        "up to five troops, not both."
    ),
    permits=lambda s, _o: f"{display(s.faction)} revives {_ghola_what(s)} with Tleilaxu Ghola: a leader or troops.",
    when=lambda s: s.ghola,
)
def ghola_either(s: RevivalFacts) -> bool:
    """One of your leaders *or* up to five of your troops: one Ghola does not revive both."""
    return not (s.has_leader and s.forces > 0)


@ghola_either.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(z3.And(v.has_leader, v.forces > 0))


gap(
    "dreamrules.revival.ghola-timing",
    on="revive",
    cites="dreamrules:490",
    see_also="dreamrules:770,1332",
    title="Tleilaxu Ghola played outside the Revival phase",
    reason="Tleilaxu Ghola is played outside the Revival phase: dreamrules:768 gives the card no timing; the book "
    "says only that in battle it must be played before reveal (dreamrules:490, 1332) and that a leader who already "
    "fought stays committed to that territory (dreamrules:770); when else it may be played is not stated",
    when=_ghola_elsewhen,
)

gap(
    "dreamrules.revival.other-card",
    on="revive",
    cites="dreamrules:768",
    title="A card other than Tleilaxu Ghola revives",
    reason="the revival names a card other than Tleilaxu Ghola (move.card): Tleilaxu Ghola is the card whose text "
    "revives (dreamrules:768); Mentat does not read any other card as a revival",
    when=lambda s: s.has_card and not s.ghola,
)


# -- Fates and Prison Planet (move.fate) ------------------------------------------------------------
# dreamrules:734 "If you hold the matching worthless Treachery Card, you may play it to activate your faction's Fate
#                 once per game. ..."


@rule(
    "dreamrules.revival.fate-once",
    on="revive",
    cites="dreamrules:734",
    see_also="dreamrules:21",
    title="A Fate is used once per game",
    forbids="{Faction} has already used its Fate (fate_used): a Fate is activated once per game.",
    permits="{Faction} has not used its Fate yet.",
    when=lambda s: s.fate,
)
def fate_once(s: RevivalFacts) -> bool:
    """A faction activates its Fate once per game: not again once ``fate_used`` is set."""
    return not s.fate_used


@fate_once.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.fate_used)


@rule(
    "dreamrules.revival.fate-card",
    on="revive",
    cites="dreamrules:734",
    title="A Fate is activated with the matching worthless card, held",
    forbids="{Faction} does not hold the worthless card its Fate Indicator matches ({hand_words}).",
    permits="{Faction} holds the worthless card its Fate Indicator matches ({hand_words}).",
    needs=("fate_card_held",),
    when=lambda s: s.fate,
)
def fate_card(s: RevivalFacts) -> bool:
    """The Fate is played with the worthless Treachery Card matching the faction's Fate Indicator
    (``fate_indicator``), which its hand (listed by name) must hold."""
    return bool(s.fate_card_held)


@fate_card.z3
def _(v: Any) -> z3.BoolRef:
    return v.fate_card_held


# dreamrules:1090 "Your Fate, Prison Planet, revives up to five troops of any kind and any one leader at their
#                  normal cost. You may revive pieces for other players. The usual special-troop and leader limits
#                  do not apply to this revival, and Bene Tleilax does not collect income from it. You may play
#                  this Fate at any time except battle step 3."

PP_TROOPS = 5  # dreamrules:1090


def _pp(s: RevivalFacts) -> bool:
    """The Emperor's Prison Planet revival (the Fate, by the Emperor)."""
    return s.fate and s.is_emperor


def _pp_priced(s: RevivalFacts) -> bool:
    """Prison Planet troops at a price the book gives: normal troops (no Sardaukar), no Bene Tleilax discount."""
    return _pp(s) and s.special == 0 and not s.tleilaxu_ally


def _pp_cost(s: RevivalFacts) -> int:
    return PRICE * s.count + ((s.leader_strength or 0) if s.has_leader else 0)


@rule(
    "dreamrules.revival.prison-planet-emperor",
    on="revive",
    cites="dreamrules:1090",
    title="The Fate that revives is the Emperor's, Prison Planet",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot revive with its Fate: the Fate that revives is the Emperor's, Prison Planet."
    ),
    permits="The Emperor revives with its Fate, Prison Planet.",
    when=lambda s: s.fate,
    replaces="gf9.revival.module",
)
def prison_planet_emperor(s: RevivalFacts) -> bool:
    """A revival by a Fate is the Emperor's Prison Planet: no other faction's Fate revives."""
    return s.is_emperor


@prison_planet_emperor.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_emperor


@rule(
    "dreamrules.revival.prison-planet-five",
    on="revive",
    cites="dreamrules:1090",
    title="Prison Planet revives up to five troops of any kind, outside the usual limits",
    forbids="Prison Planet revives up to five troops: the Emperor revives {forces}.",
    permits="Prison Planet revives {forces} troops (up to five, of any kind): the three-a-turn and "
    "one-Sardaukar limits do not apply.",
    when=lambda s: _pp(s) and s.forces > 0,
)
def prison_planet_five(s: RevivalFacts) -> bool:
    """Up to five troops, Sardaukar or not; the ordinary three-a-turn and one-Sardaukar limits do not apply."""
    return s.forces <= PP_TROOPS


@prison_planet_five.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces <= PP_TROOPS


@rule(
    "dreamrules.revival.prison-planet-cost",
    on="revive",
    cites="dreamrules:1090",
    see_also="dreamrules:370,372",
    title="Prison Planet's troops at their normal cost: two spice each",
    permits="Prison Planet revives {count} troops at their normal cost, two spice each: {force_cost} spice "
    "(the free revivals belong to the per-turn allowance it is outside of).",
    defines=("force_cost",),
    when=lambda s: _pp_priced(s) and s.count > 0,
    one_sided="it fixes the price; paying it is dreamrules.revival.prison-planet-affordable",
)
def prison_planet_cost(s: RevivalFacts) -> dict[str, int]:
    """Each troop at its normal cost, two spice (dreamrules:372). None is free: the free revivals are part of the
    per-turn allowance (dreamrules:370), and this revival is outside the usual limits."""
    return {"force_cost": PRICE * s.count}


@prison_planet_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.force_cost == PRICE * v.count


@rule(
    "dreamrules.revival.prison-planet-affordable",
    on="revive",
    cites="dreamrules:1090",
    see_also="dreamrules:372,386",
    title="The Emperor pays Prison Planet's revival at normal cost",
    forbids=lambda s, _o: (
        f"The Emperor cannot pay {_pp_cost(s)} spice for this Prison Planet revival: it has {s.spice}."
    ),
    permits=lambda s, _o: f"The Emperor has {s.spice} spice for the {_pp_cost(s)} this Prison Planet revival costs.",
    needs=("spice",),
    when=lambda s: _pp_priced(s) and (not s.has_leader or s.leader_own) and _pp_cost(s) > 0,
)
def prison_planet_affordable(s: RevivalFacts) -> bool:
    """Two spice a troop and a leader's strength: no more than the Emperor has."""
    return _pp_cost(s) <= (s.spice or 0)


@prison_planet_affordable.z3
def _(v: Any) -> z3.BoolRef:
    return PRICE * v.count + z3.If(v.has_leader, v.leader_strength, 0) <= v.spice


@rule(
    "dreamrules.revival.prison-planet-income",
    on="revive",
    cites="dreamrules:1090",
    see_also="dreamrules:380",
    title="Bene Tleilax collects no income from Prison Planet",
    permits="Bene Tleilax receives nothing from this Prison Planet revival.",
    defines=("tleilaxu_income",),
    when=lambda s: _pp(s) and s.tleilaxu_in_game is True,
    one_sided="it fixes Bene Tleilax's income; it never forbids",
)
def prison_planet_income(s: RevivalFacts) -> dict[str, int]:
    """Bene Tleilax's one spice a troop (dreamrules:380) is not paid for a Prison Planet revival."""
    return {"tleilaxu_income": 0}


@prison_planet_income.z3
def _(v: Any) -> z3.BoolRef:
    return v.tleilaxu_income == 0


@rule(
    "dreamrules.revival.prison-planet-any-time",
    on="revive",
    cites="dreamrules:1090",
    title="Prison Planet may be played at any time except battle step 3",
    permits=lambda s, _o: (
        f"Prison Planet may be played in the {s.phase_name.replace('-', ' ')} phase: at any time except battle step 3."
    ),
    when=lambda s: _pp(s) and s.phase_index is not None and s.phase_index != BATTLE,
    one_sided="outside the Battle phase it always permits; in it, the step decides (dreamrules.revival."
    "prison-planet-battle)",
)
def prison_planet_any_time(s: RevivalFacts) -> bool:
    """The Fate is played at any time except battle step 3: any phase but Battle is open to it (the Revival phase's
    timing, dreamrules.revival.phase, is the ordinary revival's)."""
    return True


@prison_planet_any_time.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index != BATTLE


gap(
    "dreamrules.revival.prison-planet-battle",
    on="revive",
    cites="dreamrules:1090",
    title="Prison Planet in the Battle phase: not at battle step 3",
    reason="Prison Planet is played in the Battle phase: dreamrules:1090 allows it at any time except battle step 3, "
    "and the position does not say which step it is",
    when=lambda s: _pp(s) and s.phase_index == BATTLE,
)

gap(
    "dreamrules.revival.prison-planet-sardaukar",
    on="revive",
    cites="dreamrules:1090",
    see_also="dreamrules:372",
    title="Prison Planet's Sardaukar at their normal cost",
    reason="Prison Planet revives Sardaukar 'at their normal cost' (dreamrules:1090), and no line prices a "
    "Sardaukar's revival (dreamrules:372 prices normal troops)",
    when=lambda s: _pp(s) and s.special > 0,
)

gap(
    "dreamrules.revival.prison-planet-discount",
    on="revive",
    cites="dreamrules:1090",
    see_also="dreamrules:382",
    title="Prison Planet by Bene Tleilax's ally: normal cost or the shared discount",
    reason="the Emperor, allied with Bene Tleilax, revives with Prison Planet 'at their normal cost' "
    "(dreamrules:1090), and Bene Tleilax's ally shares its half price (dreamrules:382): which applies is not said",
    when=lambda s: _pp(s) and s.tleilaxu_ally,
)

gap(
    "dreamrules.revival.prison-planet-others",
    on="revive",
    cites="dreamrules:1090",
    title="Prison Planet revives another player's leader",
    reason="Prison Planet revives a leader not the Emperor's: dreamrules:1090 lets the Emperor revive pieces for "
    "other players, and no line says who pays the normal cost nor whose leader-revival conditions apply",
    when=lambda s: _pp(s) and s.has_leader and not s.leader_own,
)


# dreamrules:1188 "During Storm, you may revive a dead enemy leader matching a Face Dancer Card as a spy. ..."
# dreamrules:1362 "#1835: Infiltration timing during Storm."
# gf9:191 lets a faction revive only its own leaders; Dreamrules' Bene Tleilax may revive an enemy leader that
# matches a Face Dancer Card, which no position key records, at a moment the council has not settled.


def _face_dancer_spy(s: RevivalFacts) -> bool:
    return s.has_leader and s.faction == "bene-tleilax" and not s.leader_own


@rule(
    "dreamrules.revival.leader-own",
    on="revive",
    cites="dreamrules:386",
    see_also="gf9:191",
    title="A faction revives its own leaders (Bene Tleilax's spies apart)",
    forbids=lambda s, _o: f"{s.leader} is not one of {whose(s.faction)} leaders: it cannot revive him.",
    permits=lambda s, _o: f"{s.leader} is one of {whose(s.faction)} leaders.",
    when=lambda s: s.has_leader and not _face_dancer_spy(s) and not s.fate,
    replaces="gf9.revival.leader-own",
)
def leader_own(s: RevivalFacts) -> bool:
    """Leader revival brings back one of the faction's own leaders ("reviving your leaders")."""
    return bool(gf9_leader_own.check(s))  # gf9's clause, kept: its check and form serve


@leader_own.z3
def _(v: Any) -> z3.BoolRef:
    assert gf9_leader_own.form is not None
    return gf9_leader_own.form(v)


gap(
    "dreamrules.revival.face-dancer-spy",
    on="revive",
    cites="dreamrules:1188,1362",
    see_also="dreamrules:1190,1196",
    title="Bene Tleilax revives an enemy leader as a spy (Face Dancers; council question #1835)",
    reason="Bene Tleilax may revive a dead enemy leader matching a Face Dancer Card, during Storm (dreamrules:1188); "
    "no position key names its Face Dancer Cards, and when in the Storm phase the Infiltration happens is council "
    "question #1835 (dreamrules:1362)",
    when=_face_dancer_spy,
)


@rule(
    "dreamrules.revival.phase",
    on="revive",
    cites="gf9:179",
    see_also="dreamrules:1188",
    title="Revival is made in the Revival phase (Bene Tleilax's spies apart)",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot revive in the {s.phase_name.replace('-', ' ')} phase: "
        "forces return from the Tanks during Revival."
    ),
    permits="It is the Revival phase.",
    # gf9's rule, kept, except for the spy Bene Tleilax revives during Storm (dreamrules:1188: a gap, #1835)
    when=lambda s: s.phase_index is not None and not _face_dancer_spy(s) and not s.fate and not _ghola_elsewhen(s),
    replaces="gf9.revival.phase",
)
def revival_phase(s: RevivalFacts) -> bool:
    """Forces and leaders return from the Tanks during the Revival phase, as in GF9."""
    return bool(gf9_revival_phase.check(s))  # gf9's clause, kept: its check and form serve


@revival_phase.z3
def _(v: Any) -> z3.BoolRef:
    assert gf9_revival_phase.form is not None
    return gf9_revival_phase.form(v)
