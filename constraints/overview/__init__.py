"""The overview and player reference of classic Dune (``overview``): over gf9 where the overview is silent."""

from checker.rules import layer

# overview:105 defers faction advantages to the Player Sheets, which the overview does not print; gf9 prints them.
layer("overview", fallback="gf9", title="Overview (classic Dune quick reference), then GF9 where it is silent")
