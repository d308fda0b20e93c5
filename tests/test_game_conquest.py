"""Conquest (Dune: A Game of Conquest and Diplomacy) carried forward: each kind's legal move applied from its
verdict's outcome (numbers a player would check), the moves not applied (illegal, or an outcome the verdict leaves
unknown), and the Conquest game record with its mutants."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.game import Applied, Refused, apply, read_record, replay
from checker.positions import load_position
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases" / "conquest"
GAME = ROOT / "cases" / "games" / "conquest-game"


def _data(path: Path) -> dict[str, Any]:
    data = parse_yaml(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _apply(data: dict[str, Any], source: Path) -> Applied | Refused:
    return apply(copy.deepcopy(data), str(source))


def _applied(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A case's position before its move, and after it."""
    case = CASES / name
    data = _data(case)
    result = _apply(data, case)
    assert isinstance(result, Applied), result.verdict.reason
    return data, result.data


def _refused(data: dict[str, Any], source: Path = CASES / "x.yaml") -> Any:
    result = _apply(data, source)
    assert isinstance(result, Refused)
    return result.verdict


def _forces(data: dict[str, Any]) -> dict[tuple[str, str], int]:
    return {(g["faction"], g["territory"]): g.get("count", 0) for g in data.get("forces") or ()}


# -- each kind, applied ------------------------------------------------------------------------------------------


def test_a_shipment_pays_one_spice_a_force_and_leaves_the_reserves() -> None:
    before, after = _applied("ship-cost-sand.yaml")
    # 3 forces to the sand of Imperial Basin: 3 spice (conquest:29), paid to no faction (the text names no payee)
    assert (before["factions"]["atreides"]["spice"], after["factions"]["atreides"]["spice"]) == (3, 0)
    assert (before["factions"]["atreides"]["reserves"], after["factions"]["atreides"]["reserves"]) == (10, 7)
    assert _forces(after)[("atreides", "Imperial Basin")] == 3


def test_a_shipment_to_a_stronghold_joins_the_forces_there() -> None:
    before, after = _applied("ship-stronghold-open.yaml")
    me = before["move"]["faction"]
    assert after["factions"][me]["spice"] == before["factions"][me]["spice"] - before["move"]["count"]
    assert _forces(after)[(me, before["move"]["to"])] == before["move"]["count"]
    assert _forces(after)[("harkonnen", "Carthag")] == _forces(before)[("harkonnen", "Carthag")]


def test_a_movement_takes_the_group_to_its_destination() -> None:
    before, after = _applied("move-three-territories.yaml")
    m = before["move"]
    assert _forces(after) == {(m["faction"], m["to"]): m["count"]}  # the whole group moved, three territories on


def test_the_storm_wrecks_what_is_on_sand_where_it_stops() -> None:
    _, after = _applied("storm-sand-wrecks.yaml")
    # 8 -> 9: Atreides' 3 on the sand of Imperial Basin sector 9 and the 5 spice there wrecked; Harkonnen's 4 in
    # Arrakeen (a stronghold) safe
    assert after["storm"] == 9 and after["spice"] == []
    assert _forces(after) == {("harkonnen", "Arrakeen"): 4}


def test_the_storm_leaves_the_fremen_on_sand_and_what_is_on_rock() -> None:
    _, fremen = _applied("storm-fremen-sand.yaml")
    assert _forces(fremen)[("fremen", "Imperial Basin")] == 3  # conquest:53: the Fremen ignore storms on sand
    _, rock = _applied("qa15-storm-stops-rock.yaml")
    assert rock["storm"] == 8 and rock["spice"] == [{"territory": "False Wall East", "amount": 4, "sector": 8}]


def test_a_later_sandworm_destroys_all_but_the_fremen_riding_it() -> None:
    _, after = _applied("qa15-blow-worm-fremen-ride.yaml")
    # Funeral Plain: Harkonnen's 2 and 6 spice gone, the Fremen's 3 ride the worm
    assert _forces(after) == {("fremen", "Funeral Plain"): 3, ("atreides", "The Great Flat"): 2}
    assert after["spice"] == []


