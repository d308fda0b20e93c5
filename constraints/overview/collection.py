"""Overview, Phase 8: Spice Harvest (and the Advanced stronghold income of its edge cases).

The overview speaks of territories, never of sectors: forces anywhere in a
territory collect spice anywhere in it. GF9 narrows this to the same sector
(constraints/gf9/collection.py).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.collection import CollectionFacts
from checker.arrakis.position import SPICE_COLLECTION, phase_words
from checker.names import display
from checker.rules import chapter, gap, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("collect", "overview:63-65,105-106")


def _phase_name(s: CollectionFacts) -> str:
    return "?" if s.phase_index is None else phase_words(s.phase_index)


# overview:63 "Phase 8: Spice Harvest"
# overview:65 "Forces in territories with spice collect it: 3 spice per force if occupying Arrakeen or
#             Carthag, 2 spice per force otherwise."


@rule(
    "overview.collection.phase",
    on="collect",
    cites="overview:63,65",
    see_also="overview:33,120",
    title="Spice is collected in Phase 8, Spice Harvest",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot collect spice in the {_phase_name(s)} phase: "
        "spice is collected in Phase 8, Spice Harvest."
    ),
    permits="It is Phase 8, Spice Harvest.",
    when=lambda s: s.phase_index is not None,
)
def harvest_phase(s: CollectionFacts) -> bool:
    """Spice is collected in Phase 8, Spice Harvest; when the position gives no phase, it is taken to be
    that one (the verdict's notes say so)."""
    return s.phase_index == SPICE_COLLECTION


@harvest_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SPICE_COLLECTION


def _pays_income(s: CollectionFacts) -> bool:
    return s.pays_income


@rule(
    "overview.collection.forces",
    on="collect",
    cites="overview:65",
    title="Only forces in the territory collect its spice",
    forbids="{Faction} has no forces in {territory}: only forces in a territory with spice collect it.",
    permits="{Faction} has {forces_in_territory} forces in {territory}.",
)
def forces_in_territory(s: CollectionFacts) -> bool:
    """The faction collects in a territory only with forces of its own there."""
    return s.forces_in_territory > 0


@forces_in_territory.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces_in_territory >= 1


@rule(
    "overview.collection.spice",
    on="collect",
    cites="overview:65",
    title="There is spice in the territory to collect",
    forbids="No spice lies in {territory}: {Faction} has nothing to collect there.",
    permits="{spice_in_territory} spice lies in {territory}.",
    needs=("spice_in_territory",),
    when=lambda s: not s.pays_income,
)
def spice_in_territory(s: CollectionFacts) -> bool:
    """Forces collect in a territory with spice: where none lies, there is nothing to collect (in the Advanced
    game an occupied Arrakeen, Carthag or Tuek's Sietch still pays its stronghold income)."""
    return (s.spice_in_territory or 0) > 0


@spice_in_territory.z3
def _(v: Any) -> z3.BoolRef:
    return v.spice_in_territory > 0


def _rate_message(s: CollectionFacts, _o: dict[str, Any]) -> str:
    if s.occupies_city:
        return f"{display(s.faction)} occupies {s.city}: 3 spice per force."
    return f"{display(s.faction)} occupies neither Arrakeen nor Carthag: 2 spice per force."


@rule(
    "overview.collection.rate",
    on="collect",
    cites="overview:65",
    title="3 spice per force while occupying Arrakeen or Carthag, 2 otherwise",
    permits=_rate_message,
    defines=("rate",),
    one_sided="it fixes the rate; it forbids nothing",
)
def harvest_rate(s: CollectionFacts) -> dict[str, int]:
    """Each collecting force takes three spice if its faction occupies Arrakeen or Carthag, two otherwise."""
    return {"rate": 3 if s.occupies_city else 2}


@harvest_rate.z3
def _(v: Any) -> z3.BoolRef:
    return v.rate == z3.If(v.occupies_city, 3, 2)


def _amount(s: CollectionFacts) -> int:
    return min(s.rate * s.fighters_in_territory, s.spice_in_territory or 0)


def _advisors_there(s: CollectionFacts) -> bool:
    return s.forces_in_territory > s.fighters_in_territory


def _amount_message(s: CollectionFacts, o: dict[str, Any]) -> str:
    n = s.fighters_in_territory
    got = o.get("spice_collected", _amount(s))
    left = (s.spice_in_territory or 0) - got
    forces = f"{n} force{'s' if n != 1 else ''}"
    advisors = s.forces_in_territory - n
    apart = (
        f" (its {advisors} Advanced advisor{'s' if advisors != 1 else ''} there do{'es' if advisors == 1 else ''} not "
        "collect: a faction ability of its Player Sheet)"
        if advisors
        else ""
    )
    return (
        f"{forces}{apart} at {s.rate} spice could take {s.rate * n}; {s.spice_in_territory} lies in {s.territory}: "
        f"{got} collected, {left or 'none'} left."
    )


# overview:105 "• Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets." -- that Advanced Bene Gesserit advisors collect no spice is such a sheet's rule;
#              the overview's ruleset reads GF9's (gf9:311: gf9.collection.advisors, in force here), so the count
#              of the territory's forces that collect leaves the advisors out.


@rule(
    "overview.collection.amount",
    on="collect",
    cites="overview:65,105",
    cite_when={"overview:105": _advisors_there},  # quoted where advisors stand among the forces
    title="The forces collect the territory's spice at their rate",
    permits=_amount_message,
    needs=("spice_in_territory",),
    defines=("spice_collected", "spice_left"),
    one_sided="it fixes the amount; it forbids nothing",
)
def harvest_amount(s: CollectionFacts) -> dict[str, int]:
    """The forces collect the spice in their territory ("collect it"): their rate times their number, but
    only the spice that is there; the rest stays on the board. Advanced advisors collect nothing (their sheet)."""
    got = _amount(s)
    return {"spice_collected": got, "spice_left": (s.spice_in_territory or 0) - got}


@harvest_amount.z3
def _(v: Any) -> z3.BoolRef:
    could = z3.If(v.occupies_city, 3 * v.fighters_in_territory, 2 * v.fighters_in_territory)
    got = z3.If(could < v.spice_in_territory, could, v.spice_in_territory)
    return z3.And(v.spice_collected == got, v.spice_left == v.spice_in_territory - v.spice_collected)


# overview:106 "• Advanced Game adds: double spice blow, stronghold income (Arrakeen/Carthag: 2 spice;
#              Tuek's Sietch: 1 spice per collection), ..."


def _income_message(s: CollectionFacts, o: dict[str, Any]) -> str:
    income = o.get("stronghold_income", 2 if s.income_city else 1)
    return f"Advanced: {display(s.faction)} occupies {s.territory}: stronghold income of {income} spice."


@rule(
    "overview.collection.stronghold-income",
    on="collect",
    cites="overview:106",
    title="Advanced stronghold income: Arrakeen and Carthag 2 spice, Tuek's Sietch 1",
    permits=_income_message,
    when=_pays_income,
    defines=("stronghold_income",),
    one_sided="it fixes the income; it forbids nothing",
)
def stronghold_income(s: CollectionFacts) -> dict[str, int]:
    """In the Advanced game a faction occupying Arrakeen or Carthag receives 2 spice, Tuek's Sietch 1, at each
    collection."""
    return {"stronghold_income": 2 if s.income_city else 1}


@stronghold_income.z3
def _(v: Any) -> z3.BoolRef:
    return v.stronghold_income == z3.If(v.income_city, 2, z3.If(v.income_tueks, 1, 0))


# overview:105 "• Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets." -- sheets the overview does not reproduce: whether Advanced Bene Gesserit
#              advisors collect or occupy is theirs to say (gf9:311 says they do not).

gap(
    "overview.collection.advisors",
    on="collect",
    cites="overview:105",
    title="Advanced Bene Gesserit advisors (Player Sheets the overview does not reproduce)",
    reason="whether Advanced Bene Gesserit advisors collect spice or occupy a city is a faction ability of the "
    "Player Sheets (overview:105), which the overview does not reproduce",
    when=lambda s: s.advisors_nearby,
)
