"""GF9: Treachery Cards played outside a battle plan (Weather Control, Family Atomics, Hajr, Tleilaxu Ghola,
Truthtrance, Karama, and the cards that have no such play).

Each card's timing and condition, as its lines state them, and its effect where they state it. What a
card's effect sets going (the storm's losses, Hajr's extra movement, the action a cancelled advantage
allowed) is the question of that kind; a note says which. The Tleilaxu Ghola's text is not printed, so
its play is unresolved. The overview prints no card rules: a play under it is unresolved.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import z3

from checker.arrakis.kinds.play import (
    ADVANTAGE_WORDS,
    ADVANTAGES,
    ATTEMPTED,
    CANCELS_WORDS,
    NOT_CANCELLABLE,
    SECTORS,
    PlayFacts,
    phase_title,
    possessive,
)
from checker.arrakis.position import BATTLE, NEXUS, SHIPMENT_AND_MOVEMENT, SPICE_BLOW, STORM
from checker.facts import any_of
from checker.names import display
from checker.rules import chapter, gap, rule, set_aside

chapter("play", "gf9:93,183,197,239,241,253,355,417,445-511")

set_aside("gf9:447", "a component list: the deck's thirty-three cards and where expansion cards are described")
set_aside(
    "gf9:493",
    "what a Truthtrance answer binds the answering player to: a position has no key for a question or its answer",
)
set_aside(
    "gf9:495",
    "table conduct: answering 'I do not know', asking again, simultaneous Truthtrance plays in storm order",
)


def _who(s: PlayFacts) -> str:
    return display(s.faction)


def _whose(s: PlayFacts) -> str:
    name = display(s.faction)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# -- every card: it comes from the player's hand ------------------------------------------
# gf9:59  "During Bidding, everyone must disclose the number of Treachery Cards in their hand. Their identities
#          remain private. ..."
# gf9:455 "... to get it out of your hand through battle. ..."


@rule(
    "gf9.cards.in-hand",
    on="play",
    cites="gf9:59",
    see_also="gf9:455",
    title="A card played comes from the player's hand",
    forbids=lambda s, _o: f"{_who(s)} plays {s.card}, not in its hand ({s.hand_words}).",
    permits=lambda s, _o: f"{_who(s)} holds {s.card} ({s.hand_words}).",
    needs=("in_hand",),
)
def in_hand(s: PlayFacts) -> bool:
    """A Treachery Card is played from the player's hand: where the hand is listed it must hold the card (a hand
    given as a count leaves the question open)."""
    return bool(s.in_hand)


@in_hand.z3
def _(v: Any) -> z3.BoolRef:
    return v.in_hand


# -- cards with no play outside a battle plan -----------------------------------------------
# gf9:253 "... Cards played outside the plan follow their own timing."
# gf9:457 "A Cheap Hero fills the leader position with zero strength. ..."


@rule(
    "gf9.cards.outside-plan",
    on="play",
    cites="gf9:253",
    see_also="gf9:271,273,457",
    title="Weapons, defenses and Cheap Heroes are played in a battle plan",
    forbids=lambda s, _o: (
        f"{s.card} has no timing of its own outside a battle plan: it is played in a plan (check a battle move)."
    ),
    when=lambda s: s.is_plan_card,
    one_sided="it applies only to cards that go into a plan; it never permits",
)
def outside_plan(s: PlayFacts) -> bool:
    """Only cards with their own timing are played outside a battle plan; a weapon, a defense or a Cheap Hero
    goes into a plan."""
    return not s.is_plan_card


@outside_plan.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.is_plan_card)


# gf9:455 "... You cannot freely discard a Worthless Card outside an effect permitting it."


@rule(
    "gf9.cards.worthless-no-discard",
    on="play",
    cites="gf9:455",
    title="A Worthless Card cannot be freely discarded",
    forbids=lambda s, _o: (
        f"{s.card} is a Worthless Card: {_who(s)} cannot discard it outside an effect permitting it "
        "(it leaves the hand through battle)."
    ),
    permits=lambda s, _o: f"{s.card} is played as a Karama, an effect that permits it.",
    when=lambda s: s.is_worthless,
)
def worthless_no_discard(s: PlayFacts) -> bool:
    """A Worthless Card has no effect of its own: played outside a plan, other than as Advanced Bene Gesserit's
    Karama, it would be a free discard, which is not allowed."""
    return s.as_karama


@worthless_no_discard.z3
def _(v: Any) -> z3.BoolRef:
    return v.as_karama


# gf9:459 "... Advanced Bene Gesserit may instead play Worthless Cards as Karama. ..."
# gf9:373 "... You may use any Worthless Card as a Karama. You have no separate special Karama power."


def _as_karama(s: PlayFacts) -> bool:
    return s.as_karama and not s.is_karama_card


@rule(
    "gf9.cards.worthless-karama-faction",
    on="play",
    cites="gf9:373,459",
    title="Only Advanced Bene Gesserit plays Worthless Cards as Karama",
    forbids=lambda s, _o: (
        f"{_who(s)} cannot play {s.card} as a Karama: only Advanced Bene Gesserit may"
        + (" (this is the Basic game)." if s.is_bene_gesserit else ".")
    ),
    permits=lambda s, _o: f"Advanced Bene Gesserit plays {s.card} as a Karama.",
    when=_as_karama,
)
def worthless_karama_faction(s: PlayFacts) -> bool:
    """The Worthless-Card-as-Karama conversion is Advanced Bene Gesserit's."""
    return s.is_bene_gesserit and s.advanced


