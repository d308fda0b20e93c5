"""Overview: Alliances (overview:84-86) and Deals and Bribes (overview:107)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.alliance import AllyFacts, BribeFacts, names, phase_title
from checker.arrakis.kinds.deal import DealFacts, terms_words
from checker.arrakis.position import NEXUS
from checker.names import display
from checker.rules import chapter, rule

# The lines questions of these kinds answer from: each is encoded, a gap, or set aside.
chapter("ally", "overview:41,84-86")
chapter("bribe", "overview:107")
chapter("deal", "overview:107")

# overview:86 "Formed only during a Nexus (triggered by Shai-Hulud). Max 2 players per Alliance. Allied players
#              need 4 strongholds jointly. Allies cannot enter each other's territories (except Polar Sink).
#              Allies may share strategy, help pay for Treachery Cards and shipments."
# overview:41 "... After the first turn, Shai-Hulud triggers a Nexus — players may form or break Alliances."


def nexus_message(s: AllyFacts) -> str:
    """Why it is no Nexus: the phase, or the first turn."""
    who = names(s.factions)
    if s.phase_index == NEXUS:
        return f"{who} cannot form an alliance on turn 1: Shai-Hulud triggers a Nexus only after the first turn."
    return f"{who} cannot form an alliance in {phase_title(s.phase_index)}: alliances are formed only during a Nexus."


@rule(
    "overview.alliances.nexus-only",
    on="ally",
    cites="overview:41,86",
    title="Alliances are formed only during a Nexus, which comes after the first turn",
    forbids=lambda s, _o: nexus_message(s),
    permits=lambda s, _o: f"It is a Nexus: {names(s.factions)} may form an alliance.",
    needs=("phase_index",),
    when=lambda s: not s.breaking,
)
def nexus_only(s: AllyFacts) -> bool:
    """An alliance is formed during a Nexus only (the position's phase ``nexus``), and Shai-Hulud triggers a
    Nexus only after the first turn, so never on turn 1 (a position that gives no turn is taken at its word
    that a Nexus is under way)."""
    return s.phase_index == NEXUS and s.turn != 1


@nexus_only.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.phase_index == NEXUS, v.turn != 1)


@rule(
    "overview.alliances.size",
    on="ally",
    cites="overview:86",
    title="At most two players in an alliance",
    forbids=lambda s, _o: f"{names(s.factions)} are {s.size} players: an alliance has at most 2.",
    permits=lambda s, _o: f"{names(s.factions)} are two players, the most an alliance may have.",
    when=lambda s: not s.breaking,
)
def alliance_size(s: AllyFacts) -> bool:
    """An alliance joins at most two players."""
    return s.size <= 2


@alliance_size.z3
def _(v: Any) -> z3.BoolRef:
    return v.size <= 2


@rule(
    "overview.alliances.one-alliance",
    on="ally",
    cites="overview:86",
    title="A player already allied elsewhere",
    status="unresolved",
    reason="a player forming this alliance is already allied with another: the overview caps an alliance at two "
    "players (overview:86) without saying whether an allied player may form a second alliance or must first "
    "leave the first (gf9:131, 141 forbid it: use the gf9 ruleset)",
    when=lambda s: not s.breaking and s.allied_elsewhere > 0,
    one_sided="an open question: the overview does not say whether a player may be in two alliances",
)
def one_alliance(s: AllyFacts) -> bool:
    """The overview says nothing of a player in two alliances, nor of leaving one to form another."""
    return True


@one_alliance.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


@rule(
    "overview.alliances.breaking",
    on="ally",
    cites="overview:86",
    title="Breaking an alliance",
    status="unresolved",
    reason="the overview says when alliances are formed (only during a Nexus, overview:86) but not whether or when "
    "one may be broken (gf9:133 allows it during a Nexus: use the gf9 ruleset)",
    when=lambda s: s.breaking,
    one_sided="an open question: the overview does not say how an alliance ends",
)
def breaking(s: AllyFacts) -> bool:
    """The overview does not say how an alliance is broken."""
    return True


@breaking.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


# overview:107 "• Deals and Bribes: Non-allied players may make verbal deals that must be honored. Cannot
#               transfer cards, leaders, forces, or faction advantages."


@rule(
    "overview.deals.not-allies",
    on="bribe",
    cites="overview:107",
    title="Deals and bribes are between non-allied players",
    forbids=lambda s, _o: (
        f"{display(s.faction)} and {display(s.to)} are allies: deals and bribes are made by non-allied players."
    ),
    permits=lambda s, _o: f"{display(s.faction)} and {display(s.to)} are not allies.",
)
def not_allies(s: BribeFacts) -> bool:
    """Only players outside an alliance with each other make deals and bribes."""
    return not s.allied


@not_allies.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.allied)


@rule(
    "overview.deals.bribe-terms",
    on="bribe",
    cites="overview:107",
    title="What a bribe does",
    status="unresolved",
    reason="the overview names bribes (overview:107) without saying where a bribe's spice goes, when it may be "
    "spent, or in which game bribery is allowed (gf9:333, 337 say: use the gf9 ruleset)",
    when=lambda s: True,
    one_sided="an open question: the overview does not say what a bribe does",
)
def bribe_terms(s: BribeFacts) -> bool:
    """The overview does not say what a bribe does with the spice."""
    return True


@bribe_terms.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


@rule(
    "overview.deals.deal-not-allies",
    on="deal",
    cites="overview:107",
    title="Deals are made by non-allied players",
    forbids=lambda s, _o: f"{names(s.allies)} are allies: deals are made by non-allied players.",
    permits=lambda s, _o: f"{names(s.factions)} are not allied with each other: non-allied players may make deals.",
)
def deal_not_allies(s: DealFacts) -> bool:
    """Players outside an alliance with each other make the deals that must be honored."""
    return not s.allied


@deal_not_allies.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.allied)


@rule(
    "overview.deals.deal-terms",
    on="deal",
    cites="overview:107",
    title="A deal cannot transfer cards, leaders, forces or faction advantages",
    forbids=lambda s, _o: (
        f"The deal includes {terms_words([t for t in s.terms if t in ('transfer', 'faction-power')])}: deals cannot "
        "transfer cards, leaders, forces, or faction advantages."
    ),
    permits=lambda s, _o: f"The deal promises {terms_words(s.terms)}: nothing a deal cannot transfer.",
    needs=("terms_known",),
)
def deal_terms(s: DealFacts) -> bool:
    """A verbal deal binds its players, but it cannot hand over cards, leaders, forces or a faction advantage."""
    return s.forbidden_terms == 0


@deal_terms.z3
def _(v: Any) -> z3.BoolRef:
    return v.forbidden_terms == 0
