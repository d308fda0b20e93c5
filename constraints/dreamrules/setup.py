"""Dreamrules: the game, the board, setup and the turn (dreamrules:72-196), and the faction chapters' "At start".

A dreamrules position is GF9's Advanced game (dreamrules:17 "Dreamrules builds on GF9's Advanced Game"): the
position is judged as the start as gf9 judges it (turn 1, the Storm phase, the storm on the Storm Start sector,
before its first move; the first storm is placed "unchanged in Dreamrules", dreamrules:200). GF9's starting numbers
stay in force where the faction chapters print the same ones (Atreides 1038, Harkonnen 1056, Emperor 1076, Guild
1094, Fremen 1114 and 162: gf9.setup.*); this file states what Dreamrules adds or changes.

Readings of the text:

* dreamrules:164, 1142 "one troop in an unoccupied territory and one in the Polar Sink, leaving eighteen in
  reserves": exactly one troop in the Polar Sink and one in one other territory; "unoccupied" when the Bene
  Gesserit place it, after the Atreides, Harkonnen, Guild (144) and Fremen (162) and before the Ixians (166): no
  troop of those four may share it (the Ixians' Surveyor may arrive later). Which side the troop shows is not
  said (gf9:371's "alone it becomes a fighter" is not repeated): a start showing an advisor there is unresolved.
* dreamrules:166, 1210: the Ixians' three Cyborgs (special) and three Suboids (ordinary) aboard the Surveyor
  (``surveyor: true``), six Cyborgs and eight Suboids in reserves (``reserves_special: 6``, ``reserves: 8``).
* dreamrules:170 "Each faction starts with one Treachery Card; Harkonnen receives its extra card": GF9's card
  rules stand for the six; the Ixians and the Bene Tleilax hold one.
* dreamrules:130 "The six Fate Indicators correspond to the six worthless cards": one indicator a card, so no two
  factions hold the same; the text names no worthless card, so the GF9 deck's five (Baliset, Jubba Cloak, Kulon,
  La La La, Trip to Gamont) are the worthless cards a position can name; Orange Catholic Bible is not one (130).
* dreamrules:134 "Set aside the seven standard tech tokens. None starts with a faction. ... Put the Shield Wall
  markers within reach. Fremen take two Thumpers": at the start no faction holds a tech token or the Carryall,
  no marker is on the Shield Wall, the Fremen hold two Thumpers and no other faction any.
* dreamrules:152 "You cannot choose your own leader as your traitor" (Harkonnen, who keeps all four, apart: 150).
* dreamrules:1086, 1122, 1220, 1222: the special troops are the Emperor's five Sardaukar, the Fremen's three
  Fedaykin and the Ixians' nine Cyborgs; the Ixians' ordinary troops are eleven Suboids (the Emperor's fifteen and
  the Fremen's seventeen follow from twenty troops each, 1076, 1114).
* dreamrules:158 sets up the Bene Tleilax "in the v0.8 six-player setup"; other player counts are council
  question #1860 (1358); no game of more than six players is described.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from checker.arrakis.kinds.position import DREAM_CODES, PositionFacts, names
from checker.facts import all_of, any_of
from checker.names import display, possessive, whose
from checker.rules import Rule, chapter, gap, restates, rule, set_aside
from constraints.overview.position import allies_kept_apart, overview_allies_apart

chapter(
    "position",
    "dreamrules:72-196,1036-1038,1054-1056,1074-1076,1086,1092-1094,1112-1114,1122,1140-1142,1166-1168,1208-1210,"
    "1220-1222,1232-1234",
)

BG = DREAM_CODES.index("bene-gesserit")
FREMEN = DREAM_CODES.index("fremen")
EMPEROR = DREAM_CODES.index("emperor")
HARKONNEN = DREAM_CODES.index("harkonnen")
TLEILAX = DREAM_CODES.index("bene-tleilax")
IXIANS = DREAM_CODES.index("ixians")
SPECIAL = {EMPEROR: 5, FREMEN: 3, IXIANS: 9}  # dreamrules:1086, 1122, 1220
ORDINARY = {EMPEROR: 15, FREMEN: 17, IXIANS: 11}  # 20 less the five Sardaukar / three Fedaykin; 1222 Suboids
WORTHLESS_WORDS = "Baliset, Jubba Cloak, Kulon, La La La or Trip to Gamont"

# -- the overview, board and turn chapters: set aside, with the reason ---------------------------------------------
set_aside("dreamrules:74", "narrative: what the game is about")
set_aside(
    "dreamrules:76,78,112",
    "summary of victory (three strongholds, four for allies, the Shield Wall and tech tokens): the victory "
    "chapter's rules decide it (dreamrules:672-700), at the Mentat Pause",
)
set_aside("dreamrules:80", "narrative: what faction advantages are; each is ruled where it acts")
set_aside(
    "dreamrules:84,94,102",
    "the board's territories and sectors: the GF9 board's data (constraints/data/arrakis-board.yaml), which "
    "every position's names and sectors are checked against when it is read",
)
set_aside("dreamrules:86", "narrative: the kinds of territory; each kind's rules are where they act")
set_aside(
    "dreamrules:88,98",
    "where troops go (reserves, Tanks): the position's reserves and tanks keys; the mine rule it mentions is the "
    "spice-blow chapter's (dreamrules:286-292)",
)
set_aside(
    "dreamrules:90",
    "spice's uses, and keeping bribes and token income apart from it: the bribe_pile and tech_tokens keys; each "
    "payment is ruled where it is made",
)
set_aside("dreamrules:92", "narrative: what a battle plan is; the battle chapter rules it")
set_aside(
    "dreamrules:104",
    "the fifteen Spice Blow territories: the GF9 spice deck's data (constraints/data/gf9-components.yaml), "
    "which the blow move's card is checked against",
)
set_aside("dreamrules:108", "spice mines: the spice-blow chapter's (dreamrules:286-292) and the mine keys")
set_aside(
    "dreamrules:116",
    "table conduct: how the factions at the table are chosen and seated (the position lists them; seats)",
)
set_aside(
    "dreamrules:118",
    "the eight factions: checked when a position is read (a faction outside them is an input error, exit 2); "
    "unused factions simply are not listed",
)
set_aside(
    "dreamrules:122",
    "table conduct: laying out the board, markers and banks; the turn marker on turn one is the start's turn: 1",
)
set_aside("dreamrules:124", "component list: preparing the decks; the Supplies cache is kept apart (dreamrules:750)")
set_aside(
    "dreamrules:128",
    "component list: the Dreamrules deck, whose names a position may use (constraints/data/dreamrules-cards.yaml); "
    "a card it removes or does not print is an input error",
)
set_aside("dreamrules:138", "table conduct: the player area (spice behind the shield, bribe pile and tokens in front)")
set_aside(
    "dreamrules:140",
    "table conduct: explaining the factions' powers; no deal at setup is a question of the deal kinds (bribe), "
    "not of a position's numbers",
)
set_aside(
    "dreamrules:144",
    "points to the faction chapters' starting numbers, encoded with them (gf9.setup.* where the numbers are "
    "GF9's, dreamrules.setup.* where they differ)",
)
set_aside(
    "dreamrules:146",
    "the prediction's timing and secrecy: table conduct; what it names stays GF9's rule (gf9.setup.bg-predicts-"
    "other, gf9:361), which Dreamrules does not change",
)
# dreamrules:150 "Deal four Traitor cards to each faction except Bene Tleilax. Normally, choose one enemy leader as
#                 your traitor and return the other cards. Harkonnen keeps all four."
# Each faction keeps one traitor, Harkonnen all four: the rules in force say the same (overview:25, gf9:423); that
# the one kept is not your own leader is dreamrules.setup.traitor-not-own's (dreamrules:152).
restates("dreamrules:150", "overview.setup.keep-one-traitor", "gf9.setup.harkonnen-traitors")
# dreamrules:1062 (Harkonnen) "Keep all four Traitor Cards during setup. If you draw at least two of your own leaders,
#                  or at least three leaders from one faction, you may call a mulligan that makes everyone redraw."
# Keeping all four is GF9's rule unchanged (gf9:423); the mulligan is a redraw before the starting position, which a
# position does not record.
restates("dreamrules:1062", "gf9.setup.harkonnen-traitors")
# dreamrules:236 "An alliance has at most two factions. ..."
# dreamrules:556 "An alliance contains at most two factions. Alliances are public, and a faction can belong to only
#                 one at a time. ..."
# A position's alliances, GF9's rules unchanged (gf9:131, 141); the ally move's are restated in alliances.py.
restates("dreamrules:236", "gf9.position.alliance-size")
restates("dreamrules:556", "gf9.position.alliance-size", "gf9.position.one-alliance")
# dreamrules:1154 (Bene Gesserit) "... Each territory has one posture for your troops. ..."
# GF9's rule unchanged (gf9:371).
restates("dreamrules:1154", "gf9.position.bg-one-side")
set_aside("dreamrules:154", "table conduct: keeping the unchosen traitor cards apart for the Bene Tleilax")
set_aside(
    "dreamrules:158",
    "the Bene Tleilax's traitor cards: it keeps one traitor (overview.setup.keep-one-traitor asks the same); its "
    "four Face Dancer cards have no position key; other player counts are the gap dreamrules.setup.tleilax-players",
)
# GF9's starting numbers, printed again in the faction chapters (gf9:397, 343, 421, 387, 431): the gf9.setup.* rules
# judging them quote these lines too under dreamrules.
# dreamrules:162  "Fremen divides ten starting troops between False Wall West, False Wall South and Sietch Tabr. Its
#                  other ten troops remain in reserves."
# dreamrules:1114 (Fremen) "10 troops distributed on the board (see setup). 10 in reserves. Start with 3 spice."
restates("dreamrules:162", "gf9.setup.fremen-board", "gf9.setup.fremen-reserves")
restates("dreamrules:1114", "gf9.setup.fremen-board", "gf9.setup.fremen-reserves", "gf9.setup.fremen-spice")
# dreamrules:1038 (Atreides) "10 troops in Arrakeen and 10 in reserves. Start with 10 spice."
restates("dreamrules:1038", "gf9.setup.atreides-board", "gf9.setup.atreides-reserves", "gf9.setup.atreides-spice")
# dreamrules:1056 (Harkonnen) "10 troops in Carthag and 10 in reserves. Start with 10 spice."
restates("dreamrules:1056", "gf9.setup.harkonnen-board", "gf9.setup.harkonnen-reserves", "gf9.setup.harkonnen-spice")
# dreamrules:1076 (Emperor) "20 troops in reserves. Start with 10 spice."
restates("dreamrules:1076", "gf9.setup.emperor-board", "gf9.setup.emperor-reserves", "gf9.setup.emperor-spice")
# dreamrules:1094 (Spacing Guild) "5 troops in Tuek's Sietch and 15 troops in reserves. Start with 5 spice."
restates("dreamrules:1094", "gf9.setup.guild-board", "gf9.setup.guild-reserves", "gf9.setup.guild-spice")
set_aside(
    "dreamrules:172",
    "the first storm is the storm chapter's (dreamrules:200); the Spice draw sequence awaits #1837 and #1838, and "
    "no position key holds the Spice decks",
)
set_aside("dreamrules:176", "ten phases in order, ten turns at most: the position's phase and turn keys (1 to 10)")
set_aside("dreamrules:180", "narrative: a faction's text changes a rule only where it says so (as gf9:9)")
set_aside(
    "dreamrules:184",
    "storm order: the first player and the order of bidding and shipment, read by the kinds that take turns",
)
set_aside("dreamrules:188", "table conduct: announcing actions in time for responses")
# dreamrules:192 (who may keep notes, and #1850, the record of a public deal) is the note kind's:
# constraints/dreamrules/alliances.py.
set_aside("dreamrules:196", "narrative: what Spice Collection and Mentat do; their chapters rule them")


# -- helpers ------------------------------------------------------------------------------------------------------


def _at(s: PositionFacts, faction: str) -> int:
    return s.factions.index(faction)


def _present(faction: str) -> Callable[[PositionFacts], bool]:
    return lambda s: s.at_start and faction in s.factions


def _each(v: Any, code: int, term: Callable[[int], Any]) -> Any:
    """``term(f)`` for the faction whose Dreamrules code is ``code``."""
    return all_of(z3.Implies(v.f_dr_code[f] == code, term(f)) for f in range(len(v.f_dr_code)))


def _n(k: int, word: str, plural: str = "") -> str:
    return f"{k} {word if k == 1 else plural or word + 's'}"


# -- the Bene Gesserit: two troops on the board, eighteen in reserve ------------------------------------------------
# dreamrules:164  "Bene Gesserit places one troop in an unoccupied territory and one in the Polar Sink, leaving
#                  eighteen in reserves."
# dreamrules:1142 "1 in an unoccupied territory, 1 in the polar sink, 18 troops in reserves. 5 spice."


def _bg_places(s: PositionFacts) -> str:
    return f"{_n(s.bg_sink, 'troop')} in the Polar Sink and {s.bg_out} elsewhere"


@rule(
    "dreamrules.setup.bg-board",
    on="position",
    cites="dreamrules:164",
    see_also="dreamrules:1142",
    title="The Bene Gesserit start with one troop in the Polar Sink and one in another territory",
    forbids=lambda s, _: (
        f"The Bene Gesserit start with {_bg_places(s)}; dreamrules:164 places one in an unoccupied territory and "
        "one in the Polar Sink."
    ),
    permits=lambda s, _: f"The Bene Gesserit start with {_bg_places(s)}.",
    when=lambda s: _present("bene-gesserit")(s) and s.board_given,
    replaces=("gf9.setup.bg-advanced-board", "gf9.setup.bg-basic-board"),
    differs="gf9:371 puts one Advanced advisor in any territory; dreamrules:164 one troop in an unoccupied "
    "territory and one in the Polar Sink",
)
def bg_board(s: PositionFacts) -> bool:
    """At the start the Bene Gesserit have one troop in the Polar Sink and one in one other territory."""
    return s.bg_sink == 1 and s.bg_out == 1 and s.bg_out_places == 1


@bg_board.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.bg_sink == 1, v.bg_out == 1, v.bg_out_places == 1)


@rule(
    "dreamrules.setup.bg-unoccupied",
    on="position",
    cites="dreamrules:164",
    see_also="dreamrules:144,162,166",
    title="The Bene Gesserit's starting troop goes to an unoccupied territory",
    forbids="The Bene Gesserit's starting troop outside the Polar Sink shares its territory with another "
    "faction's troops placed before it; dreamrules:164 places it in an unoccupied territory.",
    permits="The Bene Gesserit's starting troop outside the Polar Sink stands where no faction placed before it is.",
    when=lambda s: _present("bene-gesserit")(s) and s.bg_out > 0,
)
def bg_unoccupied(s: PositionFacts) -> bool:
    """The territory of the Bene Gesserit's starting troop holds no troop of a faction placed before it (all but
    the Ixians, whose Surveyor is placed after, dreamrules:166)."""
    return not s.bg_out_shared


@bg_unoccupied.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.bg_out_shared)


gap(
    "dreamrules.setup.bg-posture",
    on="position",
    cites="dreamrules:164",
    see_also="dreamrules:1158",
    title="Which side the Bene Gesserit's starting troop shows",
    reason="the Bene Gesserit's starting troop outside the Polar Sink shows the advisor side: dreamrules:164 "
    "places 'one troop' and does not say which side it shows (GF9's 'alone it becomes a fighter', gf9:371, is not "
    "repeated; dreamrules:1158 flips lone advisors only at the start of Shipment and Movement)",
    when=lambda s: s.at_start and "bene-gesserit" in s.factions and s.bg_out_advisor,
)


def _res(s: PositionFacts, f: int) -> int:
    return int(s.f_reserves[f])


@rule(
    "dreamrules.setup.bg-reserves",
    on="position",
    cites="dreamrules:164",
    see_also="dreamrules:1142",
    title="The Bene Gesserit's starting troops in reserve: eighteen",
    forbids=lambda s, _: (
        f"The Bene Gesserit start with {_n(_res(s, _at(s, 'bene-gesserit')), 'troop')} in reserve; dreamrules:164 "
        "leaves eighteen."
    ),
    permits=lambda s, _: f"The Bene Gesserit start with {_res(s, _at(s, 'bene-gesserit'))} troops in reserve.",
    when=lambda s: _present("bene-gesserit")(s) and s.reserves_given[_at(s, "bene-gesserit")],
    replaces="gf9.setup.bg-reserves",
    differs="gf9:359, 371 leave nineteen Bene Gesserit forces in reserve; dreamrules:164, 1142 eighteen",
)
def bg_reserves(s: PositionFacts) -> bool:
    """At the start the Bene Gesserit have eighteen troops in reserve."""
    return _res(s, _at(s, "bene-gesserit")) == 18


@bg_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return _each(v, BG, lambda f: v.f_reserves[f] == 18)


# -- the Ixians and the Bene Tleilax: the factions GF9 does not print ----------------------------------------------
# dreamrules:166  "Ixians places the Hidden Mobile Surveyor in a non-stronghold territory, with three Cyborgs and
#                  three Suboids aboard. The remaining six Cyborgs and eight Suboids are in reserves."
# dreamrules:1210 "3 Cyborgs & 3 Suboids in the HMS. 6 Cyborgs and 8 Suboids in Reserves. 10 spice."
# dreamrules:1168 "20 troops in reserves. Start with 10 spice."
# dreamrules:170  "Each faction starts with one Treachery Card; Harkonnen receives its extra card."


@rule(
    "dreamrules.setup.ixians-board",
    on="position",
    cites="dreamrules:166",
    see_also="dreamrules:1210",
    title="The Ixians start with three Cyborgs and three Suboids aboard the Surveyor, none elsewhere",
    forbids=lambda s, _: (
        f"The Ixians start with {_n(s.f_aboard_special[_at(s, 'ixians')], 'Cyborg')} and "
        f"{_n(s.f_aboard[_at(s, 'ixians')], 'Suboid')} aboard the Surveyor and "
        f"{s.f_board[_at(s, 'ixians')] - s.f_aboard[_at(s, 'ixians')] - s.f_aboard_special[_at(s, 'ixians')]} "
        "elsewhere on the board; dreamrules:166 puts three Cyborgs and three Suboids aboard."
    ),
    permits="The Ixians start with three Cyborgs and three Suboids aboard the Hidden Mobile Surveyor.",
    when=lambda s: _present("ixians")(s) and s.board_given,
)
def ixians_board(s: PositionFacts) -> bool:
    """At the start the Ixians' board troops are three Cyborgs and three Suboids, all aboard the Surveyor."""
    f = _at(s, "ixians")
    return s.f_aboard_special[f] == 3 and s.f_aboard[f] == 3 and s.f_board[f] == 6


