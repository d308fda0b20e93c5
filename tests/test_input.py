"""Input as users write it: names checked wherever they appear, every move kind typed, errors as JSON.

Each test goes through ``mentat check`` (in-process), as a user or a script meets it.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from checker.arrakis.position import MOVES, UNENCODED_MOVES, load_position
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent

BASE = """\
ruleset: gf9
phase: battle
factions:
  atreides: {spice: 10}
  harkonnen: {spice: 10}
forces:
- {faction: atreides, territory: Arrakeen, count: 10}
- {faction: harkonnen, territory: Arrakeen, count: 5}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pos.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _input_error(cli: Any, path: Path, *more: str) -> dict[str, Any]:
    """Run ``check --json``: exit 2, one line on stderr, one JSON object (the error) on stdout."""
    run = cli("check", path, "--json", *more)
    assert run.code == 2, f"expected an input error, got exit {run.code}: {run.stdout}"
    assert not run.traceback
    assert len(run.stderr.splitlines()) == 1 and run.stderr.startswith("mentat:")
    error: dict[str, Any] = run.json()["error"]  # json.loads refuses anything after the object
    assert error["message"] in run.stderr
    return error


# -- names: leaders and cards, wherever they appear -------------------------------------


@pytest.mark.parametrize(
    "extra,key,got,nearest",
    [
        ("  harkonnen: {leaders_in_tanks: [Kudoo]}\n", "factions.harkonnen.leaders_in_tanks[0]", "Kudoo", "Umman Kudu"),
        ("  atreides: {traitors: [Feyd]}\n", "factions.atreides.traitors[0]", "Feyd", "Feyd-Rautha"),
        (
            "  atreides: {leaders_used_this_phase: {Dunkan Idaho: Carthag}}\n",
            "factions.atreides.leaders_used_this_phase.Dunkan Idaho",
            "Dunkan Idaho",
            "Duncan Idaho",
        ),
        ("  atreides: {hand: [Crysknife, Lasgunn]}\n", "factions.atreides.hand[1]", "Lasgunn", "Lasgun"),
    ],
    ids=["leaders_in_tanks", "traitors", "leaders_used_this_phase", "hand"],
)
def test_names_in_a_position_without_a_move(
    tmp_path: Path, cli: Any, extra: str, key: str, got: str, nearest: str
) -> None:
    """No battle in sight: the names are checked all the same, with the nearest valid ones."""
    text = "ruleset: gf9\nfactions:\n" + extra
    error = _input_error(cli, _write(tmp_path, text))
    assert error["key"] == key and error["got"] == got
    assert error["suggestions"][0] == nearest
    assert error["file"] == str(tmp_path / "pos.yaml")
    right = text.replace(got, nearest)
    assert cli("check", _write(tmp_path, right), "--json").code in (0, 4), "the corrected name is refused"


def test_names_are_spelled_as_the_components_spell_them(tmp_path: Path) -> None:
    pos = load_position(
        {
            "ruleset": "gf9",
            "factions": {
                "harkonnen": {
                    "leaders_in_tanks": ["feyd-rautha"],
                    "hand": ["gom  jabbar"],
                    "traitors": ["DUNCAN IDAHO"],
                }
            },
        }
    )
    state = pos.factions["harkonnen"]
    assert (state.leaders_in_tanks, state.hand, state.traitors) == (["Feyd-Rautha"], ["Gom Jabbar"], ["Duncan Idaho"])


def test_a_plans_leader_is_checked(tmp_path: Path, cli: Any) -> None:
    move = (
        "move: {action: battle, territory: Arrakeen, aggressor: harkonnen, plans: "
        "{harkonnen: {leader: Feyd, dial: 1}, atreides: {leader: Duncan Idaho, dial: 2}}}\n"
    )
    error = _input_error(cli, _write(tmp_path, BASE + move))
    assert error["key"] == "move.plans.harkonnen.leader" and "Feyd-Rautha" in error["suggestions"]
    ok = cli("check", _write(tmp_path, BASE + move.replace("Feyd,", "Feyd-Rautha,")), "--json")
    assert ok.code in (0, 1, 3), ok.stdout


