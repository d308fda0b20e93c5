"""Spice collection: the numbers a player checks, and generated positions on which both encodings agree."""

from __future__ import annotations

import random
from typing import Any

import pytest

import checker.arrakis.kinds.collection  # noqa: F401 - registers the kind
import checker.engine as engine
from checker.arrakis.position import load_position
from checker.engine import Verdict, decide
from checker.facts import KINDS
from checker.rules import ruleset_rules


def _verdict(data: dict[str, Any], ruleset: str | None = None) -> Verdict:
    pos = load_position(data)
    kind = KINDS["collect"]
    rs = ruleset or pos.ruleset
    in_force = [r for r in ruleset_rules(rs, on="collect").values() if r.on == "collect"]
    return decide(rs, kind, in_force, kind.facts(pos))


def _position(forces: list[dict[str, Any]], spice: list[dict[str, Any]], move: dict[str, Any], **extra: Any) -> dict:
    return {"ruleset": "gf9", "phase": "spice-collection", "forces": forces, "spice": spice, "move": move, **extra}


@pytest.fixture(autouse=True)
def _verify_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "VERIFY_EVERY_RULE", True)


def test_two_a_force_without_a_city() -> None:
    v = _verdict(
        _position(
            [{"faction": "fremen", "territory": "The Great Flat", "count": 4}],
            [{"territory": "The Great Flat", "amount": 10}],
            {"action": "collect", "faction": "fremen", "territory": "The Great Flat"},
        )
    )
    assert v.verdict == "legal"
    assert (v.outcome["rate"], v.outcome["spice_collected"], v.outcome["spice_left"]) == (2, 8, 2)
    assert any(f.rule.id == "gf9.collection.rate" and "2 spice per force" in f.message for f in v.findings)


def test_arrakeen_gives_three_a_force_elsewhere() -> None:
    v = _verdict(
        _position(
            [
                {"faction": "atreides", "territory": "The Great Flat", "count": 4},
                {"faction": "atreides", "territory": "Arrakeen", "count": 1},
            ],
            [{"territory": "The Great Flat", "amount": 10}],
            {"action": "collect", "faction": "atreides", "territory": "The Great Flat"},
        )
    )
    assert v.verdict == "legal"
    assert (v.outcome["rate"], v.outcome["spice_collected"], v.outcome["spice_left"]) == (3, 10, 0)
    present = next(f for f in v.findings if f.rule.id == "gf9.collection.present")
    assert "could take 12" in present.message and "10 collected" in present.message
    assert [c.first for c in present.rule.cites] == [309]


def test_advisors_in_arrakeen_do_not_give_the_city_rate() -> None:
    v = _verdict(
        _position(
            [
                {"faction": "bene-gesserit", "territory": "The Great Flat", "count": 3},
                {"faction": "bene-gesserit", "territory": "Arrakeen", "count": 1, "advisors": True},
            ],
            [{"territory": "The Great Flat", "amount": 10}],
            {"action": "collect", "faction": "bene-gesserit", "territory": "The Great Flat"},
            advanced=True,
        )
    )
    assert v.verdict == "legal"
    assert (v.outcome["rate"], v.outcome["spice_collected"]) == (2, 6)


def test_other_sector_is_illegal_and_names_both_sectors() -> None:
    v = _verdict(
        _position(
            [{"faction": "fremen", "territory": "Habbanya Erg", "sector": 16, "count": 3}],
            [{"territory": "Habbanya Erg", "sector": 15, "amount": 8}],
            {"action": "collect", "faction": "fremen", "territory": "Habbanya Erg"},
        )
    )
    assert v.verdict == "illegal" and v.minimal_reason == ["gf9.collection.forces"]
    assert "sector 15" in v.findings[0].message and "sector 16" in v.findings[0].message


def test_the_overview_has_no_sectors() -> None:
    data = _position(
        [{"faction": "fremen", "territory": "Habbanya Erg", "sector": 16, "count": 3}],
        [{"territory": "Habbanya Erg", "sector": 15, "amount": 8}],
        {"action": "collect", "faction": "fremen", "territory": "Habbanya Erg"},
    )
    v = _verdict({**data, "ruleset": "overview"})
    assert v.verdict == "legal" and v.outcome["spice_collected"] == 6


