"""Dice Game, the Factions' notes and target abilities (dice:193-246, the parts that are not Setup or combat).

Cards a Faction can never have (dice:201, 206, 212, 223, 230, 237), judged on a position (``dice-position``:
a Faction holding one is a position no play reaches) and on a Kanly steal (``dice-kanly``); the Loyalty
tokens each Faction brings (dice:201, 230); Corrino's missing bonus slot and Needed Elsewhere (dice:223,
225); the target abilities, which are Faction-specific Kanly actions (dice:110): Piter De Vries
(dice:207), Imperial Decree (dice:224), Shipping Authority (dice:232) and The Voice (dice:239-241).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.kanly import CARD_CODE, KanlyFacts
from checker.dice.kinds.position import DicePositionFacts
from checker.dice.position import FACTIONS, STEPS, display
from checker.dice.setup import LOYALTY
from checker.facts import all_of, any_of
from checker.rules import chapter, gap, rule, set_aside

chapter("dice-kanly", "dice:201,206-207,212-213,223-224,230-232,237-242")
chapter("dice-position", "dice:201,206,212,223,225-226,230,237")

set_aside(
    "dice:213",
    "flavour: why the Fremen claim the Sandstorm card easily (their board's Kanly chart, a position's kanly_chart)",
)
set_aside("dice:231", "flavour: why the Guild claims the Landsraad card easily (its board's Kanly chart)")
set_aside("dice:238", "flavour: why the Bene Gesserit claim the Turn Order card easily (its board's Kanly chart)")
set_aside(
    "dice:242",
    "Imprinting is no Kanly action (any step but Combat, paid with an unused die) and the spec has no move for it: "
    "a position shows only its result, which no rule here judges",
)

set_aside(
    "dice:194",
    "says the Faction abilities supersede the general rules: each is encoded beside its own line as the exception "
    "it makes (Piter De Vries and Protection, dice:207; The Voice and Alliances, dice:239)",
)

C = {f: FACTIONS.index(f) for f in FACTIONS}

# -- cards a Faction can never have -------------------------------------------------------------------------

# Each Faction's own note (one clause, one finding): the Faction, the card, its line.
NEVER = {
    "atreides": ("turn-order", "dice:201", "Turn Order"),
    "harkonnen": ("sandstorm", "dice:206", "Sandstorm"),
    "fremen": ("landsraad", "dice:212", "Landsraad"),
    "corrino": ("sandstorm", "dice:223", "Sandstorm"),
    "spacing-guild": ("turn-order", "dice:230", "Turn Order"),
    "bene-gesserit": ("landsraad", "dice:237", "Landsraad"),
}
HELD = {"turn-order": "f_turn_order_card", "sandstorm": "f_sandstorm", "landsraad": "f_landsraad"}


def _never_held(faction: str) -> None:
    card, cite, name = NEVER[faction]
    field = HELD[card]
    code = C[faction]
    who = display(faction)

    def check(s: DicePositionFacts) -> bool:
        return not any(h and c == code for c, h in zip(s.f_code, getattr(s, field), strict=True))

    check.__doc__ = f"The {who} can never have the {name} card."

    r = rule(
        f"dice.factions.{faction}-never-{card}",
        on="dice-position",
        cites=cite,
        title=f"{who} never holds the {name} card",
        forbids=f"{who} holds the {name} card: it can never have it.",
        permits=f"{who} does not hold the {name} card.",
        when=lambda s: code in s.f_code,
    )(check)

    @r.z3
    def _(v: Any) -> z3.BoolRef:
        return all_of(z3.Or(z3.Not(h), c != code) for c, h in zip(v.f_code, getattr(v, field), strict=True))

    def steal(s: KanlyFacts) -> bool:
        return s.actor != code

    steal.__doc__ = f"The {who} cannot steal the {name} card: they can never have it."
    k = rule(
        f"dice.factions.{faction}-never-steals-{card}",
        on="dice-kanly",
        cites=cite,
        title=f"{who} never steals the {name} card",
        forbids=f"{{Faction}} cannot steal the {name} card: it can never have it.",
        permits=f"{{Faction}} may have the {name} card.",
        when=lambda s: s.card == CARD_CODE[card] and s.actor == code,
        one_sided=f"it answers only the {who} stealing the {name} card, which its line always forbids",
    )(steal)

    @k.z3
    def _(v: Any) -> z3.BoolRef:
        return v.actor != code


# dice:201 "Notes: You can never have the Turn Order card and set Turn Order. ..." (Atreides)
_never_held("atreides")
# dice:206 "Note: You can never have the Sandstorm card and move the Sandstorm." (Harkonnen)
_never_held("harkonnen")
# dice:212 "Note: You can never have the Landsraad card or win by holding it. ..." (Fremen)
_never_held("fremen")
# dice:223 "Notes: You can never have the Sandstorm card and move the Sandstorm. ..." (Corrino)
_never_held("corrino")
# dice:230 "Notes: You can never have the Turn Order card and set Turn Order. ..." (Spacing Guild)
_never_held("spacing-guild")
# dice:237 "Notes: You can never have the Landsraad card or win by holding it. ..." (Bene Gesserit)
_never_held("bene-gesserit")


# dice:201 "... There is only one Atreides Loyalty token instead of two. ..."
# dice:230 "... There are three instead of two Spacing Guild Loyalty tokens."


def _too_many_tokens(s: DicePositionFacts) -> list[str]:
    return [
        f"{n} tokens show {display(f)}, which has {LOYALTY[f]}"
        for f, n in zip(s.factions, s.f_tokens_showing, strict=True)
        if n > LOYALTY[f]
    ]


@rule(
    "dice.factions.loyalty-tokens",
    on="dice-position",
    cites="dice:201,230",
    see_also="dice:31",
    title="One Atreides, three Spacing Guild, two of every other Faction's Loyalty tokens",
    forbids=lambda s, _o: "; ".join(_too_many_tokens(s)) + " (dice:201, 230; two each otherwise, dice:31).",
    permits="The Loyalty tokens listed are within each Faction's tokens.",
)
def loyalty_tokens(s: DicePositionFacts) -> bool:
    """The Loyalty tokens listed (held, and the Bene Gesserit's pick) showing a Faction are at most its tokens."""
    return not _too_many_tokens(s)


@loyalty_tokens.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        all_of(z3.Or(c != C[f], n <= LOYALTY[f]) for f in FACTIONS)
        for c, n in zip(v.f_code, v.f_tokens_showing, strict=True)
    )


