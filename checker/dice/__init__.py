"""Dune: The Dice Game, a game family of its own: its position model, map, kinds of question, setup and drawing.

The machinery (engine, rules, CLI) imports this package by name only, for a position whose ruleset's
layer says ``family="checker.dice"`` (constraints/dice/__init__.py). It imports nothing of the
Arrakis family.

Kinds of question: ``dice-position`` (a position with no move: components, setup, the end of a
round), and one per move action (``dice-ship``, ``dice-move``, ...), each in
``checker/dice/kinds/<module>.py``. A kind whose module does not exist yet is not listed, so its
questions answer ``unresolved`` (the machinery's ``unencoded``) until it is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checker.dice.position import load_position, schema, with_move
from checker.dice.setup import new_dice
from checker.dice.svg import draw
from checker.family import Family


def _advance(data: dict[str, Any], done: str | None, move: dict[str, Any] | None) -> tuple[dict[str, Any], list[str]]:
    from checker.dice.advance import advance  # imported when a game is carried forward, not when a position is read

    return advance(data, done, move)


def _round_and_step(data: dict[str, Any]) -> tuple[str, str]:
    """``("Round 3", "Ship")``: the round and its step (dice:66-77) as a page of a game names them."""
    number, step = data.get("round"), str(data.get("step") or "")
    return (f"Round {number}" if number is not None else "", step.replace("-", " ").capitalize())


def _offered(ruleset: str) -> dict[str, list[str]]:
    """The names ``mentat serve``'s page offers: the Factions and the Regions the text names (dice:55-61)."""
    from checker.dice.board import text_board
    from checker.dice.position import FACTIONS

    factions, regions = list(FACTIONS), text_board().names
    out = {key: factions for key in ("faction", "target", "with", "turn_order", "alliances")}
    return out | {key: regions for key in ("to", "from", "region", "sandstorm")}


# the kinds whose rules read what the round has seen, and the Faction's key a record writes for it
_ROUND_HISTORY = {"dice-ship": "shipped_this_round", "dice-move": "moves_this_round"}


def _history_given(data: dict[str, Any], faction: str | None, kind: str) -> bool:
    """Whether the position says what the Faction did earlier this round that the kind's rules read (its Troops
    shipped, its moves: dice:127-128, 132), as a game record writes it."""
    state = (data.get("factions") or {}).get(faction) if faction else None
    return isinstance(state, dict) and isinstance(state.get(_ROUND_HISTORY.get(kind, "")), int)


# kind name -> module under checker/dice/kinds (the move actions of the spec behind the layer's "dice-")
KIND_MODULES = {
    "dice-position": "position",
    "dice-recruit": "recruit",
    "dice-ship": "ship",
    "dice-move": "move",
    "dice-kanly": "kanly",
    "dice-propose-alliance": "alliance",
    "dice-combat": "combat",
    "dice-fortify": "fortify",
    "dice-sandstorm": "sandstorm",
    "dice-roll": "roll",
    "dice-choam": "choam",
}
_HERE = Path(__file__).resolve().parent / "kinds"

FAMILY = Family(
    name="dice",
    title="Dune: The Dice Game",
    kinds={k: f"checker.dice.kinds.{m}" for k, m in KIND_MODULES.items() if (_HERE / f"{m}.py").exists()},
    load=load_position,
    with_move=with_move,
    schema=schema,
    new=new_dice,
    draw=draw,
    transitions={
        f"dice-{kind}": f"checker.dice.transitions:{kind.replace('-', '_')}"
        for kind in (
            "ship",
            "move",
            "recruit",
            "fortify",
            "sandstorm",
            "kanly",
            "propose-alliance",
            "combat",
            "roll",
            "choam",
        )
    },
    stretch=lambda data: data.get("round"),
    judged_by_history=tuple(_ROUND_HISTORY),
    history_given=_history_given,
    turn_and_phase=_round_and_step,
    advance=_advance,
    playout="checker.dice.playout:PLAYOUT",
    offered=_offered,
    board_keys={
        "pieces": "troops",
        "place": "region",
        "counts": ("count",),
        "storm": "sandstorm",
        "storm_by": "place",
        # the step of the round each move is made in (dice:67-77), which the page offers to set when it differs
        "phase_key": "step",
        "phase_of": {
            "propose-alliance": "alliance",
            "kanly": "kanly",
            "recruit": "recruit",
            "ship": "ship",
            "move": "move",
            "combat": "combat",
            "fortify": "fortify",
            "sandstorm": "sandstorm",
            "roll": "roll",
            "choam": "alliance",
        },
    },
)
