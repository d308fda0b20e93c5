"""``dice-combat``: one combat of the Combat step (dice:135-155) and its result.

The move names the attacker (``faction``, dice:136 "You count as the attacker") and the contested
``region``; the rest says what the players did: the removals a Fortification or Stronghold aimed at
each Faction's Troops (``fortification_removes``; the Harkonnen lose one less, dice:208), the Troops
Shai-Hulud removed (``shai_hulud``) and who called it (``shai_hulud_by``), the Troops and Leaders each
sent (``sent``, ``leaders_sent``), the faces of each Faction's Combat dice (``rolls``), which Troops the
dice killed (``killed``, where more than one Faction's Troops could take the kills), the Loyalty tokens
revealed (``loyalty_revealed``) and the Troops the Guild evacuated (``evacuated``).

Sides (dice:136, 143): side 1 is the attacker and its Ally; side 2 every other Faction with Troops in
the Region, and the Allies of those (who may send their Leaders, dice:143); side 0 every other Faction.

Facts follow the Dice Game's conventions (checker/dice/kinds/position.py): per-Faction facts are lists
``f_<what>`` in the order of the ``factions`` label. A number the position does not give, where it
decides, leaves one of the ``*_known`` facts ``None`` and the rule that needs it names the position's key
(``factions.harkonnen.combat_chart``): the Combat dice chart is not printed (dice:147, 256).

Loyalty tokens (dice:149): a token a Faction reveals showing another Faction is an attack on that
Faction's Troops; one showing its own is a defence. ``f_succ_by`` / ``f_succ_on`` are the attacks
that stand (not defended) by and on each Faction; the text's order of resolution (Turn Order) matters
only where a defence could answer attacks of several Factions, or a converted Troop is converted
again: those are gaps (constraints/dice/combat.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from checker.dice.kinds import noting_inferred
from checker.dice.position import FACTIONS, CombatMove, DicePosition, display, whose
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.outcomes import winner_of

NO_TOKEN, FORTIFICATION, STRONGHOLD = 0, 1, 2
CODE = {f: i for i, f in enumerate(FACTIONS)}  # atreides 0, harkonnen 1, fremen 2, corrino 3, guild 4, bg 5
ATREIDES, HARKONNEN, FREMEN = CODE["atreides"], CODE["harkonnen"], CODE["fremen"]
NOT_LISTED = 100  # turn-order position of a Faction the position's turn_order does not list


@dataclass
class DiceCombatFacts(Facts):
    """The facts of a Dice Game combat."""

    # the Region and the step
    step_ok: bool = fact(True, key="step", doc="the position's step, if given, is the Combat step")
    polar_sink: bool = fact(False, key="move.region", doc="the contested Region is the Polar Sink")
    in_sandstorm: bool | None = fact(None, key="sandstorm", doc="the Sandstorm is in the contested Region")
    desert: bool = fact(True, key="move.region", doc="the contested Region is a desert Region (dice:59)")
    token: int = fact(0, key="fortifications", doc="0 no token, 1 Fortification, 2 Stronghold in the Region")
    controller: int = fact(-1, key="fortifications", doc="index of the token's controller, -1 none or unknown")
    controlled: bool = fact(False, key="fortifications", doc="a player controls the token (known or not: dice:157)")
    attacker: int = fact(0, key="move.faction", doc="index of the attacker")
    guild_in_game: bool = fact(False, key="factions", doc="the Spacing Guild takes part")
    # what the position may not give (None: a rule that needs it names the key)
    leaders_known: bool | None = fact(True, key="leaders_known")
    dice_known: bool | None = fact(True, key="dice_known")
    chart_known: bool | None = fact(True, key="chart_known")
    killed_known: bool | None = fact(True, key="killed_known")
    loyalty_known: bool | None = fact(True, key="loyalty_known")
    supply_known: bool | None = fact(True, key="supply_known")
    order_known: bool | None = fact(True, key="order_known")
    controller_known: bool | None = fact(True, key="controller_known", doc="who controls the token is known")
    # per Faction, in the order of ``factions``
    f_code: list[int] = fact([], doc="the Faction (0 Atreides, 1 Harkonnen, 2 Fremen, 3 Corrino, 4 Guild, 5 BG)")
    f_side: list[int] = fact([], doc="1 the attacker's side, 2 the defenders', 0 not in this combat")
    f_fremen_side: list[bool] = fact([], doc="it is the Fremen or the Fremen's Ally (dice:218)")
    shai_caller_ok: bool = fact(True, key="move.shai_hulud_by", doc="Shai-Hulud's caller is the Fremen or their Ally")
    shai_by_ally: bool = fact(False, key="move.shai_hulud_by", doc="the Fremen's Ally, not the Fremen, calls it")
    fremen_here: bool = fact(False, key="troops", doc="the Fremen have Troops in the Region")
    caller_here: bool = fact(False, key="troops", doc="Shai-Hulud's caller has Troops in the Region")
    f_troops: list[int] = fact([], key="troops", doc="its Troops in the Region before the combat")
    f_aimed: list[int] = fact([], key="move.fortification_removes", doc="the token's removals aimed at its Troops")
    f_shai: list[int] = fact([], key="move.shai_hulud", doc="its Troops Shai-Hulud removed")
    f_sent: list[int] = fact([], key="move.sent", doc="Troops it sent (the one on a token included)")
    f_leaders_sent: list[int] = fact([], key="move.leaders_sent", doc="Leaders it sent")
    f_leaders: list[int] = fact([], key="factions.FACTION.leader", doc="Leaders on its Faction board (0 unknown)")
    f_part: list[bool] = label([], doc="it takes part in the combat (dice:143): Troops there, or a Leader to hide")
    part_known: bool | None = fact(True, key="part_known", doc="who of the sides takes part is known (dice:143)")
    f_combat_dice: list[int] = fact([], key="factions.FACTION.dice", doc="dice on its Combat slots")
    f_rolled: list[int] = fact([], key="move.rolls", doc="Combat dice it rolled")
    f_kills: list[int] = fact([], key="factions.FACTION.combat_chart", doc="Troops its rolls kill (its chart)")
    f_killed: list[int] = fact([], key="move.killed", doc="its Troops the Combat dice killed")
    f_attacks: list[int] = fact([], key="move.loyalty_revealed", doc="tokens it revealed showing another Faction")
    f_bad_attacks: list[int] = fact([], doc="of those, tokens showing a Faction not fighting for its opponents")
    f_attacked: list[int] = fact([], doc="tokens others revealed showing it")
    f_defended: list[int] = fact([], doc="tokens it revealed showing itself (defences)")
    f_tokens_missing: list[int] = fact([], key="factions.FACTION.loyalty", doc="revealed tokens it does not hold")
    f_succ_by: list[int] = fact([], doc="its attacks that stand (not defended)")
    f_succ_on: list[int] = fact([], doc="attacks on its Troops that stand")
    f_supply: list[int] = fact([], key="factions.FACTION.supply", doc="Troops in its supply (0 unknown)")
    f_evac: list[int] = fact([], key="move.evacuated", doc="its Troops the Guild evacuated")
    f_order: list[int] = fact([], key="turn_order", doc="its place in Turn Order (100+ not listed)")
    # labels
    factions: tuple[str, ...] = label(())
    region: str = label()
    attacker_name: str = label()
    token_name: str = label(doc="Fortification / Stronghold / none")
    controller_name: str = label()
    controller_whose: str = label(doc="the controller's name as a possessive, for messages")
    step: str = label()
    sandstorm: str = label()
    region_kind: str = label(doc="city / desert, for messages")
    shai_caller: str = label(doc="who calls Shai-Hulud, as the move says ('' when it does not)")
    keys: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "fact -> position key"})
    details: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "key -> what it decides"})
    # situations only gap rules read (no rule's z3 form needs them)
    defence_choice: tuple[str, ...] = label((), doc="Factions whose defence could answer attacks of several")
    refilled: tuple[str, ...] = label((), doc="Factions converting more than their supply holds, refilled in combat")

    def position_key(self, key: str) -> str:
        return self.keys.get(key, key)

    def missing_detail(self, key: str) -> str:
        return self.details.get(key, "")

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["Faction"] = display(self.faction) if self.faction else ""
        out["Attacker"] = display(self.attacker_name) if self.attacker_name else ""
        return out

    def idx(self, faction: str) -> int:
        return self.factions.index(faction) if faction in self.factions else -1

    def name(self, i: int) -> str:
        return display(self.factions[i]) if 0 <= i < len(self.factions) else "no one"


def _count(value: dict[str, int] | None, f: str) -> int:
    return int((value or {}).get(f, 0) or 0)


def _sides(pos: DicePosition, m: CombatMove, names: list[str]) -> dict[str, int]:
    first = {m.faction, *pos.allies_of(m.faction)}
    present = {f for f in names if pos.troops_in(m.region, f) > 0}
    defenders = present - first
    second = defenders | {a for d in defenders for a in pos.allies_of(d)}
    second -= first
    return {f: 1 if f in first else 2 if f in second else 0 for f in names}


def combat_facts(pos: DicePosition) -> DiceCombatFacts:
    m = pos.move
    assert isinstance(m, CombatMove)
    names = list(pos.faction_names)
    for f in [
        m.faction,
        *m.sent,
        *m.leaders_sent,
        *m.rolls,
        *m.fortification_removes,
        *m.shai_hulud,
        *m.evacuated,
        *(m.killed or {}),
        *m.loyalty_revealed,
        *(g for shown in m.loyalty_revealed.values() for g in shown),
        *pos.allies_of(m.faction),
    ]:
        if f not in names:
            names.append(f)
    n = len(names)
    side = _sides(pos, m, names)
    keys: dict[str, str] = {}
    notes: list[str] = []
    region = pos.board[m.region] if m.region in pos.board.names else None
    token = pos.fortification_in(m.region)
    token_kind = NO_TOKEN if token is None else (STRONGHOLD if token.kind == "stronghold" else FORTIFICATION)
    order = {f: i for i, f in enumerate(pos.turn_order)}
    control = pos.token_control(m.region)  # dice:157-158
    controller = control.faction
    order_known: bool | None = True
    controller_known: bool | None = True
    details: dict[str, str] = {}
    if not control.known:
        controller_known = None
        keys["controller_known"] = control.key
        details[control.key] = control.why
    if control.note:
        notes.append(control.note)

    troops = [pos.troops_in(m.region, f) for f in names]
    removed = [_count(m.fortification_removes, f) for f in names]
    shai = [_count(m.shai_hulud, f) for f in names]
    sent = [_count(m.sent, f) for f in names]
    lsent = [_count(m.leaders_sent, f) for f in names]

    leaders_known: bool | None = True
    for f, k in zip(names, lsent, strict=True):
        if k > 0 and pos.state(f).leader is None and leaders_known:
            leaders_known = None
            keys["leaders_known"] = f"factions.{f}.leader"

    # dice:143: who takes part: the attacker, each Faction with Troops there (or sending any), and an Ally with a
    # Leader on its Faction board to hide; an Ally with neither does not (one whose Leaders are not given: unknown)
    part: list[bool] = []
    part_known: bool | None = True
    for f, here, k, ls in zip(names, troops, sent, lsent, strict=True):
        leader = pos.state(f).leader
        part.append(side[f] != 0 and (f == m.faction or here > 0 or k > 0 or ls > 0 or bool(leader)))
        if side[f] and not part[-1] and leader is None and part_known:
            part_known = None
            keys["part_known"] = f"factions.{f}.leader (whether {display(f)} takes part in the combat: dice:143)"

    # Combat dice (dice:147)
    dice_known: bool | None = True
    combat_dice, rolled = [], []
    for f, s, ls in zip(names, sent, lsent, strict=True):
        st = pos.state(f)
        faces = m.rolls.get(f)
        rolled.append(len(faces or []))
        if st.dice_listed:
            combat_dice.append(len(st.faces("combat")))
        else:  # the position gives none of its dice: its rolls say how many it had
            combat_dice.append(len(faces or []))
            if (s or ls) and faces is None and dice_known:
                dice_known = None
                keys["dice_known"] = f"move.rolls.{f}"
            elif faces:
                notes.append(
                    f"the position does not give {display(f)}'s dice: its {len(faces)} rolls are taken as "
                    "the dice on its Combat slots"
                )
    chart_known: bool | None = True
    kills = []
    for f in names:
        chart = pos.state(f).combat_chart
        faces = m.rolls.get(f) or []
        if side[f] and any(x not in chart for x in faces):
            if chart_known:
                chart_known = None
                keys["chart_known"] = f"factions.{f}.combat_chart"
            kills.append(0)
        else:
            kills.append(sum(chart.get(x, 0) for x in faces))

    # which Troops the dice killed
    killed_known: bool | None = True
    if m.killed is not None:
        killed = [_count(m.killed, f) for f in names]
    else:
        killed = [0] * n
        for x in (1, 2):
            k = sum(kills[i] for i in range(n) if side[names[i]] not in (0, x))
            takers = [i for i in range(n) if side[names[i]] == x and sent[i] > 0]
            if not k or not takers:
                continue
            if len(takers) == 1 or k >= sum(sent[i] for i in takers):
                left = k
                for i in takers:
                    killed[i] = min(left, sent[i])
                    left -= killed[i]
                note = (
                    "every kill of the Combat dice is taken to land on the opposing side's Troops sent to combat "
                    "(dice:147; move.killed says otherwise)"
                )
                if note not in notes:  # one note for both sides
                    notes.append(note)
            elif chart_known:
                killed_known = None
                keys["killed_known"] = "move.killed"

    # Loyalty tokens (dice:149)
    attacks: dict[tuple[str, str], int] = Counter()
    defended = [0] * n
    for f, shown in m.loyalty_revealed.items():
        for g in shown:
            if g == f:
                defended[names.index(f)] += 1
            else:
                attacks[(f, g)] += 1
    attacked = [sum(c for (_r, g), c in attacks.items() if g == f) for f in names]
    succ: dict[tuple[str, str], int] = dict(attacks)
    choice: list[str] = []
    for gi, g in enumerate(names):
        if not attacked[gi] or not defended[gi]:
            continue
        by = [r for (r, t) in attacks if t == g]
        if defended[gi] >= attacked[gi]:
            for r in by:
                succ[(r, g)] = 0
        elif len(by) == 1:
            succ[(by[0], g)] = attacked[gi] - defended[gi]
        else:  # which attacks the defences answer is the defender's choice: a gap
            choice.append(g)
            left = defended[gi]
            for r in by:
                take = min(left, succ[(r, g)])
                succ[(r, g)] -= take
                left -= take
    succ_by = [sum(c for (r, _g), c in succ.items() if r == f) for f in names]
    succ_on = [sum(c for (_r, g), c in succ.items() if g == f) for f in names]
    bad = [
        sum(c for (r, g), c in attacks.items() if r == f and (side[f] == 0 or side[g] == 0 or side[g] == side[f]))
        for f in names
    ]
    loyalty_known: bool | None = True
    missing = []
    for f in names:
        shown = m.loyalty_revealed.get(f, [])
        held = pos.state(f).loyalty
        if not shown:
            missing.append(0)
        elif held is None:
            missing.append(0)
            if loyalty_known:
                loyalty_known = None
                keys["loyalty_known"] = f"factions.{f}.loyalty"
        elif isinstance(held, int):
            missing.append(max(0, len(shown) - held))
        else:
            missing.append(sum((Counter(shown) - Counter(held)).values()))
    supply_known: bool | None = True
    supply = []
    refilled: list[str] = []
    for i, f in enumerate(names):
        given = pos.state(f).supply
        supply.append(given or 0)
        if succ_by[i] and given is None and supply_known:
            supply_known = None
            keys["supply_known"] = f"factions.{f}.supply"
        if succ_by[i] > (given or 0) and lost_to_token(CODE[f], token_kind, removed[i]) + shai[i] + killed[i] > 0:
            refilled.append(f)
    evac = [_count(m.evacuated, f) for f in names]

    # Shai-Hulud (dice:217-219): who called it, where the move says (else the Fremen may always have)
    fremen_allies = pos.allies_of("fremen")
    caller = m.shai_hulud_by or ""

    facts = DiceCombatFacts(
        faction=m.faction,
        step_ok=pos.step in (None, "combat"),
        polar_sink=bool(region and region.neutral),
        in_sandstorm=None if pos.sandstorm is None else pos.sandstorm == m.region,
        desert=bool(region.desert) if region else True,
        token=token_kind,
        controller=names.index(controller) if controller in names else -1,
        controlled=controller is not None or not control.known,
        attacker=names.index(m.faction),
        guild_in_game="spacing-guild" in pos.faction_names,
        leaders_known=leaders_known,
        dice_known=dice_known,
        chart_known=chart_known,
        killed_known=killed_known,
        loyalty_known=loyalty_known,
        supply_known=supply_known,
        order_known=order_known,
        controller_known=controller_known,
        f_code=[CODE[f] for f in names],
        f_side=[side[f] for f in names],
        f_fremen_side=[f == "fremen" or "fremen" in pos.allies_of(f) for f in names],
        shai_caller_ok=not caller or caller == "fremen" or caller in fremen_allies,
        shai_by_ally=bool(caller) and caller in fremen_allies,
        fremen_here=pos.troops_in(m.region, "fremen") > 0,
        caller_here=bool(caller) and pos.troops_in(m.region, caller) > 0,
        f_troops=troops,
        f_aimed=removed,
        f_shai=shai,
        f_sent=sent,
        f_leaders_sent=lsent,
        f_leaders=[pos.state(f).leader or 0 for f in names],
        f_part=part,
        part_known=part_known,
        f_combat_dice=combat_dice,
        f_rolled=rolled,
        f_kills=kills,
        f_killed=killed,
        f_attacks=[sum(c for (r, _g), c in attacks.items() if r == f) for f in names],
        f_bad_attacks=bad,
        f_attacked=attacked,
        f_defended=defended,
        f_tokens_missing=missing,
        f_succ_by=succ_by,
        f_succ_on=succ_on,
        f_supply=supply,
        f_evac=evac,
        f_order=[order.get(f, NOT_LISTED + i) for i, f in enumerate(names)],
        factions=tuple(names),
        region=m.region,
        attacker_name=m.faction,
        token_name="none" if token is None else token.kind.capitalize(),
        controller_name=display(controller) if controller else "no one",
        controller_whose=whose(controller) if controller else "no one's",
        step=pos.step or "",
        sandstorm=pos.sandstorm or "",
        region_kind="city" if region and region.city else "desert",
        shai_caller=caller,
        keys=keys,
        details=details,
        defence_choice=tuple(choice),
        refilled=tuple(refilled),
        notes=notes,
    )
    if facts.token and _resolvable(facts):
        res = resolve(facts)
        if not res["keeps_token"] and len([i for i in range(n) if res["remain"][i] > 0]) > 1:
            if any(facts.f_order[i] >= NOT_LISTED for i in range(n) if res["remain"][i] > 0):
                facts.order_known = None
                facts.keys["order_known"] = "turn_order"
    return facts


def _resolvable(s: DiceCombatFacts) -> bool:
    known = (s.dice_known, s.chart_known, s.killed_known, s.loyalty_known, s.supply_known, s.controller_known)
    return all(k is not None for k in known)


# -- the result, on concrete facts (the checks' side; the z3 forms say it again in constraints/dice/combat.py)

LEADER = {0: 3, 1: 4, 2: 3, 3: 2, 4: 2, 5: 3}  # dice:200, 205, 211, 222, 229, 236


def leader_strength(code: int, sent: int) -> int:
    """What a Faction's Leaders sent count for (dice:153): Atreides 3 for one, 5 for both (dice:202)."""
    if sent <= 0:
        return 0
    if code == ATREIDES:
        return 3 if sent == 1 else 5
    return LEADER[code] * sent


