"""Movement: the search, the path outcome and the range-plus-storm core."""

from __future__ import annotations

import time

import pytest

from checker.api import check_text
from checker.arrakis.kinds.movement import K_MAX, geo, movement_facts, search
from checker.arrakis.position import load_position
from checker.yamlio import parse_yaml

BASE = """
ruleset: {ruleset}
{storm}
forces:
  - {{faction: atreides, territory: Imperial Basin, sector: 8, count: 5}}
{extra}
move: {{action: move, faction: atreides, count: 3, from: Imperial Basin, to: {to}}}
"""


def text(to: str, storm: int | None = 9, ruleset: str = "gf9", extra: str = "") -> str:
    return BASE.format(ruleset=ruleset, storm=f"storm: {storm}" if storm else "", to=to, extra=extra)


def facts(to: str, storm: int | None = 9):
    return movement_facts(load_position(parse_yaml(text(to, storm))))


def test_board_sectors_form_chains() -> None:
    g = geo()
    assert g.arc[(g.loc_id[("Imperial Basin", 8)], g.loc_id[("Imperial Basin", 10)])] == (8, 9, 10)
    assert g.arc[(g.loc_id[("Cielago North", 18)], g.loc_id[("Cielago North", 2)])] == (18, 1, 2)


def test_search_goes_round_the_storm() -> None:
    f = facts("Arsunt")
    g = geo()
    assert search(f) == (1, [g.terr_id["Arsunt"]])
    cost, path = search(f, storm="gf9") or (None, [])
    assert cost == 2 and [g.terr_names[t] for t in path] == ["Polar Sink", "Arsunt"]
    assert 2 <= f.path_limit <= K_MAX


def test_range_plus_storm_core() -> None:
    v = check_text(text("Arsunt"))
    assert v.verdict == "illegal"
    assert sorted(v.minimal_reason) == ["gf9.movement.range", "gf9.movement.storm"]
    assert all(f.message.startswith("Together") for f in v.findings)
    said = {f.rule.id: f.message for f in v.findings}
    assert "no path" not in said["gf9.movement.storm"]  # a path clear of the storm exists: it is too long
    assert "Imperial Basin → Polar Sink → Arsunt, entering 2 territories" in said["gf9.movement.storm"]
    assert "range is 1" in said["gf9.movement.range"]


def test_legal_path_outcome() -> None:
    v = check_text(text("Arsunt", storm=3))
    assert v.verdict == "legal"
    # Arsunt spans sectors 10 and 11 and the move names neither: the sector is the player's choice, not the answer
    assert v.outcome["path"] == ["Arsunt"] and "sector" not in v.outcome
    v = check_text(text("Imperial Basin", storm=3).replace("to: Imperial Basin}", "to: Imperial Basin, sector: 10}"))
    assert v.outcome["path"] == [] and v.outcome["sector"] == 10


def test_storm_unknown_is_unresolved() -> None:
    v = check_text(text("Arsunt", storm=None))
    assert v.verdict == "unresolved" and "storm" in v.reason


def test_overview_forbids_passing_an_ally_gf9_permits() -> None:
    extra = "  - {faction: fremen, territory: Polar Sink, count: 1}\n"
    extra += "  - {faction: fremen, territory: Arsunt, sector: 11, count: 1}\n"
    extra += "  - {faction: atreides, territory: Arrakeen, count: 1}\nalliances: [[atreides, fremen]]"
    t = text("Hagga Basin", storm=3, extra=extra).replace("to: Hagga Basin}", "to: Hagga Basin, via: [Arsunt]}")
    assert check_text(t).verdict == "legal"
    v = check_text(t.replace("ruleset: gf9", "ruleset: overview"))
    assert v.forbidding() == ["overview.movement.allies"]


def test_warm_checks_are_quick() -> None:
    positions = [text("Arsunt"), text("Arsunt", storm=3), text("Polar Sink")]
    loaded = [load_position(parse_yaml(t)) for t in positions]
    from checker.api import check

    for p in loaded:
        check(p)
    start = time.perf_counter()
    n = 0
    while n < 30:
        for p in loaded:
            check(p)
            n += 1
    per_second = n / (time.perf_counter() - start)
    assert per_second > 5  # a loose floor: the machine is shared; benchmarks/ reports the real rate


# -- a declared route (via) that is blocked: say which step, and name a legal route -------------

ROUTE = """
ruleset: {ruleset}
storm: 9
factions: {{atreides: {{spice: 10}}, emperor: {{spice: 5}}, harkonnen: {{spice: 5}}}}
forces:
  - {{faction: atreides, territory: Imperial Basin, sector: 8, count: 5}}
{extra}
move: {{action: move, faction: atreides, count: 5, from: Imperial Basin, to: {to}, via: {via}}}
"""


def test_a_blocked_route_names_its_step_and_a_legal_route() -> None:
    extra = "  - {faction: atreides, territory: Arrakeen, count: 1}"
    v = check_text(ROUTE.format(ruleset="gf9", extra=extra, to="Hagga Basin", via="[Arsunt]"))
    assert v.forbidding() == ["gf9.movement.storm"]
    message = v.findings[0].message
    assert "declared route Imperial Basin → Arsunt → Hagga Basin is blocked" in message
    assert "cannot reach Arsunt" in message and "sector 9" in message
    assert "A legal route: Imperial Basin → Polar Sink → Hagga Basin." in message
    assert "no path" not in message
    legal = check_text(ROUTE.format(ruleset="gf9", extra=extra, to="Hagga Basin", via="[Polar Sink]"))
    assert legal.verdict == "legal" and legal.outcome["path"] == ["Polar Sink", "Hagga Basin"]