def test_the_positions_own_lists_do_not_define_leaders(tmp_path: Path, cli: Any) -> None:
    """A name in leaders_in_tanks is checked, never taken as a leader that a plan may then use."""
    text = BASE.replace("harkonnen: {spice: 10}", "harkonnen: {spice: 10, leaders_in_tanks: [Kudoo]}")
    move = (
        "move: {action: battle, territory: Arrakeen, aggressor: harkonnen, plans: "
        "{harkonnen: {leader: Kudoo, dial: 1}, atreides: {leader: Duncan Idaho, dial: 2}}}\n"
    )
    error = _input_error(cli, _write(tmp_path, text + move))
    assert error["got"] == "Kudoo" and error["suggestions"] == ["Umman Kudu"]


def test_a_name_the_battle_kind_reads_names_the_file(tmp_path: Path, cli: Any) -> None:
    """A Voice's card is read by the battle kind, after loading: the error still names file and key."""
    move = (
        "move: {action: battle, territory: Arrakeen, aggressor: harkonnen, plans: "
        "{harkonnen: {leader: Feyd-Rautha, dial: 1, voice: {play: Gom Jabar}}, "
        "atreides: {leader: Duncan Idaho, dial: 2}}}\n"
    )
    path = _write(tmp_path, BASE.replace("atreides", "bene-gesserit") + move.replace("atreides", "bene-gesserit"))
    error = _input_error(cli, path)
    assert error["file"] == str(path) and error["key"] == "move.plans.harkonnen.voice.play"
    assert error["suggestions"][0] == "Gom Jabbar"


def test_a_factions_leaders_map_adds_names(tmp_path: Path, cli: Any) -> None:
    """A source that prints no leaders: the position's ``leaders`` map supplies them, and only it."""
    text = "ruleset: gf9\nfactions:\n  harkonnen: {leaders: {Glossu: 4}, leaders_in_tanks: [Glossu]}\n"
    assert cli("check", _write(tmp_path, text), "--json").code in (0, 4)
    without = "ruleset: gf9\nfactions:\n  harkonnen: {leaders_in_tanks: [Glossu]}\n"
    assert _input_error(cli, _write(tmp_path, without))["key"] == "factions.harkonnen.leaders_in_tanks[0]"


def test_the_expansions_leaders_under_dreamrules_only(tmp_path: Path, cli: Any) -> None:
    """Dreamrules plays the Ixians and Bene Tleilax: their printed leaders (gf9-components.yaml, expansion_leaders)
    are names a plan may use without a leaders map; gf9 has no such faction, and an unknown name points to the
    leaders map."""
    text = (
        "ruleset: {r}\nphase: battle\nturn: 3\nfactions:\n  bene-tleilax: {{spice: 10, hand: []}}\n"
        "  atreides: {{spice: 10, hand: []}}\nforces:\n- {{faction: bene-tleilax, territory: Carthag, count: 4}}\n"
        "- {{faction: atreides, territory: Carthag, count: 4}}\nmove: {{action: battle, territory: Carthag, "
        "aggressor: atreides, plans: {{atreides: {{leader: Duncan Idaho, dial: 2, spice: 2}}, "
        "bene-tleilax: {{leader: {name}, dial: 2, spice: 2}}}}}}\n"
    )
    run = cli("check", _write(tmp_path, text.format(r="dreamrules", name="Hidar Fen Ajidica")), "--json")
    assert run.code == 0 and run.json()["outcome"]["winner"] == "bene-tleilax"  # 2 + 4 against 2 + 2
    error = _input_error(cli, _write(tmp_path, text.format(r="dreamrules", name="Hidar Fen")))
    assert "Hidar Fen Ajidica" in error["suggestions"] and "factions.X.leaders" in error["expected"]


