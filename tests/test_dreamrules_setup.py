"""Dreamrules: the position keys and moves it adds, and its starting position (constraints/dreamrules/setup.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checker.arrakis.position import known_cards, load_position
from checker.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "guides" / "examples"
NEW_MOVES = ("thumper", "worm", "technology", "interject", "move-surveyor", "retreat", "take-tech-token", "spite")

EVERY_KEY = """\
ruleset: dreamrules
turn: 4
phase: battle
nexus_card: blank
shield_wall_markers: 2
hidden_mobile_surveyor: {territory: the great flat}
spice_mines: [{territory: Cielago East, sector: 2, yield: 3, created_turn: 2}]
atomics_sietches: [sietch tabr]
current_auction: {high_bidder: emperor, high_bid: 3}
acted_this_phase: [guild]
last_battle:
  territory: Arrakeen
  winner: atreides
  result: zoal-infiltration
  cards_played: {atreides: [lasgun, weirding way], harkonnen: [supplies shield]}
  leaders_killed: [thufir hawat]
  fanatical_tactics: {fremen: [chemistry]}
factions:
  atreides:
    carryall: true
    fate_indicator: kulon
    fate_used: true
    tech_tokens: [Spice Production]
    bribe_pile: 2
    leaders_killed_this_phase: {Thufir Hawat: Arrakeen}
    ghola_revived: [duncan idaho]
    suppressed: [Prescience]
    made_ordinary_move: true
  fremen: {thumpers: 2}
  bene-tleilax: {infiltrating: [harkonnen], leaders: {Zoal: 0}}
forces:
  - {faction: ixians, territory: The Great Flat, count: 3, special: 3, surveyor: true, patched: 2}
move:
  action: battle
  territory: Arrakeen
  aggressor: atreides
  plans:
    atreides: {leader: Duncan Idaho, dial: 1, mercenaries: true, break_conditioning: true}
    harkonnen: {leader: Feyd-Rautha, dial: 2, retreat: true, weapon: supplies poison weapon}
