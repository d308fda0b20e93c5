"""GF9: the faction texts that change shipment (Spacing Guild, Fremen, Bene Gesserit)."""

from __future__ import annotations

from functools import cache
from typing import Any

import z3

from checker.arrakis.board import gf9_board
from checker.arrakis.kinds.shipment import GREAT_FLAT, ShipmentFacts
from checker.facts import any_of
from checker.names import plural
from checker.rules import rule

# -- Spacing Guild --------------------------------------------------------------
# gf9:437 "For the first two types pay half normal cost, rounding the final cost up. The
#          back-to-reserve rate of one per two is already your stated rate and is not halved
#          again. A one-force shipment to a stronghold costs one spice."
# gf9:439 "Your ally may ship reserves to Arrakis or cross-ship forces on Arrakis at Guild
#          rates, but cannot use your return-to-reserve option."
# overview:57 "... ship reserves to any territory (1 spice per force to strongholds, 2 spice elsewhere) ..." (the normal
#          cost gf9:437 halves: GF9's text does not print it)


def _odd_rate_text(s: ShipmentFacts) -> str:
    low = s.forces // 2
    pairs = f"{low} spice for {s.forces - 1} of them, " if low else ""
    return (
        f"{plural(s.forces, 'force')} from {s.origin} back to reserves at one spice per two: {pairs}the odd "
        f"force's charge open ({low} or {low + 1} spice)."
    )


