"""Dice Game, Fortify Step (dice:161-166) and the tokens' ownership (dice:156-160)."""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.fortify import TOKENS, DiceFortifyFacts
from checker.dice.kinds.move import troops_phrase, who
from checker.dice.position import STEPS, display
from checker.rules import chapter, rule, set_aside

chapter("dice-fortify", "dice:56,156-166,173")

FORTIFY_STEP = STEPS.index("fortify")

set_aside(
    "dice:159",
    "taking a Troop off its token or handing the token to a consenting player is no move of the published format: "
    "a position records the token's controller after it (fortifications[].controller)",
)

# dice:162 "In Turn Order, each player takes their Fortify step."


@rule(
    "dice.fortify.step",
    on="dice-fortify",
    cites="dice:162",
    see_also="dice:75",
    title="Regions are fortified in the Fortify step",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot fortify in the {s.step} step: Regions are fortified in the Fortify step."
    ),
    permits="It is the Fortify step.",
    when=lambda s: s.step_index is not None,
)
def fortify_step(s: DiceFortifyFacts) -> bool:
    """Regions are fortified during the Faction's Fortify step (``step: fortify``); with no step given it is taken
    to be that step (the verdict's notes say so)."""
    return s.step_index == FORTIFY_STEP


@fortify_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == FORTIFY_STEP


# dice:56 "The Polar Sink, in the middle, is a neutral Region: No combat is allowed here, no player ever controls it,
#         no Fortifications may be placed here."
# dice:160 "... Fortifications may never be placed in the Polar Sink Region."


@rule(
    "dice.fortify.polar-sink",
    on="dice-fortify",
    cites="dice:56,160",
    see_also="dice:204",
    title="No Fortification in the Polar Sink",
    forbids="{Faction} cannot fortify the Polar Sink: no Fortifications may be placed there.",
    permits="{region} is not the Polar Sink.",
)
def polar_sink(s: DiceFortifyFacts) -> bool:
    """The Polar Sink is neutral: no Fortification may ever be placed there."""
    return not s.polar_sink


@polar_sink.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.polar_sink)


# dice:163 "During your Fortify step, you may fortify Regions you currently control. You control a Region if you have
#          at least a single Troop present there. You can not control the Polar Sink Region."
# dice:166 "You may only fortify Regions that you control. ..."


@rule(
    "dice.fortify.control",
    on="dice-fortify",
    cites="dice:163,166",
    see_also="dice:157,183",
    title="Only a Region the Faction controls",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot fortify the Polar Sink: no player ever controls it."
        if s.polar_sink
        else f"{who(s.faction)} cannot fortify {s.region}: it has no Troop there, so does not control it."
    ),
    permits=lambda s, _o: f"{who(s.faction)} controls {s.region}: it has {troops_phrase(s.own_in_region)} there.",
)
def control(s: DiceFortifyFacts) -> bool:
    """A Faction fortifies only a Region it controls (at least one of its Troops there; never the Polar Sink)."""
    return not s.polar_sink and s.own_in_region >= 1


@control.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(z3.Not(v.polar_sink), v.own_in_region >= 1)


# dice:164 "The number of Regions you may fortify is noted on your Faction board and depends on if you placed a die on
#          your Fortify slot. Most Factions may not fortify any Regions unless they placed a die on their Fortify
#          slot."


@rule(
    "dice.fortify.allowance",
    on="dice-fortify",
    cites="dice:164",
    see_also="dice:252",
    title="Regions to fortify: as the Faction board notes, with or without a Fortify die",
    forbids=lambda s, _o: (
        f"{who(s.faction)} may fortify no Region: its Faction board allows {s.fortify_base} without a die, and it "
        + ("placed none on its Fortify slot." if not s.fortify_dice else f"its Fortify die adds {s.fortify_per_die}.")
    ),
    permits=lambda s, _o: (
        f"{who(s.faction)} may fortify "
        + (f"{s.fortify_base} Region(s) without a die." if not s.fortify_dice else "with its die on the Fortify slot.")
    ),
    needs=("fortify_base", "fortify_dice", "fortify_per_die"),
)
def allowance(s: DiceFortifyFacts) -> bool:
    """A Faction fortifies as many Regions as its Faction board notes (``fortify_base``, plus ``fortify_per_die``
    for a die on its Fortify slot): at least one for this move."""
    return (s.fortify_base or 0) + (s.fortify_dice or 0) * (s.fortify_per_die or 0) >= 1


