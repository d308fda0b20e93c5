"""Dreamrules moves around a battle: the Guild's Retreat and Harkonnen's Vladimir's Spite.

* ``move: {action: retreat, faction: F, territory: T}``: the Guild returns its troops in a battle's territory to
  reserves after the plans are revealed (dreamrules:506-508, 1104-1106). What it costs and loses awaits council
  questions #1839 and #1841, so a Retreat that no rule refuses answers ``unresolved``. A plan's ``retreat: true``
  in a ``battle`` move asks the same within the battle (checker/arrakis/kinds/battle.py).
* ``move: {action: spite, faction: F, give: CARD, take: CARD}``: after its leader died in the battle described by
  ``last_battle``, Harkonnen swaps a card it played for one its opponent played (dreamrules:1068-1070), before the
  discards. Outcome: ``swapped`` (the two cards).

Both are dreamrules moves: under another ruleset no rule answers them (``unresolved``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.kinds.battle import CHEAP_HEROES, SUPPLIES_CACHE, leaders_of
from checker.arrakis.position import Position, RetreatMove, SpiteMove
from checker.facts import Facts, Kind, Vars, fact, kind, label


@dataclass
class RetreatFacts(Facts):
    """The facts of a retreat after a battle."""

    territory: str = label()
    is_guild: bool = fact(False)
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    troops_there: int = fact(0, key="forces", doc="the faction's troops in the territory")
    opponents_there: int = fact(0, key="forces", doc="other factions with fighting troops there")
    retreat_stopped: bool = fact(False, key="factions.FACTION.suppressed", doc="Karama stopped Retreat this phase")
    battle_result_given: bool = fact(
        False, key="last_battle.result", doc="last_battle is this territory's battle and gives how it was resolved"
    )
    by_traitor: bool = fact(False, key="last_battle.result", doc="this territory's battle was resolved by a traitor")

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")


@kind
class Retreat(Kind):
    name = "retreat"
    title = "Retreat"

    def facts(self, pos: Position) -> RetreatFacts:
        m = pos.move
        assert isinstance(m, RetreatMove)
        troops = sum(g.total for g in pos.groups(m.faction, m.territory))
        others = pos.occupants(m.territory) - {m.faction}
        lb = pos.last_battle
        here = lb is not None and lb.territory == m.territory and lb.result is not None
        return RetreatFacts(
            faction=m.faction,
            advanced=True,
            territory=m.territory,
            is_guild=m.faction == "spacing-guild",
            phase_index=pos.phase_index,
            troops_there=troops,
            opponents_there=len(others),
            retreat_stopped=pos.stopped(m.faction, "retreat"),
            battle_result_given=here,
            by_traitor=bool(here and lb is not None and lb.result == "traitor"),
        )


@dataclass
class SpiteFacts(Facts):
    """The facts of a spite move after a battle."""

    give: str = label(doc="the card Harkonnen gives")
    take: str = label(doc="the card Harkonnen takes")
    foe: str = label(doc="the other participant of the battle")
    is_harkonnen: bool = fact(False)
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    battle_given: bool | None = fact(None, key="last_battle", doc="the battle the Spite follows is described")
    leader_died: bool = fact(False, key="last_battle.leaders_killed", doc="a Harkonnen leader died in it")
    by_traitor: bool = fact(False, key="last_battle.result")
    by_zoal: bool = fact(False, key="last_battle.result")
    give_played: bool = fact(False, key="move.give", doc="Harkonnen played the card it gives")
    take_played: bool = fact(False, key="move.take", doc="the opponent played the card Harkonnen takes")
    cheap_hero: bool = fact(False, doc="a Cheap Hero is named")
    cache_card: bool = fact(False, doc="a Supplies cache card is named")
    protected: bool = fact(False, key="last_battle.fanatical_tactics", doc="a card Fanatical Tactics protected")
    spite_stopped: bool = fact(False, key="factions.FACTION.suppressed", doc="Karama stopped Vladimir's Spite")

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")


@kind
class Spite(Kind):
    name = "spite"
    title = "Vladimir's Spite"
    outcome_keys: ClassVar[dict[str, str]] = {
        "swapped": "faction -> the card it takes",
    }

    def facts(self, pos: Position) -> SpiteFacts:
        m = pos.move
        assert isinstance(m, SpiteMove)
        lb = pos.last_battle
        me = m.faction
        give, take = m.give or "", m.take or ""
        played = dict(lb.cards_played) if lb else {}
        foes = [f for f in played if f != me]
        foe = foes[0] if len(foes) == 1 else ""
        own = set(leaders_of(pos, me))
        protected = {c for cards in (lb.fanatical_tactics.values() if lb else ()) for c in cards}
        return SpiteFacts(
            faction=me,
            advanced=True,
            give=give,
            take=take,
            foe=foe,
            is_harkonnen=me == "harkonnen",
            phase_index=pos.phase_index,
            battle_given=True if lb is not None else None,
            leader_died=bool(lb and any(n in own for n in lb.leaders_killed)),
            by_traitor=bool(lb and lb.result == "traitor"),
            by_zoal=bool(lb and lb.result == "zoal-infiltration"),
            give_played=bool(give and give in played.get(me, [])),
            take_played=bool(take and foe and take in played.get(foe, [])),
            cheap_hero=give in CHEAP_HEROES or take in CHEAP_HEROES,
            cache_card=give in SUPPLIES_CACHE or take in SUPPLIES_CACHE,
            protected=bool({give, take} & protected),
            spite_stopped=pos.stopped(me, "Vladimir's Spite"),
        )

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, SpiteFacts)
        return {"swapped": {facts.faction: facts.take, facts.foe: facts.give}}