@worthless_karama_faction.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.is_bene_gesserit, v.advanced)


@rule(
    "gf9.cards.worthless-karama-card",
    on="play",
    cites="gf9:373,459",
    title="Only a Worthless Card is played as a Karama",
    forbids=lambda s, _o: f"{s.card} is not a Worthless Card: it cannot be played as a Karama.",
    permits=lambda s, _o: f"{s.card} is a Worthless Card.",
    when=_as_karama,
)
def worthless_karama_card(s: PlayFacts) -> bool:
    """What Advanced Bene Gesserit plays as a Karama is a Worthless Card."""
    return s.is_worthless


@worthless_karama_card.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_worthless


# -- Weather Control ---------------------------------------------------------------------------
# gf9:93  "Weather Control can replace the calculated movement. After turn one, its player chooses zero through
#          ten sectors and discards the card. The card can be played after the ordinary distance is known, but
#          before the storm moves. Family Atomics also has a window before movement."
# gf9:511 "... Weather Control changes the number of sectors, while storm direction and damage remain normal."


@rule(
    "gf9.cards.weather-after-turn-one",
    on="play",
    cites="gf9:93",
    title="Weather Control is played after turn one",
    forbids=lambda s, _o: f"It is turn {s.turn}: Weather Control is played after turn one.",
    permits=lambda s, _o: f"It is turn {s.turn}, after turn one.",
    needs=("turn",),
    when=lambda s: s.is_weather,
)
def weather_after_turn_one(s: PlayFacts) -> bool:
    """Weather Control is played from turn two on."""
    return (s.turn or 0) >= 2


@weather_after_turn_one.z3
def _(v: Any) -> z3.BoolRef:
    return v.turn >= 2


@rule(
    "gf9.cards.weather-storm-phase",
    on="play",
    cites="gf9:93",
    see_also="gf9:89",
    title="Weather Control replaces the storm's movement in the Storm Phase",
    forbids=lambda s, _o: (
        f"It is {phase_title(s.phase_index)}: Weather Control replaces the storm's movement, in the Storm Phase."
    ),
    permits="It is the Storm Phase.",
    when=lambda s: s.is_weather and s.phase_index is not None,
)
def weather_storm_phase(s: PlayFacts) -> bool:
    """Weather Control replaces the calculated storm movement: it is played in the Storm Phase."""
    return s.phase_index == STORM


@weather_storm_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == STORM


@rule(
    "gf9.cards.weather-before-storm-moves",
    on="play",
    cites="gf9:93",
    see_also="gf9:505",
    title="Weather Control is played before the storm moves",
    forbids="The storm has already moved this phase ({storm_moved_from}): Weather Control is played before it moves.",
    permits="The storm has not moved yet this phase ({storm_moved_from}).",
    needs=("storm_moved",),
    when=lambda s: s.is_weather,
)
def weather_before_storm_moves(s: PlayFacts) -> bool:
    """Weather Control may wait until the ordinary distance is known, but not until the storm has moved."""
    return not s.storm_moved


@weather_before_storm_moves.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.storm_moved)


@rule(
    "gf9.cards.weather-distance",
    on="play",
    cites="gf9:93",
    title="Weather Control moves the storm zero to ten sectors",
    forbids="{Faction} chooses {distance} sectors: Weather Control chooses zero through ten.",
    permits="{Faction} chooses {distance} sectors, within zero through ten.",
    needs=("distance",),
    when=lambda s: s.is_weather,
)
def weather_distance(s: PlayFacts) -> bool:
    """The player of Weather Control chooses from zero through ten sectors."""
    return s.distance is not None and 0 <= s.distance <= 10


@weather_distance.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.distance >= 0, v.distance <= 10)


@rule(
    "gf9.cards.weather-storm-distance",
    on="play",
    cites="gf9:93",
    title="The storm moves the distance Weather Control chooses",
    permits="The storm moves {storm_distance} sectors, the number chosen, instead of the dialed distance.",
    defines=("storm_distance",),
    needs=("distance",),
    when=lambda s: s.is_weather,
    one_sided="it says how far the storm moves; it never forbids",
)
def weather_storm_distance(s: PlayFacts) -> dict[str, Any]:
    """Weather Control replaces the calculated movement by the number of sectors its player chooses."""
    return {"storm_distance": s.distance}


@weather_storm_distance.z3
def _(v: Any) -> z3.BoolRef:
    return v.storm_distance == v.distance


@rule(
    "gf9.cards.weather-storm-sector",
    on="play",
    cites="gf9:511",
    see_also="gf9:89",
    title="The storm keeps its direction under Weather Control",
    permits=lambda s, o: (
        f"The storm moves counterclockwise as normal: from sector {s.storm}, {s.distance} sectors to sector "
        f"{o.get('storm_sector', '?')}."
    ),
    defines=("storm_sector",),
    needs=("distance",),
    when=lambda s: s.is_weather and s.storm is not None,
    one_sided="it says where the storm stops; it never forbids",
)
def weather_storm_sector(s: PlayFacts) -> dict[str, Any]:
    """Weather Control changes only the number of sectors: the storm still moves counterclockwise (the board's
    sectors are numbered that way), from its sector to the one that many sectors on."""
    return {"storm_sector": ((s.storm or 1) - 1 + (s.distance or 0)) % SECTORS + 1}


@weather_storm_sector.z3
def _(v: Any) -> z3.BoolRef:
    return v.storm_to == (v.storm - 1 + v.distance) % SECTORS + 1


