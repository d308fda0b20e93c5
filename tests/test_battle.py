"""Battles (gf9, Basic and Advanced): cases, input errors, loss selections, planning, check/form agreement."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from checker.api import check_text
from checker.arrakis.kinds.battle import battle_facts, loss_options
from checker.arrakis.kinds.battle_planner import can_lose, smallest_winning_dial, strongest_plan
from checker.arrakis.position import load_position, read_position
from checker.cases import all_cases
from checker.cli import app
from checker.engine import evaluate
from checker.errors import InputError
from checker.rules import load_all, ruleset_rules
from checker.yamlio import load_yaml, parse_yaml

BATTLE_CASES = [p for p in all_cases() if p.name.startswith("battle-")]

BASE = """
ruleset: gf9
advanced: {advanced}
factions:
  atreides: {{spice: 10}}
  harkonnen: {{spice: 10}}
forces:
  - {{faction: atreides, territory: Arrakeen, count: 10}}
  - {{faction: harkonnen, territory: Arrakeen, count: 5}}
move:
  action: battle
  territory: Arrakeen
  aggressor: harkonnen
  plans:
    harkonnen: {h}
    atreides: {a}
"""


def pos(h: str, a: str, advanced: bool = False):
    return load_position(parse_yaml(BASE.format(h=h, a=a, advanced=str(advanced).lower())))


def test_enough_cases() -> None:
    assert len(BATTLE_CASES) >= 50


def test_every_battle_rule_has_cases() -> None:
    named: dict[str, set[str]] = {}
    for path in all_cases():  # every battle case, whatever its name (QA rounds add their own prefixes)
        data = load_yaml(path)
        if (data.get("move") or {}).get("action") != "battle":
            continue
        expect = data["expect"]
        for key in ("forbids", "minimal_reason", "permits"):
            for rid in expect.get(key, []):
                named.setdefault(rid, set()).add("forbids" if key != "permits" else "permits")
    for r in load_all().values():
        if r.on != "battle" or r.status != "confirmed" or r.defines or r.one_sided:
            continue
        assert named.get(r.id, set()) >= {"forbids"}, r.id


@pytest.mark.parametrize(
    ("plan", "key"),
    [
        ("{leader: Dunkan Idaho, dial: 1}", "move.plans.atreides.leader"),
        ("{leader: Duncan Idaho, dial: 1, weapon: Crisknife}", "move.plans.atreides.weapon"),
        ("{leader: Duncan Idaho, dial: 1, defense: Sheild}", "move.plans.atreides.defense"),
        ("{leader: Duncan Idaho, dial: 1, cheap_hero: Shield}", "move.plans.atreides.cheap_hero"),
        ("{leader: Duncan Idaho, dial: 1.25}", "move.plans.atreides.dial"),
        ("{leader: Duncan Idaho, dial: -1}", "move.plans.atreides.dial"),
        ("{leader: Duncan Idaho, dail: 1}", "move.plans.atreides.dail"),
    ],
)
def test_unusable_plans(plan: str, key: str) -> None:
    with pytest.raises(InputError) as err:
        pos("{leader: Feyd-Rautha, dial: 1}", plan)
    assert err.value.key == key


def test_unknown_leader_suggests() -> None:
    with pytest.raises(InputError) as err:
        pos("{leader: Feyd Rautha, dial: 1}", "{leader: Duncan Idaho, dial: 1}")
    assert "Feyd-Rautha" in err.value.message


def test_leader_added_by_position() -> None:
    text = BASE.format(h="{leader: Feyd-Rautha, dial: 1}", a="{leader: Paul, dial: 2}", advanced="false")
    text = text.replace("atreides: {spice: 10}", "atreides: {spice: 10, leaders: {Paul: 9}}")
    v = check_text(text)
    assert v.verdict == "legal" and v.outcome["winner"] == "atreides"


def test_cli_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE.format(h="{leader: Feyd-Rautha, dial: 1}", a="{leader: Dunkan, dial: 1}", advanced="false"))
    got = runner.invoke(app, ["check", str(bad)])
    assert got.exit_code == 2 and "Duncan Idaho" in got.output
    case = Path("cases/gf9/battle-leader-required.yaml")
    assert runner.invoke(app, ["check", str(case)]).exit_code == 1
    assert runner.invoke(app, ["check", "cases/gf9/battle-no-dial.yaml"]).exit_code == 3
    got = runner.invoke(app, ["battle", str(case), "--faction", "atreides", "--json"])
    assert got.exit_code == 0, got.output
    assert runner.invoke(app, ["battle", str(case), "--faction", "fremen"]).exit_code == 2


# -- gf9:299 loss selections: z3 against a brute-force count -------------------------------


def _brute(n: int, m: int, dial_h: int, spice: int, fremen: bool) -> set[tuple[int, int, int]]:
    out: set[tuple[int, int, int]] = set()
    if m and not fremen:
        return out  # Sardaukar: gf9 states no value for them (gf9.battle.sardaukar-value), so no selection
    for os_, ou, ss, su in itertools.product(range(n + 1), range(n + 1), range(m + 1), range(m + 1)):
        if os_ + ou > n or ss + su > m:
            continue
        if fremen:
            if os_ or ss or 2 * ou + 4 * su != dial_h:
                continue
        elif os_ + ss != spice or 2 * os_ + ou + 4 * ss + 2 * su != dial_h:
            continue
        out.add((os_ + ou, ss + su, os_ + ss))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_loss_options_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n, m = rng.randint(0, 6), rng.randint(0, 3)
    spice, dial_h = rng.randint(0, 5), rng.randint(0, 2 * n + 4 * m)
    fremen = rng.random() < 0.3
    p = pos("{leader: Feyd-Rautha, dial: 1}", "{leader: Duncan Idaho, dial: 1}", advanced=True)
    f = battle_facts(p)
    f.d_forces, f.d_special, f.d_spice, f.d_dial_h, f.d_is_fremen = n, m, spice, dial_h, fremen
    got = {(o["forces"], o["special"], o["supported"]) for o in loss_options(f, "d", every=True)}
    assert got == _brute(n, m, dial_h, spice, fremen)
    one = loss_options(f, "d")
    assert bool(one) == bool(got)


# -- planning ------------------------------------------------------------------------------------


def test_strongest_plan_basic() -> None:
    p = read_position("cases/gf9/battle-basic-higher-total.yaml")
    best = strongest_plan(p, "atreides")
    assert best is not None and best["total"] == 15 and best["dial"] == 10  # 10 forces + a strength-5 leader


def test_strongest_plan_advanced_spice_limited() -> None:
    p = pos("{leader: Feyd-Rautha, dial: 1, spice: 2}", "{leader: Duncan Idaho, dial: 1}", advanced=True)
    p.factions["harkonnen"].spice = 2
    best = strongest_plan(p, "harkonnen")
    assert best is not None and best["dial"] == 3.5 and best["spice"] == 2 and best["total"] == 9.5


def test_smallest_winning_dial_respects_ties() -> None:
    p = read_position("cases/gf9/battle-basic-higher-total.yaml")
    agg = smallest_winning_dial(p, "harkonnen", 8)  # aggressor: a tie is enough: 6 + 2
    dfd = smallest_winning_dial(p, "atreides", 8)  # defender: must exceed: 5 + 4
    assert agg is not None and agg["dial"] == 2 and dfd is not None and dfd["dial"] == 4


def test_can_lose() -> None:
    p = read_position("cases/gf9/battle-basic-higher-total.yaml")
    assert can_lose(p, "atreides") is not None
    safe = pos("{leader: Umman Kudu, dial: 0}", "{leader: Thufir Hawat, dial: 10, defense: Shield}")
    safe.factions["harkonnen"].hand = []  # no weapon can reach Thufir
    assert can_lose(safe, "atreides") is None


# -- random plans: the engine raises Disagreement if a check and its form differ ----------------

LEADERS_H = ["Feyd-Rautha", "Beast Rabban", "Umman Kudu", None]
LEADERS_A = ["Duncan Idaho", "Thufir Hawat", "Feyd-Rautha", None]
CARDS = [None, "Crysknife", "Chaumas", "Lasgun", "Shield", "Snooper", "Baliset", "Karama", "Cheap Hero"]


@pytest.mark.parametrize("seed", range(60))
def test_random_plans_agree(seed: int) -> None:
    rng = random.Random(seed)

    def plan(leaders: list[str | None], forces: int) -> str:
        parts = [f"dial: {rng.randint(0, 2 * forces + 2) / 2}", f"spice: {rng.choice([0, 0, 1, 3, 12])}"]
        if leader := rng.choice(leaders):
            parts.append(f"leader: {leader}")
        for slot in ("weapon", "defense"):
            if card := rng.choice(CARDS):
                parts.append(f"{slot}: {card}")
        for key in ("cheap_hero", "kwisatz_haderach", "traitor"):
            if rng.random() < 0.15:
                parts.append(f"{key}: true")
        return "{" + ", ".join(parts) + "}"

    text = BASE.format(h=plan(LEADERS_H, 5), a=plan(LEADERS_A, 10), advanced=str(rng.random() < 0.5).lower())
    text = text.replace(
        "atreides: {spice: 10}",
        f"atreides: {{spice: 10, forces_lost_in_battle: {rng.randint(5, 9)}, traitors: [Umman Kudu]}}",
    )
    text = text.replace("harkonnen: {spice: 10}", "harkonnen: {spice: 10, traitors: [Duncan Idaho, Thufir Hawat]}")
    v = check_text(text)
    if v.verdict == "unresolved":  # only the Basic game's Kwisatz Haderach is open here (gf9:41 against gf9:345)
        assert "gf9.battle.kh-basic" in v.reason and "advanced: false" in text and "kwisatz_haderach: true" in text
    assert v.verdict in ("legal", "illegal", "unresolved")
    if v.verdict == "illegal":
        assert v.minimal_reason


def test_battle_rules_registered() -> None:
    ids = set(ruleset_rules("gf9"))
    assert "gf9.battle.winner" in ids and "overview.battle.dial" in ids
    assert "overview.battle.leader-required" not in ids  # replaced by gf9.battle.leader-required


# -- issue 7: honest answers and one clause, one finding -----------------------------------------

CASES = Path("cases/gf9")


def verdict_of(name: str):  # type: ignore[no-untyped-def]
    return evaluate(read_position(CASES / f"{name}.yaml"))


def test_allied_harkonnen_calls_the_traitor_for_the_emperor() -> None:
    v = verdict_of("battle-traitor-for-ally")
    assert v.verdict == "legal"
    assert v.outcome["winner"] == "emperor" and v.outcome["spice_gained"] == {"emperor": 2}
    assert v.outcome["losses"] == {"atreides": 8}
    call = next(f for f in v.findings if f.rule.id == "gf9.battle.traitor-card")
    assert "Harkonnen, Emperor's ally, holds Duncan Idaho's traitor card" in call.message
    assert {c.first for c in call.rule.cites} >= {291, 293}


def test_a_harkonnen_not_allied_cannot_call_for_the_emperor() -> None:
    v = verdict_of("battle-traitor-not-ally")
    assert v.verdict == "illegal" and v.forbidding() == ["gf9.battle.traitor-card"]
    msg = v.findings[0].message
    assert "Emperor calls treachery on Duncan Idaho" in msg and "Harkonnen holds it" in msg


def test_traitor_message_names_only_the_caller() -> None:
    v = verdict_of("battle-traitor-call")
    call = next(f for f in v.findings if f.rule.id == "gf9.battle.traitor-card")
    assert call.message == "Harkonnen holds Gurney Halleck's traitor card and calls treachery."
    assert "Atreides calls" not in " ".join(f.message for f in v.findings)


def test_explosion_destroys_the_territory_spice() -> None:
    v = verdict_of("battle-explosion-spice-destroyed")
    assert v.outcome["spice_lost"] == 8  # The Great Flat's 8, not Arrakeen's 5
    assert not any("spice" in n for n in v.notes)


def test_explosion_with_no_spice_key_is_decided_with_its_spice_unknown() -> None:
    unknown = verdict_of("battle-explosion-spice-unknown")  # no 'spice' key: only the spice destroyed is open
    assert unknown.verdict == "legal" and unknown.outcome["losses"] == {"harkonnen": 4, "atreides": 6}
    assert "'spice'" in unknown.unknown["spice_lost"]
    assert "gf9.battle.explosion-spice" in unknown.unknown["spice_lost"]
    none = verdict_of("battle-explosion-own-shield")  # 'spice: []': none on the board
    assert none.verdict == "legal" and none.outcome["spice_lost"] == 0
    quiet = verdict_of("battle-basic-higher-total")  # no explosion: no spice asked for, no spice outcome
    assert "spice_lost" not in quiet.outcome and quiet.verdict == "legal"


def test_explosion_says_which_discards_the_text_leaves_open() -> None:
    v = verdict_of("battle-explosion-own-shield")
    assert "cards_discarded" not in v.outcome and "cards_discarded" not in v.unknown
    assert "gf9:275" in v.unknown["cards_retained"] and "Lasgun" in v.unknown["cards_retained"]


def test_explosion_discards_the_cheap_hero_and_leaves_only_the_other_cards_open() -> None:
    """gf9:255, 459: a Cheap Hero is discarded after its battle, whatever the result; the Lasgun's and the Shield's
    fate after an explosion the text does not give."""
    v = verdict_of("battle-explosion-cheap-hero")
    assert v.verdict == "legal" and v.outcome["explosion"] is True
    assert v.outcome["cards_discarded"] == ["Cheap Hero"]
    assert "Lasgun, Shield" in v.unknown["cards_retained"] and "cards_discarded" not in v.unknown


def test_a_winner_with_special_forces_appears_in_losses() -> None:
    one = verdict_of("battle-adv-fedaykin-double")
    assert one.outcome["losses"] == {"fremen": 3, "harkonnen": 6}
    several = verdict_of("battle-adv-fedaykin-loss-choice")
    assert several.outcome["losses"]["fremen"] == [1, 2]
    assert any("1 or 2 tokens" in n for n in several.notes)
    assert "1 or 2 tokens" in next(f.message for f in several.findings if f.rule.id == "gf9.battle.losses")


@pytest.mark.parametrize(
    "name", ["battle-adv-sardaukar-double", "battle-adv-sardaukar-over-max", "battle-adv-fedaykin-vs-sardaukar"]
)
def test_sardaukar_value_is_a_gap(name: str) -> None:
    v = verdict_of(name)
    assert v.verdict == "unresolved" and "gf9.battle.sardaukar-value" in v.reason and not v.outcome


def test_sardaukar_gap_yields_to_an_independent_refusal() -> None:
    v = verdict_of("battle-adv-sardaukar-spice-not-held")
    assert v.verdict == "illegal" and v.forbidding() == ["gf9.battle.spice-held"]
    assert v.findings[0].message == "Emperor commits 12 spice to support but holds 10."


def test_no_confirmed_rule_doubles_the_sardaukar() -> None:
    """Whatever the dial, a side with Sardaukar is never refused on their value."""
    p = read_position(CASES / "battle-adv-sardaukar-over-max.yaml")
    for dial in (0, 1, 6.5, 20):
        p.move.plans["emperor"].dial = dial  # type: ignore[union-attr]
        v = evaluate(p)
        assert v.verdict == "unresolved" and not v.forbidding(), (dial, v.forbidding())
    f = battle_facts(p)
    assert loss_options(f, "a", every=True) == []


def test_captured_leader_is_unresolved_not_illegal() -> None:
    v = verdict_of("battle-harkonnen-captured-leader")
    assert v.verdict == "unresolved" and "gf9.battle.captured-leader" in v.reason
    other = verdict_of("battle-other-factions-leader")  # a faction other than Harkonnen: refused
    assert other.verdict == "illegal" and other.forbidding() == ["gf9.battle.leader-own"]


@pytest.mark.parametrize(
    ("name", "rule_id", "message"),
    [
        (
            "battle-leader-used-elsewhere",
            "gf9.battle.leader-used-elsewhere",
            "Duncan Idaho fought in Carthag this phase: Atreides cannot play that leader in Arrakeen.",
        ),
        ("battle-leader-in-tanks", "gf9.battle.leader-in-tanks", "is in the Tleilaxu Tanks"),
        ("battle-other-factions-leader", "gf9.battle.leader-own", "a leader of"),
        ("battle-kh-six-losses", "gf9.battle.kh-active", "has lost 6 forces in battle"),
        ("battle-kh-alone", "gf9.battle.kh-not-alone", "cannot fight alone"),
        ("battle-kh-not-atreides", "gf9.battle.kh-atreides", "only an Atreides leader"),
        ("battle-where-under-storm", "gf9.battle.storm-covers", "are under the storm"),
        ("battle-where-storm-between", "gf9.battle.storm-separates", "separates"),
        ("battle-polar-sink", "gf9.battle.polar-sink", "never a battle site"),
        ("battle-cheap-hero-required", "gf9.battle.cheap-hero-required", "holds a Cheap Hero: it must play it"),
    ],
)
def test_split_rules_name_what_decided(name: str, rule_id: str, message: str) -> None:
    v = verdict_of(name)
    assert v.verdict == "illegal" and v.forbidding() == [rule_id]
    assert message in v.findings[0].message


def test_a_refusal_names_only_the_side_at_fault() -> None:
    v = verdict_of("battle-leader-required")
    msg = v.findings[0].message
    sides = [s for s in ("Atreides", "Harkonnen") if msg.startswith(s)]
    assert len(sides) == 1 and msg.count("plays no leader") == 1


def test_every_battle_rule_cites_at_most_three_lines() -> None:
    for r in load_all().values():
        if r.on == "battle":
            assert sum(c.last - c.first + 1 for c in r.cites) <= 3, r.id


# -- mentat battle -------------------------------------------------------------------------------


def battle_json(*args: str) -> dict:  # type: ignore[type-arg]
    import json

    got = CliRunner().invoke(app, ["battle", *args, "--json"])
    assert got.exit_code == 0, got.output
    return json.loads(got.stdout)


def test_battle_plans_for_the_aggressor_by_default() -> None:
    out = battle_json("cases/gf9/battle-basic-higher-total.yaml")
    assert [p["faction"] for p in out["plans"]] == ["harkonnen"] == [out["aggressor"]]
    both = battle_json("cases/gf9/battle-basic-higher-total.yaml", "--faction", "both")
    assert [p["faction"] for p in both["plans"]] == ["harkonnen", "atreides"]


def test_battle_cites_the_rules_that_bound_the_plan() -> None:
    out = battle_json("cases/gf9/battle-basic-higher-total.yaml", "--faction", "atreides")
    side = out["plans"][0]
    assert side["strongest"]["total"] == 15
    bound = {b["rule"]: b["cites"] for b in side["bounded_by"]}
    assert "overview.battle.dial" in bound and bound["overview.battle.dial"] == ["overview:L61"]


def test_battle_says_what_can_lose_is_measured_against() -> None:
    side = battle_json("cases/gf9/battle-basic-higher-total.yaml", "--faction", "atreides")["plans"][0]
    fp = side["plan_in_file"]
    assert fp["verdict"] == "legal" and "can_lose" in fp
    assert "every plan Harkonnen could legally make" in fp["measured_against"]


def test_battle_reports_an_illegal_plan_as_illegal() -> None:
    out = battle_json("cases/gf9/battle-leader-required.yaml", "--faction", "both")
    assert out["check"]["verdict"] == "illegal"
    faulty = [p for p in out["plans"] if p["plan_in_file"]["verdict"] == "illegal"]
    assert len(faulty) == 1 and "can_lose" not in faulty[0]["plan_in_file"]
    assert [r["rule"] for r in faulty[0]["plan_in_file"]["forbidden_by"]] == ["gf9.battle.leader-required"]


def test_opponent_plans_use_only_cards_it_can_hold() -> None:
    p = pos("{leader: Feyd-Rautha, dial: 5}", "{leader: Thufir Hawat, dial: 0}")
    p.factions["harkonnen"].hand = ["Lasgun", "Baliset"]
    beaten = can_lose(p, "atreides")
    assert beaten is not None and {beaten.get("weapon"), beaten.get("defense")} <= {"Lasgun", "Baliset", None}
    # Atreides' hand unknown, Harkonnen's listed with the only Lasgun: an Atreides plan never holds it
    q = pos("{leader: Feyd-Rautha, dial: 5, defense: Shield}", "{leader: Thufir Hawat, dial: 0}")
    q.factions["harkonnen"].hand = ["Lasgun", "Shield"]
    from checker.arrakis.kinds.battle_planner import holdable_cards

    cards, how = holdable_cards(q, "atreides")
    assert "Lasgun" not in cards and cards.count("Shield") == 3 and "not known to be elsewhere" in how


def test_battle_names_cards_as_the_components_file_does() -> None:
    p = pos("{leader: Feyd-Rautha, dial: 5}", "{leader: Thufir Hawat, dial: 0}")
    p.factions["harkonnen"].hand = ["Crysknife", "Snooper"]
    beaten = can_lose(p, "atreides")
    assert beaten is not None
    for slot in ("weapon", "defense"):
        assert beaten.get(slot) in (None, "Crysknife", "Snooper")


def test_battle_sardaukar_plan_is_unresolved() -> None:
    side = battle_json("cases/gf9/battle-adv-sardaukar-double.yaml")["plans"][0]
    assert side["strongest"] is None and side["unresolved"][0]["rule"] == "gf9.battle.sardaukar-value"
    assert side["plan_in_file"]["verdict"] == "unresolved"


def test_battle_input_error_is_one_json_object() -> None:
    import json

    got = CliRunner().invoke(app, ["battle", "cases/gf9/battle-leader-required.yaml", "--faction", "fremen", "--json"])
    assert got.exit_code == 2
    assert "error" in json.loads(got.stdout)


def test_a_plan_card_from_an_unlisted_hand_is_a_note() -> None:
    """A hand given as a count (or not at all) cannot show the card: the verdict says it took the card as held."""
    text = BASE.format(
        h="{leader: Feyd-Rautha, dial: 1, weapon: Crysknife}", a="{leader: Thufir Hawat, dial: 2}", advanced="false"
    ).replace("harkonnen: {spice: 10}", "harkonnen: {spice: 10, hand: 2}")
    v = check_text(text)
    assert v.verdict == "legal"
    assert "Harkonnen's hand is given as a count (2): Crysknife taken to be in it" in " ".join(v.notes)
    listed = text.replace("hand: 2}", "hand: [Crysknife]}")
    assert not any("hand" in n for n in check_text(listed).notes)


def test_prescience_only_from_the_atreides() -> None:
    """gf9:261: a Prescience answer in a battle without the Atreides is a plan the rules refuse, not bad input."""
    text = BASE.replace("atreides", "emperor").format(
        h="{leader: Feyd-Rautha, dial: 1, prescience: {element: dial, answer: 1}}",
        a="{leader: Bashar, dial: 2}",
        advanced="false",
    )
    v = check_text(text)
    assert v.verdict == "illegal" and v.minimal_reason == ["gf9.battle.prescience-by-atreides"]
    f = next(f for f in v.findings if f.rule.id == "gf9.battle.prescience-by-atreides")
    assert "fights Emperor, not the Atreides" in f.message


def test_prescience_finding_names_what_the_plan_has() -> None:
    """gf9:261: the finding names the answer given and what the plan holds instead."""
    text = BASE.format(
        h="{leader: Feyd-Rautha, dial: 1, prescience: {element: dial, answer: 3}}",
        a="{leader: Duncan Idaho, dial: 2}",
        advanced="false",
    )
    v = check_text(text)
    f = next(f for f in v.findings if f.rule.id == "gf9.battle.prescience")
    assert f.effect == "forbids" and "dial 3 but its plan has dial 1" in f.message


def _kh_position(ruleset: str, advanced: bool) -> dict:  # type: ignore[type-arg]
    data = parse_yaml((CASES / "battle-kh-basic-seven-losses.yaml").read_text())
    data.pop("expect")
    data["ruleset"], data["advanced"] = ruleset, advanced
    return data


def test_the_basic_kwisatz_haderach_is_open_where_the_text_contradicts_itself() -> None:
    """gf9:41 puts the token among what the Advanced Game adds; gf9:345-351 list it as a Basic advantage."""
    v = evaluate(load_position(_kh_position("gf9", False)))
    assert v.verdict == "unresolved" and v.outcome == {}
    gap = next(f for f in v.findings if f.rule.id == "gf9.battle.kh-basic")
    assert "Atreides plays the Kwisatz Haderach with Duncan Idaho in the Basic game" in gap.message
    assert [(c.doc, c.first) for c in gap.sources] == [("gf9", 41), ("gf9", 345), ("gf9", 347)]
    under = evaluate(load_position(_kh_position("overview", False)))  # overview:18 says gf9:41 again
    gap = next(f for f in under.findings if f.rule.id == "gf9.battle.kh-basic")
    assert under.verdict == "unresolved" and ("overview", 18) == (gap.sources[0].doc, gap.sources[0].first)


def test_the_kwisatz_haderach_decides_where_the_game_is_advanced() -> None:
    data = _kh_position("gf9", True)
    data["move"]["plans"]["atreides"]["spice"] = 3  # dial 3: three supported forces (gf9:297)
    for ruleset in ("gf9", "dreamrules"):  # dreamrules is always the Advanced game (dreamrules:17)
        data["ruleset"] = ruleset
        v = evaluate(load_position(data))
        assert v.verdict == "legal" and v.outcome["winner"] == "atreides", ruleset
        assert "gf9.battle.kh-basic" not in {f.rule.id for f in v.findings}
    basic = _kh_position("dreamrules", False)  # `advanced: false` is read as true there
    assert evaluate(load_position(basic)).verdict != "unresolved"


# -- a Karama played in the battle (move.karama; gf9:463-483) ------------------------------------------

KARAMA_BASE = """
ruleset: gf9
advanced: {advanced}
factions:
  atreides: {{spice: 10, hand: [Karama, Karama], forces_lost_in_battle: 9}}
  fremen: {{spice: 3, hand: [Karama, Crysknife]}}
  bene-gesserit: {{hand: [Baliset, Karama]}}
  harkonnen: {{traitors: [Stilgar], hand: [Karama]}}
