"""Overview, Phase 5: Revival."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.revival import LIMIT, RevivalFacts, force_cost, own_cost, z3_own_cost
from checker.arrakis.position import REVIVAL
from checker.names import display, whose
from checker.rules import chapter, restates, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("revive", "overview:51-53,117,127")

set_aside("overview:117", "the turn sequence's list entry '5. Revival': the phase's name, ruled by overview:51")

# overview:18 lists the Kwisatz Haderach Card and Counter among the Advanced components, as gf9:41 does: in the
# Basic game gf9's gap on its revival holds here too, quoting this line.
restates("overview:18", "gf9.revival.kh-basic")

# overview:51 "Phase 5: Revival"
# overview:53 "Each player may revive up to 3 forces from the Tleilaxu Tanks (some free per Player Sheet,
#             additional at 2 spice each). Revived forces go to reserves. If all 5 leaders are dead, revive
#             1 leader per turn at cost of its fighting strength in spice."
# overview:127 "Revival: Up to 3 forces/turn (some free, rest at 2 spice each)"


@rule(
    "overview.revival.phase",
    on="revive",
    cites="overview:51,53",
    see_also="overview:33,117",
    title="Revival is made in Phase 5, Revival",
    forbids=lambda s, _o: (
        f"{display(s.faction)} cannot revive in the {s.phase_name.replace('-', ' ')} phase: "
        "players revive in Phase 5, Revival."
    ),
    permits="It is Phase 5, Revival.",
    when=lambda s: s.phase_index is not None,
)
def revival_phase(s: RevivalFacts) -> bool:
    """Forces and leaders come back from the Tanks in Phase 5, Revival; when the position gives no phase, it is
    taken to be that one (the verdict's notes say so)."""
    return s.phase_index == REVIVAL


@revival_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == REVIVAL


def _not_in_tanks(s: RevivalFacts, _o: dict[str, Any]) -> str:
    who = display(s.faction)
    if s.count > (s.tanks or 0):
        return f"{who} revives {s.count} forces but has {s.tanks} in the Tanks."
    return f"{who} revives {s.special} special forces but has {s.tanks_special} in the Tanks."


@rule(
    "overview.revival.in-tanks",
    on="revive",
    cites="overview:53",
    title="Only forces in the Tanks are revived",
    forbids=_not_in_tanks,
    permits="{Faction} has {tanks} forces and {tanks_special} special forces in the Tanks.",
    needs=("tanks", "tanks_special"),
    when=lambda s: s.forces > 0,
)
def in_tanks(s: RevivalFacts) -> bool:
    """Forces are revived from the Tleilaxu Tanks: no more than the player has there."""
    return s.count <= (s.tanks or 0) and s.special <= (s.tanks_special or 0)


@in_tanks.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.tanks - v.count >= 0, v.tanks_special - v.special >= 0)


@rule(
    "overview.revival.limit",
    on="revive",
    cites="overview:53,127",
    title="At most three forces are revived a turn",
    forbids=lambda s, _o: f"{display(s.faction)} revives {s.forces} forces{_earlier(s)}: up to 3 forces a turn.",
    permits=lambda s, _o: f"{display(s.faction)} revives {s.forces} forces{_earlier(s)}: within 3 a turn.",
    when=lambda s: not s.emperor_ally,
)
def limit(s: RevivalFacts) -> bool:
    """Free and paid together, a player revives up to three forces a turn, those revived earlier this turn included
    (a game record's ``revived_this_turn``)."""
    return s.forces + s.revived_before <= LIMIT


@limit.z3
def _(v: Any) -> z3.BoolRef:
    return v.forces + v.revived_before <= LIMIT


def _earlier(s: RevivalFacts) -> str:
    return f" after the {s.revived_before} it revived earlier this turn" if s.revived_before else ""


@rule(
    "overview.revival.leader-one",
    on="revive",
    cites="overview:53",
    title="One leader a turn",
    forbids="{Faction} revived a leader earlier this turn: 1 leader per turn.",
    permits="{Faction} has revived no leader yet this turn.",
    when=lambda s: s.has_leader,
)
def leader_one(s: RevivalFacts) -> bool:
    """A player revives one leader a turn: none where a game record says it revived one earlier this turn
    (``revived_this_turn``)."""
    return s.leaders_before == 0


@leader_one.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.has_leader, v.leaders_before == 0)


@rule(
    "overview.revival.free-on-sheets",
    on="revive",
    cites="overview:53",
    title="The free revivals are on the Player Sheets",
    status="unresolved",
    reason="overview:53 gives some revivals free 'per Player Sheet', sheets the overview does not reproduce: the "
    "cost of these forces is not known (the gf9 ruleset gives each faction's allowance)",
    when=lambda s: s.forces > 0,
    one_sided="an open question: the overview prints no faction's free allowance",
)
def free_on_sheets(s: RevivalFacts) -> bool:
    """The overview leaves the number of free revivals to the Player Sheets, which it does not reproduce."""
    return True


@free_on_sheets.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


