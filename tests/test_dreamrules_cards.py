"""Dreamrules' battle cards outside a battle: Family Atomics against a sietch (dreamrules:758, 760), the Supplies
cache in a position (dreamrules:746, 750), and the keys the Voice and Prescience read (dreamrules:744, 1152)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checker.arrakis.position import read_position
from checker.engine import Verdict, evaluate

CASES = Path("cases/dreamrules")


def verdict_of(name: str) -> Verdict:
    return evaluate(read_position(CASES / f"{name}.yaml"))


def said(v: Verdict) -> str:
    return " ".join([*(f.message for f in v.findings), *v.notes])


def test_atomics_against_a_sietch_opens_it_and_leaves_the_wall() -> None:
    v = verdict_of("atomics-sietch-troop-inside")
    assert v.verdict == "legal"
    assert v.outcome["atomics_sietches"] == ["Sietch Tabr"] and v.outcome["destroyed"] == {}
    assert v.outcome["shield_wall"] == "standing"
    assert "Destroyed Shield Wall" not in said(v) and "lose their protection" not in said(v)


def test_atomics_with_no_target_and_no_wall_troop_says_nothing_of_the_wall() -> None:
    v = verdict_of("play-atomics-sietch")
    assert v.verdict == "unresolved" and "dreamrules.cards.atomics-sietch" in v.reason
    assert "Shield Wall marker" not in said(v) and "protection" not in said(v)


def test_atomics_against_the_wall_destroys_its_troops() -> None:
    v = verdict_of("play-atomics-wall")
    assert v.outcome["destroyed"] == {"harkonnen": 4} and v.outcome["shield_wall"] == "destroyed"


@pytest.mark.parametrize(
    ("name", "verdict"),
    [("atomics-sietch-adjacent-clear", "legal"), ("atomics-sietch-advisors-only", "unresolved")],
)
def test_what_activates_atomics_against_a_sietch(name: str, verdict: str) -> None:
    assert verdict_of(name).verdict == verdict


def test_supplies_cache_cards_exist_only_within_a_battle() -> None:
    out = verdict_of("position-supplies-cache-outside-battle")
    assert out.verdict == "invalid-position"
    assert out.forbidding() == ["dreamrules.position.supplies-cache-battle"]
    assert "Emperor holds 1 Supplies cache card in the bidding phase" in out.findings[0].message
    twice = verdict_of("position-supplies-cache-twice")
    assert twice.forbidding() == ["dreamrules.position.supplies-cache-once"]
    assert "Supplies Snooper (2 times)" in twice.findings[0].message
    assert verdict_of("position-hand-supplies-cache").verdict == "legal"
    assert verdict_of("position-supplies-cache-no-phase").missing == ["phase"]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pos.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BATTLE = """ruleset: {ruleset}
phase: battle
factions: {{bene-gesserit: {{spice: 5}}, harkonnen: {{spice: 5, hand: []}}}}
forces:
- {{faction: bene-gesserit, territory: Arrakeen, count: 5}}
- {{faction: harkonnen, territory: Arrakeen, count: 5}}
move:
  action: battle
  territory: Arrakeen
  aggressor: harkonnen
  plans:
    harkonnen: {{leader: Feyd-Rautha, dial: 1, {extra}}}
    bene-gesserit: {{leader: Alia, dial: 1}}
"""


@pytest.mark.parametrize(
    ("ruleset", "extra", "key", "hint"),
    [
        ("gf9", "voice: {play: Weirding Way}", "move.plans.harkonnen.voice.play", None),
        ("gf9", "voice: {play: mercenaries}", "move.plans.harkonnen.voice.play", None),
        ("dreamrules", "voice: {play: Weirding Wey}", "move.plans.harkonnen.voice.play", "Weirding Way"),
        (
            "gf9",
            "prescience: {element: dial, answer: 1, mercenaries: false}",
            "move.plans.harkonnen.prescience.mercenaries",
            None,
        ),
        (
            "dreamrules",
            "prescience: {element: leader, answer: Feyd-Rautha, mercenaries: true}",
            "move.plans.harkonnen.prescience.mercenaries",
            None,
        ),
    ],
)
def test_voice_and_prescience_keys_are_checked(
    tmp_path: Path, cli: Any, ruleset: str, extra: str, key: str, hint: str | None
) -> None:
    run = cli("check", _write(tmp_path, BATTLE.format(ruleset=ruleset, extra=extra)), "--json")
    assert run.code == 2 and not run.traceback, run.stdout
    error = run.json()["error"]
    assert error["key"] == key
    if hint:
        assert hint in error["suggestions"]


def test_the_voice_names_weirding_way_under_dreamrules(tmp_path: Path, cli: Any) -> None:
    run = cli("check", _write(tmp_path, BATTLE.format(ruleset="dreamrules", extra="voice: {not_play: Weirding Way}")))
    assert run.code == 0, run.stdout