@rule(
    "gf9.cards.weather-discard",
    on="play",
    cites="gf9:93",
    see_also="gf9:451",
    title="Weather Control is discarded",
    permits="Weather Control is discarded.",
    defines=("discarded",),
    when=lambda s: s.is_weather,
    one_sided="it says what becomes of the card; it never forbids",
)
def weather_discard(s: PlayFacts) -> dict[str, Any]:
    """Its player discards Weather Control."""
    return {"discarded": s.card}


@weather_discard.z3
def _(v: Any) -> z3.BoolRef:
    return v.discarded


# -- Family Atomics ------------------------------------------------------------------------------
# gf9:501 "After turn one, play during a Storm Phase before the storm actually moves. You need at least one
#          qualifying force on the Shield Wall or in a territory adjacent to it. Storm between your force's
#          sector and the Shield Wall prevents the connection, but a force or the wall itself being under storm
#          does not by itself prohibit the card."
# gf9:505 "You may wait until storm distance is known, then play before movement. ..."


@rule(
    "gf9.cards.atomics-after-turn-one",
    on="play",
    cites="gf9:501",
    title="Family Atomics is played after turn one",
    forbids=lambda s, _o: f"It is turn {s.turn}: Family Atomics is played after turn one.",
    permits=lambda s, _o: f"It is turn {s.turn}, after turn one.",
    needs=("turn",),
    when=lambda s: s.is_atomics,
)
def atomics_after_turn_one(s: PlayFacts) -> bool:
    """Family Atomics is played from turn two on."""
    return (s.turn or 0) >= 2


@atomics_after_turn_one.z3
def _(v: Any) -> z3.BoolRef:
    return v.turn >= 2


@rule(
    "gf9.cards.atomics-storm-phase",
    on="play",
    cites="gf9:501",
    title="Family Atomics is played during a Storm Phase",
    forbids=lambda s, _o: f"It is {phase_title(s.phase_index)}: Family Atomics is played during a Storm Phase.",
    permits="It is the Storm Phase.",
    when=lambda s: s.is_atomics and s.phase_index is not None,
)
def atomics_storm_phase(s: PlayFacts) -> bool:
    """Family Atomics is played during a Storm Phase."""
    return s.phase_index == STORM


@atomics_storm_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == STORM


@rule(
    "gf9.cards.atomics-before-storm-moves",
    on="play",
    cites="gf9:501",
    see_also="gf9:505",
    title="Family Atomics is played before the storm moves",
    forbids="The storm has already moved this phase ({storm_moved_from}): Family Atomics is played before it moves.",
    permits="The storm has not moved yet this phase ({storm_moved_from}).",
    needs=("storm_moved",),
    when=lambda s: s.is_atomics,
)
def atomics_before_storm_moves(s: PlayFacts) -> bool:
    """Family Atomics may wait until the storm distance is known, but is played before the storm moves."""
    return not s.storm_moved


@atomics_before_storm_moves.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.storm_moved)


@rule(
    "gf9.cards.atomics-near-wall",
    on="play",
    cites="gf9:501",
    title="Family Atomics needs a force on or next to the Shield Wall",
    forbids="{Faction} has no force on the Shield Wall or in a territory adjacent to it.",
    permits="{Faction} has forces on or next to the Shield Wall: {near_words}.",
    when=lambda s: s.is_atomics,
)
def atomics_near_wall(s: PlayFacts) -> bool:
    """The player needs at least one force on the Shield Wall or in a territory adjacent to it."""
    return s.near_forces > 0


@atomics_near_wall.z3
def _(v: Any) -> z3.BoolRef:
    return v.near_forces >= 1


# gf9:507 "Advanced Bene Gesserit advisors do not qualify as forces enabling Family Atomics."
# gf9:375 "An advisor ... cannot ... enable Family Atomics. ..."


@rule(
    "gf9.cards.atomics-advisors",
    on="play",
    cites="gf9:507",
    see_also="gf9:375",
    title="Advisors do not enable Family Atomics",
    forbids="Bene Gesserit's forces by the Shield Wall are advisors ({near_words}): they do not enable Family Atomics.",
    permits=lambda s, _o: f"{_whose(s)} forces by the Shield Wall include fighters, not only advisors.",
    when=lambda s: s.is_atomics and s.near_forces > 0,
)
def atomics_advisors(s: PlayFacts) -> bool:
    """Advanced Bene Gesserit advisors do not qualify: at least one force by the wall must be a fighter."""
    return s.near_fighters > 0


@atomics_advisors.z3
def _(v: Any) -> z3.BoolRef:
    return v.near_fighters >= 1


@rule(
    "gf9.cards.atomics-storm-between",
    on="play",
    cites="gf9:501",
    title="Storm between the force and the Shield Wall breaks the connection",
    forbids=lambda s, _o: (
        f"The storm in sector {s.storm} lies between {_whose(s)} forces ({s.near_words}) and the Shield Wall: "
        "none of them is connected to it."
    ),
    permits=lambda s, _o: (
        f"{_whose(s)} forces reach the Shield Wall with no storm between ({s.near_words}; storm in sector "
        f"{s.storm if s.storm is not None else '?'}: a force or the wall under the storm does not matter)."
    ),
    needs=("connected_fighters",),
    when=lambda s: s.is_atomics and s.near_fighters > 0,
)
def atomics_storm_between(s: PlayFacts) -> bool:
    """A qualifying force reaches the Shield Wall from its sector without crossing a sector under the storm
    (the force's own sector, or the wall's, under the storm does not prevent it)."""
    return (s.connected_fighters or 0) > 0


