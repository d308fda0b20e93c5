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
from typing import Any, get_args

from checker.arrakis.position import (
    BattleMove,
    BattlePlan,
    Phase,
    Position,
    card_names,
    components,
    dreamrules_cards,
    leader_names,
)
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label

SIDES = ("a", "d")
PHASES: tuple[str, ...] = get_args(Phase)
CHEAP_HEROES = ("Cheap Hero", "Cheap Heroine")
NO_CARD, PROJECTILE, POISON, LASGUN, WORTHLESS, WRONG = 0, 1, 2, 3, 4, 5
KH_THRESHOLD = 7  # gf9:349
KH_BONUS_H = 4  # +2 strength, in half-units (gf9:351)
KH_NAME = "Kwisatz Haderach"
SECTORS = 18
# Voice (gf9:259, 365): what an instruction names. x_voice: 0 none, 1 play, 2 not play.
VOICE_PLAY, VOICE_NOT_PLAY = 1, 2
T_WEAPON_KIND, T_DEFENSE_KIND, T_WORTHLESS, T_CHEAP_HERO, T_CARD = 1, 2, 3, 4, 5
VOICE_CATEGORIES: dict[str, tuple[int, int]] = {
    "poison weapon": (T_WEAPON_KIND, POISON),
    "poison": (T_WEAPON_KIND, POISON),
    "projectile weapon": (T_WEAPON_KIND, PROJECTILE),
    "projectile": (T_WEAPON_KIND, PROJECTILE),
    "lasgun": (T_WEAPON_KIND, LASGUN),
    "poison defense": (T_DEFENSE_KIND, POISON),
    "snooper": (T_DEFENSE_KIND, POISON),
    "shield": (T_DEFENSE_KIND, PROJECTILE),
    "projectile defense": (T_DEFENSE_KIND, PROJECTILE),
    "worthless card": (T_WORTHLESS, 0),
    "worthless": (T_WORTHLESS, 0),
    "cheap hero": (T_CHEAP_HERO, 0),
    "cheap heroine": (T_CHEAP_HERO, 0),
}
# Prescience (gf9:261): x_presc 0 none, 1 leader, 2 weapon, 3 defense, 4 dial.
PRESCIENCE_ELEMENTS = {"leader": 1, "weapon": 2, "defense": 3, "dial": 4}
ANSWER_CHEAP_HERO = -1
NONE_WORDS = ("none", "no", "no leader", "no weapon", "no defense", "nothing")


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
    # Dreamrules' own cards (constraints/data/dreamrules-cards.yaml): the Supplies cache is four basic cards
    # "otherwise played as Treachery Cards" (dreamrules:746); the Orange Catholic Bible fills either slot
    # without effect, as a worthless card does (dreamrules:708, 710); the others fill no slot.
    for c in dreamrules_cards():
        weapon[c] = defense[c] = WRONG
    weapon["Supplies poison weapon"], weapon["Supplies projectile weapon"] = POISON, PROJECTILE
    defense["Supplies Snooper"], defense["Supplies Shield"] = POISON, PROJECTILE
    weapon["Orange Catholic Bible"] = defense["Orange Catholic Bible"] = WORTHLESS
    # Weirding Way and Chemistry change role with the plan's other cards (dreamrules:724, 728): a plan holding
    # either is left unresolved (dreamrules.battle.weirding-chemistry); each fits the slot it can fill.
    weapon["Weirding Way"] = defense["Weirding Way"] = PROJECTILE
    weapon["Chemistry"] = defense["Chemistry"] = POISON
    return weapon, defense


@cache
def card_ids() -> dict[str, int]:
    """Card name -> a number of its own (1, 2, ...; 0 is no card), for the solver."""
    return {c: i for i, c in enumerate(sorted({*card_names().values(), *dreamrules_cards()}), start=1)}


def leader_ids(pos: Position) -> dict[str, int]:
    """Leader name -> a number of its own (1, 2, ...; 0 is no leader)."""
    return {n: i for i, n in enumerate(sorted(set(leader_names(pos).values())), start=1)}


