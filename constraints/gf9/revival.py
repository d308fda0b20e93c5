"""GF9: Revival: forces from the Tanks (free allowances, the price, the three-force ceiling, the Emperor's
payment for its ally, the special forces), leaders and the Kwisatz Haderach."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.revival import (
    KH_PRICE,
    LIMIT,
    PRICE,
    SHEET_LINE,
    SHEETS,
    RevivalFacts,
    force_cost,
    own_cost,
    z3_force_cost,
    z3_free,
    z3_own_cost,
)
from checker.arrakis.position import REVIVAL
from checker.names import display, plural
from checker.rules import chapter, gap, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("revive", "gf9:177-197,343,353,359,387,393,397,403,421,431,487")

set_aside("gf9:177", "a heading (Revive forces)")
set_aside("gf9:187", "a heading (Revive leaders)")


def _whose(faction: str) -> str:
    name = display(faction)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# gf9:41 "... Starred tokens count as ordinary forces in the Basic Game."


@rule(
    "gf9.revival.basic-starred",
    on="revive",
    cites="gf9:41",
    see_also="gf9:179,185",
    title="Basic: starred tokens are revived as ordinary forces",
    permits=lambda s, _o: (
        f"The Basic game: {_whose(s.faction)} {plural(s.special, 'starred token')} count as ordinary forces, "
        "revived and priced as such."
    ),
    when=lambda s: not s.advanced and s.special > 0,
    one_sided="it only ever permits: it says the starred tokens are ordinary forces (gf9:179 prices them)",
)
def basic_starred(s: RevivalFacts) -> bool:
    """In the Basic game starred tokens (Fedaykin, Sardaukar) count as ordinary forces: gf9:179's allowance, price
    and ceiling apply to them as to any force, and gf9:185's Advanced limits do not."""
    return True


@basic_starred.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


def _ordinary_only(s: RevivalFacts) -> bool:
    """Every force revived is an ordinary one: no starred token, or the Basic game, where starred tokens count as
    ordinary forces (gf9:41) and are priced as such (gf9:179)."""
    return s.special == 0 or not s.advanced


def _special_paid(s: RevivalFacts) -> bool:
    """Advanced: a Fedaykin or Sardaukar is among forces someone pays for: no line gives its price (gf9:185 begins
    "In the Advanced Game"; in the Basic game a starred token is an ordinary force, gf9:41)."""
    if _ordinary_only(s) or s.emperor_pays is None or s.free is None:
        return False
    return s.own > s.free or s.emperor_pays > 0


# gf9:179 "During Revival, each faction may return dead forces from the Tanks to its reserves. Its free
#          revival allowance is shown on its sheet. Additional ordinary forces cost two spice each. Free and
#          paid revivals together normally cannot exceed three forces per turn."


@rule(
    "gf9.revival.phase",
    on="revive",
    cites="gf9:179",
    title="Revival is made in the Revival phase",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot revive in the {s.phase_name.replace('-', ' ')} phase: "
        "forces return from the Tanks during Revival."
    ),
    permits="It is the Revival phase.",
    when=lambda s: s.phase_index is not None,
    replaces="overview.revival.phase",
)
def revival_phase(s: RevivalFacts) -> bool:
    """Forces return from the Tanks during the Revival phase; when the position gives no phase, it is taken to be
    that one (the verdict's notes say so)."""
    return s.phase_index == REVIVAL


@revival_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == REVIVAL


def _free_message(s: RevivalFacts, _o: dict[str, Any]) -> str:
    line = SHEET_LINE.get(s.faction)
    return (
        f"{_whose(s.faction)} sheet gives {s.sheet_free} free revival{'s' if s.sheet_free != 1 else ''} (gf9:{line})."
    )


@rule(
    "gf9.revival.free-allowance",
    on="revive",
    cites="gf9:179",
    see_also="gf9:343,359,387,397,421,431",
    title="The free revival allowance is on the faction's sheet",
    permits=_free_message,
    defines=("free",),
    needs=("fremen_grant",),
    when=lambda s: not s.fremen_grant and s.faction in SHEETS,
    replaces="overview.revival.free-on-sheets",
    one_sided="it fixes the allowance; it never forbids",
)
def free_allowance(s: RevivalFacts) -> dict[str, int]:
    """Each faction revives some forces free, as its sheet says: Atreides 2 (gf9:343), Bene Gesserit 1 (359),
    Emperor 1 (387), Fremen 3 (397), Harkonnen 2 (421), Spacing Guild 1 (431)."""
    return {"free": s.sheet_free or 0}


@free_allowance.z3
def _(v: Any) -> z3.BoolRef:
    return v.free == z3_free(v)


# gf9:403 "You may protect your ally against worms and grant it three free revivals during Revival. Those
#          three are its total free allowance within its normal limit. They do not add three forces beyond
#          that limit. ..."


@rule(
    "gf9.revival.fremen-ally-free",
    on="revive",
    cites="gf9:403",
    title="Fremen may grant its ally three free revivals",
    forbids="{Faction} is not allied with Fremen: no Fremen grant of free revivals applies ({Faction} has {Ally}).",
    permits="Fremen grants {Faction}, its ally, three free revivals: its whole free allowance.",
    defines=("free",),
    needs=("fremen_grant",),  # not given where it would change the allowance: the deciding line, gf9:403
    when=lambda s: s.fremen_grant is None or bool(s.fremen_grant),
)
def fremen_ally_free(s: RevivalFacts) -> dict[str, int] | bool:
    """Fremen may grant its ally three free revivals: they are the ally's whole free allowance (not three more),
    within its normal three-force ceiling. Only Fremen's ally gets them."""
    return {"free": 3} if s.fremen_ally else False


@fremen_ally_free.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.fremen_ally, v.free == 3)


