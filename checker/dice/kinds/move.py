"""``dice-move``: one move of the Move step (dice:131-134): Troops from adjacent Regions into one target Region.

The facts name Regions by their index in the map's list of names (``region``), so that a rule's z3 form
compares numbers where its check compares names. Borders come from the board (:meth:`Board.adjacent`):
one the text does not give and the position's ``board`` does not either makes ``from_adjacent`` unknown,
and the answer ``unresolved`` naming ``board``.

This module also holds the helpers the map's other kinds share (``dice-ship``, ``dice-fortify``,
``dice-sandstorm``): the step, the Sandstorm's Region, the Faction's ally.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.dice.board import POLAR_SINK, border_question
from checker.dice.kinds import noting_inferred
from checker.dice.position import STEPS, DicePosition, MoveMove, display
from checker.errors import InputError
from checker.facts import Facts, Kind, fact, kind, label


def step_index(pos: DicePosition) -> int | None:
    """The round's step as a number (dice:67-77), or None when the position does not give it."""
    return None if pos.step is None else STEPS.index(pos.step)


def region(pos: DicePosition, name: str | None) -> int | None:
    """A Region's number (its index among the map's names), or None for no Region."""
    names = pos.board.names
    return names.index(name) if name in names else None


def never_storm(pos: DicePosition, name: str) -> bool:
    """dice:61: the Sandstorm never enters the Polar Sink or the two outer Regions."""
    r = pos.board[name]
    return r.neutral or r.outer


def ally_of(pos: DicePosition, faction: str) -> str:
    """The Faction's ally this round ("" when none; dice:102: one single ally)."""
    allies = sorted(pos.allies_of(faction))
    return allies[0] if allies else ""


def has_reassign_die(pos: DicePosition, faction: str) -> bool:
    """A die on the Faction's Re-Assign slot (dice:82-83)."""
    return bool(pos.state(faction).faces("reassign"))


def reassign_note(faction: str, slot: str) -> str:
    return (
        f"{display(faction)} has no die on its {slot} slot: the die on its Re-Assign slot is taken to be re-assigned "
        f"there first (dice:83)"
    )


@dataclass
class DiceStepFacts(Facts):
    """What every map kind reads: the step and the Faction's dice."""

    step_index: int | None = fact(None, key="step", doc="the round's step, 0 roll .. 10 end")
    step: str = label("", doc="the step's name, for messages")
    reassign_die: bool = fact(False, key="factions.FACTION.dice.reassign", doc="a die on its Re-Assign slot")
    # the slot the move needs a die on, which the die on the Re-Assign slot is taken to first (dice:83), or ''
    reassigned: str = label("", doc="the slot the Re-Assign die goes to for this move ('' none)")

    def position_key(self, key: str) -> str:
        if "FACTION" in key and not self.faction:  # whose board it is depends on who moves: name that
            return "move.faction"
        return key.replace("FACTION", self.faction)


@dataclass
class DiceMoveFacts(DiceStepFacts):
    """The facts of a Dice Game move."""

    to: str = label(doc="the target Region")
    to_region: int = fact(0, key="move.to", doc="the target Region's number")
    storm_region: int | None = fact(None, key="sandstorm", doc="the Sandstorm's Region's number")
    sandstorm: str = label(doc="the Sandstorm's Region, for messages")
    to_never_storm: bool = label(False, doc="the target is the Polar Sink or an outer Region (dice:61)")
    from_names: list[str] = label([], doc="the Regions Troops move from")
    from_regions: list[int] = fact([], key="move.from", doc="their numbers")
    from_counts: list[int] = fact([], key="move.from", doc="Troops moved from each")
    from_own: list[int] = fact([], key="troops", doc="the Faction's Troops in each")
    # 1 adjacent, 0 not; None where a border is unknown and none is known not to be one
    from_adjacent: list[int] | None = fact(None, key="board", doc="whether each borders the target (dice:60)")
    from_may_storm: bool = label(False, doc="some Region moved from may be under the Sandstorm")
    second: bool = fact(False, key="move.second", doc="the Faction's second move this round")
    moves_before: int = fact(0, key="factions.FACTION.moves_this_round", doc="moves it took earlier this round")
    # None: a second move, and the position lists none of its dice (dice:132)
    move_dice: int | None = fact(0, key="factions.FACTION.dice.move", doc="dice on its Move slot")
    own_in_target: int = fact(0, key="troops", doc="its Troops in the target before the move")

    # what the position must add for each unknown border ("whether Arrakeen borders Minor Erg: ..."), in the notes
    border_questions: list[str] = label([], doc="the unknown borders, as sentences")

    @property
    def moved(self) -> int:
        return sum(self.from_counts)

    def missing_detail(self, key: str) -> str:
        """The unknown borders behind a missing ``board``; the Move die a second move needs (for an unresolved
        reason)."""
        if key.endswith(".dice.move"):
            return "a second move needs a die on its Move slot, dice:132"
        return "; ".join(self.border_questions) if key == "board" else ""


