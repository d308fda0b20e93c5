"""Dice Game, Objective and Game End (dice:63, 175, 180-188, 243-246): who wins at the end of a round.

A position at step ``end`` with no move asks who wins (``outcome.winner``: a Faction, a list for a shared
victory, or ``none``). The checks are made first thing in the End of a Round step (dice:175), with the
round's Alliances still standing (their cards are returned after, dice:176). Exactly one rule below
applies to such a position and fixes the winner:

* ``solo``: a Faction in sole control of 3 of the 5 strategic Regions (dice:181, 183), or, where the Bene
  Gesserit may share it, ``prediction-solo`` (dice:185);
* ``alliance``: no solo victory, and an Alliance with combined control of 4 that shares no strategic Region
  with a third player (dice:182); the Bene Gesserit never share it (dice:245);
* ``landsraad``: the end of round 6 with no other victory, the Landsraad card's holder (dice:184, 188), never
  the Fremen or the Bene Gesserit (dice:212, 237); or ``prediction-landsraad`` (dice:245);
* ``none``: no victory before round 6 ends: the game goes on (dice:179).

Control is having a Troop in the Region (dice:183), under the Sandstorm too (dice:173).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.position import END, STRATEGIC, DicePositionFacts
from checker.dice.position import display
from checker.facts import all_of, any_of
from checker.rules import rule

LAST_ROUND = 6  # dice:65 "up to 6 rounds"

# -- the check's side -------------------------------------------------------------------------------


def _n(s: DicePositionFacts) -> int:
    return len(s.factions)


def _ctrl(s: DicePositionFacts, f: int, r: int) -> bool:
    return s.ctrl[f * STRATEGIC + r]


def sole(s: DicePositionFacts, f: int) -> list[int]:
    """dice:183: the strategic Regions a Faction controls and no other player does."""
    return [r for r in range(STRATEGIC) if _ctrl(s, f, r) and not any(_ctrl(s, g, r) for g in range(_n(s)) if g != f)]


def solo_winner(s: DicePositionFacts) -> int:
    """dice:181: the Faction in sole control of at least 3 of the 5 (two cannot be), else -1."""
    return next((f for f in range(_n(s)) if len(sole(s, f)) >= 3), -1)


def pairs(s: DicePositionFacts) -> list[tuple[int, int]]:
    n = _n(s)
    return [(a, b) for a in range(n) for b in range(a + 1, n) if s.allied[a * n + b]]


def combined(s: DicePositionFacts, a: int, b: int) -> list[int]:
    return [r for r in range(STRATEGIC) if _ctrl(s, a, r) or _ctrl(s, b, r)]


def shared_with_third(s: DicePositionFacts, a: int, b: int) -> list[tuple[int, int]]:
    """(Region, third Faction) where the pair has Troops and a third player too."""
    return [(r, g) for r in combined(s, a, b) for g in range(_n(s)) if g not in (a, b) and _ctrl(s, g, r)]


def pair_wins(s: DicePositionFacts, a: int, b: int) -> bool:
    return len(combined(s, a, b)) >= 4 and not shared_with_third(s, a, b)


def alliance_winners(s: DicePositionFacts) -> list[tuple[int, int]]:
    return [(a, b) for a, b in pairs(s) if pair_wins(s, a, b)]


def at_end(s: DicePositionFacts) -> bool:
    return s.step_index == END


def bg_may_share(s: DicePositionFacts, w: int) -> bool:
    """The Bene Gesserit take part (or an unnamed player may be them) and did not win themselves."""
    return (any(s.is_bg) and not s.is_bg[w]) or s.roster_known is None


def landsraad_holder(s: DicePositionFacts) -> int:
    return next((f for f, held in enumerate(s.f_landsraad) if held), -1)


def landsraad_winners(s: DicePositionFacts) -> list[int]:
    """The holders (one, unless the position lists two) that can win by holding the card: not the Fremen nor
    the Bene Gesserit."""
    return [f for f, held in enumerate(s.f_landsraad) if held and not s.f_never_landsraad[f]]


def bg_in_doubt(s: DicePositionFacts) -> bool:
    """The Bene Gesserit take part, or an unnamed player may be them."""
    return any(s.is_bg) or s.roster_known is None


def no_military(s: DicePositionFacts) -> bool:
    return solo_winner(s) < 0 and not alliance_winners(s)


def landsraad_round(s: DicePositionFacts) -> bool:
    return at_end(s) and s.round == LAST_ROUND and no_military(s)


def _names(s: DicePositionFacts, idx: list[int]) -> str:
    return " and ".join(display(s.factions[i]) for i in idx)


def _regions(s: DicePositionFacts, rs: list[int]) -> str:
    names = [s.strategic[r] for r in rs]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _winner(s: DicePositionFacts, idx: list[int]) -> dict[str, Any]:
    from checker.dice.kinds.position import winner_value

    return {"winner": winner_value(s.factions, [i in idx for i in range(_n(s))])}


def _round_text(s: DicePositionFacts) -> str:
    return f"round {s.round}" if s.round is not None else "the round"


def _solo_text(s: DicePositionFacts, w: int) -> str:
    rs = sole(s, w)
    return (
        f"{display(s.factions[w])} alone controls {_regions(s, rs)}, {len(rs)} of the 5 strategic Regions, at the "
        f"end of {_round_text(s)}"
    )


# -- the z3 side ----------------------------------------------------------------------------------------


def _vn(v: Any) -> int:
    return len(v.won)


def _zctrl(v: Any, f: int, r: int) -> Any:
    return v.ctrl[f * STRATEGIC + r]


def _zsolo(v: Any, f: int) -> Any:
    n = _vn(v)
    alone = [
        z3.If(z3.And(_zctrl(v, f, r), z3.Not(any_of(_zctrl(v, g, r) for g in range(n) if g != f))), 1, 0)
        for r in range(STRATEGIC)
    ]
    return z3.Sum(alone) >= 3


def _zpair(v: Any, a: int, b: int) -> Any:
    n = _vn(v)
    ours = [z3.Or(_zctrl(v, a, r), _zctrl(v, b, r)) for r in range(STRATEGIC)]
    alone = all_of(
        z3.Implies(ours[r], z3.Not(_zctrl(v, g, r))) for r in range(STRATEGIC) for g in range(n) if g not in (a, b)
    )
    return z3.And(z3.Sum([z3.If(x, 1, 0) for x in ours]) >= 4, alone)


def _zland(v: Any, f: int) -> Any:
    return z3.And(v.f_landsraad[f], z3.Not(v.f_never_landsraad[f]))


def _zpicked(v: Any, wins: Any) -> Any:
    """The Bene Gesserit picked a Faction for which ``wins(g)`` holds."""
    return any_of(z3.And(v.predicted == g, wins(g)) for g in range(_vn(v)))


# dice:63 "The object is to be in sole control of three of the five strategic Regions (...) at the end of a round,
#          or, for a 2-player alliance, to be in combined control of four of these Regions."
# dice:181 "If, at the end of a round, a player is in sole control of at least three of the five strategic Regions,
#           that player immediately wins."
# dice:183 "A player that has at least a single Troop present in any given Region controls that Region. A player
#           has sole control of a Region if no other player has control of the same Region."


@rule(
    "dice.victory.solo",
    on="dice-position",
    cites="dice:181,183",
    see_also="dice:63,173,175",
    title="Sole control of three strategic Regions wins",
    permits=lambda s, _o: f"{_solo_text(s, solo_winner(s))}: {display(s.factions[solo_winner(s)])} wins.",
    when=lambda s: at_end(s) and solo_winner(s) >= 0 and not bg_may_share(s, solo_winner(s)),
    defines=("winner",),
    one_sided="an outcome rule: it names the winner and never forbids",
)
def solo(s: DicePositionFacts) -> dict[str, Any]:
    """At the end of a round a player with Troops in at least three of the five strategic Regions where no
    other player has any wins (allies are other players; a Region under the Sandstorm still counts, dice:173)."""
    return _winner(s, [solo_winner(s)])


@solo.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(w == _zsolo(v, f) for f, w in enumerate(v.won))


# dice:185 "In the case of a solo victory: If the Bene Gesserit picked the winning Faction during Setup, they win
#           together with that player, similar to an allied victory. This may affect the Landsraad victory, as
#           described above. ..."


def _picked_text(s: DicePositionFacts, w: int) -> str:
    if not s.prediction:
        return ""
    if s.predicted == w:
        return f"the Bene Gesserit picked {display(s.prediction)} and win with them"
    return f"the Bene Gesserit picked {display(s.prediction)}, not {display(s.factions[w])}, and do not share it"


def _bg_index(s: DicePositionFacts) -> list[int]:
    return [i for i, bg in enumerate(s.is_bg) if bg]


@rule(
    "dice.victory.prediction-solo",
    on="dice-position",
    cites="dice:185",
    see_also="dice:181,243-245",
    title="The Bene Gesserit share the solo victory of the Faction they picked",
    permits=lambda s, _o: (
        f"{_solo_text(s, solo_winner(s))}: {display(s.factions[solo_winner(s)])} wins; "
        f"{_picked_text(s, solo_winner(s))}."
    ),
    when=lambda s: at_end(s) and solo_winner(s) >= 0 and bg_may_share(s, solo_winner(s)),
    needs=("roster_known", "prediction_known"),
    defines=("winner",),
    one_sided="an outcome rule: it names the winners and never forbids",
)
def prediction_solo(s: DicePositionFacts) -> dict[str, Any]:
    """A solo victory of the Faction the Bene Gesserit picked at Setup is shared with the Bene Gesserit."""
    w = solo_winner(s)
    return _winner(s, [w] + (_bg_index(s) if s.predicted == w else []))


@prediction_solo.z3
def _(v: Any) -> z3.BoolRef:
    picked = _zpicked(v, lambda g: _zsolo(v, g))
    return all_of(w == z3.Or(_zsolo(v, f), z3.And(v.is_bg[f], picked)) for f, w in enumerate(v.won))


# dice:182 "If, at the end of a round, an Alliance of two players has combined control of at least four of the
#           five strategic Regions, both allied players win together. It is not necessary for the Alliance to share
#           control of any of these Regions. None of the two may share any strategic Region with a third player. If
#           a solo victory is possible, no allied victory may be declared."
# dice:245 "... If an Alliance of two other Factions shares the victory, you never share the victory even if you
#           picked one of those two Factions."


def _alliance_text(s: DicePositionFacts) -> str:
    (a, b), *_ = alliance_winners(s)
    rs = combined(s, a, b)
    text = (
        f"No one controls 3 strategic Regions alone; {_names(s, [a, b])}, allied, control {_regions(s, rs)}, "
        f"{len(rs)} of 5, and share none with a third player: they win together"
    )
    if any(s.is_bg) and s.predicted in (a, b):
        text += f" (the Bene Gesserit picked {display(s.prediction)} but never share an Alliance's victory)"
    return text + "."


@rule(
    "dice.victory.alliance",
    on="dice-position",
    cites="dice:182,245",
    see_also="dice:63,175",
    title="An Alliance controlling four strategic Regions, none shared with a third player, wins",
    permits=lambda s, _o: _alliance_text(s),
    when=lambda s: at_end(s) and solo_winner(s) < 0 and bool(alliance_winners(s)),
    defines=("winner",),
    one_sided="an outcome rule: it names the winners and never forbids",
)
def alliance(s: DicePositionFacts) -> dict[str, Any]:
    """With no solo victory, two allies with Troops in at least four strategic Regions between them win together,
    if neither shares a strategic Region with a third player. The Bene Gesserit's pick never shares it."""
    return _winner(s, [f for pair in alliance_winners(s) for f in pair])


