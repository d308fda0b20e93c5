"""GF9: shipment (Shipment and Movement): storm, the stronghold limit, reserves, paying.

The faction texts that change shipment (Guild, Fremen, Bene Gesserit) are in
``factions_shipment.py``; the normal rate (1 a force to a stronghold, 2
elsewhere) is the overview's, which gf9 does not restate.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.shipment import ShipmentFacts
from checker.arrakis.position import SHIPMENT_AND_MOVEMENT, phase_words
from checker.names import display, plural, whose
from checker.rules import chapter, rule, set_aside
from constraints.overview.shipment import advisors_decide

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
# (gf9:441, the Guild's end-game victory, is the position kind's question at the Mentat Pause.)
chapter("ship", "gf9:99,139,145-151,157,199-207,221-229,363,377-379,399,411,429-439,443")

set_aside("gf9:149", "the Emperor's Treachery purchases (Bidding): who is paid for a card, not for a shipment")
set_aside("gf9:203", "a heading (a question: what does shipment buy?)")
set_aside(
    "gf9:431",
    "the Guild's starting forces, reserves and spice (setup): a shipment reads the reserves and forces the "
    "position gives",
)
set_aside(
    "gf9:443",
    "the Guild's out-of-order turn stopped by Karama: the position format has no key for the order in which "
    "factions take their Shipment and Movement turns, and Mentat judges one shipment, not when in the phase "
    "it comes",
)

# -- the price of a shipment, once in Python (checks) and once in z3 (forms) ----


def price(s: ShipmentFacts) -> int:
    """What the shipment costs: free Fremen placement, Guild rates, or the normal rate."""
    if s.fremen_placement:
        return 0
    # back to reserves: the Guild's one spice per two forces (the halving below); no one else may
    base = s.forces if s.to_reserves else s.forces * (1 if s.to_stronghold else 2)
    if (
        s.odd_retrieval and s.at_guild_rates
    ):  # the odd force's charge is open (gf9.shipment.guild-retrieve-odd): the least it may cost
        return base // 2
    return -(-base // 2) if s.at_guild_rates else base


def z3_price(v: Any) -> Any:
    """The same price over the solver's variables (for rules applying to paid shipments only)."""
    base = z3.If(z3.Or(v.to_reserves, v.to_stronghold), v.forces, 2 * v.forces)
    halved = z3.If(v.odd_retrieval, base / 2, (base + 1) / 2)
    return z3.If(z3.Or(v.is_guild, v.guild_ally), halved, base)


def _advanced_fremen_landing(s: ShipmentFacts) -> bool:
    return s.is_fremen and s.advanced and s.fremen_placement and s.in_fremen_zone


# gf9:201 "These examples use the Basic Game. In storm order, each faction may make one shipment,
#          then one on-planet movement. Finish both before the next faction acts. ..."
#          (in "Finish both actions", within the Shipment and Movement section)


def _phase_name(s: Any) -> str:
    return "?" if s.phase_index is None else phase_words(s.phase_index)


@rule(
    "gf9.shipment.phase",
    on="ship",
    cites="gf9:201",
    title="Shipment is made in the Shipment and Movement phase",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot ship in the {_phase_name(s)} phase: each faction ships, "
        "then moves, in the Shipment and Movement phase."
    ),
    permits="It is the Shipment and Movement phase.",
    when=lambda s: s.phase_index is not None,
    replaces="overview.shipment.phase",
)
def shipment_phase(s: ShipmentFacts) -> bool:
    """A shipment, of whatever type (the Guild's cross-shipment and return to reserves, the Fremen's reserve
    placement), is made in the Shipment and Movement phase, each faction in storm order shipping then moving.
    When the position gives no phase, it is taken to be that one (the verdict's notes say so)."""
    return s.phase_index == SHIPMENT_AND_MOVEMENT


@shipment_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


