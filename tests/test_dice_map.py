"""The Dice Game's map steps: shipping (dice:126-130), moving (dice:131-134), fortifying (dice:156-166) and the
Sandstorm (dice:167-173, 214-216).

Focused tests assert what a player reads (the verdict, the rule, the cited line, the numbers); the agreement
tests draw positions for each kind (at least 300 each) aimed at the limits (counts around the allowance, the
Sandstorm's Region, allies and their consent, tokens and their controllers, borders known and unknown) and
assert that every rule's check and z3 form agree, that each verdict is one a move can have, that a refusal
names a rule, and that the draws reach legal, illegal and unresolved.
"""

from __future__ import annotations

import random
from typing import Any

from campaigns import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.dice.board import text_board
from checker.dice.position import FACTIONS, load_position
from checker.engine import Verdict, evaluate

REGIONS = text_board().names
STORM_REGIONS = [r for r in REGIONS if not (text_board()[r].outer or text_board()[r].neutral)]
NEAR_CARTHAG = ["Carthag", "Arrakeen", "Sietch Tabr", "Minor Erg", "Great Flat", "Jacurutu", "Polar Sink"]
# borders the printed map would give, consistent with the text (dice:170): a board some draws carry
BOARD = {
    "Arrakeen": {"adjacent": ["Carthag", "Minor Erg", "Polar Sink"]},
    "Minor Erg": {"adjacent": ["Carthag", "Arrakeen", "Polar Sink", "Habbanya Sietch"]},
}
EXAMPLES = examples(300)


def check(**data: Any) -> Verdict:
    return evaluate(load_position({"ruleset": "dice", **data}))


def troops(*rows: tuple[str, str, int]) -> list[dict[str, Any]]:
    return [{"faction": f, "region": r, "count": n} for f, r, n in rows]


def forbidding(v: Verdict) -> list[str]:
    return v.forbidding()


def message(v: Verdict, rule_id: str) -> str:
    return next(f.message for f in v.findings if f.rule.id == rule_id)


def lines(v: Verdict, rule_id: str) -> list[int]:
    r = next(f.rule for f in v.findings if f.rule.id == rule_id)
    return [n for c in r.cites for n in range(c.first, c.last + 1)]


# -- shipping -------------------------------------------------------------------------------------


def test_two_troops_a_round_without_a_ship_die() -> None:
    base = dict(step="ship", sandstorm="Jacurutu", troops=troops(("atreides", "Arrakeen", 1)))
    none = {"atreides": {"board_troops": 3, "dice": {}}}  # no die on any slot
    ok = check(**base, factions=none, move=_ship("atreides", 2, "Arrakeen"))
    assert ok.verdict == "legal" and ok.outcome["on_board"] == 1 and ok.outcome["in_to"] == 3
    bad = check(**base, factions=none, move=_ship("atreides", 3, "Arrakeen"))
    assert forbidding(bad) == ["dice.ship.allowance"] and lines(bad, "dice.ship.allowance") == [127]
    assert "ships 3 Troops: it may ship two Troops each round" in message(bad, "dice.ship.allowance")


def test_a_missing_dice_key_is_no_answer_on_the_ship_die() -> None:
    """dice:127: without ``dice`` the Ship die is unknown: two Troops need none (legal, and no word of a die it may
    lack), three are unresolved naming the Ship slot."""
    base = dict(step="ship", sandstorm="Jacurutu", troops=troops(("atreides", "Arrakeen", 1)))
    unknown = {"atreides": {"board_troops": 4}}
    ok = check(**base, factions=unknown, move=_ship("atreides", 2, "Arrakeen"))
    assert ok.verdict == "legal" and "no die on its Ship slot" not in message(ok, "dice.ship.allowance")
    assert "with or without a die on its Ship slot" in message(ok, "dice.ship.allowance")
    three = check(**base, factions=unknown, move=_ship("atreides", 3, "Arrakeen"))
    assert three.verdict == "unresolved" and three.missing == ["factions.atreides.dice.ship"]
    assert "3 Troops need a die on its Ship slot" in (three.reason or "")
    # dice:127: 2 + 3 at most, die or not: six are illegal, with no question on the die
    six = check(**base, factions={"atreides": {"board_troops": 8}}, move=_ship("atreides", 6, "Arrakeen"))
    assert six.verdict == "illegal" and forbidding(six) == ["dice.ship.allowance"] and not six.missing
    assert lines(six, "dice.ship.allowance") == [127]
    assert "5 at most, with one or not" in message(six, "dice.ship.allowance")
    assert any("even with a die on its Ship slot" in n for n in six.notes)