def _cost_message(s: RevivalFacts, _o: dict[str, Any]) -> str:
    paid = max(0, s.own - (s.free or 0))
    free = s.own - paid
    if not paid:
        return f"{display(s.faction)} revives {plural(s.own, 'force')} free (its allowance is {s.free})."
    return (
        f"{display(s.faction)} revives {plural(free, 'force')} free and pays {PRICE} spice each for {paid} more: "
        f"{force_cost(s)} spice."
    )


@rule(
    "gf9.revival.force-cost",
    on="revive",
    cites="gf9:179",
    title="Forces beyond the free allowance cost two spice each",
    permits=_cost_message,
    defines=("force_cost",),
    needs=("fremen_grant", "emperor_pays"),
    when=lambda s: s.forces > 0 and s.faction in SHEETS and not _special_paid(s) and not s.has_card,
    one_sided="it fixes the price; paying it is gf9.revival.affordable",
)
def revival_force_cost(s: RevivalFacts) -> dict[str, int]:
    """Ordinary forces of the reviver's own beyond its free allowance cost two spice each (the Emperor's payment
    for its ally's extra forces is gf9.revival.emperor-cost)."""
    return {"force_cost": force_cost(s)}


@revival_force_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.force_cost == z3_force_cost(v)


# gf9:33 "... The Spice Bank supplies spice and receives payments unless a faction or card redirects them. ..."
# gf9:179 prices the forces beyond the free allowance, gf9:353 the Kwisatz Haderach, gf9:393 the Emperor's payment for
# its ally ("redirected to Tleilaxu if its revival payment ability applies"): none names another receiver.


def _pays_bank(s: RevivalFacts) -> bool:
    """Spice is paid for forces (the reviver's beyond its free ones, or the Emperor's for its ally) or the Kwisatz
    Haderach, not by a card, and no Tleilaxu plays to receive it."""
    if s.has_card or s.free is None or s.emperor_pays is None or s.tleilaxu_in_game is not False:
        return False
    return force_cost(s) > 0 or s.emperor_pays > 0 or s.kh


def _payers(s: RevivalFacts) -> str:
    parts = []
    if force_cost(s) or s.kh:
        parts.append(f"{display(s.faction)} pays the Bank for its {'forces' if force_cost(s) else 'Kwisatz Haderach'}")
        if force_cost(s) and s.kh:
            parts[-1] = f"{display(s.faction)} pays the Bank for its forces and the Kwisatz Haderach"
    if s.emperor_pays:
        parts.append(f"the Emperor pays the Bank for the {s.emperor_pays} forces beyond its ally's three")
    return "; ".join(parts) + ": no faction or card redirects that spice (no Tleilaxu plays)."


@rule(
    "gf9.revival.payee",
    on="revive",
    cites="gf9:33",
    see_also="gf9:179,353,393",
    title="Revival spice goes to the Bank",
    permits=lambda s, _o: _payers(s)[0].upper() + _payers(s)[1:],
    defines=("paid_to",),
    when=_pays_bank,
    one_sided="it names who receives the spice and never forbids",
)
def revival_payee(s: RevivalFacts) -> dict[str, Any]:
    """The spice paid for forces and the Kwisatz Haderach goes to the Bank, which receives payments no faction or
    card redirects (Tleilaxu's revival payment ability is an expansion's: where Tleilaxu may play, this is not
    said)."""
    return {"paid_to": "bank"}


@revival_payee.z3
def _(v: Any) -> z3.BoolRef:
    return v.to_bank


gap(
    "gf9.revival.special-cost",
    on="revive",
    cites="gf9:179",
    see_also="gf9:185",
    title="The price of a paid Fedaykin or Sardaukar is not stated",
    reason="a Fedaykin or Sardaukar is revived beyond the free allowance (or paid for by the Emperor): gf9:179 "
    "prices additional ordinary forces only, and gf9:185 counts each special force as one toward the allowance "
    "without saying which forces are the free ones or what a paid special force costs",
    when=lambda s: _special_paid(s) and not s.has_card,
)


def earlier(n: int, what: str = "") -> str:
    """The words for what a faction revived earlier this turn (a game record's history), or none."""
    return f" after the {n} {what}it revived earlier this turn" if n else ""


def _over_limit(s: RevivalFacts, _o: dict[str, Any]) -> str:
    extra = f" besides the {s.emperor_pays} its ally the Emperor pays for" if s.emperor_pays else ""
    return (
        f"{display(s.faction)} revives {s.own} forces{extra}{earlier(s.revived_before)}: free and paid revivals "
        f"together cannot exceed {LIMIT} a turn."
    )


@rule(
    "gf9.revival.limit",
    on="revive",
    cites="gf9:179",
    see_also="gf9:189,403",
    title="At most three forces of its own a turn",
    forbids=_over_limit,
    permits=lambda s, _o: (
        f"{display(s.faction)} revives {plural(s.own, 'force')} of its own{earlier(s.revived_before)}: within "
        f"{LIMIT} a turn."
    ),
    needs=("emperor_pays",),
    when=lambda s: not s.has_card,
    replaces="overview.revival.limit",
)
def limit(s: RevivalFacts) -> bool:
    """Free and paid revivals together are at most three forces a turn (a leader is revived apart, gf9:189), those
    revived earlier this turn included (a game record's ``revived_this_turn``); the forces the Emperor pays for its
    ally are beyond them (gf9.revival.emperor-three). An ally of the Emperor who revives more than three must say
    how many the Emperor pays for (move.emperor_pays)."""
    return s.own + s.revived_before <= LIMIT


@limit.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces - v.emperor_pays + v.revived_before <= LIMIT


gap(
    "gf9.revival.free-used",
    on="revive",
    cites="gf9:179",
    title="A second revival in a turn: the free revivals already used",
    reason="the faction revived forces earlier this turn (factions.F.revived_this_turn) and revives more within the "
    "limit: its free allowance is the turn's (gf9:179), and Mentat does not count the free revivals already used "
    "toward this revival's price yet",
    when=lambda s: s.revived_before > 0 and s.forces > 0 and not s.has_card and not s.fate,
    explain=lambda s: (
        f"{display(s.faction)} revived {s.revived_before} forces earlier this turn and revives {s.forces} more: its "
        "free allowance is the turn's (gf9:179), and Mentat does not count the free revivals already used toward "
        "this revival's price yet"
    ),
)


