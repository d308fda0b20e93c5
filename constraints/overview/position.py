"""Overview: what a position may hold (hand limit, alliances, allies apart) and who wins."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.position import (
    HABBANYA,
    LAST_TURN,
    MIN_PLAYERS,
    STRONGHOLD_NAMES,
    TABR,
    TUEK,
    PositionFacts,
    at_pause,
    disputed,
    fremen_breaches,
    names,
    overview_held,
    overview_qualifiers,
    side,
    winner_value,
    with_allies,
)
from checker.arrakis.position import SHIPMENT_AND_MOVEMENT
from checker.facts import all_of, any_of
from checker.names import display, whose
from checker.rules import chapter, gap, restates, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("position", "overview:3,7-8,18,57,67-69,84-98,104-105,125,129")

set_aside(
    "overview:7",
    "the board (sand, rock, stronghold and Polar Sink territories, 18 sectors) is the board data every kind of "
    "question reads (constraints/data); a territory or sector not on it is an input error when the position is "
    "read, never a verdict",
)
set_aside(
    "overview:111",
    "the heading of the Player Reference's turn sequence (overview:113-121), whose phases the phase rules cite",
)

SUPPLY = 20  # overview:8 "20 force tokens"


def tokens(s: PositionFacts, f: int) -> str:
    """A faction's force tokens in words, naming what the position does not give (never a zero it did not say)."""
    b, r, t = s.f_board[f], s.f_reserves[f], s.f_tanks[f]
    res_given, tanks_given, _ = s.given[f]
    parts = (
        [f"{b} on the board"]
        + ([f"{r} in reserve"] if res_given else [])
        + ([f"{t} in the Tanks"] if tanks_given else [])
    )
    missing = [x for x, ok in (("reserves", res_given), ("Tanks", tanks_given)) if not ok]
    unknown = f" ({' and '.join(missing)} not given)" if missing else ""
    return f"{display(s.factions[f])} has {b + r + t} force tokens: {', '.join(parts)}{unknown}"


def _total(s: PositionFacts, f: int) -> int:
    return s.f_board[f] + s.f_reserves[f] + s.f_tanks[f]


# overview:8 "• 6 faction sets, each containing: Player Shield, Player Sheet, Player Marker, 5 Leader Discs,
#            20 force tokens"


@rule(
    "overview.position.force-supply",
    on="position",
    cites="overview:8",
    title="Each faction set has twenty force tokens",
    forbids=lambda s, _: (
        "; ".join(tokens(s, f) for f in range(len(s.factions)) if _total(s, f) > SUPPLY)
        + ": a faction set has 20 force tokens."
    ),
    permits=lambda s, _: (
        f"No faction has more than 20 force tokens (the most: "
        f"{tokens(s, max(range(len(s.factions)), key=lambda f: _total(s, f)))})."
        if s.factions
        else "No faction is listed: no supply to exceed."
    ),
)
def overview_force_supply(s: PositionFacts) -> bool:
    """A faction's forces on the board, in reserve and in the Tanks come from its set of twenty tokens."""
    return all(_total(s, f) <= SUPPLY for f in range(len(s.factions)))


@overview_force_supply.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(b + r + t <= SUPPLY for b, r, t in zip(v.f_board, v.f_reserves, v.f_tanks, strict=True))


# overview:18 "• Advanced components: 5 Special Emperor forces, Bene Gesserit advisor forces, Kwisatz Haderach
#             Card and Counter, Sandworm Token, 3 Special Fremen forces"


@rule(
    "overview.position.special-forces",
    on="position",
    cites="overview:18",
    title="Advanced: five special Emperor forces, three special Fremen forces, no other",
    forbids=lambda s, _: (
        "; ".join(
            f"{display(n)} has {sp} special forces; the Advanced components give it {cap}"
            for n, sp, cap in zip(s.factions, s.f_special, s.f_special_cap, strict=True)
            if sp > cap
        )
        + "."
    ),
    permits="Special forces within the Advanced components: 5 Emperor, 3 Fremen.",
    when=lambda s: s.advanced,
)
def overview_special_forces(s: PositionFacts) -> bool:
    """The Advanced components hold five special Emperor forces and three special Fremen forces; no other
    faction has special forces."""
    return all(sp <= cap for sp, cap in zip(s.f_special, s.f_special_cap, strict=True))