@alliance.z3
def _(v: Any) -> z3.BoolRef:
    n = _vn(v)
    return all_of(
        w == any_of(z3.And(v.allied[f * n + g], _zpair(v, f, g)) for g in range(n) if g != f)
        for f, w in enumerate(v.won)
    )


# dice:184 "If no player has won at the end of round 6, the player holding the Landsraad card at that point of time
#           wins."
# dice:188 "Holding that card by the end of round 6 wins you the game, in case no other player wins by military
#           means."
# dice:212 "Note: You can never have the Landsraad card or win by holding it. ..." (Fremen)
# dice:237 "Notes: You can never have the Landsraad card or win by holding it. ..." (Bene Gesserit)


def _landsraad_text(s: DicePositionFacts) -> str:
    head = "Round 6 ends with no military victory"
    h = landsraad_holder(s)
    if h < 0:
        return f"{head}; no one holds the Landsraad card: no one wins."
    who = display(s.factions[h])
    if s.f_never_landsraad[h]:
        line = "dice:212" if s.factions[h] == "fremen" else "dice:237"
        return f"{head}; {who} hold the Landsraad card but can never win by holding it ({line}): no one wins."
    text = f"{head}: {who} holds the Landsraad card and wins"
    if any(s.is_bg) and s.prediction:
        text += f" ({_picked_text(s, h)})"
    return text + "."


