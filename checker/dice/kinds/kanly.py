"""``dice-kanly``: one Kanly action on a die left on a Faction slot (dice:106-119, 189-190), and the Factions'
target abilities (Piter De Vries dice:207, Imperial Decree dice:224, Shipping Authority dice:232, The Voice
dice:239-241).

Facts name Regions by their index in the map's list of names, so a rule's z3 form compares numbers where
its check compares names. Assassinate and Piter De Vries leave the Troop's Region to the solver
(``where``) when the move does not name it: a rule permits when some Region satisfies it, and the solver
finds one satisfying them all together (the Troops may all stand under the Sandstorm).

Numbers the text does not print are the position's: the acting Faction's ``kanly_chart`` (which face selects
which action, dice:108), the target's ``slot_faces`` (Imperial Decree's allowed slot, dice:80). Without
them the rules that need them answer ``unresolved`` naming the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.dice.kinds import noting_inferred
from checker.dice.position import FACTIONS, STEPS, DicePosition, KanlyMove, display
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label

# The card each stealing action takes (dice:112, 117-119)
STEALS = {
    "plot": "protection",
    "steal-sandstorm": "sandstorm",
    "steal-turn-order": "turn-order",
    "steal-landsraad": "landsraad",
}
CARD_CODE = {"protection": 0, "sandstorm": 1, "turn-order": 2, "landsraad": 3}
CARD_TITLE = {"protection": "a Protection", "sandstorm": "the Sandstorm", "turn-order": "the Turn Order",
              "landsraad": "the Landsraad"}  # fmt: skip
# The Factions' own Kanly actions: their target abilities (dice:110, 207, 224, 232, 239)
ABILITY = {
    "piter-de-vries": "harkonnen",
    "imperial-decree": "corrino",
    "shipping-authority": "spacing-guild",
    "the-voice": "bene-gesserit",
}
ABILITY_CITE = {
    "piter-de-vries": "dice:207",
    "imperial-decree": "dice:224",
    "shipping-authority": "dice:232",
    "the-voice": "dice:239",
}
# Slots a Faction board has once (dice:127 "a Ship slot", 132 "the Move slot", 164 "your Fortify slot", 83, 81);
# Recruit and Combat slots may be several (dice:124 "Each die you placed on a Recruit slot", 147), how many the
# text does not print.
GROUPED = ("recruit", "combat")
KINDS = ("plot", "assassinate", "steal-sandstorm", "steal-turn-order", "steal-landsraad", *ABILITY)


def code(faction: str) -> int:
    return FACTIONS.index(faction)


def _copies(pos: DicePosition, card: str) -> int:
    """The copies of a card in the game: one, but two Protection cards (one with 4 or 5 players: dice:43)."""
    return 1 if card != "protection" or pos.player_count in (4, 5) else 2


@dataclass
class KanlyFacts(Facts):
    """The facts of a Kanly duel in the Dice Game."""

    target: str = label(doc="the targeted Faction")
    action: str = label(doc="the Kanly action")
    step: str = label("", doc="the step's name, for messages")
    region_names: list[str] = label([], doc="the map's Regions, by number")
    sandstorm: str = label("", doc="the Sandstorm's Region, for messages")
    chart_text: str = label("", doc="the faces that select the action on the chart, for messages")
    # which action, who
    action_code: int = fact(0, key="move.kanly_action", doc="index in KINDS")
    actor: int = fact(0, key="move.faction", doc="the acting Faction's place in Setup order")
    target_code: int = fact(0, key="move.target", doc="the target's place in Setup order")
    ability_owner: int = fact(-1, doc="the Faction whose board has the action, -1 every player's (dice:110)")
    step_index: int | None = fact(None, key="step", doc="0 roll .. 10 end")
    round: int | None = fact(None, key="round")
    # the die and the chart
    die_on_slot: int | None = fact(None, key="factions.FACTION.dice.TARGET", doc="dice on the target's slot")
    face: int | None = fact(None, key="move.face", doc="the face of the die used")
    chart: list[bool] = fact([], doc="faces 1..6 that select the action on the Faction's Kanly chart")
    chart_known: bool | None = fact(None, key="factions.FACTION.kanly_chart.ACTION", doc="the chart lists it")
    # cards
    card: int = fact(-1, doc="the card stolen (CARD_CODE), -1 none")
    target_holds: int | None = fact(0, key="factions.TARGET.cards", doc="copies of that card the target holds")
    target_protection: int | None = fact(0, key="factions.TARGET.cards", doc="Protection cards the target holds")
    holder_slot_die: int | None = fact(
        None, key="factions.TARGET.dice.landsraad", doc="dice on the Landsraad card's slot (dice:189)"
    )
    destroy: int = fact(0, key="move.destroy", doc="dice the thief destroys (dice:190)")
    spare_dice: int | None = fact(None, key="factions.FACTION.dice", doc="its dice on slots but the one used")
    # Troops (Assassinate, Piter De Vries)
    t_troops: list[int] = fact([], key="troops", doc="the target's Troops in each Region")
    region_given: int = fact(-1, key="move.region", doc="the Region named, -1 none")
    storm_region: int | None = fact(None, key="sandstorm", doc="the Sandstorm's Region, -1 none that matters")
    harkonnen_supply: int | None = fact(None, key="factions.harkonnen.supply", doc="Troops the converter has")
    # Imperial Decree (dice:224), Shipping Authority (dice:232)
    from_slot: str = label("", doc="the slot the die leaves")
    to_slot: str = label("", doc="the slot it is moved to")
    from_faces: list[int] = fact([], key="factions.TARGET.dice", doc="faces of the target's dice on from_slot")
    target_dice_known: bool | None = fact(None, key="factions.TARGET.dice", doc="the target's dice are listed")
    same_slot: bool = fact(False, key="move.to_slot")
    to_slot_dice: int = fact(0, key="factions.TARGET.dice", doc="the target's dice on to_slot")
    to_grouped: bool = fact(False, key="move.to_slot", doc="to_slot is a Recruit or Combat slot (maybe several)")
    landsraad_slot: bool = fact(False, key="move.to_slot", doc="from_slot or to_slot is the Landsraad card's")
    to_allowed: list[bool] = fact([], key="factions.TARGET.slot_faces.SLOT", doc="faces 1..6 to_slot takes")
    to_allowed_known: bool | None = fact(None, key="factions.TARGET.slot_faces.SLOT")
    target_ship_dice: int | None = fact(None, key="factions.TARGET.dice.ship", doc="dice on the target's Ship slot")
    # The Voice (dice:239-240)
    alliances: int = fact(0, key="alliances", doc="Alliances formed this round")

    def position_key(self, key: str) -> str:
        return (
            key.replace("FACTION", self.faction or "FACTION")
            .replace("TARGET", self.target or "TARGET")
            .replace("ACTION", self.action or "ACTION")
            .replace("SLOT", self.to_slot or "SLOT")
        )

    @property
    def Target(self) -> str:
        return display(self.target)

    @property
    def card_name(self) -> str:
        return CARD_TITLE[STEALS[self.action]] if self.action in STEALS else ""

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out.update(Target=self.Target, card_name=self.card_name, region=self.region_label)
        return out

    @property
    def region_label(self) -> str:
        return self.region_names[self.region_given] if self.region_given >= 0 else "any Region"

    def troops_where(self) -> list[int]:
        """The Regions the Troop may be taken from: the one named, else every Region."""
        return [self.region_given] if self.region_given >= 0 else list(range(len(self.t_troops)))


def _slot_dice(pos: DicePosition, faction: str, slot: str) -> int | None:
    """Dice on a Faction's slot: None when the position lists none of its dice at all."""
    st = pos.state(faction)
    if not st.dice_listed:
        return None
    return len(st.faces(slot))


