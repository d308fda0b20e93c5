"""Less friction at the table: what the text output says matches what the verdict means (issue 16, point 6)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checker.cases import mismatches
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent


def _write(tmp_path: Path, text: str, name: str = "pos.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- display: each number means what it says ----------------------------------------------------------------


def test_the_kwisatz_haderach_counts_the_atreides_losses_not_a_slash_of_both_sides(cli: Any) -> None:
    case = ROOT / "cases" / "gf9" / "battle-kh-seven-losses.yaml"
    lost = parse_yaml(case.read_text(encoding="utf-8"))["factions"]["atreides"]["forces_lost_in_battle"]
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
    assert "Lasgun" in verdict["outcome"]["unknown"]["cards_retained"]
    text = cli("check", case).stdout.splitlines()
    assert not any(line.startswith("outcome:") and "cards discarded" in line for line in text)
    assert any(line.startswith("note: cards retained unknown") for line in text)


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
    data = parse_yaml(path.read_text(encoding="utf-8"))
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


# -- a key or a move of another ruleset ---------------------------------------------------------------------

BID_WITH_PILE = """
ruleset: gf9
turn: 3
phase: bidding
factions:
  harkonnen: {spice: 5, hand: 2, bribe_pile: 3}
move: {action: bid, faction: harkonnen, amount: 3}
"""


def test_a_key_of_another_ruleset_is_an_input_error_naming_it(cli: Any, tmp_path: Path) -> None:
    pos = _write(tmp_path, BID_WITH_PILE)
    run = cli("check", pos, "--json")
    assert run.code == 2
    error = run.json()["error"]
    assert error["key"] == "factions.harkonnen.bribe_pile"
    assert "dreamrules" in error["expected"] and "gf9" in error["expected"]
    assert error["suggestions"] == ["spice_in_front", "ruleset: dreamrules"]  # gf9's own word first
    assert cli("check", pos).stderr.count("\n") == 1  # one line, never a traceback
    dream = _write(tmp_path, BID_WITH_PILE.replace("ruleset: gf9", "ruleset: dreamrules"), "dream.yaml")
    assert cli("check", dream).code in (0, 1, 3)  # a key of its own ruleset: judged
    market = _write(tmp_path, BID_WITH_PILE.replace("bribe_pile", "market_cards"), "market.yaml")
    assert "conquest" in cli("check", market, "--json").json()["error"]["expected"]


def test_a_move_of_another_ruleset_is_an_input_error_in_check_and_compare_alike(cli: Any, tmp_path: Path) -> None:
    thumper = ROOT / "docs" / "guides" / "examples" / "thumper.yaml"
    own = cli("check", thumper, "--json")
    assert own.code == 0
    under_gf9 = cli("check", thumper, "--ruleset", "gf9", "--json")
    assert under_gf9.code == 2
    error = under_gf9.json()["error"]
    assert error["key"] == "move.action" and "'thumper' is a move of dreamrules only" in error["expected"]
    rows = {r["ruleset"]: r for r in cli("compare", thumper, "--json").json()}
    assert rows["dreamrules"]["verdict"] == "legal"
    for ruleset in ("gf9", "overview", "conquest"):  # the same words as check's, but the file's name
        said = cli("check", thumper, "--ruleset", ruleset, "--json").json()["error"]["message"]
        assert rows[ruleset]["verdict"] is None
        assert said == f"{thumper}: {rows[ruleset]['cannot_express']}"
    # a move given with --move is checked as one written in the file
    ship = ROOT / "docs" / "guides" / "examples" / "ship.yaml"
    moved = cli("check", ship, "--json", "--move", "{action: thumper, faction: fremen, territory: Funeral Plain}")
    assert moved.code == 2 and moved.json()["error"]["key"] == "--move.action"
    # Conquest's text has no auction: a bid is a move of the GF9 games
    conquest = _write(
        tmp_path,
        "ruleset: conquest\nfactions: {atreides: {spice: 5}}\nmove: {action: bid, faction: atreides, amount: 1}\n",
    )
    expected = cli("check", conquest, "--json").json()["error"]["expected"]
    assert "'bid' is a move of gf9, overview and dreamrules only" in expected


def test_check_and_compare_say_the_same_of_a_question_mentat_does_not_encode(cli: Any) -> None:
    """A question a ruleset's text may ask but Mentat does not encode there is unresolved in both commands."""
    play = ROOT / "docs" / "guides" / "examples" / "play.yaml"
    checked = cli("check", play, "--ruleset", "conquest", "--json")
    rows = {r["ruleset"]: r for r in cli("compare", play, "--json").json()}
    assert checked.code == 3 and rows["conquest"]["verdict"] == "unresolved"
    assert rows["conquest"]["reason"] == checked.json()["reason"]


