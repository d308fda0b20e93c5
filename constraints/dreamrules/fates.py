"""Dreamrules: three Fates played with the matching worthless card (a ``play``): Arrakis Fiefdom (Atreides), Stone
Burner (Bene Tleilax) and Defect (the Ixians).

A Fate is activated once per game by playing the worthless card its faction's Fate Indicator matches
(dreamrules:734: dreamrules.cards.fate-once and fate-matching, constraints/dreamrules/cards.py); its timing and effect
are in the faction's chapter. The play names what the Fate acts on: Arrakis Fiefdom's three-spice mine
(``move.territory``, ``move.sector``), Stone Burner's territory (``move.territory``), Defect's card
(``move.defects``). The other Fates' plays stay open (dreamrules.cards.fate); Prison Planet is a revival
(constraints/dreamrules/revival.py). "Battle step 3", which two of these Fates' timing names, is not numbered in the
text's battle chapter (it prints steps 6 and 8 only, dreamrules:480, 484): a play in the Battle phase that turns on
it is unresolved.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.play import PlayFacts, phase_title
from checker.arrakis.position import BATTLE, SHIPMENT_AND_MOVEMENT
from checker.rules import chapter, gap, rule

chapter("play", "dreamrules:1052,1182,1228")

FIEFDOM, STONE_BURNER, DEFECT = 1, 2, 3


def _matched(s: PlayFacts, kind: int) -> bool:
    """The faction's own worthless card is played as its Fate (not as a Karama)."""
    return s.fate_kind == kind


# -- Arrakis Fiefdom -------------------------------------------------------------------------------
# dreamrules:1052 "Your Fate, Arrakis Fiefdom, may be played before Ship & Move. Gain the Carryall Tech Token, which
#                  you cannot lose. It triggers when a spice mine sends troops to reserves. You may also place a
#                  three-spice mine in a sand territory without a Spice Blow marker."
# dreamrules:296  "Arrakis Fiefdom can create a three-spice mine in a sand territory without a Spice Blow marker. ..."
# dreamrules:104  "... When its card appears, use the printed Spice Blow marker and sector on the playing board. ..."


@rule(
    "dreamrules.fates.fiefdom-timing",
    on="play",
    cites="dreamrules:1052",
    title="Arrakis Fiefdom is played before Ship & Move",
    forbids=lambda s, _o: (
        f"Atreides plays Arrakis Fiefdom in {phase_title(s.phase_index)}: the Fate may be played before Ship & Move."
    ),
    permits=lambda s, _o: (
        f"Atreides plays Arrakis Fiefdom in {phase_title(s.phase_index)}, before Ship & Move: it gains the Carryall "
        "tech token, which it cannot lose."
    ),
    needs=("phase_index", "fate_match"),
    when=lambda s: _matched(s, FIEFDOM) and (s.phase_index is None or s.phase_index <= SHIPMENT_AND_MOVEMENT),
)
def fiefdom_timing(s: PlayFacts) -> bool:
    """Arrakis Fiefdom is played before the Shipment and Movement phase (in it, it is too late)."""
    return s.phase_index is not None and s.phase_index < SHIPMENT_AND_MOVEMENT


@fiefdom_timing.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index < SHIPMENT_AND_MOVEMENT


gap(
    "dreamrules.fates.fiefdom-after-movement",
    on="play",
    cites="dreamrules:1052",
    title="Arrakis Fiefdom after this turn's Shipment and Movement",
    reason="Atreides plays Arrakis Fiefdom after this turn's Shipment and Movement phase: dreamrules:1052 allows it "
    "'before Ship & Move', and does not say whether a later phase of the turn counts, before the next turn's",
    when=lambda s: _matched(s, FIEFDOM) and s.phase_index is not None and s.phase_index > SHIPMENT_AND_MOVEMENT,
)


def _site(s: PlayFacts, _o: dict[str, Any]) -> str:
    if not s.fate_sand:
        return f"{s.fate_territory} is not sand: Arrakis Fiefdom places its mine in a sand territory."
    return (
        f"{s.fate_territory} has a printed Spice Blow marker: Arrakis Fiefdom places its mine in a sand territory "
        "without one."
    )


@rule(
    "dreamrules.fates.fiefdom-mine",
    on="play",
    cites="dreamrules:296,1052",
    see_also="dreamrules:104",
    title="Arrakis Fiefdom's mine: a sand territory without a Spice Blow marker",
    forbids=_site,
    permits=lambda s, _o: (
        f"Atreides places a three-spice mine in {s.fate_territory}, a sand territory without a Spice Blow marker."
    ),
    when=lambda s: _matched(s, FIEFDOM) and s.fate_sand is not None,
)
def fiefdom_mine(s: PlayFacts) -> bool:
    """The three-spice mine goes in a sand territory with no printed Spice Blow marker (the fifteen territories of
    dreamrules:104 have one)."""
    return bool(s.fate_sand) and not s.fate_blow_site


@fiefdom_mine.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.fate_sand, z3.Not(v.fate_blow_site))


# -- Stone Burner ----------------------------------------------------------------------------------
# dreamrules:1182 "Your Fate, Stone Burner, prevents all troops in one territory from being spice dialed for the rest
#                  of the phase, including Fremen. Play it during battle before step 3."


