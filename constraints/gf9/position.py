"""GF9: what a position may hold (force supply, hands, alliances, strongholds) and who wins."""

from __future__ import annotations

from typing import Any

import z3

from checker.board import STRONGHOLD_NAMES
from checker.facts import all_of, any_of
from checker.kinds.position import (
    MENTAT_PAUSE,
    SHIPMENT_AND_MOVEMENT,
    SUPPLY,
    PositionFacts,
    need,
    stronghold_counts,
    winner_name,
)
from checker.rules import chapter, rule
from constraints.overview.position import overview_allies_apart, overview_allies_apart_form

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("position", "gf9:3-7,19-23,37,41,51-53,59,101,129-143,315-327,361,371,405,425,441")

H = len(STRONGHOLD_NAMES)

# gf9:37 "Each base faction has a shield, reference sheet, player marker, twenty force tokens
#         and five leader discs. ..."


@rule(
    "gf9.position.force-supply",
    on="position",
    cites="gf9:37,53",
    title="Each faction has twenty force tokens",
    forbids="A faction has only twenty force tokens (board, reserves and Tanks together): {over_supply}.",
    permits="No faction has more than twenty force tokens.",
)
def force_supply(s: PositionFacts) -> bool:
    """A faction's forces on the board, in reserve and in the Tanks number at most twenty."""
    return all(b + r + t <= SUPPLY for b, r, t in zip(s.f_board, s.f_reserves, s.f_tanks, strict=True))


@force_supply.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(b + r + t <= SUPPLY for b, r, t in zip(v.f_board, v.f_reserves, v.f_tanks, strict=True))


# gf9:41 "... The Advanced Game also uses ... three Fedaykin and five Sardaukar. Starred tokens
#         count as ordinary forces in the Basic Game."
# gf9:53 "Advanced Emperor has fifteen ordinary forces and five Sardaukar; Advanced Fremen has
#         seventeen ordinary forces and three Fedaykin. These are parts of the twenty-force supply."


@rule(
    "gf9.position.special-forces",
    on="position",
    cites="gf9:41,53",
    title="Advanced: five Sardaukar, three Fedaykin, no other special forces",
    forbids="Too many special forces: {over_special}.",
    permits="Special forces within the Emperor's five Sardaukar and the Fremen's three Fedaykin.",
    when=lambda s: s.advanced,
)
def special_forces(s: PositionFacts) -> bool:
    """In the Advanced game the Emperor owns five Sardaukar and the Fremen three Fedaykin (the rest of
    their twenty ordinary); no other faction has special forces. In Basic, starred tokens are ordinary."""
    return all(sp <= cap for sp, cap in zip(s.f_special, s.f_special_cap, strict=True))


@special_forces.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(sp <= cap for sp, cap in zip(v.f_special, v.f_special_cap, strict=True))


# gf9:59  "... The normal hand limit is four; Harkonnen's is eight. ..."
# gf9:425 "Your hand limit is eight. ..."


@rule(
    "gf9.position.hand-limit",
    on="position",
    cites="gf9:59,425,487",
    title="Hand limit four, Harkonnen eight",
    forbids="Over the hand limit (four, Harkonnen eight): {over_hand}.",
    permits="Every hand is within its limit (four, Harkonnen eight).",
    replaces=("overview.position.hand-limit", "overview.position.harkonnen-hand"),
)
def hand_limit(s: PositionFacts) -> bool:
    """A faction holds at most four Treachery Cards; Harkonnen at most eight."""
    return all(h <= (8 if hk else 4) for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True))


@hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(h <= z3.If(hk, 8, 4) for h, hk in zip(v.f_hand, v.f_harkonnen, strict=True))


# gf9:135 "... Except in Polar Sink, they must not finish the applicable evacuation window
#          sharing a territory."
# gf9:143 "Outside the Polar Sink, newly allied factions sharing a territory must separate during
#          Shipment and Movement. ... Advanced advisors follow this restriction too, ..."
# Judged only after Shipment and Movement: newly allied factions may share a territory until then.


@rule(
    "gf9.position.allies-apart",
    on="position",
    cites="gf9:135,137,143",
    title="Allies do not share a territory after Shipment and Movement (Polar Sink excepted)",
    forbids="Allies share a territory after Shipment and Movement: {shared}.",
    permits="No allies share a territory outside the Polar Sink.",
    needs=("phase_index",),
    replaces="overview.position.allies-apart",
    when=overview_allies_apart.when,  # judged after Shipment and Movement, as in the overview
)
def allies_apart(s: PositionFacts) -> bool:
    """After Shipment and Movement, two allies (advisors included) are never in one territory but the Polar Sink."""
    # gf9 adds lines (advisors, the evacuation window), not logic: the overview's check and form serve.
    return bool(overview_allies_apart.check(s))


allies_apart.z3(overview_allies_apart_form)