@kind
class KanlyKind(Kind):
    name = "dice-kanly"
    title = "Dice Game Kanly action"
    outcome_keys: ClassVar[dict[str, str]] = {
        "action": "the Kanly action taken",
        "target": "the targeted Faction",
        "stolen": "the card stolen",
        "holder": "who holds that card afterwards",
        "dice_destroyed": "the dice destroyed with the Landsraad card",
        "landsraad_die_returned_to": "whose supply the Landsraad slot's die returns to",
        "region": "the Region of the Troop removed or converted",
        "removed": "Troops returned to their owner's supply (Assassinate)",
        "converted": "Piter De Vries: whether the Troop is replaced by a Harkonnen one (else killed)",
        "destroyed": "Shipping Authority: the die slot whose die is destroyed",
        "moved": "Imperial Decree: slot -> the slot its die moves to",
        "allied": "The Voice: the two Factions allied",
    }

    @noting_inferred
    def facts(self, pos: Any) -> KanlyFacts:
        assert isinstance(pos, DicePosition) and isinstance(pos.move, KanlyMove)
        m = pos.move
        me, target, action = m.faction, m.target, m.kanly_action
        st = pos.state(me)
        notes: list[str] = []
        faces_on = st.faces(target)
        if m.face is not None and faces_on and m.face not in faces_on:
            raise InputError("move.face", f"the face of the die on its {target} slot: {faces_on}", m.face)
        die_on_slot: int | None = len(faces_on) if st.dice_listed else None
        if die_on_slot is None and m.face is not None:
            die_on_slot = 1
            notes.append(f"the position lists no dice of {display(me)}: the move's face {m.face} is its die on the "
                         f"{display(target)} slot")  # fmt: skip
        face = m.face if m.face is not None else (faces_on[0] if len(faces_on) == 1 else None)
        chart_faces = st.kanly_chart.get(action)
        names = pos.board.names
        if m.region is not None and m.region not in names:
            raise InputError("move.region", "a Region of the map", m.region)
        region_given = names.index(m.region) if m.region is not None else -1
        storm: int | None = names.index(pos.sandstorm) if pos.sandstorm in names else None
        # dice:61: the Sandstorm is never in the Polar Sink or an outer Region: where the Troop (the one named, or
        # every one the target has) stands there, where the Sandstorm is cannot matter
        where = [m.region] if m.region is not None else [r for r in names if pos.troops_in(r, target) > 0]
        if storm is None and where and all(pos.board[r].neutral or pos.board[r].outer for r in where):
            storm = -1
            notes.append(f"the Sandstorm never enters {' or '.join(where)} (dice:61)")
        card = STEALS.get(action)
        holder_slot = _slot_dice(pos, target, "landsraad")
        destroy = m.destroy
        if destroy is None and action == "steal-landsraad":
            # dice:190: the thief destroys the dice the steal requires; a move that says nothing asks whether it
            # may steal at that price (`destroy: 0` asks about stealing without destroying any)
            destroy = (1 if holder_slot else 0) + (1 if pos.round is not None and pos.round >= 4 else 0)
            if destroy:
                notes.append(f"the move does not give 'destroy': {display(me)} destroys the {destroy} the steal "
                             "requires (dice:190)")  # fmt: skip
        spare = None
        if st.dice_listed:
            spare = max(st.dice_on_board - 1, 0)
        if action in ("imperial-decree",):
            for key, value in (("from_slot", m.from_slot), ("to_slot", m.to_slot)):
                if value is None:
                    raise InputError(f"move.{key}", "a slot on the targeted player's board (Imperial Decree, dice:224)")
        target_st = pos.state(target)
        to_slot = m.to_slot or ""
        allowed: list[int] | None = None
        if to_slot in FACTIONS:
            names_in_play = pos.faction_names
            allowed = [1, 2, 3, 4, 5, 6] if to_slot in names_in_play else []  # dice:81
        elif to_slot in target_st.slot_faces:
            faces = target_st.slot_faces[to_slot]  # '?' is read as 1..6 when the position loads
            allowed = [1, 2, 3, 4, 5, 6] if isinstance(faces, str) else list(faces)
        f = KanlyFacts(
            faction=me,
            target=target,
            action=action,
            step=pos.step or "",
            region_names=list(names),
            sandstorm=pos.sandstorm or "",
            chart_text=", ".join(map(str, chart_faces)) if chart_faces else "",
            action_code=KINDS.index(action),
            actor=code(me),
            target_code=code(target),
            ability_owner=code(ABILITY[action]) if action in ABILITY else -1,
            step_index=None if pos.step is None else STEPS.index(pos.step),
            round=pos.round,
            die_on_slot=die_on_slot,
            face=face,
            chart=[n in (chart_faces or ()) for n in range(1, 7)],
            chart_known=True if chart_faces is not None else None,
            card=CARD_CODE[card] if card else -1,
            target_holds=pos.holds_count(target, card, _copies(pos, card)) if card else 0,
            target_protection=pos.holds_count(target, "protection", _copies(pos, "protection")),
            holder_slot_die=holder_slot,
            destroy=destroy or 0,
            spare_dice=spare,
            t_troops=[pos.troops_in(r, target) for r in names],
            region_given=region_given,
            storm_region=storm,
            harkonnen_supply=pos.state("harkonnen").supply,
            from_slot=m.from_slot or "",
            to_slot=to_slot,
            from_faces=target_st.faces(m.from_slot) if m.from_slot else [],
            target_dice_known=True if target_st.dice_listed else None,
            same_slot=m.from_slot is not None and m.from_slot == m.to_slot,
            to_slot_dice=len(target_st.faces(to_slot)) if to_slot else 0,
            to_grouped=to_slot in GROUPED,
            landsraad_slot="landsraad" in (m.from_slot, m.to_slot),
            to_allowed=[n in (allowed or ()) for n in range(1, 7)],
            to_allowed_known=True if allowed is not None else None,
            target_ship_dice=_slot_dice(pos, target, "ship"),
            alliances=len(pos.alliances),
            notes=notes,
        )
        if pos.step is None:
            step = "Alliance" if action == "the-voice" else "Kanly"
            f.notes.append(f"the position does not give 'step': it is taken to be the {step} step")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.where = z3.Int("where")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        assert isinstance(facts, KanlyFacts)
        n = len(facts.t_troops)
        return [v.where >= 0, v.where < n, z3.Or(v.region_given < 0, v.where == v.region_given)]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, KanlyFacts)
        out: dict[str, Any] = {"action": facts.action, "target": facts.target}
        if facts.action in STEALS:
            out["stolen"] = STEALS[facts.action]
            out["holder"] = facts.faction  # dice:109 "Simply take the card and place it in front of you"
            if facts.action == "steal-landsraad":
                out["dice_destroyed"] = facts.destroy  # dice:190
                if facts.holder_slot_die:  # dice:189: returned to its supply when the card is stolen
                    out["landsraad_die_returned_to"] = facts.target
        if facts.action in ("assassinate", "piter-de-vries"):
            out["region"] = facts.region_names[value(v.where)]
            out["losses"] = {facts.target: 1}  # removed, converted or killed: back to its owner's supply
            if facts.action == "assassinate":
                out["removed"] = 1  # dice:114: returned to the owner's supply
            elif facts.harkonnen_supply is not None:
                # dice:150 (what converting is): replaced by one of its own, or killed when its supply is empty
                out["converted"] = facts.harkonnen_supply > 0
        if facts.action == "shipping-authority":
            out["destroyed"] = "ship"  # dice:232
        if facts.action == "imperial-decree":
            out["moved"] = {facts.from_slot: facts.to_slot}
        if facts.action == "the-voice":
            out["allied"] = [facts.faction, facts.target]  # dice:239
        return out