@overview_special_forces.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(sp <= cap for sp, cap in zip(v.f_special, v.f_special_cap, strict=True))


# overview:18 names "Bene Gesserit advisor forces" among the Advanced components: GF9's rule (gf9:51, 7) unchanged.
restates("overview:18", "gf9.position.advisors-advanced")

# overview:3 "... Each of 2-6 players controls one of six unique factions (Atreides, Harkonnen, Emperor, Spacing
#            Guild, Fremen, Bene Gesserit), ..." -- a game of more than six players, or of one, is not the overview's.
# (A position listing one faction and giving no 'players' may leave the others out: only a given count is judged
# here; the count it leaves open is asked for where it decides the winner, PositionFacts.players_known.)

MAX_PLAYERS = 6


def _players_word(n: int) -> str:
    return f"{n} player{'' if n == 1 else 's'}"


@rule(
    "overview.position.players",
    on="position",
    cites="overview:3",
    title="A game has 2-6 players, each controlling one of six factions",
    forbids=lambda s, _: (
        f"The position gives {_players_word(s.players)}: the game has 2-6 players, each controlling one of six "
        "factions."
    ),
    when=lambda s: s.players > MAX_PLAYERS,
    one_sided="it judges only a position giving more than six players (a game of two to six is the ordinary case "
    "every other rule checks; fewer than two: overview.position.players-minimum)",
)
def overview_players(s: PositionFacts) -> bool:
    """The overview's game is for two to six players, one faction each: more than six is no game it describes."""
    return s.players <= MAX_PLAYERS


@overview_players.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(False)  # it applies only to a count above six, which it forbids


# gf9 sets out games of two players (gf9:21) to six (gf9:17, 19) and none of one: its minimum is the overview's, which
# it keeps (gf9.position.larger-groups replaces only the maximum), and so do Dreamrules over it.


@rule(
    "overview.position.players-minimum",
    on="position",
    cites="overview:3",
    see_also="gf9:19,21",
    title="A game has at least two players",
    forbids=lambda s, _: (
        f"The position gives {_players_word(s.players)}: the game has at least two players (2-6 players, overview:3)."
    ),
    when=lambda s: s.players_given and s.players < MIN_PLAYERS,
    one_sided="it judges only a position giving fewer than two players (a game of two or more is the ordinary case "
    "every other rule checks)",
)
def overview_players_minimum(s: PositionFacts) -> bool:
    """The game is for two players or more (overview:3 "2-6"; gf9 sets out two-player games as its fewest, gf9:21):
    a given count below two is no game the texts describe."""
    return s.players >= MIN_PLAYERS


@overview_players_minimum.z3
def _(_v: Any) -> z3.BoolRef:
    return z3.BoolVal(False)  # it applies only to a given count below two, which it forbids


# overview:57 "... Cannot ship/move into storm sectors or strongholds with 2+ other players already present."
# Derived: no third player can arrive, so outside Shipment and Movement (when players arrive) no stronghold
# holds the forces of more than two players. (Advanced advisors, which do not count, are the fallback's:
# gf9:229; the position's occupancy already leaves them out.)

_H = len(STRONGHOLD_NAMES)


def _in(s: PositionFacts, h: int) -> list[str]:
    return [display(f) for i, f in enumerate(s.factions) if s.occ[i * _H + h]]


def _crowded(s: PositionFacts, _: dict[str, Any]) -> str:
    full = [h for h in range(_H) if len(_in(s, h)) > 2]
    return (
        "; ".join(f"{names(_in(s, h))} all have forces in {STRONGHOLD_NAMES[h]}" for h in full)
        + ": no player can ship or move into a stronghold with 2 other players already present."
    )


def _fullest_stronghold(s: PositionFacts, _: dict[str, Any]) -> str:
    h = max(range(_H), key=lambda h: len(_in(s, h)))
    if not _in(s, h):
        return "No stronghold holds forces: none can hold more than two players."
    fullest = f"{STRONGHOLD_NAMES[h]}: {names(_in(s, h))}"
    return f"No stronghold holds more than two players' forces (the fullest, {fullest})."


