"""The Dice Game's round: dice on slots, Alliances, Turn Order, Loyalty kept, and who wins at the end of a round.

Focused tests read what a user sees (the verdict, the winner, the line cited, the numbers in a message);
the generated ones draw ``dice-position`` and ``dice-propose-alliance`` positions around the boundaries
(three strategic Regions alone or shared, four for an Alliance, a third player in one, round 6 and the
Landsraad card, the Bene Gesserit's pick, dice faces at the edge of a slot's numbers, three and six dice)
and assert every rule's check and z3 form agree.
"""

from __future__ import annotations

from typing import Any

from campaigns import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.dice.position import load_position
from checker.engine import Verdict, evaluate

STRATEGIC = ["Carthag", "Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch", "Jacurutu"]
OTHER = ["Arrakeen", "Polar Sink", "Minor Erg", "Great Flat"]
ALL = ["atreides", "harkonnen", "fremen", "corrino", "spacing-guild", "bene-gesserit"]


def check(**data: Any) -> Verdict:
    return evaluate(load_position({"ruleset": "dice", **data}))


def troops(*placed: tuple[str, str, int]) -> list[dict[str, Any]]:
    return [{"faction": f, "region": r, "count": n} for f, r, n in placed]


def finding(v: Verdict, rule: str) -> str:
    return next(f.message for f in v.findings if f.rule.id == rule)


def cited(v: Verdict, rule: str) -> list[int]:
    r = next(f.rule for f in v.findings if f.rule.id == rule)
    return [n for c in r.cites for n in range(c.first, c.last + 1)]


HARKONNEN_THREE = troops(("harkonnen", "Carthag", 2), ("harkonnen", "Jacurutu", 1), ("harkonnen", "Tuek's Sietch", 1))


# -- victory ---------------------------------------------------------------------------------------------


def test_sole_control_of_three_wins_even_under_the_sandstorm() -> None:
    v = check(
        round=3, step="end", sandstorm="Jacurutu", factions={"harkonnen": {}, "atreides": {}}, troops=HARKONNEN_THREE
    )
    assert v.verdict == "legal" and v.outcome == {"winner": "harkonnen"}
    assert "Carthag, Tuek's Sietch and Jacurutu, 3 of the 5" in finding(v, "dice.victory.solo")
    assert 181 in cited(v, "dice.victory.solo")


def test_a_shared_region_is_not_sole_control() -> None:
    shared = [*HARKONNEN_THREE, {"faction": "corrino", "region": "Carthag", "count": 1}]
    v = check(round=2, step="end", factions={"harkonnen": {}, "corrino": {}}, troops=shared)
    assert v.outcome == {"winner": "none"}
    assert "2 of the 3 needed" in finding(v, "dice.victory.none") and "round 3" in finding(v, "dice.victory.none")


def test_an_ally_is_another_player_for_sole_control() -> None:
    with_ally = [*HARKONNEN_THREE, {"faction": "corrino", "region": "Jacurutu", "count": 1}]
    v = check(round=2, step="end", alliances=[["harkonnen", "corrino"]], troops=with_ally)
    assert v.outcome == {"winner": "none"}  # 2 alone; 3 between them, not the 4 an Alliance needs


ALLIED_FOUR = troops(
    ("atreides", "Carthag", 2),
    ("fremen", "Sietch Tabr", 1),
    ("fremen", "Habbanya Sietch", 1),
    ("atreides", "Jacurutu", 1),
)


def test_an_alliance_with_four_wins_together() -> None:
    v = check(round=4, step="end", alliances=[["atreides", "fremen"]], troops=ALLIED_FOUR)
    assert v.verdict == "legal" and v.outcome == {"winner": ["atreides", "fremen"]}
    assert 182 in cited(v, "dice.victory.alliance")


