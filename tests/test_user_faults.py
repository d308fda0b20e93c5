"""Faults an independent tester met as a user: each asserts what the user sees (the exit status, the message naming
the key at fault, what was expected), never a traceback, an internal error (exit 70) or a silent guess."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEGAL_SHIP = ROOT / "cases" / "gf9" / "ship-ally-support.yaml"  # legal
DICE_SHIP = ROOT / "cases" / "dice" / "ship-sandstorm.yaml"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(run: Any, *words: str) -> str:
    """An input error: exit 2, one message on stderr naming each of ``words``, no traceback."""
    assert run.code == 2, (run.code, run.stdout, run.stderr)
    assert not run.traceback and "internal error" not in run.stderr and "Traceback" not in run.stderr
    for word in words:
        assert word in run.stderr, (word, run.stderr)
    return str(run.stderr)


# -- a move's note (the spec's record example) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "move"),
    [
        (LEGAL_SHIP, "{action: ship, faction: atreides, count: 3, to: The Great Flat, ally_support: 3, note: hi}"),
        (LEGAL_SHIP, "{action: storm, distance: 3, note: 'words for the reader'}"),
        (DICE_SHIP, "{action: ship, faction: harkonnen, count: 1, to: Polar Sink, note: x}"),
    ],
    ids=["gf9-ship", "gf9-storm", "dice-ship"],
)
def test_a_moves_note_is_accepted_and_ignored(cli: Any, case: Path, move: str) -> None:
    with_note = cli("check", case, "--json", "--move", move)
    without = cli("check", case, "--json", "--move", move.rsplit(", note:", 1)[0] + "}")
    assert with_note.code != 2, with_note.stderr
    assert with_note.json()["verdict"] == without.json()["verdict"]


def test_a_note_that_is_not_text_names_the_key(cli: Any) -> None:
    refused(cli("check", LEGAL_SHIP, "--move", "{action: storm, distance: 3, note: [1, 2]}"), "move.note", "a text")


def test_a_records_notes_are_kept(cli: Any, tmp_path: Path) -> None:
    record = write(
        tmp_path,
        "r.yaml",
        "record: 1\nstart: {ruleset: gf9, factions: [atreides, harkonnen]}\nmoves:\n"
        "  - {action: storm, dials: [3, 4], note: 'the first storm'}\n"
        "  - {action: next-phase, note: on}\n",
    )
    run = cli("replay", record, "--json")
    assert run.code == 0, run.stderr
    assert run.json()["applied"] == 2


def test_the_schema_offers_note_on_every_move(cli: Any) -> None:
    for ruleset in ("gf9", "dice"):
        schema = json.loads(cli("schema", "--ruleset", ruleset).stdout)
        for kind in schema["properties"]["move"]["anyOf"]:
            if kind.get("type") == "object":
                assert "note" in kind["properties"], kind["properties"]["action"]


# -- output paths that cannot be written; replay --to -------------------------------------------------------------

RECORD = ROOT / "cases" / "games" / "gf9-basic-turn" / "record.yaml"  # 15 moves


@pytest.mark.parametrize("where", ["missing", "directory"])
def test_an_unwritable_output_path_names_the_option(cli: Any, tmp_path: Path, where: str) -> None:
    target = tmp_path / "nowhere" / "out.yaml" if where == "missing" else tmp_path
    what = "directory that exists" if where == "missing" else "not a directory"
    refused(cli("apply", LEGAL_SHIP, "-o", target), "'--out'", what, str(target))
    refused(cli("replay", RECORD, "--to", "1", "-o", target), "'--out'", what)
    refused(cli("new", "gf9", "--factions", "atreides,harkonnen", "-o", target), "'--out'", what)
    refused(cli("show", LEGAL_SHIP, "--svg", target.with_suffix(".svg") if where == "missing" else target), "--svg")
    run = cli("apply", LEGAL_SHIP, "-o", target, "--json")
    assert run.code == 2 and run.json()["error"]["key"] == "--out"


def test_replay_to_n_without_out_prints_the_position(cli: Any) -> None:
    from checker.yamlio import parse_yaml

    run = cli("replay", RECORD, "--to", "3")
    assert run.code == 0, run.stderr
    assert run.stdout.startswith("# 3 of 15 moves applied (to move 3)")
    position = parse_yaml(run.stdout)
    assert position["ruleset"] == "gf9" and "move" not in position


def test_replay_to_beyond_the_record_says_how_many_moves_it_has(cli: Any) -> None:
    refused(cli("replay", RECORD, "--to", "99"), "'--to'", "only 15 moves", "99")
    assert cli("replay", RECORD, "--to", "15", "--json").code == 0


# -- a key or a name given twice -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ("ruleset: gf9\nruleset: overview\n", "'ruleset'", "lines 1 and 2"),
        ("ruleset: gf9\nfactions: {harkonnen: {spice: 1, spice: 2}}\n", "'factions.harkonnen.spice'", "line 2"),
        ("ruleset: gf9\nfactions: {atreides: {spice: 1}, ATREIDES: {spice: 5}}\n", "'factions.ATREIDES'", "'atreides'"),
        ("ruleset: gf9\nfactions: {guild: {spice: 1}, spacing-guild: {spice: 2}}\n", "spacing-guild", "'guild'"),
        ("ruleset: dice\nfactions: {Fremen: {supply: 1}, fremen: {supply: 2}}\n", "'factions.fremen'", "'Fremen'"),
    ],
    ids=["yaml-top", "yaml-nested", "case", "alias", "dice"],
)
def test_a_key_or_name_given_twice_is_refused(cli: Any, tmp_path: Path, text: str, key: str, words: str) -> None:
    refused(cli("check", write(tmp_path, "twice.yaml", text)), key, words, "twice" if "yaml" in key else "")


def test_yaml_anchors_and_merge_keys_still_read() -> None:
    from checker.yamlio import parse_yaml

    data = parse_yaml("base: &b {x: 1, y: 2}\nmore: {<<: *b, x: 3}\nboth: [*b, *b]\n")
    assert data["more"] == {"x": 3, "y": 2} and data["both"] == [{"x": 1, "y": 2}] * 2


# -- messages that say what is wrong -------------------------------------------------------------------------------


def test_an_empty_file_says_it_is_empty(cli: Any, tmp_path: Path) -> None:
    message = refused(cli("check", write(tmp_path, "empty.yaml", "")), "empty")
    assert "NoneType" not in message


def test_a_python_tag_is_named_whole_with_its_line(cli: Any, tmp_path: Path) -> None:
    bad = write(tmp_path, "tag.yaml", "ruleset: gf9\nfoo: !!python/object/apply:os.system ['echo no']\n")
    message = refused(cli("check", bad), "line 2", "!!python/object/apply:os.system", "not allowed")
    assert "..." not in message


# -- a game record's own keys ----------------------------------------------------------------------------------------

NEW_START = "start: {ruleset: gf9, factions: [atreides, harkonnen]}\n"


@pytest.mark.parametrize(
    ("text", "key", "valid"),
    [
        ("record: 1\n" + NEW_START + "moves: []\nfoo: 1\n", "'foo'", "record, title, start, moves"),
        (
            "record: 1\nstart: {ruleset: gf9, factions: [atreides, harkonnen], bogus: 3}\nmoves: []\n",
            "'start.bogus'",
            "ruleset, factions, advanced",
        ),
        (
            "record: 1\nstart: {ruleset: gf9, factions: [atreides, harkonnen], storm: 5}\nmoves: []\n",
            "'start.storm'",
            "ruleset, factions, advanced",
        ),
        (
            "record: 1\nstart: {ruleset: gf9, factions: [atreidez, harkonnen]}\nmoves: []\n",
            "'start.factions'",
            "atreides",
        ),
        ("record: 1\nstart: {position: p.yaml, storm: 5}\nmoves: []\n", "'start.storm'", "start.position"),
    ],
    ids=["top", "start-bogus", "start-storm", "start-faction", "beside-position"],
)
def test_a_records_unknown_key_is_refused(cli: Any, tmp_path: Path, text: str, key: str, valid: str) -> None:
    record = write(tmp_path, "record.yaml", text)
    refused(cli("replay", record), key, valid, str(record))


# -- counts a position or move must give; numbers that cannot be negative -----------------------------------------


@pytest.mark.parametrize("ruleset", ["gf9", "overview", "dreamrules", "conquest"])
@pytest.mark.parametrize("group", ["", ", sector: 9", ", advisors: true"], ids=["bare", "sector", "advisors"])
def test_a_force_group_giving_neither_count_nor_special_names_the_key(
    cli: Any, tmp_path: Path, ruleset: str, group: str
) -> None:
    """A group that gives no number says nothing of how many forces stand there: refused, never read as 0."""
    faction = "bene-gesserit" if "advisors" in group else "atreides"
    text = f"ruleset: {ruleset}\nforces:\n  - {{faction: atreides, territory: Carthag, count: 2}}\n"
    text += f"  - {{faction: {faction}, territory: Arrakeen{group}}}\n"
    refused(cli("check", write(tmp_path, "g.yaml", text)), "'forces[1].count'", "count or special", "how many forces")


@pytest.mark.parametrize("numbers", ["count: 0", "special: 2", "count: 0, special: 0", "count: 3"])
def test_a_force_group_giving_count_or_special_loads(cli: Any, tmp_path: Path, numbers: str) -> None:
    text = f"ruleset: gf9\nforces: [{{faction: fremen, territory: Arrakeen, {numbers}}}]\n"
    run = cli("check", write(tmp_path, "f.yaml", text))
    assert run.code == 0, run.stderr


ZERO_GROUP = """ruleset: gf9
turn: 2
phase: {phase}
storm: 5
factions:
  atreides: {{spice: 5, reserves: 10}}
  harkonnen: {{spice: 5, reserves: 10}}
