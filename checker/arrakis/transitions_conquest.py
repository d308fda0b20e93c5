"""How a legal Conquest move (Dune: A Game of Conquest and Diplomacy) carries a position forward: what its
verdict's outcome says changes, written back in the published format, with the helpers of
:mod:`checker.arrakis.transitions` (its movement, whose outcome has the same shape, and its storm, once the sectors
the storm wrecks are given as it expects them).

The text prints no Tanks and no bank a position records: forces the storm, a sandworm or a battle destroys leave the
board (a faction that lists ``tanks`` is not carried over such a loss: where they go the text does not say), spice
paid to the bank leaves the game's factions. A killed leader is written to its faction's ``leaders_in_tanks``, the
list the Conquest battle reads as the leaders killed before (conquest.battle.killed-leader). No transition changes
the phase or the turn.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from checker.arrakis.kinds.conquest_battle import _in_hand
from checker.arrakis.position import BattleMove, BuyMove, FactionState, ForceGroup, Position, ShipMove, SpiceBlowMove
from checker.arrakis.transitions import _add, _decided, _gain, _sector_note, _spice, _written
from checker.arrakis.transitions import move as _board_move
from checker.arrakis.transitions import storm as _board_storm
from checker.engine import Verdict
from checker.game import NotCarried
from checker.model import to_data

Carried = tuple[dict[str, Any], list[str]]


def ship(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Forces from reserves into one territory (in the sector the move names; a territory of several sectors the
    move names none of is left to the player); the shipper pays the cost the verdict gives. conquest:29 names no
    payee, so the spice leaves the factions (the bank, conquest:5, is not a faction)."""
    m = pos.move
    assert isinstance(m, ShipMove)
    o = verdict.outcome
    _decided(o, "cost")
    if m.also_to or m.ally_support:
        raise NotCarried("Mentat does not carry a Conquest shipment to several places or paid in part by an ally")
    factions = dict(pos.factions)
    me = _spice(factions.get(m.faction), -o["cost"], m.faction)
    if me.reserves is not None and me.reserves < m.count:
        raise NotCarried(f"the position gives fewer forces in {m.faction}'s reserves than it ships")
    factions[m.faction] = dataclasses.replace(me, reserves=None if me.reserves is None else me.reserves - m.count)
    forces = _add(list(pos.forces), m.faction, m.to, m.sector, m.count, 0, pos)
    return _written(data, pos, forces, factions), _sector_note(pos, m.to, m.sector)


