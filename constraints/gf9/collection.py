"""GF9: spice collection (the Spice Collection phase).

GF9 collects only the spice in the same territory *and sector* as the forces
(gf9:307), where the overview speaks of territories; its rate is the overview's.
The Advanced stronghold income is named here (gf9:313) but its amounts are
printed only in the overview (overview:106): gf9 falls back on them, and reports
the income apart from the spice taken from the board.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.collection import CollectionFacts
from checker.arrakis.position import SPICE_COLLECTION, phase_words
from checker.names import display
from checker.rules import chapter, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("collect", "gf9:305-313")

set_aside("gf9:305", "a heading")

# The storm: no line stops forces under the storm from collecting (gf9:99 and 223 speak of shipping,
# moving and battling); spice in a sector the storm crosses is returned to the Bank in the Storm phase
# (gf9:97), the storm kind's answer.


def _phase_name(s: CollectionFacts) -> str:
    return "?" if s.phase_index is None else phase_words(s.phase_index)


# gf9:307 "During Spice Collection, a faction with forces in the same territory and sector as spice can
#          take it from the board and put it behind its shield. Its rate is two spice per force, or three
#          per force if it currently occupies Arrakeen or Carthag. City access can help a collecting group
#          elsewhere."


@rule(
    "gf9.collection.phase",
    on="collect",
    cites="gf9:307",
    title="Spice is collected in the Spice Collection phase",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot collect spice in the {_phase_name(s)} phase: "
        "spice is collected during Spice Collection."
    ),
    permits="It is the Spice Collection phase.",
    when=lambda s: s.phase_index is not None,
    replaces="overview.collection.phase",
)
def collection_phase(s: CollectionFacts) -> bool:
    """Forces take spice from the board during Spice Collection; when the position gives no phase, it is
    taken to be that one (the verdict's notes say so)."""
    return s.phase_index == SPICE_COLLECTION


@collection_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SPICE_COLLECTION


def _no_forces(s: CollectionFacts, _o: dict[str, Any]) -> str:
    elsewhere = f" (its forces in {s.territory} are in sector {s.other_sectors})" if s.other_sectors else ""
    return (
        f"{display(s.faction)} has no forces in {s.where}{elsewhere}: only forces in the same territory and "
        "sector as the spice collect it."
    )


def _forces(s: CollectionFacts, _o: dict[str, Any]) -> str:
    n = (s.fighters or 0) + (s.advisors or 0)
    return f"{display(s.faction)} has {n} force{'s' if n != 1 else ''} in {s.where}."


@rule(
    "gf9.collection.forces",
    on="collect",
    cites="gf9:307",
    title="Only forces in the spice's territory and sector collect it",
    forbids=_no_forces,
    permits=_forces,
    needs=("fighters", "advisors"),
    replaces="overview.collection.forces",
    differs="forces in another sector of the territory: overview:65 lets forces in a territory with spice collect "
    "it; gf9:307 only forces in the same territory and sector as the spice",
)
def forces_in_sector(s: CollectionFacts) -> bool:
    """A faction collects only with forces of its own in the territory and sector where it collects."""
    return (s.fighters or 0) + (s.advisors or 0) > 0


@forces_in_sector.z3
def _(v: Any) -> z3.BoolRef:
    return v.fighters + v.advisors >= 1


def _no_spice(s: CollectionFacts, _o: dict[str, Any]) -> str:
    if s.spice_elsewhere:
        return (
            f"No spice lies in {s.where}: the spice in {s.territory} is in sector {s.spice_elsewhere}, and forces "
            "collect only in their own territory and sector."
        )
    return f"No spice lies in {s.where}: {display(s.faction)} has nothing to collect there."


@rule(
    "gf9.collection.same-sector",
    on="collect",
    cites="gf9:307",
    title="There is spice in the forces' territory and sector",
    forbids=_no_spice,
    permits="{spice_here} spice lies in {where}.",
    needs=("spice_here",),
    when=lambda s: not s.pays_income,
    replaces="overview.collection.spice",
    differs="spice in another sector of the territory: overview:65 lets forces in a territory with spice collect "
    "it; gf9:307 only the spice in the forces' own sector",
)
def spice_in_sector(s: CollectionFacts) -> bool:
    """The forces take the spice lying in their own territory and sector; where none lies there, there is
    nothing to collect (spice in another sector of the territory is not theirs to take). In the Advanced game
    an occupied Arrakeen, Carthag or Tuek's Sietch still pays its stronghold income."""
    return (s.spice_here or 0) > 0


@spice_in_sector.z3
def _(v: Any) -> z3.BoolRef:
    return v.spice_here >= 1


def _rate_message(s: CollectionFacts, _o: dict[str, Any]) -> str:
    if s.occupies_city:
        far = "" if s.territory == s.city else f" ({s.city} helps its collection in {s.territory})"
        return f"{display(s.faction)} occupies {s.city}: 3 spice per force{far}."
    return f"{display(s.faction)} occupies neither Arrakeen nor Carthag: 2 spice per force."


@rule(
    "gf9.collection.rate",
    on="collect",
    cites="gf9:307",
    see_also="gf9:7",
    title="2 spice per force, 3 while occupying Arrakeen or Carthag",
    permits=_rate_message,
    defines=("rate",),
    replaces="overview.collection.rate",
    one_sided="it fixes the rate; it forbids nothing",
)
def collection_rate(s: CollectionFacts) -> dict[str, int]:
    """Each collecting force takes two spice, or three if its faction currently occupies Arrakeen or Carthag
    (with a force that counts for occupation: Advanced advisors do not), wherever it collects."""
    return {"rate": 3 if s.occupies_city else 2}


@collection_rate.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.And(v.occupies_city, v.rate == 3), z3.And(z3.Not(v.occupies_city), v.rate == 2))


