"""Dreamrules' Karama chapter (constraints/dreamrules/karama.py): what a user notices of a Karama play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from checker.arrakis.kinds.play import DR_ADVANTAGES
from checker.arrakis.position import PHASES, load_position
from checker.engine import evaluate
from constraints.dreamrules.karama import ENTRIES, slug

SOURCE = open("constraints/sources/dreamrules.txt", encoding="utf-8").read().splitlines()
HOLDER = dict(DR_ADVANTAGES)


def _pos(me: str, phase: str, move: dict[str, Any], card: str = "Karama") -> Any:
    body = {
        "ruleset": "dreamrules",
        "advanced": True,
        "turn": 3,
        "phase": phase,
        "factions": {me: {"spice": 5, "hand": [card]}},
        "move": {"action": "play", "faction": me, "card": card, **move},
    }
    return load_position(body)


def _decide(me: str, phase: str, move: dict[str, Any], card: str = "Karama") -> Any:
    return evaluate(_pos(me, phase, move, card))


def _forbidding(v: Any) -> set[str]:
    return {f.rule.id for f in v.findings if f.effect == "forbids"}


@pytest.mark.parametrize("name", list(ENTRIES))
def test_entry_line_is_the_heading_s_text(name: str) -> None:
    """Each entry cites the line right after its heading (two lines on: a blank line between)."""
    line = ENTRIES[name].line
    headings = {
        "Rallying Shipment": "Rallying",
        "Thumpers": "Rallying",
        "Rain on Arrakis": "Rallying",
        "Prediction": "Prediction and",
        "Political Marriages": "Prediction and",
        "Cyborgs": "Augmented",
    }
    assert SOURCE[line - 3].startswith(headings.get(name, name))
    words = ENTRIES[name].words
    if words:
        assert words.split()[0].strip(",").lower() in SOURCE[line - 1].lower()


def test_sardaukar_in_battle_suppressed_for_the_phase() -> None:
    v = _decide("atreides", "battle", {"cancels": "Sardaukar"})
    assert v.verdict == "legal"
    assert v.outcome["suppressed"] == {"emperor": ["Sardaukar"]}
    assert v.outcome["discarded"] == "Karama"


def test_sardaukar_after_commitment_cites_854() -> None:
    v = _decide("atreides", "battle", {"cancels": "Sardaukar", "plans_committed": True})
    assert v.verdict == "illegal"
    f = next(f for f in v.findings if f.rule.id == "dreamrules.karama.sardaukar")
    assert "dreamrules:854" in f.message and "committed" in f.message


def test_leto_s_tithe_in_bidding_is_out_of_window() -> None:
    v = _decide("harkonnen", "bidding", {"cancels": "leto's tithe"})
    assert v.verdict == "illegal"
    assert _forbidding(v) == {"dreamrules.karama.letos-tithe"}


def test_captured_leaders_after_reveal_is_legal_unlike_gf9() -> None:
    v = _decide("atreides", "battle", {"cancels": "Captured Leaders", "plans_revealed": True})
    assert v.verdict == "legal"


def test_own_advantage_is_forbidden() -> None:
    v = _decide("fremen", "battle", {"cancels": "Fedaykin"})
    assert v.verdict == "illegal"
    assert _forbidding(v) == {"dreamrules.karama.opposing"}


def test_cyborgs_immune() -> None:
    v = _decide("atreides", "battle", {"cancels": "Cyborgs"})
    assert v.verdict == "illegal"
    assert "dreamrules.karama.cyborgs" in _forbidding(v)


def test_no_special_power() -> None:
    v = _decide("atreides", "battle", {"karama_use": "power"})
    assert v.verdict == "illegal"
    assert _forbidding(v) == {"dreamrules.karama.no-powers"}


@pytest.mark.parametrize("name", [n for n, e in ENTRIES.items() if e.kind in ("none", "unstated")])
def test_unspecified_interaction_is_unresolved(name: str) -> None:
    me = "atreides" if HOLDER[name] != "atreides" else "harkonnen"
    v = _decide(me, "bidding", {"cancels": name})
    assert v.verdict == "unresolved"
    assert f"dreamrules.karama.{slug(name)}" in v.reason


def _expected(me: str, name: str, phase: str, committed: bool, revealed: bool) -> str:
    e = ENTRIES[name]
    if e.kind == "immune" or HOLDER[name] == me:  # naming one's own advantage is forbidden (dreamrules:786)
        return "illegal"
    if e.kind in ("none", "unstated"):
        return "unresolved"
    if e.kind == "any":
        return "legal"
    if phase not in e.phases:
        return "illegal"
    if e.stage == "commit" and (committed or revealed):
        return "illegal"
    if e.stage == "reveal" and revealed:
        return "illegal"
    return "legal"


def test_generated_karama_plays() -> None:
    """250 random Karama plays: the verdict follows the chapter's table, and (MENTAT_VERIFY) both forms agree."""
    rng = random.Random(1852)
    factions = sorted(set(HOLDER.values()))
    seen: set[str] = set()
    for _ in range(250):
        name = rng.choice(list(ENTRIES))
        me = rng.choice(factions)
        phase = rng.choice(PHASES)
        committed, revealed = rng.random() < 0.3, rng.random() < 0.3
        move: dict[str, Any] = {"cancels": name}
        if phase == "battle":
            move.update(plans_committed=committed, plans_revealed=revealed)
        else:
            committed = revealed = False
        v = _decide(me, phase, move)
        want = _expected(me, name, phase, committed, revealed)
        if name == "Prediction" and want == "illegal":
            assert "gf9.cards.karama-not-victory" in _forbidding(v)
        assert v.verdict == want, (me, name, phase, committed, revealed, v.verdict)
        if want == "legal":
            assert v.outcome["suppressed"] == {HOLDER[name]: [name]}
        seen.add(want)
    assert seen == {"legal", "illegal", "unresolved"}
