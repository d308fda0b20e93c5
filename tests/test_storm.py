"""The storm question, position validity and starting positions (checker/arrakis/kinds/storm.py, position.py,
setup.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.api import check_text
from checker.arrakis.kinds.storm import first_seat, hit_sectors, step
from checker.arrakis.position import load_position, read_position
from checker.arrakis.setup import BASE_FACTIONS, starting_position
from checker.cases import shown
from checker.engine import evaluate
from checker.errors import InputError
from checker.rules import ruleset_rules
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
MINE = sorted(
    [*ROOT.glob("cases/gf9/storm-*.yaml"), *ROOT.glob("cases/gf9/position-*.yaml"), *ROOT.glob("cases/overview/*.yaml")]
)


def test_enough_cases() -> None:
    assert len([p for p in MINE if p.parent.name == "gf9"]) >= 20


@pytest.mark.parametrize("prefix", ["gf9.storm.", "gf9.position.", "overview.storm.", "overview.position."])
def test_every_rule_shown_both_ways(prefix: str) -> None:
    layer = prefix.split(".")[0]
    seen = shown(sorted(ROOT.glob(f"cases/{layer}/*.yaml")), ())  # any case of the ruleset may show a rule
    for rid, r in ruleset_rules(layer).items():
        if not rid.startswith(prefix) or r.open:
            continue
        assert rid in seen.permit or r.one_sided, f"{rid} has no permitting case"
        assert rid in seen.forbid or r.one_sided, f"{rid} has no forbidding case"


def test_geometry() -> None:
    assert step(18, 1) == 1 and step(17, 5) == 4 and step(5, 0) == 5
    assert hit_sectors(14, 2) == [15, 16]
    assert hit_sectors(3, 0) == []
    assert hit_sectors(18, 20) == list(range(1, 19))  # round the board: every sector, start included
    assert hit_sectors(18, 0, placed=True) == [18]  # turn one, dials of zero: the storm's final sector is hit
    assert hit_sectors(5, 0, placed=False) == []  # a later storm that does not move hits nothing again
    assert first_seat(8, [18, 3, 9]) == 2
    assert first_seat(15, [15, 18]) == 1  # a circle under the storm has been reached: it comes last
    assert first_seat(15, [15]) == 0


STORM = """
ruleset: gf9
turn: {turn}
storm: {storm}
factions: {{atreides: {{}}, harkonnen: {{}}}}
seats: {{atreides: 18, harkonnen: 9}}
forces:
  - {{faction: atreides, territory: Funeral Plain, count: 5}}
