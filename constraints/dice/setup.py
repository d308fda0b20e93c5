"""Dice Game, the Setup (dice:41-53, 197-235): the position a round-1 Roll the Dice step starts from.

These rules judge a position that says it is the Setup's: ``round: 1`` and ``step: roll`` (dice:52, 67;
only the dice change during that step, and they are not judged here but by their count). They judge
only what a position shows: which Faction holds which card, where the Troops stand, the Leaders and
Troops on the Faction boards, the Loyalty tokens and dice counted. A position naming fewer Factions
than players cannot show who holds the unclaimed cards: its setup answers ``unresolved``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from checker.dice.kinds.position import DicePositionFacts
from checker.dice.position import FACTIONS, STEPS, display
from checker.dice.setup import LOYALTY, NEVER
from checker.facts import all_of, any_of
from checker.names import plural
from checker.rules import chapter, gap, rule, set_aside

chapter("dice-position", "dice:31,41-53,197,199,204,210,221,228,235")

set_aside("dice:41", "heading")
set_aside("dice:42", "the map board's place on the table: no position key records it")
set_aside("dice:44", "the Landsraad card's side: no position key records it")

C = {f: FACTIONS.index(f) for f in FACTIONS}
SETUP_BOARD = {"corrino": 3, "spacing-guild": 3}  # dice:221, 228: Troops on the Faction board at setup


def at_setup(s: DicePositionFacts) -> bool:
    return s.setup and s.all_named


def in_play(s: DicePositionFacts, faction: str) -> bool:
    return C[faction] in s.f_code


def z_in_play(v: Any, faction: str) -> Any:
    return any_of(c == C[faction] for c in v.f_code)


gap(
    "dice.setup.unnamed-players",
    on="dice-position",
    cites="dice:48",
    title="A setup that does not name every player's Faction",
    reason="the position names fewer Factions than players: the others' setups (dice:197-246) decide who holds the "
    "cards, where Troops stand and how many Loyalty tokens are dealt",
    when=lambda s: s.setup and not s.all_named,
)

# -- each Faction's own setup ----------------------------------------------------------------------------------

Check = Callable[[DicePositionFacts, int], bool]
Form = Callable[[Any, int], Any]
Say = Callable[[DicePositionFacts, int], str]


def leaders(n: int) -> tuple[Check, Form, Say]:
    return (
        lambda s, i: not s.f_leader_known[i] or s.f_leaders[i] == n,
        lambda v, i: z3.Or(z3.Not(v.f_leader_known[i]), v.f_leaders[i] == n),
        lambda s, i: f"{s.f_leaders[i]} Leader(s) on its Faction board, not {n}",
    )


def board(n: int) -> tuple[Check, Form, Say]:
    return (
        lambda s, i: s.f_board[i] in (-1, n),
        lambda v, i: z3.Or(v.f_board[i] == -1, v.f_board[i] == n),
        lambda s, i: f"{plural(s.f_board[i], 'Troop')} on its Faction board, not {n}",
    )


def on_map(n: int) -> tuple[Check, Form, Say]:
    return (
        lambda s, i: s.f_map[i] == n,
        lambda v, i: v.f_map[i] == n,
        lambda s, i: f"{plural(s.f_map[i], 'Troop')} on the map, not {n}",
    )


ONE_REGION: tuple[Check, Form, Say] = (
    lambda s, i: s.f_map_regions[i] <= 1,
    lambda v, i: v.f_map_regions[i] <= 1,
    lambda s, i: f"its Troops stand in {s.f_map_regions[i]} Regions, not 1",
)
NON_STRATEGIC: tuple[Check, Form, Say] = (
    lambda s, i: s.f_map_strategic[i] == 0,
    lambda v, i: v.f_map_strategic[i] == 0,
    lambda s, i: f"{s.f_map_strategic[i]} of its Troops stand in strategic Regions",
)
EMPTY: tuple[Check, Form, Say] = (
    lambda s, i: s.f_shared_earlier[i] == 0,
    lambda v, i: v.f_shared_earlier[i] == 0,
    lambda s, i: "its Troops share a Region with a Faction set up before it (the Region was not empty)",
)
POLAR3: tuple[Check, Form, Say] = (
    lambda s, i: s.f_map_polar[i] == 3,
    lambda v, i: v.f_map_polar[i] == 3,
    lambda s, i: f"{s.f_map_polar[i]} of its Troops in the Polar Sink, not 3",
)


def holds(field: str, name: str) -> tuple[Check, Form, Say]:
    return (
        lambda s, i: bool(getattr(s, field)[i]),
        lambda v, i: getattr(v, field)[i],
        lambda s, i: f"it does not hold the {name} card",
    )


def _expected_protection(players: int) -> int:
    return 1 if players in (4, 5) else 2  # dice:43


PROTECTION: tuple[Check, Form, Say] = (
    lambda s, i: s.f_protection[i] == _expected_protection(s.players),
    lambda v, i: v.f_protection[i] == z3.If(z3.Or(v.players == 4, v.players == 5), 1, 2),
    lambda s, i: (
        f"it holds {s.f_protection[i]} Protection card(s), not all {_expected_protection(s.players)} "
        f"in a {s.players}-player game"
    ),
)


def per_faction(
    rid: str,
    faction: str,
    cites: str,
    title: str,
    doc: str,
    conds: list[tuple[Check, Form, Say]],
    see_also: str = "",
    needs: tuple[str, ...] = (),
) -> None:
    code = C[faction]

    def failing(s: DicePositionFacts) -> list[str]:
        return [say(s, i) for i, c in enumerate(s.f_code) if c == code for ok, _, say in conds if not ok(s, i)]

    def check(s: DicePositionFacts) -> bool:
        return not failing(s)

    check.__doc__ = doc
    r = rule(
        rid,
        on="dice-position",
        cites=cites,
        see_also=see_also,
        title=title,
        forbids=lambda s, _o: f"{display(faction)}'s setup ({cites}): " + "; ".join(failing(s)) + ".",
        permits=f"{display(faction)} is set up as {cites} says.",
        when=lambda s: at_setup(s) and in_play(s, faction),
        needs=needs,
    )(check)

    @r.z3
    def _(v: Any) -> z3.BoolRef:
        return all_of(
            z3.Or(v.f_code[i] != code, all_of(form(v, i) for _, form, _ in conds)) for i in range(len(v.f_code))
        )


# dice:199 "Setup: Both Leaders on your Faction board, 2 Troops on 1 non-strategic Region of your choice."
per_faction(
    "dice.setup.atreides-board",
    "atreides",
    "dice:199",
    "Atreides setup: both Leaders on the Faction board",
    "The Atreides start with both Leaders and no Troops on their Faction board.",
    [leaders(2), board(0)],
    see_also="dice:197",
)
per_faction(
    "dice.setup.atreides-map",
    "atreides",
    "dice:199",
    "Atreides setup: 2 Troops on 1 non-strategic Region",
    "The Atreides start with 2 Troops on the map, in one non-strategic Region.",
    [on_map(2), ONE_REGION, NON_STRATEGIC],
    needs=("troops_known",),
)
# dice:204 "Setup: 2 Troops and 1 Fortification token on 1 empty non-strategic Region of your choice. Remember that
#           Fortification tokens may not be placed in the Polar Sink Region."
per_faction(
    "dice.setup.harkonnen-board",
    "harkonnen",
    "dice:197,204",
    "Harkonnen setup: nothing on the Faction board",
    "The Harkonnen setup places no Leader and no Troop on its board: the rest go to the personal supply.",
    [leaders(0), board(0)],
)
per_faction(
    "dice.setup.harkonnen-map",
    "harkonnen",
    "dice:204",
    "Harkonnen setup: 2 Troops on 1 empty non-strategic Region",
    "The Harkonnen start with 2 Troops in one empty non-strategic Region.",
    [on_map(2), ONE_REGION, NON_STRATEGIC, EMPTY],
    needs=("troops_known",),
)
# dice:210 "Setup: Leader on your Faction board, distribute 2 Troops on empty non-strategic Regions, take all
#           Protection cards. You may place both Troops in the same Region. You start the game holding both
#           Protection cards (only one in a four- or five player game)."
per_faction(
    "dice.setup.fremen-board",
    "fremen",
    "dice:210",
    "Fremen setup: the Leader on the Faction board",
    "The Fremen start with their Leader and no Troops on their Faction board.",
    [leaders(1), board(0)],
    see_also="dice:197",
)
per_faction(
    "dice.setup.fremen-map",
    "fremen",
    "dice:210",
    "Fremen setup: 2 Troops on empty non-strategic Regions",
    "The Fremen start with 2 Troops on empty non-strategic Regions (both may share one).",
    [on_map(2), NON_STRATEGIC, EMPTY],
    needs=("troops_known",),
)
per_faction(
    "dice.setup.fremen-protection",
    "fremen",
    "dice:210",
    "Fremen setup: all Protection cards",
    "The Fremen start holding every Protection card in the game: 2, or 1 with four or five players.",
    [PROTECTION],
    see_also="dice:43",
    needs=("cards_fremen",),
)
# dice:221 "Setup: 3 Troops on your Faction board. Take the Landsraad card."
per_faction(
    "dice.setup.corrino-board",
    "corrino",
    "dice:221",
    "Corrino setup: 3 Troops on the Faction board",
    "Corrino starts with 3 Troops and no Leader on its board, none on the map.",
    [leaders(0), board(3), on_map(0)],
    see_also="dice:197,225",
    needs=("troops_known",),
)
per_faction(
    "dice.setup.corrino-landsraad",
    "corrino",
    "dice:221",
    "Corrino setup: the Landsraad card",
    "Corrino starts holding the Landsraad card.",
    [holds("f_landsraad", "Landsraad")],
    needs=("cards_corrino",),
)
# dice:228 "Setup: Leader and 3 Troops on your Faction board. Take the Sandstorm card and place the Sandstorm marker
#           in an empty Region. Remember that the Sandstorm never enters the Polar Sink or the two outer Regions
#           Broken Land and Outer Plain."
per_faction(
    "dice.setup.guild-board",
    "spacing-guild",
    "dice:228",
    "Spacing Guild setup: Leader and 3 Troops on the Faction board",
    "The Spacing Guild starts with its Leader and 3 Troops on its board, none on the map.",
    [leaders(1), board(3), on_map(0)],
    needs=("troops_known",),
)
per_faction(
    "dice.setup.guild-sandstorm-card",
    "spacing-guild",
    "dice:228",
    "Spacing Guild setup: the Sandstorm card",
    "The Spacing Guild starts holding the Sandstorm card.",
    [holds("f_sandstorm", "Sandstorm")],
    needs=("cards_guild",),
)
# dice:235 "Setup: Leader on your Faction board, 3 Troops on Polar Sink. Take the Turn Order card. Set up Loyalty
#           tokens, see below, "Culminating Plans"."
per_faction(
    "dice.setup.bene-gesserit-board",
    "bene-gesserit",
    "dice:235",
    "Bene Gesserit setup: the Leader on the Faction board",
    "The Bene Gesserit start with their Leader and no Troops on their board.",
    [leaders(1), board(0)],
    see_also="dice:197",
)
per_faction(
    "dice.setup.bene-gesserit-map",
    "bene-gesserit",
    "dice:235",
    "Bene Gesserit setup: 3 Troops on the Polar Sink",
    "The Bene Gesserit start with 3 Troops on the map, all in the Polar Sink.",
    [on_map(3), POLAR3],
    needs=("troops_known",),
)
per_faction(
    "dice.setup.bene-gesserit-turn-order",
    "bene-gesserit",
    "dice:235",
    "Bene Gesserit setup: the Turn Order card",
    "The Bene Gesserit start holding the Turn Order card.",
    [holds("f_turn_order_card", "Turn Order")],
    needs=("cards_bg",),
)


@rule(
    "dice.setup.harkonnen-fortification",
    on="dice-position",
    cites="dice:204",
    see_also="dice:31,160",
    title="The Setup's only Fortification: Harkonnen's, with its Troops",
    forbids=lambda s, _o: (
        f"{s.fortifications} Fortification/Stronghold tokens on the map at setup, {s.forts_harkonnen} of them a "
        f"Harkonnen Fortification with its Troops outside the Polar Sink: "
        + (
            "the Harkonnen place exactly one, with their 2 Troops (dice:204)."
            if in_play(s, "harkonnen")
            else "no setup but the Harkonnen's places one (dice:204)."
        )
    ),
    permits="The Fortification tokens on the map are the Harkonnen setup's.",
    when=at_setup,
    needs=("forts_known", "troops_known"),
)
def harkonnen_fortification(s: DicePositionFacts) -> bool:
    """At setup the only token on the map is the Harkonnen Fortification, on its Troops' Region (not the Polar
    Sink); without the Harkonnen there is none."""
    n = 1 if in_play(s, "harkonnen") else 0
    return s.fortifications == n and s.forts_harkonnen == n


@harkonnen_fortification.z3
def _(v: Any) -> z3.BoolRef:
    n = z3.If(z_in_play(v, "harkonnen"), 1, 0)
    return z3.And(v.fortifications == n, v.forts_harkonnen == n)


# -- the Setup's common steps --------------------------------------------------------------------------------
# dice:46 "In Faction Setup order, marked under Setup on each Faction board, place the Turn Order markers of all
#          Factions taking part underneath the Turn Order track printed onto the board."


def _setup_order(s: DicePositionFacts) -> str:
    return ", ".join(display(FACTIONS[c]) for c in sorted(s.f_code))


@rule(
    "dice.setup.turn-order",
    on="dice-position",
    cites="dice:46",
    see_also="dice:197",
    title="The first Turn Order is the Faction Setup order",
    forbids=lambda s, _o: (
        "At setup the Turn Order markers are placed in Faction Setup order ("
        + _setup_order(s)
        + "): turn_order lists "
        + ", ".join(display(f) for t, f in sorted(zip(s.f_turn, s.factions, strict=True)) if t >= 0)
        + "."
    ),
    permits=lambda s, _o: f"Turn Order is the Faction Setup order: {_setup_order(s)}.",
    when=lambda s: at_setup(s) and any(t >= 0 for t in s.f_turn),
)
def turn_order(s: DicePositionFacts) -> bool:
    """At setup, Turn Order lists every Faction in Faction Setup order."""
    ranks = sorted(range(len(s.f_code)), key=lambda i: s.f_code[i])
    return all(t >= 0 for t in s.f_turn) and [s.f_turn[i] for i in ranks] == sorted(s.f_turn)


@turn_order.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.f_code)
    listed = all_of(t >= 0 for t in v.f_turn)
    ordered = all_of(
        z3.Implies(v.f_code[i] < v.f_code[j], v.f_turn[i] < v.f_turn[j]) for i in range(n) for j in range(n) if i != j
    )
    return z3.And(listed, ordered)


# dice:49 "If the Bene Gesserit does not take part in the game, deal one face-down Loyalty token from the supply to
#          each player."
# dice:246 "... Draw one for each player. Look at all tokens you have drawn and give one face down to each player
#           including yourself. ..."


@rule(
    "dice.setup.loyalty-one",
    on="dice-position",
    cites="dice:49,246",
    title="One Loyalty token each at setup",
    forbids=lambda s, _o: (
        "At setup every player holds one Loyalty token: "
        + ", ".join(f"{display(f)} holds {n}" for f, n in zip(s.factions, s.f_loyalty, strict=True) if n not in (-1, 1))
        + "."
    ),
    permits="Every player whose Loyalty tokens are given holds one.",
    when=at_setup,
)
def loyalty_one(s: DicePositionFacts) -> bool:
    """Every player starts with one Loyalty token (dealt, or given by the Bene Gesserit)."""
    return all(n in (-1, 1) for n in s.f_loyalty)


@loyalty_one.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(n == -1, n == 1) for n in v.f_loyalty)


# dice:47 "Remove all Loyalty tokens of non-player Factions from the game and shuffle the rest face-down as the
#          common supply."


def _tokens_in_play(s: DicePositionFacts) -> int:
    return sum(LOYALTY[FACTIONS[c]] for c in s.f_code)


def _expected_supply(s: DicePositionFacts) -> int:
    return _tokens_in_play(s) - s.players - (1 if in_play(s, "bene-gesserit") else 0)


@rule(
    "dice.setup.loyalty-supply",
    on="dice-position",
    cites="dice:47,49",
    see_also="dice:31,201,230,244-246",
    title="The Loyalty supply at setup: the players' tokens less those dealt",
    forbids=lambda s, _o: (
        f"loyalty_supply is {s.loyalty_supply}: the {_tokens_in_play(s)} Loyalty tokens of the "
        f"Factions in play, less one dealt to each of {s.players} players"
        + (" and the Bene Gesserit's pick" if in_play(s, "bene-gesserit") else "")
        + f", leave {_expected_supply(s)}."
    ),
    permits=lambda s, _o: f"{s.loyalty_supply} Loyalty tokens in the supply, as the setup leaves them.",
    when=lambda s: at_setup(s) and s.loyalty_supply >= 0,
)
def loyalty_supply(s: DicePositionFacts) -> bool:
    """At setup the supply holds the tokens of the Factions in play, less one per player (and the Bene Gesserit's
    pick, dice:244)."""
    return s.loyalty_supply == _expected_supply(s)


@loyalty_supply.z3
def _(v: Any) -> z3.BoolRef:
    tokens = z3.Sum([z3.If(c == C[f], LOYALTY[f], 0) for c in v.f_code for f in FACTIONS])
    return v.loyalty_supply == tokens - v.players - z3.If(z_in_play(v, "bene-gesserit"), 1, 0)


@rule(
    "dice.setup.loyalty-not-in-play",
    on="dice-position",
    cites="dice:47",
    title="No Loyalty token of a Faction not in play",
    forbids="{tokens_not_in_play} Loyalty token(s) listed show a Faction not in play: those are removed from the "
    "game at setup.",
    permits="Every Loyalty token listed shows a Faction in play.",
    when=lambda s: s.all_named,
)
def loyalty_not_in_play(s: DicePositionFacts) -> bool:
    """Tokens of the Factions not in play are removed from the game: none is held or picked."""
    return s.tokens_not_in_play == 0


@loyalty_not_in_play.z3
def _(v: Any) -> z3.BoolRef:
    return v.tokens_not_in_play == 0


@rule(
    "dice.setup.loyalty-count",
    on="dice-position",
    cites="dice:31,47",
    see_also="dice:201,230",
    title="No more Loyalty tokens than the Factions in play bring",
    forbids=lambda s, _o: (
        f"{s.loyalty_held} Loyalty tokens held and {s.loyalty_supply} in the supply: the Factions "
        f"in play have {_tokens_in_play(s)}."
    ),
    permits=lambda s, _o: (
        f"{s.loyalty_held + s.loyalty_supply} Loyalty tokens, of the {_tokens_in_play(s)} of the Factions in play."
    ),
    when=lambda s: s.all_named and s.loyalty_held >= 0 and s.loyalty_supply >= 0,
)
def loyalty_count(s: DicePositionFacts) -> bool:
    """The tokens held, picked and in the supply are at most those of the Factions in play."""
    return s.loyalty_held + s.loyalty_supply <= _tokens_in_play(s)


@loyalty_count.z3
def _(v: Any) -> z3.BoolRef:
    tokens = z3.Sum([z3.If(c == C[f], LOYALTY[f], 0) for c in v.f_code for f in FACTIONS])
    return v.loyalty_held + v.loyalty_supply <= tokens


# dice:50 "If the Spacing Guild does not take part in the game, place the Sandstorm marker on Region Jacurutu."
# dice:168 "If you have the Sandstorm control card, you now must move the Sandstorm. ..." (the Sandstorm step: the
#          marker moves then, and at no other time)


def _first_round_step(s: DicePositionFacts) -> str:
    return "at setup" if s.setup else f"in round 1's {STEPS[s.step_index]} step"


@rule(
    "dice.setup.sandstorm-jacurutu",
    on="dice-position",
    cites="dice:50,168",
    see_also="dice:66",
    title="Without the Spacing Guild, the Sandstorm starts on Jacurutu and stays there until the Sandstorm step",
    forbids=lambda s, _o: (
        f"The Sandstorm is in {s.sandstorm_region} {_first_round_step(s)}: without the Spacing Guild it is placed on "
        "Jacurutu, and it moves only in the Sandstorm step."
    ),
    permits=lambda s, _o: f"The Sandstorm is on Jacurutu {_first_round_step(s)}: it has not moved yet.",
    cite_when={"dice:168": lambda s: not s.setup},
    needs=("guild_known",),
    when=lambda s: s.first_round and s.sandstorm_given and not in_play(s, "spacing-guild"),
)
def sandstorm_jacurutu(s: DicePositionFacts) -> bool:
    """Without the Spacing Guild the Sandstorm marker starts on Jacurutu; it moves in the Sandstorm step only, so it
    is still there in round 1 before that step."""
    return s.sandstorm_jacurutu


@sandstorm_jacurutu.z3
def _(v: Any) -> z3.BoolRef:
    return v.sandstorm_jacurutu


@rule(
    "dice.setup.guild-sandstorm-region",
    on="dice-position",
    cites="dice:228",
    see_also="dice:61",
    title="The Guild never places the Sandstorm in the Polar Sink or an outer Region",
    forbids="The Spacing Guild placed the Sandstorm in {sandstorm_region}: it never enters the Polar Sink, Broken "
    "Land or Outer Plain.",
    permits="The Sandstorm starts in {sandstorm_region}, a Region it may enter.",
    when=lambda s: at_setup(s) and s.sandstorm_given and in_play(s, "spacing-guild"),
)
def guild_sandstorm_region(s: DicePositionFacts) -> bool:
    """The Guild's Sandstorm marker goes to a Region the Sandstorm may enter."""
    return not s.sandstorm_never


