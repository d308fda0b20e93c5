"""Revival (gf9:177-197 and the faction sheets; overview:51-53, 127): the numbers a player checks, and
generated positions on which every rule's check and z3 form agree."""

from __future__ import annotations

from typing import Any

import pytest
from campaigns import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.api import check_text
from checker.arrakis.kinds import revival  # noqa: F401 - registers the kind
from checker.arrakis.position import components, load_position
from checker.engine import Verdict
from checker.errors import InputError
from checker.facts import KINDS
from checker.rules import ruleset_rules

FACTIONS = ["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit"]
LEADERS: dict[str, list[str]] = {f: list(ls) for f, ls in components()["leaders"].items()}


def judge(data: dict[str, Any]) -> Verdict:
    """The engine's answer on one position, every applicable rule's form cross-checked."""
    pos = load_position(data)
    kind = KINDS["revive"]
    in_force = [r for r in ruleset_rules(pos.ruleset, on="revive").values() if r.on == "revive"]
    return engine.decide(pos.ruleset, kind, in_force, kind.facts(pos))


@pytest.fixture(autouse=True)
def _verify_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "VERIFY_EVERY_RULE", True)


def revive(faction: str, state: dict[str, Any], ruleset: str = "gf9", **move: Any) -> dict[str, Any]:
    factions = {faction: state, **move.pop("others", {})}
    return {
        "ruleset": ruleset,
        "phase": "revival",
        "factions": factions,
        "alliances": move.pop("alliances", []),
        "advanced": move.pop("advanced", False),
        "move": {"action": "revive", "faction": faction, **move},
    }


# -- the numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faction,count,cost",
    [
        ("atreides", 2, 0),  # gf9:343: two free
        ("atreides", 3, 2),
        ("harkonnen", 3, 2),  # gf9:421: two free
        ("emperor", 3, 4),  # gf9:387: one free, two at 2 each
        ("bene-gesserit", 2, 2),  # gf9:359
        ("spacing-guild", 1, 0),  # gf9:431
        ("fremen", 3, 0),  # gf9:397
    ],
)
def test_force_cost_per_sheet(faction: str, count: int, cost: int) -> None:
    v = judge(revive(faction, {"spice": 10, "tanks": 5}, count=count))
    assert v.verdict == "legal", v.reason
    assert v.outcome["cost"] == cost and v.outcome["force_cost"] == cost


def test_a_fourth_force_is_refused_naming_the_ceiling() -> None:
    v = judge(revive("harkonnen", {"spice": 20, "tanks": 8}, count=4))
    assert v.verdict == "illegal" and v.forbidding() == ["gf9.revival.limit"]
    assert "4 forces" in v.findings[0].message and any(c.first == 179 for c in v.findings[0].rule.cites)


def test_fremen_cannot_buy_a_fourth() -> None:
    v = judge(revive("fremen", {"spice": 20, "tanks": 8}, count=4))
    assert sorted(v.forbidding()) == ["gf9.revival.fremen-no-purchase", "gf9.revival.limit"]


def test_the_emperor_pays_for_three_more_for_its_ally() -> None:
    v = judge(
        revive(
            "atreides",
            {"spice": 2, "tanks": 8},
            count=6,
            emperor_pays=3,
            others={"emperor": {"spice": 6}},
            alliances=[["atreides", "emperor"]],
        )
    )
    assert v.verdict == "legal", v.reason
    assert (v.outcome["cost"], v.outcome["force_cost"], v.outcome["emperor_cost"]) == (8, 2, 6)


def test_an_emperor_ally_asking_for_four_without_a_payer_is_unresolved() -> None:
    data = revive(
        "atreides",
        {"spice": 20, "tanks": 8},
        count=4,
        others={"emperor": {"spice": 6}},
        alliances=[["atreides", "emperor"]],
    )
    v = judge(data)
    assert v.verdict == "unresolved" and "move.emperor_pays" in v.reason
    data["alliances"] = []  # no Emperor ally: no one can pay for the fourth
    assert judge(data).forbidding() == ["gf9.revival.limit"]


def test_fremen_grant_is_asked_only_when_it_decides_the_cost() -> None:
    ally: dict[str, Any] = {"others": {"fremen": {"spice": 0}}, "alliances": [["atreides", "fremen"]]}
    assert judge(revive("atreides", {"spice": 9, "tanks": 5}, count=2, **ally)).verdict == "legal"
    v = judge(revive("atreides", {"spice": 9, "tanks": 5}, count=3, **ally))
    assert v.verdict == "unresolved" and "move.fremen_grant" in v.reason
    v = judge(revive("atreides", {"spice": 0, "tanks": 5}, count=3, fremen_grant=True, **ally))
    assert v.verdict == "legal" and v.outcome["free"] == 3 and v.outcome["cost"] == 0


def test_one_sardaukar_a_turn_in_the_advanced_game() -> None:
    state = {"spice": 10, "tanks": 0, "tanks_special": 3}
    assert judge(revive("emperor", state, special=1, advanced=True)).outcome["cost"] == 0
    assert judge(revive("emperor", state, special=2, advanced=True)).forbidding() == ["gf9.revival.special-one"]


def test_a_leader_costs_its_printed_strength_but_face_down_is_unknown() -> None:
    v = judge(revive("harkonnen", {"spice": 10, "leaders_in_tanks": LEADERS["harkonnen"]}, leader="Feyd-Rautha"))
    assert v.verdict == "unresolved" and "gf9.revival.face-down" in v.reason
    cost = next(f for f in v.findings if f.rule.id == "gf9.revival.leader-cost")
    assert "6 spice" in cost.message and "Bank" in cost.message
    poor = judge(revive("harkonnen", {"spice": 5, "leaders_in_tanks": LEADERS["harkonnen"]}, leader="Feyd-Rautha"))
    assert poor.forbidding() == ["gf9.revival.affordable"] and "6 spice" in poor.findings[0].message


def test_the_overview_revives_a_leader_at_its_strength() -> None:
    v = judge(
        revive("harkonnen", {"spice": 10, "leaders_in_tanks": LEADERS["harkonnen"]}, "overview", leader="Beast Rabban")
    )
    assert v.verdict == "legal" and v.outcome["cost"] == 4 and "paid_to" not in v.outcome


def test_the_overview_reads_the_free_allowance_from_gf9() -> None:
    """overview:53 "some free per Player Sheet": the overview prints no sheet, gf9 does (two free for Atreides)."""
    v = judge(revive("atreides", {"spice": 10, "tanks": 5}, "overview", count=2))
    assert v.verdict == "legal" and v.outcome["free"] == 2 and v.outcome["cost"] == 0
    assert "gf9.revival.free-allowance" in {f.rule.id for f in v.findings}


def test_the_emperor_cannot_pay_for_more_forces_than_are_revived() -> None:
    with pytest.raises(InputError):
        judge(revive("atreides", {"spice": 10, "tanks": 5}, count=1, emperor_pays=2))


# -- generated positions: the engine never raises, and its answers keep the ceiling ---------------


@st.composite
def positions(draw: Any) -> dict[str, Any]:
    me = draw(st.sampled_from(FACTIONS))
    others = draw(st.lists(st.sampled_from([f for f in FACTIONS if f != me]), max_size=3, unique=True))
    factions: dict[str, Any] = {}
    for f in [me, *others]:
        state: dict[str, Any] = {}
        for key, strat in (
            ("spice", st.integers(0, 15)),
            ("tanks", st.integers(0, 8)),
            ("tanks_special", st.integers(0, 3)),
        ):
            if draw(st.booleans()):
                state[key] = draw(strat)
        if draw(st.booleans()):
            state["leaders_in_tanks"] = draw(st.lists(st.sampled_from(LEADERS[f]), max_size=5, unique=True))
            if draw(st.booleans()):  # which of them lie face down (gf9:195): none, some or all
                state["leaders_face_down"] = draw(st.lists(st.sampled_from(state["leaders_in_tanks"] or [""])))
                state["leaders_face_down"] = sorted({n for n in state["leaders_face_down"] if n})
        factions[f] = state
    count = draw(st.integers(0, 7))
    special = draw(st.integers(0, 2))
    move: dict[str, Any] = {"action": "revive", "faction": me, "count": count, "special": special}
    if draw(st.booleans()):
        move["emperor_pays"] = draw(st.integers(0, count + special))
    if draw(st.booleans()):
        move["fremen_grant"] = draw(st.booleans())
    if draw(st.booleans()):
        owner = draw(st.sampled_from([me, *others]))
        move["leader"] = draw(st.sampled_from(LEADERS[owner]))
    if draw(st.integers(0, 5)) == 0:
        move["kwisatz_haderach"] = True
    if draw(st.integers(0, 9)) == 0:
        move["card"] = "Tleilaxu Ghola"
    data: dict[str, Any] = {
        "ruleset": draw(st.sampled_from(["gf9", "gf9", "overview", "dreamrules"])),
        "advanced": draw(st.booleans()),
        "factions": factions,
        "move": move,
    }
    if draw(st.booleans()):
        data["phase"] = draw(st.sampled_from(["revival", "revival", "bidding", "battle"]))
    if others and draw(st.booleans()):
        data["alliances"] = [[me, draw(st.sampled_from(others))]]
    return data