def lost_to_token(code: int, token: int, aimed: int) -> int:
    """The Troops a Faction loses to the token's removals aimed at it (dice:140): all of them, but the Harkonnen
    lose one less, so none to a Fortification (Spies, dice:208)."""
    if code != HARKONNEN:
        return aimed
    return max(0, aimed - 1) if token == STRONGHOLD else 0


def lost_first(s: DiceCombatFacts, i: int) -> int:
    return lost_to_token(s.f_code[i], s.token, s.f_aimed[i])


def weight(code: int) -> int:
    """A Troop's strength in combat: a Fremen Troop counts as 2 (dice:214-215)."""
    return 2 if code == FREMEN else 1


def resolve(s: DiceCombatFacts) -> dict[str, Any]:
    """The combat's result from legal facts: conversions, strengths, the winner, what stays, the token."""
    n = len(s.factions)
    conv = [min(s.f_succ_by[i], s.f_supply[i]) for i in range(n)]
    tkill = [s.f_succ_by[i] - conv[i] for i in range(n)]
    fighting = [s.f_sent[i] - s.f_killed[i] - s.f_succ_on[i] for i in range(n)]
    lstr = [leader_strength(s.f_code[i], s.f_leaders_sent[i]) for i in range(n)]
    strength = {1: 0, 2: 0}
    for i in range(n):
        if s.f_side[i] in strength:
            strength[s.f_side[i]] += weight(s.f_code[i]) * (fighting[i] + conv[i]) + lstr[i]
    winner = 1 if strength[1] > strength[2] else 2
    c = s.controller
    keeps = c >= 0 and s.f_side[c] == winner and s.f_sent[c] >= 1 and s.f_killed[c] == 0 and s.f_succ_on[c] == 0
    remain = [
        (s.f_troops[i] - lost_first(s, i) - s.f_shai[i] - s.f_sent[i] + (1 if keeps and i == c else 0))
        if s.f_side[i] == winner
        else 0
        for i in range(n)
    ]
    losses = [s.f_troops[i] - remain[i] for i in range(n)]
    if not s.token:
        token = -1
    elif keeps:
        token = c
    else:
        here = [i for i in range(n) if remain[i] > 0]
        token = min(here, key=lambda i: s.f_order[i]) if here else -1
    return {
        "conv": conv,
        "tkill": tkill,
        "fighting": fighting,
        "lstr": lstr,
        "strength": strength,
        "winner": winner,
        "keeps_token": keeps,
        "remain": remain,
        "losses": losses,
        "token": token,
    }


