"""Dune, GF9 2019, Basic and Advanced (``gf9``): over the overview where gf9 is silent."""

from checker.rules import layer

layer(
    "gf9",
    base="overview",
    removes={
        "overview.movement.faction-advantages": "gf9 prints the Fremen's range (gf9:401): gf9.movement.fremen-range",
        "overview.battle.resolution": "gf9 resolves battles itself (gf9.battle.winner and the rules beside it)",
    },
)