forces:
  - {{faction: atreides, territory: Arrakeen, count: 0}}
  - {{faction: harkonnen, territory: Carthag, count: 5}}
  - {{faction: harkonnen, territory: The Great Flat, count: 0, special: 0}}
move: {move}
"""


@pytest.mark.parametrize(
    ("phase", "move"),
    [
        ("mentat-pause", "{action: next-phase}"),
        ("shipment-and-movement", "{action: ship, faction: harkonnen, count: 1, to: Carthag}"),
    ],
    ids=["next-phase", "ship"],
)
def test_a_group_of_no_forces_is_carried_forward_with_its_count(
    cli: Any, tmp_path: Path, phase: str, move: str
) -> None:
    """A group given as count: 0 is written back with its count (it was written with neither, which no longer loads):
    the move is judged, applied, and the position after it loads."""
    position = write(tmp_path, "z.yaml", ZERO_GROUP.format(phase=phase, move=move))
    assert cli("check", position).code == 0
    after = tmp_path / "after.yaml"
    assert cli("apply", position, "-o", after).code == 0
    run = cli("check", after, "--json")
    assert run.code == 0, run.stderr
    assert "count: 0" in after.read_text(encoding="utf-8")


@pytest.mark.parametrize("extra", ["", ", count: 0", ", count: 0, special: 0"], ids=["none", "zero", "both-zero"])
@pytest.mark.parametrize("action", ["ship", "move"])
def test_a_shipment_or_movement_of_no_forces_is_an_input_error(cli: Any, action: str, extra: str) -> None:
    where = "to: Arrakeen" if action == "ship" else "from: The Great Flat, to: Arrakeen"
    run = cli("check", LEGAL_SHIP, "--move", f"{{action: {action}, faction: atreides, {where}{extra}}}")
    refused(run, ".count'", "at least 1 force")


def test_a_negative_leader_strength_is_refused(cli: Any, tmp_path: Path) -> None:
    bad = write(tmp_path, "l.yaml", "ruleset: gf9\nfactions: {atreides: {spice: 5, leaders: {Duncan Idaho: -2}}}\n")
    refused(cli("check", bad), "'factions.atreides.leaders.Duncan Idaho'", "at least 0", "-2")


def test_an_unknown_faction_in_a_list_is_named_with_the_nearest(cli: Any, tmp_path: Path) -> None:
    bad = write(
        tmp_path, "d.yaml", "ruleset: dice\nround: 2\nstep: kanly\nfactions: {atreides: {loyalty: [fremenn]}}\n"
    )
    message = refused(cli("check", bad), "'factions.atreides.loyalty[0]'", "Faction", "fremen?")
    assert "whole number" not in message


def test_a_die_face_outside_1_to_6_says_so(cli: Any, tmp_path: Path) -> None:
    text = "ruleset: dice\nround: 2\nstep: kanly\nfactions: {atreides: {kanly_chart: {plot: [7]}}}\n"
    refused(cli("check", write(tmp_path, "d.yaml", text)), "'factions.atreides.kanly_chart.plot[0]'", "1 to 6", "7")


def test_a_bad_json_lines_record_names_the_line_of_the_file(cli: Any, tmp_path: Path) -> None:
    text = (
        '{"record": 1, "start": {"ruleset": "gf9", "factions": ["atreides", "harkonnen"]}}\n'
        '{"action": "storm", "dials": [1, 2]}\n'
        '{"action": "storm" ,\n'
    )
    message = refused(cli("replay", write(tmp_path, "r.jsonl", text)), "line 3", "JSON Lines")
    assert "line 1" not in message
