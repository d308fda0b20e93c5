"""Dreamrules: the Glossary (dreamrules:1250-1320), the draft status and council index (dreamrules:1322-1348, 1372,
1396-1398) and the acknowledgements (dreamrules:1400-1408).

The glossary defines terms the chapters use. Where a rule decides what a definition says, the rule names the line
(``see_also``): the bribe pile (1280: dreamrules.deals.bribe-pile), the committed leader (1284, 1316:
dreamrules.battle.traitor-not-committed, an earlier battle ended by a traitor "does not commit leaders"; a Ghola-
revived leader is the gap dreamrules.battle.ghola-leader). The rest are definitions of GF9 terms the rules in force
already use, set aside here with that reason. The draft status describes the book's sources and how to read its
notes; a line naming a council question decides nothing by itself (the chapters' lines tied to each question are the
unresolved rules).
"""

from __future__ import annotations

from checker.rules import set_aside

DEF = "a definition: {what}; it decides nothing by itself, and the rules in force use the term as defined"

set_aside(
    "dreamrules:1252",
    DEF.format(
        what="reserves and the Tanks (returning to reserves is not dying: dreamrules.storm.mine-reserves, "
        "dreamrules:292, applies it)"
    ),
)
set_aside("dreamrules:1256", DEF.format(what="territory and sector, as GF9 uses them (gf9's movement and storm rules)"))
set_aside(
    "dreamrules:1260",
    DEF.format(
        what="occupation and control; advisors' coexistence is dreamrules:1154's rule, encoded in the "
        "movement and battle chapters"
    ),
)
set_aside("dreamrules:1264", DEF.format(what="storm order, as GF9's; Guild interjection is the interject move"))
set_aside("dreamrules:1268", "a pointer to the following glossary entries")
set_aside("dreamrules:1272", DEF.format(what="Treachery Card, Traitor card and Fate Indicator"))
set_aside("dreamrules:1288", DEF.format(what="Infiltration; its rules are the Bene Tleilax chapter's (1188-1206)"))
set_aside("dreamrules:1292", DEF.format(what="tech token and spice mine; their rules are the collection chapter's"))
set_aside("dreamrules:1296", DEF.format(what="a troop token, counted apart from its strength, as GF9 counts forces"))
set_aside("dreamrules:1300", DEF.format(what="the dial, as GF9's battle wheel"))
set_aside(
    "dreamrules:1304",
    DEF.format(what="spice support; one spice a troop is GF9's rule in force (gf9.battle.dial-support)"),
)
set_aside("dreamrules:1308", DEF.format(what="battle strength, as GF9's battle total"))
set_aside(
    "dreamrules:1312",
    DEF.format(what="a committed troop and ordinary losses, as GF9's battle losses (gf9.battle.losses-*)"),
)
set_aside(
    "dreamrules:1320",
    DEF.format(what="the aggressor, as GF9's; who wins a tie is the battle chapter's rule"),
)

# -- Draft status and council questions ----------------------------------------------------------------------------
set_aside(
    "dreamrules:1324",
    "what the book contains; the playtest factions it names (Iduali, Moritani, Ecaz) are outside the ruleset",
)
set_aside(
    "dreamrules:1328",
    "the book's sources and their precedence: GF9 supplies unchanged base rules, which is how the ruleset is "
    "built (constraints/dreamrules/__init__.py, base 'gf9')",
)
set_aside(
    "dreamrules:1336",
    "how the book marks open questions: each is an unresolved rule beside the line naming it",
)
set_aside(
    "dreamrules:1344",
    "where the council index is kept: decides nothing by itself",
)
set_aside(
    "dreamrules:1348",
    "how to read a draft note: the ordinary rule stays usable, a note marks the unresolved boundary; Mentat's "
    "unresolved rules follow it, and no exception is invented",
)
set_aside(
    "dreamrules:1372",
    "names council question #1852 (Karama interaction review): a line naming a council question decides nothing "
    "by itself; the Karama interactions it covers are answered by the Karama chapter's rules",
)
set_aside("dreamrules:1398", "how to read the council list: its entries are not additional rules")
set_aside("dreamrules:1400,1402,1404,1406,1408", "acknowledgements")

# -- faction lines no position or move of an encoded kind can show -------------------------------------------------
# dreamrules:1062 (Harkonnen keeps all four Traitor Cards) is restated in setup.py (gf9.setup.harkonnen-traitors).
set_aside(
    "dreamrules:1156",
    "the Bene Gesserit's option, after another faction's move, to flip fighters to advisors: the move's legality and "
    "cost do not depend on it, and the posture chosen is the next position's `advisors` key",
)
set_aside(
    "dreamrules:1186",
    "the Bene Tleilax keep one traitor (overview.setup.keep-one-traitor asks the same, as for dreamrules:158); its "
    "four Face Dancer Cards and their dealing have no position key",
)
set_aside(
    "dreamrules:1192",
    "what Bene Tleilax may inspect while infiltrating (spice, cards, a battle plan): information, no verdict",
)
set_aside(
    "dreamrules:1194",
    "discarding and redrawing a Face Dancer Card during Mentat, and a promise to reshuffle one: no position key "
    "names Face Dancer Cards",
)
set_aside(
    "dreamrules:1216",
    "the Ixians' look at the deal and the auction batch (information), and splitting a batch into two piles: a "
    "bid position shows the card up for bid, not the piles, and no bid's legality depends on them",
)
# dreamrules:1218 (Technology) is the technology move's: constraints/dreamrules/technology.py.