def test_dreamrules_cards_in_a_dreamrules_hand_only(tmp_path: Path, cli: Any) -> None:
    """dreamrules:128 adds Mercenaries to the deck: a gf9 hand holding it is a misspelling."""
    text = "ruleset: {r}\nphase: battle\nfactions:\n  atreides: {{hand: [Mercenaries, Supplies Shield]}}\n"
    run = cli("check", _write(tmp_path, text.format(r="dreamrules")), "--json")
    assert run.code == 0 and run.json()["verdict"] == "legal"  # the position kind is encoded (dreamrules:316, 746)
    error = _input_error(cli, _write(tmp_path, text.format(r="gf9")))
    assert error["key"] == "factions.atreides.hand[0]" and error["got"] == "Mercenaries"


def test_conquest_positions_still_load(tmp_path: Path, cli: Any) -> None:
    """Names the GF9 components do not know load under conquest (it prints no leaders or cards: a leader
    name is checked only against the factions' own ``leaders`` maps, and here none is given)."""
    text = "ruleset: conquest\nfactions:\n  atreides: {leaders_in_tanks: [Kudoo], hand: [Market]}\n"
    run = cli("check", _write(tmp_path, text), "--json")
    assert run.code == 0 and run.json()["verdict"] == "legal"


def test_a_dice_position_gets_a_dice_verdict_and_refuses_gf9_keys(tmp_path: Path, cli: Any) -> None:
    """A Dice Game position is read by its own family: its keys load and its rules answer (dice:36: two
    Atreides Leader cylinders); a GF9 key is unusable input naming the nearest dice key."""
    ok = cli("check", _write(tmp_path, "ruleset: dice\nfactions:\n  atreides: {leader: 2}\n"), "--json")
    assert ok.code == 0 and ok.json()["verdict"] == "legal" and ok.json()["ruleset"] == "dice"
    assert "dice.components.leaders-atreides" in {f["rule"] for f in ok.json()["findings"]}
    three = cli("check", _write(tmp_path, "ruleset: dice\nfactions:\n  atreides: {leader: 3}\n"), "--json")
    assert three.code == 4 and three.json()["minimal_reason"] == ["dice.components.leaders-atreides"]
    text = "ruleset: dice\nfactions:\n  atreides: {leaders_in_tanks: [Kudoo]}\n"
    error = _input_error(cli, _write(tmp_path, text))
    assert error["key"] == "factions.atreides.leaders_in_tanks" and error["suggestions"][0] == "leader"


def test_a_move_option_is_checked_like_the_files_move(tmp_path: Path, cli: Any) -> None:
    path = _write(tmp_path, BASE)
    error = _input_error(cli, path, "--move", "{action: revive, faction: atreides, leader: Thufir}")
    assert error["key"] == "--move.leader" and "Thufir Hawat" in error["suggestions"]
    error = _input_error(cli, path, "--move", "{action: ship, faction: atreides, count: 1, to: Carthag, sector: 3}")
    assert error["key"] == "--move.sector"


# -- the move kinds not encoded yet: typed, documented, unresolved ----------------------

EVERY_KEY = {
    "revive": "{action: revive, faction: emperor, count: 2, special: 1, leader: bashar, fate: true, "
    "card: Tleilaxu Ghola, emperor_pays: 0, fremen_grant: false, kwisatz_haderach: false}",
    "bid": "{action: bid, faction: emperor, amount: 3, ally_support: 1, karama: true, shaddams_favor: 2, wins: true}",
    "charity": "{action: charity, faction: emperor}",
    "collect": "{action: collect, faction: emperor, territory: the great flat, sector: 14}",
    "play": "{action: play, faction: emperor, card: weather control, as_karama: false, karama_use: x, distance: 3}",
}


# the ruleset whose positions have every key of the move (Dreamrules' Fate and Shaddam's Favor are its own)
EVERY_KEY_RULESET = {"revive": "dreamrules", "bid": "dreamrules"}


