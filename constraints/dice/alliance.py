"""Dice Game, the Alliance step (dice:96-105): proposing an Alliance, and one Alliance per Faction.

A ``propose-alliance`` move (``dice-propose-alliance``) is legal in the Alliance step when the two
Factions each have a die on the other's Faction slot (dice:98) and neither is allied with a third this
round (dice:98-99, 102). If accepted, the two exchange Alliance cards and each re-assigns the die on the
other's slot (dice:100-101): the outcome's ``reassign``; a die leaving a bonus-die slot gains a die
(dice:85): the outcome's ``gained``.

On a position with no move (``dice-position``): no Faction is listed in two Alliances (dice:102).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.alliance import ProposeAllianceFacts
from checker.dice.kinds.position import DicePositionFacts
from checker.dice.position import STEPS, display, whose
from checker.facts import all_of
from checker.rules import chapter, gap, rule, set_aside

chapter("dice-propose-alliance", "dice:96-105")

set_aside("dice:103", "leads into the Kanly step: dice left on Faction slots are target dice, as dice:107-108 say")

ALLIANCE = STEPS.index("alliance")


def _me(s: ProposeAllianceFacts) -> str:
    return display(s.faction)


def _them(s: ProposeAllianceFacts) -> str:
    return display(s.other)


# dice:97 "In Turn Order, players may propose Alliances to other players. An Alliance lasts for the rest of the
#          round. It allows you to have Troops in the same Region as your Ally without triggering Combat, gives you
#          an Alliance ability, and has various other effects."


@rule(
    "dice.alliance.step",
    on="dice-propose-alliance",
    cites="dice:97",
    see_also="dice:66,68",
    title="Alliances are proposed in the Alliance step",
    forbids=lambda s, _o: (
        f"{_me(s)} proposes an Alliance in the {STEPS[s.step_index or 0]} step: Alliances are "
        "proposed in the Alliance step (dice:97)."
    ),
    permits="The Alliance step: Alliances are proposed now.",
    when=lambda s: s.step_index is not None,
)
def step(s: ProposeAllianceFacts) -> bool:
    """Players propose Alliances, in Turn Order, during the Alliance step (``step: alliance``); with no step given it
    is taken to be that step (the verdict's notes say so), as for every other move."""
    return s.step_index == ALLIANCE


@step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == ALLIANCE


# dice:98 "If you and an other player each have placed a die onto the other's Faction slot on your Faction boards,
#          no matter which number those dice show, you may propose an Alliance to this player, if they are not yet
#          in an other Alliance this round. You may negotiate any conditions. ..."


@rule(
    "dice.alliance.another-player",
    on="dice-propose-alliance",
    cites="dice:98",
    see_also="dice:102",
    title="An Alliance is with another player",
    forbids=lambda s, _o: (
        f"{_me(s)} proposes an Alliance to itself: an Alliance is made with an other player (dice:98)."
    ),
    permits=lambda s, _o: f"{_me(s)} proposes to another player, {_them(s)}.",
)
def another_player(s: ProposeAllianceFacts) -> bool:
    """An Alliance is proposed to an other player, never to oneself."""
    return not s.self_proposal


@another_player.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.self_proposal)


def _dice_message(s: ProposeAllianceFacts, _o: dict[str, Any]) -> str:
    if not s.in_game:
        return f"{_them(s)} takes no part in this game: no die lies on its Faction slot (dice:81, 98)."
    missing = []
    if not s.my_die:
        missing.append(f"{_me(s)} has no die on its {_them(s)} slot")
    if not s.their_die:
        missing.append(f"{_them(s)} has no die on its {_me(s)} slot")
    return "; ".join(missing) + ": each must have placed a die on the other's Faction slot (dice:98)."


