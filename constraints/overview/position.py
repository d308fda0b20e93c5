"""Overview: what a position may hold (hand limit, allies apart)."""

from __future__ import annotations

from typing import Any

import z3

from checker.facts import all_of, any_of
from checker.kinds.position import SHIPMENT_AND_MOVEMENT, PositionFacts
from checker.rules import rule

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
def _(v: Any) -> z3.BoolRef:
    return z3.Not(any_of(z3.And(a, b) for a, b in zip(v.ally_a_in, v.ally_b_in, strict=True)))