# dice:223 "... You have no Bonus die slot, but instead gain one die per round through your Reserves of the CHOAM
#           ability. ..."


@rule(
    "dice.factions.corrino-no-bonus-slot",
    on="dice-position",
    cites="dice:223",
    see_also="dice:84-85",
    title="Corrino has no bonus-die slot",
    forbids="Corrino lists bonus-die slots: it has no Bonus die slot.",
    permits="Corrino lists no bonus-die slot.",
)
def corrino_no_bonus(s: DicePositionFacts) -> bool:
    """Corrino's board has no bonus-die slot."""
    return all(n == 0 for c, n in zip(s.f_code, s.f_bonus_slots, strict=True) if c == C["corrino"])


@corrino_no_bonus.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(c != C["corrino"], n == 0) for c, n in zip(v.f_code, v.f_bonus_slots, strict=True))


# dice:225 "Needed Elsewhere: At the start of each round, discard your Leader to your supply. You may regularly
#           recruit it later in that round, but if you do not use it, you will have to discard it at the start of
#           next round."

BEFORE_RECRUIT = STEPS.index("recruit")


@rule(
    "dice.factions.needed-elsewhere",
    on="dice-position",
    cites="dice:225",
    title="Corrino's Leader is discarded at the start of each round",
    forbids="Corrino has its Leader on its Faction board before the Recruit step: it is discarded to its supply "
    "at the start of each round.",
    permits="Corrino's Leader is not on its board before the Recruit step.",
    when=lambda s: 0 <= s.step_index < BEFORE_RECRUIT and C["corrino"] in s.f_code,
)
def needed_elsewhere(s: DicePositionFacts) -> bool:
    """Before the Recruit step, Corrino's Leader is in its supply, not on its Faction board."""
    return all(n == 0 for c, n in zip(s.f_code, s.f_leaders, strict=True) if c == C["corrino"])


@needed_elsewhere.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(c != C["corrino"], n == 0) for c, n in zip(v.f_code, v.f_leaders, strict=True))


# -- target abilities (Faction-specific Kanly actions, dice:110) -------------------------------------------------

# dice:207 "Target Ability - Piter De Vries: Convert one Troop of the targeted player anywhere on the map. You may
#           not target any Troop under the Sandstorm. You may target a Troop belonging to a player holding a
#           Protection card."