def voice_target(what: str, key: str) -> tuple[int, int, str]:
    """(target kind, code, canonical text) of a Voice instruction's category or card name."""
    folded = " ".join(what.strip().lower().split())
    if folded in VOICE_CATEGORIES:
        t, code = VOICE_CATEGORIES[folded]
        return t, code, folded
    cards = card_names()
    if folded in cards:
        return T_CARD, card_ids()[cards[folded]], cards[folded]
    from checker.errors import nearest

    choices = [*VOICE_CATEGORIES, *sorted(set(cards.values()))]
    raise InputError(
        key,
        "a Voice category (poison weapon, projectile weapon, poison defense, Shield, lasgun, "
        "Worthless Card, Cheap Hero) or a card's name",
        what,
        nearest(what, choices),
    )


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
    # Dreamrules: a Fate already played that can reach any battle (Stone Burner, Defect, Political Marriages)
    fates_at_large: str = label("", doc="the factions whose battle-reaching Fate is used, for messages")
    fate_at_large: bool = fact(False, doc="Bene Tleilax, the Ixians or the Bene Gesserit have used their Fate")
    allied: bool = fact(False, key="alliances", doc="the two factions are allies")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    storm_sector: int = fact(0, key="storm", doc="the sector under the storm; 0 when not given")
    terr_sectors: list[bool] = fact([], doc="sectors 1..18 of the territory")
    a_in_sector: list[bool] = fact([], doc="sectors 1..18 holding the aggressor's fighting forces")
    d_in_sector: list[bool] = fact([], doc="sectors 1..18 holding the defender's fighting forces")
    sectors_known: bool | None = fact(True, key="forces.SECTOR", doc="the forces' sectors, where the storm splits")
    sector_key: str = label()
    last_battle_key: str = label("last_battle", doc="the last_battle key an unknown traitor_freed fact lacks")
    o_forces: list[int] = fact([], doc="other factions' forces in the territory (lost to an explosion)")
    terr_spice: int | None = fact(0, key="spice", doc="spice on the board in the territory (destroyed by an explosion)")
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
    a_weapon_name: str = label()
    a_defense_name: str = label()
    a_voice_text: str = label()
    a_presc_text: str = label()
    a_weapon_id: int = fact(0, key="move.plans.A.weapon", doc="the weapon card's own number (card_ids)")
    a_defense_id: int = fact(0, key="move.plans.A.defense")
    a_leader_id: int = fact(0, key="move.plans.A.leader", doc="the leader's own number (leader_ids)")
    a_voice: int = fact(0, key="move.plans.A.voice", doc="0 no Voice, 1 play, 2 not play")
    a_voice_target: int = fact(0, doc="1 weapon category, 2 defense category, 3 Worthless, 4 Cheap Hero, 5 a card")
    a_voice_code: int = fact(0, doc="the category's card code, or the named card's number")
    a_voice_can: bool | None = fact(True, key="factions.A.hand", doc="the side could comply with the Voice")
    a_voice_by_bg: bool = fact(
        True, doc="the Voice comes from the Bene Gesserit, the opponent or its ally (gf9:365, 367)"
    )
    a_presc: int = fact(0, key="move.plans.A.prescience", doc="0 none, 1 leader, 2 weapon, 3 defense, 4 dial")
    a_presc_answer: int = fact(0, doc="leader/card number (0 none, -1 Cheap Hero), or the dial in half-units")
    a_presc_possible: bool | None = fact(True, key="factions.A.hand", doc="the answer can still be honored")
    a_presc_by_atreides: bool = fact(True, doc="the Prescience question is the opponent Atreides' (gf9:261)")
    a_presc_by_ally: bool = fact(False, key="alliances", doc="the opponent is the Atreides' ally (dreamrules:1046)")
    a_kh_used_elsewhere: bool = fact(False, key="factions.A.kwisatz_haderach_used_in")
    a_is_harkonnen: bool = fact(False)
    a_sardaukar: bool = fact(False, doc="Advanced: special forces of a non-Fremen side (Sardaukar), value unstated")
    a_ally_holds_traitor: bool = fact(False, key="factions.A.traitors", doc="its allied Harkonnen holds the card")
    a_leader_faction: str = label(doc="the faction whose leader the plan plays")
    a_leader_used_in: str = label(doc="the territory the leader fought in this phase")
    a_avail_names: list[str] = label(None, doc="its usable leaders")
    a_missing_names: list[str] = label(None, doc="plan cards not in the listed hand")
    a_traitor_holders: list[str] = label(None, doc="factions holding the opposing leader's traitor card")
    # Dreamrules (read by constraints/dreamrules/battle.py; plain facts of the position under any ruleset)
    a_is_emperor: bool = fact(False)
    a_is_ixians: bool = fact(False)
    a_is_tleilaxu: bool = fact(False)
    a_is_guild: bool = fact(False)
    a_merc_missing: int = fact(0, key="factions.A.hand", doc="a Mercenaries card in the plan, not in the listed hand")
    a_break: bool = fact(False, key="move.plans.A.break_conditioning")
    a_retreat: bool = fact(False, key="move.plans.A.retreat")
    a_zoal: bool = fact(False, key="move.plans.A.leader", doc="the plan's leader is Zoal (Bene Tleilax)")
    a_cache_cards: int = fact(0, doc="Supplies cache cards in the plan (dreamrules:746)")
    a_suppressed_any: bool = fact(False, key="factions.A.suppressed", doc="Karama stopped an advantage of it")
    a_battle_training: bool = fact(False, key="factions.A.fate_used", doc="the Guild has used Battle Training")
    a_leader_ghola: bool = fact(False, key="factions.A.ghola_revived", doc="its leader was revived with Ghola")
    a_patched: int = fact(0, key="forces.patched", doc="dreamrules: its patched Cyborgs there (dreamrules:502)")
    a_aboard: int = fact(0, key="forces.surveyor", doc="dreamrules: its troops aboard the Surveyor there")
    a_traitor_freed: bool | None = fact(
        False,
        key="last_battle.FIELD",
        doc="its leader fought elsewhere only in last_battle, a traitor result it won (dreamrules:1284); None: unknown",
    )
    a_voice_ch: bool = fact(False, key="move.plans.A.voice", doc="the Voice names a Cheap Hero")
    a_suppressed: list[str] = label(None, doc="its advantages Karama stopped this phase")
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
    d_weapon_name: str = label()
    d_defense_name: str = label()
    d_voice_text: str = label()
    d_presc_text: str = label()
    d_weapon_id: int = fact(0, key="move.plans.D.weapon", doc="the weapon card's own number (card_ids)")
    d_defense_id: int = fact(0, key="move.plans.D.defense")
    d_leader_id: int = fact(0, key="move.plans.D.leader", doc="the leader's own number (leader_ids)")
    d_voice: int = fact(0, key="move.plans.D.voice", doc="0 no Voice, 1 play, 2 not play")
    d_voice_target: int = fact(0, doc="1 weapon category, 2 defense category, 3 Worthless, 4 Cheap Hero, 5 a card")
    d_voice_code: int = fact(0, doc="the category's card code, or the named card's number")
    d_voice_can: bool | None = fact(True, key="factions.D.hand", doc="the side could comply with the Voice")
    d_voice_by_bg: bool = fact(
        True, doc="the Voice comes from the Bene Gesserit, the opponent or its ally (gf9:365, 367)"
    )
    d_presc: int = fact(0, key="move.plans.D.prescience", doc="0 none, 1 leader, 2 weapon, 3 defense, 4 dial")
    d_presc_answer: int = fact(0, doc="leader/card number (0 none, -1 Cheap Hero), or the dial in half-units")
    d_presc_possible: bool | None = fact(True, key="factions.D.hand", doc="the answer can still be honored")
    d_presc_by_atreides: bool = fact(True, doc="the Prescience question is the opponent Atreides' (gf9:261)")
    d_presc_by_ally: bool = fact(False, key="alliances", doc="the opponent is the Atreides' ally (dreamrules:1046)")
    d_kh_used_elsewhere: bool = fact(False, key="factions.D.kwisatz_haderach_used_in")
    d_is_harkonnen: bool = fact(False)
    d_sardaukar: bool = fact(False, doc="Advanced: special forces of a non-Fremen side (Sardaukar), value unstated")
    d_ally_holds_traitor: bool = fact(False, key="factions.D.traitors", doc="its allied Harkonnen holds the card")
    d_leader_faction: str = label(doc="the faction whose leader the plan plays")
    d_leader_used_in: str = label(doc="the territory the leader fought in this phase")
    d_avail_names: list[str] = label(None, doc="its usable leaders")
    d_missing_names: list[str] = label(None, doc="plan cards not in the listed hand")
    d_traitor_holders: list[str] = label(None, doc="factions holding the opposing leader's traitor card")
    # Dreamrules (read by constraints/dreamrules/battle.py; plain facts of the position under any ruleset)
    d_is_emperor: bool = fact(False)
    d_is_ixians: bool = fact(False)
    d_is_tleilaxu: bool = fact(False)
    d_is_guild: bool = fact(False)
    d_merc_missing: int = fact(0, key="factions.D.hand", doc="a Mercenaries card in the plan, not in the listed hand")
    d_break: bool = fact(False, key="move.plans.D.break_conditioning")
    d_retreat: bool = fact(False, key="move.plans.D.retreat")
    d_zoal: bool = fact(False, key="move.plans.D.leader", doc="the plan's leader is Zoal (Bene Tleilax)")
    d_cache_cards: int = fact(0, doc="Supplies cache cards in the plan (dreamrules:746)")
    d_suppressed_any: bool = fact(False, key="factions.D.suppressed", doc="Karama stopped an advantage of it")
    d_battle_training: bool = fact(False, key="factions.D.fate_used", doc="the Guild has used Battle Training")
    d_leader_ghola: bool = fact(False, key="factions.D.ghola_revived", doc="its leader was revived with Ghola")
    d_patched: int = fact(0, key="forces.patched", doc="dreamrules: its patched Cyborgs there (dreamrules:502)")
    d_aboard: int = fact(0, key="forces.surveyor", doc="dreamrules: its troops aboard the Surveyor there")
    d_traitor_freed: bool | None = fact(
        False,
        key="last_battle.FIELD",
        doc="its leader fought elsewhere only in last_battle, a traitor result it won (dreamrules:1284); None: unknown",
    )
    d_voice_ch: bool = fact(False, key="move.plans.D.voice", doc="the Voice names a Cheap Hero")
    d_suppressed: list[str] = label(None, doc="its advantages Karama stopped this phase")

    def position_key(self, key: str) -> str:
        if key == "forces.SECTOR":
            return self.sector_key
        if key == "last_battle.FIELD":
            return self.last_battle_key
        return key.replace(".A.", f".{self.a_name}.").replace(".D.", f".{self.d_name}.")

    def side(self, x: str, name: str) -> Any:
        return getattr(self, f"{x}_{name}")

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["phase_name"] = "?" if self.phase_index is None else PHASES[self.phase_index]
        for x in SIDES:
            dial = out[f"{x}_dial_h"]
            out[f"{x}_dial"] = "?" if dial is None else (dial // 2 if dial % 2 == 0 else dial / 2)
            out[f"{x}_voice_text"] = out[f"{x}_voice_text"] or "no Voice"
            out[f"{x}_presc_text"] = out[f"{x}_presc_text"] or "no question"
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
    missing_names: list[str] = []
    if isinstance(hand, list):
        left = list(hand)
        missing = 0
        for c in cards:
            if c in left:
                left.remove(c)
            else:
                missing += 1
                missing_names.append(c)
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
    holders = sorted(f for f, st in pos.factions.items() if foe_leader and foe_leader in st.traitors)
    # gf9:291, 293: an allied Harkonnen may call the traitor against its ally's opponent
    ally_holds = any(a == "harkonnen" and a != foe and a in holders for a in pos.allies_of(me))
    leader_faction = ""
    if leader:
        leader_faction = me if leader in own else next((f for f in pos.factions if leader in leaders_of(pos, f)), "")
        if not leader_faction:
            leader_faction = next((f for f, ls in components()["leaders"].items() if leader in ls), "")
    ids = card_ids()
    voice = _voice_facts(pos, m, me, foe, x, plan, hand, avail, ch_in_hand)
    presc = _prescience_facts(pos, m, me, foe, x, plan, hand, avail, ch_in_hand, forces, special)
    used_in = state.kwisatz_haderach_used_in if state else None
    return {
        **voice,
        **presc,
        f"{x}_weapon_name": plan.weapon or "",
        f"{x}_defense_name": plan.defense or "",
        f"{x}_weapon_id": ids[plan.weapon] if plan.weapon else 0,
        f"{x}_defense_id": ids[plan.defense] if plan.defense else 0,
        f"{x}_leader_id": leader_ids(pos).get(leader, 0) if leader else 0,
        f"{x}_kh_used_elsewhere": bool(plan.kwisatz_haderach and used_in and used_in != m.territory),
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
        f"{x}_is_harkonnen": me == "harkonnen",
        f"{x}_sardaukar": bool(pos.advanced and special and me != "fremen"),
        f"{x}_ally_holds_traitor": bool(ally_holds),
        f"{x}_leader_faction": leader_faction,
        f"{x}_leader_used_in": used.get(leader, "") if leader else "",
        f"{x}_avail_names": sorted(avail),
        f"{x}_missing_names": missing_names,
        f"{x}_traitor_holders": holders,
        **_dreamrules_facts(pos, me, x, plan, hand, leader),
    }


SUPPLIES_CACHE = ("Supplies poison weapon", "Supplies projectile weapon", "Supplies Shield", "Supplies Snooper")


def _dreamrules_facts(
    pos: Position, me: str, x: str, plan: BattlePlan, hand: Any, leader: str | None
) -> dict[str, Any]:
    """What Dreamrules reads of one side: its faction, the Mercenaries card, the cards and keys Dreamrules adds."""
    state = pos.factions.get(me)
    merc = int(plan.mercenaries or 0)
    merc_missing = 0
    if merc and isinstance(hand, list):
        merc_missing = max(0, merc - hand.count("Mercenaries"))
    elif merc and isinstance(hand, int):
        merc_missing = max(0, merc + len(plan.cards) - hand)
    suppressed = list(getattr(state, "suppressed", []) or []) if state else []
    voice = plan.voice
    said = " ".join(str(w) for w in ((voice.play, voice.not_play) if voice else ()) if w).strip().lower()
    return {
        f"{x}_is_emperor": me == "emperor",
        f"{x}_is_ixians": me == "ixians",
        f"{x}_is_tleilaxu": me == "bene-tleilax",
        f"{x}_is_guild": me == "spacing-guild",
        f"{x}_merc_missing": merc_missing,
        f"{x}_break": bool(getattr(plan, "break_conditioning", False)),
        f"{x}_retreat": bool(getattr(plan, "retreat", False)),
        f"{x}_zoal": (leader or "").strip().lower() == "zoal",
        f"{x}_cache_cards": sum(1 for c in plan.cards if c in SUPPLIES_CACHE),
        f"{x}_suppressed_any": bool(suppressed),
        f"{x}_battle_training": bool(me == "spacing-guild" and state and getattr(state, "fate_used", False)),
        f"{x}_leader_ghola": bool(leader and state and leader in (getattr(state, "ghola_revived", []) or [])),
        f"{x}_voice_ch": said in ("cheap hero", "cheap heroine"),
        f"{x}_suppressed": suppressed,
        f"{x}_traitor_freed": traitor_freed(pos, me, leader)[0],
        f"{x}_patched": sum(g.patched for g in pos.groups(me, pos.move.territory) if not g.advisors)
        if isinstance(pos.move, BattleMove)
        else 0,
        f"{x}_aboard": sum(g.total for g in pos.groups(me, pos.move.territory) if g.surveyor)
        if isinstance(pos.move, BattleMove)
        else 0,
    }


def traitor_freed(pos: Position, me: str, leader: str | None) -> tuple[bool | None, str]:
    """Whether a leader that fought in another territory this phase fought there only in ``last_battle``, a
    traitor result its faction won (dreamrules:1284, 1316: an ordinary traitor result does not commit leaders).

    The traitor's side loses its leader (gf9:285-287), so a surviving leader of that battle is the winner's: a
    ``last_battle`` there won by another faction means the leader fought another battle there. ``None`` (with the
    ``last_battle`` key it lacks) where the position leaves it open; ``False`` under positions without one."""
    m = pos.move
    state = pos.factions.get(me)
    used = state.leaders_used_this_phase if state else {}
    where = used.get(leader) if leader else None
    lb = pos.last_battle
    if not where or not isinstance(m, BattleMove) or where == m.territory or lb is None:
        return False, ""
    if lb.territory is None:
        return None, "last_battle.territory"
    if lb.territory != where:
        return False, ""
    if lb.result is None:
        return None, "last_battle.result"
    if lb.result != "traitor":
        return False, ""
    if lb.winner is None:
        return None, "last_battle.winner"
    return lb.winner == me, ""


# dreamrules:1164 Political Marriages (Bene Gesserit), 1182 Stone Burner (Bene Tleilax), 1228 Defect (Ixians)
BATTLE_FATES = ("bene-gesserit", "bene-tleilax", "ixians")


def _fates_at_large(pos: Position) -> list[str]:
    """The factions whose used Fate may reach this battle from outside it (Dreamrules only)."""
    if pos.ruleset != "dreamrules":
        return []
    return [f for f in BATTLE_FATES if f in pos.factions and getattr(pos.factions[f], "fate_used", False)]


def voice_complies(what: str, target: int, weapon: str | None, defense: str | None, ch: bool) -> bool:
    """Does a plan (its card names) contain what a Voice names? Read from the deck's lists by name."""
    deck = components()["treachery_deck"]
    if target == T_CHEAP_HERO:
        return ch
    if target == T_WORTHLESS:
        return weapon in deck["worthless"] or defense in deck["worthless"]
    if target == T_CARD:
        return what in (weapon, defense)
    slot, names = {
        "poison weapon": ("w", deck["weapons"]["poison"]),
        "poison": ("w", deck["weapons"]["poison"]),
        "projectile weapon": ("w", deck["weapons"]["projectile"]),
        "projectile": ("w", deck["weapons"]["projectile"]),
        "lasgun": ("w", deck["weapons"]["lasgun"]),
        "poison defense": ("d", deck["defenses"]["poison"]),
        "snooper": ("d", deck["defenses"]["poison"]),
        "shield": ("d", deck["defenses"]["projectile"]),
        "projectile defense": ("d", deck["defenses"]["projectile"]),
    }[what]
    return (weapon if slot == "w" else defense) in names


def _fits(card: str, target: int, code: int) -> bool:
    """Could this card in hand satisfy a 'play' Voice, in a place it can legally fill?"""
    weapon, defense = card_kinds()
    if target == T_WEAPON_KIND:
        return weapon[card] == code
    if target == T_DEFENSE_KIND:
        return defense[card] == code
    if target == T_WORTHLESS:
        return weapon[card] == WORTHLESS
    if target == T_CHEAP_HERO:
        return card in CHEAP_HEROES
    return card_ids()[card] == code and (weapon[card] != WRONG or defense[card] != WRONG)


def _voice_facts(
    pos: Position,
    m: BattleMove,
    me: str,
    foe: str,
    x: str,
    plan: BattlePlan,
    hand: Any,
    avail: dict[str, int],
    ch_in_hand: bool | None,
) -> dict[str, Any]:
    if plan.voice is None:
        return {}
    key = f"move.plans.{me}.voice"
    pairs = ((VOICE_PLAY, plan.voice.play), (VOICE_NOT_PLAY, plan.voice.not_play))
    given: list[tuple[int, str]] = [(mode, w) for mode, w in pairs if w]
    if len(given) != 1:
        raise InputError(key, "one instruction: play or not_play", "both" if given else "neither")
    # a Voice no Bene Gesserit could give is a plan the rules refuse (gf9.battle.voice-by-bg), not bad input
    by_bg = foe == "bene-gesserit" or "bene-gesserit" in pos.allies_of(foe)
    mode, what = given[0]
    target, code, text = voice_target(what, f"{key}.{'play' if mode == VOICE_PLAY else 'not_play'}")
    complies = voice_complies(text, target, plan.weapon, plan.defense, bool(plan.cheap_hero))
    can: bool | None
    if complies == (mode == VOICE_PLAY):
        can = True  # it complies: whether it could matters not
    elif mode == VOICE_NOT_PLAY:
        # gf9:259 Voice does not remove the need for a leader: with no leader, a Cheap Hero in hand must be played
        can = True if target != T_CHEAP_HERO or avail else (None if ch_in_hand is None else not ch_in_hand)
    else:
        carrier: bool | None = bool(avail) or ch_in_hand
        if isinstance(hand, list):
            can = any(_fits(c, target, code) for c in hand) and (target == T_CHEAP_HERO or bool(carrier))
        elif hand == 0:
            can = False
        else:
            can = None  # a count, or no hand: whether it holds such a card is unknown
        if can and carrier is None:
            can = None
    word = "play" if mode == VOICE_PLAY else "not play"
    return {
        f"{x}_voice": mode,
        f"{x}_voice_target": target,
        f"{x}_voice_code": code,
        f"{x}_voice_can": can,
        f"{x}_voice_text": f"{word} {text}",
        f"{x}_voice_by_bg": by_bg,
    }


def _prescience_facts(
    pos: Position,
    m: BattleMove,
    me: str,
    foe: str,
    x: str,
    plan: BattlePlan,
    hand: Any,
    avail: dict[str, int],
    ch_in_hand: bool | None,
    forces: int,
    special: int,
) -> dict[str, Any]:
    p = plan.prescience
    if p is None:
        return {}
    key = f"move.plans.{me}.prescience"
    # a question no Atreides could ask is a plan the rules refuse (gf9.battle.prescience-by-atreides), not bad input
    by_atreides = foe == "atreides"
    by_ally = not by_atreides and "atreides" in pos.allies_of(foe)  # Dreamrules lets the ally allow it (1046)
    element = PRESCIENCE_ELEMENTS[p.element]
    raw = p.answer
    none = raw is None or (isinstance(raw, str) and raw.strip().lower() in NONE_WORDS)
    matches: bool
    possible: bool | None
    if p.element == "dial":
        if raw is None or isinstance(raw, str):
            raise InputError(f"{key}.answer", "the number dialed", raw)
        answer = int(float(raw) * 2)
        if answer != float(raw) * 2:
            raise InputError(f"{key}.answer", "a whole number, or a half", raw)
        text = f"dial {raw:g}"
        matches = plan.dial is None or int(plan.dial * 2) == answer
        # Advanced: only the Fedaykin's value is stated (gf9:415); with Sardaukar the gap rule decides
        worth = 2 * (forces + special) if not pos.advanced else 2 * forces + (4 * special if me == "fremen" else 0)
        possible = answer <= worth
    elif p.element == "leader":
        if none:
            answer, text = 0, "no leader"
            matches = plan.leader is None and not plan.cheap_hero
            possible = None if ch_in_hand is None and not avail else (not avail and not ch_in_hand)
        elif str(raw).strip().lower() in ("cheap hero", "cheap heroine"):
            answer, text = ANSWER_CHEAP_HERO, "Cheap Hero"
            matches = plan.leader is None and bool(plan.cheap_hero)
            possible = ch_in_hand if isinstance(hand, list) or hand == 0 else None
        else:
            names = leader_names(pos)
            folded = " ".join(str(raw).strip().lower().split())
            if folded not in names:
                raise InputError(f"{key}.answer", "a leader's name, Cheap Hero or none", raw)
            name = names[folded]
            answer, text = leader_ids(pos)[name], name
            matches = plan.leader == name
            possible = name in avail
    else:
        if none:
            answer, text = 0, f"no {p.element}"
            matches = getattr(plan, p.element) is None
            possible = True
        else:
            cards = card_names()
            folded = " ".join(str(raw).strip().lower().split())
            if folded not in cards:
                raise InputError(f"{key}.answer", "a card's name or none", raw)
            card = cards[folded]
            answer, text = card_ids()[card], card
            matches = getattr(plan, p.element) == card
            carrier: bool | None = bool(avail) or ch_in_hand
            if isinstance(hand, list):
                possible = card in hand and bool(carrier)
            elif hand == 0:
                possible = False
            else:
                possible = None
    if matches:
        possible = True
    return {
        f"{x}_presc": element,
        f"{x}_presc_answer": answer,
        f"{x}_presc_possible": possible,
        f"{x}_presc_text": f"{p.element}: {text}",
        f"{x}_presc_by_atreides": by_atreides,
        f"{x}_presc_by_ally": by_ally,
    }


def _sectors(pos: Position, m: BattleMove, agg: str, dfd: str) -> dict[str, Any]:
    """Which sectors of the territory hold each side's fighting forces (gf9:101, 245, 249)."""
    t = pos.board[m.territory]
    storm = pos.storm or 0
    split = storm in t.sectors
    out: dict[str, Any] = {"terr_sectors": [s in t.sectors for s in range(1, SECTORS + 1)], "sector_key": ""}
    for x, f in (("a", agg), ("d", dfd)):
        here: set[int] = set()
        for i, g in enumerate(pos.forces):
            if g.faction != f or g.territory != m.territory or g.total == 0 or (g.advisors and pos.advanced):
                continue
            if g.sector is not None:
                here.add(g.sector)
            elif len(t.sectors) == 1 or not split:
                here |= set(t.sectors)
            elif not out["sector_key"]:
                out["sector_key"] = f"forces[{i}].sector"
        out[f"{x}_in_sector"] = [s in here for s in range(1, SECTORS + 1)]
    out["sectors_known"] = None if out["sector_key"] else True
    return out


def battle_facts(pos: Position) -> BattleFacts:
    from checker.names import display

    m = pos.move
    assert isinstance(m, BattleMove)
    agg = m.aggressor
    dfd = opponent(pos, m, agg)
    values = {**_side_facts(pos, m, agg, dfd, "a"), **_side_facts(pos, m, dfd, agg, "d")}
    others = sorted({g.faction for g in pos.groups(territory=m.territory) if g.total} - {agg, dfd})
    heaps = [sp.amount for sp in pos.spice if sp.territory == m.territory]
    notes: list[str] = []
    # With a 'spice' list, no heap here means none; with no 'spice' key the board's spice is unknown,
    # and an explosion (which destroys it, gf9:275) answers unresolved, naming 'spice'.
    terr_spice = sum(heaps) if heaps or "spice" in pos.given else None
    for me in (agg, dfd):
        played = m.plans[me].cards if me in m.plans else []
        state = pos.factions.get(me)
        held = state.hand if state else None
        if played and (held is None or (isinstance(held, int) and len(played) <= held)):
            given = "is not given" if held is None else f"is given as a count ({held})"
            notes.append(
                f"{display(me)}'s hand {given}: {', '.join(played)} taken to be in it (a plan's cards come from "
                "its hand)"
            )
    if explodes_by_names(m):
        kept = [c for p in m.plans.values() for c in p.cards if c not in CHEAP_HEROES]
        if kept:
            notes.append(
                f"after an explosion gf9 names only the Cheap Hero as discarded (gf9:459); whether "
                f"{', '.join(kept)} go to the discard pile it does not say (gf9:275 and 455 speak of a winner "
                "and a loser): the outcome leaves 'cards_discarded' out"
            )
    facts = BattleFacts(
        faction=agg,
        advanced=pos.advanced,
        territory=m.territory,
        A=display(agg),
        D=display(dfd),
        o_names=others,
        o_forces=[sum(g.total for g in pos.groups(f, m.territory)) for f in others],
        in_polar_sink=pos.board[m.territory].is_polar_sink,
        fate_at_large=bool(_fates_at_large(pos)),
        fates_at_large=", ".join(display(f) for f in _fates_at_large(pos)),
        allied=dfd in pos.allies_of(agg),
        phase_index=None if pos.phase is None else PHASES.index(pos.phase),
        storm_sector=pos.storm or 0,
        **_sectors(pos, m, agg, dfd),
        **values,
        terr_spice=terr_spice,
        notes=notes,
    )
    lacks = [traitor_freed(pos, me, m.plans[me].leader if me in m.plans else None)[1] for me in (agg, dfd)]
    for x in SIDES:
        if facts.side(x, "traitor_freed") and facts.side(x, "leader_used_elsewhere"):
            facts.notes.append(
                f"last_battle is read as {facts.side(x, 'leader_name')}'s battle in {facts.side(x, 'leader_used_in')}: "
                "leaders_used_this_phase says where a leader fought, not in how many battles"
            )
    facts.last_battle_key = next((k for k in lacks if k), facts.last_battle_key)
    for x in SIDES:
        counts = loss_counts(facts, x)
        if facts.advanced and facts.side(x, "is_fremen") and len(counts) > 1:
            facts.notes.append(
                f"if {display(facts.side(x, 'name'))} wins, it chooses its losses among selections worth its dial "
                f"(gf9:299): {' or '.join(map(str, counts))} tokens; 'losses' then lists the possible counts"
            )
    return facts


def explodes_by_names(m: BattleMove) -> bool:
    """A Lasgun and a Shield in the plans, and no traitor call: the explosion of gf9:275 (for notes)."""
    weapon, defense = card_kinds()
    plans = list(m.plans.values())
    if any(p.traitor for p in plans):
        return False
    lasgun = any(p.weapon and weapon.get(p.weapon) == LASGUN for p in plans)
    shield = any(p.defense and defense.get(p.defense) == PROJECTILE for p in plans)
    return lasgun and shield


def loss_counts(facts: BattleFacts, x: str) -> list[int]:
    """How many tokens side ``x`` may remove if it wins with its dial (Advanced, Fremen with Fedaykin:
    gf9:299, 415): every count some valid selection gives. Empty where the side has no special forces."""
    if not facts.advanced or not facts.side(x, "special") or not facts.side(x, "is_fremen"):
        return []
    dial_h = facts.side(x, "dial_h")
    if dial_h is None:
        return []
    n, m = facts.side(x, "forces"), facts.side(x, "special")
    return sorted({o + f for f in range(m + 1) for o in range(n + 1) if 2 * o + 4 * f == dial_h})


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
    ruled = (
        "winner",
        "explosion",
        "leaders_killed",
        "losses",
        "spice_gained",
        "spice_paid",
        "cards_discarded",
        "spice_destroyed",
        "zoal_infiltration",
        "ixian_losses",
    )

    def facts(self, pos: Position) -> BattleFacts:
        return battle_facts(pos)

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        w: Any = v
        w.winner = z3.Int("winner")  # 0 none, 1 aggressor, 2 defender
        w.explosion = z3.Bool("explosion")
        w.spice_destroyed = z3.Int("spice_destroyed")
        w.zoal_inf = z3.Bool("zoal_inf")  # dreamrules: Bene Tleilax may choose Zoal's Infiltration (dreamrules:1200)
        w.ix_loss = z3.Bool("ix_loss")  # dreamrules: the Ixians win and choose their losses (dreamrules:502, 1224)
        for x in SIDES:
            for name in ("os", "ou", "ss", "su", "lost", "gain", "paid", "disc"):  # disc: 0 none, 1 Cheap Hero, 2 all
                setattr(v, f"{x}_{name}", z3.Int(f"{x}_{name}"))
            setattr(v, f"{x}_killed", z3.Bool(f"{x}_killed"))
            setattr(v, f"{x}_kh_killed", z3.Bool(f"{x}_kh_killed"))  # gf9:353

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        out = []
        for x in SIDES:
            out += [getattr(v, f"{x}_{n}") >= 0 for n in ("os", "ou", "ss", "su")]
        return out

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, BattleFacts)
        names = {1: facts.a_name, 2: facts.d_name, 0: "none"}
        out: dict[str, Any] = {"winner": names.get(value(v.winner), "none"), "explosion": bool(value(v.explosion))}
        killed: list[str] = []
        for x in SIDES:
            killed += [facts.side(x, "leader_name")] if value(getattr(v, f"{x}_killed")) else []
            killed += [KH_NAME] if value(getattr(v, f"{x}_kh_killed")) else []
        out["leaders_killed"] = killed
        losses: dict[str, Any] = {}
        for x in SIDES:
            n = value(getattr(v, f"{x}_lost"))
            if n == -1:  # the winner's own choice among selections (gf9:299): every count one can give
                # only Dreamrules reaches here with Sardaukar (gf9 leaves their value open: unresolved)
                opts = loss_options(facts, x, every=True, sardaukar_known=True)
                counts = sorted({o["forces"] + o["special"] for o in opts})
                if counts and counts != [0]:
                    losses[facts.side(x, "name")] = counts[0] if len(counts) == 1 else counts
            elif n > 0:
                losses[facts.side(x, "name")] = n
        if out["explosion"]:
            losses.update({f: n for f, n in zip(facts.o_names, facts.o_forces, strict=True) if n})
        out["losses"] = losses
        out["spice_destroyed"] = value(v.spice_destroyed)
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
            if disc == 2:  # all it played: a Mercenaries card too; the Supplies cache returns (dreamrules:746)
                discarded += [c for c in cards if c not in SUPPLIES_CACHE]
                discarded += ["Mercenaries"] * facts.side(x, "mercenaries")
            elif disc == 1:
                discarded += [c for c in cards if c in CHEAP_HEROES]
        out["cards_discarded"] = discarded
        if value(v.zoal_inf):  # reported only where a rule in force fixes it (dreamrules.battle.zoal-infiltration)
            out["zoal_infiltration"] = zoal_infiltration(facts)
        if value(v.ix_loss):  # reported only where a rule in force fixes it (dreamrules.battle.ixian-losses)
            out["ixian_losses"] = ixian_loss_options(facts, next((x for x in SIDES if facts.side(x, "is_ixians")), "a"))
        winner = value(v.winner)
        if facts.advanced and winner in (1, 2):
            x = "a" if winner == 1 else "d"
            if value(getattr(v, f"{x}_lost")) == -1:
                out["winner_loss_options"] = loss_options(facts, x, every=True, sardaukar_known=True)
        return out


