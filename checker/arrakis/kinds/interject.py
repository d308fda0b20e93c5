"""The Spacing Guild's interjection in the Shipment and Movement order (dreamrules:418, 1102): one kind.

``move: {action: interject, faction, choice: first | last | between | swap | take-position, target}``: once
during the phase the Guild takes its turn first, last or between other factions, swaps its position with
another faction, or makes another faction act now and takes its position. The answer is legal or not; the
position format has no key for the storm order itself, so where the answer turns on it (whether the Guild's
normal position has passed) it is unresolved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker.arrakis.position import InterjectMove, Position
from checker.facts import Facts, Kind, fact, kind, label
from checker.names import display

TARGETED = ("between", "swap", "take-position")


@dataclass
class InterjectFacts(Facts):
    """The facts of an interjection out of turn."""

    choice: str = label("", doc="first, last, between, swap or take-position")
    target: str = label("", doc="the other faction named")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    is_guild: bool = fact(False, doc="the Spacing Guild interjects")
    guild_acted: bool = fact(False, doc="the Guild already finished its Shipment and Movement turn (acted_this_phase)")
    needs_target: bool = fact(False, doc="the choice names another faction (between, swap, take-position)")
    target_ok: bool = fact(False, doc="the target is another faction in the game")
    target_acted: bool = fact(False, doc="the target already finished its turn this phase")
    acted_any: bool = fact(False, doc="some faction already finished its turn this phase")
    swaps: bool = fact(False, doc="swap or take-position: before the Guild's normal position has passed")
    suppressed: bool = fact(False, doc="Karama stopped Three Types of Interjection this phase")

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["Target"] = display(self.target) if self.target else "no faction"
        return out


@kind
class Interject(Kind):
    name = "interject"
    title = "The Guild's interjection"

    def facts(self, pos: Position) -> InterjectFacts:
        m = pos.move
        assert isinstance(m, InterjectMove)
        acted = set(pos.acted_this_phase or [])
        players = set(pos.faction_names) | {m.faction}
        target = m.target or ""
        f = InterjectFacts(
            faction=m.faction,
            advanced=pos.advanced,
            choice=m.choice,
            target=target,
            phase_index=pos.phase_index,
            is_guild=m.faction == "spacing-guild",
            guild_acted=m.faction in acted,
            needs_target=m.choice in TARGETED,
            target_ok=bool(target) and target != m.faction and target in players,
            target_acted=target in acted,
            acted_any=bool(acted - {m.faction}),
            swaps=m.choice in ("swap", "take-position"),
            suppressed=pos.stopped("spacing-guild", "three-types-of-interjection"),
        )
        f.notes.append(
            "the position has no key for an interjection already made this phase: the answer assumes none was "
            "(dreamrules:418 allows one)"
        )
        if pos.phase is None:
            f.notes.append("the position does not give 'phase': it is taken to be the Shipment and Movement phase")
        return f
