"""Battle: two factions' plans in one territory, their legality, then the result.

One facts record holds both sides: fields ``a_*`` are the aggressor's, ``d_*``
the defender's. Strengths are counted in half-units (``*_h``) so the Advanced
game's half-strength forces stay whole numbers for the solver: a dial of 3.5
is ``dial_h = 7``.

Card codes (the deck's categories, constraints/data/gf9-components.yaml):
weapon slot 0 none, 1 projectile, 2 poison, 3 lasgun, 4 worthless, 5 a card that
is no weapon; defense slot 0 none, 1 Shield (projectile defense), 2 Snooper
(poison defense), 4 worthless, 5 a card that is no defense.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.position import BattleMove, BattlePlan, Position, components

SIDES = ("a", "d")
CHEAP_HEROES = ("Cheap Hero", "Cheap Heroine")
NO_CARD, PROJECTILE, POISON, LASGUN, WORTHLESS, WRONG = 0, 1, 2, 3, 4, 5
KH_THRESHOLD = 7  # gf9:349
KH_BONUS_H = 4  # +2 strength, in half-units (gf9:351)


@cache
def card_kinds() -> tuple[dict[str, int], dict[str, int]]:
    """Card name -> its code in the weapon slot, and in the defense slot."""
    deck = components()["treachery_deck"]
    weapon: dict[str, int] = {}
    defense: dict[str, int] = {}
    codes = {"projectile": PROJECTILE, "poison": POISON, "lasgun": LASGUN}
    every = {
        c
        for group in deck.values()
        for cards in (group.values() if isinstance(group, dict) else [group])
        for c in cards
    }
    for c in every:
        weapon[c] = defense[c] = WRONG
    for k, cards in deck["weapons"].items():
        for c in cards:
            weapon[c] = codes[k]
    for k, cards in deck["defenses"].items():
        for c in cards:
            defense[c] = codes[k]
    for c in deck["worthless"]:
        weapon[c] = defense[c] = WORTHLESS
    return weapon, defense


def leaders_of(pos: Position, faction: str) -> dict[str, int]:
    """A faction's leaders and strengths: the printed ones plus the position's ``leaders``."""
    out = dict(components()["leaders"].get(faction, {}))
    state = pos.factions.get(faction)
    if state:
        out.update(state.leaders)
    return out


def available_leaders(pos: Position, faction: str, territory: str) -> dict[str, int]:
    """Leaders not in the Tanks and not used in another territory this phase (gf9:255)."""
    state = pos.factions.get(faction)
    tanks = set(state.leaders_in_tanks) if state else set()
    used = state.leaders_used_this_phase if state else {}
    return {n: s for n, s in leaders_of(pos, faction).items() if n not in tanks and used.get(n, territory) == territory}


def strength_of(pos: Position, name: str) -> int:
    for f in pos.factions:
        if name in leaders_of(pos, f):
            return leaders_of(pos, f)[name]
    for leaders in components()["leaders"].values():
        if name in leaders:
            return int(leaders[name])
    return 0


@dataclass
class BattleFacts(Facts):
    territory: str = label()
    a_name: str = label(doc="the aggressor")
    d_name: str = label(doc="the defender")
    A: str = label()
    D: str = label()
    a_leader_name: str = label()
    d_leader_name: str = label()
    a_cards: list[str] = label(None)
    d_cards: list[str] = label(None)
    o_names: list[str] = label(None, doc="other factions with forces in the territory")
    in_polar_sink: bool = fact(False)
    o_forces: list[int] = fact([], doc="other factions' forces in the territory (lost to an explosion)")
    # the aggressor's side
    a_forces: int = fact(0, doc="ordinary forces in the territory")
    a_special: int = fact(0, doc="Sardaukar / Fedaykin in the territory")
    a_is_fremen: bool = fact(False)
    a_is_atreides: bool = fact(False)
    a_leader: bool = fact(False, key="move.plans.A.leader")
    a_strength: int = fact(0, doc="the leader's printed strength")
    a_leader_own: bool = fact(True)
    a_leader_in_tanks: bool = fact(False, key="factions.A.leaders_in_tanks")
    a_leader_used_elsewhere: bool = fact(False, key="factions.A.leaders_used_this_phase")
    a_leaders_available: int = fact(0)
    a_ch: bool = fact(False, key="move.plans.A.cheap_hero")
    a_ch_in_hand: bool | None = fact(False, key="factions.A.hand")
    a_weapon: int = fact(0, key="move.plans.A.weapon")
    a_defense: int = fact(0, key="move.plans.A.defense")
    a_missing_cards: int = fact(0, key="factions.A.hand", doc="cards in the plan not in the listed hand")
    a_dial_h: int | None = fact(None, key="move.plans.A.dial")
    a_spice: int = fact(0, key="move.plans.A.spice")
    a_spice_held: int | None = fact(0, key="factions.A.spice")
    a_kh: bool = fact(False, key="move.plans.A.kwisatz_haderach")
    a_lost_in_battle: int | None = fact(0, key="factions.A.forces_lost_in_battle")
    a_traitor: bool = fact(False, key="move.plans.A.traitor")
    a_holds_traitor: bool = fact(False, key="factions.A.traitors")
    a_mercenaries: int = fact(0, key="move.plans.A.mercenaries")
    # the defender's side
    d_forces: int = fact(0)
    d_special: int = fact(0)
    d_is_fremen: bool = fact(False)
    d_is_atreides: bool = fact(False)
    d_leader: bool = fact(False, key="move.plans.D.leader")
    d_strength: int = fact(0)
    d_leader_own: bool = fact(True)
    d_leader_in_tanks: bool = fact(False, key="factions.D.leaders_in_tanks")
    d_leader_used_elsewhere: bool = fact(False, key="factions.D.leaders_used_this_phase")
    d_leaders_available: int = fact(0)
    d_ch: bool = fact(False, key="move.plans.D.cheap_hero")
    d_ch_in_hand: bool | None = fact(False, key="factions.D.hand")
    d_weapon: int = fact(0, key="move.plans.D.weapon")
    d_defense: int = fact(0, key="move.plans.D.defense")
    d_missing_cards: int = fact(0, key="factions.D.hand")
    d_dial_h: int | None = fact(None, key="move.plans.D.dial")
    d_spice: int = fact(0, key="move.plans.D.spice")
    d_spice_held: int | None = fact(0, key="factions.D.spice")
    d_kh: bool = fact(False, key="move.plans.D.kwisatz_haderach")
    d_lost_in_battle: int | None = fact(0, key="factions.D.forces_lost_in_battle")
    d_traitor: bool = fact(False, key="move.plans.D.traitor")
    d_holds_traitor: bool = fact(False, key="factions.D.traitors")
    d_mercenaries: int = fact(0, key="move.plans.D.mercenaries")

    def position_key(self, key: str) -> str:
        return key.replace(".A.", f".{self.a_name}.").replace(".D.", f".{self.d_name}.")

    def side(self, x: str, name: str) -> Any:
        return getattr(self, f"{x}_{name}")

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        for x in SIDES:
            dial = out[f"{x}_dial_h"]
            out[f"{x}_dial"] = "?" if dial is None else (dial // 2 if dial % 2 == 0 else dial / 2)
            out[f"{x}_leader_label"] = out[f"{x}_leader_name"] or ("Cheap Hero" if out[f"{x}_ch"] else "no leader")
        return out


def opponent(pos: Position, m: BattleMove, me: str) -> str:
    """The other side of the battle: the other plan, or the one other faction fighting there."""
    others = [f for f in m.plans if f != me]
    if others:
        return others[0]
    there = sorted(pos.occupants(m.territory) - {me})
    if len(there) != 1:
        raise InputError(
            "move.plans", f"the other faction's plan ({me} faces {', '.join(there) or 'nobody'} in {m.territory})"
        )
    return there[0]


def _side_facts(pos: Position, m: BattleMove, me: str, foe: str, x: str) -> dict[str, Any]:
    plan = m.plans.get(me) or BattlePlan()
    foe_plan = m.plans.get(foe) or BattlePlan()
    state = pos.factions.get(me)
    groups = [g for g in pos.groups(me, m.territory) if not (g.advisors and pos.advanced)]
    forces = sum(g.count for g in groups)
    special = sum(g.special for g in groups)
    if not pos.advanced:  # gf9:41 starred tokens count as ordinary forces in the Basic Game
        forces, special = forces + special, 0
    own = leaders_of(pos, me)
    avail = available_leaders(pos, me, m.territory)
    leader = plan.leader
    tanks = set(state.leaders_in_tanks) if state else set()
    used = state.leaders_used_this_phase if state else {}
    hand = state.hand if state else None
    weapon_codes, defense_codes = card_kinds()
    cards = plan.cards
    if isinstance(hand, list):
        left = list(hand)
        missing = 0
        for c in cards:
            if c in left:
                left.remove(c)
            else:
                missing += 1
        ch_in_hand: bool | None = any(c in CHEAP_HEROES for c in hand)
    else:
        missing = max(0, len(cards) - hand) if isinstance(hand, int) else 0
        ch_in_hand = False if hand == 0 else None
    if leader or plan.cheap_hero or avail:
        ch_in_hand = bool(ch_in_hand)  # known, or it does not matter
    spice_held = state.spice if state else None
    if plan.spice == 0 or not pos.advanced:
        spice_held = spice_held if spice_held is not None else 0
    lost = state.forces_lost_in_battle if state else None
    if not plan.kwisatz_haderach:
        lost = lost if lost is not None else 0
    foe_leader = foe_plan.leader
    traitors = set(state.traitors) if state else set()
    return {
        f"{x}_name": me,
        f"{x}_leader_name": leader or "",
        f"{x}_cards": cards,
        f"{x}_forces": forces,
        f"{x}_special": special,
        f"{x}_is_fremen": me == "fremen",
        f"{x}_is_atreides": me == "atreides",
        f"{x}_leader": leader is not None,
        f"{x}_strength": (own[leader] if leader in own else strength_of(pos, leader)) if leader else 0,
        f"{x}_leader_own": leader is None or leader in own,
        f"{x}_leader_in_tanks": leader in tanks,
        f"{x}_leader_used_elsewhere": bool(leader and used.get(leader, m.territory) != m.territory),
        f"{x}_leaders_available": len(avail),
        f"{x}_ch": bool(plan.cheap_hero),
        f"{x}_ch_in_hand": ch_in_hand,
        f"{x}_weapon": weapon_codes[plan.weapon] if plan.weapon else NO_CARD,
        f"{x}_defense": defense_codes[plan.defense] if plan.defense else NO_CARD,
        f"{x}_missing_cards": missing,
        f"{x}_dial_h": None if plan.dial is None else int(plan.dial * 2),
        f"{x}_spice": plan.spice,
        f"{x}_spice_held": spice_held,
        f"{x}_kh": plan.kwisatz_haderach,
        f"{x}_lost_in_battle": lost,
        f"{x}_traitor": plan.traitor,
        f"{x}_holds_traitor": bool(foe_leader and foe_leader in traitors),
        f"{x}_mercenaries": plan.mercenaries or 0,
    }


def battle_facts(pos: Position) -> BattleFacts:
    from checker.names import display

    m = pos.move
    assert isinstance(m, BattleMove)
    agg = m.aggressor
    dfd = opponent(pos, m, agg)
    values = {**_side_facts(pos, m, agg, dfd, "a"), **_side_facts(pos, m, dfd, agg, "d")}
    others = sorted({g.faction for g in pos.groups(territory=m.territory) if g.total} - {agg, dfd})
    return BattleFacts(
        faction=agg,
        advanced=pos.advanced,
        territory=m.territory,
        A=display(agg),
        D=display(dfd),
        o_names=others,
        o_forces=[sum(g.total for g in pos.groups(f, m.territory)) for f in others],
        in_polar_sink=pos.board[m.territory].is_polar_sink,
        **values,
    )


OUTCOME_VARS = (
    "winner",
    "explosion",
    "a_killed",
    "d_killed",
    "a_lost",
    "d_lost",
    "a_gain",
    "d_gain",
    "a_paid",
    "d_paid",
)


@kind
class Battle(Kind):
    name = "battle"
    title = "Battle"
    ruled = ("winner", "explosion", "leaders_killed", "losses", "spice_gained", "spice_paid", "cards_discarded")

    def facts(self, pos: Position) -> BattleFacts:
        return battle_facts(pos)

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        w: Any = v
        w.winner = z3.Int("winner")  # 0 none, 1 aggressor, 2 defender
        w.explosion = z3.Bool("explosion")
        for x in SIDES:
            for name in ("os", "ou", "ss", "su", "lost", "gain", "paid", "disc"):  # disc: 0 none, 1 Cheap Hero, 2 all
                setattr(v, f"{x}_{name}", z3.Int(f"{x}_{name}"))
            setattr(v, f"{x}_killed", z3.Bool(f"{x}_killed"))

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        out = []
        for x in SIDES:
            out += [getattr(v, f"{x}_{n}") >= 0 for n in ("os", "ou", "ss", "su")]
        return out

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, BattleFacts)
        names = {1: facts.a_name, 2: facts.d_name, 0: "none"}
        out: dict[str, Any] = {"winner": names.get(value(v.winner), "none"), "explosion": bool(value(v.explosion))}
        out["leaders_killed"] = [facts.side(x, "leader_name") for x in SIDES if value(getattr(v, f"{x}_killed"))]
        losses = {}
        for x in SIDES:
            n = value(getattr(v, f"{x}_lost"))
            if n > 0:  # -1: the winner's own choice among several (see winner_loss_options)
                losses[facts.side(x, "name")] = n
        if out["explosion"]:
            losses.update({f: n for f, n in zip(facts.o_names, facts.o_forces, strict=True) if n})
        out["losses"] = losses
        out["spice_gained"] = {
            facts.side(x, "name"): value(getattr(v, f"{x}_gain")) for x in SIDES if value(getattr(v, f"{x}_gain"))
        }
        out["spice_paid"] = {
            facts.side(x, "name"): value(getattr(v, f"{x}_paid")) for x in SIDES if value(getattr(v, f"{x}_paid"))
        }
        discarded: list[str] = []
        for x in SIDES:
            disc = value(getattr(v, f"{x}_disc"))
            cards = facts.side(x, "cards") or []
            discarded += cards if disc == 2 else [c for c in cards if c in CHEAP_HEROES] if disc == 1 else []
        out["cards_discarded"] = discarded
        winner = value(v.winner)
        if facts.advanced and winner in (1, 2):
            x = "a" if winner == 1 else "d"
            if value(getattr(v, f"{x}_lost")) == -1:
                out["winner_loss_options"] = loss_options(facts, x, every=True)
        return out


# -- gf9:299: the winner's losses in the Advanced game, as a z3 problem ---------


def strength_terms(x: str, v: Any, fremen: Any) -> Any:
    """Half-units of a loss selection (os/ou supported/unsupported ordinary, ss/su special)."""
    import z3

    os_, ou, ss, su = (getattr(v, f"{x}_{n}") for n in ("os", "ou", "ss", "su"))
    full = 2 * (os_ + ou) + 4 * (ss + su)
    return z3.If(fremen, full, 2 * os_ + ou + 4 * ss + 2 * su)


def loss_options(facts: BattleFacts, x: str, every: bool = False, limit: int = 200) -> list[dict[str, int]]:
    """Valid loss selections for side ``x``: strength equal to its dial, support equal to its spice.

    Each is ``{forces, special, supported}``: ordinary and special tokens lost, and how many
    of them the committed spice supported. One (the first found) unless ``every``.
    """
    import z3

    class V:
        pass

    v: Any = V()
    for n in ("os", "ou", "ss", "su"):
        setattr(v, f"{x}_{n}", z3.Int(f"{x}_{n}"))
    os_, ou, ss, su = (getattr(v, f"{x}_{n}") for n in ("os", "ou", "ss", "su"))
    s = z3.Solver()
    s.set("timeout", 5000)
    fremen = bool(facts.side(x, "is_fremen"))
    dial_h = facts.side(x, "dial_h") or 0
    s.add(os_ >= 0, ou >= 0, ss >= 0, su >= 0)
    s.add(os_ + ou <= facts.side(x, "forces"), ss + su <= facts.side(x, "special"))
    s.add(strength_terms(x, v, z3.BoolVal(fremen)) == dial_h)
    if fremen:  # support means nothing to Fremen forces: count them all as unsupported
        s.add(os_ == 0, ss == 0)
    else:
        s.add(os_ + ss == facts.side(x, "spice"))
    out: list[dict[str, int]] = []
    seen = set()
    while len(out) < limit and s.check() == z3.sat:
        mdl = s.model()
        got = {n: mdl.eval(getattr(v, f"{x}_{n}"), model_completion=True).as_long() for n in ("os", "ou", "ss", "su")}
        key = (got["os"] + got["ou"], got["ss"] + got["su"], got["os"] + got["ss"])
        if key not in seen:
            seen.add(key)
            out.append({"forces": key[0], "special": key[1], "supported": key[2]})
        if not every:
            break
        s.add(z3.Or(os_ != got["os"], ou != got["ou"], ss != got["ss"], su != got["su"]))
    return sorted(out, key=lambda d: (d["special"], d["forces"]))


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
    opt.add(g("leader") == (pick > 0), g("strength") == strength, g("leader_own"), z3.Not(g("leader_in_tanks")))
    opt.add(z3.Not(g("leader_used_elsewhere")), g("missing_cards") == 0, g("mercenaries") == 0, g("spice") >= 0)
    if not getattr(facts, f"{free}_ch_in_hand"):
        opt.add(z3.Not(g("ch")))
    state = pos.factions.get(name)
    hand = state.hand if state else None
    weapon_codes, defense_codes = card_kinds()
    if isinstance(hand, list):
        opt.add(z3.Or(g("weapon") == NO_CARD, *(g("weapon") == weapon_codes[c] for c in hand)))
        opt.add(z3.Or(g("defense") == NO_CARD, *(g("defense") == defense_codes[c] for c in hand)))
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
