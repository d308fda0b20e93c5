"""Dreamrules: Revival, as it changes GF9's.

Kept from GF9 (its rules stay in force): revival in the Revival phase, only troops in the Tanks, a faction's own
leaders and only those in the Tanks, a card's revival (Ghola, a gap). Changed: the free revivals of eight
factions (no Fremen grant to its ally, no Emperor payment for its ally's extra troops), the Ixians' Suboids and
Cyborgs, Bene Tleilax's income, raised limits and half price, leader revival once one or fewer leaders are
available, the Kwisatz Haderach revived like a leader, the Emperor's Prison Planet.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.kinds.revival import (
    DR_FREE,
    DR_FREE_LINE,
    LIMIT,
    RevivalFacts,
    dr_free,
    dr_full_troop_cost,
    dr_leader_cost,
    dr_troop_cost,
    z3_dr_leader_cost,
    z3_dr_troop_cost,
)
from checker.names import display
from checker.rules import chapter, gap, rule, set_aside
from constraints.gf9.revival import leader_own as gf9_leader_own
from constraints.gf9.revival import revival_phase as gf9_revival_phase

chapter("revive", "dreamrules:368-390,940-946,1040,1058,1078,1090,1096,1116,1144,1170,1176-1178,1212")

set_aside(
    "dreamrules:374",
    "where revived troops go (reserves, to ship later): every revival returns them there; no verdict turns on it",
)

RAISED = 5  # dreamrules:380, 1176: Bene Tleilax may raise a faction's limit from three to five
SPECIAL_ONE = ("emperor", "fremen")  # dreamrules:378: one Sardaukar, one Fedaykin a turn


def _whose(faction: str) -> str:
    name = display(faction)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


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
    return _ordinary(s) and not s.is_tleilaxu and s.tleilaxu_in_game is not False and LIMIT < s.forces <= RAISED


def _tleilaxu_prices_leader(s: RevivalFacts) -> bool:
    return s.has_leader and not s.is_tleilaxu and s.tleilaxu_in_game is not False


# dreamrules:372 "Take the free revivals allowed by your faction. Each additional normal troop costs two spice,
#                 paid to the Spice Bank. You can only revive troops that are in the Tanks."
# Free revival: Atreides 2 (1040), Harkonnen 2 (1058), Emperor 1 (1078), Guild 1 (1096), Fremen 3 (1116),
# Bene Gesserit 1 (1144), Bene Tleilax 0 (1170), Ixians 1, a Suboid or a Cyborg (1212).


@rule(
    "dreamrules.revival.free",
    on="revive",
    cites="dreamrules:372",
    see_also="dreamrules:1040,1058,1078,1096,1116,1144,1170,1212",
    title="The free revivals allowed by the faction",
    permits=lambda s, _o: (
        f"{_whose(s.faction)} free revival is {dr_free(s)} troop{'s' if dr_free(s) != 1 else ''} "
        f"(dreamrules:{DR_FREE_LINE[s.dr_no]})."
    ),
    defines=("free",),
    when=lambda s: s.dr_no >= 0,
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
        f"{display(s.faction)} revives {s.forces} troops: free and paid together, at most three a turn"
        + (", or five where Bene Tleilax raises the limit." if s.forces > RAISED else ".")
    ),
    permits=lambda s, _o: f"{display(s.faction)} revives {s.forces} troops: within three a turn.",
    when=lambda s: _ordinary(s) and not s.is_tleilaxu and not _may_be_raised(s),
    replaces=("gf9.revival.limit", "gf9.revival.fremen-no-purchase"),
)
def limit(s: RevivalFacts) -> bool:
    """Free and paid together, a faction revives at most three troops a turn (a leader apart); Bene Tleilax
    may raise another faction's limit to five (dreamrules.revival.raised-limit), and has none itself."""
    return s.forces <= LIMIT


@limit.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces <= LIMIT


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
    see_also="dreamrules:1086,1122",
    title="One Sardaukar and one Fedaykin a turn",
    forbids="{Faction} revives {special} of its starred troops: only one a turn.",
    permits="{Faction} revives {special} starred troop: one a turn.",
    when=lambda s: _ordinary(s) and s.faction in SPECIAL_ONE and s.special > 0,
    replaces="gf9.revival.special-one",
)
def special_one(s: RevivalFacts) -> bool:
    """Only one Sardaukar (Emperor) and one Fedaykin (Fremen) are revived a turn; the Ixians' Cyborgs have no such
    limit."""
    return s.special <= 1