def _turn_done(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    who = display(s.faction)
    if s.shipped_before:
        return f"{who} has already shipped this phase: each faction makes one shipment."
    if s.moved_before:
        return f"{who} has already moved this phase: its shipment comes first, then its movement."
    return (
        f"{whose(s.faction)} turn is over: another faction has acted since it began, and it finishes both before the "
        "next acts."
    )


@rule(
    "gf9.shipment.one-turn",
    on="ship",
    cites="gf9:201",
    title="One shipment a faction, then its movement, before the next faction acts",
    forbids=_turn_done,
    permits=lambda s, _o: f"{display(s.faction)} has not shipped or moved yet this phase (this phase's history).",
    # the phase's history, or a record's own keys saying it shipped or moved (checker/arrakis/history.py)
    when=lambda s: (s.shipped_before is not None or bool(s.moved_before)) and s.phase_index == SHIPMENT_AND_MOVEMENT,
)
def shipment_one_turn(s: ShipmentFacts) -> bool:
    """Inside a game record, whose history of the phase says who has acted: a faction ships once, before it
    moves, within its own turn (the next faction acts only when it has finished both). A record whose start does not
    give the phase's history still says what its own moves did: a faction that shipped or moved in it ships no
    more."""
    return not (s.shipped_before or s.moved_before or s.turn_over)


@shipment_one_turn.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(z3.Or(v.shipped_before, v.moved_before, v.turn_over))


def turn_past(s: Any, _o: dict[str, Any]) -> str:
    """A shipment or movement after a faction later in storm order has acted (gf9.*.storm-order)."""
    return (
        f"{s.later_names} already acted this phase, after {display(s.faction)} in storm order: "
        f"{whose(s.faction)} Shipment and Movement turn is past."
    )


def turn_open(s: Any, _o: dict[str, Any]) -> str:
    return (
        f"No faction after {display(s.faction)} in storm order has acted yet this phase (this phase's history, "
        "the seats)."
    )


# gf9:201 "... In storm order, each faction may make one shipment, then one on-planet movement. Finish both
#          before the next faction acts. Either action is optional. ..."
# gf9:69  "First Player is the faction whose player marker the storm will next approach while continuing
#          counterclockwise. Proceed to that player's right, counterclockwise, when an activity calls for storm
#          order. ..."
@rule(
    "gf9.shipment.storm-order",
    on="ship",
    cites="gf9:201,69",
    title="Shipment and Movement turns come in storm order",
    forbids=turn_past,
    permits=turn_open,
    when=lambda s: s.after_later is not None and s.phase_index == SHIPMENT_AND_MOVEMENT and not s.is_guild,
)
def shipment_storm_order(s: ShipmentFacts) -> bool:
    """Inside a game record whose position gives the seats: the factions take their Shipment and Movement turns in
    storm order, so once a faction later in that order has shipped or moved, an earlier one's turn is past (it
    passed). The Guild, whose turn may come out of order (gf9:443), is not judged by it, nor does its acting close
    another's turn."""
    return not s.after_later


@shipment_storm_order.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.after_later)


# gf9:31  "... a sector currently under the storm still blocks shipment, movement and battle."
# gf9:99  "Forces cannot ship, move or battle into, out of or through the sector currently
#          under the storm. In a territory spanning several sectors, a group may enter or
#          leave an uncovered part ... The Polar Sink is never covered."
# gf9:223 "Ordinary forces cannot ship into, enter, leave or cross a sector under the storm.
#          Clear sectors elsewhere in that territory remain usable."


