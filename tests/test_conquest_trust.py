"""What a player sees where an independent tester found Conquest saying a thing that is not so: a landing sector
the move never chose, spice numbers from a position that gives no spice, a payee left open making the verdict
unresolved, a second group moved in one step."""

from __future__ import annotations

from pathlib import Path

from checker.engine import Verdict, evaluate
from checker.positions import read_position

ROOT = Path(__file__).resolve().parent.parent


def check(case: str) -> Verdict:
    return evaluate(read_position(ROOT / f"cases/conquest/{case}.yaml"))


def test_a_shipment_naming_no_sector_of_several_names_none() -> None:
    v = check("ship-no-sector-named")
    assert v.verdict == "legal" and "sector" not in v.outcome
    said = {f.rule.id: f.message for f in v.findings}["conquest.shipment.storm"]
    assert said == "Imperial Basin has 2 sectors clear of the storm (9, 10) beside sector 8, under it."
    assert any("the outcome names none" in n for n in v.notes)


def test_a_storm_over_a_board_whose_spice_is_not_given_leaves_the_spice_lost_unknown() -> None:
    v = check("storm-fremen-sand")
    assert v.verdict == "legal" and "spice_lost" not in v.outcome
    assert v.outcome["unknown"]["spice_lost"] == "the position does not give 'spice' (the spice on the board)"
    said = {f.rule.id: f.message for f in v.findings}["conquest.storm.sand"]
    assert "spice wrecked: unknown (the position does not give 'spice')" in said
    assert check("storm-rock-safe").outcome["spice_lost"] == 0  # spice: [] is none


def test_the_imperium_buying_a_market_card_is_legal_with_its_payee_unknown() -> None:
    """conquest:25, 53 leave open where the Imperium's own payment goes, not whether it may buy."""
    v = check("buy-imperium-buys")
    assert v.verdict == "legal" and v.outcome["cost"] == 2 and "paid_to" not in v.outcome
    assert "conquest.cards.imperium-buys" in v.outcome["unknown"]["paid_to"]


def test_a_second_group_moved_in_one_step_replays_illegal(tmp_path: Path) -> None:
    """conquest:29 "Then move one group": the record's first move is written in this_phase, the second judged."""
    import yaml

    from checker.game import Refused, read_record, replay

    start = yaml.safe_load((ROOT / "cases/conquest/move-second-group.yaml").read_text(encoding="utf-8"))
    for key in ("title", "expect", "move", "this_phase"):
        start.pop(key)
    start["forces"] = [
        {"faction": "atreides", "territory": "Rock Outcroppings", "count": 2},
        {"faction": "atreides", "territory": "Old Gap", "count": 2},
    ]
    moves = [
        {"action": "move", "faction": "atreides", "count": 2, "from": "Rock Outcroppings", "to": "Hagga Basin"},
        {"action": "move", "faction": "atreides", "count": 2, "from": "Old Gap", "to": "Imperial Basin"},
    ]
    path = tmp_path / "two-groups.yaml"
    path.write_text(yaml.safe_dump({"record": 1, "start": start, "moves": moves}, sort_keys=False), encoding="utf-8")
    last = list(replay(read_record(path)))[-1]
    assert isinstance(last.result, Refused) and last.result.verdict.verdict == "illegal"
    assert [f.rule.id for f in last.result.verdict.findings if f.effect == "forbids"] == ["conquest.movement.one-move"]
    v = check("move-second-group")
    assert v.verdict == "illegal"
    assert v.findings[0].message == (
        "Atreides has already moved a group this step (this_phase: 'moved: atreides'): conquest:29 moves one group."
    )
    assert check("move-first-group-history").verdict == "legal"


def test_conquest_counts_take_their_plural() -> None:
    import yaml

    from checker.positions import load_position

    data = yaml.safe_load((ROOT / "cases/conquest/buy-imperium-buys.yaml").read_text(encoding="utf-8"))
    data.pop("expect")
    data["factions"]["imperium"]["market_cards"] = 1
    v = evaluate(load_position(data))
    assert {f.rule.id: f.message for f in v.findings}["conquest.cards.market-room"] == (
        "Imperium holds 1 market card: room for one more."
    )


