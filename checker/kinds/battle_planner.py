"""`mentat battle`: the strongest legal plan, the smallest winning dial, whether a plan can lose.

A z3 Optimize over the battle rules in force, with one side's plan left to the solver.
"""

from __future__ import annotations

from typing import Any

from checker.errors import InputError
from checker.facts import Vars
from checker.kinds.battle import (
    KH_BONUS_H,
    LASGUN,
    NO_CARD,
    POISON,
    PROJECTILE,
    WORTHLESS,
    Battle,
    BattleFacts,
    available_leaders,
    battle_facts,
    card_ids,
    card_kinds,
    leader_ids,
)
from checker.position import BattleMove, Position

# -- planning: the strongest legal plan, the smallest winning dial, can a plan lose ------

PLAN_FIELDS = (
    "leader",
    "strength",
    "leader_own",
    "leader_in_tanks",
    "leader_used_elsewhere",
    "ch",
    "weapon",
    "defense",
    "dial_h",
    "spice",
    "kh",
    "traitor",
    "missing_cards",
    "mercenaries",
    "weapon_id",
    "defense_id",
    "leader_id",
)


def _planner(
    pos: Position, faction: str, ruleset: str, free: str, outcome_rules: bool = False, cards: bool = False
) -> tuple[Any, Any, Any, BattleFacts]:
    """A z3 Optimize over the rules in force, with side ``free``'s plan left to the solver."""
    import dataclasses

    import z3

    from checker.facts import bindings
    from checker.rules import ruleset_rules

    facts = battle_facts(pos)
    m = pos.move
    assert isinstance(m, BattleMove)
    name = facts.a_name if free == "a" else facts.d_name
    v = Vars(facts)
    k = KINDS_BATTLE
    k.choices(v, facts)
    opt = z3.Optimize()
    opt.set("timeout", 10000)
    opt.add(*k.frame(v, facts))
    plan_vars = {f"{free}_{n}" for n in PLAN_FIELDS}
    unbound: dict[str, Any] = {n: None for n in plan_vars}
    kept = dataclasses.replace(facts, **unbound)
    opt.add(*bindings(v, kept))
    g = lambda n: getattr(v, f"{free}_{n}")  # noqa: E731
    avail = sorted(available_leaders(pos, name, m.territory).items())
    pick = z3.Int(f"{free}_pick")
    opt.add(pick >= 0, pick <= len(avail))
    strength = z3.IntVal(0)
    for i, (_, st) in enumerate(avail, start=1):
        strength = z3.If(pick == i, st, strength)
    lid = z3.IntVal(0)
    for i, (n, _) in enumerate(avail, start=1):
        lid = z3.If(pick == i, leader_ids(pos)[n], lid)
    opt.add(g("leader_id") == lid)
    opt.add(g("leader") == (pick > 0), g("strength") == strength, g("leader_own"), z3.Not(g("leader_in_tanks")))
    opt.add(z3.Not(g("leader_used_elsewhere")), g("missing_cards") == 0, g("mercenaries") == 0, g("spice") >= 0)
    if not getattr(facts, f"{free}_ch_in_hand"):
        opt.add(z3.Not(g("ch")))
    state = pos.factions.get(name)
    hand = state.hand if state else None
    weapon_codes, defense_codes = card_kinds()
    if isinstance(hand, list):
        ids = card_ids()
        for slot, codes in (("weapon", weapon_codes), ("defense", defense_codes)):
            none = z3.And(g(slot) == NO_CARD, g(f"{slot}_id") == 0)
            opt.add(z3.Or(none, *(z3.And(g(slot) == codes[c], g(f"{slot}_id") == ids[c]) for c in hand)))
    elif hand == 0:
        opt.add(g("weapon") == NO_CARD, g("defense") == NO_CARD)
    if not cards:  # cards add no strength: a strength plan leaves them out (and calls no traitor)
        opt.add(g("weapon") == NO_CARD, g("defense") == NO_CARD, z3.Not(g("traitor")))
    opt.add(g("weapon") >= 0, g("weapon") <= WORTHLESS, g("defense") >= 0, g("defense") <= WORTHLESS, g("dial_h") >= 0)
    probing: dict[str, Any] = {
        f"{free}_leader": True,
        f"{free}_ch": True,
        f"{free}_kh": True,
        f"{free}_spice": 1,
        f"{free}_weapon": 1,
        f"{free}_defense": 1,
        f"{free}_dial_h": 0,
        f"{free}_traitor": True,
    }
    probe = dataclasses.replace(facts, **probing)
    for r in ruleset_rules(ruleset).values():
        if r.on != "battle" or r.form is None or r.status != "confirmed" or not r.applies(probe):
            continue
        if r.defines and not outcome_rules:
            continue
        opt.add(r.form(v))
    return opt, v, pick, facts


