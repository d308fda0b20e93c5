"""Dice Game, Sandstorm Step (dice:167-173), the Fremen's Desert Warriors (dice:214-216), and who may never move
the Sandstorm (dice:206, 223)."""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.move import troops_phrase, who
from checker.dice.kinds.sandstorm import KILLS, DiceSandstormFacts
from checker.dice.position import STEPS, display
from checker.facts import all_of
from checker.rules import chapter, rule

chapter("dice-sandstorm", "dice:61,167-173,214,216")

SANDSTORM_STEP = STEPS.index("sandstorm")

# dice:168 "If you have the Sandstorm control card, you now must move the Sandstorm. Move the Sandstorm marker into
#          one adjacent Region."


@rule(
    "dice.sandstorm.step",
    on="dice-sandstorm",
    cites="dice:168",
    see_also="dice:66,76",
    title="The Sandstorm moves in the Sandstorm step",
    forbids="The Sandstorm cannot be moved in the {step} step: it moves in the Sandstorm step.",
    permits="It is the Sandstorm step.",
    when=lambda s: s.step_index is not None,
)
def sandstorm_step(s: DiceSandstormFacts) -> bool:
    """The Sandstorm is moved in the round's Sandstorm step (``step: sandstorm``); with no step given it is taken to
    be that step (the verdict's notes say so)."""
    return s.step_index == SANDSTORM_STEP


@sandstorm_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == SANDSTORM_STEP


@rule(
    "dice.sandstorm.card",
    on="dice-sandstorm",
    cites="dice:168",
    see_also="dice:66,117",
    title="The Sandstorm card's holder moves the Sandstorm",
    forbids=lambda s, _o: f"{who(s.faction)} cannot move the Sandstorm: {display(s.holder)} holds the Sandstorm card.",
    permits=lambda s, _o: f"{who(s.faction)} holds the Sandstorm card.",
    needs=("holds_card",),
)
def card(s: DiceSandstormFacts) -> bool:
    """Only the Faction holding the Sandstorm card moves the Sandstorm (``move.faction``, default the card's holder
    in ``factions.*.cards``; with no holder listed the answer is unresolved)."""
    return bool(s.holds_card)


@card.z3
def _(v: Any) -> z3.BoolRef:
    return v.holds_card


# dice:206 "Note: You can never have the Sandstorm card and move the Sandstorm."
# dice:223 "Notes: You can never have the Sandstorm card and move the Sandstorm. ..."


@rule(
    "dice.sandstorm.never-harkonnen-corrino",
    on="dice-sandstorm",
    cites="dice:206,223",
    title="Harkonnen and Corrino never move the Sandstorm",
    forbids="{Faction} can never have the Sandstorm card and move the Sandstorm.",
    permits="{Faction} may move the Sandstorm (only Harkonnen and Corrino never do).",
    when=lambda s: bool(s.faction),
)
def never_harkonnen_corrino(s: DiceSandstormFacts) -> bool:
    """The Harkonnen and the Corrino can never hold the Sandstorm card and move the Sandstorm."""
    return not s.barred


@never_harkonnen_corrino.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.barred)


@rule(
    "dice.sandstorm.adjacent",
    on="dice-sandstorm",
    cites="dice:168",
    see_also="dice:60,170",
    title="The Sandstorm moves into one adjacent Region",
    forbids=lambda s, _o: (
        f"The Sandstorm must move out of {s.was_in}: it cannot stay there."
        if s.to == s.was_in
        else f"The Sandstorm cannot move from {s.was_in} to {s.to}: they do not share a border."
    ),
    permits="{to} borders {was_in}: the Sandstorm may move there.",
    needs=("storm_region", "adjacent"),
)
def adjacent(s: DiceSandstormFacts) -> bool:
    """The Sandstorm must move, into a Region bordering the one it is in (``sandstorm``; the position's ``board``
    gives borders the text does not, dice:170 gives Carthag's)."""
    return bool(s.adjacent) and s.to_region != s.storm_region


@adjacent.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.adjacent, v.to_region != v.storm_region)


# dice:61 "The Sandstorm marker moves between Regions, and shows which Region is currently affected by the Sandstorm.
#         It never enters the Polar Sink or the two outer Regions Broken Land and Outer Plain."
# dice:169 "You may never move the Sandstorm into one of the two outer Regions (Broken Land and Outer Plain) or the
#          neutral Region Polar Sink."


@rule(
    "dice.sandstorm.outer",
    on="dice-sandstorm",
    cites="dice:61,169",
    see_also="dice:170,228",
    title="Never into the Polar Sink or an outer Region",
    forbids=lambda s, _o: (
        f"The Sandstorm can never move into {s.to}: "
        + ("it is the neutral Polar Sink." if s.to_polar_sink else "it is one of the two outer Regions.")
    ),
    permits="{to} is neither the Polar Sink nor an outer Region.",
)
def outer(s: DiceSandstormFacts) -> bool:
    """The Sandstorm never enters the Polar Sink or the outer Regions Broken Land and Outer Plain."""
    return not s.to_outer and not s.to_polar_sink


@outer.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(z3.Not(v.to_outer), z3.Not(v.to_polar_sink))


