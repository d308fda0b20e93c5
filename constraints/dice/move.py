"""Dice Game, Move Troops Step (dice:131-134): one or two moves, from adjacent Regions into a target Region."""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.move import DiceMoveFacts, troops_phrase, who
from checker.dice.position import STEPS
from checker.facts import all_of
from checker.rules import chapter, rule

chapter("dice-move", "dice:60,131-134,173")

MOVE_STEP = STEPS.index("move")

# dice:132 "In Turn Order, each player takes their Move step. During your Move step, you move your Troops on the
#          planet, either once or twice."


@rule(
    "dice.move.step",
    on="dice-move",
    cites="dice:132",
    see_also="dice:73",
    title="Troops move in the Move step",
    forbids=lambda s, _o: f"{who(s.faction)} cannot move Troops in the {s.step} step: Troops move in the Move step.",
    permits="It is the Move step.",
    when=lambda s: s.step_index is not None,
)
def move_step(s: DiceMoveFacts) -> bool:
    """Troops move on the planet during the Faction's Move step (``step: move``); with no step given it is taken
    to be that step (the verdict's notes say so)."""
    return s.step_index == MOVE_STEP


@move_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == MOVE_STEP


# dice:132 "... You may always take one move, regardless of if you placed a die in the Move slot. If you placed a
#          die in the Move slot, you may take a second move after completely finishing your first move."


@rule(
    "dice.move.second",
    on="dice-move",
    cites="dice:132",
    see_also="dice:252",
    title="A second move needs a die on the Move slot",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot take a second move: it placed no die on its Move slot (one move is always "
        "allowed, a second needs the die)."
    ),
    permits=lambda s, _o: (
        f"{who(s.faction)} has a die on its Move slot: a second move is allowed."
        if s.second
        else "A first move: every Faction may always take one."
    ),
    needs=("move_dice",),
)
def second_move(s: DiceMoveFacts) -> bool:
    """One move is always allowed; a second (``move.second``) only with a die on the Move slot."""
    return not s.second or (s.move_dice or 0) >= 1


@second_move.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.Not(v.second), v.move_dice >= 1)


# dice:132 "... During your Move step, you move your Troops on the planet, either once or twice. ..."


@rule(
    "dice.move.twice",
    on="dice-move",
    cites="dice:132",
    title="At most two moves a round",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot take a third move: it has moved twice this round already, and a Faction moves "
        "once or twice."
    ),
    permits=lambda s, _o: f"{who(s.faction)} has moved once this round: this is its second move.",
    when=lambda s: s.moves_before > 0,  # the round's moves known (a game record writes them)
)
def twice(s: DiceMoveFacts) -> bool:
    """A Faction moves once or twice in its Move step: with two moves taken this round (``moves_this_round``,
    which a game record writes), a third is not allowed."""
    return s.moves_before < 2


@twice.z3
def _(v: Any) -> z3.BoolRef:
    return v.moves_before < 2


# dice:83 "You may take the die in this slot at any time during one of your turns, flip it to show the number of your
#          choice, and place it onto an allowed empty slot of your choice on your Faction board. You may use this die
#          in the corresponding step of the current round as if you placed it there during the Roll the Dice step."


@rule(
    "dice.move.reassign",
    on="dice-move",
    cites="dice:83",
    see_also="dice:255",
    title="The Re-Assign die onto the empty Move slot",
    permits=lambda s, _o: (
        f"{who(s.faction)} may first take the die on its Re-Assign slot, flip it to a number the Move slot allows "
        "and place it there (dice:83): it takes a second move."
    ),
    when=lambda s: bool(s.reassigned),
    one_sided="it only ever allows: the Re-Assign die may go to an empty slot at any time during the player's turn",
)
def reassign(s: DiceMoveFacts) -> bool:
    """With no die on the Move slot, the die on the Re-Assign slot may be put there first, showing any number,
    and used in this step as if placed there in the Roll the Dice step."""
    return s.reassign_die


@reassign.z3
def _(v: Any) -> z3.BoolRef:
    return v.reassign_die


# dice:133 "For each move, pick one of the 12 Regions on the map. This is your target Region for this move. You may
#          move any number of your Troops from adjacent Regions into your target Region at no cost. Two Regions
#          count as adjacent if they share a border."
# dice:60 "Troops are placed in Regions and moved between adjacent Regions. Two Regions count as adjacent if they
#         share a border."


def _not_adjacent(s: DiceMoveFacts) -> str:
    bad = [r for r, a in zip(s.from_names, s.from_adjacent or [], strict=True) if not a]
    return (
        f"{who(s.faction)} cannot move Troops from {' or '.join(bad)} into {s.to}: "
        + ("they do not" if len(bad) > 1 else "it does not")
        + f" border {s.to}, and Troops move only from adjacent Regions."
    )