@guild_sandstorm_region.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.sandstorm_never)


# dice:173 "The Region affected by the Sandstorm is effectively in total stasis until the Sandstorm leaves again.
#           Troops cannot Ship to, Move to, Move out etc. in a Region affected by the Sandstorm. ..."


@rule(
    "dice.setup.guild-sandstorm-empty",
    on="dice-position",
    cites="dice:228,173",
    see_also="dice:168",
    title="The Guild places the Sandstorm in an empty Region, which stays empty until the Sandstorm step",
    forbids=lambda s, _o: (
        f"The Sandstorm is in {s.sandstorm_region} {_first_round_step(s)}, which holds Troops or a token: the Spacing "
        "Guild places it in an empty Region, and no Troop enters the Sandstorm's Region before it moves."
    ),
    permits=lambda s, _o: f"The Sandstorm's Region, {s.sandstorm_region}, is empty {_first_round_step(s)}.",
    cite_when={"dice:173": lambda s: not s.setup},
    when=lambda s: s.first_round and s.sandstorm_given and in_play(s, "spacing-guild"),
    needs=("troops_known",),
)
def guild_sandstorm_empty(s: DicePositionFacts) -> bool:
    """The Region the Guild places the Sandstorm in is empty; no Troop ships or moves into it while the Sandstorm is
    there (and no token is placed without a Troop), so in round 1 before the Sandstorm step it is still empty."""
    return s.sandstorm_occupied == 0


