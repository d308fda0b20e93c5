"""Dreamrules: Victory, checked at the Mentat Pause (the position kind at ``phase: mentat-pause``).

Three strongholds alone, four for an alliance, counted at the check; the Shield Wall counts as a stronghold at
four markers, and all three standard tech tokens as one; the v0.8 priority settles overlapping claims; at the end
of turn ten with no winner the Fremen win (its ally only with three strongholds); the Guild has no stallout
victory (the layer removes gf9.position.guild-special). Where the book leaves it to its council (#1845 Carryall,
#1847 overlapping conditions, #1848 turn ten without Fremen, #1849 infiltrated winners), the answer is unresolved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from checker.arrakis.kinds.position import (
    ALL_TOKENS,
    LAST_TURN,
    SW_MARKERS,
    H,
    PositionFacts,
    at_pause,
    dr_contributions,
    dr_need,
    dr_qualifying,
    dr_winners,
    held,
    index_of,
    names,
    side,
    winner_value,
    with_allies,
)
from checker.facts import all_of, any_of
from checker.names import display
from checker.rules import chapter, gap, rule, set_aside

# The victory check's lines (the setup's are declared beside the setup rules, constraints/dreamrules/setup.py).
chapter("position", "dreamrules:652-700")
set_aside(
    "dreamrules:652,658,660,664,668,670",
    "tech tokens' heading, triggers and payouts: not the victory check (what counts toward victory is dreamrules:662, "
    "686), and token income is no part of a bid, revival or collection's outcome; bringing a token into play "
    "(654, 656, #1844 at 1378) is the take-tech-token move's (constraints/dreamrules/technology.py)",
)
set_aside("dreamrules:676", "the Surveyor is not a stronghold and the five ordinary strongholds: the board's list")
set_aside(
    "dreamrules:534,536",
    "Mentat is the final phase, where the game checks for a winner: the victory check below (the position kind "
    "at phase: mentat-pause)",
)
set_aside(
    "dreamrules:538,540,542,544,546,548,550,552",
    "Mentat-phase actions (bribes collected, Fate Indicators exchanged, a Face Dancer redrawn, the Surveyor moved): "
    "each its own move or card; none changes who controls a stronghold at the victory check",
)


def _units_words(s: PositionFacts, units: list[int]) -> str:
    return names([side(s.units[u]) for u in units])


def _count_words(s: PositionFacts, u: int) -> str:
    ordinary, wall, tokens = dr_contributions(s, u)
    parts = [names(held(s, u)) or "no stronghold"]
    if wall:
        parts.append(f"the Shield Wall ({s.shield_markers} markers)")
    if tokens:
        parts.append("all three tech tokens")
    verb = "hold" if len(s.units[u]) > 1 else "holds"
    return f"{side(s.units[u])} {verb} {names(parts)}: {ordinary + wall + tokens} of {dr_need(s, u)}"


def _won(s: PositionFacts, units: list[int]) -> list[bool]:
    n = len(s.factions)
    return [any(s.member[u * n + f] for u in units) for f in range(n)]


def _prediction_hits(s: PositionFacts) -> bool:
    """The Bene Gesserit predicted this turn, and the predicted faction is among the winners."""
    return s.bg_in_game and s.prediction_turn_now and s.predicted >= 0 and s.predicted in dr_winners(s)


def _overlap(s: PositionFacts) -> bool:
    return len(dr_qualifying(s)[0]) > 1


def _prediction_claims(s: PositionFacts) -> bool:
    """The Bene Gesserit predicted this turn, and the predicted faction has a victory claim (before the v0.8 priority
    removes any): its win or its loss under the priority may decide the prediction."""
    return s.bg_in_game and s.prediction_turn_now and s.predicted >= 0 and s.predicted in dr_qualifying(s)[0]


def _prediction_tokens(s: PositionFacts) -> bool:
    """The predicted faction's side holds all three standard tech tokens: their contribution is part of its claim,
    and how tech tokens' role in victory meets Prediction is still tracked in #1847 (dreamrules:78)."""
    if s.predicted < 0:
        return False
    side_of = set(s.units[s.predicted])
    return any(f in side_of and t >= ALL_TOKENS for f, t in zip(s.factions, s.f_std_tokens, strict=True))


def _prediction_plain(s: PositionFacts) -> bool:
    """The predicted faction wins alone, unallied, with no overlapping claim and no tech-token contribution:
    dreamrules:696's plain case."""
    return _prediction_hits(s) and len(s.units[s.predicted]) == 1 and not _overlap(s) and not _prediction_tokens(s)