@rule(
    "dice.move.adjacent",
    on="dice-move",
    cites="dice:60,133",
    see_also="dice:55,170",
    title="Troops move from adjacent Regions into the target",
    forbids=lambda s, _o: _not_adjacent(s),
    permits=lambda s, _o: (
        f"{', '.join(s.from_names)} " + ("border" if len(s.from_names) > 1 else "borders") + f" {s.to}."
        if s.from_names
        else "No Troops move."
    ),
    needs=("from_adjacent",),
)
def adjacent(s: DiceMoveFacts) -> bool:
    """Every Region Troops move from shares a border with the target Region (the position's ``board`` gives the
    borders the text does not: one it leaves unknown makes the answer unresolved)."""
    return all(a == 1 for a in s.from_adjacent or [])


@adjacent.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(a == 1 for a in v.from_adjacent)


def _too_many(s: DiceMoveFacts) -> str:
    bad = [
        f"{troops_phrase(n)} from {r}, where it has {own}"
        for r, n, own in zip(s.from_names, s.from_counts, s.from_own, strict=True)
        if n > own
    ]
    return f"{who(s.faction)} moves " + "; ".join(bad) + ": it may move only its own Troops."


@rule(
    "dice.move.own-troops",
    on="dice-move",
    cites="dice:133",
    title="A move takes the Faction's own Troops",
    forbids=lambda s, _o: _too_many(s),
    permits=lambda s, _o: (
        "; ".join(
            f"{troops_phrase(n)} of its {own} leave {r}."
            for r, n, own in zip(s.from_names, s.from_counts, s.from_own, strict=True)
        )
        or "No Troops move."
    ),
)
def own_troops(s: DiceMoveFacts) -> bool:
    """A move takes "any number of your Troops": from each Region, at most the Troops the Faction has there."""
    return all(n <= own for n, own in zip(s.from_counts, s.from_own, strict=True))


@own_troops.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(n <= own for n, own in zip(v.from_counts, v.from_own, strict=True))


@rule(
    "dice.move.into-target",
    on="dice-move",
    cites="dice:133",
    title="The Troops moved end in the target Region",
    permits=lambda s, o: f"{who(s.faction)} has {troops_phrase(o.get('in_target', 0))} in {s.to} after the move.",
    defines=("in_target",),
    one_sided="it fixes where the Troops end; the limits are the other rules of the move",
)
def into_target(s: DiceMoveFacts) -> dict[str, int]:
    """The Troops moved join the Faction's Troops already in the target Region."""
    return {"in_target": s.own_in_target + sum(s.from_counts)}


@into_target.z3
def _(v: Any) -> z3.BoolRef:
    return v.in_target == v.own_in_target + z3.Sum([z3.IntVal(0), *v.from_counts])


# dice:134 "Troops in the Region currently affected by the Sandstorm may not move at all, and you may not move Troops
#          into the Region affected by the Sandstorm."
# dice:173 "... Troops cannot Ship to, Move to, Move out etc. in a Region affected by the Sandstorm. ..."


@rule(
    "dice.move.into-sandstorm",
    on="dice-move",
    cites="dice:134,173",
    title="No move into the Sandstorm's Region",
    forbids="{Faction} cannot move Troops into {to}: the Sandstorm is there.",
    permits="{to} is clear of the Sandstorm ({sandstorm}).",
    needs=("storm_region",),
    when=lambda s: not s.to_never_storm,
)
def into_sandstorm(s: DiceMoveFacts) -> bool:
    """The target Region may not be the one the Sandstorm is in (it never is the Polar Sink or an outer Region,
    dice:61, so those need no ``sandstorm``)."""
    return s.to_region != s.storm_region


@into_sandstorm.z3
def _(v: Any) -> z3.BoolRef:
    return v.to_region != v.storm_region


@rule(
    "dice.move.out-of-sandstorm",
    on="dice-move",
    cites="dice:134,173",
    title="Troops under the Sandstorm do not move",
    forbids="{Faction} cannot move Troops out of {sandstorm}: Troops in the Sandstorm's Region may not move at all.",
    permits=lambda s, _o: f"No Troops leave the Sandstorm's Region ({s.sandstorm}).",
    needs=("storm_region",),
    when=lambda s: s.from_may_storm,
)
def out_of_sandstorm(s: DiceMoveFacts) -> bool:
    """No Region Troops move from may be the one the Sandstorm is in."""
    return all(r != s.storm_region for r in s.from_regions)


@out_of_sandstorm.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(r != v.storm_region for r in v.from_regions)