@rule(
    "overview.position.two-per-stronghold",
    on="position",
    cites="overview:57",
    title="No stronghold holds the forces of three players",
    forbids=_crowded,
    permits=_fullest_stronghold,
    needs=("phase_index",),
    when=lambda s: (
        s.phase_index != SHIPMENT_AND_MOVEMENT
        and (s.phase_index is not None or any(len(_in(s, h)) > 2 for h in range(_H)))
    ),
)
def overview_two_per_stronghold(s: PositionFacts) -> bool:
    """No player ships or moves into a stronghold where two others already are: outside Shipment and Movement,
    at most two players have forces in any stronghold."""
    n = len(s.factions)
    return all(sum(s.occ[f * _H + h] for f in range(n)) <= 2 for h in range(_H))


@overview_two_per_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.occ) // _H
    return all_of(z3.Sum([z3.If(v.occ[f * _H + h], 1, 0) for f in range(n)] or [z3.IntVal(0)]) <= 2 for h in range(_H))


HAND_LIMIT = 4  # overview:49, 104, 129
HARKONNEN_HAND_LIMIT = 8  # gf9:425, Harkonnen's Player Sheet


def _sheet_hand(h: int, hk: bool) -> bool:
    """A Harkonnen hand over four: its Player Sheet's limit judges it, not the standard four."""
    return hk and h > HAND_LIMIT


def _hands(s: PositionFacts, limit: int, harkonnen: bool) -> str:
    return ", ".join(
        f"{display(f)} holds {h}"
        for f, h, hk in zip(s.factions, s.f_hand, s.f_harkonnen, strict=True)
        if h > limit and hk == harkonnen
    )


def _within_four(s: PositionFacts) -> str:
    if not s.factions:
        return "Every hand holds at most four cards (no faction is listed)."
    if not any(g[2] for g in s.given):
        return "No hand is given: none exceeds the limit of four."
    hands = zip(s.factions, s.f_hand, s.f_harkonnen, s.given, strict=True)
    standard = [(h, f) for f, h, hk, g in hands if g[2] and not _sheet_hand(h, hk)]
    sheet = any(_sheet_hand(h, hk) for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True))
    if not standard:
        return "No hand but Harkonnen's is given: Harkonnen's, over four, is its Player Sheet's to judge."
    h, f = max(standard)
    fullest = f"the fullest given is {whose(f)}, {h} card{'s' if h != 1 else ''}"
    if sheet:
        return f"Every hand but Harkonnen's holds at most four cards ({fullest}); Harkonnen's is its sheet's to judge."
    return f"Every hand given holds at most four cards ({fullest})."


# overview:49  "... Declare hand sizes (limit: 4 cards). ..."
# overview:104 "Treachery Card limit: 4 cards maximum. ..."
# overview:129 "Hand Limit: 4 Treachery Cards"


@rule(
    "overview.position.hand-limit",
    on="position",
    cites="overview:104,129",
    see_also="overview:49",
    title="Hand limit: four Treachery Cards",
    forbids=lambda s, _: f"{_hands(s, HAND_LIMIT, False)}: the hand limit is four cards.",
    permits=lambda s, _: _within_four(s),
)
def overview_hand_limit(s: PositionFacts) -> bool:
    """No faction holds more than four Treachery Cards (a Harkonnen hand over four: its sheet, the next rule)."""
    return all(h <= HAND_LIMIT or hk for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True))


@overview_hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Or(h <= HAND_LIMIT, hk) for h, hk in zip(v.f_hand, v.f_harkonnen, strict=True))


# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets." -- the overview does not print Harkonnen's sheet; its ruleset reads GF9's:
# gf9:425 "Your hand limit is eight. ..."
# (gf9.position.hand-limit says both limits under gf9 and so stays out of the overview's ruleset, where the four is
# the overview's own: this rule is the sheet's eight alone, read where the overview defers.)


