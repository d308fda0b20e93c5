"""`mentat battle`: the strongest legal plan, the smallest winning dial, whether a plan can lose.

A z3 Optimize over the battle rules in force, with one side's plan left to the solver. What bounds
each answer is said: the rules whose unsat core stops a stronger plan, and for "can lose" the
opposing plans it is measured against (the opponent's forces, usable leaders, and the cards it can
hold: its listed hand, or else any card of the deck not known to be elsewhere).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from checker.arrakis.kinds.battle import (
    CHEAP_HEROES,
    KH_BONUS_H,
    NO_CARD,
    ROLE_CARDS,
    WORTHLESS,
    Battle,
    BattleFacts,
    available_leaders,
    battle_facts,
    card_ids,
    card_kinds,
    leader_ids,
)
from checker.arrakis.position import BattleMove, Position, components
from checker.errors import InputError
from checker.facts import Vars

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
SARDAUKAR_GAP = "gf9.battle.sardaukar-value"
# Rulesets whose battle the planner does not search (its totals and ties are GF9's): the rule that says how they
# differ is cited, and `mentat check` still judges the file's plans.
# The rulesets whose battles are GF9's `battle` kind (Conquest's are a kind of their own, with its own cards and
# leaders: `mentat check` judges them) ...
PLANNED = ("gf9", "overview", "dreamrules")
# ... and of those, the ones whose best plans the planner does not search (it knows GF9's strengths, ties and
# deck): the rule that decides the winner, and what the planner would miss. It still judges the file's plans.
UNPLANNED = {"dreamrules": ("dreamrules.battle.winner", "Dreamrules' Mercenaries, Sardaukar, Retreat or Zoal")}
KINDS_BATTLE = Battle()


def deck_copies() -> Counter[str]:
    """How many copies of each card the GF9 Treachery deck holds."""
    deck = components()["treachery_deck"]
    out: Counter[str] = Counter()
    for group in deck.values():
        for cards in group.values() if isinstance(group, dict) else [group]:
            out.update(cards)
    return out


def holdable_cards(pos: Position, faction: str) -> tuple[list[str] | None, str]:
    """The cards a faction can play and how that is known: its listed hand, or every card of the deck
    with a copy not known to be elsewhere (other factions' listed hands, other plans' cards)."""
    state = pos.factions.get(faction)
    hand = state.hand if state else None
    if isinstance(hand, list):
        return list(hand), "its listed hand"
    if hand == 0:
        return [], "its empty hand"
    known: Counter[str] = Counter()
    for f, st in pos.factions.items():
        if f != faction and isinstance(st.hand, list):
            known.update(st.hand)
    m = pos.move
    if isinstance(m, BattleMove):
        for f, plan in m.plans.items():
            other = pos.factions.get(f)
            if f != faction and not (other and isinstance(other.hand, list)):
                known.update(plan.cards)
    free = [c for c, n in deck_copies().items() for _ in range(max(0, n - known[c]))]
    how = "any card of the deck not known to be elsewhere"
    if isinstance(hand, int):
        how += f" (at most {hand}, its hand's size)"
    return free, how


def _planner(
    pos: Position,
    faction: str,
    ruleset: str,
    free: str,
    outcome_rules: bool = False,
    cards: bool = False,
    loose: bool = False,
) -> tuple[Any, Any, Any, BattleFacts, dict[str, Any]]:
    """A z3 Optimize over the rules in force, with side ``free``'s plan left to the solver.

    Returns the optimizer, the variables, the leader pick, the facts and the tracked literal of
    each rule asserted (for the unsat core that says which rules bound an answer). With ``loose``, the
    other side's plan is left open too: a plan's strength does not hang on the file's opposing plan."""
    import dataclasses

    import z3

    from checker.facts import bindings
    from checker.rules import ruleset_rules

    facts = battle_facts(pos)
    m = pos.move
    assert isinstance(m, BattleMove)
    name = facts.a_name if free == "a" else facts.d_name
    k = KINDS_BATTLE
    shape = (ruleset, k.shape(facts))
    v = _VARS.get(shape)
    if v is None:  # the same variables for every position of a shape: made once (with the binding terms they keep)
        v = _VARS[shape] = Vars(facts)
        k.choices(v, facts)
    opt = z3.Optimize()
    opt.set("timeout", 10000)
    opt.add(*k.frame(v, facts))
    plan_vars = {f"{free}_{n}" for n in PLAN_FIELDS}
    if loose:
        plan_vars |= {f"{'d' if free == 'a' else 'a'}_{n}" for n in PLAN_FIELDS}
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
    holdable, _how = holdable_cards(pos, name)
    state = pos.factions.get(name)
    hand = state.hand if state else None
    if not any(c in CHEAP_HEROES for c in holdable or []):
        opt.add(z3.Not(g("ch")))
    if not (pos.advanced or pos.ruleset == "dreamrules"):
        # the text does not say whether the Basic game has the token (gf9.battle.kh-basic): propose no plan with it
        opt.add(z3.Not(g("kh")))
    weapon_codes, defense_codes = card_kinds()
    ids = card_ids()
    # Weirding Way and Chemistry take their role from the whole plan (card_roles): no fixed place to propose them in
    playable = sorted(set(holdable or []) - set(ROLE_CARDS))
    for slot, codes in (("weapon", weapon_codes), ("defense", defense_codes)):
        none = z3.And(g(slot) == NO_CARD, g(f"{slot}_id") == 0)
        opt.add(z3.Or(none, *(z3.And(g(slot) == codes[c], g(f"{slot}_id") == ids[c]) for c in playable)))
    copies = Counter(holdable or [])
    for c in playable:  # one copy cannot fill both places
        if copies[c] < 2:
            opt.add(z3.Not(z3.And(g("weapon_id") == ids[c], g("defense_id") == ids[c])))
    if isinstance(hand, int):
        count = z3.If(g("weapon") != NO_CARD, 1, 0) + z3.If(g("defense") != NO_CARD, 1, 0) + z3.If(g("ch"), 1, 0)
        opt.add(count <= hand)
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
    literals: dict[str, Any] = {}
    # a rule's form over the same variables is the same term: built once per ruleset and shape of the facts
    forms = _FORMS.setdefault(shape, {})
    for r in ruleset_rules(ruleset, on="battle").values():
        if r.on != "battle" or r.form is None or r.status != "confirmed":
            continue
        if not r.defines and not r.applies(probe):
            continue
        if r.defines and not outcome_rules:
            continue
        form = forms.get(r.id)
        if form is None or form[0] is not r:
            form = forms[r.id] = (r, r.form(v))
        if r.defines:  # their forms are guarded by the situation they define
            opt.add(form[1])
            continue
        literals[r.id] = z3.Bool(f"plan:{r.id}")
        opt.add(z3.Implies(literals[r.id], form[1]))
    opt.add(*literals.values())
    return opt, v, pick, facts, literals