@atomics_storm_between.z3
def _(v: Any) -> z3.BoolRef:
    return v.connected_fighters >= 1


# gf9:503 "Destroy every force on the Shield Wall and remove the card from the game. Place the Destroyed Shield
#          Wall marker. Arrakeen, Carthag and Imperial Basin lose their protection from storm for the rest of the
#          game. Shield Wall remains rock and can be entered normally."
# gf9:451 "... remove Family Atomics from the game after use. ..."


def _destroyed_words(s: PlayFacts, _o: dict[str, Any]) -> str:
    if not s.wall_factions:
        return "No force stands on the Shield Wall: Family Atomics destroys none."
    each = ", ".join(f"{display(f)} {n}" for f, n in zip(s.wall_factions, s.wall_forces, strict=True))
    return f"Every force on the Shield Wall is destroyed: {each}."


@rule(
    "gf9.cards.atomics-destroys",
    on="play",
    cites="gf9:503",
    title="Family Atomics destroys every force on the Shield Wall",
    permits=_destroyed_words,
    defines=("destroyed",),
    when=lambda s: s.is_atomics,
    one_sided="it says which forces are destroyed; it never forbids",
)
def atomics_destroys(s: PlayFacts) -> dict[str, Any]:
    """Every force on the Shield Wall is destroyed, whoever's it is (advisors too, gf9:375)."""
    return {"destroyed": dict(zip(s.wall_factions, s.wall_forces, strict=True))}


@atomics_destroys.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(z3.BoolVal(True), *(k == n for k, n in zip(v.killed, v.wall_forces, strict=True)))


@rule(
    "gf9.cards.atomics-shield-wall",
    on="play",
    cites="gf9:503",
    title="Family Atomics destroys the Shield Wall",
    permits="The Destroyed Shield Wall marker is placed: Arrakeen, Carthag and Imperial Basin lose their "
    "protection from the storm for the rest of the game.",
    defines=("shield_wall",),
    when=lambda s: s.is_atomics,
    one_sided="it says what becomes of the Shield Wall; it never forbids",
)
def atomics_shield_wall(s: PlayFacts) -> dict[str, Any]:
    """The Destroyed Shield Wall marker is placed (the wall remains rock, entered normally)."""
    return {"shield_wall": "destroyed"}


@atomics_shield_wall.z3
def _(v: Any) -> z3.BoolRef:
    return v.wall_down


@rule(
    "gf9.cards.atomics-removed",
    on="play",
    cites="gf9:451",
    see_also="gf9:503",
    title="Family Atomics is removed from the game after use",
    permits="Family Atomics is removed from the game.",
    defines=("removed_from_game",),
    when=lambda s: s.is_atomics,
    one_sided="it says what becomes of the card; it never forbids",
)
def atomics_removed(s: PlayFacts) -> dict[str, Any]:
    """Family Atomics leaves the game after use (it is not discarded)."""
    return {"removed_from_game": s.card}


@atomics_removed.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.removed, z3.Not(v.discarded))


# -- Hajr -------------------------------------------------------------------------------------------
# gf9:239 "Play Hajr immediately after your normal force movement during your own turn to make an additional
#          on-planet movement. ..."
# gf9:241 "Shipment, ordinary movement, a worm ride and an extra Hajr movement are separate actions. An effect
#          granting one does not grant another."


@rule(
    "gf9.cards.hajr-phase",
    on="play",
    cites="gf9:239",
    see_also="gf9:201",
    title="Hajr is played in the Shipment and Movement Phase",
    forbids=lambda s, _o: (
        f"It is {phase_title(s.phase_index)}: Hajr is played right after the faction's normal movement, "
        "in the Shipment and Movement Phase."
    ),
    permits="It is the Shipment and Movement Phase.",
    when=lambda s: s.is_hajr and s.phase_index is not None,
)
def hajr_phase(s: PlayFacts) -> bool:
    """Hajr follows the player's normal force movement, made in the Shipment and Movement Phase."""
    return s.phase_index == SHIPMENT_AND_MOVEMENT


@hajr_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == SHIPMENT_AND_MOVEMENT


@rule(
    "gf9.cards.hajr-after-movement",
    on="play",
    cites="gf9:239",
    title="Hajr is played immediately after the player's own normal movement",
    forbids="{Faction} has not just made its normal force movement on its own turn: Hajr is played immediately "
    "after it.",
    permits="{Faction} has just made its normal force movement, on its own turn.",
    needs=("after_movement",),
    when=lambda s: s.is_hajr,
)
def hajr_after_movement(s: PlayFacts) -> bool:
    """Hajr is played immediately after the player's normal force movement, during its own turn."""
    return bool(s.after_movement)


@hajr_after_movement.z3
def _(v: Any) -> z3.BoolRef:
    return v.after_movement


@rule(
    "gf9.cards.hajr-extra-movement",
    on="play",
    cites="gf9:239,241",
    see_also="gf9:511",
    title="Hajr grants one extra on-planet movement, nothing else",
    permits="Hajr grants {Faction} one additional on-planet movement (not a shipment, nor a worm ride).",
    defines=("extra_movements",),
    when=lambda s: s.is_hajr,
    one_sided="it says what Hajr grants; it never forbids",
)
def hajr_extra_movement(s: PlayFacts) -> dict[str, Any]:
    """Hajr makes one additional on-planet movement, a separate action from shipment and the worm ride."""
    return {"extra_movements": 1}


