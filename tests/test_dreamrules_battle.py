"""Dreamrules battles: the numbers a player reads (winner, losses, spice), the lines they cite, what the book leaves
open, and generated battles whose every rule's check and z3 form must agree."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

import checker.engine as engine
from checker.api import check_text
from checker.arrakis.position import components, read_position
from checker.engine import Verdict, evaluate
from checker.rules import REGISTRY, load_all, ruleset_rules
from checker.yamlio import parse_yaml

CASES = Path("cases/dreamrules")


def verdict_of(name: str, ruleset: str | None = None) -> Verdict:
    return evaluate(read_position(CASES / f"{name}.yaml"), ruleset)


def cited(v: Verdict) -> set[str]:
    return {f"{s.doc}:{n}" for f in v.findings for s in f.rule.cites for n in range(s.first, s.last + 1)}


def quoted(v: Verdict) -> set[str]:
    """The lines the findings quote under the verdict's ruleset (its own restatements first)."""
    return {f"{s.doc}:{n}" for f in v.findings for s in f.cites for n in range(s.first, s.last + 1)}


# -- the numbers -----------------------------------------------------------------------------


def test_a_defender_alone_with_mercenaries_wins_the_tie() -> None:
    v = verdict_of("battle-merc-tie-defender")
    assert v.verdict == "legal"
    assert v.outcome["winner"] == "atreides"
    assert v.outcome["losses"] == {"emperor": 5, "atreides": 2}
    assert v.outcome["spice_paid"] == {"emperor": 3, "atreides": 2}
    assert "dreamrules:496" in cited(v)
    said = next(f.message for f in v.findings if f.rule.id == "dreamrules.battle.winner")
    assert "Atreides' Mercenaries win" in said


def test_gf9_refuses_the_same_plan_for_its_mercenaries() -> None:
    v = verdict_of("battle-merc-tie-defender", "gf9")
    assert v.verdict == "illegal" and v.forbidding() == ["gf9.battle.own-forces"]


def test_both_mercenaries_tied_go_to_the_aggressor_who_keeps_its_card() -> None:
    v = verdict_of("battle-merc-both-tie")
    assert v.outcome["winner"] == "emperor"
    assert v.outcome["cards_discarded"] == ["Mercenaries"]  # only the loser's


def test_mercenaries_add_one_strength() -> None:
    v = verdict_of("battle-merc-adds-one")
    assert v.outcome["winner"] == "emperor"  # 3 + 2 + 1 against 1 + 4
    assert v.outcome["losses"] == {"emperor": 4, "atreides": 10}  # 3 dialed with 2 spice: 2 supported, 2 half


def test_the_winner_collects_only_the_opposing_leader() -> None:
    v = verdict_of("battle-reward-opposing-only")
    assert v.outcome["leaders_killed"] == ["Caid", "Gurney Halleck"]
    assert v.outcome["spice_gained"] == {"emperor": 4}  # Gurney Halleck's 4; Caid's 3 earns nothing
    g = verdict_of("battle-reward-opposing-only", "gf9")
    assert g.outcome["spice_gained"] == {"emperor": 7}  # the same battle under gf9: both leaders


def test_storm_over_both_sides_still_lets_them_fight() -> None:
    v = verdict_of("battle-storm-same-sector")
    assert v.verdict == "legal" and v.outcome["winner"] == "harkonnen"
    assert "dreamrules:224" in cited(v)
    g = verdict_of("battle-storm-same-sector", "gf9")
    assert g.verdict == "illegal" and "gf9.battle.storm-covers" in g.forbidding()


def test_storm_between_the_sides_separates_them() -> None:
    v = verdict_of("battle-storm-separated")
    assert v.verdict == "illegal" and v.forbidding() == ["dreamrules.battle.storm-separates"]
    assert "sector 5" in v.findings[0].message


def test_sardaukar_double_and_normal_against_fremen() -> None:
    v = verdict_of("battle-sardaukar-double")
    assert v.verdict == "legal" and v.outcome["winner"] == "emperor"
    assert verdict_of("battle-sardaukar-double", "gf9").verdict == "unresolved"  # gf9 states no value
    assert verdict_of("battle-sardaukar-vs-fremen").verdict == "legal"
    bad = verdict_of("battle-sardaukar-vs-fremen-double")
    assert bad.forbidding() == ["dreamrules.battle.sardaukar-vs-fremen"]
    assert "against Fremen a Sardaukar counts as a normal troop" in bad.findings[0].message


