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
    assert said == "Imperial Basin has sectors clear of the storm (sector 8): 9, 10 (the move names no sector)."
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
