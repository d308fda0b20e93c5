"""GF9: the Storm Phase (turn one, later turns, losses), with Advanced Fremen's storm changes."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.storm import StormFacts, check_group_losses, check_spice_lost, group_losses, step
from checker.arrakis.position import STORM
from checker.names import display
from checker.rules import chapter, gap, rule, set_aside
from constraints.overview.storm import (
    FIRST_MOST,
    LATER_DIALS,
    OUTCOME_ONLY,
    WEATHER_MOST,
    by_dials,
    dials_message,
    first_distance_ok,
    first_player,
    later_distance_ok,
    later_distance_permits,
    movement,
    moves_once,
    no_card_said,
    two_dials_within,
    z3_first_distance,
    z3_first_seat,
    z3_later_distance,
    z3_losses,
    z3_movement,
    z3_moves_once,
    z3_spice,
    z3_two_dials_within,
)

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("storm", "gf9:69,81-101,409-411,499-507,511")

# gf9:93 is encoded by gf9.storm.later-distance (a storm move gives the distance the storm actually moves,
# move.distance, which after turn one may be Weather Control's choice; playing the card is a play move).
# gf9:501 "After turn one, play during a Storm Phase before the storm actually moves. ..." (Family Atomics)
# gf9:507 "Advanced Bene Gesserit advisors do not qualify as forces enabling Family Atomics."
set_aside(
    "gf9:501",
    "when Family Atomics may be played: its effect on the storm, the Shield Wall destroyed, is the position's "
    "shield_wall (gf9.storm.losses reads it, gf9:503); playing the card is not a storm move Mentat judges",
)
set_aside(
    "gf9:507",
    "which forces enable Family Atomics: the card's effect on the storm is the position's shield_wall; "
    "playing the card is not a storm move Mentat judges",
)

# gf9:83 "Place the storm at the Storm Start sector. The players whose circles are nearest
#         on either side of that sector each secretly dial a number from zero through twenty.
#         Reveal both numbers together, add them, and move the storm counterclockwise that
#         many sectors."
# gf9:85 "... In an Advanced Game with Fremen, use this same first storm procedure; the
#         Fremen Storm Deck takes over on later turns."


@rule(
    "gf9.storm.first-dials",
    on="storm",
    cites="gf9:83,85",
    title="Turn one: two players dial zero through twenty",
    forbids=lambda s, _o: dials_message(s, 0, 20, "On turn one"),
    permits="Two turn-one dials ({dials_text}) within zero through twenty.",
    needs=("turn",),
    when=lambda s: s.has_dials and s.turn in (None, 1),
    replaces="overview.storm.first-dials",
)
def first_dials(s: StormFacts) -> bool:
    """On turn one (also with Advanced Fremen) exactly two players dial, each from 0 through 20."""
    return two_dials_within(s.dials, 0, 20)


@first_dials.z3
def _(v: Any) -> z3.BoolRef:
    return z3_two_dials_within(v.dials, 0, 20)


# gf9:89 "On turns two onward, the two players who last used the battle wheels secretly
#         dial one, two or three. Reveal together, add the numbers and move the storm
#         counterclockwise that many sectors."
# gf9:91 "... Without Advanced Fremen, continue using the two dials."


@rule(
    "gf9.storm.later-dials",
    on="storm",
    cites="gf9:89,91",
    title="Turns two onward: two players dial one, two or three",
    forbids=lambda s, _o: dials_message(s, 1, 3, "From turn two"),
    permits="Two dials ({dials_text}) of one to three each.",
    needs=("turn", "fremen_storm_deck"),
    when=lambda s: s.has_dials and (s.turn is None or s.turn > 1) and not s.fremen_advanced,
    replaces="overview.storm.later-dials",
)
def later_dials(s: StormFacts) -> bool:
    """Without Advanced Fremen, from turn two exactly two players dial, each 1, 2 or 3."""
    return two_dials_within(s.dials, 1, 3)


@later_dials.z3
def _(v: Any) -> z3.BoolRef:
    return z3_two_dials_within(v.dials, 1, 3)


# gf9:91  "If Advanced Fremen is playing, reveal the Storm Card it selected during the
#          preceding turn instead. Move that many sectors, ..."
# gf9:409 "After the first dialed storm, secretly select the Storm Card for the next turn.
#          Reveal it at the next Storm Phase, move that distance, ..."


@rule(
    "gf9.storm.storm-card",
    on="storm",
    cites="gf9:91,409",
    title="With Advanced Fremen, the Storm Card replaces the dials after turn one",
    forbids="With Advanced Fremen the Storm Card moves the storm after turn one, not dials ({dials_text}).",
    permits="On turn {turn} the Fremen's Storm Card moves the storm {distance_sectors}.",
    needs=("turn",),
    when=lambda s: s.fremen_advanced and ((s.turn or 0) > 1 or (s.turn is None and s.has_dials)),
)
def storm_card(s: StormFacts) -> bool:
    """After turn one of an Advanced game with Fremen, the storm moves by the revealed Storm Card: no dials."""
    return not s.has_dials


@storm_card.z3
def _(v: Any) -> z3.BoolRef:
    return z3.Not(v.has_dials)


# gf9:93 "Weather Control can replace the calculated movement. After turn one, its player chooses zero through
#         ten sectors and discards the card. The card can be played after the ordinary distance is known, but
#         before the storm moves. Family Atomics also has a window before movement."
# A storm move gives its distance instead of the dials: what the dials can total, or after turn one the card's.


@rule(
    "gf9.storm.first-distance",
    on="storm",
    cites="gf9:83,85",
    see_also="gf9:93,501",
    title="Turn one: the storm moves the total of two dials of zero through twenty (0 to 40 sectors)",
    forbids=lambda s, _o: (
        f"On turn one the storm moves the total of two dials of zero through twenty, at most {FIRST_MOST} "
        f"sectors (Weather Control is played after turn one): not {s.distance}."
    ),
    permits="{distance} sectors: a total two turn-one dials of zero through twenty can make.",
    needs=("turn",),
    when=lambda s: not s.has_dials and s.turn in (None, 1),
    replaces="overview.storm.first-distance",
)
def first_distance(s: StormFacts) -> bool:
    """On turn one (also with Advanced Fremen) the storm moves the total of two dials of 0 through 20: a distance
    given instead is 0 to 40. No card replaces it that turn: Weather Control and Family Atomics are played after
    turn one (gf9:93, 501)."""
    return first_distance_ok(s)


first_distance.z3(z3_first_distance)


@rule(
    "gf9.storm.later-distance",
    on="storm",
    cites="gf9:89,91,93",
    cite_when={"gf9:93": lambda s: not by_dials(s)},
    title="Turns two onward: two dials of one to three (2 to 6 sectors), or Weather Control's zero to ten",
    forbids=lambda s, _o: (
        f"From turn two the storm moves the total of two dials of one to three ({LATER_DIALS[0]} to "
        f"{LATER_DIALS[1]} sectors), or Weather Control's choice of zero through ten: not {s.distance}"
        + no_card_said(s)
    ),
    permits=lambda s, _o: later_distance_permits(s, "one to three", "zero through ten"),
    needs=("turn", "fremen_storm_deck"),
    when=lambda s: not s.has_dials and (s.turn is None or s.turn > 1) and not s.fremen_advanced,
    replaces="overview.storm.later-distance",
)
def later_distance(s: StormFacts) -> bool:
    """Without Advanced Fremen, from turn two the storm moves the sum of two dials of 1 to 3, or the zero through
    ten sectors Weather Control's player chooses instead: a distance given instead of the dials is at most ten, and
    one the dials cannot make is the card's only where the move says it was played."""
    return later_distance_ok(s)