def _landing_blocked(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    if s.to_sector is not None and len(s.to_sectors) > 1:
        return (
            f"{display(s.faction)} cannot land in {s.to} sector {s.to_sector}: it is under the storm "
            "(a clear sector of the territory would do)."
        )
    return f"{display(s.faction)} cannot ship into {s.to}: sector {s.storm_sector} is under the storm."


def landing_clear_text(s: Any, o: dict[str, Any]) -> str:
    """Where a shipment lands clear of the storm: its sector where one is given (or the territory has one), else
    the territory's sectors clear of it (the player picks among them). Any shipment's facts with ``to``,
    ``to_sectors``, ``to_sector`` and ``storm_sector`` (GF9's, Dreamrules', Conquest's)."""
    sector = o.get("sector", s.to_sector)
    if sector is not None:
        return f"{s.to} sector {sector} is clear of the storm (sector {s.storm_sector})."
    clear = [x for x in s.to_sectors if x != s.storm_sector]
    if len(clear) == len(s.to_sectors):
        return f"{s.to} (sectors {', '.join(map(str, clear))}) is clear of the storm (sector {s.storm_sector})."
    return (
        f"{s.to} has {plural(len(clear), 'sector')} clear of the storm ({', '.join(map(str, clear))}) beside "
        f"sector {s.storm_sector}, under it."
    )


def _landing_clear(s: ShipmentFacts, o: dict[str, Any]) -> str:
    if s.to_polar_sink:
        return "The Polar Sink is never under the storm."
    return landing_clear_text(s, o)


@rule(
    "gf9.shipment.storm-blocks",
    on="ship",
    cites="gf9:99,223",
    see_also="gf9:31",
    title="No shipment into the storm",
    forbids=_landing_blocked,
    permits=_landing_clear,
    needs=("storm_sector",),
    when=lambda s: not s.to_reserves and not _advanced_fremen_landing(s),
    replaces="overview.shipment.storm",
)
def storm_blocks_shipment(s: ShipmentFacts) -> bool:
    """Forces may not land in the sector under the storm; a clear sector of the same territory will do,
    and the Polar Sink is never covered."""
    if s.to_polar_sink:
        return True
    landing = [s.to_sector] if s.to_sector is not None else s.to_sectors
    return any(sector != s.storm_sector for sector in landing)


@storm_blocks_shipment.z3
def _(v: Any) -> z3.BoolRef:
    return v.sector != v.storm_sector  # the Polar Sink has sector 0, never a storm sector


def _origin_blocked(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    where = f"{s.origin} sector {s.from_sector}" if s.from_sector is not None else f"{s.origin}"
    return f"{display(s.faction)} cannot ship forces out of {where}: sector {s.storm_sector} is under the storm."


@rule(
    "gf9.shipment.storm-origin",
    on="ship",
    cites="gf9:99,223",
    see_also="gf9:31",
    title="No shipment out of the storm (Guild cross-shipment, return to reserves)",
    forbids=_origin_blocked,
    permits="The forces leave {origin} clear of the storm (sector {storm_sector}).",
    needs=("storm_sector",),
    when=lambda s: s.from_board and bool(s.from_sectors),  # the Polar Sink has no sector
)
def storm_blocks_origin(s: ShipmentFacts) -> bool:
    """Forces shipped off a territory of Arrakis (a Guild cross-shipment, a return to reserves) may not leave
    the sector under the storm; a clear sector of the origin will do."""
    leaving = [s.from_sector] if s.from_sector is not None else s.from_sectors
    return any(sector != s.storm_sector for sector in leaving)


@storm_blocks_origin.z3
def _(v: Any) -> z3.BoolRef:
    return v.from_sec != v.storm_sector


# gf9:139 "... The rule blocking entry into a stronghold with two other factions still applies."
# gf9:227 "A stronghold with two other factions is closed to you: no shipment into it, ..."
# gf9:229 "In Advanced play, Bene Gesserit advisors do not count toward this limit."
# gf9:375 "An advisor ... cannot ... count toward stronghold control or the two-faction limit"


def _advisors_note(s: ShipmentFacts) -> str:
    return " (Bene Gesserit advisors do not count)" if s.others_present_in_to > s.other_factions_in_to else ""


@rule(
    "gf9.shipment.stronghold-limit",
    on="ship",
    cites="gf9:227,229",
    see_also="gf9:139,375",
    title="No shipment into a stronghold holding two other factions",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot ship into {s.to}: {s.others_in_to_names} already have "
        "forces there, and a stronghold with two other factions is closed."
    ),
    permits=lambda s, _o: (
        f"{s.to} holds {s.others_in_to_names or 'no other faction'}{_advisors_note(s)}: "
        "fewer than two other factions, it is open."
    ),
    when=lambda s: s.to_stronghold,
    replaces="overview.shipment.stronghold-limit",
)
def stronghold_limit(s: ShipmentFacts) -> bool:
    """A stronghold already holding forces of two other factions is closed; one other faction is not
    enough, and in the Advanced game Bene Gesserit advisors are not counted."""
    return s.other_factions_in_to < 2


@stronghold_limit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.to_stronghold, v.other_factions_in_to <= 1)


# gf9:229 "In Advanced play, Bene Gesserit advisors do not count toward this limit." -- its own rule, with no
# replaces=: the overview counts "players present" (overview:57) and leaves advisors to the Player Sheets
# (overview:105), so where advisors make the count this rule answers under the overview too.