@settings(max_examples=examples(350), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=positions())
def test_generated_revivals_agree_and_keep_the_ceiling(data: dict[str, Any]) -> None:
    v = judge(data)  # a check and its form that disagree raise Disagreement
    assert v.verdict in ("legal", "illegal", "unresolved")
    move = data["move"]
    own = move["count"] + move["special"] - (move.get("emperor_pays") or 0)
    if v.verdict == "legal":
        assert own <= 3
        parts = ("force_cost", "leader_cost", "kh_cost", "emperor_cost")
        assert v.outcome["cost"] == sum(v.outcome.get(p, 0) for p in parts)
        if data["ruleset"] == "gf9" and move.get("leader"):  # a face-down leader waits for the others (gf9:195)
            state = data["factions"][move["faction"]]
            down = set(state.get("leaders_face_down", []))
            assert "leaders_face_down" in state
            assert move["leader"] not in down or set(state.get("leaders_in_tanks", [])) <= down
        if data["ruleset"] == "gf9":
            assert v.outcome.get("emperor_cost", 0) == 2 * (move.get("emperor_pays") or 0)
            spice = data["factions"][move["faction"]].get("spice", 0)
            assert v.outcome["cost"] - v.outcome.get("emperor_cost", 0) <= spice


def test_an_unknown_fremen_grant_is_asked_for_not_priced() -> None:
    """Found by the agreement generator: the price of an ally of Fremen's revival depends on the grant (gf9:403)."""
    from checker.api import check
    from checker.arrakis.position import load_position
    from checker.engine import VERIFY_EVERY_RULE  # noqa: F401 - the suite sets MENTAT_VERIFY=all

    pos = load_position(
        {
            "ruleset": "gf9",
            "phase": "revival",
            "factions": {"emperor": {"tanks": 2, "tanks_special": 0, "spice": 0}, "fremen": {}},
            "alliances": [["emperor", "fremen"]],
            "move": {"action": "revive", "faction": "emperor", "count": 2, "special": 0},
        }
    )
    v = check(pos)
    assert v.verdict == "unresolved"
    assert "move.fremen_grant" in v.reason and "gf9.revival.affordable" in v.reason


@pytest.mark.parametrize("ruleset", ["gf9", "overview"])
def test_reviving_the_kwisatz_haderach_in_the_basic_game_names_the_contradiction(ruleset: str) -> None:
    """gf9:41 (overview:18) put the token among the Advanced components; gf9:345-353 list it as a Basic advantage."""
    dead = {"spice": 10, "leaders_in_tanks": LEADERS["atreides"]}
    basic = judge(revive("atreides", dead, ruleset, kwisatz_haderach=True))
    assert basic.verdict == "unresolved" and "gf9.revival.kh-basic" in basic.reason
    v = judge(revive("atreides", dead, ruleset, kwisatz_haderach=True, advanced=True))
    assert v.verdict == "legal" and v.outcome["kh_cost"] == 2, v.reason
    other = judge(revive("harkonnen", {"spice": 10}, ruleset, kwisatz_haderach=True))
    assert other.verdict == "illegal"  # only Atreides revives it, whichever line holds


# -- the Kwisatz Haderach's eligibility (gf9:353 with 191, 193) ---------------------------------------


def test_the_kwisatz_haderach_follows_normal_leader_eligibility() -> None:
    """gf9:353 "Normal leader eligibility applies to that revival": open with all five leaders in the Tanks
    (gf9:191) or, Advanced, the rest captive (gf9:193); closed while none is in the Tanks; open to the history
    with some there."""
    five = LEADERS["atreides"]
    kh = {"kwisatz_haderach": True, "advanced": True}
    alive = judge(revive("atreides", {"spice": 10}, others={"harkonnen": {}}, **kh))
    assert alive.forbidding() == ["gf9.revival.kh-eligible"]
    assert "No Atreides leader is in the Tanks" in alive.findings[0].message
    assert {c.first for c in alive.findings[0].sources} == {191, 353}
    assert any("kwisatz_haderach_in_tanks" in n for n in alive.notes)
    some = judge(revive("atreides", {"spice": 10, "leaders_in_tanks": five[:2]}, **kh))
    assert some.verdict == "unresolved" and "gf9.revival.kh-eligibility" in some.reason
    assert "2 of the five Atreides leaders" in some.reason
    captive = judge(
        revive(
            "atreides",
            {"spice": 10, "leaders_in_tanks": five[:2]},
            others={"harkonnen": {"captured_leaders": five[2:]}},
            **kh,
        )
    )
    assert captive.verdict == "legal", captive.reason
    assert "gf9:193" in {c.ref for f in captive.findings for c in f.sources}
    living_state = {"spice": 10, "leaders_in_tanks": five, "kwisatz_haderach_in_tanks": False}
    living = judge(revive("atreides", living_state, **kh))
    assert living.forbidding() == ["gf9.revival.kh-in-tanks"]
    tleilaxu = judge(revive("atreides", {"spice": 10}, others={"bene-tleilax": {}}, **kh))
    assert tleilaxu.verdict == "unresolved" and "gf9.revival.kh-tleilaxu" in tleilaxu.reason
    alone = judge(revive("atreides", {"spice": 10}, **kh))  # one faction is no game (gf9:21): Tleilaxu may play
    assert alone.verdict == "unresolved" and "gf9.revival.kh-tleilaxu" in alone.reason


def test_captured_leaders_open_leader_revival_in_the_advanced_game() -> None:
    """gf9:193: no leader of its own available because the others are captured opens leader revival (Advanced)."""
    five = LEADERS["emperor"]
    state = {"spice": 20, "leaders_in_tanks": five[:3]}
    held = {"harkonnen": {"captured_leaders": five[3:]}}
    v = judge(revive("emperor", state, leader=five[0], advanced=True, others=held))
    assert v.verdict != "unresolved" or "gf9.revival.leader-eligibility" not in v.reason, v.reason
    assert "gf9.revival.leader-captured" in [f.rule.id for f in v.findings if f.effect == "permits"]
    basic = judge(revive("emperor", state, leader=five[0], others=held))
    assert basic.verdict == "unresolved" and "gf9.revival.leader-eligibility" in basic.reason
    one_held = {"harkonnen": {"captured_leaders": five[4:]}}
    one_free = judge(revive("emperor", state, leader=five[0], advanced=True, others=one_held))
    assert one_free.verdict == "unresolved" and "1 held captive and 1 not" in one_free.reason


# -- face-down leaders (factions.F.leaders_face_down, Mentat's extension; gf9:195, dreamrules:388) ----------------

FIVE = LEADERS["harkonnen"]  # Feyd-Rautha 6, Beast Rabban 4, Piter de Vries 3, Captain Iakin Nefud 2, Umman Kudu 1
# a second faction listed: the two are the game, no Tleilaxu (one listed faction is no game, gf9:21: they may play)
OTHER: dict[str, Any] = {"atreides": {}}


def test_all_five_in_the_tanks_none_face_down_revives_a_leader_at_its_strength_to_the_bank() -> None:
    v = judge(
        revive("harkonnen", {"spice": 10, "leaders_in_tanks": FIVE, "leaders_face_down": []}, leader="Feyd-Rautha")
    )
    assert v.verdict == "legal"
    assert v.outcome["leader_cost"] == 6 and v.outcome["cost"] == 6 and v.outcome["paid_to"] == "bank"
    assert "gf9.revival.face-down-wait" in [f.rule.id for f in v.findings if f.effect == "permits"]