def test_a_first_turn_sandworm_changes_nothing_on_the_board() -> None:
    before, after = _applied("blow-first-turn.yaml")
    assert _forces(after) == _forces(before) and after.get("spice") == before.get("spice")  # none given: unknown


def test_a_market_card_pays_the_imperium_and_is_held() -> None:
    before, after = _applied("qa15-buy-harkonnen-pays-imperium.yaml")
    hark, imp = before["factions"]["harkonnen"], before["factions"]["imperium"]
    assert after["factions"]["harkonnen"]["spice"] == hark["spice"] - 2  # conquest:25: 2 spice a card
    assert after["factions"]["imperium"]["spice"] == imp["spice"] + 2  # conquest:53: the Imperium collects it
    assert after["factions"]["harkonnen"]["market_cards"] == hark["market_cards"] + 1


def test_a_market_card_paid_to_the_bank_leaves_the_factions() -> None:
    before, after = _applied("qa15-buy-no-imperium.yaml")
    total = sum(st.get("spice") or 0 for st in before["factions"].values())
    assert sum(st.get("spice") or 0 for st in after["factions"].values()) == total - 2


def test_a_battle_kills_both_leaders_and_the_winner_gains_their_strength() -> None:
    before, after = _applied("battle-both-killed-spice.yaml")
    # Atreides wins 4+0 against 3+0 (both leaders killed): it loses its 4 dialed of 6, Harkonnen all 4 and its
    # poison; Atreides gains 5 (Feyd) + 4 (Duncan) spice; each killed leader is listed as such
    assert _forces(after) == {("atreides", "Arrakeen"): 2}
    assert after["factions"]["atreides"]["spice"] == before["factions"]["atreides"]["spice"] + 9
    assert after["factions"]["harkonnen"]["leaders_in_tanks"] == ["Feyd"]
    assert after["factions"]["atreides"]["leaders_in_tanks"] == ["Duncan"]


def test_a_battle_s_lost_cards_leave_the_loser_s_hand() -> None:
    before, after = _applied("qa15-battle-seen-weapon.yaml")
    # Atreides loses: its poison defense leaves its hand; the Imperium, winning, keeps the weapon it played
    assert before["factions"]["atreides"]["hand"] == ["poison defense"] and after["factions"]["atreides"]["hand"] == []
    assert after["factions"]["imperium"]["hand"] == before["factions"]["imperium"]["hand"]
    _, counted = _applied("qa15-battle-hand-count-weapon.yaml")
    assert counted["factions"]["harkonnen"]["hand"] == 1  # a hand given as a count: the winner keeps its 1 card


# -- refusals --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("ship-storm.yaml", "conquest.shipment.storm"),
        ("move-four-territories.yaml", "conquest.movement.range"),
        ("buy-market-full.yaml", "conquest.cards.market-room"),
        ("battle-killed-leader-plays.yaml", "conquest.battle.killed-leader"),
    ],
)
def test_an_illegal_conquest_move_is_not_applied(name: str, rule: str) -> None:
    v = _refused(_data(CASES / name), CASES / name)
    assert v.verdict == "illegal" and rule in v.forbidding()


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("battle-traitor.yaml", "leaves leaders_killed, spice_gained unknown"),  # conquest.battle.traitor-leader
        ("blow-no-previous.yaml", "leaves losses, spice_lost unknown"),
        ("storm-crossed.yaml", "leaves losses, spice_lost unknown"),  # conquest.storm.crossed-sectors
        ("qa15-buy-imperium-unknown.yaml", "leaves paid_to unknown"),
    ],
)
def test_an_outcome_left_unknown_is_not_carried(name: str, why: str) -> None:
    v = _refused(_data(CASES / name), CASES / name)
    assert v.verdict == "unresolved" and why in v.reason and "the position after it would be a guess" in v.reason