@kind
class DiceMoveKind(Kind):
    name = "dice-move"
    title = "Dice Game move"
    outcome_keys: ClassVar[dict[str, str]] = {
        "moved": "Region -> Troops moved from it",
        "in_target": "the mover's Troops in the target Region afterwards",
    }
    ruled = ("in_target",)

    @noting_inferred
    def facts(self, pos: Any) -> DiceMoveFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, MoveMove)
        m = pos.move
        me = m.faction
        board = pos.board
        names = [r for r, n in m.from_.items() if n > 0]  # a Region no Troop leaves is no origin
        known = [board.adjacent(r, m.to) for r in names]
        if any(k is False for k in known):
            adjacent: list[int] | None = [0 if k is False else 1 for k in known]  # an unknown one cannot save it
        elif any(k is None for k in known):
            adjacent = None
        else:
            adjacent = [1] * len(known)
        st = pos.state(me)
        before = st.moves_this_round
        if before == 0 and m.second:
            raise InputError(
                "move.second",
                f"false or left out: factions.{me}.moves_this_round says {display(me)} has not moved this round",
                m.second,
            )
        second = m.second or bool(before)  # a record's count of the round's moves says it (dice:132)
        # dice:83: a second move with no die on the Move slot: the Re-Assign die may be put there first
        reassign = second and not st.faces("move") and has_reassign_die(pos, me)
        f = DiceMoveFacts(
            faction=me,
            step_index=step_index(pos),
            step=pos.step or "",
            reassign_die=has_reassign_die(pos, me),
            to=m.to,
            to_region=region(pos, m.to) or 0,
            storm_region=region(pos, pos.sandstorm),
            sandstorm=pos.sandstorm or "",
            to_never_storm=never_storm(pos, m.to),
            from_names=names,
            from_regions=[region(pos, r) or 0 for r in names],
            from_counts=[m.from_[r] for r in names],
            from_own=[pos.troops_in(r, me) for r in names],
            from_adjacent=adjacent,
            from_may_storm=any(not never_storm(pos, r) for r in names),
            second=second,
            moves_before=before or 0,
            move_dice=(None if second and not st.dice_listed else len(st.faces("move")) or (1 if reassign else 0)),
            reassigned="Move" if reassign else "",
            own_in_target=pos.troops_in(m.to, me),
        )
        if reassign:
            f.notes.append(reassign_note(me, "Move"))
        if adjacent is None:
            f.border_questions = [border_question(r, m.to) for r, k in zip(names, known, strict=True) if k is None]
            f.notes.extend(f.border_questions)
        if pos.step is None:
            f.notes.append("the position does not give 'step': it is taken to be the Move step")
        if before is None and not m.second:
            f.notes.append(
                f"the position does not say whether {display(me)} moved earlier this round "
                f"('factions.{me}.moves_this_round'): this is taken as its first move"
            )
        if pos.sandstorm is None and (not f.to_never_storm or f.from_may_storm):
            f.notes.append("the position does not give 'sandstorm': where the Sandstorm is decides")
        if m.to == POLAR_SINK or f.to_never_storm:
            f.notes.append(f"the Sandstorm never enters {m.to} (dice:61)")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.in_target = z3.Int("in_target")

    def frame(self, v: Any, facts: Facts) -> list[Any]:
        return [v.in_target >= 0]

    def outcome(self, value: Any, v: Any, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, DiceMoveFacts)
        return {"moved": facts.moved, "in_target": value(v.in_target)}


def troops_phrase(n: int) -> str:
    return f"{n} Troop" if n == 1 else f"{n} Troops"


def who(faction: str) -> str:
    return display(faction) if faction else "The mover"
