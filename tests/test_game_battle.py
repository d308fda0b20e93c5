"""A battle carried forward (issue 18): ``mentat apply`` of a legal battle moves the losses to the Tanks, the killed
leaders with them, the support spice to the Bank and the leader's price to the winner, the discarded cards out of the
hands, and writes what later battles of the phase read; a record of three battles decides what a lone position leaves
unresolved."""

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
RECORD = ROOT / "cases" / "games" / "gf9-battles" / "record.yaml"
MUTANT = ROOT / "cases" / "games" / "gf9-battles" / "mutant-leader-reused.yaml"


def _data(path: Path) -> dict[str, Any]:
    data = parse_yaml(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _case(name: str) -> tuple[dict[str, Any], str]:
    path = ROOT / "cases" / name
    return _data(path), str(path)


def _applied(data: dict[str, Any], source: str) -> dict[str, Any]:
    result = apply(copy.deepcopy(data), source)
    assert isinstance(result, Applied), result.verdict.reason
    return result.data


def _refused(data: dict[str, Any], source: str) -> Any:
    result = apply(copy.deepcopy(data), source)
    assert isinstance(result, Refused)
    return result.verdict


def _where(data: dict[str, Any]) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for g in data["forces"]:
        key = (g["faction"], g["territory"])
        out[key] = out.get(key, 0) + g.get("count", 0) + g.get("special", 0)
    return out


def _tokens(data: dict[str, Any], faction: str) -> int:
    """A faction's tokens on the board, in reserve and in the Tanks: a battle moves them, never makes or loses one."""
    st = data["factions"][faction]
    kept = sum(st.get(k, 0) for k in ("reserves", "reserves_special", "tanks", "tanks_special"))
    return kept + sum(n for (f, _), n in _where(data).items() if f == faction)


# -- the record: three battles of one phase -------------------------------------------------------------------


def _steps() -> list[dict[str, Any]]:
    steps = list(replay(read_record(RECORD)))
    assert len(steps) == 3 and all(isinstance(s.result, Applied) for s in steps)
    return [s.result.data for s in steps if isinstance(s.result, Applied)]


def test_each_battle_moves_the_losses_to_the_tanks_and_conserves_the_forces() -> None:
    start = read_record(RECORD).start
    after = _steps()
    for state in after:
        for f in ("atreides", "harkonnen", "emperor"):
            assert _tokens(state, f) == _tokens(start, f), f
    first, second, third = after
    # Arrakeen: Harkonnen (Feyd-Rautha 6 + 4) beats Atreides (Duncan Idaho 2 + 1): all 8 Atreides die, Harkonnen
    # loses the 4 it dialed
    assert _where(first)[("harkonnen", "Arrakeen")] == 1 and ("atreides", "Arrakeen") not in _where(first)
    assert (first["factions"]["atreides"]["tanks"], first["factions"]["harkonnen"]["tanks"]) == (8, 4)
    # Carthag: dial 2 with 1 spice is 3 Harkonnen tokens (one supported, two at half strength); the Emperor's 3 die
    assert _where(second)[("harkonnen", "Carthag")] == 1 and second["factions"]["emperor"]["tanks"] == 3
    # Tuek's Sietch: Atreides dials 3 with 3 spice: 3 of its 5 die; the Emperor's 4 die
    assert _where(third)[("atreides", "Tuek's Sietch")] == 2
    assert (third["factions"]["atreides"]["tanks"], third["factions"]["emperor"]["tanks"]) == (11, 7)


def test_support_spice_goes_to_the_bank_and_the_killed_leaders_price_to_the_winner() -> None:
    first, second, third = _steps()
    spice = [{f: s["spice"] for f, s in state["factions"].items()} for state in (first, second, third)]
    # Harkonnen pays its 4, gains Duncan Idaho's 2 (gf9:269, 285); Atreides pays 1; no one receives the support
    assert spice[0] == {"atreides": 9, "harkonnen": 8, "emperor": 10}
    assert spice[1] == {"atreides": 9, "harkonnen": 7, "emperor": 9}
    assert spice[2] == {"atreides": 6, "harkonnen": 7, "emperor": 7}
    assert first["factions"]["atreides"]["leaders_in_tanks"] == ["Duncan Idaho"]


def test_the_fremen_allys_dial_spice_goes_into_its_own_bribe_pile() -> None:
    """dreamrules:1136: Atreides, allied to the Fremen, pays its 3 into its bribe pile; Harkonnen's 2 go to the Bank."""
    after = _applied(*_case("dreamrules/battle-fremen-ally-dial-spice.yaml"))
    atreides, harkonnen = after["factions"]["atreides"], after["factions"]["harkonnen"]
    assert (atreides["spice"], atreides["bribe_pile"], harkonnen["spice"]) == (7, 3, 8)


def test_the_loser_discards_its_plan_the_winner_keeps_its_cards() -> None:
    first = _steps()[0]
    assert first["factions"]["atreides"]["hand"] == ["Baliset"]  # its Snooper discarded
    assert first["factions"]["harkonnen"]["hand"] == ["Crysknife", "Chaumas"]  # the winner keeps its Crysknife


def test_each_battle_writes_where_its_leaders_fought_and_atreides_losses() -> None:
    first, second, third = _steps()
    assert first["factions"]["harkonnen"]["leaders_used_this_phase"] == {"Feyd-Rautha": "Arrakeen"}
    assert "leaders_used_this_phase" not in first["factions"]["atreides"]  # Duncan Idaho died: in the Tanks instead
    assert first["factions"]["atreides"]["forces_lost_in_battle"] == 8
    assert second["factions"]["harkonnen"]["leaders_used_this_phase"] == {
        "Feyd-Rautha": "Arrakeen",
        "Piter de Vries": "Carthag",
    }
    assert third["factions"]["atreides"]["forces_lost_in_battle"] == 11
    assert third["factions"]["atreides"]["kwisatz_haderach_used_in"] == "Tuek's Sietch"


def test_the_kwisatz_haderach_is_decided_by_the_losses_the_record_counted() -> None:
    """The third battle's position as the record carries it: legal (8 battle losses, gf9:349); the same position
    without the count, as a table would give it, is unresolved on that key."""
    second = _steps()[1]
    kh_battle = read_record(RECORD).moves[2]
    carried = check(load_position({**copy.deepcopy(second), "move": kh_battle}, str(RECORD)))
    assert carried.verdict == "legal"
    assert "gf9.battle.kh-active" in [f.rule.id for f in carried.findings]
    lone = copy.deepcopy(second)
    del lone["factions"]["atreides"]["forces_lost_in_battle"]
    alone = check(load_position({**lone, "move": kh_battle}, str(RECORD)))
    assert alone.verdict == "unresolved" and "factions.atreides.forces_lost_in_battle" in (alone.reason or "")


def test_a_leader_reused_in_another_territory_stops_the_record(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("replay", MUTANT, "--json")
    assert run.code == 1
    body = run.json()
    assert body["move_number"] == 2 and body["applied"] == 1
    assert "gf9.battle.leader-used-elsewhere" in body["ruling"]["minimal_reason"]
    message = next(f["message"] for f in body["ruling"]["findings"] if f["rule"] == "gf9.battle.leader-used-elsewhere")
    assert "Feyd-Rautha fought in Arrakeen" in message
    Path(body["written"]).unlink()


# -- single battles -------------------------------------------------------------------------------------------


def test_an_explosion_clears_the_territory_and_its_spice() -> None:
    data, source = _case("gf9/battle-explosion-spice-destroyed.yaml")
    data["factions"]["atreides"]["tanks"] = data["factions"]["harkonnen"]["tanks"] = 0
    after = _applied(data, source)
    # gf9:275: every force in The Great Flat, both leaders and its 8 spice; Arrakeen's 5 stay
    assert after["forces"] == [] and after["spice"] == [{"territory": "Arrakeen", "amount": 5}]
    assert (after["factions"]["atreides"]["tanks"], after["factions"]["harkonnen"]["tanks"]) == (6, 4)
    assert after["factions"]["harkonnen"]["leaders_in_tanks"] == ["Feyd-Rautha"]
    assert after["factions"]["atreides"]["leaders_in_tanks"] == ["Duncan Idaho"]


def test_an_explosion_with_the_hands_given_is_unresolved_not_guessed() -> None:
    data, source = _case("gf9/battle-explosion-spice-destroyed.yaml")
    data["factions"]["harkonnen"]["hand"] = ["Lasgun"]
    v = _refused(data, source)
    assert v.verdict == "unresolved" and "gf9:459" in v.reason and "harkonnen's hand" in v.reason


def test_a_hand_given_as_names_or_a_count_loses_the_discarded_cards() -> None:
    data, source = _case("overview/battle-loser-discards.yaml")
    after = _applied(data, source)
    assert after["factions"]["harkonnen"]["hand"] == []  # Cheap Hero, Snooper and Kulon: all discarded, none left
    data["factions"]["harkonnen"]["hand"] = 4
    assert _applied(data, source)["factions"]["harkonnen"]["hand"] == 1


def test_the_fremen_winners_only_selection_sends_a_fedaykin_to_the_tanks() -> None:
    data, source = _case("gf9/battle-adv-fedaykin-double.yaml")
    data["factions"]["fremen"].update(tanks=0, tanks_special=0)
    after = _applied(data, source)
    fremen = after["factions"]["fremen"]
    assert (fremen["tanks"], fremen["tanks_special"]) == (2, 1)  # its dial 4: 2 forces and the Fedaykin (gf9:415)


def test_a_winners_choice_of_losses_is_unresolved_not_guessed() -> None:
    v = _refused(*_case("gf9/battle-adv-fedaykin-loss-choice.yaml"))
    assert v.verdict == "unresolved" and "gf9:299" in v.reason and "1 or 2 tokens" in v.reason
    data, source = _case("gf9/battle-basic-starred-ordinary.yaml")
    data["move"]["plans"]["emperor"]["dial"] = 3
    data["move"]["plans"]["atreides"]["dial"] = 2  # the Emperor still wins, and loses 3 of its 2 forces and 2 starred
    v = _refused(data, source)
    assert v.verdict == "unresolved" and "ordinary and starred tokens" in v.reason


@pytest.mark.parametrize(
    ("case", "why"),
    [
        ("dreamrules/battle-zoal-infiltration.yaml", "dreamrules:512"),
        ("dreamrules/battle-ixian-patched.yaml", "the Ixians choose their losses among 2 selections"),
        ("dreamrules/battle-merc-both-tie.yaml", "discards Mercenaries, and does not say whose"),
    ],
)
def test_a_variant_the_outcome_does_not_settle_is_unresolved(case: str, why: str) -> None:
    v = _refused(*_case(case))
    assert v.verdict == "unresolved" and why in v.reason and "would be a guess" in v.reason


def test_an_illegal_battle_is_not_applied() -> None:
    v = _refused(*_case("gf9/battle-adv-dial-too-high.yaml"))
    assert v.verdict == "illegal"


def test_dreamrules_writes_the_last_battle_and_the_leaders_killed_this_phase() -> None:
    after = _applied(*_case("dreamrules/battle-traitor-result.yaml"))
    assert after["last_battle"] == {
        "territory": "Arrakeen",
        "winner": "emperor",
        "result": "traitor",
        "leaders_killed": ["Duncan Idaho"],
        "token_received": False,
    }
    assert after["factions"]["atreides"]["leaders_killed_this_phase"] == {"Duncan Idaho": "Arrakeen"}
    assert after["factions"]["emperor"]["spice"] == 12  # Duncan Idaho's 2, and it keeps its committed spice
    assert after["factions"]["atreides"]["spice"] == 8  # the betrayed side pays its 2


def test_a_killed_leaders_face_is_not_guessed() -> None:
    data, source = _case("gf9/battle-traitor-call.yaml")
    data["factions"]["atreides"]["leaders_face_down"] = []
    result = apply(data, source)
    assert isinstance(result, Applied)
    assert "leaders_face_down" not in result.data["factions"]["atreides"]  # gf9:195: face down only if revived before
    assert any("gf9:195" in n for n in result.notes)


@pytest.mark.parametrize(
    ("name", "loser", "kept"),
    [
        ("gf9/battle-storm-far-side-losses.yaml", "atreides", {2: 5}),
        ("overview/battle-storm-far-side-losses.yaml", "harkonnen", {16: 3}),
        ("dreamrules/battle-storm-far-side-losses.yaml", "harkonnen", {16: 3}),
        ("gf9/battle-storm-two-fronts-named.yaml", "atreides", {16: 2}),
    ],
)
def test_forces_beyond_the_storm_survive_the_battle(name: str, loser: str, kept: dict[int, int]) -> None:
    """gf9:249: a side is its forces on the battle's side of a storm splitting the territory; the loser's forces
    beyond the storm were not in the battle and stay where they are."""
    data, source = _case(name)
    territory = data["move"]["territory"]
    after = _applied(data, source)
    left = {g["sector"]: g["count"] for g in after["forces"] if g["faction"] == loser and g["territory"] == territory}
    assert left == kept


def test_an_explosion_beyond_the_storm_destroys_every_force_in_the_territory() -> None:
    """gf9:275: the explosion destroys all forces in the territory, those the storm kept out of the battle too."""
    data, source = _case("gf9/battle-storm-far-side-explosion.yaml")
    for faction in ("atreides", "harkonnen"):
        data["factions"][faction].pop("hand")  # the played cards' fate after an explosion is open where hands are
    after = _applied(data, source)
    assert not any(g["territory"] == "Wind Pass" for g in after.get("forces", []))


@pytest.mark.parametrize(("name", "tanks"), [("battle-captive-survives", []), ("battle-captive-betrayed", ["Bashar"])])
def test_a_captive_goes_back_to_its_own_faction_after_its_one_battle(name: str, tanks: list[str]) -> None:
    """gf9:427: a captured leader that survives its one battle for Harkonnen returns to its own faction; killed, it
    goes to the Tanks for its own faction. Either way Harkonnen holds it no longer."""
    data, source = _case(f"gf9/{name}.yaml")
    after = _applied(data, source)
    assert after["factions"]["harkonnen"].get("captured_leaders", []) == []
    emperor = after["factions"]["emperor"]
    assert emperor.get("leaders_in_tanks", []) == tanks
    if not tanks:  # it fought in Arrakeen this phase: it cannot fight in another territory (gf9:255)
        assert emperor["leaders_used_this_phase"] == {"Bashar": "Arrakeen"}
