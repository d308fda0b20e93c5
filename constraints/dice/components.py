"""Dice Game, Components and the Setup's player-count limits (dice:28-40, 43, 45): is the position possible?

dice:40 "This game is component-limited. In other words, a player may only conduct an action if the
component exists for them to do so." A position that places more of a component than the game has is
one no play can reach: ``invalid-position``.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.position import DicePositionFacts
from checker.dice.position import FACTIONS, display
from checker.dice.setup import CUBES_CITE
from checker.facts import all_of
from checker.names import plural
from checker.rules import chapter, rule, set_aside

chapter("dice-position", "dice:28-40,43,45")

set_aside("dice:2", "the rulebook's title ('Dune: The Dice Game Rulebook')")
set_aside("dice:27", "the heading of the Components section (its list is dice:28-40)")
set_aside("dice:28", "introduces the component list")
set_aside("dice:29-30", "the Faction boards and the map board: no position key counts them")
set_aside("dice:33", "introduces the components the players supply")
set_aside("dice:39", "a screen hides the dice while they are rolled (dice:92): no position key records it")


def _over(s: DicePositionFacts, cubes: int) -> str:
    bad = [
        f"{display(f)} has {plural(t, 'Troop')} ({d}) and {c} Troop cubes ({CUBES_CITE[f]})"
        for f, t, c, d in zip(s.factions, s.f_troops, s.f_cubes, s.troops_detail, strict=True)
        if c == cubes and t > c
    ]
    return "; ".join(bad) + ": the game is component-limited (dice:40)."


def _troops_within(s: DicePositionFacts, cubes: int) -> bool:
    return all(t <= c for t, c in zip(s.f_troops, s.f_cubes, strict=True) if c == cubes)


def _troops_within_z3(v: Any, cubes: int) -> z3.BoolRef:
    return all_of(z3.Or(c != cubes, t <= c) for t, c in zip(v.f_troops, v.f_cubes, strict=True))


def _permits(s: DicePositionFacts, cubes: int) -> str:
    rows = list(zip(s.factions, s.f_troops, s.f_cubes, s.troops_given or [True] * len(s.factions), strict=True))
    within = [f"{display(f)} {t} of {c}" for f, t, c, given in rows if c == cubes and given]
    unknown = [display(f) for f, _t, c, given in rows if c == cubes and not given]
    none = "no Faction of these counted" if unknown else "no Faction of these in the position"
    text = "Troops within the cubes: " + (", ".join(within) if within else none)
    if unknown:
        text += f" (the position gives no Troops of {', '.join(unknown)})"
    return text + "."


# dice:35 "In matching colours for each of the 3 Factions Bene Gesserit, Spacing Guild, and Harkonnen: 12 Troop
#          cubes and 1 Leader cylinder"
# dice:36 "In matching colours for the Atreides Faction: 12 Troop cubes and 2 Leader cylinders"


@rule(
    "dice.components.troops-twelve",
    on="dice-position",
    cites="dice:35-36,40",
    title="Twelve Troop cubes: Atreides, Harkonnen, Spacing Guild, Bene Gesserit",
    forbids=lambda s, _o: _over(s, 12),
    permits=lambda s, _o: _permits(s, 12),
)
def troops_twelve(s: DicePositionFacts) -> bool:
    """Atreides, Harkonnen, the Spacing Guild and the Bene Gesserit have 12 Troop cubes each: the Troops a
    position places (map, Faction board, supply) are at most that."""
    return _troops_within(s, 12)


@troops_twelve.z3
def _(v: Any) -> z3.BoolRef:
    return _troops_within_z3(v, 12)


# dice:37 "In matching colours for the Corrino Faction: 16 Troop cubes, and 1 Leader cylinder"


@rule(
    "dice.components.troops-corrino",
    on="dice-position",
    cites="dice:37,40",
    title="Sixteen Corrino Troop cubes",
    forbids=lambda s, _o: _over(s, 16),
    permits=lambda s, _o: _permits(s, 16),
)
def troops_corrino(s: DicePositionFacts) -> bool:
    """Corrino has 16 Troop cubes: never more Corrino Troops than that."""
    return _troops_within(s, 16)


@troops_corrino.z3
def _(v: Any) -> z3.BoolRef:
    return _troops_within_z3(v, 16)


# dice:38 "In matching colours for the Fremen Faction: 10 Troop cubes and 1 Leader cylinder"


@rule(
    "dice.components.troops-fremen",
    on="dice-position",
    cites="dice:38,40",
    title="Ten Fremen Troop cubes",
    forbids=lambda s, _o: _over(s, 10),
    permits=lambda s, _o: _permits(s, 10),
)
def troops_fremen(s: DicePositionFacts) -> bool:
    """The Fremen have 10 Troop cubes: never more Fremen Troops than that."""
    return _troops_within(s, 10)


@troops_fremen.z3
def _(v: Any) -> z3.BoolRef:
    return _troops_within_z3(v, 10)


def _leaders_over(s: DicePositionFacts, cylinders: int) -> str:
    bad = [
        f"{display(f)} has {plural(n, 'Leader')} on its Faction board"
        for f, n, c in zip(s.factions, s.f_leaders, s.f_cylinders, strict=True)
        if c == cylinders and n > c
    ]
    word = "1 Leader cylinder" if cylinders == 1 else f"{cylinders} Leader cylinders"
    return "; ".join(bad) + f": it has {word}, and the game is component-limited (dice:40)."


def _leaders_within(s: DicePositionFacts, cylinders: int) -> bool:
    return all(n <= c for n, c in zip(s.f_leaders, s.f_cylinders, strict=True) if c == cylinders)


def _leaders_within_z3(v: Any, cylinders: int) -> z3.BoolRef:
    return all_of(z3.Or(c != cylinders, n <= c) for n, c in zip(v.f_leaders, v.f_cylinders, strict=True))


@rule(
    "dice.components.leaders-one",
    on="dice-position",
    cites="dice:35,37-38",
    see_also="dice:40",
    title="One Leader cylinder: every Faction but the Atreides",
    forbids=lambda s, _o: _leaders_over(s, 1),
    permits="No Faction has more Leaders on its board than its Leader cylinders.",
)
def leaders_one(s: DicePositionFacts) -> bool:
    """Every Faction but the Atreides has 1 Leader cylinder: at most 1 Leader on its Faction board."""
    return _leaders_within(s, 1)


@leaders_one.z3
def _(v: Any) -> z3.BoolRef:
    return _leaders_within_z3(v, 1)


@rule(
    "dice.components.leaders-atreides",
    on="dice-position",
    cites="dice:36,40",
    see_also="dice:199-200,202",
    title="Two Atreides Leader cylinders",
    forbids=lambda s, _o: _leaders_over(s, 2),
    permits="The Atreides have at most their 2 Leaders on their Faction board.",
)
def leaders_atreides(s: DicePositionFacts) -> bool:
    """The Atreides have 2 Leader cylinders (Leto and Duncan, dice:200): at most 2 on their Faction board."""
    return _leaders_within(s, 2)


@leaders_atreides.z3
def _(v: Any) -> z3.BoolRef:
    return _leaders_within_z3(v, 2)


# dice:31 "- 26 tokens / markers: 6 Fortification / Stronghold, 12 Loyalty, 6 Turn Order, 1 Round, 1 Sandstorm"


@rule(
    "dice.components.fortification-tokens",
    on="dice-position",
    cites="dice:31",
    see_also="dice:40,166",
    title="Six Fortification / Stronghold tokens",
    forbids="{fortifications} Fortification or Stronghold tokens are on the map: the game has 6 (dice:31).",
    permits="{fortifications} Fortification or Stronghold tokens on the map, of the game's 6.",
)
def fortification_tokens(s: DicePositionFacts) -> bool:
    """The game has 6 Fortification / Stronghold tokens: never more on the map."""
    return s.fortifications <= 6


@fortification_tokens.z3
def _(v: Any) -> z3.BoolRef:
    return v.fortifications <= 6


# dice:32 "- 12 cards: 6 Alliance, 1 Sandstorm, 1 Turn Order, 1 Landsraad, 2 Protection, 1 Round Overview"

CARD_NAMES = ("Sandstorm", "Turn Order", "Landsraad")


def _held(n: int, card: str) -> str:
    return plural(n, card) + " held"


def _listed(s: DicePositionFacts) -> str:
    """Where some Factions' cards are not given: the count is of those listed."""
    return f" (as listed: the position does not give the cards of {s.cards_unknown})" if s.cards_unknown else ""


