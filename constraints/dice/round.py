"""Dice Game, the round: its steps, the dice slots, the Roll the Dice step, Turn Order, the End of a Round
(dice:64-95, 120-121, 174-179, 189, 191-192, 247-257).

A position with no move (``dice-position``) is judged here as the round has left it: which faces its dice
show on which slots (dice:79-81), how many dice a player has once the Roll the Dice step began (dice:91),
whether the previous round's Alliances are over (dice:102, 176), who is on the Turn Order track (dice:121),
how many Loyalty tokens a player keeps (dice:178, 192). A forbidding rule makes it ``invalid-position``.

The numbers printed on a slot are on the Faction board, which the text does not print: a position gives
them as ``slot_faces`` (per Faction, slot -> numbers or ``?``); a die on a slot whose numbers it does not
give makes the answer ``unresolved``, naming that key.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.position import ROLL, DicePositionFacts, dice_rolled, topped_up
from checker.dice.position import display, whose
from checker.facts import all_of, any_of
from checker.names import plural
from checker.rules import chapter, gap, rule, set_aside

chapter("dice-position", "dice:62-95,120-121,174-189,191-192,243-257")

set_aside(
    "dice:65",
    "the round as a whole: the steps' order is the position's `step` (checker/dice/position.py STEPS) and the "
    "round its `round`, 1..6 (loading refuses a seventh: dice:65 'up to 6 rounds'); the rest is flavour",
)
set_aside(
    "dice:67-77",
    "the steps of a round, in order: the values a position's `step` takes (checker/dice/position.py STEPS, in "
    "this order); each rule that depends on a step names it (dice:91 roll, dice:98 alliance, dice:175 end)",
)
set_aside("dice:78", "a heading: Dice Slots (the line before it is a list item, so it is not seen as one)")
set_aside("dice:94", "advice and flavour: seek allies; promises do not bind")
set_aside("dice:95", "screens come down and the placements are revealed: no position key records a screen")
set_aside(
    "dice:87",
    "the definition of 'use' a die (to the personal supply) that the Kanly and Combat kinds apply (dice:147); "
    "no move of the spec uses a die in this chapter",
)
set_aside("dice:187", "flavour: what the Landsraad card represents")
set_aside("dice:248", "where the cards lie (visible to all): a position lists them under the Faction's `cards`")
set_aside("dice:249", "the Faction board's header: its Leader's strength (dice:200-236) and its Troops (dice:124, 130)")
set_aside("dice:251", "restates dice:108: the Kanly chart (the Kanly kind's `kanly_chart`)")
set_aside("dice:252", "restates dice:124, 127, 132: dice on Recruit, Ship and Move slots (those kinds' rules)")
set_aside("dice:257", "the Setup area (dice:197) and the Alliance ability's place on the board (dice:196)")


# dice:79 "The dice-sized squares on your Faction board are called dice slots. You may place one die on each slot."
# dice:81 "On a slot showing a Faction symbol, you may place one die, showing any number. ..."


def _one_die_message(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    bad = [
        f"{display(owner)} has {n} dice on its {display(slot)} slot"
        for (owner, slot), n in zip(s.fs_labels, s.fs_dice, strict=True)
        if n > 1
    ]
    bad += [
        f"{display(f)} has {n} dice on the Landsraad card's slot"
        for f, n in zip(s.factions, s.f_landsraad_dice, strict=True)
        if n > 1
    ]
    return "; ".join(bad) + ": one die on each slot (dice:79)."


@rule(
    "dice.round.one-die-per-slot",
    on="dice-position",
    cites="dice:79,81",
    see_also="dice:189",
    title="One die on each slot: a Faction slot, the Landsraad card's slot",
    forbids=_one_die_message,
    permits="At most one die on each Faction slot and on the Landsraad card's slot.",
    when=lambda s: bool(s.fs_dice) or any(s.f_landsraad_dice),
)
def one_die_per_slot(s: DicePositionFacts) -> bool:
    """A Faction slot (one per Faction: dice:81, 98) and the Landsraad card's slot (dice:189) hold one die each.
    Other slot names may name several slots (dice:80 "grouped into two or three"): the position's list says how
    many, as the board prints them."""
    return all(n <= 1 for n in s.fs_dice) and all(n <= 1 for n in s.f_landsraad_dice)


@one_die_per_slot.z3
def _(v: Any) -> z3.BoolRef:
    return all_of([n <= 1 for n in v.fs_dice] + [n <= 1 for n in v.f_landsraad_dice])


# dice:80 "On a slot showing one or more numbers, you may only place a die showing one of these numbers. On a slot
#          with a question mark, you may place a die showing any number. Some slots are grouped into two or three
#          slots; you do not have to place dice on these in any particular order."


def _crowded(s: DicePositionFacts) -> str:
    return "; ".join(f"{display(f)} has {n} dice on its {slot} slots" for f, slot, n in s.crowded)


gap(
    "dice.round.slots-of-a-name",
    on="dice-position",
    cites="dice:79,80",
    title="How many slots of one name a Faction board has",
    reason="a position puts more than three dice on slots of one name: one die goes on each slot (dice:79) and "
    "grouped slots come in two or three (dice:80); how many slots of that name a Faction board has is printed on "
    "the board, not in the text",
    explain=lambda s: (
        f"{_crowded(s)}: one die goes on each slot (dice:79) and grouped slots come in two or three (dice:80); how "
        "many slots of that name a Faction board has is printed on the board, not in the text"
    ),
    when=lambda s: bool(s.crowded),
)


def _allowed(face: int, allowed_mask: int) -> bool:
    return bool(allowed_mask >> face & 1)


def _faces_message(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    bad = [
        f"{whose(f)} die on its {slot} slot shows {face}; the slot shows {', '.join(map(str, allowed)) or 'none'}"
        for (f, slot, face, allowed), m in zip(s.die_labels, s.die_mask, strict=True)
        if not _allowed(face, m)
    ]
    return "; ".join(bad) + ": a die on a slot showing numbers shows one of them (dice:80)."


def _faces_permit(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    shown = [f"{display(f)} {slot} {face}" for f, slot, face, _ in s.die_labels]
    return "Each die shows a number its slot allows" + (f" ({', '.join(shown)})." if shown else ".")


@rule(
    "dice.round.slot-faces",
    on="dice-position",
    cites="dice:80",
    see_also="dice:83,93,147,254-256",
    title="A die shows a number its slot allows",
    forbids=_faces_message,
    permits=_faces_permit,
    needs=("slot_faces_known", "combat_step_known"),
    when=lambda s: bool(s.die_face) or s.slot_faces_known is None or s.combat_step_known is None,
)
def slot_faces(s: DicePositionFacts) -> bool:
    """A die on a slot printing numbers shows one of them (a slot printing '?' takes any number; a Faction slot
    any number, dice:81). The numbers are the position's ``slot_faces``. Combat dice are rolled in the Combat
    step and returned to their slots as they fell (dice:147, 256): from that step on their faces are not judged."""
    return all(_allowed(face, m) for face, m in zip(s.die_face, s.die_mask, strict=True))


@slot_faces.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        any_of(z3.And(face == k, (m / (2**k)) % 2 == 1) for k in range(1, 7))
        for face, m in zip(v.die_face, v.die_mask, strict=True)
    )


# dice:81 "... You may not place any dice onto slots belonging to Factions not taking part in your game. Dice on
#          Faction slots are used to Ally with or to direct Kanly attacks against the corresponding Faction."


def _in_play_message(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    bad = [
        f"{display(owner)} has a die on the {display(slot)} slot"
        for (owner, slot), ok in zip(s.fs_labels, s.fs_in_play, strict=True)
        if not ok
    ]
    return "; ".join(bad) + f": that Faction takes no part in this {s.players}-player game (dice:81)."


@rule(
    "dice.round.faction-slot-in-play",
    on="dice-position",
    cites="dice:81",
    see_also="dice:250",
    title="No die on the slot of a Faction not in the game",
    forbids=_in_play_message,
    permits="Every die on a Faction slot is on the slot of a Faction in the game.",
    needs=("slot_roster_known",),
    when=lambda s: bool(s.fs_dice),
)
def faction_slot_in_play(s: DicePositionFacts) -> bool:
    """A die may not be placed on the slot of a Faction not taking part in the game."""
    return all(s.fs_in_play)


@faction_slot_in_play.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(v.fs_in_play)


# dice:189 "If you hold this card, you may place a die on its dice slot during the Roll the Dice step, to make
#           stealing it less attractive. This die is returned to your supply at the end of the round or in case
#           another player steals the card."


def _landsraad_slot_message(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    bad = [
        display(f) for f, n, held in zip(s.factions, s.f_landsraad_dice, s.f_landsraad, strict=True) if n and not held
    ]
    return (
        f"{' and '.join(bad)} {'has' if len(bad) == 1 else 'have'} a die on the Landsraad card's slot without "
        "holding the card: only its holder places one, and it returns when the card is stolen (dice:189)."
    )


@rule(
    "dice.round.landsraad-slot",
    on="dice-position",
    cites="dice:189",
    title="A die on the Landsraad card's slot: only its holder's",
    forbids=_landsraad_slot_message,
    permits="The die on the Landsraad card's slot is its holder's.",
    when=lambda s: any(s.f_landsraad_dice),
)
def landsraad_slot(s: DicePositionFacts) -> bool:
    """Only the Landsraad card's holder places a die on its slot; the die returns to its supply when the card
    is stolen: a die on the slot is the holder's."""
    return all(n == 0 or held for n, held in zip(s.f_landsraad_dice, s.f_landsraad, strict=True))