@rule(
    "overview.position.harkonnen-hand",
    on="position",
    cites="overview:105; gf9:425",
    see_also="overview:104",
    title="Harkonnen's hand over four: its Player Sheet's limit, eight (read from GF9)",
    forbids=lambda s, _: (
        f"{_hands(s, HARKONNEN_HAND_LIMIT, True)}: Harkonnen's hand limit, a faction advantage of its Player Sheet, "
        "is eight."
    ),
    permits=lambda s, _: (
        f"{_hands(s, HAND_LIMIT, True)}: over the standard four, within Harkonnen's own limit of eight (its Player "
        "Sheet, a faction advantage that overrides the standard rule)."
    ),
    when=lambda s: any(_sheet_hand(h, hk) for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True)),
)
def overview_harkonnen_hand(s: PositionFacts) -> bool:
    """Faction advantages override the standard four (overview:105), and Harkonnen's sheet sets its limit at eight
    (gf9:425, GF9's printed sheet, which the overview's ruleset reads)."""
    return all(h <= HARKONNEN_HAND_LIMIT for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True) if hk)


@overview_harkonnen_hand.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(hk, h <= HARKONNEN_HAND_LIMIT) for h, hk in zip(v.f_hand, v.f_harkonnen, strict=True))


# overview:86 "Formed only during a Nexus (triggered by Shai-Hulud). Max 2 players per Alliance. ..."


def _big_alliances(s: PositionFacts) -> str:
    return "; ".join(f"{side(a)} are {len(a)} in one alliance" for a in s.alliances if len(a) > 2)


@rule(
    "overview.position.alliance-size",
    on="position",
    cites="overview:86",
    title="At most two in an alliance",
    forbids=lambda s, _: f"{_big_alliances(s)}: an alliance has at most two players.",
    permits=lambda s, _: "Every alliance has two members: " + "; ".join(side(a) for a in s.alliances) + ".",
    when=lambda s: s.has_alliances,
)
def overview_alliance_size(s: PositionFacts) -> bool:
    """An alliance joins at most two players."""
    return all(k <= 2 for k in s.alliance_size)


@overview_alliance_size.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(k <= 2 for k in v.alliance_size)


# overview:41 "... After the first turn, Shai-Hulud triggers a Nexus — players may form or break Alliances."
# overview:86 "Formed only during a Nexus (triggered by Shai-Hulud). ..."
# No Nexus before turn two, so no alliance exists on turn 1, whatever the phase. A position that gives no turn is
# taken at its word that its alliances were formed at a Nexus (as overview.alliances.nexus-only takes a Nexus).
# GF9 and Dreamrules, which inherit the rule, say it again in their own words (their Nexus differs, the first turn's
# absence of one does not):
# gf9:107 "On the first turn, set every revealed Shai-Hulud card aside ... Those set-aside Shai-Hulud cards have no
#          effect and cause no Nexus. ..."
# gf9:131 "During a Nexus, players may discuss alliances, publicly break an existing alliance and form a new one. ..."
# dreamrules:232 "No card can cause a Nexus on turn one. ..."
# dreamrules:556 "... During a Nexus, any faction may leave its current alliance and form another. ..."
restates("gf9:107,131", "overview.position.no-alliance-turn-one")
restates("dreamrules:232,556", "overview.position.no-alliance-turn-one")


@rule(
    "overview.position.no-alliance-turn-one",
    on="position",
    cites="overview:41,86",
    see_also="overview:35,39",
    title="No alliance exists before the first Nexus (turn 2's Spice Blow and Nexus)",
    forbids=lambda s, _: (
        f"{'; '.join(side(a) for a in s.alliances)} {'are' if len(s.alliances) == 1 else 'are each'} allied on "
        + ("turn 1" if s.turn == 1 else "turn 2's Storm phase")
        + ": alliances are formed only during a Nexus, the first turn has none, and the next comes after the Storm."
    ),
    permits=lambda s, _: (
        f"It is turn {s.turn}: the alliances ({'; '.join(side(a) for a in s.alliances)}) were formed at a Nexus "
        "after the first turn's."
        if s.turn is not None
        else "The position gives no turn: its alliances are taken as formed at a Nexus after the first turn."
    ),
    when=lambda s: s.has_alliances,
)
def overview_no_alliance_turn_one(s: PositionFacts) -> bool:
    """Alliances are formed only during a Nexus, and the first Nexus comes after the first turn, in the second turn's
    Spice Blow and Nexus phase, after its Storm: a position of turn 1, or of turn 2's Storm phase, lists no alliance
    (one that gives no turn is taken to be of a later turn)."""
    return s.turn != 1 and not (s.turn == 2 and s.phase_index == 0)