@hajr_extra_movement.z3
def _(v: Any) -> z3.BoolRef:
    return v.extra_moves == 1


# -- Tleilaxu Ghola ------------------------------------------------------------------------------------
# gf9:183 "... A Ghola card adds the revival stated on that card. ..."
# gf9:197 "A leader revived by Ghola during Battle can fight immediately, including in that same phase. ..."

gap(
    "gf9.cards.ghola",
    on="play",
    cites="gf9:183,197",
    title="Tleilaxu Ghola revives what its card states",
    reason="Tleilaxu Ghola adds the revival stated on the card (gf9:183), and gf9 does not print that text: what "
    "it revives and when it may be played are not given (gf9:197 says only that a leader it revives in Battle "
    "can fight at once)",
    when=lambda s: s.is_ghola,
)


# -- Truthtrance --------------------------------------------------------------------------------------
# gf9:491 "At any time, play Truthtrance to publicly ask one player one yes-or-no question about the game. ..."
# gf9:155 "... Cards with independent timing, such as Truthtrance or Karama, may be played by a nonparticipant
#          when their own instructions allow it."


@rule(
    "gf9.cards.truthtrance-any-time",
    on="play",
    cites="gf9:491",
    see_also="gf9:155,263",
    title="Truthtrance is played at any time",
    permits=lambda s, _o: f"Truthtrance may be played at any time ({phase_title(s.phase_index)} included).",
    when=lambda s: s.is_truthtrance,
    one_sided="no timing forbids Truthtrance",
)
def truthtrance_any_time(s: PlayFacts) -> bool:
    """Truthtrance has no timing restriction: any player may play it at any time to ask one player one
    yes-or-no question."""
    return True


@truthtrance_any_time.z3
def _(v: Any) -> z3.BoolRef:
    return v.is_truthtrance


# gf9:497 "Truthtrance can interact with Voice and Prescience before battle reveal. The player can change
#          elements that those effects have not fixed. Discard the card after resolving its use."


@rule(
    "gf9.cards.truthtrance-discard",
    on="play",
    cites="gf9:497",
    see_also="gf9:451",
    title="Truthtrance is discarded after use",
    permits="Truthtrance is discarded after its question is answered.",
    defines=("discarded",),
    when=lambda s: s.is_truthtrance,
    one_sided="it says what becomes of the card; it never forbids",
)
def truthtrance_discard(s: PlayFacts) -> dict[str, Any]:
    """Truthtrance is discarded once its use is resolved."""
    return {"discarded": s.card}


@truthtrance_discard.z3
def _(v: Any) -> z3.BoolRef:
    return v.discarded


# -- Karama ----------------------------------------------------------------------------------------------
# gf9:463 "After setup and At Start actions are complete, a Karama can stop one use of a faction advantage,
#          including an alliance advantage, when that advantage is attempted. It does not switch the whole
#          faction off for the phase. In battle, play it before plans are revealed."
# gf9:479 "Name the advantage being canceled. Canceling one benefit does not cancel every other advantage. In
#          battle, act before plans are revealed."


def _cancel(s: PlayFacts) -> bool:
    return s.karama and s.karama_use != 1


def _known_cancel(s: PlayFacts) -> bool:
    return s.karama and s.karama_use == 0 and s.cancels_index is not None


def _named_cancel(s: PlayFacts) -> bool:
    """A cancel naming something Mentat can say is (or is not) what gf9:469, 471 list."""
    return _known_cancel(s) and (s.cancels_known or bool(s.dr_advantage))


def _power(s: PlayFacts) -> bool:
    return s.karama and s.karama_use == 1


def _advantage_words(s: PlayFacts) -> str:
    if s.cancels in ADVANTAGES:
        holder, lines = ADVANTAGES[s.cancels]
        return f"{possessive(display(holder))} {ADVANTAGE_WORDS[s.cancels]} ({lines})"
    return s.cancels


@rule(
    "gf9.cards.karama-names-advantage",
    on="play",
    cites="gf9:463,479",
    see_also="gf9:475",
    title="A Karama stops one use of a named faction advantage",
    permits=lambda s, _o: f"{_who(s)} plays {s.card} to stop one use of {_advantage_words(s)}.",
    needs=("karama_use", "cancels_index"),
    when=_cancel,
    one_sided="it asks which use of Karama, and which advantage it names; it never forbids",
)
def karama_names_advantage(s: PlayFacts) -> bool:
    """A Karama played to cancel names the one use of a faction advantage it stops (``move.cancels``)."""
    return True


@karama_names_advantage.z3
def _(v: Any) -> z3.BoolRef:
    return v.karama_use == 0


@rule(
    "gf9.cards.karama-advantage-unknown",
    on="play",
    cites="gf9:463",
    title="Whether the advantage named is a faction advantage",
    status="unresolved",
    reason="the Karama names an advantage Mentat does not know (move.cancels); gf9:463 lets it stop a faction "
    "advantage, and Mentat knows these: "
    + ", ".join(sorted(ADVANTAGES))
    + " (and what gf9:469, 471 say it cannot stop: "
    + ", ".join(NOT_CANCELLABLE)
    + ")",
    when=lambda s: _known_cancel(s) and not s.cancels_known,
    one_sided="an open question: whether the named thing is a faction advantage is not encoded",
)
def karama_advantage_unknown(s: PlayFacts) -> bool:
    """An advantage the faction references do not name as Mentat knows them leaves the question open."""
    return True


@karama_advantage_unknown.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)  # an open question constrains nothing


