"""A game carried forward (issue 18, first part): ``mentat apply`` plays a legal shipment or movement and writes the
position after it; ``mentat replay`` plays a game record to its end or to the first move not applied."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.cases import all_cases
from checker.errors import InputError
from checker.game import Applied, Refused, apply, read_record, replay
from checker.positions import load_position
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "cases" / "games"


def _data(path: Path) -> dict[str, Any]:
    data = parse_yaml(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _kind(data: dict[str, Any]) -> str:
    """The kind of question a case asks, from its ruleset and move alone (as the family names it)."""
    from checker.rules import layer_of

    move = data.get("move")
    action = str(move.get("action", "")).strip().lower() if isinstance(move, dict) else "position"
    lay = layer_of(str(data.get("ruleset", "")))
    return lay.kinds + lay.actions.get(action, action) if lay is not None and lay.kinds else action


def _legal_cases() -> list[Path]:
    """Every case of a legal move of a kind some family carries forward."""
    from checker.family import families

    carried = {kind for family in families().values() for kind in family.transitions}
    out = []
    for p in all_cases():
        text = p.read_text(encoding="utf-8")
        if "legal" not in text:
            continue
        data = parse_yaml(text)
        if isinstance(data, dict) and (data.get("expect") or {}).get("verdict") == "legal" and _kind(data) in carried:
            out.append(p)
    return out


LEGAL = _legal_cases()


def _on_board(data: dict[str, Any], faction: str) -> int:
    return sum(g.get("count", 0) + g.get("special", 0) for g in data.get("forces") or () if g["faction"] == faction)


def test_there_are_legal_shipments_and_movements_to_apply() -> None:
    assert len(LEGAL) > 50


@pytest.mark.parametrize("case", LEGAL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_applying_a_legal_move_gives_a_valid_position(case: Path) -> None:
    """apply, then check the position after it (no move): valid; the faction's forces and the spice are where the
    verdict's outcome puts them. A variant no transition carries yet answers unresolved, saying so."""
    data = _data(case)
    result = apply(copy.deepcopy(data), str(case))
    if isinstance(result, Refused):
        if result.verdict.verdict == "invalid-position":  # the case's own position is not valid: nothing to carry on
            alone = {k: x for k, x in data.items() if k not in ("move", "expect")}
            assert check(load_position(copy.deepcopy(alone), str(case))).verdict == "invalid-position"
            return
        assert (
            result.verdict.verdict == "unresolved" and "the position after it would be a guess" in result.verdict.reason
        )
        return
    after = result.data
    assert "move" not in after and "expect" not in after
    v = check(load_position(copy.deepcopy(after), str(case)))
    if v.verdict != "legal":  # a case whose own position (no move) is not legal: the move must add nothing to that
        alone = {k: x for k, x in data.items() if k not in ("move", "expect")}
        was = check(load_position(copy.deepcopy(alone), str(case)))
        assert was.verdict != "invalid-position", f"{case.name}: apply carried on from an invalid position"
        # the position alone is unresolved (a Dice Game round's faces not given): the move adds nothing to that
        # (the key an open rule names first may change: a die the move took off its slot no longer asks for it)
        assert (v.verdict, v.forbidding()) == (was.verdict, was.forbidding()), (
            f"{case.name}: the position after the move is {v.verdict}: {v.reason or v.forbidding()}"
        )
        assert v.open_rules() <= was.open_rules(), f"{case.name}: the move opens {v.reason}"
    before = load_position(copy.deepcopy(data), str(case))
    if _kind(data) != data["move"]["action"]:
        return  # another family's kind: its own tests check the numbers
    _carried_as_the_outcome_says(case.name, data["move"]["action"], before, after, result.verdict.outcome)


