"""Battles (gf9, Basic and Advanced): cases, input errors, loss selections, planning, check/form agreement."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.api import check_text
from checker.cases import all_cases, mismatches
from checker.cli import app
from checker.engine import evaluate
from checker.errors import InputError
from checker.kinds.battle import battle_facts, loss_options
from checker.kinds.battle_planner import can_lose, smallest_winning_dial, strongest_plan
from checker.position import load_position, read_position
from checker.rules import load_all, ruleset_rules
from checker.yamlio import load_yaml, parse_yaml

BATTLE_CASES = [p for p in all_cases() if p.name.startswith("battle-")]

BASE = """
ruleset: gf9
advanced: {advanced}
factions:
  atreides: {{spice: 10}}
  harkonnen: {{spice: 10}}
forces:
  - {{faction: atreides, territory: Arrakeen, count: 10}}
  - {{faction: harkonnen, territory: Arrakeen, count: 5}}
move:
  action: battle
  territory: Arrakeen
  aggressor: harkonnen
  plans:
    harkonnen: {h}
    atreides: {a}
"""


def pos(h: str, a: str, advanced: bool = False):
    return load_position(parse_yaml(BASE.format(h=h, a=a, advanced=str(advanced).lower())))


def test_enough_cases() -> None:
    assert len(BATTLE_CASES) >= 50


@pytest.mark.parametrize("path", BATTLE_CASES, ids=lambda p: p.stem)
def test_battle_case(path: Path) -> None:
    expect = load_yaml(path)["expect"]
    assert mismatches(expect, evaluate(read_position(path))) == []


def test_every_battle_rule_has_cases() -> None:
    named: dict[str, set[str]] = {}
    for path in BATTLE_CASES:
        expect = load_yaml(path)["expect"]
        for key in ("forbids", "minimal_reason", "permits"):
            for rid in expect.get(key, []):
                named.setdefault(rid, set()).add("forbids" if key != "permits" else "permits")
    for r in load_all().values():
        if r.on != "battle" or r.status != "confirmed" or r.defines or r.one_sided:
            continue
        assert named.get(r.id, set()) >= {"forbids"}, r.id


@pytest.mark.parametrize(
    ("plan", "key"),
    [
        ("{leader: Dunkan Idaho, dial: 1}", "move.plans.atreides.leader"),
        ("{leader: Duncan Idaho, dial: 1, weapon: Crisknife}", "move.plans.atreides.weapon"),
        ("{leader: Duncan Idaho, dial: 1, defense: Sheild}", "move.plans.atreides.defense"),
        ("{leader: Duncan Idaho, dial: 1, cheap_hero: Shield}", "move.plans.atreides.cheap_hero"),
        ("{leader: Duncan Idaho, dial: 1.25}", "move.plans.atreides.dial"),
        ("{leader: Duncan Idaho, dial: -1}", "move.plans.atreides.dial"),
        ("{leader: Duncan Idaho, dail: 1}", "move.plans.atreides.dail"),
    ],
)
def test_unusable_plans(plan: str, key: str) -> None:
    with pytest.raises(InputError) as err:
        pos("{leader: Feyd-Rautha, dial: 1}", plan)
    assert err.value.key == key


def test_unknown_leader_suggests() -> None:
    with pytest.raises(InputError) as err:
        pos("{leader: Feyd Rautha, dial: 1}", "{leader: Duncan Idaho, dial: 1}")
    assert "Feyd-Rautha" in err.value.message


def test_leader_added_by_position() -> None:
    text = BASE.format(h="{leader: Feyd-Rautha, dial: 1}", a="{leader: Paul, dial: 2}", advanced="false")
    text = text.replace("atreides: {spice: 10}", "atreides: {spice: 10, leaders: {Paul: 9}}")
    v = check_text(text)
    assert v.verdict == "legal" and v.outcome["winner"] == "atreides"


def test_cli_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE.format(h="{leader: Feyd-Rautha, dial: 1}", a="{leader: Dunkan, dial: 1}", advanced="false"))
    got = runner.invoke(app, ["check", str(bad)])
    assert got.exit_code == 2 and "Duncan Idaho" in got.output
    case = Path("cases/gf9/battle-leader-required.yaml")
    assert runner.invoke(app, ["check", str(case)]).exit_code == 1
    assert runner.invoke(app, ["check", "cases/gf9/battle-no-dial.yaml"]).exit_code == 3
    got = runner.invoke(app, ["battle", str(case), "--faction", "atreides", "--json"])
    assert got.exit_code == 0, got.output
    assert runner.invoke(app, ["battle", str(case), "--faction", "fremen"]).exit_code == 2


# -- gf9:299 loss selections: z3 against a brute-force count -------------------------------


def _brute(n: int, m: int, dial_h: int, spice: int, fremen: bool) -> set[tuple[int, int, int]]:
    out = set()
    for os_, ou, ss, su in itertools.product(range(n + 1), range(n + 1), range(m + 1), range(m + 1)):
        if os_ + ou > n or ss + su > m:
            continue
        if fremen:
            if os_ or ss or 2 * ou + 4 * su != dial_h:
                continue
        elif os_ + ss != spice or 2 * os_ + ou + 4 * ss + 2 * su != dial_h:
            continue
        out.add((os_ + ou, ss + su, os_ + ss))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_loss_options_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n, m = rng.randint(0, 6), rng.randint(0, 3)
    spice, dial_h = rng.randint(0, 5), rng.randint(0, 2 * n + 4 * m)
    fremen = rng.random() < 0.3
    p = pos("{leader: Feyd-Rautha, dial: 1}", "{leader: Duncan Idaho, dial: 1}", advanced=True)
    f = battle_facts(p)
    f.d_forces, f.d_special, f.d_spice, f.d_dial_h, f.d_is_fremen = n, m, spice, dial_h, fremen
    got = {(o["forces"], o["special"], o["supported"]) for o in loss_options(f, "d", every=True)}
    assert got == _brute(n, m, dial_h, spice, fremen)
    one = loss_options(f, "d")
    assert bool(one) == bool(got)


# -- planning ------------------------------------------------------------------------------------


def test_strongest_plan_basic() -> None:
    p = read_position("cases/gf9/battle-basic-higher-total.yaml")
    best = strongest_plan(p, "atreides")
    assert best is not None and best["total"] == 15 and best["dial"] == 10  # 10 forces + a strength-5 leader


def test_strongest_plan_advanced_spice_limited() -> None:
    p = pos("{leader: Feyd-Rautha, dial: 1, spice: 2}", "{leader: Duncan Idaho, dial: 1}", advanced=True)
    p.factions["harkonnen"].spice = 2
    best = strongest_plan(p, "harkonnen")
    assert best is not None and best["dial"] == 3.5 and best["spice"] == 2 and best["total"] == 9.5


def test_smallest_winning_dial_respects_ties() -> None:
    p = read_position("cases/gf9/battle-basic-higher-total.yaml")
    agg = smallest_winning_dial(p, "harkonnen", 8)  # aggressor: a tie is enough: 6 + 2
    dfd = smallest_winning_dial(p, "atreides", 8)  # defender: must exceed: 5 + 4
    assert agg is not None and agg["dial"] == 2 and dfd is not None and dfd["dial"] == 4


def test_can_lose() -> None:
    p = read_position("cases/gf9/battle-basic-higher-total.yaml")
    assert can_lose(p, "atreides") is not None
    safe = pos("{leader: Umman Kudu, dial: 0}", "{leader: Thufir Hawat, dial: 10, defense: Shield}")
    safe.factions["harkonnen"].hand = []  # no weapon can reach Thufir
    assert can_lose(safe, "atreides") is None


# -- random plans: the engine raises Disagreement if a check and its form differ ----------------

LEADERS_H = ["Feyd-Rautha", "Beast Rabban", "Umman Kudu", None]
LEADERS_A = ["Duncan Idaho", "Thufir Hawat", "Feyd-Rautha", None]
CARDS = [None, "Crysknife", "Chaumas", "Lasgun", "Shield", "Snooper", "Baliset", "Karama", "Cheap Hero"]


@pytest.mark.parametrize("seed", range(60))
def test_random_plans_agree(seed: int) -> None:
    rng = random.Random(seed)

    def plan(leaders: list[str | None], forces: int) -> str:
        parts = [f"dial: {rng.randint(0, 2 * forces + 2) / 2}", f"spice: {rng.choice([0, 0, 1, 3, 12])}"]
        if leader := rng.choice(leaders):
            parts.append(f"leader: {leader}")
        for slot in ("weapon", "defense"):
            if card := rng.choice(CARDS):
                parts.append(f"{slot}: {card}")
        for key in ("cheap_hero", "kwisatz_haderach", "traitor"):
            if rng.random() < 0.15:
                parts.append(f"{key}: true")
        return "{" + ", ".join(parts) + "}"

    text = BASE.format(h=plan(LEADERS_H, 5), a=plan(LEADERS_A, 10), advanced=str(rng.random() < 0.5).lower())
    text = text.replace(
        "atreides: {spice: 10}",
        f"atreides: {{spice: 10, forces_lost_in_battle: {rng.randint(5, 9)}, traitors: [Umman Kudu]}}",
    )
    text = text.replace("harkonnen: {spice: 10}", "harkonnen: {spice: 10, traitors: [Duncan Idaho, Thufir Hawat]}")
    v = check_text(text)
    assert v.verdict in ("legal", "illegal")
    if v.verdict == "illegal":
        assert v.minimal_reason


def test_battle_rules_registered() -> None:
    ids = set(ruleset_rules("gf9"))
    assert "gf9.battle.winner" in ids and "overview.battle.dial" in ids
    assert "overview.battle.leader-required" not in ids  # replaced by gf9.battle.leader-required