def test_a_third_player_in_any_strategic_region_of_the_alliance_stops_it() -> None:
    third = [*ALLIED_FOUR, {"faction": "corrino", "region": "Jacurutu", "count": 1}]
    v = check(round=4, step="end", alliances=[["atreides", "fremen"]], troops=third)
    assert v.outcome == {"winner": "none"}
    # only Atreides of the Alliance is there: the sentence names it
    assert "Atreides (allied with Fremen) shares Jacurutu with Corrino" in finding(v, "dice.victory.none")
    both = [*third, {"faction": "fremen", "region": "Jacurutu", "count": 1}]
    v = check(round=4, step="end", alliances=[["atreides", "fremen"]], troops=both)
    assert "the Alliance of Atreides and Fremen shares Jacurutu with Corrino" in finding(v, "dice.victory.none")


def test_four_without_an_alliance_wins_nothing() -> None:
    v = check(round=4, step="end", troops=ALLIED_FOUR)
    assert v.outcome == {"winner": "none"}


def test_a_solo_victory_beats_an_alliance() -> None:
    placed = [*HARKONNEN_THREE, *troops(("atreides", "Sietch Tabr", 1), ("fremen", "Habbanya Sietch", 1))]
    v = check(round=5, step="end", alliances=[["atreides", "fremen"]], troops=placed)
    assert v.outcome == {"winner": "harkonnen"}


def test_the_landsraad_decides_only_at_the_end_of_round_six() -> None:
    base: dict[str, Any] = {"step": "end", "factions": {"corrino": {"cards": ["landsraad"]}, "harkonnen": {}}}
    six = check(round=6, **base)
    assert six.outcome == {"winner": "corrino"} and 184 in cited(six, "dice.victory.landsraad")
    assert check(round=5, **base).outcome == {"winner": "none"}
    unknown = check(**base)
    assert unknown.verdict == "unresolved" and unknown.missing == ["round"]


def test_a_military_victory_in_round_six_beats_the_landsraad() -> None:
    v = check(round=6, step="end", factions={"corrino": {"cards": ["landsraad"]}}, troops=HARKONNEN_THREE)
    assert v.outcome == {"winner": "harkonnen"}


def test_round_six_without_a_known_landsraad_holder_is_unresolved() -> None:
    v = check(round=6, step="end", factions={"harkonnen": {}, "atreides": {}})
    assert v.verdict == "unresolved" and "Landsraad card's holder" in v.reason


FIVE = {"harkonnen": {}, "atreides": {}, "fremen": {}, "corrino": {}}


def test_the_bene_gesserit_share_the_solo_victory_they_picked() -> None:
    picked = {**FIVE, "bene-gesserit": {"prediction": {"faction": "harkonnen"}}}
    v = check(round=3, step="end", factions=picked, troops=HARKONNEN_THREE)
    assert v.outcome == {"winner": ["bene-gesserit", "harkonnen"]} and 185 in cited(v, "dice.victory.prediction-solo")
    other = {**FIVE, "bene-gesserit": {"prediction": {"faction": "corrino"}}}
    v = check(round=3, step="end", factions=other, troops=HARKONNEN_THREE)
    assert v.outcome == {"winner": "harkonnen"} and "picked Corrino, not Harkonnen" in finding(
        v, "dice.victory.prediction-solo"
    )
    unknown = check(round=3, step="end", factions={**FIVE, "bene-gesserit": {}}, troops=HARKONNEN_THREE)
    assert unknown.verdict == "unresolved" and unknown.missing == ["factions.bene-gesserit.prediction"]


def test_the_bene_gesserit_share_a_landsraad_victory_but_never_an_alliances() -> None:
    landsraad = {**FIVE, "corrino": {"cards": ["landsraad"]}, "bene-gesserit": {"prediction": {"faction": "corrino"}}}
    v = check(round=6, step="end", factions=landsraad)
    assert v.outcome == {"winner": ["bene-gesserit", "corrino"]}
    assert 245 in cited(v, "dice.victory.prediction-landsraad")
    allied = {**FIVE, "bene-gesserit": {"prediction": {"faction": "fremen"}}}
    v = check(round=4, step="end", factions=allied, alliances=[["atreides", "fremen"]], troops=ALLIED_FOUR)
    assert v.outcome == {"winner": ["atreides", "fremen"]}
    assert "never share an Alliance's victory" in finding(v, "dice.victory.alliance")