def _carried_as_the_outcome_says(name: str, action: str, before: Any, after: dict[str, Any], o: dict[str, Any]) -> None:
    """The numbers a user would check after a move: where the forces and the spice are, by the verdict's outcome."""
    if action in ("ship", "move"):
        _shipped_or_moved(name, action, before, after, o)
        return
    spice = {f: s.get("spice") for f, s in after.get("factions", {}).items()}
    was = {f: s.spice for f, s in before.factions.items()}
    board = sum(sp.get("amount", 0) for sp in after.get("spice") or ())
    board_before = sum(sp.amount for sp in before.spice)
    if action == "storm":
        assert after["storm"] == o["storm"]
        by_group: dict[str, int] = {}
        for g in o["losses_by_group"]:  # the two encodings of the losses agree
            by_group[g["faction"]] = by_group.get(g["faction"], 0) + g["tokens"]
        assert by_group == o["losses"], name
        for f in before.factions:
            lost = o["losses"].get(f, 0)
            assert _on_board(after, f) == sum(g.total for g in before.forces if g.faction == f) - lost, name
            st, was_st = after["factions"][f], before.factions[f]
            if was_st.tanks is not None and was_st.tanks_special is not None:
                assert st.get("tanks", 0) + st.get("tanks_special", 0) == was_st.tanks + was_st.tanks_special + lost
        if "spice_lost" in o:
            assert board == board_before - o["spice_lost"], name
        else:  # the position gives no spice: what the storm swept is unknown, and the board's spice stays not given
            assert "spice" not in after and "spice_lost" in o["unknown"], name
    elif action == "revive":
        m = before.move
        me, st, was_st = m.faction, after["factions"][m.faction], before.factions[m.faction]
        if was_st.reserves is not None:
            assert st.get("reserves", 0) == was_st.reserves + m.count, name
        if was_st.tanks is not None:
            assert st.get("tanks", 0) == was_st.tanks - m.count, name
        own = o["cost"] - o.get("emperor_cost", 0)
        if own and was[me] is not None:
            assert spice[me] == was[me] - own + (o.get("tleilaxu_income", 0) if me == "bene-tleilax" else 0), name
        if m.leader:
            assert all(m.leader not in s.get("leaders_in_tanks", ()) for s in after["factions"].values()), name
    elif action == "collect":
        for f, gained in o["spice_gained"].items():
            assert spice.get(f) == (None if was.get(f) is None else was[f] + gained), name  # unknown stays unknown
        assert board == board_before - o["spice_collected"], name
    elif action == "charity":
        assert spice[before.move.faction] == o["spice_total"], name
    elif action == "bid":
        assert not before.move.wins and spice == was, name  # a pass, or a bid that may be overbid: no spice paid
        if before.move.amount is not None:  # Dreamrules: the auction's new high bid
            assert after["current_auction"] == {"high_bidder": before.move.faction, "high_bid": before.move.amount}
    elif action == "battle":
        _fought(name, before, after, o)


def _fought(name: str, before: Any, after: dict[str, Any], o: dict[str, Any]) -> None:
    """A battle: each faction's losses off the territory (none elsewhere), every listed Tanks up by them; support spice
    paid to the Bank and spice gained behind the shield; the leaders killed in their faction's Tanks."""
    where = before.move.territory
    for f in {g.faction for g in before.forces}:
        lost = o["losses"].get(f, 0) if f != "ixians" or "ixian_losses" not in o else _ixian_lost(o)
        was_there = sum(g.total for g in before.forces if g.faction == f and g.territory == where)
        there = sum(
            g.get("count", 0) + g.get("special", 0)
            for g in after["forces"]
            if g["faction"] == f and g["territory"] == where
        )
        assert there == was_there - lost, f"{name}: {f} has {there} in {where}, {was_there} less {lost}"
        assert _on_board(after, f) == sum(g.total for g in before.forces if g.faction == f) - lost, name
        was_st, st = before.factions.get(f), after["factions"].get(f, {})
        if was_st is not None and was_st.tanks is not None and was_st.tanks_special is not None:
            assert st.get("tanks", 0) + st.get("tanks_special", 0) == was_st.tanks + was_st.tanks_special + lost, name
    for f, was_st in before.factions.items():
        paid, gained = (o.get("spice_paid") or {}).get(f, 0), (o.get("spice_gained") or {}).get(f, 0)
        expected = None if was_st.spice is None else was_st.spice - paid + gained
        assert after["factions"][f].get("spice") == expected, f"{name}: {f}'s spice"
    for leader in o.get("leaders_killed") or ():
        owner = next((f for f, p in before.move.plans.items() if p.leader == leader), None)
        captor = before.factions.get(owner) if owner else None
        if captor is not None and leader in (captor.captured_leaders or []):  # to its own faction's Tanks (gf9:427)
            from checker.arrakis.kinds.battle import leaders_of

            owner = next((f for f in before.factions if f != owner and leader in leaders_of(before, f)), None)
        if owner in after["factions"]:
            assert leader in after["factions"][owner]["leaders_in_tanks"], f"{name}: {leader} not in the Tanks"