def test_spice_without_sector_lies_in_the_blow_sector_with_a_note() -> None:
    v = _verdict(
        _position(
            [{"faction": "fremen", "territory": "Habbanya Erg", "sector": 15, "count": 1}],
            [{"territory": "Habbanya Erg", "amount": 8}],
            {"action": "collect", "faction": "fremen", "territory": "Habbanya Erg"},
        )
    )
    assert v.verdict == "legal" and v.outcome["spice_collected"] == 2 and v.outcome["spice_left"] == 6
    assert any("spice-blow sector 15" in n for n in v.notes)


def test_a_group_without_sector_is_settled_when_the_others_take_everything() -> None:
    v = _verdict(
        _position(
            [
                {"faction": "fremen", "territory": "Habbanya Erg", "sector": 15, "count": 4},
                {"faction": "fremen", "territory": "Habbanya Erg", "count": 2},
            ],
            [{"territory": "Habbanya Erg", "sector": 15, "amount": 8}],
            {"action": "collect", "faction": "fremen", "territory": "Habbanya Erg"},
        )
    )
    assert v.verdict == "legal" and v.outcome["spice_collected"] == 8
    assert any("forces[1]" in n for n in v.notes)


def test_a_group_without_sector_that_matters_is_unresolved() -> None:
    v = _verdict(
        _position(
            [
                {"faction": "fremen", "territory": "Habbanya Erg", "sector": 15, "count": 1},
                {"faction": "fremen", "territory": "Habbanya Erg", "count": 2},
            ],
            [{"territory": "Habbanya Erg", "sector": 15, "amount": 8}],
            {"action": "collect", "faction": "fremen", "territory": "Habbanya Erg"},
        )
    )
    assert v.verdict == "unresolved" and "forces[1].sector" in v.reason


def test_spice_in_two_sectors_needs_the_move_sector() -> None:
    v = _verdict(
        _position(
            [{"faction": "fremen", "territory": "Habbanya Erg", "sector": 15, "count": 1}],
            [
                {"territory": "Habbanya Erg", "sector": 15, "amount": 8},
                {"territory": "Habbanya Erg", "sector": 16, "amount": 2},
            ],
            {"action": "collect", "faction": "fremen", "territory": "Habbanya Erg"},
        )
    )
    assert v.verdict == "unresolved" and "move.sector" in v.reason


def test_the_storm_does_not_stop_collection() -> None:
    """No line says forces under the storm cannot collect (gf9:99 speaks of shipping, moving, battling)."""
    v = _verdict(
        _position(
            [{"faction": "fremen", "territory": "The Great Flat", "count": 2}],
            [{"territory": "The Great Flat", "amount": 3}],
            {"action": "collect", "faction": "fremen", "territory": "The Great Flat"},
            storm=14,
        )
    )
    assert v.verdict == "legal" and v.outcome["spice_collected"] == 3


def test_stronghold_income_is_advanced_only_and_apart_from_the_harvest() -> None:
    data = _position(
        [{"faction": "harkonnen", "territory": "Arrakeen", "count": 2}],
        [],
        {"action": "collect", "faction": "harkonnen", "territory": "Arrakeen"},
    )
    advanced = _verdict({**data, "advanced": True})
    assert advanced.verdict == "legal"
    assert advanced.outcome["stronghold_income"] == 2 and advanced.outcome["spice_collected"] == 0
    assert _verdict(data).verdict == "illegal"


@pytest.mark.parametrize("ruleset", ["gf9", "overview", "dreamrules"])
def test_no_spice_key_is_not_no_spice(ruleset: str) -> None:
    """With no 'spice' key the board's spice is unknown: whether any lies there decides the collection, so the
    answer is unresolved naming 'spice'; 'spice: []' still says none lies there (illegal)."""
    data = _position(
        [{"faction": "harkonnen", "territory": "The Great Flat", "count": 4}],
        [],
        {"action": "collect", "faction": "harkonnen", "territory": "The Great Flat"},
        ruleset=ruleset,
        turn=5,
        storm=10,
    )
    assert _verdict(data).verdict == "illegal"  # spice: [] is none
    del data["spice"]
    v = _verdict(data)
    assert v.verdict == "unresolved" and "spice" in v.missing
    spice_rule = "overview.collection.spice" if ruleset == "overview" else "gf9.collection.same-sector"
    assert f"{spice_rule}: the position does not give 'spice'" in (v.reason or "")
    assert not any("No spice lies" in f.message for f in v.findings)