@rule(
    "dice.victory.landsraad",
    on="dice-position",
    cites="dice:184,188",
    see_also="dice:65,212,237",
    title="The end of round 6: the Landsraad card's holder wins",
    permits=lambda s, _o: _landsraad_text(s),
    when=lambda s: landsraad_round(s) and not (landsraad_winners(s) and bg_in_doubt(s)),
    needs=("landsraad_known",),
    defines=("winner",),
    one_sided="an outcome rule: it names the winner (or none) and never forbids",
)
def landsraad(s: DicePositionFacts) -> dict[str, Any]:
    """If no one has won by the end of round 6, the Landsraad card's holder wins, unless it is the Fremen or the
    Bene Gesserit, who can never win by holding it (then no one wins)."""
    return _winner(s, landsraad_winners(s))


@landsraad.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(w == _zland(v, f) for f, w in enumerate(v.won))


# dice:245 "... You may not pick a Faction that is not in play. If you picked the Faction winning through the
#           Landsraad card, you still share the victory. ..."


@rule(
    "dice.victory.prediction-landsraad",
    on="dice-position",
    cites="dice:245",
    see_also="dice:184-185,243-244",
    title="The Bene Gesserit share the Landsraad victory of the Faction they picked",
    permits=lambda s, _o: _landsraad_text(s),
    when=lambda s: landsraad_round(s) and bool(landsraad_winners(s)) and bg_in_doubt(s),
    needs=("roster_known", "prediction_known"),
    defines=("winner",),
    one_sided="an outcome rule: it names the winners and never forbids",
)
def prediction_landsraad(s: DicePositionFacts) -> dict[str, Any]:
    """A Landsraad victory of the Faction the Bene Gesserit picked is shared with the Bene Gesserit."""
    ws = landsraad_winners(s)
    return _winner(s, ws + (_bg_index(s) if s.predicted in ws else []))


