"""Dreamrules' Storm, Nexus, Spice Blow (worms, Thumpers, Shield Wall markers, mines) and CHOAM Charity.

Targeted numbers a player checks at the table (Fremen immune where GF9 halves them, the Nexus card against the
turn, a worm's devoured troops and markers, the Bene Gesserit's charity under Karama), then a generated property
test: dreamrules positions of the storm, blow, worm, thumper and charity kinds, loaded as a user's file would be,
every applicable rule's z3 form cross-checked against its check, never raising.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from campaigns import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.arrakis.board import gf9_board
from checker.arrakis.position import load_position
from checker.engine import Verdict, evaluate


def judge(raw: dict[str, Any], ruleset: str | None = None) -> Verdict:
    return evaluate(load_position(json.loads(json.dumps(raw))), ruleset)


def finding(v: Verdict, rule_id: str) -> str:
    got = [f.message for f in v.findings if f.rule.id == rule_id]
    assert got, f"{rule_id} not among {[f.rule.id for f in v.findings]}"
    return got[0]


def cited(v: Verdict) -> set[str]:
    return {f"{c.doc}:{n}" for f in v.findings for c in f.rule.cites for n in range(c.first, c.last + 1)}


STORM: dict[str, Any] = {
    "ruleset": "dreamrules",
    "turn": 4,
    "phase": "storm",
    "storm": 1,
    "factions": {"fremen": {"spice": 3}, "harkonnen": {"spice": 5}},
    "forces": [
        {"faction": "fremen", "territory": "Cielago North", "sector": 2, "count": 5},
        {"faction": "harkonnen", "territory": "Cielago North", "sector": 2, "count": 3},
    ],
    "move": {"action": "storm", "distance": 3},
}


# -- the storm ---------------------------------------------------------------------------------------------------


def test_fremen_are_immune_where_gf9_halves_them() -> None:
    dr = judge(STORM)
    assert dr.verdict == "legal"
    assert dr.outcome["losses"] == {"harkonnen": 3}
    assert "dreamrules:216" in cited(dr)
    gf9 = judge({**STORM, "advanced": True}, "gf9")
    assert gf9.outcome["losses"] == {"fremen": 3, "harkonnen": 3}  # half of 5, rounded up
    assert "gf9:411" in cited(gf9)


def test_karama_on_storm_immunity_costs_fremen_every_troop() -> None:
    raw = {**STORM, "factions": {"fremen": {"spice": 3, "suppressed": ["Storm Immunity"]}, "harkonnen": {"spice": 5}}}
    v = judge(raw)
    assert v.outcome["losses"] == {"fremen": 5, "harkonnen": 3}
    assert "dreamrules:902" in cited(v)


def test_surveyor_and_atomics_sietch() -> None:
    raw = {
        **STORM,
        "storm": 2,
        "atomics_sietches": ["Tuek's Sietch"],
        "factions": {"ixians": {"spice": 1}, "emperor": {"spice": 5}},
        "forces": [
            {"faction": "ixians", "territory": "Cielago East", "sector": 3, "count": 3, "surveyor": True},
            {"faction": "ixians", "territory": "Cielago East", "sector": 3, "count": 2},
            {"faction": "emperor", "territory": "Tuek's Sietch", "count": 4},
            {"faction": "emperor", "territory": "Sietch Tabr", "count": 6},
        ],
    }
    v = judge(raw)
    assert v.verdict == "legal"
    assert v.outcome["losses"] == {"ixians": 2, "emperor": 4}  # aboard: spared; opened sietch: struck
    assert "Surveyor" in finding(v, "dreamrules.storm.surveyor")


def test_a_destroyed_mine_sends_its_troops_to_reserves_and_leaves_its_spice_open() -> None:
    raw = {
        **STORM,
        "spice": [],  # none but the mine's (the spice lost waits on the mine alone)
        "spice_mines": [{"territory": "Cielago East", "sector": 3, "yield": 2}],
        "factions": {"atreides": {"spice": 2, "carryall": True}, "harkonnen": {"spice": 5}},
        "forces": [
            {"faction": "harkonnen", "territory": "Cielago East", "sector": 3, "count": 2},
            {"faction": "harkonnen", "territory": "Cielago East", "sector": 2, "count": 4},
        ],
    }
    v = judge(raw)
    assert v.verdict == "legal"  # council #1859 leaves open only the spice the mine held
    assert set(v.outcome["unknown"]) == {"spice_lost"}
    assert "#1859" in v.outcome["unknown"]["spice_lost"]
    assert v.outcome["returned_to_reserves"] == {"harkonnen": 2}
    assert "Harkonnen 2" in finding(v, "dreamrules.storm.mine-reserves")
    assert "Carryall" in finding(v, "dreamrules.storm.mine-reserves")
    assert "loses 4" in finding(v, "dreamrules.storm.losses")


def test_a_mine_without_its_sector_is_asked_for() -> None:
    raw = {
        **STORM,
        "spice": [],  # none but the mine's (the spice lost waits on the mine alone)
        "spice_mines": [{"territory": "Cielago East", "yield": 2}],
        "forces": [{"faction": "harkonnen", "territory": "Cielago East", "sector": 3, "count": 2}],
        "move": {"action": "storm", "distance": 2},  # sectors 2 and 3: all of Cielago East
    }
    v = judge(raw)
    assert v.verdict == "legal" and v.outcome["storm"] == 3  # where the storm stops needs no mine
    for value in ("losses", "returned_to_reserves", "spice_lost"):  # what it destroys does
        assert "spice_mines[].sector" in v.unknown[value] and value not in v.outcome


def test_dials_with_fremen_after_turn_one_cite_the_prepared_card() -> None:
    v = judge({**STORM, "move": {"action": "storm", "dials": [1, 2]}})
    assert v.verdict == "illegal"
    assert v.forbidding() == ["dreamrules.storm.storm-card"]
    assert "dreamrules:204" in cited(v)


# -- the Nexus ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("turn", range(1, 11))
@pytest.mark.parametrize("card", [*range(1, 8), "blank"])
def test_nexus_card_against_the_turn(turn: int, card: int | str) -> None:
    raw = {**STORM, "turn": turn, "nexus_card": card, "move": {"action": "storm", "distance": 2}}
    if turn == 1:
        raw["move"] = {"action": "storm", "dials": [3, 4]}
    v = judge(raw)
    assert v.verdict == "legal"
    assert v.outcome["nexus"] is (card != "blank" and int(card) < turn)
    assert "dreamrules:228" in cited(v)


def test_no_nexus_card_no_nexus_answer_after_turn_one() -> None:
    assert "nexus" not in judge(STORM).outcome
    assert judge({**STORM, "turn": 1, "move": {"action": "storm", "dials": [3, 4]}}).outcome["nexus"] is False


# -- the Spice Blow -------------------------------------------------------------------------------------------------

WORM: dict[str, Any] = {
    "ruleset": "dreamrules",
    "turn": 3,
    "phase": "spice-blow",
    "shield_wall_markers": 3,
    "alliances": [["fremen", "atreides"]],
    "factions": {"fremen": {"spice": 3, "thumpers": 2}, "harkonnen": {"spice": 5}, "atreides": {"spice": 2}},
    "spice": [{"territory": "Cielago North", "amount": 6, "sector": 2}],
    "forces": [
        {"faction": "fremen", "territory": "Cielago North", "sector": 2, "count": 4},
        {"faction": "harkonnen", "territory": "Cielago North", "sector": 2, "count": 3},
        {"faction": "atreides", "territory": "Cielago North", "sector": 1, "count": 2},
    ],
    "move": {"action": "worm", "territory": "Cielago North"},
}


def test_a_drawn_worm_devours_the_exposed_and_adds_a_marker() -> None:
    v = judge(WORM)
    assert v.verdict == "legal"
    assert v.outcome["devoured"] == {"harkonnen": 3}
    assert v.outcome["spice_lost"] == 6
    assert v.outcome["shield_wall_markers"] == 4
    assert {"dreamrules:256", "dreamrules:276", "dreamrules:1136"} <= cited(v)


def test_karama_on_worm_riding_lets_the_worm_devour_fremen() -> None:
    raw = {**WORM, "factions": {**WORM["factions"], "fremen": {"spice": 3, "suppressed": ["worm_riding"]}}}
    v = judge(raw)
    assert v.outcome["devoured"] == {"fremen": 4, "harkonnen": 3}


def test_a_thumper_worm_eats_spice_not_troops_and_adds_no_marker() -> None:
    v = judge({**WORM, "move": {"action": "thumper", "faction": "fremen", "territory": "Cielago North"}})
    assert v.verdict == "legal"
    # losses, the shared key, sums the troops devoured and those back to reserves: none here
    assert v.outcome == {"devoured": {}, "spice_lost": 6, "shield_wall_markers": 3, "losses": {}}
    assert "dreamrules:272" in cited(v)


def test_thumper_limits() -> None:
    thumper = {"action": "thumper", "faction": "fremen", "territory": "Cielago North"}
    one_left = {**WORM["factions"], "fremen": {"spice": 3, "thumpers": 1}}
    assert "dreamrules.blow.thumper-once" in judge({**WORM, "factions": one_left, "move": thumper}).reason
    none_left = {**WORM["factions"], "fremen": {"spice": 3, "thumpers": 0}}
    assert judge({**WORM, "factions": none_left, "move": thumper}).forbidding() == ["dreamrules.blow.thumper-token"]
    rock = {**thumper, "territory": "Arrakeen"}
    assert "dreamrules.blow.thumper-terrain" in judge({**WORM, "move": rock}).forbidding()


def test_worms_outside_gf9_and_the_blow_phase() -> None:
    from checker.compare import carried_for
    from checker.errors import InputError

    gf9 = carried_for({**WORM, "ruleset": "gf9", "advanced": True}, "gf9")  # without the Dreamrules keys
    with pytest.raises(InputError, match="'worm' is a move of dreamrules only"):  # gf9 has no worm move
        judge(gf9)
    blow = {**WORM, "phase": "nexus", "storm": 5, "move": {"action": "blow", "card": "Cielago South"}}
    assert judge(blow).forbidding() == ["dreamrules.blow.phase"]
    assert judge({**blow, "advanced": True}, "gf9").verdict == "legal"  # GF9's phase is Spice Blow and Nexus
    worm_card = {
        **blow,
        "phase": "spice-blow",
        "move": {"action": "blow", "card": "shai-hulud", "previous": "Cielago South"},
    }
    v = judge(worm_card)
    assert v.verdict == "unresolved" and "#1837" in v.reason
    assert "no Nexus" not in v.reason and "not trigger a Nexus" in finding(v, "dreamrules.blow.no-nexus")


# -- CHOAM Charity --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("spice", "stopped", "total"), [(0, False, 2), (5, False, 7), (1, True, 2), (0, True, 2)])
def test_bene_gesserit_charity(spice: int, stopped: bool, total: int) -> None:
    state: dict[str, Any] = {"spice": spice, **({"suppressed": ["Charity"]} if stopped else {})}
    raw = {
        "ruleset": "dreamrules",
        "phase": "choam-charity",
        "factions": {"bene-gesserit": state},
        "move": {"action": "charity", "faction": "bene-gesserit"},
    }
    v = judge(raw)
    assert v.verdict == "legal"
    assert v.outcome == {"spice_gained": {"bene-gesserit": total - spice}, "spice_total": total}


def test_karama_on_charity_refuses_a_holding_bene_gesserit() -> None:
    raw = {
        "ruleset": "dreamrules",
        "phase": "choam-charity",
        "factions": {"bene-gesserit": {"spice": 3, "suppressed": ["Charity"]}},
        "move": {"action": "charity", "faction": "bene-gesserit"},
    }
    v = judge(raw)
    assert v.forbidding() == ["dreamrules.charity.karama"]
    assert "dreamrules:918" in cited(v)


# -- generated positions ---------------------------------------------------------------------------------------------

BOARD = gf9_board()
TERRITORIES = sorted(BOARD.names)
FACTIONS = ["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit", "bene-tleilax", "ixians"]
MINE_SITES = ["Arsunt", "Bight Of The Cliff", "Cielago East", "Cielago West", "Gara Kulon"]
SIETCHES = ["Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch"]
PHASES = ["storm", "nexus", "spice-blow", "choam-charity", "bidding", "shipment-and-movement"]
SPICE_CARDS = sorted(n for n in TERRITORIES if BOARD[n].spice_blow is not None)
GENERATED = examples(400)


def _sector(draw: Any, territory: str) -> int | None:
    sectors = BOARD[territory].sectors
    return draw(st.sampled_from(sectors)) if sectors and draw(st.booleans()) else None


def _maybe(draw: Any, raw: dict[str, Any], key: str, strategy: Any) -> None:
    if draw(st.booleans()):
        raw[key] = draw(strategy)


@st.composite
def dreamrules_position(draw: Any) -> dict[str, Any]:
    players = draw(st.lists(st.sampled_from(FACTIONS), min_size=1, max_size=5, unique=True))
    raw: dict[str, Any] = {"ruleset": "dreamrules"}
    _maybe(draw, raw, "turn", st.integers(1, 10))
    _maybe(draw, raw, "phase", st.sampled_from(PHASES))
    _maybe(draw, raw, "storm", st.integers(1, 18))
    _maybe(draw, raw, "shield_wall", st.sampled_from(["standing", "destroyed"]))
    _maybe(draw, raw, "shield_wall_markers", st.integers(0, 5))
    _maybe(draw, raw, "nexus_card", st.sampled_from([*range(1, 8), "blank"]))
    _maybe(draw, raw, "atomics_sietches", st.lists(st.sampled_from(SIETCHES), max_size=1))
    factions: dict[str, Any] = {}
    for f in players:
        state: dict[str, Any] = {}
        _maybe(draw, state, "spice", st.integers(0, 6))
        if draw(st.integers(0, 3)) == 0:
            state["suppressed"] = [draw(st.sampled_from(["Storm Immunity", "Worm Riding", "Charity"]))]
        if f == "fremen":
            _maybe(draw, state, "thumpers", st.integers(0, 2))
        if f == "atreides" and draw(st.booleans()):
            state["carryall"] = True
        factions[f] = state
    raw["factions"] = factions
    mines = []
    for _ in range(draw(st.integers(0, 2))):
        site = draw(st.sampled_from(MINE_SITES))
        mine: dict[str, Any] = {"territory": site, "yield": 2}
        sector = _sector(draw, site)
        if sector is not None:
            mine["sector"] = sector
        mines.append(mine)
    if mines:
        raw["spice_mines"] = mines
    forces = []
    near = [*MINE_SITES, *SIETCHES, "Cielago North", "Imperial Basin", "Arrakeen", "Polar Sink", "False Wall East"]
    for _ in range(draw(st.integers(0, 5))):
        territory = draw(st.sampled_from(near if draw(st.booleans()) else TERRITORIES))
        group: dict[str, Any] = {
            "faction": draw(st.sampled_from(players)),
            "territory": territory,
            "count": draw(st.integers(0, 8)),
        }
        sector = _sector(draw, territory)
        if sector is not None:
            group["sector"] = sector
        if group["faction"] == "ixians" and draw(st.booleans()):
            group["surveyor"] = True
        forces.append(group)
    if forces or draw(st.booleans()):
        raw["forces"] = forces
    if draw(st.booleans()):
        spice = []
        for _ in range(draw(st.integers(0, 2))):
            territory = draw(st.sampled_from(near))
            pile: dict[str, Any] = {"territory": territory, "amount": draw(st.integers(0, 9))}
            sector = _sector(draw, territory)
            if sector is not None:
                pile["sector"] = sector
            spice.append(pile)
        raw["spice"] = spice
    if len(players) >= 2 and draw(st.booleans()):
        raw["alliances"] = [draw(st.lists(st.sampled_from(players), min_size=2, max_size=2, unique=True))]
    kind = draw(st.sampled_from(["storm", "blow", "worm", "thumper", "thumper", "charity"]))
    target = draw(st.sampled_from(near))
    if kind == "storm":
        move: dict[str, Any] = {"action": "storm"}
        if draw(st.booleans()):
            move["distance"] = draw(st.integers(0, 20))
        else:
            move["dials"] = [draw(st.integers(0, 20)), draw(st.integers(0, 20))]
    elif kind == "blow":
        move = {"action": "blow", "card": draw(st.sampled_from([*SPICE_CARDS, "shai-hulud"]))}
        if draw(st.booleans()):
            move["previous"] = draw(st.sampled_from(SPICE_CARDS))
    elif kind == "worm":
        move = {"action": "worm", "territory": target}
        raw.setdefault("turn", 1)  # a first-turn worm awaits #1838 (a mine's spice, #1859, is only a value)
    elif kind == "thumper":
        if draw(st.integers(0, 3)) > 0:  # mostly Fremen with a Thumper and troops where it calls the worm
            factions.setdefault("fremen", {})["thumpers"] = draw(st.sampled_from([2, 2, 1, 0]))
            raw.setdefault("forces", []).append({"faction": "fremen", "territory": target, "count": 2})
            raw.setdefault("spice", [])
            if raw.get("phase") not in (None, "spice-blow") and draw(st.booleans()):
                del raw["phase"]
        who = "fremen" if draw(st.integers(0, 3)) else draw(st.sampled_from(players))
        move = {"action": "thumper", "faction": who, "territory": target}
    else:
        move = {"action": "charity", "faction": draw(st.sampled_from(players))}
        if draw(st.booleans()):
            raw["phase"] = "choam-charity"
    raw["move"] = move
    return raw


SEEN: dict[str, set[str]] = {}


@settings(
    max_examples=GENERATED,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(raw=dreamrules_position())
def test_generated_dreamrules_positions_agree(raw: dict[str, Any]) -> None:
    """Every applicable rule's check and z3 form agree (a disagreement raises); a refusal names a rule."""
    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True
    try:
        pos = load_position(json.loads(json.dumps(raw)))
        verdict = evaluate(pos)
    finally:
        engine.VERIFY_EVERY_RULE = verify
    assert verdict.verdict in ("legal", "illegal", "unresolved")
    SEEN.setdefault(raw["move"]["action"], set()).add(verdict.verdict)
    if verdict.verdict == "illegal":
        assert verdict.forbidding() and verdict.minimal_reason
    elif verdict.verdict == "unresolved":
        assert verdict.reason and "Mentat does not encode yet" not in verdict.reason
    else:
        assert not verdict.forbidding()
    json.dumps(verdict.as_json())


def test_generated_positions_reach_every_verdict() -> None:
    """Run after the property test (file order): each kind was answered legal, illegal and unresolved."""
    if not SEEN:
        pytest.skip("the property test did not run in this session")
    for action, seen in SEEN.items():
        assert {"legal", "illegal", "unresolved"} <= seen, f"{action}: only {sorted(seen)}"