def _where(s: KanlyFacts, o: dict[str, Any]) -> str:
    return str(o.get("region", s.region_label))


@rule(
    "dice.factions.piter-troop",
    on="dice-kanly",
    cites="dice:207",
    see_also="dice:150",
    title="Piter De Vries converts one of the target's Troops on the map",
    forbids=lambda s, _o: (
        "Piter De Vries finds no Troop of "
        + (f"{s.Target} in {s.region_label}." if s.region_given >= 0 else f"{s.Target} on the map.")
    ),
    permits=lambda s, o: f"{s.Target} has a Troop in {_where(s, o)} (a Protection card does not protect it).",
    when=lambda s: s.action == "piter-de-vries",
)
def piter_troop(s: KanlyFacts) -> bool:
    """Piter De Vries converts a Troop of the target anywhere on the map (Protection cards do not stop it)."""
    return any(s.t_troops[r] > 0 for r in s.troops_where())


@piter_troop.z3
def _(v: Any) -> z3.BoolRef:
    return any_of(z3.And(v.where == r, t > 0) for r, t in enumerate(v.t_troops))


@rule(
    "dice.factions.piter-sandstorm",
    on="dice-kanly",
    cites="dice:207",
    see_also="dice:173",
    title="Piter De Vries never targets a Troop under the Sandstorm",
    forbids="Piter De Vries cannot target a Troop in {region}: the Sandstorm is there.",
    permits=lambda s, o: f"{_where(s, o)} is clear of the Sandstorm.",
    when=lambda s: s.action == "piter-de-vries",
    needs=("storm_region",),
)
def piter_sandstorm(s: KanlyFacts) -> bool:
    """No Troop under the Sandstorm may be targeted."""
    return any(r != s.storm_region for r in s.troops_where())


@piter_sandstorm.z3
def _(v: Any) -> z3.BoolRef:
    return v.where != v.storm_region


# dice:224 "Target Ability - Imperial Decree: Move 1 unused die from any slot on the targeted player's Faction board
#           to any different available and allowed slot on their Faction board."

DECREE = "imperial-decree"


@rule(
    "dice.factions.decree-die",
    on="dice-kanly",
    cites="dice:224",
    title="Imperial Decree moves a die the target has on a slot",
    forbids="{Target} has no die on its {from_slot} slot for Imperial Decree to move.",
    permits="{Target} has a die on its {from_slot} slot.",
    when=lambda s: s.action == DECREE,
    needs=("target_dice_known",),
)
def decree_die(s: KanlyFacts) -> bool:
    """The die moved is on the named slot of the target's Faction board."""
    return len(s.from_faces) > 0


@decree_die.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(len(v.from_faces) > 0)


@rule(
    "dice.factions.decree-different",
    on="dice-kanly",
    cites="dice:224",
    title="Imperial Decree moves the die to a different slot",
    forbids="Imperial Decree cannot move {Target}'s die from {from_slot} to {to_slot}: the slot must be different.",
    permits="{from_slot} to {to_slot}: a different slot.",
    when=lambda s: s.action == DECREE,
)
def decree_different(s: KanlyFacts) -> bool:
    """The slot the die goes to differs from the one it leaves."""
    return not s.same_slot


@decree_different.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.same_slot)


@rule(
    "dice.factions.decree-available",
    on="dice-kanly",
    cites="dice:224",
    see_also="dice:79",
    title="Imperial Decree moves the die to an available slot",
    forbids="Imperial Decree cannot move {Target}'s die to its {to_slot} slot: a die is already there.",
    permits="{Target}'s {to_slot} slot is free.",
    when=lambda s: s.action == DECREE and not s.to_grouped and not s.same_slot and not s.landsraad_slot,
    needs=("target_dice_known",),
)
def decree_available(s: KanlyFacts) -> bool:
    """The slot it goes to is empty (one die a slot, dice:79)."""
    return s.to_slot_dice == 0


@decree_available.z3
def _(v: Any) -> z3.BoolRef:
    return v.to_slot_dice == 0


def _allowed_text(s: KanlyFacts) -> str:
    faces = [n + 1 for n, ok in enumerate(s.to_allowed) if ok]
    return ", ".join(map(str, faces)) if faces else "no die (a Faction slot of a Faction not in the game, dice:81)"