def test_supplies_cache_returns_and_mercenaries_are_discarded() -> None:
    assert verdict_of("battle-supplies-returned").outcome["cards_discarded"] == ["Snooper"]
    assert verdict_of("battle-merc-loser-discards").outcome["cards_discarded"] == ["Shield", "Mercenaries"]


def test_spite_leaves_the_discards_open_but_not_the_winner() -> None:
    v = verdict_of("battle-spite-pending")
    assert v.verdict == "legal" and v.outcome["winner"] == "harkonnen"
    assert "cards_discarded" not in v.outcome
    assert "#1840" in next(f.message for f in v.findings if f.rule.id == "dreamrules.battle.spite-pending")


@pytest.mark.parametrize(
    ("name", "rule_id", "line"),
    [
        ("battle-retreat-guild", "dreamrules.battle.retreat", "#1839"),
        ("battle-break-conditioning", "dreamrules.battle.break-conditioning", "margin"),
        ("battle-zoal", "dreamrules.battle.zoal", "Infiltration"),
        ("battle-ixians", "dreamrules.battle.ixians", "Suboids"),
        ("battle-ghola-leader", "dreamrules.battle.ghola-leader", "contradicts"),
        ("battle-storm-sector-contact", "dreamrules.battle.storm-sector-contact", "separates"),
        ("battle-weirding-chemistry-both", "dreamrules.battle.weirding-chemistry", "each the other's other card"),
        ("battle-weirding-way-worthless", "dreamrules.battle.weirding-chemistry", "Baliset"),
        ("battle-free-dialing-stopped-fedaykin", "dreamrules.battle.sardaukar-support", "Fedaykin"),
    ],
)
def test_what_the_book_leaves_open_is_unresolved(name: str, rule_id: str, line: str) -> None:
    v = verdict_of(name)
    assert v.verdict == "unresolved" and rule_id in v.reason and line in v.reason
    assert not v.outcome


def test_retreat_is_provisionally_barred_after_a_traitor() -> None:
    assert "provisionally" in REGISTRY["dreamrules.battle.retreat"].reason


def test_only_the_guild_retreats() -> None:
    v = verdict_of("battle-retreat-not-guild")
    assert v.forbidding() == ["dreamrules.battle.retreat-guild"]
    assert v.findings[0].message == "Atreides retreats from Arrakeen: Retreat is the Guild's advantage."


def test_layer_replaces_what_dreamrules_changes() -> None:
    load_all()
    rules = ruleset_rules("dreamrules", on="battle")
    for old in (
        "gf9.battle.storm-covers",
        "gf9.battle.winner",
        "gf9.battle.own-forces",
        "gf9.battle.sardaukar-value",
        "gf9.battle.spice-gained",
    ):
        assert old not in rules and old in ruleset_rules("gf9", on="battle"), old
    assert "gf9.battle.leaders-killed" in rules  # kept: dreamrules:704 says what gf9 says
    differs = {r.id for r in rules.values() if r.differs and r.layer == "dreamrules" and r.on == "battle"}
    assert differs == {
        "dreamrules.battle.under-storm",
        "dreamrules.battle.mercenaries-one",
        "dreamrules.battle.sardaukar-double",
        "dreamrules.battle.spice-gained",
        "dreamrules.battle.voice-cheap-hero",  # what gf9:365 lets the Voice name, dreamrules:1152 does not
    }


# -- generated battles: every applicable rule's check is cross-checked with its z3 form -------------

