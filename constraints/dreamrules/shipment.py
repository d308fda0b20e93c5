"""Dreamrules: shipment (dreamrules:392-434, the Guild, Fremen, Ixian, Tleilaxu and Karama lines about it).

Kept from GF9 and answered by its rules (dreamrules:15, 1328): the phase, reserves, one territory, the
normal rate (1 a troop to a stronghold, 2 elsewhere), the Guild's
half rates and its three types, the Fremen's free rally within two territories of the Great Flat, an ally's
help up to the cost, the Bene Gesserit's free advisor or fighter. Changed or added here: the Fremen's storm
immunity, the Guild revealing its own spice for its ally's shipment, its ally's three types (the Guild's to
allow), Karama stopping the Guild's advantages, Synthetic Spice, the stronghold limit (the Bene Gesserit may ship
advisors: a gap), and the Surveyor (a gap).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.shipment import ShipmentFacts
from checker.arrakis.position import SHIPMENT_AND_MOVEMENT
from checker.names import display, whose
from checker.rules import chapter, gap, restates, rule, set_aside
from constraints.gf9.shipment import landing_clear_text
from constraints.gf9.shipment import price as gf9_price
from constraints.gf9.shipment import z3_price as gf9_z3_price

chapter(
    "ship",
    "dreamrules:394,408,410,414-416,424,428-434,792-794,856-866,912-914,928-930,948-950,1100,1108,1122,1150,1154,1158,1160,1180,1234",
)

# dreamrules:414 "You may ship into your ally's territory, but must immediately move out in that same
#                 shipment-and-movement action. You cannot end the action together. The Polar Sink and explicit
#                 abilities are exceptions."
# dreamrules:568 "... You may ship into a territory containing your ally's troops, but must immediately leave during
#                 that same shipment-and-movement action. ... The Polar Sink and explicit faction exceptions,
#                 including Bene Gesserit advisors, allow coexistence."
# Shipping into an ally's territory, then moving out, as GF9 (gf9:139) has it, with the exceptions Dreamrules names:
# its ally's advisors (or troops aboard the Surveyor, a territory of its own, dreamrules:1232) do not make it move
# out, nor must the Bene Gesserit landing as advisors. Moving out is the movement's question
# (dreamrules.movement.allies).


def _ally_territory(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    who, ally = display(s.faction), display(s.ally)
    if s.ally_in_sink:
        return f"{who} may ship into the Polar Sink and stay beside its ally {ally}: the Polar Sink is an exception."
    if not s.ally_in_to:
        return f"{whose(s.faction)} ally has no troops in {s.to}."
    if not s.ally_apart_in_to:
        there = (
            "only advisors there, which coexist"
            if s.ally == "bene-gesserit"
            else "troops there only aboard the Hidden Mobile Surveyor, a territory of its own"
        )
        return f"{who} may ship into {s.to} and stay: its ally {ally} has {there}."
    if s.is_bene_gesserit:
        return (
            f"Bene Gesserit may ship into {s.to}, where its ally {ally} has troops: advisors coexist with it; fighters "
            "must move out in the same shipment-and-movement action."
        )
    return (
        f"{who} may ship into {s.to}, where its ally {ally} has troops, and must move out in the same "
        "shipment-and-movement action: it cannot end the action there."
    )


@rule(
    "dreamrules.shipment.ally-territory",
    on="ship",
    cites="dreamrules:414,568; gf9:139",
    see_also="dreamrules:1232",
    title="An ally may ship into its ally's territory and must move out (Bene Gesserit advisors coexist)",
    permits=_ally_territory,
    when=lambda s: s.has_ally and not s.to_reserves,
    replaces="gf9.shipment.ally-territory",
    one_sided="dreamrules:414, 568 permit shipping into an ally's territory; what forbids ending there is the "
    "move's rule (dreamrules.movement.allies)",
)
def ally_territory(s: ShipmentFacts) -> bool:
    """An ally may land where its ally's troops are, then must leave in the same shipment-and-movement action,
    except where the ally's troops there are Bene Gesserit advisors (or aboard the Surveyor) or the shipper lands
    Bene Gesserit advisors: advisors coexist with allies."""
    return True


@ally_territory.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# dreamrules:416  "Fremen deploy reserves for free onto the Great Flat or one territory within two steps of it. ...
#                  This replaces ordinary shipment; other destinations require an ability."
# dreamrules:1122 "Rally troops for free within two territories of the Great Flat. You cannot ship normally. ..."
# The Fremen's free rally, kept from GF9 (gf9:399).
restates("dreamrules:416,1122", "gf9.shipment.fremen-zone")
# dreamrules:424  "Pay half the ordinary shipment cost, rounding the total up. You may ship reserves to a territory,
#                  territory to territory at the destination rate, or territory to reserves at the stronghold rate."
# dreamrules:1100 "... Your own shipments cost half the normal rate. You may ship from reserves to one territory, from
#                  one territory to another at the destination's rate, or from a territory to reserves at stronghold
#                  rates."
# dreamrules:1108 "Your ally may use Discount Shipping. ..."
# The Guild's half rates and its cross-shipment, kept from GF9 (gf9:437, 439); its ally's other types are the Guild's
# to allow (dreamrules.shipment.ally-three-types), its return to reserves dreamrules.shipment.retrieve's.
restates("dreamrules:424,1100", "gf9.shipment.guild-rates", "gf9.shipment.cross-ship-guild-only")
restates("dreamrules:1108", "gf9.shipment.guild-rates")
set_aside(
    "dreamrules:428",
    "flipping advisor groups before the first shipment: no shipment's answer depends on it (the position gives "
    "each group's posture; advisors do not count toward the stronghold limit, dreamrules.shipment.stronghold-limit)",
)
# dreamrules:430  "When another faction ships from off planet, you may place an advisor at its destination if you have
#                  no fighters there, or a fighter in the Polar Sink. Troops joining your existing group adopt its
#                  posture."
# dreamrules:1160 "When another faction ships from off planet, place an advisor at its destination if you have no
#                  fighters there, or a fighter in the Polar Sink."
# The Bene Gesserit's accompanying force, kept from GF9 (gf9:363, 377, 379).
restates("dreamrules:430,1160", "gf9.shipment.bg-accompany", "gf9.shipment.bg-advisor")
# dreamrules:618  "Allies cannot make binding deals with each other. They may pay for each other's bids and shipments
#                  as the alliance rules permit. ..."
# An ally's help with a shipment is GF9's rule unchanged (gf9:147).
restates("dreamrules:618", "gf9.shipment.ally-support")
# dreamrules:1154 (Bene Gesserit) "... Advisors can move and coexist with enemies or allies, but do not fight, count
#                  toward occupancy limits or control territory for ornithopters or victory. ..."
# GF9's rule unchanged (gf9:229).
restates("dreamrules:1154", "gf9.shipment.advisors-uncounted")
set_aside("dreamrules:856,860,864,912,928,948", "the heading of a Karama entry")
set_aside(
    "dreamrules:914",
    "no Karama interaction for Rallying Shipment: nothing changes the rally's answer",
)
set_aside(
    "dreamrules:930",
    "Karama stopping Spiritual Advisors' flips: a flip is no shipment (the accompanying advisor is placed, not "
    "flipped)",
)
set_aside(
    "dreamrules:868",
    "the heading of Karama's entry for the Guild's interjection (its effect, 870, is the interject kind's)",
)

# -- the cost -------------------------------------------------------------------------------------
# dreamrules:394 "Bring any number of troops from reserves to one legal territory and choose their sector. Pay 1 spice
#                 per troop to a stronghold, or 2 elsewhere. ..."
# dreamrules:794 "For your own shipment or your ally's, pay half the normal shipping cost. Pay the Spice Bank. This use
#                 discounts the shipment; it does not suppress the Guild's advantages for the phase."  (Karama)


def _ordinary(s: ShipmentFacts) -> bool:
    """A shipment from reserves at the normal rate: not the Guild's or its ally's, not the Fremen's rally."""
    return not (s.is_guild or s.guild_ally or s.is_fremen or s.cross_ship or s.to_reserves)