def zoal_infiltration(facts: BattleFacts) -> dict[str, Any]:
    """Dreamrules: what Zoal's Infiltration gives instead of the ordinary result (dreamrules:512, 1200, 1202), for the
    side whose plan shows Zoal: the opponent wins and loses nothing; Bene Tleilax returns all its troops in the
    territory to reserves and keeps the spice committed to its dial; Zoal and the killed leader are set aside."""
    x = next((x for x in SIDES if facts.side(x, "zoal")), "")
    if not x:
        return {}
    y = "d" if x == "a" else "a"
    me = facts.side(x, "name")
    troops = facts.side(x, "forces") + facts.side(x, "special")
    return {
        "winner": facts.side(y, "name"),
        "losses": {},
        "returned_to_reserves": {me: troops} if troops else {},
        "spice_kept": {me: facts.side(x, "spice")} if facts.side(x, "spice") else {},
        "set_aside": [facts.side(x, "leader_name"), facts.side(y, "leader_name")],
    }


def ixian_selections(facts: BattleFacts, x: str) -> list[tuple[int, int]]:
    """Dreamrules, an Ixian side committing no spice: the (Cyborgs, Suboids) whose strength is its dial, a Cyborg
    worth one unsupported (double a troop's half, dreamrules:1220), a Suboid one half (dreamrules:1222)."""
    dial_h = facts.side(x, "dial_h") or 0
    cyborgs, suboids = facts.side(x, "special"), facts.side(x, "forces")
    return [(c, dial_h - 2 * c) for c in range(cyborgs + 1) if 0 <= dial_h - 2 * c <= suboids]


