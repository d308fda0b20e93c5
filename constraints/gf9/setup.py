"""GF9: the starting position, and the general lines of the rules' opening pages.

How a position says "this is the start": turn 1, the Storm phase, the storm on the Storm Start sector
(sector 18, ``storm: 18``), placed and not yet moved (gf9:81-83) -- what ``mentat new`` writes. Nothing
happens before the storm's first move, so every number set up still stands; the verdict's notes say the
position was judged as the start. A turn-1 Storm-phase position with no ``storm`` is not judged as the start
(the storm may already have moved and killed forces): a note says how to ask.

Each faction text's setup sentence is read clause by clause, one rule each (forces on the board, reserves,
spice, Treachery Cards), so a finding names the faction, the clause and the position's number: "Harkonnen
starts with 8 forces in Carthag and 2 in Arrakeen; gf9:421 gives ten, all in Carthag." A number the position
does not give (no ``spice`` for a faction, no ``forces`` key) is not checked, and a note lists it.

Readings of the text:

* gf9:397 "ten forces divided as you choose between Sietch Tabr, False Wall South and False Wall West": any
  split, one territory alone included; in the Advanced game any of them may be Fedaykin (the text does not
  say which), so the ten on the board and the ten in reserve count ordinary and special tokens alike.
  The Advanced Emperor's fifteen and five (gf9:53) are the force-supply rules' (gf9.position.special-forces,
  gf9.position.ordinary-forces); with twenty in reserve they fix the split.
* gf9:359 begins "In Basic play"; gf9:51 says the Advanced advisor "replaces the Basic starting force in Polar
  Sink" and nothing else, and gf9:9 changes a general rule "only where it says so": the Advanced Bene Gesserit
  keeps the five spice and the one card of gf9:359, and its nineteen in reserve are said twice (359, 371).
* gf9:51 and gf9:371: the Advanced advisor goes into any territory; alone there it becomes a fighter, beside
  another faction's forces it stays an advisor.
* Traitors: gf9 says only that Harkonnen keeps all four (gf9:423); every other faction keeps one of its four
  (overview:25, the overview's rule where gf9 is silent: constraints/overview/setup.py). An empty
  ``traitors`` list is read as not given.
* gf9:361: the prediction names "one other faction": not the Bene Gesserit. Its turn, 1 to 10, is checked when
  the position is read (a turn outside is an input error, exit 2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from checker.arrakis.kinds.position import BASE_CODES, PositionFacts, names
from checker.facts import all_of
from checker.names import display, possessive
from checker.rules import Rule, chapter, gap, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("position", "gf9:13-53,343,359,361,371,387,397,421,423,431")

BG = BASE_CODES.index("bene-gesserit")
HARKONNEN = BASE_CODES.index("harkonnen")
WORDS = {0: "none", 1: "one", 2: "two", 3: "three", 5: "five", 10: "ten", 15: "fifteen", 19: "nineteen", 20: "twenty"}

# -- the general lines: set aside, with the reason (narrative, table conduct, component list, expansion) ---------
set_aside(
    "gf9:9",
    "narrative: how faction texts modify the general rules, the way every chapter is built (a faction's rule "
    "beside the general one, replacing it only where it says so); not a rule of its own",
)
set_aside(
    "gf9:15",
    "table conduct: choosing Basic or Advanced and the modules before setup; the position's 'ruleset' and "
    "'advanced' keys record the choice, and expansion modules are out of scope",
)
# gf9:17 (more than six players) is constraints/gf9/position.py's gap gf9.position.larger-groups.
set_aside(
    "gf9:33",
    "component list: where dead forces, reserves and spice are kept (the position's tanks, reserves and spice "
    "keys); who receives payments is ruled where each payment is (gf9:145-151, 389, 433)",
)
set_aside(
    "gf9:47",
    "table conduct: follow the setup steps in order; the table it mentions is not printed in the source, and "
    "the starting numbers are the faction texts' (gf9:343-431), encoded below",
)
set_aside(
    "gf9:71",
    "table conduct: complete one phase before the next; a position records one phase, and each kind of move "
    "is checked against it (gf9:201 and the kinds' phase rules)",
)
set_aside("gf9:75", "narrative: advice on planning a move")
set_aside(
    "gf9:79",
    "narrative: the Advanced additions are encoded where they apply, under the position's 'advanced' key",
)
set_aside(
    "gf9:519",
    "expansion out of scope: optional larger alliances, a variant the position format has no key for; the "
    "default holds (gf9:23, 131, 515)",
)
set_aside("gf9:523,525,527", "expansion out of scope: the contents of the expansion boxes")
set_aside(
    "gf9:529",
    "expansion out of scope: modules' setup and timing, and other rulesets (a position's 'ruleset' key picks one)",
)


# -- the faction texts' starting numbers ------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    faction: str
    short: str  # the rule ids' word
    line: str  # the faction text's setup sentence
    board: int
    reserves: int
    spice: int
    cards: int
    where: str  # the starting territories, in words


STARTS = (
    # gf9:343 "Start with ten forces in Arrakeen, ten in reserves, ten spice and one Treachery Card. ..."
    Start("atreides", "atreides", "gf9:343", 10, 10, 10, 1, "Arrakeen"),
    # gf9:359 "In Basic play start with one force in Polar Sink, nineteen in reserve, five spice and one
    #          Treachery Card. ..."
    Start("bene-gesserit", "bg", "gf9:359", 1, 19, 5, 1, "the Polar Sink"),
    # gf9:387 "Start with all twenty forces in reserves, ten spice and one Treachery Card. ..."
    Start("emperor", "emperor", "gf9:387", 0, 20, 10, 1, ""),
    # gf9:397 "Start with ten forces divided as you choose between Sietch Tabr, False Wall South and False
    #          Wall West, ten in reserves on Dune's far side, three spice and one Treachery Card. ..."
    Start("fremen", "fremen", "gf9:397", 10, 10, 3, 1, "Sietch Tabr, False Wall South and False Wall West"),
    # gf9:421 "Start with ten forces in Carthag, ten in reserves, ten spice and two Treachery Cards. ..."
    Start("harkonnen", "harkonnen", "gf9:421", 10, 10, 10, 2, "Carthag"),
    # gf9:431 "Start with five forces in Tuek's Sietch, fifteen in reserves, five spice and one Treachery Card. ..."
    Start("spacing-guild", "guild", "gf9:431", 5, 15, 5, 1, "Tuek's Sietch"),
)


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _at(s: PositionFacts, faction: str) -> int:
    return s.factions.index(faction)


def _present(faction: str) -> Callable[[PositionFacts], bool]:
    return lambda s: s.at_start and faction in s.factions


def _each(v: Any, code: int, term: Callable[[int], Any]) -> Any:
    """``term(f)`` for the faction whose code is ``code`` (the z3 forms read codes, the checks names)."""
    return all_of(z3.Implies(v.f_code[f] == code, term(f)) for f in range(len(v.f_code)))


def _places(s: PositionFacts, f: int) -> str:
    """'8 forces in Carthag and 2 in Arrakeen'."""
    parts = [f"{k} in {t}" for t, k in s.places[f]]
    if parts:
        k = s.places[f][0][1]
        parts[0] = f"{k} force{'' if k == 1 else 's'} in {s.places[f][0][0]}"
    return names(parts)


def _board_rule(st: Start, advanced: bool | None) -> Rule:
    """Forces on the board at the start: the number, and where."""
    code = BASE_CODES.index(st.faction)
    name = display(st.faction)
    anywhere = st.faction == "bene-gesserit" and advanced
    if anywhere:
        cites, see_also, line = "gf9:51,371", "gf9:359", "gf9:371"
        wanted = "one advisor in any territory"
    elif st.board:
        cites, see_also, line = st.line, "", st.line
        spread = "divided between" if st.faction == "fremen" else "all in"
        wanted = f"{WORDS[st.board]}, {spread} {st.where}" if st.board > 1 else f"one, in {st.where}"
    else:
        cites, see_also, line = st.line, "", st.line
        wanted = "all twenty in reserves"

    def forbids(s: PositionFacts, _: dict[str, Any]) -> str:
        f = _at(s, st.faction)
        have = _places(s, f) or "no force"
        return f"{name} starts with {have}; {line} gives {wanted}."

    def permits(s: PositionFacts, _: dict[str, Any]) -> str:
        f = _at(s, st.faction)
        return f"{name} starts with {_places(s, f) or 'no force on the board'}."

    def check(s: PositionFacts) -> bool:
        f = _at(s, st.faction)
        return s.f_home[f] == st.board and s.f_board[f] == st.board

    check.__doc__ = (
        f"At the start {name} has {wanted} on the board"
        + ("." if st.board or anywhere else ": none on the board.")
        + (" (Advanced)" if anywhere else "")
    )
    when = _present(st.faction)
    suffix = "advanced-board" if anywhere else ("basic-board" if advanced is False else "board")
    r = rule(
        f"gf9.setup.{st.short}-{suffix}",
        on="position",
        cites=cites,
        see_also=see_also,
        title=f"{possessive(name)} starting forces on the board: {wanted}" + (" (Advanced)" if anywhere else ""),
        forbids=forbids,
        permits=permits,
        when=lambda s: when(s) and s.board_given and (advanced is None or s.advanced == advanced),
        replaces="overview.setup.player-sheet",
    )(check)
    r.z3(lambda v: _each(v, code, lambda f: z3.And(v.f_home[f] == st.board, v.f_board[f] == st.board)))
    return r


def _number_rule(st: Start, what: str) -> Rule:
    """One number of the setup sentence: reserves, spice or Treachery Cards."""
    code = BASE_CODES.index(st.faction)
    name = display(st.faction)
    want = {"reserves": st.reserves, "spice": st.spice, "cards": st.cards}[what]
    field_name = {"reserves": "f_reserves", "spice": "f_spice", "cards": "f_hand"}[what]
    cites = "gf9:359,371" if st.faction == "bene-gesserit" and what == "reserves" else st.line
    see_also = "gf9:9,51" if st.faction == "bene-gesserit" and what != "reserves" else ""

    def say(k: int) -> str:
        if what == "reserves":
            return f"{_n(k, 'force')} in reserve"
        if what == "spice":
            return f"{k} spice"
        return _n(k, "Treachery Card")

    def given(s: PositionFacts) -> bool:
        f = _at(s, st.faction)
        return {"reserves": s.reserves_given[f], "spice": s.spice_given[f], "cards": s.given[f][2]}[what]

    def value(s: PositionFacts) -> int:
        return int(getattr(s, field_name)[_at(s, st.faction)])

    def check(s: PositionFacts) -> bool:
        return value(s) == want

    check.__doc__ = f"At the start {name} has {say(want).replace(str(want), WORDS[want], 1)}."
    present = _present(st.faction)
    word = {"reserves": "forces in reserve", "spice": "spice", "cards": "Treachery Cards"}[what]
    r = rule(
        f"gf9.setup.{st.short}-{what}",
        on="position",
        cites=cites,
        see_also=see_also,
        title=f"{possessive(name)} starting {word}: {WORDS[want]}",
        forbids=lambda s, _: f"{name} starts with {say(value(s))}; {st.line} gives {WORDS[want]}.",
        permits=lambda s, _: f"{name} starts with {say(value(s))}.",
        when=lambda s: present(s) and given(s),
        replaces="overview.setup.one-card" if what == "cards" else "overview.setup.player-sheet",
    )(check)
    r.z3(lambda v: _each(v, code, lambda f: getattr(v, field_name)[f] == want))
    return r


SETUP_RULES: list[Rule] = []
for _st in STARTS:
    if _st.faction == "bene-gesserit":
        SETUP_RULES += [_board_rule(_st, False), _board_rule(_st, True)]
    else:
        SETUP_RULES.append(_board_rule(_st, None))
    SETUP_RULES += [_number_rule(_st, w) for w in ("reserves", "spice", "cards")]


# gf9:51  "In the Advanced Game, Bene Gesserit places only one starting advisor in any territory after the
#          Fremen placement. If alone, it immediately becomes a fighter. ..."
# gf9:371 "After Fremen places its forces, put one advisor in any territory, leaving nineteen in reserve. If it
#          is alone it becomes a fighter. ..."


def _side_message(s: PositionFacts, _: dict[str, Any]) -> str:
    shown = "an advisor" if s.bg_start_advisor else "a fighter"
    if s.bg_start_alone:
        why = f"alone in {s.bg_start_territory}, the starting advisor becomes a fighter"
    else:
        why = f"beside another faction's forces in {s.bg_start_territory}, the starting advisor stays an advisor"
    return f"The Bene Gesserit's starting force shows {shown}; {why}."


@rule(
    "gf9.setup.bg-advisor-side",
    on="position",
    cites="gf9:51,371",
    title="Advanced: the Bene Gesserit's starting advisor, alone, becomes a fighter",
    forbids=_side_message,
    permits=_side_message,
    when=lambda s: s.at_start and s.advanced and bool(s.bg_start_territory),
)
def bg_advisor_side(s: PositionFacts) -> bool:
    """At the Advanced start the Bene Gesserit's force is an advisor beside another faction's forces, and a
    fighter where it is alone."""
    return s.bg_start_advisor != s.bg_start_alone


@bg_advisor_side.z3
def _(v: Any) -> z3.BoolRef:
    return v.bg_start_advisor == z3.Not(v.bg_start_alone)


# -- traitors ---------------------------------------------------------------------------------------------------
# gf9:423 "Keep all four traitor cards dealt at setup, including your own leaders. ..."


@rule(
    "gf9.setup.harkonnen-traitors",
    on="position",
    cites="gf9:423",
    title="Harkonnen keeps all four traitor cards dealt at setup",
    forbids=lambda s, _: (
        f"Harkonnen starts with {_n(s.f_traitors[_at(s, 'harkonnen')], 'traitor card')}; it keeps all four dealt."
    ),
    permits="Harkonnen keeps the four traitor cards dealt at setup.",
    when=lambda s: _present("harkonnen")(s) and s.f_traitors[_at(s, "harkonnen")] >= 0,
    replaces="overview.setup.player-sheet",
)
def harkonnen_traitors(s: PositionFacts) -> bool:
    """At the start Harkonnen holds four traitor cards (its own leaders among them, if so dealt)."""
    return s.f_traitors[_at(s, "harkonnen")] == 4


@harkonnen_traitors.z3
def _(v: Any) -> z3.BoolRef:
    return _each(v, HARKONNEN, lambda f: v.f_traitors[f] == 4)


# gf9:45 "If using Leader Skills, that module moves the starting Treachery deal before traitor selection.
#         Ixians, Tleilaxu, Ecaz and Moritani also have setup instructions; follow the appropriate expansion
#         book when they are in play."

gap(
    "gf9.setup.expansion-faction",
    on="position",
    cites="gf9:45",
    title="An expansion faction's setup is in its own book",
    reason="an expansion faction is in the starting position, and its setup is in its expansion book "
    "(gf9:45), not in GF9's text",
    when=lambda s: s.at_start and any(c < 0 for c in s.f_code),
)


# -- the Bene Gesserit's prediction -----------------------------------------------------------------------------
# gf9:361 "After player positions are set, secretly write down one other faction and one turn number. ..."


@rule(
    "gf9.setup.bg-predicts-other",
    on="position",
    cites="gf9:361",
    title="The Bene Gesserit predict another faction",
    forbids="The Bene Gesserit predict their own victory; the prediction names one other faction.",
    permits=lambda s, _: (
        f"The Bene Gesserit predict {display(s.prediction[0]) if s.prediction else ''}, another faction, on "
        f"turn {s.prediction[1] if s.prediction else ''}."
    ),
    when=lambda s: s.prediction is not None,
)
def bg_predicts_other(s: PositionFacts) -> bool:
    """The Bene Gesserit's prediction names a faction other than themselves (its turn, 1 to 10, is checked when
    the position is read)."""
    return s.prediction is not None and s.prediction[0] != "bene-gesserit"


@bg_predicts_other.z3
def _(v: Any) -> z3.BoolRef:
    return v.predicted_code != BG
