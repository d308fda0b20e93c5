"""Battle: two factions' plans in one territory, their legality, then the result.

One facts record holds both sides: fields ``a_*`` are the aggressor's, ``d_*``
the defender's. Strengths are counted in half-units (``*_h``) so the Advanced
game's half-strength forces stay whole numbers for the solver: a dial of 3.5
is ``dial_h = 7``.

Card codes (the deck's categories, constraints/data/gf9-components.yaml):
weapon slot 0 none, 1 projectile, 2 poison, 3 lasgun, 4 worthless, 5 a card that
is no weapon; defense slot 0 none, 1 Shield (projectile defense), 2 Snooper
(poison defense), 4 worthless, 5 a card that is no defense, 6 a projectile
defense that is no Shield (gf9:279; Dreamrules' Weirding Way, dreamrules:724).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, NamedTuple

from checker.arrakis.board import SECTORS
from checker.arrakis.position import (
    PHASES,
    BattleMove,
    BattlePlan,
    ForceGroup,
    Position,
    card_names,
    components,
    dreamrules_cards,
    faction_leaders,
    leader_names,
    printed_leaders,
)
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label, named

SIDES = ("a", "d")
CHEAP_HEROES = ("Cheap Hero", "Cheap Heroine")
NO_CARD, PROJECTILE, POISON, LASGUN, WORTHLESS, WRONG, PROJECTILE_DEFENSE = 0, 1, 2, 3, 4, 5, 6
KH_THRESHOLD = 7  # gf9:349
KH_BONUS_H = 4  # +2 strength, in half-units (gf9:351)
KH_NAME = "Kwisatz Haderach"
# Voice (gf9:259, 365): what an instruction names. x_voice: 0 none, 1 play, 2 not play.
VOICE_PLAY, VOICE_NOT_PLAY = 1, 2
T_WEAPON_KIND, T_DEFENSE_KIND, T_WORTHLESS, T_CHEAP_HERO, T_CARD, T_MERCENARIES = 1, 2, 3, 4, 5, 6
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
# Dreamrules' Voice can also require or forbid Mercenaries (dreamrules:1152)
DR_VOICE_CATEGORIES: dict[str, tuple[int, int]] = {"mercenaries": (T_MERCENARIES, 0)}
# Dreamrules cards whose role follows the plan's other card (dreamrules:724, 728); the Voice names them
WEIRDING_WAY, CHEMISTRY = "Weirding Way", "Chemistry"
ROLE_CARDS = (WEIRDING_WAY, CHEMISTRY)
BREAK_CONDITIONING = "Break Conditioning"
# the Supplies cache: four basic cards "otherwise played as Treachery Cards" (dreamrules:746), so each is of its
# basic card's Voice category
CACHE_CATEGORY = {
    "Supplies poison weapon": "poison",
    "Supplies projectile weapon": "projectile",
    "Supplies Shield": "projectile",
    "Supplies Snooper": "poison",
}
SUPPLIES_CACHE = tuple(CACHE_CATEGORY)
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
    # Weirding Way and Chemistry change role with the plan's other card (dreamrules:724, 728: card_roles); each
    # fits either slot, as what it is there: Weirding Way a projectile weapon or a projectile defense that is no
    # Shield, Chemistry a poison weapon or defense
    weapon[WEIRDING_WAY], defense[WEIRDING_WAY] = PROJECTILE, PROJECTILE_DEFENSE
    weapon[CHEMISTRY] = defense[CHEMISTRY] = POISON
    return weapon, defense


def card_roles(weapon: str | None, defense: str | None, ruleset: str) -> tuple[str | None, str | None, str, str]:
    """The cards acting as the plan's weapon and defense: (weapon, defense, note, open question).

    Dreamrules' Weirding Way and Chemistry take their role from the plan's other card, whatever place the
    position gives them (dreamrules:724 "Without another weapon in your plan, Weirding Way acts as a projectile
    weapon. With another weapon, it acts as projectile defense."; 728 "Without another defense in your plan,
    Chemistry protects against poison. With another defense, it acts as a poison weapon."). ``note`` says where a
    card moved; ``open`` says why the role is not decided: both cards in one plan (each is the other's "other"
    card), or beside a card that fills a place without effect (dreamrules:708), which the text neither counts as
    a weapon or defense nor excludes.
    """
    if ruleset != "dreamrules" or not ({weapon, defense} & set(ROLE_CARDS)):
        return weapon, defense, "", ""
    if weapon in ROLE_CARDS and defense in ROLE_CARDS:
        return weapon, defense, "", f"the plan holds {weapon} and {defense}, each the other's other card"
    weapon_codes, defense_codes = card_kinds()
    role = WEIRDING_WAY if WEIRDING_WAY in (weapon, defense) else CHEMISTRY
    if role == WEIRDING_WAY and defense == WEIRDING_WAY:
        if weapon is None:
            moved = "Weirding Way, with no other weapon in the plan, acts as a projectile weapon (dreamrules:724)"
            return WEIRDING_WAY, None, moved, ""
        if weapon_codes[weapon] == WORTHLESS:
            return weapon, defense, "", f"Weirding Way beside {weapon} in the weapon place, a card without effect"
    if role == CHEMISTRY and weapon == CHEMISTRY:
        if defense is None:
            moved = "Chemistry, with no other defense in the plan, protects against poison (dreamrules:728)"
            return None, CHEMISTRY, moved, ""
        if defense_codes[defense] == WORTHLESS:
            return weapon, defense, "", f"Chemistry beside {defense} in the defense place, a card without effect"
    return weapon, defense, "", ""


@cache
def card_ids() -> dict[str, int]:
    """Card name -> a number of its own (1, 2, ...; 0 is no card), for the solver."""
    return {c: i for i, c in enumerate(sorted({*card_names().values(), *dreamrules_cards()}), start=1)}


def leader_ids(pos: Position) -> dict[str, int]:
    """Leader name -> a number of its own (1, 2, ...; 0 is no leader)."""
    return _leader_ids(tuple(sorted(set(leader_names(pos).values()))))


@cache
def _leader_ids(names: tuple[str, ...]) -> dict[str, int]:
    return {n: i for i, n in enumerate(names, start=1)}


def voice_target(what: str, key: str, ruleset: str = "gf9") -> tuple[int, int, str]:
    """(target kind, code, canonical text) of a Voice instruction's category or card name (Dreamrules: also
    Mercenaries and its own cards, dreamrules:1152)."""
    from checker.arrakis.position import known_cards

    folded = " ".join(what.strip().lower().split())
    categories = {**VOICE_CATEGORIES, **(DR_VOICE_CATEGORIES if ruleset == "dreamrules" else {})}
    if folded in categories:
        t, code = categories[folded]
        return t, code, folded
    cards = known_cards(ruleset)
    if folded in cards:
        return T_CARD, card_ids()[cards[folded]], cards[folded]
    from checker.errors import nearest

    choices = [*categories, *sorted(set(cards.values()))]
    raise InputError(
        key,
        "a Voice category (poison weapon, projectile weapon, poison defense, Shield, lasgun, "
        + (
            "Worthless Card, Cheap Hero) or a card's name"
            if ruleset != "dreamrules"
            else "Worthless Card, Mercenaries) or a card's name (Weirding Way, Chemistry, Break Conditioning, ...)"
        ),
        what,
        nearest(what, choices),
    )


def leaders_of(pos: Position, faction: str) -> dict[str, int]:
    """A faction's leaders and strengths: the printed ones plus the position's ``leaders`` (position.faction_leaders).
    A strength no component fixes (Zoal's, dreamrules:954) counts 0 here: the gaps that read Zoal's strength
    (dreamrules.battle.zoal) count Zoal as nothing and leave open what turns on it."""
    return {n: v or 0 for n, v in faction_leaders(pos, faction).items()}


def captives(pos: Position) -> set[str]:
    """The leaders Harkonnen holds captive (``factions.harkonnen.captured_leaders``; gf9:193, 427)."""
    return {n for state in pos.factions.values() for n in state.captured_leaders or []}


def available_leaders(pos: Position, faction: str, territory: str) -> dict[str, int]:
    """Leaders not in the Tanks, not held captive by another faction (gf9:193) and not used in another territory
    this phase (gf9:255)."""
    state = pos.factions.get(faction)
    tanks = set(state.leaders_in_tanks) if state else set()
    used = state.leaders_used_this_phase if state else {}
    held = captives(pos)
    return {
        n: s
        for n, s in leaders_of(pos, faction).items()
        if n not in tanks and n not in held and used.get(n, territory) == territory
    }


def strength_of(pos: Position, name: str) -> int:
    for f in pos.factions:
        if name in leaders_of(pos, f):
            return leaders_of(pos, f)[name]
    for leaders in printed_leaders(pos.ruleset).values():
        if name in leaders:
            return int(leaders[name] or 0)
    return 0


@dataclass
class BattleFacts(Facts):
    """The facts of a battle: both sides' forces, leaders, cards and plans (``a_``: the aggressor, ``d_``: the
    defender)."""

    territory: str = label()
    a_name: str = label(doc="the aggressor")
    d_name: str = label(doc="the defender")
    A: str = label()
    D: str = label()
    a_leader_name: str = label()
    d_leader_name: str = label()
    a_cards: list[str] = label(None)
    d_cards: list[str] = label(None)
    # in words, a side's forces in the territory the storm keeps out of the battle (gf9:249), or ""
    a_beyond: str = label("")
    d_beyond: str = label("")
    # a side's tokens in the territory the storm keeps out of the battle: an explosion destroys them too (gf9:275)
    a_beyond_n: int = label(0)
    d_beyond_n: int = label(0)
    # the most, in half-units, a side's fighting troops are worth with every one supported (dial_worth_h)
    a_worth_h: int = label(0)
    d_worth_h: int = label(0)
    o_names: list[str] = label(None, doc="other factions with forces in the territory")
    in_polar_sink: bool = fact(False)
    # Dreamrules: a Fate already played that can reach any battle (Stone Burner, Defect, Political Marriages)
    fates_at_large: str = label("", doc="the factions whose battle-reaching Fate is used, for messages")
    fate_at_large: bool = fact(False, doc="Bene Tleilax, the Ixians or the Bene Gesserit have used their Fate")
    allied: bool = fact(False, key="alliances", doc="the two factions are allies")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    storm_sector: int = fact(0, key="storm", doc="the sector under the storm; 0 when not given")
    # storm order (gf9:69): how far round from the storm each side's player circle lies, counterclockwise (a circle
    # in the storm's own sector comes last); None where the position gives no seats or storm
    a_order: int | None = fact(None, key="seats", doc="the aggressor's place in storm order")
    d_order: int | None = fact(None, key="seats", doc="the defender's place in storm order")
    terr_sectors: list[bool] = fact([], doc="sectors 1..18 of the territory")
    a_in_sector: list[bool] = fact([], doc="sectors 1..18 holding the aggressor's fighting forces")
    d_in_sector: list[bool] = fact([], doc="sectors 1..18 holding the defender's fighting forces")
    sectors_known: bool | None = fact(True, key="forces.SECTOR", doc="the forces' sectors, where the storm splits")
    sector_key: str = label()
    # where the storm splits the territory and the part the battle is fought in is open (storm_front)
    storm_fronts: str = label("", doc="the parts of the territory where both sides meet, where there are several")
    storm_contact: bool = label(False, doc="dreamrules: forces in the storm's sector and beside it")
    last_battle_key: str = label("last_battle", doc="the last_battle key an unknown traitor_freed fact lacks")
    o_forces: list[int] = fact([], doc="other factions' forces in the territory (lost to an explosion)")
    terr_spice: int | None = fact(0, key="spice", doc="spice on the board in the territory (destroyed by an explosion)")
    # the aggressor's side
    a_forces: int = fact(0, doc="ordinary forces in the battle: in the territory, on its side of a storm splitting it")
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
    a_foe_leader_mine: bool = fact(
        False, doc="the opposing plan's leader is one of its own (a captive, dreamrules:1066)"
    )
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
    a_fremen_ally: bool = fact(False, key="alliances", doc="dreamrules: the side is the Fremen's ally (1136)")
    a_merc_missing: int = fact(0, key="factions.A.hand", doc="a Mercenaries card in the plan, not in the listed hand")
    a_break: bool = fact(False, key="move.plans.A.break_conditioning")
    a_retreat: bool = fact(False, key="move.plans.A.retreat")
    a_zoal: bool = fact(False, key="move.plans.A.leader", doc="the plan's leader is Zoal (Bene Tleilax)")
    a_cache_cards: int = fact(0, doc="Supplies cache cards in the plan (dreamrules:746)")
    a_role_moved: str = label(doc="a Weirding Way or Chemistry whose role moved it to the other place")
    a_role_open: str = label(doc="why the plan's Weirding Way or Chemistry has no decided role")
    a_weapon_cat: int = fact(0, doc="the weapon's Voice category: its code, 0 none or a card named only by name")
    a_defense_cat: int = fact(0, doc="the defense's Voice category (as weapon_cat)")
    a_presc_merc: int = fact(
        -1, key="move.plans.A.prescience.mercenaries", doc="a dial answer: 1 with Mercenaries, 0 without, -1 not said"
    )
    a_presc_merc_possible: bool | None = fact(
        True, key="factions.A.hand", doc="the Mercenaries part of the answer can be honored"
    )
    # Karama stopped these advantages for the phase (factions.X.suppressed, dreamrules:778)
    a_special_stopped: bool = fact(False, key="factions.A.suppressed", doc="its Sardaukar or Fedaykin (854, 882)")
    a_fsd_stopped: bool = fact(False, key="factions.A.suppressed", doc="Fremen's Free Spice Dialing (878)")
    a_kh_suppressed: bool = fact(False, key="factions.atreides.suppressed", doc="the Kwisatz Haderach (822)")
    a_presc_suppressed: bool = fact(False, key="factions.atreides.suppressed", doc="Battle Prescience (818)")
    a_voice_suppressed: bool = fact(False, key="factions.bene-gesserit.suppressed", doc="The Voice (926)")
    a_retreat_stopped: bool = fact(False, key="factions.A.suppressed", doc="the Guild's Retreat (874)")
    a_spite_stopped: bool = fact(False, key="factions.A.suppressed", doc="Vladimir's Spite (838)")
    a_ft_stopped: bool = fact(False, key="factions.A.suppressed", doc="Fanatical Tactics (886)")
    a_capture_stopped: bool = fact(False, key="factions.A.suppressed", doc="Captured Leaders (834)")
    a_zoal_stopped: bool = fact(False, key="factions.A.suppressed", doc="Zoal, a normal strength-two leader (954)")
    a_augmented_stopped: bool = fact(False, key="factions.A.suppressed", doc="Augmented Troops (970)")
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
    d_foe_leader_mine: bool = fact(
        False, doc="the opposing plan's leader is one of its own (a captive, dreamrules:1066)"
    )
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
    d_fremen_ally: bool = fact(False, key="alliances")
    d_merc_missing: int = fact(0, key="factions.D.hand", doc="a Mercenaries card in the plan, not in the listed hand")
    d_break: bool = fact(False, key="move.plans.D.break_conditioning")
    d_retreat: bool = fact(False, key="move.plans.D.retreat")
    d_zoal: bool = fact(False, key="move.plans.D.leader", doc="the plan's leader is Zoal (Bene Tleilax)")
    d_cache_cards: int = fact(0, doc="Supplies cache cards in the plan (dreamrules:746)")
    d_role_moved: str = label(doc="a Weirding Way or Chemistry whose role moved it to the other place")
    d_role_open: str = label(doc="why the plan's Weirding Way or Chemistry has no decided role")
    d_weapon_cat: int = fact(0, doc="the weapon's Voice category: its code, 0 none or a card named only by name")
    d_defense_cat: int = fact(0, doc="the defense's Voice category (as weapon_cat)")
    d_presc_merc: int = fact(
        -1, key="move.plans.D.prescience.mercenaries", doc="a dial answer: 1 with Mercenaries, 0 without, -1 not said"
    )
    d_presc_merc_possible: bool | None = fact(
        True, key="factions.D.hand", doc="the Mercenaries part of the answer can be honored"
    )
    # Karama stopped these advantages for the phase (factions.X.suppressed, dreamrules:778)
    d_special_stopped: bool = fact(False, key="factions.D.suppressed", doc="its Sardaukar or Fedaykin (854, 882)")
    d_fsd_stopped: bool = fact(False, key="factions.D.suppressed", doc="Fremen's Free Spice Dialing (878)")
    d_kh_suppressed: bool = fact(False, key="factions.atreides.suppressed", doc="the Kwisatz Haderach (822)")
    d_presc_suppressed: bool = fact(False, key="factions.atreides.suppressed", doc="Battle Prescience (818)")
    d_voice_suppressed: bool = fact(False, key="factions.bene-gesserit.suppressed", doc="The Voice (926)")
    d_retreat_stopped: bool = fact(False, key="factions.D.suppressed", doc="the Guild's Retreat (874)")
    d_spite_stopped: bool = fact(False, key="factions.D.suppressed", doc="Vladimir's Spite (838)")
    d_ft_stopped: bool = fact(False, key="factions.D.suppressed", doc="Fanatical Tactics (886)")
    d_capture_stopped: bool = fact(False, key="factions.D.suppressed", doc="Captured Leaders (834)")
    d_zoal_stopped: bool = fact(False, key="factions.D.suppressed", doc="Zoal, a normal strength-two leader (954)")
    d_augmented_stopped: bool = fact(False, key="factions.D.suppressed", doc="Augmented Troops (970)")
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
    # -- gf9: tokens (factions.atreides.kwisatz_haderach_in_tanks, factions.harkonnen.captured_leaders) --
    a_kh_in_tanks: bool = fact(False, key="factions.atreides.kwisatz_haderach_in_tanks")
    d_kh_in_tanks: bool = fact(False, key="factions.atreides.kwisatz_haderach_in_tanks")
    a_leader_captive: bool = fact(False, key="factions.harkonnen.captured_leaders", doc="its own leader held captive")
    d_leader_captive: bool = fact(False, key="factions.harkonnen.captured_leaders", doc="its own leader held captive")
    a_holds_captive: bool | None = fact(
        False, key="factions.harkonnen.captured_leaders", doc="Harkonnen plays a leader it holds captive"
    )
    d_holds_captive: bool | None = fact(
        False, key="factions.harkonnen.captured_leaders", doc="Harkonnen plays a leader it holds captive"
    )
    a_own_all_dead: bool = fact(False, key="factions.A.leaders_in_tanks", doc="all its own leaders are in the Tanks")
    d_own_all_dead: bool = fact(False, key="factions.D.leaders_in_tanks", doc="all its own leaders are in the Tanks")
    # -- gf9: Karama played in this battle (move.karama; gf9:463-483) --
    a_pile: int = label(
        0, doc="spice of bribes in front of its shield (spice_in_front, or bribe_pile): not spendable (gf9:165, 297)"
    )
    d_pile: int = label(
        0, doc="spice of bribes in front of its shield (spice_in_front, or bribe_pile): not spendable (gf9:165, 297)"
    )
    captive_words: str = label("", doc="the leaders Harkonnen holds captive, in words (empty: none, or not given)")
    karama_codes: list[int] = fact(
        [],
        key="move.karama",
        doc="per Karama: 0 an advantage of this battle, 1..6 NOT_CANCELLABLE, 7 no advantage "
        "of this battle, 8 an ordinary traitor call",
    )
    karama_convert: list[bool] = fact([], key="move.karama", doc="per Karama: a Worthless Card played as one")
    karama_convert_ok: list[bool] = fact([], doc="per Karama: played by the Advanced Bene Gesserit, a Worthless Card")
    karama_missing: int = fact(0, key="factions.F.hand", doc="Karama cards played that are not in the listed hands")
    karama_words: list[str] = label(None, doc="per Karama: who plays what against what, in words")
    karama_kh: bool = label(False, doc="a Karama of the battle names the Kwisatz Haderach")
    karama_void: list[bool] = label(None, doc="per Karama: a Worthless Card as one, whose conversion another stopped")
    karama_missing_words: str = label("", doc="the Karama cards not in the hand, in words")
    karama_cards: list[str] = label(None, doc="the cards played as Karama (discarded after use: gf9:467)")
    discards_open: str = label("", doc="after an explosion: why the other played cards' fate is open (gf9:275, 451)")
    a_kh_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped the Kwisatz Haderach")
    d_kh_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped the Kwisatz Haderach")
    a_voice_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped the Voice given to this side")
    d_voice_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped the Voice given to this side")
    a_presc_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped the Prescience asked of this side")
    d_presc_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped the Prescience asked of this side")
    a_ally_call_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped its allied Harkonnen's call")
    d_ally_call_stopped: bool = fact(False, key="move.karama", doc="a Karama stopped its allied Harkonnen's call")
    a_fedaykin_ordinary: int = fact(0, key="move.karama", doc="Fedaykin a Karama made ordinary (counted in forces)")
    d_fedaykin_ordinary: int = fact(0, key="move.karama", doc="Fedaykin a Karama made ordinary (counted in forces)")
    a_sardaukar_ordinary: int = fact(0, key="move.karama", doc="Sardaukar a Karama made ordinary (in forces)")
    d_sardaukar_ordinary: int = fact(0, key="move.karama", doc="Sardaukar a Karama made ordinary (in forces)")
    a_no_spice_stopped: bool = fact(
        False, key="move.karama", doc="a Karama stopped the Fremen no-spice advantage: is_fremen is then false"
    )
    d_no_spice_stopped: bool = fact(
        False, key="move.karama", doc="a Karama stopped the Fremen no-spice advantage: is_fremen is then false"
    )
    a_fedaykin_open: bool = fact(
        False, key="move.karama", doc="the no-spice advantage stopped, the Fedaykin not: their value is not stated"
    )
    d_fedaykin_open: bool = fact(
        False, key="move.karama", doc="the no-spice advantage stopped, the Fedaykin not: their value is not stated"
    )

    def position_key(self, key: str) -> str:
        if key == "forces.SECTOR":
            return self.sector_key
        if key == "last_battle.FIELD":
            return self.last_battle_key
        return key.replace(".A.", f".{self.a_name}.").replace(".D.", f".{self.d_name}.")

    def missing_detail(self, key: str) -> str:
        return f"the spice lying in {self.territory}" if key == "spice" else ""

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
        from checker.names import possessive

        out["A_s"], out["D_s"] = possessive(out.get("A", "")), possessive(out.get("D", ""))
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


# -- Karama played in a battle (move.karama; gf9:463-483) ------------------------------------------------------
KARAMA_CARD = "Karama"
OPEN_TRAITOR = 8  # an ordinary traitor call, in no Harkonnen's battle: no line says whether Karama stops it
NOT_HERE = 7  # an advantage no faction of this battle attempts in it
KARAMA_NAMES = {  # what a Karama names, in words
    "prescience": "Prescience",
    "kwisatz-haderach": "Kwisatz Haderach",
    "voice": "Voice",
    "fedaykin": "Fedaykin",
    "no-spice-battle": "no-spice advantage",
    "sardaukar": "Sardaukar",
    "ally-traitor": "traitor call for its ally",
    "worthless-as-karama": "Worthless Card played as a Karama",
    "harkonnen-traitor": "traitor reveal in Harkonnen's own battle",
    "traitor": "traitor call",
    "special-victory": "a Special Victory Condition",
    "prediction": "the Bene Gesserit prediction",
    "hand-limit": "Harkonnen's hand limit",
    "karama-power": "a Special Karama Power",
}


def _worthless(card: str) -> bool:
    return card in components()["treachery_deck"].get("worthless", [])


def _converts(pos: Position, k: Any) -> bool:
    """The Advanced Bene Gesserit plays a Worthless Card as a Karama (gf9:373, 459)."""
    return k.faction == "bene-gesserit" and pos.advanced and _worthless(k.card)


def karama_target_here(pos: Position, m: BattleMove, k: Any) -> tuple[str, int]:
    """What one Karama of the battle names, read in this battle, and its code (``karama_codes``): ``traitor`` is
    Harkonnen's call in its own battle (which Karama cannot stop, gf9:469), its call for an ally (an alliance
    advantage, gf9:291, 423), or another faction's ordinary call."""
    from checker.arrakis.kinds.play import ADVANTAGES, ATTEMPTED, NOT_CANCELLABLE, ORDINARY_TRAITOR

    sides = set(m.plans)
    name = k.cancels
    allied_harkonnen = "harkonnen" not in sides and any("harkonnen" in pos.allies_of(f) for f in sides)
    if name == ORDINARY_TRAITOR:
        if "harkonnen" in sides:
            return "harkonnen-traitor", NOT_CANCELLABLE["harkonnen-traitor"]
        if not allied_harkonnen:
            return name, OPEN_TRAITOR
        name = "ally-traitor"
    if name in NOT_CANCELLABLE:
        return name, NOT_CANCELLABLE[name]
    if name not in ADVANTAGES:  # a Treachery Card's name
        return name, NOT_CANCELLABLE["card"]
    adv = pos.advanced
    special = {f: sum(g.special for g in fighting_groups(pos, m, f)) for f in sides}
    bg_ally = any("bene-gesserit" in pos.allies_of(f) for f in sides)
    here = {
        "prescience": "atreides" in sides,
        "kwisatz-haderach": "atreides" in sides,
        "voice": "bene-gesserit" in sides or bg_ally,
        "fedaykin": adv and special.get("fremen", 0) > 0,
        "no-spice-battle": adv and "fremen" in sides,
        "sardaukar": adv and special.get("emperor", 0) > 0,
        "ally-traitor": allied_harkonnen,
        "worthless-as-karama": any(_converts(pos, o) for o in m.karama if o is not k),
    }
    # the advantages attempted in a battle are ATTEMPTED's Battle Phase ones (gf9.cards.karama-attempted-phase)
    assert set(here) == {n for n, (phases, _lines) in ATTEMPTED.items() if "battle" in phases}
    return name, 0 if here.get(name, False) else NOT_HERE


