"""Move kinds of the published format whose rules are not encoded yet: always unresolved."""

from __future__ import annotations

from dataclasses import dataclass

from checker.arrakis.position import UNENCODED_MOVES, Position
from checker.facts import Facts, Kind, kind, label


@dataclass
class UnencodedFacts(Facts):
    """The facts of a move whose rules are not encoded."""

    action: str = label()


@kind
class Unencoded(Kind):
    name = "unencoded"
    title = "A move whose rules Mentat does not encode yet"

    def facts(self, pos: Position) -> UnencodedFacts:
        m = pos.move
        if isinstance(m, UNENCODED_MOVES):  # a worm move names no faction
            return UnencodedFacts(faction=getattr(m, "faction", ""), action=m.action, advanced=pos.advanced)
        return UnencodedFacts(action="?", advanced=pos.advanced)