# gf9:181 "Only forces actually in the Tanks can be revived. Reserves and forces on Arrakis are already
#          alive. Revival returns forces to reserves; ..."


def _not_in_tanks(s: RevivalFacts, _o: dict[str, Any]) -> str:
    who = display(s.faction)
    if s.count > (s.tanks or 0):
        return f"{who} revives {s.count} forces but has {s.tanks} in the Tanks."
    return f"{who} revives {s.special} special forces but has {s.tanks_special} in the Tanks."


@rule(
    "gf9.revival.in-tanks",
    on="revive",
    cites="gf9:181",
    title="Only forces in the Tanks can be revived",
    forbids=_not_in_tanks,
    permits=lambda s, _o: (
        f"{display(s.faction)} has {plural(s.tanks or 0, 'force')} and {plural(s.tanks_special or 0, 'special force')} "
        "in the Tanks."
    ),
    needs=("tanks", "tanks_special"),
    when=lambda s: s.forces > 0,
    replaces="overview.revival.in-tanks",
)
def in_tanks(s: RevivalFacts) -> bool:
    """Only forces actually in the Tanks come back, ordinary and special alike; revived forces go to reserves."""
    return s.count <= (s.tanks or 0) and s.special <= (s.tanks_special or 0)


@in_tanks.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count <= v.tanks, v.special <= v.tanks_special)


# gf9:183 "Fremen gets three free revivals and cannot buy additional revivals under the base rules. The
#          Emperor may pay for up to three additional revivals for its ally. A Ghola card adds the revival
#          stated on that card. Tleilaxu and expansion modules can change limits or costs."
# gf9:397 "... Revive three forces free and do not buy extra base-game revivals."


@rule(
    "gf9.revival.fremen-no-purchase",
    on="revive",
    cites="gf9:183,397",
    title="Fremen cannot buy revivals",
    forbids="Fremen revives {own} forces: it revives three free and cannot buy more.",
    permits="Fremen revives {own} forces, within its three free.",
    needs=("emperor_pays",),
    when=lambda s: s.is_fremen and not s.has_card,
)
def fremen_no_purchase(s: RevivalFacts) -> bool:
    """Fremen revives three forces free and cannot pay for more itself; forces its ally the Emperor pays for are the
    Emperor's payment, beyond Fremen's own three (gf9:393), not a purchase of Fremen's."""
    return s.own <= 3


@fremen_no_purchase.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.is_fremen, v.forces - v.emperor_pays <= 3)


# Fremen "cannot buy" (gf9:183, 397): the forces it pays for itself. What the Emperor pays for its ally is
# the Emperor's advantage, "extra to its normal three-force ceiling" (gf9:393), with no exception for Fremen:
# Fremen revives its three free and the Emperor may pay for up to three more (gf9.revival.emperor-*).

# gf9:393 "During Revival, you may pay for up to three additional forces for your ally. These are extra to
#          its normal three-force ceiling, allowing six in the base game. Pay two spice per ordinary force,
#          redirected to Tleilaxu if its revival payment ability applies."


@rule(
    "gf9.revival.emperor-ally",
    on="revive",
    cites="gf9:183,393",
    title="Only the Emperor's ally has forces paid for by the Emperor",
    forbids=lambda s, _o: (
        "The Emperor pays for its ally's revival, not its own."
        if s.is_emperor
        else f"{display(s.faction)} is not allied with the Emperor: the Emperor cannot pay for its "
        f"{s.emperor_pays} extra forces."
    ),
    permits="The Emperor, {Faction_s} ally, pays for {emperor_pays} forces beyond its three.",
    when=lambda s: bool(s.emperor_pays),
)
def emperor_ally(s: RevivalFacts) -> bool:
    """The Emperor may pay for additional revivals for its ally, and only for its ally."""
    return s.emperor_ally


@emperor_ally.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.emperor_pays == 0, v.emperor_ally)


@rule(
    "gf9.revival.emperor-three",
    on="revive",
    cites="gf9:393",
    see_also="gf9:183",
    title="The Emperor pays for at most three more forces",
    forbids="The Emperor cannot pay for {emperor_pays} forces: up to three beyond its ally's own ceiling.",
    permits="The Emperor pays for {emperor_pays} forces: within three.",
    when=lambda s: bool(s.emperor_pays),
)
def emperor_three(s: RevivalFacts) -> bool:
    """The Emperor pays for up to three forces for its ally, beyond the ally's own three (six in all)."""
    return (s.emperor_pays or 0) <= 3


@emperor_three.z3
def _(v: Any) -> z3.BoolRef:
    return v.emperor_pays <= 3


@rule(
    "gf9.revival.emperor-cost",
    on="revive",
    cites="gf9:393",
    title="The Emperor pays two spice per force for its ally",
    permits=lambda s, _o: f"The Emperor pays {PRICE * (s.emperor_pays or 0)} spice for {s.emperor_pays} forces.",
    defines=("emperor_cost",),
    when=lambda s: bool(s.emperor_pays) and _ordinary_only(s),
    one_sided="it fixes the Emperor's price; paying it is gf9.revival.emperor-spice",
)
def emperor_cost(s: RevivalFacts) -> dict[str, int]:
    """The Emperor pays two spice for each ordinary force it revives for its ally."""
    return {"emperor_cost": PRICE * (s.emperor_pays or 0)}


@emperor_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.emperor_cost == PRICE * v.emperor_pays


