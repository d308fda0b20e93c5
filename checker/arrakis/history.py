"""The phase's history, as a game record writes it (``Position.this_phase``): what the phase has seen so far, read
by the rules a lone position cannot answer (the storm moved, the blows resolved, a faction's Shipment and Movement
turn, the players who passed on the card up for bid). The transitions write it (checker/arrakis/transitions.py:
``happened``)."""

from __future__ import annotations

from dataclasses import dataclass

from checker.arrakis.position import Position

COLLECTED = "collected:"  # "collected: TERRITORY": a faction collected spice there
SHIPPED, MOVED = "shipped:", "moved:"  # "shipped: FACTION", "moved: FACTION"
PASSED = "passed:"  # "passed: FACTION": a faction passed on the card up for bid (a GF9 or overview auction)
SOLD = "card-sold"  # a card of the auction won
NAMED = (COLLECTED, SHIPPED, MOVED, PASSED)  # the entries that name a territory or a faction


@dataclass
class FactionTurn:
    """What the phase's history says of one faction's Shipment and Movement turn (gf9:201); None: not known."""

    shipped: bool | None  # it shipped this phase
    moved: bool | None  # it moved this phase
    over: bool | None  # another faction acted after it began its turn: its turn is finished


def faction_turn(pos: Position, faction: str) -> FactionTurn | None:
    """The faction's turn as the phase's history tells it: ``this_phase``, and the faction's own keys a game record
    writes as it ships and moves (``shipped_this_phase``, ``made_ordinary_move``: checker/arrakis/transitions.py).
    Without ``this_phase`` only those keys are known: that it shipped or moved (what came before the record's start,
    and whether its turn is over, stay unknown); None when the position gives neither."""
    state = pos.factions.get(faction)
    shipped_key = bool(state is not None and state.shipped_this_phase)
    moved_key = bool(state is not None and state.made_ordinary_move)
    if pos.this_phase is None:
        if not (shipped_key or moved_key):
            return None
        return FactionTurn(shipped=True if shipped_key else None, moved=True if moved_key else None, over=None)
    acts = [
        (e.split(":", 1)[0] + ":", e.split(":", 1)[1].strip()) for e in pos.this_phase if e.startswith((SHIPPED, MOVED))
    ]
    mine = [i for i, (_, who) in enumerate(acts) if who == faction]
    over = bool(mine) and any(who != faction for _, who in acts[mine[0] :])
    return FactionTurn(
        shipped=shipped_key or (SHIPPED, faction) in acts, moved=moved_key or (MOVED, faction) in acts, over=over
    )


GUILD = "spacing-guild"  # its turn may come out of storm order (gf9:443), and others' turns around it


def acted_later_in_order(pos: Position, faction: str) -> list[str] | None:
    """The factions after ``faction`` in storm order (gf9:69: counterclockwise from the storm) that have shipped or
    moved this phase (``this_phase``): once one has, ``faction``'s own Shipment and Movement turn is past (gf9:201).
    The Guild, which may take its turn out of order (gf9:443), is left out. None where the position does not give
    the phase's history, the storm, or the seats of ``faction`` and of each faction that has acted."""
    if pos.this_phase is None:
        return None
    mine = pos.storm_order(faction)
    if mine is None:
        return None
    acted = dict.fromkeys(e.split(":", 1)[1].strip() for e in pos.this_phase if e.startswith((SHIPPED, MOVED)))
    later: list[str] = []
    for other in acted:
        if other in (faction, GUILD):
            continue
        theirs = pos.storm_order(other)
        if theirs is None:
            return None
        if theirs > mine:
            later.append(other)
    return later


def passed_on_card(history: list[str]) -> set[str]:
    """The factions that passed since the last card was sold (or the phase began): those who passed on the card up
    for bid, no card sold in between."""
    sold = max((i for i, e in enumerate(history) if e == SOLD), default=-1)
    return {e.removeprefix(PASSED).strip() for e in history[sold + 1 :] if e.startswith(PASSED)}