"""


def _write(tmp_path: Path, text: str, name: str = "pos.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _input_error(cli: Any, path: Path) -> dict[str, Any]:
    run = cli("check", path, "--json")
    assert run.code == 2, f"expected an input error, got exit {run.code}: {run.stdout}"
    assert not run.traceback
    error: dict[str, Any] = run.json()["error"]
    return error


# -- every key and move of the spec's "Dreamrules keys" is read, with its names checked --------------------------


def test_every_dreamrules_key_is_read_with_canonical_names() -> None:
    pos = load_position(load_yaml_text(EVERY_KEY))
    assert pos.advanced is True  # dreamrules is GF9's Advanced game (dreamrules:17)
    assert pos.nexus_card == "blank" and pos.shield_wall_markers == 2
    assert pos.hidden_mobile_surveyor is not None and pos.hidden_mobile_surveyor.territory == "The Great Flat"
    mine = pos.spice_mines[0]
    assert (mine.territory, mine.sector, mine.yield_, mine.created_turn) == ("Cielago East", 2, 3, 2)
    assert pos.atomics_sietches == ["Sietch Tabr"]
    assert pos.current_auction is not None and pos.current_auction.high_bidder == "emperor"
    assert pos.acted_this_phase == ["spacing-guild"]
    lb = pos.last_battle
    assert lb is not None and lb.result == "zoal-infiltration"
    assert lb.cards_played == {"atreides": ["Lasgun", "Weirding Way"], "harkonnen": ["Supplies Shield"]}
    assert lb.leaders_killed == ["Thufir Hawat"] and lb.fanatical_tactics == {"fremen": ["Chemistry"]}
    at = pos.factions["atreides"]
    assert at.carryall and at.fate_used and at.made_ordinary_move
    assert at.fate_indicator == "Kulon" and at.ghola_revived == ["Duncan Idaho"] and at.bribe_pile == 2
    assert at.leaders_killed_this_phase == {"Thufir Hawat": "Arrakeen"} and at.tech_tokens == ["Spice Production"]
    assert pos.factions["fremen"].thumpers == 2
    assert pos.factions["bene-tleilax"].infiltrating == ["harkonnen"]
    group = pos.forces[0]
    assert group.surveyor and group.patched == 2
    plans = pos.move.plans  # type: ignore[union-attr]
    assert plans["atreides"].mercenaries == 1 and plans["atreides"].break_conditioning
    assert plans["harkonnen"].retreat and plans["harkonnen"].weapon == "Supplies poison weapon"


def load_yaml_text(text: str) -> Any:
    from checker.yamlio import parse_yaml

    return parse_yaml(text)


@pytest.mark.parametrize(
    "move,field,value",
    [
        ("{action: thumper, faction: fremen, territory: funeral plain}", "territory", "Funeral Plain"),
        ("{action: worm, territory: the great flat}", "territory", "The Great Flat"),
        ("{action: technology, faction: ix, card: hajr}", "card", "Hajr"),
        ("{action: interject, faction: guild, choice: swap, target: bg}", "target", "bene-gesserit"),
        (
            "{action: move-surveyor, faction: ixians, from: the great flat, to: funeral plain}",
            "from_",
            "The Great Flat",
        ),
        ("{action: retreat, faction: guild, territory: carthag}", "territory", "Carthag"),
        ("{action: take-tech-token, faction: atreides}", "faction", "atreides"),
        ("{action: spite, faction: harkonnen, give: shield, take: lasgun}", "take", "Lasgun"),
        (
            "{action: move, faction: fremen, from: funeral plain, to: the great flat, count: 1, zensunni_path: true}",
            "zensunni_path",
            True,
        ),
        ("{action: bid, faction: atreides, amount: 4, shaddams_favor: 2}", "shaddams_favor", 2),
        ("{action: revive, faction: emperor, fate: true, card: tleilaxu ghola}", "card", "Tleilaxu Ghola"),
        ("{action: play, faction: bg, card: kulon, as_karama: true, karama_use: cancel}", "karama_use", "cancel"),
        ("{action: bribe, faction: ixians, to: fremen, amount: 2}", "to", "fremen"),
        ("{action: ally, factions: [ixians, tleilaxu]}", "factions", ["ixians", "bene-tleilax"]),
    ],
)
def test_every_dreamrules_move_is_read(move: str, field: str, value: Any) -> None:
    pos = load_position(load_yaml_text(f"ruleset: dreamrules\nmove: {move}\n"))
    assert getattr(pos.move, field) == value


@pytest.mark.parametrize("action", NEW_MOVES)
def test_every_new_move_has_an_example_mentat_answers(action: str, cli: Any) -> None:
    path = EXAMPLES / f"{action}.yaml"
    pos = load_position(load_yaml(path), str(path))
    assert getattr(pos.move, "action", None) == action
    run = cli("check", path, "--json")
    assert run.code in (0, 1, 3, 4) and not run.traceback, run.stdout
    assert run.json()["ruleset"] == "dreamrules"


def test_schema_lists_the_dreamrules_keys_and_moves(cli: Any) -> None:
    schema = cli("schema", "--ruleset", "gf9").json()
    props = schema["properties"]
    for key in (
        "hidden_mobile_surveyor",
        "spice_mines",
        "atomics_sietches",
        "nexus_card",
        "shield_wall_markers",
        "current_auction",
        "acted_this_phase",
        "last_battle",
    ):
        assert key in props, key
    actions = {m["properties"]["action"]["enum"][0] for m in props["move"]["anyOf"] if "properties" in m}
    assert set(NEW_MOVES) <= actions


# -- input errors: one clear message, exit 2 -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,key,hint",
    [
        ("ruleset: dreamrules\nfactions: {imperium: {spice: 3}}\n", "factions.imperium", "emperor"),
        (
            "ruleset: dreamrules\nforces: [{faction: corrino, territory: Arrakeen, count: 1}]\n",
            "forces[0].faction",
            None,
        ),
        ("ruleset: dreamrules\nfactions: {fremen: {thumper: 2}}\n", "factions.fremen.thumper", "thumpers"),
        (
            "ruleset: dreamrules\nfactions: {atreides: {fate_indicator: kulonn}}\n",
            "factions.atreides.fate_indicator",
            "Kulon",
        ),
        ("ruleset: dreamrules\nnexus_card: 8\n", "nexus_card", None),
        ("ruleset: dreamrules\natomics_sietches: [Carthag]\n", "atomics_sietches[0]", None),
        ("ruleset: dreamrules\nspice_mines: [{territory: Cielago East, sector: 9}]\n", "spice_mines[0].sector", None),
        (
            "ruleset: dreamrules\nforces: [{faction: ixians, territory: Arrakeen, special: 1, patched: 2}]\n",
            "forces[0].patched",
            None,
        ),
        ("ruleset: dreamrules\nlast_battle: {result: draw}\n", "last_battle.result", None),
        (
            "ruleset: dreamrules\nlast_battle: {cards_played: {atreides: [lasgn]}}\n",
            "last_battle.cards_played.atreides[0]",
            "Lasgun",
        ),
        ("ruleset: dreamrules\nmove: {action: interject, faction: guild, choice: swap}\n", "move.target", None),
        ("ruleset: dreamrules\nmove: {action: spite, faction: harkonnen, give: sheild}\n", "move.give", "Shield"),
        ("ruleset: dreamrules\nmove: {action: worm, territory: Great Flatt}\n", "move.territory", "The Great Flat"),
        ("ruleset: dreamrules\nmove: {action: thumpr, faction: fremen}\n", "move.action", "thumper"),
        ("ruleset: dreamrules\nmove: {action: retreat, faction: guild}\n", "move.territory", None),
    ],
)
def test_dreamrules_input_errors(tmp_path: Path, cli: Any, text: str, key: str, hint: str | None) -> None:
    error = _input_error(cli, _write(tmp_path, text))
    assert error["key"] == key
    if hint:
        assert hint in error["suggestions"]


def test_dreamrules_cards_come_from_the_data_file() -> None:
    """dreamrules:128 adds Mercenaries, Supplies, Break Conditioning, Orange Catholic Bible; 722-728 print Weirding Way
    and Chemistry; 746 the Supplies cache: a dreamrules position may name them, a gf9 one may not."""
    dream, gf9 = known_cards("dreamrules"), known_cards("gf9")
    for name in (
        "Mercenaries",
        "Break Conditioning",
        "Orange Catholic Bible",
        "Weirding Way",
        "Chemistry",
        "Supplies Snooper",
    ):
        assert name.lower() in dream and name.lower() not in gf9
    assert "poison tooth" not in dream  # removed (dreamrules:128), and never in GF9's base deck


def test_gf9_refuses_the_dreamrules_keys_and_a_carried_position_leaves_them_out(tmp_path: Path, cli: Any) -> None:
    """A gf9 position giving Dreamrules keys is unusable input naming Dreamrules (issue 16: never silently ignored);
    a Dreamrules position judged under gf9 (check --ruleset, compare) is read without them, and the answer is
    gf9's."""
    text = (
        "ruleset: RULESET\nadvanced: true\nphase: bidding\nshield_wall_markers: 3\nnexus_card: 2\n"
        "factions: {atreides: {thumpers: 1, hand: 5}}\n"
    )
    error = _input_error(cli, _write(tmp_path, text.replace("RULESET", "gf9")))
    assert error["key"] == "shield_wall_markers" and error["suggestions"] == ["ruleset: dreamrules"]
    dream = _write(tmp_path, text.replace("RULESET", "dreamrules"), "dream.yaml")
    run = cli("check", dream, "--ruleset", "gf9", "--json")
    assert run.code == 4, run.stdout
    assert [f["rule"] for f in run.json()["findings"]] == ["gf9.position.hand-limit"]
    left_out = [n for n in run.json()["notes"] if "gf9 reads the position without it" in n]
    assert [n.split(": ")[1].split()[0] for n in left_out] == [
        "shield_wall_markers",
        "nexus_card",
        "factions.atreides.thumpers",
    ]