def ixian_loss_options(facts: BattleFacts, x: str) -> list[dict[str, int]]:
    """Dreamrules: the losses an Ixian winner may take (dreamrules:502, 1224), one entry for each distinct choice:
    the Cyborgs and Suboids that die, the committed Cyborgs an uncommitted Suboid dies for (flipped to patched) and
    the committed patched Cyborgs that survive (flipped back). Which tokens are committed is the winner's choice
    among selections worth its dial (gf9:299)."""
    if not facts.side(x, "is_ixians"):
        return []
    cyborgs, suboids, patched = facts.side(x, "special"), facts.side(x, "forces"), facts.side(x, "patched")
    out: set[tuple[int, int, int, int]] = set()
    for k, su in ixian_selections(facts, x):
        for p in range(max(0, k - (cyborgs - patched)), min(patched, k) + 1):
            for n in range(min(k - p, suboids - su) + 1):
                out.add((k - p - n, su + n, n, p))
    return [
        {"cyborgs": c, "suboids": sb, "to_patched": n, "patched_back": p}
        for c, sb, n, p in sorted(out, key=lambda t: (t[0] + t[1], t[0], t[2], t[3]))
    ]


# -- gf9:299: the winner's losses in the Advanced game, as a z3 problem ---------


def strength_terms(x: str, v: Any, fremen: Any) -> Any:
    """Half-units of a loss selection (os/ou supported/unsupported ordinary, ss/su special)."""
    import z3

    os_, ou, ss, su = (getattr(v, f"{x}_{n}") for n in ("os", "ou", "ss", "su"))
    full = 2 * (os_ + ou) + 4 * (ss + su)
    return z3.If(fremen, full, 2 * os_ + ou + 4 * ss + 2 * su)


