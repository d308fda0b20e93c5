"""How a legal Dice Game move carries its position forward (``mentat apply``): what the verdict's outcome (and the
move itself) says changes, written back in the published format; every other key as the file gave it.

Nothing is worked out again. Where a consequence is not in the outcome, the answer is unresolved rather than a
guessed position: a die the Re-Assign slot sends to another slot (its new face is the player's choice, dice:83),
Troops arriving beside an uncontrolled token (who takes it, dice:158), a token's controller left without Troops
in its Region (dice:157, 159). Dice stay on their slots where the text does not say a die is "used" (dice:87; every
die left on the board goes to the personal supply at the end of the round, dice:177): a Ship, Move, Recruit or
Fortify die stays; a Kanly target die is used (dice:103 "used as target dice"), a Combat die that killed goes to the
personal supply (dice:147). A die removed from a bonus-die slot gains one from the common supply (dice:85, 88).

The step and round are carried forward by :mod:`checker.dice.advance` (``Family.advance``), not here.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from typing import Any

from checker.dice.position import (
    FACTIONS,
    ChoamMove,
    CombatMove,
    DiceFaction,
    DicePosition,
    FortifyMove,
    KanlyMove,
    MoveMove,
    ProposeAllianceMove,
    RecruitMove,
    RollMove,
    SandstormMove,
    ShipMove,
    Troops,
    display,
)
from checker.engine import Verdict
from checker.game import NotCarried
from checker.model import to_data
from checker.names import plural

Out = tuple[dict[str, Any], list[str]]


def ship(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:128: Troops from the Faction board to the Region; the outcome gives the Troops left on the board and the
    Faction's Troops in the Region afterwards."""
    m = pos.move
    assert isinstance(m, ShipMove)
    o = verdict.outcome
    _no_reassign(verdict)
    in_to = o.get("in_to")
    if in_to is None:
        raise NotCarried("Mentat does not carry a shipment whose outcome does not give the Troops in its Region yet")
    troops = _set(list(pos.troops), m.faction, m.to, in_to)
    factions = dict(pos.factions)
    on_board = o.get("on_board")
    st = pos.state(m.faction)
    if st.board_troops is not None and on_board is not None and on_board != st.board_troops - m.count:
        raise NotCarried(f"the outcome leaves {on_board} Troops on the board, not {st.board_troops} - {m.count}")
    had = st
    if st.board_troops is not None:  # unknown stays unknown
        st = dataclasses.replace(st, board_troops=st.board_troops - m.count)
    if st.shipped_this_round is not None:  # the round's shipping so far (dice:127-128), where the record knows it
        st = dataclasses.replace(st, shipped_this_round=st.shipped_this_round + m.count)
    if st is not had:
        factions[m.faction] = st
    return _written(data, pos, troops, factions, arrived=[m.to]), []