@ixians_board.z3
def _(v: Any) -> z3.BoolRef:
    return _each(v, IXIANS, lambda f: z3.And(v.f_aboard_special[f] == 3, v.f_aboard[f] == 3, v.f_board[f] == 6))


@rule(
    "dreamrules.setup.ixians-suboids",
    on="position",
    cites="dreamrules:166",
    see_also="dreamrules:1210",
    title="The Ixians start with eight Suboids in reserve",
    forbids=lambda s, _: (
        f"The Ixians start with {_n(_res(s, _at(s, 'ixians')) - s.f_reserves_special[_at(s, 'ixians')], 'Suboid')} "
        "in reserve; dreamrules:166 leaves eight."
    ),
    permits="The Ixians start with eight Suboids in reserve.",
    when=lambda s: _present("ixians")(s) and s.reserves_given[_at(s, "ixians")],
)
def ixians_suboids(s: PositionFacts) -> bool:
    """At the start the Ixians have eight Suboids (ordinary troops) in reserve."""
    f = _at(s, "ixians")
    return _res(s, f) - s.f_reserves_special[f] == 8


@ixians_suboids.z3
def _(v: Any) -> z3.BoolRef:
    return _each(v, IXIANS, lambda f: v.f_reserves[f] - v.f_reserves_special[f] == 8)


