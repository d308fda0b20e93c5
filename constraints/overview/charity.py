"""Overview, Phase 3: CHOAM Charity."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.charity import CHARITY_LEVEL, CharityFacts, phase_title, spice_word
from checker.arrakis.kinds.charity import received as _received
from checker.arrakis.position import CHOAM_CHARITY
from checker.names import display
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("charity", "overview:43-45")

OUTCOME_ONLY = "an outcome rule: it fixes the spice gained and never forbids; who may claim is {}"

# overview:43 "Phase 3: CHOAM Charity"
# overview:45 "Any player with 0 or 1 spice may claim CHOAM Charity to bring their total to 2."
# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed
#              on Player Sheets." -- sheets the overview does not reproduce.


def bene_gesserit_open(s: CharityFacts) -> bool:
    """The Advanced Bene Gesserit: a charity advantage of its player sheet (overview:105, not printed here)
    decides what it may claim and receive. The overview falls back on gf9 for the sheets: gf9's Bene Gesserit
    has one only in the Advanced game ("Advanced Bene Gesserit receives two spice regardless of its existing
    holdings", gf9:163, 169; overview:106 "Advanced Game adds ... unique faction advanced abilities"), and
    gf9.charity.bene-gesserit answers it; the Basic Bene Gesserit claims charity as any player (overview:45)."""
    return s.is_bene_gesserit and s.advanced


@rule(
    "overview.charity.phase",
    on="charity",
    cites="overview:43,45",
    see_also="overview:33,115",
    title="CHOAM Charity is claimed in Phase 3, CHOAM Charity",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot claim CHOAM Charity in {phase_title(s)}: charity is claimed in "
        "Phase 3, CHOAM Charity."
    ),
    permits="It is the CHOAM Charity phase.",
    when=lambda s: s.phase_index is not None,
)
def charity_phase(s: CharityFacts) -> bool:
    """CHOAM Charity is claimed in its own phase, the third of the turn. When the position gives no phase, it is
    taken to be that one (the verdict's notes say so)."""
    return s.phase_index == CHOAM_CHARITY


@charity_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == CHOAM_CHARITY


@rule(
    "overview.charity.eligible",
    on="charity",
    cites="overview:45",
    title="Only a player with 0 or 1 spice may claim CHOAM Charity",
    forbids=lambda s, _o: (
        f"{display(s.faction)} holds {spice_word(s.spice)}: only a player with 0 or 1 spice may claim CHOAM Charity."
    ),
    permits=lambda s, _o: (
        f"{display(s.faction)} holds {spice_word(s.spice)}: a player with 0 or 1 spice may claim CHOAM Charity."
    ),
    needs=("spice",),
    when=lambda s: not bene_gesserit_open(s),
)
def charity_eligible(s: CharityFacts) -> bool:
    """A player holding no spice or one spice may claim charity; one holding more may not."""
    assert s.spice is not None
    return s.spice <= 1


@charity_eligible.z3
def _(v: Any) -> z3.BoolRef:
    return v.spice <= 1


@rule(
    "overview.charity.amount",
    on="charity",
    cites="overview:45",
    title="CHOAM Charity brings the total to 2",
    permits=lambda s, o: (
        f"{display(s.faction)} holds {spice_word(s.spice)}: charity brings its total to "
        f"{o.get('spice_total', CHARITY_LEVEL)}, {_received(s, o)} spice received."
    ),
    defines=("spice_gained", "spice_total"),
    when=lambda s: s.spice is not None and s.spice <= 1 and not bene_gesserit_open(s),
    one_sided=OUTCOME_ONLY.format("overview.charity.eligible"),
)
def charity_amount(s: CharityFacts) -> dict[str, Any]:
    """Charity tops a player's spice up to two: it receives the difference."""
    assert s.spice is not None
    return {"spice_gained": {s.faction: CHARITY_LEVEL - s.spice}, "spice_total": CHARITY_LEVEL}


@charity_amount.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.total == CHARITY_LEVEL, v.received == CHARITY_LEVEL - v.spice)


@rule(
    "overview.charity.faction-advantages",
    on="charity",
    cites="overview:105",
    title="A Bene Gesserit charity advantage is on its player sheet",
    status="unresolved",
    reason="the Advanced Bene Gesserit claims charity, and overview:105 lets faction advantages override the "
    "standard rules without printing the Bene Gesserit's (the fallback, gf9:163, answers it)",
    when=bene_gesserit_open,
    one_sided="an open question: the overview prints no Bene Gesserit charity advantage",
)
def charity_faction_advantages(s: CharityFacts) -> bool:
    """The overview defers the factions' advantages to player sheets it does not reproduce; the Bene Gesserit's
    charity (two spice regardless of holdings, in gf9) would change what a Bene Gesserit holding spice receives."""
    return True


@charity_faction_advantages.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing
