"""Dreamrules' economy and victory: bidding, revival, spice collection and the Mentat Pause.

The numbers a player notices (what a revival costs, what a collection takes, who is paid, who wins), each
against the line that says it, then generated Dreamrules positions of these kinds: every applicable rule's
check and z3 form are cross-checked on each, and no answer raises.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.arrakis.position import load_position
from checker.engine import Verdict, evaluate
from checker.errors import InputError

FACTIONS = ["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit", "bene-tleilax", "ixians"]
STRONGHOLDS = ["Arrakeen", "Carthag", "Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch"]
TOKENS = ["Spice Harvester", "Heighliner", "Ornithopter"]


def judge(data: dict[str, Any]) -> Verdict:
    """The verdict on a Dreamrules position, every applicable rule's form cross-checked against its check."""
    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True
    try:
        return evaluate(load_position({"ruleset": "dreamrules", **data}))
    finally:
        engine.VERIFY_EVERY_RULE = verify


def cited(v: Verdict) -> set[str]:
    return {f"{c.doc}:{n}" for f in v.findings for c in f.rule.cites for n in range(c.first, c.last + 1)}


# -- bidding ------------------------------------------------------------------------------------------------


def bid(amount: int | None, spice: int, **move: Any) -> dict[str, Any]:
    factions = {"atreides": {"spice": spice, "hand": move.pop("hand", 1)}, **move.pop("others", {})}
    return {
        "phase": "bidding",
        "factions": factions,
        "move": {"action": "bid", "faction": "atreides", "amount": amount, **move},
    }


def test_karama_does_not_raise_a_bid() -> None:
    """dreamrules:328: no bid beyond what one can pay, Karama in hand or not (gf9:173 allowed it)."""
    v = judge(bid(5, 2, hand=["Karama"], karama=True, others={"emperor": {"spice": 3, "hand": 0}}))
    assert v.verdict == "illegal"
    assert v.forbidding() == ["dreamrules.bidding.affordable"]
    assert "dreamrules:328" in cited(v)
    gf9 = evaluate(load_position({**bid(5, 2, hand=["Karama"], karama=True), "ruleset": "gf9", "advanced": True}))
    assert gf9.verdict == "legal"


@pytest.mark.parametrize(
    "spice,favor,emperor_spice,verdict,rule",
    [
        (2, 2, 5, "legal", ""),  # 2 + 2 covers the bid of 4
        (1, 2, 5, "illegal", "dreamrules.bidding.affordable"),  # 1 + 2 < 4
        (2, 2, 1, "illegal", "dreamrules.bidding.favor-spice"),  # the Emperor has 1, sets aside 2
    ],
)
def test_shaddams_favor_covers_a_shortfall(spice: int, favor: int, emperor_spice: int, verdict: str, rule: str) -> None:
    v = judge(bid(4, spice, shaddams_favor=favor, others={"emperor": {"spice": emperor_spice, "hand": 1}}))
    assert v.verdict == verdict
    if rule:
        assert rule in v.forbidding()
    else:
        assert v.outcome["paid_to"] == "emperor"
        assert "Shaddam's Favor covers 2 of the 4" in " ".join(f.message for f in v.findings)


def test_karama_on_bidding_payments_pays_the_bank() -> None:
    others = {"emperor": {"spice": 5, "hand": 1, "suppressed": ["Bidding Payments"]}}
    assert judge(bid(3, 5, others=others)).outcome["paid_to"] == "bank"
    assert judge(bid(3, 5, others={"emperor": {"spice": 5, "hand": 1}})).outcome["paid_to"] == "emperor"


def test_a_bid_must_raise_the_current_one() -> None:
    data = bid(3, 5, others={"harkonnen": {"spice": 5, "hand": 1}})
    data["current_auction"] = {"high_bidder": "harkonnen", "high_bid": 3}
    assert judge(data).forbidding() == ["dreamrules.bidding.raise"]
    data["move"]["amount"] = 4
    assert judge(data).verdict == "legal"


# -- revival ------------------------------------------------------------------------------------------------


def revive(faction: str, state: dict[str, Any], others: dict[str, Any] | None = None, **move: Any) -> dict[str, Any]:
    return {
        "phase": "revival",
        "factions": {faction: state, **(others or {"atreides" if faction != "atreides" else "harkonnen": {}})},
        "alliances": move.pop("alliances", []),
        "move": {"action": "revive", "faction": faction, **move},
    }


@pytest.mark.parametrize(
    "faction,count,special,cost",
    [
        ("atreides", 3, 0, 2),  # dreamrules:1040: two free, one at 2
        ("emperor", 3, 0, 4),  # dreamrules:1078: one free
        ("spacing-guild", 2, 0, 2),  # dreamrules:1096
        ("fremen", 3, 0, 0),  # dreamrules:1116: three free
        ("bene-gesserit", 3, 0, 4),  # dreamrules:1144
        ("ixians", 2, 0, 1),  # dreamrules:378, 1212: a Suboid free, a Suboid at 1
        ("ixians", 0, 3, 6),  # a Cyborg free, two at 3
        ("ixians", 2, 1, 2),  # the Cyborg free, two Suboids at 1
        ("bene-tleilax", 3, 0, 3),  # dreamrules:382, 1170: none free, half of 6
        ("bene-tleilax", 5, 0, 5),  # no limit: half of 10
    ],
)
def test_revival_prices(faction: str, count: int, special: int, cost: int) -> None:
    state = {"spice": 20, "tanks": count, "tanks_special": special}
    v = judge(revive(faction, state, count=count, special=special))
    assert v.verdict == "legal", v.reason or v.forbidding()
    assert v.outcome["cost"] == cost


def test_tleilaxu_ally_pays_half_rounded_up_and_tleilaxu_earns_one_a_troop() -> None:
    others = {"bene-tleilax": {"spice": 0}}
    v = judge(revive("emperor", {"spice": 5, "tanks": 3}, others, count=3, alliances=[["emperor", "bene-tleilax"]]))
    assert v.outcome["cost"] == 2  # two paid troops: 4, halved
    assert v.outcome["tleilaxu_income"] == 3  # free ones included (dreamrules:380)


def test_four_troops_depend_on_bene_tleilax() -> None:
    alone = judge(revive("harkonnen", {"spice": 20, "tanks": 5}, count=4))
    assert alone.forbidding() == ["dreamrules.revival.limit"]
    with_bt = judge(revive("harkonnen", {"spice": 20, "tanks": 5}, {"bene-tleilax": {}}, count=4))
    assert with_bt.verdict == "unresolved" and "dreamrules.revival.raised-limit" in with_bt.reason


def test_no_fremen_grant_nor_emperor_payment() -> None:
    grant = judge(
        revive(
            "atreides",
            {"spice": 5, "tanks": 3},
            {"fremen": {}},
            count=3,
            fremen_grant=True,
            alliances=[["atreides", "fremen"]],
        )
    )
    assert grant.forbidding() == ["dreamrules.revival.no-fremen-grant"]
    pays = judge(
        revive(
            "atreides",
            {"spice": 5, "tanks": 3},
            {"emperor": {"spice": 9}},
            count=3,
            emperor_pays=1,
            alliances=[["atreides", "emperor"]],
        )
    )
    assert pays.forbidding() == ["dreamrules.revival.no-ally-payment"]


def test_one_sardaukar_but_any_cyborgs() -> None:
    two = judge(revive("emperor", {"spice": 20, "tanks_special": 2, "tanks": 0}, special=2))
    assert two.forbidding() == ["dreamrules.revival.special-one"]
    assert judge(revive("ixians", {"spice": 20, "tanks_special": 2, "tanks": 0}, special=2)).verdict == "legal"


