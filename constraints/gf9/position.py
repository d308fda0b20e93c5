"""GF9: what a position may hold (force supply, hands, alliances, strongholds, battles fought) and who wins."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.board import STRONGHOLD_NAMES
from checker.arrakis.kinds.position import (
    LAST_TURN,
    SECTORS,
    SUPPLY,
    PositionFacts,
    at_pause,
    bg_prediction_wins,
    can_battle,
    end_game,
    faction_strongholds,
    fremen_breaches,
    held,
    index_of,
    most_strongholds,
    names,
    need,
    qualifiers,
    side,
    winner_value,
    with_allies,
)
from checker.arrakis.position import BATTLE, SHIPMENT_AND_MOVEMENT
from checker.facts import all_of, any_of
from checker.names import display
from checker.rules import chapter, gap, rule, set_aside
from constraints.overview.position import (
    allies_kept_apart,
    fremen_condition_form,
    overview_allies_apart,
    overview_allies_apart_form,
    shared_territories,
    tokens,
    with_allies_form,
)

# gf9:17 "The expanded faction selection still assumes a game of at most six players. Larger groups can
#         experiment, but adding factions does not by itself add player circles, strongholds or a revised winning
#         target."

gap(
    "gf9.position.larger-groups",
    on="position",
    cites="gf9:17",
    title="More than six players: an experiment the rules do not cover",
    reason="the position gives more than six players: gf9 assumes at most six and lets larger groups experiment "
    "without saying how (no added player circles, strongholds or winning target, gf9:17)",
    explain=lambda s: (
        f"the position gives {s.players} players: gf9 assumes at most six, and larger groups "
        "experiment without player circles, strongholds or a winning target of their own (gf9:17)"
    ),
    when=lambda s: s.players > 6,
    replaces="overview.position.players",  # the overview's 2-6 (overview:3) is a limit gf9 does not keep
)


# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("position", "gf9:3-7,17,19-23,37,41,51-53,59,101,129-143,315-327,361,371,405,425,441")

H = len(STRONGHOLD_NAMES)


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


# gf9:37 "Each base faction has a shield, reference sheet, player marker, twenty force tokens
#         and five leader discs. ..."
# gf9:53 "... These are parts of the twenty-force supply."


def _supply_over(s: PositionFacts, _: dict[str, Any]) -> str:
    over = [f for f in range(len(s.factions)) if s.f_board[f] + s.f_reserves[f] + s.f_tanks[f] > SUPPLY]
    return "; ".join(tokens(s, f) for f in over) + "; each faction has twenty."


def _supply_within(s: PositionFacts, _: dict[str, Any]) -> str:
    if not s.factions:
        return "No faction is listed: no supply to exceed."
    most = max(range(len(s.factions)), key=lambda f: s.f_board[f] + s.f_reserves[f] + s.f_tanks[f])
    return f"No faction has more than twenty force tokens (the most: {tokens(s, most)})."


@rule(
    "gf9.position.force-supply",
    on="position",
    cites="gf9:37",
    see_also="gf9:53",
    title="Each faction has twenty force tokens",
    forbids=_supply_over,
    permits=_supply_within,
    replaces="overview.position.force-supply",
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

SPECIAL_NAME = {"emperor": "Sardaukar", "fremen": "Fedaykin"}


def _special_over(s: PositionFacts, _: dict[str, Any]) -> str:
    parts = []
    for name, sp, cap in zip(s.factions, s.f_special, s.f_special_cap, strict=True):
        if sp > cap:
            owns = f"has {cap} {SPECIAL_NAME[name]}" if cap else "has no special forces"
            parts.append(f"{display(name)} has {_plural(sp, 'special token')}; Advanced {display(name)} {owns}")
    return "; ".join(parts) + "."


@rule(
    "gf9.position.special-forces",
    on="position",
    cites="gf9:41,53",
    title="Advanced: five Sardaukar, three Fedaykin, no other special forces",
    forbids=_special_over,
    permits="Special forces within the Emperor's five Sardaukar and the Fremen's three Fedaykin.",
    when=lambda s: s.advanced,
    replaces="overview.position.special-forces",
)
def special_forces(s: PositionFacts) -> bool:
    """In the Advanced game the Emperor owns five Sardaukar and the Fremen three Fedaykin (the rest of
    their twenty ordinary); no other faction has special forces. In Basic, starred tokens are ordinary."""
    return all(sp <= cap for sp, cap in zip(s.f_special, s.f_special_cap, strict=True))


@special_forces.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(sp <= cap for sp, cap in zip(v.f_special, v.f_special_cap, strict=True))


def _ordinary(s: PositionFacts, f: int) -> int:
    return s.f_board[f] + s.f_reserves[f] + s.f_tanks[f] - s.f_special[f]


def _ordinary_over(s: PositionFacts, _: dict[str, Any]) -> str:
    over = [f for f in range(len(s.factions)) if _ordinary(s, f) > s.f_ordinary_cap[f]]
    return (
        "; ".join(
            f"{display(s.factions[f])} has {_ordinary(s, f)} ordinary force tokens; Advanced "
            f"{display(s.factions[f])} has {s.f_ordinary_cap[f]}"
            for f in over
        )
        + "."
    )


@rule(
    "gf9.position.ordinary-forces",
    on="position",
    cites="gf9:53",
    title="Advanced: fifteen ordinary Emperor forces, seventeen ordinary Fremen forces",
    forbids=_ordinary_over,
    permits="Ordinary forces within the Advanced Emperor's fifteen and the Advanced Fremen's seventeen.",
    when=lambda s: s.advanced and any(c < SUPPLY for c in s.f_ordinary_cap),
)
def ordinary_forces(s: PositionFacts) -> bool:
    """The Advanced Emperor owns fifteen ordinary forces and the Advanced Fremen seventeen (board, reserves
    and Tanks together, special tokens apart)."""
    return all(
        b + r + t - sp <= cap
        for b, r, t, sp, cap in zip(s.f_board, s.f_reserves, s.f_tanks, s.f_special, s.f_ordinary_cap, strict=True)
    )


@ordinary_forces.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        b + r + t - sp <= cap
        for b, r, t, sp, cap in zip(v.f_board, v.f_reserves, v.f_tanks, v.f_special, v.f_ordinary_cap, strict=True)
    )


# gf9:59  "... The normal hand limit is four; Harkonnen's is eight. ..."
# gf9:425 "Your hand limit is eight. ..."


def _limit(s: PositionFacts, f: int) -> int:
    return 8 if s.f_harkonnen[f] else 4


def _hand_over(s: PositionFacts, _: dict[str, Any]) -> str:
    over = [f for f in range(len(s.factions)) if s.f_hand[f] > _limit(s, f)]
    return (
        "; ".join(
            f"{display(s.factions[f])} holds {_plural(s.f_hand[f], 'card')}; "
            + ("Harkonnen's hand limit is eight" if s.f_harkonnen[f] else "the hand limit is four")
            for f in over
        )
        + "."
    )


def _hand_within(s: PositionFacts, _: dict[str, Any]) -> str:
    if not any(g[2] for g in s.given):
        return "No hand is given: none exceeds its limit (four, Harkonnen eight)."
    f = max(range(len(s.factions)), key=lambda f: (s.f_hand[f] - _limit(s, f), s.f_hand[f]))
    return (
        f"Every hand is within its limit ({display(s.factions[f])} holds {_plural(s.f_hand[f], 'card')} "
        f"of {_limit(s, f)})."
    )


@rule(
    "gf9.position.hand-limit",
    on="position",
    cites="gf9:59,425",
    see_also="gf9:487",
    title="Hand limit four, Harkonnen eight",
    forbids=_hand_over,
    permits=_hand_within,
    replaces=("overview.position.hand-limit", "overview.position.harkonnen-hand"),
)
def hand_limit(s: PositionFacts) -> bool:
    """A faction holds at most four Treachery Cards; Harkonnen at most eight."""
    return all(h <= (8 if hk else 4) for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True))


@hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(h <= z3.If(hk, 8, 4) for h, hk in zip(v.f_hand, v.f_harkonnen, strict=True))


# gf9:423 "Keep all four traitor cards dealt at setup, including your own leaders. ..."
# overview:25 "... Deal 4 Traitor cards to each player; each secretly keeps 1 ..."
# gf9:293 "Keep a revealed Traitor Card. It remains yours ..." -- no traitor card changes hands in play, so past
# the start (where gf9.setup.harkonnen-traitors and overview.setup.keep-one-traitor ask for exactly these) a
# faction still holds at most what it kept.


def _traitor_cap(s: PositionFacts, f: int) -> int:
    return 4 if s.f_harkonnen[f] else 1


def _traitors_over(s: PositionFacts, _: dict[str, Any]) -> str:
    over = [f for f, t in enumerate(s.f_traitors) if t > _traitor_cap(s, f)]
    return (
        "; ".join(
            f"{display(s.factions[f])} holds {_plural(s.f_traitors[f], 'traitor card')}; "
            + ("Harkonnen keeps the four dealt" if s.f_harkonnen[f] else "a faction keeps one of the four dealt")
            for f in over
        )
        + "."
    )


def _traitors_within(s: PositionFacts, _: dict[str, Any]) -> str:
    f = max((f for f, t in enumerate(s.f_traitors) if t >= 0), key=lambda f: s.f_traitors[f] - _traitor_cap(s, f))
    return (
        f"No faction holds more traitor cards than it kept ({display(s.factions[f])} holds "
        f"{_plural(s.f_traitors[f], 'traitor card')} of {_traitor_cap(s, f)})."
    )


@rule(
    "gf9.position.traitor-cards",
    on="position",
    cites="gf9:423; overview:25",
    cite_when={"gf9:423": lambda s: any(hk and t >= 0 for t, hk in zip(s.f_traitors, s.f_harkonnen, strict=True))},
    see_also="gf9:293",
    title="Traitor cards held: one, Harkonnen four",
    forbids=_traitors_over,
    permits=_traitors_within,
    when=lambda s: not s.at_start and any(t >= 0 for t in s.f_traitors),
)
def traitor_cards(s: PositionFacts) -> bool:
    """After the start a faction holds the one traitor card it kept (Harkonnen the four dealt), never more."""
    return all(t <= (4 if hk else 1) for t, hk in zip(s.f_traitors, s.f_harkonnen, strict=True))


@traitor_cards.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(t <= z3.If(hk, 4, 1) for t, hk in zip(v.f_traitors, v.f_harkonnen, strict=True))


# gf9:427 "... Return all captives immediately when all your own leaders are dead. ..."


@rule(
    "gf9.position.captives-returned",
    on="position",
    cites="gf9:427",
    title="Harkonnen returns its captives once all its own leaders are dead",
    forbids="All five of Harkonnen's own leaders are in the Tanks, yet it holds {captive_names} captive: it returns "
    "all captives at once when its own leaders are dead.",
    permits="Harkonnen holds {captive_names} captive, and not all its own leaders are dead.",
    when=lambda s: s.captives_held > 0,
)
def captives_returned(s: PositionFacts) -> bool:
    """Harkonnen holds captives only while one at least of its own leaders lives: when all are dead it returns
    every captive at once."""
    return not s.harkonnen_all_dead


@captives_returned.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.harkonnen_all_dead)


# gf9:349 "Secretly track Atreides force tokens lost in battles. Once at least seven have been lost, the Kwisatz
#          Haderach becomes active immediately, ..."
# gf9:353 "Only a lasgun-shield explosion kills the Kwisatz Haderach. ..."


@rule(
    "gf9.position.kh-dead-active",
    on="position",
    cites="gf9:353,349",
    title="A Kwisatz Haderach in the Tanks was active first",
    forbids="The Kwisatz Haderach is in the Tanks, but Atreides has lost {kh_lost} forces in battle: it becomes "
    "active only after seven, and only an explosion in a battle it fought kills it.",
    permits="The Kwisatz Haderach is in the Tanks; Atreides has lost {kh_lost} forces in battle, so it was active.",
    when=lambda s: s.kh_in_tanks and s.kh_lost >= 0,
)
def kh_dead_active(s: PositionFacts) -> bool:
    """Only a lasgun-shield explosion kills the Kwisatz Haderach, in a battle it fought; it fights only once active,
    after seven Atreides forces lost in battle (a running count): dead, it was active."""
    return s.kh_lost >= 7


@kh_dead_active.z3
def _(v: Any) -> z3.BoolRef:
    return v.kh_lost >= 7


# gf9:131 "... No faction can belong to more than one alliance. The default maximum is two factions. ..."
# gf9:141 "Declare every alliance openly. Swap reminder cards. No faction can be in two alliances, ..."


def _in_two(s: PositionFacts, _: dict[str, Any]) -> str:
    parts = []
    for f, k in zip(s.factions, s.f_alliances, strict=True):
        if k > 1:
            theirs = [side(a) for a in s.alliances if f in a]
            parts.append(f"{display(f)} is in {k} alliances ({'; '.join(theirs)})")
    return "; ".join(parts) + ": no faction can be in two alliances."


@rule(
    "gf9.position.one-alliance",
    on="position",
    cites="gf9:131,141",
    title="No faction in two alliances",
    forbids=_in_two,
    permits=lambda s, _: f"Each allied faction is in one alliance ({'; '.join(side(a) for a in s.alliances)}).",
    when=lambda s: s.has_alliances,
)
def one_alliance(s: PositionFacts) -> bool:
    """A faction belongs to at most one alliance."""
    return all(k <= 1 for k in s.f_alliances)


@one_alliance.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(k <= 1 for k in v.f_alliances)


# gf9:23  "The default alliance limit is two factions ... Other alliance arrangements are optional and
#          must be agreed before play."
# gf9:515 "The standard game uses two-faction alliances needing four strongholds. ..." -- the position
#          format has no key for an optional arrangement: the default holds.


def _too_big(s: PositionFacts, _: dict[str, Any]) -> str:
    big = [a for a in s.alliances if len(a) > 2]
    return "; ".join(f"{side(a)} are {len(a)} factions in one alliance" for a in big) + (
        ": the default maximum is two factions."
    )


@rule(
    "gf9.position.alliance-size",
    on="position",
    cites="gf9:131",
    see_also="gf9:23,515",
    title="An alliance has at most two factions",
    forbids=_too_big,
    permits=lambda s, _: "Every alliance has two factions: " + "; ".join(side(a) for a in s.alliances) + ".",
    when=lambda s: s.has_alliances,
    replaces="overview.position.alliance-size",
)
def alliance_size(s: PositionFacts) -> bool:
    """An alliance joins at most two factions (the default; other arrangements are optional variants)."""
    return all(k <= 2 for k in s.alliance_size)


@alliance_size.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(k <= 2 for k in v.alliance_size)


# gf9:133 "A player may leave an alliance during a Nexus without the former ally's permission. Outside a
#          Nexus, alliances persist ..."
set_aside(
    "gf9:133",
    "how alliances change over time: a position lists the alliances as they stand, and no position key "
    "records an alliance's history",
)


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
    forbids=lambda s, _: (
        f"{shared_territories(s)} after Shipment and Movement: allies must separate (the Polar Sink excepted)."
    ),
    permits=lambda s, _: f"{allies_kept_apart(s)} share no territory outside the Polar Sink.",
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


def _in(s: PositionFacts, h: int) -> list[str]:
    return [display(f) for i, f in enumerate(s.factions) if s.occ[i * H + h]]


def _crowded(s: PositionFacts, _: dict[str, Any]) -> str:
    full = [h for h in range(H) if len(_in(s, h)) > 2]
    return (
        "; ".join(f"{names(_in(s, h))} all have fighters in {STRONGHOLD_NAMES[h]}" for h in full)
        + ": a stronghold with two other factions is closed to a third."
    )


def _fullest_stronghold(s: PositionFacts, _: dict[str, Any]) -> str:
    h = max(range(H), key=lambda h: len(_in(s, h)))
    if not _in(s, h):
        return "No stronghold holds fighters: none can hold more than two factions."
    fullest = f"{STRONGHOLD_NAMES[h]}: {names(_in(s, h))}"
    return f"No stronghold holds more than two factions' fighters (the fullest, {fullest})."


@rule(
    "gf9.position.two-per-stronghold",
    on="position",
    cites="gf9:227,229",
    title="No stronghold holds the fighters of three factions",
    forbids=_crowded,
    permits=_fullest_stronghold,
    needs=("phase_index",),
    replaces="overview.position.two-per-stronghold",
    when=lambda s: (
        s.phase_index != SHIPMENT_AND_MOVEMENT
        and (s.phase_index is not None or any(len(_in(s, h)) > 2 for h in range(H)))
    ),
)
def two_per_stronghold(s: PositionFacts) -> bool:
    """Outside Shipment and Movement, at most two factions have fighters in any stronghold (advisors aside)."""
    n = len(s.factions)
    return all(sum(s.occ[f * H + h] for f in range(n)) <= 2 for h in range(H))


@two_per_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.occ) // H
    return all_of(z3.Sum([z3.If(v.occ[f * H + h], 1, 0) for f in range(n)] or [z3.IntVal(0)]) <= 2 for h in range(H))


# gf9:51 "In the Advanced Game, Bene Gesserit places only one starting advisor in any territory after the Fremen
#         placement. ... This replaces the Basic starting force in Polar Sink; ..."
# gf9:7, 245, 311, 507 speak of "Advanced Bene Gesserit advisors"; gf9:229 "In Advanced play, Bene Gesserit advisors".


@rule(
    "gf9.position.advisors-advanced",
    on="position",
    cites="gf9:51,7",
    see_also="gf9:229,245,311,507",
    title="Bene Gesserit advisors are of the Advanced game",
    forbids=lambda s, _: (
        f"The Bene Gesserit have {_plural(s.bg_advisors, 'advisor')} in {s.bg_advisor_places}, but this is the "
        "Basic game: advisors come in with the Advanced Game, whose starting advisor replaces the Basic starting "
        "force in the Polar Sink (gf9 calls them Advanced Bene Gesserit advisors)."
    ),
    permits="The Bene Gesserit's advisors in {bg_advisor_places} belong to the Advanced game, which this is.",
    when=lambda s: s.bg_advisors > 0,
)
def advisors_advanced(s: PositionFacts) -> bool:
    """Advisors are the Advanced Bene Gesserit's: a Basic game has none (its Bene Gesserit start with an ordinary
    force in the Polar Sink, which the Advanced advisor replaces)."""
    return s.advanced


@advisors_advanced.z3
def _(v: Any) -> z3.BoolRef:
    return v.advanced


# gf9:371 "... All your forces in a territory must show the same side."
# gf9:379 "... you may not place the two types together."


def _mixed(s: PositionFacts, _: dict[str, Any]) -> str:
    both = [t for t, a, f in zip(s.bg_territories, s.bg_advisors_in, s.bg_fighters_in, strict=True) if a and f]
    return f"Bene Gesserit advisors and fighters are both in {names(both)}: its forces in a territory show one side."


def _sides(s: PositionFacts, _: dict[str, Any]) -> str:
    adv = [t for t, a in zip(s.bg_territories, s.bg_advisors_in, strict=True) if a]
    fight = [t for t, f in zip(s.bg_territories, s.bg_fighters_in, strict=True) if f]
    parts = ([f"advisors only in {names(adv)}"] if adv else []) + (
        [f"fighters only in {names(fight)}"] if fight else []
    )
    return f"The Bene Gesserit show one side per territory: {'; '.join(parts)}."


@rule(
    "gf9.position.bg-one-side",
    on="position",
    cites="gf9:371",
    see_also="gf9:379",
    title="Bene Gesserit advisors and fighters never share a territory",
    forbids=_mixed,
    permits=_sides,
    when=lambda s: s.advanced and bool(s.bg_advisors_in) and any(s.bg_advisors_in),
)
def bg_one_side(s: PositionFacts) -> bool:
    """All the Bene Gesserit's forces in one territory are advisors, or all fighters."""
    return not any(a and f for a, f in zip(s.bg_advisors_in, s.bg_fighters_in, strict=True))


