"""One position under several rulesets (``mentat compare``), the fallback stack, and source conflicts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from campaigns import LONG

from checker.conflicts import find, pairs, recorded
from checker.rules import REGISTRY, load_all, rule, ruleset_rules
from checker.sources import Cite

ROOT = Path(__file__).resolve().parent.parent


def _write(tmp_path: Path, data: dict[str, Any], name: str = "position.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


SHIP_SAND = {
    "ruleset": "gf9",
    "storm": 3,
    "factions": {"atreides": {"spice": 10, "reserves": 10}, "emperor": {"spice": 10, "reserves": 10}},
    "move": {"action": "ship", "faction": "emperor", "count": 2, "to": "The Great Flat"},
}


# -- the stack: overview reads gf9 where it is silent ---------------------------------------------


def test_overview_keeps_its_own_rule_where_it_speaks() -> None:
    load_all()
    overview = ruleset_rules("overview")
    gf9 = ruleset_rules("gf9")
    assert "overview.shipment.storm" in overview and "gf9.shipment.storm-blocks" not in overview
    assert "gf9.shipment.storm-blocks" in gf9 and "overview.shipment.storm" not in gf9


def test_overview_falls_back_on_gf9_where_it_is_silent() -> None:
    overview = ruleset_rules("overview")
    own = {rid for rid in overview if rid.startswith("overview.")}
    borrowed = {rid for rid in overview if rid.startswith("gf9.")}
    assert own and borrowed
    for rid in borrowed:  # a borrowed gf9 rule never answers a question the overview answers itself
        for old in REGISTRY[rid].replaces:
            assert old not in overview or REGISTRY[old].open, f"{rid} and {old} both in force under overview"
    assert not any(rid.startswith("conquest.") for rid in overview)


def test_an_overview_gap_is_filled_by_the_gf9_rule_that_replaces_it() -> None:
    overview = ruleset_rules("overview")
    filled = [  # gf9 rules that replace only overview rules that defer (a rule also replacing one the
        # overview states itself stays out: the overview speaks there)
        (old, r.id)
        for r in REGISTRY.values()
        if r.layer == "gf9" and r.replaces and all(REGISTRY[o].open for o in r.replaces if o in REGISTRY)
        for old in r.replaces
        if old in REGISTRY and REGISTRY[old].layer == "overview"
    ]
    assert filled, "no overview gap is replaced by a gf9 rule: nothing shows the fallback filling one"
    for old, new in filled:
        assert old not in overview and new in overview


# -- compare ----------------------------------------------------------------------------------------


def test_compare_shows_one_verdict_where_the_rulesets_agree(cli) -> None:  # type: ignore[no-untyped-def]
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    run = cli("compare", case, "--rulesets", "gf9,overview")
    assert run.code == 0, run.stdout
    verdict_rows = [line for line in run.stdout.splitlines() if line.startswith("gf9")]
    assert verdict_rows and verdict_rows[0].startswith("gf9, overview") and "ILLEGAL" in verdict_rows[0]
    assert "all 2 rulesets agree" in run.stdout
    # each ruleset still cites its own text for the same answer
    assert 'gf9:L99: "Forces cannot ship' in run.stdout
    assert "overview:L57:" in run.stdout


def test_compare_json_gives_one_object_per_ruleset(cli) -> None:  # type: ignore[no-untyped-def]
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    rows = cli("compare", case, "--rulesets", "gf9,overview", "--json").json()
    assert [r["ruleset"] for r in rows] == ["gf9", "overview"]
    assert rows[0]["deciding"] == ["gf9.shipment.storm-blocks"]
    assert rows[1]["deciding"] == ["overview.shipment.storm"]
    assert rows[1]["findings"][0]["sources"][0]["doc"] == "overview"


def test_compare_names_what_a_ruleset_cannot_express(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = {**SHIP_SAND, "factions": {**SHIP_SAND["factions"], "spacing-guild": {"spice": 5}}}
    rows = cli("compare", _write(tmp_path, data), "--json").json()
    by = {r["ruleset"]: r for r in rows}
    assert by["conquest"]["verdict"] is None
    assert "spacing-guild" in by["conquest"]["cannot_express"]
    assert by["gf9"]["verdict"] in ("legal", "illegal")


def test_compare_carries_the_emperor_to_the_imperium(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rows = cli("compare", _write(tmp_path, SHIP_SAND), "--rulesets", "gf9,conquest", "--json").json()
    by = {r["ruleset"]: r for r in rows}
    assert any("emperor is imperium in conquest" in note for note in by["conquest"].get("carried_over", []))
    assert by["gf9"]["outcome"].get("cost") == 4  # 2 forces to sand at 2 each (gf9:205)


def test_compare_rejects_an_unknown_ruleset(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("compare", ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml", "--rulesets", "gf9,overveiw")
    assert run.code == 2
    assert "overview" in run.stderr and "--rulesets" in run.stderr


# -- conflicts --------------------------------------------------------------------------------------


def test_a_conflict_needs_the_rule_it_differs_from() -> None:
    with pytest.raises(ValueError, match="differs="):
        rule("testlayer.x.y", on="ship", cites="gf9:205", title="t", differs="something")(lambda s: True)
    assert "testlayer.x.y" not in REGISTRY


def test_conflicts_lists_each_recorded_conflict_with_both_quotes(cli) -> None:  # type: ignore[no-untyped-def]
    listed = recorded()
    assert listed, "no source conflict is recorded"
    run = cli("conflicts")
    assert run.code == 0
    for p in listed:
        assert p.recorded in " ".join(run.stdout.split())
        for r in (p.first, p.second):
            c: Cite = r.cites[0]
            assert f"{c}:" in run.stdout


def test_pairs_join_rules_in_force_in_different_rulesets() -> None:
    for p in pairs():
        a, b = p.rulesets
        assert p.first.id in ruleset_rules(a) and p.second.id in ruleset_rules(b)
        assert p.first.id not in ruleset_rules(b)


# The quick profile searches the recorded conflicts, in shards the workers share (a conflict's pairs stay in
# one shard: it is found if any of them is); `dev.py test --long` searches every pair, as `conflicts --find`.
FIND_SHARDS = 1 if LONG else 6


@pytest.mark.parametrize("shard", range(FIND_SHARDS))
def test_find_rediscovers_every_recorded_conflict(shard: int) -> None:
    """The solver finds a position for each hand-recorded conflict, and each one really differs.

    Time is measured by the benchmark, not asserted here: a generous budget, so a slow machine is not a failure."""
    every = pairs()
    conflicts = sorted({p.by for p in every if p.recorded})
    assert len(conflicts) >= FIND_SHARDS, "fewer recorded conflicts than shards: lower FIND_SHARDS"
    mine = set(conflicts[shard::FIND_SHARDS])
    search = find(
        budget_s=600.0,
        among=None if LONG else [p for p in every if p.recorded and p.by in mine],
        one_per_conflict=not LONG,
    )
    assert not search.unsearched, "the budget ran out before every pair was searched"
    assert not search.missed, "not rediscovered: " + ", ".join(f"{p.first.id}/{p.second.id}" for p in search.missed)
    for w in search.found:
        a, b = w.verdicts
        assert (a.verdict, a.outcome) != (b.verdict, b.outcome)
        assert w.pair.first.id in {f.rule.id for f in a.findings} | set(a.minimal_reason) or w.pair.second.id in {
            f.rule.id for f in b.findings
        }


def test_rule_says_where_it_is_in_force_and_what_it_replaces(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("rule", "gf9.position.victory")
    assert run.code == 0
    assert "gf9 (its own)" in run.stdout
    assert "replaces: overview.position.victory" in run.stdout
    assert 'overview:L94: "2-3 Player Games: Need 4 strongholds to win."' in run.stdout
    borrowed = cli("rule", "gf9.shipment.one-territory").stdout
    assert "overview (overview is silent: read from gf9)" in borrowed
    inherited = next(rid for rid in sorted(ruleset_rules("dreamrules")) if rid.startswith("gf9."))
    assert "dreamrules (inherited from gf9)" in cli("rule", inherited).stdout
