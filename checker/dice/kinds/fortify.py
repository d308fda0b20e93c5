"""``dice-fortify``: fortify one Region in the Fortify step (dice:161-166), under the tokens' ownership rules
(dice:156-160).

One ``fortify`` move fortifies one Region: a Fortification token placed (with one of the Faction's
Troops on it), or a Fortification flipped to its Stronghold side. The number of Regions a Faction may
fortify (dice:164) is judged against this one move: the position does not record Regions fortified
earlier in the same step (the verdict's notes say so). An uncontrolled Fortification in a Region with
Troops is controlled by the first Faction in Turn Order with Troops there (dice:158).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from checker.dice.board import POLAR_SINK
from checker.dice.kinds import noting_inferred
from checker.dice.kinds.move import (
    DiceStepFacts,
    ally_of,
    has_reassign_die,
    never_storm,
    reassign_note,
    region,
    step_index,
)
from checker.dice.position import DicePosition, FortifyMove, display
from checker.facts import Facts, Kind, fact, kind, label

TOKENS = 6  # dice:31 "6 Fortification / Stronghold"
TOKEN_KINDS = ("none", "fortification", "stronghold")


@dataclass
class DiceFortifyFacts(DiceStepFacts):
    """The facts of a Dice Game fortify."""

    region: str = label(doc="the Region fortified")
    polar_sink: bool = fact(False, key="move.region", doc="the Region is the Polar Sink")
    region_index: int = fact(0, key="move.region", doc="the Region's number")
    storm_region: int | None = fact(None, key="sandstorm", doc="the Sandstorm's Region's number")
    never_storm: bool = label(False, doc="the Polar Sink or an outer Region: never under the Sandstorm (dice:61)")
    own_in_region: int = fact(0, key="troops", doc="its Troops in the Region: it controls it when one or more")
    token: int = fact(0, key="fortifications", doc="the token there: 0 none, 1 Fortification, 2 Stronghold")
    tokens_on_map: int = fact(0, key="fortifications", doc="tokens on the map")
    controller: str = label(doc="the token's controller: named, or the only Faction there ('' uncontrolled)")
    controller_given: bool = label(False, doc="the token is controlled (not `none`): dice:158 does not decide")
    controller_known: bool | None = fact(True, key="controller_known", doc="who controls the token is known")
    own_token: bool = fact(False, key="fortifications", doc="the token's given controller is the Faction")
    first: str = label(doc="the first Faction in Turn Order with Troops there (dice:158), '' when unknown")
    first_is_me: bool | None = fact(None, key="turn_order", doc="the Faction is that first Faction")
    ally: str = label(doc="its ally this round")
    ally_token: bool = label(False, doc="its ally controls the token (given, or by dice:158)")
    ally_consents: bool | None = fact(None, key="move.ally_consents", doc="the ally consents (dice:166)")
    # None: the position lists none of its dice, and no Region without a die is known (dice:164)
    fortify_dice: int | None = fact(0, key="factions.FACTION.dice.fortify", doc="dice on its Fortify slot")
    fortify_base: int | None = fact(None, key="factions.FACTION.fortify_base", doc="Regions without a die")
    fortify_per_die: int | None = fact(None, key="factions.FACTION.fortify_per_die", doc="Regions a die adds")

    keys: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "fact -> position key"})
    details: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "key -> what it decides"})

    def position_key(self, key: str) -> str:
        return self.keys.get(key) or super().position_key(key)

    def missing_detail(self, key: str) -> str:
        if key.endswith(".dice.fortify"):
            return "most Factions fortify only with a die on their Fortify slot, dice:164"
        return self.details.get(key, "")

    @property
    def maybe_in_storm(self) -> bool:
        """The Region is, or may be (``sandstorm`` not given), the Sandstorm's."""
        return not self.never_storm and (self.storm_region is None or self.storm_region == self.region_index)

    @property
    def token_name(self) -> str:
        return TOKEN_KINDS[self.token]