@bg_one_side.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(any_of(z3.And(a, f) for a, f in zip(v.bg_advisors_in, v.bg_fighters_in, strict=True)))


# gf9:245 "After everyone has shipped and moved, opposing forces in the same territory must fight until
#          only one faction or no forces remain. Do not battle in Polar Sink, under the storm, or across
#          the storm. Advanced Bene Gesserit advisors neither fight nor require a battle."
# gf9:101 "Forces in different parts of one territory cannot battle if separated by the storm. Two
#          factions can therefore survive in the same stronghold while it is blocked; ..."
# The storm moves only in the Storm phase: where it stands now it stood in the Battle phase.


def _meeting(s: PositionFacts) -> list[int]:
    return [c for c in range(len(s.contacts)) if can_battle(s, c)]


def _unfought(s: PositionFacts, _: dict[str, Any]) -> str:
    parts = [
        f"{display(a)} and {display(b)} both have fighters in {t}" for t, a, b in (s.contacts[c] for c in _meeting(s))
    ]
    return (
        "; ".join(parts) + f" after the Battle phase, clear of the storm (sector {s.storm_sector}): opposing forces "
        "in one territory fight until only one faction remains."
    )


def _kept_apart(s: PositionFacts, _: dict[str, Any]) -> str:
    parts = [f"{display(a)} and {display(b)} in {t}" for t, a, b in s.contacts]
    return f"The storm (sector {s.storm_sector}) keeps {'; '.join(parts)} from battle: they may share the territory."


