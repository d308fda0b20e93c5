"""The Dice Game's round carried forward (``Family.advance``, ``mentat apply`` and ``replay``): where the text says
what comes next, the position's ``step``, ``round`` and dice follow.

- The steps come in order (dice:65-77). A record's move of a later step than the position's says the steps between
  are over; a move of an earlier step (or any move after the End of a Round) says a new round began. What the text
  makes happen between steps is applied: the End of a Round step (dice:174-179, below); the Turn Order step has no
  move, so the track stays as it stands (noted).
- The Sandstorm step is taken by the Sandstorm card's holder alone and once (dice:66, 168): its move ends it, and the
  End of a Round step follows (dice:77).
- The End of a Round step (dice:174-179): who wins is the ``dice-position`` verdict's ``winner`` (dice:175, 181-185;
  a winner ends the game there). Otherwise the Alliances end (dice:176), every die on a slot goes to its owner's
  personal supply, a bonus-die slot's die gaining one (dice:85, 177), each Faction that moved a die draws a Loyalty
  token and keeps one (dice:177-178; the Atreides two, dice:192), the round advances (dice:179) and the Roll the Dice
  step begins with the dice top-up of that verdict's ``dice_at_start`` (dice:91). The Corrino discard their Leader
  at a round's start (dice:225).
- The Alliance step ends with the Corrino's Reserves of the CHOAM die (dice:226), a move of its own (``choam``); the
  Atreides then draw a Loyalty token (Honour, dice:191), counted as the End of a Round's draws are.

Not carried (a reason, never a guess): an Alliance step the Corrino leave with no ``choam`` move (the die it rolls is
chance's), an Honour draw where the position does not say whether a token is left, a Sandstorm step its holder
skipped (dice:168), a dice count the position leaves unknown where the top-up needs it. A position that does not
give its ``step`` stays as it is (its moves are each taken to be in their own step).
"""

from __future__ import annotations

import copy
from typing import Any

from checker.dice.position import ACTION_ALIASES, MOVE_STEP, STEPS, dice_count, display
from checker.game import NotCarried

Out = tuple[dict[str, Any], list[str]]


class Skipped(NotCarried):
    """The record has no move the text requires before the step can end (a roll, the CHOAM die, the Sandstorm's)."""


LOYALTY_KEPT = {"atreides": 2}  # dice:178, 192; every other Faction keeps one


def advance(data: dict[str, Any], done: str | None, move: dict[str, Any] | None) -> Out:
    """The position after the kind ``done`` was applied (the step it ends), or before the record's next ``move``
    (the steps up to the move's)."""
    step = data.get("step")
    if step not in STEPS:
        return data, []
    notes: list[str] = []
    if done == "dice-sandstorm" and step == "sandstorm":
        data = {**data, "step": "end"}
        notes.append(
            "the Sandstorm step is over (its card's holder moved the Sandstorm: dice:66, 168); the End of "
            "a Round step begins (dice:77, 174)"
        )
        data, more = _end(data)
        return data, notes + more
    if done == "dice-choam" and step == "alliance":  # dice:226: at the end of the Alliance step, which it ends
        return _leave(data, notes, choam=True), notes
    if move is None:
        return data, notes
    raw = str(move.get("action", "")).strip().lower().replace("_", "-").replace(" ", "-")
    target = MOVE_STEP.get(ACTION_ALIASES.get(raw, raw))
    if target is None or target == step:
        return data, notes
    here, there = STEPS.index(step), STEPS.index(target)
    if there < here or step == "end":  # a new round's move
        carried, more = copy.deepcopy(data), list(notes)
        try:
            while carried["step"] != "end":
                carried = _leave(carried, more)
            if step != "end" and there > STEPS.index("roll"):
                # the next round begins with the Roll the Dice step, whoever wins or not at this round's end
                raise Skipped(_no_roll(carried, target))
            carried, end = _end(carried, continuing=True)
            more += end
            while STEPS.index(carried["step"]) < there:
                carried = _leave(carried, more)
        except Skipped as why:
            if step == "end":
                raise
            # the steps come in order (dice:65-77): this round's step for the move is over, and the record lacks the
            # moves that would make it the next round's; it is judged in the step the round is in
            notes.append(
                f"a {raw} move is made in the {target} step, which comes before this round's {step} step (dice:67-77); "
                f"as the next round's, the record would need the moves between ({why}): it is judged in the {step} "
                "step"
            )
            return data, notes
        return carried, more
    while STEPS.index(data["step"]) < there:
        data = _leave(data, notes)
    return data, notes


