"""Dreamrules: "Why Dreamrules?" (dreamrules:1-33), the book's opening.

The opening states design goals and summarises the chapters that follow. Its rule-bearing sentences are cited,
as supporting lines (``see_also``), by the rules of the chapters they summarise: the Nexus deck after the Storm
(23: dreamrules.nexus.check), spice mines and the Shield Wall (25: dreamrules.collection.mine,
dreamrules.position.shield-wall), Fremen storm immunity (29: dreamrules.storm.fremen-immune); the Guild's lost
stallout victory (13) is the layer's removal of gf9.position.guild-special and dreamrules.position.fremen-turn-ten.
What remains is set aside here, each line with its reason.
"""

from __future__ import annotations

from checker.rules import set_aside

set_aside("dreamrules:1", "the designers' aims: no verdict depends on them")
set_aside("dreamrules:5,7", "design goals (balance, skill ceiling, counterplay): no verdict depends on them")
set_aside(
    "dreamrules:11",
    "GF9's Guild stallout victory, described as the reason for line 13, which removes it: the removal is "
    "encoded (the dreamrules layer removes gf9.position.guild-special; dreamrules.position.fremen-turn-ten)",
)
set_aside(
    "dreamrules:17",
    "the layering itself: Dreamrules is GF9's Advanced game plus what the book changes; that is how the ruleset "
    "is built (constraints/dreamrules/__init__.py: layer 'dreamrules' with base 'gf9'), and a dreamrules position "
    "is always read as the Advanced game (checker/arrakis/position.py); no single rule decides it. "
    "The rest of the line "
    "(what stays central, who the book is for) decides nothing",
)
set_aside(
    "dreamrules:21",
    "a summary of the Fate chapter (dreamrules:734-738): a Fate's play is dreamrules.cards.fate, and no special "
    "faction Karama power is granted (dreamrules:738)",
)
set_aside("dreamrules:19", "a heading ('What changes?')")
set_aside("dreamrules:33", "how to read the book: no verdict depends on it")