def _ixian_lost(o: dict[str, Any]) -> int:
    (option,) = o["ixian_losses"]  # one selection, or the battle is not carried
    return int(option["cyborgs"] + option["suboids"])


def _shipped_or_moved(name: str, action: str, before: Any, after: dict[str, Any], o: dict[str, Any]) -> None:
    me, m = before.move.faction, before.move
    moved = m.count + m.special
    if action == "ship":
        assert _on_board(after, me) == sum(g.total for g in before.forces if g.faction == me) + moved
        reserves = before.factions[me].reserves
        if reserves is not None:
            assert after["factions"][me]["reserves"] == reserves - m.count
        received = o.get("payments") or ({o["paid_to"]: o["cost"]} if o["cost"] else {})  # the Guild's share: Bank
        spent = sum((s.spice or 0) for s in before.factions.values()) - sum(
            f.get("spice", 0) for f in after["factions"].values()
        )
        to_bank = sum(n for who, n in received.items() if who not in before.factions)
        assert spent == to_bank, f"{name}: {spent} spice left the game"
    else:
        assert _on_board(after, me) == sum(g.total for g in before.forces if g.faction == me)
        there = [g for g in after["forces"] if g["faction"] == me and g["territory"] == before.move.to]
        assert sum(g.get("count", 0) + g.get("special", 0) for g in there) >= moved