# gf9:309 "Take no more than the spice actually present. Leave any excess spice on the board. Collecting
#          forces stay where they are; collection does not return them to reserves or move them out of
#          danger."


def _taken(s: CollectionFacts) -> int:
    return min(s.rate * (s.fighters or 0), s.spice_here or 0)


def _amount_message(s: CollectionFacts, o: dict[str, Any]) -> str:
    here = s.spice_here or 0
    got = o.get("spice_collected", _taken(s))
    n = s.fighters or 0
    left = here - got
    forces = f"{n} force{'s' if n != 1 else ''}"
    return (
        f"{forces} at {s.rate} spice could take {s.rate * n}; {here} lies in {s.where}: {got} collected, "
        f"{left or 'none'} left on the board."
    )


@rule(
    "gf9.collection.present",
    on="collect",
    cites="gf9:309",
    see_also="gf9:307",
    title="No more than the spice present; the excess stays on the board",
    permits=_amount_message,
    needs=("fighters", "spice_here"),
    defines=("spice_collected", "spice_left"),
    replaces="overview.collection.amount",
    one_sided="it fixes the amount collected and left; it forbids nothing",
    differs="the amount where the faction's forces stand in several sectors of the territory: overview:65 has the "
    "territory's forces collect its spice; gf9:307 only the forces in the spice's own sector, so less may be taken",
)
def spice_present(s: CollectionFacts) -> dict[str, int]:
    """The forces take their rate times their number, but no more than the spice lying in their territory and
    sector; any excess stays on the board (and the forces stay where they are)."""
    got = _taken(s)
    return {"spice_collected": got, "spice_left": (s.spice_here or 0) - got}


@spice_present.z3
def _(v: Any) -> z3.BoolRef:
    could = z3.If(v.occupies_city, 3 * v.fighters, 2 * v.fighters)
    return z3.And(
        v.spice_collected <= could,
        v.spice_collected <= v.spice_here,
        z3.Or(v.spice_collected == could, v.spice_collected == v.spice_here),
        v.spice_left + v.spice_collected == v.spice_here,
    )


# gf9:311 "Advanced Bene Gesserit advisors cannot collect spice or provide ornithopters. Faction and module
#          exceptions, such as Ixian Cyborgs or discovery locations, state their own rates or income."
#          (the expansions' exceptions are out of scope: Mentat models the six base factions)
# gf9:375 "An advisor ... cannot fight, collect spice, count toward stronghold control ..."


def _advisors(s: CollectionFacts, _o: dict[str, Any]) -> str:
    return (
        f"Bene Gesserit's {s.advisors} force{'s' if s.advisors != 1 else ''} in {s.where} "
        f"{'are advisors' if s.advisors != 1 else 'is an advisor'}: advisors cannot collect spice."
    )


@rule(
    "gf9.collection.advisors",
    on="collect",
    cites="gf9:311",
    see_also="gf9:375",
    title="Advanced Bene Gesserit advisors cannot collect spice",
    forbids=_advisors,
    permits=lambda s, _o: (
        f"Bene Gesserit's {s.fighters} fighters in {s.where} collect; its {s.advisors} advisors there do not."
    ),
    needs=("fighters", "advisors"),
    when=lambda s: s.advanced and (s.advisors or 0) > 0,
    replaces="overview.collection.advisors",
)
def advisors_cannot_collect(s: CollectionFacts) -> bool:
    """In the Advanced game the Bene Gesserit's advisors take no spice: a collection needs fighters."""
    return (s.fighters or 0) > 0


@advisors_cannot_collect.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.advisors > 0, v.fighters > 0)


# gf9:313 "The per-force harvesting rate and Advanced stronghold income are separate benefits. A city can
#          improve distant collection while also paying its own income in Advanced play."
# overview:106 "... stronghold income (Arrakeen/Carthag: 2 spice; Tuek's Sietch: 1 spice per collection) ..."
# GF9 names the income but prints no amount: the gf9 ruleset falls back on the overview's amounts, and
# reports the income as its own outcome (stronghold_income), never added to the spice taken from the board.


def _income_message(s: CollectionFacts, o: dict[str, Any]) -> str:
    income = o.get("stronghold_income", 2 if s.income_city else 1)
    return (
        f"Advanced: {display(s.faction)} occupies {s.territory}: {income} spice of stronghold income (the "
        "overview's amount; gf9 prints none), a benefit separate from the spice collected."
    )


@rule(
    "gf9.collection.stronghold-income",
    on="collect",
    cites="gf9:313; overview:106",
    title="Advanced stronghold income, separate from the per-force rate",
    permits=_income_message,
    when=lambda s: s.pays_income,
    defines=("stronghold_income",),
    replaces="overview.collection.stronghold-income",
    one_sided="it fixes the income; it forbids nothing",
)
def separate_income(s: CollectionFacts) -> dict[str, int]:
    """In the Advanced game an occupied Arrakeen or Carthag pays 2 spice of income, Tuek's Sietch 1 (amounts
    from overview:106: gf9 names the income, prints none), apart from the spice the forces collect."""
    return {"stronghold_income": 2 if s.income_city else 1}


@separate_income.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(
        z3.And(v.income_city, v.stronghold_income == 2),
        z3.And(z3.Not(v.income_city), v.income_tueks, v.stronghold_income == 1),
    )
