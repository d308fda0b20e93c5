"""Dune: The Dice Game (``dice``): a game of its own, the Dice Game family's only ruleset.

No base and no fallback: where the Dice Game's text is silent, no other book speaks for it (a
question it leaves open answers ``unresolved``). The text does not print its map's borders, Faction
boards' slots, Kanly or Combat charts: a position gives the facts a question needs.
"""

from checker.rules import layer

layer(
    "dice",
    family="checker.dice",
    kinds="dice-",
    title="Dune: The Dice Game",
    # The book has a chapter per section, per step of the round (dice:89 "Roll the Dice Step", 96, 106, 120, ...)
    # and per Faction (dice:198-246); these sub-headings stay in the chapter above them.
    book_subheadings=(
        r"(Re-Assign Slots|Bonus-Die Slots|Use, Destroy, and Gain Dice"  # dice:82-88, under Rounds (dice:64)
        r"|Alliance Abilities"  # dice:104 under the Alliance Step, dice:195 under Factions
        r"|Plot|Assassinate|Steal Cards"  # dice:111-119, under the Kanly Step
        r"|Fortifications & Strongholds|Send Troops & Leaders to Combat|Combat Dice|Combat Result"  # under Combat
        r"|Leader: .*)"  # dice:205, 211, ...: each under its Faction
    ),
    book_links=("The map as the text gives it, and what a position's `board` adds: {doc}`/dice-map`.",),
)