later_distance.z3(z3_later_distance)


gap(
    "gf9.storm.weather-control-unstated",
    on="storm",
    cites="gf9:89,93",
    title="A later storm distance the dials cannot make, and the move does not say Weather Control was played",
    reason="after turn one the move gives a distance two dials of one to three cannot total (gf9:89): only Weather "
    "Control's choice of zero through ten makes it (gf9:93), and the move does not say the card was played (give "
    "move.weather_control)",
    explain=lambda s: (
        f"the move gives {s.distance} sector{'' if s.distance == 1 else 's'}, which two dials of one to three cannot "
        "total (2 to 6, gf9:89): only "
        "Weather Control's choice of zero through ten makes it (gf9:93), and the move does not say whether the card "
        "was played (give move.weather_control: true or false)"
    ),
    when=lambda s: (
        not s.has_dials
        and (s.turn or 0) > 1
        and not s.fremen_advanced
        and s.weather_control is None
        and not by_dials(s)
        and 0 <= s.distance <= WEATHER_MOST
    ),
)


# gf9:83 "... Reveal both numbers together, add them, and move the storm counterclockwise that many sectors."
# gf9:89 "On turns two onward, ... Reveal together, add the numbers and move the storm counterclockwise that many
#         sectors."
@rule(
    "gf9.storm.once",
    on="storm",
    cites="gf9:83,89",
    cite_when={"gf9:83": lambda s: s.turn in (None, 1), "gf9:89": lambda s: s.turn != 1},
    title="The Storm phase moves the storm once, by the revealed total",
    forbids="The storm has already moved this phase (its history has a storm move): the phase moves it once, by "
    "the revealed total.",
    permits="The storm has not moved yet this phase.",
    when=lambda s: s.moved_this_phase is not None and s.phase_index in (None, STORM),
    replaces="overview.storm.once",
)
def storm_once(s: StormFacts) -> bool:
    """The dials (or the Fremen's Storm Card, or Weather Control in their place) give one distance, and the storm
    moves that many sectors: once a phase (read where the position gives the phase's history)."""
    return moves_once(s)


