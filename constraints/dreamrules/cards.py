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

from checker.arrakis.kinds.battle import SUPPLIES_CACHE
from checker.arrakis.kinds.play import PlayFacts
from checker.arrakis.kinds.position import PositionFacts, names
from checker.arrakis.position import BATTLE, PHASES
from checker.facts import all_of
from checker.names import display
from checker.rules import chapter, restates, rule, set_aside

chapter("play", "dreamrules:704-774")
chapter("position", "dreamrules:746,750")

set_aside(
    "dreamrules:1374",
    "council question #1862 (the reconstructed Treachery deck's inventory: how many of each card): no answer Mentat "
    "gives counts a card's copies in the deck (hands are checked by name; the Supplies cache's four cards, kept "
    "outside the deck, by dreamrules:750), so none turns on it",
)
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
    explain: Any = None,
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
        explain=explain,
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


# -- the Supplies cache in a position -----------------------------------------------------------------------
# dreamrules:746 "Supplies is played in the pre-battle window to obtain a temporary cache of four basic cards: poison
#                 weapon, projectile weapon, Shield and Snooper. ... Return the cache cards at the end of Battle."
# dreamrules:750 "... The four Supplies cache cards are kept separate from the draw deck."


def _cache_holders(s: PositionFacts) -> str:
    return names(
        [
            f"{display(f)} holds {n} Supplies cache card{'s' if n > 1 else ''}"
            for f, n in zip(s.factions, s.f_cache, strict=True)
            if n
        ]
    )


@rule(
    "dreamrules.position.supplies-cache-battle",
    on="position",
    cites="dreamrules:746",
    title="Supplies cache cards are held only within the Battle phase",
    forbids=lambda s, _o: (
        f"{_cache_holders(s)} in the {PHASES[s.phase_index or 0]} phase: the cache is obtained in the pre-battle "
        "window and returned at the end of Battle."
    ),
    permits=lambda s, _o: f"{_cache_holders(s)} during the Battle phase, before the cache is returned.",
    needs=("phase_index",),
    when=lambda s: any(s.f_cache),
)
def supplies_cache_battle(s: PositionFacts) -> bool:
    """A Supplies cache card is in a hand only between Supplies' play in the pre-battle window and the end of
    Battle: a position in another phase holds none."""
    return s.phase_index == BATTLE


@supplies_cache_battle.z3
def _(v: Any) -> Any:
    return v.phase_index == BATTLE


def _cache_twice(s: PositionFacts) -> str:
    return names([f"{c} ({n} times)" for c, n in zip(SUPPLIES_CACHE, s.cache_copies, strict=True) if n > 1])


@rule(
    "dreamrules.position.supplies-cache-once",
    on="position",
    cites="dreamrules:746,750",
    title="The Supplies cache is four cards, one of each",
    forbids=lambda s, _o: f"The hands hold {_cache_twice(s)}: the Supplies cache is four cards, one of each.",
    permits="No Supplies cache card is held twice.",
    when=lambda s: any(s.cache_copies),
)
def supplies_cache_once(s: PositionFacts) -> bool:
    """The cache is four cards kept apart from the deck, one poison weapon, one projectile weapon, one Shield and
    one Snooper: no cache card is in the hands twice."""
    return all(n <= 1 for n in s.cache_copies)


@supplies_cache_once.z3
def _(v: Any) -> Any:
    return all_of(n <= 1 for n in v.cache_copies)


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
    title="Family Atomics: a target not named, or a sietch only advisors or troops near the storm activate",
    reason="Dreamrules also allows a single sietch as the target, with an activating troop inside or adjacent "
    "(dreamrules:760): the play names no target and the player has no troop qualifying it against the Shield Wall "
    "(the target is open), or names a sietch where its only troops inside or adjacent are Bene Gesserit advisors or "
    "stand next to it with the storm over one of the two territories (or the storm is not given): whether such "
    "troops activate it the text does not say",
    explain=lambda s: (
        f"{_who(s)}'s only troops in or next to {s.atomics_target} are advisors or stand next to it with the storm "
        f"over one of the two territories ({'no storm given' if s.storm is None else f'storm in sector {s.storm}'}): "
        "whether they activate Family Atomics against a sietch (dreamrules:760) the text does not say"
        if s.target_sietch
        else f"the play names no target (move.territory) and {_who(s)} has no troop qualifying it against the Shield "
        "Wall: a sietch may be the target (dreamrules:760), and which one is not given"
    ),
    when=lambda s: (
        s.is_atomics
        and (
            (s.target_sietch and s.sietch_troops > 0 and not s.sietch_fighters)
            or (not s.target_given and not _wall_ready(s))
        )
    ),
)