@overview_no_alliance_turn_one.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.turn != 1, z3.Not(z3.And(v.turn == 2, v.phase_index == 0)))


# overview:86 "... Allies cannot enter each other's territories (except Polar Sink). ..."


def shared_territories(s: PositionFacts) -> str:
    """'Atreides and Fremen in The Great Flat; ...' for every pair of allies sharing a territory."""
    both = [(a, b, t) for (a, b, t), x, y in zip(s.ally_pairs, s.ally_a_in, s.ally_b_in, strict=True) if x and y]
    return "; ".join(f"{display(a)} and {display(b)} are both in {t}" for a, b, t in both)


def allies_kept_apart(s: PositionFacts) -> str:
    pairs = sorted({(a, b) for a, b, _ in s.ally_pairs} | {(a[0], a[1]) for a in s.alliances if len(a) == 2})
    return "; ".join(f"{display(a)} and {display(b)}" for a, b in pairs) or "the allies"


@rule(
    "overview.position.allies-apart",
    on="position",
    cites="overview:86",
    title="Allies do not share a territory (Polar Sink excepted)",
    forbids=lambda s, _: f"{shared_territories(s)}: allies cannot enter each other's territories.",
    permits=lambda s, _: f"{allies_kept_apart(s)} share no territory outside the Polar Sink.",
    needs=("phase_index",),
    when=lambda s: (
        s.has_alliances
        and (
            (s.phase_index is None and any(a and b for a, b in zip(s.ally_a_in, s.ally_b_in, strict=True)))
            or (s.phase_index or 0) > SHIPMENT_AND_MOVEMENT
        )
    ),
)
def overview_allies_apart(s: PositionFacts) -> bool:
    """Allies never stand in one territory, the Polar Sink aside (judged after Shipment and Movement)."""
    return not any(a and b for a, b in zip(s.ally_a_in, s.ally_b_in, strict=True))


@overview_allies_apart.z3
def overview_allies_apart_form(v: Any) -> z3.BoolRef:
    return z3.Not(any_of(z3.And(a, b) for a, b in zip(v.ally_a_in, v.ally_b_in, strict=True)))


# overview:69 "Check for winner (3 strongholds occupied). ..."
# overview:90 "Standard Win: Occupy 3 strongholds with at least 1 force during the Mentat Pause Phase."
# overview:92 "Alliance Win: Allied players jointly occupy 4 strongholds."
# overview:94 "2-3 Player Games: Need 4 strongholds to win."
# overview:98 "Strongholds: Arrakeen, Carthag, Sietch Tabr, Tuek's Sietch, Habbanya Sietch ..."
# The overview counts a stronghold as occupied by any force there; it says nothing of
# strongholds two sides still share, so it does not set them aside as gf9:319 does.


def _unit_need(s: PositionFacts, u: int) -> str:
    if s.unit_alliance[u]:
        return "an alliance needs 4"
    return f"a {s.players}-player game needs 4" if s.three_or_fewer else "a faction needs 3"


def _unit_holds(s: PositionFacts, u: int, where: list[str]) -> str:
    verb = "hold" if len(s.units[u]) > 1 else "holds"
    count = f"{len(where)} stronghold{'s' if len(where) != 1 else ''}"
    return f"{side(s.units[u])} {verb} {names(where)}, {count}" if where else f"{side(s.units[u])} {verb} none"


def _disputed_text(s: PositionFacts) -> str:
    where = disputed(s)
    if not where:
        return ""
    verb = "counts" if len(where) == 1 else "count"
    return f" ({names(where)}, shared by sides the storm kept from battle, {verb} for neither)"


def _overview_victory_message(s: PositionFacts, _: dict[str, Any]) -> str:
    wins = overview_qualifiers(s)
    if wins:
        who = [f for u in wins for f in s.units[u]]
        text = "; ".join(f"{_unit_holds(s, u, overview_held(s, u))}; {_unit_need(s, u)}" for u in wins)
        return f"{text}{_disputed_text(s)}: {side(who)} win{'s' if len(who) == 1 else ''}."
    if not s.units:
        return "No one wins: no faction is listed."
    best = max(range(len(s.units)), key=lambda u: len(overview_held(s, u)))
    return f"No one wins: {_unit_holds(s, best, overview_held(s, best))}{_disputed_text(s)}; {_unit_need(s, best)}."