def test_compare_carries_a_position_over_without_the_keys_the_other_ruleset_has_not(cli: Any) -> None:
    case = ROOT / "docs" / "guides" / "keys" / "shield-wall-markers.yaml"
    run = cli("compare", case, "--rulesets", "dreamrules,gf9", "--json")
    rows = {r["ruleset"]: r for r in run.json()}
    assert rows["dreamrules"]["outcome"]["winner"] == "harkonnen"
    assert rows["gf9"]["outcome"]["winner"] == "none"  # judged, not 'cannot express': gf9 has no markers
    assert any("shield_wall_markers" in n and "dreamrules" in n for n in rows["gf9"]["carried_over"])
    assert rows["gf9"]["differs"] == {"dreamrules": ["winner"]} and run.code == 1
    checked = cli("check", case, "--ruleset", "gf9", "--json").json()  # check --ruleset carries it the same way
    assert checked["outcome"] == rows["gf9"]["outcome"]
    assert any("shield_wall_markers" in n for n in checked["notes"])


# -- defaults Mentat chooses are notes ------------------------------------------------------------------------


def test_a_sector_left_out_is_a_note(cli: Any, tmp_path: Path) -> None:
    base = """
ruleset: gf9
turn: 2
phase: shipment-and-movement
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
forces: [{faction: atreides, territory: Arrakeen, count: 10}]
"""
    ship = _write(tmp_path, base + "move: {action: ship, faction: atreides, to: Imperial Basin, count: 2}\n")
    move = _write(
        tmp_path,
        base + "move: {action: move, faction: atreides, from: Arrakeen, to: Imperial Basin, count: 2}\n",
        "m.yaml",
    )
    for pos in (ship, move):
        verdict = cli("check", pos, "--json").json()
        # the player picks the sector: the outcome names none (a solver's pick is not the answer)
        assert verdict["verdict"] == "legal" and "sector" not in verdict["outcome"]
        assert any("no sector of Imperial Basin (8, 9, 10)" in n for n in verdict["notes"])
    given = _write(
        tmp_path, base + "move: {action: ship, faction: atreides, to: Imperial Basin, sector: 9, count: 2}\n", "g.yaml"
    )
    assert not any("no sector" in n for n in cli("check", given, "--json").json().get("notes", []))


def test_the_number_of_players_taken_from_the_factions_listed_is_a_note(cli: Any) -> None:
    case = ROOT / "docs" / "guides" / "keys" / "shield-wall-markers.yaml"
    notes = cli("check", case, "--json").json()["notes"]
    assert "the position does not give 'players': the game is taken to have 3, the factions it lists" in notes


# -- mentat compare -------------------------------------------------------------------------------------------

SHIP = """
ruleset: gf9
turn: 2
phase: shipment-and-movement
storm: 3
factions: {atreides: {spice: 10, reserves: 10}, harkonnen: {spice: 5}, fremen: {spice: 5}}
move: {action: ship, faction: atreides, count: 2, to: TO}
"""


def _table(stdout: str) -> list[str]:
    """The comparison table's lines: up to the first blank line."""
    lines = stdout.splitlines()
    return lines[: lines.index("")] if "" in lines else lines


