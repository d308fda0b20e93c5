"""Conquest battles (conquest:31-41, 47-49, 53, 59-61): plans, resolution, the names of cards, generated agreement."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from campaigns import examples

import checker.engine
from checker.arrakis.kinds import load_kind
from checker.arrakis.kinds.conquest_battle import ConquestBattleFacts, card_type, conquest_battle_facts
from checker.arrakis.position import load_position
from checker.engine import decide, evaluate
from checker.errors import InputError
from checker.rules import REGISTRY, load_all, ruleset_rules

A, H, IMP = "atreides", "harkonnen", "imperium"


def base(h_plan: dict[str, Any], a_plan: dict[str, Any], aggressor: str = H, **factions: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {
        "ruleset": "conquest",
        "phase": "battle",
        "board": {"Arrakeen": {"kind": "stronghold", "sectors": [9], "adjacent": []}},
        "factions": {
            A: {"spice": 5, "leaders": {"Duncan": 4, "Gurney": 3}},
            H: {"spice": 5, "leaders": {"Feyd": 5, "Rabban": 2}},
        },
        "forces": [
            {"faction": A, "territory": "Arrakeen", "count": 6},
            {"faction": H, "territory": "Arrakeen", "count": 4},
        ],
        "move": {"action": "battle", "territory": "Arrakeen", "aggressor": aggressor, "plans": {H: h_plan, A: a_plan}},
    }
    for f, extra in factions.items():
        pos["factions"][f].update(extra)
    return pos


def check(data: dict[str, Any]) -> checker.engine.Verdict:
    return evaluate(load_position(data))


@pytest.fixture(autouse=True)
def verify_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checker.engine, "VERIFY_EVERY_RULE", True)


# -- resolution: the numbers a player checks ----------------------------------------------


def test_the_tie_goes_to_whoever_holds_battle_advantage() -> None:
    plans = ({"leader": "Feyd", "dial": 3}, {"leader": "Duncan", "dial": 4})  # 8 against 8
    as_harkonnen = check(base(*plans, aggressor=H))
    as_atreides = check(base(*plans, aggressor=A))
    assert as_harkonnen.outcome["winner"] == H
    assert as_atreides.outcome["winner"] == A
    assert as_atreides.outcome["losses"] == {A: 4, H: 4}  # the winner its dial, the loser all it has there
    winner = next(f for f in as_atreides.findings if f.rule.id == "conquest.battle.winner")
    assert [(c.doc, c.first) for c in winner.rule.cites] == [("conquest", 37), ("conquest", 61)]
    assert "a tie" in winner.message


def test_a_weapon_without_a_matching_defense_kills_and_pays_the_winner() -> None:
    v = check(base({"leader": "Feyd", "dial": 1, "weapon": "poison weapon"}, {"leader": "Duncan", "dial": 5}))
    assert v.verdict == "legal"
    # Feyd 5 + 1 against 5 + Duncan killed: Harkonnen wins, loses its dial of 1, gains Duncan's 4
    assert v.outcome == {
        "winner": H,
        "leaders_killed": ["Duncan"],
        "losses": {H: 1, A: 6},
        "spice_gained": {H: 4},
        "cards_discarded": [],
    }


def test_a_matching_defense_saves_the_leader_and_the_loser_loses_its_cards() -> None:
    v = check(
        base(
            {"leader": "Feyd", "dial": 3, "weapon": "poison weapon"},
            {"leader": "Duncan", "dial": 5, "defense": "poison"},
        )
    )
    assert v.outcome["winner"] == A  # 9 against 8
    assert v.outcome["leaders_killed"] == []
    assert v.outcome["cards_discarded"] == ["poison weapon"]  # the winner keeps its defense (conquest:49)


def test_the_winner_gains_its_own_killed_leader_too() -> None:
    v = check(
        base({"leader": "Feyd", "dial": 3, "weapon": "poison"}, {"leader": "Duncan", "dial": 4, "weapon": "lasgun"})
    )
    assert v.outcome["leaders_killed"] == ["Feyd", "Duncan"]
    assert v.outcome["winner"] == A  # dials alone: 4 against 3
    assert v.outcome["spice_gained"] == {A: 9}  # "every leader killed in the battle"


def test_double_traitor_neither_wins() -> None:
    v = check(
        base(
            {"leader": "Feyd", "dial": 3, "traitor": True},
            {"leader": "Duncan", "dial": 5, "traitor": True, "defense": "poison defense"},
            harkonnen={"traitors": ["Duncan"]},
            atreides={"traitors": ["Feyd"]},
        )
    )
    assert v.verdict == "legal"
    assert v.outcome["winner"] == "none"
    assert v.outcome["losses"] == {H: 4, A: 6}
    assert v.outcome["spice_gained"] == {}
    assert v.outcome["cards_discarded"] == ["poison defense"]


def test_one_traitor_decides_winner_and_losses_but_the_traitors_fate_stays_open() -> None:
    v = check(
        base(
            {"leader": "Feyd", "dial": 3, "traitor": True},
            {"leader": "Duncan", "dial": 6},
            harkonnen={"traitors": ["Duncan"]},
        )
    )
    assert v.verdict == "legal" and v.outcome["winner"] == H and v.outcome["losses"] == {A: 6}
    for value in ("leaders_killed", "spice_gained"):  # conquest:41 leaves only the traitor leader's fate open
        assert "conquest.battle.traitor-leader" in v.unknown[value] and value not in v.outcome
    said = next(f.message for f in v.findings if f.rule.id == "conquest.battle.traitor")
    assert "Harkonnen wins, loses nothing" in said and "loses its 6 forces" in said


# -- plans ------------------------------------------------------------------------------------


def test_dial_limit_is_the_forces_in_the_territory() -> None:
    assert check(base({"leader": "Feyd", "dial": 4}, {"leader": "Duncan", "dial": 6})).verdict == "legal"
    v = check(base({"leader": "Feyd", "dial": 5}, {"leader": "Duncan", "dial": 6}))
    assert v.forbidding() == ["conquest.battle.dial"]
    assert "dials 5 with 4 forces" in v.findings[0].message


def test_leaders_unknown_is_unresolved_naming_the_key() -> None:
    data = base({"dial": 3}, {"leader": "Duncan", "dial": 2})
    del data["factions"][H]["leaders"]
    v = check(data)
    assert v.verdict == "unresolved"
    assert "factions.harkonnen.leaders" in v.missing


def test_a_defense_named_otherwise_leaves_the_match_to_the_position() -> None:
    v = check(
        base(
            {"leader": "Feyd", "dial": 3, "weapon": "projectile weapon"},
            {"leader": "Duncan", "dial": 2, "defense": "Shield"},
        )
    )
    assert v.verdict == "unresolved"
    assert set(v.missing) == {"move.plans.atreides.defense"}
    typed = check(
        base(
            {"leader": "Feyd", "dial": 3, "weapon": "projectile weapon"},
            {"leader": "Duncan", "dial": 2, "defense": "poison defense"},
        )
    )
    assert typed.outcome["leaders_killed"] == ["Duncan"]  # each names its type, and they differ


def test_card_types() -> None:
    assert card_type("Poison Weapon", "weapon") == ("poison", True)
    assert card_type("poison", "defense") == ("poison", True)
    assert card_type("Shield", "defense") == ("shield", False)
    assert card_type("projectile defense", "weapon") == ("projectile defense", False)


def test_voice_forces_a_weapon_type() -> None:
    data = base(
        {},
        {"leader": "Duncan", "dial": 2, "voice": {"play": "poison"}},
        aggressor=IMP,
        atreides={"hand": ["poison weapon"]},
    )
    data["factions"][IMP] = data["factions"].pop(H) | {"leaders": {"Hasimir": 5}}
    data["forces"][1]["faction"] = IMP
    data["move"]["plans"] = {IMP: {"leader": "Hasimir", "dial": 2}, A: data["move"]["plans"][A]}
    assert check(data).forbidding() == ["conquest.battle.voice"]
    data["move"]["plans"][A]["weapon"] = "poison weapon"
    obeyed = check(data)
    assert obeyed.verdict == "legal" and obeyed.outcome["leaders_killed"] == ["Hasimir"]
    data["factions"][A]["hand"] = 3  # a count: whether it could obey is unknown
    del data["move"]["plans"][A]["weapon"]
    unknown = check(data)
    assert unknown.verdict == "unresolved" and "factions.atreides.hand" in unknown.missing


@pytest.mark.parametrize(
    ("plan", "key"),
    [
        ({"leader": "Duncan", "dial": 2, "kwisatz_haderach": True}, "move.plans.atreides.kwisatz_haderach"),
        ({"leader": "Duncan", "dial": 2, "spice": 2}, "move.plans.atreides.spice"),
        ({"leader": "Duncan", "dial": 2, "voice": {"play": "poison defense"}}, "move.plans.atreides.voice"),
    ],
)
def test_what_a_conquest_plan_cannot_hold(plan: dict[str, Any], key: str) -> None:
    with pytest.raises(InputError) as err:
        check(base({"leader": "Feyd", "dial": 3}, plan))
    assert err.value.key == key


def test_decide_on_facts_built_by_hand() -> None:
    """The rules work on a facts record alone (no position): the engine's core, as the conflict finder uses it."""
    kind = load_kind("conquest-battle")
    rules = [r for r in ruleset_rules("conquest", on=kind.name).values() if r.on == kind.name]
    facts = ConquestBattleFacts(
        faction=H, territory="Arrakeen", a_name=H, d_name=A, A="Harkonnen", D="Atreides",
        a_leader_name="Feyd", d_leader_name="Duncan", a_cards=[], d_cards=[],
        a_forces=4, d_forces=6, a_leader=True, d_leader=True, a_strength=5, d_strength=4,
        a_leaders_available=2, d_leaders_available=2, a_dial_h=4, d_dial_h=6,
    )  # fmt: skip
    v = decide("conquest", kind, rules, facts)
    assert v.outcome["winner"] == H and v.outcome["losses"] == {H: 2, A: 6}  # 7 against 7: the aggressor's tie