@rule(
    "dice.components.one-card-each",
    on="dice-position",
    cites="dice:32",
    see_also="dice:40",
    title="One Sandstorm, Turn Order and Landsraad card",
    forbids=lambda s, _o: (
        "; ".join(
            f"{plural(n, 'Faction')} hold the {c} card"
            for c, n in zip(CARD_NAMES, s.card_holders, strict=True)
            if n > 1
        )
        + ": the game has one of each (dice:32)."
    ),
    permits=lambda s, _o: (
        "The Sandstorm, Turn Order and Landsraad cards are each held by at most one Faction" + _listed(s) + "."
    ),
)
def one_card_each(s: DicePositionFacts) -> bool:
    """There is 1 Sandstorm, 1 Turn Order and 1 Landsraad card: at most one Faction holds each."""
    return all(n <= 1 for n in s.card_holders)


@one_card_each.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(n <= 1 for n in v.card_holders)


@rule(
    "dice.components.protection-two",
    on="dice-position",
    cites="dice:32",
    see_also="dice:40,112",
    title="Two Protection cards",
    forbids="{protection_held} Protection cards are held: the game has 2 (dice:32).",
    permits=lambda s, _o: f"{_held(s.protection_held, 'Protection card')}{_listed(s)}, of the game's 2.",
)
def protection_two(s: DicePositionFacts) -> bool:
    """The game has 2 Protection cards: never more held."""
    return s.protection_held <= 2


