"""Dice Game, the Kanly step (dice:106-119) and stealing the Landsraad card (dice:189-190).

A Kanly action is a die left on a Faction slot after the Alliance step, aimed at that Faction; the
number it shows picks the action on the Faction board's Kanly chart, which the text does not print
(a position's ``kanly_chart``). The Factions' own target abilities are in constraints/dice/factions.py.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.kanly import KINDS, STEALS, KanlyFacts
from checker.dice.position import STEPS, whose
from checker.facts import any_of
from checker.names import plural
from checker.rules import chapter, rule, set_aside

chapter("dice-kanly", "dice:106-119,189-190")

set_aside("dice:106", "heading")
set_aside("dice:111", "heading")
set_aside("dice:113", "heading")
set_aside("dice:115", "heading")

KANLY = STEPS.index("kanly")
STEAL_CARDS = tuple(KINDS.index(a) for a in ("steal-sandstorm", "steal-turn-order", "steal-landsraad"))
ASSASSINATE = KINDS.index("assassinate")


def _is(v: Any, *actions: str) -> Any:
    return any_of(v.action_code == KINDS.index(a) for a in actions)


# dice:107 "In Turn Order, each player takes their Kanly step. During your Kanly step, you may resolve any dice
#           remaining on Faction slots on your Faction board, in any order you prefer. ..."


@rule(
    "dice.kanly.step",
    on="dice-kanly",
    cites="dice:107",
    see_also="dice:69,103",
    title="Kanly actions in the Kanly step",
    forbids="{Faction} cannot take a Kanly action ({action}) in the {step} step: dice on Faction slots are "
    "resolved during the Kanly step.",
    permits="It is the Kanly step.",
    when=lambda s: s.action != "the-voice" and s.step_index is not None,
)
def kanly_step(s: KanlyFacts) -> bool:
    """A Kanly action is taken in the player's Kanly step."""
    return s.step_index == KANLY


@kanly_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == KANLY


@rule(
    "dice.kanly.die-on-slot",
    on="dice-kanly",
    cites="dice:107",
    see_also="dice:81,103",
    title="A die on the target's Faction slot",
    forbids="{Faction} has no die on its {Target} Faction slot: only dice remaining on Faction slots are resolved "
    "in the Kanly step.",
    permits="{Faction} has a die on its {Target} Faction slot.",
    needs=("die_on_slot",),
)
def die_on_slot(s: KanlyFacts) -> bool:
    """The action uses a die remaining on the target's Faction slot of the acting Faction's board."""
    return s.die_on_slot is not None and s.die_on_slot > 0


@die_on_slot.z3
def _(v: Any) -> z3.BoolRef:
    return v.die_on_slot >= 1


# dice:108 "... It allows to attack that Faction with the action set by the number shown on the die. ..."
# dice:109 says the stealing actions take cards from other players.


def _self_target(s: KanlyFacts, _o: dict[str, Any]) -> str:
    if s.action in STEALS:
        return f"{s.fmt()['Faction']} cannot steal from itself: the stealing actions take cards from other players."
    return f"{s.fmt()['Faction']} cannot aim {s.action} at itself: a die on a Faction slot attacks that Faction."


@rule(
    "dice.kanly.other-faction",
    on="dice-kanly",
    cites="dice:108,109",
    title="A Kanly action targets another Faction",
    forbids=_self_target,
    permits="{Faction} targets {Target}, another Faction.",
    cite_when={"dice:108": lambda s: s.action not in STEALS, "dice:109": lambda s: s.action in STEALS},
)
def other_faction(s: KanlyFacts) -> bool:
    """A Kanly action attacks the Faction whose slot the die is on, and a steal takes from another player: the
    acting Faction is never its own target."""
    return s.actor != s.target_code


@other_faction.z3
def _(v: Any) -> z3.BoolRef:
    return v.actor != v.target_code


# dice:108 "Each die on a Faction slots is "targeted" at that Faction. It allows to attack that Faction with the
#           action set by the number shown on the die. The chart in the Kanly area on your Faction board lists
#           which number denotes which action. Actions listed with a question mark may be used with any number."


@rule(
    "dice.kanly.chart",
    on="dice-kanly",
    cites="dice:108",
    see_also="dice:251",
    title="The die's number selects the action on the Kanly chart",
    forbids=lambda s, _o: (
        f"{whose(s.faction)} die on the {s.Target} slot shows {s.face}: its Kanly chart "
        f"lists {s.action} for {s.chart_text or 'no number'}."
    ),
    permits=lambda s, _o: f"The die shows {s.face}: {s.action} on {whose(s.faction)} Kanly chart ({s.chart_text}).",
    needs=("chart_known", "face"),
)
def chart(s: KanlyFacts) -> bool:
    """The number on the die is one the Faction's Kanly chart lists for the action ('?' lists every number)."""
    return s.face is not None and 1 <= s.face <= 6 and s.chart[s.face - 1]


@chart.z3
def _(v: Any) -> z3.BoolRef:
    return any_of(z3.And(v.face == n + 1, v.chart[n]) for n in range(6))