@special_one.z3
def _(v: Any) -> z3.BoolRef:
    return v.special <= 1


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
    return s.tleilaxu_in_game is True and not s.is_tleilaxu and s.forces > 0 and not s.fate and not s.has_card


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
    """With its Discount Revival stopped, Bene Tleilax follows the three-troop limit and the normal price."""
    return s.forces <= LIMIT


@discount_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces <= LIMIT


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
    when=lambda s: s.has_leader and s.leader_own and not _tleilaxu_prices_leader(s),
    replaces="gf9.revival.leader-cost",
    one_sided="it fixes the price; paying it is dreamrules.revival.affordable",
)
def leader_cost(s: RevivalFacts) -> dict[str, Any]:
    """A leader costs spice equal to its strength (Bene Tleilax and its ally: half, rounded up for each leader),
    paid to the Bank as GF9 says (gf9:191), which Dreamrules keeps where Bene Tleilax does not play."""
    return {"leader_cost": dr_leader_cost(s), "paid_to": "bank"}


@leader_cost.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.leader_cost == z3_dr_leader_cost(v), v.leader_to_bank)


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


gap(
    "dreamrules.revival.leader-continue",
    on="revive",
    cites="dreamrules:386",
    title="Leader revival with two or more leaders available",
    reason="two or more of the faction's leaders are available: dreamrules:386 lets it begin reviving leaders with "
    "one or fewer available and continue until all have been revived, and the position does not say whether "
    "it began earlier",
    when=lambda s: s.has_leader and s.leader_own and s.leader_in_tanks and _available(s) > 1,
)

# dreamrules:388 "... If killed again, place that leader face down in the Tanks. It cannot be revived again until
#                 your other revivable leaders have also been revived and killed again."

gap(
    "dreamrules.revival.face-down",
    on="revive",
    cites="dreamrules:388",
    see_also="dreamrules:382,1178",
    title="A leader revived before lies face down",
    reason="a leader who was revived and killed again lies face down and cannot be revived until the faction's "
    "other revivable leaders have also been revived and killed again (dreamrules:388; Bene Tleilax pays full "
    "price for its own, dreamrules:382); the position records no face-down leaders",
    when=lambda s: s.has_leader and s.leader_own and s.leader_in_tanks,
).replaces = ("gf9.revival.face-down",)

# dreamrules:1048 "... A lasgun-shield explosion can kill the token; it can then be revived like a leader."

gap(
    "dreamrules.revival.kwisatz-haderach",
    on="revive",
    cites="dreamrules:1048",
    title="The Kwisatz Haderach is revived like a leader",
    reason="Atreides revives the Kwisatz Haderach: dreamrules:1048 revives it 'like a leader', and no line gives its "
    "price (a leader costs its strength; the token has none of its own, it adds two) nor when it is eligible",
    when=lambda s: s.kh and s.is_atreides,
).replaces = ("gf9.revival.kh-cost", "gf9.revival.kh-eligibility")

# dreamrules:1090 "Your Fate, Prison Planet, revives up to five troops of any kind and any one leader at their
#                  normal cost. ..."

gap(
    "dreamrules.revival.prison-planet",
    on="revive",
    cites="dreamrules:1090",
    title="The Emperor's Fate, Prison Planet",
    reason="the revival uses a Fate (move.fate): dreamrules:1090's Prison Planet revives up to five troops of any "
    "kind and any one leader, for other players too, outside the usual limits, and Mentat does not encode the "
    "Fates yet",
    when=lambda s: s.fate,
).replaces = ("gf9.revival.module",)


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
    forbids=lambda s, _o: f"{s.leader} is not one of {display(s.faction)}'s leaders: it cannot revive him.",
    permits=lambda s, _o: f"{s.leader} is one of {display(s.faction)}'s leaders.",
    when=lambda s: s.has_leader and not _face_dancer_spy(s),
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
    when=lambda s: s.phase_index is not None and not _face_dancer_spy(s),
    replaces="gf9.revival.phase",
)
def revival_phase(s: RevivalFacts) -> bool:
    """Forces and leaders return from the Tanks during the Revival phase, as in GF9."""
    return bool(gf9_revival_phase.check(s))  # gf9's clause, kept: its check and form serve


@revival_phase.z3
def _(v: Any) -> z3.BoolRef:
    assert gf9_revival_phase.form is not None
    return gf9_revival_phase.form(v)