def _normal(s: ShipmentFacts) -> int:
    return s.forces * (1 if s.to_stronghold else 2)


def _karama_half(s: ShipmentFacts) -> bool:
    """A Karama halves an ordinary shipment whose normal cost is even (an odd one's rounding is not said)."""
    return s.karama_half and _ordinary(s) and _normal(s) % 2 == 0


def price(s: ShipmentFacts) -> int:
    """What the shipment costs under Dreamrules: GF9's price, halved by a Karama (dreamrules:794); an odd normal cost
    halved is taken at its least (dreamrules.shipment.karama-odd leaves it open)."""
    if s.karama_half and _ordinary(s):
        return _normal(s) // 2
    return gf9_price(s)


def z3_price(v: Any) -> Any:
    karama = z3.And(v.karama_half, z3.Not(z3.Or(v.is_guild, v.guild_ally, v.is_fremen, v.cross_ship, v.to_reserves)))
    return z3.If(karama, z3.If(v.to_stronghold, v.forces, 2 * v.forces) / 2, gf9_z3_price(v))


@rule(
    "dreamrules.shipment.cost",
    on="ship",
    cites="dreamrules:394",
    title="Shipment costs 1 spice a troop to a stronghold, 2 elsewhere",
    permits="{forces} troops to {to} cost {cost} spice.",
    defines=("cost",),
    when=lambda s: _ordinary(s) and not s.karama_half,
    replaces="overview.shipment.cost",
    one_sided="it fixes the price; paying it is dreamrules.shipment.affordable",
)
def cost(s: ShipmentFacts) -> dict[str, int]:
    """A shipment from reserves costs one spice per troop into a stronghold, two elsewhere."""
    return {"cost": _normal(s)}


@cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.cost == z3.If(v.to_stronghold, v.forces, 2 * v.forces)