LEADERS = {f: list(ls) for f, ls in components()["leaders"].items()}
# The book prints no leaders for Bene Tleilax and the Ixians: the position names them (``leaders``), Zoal among
# Bene Tleilax's (its strength unprinted, dreamrules:954: a battle turning on it is unresolved).
LEADERS["bene-tleilax"] = ["Zoal", "Tleilaxu Master"]
LEADERS["ixians"] = ["Ixian Leader", "Ixian Engineer"]
WEAPONS = [
    None,
    "Crysknife",
    "Chaumas",
    "Lasgun",
    "Supplies projectile weapon",
    "Baliset",
    "Orange Catholic Bible",
    "Weirding Way",
    "Chemistry",
]
DEFENSES = [
    None,
    None,
    "Shield",
    "Snooper",
    "Supplies Shield",
    "Supplies Snooper",
    "Baliset",
    "Weirding Way",
    "Chemistry",
]
# what Karama may have stopped for the phase, each faction's battle advantages (dreamrules:818-954)
STOPPABLE = {
    "atreides": ["Kwisatz Haderach", "Battle Prescience", "Leto's Tithe"],
    "emperor": ["Sardaukar"],
    "fremen": ["Fedaykin", "Free Spice Dialing", "Fanatical Tactics"],
    "harkonnen": ["Vladimir's Spite", "Captured Leaders"],
    "bene-gesserit": ["The Voice"],
    "spacing-guild": ["Retreat"],
    "bene-tleilax": ["Zoal"],
    "ixians": ["Augmented Troops"],
}
VOICED = ["projectile weapon", "poison defense", "Shield", "worthless card", "Mercenaries", "Weirding Way", "Chemistry"]
PAIRS = [
    ("atreides", "harkonnen"),
    ("emperor", "atreides"),
    ("fremen", "emperor"),
    ("harkonnen", "fremen"),
    ("spacing-guild", "bene-gesserit"),
    ("emperor", "harkonnen"),
]
# Bene Tleilax (Zoal, dreamrules:512, 1200-1204) and the Ixians (Cyborgs, Suboids, patched Cyborgs,
# dreamrules:502, 1220-1224), drawn when a battle is to have them
NEW_PAIRS = [
    ("bene-tleilax", "atreides"),
    ("bene-tleilax", "harkonnen"),
    ("ixians", "harkonnen"),
    ("ixians", "emperor"),
    ("ixians", "bene-tleilax"),
    ("fremen", "bene-tleilax"),
]


def _ixian_plan(rng: random.Random, group: dict[str, Any], held: int) -> dict[str, Any]:
    """Cyborgs (double strength: one unsupported) and Suboids (always half, never spice dialed); one time in
    five a Cyborg supported (its price is printed nowhere: unresolved) or Suboids spice dialed (illegal)."""
    suboids, cyborgs = group["count"], group.get("special", 0)
    sub, cyb = rng.randint(0, suboids), rng.randint(0, cyborgs)
    plan: dict[str, Any] = {"dial": sub / 2 + cyb, "spice": 0}
    if rng.random() < 0.2 and held:
        if cyb and rng.random() < 0.5:  # one Cyborg supported at some price
            plan["dial"], plan["spice"] = sub / 2 + cyb + 1, 1
        elif sub:  # Suboids dialed at full strength with spice
            plan["dial"], plan["spice"] = float(sub), min(sub, held)
    return plan


