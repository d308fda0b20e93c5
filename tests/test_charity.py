"""CHOAM Charity (checker/arrakis/kinds/charity.py, constraints/*/charity.py): the top-up, the Bene Gesserit,
the phase."""

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
from checker.rules import ruleset_rules

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(ROOT.glob("cases/*/charity-*.yaml"))
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


def charity(
    faction: str,
    spice: int | None,
    *,
    ruleset: str = "gf9",
    advanced: bool = False,
    phase: str | None = "choam-charity",
) -> Verdict:
    data: dict[str, Any] = {
        "ruleset": ruleset,
        "advanced": advanced,
        "factions": {faction: {} if spice is None else {"spice": spice}},
        "move": {"action": "charity", "faction": faction},
    }
    if phase is not None:
        data["phase"] = phase
    return evaluate(load_position(data))


def cited(v: Verdict) -> set[str]:
    """The lines the verdict's findings quote."""
    return {f"{c.doc}:{n}" for f in v.findings for c in f.sources for n in range(c.first, c.last + 1)}


# -- the worked cases ----------------------------------------------------------


def test_enough_cases() -> None:
    assert len([p for p in CASES if p.parent.name == "gf9"]) >= 10
    assert len([p for p in CASES if p.parent.name == "overview"]) >= 4


@pytest.mark.parametrize("layer", ["gf9", "overview"])
def test_every_rule_shown_both_ways(layer: str) -> None:
    seen = shown(CASES, ruleset_rules(layer))
    forbid, permit, unresolved = seen.forbid, seen.permit, seen.unresolved
    rules = {rid: r for rid, r in ruleset_rules(layer).items() if r.on == "charity"}
    assert rules
    for rid, r in rules.items():
        if r.open:
            assert rid in unresolved, f"{rid}: no unresolved case names it"
            continue
        assert rid in permit, f"{rid} has no permitting case"
        assert rid in forbid or r.one_sided, f"{rid} has no forbidding case"


# -- the numbers a player checks -------------------------------------------------


def test_one_spice_is_topped_up_by_one_not_given_two() -> None:
    v = charity("atreides", 1)
    assert v.verdict == "legal"
    assert v.outcome == {"spice_gained": {"atreides": 1}, "spice_total": 2}
    assert "gf9:161" in cited(v)
    top_up = next(f for f in v.findings if f.rule.id == "gf9.charity.top-up")
    assert "holds 1 spice" in top_up.message and "1 spice received" in top_up.message


def test_zero_spice_receives_two() -> None:
    assert charity("fremen", 0).outcome == {"spice_gained": {"fremen": 2}, "spice_total": 2}


@pytest.mark.parametrize("spice", [2, 3, 15])
def test_more_than_one_spice_is_illegal_naming_the_holding(spice: int) -> None:
    v = charity("harkonnen", spice)
    assert v.verdict == "illegal" and v.exit_code == 1
    assert v.forbidding() == ["gf9.charity.eligible"]
    assert f"Harkonnen holds {spice} spice" in v.findings[0].message
    assert cited(v) == {"gf9:161"}


@pytest.mark.parametrize(("spice", "total"), [(0, 2), (1, 3), (5, 7), (20, 22)])
def test_advanced_bene_gesserit_receives_two_regardless(spice: int, total: int) -> None:
    v = charity("bene-gesserit", spice, advanced=True)
    assert v.verdict == "legal"
    assert v.outcome == {"spice_gained": {"bene-gesserit": 2}, "spice_total": total}
    assert {"gf9:163", "gf9:169", "gf9:373"} <= cited(v)
    assert f"{total} spice after charity" in " ".join(f.message for f in v.findings)


def test_advanced_bene_gesserit_on_turn_one() -> None:
    data = {
        "ruleset": "gf9",
        "advanced": True,
        "turn": 1,
        "phase": "choam-charity",
        "factions": {"bene-gesserit": {"spice": 5}},
        "move": {"action": "charity", "faction": "bene-gesserit"},
    }
    assert evaluate(load_position(data)).outcome == {"spice_gained": {"bene-gesserit": 2}, "spice_total": 7}


def test_basic_bene_gesserit_takes_charity_as_any_faction() -> None:
    """gf9:163 and 169 say "Advanced"; gf9:373 stands among the Advanced advisor rules: Basic is gf9:161."""
    three = charity("bene-gesserit", 3)
    assert three.verdict == "illegal" and three.forbidding() == ["gf9.charity.eligible"]
    assert any("Basic game" in n and "gf9:161" in n for n in three.notes)
    one = charity("bene-gesserit", 1)
    assert one.outcome == {"spice_gained": {"bene-gesserit": 1}, "spice_total": 2}


def test_advanced_changes_nobody_elses_charity() -> None:
    assert charity("emperor", 3, advanced=True).verdict == "illegal"
    assert charity("emperor", 1, advanced=True).outcome == {"spice_gained": {"emperor": 1}, "spice_total": 2}