def _infiltrated_wins(s: PositionFacts) -> bool:
    n = len(s.factions)
    return any(s.member[u * n + f] and s.f_infiltrated[f] for u in dr_winners(s) for f in range(n))


def _infiltrated_turn_ten(s: PositionFacts) -> bool:
    """Turn ten ends with no winner and Bene Tleilax infiltrates the Fremen or its ally."""
    f = index_of(s, "fremen")
    return _end_game(s) and f >= 0 and any(w and x for w, x in zip(with_allies(s, f), s.f_infiltrated, strict=True))


def _carryall_open(s: PositionFacts) -> bool:
    return any(c and t >= ALL_TOKENS - 1 for c, t in zip(s.f_carryall, s.f_std_tokens, strict=True))


def _wall_divided(s: PositionFacts) -> bool:
    n = len(s.factions)
    present = [f for f in range(n) if s.sw_occ[f]]
    opposed = any(not s.allied[a * n + b] for i, a in enumerate(present) for b in present[i + 1 :])
    return s.shield_markers >= SW_MARKERS and opposed


def _open(s: PositionFacts) -> bool:
    """A situation a gap rule answers (unresolved), where no winner rule speaks."""
    return (
        s.two_players
        or _wall_divided(s)
        or _carryall_open(s)
        or (_prediction_claims(s) and not _prediction_plain(s))
        or _infiltrated_wins(s)
        or _infiltrated_turn_ten(s)
    )


def _check(s: PositionFacts) -> bool:
    return at_pause(s)


def _end_game(s: PositionFacts) -> bool:
    return s.turn == LAST_TURN and not dr_winners(s)


def _normal(s: PositionFacts) -> bool:
    return _check(s) and not _open(s) and not _prediction_plain(s) and not _end_game(s)


# dreamrules:674 "A lone faction normally wins with three strongholds. An alliance normally wins with four between
#                 its two members. You need troops controlling a stronghold at the victory check; visiting it
#                 earlier in the turn is not enough. Bene Gesserit advisors do not supply control."


def _victory_message(s: PositionFacts, _o: dict[str, Any]) -> str:
    wins = dr_winners(s)
    if wins:
        u = wins[0]
        who = side(s.units[u])
        return f"{_count_words(s, u)}: {who} win{'s' if len(s.units[u]) == 1 else ''}."
    if not s.units:
        return "No one wins: no faction is listed."
    best = max(range(len(s.units)), key=lambda u: sum(dr_contributions(s, u)) - dr_need(s, u))
    return f"No one wins: {_count_words(s, best)}."


def _z3_counts(v: Any, u: int) -> tuple[Any, Any, Any]:
    n = len(v.won)
    ordinary = []
    for h in range(H):
        mine = [z3.And(v.member[u * n + f], v.occ[f * H + h]) for f in range(n)]
        others = [z3.And(z3.Not(v.member[u * n + f]), v.occ[f * H + h]) for f in range(n)]
        ordinary.append(z3.If(z3.And(any_of(mine), z3.Not(any_of(others))), 1, 0))
    wall_mine = any_of(z3.And(v.member[u * n + f], v.sw_occ[f]) for f in range(n))
    wall_others = any_of(z3.And(z3.Not(v.member[u * n + f]), v.sw_occ[f]) for f in range(n))
    wall = z3.If(z3.And(v.shield_markers >= SW_MARKERS, wall_mine, z3.Not(wall_others)), 1, 0)
    tokens = z3.If(any_of(z3.And(v.member[u * n + f], v.f_std_tokens[f] >= ALL_TOKENS) for f in range(n)), 1, 0)
    return z3.Sum(ordinary or [z3.IntVal(0)]), wall, tokens


def _z3_winning(v: Any) -> list[Any]:
    units = range(len(v.unit_alliance))
    q0, q1, q2 = [], [], []
    for u in units:
        o, w, t = _z3_counts(v, u)
        need = z3.If(v.unit_alliance[u], 4, 3)
        q0.append(o + w + t >= need)
        q1.append(o + w >= need)
        q2.append(o >= need)

    def count(qs: list[Any]) -> Any:
        return z3.Sum([z3.If(q, 1, 0) for q in qs] or [z3.IntVal(0)])

    return [z3.If(count(q0) <= 1, q0[u], z3.If(count(q1) <= 1, q1[u], q2[u])) for u in units]