@rule(
    "gf9.shipment.advisors-uncounted",
    on="ship",
    cites="gf9:229",
    see_also="gf9:227,375",
    title="Advanced Bene Gesserit advisors do not count toward the two-faction limit",
    permits=lambda s, _o: (
        f"{s.to} holds forces of {s.others_present_in_to} other factions, but only "
        f"{s.others_in_to_names or 'no other faction'} with fighters: Bene Gesserit advisors do not count "
        "toward the limit, and the stronghold is open."
    ),
    when=advisors_decide,
    one_sided="it applies only where advisors make the count, and there they leave the stronghold open",
)
def advisors_uncounted(s: ShipmentFacts) -> bool:
    """In the Advanced game Bene Gesserit advisors are not counted among the other factions in a stronghold:
    where they alone make two, fewer than two other factions remain and it is open."""
    return s.other_factions_in_to < 2


@advisors_uncounted.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.to_stronghold, v.other_factions_in_to <= 1)


# gf9:205 "Send reserves to one territory and choose their sector. Pay the Guild if it is
#          playing, otherwise the Bank. The Guild pays the Bank. Ordinary shipment cannot
#          retrieve forces or move them between board territories."
# gf9:433 "Receive payments when other factions ship onto Arrakis from off-planet reserves.
#          Pay the Bank for your own shipments."
# gf9:151 "For shipment, pay the Guild, or the Bank if no Guild is playing. Any contribution the
#          Guild itself makes toward its ally's shipment goes to the Bank."


def _guild_pays_all(s: ShipmentFacts) -> bool:
    cost = price(s)
    return s.guild_ally and cost > 0 and s.ally_support >= cost


def _payee(s: ShipmentFacts) -> str:
    if s.guild_in_game and not s.is_guild and not _guild_pays_all(s):
        return "spacing-guild"
    return "bank"


def _payee_message(s: ShipmentFacts, o: dict[str, Any]) -> str:
    if s.is_guild and s.odd_retrieval:  # the cost is open (gf9.shipment.guild-retrieve-odd): it is not stated here
        return "The Guild pays the Bank for its own return to reserves."
    cost = o.get("cost", price(s))
    if s.is_guild:
        return f"The Guild pays the Bank for its own shipment ({cost} spice)."
    if _guild_pays_all(s):
        return f"The Guild pays the whole {cost} spice of its ally's shipment, and its contribution goes to the Bank."
    if s.guild_in_game and s.guild_ally and s.ally_support > 0:
        return f"{display(s.faction)} pays its own {cost - _aid(s)} spice to the Spacing Guild."
    if s.guild_in_game:
        return f"{display(s.faction)} pays the Spacing Guild for its shipment ({cost} spice)."
    return f"{display(s.faction)} pays the Bank ({cost} spice): the Spacing Guild is not playing."


@rule(
    "gf9.shipment.payee",
    on="ship",
    cites="gf9:205,433,151",
    # gf9:433 speaks of shipments from off-planet reserves (and the Guild's own): a cross-shipment between
    # territories is paid for under gf9:151's "For shipment, pay the Guild"
    cite_when={
        "gf9:151": lambda s: s.cross_ship,
        "gf9:433": lambda s: s.is_guild or not s.cross_ship,
    },
    title="Shipment is paid to the Guild, or the Bank without it",
    permits=_payee_message,
    defines=("paid_to",),
    needs=("guild_in_game",),
    when=lambda s: not s.fremen_placement,
    one_sided="it names who is paid; it never forbids",
)
def shipment_payee(s: ShipmentFacts) -> dict[str, Any]:
    """Other factions pay the Spacing Guild when it plays; the Guild itself, and everyone without it, pay the Bank.

    ``paid_to`` names who receives the shipper's own payment; when the Guild's contribution toward its
    ally's shipment covers the whole cost, the shipper pays nothing and ``paid_to`` is the Bank, which
    receives that contribution (gf9:151; see gf9.shipment.guild-aid-to-bank for a split)."""
    return {"paid_to": _payee(s)}


@shipment_payee.z3
def _(v: Any) -> z3.BoolRef:
    guild_pays_all = z3.And(v.guild_ally, v.cost > 0, v.ally_support >= v.cost)
    return v.payee == z3.If(z3.And(v.guild_in_game, z3.Not(v.is_guild), z3.Not(guild_pays_all)), 2, 1)