def _leave(data: dict[str, Any], notes: list[str], choam: bool = False) -> dict[str, Any]:
    """The position as the step it is in ends and the next begins (``choam``: the Corrino's Reserves of the CHOAM
    die, which comes at the end of the Alliance step, is placed)."""
    step = data["step"]
    factions = data.get("factions") or {}
    names = set(factions) | set(data.get("turn_order") or ())
    if step == "alliance" and "corrino" in names and not choam:
        raise Skipped(
            "at the end of the Alliance step the Corrino gain a die, roll it and place it (Reserves of the CHOAM, "
            "dice:226): the record has no 'choam' move there"
        )
    if step == "alliance" and "atreides" in names:
        data = _honour(data, notes)
    # dice:91: at a round's beginning a Faction has at least three dice, so one that placed none still has dice to
    # roll unless the position says its personal supply is empty
    unrolled = [n for n, f in factions.items() if not (f or {}).get("dice") and (f or {}).get("personal_dice") != 0]
    if step == "roll" and unrolled:
        raise Skipped(
            f"every player rolls and places its dice in the Roll the Dice step (dice:92-93), and the record has no "
            f"roll of {', '.join(display(n) for n in unrolled)} there"
        )
    if step == "sandstorm" and any("sandstorm" in ((f or {}).get("cards") or []) for f in factions.values()):
        raise Skipped(
            "the Sandstorm card's holder must move the Sandstorm in the Sandstorm step (dice:168), and "
            "the record has no Sandstorm move there"
        )
    nxt = STEPS[STEPS.index(step) + 1]
    data = _round_history(data, step, nxt)
    if step == "turn-order":
        notes.append(
            "the Turn Order step: no Dice Game move sets a new Turn Order (dice:121), so the track stays as it stands"
        )
    notes.append(f"the {step} step is over: the {nxt} step follows (dice:67-77)")
    return {**data, "step": nxt}


def _no_roll(data: dict[str, Any], target: str) -> str:
    """Why a move of a step after the next round's Roll the Dice step cannot be that round's: every player rolls
    its dice first (dice:89-93), and each has at least three (dice:91)."""
    names = list(data.get("turn_order") or ()) + [
        f for f in data.get("factions") or {} if f not in (data.get("turn_order") or ())
    ]
    return (
        "the next round begins with the Roll the Dice step, where every player rolls and places its dice, at least "
        f"three (dice:89-93, 91), and the record has no roll of {', '.join(display(n) for n in names)} before its "
        f"{target} step"
    )


# the Faction's keys a record writes for what a step has seen (dice:127-128 the round's Troops shipped, dice:132 its
# moves): begun at nought as the step begins, each ship or move adding to it, cleared as the step ends
ROUND_HISTORY = {"ship": "shipped_this_round", "move": "moves_this_round"}


def _round_history(data: dict[str, Any], left: str, entered: str) -> dict[str, Any]:
    """The position's Factions as the step ``left`` ends and ``entered`` begins: the keys the ended step's moves
    wrote are cleared, the begun step's set to nought (no Faction has shipped, or moved, in it yet)."""
    factions = data.get("factions")
    if not isinstance(factions, dict) or not ({left, entered} & set(ROUND_HISTORY)):
        return data
    out: dict[str, Any] = {}
    for name, state in factions.items():
        state = dict(state or {})
        state.pop(ROUND_HISTORY.get(left, ""), None)
        if entered in ROUND_HISTORY:
            state[ROUND_HISTORY[entered]] = 0
        out[name] = state
    return {**data, "factions": out}