def _battle_text(rng: random.Random, new: bool = False) -> tuple[str, dict[str, Any]]:
    """A dreamrules battle, its plans mostly built legal (a dial some committed troops are worth, cards in hand),
    one in four bent somewhere (a dial, a card, a second Mercenaries, Retreat, Break Conditioning, a traitor).
    ``new``: one side is Bene Tleilax or the Ixians, and one battle in three follows a ``last_battle`` (an
    ordinary or traitor result in Carthag where a leader of its winner fought, dreamrules:490, 1284)."""
    agg, dfd = rng.choice(NEW_PAIRS if new else PAIRS)
    if rng.random() < 0.5:
        agg, dfd = dfd, agg
    terr, sectors = rng.choice([("Arrakeen", [9]), ("Pasty Mesa", [4, 5, 6, 7]), ("Sietch Tabr", [13])])
    storm = rng.choice([0, 0, 0, *sectors, 12])
    factions: dict[str, Any] = {}
    forces: list[dict[str, Any]] = []
    plans: dict[str, Any] = {}
    shared = rng.choice(sectors)
    for me in (agg, dfd):
        special = rng.choice([0, 0, 1, 3]) if me in ("emperor", "fremen", "ixians") else 0
        count = rng.randint(0 if special else 1, 6)
        held = rng.choice([0, 3, 10])
        group: dict[str, Any] = {"faction": me, "territory": terr, "count": count}
        if special:
            group["special"] = special
            if me == "ixians" and rng.random() < 0.5:
                group["patched"] = rng.randint(1, special)
        plan: dict[str, Any]
        if me == "ixians":
            plan = _ixian_plan(rng, group, held)
        else:
            plan = {}
            committed = rng.randint(0, count)
            if me == "fremen":
                fed = rng.randint(0, special)
                plan["dial"], plan["spice"] = committed + 2 * fed, 0
            else:
                sup = rng.randint(0, min(committed, held))
                plan["dial"], plan["spice"] = sup + (committed - sup) / 2, sup
        if rng.random() < 0.9:
            names = LEADERS[me]
            plan["leader"] = "Zoal" if me == "bene-tleilax" and rng.random() < 0.7 else rng.choice(names)
            if w := rng.choice(WEAPONS):
                plan["weapon"] = w
            if d := rng.choice(DEFENSES):
                plan["defense"] = d
            if rng.random() < 0.3:
                plan["mercenaries"] = True
        hand = [c for c in (plan.get("weapon"), plan.get("defense")) if c] + (
            ["Mercenaries"] if "mercenaries" in plan else []
        )
        state: dict[str, Any] = {"spice": held, "hand": hand}
        if rng.random() < 0.25:  # Karama stopped one of its battle advantages this phase
            state["suppressed"] = [rng.choice(STOPPABLE[me])]
        if me == "bene-tleilax":
            state["leaders"] = {"Zoal": rng.choice([1, 2, 3]), "Tleilaxu Master": 3}
        elif me == "ixians":
            state["leaders"] = {"Ixian Leader": 3, "Ixian Engineer": 2}
        if rng.random() < 0.1:
            state["leaders_used_this_phase"] = {LEADERS[me][0]: rng.choice(["Carthag", terr])}
        factions[me] = state
        if len(sectors) > 1:
            group["sector"] = shared if rng.random() < 0.7 else rng.choice(sectors)
        forces.append(group)
        plans[me] = plan
    last: dict[str, Any] | None = None
    if new and rng.random() < 0.34:  # a leader who fought in Carthag earlier this phase
        me = rng.choice([agg, dfd])
        if plans[me].get("leader"):
            factions[me]["leaders_used_this_phase"] = {plans[me]["leader"]: "Carthag"}
            last = {"territory": "Carthag", "winner": me, "result": rng.choice(["ordinary", "traitor"])}
    for me, foe in ((agg, dfd), (dfd, agg)):
        if rng.random() < 0.15:  # a Voice (legal from the Bene Gesserit only) or a Prescience dial answer
            if foe == "bene-gesserit" or rng.random() < 0.3:
                plans[me]["voice"] = {rng.choice(["play", "not_play"]): rng.choice(VOICED)}
            elif "dial" in plans[me]:
                answer = plans[me]["dial"] if rng.random() < 0.8 else plans[me]["dial"] + 1
                merc = bool(plans[me].get("mercenaries")) if rng.random() < 0.7 else rng.random() < 0.5
                plans[me]["prescience"] = {"element": "dial", "answer": answer, "mercenaries": merc}
                factions.setdefault("atreides", {"spice": 5})
    if rng.random() < 0.25:  # bend one thing
        me = rng.choice([agg, dfd])
        what = rng.choice(["dial", "card", "mercenaries", "retreat", "break_conditioning", "traitor"])
        plan = plans[me]
        if what == "dial":
            plan["dial"] = rng.randint(0, 24) / 2
        elif what == "card":
            plan["weapon"] = rng.choice(["Crysknife", "Mercenaries", "Snooper", "Chemistry"])
        elif what == "mercenaries":
            plan["mercenaries"] = 2
        elif what == "traitor" and plans[agg if me == dfd else dfd].get("leader"):
            plan["traitor"] = True
            factions[me]["traitors"] = [plans[agg if me == dfd else dfd]["leader"]]
        else:
            plan[what] = True
    data = {
        "ruleset": "dreamrules",
        "phase": "battle",
        "storm": storm,
        "factions": factions,
        "forces": forces,
        "spice": [],
        "move": {"action": "battle", "territory": terr, "aggressor": agg, "plans": plans},
    }
    if last:
        data["last_battle"] = last
    if not storm:
        del data["storm"]
    return yaml.safe_dump(data, sort_keys=False), data


def _strength(v: Verdict, data: dict[str, Any], me: str) -> float:
    """A side's strength as a player adds it (dreamrules:482, 742): dial, surviving leader, one for Mercenaries."""
    plan = data["move"]["plans"][me]
    leader = plan.get("leader")
    alive = leader and leader not in v.outcome["leaders_killed"]
    printed = dict(components()["leaders"].get(me) or data["factions"][me].get("leaders", {}))
    if "Zoal" in data["factions"][me].get("suppressed", []):
        printed["Zoal"] = 2  # dreamrules:954 a normal strength-two leader this phase
    return float(plan["dial"]) + (printed[leader] if alive else 0) + (1 if plan.get("mercenaries") else 0)