@pytest.mark.parametrize("ruleset", ["gf9", "overview"])
def test_no_spice_key_leaves_only_the_amount_unknown_where_income_decides(ruleset: str) -> None:
    """Advanced income makes the collection legal whatever spice lies there: only the amount taken is unknown."""
    v = _verdict(
        {
            "ruleset": ruleset,
            "advanced": True,
            "phase": "spice-collection",
            "forces": [{"faction": "harkonnen", "territory": "Arrakeen", "count": 2}],
            "move": {"action": "collect", "faction": "harkonnen", "territory": "Arrakeen"},
        }
    )
    assert v.verdict == "legal" and v.outcome["stronghold_income"] == 2
    assert "spice_collected" not in v.outcome and "spice_left" not in v.outcome
    assert "the position does not give 'spice'" in v.outcome["unknown"]["spice_collected"]


# -- generated positions: every rule's check and z3 form agree, and the engine never raises ------------

TERRITORIES = ["Habbanya Erg", "The Great Flat", "Broken Land", "Cielago North", "Carthag", "Arrakeen", "Tuek's Sietch"]
FACTIONS = ["atreides", "fremen", "bene-gesserit", "harkonnen"]
PHASES = [None, "spice-collection", "battle"]


def _random_position(rng: random.Random) -> dict[str, Any]:
    from checker.arrakis.board import gf9_board

    board = gf9_board()
    forces = []
    for _ in range(rng.randint(0, 4)):
        t = rng.choice(TERRITORIES)
        group: dict[str, Any] = {"faction": rng.choice(FACTIONS), "territory": t, "count": rng.randint(0, 6)}
        if rng.random() < 0.6:
            group["sector"] = rng.choice(board[t].sectors)
        if group["faction"] == "bene-gesserit" and rng.random() < 0.5:
            group["advisors"] = True
        forces.append(group)
    spice = []
    for _ in range(rng.randint(0, 2)):
        t = rng.choice(TERRITORIES)
        sp: dict[str, Any] = {"territory": t, "amount": rng.randint(0, 14)}
        if rng.random() < 0.5:
            sp["sector"] = rng.choice(board[t].sectors)
        spice.append(sp)
    t = rng.choice(TERRITORIES)
    move: dict[str, Any] = {"action": "collect", "faction": rng.choice(FACTIONS), "territory": t}
    if forces and rng.random() < 0.7:  # mostly a faction collecting where it stands, with spice there
        mine = rng.choice(forces)
        t = mine["territory"]
        move.update(faction=mine["faction"], territory=t)
        spice.append({"territory": t, "amount": rng.randint(0, 14)})
    if rng.random() < 0.4:
        move["sector"] = rng.choice(board[t].sectors)
    data: dict[str, Any] = {
        "ruleset": rng.choice(["gf9", "gf9", "overview"]),
        "advanced": rng.random() < 0.5,
        "forces": forces,
        "spice": spice,
        "move": move,
    }
    phase = rng.choice(PHASES)
    if phase:
        data["phase"] = phase
    return data


def test_generated_positions_agree() -> None:
    rng = random.Random(8307)
    seen: dict[str, int] = {}
    for _ in range(320):
        data = _random_position(rng)
        v = _verdict(data)  # a disagreement between a check and its form raises
        seen[v.verdict] = seen.get(v.verdict, 0) + 1
        if v.verdict == "legal":
            out = v.outcome
            assert out["spice_collected"] + out["spice_left"] >= 0
            assert out["spice_collected"] <= out["rate"] * 20
    assert all(seen.get(k, 0) >= 10 for k in ("legal", "illegal", "unresolved")), seen
