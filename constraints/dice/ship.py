"""Dice Game, Ship Troops Step (dice:126-130): Troops from the Faction board to the Polar Sink, a Region the
Faction controls, or its ally's with consent; never into the Sandstorm's Region."""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.move import troops_phrase, who
from checker.dice.kinds.ship import BASE, DiceShipFacts
from checker.dice.position import STEPS, display
from checker.rules import chapter, gap, rule

chapter("dice-ship", "dice:56,126-130,173")

SHIP_STEP = STEPS.index("ship")

# dice:127 "In Turn Order, each player takes their Ship step. During your Ship step, you ship your Troops to the
#          surface of the planet. ..."


@rule(
    "dice.ship.step",
    on="dice-ship",
    cites="dice:127",
    see_also="dice:72",
    title="Troops are shipped in the Ship step",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot ship Troops in the {s.step} step: Troops are shipped in the Ship step."
    ),
    permits="It is the Ship step.",
    when=lambda s: s.step_index is not None,
)
def ship_step(s: DiceShipFacts) -> bool:
    """Troops are shipped during the Faction's Ship step (``step: ship``); with no step given it is taken to be
    that step (the verdict's notes say so)."""
    return s.step_index == SHIP_STEP


@ship_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == SHIP_STEP


# dice:127 "... You may ship two Troops each Round, regardless of if you placed a die on a Ship slot. If you placed
#          a die on a Ship slot, you may ship two or three additional Troops as noted on your Faction board."


def _shipped(s: DiceShipFacts) -> str:
    """The Troops of the move, and of the round where it shipped before (dice:128: each Troop separately)."""
    if not s.shipped:
        return troops_phrase(s.count)
    return f"{troops_phrase(s.count)} after {s.shipped} earlier this round ({s.total} in all)"


def _allowance(s: DiceShipFacts) -> str:
    if not s.dice_known and s.ship_die:  # its dice not given: more Troops than even a Ship die allows
        extra = f"{s.ship_per_die}" if s.per_die_given else "two or three"
        return (
            f"two Troops each round, and {extra} more with a die on its Ship slot: {s.limit} at most, with one or not"
        )
    if s.ship_die is None or not s.dice_known:  # its dice not given: two or fewer Troops, which need no die
        return "the two Troops any Faction may ship each round, with or without a die on its Ship slot"
    if not s.ship_die:
        return "two Troops each round (no die on its Ship slot)"
    extra = f"{s.ship_per_die}" if s.per_die_given else "two or three (as its Faction board notes)"
    return f"two Troops each round plus {extra} for its die on the Ship slot"


@rule(
    "dice.ship.allowance",
    on="dice-ship",
    cites="dice:127",
    see_also="dice:128,252",
    title="Two Troops a round, two or three more with a die on the Ship slot",
    forbids=lambda s, _o: f"{who(s.faction)} ships {_shipped(s)}: it may ship {_allowance(s)}.",
    permits=lambda s, _o: f"{who(s.faction)} ships {_shipped(s)}, within {_allowance(s)}.",
    needs=("ship_die", "ship_per_die"),
    # more than one die on Ship slots: an open question below
    when=lambda s: s.ship_dice is None or s.ship_dice <= 1,
)
def allowance(s: DiceShipFacts) -> bool:
    """A Faction ships two Troops each round, plus the number its Faction board notes (two or three) when it placed
    a die on its Ship slot (``ship_per_die``; unknown, the answer is unresolved only where two or three differ).
    Each Troop is shipped separately (dice:128): those shipped earlier this round (``shipped_this_round``, which a
    game record writes) count with the move's."""
    return s.count + s.shipped <= BASE + ((s.ship_per_die or 0) if s.ship_die else 0)


@allowance.z3
def _(v: Any) -> z3.BoolRef:
    return v.count + v.shipped <= BASE + z3.If(v.ship_die, v.ship_per_die, 0)


# dice:83 "You may take the die in this slot at any time during one of your turns, flip it to show the number of your
#          choice, and place it onto an allowed empty slot of your choice on your Faction board. You may use this die
#          in the corresponding step of the current round as if you placed it there during the Roll the Dice step."


@rule(
    "dice.ship.reassign",
    on="dice-ship",
    cites="dice:83",
    see_also="dice:255",
    title="The Re-Assign die onto the empty Ship slot",
    permits=lambda s, _o: (
        f"{who(s.faction)} may first take the die on its Re-Assign slot, flip it to a number the Ship slot allows "
        "and place it there (dice:83): a die on the Ship slot ships two or three more."
    ),
    when=lambda s: bool(s.reassigned),
    one_sided="it only ever allows: the Re-Assign die may go to an empty slot at any time during the player's turn",
)
def reassign(s: DiceShipFacts) -> bool:
    """With no die on the Ship slot, the die on the Re-Assign slot may be put there first, showing any number,
    and used in this step as if placed there in the Roll the Dice step."""
    return s.reassign_die


@reassign.z3
def _(v: Any) -> z3.BoolRef:
    return v.reassign_die


