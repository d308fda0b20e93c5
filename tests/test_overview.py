"""The overview ruleset as a player meets it: its own text where it speaks, GF9 where it only defers.

The same position under ``gf9`` and ``overview`` gives each text's answer, citing its own lines; a question
the overview leaves to a Player Sheet is answered from GF9's printed sheet, with GF9's lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from checker.api import check_file
from checker.engine import Verdict
from checker.rules import REGISTRY, load_all, ruleset_rules
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent


def _run(case: str, ruleset: str) -> Verdict:
    return check_file(ROOT / "cases" / case, ruleset=ruleset)


def _cited(v: Verdict, rule_id: str) -> list[str]:
    """The lines the finding of ``rule_id`` quotes, as 'doc:N'."""
    for f in v.findings:
        if f.rule.id == rule_id:
            return [f"{c.doc}:{n}" for c in f.rule.cites for n in range(c.first, c.last + 1)]
    raise AssertionError(f"{rule_id} made no finding: {[f.rule.id for f in v.findings]}")


# (case, rule and line deciding under gf9, outcome under gf9, the same under the overview)
DIFFERING: list[tuple[str, str, str, dict[str, Any], str, str, dict[str, Any]]] = [
    (
        "overview/position-three-players-three.yaml",
        "gf9.position.victory",
        "gf9:319",
        {"winner": "harkonnen"},
        "overview.position.victory",
        "overview:94",
        {"winner": "none"},
    ),
    (
        "overview/blow-worm-first-turn.yaml",
        "gf9.blow.first-turn",
        "gf9:107",
        {"devoured": {}, "nexus": False},
        "overview.blow.devour",
        "overview:41",
        {"devoured": {"harkonnen": 5}, "nexus": False},
    ),
    (
        "overview/position-turn-limit-guild.yaml",
        "gf9.position.guild-special",
        "gf9:325",
        {"winner": "spacing-guild"},
        "overview.position.turn-limit",
        "overview:96",
        {"winner": "none"},
    ),
]


@pytest.mark.parametrize("case,g_rule,g_line,g_out,o_rule,o_line,o_out", DIFFERING)
def test_same_position_each_ruleset_its_own_text(
    case: str, g_rule: str, g_line: str, g_out: dict, o_rule: str, o_line: str, o_out: dict
) -> None:
    gf9, overview = _run(case, "gf9"), _run(case, "overview")
    assert gf9.verdict == overview.verdict == "legal"
    assert {k: gf9.outcome.get(k) for k in g_out} == g_out
    assert {k: overview.outcome.get(k) for k in o_out} == o_out
    assert g_line in _cited(gf9, g_rule)
    assert o_line in _cited(overview, o_rule)
    assert not any(f.rule.layer == "gf9" and f.rule.id == g_rule for f in overview.findings)
    assert not any(f.rule.id == o_rule for f in gf9.findings)


def test_basic_bribe_legal_under_the_overview_illegal_under_gf9() -> None:
    case = "overview/bribe-non-allied.yaml"
    gf9, overview = _run(case, "gf9"), _run(case, "overview")
    assert gf9.verdict == "illegal" and gf9.minimal_reason == ["gf9.deals.bribe-advanced"]
    assert overview.verdict == "legal"
    assert "overview:107" in _cited(overview, "overview.deals.not-allies")


def test_fallback_fills_a_player_sheet_question_with_gf9_lines() -> None:
    """overview:105 defers Harkonnen's advantages to a sheet the overview does not print: GF9's answer."""
    v = _run("overview/bid-harkonnen.yaml", "overview")
    assert v.verdict == "legal"
    assert v.outcome["cards_gained"] == 2
    assert "gf9:425" in _cited(v, "gf9.bidding.harkonnen-bonus")
    assert "overview:49" in _cited(v, "overview.bidding.payee")  # the overview still names the Bank itself


def test_fallback_fills_the_guild_price_and_the_overview_keeps_its_own() -> None:
    guild = _run("overview/ship-guild-unresolved.yaml", "overview")
    assert guild.verdict == "legal" and guild.outcome["cost"] == 3
    assert "gf9:437" in _cited(guild, "gf9.shipment.guild-rates")
    plain = _run("overview/ship-sand-cost.yaml", "overview")
    assert plain.outcome["cost"] == 6
    assert "overview:57" in _cited(plain, "overview.shipment.cost")


def test_the_sheets_spare_fremen_from_the_overviews_worm() -> None:
    """Fremen under a worm: overview:41 destroys the forces there, overview:105 lets faction advantages override it,
    and GF9's sheets (gf9:117, 119) say which: Fremen's forces and its protected ally's stay, the rest go."""
    v = _run("overview/blow-worm-fremen.yaml", "overview")
    assert v.verdict == "legal"
    assert v.outcome["devoured"] == {"harkonnen": 5}
    assert "gf9:117" in _cited(v, "gf9.blow.fremen-immune")
    assert "overview:105" in [
        f"{c.doc}:{c.first}" for f in v.findings if f.rule.id == "overview.blow.devour" for c in f.cites
    ]
    first = _run("overview/blow-worm-fremen-first-turn.yaml", "overview")  # the overview's first-turn worm devours
    assert first.verdict == "legal" and first.outcome["devoured"] == {"harkonnen": 3}
    assert _run("overview/blow-worm-fremen-first-turn.yaml", "gf9").outcome["devoured"] == {}  # gf9:107 sets it aside


