"""Overview, Phase 1: Storm (and the First Player it sets)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.board import SECTORS
from checker.arrakis.kinds.storm import (
    StormFacts,
    check_spice_lost,
    first_seat,
    group_losses,
    hit_sectors,
    per_faction,
    step,
    z3_first_seat,
    z3_group_loss,
    z3_hits,
    z3_new_sector,
)
from checker.arrakis.position import STORM
from checker.facts import all_of
from checker.names import display
from checker.rules import chapter, gap, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("storm", "overview:35-37,102-103,105-106")

OUTCOME_ONLY = "an outcome rule: it fixes a value of the storm's result and never forbids"

# overview:37 "Move the Storm Marker counterclockwise. First turn: two designated players
#             secretly dial 0-20, total determines starting position. Subsequent turns: two
#             players dial 1-3 each, sum determines movement. Forces in sand territories
#             (except Imperial Basin) hit by the storm are killed. Spice in storm sectors is
#             removed. Forces cannot move through storm sectors."


def dials_message(s: StormFacts, low: int, high: int, when: str) -> str:
    """Which dial (or how many dials) broke the rule."""
    if len(s.dials) != 2:
        return f"{when} two players dial, one number each: the move gives {len(s.dials)} dials ({s.dials_text})."
    bad = [d for d in s.dials if not low <= d <= high]
    verb = "is" if len(bad) == 1 else "are"
    return f"{when} each dial is {low} to {high}: {' and '.join(map(str, bad))} {verb} not (dials {s.dials_text})."


def two_dials_within(dials: list[int], low: int, high: int) -> bool:
    return len(dials) == 2 and all(low <= d <= high for d in dials)


def z3_two_dials_within(dials: list[Any], low: int, high: int) -> Any:
    return z3.And(z3.BoolVal(len(dials) == 2), all_of(z3.And(d >= low, d <= high) for d in dials))


@rule(
    "overview.storm.first-dials",
    on="storm",
    cites="overview:37",
    title="First turn: two players dial 0 to 20",
    forbids=lambda s, _o: dials_message(s, 0, 20, "On the first turn"),
    permits="Two first-turn dials ({dials_text}) within 0 to 20.",
    needs=("turn",),
    when=lambda s: s.has_dials and s.turn in (None, 1),
)
def overview_first_dials(s: StormFacts) -> bool:
    """On turn 1 exactly two players dial, each from 0 through 20."""
    return two_dials_within(s.dials, 0, 20)


@overview_first_dials.z3
def _(v: Any) -> z3.BoolRef:
    return z3_two_dials_within(v.dials, 0, 20)


@rule(
    "overview.storm.later-dials",
    on="storm",
    cites="overview:37",
    title="Later turns: two players dial 1 to 3",
    forbids=lambda s, _o: dials_message(s, 1, 3, "After the first turn"),
    permits="Two dials ({dials_text}) within 1 to 3.",
    needs=("turn",),
    when=lambda s: s.has_dials and (s.turn is None or s.turn > 1),
)
def overview_later_dials(s: StormFacts) -> bool:
    """From turn 2 on, exactly two players dial, each 1, 2 or 3."""
    return two_dials_within(s.dials, 1, 3)


@overview_later_dials.z3
def _(v: Any) -> z3.BoolRef:
    return z3_two_dials_within(v.dials, 1, 3)


# overview:33 "Each turn has 9 phases:"
# overview:35 "Phase 1: Storm"


@rule(
    "overview.storm.phase",
    on="storm",
    cites="overview:35,37",
    see_also="overview:33",
    title="The storm moves in Phase 1, Storm",
    forbids=lambda s, _o: (
        f"The storm cannot move in the {s.phase_name} phase: the Storm Marker moves in Phase 1, Storm."
    ),
    permits="It is Phase 1, Storm.",
    when=lambda s: s.phase_index is not None,
)
def storm_phase(s: StormFacts) -> bool:
    """The Storm Marker moves in Phase 1, Storm; when the position gives no phase, it is taken to be that one (the
    verdict's notes say so)."""
    return s.phase_index == STORM


@storm_phase.z3
def _(v: Any) -> z3.BoolRef:
    return v.phase_index == STORM


def moves_once(s: StormFacts) -> bool:
    return not s.moved_this_phase


def z3_moves_once(v: Any) -> z3.BoolRef:
    return z3.Not(v.moved_this_phase)


# overview:37 "Move the Storm Marker counterclockwise. First turn: ... total determines starting position.
#             Subsequent turns: two players dial 1-3 each, sum determines movement."
@rule(
    "overview.storm.once",
    on="storm",
    cites="overview:37",
    title="The Storm phase moves the storm once: one dialled total",
    forbids="The storm has already moved this phase (its history has a storm move): the phase moves it once, by "
    "one total of the dials.",
    permits="The storm has not moved yet this phase.",
    when=lambda s: s.moved_this_phase is not None and s.phase_index in (None, STORM),
)
def storm_once(s: StormFacts) -> bool:
    """The Storm phase moves the marker by the dials' one total: a second storm move in the same phase is none of
    the text's (read where the position gives the phase's history)."""
    return moves_once(s)


storm_once.z3(z3_moves_once)


# How far the storm may move when the move gives its distance rather than the dials: what the dials can total, and
# after turn one Weather Control's choice of zero through ten (gf9:93; the overview's ruleset reads GF9's cards).
FIRST_MOST = 40  # two first-turn dials of 0 to 20
LATER_DIALS = (2, 6)  # two later dials of 1 to 3
WEATHER_MOST = 10  # gf9:93 "its player chooses zero through ten sectors"


def first_distance_ok(s: StormFacts) -> bool:
    return 0 <= s.distance <= FIRST_MOST


def z3_first_distance(v: Any) -> Any:
    return z3.And(v.distance >= 0, v.distance <= FIRST_MOST)


def later_distance_ok(s: StormFacts) -> bool:
    """At most Weather Control's ten; one the dials cannot make only where the card chose it (or the move does not
    say: gf9.storm.weather-control-unstated leaves it open)."""
    return 0 <= s.distance <= WEATHER_MOST and (by_dials(s) or s.weather_control is not False)


def z3_later_distance(v: Any) -> Any:
    dials = z3.And(v.distance >= LATER_DIALS[0], v.distance <= LATER_DIALS[1])
    return z3.And(v.distance >= 0, v.distance <= WEATHER_MOST, z3.Or(dials, v.weather_control))


def no_card_said(s: StormFacts) -> str:
    """The end of a later distance's refusal: that the move says no Weather Control was played, where it does."""
    return ", and the move says no Weather Control was played." if s.weather_control is False else "."


def by_dials(s: StormFacts) -> bool:
    """A later turn's distance two dials of one to three can total."""
    return LATER_DIALS[0] <= s.distance <= LATER_DIALS[1]


def later_distance_permits(s: StormFacts, dials: str, card: str) -> str:
    if by_dials(s):
        return f"{s.distance} sectors: a total two dials of {dials} can make."
    return (
        f"{s.distance} sectors: no total of two dials of {dials} ({LATER_DIALS[0]} to {LATER_DIALS[1]}), but "
        f"Weather Control's choice of {card}, which the move says was played."
    )


def _first_turn_distance(s: StormFacts) -> bool:
    return not s.has_dials and s.turn in (None, 1)


def _later_distance(s: StormFacts) -> bool:
    return not s.has_dials and (s.turn is None or s.turn > 1) and not s.fremen_advanced


@rule(
    "overview.storm.first-distance",
    on="storm",
    cites="overview:37",
    title="First turn: the storm moves the total of two dials of 0 to 20 (0 to 40 sectors)",
    forbids=lambda s, _o: (
        f"On the first turn the storm moves the total of two dials of 0 to 20, at most {FIRST_MOST} sectors: "
        f"not {s.distance}."
    ),
    permits="{distance} sectors: a total two first-turn dials of 0 to 20 can make.",
    needs=("turn",),
    when=_first_turn_distance,
)
def overview_first_distance(s: StormFacts) -> bool:
    """On turn 1 the storm moves the total of two dials of 0 to 20: a distance given instead of the dials is 0
    to 40 (no card moves it on turn one: Weather Control is played after it, gf9:93)."""
    return first_distance_ok(s)


overview_first_distance.z3(z3_first_distance)


@rule(
    "overview.storm.later-distance",
    on="storm",
    cites="overview:37; gf9:93",
    cite_when={"gf9:93": lambda s: not by_dials(s)},
    title="Later turns: the storm moves two dials of 1 to 3 (2 to 6 sectors), or Weather Control's 0 to 10",
    forbids=lambda s, _o: (
        f"After the first turn the storm moves the total of two dials of 1 to 3 ({LATER_DIALS[0]} to "
        f"{LATER_DIALS[1]} sectors), or Weather Control's choice of 0 to {WEATHER_MOST}: not {s.distance}"
        + no_card_said(s)
    ),
    permits=lambda s, _o: later_distance_permits(s, "1 to 3", f"0 to {WEATHER_MOST}"),
    needs=("turn", "fremen_storm_deck"),
    when=_later_distance,
)
def overview_later_distance(s: StormFacts) -> bool:
    """From turn 2 on, without Advanced Fremen's Storm Card, the storm moves the sum of two dials of 1 to 3, or the
    0 to 10 sectors Weather Control's player chooses instead (GF9's card, which the overview's ruleset reads): a
    distance given instead of the dials is at most 10, and one the dials cannot make is the card's only where the
    move says the card was played."""
    return later_distance_ok(s)


overview_later_distance.z3(z3_later_distance)


# -- movement, losses, spice: shared by the gf9 rules that replace these ----------
def movement(s: StormFacts) -> dict[str, Any]:
    """The new storm sector and the sectors it moves into (walked one by one)."""
    assert s.storm_sector is not None
    return {
        "storm": step(s.storm_sector, s.distance),
        "sectors_crossed": hit_sectors(s.storm_sector, s.distance, s.placed),
    }


def z3_movement(v: Any) -> z3.BoolRef:
    new = v.new_sector == z3_new_sector(v.storm_sector, v.distance)
    hits = [v.hit[k - 1] == z3_hits(k, v.storm_sector, v.distance, v.placed) for k in range(1, SECTORS + 1)]
    return z3.And(new, *hits)


def z3_losses(v: Any, half_for_fremen: bool) -> z3.BoolRef:
    return all_of(v.group_lost[i] == z3_group_loss(v, i, half_for_fremen) for i in range(len(v.group_lost)))


def z3_spice(v: Any) -> z3.BoolRef:
    return all_of(
        v.spice_gone[i] == z3.If(z3_hits(v.spice_sector[i], v.storm_sector, v.distance, v.placed), v.spice_amount[i], 0)
        for i in range(len(v.spice_gone))
    )


def first_player(s: StormFacts) -> dict[str, Any]:
    """The faction whose player circle lies next ahead of the new storm sector."""
    assert s.storm_sector is not None
    i = first_seat(step(s.storm_sector, s.distance), s.seat_sector)
    return {"first_player": s.seat_faction[i] if i is not None else None}


@rule(
    "overview.storm.movement",
    on="storm",
    cites="overview:37",
    see_also="overview:33,113",
    title="The storm moves counterclockwise",
    permits="The storm moves {distance_sectors} from sector {storm_sector} to sector {storm}.",
    needs=("storm_sector", "placed"),
    defines=("storm", "sectors_crossed"),
    one_sided=OUTCOME_ONLY,
)
def overview_movement(s: StormFacts) -> dict[str, Any]:
    """The storm moves counterclockwise (up the sector numbers, 18 wrapping to 1) by the total."""
    return movement(s)


overview_movement.z3(z3_movement)


def fremen_caught(s: StormFacts) -> bool:
    """Advanced game: Fremen forces stand in sand the storm hits (what they lose is a faction ability)."""
    return s.fremen_advanced and s.storm_sector is not None and overview_hit(s, sheets=False).get("fremen", 0) > 0


def overview_hit(s: StormFacts, sheets: bool = True) -> dict[str, int]:
    """Forces per faction the storm kills under the overview's own words (``overview_group_hit``)."""
    return per_faction(s, overview_group_hit(s, sheets))


def overview_group_hit(s: StormFacts, sheets: bool = True) -> list[int]:
    """Forces per faction the storm kills under the overview's own words: every group in a sand territory
    (Imperial Basin excepted) in a sector the storm moves into. The Shield Wall plays no part: the overview
    excepts Imperial Basin without condition (overview:37, 102) and prints no rule for the Destroyed Shield Wall
    token it lists (overview:16). With ``sheets``, the faction advantages that override it (overview:105, 106):
    an Advanced Fremen group loses half, rounded up (its sheet, gf9:411: overview.storm.fremen-advanced)."""
    assert s.storm_sector is not None
    hit = hit_sectors(s.storm_sector, s.distance, s.placed)
    out: list[int] = []
    for i in range(len(s.group_faction)):
        # group_sheltered marks Imperial Basin, Arrakeen and Carthag; of them only Imperial Basin is sand
        n = s.group_count[i] if s.group_sand[i] and not s.group_sheltered[i] and s.group_sector[i] in hit else 0
        out.append(-(-n // 2) if sheets and s.group_fremen[i] and s.fremen_advanced else n)
    return out


def losses_message(s: StormFacts, o: dict[str, Any]) -> str:
    lost = ", ".join(f"{display(f)} {n}" for f, n in sorted(o.get("losses", {}).items())) or "none"
    hit = hit_sectors(s.storm_sector or 0, s.distance, s.placed)
    spared = any(
        s.group_sand[i] and s.group_sheltered[i] and s.group_sector[i] in hit and s.group_count[i]
        for i in range(len(s.group_faction))
    )
    return f"Forces lost to the storm: {lost}." + (" Forces in Imperial Basin are excepted." if spared else "")


@rule(
    "overview.storm.losses",
    on="storm",
    cites="overview:37,102",
    title="The storm kills forces in sand territories it hits, except in Imperial Basin",
    permits=losses_message,
    needs=("storm_sector", "placed", "forces_placed"),
    defines=("losses", "losses_by_group"),
    one_sided=OUTCOME_ONLY,
)
def overview_losses(s: StormFacts) -> dict[str, Any]:
    """Forces in sand territories in the sectors the storm moves into die, except in Imperial Basin (the
    overview gives the exception without condition; rock, strongholds and the Polar Sink are not sand); Advanced
    Fremen lose half, rounded up: a faction advantage that overrides it (overview.storm.fremen-advanced)."""
    return group_losses(s, overview_group_hit(s))


@overview_losses.z3
def _(v: Any) -> z3.BoolRef:
    def lost(i: int) -> Any:
        n = v.group_count[i]
        return z3.If(z3.And(v.group_fremen[i], v.fremen_advanced), (n + 1) / 2, n)

    return all_of(
        v.group_lost[i]
        == z3.If(
            z3.And(
                v.group_sand[i],
                z3.Not(v.group_sheltered[i]),
                z3_hits(v.group_sector[i], v.storm_sector, v.distance, v.placed),
            ),
            lost(i),
            0,
        )
        for i in range(len(v.group_lost))
    )


# overview:105 "Faction advantages override standard rules. Each faction has unique abilities detailed on
#              Player Sheets."
# overview:106 "Advanced Game adds: ... unique faction advanced abilities." -- what Advanced Fremen lose to the
#              storm is such an ability; the overview does not print it, and its ruleset reads GF9's sheet:
# gf9:411 "If caught by storm, lose half the affected force tokens, rounding losses up. ..."
# (gf9.storm.losses says it under gf9 together with GF9's storm losses, and so stays out of the overview's ruleset.)


def _fremen_half(s: StormFacts, _o: dict[str, Any]) -> str:
    caught = overview_hit(s, sheets=False).get("fremen", 0)
    return (
        f"Advanced Fremen caught by the storm: {caught} tokens in sand it hits, half of them lost, rounded up: "
        f"{overview_hit(s).get('fremen', 0)} (their Player Sheet, a faction advantage over the standard losses)."
    )


@rule(
    "overview.storm.fremen-advanced",
    on="storm",
    cites="overview:105,106; gf9:411",
    see_also="overview:37",
    title="Advanced Fremen caught by the storm lose half, rounded up (their Player Sheet, read from GF9)",
    permits=_fremen_half,
    needs=("storm_sector", "placed", "forces_placed"),
    when=fremen_caught,
    one_sided="it says what Advanced Fremen lose (overview.storm.losses fixes the number); it forbids nothing",
)
def fremen_advanced(s: StormFacts) -> bool:
    """Advanced Fremen forces in sand the storm hits lose half, rounded up: a faction advantage that overrides the
    standard losses (overview:105, 106), printed on GF9's sheet (gf9:411)."""
    return True


@fremen_advanced.z3
def _(v: Any) -> z3.BoolRef:
    def caught(i: int) -> Any:
        hit = z3_hits(v.group_sector[i], v.storm_sector, v.distance, v.placed)
        return z3.And(v.group_fremen[i], v.fremen_advanced, v.group_sand[i], z3.Not(v.group_sheltered[i]), hit)

    return all_of(
        z3.Implies(caught(i), v.group_lost[i] == (v.group_count[i] + 1) / 2) for i in range(len(v.group_lost))
    )


# overview:16 "• Storm Marker, Game Turn Counter, Destroyed Shield Wall Token"
# overview:98 "Strongholds: Arrakeen, Carthag, Sietch Tabr, Tuek's Sietch, Habbanya Sietch (some with the Shield Wall
#             and specific rules)."


def _wall_storm_open(s: StormFacts) -> bool:
    """The storm reaches forces the Shield Wall shelters, and the wall is not known to stand."""
    if s.storm_sector is None or s.shield_wall_standing is True:
        return False
    hit = hit_sectors(s.storm_sector, s.distance, s.placed)
    return any(
        s.group_sheltered[i] and s.group_count[i] and s.group_sector[i] in hit for i in range(len(s.group_sheltered))
    )


def _decided_groups(s: StormFacts) -> str:
    """The losses the wall does not touch: each other group the storm reaches, decided (overview:37)."""
    hit = hit_sectors(s.storm_sector or 0, s.distance, s.placed)
    lost = overview_group_hit(s)
    parts = [
        f"{display(s.group_faction[i])} {lost[i]} in {s.group_territory[i]} sector {s.group_sector[i]}"
        for i in range(len(s.group_faction))
        if not s.group_sheltered[i] and s.group_count[i] and s.group_sector[i] in hit and s.group_sand[i]
    ]
    return f"; the other groups it reaches are decided: {', '.join(parts)} lost" if parts else ""


gap(
    "overview.storm.shield-wall",
    on="storm",
    cites="overview:16,98",
    see_also="overview:37,102",
    title="The storm and the strongholds by a destroyed Shield Wall (their rules, not printed)",
    reason="the storm reaches forces in Arrakeen, Carthag or Imperial Basin and the Shield Wall is destroyed (or the "
    "position does not say it stands): the overview lists a Destroyed Shield Wall token (overview:16) and gives the "
    "strongholds by the Shield Wall 'specific rules' (overview:98) it does not print",
    explain=lambda s: (
        "the storm reaches forces in Arrakeen, Carthag or Imperial Basin, and "
        + (
            "the Shield Wall is destroyed"
            if s.shield_wall_standing is False
            else "the position does not give 'shield_wall' (whether the Shield Wall stands)"
        )
        + ": the overview lists a Destroyed Shield Wall token (overview:16) and gives the strongholds by the Shield "
        "Wall 'specific rules' (overview:98) it does not print" + _decided_groups(s)
    ),
    when=_wall_storm_open,
    # what the storm does to the forces there, not where it stops, nor the spice it removes: overview:37 removes
    # spice in storm sectors without condition, and of the losses only those groups are open (a partial value is
    # not in the published format: the whole key is unknown, the finding names the groups decided)
    leaves_open=("losses", "losses_by_group"),
)


@rule(
    "overview.storm.spice",
    on="storm",
    cites="overview:37",
    title="Spice in the storm's sectors is removed",
    permits="Spice removed by the storm: {spice_lost}.",
    needs=("storm_sector", "placed", "spice_placed", "spice_given"),
    defines=("spice_lost",),
    one_sided=OUTCOME_ONLY,
)
def overview_spice(s: StormFacts) -> dict[str, Any]:
    """Spice in the sectors the storm moves into is removed."""
    return {"spice_lost": check_spice_lost(s)}


overview_spice.z3(z3_spice)


# overview:103 "First Player: Determined by whose Player Marker the storm next approaches."
@rule(
    "overview.storm.first-player",
    on="storm",
    cites="overview:103",
    title="First Player: the marker the storm next approaches",
    permits=lambda s, o: (
        f"{display(o['first_player'])} is First Player: the storm in sector {step(s.storm_sector or 0, s.distance)} "
        "next approaches its marker."
    ),
    needs=("storm_sector",),
    when=lambda s: bool(s.seats_known),  # without seats, only First Player is left out
    defines=("first_player",),
    one_sided=OUTCOME_ONLY,
)
def overview_first_player(s: StormFacts) -> dict[str, Any]:
    """First Player is the faction whose player marker lies next ahead of the storm, counterclockwise."""
    return first_player(s)


overview_first_player.z3(z3_first_seat)