def test_losses_of_a_faction_that_lists_tanks_are_not_guessed_into_them() -> None:
    data = _data(CASES / "storm-sand-wrecks.yaml")
    data["factions"] = {"atreides": {"tanks": 0}}
    v = _refused(data, CASES / "storm-sand-wrecks.yaml")
    assert v.verdict == "unresolved" and "lists atreides's tanks" in v.reason and "3 lost forces" in v.reason


def test_cards_lost_that_could_be_either_side_s_are_not_guessed() -> None:
    # both sides play a poison weapon, only the loser loses it: whose card the verdict's one 'poison weapon' is,
    # the outcome does not say
    data = _data(CASES / "battle-both-killed-spice.yaml")
    for plan in data["move"]["plans"].values():
        plan["weapon"] = "poison weapon"
    result = _apply(data, CASES / "battle-both-killed-spice.yaml")
    assert isinstance(result, Refused), "an ambiguous discard was applied"
    assert result.verdict.outcome["cards_discarded"] == ["poison weapon"]
    assert "do not say whose they are" in result.verdict.reason


def test_a_shipment_with_a_sector_left_to_the_player_is_written_without_one() -> None:
    case = CASES / "qa15-ship-basin-partly-storm.yaml"
    result = _apply(_data(case), case)
    assert isinstance(result, Applied)
    # the verdict's 'sector' is one the forces may land in, not the one they do: the position leaves it out
    assert result.data["forces"] == [{"faction": "atreides", "territory": "Imperial Basin", "count": 2}]
    assert any("does not say in which sector" in n for n in result.notes)


# -- the game record -------------------------------------------------------------------------------------------


def _steps(path: Path) -> list[Any]:
    return list(replay(read_record(path)))


def test_the_conquest_record_replays_with_every_number_as_the_verdicts_give_it() -> None:
    steps = _steps(GAME / "record.yaml")
    assert len(steps) == 14 and all(isinstance(s.result, Applied) for s in steps)
    after = [s.result.data for s in steps]
    spice = [{f: st["spice"] for f, st in a["factions"].items()} for a in after]
    # 1: the storm 7 -> 8 wrecks Atreides' 2 and 4 spice on Imperial Basin sector 8; the Fremen 2 there stay
    assert after[0]["storm"] == 8 and ("atreides", "Imperial Basin") not in _forces(after[0])
    assert _forces(after[0])[("fremen", "Imperial Basin")] == 2
    # 2: the sandworm on The Great Flat: Harkonnen's 3 and 5 spice gone, the Fremen 1 rides it; no spice left
    assert ("harkonnen", "The Great Flat") not in _forces(after[1]) and after[1]["spice"] == []
    # 3-5: three market cards, 2 spice each to the Imperium: 14 + 6
    assert spice[4] == {"atreides": 8, "fremen": 4, "harkonnen": 10, "imperium": 20}
    assert [after[4]["factions"][f]["market_cards"] for f in ("atreides", "fremen", "harkonnen")] == [2, 2, 2]
    # 6-9: shipments at 1 a force: Harkonnen 4, Atreides 2, Imperium 5, Fremen 3
    assert spice[8] == {"atreides": 6, "fremen": 1, "harkonnen": 6, "imperium": 15}
    assert {f: st["reserves"] for f, st in after[8]["factions"].items()} == {
        "atreides": 6,
        "fremen": 9,
        "harkonnen": 3,
        "imperium": 10,
    }
    # 13: Harkonnen's poison kills Duncan (strength 2); Harkonnen 3+6 beats 2+0, loses its 3 dialed of 7, Atreides
    # all 8 in Arrakeen and its projectile weapon; Harkonnen gains 2
    battle = after[12]
    assert _forces(battle)[("harkonnen", "Arrakeen")] == 4 and ("atreides", "Arrakeen") not in _forces(battle)
    assert battle["factions"]["atreides"]["leaders_in_tanks"] == ["Duncan"]
    assert battle["factions"]["atreides"]["hand"] == ["poison defense"] and spice[12]["harkonnen"] == 8
    # 14: Gurney 3+4 beats Hasimir 1+5: Atreides keeps 1 of its 4 in Sietch Tabr, the Imperium's 5 are lost
    last = _forces(after[13])
    assert last[("atreides", "Sietch Tabr")] == 1 and ("imperium", "Sietch Tabr") not in last
    # forces on the board, and spice in the game, as the moves left them
    assert sum(last.values()) == 19
    # spice the factions hold: 42; the cards' 6 stay with the Imperium, the shipments' 14 leave, Duncan's 2 come
    assert sum(spice[0].values()) == 42 and sum(spice[13].values()) == 42 - 14 + 2