@allowance.z3
def _(v: Any) -> z3.BoolRef:
    return v.fortify_base + v.fortify_dice * v.fortify_per_die >= 1


# dice:83 "You may take the die in this slot at any time during one of your turns, flip it to show the number of your
#          choice, and place it onto an allowed empty slot of your choice on your Faction board. You may use this die
#          in the corresponding step of the current round as if you placed it there during the Roll the Dice step."


@rule(
    "dice.fortify.reassign",
    on="dice-fortify",
    cites="dice:83",
    see_also="dice:255",
    title="The Re-Assign die onto the empty Fortify slot",
    permits=lambda s, _o: (
        f"{who(s.faction)} may first take the die on its Re-Assign slot, flip it to a number the Fortify slot allows "
        "and place it there (dice:83): its die on the Fortify slot may allow a Region."
    ),
    when=lambda s: bool(s.reassigned),
    one_sided="it only ever allows: the Re-Assign die may go to an empty slot at any time during the player's turn",
)
def reassign(s: DiceFortifyFacts) -> bool:
    """With no die on the Fortify slot, the die on the Re-Assign slot may be put there first, showing any number,
    and used in this step as if placed there in the Roll the Dice step."""
    return s.reassign_die


@reassign.z3
def _(v: Any) -> z3.BoolRef:
    return v.reassign_die


# dice:165 "To fortify a Region without Stronghold or Fortification, place a Fortification token from the supply in
#          the Region, and place one of your Troops from that Region on it. To fortify a Region with a Fortification,
#          flip the Fortification to its Stronghold side. If there is already a Stronghold, you may not fortify that
#          Region further."


@rule(
    "dice.fortify.stronghold",
    on="dice-fortify",
    cites="dice:165",
    title="A Stronghold is fortified no further",
    forbids="{Faction} cannot fortify {region}: a Stronghold is already there.",
    permits="{region} holds no Stronghold yet.",
)
def stronghold(s: DiceFortifyFacts) -> bool:
    """A Region with a Stronghold may not be fortified further."""
    return s.token != 2


@stronghold.z3
def _(v: Any) -> z3.BoolRef:
    return v.token != 2


@rule(
    "dice.fortify.token",
    on="dice-fortify",
    cites="dice:165",
    see_also="dice:157,160",
    title="Fortifying places a Fortification, or flips it to a Stronghold",
    permits=lambda s, o: (
        f"A Fortification token is placed in {s.region}, with one of {who(s.faction)}'s Troops on it."
        if s.token == 0
        else f"The Fortification in {s.region} is flipped to its Stronghold side."
    ),
    defines=("token",),
    when=lambda s: s.token != 2,
    one_sided="it fixes the token fortifying leaves; whether the Region may be fortified is the other rules",
)
def token(s: DiceFortifyFacts) -> dict[str, str]:
    """No token: a Fortification is placed; a Fortification: it becomes a Stronghold."""
    return {"token": "fortification" if s.token == 0 else "stronghold"}


@token.z3
def _(v: Any) -> z3.BoolRef:
    return v.token_after == v.token + 1


# dice:166 "... If the supply is empty, you may not place further Fortification tokens."


@rule(
    "dice.fortify.supply",
    on="dice-fortify",
    cites="dice:166",
    see_also="dice:31,40",
    title="A Fortification token from the supply",
    forbids=f"{{Faction}} cannot place a Fortification in {{region}}: all {TOKENS} tokens are on the map, the supply "
    "is empty.",
    permits=f"{{tokens_on_map}} of the {TOKENS} tokens are on the map: the supply has one.",
    when=lambda s: s.token == 0,
)
def supply(s: DiceFortifyFacts) -> bool:
    """A Fortification is placed from the supply of the game's six tokens: none once all six are on the map."""
    return s.tokens_on_map < TOKENS


@supply.z3
def _(v: Any) -> z3.BoolRef:
    return v.tokens_on_map < TOKENS