@rule(
    "dreamrules.fates.stone-burner-battle",
    on="play",
    cites="dreamrules:1182",
    title="Stone Burner is played during battle",
    forbids=lambda s, _o: (
        f"Bene Tleilax plays Stone Burner in {phase_title(s.phase_index)}: the Fate is played during battle."
    ),
    permits="Bene Tleilax plays Stone Burner in the Battle phase.",
    needs=("phase_index", "fate_match"),
    when=lambda s: _matched(s, STONE_BURNER),
)
def stone_burner_battle(s: PlayFacts) -> bool:
    """Stone Burner is played in the Battle phase (before step 3: dreamrules.fates.stone-burner-step)."""
    return s.phase_index == BATTLE


@stone_burner_battle.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == BATTLE


gap(
    "dreamrules.fates.stone-burner-step",
    on="play",
    cites="dreamrules:1182",
    see_also="dreamrules:480,484",
    title="Stone Burner before battle step 3",
    reason="Bene Tleilax plays Stone Burner in the Battle phase: dreamrules:1182 allows it before battle step 3, "
    "the text's battle chapter numbers no step 3 (it prints steps 6 and 8), and the position does not say how far "
    "the battle has gone",
    when=lambda s: _matched(s, STONE_BURNER) and s.phase_index == BATTLE,
)


# -- Defect ----------------------------------------------------------------------------------------
# dreamrules:1228 "Your Fate, Defect, prevents a special card from being used for the whole turn. Play it in advance or
#                  when a faction attempts to use that card, returning it to their hand. To stop Mercenaries or a
#                  special weapon or defense, act before battle plans are made. You cannot play Defect during battle
#                  step 3."
# dreamrules:1152 "... Name special cards such as Lasgun or Weirding Way specifically. ..."
# dreamrules:746  "Supplies is played in the pre-battle window to obtain a temporary cache of four basic cards: poison
#                  weapon, projectile weapon, Shield and Snooper. ..."


@rule(
    "dreamrules.fates.defect-special",
    on="play",
    cites="dreamrules:1228",
    see_also="dreamrules:746,1152",
    title="Defect stops a special card, not a basic one",
    forbids=lambda s, _o: (
        f"{s.defect_card} is a basic card (a poison or projectile weapon, a Shield or a Snooper): Defect stops a "
        "special card."
    ),
    permits=lambda s, _o: f"Defect keeps {s.defect_card}, a special card, from being used for the whole turn.",
    needs=("defect_class",),
    when=lambda s: _matched(s, DEFECT) and s.defect_class != 3,
)
def defect_special(s: PlayFacts) -> bool:
    """Defect names a special card (Lasgun, Weirding Way and Mercenaries are called so); the basic cards, poison and
    projectile weapons, Shield and Snooper, are not special."""
    return s.defect_class == 1


@defect_special.z3
def _(v: Any) -> z3.BoolRef:
    return v.defect_class == 1


gap(
    "dreamrules.fates.defect-unnamed-card",
    on="play",
    cites="dreamrules:1228",
    see_also="dreamrules:746,1152",
    title="Defect naming a card the text calls neither special nor basic",
    reason="Defect names a card the text calls neither special (it names Lasgun, Weirding Way and Mercenaries, "
    "dreamrules:1152, 1228) nor basic (poison and projectile weapons, Shield, Snooper, dreamrules:746): whether it "
    "is a special card Defect may stop is not said",
    when=lambda s: _matched(s, DEFECT) and s.defect_class == 3,
    explain=lambda s: (
        f"Defect names {s.defect_card}, which the text calls neither special (Lasgun, Weirding Way, Mercenaries: "
        "dreamrules:1152, 1228) nor basic (dreamrules:746): whether Defect may stop it is not said"
    ),
)


@rule(
    "dreamrules.fates.defect-timing",
    on="play",
    cites="dreamrules:1228",
    title="Defect is played in advance or when the card is used, never at battle step 3",
    permits=lambda s, _o: (
        f"The Ixians play Defect in {phase_title(s.phase_index)}: in advance of the card's use, not at battle step 3."
    ),
    needs=("phase_index", "fate_match"),
    when=lambda s: _matched(s, DEFECT) and s.phase_index != BATTLE,
    one_sided="outside the Battle phase nothing in its timing forbids it; in that phase the step decides "
    "(dreamrules.fates.defect-battle)",
)
def defect_timing(s: PlayFacts) -> bool:
    """Defect may be played in advance, or when a faction attempts to use the card; only battle step 3 is barred."""
    return True


@defect_timing.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index != BATTLE


gap(
    "dreamrules.fates.defect-battle",
    on="play",
    cites="dreamrules:1228",
    see_also="dreamrules:480,484",
    title="Defect in the Battle phase: not at battle step 3",
    reason="the Ixians play Defect in the Battle phase: dreamrules:1228 bars battle step 3 (and asks for Mercenaries "
    "or a special weapon or defense to be stopped before battle plans are made), the text's battle chapter numbers "
    "no step 3, and the position does not say how far the battle has gone",
    when=lambda s: _matched(s, DEFECT) and s.phase_index == BATTLE,
)