@rule(
    "gf9.revival.emperor-spice",
    on="revive",
    cites="gf9:393",
    title="The Emperor must be able to pay for its ally's forces",
    forbids=lambda s, _o: (
        f"The Emperor has {s.emperor_spice} spice: it cannot pay {PRICE * (s.emperor_pays or 0)} for "
        f"{s.emperor_pays} of {_whose(s.faction)} forces."
    ),
    permits=lambda s, _o: f"The Emperor has {s.emperor_spice} spice for the {PRICE * (s.emperor_pays or 0)} it pays.",
    needs=("emperor_spice",),
    when=lambda s: bool(s.emperor_pays) and _ordinary_only(s),
)
def emperor_spice(s: RevivalFacts) -> bool:
    """The Emperor pays two spice per force from its own spice: no more than it has."""
    return PRICE * (s.emperor_pays or 0) <= (s.emperor_spice or 0)


@emperor_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.emperor_spice - PRICE * v.emperor_pays >= 0


# gf9:185 "In the Advanced Game, no more than one Fedaykin and one Sardaukar of the respective factions may be
#          revived per turn. Each counts as one force toward the applicable force allowance. Ghola, the
#          Emperor's alliance and Tleilaxu do not bypass the one-special-force limit."
# gf9:415 "... Only one Fedaykin can be revived each turn."
# gf9:487 "... The Emperor's special revival still observes the one-Sardaukar-per-turn restriction."


@rule(
    "gf9.revival.special-one",
    on="revive",
    cites="gf9:185",
    see_also="gf9:415,487",
    title="Advanced: one Fedaykin or Sardaukar a turn",
    forbids=lambda s, _o: (
        f"{display(s.faction)} revives {s.special} special forces{earlier(s.special_before, 'special force ')}: no "
        "more than one a turn."
    ),
    permits="{Faction} revives {special} special force: one a turn.",
    when=lambda s: s.advanced and s.special > 0,
)
def special_one(s: RevivalFacts) -> bool:
    """In the Advanced game at most one Fedaykin (Fremen) and one Sardaukar (Emperor) are revived a turn, whoever
    pays, one revived earlier this turn included (``revived_this_turn``); each counts as one force toward the
    allowance and the ceiling."""
    return s.special + s.special_before <= 1


@special_one.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.advanced, v.special + v.special_before <= 1)


# gf9:3 "Spice pays for cards, shipment and revival."
# gf9:183 "... The Emperor may pay for up to three additional revivals for its ally. ..." (the reviver pays the rest)
# gf9:157 "... Normal allied aid covers the actual purchase or shipment cost. It does not create an unrestricted purse
#          for battle support or revival." (an ally short of spice gets no help from its ally's normal aid)


def _affordable_applies(s: RevivalFacts) -> bool:
    if s.has_card:  # what a card's revival costs is the card's (gf9.revival.ghola)
        return False
    if s.free is None or s.emperor_pays is None or _special_paid(s) or s.leader_strength is None:
        return False
    return own_cost(s) > 0


def _cannot_pay(s: RevivalFacts, _o: dict[str, Any]) -> str:
    parts = []
    if force_cost(s):
        parts.append(f"{force_cost(s)} for forces")
    if s.has_leader:
        parts.append(f"{s.leader_strength} for {s.leader}")
    if s.kh:
        parts.append(f"{KH_PRICE} for the Kwisatz Haderach")
    aid = (
        f" (its ally {display(s.ally)}'s normal aid covers purchases and shipments, not revival)"
        if s.ally and not s.emperor_ally
        else ""
    )
    if s.emperor_ally:
        aid = (
            f" and the Emperor pays only for the {s.emperor_pays} forces beyond its three"
            if s.emperor_pays
            else " (its ally the Emperor may pay only for forces beyond its three)"
        )
    return f"{display(s.faction)} cannot pay {own_cost(s)} spice ({', '.join(parts)}): it has {s.spice} spice{aid}."


@rule(
    "gf9.revival.affordable",
    on="revive",
    cites="gf9:3,183,157",
    cite_when={
        "gf9:183": lambda s: bool(s.emperor_pays),  # the Emperor pays for some: the reviver pays the rest
        "gf9:157": lambda s: bool(s.ally) and own_cost(s) > (s.spice or 0),  # its ally's aid does not cover revival
    },
    see_also="gf9:179,191,353,393",
    title="The reviver must be able to pay",
    forbids=_cannot_pay,
    permits=lambda s, _o: f"{display(s.faction)} has {s.spice} spice for the {own_cost(s)} it pays.",
    # whether its ally Fremen grants three free revivals changes the price: unknown, it is asked for
    needs=("spice", "fremen_grant"),
    when=_affordable_applies,
    replaces="overview.revival.affordable",
)
def affordable(s: RevivalFacts) -> bool:
    """Spice pays for revival: the reviver's own price (forces beyond the free ones, a leader, the Kwisatz
    Haderach) may not exceed its spice."""
    return own_cost(s) <= (s.spice or 0)


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3_own_cost(v) <= v.spice


# gf9:189 "Leader revival is separate from force revival. If eligible, you may revive one leader as well as
#          taking your force revivals in the same phase."
# gf9:191 "Once all five of your leaders are in the Tanks, you may revive one per Revival Phase until all have
#          been revived. Pay that leader's printed strength in spice to the Bank. The leader returns to your
#          available leaders and remains subject to its original traitor card."


@rule(
    "gf9.revival.leader-one",
    on="revive",
    cites="gf9:191",
    see_also="gf9:189",
    title="One leader a Revival phase",
    forbids="{Faction} revived a leader earlier this turn: it revives one per Revival phase.",
    permits="{Faction} has revived no leader yet this turn.",
    when=lambda s: s.has_leader,
    replaces="overview.revival.leader-one",
)
def leader_one(s: RevivalFacts) -> bool:
    """A faction revives one leader a Revival phase: none where a game record says it revived one earlier this turn
    (``revived_this_turn``; a lone position's revival is judged as its first)."""
    return s.leaders_before == 0


@leader_one.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.has_leader, v.leaders_before == 0)