def _aid(s: ShipmentFacts) -> int:
    return min(s.ally_support, price(s))


def _aid_message(s: ShipmentFacts, o: dict[str, Any]) -> str:
    aid = _aid(s)
    rest = price(s) - aid
    own = f"; {display(s.faction)} pays the other {rest} to the Guild" if rest else ""
    return f"The Guild's own {aid} spice toward {whose(s.faction)} shipment goes to the Bank{own}."


@rule(
    "gf9.shipment.guild-aid-to-bank",
    on="ship",
    cites="gf9:151",
    title="The Guild's contribution toward its ally's shipment goes to the Bank",
    permits=_aid_message,
    defines=("payments",),
    when=lambda s: s.guild_ally and s.ally_support > 0 and not s.fremen_placement,
    one_sided="it says who receives which part of the payment; it never forbids",
)
def guild_aid_to_bank(s: ShipmentFacts) -> dict[str, Any]:
    """When the Guild pays part or all of its ally's shipment, its contribution goes to the Bank, and the ally
    pays the rest to the Guild. ``payments`` gives each receiver's spice, e.g. ``{spacing-guild: 1, bank: 1}``
    for a 2-spice shipment with 1 from the Guild (receivers of nothing are left out)."""
    aid = _aid(s)
    paid = {"spacing-guild": price(s) - aid, "bank": aid}
    return {"payments": {who: n for who, n in paid.items() if n > 0}}


@guild_aid_to_bank.z3
def _(v: Any) -> z3.BoolRef:
    return v.guild_aid == z3.If(v.ally_support <= v.cost, v.ally_support, v.cost)


def _reserves_short(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    who = display(s.faction)
    if s.count > (s.reserves or 0):
        return f"{who} ships {s.count} forces but has {s.reserves} in reserve."
    return f"{who} ships {s.special} special forces but has {s.reserves_special} in reserve."


@rule(
    "gf9.shipment.reserves",
    on="ship",
    cites="gf9:205",
    title="Only forces in reserve can be shipped",
    forbids=_reserves_short,
    permits="{Faction} has {count_forces} and {special_forces} to ship among {reserves} and "
    "{reserves_special} in reserve.",
    needs=("reserves", "reserves_special"),
    when=lambda s: not s.from_board,
    replaces="overview.shipment.reserves",
)
def ship_from_reserves(s: ShipmentFacts) -> bool:
    """A shipment sends forces from the faction's reserves: no more ordinary or special forces than it has there."""
    return s.count <= (s.reserves or 0) and s.special <= (s.reserves_special or 0)


@ship_from_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.count <= v.reserves, v.special <= v.reserves_special)


@rule(
    "gf9.shipment.one-territory",
    on="ship",
    cites="gf9:205",
    title="A shipment goes to one territory",
    forbids="{Faction} cannot split one shipment among {destinations} territories ({all_to}).",
    permits="The shipment goes to one territory, {to}.",
)
def one_territory(s: ShipmentFacts) -> bool:
    """All the forces of one shipment go to a single territory (and one sector of it)."""
    return s.destinations == 1


@one_territory.z3
def _(v: Any) -> z3.BoolRef:
    return v.destinations <= 1


@rule(
    "gf9.shipment.cross-ship-guild-only",
    on="ship",
    cites="gf9:205,439",
    title="Only the Guild and its ally ship between territories",
    forbids="{Faction} cannot ship forces from {origin} to {to}: ordinary shipment does not move forces "
    "between territories, and {Faction} is not the Guild nor its ally.",
    permits="{Faction} may cross-ship from {origin} to {to} at Guild rates.",
    when=lambda s: s.cross_ship,
    replaces="overview.shipment.from-reserves",
)
def cross_ship_guild_only(s: ShipmentFacts) -> bool:
    """Shipping forces from one territory to another is the Guild's (and its ally's) type of shipment, no one else's."""
    return s.is_guild or s.guild_ally


@cross_ship_guild_only.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.Not(v.cross_ship), v.is_guild, v.guild_ally)