@guild_sandstorm_empty.z3
def _(v: Any) -> z3.BoolRef:
    return v.sandstorm_occupied == 0


# dice:51 "Give all unclaimed cards (depending on which Factions take part these may be the Landsraad card, a
#          Protection card, the Turn Order card, and the Sandstorm card) to the player last in Turn Order."

CLAIMER = {"landsraad": "corrino", "turn-order": "bene-gesserit", "sandstorm": "spacing-guild", "protection": "fremen"}
HELD = {"landsraad": "f_landsraad", "turn-order": "f_turn_order_card", "sandstorm": "f_sandstorm"}
NEVER_CODES = {card: tuple(C[f] for f, (c, _) in NEVER.items() if c == card) for card in CLAIMER}


def _unclaimed(s: DicePositionFacts) -> list[str]:
    return [c for c, f in CLAIMER.items() if not in_play(s, f)]


def _lacking(s: DicePositionFacts) -> list[str]:
    out = []
    for card in _unclaimed(s):
        for i, last in enumerate(s.f_last):
            if not last or s.f_code[i] in NEVER_CODES[card]:
                continue
            if card == "protection":
                if s.f_protection[i] != _expected_protection(s.players):
                    out.append(f"{display(s.factions[i])} holds {s.f_protection[i]} Protection card(s), not "
                               f"{_expected_protection(s.players)}")  # fmt: skip
            elif not getattr(s, HELD[card])[i]:
                out.append(f"{display(s.factions[i])} does not hold the {card} card")
    return out


