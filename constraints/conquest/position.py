"""Conquest: what a position may look like (strongholds, alliances, victory)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.conquest import ConquestPositionFacts, side
from checker.arrakis.position import MENTAT_PAUSE
from checker.facts import all_of
from checker.rules import chapter, rule, set_aside

chapter("conquest-position", "conquest:5-15,19,23,25,27,29,43,51,53,55,57")

set_aside("conquest:19,23,27,51,55", "a section heading written as a bullet; the lines below it say the rules")


@rule(
    "conquest.position.stronghold-closed",
    on="conquest-position",
    cites="conquest:29",
    title="No stronghold holds forces of three factions",
    forbids=lambda s, _o: (
        "; ".join(
            f"{t} holds forces of {side(who)}" for (t, who), k in zip(s.crowded, s.crowded_stronghold, strict=True) if k
        )
        + ": a stronghold with forces from two factions is closed to everyone else."
    ),
    permits="No stronghold holds forces of more than two factions.",
    needs=("crowded_known",),
)
def stronghold_closed(s: ConquestPositionFacts) -> bool:
    """A stronghold with two factions' forces is closed to every other faction, so no stronghold can hold
    forces of three."""
    return not any(s.crowded_stronghold)


@stronghold_closed.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Not(k) for k in v.crowded_stronghold)


# conquest:57 "Any two factions can play, for six possible matchups, with sand covering one stronghold so only
#             four are in play. In Allies mode, each player runs two factions: Atreides and Fremen against
#             Harkonnen and Imperium."


@rule(
    "conquest.position.two-player-strongholds",
    on="conquest-position",
    cites="conquest:57",
    title="Two-player games: only four strongholds in play",
    forbids="{strongholds_held} strongholds hold forces ({held_names}): in a two-player game sand covers one "
    "stronghold, so only four are in play.",
    permits="{strongholds_held} strongholds hold forces: no more than the four in play in a two-player game.",
    needs=("strongholds_known",),
    when=lambda s: s.two_players and not _allies_mode(s),
)
def two_player_strongholds(s: ConquestPositionFacts) -> bool:
    """With one stronghold under sand, forces stand in at most four strongholds in a two-player game."""
    return s.strongholds_held <= 4


@two_player_strongholds.z3
def _(v: Any) -> z3.BoolRef:
    return v.strongholds_held <= 4


def _allies_mode(s: ConquestPositionFacts) -> bool:
    """A two-player game of more than two factions (or with alliances): Allies mode."""
    return s.two_players and (s.has_alliances or len(s.factions) > 2)


@rule(
    "conquest.position.allies-strongholds",
    on="conquest-position",
    cites="conquest:57",
    title="Allies mode: how many strongholds are in play",
    status="unresolved",
    reason="conquest:57 covers one stronghold with sand when two factions play, then gives Allies mode (each "
    "player runs two factions) without saying whether a stronghold is covered there too",
    when=lambda s: _allies_mode(s) and s.strongholds_held > 4,
    one_sided="an open question: the text does not say",
)
def allies_strongholds(s: ConquestPositionFacts) -> bool:
    """Left open: whether Allies mode also plays with a stronghold under sand."""
    return True


@allies_strongholds.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


@rule(
    "conquest.position.allies-teams",
    on="conquest-position",
    cites="conquest:57",
    title="Allies mode: Atreides and Fremen against Harkonnen and Imperium",
    forbids=lambda s, _o: (
        "; ".join(side(a) for a, ok in zip(s.alliances, s.alliance_teams, strict=True) if not ok)
        + " are not a team: in Allies mode Atreides and Fremen play against Harkonnen and Imperium."
    ),
    permits="Each alliance is one of the Allies-mode teams.",
    when=lambda s: s.has_alliances and s.two_players,
)
def allies_teams(s: ConquestPositionFacts) -> bool:
    """In a two-player game with alliances (Allies mode) the teams are Atreides with Fremen and Harkonnen with
    Imperium."""
    return all(s.alliance_teams)


@allies_teams.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(v.alliance_teams)


@rule(
    "conquest.position.alliances-open",
    on="conquest-position",
    cites="conquest:57",
    title="Alliances outside Allies mode",
    status="unresolved",
    reason="conquest:57 describes teams only in Allies mode (a two-player game); the text says nothing of "
    "alliances in a game of more players",
    when=lambda s: s.has_alliances and not s.two_players,
    one_sided="an open question: the text does not say",
)
def alliances_open(s: ConquestPositionFacts) -> bool:
    """The text does not describe alliances beyond the Allies-mode teams."""
    return True


@alliances_open.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# conquest:43 "End of the game and scoring" -- a heading with nothing under it.


@rule(
    "conquest.position.victory",
    on="conquest-position",
    cites="conquest:43",
    title="Who wins",
    status="unresolved",
    reason="conquest:43 heads 'End of the game and scoring' but the text prints no victory conditions",
    when=lambda s: s.phase_index == MENTAT_PAUSE,
    one_sided="an open question: the text prints no victory conditions",
)
def victory(s: ConquestPositionFacts) -> bool:
    """The text prints no victory conditions: who wins is not said."""
    return True


@victory.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)