@rule(
    "gf9.revival.leader-own",
    on="revive",
    cites="gf9:191",
    title="A faction revives its own leaders",
    forbids=lambda s, _o: f"{s.leader} is not one of {_whose(s.faction)} leaders: it cannot revive him.",
    permits=lambda s, _o: f"{s.leader} is one of {_whose(s.faction)} leaders.",
    when=lambda s: s.has_leader,
    replaces="overview.revival.leader-own",
)
def leader_own(s: RevivalFacts) -> bool:
    """Leader revival brings back one of the faction's own leaders."""
    return s.leader_own


@leader_own.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.has_leader, v.leader_own)


@rule(
    "gf9.revival.leader-in-tanks",
    on="revive",
    cites="gf9:191",
    title="Only a leader in the Tanks is revived",
    forbids=lambda s, _o: f"{s.leader} is not in the Tanks: only a leader there can be revived.",
    permits=lambda s, _o: f"{s.leader} is in the Tanks.",
    when=lambda s: s.has_leader,
    replaces="overview.revival.leader-in-tanks",
)
def leader_in_tanks(s: RevivalFacts) -> bool:
    """The leader revived is one in the Tanks."""
    return s.leader_in_tanks


@leader_in_tanks.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.has_leader, v.leader_in_tanks)


@rule(
    "gf9.revival.leader-cost",
    on="revive",
    cites="gf9:191",
    see_also="gf9:189",
    title="A leader costs its printed strength, paid to the Bank",
    permits=lambda s, _o: (
        f"{display(s.faction)} pays {s.leader}'s printed strength, {s.leader_strength} spice, to the Bank."
    ),
    defines=("leader_cost", "paid_to"),
    needs=("leader_strength",),
    when=lambda s: s.has_leader and s.leader_own and not s.has_card,
    replaces="overview.revival.leader-cost",
    one_sided="it fixes the price; paying it is gf9.revival.affordable",
)
def leader_cost(s: RevivalFacts) -> dict[str, Any]:
    """A revived leader costs its printed strength in spice, paid to the Bank (``paid_to: bank``); it is revived
    apart from the forces (gf9:189), so it does not count toward the three."""
    return {"leader_cost": s.leader_strength or 0, "paid_to": "bank"}


@leader_cost.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.leader_cost == v.leader_strength, v.to_bank)


# gf9:193 "In Advanced play, having no leader of your own available because the others are captured also opens
#          normal leader revival. A leader merely committed to another territory earlier in the Battle Phase does
#          not create a Revival Phase action."


def _all_dead(s: RevivalFacts) -> bool:
    return s.own_leaders_in_tanks >= s.own_leaders


def _rest_captured(s: RevivalFacts) -> bool:
    """Advanced: some of the faction's leaders are in the Tanks and Harkonnen holds every other one captive."""
    return (
        s.advanced
        and 0 < s.own_leaders_in_tanks < s.own_leaders
        and s.own_leaders_in_tanks + s.own_captured >= s.own_leaders
    )


def _leader_revived(s: RevivalFacts) -> bool:
    return s.has_leader and s.leader_own and s.leader_in_tanks


@rule(
    "gf9.revival.leader-captured",
    on="revive",
    cites="gf9:193",
    see_also="gf9:191,427",
    title="Advanced: leaders all dead or captured open leader revival",
    permits=lambda s, _o: (
        f"{display(s.faction)} has no leader of its own available: {s.own_leaders_in_tanks} are in the Tanks and "
        f"Harkonnen holds {s.captured_names} captive, which opens normal leader revival."
    ),
    when=lambda s: _leader_revived(s) and _rest_captured(s),
    one_sided="it opens leader revival where gf9:191 would not; where it does not apply, "
    "gf9.revival.leader-eligibility asks for the history",
)
def leader_captured(s: RevivalFacts) -> bool:
    """In the Advanced game a faction none of whose leaders is available, because those not in the Tanks are held
    captive by Harkonnen (``factions.harkonnen.captured_leaders``), may revive a leader as if all five were dead."""
    return True


@leader_captured.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.advanced, v.own_leaders_in_tanks + v.own_captured >= v.own_leaders)


# gf9:191 "Once all five of your leaders are in the Tanks, you may revive one per Revival Phase until all have been
#          revived. ..." A leader leaves the Tanks only by being revived: one out of the Tanks (alive, or captive)
# that the position's leaders_revived (Mentat's extension: the leaders revived so far this game) does not list has
# never been in the Tanks, so the five were never all there.


def _history_given(s: RevivalFacts) -> bool:
    """A normal leader revival (no card, no Fate) with fewer than five in the Tanks, gf9:193 not opening it, and the
    position listing the leaders revived this game."""
    return (
        _leader_revived(s)
        and not _all_dead(s)
        and not _rest_captured(s)
        and not s.has_card
        and not s.fate
        and s.out_unrevived is not None
    )


def _never_said(s: RevivalFacts, _o: dict[str, Any]) -> str:
    n = s.out_unrevived or 0
    return (
        f"{s.unrevived_names} {'is' if n == 1 else 'are'} out of the Tanks and {'was' if n == 1 else 'were'} never "
        f"revived this game (factions.{s.faction}.leaders_revived): all five of {_whose(s.faction)} leaders have "
        "never been in the Tanks at once, and only then does leader revival open."
    )


@rule(
    "gf9.revival.leader-never-all-dead",
    on="revive",
    cites="gf9:191",
    title="Leader revival opens only once all five leaders were in the Tanks",
    forbids=_never_said,
    permits=lambda s, _o: (
        f"{s.revived_names} {'is' if ' and ' not in s.revived_names else 'are'} out of the Tanks but "
        f"{'was' if ' and ' not in s.revived_names else 'were'} revived this game: all five of {_whose(s.faction)} "
        "leaders may have been in the Tanks earlier."
    ),
    when=_history_given,
    replaces="overview.revival.leader-all-dead",
)
def leader_never_all_dead(s: RevivalFacts) -> bool:
    """With fewer than five of its leaders in the Tanks, a faction may revive one only if all five were there
    earlier: every leader now out of the Tanks must have been revived since. One never revived this game
    (``leaders_revived``) never left the Tanks because it never went in: leader revival never opened."""
    return s.out_unrevived == 0