@landsraad_slot.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(n == 0, held) for n, held in zip(v.f_landsraad_dice, v.f_landsraad, strict=True))


# dice:91 "If, at the beginning of a round, you have less than 3 dice in total, gain dice until you have three. If
#          you have more than 6 dice, destroy the excess."


def _placed(s: DicePositionFacts) -> list[tuple[str, int]]:
    return [(f, on + mine) for f, on, mine in zip(s.factions, s.f_slot_dice, s.f_personal, strict=True) if on > 0]


def _roll_ok(total: int, common: int) -> bool:
    """3 to 6 dice; fewer only where the common supply holds no die to gain (dice:88)."""
    return 3 <= total <= 6 or (total < 3 and common == 0)


def _roll_message(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    bad = [f"{display(f)} has {total} dice" for f, total in _placed(s) if not _roll_ok(total, s.common_dice)]
    return (
        "; ".join(bad) + " in the Roll the Dice step, its dice placed: a round begins by gaining dice up to 3 "
        "and destroying those above 6 (dice:91)."
    )


def _roll_permit(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    shown = ", ".join(f"{display(f)} {total}" for f, total in _placed(s))
    if any(total < 3 for _, total in _placed(s)):
        return (
            "Between 3 and 6 dice each in the Roll the Dice step, fewer where the common supply has none to give "
            f"({shown})."
        )
    return f"Between 3 and 6 dice each in the Roll the Dice step ({shown})."


@rule(
    "dice.round.dice-at-roll",
    on="dice-position",
    cites="dice:88,91",
    see_also="dice:53,90",
    cite_when={"dice:88": lambda s: any(total < 3 for _, total in _placed(s))},
    title="Three to six dice once a round begins",
    forbids=_roll_message,
    permits=_roll_permit,
    needs=("round_dice_known",),
    when=lambda s: s.step_index == ROLL and any(n > 0 for n in s.f_slot_dice),
)
def dice_at_roll(s: DicePositionFacts) -> bool:
    """At the beginning of a round a player with fewer than 3 dice gains up to 3 and one with more than 6
    destroys the excess: in the Roll the Dice step, once a player has placed dice (so the round has begun),
    its dice on slots and in its personal supply number 3 to 6. A player that has placed none may not yet
    have gained or destroyed: dice.round.top-up says what it will roll."""
    return all(_roll_ok(total, s.common_dice) for _, total in _placed(s))


@dice_at_roll.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Or(on == 0, z3.And(on + mine >= 3, on + mine <= 6), z3.And(on + mine < 3, v.common_dice == 0))
        for on, mine in zip(v.f_slot_dice, v.f_personal, strict=True)
    )


def _top_up_said(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    parts = []
    for f, n, ok in zip(s.factions, s.f_personal, topped_up(s), strict=True):
        if not ok:
            continue
        if n < 3 and s.common_dice == 0:
            parts.append(f"{display(f)} has {n} dice: the common supply holds none for it to gain")
        elif n < 3 and 0 < s.common_dice < 3 - n:
            parts.append(
                f"{display(f)} has {n} dice: it gains the {s.common_dice} the common supply holds, to "
                f"{n + s.common_dice}"
            )
        elif n < 3:
            parts.append(f"{display(f)} has {n} dice: it gains {3 - n}, to 3")
        elif n > 6:
            parts.append(f"{display(f)} has {n} dice: it destroys {n - 6}, to 6")
        else:
            parts.append(f"{display(f)} has {n} dice and keeps them")
    return "At the beginning of the round " + "; ".join(parts) + "."


@rule(
    "dice.round.top-up",
    on="dice-position",
    cites="dice:88,91",
    see_also="dice:92",
    cite_when={
        "dice:88": lambda s: any(
            n < 3 and 0 <= s.common_dice < 3 - n for n, ok in zip(s.f_personal, topped_up(s), strict=True) if ok
        )
    },
    title="At a round's beginning: fewer than 3 dice gain up to 3, more than 6 destroy the excess",
    permits=_top_up_said,
    defines=("dice_at_start",),
    when=lambda s: s.step_index == ROLL and any(topped_up(s)),
    one_sided="it fixes the dice a player rolls; a count placed dice contradict is dice.round.dice-at-roll",
)
def top_up(s: DicePositionFacts) -> dict[str, Any]:
    """In the Roll the Dice step, a player that has placed no die yet rolls the dice it has once the round has
    begun: with fewer than 3 it gains dice up to 3 (none where the common supply is empty), with more than 6 it
    destroys the excess (its dice are those of its personal supply, ``personal_dice``)."""
    start = zip(s.factions, s.f_personal, topped_up(s), strict=True)
    common = None if s.common_dice < 0 else s.common_dice
    return {"dice_at_start": {f: dice_rolled(n, common) for f, n, ok in start if ok}}


@top_up.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(
            z3.And(on == 0, given),
            start
            == z3.If(
                mine < 3,
                z3.If(v.common_dice < 0, 3, mine + z3.If(3 - mine < v.common_dice, 3 - mine, v.common_dice)),
                z3.If(mine > 6, 6, mine),
            ),
        )
        for on, given, mine, start in zip(v.f_slot_dice, v.f_personal_given, v.f_personal, v.start, strict=True)
    )


def _short_for_all(s: DicePositionFacts) -> bool:
    """Several players are still to top up, and the common supply holds dice but fewer than they ask for together
    (one player alone gains what there is: dice:88)."""
    need = [3 - n for n, ok in zip(s.f_personal, topped_up(s), strict=True) if ok and n < 3]
    return len(need) > 1 and 0 < s.common_dice < sum(need)


gap(
    "dice.round.top-up-short",
    on="dice-position",
    cites="dice:88,90,91",
    title="Fewer dice in the common supply than the top-ups ask for",
    reason="the common supply holds fewer dice than the players who have fewer than 3 would gain together, and the "
    "Roll the Dice step is taken simultaneously (dice:90): which of them gains the dice there are, the text does not "
    "say",
    when=lambda s: s.step_index == ROLL and _short_for_all(s),
    leaves_open=("dice_at_start",),
)


# dice:102 "... When the round ends, the Alliance ends as well, though you may try to refresh the Alliance in the
#           following round."
# dice:176 "Then return all Alliance cards to their owners."


@rule(
    "dice.round.alliances-end",
    on="dice-position",
    cites="dice:102,176",
    see_also="dice:97,105",
    title="No Alliance in the Roll the Dice step: they end with the round",
    forbids=lambda s, _o: (
        f"{', '.join(' and '.join(display(f) for f in p) for p in s.alliance_pairs)} are listed as allied in the "
        "Roll the Dice step: every Alliance ends with the round before (dice:102, 176); new ones are made in "
        "the Alliance step."
    ),
    permits="No Alliance is listed in the Roll the Dice step.",
    when=lambda s: s.step_index == ROLL,
)
def alliances_end(s: DicePositionFacts) -> bool:
    """An Alliance lasts for the rest of the round it is made in, and its cards are returned at the round's end:
    in the Roll the Dice step (before the Alliance step) no Alliance stands."""
    return s.alliance_count == 0


@alliances_end.z3
def _(v: Any) -> z3.BoolRef:
    return v.alliance_count == 0


# dice:121 "The player holding the Turn Order card decides on the new Turn Order by placing the Turn Order tokens in
#           the order of their choice on the Turn Order track. Until next round's Turn Order step, this Turn Order
#           will remain unchanged."


def _turn_message(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    missing = [display(f) for f, t in zip(s.factions, s.f_turn, strict=True) if t < 0]
    parts = []
    if missing:
        parts.append(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not on the Turn Order track")
    if s.turn_len != s.players:
        parts.append(f"the track holds {plural(s.turn_len, 'Faction')} for {s.players} players")
    return "; ".join(parts) + ": every Faction in the game has its token on the Turn Order track (dice:121, 46)."


@rule(
    "dice.round.turn-order",
    on="dice-position",
    cites="dice:121",
    see_also="dice:46,66",
    title="Every player's token on the Turn Order track",
    forbids=_turn_message,
    permits=lambda s, _o: f"Turn Order: {', '.join(display(f) for f in s.turn_order)}.",
    when=lambda s: s.turn_len > 0,
)
def turn_order(s: DicePositionFacts) -> bool:
    """The Turn Order track holds the tokens of every Faction taking part (placed at Setup, dice:46, and re-placed
    in the Turn Order step): a position's ``turn_order`` names every Faction in the game, one per player."""
    return s.turn_len == s.players and all(t >= 0 for t in s.f_turn)


@turn_order.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.turn_len == v.players, all_of(t >= 0 for t in v.f_turn))


# dice:178 "If you now have more than a single Loyalty token, look at them, decide which one to keep, and shuffle the
#           rest back into the face down supply. Note that this is the only time you check the number of Loyalty
#           tokens in your possession and discard down to one."
# dice:192 "Loyal — You may keep two Loyalty tokens. During the End of the Round step, discard down to two Loyalty
#           tokens instead of one."


def _loyalty_message(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    bad = [
        f"{display(f)} holds {n} Loyalty tokens and keeps {cap}"
        for f, n, cap in zip(s.factions, s.f_loyalty, s.f_loyalty_cap, strict=True)
        if n > cap
    ]
    return (
        "; ".join(bad) + " in the Roll the Dice step: the End of the Round discards down to one (dice:178), "
        "two for the Atreides (dice:192), and no token is drawn before the Alliance step ends (dice:191)."
    )


@rule(
    "dice.round.loyalty-kept",
    on="dice-position",
    cites="dice:178,192",
    see_also="dice:177,191,246",
    title="One Loyalty token at a round's start, two for the Atreides",
    forbids=_loyalty_message,
    permits="Each Faction holds at most the Loyalty tokens it keeps (one; the Atreides two).",
    when=lambda s: s.step_index == ROLL and any(n > 0 for n in s.f_loyalty),
)
def loyalty_kept(s: DicePositionFacts) -> bool:
    """The End of the Round step discards down to one Loyalty token, two for the Atreides (Loyal); the next token
    is drawn after the Alliance step (Atreides' Honour, dice:191) and at the round's end: in the Roll the Dice
    step a Faction holds no more (the Setup deals one each, dice:49, 246)."""
    return all(n <= cap for n, cap in zip(s.f_loyalty, s.f_loyalty_cap, strict=True))


@loyalty_kept.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(n <= cap for n, cap in zip(v.f_loyalty, v.f_loyalty_cap, strict=True))
