"""Dice Game, the Corrino's Reserves of the CHOAM as a move (dice:226): one die gained from the common supply, rolled
and placed on a slot of their Faction board at the end of the Alliance step.

Where the die may go is the position's to judge (constraints/dice/round.py), as for the round's roll
(constraints/dice/roll.py): dice.choam.placed asks the position after the die is placed and speaks for the clause
it breaks.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.choam import ChoamFacts
from checker.dice.kinds.move import who
from checker.dice.position import STEPS
from checker.rules import chapter, gap, rule
from constraints.dice.roll import SLOT_CLAUSES, breaks

chapter("dice-choam", "dice:226")

ALLIANCE_STEP = STEPS.index("alliance")

# dice:226 "Reserves of the CHOAM — At the end of the Alliance step, gain 1 die from the common supply, roll it and
#          assign it to any allowed and available slot on your Faction board. ..."
# dice:223 "... You have no Bonus die slot, but instead gain one die per round through your Reserves of the CHOAM
#          ability. ..."


@rule(
    "dice.choam.corrino",
    on="dice-choam",
    cites="dice:226",
    see_also="dice:223",
    title="Reserves of the CHOAM is the Corrino's ability",
    forbids=lambda s, _o: f"{who(s.faction)} has no Reserves of the CHOAM: it is the Corrino's ability.",
    permits="The Corrino use their Reserves of the CHOAM.",
)
def corrino(s: ChoamFacts) -> bool:
    """Only the Corrino gain a die through the Reserves of the CHOAM."""
    return s.is_corrino


@corrino.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_corrino


@rule(
    "dice.choam.step",
    on="dice-choam",
    cites="dice:226",
    title="At the end of the Alliance step",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot gain the Reserves of the CHOAM die in the {s.step} step: it comes at the end of "
        "the Alliance step."
    ),
    permits="It is the end of the Alliance step.",
    when=lambda s: s.step_index is not None,
)
def choam_step(s: ChoamFacts) -> bool:
    """The die is gained at the end of the Alliance step (``step: alliance``, which the move ends); with no step
    given it is taken to be that step (the verdict's notes say so)."""
    return s.step_index == ALLIANCE_STEP


@choam_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == ALLIANCE_STEP


def _gained(s: ChoamFacts) -> str:
    return "the common supply is empty: no die to gain" if s.gains == 0 else "it gains 1 die"


@rule(
    "dice.choam.one-die",
    on="dice-choam",
    cites="dice:88,226",
    title="One die gained, rolled and placed",
    forbids=lambda s, _o: (
        f"{who(s.faction)} places {s.placed} {'die' if s.placed == 1 else 'dice'}, but {_gained(s)} from the common "
        f"supply ({s.common}) through the Reserves of the CHOAM."
    ),
    permits=lambda s, _o: f"{who(s.faction)} places {s.placed}: {_gained(s)} from the common supply ({s.common}).",
    needs=("gains",),
    defines=("dice_rolled",),
    when=lambda s: s.is_corrino,
    cite_when={"dice:88": lambda s: s.gains == 0},
)
def one_die(s: ChoamFacts) -> dict[str, Any] | bool:
    """The Corrino gain one die from the common supply, roll it and place it: one die placed, none where the common
    supply holds no die to gain."""
    if s.placed != s.gains:
        return False
    return {"dice_rolled": s.gains}


@one_die.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.placed == v.gains, v.dice_rolled == v.gains)


@rule(
    "dice.choam.faction-board",
    on="dice-choam",
    cites="dice:226",
    see_also="dice:189",
    title="The die goes on the Faction board",
    forbids=lambda s, _o: (
        f"{who(s.faction)} puts its Reserves of the CHOAM die on the Landsraad card's slot: the die goes on a slot "
        "of its Faction board."
    ),
    permits=lambda s, _o: f"{who(s.faction)}'s die goes on its Faction board.",
    when=lambda s: s.is_corrino and s.placed > 0,
)
def faction_board(s: ChoamFacts) -> bool:
    """The die is assigned to a slot on the Corrino's Faction board: the Landsraad card's slot (dice:189) is on the
    card, not the board."""
    return not s.on_card


@faction_board.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.on_card)


@rule(
    "dice.choam.placed",
    on="dice-choam",
    cites="dice:79,80,81,189,226",
    title="The die goes on an allowed and available slot",
    forbids=lambda s, _o: f"Once {who(s.faction)}'s Reserves of the CHOAM die is placed: {s.fault_words}",
    permits=lambda s, _o: f"{who(s.faction)}'s die goes on a slot that allows it.",
    needs=("faults",),
    when=lambda s: s.is_corrino and s.placed > 0 and not s.after_open,
    cite_when={ref: breaks(ids) for ref, ids in SLOT_CLAUSES.items()},
)
def placed(s: ChoamFacts) -> bool:
    """The die is assigned to an allowed and available slot: the position after it breaks no rule of the dice slots
    (or any other of a position's) that the position before it did not already break."""
    return s.faults == 0


@placed.z3
def _(v: Any) -> z3.BoolRef:
    return v.faults == 0


gap(
    "dice.choam.placed-open",
    on="dice-choam",
    cites="dice:79,80,226",
    title="Where the die may go, where the text leaves it open",
    reason="the position after the die is placed asks a question the text leaves open",
    explain=lambda s: f"once {who(s.faction)}'s Reserves of the CHOAM die is placed: {s.after_open}",
    when=lambda s: bool(s.after_open),
)