@leader_never_all_dead.z3
def _(v: Any) -> z3.BoolRef:
    return v.out_unrevived == 0


def _never_all_dead(s: RevivalFacts) -> bool:
    """gf9.revival.leader-never-all-dead decides: a leader out of the Tanks was never revived this game."""
    return _history_given(s) and bool(s.out_unrevived)


def _eligibility_said(s: RevivalFacts) -> str:
    free = s.own_leaders - s.own_leaders_in_tanks - s.own_captured
    held = f", {s.own_captured} held captive" if s.own_captured else ""
    captives = (
        ""
        if s.captives_given or not s.advanced
        else "; the position does not give factions.harkonnen.captured_leaders either (gf9:193: captives also open it)"
    )
    if s.out_unrevived is not None and not s.has_card and not s.fate:  # the leaders revived this game are given
        history = (
            f"{s.revived_names} {'was' if ' and ' not in s.revived_names else 'were'} revived this game, but the "
            "position does not say whether all five were in the Tanks at once before, nor whether all have been "
            "revived since"
        )
    else:
        history = (
            "the position does not say whether that happened earlier "
            f"(factions.{s.faction}.leaders_revived: the leaders revived this game)"
        )
    return (
        f"{s.own_leaders_in_tanks} of {_whose(s.faction)} {s.own_leaders} leaders are in the Tanks{held} and {free} "
        f"not: gf9:191 opens leader revival once all five were in the Tanks, until all have been revived, and "
        f"{history}{captives}"
    )


_eligibility = gap(
    "gf9.revival.leader-eligibility",
    on="revive",
    cites="gf9:191,193",
    title="Leader revival with fewer than five leaders in the Tanks",
    reason="fewer than five of the faction's leaders are in the Tanks: gf9:191 allows one a phase once all five "
    "were there, until all have been revived, and (Advanced) gf9:193 also opens it when the others are captured; "
    "the position does not record that history",
    when=lambda s: _leader_revived(s) and not _all_dead(s) and not _rest_captured(s) and not _never_all_dead(s),
    explain=_eligibility_said,
)
_eligibility.replaces = ("overview.revival.leader-all-dead",)

# gf9:195 "When a revived leader dies again, place it face down in the Tanks. It cannot be revived again
#          until all the faction's other revivable leaders have also been revived, killed and returned to
#          the Tanks. Ghola and Tleilaxu may explicitly bypass normal availability restrictions."
# Which leaders lie face down is factions.F.leaders_face_down (Mentat's extension of the position format).
_face_down = gap(
    "gf9.revival.face-down",
    on="revive",
    cites="gf9:195",
    title="A leader revived before lies face down",
    reason="a leader who was revived and died again lies face down and cannot be revived until the faction's other "
    "revivable leaders have been revived, killed and returned (gf9:195); the position does not give the faction's "
    "leaders_face_down, so whether this one may come back is not known",
    when=lambda s: s.has_leader and s.leader_own and s.leader_in_tanks and not s.face_down_known,
    explain=lambda s: (
        f"the position does not give factions.{s.faction}.leaders_face_down: whether {s.leader} lies face down (a "
        "leader revived before and killed again does, and cannot be revived until the faction's other revivable "
        "leaders have been revived, killed and returned, gf9:195) is not known"
    ),
)
# which dead leader may come back is overview.revival.leader-all-dead's question, which the overview answers itself
_face_down.replaces = ("overview.revival.leader-all-dead",)
_face_down.differs = (
    "a leader revived before and killed again: overview:53 revives any one of five dead leaders a turn; gf9:195 keeps "
    "it face down until the faction's other leaders have been revived and killed again"
)


def _face_down_given(s: RevivalFacts) -> bool:
    """An own leader in the Tanks is revived, not by a card (Ghola may bypass: gf9:195) nor (dreamrules) a Fate, and
    the position says which of the faction's leaders lie face down."""
    return s.has_leader and s.leader_own and s.leader_in_tanks and s.face_down_known and not s.has_card and not s.fate


def _tleilaxu_bypass(s: RevivalFacts) -> bool:
    """A face-down leader with Tleilaxu (perhaps) in the game: gf9:195 lets Tleilaxu bypass the wait."""
    return s.leader_face_down and s.tleilaxu_in_game is not False


def _revivable_open(s: RevivalFacts) -> bool:
    """A face-down leader, none of the others face up in the Tanks, some not in the Tanks at all."""
    return s.leader_face_down and s.others_face_up == 0 and s.others_out > 0


def _face_up_left(s: RevivalFacts, _o: dict[str, Any]) -> str:
    verb = "lies" if s.others_face_up == 1 else "lie"
    return (
        f"{s.leader} lies face down in the Tanks: it cannot be revived again until {_whose(s.faction)} other "
        f"revivable leaders have also been revived, killed and returned to the Tanks, and {s.face_up_names} "
        f"{verb} face up there, not yet revived."
    )


def _face_down_ok(s: RevivalFacts, _o: dict[str, Any]) -> str:
    if not s.leader_face_down:
        return f"{s.leader} lies face up in the Tanks: it was not revived and killed before."
    return (
        f"{s.leader} lies face down, and {_whose(s.faction)} other leaders all lie face down in the Tanks too: "
        "they have been revived, killed and returned."
    )


@rule(
    "gf9.revival.face-down-wait",
    on="revive",
    cites="gf9:195",
    title="A face-down leader waits for the faction's other revivable leaders",
    forbids=_face_up_left,
    permits=_face_down_ok,
    when=lambda s: _face_down_given(s) and not _tleilaxu_bypass(s) and not _revivable_open(s),
    replaces="overview.revival.leader-all-dead",
    differs="a face-down leader while another lies face up in the Tanks: overview:53 revives any one of five dead "
    "leaders a turn; gf9:195 holds the face-down one until the faction's other leaders have been revived and killed "
    "again",
)
def face_down_wait(s: RevivalFacts) -> bool:
    """A leader revived and killed again lies face down (``leaders_face_down``): it comes back only once every
    other leader of the faction has also been revived, killed and returned to the Tanks, so not while another lies
    face up in the Tanks, never revived. A face-up leader is not held back."""
    return not s.leader_face_down or s.others_face_up == 0