gap(
    "dice.ship.dice",
    on="dice-ship",
    cites="dice:127",
    see_also="dice:252",
    title="More than one die on Ship slots",
    reason="dice:127 speaks of a die on a Ship slot adding two or three Troops; what a second die on a Ship slot "
    "adds is on the Faction board only",
    when=lambda s: s.ship_dice is not None and s.ship_dice > 1 and s.total > BASE,
)

# dice:128 "Take each Troop you ship from your Faction board and place it in the Polar Sink Region or any Region you
#          control. ..."


@rule(
    "dice.ship.from-board",
    on="dice-ship",
    cites="dice:128",
    see_also="dice:124,249",
    title="Shipped Troops come from the Faction board",
    forbids=lambda s, _o: (
        f"{who(s.faction)} ships {troops_phrase(s.count)} but has {s.board_troops} on its Faction board."
    ),
    permits=lambda s, _o: (
        f"{who(s.faction)} has {troops_phrase(s.board_troops or 0)} on its Faction board to ship from."
    ),
    needs=("board_troops",),
)
def from_board(s: DiceShipFacts) -> bool:
    """Each Troop shipped is taken from the Faction board (the Troops recruited, dice:124): at most those."""
    return s.count <= (s.board_troops or 0)


@from_board.z3
def _(v: Any) -> z3.BoolRef:
    return v.count <= v.board_troops


# dice:128 "... place it in the Polar Sink Region or any Region you control. If you have at least a single Troop
#          present in any given Region, you control that Region. Each Troop is shipped separately and may be
#          shipped to any viable Region. ..."


@rule(
    "dice.ship.controlled",
    on="dice-ship",
    cites="dice:128",
    see_also="dice:183",
    title="Ship to the Polar Sink or a Region the Faction controls",
    forbids="{Faction} cannot ship to {to}: it has no Troop there, so does not control it, and it is not the "
    "Polar Sink.",
    permits=lambda s, _o: (
        f"{s.to} is the Polar Sink: any Faction may ship there."
        if s.polar_sink
        else f"{who(s.faction)} controls {s.to}: it has {troops_phrase(s.own_in_to)} there."
    ),
    when=lambda s: not s.ally_region,
)
def controlled(s: DiceShipFacts) -> bool:
    """Troops land in the Polar Sink or in a Region the Faction controls (one of its Troops is there)."""
    return s.polar_sink or s.own_in_to >= 1


@controlled.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.polar_sink, v.own_in_to >= 1)


# dice:129 "If your Ally consents, you may also ship Troops to Regions you do not control, but they do."


@rule(
    "dice.ship.ally-consent",
    on="dice-ship",
    cites="dice:129",
    title="Ship to the ally's Region with its consent",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot ship to {s.to}: it controls no Troop there, and its ally "
        f"{display(s.ally)}, who does, does not consent."
    ),
    permits=lambda s, _o: f"{display(s.ally)}, {who(s.faction)}'s ally, controls {s.to} and consents.",
    needs=("ally_consents",),
    when=lambda s: s.ally_region,
)
def ally_consent(s: DiceShipFacts) -> bool:
    """A Region the Faction does not control but its ally does takes its Troops if the ally consents
    (``move.ally_consents``)."""
    return bool(s.ally_consents)


@ally_consent.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_consents


# dice:128 "... You may not ship to the Region currently affected by the Sandstorm."
# dice:173 "... Troops cannot Ship to, Move to, Move out etc. in a Region affected by the Sandstorm. ..."


@rule(
    "dice.ship.sandstorm",
    on="dice-ship",
    cites="dice:128,173",
    see_also="dice:56,61",
    title="No shipment into the Sandstorm's Region",
    forbids="{Faction} cannot ship to {to}: the Sandstorm is there.",
    permits="{to} is clear of the Sandstorm ({sandstorm}).",
    needs=("storm_region",),
    when=lambda s: not s.to_never_storm,
)
def sandstorm(s: DiceShipFacts) -> bool:
    """Troops may not be shipped to the Region the Sandstorm is in (never the Polar Sink or an outer Region,
    dice:61: shipping there needs no ``sandstorm``)."""
    return s.to_region != s.storm_region


@sandstorm.z3
def _(v: Any) -> z3.BoolRef:
    return v.to_region != v.storm_region


# dice:130 "Any Troops you have on your Faction Mat at the end of this step remain there until next round's Ship
#          Troops step."


@rule(
    "dice.ship.rest-stay",
    on="dice-ship",
    cites="dice:130",
    title="Troops not shipped stay on the Faction board",
    permits=lambda s, o: (
        f"{who(s.faction)} keeps {troops_phrase(o.get('on_board', 0))} on its Faction board until next round's Ship "
        "step."
    ),
    defines=("on_board",),
    needs=("board_troops",),
    when=lambda s: s.board_troops is None or s.count <= s.board_troops,
    one_sided="it fixes what stays on the board; the shipment's limits are the other rules",
)
def rest_stay(s: DiceShipFacts) -> dict[str, int]:
    """The Troops on the Faction board not shipped remain there."""
    return {"on_board": (s.board_troops or 0) - s.count}


@rest_stay.z3
def _(v: Any) -> z3.BoolRef:
    return v.on_board == v.board_troops - v.count