def test_conflicts_recorded_against_gf9() -> None:
    load_all()
    recorded = {r.id: r for r in REGISTRY.values() if r.id.startswith("conquest.battle.") and r.differs}
    assert set(recorded) == {"conquest.battle.leader-required", "conquest.battle.cards-need-leader"}
    for r in REGISTRY.values():
        if r.id.startswith("conquest.battle."):
            assert all(other in REGISTRY for other in r.counterparts), r.id


def test_a_cheap_hero_is_no_leader_in_conquest_but_is_in_gf9() -> None:
    """The recorded conflict, shown: the same plans, two verdicts."""
    h_plan = {"cheap_hero": True, "dial": 3}
    a_plan = {"leader": "Duncan", "dial": 2}
    assert check(base(h_plan, a_plan)).forbidding() == ["conquest.battle.leader-required"]
    gf9 = {
        "ruleset": "gf9",
        "phase": "battle",
        "factions": {A: {"spice": 5}, H: {"spice": 5, "hand": ["Cheap Hero"]}},
        "forces": [{"faction": A, "territory": "Arrakeen", "count": 6},
                   {"faction": H, "territory": "Arrakeen", "count": 4}],
        "move": {"action": "battle", "territory": "Arrakeen", "aggressor": H,
                 "plans": {H: h_plan, A: {"leader": "Duncan Idaho", "dial": 2}}},
    }  # fmt: skip
    assert "gf9.battle.leader-required" not in check(gf9).forbidding()