def loss_options(
    facts: BattleFacts, x: str, every: bool = False, limit: int = 200, sardaukar_known: bool = False
) -> list[dict[str, int]]:
    """Valid loss selections for side ``x``: strength equal to its dial, support equal to its spice.

    Each is ``{forces, special, supported}``: ordinary and special tokens lost, and how many
    of them the committed spice supported. One (the first found) unless ``every``.

    ``sardaukar_known``: the ruleset prints the Sardaukar's value (Dreamrules: double a normal troop,
    dreamrules:1086; normal troops against Fremen). Its support price is printed nowhere (dreamrules:1304), so
    a Sardaukar is counted only unsupported, and only where the spice can support no Sardaukar: against
    Fremen (normal troops, supported as they are) or with no spice committed; elsewhere no selection is given.
    """
    import z3

    class V:
        pass

    v: Any = V()
    for n in ("os", "ou", "ss", "su"):
        setattr(v, f"{x}_{n}", z3.Int(f"{x}_{n}"))
    os_, ou, ss, su = (getattr(v, f"{x}_{n}") for n in ("os", "ou", "ss", "su"))
    as_normal = False
    if facts.side(x, "special") and not facts.side(x, "is_fremen"):
        vs_fremen = bool(facts.side("d" if x == "a" else "a", "is_fremen"))
        if not (sardaukar_known and facts.side(x, "is_emperor") and (vs_fremen or not facts.side(x, "spice"))):
            return []  # gf9 never states the Sardaukar's value (gf9.battle.sardaukar-value)
        as_normal = vs_fremen
    s = z3.Solver()
    s.set("timeout", 5000)
    fremen = bool(facts.side(x, "is_fremen"))
    dial_h = facts.side(x, "dial_h") or 0
    s.add(os_ >= 0, ou >= 0, ss >= 0, su >= 0)
    s.add(os_ + ou <= facts.side(x, "forces"), ss + su <= facts.side(x, "special"))
    if as_normal:  # against Fremen, treat Sardaukar as normal troops (dreamrules:1086)
        s.add(2 * (os_ + ss) + ou + su == dial_h)
    else:
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