alliances: {alliances}
forces:
  - {{faction: atreides, territory: The Great Flat, count: 6}}
  - {{faction: fremen, territory: The Great Flat, count: 3, special: 2}}
spice: []
move:
  action: battle
  territory: The Great Flat
  aggressor: atreides
  karama: {karama}
  plans:
    atreides: {a}
    fremen: {f}
"""
KARAMA_NAMES = [
    "fedaykin",
    "no-spice-battle",
    "kwisatz-haderach",
    "prescience",
    "voice",
    "ally-traitor",
    "traitor",
    "worthless-as-karama",
    "sardaukar",
    "Lasgun",
    "prediction",
    "hand-limit",
    "out-of-order",
]
# the open questions a random Karama battle may meet (each with its own case)
KARAMA_OPEN = (
    "gf9.battle.karama-traitor",
    "gf9.battle.karama-fedaykin-support",
    "gf9.battle.kh-basic",
    "gf9.battle.captured-leader",
    "gf9.battle.karama-kh-basic",
)


@pytest.mark.parametrize("seed", range(40))
def test_random_karama_battles_agree(seed: int) -> None:
    """Random Karama cards in a battle: every rule's check and z3 form agree (MENTAT_VERIFY), the verdict is one
    of the four, and an unresolved one names an open question of the Karama chapter."""
    rng = random.Random(seed)
    advanced = rng.random() < 0.8
    entries = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        who = rng.choice(["atreides", "fremen", "bene-gesserit", "harkonnen"])
        card = "Baliset" if who == "bene-gesserit" and rng.random() < 0.6 else "Karama"
        entries.append(f"{{faction: {who}, cancels: {rng.choice(KARAMA_NAMES)}, card: {card}}}")
    a = [f"leader: {rng.choice(['Duncan Idaho', 'Thufir Hawat'])}", f"dial: {rng.randint(0, 6)}"]
    a.append(f"spice: {rng.randint(0, 6) if advanced else 0}")
    if rng.random() < 0.3:
        a.append("kwisatz_haderach: true")
    f = ["leader: Stilgar", f"dial: {rng.randint(0, 14) / 2}"]
    if rng.random() < 0.3:
        f.append("prescience: {element: weapon, answer: none}")
    if rng.random() < 0.3:
        f.append("weapon: Crysknife")
    if rng.random() < 0.3:
        a.append("traitor: true")
    allied = rng.choice(["[]", "[[atreides, harkonnen]]", "[[fremen, bene-gesserit]]"])
    text = KARAMA_BASE.format(
        advanced=str(advanced).lower(),
        alliances=allied,
        karama="[" + ", ".join(entries) + "]",
        a="{" + ", ".join(a) + "}",
        f="{" + ", ".join(f) + "}",
    )
    v = check_text(text)
    assert v.verdict in ("legal", "illegal", "unresolved"), text
    if v.verdict == "unresolved":
        assert any(rule in v.reason for rule in KARAMA_OPEN), (v.reason, text)
    if v.verdict == "illegal":
        assert v.minimal_reason
    if v.verdict == "legal":
        assert v.outcome["karama_discarded"] == [e.split("card: ")[1].rstrip("}") for e in entries]


def test_a_karama_finding_names_who_played_what_against_whom() -> None:
    v = verdict_of("battle-karama-fedaykin-ordinary")
    f = next(f for f in v.findings if f.rule.id == "gf9.battle.karama-advantage")
    assert "Atreides plays Karama against Fremen's Fedaykin" in f.message
    f = next(f for f in v.findings if f.rule.id == "gf9.battle.karama-fedaykin")
    assert "Fremen's 2 Fedaykin ordinary" in f.message and "without spice" in f.message
    v = verdict_of("battle-karama-voice")
    f = next(f for f in v.findings if f.rule.id == "gf9.battle.karama-advantage")
    assert "The Voice given to Harkonnen (not play lasgun) binds no plan" in f.message
    assert "gf9.battle.voice" not in [f.rule.id for f in v.findings]


def test_a_karama_key_elsewhere_is_an_input_error() -> None:
    """move.karama is gf9's: under Dreamrules (factions.F.suppressed) or Conquest it is refused, never ignored."""
    for ruleset in ("dreamrules", "conquest"):
        text = BASE.format(h="{leader: Feyd-Rautha, dial: 1}", a="{leader: Duncan Idaho, dial: 1}", advanced="true")
        text = text.replace("ruleset: gf9", f"ruleset: {ruleset}").replace(
            "  aggressor: harkonnen", "  aggressor: harkonnen\n  karama: [{faction: atreides, cancels: voice}]"
        )
        with pytest.raises(InputError) as err:
            load_position(parse_yaml(text))
        assert err.value.key == "move.karama" and "gf9" in err.value.expected