def _prediction_due(s: PositionFacts) -> bool:
    """The Bene Gesserit predicted this turn a faction the overview's count makes a winner."""
    return s.bg_in_game and s.predicted >= 0 and s.prediction_turn_now and s.predicted in overview_qualifiers(s)


def _overview_victory_applies(s: PositionFacts) -> bool:
    return at_pause(s) and not (s.turn == LAST_TURN and not overview_qualifiers(s)) and not _prediction_due(s)


@rule(
    "overview.position.victory",
    on="position",
    cites="overview:90,92,94,96; gf9:101,323",
    # gf9:101 "... Two factions can therefore survive in the same stronghold while it is blocked; neither counts that
    #          disputed stronghold toward victory." -- read where two sides still share a stronghold at the Pause
    # overview:96 (turn ten), gf9:323 (the predicted turn): quoted where the turn, not given, is what it waits on
    cite_when={
        "gf9:101": lambda s: bool(disputed(s)),
        "overview:96": lambda s: bool(s.players_known) and s.ov_turn_known is None and "overview:96" in s.turn_matters,
        "gf9:323": lambda s: (
            s.ov_prediction_known is None
            or (bool(s.players_known) and s.ov_turn_known is None and "gf9:323" in s.turn_matters)
        ),
    },
    see_also="overview:3,33,69,98,121,125",
    title="Victory at the Mentat Pause: three strongholds, four for an alliance or in a two- or three-player game",
    permits=_overview_victory_message,
    # the Bene Gesserit's prediction may take the win (its sheet)
    needs=("players_known", "ov_turn_known", "ov_prediction_known"),
    when=_overview_victory_applies,
    defines=("winner",),
    one_sided="an outcome rule: it names the winner (or none) and never forbids",
)
def overview_victory(s: PositionFacts) -> dict[str, Any]:
    """A faction occupying three strongholds wins, an alliance four between its members; in a game of two
    or three players everyone needs four. Every qualifier shares the win (the overview sets no tie-break). A
    stronghold two sides share (the storm kept them from battle) counts for neither (gf9:101, where the overview is
    silent)."""
    n = len(s.factions)
    wins = overview_qualifiers(s)
    return {"winner": winner_value(s, [any(s.member[u * n + f] for u in wins) for f in range(n)])}


def _qualifies(v: Any, u: int) -> Any:
    """Unit ``u`` occupies the strongholds the overview's count needs (a member's force, and no one else's)."""
    n, h = len(v.won), len(STRONGHOLD_NAMES)
    count = [
        z3.If(
            z3.And(
                any_of(z3.And(v.member[u * n + f], v.occ[f * h + k]) for f in range(n)),
                z3.Not(any_of(z3.And(z3.Not(v.member[u * n + f]), v.occ[f * h + k]) for f in range(n))),
            ),
            1,
            0,
        )
        for k in range(h)
    ]
    needed = z3.If(z3.Or(v.unit_alliance[u], v.three_or_fewer), 4, 3)
    return z3.Sum(count or [z3.IntVal(0)]) >= needed


@overview_victory.z3
def _(v: Any) -> z3.BoolRef:
    n = len(v.won)
    qualifies = [_qualifies(v, u) for u in range(len(v.unit_alliance))]
    return all_of(v.won[f] == any_of(z3.And(v.member[u * n + f], q) for u, q in enumerate(qualifies)) for f in range(n))


# overview:96 "Turn Limit: If no one wins by end of turn 10, the game ends (no winner, or apply
#             faction-specific alternate win conditions in the Advanced Game)."


@rule(
    "overview.position.turn-limit",
    on="position",
    cites="overview:96",
    see_also="overview:69",
    title="Turn ten with no winner: the Basic game ends with no winner",
    permits=lambda s, _: (
        "Turn 10 ends with no one holding the strongholds it needs: the Basic game ends with no winner."
    ),
    when=lambda s: at_pause(s) and s.turn == LAST_TURN and not s.advanced and not overview_qualifiers(s),
    defines=("winner",),
    one_sided="an outcome rule: it names no winner and never forbids",
    needs=("players_known",),
)
def overview_turn_limit(s: PositionFacts) -> dict[str, Any]:
    """If no one has won by the end of turn ten, the Basic game ends with no winner."""
    return {"winner": "none"}


