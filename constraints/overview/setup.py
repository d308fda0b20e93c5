"""Overview, Setup (overview:20-29): the starting position's traitors and Treachery Cards; the rest per the
Player Sheets, which the overview does not print (GF9 prints them: constraints/gf9/setup.py fills them in
under the overview ruleset, and keeps these rules where it is silent)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.position import BASE_CODES, PositionFacts, names
from checker.facts import all_of
from checker.names import display
from checker.rules import chapter, gap, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("position", "overview:20-29")

HARKONNEN = BASE_CODES.index("harkonnen")

set_aside("overview:22", "table conduct: the Spice Bank and shuffling the decks")
set_aside("overview:23", "table conduct: how factions are chosen; the position lists the factions in play")
set_aside("overview:24", "the heading of the setup list below it (overview:25-28)")


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


# overview:25 "• Traitors: Remove cards for absent factions. Deal 4 Traitor cards to each player; each secretly
#              keeps 1 (selecting an opponent's leader as traitor, or protecting their own)."
# overview:29 "4. Place Turn Marker at position 1."  -- the start is turn 1.
# Harkonnen is left to its own rule (gf9:423) or, in the overview, to its Player Sheet (overview.setup.player-sheet).


def _keepers(s: PositionFacts) -> list[int]:
    return [f for f, t in enumerate(s.f_traitors) if t >= 0 and s.factions[f] != "harkonnen"]


@rule(
    "overview.setup.keep-one-traitor",
    on="position",
    cites="overview:25",
    see_also="overview:29",
    title="Each player keeps one of the four traitor cards dealt",
    forbids=lambda s, _: (
        "; ".join(
            f"{display(s.factions[f])} starts with {_n(s.f_traitors[f], 'traitor card')}"
            for f in _keepers(s)
            if s.f_traitors[f] != 1
        )
        + ": each player keeps one of the four dealt."
    ),
    permits=lambda s, _: (
        f"{names([display(s.factions[f]) for f in _keepers(s)])} each keep one traitor card of the four dealt."
    ),
    when=lambda s: s.at_start and bool(_keepers(s)),
)
def keep_one_traitor(s: PositionFacts) -> bool:
    """At the start each faction (Harkonnen apart) holds one traitor card."""
    return all(s.f_traitors[f] == 1 for f in _keepers(s))


@keep_one_traitor.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(z3.And(v.f_traitors[f] >= 0, v.f_code[f] != HARKONNEN), v.f_traitors[f] == 1)
        for f in range(len(v.f_code))
    )


# overview:28 "• Treachery: Deal 1 Treachery Card to each player."


def _dealt(s: PositionFacts) -> list[int]:
    return [f for f, known in enumerate(s.f_hand_known) if known and s.factions[f] != "harkonnen"]


@rule(
    "overview.setup.one-card",
    on="position",
    cites="overview:28",
    title="Each player starts with one Treachery Card",
    forbids=lambda s, _: (
        "; ".join(
            f"{display(s.factions[f])} starts with {_n(s.f_hand[f], 'Treachery Card')}"
            for f in _dealt(s)
            if s.f_hand[f] != 1
        )
        + ": each player is dealt one."
    ),
    permits=lambda s, _: f"{names([display(s.factions[f]) for f in _dealt(s)])} each start with one Treachery Card.",
    when=lambda s: s.at_start and bool(_dealt(s)),
)
def one_card(s: PositionFacts) -> bool:
    """At the start each faction (Harkonnen apart: its Player Sheet) holds one Treachery Card."""
    return all(s.f_hand[f] == 1 for f in _dealt(s))


@one_card.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(z3.And(v.f_hand_known[f], v.f_code[f] != HARKONNEN), v.f_hand[f] == 1) for f in range(len(v.f_code))
    )


# overview:26 "• Spice: Each player takes starting spice per their Player Sheet."
# overview:27 "• Forces: Place forces on the board per Player Sheet; remainder in reserve."
# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets." -- the Player Sheets are not printed.


def _sheet_matters(s: PositionFacts) -> bool:
    hk = s.factions.index("harkonnen") if "harkonnen" in s.factions else -1
    return s.at_start and (
        any(s.spice_given)
        or any(g[0] for g in s.given)
        or any(s.f_board)
        or (hk >= 0 and s.f_hand_known[hk] and s.f_hand[hk] != 1)
        or (hk >= 0 and s.f_traitors[hk] not in (-1, 1))
    )


gap(
    "overview.setup.player-sheet",
    on="position",
    cites="overview:26,27,105",
    title="Starting spice and forces: per the Player Sheets, which the overview does not print",
    reason="the overview gives each faction's starting spice and forces (and Harkonnen's cards and traitors, a "
    "faction advantage) 'per their Player Sheet' (overview:26, 27, 105), and does not print the sheets",
    when=_sheet_matters,
)
