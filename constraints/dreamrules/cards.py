"""Dreamrules: Treachery Cards played outside a battle plan (``play``), as a delta over constraints/gf9/cards.py.

What Dreamrules adds or changes about a play: its own cards (Mercenaries and the Supplies cache go into a plan,
Supplies is played in the pre-battle window), Fates activated by a matching worthless card (dreamrules:734),
Family Atomics' second target, a single sietch (dreamrules:760), and the Tleilaxu Ghola text GF9 does not print
(dreamrules:768-770). Karama and Truthtrance are other chapters (dreamrules:772-983, 984-1034); Truthtrance's play is
encoded in constraints/dreamrules/truthtrance.py. Weather Control and Hajr are
GF9's rules unchanged (dreamrules:15, 1330).
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.play import BATTLE, PlayFacts
from checker.names import display
from checker.rules import chapter, rule, set_aside

chapter("play", "dreamrules:704-774")

set_aside(
    "dreamrules:732,736",
    "Fate Indicators are dealt at setup and exchanged in the Mentat phase: neither is the play of a card",
)
set_aside(
    "dreamrules:738",
    "no special faction Karama powers under dreamrules: a Karama play answers unresolved here "
    "(dreamrules.cards.karama), so no GF9 special Karama power is granted",
)
set_aside(
    "dreamrules:754",
    "Weather Control as GF9 plays it (gf9.cards.weather-*: gf9:93, 511); 'resolve it before Family Atomics' orders "
    "two plays of one Storm phase, and a position has no key for a card played earlier in the phase",
)
set_aside("dreamrules:764", "Hajr as GF9 plays it (gf9.cards.hajr-*: gf9:239, 241); Zensunni Path is a move question")


def _who(s: PlayFacts) -> str:
    return display(s.faction)


def _open(
    id: str,  # noqa: A002 - the rule's id is its name
    *,
    cites: str,
    title: str,
    reason: str,
    when: Any,
    replaces: str | tuple[str, ...] = (),
    see_also: str = "",
) -> None:
    """A gap (Mentat does not encode it yet) that may take the place of a GF9 rule answering the same play."""

    def check(_facts: Any) -> bool:
        return True

    check.__doc__ = f"Not encoded yet: {reason}"
    r = rule(
        id,
        on="play",
        cites=cites,
        see_also=see_also,
        title=title,
        status="gap",
        reason=reason,
        when=when,
        replaces=replaces,
        one_sided="a gap: it neither forbids nor permits, it makes the answer unresolved",
    )(check)
    r.z3(lambda _v: z3.BoolVal(True))


# -- Dreamrules' own cards ---------------------------------------------------------------------------
# dreamrules:742 "Mercenaries is played with a battle plan and uses none of its weapon, defense or leader slots. ..."
# dreamrules:746 "Supplies is played in the pre-battle window to obtain a temporary cache of four basic cards: ...
#                 They do not count toward your hand limit and are otherwise played as Treachery Cards. ..."


@rule(
    "dreamrules.cards.plan-only",
    on="play",
    cites="dreamrules:742,746",
    see_also="dreamrules:724,728",
    title="Mercenaries and the Supplies cache are played in a battle plan",
    forbids=lambda s, _o: f"{s.card} is played with a battle plan, not on its own (check a battle move).",
    when=lambda s: s.is_dr_plan_card,
    one_sided="it applies only to cards that go into a plan; it never permits",
)
def plan_only(s: PlayFacts) -> bool:
    """Mercenaries, the Supplies cache cards, Weirding Way and Chemistry are played in a battle plan."""
    return not s.is_dr_plan_card


@plan_only.z3
def _(v: Any) -> Any:
    return z3.Not(v.is_dr_plan_card)


@rule(
    "dreamrules.cards.supplies-window",
    on="play",
    cites="dreamrules:746",
    title="Supplies is played in the pre-battle window",
    forbids=lambda s, _o: (
        f"{_who(s)} plays Supplies in the {s.phase_name} phase: it is played in the pre-battle window."
    ),
    permits="Supplies is played in the Battle phase, before the battle: the four cache cards are lent until its end.",
    needs=("phase_index",),
    when=lambda s: s.is_supplies,
)
def supplies_window(s: PlayFacts) -> bool:
    """Supplies is played before a battle, in the Battle phase, to lend four basic cards until the end of Battle."""
    return s.phase_index == BATTLE


@supplies_window.z3
def _(v: Any) -> Any:
    return v.phase_index == BATTLE


_open(
    "dreamrules.cards.unlisted-card",
    cites="dreamrules:710,774",
    title="Break Conditioning and the Orange Catholic Bible outside a plan",
    reason="Break Conditioning's procedure is in a 'Special battle results' section this text does not print "
    "(dreamrules:774), and the Orange Catholic Bible's gift at the start of Bidding (dreamrules:710) is not a play "
    "Mentat encodes",
    when=lambda s: s.is_dr_other,
)

# -- Fates -----------------------------------------------------------------------------------------
# dreamrules:734 "If you hold the matching worthless Treachery Card, you may play it to activate your faction's Fate
#                 once per game. The faction chapter gives the permitted timing and effect. ..."

_open(
    "dreamrules.cards.fate",
    cites="dreamrules:734",
    see_also="dreamrules:1052,1138,1164,1182,1228",
    title="A worthless card may activate the faction's Fate",
    reason="a worthless card played outside a plan may activate the faction's Fate, once per game, when it matches "
    "the faction's Fate Indicator (dreamrules:734); each Fate's timing and effect (the faction chapters) is not "
    "encoded, and GF9's 'no free discard' (gf9:455) does not know Fates",
    when=lambda s: s.is_worthless and not s.as_karama,
    replaces="gf9.cards.worthless-no-discard",
)

# -- Karama and Truthtrance: other chapters, not encoded yet -----------------------------------------

_open(
    "dreamrules.cards.karama",
    cites="dreamrules:734,782",
    title="A worthless card played as a Karama power",
    reason="a worthless card played as_karama with karama_use: power: dreamrules:782 has no special faction Karama "
    "powers, and a Fate is activated with a matching worthless card (dreamrules:734); whether this play is the "
    "faction's Fate, whose timing and effect the faction chapters give, is not encoded (Karama's own uses: "
    "constraints/dreamrules/karama.py)",
    when=lambda s: s.karama and s.as_karama and s.karama_use == 1,
)

# Truthtrance: constraints/dreamrules/truthtrance.py (dreamrules.truthtrance.any-time).

# -- Family Atomics ----------------------------------------------------------------------------------
# dreamrules:758 "After turn one, play after the storm distance is calculated, before the storm moves. Against the
#                 Shield Wall, you need a troop there or in an adjacent territory. ..."
# dreamrules:760 "Dreamrules also allows a single sietch as the target, with an activating troop inside or adjacent.
#                 That sietch becomes vulnerable to storm for the rest of the game. ..."


def _wall_ready(s: PlayFacts) -> bool:
    return s.near_fighters > 0 and (s.connected_fighters or 0) > 0


@rule(
    "dreamrules.cards.atomics-wall",
    on="play",
    cites="dreamrules:758",
    see_also="gf9:501,507",
    title="Family Atomics against the Shield Wall: a troop on it or next to it",
    permits=lambda s, _o: f"{display(s.faction)} has troops on or next to the Shield Wall: {s.near_words}.",
    when=lambda s: s.is_atomics and _wall_ready(s),
    replaces=("gf9.cards.atomics-near-wall", "gf9.cards.atomics-advisors", "gf9.cards.atomics-storm-between"),
    one_sided="it applies where a troop qualifies for the Shield Wall; elsewhere a sietch may be the target "
    "(dreamrules.cards.atomics-sietch)",
)
def atomics_wall(s: PlayFacts) -> bool:
    """Against the Shield Wall the player needs a troop on it or in an adjacent territory (as GF9 counts them:
    a fighter, not cut off by the storm)."""
    return True


@atomics_wall.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


_open(
    "dreamrules.cards.atomics-sietch",
    cites="dreamrules:760",
    title="Family Atomics may target a single sietch",
    reason="the player has no troop qualifying it against the Shield Wall, and Dreamrules also allows a single sietch "
    "as the target, with an activating troop inside or adjacent (dreamrules:760): a play does not name its target, "
    "and the sietch target is not encoded",
    when=lambda s: s.is_atomics and not _wall_ready(s),
)

# -- Tleilaxu Ghola ------------------------------------------------------------------------------------
# dreamrules:768 "Revive one of your leaders or up to five of your troops without paying spice. These revivals do not
#                 use the normal per-turn allowance. Return revived troops to reserves."

_open(
    "dreamrules.cards.ghola",
    cites="dreamrules:768,770",
    title="Tleilaxu Ghola revives a leader or five troops for free",
    reason="Tleilaxu Ghola revives one leader or up to five troops without spice and outside the per-turn allowance "
    "(dreamrules:768); a play does not say what it revives, and its battle timing (before reveal, dreamrules:490, "
    "1332; the leader stays committed, dreamrules:770) is not encoded",
    when=lambda s: s.is_ghola,
    replaces="gf9.cards.ghola",
)