def test_an_illegal_move_is_not_applied(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    result = apply(_data(case), str(case))
    assert isinstance(result, Refused) and result.verdict.verdict == "illegal"
    assert "gf9.shipment.storm-blocks" in result.verdict.forbidding()
    out = tmp_path / "after.yaml"
    run = cli("apply", case, "-o", out)
    assert run.code == 1 and "gf9.shipment.storm-blocks" in run.stdout and not out.exists()


def test_a_kind_not_carried_yet_is_unresolved_not_guessed(cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """A family that names no transition for a kind (every Arrakis kind has one today: charity's is taken away here)
    answers a legal move of it unresolved, saying so, rather than writing a guessed position."""
    from checker.arrakis import FAMILY

    monkeypatch.delitem(FAMILY.transitions, "charity")  # type: ignore[arg-type]
    case = ROOT / "cases" / "gf9" / "charity-one-spice-top-up.yaml"
    assert (_data(case).get("expect") or {}).get("verdict") == "legal"
    run = cli("apply", case, "--json")
    assert run.code == 3
    body = run.json()
    assert body["applied"] is False and body["verdict"] == "unresolved"
    assert "does not carry a position over 'charity' moves yet" in body["reason"]


def test_apply_writes_the_position_after_the_move(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    case = ROOT / "cases" / "gf9" / "ship-ally-support.yaml"
    out = tmp_path / "after.yaml"
    run = cli("apply", case, "-o", out)
    assert run.code == 0, run.stdout + run.stderr
    after = _data(out)
    # 3 forces to sand cost 6: Atreides pays 3, its Fremen ally the 3 it promised, to the Bank (no Guild)
    assert after["factions"]["atreides"] == {"spice": 0, "reserves": 7, "shipped_this_phase": True}  # its one shipment
    assert after["factions"]["fremen"]["spice"] == 0
    assert after["forces"] == [{"faction": "atreides", "territory": "The Great Flat", "count": 3}]
    assert cli("check", out).stdout.split()[0] == "VALID"


def test_a_record_replays_to_its_end() -> None:
    game = read_record(GAMES / "gf9-shipments" / "record.yaml")
    steps = list(replay(game))
    assert [s.number for s in steps] == [1, 2, 3, 4] and all(isinstance(s.result, Applied) for s in steps)
    last = steps[-1].result
    assert isinstance(last, Applied)
    factions = last.data["factions"]
    # Atreides: 3 to sand (6 spice); Harkonnen: 2 to a city (2 spice); both paid to the Bank
    assert (factions["atreides"]["spice"], factions["harkonnen"]["spice"]) == (4, 8)
    assert (factions["atreides"]["reserves"], factions["harkonnen"]["reserves"]) == (7, 8)
    where = {(g["faction"], g["territory"]): g["count"] for g in last.data["forces"]}
    assert where[("atreides", "Arrakeen")] == 6 and where[("atreides", "Imperial Basin")] == 4
    assert where[("harkonnen", "Carthag")] == 7 and where[("harkonnen", "Tsimpo")] == 5


@pytest.mark.parametrize(
    ("number", "change", "rule"),
    [
        (3, {"count": 11}, "gf9.shipment.reserves"),  # an extra force: Harkonnen holds 10 in reserve
        (1, {"to": "Carthag"}, "gf9.shipment.storm-blocks"),  # wrong place: the storm is not there, but...
    ],
)
def test_a_mutated_record_stops_at_the_changed_move(
    number: int,
    change: dict[str, Any],
    rule: str,
    cli,
    tmp_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    raw = _data(GAMES / "gf9-shipments" / "record.yaml")
    raw["moves"][number - 1].update(change)
    if rule == "gf9.shipment.storm-blocks":
        raw["start"]["storm"] = 10  # Carthag's sector
    record = tmp_path / "mutant.yaml"
    import yaml

    record.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    run = cli("replay", record, "--json")
    assert run.code == 1
    body = run.json()
    assert body["stopped"] and body["move_number"] == number and body["applied"] == number - 1
    assert rule in body["ruling"]["minimal_reason"] + [f["rule"] for f in body["ruling"]["findings"]]
    stopped = Path(body["written"])  # the position before the move, with it: `check` gives the same ruling
    again = cli("check", stopped, "--json")
    assert again.code == 1 and again.json()["minimal_reason"] == body["ruling"]["minimal_reason"]


def test_replay_to_a_move_writes_the_position_after_it(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "after-2.yaml"
    run = cli("replay", GAMES / "gf9-shipments" / "record.yaml", "--to", "2", "-o", out)
    assert run.code == 0 and "2 of 4 moves applied" in run.stdout
    where = {(g["faction"], g["territory"]): g["count"] for g in _data(out)["forces"]}
    assert where[("atreides", "Imperial Basin")] == 4 and ("harkonnen", "Tsimpo") not in where


def test_a_record_without_moves_is_unusable_input(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("record: 1\nstart: {ruleset: gf9}\n", encoding="utf-8")
    run = cli("replay", bad)
    assert run.code == 2 and "record, start and moves" in run.stderr


def test_a_record_in_json_lines_replays_the_same(tmp_path: Path) -> None:
    import json

    raw = _data(GAMES / "gf9-shipments" / "record.yaml")
    lines = tmp_path / "game.jsonl"
    header = {k: v for k, v in raw.items() if k != "moves"}
    lines.write_text("\n".join(json.dumps(row) for row in [header, *raw["moves"]]) + "\n", encoding="utf-8")
    as_yaml = [s.result for s in replay(read_record(GAMES / "gf9-shipments" / "record.yaml"))]
    as_lines = [s.result for s in replay(read_record(lines))]
    assert [r.data for r in as_lines if isinstance(r, Applied)] == [r.data for r in as_yaml if isinstance(r, Applied)]
    assert len(as_lines) == 4


RECORDS = sorted(GAMES.glob("*/*.yaml"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_game_record_replays_as_it_expects(path: Path) -> None:
    """cases/games: each record plays to its end (``expect.applied``), each mutant stops at its changed move with
    the rule that forbids it (``expect.stops_at``, ``expect.forbids``)."""
    expect = _data(path).get("expect") or {}
    steps = list(replay(read_record(path)))
    last = steps[-1]
    if "stops_at" in expect:
        assert isinstance(last.result, Refused) and last.number == expect["stops_at"], path.name
        v = last.result.verdict
        assert v.verdict == "illegal"
        assert set(expect.get("forbids", [])) <= set(v.forbidding()) | set(v.minimal_reason)
    else:
        assert all(isinstance(s.result, Applied) for s in steps) and len(steps) == expect["applied"], path.name


def test_there_are_game_records_and_mutants() -> None:
    assert any("stops_at" in (_data(p).get("expect") or {}) for p in RECORDS)
    assert any("applied" in (_data(p).get("expect") or {}) for p in RECORDS)


def test_a_second_shipment_in_a_record_is_illegal_even_where_its_start_gives_no_history(tmp_path: Path) -> None:
    """The record's start gives no ``this_phase``: what came before it is not known, but the record's own first
    shipment is (``shipped_this_phase``), and a second one by the same faction is illegal (gf9:201)."""
    raw = _data(GAMES / "gf9-shipments" / "record.yaml")
    raw["moves"].insert(1, {"action": "ship", "faction": "atreides", "count": 1, "to": "Arrakeen"})
    record = tmp_path / "twice.yaml"
    import yaml

    record.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    steps = list(replay(read_record(record)))
    assert len(steps) == 2 and isinstance(steps[0].result, Applied)
    second = steps[1].result
    assert isinstance(second, Refused) and second.verdict.verdict == "illegal"
    assert second.verdict.minimal_reason == ["gf9.shipment.one-turn"]


def test_a_second_move_of_a_kind_no_rule_reads_the_record_for_is_unresolved(tmp_path: Path) -> None:
    """A kind whose rules do not read what the record did before (a second charity claim by the Advanced Bene
    Gesserit, who receives it whatever it holds): answered unresolved, not judged as a first one."""
    raw = {
        "record": 1,
        "start": {
            "ruleset": "gf9",
            "advanced": True,
            "players": 2,
            "turn": 2,
            "phase": "choam-charity",
            "factions": {"bene-gesserit": {"spice": 5}, "atreides": {"spice": 5}},
        },
        "moves": [{"action": "charity", "faction": "bene-gesserit"}] * 2,
    }
    record = tmp_path / "twice.yaml"
    import yaml

    record.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    steps = list(replay(read_record(record)))
    assert len(steps) == 2 and isinstance(steps[0].result, Applied), steps[0].result.verdict.reason
    second = steps[1].result
    assert isinstance(second, Refused) and second.verdict.verdict == "unresolved"
    assert "bene-gesserit already played a 'charity' move" in second.verdict.reason


# -- the storm, revival, collection and charity carried forward ------------------------------------------------


def _applied(name: str, ruleset: str = "gf9") -> dict[str, Any]:
    case = ROOT / "cases" / ruleset / name
    result = apply(_data(case), str(case))
    assert isinstance(result, Applied), result.verdict.reason
    return result.data


def _refused(name: str, ruleset: str = "gf9") -> Any:
    """The verdict of a case's move that apply does not carry forward."""
    case = ROOT / "cases" / ruleset / name
    result = apply(_data(case), str(case))
    assert isinstance(result, Refused)
    return result.verdict


def test_the_storm_sends_the_forces_it_kills_to_the_tanks() -> None:
    after = _applied("turn-basic-01-storm.yaml")
    # dials 3 + 2 from sector 2: the storm stops in 7; the Emperor's 3 forces in The Minor Erg (sector 5) join the 3
    # already in the Tanks, Red Chasm's 8 spice (sector 6) is gone; Arrakeen and Carthag stand behind the Shield Wall
    assert after["storm"] == 7
    assert after["factions"]["emperor"]["tanks"] == 6 and after["factions"]["emperor"]["reserves"] == 14
    assert [g["territory"] for g in after["forces"]] == ["Arrakeen", "Carthag"]
    assert after["spice"] == []


def test_storm_losses_of_a_faction_with_a_sheltered_group_are_taken_from_the_group_in_the_sand(cli) -> None:  # type: ignore[no-untyped-def]
    # Atreides has 6 in Arrakeen (behind the standing Shield Wall) and 2 in Old Gap, both in sectors the storm
    # crosses: the verdict gives its losses group by group, so Old Gap's 2 leave the board and Arrakeen's 6 stay
    run = cli("apply", ROOT / "cases" / "gf9" / "storm-shield-wall-standing.yaml", "--json")
    assert run.code == 0
    body = run.json()
    assert body["applied"] is True
    assert body["verdict"]["outcome"]["losses_by_group"] == [
        {"faction": "atreides", "territory": "Old Gap", "sector": 9, "tokens": 2, "count": 2, "special": 0}
    ]
    where = [(g["faction"], g["territory"], g["count"]) for g in body["position"]["forces"]]
    assert where == [("atreides", "Arrakeen", 6), ("harkonnen", "Carthag", 8), ("emperor", "Imperial Basin", 3)]


def test_a_revival_moves_forces_from_the_tanks_and_each_payer_pays_its_part() -> None:
    after = _applied("revive-emperor-ally-six.yaml")
    # Atreides revives 6: its own 3 (two free, one for 2 spice), three more the Emperor pays 2 each for
    atreides, emperor = after["factions"]["atreides"], after["factions"]["emperor"]
    assert (atreides["spice"], atreides["tanks"], atreides.get("reserves")) == (0, 2, None)  # reserves not given
    assert emperor["spice"] == 0


def test_a_leader_revived_leaves_the_tanks() -> None:
    after = _applied("revive-face-none-down.yaml")
    before = _data(ROOT / "cases" / "gf9" / "revive-face-none-down.yaml")
    leader = before["move"]["leader"]
    me = before["move"]["faction"]
    assert leader in before["factions"][me]["leaders_in_tanks"]
    assert leader not in after["factions"][me].get("leaders_in_tanks", [])
    assert after["factions"][me]["spice"] == before["factions"][me]["spice"] - 6  # the leader_cost the verdict gives


def test_an_illegal_revival_is_not_applied() -> None:
    assert _refused("revive-cannot-afford.yaml").verdict == "illegal"


def test_a_revival_by_tleilaxu_ghola_is_unresolved_not_guessed() -> None:
    v = _refused("revive-ghola-five.yaml", "dreamrules")
    assert v.verdict == "unresolved" and "a revival by a Fate or a Treachery card" in v.reason


def test_collection_takes_the_spice_from_the_board() -> None:
    after = _applied("turn-basic-09-collect.yaml")
    # 2 forces x 3 while Atreides holds Arrakeen: 6 of Broken Land's 8; 12 spice before
    assert after["factions"]["atreides"]["spice"] == 18
    assert after["spice"] == [{"territory": "Broken Land", "amount": 2, "sector": 11}]


def test_charity_tops_up_the_spice() -> None:
    assert _applied("charity-adv-bg-holding.yaml")["factions"]["bene-gesserit"]["spice"] == 7  # 5 + the BG's 2


def test_a_bid_is_unresolved_not_guessed() -> None:
    # the outcome is what happens if the bid wins the card; a lone bid does not say it does
    v = _refused("turn-basic-04-bid.yaml")
    assert v.verdict == "unresolved" and "if it wins the card" in v.reason


def test_a_turn_from_storm_to_collection_replays() -> None:
    steps = list(replay(read_record(GAMES / "gf9-storm-to-collection" / "record.yaml")))
    assert len(steps) == 6 and all(isinstance(s.result, Applied) for s in steps)
    after = [s.result.data for s in steps if isinstance(s.result, Applied)]
    spice = [{f: st.get("spice") for f, st in a["factions"].items()} for a in after]
    # the storm: the Emperor's 3 to the Tanks (3 -> 6); charity: 1 -> 2; a revival of 2: one free, one for 2
    assert after[0]["factions"]["emperor"]["tanks"] == 6 and spice[1]["emperor"] == 2
    assert spice[2]["emperor"] == 0 and after[2]["factions"]["emperor"]["tanks"] == 4
    assert after[2]["factions"]["emperor"]["reserves"] == 16
    # 2 to the sand of Broken Land: 4 spice; then 6 collected there (3 a force while Atreides holds Arrakeen)
    assert (spice[3]["atreides"], spice[5]["atreides"]) == (6, 12)
    assert after[5]["spice"] == [{"territory": "Broken Land", "amount": 2, "sector": 11}]


def test_a_move_on_an_invalid_position_is_not_applied(cli) -> None:  # type: ignore[no-untyped-def]
    """The Bene Gesserit's fighters and advisors share a territory: the position is invalid, so a legal collection in
    it is not carried on; the answer is the position's own fault (exit 4)."""
    case = ROOT / "cases" / "gf9" / "collect-adv-fighters-and-advisors.yaml"
    assert cli("check", case).code == 0  # the move alone is legal
    run = cli("apply", case, "--json")
    assert run.code == 4
    body = run.json()
    assert body["applied"] is False and body["verdict"] == "invalid-position"
    assert "gf9.position.bg-one-side" in [f["rule"] for f in body["findings"]]


def test_apply_on_bad_yaml_is_unusable_input(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: gf9\nmove: {action: ship\n", encoding="utf-8")
    run = cli("apply", bad)
    assert run.code == 2 and "valid YAML at line" in run.stderr and "bad.yaml" in run.stderr


def test_loading_a_position_never_changes_its_data() -> None:
    """`apply` and the random games hand the loader a game's own data, uncopied: reading a position must leave it as
    it was, for every case of every ruleset."""
    from checker.positions import load_position

    for path in sorted((ROOT / "cases").glob("*/*.yaml")):
        data = _data(path)
        if "record" in data:
            continue
        before = copy.deepcopy(data)
        try:
            load_position(data, str(path))
        except InputError:
            pass
        assert data == before, path.name


def test_the_guilds_share_of_its_allys_shipment_goes_to_the_bank() -> None:
    """gf9:437-439: the Guild's ally ships at half rates (2 forces to a stronghold: 1); the Guild's contribution goes
    to the Bank (gf9:151): the ally pays nothing more, the Guild 1, and no one receives it."""
    data = {
        "ruleset": "gf9",
        "turn": 3,
        "phase": "shipment-and-movement",
        "storm": 1,
        "alliances": [["harkonnen", "spacing-guild"]],
        "factions": {"harkonnen": {"spice": 10, "reserves": 10}, "spacing-guild": {"spice": 5, "reserves": 15}},
        "move": {"action": "ship", "faction": "harkonnen", "count": 2, "to": "Tuek's Sietch", "ally_support": 1},
    }
    result = apply(data)
    assert isinstance(result, Applied), result.verdict.reason
    factions = result.data["factions"]
    assert (factions["harkonnen"]["spice"], factions["spacing-guild"]["spice"]) == (10, 4)
    assert factions["harkonnen"]["reserves"] == 8