def karama_stops(pos: Position, m: BattleMove) -> set[str]:
    """The advantages the battle's Karama cards stop: each naming an advantage of this battle, unless it is the
    Bene Gesserit's Worthless Card while another Karama stops that conversion (gf9:471)."""
    played = [k for k in m.karama if k.card == KARAMA_CARD or _converts(pos, k)]  # a card that may be a Karama
    named = [karama_target_here(pos, m, k) for k in played]
    convert_stopped = any(n == "worthless-as-karama" and code == 0 for n, code in named)
    return {
        n
        for k, (n, code) in zip(played, named, strict=True)
        if code == 0 and not (convert_stopped and _converts(pos, k))
    }


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _karama_facts(pos: Position, m: BattleMove) -> dict[str, Any]:
    """The battle's Karama cards: what each names, whether it may be played as one, whether it is in the hand."""
    from checker.arrakis.kinds.play import ADVANTAGES
    from checker.names import display

    codes, words, convert, convert_ok = [], [], [], []
    stops = karama_stops(pos, m)
    for k in m.karama:
        name, code = karama_target_here(pos, m, k)
        codes.append(code)
        holder = ADVANTAGES[name][0] if name in ADVANTAGES else ""
        named = KARAMA_NAMES.get(name, name.replace("-", " "))
        what = f"{_possessive(display(holder))} {named}" if holder else named
        played = k.card if k.card == KARAMA_CARD else f"{k.card} as a Karama"
        words.append(f"{display(k.faction)} plays {played} against {what}")
        convert.append(k.card != KARAMA_CARD)
        convert_ok.append(_converts(pos, k))
    missing: list[str] = []
    for who in dict.fromkeys(k.faction for k in m.karama):
        state = pos.factions.get(who)
        hand = state.hand if state else None
        mine = [k.card for k in m.karama if k.faction == who]
        if not isinstance(hand, list):
            continue  # a count, or no hand: taken to be in it (a note says so)
        left = list(hand)
        for c in m.plans[who].cards if who in m.plans else []:
            if c in left:
                left.remove(c)
        for c in mine:
            if c in left:
                left.remove(c)
            else:
                missing.append(f"{_possessive(display(who))} {c} (its hand: {', '.join(hand) or 'no card'})")
    return {
        "karama_codes": codes,
        "karama_words": words,
        "karama_convert": convert,
        "karama_convert_ok": convert_ok,
        "karama_missing": len(missing),
        "karama_missing_words": "; ".join(missing),
        "karama_cards": [k.card for k in m.karama],
        "karama_void": [_converts(pos, k) and "worthless-as-karama" in stops for k in m.karama],
        "karama_kh": any(k.cancels == "kwisatz-haderach" for k in m.karama),
    }