@face_down_wait.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.leader_face_down, v.others_face_up == 0)


gap(
    "gf9.revival.face-down-revivable",
    on="revive",
    cites="gf9:195",
    see_also="gf9:181,193",
    title="A face-down leader while others of the faction are not in the Tanks",
    reason="the leader revived lies face down, none of the faction's other leaders lies face up in the Tanks and "
    "some are not in the Tanks at all (alive, or captured: gf9:193); gf9:195 waits until all the faction's other "
    "'revivable' leaders have been revived, killed and returned, and does not say whether a leader not in the Tanks "
    "is revivable",
    when=lambda s: _face_down_given(s) and not _tleilaxu_bypass(s) and _revivable_open(s),
    explain=lambda s: (
        f"{s.leader} lies face down; {_whose(s.faction)} other leaders in the Tanks lie face down too, but "
        f"{s.out_names} {'is' if s.others_out == 1 else 'are'} not in the Tanks: whether a leader not dead is one of "
        "the 'revivable leaders' gf9:195 waits for is not said"
    ),
).replaces = ("overview.revival.leader-all-dead",)

gap(
    "gf9.revival.face-down-tleilaxu",
    on="revive",
    cites="gf9:195",
    see_also="gf9:183",
    title="A face-down leader with the Tleilaxu in the game",
    reason="the leader revived lies face down and the Tleilaxu are (or may be) in the game: gf9:195 says Tleilaxu "
    "may explicitly bypass normal availability restrictions, and Mentat does not encode the Tleilaxu module",
    when=lambda s: _face_down_given(s) and _tleilaxu_bypass(s),
).replaces = ("overview.revival.leader-all-dead",)

# gf9:197 "A leader revived by Ghola during Battle can fight immediately, including in that same phase. The
#          Kwisatz Haderach is a separate Atreides token; whether it is alive or dead does not delay normal
#          revival of the five Atreides leaders."
# gf9:353 "Only a lasgun-shield explosion kills the Kwisatz Haderach. It then requires revival for two spice.
#          Normal leader eligibility applies to that revival, with Ghola and Tleilaxu exceptions. Its life or
#          death never counts when deciding whether the five Atreides leaders qualify for normal revival."


@rule(
    "gf9.revival.kh-atreides",
    on="revive",
    cites="gf9:197",
    see_also="gf9:353",
    title="Only Atreides revives the Kwisatz Haderach",
    forbids="{Faction} cannot revive the Kwisatz Haderach: it is an Atreides token.",
    permits="Atreides revives its Kwisatz Haderach.",
    when=lambda s: s.kh,
)
def kh_atreides(s: RevivalFacts) -> bool:
    """The Kwisatz Haderach is Atreides' own token: only Atreides revives it. It is not one of the five leaders
    (their count in the Tanks leaves it out)."""
    return s.is_atreides


@kh_atreides.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.kh, v.is_atreides)


@rule(
    "gf9.revival.kh-cost",
    on="revive",
    cites="gf9:353",
    title="The Kwisatz Haderach's revival costs two spice",
    permits=f"Atreides pays {KH_PRICE} spice to revive the Kwisatz Haderach.",
    defines=("kh_cost",),
    when=lambda s: s.kh and s.is_atreides,
    one_sided="it fixes the price; paying it is gf9.revival.affordable",
)
def kh_cost(s: RevivalFacts) -> dict[str, int]:
    """Reviving the Kwisatz Haderach costs two spice."""
    return {"kh_cost": KH_PRICE}


@kh_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.kh_cost == KH_PRICE


@rule(
    "gf9.revival.kh-in-tanks",
    on="revive",
    cites="gf9:353",
    title="The Kwisatz Haderach is revived from the Tanks",
    forbids="The Kwisatz Haderach is alive (factions.atreides.kwisatz_haderach_in_tanks is false): only a "
    "lasgun-shield explosion kills it, and only then does it require revival.",
    permits="The Kwisatz Haderach is in the Tanks.",
    when=lambda s: s.kh and s.is_atreides,
)
def kh_in_tanks(s: RevivalFacts) -> bool:
    """Only a Kwisatz Haderach killed (by a lasgun-shield explosion) is revived: one alive is not. Not given, it is
    taken to be in the Tanks, as the move revives it (a note says so)."""
    return s.kh_in_tanks


@kh_in_tanks.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.kh, v.kh_in_tanks)


def _kh_open(s: RevivalFacts) -> bool:
    """Normal leader eligibility (gf9:191, 193) is open for Atreides."""
    return _all_dead(s) or _rest_captured(s)


def _no_tleilaxu(s: RevivalFacts) -> bool:
    return s.tleilaxu_in_game is False


def _kh_closed(s: RevivalFacts) -> bool:
    """No Atreides leader is in the Tanks and one at least is available: leader revival was never opened, or all
    have been revived since (gf9:191 opens it 'until all have been revived')."""
    return s.own_leaders_in_tanks == 0 and s.own_captured < s.own_leaders


def _kh_eligible_said(s: RevivalFacts, _o: dict[str, Any]) -> str:
    if _all_dead(s):
        return (
            "All five Atreides leaders are in the Tanks: normal leader revival is open (gf9:191), and the Kwisatz "
            "Haderach's revival follows it."
        )
    return (
        f"{s.own_leaders_in_tanks} Atreides leaders are in the Tanks and Harkonnen holds {s.captured_names} "
        "captive: normal leader revival is open (gf9:193), and the Kwisatz Haderach's revival follows it."
    )