@rule(
    "dice.setup.unclaimed-cards",
    on="dice-position",
    cites="dice:51",
    see_also="dice:46",
    title="Unclaimed cards go to the last in Turn Order",
    forbids=lambda s, _o: (
        "At setup the unclaimed cards ("
        + ", ".join(_unclaimed(s))
        + ") go to the last in Turn Order: "
        + "; ".join(_lacking(s))
        + "."
    ),
    permits=lambda s, _o: (
        "The last in Turn Order holds the unclaimed cards: " + ", ".join(_unclaimed(s)) + "."
        if _unclaimed(s)
        else "Every card is claimed by a Faction's setup."
    ),
    when=at_setup,
    needs=("cards_last",),
)
def unclaimed_cards(s: DicePositionFacts) -> bool:
    """The cards no Faction in play takes at setup are held by the player last in Turn Order."""
    return not _lacking(s)


@unclaimed_cards.z3
def _(v: Any) -> z3.BoolRef:
    terms = []
    for card, claimer in CLAIMER.items():
        need = []
        for i in range(len(v.f_code)):
            can = all_of(v.f_code[i] != x for x in NEVER_CODES[card])
            if card == "protection":
                has = v.f_protection[i] == z3.If(z3.Or(v.players == 4, v.players == 5), 1, 2)
            else:
                has = getattr(v, HELD[card])[i]
            need.append(z3.Implies(z3.And(v.f_last[i], can), has))
        terms.append(z3.Or(z_in_play(v, claimer), all_of(need)))
    return all_of(terms)