def test_a_face_down_leader_waits_while_another_lies_face_up_naming_it() -> None:
    down = ["Feyd-Rautha", "Beast Rabban", "Piter de Vries", "Umman Kudu"]
    v = judge(
        revive(
            "harkonnen",
            {"spice": 10, "leaders_in_tanks": FIVE, "leaders_face_down": down},
            leader="Feyd-Rautha",
            others=OTHER,
        )
    )
    assert v.forbidding() == ["gf9.revival.face-down-wait"]
    finding = v.findings[0]
    assert "Captain Iakin Nefud lies face up" in finding.message and "Feyd-Rautha lies face down" in finding.message
    assert [(c.doc, c.first) for c in finding.rule.cites] == [("gf9", 195)]
    # the last face-up one comes back; then, all face down, Feyd-Rautha too (6 spice)
    assert (
        judge(
            revive(
                "harkonnen",
                {"spice": 2, "leaders_in_tanks": FIVE, "leaders_face_down": down},
                leader="Captain Iakin Nefud",
            )
        ).outcome["leader_cost"]
        == 2
    )
    every = judge(
        revive(
            "harkonnen",
            {"spice": 6, "leaders_in_tanks": FIVE, "leaders_face_down": FIVE},
            leader="Feyd-Rautha",
            others=OTHER,
        )
    )
    assert every.verdict == "legal" and every.outcome["cost"] == 6


def test_a_face_down_leader_with_another_alive_is_open_not_refused() -> None:
    four = FIVE[:4]
    v = judge(
        revive(
            "harkonnen",
            {"spice": 10, "leaders_in_tanks": four, "leaders_face_down": four},
            leader="Feyd-Rautha",
            others=OTHER,
        )
    )
    assert v.verdict == "unresolved" and "gf9.revival.face-down-revivable" in v.reason and "Umman Kudu" in v.reason


def test_the_overview_ignores_face_down() -> None:
    """overview:53 revives any one of five dead leaders: its own rule, not gf9:195."""
    state = {"spice": 10, "leaders_in_tanks": FIVE, "leaders_face_down": ["Feyd-Rautha"]}
    assert judge(revive("harkonnen", state, "overview", leader="Feyd-Rautha")).verdict == "legal"


@pytest.mark.parametrize(
    "state,key",
    [
        ({"leaders_in_tanks": ["Feyd-Rautha"], "leaders_face_down": ["Beast Rabban"]}, "leaders_face_down[0]"),
        ({"leaders_in_tanks": ["Feyd-Rautha"], "leaders_face_down": ["Feyd Rauta"]}, "leaders_face_down[0]"),
    ],
)
def test_a_face_down_leader_not_in_the_tanks_or_misspelt_is_an_input_error(state: dict[str, Any], key: str) -> None:
    with pytest.raises(InputError) as err:
        judge(revive("harkonnen", {"spice": 10, **state}, leader="Feyd-Rautha"))
    assert err.value.key == f"factions.harkonnen.{key}"
    assert "Feyd-Rautha" in err.value.message


def test_dreamrules_face_down_wait_and_bene_tleilax_full_price() -> None:
    atreides = ["Duncan Idaho", "Gurney Halleck", "Thufir Hawat", "Lady Jessica"]
    state = {"spice": 5, "leaders_in_tanks": atreides, "leaders_face_down": ["Duncan Idaho"]}
    v = judge(revive("atreides", state, "dreamrules", leader="Duncan Idaho", others={"emperor": {}}))
    assert v.forbidding() == ["dreamrules.revival.face-down-wait"]
    assert [(c.doc, c.first) for c in v.findings[0].rule.cites] == [("dreamrules", 388)]
    up = judge(revive("atreides", state, "dreamrules", leader="Gurney Halleck", others={"emperor": {}}))
    assert up.verdict == "legal" and up.outcome["leader_cost"] == 4
    # Bene Tleilax: half price for a face-up leader, full for its own face-down one (dreamrules:382)
    bt = {
        "spice": 9,
        "leaders": {"Zaaf": 4, "Wykk": 2},
        "leaders_in_tanks": ["Zaaf", "Wykk"],
        "leader_revival_begun": True,
    }
    for down, price in (([], "2 spice"), (["Zaaf", "Wykk"], "4 spice")):
        v = judge(revive("bene-tleilax", {**bt, "leaders_face_down": down}, "dreamrules", leader="Zaaf"))
        cost = next(f for f in v.findings if f.rule.id == "dreamrules.revival.leader-cost")
        said = cost.message.removeprefix("If the open question above changes nothing: ")  # face down: #1196's gap
        assert said.startswith(f"Bene Tleilax pays {price} for Zaaf")


