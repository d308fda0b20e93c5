"""Treachery Cards played outside a battle plan (checker/arrakis/kinds/play.py, constraints/gf9/cards.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import checker.engine
from checker.arrakis.kinds.play import ADVANTAGE_WORDS, ADVANTAGES, ATTEMPT_OPEN, ATTEMPTED, NOT_CANCELLABLE
from checker.arrakis.position import PHASES, card_names, load_position
from checker.cases import shown
from checker.engine import Verdict, evaluate
from checker.errors import InputError
from checker.rules import ruleset_rules

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(ROOT.glob("cases/*/play-*.yaml"))
FACTIONS = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")


@pytest.fixture(autouse=True)
def verify_every_rule() -> Iterator[None]:
    """Every applicable rule's z3 form is asked on its own and must agree with its check."""
    before = checker.engine.VERIFY_EVERY_RULE
    checker.engine.VERIFY_EVERY_RULE = True
    try:
        yield
    finally:
        checker.engine.VERIFY_EVERY_RULE = before


def play(faction: str, card: str, *, hand: Any = None, **position: Any) -> Verdict:
    keys = position.pop("keys", {})
    if card in ("Weather Control", "Family Atomics") and "storm_moved" not in keys:
        position.setdefault("this_phase", [])  # the Storm Phase has seen nothing yet: the storm has not moved
    others = {f: {"spice": 5} for f in position.pop("also", ()) if f != faction}  # other players listed
    data: dict[str, Any] = {
        "ruleset": position.pop("ruleset", "gf9"),
        "factions": {faction: {"hand": [card] if hand is None else hand}, **others},
        "move": {"action": "play", "faction": faction, "card": card, **keys},
        **position,
    }
    return evaluate(load_position(data))


def cited(v: Verdict) -> set[str]:
    return {f"{c.doc}:{n}" for f in v.findings for c in f.rule.cites for n in range(c.first, c.last + 1)}


def message(v: Verdict, rule_id: str) -> str:
    return next(f.message for f in v.findings if f.rule.id == rule_id)


# -- the worked cases ----------------------------------------------------------


def test_enough_cases() -> None:
    assert len(CASES) >= 40


def test_every_rule_shown_both_ways() -> None:
    seen = shown(CASES, ruleset_rules("gf9"))
    forbid, permit, unresolved = seen.forbid, seen.permit, seen.unresolved
    rules = {rid: r for rid, r in ruleset_rules("gf9").items() if r.on == "play"}
    assert len(rules) >= 30
    for rid, r in rules.items():
        if r.open:
            assert rid in unresolved, f"{rid}: no unresolved case names it"
            continue
        assert rid in permit or (r.one_sided and rid in forbid), f"{rid} has no permitting case"
        assert rid in forbid or r.one_sided, f"{rid} has no forbidding case"


# -- Weather Control ---------------------------------------------------------------


@pytest.mark.parametrize(("storm", "distance", "to"), [(5, 4, 9), (16, 5, 3), (18, 10, 10), (7, 0, 7), (1, 1, 2)])
def test_weather_control_moves_the_storm_counterclockwise(storm: int, distance: int, to: int) -> None:
    v = play("atreides", "Weather Control", turn=2, phase="storm", storm=storm, keys={"distance": distance})
    assert v.verdict == "legal"
    assert v.outcome == {"storm_distance": distance, "storm_sector": to, "discarded": "Weather Control"}
    assert f"from sector {storm}, {distance} sectors to sector {to}" in message(v, "gf9.cards.weather-storm-sector")


@pytest.mark.parametrize("distance", [11, 12, 30])
def test_weather_control_beyond_ten_is_illegal_naming_the_number(distance: int) -> None:
    v = play("harkonnen", "Weather Control", turn=4, phase="storm", storm=3, keys={"distance": distance})
    assert v.verdict == "illegal" and v.forbidding() == ["gf9.cards.weather-distance"]
    assert f"{distance} sectors" in v.findings[0].message and cited(v) == {"gf9:93"}


