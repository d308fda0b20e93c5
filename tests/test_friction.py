"""Less friction at the table: what the text output says matches what the verdict means (issue 16, point 6)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from checker.cases import mismatches

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


# -- every example in the guides gives the verdict its title promises -----------------------------------------

GUIDES = ROOT / "docs" / "guides"
# Every position file of the guides but the one `mentat new` wrote for the dispute guide (shown there as a diff
# against `mentat new`'s output, its verdict run at build time).
EXAMPLES = sorted(p for p in GUIDES.rglob("*.yaml") if p.name != "dispute-game.yaml")
WORDS = ("illegal", "unresolved", "invalid")


def _title(path: Path, data: dict[str, Any]) -> str:
    """The example's title: its ``title`` key, or (a Dice Game example) the first sentence of the comment it opens
    with."""
    if data.get("title"):
        return str(data["title"])
    head = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        head.append(line.lstrip("# "))
    return " ".join(head).split(". ")[0]


def test_the_guides_have_examples() -> None:
    names = {p.relative_to(GUIDES).as_posix() for p in EXAMPLES}
    assert {"examples/interject.yaml", "examples/dice/combat.yaml", "dice-board-example.yaml"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.relative_to(GUIDES).as_posix())
def test_every_example_gives_the_verdict_its_title_promises(path: Path, cli: Any) -> None:
    """Each example says what Mentat answers (its ``expect:``, as a case does), and its title promises that
    verdict: a title that describes a move taking place is a legal move; any other answer is named in the title."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    expect = data.get("expect")
    assert isinstance(expect, dict) and expect.get("verdict"), f"{path.name}: no expect.verdict"
    title = _title(path, data).lower()
    assert title, f"{path.name}: no title"
    if expect["verdict"] == "legal":
        assert not any(w in title for w in WORDS), f"{path.name}: a legal example titled {title!r}"
    else:
        assert expect["verdict"].split("-")[0] in title, f"{path.name}: the title does not say {expect['verdict']}"
    run = cli("check", path, "--json")
    assert run.code != 2, run.stderr
    problems = mismatches(expect, run.json())
    assert not problems, f"{path.name}:\n  " + "\n  ".join(problems)


def test_the_keys_page_shows_each_dispute_with_its_example() -> None:
    page = (GUIDES / "keys.md").read_text(encoding="utf-8")
    files = sorted((GUIDES / "keys").glob("*.yaml"))
    for stem in ("ally-traitor", "both-plans", "advanced-dial", "leader-names", "face-down", "shield-wall-markers"):
        assert GUIDES / "keys" / f"{stem}.yaml" in files, f"no example for {stem}"
    for path in files:
        assert f"```{{literalinclude}} keys/{path.name}" in page, f"keys.md does not show {path.name}"
    assert "guides/keys" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")


def test_the_legend_of_the_marks_is_in_the_readme_and_on_the_verdict_page() -> None:
    for page in (ROOT / "README.md", GUIDES / "position-format.md"):
        text = page.read_text(encoding="utf-8")
        for mark in ("`✗`", "`✓`", "`=`", "`?`"):
            assert f"| {mark} |" in text, f"{page.name}: no legend row for {mark}"
    from checker.cli import MARK

    assert set(MARK.values()) == {"✗", "✓", "?"}  # the marks the legend explains ('=' is the outcome's)