def _asks_turn(line: str) -> Callable[[PositionFacts], bool]:
    """Where the turn, not given, is what the victory waits on, the line that makes it matter (turn ten's end,
    dreamrules:700; the Bene Gesserit's predicted turn, dreamrules:696) is quoted with the rule's own."""
    return lambda s: bool(s.players_known and s.dr_markers_known) and s.dr_turn_known is None and line in s.turn_matters


_ASKS_PREDICTED_TURN = _asks_turn("dreamrules:696")


@rule(
    "dreamrules.position.victory",
    on="position",
    cites="dreamrules:674,696,700",
    # quoted where the turn, not given, is what it waits on: turn ten's end, the Bene Gesserit's predicted turn
    # and dreamrules:696 where the Bene Gesserit's prediction, not given, is
    cite_when={
        "dreamrules:696": lambda s: s.dr_prediction_known is None or _ASKS_PREDICTED_TURN(s),
        "dreamrules:700": _asks_turn("dreamrules:700"),
    },
    see_also="dreamrules:76,536,676",
    title="Victory at Mentat: three strongholds, four for an alliance (the Shield Wall and tech tokens counting)",
    permits=_victory_message,
    needs=("players_known", "dr_markers_known", "dr_turn_known", "dr_prediction_known"),
    when=_normal,
    defines=("winner",),
    replaces="gf9.position.victory",
    one_sided="an outcome rule: it names the winner (or none) and never forbids",
    differs="a faction holding two strongholds and the Shield Wall with four markers (or all three tech tokens) at "
    "the Mentat Pause: gf9:319 counts the five strongholds only, no win; dreamrules:680, 686 count the Shield Wall "
    "and the tokens as strongholds for victory, a win",
)
def victory(s: PositionFacts) -> dict[str, Any]:
    """At the Mentat Pause a lone faction controlling three strongholds (its fighters alone there) wins, an
    alliance four; the Shield Wall with four markers and all three standard tech tokens each count as one, the
    v0.8 priority settling overlapping claims."""
    return {"winner": winner_value(s, _won(s, dr_winners(s)))}


@victory.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.won)
    win = _z3_winning(v)
    return all_of(v.won[f] == any_of(z3.And(v.member[u * n + f], w) for u, w in enumerate(win)) for f in range(n))


# dreamrules:680 "Each Shai-Hulud card drawn adds one marker to the Shield Wall. Fremen Thumpers do not add markers.
#                 At four markers, the Shield Wall counts as a stronghold for victory only."


def _wall_counts(s: PositionFacts) -> bool:
    return any(dr_contributions(s, u)[1] for u in range(len(s.units)))


@rule(
    "dreamrules.position.shield-wall",
    on="position",
    cites="dreamrules:680",
    see_also="dreamrules:25,682,1240",
    title="At four markers the Shield Wall counts as a stronghold for victory",
    permits=lambda s, _o: (
        f"The Shield Wall has {s.shield_markers} markers: it counts as a stronghold for "
        f"{_units_words(s, [u for u in range(len(s.units)) if dr_contributions(s, u)[1]])}."
    ),
    when=lambda s: _check(s) and _wall_counts(s) and not _wall_divided(s),
    one_sided="it counts the Shield Wall toward a victory; the winner is dreamrules.position.victory's",
)
def shield_wall(s: PositionFacts) -> bool:
    """With four markers or more the Shield Wall counts as a stronghold for the faction (or alliance) whose troops
    alone control it at the victory check; with fewer it is an ordinary territory."""
    return True


@shield_wall.z3
def _(v: Any) -> z3.BoolRef:
    return v.shield_markers >= SW_MARKERS


# dreamrules:662 "Holding all three standard tokens counts as a stronghold for that faction's victory claim,
#                 subject to the priority procedure when more than one faction qualifies."
# dreamrules:686 "A faction holding all three standard tech tokens gains one stronghold contribution. ..."


@rule(
    "dreamrules.position.tech-tokens",
    on="position",
    cites="dreamrules:662,686",
    title="All three standard tech tokens count as a stronghold",
    permits=lambda s, _o: (
        "All three standard tech tokens count as a stronghold for "
        + side([f for f, t in zip(s.factions, s.f_std_tokens, strict=True) if t >= ALL_TOKENS])
        + "."
    ),
    when=lambda s: _check(s) and any(t >= ALL_TOKENS for t in s.f_std_tokens) and not _carryall_open(s),
    one_sided="it counts the tokens toward a victory; the winner is dreamrules.position.victory's",
)
def tech_tokens(s: PositionFacts) -> bool:
    """A faction holding all three standard tech tokens gains one stronghold toward its victory claim."""
    return True