def test_weather_control_on_turn_one_and_an_unknown_turn() -> None:
    v = play("fremen", "Weather Control", turn=1, phase="storm", storm=3, keys={"distance": 2})
    assert v.forbidding() == ["gf9.cards.weather-after-turn-one"] and "turn 1" in v.findings[0].message
    unknown = play("fremen", "Weather Control", phase="storm", storm=3, keys={"distance": 2})
    assert unknown.verdict == "unresolved" and "turn" in unknown.reason


def test_weather_control_without_a_distance_names_the_key() -> None:
    v = play("fremen", "Weather Control", turn=3, phase="storm", storm=3)
    assert v.verdict == "unresolved" and "move.distance" in v.reason


def test_without_a_phase_the_storm_phase_is_assumed_and_said() -> None:
    v = play("emperor", "Weather Control", turn=3, storm=3, keys={"distance": 1})
    assert v.verdict == "legal"
    assert any("taken to be the Storm Phase" in n for n in v.notes)


@pytest.mark.parametrize("card", ["Weather Control", "Family Atomics"])
def test_whether_the_storm_moved_is_read_from_the_phase_history_never_assumed(card: str) -> None:
    """gf9:93, 501: before the storm moves. The move's storm_moved decides, else this phase's history (a record's
    ``storm`` entry); where neither says, the verdict is unresolved, naming the key."""
    rule = f"gf9.cards.{'weather' if card == 'Weather Control' else 'atomics'}-before-storm-moves"
    keys = {"distance": 2} if card == "Weather Control" else {}
    forces = [{"faction": "atreides", "territory": "Imperial Basin", "sector": 8, "count": 3}]
    where = {"turn": 3, "phase": "storm", "storm": 5, "forces": forces}
    moved = play("atreides", card, this_phase=["storm"], **where, keys=keys)
    assert moved.forbidding() == [rule] and "this phase's history" in message(moved, rule)
    assert play("atreides", card, this_phase=[], **where, keys=keys).verdict == "legal"
    assert play("atreides", card, this_phase=["storm"], **where, keys={**keys, "storm_moved": False}).verdict == "legal"
    unknown = evaluate(
        load_position(
            {
                "ruleset": "gf9",
                **where,
                "factions": {"atreides": {"hand": [card]}},
                "move": {"action": "play", "faction": "atreides", "card": card, **keys},
            }
        )
    )
    assert unknown.verdict == "unresolved" and "move.storm_moved" in unknown.reason
    assert not any("not moved" in f.message for f in unknown.findings if f.rule.id == rule)


# -- Family Atomics ------------------------------------------------------------------


def atomics(forces: list[dict[str, Any]], *, storm: int = 2, advanced: bool = False, who: str = "atreides") -> Verdict:
    return play(who, "Family Atomics", turn=3, phase="storm", storm=storm, forces=forces, advanced=advanced)


def test_atomics_destroys_every_force_on_the_wall_counting_specials_and_advisors() -> None:
    v = atomics(
        [
            {"faction": "atreides", "territory": "Sihaya Ridge", "count": 1},
            {"faction": "fremen", "territory": "Shield Wall", "sector": 7, "count": 2, "special": 2},
            {"faction": "bene-gesserit", "territory": "Shield Wall", "sector": 8, "count": 1, "advisors": True},
            {"faction": "harkonnen", "territory": "Imperial Basin", "sector": 8, "count": 6},
        ],
        advanced=True,
    )
    assert v.verdict == "legal"
    assert v.outcome["destroyed"] == {"fremen": 4, "bene-gesserit": 1}
    assert v.outcome["shield_wall"] == "destroyed" and v.outcome["removed_from_game"] == "Family Atomics"
    assert "discarded" not in v.outcome
    assert "Bene Gesserit 1, Fremen 4" in message(v, "gf9.cards.atomics-destroys")


@pytest.mark.parametrize(
    "territory", ["False Wall East", "Gara Kulon", "Hole In The Rock", "Pasty Mesa", "The Minor Erg"]
)
def test_every_territory_touching_the_wall_qualifies(territory: str) -> None:
    assert atomics([{"faction": "atreides", "territory": territory, "count": 1}], storm=14).verdict == "legal"