def test_a_blocked_route_with_no_legal_route_says_so() -> None:
    # no ornithopters: range 1, and Arsunt is reachable only across the storm
    v = check_text(ROUTE.format(ruleset="gf9", extra="", to="Arsunt", via="[Arsunt]"))
    assert "gf9.movement.storm" in v.forbidding()
    assert "No legal route reaches Arsunt." in next(f.message for f in v.findings if f.rule.id == "gf9.movement.storm")


@pytest.mark.parametrize("ruleset", ["gf9", "overview"])
def test_a_route_through_a_closed_stronghold_names_who_holds_it(ruleset: str) -> None:
    extra = (
        "  - {faction: atreides, territory: Arrakeen, count: 1}\n"
        "  - {faction: harkonnen, territory: Carthag, count: 3}\n"
        "  - {faction: emperor, territory: Carthag, count: 2}"
    )
    text = ROUTE.format(ruleset=ruleset, extra=extra, to="Hagga Basin", via="[Carthag]")
    v = check_text(text.replace("storm: 9", "storm: 3"))
    rule_id = f"{ruleset}.movement.closed-strongholds"
    assert rule_id in v.forbidding()
    message = next(f.message for f in v.findings if f.rule.id == rule_id)
    assert "enters Carthag" in message and "Emperor and Harkonnen already hold it" in message
    assert "A legal route:" in message


def test_overview_route_through_an_ally_names_the_territory() -> None:
    extra = "  - {faction: atreides, territory: Arrakeen, count: 1}\n  - {faction: fremen, territory: Arsunt, count: 1}"
    text = ROUTE.format(ruleset="overview", extra=extra, to="Hagga Basin", via="[Arsunt]")
    v = check_text(text.replace("storm: 9", "storm: 3") + "alliances: [[atreides, fremen]]\n")
    assert v.forbidding() == ["overview.movement.allies"]
    assert "enters Arsunt, where Atreides' ally Fremen has forces" in v.findings[0].message


# -- the phase, and the range each finding names --------------------------------------------------


@pytest.mark.parametrize("ruleset", ["gf9", "overview"])
def test_movement_outside_its_phase(ruleset: str) -> None:
    base = text("Arsunt", storm=3, ruleset=ruleset)
    v = check_text(base + "phase: revival\n")
    assert v.forbidding() == [f"{ruleset}.movement.phase"]
    assert check_text(base + "phase: shipment-and-movement\n").verdict == "legal"
    assumed = check_text(base)
    assert assumed.verdict == "legal" and any("'phase'" in n for n in assumed.notes)


def test_range_findings_name_what_set_the_range() -> None:
    v = check_text(text("Hagga Basin", storm=3))
    assert v.forbidding() == ["gf9.movement.range"]
    assert "its range is 1 (no forces in Arrakeen or Carthag)" in v.findings[0].message
    v = check_text(text("Hagga Basin", storm=3, extra="  - {faction: atreides, territory: Carthag, count: 1}"))
    assert v.verdict == "legal"
    found = next(f for f in v.findings if f.rule.id == "gf9.movement.ornithopters")
    assert "forces in Carthag" in found.message


def test_two_alliances_leave_the_ally_rule_open() -> None:
    extra = (
        "  - {faction: harkonnen, territory: Arsunt, sector: 11, count: 1}\n"
        "alliances: [[atreides, fremen], [atreides, harkonnen]]"
    )
    v = check_text(text("Arsunt", storm=3, extra=extra))
    assert v.verdict == "unresolved" and "gf9.movement.two-alliances" in v.reason


def test_polar_sink_beside_ally_names_the_exception() -> None:
    """Ending in the Polar Sink beside an ally is permitted because of the Polar Sink, and the finding says so
    (not that the mover avoided its ally's territory)."""
    v = check_text(
        text(
            "Polar Sink",
            storm=3,
            extra="  - {faction: fremen, territory: Polar Sink, count: 2}\nalliances: [[atreides, fremen]]",
        )
    )
    assert v.verdict == "legal"
    [allies] = [f for f in v.findings if f.rule.id == "gf9.movement.allies"]
    assert "Polar Sink beside its ally Fremen" in allies.message
    assert "permits all factions" in allies.message


def test_from_sector_only_where_the_group_leaves_one_sector() -> None:
    """A group gathered from sectors 8 and 10 has no one sector to report; one the storm confines to sector 8 has."""
    both = check_text("""
ruleset: gf9
storm: 15
forces:
  - {faction: harkonnen, territory: Imperial Basin, sector: 8, count: 3}
  - {faction: harkonnen, territory: Imperial Basin, sector: 10, count: 3}
move: {action: move, faction: harkonnen, count: 6, from: Imperial Basin, to: Polar Sink}
""")
    assert both.verdict == "legal" and "from_sector" not in both.outcome
    one = check_text("""
ruleset: gf9
storm: 9
forces:
  - {faction: harkonnen, territory: Imperial Basin, sector: 8, count: 3}
  - {faction: harkonnen, territory: Imperial Basin, sector: 10, count: 1}
move: {action: move, faction: harkonnen, count: 3, from: Imperial Basin, to: Polar Sink}
""")
    assert one.verdict == "legal" and one.outcome["from_sector"] == 8
    assert not any("chosen by Mentat" in n for n in one.notes + both.notes)