@protection_two.z3
def _(v: Any) -> z3.BoolRef:
    return v.protection_held <= 2


# dice:34 "- 6 regular six-sided dice per player."


@rule(
    "dice.components.dice",
    on="dice-position",
    cites="dice:34,40",
    see_also="dice:53,88",
    title="Six dice per player",
    forbids="{dice_known} dice are placed (on slots, in personal supplies, in the common supply): "
    "{players} players have {dice_limit} dice (dice:34).",
    permits="{dice_known} dice placed, of the {dice_limit} of {players} players.",
    when=lambda s: s.players > 0,  # no player named: nothing to count against
)
def dice(s: DicePositionFacts) -> bool:
    """Each player brings 6 dice: the dice on slots and in the supplies are at most 6 per player."""
    return s.dice_known <= 6 * s.players


@dice.z3
def _(v: Any) -> z3.BoolRef:
    return v.dice_known <= 6 * v.players


# dice:43 "Place the two Protection cards in a place accessible to all players. When playing with 4 or 5 players,
#          use only one of the cards and remove the second one from the game."
# dice:210 "... You start the game holding both Protection cards (only one in a four- or five player game)."


@rule(
    "dice.components.protection-four-five",
    on="dice-position",
    cites="dice:43,210",
    title="One Protection card with 4 or 5 players",
    forbids="{protection_held} Protection cards are held in a {players}-player game: with 4 or 5 players only one "
    "is used (dice:43).",
    permits=lambda s, _o: f"{_held(s.protection_held, 'Protection card')}{_listed(s)} with {s.players} players.",
    when=lambda s: s.players in (4, 5),
)
def protection_four_five(s: DicePositionFacts) -> bool:
    """With 4 or 5 players the second Protection card is removed from the game: at most one is held."""
    return s.protection_held <= 1


@protection_four_five.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.And(v.players != 4, v.players != 5), v.protection_held <= 1)


# dice:45 "... The Bene Gesserit Faction may only be chosen in games with 5 or more players."


@rule(
    "dice.components.bene-gesserit-five",
    on="dice-position",
    cites="dice:45",
    title="The Bene Gesserit only with 5 or more players",
    forbids="The Bene Gesserit take part in a {players}-player game: they may only be chosen with 5 or more "
    "players (dice:45).",
    permits="The Bene Gesserit take part in a {players}-player game (5 or more).",
    when=lambda s: s.bene_gesserit,
)
def bene_gesserit_five(s: DicePositionFacts) -> bool:
    """The Bene Gesserit may only be chosen in games with 5 or more players."""
    return s.players >= 5