def test_advanced_false_is_read_as_the_advanced_game() -> None:
    pos = load_position({"ruleset": "dreamrules", "advanced": False})
    assert pos.advanced is True
    assert load_position({"ruleset": "gf9", "advanced": False}).advanced is False


# -- the starting position ---------------------------------------------------------------------------------------


def test_mentat_new_dreamrules_writes_a_legal_start(tmp_path: Path, cli: Any) -> None:
    run = cli("new", "dreamrules", "--factions", "atreides,harkonnen,fremen,bg,tleilaxu,ix")
    assert run.code == 0, run.stderr
    path = _write(tmp_path, run.stdout, "start.yaml")
    pos = load_position(load_yaml(path), str(path))
    assert pos.factions["bene-gesserit"].reserves == 18
    assert pos.factions["ixians"].reserves == 8 and pos.factions["ixians"].reserves_special == 6
    assert pos.factions["fremen"].thumpers == 2 and pos.shield_wall_markers == 0
    aboard = [g for g in pos.forces if g.surveyor]
    assert [(g.faction, g.count, g.special) for g in aboard] == [("ixians", 3, 3)]
    verdict = cli("check", path, "--json").json()
    assert verdict["verdict"] == "legal", verdict
    permits = {f["rule"] for f in verdict["findings"]}
    assert {
        "dreamrules.setup.bg-board",
        "dreamrules.setup.ixians-board",
        "dreamrules.setup.tleilax-reserves",
    } <= permits