def test_the_rounds_earlier_shipments_count_with_the_move() -> None:
    """dice:127-128: each Troop is shipped separately, and the round's allowance counts them all
    (``shipped_this_round``, which a game record writes)."""
    base = dict(step="ship", sandstorm="Jacurutu", troops=troops(("atreides", "Arrakeen", 1)))
    state = {"board_troops": 4, "dice": {}, "shipped_this_round": 1}
    ok = check(**base, factions={"atreides": state}, move=_ship("atreides", 1, "Arrakeen"))
    assert ok.verdict == "legal" and not any("first shipment" in n for n in ok.notes)
    bad = check(**base, factions={"atreides": state}, move=_ship("atreides", 2, "Arrakeen"))
    assert forbidding(bad) == ["dice.ship.allowance"]
    assert "ships 2 Troops after 1 earlier this round (3 in all)" in message(bad, "dice.ship.allowance")
    lone = check(**base, factions={"atreides": {"board_troops": 4, "dice": {}}}, move=_ship("atreides", 1, "Arrakeen"))
    assert any("this Troop is taken as its first shipment" in n for n in lone.notes)


def test_a_ship_die_adds_two_or_three() -> None:
    base = dict(step="ship", sandstorm="Jacurutu", troops=troops(("harkonnen", "Great Flat", 1)))
    state = {"board_troops": 9, "dice": {"ship": 2}}
    assert check(**base, factions={"harkonnen": state}, move=_ship("harkonnen", 4, "Great Flat")).verdict == "legal"
    open5 = check(**base, factions={"harkonnen": state}, move=_ship("harkonnen", 5, "Great Flat"))
    assert open5.verdict == "unresolved" and "factions.harkonnen.ship_per_die" in open5.reason
    assert check(**base, factions={"harkonnen": state}, move=_ship("harkonnen", 6, "Great Flat")).verdict == "illegal"
    three = {**state, "ship_per_die": 3}
    assert check(**base, factions={"harkonnen": three}, move=_ship("harkonnen", 5, "Great Flat")).verdict == "legal"
    two = {**state, "ship_per_die": 2}
    v = check(**base, factions={"harkonnen": two}, move=_ship("harkonnen", 5, "Great Flat"))
    assert forbidding(v) == ["dice.ship.allowance"] and "plus 2 for its die" in message(v, "dice.ship.allowance")


def test_ship_to_the_polar_sink_a_controlled_region_or_the_consenting_allys() -> None:
    base = dict(step="ship", sandstorm="Jacurutu", factions={"atreides": {"board_troops": 2}})
    assert check(**base, move=_ship("atreides", 2, "Polar Sink")).verdict == "legal"
    v = check(**base, move=_ship("atreides", 1, "Minor Erg"))
    assert forbidding(v) == ["dice.ship.controlled"] and "no Troop there" in message(v, "dice.ship.controlled")
    allied = dict(base, alliances=[["atreides", "fremen"]], troops=troops(("fremen", "Sietch Tabr", 2)))
    assert check(**allied, move={**_ship("atreides", 1, "Sietch Tabr"), "ally_consents": True}).verdict == "legal"
    v = check(**allied, move={**_ship("atreides", 1, "Sietch Tabr"), "ally_consents": False})
    assert forbidding(v) == ["dice.ship.ally-consent"] and lines(v, "dice.ship.ally-consent") == [129]
    v = check(**allied, move=_ship("atreides", 1, "Sietch Tabr"))
    assert v.verdict == "unresolved" and "move.ally_consents" in v.reason
    # a Region the Fremen control but who are not the shipper's ally: dice:128 decides, no consent asked
    v = check(**base, troops=troops(("fremen", "Sietch Tabr", 2)), move=_ship("atreides", 1, "Sietch Tabr"))
    assert forbidding(v) == ["dice.ship.controlled"]