@pytest.mark.parametrize("territory", ["Carthag", "Arrakeen", "Old Gap", "Polar Sink"])
def test_territories_not_touching_the_wall_do_not(territory: str) -> None:
    v = atomics([{"faction": "atreides", "territory": territory, "count": 5}], storm=14)
    assert v.forbidding() == ["gf9.cards.atomics-near-wall"]


@pytest.mark.parametrize(
    ("sector", "storm", "verdict"),
    [(10, 9, "illegal"), (10, 10, "legal"), (8, 8, "legal"), (9, 8, "illegal"), (9, 10, "legal"), (10, 14, "legal")],
)
def test_storm_between_the_force_and_the_wall(sector: int, storm: int, verdict: str) -> None:
    """Imperial Basin spans 8-10 and touches the wall from sector 8 only: storm in between cuts it off; the force's
    own sector, or the wall's, under the storm does not (gf9:501)."""
    v = atomics([{"faction": "atreides", "territory": "Imperial Basin", "sector": sector, "count": 2}], storm=storm)
    assert v.verdict == verdict
    if verdict == "illegal":
        assert v.forbidding() == ["gf9.cards.atomics-storm-between"] and f"sector {storm}" in v.findings[0].message


def test_a_fighter_elsewhere_saves_the_advisors_case() -> None:
    forces = [
        {"faction": "bene-gesserit", "territory": "Shield Wall", "sector": 7, "count": 1, "advisors": True},
        {"faction": "bene-gesserit", "territory": "Gara Kulon", "count": 1},
    ]
    assert atomics(forces, advanced=True, who="bene-gesserit").verdict == "legal"
    assert atomics(forces[:1], advanced=True, who="bene-gesserit").forbidding() == ["gf9.cards.atomics-advisors"]


# -- the other cards ---------------------------------------------------------------------


def test_hajr_names_the_movement_question_in_a_note() -> None:
    v = play("atreides", "Hajr", turn=2, phase="shipment-and-movement", keys={"after_movement": True})
    assert v.verdict == "legal" and v.outcome == {"extra_movements": 1}
    assert any("move question" in n for n in v.notes)


@pytest.mark.parametrize("cancels", sorted(NOT_CANCELLABLE))
def test_karama_cannot_stop_what_the_text_excludes(cancels: str) -> None:
    v = play("atreides", "Karama", turn=3, phase="bidding", keys={"karama_use": "cancel", "cancels": cancels})
    assert v.verdict == "illegal" and len(v.forbidding()) == 1
    assert cited(v) <= {"gf9:469", "gf9:471"}


def _stopper(holder: str) -> str:
    return "atreides" if holder != "atreides" else "harkonnen"


@pytest.mark.parametrize("cancels", sorted(ADVANTAGES))
def test_karama_stops_a_printed_advantage_when_it_is_attempted(cancels: str) -> None:
    # the Advanced game: whether the Basic game has a Kwisatz Haderach to stop is open (gf9.cards.karama-kh-basic)
    holder = ADVANTAGES[cancels][0]
    for phase in ATTEMPTED[cancels][0]:
        keys = {"karama_use": "cancel", "cancels": cancels}
        v = play(_stopper(holder), "Karama", turn=3, phase=phase, advanced=True, also=[holder], keys=keys)
        assert v.verdict == "legal" and v.outcome == {"discarded": "Karama"}, (phase, v.reason, v.forbidding())
        assert "gf9.cards.karama-attempted-phase" in {f.rule.id for f in v.findings}


@pytest.mark.parametrize("cancels", sorted(ADVANTAGES))
def test_karama_outside_the_advantages_phases_stops_nothing(cancels: str) -> None:
    """gf9:463 "when that advantage is attempted": in another phase there is no use to stop (or, where the text
    leaves open when it is attempted there, the answer is unresolved naming those lines)."""
    holder = ADVANTAGES[cancels][0]
    phases, lines = ATTEMPTED[cancels]
    for phase in (p for p in PHASES if p not in phases):
        keys = {"karama_use": "cancel", "cancels": cancels}
        v = play(_stopper(holder), "Karama", turn=3, phase=phase, advanced=True, also=[holder], keys=keys)
        if cancels in ATTEMPT_OPEN:
            assert v.verdict == "unresolved" and v.reason.startswith("gf9.cards.karama-attempt-open")
            assert ATTEMPT_OPEN[cancels] in v.reason
            continue
        assert v.forbidding() == ["gf9.cards.karama-attempted-phase"], (phase, v.forbidding())
        said = message(v, "gf9.cards.karama-attempted-phase")
        assert ADVANTAGE_WORDS[cancels] in said and lines in said and phase.split("-")[0] in said.lower()


