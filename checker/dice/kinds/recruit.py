"""``dice-recruit``: the Recruit step (dice:122-125): Troops and Leaders to the Faction board.

How many Troops a Faction recruits is printed on its board, not in the text (dice:124): a base number
(``recruit_base``) and a number per die on a Recruit slot (``recruit_per_die``). Without them the count
answers ``unresolved`` naming the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.dice.kinds import noting_inferred
from checker.dice.kinds.move import never_storm
from checker.dice.position import STEPS, DicePosition, RecruitMove
from checker.dice.setup import CYLINDERS
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label


@dataclass
class RecruitFacts(Facts):
    """The facts of a Dice Game recruit."""

    step: str = label("", doc="the step's name, for messages")
    from_names: list[str] = label([], doc="the Regions Troops are taken from")
    sandstorm: str = label("", doc="the Sandstorm's Region, for messages")
    step_index: int | None = fact(None, key="step", doc="0 roll .. 10 end")
    atreides: bool = fact(False, key="move.faction")
    troops: int = fact(0, key="move.troops", doc="Troops recruited")
    leader: int = fact(0, key="move.leader", doc="Leaders recruited")
    recruit_dice: int | None = fact(None, key="factions.FACTION.dice.recruit", doc="dice on its Recruit slots")
    recruit_base: int | None = fact(None, key="factions.FACTION.recruit_base")
    recruit_per_die: int | None = fact(None, key="factions.FACTION.recruit_per_die")
    supply: int | None = fact(None, key="factions.FACTION.supply", doc="Troops in its personal supply")
    from_counts: list[int] = fact([], key="move.from_map", doc="Troops taken from each Region")
    from_own: list[int] = fact([], key="troops", doc="its Troops in each of those Regions")
    from_storm: list[bool] = fact([], key="sandstorm", doc="that Region is under the Sandstorm")
    storm_known: bool | None = fact(True, key="sandstorm", doc="whether a Region taken from is the Sandstorm's")
    leaders_on_board: int | None = fact(None, key="factions.FACTION.leader", doc="Leaders on its board")
    cylinders: int = fact(1, doc="its Leader cylinders (dice:35-38)")

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")

    @property
    def from_map(self) -> int:
        return sum(self.from_counts)

    @property
    def allowance(self) -> int | None:
        if self.recruit_base is None or self.recruit_per_die is None or self.recruit_dice is None:
            return None
        return self.recruit_base + self.recruit_per_die * self.recruit_dice

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        troops = f"{self.troops} Troop" + ("" if self.troops == 1 else "s")
        leaders = f" and {self.leader} Leader" + ("" if self.leader == 1 else "s") if self.leader else ""
        out.update(
            allowance=self.allowance,
            from_map=self.from_map,
            from_supply=self.troops - self.from_map,
            recruited_text=troops + leaders,
        )
        return out


@kind
class RecruitKind(Kind):
    name = "dice-recruit"
    title = "Dice Game recruitment"
    outcome_keys: ClassVar[dict[str, str]] = {
        "recruited": "Troops recruited",
        "troops": "Troops the move recruits",
        "leader": "whether a Leader is recruited",
        "from_map": "Troops taken back from the map",
        "supply": "Troops left in the Faction's supply",
    }

    @noting_inferred
    def facts(self, pos: Any) -> RecruitFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, RecruitMove)
        m = pos.move
        me = m.faction
        st = pos.state(me)
        names = list(m.from_map)
        dice: int | None = len(st.faces("recruit")) if st.dice_listed else None  # no dice listed: unknown
        per_die = st.recruit_per_die
        notes: list[str] = []
        within_base = st.recruit_base is not None and m.troops + m.leader <= st.recruit_base
        if dice == 0 or within_base:
            # no die on a Recruit slot, or the base alone allows it: what dice add cannot change the answer
            per_die = 0 if per_die is None else per_die
            dice = 0 if dice is None else dice
        if sum(m.from_map.values()) > m.troops:
            raise InputError("move.from_map", f"at most the {m.troops} Troops recruited (move.troops)", m.from_map)
        # dice:61: the Sandstorm is never in the Polar Sink or an outer Region; elsewhere an unknown one may be there
        storm_known = None if pos.sandstorm is None and any(not never_storm(pos, r) for r in names) else True
        f = RecruitFacts(
            faction=me,
            step=pos.step or "",
            from_names=names,
            sandstorm=pos.sandstorm or "",
            step_index=None if pos.step is None else STEPS.index(pos.step),
            atreides=me == "atreides",
            troops=m.troops,
            leader=m.leader,
            recruit_dice=dice,
            recruit_base=st.recruit_base,
            recruit_per_die=per_die,
            supply=st.supply,
            from_counts=[m.from_map[r] for r in names],
            from_own=[pos.troops_in(r, me) for r in names],
            from_storm=[r == pos.sandstorm for r in names],
            storm_known=storm_known,
            leaders_on_board=st.leader,
            cylinders=CYLINDERS[me],
            notes=notes,
        )
        if pos.step is None:
            f.notes.append("the position does not give 'step': it is taken to be the Recruit step")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.recruited = z3.Int("recruited")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        return [v.recruited == v.troops + v.leader]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, RecruitFacts)
        out: dict[str, Any] = {"recruited": value(v.recruited), "troops": facts.troops, "leader": facts.leader}
        if facts.from_map:
            out["from_map"] = facts.from_map
        if facts.supply is not None:
            out["supply"] = facts.supply - (facts.troops - facts.from_map)
        return out
