"""What a player sees where an independent tester found the Dice Game saying a thing that is not so: a Faction's
missing ``cards`` read as none, a recruit's supply, a token's removal against Spies, the winners of a combat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checker.dice.position import load_position
from checker.engine import Verdict, evaluate

ROOT = Path(__file__).resolve().parent.parent
CHART = {"plot": [1, 2], "assassinate": [3, 4], "steal-sandstorm": [5], "steal-turn-order": [5], "steal-landsraad": [6]}


def judge(data: dict[str, Any]) -> Verdict:
    return evaluate(load_position({"ruleset": "dice", **data}))


def messages(v: Verdict) -> dict[str, str]:
    return {f.rule.id: f.message for f in v.findings}


def _assassinate(harkonnen: dict[str, Any]) -> Verdict:
    return judge(
        {
            "round": 2,
            "step": "kanly",
            "sandstorm": "Jacurutu",
            "factions": {"atreides": {"dice": {"harkonnen": 3}, "kanly_chart": CHART}, "harkonnen": harkonnen},
            "troops": [{"faction": "harkonnen", "region": "Carthag", "count": 2}],
            "move": {
                "action": "kanly",
                "faction": "atreides",
                "kanly_action": "assassinate",
                "target": "harkonnen",
                "region": "Carthag",
            },
        }
    )


def test_a_target_whose_cards_are_not_given_is_not_said_to_hold_none() -> None:
    v = _assassinate({})
    assert v.verdict == "unresolved" and "factions.harkonnen.cards" in v.reason
    assert "holds no Protection card" not in " ".join(messages(v).values())
    given = _assassinate({"cards": []})
    assert given.verdict == "legal"
    assert messages(given)["dice.kanly.assassinate-protection"] == "Harkonnen holds no Protection card."


def test_a_target_known_to_hold_no_copy_is_decided_without_its_cards() -> None:
    """The Fremen are listed with both Protection cards: the Harkonnen, whose cards are not given, hold none."""
    v = _assassinate({})
    assert v.verdict == "unresolved"
    data = {
        "round": 2,
        "step": "kanly",
        "sandstorm": "Jacurutu",
        "factions": {
            "atreides": {"dice": {"harkonnen": 3}, "kanly_chart": CHART},
            "harkonnen": {},
            "fremen": {"cards": ["protection", "protection"]},
        },
        "troops": [{"faction": "harkonnen", "region": "Carthag", "count": 2}],
        "move": {"action": "kanly", "faction": "atreides", "kanly_action": "assassinate", "target": "harkonnen"},
    }
    assert judge(data).verdict == "legal"


def test_a_setup_without_the_fremen_cards_is_unresolved_not_invalid() -> None:
    from checker.positions import read_position

    v = evaluate(read_position(ROOT / "cases/dice/setup-fremen-cards-not-given.yaml"))
    assert v.verdict == "unresolved"
    assert "factions.fremen.cards" in v.reason
    assert "holds 0 Protection" not in " ".join(messages(v).values())


def test_a_recruit_names_the_supply_the_position_gives() -> None:
    from checker.positions import read_position

    v = evaluate(read_position(ROOT / "cases/dice/recruit-troops-and-leader.yaml"))
    assert v.verdict == "legal"
    assert messages(v)["dice.recruit.supply"] == "1 Troop from its personal supply of 4, 1 from the map."
    assert v.outcome["supply"] == 3  # the supply after: an outcome value, not the message's


def test_a_token_against_spies_says_what_it_removes() -> None:
    """dice:208: the Harkonnen never lose Troops to a Fortification, and a single Troop to a Stronghold's two."""
    from checker.positions import read_position

    for case, said in (
        ("combat-spies-fortification", "Atreides' Fortification targets 1 Troop first (at most 1) and removes 0"),
        ("combat-spies-stronghold", "Atreides' Stronghold targets 2 Troops first (at most 2) and removes 1"),
    ):
        v = evaluate(read_position(ROOT / f"cases/dice/{case}.yaml"))
        assert v.verdict == "legal"
        assert messages(v)["dice.combat.token-removes"] == said + ": the Harkonnen's Spies spare 1 (dice:208)."


def test_the_combat_winner_names_only_the_factions_taking_part() -> None:
    """dice:143: an Ally with no Troops in the Region and no Leader on its board takes no part in the combat."""
    from checker.positions import read_position

    def outcome(case: str) -> Verdict:
        return evaluate(read_position(ROOT / f"cases/dice/{case}.yaml"))

    assert outcome("combat-ally-not-taking-part").outcome["winner"] == "atreides"
    assert outcome("combat-ally-leader-takes-part").outcome["winner"] == ["atreides", "fremen"]
    v = outcome("combat-ally-part-unknown")
    assert v.verdict == "unresolved" and "factions.fremen.leader" in v.reason


def test_counts_take_their_plural_and_an_ungiven_count_is_not_zero() -> None:
    v = judge({"round": 2, "step": "ship", "factions": {"atreides": {"supply": 10, "cards": []}, "corrino": {}}})
    said = messages(v)
    assert said["dice.components.troops-corrino"] == (
        "Troops within the cubes: no Faction of these counted (the position gives no Troops of Corrino)."
    )
    from checker.positions import read_position

    combat = evaluate(read_position(ROOT / "cases/dice/combat-spies-fortification.yaml"))
    assert "rolls its 1 Combat die" in messages(combat)["dice.combat.rolls"]