OUTCOME = (
    "winner",
    "winning_side",
    "strength",
    "leader_strength",
    "atreides_leaders",
    "fremen_strength",
    "harkonnen_removed",
    "converted",
    "traitors_killed",
    "losses",
    "leaders_discarded",
    "region_after",
    "token",
)


@kind
class DiceCombat(Kind):
    name = "dice-combat"
    preprocessed = True  # measured over its cases: 0.40 of the time of the long-lived solver
    title = "Dice Game combat"
    outcome_keys: ClassVar[dict[str, str]] = {
        "winning_side": "which side won: `attacker` or `defender` (the Factions on it are the `winner`)",
        "strength": "each side's strength (attacker, defender)",
        "leader_strength": "Faction -> the strength its Leaders add",
        "atreides_leaders": "the Atreides' Leaders' strength",
        "fremen_strength": "the Fremen's strength",
        "converted": "Faction -> its Troops a revealed Loyalty token converts",
        "traitors_killed": "Faction -> Troops killed instead of converted (an empty supply)",
        "leaders_discarded": "Faction -> Leaders discarded after the combat",
        "region_after": "Faction -> its Troops in the Region after the combat",
        "token": "who holds the Region's Fortification or Stronghold token afterwards (`none`)",
        "evacuated": "Faction -> Troops evacuated from the Region",
        "harkonnen_removed": "Spies: the Harkonnen Troops a token's controller removes (dice:208)",
    }
    ruled = OUTCOME

    @noting_inferred
    def facts(self, pos: Any) -> DiceCombatFacts:
        assert isinstance(pos, DicePosition)
        return combat_facts(pos)

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        assert isinstance(facts, DiceCombatFacts)
        n = len(facts.f_code)
        w: Any = v
        w.o_winner = z3.Int("o_winner")
        w.o_sa = z3.Int("o_sa")
        w.o_sd = z3.Int("o_sd")
        w.o_token = z3.Int("o_token")
        w.o_atreides = z3.Int("o_atreides")
        w.o_fremen = z3.Int("o_fremen")
        w.o_harkonnen = z3.Int("o_harkonnen")
        for name in ("conv", "tkill", "remain", "lstr", "ldisc"):
            setattr(w, f"o_{name}", [z3.Int(f"o_{name}_{i}") for i in range(n)])

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, DiceCombatFacts)
        w: Any = v
        names = facts.factions
        n = len(names)

        def per(xs: list[Any], only: list[int] | None = None) -> dict[str, int]:
            out = {}
            for i in range(n):
                got = value(xs[i])
                if got and (only is None or i in only):
                    out[names[i]] = got
            return out

        winner = value(w.o_winner)
        in_combat = [i for i in range(n) if facts.f_side[i]]
        here = [i for i in range(n) if facts.f_troops[i] > 0 or facts.f_side[i]]
        token = value(w.o_token)
        return {
            "winner": winner_of([names[i] for i in range(n) if facts.f_side[i] == winner and facts.f_part[i]]),
            "winning_side": {1: "attacker", 2: "defender"}.get(winner, "none"),
            "strength": {"attacker": value(w.o_sa), "defender": value(w.o_sd)},
            "leader_strength": per(w.o_lstr),
            "atreides_leaders": value(w.o_atreides),
            "fremen_strength": value(w.o_fremen),
            "harkonnen_removed": value(w.o_harkonnen),
            "converted": per(w.o_conv),
            "traitors_killed": per(w.o_tkill),
            "losses": {
                names[i]: facts.f_troops[i] - (value(w.o_remain[i]) or 0)
                for i in here
                if facts.f_troops[i] - (value(w.o_remain[i]) or 0)
            },
            "leaders_discarded": per(w.o_ldisc, in_combat),
            "region_after": {names[i]: value(w.o_remain[i]) for i in range(n) if value(w.o_remain[i])},
            "token": names[token] if 0 <= (token if token is not None else -1) < n else "none",
            **(
                {"evacuated": {names[i]: facts.f_evac[i] for i in range(n) if facts.f_evac[i]}}
                if any(facts.f_evac)
                else {}
            ),
        }