def _never_last(s: DicePositionFacts) -> bool:
    return any(last and s.f_code[i] in NEVER_CODES[card] for card in _unclaimed(s) for i, last in enumerate(s.f_last))


gap(
    "dice.setup.unclaimed-never",
    on="dice-position",
    cites="dice:51",
    see_also="dice:201,206,212,223,230,237",
    title="An unclaimed card the last in Turn Order can never have",
    reason="an unclaimed card goes to the last in Turn Order (dice:51), who can never have it: the text does not say "
    "who holds it then",
    when=lambda s: at_setup(s) and _never_last(s),
)


# dice:53 "Give each player 3 dice. Place 3 dice per player into the common supply."


@rule(
    "dice.setup.three-dice",
    on="dice-position",
    cites="dice:53",
    see_also="dice:91",
    title="Three dice each at setup",
    forbids=lambda s, _o: (
        "At setup each player has 3 dice: "
        + ", ".join(f"{display(f)} has {n}" for f, n in zip(s.factions, s.f_dice, strict=True) if n not in (-1, 3))
        + "."
    ),
    permits="Each player whose dice are given has 3.",
    when=at_setup,
)
def three_dice(s: DicePositionFacts) -> bool:
    """Every player starts with 3 dice (on slots or in its personal supply)."""
    return all(n in (-1, 3) for n in s.f_dice)


