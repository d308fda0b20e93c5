"""Alliances and deals (checker/arrakis/kinds/alliance.py, constraints/*/alliances.py): ally, bribe, give."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from campaigns import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import checker.engine
from checker.arrakis.position import PHASES, load_position
from checker.cases import shown
from checker.engine import Verdict, evaluate
from checker.errors import InputError
from checker.rules import ruleset_rules

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for pattern in ("ally", "bribe", "give") for p in ROOT.glob(f"cases/*/{pattern}-*.yaml"))
FACTIONS = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")
KINDS = ("ally", "bribe", "give")


@pytest.fixture(autouse=True)
def verify_every_rule() -> Iterator[None]:
    """Every applicable rule's z3 form is asked on its own and must agree with its check."""
    before = checker.engine.VERIFY_EVERY_RULE
    checker.engine.VERIFY_EVERY_RULE = True
    try:
        yield
    finally:
        checker.engine.VERIFY_EVERY_RULE = before


def judge(data: dict[str, Any]) -> Verdict:
    return evaluate(load_position({"ruleset": "gf9", **data}))


def cited(v: Verdict) -> set[str]:
    return {f"{c.doc}:{n}" for f in v.findings for c in f.rule.cites for n in range(c.first, c.last + 1)}


def message(v: Verdict, rule_id: str) -> str:
    return next(f.message for f in v.findings if f.rule.id == rule_id)


# -- the worked cases ----------------------------------------------------------


@pytest.mark.parametrize("layer", ["gf9", "overview"])
def test_every_rule_shown_both_ways(layer: str) -> None:
    seen = shown(CASES, ruleset_rules(layer))
    forbid, permit, unresolved = seen.forbid, seen.permit, seen.unresolved
    rules = {rid: r for rid, r in ruleset_rules(layer).items() if r.on in KINDS}
    assert rules
    for rid, r in rules.items():
        if r.open:
            assert rid in unresolved, f"{rid}: no unresolved case names it"
            continue
        assert rid in permit, f"{rid} has no permitting case"
        assert rid in forbid or r.one_sided, f"{rid} has no forbidding case"


# -- ally -----------------------------------------------------------------------------


@pytest.mark.parametrize("phase", [p for p in PHASES if p != "nexus"])
def test_an_alliance_outside_a_nexus_is_illegal_naming_the_phase(phase: str) -> None:
    v = judge({"phase": phase, "move": {"action": "ally", "factions": ["atreides", "fremen"]}})
    assert v.verdict == "illegal" and v.forbidding() == ["gf9.alliances.form-in-nexus"]
    assert cited(v) == {"gf9:131"}
    assert phase.split("-")[0].lower() in message(v, "gf9.alliances.form-in-nexus").lower()


def test_forming_in_a_nexus_is_legal_and_lists_the_alliance() -> None:
    v = judge(
        {
            "phase": "nexus",
            "alliances": [["harkonnen", "emperor"]],
            "move": {"action": "ally", "factions": ["atreides", "fremen"]},
        }
    )
    assert v.verdict == "legal" and v.exit_code == 0
    assert v.outcome["alliances"] == [["harkonnen", "emperor"], ["atreides", "fremen"]]
    assert v.outcome["must_separate"] == []


def test_new_allies_must_separate_where_they_share_a_territory_but_not_in_the_polar_sink() -> None:
    forces = [
        {"faction": "atreides", "territory": "Carthag", "count": 2},
        {"faction": "fremen", "territory": "Carthag", "count": 1},
        {"faction": "atreides", "territory": "Polar Sink", "count": 2},
        {"faction": "fremen", "territory": "Polar Sink", "count": 3},
        {"faction": "fremen", "territory": "Arrakeen", "count": 3},
    ]
    v = judge({"phase": "nexus", "forces": forces, "move": {"action": "ally", "factions": ["atreides", "fremen"]}})
    assert v.outcome["must_separate"] == ["Carthag"]
    assert "Carthag" in message(v, "gf9.alliances.must-separate")