def _side_facts(pos: Position, m: BattleMove, me: str, foe: str, x: str) -> dict[str, Any]:
    plan = m.plans.get(me) or BattlePlan()
    foe_plan = m.plans.get(foe) or BattlePlan()
    state = pos.factions.get(me)
    groups = fighting_groups(pos, m, me)
    beyond = [g for g in pos.forces if g.faction == me and _fighting(pos, g, m) and g not in groups]
    forces = sum(g.count for g in groups)
    special = sum(g.special for g in groups)
    if not pos.advanced:  # gf9:41 starred tokens count as ordinary forces in the Basic Game
        forces, special = forces + special, 0
    # gf9:303 a Karama before reveal makes Fedaykin or Sardaukar ordinary for the battle, and a separate one stops
    # the Fremen no-spice advantage: the battle counts them so (gf9:475: each advantage on its own)
    stops = karama_stops(pos, m)
    fedaykin_ordinary = special if me == "fremen" and "fedaykin" in stops else 0
    sardaukar_ordinary = special if me == "emperor" and "sardaukar" in stops else 0
    forces, special = forces + fedaykin_ordinary + sardaukar_ordinary, special - fedaykin_ordinary - sardaukar_ordinary
    no_spice_stopped = me == "fremen" and "no-spice-battle" in stops
    held = captives(pos)
    atreides = pos.factions.get("atreides")
    own = leaders_of(pos, me)
    avail = available_leaders(pos, me, m.territory)
    leader = plan.leader
    tanks = set(state.leaders_in_tanks) if state else set()
    used = state.leaders_used_this_phase if state else {}
    hand = state.hand if state else None
    weapon_codes, defense_codes = card_kinds()
    weapon, defense, moved, role_open = card_roles(plan.weapon, plan.defense, pos.ruleset)
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
            leader_faction = next((f for f, ls in printed_leaders(pos.ruleset).items() if leader in ls), "")
    ids = card_ids()
    voice = _voice_facts(pos, m, me, foe, x, plan, hand, avail, ch_in_hand)
    presc = _prescience_facts(pos, m, me, foe, x, plan, hand, avail, ch_in_hand, forces, special)
    used_in = state.kwisatz_haderach_used_in if state else None
    out = {
        **voice,
        **presc,
        f"{x}_weapon_name": weapon or "",
        f"{x}_defense_name": defense or "",
        f"{x}_weapon_id": ids[weapon] if weapon else 0,
        f"{x}_defense_id": ids[defense] if defense else 0,
        f"{x}_role_moved": moved,
        f"{x}_role_open": role_open,
        f"{x}_leader_id": leader_ids(pos).get(leader, 0) if leader else 0,
        f"{x}_kh_used_elsewhere": bool(plan.kwisatz_haderach and used_in and used_in != m.territory),
        f"{x}_name": me,
        f"{x}_leader_name": leader or "",
        f"{x}_cards": cards,
        f"{x}_forces": forces,
        f"{x}_beyond": _beyond_words(pos, beyond),
        f"{x}_beyond_n": sum(g.total for g in beyond),
        f"{x}_special": special,
        f"{x}_worth_h": dial_worth_h(pos, me, foe, forces, special),
        f"{x}_is_fremen": me == "fremen" and not no_spice_stopped,
        f"{x}_is_atreides": me == "atreides",
        f"{x}_kh_in_tanks": bool(plan.kwisatz_haderach and atreides and atreides.kwisatz_haderach_in_tanks),
        f"{x}_leader_captive": bool(leader and leader in own and leader in held),
        f"{x}_holds_captive": _holds_captive(pos, me, leader, own),
        f"{x}_own_all_dead": bool(own) and set(own) <= tanks,
        f"{x}_kh_stopped": me == "atreides" and "kwisatz-haderach" in stops,
        f"{x}_voice_stopped": plan.voice is not None and "voice" in stops,
        f"{x}_presc_stopped": plan.prescience is not None and "prescience" in stops,
        f"{x}_ally_call_stopped": "ally-traitor" in stops and "harkonnen" in pos.allies_of(me),
        f"{x}_fedaykin_ordinary": fedaykin_ordinary,
        f"{x}_sardaukar_ordinary": sardaukar_ordinary,
        f"{x}_no_spice_stopped": no_spice_stopped,
        f"{x}_fedaykin_open": no_spice_stopped and special > 0,
        f"{x}_leader": leader is not None,
        f"{x}_strength": (own[leader] if leader in own else strength_of(pos, leader)) if leader else 0,
        f"{x}_leader_own": leader is None or leader in own,
        f"{x}_leader_in_tanks": leader in tanks,
        f"{x}_leader_used_elsewhere": bool(leader and used.get(leader, m.territory) != m.territory),
        f"{x}_leaders_available": len(avail),
        f"{x}_ch": bool(plan.cheap_hero),
        f"{x}_ch_in_hand": ch_in_hand,
        f"{x}_weapon": weapon_codes[weapon] if weapon else NO_CARD,
        f"{x}_defense": defense_codes[defense] if defense else NO_CARD,
        f"{x}_missing_cards": missing,
        f"{x}_dial_h": None if plan.dial is None else int(plan.dial * 2),
        f"{x}_spice": plan.spice,
        f"{x}_spice_held": spice_held,
        f"{x}_pile": (state.bribes_waiting or 0) if state else 0,
        f"{x}_kh": plan.kwisatz_haderach,
        f"{x}_lost_in_battle": lost,
        f"{x}_traitor": plan.traitor,
        f"{x}_holds_traitor": bool(foe_leader and foe_leader in traitors),
        f"{x}_mercenaries": plan.mercenaries or 0,
        f"{x}_is_harkonnen": me == "harkonnen",
        f"{x}_sardaukar": bool(pos.advanced and special and me != "fremen"),
        f"{x}_ally_holds_traitor": bool(ally_holds),
        f"{x}_foe_leader_mine": bool(foe_leader and foe_leader in own),
        f"{x}_leader_faction": leader_faction,
        f"{x}_leader_used_in": used.get(leader, "") if leader else "",
        f"{x}_avail_names": sorted(avail),
        f"{x}_missing_names": missing_names,
        f"{x}_traitor_holders": holders,
        **_dreamrules_facts(pos, me, x, plan, hand, leader),
    }
    if out[f"{x}_zoal_stopped"]:  # dreamrules:954 "Zoal is a normal strength-two leader this phase"
        out[f"{x}_strength"] = 2
    out.update(_voice_categories(x, weapon, defense))
    return out