def test_mentat_new_dreamrules_refuses_another_games_faction(cli: Any) -> None:
    run = cli("new", "dreamrules", "--factions", "atreides,imperium")
    assert run.code == 2 and "emperor" in run.stderr


def test_a_gf9_bg_start_is_wrong_under_dreamrules(cli: Any) -> None:
    """gf9:371 leaves nineteen in reserve; dreamrules:164 eighteen: the finding names the number and the line."""
    verdict = cli("check", ROOT / "cases" / "dreamrules" / "setup-bg-gf9-start.yaml", "--json").json()
    assert verdict["verdict"] == "invalid-position"
    found = {f["rule"]: f for f in verdict["findings"]}
    message = found["dreamrules.setup.bg-reserves"]["message"]
    assert "19 troops in reserve" in message and "eighteen" in message
    assert found["dreamrules.setup.bg-reserves"]["sources"][0]["lines"] == [164, 164]
    assert "1 troop in the Polar Sink" not in found["dreamrules.setup.bg-board"]["message"]


def test_the_ixian_start_differs_from_gf9(tmp_path: Path, cli: Any) -> None:
    """The same Ixian start: gf9 owns no Cyborgs, dreamrules prints the Ixians' nine (dreamrules:1220) and setup."""
    text = (
        "ruleset: {r}\nadvanced: true\nturn: 1\nphase: storm\nstorm: 18\n"
        "factions: {{ixians: {{spice: 10, reserves: 8, reserves_special: 6, hand: 1}}}}\n"
        "hidden_mobile_surveyor: {{territory: Hole In The Rock}}\n"
        "forces: [{{faction: ixians, territory: Hole In The Rock, count: 3, special: 3, surveyor: true}}]\n"
    )
    dreamrules = _write(tmp_path, text.format(r="dreamrules"), "b.yaml")
    gf9 = cli("check", dreamrules, "--ruleset", "gf9", "--json").json()  # carried over: no Surveyor in GF9
    # GF9 gives special forces to the Emperor and Fremen only (gf9:41, 53): the recorded conflict
    assert gf9["verdict"] == "invalid-position"
    assert [f["rule"] for f in gf9["findings"]] == ["gf9.position.special-forces"]
    dream = cli("check", dreamrules, "--json").json()
    assert dream["verdict"] == "legal", dream
    assert "dreamrules.setup.ixians-cyborgs" in {f["rule"] for f in dream["findings"]}


def test_seven_players_are_unresolved_not_refused(tmp_path: Path, cli: Any) -> None:
    path = _write(tmp_path, "ruleset: dreamrules\nplayers: 7\nphase: bidding\n")
    verdict = cli("check", path, "--json").json()
    assert verdict["verdict"] == "unresolved" and "dreamrules.setup.players" in verdict["reason"]
