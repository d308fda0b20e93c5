"""``dice-choam``: the Corrino's Reserves of the CHOAM (dice:226), an event chance decides, recorded as a move so that a
game record can leave the Alliance step: the Corrino gain one die from the common supply, roll it and place it on a
slot of their Faction board. The move ends the Alliance step (the Atreides' Honour draw, dice:191, follows it).

Where the die goes is judged as a roll's dice are (``PlacedFacts``): the position after it may break no rule the
position before did not already break. The outcome: ``dice_rolled``, the dice placed (one, or none where the common
supply holds no die to gain).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from checker.dice.kinds import noting_inferred
from checker.dice.kinds.move import step_index
from checker.dice.kinds.roll import PlacedFacts
from checker.dice.position import ChoamMove, DicePosition
from checker.facts import Facts, Kind, fact, kind, label

LANDSRAAD_SLOT = "landsraad"  # the Landsraad card's dice slot (dice:189), not a slot of a Faction board


@dataclass
class ChoamFacts(PlacedFacts):
    """The facts of a CHOAM step in the Dice Game."""

    is_corrino: bool = fact(True, key="move.faction", doc="the Faction gaining the die is the Corrino")
    gains: int | None = fact(None, key="common_dice", doc="the dice it gains: one, none from an empty common supply")
    common: int | None = label(None, doc="the dice in the common supply, where the position gives them")
    on_card: bool = fact(False, key="move.placed", doc="the die goes on the Landsraad card's slot")


def merged(dice: dict[str, Any], placed: dict[str, Any]) -> dict[str, Any]:
    """A Faction's dice on slots with more placed: a slot holding dice already holds them all (a list of faces)."""
    out = dict(dice)
    for slot, faces in placed.items():
        new = faces if isinstance(faces, list) else [faces]
        if slot in out:
            had = out[slot] if isinstance(out[slot], list) else [out[slot]]
            out[slot] = [*had, *new]
        else:
            out[slot] = faces
    return out


def _after(pos: DicePosition, m: ChoamMove) -> DicePosition:
    """The position once the die is on its slot, gained from the common supply (dice:226)."""
    st = pos.state(m.faction)
    factions = dict(pos.factions)
    factions[m.faction] = dataclasses.replace(st, dice=merged(st.dice, m.placed))
    common = None if pos.common_dice is None else pos.common_dice - m.count
    return dataclasses.replace(pos, move=None, factions=factions, common_dice=common, inferred=[])


@kind
class DiceChoamKind(Kind):
    name = "dice-choam"
    title = "Dice Game Reserves of the CHOAM"
    ruled = ("dice_rolled",)
    outcome_keys: ClassVar[dict[str, str]] = {"dice_rolled": "the dice the Faction rolled and placed"}

    @noting_inferred
    def facts(self, pos: Any) -> ChoamFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, ChoamMove)
        m = pos.move
        common = pos.common_dice
        f = ChoamFacts(
            faction=m.faction,
            step_index=step_index(pos),
            step=pos.step or "",
            placed=m.count,
            on_slots=pos.state(m.faction).dice_on_board,
            is_corrino=m.faction == "corrino",
            gains=None if common is None else min(1, common),
            common=common,
            on_card=LANDSRAAD_SLOT in m.placed,
        )
        if pos.step is None:
            f.notes.append("the position does not give 'step': it is taken to be the end of the Alliance step")
        if f.is_corrino and m.count == f.gains:
            f.judge_after(pos, _after(pos, m))
        else:
            f.faults = 0  # no such die (dice.choam.corrino, dice.choam.one-die): where it went is no question
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.dice_rolled = z3.Int("dice_rolled")

    def outcome(self, value: Any, v: Any, facts: Facts) -> dict[str, Any]:
        return {"dice_rolled": value(v.dice_rolled)}