def test_no_shipment_into_the_sandstorm() -> None:
    pos = dict(step="ship", factions={"harkonnen": {"board_troops": 2}}, troops=troops(("harkonnen", "Carthag", 1)))
    v = check(**pos, sandstorm="Carthag", move=_ship("harkonnen", 1, "Carthag"))
    assert forbidding(v) == ["dice.ship.sandstorm"] and lines(v, "dice.ship.sandstorm") == [128, 173]
    assert message(v, "dice.ship.sandstorm") == "Harkonnen cannot ship to Carthag: the Sandstorm is there."
    v = check(**pos, move=_ship("harkonnen", 1, "Carthag"))
    assert v.verdict == "unresolved" and v.missing == ["sandstorm"]
    # the Sandstorm never enters the outer Regions (dice:61): no need to know where it is
    v = check(**{**pos, "troops": troops(("harkonnen", "Broken Land", 1))}, move=_ship("harkonnen", 1, "Broken Land"))
    assert v.verdict == "legal"


def _ship(faction: str, count: int, to: str) -> dict[str, Any]:
    return {"action": "ship", "faction": faction, "count": count, "to": to}


# -- moving ---------------------------------------------------------------------------------------


def _move(faction: str, to: str, **origins: int) -> dict[str, Any]:
    return {
        "action": "move",
        "faction": faction,
        "to": to,
        "from": {k.replace("_", " "): n for k, n in origins.items()},
    }


def test_moves_come_from_adjacent_regions() -> None:
    base = dict(step="move", sandstorm="Jacurutu", troops=troops(("fremen", "Arrakeen", 3), ("fremen", "Jacurutu", 1)))
    ok = check(**base, move=_move("fremen", "Carthag", Arrakeen=2))
    assert ok.verdict == "legal" and ok.outcome == {"moved": 2, "in_target": 2}
    v = check(**{**base, "sandstorm": "Arrakeen"}, move=_move("fremen", "Carthag", Jacurutu=1))
    assert forbidding(v) == ["dice.move.adjacent"]
    assert "from Jacurutu into Carthag: it does not border Carthag" in message(v, "dice.move.adjacent")
    v = check(**base, move=_move("fremen", "Minor Erg", Arrakeen=2))
    assert v.verdict == "unresolved" and v.missing == ["board"]
    assert check(**base, board=BOARD, move=_move("fremen", "Minor Erg", Arrakeen=2)).verdict == "legal"


def test_a_second_move_needs_the_move_die() -> None:
    base = dict(step="move", sandstorm="Jacurutu", troops=troops(("atreides", "Arrakeen", 3)))
    second = {**_move("atreides", "Carthag", Arrakeen=3), "second": True}
    assert forbidding(check(**base, factions={"atreides": {"dice": {}}}, move=second)) == ["dice.move.second"]
    # its dice not given: whether a die is on its Move slot decides, and is named
    v = check(**base, move=second)
    assert v.verdict == "unresolved" and v.missing == ["factions.atreides.dice.move"]
    assert check(**base, factions={"atreides": {"dice": {"move": 4}}}, move=second).verdict == "legal"
    # the die on the Re-Assign slot may be put on the Move slot first (dice:83): the second move is allowed
    v = check(**base, factions={"atreides": {"dice": {"reassign": 4}}}, move=second)
    assert v.verdict == "legal" and "dice.move.reassign" in {f.rule.id for f in v.findings}
    assert any("Re-Assign" in n for n in v.notes)


def test_the_rounds_moves_decide_the_second_and_forbid_a_third() -> None:
    """dice:132: once or twice; ``moves_this_round`` (a game record writes it) makes a move the second, or a
    third."""
    base = dict(step="move", sandstorm="Jacurutu", troops=troops(("atreides", "Arrakeen", 3)))
    one = {"dice": {"move": 4}, "moves_this_round": 1}
    v = check(**base, factions={"atreides": one}, move=_move("atreides", "Carthag", Arrakeen=3))
    assert v.verdict == "legal" and "this is its second move" in message(v, "dice.move.twice")
    v = check(**base, factions={"atreides": {**one, "dice": {}}}, move=_move("atreides", "Carthag", Arrakeen=3))
    assert forbidding(v) == ["dice.move.second"]
    two = {**one, "moves_this_round": 2}
    v = check(**base, factions={"atreides": two}, move=_move("atreides", "Carthag", Arrakeen=3))
    assert forbidding(v) == ["dice.move.twice"] and lines(v, "dice.move.twice") == [132]
    v = check(**base, move=_move("atreides", "Carthag", Arrakeen=3))
    assert any("this is taken as its first move" in n for n in v.notes)