def test_one_rule_answers_each_question_under_the_overview() -> None:
    """A gf9 rule that answers what a confirmed overview rule answers is left out of the overview ruleset."""
    load_all()
    overview = ruleset_rules("overview")
    for rid, r in overview.items():
        if r.layer != "gf9":
            continue
        speaks = [old for old in r.replaces if old in REGISTRY and not REGISTRY[old].open]
        assert not speaks, f"{rid} replaces {speaks}, which the overview says itself, yet is in force"


def test_recorded_conflicts_name_an_overview_rule() -> None:
    load_all()
    pairs = {(r.id, old) for r in REGISTRY.values() if r.differs for old in r.counterparts}
    for gid, oid in [
        ("gf9.blow.first-turn", "overview.blow.devour"),
        ("gf9.deals.bribe-advanced", "overview.deals.not-allies"),
        ("gf9.position.victory", "overview.position.victory"),
        ("gf9.position.guild-special", "overview.position.turn-limit"),
        ("gf9.position.fremen-special", "overview.position.turn-limit"),
        ("gf9.revival.face-down", "overview.revival.leader-all-dead"),
        ("gf9.revival.face-down-wait", "overview.revival.leader-all-dead"),
        ("gf9.collection.present", "overview.collection.amount"),
        ("gf9.battle.polar-sink", "overview.battle.where"),
    ]:
        assert (gid, oid) in pairs, f"{gid} / {oid}: not recorded as a source conflict"


# -- the overview's game: six factions, no alliance before the first Nexus ----------------------------------------


@pytest.mark.parametrize(
    "where,data,key,suggested",
    [
        ("a faction's key", {"factions": {"bene-tleilax": {"spice": 5}}}, "factions.bene-tleilax", "bene-gesserit"),
        (
            "a group's faction",
            {"forces": [{"faction": "imperium", "territory": "Arrakeen", "count": 3}]},
            "forces[0].faction",
            "emperor",
        ),
        ("an alliance", {"alliances": [["ixians", "fremen"]], "turn": 3}, "alliances[0][0]", None),
        (
            "a move",
            {"move": {"action": "ship", "faction": "bene-tleilax", "count": 1, "to": "Carthag"}},
            "move.faction",
            None,
        ),
    ],
)
def test_a_faction_the_overview_does_not_name_is_an_input_error(
    cli, tmp_path: Path, where: str, data: dict, key: str, suggested: str | None
) -> None:  # type: ignore[no-untyped-def]
    """overview:3 names six factions: a house of an expansion, of Conquest or of the Dice Game is not in its game (the
    fallback to GF9 fills rules, not factions): one message naming the key and overview:3, exit 2."""
    path = tmp_path / "p.yaml"
    path.write_text(yaml.safe_dump({"ruleset": "overview", **data}), encoding="utf-8")
    run = cli("check", path, "--json")
    assert run.code == 2 and not run.traceback, where
    error = run.json()["error"]
    assert error["key"] == key
    assert "overview:3" in error["expected"] and "bene-gesserit" in error["expected"]
    if suggested:
        assert suggested in error["suggestions"]
    under_gf9 = tmp_path / "gf9.yaml"  # GF9 plays expansion factions (gf9:15, 45): the same names are no error there
    under_gf9.write_text(yaml.safe_dump({"ruleset": "gf9", **data}), encoding="utf-8")
    assert "overview:3" not in cli("check", under_gf9).stderr


def test_a_move_given_apart_names_an_overview_faction_too(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "p.yaml"
    path.write_text("ruleset: overview\nfactions: {atreides: {spice: 5, reserves: 5}}\n", encoding="utf-8")
    run = cli("check", path, "--move", "{action: ship, faction: ixians, count: 1, to: Carthag}")
    assert run.code == 2 and "--move.faction" in run.stderr and "overview:3" in run.stderr


# -- mentat new overview: the overview's setup, GF9's printed Player Sheets where it defers -------------------------


@pytest.mark.parametrize(
    "factions,advanced",
    [
        (["atreides", "harkonnen"], False),
        (["fremen", "bene-gesserit", "spacing-guild"], False),
        (["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit"], True),
    ],
)
def test_new_overview_is_a_start_its_ruleset_accepts(factions: list[str], advanced: bool) -> None:
    """overview:25-29 (one Treachery Card, turn 1) with the spice and forces 'per their Player Sheet' (overview:26,
    27): GF9's printed sheets, which the overview reads; `mentat check` judges it a valid start, citing both."""
    from checker.arrakis.position import load_position
    from checker.arrakis.setup import starting_position
    from checker.engine import evaluate

    text = starting_position("overview", factions, advanced)
    data = parse_yaml(text)
    assert data["ruleset"] == "overview" and data["turn"] == 1 and data["advanced"] is advanced
    assert "overview:26, 27" in text and "GF9's printed" in text
    v = evaluate(load_position(data))
    assert v.verdict == "legal", v.reason
    permits = {f.rule.id for f in v.findings if f.effect == "permits"}
    assert "overview.setup.one-card" in permits or factions == ["harkonnen"]
    assert any(rid.startswith("gf9.setup.") for rid in permits)  # the sheets, read from GF9


def test_new_overview_refuses_a_faction_overview_3_does_not_name(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("new", "overview", "--factions", "atreides,bene-tleilax")
    assert run.code == 2 and "overview:3" in run.stderr
    assert "emperor" in cli("new", "overview", "--factions", "imperium,fremen").stderr