def test_an_unnamed_fifth_player_may_be_the_bene_gesserit() -> None:
    v = check(round=3, step="end", players=5, factions=FIVE, troops=HARKONNEN_THREE)
    assert v.verdict == "unresolved" and "one may be the Bene Gesserit" in v.reason
    assert check(round=3, step="end", players=4, factions=FIVE, troops=HARKONNEN_THREE).outcome == {
        "winner": "harkonnen"
    }


# -- dice on slots, Turn Order, Loyalty --------------------------------------------------------------------


def test_a_die_shows_a_number_its_slot_prints() -> None:
    wrong = {"harkonnen": {"dice": {"ship": 2}, "slot_faces": {"ship": [4, 5, 6]}}}
    v = check(round=3, step="recruit", factions=wrong)
    assert v.verdict == "invalid-position" and v.forbidding() == ["dice.round.slot-faces"]
    assert "ship slot shows 2; the slot shows 4, 5, 6" in v.findings[0].message
    right = {"harkonnen": {"dice": {"ship": 5, "fremen": 1}, "slot_faces": {"ship": [4, 5, 6]}}, "fremen": {}}
    assert check(round=3, step="recruit", factions=right).verdict == "legal"
    unknown = check(round=3, step="recruit", factions={"harkonnen": {"dice": {"ship": 2}}})
    assert unknown.verdict == "unresolved" and unknown.missing == ["factions.harkonnen.slot_faces.ship"]


def test_combat_dice_fall_as_rolled_from_the_combat_step_on() -> None:
    rolled = {"corrino": {"dice": {"combat": 2}, "slot_faces": {"combat": [5, 6]}}}
    assert check(round=3, step="move", factions=rolled).verdict == "invalid-position"
    assert check(round=3, step="combat", factions=rolled).verdict == "legal"
    assert check(round=3, factions=rolled).missing == ["step"]


def test_three_to_six_dice_once_placed_in_the_roll_step() -> None:
    def at_roll(on: int, personal: int | None) -> Verdict:
        # at most three on slots of one name (a board's groups: dice:80)
        dice = {name: [1] * n for name, n in zip(("combat", "ship"), (min(on, 3), max(on - 3, 0)), strict=True) if n}
        st: dict[str, Any] = {"dice": dice, "slot_faces": {"combat": "?", "ship": "?"}}
        if personal is not None:
            st["personal_dice"] = personal
        return check(round=4, step="roll", factions={"fremen": st})

    assert at_roll(2, 1).verdict == "legal" and at_roll(6, 0).verdict == "legal"
    assert at_roll(2, 0).verdict == "invalid-position" and "Fremen has 2 dice" in at_roll(2, 0).findings[0].message
    assert at_roll(5, 2).verdict == "invalid-position"
    assert at_roll(2, None).missing == ["factions.fremen.personal_dice"]
    assert at_roll(3, None).verdict == "legal"


def test_loyalty_kept_at_the_round_start() -> None:
    assert check(round=3, step="roll", factions={"atreides": {"loyalty": 2}}).verdict == "legal"  # Loyal, dice:192
    v = check(round=3, step="roll", factions={"harkonnen": {"loyalty": 2}})
    assert v.verdict == "invalid-position" and 178 in cited(v, "dice.round.loyalty-kept")
    assert check(round=3, step="kanly", factions={"harkonnen": {"loyalty": 2}}).verdict == "legal"


def test_every_player_is_on_the_turn_order_track() -> None:
    v = check(round=3, step="move", turn_order=["atreides"], factions={"atreides": {}, "fremen": {}})
    assert v.verdict == "invalid-position" and "Fremen is not on the Turn Order track" in v.findings[0].message
    assert check(round=3, step="move", players=2, turn_order=["fremen", "atreides"]).verdict == "legal"


def test_alliances_end_with_the_round() -> None:
    assert check(round=3, step="roll", alliances=[["atreides", "fremen"]]).forbidding() == ["dice.round.alliances-end"]
    v = check(round=3, step="move", alliances=[["atreides", "fremen"], ["fremen", "corrino"]])
    assert v.forbidding() == ["dice.alliance.one-ally"]