# -- generated positions: never raising, checks and forms agreeing (VERIFY on) ------------------

WEAPONS = [None, "poison weapon", "projectile weapon", "poison", "lasgun", "Crysknife"]
DEFENSES = [None, "poison defense", "projectile defense", "poison", "Shield"]
GENERATED = examples(400)


def _plan(rng: random.Random, forces: int, leaders: list[str]) -> dict[str, Any]:
    """Mostly a legal plan: a dial within the forces there, a leader; sometimes not."""
    plan: dict[str, Any] = {"dial": rng.randint(0, forces) if rng.random() < 0.9 else rng.randint(0, 8)}
    if rng.random() < 0.9:
        plan["leader"] = rng.choice(leaders)
    if rng.random() < 0.4:
        plan["weapon"] = rng.choice(WEAPONS[1:])
    if rng.random() < 0.4:
        plan["defense"] = rng.choice(DEFENSES[1:])
    return plan


def generated(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    foe = rng.choice([H, IMP, "fremen"])
    leaders = {A: {"Duncan": 4, "Gurney": 3}, foe: {"Feyd": 5, "Rabban": 2}}
    data = base({}, {})
    data["factions"] = {A: {"spice": 5, "leaders": leaders[A]}, foe: {"spice": 5, "leaders": leaders[foe]}}
    forces = {A: rng.randint(0 if rng.random() < 0.05 else 1, 6), foe: rng.randint(1, 6)}
    data["forces"] = [{"faction": f, "territory": "Arrakeen", "count": n} for f, n in forces.items()]
    plans = {f: _plan(rng, forces[f], sorted(leaders[f])) for f in (A, foe)}
    for f, other in ((A, foe), (foe, A)):
        st = data["factions"][f]
        if rng.random() < 0.15:
            st["leaders_in_tanks"] = rng.sample(sorted(leaders[f]), rng.randint(1, 2))
        if rng.random() < 0.25:  # a traitor card, mostly the opposing leader's, mostly called
            played = plans[other].get("leader")
            st["traitors"] = [played if played and rng.random() < 0.7 else rng.choice(sorted(leaders[other]))]
            plans[f]["traitor"] = rng.random() < 0.8
        elif rng.random() < 0.03:
            plans[f]["traitor"] = True
        if rng.random() < 0.3:
            st["hand"] = rng.choice([rng.randint(0, 3), rng.sample(WEAPONS[1:] + DEFENSES[1:], 3)])
    if rng.random() < 0.15:  # the part the Atreides saw: mostly of the opponent's plan, mostly kept
        seen = foe if rng.random() < 0.8 else A
        shown = plans[seen]["dial"] if rng.random() < 0.8 else rng.randint(0, 6)
        plans[seen]["prescience"] = {"element": "dial", "answer": shown}
    if rng.random() < 0.2:
        plans[A]["voice"] = {rng.choice(["play", "not_play"]): rng.choice(["poison", "projectile weapon", "lasgun"])}
    data["move"] = {"action": "battle", "territory": "Arrakeen", "aggressor": rng.choice([A, foe]), "plans": plans}
    return data


@pytest.mark.parametrize("cheap_hero", [False, True])
def test_a_side_whose_every_leader_was_killed_cannot_play_one(cheap_hero: bool) -> None:
    """conquest:33 "You must play a leader if you can"; conquest:37 kills leaders and no line brings one back: with
    Feyd and Rabban killed, Harkonnen's plan without a leader is legal (with a Cheap Hero, that card stays open)."""
    plan: dict[str, Any] = {"dial": 4, **({"cheap_hero": True} if cheap_hero else {})}
    v = check(base(plan, {"leader": "Duncan", "dial": 2}, harkonnen={"leaders_in_tanks": ["Feyd", "Rabban"]}))
    if cheap_hero:
        assert v.verdict == "unresolved" and v.reason.startswith("conquest.battle.cheap-hero")
        return
    assert v.verdict == "legal" and v.outcome["winner"] == A  # 4 against 2 + Duncan's 4, the tie to Harkonnen lost
    assert v.outcome["losses"] == {H: 4, A: 2}
    said = next(f for f in v.findings if f.rule.id == "conquest.battle.leader-required")
    assert "all its leaders were killed" in said.message
    assert ("conquest", 37) in [(c.doc, c.first) for c in said.cites]


def test_a_killed_leader_does_not_fight_again_and_a_living_one_must() -> None:
    killed = {"leaders_in_tanks": ["Feyd"]}
    feyd = check(base({"leader": "Feyd", "dial": 3}, {"leader": "Duncan", "dial": 2}, harkonnen=killed))
    assert feyd.verdict == "illegal" and feyd.forbidding() == ["conquest.battle.killed-leader"]
    rabban = check(base({"leader": "Rabban", "dial": 4}, {"leader": "Duncan", "dial": 2}, harkonnen=killed))
    assert rabban.verdict == "legal" and rabban.outcome["winner"] == H  # 4 + 2 against 2 + 4: the tie to Harkonnen
    nobody = check(base({"dial": 4}, {"leader": "Duncan", "dial": 2}, harkonnen=killed))
    assert nobody.verdict == "illegal" and nobody.forbidding() == ["conquest.battle.leader-required"]


def test_generated_battles_agree_and_never_raise() -> None:
    seen: dict[str, int] = {}
    for seed in range(GENERATED):
        data = generated(seed)
        pos = load_position(copy.deepcopy(data))
        facts = conquest_battle_facts(pos)
        v = evaluate(pos)  # a check/form disagreement raises Disagreement, an internal error
        seen[v.verdict] = seen.get(v.verdict, 0) + 1
        assert v.verdict in ("legal", "illegal", "unresolved"), seed
        if facts.a_leader_dead or facts.d_leader_dead:  # a killed leader never fights again (conquest:37)
            assert v.verdict == "illegal", seed
        if v.verdict != "legal":
            continue
        o = v.outcome
        sides = {"a": facts.a_name, "d": facts.d_name}
        assert o["winner"] in (*sides.values(), "none"), seed
        if o["winner"] != "none" and not (facts.a_traitor or facts.d_traitor):
            w = "a" if o["winner"] == facts.a_name else "d"
            loser = "d" if w == "a" else "a"
            assert o["losses"].get(sides[w], 0) == (facts.side(w, "dial_h") or 0) // 2, seed
            assert o["losses"].get(sides[loser], 0) == facts.side(loser, "forces"), seed
            killed = [facts.side(x, "strength") for x in "ad" if facts.side(x, "leader_name") in o["leaders_killed"]]
            assert o["spice_gained"].get(sides[w], 0) == sum(killed), seed
        if facts.a_traitor and facts.d_traitor:  # conquest:41: both lose forces, cards and leaders; neither wins
            assert o["winner"] == "none" and o["spice_gained"] == {}, seed
            assert o["losses"] == {sides[x]: facts.side(x, "forces") for x in "ad" if facts.side(x, "forces")}, seed
    assert sum(seen.values()) == GENERATED >= 200  # the quick profile's floor per kind
    assert all(seen.get(k, 0) > 10 for k in ("legal", "illegal", "unresolved")), seen


def test_mentat_battle_refuses_a_conquest_battle_naming_the_rulesets_it_plans(cli) -> None:  # type: ignore[no-untyped-def]
    """The planner knows GF9's cards and strengths: on a Conquest battle it once proposed GF9 cards and 'no leader'."""
    case = Path(__file__).resolve().parent.parent / "cases/conquest/battle-card-held.yaml"
    run = cli("battle", case, "--json")
    assert run.code == 2 and not run.traceback
    assert run.json()["error"]["key"] == "ruleset" and "gf9" in run.json()["error"]["suggestions"]