def test_the_sandstorm_freezes_its_region() -> None:
    base = dict(
        step="move", sandstorm="Carthag", troops=troops(("harkonnen", "Carthag", 2), ("harkonnen", "Great Flat", 2))
    )
    v = check(**base, move=_move("harkonnen", "Carthag", Great_Flat=1))
    assert forbidding(v) == ["dice.move.into-sandstorm"]
    v = check(**base, move=_move("harkonnen", "Great Flat", Carthag=1))
    assert forbidding(v) == ["dice.move.out-of-sandstorm"]
    assert message(v, "dice.move.out-of-sandstorm").startswith("Harkonnen cannot move Troops out of Carthag")
    v = check(**base, move=_move("harkonnen", "Arrakeen", Carthag=3))
    assert sorted(forbidding(v)) == ["dice.move.out-of-sandstorm", "dice.move.own-troops"]


# -- fortifying -----------------------------------------------------------------------------------

DIE = {"dice": {"fortify": 3}, "fortify_base": 0, "fortify_per_die": 1}


def _fortify(faction: str, region: str, **extra: Any) -> dict[str, Any]:
    return {"action": "fortify", "faction": faction, "region": region, **extra}


def test_fortify_places_a_fortification_then_a_stronghold() -> None:
    base = dict(
        step="fortify",
        sandstorm="Sietch Tabr",
        factions={"harkonnen": DIE},
        troops=troops(("harkonnen", "Minor Erg", 2)),
    )
    v = check(**base, move=_fortify("harkonnen", "Minor Erg"))
    assert v.verdict == "legal" and v.outcome == {
        "token": "fortification",
        "controller": "harkonnen",
        "tokens_in_supply": 5,
    }
    token = [{"region": "Minor Erg", "controller": "harkonnen"}]
    v = check(**base, fortifications=token, move=_fortify("harkonnen", "Minor Erg"))
    assert v.verdict == "legal" and v.outcome["token"] == "stronghold"
    v = check(**base, fortifications=[{**token[0], "kind": "stronghold"}], move=_fortify("harkonnen", "Minor Erg"))
    assert forbidding(v) == ["dice.fortify.stronghold"] and lines(v, "dice.fortify.stronghold") == [165]


def test_fortify_only_where_the_faction_controls_never_the_polar_sink() -> None:
    base = dict(step="fortify", sandstorm="Sietch Tabr", factions={"harkonnen": DIE})
    v = check(**base, troops=troops(("harkonnen", "Polar Sink", 2)), move=_fortify("harkonnen", "Polar Sink"))
    assert sorted(forbidding(v)) == ["dice.fortify.control", "dice.fortify.polar-sink"]
    assert lines(v, "dice.fortify.polar-sink") == [56, 160]
    v = check(**base, troops=troops(("atreides", "Arrakeen", 2)), move=_fortify("harkonnen", "Arrakeen"))
    assert forbidding(v) == ["dice.fortify.control"]
    assert (
        message(v, "dice.fortify.control")
        == "Harkonnen cannot fortify Arrakeen: it has no Troop there, so does not control it."
    )


def test_the_number_of_regions_comes_from_the_faction_board() -> None:
    base = dict(step="fortify", sandstorm="Sietch Tabr", troops=troops(("atreides", "Arrakeen", 1)))
    v = check(**base, factions={"atreides": {"fortify_base": 0, "dice": {}}}, move=_fortify("atreides", "Arrakeen"))
    assert forbidding(v) == ["dice.fortify.allowance"] and lines(v, "dice.fortify.allowance") == [164]
    # its dice not given: with no Region without a die, the Fortify die decides, and is named
    v = check(**base, factions={"atreides": {"fortify_base": 0}}, move=_fortify("atreides", "Arrakeen"))
    assert v.verdict == "unresolved" and v.missing == ["factions.atreides.dice.fortify"]
    assert (
        check(**base, factions={"atreides": {"fortify_base": 1}}, move=_fortify("atreides", "Arrakeen")).verdict
        == "legal"
    )
    v = check(**base, move=_fortify("atreides", "Arrakeen"))
    assert v.verdict == "unresolved" and v.missing == ["factions.atreides.fortify_base"]
    # a die on the Fortify slot whose number is not given: unresolved, naming it
    v = check(
        **base,
        factions={"atreides": {"dice": {"fortify": 2}, "fortify_base": 0}},
        move=_fortify("atreides", "Arrakeen"),
    )
    assert v.verdict == "unresolved" and v.missing == ["factions.atreides.fortify_per_die"]