_FORMS: dict[tuple[Any, ...], dict[str, tuple[Any, Any]]] = {}
_VARS: dict[tuple[Any, ...], Vars] = {}


def _plan_of(model: Any, v: Any, pick: Any, facts: BattleFacts, pos: Position, x: str) -> dict[str, Any]:
    import z3

    m = pos.move
    assert isinstance(m, BattleMove)
    name = facts.side(x, "name")
    avail = sorted(available_leaders(pos, name, m.territory).items())
    names = {i: c for c, i in card_ids().items()}

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
    for slot in ("weapon", "defense"):
        if val(getattr(v, f"{x}_{slot}")):
            out[slot] = names.get(val(getattr(v, f"{x}_{slot}_id")), "?")
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


def _bounds(opt: Any, literals: dict[str, Any], beyond: Any) -> list[str]:
    """The rules that together stop a plan ``beyond`` the answer (an unsat core, minimised)."""
    import z3

    s = z3.Solver()
    s.set("timeout", 10000)
    s.set("core.minimize", True)
    # compared by AST id: printing every assertion to compare texts cost two seconds a plan
    lits = {lit.get_id() for lit in literals.values()}
    # straight to the C API, as the engine does: z3's Python add() re-checks every term
    ctx, native = s.ctx.ref(), s.solver
    for a in opt.assertions():
        if a.get_id() not in lits:
            z3.Z3_solver_assert(ctx, native, a.as_ast())
    s.add(beyond)
    if s.check(*literals.values()) != z3.unsat:
        return []
    core = {c.get_id() for c in s.unsat_core()}
    return [rid for rid, lit in literals.items() if lit.get_id() in core]