@rule(
    "gf9.shipment.retrieve-guild-only",
    on="ship",
    cites="gf9:205,437,439",
    title="Only the Guild ships forces back to reserves",
    forbids="{Faction} cannot ship forces from {origin} back to reserves: only the Guild may, not even its ally.",
    permits="The Guild ships forces from {origin} back to its reserves.",
    when=lambda s: s.to_reserves,
)
def retrieve_guild_only(s: ShipmentFacts) -> bool:
    """Taking forces off the board to reserves is the Guild's own shipment type; its ally may not use it."""
    return s.is_guild


@retrieve_guild_only.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.to_reserves, v.is_guild)


@rule(
    "gf9.shipment.origin-forces",
    on="ship",
    cites="gf9:439",
    title="Forces shipped from a territory must be there",
    forbids="{Faction} ships {forces} forces from {origin} but has {from_forces} there.",
    permits="{Faction} has {from_forces} forces in {origin}.",
    needs=("from_forces",),
    when=lambda s: s.from_board,
)
def origin_forces(s: ShipmentFacts) -> bool:
    """A cross-shipment or return to reserves takes forces the shipper has in the origin territory."""
    return s.forces <= (s.from_forces or 0)


@origin_forces.z3
def _(v: Any) -> z3.BoolRef:
    return v.from_forces - v.forces >= 0


# gf9:3   "Spice pays for cards, shipment and revival."
# gf9:147 "You may pay part or all of an ally's Treachery purchase or shipment, up to the actual cost.
#          Promise that help before the ally bids beyond its own holdings. Pay the recipient of that
#          transaction directly, rather than transferring unrestricted spice to the ally."
# gf9:157 "Normal allied aid covers the actual purchase or shipment cost."


def _ally_may_pay(s: ShipmentFacts) -> bool:
    """The shipper's ally pays toward the shipment, or (the shipper short of spice) might have: gf9:147, 157."""
    return s.ally_support > 0 or (s.has_ally and price(s) > (s.spice or 0))


def _cannot_pay(s: ShipmentFacts, _o: dict[str, Any]) -> str:
    help_ = f" and {s.ally_support} promised by its ally" if s.ally_support else ""
    if not s.ally_support and s.has_ally:
        help_ = (
            f", and its ally {display(s.ally)} promised none (move.ally_support: an ally may pay part or all of a "
            "shipment)"
        )
    return (
        f"{display(s.faction)} cannot pay {price(s)} spice for {s.forces} forces to {s.to}: it has "
        f"{s.spice} spice{help_}."
    )


def _odd_affordable(s: ShipmentFacts) -> str:
    """What is checked of an odd return to reserves: the lower of its two possible prices (gf9:437 leaves the odd
    force's charge open), and whether the higher is within reach too."""
    low = price(s)
    has = (s.spice or 0) + s.ally_support
    higher = f"the higher, {low + 1}, too" if low + 1 <= has else f"not the higher, {low + 1}"
    return (
        f"{display(s.faction)} can pay {low} spice, the lower of the two prices the return may cost (it has {has}); "
        f"{higher}."
    )


@rule(
    "gf9.shipment.affordable",
    on="ship",
    cites="gf9:3,147,157",
    cite_when={"gf9:147": _ally_may_pay, "gf9:157": _ally_may_pay},  # an ally's help, given or open to it
    title="The shipper must be able to pay",
    forbids=_cannot_pay,
    permits=lambda s, o: (
        _odd_affordable(s) if s.odd_retrieval else f"{display(s.faction)} can pay the {o['cost']} spice."
    ),
    needs=("spice",),
    when=lambda s: not s.fremen_placement,
    replaces="overview.shipment.affordable",
)
def affordable(s: ShipmentFacts) -> bool:
    """The cost may not exceed the shipper's spice plus what its ally promised toward it."""
    return price(s) <= (s.spice or 0) + s.ally_support


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3_price(v) <= v.spice + v.ally_support


def _helped(s: ShipmentFacts) -> bool:
    return s.ally_support > 0 and not s.fremen_placement


@rule(
    "gf9.shipment.ally-support",
    on="ship",
    cites="gf9:147",
    title="Only an ally may pay toward a shipment",
    forbids="{Faction} has no ally: no one may pay {ally_support} spice toward its shipment.",
    permits="{Ally}, {Faction_s} ally, pays {ally_support} of the {cost} spice.",
    when=_helped,
    replaces="overview.shipment.ally-support",
)
def ally_support(s: ShipmentFacts) -> bool:
    """Help with the cost of a shipment comes only from the shipper's ally."""
    return s.has_ally


