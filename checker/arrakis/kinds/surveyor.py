"""The Ixians move the Hidden Mobile Surveyor (dreamrules:552, 1238-1244): one kind.

``move: {action: move-surveyor, faction, from, to, via}``: during Mentat the Surveyor moves up to three
non-stronghold territories. Outcome: ``path`` (the territories entered). ``from`` defaults to the position's
``hidden_mobile_surveyor.territory``. The Shield Wall is closed to it once four markers make it a stronghold
for victory (dreamrules:1240, 680).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from checker.arrakis.board import STRONGHOLD_NAMES, gf9_board
from checker.arrakis.position import MoveSurveyorMove, Position
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label

SHIELD_WALL = "Shield Wall"
REACH = 3


def route(origin: str, to: str, avoid: set[str], via: list[str]) -> list[str] | None:
    """The shortest way from origin to ``to`` entering none of ``avoid`` (or the given ``via``, if it is one)."""
    board = gf9_board()
    if via:
        here = origin
        for t in via:
            if t not in board.adjacent_territories(here) or t in avoid:
                return None
            here = t
        return list(via) if here == to else None
    prev: dict[str, str | None] = {origin: None}
    todo = deque([origin])
    while todo:
        here = todo.popleft()
        if here == to:
            out: list[str] = []
            while prev[here] is not None:
                out.append(here)
                here = prev[here]  # type: ignore[assignment]
            return out[::-1]
        for n in sorted(board.adjacent_territories(here)):
            if n not in prev and n not in avoid:
                prev[n] = here
                todo.append(n)
    return None


@dataclass
class SurveyorFacts(Facts):
    """The facts of a surveyor moved."""

    origin: str = label("", doc="where the Surveyor stands")
    to: str = label("", doc="where it goes")
    via: list[str] = label([], doc="the declared route, ending at the destination")
    stands: str = label("", doc="where the position puts the Surveyor")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    is_ixians: bool = fact(False)
    at_origin: bool = fact(True, doc="the move starts where the position puts the Surveyor")
    to_stronghold: bool = fact(False, doc="the destination is a stronghold")
    markers: int | None = fact(None, key="shield_wall_markers", doc="Shield Wall markers")
    steps: int = fact(99, doc="territories entered on the shortest non-stronghold way (99: none)")
    steps_open: int = fact(99, doc="... also avoiding the Shield Wall (99: none)")
    suppressed: bool = fact(False, doc="Karama stopped the Hidden Mobile Surveyor this phase")


@kind
class Surveyor(Kind):
    name = "move-surveyor"
    title = "The Hidden Mobile Surveyor's move"

    def facts(self, pos: Position) -> SurveyorFacts:
        m = pos.move
        assert isinstance(m, MoveSurveyorMove)
        here = pos.hidden_mobile_surveyor
        origin = m.from_ or (here.territory if here else None)
        if origin is None:
            raise InputError("move.from", "where the Surveyor stands (or hidden_mobile_surveyor)", None)
        via = list(m.via)
        if via and via[-1] != m.to:
            via.append(m.to)
        plain = route(origin, m.to, set(STRONGHOLD_NAMES), via)
        walled = route(origin, m.to, set(STRONGHOLD_NAMES) | {SHIELD_WALL}, via)
        steps = len(plain) if plain is not None else 99
        steps_open = len(walled) if walled is not None else 99
        f = SurveyorFacts(
            faction=m.faction,
            advanced=pos.advanced,
            origin=origin,
            to=m.to,
            via=via,
            stands=here.territory if here else "",
            phase_index=pos.phase_index,
            is_ixians=m.faction == "ixians",
            at_origin=here is None or here.territory == origin,
            to_stronghold=m.to in STRONGHOLD_NAMES,
            markers=pos.shield_wall_markers,
            steps=steps,
            steps_open=steps_open,
            suppressed=pos.stopped("ixians", "hidden-mobile-surveyor"),
        )
        if here is None:
            f.notes.append(f"the position does not give hidden_mobile_surveyor: it is taken to stand in {origin}")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.entered = z3.Int("entered")  # territories the Surveyor enters
        v.wall = z3.Bool("wall")  # its way may enter the Shield Wall

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        w: Any = v
        return [w.entered == z3.If(w.wall, w.steps, w.steps_open)]

    def shortest(self, v: Vars, facts: Facts) -> Any:
        return v.entered  # type: ignore[attr-defined]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, SurveyorFacts)
        avoid = set(STRONGHOLD_NAMES) | (set() if value(v.wall) else {SHIELD_WALL})  # type: ignore[attr-defined]
        return {"path": route(facts.origin, facts.to, avoid, facts.via) or []}