def _sardaukar(facts: BattleFacts, *sides: str) -> bool:
    return any(facts.side(x, "sardaukar") for x in sides)


def strongest_plan(pos: Position, faction: str, ruleset: str = "gf9") -> dict[str, Any] | None:
    """The legal plan with the highest total (its leader surviving), spending the least spice for it."""
    import z3

    facts = battle_facts(pos)
    x = _side_of(facts, faction)
    opt, v, pick, facts, literals = _planner(pos, faction, ruleset, x, loose=True)
    opt.maximize(_total(v, x))
    opt.minimize(getattr(v, f"{x}_spice"))
    if opt.check() != z3.sat:
        return None
    model = opt.model()
    out = _plan_of(model, v, pick, facts, pos, x)
    best = model.eval(_total(v, x), model_completion=True).as_long()
    out["bounded_by"] = _bounds(opt, literals, _total(v, x) > best)
    return out


def smallest_winning_dial(pos: Position, faction: str, against: float, ruleset: str = "gf9") -> dict[str, Any] | None:
    """The plan with the smallest dial whose total beats ``against`` (ties go to the aggressor), leader surviving."""
    import z3

    facts = battle_facts(pos)
    x = _side_of(facts, faction)
    opt, v, pick, facts, _ = _planner(pos, faction, ruleset, x, loose=True)
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
    opt, v, pick, facts, _ = _planner(pos, faction, ruleset, y, outcome_rules=True, cards=True)
    if getattr(facts, f"{x}_dial_h") is None:
        raise InputError(f"move.plans.{faction}.dial", "the faction's dial (the plan to test)")
    opt.add(v.winner != (1 if x == "a" else 2))
    if opt.check() != z3.sat:
        return None
    out = _plan_of(opt.model(), v, pick, facts, pos, y)
    out["winner"] = {0: "none", 1: facts.a_name, 2: facts.d_name}[opt.model().eval(v.winner).as_long()]
    return out


def _plan_in_file_legal(pos: Position, faction: str, ruleset: str) -> tuple[str, list[str]]:
    """Whether the faction's plan in the file is legal with some legal opposing plan: ("legal", []) or
    ("illegal", the rules that forbid it, an unsat core). The opposing plan in the file is left out: its
    own faults are the `check` answer's (reported beside)."""
    import z3

    facts = battle_facts(pos)
    x = _side_of(facts, faction)
    opt, _v, _pick, _facts, literals = _planner(pos, faction, ruleset, "d" if x == "a" else "a", cards=True)
    if opt.check() == z3.sat:
        return "legal", []
    return "illegal", _bounds(opt, literals, z3.BoolVal(True))


def _check_answer(pos: Position) -> dict[str, Any]:
    """What ``mentat check`` answers on the file's plans (both given), in short."""
    from checker.engine import evaluate

    verdict = evaluate(pos)
    out: dict[str, Any] = {"verdict": verdict.verdict}
    if verdict.verdict in ("illegal", "invalid-position"):
        out["forbidden_by"] = [
            {"rule": f.rule.id, "message": f.message, "cites": [str(c) for c in f.sources]}
            for f in verdict.findings
            if f.effect == "forbids"
        ]
    elif verdict.verdict == "unresolved":
        out["reason"] = verdict.reason
    return out


