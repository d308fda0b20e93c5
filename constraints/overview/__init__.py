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
)
