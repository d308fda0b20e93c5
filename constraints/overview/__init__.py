"""The overview and player reference of classic Dune (``overview``)."""

from checker.rules import layer

layer("overview")
