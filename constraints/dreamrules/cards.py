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
from checker.rules import chapter, restates, rule, set_aside

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
# dreamrules:754 "After the first turn, play Weather Control during Storm after the normal distance is known and
#                 before the storm moves. It lets you choose a counterclockwise movement of zero to ten sectors
#                 instead. Resolve it before Family Atomics."
# Weather Control as GF9 plays it (gf9:93, 511): those rules' findings under dreamrules quote this line too.
# 'Resolve it before Family Atomics' orders two plays of one Storm phase: a position has no key for a card played
# earlier in the phase, so no answer turns on it.
restates(
    "dreamrules:754",
    "gf9.cards.weather-after-turn-one",
    "gf9.cards.weather-storm-phase",
    "gf9.cards.weather-before-storm-moves",
    "gf9.cards.weather-distance",
    "gf9.cards.weather-storm-distance",
    "gf9.cards.weather-storm-sector",
)
# dreamrules:764 "During Shipment and Movement, make an additional on-planet move, following normal movement
#                 restrictions. It may move the same group again or a different group. It does not provide another
#                 shipment. A Hajr move does not disqualify a faction from receiving Zensunni Path."
# Hajr as GF9 plays it (gf9:239, 241); Zensunni Path is a move question (dreamrules:422).
restates("dreamrules:764", "gf9.cards.hajr-phase", "gf9.cards.hajr-extra-movement")
# dreamrules:708 "A worthless card may fill either weapon or defense slot without effect. A matching card may instead
#                 activate your Fate at its permitted time. Bene Gesserit may use worthless cards as Karamas."
# The Bene Gesserit's Karama, GF9's rule unchanged (gf9:373, 459); the slots are restated in battle.py.
restates("dreamrules:708", "gf9.cards.worthless-karama-card", "gf9.cards.worthless-karama-faction")


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
    when=lambda s: s.is_worthless and not s.as_karama and not s.fate_kind,
    replaces="gf9.cards.worthless-no-discard",
)
# Arrakis Fiefdom, Stone Burner and Defect, whose plays are encoded: constraints/dreamrules/fates.py

# dreamrules:708 "... A matching card may instead activate your Fate at its permitted time. ..." A worthless card
# played outside a plan that cannot be the Fate is GF9's free discard, which it forbids (gf9:455).


def _whose(s: PlayFacts) -> str:
    return f"{_who(s)}'" if _who(s).endswith("s") else f"{_who(s)}'s"


def _plain_worthless(s: PlayFacts) -> bool:
    """A worthless card played outside a plan, not as a Karama, by a faction other than the Bene Gesserit (who may
    use one as a Karama, dreamrules:798)."""
    return bool(s.is_worthless and not s.as_karama and not s.is_bene_gesserit)


@rule(
    "dreamrules.cards.fate-once",
    on="play",
    cites="dreamrules:734",
    see_also="dreamrules:708; gf9:455",
    title="A worthless card activates the Fate once per game",
    forbids=lambda s, _o: (
        f"{_who(s)} has already used its Fate (factions.{s.faction}.fate_used): {s.card} cannot activate it again "
        "(once per game), and a worthless card is not otherwise played outside a plan."
    ),
    permits=lambda s, _o: f"{_who(s)} has not used its Fate yet.",
    when=_plain_worthless,
)
def fate_once(s: PlayFacts) -> bool:
    """The Fate is activated once per game: a worthless card played after it was used activates nothing."""
    return not s.fate_used


@fate_once.z3
def _(v: Any) -> Any:
    return z3.Not(v.fate_used)


@rule(
    "dreamrules.cards.fate-matching",
    on="play",
    cites="dreamrules:734",
    see_also="dreamrules:708; gf9:455",
    title="Only the matching worthless card activates the Fate",
    forbids=lambda s, _o: (
        f"{_whose(s)} Fate Indicator matches {s.fate_indicator}, not {s.card}: only the matching worthless card "
        "activates its Fate, and a worthless card is not otherwise played outside a plan."
    ),
    permits=lambda s, _o: f"{s.card} matches {_whose(s)} Fate Indicator.",
    when=lambda s: _plain_worthless(s) and s.fate_match is not None,
)
def fate_matching(s: PlayFacts) -> bool:
    """The worthless card played is the one the faction's Fate Indicator matches."""
    return bool(s.fate_match)