# dice:110 "Every player has access to the Plot and Assassinate action, and to actions allowing to steal various
#           cards. Your Faction board may allow other, Faction-specific Kanly actions. ..."


def _not_own(s: KanlyFacts, _o: Any) -> str:
    from checker.dice.kinds.kanly import ABILITY, ABILITY_CITE
    from checker.dice.position import display

    owner = ABILITY[s.action]
    return (
        f"{display(s.faction)} cannot use {s.action}: it is the {display(owner)} Faction board's own Kanly action "
        f"({ABILITY_CITE[s.action]})."
    )


@rule(
    "dice.kanly.board-action",
    on="dice-kanly",
    cites="dice:110",
    see_also="dice:207,224,232,239",
    title="Faction-specific Kanly actions only from their own board",
    forbids=_not_own,
    permits="{action} is open to {Faction}.",
)
def board_action(s: KanlyFacts) -> bool:
    """Plot, Assassinate and the steals are every player's; a target ability only its own Faction's."""
    return s.ability_owner < 0 or s.ability_owner == s.actor


@board_action.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.ability_owner == -1, v.ability_owner == v.actor)


# dice:109 "A few actions allow you to "steal" cards from other players. You may only do that if the targeted
#           player has the card you want to steal at the point of time you use this action. Simply take the card
#           and place it in front of you. Cards may be stolen multiple times (by different players) in the same
#           round."


@rule(
    "dice.kanly.target-holds-card",
    on="dice-kanly",
    cites="dice:109",
    see_also="dice:112,117-119",
    title="Only a card the target holds can be stolen",
    forbids="{Faction} cannot steal {card_name} card from {Target}: {Target} does not hold it.",
    permits="{Target} holds {card_name} card.",
    when=lambda s: s.action in STEALS,
    needs=("target_holds",),
)
def target_holds_card(s: KanlyFacts) -> bool:
    """A steal (Plot takes a Protection card) needs the target to hold that card now."""
    return (s.target_holds or 0) >= 1  # known: the rule needs it


@target_holds_card.z3
def _(v: Any) -> z3.BoolRef:
    return v.target_holds >= 1


# dice:114 "Remove one of the targeted player's Troops of your choice from anywhere on the board and return it to
#           the owner's supply. You may not remove Troops from the Region with the Sandstorm. You may not remove a
#           Troop belonging to a player currently holding a Protection card. You may not remove a Leader."


@rule(
    "dice.kanly.assassinate-troop",
    on="dice-kanly",
    cites="dice:114",
    see_also="dice:125",
    title="Assassinate removes one of the target's Troops on the board",
    forbids=lambda s, _o: (
        f"{s.fmt()['Faction']} cannot assassinate "
        + (
            f"in {s.region_label}: {s.Target} has no Troop there"
            if s.region_given >= 0
            else f"a Troop of {s.Target}: {s.Target} has no Troop on the board"
        )
        + " (a Leader on its Faction board may not be targeted)."
    ),
    permits=lambda s, o: f"{s.Target} has a Troop in {o.get('region', s.region_label)}.",
    when=lambda s: s.action == "assassinate",
)
def assassinate_troop(s: KanlyFacts) -> bool:
    """Assassinate removes a Troop of the target from the board: it needs one (in the Region named)."""
    return any(s.t_troops[r] > 0 for r in s.troops_where())


@assassinate_troop.z3
def _(v: Any) -> z3.BoolRef:
    return any_of(z3.And(v.where == r, t > 0) for r, t in enumerate(v.t_troops))


@rule(
    "dice.kanly.assassinate-sandstorm",
    on="dice-kanly",
    cites="dice:114,173",
    title="No assassination under the Sandstorm",
    forbids="{Faction} cannot assassinate in {region}: the Sandstorm is there.",
    permits=lambda s, o: f"{o.get('region', s.region_label)} is clear of the Sandstorm.",
    when=lambda s: s.action == "assassinate",
    needs=("storm_region",),
)
def assassinate_sandstorm(s: KanlyFacts) -> bool:
    """The Troop may not be taken from the Region with the Sandstorm."""
    return any(r != s.storm_region for r in s.troops_where())


@assassinate_sandstorm.z3
def _(v: Any) -> z3.BoolRef:
    return v.where != v.storm_region


@rule(
    "dice.kanly.assassinate-protection",
    on="dice-kanly",
    cites="dice:114",
    see_also="dice:112",
    title="No assassination of a player holding a Protection card",
    forbids="{Faction} cannot assassinate a Troop of {Target}: {Target} holds a Protection card.",
    permits="{Target} holds no Protection card.",
    when=lambda s: s.action == "assassinate",
    needs=("target_protection",),
)
def assassinate_protection(s: KanlyFacts) -> bool:
    """A Troop of a player holding a Protection card may not be removed."""
    return s.target_protection == 0


@assassinate_protection.z3
def _(v: Any) -> z3.BoolRef:
    return v.target_protection == 0