def move(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:133: Troops from the Regions the move names into its target; the outcome gives the mover's Troops in the
    target afterwards."""
    m = pos.move
    assert isinstance(m, MoveMove)
    o = verdict.outcome
    _no_reassign(verdict)
    in_target = o.get("in_target")
    moved = sum(m.from_.values())
    if in_target is None or in_target != pos.troops_in(m.to, m.faction) + moved:
        raise NotCarried(
            f"Mentat does not carry a move whose outcome puts {in_target} of {display(m.faction)}'s Troops in "
            f"{m.to} (it had {pos.troops_in(m.to, m.faction)} there, and {moved} move) yet"
        )
    troops = list(pos.troops)
    for region, n in m.from_.items():
        if n:
            troops = _set(troops, m.faction, region, pos.troops_in(region, m.faction) - n)
    troops = _set(troops, m.faction, m.to, in_target)
    left = [r for r, n in m.from_.items() if n]
    factions = dict(pos.factions)
    st = pos.state(m.faction)
    if st.moves_this_round is not None:  # the round's moves so far (dice:132), where the record knows them
        factions[m.faction] = dataclasses.replace(st, moves_this_round=st.moves_this_round + 1)
    return _written(data, pos, troops, factions, arrived=[m.to], left=left), []


def recruit(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:124-125: Troops (from the personal supply or the map) and Leaders to the Faction board; the outcome gives
    the Troops recruited, those taken from the map and the supply left."""
    m = pos.move
    assert isinstance(m, RecruitMove)
    o = verdict.outcome
    if o.get("troops") != m.troops or o.get("leader") != m.leader:
        raise NotCarried("the outcome does not give the Troops and Leaders recruited")
    st = pos.state(m.faction)
    if m.leader and st.leader is None:
        raise NotCarried(f"the position does not give 'factions.{m.faction}.leader', which the move changes")
    troops = list(pos.troops)
    for region, n in m.from_map.items():
        if n:
            troops = _set(troops, m.faction, region, pos.troops_in(region, m.faction) - n)
    after = dataclasses.replace(
        st,
        board_troops=None if st.board_troops is None else st.board_troops + m.troops,
        leader=None if st.leader is None else st.leader + m.leader,
        supply=o.get("supply", st.supply),  # the outcome gives it where the position gave the supply
    )
    factions = {**pos.factions, m.faction: after}
    left = [r for r, n in m.from_map.items() if n]
    notes = []
    if st.board_troops is None and m.troops:
        notes.append(
            f"{display(m.faction)}'s board_troops stays unknown: the position did not give it, and "
            f"{plural(m.troops, 'more Troop', 'more Troops')} went to its Faction board (dice:124)"
        )
    return _written(data, pos, troops, factions, left=left), notes


def fortify(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:165-166: a Fortification placed (one of the Faction's Troops on it), or one flipped to its Stronghold
    side (its controlling Troop stays); the outcome gives the token and its controller."""
    m = pos.move
    assert isinstance(m, FortifyMove)
    o = verdict.outcome
    _no_reassign(verdict)
    token, controller = o.get("token"), o.get("controller")
    if token not in ("fortification", "stronghold") or controller is None:
        raise NotCarried("the outcome does not give the token and its controller")
    tokens = copy.deepcopy(data.get("fortifications") or [])
    x = pos.fortification_in(m.region)
    if x is None:
        tokens.append({"region": m.region, "kind": token, "controller": controller})
    else:
        i = pos.fortifications.index(x)
        tokens[i] = {**to_data(dataclasses.replace(x, kind=token)), "controller": controller}
    out = _written(data, pos, list(pos.troops), dict(pos.factions))
    out["fortifications"] = tokens
    return out, []


def sandstorm(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:168-171: the Sandstorm marker to its new Region; the Troops the outcome's ``losses`` kill go back to
    their owners' supplies."""
    m = pos.move
    assert isinstance(m, SandstormMove)
    o = verdict.outcome
    losses = o.get("losses")
    if o.get("sandstorm") != m.to or not isinstance(losses, dict):
        raise NotCarried("the outcome does not give the Sandstorm's Region and the Troops it kills")
    troops = list(pos.troops)
    factions = dict(pos.factions)
    for faction, killed in losses.items():
        if killed is None:
            raise NotCarried(f"the outcome does not give how many of {display(faction)}'s Troops the Sandstorm kills")
        if not killed:
            continue
        troops = _set(troops, faction, m.to, pos.troops_in(m.to, faction) - killed)
        st = pos.state(faction)
        if st.supply is not None:  # dice:171 "Return the killed Troops to their owner's supplies"
            factions[faction] = dataclasses.replace(st, supply=st.supply + killed)
    out = _written(data, pos, troops, factions, left=[m.to])
    out["sandstorm"] = m.to
    return out, []


def kanly(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:106-119, 189-190, 207, 224, 232, 239: the action's outcome applied (the card stolen to its new holder,
    the Troop removed or converted, the die destroyed or moved, the Alliance The Voice forces), and the target die
    used: off its Faction slot into the actor's personal supply (dice:103 "used as target dice", dice:87)."""
    m = pos.move
    assert isinstance(m, KanlyMove)
    o = verdict.outcome
    dice = _Dice(data, pos)
    troops = list(pos.troops)
    out_alliances: list[list[str]] | None = None
    notes: list[str] = []
    if "stolen" in o:
        card, holder = o["stolen"], o.get("holder")
        if holder != m.faction:
            raise NotCarried("the outcome does not say who holds the stolen card")
        target_cards = list(pos.state(m.target).held)
        if card in target_cards:  # the rule checked the target holds it (dice:109)
            target_cards.remove(card)
        if pos.state(m.target).cards_known:
            dice.replace(m.target, cards=target_cards)
        if not dice.state(m.faction).cards_known:
            raise NotCarried(
                f"the position does not give 'factions.{m.faction}.cards': the cards {display(m.faction)} holds "
                f"with the stolen {card} card are not known"
            )
        dice.replace(m.faction, cards=[*dice.state(m.faction).held, card])
        if o.get("dice_destroyed"):
            # dice:190: from its Faction mat, the target die aside (it is used, dice:103): a choice only where the
            # mat holds more dice than that
            mine = dice.state(m.faction)
            slots = [slot for slot in mine.dice if slot != m.target for _ in mine.faces(slot)]
            if len(slots) != o["dice_destroyed"]:
                raise NotCarried(
                    f"which {o['dice_destroyed']} of {display(m.faction)}'s dice it destroys to steal the Landsraad "
                    "card is the player's choice (dice:88, 190), which the move does not say"
                )
            for slot in slots:
                dice.use(m.faction, slot, to="common")
            notes.append(
                f"{display(m.faction)} destroys the {len(slots)} dice on its Faction mat besides the target die, all "
                "it has there, to steal the Landsraad card (dice:190)"
            )
        if o.get("landsraad_die_returned_to") == m.target:  # dice:189: back to its supply
            dice.use(m.target, "landsraad")
    if m.kanly_action in ("assassinate", "piter-de-vries"):
        region = o.get("region")
        lost = (o.get("losses") or {}).get(m.target)
        if region is None or lost != 1:
            raise NotCarried("the outcome does not give the Region of the Troop taken")
        troops = _set(troops, m.target, region, pos.troops_in(region, m.target) - 1)
        dice.add_supply(m.target, 1)  # dice:114, 150: back to its owner's supply
        if m.kanly_action == "piter-de-vries":
            converted = o.get("converted")
            if converted is None:
                raise NotCarried(
                    "the outcome does not say whether the Troop is converted or killed (the Harkonnen "
                    "supply is not given)"
                )
            if converted:  # dice:150: replaced by one of the converter's own
                troops = _set(troops, "harkonnen", region, pos.troops_in(region, "harkonnen") + 1)
                dice.add_supply("harkonnen", -1)
    if o.get("destroyed") == "ship":  # dice:232: the target's Ship die to the common supply
        dice.use(m.target, "ship", to="common")
    if "moved" in o:  # dice:224: one unused die to another slot, its face kept
        ((frm, to),) = o["moved"].items()
        faces = dice.state(m.target).faces(frm)
        if len(set(faces)) != 1:
            raise NotCarried(f"which of the dice on {display(m.target)}'s {frm} slots Imperial Decree moves")
        dice.use(m.target, frm, to=to)
    if "allied" in o:  # dice:239: the two allied; the target's die on the Voice's slot goes to its supply
        out_alliances = [*[list(p) for p in pos.alliances], list(o["allied"])]
        if m.faction in dice.state(m.target).dice:
            dice.use(m.target, m.faction)
    dice.use(m.faction, m.target)  # the target die, used
    notes.append(
        f"{display(m.faction)}'s die on the {display(m.target)} slot is used: to its personal supply (dice:87, 103)"
    )
    out = dice.written(data, pos, troops, left=[str(o["region"])] if "region" in o else [])
    if out_alliances is not None:
        out["alliances"] = out_alliances
    return out, notes + dice.notes


def propose_alliance(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:100-102: the proposal accepted: the two allied for the round, and each re-assigns the die on the other's
    Faction slot (the outcome's ``reassign``) to the slot and number the move's ``placed`` names, gaining the
    outcome's bonus dice (``gained``, dice:85). A proposal declined (dice:99) changes nothing a position records."""
    m = pos.move
    assert isinstance(m, ProposeAllianceMove)
    o = verdict.outcome
    pair = (m.faction, m.with_)
    dice = _Dice(data, pos)
    for me, them in (pair, pair[::-1]):
        if (o.get("reassign") or {}).get(me) != 1:
            raise NotCarried(f"the outcome does not give the die {display(me)} re-assigns")
        placed = [p for p in m.placed if p.faction == me]
        if len(placed) != 1:
            raise NotCarried(
                f"where {display(me)} places the die it re-assigns from the {display(them)} slot is its choice "
                "(dice:101): give it in move.placed ({faction, slot, face})"
            )
        p = placed[0]
        if p.slot in dice.state(me).dice:
            raise NotCarried(
                f"{display(me)}'s {p.slot} slot already holds a die: the die goes to an empty slot "
                "(dice:101); Mentat does not tell grouped slots apart yet"
            )
        gained = (o.get("gained") or {}).get(me)
        dice.use(me, them, to=p.slot, face=p.face, bonus=gained)
    after = dice.written(data, pos, list(pos.troops))
    after["alliances"] = [*[list(x) for x in pos.alliances], list(pair)]
    bad = _invalid(after)
    if bad:
        raise NotCarried(f"the re-assigned dice as move.placed puts them make a position the rules forbid ({bad})")
    note = f"{display(m.faction)} and {display(m.with_)} allied for the round and exchanged Alliance cards (dice:100)"
    return after, [note, *dice.notes]


def combat(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:147-155, 233: the Region as the outcome leaves it (``region_after``), each Faction's Troops that left it
    to its supply (``losses``) or, evacuated, to its board; Leaders discarded; the token's controller; and the
    Combat dice: those that killed to the personal supply, the others back on their slots as they fell (dice:147)."""
    from checker.dice.kinds.combat import _sides

    m = pos.move
    assert isinstance(m, CombatMove)
    o = verdict.outcome
    after_in = o.get("region_after")
    losses = o.get("losses")
    if not isinstance(after_in, dict) or not isinstance(losses, dict):
        raise NotCarried("the outcome does not give the Troops left in the Region and those lost")
    dice = _Dice(data, pos)
    troops = list(pos.troops)
    evacuated = o.get("evacuated") or {}
    here = [f for f in FACTIONS if pos.troops_in(m.region, f) or f in after_in]
    for f in here:
        before, after = pos.troops_in(m.region, f), int(after_in.get(f, 0))
        if before - after != int(losses.get(f, 0)):
            raise NotCarried(f"the outcome's losses for {display(f)} do not match the Troops left in {m.region}")
        troops = _set(troops, f, m.region, after)
        evac = int(evacuated.get(f, 0))
        dice.add_supply(f, before - after - evac)  # dice:154: to their owner's supplies; dice:233: evacuated
        if evac:
            st = dice.state(f)
            dice.replace(f, board_troops=None if st.board_troops is None else st.board_troops + evac)
    for f, n in (o.get("leaders_discarded") or {}).items():  # dice:154: to their owner's supplies
        st = dice.state(f)
        dice.replace(f, leader=None if st.leader is None else st.leader - n)
    sides = _sides(pos, m, list(dict.fromkeys([*pos.faction_names, *m.sent, *m.rolls])))
    for f, faces in m.rolls.items():
        st = dice.state(f)
        chart = st.combat_chart
        if not all(x in chart for x in faces):
            raise NotCarried(f"the position does not give {display(f)}'s Combat dice chart for every face it rolled")
        killers = [x for x in faces if chart[x] > 0]
        against = sum(n for g, n in m.sent.items() if sides.get(g) and sides.get(g) != sides.get(f))
        if sum(chart[x] for x in killers) > against:
            raise NotCarried(
                f"which of {display(f)}'s Combat dice killed (dice:147): they could kill more Troops "
                "than were sent against it"
            )
        if st.dice and len(st.faces("combat")) != len(faces):
            raise NotCarried(
                f"{display(f)} rolled {len(faces)} Combat dice, not the {len(st.faces('combat'))} on its slots"
            )
        dice.set_faces(f, "combat", [x for x in faces if chart[x] == 0])  # back on their slots as they fell
        for _ in killers:
            dice.removed(f, "combat")
    token = pos.fortification_in(m.region)
    out = dice.written(data, pos, troops)
    if token is not None:
        who = o.get("token")
        if who is None:
            raise NotCarried(f"the outcome does not say who holds the token in {m.region}")
        i = pos.fortifications.index(token)
        out["fortifications"] = copy.deepcopy(data.get("fortifications") or [])
        out["fortifications"][i] = {**out["fortifications"][i], "controller": who}
    return out, dice.notes


def roll(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:91-93: every die of the personal supply (topped up) rolled and on its slot; the top-up's dice come from,
    or go to, the common supply (dice:88)."""
    m = pos.move
    assert isinstance(m, RollMove)
    rolled = verdict.outcome.get("dice_rolled")
    if not isinstance(rolled, int):
        raise NotCarried("the roll's outcome does not give the dice rolled")
    dice = _Dice(data, pos)
    st = dice.state(m.faction)
    if st.personal_dice is not None and dice.common is not None:
        dice.common -= rolled - st.personal_dice
    dice.replace(m.faction, dice=dict(m.placed), personal_dice=None if st.personal_dice is None else 0)
    return dice.written(data, pos, list(pos.troops)), dice.notes


def choam(data: dict[str, Any], pos: DicePosition, verdict: Verdict) -> Out:
    """dice:226: the Corrino's die gained from the common supply, rolled and on its slot; the Alliance step ends
    (``advance``)."""
    from checker.dice.kinds.choam import merged

    m = pos.move
    assert isinstance(m, ChoamMove)
    dice = _Dice(data, pos)
    if dice.common is not None:
        dice.common -= m.count
    dice.replace(m.faction, dice=merged(dice.state(m.faction).dice, m.placed))
    faces = [(slot, f) for slot, v in m.placed.items() for f in (v if isinstance(v, list) else [v])]
    if faces:
        where = ", ".join(f"a {f} on its {slot} slot" for slot, f in faces)
        dice.notes.append(f"{display(m.faction)} gain a die through the Reserves of the CHOAM (dice:226): {where}")
    else:
        dice.notes.append(
            f"the common supply is empty: {display(m.faction)} gain no die through the Reserves of the CHOAM "
            "(dice:88, 226)"
        )
    return dice.written(data, pos, list(pos.troops)), dice.notes


def _invalid(after: dict[str, Any]) -> str:
    """The rules a position (no move) breaks, '' when none."""
    from checker.engine import evaluate
    from checker.positions import load_position

    v = evaluate(load_position(copy.deepcopy(after)))
    return ", ".join(v.forbidding()) if v.verdict == "invalid-position" else ""


class _Dice:
    """The Factions' holdings as a move changes them: dice taken off slots (used, destroyed, moved), the bonus die
    a bonus-die slot gives (dice:85), the common supply (dice:88), Troops to and from the personal supply."""

    def __init__(self, data: dict[str, Any], pos: DicePosition) -> None:
        self.factions = dict(pos.factions)
        self.common: int | None = pos.common_dice
        self.common_given = "common_dice" in data
        self.notes: list[str] = []

    def state(self, f: str) -> DiceFaction:
        return self.factions.get(f) or DiceFaction()

    def replace(self, f: str, **changes: Any) -> None:
        self.factions[f] = dataclasses.replace(self.state(f), **changes)

    def add_supply(self, f: str, n: int) -> None:
        st = self.state(f)
        if st.supply is not None and n:
            if st.supply + n < 0:
                raise NotCarried(f"{display(f)} would have {st.supply + n} Troops in its supply")
            self.replace(f, supply=st.supply + n)

    def set_faces(self, f: str, slot: str, faces: list[int]) -> None:
        dice = {k: list(v) if isinstance(v, list) else v for k, v in self.state(f).dice.items()}
        if faces:
            dice[slot] = faces
        else:
            dice.pop(slot, None)
        self.replace(f, dice=dice)

    def use(self, f: str, slot: str, to: str = "personal", face: int | None = None, bonus: int | None = None) -> None:
        """One die off a slot: to the personal supply (used), the common supply (destroyed), or another slot
        (``face``: flipped to it; else its face kept)."""
        faces = self.state(f).faces(slot)
        if not faces:
            raise NotCarried(f"the position has no die on {display(f)}'s {slot} slot to take")
        kept = face if face is not None else faces[0]
        self.set_faces(f, slot, faces[1:])
        if to not in ("personal", "common"):
            self.set_faces(f, to, [*self.state(f).faces(to), kept])
        elif to == "common":
            if self.common is not None:
                self.common += 1
        else:
            self._personal(f, 1)
        self.removed(f, slot, bonus, back=False)

    def removed(self, f: str, slot: str, bonus: int | None = None, back: bool = True) -> None:
        """A die removed from a slot (``back``: to the personal supply): the bonus die it gains (dice:85), from the
        outcome (``bonus``) or the position's ``bonus_slots``."""
        if back:
            self._personal(f, 1)
        st = self.state(f)
        marked = st.bonus_slot(f, slot)
        if bonus is None and marked is not None:
            bonus = int(marked)
        if bonus is None:
            if st.personal_dice is not None:
                self.replace(f, personal_dice=None)
                self.notes.append(
                    f"the position gives no bonus_slots for {display(f)}: whether taking its die off "
                    f"the {slot} slot gains one (dice:85) is not said, so its personal_dice is left "
                    "unknown"
                )
            return
        if bonus and f == "atreides" and slot == "combat":
            raise NotCarried(
                "the Atreides gain a single bonus die a round for their right Combat die (dice:201), "
                "which the position does not track"
            )
        if bonus:
            if self.common is not None and self.common < bonus:
                raise NotCarried("the common supply holds no die to gain (dice:88)")
            if self.common is not None:
                self.common -= bonus
            self._personal(f, bonus)
            self.notes.append(
                f"{display(f)} gains {bonus} die from the common supply: its {slot} slot carries "
                "the bonus-die symbol (dice:85, 88)"
            )

    def _personal(self, f: str, n: int) -> None:
        st = self.state(f)
        if st.personal_dice is not None:
            self.replace(f, personal_dice=st.personal_dice + n)

    def written(
        self, data: dict[str, Any], pos: DicePosition, troops: list[Troops], left: Sequence[str] = ()
    ) -> dict[str, Any]:
        out = _written(data, pos, troops, self.factions, left=left)
        if self.common_given or self.common is not None:
            out["common_dice"] = self.common
        return out


# -- shared ---------------------------------------------------------------------------------------------------


def _no_reassign(verdict: Verdict) -> None:
    """dice:83: a move that needs the Re-Assign die on another slot puts it there with a face of the player's
    choosing, which neither the move nor the outcome gives."""
    if any("Re-Assign slot is taken to be re-assigned" in n for n in verdict.notes):
        raise NotCarried("Mentat does not carry a move that re-assigns the Re-Assign die (its new face) yet")


def _set(troops: list[Troops], faction: str, region: str, count: int) -> list[Troops]:
    """The Faction's Troops in a Region set to ``count`` (one entry, where its first one was; none for 0)."""
    if count < 0:
        raise NotCarried(f"{display(faction)} would have {count} Troops in {region}")
    out: list[Troops] = []
    placed = False
    for t in troops:
        if t.faction == faction and t.region == region:
            if not placed and count:
                out.append(dataclasses.replace(t, count=count))
            placed = True
        else:
            out.append(t)
    if not placed and count:
        out.append(Troops(faction=faction, region=region, count=count))
    return out


def _faction(state: DiceFaction) -> dict[str, Any]:
    """A Faction's entry as a file writes it: one die on a slot as its face, and ``bonus_slots: []`` kept where the
    file said no slot carries the symbol (left out, it would be unknown)."""
    out: dict[str, Any] = to_data(state)
    if "dice" in out:
        out["dice"] = {s: f[0] if isinstance(f, list) and len(f) == 1 else f for s, f in out["dice"].items()}
    if state.bonus_given and not state.bonus_slots:
        out["bonus_slots"] = []
    if state.dice_given and not state.dice:
        out["dice"] = {}  # none on its slots, as the file said (left out, they would be unknown)
    return out


def _written(
    data: dict[str, Any],
    pos: DicePosition,
    troops: list[Troops],
    factions: dict[str, DiceFaction],
    arrived: Sequence[str] = (),
    left: Sequence[str] = (),
) -> dict[str, Any]:
    """The position's data with its Troops and Factions as they now stand. A token in a Region Troops arrive in or
    leave keeps the controller the position had (written out, where the loader read it from who was there); one no
    one controlled that Troops now share, or whose controller has no Troop left beside it, is not carried."""
    out = {k: v for k, v in data.items() if k != "move"}
    if troops or "troops" in data:
        out["troops"] = to_data(troops)
    if factions or "factions" in data:
        out["factions"] = {name: _faction(state) for name, state in factions.items()}
    touched = set(arrived) | set(left)
    if not touched & {x.region for x in pos.fortifications}:
        return out
    tokens = copy.deepcopy(data.get("fortifications") or [])
    for i, x in enumerate(pos.fortifications):
        if x.region not in touched:
            continue
        control = pos.token_control(x.region)
        after = {t.faction for t in troops if t.region == x.region and t.count > 0}
        if not control.known:
            raise NotCarried(f"the position does not say who controls the token in {x.region}, where Troops move")
        if control.faction is None:
            if after:
                raise NotCarried(f"Mentat does not carry who takes the uncontrolled token in {x.region} (dice:158) yet")
            continue
        if control.faction not in after:
            raise NotCarried(
                f"Mentat does not carry a move that leaves {display(control.faction)}'s token in {x.region} "
                "without its Troops (dice:157, 159) yet"
            )
        tokens[i] = {**tokens[i], "controller": control.faction}
    out["fortifications"] = tokens
    return out