@rule(
    "gf9.revival.kh-eligible",
    on="revive",
    cites="gf9:353,191,193",
    see_also="gf9:197",
    cite_when={"gf9:191": lambda s: not _rest_captured(s), "gf9:193": _rest_captured},
    title="The Kwisatz Haderach is revived under normal leader eligibility",
    forbids=lambda s, _o: (
        "No Atreides leader is in the Tanks: normal leader revival opens once all five are there, until all have "
        "been revived (gf9:191), and it governs the Kwisatz Haderach's revival (gf9:353)."
    ),
    permits=_kh_eligible_said,
    when=lambda s: s.kh and s.is_atreides and not s.has_card and (_kh_open(s) or (_kh_closed(s) and _no_tleilaxu(s))),
)
def kh_eligible(s: RevivalFacts) -> bool:
    """Normal leader eligibility applies to the Kwisatz Haderach's revival (its own life or death never counts for
    the five leaders): open once all five Atreides leaders are in the Tanks (or, Advanced, the rest are captive),
    closed while none is in the Tanks: then leader revival was never opened, or all have been revived since."""
    return _kh_open(s)


@kh_eligible.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(
        v.own_leaders_in_tanks >= v.own_leaders,
        z3.And(v.advanced, v.own_leaders_in_tanks > 0, v.own_leaders_in_tanks + v.own_captured >= v.own_leaders),
    )


gap(
    "gf9.revival.kh-eligibility",
    on="revive",
    cites="gf9:353,191",
    see_also="gf9:193",
    title="When the Kwisatz Haderach may be revived, with some Atreides leaders in the Tanks",
    reason="gf9:353 applies normal leader eligibility to the Kwisatz Haderach's revival: with some but not all of "
    "the Atreides leaders in the Tanks, gf9:191 opens it only if all five were there since and not all have been "
    "revived, a history the position does not record",
    when=lambda s: s.kh and s.is_atreides and not s.has_card and not _kh_open(s) and not _kh_closed(s),
    explain=lambda s: (
        f"{s.own_leaders_in_tanks} of the five Atreides leaders {'is' if s.own_leaders_in_tanks == 1 else 'are'} "
        "in the Tanks: whether all five were there and "
        "leader revival is still open (gf9:191), which governs the Kwisatz Haderach's (gf9:353), is not recorded"
    ),
)

gap(
    "gf9.revival.kh-tleilaxu",
    on="revive",
    cites="gf9:353",
    title="The Kwisatz Haderach's revival with the Tleilaxu in the game",
    reason="normal leader eligibility does not open the Kwisatz Haderach's revival, and the Tleilaxu are (or may be) "
    "in the game: gf9:353 applies that eligibility 'with Ghola and Tleilaxu exceptions', and Mentat does not "
    "encode the Tleilaxu module",
    when=lambda s: s.kh and s.is_atreides and not s.has_card and _kh_closed(s) and not _no_tleilaxu(s),
)

# gf9:41 names the Kwisatz Haderach's card and counter among what the Advanced Game also uses, while gf9:345-353
# list the token, its revival included, among the Atreides' Basic advantages: in the Basic game the text
# contradicts itself on whether there is a token to revive (gf9.battle.kh-basic is the same question in battle).
gap(
    "gf9.revival.kh-basic",
    on="revive",
    cites="gf9:41,345,347",
    see_also="gf9:353",
    title="Basic: reviving the Kwisatz Haderach, an Advanced component and a Basic advantage",
    reason="Atreides revives the Kwisatz Haderach in the Basic game: gf9:41 says the Advanced Game uses its card "
    "and counter, while gf9:345-353 list it, and its revival, among the Atreides' Basic advantages; the text "
    "contradicts itself",
    when=lambda s: s.kh and s.is_atreides and not s.advanced,
    explain=lambda s: (
        "Atreides revives the Kwisatz Haderach in the Basic game (the position is not `advanced`): gf9:41 names "
        "its card and counter among what the Advanced Game also uses, while gf9:345-353 list it among the "
        "Atreides' Basic advantages; the text does not say which holds"
    ),
)

# gf9:59  "During Bidding, everyone must disclose the number of Treachery Cards in their hand. Their identities
#          remain private. ..."


@rule(
    "gf9.revival.card-in-hand",
    on="revive",
    cites="gf9:59",
    see_also="gf9:183,455",
    title="The card a revival plays comes from the reviver's hand",
    forbids="{Faction} revives with {card}, not in its hand ({hand_words}).",
    permits="{Faction} holds {card} ({hand_words}).",
    needs=("card_in_hand",),
    when=lambda s: s.has_card,
)
def card_in_hand(s: RevivalFacts) -> bool:
    """A card that revives (a Tleilaxu Ghola) is played from the reviver's hand: where the hand is listed by name it
    must hold the card (a hand given as a count leaves the question open), as for any card played (gf9.cards.in-hand).
    """
    return bool(s.card_in_hand)


@card_in_hand.z3
def _(v: Any) -> z3.BoolRef:
    return v.card_in_hand


gap(
    "gf9.revival.ghola",
    on="revive",
    cites="gf9:183",
    see_also="gf9:195,197",
    title="A card's revival (Tleilaxu Ghola)",
    reason="a card revives (move.card): gf9:183 says a Ghola card adds the revival stated on that card, and gf9 "
    "does not print that card's text: how many it revives, beyond the three a turn gf9:179 'normally' allows, and "
    "at what price, are not given",
    when=lambda s: s.has_card,
)

gap(
    "gf9.revival.module",
    on="revive",
    cites="gf9:183",
    title="Tleilaxu and expansion modules change revival",
    reason="a revival outside the six base factions' sheets (the Fate, or a faction gf9 prints no sheet for): gf9:183 "
    "says Tleilaxu and expansion modules can change limits or costs, and Mentat does not encode them",
    when=lambda s: s.fate or s.faction not in SHEETS,
).replaces = ("overview.revival.faction-advantages",)