def test_a_setup_giving_no_spice_says_nothing_of_the_board_spice(tmp_path: Path) -> None:
    """conquest:5 is judged on the spice a position gives: without a 'spice' key no sentence claims the board bare."""
    import yaml

    start = yaml.safe_load((ROOT / "cases/conquest/qa-setup-spice-in-bank.yaml").read_text(encoding="utf-8"))
    for key in ("title", "expect", "spice"):
        start.pop(key)
    start["board"] = str(ROOT / "constraints/data/arrakis-board.yaml")
    path = tmp_path / "setup-no-spice.yaml"
    path.write_text(yaml.safe_dump(start), encoding="utf-8")
    v = evaluate(read_position(path))
    assert v.verdict == "legal"
    assert not any("spice lies on the board" in f.message for f in v.findings)
    assert "conquest.setup.spice-in-bank" in {f.rule.id for f in check("qa-setup-spice-in-bank").findings}


def test_a_record_giving_no_phase_refuses_a_second_move_and_a_shipment_after_the_move(tmp_path: Path) -> None:
    """conquest:29 "Then move one group": a position giving no phase is taken as the Shipping and movement step, so
    the history the record's first move writes judges the second move, and a shipment after it."""
    import yaml

    from checker.game import Refused, read_record, replay

    start = yaml.safe_load((ROOT / "cases/conquest/move-second-group-no-phase.yaml").read_text(encoding="utf-8"))
    for key in ("title", "expect", "move", "this_phase"):
        start.pop(key)
    assert "phase" not in start
    first = {"action": "move", "faction": "atreides", "count": 2, "from": "Old Gap", "to": "Imperial Basin"}
    for second, rule_id in (
        (
            {"action": "move", "faction": "atreides", "count": 4, "from": "Imperial Basin", "to": "Old Gap"},
            "conquest.movement.one-move",
        ),
        ({"action": "ship", "faction": "atreides", "count": 2, "to": "Old Gap"}, "conquest.shipment.before-move"),
    ):
        path = tmp_path / "record.yaml"
        path.write_text(yaml.safe_dump({"record": 1, "start": start, "moves": [first, second]}), encoding="utf-8")
        steps = list(replay(read_record(path)))
        assert len(steps) == 2 and not isinstance(steps[0].result, Refused)
        last = steps[-1].result
        assert isinstance(last, Refused) and last.verdict.verdict == "illegal"
        assert [f.rule.id for f in last.verdict.findings if f.effect == "forbids"] == [rule_id]
        assert "Atreides has already moved a group this step" in last.verdict.findings[0].message


def test_a_position_giving_no_board_prints_the_board_names_it_knows() -> None:
    """With no board, a name that is one of the GF9 board's (case, a leading 'The', apostrophes aside) is printed as
    that board spells it, and the same place typed two ways is one territory; any other name stays as written."""
    import yaml

    from checker.positions import load_position

    def judge(text: str) -> Verdict:
        return evaluate(load_position(yaml.safe_load(text)))

    v = judge(
        "ruleset: conquest\nfactions: {atreides: {spice: 13, reserves: 20}}\n"
        "move: {action: ship, faction: atreides, count: 3, to: great flat}\n"
    )
    said = {f.rule.id: f.message for f in v.findings}
    assert said["conquest.shipment.one-territory"] == "The shipment goes into one territory, The Great Flat."
    v = judge(
        "ruleset: conquest\nforces: [{faction: harkonnen, territory: carthag, count: 4}]\n"
        "move: {action: move, faction: harkonnen, count: 4, from: CARTHAG, to: tueks sietch}\n"
    )
    said = {f.rule.id: f.message for f in v.findings}
    assert said["conquest.movement.one-group"] == "Harkonnen has 4 forces in Carthag: enough for 4."
    v = judge(
        "ruleset: conquest\nfactions: {atreides: {spice: 13, reserves: 20}}\n"
        "move: {action: ship, faction: atreides, count: 3, to: spice  field}\n"
    )
    said = {f.rule.id: f.message for f in v.findings}
    assert said["conquest.shipment.one-territory"] == "The shipment goes into one territory, spice field."
