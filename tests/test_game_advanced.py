"""A six-faction GF9 Advanced game to its end (issue 18): ``cases/games/gf9-advanced-game``. The record replays,
its payments and the joint victory are checked from the positions it writes, each mutant stops at its changed
move with the rule that forbids it, and a question a lone position leaves open is decided by the record.
Also the Bene Gesserit's force sent along with another faction's shipment, carried forward (gf9:363, 377)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.game import Applied, Refused, Step, apply, read_record, replay
from checker.positions import load_position

GAME = Path(__file__).resolve().parent.parent / "cases" / "games" / "gf9-advanced-game"


@pytest.fixture(scope="module")
def steps() -> list[Step]:
    return list(replay(read_record(GAME / "record.yaml")))


def _after(steps: list[Step], number: int) -> dict[str, Any]:
    result = steps[number - 1].result
    assert isinstance(result, Applied), result.verdict.reason
    return result.data


def _spice(data: dict[str, Any]) -> dict[str, int]:
    return {name: state["spice"] for name, state in data["factions"].items()}


def _count(data: dict[str, Any], faction: str, territory: str, **match: Any) -> int:
    return sum(
        g["count"] + g.get("special", 0)
        for g in data["forces"]
        if g["faction"] == faction
        and g["territory"] == territory
        and all(g.get(k, False) == v for k, v in match.items())
    )


def test_the_game_plays_to_a_joint_victory_at_turn_twos_mentat_pause(steps: list[Step]) -> None:
    assert len(steps) == 64 and all(isinstance(s.result, Applied) for s in steps)
    end = _after(steps, 64)
    assert (end["turn"], end["phase"], end["storm"]) == (2, "mentat-pause", 8)
    assert end["alliances"] == [["atreides", "fremen"]]
    verdict = check(load_position(end))
    assert verdict.verdict == "legal" and verdict.outcome["winner"] == ["atreides", "fremen"]
    (won,) = [f for f in verdict.findings if f.rule.id == "gf9.position.victory"]
    assert "Arrakeen, Sietch Tabr, Habbanya Sietch and Tuek's Sietch" in won.message
    # the four strongholds, each held by the allies alone (the Bene Gesserit advisor does not count, gf9:319)
    assert _count(end, "atreides", "Arrakeen") == 3 and _count(end, "atreides", "Tuek's Sietch") == 3
    assert _count(end, "fremen", "Sietch Tabr") == 6 and _count(end, "fremen", "Habbanya Sietch") == 2
    assert _count(end, "bene-gesserit", "Tuek's Sietch", advisors=True) == 1
    assert _count(end, "spacing-guild", "Tuek's Sietch") == 0
    assert _spice(end) == {
        "atreides": 4,
        "bene-gesserit": 5,
        "emperor": 16,
        "fremen": 7,
        "harkonnen": 4,
        "spacing-guild": 26,
    }
    atreides = end["factions"]["atreides"]
    assert (atreides["forces_lost_in_battle"], atreides["kwisatz_haderach_used_in"]) == (10, "Tuek's Sietch")
    assert (atreides["tanks"], end["factions"]["spacing-guild"]["tanks"]) == (8, 6)
    # a winner is due: no turn 3 (gf9:327)
    ended = check(load_position({**end, "move": {"action": "next-phase"}}))
    assert ended.verdict == "illegal" and ended.forbidding() == ["gf9.phase.next-turn"]


def test_the_prediction_would_have_taken_the_win(steps: list[Step]) -> None:
    """The same final position, had the Bene Gesserit predicted the Fremen on turn 2: they win alone (gf9:361)."""
    end = copy.deepcopy(_after(steps, 64))
    end["factions"]["bene-gesserit"]["prediction"] = {"faction": "fremen", "turn": 2}
    assert check(load_position(end)).outcome["winner"] == "bene-gesserit"


def test_the_emperor_is_paid_for_cards_and_the_guild_for_shipments(steps: list[Step]) -> None:
    before, sold = _spice(_after(steps, 7)), _spice(_after(steps, 13))
    # five cards bought from the Emperor (1 + 1 + 2 + 1 + 1), its own paid to the Bank (gf9:389)
    assert sold["emperor"] == before["emperor"] - 1 + 6 == 15
    assert _after(steps, 13)["factions"]["harkonnen"]["hand"] == 4  # its card and a free one (gf9:425)
    shipped = _spice(_after(steps, 22))
    # the Guild receives the Emperor's 8, Harkonnen's 4 and the Bene Gesserit's 2, pays the Bank 1 for its own
    assert shipped["spacing-guild"] == sold["spacing-guild"] + 8 + 4 + 2 - 1 == 17
    assert shipped["fremen"] == sold["fremen"]  # the Fremen place reserves free (gf9:399)
    turn2 = _spice(_after(steps, 52)), _spice(_after(steps, 56))
    assert turn2[1]["spacing-guild"] == turn2[0]["spacing-guild"] - 2 + 6 + 6  # 4 halved to the Bank (gf9:437)


def test_the_bene_gesserit_send_a_force_along(steps: list[Step]) -> None:
    first, second = _after(steps, 16), _after(steps, 55)
    assert first["factions"]["bene-gesserit"]["reserves"] == 18
    assert _count(first, "bene-gesserit", "Polar Sink") == 2
    assert second["factions"]["bene-gesserit"]["reserves"] == 16  # 19: one sent along, one shipped, one sent along
    assert _count(second, "bene-gesserit", "Tuek's Sietch", advisors=True) == 1
    assert any("cannot flip to a fighter" in note for note in steps[54].result.notes)  # type: ignore[union-attr]


def test_two_blows_a_turn_and_a_nexus(steps: list[Step]) -> None:
    assert _after(steps, 4)["this_phase"] == ["blow-a", "blow-b"]
    worm = _after(steps, 36)
    assert worm["phase"] == "nexus" and worm["factions"]["fremen"] == _after(steps, 35)["factions"]["fremen"]
    assert _count(worm, "fremen", "The Great Flat") == 3  # not devoured (gf9:117)
    assert not [p for p in worm["spice"] if p["territory"] == "The Great Flat"]


def test_the_record_decides_the_kwisatz_haderach() -> None:
    """Move 58: the Kwisatz Haderach fights beside Thufir Hawat. The record knows Atreides lost 7 forces in turn 1's
    battle (move 25 wrote it), so it is active (gf9:349) and Atreides wins; the same position without the count is
    unresolved on it."""
    steps = list(replay(read_record(GAME / "record.yaml"), to=58))
    battle = steps[-1]
    assert battle.move["plans"]["atreides"]["kwisatz_haderach"] is True
    assert battle.before["factions"]["atreides"]["forces_lost_in_battle"] == 7
    assert isinstance(battle.result, Applied) and battle.result.verdict.outcome["winner"] == "atreides"
    decided = {f.rule.id: f.message for f in battle.result.verdict.findings}
    assert (
        decided["gf9.battle.kh-active"]
        == "Atreides has lost 7 forces in battle: the Kwisatz Haderach is active from 7."
    )
    assert "Atreides 10 (dial 3, Thufir Hawat 5, Kwisatz Haderach 2)" in decided["gf9.battle.winner"]
    lone = copy.deepcopy(battle.before)
    del lone["factions"]["atreides"]["forces_lost_in_battle"]
    verdict = check(load_position({**lone, "move": battle.move}))
    assert verdict.verdict == "unresolved" and verdict.missing == ["factions.atreides.forces_lost_in_battle"]
    assert isinstance(apply({**lone, "move": battle.move}), Refused)  # and a lone position is not carried over it


MUTANTS = {
    "mutant-extra-force.yaml": (53, "gf9.shipment.reserves", "Fremen ships 5 forces but has 4 in reserve"),
    "mutant-leader-reused.yaml": (25, "gf9.battle.leader-used-elsewhere", "Beast Rabban fought in Hagga Basin"),
    "mutant-one-pile.yaml": (4, "gf9.phase.advanced-blows", "none on pile B"),
    "mutant-into-the-storm.yaml": (16, "gf9.shipment.storm-blocks", "The Minor Erg sector 5: it is under the storm"),
}


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_each_mutant_stops_at_its_changed_move(name: str) -> None:
    number, rule, words = MUTANTS[name]
    last = list(replay(read_record(GAME / name)))[-1]
    assert isinstance(last.result, Refused) and last.number == number
    verdict = last.result.verdict
    assert verdict.verdict == "illegal" and verdict.forbidding() == [rule]
    assert any(words in f.message for f in verdict.findings if f.rule.id == rule)


def test_a_reused_leader_is_known_only_from_the_record() -> None:
    """The leader-reused mutant's move 25: the record wrote that Beast Rabban fought in Hagga Basin (move 24); the
    lone position without that key reads no leader as used (the key's default) and finds the move legal."""
    last = list(replay(read_record(GAME / "mutant-leader-reused.yaml")))[-1]
    assert last.before["factions"]["harkonnen"]["leaders_used_this_phase"] == {"Beast Rabban": "Hagga Basin"}
    lone = copy.deepcopy(last.before)
    del lone["factions"]["harkonnen"]["leaders_used_this_phase"]
    assert check(load_position({**lone, "move": last.move})).verdict == "legal"


# -- the Bene Gesserit's force sent along, on a position of its own -------------------------------------------

SHIPMENT: dict[str, Any] = {
    "ruleset": "gf9",
    "advanced": True,
    "phase": "shipment-and-movement",
    "storm": 3,
    "factions": {
        "harkonnen": {"spice": 10, "reserves": 10},
        "bene-gesserit": {"spice": 5, "reserves": 2},
    },
    "forces": [{"faction": "bene-gesserit", "territory": "Polar Sink", "count": 1}],
}


def test_the_force_sent_to_the_polar_sink_joins_the_bene_gesserit_there() -> None:
    move = {"action": "ship", "faction": "harkonnen", "count": 2, "to": "Carthag", "accompany": "polar-sink"}
    after = apply({**SHIPMENT, "move": move})
    assert isinstance(after, Applied)
    assert after.data["factions"]["bene-gesserit"] == {"spice": 5, "reserves": 1}
    assert _count(after.data, "bene-gesserit", "Polar Sink") == 2 and _count(after.data, "harkonnen", "Carthag") == 2
    assert after.data["factions"]["harkonnen"]["spice"] == 8  # the Bank: no Guild in the game
    assert check(load_position(after.data)).verdict == "legal"


def test_the_advisor_sent_to_the_destination_stands_in_its_sector() -> None:
    move = {"action": "ship", "faction": "harkonnen", "count": 2, "to": "The Great Flat", "accompany": "destination"}
    after = apply({**SHIPMENT, "move": move})
    assert isinstance(after, Applied)
    (advisor,) = [g for g in after.data["forces"] if g.get("advisors")]
    assert advisor == {"faction": "bene-gesserit", "territory": "The Great Flat", "count": 1, "advisors": True}
    assert after.data["factions"]["bene-gesserit"]["reserves"] == 1


def test_a_force_sent_along_is_not_applied_where_the_rules_forbid_it_or_the_reserves_are_not_given() -> None:
    fremen = {**SHIPMENT, "factions": {**SHIPMENT["factions"], "fremen": {"spice": 3, "reserves": 5}}}
    move = {"action": "ship", "faction": "fremen", "count": 2, "to": "The Great Flat", "accompany": "polar-sink"}
    refused = apply({**fremen, "move": move})
    assert isinstance(refused, Refused) and refused.verdict.forbidding() == ["gf9.shipment.bg-accompany"]
    unknown = copy.deepcopy(SHIPMENT)
    del unknown["factions"]["bene-gesserit"]["reserves"]
    move = {"action": "ship", "faction": "harkonnen", "count": 2, "to": "Carthag", "accompany": "polar-sink"}
    refused = apply({**unknown, "move": move})
    assert isinstance(refused, Refused) and refused.verdict.verdict == "unresolved"