def _cited(ids: list[str]) -> list[dict[str, Any]]:
    from checker.rules import REGISTRY, load_for

    load_for("battle")

    return [
        {"rule": rid, "cites": [str(c) for c in REGISTRY[rid].cites], "title": REGISTRY[rid].title}
        for rid in ids
        if rid in REGISTRY
    ]


def plan_battle(
    pos: Position, faction: str | None, against: float | None = None, losses: str | None = None
) -> dict[str, Any]:
    """The whole answer of ``mentat battle`` as one JSON-ready object (the CLI prints it)."""
    from checker.arrakis.kinds.battle import loss_options
    from checker.names import display, faction_name, whose

    m = pos.move
    if not isinstance(m, BattleMove):
        raise InputError("move", "a battle move (action: battle, territory, aggressor, plans)")
    if pos.ruleset not in PLANNED:
        raise InputError(
            "ruleset",
            f"a ruleset whose battles `mentat battle` plans ({', '.join(PLANNED)}); `mentat check` judges "
            "the plans in the file",
            pos.ruleset,
            list(PLANNED),
        )
    facts = battle_facts(pos)
    if faction is None or faction.strip().lower() == "aggressor":
        sides = [facts.a_name]
    elif faction.strip().lower() == "both":
        sides = [facts.a_name, facts.d_name]
    else:
        me = faction_name(faction, "--faction")
        _side_of(facts, me)
        sides = [me]
    if losses is not None and losses not in ("one", "all"):
        raise InputError("--losses", "one or all", losses)
    out: dict[str, Any] = {"ruleset": pos.ruleset, "territory": m.territory, "aggressor": facts.a_name, "plans": []}
    if all(f in m.plans and m.plans[f].dial is not None for f in (facts.a_name, facts.d_name)):
        out["check"] = _check_answer(pos)
    for me in sides:
        x = _side_of(facts, me)
        y = "d" if x == "a" else "a"
        foe = facts.side(y, "name")
        _held, how = holdable_cards(pos, me)
        _foe_held, foe_how = holdable_cards(pos, foe)
        side: dict[str, Any] = {"faction": me, "role": "aggressor" if x == "a" else "defender", "cards_from": how}
        if pos.ruleset in UNPLANNED:
            side["strongest"] = None
            side["unresolved"] = _cited([UNPLANNED[pos.ruleset][0]])
        elif _sardaukar(facts, x):
            side["strongest"] = None
            side["unresolved"] = _cited([SARDAUKAR_GAP])
        else:
            best = strongest_plan(pos, me, pos.ruleset)
            side["strongest"] = best
            if best is not None:
                side["bounded_by"] = _cited(best.pop("bounded_by"))
            if against is not None:
                side["smallest_winning_dial"] = smallest_winning_dial(pos, me, against, pos.ruleset)
        plan = m.plans.get(me)
        if plan is not None and plan.dial is not None:
            file_plan: dict[str, Any] = {}
            if pos.ruleset in UNPLANNED:
                file_plan["verdict"] = "unresolved"
                rid, missed = UNPLANNED[pos.ruleset]
                file_plan["reason"] = (
                    f"{rid}: the planner searches plans under GF9's strengths and ties, not {missed} "
                    "(mentat check judges the plans in the file)"
                )
            elif _sardaukar(facts, x, y):
                file_plan["verdict"] = "unresolved"
                file_plan["reason"] = f"{SARDAUKAR_GAP}: the Sardaukar's battle value is not stated (gf9:303)"
            elif (status := _plan_in_file_legal(pos, me, pos.ruleset))[0] == "illegal":
                file_plan["verdict"] = "illegal"
                file_plan["forbidden_by"] = _cited(status[1])
            else:
                file_plan["verdict"] = "legal"
                beaten_by = can_lose(pos, me, pos.ruleset)
                file_plan["can_lose"] = beaten_by is not None
                if beaten_by is not None:
                    file_plan["beaten_by"] = beaten_by
                file_plan["measured_against"] = (
                    f"every plan {display(foe)} could legally make: its forces in {m.territory}, its usable leaders, "
                    f"and {foe_how}; {whose(me)} plan as written "
                    + (
                        "(the file's Karama cards played, no other Voice, Prescience or Karama)"
                        if m.karama
                        else "(Voice, Prescience and Karama not played)"
                    )
                )
            side["plan_in_file"] = file_plan
            if losses is not None:
                opts = [] if _sardaukar(facts, x) else loss_options(facts, x, every=losses == "all")
                side["loss_options"] = opts
        elif losses is not None:
            raise InputError(f"move.plans.{me}.dial", "the dial whose losses to select")
        out["plans"].append(side)
    return out