@rule(
    "overview.revival.faction-advantages",
    on="revive",
    cites="overview:105",
    title="Faction revival advantages are on the Player Sheets",
    status="unresolved",
    reason="overview:105 says faction advantages override the standard rules, but the overview prints none for "
    "revival (the Emperor paying for its ally, the Kwisatz Haderach, a card or the Fate): use the gf9 ruleset",
    when=lambda s: (s.emperor_ally and s.forces > LIMIT) or bool(s.emperor_pays) or s.kh or s.has_card or s.fate,
    one_sided="an open question: the overview prints none of these advantages",
)
def faction_advantages(s: RevivalFacts) -> bool:
    """The overview defers faction revival powers to sheets it does not reproduce."""
    return True


@faction_advantages.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


@rule(
    "overview.revival.leader-own",
    on="revive",
    cites="overview:53",
    title="A player revives one of its own leaders",
    forbids=lambda s, _o: f"{s.leader} is not one of {whose(s.faction)} leaders: it cannot revive him.",
    permits=lambda s, _o: f"{s.leader} is one of {whose(s.faction)} leaders.",
    when=lambda s: s.has_leader,
)
def leader_own(s: RevivalFacts) -> bool:
    """The leader revived is one of the player's own five."""
    return s.leader_own


@leader_own.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.has_leader, v.leader_own)


@rule(
    "overview.revival.leader-in-tanks",
    on="revive",
    cites="overview:53",
    title="Only a dead leader is revived",
    forbids=lambda s, _o: f"{s.leader} is not in the Tanks: a living leader is not revived.",
    permits=lambda s, _o: f"{s.leader} is in the Tanks.",
    when=lambda s: s.has_leader,
)
def leader_in_tanks(s: RevivalFacts) -> bool:
    """The leader revived is dead: in the Tanks."""
    return s.leader_in_tanks


@leader_in_tanks.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Implies(v.has_leader, v.leader_in_tanks)


@rule(
    "overview.revival.leader-all-dead",
    on="revive",
    cites="overview:53",
    title="A leader is revived only when all five are dead",
    forbids=lambda s, _o: (
        f"{display(s.faction)} has {s.own_leaders_in_tanks} of its {s.own_leaders} leaders in the Tanks: "
        "a leader is revived only when all five are dead."
    ),
    permits="All {own_leaders} of {Faction_s} leaders are in the Tanks.",
    when=lambda s: s.has_leader and s.leader_own,
)
def leader_all_dead(s: RevivalFacts) -> bool:
    """A leader is revived (one a turn) only when all five of the player's leaders are dead."""
    return s.own_leaders_in_tanks >= s.own_leaders


@leader_all_dead.z3
def _(v: Any) -> z3.BoolRef:
    return v.own_leaders_in_tanks - v.own_leaders >= 0


@rule(
    "overview.revival.leader-cost",
    on="revive",
    cites="overview:53",
    title="A leader costs its fighting strength",
    permits=lambda s, _o: f"{s.leader} costs {s.leader_strength} spice, its fighting strength.",
    defines=("leader_cost",),
    needs=("leader_strength",),
    when=lambda s: s.has_leader and s.leader_own,
    one_sided="it fixes the price; paying it is overview.revival.affordable",
)
def leader_cost(s: RevivalFacts) -> dict[str, int]:
    """A revived leader costs its fighting strength in spice."""
    return {"leader_cost": s.leader_strength or 0}


@leader_cost.z3
def _(v: Any) -> z3.BoolRef:
    return v.leader_cost == v.leader_strength


def _affordable_applies(s: RevivalFacts) -> bool:
    """The reviver pays something the overview prices: forces beyond the free ones (2 spice each; how many are
    free is the Player Sheet's, given by the fallback), its own leader. Revivals priced by a faction advantage
    (the Emperor's payments, the Kwisatz Haderach, a card, a special force beyond the free ones) are
    overview.revival.faction-advantages' or the fallback's."""
    if s.free is None or s.emperor_pays is None or s.fremen_grant is None or s.kh or s.has_card or s.fate:
        return False  # an unknown payer or grant: the rules that ask for it answer
    if s.has_leader and not s.leader_own:
        return False
    if s.special > 0 and s.own > s.free:
        return False
    return own_cost(s) > 0


def _cannot_pay(s: RevivalFacts, _o: dict[str, Any]) -> str:
    parts = [f"{force_cost(s)} for forces beyond the free ones"] if force_cost(s) else []
    if s.has_leader:
        parts.append(f"{s.leader_strength} for {s.leader}")
    return f"{display(s.faction)} cannot pay {own_cost(s)} spice ({', '.join(parts)}): it has {s.spice} spice."


@rule(
    "overview.revival.affordable",
    on="revive",
    cites="overview:53",
    see_also="overview:127",
    title="The player must be able to pay for its revival",
    forbids=_cannot_pay,
    permits=lambda s, _o: f"{display(s.faction)} has {s.spice} spice for the {own_cost(s)} it pays.",
    needs=("spice", "leader_strength"),
    when=_affordable_applies,
)
def affordable(s: RevivalFacts) -> bool:
    """Additional forces cost 2 spice each and a leader its fighting strength: the player must have the
    spice for both."""
    return own_cost(s) <= (s.spice or 0)


@affordable.z3
def _(v: Any) -> z3.BoolRef:
    return z3_own_cost(v) <= v.spice