@rule(
    "dreamrules.setup.ixians-cyborgs",
    on="position",
    cites="dreamrules:166",
    see_also="dreamrules:1210",
    title="The Ixians start with six Cyborgs in reserve",
    forbids=lambda s, _: (
        f"The Ixians start with {_n(s.f_reserves_special[_at(s, 'ixians')], 'Cyborg')} in reserve; dreamrules:166 "
        "leaves six."
    ),
    permits="The Ixians start with six Cyborgs in reserve.",
    when=lambda s: _present("ixians")(s) and s.special_given[_at(s, "ixians")],
)
def ixians_cyborgs(s: PositionFacts) -> bool:
    """At the start the Ixians have six Cyborgs (special troops) in reserve."""
    return s.f_reserves_special[_at(s, "ixians")] == 6


@ixians_cyborgs.z3
def _(v: Any) -> z3.BoolRef:
    return _each(v, IXIANS, lambda f: v.f_reserves_special[f] == 6)


@rule(
    "dreamrules.setup.tleilax-board",
    on="position",
    cites="dreamrules:1168",
    title="The Bene Tleilax start with all twenty troops in reserves",
    forbids=lambda s, _: (
        f"The Bene Tleilax start with {_n(s.f_board[_at(s, 'bene-tleilax')], 'troop')} on the board; "
        "dreamrules:1168 keeps all twenty in reserves."
    ),
    permits="The Bene Tleilax start with no troop on the board.",
    when=lambda s: _present("bene-tleilax")(s) and s.board_given,
)
def tleilax_board(s: PositionFacts) -> bool:
    """At the start the Bene Tleilax have no troop on the board."""
    return s.f_board[_at(s, "bene-tleilax")] == 0


