"""Whole-turn sequences: one game position carried through every phase of a turn.

``cases/gf9/turn-<sequence>-NN-<phase>.yaml`` are ordinary cases (``tests/test_cases.py`` checks each verdict);
here each sequence is checked as a whole: one turn, the phases in the turn's order, and what the tool's outcome of
phase N gives or takes (spice, forces to the Tanks or reserves, cards) applied to phase N's position gives the
position of phase N + 1, wherever both files state it.
"""

from __future__ import annotations

import copy
import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from checker.arrakis import FAMILY as ARRAKIS
from checker.arrakis.position import PHASES
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r"turn-(?P<sequence>[a-z]+)-(?P<number>\d\d)-(?P<step>[a-z-]+)\.yaml")
# The file's step name: its phase, or for the Shipment and Movement phase which of the two actions (a move's
# phase as the family tells the page).
PHASE_OF: dict[str, str] = dict(ARRAKIS.board_keys["phase_of"])
STEP_PHASE = {**PHASE_OF, "nexus": "nexus", "mentat-pause": "mentat-pause"}
STEP_ACTION = {"blow": "blow", "nexus": "ally", "mentat-pause": None}
Case = tuple[str, dict[str, Any], dict[str, Any]]  # file name, position, the tool's verdict (JSON)


def sequence_files() -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for path in sorted((ROOT / "cases").glob("*/turn-*.yaml")):
        m = NAME.fullmatch(path.name)
        assert m, f"{path.name}: not named turn-<sequence>-NN-<phase>.yaml"
        out.setdefault(f"{path.parent.name}/{m['sequence']}", []).append(path)
    return out


SEQUENCES = sequence_files()


def _add(ledger: dict[str, dict[str, int]], faction: str, key: str, amount: int) -> None:
    ledger.setdefault(faction, {})
    ledger[faction][key] = ledger[faction].get(key, 0) + amount


def changes(position: dict[str, Any], outcome: dict[str, Any]) -> tuple[dict[str, dict[str, int]], list[str]]:
    """What one phase's move, with the tool's outcome, changes off the board: faction -> {spice, tanks, ...}.

    Returns the changes and the outcome values this ledger cannot apply (reported, never guessed).
    """
    move = position.get("move") or {}
    action, faction = move.get("action"), str(move.get("faction"))
    delta: dict[str, dict[str, int]] = {}
    unknown: list[str] = []
    if action == "storm":
        for f, n in (outcome.get("losses") or {}).items():
            _add(delta, f, "tanks", n)
    elif action == "blow":
        for f, n in (outcome.get("devoured") or {}).items():
            _add(delta, f, "tanks", n)
    elif action == "charity":
        _add(delta, faction, "spice", outcome["spice_gained"][faction])
    elif action == "bid":  # the bid is carried as the winning one: paid, and the cards taken
        if move.get("ally_support"):
            unknown.append("bid ally_support")
        _add(delta, faction, "spice", -move["amount"])
        if outcome["paid_to"] != "bank":
            _add(delta, outcome["paid_to"], "spice", move["amount"])
        _add(delta, faction, "hand", outcome["cards_gained"])
    elif action == "revive":
        if outcome.get("emperor_cost") or move.get("special") or move.get("leader"):
            unknown.append("revive: emperor_cost, special forces or a leader")
        _add(delta, faction, "spice", -outcome["cost"])
        _add(delta, faction, "tanks", -move.get("count", 0))
        _add(delta, faction, "reserves", move.get("count", 0))
    elif action == "ship":
        if move.get("ally_support") or move.get("special") or move.get("from") or outcome.get("payments"):
            unknown.append("ship: ally support, special forces, a cross-shipment or split payments")
        _add(delta, faction, "spice", -outcome["cost"])
        if outcome["paid_to"] != "bank":
            _add(delta, outcome["paid_to"], "spice", outcome["cost"])
        _add(delta, faction, "reserves", -move.get("count", 0))
    elif action == "battle":
        for f, n in (outcome.get("spice_gained") or {}).items():
            _add(delta, f, "spice", n)
        for f, n in (outcome.get("spice_paid") or {}).items():
            _add(delta, f, "spice", -n)
        for f, n in (outcome.get("losses") or {}).items():
            if not isinstance(n, int):
                unknown.append(f"battle losses of {f}: a choice {n}")
                continue
            _add(delta, f, "tanks", n)
    elif action == "collect":
        _add(delta, faction, "spice", outcome["spice_collected"] + outcome.get("stronghold_income", 0))
    elif action not in ("move", "ally", None):
        unknown.append(f"action {action}")
    return delta, unknown