@rule(
    "gf9.position.battles-fought",
    on="position",
    cites="gf9:101,245",
    see_also="gf9:99,249",
    title="After the Battle phase, opposing fighters share a territory only where the storm keeps them apart",
    forbids=_unfought,
    permits=_kept_apart,
    needs=("storm_sector", "contact_sectors_known"),
    when=lambda s: (s.phase_index or 0) > BATTLE and bool(s.contacts),
)
def battles_fought(s: PositionFacts) -> bool:
    """After the Battle phase no two opposing factions' fighters share a territory outside the Polar Sink,
    unless the storm covers one side or lies between them (advisors do not fight)."""
    return not _meeting(s)


@battles_fought.z3
def _(v: Any) -> z3.BoolRef:
    meets = []
    for c in range(len(v.c_terr) // SECTORS):
        at = [c * SECTORS + k for k in range(SECTORS)]
        clear = [z3.And(v.c_terr[i], v.storm_sector != k + 1) for k, i in enumerate(at)]
        reach = [z3.And(v.c_a_in[i], v.storm_sector != k + 1) for k, i in enumerate(at)]
        for _ in range(SECTORS):  # a fixpoint over the ring of sectors within the territory
            reach = [
                z3.Or(reach[k], z3.And(clear[k], z3.Or(reach[(k - 1) % SECTORS], reach[(k + 1) % SECTORS])))
                for k in range(SECTORS)
            ]
        meets.append(any_of(z3.And(reach[k], v.c_b_in[i]) for k, i in enumerate(at)))
    return z3.Not(any_of(meets))


# -- victory ----------------------------------------------------------------------------------
# gf9:5   "... At the Mentat Pause, an unallied faction normally wins by occupying at least three
#          strongholds. A two-faction alliance normally needs four distinct strongholds ..."
# gf9:7   "... A faction occupies a stronghold with at least one force that counts for occupation.
#          Advanced Bene Gesserit advisors do not count."
# gf9:21  "... GF9 increases the winning requirement to four strongholds for a two-player game. ..."
# gf9:319 "An unallied faction occupying at least three strongholds wins. A two-faction alliance
#          occupying four distinct strongholds wins jointly. Advisors do not count, and a stronghold
#          disputed by factions unable to battle because of storm does not count for either side."
# gf9:321 "If several players or alliances meet their requirements together, they share the win. ..."
# A stronghold still holding two sides at the Mentat Pause is one the storm kept from battle
# (gf9:101): it counts for neither.
set_aside(
    "gf9:317",
    "bribe spice moved behind a shield and end-of-turn actions of modules: the position format has no key "
    "for bribes in front of a shield, and neither changes who occupies a stronghold; victory is checked on "
    "the position as given",
)
set_aside(
    "gf9:327",
    "advancing the turn counter, and expansions (Homeworlds, Tech Tokens, Hidden Mobile Stronghold, "
    "discovery strongholds, Ecaz) the position format has no keys for",
)
# gf9:51 (the Advanced Bene Gesserit's starting advisor) is encoded in constraints/gf9/setup.py.


def _need_text(s: PositionFacts, u: int) -> str:
    if s.unit_alliance[u]:
        return "an alliance needs 4"
    return "a two-player game needs 4" if s.two_players else "an unallied faction needs 3"


def _advisors_only(s: PositionFacts, u: int) -> str:
    """Where the unit's Bene Gesserit show only advisors in a stronghold: they do not count (gf9:7, 319)."""
    if "bene-gesserit" not in s.units[u]:
        return ""
    where = [
        t
        for t, adv, fight in zip(s.bg_territories, s.bg_advisors_in, s.bg_fighters_in, strict=False)
        if adv and not fight and t in STRONGHOLD_NAMES
    ]
    return f" (the Bene Gesserit advisors in {names(where)} do not count)" if where else ""


def _holds(s: PositionFacts, u: int) -> str:
    where = held(s, u)
    verb = "hold" if len(s.units[u]) > 1 else "holds"
    if not where:
        return f"{side(s.units[u])} {verb} no stronghold alone{_advisors_only(s, u)}"
    return f"{side(s.units[u])} {verb} {names(where)}, {_plural(len(where), 'stronghold')}{_advisors_only(s, u)}"


def _victory_message(s: PositionFacts, _: dict[str, Any]) -> str:
    wins = qualifiers(s)
    if wins:
        text = "; ".join(f"{_holds(s, u)}; {_need_text(s, u)}" for u in wins)
        who = [f for u in wins for f in s.units[u]]
        shared = " and share the win" if len(wins) > 1 else ""
        return f"{text}: {side(who)} win{'s' if len(who) == 1 else ''}{shared}."
    if not s.units:
        return "No one wins: no faction is listed."
    best = max(range(len(s.units)), key=lambda u: (len(held(s, u)) - need(s, u), len(held(s, u))))
    return f"No one wins: {_holds(s, best)}; {_need_text(s, best)}."


def _unit_qualifies(v: Any, u: int) -> Any:
    n = len(v.won)
    count = []
    for h in range(H):
        mine = [z3.And(v.member[u * n + f], v.occ[f * H + h]) for f in range(n)]
        others = [z3.And(z3.Not(v.member[u * n + f]), v.occ[f * H + h]) for f in range(n)]
        count.append(z3.If(z3.And(any_of(mine), z3.Not(any_of(others))), 1, 0))
    needed = z3.If(z3.Or(v.unit_alliance[u], v.two_players), 4, 3)
    return z3.Sum(count or [z3.IntVal(0)]) >= needed


def _normal(s: PositionFacts) -> bool:
    return at_pause(s) and not bg_prediction_wins(s) and not end_game(s)


def _asks_turn(line: str) -> Any:
    """Where the turn, not given, is what the victory waits on, the line that makes it matter (turn ten's end,
    gf9:325; the Bene Gesserit's predicted turn, gf9:323) is quoted with the rule's own."""
    return lambda s: bool(s.players_known and s.prediction_known) and s.turn_known is None and line in s.turn_matters


_ASKS_PREDICTED_TURN = _asks_turn("gf9:323")
_TURN_LINES = {
    # gf9:323 also where the Bene Gesserit's prediction, not given, is what the victory waits on
    "gf9:323": lambda s: s.prediction_known is None or _ASKS_PREDICTED_TURN(s),
    "gf9:325": _asks_turn("gf9:325"),
}


@rule(
    "gf9.position.victory",
    on="position",
    cites="gf9:319,321,323,325",
    cite_when=_TURN_LINES,
    see_also="gf9:5,7,19,23,101,135",
    title="Victory at the Mentat Pause: three strongholds, four for an alliance",
    permits=_victory_message,
    needs=("players_known", "prediction_known", "turn_known"),
    when=lambda s: _normal(s) and not s.two_players,
    defines=("winner",),
    one_sided="an outcome rule: it names the winner (or none) and never forbids",
    replaces="overview.position.victory",
    differs="a three-player game: overview:94 needs four strongholds to win; gf9:319 three for an unallied faction "
    "(gf9:21 raises it to four only for two players)",
)
def victory(s: PositionFacts) -> dict[str, Any]:
    """At the Mentat Pause an unallied faction holding three strongholds alone wins; an alliance needs four
    held by its members alone; several qualifiers share the win."""
    n = len(s.factions)
    wins = qualifiers(s)
    return {"winner": winner_value(s, [any(s.member[u * n + f] for u in wins) for f in range(n)])}


@victory.z3
def victory_form(v: Any) -> z3.BoolRef:
    n = len(v.won)
    qualifies = [_unit_qualifies(v, u) for u in range(len(v.unit_alliance))]
    return all_of(v.won[f] == any_of(z3.And(v.member[u * n + f], q) for u, q in enumerate(qualifies)) for f in range(n))


# gf9:21 "... GF9 increases the winning requirement to four strongholds for a two-player game. ..."


@rule(
    "gf9.position.victory-two-players",
    on="position",
    cites="gf9:21,323,325",
    cite_when=_TURN_LINES,
    see_also="gf9:319,321",
    title="Victory in a two-player game: four strongholds",
    permits=_victory_message,
    needs=("players_known", "prediction_known", "turn_known"),
    when=lambda s: _normal(s) and s.two_players,
    defines=("winner",),
    one_sided="an outcome rule: it names the winner (or none) and never forbids",
    replaces="overview.position.victory",
)
def victory_two_players(s: PositionFacts) -> dict[str, Any]:
    """In a two-player game every faction and alliance needs four strongholds held by its members alone."""
    return victory.check(s)  # type: ignore[return-value]  # the same count, with the two-player requirement


victory_two_players.z3(victory_form)


# gf9:323 "Bene Gesserit's correct faction-and-turn prediction replaces the predicted normal victory
#          with a sole Bene Gesserit win. ..."
# gf9:361 "... If that faction earns a normal victory, alone or in an alliance, on the chosen turn, reveal
#          your prediction and win alone instead. ..."


def _bg_message(s: PositionFacts, _: dict[str, Any]) -> str:
    assert s.prediction is not None
    faction, turn = s.prediction
    return (
        f"Bene Gesserit predicted {display(faction)} on turn {turn}, and {_holds(s, s.predicted)}, a normal "
        f"victory on turn {turn}: Bene Gesserit wins alone instead."
    )


@rule(
    "gf9.position.bg-prediction",
    on="position",
    cites="gf9:323,361",
    title="A correct Bene Gesserit prediction: Bene Gesserit wins alone",
    permits=_bg_message,
    when=lambda s: at_pause(s) and bg_prediction_wins(s),
    defines=("winner",),
    one_sided="an outcome rule: it names the winner and never forbids",
    replaces="overview.position.victory",  # overview.position.prediction: gf9's layer removes it (the same sheet)
    differs="a Bene Gesserit prediction: gf9:361 gives the Bene Gesserit the predicted normal victory (three "
    "strongholds, gf9:319, in a three-player game too); the overview reads the same sheet (overview:105) over its own "
    "normal victory, which needs four strongholds in a three-player game (overview:94)",
    needs=("players_known",),
)
def bg_prediction(s: PositionFacts) -> dict[str, Any]:
    """When the faction the Bene Gesserit predicted wins normally on the predicted turn (alone or allied),
    the Bene Gesserit win alone instead."""
    return {"winner": winner_value(s, [bool(x) and bg_prediction_wins(s) for x in s.is_bg])}


@bg_prediction.z3
def _(v: Any) -> z3.BoolRef:
    right = z3.And(
        v.bg_in_game,
        v.prediction_turn_now,
        any_of(z3.And(v.predicted == u, _unit_qualifies(v, u)) for u in range(len(v.unit_alliance))),
    )
    return all_of(w == z3.And(bg, right) for w, bg in zip(v.won, v.is_bg, strict=True))


# -- the end of turn ten, with no normal victory -------------------------------------------------
# gf9:323 "... A normal victory on turn ten takes priority over end-of-game special victories."
# gf9:325 "If nobody has won before the end of turn ten, check the Fremen special condition first. If it
#          is satisfied, Fremen and its ally win. Otherwise Spacing Guild and its ally win if the Guild is
#          playing. If Guild is absent, use GF9's printed fallback awarding the Fremen the game if present,
#          otherwise the factions occupying the most strongholds share the win. ..."
# gf9:405 "At the end of the last turn, if no normal victory occurred, your special victory requires Sietch
#          Tabr and Habbanya Sietch to be occupied only by you or nobody, and Tuek's Sietch not to be
#          occupied by Atreides, Harkonnen or Emperor. Allies do not become Fremen for this test. Richese
#          ...; Ecaz ..." -- neither Richese nor Ecaz is a faction a position can list.
# gf9:441 "If no one has won when the game ends and the Fremen special victory does not apply, you and
#          your ally win. A correct Bene Gesserit prediction cannot target this special victory."
# A correct prediction targets only a normal victory (gf9:361), so it has no part in these.

_ENDED = "Turn 10 ends with no normal victory"


def _fremen_side(s: PositionFacts) -> list[bool]:
    return with_allies(s, index_of(s, "fremen"))


def _fremen_message(s: PositionFacts, _: dict[str, Any]) -> str:
    breaches = fremen_breaches(s)
    if breaches:
        return f"{_ENDED}, but the Fremen special condition fails: {names(breaches)}."
    who = [f for f, w in zip(s.factions, _fremen_side(s), strict=True) if w]
    return (
        f"{_ENDED}: no one but Fremen occupies Sietch Tabr or Habbanya Sietch, and no Atreides, Harkonnen or "
        f"Emperor fighter is in Tuek's Sietch: {side(who)} win{'s' if len(who) == 1 else ''}."
    )


@rule(
    "gf9.position.fremen-special",
    on="position",
    cites="gf9:325,403,405",
    see_also="gf9:323,361",
    title="End of turn ten: the Fremen special victory",
    permits=_fremen_message,
    when=lambda s: end_game(s) and "fremen" in s.factions,
    defines=("winner",),
    one_sided="an outcome rule: it names the winners when its condition holds and never forbids",
    replaces=("overview.position.turn-limit", "overview.position.alternate-wins"),
    differs="turn ten ends with no normal winner in the Basic game: overview:96 ends it with no winner; gf9:325 "
    "checks the Fremen special condition in every game",
    needs=("players_known",),
)
def fremen_special(s: PositionFacts) -> Any:
    """At the end of turn ten with no normal victory, Fremen and its ally win if Sietch Tabr and Habbanya
    Sietch hold no one's fighters but the Fremen's and Tuek's Sietch none of Atreides, Harkonnen or Emperor."""
    if fremen_breaches(s):
        return True  # the condition fails: the next clause decides
    return {"winner": winner_value(s, _fremen_side(s))}


@fremen_special.z3
def _(v: Any) -> z3.BoolRef:
    winners = with_allies_form(v, list(v.is_fremen))
    return z3.Implies(fremen_condition_form(v), all_of(w == x for w, x in zip(v.won, winners, strict=True)))


def _guild_message(s: PositionFacts, _: dict[str, Any]) -> str:
    who = [f for f, w in zip(s.factions, with_allies(s, index_of(s, "spacing-guild")), strict=True) if w]
    why = "the Fremen special condition fails" if "fremen" in s.factions else "the Fremen are not in the game"
    return f"{_ENDED} and {why}; the Spacing Guild is playing: {side(who)} win{'s' if len(who) == 1 else ''}."


@rule(
    "gf9.position.guild-special",
    on="position",
    cites="gf9:325,441",
    see_also="gf9:361",
    title="End of turn ten: the Spacing Guild's special victory",
    permits=_guild_message,
    needs=("players_known", "roster_known"),
    when=lambda s: (
        end_game(s) and "spacing-guild" in s.factions and ("fremen" not in s.factions or bool(fremen_breaches(s)))
    ),
    defines=("winner",),
    one_sided="an outcome rule: it names the winners and never forbids",
    # not overview.position.alternate-wins: the overview reads the Guild's sheet itself where the Guild plays
    # (overview.position.guild-special), and its open question is the game without one
    replaces="overview.position.turn-limit",
    differs="turn ten ends with no normal winner in the Basic game: overview:96 ends it with no winner; gf9:325 "
    "gives the Spacing Guild and its ally the win in every game",
)
def guild_special(s: PositionFacts) -> dict[str, Any]:
    """At the end of turn ten with no normal victory and no Fremen special victory, the Spacing Guild and
    its ally win."""
    return {"winner": winner_value(s, with_allies(s, index_of(s, "spacing-guild")))}


@guild_special.z3
def _(v: Any) -> z3.BoolRef:
    winners = with_allies_form(v, list(v.is_guild))
    return all_of(w == x for w, x in zip(v.won, winners, strict=True))


def _fallback(s: PositionFacts) -> bool:
    return (
        end_game(s) and "spacing-guild" not in s.factions and ("fremen" not in s.factions or bool(fremen_breaches(s)))
    )


# The printed fallback is no normal victory: gf9:325 applies it only "if nobody has won before the end of turn
# ten", and a Bene Gesserit prediction replaces only "the predicted normal victory" (gf9:323), "a normal victory,
# alone or in an alliance" (gf9:361). A prediction of the faction the fallback favours, for turn ten, so changes
# nothing: the fallback's winners win (the prediction failed, gf9:361).


def _predicts_winner(s: PositionFacts, winners: list[str]) -> bool:
    return bool(s.prediction and s.prediction[1] == LAST_TURN and s.prediction[0] in winners)


def _prediction_note(s: PositionFacts, winners: list[str]) -> str:
    """Words for a turn-ten prediction of a faction the fallback makes a winner: it does not take the win."""
    if s.prediction is None or not _predicts_winner(s, winners):
        return ""
    return (
        f" Bene Gesserit predicted {display(s.prediction[0])} on turn {LAST_TURN}, but this is no normal victory: "
        "a prediction replaces only the predicted normal victory."
    )


def _fallback_fremen_applies(s: PositionFacts) -> bool:
    f = index_of(s, "fremen")
    return _fallback(s) and f >= 0 and not any(s.allied[f * len(s.factions) + g] for g in range(len(s.factions)))


@rule(
    "gf9.position.fallback-fremen",
    on="position",
    cites="gf9:325,323,361",
    cite_when={line: lambda s: _predicts_winner(s, ["fremen"]) for line in ("gf9:323", "gf9:361")},
    title="End of turn ten, no Guild: GF9's printed fallback awards the Fremen the game",
    needs=("players_known", "roster_known"),
    permits=lambda s, _: (
        f"{_ENDED}, the Fremen special condition fails ({names(fremen_breaches(s))}) and the "
        "Spacing Guild is not in the game: GF9's printed fallback awards the Fremen the game."
        + _prediction_note(s, ["fremen"])
    ),
    when=_fallback_fremen_applies,
    defines=("winner",),
    one_sided="an outcome rule: it names the winner and never forbids",
    replaces=("overview.position.turn-limit", "overview.position.alternate-wins"),
    differs="turn ten ends with no normal winner and no Guild: gf9:325's printed fallback "
    "awards the Fremen the game; overview:96 ends the Basic game with no winner and leaves the Advanced game to "
    "faction conditions it does not print",
)
def fallback_fremen(s: PositionFacts) -> dict[str, Any]:
    """With no normal victory on turn ten, no Fremen special victory and no Guild, the Fremen win."""
    return {"winner": winner_value(s, list(s.is_fremen))}


@fallback_fremen.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(w == x for w, x in zip(v.won, v.is_fremen, strict=True))


def _most_message(s: PositionFacts, _: dict[str, Any]) -> str:
    top = most_strongholds(s)
    each = "; ".join(f"{display(s.factions[f])} occupies {names(faction_strongholds(s, f))}" for f in top)
    k = len(faction_strongholds(s, top[0]))
    share = "share the win" if len(top) > 1 else "wins"
    return (
        f"{_ENDED}, and neither Fremen nor the Spacing Guild is in the game: {each}, the most strongholds "
        f"({k}): {side([s.factions[f] for f in top])} {share}." + _prediction_note(s, _top_names(s))
    )


def _fallback_most_applies(s: PositionFacts) -> bool:
    return _fallback(s) and "fremen" not in s.factions and bool(most_strongholds(s))


def _top_names(s: PositionFacts) -> list[str]:
    return [s.factions[f] for f in most_strongholds(s)]


@rule(
    "gf9.position.fallback-most",
    on="position",
    cites="gf9:325,323,361",
    see_also="gf9:7,101",
    cite_when={line: lambda s: _predicts_winner(s, _top_names(s)) for line in ("gf9:323", "gf9:361")},
    title="End of turn ten, no Guild, no Fremen: the factions occupying the most strongholds share the win",
    permits=_most_message,
    needs=("players_known", "roster_known"),
    when=_fallback_most_applies,
    defines=("winner",),
    one_sided="an outcome rule: it names the winners and never forbids",
    replaces=("overview.position.turn-limit", "overview.position.alternate-wins"),
    differs="turn ten ends with no normal winner and no Guild: gf9:325's printed fallback "
    "shares the win among the factions occupying the most strongholds; overview:96 ends the Basic game with no "
    "winner and leaves the Advanced game to faction conditions it does not print",
)
def fallback_most(s: PositionFacts) -> dict[str, Any]:
    """With no normal victory on turn ten and neither Fremen nor Guild in the game, the factions occupying
    the most strongholds share the win (a stronghold two sides dispute counts for neither)."""
    top = most_strongholds(s)
    return {"winner": winner_value(s, [f in top for f in range(len(s.factions))])}


@fallback_most.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.won)
    counts = [
        z3.Sum(
            [
                z3.If(z3.And(v.occ[f * H + h], z3.Not(any_of(v.occ[g * H + h] for g in range(n) if g != f))), 1, 0)
                for h in range(H)
            ]
        )
        for f in range(n)
    ]
    return all_of(v.won[f] == z3.And(counts[f] >= 1, all_of(counts[f] >= c for c in counts)) for f in range(n))


@rule(
    "gf9.position.fallback-open",
    on="position",
    cites="gf9:325",
    see_also="gf9:403",
    title="GF9's printed fallback where its text does not decide",
    status="unresolved",
    reason="turn 10 ends with no normal victory, no Fremen special victory and no Spacing Guild, and GF9's "
    "printed fallback (gf9:325) does not decide this case: it does not say whether an allied Fremen's ally "
    "shares the award (it is 'distinct from' the Fremen special victory, which its ally shares, gf9:403), or who "
    "shares 'the most strongholds' when no faction occupies one",
    when=lambda s: _fallback(s) and not _fallback_fremen_applies(s) and not _fallback_most_applies(s),
    one_sided="an open question: it neither forbids nor permits",
    replaces=("overview.position.turn-limit", "overview.position.alternate-wins"),
)
def fallback_open(s: PositionFacts) -> bool:
    """Where the printed fallback leaves the winner open (an allied Fremen, no stronghold occupied), the answer
    is unresolved."""
    return True


@fallback_open.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # never asked: an unresolved rule only names the open question