def test_the_token_supply_is_six() -> None:
    regions = ["Arrakeen", "Carthag", "Great Flat", "Jacurutu", "Tuek's Sietch", "Broken Land"]
    pos = dict(
        step="fortify",
        sandstorm="Sietch Tabr",
        factions={"harkonnen": DIE},
        troops=troops(*[("harkonnen", r, 1) for r in [*regions, "Minor Erg"]]),
        fortifications=[{"region": r, "controller": "harkonnen"} for r in regions[:5]],
    )
    assert check(**pos, move=_fortify("harkonnen", "Minor Erg")).outcome["tokens_in_supply"] == 0
    pos["fortifications"] = [{"region": r, "controller": "harkonnen"} for r in regions]
    v = check(**pos, move=_fortify("harkonnen", "Minor Erg"))
    assert forbidding(v) == ["dice.fortify.supply"] and "all 6 tokens are on the map" in message(
        v, "dice.fortify.supply"
    )


def test_flipping_needs_control_of_the_token_or_the_allys_consent() -> None:
    base = dict(
        step="fortify",
        sandstorm="Sietch Tabr",
        turn_order=["atreides", "harkonnen", "corrino"],
        factions={"harkonnen": DIE},
        troops=troops(("harkonnen", "Great Flat", 2), ("corrino", "Great Flat", 1)),
    )
    corrino_token = [{"region": "Great Flat", "controller": "corrino"}]
    v = check(**base, fortifications=corrino_token, move=_fortify("harkonnen", "Great Flat"))
    assert forbidding(v) == ["dice.fortify.token-control"] and "Corrino controls it" in message(
        v, "dice.fortify.token-control"
    )
    allied = dict(base, alliances=[["harkonnen", "corrino"]], fortifications=corrino_token)
    v = check(**allied, move=_fortify("harkonnen", "Great Flat", ally_consents=True))
    assert v.verdict == "legal" and v.outcome["controller"] == "corrino"  # the same Troop keeps control (dice:166)
    assert forbidding(check(**allied, move=_fortify("harkonnen", "Great Flat", ally_consents=False))) == [
        "dice.fortify.ally-consent"
    ]
    # uncontrolled: the first in Turn Order with Troops there takes it (dice:158)
    free = dict(base, fortifications=[{"region": "Great Flat", "controller": "none"}])
    v = check(**free, move=_fortify("harkonnen", "Great Flat"))
    assert v.verdict == "legal" and v.outcome["controller"] == "harkonnen"
    # a controller left out is not "uncontrolled": with two Factions there, either may hold it (dice:157)
    v = check(**dict(base, fortifications=[{"region": "Great Flat"}]), move=_fortify("harkonnen", "Great Flat"))
    assert v.verdict == "unresolved" and v.missing == ["fortifications[0].controller"]
    v = check(**{**free, "turn_order": ["corrino", "harkonnen"]}, move=_fortify("harkonnen", "Great Flat"))
    assert forbidding(v) == ["dice.fortify.uncontrolled"] and lines(v, "dice.fortify.uncontrolled") == [158]
    assert "Corrino, first in Turn Order" in message(v, "dice.fortify.uncontrolled")
    v = check(**{**free, "turn_order": []}, move=_fortify("harkonnen", "Great Flat"))
    assert v.verdict == "unresolved" and v.missing == ["turn_order"]


def test_fortifying_the_sandstorms_region_is_an_open_question() -> None:
    base = dict(step="fortify", factions={"harkonnen": DIE}, troops=troops(("harkonnen", "Minor Erg", 2)))
    v = check(**base, sandstorm="Minor Erg", move=_fortify("harkonnen", "Minor Erg"))
    assert v.verdict == "unresolved" and "dice.fortify.sandstorm" in v.reason and "dice:173" in v.reason
    assert check(**base, move=_fortify("harkonnen", "Minor Erg")).verdict == "unresolved"
    assert check(**base, sandstorm="Jacurutu", move=_fortify("harkonnen", "Minor Erg")).verdict == "legal"


