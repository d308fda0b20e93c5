"""How a legal Dice Game move carries its position forward (``mentat apply``): what the verdict's outcome (and the
move itself) says changes, written back in the published format; every other key as the file gave it.

Nothing is worked out again. Where a consequence is not in the outcome, the answer is unresolved rather than a
guessed position: a die the Re-Assign slot sends to another slot (its new face is the player's choice, dice:83),
Troops arriving beside an uncontrolled token (who takes it, dice:158), a token's controller left without Troops
in its Region (dice:157, 159). Dice stay on their slots (the text says a die is "used" for an action only where
it says so, dice:87; every die left on the board goes to the personal supply at the end of the round, dice:177),
and the step is not advanced (the position does not record which Factions have taken theirs).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from typing import Any

from checker.dice.position import (
    DiceFaction,
    DicePosition,
    FortifyMove,
    MoveMove,
    RecruitMove,
    SandstormMove,
    ShipMove,
    Troops,
    display,
)
from checker.engine import Verdict
from checker.game import NotCarried
from checker.model import to_data

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
    if st.board_troops is not None:  # unknown stays unknown
        factions[m.faction] = dataclasses.replace(st, board_troops=st.board_troops - m.count)
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
    return _written(data, pos, troops, dict(pos.factions), arrived=[m.to], left=left), []


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
    return _written(data, pos, troops, factions, left=left), []


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