# -- proposing an Alliance ---------------------------------------------------------------------------------

PROPOSE = {"action": "propose-alliance", "faction": "harkonnen", "with": "fremen"}


def propose(**data: Any) -> Verdict:
    return check(round=2, move=PROPOSE, **{"step": "alliance", **data})


def test_mutual_faction_slot_dice_allow_a_proposal() -> None:
    factions = {
        "harkonnen": {"dice": {"fremen": 6}, "bonus_slots": []},
        "fremen": {"dice": {"harkonnen": 1}, "bonus_slots": ["harkonnen"]},
    }
    v = propose(factions=factions)
    assert v.verdict == "legal"
    assert v.outcome == {"reassign": {"harkonnen": 1, "fremen": 1}, "gained": {"harkonnen": 0, "fremen": 1}}
    unknown_bonus = propose(factions={**factions, "harkonnen": {"dice": {"fremen": 6}}})
    assert unknown_bonus.outcome["gained"] == {"fremen": 1}  # Harkonnen's bonus slots are not given: no number
    one_sided = propose(factions={"harkonnen": {"dice": {"fremen": 6}}, "fremen": {"dice": {"ship": 1}}})
    assert one_sided.forbidding() == ["dice.alliance.mutual-dice"]
    assert "Fremen has no die on its Harkonnen slot" in one_sided.findings[0].message
    unknown = propose(factions={"harkonnen": {"dice": {"fremen": 6}}})
    assert unknown.verdict == "unresolved" and unknown.missing == ["factions.fremen.dice.harkonnen"]


def test_one_ally_a_round() -> None:
    factions = {"harkonnen": {"dice": {"fremen": 6}}, "fremen": {"dice": {"harkonnen": 1}}, "atreides": {}}
    v = propose(factions=factions, alliances=[["fremen", "atreides"]])
    assert v.forbidding() == ["dice.alliance.target-free"] and "allied with Atreides" in v.findings[0].message
    v = propose(factions=factions, alliances=[["harkonnen", "atreides"]])
    assert v.forbidding() == ["dice.alliance.proposer-free"]
    assert propose(factions=factions, step="kanly").forbidding() == ["dice.alliance.step"]


# -- generated positions: the check and the z3 form of every rule agree ----------------------------------------


@st.composite
def position(draw: Any) -> dict[str, Any]:
    named = draw(st.lists(st.sampled_from(ALL), min_size=2, max_size=6, unique=True))
    data: dict[str, Any] = {"ruleset": "dice"}
    if draw(st.integers(0, 5)):
        data["round"] = draw(st.sampled_from([1, 3, 5, 6, 6]))
    data["step"] = draw(st.sampled_from(["end", "end", "end", "roll", "roll", "alliance", "combat", None]))
    if data["step"] is None:
        del data["step"]
    if draw(st.integers(0, 3)) == 0:
        data["players"] = len(named) + draw(st.integers(0, 2))
    factions: dict[str, dict[str, Any]] = {f: {} for f in named}
    placed = []
    for f in named:
        for r in draw(st.lists(st.sampled_from(STRATEGIC + OTHER[:2]), max_size=4, unique=True)):
            placed.append({"faction": f, "region": r, "count": draw(st.integers(1, 2))})
        record = factions[f]
        if draw(st.integers(0, 2)) == 0:
            record["loyalty"] = draw(st.integers(0, 3))
        if draw(st.booleans()):
            slots = draw(st.lists(st.sampled_from(["ship", "move", "combat", *named]), max_size=4, unique=True))
            record["dice"] = {s: draw(st.integers(1, 6)) for s in slots if s != f}
            if draw(st.integers(0, 3)) == 0 and record["dice"]:
                record["dice"][next(iter(record["dice"]))] = [draw(st.integers(1, 6)), draw(st.integers(1, 6))]
            if draw(st.integers(0, 3)):
                record["slot_faces"] = {
                    s: draw(st.sampled_from(["?", [1, 2], [4, 5, 6], [3]])) for s in ("ship", "move", "combat")
                }
            if draw(st.booleans()):
                record["personal_dice"] = draw(st.integers(0, 4))
    data["troops"] = placed
    if draw(st.integers(0, 2)):
        holder = draw(st.sampled_from([f for f in named if f not in ("fremen", "bene-gesserit")] or [named[0]]))
        if holder not in ("fremen", "bene-gesserit"):  # dice:212, 237 are another chapter's (dice.factions)
            factions[holder]["cards"] = ["landsraad"]
            if draw(st.integers(0, 3)) == 0:
                factions[holder].setdefault("dice", {})["landsraad"] = draw(st.integers(1, 6))
    if "bene-gesserit" in named and draw(st.integers(0, 3)):
        factions["bene-gesserit"]["prediction"] = {"faction": draw(st.sampled_from(named))}
    pairs = [(a, b) for i, a in enumerate(named) for b in named[i + 1 :]]
    if pairs and draw(st.booleans()):
        data["alliances"] = [list(draw(st.sampled_from(pairs)))]
        if draw(st.integers(0, 5)) == 0:
            data["alliances"].append(list(draw(st.sampled_from(pairs))))
    if draw(st.integers(0, 3)) == 0:
        data["turn_order"] = draw(st.permutations(named))[: len(named) - draw(st.integers(0, 1))]
    data["factions"] = factions
    return data