# -- the Sandstorm --------------------------------------------------------------------------------

GUILD = {"spacing-guild": {"cards": ["sandstorm"]}}


def test_the_sandstorm_kills_two_of_each_faction_but_the_fremen() -> None:
    v = check(
        step="sandstorm",
        sandstorm="Carthag",
        factions=GUILD,
        troops=troops(("atreides", "Arrakeen", 3), ("fremen", "Arrakeen", 4), ("corrino", "Arrakeen", 1)),
        move={"action": "sandstorm", "to": "Arrakeen"},
    )
    assert v.verdict == "legal"
    assert v.outcome == {"sandstorm": "Arrakeen", "losses": {"atreides": 2, "fremen": 0, "corrino": 1}}
    assert lines(v, "dice.sandstorm.kills") == [171] and lines(v, "dice.sandstorm.fremen") == [214, 216]


def test_a_fortification_protects_its_controller_and_the_allies_it_shelters() -> None:
    base = dict(
        step="sandstorm",
        sandstorm="Carthag",
        factions=GUILD,
        alliances=[["atreides", "harkonnen"]],
        troops=troops(("atreides", "Arrakeen", 3), ("harkonnen", "Arrakeen", 2), ("corrino", "Arrakeen", 2)),
        fortifications=[{"region": "Arrakeen", "kind": "stronghold", "controller": "atreides"}],
    )
    v = check(**base, move={"action": "sandstorm", "to": "Arrakeen"})
    assert v.outcome["losses"] == {"atreides": 0, "harkonnen": 2, "corrino": 2}
    v = check(**base, move={"action": "sandstorm", "to": "Arrakeen", "sheltered": ["harkonnen"]})
    assert v.outcome["losses"] == {"atreides": 0, "harkonnen": 0, "corrino": 2}
    v = check(**base, move={"action": "sandstorm", "to": "Arrakeen", "sheltered": ["corrino"]})
    assert forbidding(v) == ["dice.sandstorm.shelter"] and "only allies of Atreides" in message(
        v, "dice.sandstorm.shelter"
    )


def test_the_sandstorm_moves_into_an_adjacent_region_never_outer_or_the_polar_sink() -> None:
    base = dict(step="sandstorm", sandstorm="Carthag", factions=GUILD)
    for to in ("Sietch Tabr", "Arrakeen", "Minor Erg", "Great Flat"):  # dice:170
        assert check(**base, move={"action": "sandstorm", "to": to}).verdict == "legal", to
    v = check(**base, move={"action": "sandstorm", "to": "Jacurutu"})
    assert forbidding(v) == ["dice.sandstorm.adjacent"]
    assert (
        message(v, "dice.sandstorm.adjacent")
        == "The Sandstorm cannot move from Carthag to Jacurutu: they do not share a border."
    )
    v = check(**base, move={"action": "sandstorm", "to": "Carthag"})
    assert message(v, "dice.sandstorm.adjacent") == "The Sandstorm must move out of Carthag: it cannot stay there."
    for to in ("Polar Sink", "Broken Land", "Outer Plain"):
        v = check(**base, move={"action": "sandstorm", "to": to})
        assert forbidding(v) == ["dice.sandstorm.outer"] and lines(v, "dice.sandstorm.outer") == [61, 169], to
    v = check(**{**base, "sandstorm": "Arrakeen"}, move={"action": "sandstorm", "to": "Minor Erg"})
    assert v.verdict == "unresolved" and v.missing == ["board"]
    assert (
        check(**{**base, "sandstorm": "Arrakeen"}, board=BOARD, move={"action": "sandstorm", "to": "Minor Erg"}).verdict
        == "legal"
    )


def test_only_the_cards_holder_moves_the_sandstorm() -> None:
    base = dict(step="sandstorm", sandstorm="Carthag")
    v = check(**base, factions=GUILD, move={"action": "sandstorm", "to": "Arrakeen", "faction": "fremen"})
    assert forbidding(v) == ["dice.sandstorm.card"] and "Spacing Guild holds the Sandstorm card" in message(
        v, "dice.sandstorm.card"
    )
    v = check(**base, factions={"corrino": {"cards": ["sandstorm"]}}, move={"action": "sandstorm", "to": "Arrakeen"})
    assert forbidding(v) == ["dice.sandstorm.never-harkonnen-corrino"]
    v = check(**base, move={"action": "sandstorm", "to": "Arrakeen"})
    assert v.verdict == "unresolved" and "dice.sandstorm.card" in v.reason