KINDS_BATTLE = Battle()


def _plan_of(model: Any, v: Any, pick: Any, facts: BattleFacts, pos: Position, x: str) -> dict[str, Any]:
    import z3

    m = pos.move
    assert isinstance(m, BattleMove)
    name = facts.side(x, "name")
    avail = sorted(available_leaders(pos, name, m.territory).items())

    def val(t: Any) -> Any:
        got = model.eval(t, model_completion=True)
        return got.as_long() if z3.is_int_value(got) else z3.is_true(got)

    p = val(pick)
    dial_h = val(getattr(v, f"{x}_dial_h"))
    out: dict[str, Any] = {
        "leader": avail[p - 1][0] if p else None,
        "cheap_hero": bool(val(getattr(v, f"{x}_ch"))),
        "dial": dial_h // 2 if dial_h % 2 == 0 else dial_h / 2,
    }
    if facts.advanced:
        out["spice"] = val(getattr(v, f"{x}_spice"))
    if val(getattr(v, f"{x}_kh")):
        out["kwisatz_haderach"] = True
    codes = {PROJECTILE: "projectile", POISON: "poison", LASGUN: "lasgun", WORTHLESS: "worthless"}
    for slot in ("weapon", "defense"):
        c = val(getattr(v, f"{x}_{slot}"))
        if c:
            out[slot] = (
                codes[c] if slot == "weapon" else {PROJECTILE: "Shield", POISON: "Snooper", WORTHLESS: "worthless"}[c]
            )
    if val(getattr(v, f"{x}_traitor")):
        out["traitor"] = True
    total = (
        dial_h
        + (0 if not (out["leader"] or out["cheap_hero"]) else 2 * val(getattr(v, f"{x}_strength")))
        + (KH_BONUS_H if out.get("kwisatz_haderach") else 0)
    )
    out["total"] = total // 2 if total % 2 == 0 else total / 2
    return out


def _side_of(facts: BattleFacts, faction: str) -> str:
    if faction == facts.a_name:
        return "a"
    if faction == facts.d_name:
        return "d"
    raise InputError("--faction", f"a faction in this battle ({facts.a_name} or {facts.d_name})", faction)


def _total(v: Any, x: str) -> Any:
    import z3

    return getattr(v, f"{x}_dial_h") + 2 * getattr(v, f"{x}_strength") + z3.If(getattr(v, f"{x}_kh"), KH_BONUS_H, 0)


def strongest_plan(pos: Position, faction: str, ruleset: str = "gf9") -> dict[str, Any] | None:
    """The legal plan with the highest total (its leader surviving), spending the least spice for it."""
    import z3

    facts = battle_facts(pos)
    x = _side_of(facts, faction)
    opt, v, pick, facts = _planner(pos, faction, ruleset, x)
    opt.maximize(_total(v, x))
    opt.minimize(getattr(v, f"{x}_spice"))
    if opt.check() != z3.sat:
        return None
    return _plan_of(opt.model(), v, pick, facts, pos, x)


def smallest_winning_dial(pos: Position, faction: str, against: float, ruleset: str = "gf9") -> dict[str, Any] | None:
    """The plan with the smallest dial whose total beats ``against`` (ties go to the aggressor), leader surviving."""
    import z3

    facts = battle_facts(pos)
    x = _side_of(facts, faction)
    opt, v, pick, facts = _planner(pos, faction, ruleset, x)
    need = round(against * 2)
    opt.add(_total(v, x) >= need if x == "a" else _total(v, x) > need)
    opt.minimize(getattr(v, f"{x}_dial_h"))
    opt.minimize(getattr(v, f"{x}_spice"))
    if opt.check() != z3.sat:
        return None
    return _plan_of(opt.model(), v, pick, facts, pos, x)


def can_lose(pos: Position, faction: str, ruleset: str = "gf9") -> dict[str, Any] | None:
    """Some legal opposing plan that beats the faction's plan in the file (None: it cannot lose)."""
    import z3

    facts = battle_facts(pos)
    x = _side_of(facts, faction)
    y = "d" if x == "a" else "a"
    opt, v, pick, facts = _planner(pos, faction, ruleset, y, outcome_rules=True, cards=True)
    if getattr(facts, f"{x}_dial_h") is None:
        m = pos.move
        assert isinstance(m, BattleMove)
        raise InputError(f"move.plans.{faction}.dial", "the faction's dial (the plan to test)")
    opt.add(v.winner != (1 if x == "a" else 2))
    if opt.check() != z3.sat:
        return None
    out = _plan_of(opt.model(), v, pick, facts, pos, y)
    out["winner"] = {0: "none", 1: facts.a_name, 2: facts.d_name}[opt.model().eval(v.winner).as_long()]
    return out
