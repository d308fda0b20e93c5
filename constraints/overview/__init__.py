"""The overview and player reference of classic Dune (``overview``): over gf9 where the overview is silent."""

from checker.rules import layer
from constraints.gf9 import from_conquest

# overview:105 defers faction advantages to the Player Sheets, which the overview does not print; gf9 prints them.
layer(
    "overview",
    family="checker.arrakis",
    fallback="gf9",
    title="the overview of classic Dune, then GF9 where it is silent",
    names={"imperium": "emperor"},  # Conquest's Imperium is the Emperor's house
    carry=from_conquest,
    removes={
        # overview:61 "Wherever 2+ players occupy the same territory, battles occur." names one exception only,
        # the storm (overview:102); gf9's peace in the Polar Sink (gf9:237, 245) is not the overview's.
        "gf9.battle.polar-sink": "overview:61 has a battle wherever two players share a territory, the Polar Sink "
        "included (only the storm parts them, overview:102)",
        # overview:107 lets non-allied players make verbal deals with no word of the game they play (binding deals
        # are not among overview:106's Advanced additions); gf9:339 makes them an Advanced rule.
        "gf9.deals.deal-advanced": "overview:107 lets non-allied players make verbal deals in any game",
    },
)