storm_once.z3(z3_moves_once)


gap(
    "gf9.storm.card-distance",
    on="storm",
    cites="gf9:91,409",
    see_also="gf9:93",
    title="How far a Storm Card can move the storm (the Storm Deck's numbers, not printed)",
    reason="with Advanced Fremen the Storm Card moves the storm after turn one and the move gives more sectors than "
    "Weather Control's ten (gf9:93): GF9 says to move 'that many sectors' (gf9:91, 409) but does not print the "
    "Storm Deck's numbers",
    explain=lambda s: (
        f"with Advanced Fremen the Storm Card moves the storm after turn one, and the move gives {s.distance} "
        "sectors, more than Weather Control's ten (gf9:93): GF9 says to move 'that many sectors' (gf9:91, 409) "
        "but does not print the Storm Deck's numbers"
    ),
    when=lambda s: s.fremen_advanced and not s.has_dials and (s.turn or 0) > 1 and s.distance > WEATHER_MOST,
)


# gf9:31  "The storm moves counterclockwise around the outer edge. Sand forces and spice in
#          sectors it crosses are vulnerable. ..."
# gf9:505 "... The current storm sector is not retroactively hit; vulnerable sectors it moves
#          into are affected."


@rule(
    "gf9.storm.movement",
    on="storm",
    cites="gf9:31,97,505",
    cite_when={"gf9:97": lambda s: bool(s.placed) and s.distance == 0},
    see_also="gf9:83,89,511",
    title="The storm moves counterclockwise, hitting the sectors it moves into",
    permits="The storm moves {distance_sectors} from sector {storm_sector} to {storm}, hitting {sectors_crossed}.",
    needs=("storm_sector", "placed"),
    defines=("storm", "sectors_crossed"),
    replaces="overview.storm.movement",
    one_sided=OUTCOME_ONLY,
)
def storm_movement(s: StormFacts) -> dict[str, Any]:
    """The storm moves counterclockwise (sector numbers up, 18 wrapping to 1). It hits each sector it
    moves into, the new one included; its starting sector is hit only if it comes round to it again, or on turn
    one, when the dials total zero: the storm is placed at the Storm Start and stops there, its final sector
    (gf9:97 "crossed or final sectors"), which it had not hit before.
    The distance is the move's: the dials' sum, the Storm Card's, or Weather Control's choice, which
    changes only the number of sectors, not the direction or the damage (gf9:511)."""
    return movement(s)


storm_movement.z3(z3_movement)


# gf9:97  "Send forces in crossed or final sectors of sand territories to the Tanks. Imperial
#          Basin is protected while the Shield Wall stands. Forces in rock, strongholds and
#          the Polar Sink survive normal storm movement. ..."
# gf9:503 "... Arrakeen, Carthag and Imperial Basin lose their protection from storm for the
#          rest of the game."
# gf9:411 "If caught by storm, lose half the affected force tokens, rounding losses up."