@pytest.mark.parametrize("cancels", sorted(ADVANTAGES))
def test_karama_against_an_absent_factions_advantage_stops_nothing(cancels: str) -> None:
    holder = ADVANTAGES[cancels][0]
    phase = ATTEMPTED[cancels][0][0]
    keys = {"karama_use": "cancel", "cancels": cancels}
    v = play(_stopper(holder), "Karama", turn=3, phase=phase, advanced=True, also=["fremen", "emperor"], keys=keys)
    if holder in ("fremen", "emperor"):
        assert v.verdict == "legal"
        return
    assert v.forbidding() == ["gf9.cards.karama-attempted-holder"]
    assert "is not in the game" in v.findings[0].message
    unlisted = play(_stopper(holder), "Karama", turn=3, phase=phase, advanced=True, players=6, keys=keys)
    assert unlisted.verdict == "unresolved" and f"factions.{holder}" in unlisted.reason


def test_karama_against_a_basic_kwisatz_haderach_is_open() -> None:
    keys = {"karama_use": "cancel", "cancels": "kwisatz-haderach"}
    v = play("harkonnen", "Karama", turn=3, phase="battle", also=["atreides"], keys=keys)
    assert v.verdict == "unresolved" and v.reason.startswith("gf9.cards.karama-kh-basic")


def test_karama_naming_a_card_cannot_cancel_it() -> None:
    v = play("atreides", "Karama", turn=3, phase="battle", keys={"karama_use": "cancel", "cancels": "weather control"})
    assert v.forbidding() == ["gf9.cards.karama-not-cards"] and "Weather Control" in v.findings[0].message


@pytest.mark.parametrize("faction", ["harkonnen", "emperor", "spacing-guild"])
def test_unprinted_karama_powers_are_unresolved(faction: str) -> None:
    v = play(faction, "Karama", turn=3, phase="battle", keys={"karama_use": "power", "power_used": False})
    assert v.verdict == "unresolved" and "gf9.cards.karama-power-unprinted" in v.reason
    said = next(f.message for f in v.findings if f.rule.id == "gf9.cards.karama-power-unprinted")
    names = {"harkonnen": "Harkonnen's", "emperor": "the Emperor's", "spacing-guild": "the Spacing Guild's"}
    assert said.startswith(f"gf9 does not print {names[faction]} special Karama power")
    assert ("Guild" in said) == (faction == "spacing-guild")


def test_karama_power_without_the_once_per_game_record_names_the_key() -> None:
    v = play("atreides", "Karama", turn=3, phase="battle", keys={"karama_use": "power"})
    assert v.verdict == "unresolved" and "move.power_used" in v.reason


@pytest.mark.parametrize("card", ["Baliset", "Jubba Cloak", "Kulon", "La La La", "Trip to Gamont"])
def test_worthless_cards_cannot_be_freely_discarded(card: str) -> None:
    v = play("atreides", card, turn=3, phase="bidding")
    assert v.forbidding() == ["gf9.cards.worthless-no-discard"]


def test_the_overview_prints_no_card_rules_and_reads_gf9s() -> None:
    """overview:78 only names the special cards: what Weather Control does is gf9's text, read by fallback."""
    v = play("atreides", "Weather Control", ruleset="overview", turn=3, phase="storm", keys={"distance": 2})
    assert v.verdict == "legal"
    assert all(f.rule.layer in ("gf9", "overview") for f in v.findings)
    assert any(f.rule.layer == "gf9" and f.rule.cites[0].doc == "gf9" for f in v.findings)