def test_compare_compares_the_keys_both_rulesets_report(cli: Any, tmp_path: Path) -> None:
    sand = _write(tmp_path, SHIP.replace("TO", "The Great Flat"))
    run = cli("compare", sand, "--rulesets", "gf9,conquest", "--json")
    rows = {r["ruleset"]: r for r in run.json()}
    assert "paid_to" in rows["gf9"]["outcome"] and "paid_to" not in rows["conquest"]["outcome"]
    assert rows["gf9"]["differs"] == {"conquest": ["cost"]}  # 2 a force on sand (gf9), 1 (conquest); not paid_to
    assert run.code == 1
    text = cli("compare", sand, "--rulesets", "gf9,conquest").stdout
    assert "differ: gf9 and conquest on cost (gf9 4, conquest 2)" in " ".join(text.split())
    stronghold = _write(tmp_path, SHIP.replace("TO", "Arrakeen"), "arrakeen.yaml")
    same = cli("compare", stronghold, "--rulesets", "gf9,conquest")
    assert same.code == 0 and "all 2 rulesets agree" in same.stdout  # conquest names no payee: no difference


def test_compare_wraps_its_columns_and_names_each_rule_once(cli: Any) -> None:
    ship = ROOT / "docs" / "guides" / "examples" / "ship.yaml"
    run = cli("compare", ship)
    table = _table(run.stdout)
    assert not any("..." in line for line in table)
    from checker.cli import COLUMNS

    start = COLUMNS[0] + COLUMNS[1]
    column = " ".join(line[start : start + COLUMNS[2]].strip() for line in table[1:])
    assert " ".join(column.split()) == "cost 3; paid to bank; sector 9"  # the whole outcome, wrapped in its column
    assert len(table[1:]) > 1 and table[1].startswith("gf9, overview,")  # one merged row, over several lines
    merged = " ".join(table[1:])
    for rid in ("overview.shipment.cost", "gf9.shipment.payee"):
        assert merged.count(rid) == 1, f"{rid} repeated in a merged row"
    assert all(len(line) <= 100 for line in table)


def test_every_row_names_its_deciding_rules_a_legal_one_the_rule_that_permits_the_difference(cli: Any) -> None:
    case = next((ROOT / "cases" / "conflicts").glob("gf9-dreamrules--gf9.deals.bribe-within-spice--*.yaml"))
    rows = {r["ruleset"]: r for r in cli("compare", case, "--rulesets", "dreamrules,gf9", "--json").json()}
    assert rows["gf9"]["verdict"] == "illegal" and "gf9.deals.bribe-within-spice" in rows["gf9"]["deciding"]
    assert rows["dreamrules"]["verdict"] == "legal"
    # the rules permitting there what forbids under gf9: the counterpart, and the same rule on other facts
    assert set(rows["dreamrules"]["deciding"]) == {"dreamrules.deals.bribe-within-spice", "gf9.deals.bribe-advanced"}
    ally = ROOT / "docs" / "guides" / "examples" / "ally.yaml"  # legal everywhere it can be asked, no outcome rule
    for row in cli("compare", ally, "--json").json():
        assert row["verdict"] is None or row["deciding"], f"{row['ruleset']} names no deciding rule"


def test_compare_notes_only_the_names_it_carried(cli: Any, tmp_path: Path) -> None:
    plain = _write(tmp_path, SHIP.replace("TO", "Arrakeen") + "expect: {verdict: legal, outcome: {paid_to: emperor}}\n")
    rows = {r["ruleset"]: r for r in cli("compare", plain, "--json").json()}
    assert not any("imperium" in n for n in rows["conquest"].get("carried_over", []))  # only its expect names him
    with_emperor = _write(
        tmp_path, SHIP.replace("TO", "Arrakeen").replace("factions: {", "factions: {emperor: {spice: 3}, "), "e.yaml"
    )
    rows = {r["ruleset"]: r for r in cli("compare", with_emperor, "--json").json()}
    assert "emperor is imperium in conquest" in rows["conquest"]["carried_over"]