@pytest.mark.parametrize("action", sorted(EVERY_KEY))
def test_each_typed_move_kind_reads_every_key(tmp_path: Path, cli: Any, action: str) -> None:
    """Every key of these moves is read; a kind with rules answers, one without says it encodes none yet."""

    move = parse_yaml(EVERY_KEY[action])
    ruleset = EVERY_KEY_RULESET.get(action, "gf9")
    pos = load_position({"ruleset": ruleset, "move": move})
    m = pos.move
    assert type(m) is MOVES[action] and isinstance(m, UNENCODED_MOVES)
    given = {k for k in move if k != "action"}
    fields = {f.name for f in dataclasses.fields(m) if not f.metadata.get("internal")} - {"card_keys"}
    assert given >= fields - {"action"}, "the test gives every key"
    assert m.faction == "emperor"
    run = cli("check", _write(tmp_path, f"ruleset: {ruleset}\n"), "--json", "--move", EVERY_KEY[action])
    assert run.code in (0, 1, 3), run.stdout + run.stderr
    unencoded = f"Mentat does not encode the rules of '{action}' moves yet"
    from checker.arrakis.kinds import MODULES

    if action in MODULES:  # its own kind answers (here mostly unresolved: the position gives no spice or hand)
        assert run.json().get("reason", "") != unencoded
    else:
        assert run.code == 3 and run.json()["reason"] == unencoded


def test_the_moves_names_are_normalised() -> None:

    revive = load_position({"ruleset": "dreamrules", "move": parse_yaml(EVERY_KEY["revive"])}).move
    play = load_position({"ruleset": "gf9", "move": parse_yaml(EVERY_KEY["play"])}).move
    collect = load_position({"ruleset": "gf9", "move": parse_yaml(EVERY_KEY["collect"])}).move
    assert getattr(revive, "leader", None) == "Bashar" and getattr(revive, "card", None) == "Tleilaxu Ghola"
    assert getattr(play, "card", None) == "Weather Control" and getattr(play, "card_keys", None) == {"distance": 3}
    assert getattr(collect, "territory", None) == "The Great Flat"


@pytest.mark.parametrize(
    "move,key,nearest",
    [
        ("{action: bid, faction: emperor, amout: 3}", "move.amout", "amount"),
        ("{action: revive, faction: emperor, leaders: Bashar}", "move.leaders", "leader"),
        ("{action: charity, faction: emperor, amount: 2}", "move.amount", None),
        ("{action: collect, faction: emperor, teritory: Carthag}", "move.teritory", "territory"),
        ("{action: play, faction: emperor, card: Karama, as_karma: true}", "move.as_karma", "as_karama"),
        ("{action: play, faction: emperor, card: Karamma}", "move.card", "Karama"),
        ("{action: revive, faction: emperor, leader: Kudoo}", "move.leader", "Umman Kudu"),
    ],
)
def test_unknown_keys_and_names_in_those_moves(tmp_path: Path, cli: Any, move: str, key: str, nearest: str) -> None:
    error = _input_error(cli, _write(tmp_path, f"ruleset: gf9\nmove: {move}\n"))
    assert error["key"] == key
    if nearest:
        assert error["suggestions"][0] == nearest


def test_schema_lists_every_action_with_every_key_documented(cli: Any) -> None:
    schema = cli("schema", "--ruleset", "gf9").json()
    by_action = {
        m["properties"]["action"]["enum"][0]: m for m in schema["properties"]["move"]["anyOf"] if "properties" in m
    }
    assert sorted(by_action) == sorted(
        [
            "ship",
            "move",
            "revive",
            "bid",
            "charity",
            "storm",
            "battle",
            "collect",
            "play",
            "blow",
            "ally",
            "bribe",
            "give",
            "buy",
            "spice-blow",
            # dreamrules (position-format.md, "Dreamrules keys")
            "thumper",
            "worm",
            "technology",
            "interject",
            "move-surveyor",
            "retreat",
            "take-tech-token",
            "spite",
            "deal",
            "note",
            "next-phase",
        ]
    )
    for action, cls in MOVES.items():
        props = by_action[action]["properties"]
        for f in dataclasses.fields(cls):
            if f.name in ("action", "card_keys") or f.metadata.get("internal"):
                continue
            shown = f.name.rstrip("_")  # from_ is written from, break_ break
            assert shown in props, f"{action}: {shown} missing from the schema"
            assert props[shown].get("description"), f"{action}.{shown} has no description"
        assert "from_" not in props, "the schema shows Python's name, not the key users write"
    assert by_action["play"]["additionalProperties"], "a played card's own keys are open"
    from checker.arrakis.kinds.play import CARD_KEYS, DR_CARD_KEYS

    for card, keys in [*CARD_KEYS.items(), *DR_CARD_KEYS.items()]:  # each card's own keys are documented
        for key in keys:
            assert by_action["play"]["properties"].get(key, {}).get("description"), f"play ({card}): {key}"
    cancels = by_action["play"]["properties"]["cancels"]["examples"]
    assert "Shaddam's Favor" in cancels and "The Voice" in cancels and "prescience" in cancels
    assert by_action["bid"]["additionalProperties"] is False
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(schema)

    for action, text in EVERY_KEY.items():
        assert not list(validator.iter_errors({"ruleset": "gf9", "move": parse_yaml(text)})), action
    assert list(validator.iter_errors({"ruleset": "gf9", "move": {"action": "bid", "faction": "emperor", "amout": 3}}))