@kind
class DiceFortifyKind(Kind):
    name = "dice-fortify"
    title = "Dice Game fortification"
    outcome_keys: ClassVar[dict[str, str]] = {
        "token": "the token in the Region afterwards: fortification or stronghold",
        "controller": "the Faction controlling it",
        "tokens_in_supply": "the tokens left in the supply",
    }
    ruled = ("token",)

    @noting_inferred
    def facts(self, pos: Any) -> DiceFortifyFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, FortifyMove)
        m = pos.move
        me = m.faction
        st = pos.state(me)
        x = pos.fortification_in(m.region)
        token = 0 if x is None else TOKEN_KINDS.index(x.kind)
        control = pos.token_control(m.region)  # dice:157-158
        uncontrolled = x is not None and (x.uncontrolled or (x.controller is None and not pos.controllers(m.region)))
        controller = "" if uncontrolled else control.faction or ""
        first = control.faction or "" if uncontrolled else ""
        # dice:158 decides only where the Faction has Troops there; else it cannot be the first
        first_is_me: bool | None = None
        if uncontrolled:
            first_is_me = first == me if first or me not in pos.controllers(m.region) else None
        ally = ally_of(pos, me)
        base, per_die = st.fortify_base, st.fortify_per_die
        # dice:83: no die on the Fortify slot, and no Region without one: the Re-Assign die may be put there first
        reassign = not st.faces("fortify") and has_reassign_die(pos, me) and not (base or 0) >= 1
        dice: int | None = len(st.faces("fortify")) or (1 if reassign else 0)
        if not st.dice_listed and not reassign and not (base or 0) >= 1:
            dice = None  # dice:164: whether it may fortify at all depends on a die on its Fortify slot
        notes = [reassign_note(me, "Fortify")] if reassign else []
        if base is None and dice and per_die:  # the die alone allows a Region: the base cannot matter
            base = 0
            notes.append(f"the position does not give 'factions.{me}.fortify_base': its die allows a Region anyway")
        if per_die is None and (dice == 0 or (base or 0) >= 1):
            per_die = 0  # no die, or the base alone allows a Region: the die's number cannot matter
        f = DiceFortifyFacts(
            faction=me,
            step_index=step_index(pos),
            step=pos.step or "",
            reassign_die=has_reassign_die(pos, me),
            reassigned="Fortify" if reassign else "",
            region=m.region,
            polar_sink=m.region == POLAR_SINK,
            region_index=region(pos, m.region) or 0,
            storm_region=region(pos, pos.sandstorm),
            never_storm=never_storm(pos, m.region),
            own_in_region=pos.troops_in(m.region, me),
            token=token,
            tokens_on_map=len(pos.fortifications),
            controller=controller,
            controller_given=x is not None and not uncontrolled,
            controller_known=True if control.known or uncontrolled else None,
            own_token=controller == me,
            first=first,
            first_is_me=first_is_me,
            ally=ally,
            ally_token=bool(ally) and ally in (controller, first),
            ally_consents=m.ally_consents,
            fortify_dice=dice,
            fortify_base=base,
            fortify_per_die=per_die,
            notes=notes,
        )
        if control.note and not uncontrolled:
            f.notes.append(control.note)
        if not control.known and not uncontrolled:
            f.keys["controller_known"] = control.key
            f.details[control.key] = control.why
        if pos.step is None:
            f.notes.append("the position does not give 'step': it is taken to be the Fortify step")
        f.notes.append(f"{m.region} is taken as the first Region {display(me)} fortifies this round")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.token_after = z3.Int("token_after")

    def outcome(self, value: Any, v: Any, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, DiceFortifyFacts)
        after = value(v.token_after)
        out: dict[str, Any] = {"token": TOKEN_KINDS[after] if after in (1, 2) else None}
        placed = facts.token == 0
        out["controller"] = facts.faction if placed else (facts.controller or facts.first or None)
        out["tokens_in_supply"] = TOKENS - facts.tokens_on_map - (1 if placed else 0)
        return out
