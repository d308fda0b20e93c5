"""Dice Game, the Recruit Troops and Leaders step (dice:122-125) and Duncan Idaho's second Leader (dice:202)."""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.recruit import RecruitFacts
from checker.dice.position import STEPS
from checker.facts import all_of
from checker.names import plural
from checker.rules import chapter, rule, set_aside

chapter("dice-recruit", "dice:122-125,202")

set_aside("dice:122", "heading")

RECRUIT = STEPS.index("recruit")

# dice:123 "In Turn Order, each player takes their Recruit step. You may take this step simultaneously, if no
#           player objects."


@rule(
    "dice.recruit.step",
    on="dice-recruit",
    cites="dice:123",
    see_also="dice:71",
    title="Recruiting in the Recruit step",
    forbids="{Faction} cannot recruit in the {step} step: Troops and Leaders are recruited in the Recruit step.",
    permits="It is the Recruit step.",
    when=lambda s: s.step_index is not None,
)
def recruit_step(s: RecruitFacts) -> bool:
    """Recruiting happens in the Recruit step."""
    return s.step_index == RECRUIT


@recruit_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == RECRUIT


# dice:124 "... There is a base number of Troops you may recruit each round, regardless of dice you placed on
#           Recruit slots. Each die you placed on a Recruit slot allows you to recruit a number of additional Troops
#           as noted on that slot. Take the resulting total number of your Troops from your personal supply or the
#           map and place them onto your Faction board."
# dice:125 "Instead of a Troop, you may recruit a Leader. ..."


@rule(
    "dice.recruit.count",
    on="dice-recruit",
    cites="dice:124",
    see_also="dice:125,252",
    title="Recruit the base number plus each Recruit die's Troops",
    forbids="{Faction} cannot recruit {recruited_text}: it may recruit {allowance} ({recruit_base} base + "
    "{recruit_per_die} for each of its {recruit_dice} Recruit dice; a Leader counts instead of a Troop).",
    permits="{Faction} recruits {recruited_text} of its {allowance} ({recruit_base} base + {recruit_per_die} for "
    "each of its {recruit_dice} Recruit dice).",
    needs=("recruit_base", "recruit_dice", "recruit_per_die"),
)
def recruit_count(s: RecruitFacts) -> bool:
    """Troops and Leaders recruited are at most the base number plus each Recruit die's additional Troops."""
    allowance = s.allowance
    return allowance is not None and s.troops + s.leader <= allowance


@recruit_count.z3
def _(v: Any) -> z3.BoolRef:
    return v.recruited <= v.recruit_base + v.recruit_per_die * v.recruit_dice


@rule(
    "dice.recruit.supply",
    on="dice-recruit",
    cites="dice:124",
    see_also="dice:40",
    title="Recruited Troops come from the supply or the map",
    forbids=lambda s, _o: (
        f"{s.fmt()['Faction']} cannot take {plural(s.troops - s.from_map, 'Troop')} from its personal supply: it "
        f"has {s.supply} there ({s.from_map} taken from the map)."
    ),
    # the supply the position gives (the outcome's ``supply`` is the one left after)
    permits=lambda s, _o: (
        f"{plural(s.troops - s.from_map, 'Troop')} from its personal supply of {s.supply}, {s.from_map} from the map."
    ),
    needs=("supply",),
    when=lambda s: s.troops > s.from_map,
)
def recruit_supply(s: RecruitFacts) -> bool:
    """The Troops not taken from the map come from the personal supply: at most what it holds."""
    return s.supply is not None and s.troops - s.from_map <= s.supply


@recruit_supply.z3
def _(v: Any) -> z3.BoolRef:
    total = sum(v.from_counts) if v.from_counts else 0
    return v.troops - total <= v.supply


def _short(s: RecruitFacts) -> str:
    bad = [
        f"{n} from {r}, where it has {own}"
        for r, n, own in zip(s.from_names, s.from_counts, s.from_own, strict=True)
        if n > own
    ]
    return "; ".join(bad)