def test_basic_starred_tokens_are_revived_as_ordinary_forces() -> None:
    """gf9:41: in the Basic game the Emperor's starred tokens are ordinary forces: no open price (gf9:185 is the
    Advanced game's), 1 free and 2 at two spice each; the Advanced game keeps the open question."""
    basic = """
ruleset: gf9
turn: 3
phase: revival
factions: {emperor: {spice: 10, tanks: 1, tanks_special: 2}, atreides: {}}
move: {action: revive, faction: emperor, count: 1, special: 2}
"""
    v = check_text(basic)
    assert v.verdict == "legal" and v.outcome["cost"] == 4
    said = {f.rule.id: f.message for f in v.findings}
    assert said["gf9.revival.basic-starred"] == (
        "The Basic game: Emperor's 2 starred tokens count as ordinary forces, revived and priced as such."
    )
    assert said["gf9.revival.force-cost"] == "Emperor revives 1 force free and pays 2 spice each for 2 more: 4 spice."
    assert said["gf9.revival.in-tanks"] == "Emperor has 1 force and 2 special forces in the Tanks."
    advanced = basic.replace("ruleset: gf9", "ruleset: gf9\nadvanced: true").replace("special: 2}", "special: 1}")
    adv = check_text(advanced)
    assert adv.verdict == "unresolved" and "gf9.revival.special-cost" in adv.reason


# -- who may pay: the affordability finding quotes the ally lines only where an ally pays or might ------------------


def _affordable_lines(v: Verdict) -> list[int]:
    finding = next(f for f in v.findings if f.rule.id == "gf9.revival.affordable")
    return [c.first for c in finding.cites]


def test_affordable_quotes_ally_lines_only_where_an_ally_is_concerned() -> None:
    alone = judge(revive("atreides", {"spice": 1, "tanks": 5}, count=3))
    assert alone.verdict == "illegal" and _affordable_lines(alone) == [3]
    allied = judge(
        revive(
            "atreides",
            {"spice": 1, "tanks": 5},
            count=3,
            others={"bene-gesserit": {}},
            alliances=[["atreides", "bene-gesserit"]],
        )
    )
    assert allied.verdict == "illegal" and _affordable_lines(allied) == [3, 157]  # gf9:157: aid is not for revival
    assert "not revival" in next(f for f in allied.findings if f.rule.id == "gf9.revival.affordable").message
    helped = judge(
        revive(
            "harkonnen",
            {"spice": 2, "tanks": 8},
            count=6,
            emperor_pays=3,
            others={"emperor": {"spice": 10}},
            alliances=[["harkonnen", "emperor"]],
            advanced=True,
        )
    )
    assert helped.verdict == "legal" and _affordable_lines(helped) == [3, 183]  # the Emperor pays for three


def test_force_revival_names_the_bank_as_payee_unless_tleilaxu_may_play() -> None:
    """gf9:33: the Bank receives revival spice no faction or card redirects; where an unlisted player may be Tleilaxu
    (gf9:393: its revival payment ability redirects it), no payee is stated."""
    paid = judge(revive("atreides", {"spice": 5, "tanks": 5}, count=3, others={"harkonnen": {}}))
    assert paid.verdict == "legal" and paid.outcome["paid_to"] == "bank" and paid.outcome["cost"] == 2
    assert any(f.rule.id == "gf9.revival.payee" for f in paid.findings)
    free = judge(revive("atreides", {"spice": 5, "tanks": 5}, count=2))
    assert free.verdict == "legal" and "paid_to" not in free.outcome  # nothing paid, no payee
    open_table = judge({**revive("atreides", {"spice": 5, "tanks": 5}, count=3), "players": 6})
    assert open_table.verdict == "legal" and "paid_to" not in open_table.outcome
    alone = judge(revive("atreides", {"spice": 5, "tanks": 5}, count=3))  # one faction is no game (gf9:21)
    assert alone.verdict == "legal" and "paid_to" not in alone.outcome and alone.outcome["cost"] == 2
