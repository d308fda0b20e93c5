"""The storm carried forward group by group (issue 18): the verdict's ``losses_by_group`` says which groups lose
which forces, so a faction with groups both sheltered and in the sand the storm crosses is carried, its Tanks up by
the same numbers; what the outcome leaves open (which tokens of a group of both kinds) is answered unresolved."""

from __future__ import annotations

import copy
from typing import Any

from checker.api import check
from checker.game import Applied, Refused, apply
from checker.positions import load_position

# From sector 7 the dials 1 + 2 move the storm to 10, hitting 8, 9 and 10: Arrakeen (9) is a stronghold behind the
# standing Shield Wall, Old Gap (9) is sand.
SHELTERED_AND_SAND: dict[str, Any] = {
    "ruleset": "gf9",
    "turn": 5,
    "phase": "storm",
    "this_phase": [],
    "storm": 7,
    "shield_wall": "standing",
    "factions": {
        "atreides": {"spice": 5, "tanks": 1, "tanks_special": 0, "reserves": 9},
        "harkonnen": {"spice": 5, "tanks": 0, "tanks_special": 0, "reserves": 12},
    },
    "forces": [
        {"faction": "atreides", "territory": "Arrakeen", "count": 6},
        {"faction": "harkonnen", "territory": "Tsimpo", "sector": 12, "count": 4},
        {"faction": "atreides", "territory": "Old Gap", "sector": 9, "count": 2},
        {"faction": "harkonnen", "territory": "Broken Land", "sector": 10, "count": 3},
    ],
    "move": {"action": "storm", "dials": [1, 2]},
}

# Advanced, with the Fremen: the Storm Card moves the storm 3 (from 7 to 10); Fremen caught lose half of each
# group, rounded up (gf9:411); Shield Wall (8) is rock.
FREMEN_HALVES: dict[str, Any] = {
    "ruleset": "gf9",
    "advanced": True,
    "turn": 5,
    "phase": "storm",
    "this_phase": [],
    "storm": 7,
    "shield_wall": "standing",
    "factions": {"fremen": {"spice": 3, "tanks": 0, "tanks_special": 1}, "harkonnen": {"spice": 5}},
    "forces": [
        {"faction": "fremen", "territory": "Basin", "count": 5},
        {"faction": "fremen", "territory": "Shield Wall", "sector": 8, "count": 4},
        {"faction": "fremen", "territory": "Broken Land", "sector": 10, "special": 2},
    ],
    "move": {"action": "storm", "distance": 3},
}


def _applied(data: dict[str, Any]) -> Applied:
    result = apply(copy.deepcopy(data))
    assert isinstance(result, Applied), result.verdict.reason or result.verdict.forbidding()
    return result


def _refused(data: dict[str, Any]) -> Refused:
    result = apply(copy.deepcopy(data))
    assert isinstance(result, Refused)
    return result


