"""Move kinds of the published format whose rules are not encoded yet: always unresolved."""

from __future__ import annotations

from dataclasses import dataclass

from checker.facts import Facts, Kind, kind, label
from checker.position import OtherMove, Position


@dataclass
class UnencodedFacts(Facts):
    action: str = label()


@kind
class Unencoded(Kind):
    name = "unencoded"
    title = "A move whose rules Mentat does not encode yet"

    def facts(self, pos: Position) -> UnencodedFacts:
        action = pos.move.action if isinstance(pos.move, OtherMove) else "?"
        return UnencodedFacts(action=action, advanced=pos.advanced)
