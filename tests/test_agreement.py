"""Checks and z3 forms agree on generated positions; a rule whose two halves disagree is caught.

Positions are drawn from the GF9 board (real territories and their sectors) as
the YAML mappings a user would write, loaded by the published loader, and
judged by the engine. Every kind of question that has rules gets its own
generator; a new kind with rules and no generator shows up as a skip.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import checker.kinds  # noqa: F401 - registers the kinds
from checker import engine
from checker.board import gf9_board
from checker.engine import Disagreement, decide, evaluate
from checker.facts import KINDS
from checker.position import load_position
from checker.rules import LAYERS, REGISTRY, load_all, rule, ruleset_rules

load_all()

BOARD = gf9_board()
TERRITORIES = sorted(BOARD.names)
FACTIONS = ["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit"]
PHASES = ["storm", "spice-blow", "bidding", "revival", "shipment-and-movement", "battle", "spice-collection", "mentat-pause"]
SEATS = [18, 3, 6, 9, 12, 15]
GF9_FAMILY = [name for name in ("overview", "gf9", "dreamrules") if name in LAYERS]


def rulesets_for(kind: str) -> list[str]:
    return [rs for rs in GF9_FAMILY if any(r.on == kind for r in ruleset_rules(rs).values())]


KINDS_WITH_RULES = sorted({r.on for rs in GF9_FAMILY for r in ruleset_rules(rs).values()})
TOTAL_EXAMPLES = 1200


def sector_of(draw: Any, territory: str, *, often_none: bool = True) -> int | None:
    sectors = BOARD[territory].sectors
    if not sectors or (often_none and draw(st.booleans())):
        return None
    return draw(st.sampled_from(sectors))


def some(draw: Any, strategy: Any) -> Any:
    """A value, or None (the key left out)."""
    return draw(st.none() | strategy)


@st.composite
def base_position(draw: Any, ruleset: str) -> dict[str, Any]:
    players = draw(st.lists(st.sampled_from(FACTIONS), min_size=1, max_size=6, unique=True))
    pos: dict[str, Any] = {"ruleset": ruleset, "advanced": draw(st.booleans())}
    for key, strategy in (
        ("storm", st.integers(1, 18)),
        ("turn", st.integers(1, 10)),
        ("phase", st.sampled_from(PHASES)),
        ("shield_wall", st.sampled_from(["standing", "destroyed"])),
    ):
        value = some(draw, strategy)
        if value is not None:
            pos[key] = value
    factions: dict[str, Any] = {}
    for f in players:
        state = {}
        for key, hi in (("spice", 40), ("reserves", 20), ("reserves_special", 5), ("tanks", 10)):
            value = some(draw, st.integers(0, hi))
            if value is not None:
                state[key] = value
        factions[f] = state
    pos["factions"] = factions
    forces = []
    for _ in range(draw(st.integers(0, 6))):
        territory = draw(st.sampled_from(TERRITORIES))
        group: dict[str, Any] = {
            "faction": draw(st.sampled_from(players)),
            "territory": territory,
            "count": draw(st.integers(0, 12)),
            "special": draw(st.integers(0, 3)),
        }
        sector = sector_of(draw, territory)
        if sector is not None:
            group["sector"] = sector
        if group["faction"] == "bene-gesserit" and draw(st.booleans()):
            group["advisors"] = True
        forces.append(group)
    pos["forces"] = forces
    spice = []
    for _ in range(draw(st.integers(0, 3))):
        territory = draw(st.sampled_from(TERRITORIES))
        pile: dict[str, Any] = {"territory": territory, "amount": draw(st.integers(0, 15))}
        sector = sector_of(draw, territory)
        if sector is not None:
            pile["sector"] = sector
        spice.append(pile)
    pos["spice"] = spice
    if len(players) >= 2 and draw(st.booleans()):
        pos["alliances"] = [draw(st.lists(st.sampled_from(players), min_size=2, max_size=2, unique=True))]
    if draw(st.booleans()):
        seats = draw(st.permutations(SEATS))
        pos["seats"] = {f: seats[i] for i, f in enumerate(players) if draw(st.integers(0, 5)) > 0}
    return pos


@st.composite
def ship_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    faction = draw(st.sampled_from(list(pos["factions"])))
    move: dict[str, Any] = {
        "action": "ship",
        "faction": faction,
        "count": draw(st.integers(0, 12)),
        "special": draw(st.integers(0, 2)),
    }
    guild = faction == "spacing-guild"
    how = draw(st.sampled_from(["reserves", "cross", "back"] if guild else ["reserves"]))
    if how == "back":
        move["to"] = "reserves"
    else:
        move["to"] = draw(st.sampled_from(TERRITORIES))
        sector = sector_of(draw, move["to"])
        if sector is not None:
            move["sector"] = sector
    if how in ("cross", "back"):
        origin = draw(st.sampled_from(TERRITORIES))
        move["from"] = origin
        sector = sector_of(draw, origin)
        if sector is not None:
            move["from_sector"] = sector
    if draw(st.integers(0, 3)) == 0:
        move["ally_support"] = draw(st.integers(0, 10))
    if faction != "bene-gesserit" and "bene-gesserit" in pos["factions"] and draw(st.booleans()):
        move["accompany"] = draw(st.booleans())
    return move


@st.composite
def move_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    faction = draw(st.sampled_from(list(pos["factions"])))
    origin = draw(st.sampled_from(TERRITORIES))
    path = [origin]
    for _ in range(draw(st.integers(0, 4))):  # mostly a walk over the board, sometimes a jump
        near = sorted(BOARD.adjacent_territories(path[-1]))
        path.append(draw(st.sampled_from(near if near and draw(st.integers(0, 5)) else TERRITORIES)))
    to = path[-1] if len(path) > 1 else draw(st.sampled_from(TERRITORIES))
    move: dict[str, Any] = {
        "action": "move",
        "faction": faction,
        "from": origin,
        "to": to,
        "count": draw(st.integers(0, 10)),
        "special": draw(st.integers(0, 2)),
    }
    if draw(st.booleans()):
        pos["forces"].append({"faction": faction, "territory": origin, "count": draw(st.integers(0, 12))})
    for key, territory in (("from_sector", origin), ("sector", to)):
        sector = sector_of(draw, territory)
        if sector is not None:
            move[key] = sector
    if len(path) > 2 and draw(st.booleans()):
        move["via"] = path[1:-1]
    return move


@st.composite
def storm_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    move: dict[str, Any] = {"action": "storm"}
    how = draw(st.sampled_from(["distance", "dials", "both"]))
    dials = [draw(st.integers(0, 20)), draw(st.integers(0, 20))]
    if how in ("dials", "both"):
        move["dials"] = dials
    if how == "distance":
        move["distance"] = draw(st.integers(0, 40))
    if how == "both":
        move["distance"] = sum(dials)
    return move


def no_move(pos: dict[str, Any]) -> Any:
    return st.none()


MOVES = {"ship": ship_move, "move": move_move, "storm": storm_move, "position": no_move}
ALLOWED = {"position": {"legal", "invalid-position", "unresolved"}}
DEFAULT_ALLOWED = {"legal", "illegal", "unresolved"}
ACTIVE = [k for k in KINDS_WITH_RULES if k in MOVES]
PER_KIND = max(200, -(-TOTAL_EXAMPLES // max(1, len(ACTIVE))))


@st.composite
def position_for(draw: Any, kind: str) -> tuple[str, dict[str, Any]]:
    ruleset = draw(st.sampled_from(rulesets_for(kind)))
    pos = draw(base_position(ruleset))
    move = draw(MOVES[kind](pos))
    if move is not None:
        pos["move"] = move
    return ruleset, pos


def test_examples_add_up() -> None:
    assert ACTIVE, "no kind of question has rules and a generator"
    assert PER_KIND * len(ACTIVE) >= 1000


@pytest.mark.parametrize("kind", sorted(set(KINDS_WITH_RULES) | set(MOVES)))
@settings(
    max_examples=PER_KIND,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_checks_and_forms_agree(kind: str, data: st.DataObject) -> None:
    if kind not in MOVES:
        pytest.skip(f"kind {kind!r} has rules but this test has no generator for it yet")
    if kind not in KINDS_WITH_RULES:
        pytest.skip(f"kind {kind!r} has no rules yet")
    ruleset, raw = data.draw(position_for(kind))
    pos = load_position(json.loads(json.dumps(raw)))  # what a user's file would load to
    assert engine.kind_of(pos).name == kind
    try:
        verdict = evaluate(pos, ruleset)
    except Disagreement as err:  # pragma: no cover - the failure this test exists for
        pytest.fail(f"{err}\nposition: {json.dumps(raw)}")
    assert verdict.verdict in ALLOWED.get(kind, DEFAULT_ALLOWED), verdict.verdict
    assert verdict.exit_code == engine.EXIT[verdict.verdict]
    forbidding = verdict.forbidding()
    if verdict.verdict in ("illegal", "invalid-position"):
        assert forbidding and verdict.minimal_reason, "a refusal names no rule"
        assert set(verdict.minimal_reason) <= {r.id for r in ruleset_rules(ruleset).values()}
    else:
        assert not forbidding
    if verdict.verdict == "unresolved":
        assert verdict.reason
    json.dumps(verdict.as_json())  # the CLI prints it


# -- a rule that disagrees with itself ---------------------------------------

SHIP = {
    "ruleset": "gf9",
    "storm": 10,
    "factions": {"atreides": {"spice": 10, "reserves": 10}},
    "move": {"action": "ship", "faction": "atreides", "count": 3, "to": "Arrakeen"},
}


def _liar(check: Any, form: Any, **extra: Any) -> Any:
    lie = rule("selftest.shipment.liar", on="ship", cites="gf9:99", title="A rule at odds with itself", **extra)(check)
    lie.z3(form)
    return lie


@pytest.mark.parametrize(
    "how",
    ["check permits, form forbids", "check forbids, form permits", "check and form fix different costs"],
)
def test_a_rule_whose_check_and_form_disagree_is_named(how: str) -> None:
    import z3

    if how == "check permits, form forbids":
        lie = _liar(lambda s: True, lambda v: z3.BoolVal(False))
    elif how == "check forbids, form permits":
        lie = _liar(lambda s: False, lambda v: z3.BoolVal(True))
    else:
        lie = _liar(lambda s: {"cost": 1}, lambda v: v.cost == 2, defines=("cost",))
    try:
        assert REGISTRY["selftest.shipment.liar"] is lie
        facts = KINDS["ship"].facts(load_position(SHIP))
        with pytest.raises(Disagreement) as caught:
            decide("selftest", KINDS["ship"], [lie], facts)
        assert caught.value.rule is lie
        assert "selftest.shipment.liar" in str(caught.value)
    finally:
        REGISTRY.pop("selftest.shipment.liar", None)
        for key in [k for k in engine._SOLVERS if k[0] == "selftest"]:
            del engine._SOLVERS[key]
    assert "selftest.shipment.liar" not in REGISTRY
    assert not any(k[0] == "selftest" for k in engine._SOLVERS)
    assert evaluate(load_position(SHIP)).verdict == "legal"  # the real rules are untouched


def test_an_honest_rule_passes_the_same_test() -> None:
    honest = _liar(lambda s: s.count <= 5, lambda v: v.count <= 5)
    try:
        facts = KINDS["ship"].facts(load_position(SHIP))
        assert decide("selftest", KINDS["ship"], [honest], facts).verdict == "legal"
        facts.count = 7
        verdict = decide("selftest", KINDS["ship"], [honest], facts)
        assert verdict.verdict == "illegal" and verdict.minimal_reason == [honest.id]
    finally:
        REGISTRY.pop("selftest.shipment.liar", None)
        for key in [k for k in engine._SOLVERS if k[0] == "selftest"]:
            del engine._SOLVERS[key]