# -- a Karama stops an advantage as it is attempted --------------------------------------------------------------
# gf9:463 "... a Karama can stop one use of a faction advantage, including an alliance advantage, when that
#          advantage is attempted. ..."
# When each advantage is attempted is the table ATTEMPTED (checker/arrakis/kinds/play.py), each entry with the lines
# that place it; the battle's Karama list reads the same table (gf9.battle.karama-advantage).


def _refs(lines: str) -> list[str]:
    """'gf9:113, 417' as ['gf9:113', 'gf9:417']."""
    doc, _, numbers = lines.partition(":")
    return [f"{doc}:{n.strip()}" for n in numbers.split(",")]


def _attempt(s: PlayFacts) -> bool:
    """A Karama naming one of the advantages gf9 prints (gf9:469, 471 name what it cannot stop)."""
    return _known_cancel(s) and s.cancels in ADVANTAGES


def _attempted_now(s: PlayFacts) -> bool:
    return s.phase_index is not None and bool(s.attempted_in) and s.attempted_in[s.phase_index]


# the lines placing each advantage in its phases (ATTEMPTED): a finding quotes those of the advantage named
_PLACING = sorted({int(ref.split(":")[1]) for _phases, lines in ATTEMPTED.values() for ref in _refs(lines)} - {463})


def _places(s: PlayFacts, line: int) -> bool:
    return f"gf9:{line}" in _refs(s.attempt_lines)


def _named_advantage(s: PlayFacts) -> str:
    return f"{possessive(display(s.holder))} {ADVANTAGE_WORDS.get(s.cancels, s.cancels)}"


@rule(
    "gf9.cards.karama-attempted-phase",
    on="play",
    cites="gf9:463," + ",".join(map(str, _PLACING)),
    cite_when={f"gf9:{n}": partial(_places, line=n) for n in _PLACING},
    title="A Karama stops an advantage in the phase it is attempted",
    forbids=lambda s, _o: (
        f"It is {phase_title(s.phase_index)}: {_named_advantage(s)} is attempted in {s.attempt_phases} "
        f"({s.attempt_lines}), so no use of it is attempted now for a Karama to stop."
    ),
    permits=lambda s, _o: (
        f"It is {phase_title(s.phase_index)}: {_named_advantage(s)} is attempted in it ({s.attempt_lines})."
    ),
    needs=("phase_index",),
    when=lambda s: _attempt(s) and not (s.attempt_open and s.phase_index is not None and not _attempted_now(s)),
)
def karama_attempted_phase(s: PlayFacts) -> bool:
    """A Karama stops one use of an advantage when that advantage is attempted: in a phase whose lines place it
    there (the Voice, the Prescience question, the Kwisatz Haderach, the Fedaykin, the Sardaukar and the no-spice
    advantage in battle; the Emperor's auction payments and Harkonnen's bonus card in Bidding; the Emperor's payment
    for its ally's revivals in Revival; the Guild's shipment advantages in Shipment and Movement; the worm
    protections where a worm devours; the Bene Gesserit's Worthless Card as a Karama in any phase)."""
    return _attempted_now(s)


@karama_attempted_phase.z3
def _(v: Any) -> z3.BoolRef:
    return any_of(z3.And(v.phase_index == i, a) for i, a in enumerate(v.attempted_in))


@rule(
    "gf9.cards.karama-attempted-holder",
    on="play",
    cites="gf9:463",
    title="A Karama stops the advantage of a faction in the game",
    forbids=lambda s, _o: (
        f"{display(s.holder)} is not in the game ({s.listed_words}): {_named_advantage(s)} ({s.attempt_lines}) "
        "is never attempted, so there is no use of it for a Karama to stop."
    ),
    permits=lambda s, _o: f"{display(s.holder)} is in the game: {_named_advantage(s)} may be attempted.",
    needs=("holder_plays",),
    when=_attempt,
)
def karama_attempted_holder(s: PlayFacts) -> bool:
    """An advantage is attempted only by the faction holding it (or, for an alliance advantage, on its behalf): a
    faction not in the game attempts none."""
    return bool(s.holder_plays)


@karama_attempted_holder.z3
def _(v: Any) -> z3.BoolRef:
    return v.holder_plays


# gf9:343 "... Keep the Spice and Treachery decks nearby, since your prescience involves them."

gap(
    "gf9.cards.karama-attempt-open",
    on="play",
    cites="gf9:261,343",
    see_also="gf9:463",
    title="Karama against Atreides' prescience outside the battle question",
    reason="a Karama names Atreides' prescience outside the Battle Phase: gf9:261 prints it as the battle question, "
    "and gf9:343 says Atreides' prescience involves the Spice and Treachery decks without printing that prescience, "
    "so whether it is attempted outside battle is not stated",
    explain=lambda s: (
        f"a Karama names {_named_advantage(s)} in {phase_title(s.phase_index)}: gf9:261 prints it as the battle "
        "question, and gf9:343 says Atreides' prescience involves the Spice and Treachery decks without printing "
        "that prescience, so whether it is attempted now is not stated"
    ),
    when=lambda s: _attempt(s) and s.attempt_open and s.phase_index is not None and not _attempted_now(s),
)


# gf9:469 "Karama does not stop a Special Victory Condition or the Bene Gesserit prediction. It cannot reduce
#          Harkonnen's hand limit or stop an ordinary traitor reveal in Harkonnen's own battle. ..."
# gf9:471 "Karama does not cancel the ordinary effect of a Treachery Card such as Hajr, or another faction's
#          Special Karama Power. ..."


