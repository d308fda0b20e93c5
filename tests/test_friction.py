"""Less friction at the table: what the text output says matches what the verdict means (issue 16, point 6)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _write(tmp_path: Path, text: str, name: str = "pos.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- display: each number means what it says ----------------------------------------------------------------


def test_the_kwisatz_haderach_counts_the_atreides_losses_not_a_slash_of_both_sides(cli: Any) -> None:
    case = ROOT / "cases" / "gf9" / "battle-kh-seven-losses.yaml"
    lost = yaml.safe_load(case.read_text(encoding="utf-8"))["factions"]["atreides"]["forces_lost_in_battle"]
    run = cli("check", case, "--json")
    found = {f["rule"]: f["message"] for f in run.json()["findings"]}
    assert found["gf9.battle.kh-active"].startswith(f"Atreides has lost {lost} forces in battle")
    assert "/" not in found["gf9.battle.kh-active"]
    assert found["gf9.battle.kh-not-alone"] == "The Kwisatz Haderach accompanies Duncan Idaho."


def test_a_revival_of_no_forces_shows_the_free_allowance_not_free_forces(cli: Any, tmp_path: Path) -> None:
    pos = _write(
        tmp_path,
        """
ruleset: gf9
turn: 3
phase: revival
factions:
  harkonnen:
    spice: 12
    tanks: 5
    leaders_in_tanks: [Feyd-Rautha, Beast Rabban, Piter de Vries, Captain Iakin Nefud, Umman Kudu]
    leaders_face_down: []
move: {action: revive, faction: harkonnen, count: 0, leader: Feyd-Rautha}
""",
    )
    verdict = cli("check", pos, "--json").json()
    assert verdict["verdict"] == "legal" and verdict["outcome"]["free"] == 2  # the JSON keeps the published key
    text = cli("check", pos).stdout
    outcome = next(line for line in text.splitlines() if line.startswith("outcome:"))
    assert "free allowance 2" in outcome and "free 2" not in outcome


def test_an_explosion_states_no_discards_it_does_not_know(cli: Any) -> None:
    case = ROOT / "cases" / "gf9" / "battle-explosion-own-shield.yaml"
    verdict = cli("check", case, "--json").json()
    assert verdict["outcome"]["explosion"] is True
    assert "cards_discarded" not in verdict["outcome"]
    assert any("cards_discarded" in n and "Lasgun" in n for n in verdict["notes"])
    assert "cards discarded" not in cli("check", case).stdout


def test_a_position_with_no_move_is_valid_not_legal(cli: Any) -> None:
    case = ROOT / "cases" / "gf9" / "position-allies-newly-allied.yaml"
    assert cli("check", case, "--json").json()["verdict"] == "legal"  # the published JSON verdict
    assert cli("check", case).stdout.split()[0] == "VALID"
    won = ROOT / "docs" / "guides" / "examples" / "dice" / "end-of-round.yaml"
    first = cli("check", won).stdout.splitlines()[0]
    assert first.split()[0] == "VALID" and first.endswith("winner: Harkonnen")
    moved = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    assert cli("check", moved, "--move", "{action: ship, faction: atreides, count: 1, to: Arrakeen}").stdout.split()[
        0
    ] == ("LEGAL")