def _honour(data: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """dice:191: at the end of the Alliance step the Atreides draw a Loyalty token from the supply, and in an
    Alliance their Ally draws after them ("the Atreides player draws first"; an Alliance ability serves the Ally too,
    dice:196). Which token, the position does not need: it counts the tokens a Faction holds, as at the End of a
    Round."""
    allies = [b if a == "atreides" else a for a, b in data.get("alliances") or () if "atreides" in (a, b)]
    for name in ["atreides", *allies]:
        data = _draw(data, name, notes)
    return data


def _draw(data: dict[str, Any], name: str, notes: list[str]) -> dict[str, Any]:
    """One Loyalty token drawn by the Faction, where the supply holds one (Honour, dice:191)."""
    state: dict[str, Any] = (data.get("factions") or {}).get(name) or {}
    held = state.get("loyalty")
    supply = data.get("loyalty_supply")
    who = display(name)
    if held is None:
        if supply:
            data = {**data, "loyalty_supply": supply - 1}
        notes.append(f"{who} draw a Loyalty token (Honour, dice:191); the position does not count their tokens")
        return data
    if supply is None:
        raise NotCarried(
            f"{who} draw a Loyalty token at the end of the Alliance step (Honour, dice:191), and the position does "
            "not give loyalty_supply: whether one is left to draw is not known"
        )
    count = held if isinstance(held, int) else len(held)
    if supply == 0:
        notes.append(f"the Loyalty token supply is empty: {who} draw none (Honour, dice:191)")
        return data
    factions = {**data["factions"], name: {**state, "loyalty": count + 1}}
    notes.append(f"{who} draw a Loyalty token (Honour, dice:191): they hold {count + 1}")
    return {**data, "factions": factions, "loyalty_supply": supply - 1}


def _verdict(data: dict[str, Any]) -> Any:
    from checker.engine import evaluate
    from checker.positions import load_position

    return evaluate(load_position(copy.deepcopy(data)))


def _end(data: dict[str, Any], continuing: bool = False) -> Out:
    """The End of a Round step (dice:174-179): the game ends with a winner, else the next round's Roll the Dice
    step. ``continuing``: a move of the next round follows, so a game that cannot go on is not carried."""
    v = _verdict(data)
    winner = v.outcome.get("winner") if v.verdict == "legal" else None
    rnd = data.get("round")
    if winner is None:
        why = v.reason or ", ".join(v.forbidding()) or v.verdict
        if continuing:
            raise NotCarried(f"who wins at the end of the round is not decided ({why})")
        return data, [f"who wins at the end of the round is not decided ({why}): the position stays at its end"]
    if winner != "none":
        who = " and ".join(display(w) for w in winner) if isinstance(winner, list) else display(winner)
        said = f"{who} {'win' if isinstance(winner, list) else 'wins'} at the end of round {rnd} (dice:175, 181-185)"
        if continuing:
            raise NotCarried(f"the game is over: {said}")
        return data, [f"{said}: the game is over"]
    if not isinstance(rnd, int) or rnd >= 6:
        if continuing:
            raise NotCarried("the game has no round after the sixth (dice:65, 184)")
        return data, ["no one wins, and the position gives no round to follow"]
    return _new_round(data)


def _new_round(data: dict[str, Any]) -> Out:
    """dice:176-179, then dice:91 and 225 at the new round's start."""
    out = copy.deepcopy(data)
    notes = []
    if out.get("alliances"):
        notes.append("the Alliances end with the round; the Alliance cards go back to their owners (dice:102, 176)")
    out["alliances"] = []
    common = out.get("common_dice")
    supply = out.get("loyalty_supply")
    order = list(out.get("turn_order") or ()) + [
        f for f in out.get("factions") or {} if f not in (out.get("turn_order") or ())
    ]
    for name in order:
        st = (out.get("factions") or {}).get(name)
        if st is None:
            continue
        dice = st.pop("dice", None) or {}
        moved = dice_count(dice)
        bonus_slots = [] if name == "corrino" else st.get("bonus_slots")  # dice:223: no bonus-die slot
        gained = None if bonus_slots is None else dice_count({s: v for s, v in dice.items() if s in bonus_slots})
        if moved and gained is None and st.get("personal_dice") is not None:
            raise NotCarried(
                f"the position gives no bonus_slots for {display(name)}: whether the dice it moves off "
                "its slots gain dice (dice:85, 177) is not said"
            )
        if st.get("personal_dice") is not None:
            st["personal_dice"] += moved + (gained or 0)
            if gained:
                if common is not None and common < gained:
                    raise NotCarried("the common supply holds too few dice for the bonus dice gained (dice:88)")
                common = None if common is None else common - gained
                notes.append(f"{display(name)} gains {gained} die for its dice off bonus-die slots (dice:85, 177)")
        # dice:177-178: a Faction that moved a die draws a Loyalty token; then every Faction keeps one (the Atreides
        # two), drawing or not
        held = st.get("loyalty")
        if held is not None:
            count = held if isinstance(held, int) else len(held)
            draws = 0 if not moved else 1 if supply is None or supply > 0 else 0
            if moved and supply is None and count < LOYALTY_KEPT.get(name, 1):
                raise NotCarried(
                    f"whether {display(name)} draws a Loyalty token (dice:177) depends on the supply, "
                    "which the position does not give"
                )
            kept = min(count + draws, LOYALTY_KEPT.get(name, 1))
            if supply is not None:
                supply = supply - draws + (count + draws - kept)
            if kept != count or not isinstance(held, int):
                st["loyalty"] = kept
    if common is not None:
        out["common_dice"] = common
    if supply is not None:
        out["loyalty_supply"] = supply
    notes.append(
        "the dice left on the slots go to their owners' personal supplies (dice:177); each Faction that "
        "moved a die draws a Loyalty token, and each keeps one, the Atreides two (dice:177-178, 192)"
    )
    out["round"] = data["round"] + 1
    out["step"] = "roll"
    notes.append(f"round {out['round']} begins with the Roll the Dice step (dice:179, 89)")
    corrino = (out.get("factions") or {}).get("corrino")
    if corrino is not None and corrino.get("leader"):
        corrino["leader"] = 0  # dice:225: to its supply (Leaders in the supply are not counted)
        notes.append("the Corrino discard their Leader at the round's start (Needed Elsewhere, dice:225)")
    v = _verdict(out)
    start = v.outcome.get("dice_at_start") or {}
    for name, n in start.items():
        st = out["factions"][name]
        had = st.get("personal_dice")
        if had is None or had == n:
            continue
        if common is not None:
            common = common - (n - had)  # gained from (or destroyed into) the common supply (dice:88)
            if common < 0:
                raise NotCarried("the common supply holds too few dice for the top-up (dice:88, 91)")
            out["common_dice"] = common
        st["personal_dice"] = n
        notes.append(
            f"{display(name)} has {had} dice at the round's beginning: it "
            f"{'gains' if n > had else 'destroys'} {abs(n - had)}, to {n} (dice:91)"
        )
    return out, notes