@tech_tokens.z3
def _(v: Any) -> z3.BoolRef:
    return any_of(t >= ALL_TOKENS for t in v.f_std_tokens)


# dreamrules:690 "The v0.8 priority rule removes the tech-token contribution first if more than one faction would
#                 win. If more than one still qualifies, remove the Shield Wall contribution. Recheck the
#                 remaining ordinary strongholds."


@rule(
    "dreamrules.position.priority",
    on="position",
    cites="dreamrules:690",
    see_also="dreamrules:662,686",
    title="Overlapping claims: the tokens' contribution goes first, then the Shield Wall's",
    permits=lambda s, _o: (
        f"{_units_words(s, dr_qualifying(s)[0])} would each win: the v0.8 priority removes the tech tokens' "
        "contribution, then the Shield Wall's, while more than one qualifies."
    ),
    when=lambda s: _normal(s) and _overlap(s),
    one_sided="it settles overlapping claims; the winner is dreamrules.position.victory's",
)
def priority(s: PositionFacts) -> bool:
    """When more than one faction would win, the tech-token contribution is removed first, then (if more than one
    still qualifies) the Shield Wall's, and the ordinary strongholds are rechecked."""
    return True


@priority.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# dreamrules:682 "... If the storm divides it and two factions occupy separate parts at Mentat, the troops on the
#                 larger part control it for this purpose. ..."

gap(
    "dreamrules.position.shield-wall-divided",
    on="position",
    cites="dreamrules:682",
    title="Two factions in the Shield Wall at Mentat: the larger part controls it",
    reason="two opposing factions have troops in the Shield Wall, a victory stronghold at four markers: "
    "dreamrules:682 gives control to the troops on the larger part the storm divides it into, and Mentat does "
    "not encode the parts' sizes",
    when=lambda s: _check(s) and _wall_divided(s),
)

# dreamrules:666 "... #1845 asks which payout and victory counts include Carryall; do not silently count it as a
#                 fourth standard token."
# dreamrules:1380 "#1845: Carryall in token and victory counts."

gap(
    "dreamrules.position.carryall",
    on="position",
    cites="dreamrules:666,686,1380",
    title="Carryall in the victory count (council question #1845)",
    reason="a faction holding the Carryall also holds two or more standard tech tokens: whether the Carryall counts "
    "toward 'all three' tokens' stronghold contribution is council question #1845 (dreamrules:666, 686)",
    when=lambda s: _check(s) and _carryall_open(s),
)

# dreamrules:21 (gf9's two-player four) is not restated: dreamrules:674 gives three and four 'normally'.

gap(
    "dreamrules.position.two-players",
    on="position",
    cites="dreamrules:674",
    title="A two-player game's victory count",
    reason="a two-player game: dreamrules:674 gives three strongholds for a lone faction 'normally', GF9 raises it to "
    "four for two players (gf9:21), and no line says which count, with the Shield Wall and tech tokens, applies",
    when=lambda s: _check(s) and s.two_players,
).replaces = ("gf9.position.victory-two-players",)

# dreamrules:696  "Bene Gesserit can replace a predicted faction's win on the predicted turn. Its prediction does
#                  not apply to the Fremen special victory."
# dreamrules:1146 "Secretly predict a faction and turn during setup. If it wins on that turn, you win instead. ..."


@rule(
    "dreamrules.position.prediction",
    on="position",
    cites="dreamrules:696,1146",
    title="A correct Bene Gesserit prediction: Bene Gesserit wins instead",
    permits=lambda s, _o: (
        f"Bene Gesserit predicted {display(s.prediction[0]) if s.prediction else '?'} on turn "
        f"{s.prediction[1] if s.prediction else '?'}, and {_count_words(s, s.predicted)}, a win that turn: Bene "
        "Gesserit wins instead."
    ),
    needs=("players_known", "dr_markers_known"),
    when=lambda s: _check(s) and not _open(s) and _prediction_plain(s),
    defines=("winner",),
    replaces="gf9.position.bg-prediction",
    one_sided="an outcome rule: it names the winner and never forbids",
)
def prediction(s: PositionFacts) -> dict[str, Any]:
    """When the faction the Bene Gesserit predicted wins on the predicted turn, the Bene Gesserit win instead."""
    return {"winner": winner_value(s, list(s.is_bg))}