@three_dice.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(n == -1, n == 3) for n in v.f_dice)


@rule(
    "dice.setup.common-dice",
    on="dice-position",
    cites="dice:53",
    title="Three dice per player in the common supply at setup",
    forbids=lambda s, _o: (
        f"common_dice is {s.common_dice} at setup: 3 per player, {s.players} players, make {3 * s.players}."
    ),
    permits="{common_dice} dice in the common supply: 3 for each of {players} players.",
    when=lambda s: at_setup(s) and s.common_dice >= 0,
)
def common_dice(s: DicePositionFacts) -> bool:
    """The common supply starts with 3 dice per player."""
    return s.common_dice == 3 * s.players


@common_dice.z3
def _(v: Any) -> z3.BoolRef:
    return v.common_dice == 3 * v.players


# dice:197 "Setup occurs in the order the Factions are listed on the next pages. Setup instructions will tell you
#           where to place Troops and Leaders, and which tokens or cards to take. Place all remaining Troops and
#           Leaders into your personal supply."


def _supply_expected(s: DicePositionFacts, i: int) -> int:
    f = FACTIONS[s.f_code[i]]
    board_troops = s.f_board[i] if s.f_board[i] >= 0 else SETUP_BOARD.get(f, 0)
    return s.f_cubes[i] - s.f_map[i] - board_troops