def inconsistencies(cases: list[Case]) -> list[str]:
    """How a sequence of phase files fails to follow on, phase by phase (empty when it does)."""
    out: list[str] = []
    if not cases:
        return ["no phase files"]
    first = cases[0][1]
    for name, pos, _ in cases:
        for key in ("ruleset", "advanced", "turn"):
            if pos.get(key) != first.get(key):
                out.append(f"{name}: {key} {pos.get(key)!r}, the sequence's is {first.get(key)!r}")
    phases = [pos.get("phase") for _, pos, _ in cases]
    if phases[0] != "storm" or phases[-1] != "mentat-pause":
        out.append(f"the sequence runs {phases[0]} .. {phases[-1]}, not storm .. mentat-pause")
    for (a, pa, _), (b, pb, _) in itertools.pairwise(cases):
        if PHASES.index(pb["phase"]) < PHASES.index(pa["phase"]):
            out.append(f"{b}: phase {pb['phase']} comes before {a}'s {pa['phase']} in the turn")
    for (a, pa, va), (b, pb, _) in itertools.pairwise(cases):
        if va["verdict"] != "legal":
            out.append(f"{a}: the move is {va['verdict']}, so no later phase follows from it")
            continue
        delta, unknown = changes(pa, va["outcome"])
        out += [f"{a}: cannot apply {u}" for u in unknown]
        expected = copy.deepcopy(pa.get("factions") or {})
        for faction, keys in delta.items():
            for key, amount in keys.items():
                if isinstance((expected.get(faction) or {}).get(key), int):
                    expected[faction][key] += amount
        for faction, state in (pb.get("factions") or {}).items():
            for key in ("spice", "reserves", "tanks", "hand"):
                want, got = (expected.get(faction) or {}).get(key), (state or {}).get(key)
                if isinstance(want, int) and isinstance(got, int) and want != got:
                    out.append(f"{b}: {faction} {key} {got}, but {a} left {want}")
    return out


@pytest.fixture(scope="module")
def run(cli):  # type: ignore[no-untyped-def]
    cache: dict[Path, dict[str, Any]] = {}

    def verdict(path: Path) -> dict[str, Any]:
        if path not in cache:
            cache[path] = cli("check", path, "--json").json()
        return cache[path]

    return verdict


def load(paths: list[Path], run: Any) -> list[Case]:
    return [(p.name, parse_yaml(p.read_text(encoding="utf-8")), run(p)) for p in paths]


def test_both_sequences_exist() -> None:
    assert {"gf9/basic", "gf9/advanced"} <= set(SEQUENCES)


@pytest.mark.parametrize("sequence", sorted(SEQUENCES))
def test_files_are_numbered_and_named_by_their_phase(sequence: str) -> None:
    paths = SEQUENCES[sequence]
    assert len(paths) >= 10, f"{sequence}: {len(paths)} phase files, a whole turn needs ten or more"
    for i, path in enumerate(paths, start=1):
        m = NAME.fullmatch(path.name)
        assert m and int(m["number"]) == i, f"{path.name}: expected number {i:02d}"
        pos = parse_yaml(path.read_text(encoding="utf-8"))
        step = m["step"]
        assert pos.get("phase") == STEP_PHASE[step], f"{path.name}: phase {pos.get('phase')}"
        action = (pos.get("move") or {}).get("action")
        assert action == STEP_ACTION.get(step, step), f"{path.name}: a {action} move"
        assert (pos.get("advanced") is True) == sequence.endswith("advanced")


@pytest.mark.parametrize("sequence", sorted(SEQUENCES))
def test_each_phase_follows_from_the_last(sequence: str, run: Any) -> None:
    problems = inconsistencies(load(SEQUENCES[sequence], run))
    assert not problems, f"{sequence}:\n  " + "\n  ".join(problems)


def test_every_kind_of_move_is_in_some_sequence() -> None:
    actions = {
        (parse_yaml(p.read_text(encoding="utf-8")).get("move") or {}).get("action")
        for paths in SEQUENCES.values()
        for p in paths
    }
    assert actions >= {"storm", "blow", "ally", "charity", "bid", "revive", "ship", "move", "battle", "collect", None}


def test_a_broken_sequence_is_reported(run: Any) -> None:
    """The check can fail: spice not paid, a phase out of order and another turn are each named."""
    cases = load(SEQUENCES["gf9/basic"], run)
    assert inconsistencies(cases) == []
    revive = next(i for i, (_, pos, _) in enumerate(cases) if (pos.get("move") or {}).get("action") == "revive")
    assert cases[revive][2]["outcome"]["cost"] == 4
    unpaid = copy.deepcopy(cases)
    unpaid[revive + 1][1]["factions"]["emperor"]["spice"] += 4  # as if the revival had cost nothing
    assert any("emperor spice" in p for p in inconsistencies(unpaid))
    swapped = copy.deepcopy(cases)
    swapped[revive], swapped[revive + 1] = swapped[revive + 1], swapped[revive]
    assert any("comes before" in p for p in inconsistencies(swapped))
    other_turn = copy.deepcopy(cases)
    other_turn[-1][1]["turn"] = 3
    assert any("turn 3" in p for p in inconsistencies(other_turn))