def _judge(text: str, data: dict[str, Any]) -> Verdict:
    """The verdict on a generated battle (a Disagreement between a rule's check and its z3 form raises here), and
    the numbers a player would check: the winner at least as strong, ties as the book breaks them, the loser's
    troops all lost."""
    v = check_text(text)
    assert v.verdict in ("legal", "illegal", "unresolved"), text
    if v.verdict == "illegal":
        assert v.minimal_reason, text
    said = " ".join(f.message for f in v.findings)
    if v.verdict == "legal":  # no finding says the battle explodes unless it does (dreamrules:724)
        assert ("the battle explodes" in said) == bool(v.outcome.get("explosion")), text
    traitor = any(p.get("traitor") for p in data["move"]["plans"].values())
    if v.verdict == "legal" and not v.outcome.get("explosion") and not traitor:
        agg = data["move"]["aggressor"]
        dfd = next(f for f in data["move"]["plans"] if f != agg)
        w = v.outcome["winner"]
        loser = dfd if w == agg else agg
        assert _strength(v, data, w) >= _strength(v, data, loser), text
        if _strength(v, data, w) == _strength(v, data, loser) and w == dfd:
            assert data["move"]["plans"][dfd].get("mercenaries") and not data["move"]["plans"][agg].get(
                "mercenaries"
            ), text
        if "losses" in (v.outcome.get("unknown") or {}):  # the victor's own losses turn on what the text leaves open
            return v
        assert v.outcome["losses"].get(loser, 0) == sum(
            g["count"] + g.get("special", 0) for g in data["forces"] if g["faction"] == loser
        ), text
    return v


@pytest.mark.parametrize("seed", range(30))
def test_generated_dreamrules_battles_agree(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "VERIFY_EVERY_RULE", True)  # every rule's check is asked against its form
    rng = random.Random(1000 + seed)
    seen = {_judge(*_battle_text(rng)).verdict for _ in range(10)}
    assert seen  # ten battles judged


def _kinds(data: dict[str, Any]) -> set[str]:
    """What a generated battle draws from this session's rules: Zoal, Ixian troops, a patched Cyborg, a last
    battle (each named once it is in the battle)."""
    plans, factions = data["move"]["plans"], set(data["move"]["plans"])
    out = set()
    if any(p.get("leader") == "Zoal" for p in plans.values()):
        out.add("zoal")
    if "ixians" in factions:
        out.add("ixians")
    if any(g.get("patched") for g in data["forces"]):
        out.add("patched")
    if "last_battle" in data:
        out.add("last_battle")
    return out


@pytest.mark.parametrize("seed", range(12))
def test_generated_tleilaxu_and_ixian_battles_agree(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "VERIFY_EVERY_RULE", True)
    rng = random.Random(5000 + seed)
    for _ in range(10):
        _judge(*_battle_text(rng, new=True))


def test_generated_tleilaxu_and_ixian_battles_reach_every_verdict() -> None:
    """Zoal, the Ixians' troops, patched Cyborgs and a last battle each appear in legal, illegal and unresolved
    generated battles: the generator reaches what these rules decide and what they leave open."""
    rng = random.Random(77)
    reached: dict[str, set[str]] = {k: set() for k in ("zoal", "ixians", "patched", "last_battle")}
    for _ in range(160):
        text, data = _battle_text(rng, new=True)
        verdict = _judge(text, data).verdict
        for kind in _kinds(data):
            reached[kind].add(verdict)
        if all(len(v) == 3 for v in reached.values()):
            break
    assert reached == {k: {"legal", "illegal", "unresolved"} for k in reached}


# -- Weirding Way and Chemistry take their role from the plan (dreamrules:724, 728) ------------------------


def test_weirding_way_against_a_lasgun_neither_stops_it_nor_explodes() -> None:
    v = verdict_of("battle-weirding-way-lasgun")
    assert v.verdict == "legal" and v.outcome["explosion"] is False
    assert v.outcome["leaders_killed"] == ["Bashar", "Duncan Idaho"]  # the Lasgun kills; the Crysknife too
    assert v.outcome["winner"] == "atreides"  # both leaders dead: dial 3 against 2
    said = " ".join(f.message for f in v.findings)
    assert "the battle explodes" not in said and "No Lasgun meets a Shield: no explosion." in said
    assert "no Shield to explode" in said and "dreamrules:724" in cited(v)