@rule(
    "dice.setup.supply",
    on="dice-position",
    cites="dice:197",
    see_also="dice:45,48",
    title="The remaining Troops in the personal supply",
    forbids=lambda s, _o: (
        "At setup the remaining Troops are in the personal supply: "
        + "; ".join(
            f"{display(f)} has {n} there, its {s.f_cubes[i]} cubes leave {_supply_expected(s, i)}"
            for i, (f, n) in enumerate(zip(s.factions, s.f_supply, strict=True))
            if n >= 0 and n != _supply_expected(s, i)
        )
        + "."
    ),
    permits="Every supply given holds the Troops the setup leaves.",
    when=at_setup,
    needs=("troops_known",),
)
def supply(s: DicePositionFacts) -> bool:
    """At setup, a Faction's supply holds its cubes less the Troops its setup placed (map and board)."""
    return all(n < 0 or n == _supply_expected(s, i) for i, n in enumerate(s.f_supply))


@supply.z3
def _(v: Any) -> z3.BoolRef:
    terms = []
    for i in range(len(v.f_code)):
        board_default = z3.Sum([z3.If(v.f_code[i] == C[f], n, 0) for f, n in SETUP_BOARD.items()])
        board_troops = z3.If(v.f_board[i] >= 0, v.f_board[i], board_default)
        terms.append(z3.Or(v.f_supply[i] < 0, v.f_supply[i] == v.f_cubes[i] - v.f_map[i] - board_troops))
    return all_of(terms)


set_aside("dice:52", "the round marker on 1: a position's round is given (the Setup's rules apply to round 1)")