# -- collection ----------------------------------------------------------------------------------------------


def collect(
    faction: str, forces: list[dict[str, Any]], amount: int, state: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "phase": "spice-collection",
        "factions": {faction: state or {}, "harkonnen" if faction != "harkonnen" else "atreides": {}},
        "forces": forces,
        "spice": [{"territory": "Red Chasm", "amount": amount}],
        "move": {"action": "collect", "faction": faction, "territory": "Red Chasm"},
    }


def test_cyborgs_collect_three_each() -> None:
    v = judge(collect("ixians", [{"faction": "ixians", "territory": "Red Chasm", "count": 1, "special": 2}], 10))
    assert (v.outcome["spice_collected"], v.outcome["spice_left"]) == (8, 2)


@pytest.mark.parametrize(
    "cities,lost,tithe", [(["Arrakeen"], 0, 2), (["Arrakeen", "Carthag"], 6, 3), (["Arrakeen"], 7, 0)]
)
def test_letos_tithe(cities: list[str], lost: int, tithe: int) -> None:
    forces = [{"faction": "atreides", "territory": "Red Chasm", "count": 1}] + [
        {"faction": "atreides", "territory": c, "count": 2} for c in cities
    ]
    v = judge(collect("atreides", forces, 10, {"forces_lost_in_battle": lost}))
    assert v.outcome["letos_tithe"] == tithe
    assert v.outcome["spice_collected"] == 3  # Arrakeen: three per troop
    assert "dreamrules:528" in cited(v)


def test_a_spice_mine_is_council_question_1859() -> None:
    data = collect("harkonnen", [{"faction": "harkonnen", "territory": "Red Chasm", "count": 2}], 3)
    data["spice_mines"] = [{"territory": "Red Chasm", "sector": 6, "yield": 3, "created_turn": 1}]
    v = judge(data)
    assert v.verdict == "unresolved" and "#1859" in v.reason


# -- victory ------------------------------------------------------------------------------------------------


def pause(forces: list[tuple[str, str, int]], turn: int = 5, **extra: Any) -> dict[str, Any]:
    factions = extra.pop("factions", {f: {} for f in ("atreides", "harkonnen", "fremen", "spacing-guild")})
    return {
        "turn": turn,
        "phase": "mentat-pause",
        "storm": 1,
        "factions": factions,
        "forces": [
            {"faction": f, "territory": t, "count": n, **({"sector": 8} if t == "Shield Wall" else {})}
            for f, t, n in forces
        ],
        **extra,
    }


TWO = [("atreides", "Arrakeen", 3), ("atreides", "Carthag", 2)]


@pytest.mark.parametrize("markers,winner", [(3, "none"), (4, "atreides"), (6, "atreides")])
def test_shield_wall_counts_at_four_markers(markers: int, winner: str) -> None:
    v = judge(pause([*TWO, ("atreides", "Shield Wall", 2)], shield_wall_markers=markers))
    assert v.outcome["winner"] == winner


def test_three_tech_tokens_count_and_the_priority_removes_them_first() -> None:
    factions = {"atreides": {}, "harkonnen": {"tech_tokens": TOKENS}, "fremen": {}, "spacing-guild": {}}
    harkonnen = [("harkonnen", "Sietch Tabr", 2), ("harkonnen", "Habbanya Sietch", 2)]
    assert judge(pause(harkonnen, factions=factions)).outcome["winner"] == "harkonnen"
    both = judge(pause([*TWO, ("atreides", "Shield Wall", 2), *harkonnen], factions=factions, shield_wall_markers=4))
    assert both.outcome["winner"] == "atreides"  # dreamrules:690: the tokens go first
    assert "dreamrules:690" in cited(both)