def losses_message(s: StormFacts, o: dict[str, Any], half_for_fremen: bool) -> str:
    """Who loses what, where, and why a group the storm hits survives (rock, the standing Shield Wall)."""
    from checker.arrakis.kinds.storm import hit_sectors

    if s.storm_sector is None:
        return "Forces lost to the storm: unknown."
    hit = hit_sectors(s.storm_sector, s.distance, s.placed)
    parts: list[str] = []
    spared: list[str] = []
    for i, faction in enumerate(s.group_faction):
        if s.group_sector[i] not in hit or not s.group_count[i]:
            continue
        where = f"{s.group_territory[i]} sector {s.group_sector[i]}"
        sheltered = s.group_sheltered[i]
        if sheltered and s.shield_wall_standing:
            spared.append(f"{display(faction)} in {where} (the Shield Wall stands)")
            continue
        if not (s.group_sand[i] or sheltered):
            spared.append(f"{display(faction)} in {where} (not sand)")
            continue
        n = s.group_count[i]
        half = half_for_fremen and s.group_fremen[i] and s.fremen_advanced
        lost = -(-n // 2) if half else n
        why = " (Advanced Fremen lose half, rounded up)" if half else ""
        why += " (the Shield Wall is destroyed)" if sheltered else ""
        parts.append(f"{display(faction)} loses {lost} of {n} in {where}{why}")
    text = "; ".join(parts) if parts else "no forces are lost to the storm"
    if spared:
        text += "; spared: " + ", ".join(spared)
    return text[0].upper() + text[1:] + "."


@rule(
    "gf9.storm.losses",
    on="storm",
    cites="gf9:97,411,503",
    see_also="gf9:31,505",
    cite_when={  # the Advanced Fremen's half and the destroyed wall, quoted where they decide
        "gf9:411": lambda s: s.fremen_advanced and "fremen" in s.group_faction,
        "gf9:503": lambda s: s.shield_wall_standing is False,
    },
    title="Forces in sand the storm hits go to the Tanks (Advanced Fremen lose half)",
    permits=lambda s, o: losses_message(s, o, half_for_fremen=True),
    needs=("storm_sector", "placed", "forces_placed", "shield_wall_standing"),
    defines=("losses", "losses_by_group"),
    replaces=("overview.storm.losses", "overview.storm.fremen-advanced", "overview.storm.shield-wall"),
    one_sided=OUTCOME_ONLY,
)
def storm_losses(s: StormFacts) -> dict[str, Any]:
    """Forces in sand territories in a sector the storm moves into go to the Tanks. Rock, strongholds
    and the Polar Sink protect; Imperial Basin too while the Shield Wall stands, and once it is
    destroyed Imperial Basin, Arrakeen and Carthag do not. Advanced Fremen lose half the tokens
    of each hit group, rounded up."""
    return group_losses(s, check_group_losses(s, half_for_fremen=True))


@storm_losses.z3
def _(v: Any) -> z3.BoolRef:
    return z3_losses(v, half_for_fremen=True)


# gf9:97 "... Return spice in sectors crossed or stopped on to the Bank."


@rule(
    "gf9.storm.spice",
    on="storm",
    cites="gf9:31,97",
    title="Spice in sectors the storm crosses or stops on returns to the Bank",
    permits="Spice returned to the Bank: {spice_lost}.",
    needs=("storm_sector", "placed", "spice_placed", "spice_given"),
    defines=("spice_lost",),
    replaces="overview.storm.spice",
    one_sided=OUTCOME_ONLY,
)
def storm_spice(s: StormFacts) -> dict[str, Any]:
    """Spice in any sector the storm moves into returns to the Bank (the text names no protected
    terrain for spice)."""
    return {"spice_lost": check_spice_lost(s)}


storm_spice.z3(z3_spice)


# gf9:69 "First Player is the faction whose player marker the storm will next approach while
#         continuing counterclockwise. ..."


@rule(
    "gf9.storm.first-player",
    on="storm",
    cites="gf9:69",
    title="First Player: the marker the storm will next approach",
    permits=lambda s, o: (
        f"{display(o['first_player'])} is First Player: its marker is the next "
        f"the storm in sector {step(s.storm_sector or 0, s.distance)} approaches."
    ),
    needs=("storm_sector",),
    # Without seats the losses still stand; only First Player is left out of the outcome.
    when=lambda s: bool(s.seats_known),
    defines=("first_player",),
    replaces="overview.storm.first-player",
    one_sided=OUTCOME_ONLY,
)
def storm_first_player(s: StormFacts) -> dict[str, Any]:
    """First Player is the faction whose player circle lies next ahead of the new storm sector,
    counterclockwise; a circle in the storm's own sector has been reached, so it comes last."""
    return first_player(s)


storm_first_player.z3(z3_first_seat)
