"""GF9: Take CHOAM Charity (and the Bene Gesserit's charity, its faction text).

The phase in which charity is taken is the overview's rule (overview:43, 45): gf9 names the CHOAM Charity
Phase (gf9:373) without restating when it comes.

Basic and Advanced Bene Gesserit, read together: gf9:163 and gf9:169 give "Advanced Bene Gesserit" two spice
regardless of its holdings; gf9:373 says the same without the word "Advanced", but it stands under "Bene
Gesserit advisors and fighters" (gf9:369), whose rules are Advanced ones (the advisor placement of gf9:371 is
Advanced by gf9:51). So the Advanced Bene Gesserit receives two regardless (gf9.charity.bene-gesserit), and the
Basic Bene Gesserit takes charity as any faction does (gf9:161); its verdicts say so in a note.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.charity import (
    BG_CHARITY,
    CHARITY_LEVEL,
    CharityFacts,
    pile_words,
    spice_word,
    two_more,
    two_more_said,
)
from checker.arrakis.kinds.charity import (
    received as _received,
)
from checker.names import display
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("charity", "gf9:159-169,373")

# gf9:163 and gf9:169 end with the CHOAM and Homeworld expansion modules, which change who supplies charity
# and its amount: out of scope (gf9 positions are the base game; the position format has no key for a module).
# Both lines are encoded by their first sentences (gf9.charity.bene-gesserit), so no line is set aside for it.
# gf9:165 (bribe spice in front of a shield is not spendable) is quoted by gf9.charity.eligible where the faction has
# such spice (factions.FACTION.spice_in_front): its holdings are factions.FACTION.spice, the spice behind its shield.


def _not_advanced_bg(s: CharityFacts) -> bool:
    return not s.advanced_bene_gesserit


# gf9:161 "A faction with zero or one spice may call CHOAM Charity and take enough spice to bring its total
#          to two. This is a top-up, not two extra spice for a faction already holding one."
# gf9:165 "Spice promised by a bribe and sitting in front of a shield is not yet spendable. Do not treat it
#          as money behind that shield before the Mentat Pause."


@rule(
    "gf9.charity.eligible",
    on="charity",
    cites="gf9:161,165",
    cite_when={"gf9:165": lambda s: s.pile > 0 and s.spice is not None and s.spice <= 1},
    title="Only a faction with zero or one spice may call CHOAM Charity",
    forbids=lambda s, _o: (
        f"{display(s.faction)} holds {spice_word(s.spice)} behind its shield: only a faction with zero or one spice "
        "may call CHOAM Charity."
    ),
    permits=lambda s, _o: (
        f"{display(s.faction)} holds {spice_word(s.spice)} behind its shield{pile_words(s.pile)}: it may call "
        "CHOAM Charity."
    ),
    needs=("spice",),
    when=_not_advanced_bg,
    replaces="overview.charity.eligible",
)
def eligible(s: CharityFacts) -> bool:
    """A faction holding zero or one spice behind its shield may call charity; one holding more may not (the
    Advanced Bene Gesserit excepted: gf9.charity.bene-gesserit). Spice promised by a bribe in front of a
    shield is not the faction's to spend (gf9:165) and is not counted: ``factions.FACTION.spice`` is the spice
    behind the shield."""
    assert s.spice is not None
    return s.spice <= 1


@eligible.z3
def _(v: Any) -> z3.BoolRef:
    return v.spice <= 1


@rule(
    "gf9.charity.top-up",
    on="charity",
    cites="gf9:161",
    title="CHOAM Charity tops the faction's spice up to two",
    permits=lambda s, o: (
        f"{display(s.faction)} holds {spice_word(s.spice)}: charity tops it up to "
        f"{o.get('spice_total', CHARITY_LEVEL)}, {_received(s, o)} spice received."
    ),
    defines=("spice_gained", "spice_total"),
    when=lambda s: _not_advanced_bg(s) and s.spice is not None and s.spice <= 1,
    replaces="overview.charity.amount",
    one_sided="an outcome rule: it fixes the spice gained and never forbids; who may call is gf9.charity.eligible",
)
def top_up(s: CharityFacts) -> dict[str, Any]:
    """Charity brings the faction's total to two: two spice from zero, one spice from one, never two extra."""
    assert s.spice is not None
    return {"spice_gained": {s.faction: CHARITY_LEVEL - s.spice}, "spice_total": CHARITY_LEVEL}


@top_up.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.total == CHARITY_LEVEL, v.spice + v.received == CHARITY_LEVEL)


# gf9:163 "Advanced Bene Gesserit receives two spice regardless of its existing holdings, including on turn
#          one. If CHOAM is in play, ..."
# gf9:169 "Advanced Bene Gesserit receives 2 spice even when already holding spice. CHOAM and Homeworld ..."
# gf9:373 "You receive two spice in every CHOAM Charity Phase regardless of holdings. ..."
#          (the Bene Gesserit's faction text, under "Bene Gesserit advisors and fighters")


@rule(
    "gf9.charity.bene-gesserit",
    on="charity",
    cites="gf9:163,169,373",
    title="Advanced Bene Gesserit receives two spice regardless of holdings",
    permits=lambda s, o: two_more_said(s, o, "Advanced Bene Gesserit receives two spice"),
    defines=("spice_gained", "spice_total"),
    when=lambda s: s.advanced_bene_gesserit,
    # the overview's own eligibility and amount step aside for the Advanced Bene Gesserit, leaving its player
    # sheet open (overview.charity.faction-advantages): this rule answers that under both rulesets
    replaces="overview.charity.faction-advantages",
    one_sided="it never forbids: the Advanced Bene Gesserit receives two spice whatever it holds",
)
def bene_gesserit(s: CharityFacts) -> dict[str, Any]:
    """The Advanced Bene Gesserit receives two spice in every CHOAM Charity phase, turn one included, whatever
    it already holds: two on top of its holdings, not a top-up. gf9:163 and gf9:169 name the Advanced Bene
    Gesserit, and gf9:373 stands among its advisor rules, which are Advanced (gf9:51): the Basic Bene Gesserit
    takes charity as any faction does (gf9:161), and its verdicts say so in a note."""
    return two_more(s)


@bene_gesserit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.received == BG_CHARITY, v.total == v.spice + BG_CHARITY)
