"""Dune: The Dice Game (``dice``): a game of its own, the Dice Game family's only ruleset.

No base and no fallback: where the Dice Game's text is silent, no other book speaks for it (a
question it leaves open answers ``unresolved``). The text does not print its map's borders, Faction
boards' slots, Kanly or Combat charts: a position gives the facts a question needs.
"""

from checker.rules import layer

layer("dice", family="checker.dice", kinds="dice-", title="Dune: The Dice Game")