# -- agreement: every rule's check and z3 form, on drawn positions --------------------------------


def _maybe(r: random.Random, value: Any, p: float = 0.5) -> Any:
    return value if r.random() < p else None


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


def _common(r: random.Random, step: str, storm_at: str | None = None) -> dict[str, Any]:
    sandstorm = storm_at if storm_at is not None and r.random() < 0.3 else r.choice([None, *STORM_REGIONS])
    return _clean(
        {
            "ruleset": "dice",
            "step": r.choice([None, step, step, step, "combat"]),
            "sandstorm": sandstorm,
            "board": BOARD if r.random() < 0.3 else None,
        }
    )


def _dice(r: random.Random, slot: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    n = r.choice([0, 0, 1, 1, 2])
    if n:
        out[slot] = r.randint(1, 6) if n == 1 else [r.randint(1, 6) for _ in range(n)]
    if r.random() < 0.3:
        out["reassign"] = r.randint(1, 6)
    return out


def _ally(r: random.Random, me: str) -> str | None:
    return _maybe(r, r.choice([f for f in FACTIONS if f != me]), 0.6)


def ship_position(r: random.Random) -> dict[str, Any]:
    me = r.choice(FACTIONS)
    to = r.choice(REGIONS)
    ally = _ally(r, me)
    data = _common(r, "ship", to)
    data["factions"] = {
        me: _clean(
            {
                "board_troops": _maybe(r, r.randint(0, 6), 0.8),
                "dice": _dice(r, "ship"),
                "ship_per_die": _maybe(r, r.choice([2, 3]), 0.5),
            }
        )
    }
    rows = []
    if r.random() < 0.5:
        rows.append({"faction": me, "region": to, "count": r.randint(1, 3)})
    if ally:
        data["alliances"] = [[me, ally]]
        if r.random() < 0.6:
            rows.append({"faction": ally, "region": to, "count": r.randint(1, 3)})
    data["troops"] = rows
    data["move"] = _clean(
        {
            "action": "ship",
            "faction": me,
            "count": r.randint(0, 6),
            "to": to,
            "ally_consents": r.choice([None, True, False]),
        }
    )
    return data


def move_position(r: random.Random) -> dict[str, Any]:
    me = r.choice(FACTIONS)
    to = r.choice(NEAR_CARTHAG if r.random() < 0.7 else REGIONS)
    origins = r.sample(NEAR_CARTHAG, r.randint(0, 2))
    data = _common(r, "move", r.choice([to, *origins]))
    data["factions"] = {me: {"dice": _dice(r, "move")}}
    rows = [{"faction": me, "region": o, "count": r.randint(0, 4)} for o in origins]
    rows.append({"faction": r.choice(FACTIONS), "region": to, "count": r.randint(0, 2)})
    data["troops"] = [x for x in rows if x["count"]]
    data["move"] = {
        "action": "move",
        "faction": me,
        "to": to,
        "from": {o: r.randint(0, 4) for o in origins},
        "second": r.random() < 0.4,
    }
    return data


def fortify_position(r: random.Random) -> dict[str, Any]:
    me, other = r.sample(FACTIONS, 2)
    ally = _ally(r, me)
    where = r.choice(["Polar Sink", *r.sample(REGIONS, 3)])
    data = _common(r, "fortify")
    data["factions"] = {
        me: _clean(
            {
                "dice": _dice(r, "fortify"),
                "fortify_base": _maybe(r, r.choice([0, 0, 1]), 0.8),
                "fortify_per_die": _maybe(r, r.choice([0, 1, 1, 2]), 0.7),
            }
        )
    }
    rows = []
    if r.random() < 0.8:
        rows.append({"faction": me, "region": where, "count": r.randint(1, 2)})
    for f in (other, ally):
        if f and r.random() < 0.5:
            rows.append({"faction": f, "region": where, "count": r.randint(1, 2)})
    tokens = []
    kind = r.choice([None, "fortification", "fortification", "stronghold"])
    if kind:
        owner = r.choice([None, "none", me, other, ally])
        tokens.append(_clean({"region": where, "kind": kind, "controller": owner}))
    others = [x for x in REGIONS if x not in (where, "Polar Sink")]
    for x in r.sample(others, max(0, r.choice([0, 4, 5, 6]) - len(tokens))):
        tokens.append({"region": x, "controller": other})
        rows.append({"faction": other, "region": x, "count": 1})
    data["troops"], data["fortifications"] = rows, tokens[:6] if r.random() < 0.8 else tokens
    if ally:
        data["alliances"] = [[me, ally]]
    if r.random() < 0.7:
        data["turn_order"] = r.sample([f for f in FACTIONS], r.randint(2, 6))
    data["move"] = _clean(
        {"action": "fortify", "faction": me, "region": where, "ally_consents": r.choice([None, True, False])}
    )
    return data


def sandstorm_position(r: random.Random) -> dict[str, Any]:
    to = r.choice([*NEAR_CARTHAG, "Broken Land", "Outer Plain"] if r.random() < 0.3 else NEAR_CARTHAG)
    data = _common(r, "sandstorm")
    if r.random() < 0.6:
        data["sandstorm"] = "Carthag"
    present = r.sample(FACTIONS, r.randint(0, 3))
    if r.random() < 0.4 and "fremen" not in present:
        present.append("fremen")
    data["troops"] = [{"faction": f, "region": to, "count": r.randint(1, 4)} for f in present]
    holder = _maybe(r, r.choice(FACTIONS), 0.8)
    data["factions"] = {holder: {"cards": ["sandstorm"]}} if holder else {}
    if present and r.random() < 0.5:
        data["fortifications"] = [
            _clean(
                {
                    "region": to,
                    "kind": r.choice(["fortification", "stronghold"]),
                    "controller": _maybe(r, r.choice(present), 0.8),
                }
            )
        ]
    if len(present) >= 2 and r.random() < 0.6:
        data["alliances"] = [present[:2]]
    if r.random() < 0.6:
        data["turn_order"] = r.sample(FACTIONS, r.randint(2, 6))
    data["move"] = _clean(
        {
            "action": "sandstorm",
            "to": to,
            "faction": _maybe(r, r.choice([holder or "atreides", r.choice(FACTIONS)]), 0.4),
            "sheltered": r.sample(present, r.randint(0, len(present))) if r.random() < 0.5 else None,
        }
    )
    return data


GENERATORS = {
    "dice-ship": ship_position,
    "dice-move": move_position,
    "dice-fortify": fortify_position,
    "dice-sandstorm": sandstorm_position,
}
MOVE_VERDICTS = {"legal", "illegal", "unresolved"}


def judge(kind: str, raw: dict[str, Any]) -> Verdict:
    pos = load_position(raw)
    v = evaluate(pos)  # a Disagreement (a rule's check and form differ) raises
    assert v.question == kind, (v.question, raw)
    assert v.verdict in MOVE_VERDICTS, (v.verdict, raw)
    if v.verdict == "illegal":
        assert v.forbidding() or v.minimal_reason, raw
        assert all(f.rule.cites for f in v.findings if f.effect == "forbids")
    if v.verdict == "unresolved":
        assert v.reason, raw
    return v


def _agree(kind: str) -> None:
    seen: set[str] = set()
    make = GENERATORS[kind]

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(r=st.randoms(use_true_random=False))
    def agree(r: random.Random) -> None:
        seen.add(judge(kind, make(r)).verdict)

    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True
    try:
        agree()
        for seed in range(60):  # fixed draws too, so reaching every verdict never hangs on hypothesis' luck
            seen.add(judge(kind, make(random.Random(seed))).verdict)
    finally:
        engine.VERIFY_EVERY_RULE = verify
    assert seen == MOVE_VERDICTS, f"the {kind} positions reached {sorted(seen)}"


def test_ship_checks_and_forms_agree() -> None:
    _agree("dice-ship")


def test_move_checks_and_forms_agree() -> None:
    _agree("dice-move")


def test_fortify_checks_and_forms_agree() -> None:
    _agree("dice-fortify")


def test_sandstorm_checks_and_forms_agree() -> None:
    _agree("dice-sandstorm")