def test_a_side_with_no_leader_is_not_named_as_one() -> None:
    """Atreides plays no leader: the leader checks name Harkonnen's leader alone; a name ending in s takes 's'."""
    from checker.api import check_text

    v = check_text("""
ruleset: gf9
turn: 4
phase: battle
storm: 2
factions:
  atreides:
    spice: 10
    hand: [Crysknife]
    leaders_in_tanks: [Thufir Hawat, Lady Jessica, Gurney Halleck, Duncan Idaho, Dr. Wellington Yueh]
  harkonnen: {spice: 10}
forces:
  - {faction: atreides, territory: The Great Flat, count: 5}
  - {faction: harkonnen, territory: The Great Flat, count: 5}
move:
  action: battle
  territory: The Great Flat
  aggressor: harkonnen
  plans:
    atreides: {dial: 5}
    harkonnen: {leader: Umman Kudu, dial: 3}
""")
    said = {f.rule.id: f.message for f in v.findings}
    assert said["gf9.battle.leader-in-tanks"] == "Umman Kudu is not in the Tanks."
    assert said["gf9.battle.leader-used-elsewhere"] == "Umman Kudu fought in no other territory this phase."
    assert said["gf9.battle.storm-separates"].startswith("Harkonnen's and Atreides' forces in The Great Flat")
