"""``dice-roll``: one Faction's Roll the Dice step (dice:89-95), an event chance decides, recorded as a move so that a
game record can cross from one round into the next: the Faction rolls every die of its personal supply (topped up to
three or cut to six at the round's beginning, dice:91) and places each on a slot of its Faction board (dice:92-93).

Where the dice go is judged by the position's own rules (the slots' numbers, one die a slot, Faction slots of
Factions in play, the Landsraad card's slot: constraints/dice/round.py): the position after the roll may break none
that the position before it did not already break. The outcome: ``dice_rolled``, how many dice the Faction rolled.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from checker.dice.kinds import noting_inferred
from checker.dice.kinds.move import DiceStepFacts, step_index
from checker.dice.kinds.position import dice_rolled
from checker.dice.position import DicePosition, RollMove
from checker.facts import Facts, Kind, fact, kind, label


@dataclass
class PlacedFacts(DiceStepFacts):
    """A die rolled and placed by chance (the round's roll; the Corrino's Reserves of the CHOAM): the dice placed and
    what the position after the placing breaks."""

    placed: int = fact(0, key="move.placed", doc="the dice it placed")
    on_slots: int = fact(0, key="factions.FACTION.dice", doc="its dice on slots before the roll")
    faults: int | None = fact(None, doc="rules the position after the roll breaks that the one before did not")
    fault_rule: str = label("", doc="the first of them, for its message and citation")
    fault_words: str = label("", doc="what it says of the position after the roll")
    after_missing: str = label("", doc="the key the position after the roll lacks to be judged, where it does")
    after_open: str = label("", doc="what the text leaves open about the position after the roll, where it does")

    def position_key(self, key: str) -> str:
        if key == "faults":
            return self.after_missing or "move.placed"
        return super().position_key(key)

    def judge_after(self, pos: DicePosition, after: DicePosition) -> None:
        """``faults`` and what they say: the rules the position once the dice are placed breaks (or leaves open)
        that the position before did not already. Both are judged without the other Factions' dice on slots: a rule
        their dice break already, or leave open (a slot's numbers not given), would hide what these dice do."""
        from checker.engine import evaluate

        judged = evaluate(_alone(after, self.faction))
        if judged.verdict == "legal":
            self.faults = 0
            return
        before = evaluate(_alone(dataclasses.replace(pos, move=None, inferred=[]), self.faction))
        if judged.verdict == "invalid-position":
            was = set(before.forbidding())
            new = [x for x in judged.findings if x.effect == "forbids" and x.rule.id not in was]
            self.faults = len(new)
            if new:
                self.fault_rule, self.fault_words = new[0].rule.id, new[0].message
        elif judged.verdict == "unresolved" and not judged.open_rules() <= before.open_rules():
            self.fault_rule = min(judged.open_rules() - before.open_rules())
            if judged.missing:  # a fact the position lacks (a slot's printed numbers)
                self.after_missing = judged.missing[0]
            else:  # a question the text leaves open (dice.roll.placed-open)
                self.after_open = next(x.message for x in judged.findings if x.rule.id == self.fault_rule)
        else:
            self.faults = 0


def _alone(pos: DicePosition, faction: str) -> DicePosition:
    """The position with no die on any other Faction's slots."""
    factions = {f: st if f == faction else dataclasses.replace(st, dice={}) for f, st in pos.factions.items()}
    return dataclasses.replace(pos, factions=factions)


@dataclass
class DiceRollFacts(PlacedFacts):
    """The facts of a Dice Game roll."""

    rolls: int | None = fact(
        None, key="factions.FACTION.personal_dice", doc="the dice it rolls: its personal supply's, topped up (dice:91)"
    )
    personal: int | None = label(None, doc="the dice in its personal supply, as the position gives them")
    common: int | None = label(None, doc="the dice in the common supply, where the position gives them")


def _after(pos: DicePosition, m: RollMove, rolls: int | None) -> DicePosition:
    """The position once the roll's dice are on their slots and out of the personal supply (the top-up's dice come
    from, or go to, the common supply: dice:88, 91)."""
    st = pos.state(m.faction)
    personal = None if st.personal_dice is None else 0
    common = pos.common_dice
    if common is not None and st.personal_dice is not None and rolls is not None:
        common -= rolls - st.personal_dice
    factions = dict(pos.factions)
    factions[m.faction] = dataclasses.replace(st, dice=dict(m.placed), personal_dice=personal)
    return dataclasses.replace(pos, move=None, factions=factions, common_dice=common, inferred=[])


@kind
class DiceRollKind(Kind):
    name = "dice-roll"
    preprocessed = True  # measured over its cases: 0.90 of the time of the long-lived solver
    title = "Dice Game roll"
    ruled = ("dice_rolled",)
    outcome_keys: ClassVar[dict[str, str]] = {"dice_rolled": "the dice the Faction rolled and placed"}

    @noting_inferred
    def facts(self, pos: Any) -> DiceRollFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, RollMove)
        m = pos.move
        st = pos.state(m.faction)
        rolls = None if st.personal_dice is None else dice_rolled(st.personal_dice, pos.common_dice)
        f = DiceRollFacts(
            faction=m.faction,
            step_index=step_index(pos),
            step=pos.step or "",
            placed=m.count,
            rolls=rolls,
            personal=st.personal_dice,
            common=pos.common_dice,
            on_slots=st.dice_on_board,
        )
        if pos.step is None:
            f.notes.append("the position does not give 'step': it is taken to be the Roll the Dice step")
        if f.on_slots:
            return f  # it has rolled already (dice.roll.no-reroll): where these dice would go is no question
        f.judge_after(pos, _after(pos, m, rolls))
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.dice_rolled = z3.Int("dice_rolled")

    def outcome(self, value: Any, v: Any, facts: Facts) -> dict[str, Any]:
        return {"dice_rolled": value(v.dice_rolled)}