def _cannot(line: str) -> Any:
    def message(s: PlayFacts, _o: dict[str, Any]) -> str:
        what = CANCELS_WORDS.get(s.cancels_index or 0, s.cancels)
        if s.cancels_index == 5 and s.cancels not in ("card", ""):
            what = f"the ordinary effect of {s.cancels}, a Treachery Card"
        return f"Karama cannot stop {what} ({line})."

    return message


@rule(
    "gf9.cards.karama-not-victory",
    on="play",
    cites="gf9:469",
    title="Karama does not stop a Special Victory Condition or the prediction",
    forbids=_cannot("gf9:469"),
    permits=lambda s, _o: f"{_advantage_words(s)} is neither a Special Victory Condition nor the prediction.",
    when=_named_cancel,
)
def karama_not_victory(s: PlayFacts) -> bool:
    """A Special Victory Condition and the Bene Gesserit prediction cannot be stopped by Karama."""
    return s.cancels_index not in (1, 2)


@karama_not_victory.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.cancels_index != 1, v.cancels_index != 2)


@rule(
    "gf9.cards.karama-not-harkonnen",
    on="play",
    cites="gf9:469",
    title="Karama does not reduce Harkonnen's hand limit or stop a traitor in its own battle",
    forbids=_cannot("gf9:469"),
    permits=lambda s, _o: (
        f"{_advantage_words(s)} is neither Harkonnen's hand limit nor a traitor reveal in its own battle."
    ),
    when=_named_cancel,
)
def karama_not_harkonnen(s: PlayFacts) -> bool:
    """Harkonnen's hand limit, and an ordinary traitor reveal in Harkonnen's own battle, stand against Karama."""
    return s.cancels_index not in (3, 4)


@karama_not_harkonnen.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.cancels_index != 3, v.cancels_index != 4)


@rule(
    "gf9.cards.karama-not-cards",
    on="play",
    cites="gf9:471",
    title="Karama does not cancel a Treachery Card's effect or a Special Karama Power",
    forbids=_cannot("gf9:471"),
    permits=lambda s, _o: (
        f"{_advantage_words(s)} is neither a Treachery Card's ordinary effect nor a Special Karama Power."
    ),
    when=_named_cancel,
)
def karama_not_cards(s: PlayFacts) -> bool:
    """The ordinary effect of a Treachery Card (Hajr's, say) and another faction's Special Karama Power cannot
    be cancelled."""
    return s.cancels_index not in (5, 6)


@karama_not_cards.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.cancels_index != 5, v.cancels_index != 6)


@rule(
    "gf9.cards.karama-before-reveal",
    on="play",
    cites="gf9:463,479",
    title="In battle, a Karama is played before the plans are revealed",
    forbids="The battle plans are revealed: in battle, a Karama is played before that.",
    permits="The battle plans are not revealed yet.",
    when=lambda s: s.karama and s.karama_use == 0 and s.phase_index == BATTLE,
)
def karama_before_reveal(s: PlayFacts) -> bool:
    """In battle, a Karama that cancels is played before the plans are revealed."""
    return not s.plans_revealed


@karama_before_reveal.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.plans_revealed)


# gf9:467 "... Discard Karama after use. ..."


@rule(
    "gf9.cards.karama-discard",
    on="play",
    cites="gf9:467",
    see_also="gf9:451",
    title="Karama is discarded after use",
    permits=lambda s, _o: f"{s.card} is discarded after use.",
    defines=("discarded",),
    when=lambda s: s.karama,
    one_sided="it says what becomes of the card; it never forbids",
)
def karama_discard(s: PlayFacts) -> dict[str, Any]:
    """A Karama (or the Worthless Card played as one) is discarded after use."""
    return {"discarded": s.card}


@karama_discard.z3
def _(v: Any) -> z3.BoolRef:
    return v.discarded


# gf9:483 "Each faction other than Bene Gesserit may spend a Karama on its special power once per game. This is
#          an alternative to the card's normal uses, not an additional effect. Bene Gesserit's conversion of
#          Worthless Cards is a repeatable advantage and gives it no separate once-per-game power."
# gf9:373 "... You have no separate special Karama power."


@rule(
    "gf9.cards.karama-power-bene-gesserit",
    on="play",
    cites="gf9:483",
    see_also="gf9:373",
    title="Bene Gesserit has no special Karama power",
    forbids="Bene Gesserit has no special Karama power: its Worthless Card conversion is its repeatable advantage.",
    permits="{Faction} is not the Bene Gesserit: it has a special Karama power.",
    when=_power,
)
def karama_power_bene_gesserit(s: PlayFacts) -> bool:
    """Every faction but the Bene Gesserit has a special Karama power."""
    return not s.is_bene_gesserit


@karama_power_bene_gesserit.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.is_bene_gesserit)


@rule(
    "gf9.cards.karama-power-once",
    on="play",
    cites="gf9:483",
    title="A special Karama power is used once per game",
    forbids="{Faction} has already used its special Karama power: it is used once per game.",
    permits="{Faction} has not used its special Karama power yet this game.",
    needs=("power_used",),
    when=lambda s: _power(s) and not s.is_bene_gesserit,
)
def karama_power_once(s: PlayFacts) -> bool:
    """A faction spends a Karama on its special power once per game."""
    return not s.power_used


@karama_power_once.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.power_used)


# gf9:355 "The special Atreides Karama power allows inspection of one player's whole battle plan before reveal.
#          It is separate from the one-element battle question and may be used once per game."