# -- --json: one JSON object for every outcome -------------------------------------------


def test_json_input_errors(tmp_path: Path, cli: Any) -> None:
    error = _input_error(cli, _write(tmp_path, "ruleset: gf9\nstorm: 10\nfactions: {harkonen: {spice: 1}}\n"))
    assert error == {
        "kind": "input",
        "file": str(tmp_path / "pos.yaml"),
        "key": "factions.harkonen",
        "expected": "a faction name",
        "got": "harkonen",
        "suggestions": error["suggestions"],
        "message": error["message"],
    }
    assert "harkonnen" in error["suggestions"]
    missing = _input_error(cli, tmp_path / "no-such.yaml")
    assert missing["file"] == str(tmp_path / "no-such.yaml") and missing["key"] == ""
    bad_move = _input_error(cli, _write(tmp_path, "ruleset: gf9\n"), "--move", "{action: fly}")
    assert bad_move["key"] == "--move.action" and bad_move["got"] == "fly"
    bad_ruleset = _input_error(cli, _write(tmp_path, "ruleset: gf9\n"), "--ruleset", "gf8")
    assert bad_ruleset["suggestions"] == ["gf9"]


def test_json_error_got_stays_small(tmp_path: Path, cli: Any) -> None:
    error = _input_error(cli, _write(tmp_path, "ruleset: gf9\nforces: {a: [" + ", ".join(["1"] * 500) + "]}\n"))
    assert len(json.dumps(error["got"])) < 200