def describe(out: dict[str, Any]) -> list[str]:
    """The answer as lines a player reads."""
    import json

    from checker.names import display

    def plan_text(p: dict[str, Any]) -> str:
        parts = [f"leader {p['leader']}" if p.get("leader") else ("Cheap Hero" if p.get("cheap_hero") else "no leader")]
        parts.append(f"dial {p['dial']}")
        for key in ("spice", "weapon", "defense"):
            if p.get(key):
                parts.append(f"{key} {p[key]}")
        if p.get("kwisatz_haderach"):
            parts.append("Kwisatz Haderach")
        if p.get("traitor"):
            parts.append("calls a traitor")
        return ", ".join(parts) + (f" (total {p['total']})" if "total" in p else "")

    lines: list[str] = []
    if "check" in out:
        c = out["check"]
        lines.append(f"the file's plans, as mentat check judges them: {c['verdict'].upper()}")
        for f in c.get("forbidden_by", []):
            lines.append(f"  ✗ {f['rule']}  {f['message']}  [{', '.join(f['cites'])}]")
        if c.get("reason"):
            lines.append(f"  {c['reason']}")
    for side in out["plans"]:
        who = display(side["faction"])
        lines.append(f"{who} ({side['role']} in {out['territory']}):")
        if side.get("unresolved"):
            r = side["unresolved"][0]
            lines.append(f"  strongest plan: unresolved, {r['rule']}: {r['title']} [{', '.join(r['cites'])}]")
        elif side["strongest"] is None:
            lines.append("  strongest plan: none (no legal plan)")
        else:
            lines.append(f"  strongest plan, its leader surviving: {plan_text(side['strongest'])}")
            for r in side.get("bounded_by", []):
                lines.append(f"    bounded by {r['rule']}: {r['title']} [{', '.join(r['cites'])}]")
        if "smallest_winning_dial" in side:
            got = side["smallest_winning_dial"]
            lines.append("  smallest winning plan: " + (plan_text(got) if got else "none can win"))
        fp = side.get("plan_in_file")
        if fp:
            if fp["verdict"] == "illegal":
                lines.append(f"  {who}'s plan in the file is illegal, whatever the opponent plays:")
                for r in fp.get("forbidden_by", []):
                    lines.append(f"    forbidden by {r['rule']}: {r['title']} [{', '.join(r['cites'])}]")
            elif fp["verdict"] == "unresolved":
                lines.append(f"  the file's plan: unresolved ({fp.get('reason', '')})")
            elif fp.get("can_lose"):
                beaten = fp["beaten_by"]
                lines.append(f"  the file's plan can fail to win, e.g. against {plan_text(beaten)}")
                lines.append(
                    f"    (winner then: {display(beaten['winner']) if beaten['winner'] != 'none' else 'none'})"
                )
            else:
                lines.append("  the file's plan cannot lose")
            if "measured_against" in fp:
                lines.append(f"    measured against {fp['measured_against']}")
        lines.append(f"  cards {who} can hold: {side['cards_from']}")
        if "loss_options" in side:
            lines.append("  loss selections if it wins: " + (json.dumps(side["loss_options"]) or "none"))
    return lines
