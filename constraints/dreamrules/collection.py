"""Dreamrules: Spice Collection, as it changes GF9's.

Kept from GF9 (its rules stay in force): collecting in the Spice Collection phase, only troops in the spice's
territory and sector, two spice per troop or three while occupying Arrakeen or Carthag, Bene Gesserit advisors
collecting nothing, and the strongholds' separate payments. Changed or added: the Ixians' Cyborgs collect three
each, spice mines (their replenishment is council question #1859), and Atreides' Leto's Tithe.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.collection import CollectionFacts
from checker.rules import chapter, gap, restates, rule, set_aside

chapter("collect", "dreamrules:514-532,824-826,1050")

# dreamrules:524 "These payments are separate from desert spice. Occupying more than one of these strongholds earns
#                 each payment. You need to be there when collection occurs."
# GF9's rule unchanged (gf9:313, amounts overview:106; Dreamrules prints no other list or amount): its findings under
# dreamrules quote this line too.
restates("dreamrules:524", "gf9.collection.stronghold-income")
# dreamrules:516 "Your troops must occupy the sector containing the spice. Each normal troop collects up to two spice.
#                 If you occupy Arrakeen or Carthag at collection, that rate is three per normal troop. ..."
# GF9's rules unchanged (gf9:307): troops in the spice's sector, two a troop or three with a city (the amount taken,
# and the Cyborgs' three, are dreamrules.collection.present's).
restates("dreamrules:516", "gf9.collection.forces", "gf9.collection.same-sector", "gf9.collection.rate")
# dreamrules:528 "... Bene Gesserit advisors do not collect spice or provide city access. ..."
# GF9's rule unchanged (gf9:311).
restates("dreamrules:528", "gf9.collection.advisors")
set_aside(
    "dreamrules:532",
    "the payment windows of tech-token income and bribes: neither is spice a collection takes from the board",
)


def _cyborg_words(s: CollectionFacts) -> str:
    if not s.cyborgs:
        return ""
    return f" ({s.cyborgs} Cyborg{'s' if s.cyborgs != 1 else ''} at 3 each)"


def _could(s: CollectionFacts) -> int:
    normal = (s.fighters or 0) - s.cyborgs
    return s.rate * normal + 3 * s.cyborgs


def _present_message(s: CollectionFacts, o: dict[str, Any]) -> str:
    here = s.spice_here or 0
    got = min(_could(s), here)
    n = s.fighters or 0
    return (
        f"{n} troop{'s' if n != 1 else ''}{_cyborg_words(s)} could take {_could(s)}; {here} lies in {s.where}: "
        f"{got} collected, {here - got or 'none'} left on the board."
    )


# dreamrules:516 "Your troops must occupy the sector containing the spice. Each normal troop collects up to two
#                 spice. If you occupy Arrakeen or Carthag at collection, that rate is three per normal troop.
#                 Take only the spice actually present."
# dreamrules:520 "Uncollected ordinary spice stays on the board. ..."
# dreamrules:528 "Ixian Cyborgs collect three spice each. ..."


@rule(
    "dreamrules.collection.present",
    on="collect",
    cites="dreamrules:516,520",
    see_also="dreamrules:528,1220",
    title="Only the spice actually present; the rest stays on the board (Cyborgs take three each)",
    permits=_present_message,
    needs=("fighters", "spice_here"),
    defines=("spice_collected", "spice_left"),
    when=lambda s: not s.mine_here,
    replaces="gf9.collection.present",
    one_sided="it fixes the amount collected and left; it forbids nothing",
)
def present(s: CollectionFacts) -> dict[str, int]:
    """Each normal troop takes two (three while its faction occupies Arrakeen or Carthag), each Ixian Cyborg three,
    but no more than the spice lying in the sector; the rest stays on the board."""
    got = min(_could(s), s.spice_here or 0)
    return {"spice_collected": got, "spice_left": (s.spice_here or 0) - got}


@present.z3
def _(v: Any) -> z3.BoolRef:
    normal = v.fighters - v.cyborgs
    could = z3.If(v.occupies_city, 3 * normal, 2 * normal) + 3 * v.cyborgs
    return z3.And(
        v.spice_collected == z3.If(could < v.spice_here, could, v.spice_here),
        v.spice_left + v.spice_collected == v.spice_here,
    )


@rule(
    "dreamrules.collection.cyborgs",
    on="collect",
    cites="dreamrules:528",
    see_also="dreamrules:1220",
    title="Ixian Cyborgs collect three spice each",
    permits="The Ixians' {cyborgs} Cyborgs in {where} collect three spice each.",
    when=lambda s: s.cyborgs > 0 and not s.mine_here,
    one_sided="it fixes a rate; it forbids nothing",
)
def cyborgs(s: CollectionFacts) -> bool:
    """A Cyborg collects three spice, city or not (its Suboids collect as normal troops)."""
    return True


@cyborgs.z3
def _(v: Any) -> z3.BoolRef:
    return v.cyborgs > 0


# dreamrules:520 "... A mine stays in place and supplies its fixed yield each turn, without exceeding its cap.
#                 Its replenishment window is still tracked in #1859."

gap(
    "dreamrules.collection.mine",
    on="collect",
    cites="dreamrules:520",
    see_also="dreamrules:1356",
    title="Collecting at a spice mine (council question #1859)",
    reason="a spice mine lies in the territory: dreamrules:520 has it supply its fixed yield each turn up to its "
    "cap, and when it replenishes (before or after this collection) is council question #1859",
    when=lambda s: s.mine_here,
)


# dreamrules:528  "... Before gaining the Kwisatz Haderach, Atreides gains two spice through Leto's Tithe for one
#                  stronghold or three for at least two; that income ends permanently when it gains the token."
# dreamrules:1050 "Before you gain the token, Leto's Tithe gives you two spice during Spice Collection if you
#                  control one stronghold, or three if you control at least two. ..."


def _tithe(s: CollectionFacts) -> int:
    return 0 if s.tithe_strongholds == 0 else (2 if s.tithe_strongholds == 1 else 3)


@rule(
    "dreamrules.collection.letos-tithe",
    on="collect",
    cites="dreamrules:528",
    see_also="dreamrules:1050",
    title="Leto's Tithe: two spice for one stronghold, three for two or more",
    permits=lambda s, _o: (
        f"Leto's Tithe: Atreides controls {s.tithe_held} ({s.tithe_strongholds}): {_tithe(s)} spice this phase."
        if s.tithe_strongholds
        else "Leto's Tithe: Atreides controls no stronghold: nothing this phase."
    ),
    defines=("letos_tithe",),
    needs=("kh_gained",),
    when=lambda s: s.is_atreides and s.tithe_strongholds > 0 and not s.kh_gained and not s.tithe_suppressed,
    one_sided="it fixes Atreides' income; it forbids nothing",
)
def letos_tithe(s: CollectionFacts) -> dict[str, int]:
    """Before it gains the Kwisatz Haderach, Atreides gains two spice at Spice Collection while it controls one
    stronghold (its troops alone there), three with two or more."""
    return {"letos_tithe": _tithe(s)}


@letos_tithe.z3
def _(v: Any) -> z3.BoolRef:
    return v.letos_tithe == z3.If(v.tithe_strongholds >= 2, 3, z3.If(v.tithe_strongholds == 1, 2, 0))


@rule(
    "dreamrules.collection.tithe-ended",
    on="collect",
    cites="dreamrules:528",
    see_also="dreamrules:1048,1050",
    title="Leto's Tithe ends when Atreides gains the Kwisatz Haderach",
    permits="Atreides has lost seven troops in battles and gained the Kwisatz Haderach: Leto's Tithe has ended.",
    defines=("letos_tithe",),
    when=lambda s: s.is_atreides and s.kh_gained is True and not s.tithe_suppressed,
    one_sided="it fixes Atreides' income; it forbids nothing",
)
def tithe_ended(s: CollectionFacts) -> dict[str, int]:
    """Once Atreides gains the Kwisatz Haderach (after losing seven troops in battles), the Tithe ends for good."""
    return {"letos_tithe": 0}


@tithe_ended.z3
def _(v: Any) -> z3.BoolRef:
    return v.letos_tithe == 0


# dreamrules:824 "Leto's Tithe"
# dreamrules:826 "Spice Collection. Atreides collects no spice from this advantage this phase."


@rule(
    "dreamrules.collection.tithe-suppressed",
    on="collect",
    cites="dreamrules:824,826",
    see_also="dreamrules:778",
    title="Karama stopped Leto's Tithe this phase",
    permits="Karama stopped Leto's Tithe: Atreides collects nothing from it this phase.",
    defines=("letos_tithe",),
    when=lambda s: s.is_atreides and s.tithe_suppressed,
    one_sided="it fixes Atreides' income; it forbids nothing",
)
def tithe_suppressed(s: CollectionFacts) -> dict[str, int]:
    """With Leto's Tithe stopped by Karama (``factions.atreides.suppressed``), it pays nothing this phase."""
    return {"letos_tithe": 0}


@tithe_suppressed.z3
def _(v: Any) -> z3.BoolRef:
    return v.letos_tithe == 0