@rule(
    "dreamrules.shipment.karama-half",
    on="ship",
    cites="dreamrules:794",
    see_also="dreamrules:792,1150",
    title="Karama halves a shipment's normal cost, paid to the Spice Bank",
    permits=lambda s, o: (
        f"A Karama halves the normal {_normal(s)} spice for {s.forces} troops to {s.to}: {display(s.faction)} pays "
        f"{o.get('cost', _normal(s) // 2)} to the Spice Bank."
    ),
    defines=("cost", "paid_to"),
    when=_karama_half,
    one_sided="it fixes the price and the payee; paying it is dreamrules.shipment.affordable, holding the card "
    "dreamrules.shipment.karama-held",
)
def karama_half(s: ShipmentFacts) -> dict[str, Any]:
    """A Karama played for the shipper's (or its ally's) shipment halves the normal cost, and the Bank is paid."""
    return {"cost": _normal(s) // 2, "paid_to": "bank"}


@karama_half.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.cost == z3.If(v.to_stronghold, v.forces, 2 * v.forces) / 2, v.payee == 1)


gap(
    "dreamrules.shipment.karama-odd",
    on="ship",
    cites="dreamrules:794",
    see_also="dreamrules:424",
    title="Karama halving an odd shipping cost",
    reason="a Karama halves a shipment whose normal cost is odd: dreamrules:794 says 'half the normal shipping cost' "
    "and not how it rounds (the Guild's own half rate rounds the total up, dreamrules:424)",
    when=lambda s: s.karama_half and _ordinary(s) and _normal(s) % 2 == 1,
    explain=lambda s: (
        f"a Karama halves the normal {_normal(s)} spice for {s.forces} troops to {s.to}: dreamrules:794 says 'half "
        "the normal shipping cost' and not how an odd cost rounds (the Guild's own half rate rounds up, "
        "dreamrules:424)"
    ),
)

gap(
    "dreamrules.shipment.karama-guild-rates",
    on="ship",
    cites="dreamrules:794",
    see_also="dreamrules:424,1108",
    title="Karama halving a shipment at the Guild's rates",
    reason="a Karama halves a shipment the Guild or its ally makes at the Guild's own rates (half price, a cross-ship "
    "or a return to reserves, dreamrules:424, 1108), or the Fremen's rally: dreamrules:794 halves 'the normal "
    "shipping cost' and does not say how it meets those rates",
    when=lambda s: s.karama_half and not _ordinary(s),
)


@rule(
    "dreamrules.shipment.karama-held",
    on="ship",
    cites="dreamrules:794",
    see_also="dreamrules:1150",
    title="The Karama that halves a shipment is the shipper's or its ally's",
    forbids=lambda s, _o: (
        f"No Karama to halve the shipment: {s.karama_words} (a Karama, or a Bene Gesserit worthless card, played "
        "for one's own shipment or one's ally's)."
    ),
    permits=lambda s, _o: f"{s.karama_words}: the Karama halves the shipment.",
    needs=("karama_held",),
    when=lambda s: s.karama_half,
)
def karama_held(s: ShipmentFacts) -> bool:
    """The Karama halving a shipment is played for one's own shipment or one's ally's: the shipper or its ally holds
    it (the Bene Gesserit may use a worthless card as one)."""
    return bool(s.karama_held)


@karama_held.z3
def _(v: Any) -> z3.BoolRef:
    return v.karama_held


# -- the storm ------------------------------------------------------------------------------------
# dreamrules:408 "Ordinary troops cannot ship into, enter, leave or cross a sector in storm. ..."
# dreamrules:1124 "Your troops are immune to storm and may move into, through and out of it. You may choose to
#                  let them die in storm. ..."  (Fremen)


def _landing(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    if s.to_sector is not None and len(s.to_sectors) > 1:
        return f"{display(s.faction)} cannot land in {s.to} sector {s.to_sector}: it is under the storm."
    return f"{display(s.faction)} cannot ship into {s.to}: sector {s.storm_sector} is under the storm."


@rule(
    "dreamrules.shipment.storm-blocks",
    on="ship",
    cites="dreamrules:408",
    title="Ordinary troops ship not into the storm",
    forbids=_landing,
    permits=lambda s, o: "The Polar Sink is never under the storm." if s.to_polar_sink else landing_clear_text(s, o),
    needs=("storm_sector",),
    when=lambda s: not s.to_reserves and not s.is_fremen,
    replaces="gf9.shipment.storm-blocks",
)
def storm_blocks(s: ShipmentFacts) -> bool:
    """Troops other than the Fremen's may not land in the sector under the storm; a clear sector of the same
    territory will do, and the Polar Sink is never covered."""
    if s.to_polar_sink:
        return True
    landing = [s.to_sector] if s.to_sector is not None else s.to_sectors
    return any(sector != s.storm_sector for sector in landing)


@storm_blocks.z3
def _(v: Any) -> z3.BoolRef:
    return v.sector != v.storm_sector


@rule(
    "dreamrules.shipment.storm-origin",
    on="ship",
    cites="dreamrules:408",
    title="Ordinary troops ship not out of the storm",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot ship troops out of {s.origin}"
        + (f" sector {s.from_sector}" if s.from_sector is not None else "")
        + f": sector {s.storm_sector} is under the storm."
    ),
    permits="The troops leave {origin} clear of the storm (sector {storm_sector}).",
    needs=("storm_sector",),
    when=lambda s: s.from_board and bool(s.from_sectors) and not s.is_fremen,
    replaces="gf9.shipment.storm-origin",
)
def storm_origin(s: ShipmentFacts) -> bool:
    """Troops other than the Fremen's shipped off a territory (a cross-shipment, a return to reserves) may not
    leave the sector under the storm."""
    leaving = [s.from_sector] if s.from_sector is not None else s.from_sectors
    return any(sector != s.storm_sector for sector in leaving)