@ally_support.z3
def _(v: Any) -> z3.BoolRef:
    return v.has_ally


@rule(
    "gf9.shipment.ally-support-cost",
    on="ship",
    cites="gf9:147,157",
    title="An ally pays toward a shipment no more than its actual cost",
    forbids=lambda s, _o: (
        f"{s.ally_support} spice toward {whose(s.faction)} shipment is more than its actual cost, {price(s)}."
    ),
    permits=lambda s, o: (
        f"{s.ally_support} spice toward {whose(s.faction)} shipment is within its actual cost, "
        f"{o.get('cost', price(s))}."
    ),
    when=_helped,
)
def ally_support_cost(s: ShipmentFacts) -> bool:
    """An ally may pay part or all of a shipment, up to the actual cost: never more."""
    return s.ally_support <= price(s)


@ally_support_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_support <= z3_price(v)


@rule(
    "gf9.shipment.ally-support-free",
    on="ship",
    cites="gf9:147,157",
    see_also="gf9:399",
    title="No ally payment toward the Fremen's free reserve placement",
    forbids="Fremen's reserve placement into {to} is free: its ally cannot pay {ally_support} spice toward it "
    "(allied aid covers the actual cost, 0).",
    when=lambda s: s.ally_support > 0 and s.fremen_placement,
    one_sided="a free placement has no cost for an ally to share: the rule applies only where help is offered, "
    "and then forbids it (with no help offered, gf9.shipment.fremen-zone permits the placement)",
)
def ally_support_free(s: ShipmentFacts) -> bool:
    """An ally pays toward a shipment up to its actual cost; the Fremen's own placement costs nothing."""
    return s.ally_support <= 0


@ally_support_free.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_support <= 0


@rule(
    "gf9.shipment.ally-support-spice",
    on="ship",
    cites="gf9:147",
    title="An ally pays toward a shipment from its own spice",
    forbids="{Ally} has {ally_spice} spice: it cannot pay {ally_support} toward {Faction_s} shipment.",
    permits="{Ally} has {ally_spice} spice, enough for the {ally_support} it pays.",
    needs=("ally_spice",),
    when=lambda s: _helped(s) and s.has_ally,
)
def ally_support_spice(s: ShipmentFacts) -> bool:
    """The ally pays the recipient of the shipment directly, from its own spice: no more than it has."""
    return s.ally_support <= (s.ally_spice or 0)


@ally_support_spice.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_support <= v.ally_spice


# gf9:139 "An ally may pass through a territory containing allied forces or ship there and then move out, as long
#          as the move ends elsewhere. ..."
# gf9:135 "... Except in Polar Sink, they must not finish the applicable evacuation window sharing a territory."


@rule(
    "gf9.shipment.ally-territory",
    on="ship",
    cites="gf9:139,135",
    cite_when={"gf9:135": lambda s: s.ally_in_sink},  # "Except in Polar Sink": quoted where the ally stands there
    title="An ally may ship into its ally's territory, and must then move out",
    permits=lambda s, _o: (
        f"{display(s.faction)} may ship into {s.to}, where its ally {display(s.ally)} has forces, and must then "
        "move out: its move must end elsewhere."
        if s.ally_in_to
        else f"{display(s.faction)} may ship into the Polar Sink and end its move there beside its ally "
        f"{display(s.ally)}: the Polar Sink permits all factions."
        if s.ally_in_sink
        else f"{whose(s.faction)} ally has no forces in {s.to}."
    ),
    when=lambda s: s.has_ally and not s.to_reserves,
    replaces="overview.shipment.allies",
    differs="shipping into an ally's territory: overview:86 forbids allies to enter each other's territories (the "
    "Polar Sink excepted); gf9:139 lets an ally ship there and then move out",
    one_sided="gf9:139 permits shipping into an ally's territory; what forbids ending there is the move's rule",
)
def ally_territory(s: ShipmentFacts) -> bool:
    """An ally may land in a territory holding its ally's forces, provided its move then ends elsewhere."""
    return True


@ally_territory.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)