@bene_gesserit_five.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(z3.Not(v.bene_gesserit), v.players >= 5)


# -- the map at any time: where the Sandstorm and the tokens may be (dice:56, 61, 157, 160) -----------------------
# At the Setup (round 1, Roll step, every player named) the Setup's own rules judge these (dice.setup.
# guild-sandstorm-region, dice.setup.harkonnen-fortification), so these rules judge every other position.

chapter("dice-position", "dice:56,61,157,160")
GUILD = FACTIONS.index("spacing-guild")


def _after_setup(s: DicePositionFacts) -> bool:
    return not (s.setup and s.all_named)


# dice:61 "The Sandstorm marker moves between Regions, and shows which Region is currently affected by the
#          Sandstorm. It never enters the Polar Sink or the two outer Regions Broken Land and Outer Plain."


@rule(
    "dice.components.sandstorm-bounds",
    on="dice-position",
    cites="dice:61",
    see_also="dice:169,228",
    title="The Sandstorm is never in the Polar Sink, Broken Land or Outer Plain",
    forbids="The Sandstorm is in {sandstorm_region}: it never enters the Polar Sink or the two outer Regions Broken "
    "Land and Outer Plain.",
    permits="The Sandstorm is in {sandstorm_region}, a Region it may enter.",
    when=lambda s: s.sandstorm_given and not (s.setup and s.all_named and GUILD in s.f_code),
)
def sandstorm_bounds(s: DicePositionFacts) -> bool:
    """The Sandstorm marker is never in the Polar Sink or an outer Region."""
    return not s.sandstorm_never


@sandstorm_bounds.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.sandstorm_never)


# dice:56 "The Polar Sink, in the middle, is a neutral Region: No combat is allowed here, no player ever controls
#          it, no Fortifications may be placed here."
# dice:160 "... Fortifications may never be placed in the Polar Sink Region."


@rule(
    "dice.components.polar-sink-token",
    on="dice-position",
    cites="dice:56,160",
    title="No Fortification or Stronghold token in the Polar Sink",
    forbids="There is {forts_detail}: no Fortifications may be placed in the Polar Sink.",
    permits="No Fortification or Stronghold token is in the Polar Sink.",
    when=_after_setup,
)
def polar_sink_token(s: DicePositionFacts) -> bool:
    """No token ever stands in the Polar Sink."""
    return s.forts_polar == 0


@polar_sink_token.z3
def _(v: Any) -> z3.BoolRef:
    return v.forts_polar == 0


# dice:157 "There may only be a single Fortification or Stronghold token in each Region. It is always in the
#           control of a single player present in the same Region. ..."


@rule(
    "dice.components.one-token-per-region",
    on="dice-position",
    cites="dice:157",
    title="One Fortification or Stronghold token per Region",
    forbids="There are {forts_detail}: there may only be a single Fortification or Stronghold token in each Region.",
    permits="No Region holds more than one Fortification or Stronghold token.",
    when=_after_setup,
)
def one_token_per_region(s: DicePositionFacts) -> bool:
    """At most one token in each Region."""
    return s.forts_doubled == 0


@one_token_per_region.z3
def _(v: Any) -> z3.BoolRef:
    return v.forts_doubled == 0


@rule(
    "dice.components.token-controller-present",
    on="dice-position",
    cites="dice:157",
    see_also="dice:158",
    title="A token's controller is present in its Region",
    forbids="There is {forts_detail}: a token is always in the control of a player present in the same Region.",
    permits="Every controlled token's controller has Troops in its Region.",
    when=lambda s: _after_setup(s) and s.forts_controlled > 0,
    needs=("troops_known",),
)
def token_controller_present(s: DicePositionFacts) -> bool:
    """A controlled token's controller has a Troop in its Region (on the token)."""
    return s.forts_unmanned == 0


@token_controller_present.z3
def _(v: Any) -> z3.BoolRef:
    return v.forts_unmanned == 0