@storm_origin.z3
def _(v: Any) -> z3.BoolRef:
    return v.from_sec != v.storm_sector


@rule(
    "dreamrules.shipment.fremen-storm",
    on="ship",
    cites="dreamrules:1124",
    see_also="dreamrules:1122",
    title="Fremen troops are immune to the storm: they ship into and out of it and lose none",
    permits=lambda s, o: (
        f"Fremen troops are immune to the storm: {s.forces} land in {s.to}"
        + (f" sector {o['sector']}" if o.get("sector") else "")
        + f" (storm sector {s.storm_sector}) and none is lost (unless the Fremen choose to let them die)."
    ),
    defines=("losses",),
    when=lambda s: s.is_fremen and not s.to_reserves,
    replaces="gf9.shipment.fremen-storm",
    differs="Fremen landing under the storm: gf9:411 has the Advanced Fremen lose half the troops placed there "
    "(rounded up); dreamrules:1124 makes Fremen troops immune to the storm, losing none",
    one_sided="it only ever permits: the storm neither bars a Fremen shipment nor kills its troops",
)
def fremen_storm(s: ShipmentFacts) -> dict[str, Any]:
    """Fremen troops may land in, or leave, the sector under the storm and lose nothing there (the Fremen may
    choose to let them die, which no move key says: the outcome assumes they do not)."""
    return {"losses": {}}


@fremen_storm.z3
def _(v: Any) -> z3.BoolRef:
    return v.storm_losses == 0


# -- who is paid ----------------------------------------------------------------------------------
# dreamrules:394 "... Pay the Spacing Guild if its Shipping Payments advantage applies; otherwise pay the Spice
#                 Bank."
# dreamrules:858 "Shipment and Movement. Shipping payments go to the bank this phase."  (Karama)


def _payee(s: ShipmentFacts) -> str:
    return "spacing-guild" if s.guild_in_game and not s.is_guild and not s.payments_suppressed else "bank"


def _payee_message(s: ShipmentFacts, o: dict[str, Any]) -> str:
    cost = o.get("cost", price(s))
    if s.is_guild:
        return f"The Guild pays the Bank for its own shipment ({cost} spice)."
    if not s.guild_in_game:
        return f"{display(s.faction)} pays the Bank ({cost} spice): the Spacing Guild is not playing."
    if s.payments_suppressed:
        return f"Karama stopped Shipping Payments this phase: {display(s.faction)} pays the Bank ({cost} spice)."
    return f"{display(s.faction)} pays the Spacing Guild for its shipment ({cost} spice)."


@rule(
    "dreamrules.shipment.payee",
    on="ship",
    cites="dreamrules:394",
    title="Shipment is paid to the Guild where Shipping Payments applies, otherwise to the Bank",
    permits=_payee_message,
    defines=("paid_to",),
    needs=("guild_in_game",),
    when=lambda s: not s.fremen_placement and not s.payments_suppressed and not _karama_half(s),
    replaces="gf9.shipment.payee",
    one_sided="it names who is paid; it never forbids",
)
def payee(s: ShipmentFacts) -> dict[str, Any]:
    """Others pay the Spacing Guild when it plays; the Guild itself, and everyone without it, pay the Bank. The
    Guild's own spice toward its ally's shipment is revealed, not paid (dreamrules.shipment.guild-reveals)."""
    return {"paid_to": _payee(s)}


@payee.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == z3.If(z3.And(v.guild_in_game, z3.Not(v.is_guild)), 2, 1)


@rule(
    "dreamrules.shipment.payments-suppressed",
    on="ship",
    cites="dreamrules:858",
    title="Karama stopped Shipping Payments: shipment is paid to the Bank",
    permits=_payee_message,
    defines=("paid_to",),
    when=lambda s: not s.fremen_placement and s.payments_suppressed,
    one_sided="it names who is paid; it never forbids",
)
def payments_suppressed(s: ShipmentFacts) -> dict[str, Any]:
    """With the Guild's Shipping Payments stopped by Karama for the phase, every shipment pays the Bank."""
    return {"paid_to": "bank"}


@payments_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.payee == 1


# dreamrules:1108 "... You can reveal spice from behind your shield to pay for your ally's shipment without
#                  losing that spice."  (the Guild)


def _revealed(s: ShipmentFacts) -> int:
    return min(s.ally_support, price(s))


@rule(
    "dreamrules.shipment.guild-reveals",
    on="ship",
    cites="dreamrules:1108",
    title="The Guild pays toward its ally's shipment by revealing spice it keeps",
    permits=lambda s, _o: (
        f"The Guild reveals {_revealed(s)} spice toward {whose(s.faction)} shipment and keeps it; "
        f"{display(s.faction)} pays the other {price(s) - _revealed(s)} to the Guild."
    ),
    defines=("payments",),
    when=lambda s: s.guild_ally and s.ally_support > 0 and not s.fremen_placement and not s.payments_suppressed,
    replaces="gf9.shipment.guild-aid-to-bank",
    differs="the Guild's help with its ally's shipment: gf9:151 sends the Guild's own contribution to the Bank; "
    "dreamrules:1108 lets the Guild reveal spice from behind its shield to pay without losing it",
    one_sided="it says who receives which part of the payment; it never forbids",
)
def guild_reveals(s: ShipmentFacts) -> dict[str, Any]:
    """When the Guild helps its ally ship, it reveals its own spice toward the cost and keeps it: the ally pays
    the Guild only the rest (``payments`` leaves out the revealed spice, which goes nowhere)."""
    rest = price(s) - _revealed(s)
    return {"payments": {"spacing-guild": rest} if rest > 0 else {}}