@pytest.mark.parametrize(
    ("card", "keys", "key"),
    [
        ("Weather Control", {"distanse": 3}, "move.distanse"),
        ("Weather Control", {"distance": "far"}, "move.distance"),
        ("Hajr", {"after_movement": "yes"}, "move.after_movement"),
        ("Karama", {"karama_use": "bid"}, "move.karama_use"),
        ("Karama", {"karama_use": "power", "territory": "Nowhere"}, "move.territory"),
        ("Truthtrance", {"distance": 3}, "move.distance"),
    ],
)
def test_bad_card_keys_are_input_errors(card: str, keys: dict[str, Any], key: str) -> None:
    with pytest.raises(InputError) as err:
        play("fremen", card, turn=3, phase="storm", keys=keys)
    assert err.value.key == key


# -- generated positions: the engine never raises, both encodings agree -------------------


def _random_position(rng: random.Random) -> dict[str, Any]:
    cards = sorted(set(card_names().values()))
    me = rng.choice(FACTIONS)
    card = rng.choice(cards + ["Weather Control", "Family Atomics", "Karama", "Hajr"] * 3)
    hand: Any = rng.choice([[card], [], rng.sample(cards, 2), rng.randint(0, 4), None])
    keys: dict[str, Any] = {}
    if rng.random() < 0.7:
        keys["distance"] = rng.randint(0, 14)
    for name in ("storm_moved", "after_movement", "plans_revealed", "power_used"):
        if rng.random() < 0.4:
            keys[name] = rng.random() < 0.5
    if rng.random() < 0.6:
        keys["karama_use"] = rng.choice(["cancel", "power"])
    if rng.random() < 0.6:
        keys["cancels"] = rng.choice([*ADVANTAGES, *NOT_CANCELLABLE, "storm", "Hajr"])
    if rng.random() < 0.3:
        keys["territory"] = rng.choice(["The Great Flat", "Carthag", "Shield Wall", "Funeral Plain"])
    from checker.arrakis.kinds.play import CARD_KEYS, KARAMA

    worthless = card in {"Baliset", "Jubba Cloak", "Kulon", "La La La", "Trip to Gamont"}
    as_karama = worthless and rng.random() < 0.5
    allowed = CARD_KEYS.get(KARAMA if (card == KARAMA or as_karama) else card, ())
    keys = {k: v for k, v in keys.items() if k in allowed or (k == "karama_use" and (card == KARAMA or as_karama))}
    territories = ["Shield Wall", "Imperial Basin", "Sihaya Ridge", "Carthag", "Gara Kulon", "The Minor Erg"]
    forces = []
    for _ in range(rng.randint(0, 4)):
        t = rng.choice(territories)
        g: dict[str, Any] = {"faction": rng.choice(FACTIONS), "territory": t, "count": rng.randint(0, 5)}
        if t == "Imperial Basin" and rng.random() < 0.7:
            g["sector"] = rng.choice([8, 9, 10])
        if t == "Shield Wall" and rng.random() < 0.5:
            g["sector"] = rng.choice([7, 8])
        if g["faction"] == "bene-gesserit" and rng.random() < 0.5:
            g["advisors"] = True
        forces.append(g)
    data: dict[str, Any] = {
        "ruleset": rng.choice(["gf9", "gf9", "gf9", "overview"]),
        "advanced": rng.random() < 0.5,
        "factions": {me: {} if hand is None else {"hand": hand}},
        "forces": forces,
        "move": {"action": "play", "faction": me, "card": card, "as_karama": as_karama, **keys},
    }
    for key, values in (("turn", range(1, 11)), ("phase", PHASES), ("storm", range(1, 19))):
        if rng.random() < 0.85:
            data[key] = rng.choice(list(values))
    return data


def test_generated_positions_never_raise_and_agree() -> None:
    rng = random.Random(8)
    verdicts: set[str] = set()
    for _ in range(400):
        data = _random_position(rng)
        v = evaluate(load_position(data))
        verdicts.add(v.verdict)
        if v.verdict == "legal":
            assert all(f.effect == "permits" for f in v.findings)
    assert verdicts >= {"legal", "illegal", "unresolved"}