@rule(
    "gf9.cards.karama-power-atreides",
    on="play",
    cites="gf9:355",
    title="Atreides' Karama power inspects a battle plan before reveal",
    forbids=lambda s, _o: (
        "The battle plans are already revealed: Atreides inspects a whole plan before reveal."
        if s.phase_index == BATTLE
        else f"It is {phase_title(s.phase_index)}: Atreides' Karama power inspects a battle plan, before reveal."
    ),
    permits="It is the Battle Phase, before the plans are revealed: Atreides may inspect one player's whole plan.",
    needs=("phase_index",),
    when=lambda s: _power(s) and s.faction == "atreides",
)
def karama_power_atreides(s: PlayFacts) -> bool:
    """Atreides' special Karama power shows it one player's whole battle plan before the plans are revealed."""
    return s.phase_index == BATTLE and not s.plans_revealed


@karama_power_atreides.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.phase_index == BATTLE, z3.Not(v.plans_revealed))


# gf9:417 "Once per game, spend Karama during Spice Blow and Nexus to place a worm in a sand territory. ..."


@rule(
    "gf9.cards.karama-power-fremen-phase",
    on="play",
    cites="gf9:417",
    title="Fremen's Karama worm comes during Spice Blow and Nexus",
    forbids=lambda s, _o: (
        f"It is {phase_title(s.phase_index)}: Fremen places its Karama worm during Spice Blow and Nexus."
    ),
    permits=lambda s, _o: f"It is {phase_title(s.phase_index)}.",
    needs=("phase_index",),
    when=lambda s: _power(s) and s.faction == "fremen",
)
def karama_power_fremen_phase(s: PlayFacts) -> bool:
    """Fremen spends its Karama power during the Spice Blow and Nexus."""
    return s.phase_index in (SPICE_BLOW, NEXUS)


@karama_power_fremen_phase.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Or(v.phase_index == SPICE_BLOW, v.phase_index == NEXUS)


@rule(
    "gf9.cards.karama-power-fremen-sand",
    on="play",
    cites="gf9:417",
    title="Fremen's Karama worm is placed in a sand territory",
    forbids="{worm_territory} is not a sand territory: Fremen's Karama worm goes in one.",
    permits="{worm_territory} is a sand territory.",
    needs=("worm_in_sand",),
    when=lambda s: _power(s) and s.faction == "fremen",
)
def karama_power_fremen_sand(s: PlayFacts) -> bool:
    """The worm Fremen's Karama power places goes in a sand territory."""
    return bool(s.worm_in_sand)


@karama_power_fremen_sand.z3
def _(v: Any) -> z3.BoolRef:
    return v.worm_in_sand


# gf9:79 "... Add double spice blows, paid battle support, stronghold income and Advanced faction advantages
#         together when choosing the Advanced Game."

gap(
    "gf9.cards.karama-power-fremen-basic",
    on="play",
    cites="gf9:407,417",
    see_also="gf9:79,483",
    title="Basic: the Fremen's Karama worm is printed under Advanced Fremen",
    reason="the Fremen spend a Karama on their worm in the Basic game: gf9:483 gives every faction but the Bene "
    "Gesserit a special Karama power, but the worm power is printed under Advanced Fremen (gf9:407, 417), and "
    "Advanced faction advantages are added when choosing the Advanced Game (gf9:79)",
    when=lambda s: _power(s) and s.faction == "fremen" and not s.advanced,
)


# gf9:487 "Harkonnen may temporarily handle the taken cards even with a full hand; returning the same number
#          restores the limit. ... The Emperor's special revival still observes the one-Sardaukar-per-turn
#          restriction." -- the powers themselves are not printed; the Guild's is not mentioned.

gap(
    "gf9.cards.karama-kh-basic",
    on="play",
    cites="gf9:41,345,347",
    see_also="gf9:351",
    title="Karama against the Kwisatz Haderach in the Basic game",
    reason="a Karama is played to stop the Kwisatz Haderach in the Basic game: gf9:41 names its card and counter "
    "among what the Advanced Game uses, while gf9:345-351 list it among the Atreides' Basic advantages, so whether "
    "there is a token to stop is not settled",
    when=lambda s: s.cancels == "kwisatz-haderach" and not s.advanced,
)


# what gf9:487 says of each unprinted power
_UNPRINTED = {
    "harkonnen": (
        "Harkonnen's",
        "gf9:487 gives only a limit of it (Harkonnen may handle the taken cards even with a full hand, and does not "
        "permanently exceed eight)",
    ),
    "emperor": (
        "the Emperor's",
        "gf9:487 gives only a limit of it (the Emperor's special revival still observes the one-Sardaukar-per-turn "
        "restriction)",
    ),
    "spacing-guild": ("the Spacing Guild's", "gf9:487 says nothing of it"),
}

gap(
    "gf9.cards.karama-power-unprinted",
    on="play",
    cites="gf9:487",
    see_also="gf9:483",
    title="Harkonnen's, the Emperor's and the Guild's special Karama powers",
    reason="gf9 does not print Harkonnen's, the Emperor's or the Guild's special Karama power: gf9:487 gives only "
    "limits of Harkonnen's (taken cards) and the Emperor's (a special revival), and nothing of the Guild's",
    explain=lambda s: f"gf9 does not print {_UNPRINTED[s.faction][0]} special Karama power: {_UNPRINTED[s.faction][1]}",
    when=lambda s: _power(s) and s.faction in _UNPRINTED,
)