@tleilax_board.z3
def _(v: Any) -> z3.BoolRef:
    return _each(v, TLEILAX, lambda f: v.f_board[f] == 0)


@rule(
    "dreamrules.setup.tleilax-reserves",
    on="position",
    cites="dreamrules:1168",
    title="The Bene Tleilax start with twenty troops in reserve",
    forbids=lambda s, _: (
        f"The Bene Tleilax start with {_n(_res(s, _at(s, 'bene-tleilax')), 'troop')} in reserve; "
        "dreamrules:1168 gives twenty."
    ),
    permits="The Bene Tleilax start with twenty troops in reserve.",
    when=lambda s: _present("bene-tleilax")(s) and s.reserves_given[_at(s, "bene-tleilax")],
)
def tleilax_reserves(s: PositionFacts) -> bool:
    """At the start the Bene Tleilax have twenty troops in reserve."""
    return _res(s, _at(s, "bene-tleilax")) == 20


@tleilax_reserves.z3
def _(v: Any) -> z3.BoolRef:
    return _each(v, TLEILAX, lambda f: v.f_reserves[f] == 20)


@dataclass(frozen=True)
class Number:
    faction: str
    short: str
    cites: str
    what: str  # spice | cards
    want: int


NUMBERS = (
    Number("ixians", "ixians", "dreamrules:1210", "spice", 10),
    Number("bene-tleilax", "tleilax", "dreamrules:1168", "spice", 10),
    Number("ixians", "ixians", "dreamrules:170", "cards", 1),
    Number("bene-tleilax", "tleilax", "dreamrules:170", "cards", 1),
)


