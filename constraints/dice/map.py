"""Dice Game, The Map (dice:54-61): the Regions and their kinds are board facts
(constraints/data/dice-board.yaml, checker/dice/board.py); the rules that read them live with the steps that
use them: adjacency in the Move step (dice.move.adjacent) and the Sandstorm step (dice.sandstorm.adjacent),
the Polar Sink in the Ship and Fortify steps (dice.ship.controlled, dice.fortify.polar-sink), the Sandstorm's
bounds in the Sandstorm step (dice.sandstorm.outer)."""

from __future__ import annotations

from checker.rules import chapter, set_aside

chapter("dice-move", "dice:55-61")

set_aside(
    "dice:57",
    "which five Regions are strategic is a board fact (constraints/data/dice-board.yaml); the victory rules "
    "(dice:63, 181-183) count them",
)
set_aside("dice:58", "says what the non-strategic Regions do not do: no rule reads it")
set_aside(
    "dice:59",
    "which Regions are cities or desert is a board fact (constraints/data/dice-board.yaml); its only use, the "
    "Fremen's Shai-Hulud (dice:217), is a combat rule",
)
