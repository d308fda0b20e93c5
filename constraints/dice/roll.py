"""Dice Game, the Roll the Dice step as a move (dice:89-95): one Faction's dice rolled and placed on its slots.

Which faces may go on which slot is the position's to judge (constraints/dice/round.py): dice.roll.placed asks the
position after the roll and speaks for the clause it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from checker.dice.kinds.move import who
from checker.dice.kinds.roll import DiceRollFacts
from checker.dice.position import STEPS
from checker.rules import chapter, gap, rule

chapter("dice-roll", "dice:89-95")

ROLL_STEP = STEPS.index("roll")


# dice:92 "All players put up their screens ..., pick up all dice from their personal supply, and roll them in
#          secrecy. ..." (in the Roll the Dice Step, dice:89)


@rule(
    "dice.roll.step",
    on="dice-roll",
    cites="dice:92",
    see_also="dice:67,89",
    title="Dice are rolled in the Roll the Dice step",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot roll its dice in the {s.step} step: they are rolled in the Roll the Dice step."
    ),
    permits="It is the Roll the Dice step.",
    when=lambda s: s.step_index is not None,
)
def roll_step(s: DiceRollFacts) -> bool:
    """The dice are rolled at the round's Roll the Dice step (``step: roll``); with no step given it is taken to be
    that step (the verdict's notes say so)."""
    return s.step_index == ROLL_STEP


@roll_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == ROLL_STEP


# dice:92 "... There are no re-rolls allowed, what you roll is what you get. ..."


@rule(
    "dice.roll.no-reroll",
    on="dice-roll",
    cites="dice:92",
    title="No re-rolls",
    forbids=lambda s, _o: (
        f"{who(s.faction)} already has {s.on_slots} {'die' if s.on_slots == 1 else 'dice'} on its "
        "slots this step: there are no re-rolls."
    ),
    permits=lambda s, _o: f"{who(s.faction)} has no die on its slots yet: this is its roll.",
)
def no_reroll(s: DiceRollFacts) -> bool:
    """A Faction rolls once a round: with dice already on its slots, it has rolled (at the End of a Round every die
    left on a slot went back to its personal supply, dice:177)."""
    return s.on_slots == 0


@no_reroll.z3
def _(v: Any) -> z3.BoolRef:
    return v.on_slots == 0


# dice:88 "... take one from the common supply and place it into your personal supply."
# dice:91 "If, at the beginning of a round, you have less than 3 dice in total, gain dice until you have three. If
#          you have more than 6 dice, destroy the excess."
# dice:92 "... pick up all dice from their personal supply, and roll them ..."
# dice:93 "Then, still behind their screens, all players place the dice they have rolled onto slots on their Faction
#          board."


def _short(s: DiceRollFacts) -> bool:
    """The common supply holds fewer dice than the top-up would gain."""
    return s.personal is not None and s.rolls is not None and s.personal < 3 and s.rolls < 3


def _topped(s: DiceRollFacts) -> str:
    if _short(s):
        return f" ({s.personal} in its supply; the common supply holds {s.common} to gain, not {3 - (s.personal or 0)})"
    if s.rolls == s.personal:
        return ""
    return f" ({s.personal} in its supply, {'topped up' if (s.personal or 0) < 3 else 'cut'} to {s.rolls})"


def _all_forbids(s: DiceRollFacts, _o: dict[str, Any]) -> str:
    return (
        f"{who(s.faction)} places {s.placed} {'die' if s.placed == 1 else 'dice'}, but rolls {s.rolls}{_topped(s)}: "
        "every die of its personal supply is rolled and placed on a slot."
    )


@rule(
    "dice.roll.all-dice",
    on="dice-roll",
    cites="dice:88,91,92,93",
    title="Every die of the personal supply is rolled and placed",
    forbids=_all_forbids,
    permits=lambda s, o: f"{who(s.faction)} rolls and places {o.get('dice_rolled', s.rolls)} dice{_topped(s)}.",
    needs=("rolls",),
    defines=("dice_rolled",),
    when=lambda s: s.on_slots == 0,  # dice already placed: dice.roll.no-reroll
    cite_when={"dice:91": lambda s: s.rolls != s.personal or _short(s), "dice:88": _short},
)
def all_dice(s: DiceRollFacts) -> dict[str, Any] | bool:
    """The Faction rolls all the dice of its personal supply, after the round's top-up (fewer than 3 gain up to 3, as
    far as the common supply holds dice to gain; more than 6 lose the excess), and places each one it rolled on a
    slot."""
    if s.placed != s.rolls:
        return False
    return {"dice_rolled": s.rolls}


@all_dice.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.placed == v.rolls, v.dice_rolled == v.rolls)


# dice:79 "... You may place one die on each slot."
# dice:80 "On a slot showing one or more numbers, you may only place a die showing one of these numbers. ..."
# dice:81 "On a slot showing a Faction symbol, you may place one die, showing any number. You may not place any dice
#          onto slots belonging to Factions not taking part in your game. ..."
# dice:93 "Then, still behind their screens, all players place the dice they have rolled onto slots on their Faction
#          board."
# dice:189 (the Landsraad card's slot)
SLOT_CLAUSES = {
    "dice:79": ("dice.round.one-die-per-slot",),
    "dice:80": ("dice.round.slot-faces",),
    "dice:81": ("dice.round.one-die-per-slot", "dice.round.faction-slot-in-play"),
    "dice:189": ("dice.round.landsraad-slot",),
}


def breaks(ids: tuple[str, ...]) -> Callable[[DiceRollFacts], bool]:
    """A clause is cited where the position after the roll breaks the rule that encodes it."""
    return lambda s: s.fault_rule in ids


@rule(
    "dice.roll.placed",
    on="dice-roll",
    cites="dice:79,80,81,93,189",
    title="The dice rolled are placed on slots that allow them",
    forbids=lambda s, _o: f"Once {who(s.faction)}'s dice are placed: {s.fault_words}",
    permits=lambda s, _o: f"{who(s.faction)}'s dice go on slots that allow them.",
    needs=("faults",),
    when=lambda s: s.on_slots == 0 and not s.after_open,  # dice already placed: dice.roll.no-reroll
    cite_when={ref: breaks(ids) for ref, ids in SLOT_CLAUSES.items()},
)
def placed(s: DiceRollFacts) -> bool:
    """The dice are placed as the Faction board allows: the position after the roll breaks no rule of the dice
    slots (or any other of a position's) that the position before it did not already break."""
    return s.faults == 0


@placed.z3
def _(v: Any) -> z3.BoolRef:
    return v.faults == 0


gap(
    "dice.roll.placed-open",
    on="dice-roll",
    cites="dice:79,80,93",
    title="Where the dice rolled may go, where the text leaves it open",
    reason="the position after the roll asks a question the text leaves open",
    explain=lambda s: f"once {who(s.faction)}'s dice are placed: {s.after_open}",
    when=lambda s: bool(s.after_open),
)