def _wall_target(s: PlayFacts) -> bool:
    """The play's target is the Shield Wall: named, or not named where a troop qualifies against it."""
    return s.is_atomics and (s.target_wall or (not s.target_given and _wall_ready(s)))


# dreamrules:758 "... Atomics destroys troops on the Shield Wall and removes its protection from Arrakeen, Carthag and
#                 the Imperial Basin."


def _destroyed_words(s: PlayFacts, _o: dict[str, Any]) -> str:
    if not s.wall_factions:
        return "No troop stands on the Shield Wall: Family Atomics destroys none."
    each = ", ".join(f"{display(f)} {n}" for f, n in zip(s.wall_factions, s.wall_forces, strict=True))
    return f"Family Atomics destroys the troops on the Shield Wall: {each}."


@rule(
    "dreamrules.cards.atomics-wall-destroys",
    on="play",
    cites="dreamrules:758",
    title="Family Atomics against the Shield Wall destroys the troops on it",
    permits=_destroyed_words,
    defines=("destroyed",),
    when=_wall_target,
    replaces="gf9.cards.atomics-destroys",
    one_sided="it says which troops are destroyed; it never forbids",
)
def atomics_wall_destroys(s: PlayFacts) -> dict[str, Any]:
    """Against the Shield Wall, every troop on it is destroyed, whoever's it is."""
    return {"destroyed": dict(zip(s.wall_factions, s.wall_forces, strict=True))}


@atomics_wall_destroys.z3
def _(v: Any) -> Any:
    return z3.And(z3.BoolVal(True), *(k == n for k, n in zip(v.killed, v.wall_forces, strict=True)))


@rule(
    "dreamrules.cards.atomics-wall-protection",
    on="play",
    cites="dreamrules:758",
    title="Family Atomics against the Shield Wall removes its protection",
    permits="The Shield Wall's protection is removed from Arrakeen, Carthag and the Imperial Basin (later positions "
    "give shield_wall: destroyed).",
    defines=("shield_wall",),
    when=_wall_target,
    replaces="gf9.cards.atomics-shield-wall",
    one_sided="it says what becomes of the Shield Wall; it never forbids",
)
def atomics_wall_protection(s: PlayFacts) -> dict[str, Any]:
    """Against the Shield Wall, Arrakeen, Carthag and the Imperial Basin lose its protection from the storm."""
    return {"shield_wall": "destroyed"}


@atomics_wall_protection.z3
def _(v: Any) -> Any:
    return v.wall_down


# dreamrules:760 "... That sietch becomes vulnerable to storm for the rest of the game. Playing Atomics on the sietch
#                 does not itself kill the troops inside. Remove Atomics from the game after use."
# Removing the card is GF9's rule (gf9:451), which this line says again.
restates("dreamrules:760", "gf9.cards.atomics-removed")


@rule(
    "dreamrules.cards.atomics-sietch-opened",
    on="play",
    cites="dreamrules:760",
    title="Family Atomics against a sietch opens it to the storm and kills no troop",
    permits=lambda s, _o: (
        f"{s.atomics_target} becomes vulnerable to the storm for the rest of the game (later positions list it in "
        "atomics_sietches); Family Atomics kills none of the troops inside, and the Shield Wall stands."
    ),
    defines=("atomics_sietches", "destroyed", "shield_wall"),
    when=lambda s: s.is_atomics and s.target_sietch,
    one_sided="it says what the play does; it never forbids",
)
def atomics_sietch_opened(s: PlayFacts) -> dict[str, Any]:
    """A sietch target is open to the storm for the rest of the game; the play kills no troop inside it and leaves the
    Shield Wall as it is."""
    return {"atomics_sietches": [s.atomics_target], "destroyed": {}, "shield_wall": "standing"}


@atomics_sietch_opened.z3
def _(v: Any) -> Any:
    return z3.And(v.sietch_opened, z3.Not(v.wall_down), *(k == 0 for k in v.killed))


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