# dice:166 "... You may only flip a Fortification to its Stronghold side if you control that Fortification, or if
#          your Ally does and consents. If you flip a Fortification to its Stronghold side, the same Troop as before
#          remains controlling it. ..."


@rule(
    "dice.fortify.token-control",
    on="dice-fortify",
    cites="dice:166",
    see_also="dice:157",
    title="Flip only a Fortification the Faction controls",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot flip the Fortification in {s.region}: {display(s.controller)} controls it."
    ),
    permits=lambda s, _o: f"{who(s.faction)} controls the Fortification in {s.region}.",
    needs=("controller_known",),
    when=lambda s: s.token == 1 and s.controller_given and not s.ally_token,
)
def token_control(s: DiceFortifyFacts) -> bool:
    """A Fortification is flipped to its Stronghold side only by the Faction controlling it (or, with consent, by
    its ally: ``dice.fortify.ally-consent``)."""
    return s.own_token


@token_control.z3
def _(v: Any) -> z3.BoolRef:
    return v.own_token


@rule(
    "dice.fortify.ally-consent",
    on="dice-fortify",
    cites="dice:166",
    title="Flip the ally's Fortification with its consent",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot flip the Fortification in {s.region}: its ally "
        f"{display(s.ally)} controls it and does not consent."
    ),
    permits=lambda s, _o: (
        f"{display(s.ally)}, {who(s.faction)}'s ally, controls the Fortification in {s.region} "
        "and consents; its Troop keeps control."
    ),
    needs=("ally_consents",),
    when=lambda s: s.token == 1 and s.ally_token,
)
def ally_consent(s: DiceFortifyFacts) -> bool:
    """The ally's Fortification is flipped only with its consent (``move.ally_consents``)."""
    return bool(s.ally_consents)


@ally_consent.z3
def _(v: Any) -> z3.BoolRef:
    return v.ally_consents


# dice:158 "If, at any point of time, Troops share a Region with an uncontrolled Fortification, the first player in
#          Turn Order with Troops in this Region takes control of the Fortification. ..."


@rule(
    "dice.fortify.uncontrolled",
    on="dice-fortify",
    cites="dice:158",
    see_also="dice:157",
    title="An uncontrolled Fortification is the first in Turn Order's",
    forbids=lambda s, _o: (
        f"{who(s.faction)} cannot flip the Fortification in {s.region}: it is uncontrolled, and "
        + (
            f"{display(s.first)}, first in Turn Order with Troops there, takes control of it."
            if s.first
            else "no Troops are there to take control of it."
        )
    ),
    permits=lambda s, _o: (
        f"The uncontrolled Fortification in {s.region} is {who(s.faction)}'s: it is the first in "
        "Turn Order with Troops there."
    ),
    needs=("first_is_me",),
    when=lambda s: s.token == 1 and not s.controller_given and not s.ally_token,
)
def uncontrolled(s: DiceFortifyFacts) -> bool:
    """An uncontrolled Fortification sharing a Region with Troops belongs to the first Faction in Turn Order with
    Troops there (``turn_order``): only that Faction flips it."""
    return bool(s.first_is_me)


@uncontrolled.z3
def _(v: Any) -> z3.BoolRef:
    return v.first_is_me


# dice:173 "The Region affected by the Sandstorm is effectively in total stasis until the Sandstorm leaves again.
#          Troops cannot Ship to, Move to, Move out etc. in a Region affected by the Sandstorm. ..."


@rule(
    "dice.fortify.sandstorm",
    on="dice-fortify",
    cites="dice:173",
    title="Fortifying the Sandstorm's Region",
    status="unresolved",
    reason="dice:173 puts the Sandstorm's Region 'in total stasis' and lists shipping and moving there 'etc.': "
    "whether a Faction may fortify it the text does not say (a position without 'sandstorm' may be fortifying it)",
    when=lambda s: s.maybe_in_storm,
    one_sided="an open question: the text does not say",
)
def fortify_sandstorm(s: DiceFortifyFacts) -> bool:
    """Whether the Sandstorm's "total stasis" bars fortifying its Region is open: the answer is unresolved."""
    return True


@fortify_sandstorm.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)