def test_turn_ten_fremen_win_and_no_guild_stallout() -> None:
    v = judge(pause([("harkonnen", "Sietch Tabr", 3)], turn=10))
    assert v.outcome["winner"] == "fremen"
    assert not any(f.rule.id == "gf9.position.guild-special" for f in v.findings)
    gf9 = evaluate(
        load_position({**pause([("harkonnen", "Sietch Tabr", 3)], turn=10), "ruleset": "gf9", "advanced": True})
    )
    assert gf9.outcome["winner"] == "spacing-guild"


def test_fremen_ally_shares_only_with_three_strongholds() -> None:
    allied = [["fremen", "atreides"]]
    three = judge(pause([*TWO, ("fremen", "Sietch Tabr", 1)], turn=10, alliances=allied))
    assert three.outcome["winner"] == ["atreides", "fremen"]
    two = judge(pause([("atreides", "Arrakeen", 3), ("fremen", "Sietch Tabr", 1)], turn=10, alliances=allied))
    assert two.outcome["winner"] == "fremen"


@pytest.mark.parametrize(
    "data,rule",
    [
        (
            pause(
                [("atreides", "Arrakeen", 3)], turn=10, factions={"atreides": {}, "harkonnen": {}, "spacing-guild": {}}
            ),
            "no-fremen",
        ),
        (
            pause(
                TWO, factions={"atreides": {"carryall": True, "tech_tokens": TOKENS[:2]}, "harkonnen": {}, "fremen": {}}
            ),
            "carryall",
        ),
        (
            pause(
                [*TWO, ("atreides", "Sietch Tabr", 1)],
                factions={"atreides": {}, "bene-tleilax": {"infiltrating": ["atreides"]}, "fremen": {}},
            ),
            "infiltration",
        ),
    ],
)
def test_council_questions_are_unresolved(data: dict[str, Any], rule: str) -> None:
    v = judge(data)
    assert v.verdict == "unresolved" and f"dreamrules.position.{rule}" in v.reason


# -- generated positions ----------------------------------------------------------------------------------------

EXAMPLES = 90  # per kind: 360 in all


def _maybe_suppressed(draw: Any) -> list[str]:
    pool = [
        "Shaddam's Favor",
        "Bidding Payments",
        "Extra Treachery Cards",
        "Revival Income",
        "Discount Revival",
        "Leto's Tithe",
    ]
    return draw(st.lists(st.sampled_from(pool), max_size=2, unique=True))


@st.composite
def bid_positions(draw: Any) -> dict[str, Any]:
    me = draw(st.sampled_from(FACTIONS))
    listed = draw(st.lists(st.sampled_from(FACTIONS), min_size=1, max_size=4, unique=True))
    factions = {
        f: {"spice": draw(st.integers(0, 8)), "hand": draw(st.integers(0, 8 if f == "harkonnen" else 4))}
        for f in {me, *listed}
    }
    factions[me]["suppressed"] = _maybe_suppressed(draw)
    if "emperor" in factions:
        factions["emperor"]["suppressed"] = _maybe_suppressed(draw)
    if draw(st.booleans()):
        factions[me]["hand"] = draw(st.lists(st.sampled_from(["Karama", "Lasgun", "Baliset", "Shield"]), max_size=3))
    others = [f for f in factions if f != me]
    alliances = [[me, others[0]]] if others and draw(st.booleans()) else []
    amount = draw(st.one_of(st.none(), st.integers(0, 12)))
    data: dict[str, Any] = {
        "phase": draw(st.sampled_from(["bidding", "bidding", "revival"])),
        "factions": factions,
        "alliances": alliances,
        "players": draw(st.one_of(st.none(), st.just(6))),
        "move": {
            "action": "bid",
            "faction": me,
            "amount": amount,
            "ally_support": draw(st.integers(0, 3)),
            "karama": draw(st.booleans()),
            "shaddams_favor": draw(st.integers(0, 4)),
        },
    }
    if draw(st.booleans()):
        data["current_auction"] = {"high_bidder": others[0] if others else me, "high_bid": draw(st.integers(1, 6))}
    return data


