"""``dice-sandstorm``: the Sandstorm step (dice:167-173): the card's holder moves the Sandstorm into an adjacent
Region, and it kills two Troops of each Faction there, but those a Fortification or Stronghold protects
(and the allies its controller shelters) and the Fremen's.

The outcome: ``sandstorm``, its new Region, and ``losses`` (the shared key): per Faction with Troops there, the Troops
it kills, back to their supplies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from checker.dice.board import border_question
from checker.dice.kinds import noting_inferred
from checker.dice.kinds.move import DiceStepFacts, region, step_index
from checker.dice.position import DicePosition, SandstormMove
from checker.facts import Facts, Kind, fact, kind, label

KILLS = 2  # dice:171 "The Sandstorm kills 2 Troops of each Faction present"
NEVER_HOLDERS = ("harkonnen", "corrino")  # dice:206, 223


@dataclass
class DiceSandstormFacts(DiceStepFacts):
    """The facts of a Dice Game sandstorm move."""

    holds_card: bool | None = fact(None, key="factions.FACTION.cards", doc="the mover holds the Sandstorm card")
    holder: str = label(doc="the Faction holding the Sandstorm card, '' when none is listed")
    barred: bool = fact(False, key="move.faction", doc="the mover is Harkonnen or Corrino (dice:206, 223)")
    to: str = label(doc="the Region the Sandstorm moves to")
    to_region: int = fact(0, key="move.to", doc="its number")
    was_in: str = label(doc="the Region the Sandstorm is in, for messages")
    storm_region: int | None = fact(None, key="sandstorm", doc="the Sandstorm's Region's number")
    adjacent: bool | None = fact(None, key="board", doc="the target borders the Sandstorm's Region (dice:60)")
    to_outer: bool = fact(False, key="move.to", doc="the target is an outer Region (dice:61)")
    to_polar_sink: bool = fact(False, key="move.to", doc="the target is the Polar Sink (dice:61)")
    # per Faction with Troops in the target Region
    present: list[str] = label([], doc="the Factions with Troops in the target")
    f_count: list[int] = fact([], key="troops", doc="its Troops there")
    f_fremen: list[bool] = fact([], doc="it is the Fremen (dice:214, 216)")
    f_protected: list[bool] = fact([], key="fortifications", doc="it controls the token there (dice:172)")
    f_sheltered: list[bool] = fact([], key="move.sheltered", doc="the token's controller shelters it (dice:172)")
    f_controllers_ally: list[bool] = fact([], key="alliances", doc="it is the token's controller's ally")
    token: str = label(doc="the token in the target: fortification, stronghold or ''")
    controller: str = label(doc="the token's controller (given, or by dice:158), '' when none or unknown")
    controller_known: bool | None = fact(None, key="controller_known", doc="who controls the token is known")

    border_questions: list[str] = label([], doc="the unknown border, as a sentence")
    keys: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "fact -> position key"})
    details: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "key -> what it decides"})

    def position_key(self, key: str) -> str:
        return self.keys.get(key) or super().position_key(key)

    @property
    def shelter_asked(self) -> bool:
        return any(self.f_sheltered)

    def missing_detail(self, key: str) -> str:
        """The unknown border behind a missing ``board`` (for an unresolved reason)."""
        return "; ".join(self.border_questions) if key == "board" else self.details.get(key, "")


@kind
class DiceSandstormKind(Kind):
    name = "dice-sandstorm"
    title = "Dice Game Sandstorm"
    ruled = ("losses",)
    outcome_keys: ClassVar[dict[str, str]] = {"sandstorm": "the Region the Sandstorm moves to"}

    @noting_inferred
    def facts(self, pos: Any) -> DiceSandstormFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, SandstormMove)
        m = pos.move
        holders = pos.holders("sandstorm")
        mover = m.faction or (holders[0] if holders else "")
        listed = bool(mover) and pos.state(mover).cards_known
        holds = True if mover and mover in holders else (False if holders or listed else None)
        board = pos.board
        adjacent = None if pos.sandstorm is None else board.adjacent(pos.sandstorm, m.to)
        present = [f for f in pos.faction_names if pos.troops_in(m.to, f) > 0]
        x = pos.fortification_in(m.to)
        control = pos.token_control(m.to)  # dice:157-158
        controller = control.faction or ""
        known: bool | None = True if control.known else None
        allies = pos.allies_of(controller) if controller else set()
        f = DiceSandstormFacts(
            faction=mover,
            step_index=step_index(pos),
            step=pos.step or "",
            holds_card=holds,
            holder=holders[0] if holders else "",
            barred=mover in NEVER_HOLDERS,
            to=m.to,
            to_region=region(pos, m.to) or 0,
            was_in=pos.sandstorm or "",
            storm_region=region(pos, pos.sandstorm),
            adjacent=adjacent,
            to_outer=board[m.to].outer,
            to_polar_sink=board[m.to].neutral,
            present=present,
            f_count=[pos.troops_in(m.to, p) for p in present],
            f_fremen=[p == "fremen" for p in present],
            f_protected=[bool(controller) and p == controller for p in present],
            f_sheltered=[p in m.sheltered for p in present],
            f_controllers_ally=[p in allies for p in present],
            token=x.kind if x is not None else "",
            controller=controller,
            controller_known=known,
        )
        if control.note:
            f.notes.append(control.note)
        if not control.known:
            f.keys["controller_known"] = control.key
            f.details[control.key] = control.why
        if adjacent is None and pos.sandstorm is not None and pos.sandstorm != m.to:
            f.border_questions = [border_question(pos.sandstorm, m.to)]
            f.notes.extend(f.border_questions)
        if pos.step is None:
            f.notes.append("the position does not give 'step': it is taken to be the Sandstorm step")
        if not m.faction and mover:
            f.notes.append(f"the Sandstorm is moved by the Sandstorm card's holder, {mover}")
        unsheltered = [p for p in present if p in allies and p not in m.sheltered]
        if unsheltered:
            f.notes.append(
                f"{', '.join(unsheltered)}, ally of the token's controller {controller}, is not sheltered "
                "(move.sheltered): its Troops are not protected"
            )
        away = [s for s in m.sheltered if s not in present]
        if away:
            f.notes.append(f"sheltered but without Troops in {m.to}: {', '.join(away)}")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.killed = [z3.Int(f"killed_{i}") for i in range(len(v.f_count))]

    def frame(self, v: Any, facts: Facts) -> list[Any]:
        return [k >= 0 for k in v.killed]

    def outcome(self, value: Any, v: Any, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, DiceSandstormFacts)
        return {
            "sandstorm": facts.to,
            "losses": {p: value(k) for p, k in zip(facts.present, v.killed, strict=True)},
        }