@st.composite
def proposal(draw: Any) -> dict[str, Any]:
    named = draw(st.lists(st.sampled_from(ALL), min_size=2, max_size=4, unique=True))
    me, them = named[0], draw(st.sampled_from([*named[1:], named[0], "spacing-guild"]))
    factions: dict[str, dict[str, Any]] = {}
    for f in named:
        if draw(st.integers(0, 4)):
            slots = draw(st.lists(st.sampled_from([*named, "ship"]), max_size=3, unique=True))
            factions[f] = {"dice": {s: draw(st.integers(1, 6)) for s in slots}}
            if draw(st.booleans()):
                factions[f]["bonus_slots"] = draw(st.lists(st.sampled_from(named), max_size=2, unique=True))
    data: dict[str, Any] = {
        "ruleset": "dice",
        "round": 2,
        "factions": factions,
        "move": {"action": "propose-alliance", "faction": me, "with": them},
    }
    step = draw(st.sampled_from(["alliance", "alliance", "alliance", "kanly", None]))
    if step:
        data["step"] = step
    if draw(st.integers(0, 3)) == 0:
        data["players"] = len(named) + draw(st.integers(0, 1))
    pairs = [(a, b) for i, a in enumerate(named) for b in named[i + 1 :]]
    if draw(st.integers(0, 2)) == 0:
        data["alliances"] = [list(draw(st.sampled_from(pairs)))]
    return data


def agree(raw: dict[str, Any], seen: set[str]) -> None:
    v = evaluate(load_position(raw))  # a Disagreement is raised here
    assert v.verdict in {"legal", "illegal", "invalid-position", "unresolved"}
    if v.verdict in ("illegal", "invalid-position"):
        assert v.forbidding() or v.minimal_reason, "a refusal names a rule"
    if v.verdict == "legal" and raw.get("step") == "end" and "move" not in raw:
        assert "winner" in v.outcome
    seen.add(v.verdict)


def run_agreement(strategy: Any, examples: int) -> set[str]:
    seen: set[str] = set()

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(raw=strategy)
    def drawn(raw: dict[str, Any]) -> None:
        agree(raw, seen)

    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True  # permits are cross-checked too, as under dev.py test
    try:
        drawn()
    finally:
        engine.VERIFY_EVERY_RULE = verify
    return seen


def test_position_checks_and_forms_agree() -> None:
    """dice-position: every rule's check and form agree on 200 drawn positions (400 under --long), which reach
    every verdict."""
    assert run_agreement(position(), examples(400)) == {"legal", "invalid-position", "unresolved"}


def test_proposal_checks_and_forms_agree() -> None:
    """dice-propose-alliance: every rule's check and form agree on 400 drawn proposals, reaching every verdict
    (fewer miss a legal one: this campaign keeps its count in the quick profile)."""
    assert run_agreement(proposal(), 400) == {"legal", "illegal", "unresolved"}
