"""Overview, Phase 7: Battle (the lines the GF9 text does not restate)."""

from __future__ import annotations

from typing import Any

import z3

from checker.kinds.battle import SIDES, BattleFacts
from checker.names import display
from checker.rules import chapter, gap, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("battle", "overview:59-61,73-82,106,123")

# overview:61 "Wherever 2+ players occupy the same territory, battles occur. ... Each player dials forces
#             on the Battle Wheel, plays a leader (required if available) or cheap hero, and optionally
#             plays Weapon/Defense Treachery Cards. ..."


def _dial_ok(s: BattleFacts, x: str) -> bool:
    dial_h = getattr(s, f"{x}_dial_h")
    return dial_h % 2 == 0 and 0 <= dial_h // 2 <= getattr(s, f"{x}_forces") + getattr(s, f"{x}_special")


@rule(
    "overview.battle.dial",
    on="battle",
    cites="overview:61",
    title="Basic: dial a whole number from zero to the forces in the territory",
    forbids=lambda s, _o: " ".join(
        f"{display(getattr(s, f'{x}_name'))} dials {s.fmt()[f'{x}_dial']} with "
        f"{getattr(s, f'{x}_forces') + getattr(s, f'{x}_special')} forces in {s.territory}: a dial is a whole number "
        "from zero to the forces there."
        for x in SIDES
        if not _dial_ok(s, x)
    ),
    permits="{A} dials {a_dial} of {a_forces} forces, {D} {d_dial} of {d_forces}.",
    needs=("a_dial_h", "d_dial_h"),
    when=lambda s: not s.advanced,
)
def dial_forces(s: BattleFacts) -> bool:
    """A player dials a number of its forces in the territory: whole, at least zero, at most all of them."""
    return all(_dial_ok(s, x) for x in SIDES)


@dial_forces.z3
def _(v: Any) -> Any:
    return z3.And(
        *(
            z3.And(
                getattr(v, f"{x}_dial_h") % 2 == 0,
                getattr(v, f"{x}_dial_h") >= 0,
                getattr(v, f"{x}_dial_h") <= 2 * (getattr(v, f"{x}_forces") + getattr(v, f"{x}_special")),
            )
            for x in SIDES
        )
    )


def _leads_ok(s: BattleFacts, x: str) -> bool:
    return bool(getattr(s, f"{x}_leader") or getattr(s, f"{x}_ch") or getattr(s, f"{x}_leaders_available") == 0)


@rule(
    "overview.battle.leader-required",
    on="battle",
    cites="overview:61",
    title="A leader is required if available, or a Cheap Hero",
    forbids=lambda s, _o: " ".join(
        f"{display(getattr(s, f'{x}_name'))} plays no leader or cheap hero though it has "
        f"{getattr(s, f'{x}_leaders_available')} leaders available."
        for x in SIDES
        if not _leads_ok(s, x)
    ),
    permits="Each side plays a leader or Cheap Hero, or has none available.",
)
def leader_required(s: BattleFacts) -> bool:
    """Each player plays a leader if one is available, or a Cheap Hero."""
    return all(_leads_ok(s, x) for x in SIDES)


@leader_required.z3
def _(v: Any) -> Any:
    return z3.And(
        *(
            z3.Or(getattr(v, f"{x}_leader"), getattr(v, f"{x}_ch"), getattr(v, f"{x}_leaders_available") == 0)
            for x in SIDES
        )
    )


# overview:61  "... Reveal simultaneously. Higher total (forces dialed + leader strength) wins. Tie goes to
#              aggressor. Loser loses all forces in territory and discards played cards. Winner loses only
#              forces dialed. Killed leaders go to Tleilaxu Tanks; winner receives their spice value."
# overview:123 "Battle: Forces dialed + Leader strength; higher wins (ties: aggressor wins)"
# The overview's resolution is not encoded yet: a legal pair of plans gets no winner, losses or spice,
# so the answer is unresolved rather than a legal verdict with an empty outcome.
gap(
    "overview.battle.resolution",
    on="battle",
    cites="overview:61,123",
    see_also="overview:75-76,82",
    title="The overview's battle resolution (winner, losses, leaders killed, spice) is not encoded yet",
    reason="the overview's battle resolution (overview:61, 123: totals, the aggressor's tie, losses, killed "
    "leaders and their spice) is not encoded yet; the gf9 ruleset resolves this battle",
    when=lambda s: True,
)