def _number_rule(nb: Number) -> Rule:
    code = DREAM_CODES.index(nb.faction)
    name = display(nb.faction)
    field_name = "f_spice" if nb.what == "spice" else "f_hand"
    word = "spice" if nb.what == "spice" else "Treachery Card"

    def value(s: PositionFacts) -> int:
        return int(getattr(s, field_name)[_at(s, nb.faction)])

    def say(k: int) -> str:
        return f"{k} spice" if nb.what == "spice" else _n(k, word)

    def given(s: PositionFacts) -> bool:
        f = _at(s, nb.faction)
        return bool(s.spice_given[f] if nb.what == "spice" else s.given[f][2])

    def check(s: PositionFacts) -> bool:
        return value(s) == nb.want

    check.__doc__ = f"At the start {name} has {say(nb.want)}."
    present = _present(nb.faction)
    r = rule(
        f"dreamrules.setup.{nb.short}-{nb.what}",
        on="position",
        cites=nb.cites,
        title=f"{possessive(name)} starting {'spice' if nb.what == 'spice' else 'Treachery Cards'}: {nb.want}",
        forbids=lambda s, _: f"{name} start with {say(value(s))}; {nb.cites} gives {say(nb.want)}.",
        permits=lambda s, _: f"{name} start with {say(value(s))}.",
        when=lambda s: present(s) and given(s),
    )(check)
    r.z3(lambda v: _each(v, code, lambda f: getattr(v, field_name)[f] == nb.want))
    return r


NUMBER_RULES = [_number_rule(nb) for nb in NUMBERS]


# -- the Hidden Mobile Surveyor ------------------------------------------------------------------------------------
# dreamrules:1232 "During setup, place the Hidden Mobile Surveyor in any territory that is not a stronghold. Treat
#                  it as a territory within that territory. It is not itself a stronghold."
# dreamrules:1234 "... Other factions cannot enter, including Bene Gesserit advisors."


@rule(
    "dreamrules.position.surveyor-not-stronghold",
    on="position",
    cites="dreamrules:1232",
    see_also="dreamrules:166,1238",
    title="The Hidden Mobile Surveyor stands in a territory that is not a stronghold",
    forbids=lambda s, _: (
        f"The Hidden Mobile Surveyor stands in {s.surveyor_at}, a stronghold; it is placed in a "
        "territory that is not a stronghold and moves through none (dreamrules:1232)."
    ),
    permits=lambda s, _: f"The Hidden Mobile Surveyor stands in {s.surveyor_at}, not a stronghold.",
    when=lambda s: s.surveyor_given,
)
def surveyor_not_stronghold(s: PositionFacts) -> bool:
    """The Surveyor stands in a territory that is not a stronghold."""
    return not s.surveyor_stronghold


@surveyor_not_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.surveyor_stronghold)


def _strangers(s: PositionFacts) -> list[str]:
    return [
        display(f)
        for i, f in enumerate(s.factions)
        if s.f_dr_code[i] != IXIANS and s.f_aboard[i] + s.f_aboard_special[i] > 0
    ]


@rule(
    "dreamrules.position.surveyor-ixians-only",
    on="position",
    cites="dreamrules:1234",
    title="Only Ixian troops are aboard the Surveyor",
    forbids=lambda s, _: (
        f"{names(_strangers(s))} troops are aboard the Hidden Mobile Surveyor; other factions "
        "cannot enter it (dreamrules:1234)."
    ),
    permits="Only Ixian troops are aboard the Hidden Mobile Surveyor.",
    when=lambda s: any(a + b for a, b in zip(s.f_aboard, s.f_aboard_special, strict=True)),
)
def surveyor_ixians_only(s: PositionFacts) -> bool:
    """No faction but the Ixians has troops aboard the Surveyor."""
    return not _strangers(s)


@surveyor_ixians_only.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Or(v.f_dr_code[f] == IXIANS, v.f_aboard[f] + v.f_aboard_special[f] == 0) for f in range(len(v.f_dr_code))
    )