@rule(
    "gf9.shipment.guild-rates",
    on="ship",
    cites="gf9:437,439; overview:57",
    cite_when={"overview:57": lambda s: not s.to_reserves, "gf9:439": lambda s: not s.is_guild},
    see_also="gf9:207",
    title="The Guild and its ally ship at half price; the Guild retrieves at one per two forces",
    permits=lambda s, o: (
        _odd_rate_text(s)
        if s.odd_retrieval
        else f"{s.forces} force{'s' if s.forces != 1 else ''} from {s.origin} to {s.to} cost {o['cost']} spice at "
        "Guild rates."
    ),
    defines=("cost",),
    when=lambda s: s.at_guild_rates,
    replaces="overview.shipment.faction-advantages",
    one_sided="it fixes the price; paying it is gf9.shipment.affordable, who may use the types the rules beside it",
)
def guild_rates(s: ShipmentFacts) -> dict[str, int]:
    """From reserves to Arrakis, or from one territory to another, the Guild (and its ally) pays half the
    normal cost, the total rounded up (so one force into a stronghold still costs one). Back to reserves
    costs one spice per two forces, not halved again; for an odd number of forces the figure here rounds up,
    but the text leaves that open (gf9.shipment.guild-retrieve-odd: the cost is unknown, or the answer unresolved
    where only the lower price can be paid)."""
    if s.to_reserves:
        pairs, odd = divmod(s.forces, 2)
        return {"cost": pairs + odd}
    normal = s.forces if s.to_stronghold else 2 * s.forces
    return {"cost": normal // 2 + normal % 2}


@guild_rates.z3
def _(v: Any) -> z3.BoolRef:
    normal = z3.If(v.to_stronghold, v.forces, 2 * v.forces)
    # 2*cost - 1 <= amount <= 2*cost: cost is the amount halved and rounded up
    amount = z3.If(v.to_reserves, v.forces, normal)
    return z3.And(2 * v.cost >= amount, 2 * v.cost - 1 <= amount)


def odd_return_costs(s: ShipmentFacts) -> tuple[int, int]:
    """What an odd return to reserves may cost: one spice per two forces, the odd force free or charged as a pair."""
    pairs = s.forces // 2
    return pairs, pairs + 1


def _can_pay_most(s: ShipmentFacts) -> bool:
    return s.spice is not None and odd_return_costs(s)[1] <= s.spice + s.ally_support


def _odd_open(s: ShipmentFacts) -> str:
    low, high = odd_return_costs(s)
    words = (
        f"the Guild sends {s.forces} forces back to reserves: gf9:437 gives one spice per two forces and rounds up "
        f"only 'the first two types', so whether the odd force costs a spice is not said: {low} or {high} spice"
    )
    if s.spice is None:
        return words
    return f"{words}, and the Guild can pay either (it has {s.spice})"


@rule(
    "gf9.shipment.guild-retrieve-odd",
    on="ship",
    cites="gf9:437",
    title="How an odd force sent back to reserves is charged",
    status="unresolved",
    reason="the Guild sends an odd number of forces back to reserves: gf9:437 gives one spice per two forces and "
    "rounds up only 'the first two types', so whether the odd force costs a spice is not said; the Guild can pay "
    "either price, so only the cost is unknown",
    explain=_odd_open,
    when=lambda s: s.odd_retrieval and (s.spice is None or _can_pay_most(s)),
    leaves_open=("cost",),
    one_sided="an open question of the text: it neither forbids nor permits, it leaves the cost unknown",
)
def guild_retrieve_odd(s: ShipmentFacts) -> bool:
    """Back to reserves at one per two forces: the text does not say what an odd force costs. Where the Guild can
    pay either price, the move is legal and only its cost is open."""
    return True


@guild_retrieve_odd.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


def _odd_unaffordable(s: ShipmentFacts) -> str:
    low, high = odd_return_costs(s)
    helped = f" and {s.ally_support} promised by its ally" if s.ally_support else ""
    return (
        f"the Guild sends {s.forces} forces back to reserves with {s.spice} spice{helped}: it can pay {low} spice "
        f"(the odd force free) but not {high} (the odd force charged as a pair), and gf9:437 does not say which "
        "it costs"
    )


@rule(
    "gf9.shipment.guild-retrieve-odd-afford",
    on="ship",
    cites="gf9:437",
    see_also="gf9:3",
    title="Whether the Guild can pay for an odd return to reserves",
    status="unresolved",
    reason="the Guild sends an odd number of forces back to reserves and can pay the lower of its two possible "
    "prices but not the higher: gf9:437 does not say whether the odd force costs a spice",
    explain=_odd_unaffordable,
    when=lambda s: s.odd_retrieval and s.spice is not None and not _can_pay_most(s),
    one_sided="an open question of the text: it neither forbids nor permits, it makes the answer unresolved",
)
def guild_retrieve_odd_afford(s: ShipmentFacts) -> bool:
    """Back to reserves at one per two forces, the odd force's charge open: whether the move is legal depends on
    it where the Guild can pay the lower price and not the higher."""
    return True


@guild_retrieve_odd_afford.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


# -- Fremen -----------------------------------------------------------------------
# gf9:399 "For your shipment, bring any number of reserves for free into The Great Flat or one
#          territory within two territory borders of it. Do not count The Great Flat itself
#          against the range. This is your faction's reserve-placement action, rather than a
#          paid off-planet shipment."
# gf9:439 "... Allied Fremen may treat its off-board reserve territory as the origin of such a
#          cross-shipment." -- so Fremen allied with the Guild may ship elsewhere at Guild rates.


@cache
def fremen_zone_indices() -> tuple[int, ...]:
    """The Great Flat and the territories one or two borders from it, by two rings of adjacency."""
    board = gf9_board()
    zone = {GREAT_FLAT}
    for _ in range(2):
        zone |= {n for t in list(zone) for n in board.adjacent_territories(t)}
    return tuple(sorted(board[t].index for t in zone))


def _zone_form(v: Any) -> Any:
    return any_of(v.to_index == i for i in fremen_zone_indices())


@rule(
    "gf9.shipment.fremen-zone",
    on="ship",
    cites="gf9:399,439",
    cite_when={"gf9:439": lambda s: s.guild_ally},  # the Guild's ally's own origin
    see_also="gf9:207",
    title="Fremen place reserves free within two borders of The Great Flat",
    forbids="Fremen cannot bring reserves into {to}: it is {to_distance_from_great_flat} borders from The Great Flat "
    "(at most 2).",
    permits=lambda s, _o: (
        f"Fremen bring {s.forces} forces into {s.to} free of charge (their reserve placement)."
        if s.in_fremen_zone
        else f"{s.to} is {s.to_distance_from_great_flat} borders from The Great Flat, beyond the Fremen's free "
        "placement: as the Spacing Guild's ally, Fremen may ship there from their reserves at Guild rates."
    ),
    when=lambda s: s.is_fremen and not s.from_board,
    defines=("cost", "paid_to"),
)
def fremen_zone(s: ShipmentFacts) -> bool | dict[str, Any]:
    """Fremen ship by placing reserves, for nothing and paying no one, into The Great Flat or a territory at
    most two borders from it. Outside that area only a Guild ally may ship, at Guild rates."""
    if s.to_reserves:
        return False
    borders = gf9_board().territory_distance(GREAT_FLAT, s.to)
    if borders is not None and borders <= 2:
        return {"cost": 0, "paid_to": None}
    return s.guild_ally


@fremen_zone.z3
def _(v: Any) -> z3.BoolRef:
    return z3.If(_zone_form(v), z3.And(v.cost == 0, v.payee == 0), v.guild_ally)


# gf9:411 "If caught by storm, lose half the affected force tokens, rounding losses up. You may
#          place reserves into your legal landing area under storm and lose half."


@rule(
    "gf9.shipment.fremen-storm",
    on="ship",
    cites="gf9:411",
    title="Advanced Fremen may place under the storm and lose half",
    permits="Fremen place {forces} forces in {to} sector {sector}; storm sector {storm_sector}: losses {losses}.",
    needs=("storm_sector",),
    defines=("losses",),
    when=lambda s: s.is_fremen and s.advanced and s.fremen_placement and s.in_fremen_zone,
    one_sided="it only ever permits, fixing the losses; Basic Fremen are held by gf9.shipment.storm-blocks",
)
def fremen_storm(s: ShipmentFacts) -> dict[str, Any]:
    """In the Advanced game Fremen may place reserves in their landing area even under the storm, losing half
    the forces placed there, rounded up. With no sector named, they land in a clear sector when there is one."""
    if s.to_polar_sink:
        stormed = False
    elif s.to_sector is not None:
        stormed = s.to_sector == s.storm_sector
    else:
        stormed = all(sector == s.storm_sector for sector in s.to_sectors)
    lost = -(-s.forces // 2) if stormed else 0
    return {"losses": {"fremen": lost} if lost else {}}


@fremen_storm.z3
def _(v: Any) -> z3.BoolRef:
    clear_exists = any_of(sector != v.storm_sector for sector in v.to_sectors) if v.to_sectors else z3.BoolVal(True)
    prefer_clear = z3.Implies(z3.And(z3.Not(v.to_sector_given), clear_exists), v.sector != v.storm_sector)
    losses = z3.If(v.sector == v.storm_sector, (v.forces + 1) / 2, 0)
    return z3.And(prefer_clear, v.storm_losses == losses)


# -- Bene Gesserit ------------------------------------------------------------------
# gf9:363 "Whenever another faction ships from off-planet to Arrakis, you may send one reserve
#          force for free to Polar Sink. ... Fremen reserve placement and Guild cross-shipment do
#          not qualify as off-planet shipment."
# gf9:377 "When accompanying another faction's off-planet shipment, you may put a free advisor
#          in its destination instead of Polar Sink."
# gf9:379 "If you already have fighters at the destination of an off-planet shipment, first use
#          Intrusion ... Otherwise send the free force to Polar Sink or decline it; you may not
#          place the two types together."


def _why_no_escort(s: ShipmentFacts) -> str:
    head = "The Bene Gesserit cannot send a free force along"
    if not s.bg_in_game:
        return f"{head}: they are not in the game."
    if s.is_bene_gesserit:
        return f"{head} with their own shipment: only another faction's shipment qualifies."
    if s.is_fremen:
        return f"{head}: Fremen reserve placement is not an off-planet shipment."
    if s.from_board:
        return f"{head}: a shipment from {s.origin} is not from off-planet."
    return f"{head}: they have {s.bg_reserves} forces in reserve."


@rule(
    "gf9.shipment.bg-accompany",
    on="ship",
    cites="gf9:363",
    title="The Bene Gesserit may send one free force along with another faction's off-planet shipment",
    forbids=lambda s, _o: _why_no_escort(s),
    permits="The Bene Gesserit send one free force to {where_bg}.",
    needs=("bg_reserves",),
    defines=("bene_gesserit",),
    when=lambda s: s.accompany,
)
def bg_accompany(s: ShipmentFacts) -> bool | dict[str, Any]:
    """When another faction ships from its off-planet reserves, the Bene Gesserit may send one force from
    their reserves to the Polar Sink for free (or, Advanced, an advisor to the destination)."""
    ok = s.bg_in_game and not s.is_bene_gesserit and s.off_planet and (s.bg_reserves or 0) >= 1
    if not ok:
        return False
    advisor = s.accompany_destination
    return {"bene_gesserit": {"territory": s.to if advisor else "Polar Sink", "advisor": advisor}}


@bg_accompany.z3
def _(v: Any) -> z3.BoolRef:
    qualifies = z3.And(
        v.bg_in_game, z3.Not(v.is_bene_gesserit), z3.Not(v.from_board), z3.Not(v.is_fremen), v.bg_reserves > 0
    )
    return z3.And(qualifies, v.bg_sends, v.bg_advisor == v.accompany_destination)


@rule(
    "gf9.shipment.bg-advisor",
    on="ship",
    cites="gf9:377,379",
    title="Advanced: the free force may go as an advisor to the destination, unless fighters are there",
    forbids=lambda s, _o: (
        f"The Bene Gesserit cannot put an advisor in {s.to}: "
        + (
            "advisors are Advanced only (send the free force to the Polar Sink instead)."
            if not s.advanced
            else "their fighters are there (send the free force to the Polar Sink instead)."
        )
    ),
    permits="The Bene Gesserit put a free advisor in {to}.",
    when=lambda s: s.accompany_destination,
)
def bg_advisor(s: ShipmentFacts) -> bool:
    """In the Advanced game the accompanying force may instead be an advisor in the shipment's destination,
    but not where Bene Gesserit fighters already are."""
    return s.advanced and not s.bg_fighters_in_to


@bg_advisor.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.advanced, z3.Not(v.bg_fighters_in_to))