@prediction_landsraad.z3
def _(v: Any) -> z3.BoolRef:
    picked = _zpicked(v, lambda g: _zland(v, g))
    return all_of(w == z3.Or(_zland(v, f), z3.And(v.is_bg[f], picked)) for f, w in enumerate(v.won))


# dice:179 "Advance the round marker to the next number and start a new round."


def _none_text(s: DicePositionFacts, _o: dict[str, Any]) -> str:
    n = _n(s)
    best = max(range(n), key=lambda f: len(sole(s, f)), default=-1)
    parts = []
    if best >= 0 and sole(s, best):
        rs = sole(s, best)
        parts.append(f"{display(s.factions[best])} alone controls {_regions(s, rs)}, {len(rs)} of the 3 needed")
    else:
        parts.append("no one controls a strategic Region alone")
    for a, b in pairs(s):
        rs = combined(s, a, b)
        third = shared_with_third(s, a, b)
        if len(rs) < 4:
            parts.append(f"{_names(s, [a, b])} control {len(rs)} of the 4 an Alliance needs")
        elif third:
            r, g = third[0]
            there = [x for x in (a, b) if _ctrl(s, x, r)]  # who of the Alliance has Troops in it
            sharer = (
                f"the Alliance of {_names(s, [a, b])}"
                if len(there) == 2
                else f"{_names(s, there)} (allied with {_names(s, [x for x in (a, b) if x not in there])})"
            )
            parts.append(f"{sharer} shares {s.strategic[r]} with {display(s.factions[g])}")
    nxt = f"round {s.round + 1}" if s.round is not None else "the next round"
    return f"No one wins at the end of {_round_text(s)}: {'; '.join(parts)}. The game goes on to {nxt} (dice:179)."


@rule(
    "dice.victory.none",
    on="dice-position",
    cites="dice:181-182",
    see_also="dice:179,184",
    title="No victory before the end of round 6: the game goes on",
    permits=_none_text,
    when=lambda s: at_end(s) and no_military(s) and s.round != LAST_ROUND,
    needs=("round",),
    defines=("winner",),
    one_sided="an outcome rule: it says no one wins yet and never forbids",
)
def none(s: DicePositionFacts) -> dict[str, Any]:
    """At the end of rounds 1 to 5, with neither a solo nor an allied victory, no one wins: the next round starts
    (the Landsraad card decides only at the end of round 6)."""
    return _winner(s, [])


@none.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Not(w) for w in v.won)


# dice:245 "... You may not pick a Faction that is not in play. ..."


@rule(
    "dice.victory.prediction-in-play",
    on="dice-position",
    cites="dice:245",
    see_also="dice:243-244",
    title="The Bene Gesserit pick a Faction in play",
    forbids=lambda s, _o: (
        f"The Bene Gesserit picked {display(s.prediction)}, which takes no part in this game (dice:245)."
    ),
    permits=lambda s, _o: f"The Bene Gesserit picked {display(s.prediction)}, a Faction in play.",
    needs=("prediction_roster_known",),
    when=lambda s: s.has_prediction,
)
def prediction_in_play(s: DicePositionFacts) -> bool:
    """The Bene Gesserit may not pick a Faction that is not in play."""
    return s.predicted >= 0


@prediction_in_play.z3
def _(v: Any) -> z3.BoolRef:
    return v.predicted >= 0