def test_a_faction_allied_elsewhere_is_named_with_its_ally() -> None:
    v = judge(
        {
            "phase": "nexus",
            "alliances": [["fremen", "emperor"]],
            "move": {"action": "ally", "factions": ["atreides", "fremen"]},
        }
    )
    assert v.forbidding() == ["gf9.alliances.one-alliance"]
    assert "Fremen is already allied with Emperor" in message(v, "gf9.alliances.one-alliance")


def test_three_factions_are_one_too_many() -> None:
    v = judge({"phase": "nexus", "move": {"action": "ally", "factions": ["atreides", "fremen", "emperor"]}})
    assert v.forbidding() == ["gf9.alliances.size"] and "3 factions" in v.findings[0].message


def test_breaking_outside_a_nexus_is_illegal_and_in_one_legal() -> None:
    move = {"action": "ally", "factions": ["emperor"], "break": True}
    ok = judge({"phase": "nexus", "alliances": [["emperor", "fremen"]], "move": move})
    assert ok.verdict == "legal" and ok.outcome["alliances"] == []
    bad = judge({"phase": "revival", "alliances": [["emperor", "fremen"]], "move": move})
    assert bad.forbidding() == ["gf9.alliances.break-in-nexus"] and cited(bad) == {"gf9:133"}


def test_no_phase_is_unresolved_naming_the_key() -> None:
    v = judge({"move": {"action": "ally", "factions": ["atreides", "fremen"]}})
    assert v.verdict == "unresolved" and v.missing == ["phase"]


@pytest.mark.parametrize(
    "move",
    [
        {"action": "ally", "factions": ["atreides"]},
        {"action": "ally", "factions": ["atreides", "atreides"]},
        {"action": "ally", "factions": [], "break": True},
        {"action": "bribe", "faction": "atreides", "to": "atreides", "amount": 1},
        {"action": "give", "faction": "emperor", "to": "emperor", "amount": 1},
    ],
)
def test_malformed_moves_are_input_errors(move: dict[str, Any]) -> None:
    with pytest.raises(InputError):
        judge({"advanced": True, "phase": "nexus", "move": move})


# -- bribe and give -------------------------------------------------------------------------------


@pytest.mark.parametrize(("spice", "amount"), [(10, 3), (3, 3), (1, 1)])
def test_a_bribe_leaves_the_briber_with_the_rest_and_lies_in_front_of_the_shield(spice: int, amount: int) -> None:
    v = judge(
        {
            "advanced": True,
            "factions": {"harkonnen": {"spice": spice}},
            "move": {"action": "bribe", "faction": "harkonnen", "to": "fremen", "amount": amount},
        }
    )
    assert v.verdict == "legal"
    assert v.outcome == {
        "cost": amount,
        "paid_to": "fremen",
        "spice_total": spice - amount,
        "in_front_of_shield": {"fremen": amount},
        "spendable_from": "mentat-pause",
        "spice_gained": {"fremen": amount},
    }
    assert "gf9:333" in cited(v)


def test_a_bribe_beyond_holdings_names_both_numbers() -> None:
    v = judge(
        {
            "advanced": True,
            "factions": {"harkonnen": {"spice": 2}},
            "move": {"action": "bribe", "faction": "harkonnen", "to": "fremen", "amount": 5},
        }
    )
    assert v.forbidding() == ["gf9.deals.bribe-within-spice"]
    assert "holds 2 spice" in v.findings[0].message and "5 spice" in v.findings[0].message


def test_a_basic_bribe_is_illegal_and_says_the_game_was_assumed_basic() -> None:
    v = judge(
        {
            "factions": {"harkonnen": {"spice": 9}},
            "move": {"action": "bribe", "faction": "harkonnen", "to": "fremen", "amount": 1},
        }
    )
    assert v.forbidding() == ["gf9.deals.bribe-advanced"] and cited(v) == {"gf9:337"}
    assert any("'advanced'" in n for n in v.notes)