@fate_matching.z3
def _(v: Any) -> Any:
    return v.fate_match


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
    when=lambda s: s.is_atomics and _wall_ready(s) and not s.target_sietch,
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
    reason="Dreamrules also allows a single sietch as the target, with an activating troop inside or adjacent "
    "(dreamrules:760): the play names a sietch (move.territory), or names no target and the player has no troop "
    "qualifying it against the Shield Wall; the sietch target's effect (opened to the storm, no troop killed) is not "
    "encoded, nor whether an advisor or a troop cut off by the storm activates it",
    when=lambda s: s.is_atomics and (s.target_sietch or (not s.target_given and not _wall_ready(s))),
)


@rule(
    "dreamrules.cards.atomics-target",
    on="play",
    cites="dreamrules:758,760",
    title="Family Atomics targets the Shield Wall or a single sietch",
    forbids=lambda s, _o: (
        f"{s.atomics_target} is neither the Shield Wall nor a sietch: Family Atomics targets one of them "
        "(move.territory)."
    ),
    permits=lambda s, _o: f"Family Atomics targets {s.atomics_target}.",
    when=lambda s: s.is_atomics and s.target_given,
)
def atomics_target(s: PlayFacts) -> bool:
    """The target named is the Shield Wall (dreamrules:758) or a single sietch (dreamrules:760)."""
    return bool(s.target_wall or s.target_sietch)


@atomics_target.z3
def _(v: Any) -> Any:
    return z3.Or(v.target_wall, v.target_sietch)


@rule(
    "dreamrules.cards.atomics-wall-troop",
    on="play",
    cites="dreamrules:758",
    title="Family Atomics named against the Shield Wall: a troop there or adjacent",
    forbids=lambda s, _o: (
        f"{_who(s)} has no troop on the Shield Wall or in a territory next to it: against the Shield Wall, Family "
        "Atomics needs one."
    ),
    permits=lambda s, _o: f"{_who(s)} has troops on or next to the Shield Wall: {s.near_words}.",
    when=lambda s: s.is_atomics and s.target_wall,
)
def atomics_wall_troop(s: PlayFacts) -> bool:
    """Named against the Shield Wall, Family Atomics needs a troop of the player there or in an adjacent territory."""
    return s.near_forces > 0


@atomics_wall_troop.z3
def _(v: Any) -> Any:
    return v.near_forces > 0


_open(
    "dreamrules.cards.atomics-wall-uncounted",
    cites="dreamrules:758",
    see_also="gf9:501,507",
    title="Family Atomics against the Shield Wall with only advisors or troops cut off by the storm",
    reason="the play names the Shield Wall, and the player's troops on or next to it are Bene Gesserit advisors or "
    "cut off from it by the storm (or their sector is not given): dreamrules:758 asks only for 'a troop there or in "
    "an adjacent territory', and whether such troops count is not said",
    when=lambda s: s.is_atomics and s.target_wall and s.near_forces > 0 and not _wall_ready(s),
)


@rule(
    "dreamrules.cards.atomics-sietch-troop",
    on="play",
    cites="dreamrules:760",
    title="Family Atomics against a sietch: a troop inside or adjacent",
    forbids=lambda s, _o: (
        f"{_who(s)} has no troop in {s.atomics_target} or in a territory next to it: against a sietch, Family Atomics "
        "needs an activating troop inside or adjacent."
    ),
    permits=lambda s, _o: f"{_who(s)} has troops in {s.atomics_target} or next to it.",
    when=lambda s: s.is_atomics and s.target_sietch,
)
def atomics_sietch_troop(s: PlayFacts) -> bool:
    """Against a single sietch, an activating troop of the player is inside it or in an adjacent territory."""
    return s.sietch_troops > 0


@atomics_sietch_troop.z3
def _(v: Any) -> Any:
    return v.sietch_troops > 0


# -- Tleilaxu Ghola ------------------------------------------------------------------------------------
# dreamrules:768 "Revive one of your leaders or up to five of your troops without paying spice. These revivals do not
#                 use the normal per-turn allowance. Return revived troops to reserves."

_open(
    "dreamrules.cards.ghola",
    cites="dreamrules:768,770",
    title="Tleilaxu Ghola revives a leader or five troops for free",
    reason="Tleilaxu Ghola revives one leader or up to five troops without spice and outside the per-turn allowance "
    "(dreamrules:768), and the play does not say which: give move.leader, or move.count and move.special (the play "
    "is then answered as the revival it makes, the revive kind's dreamrules.revival.ghola-*)",
    when=lambda s: s.is_ghola,
    replaces="gf9.cards.ghola",
)