def _holds_captive(pos: Position, me: str, leader: str | None, own: dict[str, int]) -> bool | None:
    """Harkonnen plays another faction's leader: whether it holds it captive (gf9:427); None where the position does
    not give Harkonnen's captured_leaders; False for any other plan."""
    if me != "harkonnen" or not leader or leader in own:
        return False
    state = pos.factions.get("harkonnen")
    if state is None or state.captured_leaders is None:
        return None
    return leader in state.captured_leaders


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

    def stopped(faction: str, advantage: str) -> bool:
        """Karama stopped this advantage for the phase (dreamrules:778): read under dreamrules only."""
        return pos.ruleset == "dreamrules" and pos.stopped(faction, advantage)

    special = {"emperor": "Sardaukar", "fremen": "Fedaykin"}.get(me)
    # dreamrules:954 "Zoal is a normal strength-two leader this phase": no Zoal ability (battle_facts sets 2)
    is_zoal = (leader or "").strip().lower() == "zoal"
    zoal_stopped = is_zoal and me == "bene-tleilax" and stopped(me, "Zoal")
    voice = plan.voice
    said = " ".join(str(w) for w in ((voice.play, voice.not_play) if voice else ()) if w).strip().lower()
    return {
        f"{x}_is_emperor": me == "emperor",
        f"{x}_is_ixians": me == "ixians",
        f"{x}_is_tleilaxu": me == "bene-tleilax",
        f"{x}_is_guild": me == "spacing-guild",
        f"{x}_fremen_ally": me != "fremen" and "fremen" in pos.allies_of(me),
        f"{x}_merc_missing": merc_missing,
        f"{x}_break": bool(getattr(plan, "break_conditioning", False)),
        f"{x}_retreat": bool(getattr(plan, "retreat", False)),
        f"{x}_zoal": is_zoal and not zoal_stopped,
        f"{x}_cache_cards": sum(1 for c in plan.cards if c in SUPPLIES_CACHE),
        f"{x}_special_stopped": bool(special and stopped(me, special)),
        f"{x}_fsd_stopped": me == "fremen" and stopped(me, "Free Spice Dialing"),
        f"{x}_kh_suppressed": stopped("atreides", "Kwisatz Haderach"),
        f"{x}_presc_suppressed": stopped("atreides", "Battle Prescience"),
        f"{x}_voice_suppressed": stopped("bene-gesserit", "The Voice"),
        f"{x}_retreat_stopped": me == "spacing-guild" and stopped(me, "Retreat"),
        f"{x}_spite_stopped": me == "harkonnen" and stopped(me, "Vladimir's Spite"),
        f"{x}_ft_stopped": me == "fremen" and stopped(me, "Fanatical Tactics"),
        f"{x}_capture_stopped": me == "harkonnen" and stopped(me, "Captured Leaders"),
        f"{x}_zoal_stopped": zoal_stopped,
        f"{x}_augmented_stopped": me == "ixians" and stopped(me, "Augmented Troops"),
        f"{x}_battle_training": bool(me == "spacing-guild" and state and getattr(state, "fate_used", False)),
        f"{x}_leader_ghola": bool(leader and state and leader in (getattr(state, "ghola_revived", []) or [])),
        f"{x}_voice_ch": said in ("cheap hero", "cheap heroine"),
        f"{x}_suppressed": suppressed,
        f"{x}_traitor_freed": traitor_freed(pos, me, leader)[0],
        f"{x}_patched": sum(g.patched for g in fighting_groups(pos, pos.move, me))
        if isinstance(pos.move, BattleMove)
        else 0,
        f"{x}_aboard": sum(g.total for g in fighting_groups(pos, pos.move, me) if g.surveyor)
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
    """The factions whose used Fate may reach this battle from outside it (Dreamrules only), where the plans give it
    something to reach: Political Marriages a Voice (dreamrules:1164), Stone Burner spice committed or a Fremen dial
    ("including Fremen", 1182), Defect a special card (Mercenaries, a special weapon or defense, 1228)."""
    m = pos.move
    if pos.ruleset != "dreamrules" or not isinstance(m, BattleMove):
        return []
    deck = components()["treachery_deck"]
    basic = {
        c for group in (deck["weapons"], deck["defenses"]) for k, cards in group.items() if k != "lasgun" for c in cards
    }
    basic |= set(deck["worthless"]) | set(SUPPLIES_CACHE)
    plans = m.plans.items()
    reaches = {
        "bene-gesserit": any(p.voice for _f, p in plans),
        "bene-tleilax": any(p.spice or (f == "fremen" and p.dial) for f, p in plans),
        "ixians": any(p.mercenaries or p.break_conditioning or set(p.cards) - basic for _f, p in plans),
    }
    used = [f for f in BATTLE_FATES if f in pos.factions and getattr(pos.factions[f], "fate_used", False)]
    return [f for f in used if reaches[f]]


@cache
def voice_categories() -> dict[str, tuple[str, frozenset[str]]]:
    """A Voice category -> the place it names ("w" weapon, "d" defense) and the cards in it, by name: the deck's
    lists, and the Supplies cache's basic cards (dreamrules:746). Dreamrules' Weirding Way and Chemistry are in
    none: the Voice must name them (dreamrules:724, 728); the Orange Catholic Bible is no worthless card
    (dreamrules:732)."""
    deck = components()["treachery_deck"]
    cache = {kind: frozenset(c for c, k in CACHE_CATEGORY.items() if k == kind) for kind in ("projectile", "poison")}
    weapons = {k: frozenset(deck["weapons"][k]) | cache.get(k, frozenset()) for k in ("poison", "projectile")}
    defenses = {k: frozenset(deck["defenses"][k]) | cache[k] for k in ("poison", "projectile")}
    return {
        "poison weapon": ("w", weapons["poison"]),
        "poison": ("w", weapons["poison"]),
        "projectile weapon": ("w", weapons["projectile"]),
        "projectile": ("w", weapons["projectile"]),
        "lasgun": ("w", frozenset(deck["weapons"]["lasgun"])),
        "poison defense": ("d", defenses["poison"]),
        "snooper": ("d", defenses["poison"]),
        "shield": ("d", defenses["projectile"]),
        "projectile defense": ("d", defenses["projectile"]),
    }


def _category_code(card: str | None, place: str) -> int:
    """The Voice category code of the card in a place: its card code where a category holds it, WORTHLESS for a
    worthless card, 0 for no card or a card named only by name."""
    if not card:
        return NO_CARD
    if card in components()["treachery_deck"]["worthless"]:
        return WORTHLESS
    codes = {"projectile weapon": PROJECTILE, "poison weapon": POISON, "lasgun": LASGUN}
    if place == "d":
        codes = {"shield": PROJECTILE, "poison defense": POISON}
    for name, code in codes.items():
        if card in voice_categories()[name][1]:
            return code
    return NO_CARD


def _voice_categories(x: str, weapon: str | None, defense: str | None) -> dict[str, int]:
    return {f"{x}_weapon_cat": _category_code(weapon, "w"), f"{x}_defense_cat": _category_code(defense, "d")}


def voice_complies(
    what: str,
    target: int,
    weapon: str | None,
    defense: str | None,
    ch: bool,
    mercenaries: int = 0,
    breaks: bool = False,
) -> bool:
    """Does a plan (its card names) contain what a Voice names? Read from the deck's lists by name."""
    if target == T_CHEAP_HERO:
        return ch
    if target == T_MERCENARIES:
        return mercenaries > 0
    if target == T_WORTHLESS:
        worthless = components()["treachery_deck"]["worthless"]
        return weapon in worthless or defense in worthless
    if target == T_CARD:
        return what in (weapon, defense) or (what == BREAK_CONDITIONING and breaks)
    slot, names = voice_categories()[what]
    return (weapon if slot == "w" else defense) in names


def _fits(card: str, target: int, code: int, what: str) -> bool:
    """Could this card in hand satisfy a 'play' Voice, in a place it can legally fill?"""
    weapon, defense = card_kinds()
    if target in (T_WEAPON_KIND, T_DEFENSE_KIND):
        return card in voice_categories()[what][1]
    if target == T_WORTHLESS:
        return card in components()["treachery_deck"]["worthless"]
    if target == T_CHEAP_HERO:
        return card in CHEAP_HEROES
    if target == T_MERCENARIES:
        return card == "Mercenaries"
    fills = weapon.get(card, WRONG) != WRONG or defense.get(card, WRONG) != WRONG or card == BREAK_CONDITIONING
    return card_ids()[card] == code and fills


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
    target, code, text = voice_target(what, f"{key}.{'play' if mode == VOICE_PLAY else 'not_play'}", pos.ruleset)
    weapon, defense, _moved, _open = card_roles(plan.weapon, plan.defense, pos.ruleset)
    merc, breaks = int(plan.mercenaries or 0), bool(plan.break_conditioning)
    complies = voice_complies(text, target, weapon, defense, bool(plan.cheap_hero), merc, breaks)
    can: bool | None
    if complies == (mode == VOICE_PLAY):
        can = True  # it complies: whether it could matters not
    elif mode == VOICE_NOT_PLAY:
        # gf9:259 Voice does not remove the need for a leader: with no leader, a Cheap Hero in hand must be played
        can = True if target != T_CHEAP_HERO or avail else (None if ch_in_hand is None else not ch_in_hand)
    else:
        carrier: bool | None = bool(avail) or ch_in_hand
        if isinstance(hand, list):
            can = any(_fits(c, target, code, text) for c in hand) and (target == T_CHEAP_HERO or bool(carrier))
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
    merc_said, merc_possible = _prescience_mercenaries(pos, key, p, plan, hand)
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
        possible = answer <= dial_worth_h(pos, me, foe, forces, special)
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
            acting = card_roles(plan.weapon, plan.defense, pos.ruleset)[0 if p.element == "weapon" else 1]
            matches = acting is None
            possible = True
        else:
            from checker.arrakis.position import known_cards

            cards = known_cards(pos.ruleset)
            folded = " ".join(str(raw).strip().lower().split())
            if folded not in cards:
                raise InputError(f"{key}.answer", "a card's name or none", raw)
            card = cards[folded]
            answer, text = card_ids()[card], card
            # the card acting in that place (Dreamrules' Weirding Way and Chemistry: card_roles)
            acting = card_roles(plan.weapon, plan.defense, pos.ruleset)[0 if p.element == "weapon" else 1]
            matches = acting == card
            carrier: bool | None = bool(avail) or ch_in_hand
            if isinstance(hand, list):
                possible = card in hand and bool(carrier)
            elif hand == 0:
                possible = False
            else:
                possible = None
    if matches:
        possible = True
    if merc_said == 1:
        text += " with Mercenaries"
    elif merc_said == 0:
        text += " without Mercenaries"
    return {
        f"{x}_presc_merc": merc_said,
        f"{x}_presc_merc_possible": merc_possible,
        f"{x}_presc": element,
        f"{x}_presc_answer": answer,
        f"{x}_presc_possible": possible,
        f"{x}_presc_text": f"{p.element}: {text}",
        f"{x}_presc_by_atreides": by_atreides,
        f"{x}_presc_by_ally": by_ally,
    }


def _prescience_mercenaries(pos: Position, key: str, p: Any, plan: BattlePlan, hand: Any) -> tuple[int, bool | None]:
    """Dreamrules: a dial answer discloses whether the plan plays Mercenaries (dreamrules:744): (1 yes, 0 no, -1 not
    said; whether that part can be honored)."""
    if p.mercenaries is None:
        return -1, True
    if pos.ruleset != "dreamrules":
        raise InputError(f"{key}.mercenaries", "no Mercenaries in a GF9 Prescience answer (a dreamrules key)", True)
    if p.element != "dial":
        raise InputError(f"{key}.mercenaries", "only with a dial answer (dreamrules:744)", p.mercenaries)
    said = int(bool(p.mercenaries))
    possible: bool | None = True
    if said and bool(plan.mercenaries) != bool(said):
        if isinstance(hand, list):
            possible = "Mercenaries" in hand
        elif hand == 0:
            possible = False
        else:
            possible = None
    return said, possible


def dial_worth_h(pos: Position, me: str, foe: str, forces: int, special: int) -> int:
    """The highest dial, in half-units, a side's troops can be worth (every troop supported): what a dial answer to
    Prescience can be. Advanced: only the Fedaykin's value is stated (gf9:415), so a Sardaukar adds nothing there;
    Dreamrules values Sardaukar and Fedaykin at double (dreamrules:1086, 1122; normal troops where Karama stopped
    them or, Sardaukar, against Fremen), Cyborgs at double and Suboids at half (dreamrules:1220, 1222)."""
    if not pos.advanced:
        return 2 * (forces + special)
    if pos.ruleset != "dreamrules":
        return 2 * forces + (4 * special if me == "fremen" else 0)
    if me == "ixians":
        return forces + 4 * special
    double = {"emperor": "Sardaukar", "fremen": "Fedaykin"}.get(me)
    normal = double is None or pos.stopped(me, double) or (me == "emperor" and foe == "fremen")
    return 2 * forces + (2 if normal else 4) * special


def _fighting(pos: Position, g: ForceGroup, m: BattleMove) -> bool:
    return g.territory == m.territory and g.total > 0 and not (g.advisors and pos.advanced)


class StormFront(NamedTuple):
    """Where the storm splits a battle's territory (``storm_front``)."""

    sectors: frozenset[int] | None  # the part where the battle is fought; None: every force in the territory
    fronts: str = ""  # the parts where both sides meet, in words, where there are several
    contact: bool = False  # dreamrules: forces in the storm's sector and beside it, the part then left open


def storm_front(pos: Position, m: BattleMove) -> StormFront:
    """Where the storm splits the battle's territory, the sectors of the part in which the two sides meet: a
    faction's forces on the far side of the storm are not in this battle (gf9:249 "All of a faction's forces in the
    territory participate as one side unless separated by the storm"; gf9:101, overview:102, dreamrules:448).
    Every force in the territory fights where the storm does not split it, a group's sector is not given, or the
    sides meet in no part (gf9.battle.storm-separates forbids); and where the part is open (two parts where both
    meet; Dreamrules' storm sector beside another), the fact saying so."""
    t = pos.board[m.territory]
    storm = pos.storm
    if not storm or storm not in t.sectors or len(t.sectors) < 2 or t.is_polar_sink:
        return StormFront(None)
    agg = m.aggressor
    dfd = opponent(pos, m, agg)
    held: dict[str, set[int]] = {agg: set(), dfd: set()}
    for g in pos.forces:
        if g.faction in held and _fighting(pos, g, m):
            if g.sector is None:
                return StormFront(None)
            held[g.faction].add(g.sector)
    # the parts clear of the storm: runs of the territory's sectors round the ring, cut at the storm
    parts: list[set[int]] = []
    for s in sorted(t.sectors):
        if s == storm:
            continue
        near = [p for p in parts if (s - 2) % SECTORS + 1 in p or s % SECTORS + 1 in p]
        parts = [p for p in parts if p not in near] + [{s}.union(*near)]
    dream = pos.ruleset == "dreamrules"
    if dream:  # dreamrules:224: the storm does not itself prohibit a battle; its sector is a part of its own
        parts.append({storm})
    if m.sector is not None and m.sector in t.sectors:  # the move names the part
        front = next((frozenset(p) for p in parts if m.sector in p), frozenset())
        return StormFront(front, contact=dream and _contact(held, front, set(t.sectors) - front, storm))
    meet = [frozenset(p) for p in parts if held[agg] & p and held[dfd] & p]
    if len(meet) > 1:
        return StormFront(None, fronts=" and in ".join(_sector_words(p) for p in meet))
    if not meet:
        return StormFront(None)
    front = meet[0]
    if dream and _contact(held, front, set(t.sectors) - front, storm):
        return StormFront(None, contact=True)
    return StormFront(front)


def _contact(held: dict[str, set[int]], front: frozenset[int], beside: set[int], storm: int) -> bool:
    """Dreamrules: a side's troops stand in the storm's sector and beside it, across the battle's part."""
    return any(held[f] & beside and (storm in front or storm in held[f]) for f in held)


def _sector_words(sectors: frozenset[int]) -> str:
    return ("sector " if len(sectors) == 1 else "sectors ") + ", ".join(map(str, sorted(sectors)))


def _beyond_words(pos: Position, beyond: list[ForceGroup]) -> str:
    """A side's forces in the territory kept out of the battle, in words: under the storm, or beyond it."""
    under = sum(g.total for g in beyond if g.sector == pos.storm)
    far = [g for g in beyond if g.sector != pos.storm]
    parts = [f"its {under} under the storm in sector {pos.storm}"] if under else []
    if far:
        where = _sector_words(frozenset(g.sector for g in far if g.sector is not None))
        parts.append(f"its {sum(g.total for g in far)} in {where}, beyond the storm in sector {pos.storm}")
    return f" (not {' nor '.join(parts)})" if parts else ""


def fighting_groups(pos: Position, m: BattleMove, faction: str) -> list[ForceGroup]:
    """A side's forces in the battle: its groups in the territory (advisors aside, Advanced), only those in the part
    of the territory where it meets the other side where the storm splits it (``storm_front``)."""
    front = storm_front(pos, m).sectors if pos.storm in pos.board[m.territory].sectors else None
    return [
        g for g in pos.forces if g.faction == faction and _fighting(pos, g, m) and (front is None or g.sector in front)
    ]


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
    from checker.names import display, whose

    m = pos.move
    assert isinstance(m, BattleMove)
    agg = m.aggressor
    dfd = opponent(pos, m, agg)
    sectors = pos.board[m.territory].sectors
    if m.sector is not None and m.sector not in sectors:
        raise InputError("move.sector", f"a sector of {m.territory} ({', '.join(map(str, sectors))})", m.sector)
    values = named({**_side_facts(pos, m, agg, dfd, "a"), **_side_facts(pos, m, dfd, agg, "d")})
    front = storm_front(pos, m)
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
                f"{whose(me)} hand {given}: {', '.join(played)} taken to be in it (a plan's cards come from its hand)"
            )
    discards_open = ""
    if explodes_by_names(m):
        kept = [c for p in m.plans.values() for c in p.cards if c not in CHEAP_HEROES]
        if kept:
            discards_open = (
                f"after an explosion gf9 discards a Cheap Hero (gf9:459, 255) and says nothing of the other cards "
                f"played: whether {', '.join(kept)} go to the discard pile or back to the hand it does not say "
                "(gf9:275 names no card; gf9:451 returns retained cards and gf9:455 speaks of a winner and a loser)"
            )
    facts = BattleFacts(
        faction=agg,
        advanced=pos.advanced,
        territory=m.territory,
        discards_open=discards_open,
        A=display(agg),
        D=display(dfd),
        o_names=others,
        o_forces=[sum(g.total for g in pos.groups(f, m.territory)) for f in others],
        in_polar_sink=pos.board[m.territory].is_polar_sink,
        fate_at_large=bool(_fates_at_large(pos)),
        fates_at_large=", ".join(display(f) for f in _fates_at_large(pos)),
        allied=dfd in pos.allies_of(agg),
        phase_index=pos.phase_index,
        storm_sector=pos.storm or 0,
        a_order=pos.storm_order(agg),
        d_order=pos.storm_order(dfd),
        **named(_sectors(pos, m, agg, dfd)),
        storm_fronts=front.fronts,
        storm_contact=front.contact,
        **values,
        **_karama_facts(pos, m),
        captive_words=", ".join(sorted(captives(pos))),
        terr_spice=terr_spice,
        notes=notes + _token_notes(pos, m),
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
        if facts.side(x, "role_moved"):
            facts.notes.append(f"{whose(facts.side(x, 'name'))} {facts.side(x, 'role_moved')}")
    for x in SIDES:
        counts = loss_counts(facts, x)
        if facts.advanced and facts.side(x, "is_fremen") and len(counts) > 1:
            facts.notes.append(
                f"if {display(facts.side(x, 'name'))} wins, it chooses its losses among selections worth its dial "
                f"(gf9:299): {' or '.join(map(str, counts))} tokens; 'losses' then lists the possible counts"
            )
    return facts


def _token_notes(pos: Position, m: BattleMove) -> list[str]:
    """What the battle assumes of the Kwisatz Haderach's life and of the Karama cards' hands, where not given."""
    from checker.names import whose

    out = []
    atreides = pos.factions.get("atreides")
    if any(p.kwisatz_haderach for p in m.plans.values()) and (
        atreides is None or atreides.kwisatz_haderach_in_tanks is None
    ):
        out.append(
            "the position does not give factions.atreides.kwisatz_haderach_in_tanks: the Kwisatz Haderach is taken "
            "to be alive, as the plan plays it"
        )
    for who in dict.fromkeys(k.faction for k in m.karama):
        state = pos.factions.get(who)
        hand = state.hand if state else None
        if not isinstance(hand, list):
            given = "is not given" if hand is None else f"is given as a count ({hand})"
            out.append(f"{whose(who)} hand {given}: the card it plays as a Karama is taken to be in it")
    return out


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
    if facts.side(x, "dial_h") is None:
        return []
    return sorted({o["forces"] + o["special"] for o in loss_options(facts, x, every=True)})


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
    preprocessed = True  # measured over its cases: 0.81 of the time of the long-lived solver
    title = "Battle"
    outcome_keys: ClassVar[dict[str, str]] = {
        "explosion": "whether a Lasgun met a Shield and the battle exploded",
        "cards_discarded": "the cards that go to the discard pile",
        "cards_retained": "the played cards that go back to their hands (gf9:451): reported only as unknown, where "
        "the text leaves open whether a played card is discarded (after an explosion)",
        "spice_paid": "faction -> spice it paid to support its dialed forces",
        "spice_to_bribe_pile": "Dreamrules: faction -> the spice it paid that goes into its own bribe pile, not the "
        "Bank (the Fremen's ally, dreamrules:1136)",
        "zoal_infiltration": "Dreamrules: what Zoal's Infiltration gives instead of the ordinary result",
        "ixian_losses": "Dreamrules: the losses the winning Ixians may choose among",
        "winner_loss_options": "the winner's choices of which forces it loses (gf9:299)",
        "karama_discarded": "the cards played as Karama in this battle, discarded after use (gf9:467)",
    }
    ruled = (
        "winner",
        "explosion",
        "leaders_killed",
        "losses",
        "spice_gained",
        "spice_paid",
        "spice_to_bribe_pile",
        "cards_discarded",
        "spice_lost",
        "zoal_infiltration",
        "ixian_losses",
        "karama_discarded",
    )

    def facts(self, pos: Position) -> BattleFacts:
        return battle_facts(pos)

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        w: Any = v
        w.winner = z3.Int("winner")  # 0 none, 1 aggressor, 2 defender
        w.explosion = z3.Bool("explosion")
        w.spice_lost = z3.Int("spice_lost")
        w.zoal_inf = z3.Bool("zoal_inf")  # dreamrules: Bene Tleilax may choose Zoal's Infiltration (dreamrules:1200)
        w.karama_disc = z3.Bool("karama_disc")  # gf9:467: the battle's Karama cards are discarded
        w.ix_loss = z3.Bool("ix_loss")  # dreamrules: the Ixians win and choose their losses (dreamrules:502, 1224)
        for x in SIDES:
            for name in ("os", "ou", "ss", "su", "lost", "gain", "paid", "disc"):  # disc: 0 none, 1 Cheap Hero, 2 all
                setattr(v, f"{x}_{name}", z3.Int(f"{x}_{name}"))
            setattr(v, f"{x}_killed", z3.Bool(f"{x}_killed"))
            setattr(v, f"{x}_kh_killed", z3.Bool(f"{x}_kh_killed"))  # gf9:353
            setattr(v, f"{x}_to_pile", z3.Bool(f"{x}_to_pile"))  # dreamrules:1136: its paid spice to its bribe pile

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
            elif n > 0 or (out["explosion"] and facts.side(x, "beyond_n")):
                losses[facts.side(x, "name")] = n + (facts.side(x, "beyond_n") if out["explosion"] else 0)
        if out["explosion"]:
            losses.update({f: n for f, n in zip(facts.o_names, facts.o_forces, strict=True) if n})
        out["losses"] = losses
        out["spice_lost"] = value(v.spice_lost)
        out["spice_gained"] = {
            facts.side(x, "name"): value(getattr(v, f"{x}_gain")) for x in SIDES if value(getattr(v, f"{x}_gain"))
        }
        out["spice_paid"] = {
            facts.side(x, "name"): value(getattr(v, f"{x}_paid")) for x in SIDES if value(getattr(v, f"{x}_paid"))
        }
        out["spice_to_bribe_pile"] = {
            facts.side(x, "name"): value(getattr(v, f"{x}_paid"))
            for x in SIDES
            if value(getattr(v, f"{x}_paid")) and value(getattr(v, f"{x}_to_pile"))
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
        if out["explosion"] and facts.discards_open:  # the text leaves the other played cards' fate open
            out["unknown"] = {"cards_retained": facts.discards_open}
        if value(v.zoal_inf):  # reported only where a rule in force fixes it (dreamrules.battle.zoal-infiltration)
            out["zoal_infiltration"] = zoal_infiltration(facts)
        if value(v.karama_disc):  # reported only where a rule in force fixes it (gf9.battle.karama-discard)
            out["karama_discarded"] = list(facts.karama_cards or [])
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
    # dreamrules:970 Karama stopped Augmented Troops: "Suboids cannot die in place of Cyborgs this phase"
    substitute = not facts.side(x, "augmented_stopped")
    out: set[tuple[int, int, int, int]] = set()
    for k, su in ixian_selections(facts, x):
        for p in range(max(0, k - (cyborgs - patched)), min(patched, k) + 1):
            for n in range(min(k - p, suboids - su) + 1 if substitute else 1):
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
    of them the committed spice supported, fewest special tokens first, then fewest forces. The first one unless
    ``every``.

    ``sardaukar_known``: the ruleset prints the Sardaukar's value (Dreamrules: double a normal troop,
    dreamrules:1086; normal troops against Fremen). Its support price is printed nowhere (dreamrules:1304), so
    a Sardaukar is counted only unsupported, and only where the spice can support no Sardaukar: against
    Fremen (normal troops, supported as they are) or with no spice committed; elsewhere no selection is given.
    """
    # Dreamrules: Karama may stop the Sardaukar or Fedaykin (normal troops, dreamrules:854, 882) and Free Spice
    # Dialing (ordinary support, 878); those facts are set under dreamrules only
    fremen = bool(facts.side(x, "is_fremen"))
    full = fremen and not facts.side(x, "fsd_stopped")
    as_normal = bool(facts.side(x, "special_stopped"))
    if facts.side(x, "special") and not fremen:
        vs_fremen = bool(facts.side("d" if x == "a" else "a", "is_fremen"))
        as_normal = as_normal or vs_fremen
        if not (sardaukar_known and facts.side(x, "is_emperor") and (as_normal or not facts.side(x, "spice"))):
            return []  # gf9 never states the Sardaukar's value (gf9.battle.sardaukar-value)
    if facts.side(x, "special") and fremen and not full and not as_normal and facts.side(x, "spice"):
        return []  # a Fedaykin's support price is printed nowhere (dreamrules.battle.sardaukar-support)
    dial_h = facts.side(x, "dial_h") or 0
    forces, special, spice = facts.side(x, "forces") or 0, facts.side(x, "special") or 0, facts.side(x, "spice") or 0
    # Every selection: os/ou ordinary tokens supported/unsupported, ss/su special ones (at most twenty tokens each,
    # so counting them out is quicker than a solver and gives every answer in one order)
    found: set[tuple[int, int, int]] = set()
    for os_ in range(forces + 1):
        for ss in range(special + 1):
            if full and (os_ or ss):
                break  # Fremen at full strength: support means nothing, every token counted unsupported
            if not full and os_ + ss != spice:
                continue
            for ou in range(forces - os_ + 1):
                for su in range(special - ss + 1):
                    if full:
                        strength = 2 * ou + (2 if as_normal else 4) * su
                    elif as_normal:  # special troops counted as normal troops (dreamrules:854, 882, 1086)
                        strength = 2 * (os_ + ss) + ou + su
                    else:
                        strength = 2 * os_ + ou + 4 * ss + 2 * su  # strength_terms without Fremen
                    if strength == dial_h:
                        found.add((os_ + ou, ss + su, os_ + ss))
    out = [{"forces": f, "special": sp, "supported": su} for f, sp, su in found]
    out.sort(key=lambda d: (d["special"], d["forces"], d["supported"]))
    return out[:limit] if every else out[:1]