@rule(
    "dreamrules.position.surveyor-aboard-there",
    on="position",
    cites="dreamrules:1232",
    title="Troops aboard the Surveyor stand in the territory the Surveyor stands in",
    forbids=lambda s, _: (
        f"{_n(s.aboard_astray, 'troop')} aboard the Surveyor stand outside {s.surveyor_at}, where "
        "the Surveyor is: it is a territory within that territory (dreamrules:1232)."
    ),
    permits=lambda s, _: f"The troops aboard the Surveyor stand in {s.surveyor_at}, where it is.",
    when=lambda s: s.surveyor_given and any(a + b for a, b in zip(s.f_aboard, s.f_aboard_special, strict=True)),
)
def surveyor_aboard_there(s: PositionFacts) -> bool:
    """Every group aboard the Surveyor is in the territory the Surveyor stands in."""
    return s.aboard_astray == 0


@surveyor_aboard_there.z3
def _(v: Any) -> z3.BoolRef:
    return v.aboard_astray == 0


# -- special pieces at the start -----------------------------------------------------------------------------------
# dreamrules:134 "Set aside the seven standard tech tokens. None starts with a faction. Keep the Atreides Carryall
#                 separate for its Fate. Put the Shield Wall markers within reach. Fremen take two Thumpers; Ixians
#                 take the Hidden Mobile Surveyor."


def _token_holders(s: PositionFacts) -> list[str]:
    return [display(f) for f, k in zip(s.factions, s.f_tech, strict=True) if k]


@rule(
    "dreamrules.setup.no-tech-tokens",
    on="position",
    cites="dreamrules:134",
    title="No faction starts with a tech token",
    forbids=lambda s, _: (
        f"{names(_token_holders(s))} start with a tech token; dreamrules:134 sets them all aside "
        "(none starts with a faction, the Carryall comes only with the Atreides' Fate)."
    ),
    permits="No faction starts with a tech token.",
    when=lambda s: s.at_start,
)
def no_tech_tokens(s: PositionFacts) -> bool:
    """At the start no faction holds a tech token (the Carryall included)."""
    return not any(s.f_tech)


@no_tech_tokens.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(k == 0 for k in v.f_tech)


@rule(
    "dreamrules.setup.shield-wall-markers",
    on="position",
    cites="dreamrules:134",
    see_also="dreamrules:276",
    title="No Shield Wall marker at the start",
    forbids=lambda s, _: (
        f"The position starts with {_n(s.shield_markers, 'Shield Wall marker')}; dreamrules:134 "
        "puts the markers within reach, and only drawn Shai-Hulud cards add them (dreamrules:276)."
    ),
    permits="No Shield Wall marker at the start.",
    when=lambda s: s.at_start and s.shield_markers >= 0,
)
def shield_wall_markers(s: PositionFacts) -> bool:
    """At the start no marker is on the Shield Wall."""
    return s.shield_markers == 0


@shield_wall_markers.z3
def _(v: Any) -> z3.BoolRef:
    return v.shield_markers == 0


def _thumper_breaches(s: PositionFacts) -> list[str]:
    return [
        f"{display(f)} {_n(k, 'Thumper')}"
        for i, (f, k) in enumerate(zip(s.factions, s.f_thumpers, strict=True))
        if s.thumpers_given[i] and k != (2 if f == "fremen" else 0)
    ]


@rule(
    "dreamrules.setup.thumpers",
    on="position",
    cites="dreamrules:134",
    see_also="dreamrules:1128",
    title="The Fremen start with two Thumpers, no other faction with any",
    forbids=lambda s, _: (
        f"At the start: {names(_thumper_breaches(s))}; dreamrules:134 gives the Fremen two "
        "Thumpers and no other faction any."
    ),
    permits="At the start the Fremen hold two Thumpers, no other faction any.",
    when=lambda s: s.at_start and any(s.thumpers_given),
)
def thumpers(s: PositionFacts) -> bool:
    """At the start the Fremen hold two Thumpers and no other faction holds one."""
    return not _thumper_breaches(s)


@thumpers.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(k < 0, k == z3.If(c == FREMEN, 2, 0)) for k, c in zip(v.f_thumpers, v.f_dr_code, strict=True))


# -- Fate Indicators -----------------------------------------------------------------------------------------------
# dreamrules:130 "The six Fate Indicators correspond to the six worthless cards. Orange Catholic Bible is not a Fate
#                 match. ..."
# dreamrules:732 "During setup, each faction receives a Fate Indicator matching one of the six worthless cards."


def _not_worthless(s: PositionFacts) -> list[str]:
    return [f"{whose(f)} matches {c}" for f, c, k in zip(s.factions, s.fate_cards, s.f_fate, strict=True) if k == 99]


@rule(
    "dreamrules.position.fate-worthless",
    on="position",
    cites="dreamrules:130",
    see_also="dreamrules:732",
    title="A Fate Indicator matches a worthless card",
    forbids=lambda s, _: (
        f"{names(_not_worthless(s))}: a Fate Indicator matches a worthless card "
        f"({WORTHLESS_WORDS}), never Orange Catholic Bible (dreamrules:130)."
    ),
    permits="Every Fate Indicator given matches a worthless card.",
    when=lambda s: any(k >= 0 for k in s.f_fate),
)
def fate_worthless(s: PositionFacts) -> bool:
    """Every Fate Indicator given matches a worthless Treachery Card."""
    return not _not_worthless(s)


@fate_worthless.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(k != 99 for k in v.f_fate)


def _shared_fates(s: PositionFacts) -> list[str]:
    return sorted({c for c, k in zip(s.fate_cards, s.f_fate, strict=True) if k >= 0 and s.fate_cards.count(c) > 1})