@st.composite
def revive_positions(draw: Any) -> dict[str, Any]:
    me = draw(st.sampled_from(FACTIONS))
    special_ok = me in ("emperor", "fremen", "ixians")
    count = draw(st.integers(0, 6))
    special = draw(st.integers(0, 3)) if special_ok else 0
    others = draw(st.lists(st.sampled_from([f for f in FACTIONS if f != me]), min_size=1, max_size=3, unique=True))
    factions: dict[str, Any] = {o: {"spice": draw(st.integers(0, 9))} for o in others}
    factions[me] = {
        "spice": draw(st.integers(0, 12)),
        "tanks": draw(st.integers(0, 8)),
        "tanks_special": draw(st.integers(0, 3)) if special_ok else 0,
        "suppressed": _maybe_suppressed(draw),
    }
    if "bene-tleilax" in factions:
        factions["bene-tleilax"]["suppressed"] = _maybe_suppressed(draw)
    move: dict[str, Any] = {"action": "revive", "faction": me, "count": count, "special": special}
    if draw(st.integers(0, 5)) == 0:
        move["fate"] = True
    if draw(st.integers(0, 5)) == 0:
        move["emperor_pays"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 5)) == 0:
        move["fremen_grant"] = draw(st.booleans())
    if me == "atreides" and draw(st.integers(0, 5)) == 0:
        move["kwisatz_haderach"] = True
    if me in ("atreides", "harkonnen") and draw(st.booleans()):
        from checker.arrakis.position import components

        leaders = list(components()["leaders"][me])
        dead = draw(st.lists(st.sampled_from(leaders), min_size=1, max_size=5, unique=True))
        factions[me]["leaders_in_tanks"] = dead
        move["leader"] = draw(st.sampled_from(dead))
    alliances = [[me, others[0]]] if draw(st.booleans()) else []
    return {
        "phase": draw(st.sampled_from(["revival", "revival", "bidding"])),
        "factions": factions,
        "alliances": alliances,
        "move": move,
    }


@st.composite
def collect_positions(draw: Any) -> dict[str, Any]:
    me = draw(st.sampled_from(FACTIONS))
    where = draw(st.sampled_from(["Red Chasm", "The Great Flat", "Funeral Plain"]))
    forces = [
        {
            "faction": me,
            "territory": where,
            "count": draw(st.integers(0, 5)),
            "special": draw(st.integers(0, 3)) if me == "ixians" else 0,
        }
    ]
    for city in ("Arrakeen", "Carthag"):
        if draw(st.booleans()):
            forces.append({"faction": draw(st.sampled_from([me, "harkonnen"])), "territory": city, "count": 2})
    state: dict[str, Any] = {"suppressed": _maybe_suppressed(draw)}
    if draw(st.booleans()):
        state["forces_lost_in_battle"] = draw(st.integers(0, 9))
    data: dict[str, Any] = {
        "phase": draw(st.sampled_from(["spice-collection", "spice-collection", "battle"])),
        "factions": {me: state, "harkonnen" if me != "harkonnen" else "atreides": {}},
        "forces": [g for g in forces if g["count"] or g.get("special")],
        "spice": [{"territory": where, "amount": draw(st.integers(0, 14))}],
        "move": {"action": "collect", "faction": me, "territory": where},
    }
    if draw(st.integers(0, 4)) == 0:
        sector = {"Red Chasm": 6, "The Great Flat": 14, "Funeral Plain": 14}[where]
        data["spice_mines"] = [{"territory": where, "sector": sector, "yield": 3, "created_turn": 1}]
    return data


