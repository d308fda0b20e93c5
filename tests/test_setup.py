"""The starting position (constraints/gf9/setup.py): mentat new agrees with the setup rules, and each broken
clause is one finding naming the faction, the clause and the position's number."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from checker import engine
from checker.arrakis.position import load_position
from checker.arrakis.setup import BASE_FACTIONS, starting_position
from checker.engine import Verdict, evaluate
from checker.errors import InputError
from checker.yamlio import parse_yaml

SETS = [
    list(BASE_FACTIONS),
    ["atreides", "harkonnen"],
    ["atreides", "harkonnen", "fremen"],
    ["emperor", "spacing-guild", "bene-gesserit", "fremen"],
    ["bene-gesserit", "harkonnen"],
]


@pytest.fixture(autouse=True)
def _verify_every_rule(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(engine, "VERIFY_EVERY_RULE", True)  # every rule's z3 form cross-checked with its check
    yield


def _start(factions: list[str], advanced: bool) -> dict[str, Any]:
    data: dict[str, Any] = parse_yaml(starting_position("gf9", factions, advanced))
    return data


def _judge(data: dict[str, Any]) -> Verdict:
    return evaluate(load_position(parse_yaml(yaml.safe_dump(data))))


def _permits(v: Verdict) -> set[str]:
    return {f.rule.id for f in v.findings if f.effect == "permits"}


def _messages(v: Verdict) -> dict[str, str]:
    return {f.rule.id: f.message for f in v.findings}


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("factions", SETS, ids=lambda fs: "+".join(fs))
def test_mentat_new_is_a_start_the_rules_accept(factions: list[str], advanced: bool) -> None:
    v = _judge(_start(factions, advanced))
    assert v.verdict == "legal", v.findings
    setup = {r for r in _permits(v) if r.startswith("gf9.setup.")}
    short = {"bene-gesserit": "bg", "spacing-guild": "guild"}
    for f in factions:
        name = short.get(f, f)
        assert {f"gf9.setup.{name}-{what}" for what in ("reserves", "spice", "cards")} <= setup
    if "bene-gesserit" in factions:
        assert ("gf9.setup.bg-advanced-board" if advanced else "gf9.setup.bg-basic-board") in setup
        assert ("gf9.setup.bg-advisor-side" in setup) is advanced
    assert any("judged as the starting position" in n for n in v.notes)


@pytest.mark.parametrize(
    ("faction", "key", "value", "rule", "text"),
    [
        ("harkonnen", "spice", 9, "gf9.setup.harkonnen-spice", "Harkonnen starts with 9 spice; gf9:421 gives ten."),
        (
            "spacing-guild",
            "reserves",
            14,
            "gf9.setup.guild-reserves",
            "Spacing Guild starts with 14 forces in reserve; gf9:431 gives fifteen.",
        ),
        (
            "harkonnen",
            "hand",
            1,
            "gf9.setup.harkonnen-cards",
            "Harkonnen starts with 1 Treachery Card; gf9:421 gives two.",
        ),
        ("fremen", "spice", 10, "gf9.setup.fremen-spice", "Fremen starts with 10 spice; gf9:397 gives three."),
        ("emperor", "hand", 2, "gf9.setup.emperor-cards", "Emperor starts with 2 Treachery Cards; gf9:387 gives one."),
    ],
)
def test_one_broken_number_is_one_finding(faction: str, key: str, value: int, rule: str, text: str) -> None:
    data = _start(list(BASE_FACTIONS), False)
    data["factions"][faction][key] = value
    v = _judge(data)
    assert v.verdict == "invalid-position"
    assert v.forbidding() == [rule]
    assert _messages(v)[rule] == text


def test_harkonnen_short_in_carthag_names_the_territories() -> None:
    data = _start(["atreides", "harkonnen"], False)
    for g in data["forces"]:
        if g["faction"] == "harkonnen":
            g["count"] = 8
    data["forces"].append({"faction": "harkonnen", "territory": "Arrakeen", "count": 2})
    v = _judge(data)
    assert "gf9.setup.harkonnen-board" in v.forbidding()
    assert _messages(v)["gf9.setup.harkonnen-board"] == (
        "Harkonnen starts with 8 forces in Carthag and 2 in Arrakeen; gf9:421 gives ten, all in Carthag."
    )
    quoted = [c for f in v.findings if f.rule.id == "gf9.setup.harkonnen-board" for c in f.rule.cites]
    assert [str(c) for c in quoted] == ["gf9:L421"]


def test_fremen_may_divide_its_ten_as_it_chooses_but_only_there() -> None:
    data = _start(["fremen", "atreides"], False)
    others = [g for g in data["forces"] if g["faction"] != "fremen"]
    data["forces"] = [*others, {"faction": "fremen", "territory": "False Wall West", "sector": 15, "count": 10}]
    assert _judge(data).verdict == "legal"
    data["forces"] = [
        *others,
        {"faction": "fremen", "territory": "Sietch Tabr", "count": 9},
        {"faction": "fremen", "territory": "Habbanya Sietch", "count": 1},
    ]
    v = _judge(data)
    assert v.forbidding() == ["gf9.setup.fremen-board"]
    assert "1 in Habbanya Sietch" in _messages(v)["gf9.setup.fremen-board"]


def test_advanced_bg_advisor_side() -> None:
    data = _start(["atreides", "bene-gesserit"], True)
    bg = next(g for g in data["forces"] if g["faction"] == "bene-gesserit")
    bg["territory"], bg["advisors"] = "Arrakeen", False  # a fighter beside the Atreides
    v = _judge(data)
    assert v.forbidding() == ["gf9.setup.bg-advisor-side"]
    assert "stays an advisor" in _messages(v)["gf9.setup.bg-advisor-side"]
    bg["advisors"] = True
    assert _judge(data).verdict == "legal"


def test_traitors_and_prediction() -> None:
    data = _start(["atreides", "harkonnen", "bene-gesserit"], False)
    data["factions"]["harkonnen"]["traitors"] = ["Duncan Idaho", "Thufir Hawat", "Feyd-Rautha"]
    data["factions"]["atreides"]["traitors"] = ["Beast Rabban"]
    data["factions"]["bene-gesserit"]["prediction"] = {"faction": "bene-gesserit", "turn": 5}
    v = _judge(data)
    assert sorted(v.forbidding()) == ["gf9.setup.bg-predicts-other", "gf9.setup.harkonnen-traitors"]
    assert "Harkonnen starts with 3 traitor cards" in _messages(v)["gf9.setup.harkonnen-traitors"]
    data["factions"]["harkonnen"]["traitors"].append("Bashar")
    data["factions"]["bene-gesserit"]["prediction"]["faction"] = "atreides"
    v = _judge(data)
    assert v.verdict == "legal"
    assert {"gf9.setup.harkonnen-traitors", "overview.setup.keep-one-traitor", "gf9.setup.bg-predicts-other"} <= (
        _permits(v)
    )


def test_a_prediction_of_itself_is_a_finding_on_any_turn() -> None:
    data = {
        "ruleset": "gf9",
        "turn": 6,
        "phase": "bidding",
        "factions": {"bene-gesserit": {"prediction": {"faction": "bg", "turn": 9}}},
    }
    assert _judge(data).forbidding() == ["gf9.setup.bg-predicts-other"]


def test_only_the_start_is_judged_by_the_setup() -> None:
    data = _start(["atreides", "harkonnen"], False)
    data["factions"]["atreides"]["spice"] = 3
    assert _judge(data).forbidding() == ["gf9.setup.atreides-spice"]
    for change in ({"turn": 2}, {"phase": "bidding"}, {"storm": 5}):
        v = _judge({**data, **change})
        assert v.verdict == "legal", change
        assert not any(f.rule.id.startswith("gf9.setup.") for f in v.findings)
    v = _judge({k: x for k, x in data.items() if k != "storm"})
    assert v.verdict == "legal"
    assert any("not judged as the starting position" in n for n in v.notes)


def test_keys_not_given_are_not_checked_and_say_so() -> None:
    data = {
        "ruleset": "gf9",
        "turn": 1,
        "phase": "storm",
        "storm": 18,
        "factions": {"harkonnen": {"spice": 10}},
    }
    v = _judge(data)
    assert v.verdict == "legal"
    assert _permits(v) >= {"gf9.setup.harkonnen-spice"}
    note = next(n for n in v.notes if n.startswith("not given"))
    assert "factions.harkonnen.reserves" in note and "factions.harkonnen.hand" in note and "forces" in note


def test_the_overview_reads_the_player_sheets_from_gf9() -> None:
    """overview:26-27 point to Player Sheets the overview does not print: gf9's setup text fills them."""
    data = _start(["atreides", "harkonnen"], False)
    data["ruleset"] = "overview"
    v = _judge(data)
    assert v.verdict == "legal"
    rules = {f.rule.id for f in v.findings}
    assert "gf9.setup.atreides-spice" in rules and "overview.setup.one-card" in rules
    data["factions"]["atreides"]["spice"] += 1
    assert "gf9.setup.atreides-spice" in _judge(data).forbidding()


