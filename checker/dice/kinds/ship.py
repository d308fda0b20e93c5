"""``dice-ship``: ship Troops from the Faction board to one Region (dice:126-130).

One ``ship`` move sends ``count`` Troops to one Region (each Troop is shipped separately, dice:128, so a
shipment to several Regions is several moves). The round's allowance (two, plus two or three for a die
on the Ship slot, dice:127) is judged against the move's ``count`` and the Troops the Faction shipped earlier
this round (``shipped_this_round``, which a game record writes); a lone position that does not give it has the
move taken as the Faction's first shipment (the verdict's notes say so). A position that lists none of the
Faction's dice leaves the Ship die unknown: two Troops or fewer need none, more are unresolved naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from checker.dice.position import DicePosition, ShipMove, display
from checker.facts import Facts, Kind, fact, kind, label
from checker.names import plural

BASE = 2  # dice:127 "You may ship two Troops each Round"
PER_DIE = (2, 3)  # dice:127 "two or three additional Troops as noted on your Faction board"


@dataclass
class DiceShipFacts(DiceStepFacts):
    """The facts of a Dice Game shipment."""

    to: str = label(doc="the Region shipped to")
    count: int = fact(0, key="move.count", doc="Troops shipped")
    # dice:128 "Each Troop is shipped separately": the round's allowance counts those shipped before too
    shipped: int = fact(0, key="factions.FACTION.shipped_this_round", doc="Troops it shipped earlier this round")
    board_troops: int | None = fact(None, key="factions.FACTION.board_troops", doc="Troops on its Faction board")
    # None: the position lists none of its dice, and how many it ships makes them matter (dice:127)
    ship_die: bool | None = fact(False, key="factions.FACTION.dice.ship", doc="a die on its Ship slot")
    ship_dice: int | None = fact(0, key="factions.FACTION.dice.ship", doc="dice on Ship slots")
    dice_known: bool = label(
        True,
        doc="the position lists its dice (else two or fewer Troops, or more than even a Ship die allows: they cannot "
        "matter; with more, judged as with a die on the Ship slot)",
    )
    # the Faction board's number (two or three: dice:127); where the text's bounds decide, the bound
    ship_per_die: int | None = fact(None, key="factions.FACTION.ship_per_die", doc="Troops a Ship die adds")
    per_die_given: bool = label(False)
    to_region: int = fact(0, key="move.to", doc="the Region's number")
    storm_region: int | None = fact(None, key="sandstorm", doc="the Sandstorm's Region's number")
    sandstorm: str = label(doc="the Sandstorm's Region, for messages")
    to_never_storm: bool = label(False, doc="the Polar Sink or an outer Region (dice:61)")
    polar_sink: bool = fact(False, key="move.to", doc="shipped to the Polar Sink")
    own_in_to: int = fact(0, key="troops", doc="its Troops in the Region: it controls it when one or more")
    ally: str = label(doc="its ally this round")
    ally_in_to: int = fact(0, key="troops", doc="its ally's Troops in the Region")
    ally_consents: bool | None = fact(None, key="move.ally_consents", doc="the ally consents (dice:129)")

    def missing_detail(self, key: str) -> str:
        if key.endswith(".dice.ship"):
            return f"{plural(self.total, 'Troop')} need a die on its Ship slot: two a round without one, dice:127"
        return ""

    @property
    def total(self) -> int:
        """The Troops shipped this round with this move's."""
        return self.count + self.shipped

    @property
    def limit(self) -> int:
        return BASE + ((self.ship_per_die or 0) if self.ship_die else 0)

    @property
    def ally_region(self) -> bool:
        """The ally controls the Region and the shipper does not (dice:129's case)."""
        return not self.polar_sink and self.own_in_to == 0 and self.ally_in_to > 0


@kind
class DiceShipKind(Kind):
    name = "dice-ship"
    title = "Dice Game shipment"
    outcome_keys: ClassVar[dict[str, str]] = {
        "on_board": "Troops left on the Faction board",
        "in_to": "the Faction's Troops in the target Region afterwards",
    }
    ruled = ("on_board",)

    @noting_inferred
    def facts(self, pos: Any) -> DiceShipFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, ShipMove)
        m = pos.move
        me = m.faction
        st = pos.state(me)
        total = m.count + (st.shipped_this_round or 0)  # dice:127-128: the round's Troops, shipped one by one
        # dice:83: more than two shipped with no die on the Ship slot: the Re-Assign die may be put there first
        reassign = not st.faces("ship") and has_reassign_die(pos, me) and total > BASE
        dice: int | None = len(st.faces("ship")) or (1 if reassign else 0)
        if not st.dice_listed and not reassign and total > BASE:
            dice = None  # dice:127: more than two Troops need a die on the Ship slot, which the position does not say
        per_die = st.ship_per_die
        notes = [reassign_note(me, "Ship")] if reassign else []
        if dice is None and total > BASE + (per_die or PER_DIE[-1]):
            # dice:127: even a die on the Ship slot would not allow them: judged as with one, the most it could ship
            dice = 1
            notes.append(
                f"the position does not give 'factions.{me}.dice.ship': even with a die on its Ship slot "
                f"{display(me)} could not ship {total} Troops this round (dice:127), so it does not matter"
            )
        if per_die is None and dice != 0:
            if total <= BASE + PER_DIE[0]:
                per_die = PER_DIE[0]
                notes.append(
                    f"the position does not give 'factions.{me}.ship_per_die': two or three (dice:127), "
                    f"{'with a die on its Ship slot, ' if dice is None else ''}two more already allow {total}"
                )
            elif total > BASE + PER_DIE[1]:
                per_die = PER_DIE[1]
                notes.append(
                    f"the position does not give 'factions.{me}.ship_per_die': two or three (dice:127), "
                    f"even three more would not allow {total}"
                )
        ally = ally_of(pos, me)
        f = DiceShipFacts(
            faction=me,
            step_index=step_index(pos),
            step=pos.step or "",
            reassign_die=has_reassign_die(pos, me),
            reassigned="Ship" if reassign else "",
            to=m.to,
            count=m.count,
            shipped=st.shipped_this_round or 0,
            board_troops=st.board_troops,
            ship_die=None if dice is None else dice > 0,
            ship_dice=dice,
            dice_known=st.dice_listed or reassign,
            ship_per_die=per_die if dice != 0 else (per_die or 0),
            per_die_given=st.ship_per_die is not None,
            to_region=region(pos, m.to) or 0,
            storm_region=region(pos, pos.sandstorm),
            sandstorm=pos.sandstorm or "",
            to_never_storm=never_storm(pos, m.to),
            polar_sink=m.to == POLAR_SINK,
            own_in_to=pos.troops_in(m.to, me),
            ally=ally,
            ally_in_to=pos.troops_in(m.to, ally) if ally else 0,
            ally_consents=m.ally_consents,
            notes=notes,
        )
        if pos.step is None:
            f.notes.append("the position does not give 'step': it is taken to be the Ship step")
        if st.shipped_this_round is None:
            f.notes.append(
                f"the position does not say what {display(me)} shipped earlier this round "
                f"('factions.{me}.shipped_this_round'): {'this Troop is' if m.count == 1 else 'these Troops are'} "
                "taken as its first shipment"
            )
        if f.to_never_storm:
            f.notes.append(f"the Sandstorm never enters {m.to} (dice:61)")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.on_board = z3.Int("on_board")

    def outcome(self, value: Any, v: Any, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, DiceShipFacts)
        return {"on_board": value(v.on_board), "in_to": facts.own_in_to + facts.count}