def test_advanced_game_notes_that_bribe_spice_is_not_counted() -> None:
    v = charity("atreides", 1, advanced=True)
    assert any("gf9:165" in n and "factions.atreides.spice" in n for n in v.notes)
    assert not any("gf9:165" in n for n in charity("atreides", 1).notes)  # no bribes in the Basic game


def test_unknown_spice_is_unresolved_naming_the_key() -> None:
    v = charity("atreides", None)
    assert v.verdict == "unresolved" and "factions.atreides.spice" in v.reason


def test_advanced_bene_gesserit_with_unknown_spice_receives_two_its_total_unknown() -> None:
    """gf9:163: two spice whatever it holds; only the total afterwards needs what it holds."""
    bg = charity("bene-gesserit", None, advanced=True)
    assert bg.verdict == "legal" and bg.outcome["spice_gained"] == {"bene-gesserit": 2}
    assert "spice_total" not in bg.outcome and "factions.bene-gesserit.spice" in bg.unknown["spice_total"]


def test_wrong_phase_is_illegal_and_no_phase_is_noted() -> None:
    v = charity("atreides", 0, phase="bidding")
    assert v.verdict == "illegal" and v.forbidding() == ["overview.charity.phase"]
    assert "Bidding phase" in v.findings[0].message
    none = charity("atreides", 0, phase=None)
    assert none.verdict == "legal"
    assert any("'phase'" in n and "CHOAM Charity" in n for n in none.notes)


def test_overview_reads_the_bene_gesserit_sheet_from_gf9() -> None:
    """overview:105 defers the Bene Gesserit's advantage to its sheet: gf9:163 gives it in the Advanced game."""
    v = charity("bene-gesserit", 4, ruleset="overview", advanced=True)
    assert v.verdict == "legal" and v.outcome == {"spice_gained": {"bene-gesserit": 2}, "spice_total": 6}
    assert "gf9.charity.bene-gesserit" in {f.rule.id for f in v.findings}
    assert charity("bene-gesserit", 4, ruleset="overview").forbidding() == ["overview.charity.eligible"]  # Basic
    assert charity("bene-gesserit", 0, ruleset="overview").outcome == {
        "spice_gained": {"bene-gesserit": 2},
        "spice_total": 2,
    }
    assert charity("atreides", 3, ruleset="overview").forbidding() == ["overview.charity.eligible"]


# -- generated positions: the engine never raises, the two encodings agree, the numbers add up ---------


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    ruleset=st.sampled_from(["gf9", "overview"]),
    advanced=st.booleans(),
    faction=st.sampled_from(FACTIONS),
    spice=st.one_of(st.none(), st.integers(0, 4), st.integers(0, 200)),
    phase=st.one_of(st.none(), st.sampled_from(PHASES), st.just("choam-charity")),
)
def test_generated_positions(ruleset: str, advanced: bool, faction: str, spice: int | None, phase: str | None) -> None:
    v = charity(faction, spice, ruleset=ruleset, advanced=advanced, phase=phase)  # raises on a disagreement
    bg = faction == "bene-gesserit"
    if phase not in (None, "choam-charity"):
        assert v.verdict == "illegal" and "overview.charity.phase" in v.forbidding()
        return
    if spice is None:
        if advanced and bg:  # two spice whatever it holds: only its total is unknown
            assert v.verdict == "legal" and f"factions.{faction}.spice" in v.unknown["spice_total"]
        else:
            assert v.verdict == "unresolved" and f"factions.{faction}.spice" in v.reason
        return
    if advanced and bg:  # gf9:163, read by the overview too (overview:105 defers to the sheet)
        assert v.verdict == "legal" and v.outcome == {"spice_gained": {faction: 2}, "spice_total": spice + 2}
    elif spice <= 1:
        assert v.verdict == "legal" and v.outcome == {"spice_gained": {faction: 2 - spice}, "spice_total": 2}
    else:
        assert v.verdict == "illegal" and v.forbidding() == [f"{ruleset}.charity.eligible"]
        assert f"holds {spice} spice" in v.findings[0].message


@pytest.mark.parametrize("spice,pile,verdict", [(0, 5, "legal"), (1, 1, "legal"), (2, 3, "illegal")])
def test_bribe_spice_in_front_of_the_shield_is_not_counted(spice: int, pile: int, verdict: str) -> None:
    """gf9:165: a bribe in front of a shield is not money behind it: charity reads the spice behind the shield, and
    the finding quotes gf9:165 where the bribe spice is what a player might have counted."""
    pos = load_position(
        {
            "ruleset": "gf9",
            "advanced": True,
            "phase": "choam-charity",
            "factions": {"fremen": {"spice": spice, "spice_in_front": pile}},
            "move": {"action": "charity", "faction": "fremen"},
        }
    )
    v = evaluate(pos)
    assert v.verdict == verdict
    f = next(f for f in v.findings if f.rule.id == "gf9.charity.eligible")
    quoted = {c.ref for c in f.sources}
    assert ("gf9:165" in quoted) == (verdict == "legal"), quoted
    assert (f"{pile} spice of bribes" in f.message) == (verdict == "legal"), f.message
    if verdict == "legal":
        assert v.outcome["spice_total"] == 2