@st.composite
def mentat_positions(draw: Any) -> dict[str, Any]:
    listed = draw(
        st.lists(st.sampled_from(FACTIONS), min_size=2 if draw(st.integers(0, 6)) == 0 else 3, max_size=5, unique=True)
    )
    factions: dict[str, Any] = {f: {} for f in listed}
    for f in listed:
        if draw(st.integers(0, 3)) == 0:
            factions[f]["tech_tokens"] = draw(st.lists(st.sampled_from(TOKENS), max_size=3, unique=True))
        if f == "atreides" and draw(st.integers(0, 4)) == 0:
            factions[f]["carryall"] = True
    if "bene-gesserit" in factions and draw(st.booleans()):
        factions["bene-gesserit"]["prediction"] = {
            "faction": draw(st.sampled_from(listed)),
            "turn": draw(st.integers(1, 10)),
        }
    if "bene-tleilax" in factions and draw(st.booleans()):
        factions["bene-tleilax"]["infiltrating"] = [draw(st.sampled_from(listed))]
    forces = []
    for place in [*STRONGHOLDS, "Shield Wall"]:
        # mostly one faction a place (two opposing ones would have fought: an invalid position)
        for f in draw(
            st.lists(st.sampled_from(listed), max_size=2 if draw(st.integers(0, 5)) == 0 else 1, unique=True)
        ):
            group: dict[str, Any] = {"faction": f, "territory": place, "count": draw(st.integers(1, 3))}
            if place == "Shield Wall":
                group["sector"] = 8
            forces.append(group)
    data: dict[str, Any] = {
        "turn": draw(st.sampled_from([None, 3, 5, 9, 10, 10])),
        "phase": "mentat-pause",
        "storm": 1,
        "factions": factions,
        "forces": forces,
        "alliances": [listed[:2]] if draw(st.booleans()) else [],
    }
    if draw(st.integers(0, 4)) != 0:
        data["shield_wall_markers"] = draw(st.integers(0, 6))
    if draw(st.integers(0, 5)) == 0:
        data["players"] = 6
    return data


def _answers(data: dict[str, Any]) -> None:
    try:
        v = judge(data)
    except InputError:
        return  # a position the format refuses: one clear input error, never a crash
    assert v.verdict in ("legal", "illegal", "unresolved", "invalid-position")
    if v.verdict in ("illegal", "invalid-position"):
        assert v.forbidding() or v.minimal_reason, data
    if v.verdict == "unresolved":
        assert v.reason, data


GENERATED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@GENERATED
@given(data=bid_positions())
def test_generated_bids(data: dict[str, Any]) -> None:
    _answers(data)


@GENERATED
@given(data=revive_positions())
def test_generated_revivals(data: dict[str, Any]) -> None:
    _answers(data)


@GENERATED
@given(data=collect_positions())
def test_generated_collections(data: dict[str, Any]) -> None:
    _answers(data)


@GENERATED
@given(data=mentat_positions())
def test_generated_mentat_pauses(data: dict[str, Any]) -> None:
    _answers(data)


@pytest.mark.parametrize(("favor", "covered"), [(2, 2), (0, None)])
def test_a_bid_costs_its_amount_and_says_what_shaddams_favor_covers(favor: int, covered: int | None) -> None:
    """cost is the bid, whoever pays it (the shared vocabulary); favor_covered is the Emperor's part (dreamrules:358),
    the bidder paying the rest, as dreamrules.bidding.payee says."""
    move: dict[str, Any] = {"action": "bid", "faction": "atreides", "amount": 3}
    if favor:
        move["shaddams_favor"] = favor
    v = judge(
        {
            "ruleset": "dreamrules",
            "advanced": True,
            "turn": 3,
            "phase": "bidding",
            "factions": {"emperor": {"spice": 5, "hand": 1}, "atreides": {"spice": 1 + 2 - favor, "hand": 1}},
            "move": move,
        }
    )
    assert v.verdict == "legal"
    assert v.outcome["cost"] == 3 and v.outcome.get("favor_covered") == covered
    if favor:
        payee = next(f for f in v.findings if f.rule.id == "dreamrules.bidding.payee")
        assert "Atreides pays the Emperor 1 spice" in payee.message
