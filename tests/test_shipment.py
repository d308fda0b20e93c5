"""Shipment: the worked cases, the Fremen zone, Guild rates and the Bene Gesserit's free force."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.api import check, check_text
from checker.board import gf9_board
from checker.cases import CASES, mismatches
from checker.kinds.shipment import GREAT_FLAT
from checker.position import read_position
from checker.rules import ruleset_rules
from checker.yamlio import load_yaml

SHIP_CASES = sorted(CASES.glob("*/ship-*.yaml"))
COMPONENTS = Path(__file__).resolve().parent.parent / "constraints" / "data" / "gf9-components.yaml"


@pytest.mark.parametrize("path", SHIP_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_ship_case(path: Path) -> None:
    pos = read_position(path)
    assert pos.expect is not None
    assert mismatches(pos.expect, check(pos)) == []


def test_enough_cases() -> None:
    assert len([p for p in SHIP_CASES if p.parent.name == "gf9"]) >= 25


@pytest.mark.parametrize("ruleset", ["gf9", "overview"])
def test_every_shipment_rule_shown_both_ways(ruleset: str) -> None:
    forbidden: set[str] = set()
    permitted: set[str] = set()
    for path in SHIP_CASES:
        expect = (load_yaml(path) or {}).get("expect") or {}
        forbidden |= set(expect.get("forbids", [])) | set(expect.get("minimal_reason", []))
        permitted |= set(expect.get("permits", []))
    for rid, r in ruleset_rules(ruleset).items():
        if r.on != "ship" or r.one_sided or r.status != "confirmed":
            continue
        assert rid in forbidden, f"{rid}: no case where it forbids"
        assert rid in permitted, f"{rid}: no case where it permits"


def test_fremen_zone_matches_components_note() -> None:
    board = gf9_board()
    zone = {n for n in board.names if (d := board.territory_distance(GREAT_FLAT, n)) is not None and d <= 2}
    note = load_yaml(COMPONENTS)["fremen_shipment_zone_note"]
    listed = note.split("lists that zone as:")[1].split(". Derive")[0]
    names = {x.strip().lower() for x in listed.replace("\n", " ").split(",")}
    assert len(zone) == 16
    assert {z.lower() for z in zone} == names


def test_fremen_zone_form_matches_bfs() -> None:
    from constraints.gf9.factions_shipment import fremen_zone_indices

    board = gf9_board()
    bfs = {board[n].index for n in board.names if (board.territory_distance(GREAT_FLAT, n) or 99) <= 2}
    bfs.add(board[GREAT_FLAT].index)
    assert set(fremen_zone_indices()) == bfs


GUILD = """
ruleset: gf9
storm: 18
factions: {{spacing-guild: {{spice: 40, reserves: 20}}}}
forces: [{{faction: spacing-guild, territory: Habbanya Sietch, count: 20}}]
move: {move}
"""


@pytest.mark.parametrize("n", range(1, 11))
def test_guild_rates(n: int) -> None:
    cases = {
        f"{{action: ship, faction: guild, count: {n}, to: Arrakeen}}": -(-n // 2),
        f"{{action: ship, faction: guild, count: {n}, to: The Great Flat}}": n,
        f"{{action: ship, faction: guild, count: {n}, from: Habbanya Sietch, to: Carthag}}": -(-n // 2),
        f"{{action: ship, faction: guild, count: {n}, from: Habbanya Sietch, to: reserves}}": -(-n // 2),
    }
    for move, cost in cases.items():
        v = check_text(GUILD.format(move=move))
        assert v.verdict == "legal", (move, v.forbidding(), v.reason)
        assert v.outcome["cost"] == cost, move
        assert v.outcome["paid_to"] == "bank"


@pytest.mark.parametrize("value", ["true", "polar-sink", "Polar-Sink"])
def test_accompany_polar_sink_spellings(value: str) -> None:
    v = check_text(f"""
ruleset: gf9
storm: 3
factions: {{atreides: {{spice: 10, reserves: 10}}, bene-gesserit: {{reserves: 5}}}}
move: {{action: ship, faction: atreides, count: 1, to: Carthag, accompany: {value}}}
""")
    assert v.verdict == "legal"
    assert v.outcome["bene_gesserit"] == {"territory": "Polar Sink", "advisor": False}


def test_accompany_without_bene_gesserit_in_game() -> None:
    v = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
move: {action: ship, faction: atreides, count: 1, to: Carthag, accompany: true}
""")
    assert v.forbidding() == ["gf9.shipment.bg-accompany"]


def test_accompany_unknown_bg_reserves_is_unresolved() -> None:
    v = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
forces: [{faction: bene-gesserit, territory: Polar Sink, count: 1}]
move: {action: ship, faction: atreides, count: 1, to: Carthag, accompany: true}
""")
    assert v.verdict == "unresolved"
    assert "factions.bene-gesserit.reserves" in v.reason


def test_no_outcome_guess_without_rule() -> None:
    """The overview names no payee: the outcome leaves it out rather than report the model's whim."""
    v = check_text("""
ruleset: overview
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
move: {action: ship, faction: atreides, count: 2, to: Carthag}
""")
    assert v.verdict == "legal"
    assert "paid_to" not in v.outcome and "losses" not in v.outcome and "bene_gesserit" not in v.outcome


def test_advanced_fremen_named_storm_sector() -> None:
    v = check_text("""
ruleset: gf9
advanced: true
storm: 14
factions: {fremen: {reserves: 10}}
move: {action: ship, faction: fremen, count: 4, to: Wind Pass, sector: 14}
""")
    assert v.verdict == "legal"
    assert v.outcome["losses"] == {"fremen": 2}
    assert v.outcome["sector"] == 14