move: {{action: storm, distance: {distance}{card}}}
"""


@pytest.mark.parametrize(
    ("storm", "distance", "new", "lost"),
    [(13, 1, 14, 5), (14, 3, 17, 0), (12, 1, 13, 0), (10, 6, 16, 5), (14, 18, 14, 5), (5, 0, 5, 0)],
)
def test_funeral_plain(storm: int, distance: int, new: int, lost: int) -> None:
    """Funeral Plain lies in sector 14 only: hit when the storm moves into 14, not when it starts there (a full
    round of 18 is more than a later turn's storm moves: turn one's dials make it; a later distance the dials cannot
    make is Weather Control's, as the move says)."""
    turn = 1 if distance > 10 else 3
    card = ", weather_control: true" if turn > 1 and not 2 <= distance <= 6 else ""
    v = check_text(STORM.format(storm=storm, distance=distance, turn=turn, card=card))
    assert v.verdict == "legal", v.reason
    assert v.outcome["storm"] == new
    assert v.outcome["losses"].get("atreides", 0) == lost


def test_distance_and_dials_must_agree() -> None:
    with pytest.raises(InputError):
        check_text("ruleset: gf9\nturn: 2\nstorm: 1\nmove: {action: storm, distance: 5, dials: [1, 1]}")
    with pytest.raises(InputError):
        check_text("ruleset: gf9\nturn: 2\nstorm: 1\nmove: {action: storm}")


def test_seats_load_and_validate() -> None:
    pos = load_position(parse_yaml("ruleset: gf9\nseats: {bg: 3, guild: 6}"))
    assert pos.seats == {"bene-gesserit": 3, "spacing-guild": 6}
    with pytest.raises(InputError):
        load_position(parse_yaml("ruleset: gf9\nseats: {atreides: 19}"))


@pytest.mark.parametrize("advanced", [False, True])
def test_starting_position_valid(advanced: bool) -> None:
    text = starting_position("gf9", list(BASE_FACTIONS), advanced)
    pos = load_position(parse_yaml(text))
    assert pos.advanced is advanced and pos.turn == 1 and pos.storm == 18
    v = evaluate(pos)
    assert v.verdict == "legal", v.findings
    totals = {
        f: sum(g.total for g in pos.groups(f)) + (s.reserves or 0) + (s.reserves_special or 0)
        for f, s in pos.factions.items()
    }
    assert totals == dict.fromkeys(BASE_FACTIONS, 20)
    if advanced:
        assert pos.factions["emperor"].reserves_special == 5
        assert sum(g.special for g in pos.groups("fremen")) + (pos.factions["fremen"].reserves_special or 0) == 3


def test_starting_numbers() -> None:
    pos = load_position(parse_yaml(starting_position("gf9", ["harkonnen", "guild", "fremen"], False)))
    assert pos.factions["harkonnen"].hand == 2 and pos.factions["harkonnen"].spice == 10
    assert [(g.territory, g.count) for g in pos.groups("harkonnen")] == [("Carthag", 10)]
    assert [(g.territory, g.count) for g in pos.groups("spacing-guild")] == [("Tuek's Sietch", 5)]
    assert {g.territory for g in pos.groups("fremen")} <= {"Sietch Tabr", "False Wall South", "False Wall West"}
    assert sum(g.count for g in pos.groups("fremen")) == 10 and pos.factions["fremen"].spice == 3


def test_starting_position_errors() -> None:
    with pytest.raises(InputError) as err:
        starting_position("gf8", ["atreides"], False)
    assert "gf9" in err.value.suggestions
    with pytest.raises(InputError) as err:
        starting_position("gf9", ["atreides", "harkonen"], False)
    assert "harkonnen" in err.value.suggestions
    with pytest.raises(InputError):
        starting_position("gf9", ["ixians"], False)
    with pytest.raises(InputError):
        starting_position("gf9", ["atreides", "atreides"], False)
    with pytest.raises(InputError):
        starting_position("gf9", [], False)


def test_cli_new(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from checker.cli import app

    out = tmp_path / "start.yaml"
    result = CliRunner().invoke(app, ["new", "gf9", "--factions", "atreides,bg", "--advanced", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert evaluate(read_position(out)).verdict == "legal"


# -- findings that name what decided; facts inferred are noted --------------------------------------


def test_losses_name_each_group_and_why_others_are_spared() -> None:
    v = check_text("""
ruleset: gf9
turn: 3
storm: 7
shield_wall: standing
forces:
  - {faction: atreides, territory: Arrakeen, count: 6}
  - {faction: atreides, territory: Old Gap, sector: 9, count: 2}
move: {action: storm, dials: [1, 2]}
""")
    assert v.outcome["losses"] == {"atreides": 2}
    found = next(f for f in v.findings if f.rule.id == "gf9.storm.losses")
    assert "Atreides loses 2 of 2 in Old Gap sector 9" in found.message
    assert "spared: Atreides in Arrakeen sector 9 (the Shield Wall stands)" in found.message


def test_dial_findings_name_the_bad_dial() -> None:
    v = check_text("ruleset: gf9\nturn: 3\nstorm: 7\nmove: {action: storm, dials: [4, 1]}\n")
    assert v.forbidding() == ["gf9.storm.later-dials"]
    assert "4 is not" in v.findings[0].message


def test_inferred_storm_facts_are_noted() -> None:
    v = check_text("""
ruleset: gf9
turn: 1
forces: [{faction: atreides, territory: Cielago North, count: 2}]
move: {action: storm, dials: [10, 10]}
""")
    assert v.outcome["storm"] == 2 and v.outcome["losses"] == {"atreides": 2}
    assert any("Storm Start sector, 18" in n for n in v.notes)
    assert any("forces[0]" in n and "does not matter" in n for n in v.notes)
    assert any("'seats'" in n for n in v.notes)


@pytest.mark.parametrize(
    ("players", "listed", "verdict"),
    [
        (None, "atreides: {spice: 10}, harkonnen: {spice: 10}", "legal"),
        (None, "atreides: {spice: 10}", "unresolved"),  # one faction is no game (gf9:21): the Fremen may play
        (6, "atreides: {spice: 10}", "unresolved"),
        (6, "fremen: {spice: 3}", "illegal"),
    ],
)
def test_dials_after_turn_one_wait_on_whether_advanced_fremen_play(
    players: int | None, listed: str, verdict: str
) -> None:
    """Advanced, turn three, two dials: legal without the Fremen, illegal with them (the Storm Card, gf9:91), and
    open when an unnamed player may be the Fremen."""
    text = f"""
ruleset: gf9
advanced: true
{f"players: {players}" if players else ""}
turn: 3
phase: storm
storm: 10
factions: {{{listed}}}
move: {{action: storm, dials: [3, 3]}}
"""
    v = check_text(text)
    assert v.verdict == verdict, v.reason
    if verdict == "unresolved":
        assert "factions.fremen" in v.reason


def test_a_storm_of_one_sector_says_sector() -> None:
    """'1 sector', never '1 sectors'."""
    from checker.api import check_text

    v = check_text(
        "ruleset: gf9\nturn: 3\nphase: storm\nstorm: 10\nmove: {action: storm, distance: 1, weather_control: true}\n"
    )
    said = {f.rule.id: f.message for f in v.findings}
    assert said["gf9.storm.movement"] == "The storm moves 1 sector from sector 10 to 11, hitting 11."


def test_unknown_shield_wall_names_the_losses_it_does_not_decide() -> None:
    """Sand the storm hits loses its forces whatever the Shield Wall's state (gf9:97): the reason says so, and names
    the sheltered groups whose loss depends on the wall."""
    from checker.api import check_text

    v = check_text("""
ruleset: gf9
phase: storm
turn: 3
storm: 7
forces:
  - {faction: harkonnen, territory: Imperial Basin, sector: 9, count: 4}
  - {faction: atreides, territory: Old Gap, sector: 9, count: 3}
move: {action: storm, dials: [1, 2]}
""")
    assert v.verdict == "legal" and "losses" not in v.outcome
    why = v.unknown["losses"]
    assert "only if it is destroyed, Harkonnen loses 4 of 4 in Imperial Basin sector 9" in why
    assert "whatever its state, Atreides loses 3 of 3 in Old Gap sector 9" in why


@pytest.mark.parametrize("ruleset", ["gf9", "overview", "dreamrules"])
def test_a_storm_over_spice_not_given_leaves_the_spice_lost_unknown(ruleset: str) -> None:
    """No 'spice' key: the board's spice is unknown, so the spice the storm sweeps is unknown (not 0); the verdict
    stays decided. 'spice: []' says none lies there (0)."""
    from checker.game import Applied, apply

    text = f"ruleset: {ruleset}\nturn: 3\nphase: storm\nstorm: 12\n"
    text += "factions: {harkonnen: {spice: 3}, atreides: {spice: 3}}\nmove: {action: storm, distance: 2}\n"
    v = check_text(text)
    assert v.verdict == "legal" and v.outcome["storm"] == 14 and "spice_lost" not in v.outcome
    assert v.unknown["spice_lost"].startswith("the position does not give 'spice' (the spice on the board)")
    said = {f.rule.id: (f.effect, f.message) for f in v.findings}
    spice_rule = "overview.storm.spice" if ruleset == "overview" else "gf9.storm.spice"
    assert said[spice_rule] == (
        "unresolved",
        "spice lost unknown: the position does not give 'spice' (the spice on the board)",
    )
    assert check_text(text + "spice: []\n").outcome["spice_lost"] == 0
    # apply carries it: the storm moves, and the board's spice stays not given
    data = parse_yaml(text)
    result = apply(data)
    assert isinstance(result, Applied) and result.data["storm"] == 14 and "spice" not in result.data
    given = apply(parse_yaml(text + "spice: [{territory: The Great Flat, amount: 6}]\n"))
    assert isinstance(given, Applied) and given.data["spice"] == [] and given.verdict.outcome["spice_lost"] == 6


def test_a_storm_with_the_turn_and_spice_not_given_still_tries_every_turn() -> None:
    """The spice not given leaves only a value unknown: the missing turn is still tried for every value."""
    v = check_text("ruleset: gf9\nstorm: 10\nmove: {action: storm, dials: [2, 3]}\n")
    assert v.verdict == "legal" and v.outcome["storm"] == 15 and "spice_lost" in v.unknown