def test_the_emperors_gift_reaches_the_allys_total() -> None:
    v = judge(
        {
            "alliances": [["emperor", "bene-gesserit"]],
            "factions": {"emperor": {"spice": 7}, "bene-gesserit": {"spice": 0}},
            "move": {"action": "give", "faction": "emperor", "to": "bene-gesserit", "amount": 7},
        }
    )
    assert v.verdict == "legal" and v.outcome == {
        "cost": 7,
        "paid_to": "bene-gesserit",
        "spice_gained": {"bene-gesserit": 7},
        "spice_total": 0,
        "ally_spice_total": 7,
    }


def test_a_gift_without_the_allys_spice_gives_the_givers_total_only() -> None:
    v = judge(
        {
            "alliances": [["emperor", "fremen"]],
            "factions": {"emperor": {"spice": 7}},
            "move": {"action": "give", "faction": "emperor", "to": "fremen", "amount": 2},
        }
    )
    assert v.verdict == "legal" and v.outcome["spice_total"] == 5 and v.outcome["spice_gained"] == {"fremen": 2}
    assert "factions.fremen.spice" in v.unknown["ally_spice_total"] and "ally_spice_total" not in v.outcome


def test_overview_allows_bribes_and_reads_what_they_do_from_gf9() -> None:
    """overview:107 allows deals and bribes between non-allies and says no more: gf9 says where the spice goes."""
    bribe = {"action": "bribe", "faction": "harkonnen", "to": "fremen", "amount": 1}
    v = evaluate(load_position({"ruleset": "overview", "factions": {"harkonnen": {"spice": 3}}, "move": bribe}))
    assert v.verdict == "legal"
    rules = {f.rule.id for f in v.findings}
    assert "overview.deals.not-allies" in rules and "gf9.deals.bribe-in-front" in rules
    give = {"action": "give", "faction": "emperor", "to": "fremen", "amount": 1}
    v = evaluate(load_position({"ruleset": "overview", "alliances": [["emperor", "fremen"]], "move": give}))
    assert v.verdict == "unresolved"


# -- generated positions: the two encodings agree and nothing raises ---------------------------

phases = st.one_of(st.none(), st.sampled_from(PHASES))
spice = st.one_of(st.none(), st.integers(0, 30))
group = st.fixed_dictionaries(
    {
        "faction": st.sampled_from(FACTIONS),
        "territory": st.sampled_from(["Carthag", "Arrakeen", "Polar Sink", "The Great Flat", "Tuek's Sietch"]),
        "count": st.integers(0, 5),
    }
)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    pool = draw(st.permutations(FACTIONS))
    pairs = draw(st.integers(0, 2))
    alliances = [list(pool[2 * i : 2 * i + 2]) for i in range(pairs)]
    if draw(st.booleans()) and alliances:  # sometimes a faction in two alliances, as a position may say
        alliances.append([alliances[0][0], pool[5]])
    action = draw(st.sampled_from(KINDS))
    a, b = draw(st.permutations(FACTIONS))[:2]
    move: dict[str, Any]
    if action == "ally":
        n = draw(st.integers(1, 3))
        brk = n == 1 or draw(st.booleans())
        move = {"action": "ally", "factions": draw(st.permutations(FACTIONS))[:n], "break": brk}
    else:
        move = {"action": action, "faction": a, "to": b, "amount": draw(st.integers(1, 20))}
    data: dict[str, Any] = {
        "ruleset": draw(st.sampled_from(["gf9", "gf9", "overview"])),
        "advanced": draw(st.booleans()),
        "alliances": alliances,
        "factions": {f: ({} if (s := draw(spice)) is None else {"spice": s}) for f in FACTIONS},
        "forces": draw(st.lists(group, max_size=6)),
        "move": move,
    }
    if (phase := draw(phases)) is not None:
        data["phase"] = phase
    return data


@settings(max_examples=examples(320), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_generated_positions_agree(data: dict[str, Any]) -> None:
    v = evaluate(load_position(data))
    assert v.verdict in ("legal", "illegal", "unresolved")
    if v.verdict == "legal" and data["ruleset"] == "gf9" and data["move"]["action"] in ("bribe", "give"):
        start = data["factions"][data["move"]["faction"]]["spice"]
        assert v.outcome["spice_total"] == start - data["move"]["amount"]