@guild_reveals.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.guild_aid == 0, v.revealed == z3.If(v.ally_support <= v.cost, v.ally_support, v.cost))


gap(
    "dreamrules.shipment.guild-aid-suppressed",
    on="ship",
    cites="dreamrules:858",
    see_also="dreamrules:1108",
    title="The Guild helps its ally ship while Karama stopped Shipping Payments",
    reason="the Guild reveals spice toward its ally's shipment (dreamrules:1108) while Shipping Payments go to "
    "the Bank (dreamrules:858): whether the revealed spice is then paid to the Bank is not said",
    when=lambda s: s.guild_ally and s.ally_support > 0 and not s.fremen_placement and s.payments_suppressed,
)


# -- the Guild's advantages under Karama, and its ally's types ----------------------------------
# dreamrules:862 "Shipment and Movement. Guild pays normal shipping rates this phase. If interrupted while
#                 shipping, Guild may change its shipment. Its ally is unaffected."

gap(
    "dreamrules.shipment.discount-suppressed",
    on="ship",
    cites="dreamrules:862",
    title="Karama stopped the Guild's Discount Shipping",
    reason="Karama stopped Discount Shipping: the Guild pays normal rates this phase (dreamrules:862), and the "
    "normal rate of a cross-shipment or a return to reserves is the Guild's own type's, which no line gives "
    "without the discount",
    when=lambda s: s.is_guild and s.discount_suppressed,
)


# dreamrules:866 "Shipment and Movement. Guild and its ally may ship only from reserves to the planet this
#                 phase. Their shipping rates are unchanged."


@rule(
    "dreamrules.shipment.three-types-suppressed",
    on="ship",
    cites="dreamrules:866",
    title="Karama stopped Three Types of Shipment: the Guild and its ally ship only from reserves",
    forbids=lambda s, _o: (
        f"Karama stopped Three Types of Shipment this phase: {display(s.faction)} may ship only from reserves to "
        f"the planet, not from {s.origin} to {s.to}."
    ),
    permits="Karama has not stopped Three Types of Shipment this phase.",
    when=lambda s: s.from_board and (s.is_guild or s.guild_ally),
)
def three_types_suppressed(s: ShipmentFacts) -> bool:
    """With Three Types of Shipment stopped, neither the Guild nor its ally cross-ships or ships back to
    reserves this phase."""
    return not s.three_types_suppressed


@three_types_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.three_types_suppressed)


# dreamrules:394 "Bring any number of troops from reserves to one legal territory ..."
# dreamrules:1108 "Your ally may use Discount Shipping. You may also allow Three Types of Shipment, including
#                  for Fremen. ..."


@rule(
    "dreamrules.shipment.retrieve",
    on="ship",
    cites="dreamrules:394",
    see_also="dreamrules:424,1100,1108",
    title="Only the Guild (or an ally it allows) ships troops back to reserves",
    forbids="{Faction} cannot ship troops from {origin} back to reserves: shipment brings troops from reserves, "
    "and only the Guild (and an ally it allows) has the type that returns them.",
    permits="{Faction} may ship troops from {origin} back to reserves (the Guild's type).",
    when=lambda s: s.to_reserves,
    replaces="gf9.shipment.retrieve-guild-only",
)
def retrieve(s: ShipmentFacts) -> bool:
    """Shipping troops back to reserves is the Guild's type; its ally may use it where the Guild allows."""
    return s.is_guild or s.guild_ally


@retrieve.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.to_reserves, z3.Or(v.is_guild, v.guild_ally))


def _ally_types(s: ShipmentFacts) -> bool:
    """The Guild's ally ships by a Guild type: between territories, back to reserves, or, for the Fremen, from
    reserves outside their rally area (dreamrules:416: "other destinations require an ability")."""
    fremen_beyond = s.is_fremen and not s.from_board and not s.in_fremen_zone
    return s.guild_ally and not s.is_guild and (s.from_board or fremen_beyond) and not s.three_types_suppressed


@rule(
    "dreamrules.shipment.ally-three-types",
    on="ship",
    cites="dreamrules:1108",
    title="The Guild's ally cross-ships or ships back to reserves only as the Guild allows",
    status="unresolved",
    reason="the Guild's ally uses a Guild type of shipment (territory to territory, back to reserves, or the "
    "Fremen's shipment beyond their rally area): "
    "dreamrules:1108 makes it the Guild's choice to allow Three Types of Shipment, and no key of the position says "
    "whether it did",
    when=_ally_types,
    counterpart="gf9.shipment.retrieve-guild-only",
    differs="the Guild's ally shipping back to reserves: gf9:439 says the ally cannot use the return-to-reserve "
    "option; dreamrules:1108 lets the Guild allow its ally all Three Types of Shipment",
    one_sided="an open question of the position: it neither forbids nor permits, it makes the answer unresolved",
)
def ally_three_types(s: ShipmentFacts) -> bool:
    """Whether the Guild allowed its ally its Three Types of Shipment decides a cross-shipment or a return to
    reserves by the ally; no key of the position records it."""
    return True