@prediction.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(w == bg for w, bg in zip(v.won, v.is_bg, strict=True))


# dreamrules:692  "The complete interaction with Prediction and Infiltration still needs an agreed procedure. #1847
#                  and #1849 cover those cases, including an alliance with one or both members infiltrated."
# dreamrules:1382 "#1847: Overlapping victory conditions."


def _prediction_overlap_words(s: PositionFacts) -> str:
    who, turn = (display(s.prediction[0]), s.prediction[1]) if s.prediction else ("?", "?")
    head = f"Bene Gesserit predicted {who} on turn {turn}"
    if _overlap(s):
        claims = _units_words(s, dr_qualifying(s)[0])
        return (
            f"{head}, and {claims} would each win before the v0.8 priority (dreamrules:690) settles the claims: how a "
            "prediction meets that priority still needs an agreed procedure, council question #1847 (dreamrules:78, "
            "692)"
        )
    if len(s.units[s.predicted]) == 1 and _prediction_tokens(s):
        return (
            f"{head}, whose claim counts all three standard tech tokens as a stronghold (dreamrules:686): the full "
            "interaction of tech tokens' role in victory with Prediction is still tracked in #1847 (dreamrules:78)"
        )
    return (
        f"{head}, who wins in an alliance ({side(s.units[s.predicted])}): how a prediction meets an alliance's win "
        "still needs an agreed procedure, council question #1847 (dreamrules:692)"
    )


gap(
    "dreamrules.position.prediction-overlap",
    on="position",
    cites="dreamrules:78,692,1382",
    see_also="dreamrules:696",
    title="A prediction meeting an alliance's win, overlapping claims or the tech tokens (council question #1847)",
    reason="the Bene Gesserit's predicted faction wins on the predicted turn in an alliance, or with the tech tokens' "
    "contribution, or has a claim among overlapping claims the v0.8 priority settles (dreamrules:690): "
    "dreamrules:78, 692 say the interaction with Prediction still needs an agreed procedure (#1847)",
    when=lambda s: _check(s) and _prediction_claims(s) and not _prediction_plain(s),
    explain=lambda s: _prediction_overlap_words(s),
)

# dreamrules:698  "Bene Tleilax can share an infiltrated faction's win in place of that faction's ally, subject to
#                  the five-stronghold exception and the unresolved overlapping cases."
# dreamrules:1206 "The live sheet says you share an infiltrated faction's victory in place of its ally, unless that
#                  alliance controls at least five strongholds. ..."
# dreamrules:1386 "#1849: Infiltrated winning alliances."

gap(
    "dreamrules.position.infiltration",
    on="position",
    cites="dreamrules:698,1206,1386",
    see_also="dreamrules:692",
    title="Bene Tleilax infiltrates a winner (council question #1849)",
    reason="a winner (or, at the end of turn ten, the Fremen or its ally) is infiltrated by Bene Tleilax: "
    "provisionally (the live sheet, dreamrules:1206) Bene Tleilax "
    "shares its win in place of its ally unless that alliance controls five strongholds; the winner table for "
    "infiltrated alliances and competing predictions is council question #1849 (and #1847)",
    when=lambda s: _check(s) and (_infiltrated_wins(s) or _infiltrated_turn_ten(s)),
)

# dreamrules:700  "If no faction wins by the end of turn ten, Fremen wins. Its ally shares that win only if their
#                  alliance controls at least three strongholds. The Guild has no stallout victory."
# dreamrules:1118 "If nobody wins by the end of turn ten, you win. Your ally shares this win only if you jointly
#                  control at least three strongholds."


def _fremen_unit(s: PositionFacts) -> int:
    f = index_of(s, "fremen")
    n = len(s.factions)
    return next(u for u in range(len(s.units)) if s.member[u * n + f])


def _ally_share(s: PositionFacts) -> bool | None:
    """Whether Fremen's ally shares the turn-ten win: True, False, or None where the Shield Wall or the tokens
    would decide (the text counts 'strongholds' and does not say whether they count here)."""
    u = _fremen_unit(s)
    if len(s.units[u]) == 1:
        return False
    ordinary, wall, tokens = dr_contributions(s, u)
    if ordinary >= 3:
        return True
    return None if ordinary + wall + tokens >= 3 else False