@pytest.mark.parametrize("how", ["internal-error", "other-exception"])
def test_json_internal_errors(cli: Any, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    import checker.api
    from checker.engine import InternalError

    def broken(*_args: Any, **_kw: Any) -> Any:
        raise InternalError("rule x disagrees with itself") if how == "internal-error" else ZeroDivisionError("boom")

    monkeypatch.setattr(checker.api, "check_file", broken)
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    run = cli("check", case, "--json")
    assert run.code == 70 and not run.traceback
    error = run.json()["error"]
    assert error["kind"] == "internal" and error["message"].startswith("internal error")
    assert ("disagrees" if how == "internal-error" else "ZeroDivisionError: boom") in error["message"]
    assert run.stderr.startswith("mentat: internal error") and len(run.stderr.splitlines()) == 1
    human = cli("check", case)
    assert human.code == 70 and human.stdout == "" and human.stderr.startswith("mentat: internal error")


def test_an_advantage_karama_stopped_is_a_name_the_chapter_knows(tmp_path: Path, cli: Any) -> None:
    """A misspelt ``suppressed`` advantage was once ignored, answering as if Karama had stopped nothing."""
    text = (
        "ruleset: dreamrules\nturn: 4\nphase: bidding\nfactions:\n"
        "  emperor: {{spice: 3, suppressed: [{name}]}}\n  atreides: {{spice: 4, hand: 1}}\n"
        "move: {{action: bid, faction: atreides, amount: 2}}\n"
    )
    error = _input_error(cli, _write(tmp_path, text.format(name="Shadams Favour")))
    assert error["key"] == "factions.emperor.suppressed[0]"
    assert "Shaddam's Favor" in error["suggestions"]
    for spelling in ("Shaddam's Favor", "shaddams-favor", "SHADDAMS FAVOR"):  # any spelling of the heading
        run = cli("check", _write(tmp_path, text.format(name=spelling)), "--json")
        assert run.code in (0, 1, 3), run.stdout


# -- the Kwisatz Haderach's and the captives' keys (gf9:193, 353, 427) ------------------------------------


@pytest.mark.parametrize(
    "factions,key,expected",
    [
        (
            "  harkonnen: {kwisatz_haderach_in_tanks: true}\n",
            "factions.harkonnen.kwisatz_haderach_in_tanks",
            "Atreides",
        ),
        ("  atreides: {captured_leaders: [Feyd-Rautha]}\n", "factions.atreides.captured_leaders", "Harkonnen holds"),
        ("  harkonnen: {captured_leaders: [Feyd-Rautha]}\n", "factions.harkonnen.captured_leaders[0]", "another"),
        (
            "  harkonnen: {captured_leaders: [Duncan Idaho]}\n  atreides: {leaders_in_tanks: [Duncan Idaho]}\n",
            "factions.harkonnen.captured_leaders[0]",
            "not in the Tanks",
        ),
        (
            "  harkonnen: {captured_leaders: [Duncan Idaho, duncan idaho]}\n",
            "factions.harkonnen.captured_leaders[1]",
            "once",
        ),
        ("  harkonnen: {captured_leaders: [Dunkan Idaho]}\n", "factions.harkonnen.captured_leaders[0]", "leader"),
    ],
    ids=["kh-not-atreides", "captor-not-harkonnen", "own-leader", "captive-in-tanks", "twice", "misspelt"],
)
def test_kwisatz_haderach_and_captive_keys(tmp_path: Path, cli: Any, factions: str, key: str, expected: str) -> None:
    """Only Atreides has the token, only Harkonnen holds captives, each another faction's leader, alive, held once."""
    error = _input_error(cli, _write(tmp_path, "ruleset: gf9\nadvanced: true\nfactions:\n" + factions))
    assert error["key"] == key and expected in error["expected"], error


@pytest.mark.parametrize(
    "ruleset,has,lacks",
    [
        ("gf9", ["ship", "revive", "next-phase"], ["buy", "thumper", "spite", "spice-blow"]),
        ("conquest", ["buy"], ["spite"]),
    ],
)
def test_an_unknown_action_lists_the_rulesets_own_moves(
    tmp_path: Path, cli: Any, ruleset: str, has: list[str], lacks: list[str]
) -> None:
    """A mistyped action names the moves of the position's ruleset, not another's it would refuse."""
    path = _write(tmp_path, f"ruleset: {ruleset}\nmove: {{action: shp, faction: atreides, count: 5, to: Arrakeen}}\n")
    error = _input_error(cli, path)
    assert error["key"] == "move.action"
    listed = error["expected"].removeprefix("one of ").split(", ")
    assert all(a in listed for a in has), listed
    assert not any(a in listed for a in lacks), listed
    assert error["suggestions"] == ["ship"]


def test_a_misspelt_territory_suggests_its_near_misses_only(tmp_path: Path, cli: Any) -> None:
    """'Arakeen' is Arrakeen: a far name (Gara Kulon) is not offered beside it; two near ones both are."""
    move = "move: {{action: ship, faction: atreides, count: 5, to: {to}}}\n"
    error = _input_error(cli, _write(tmp_path, "ruleset: gf9\n" + move.format(to="Arakeen")))
    assert error["key"] == "move.to" and error["suggestions"] == ["Arrakeen"]
    error = _input_error(cli, _write(tmp_path, "ruleset: gf9\n" + move.format(to="Great Flatt")))
    assert error["suggestions"][:2] == ["The Great Flat", "The Greater Flat"]