@ally_three_types.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- paying: Synthetic Spice ----------------------------------------------------------------------
# dreamrules:580 "... A faction cannot make an unaffordable shipment or bid unless its ally has agreed to cover
#                 the shortfall. ..."


def _cannot_pay(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    help_ = f" and {s.ally_support} promised by its ally" if s.ally_support else ""
    return (
        f"{display(s.faction)} cannot pay {price(s)} spice for {s.forces} troops to {s.to}: it has {s.spice} "
        f"spice{help_}."
    )


def _tleilaxu_kills(s: ShipmentFacts) -> bool:
    return s.is_tleilaxu and not s.synthetic_suppressed and not s.from_board


def _surveyor_could_pay(s: ShipmentFacts) -> bool:
    """Ixians shipping to their Surveyor's territory could pay if the troops land aboard, at the stronghold rate
    (dreamrules:432, 1234): whether they do is open (dreamrules.shipment.surveyor), so the rate at the territory's
    own price does not decide."""
    aboard = -(-s.forces // 2) if s.at_guild_rates else s.forces
    return s.to_surveyor_territory and aboard <= (s.spice or 0) + s.ally_support


@rule(
    "dreamrules.shipment.affordable",
    on="ship",
    cites="dreamrules:580",
    title="The shipper must be able to pay (its ally may cover the shortfall)",
    forbids=_cannot_pay,
    permits="{Faction} can pay the {cost} spice.",
    needs=("spice",),
    when=lambda s: not s.fremen_placement and not _tleilaxu_kills(s) and not _surveyor_could_pay(s),
    replaces="gf9.shipment.affordable",
)
def affordable(s: ShipmentFacts) -> bool:
    """The cost may not exceed the shipper's spice (bribes waiting in its bribe pile are not spice it can spend,
    dreamrules:612) plus what its ally agreed to cover."""
    return price(s) <= (s.spice or 0) + s.ally_support


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3_price(v) <= v.spice + v.ally_support


# dreamrules:1180 "When shipping, you may kill troops in reserves to generate one spice per troop from the bank
#                  toward the shipment. This is Synthetic Spice."
# dreamrules:950 "Shipment and Movement. Bene Tleilax cannot sacrifice reserve troops to pay shipment costs this
#                 phase."  (Karama: the rule then does not apply, and dreamrules.shipment.affordable does)


@rule(
    "dreamrules.shipment.synthetic-spice",
    on="ship",
    cites="dreamrules:1180",
    see_also="dreamrules:434,950",
    title="Bene Tleilax may kill reserve troops for one spice each toward a shipment",
    forbids=lambda s, _o: (
        f"Bene Tleilax cannot pay {price(s)} spice for {s.forces} troops: it has {s.spice} spice"
        + (f", {s.ally_support} from its ally" if s.ally_support else "")
        + f" and {s.synthetic_spice} other troops in reserve to kill for Synthetic Spice."
    ),
    permits=lambda s, _o: (
        f"Bene Tleilax can pay {price(s)} spice: {s.spice} of its own"
        + (f", {s.ally_support} from its ally" if s.ally_support else "")
        + f" and up to {s.synthetic_spice} from reserve troops killed for Synthetic Spice."
    ),
    needs=("spice", "reserves"),
    when=_tleilaxu_kills,
)
def synthetic_spice(s: ShipmentFacts) -> bool:
    """Bene Tleilax may kill troops left in its reserves (not those it ships), each giving one spice from the
    bank toward the shipment; Karama stopping Synthetic Spice leaves dreamrules.shipment.affordable."""
    return price(s) <= (s.spice or 0) + s.ally_support + s.synthetic_spice


@synthetic_spice.z3
def _(v: Any) -> z3.BoolRef:
    return z3_price(v) <= v.spice + v.ally_support + v.synthetic_spice


# -- the Hidden Mobile Surveyor (a gap) ----------------------------------------------------------
# dreamrules:432 "... Ship to your Hidden Mobile Surveyor at the stronghold rate. ..."
# dreamrules:1234 "You may ship to the Surveyor at stronghold rates, ..."

gap(
    "dreamrules.shipment.surveyor",
    on="ship",
    cites="dreamrules:432,1234",
    title="Ixians ship to the territory holding the Hidden Mobile Surveyor",
    reason="the Ixians ship to the Surveyor's territory: whether the troops land aboard the Surveyor (at the "
    "stronghold rate, dreamrules:432, 1234) or in the territory around it (at its own rate) is not a key of the "
    "move",
    when=lambda s: s.to_surveyor_territory,
)


# -- the Bene Gesserit's posture when it ships ---------------------------------------------------
# dreamrules:1154 "... Each territory has one posture for your troops. Advisors entering a territory with your
#                  fighters become fighters."
# dreamrules:1158 "At the beginning of shipment and movement, you may flip groups of advisors to fighters. ... This
#                  is the only window when an advisor territory becomes a fighter territory. You may ship either
#                  posture."
# The move names no posture: the outcome ``posture`` says what the shipped troops may be, or must be.


def _bg_ships(s: ShipmentFacts) -> bool:
    return s.is_bene_gesserit and not s.to_reserves and s.count + s.special > 0


@rule(
    "dreamrules.shipment.bg-either-posture",
    on="ship",
    cites="dreamrules:1158",
    title="The Bene Gesserit may ship either posture",
    permits="The Bene Gesserit may ship these troops to {to} as fighters or as advisors: no troops of theirs are "
    "there yet.",
    defines=("posture",),
    when=lambda s: _bg_ships(s) and not s.bg_fighters_in_to and not s.bg_advisors_in_to,
    one_sided="it states the choice of posture; it never forbids",
)
def bg_either_posture(s: ShipmentFacts) -> dict[str, str]:
    """Where the Bene Gesserit have no troops, the troops they ship may be fighters or advisors, their choice."""
    return {"posture": "fighters or advisors"}


@bg_either_posture.z3
def _(v: Any) -> z3.BoolRef:
    return v.bg_posture == 3


@rule(
    "dreamrules.shipment.bg-joins-fighters",
    on="ship",
    cites="dreamrules:1154",
    see_also="dreamrules:1158",
    title="Bene Gesserit troops shipped to their fighters are fighters",
    permits="The Bene Gesserit's fighters stand in {to}: the troops shipped there are fighters (advisors entering "
    "a territory with their fighters become fighters).",
    defines=("posture",),
    when=lambda s: _bg_ships(s) and s.bg_fighters_in_to,
    one_sided="it fixes the posture; it never forbids",
)
def bg_joins_fighters(s: ShipmentFacts) -> dict[str, str]:
    """One posture a territory: troops shipped where the Bene Gesserit have fighters are fighters, advisors
    shipped there becoming fighters."""
    return {"posture": "fighters"}


@bg_joins_fighters.z3
def _(v: Any) -> z3.BoolRef:
    return v.bg_posture == 1


@rule(
    "dreamrules.shipment.bg-advisor-territory",
    on="ship",
    cites="dreamrules:1158",
    see_also="dreamrules:1154",
    title="Bene Gesserit troops shipped to their advisors are advisors",
    permits="The Bene Gesserit's advisors stand in {to}: it stays an advisor territory (only at the beginning of "
    "Shipment and Movement does one become a fighter territory), so the troops shipped there are advisors.",
    defines=("posture",),
    when=lambda s: _bg_ships(s) and s.bg_advisors_in_to and not s.bg_fighters_in_to,
    one_sided="it fixes the posture; it never forbids",
)
def bg_advisor_territory(s: ShipmentFacts) -> dict[str, str]:
    """A territory has one posture, and an advisor territory becomes a fighter territory only at the beginning of
    Shipment and Movement: what the Bene Gesserit ship to their advisors are advisors."""
    return {"posture": "advisors"}


@bg_advisor_territory.z3
def _(v: Any) -> z3.BoolRef:
    return v.bg_posture == 2


# -- the closed stronghold, and the Bene Gesserit's advisors -------------------------------------
# dreamrules:410  "A stronghold occupied by two other factions is closed to you: you may neither ship into it nor
#                  move into or through it. Bene Gesserit advisors do not count towards this limit. ..."
# dreamrules:1154 "... Advisors can move and coexist with enemies or allies, but do not fight, count toward
#                  occupancy limits or control territory ..."
# dreamrules:1158 "... You may ship either posture."
# GF9 ships Bene Gesserit troops as fighters (its advisors arrive only with another faction's shipment, gf9:377),
# so its limit closes the stronghold to them. Dreamrules lets them ship advisors, which do not count toward the
# limit; whether the stronghold is then open to advisors shipped in, or still "closed to you", no line says.


def _bg_advisors_may_decide(s: ShipmentFacts) -> bool:
    """The Bene Gesserit ship to a stronghold two other factions hold, with no fighters of theirs there."""
    return _bg_ships(s) and s.to_stronghold and s.other_factions_in_to >= 2 and not s.bg_fighters_in_to


@rule(
    "dreamrules.shipment.stronghold-limit",
    on="ship",
    cites="dreamrules:410",
    title="No shipment into a stronghold holding two other factions",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot ship into {s.to}: {s.others_in_to_names} already have forces there, and a "
        "stronghold occupied by two other factions is closed."
    ),
    permits=lambda s, _o: (
        f"{s.to} holds {s.others_in_to_names or 'no other faction'} (Bene Gesserit advisors not counted): fewer "
        "than two other factions, it is open."
    ),
    when=lambda s: s.to_stronghold and not _bg_advisors_may_decide(s),
    replaces="gf9.shipment.stronghold-limit",
)
def stronghold_limit(s: ShipmentFacts) -> bool:
    """A stronghold two other factions occupy (advisors not counted) is closed; the Bene Gesserit shipping there
    with no fighters of theirs, who may ship advisors, are the gap below."""
    return s.other_factions_in_to < 2


@stronghold_limit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.to_stronghold, v.other_factions_in_to <= 1)