@rule(
    "dice.recruit.from-map",
    on="dice-recruit",
    cites="dice:124",
    title="Troops taken from the map are the Faction's own there",
    forbids=lambda s, _o: f"{s.fmt()['Faction']} cannot take {_short(s)}.",
    permits=lambda s, _o: (
        f"{s.fmt()['Faction']} takes its own Troops from "
        + ", ".join(f"{r} ({n} of {own})" for r, n, own in zip(s.from_names, s.from_counts, s.from_own, strict=True))
        + "."
    ),
    when=lambda s: s.from_map > 0,
)
def recruit_from_map(s: RecruitFacts) -> bool:
    """Troops taken from a Region are at most the Faction's Troops there."""
    return all(n <= own for n, own in zip(s.from_counts, s.from_own, strict=True))


@recruit_from_map.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(n <= own for n, own in zip(v.from_counts, v.from_own, strict=True))


# dice:173 "The Region affected by the Sandstorm is effectively in total stasis until the Sandstorm leaves again.
#           Troops cannot Ship to, Move to, Move out etc. in a Region affected by the Sandstorm. ..."


@rule(
    "dice.recruit.sandstorm-stasis",
    on="dice-recruit",
    cites="dice:173",
    see_also="dice:124",
    title="No Troops taken from the Region under the Sandstorm",
    forbids="{Faction} cannot take Troops from {sandstorm}: the Region under the Sandstorm is in total stasis.",
    permits="No Troop is taken from the Region under the Sandstorm.",
    needs=("storm_known",),
    when=lambda s: s.from_map > 0,
)
def recruit_sandstorm(s: RecruitFacts) -> bool:
    """Taking Troops off the map moves them out of their Region: never out of the Sandstorm's."""
    return not any(n > 0 and storm for n, storm in zip(s.from_counts, s.from_storm, strict=True))


@recruit_sandstorm.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(n == 0, z3.Not(storm)) for n, storm in zip(v.from_counts, v.from_storm, strict=True))


# dice:125 "Instead of a Troop, you may recruit a Leader. Take one Leader from your supply and place it on your
#           Faction board. Leaders are never placed on the map and remain on your Faction board until used in
#           combat. Leaders may not be targeted with Assassinate."
# dice:202 "Duncan Idaho — ... You may recruit a second Leader token."


@rule(
    "dice.recruit.one-leader",
    on="dice-recruit",
    cites="dice:125,202",
    title="One Leader recruited; the Atreides a second",
    forbids="{Faction} cannot recruit {leader} Leaders: one Leader is recruited (the Atreides may recruit a second).",
    permits="{Faction} recruits {leader} Leader(s).",
    when=lambda s: s.leader > 0,
)
def one_leader(s: RecruitFacts) -> bool:
    """A Leader is recruited instead of a Troop, one at a time; Duncan Idaho lets the Atreides recruit a second."""
    return s.leader <= (2 if s.atreides else 1)


@one_leader.z3
def _(v: Any) -> z3.BoolRef:
    return v.leader <= z3.If(v.atreides, 2, 1)


@rule(
    "dice.recruit.leader-supply",
    on="dice-recruit",
    cites="dice:125",
    see_also="dice:35-38,40",
    title="A recruited Leader comes from the supply",
    forbids="{Faction} cannot recruit {leader} Leader(s): {leaders_on_board} of its {cylinders} Leaders are "
    "already on its Faction board.",
    permits="{Faction} has {leaders_on_board} of its {cylinders} Leaders on its board: the rest are in its supply.",
    when=lambda s: s.leader > 0,
    needs=("leaders_on_board",),
)
def leader_supply(s: RecruitFacts) -> bool:
    """The Leader is taken from the supply: the Leaders on the board and recruited are at most its cylinders."""
    return s.leaders_on_board is not None and s.leaders_on_board + s.leader <= s.cylinders


@leader_supply.z3
def _(v: Any) -> z3.BoolRef:
    return v.leaders_on_board + v.leader <= v.cylinders
