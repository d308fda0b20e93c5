"""Dreamrules v0.8 (``dreamrules``): a fan variant of GF9's Advanced game, as a delta over ``gf9``.

Like a python-chess variant, the layer states only what it changes: its own rules (new ones, and
those that ``replaces=`` a gf9 rule, each beside its lines), the gf9 rules it ``removes`` (with why),
and everything else is GF9's Advanced game unchanged (dreamrules:15 "Dreamrules builds on GF9's
Advanced Game"). A question the book leaves to its council (#1835 to #1862) answers ``unresolved``.
"""

from checker.rules import layer
from constraints.gf9 import from_conquest

layer(
    "dreamrules",
    base="gf9",
    title="Dreamrules v0.8, over GF9's Advanced game",
    removes={},
    names={"imperium": "emperor"},  # Conquest's Imperium is the Emperor's house
    carry=from_conquest,
    whole_game=True,  # a kind of question is answered only once the book's chapter on it is encoded
)