gap(
    "dreamrules.shipment.bg-advisors-closed-stronghold",
    on="ship",
    cites="dreamrules:410",
    see_also="dreamrules:1154,1158",
    title="The Bene Gesserit ship to a stronghold two other factions hold",
    reason="the Bene Gesserit ship to a stronghold two other factions occupy and have no fighters there: they may "
    "ship advisors (dreamrules:1158), which 'do not count toward occupancy limits' (dreamrules:1154, 410), but "
    "dreamrules:410 closes such a stronghold 'to you' for shipment; whether advisors may be shipped into it (as "
    "advisors only) is not said",
    when=_bg_advisors_may_decide,
)


# == the Guild's interjection (the ``interject`` kind) ===========================================

chapter("interject", "dreamrules:418,870,1102")

# dreamrules:418 "Once during the phase, the Spacing Guild may change turn order in one of three ways. Its
#                 shipment and movement still form one turn."
# dreamrules:1102 "Once during shipment and movement, choose one interjection: take your turn first, last or
#                  between other factions; swap your position with another faction; or make another faction act
#                  now and take its position. The last two choices must occur before your normal position has
#                  passed."


@rule(
    "dreamrules.interject.guild-only",
    on="interject",
    cites="dreamrules:418,1102",
    title="Only the Spacing Guild changes the turn order",
    forbids="{Faction} cannot change the Shipment and Movement order: interjection is the Spacing Guild's.",
    permits="The Spacing Guild may change the turn order once during the phase.",
)
def interject_guild_only(s: Any) -> bool:
    """Changing the order of the Shipment and Movement turns is the Spacing Guild's advantage."""
    return bool(s.is_guild)


