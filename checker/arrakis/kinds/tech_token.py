"""A battle's winner brings a tech token into play (dreamrules:654, 656): one kind.

``move: {action: take-tech-token, faction}``: a faction that won a battle without receiving a token from its
opponent, while fewer than three standard tokens are in play, takes a random token from the unused pool. The
battle is the position's ``last_battle`` (its ``winner`` and ``result``); the standard tokens in play are those the
factions hold (``factions.F.tech_tokens``; the Atreides Carryall is no standard token, dreamrules:668). Whether the
winner received a token from its opponent is Mentat's extension key ``last_battle.token_received``; a winner that
holds no token received none where no faction holds one (none is in play); where another faction holds one, the
key is asked for. Exceptional battle results (a traitor call, Zoal's Infiltration) are council question #1844
(dreamrules:656, 1378): unresolved. Outcome: ``tech_tokens`` (faction -> the standard tokens it then holds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.position import Position, TakeTechTokenMove
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import display, plural

TOKENS_CAP = 3  # dreamrules:654 "fewer than three standard tokens are in play"


def standard_tokens(pos: Position) -> dict[str, int]:
    """Faction -> the standard tech tokens it holds (a Carryall named among them is not one, dreamrules:668)."""
    return {
        f: len([t for t in state.tech_tokens if "carryall" not in str(t).lower()])
        for f, state in pos.factions.items()
        if state.tech_tokens
    }


@dataclass
class TechTokenFacts(Facts):
    """The facts of a technology token taken."""

    winner: str = label(doc="the winner of the last battle")
    result: str = label(doc="the last battle's result")
    held_words: str = label(doc="the standard tokens in play, by holder")
    held: int = fact(0, key="factions.FACTION.tech_tokens", doc="standard tokens the faction holds")
    in_play: int = fact(0, key="tech_tokens", doc="standard tech tokens in play (held by the factions)")
    won: bool | None = fact(None, key="last_battle.winner", doc="the faction won the last battle")
    token_received: bool | None = fact(
        None, key="last_battle.token_received", doc="the winner received a token from its opponent in that battle"
    )
    exceptional: bool | None = fact(
        None, key="last_battle.result", doc="the battle's result was a traitor call or Zoal's Infiltration"
    )

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")

    def missing_detail(self, key: str) -> str:
        if key == "last_battle.winner":
            return "who won the battle resolved this phase"
        if key == "last_battle.token_received":
            return (
                f"{display(self.faction)} holds {plural(self.held, 'standard token')} (in play: {self.held_words}): "
                "whether it received one from its opponent in the battle (Mentat's extension key, true or false)"
            )
        return ""

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["Winner"] = display(self.winner) if self.winner else "no faction"
        return out


@kind
class TakeTechToken(Kind):
    name = "take-tech-token"
    title = "A tech token taken from the unused pool"
    outcome_keys: ClassVar[dict[str, str]] = {
        "tech_tokens": "faction -> the standard tokens it then holds",
    }

    def facts(self, pos: Position) -> TechTokenFacts:
        m = pos.move
        assert isinstance(m, TakeTechTokenMove)
        me = m.faction
        lb = pos.last_battle
        held = standard_tokens(pos)
        mine = held.get(me, 0)
        winner = lb.winner if lb is not None else None
        received: bool | None = lb.token_received if lb is not None else None
        notes: list[str] = []
        # no faction holds a standard token: none is in play, so none passed to the winner in the battle (a token
        # given to it would be held, dreamrules:656). Where another faction holds one, whether the opponent lost with
        # one, and gave it, is not a fact of the position: last_battle.token_received is asked for.
        if received is None and winner == me and not held:
            received = False
            notes.append(
                f"no faction holds a tech token: {display(me)} received none from its opponent in the battle "
                "(a token given would be held, dreamrules:656)"
            )
        result = lb.result if lb is not None else None
        words = ", ".join(f"{display(f)} {n}" for f, n in held.items()) or "none"
        f = TechTokenFacts(
            faction=me,
            advanced=pos.advanced,
            winner=winner or "",
            result=result or "",
            held_words=words,
            held=mine,
            in_play=sum(held.values()),
            won=None if winner is None else winner == me,
            token_received=received,
            exceptional=None if result is None else result != "ordinary",
        )
        f.notes += notes
        if held:
            f.notes.append(
                "the standard tokens in play are those the factions hold in the position (factions.F.tech_tokens)"
            )
        return f

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, TechTokenFacts)
        return {"tech_tokens": {facts.faction: facts.held + 1}}
