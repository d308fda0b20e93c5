"""Overview: what a position may hold (hand limit, allies apart)."""

from __future__ import annotations

from typing import Any

import z3

from checker.facts import all_of, any_of
from checker.kinds.position import MENTAT_PAUSE, SHIPMENT_AND_MOVEMENT, STRONGHOLD_NAMES, PositionFacts, winner_name
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("position", "overview:3,67-69,84-98,104-105,125,129")

# overview:49  "... Declare hand sizes (limit: 4 cards). ..."
# overview:104 "Treachery Card limit: 4 cards maximum. ..."
# overview:129 "Hand Limit: 4 Treachery Cards"
# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed
#              on Player Sheets." -- the overview does not print Harkonnen's own limit.


@rule(
    "overview.position.hand-limit",
    on="position",
    cites="overview:49,104,129",
    title="Hand limit: four Treachery Cards",
    forbids="Over the hand limit of four: {over_hand}.",
    permits="Every hand holds at most four cards.",
    when=lambda s: not any(hk and h > 4 for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True)),
)
def overview_hand_limit(s: PositionFacts) -> bool:
    """No faction holds more than four Treachery Cards (Harkonnen over four: see the next rule)."""
    return all(h <= 4 for h in s.f_hand)


@overview_hand_limit.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(h <= 4 for h in v.f_hand)


@rule(
    "overview.position.harkonnen-hand",
    on="position",
    cites="overview:104,105",
    title="Harkonnen's hand over four: its Player Sheet decides",
    status="unresolved",
    reason="Harkonnen holds more than four cards; overview:105 lets faction advantages override the limit, "
    "but the overview does not print Harkonnen's",
    when=lambda s: any(hk and h > 4 for h, hk in zip(s.f_hand, s.f_harkonnen, strict=True)),
    one_sided="an open question: it neither forbids nor permits",
)
def overview_harkonnen_hand(s: PositionFacts) -> bool:
    """Whether Harkonnen may hold more than four cards is on its Player Sheet, not in the overview."""
    return True


@overview_harkonnen_hand.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # never asked: an unresolved rule only names the open question


# overview:86 "... Allies cannot enter each other's territories (except Polar Sink). ..."


@rule(
    "overview.position.allies-apart",
    on="position",
    cites="overview:86",
    title="Allies do not share a territory (Polar Sink excepted)",
    forbids="Allies share a territory: {shared}.",
    permits="No allies share a territory outside the Polar Sink.",
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
# The overview counts a stronghold as occupied by any force there; it says nothing of
# strongholds two sides still share, so it does not set them aside as gf9:319 does.


@rule(
    "overview.position.victory",
    on="position",
    cites="overview:3,69,90,92,94,125",
    title="Victory at the Mentat Pause: three strongholds, four for an alliance or in a two- or three-player game",
    permits="Winner: {winner}.",
    when=lambda s: s.phase_index == MENTAT_PAUSE,
    defines=("winner",),
    one_sided="an outcome rule: it names the winner (or none) and never forbids",
)
def overview_victory(s: PositionFacts) -> dict[str, Any]:
    """A faction occupying three strongholds wins, an alliance four between its members; in a game of two
    or three players everyone needs four. Every qualifier shares the win (the overview sets no tie-break)."""
    n, h = len(s.factions), len(STRONGHOLD_NAMES)
    wins = []
    for u in range(len(s.units)):
        held = sum(1 for k in range(h) if any(s.member[u * n + f] and s.occ[f * h + k] for f in range(n)))
        wins.append(held >= (4 if s.unit_alliance[u] or s.three_or_fewer else 3))
    return {"winner": winner_name(s, wins, False)}


@overview_victory.z3
def _(v: Any) -> z3.BoolRef:
    n, h = len(v.f_board), len(STRONGHOLD_NAMES)
    out = [v.bg_wins == False]  # noqa: E712 - a z3 equation, not a Python comparison
    for u, w in enumerate(v.wins):
        held = [z3.If(any_of(z3.And(v.member[u * n + f], v.occ[f * h + k]) for f in range(n)), 1, 0) for k in range(h)]
        needed = z3.If(z3.Or(v.unit_alliance[u], v.three_or_fewer), 4, 3)
        out.append(w == (z3.Sum(held) >= needed))
    return all_of(out)