def test_weirding_way_beside_a_weapon_stops_a_projectile() -> None:
    v = verdict_of("battle-weirding-way-stops-projectile")
    assert v.outcome["leaders_killed"] == ["Bashar"]  # Duncan Idaho survives the Crysknife


def test_a_role_card_acts_by_its_plan_whatever_place_it_is_given() -> None:
    ww = verdict_of("battle-weirding-way-alone-in-defense")
    assert ww.outcome["leaders_killed"] == ["Bashar"]
    assert any("acts as a projectile weapon" in n for n in ww.notes)
    chem = verdict_of("battle-chemistry-alone-in-weapon")
    assert chem.outcome["leaders_killed"] == []  # it protects against the Chaumas and attacks no one


def test_chemistry_beside_a_defense_is_a_poison_weapon_a_snooper_stops() -> None:
    v = verdict_of("battle-chemistry-weapon")
    assert v.verdict == "legal" and v.outcome["leaders_killed"] == ["Bashar"]
    assert v.outcome["spice_gained"] == {"atreides": 2}
    assert "dreamrules:728" in cited(v)
    assert verdict_of("battle-chemistry-weapon-snooper").outcome["leaders_killed"] == []
    assert verdict_of("battle-chemistry-defense").outcome["leaders_killed"] == []


# -- traitor calls and explosions are GF9's results (dreamrules:718, 720, 1072; gf9:275, 285-293) ------------


def test_traitor_and_explosion_results_are_decided() -> None:
    t = verdict_of("battle-traitor-result")
    assert t.verdict == "legal" and t.outcome["winner"] == "emperor"
    assert t.outcome["losses"] == {"atreides": 10} and t.outcome["spice_gained"] == {"emperor": 2}
    ally = verdict_of("battle-traitor-harkonnen-ally")
    assert ally.outcome["winner"] == "emperor" and ally.outcome["spice_gained"] == {"emperor": 4}
    assert {"dreamrules:1072", "gf9:293"} <= quoted(ally)
    boom = verdict_of("battle-explosion-advisors")
    assert boom.verdict == "legal" and boom.outcome["winner"] == "none"
    assert boom.outcome["losses"] == {"emperor": 5, "atreides": 10, "bene-gesserit": 2}
    assert boom.outcome["spice_lost"] == 3


# -- what Karama stopped for the phase (dreamrules:778, 818-970) ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "verdict", "rule_id", "line"),
    [
        ("battle-sardaukar-stopped", "legal", "dreamrules.battle.sardaukar-stopped", "dreamrules:854"),
        ("battle-sardaukar-stopped-double", "illegal", "dreamrules.battle.sardaukar-stopped", "dreamrules:854"),
        ("battle-fedaykin-stopped", "legal", "dreamrules.battle.fedaykin-stopped", "dreamrules:882"),
        ("battle-fedaykin-stopped-double", "illegal", "dreamrules.battle.fedaykin-stopped", "dreamrules:882"),
        ("battle-free-dialing-stopped", "legal", "dreamrules.battle.free-dialing-stopped", "dreamrules:878"),
        (
            "battle-free-dialing-stopped-unsupported",
            "illegal",
            "dreamrules.battle.free-dialing-stopped",
            "dreamrules:878",
        ),
        ("battle-kh-stopped", "illegal", "dreamrules.battle.kh-stopped", "dreamrules:822"),
        ("battle-prescience-stopped", "illegal", "dreamrules.battle.prescience-stopped", "dreamrules:818"),
        ("battle-voice-stopped", "illegal", "dreamrules.battle.voice-stopped", "dreamrules:926"),
        ("battle-retreat-stopped", "illegal", "dreamrules.battle.retreat-stopped", "dreamrules:874"),
        ("battle-spite-stopped", "legal", "dreamrules.battle.spite-stopped", "dreamrules:838"),
        ("battle-fanatical-stopped", "legal", "dreamrules.battle.fanatical-stopped", "dreamrules:886"),
        ("battle-zoal-stopped", "legal", "dreamrules.battle.zoal-stopped", "dreamrules:954"),
        ("battle-augmented-stopped", "legal", "dreamrules.battle.ixian-losses", "dreamrules:970"),
    ],
)
def test_a_stopped_advantage_changes_the_battle_as_its_entry_says(
    name: str, verdict: str, rule_id: str, line: str
) -> None:
    v = verdict_of(name)
    assert v.verdict == verdict
    found = next(f for f in v.findings if f.rule.id == rule_id)
    assert line in {f"{c.doc}:{n}" for c in found.cites for n in range(c.first, c.last + 1)}