# dice:171 "The Sandstorm kills 2 Troops of each Faction present the Region it moves to. Return the killed Troops to
#          their owner's supplies."


def _spared(s: DiceSandstormFacts, i: int) -> bool:
    return s.f_fremen[i] or s.f_protected[i] or (s.f_sheltered[i] and s.f_controllers_ally[i])


def _lost(n: int) -> str:
    return "no Troops" if n == 0 else troops_phrase(n)


def _killed(s: DiceSandstormFacts) -> dict[str, int]:
    return {p: 0 if _spared(s, i) else min(KILLS, s.f_count[i]) for i, p in enumerate(s.present)}


@rule(
    "dice.sandstorm.kills",
    on="dice-sandstorm",
    cites="dice:171",
    title="The Sandstorm kills two Troops of each Faction there",
    permits=lambda s, o: (
        "; ".join(f"{display(p)} loses {_lost(n)}" for p, n in (o.get("losses") or _killed(s)).items())
        + f" in {s.to}, to their supplies."
        if s.present
        else f"No Troops are in {s.to}: the Sandstorm kills none."
    ),
    defines=("losses",),
    needs=("controller_known",),
    one_sided="it fixes the losses; where the Sandstorm may go is the other rules",
)
def kills(s: DiceSandstormFacts) -> dict[str, dict[str, int]]:
    """Each Faction with Troops in the Region the Sandstorm enters loses two of them (all, if fewer), to its supply;
    the Troops a token protects and the Fremen's lose none."""
    return {"losses": _killed(s)}


@kills.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Or(fremen, prot, z3.And(shel, ally), k == z3.If(n >= KILLS, KILLS, n))
        for k, n, fremen, prot, shel, ally in zip(
            v.killed, v.f_count, v.f_fremen, v.f_protected, v.f_sheltered, v.f_controllers_ally, strict=True
        )
    )


# dice:172 "All Troops of a Faction controlling a Fortification or Stronghold token in the affected Region are
#          protected from the Sandstorm. None of them die. ..."


@rule(
    "dice.sandstorm.fortification",
    on="dice-sandstorm",
    cites="dice:172",
    see_also="dice:158,160",
    title="A Fortification or Stronghold protects its controller's Troops",
    permits=lambda s, _o: (
        f"{display(s.controller)} controls the {s.token.capitalize()} in {s.to}: none of its Troops die."
    ),
    needs=("controller_known",),
    when=lambda s: bool(s.token) and bool(s.present),
    one_sided="it only ever spares Troops",
)
def fortification(s: DiceSandstormFacts) -> bool:
    """The Faction controlling the token in the Region (given, or the first in Turn Order with Troops there,
    dice:158) loses no Troops to the Sandstorm."""
    return True


@fortification.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(prot, k == 0) for k, prot in zip(v.killed, v.f_protected, strict=True))


# dice:172 "... The player controlling the token may allow allied Troops to take advantage of their Fortification's or
#          Stronghold's protective ability."


def _not_allies(s: DiceSandstormFacts) -> list[str]:
    return [p for i, p in enumerate(s.present) if s.f_sheltered[i] and not s.f_controllers_ally[i]]


@rule(
    "dice.sandstorm.shelter",
    on="dice-sandstorm",
    cites="dice:172",
    title="A token's controller may shelter its ally's Troops",
    forbids=lambda s, _o: (
        f"{', '.join(display(p) for p in _not_allies(s))} cannot shelter in {s.to}: "
        + (
            "no Fortification or Stronghold is there."
            if not s.token
            else f"only allies of {display(s.controller) or 'its controller'}, who controls the token, may."
        )
    ),
    permits=lambda s, _o: (
        f"{display(s.controller)} lets its ally shelter: "
        + ", ".join(display(p) for i, p in enumerate(s.present) if s.f_sheltered[i])
        + " lose no Troops."
    ),
    needs=("controller_known",),
    when=lambda s: s.shelter_asked,
)
def shelter(s: DiceSandstormFacts) -> bool:
    """The token's controller may let its ally's Troops in the Region shelter (``move.sheltered``): they lose none.
    Only an ally of the controller may shelter."""
    return not _not_allies(s)


@shelter.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.And(z3.Implies(shel, ally), z3.Implies(z3.And(shel, ally), k == 0))
        for k, shel, ally in zip(v.killed, v.f_sheltered, v.f_controllers_ally, strict=True)
    )


# dice:214 "Desert Warriors — Your Troops have a strength of 2 and are not killed by the Storm."
# dice:216 "If the Sandstorm enters a Region where you have Troops present, this does never kill any of your Troops.
#          All other rules regarding the Sandstorm remain unaffected."


@rule(
    "dice.sandstorm.fremen",
    on="dice-sandstorm",
    cites="dice:214,216",
    title="The Sandstorm never kills Fremen Troops",
    permits="The Fremen Troops in {to} are not killed by the Sandstorm.",
    when=lambda s: any(s.f_fremen),
    one_sided="it only ever spares Troops",
)
def fremen(s: DiceSandstormFacts) -> bool:
    """The Fremen's Desert Warriors are never killed by the Sandstorm."""
    return True


@fremen.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(fr, k == 0) for k, fr in zip(v.killed, v.f_fremen, strict=True))