@rule(
    "dice.factions.decree-allowed",
    on="dice-kanly",
    cites="dice:224",
    see_also="dice:80-81",
    title="Imperial Decree moves the die to an allowed slot",
    forbids=lambda s, _o: (
        f"Imperial Decree cannot move {s.Target}'s die showing "
        f"{' or '.join(map(str, s.from_faces))} to its {s.to_slot} slot, which takes {_allowed_text(s)}."
    ),
    permits=lambda s, _o: f"{s.Target}'s {s.to_slot} slot takes {_allowed_text(s)}.",
    when=lambda s: s.action == DECREE and bool(s.from_faces) and not s.landsraad_slot,
    needs=("to_allowed_known",),
)
def decree_allowed(s: KanlyFacts) -> bool:
    """The die keeps its number: the slot it goes to must take that number (dice:80)."""
    return any(s.to_allowed[f - 1] for f in s.from_faces)


@decree_allowed.z3
def _(v: Any) -> z3.BoolRef:
    return any_of(z3.And(x == n + 1, v.to_allowed[n]) for x in v.from_faces for n in range(6))


gap(
    "dice.factions.decree-grouped-slot",
    on="dice-kanly",
    cites="dice:224",
    see_also="dice:124,147",
    title="Imperial Decree onto a Recruit or Combat slot already holding dice",
    reason="the target already has dice on its Recruit or Combat slots: how many such slots its board has is not "
    "printed (whether one is still available)",
    when=lambda s: s.action == DECREE and s.to_grouped and s.to_slot_dice > 0 and not s.same_slot,
)

gap(
    "dice.factions.decree-landsraad-slot",
    on="dice-kanly",
    cites="dice:224",
    see_also="dice:189",
    title="Imperial Decree and the Landsraad card's slot",
    reason="the Landsraad card's slot is on the card (dice:189), not the Faction board: whether Imperial Decree "
    "moves a die from or to it the text does not say",
    when=lambda s: s.action == DECREE and s.landsraad_slot,
)


# dice:232 "Target Ability - Shipping Authority: If the targeted player placed a die on their shipping slot, you may
#           destroy that die."


@rule(
    "dice.factions.shipping-authority",
    on="dice-kanly",
    cites="dice:232",
    title="Shipping Authority destroys a die on the target's Ship slot",
    forbids="{Target} has no die on its Ship slot for Shipping Authority to destroy.",
    permits="{Target} has a die on its Ship slot: Shipping Authority destroys it.",
    when=lambda s: s.action == "shipping-authority",
    needs=("target_ship_dice",),
)
def shipping_authority(s: KanlyFacts) -> bool:
    """Only a die the target placed on its Ship slot can be destroyed."""
    return s.target_ship_dice is not None and s.target_ship_dice > 0


@shipping_authority.z3
def _(v: Any) -> z3.BoolRef:
    return v.target_ship_dice >= 1


# dice:239 "Target Ability - The Voice: Use this target ability at the start of the Alliance step, before any
#           regular Alliances are formed, but after all players have revealed their Faction boards. You may force an
#           Alliance with any one targeted player. ..."
# dice:240 "... once you have declined to use your ability, and the first player begins their regular turn in the
#           Alliance step, you may not decide to use it all the same, ..."

ALLIANCE = STEPS.index("alliance")


@rule(
    "dice.factions.voice-step",
    on="dice-kanly",
    cites="dice:239",
    title="The Voice at the start of the Alliance step",
    forbids="The Voice is used at the start of the Alliance step, not in the {step} step.",
    permits="It is the Alliance step.",
    when=lambda s: s.action == "the-voice" and s.step_index is not None,
)
def voice_step(s: KanlyFacts) -> bool:
    """The Voice is used in the Alliance step (at its start)."""
    return s.step_index == ALLIANCE


@voice_step.z3
def _(v: Any) -> z3.BoolRef:
    return v.step_index == ALLIANCE


@rule(
    "dice.factions.voice-first",
    on="dice-kanly",
    cites="dice:239-240",
    see_also="dice:241",
    title="The Voice before any regular Alliance",
    forbids="The Voice comes too late: {alliances} Alliance(s) are already formed this round, and it is used "
    "before any regular Alliance.",
    permits="No Alliance is formed yet this round.",
    when=lambda s: s.action == "the-voice",
)
def voice_first(s: KanlyFacts) -> bool:
    """The Voice is used before any regular Alliance is formed (once turns begin, it is too late)."""
    return s.alliances == 0


@voice_first.z3
def _(v: Any) -> z3.BoolRef:
    return v.alliances == 0