@overview_turn_limit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(any_of(v.won))


# overview:96 "... (no winner, or apply faction-specific alternate win conditions in the Advanced Game)." -- the
#             alternate conditions are the factions' sheets, which the overview's ruleset reads from GF9:
# gf9:403 "... Your ally shares your special victory."
# gf9:405 "At the end of the last turn, if no normal victory occurred, your special victory requires Sietch Tabr and
#          Habbanya Sietch to be occupied only by you or nobody, and Tuek's Sietch not to be occupied by Atreides,
#          Harkonnen or Emperor. Allies do not become Fremen for this test. ..."
# gf9:441 "If no one has won when the game ends and the Fremen special victory does not apply, you and your ally win.
#          ..."
# Where neither applies, whether the game ends with no winner or GF9's printed fallback (gf9:325, no sheet's) decides
# is left open (overview.position.alternate-wins). (gf9's own end-game rules check these in every game, over GF9's
# count of strongholds, and so stay out of the overview's ruleset: gf9's layer removes these two.)


def _advanced_end(s: PositionFacts) -> bool:
    """The Mentat Pause of the Advanced game's turn ten, with no one holding the strongholds it needs."""
    return at_pause(s) and s.turn == LAST_TURN and s.advanced and not overview_qualifiers(s)


def _fremen_wins(s: PositionFacts) -> bool:
    return _advanced_end(s) and "fremen" in s.factions and not fremen_breaches(s)


def _guild_wins(s: PositionFacts) -> bool:
    return _advanced_end(s) and "spacing-guild" in s.factions and not _fremen_wins(s)


def _winners(s: PositionFacts, faction: str) -> list[bool]:
    return with_allies(s, s.factions.index(faction))


def _won_message(s: PositionFacts, faction: str, why: str) -> str:
    who = [f for f, w in zip(s.factions, _winners(s, faction), strict=True) if w]
    return (
        f"Turn 10 of the Advanced game ends with no one holding the strongholds it needs; {why}: {side(who)} "
        f"win{'s' if len(who) == 1 else ''} (a faction-specific alternate win condition, its Player Sheet)."
    )


def fremen_condition_form(v: Any) -> Any:
    """The Fremen special condition (gf9:405) over the solver's variables."""
    n = len(v.won)
    return all_of(
        z3.And(
            z3.Implies(z3.Not(v.is_fremen[f]), z3.And(z3.Not(v.occ[f * _H + TABR]), z3.Not(v.occ[f * _H + HABBANYA]))),
            z3.Implies(v.tuek_barred[f], z3.Not(v.occ[f * _H + TUEK])),
        )
        for f in range(n)
    )


def with_allies_form(v: Any, marks: list[Any]) -> list[Any]:
    """Per faction: marked, or allied to a marked faction."""
    n = len(v.won)
    return [z3.Or(marks[g], any_of(z3.And(marks[f], v.allied[f * n + g]) for f in range(n))) for g in range(n)]


@rule(
    "overview.position.fremen-special",
    on="position",
    cites="overview:96; gf9:403,405",
    title="Advanced turn ten with no winner: the Fremen special victory (its Player Sheet, read from GF9)",
    permits=lambda s, _: _won_message(
        s,
        "fremen",
        "no one but Fremen occupies Sietch Tabr or Habbanya Sietch, and no Atreides, Harkonnen or Emperor force is "
        "in Tuek's Sietch",
    ),
    when=_fremen_wins,
    defines=("winner",),
    one_sided="an outcome rule: it names the winners and never forbids",
    needs=("players_known",),
)
def overview_fremen_special(s: PositionFacts) -> dict[str, Any]:
    """At the end of the Advanced game's turn ten with no winner, the Fremen's alternate win condition (overview:96):
    Sietch Tabr and Habbanya Sietch held by no one but the Fremen, Tuek's Sietch by no Atreides, Harkonnen or
    Emperor; the Fremen and its ally win (gf9:403, 405)."""
    return {"winner": winner_value(s, _winners(s, "fremen"))}


@overview_fremen_special.z3
def _(v: Any) -> z3.BoolRef:
    winners = with_allies_form(v, list(v.is_fremen))
    return z3.Implies(fremen_condition_form(v), all_of(w == x for w, x in zip(v.won, winners, strict=True)))