@rule(
    "dreamrules.position.fate-distinct",
    on="position",
    cites="dreamrules:130",
    title="Each Fate Indicator is held once",
    forbids=lambda s, _: (
        f"Two factions hold the Fate Indicator of {names(_shared_fates(s))}; there is one "
        "indicator for each worthless card (dreamrules:130)."
    ),
    permits="No two factions hold the same Fate Indicator.",
    when=lambda s: sum(k >= 0 for k in s.f_fate) > 1,
)
def fate_distinct(s: PositionFacts) -> bool:
    """No two factions hold the Fate Indicator of the same card."""
    return not _shared_fates(s)


@fate_distinct.z3
def _(v: Any) -> z3.BoolRef:
    ks = v.f_fate
    return all_of(z3.Or(ks[a] < 0, ks[a] == 99, ks[a] != ks[b]) for a in range(len(ks)) for b in range(a + 1, len(ks)))


# -- traitors ------------------------------------------------------------------------------------------------------
# dreamrules:152 "... You cannot choose your own leader as your traitor."


def _own_traitors(s: PositionFacts) -> list[str]:
    return [
        display(f) for f, k, c in zip(s.factions, s.f_own_traitors, s.f_dr_code, strict=True) if k and c != HARKONNEN
    ]


@rule(
    "dreamrules.setup.traitor-not-own",
    on="position",
    cites="dreamrules:152",
    see_also="dreamrules:150",
    title="A faction choosing a traitor cannot choose its own leader",
    forbids=lambda s, _: (
        f"{names(_own_traitors(s))} start with their own leader as traitor; you cannot choose "
        "your own leader (dreamrules:152)."
    ),
    permits="No faction but Harkonnen starts with its own leader as traitor.",
    when=lambda s: s.at_start and any(t > 0 for t in s.f_traitors),
)
def traitor_not_own(s: PositionFacts) -> bool:
    """At the start no faction that chose a traitor (all but Harkonnen, dreamrules:150) holds its own leader."""
    return not _own_traitors(s)


@traitor_not_own.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(c == HARKONNEN, k == 0) for k, c in zip(v.f_own_traitors, v.f_dr_code, strict=True))


# -- the troops each faction owns ---------------------------------------------------------------------------------
# dreamrules:1086 "Your five starred troops are Sardaukar."
# dreamrules:1122 "Your three Fedaykin have double strength ..."
# dreamrules:1220 "Your nine Cyborgs ..."
# dreamrules:1222 "Your eleven Suboids ..."


def _special_cap(code: int) -> int:
    return SPECIAL.get(code, 0)


def _special_over(s: PositionFacts) -> list[str]:
    return [
        f"{display(f)} has {k}"
        for f, k, c in zip(s.factions, s.f_special, s.f_dr_code, strict=True)
        if k > _special_cap(c)
    ]


@rule(
    "dreamrules.position.special-troops",
    on="position",
    cites="dreamrules:1086,1122,1220",
    title="Special troops: five Sardaukar, three Fedaykin, nine Cyborgs; no other faction any",
    forbids=lambda s, _: (
        f"Special troops: {names(_special_over(s))}; the Emperor owns five Sardaukar, the Fremen "
        "three Fedaykin, the Ixians nine Cyborgs, no other faction any (dreamrules:1086, 1122, 1220)."
    ),
    permits="Special troops within the Emperor's five Sardaukar, the Fremen's three Fedaykin and the Ixians' nine "
    "Cyborgs.",
    replaces="gf9.position.special-forces",
    differs="gf9:41, 53 give special forces only to the Emperor (five) and Fremen (three); dreamrules:1220 also "
    "gives the Ixians nine Cyborgs",
)
def special_troops(s: PositionFacts) -> bool:
    """A faction's special tokens (board, reserves, Tanks) are at most the Emperor's five Sardaukar, the Fremen's
    three Fedaykin and the Ixians' nine Cyborgs; no other faction has any."""
    return not _special_over(s)


@special_troops.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        k <= z3.If(c == EMPEROR, 5, z3.If(c == FREMEN, 3, z3.If(c == IXIANS, 9, 0)))
        for k, c in zip(v.f_special, v.f_dr_code, strict=True)
    )


def _ordinary(s: PositionFacts, f: int) -> int:
    return int(s.f_board[f] + s.f_reserves[f] + s.f_tanks[f] - s.f_special[f])


def _ordinary_over(s: PositionFacts) -> list[str]:
    return [
        f"{display(name)} has {_ordinary(s, f)}"
        for f, name in enumerate(s.factions)
        if s.f_dr_code[f] in ORDINARY and _ordinary(s, f) > ORDINARY[s.f_dr_code[f]]
    ]


@rule(
    "dreamrules.position.ordinary-troops",
    on="position",
    cites="dreamrules:1086,1122,1222",
    title="Ordinary troops: fifteen Emperor, seventeen Fremen, eleven Ixian Suboids",
    forbids=lambda s, _: (
        f"Ordinary troops: {names(_ordinary_over(s))}; the Emperor owns fifteen besides its "
        "Sardaukar, the Fremen seventeen besides their Fedaykin, the Ixians eleven Suboids (dreamrules:1086, 1122, "
        "1222)."
    ),
    permits="Ordinary troops within the Emperor's fifteen, the Fremen's seventeen and the Ixians' eleven Suboids.",
    when=lambda s: any(c in ORDINARY for c in s.f_dr_code),
    replaces="gf9.position.ordinary-forces",
    differs="gf9:53 caps ordinary forces only for the Emperor (fifteen) and Fremen (seventeen); dreamrules:1222 "
    "also gives the Ixians eleven Suboids",
)
def ordinary_troops(s: PositionFacts) -> bool:
    """A faction's ordinary tokens (board, reserves, Tanks, special apart) are at most the Emperor's fifteen, the
    Fremen's seventeen and the Ixians' eleven Suboids."""
    return not _ordinary_over(s)