# dice:116 "You may not steal the Sandstorm, Turn Order, or Landsraad card from a player currently holding a
#           Protection card."


@rule(
    "dice.kanly.protected-cards",
    on="dice-kanly",
    cites="dice:116",
    see_also="dice:112",
    title="No stealing from a player holding a Protection card",
    forbids="{Faction} cannot steal {card_name} card from {Target}: {Target} holds a Protection card.",
    permits="{Target} holds no Protection card.",
    when=lambda s: s.action in ("steal-sandstorm", "steal-turn-order", "steal-landsraad"),
    needs=("target_protection",),
)
def protected_cards(s: KanlyFacts) -> bool:
    """The Sandstorm, Turn Order and Landsraad cards cannot be stolen from a player holding a Protection card."""
    return s.target_protection == 0


@protected_cards.z3
def _(v: Any) -> z3.BoolRef:
    return v.target_protection == 0


# dice:189 "If you hold this card, you may place a die on its dice slot during the Roll the Dice step, to make
#           stealing it less attractive. This die is returned to your supply at the end of the round or in case
#           another player steals the card."
# dice:190 "To steal this card from another player, you must additionally destroy a die from your Faction mat if
#           the player holding the card has placed a die on the dice slot on the card. Starting with round 4, you
#           must additionally destroy a (possibly second) die from your Faction mat irrespective of if the player
#           has placed a die on the dice slot. If you can not or do not want to destroy the necessary dice from
#           your Faction mat, you may not steal this card."


@rule(
    "dice.kanly.landsraad-slot-die",
    on="dice-kanly",
    cites="dice:190",
    see_also="dice:189",
    title="Stealing the Landsraad past a die on its slot costs a die",
    forbids=lambda s, _o: (
        f"{s.fmt()['Faction']} cannot steal the Landsraad card destroying {plural(s.destroy, 'die', 'dice')}: "
        f"{s.Target} has a die on the card's slot, so a die must be destroyed."
    ),
    permits=lambda s, _o: (
        f"{s.Target} has a die on the Landsraad card's slot: {s.fmt()['Faction']} destroys {s.destroy}."
        if s.holder_slot_die
        else f"{s.Target} has no die on the Landsraad card's slot."
    ),
    when=lambda s: s.action == "steal-landsraad",
    needs=("holder_slot_die",),
)
def landsraad_slot_die(s: KanlyFacts) -> bool:
    """A die on the Landsraad card's slot makes the thief destroy a die from its Faction mat."""
    return not s.holder_slot_die or s.destroy >= 1


@landsraad_slot_die.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.holder_slot_die == 0, v.destroy >= 1)


@rule(
    "dice.kanly.landsraad-round-four",
    on="dice-kanly",
    cites="dice:190",
    title="From round 4, stealing the Landsraad always costs a die",
    forbids=lambda s, _o: (
        f"{s.fmt()['Faction']} cannot steal the Landsraad card in round {s.round} destroying {s.destroy} "
        f"dice: from round 4 a{' second' if s.holder_slot_die else ''} die must be destroyed "
        f"({1 + (1 if s.holder_slot_die else 0)} in all)."
    ),
    permits=lambda s, _o: f"Round {s.round}: the steal destroys {plural(s.destroy, 'die', 'dice')}.",
    when=lambda s: s.action == "steal-landsraad",
    needs=("round",),  # the card's slot unknown: counted as empty here (dice.kanly.landsraad-slot-die asks it)
)
def landsraad_round_four(s: KanlyFacts) -> bool:
    """From round 4 a (possibly second) die is destroyed whatever the card's slot holds."""
    assert s.round is not None
    return s.round < 4 or s.destroy >= 1 + (1 if s.holder_slot_die else 0)


@landsraad_round_four.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.round < 4, v.destroy >= 1 + z3.If(v.holder_slot_die > 0, 1, 0))


@rule(
    "dice.kanly.landsraad-dice-to-destroy",
    on="dice-kanly",
    cites="dice:190",
    see_also="dice:40,88",
    title="The dice destroyed come from the thief's Faction mat",
    forbids=lambda s, _o: (
        f"{s.fmt()['Faction']} cannot destroy {plural(s.destroy, 'die', 'dice')}: it has "
        f"{plural(s.spare_dice or 0, 'other die', 'other dice')} on its Faction mat."
    ),
    permits=lambda s, _o: (
        f"{s.fmt()['Faction']} destroys {s.destroy} of its {plural(s.spare_dice or 0, 'other die', 'other dice')} "
        "on its Faction mat."
    ),
    when=lambda s: s.action == "steal-landsraad" and s.destroy > 0,
    needs=("spare_dice",),
)
def landsraad_dice(s: KanlyFacts) -> bool:
    """The dice destroyed are dice on the thief's Faction mat, besides the one used for the action."""
    return s.spare_dice is not None and s.destroy <= s.spare_dice


@landsraad_dice.z3
def _(v: Any) -> z3.BoolRef:
    return v.destroy <= v.spare_dice