def test_stopped_fedaykin_are_not_counted_double() -> None:
    v = verdict_of("battle-fedaykin-stopped")
    assert v.outcome["losses"] == {"fremen": 6, "atreides": 10}  # a dial of 6: six tokens at one each
    said = " ".join([*(f.message for f in v.findings), *v.notes])
    assert "Fedaykin counting double" not in said and "Fedaykin two" not in said


def test_stopped_spite_and_fanatical_tactics_fix_the_discards() -> None:
    assert verdict_of("battle-spite-stopped").outcome["cards_discarded"] == ["Chaumas"]
    assert verdict_of("battle-fanatical-stopped").outcome["cards_discarded"] == ["Crysknife"]


def test_a_stopped_advantage_no_battle_uses_leaves_the_battle_decided() -> None:
    v = verdict_of("battle-stopped-elsewhere")
    assert v.verdict == "legal" and v.outcome["winner"] == "emperor"


def test_captured_leaders_after_a_traitor_win_and_when_stopped() -> None:
    said = next(f.message for f in verdict_of("battle-capture-stopped").findings if "capture" in f.rule.id)
    assert "cannot capture" in said
    said = next(f.message for f in verdict_of("battle-capture-after-traitor").findings if "capture" in f.rule.id)
    assert "may then capture" in said


def test_stopped_zoal_is_a_strength_two_leader() -> None:
    v = verdict_of("battle-zoal-stopped")
    assert v.outcome["winner"] == "bene-tleilax"  # 2 + 2 against 2 + 2: the aggressor's tie
    assert not any(
        f.rule.id.startswith("dreamrules.battle.zoal-") and f.rule.id != "dreamrules.battle.zoal-stopped"
        for f in v.findings
    )


# -- the Voice and Prescience name Dreamrules' cards (dreamrules:724, 728, 744, 1152) -------------------------


@pytest.mark.parametrize(
    ("name", "verdict"),
    [
        ("battle-voice-weirding-way", "illegal"),
        ("battle-voice-category-not-weirding", "legal"),
        ("battle-voice-chemistry", "illegal"),
        ("battle-voice-mercenaries", "illegal"),
        ("battle-voice-mercenaries-obeyed", "legal"),
        ("battle-voice-break-conditioning", "illegal"),
        ("battle-voice-supplies-category", "legal"),
    ],
)
def test_the_voice_names_dreamrules_cards(name: str, verdict: str) -> None:
    v = verdict_of(name)
    assert v.verdict == verdict
    if verdict == "illegal":
        assert v.forbidding() == ["dreamrules.battle.voice"]
    else:
        assert "dreamrules.battle.voice" in [f.rule.id for f in v.findings if f.effect == "permits"]


def test_weirding_way_is_no_projectile_weapon_to_the_voice() -> None:
    said = next(
        f.message
        for f in verdict_of("battle-voice-category-not-weirding").findings
        if f.rule.id == "dreamrules.battle.voice"
    )
    assert "silently ignores" in said


def test_a_dial_answer_says_whether_mercenaries_are_played() -> None:
    bad = verdict_of("battle-prescience-mercenaries")
    assert bad.forbidding() == ["dreamrules.battle.prescience-mercenaries"]
    assert "with Mercenaries" in bad.findings[0].message
    assert verdict_of("battle-prescience-mercenaries-honored").verdict == "legal"
    assert verdict_of("battle-prescience-weirding-way").verdict == "legal"


def test_dreamrules_keys_under_gf9_are_input_errors() -> None:
    from checker.errors import InputError

    data = parse_yaml((CASES / "battle-prescience-mercenaries-honored.yaml").read_text())
    data["ruleset"] = "gf9"
    del data["expect"]
    data["factions"]["harkonnen"]["hand"] = []
    plan = data["move"]["plans"]["harkonnen"]
    del plan["mercenaries"]
    plan["prescience"]["mercenaries"] = False
    with pytest.raises(InputError, match="a dreamrules key"):
        check_text(yaml.safe_dump(data))