@rule(
    "overview.position.guild-special",
    on="position",
    cites="overview:96; gf9:441",
    title="Advanced turn ten with no winner and no Fremen victory: the Spacing Guild's (its Player Sheet, from GF9)",
    permits=lambda s, _: _won_message(
        s,
        "spacing-guild",
        "the Fremen special victory does not apply"
        + (f" ({names(fremen_breaches(s))})" if "fremen" in s.factions else " (the Fremen are not in the game)"),
    ),
    needs=("players_known", "roster_known"),  # an unlisted player may be the Fremen, whose victory comes first
    when=_guild_wins,
    defines=("winner",),
    one_sided="an outcome rule: it names the winners and never forbids",
)
def overview_guild_special(s: PositionFacts) -> dict[str, Any]:
    """At the end of the Advanced game's turn ten with no winner and no Fremen special victory, the Spacing Guild's
    alternate win condition (overview:96): it and its ally win (gf9:441)."""
    return {"winner": winner_value(s, _winners(s, "spacing-guild"))}


@overview_guild_special.z3
def _(v: Any) -> z3.BoolRef:
    winners = with_allies_form(v, list(v.is_guild))
    return all_of(w == x for w, x in zip(v.won, winners, strict=True))


gap(
    "overview.position.alternate-wins",
    on="position",
    cites="overview:96",
    title="Turn ten with no winner in the Advanced game, and no Fremen or Guild victory",
    reason="no one holds the strongholds it needs at the end of turn 10 of the Advanced game, and neither the "
    "Fremen's nor the Guild's alternate win condition applies (their sheets, gf9:405, 441): overview:96 ends the game "
    "with no winner or applies faction-specific conditions, and whether GF9's printed fallback (gf9:325, no faction's "
    "sheet) is one of them is not said",
    when=lambda s: _advanced_end(s) and not _fremen_wins(s) and "spacing-guild" not in s.factions,
)


# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets." -- the Bene Gesserit's prediction is such an ability; the overview's ruleset reads
#              its sheet from GF9:
# gf9:323 "Bene Gesserit's correct faction-and-turn prediction replaces the predicted normal victory with a sole
#          Bene Gesserit win. ..."
# gf9:361 "... If that faction earns a normal victory, alone or in an alliance, on the chosen turn, reveal your
#          prediction and win alone instead. ..."
# The normal victory it replaces is the overview's own (overview:90-94). (gf9.position.bg-prediction says the same over
# GF9's count of strongholds and so stays out of the overview's ruleset: this rule reads the sheet over the overview's.)


def _prediction_message(s: PositionFacts, _: dict[str, Any]) -> str:
    assert s.prediction is not None
    faction, turn = s.prediction
    u = s.predicted
    return (
        f"Bene Gesserit predicted {display(faction)} on turn {turn}, and {_unit_holds(s, u, overview_held(s, u))}, a "
        f"normal victory ({_unit_need(s, u)}): by its Player Sheet, Bene Gesserit wins alone instead."
    )


@rule(
    "overview.position.prediction",
    on="position",
    cites="overview:105; gf9:323,361",
    see_also="overview:90,92,94",
    title="A correct Bene Gesserit prediction: the Bene Gesserit win alone (its Player Sheet, read from GF9)",
    permits=_prediction_message,
    when=lambda s: at_pause(s) and _prediction_due(s),
    defines=("winner",),
    one_sided="an outcome rule: it names the winner and never forbids",
    needs=("players_known",),
)
def overview_prediction(s: PositionFacts) -> dict[str, Any]:
    """When the faction the Bene Gesserit predicted wins normally by the overview's count on the predicted turn (alone
    or allied), the Bene Gesserit win alone instead: a faction advantage (overview:105) its sheet gives (gf9:361)."""
    return {"winner": winner_value(s, list(s.is_bg))}


@overview_prediction.z3
def _(v: Any) -> z3.BoolRef:
    right = z3.And(
        v.bg_in_game,
        v.prediction_turn_now,
        any_of(z3.And(v.predicted == u, _qualifies(v, u)) for u in range(len(v.unit_alliance))),
    )
    return all_of(w == z3.And(bg, right) for w, bg in zip(v.won, v.is_bg, strict=True))