def test_the_record_decides_a_question_a_lone_position_leaves_to_its_writer() -> None:
    """Move 14 of the killed-leader mutant is judged on the leaders_in_tanks move 13 wrote: without that key the
    same battle is not forbidden."""
    steps = _steps(GAME / "mutant-killed-leader.yaml")
    stop = steps[-1]
    assert stop.number == 14 and isinstance(stop.result, Refused)
    assert stop.before["factions"]["atreides"]["leaders_in_tanks"] == ["Duncan"]
    assert "conquest.battle.killed-leader" in stop.result.verdict.forbidding()
    lone = copy.deepcopy(stop.before)
    del lone["factions"]["atreides"]["leaders_in_tanks"]
    v = check(load_position({**lone, "move": stop.move}, str(GAME / "record.yaml")))
    assert "conquest.battle.killed-leader" not in v.forbidding()


@pytest.mark.parametrize("path", sorted(GAME.glob("mutant-*.yaml")), ids=lambda p: p.name)
def test_each_conquest_mutant_stops_at_its_changed_move_with_its_rule(path: Path) -> None:
    expect = _data(path)["expect"]
    steps = _steps(path)
    stop = steps[-1]
    assert stop.number == expect["stops_at"] and isinstance(stop.result, Refused)
    assert all(isinstance(s.result, Applied) for s in steps[:-1])
    assert stop.result.verdict.verdict == "illegal" and expect["rule"] in stop.result.verdict.forbidding()
    # the record and the mutant differ in that move alone
    assert _data(GAME / "record.yaml")["moves"][stop.number - 1] != stop.move


def test_the_mutants_are_an_extra_force_the_storm_spent_spice_and_a_killed_leader() -> None:
    rules = {_data(p)["expect"]["rule"] for p in GAME.glob("mutant-*.yaml")}
    assert rules == {
        "conquest.shipment.reserves",
        "conquest.shipment.storm",
        "conquest.shipment.affordable",
        "conquest.battle.killed-leader",
    }


def test_a_second_battle_is_played_in_a_record_and_a_second_shipment_is_not() -> None:
    steps = _steps(GAME / "record.yaml")
    assert [s.move["action"] for s in steps[-2:]] == ["battle", "battle"]  # conquest:61: several battles a phase
    record = read_record(GAME / "record.yaml")
    record.moves = [*record.moves[:7], {"action": "ship", "faction": "atreides", "count": 1, "to": "Arrakeen"}]
    second = list(replay(record))[-1]
    assert second.number == 8 and isinstance(second.result, Refused)
    assert "atreides already played a 'conquest-ship' move" in second.result.verdict.reason


def test_the_game_cannot_be_carried_to_a_victory_the_text_does_not_state() -> None:
    """conquest:43 heads 'End of the game and scoring' and prints nothing under it: the final position, at the
    Mentat Pause, is unresolved on who wins, citing that line."""
    lines = (ROOT / "constraints" / "sources" / "conquest.txt").read_text(encoding="utf-8").splitlines()
    assert lines[42] == "End of the game and scoring" and lines[43] == "" and lines[44] == "Key rules"
    final = _steps(GAME / "record.yaml")[-1].result.data
    v = check(load_position({**final, "phase": "mentat-pause"}, str(GAME / "record.yaml")))
    assert v.verdict == "unresolved" and v.reason.startswith("conquest.position.victory: conquest:43")
    alone = check(load_position(copy.deepcopy(final), str(GAME / "record.yaml")))
    assert alone.verdict == "legal"  # the position the record reaches is a valid Conquest position
