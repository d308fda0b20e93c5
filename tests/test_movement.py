"""Movement: the search, the path outcome and the range-plus-storm core."""

from __future__ import annotations

import time

from checker.api import check_text
from checker.kinds.movement import K_MAX, geo, movement_facts, search
from checker.position import load_position
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


def test_legal_path_outcome() -> None:
    v = check_text(text("Arsunt", storm=3))
    assert v.verdict == "legal"
    assert v.outcome["path"] == ["Arsunt"] and v.outcome["sector"] in (10, 11)
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