@interject_guild_only.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_guild


@rule(
    "dreamrules.interject.phase",
    on="interject",
    cites="dreamrules:418,1102",
    title="The interjection is made during Shipment and Movement",
    forbids="The Guild interjects only during the Shipment and Movement phase.",
    permits="It is the Shipment and Movement phase.",
    when=lambda s: s.phase_index is not None,
)
def interject_phase(s: Any) -> bool:
    """The Guild changes the order of the Shipment and Movement phase, during it."""
    return bool(s.phase_index == SHIPMENT_AND_MOVEMENT)


@interject_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


@rule(
    "dreamrules.interject.before-its-turn",
    on="interject",
    cites="dreamrules:418",
    title="The Guild interjects before its one turn is over",
    forbids="The Guild has already taken its Shipment and Movement turn this phase (acted_this_phase): its "
    "shipment and movement form one turn, and there is none left to place.",
    permits="The Guild has not yet taken its turn this phase.",
)
def interject_before_turn(s: Any) -> bool:
    """The interjection places the Guild's one turn (its shipment and movement together): once that turn is
    over, there is nothing left to move in the order."""
    return not s.guild_acted


@interject_before_turn.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.guild_acted)


@rule(
    "dreamrules.interject.target",
    on="interject",
    cites="dreamrules:1102",
    title="Between, swap and take-position name another faction in the game",
    forbids=lambda s, _o: (
        f"The {s.choice} interjection names another faction in the game; "
        + (f"{display(s.target)} is not one." if s.target else "the move names none (move.target).")
    ),
    permits=lambda s, _o: f"The {s.choice} interjection names {display(s.target)}.",
    when=lambda s: s.needs_target,
)
def interject_target(s: Any) -> bool:
    """Taking a turn between others, swapping with a faction or making it act now names that other faction."""
    return bool(s.target_ok)


@interject_target.z3
def _(v: Any) -> z3.BoolRef:
    return v.target_ok


@rule(
    "dreamrules.interject.target-waiting",
    on="interject",
    cites="dreamrules:1102",
    title="Swap or take-position: the other faction has not yet acted",
    forbids=lambda s, _o: (
        f"{display(s.target)} has already taken its turn this phase: the Guild cannot {s.choice.replace('-', ' ')} "
        "with it."
    ),
    permits=lambda s, _o: f"{display(s.target)} has not yet taken its turn this phase.",
    when=lambda s: s.swaps and s.target_ok,
)
def interject_target_waiting(s: Any) -> bool:
    """Swapping positions with a faction, or making it act now, needs a faction still to act this phase."""
    return not s.target_acted


@interject_target_waiting.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.target_acted)


gap(
    "dreamrules.interject.position-passed",
    on="interject",
    cites="dreamrules:1102",
    title="Swap or take-position after some faction has acted",
    reason="swap and take-position must occur before the Guild's normal position has passed (dreamrules:1102); "
    "factions have already acted this phase and the position format has no key for the storm order, so whether "
    "the Guild's position has passed is not known",
    when=lambda s: s.swaps and s.acted_any,
)


# dreamrules:870 "Before Guild's normal turn in storm order. Guild cannot change turn order this phase."


@rule(
    "dreamrules.interject.suppressed",
    on="interject",
    cites="dreamrules:870",
    title="Karama stopped Three Types of Interjection",
    forbids="Karama stopped Three Types of Interjection this phase: the Guild cannot change the turn order.",
    permits="Karama has not stopped the Guild's interjection this phase.",
    when=lambda s: s.is_guild,
)
def interject_suppressed(s: Any) -> bool:
    """With Three Types of Interjection stopped for the phase (``factions.spacing-guild.suppressed``), the Guild
    takes its turn in storm order."""
    return not s.suppressed


@interject_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.suppressed)