def _forces(after: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    return [(g["faction"], g["territory"], g.get("count", 0), g.get("special", 0)) for g in after["forces"]]


def test_a_faction_sheltered_in_one_group_loses_only_its_group_in_the_sand() -> None:
    result = _applied(SHELTERED_AND_SAND)
    o = result.verdict.outcome
    assert o["losses"] == {"atreides": 2, "harkonnen": 3}
    assert o["losses_by_group"] == [  # in the position's forces order
        {"faction": "atreides", "territory": "Old Gap", "sector": 9, "tokens": 2, "count": 2, "special": 0},
        {"faction": "harkonnen", "territory": "Broken Land", "sector": 10, "tokens": 3, "count": 3, "special": 0},
    ]
    after = result.data
    assert after["storm"] == 10
    # Arrakeen's 6 stay behind the Shield Wall; Tsimpo's sector 12 is beyond the storm
    assert _forces(after) == [("atreides", "Arrakeen", 6, 0), ("harkonnen", "Tsimpo", 4, 0)]
    assert after["factions"]["atreides"]["tanks"] == 3 and after["factions"]["harkonnen"]["tanks"] == 3
    assert after["factions"]["atreides"]["reserves"] == 9  # the storm sends to the Tanks, not to reserves
    assert after["this_phase"] == ["storm"]
    assert check(load_position(after)).verdict == "legal"


def test_the_same_storm_with_the_shield_wall_destroyed_takes_arrakeen_too() -> None:
    destroyed = {**SHELTERED_AND_SAND, "shield_wall": "destroyed"}
    result = _applied(destroyed)
    assert result.verdict.outcome["losses"]["atreides"] == 8
    assert [g["territory"] for g in result.verdict.outcome["losses_by_group"]] == ["Arrakeen", "Old Gap", "Broken Land"]
    assert _forces(result.data) == [("harkonnen", "Tsimpo", 4, 0)]
    assert result.data["factions"]["atreides"]["tanks"] == 1 + 8


def test_advanced_fremen_lose_half_of_each_group_caught() -> None:
    result = _applied(FREMEN_HALVES)
    o = result.verdict.outcome
    assert o["losses"] == {"fremen": 4}  # 3 of 5 in Basin, 1 of 2 Fedaykin in Broken Land; the rock spares 4
    assert [(g["territory"], g["count"], g["special"]) for g in o["losses_by_group"]] == [
        ("Basin", 3, 0),
        ("Broken Land", 0, 1),
    ]
    assert _forces(result.data) == [
        ("fremen", "Basin", 2, 0),
        ("fremen", "Shield Wall", 4, 0),
        ("fremen", "Broken Land", 0, 1),
    ]
    fremen = result.data["factions"]["fremen"]
    assert (fremen["tanks"], fremen["tanks_special"]) == (3, 2)


def test_which_tokens_of_a_mixed_group_fremen_lose_is_unresolved_not_guessed() -> None:
    mixed = copy.deepcopy(FREMEN_HALVES)
    mixed["forces"][0] = {"faction": "fremen", "territory": "Basin", "count": 4, "special": 1}
    mixed["factions"]["fremen"]["tanks_special"] = 0  # three Fedaykin in all
    result = _refused(mixed)
    # the move is legal and its losses decided (3 of the 5 tokens), but not whether Fedaykin are among them
    assert result.verdict.verdict == "unresolved" and result.verdict.outcome["losses"] == {"fremen": 4}
    first = result.verdict.outcome["losses_by_group"][0]
    assert (first["tokens"], first["count"], first["special"]) == (3, None, None)
    assert "fremen's storm losses in Basin (3) but not which of its forces there" in (result.verdict.reason or "")


def test_a_part_of_two_groups_in_one_place_is_not_shared_out() -> None:
    split = copy.deepcopy(FREMEN_HALVES)
    split["forces"].append({"faction": "fremen", "territory": "Basin", "count": 1})  # 5 + 1 there: 3 lost
    result = _refused(split)
    assert result.verdict.outcome["losses_by_group"][0]["tokens"] == 3
    assert "fremen's storm losses in Basin but not which group's they are" in (result.verdict.reason or "")


def test_an_illegal_storm_is_not_applied() -> None:
    result = _refused({**SHELTERED_AND_SAND, "move": {"action": "storm", "dials": [1, 4]}})
    assert result.verdict.verdict == "illegal" and result.verdict.forbidding() == ["gf9.storm.later-dials"]


def test_a_group_the_storm_may_or_may_not_reach_is_unresolved() -> None:
    unplaced = copy.deepcopy(SHELTERED_AND_SAND)
    del unplaced["forces"][3]["sector"]  # Broken Land: 10 is hit, 11 is not
    result = _refused(unplaced)
    assert result.verdict.verdict == "unresolved"
    assert {"losses", "losses_by_group"} <= set(result.verdict.outcome["unknown"])
    assert "unknown" in (result.verdict.reason or "")