@ordinary_troops.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(
            z3.Or(*(c == k for k in ORDINARY)),
            v.f_board[f] + v.f_reserves[f] + v.f_tanks[f] - v.f_special[f]
            <= z3.If(c == EMPEROR, ORDINARY[EMPEROR], z3.If(c == FREMEN, ORDINARY[FREMEN], ORDINARY[IXIANS])),
        )
        for f, c in enumerate(v.f_dr_code)
    )


# -- what the book leaves open -------------------------------------------------------------------------------------

gap(
    "dreamrules.setup.players",
    on="position",
    cites="dreamrules:158",
    see_also="dreamrules:116,118",
    title="A Dreamrules game of more than six players",
    reason="the position has more than six players: Dreamrules describes its 'v0.8 six-player setup' "
    "(dreamrules:158) and prints no rule for more players, though it covers eight factions (dreamrules:118)",
    when=lambda s: s.players > 6,
    replaces="gf9.position.larger-groups",  # Dreamrules' own reason, in its own words
)

gap(
    "dreamrules.setup.tleilax-players",
    on="position",
    cites="dreamrules:1358",
    see_also="dreamrules:158,1340",
    title="The Bene Tleilax setup at other player counts (#1860)",
    reason="the starting position gives the Bene Tleilax's traitors in a game of other than six players: its traitor "
    "and Face "
    "Dancer setup is printed for the v0.8 six-player setup (dreamrules:158); other player counts are council "
    "question #1860 (dreamrules:1358), which would decide it",
    when=lambda s: (
        s.at_start and "bene-tleilax" in s.factions and s.players != 6 and s.f_traitors[_at(s, "bene-tleilax")] >= 0
    ),
)


# -- the hand limit and the Supplies cache ----------------------------------------------------------------------
# dreamrules:316 "... The normal hand limit is four; Harkonnen may hold eight. ..."
# dreamrules:746 "... a temporary cache of four basic cards ... They do not count toward your hand limit ..."


def _limit(s: PositionFacts, f: int) -> int:
    return 8 if s.f_harkonnen[f] else 4


def _counted(s: PositionFacts, f: int) -> int:
    return int(s.f_hand[f] - s.f_cache[f])


def _hand_over(s: PositionFacts) -> list[str]:
    return [
        f"{display(name)} holds {_n(_counted(s, f), 'card')} besides the Supplies cache, of {_limit(s, f)}"
        for f, name in enumerate(s.factions)
        if _counted(s, f) > _limit(s, f)
    ]


@rule(
    "dreamrules.position.hand-limit",
    on="position",
    cites="dreamrules:316,746",
    title="Hand limit four, Harkonnen eight; the Supplies cache does not count",
    forbids=lambda s, _: f"{names(_hand_over(s))}: the hand limit is four, Harkonnen's eight (dreamrules:316).",
    permits="Every hand is within its limit (four, Harkonnen eight), the Supplies cache cards not counted.",
    replaces="gf9.position.hand-limit",
)
def hand_limit(s: PositionFacts) -> bool:
    """A faction holds at most four Treachery Cards, Harkonnen eight, not counting Supplies cache cards."""
    return not _hand_over(s)


@hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(h - c <= z3.If(hk, 8, 4) for h, c, hk in zip(v.f_hand, v.f_cache, v.f_harkonnen, strict=True))


# -- allies kept apart: advisors and the Surveyor's troops coexist -------------------------------------------------
# dreamrules:568 "... You cannot finish the action together. The Polar Sink and explicit faction exceptions,
#                 including Bene Gesserit advisors, allow coexistence."
# dreamrules:1234 the Surveyor: "Other factions cannot enter": troops aboard are in a territory within the territory.


def _allies_together(s: PositionFacts) -> str:
    both = [
        (a, b, t)
        for (a, b, t), x, y, fx, fy in zip(
            s.ally_pairs, s.ally_a_in, s.ally_b_in, s.ally_a_fights, s.ally_b_fights, strict=True
        )
        if x and y and fx and fy
    ]
    return "; ".join(f"{display(a)} and {display(b)} are both in {t}" for a, b, t in both)


@rule(
    "dreamrules.position.allies-apart",
    on="position",
    cites="dreamrules:568",
    see_also="dreamrules:570,1154,1234",
    title="Allies do not share a territory after Shipment and Movement (Polar Sink, advisors, Surveyor excepted)",
    forbids=lambda s, _: (
        f"{_allies_together(s)} after Shipment and Movement: allies cannot finish together (the "
        "Polar Sink, Bene Gesserit advisors and troops aboard the Surveyor excepted, dreamrules:568)."
    ),
    permits=lambda s, _: (
        f"{allies_kept_apart(s)} share no territory but where advisors, the Surveyor or the Polar Sink allow it."
    ),
    needs=("phase_index",),
    when=overview_allies_apart.when,
    replaces="gf9.position.allies-apart",
    differs="gf9:143 makes Advanced advisors keep apart from an ally too; dreamrules:568 lets Bene Gesserit "
    "advisors coexist with it",
)
def allies_apart(s: PositionFacts) -> bool:
    """After Shipment and Movement no two allies both have troops that are neither advisors nor aboard the Surveyor
    in one territory (the Polar Sink aside)."""
    return not _allies_together(s)


@allies_apart.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(
        any_of(
            z3.And(x, y, fx, fy)
            for x, y, fx, fy in zip(v.ally_a_in, v.ally_b_in, v.ally_a_fights, v.ally_b_fights, strict=True)
        )
    )