@rule(
    "dice.alliance.mutual-dice",
    on="dice-propose-alliance",
    cites="dice:98",
    see_also="dice:81,250",
    title="Each has a die on the other's Faction slot",
    forbids=_dice_message,
    permits=lambda s, _o: (
        f"{_me(s)} has a die on its {_them(s)} slot and {_them(s)} one on its {_me(s)} slot (any numbers)."
    ),
    needs=("my_die", "their_die"),
    when=lambda s: not s.self_proposal,
)
def mutual_dice(s: ProposeAllianceFacts) -> bool:
    """Both players have placed a die on the other's Faction slot, whatever numbers they show."""
    return bool(s.my_die) and bool(s.their_die)


@mutual_dice.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.my_die, v.their_die)


# dice:98 (above) "... if they are not yet in an other Alliance this round. ..."
# dice:99 "You may decline an Alliance proposed to you, and propose that same Alliance again when it is your turn,
#          assuming neither you nor the other player entered a different Alliance in between."


@rule(
    "dice.alliance.target-free",
    on="dice-propose-alliance",
    cites="dice:98-99",
    title="The other player is in no other Alliance this round",
    forbids=lambda s, _o: (
        f"{_them(s)} is already allied with {display(s.their_ally)} this round: an Alliance is "
        "proposed to a player not yet in an other Alliance (dice:98)."
    ),
    permits=lambda s, _o: f"{_them(s)} is in no other Alliance this round.",
    when=lambda s: not s.self_proposal,
)
def target_free(s: ProposeAllianceFacts) -> bool:
    """The player proposed to is not yet in an other Alliance this round."""
    return not s.them_allied_other


@target_free.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.them_allied_other)


# dice:102 "Each round, you may only be allied with one single other player. When the round ends, the Alliance ends
#           as well, though you may try to refresh the Alliance in the following round."


@rule(
    "dice.alliance.proposer-free",
    on="dice-propose-alliance",
    cites="dice:102",
    see_also="dice:99",
    title="One Ally a round: the proposer is in no other Alliance",
    forbids=lambda s, _o: (
        f"{_me(s)} is already allied with {display(s.my_ally)} this round: each round you may "
        "only be allied with one single other player (dice:102)."
    ),
    permits=lambda s, _o: f"{_me(s)} is in no other Alliance this round.",
    when=lambda s: not s.self_proposal,
)
def proposer_free(s: ProposeAllianceFacts) -> bool:
    """A player allied this round proposes no second Alliance."""
    return not s.me_allied_other


@proposer_free.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.me_allied_other)


# dice:100 "If you and another player agree to enter an Alliance, first exchange your Alliance cards. This card
#           marks your Alliance and grants an additional ability, see below."
# dice:101 "Next, take the die you have placed onto each other's Alliance slot and re-assign it: flip it to show the
#           number of your choice, and place it on any allowed empty slot of your choice on your Faction board."
# see also dice:105 and dice:196: the card's ability may be used by the ally for the rest of the round ("that may
#           be used by themselves, as all other abilities, but also by their current Ally"); which ability is each
#           Faction's Alliance ability is printed on the boards and cards only, so no rule asks who used it.


@rule(
    "dice.alliance.exchange",
    on="dice-propose-alliance",
    cites="dice:100-101",
    see_also="dice:105,196",
    title="Entering an Alliance: exchange the cards, re-assign the two dice",
    permits=lambda s, o: (
        f"If {_them(s)} agrees, the two exchange Alliance cards, and each re-assigns the die on the other's Faction "
        f"slot ({_me(s)} {o.get('reassign', {}).get(s.faction, 1)}, {_them(s)} "
        f"{o.get('reassign', {}).get(s.other, 1)}): flipped to any number, onto an allowed empty slot (dice:101)."
    ),
    defines=("reassign",),
    when=lambda s: not s.self_proposal,
    one_sided="an outcome rule: it says what entering the Alliance does and never forbids",
)
def exchange(s: ProposeAllianceFacts) -> dict[str, Any]:
    """Allies exchange Alliance cards, then each takes its die from the other's Faction slot and re-assigns it:
    any number, on an allowed empty slot of its board."""
    return {"reassign": {s.faction: 1, s.other: 1}}


@exchange.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.reassign_me == 1, v.reassign_them == 1)


