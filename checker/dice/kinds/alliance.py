"""``dice-propose-alliance``: may a Faction propose an Alliance to another (dice:96-105)?

The facts: the step, whether each of the two has a die on the other's Faction slot (dice:98), whether
either is already allied this round (dice:98-99, 102), and the bonus-die slots the two dice leave when
they are re-assigned (dice:85, 101). A Faction that lists no dice at all may have a die on the slot: the
fact is unknown and a rule that needs it names ``factions.FACTION.dice.SLOT``.

Outcome (if the proposal is accepted): ``reassign``, per Faction the dice it re-assigns from the other's
Faction slot (dice:101), and ``gained``, the bonus dice that removal gains (dice:85) where the position's
``bonus_slots`` mark the slot. A Faction whose ``bonus_slots`` the position does not give (``[]`` gives
"none") is left out of ``gained``: which slots carry the symbol is printed on the boards only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from checker.dice.kinds import noting_inferred
from checker.dice.kinds.position import dice_names
from checker.dice.position import STEPS, DicePosition, ProposeAllianceMove
from checker.facts import Facts, Kind, Vars, fact, kind, label


@dataclass
class ProposeAllianceFacts(Facts):
    """The facts of a proposed alliance in the Dice Game."""

    step_index: int | None = fact(None, key="step", doc="the step: 0 roll .. 10 end")
    self_proposal: bool = fact(False, key="move.with", doc="a Faction proposes to itself")
    my_die: bool | None = fact(None, key="my_die", doc="the proposer has a die on the other's Faction slot")
    their_die: bool | None = fact(None, key="their_die", doc="the other has a die on the proposer's Faction slot")
    me_allied_other: bool = fact(False, key="alliances", doc="the proposer is allied with a third Faction")
    them_allied_other: bool = fact(False, key="alliances", doc="the other is allied with a third Faction")
    allied_together: bool = fact(False, key="alliances", doc="the two are allied already")
    my_bonus: bool | None = fact(
        None, key="bonus_slots", doc="the other's Faction slot is a bonus-die slot of the proposer (None: unknown)"
    )
    their_bonus: bool | None = fact(
        None, key="bonus_slots", doc="the proposer's slot is a bonus-die slot of the other (None: unknown)"
    )
    common_dice: int = fact(-1, key="common_dice", doc="dice in the common supply, -1 unknown")
    # labels
    other: str = label("", doc="the Faction proposed to")
    in_game: bool = label(True, doc="the other Faction takes part in the game")
    my_ally: str = label("")
    their_ally: str = label("")
    keys: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "key -> as this position says"})

    def position_key(self, key: str) -> str:
        return self.keys.get(key, key)


@kind
class ProposeAllianceKind(Kind):
    name = "dice-propose-alliance"
    title = "Dice Game Alliance proposal"
    outcome_keys: ClassVar[dict[str, str]] = {
        "reassign": "Faction -> dice it re-assigns from the other's Faction slot (if accepted)",
        "gained": "Faction -> bonus dice that removal gains, where the position marks the slots",
    }
    ruled = ("reassign", "gained")

    @noting_inferred
    def facts(self, pos: Any) -> ProposeAllianceFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, ProposeAllianceMove)
        me, them = pos.move.faction, pos.move.with_
        names = dice_names(pos)
        # Without ``players`` the Factions named (the move's too) play; with it, an unnamed player may be them.
        in_game = pos.players is None or them in names or pos.players > len(names)
        keys: dict[str, str] = {}

        def die_on(owner: str, slot: str, key: str) -> bool | None:
            st = pos.state(owner)
            if slot in st.dice:
                return True
            if st.dice_listed:  # it lists its dice: none on that slot
                return False
            if owner == them and them not in names and not in_game:
                return False  # not a player: no dice at all (dice:81)
            keys[key] = f"factions.{owner}.dice.{slot}"
            return None

        def ally_other(f: str) -> str:
            return next((g for g in sorted(pos.allies_of(f)) if g not in (me, them)), "")

        my_bonus, their_bonus = pos.state(me).bonus_slot(me, them), pos.state(them).bonus_slot(them, me)
        notes = [
            f"the position gives no bonus_slots for {f}: whether re-assigning its die gains a bonus die (dice:85) "
            "is not said, so the outcome leaves its 'gained' out"
            for f, b in ((me, my_bonus), (them, their_bonus))
            if me != them and b is None
        ]
        if pos.step is None:  # as the other moves: the step the move is made in
            notes.append("the position does not give 'step': it is taken to be the Alliance step")
        return ProposeAllianceFacts(
            faction=me,
            step_index=None if pos.step is None else STEPS.index(pos.step),
            self_proposal=me == them,
            my_die=die_on(me, them, "my_die"),
            their_die=die_on(them, me, "their_die"),
            me_allied_other=bool(ally_other(me)),
            them_allied_other=bool(ally_other(them)),
            allied_together=them in pos.allies_of(me),
            my_bonus=my_bonus,
            their_bonus=their_bonus,
            common_dice=-1 if pos.common_dice is None else pos.common_dice,
            other=them,
            in_game=in_game,
            my_ally=ally_other(me),
            their_ally=ally_other(them),
            keys=keys,
            notes=notes,
        )

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        w: Any = v
        w.reassign_me, w.reassign_them = z3.Int("reassign_me"), z3.Int("reassign_them")
        w.gained_me, w.gained_them = z3.Int("gained_me"), z3.Int("gained_them")

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, ProposeAllianceFacts)
        w: Any = v
        # a Faction whose bonus-die slots the position does not give gains an unknown number: left out
        gained = {
            f: value(term)
            for f, term, known in (
                (facts.faction, w.gained_me, facts.my_bonus),
                (facts.other, w.gained_them, facts.their_bonus),
            )
            if known is not None
        }
        return {
            "reassign": {facts.faction: value(w.reassign_me), facts.other: value(w.reassign_them)},
            "gained": gained,
        }