def move(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """One group to its destination (the board's move). conquest:29 moves one group a step: the move is written in
    the phase's history (``this_phase``), begun here where the position gives none, so a second move of the same
    faction is judged (conquest.movement.one-move)."""
    out, notes = _board_move(data, pos, verdict)
    m = pos.move
    if not isinstance(out.get("this_phase"), list):
        out["this_phase"] = [f"moved: {getattr(m, 'faction', '')}"]
        notes = [*notes, "this_phase begins with this move: what the phase saw before it is not recorded"]
    return out, notes


def storm(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """The storm to its new sector; what it wrecks on sand there leaves the board. conquest.storm.sand wrecks only
    where the storm stops (the verdict is unknown where anything exposed lies in a sector it passes over), so the
    board's storm transition takes the sector it stops in as the one it reached."""
    o = _spice_unknown(verdict.outcome, pos)
    _decided(o, "storm", "losses", "spice_lost")
    _no_tanks(pos, o["losses"])
    reached = copy.copy(verdict)
    reached.outcome = {**o, "sectors_crossed": [o["storm"]]}
    out, notes = _board_storm(data, pos, reached)
    if "spice" not in pos.given:  # the spice on the board stays unknown
        out.pop("spice", None)
    return out, notes


def _spice_unknown(o: dict[str, Any], pos: Position) -> dict[str, Any]:
    """An outcome whose only unknown is the spice lost, from a position that gives no spice: the spice on the board
    stays unknown after the move, so nothing of it is to remove (read as 0)."""
    unknown = o.get("unknown") or {}
    if "spice" in pos.given or set(unknown) != {"spice_lost"}:
        return o
    return {**{k: v for k, v in o.items() if k != "unknown"}, "spice_lost": 0}


def blow(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """A spice card: a first-turn sandworm is reshuffled (the position records no deck: nothing changes); a later
    one destroys the forces (Fremen ride it) and the spice on the previous card's territories, as its verdict
    gives them. A territory card's verdict is unresolved (conquest.blow.territory-card): never carried."""
    m = pos.move
    assert isinstance(m, SpiceBlowMove)
    o = _spice_unknown(verdict.outcome, pos)
    _decided(o, "losses", "spice_lost")
    _no_tanks(pos, o["losses"])
    where = set(m.previous_card_territories)
    forces = _lose(list(pos.forces), o["losses"], lambda g: g.territory in where, ", ".join(sorted(where)))
    spice = list(pos.spice)
    if o["spice_lost"]:
        there = [sp for sp in spice if sp.territory in where]
        if sum(sp.amount for sp in there) != o["spice_lost"]:
            raise NotCarried(f"the verdict gives the spice the sandworm destroys ({o['spice_lost']}) but not which")
        spice = [sp for sp in spice if sp not in there]
    out = _written(data, pos, forces, dict(pos.factions))
    if "spice" in pos.given or spice:
        out["spice"] = to_data(spice)
    return out, []


def buy(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """A market card: the buyer pays the price to the payee the verdict names (the Imperium's spice grows; the
    bank's is not recorded) and holds one more market card (a count the position does not give stays unknown)."""
    m = pos.move
    assert isinstance(m, BuyMove)
    o = verdict.outcome
    _decided(o, "cost", "paid_to")
    factions = dict(pos.factions)
    me = _spice(factions.get(m.faction), -o["cost"], m.faction)
    held = me.market_cards
    factions[m.faction] = dataclasses.replace(me, market_cards=None if held is None else held + 1)
    payee = o["paid_to"]
    if payee != "bank" and payee in factions:  # an Imperium whose spice the position does not give: still unknown
        factions[payee] = _gain(factions[payee], o["cost"])
    return _written(data, pos, list(pos.forces), factions), []


def battle(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Both sides' losses in the territory leave the board; each leader killed joins its faction's killed leaders
    (``leaders_in_tanks``); the spice gained goes behind the gainer's shield; the cards the verdict says a side
    loses leave its hand. Each as the verdict gives it; an outcome it leaves unknown (a Traitor call's leaders) is
    not carried."""
    m = pos.move
    assert isinstance(m, BattleMove)
    o = verdict.outcome
    _decided(o, "winner", "leaders_killed", "losses", "spice_gained", "cards_discarded")
    _no_tanks(pos, o["losses"])
    forces = _lose(list(pos.forces), o["losses"], lambda g: g.territory == m.territory, m.territory)
    factions = dict(pos.factions)
    for leader in o["leaders_killed"]:
        owner = next((f for f, st in factions.items() if leader in st.leaders), None)
        if owner is None:
            raise NotCarried(f"the position does not say whose leader {leader} is")
        st = factions[owner]
        factions[owner] = dataclasses.replace(st, leaders_in_tanks=[*st.leaders_in_tanks, leader])
    for who, gained in o["spice_gained"].items():
        if who in factions:  # a faction the position does not list holds spice it does not give
            factions[who] = _gain(factions[who], gained)
    for who, cards in _discards(m, o["cards_discarded"]).items():
        factions[who] = _discard(factions.get(who) or FactionState(), cards, who)
    return _written(data, pos, forces, factions), []


def _no_tanks(pos: Position, losses: dict[str, int]) -> None:
    """Conquest prints no Tanks: a faction whose forces are lost and that lists ``tanks`` would need a guess."""
    for faction, lost in losses.items():
        st = pos.factions.get(faction)
        if lost and st is not None and (st.tanks is not None or st.tanks_special is not None):
            raise NotCarried(
                f"the position lists {faction}'s tanks, and the Conquest text does not say where its {lost} lost "
                "forces go"
            )


def _lose(forces: list[ForceGroup], losses: dict[str, int], here: Any, where: str) -> list[ForceGroup]:
    """Each faction's losses taken from its groups ``here``: all of them where they hold exactly that many, or from
    its one group there; otherwise which forces the verdict means is not given."""
    for faction, lost in losses.items():
        mine = [i for i, g in enumerate(forces) if g.faction == faction and here(g)]
        total = sum(forces[i].total for i in mine)
        if total == lost:
            for i in mine:
                forces[i] = dataclasses.replace(forces[i], count=0, special=0)
        elif len(mine) == 1 and total > lost and not forces[mine[0]].special:
            forces[mine[0]] = dataclasses.replace(forces[mine[0]], count=forces[mine[0]].count - lost)
        else:
            raise NotCarried(f"the verdict gives {faction}'s losses ({lost}) but not which of its forces in {where}")
    return [g for g in forces if g.count or g.special]


def _discards(m: BattleMove, cards: list[str]) -> dict[str, list[tuple[str, str]]]:
    """Whose cards the verdict's ``cards_discarded`` are (the aggressor's plan's first, then the defender's), each
    with its place in the plan: a side loses every card it played or none (conquest:41, 49)."""
    sides = [m.aggressor, next(f for f in m.plans if f != m.aggressor)]
    played = {
        f: [(c, role) for c, role in ((m.plans[f].weapon, "weapon"), (m.plans[f].defense, "defense")) if c]
        for f in sides
    }
    chosen = {
        tuple(f for f, lose in zip(sides, key, strict=True) if lose and played[f])
        for key in ((a, d) for a in (False, True) for d in (False, True))
        if [c for f, lose in zip(sides, key, strict=True) if lose for c, _ in played[f]] == cards
    }
    if len(chosen) != 1:
        raise NotCarried(f"the verdict's cards discarded ({', '.join(cards)}) do not say whose they are")
    return {f: played[f] for f in next(iter(chosen))}


def _discard(state: FactionState, cards: list[tuple[str, str]], who: str) -> FactionState:
    """Cards leave a hand: by name where the position lists them, from the count where it gives one."""
    hand = state.hand
    if hand is None:
        return state
    if isinstance(hand, int):
        if hand < len(cards):
            raise NotCarried(f"the position gives {who} {hand} battle cards, fewer than the {len(cards)} it loses")
        return dataclasses.replace(state, hand=hand - len(cards))
    left = list(hand)
    for card, role in cards:
        i = _in_hand(card, role, left)
        if i is None:
            raise NotCarried(f"the position does not list {card!r} in {who}'s hand")
        left.pop(i)
    return dataclasses.replace(state, hand=left)
