"""Conquest, Setup (conquest:5-15): the factions, the traitors, the starting spice and forces."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.conquest import START_SPICE, ConquestPositionFacts
from checker.facts import all_of
from checker.names import display, plural
from checker.rules import chapter, rule, set_aside

STORM_START = 18  # the position format's numbering: sector 18 is the Storm Start sector

chapter("conquest-position", "conquest:5-15")

set_aside("conquest:15", "the roll for the first player marker: no position key records the rolls")


# conquest:5 "Put all spice tokens in the bank, then shuffle the spice, battle and market decks separately."


@rule(
    "conquest.setup.spice-in-bank",
    on="conquest-position",
    cites="conquest:5",
    see_also="conquest:13",
    title="All spice starts in the bank",
    forbids="{board_spice} spice lies on the board at the start (turn 1, storm): all spice tokens start in the bank.",
    permits="No spice lies on the board at the start.",
    when=lambda s: s.at_start and s.spice_given,
)
def spice_in_bank(s: ConquestPositionFacts) -> bool:
    """At the start every spice token is in the bank (or, conquest:11, with the players): none on the board."""
    return s.board_spice == 0


@spice_in_bank.z3
def _(v: Any) -> z3.BoolRef:
    return v.board_spice == 0


# conquest:7 "To assign factions, take one traitor card per faction, shuffle them and deal one to each player. ..."


@rule(
    "conquest.setup.players",
    on="conquest-position",
    cites="conquest:7",
    see_also="conquest:57",
    title="One faction per player: at most four players",
    forbids="{players} players: conquest deals each player one of its four factions.",
    permits="{players} players, each with a faction of the four.",
)
def players(s: ConquestPositionFacts) -> bool:
    """Each player is dealt one of the four factions (in Allies mode two players run two each), so a game
    has at most four players."""
    return s.players <= 4


@players.z3
def _(v: Any) -> z3.BoolRef:
    return v.players <= 4


@rule(
    "conquest.setup.factions-per-player",
    on="conquest-position",
    cites="conquest:7",
    see_also="conquest:57",
    title="One faction to each player (two in Allies mode)",
    forbids="{factions_named} factions for {players} players: each player is dealt one faction (two each only in a "
    "two-player Allies game).",
    permits="{factions_named} factions for {players} players.",
    when=lambda s: s.players >= 1,
)
def factions_per_player(s: ConquestPositionFacts) -> bool:
    """Each player is dealt one faction, so no more factions play than players; in a two-player game's Allies mode
    (conquest:57) each of the two runs two."""
    return s.factions_named <= (2 * s.players if s.players == 2 else s.players)


@factions_per_player.z3
def _(v: Any) -> z3.BoolRef:
    return v.factions_named <= z3.If(v.players == 2, 2 * v.players, v.players)


# conquest:9 "Remove the traitor cards for factions not in play, then shuffle the rest. Deal 4 traitor cards to
#            each player except the Harkonnen player; each of those players secretly keeps 1. Finally, the
#            Harkonnen player draws 8 cards in a four-player game and keeps 4."
# conquest:53 "... Harkonnens hold extra traitors. ..."


def _traitors_over(s: ConquestPositionFacts, _o: dict[str, Any]) -> str:
    bad = [
        f"{display(f)} holds {n} traitor cards"
        for f, n, hk in zip(s.factions, s.f_traitors, s.f_harkonnen, strict=True)
        if not hk and (n > 1 or (s.at_start and n == 0))
    ]
    return "; ".join(bad) + ": each player but the Harkonnen keeps 1 traitor card."


@rule(
    "conquest.setup.traitors",
    on="conquest-position",
    cites="conquest:9",
    title="Each player but the Harkonnen keeps one traitor",
    forbids=_traitors_over,
    permits="Each player but the Harkonnen holds one traitor card (or the position lists none).",
)
def traitors(s: ConquestPositionFacts) -> bool:
    """A player other than the Harkonnen keeps one of the four traitor cards dealt: never more."""
    return all(n <= 1 for n, hk in zip(s.f_traitors, s.f_harkonnen, strict=True) if not hk)


@traitors.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(hk, n <= 1) for n, hk in zip(v.f_traitors, v.f_harkonnen, strict=True))


@rule(
    "conquest.setup.allies-traitors",
    on="conquest-position",
    cites="conquest:9,57",
    title="Traitors in Allies mode",
    status="unresolved",
    reason="conquest:9 has each player keep 1 traitor card, and in Allies mode (conquest:57) each player runs two "
    "factions: whether a player keeps one card, or one for each faction, is not printed",
    when=lambda s: s.team_traitors,
    one_sided="an open question: the text does not say",
)
def allies_traitors(s: ConquestPositionFacts) -> bool:
    """In Allies mode a player runs two factions; the text does not say whether it keeps a traitor for each."""
    return True


@allies_traitors.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


def _harkonnen_listed(s: ConquestPositionFacts) -> int:
    return next((n for n, hk in zip(s.f_traitors, s.f_harkonnen, strict=True) if hk), -1)


@rule(
    "conquest.setup.harkonnen-traitors",
    on="conquest-position",
    cites="conquest:9",
    see_also="conquest:53",
    title="In a four-player game the Harkonnen keeps four traitors",
    forbids=lambda s, _o: (
        f"Harkonnen holds {_harkonnen_listed(s)} traitor cards"
        + (" at the start" if s.at_start else "")
        + ": in a four-player game it keeps 4 of the 8 it draws."
    ),
    permits=lambda s, _o: (
        f"Harkonnen holds {_harkonnen_listed(s)} traitor cards: "
        + ("the 4 it keeps" if s.at_start else "no more than the 4 it keeps")
        + " in a four-player game."
    ),
    when=lambda s: s.players == 4 and _harkonnen_listed(s) >= 0,
    counterpart="gf9.setup.harkonnen-traitors",
    # no differs=: conquest's Harkonnen draws 8 and keeps 4, gf9's keeps the 4 it is dealt; the traitors held are
    # four either way, and a game of another size is open here (the finder found no position where they differ)
)
def harkonnen_traitors(s: ConquestPositionFacts) -> bool:
    """In a four-player game the Harkonnen draws eight traitor cards and keeps four: it starts with four and
    holds no more."""
    n = _harkonnen_listed(s)
    return n == 4 if s.at_start else n <= 4


@harkonnen_traitors.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Or(z3.Not(hk), z3.If(v.at_start, n == 4, n <= 4)) for n, hk in zip(v.f_traitors, v.f_harkonnen, strict=True)
    )


@rule(
    "conquest.setup.harkonnen-traitors-open",
    on="conquest-position",
    cites="conquest:9,53",
    title="The Harkonnen's traitors outside a four-player game",
    status="unresolved",
    reason="conquest:9 gives the Harkonnen's draw (8, keep 4) only for a four-player game, and conquest:53 says "
    "only that Harkonnens hold extra traitors: how many in a game of other size is not printed",
    when=lambda s: s.players != 4 and _harkonnen_listed(s) > 1,
    one_sided="an open question: the text does not say",
)
def harkonnen_traitors_open(s: ConquestPositionFacts) -> bool:
    """Outside a four-player game the text does not say how many traitors the Harkonnen keeps."""
    return True


@harkonnen_traitors_open.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# conquest:11 "Each player takes the starting spice listed on their faction sheet: Atreides 13, Fremen 6,
#             Harkonnen 15 and Imperium 18. Fremen put 5 forces in the Polar Sink; all other forces go in reserve."
# conquest:13 "Set the turn marker to 1, the phase marker to storm, and the storm marker on its starting sector."


def _spice_off(s: ConquestPositionFacts, _o: dict[str, Any]) -> str:
    bad = [
        f"{display(f)} has {n} spice, not {want}"
        for f, n, want in zip(s.factions, s.f_spice, s.f_start_spice, strict=True)
        if n >= 0 and n != want
    ]
    return "; ".join(bad) + " at the start (turn 1, storm): Atreides 13, Fremen 6, Harkonnen 15, Imperium 18."


@rule(
    "conquest.setup.starting-spice",
    on="conquest-position",
    cites="conquest:11",
    see_also="conquest:13",
    title="Starting spice: Atreides 13, Fremen 6, Harkonnen 15, Imperium 18",
    forbids=_spice_off,
    permits="Every faction has its starting spice.",
    when=lambda s: s.at_start,
    counterpart=("gf9.setup.atreides-spice", "gf9.setup.fremen-spice", "gf9.setup.harkonnen-spice"),
    differs="starting spice: conquest Atreides 13, Fremen 6, Harkonnen 15, Imperium 18; gf9 Atreides 10, "
    "Fremen 3, Harkonnen 10, Emperor 10",
)
def starting_spice(s: ConquestPositionFacts) -> bool:
    """At the start (turn 1, storm phase) each faction has the spice its sheet lists."""
    return all(n < 0 or n == want for n, want in zip(s.f_spice, s.f_start_spice, strict=True))


@starting_spice.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(n < 0, n == want) for n, want in zip(v.f_spice, v.f_start_spice, strict=True))


def _fremen_at(s: ConquestPositionFacts) -> int:
    return s.f_fremen.index(True)


@rule(
    "conquest.setup.fremen-polar-sink",
    on="conquest-position",
    cites="conquest:11",
    see_also="conquest:13",
    title="Fremen start with five forces in the Polar Sink",
    forbids=lambda s, _o: (
        f"Fremen start with {plural(s.f_polar[_fremen_at(s)], 'force')} in the Polar Sink"
        + (f" and {s.f_other_board[_fremen_at(s)]} elsewhere" if s.f_other_board[_fremen_at(s)] else "")
        + ": they put 5 forces in the Polar Sink, all others in reserve."
    ),
    permits="Fremen have their 5 forces in the Polar Sink.",
    when=lambda s: s.at_start and s.forces_given and any(s.f_fremen),
)
def fremen_polar_sink(s: ConquestPositionFacts) -> bool:
    """At the start the Fremen have five forces in the Polar Sink and none elsewhere on the board."""
    i = _fremen_at(s)
    return s.f_polar[i] == 5 and s.f_other_board[i] == 0


@fremen_polar_sink.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Or(z3.Not(fr), z3.And(p == 5, o == 0))
        for fr, p, o in zip(v.f_fremen, v.f_polar, v.f_other_board, strict=True)
    )


@rule(
    "conquest.setup.in-reserve",
    on="conquest-position",
    cites="conquest:11",
    see_also="conquest:13",
    title="All other forces start in reserve",
    forbids=lambda s, _o: (
        "; ".join(
            f"{display(f)} has {plural(n, 'force')} on the board"
            for f, n, fr in zip(s.factions, s.f_board, s.f_fremen, strict=True)
            if n and not fr
        )
        + " at the start: all forces but the Fremen's five go in reserve."
    ),
    permits="No faction but the Fremen starts with forces on the board.",
    when=lambda s: s.at_start and s.forces_given,
)
def in_reserve(s: ConquestPositionFacts) -> bool:
    """At the start every faction but the Fremen has all its forces in reserve: none on the board."""
    return all(n == 0 for n, fr in zip(s.f_board, s.f_fremen, strict=True) if not fr)


@in_reserve.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(fr, n == 0) for n, fr in zip(v.f_board, v.f_fremen, strict=True))


@rule(
    "conquest.setup.storm-start",
    on="conquest-position",
    cites="conquest:13",
    title="The storm's starting sector",
    status="unresolved",
    reason="conquest:13 sets the storm marker on its starting sector, but the text prints no board and does not "
    "say which sector that is; the position format numbers the Storm Start sector 18, and a starting storm "
    "elsewhere may or may not be right",
    when=lambda s: s.at_start and s.storm is not None and s.storm != STORM_START,
    one_sided="an open question: the text does not print the starting sector",
)
def storm_start(s: ConquestPositionFacts) -> bool:
    """At the start the storm marker is on its starting sector, which the text does not name (the position
    format numbers the Storm Start sector 18)."""
    return True


@storm_start.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


assert set(START_SPICE) == {"atreides", "fremen", "harkonnen", "imperium"}