def _turn_ten(s: PositionFacts) -> bool:
    return _check(s) and not _open(s) and _end_game(s) and "fremen" in s.factions


def _fremen_message(s: PositionFacts, _o: dict[str, Any]) -> str:
    f = index_of(s, "fremen")
    who = [x for x, w in zip(s.factions, with_allies(s, f), strict=True) if w] if _ally_share(s) else ["fremen"]
    u = _fremen_unit(s)
    why = ""
    if len(s.units[u]) > 1:
        ordinary = dr_contributions(s, u)[0]
        why = f" (the alliance controls {ordinary} stronghold{'s' if ordinary != 1 else ''}: its ally " + (
            "shares it)" if _ally_share(s) else "does not share it, three are needed)"
        )
    wins = f"{side(who)} win{'s' if len(who) == 1 else ''}"
    return f"Turn ten ends with no winner: {wins}{why}; the Guild has no stallout victory."


@rule(
    "dreamrules.position.fremen-turn-ten",
    on="position",
    cites="dreamrules:700",
    see_also="dreamrules:1118,13",
    title="No winner by the end of turn ten: Fremen wins (its ally with three strongholds)",
    permits=_fremen_message,
    needs=("players_known", "dr_markers_known", "dr_roster_known"),
    when=lambda s: _turn_ten(s) and _ally_share(s) is not None,
    defines=("winner",),
    replaces=("gf9.position.fremen-special", "gf9.position.fallback-fremen"),
    one_sided="an outcome rule: it names the winner and never forbids",
    differs="turn ten ends with no winner and a faction other than the Fremen in Sietch Tabr: gf9:325, 405 require "
    "the Fremen special condition (failing it, the Spacing Guild wins); dreamrules:700 gives the Fremen the win "
    "with no condition, and the Guild no stallout victory",
)
def fremen_turn_ten(s: PositionFacts) -> dict[str, Any]:
    """If no one has won by the end of turn ten the Fremen win, with no condition on the sietches; its ally shares
    the win only if their alliance controls at least three strongholds."""
    f = index_of(s, "fremen")
    return {"winner": winner_value(s, with_allies(s, f) if _ally_share(s) else list(s.is_fremen))}


@fremen_turn_ten.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.won)
    out = []
    for u in range(len(v.unit_alliance)):
        ordinary, _, _ = _z3_counts(v, u)
        fremen_here = any_of(z3.And(v.member[u * n + f], v.is_fremen[f]) for f in range(n))
        for f in range(n):
            share = z3.And(v.unit_alliance[u], ordinary >= 3)
            out.append(z3.Implies(z3.And(fremen_here, v.member[u * n + f]), v.won[f] == z3.Or(v.is_fremen[f], share)))
    fremen_units = [
        any_of(z3.And(v.member[u * n + f], v.is_fremen[f]) for f in range(n)) for u in range(len(v.unit_alliance))
    ]
    for f in range(n):
        in_fremen_unit = any_of(z3.And(q, v.member[u * n + f]) for u, q in enumerate(fremen_units))
        out.append(z3.Implies(z3.Not(in_fremen_unit), z3.Not(v.won[f])))
    return all_of(out)


gap(
    "dreamrules.position.fremen-ally-count",
    on="position",
    cites="dreamrules:700",
    see_also="dreamrules:680,686",
    title="Fremen's ally at turn ten, counting the Shield Wall or the tech tokens",
    reason="turn ten ends with no winner and Fremen's alliance reaches three strongholds only with the Shield Wall "
    "or the tech tokens: dreamrules:700 shares the win with 'at least three strongholds', and does not say "
    "whether those contributions, given 'for victory', count here",
    when=lambda s: _turn_ten(s) and _ally_share(s) is None,
)

# dreamrules:1384 "#1848: Turn-ten ending without Fremen."

gap(
    "dreamrules.position.no-fremen",
    on="position",
    cites="dreamrules:1384",
    see_also="dreamrules:700,1340",
    title="Turn ten ends with no winner and no Fremen (council question #1848)",
    reason="turn ten ends with no winner and the Fremen are not in the game: dreamrules:700 gives the Fremen the win "
    "and the Guild no stallout victory; who wins without Fremen is council question #1848",
    when=lambda s: _check(s) and not _open(s) and _end_game(s) and "fremen" not in s.factions,
).replaces = ("gf9.position.fallback-most", "gf9.position.fallback-open")
