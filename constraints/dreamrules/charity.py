"""Dreamrules: CHOAM Charity (dreamrules:298-308), with the Bene Gesserit's Charity and Karama's stop of it.

Unchanged, and answered by GF9's rules in force under dreamrules: the ordinary top-up to two for a faction with zero
or one spice (dreamrules:300; gf9.charity.eligible and gf9.charity.top-up, gf9:161) and the phase (overview:43, 45).
Dreamrules is always the Advanced game (dreamrules:15), so the Bene Gesserit always takes its two spice, unless Karama
stops that advantage for the phase (dreamrules:918).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.charity import (
    BG_CHARITY,
    CHARITY_LEVEL,
    CharityFacts,
    spice_word,
    two_more,
    two_more_said,
)
from checker.rules import chapter, restates, rule, set_aside

chapter("charity", "dreamrules:298-308,916-918,1150")

# dreamrules:300 "If you have zero or one spice, announce CHOAM Charity and take enough from the Spice Bank to bring
#                 your supply to two. If you already have two or more, the ordinary rule gives you nothing."
# GF9's rule unchanged (gf9:161): its findings under dreamrules quote this line too.
restates("dreamrules:300", "gf9.charity.eligible", "gf9.charity.top-up")
set_aside(
    "dreamrules:308",
    "as gf9:165: bribe spice is not available spice; a charity move reads factions.F.spice, the spice behind the "
    "shield, never factions.F.bribe_pile",
)


def _bg(s: CharityFacts) -> bool:
    return s.is_bene_gesserit


# dreamrules:304  "Bene Gesserit takes two spice regardless of its current total. This is its faction advantage, rather
#                  than the ordinary top-up rule."
# dreamrules:1150 "You always receive CHOAM Charity. ..."


@rule(
    "dreamrules.charity.bene-gesserit",
    on="charity",
    cites="dreamrules:304,1150",
    title="Bene Gesserit takes two spice regardless of its current total",
    permits=lambda s, o: two_more_said(s, o, "Bene Gesserit takes two spice"),
    defines=("spice_gained", "spice_total"),
    when=lambda s: _bg(s) and not s.charity_stopped,
    replaces="gf9.charity.bene-gesserit",
    one_sided="it never forbids: the Bene Gesserit takes two spice whatever it holds",
)
def bene_gesserit(s: CharityFacts) -> dict[str, Any]:
    """The Bene Gesserit takes two spice in every CHOAM Charity phase on top of what it holds (its faction advantage,
    not the top-up), Dreamrules being always the Advanced game."""
    return two_more(s)


@bene_gesserit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.received == BG_CHARITY, v.total == v.spice + BG_CHARITY)


# dreamrules:918 (Karama on Charity) "CHOAM Charity. Bene Gesserit loses automatic charity and must qualify under the
#                ordinary rule, having zero or one spice."


@rule(
    "dreamrules.charity.karama",
    on="charity",
    cites="dreamrules:918",
    see_also="dreamrules:916",
    title="Karama on Charity: the Bene Gesserit must qualify under the ordinary rule",
    forbids=lambda s, _o: (
        f"Karama stopped the Bene Gesserit's Charity this phase: holding {spice_word(s.spice)}, it must qualify "
        "under the ordinary rule, with zero or one spice."
    ),
    permits=lambda s, o: (
        f"Karama stopped the Bene Gesserit's Charity this phase: holding {spice_word(s.spice)}, it qualifies under "
        f"the ordinary rule and is topped up to {o.get('spice_total', CHARITY_LEVEL)}."
    ),
    defines=("spice_gained", "spice_total"),
    needs=("spice",),
    when=lambda s: _bg(s) and s.charity_stopped,
)
def karama(s: CharityFacts) -> dict[str, Any] | bool:
    """With its Charity suppressed (``factions.bene-gesserit.suppressed``), the Bene Gesserit takes charity only as any
    faction does: with zero or one spice, topped up to two."""
    assert s.spice is not None
    if s.spice > 1:
        return False
    return {"spice_gained": {s.faction: CHARITY_LEVEL - s.spice}, "spice_total": CHARITY_LEVEL}


@karama.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.spice <= 1, v.total == CHARITY_LEVEL, v.spice + v.received == CHARITY_LEVEL)