# gf9:227 "A stronghold with two other factions is closed to you: no shipment into it, movement
#          into it or passage through it. ..."
# gf9:229 "In Advanced play, Bene Gesserit advisors do not count toward this limit. ..."
# Derived: no third faction can arrive, so outside Shipment and Movement (when factions arrive)
# no stronghold holds the fighters of more than two factions.


@rule(
    "gf9.position.two-per-stronghold",
    on="position",
    cites="gf9:227,229",
    title="No stronghold holds the fighters of three factions",
    forbids="More than two factions' fighters in {crowded}: a stronghold with two other factions is closed.",
    permits="No stronghold holds the fighters of more than two factions.",
    needs=("phase_index",),
    when=lambda s: s.phase_index != SHIPMENT_AND_MOVEMENT and (s.phase_index is not None or bool(s.crowded)),
)
def two_per_stronghold(s: PositionFacts) -> bool:
    """Outside Shipment and Movement, at most two factions have fighters in any stronghold (advisors aside)."""
    n = len(s.factions)
    return all(sum(s.occ[f * H + h] for f in range(n)) <= 2 for h in range(H))


@two_per_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.occ) // H
    return all_of(z3.Sum([z3.If(v.occ[f * H + h], 1, 0) for f in range(n)] or [z3.IntVal(0)]) <= 2 for h in range(H))


# gf9:371 "... All your forces in a territory must show the same side."


@rule(
    "gf9.position.bg-one-side",
    on="position",
    cites="gf9:371,379",
    title="Bene Gesserit advisors and fighters never share a territory",
    forbids="Bene Gesserit advisors and fighters together in {mixed}: its forces in a territory show one side.",
    permits="Each territory holds only advisors or only fighters of the Bene Gesserit.",
    when=lambda s: s.advanced and bool(s.bg_advisors_in),
)
def bg_one_side(s: PositionFacts) -> bool:
    """All the Bene Gesserit's forces in one territory are advisors, or all fighters."""
    return not any(a and f for a, f in zip(s.bg_advisors_in, s.bg_fighters_in, strict=True))


@bg_one_side.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(any_of(z3.And(a, f) for a, f in zip(v.bg_advisors_in, v.bg_fighters_in, strict=True)))


# gf9:5   "... At the Mentat Pause, an unallied faction normally wins by occupying at least three
#          strongholds. A two-faction alliance normally needs four distinct strongholds ..."
# gf9:21  "... GF9 increases the winning requirement to four strongholds for a two-player game. ..."
# gf9:319 "An unallied faction occupying at least three strongholds wins. A two-faction alliance
#          occupying four distinct strongholds wins jointly. Advisors do not count, and a stronghold
#          disputed by factions unable to battle because of storm does not count for either side."
# gf9:321 "If several players or alliances meet their requirements together, they share the win. ..."
# gf9:323 "Bene Gesserit's correct faction-and-turn prediction replaces the predicted normal victory
#          with a sole Bene Gesserit win. ..."
# A stronghold still holding two sides at the Mentat Pause is one the storm kept from battle
# (gf9:101): it counts for neither.


@rule(
    "gf9.position.victory",
    on="position",
    cites="gf9:5,7,19,21,23,101,135,319,321,323",
    title="Victory at the Mentat Pause: three strongholds, four for an alliance or two players",
    permits="Winner: {winner}.",
    needs=("prediction_known", "turn_known"),
    when=lambda s: s.phase_index == MENTAT_PAUSE,
    defines=("winner",),
    one_sided="an outcome rule: it names the winner (or none) and never forbids",
    replaces="overview.position.victory",
)
def victory(s: PositionFacts) -> dict[str, Any]:
    """At the Mentat Pause an unallied faction holding three strongholds alone wins (four in a two-player
    game); an alliance needs four held by its members alone; several qualifiers share the win; a correct
    Bene Gesserit prediction turns the predicted win into a sole Bene Gesserit win."""
    counts = stronghold_counts(s)
    wins = [c >= need(s, u) for u, c in enumerate(counts)]
    bg = s.bg_in_game and s.predicted >= 0 and s.prediction_turn_now and wins[s.predicted]
    return {"winner": winner_name(s, wins, bg)}


@victory.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.f_board)
    out = []
    for u, w in enumerate(v.wins):
        held = []
        for h in range(H):
            mine = [z3.And(v.member[u * n + f], v.occ[f * H + h]) for f in range(n)]
            others = [z3.And(z3.Not(v.member[u * n + f]), v.occ[f * H + h]) for f in range(n)]
            held.append(z3.If(z3.And(any_of(mine), z3.Not(any_of(others))), 1, 0))
        needed = z3.If(z3.Or(v.unit_alliance[u], v.two_players), 4, 3)
        out.append(w == (z3.Sum(held) >= needed))
    predicted_wins = any_of(z3.And(v.predicted == u, w) for u, w in enumerate(v.wins))
    out.append(v.bg_wins == z3.And(v.bg_in_game, v.prediction_turn_now, predicted_wins))
    return all_of(out)