# -- generated positions: every rule's z3 form agrees with its check, and a changed number is found -----------

CLAUSES = {"spice": "spice", "reserves": "reserves", "hand": "cards"}
SHORT = {"bene-gesserit": "bg", "spacing-guild": "guild"}


def _generated(seed: int) -> tuple[dict[str, Any], set[str]]:
    """A start of random factions with random numbers changed, and the setup rules those changes break."""
    rnd = random.Random(seed)
    factions = rnd.sample(list(BASE_FACTIONS), rnd.randint(2, 6))  # a game has 2-6 players (overview:3)
    advanced = rnd.random() < 0.5
    data = _start(factions, advanced)
    broken: set[str] = set()
    for f in factions:
        for key, clause in CLAUSES.items():
            roll = rnd.random()
            if roll < 0.15:
                data["factions"][f][key] = data["factions"][f][key] + rnd.choice([-1, 1, 2])
                if data["factions"][f][key] >= 0:
                    broken.add(f"gf9.setup.{SHORT.get(f, f)}-{clause}")
                else:
                    data["factions"][f][key] = 0
                    broken.add(f"gf9.setup.{SHORT.get(f, f)}-{clause}")
            elif roll < 0.25:
                del data["factions"][f][key]
    if rnd.random() < 0.3:
        data["turn"] = rnd.randint(1, 3)
        data["phase"] = rnd.choice(["storm", "bidding"])
    if rnd.random() < 0.2:
        data["storm"] = rnd.randint(1, 18)
    start = data["turn"] == 1 and data["phase"] == "storm" and data["storm"] == 18
    return data, broken if start else set()


@pytest.mark.parametrize("chunk", range(6))
def test_generated_starts(chunk: int) -> None:
    for seed in range(chunk * 60, chunk * 60 + 60):  # 360 positions
        data, broken = _generated(seed)
        v = _judge(data)  # raises on any disagreement between a rule's check and its z3 form
        found = {r for r in v.forbidding() if r.startswith("gf9.setup.")}
        assert found == broken, (seed, data)
        if not broken and v.verdict != "legal":
            assert not any(r.startswith("gf9.setup.") for r in v.forbidding()), seed


def test_a_game_of_one_faction_is_not_started() -> None:
    """overview:3: a game has 2-6 players, so `mentat new` with one faction is an input error, not a 1-player game."""
    for ruleset in ("gf9", "overview", "dreamrules"):
        with pytest.raises(InputError) as err:
            starting_position(ruleset, ["fremen"], False)
        assert err.value.key == "--factions" and "at least two factions" in str(err.value)