# dice:85 "Whenever a die is removed from a slot marked with this symbol, for whichever reason, gain 1 die."
# dice:253 "When you remove a die from a spot with the bonus-die symbol, immediately gain a die."
# dice:88 "... take one from the common supply and place it into your personal supply."


def _bonuses(s: ProposeAllianceFacts) -> int:
    return int(bool(s.my_bonus)) + int(bool(s.their_bonus))


def _bonus_short(s: ProposeAllianceFacts) -> bool:
    """The common supply holds a die, but fewer than the two bonus dice gained at once."""
    return 0 < s.common_dice < _bonuses(s)


def _bonus_said(s: ProposeAllianceFacts, _o: dict[str, Any]) -> str:
    empty = " gains none: the common supply is empty (dice:88)" if s.common_dice == 0 else " gains 1 die"
    return (
        "; ".join(
            f"{whose(f)} {display(slot)} slot is a bonus-die slot: re-assigning its die{empty}"
            for f, slot, bonus in ((s.faction, s.other, s.my_bonus), (s.other, s.faction, s.their_bonus))
            if bonus
        )
        + " (dice:85)."
    )


@rule(
    "dice.alliance.bonus-die",
    on="dice-propose-alliance",
    cites="dice:85,88,253",
    see_also="dice:101",
    title="A re-assigned die leaving a bonus-die slot gains a die",
    permits=_bonus_said,
    defines=("gained",),
    when=lambda s: not s.self_proposal and bool(s.my_bonus or s.their_bonus) and not _bonus_short(s),
    cite_when={"dice:88": lambda s: s.common_dice == 0},
    one_sided="an outcome rule: it counts the dice gained and never forbids",
)
def bonus_die(s: ProposeAllianceFacts) -> dict[str, Any]:
    """A die removed from a slot marked with the bonus-die symbol, for whichever reason, gains its owner a die:
    the re-assigned die on a Faction slot the position's ``bonus_slots`` mark."""
    pairs = ((s.faction, s.my_bonus), (s.other, s.their_bonus))
    some = 0 if s.common_dice == 0 else 1  # an empty common supply has no die to give (dice:88)
    return {"gained": {f: some * int(bonus) for f, bonus in pairs if bonus is not None}}  # unknown: left out


@bonus_die.z3
def _(v: Any) -> z3.BoolRef:
    some = z3.If(v.common_dice == 0, 0, 1)
    return z3.And(v.gained_me == z3.If(v.my_bonus, some, 0), v.gained_them == z3.If(v.their_bonus, some, 0))


gap(
    "dice.alliance.bonus-short",
    on="dice-propose-alliance",
    cites="dice:85,88",
    title="One die in the common supply for two bonus dice",
    reason="both re-assigned dice leave bonus-die slots, each gaining a die, and the common supply holds one: which "
    "of the two gains it the text does not say",
    when=lambda s: not s.self_proposal and _bonus_short(s),
    leaves_open=("gained",),
)


# dice:102 (above) "Each round, you may only be allied with one single other player. ..."


def _two_alliances(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    def pairs(f: str) -> str:
        return ", ".join(" and ".join(map(display, p)) for p in s.alliance_pairs if f in p)

    bad = [
        f"{display(f)} is listed in {n} Alliances ({pairs(f)})"
        for f, n in zip(s.factions, s.f_alliances, strict=True)
        if n > 1
    ]
    return "; ".join(bad) + ": each round you may only be allied with one single other player (dice:102)."


@rule(
    "dice.alliance.one-ally",
    on="dice-position",
    cites="dice:102",
    see_also="dice:98",
    title="One Ally a round: no Faction in two Alliances",
    forbids=_two_alliances,
    permits="No Faction is listed in two Alliances.",
    when=lambda s: s.alliance_count > 0,
)
def one_ally(s: DicePositionFacts) -> bool:
    """A Faction is allied with at most one other player a round: it is listed in at most one Alliance."""
    return all(n <= 1 for n in s.f_alliances)


@one_ally.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(n <= 1 for n in v.f_alliances)
