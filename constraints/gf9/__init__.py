"""Dune, GF9 2019, Basic and Advanced (``gf9``): over the overview where gf9 is silent."""

from checker.rules import layer

layer("gf9", base="overview")
