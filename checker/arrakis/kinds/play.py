"""Treachery Cards played outside a battle plan (``move: {action: play, faction: F, card: C, ...}``).

The verdict says whether the card may be played now; the outcome is the card's effect where the lines
state it, and what becomes of the card:

* Weather Control (gf9:93, 511): ``storm_distance`` (the sectors chosen, 0..10) and ``storm_sector`` (where
  the storm stops, counterclockwise from ``storm``). Card keys: ``distance``, ``storm_moved``.
* Family Atomics (gf9:499-507): ``destroyed`` (faction -> forces on the Shield Wall) and
  ``shield_wall: destroyed``; ``removed_from_game``. Card key: ``storm_moved``; dreamrules also reads
  ``territory``, the target (the Shield Wall or a single sietch, dreamrules:758, 760); a sietch target gives
  ``atomics_sietches: [SIETCH]`` (opened to the storm, as later positions list it) and destroys no troop.
* Hajr (gf9:239, 241): ``extra_movements: 1``; the extra movement itself is a ``move`` question.
  Card key: ``after_movement`` (played right after the faction's normal movement, on its own turn).
* Karama (gf9:461-487): ``karama_use: cancel`` (card key ``cancels``: the advantage stopped, one of
  :data:`ADVANTAGES` or :data:`NOT_CANCELLABLE`; ``plans_revealed`` in battle) or ``karama_use: power``
  (the faction's once-a-game special power; card keys ``power_used``, ``plans_revealed``, and
  ``territory`` for the Fremen worm). ``as_karama: true`` plays an Advanced Bene Gesserit Worthless Card
  as a Karama (gf9:373, 459). A bid made with Karama is a ``bid`` move.
* Truthtrance (gf9:491-497): any time; the question and its answer are not judged.
* Tleilaxu Ghola (gf9:183, 197): its text is not printed: unresolved.
* Worthless Cards, weapons, defenses and Cheap Heroes have no play of their own outside a plan.

``discarded`` / ``removed_from_game`` name the card where a line says what becomes of it.

Conventions: without ``phase`` the card is taken to be played in the phase it names (a note says so);
``storm_moved`` is read from the Storm Phase's history (``this_phase``) where the move does not give it, and
where neither gives it the verdict is unresolved, naming it; without
``plans_revealed`` a Karama in battle before the plans are revealed (notes say so). The card must be in
the hand when the hand is listed; a hand given as a count leaves the verdict unresolved, naming it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any, ClassVar

from checker.arrakis.board import SECTORS, Board
from checker.arrakis.position import BATTLE, PHASES, PlayMove, Position, components, phase_words
from checker.errors import InputError, nearest
from checker.facts import Facts, Kind, Vars, all_of, fact, kind, label
from checker.names import display, territory_name

SHIELD_WALL = "Shield Wall"

WEATHER = "Weather Control"
ATOMICS = "Family Atomics"
HAJR = "Hajr"
GHOLA = "Tleilaxu Ghola"
TRUTHTRANCE = "Truthtrance"
KARAMA = "Karama"
# Dreamrules cards that go into a battle plan: Mercenaries (dreamrules:742), the Supplies cache, "otherwise played as
# Treachery Cards" (dreamrules:746), Weirding Way and Chemistry (dreamrules:724, 728).
DR_PLAN_CARDS = (
    "Mercenaries",
    "Supplies poison weapon",
    "Supplies projectile weapon",
    "Supplies Shield",
    "Supplies Snooper",
    "Weirding Way",
    "Chemistry",
)

# What a Karama may be said to stop (``cancels``): faction advantages gf9 prints, by the faction that
# holds them and the line that prints them ...
ADVANTAGES: dict[str, tuple[str, str]] = {
    "prescience": ("atreides", "gf9:261"),
    "kwisatz-haderach": ("atreides", "gf9:351"),
    "voice": ("bene-gesserit", "gf9:365"),
    "worthless-as-karama": ("bene-gesserit", "gf9:373, 471"),
    "auction-payments": ("emperor", "gf9:389"),
    "ally-revival": ("emperor", "gf9:393"),
    "fedaykin": ("fremen", "gf9:415, 475"),
    "no-spice-battle": ("fremen", "gf9:415, 303"),
    "shipment-payments": ("spacing-guild", "gf9:433"),
    "half-price-shipment": ("spacing-guild", "gf9:437"),
    "out-of-order": ("spacing-guild", "gf9:443"),
    "bonus-card": ("harkonnen", "gf9:425"),
    "sardaukar": ("emperor", "gf9:303"),
    "worm-immunity": ("fremen", "gf9:117, 401"),
    "ally-worm-protection": ("fremen", "gf9:119, 403"),
    "ally-traitor": ("harkonnen", "gf9:291, 423"),  # its traitor call against its ally's opponent
}
# ... when each is attempted (gf9:463: a Karama stops one use "when that advantage is attempted"): the phases its
# lines place it in, and those lines. The battle's Karama list reads the same table (a battle advantage is one
# attempted in the Battle Phase: checker/arrakis/kinds/battle.py, karama_target_here).
EVERY_PHASE: tuple[str, ...] = PHASES
ATTEMPTED: dict[str, tuple[tuple[str, ...], str]] = {
    "prescience": (("battle",), "gf9:261"),  # the battle question, asked before reveal
    "kwisatz-haderach": (("battle",), "gf9:351"),  # accompanies a leader in battle
    "voice": (("battle",), "gf9:365"),  # "In battle"
    "worthless-as-karama": (EVERY_PHASE, "gf9:373, 463"),  # whenever a Karama is played
    "auction-payments": (("bidding",), "gf9:389"),  # the Treachery auction
    "ally-revival": (("revival",), "gf9:393"),  # "During Revival"
    "fedaykin": (("battle",), "gf9:415"),  # "in battle and losses"
    "no-spice-battle": (("battle",), "gf9:415"),  # fighting at full strength without spice
    "shipment-payments": (("shipment-and-movement",), "gf9:433"),  # when others ship from off-planet
    "half-price-shipment": (("shipment-and-movement",), "gf9:435, 437"),  # the Guild's shipment on its turn
    "out-of-order": (("shipment-and-movement",), "gf9:443"),  # its shipment-and-movement turn
    "bonus-card": (("bidding",), "gf9:425"),  # "Whenever you buy a Treachery Card"
    "sardaukar": (("battle",), "gf9:303"),  # before reveal, for that battle
    "worm-immunity": (("spice-blow", "nexus"), "gf9:113, 417"),  # a worm devours in the Spice Blow (or the
    "ally-worm-protection": (("spice-blow", "nexus"), "gf9:119, 417"),  # Fremen's Karama worm, in the Nexus)
    "ally-traitor": (("battle",), "gf9:291, 423"),  # a traitor revealed in its ally's battle
}
# Where the text speaks of an advantage outside its phases without saying when it is attempted there: outside them
# the question is open (gf9.cards.karama-attempt-open), naming these lines.
ATTEMPT_OPEN: dict[str, str] = {
    "prescience": "gf9:343",  # "your prescience involves [the Spice and Treachery decks]": not printed
}
assert set(ATTEMPTED) == set(ADVANTAGES), "every advantage says when it is attempted"
ADVANTAGE_WORDS: dict[str, str] = {  # each advantage in words, after its holder's name
    "prescience": "Prescience",
    "kwisatz-haderach": "Kwisatz Haderach",
    "voice": "Voice",
    "worthless-as-karama": "Worthless Card played as a Karama",
    "auction-payments": "auction payments",
    "ally-revival": "payment for its ally's revivals",
    "fedaykin": "Fedaykin",
    "no-spice-battle": "no-spice advantage",
    "shipment-payments": "shipment payments",
    "half-price-shipment": "half-price shipment",
    "out-of-order": "out-of-order shipment and movement",
    "bonus-card": "bonus card",
    "sardaukar": "Sardaukar",
    "worm-immunity": "immunity to worms",
    "ally-worm-protection": "protection of its ally from worms",
    "ally-traitor": "traitor call for its ally",
}
assert set(ADVANTAGE_WORDS) == set(ADVANTAGES)


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# ... and what gf9:469, 471 say it cannot stop (the index is the solver's ``cancels_index``).
NOT_CANCELLABLE: dict[str, int] = {
    "special-victory": 1,  # gf9:469
    "prediction": 2,  # gf9:469 (the Bene Gesserit prediction)
    "hand-limit": 3,  # gf9:469 (Harkonnen's hand limit)
    "harkonnen-traitor": 4,  # gf9:469 (an ordinary traitor reveal in Harkonnen's own battle)
    "card": 5,  # gf9:471 (the ordinary effect of a Treachery Card, such as Hajr)
    "karama-power": 6,  # gf9:471 (another faction's Special Karama Power)
}
# Other names a position may give them by (the faction's own special victory, the prediction by its holder).
CANCELS_ALIASES: dict[str, str] = {
    "special-victory-condition": "special-victory",
    "fremen-special-victory": "special-victory",
    "guild-special-victory": "special-victory",
    "spacing-guild-special-victory": "special-victory",
    "bene-gesserit-prediction": "prediction",
    "bg-prediction": "prediction",
    "no-spice": "no-spice-battle",
    "kh": "kwisatz-haderach",
}
CANCELS_WORDS = {
    1: "a Special Victory Condition",
    2: "the Bene Gesserit prediction",
    3: "Harkonnen's hand limit",
    4: "an ordinary traitor reveal in Harkonnen's own battle",
    5: "the ordinary effect of a Treachery Card",
    6: "another faction's Special Karama Power",
}
KARAMA_USES = ("cancel", "power")
# Dreamrules: the advantages its Karama chapter names (dreamrules:808-982), by heading and the faction that holds
# them; ``dr_advantage`` is the 1-based index here (0: a name the chapter does not list). The windows and what
# each entry says are constraints/dreamrules/karama.py's.
DR_ADVANTAGES: tuple[tuple[str, str], ...] = (
    ("Bidding Prescience", "atreides"),
    ("Nexus Prescience", "atreides"),
    ("Battle Prescience", "atreides"),
    ("Kwisatz Haderach", "atreides"),
    ("Leto's Tithe", "atreides"),
    ("Extra Treachery Cards", "harkonnen"),
    ("Captured Leaders", "harkonnen"),
    ("Vladimir's Spite", "harkonnen"),
    ("Extra Traitors", "harkonnen"),
    ("Bidding Payments", "emperor"),
    ("Shaddam's Favor", "emperor"),
    ("Sardaukar", "emperor"),
    ("Shipping Payments", "spacing-guild"),
    ("Discount Shipping", "spacing-guild"),
    ("Three Types of Shipment", "spacing-guild"),
    ("Three Types of Interjection", "spacing-guild"),
    ("Retreat", "spacing-guild"),
    ("Free Spice Dialing", "fremen"),
    ("Fedaykin", "fremen"),
    ("Fanatical Tactics", "fremen"),
    ("Native Movement", "fremen"),
    ("Zensunni Path", "fremen"),
    ("Worm Riding", "fremen"),
    ("Storm Immunity", "fremen"),
    ("Storm Knowledge", "fremen"),
    ("Spice Blow Knowledge", "fremen"),
    ("Rallying Shipment", "fremen"),
    ("Thumpers", "fremen"),
    ("Rain on Arrakis", "fremen"),
    ("Charity", "bene-gesserit"),
    ("Worthless Karama", "bene-gesserit"),
    ("The Voice", "bene-gesserit"),
    ("Spiritual Advisors", "bene-gesserit"),
    ("Prediction", "bene-gesserit"),
    ("Political Marriages", "bene-gesserit"),
    ("Infiltration", "bene-tleilax"),
    ("Revival Income", "bene-tleilax"),
    ("Discount Revival", "bene-tleilax"),
    ("Synthetic Spice", "bene-tleilax"),
    ("Zoal", "bene-tleilax"),
    ("Dishonorable", "bene-tleilax"),
    ("General Bidding Knowledge", "ixians"),
    ("Technology", "ixians"),
    ("Augmented Troops", "ixians"),
    ("Cyborgs", "ixians"),
    ("Hidden Mobile Surveyor", "ixians"),
    ("Shared Treachery Cards", "ixians"),
    ("Initial Treachery Knowledge", "ixians"),
)
DR_ALIASES = {
    "voice": "The Voice",
    "kh": "Kwisatz Haderach",
    "surveyor": "Hidden Mobile Surveyor",
    "spite": "Vladimir's Spite",
}
# The card keys each card reads (any other key is an input error naming the nearest).
CARD_KEYS: dict[str, tuple[str, ...]] = {
    WEATHER: ("distance", "storm_moved"),
    ATOMICS: ("storm_moved",),
    HAJR: ("after_movement",),
    KARAMA: ("cancels", "plans_revealed", "plans_committed", "power_used", "territory"),
}
# Dreamrules' Fates whose play is encoded, by faction (dreamrules:1052, 1182, 1228), and the card keys each reads
FATES: dict[str, tuple[int, str]] = {
    "atreides": (1, "Arrakis Fiefdom"),
    "bene-tleilax": (2, "Stone Burner"),
    "ixians": (3, "Defect"),
}
FATE_KEYS: dict[int, tuple[str, ...]] = {1: ("territory", "sector"), 2: ("territory",), 3: ("defects",)}
# Defect stops "a special card" (dreamrules:1228): the text calls Lasgun and Weirding Way special (dreamrules:1152) and
# speaks of stopping Mercenaries or a special weapon or defense (1228); the Supplies cache's poison and projectile
# weapons, Shield and Snooper are "basic cards" (dreamrules:746). Any other card is not said to be either.
DEFECT_SPECIAL = ("Lasgun", "Weirding Way", "Mercenaries")

# Dreamrules' own card keys: Family Atomics' target, the Shield Wall or a sietch (dreamrules:758, 760); what Tleilaxu
# Ghola revives (dreamrules:768: the play is then asked as that revival, checker/arrakis/position.py)
DR_CARD_KEYS: dict[str, tuple[str, ...]] = {ATOMICS: ("territory",), GHOLA: ("leader", "count", "special")}


def card_key_schema() -> dict[str, dict[str, Any]]:
    """The JSON Schema of each card key a play reads (the position format's ``play`` move lists them beside its own
    keys; the loader keeps them as written and the play kind checks them per card)."""
    flag = {"type": "boolean"}
    cancels = [*ADVANTAGES, *NOT_CANCELLABLE, *(name for name, _holder in DR_ADVANTAGES)]
    return {
        "distance": {
            "type": "integer",
            "minimum": 0,  # more than ten is a move the rules forbid (gf9.cards.weather-distance), not bad input
            "description": "Weather Control: the sectors the storm moves instead (0 to 10, gf9:511, dreamrules:754)",
        },
        "storm_moved": {
            **flag,
            "description": "Weather Control, Family Atomics: the storm has already moved this phase",
        },
        "after_movement": {
            **flag,
            "description": "Hajr: played right after the faction's normal movement, on its own turn (gf9:239)",
        },
        "cancels": {
            "type": "string",
            "examples": cancels,
            "description": "Karama (karama_use: cancel): the advantage it stops. GF9: one of the faction advantages "
            "it may stop, or what gf9:469, 471 say it cannot (special-victory, prediction, hand-limit, "
            "harkonnen-traitor, card, karama-power); dreamrules: an advantage as its heading in the Karama chapter "
            "names it (dreamrules:808-982): " + ", ".join(name for name, _ in DR_ADVANTAGES) + "; any case or "
            "punctuation",
        },
        "plans_revealed": {**flag, "description": "Karama in battle: the battle plans are already revealed"},
        "plans_committed": {
            **flag,
            "description": "dreamrules, Karama in battle: the battle plans are already committed",
        },
        "power_used": {
            **flag,
            "description": "Karama (karama_use: power): the faction already used its special Karama power (gf9:483)",
        },
        "territory": {
            "type": "string",
            "description": "Karama (the Fremen's worm, karama_use: power): the sand "
            "territory; dreamrules, Family Atomics: its target, the Shield Wall or a single sietch "
            "(dreamrules:758, 760); Arrakis Fiefdom (Atreides' Fate): the sand territory of the three-spice mine it "
            "places (dreamrules:1052); Stone Burner (Bene Tleilax's Fate): the territory whose troops cannot be "
            "spice dialed for the rest of the phase (dreamrules:1182)",
        },
        "leader": {
            "type": "string",
            "description": "dreamrules, Tleilaxu Ghola: the faction's leader it revives "
            "(dreamrules:768; the play is answered as that revival)",
        },
        "count": {
            "type": "integer",
            "minimum": 0,
            "maximum": 99,
            "description": "dreamrules, Tleilaxu Ghola: the ordinary troops it revives (the card revives up to "
            "five with special, dreamrules:768: more is judged illegal)",
        },
        "special": {
            "type": "integer",
            "minimum": 0,
            "maximum": 99,
            "description": "dreamrules, Tleilaxu Ghola: the special troops it revives",
        },
        "sector": {
            "type": "integer",
            "minimum": 1,
            "maximum": 18,
            "description": "dreamrules, Arrakis Fiefdom (Atreides' Fate): the sector of the three-spice mine it "
            "places (dreamrules:1052)",
        },
        "defects": {
            "type": "string",
            "description": "dreamrules, Defect (the Ixians' Fate): the special card it keeps from being used this "
            "turn (dreamrules:1228)",
        },
    }


@cache
def _deck() -> dict[str, frozenset[str]]:
    deck = components()["treachery_deck"]
    weapons = {c for group in deck["weapons"].values() for c in group}
    defenses = {c for group in deck["defenses"].values() for c in group}
    return {
        "worthless": frozenset(deck.get("worthless", [])),
        "plan": frozenset(weapons | defenses | {"Cheap Hero", "Cheap Heroine"}),
    }


@dataclass
class PlayFacts(Facts):
    """The facts of a treachery card played outside a battle plan."""

    card: str = label(doc="the card played (its canonical name)")
    hand_words: str = label(doc="the listed hand, for messages")
    wall_factions: list[str] = label([], doc="factions with forces on the Shield Wall, in wall_forces' order")
    near_words: str = label(doc="the player's forces on or next to the Shield Wall, for messages")
    connection_key: str = label("storm", doc="the key that would decide a force's connection to the Shield Wall")
    cancels: str = label(doc="the advantage a Karama stops, as written")
    worm_territory: str = label(doc="Fremen's Karama worm: the territory")
    dr_name: str = label(doc="dreamrules: the advantage named, by its heading in the Karama chapter")
    dr_holder: str = label(doc="dreamrules: the faction holding the advantage named")
    # which card, and how it is played
    is_weather: bool = fact(False)
    is_atomics: bool = fact(False)
    is_hajr: bool = fact(False)
    is_ghola: bool = fact(False)
    is_truthtrance: bool = fact(False)
    is_karama_card: bool = fact(False)
    is_worthless: bool = fact(False)
    is_plan_card: bool = fact(False, doc="a weapon, defense or Cheap Hero: it goes into a battle plan")
    as_karama: bool = fact(False, key="move.as_karama")
    is_bene_gesserit: bool = fact(False)
    # Dreamrules' own cards (constraints/data/dreamrules-cards.yaml; read by constraints/dreamrules/cards.py)
    is_dr_plan_card: bool = fact(False, doc="Mercenaries, a Supplies cache card, Weirding Way or Chemistry")
    is_supplies: bool = fact(False)
    is_dr_other: bool = fact(False, doc="Break Conditioning or the Orange Catholic Bible")
    # common
    turn: int | None = fact(key="turn")
    phase_index: int | None = fact(key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    in_hand: bool | None = fact(key="factions.FACTION.hand (its cards by name)", doc="the card is in the hand")
    # Weather Control and Family Atomics
    storm: int | None = fact(key="storm")
    storm_moved: bool | None = fact(
        None,
        key="move.storm_moved (or the Storm Phase's history, this_phase)",
        doc="the storm has already moved this phase: the move's key, else the Storm Phase's history (this_phase)",
    )
    storm_moved_from: str = label(doc="where storm_moved was read, for messages")
    distance: int | None = fact(key="move.distance", doc="Weather Control: the sectors chosen")
    # Family Atomics
    near_forces: int = fact(0, doc="the player's force groups on or next to the Shield Wall")
    near_fighters: int = fact(0, doc="those that are not Advanced Bene Gesserit advisors")
    connected_fighters: int | None = fact(key="CONNECTION", doc="those not cut off from the wall by the storm")
    wall_forces: list[int] = fact([], doc="forces on the Shield Wall, per faction of wall_factions")
    atomics_target: str = label(doc="dreamrules: the target named (move.territory), or empty")
    target_given: bool = fact(False, key="move.territory", doc="dreamrules: the play names its target")
    target_wall: bool = fact(False, key="move.territory", doc="the target named is the Shield Wall")
    target_sietch: bool = fact(False, key="move.territory", doc="the target named is a sietch (dreamrules:760)")
    sietch_troops: int = fact(0, doc="the player's force groups in the sietch named or next to it")
    sietch_fighters: int = fact(
        0, doc="of those, fighters inside the sietch, or next to it with no sector of either under the storm"
    )
    # dreamrules: Fates (dreamrules:734)
    fate_used: bool = fact(False, key="factions.FACTION.fate_used", doc="dreamrules: the player's Fate was used")
    fate_match: bool | None = fact(
        None, key="factions.FACTION.fate_indicator", doc="dreamrules: the card matches the player's Fate Indicator"
    )
    fate_indicator: str = label(doc="dreamrules: the worthless card the player's Fate Indicator matches")
    # dreamrules: the Fates whose play is encoded (constraints/dreamrules/fates.py), by FATES' index (0: another)
    fate_kind: int = fact(0, doc="dreamrules: 1 Arrakis Fiefdom, 2 Stone Burner, 3 Defect: the player's Fate played")
    fate_territory: str = label(doc="dreamrules: the Fate's territory (move.territory), or empty")
    fate_sand: bool | None = fact(None, key="move.territory", doc="dreamrules: the Fate's territory is sand")
    fate_blow_site: bool = fact(False, doc="dreamrules: the Fate's territory has a printed Spice Blow marker")
    defect_card: str = label(doc="dreamrules: the special card Defect stops (move.defects)")
    defect_class: int | None = fact(
        None, key="move.defects", doc="dreamrules: 1 a card the text calls special, 2 a basic card, 3 another"
    )
    # Hajr
    after_movement: bool | None = fact(key="move.after_movement")
    # Karama
    karama_use: int | None = fact(key="move.karama_use", doc="0 cancel, 1 power")
    cancels_index: int | None = fact(key="move.cancels", doc="0 a known faction advantage; 1..6 NOT_CANCELLABLE")
    cancels_known: bool = fact(True, doc="the cancels key names an advantage Mentat knows")
    plans_revealed: bool = fact(False, key="move.plans_revealed")
    power_used: bool | None = fact(key="move.power_used", doc="the faction has used its special Karama power")
    # when the advantage named is attempted (ATTEMPTED), and whether its holder plays (gf9:463)
    holder: str = label(doc="the faction holding the advantage named")
    attempt_lines: str = label(doc="the lines placing the advantage named in its phases")
    attempt_phases: str = label(doc="the phases it is attempted in, in words")
    listed_words: str = label(doc="the players the position lists, for messages")
    attempted_in: list[bool] = fact([], doc="per phase (PHASES' order): the advantage named is attempted in it")
    attempt_open: bool = fact(False, doc="outside those phases the text leaves open when it is attempted")
    holder_plays: bool | None = fact(key="factions.HOLDER", doc="the faction holding the advantage named plays")
    worm_in_sand: bool | None = fact(key="move.territory", doc="Fremen's worm goes to a sand territory")
    # Dreamrules' Karama (constraints/dreamrules/karama.py)
    dr_advantage: int | None = fact(key="move.cancels", doc="1-based index in DR_ADVANTAGES; 0 a name not listed")
    dr_own: bool = fact(False, doc="the advantage named is the player's own faction's")
    plans_committed: bool = fact(False, key="move.plans_committed", doc="battle plans committed (or revealed)")

    @property
    def karama(self) -> bool:
        """The play is a Karama: the card itself, or a Worthless Card played as one."""
        return self.is_karama_card or (self.as_karama and self.is_worthless)

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]

    def position_key(self, key: str) -> str:
        key = key.replace("FACTION", self.faction or "FACTION").replace("CONNECTION", self.connection_key)
        return key.replace("HOLDER", self.holder or "HOLDER")

    def missing_detail(self, key: str) -> str:
        if self.holder and key == f"factions.{self.holder}":
            return f"whether {display(self.holder)} plays: {self.listed_words}"
        return ""


def phase_title(index: int | None) -> str:
    words = "?" if index is None else phase_words(index)
    return f"the {words} Phase"


# -- the Shield Wall and the forces next to it ------------------------------------------


def _reaches_wall(board: Board, territory: str, sector: int, storm: int | None) -> bool:
    """A force in ``territory``'s ``sector`` is connected to the Shield Wall: from its sector, through the
    territory's other parts, to a part bordering the wall, never across a sector under the storm (its own
    sector, and the wall's, may be under it: gf9:501)."""
    if territory == SHIELD_WALL:
        return True
    start = (territory, sector)
    seen = {start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for n in board.neighbours.get(here, ()):
            if n[0] == SHIELD_WALL:
                return True
            if n[0] == territory and n not in seen and n[1] != storm:
                seen.add(n)
                todo.append(n)
    return False


def _connected(board: Board, territory: str, sector: int | None, storm: int | None) -> bool | None:
    """Whether a group is connected to the wall, or None when its sector or the storm's would decide."""
    sectors = [sector] if sector is not None else list(board[territory].sectors or (0,))
    storms: list[int | None] = [storm] if storm is not None else [None, *range(1, SECTORS + 1)]
    answers = {_reaches_wall(board, territory, s, st) for s, st in product(sectors, storms)}
    return answers.pop() if len(answers) == 1 else None


def _atomics(pos: Position, me: str) -> dict[str, Any]:
    board = pos.board
    near_names = {SHIELD_WALL} | board.adjacent_territories(SHIELD_WALL)
    near = [g for g in pos.groups(faction=me) if g.territory in near_names and g.total > 0]
    fighters = [g for g in near if not (g.advisors and pos.advanced)]
    connections = [_connected(board, g.territory, g.sector, pos.storm) for g in fighters]
    connected: int | None = sum(1 for c in connections if c is True)
    key = "storm"
    if connected == 0 and any(c is None for c in connections):
        connected = None
        if pos.storm is not None:
            key = next(
                f"forces[{pos.forces.index(g)}].sector" for g, c in zip(fighters, connections, strict=True) if c is None
            )
    on_wall: dict[str, int] = {}
    for g in pos.groups(territory=SHIELD_WALL):
        if g.total > 0:
            on_wall[g.faction] = on_wall.get(g.faction, 0) + g.total
    words = ", ".join(
        f"{g.total} in {g.territory}"
        + (f" (sector {g.sector})" if g.sector else "")
        + (" (advisors)" if g.advisors and pos.advanced else "")
        for g in near
    )
    return {
        "near_forces": len(near),
        "near_fighters": len(fighters),
        "connected_fighters": connected,
        "connection_key": key,
        "wall_factions": sorted(on_wall),
        "wall_forces": [on_wall[f] for f in sorted(on_wall)],
        "near_words": words or "none",
    }


def _atomics_target(pos: Position, me: str, keys: dict[str, Any], f: PlayFacts) -> None:
    """Dreamrules: the target Family Atomics names (``move.territory``): the Shield Wall or a single sietch, with
    the player's troops inside it or next to it (dreamrules:758, 760). GF9 has one target, the Shield Wall."""
    from checker.arrakis.position import SIETCHES

    value = keys.get("territory")
    if value is None:
        return
    name = territory_name(value, pos.board.names, "move.territory")
    board = pos.board
    around = {name} | board.adjacent_territories(name)
    f.atomics_target = name
    f.target_given = True
    f.target_wall = name == SHIELD_WALL
    f.target_sietch = name in SIETCHES
    groups = [g for g in pos.groups(faction=me) if g.territory in around and g.total > 0]
    f.sietch_troops = len(groups)

    def clear(g: Any) -> bool:
        """Inside the sietch, or next to it with the storm over neither (no storm can lie between)."""
        if g.territory == name:
            return True
        under = set(board[name].sectors) | set(board[g.territory].sectors)
        return pos.storm is not None and pos.storm not in under

    f.sietch_fighters = len([g for g in groups if not (g.advisors and pos.advanced) and clear(g)])


def _fate_facts(pos: Position, keys: dict[str, Any], fate: int, f: PlayFacts) -> None:
    """Dreamrules: the facts of a Fate whose play is encoded: Arrakis Fiefdom's mine and Stone Burner's territory
    (move.territory, dreamrules:1052, 1182), Defect's card (move.defects, dreamrules:1228)."""
    from checker.arrakis.position import _name, known_cards

    f.fate_kind = fate
    value = keys.get("territory")
    if value is not None:
        name = territory_name(value, pos.board.names, "move.territory")
        f.fate_territory = name
        f.fate_sand = pos.board[name].kind == "sand"
        f.fate_blow_site = pos.board[name].spice_blow is not None
    sector = keys.get("sector")
    if sector is not None and (isinstance(sector, bool) or not isinstance(sector, int) or not 1 <= sector <= 18):
        raise InputError("move.sector", "a sector from 1 to 18", sector)
    card = keys.get("defects")
    if card is not None:
        names = known_cards(pos.ruleset)
        name = _name(str(card), names, "move.defects", "a Treachery card")
        deck = components()["treachery_deck"]
        basic = {c for kind in ("projectile", "poison") for c in deck["weapons"][kind]} | {"Shield", "Snooper"}
        basic |= {c for c in names.values() if c.startswith("Supplies ")}
        f.defect_card = name
        f.defect_class = 1 if name in DEFECT_SPECIAL else 2 if name in basic else 3


# -- the card's own keys -------------------------------------------------------------------


def _storm_moved(pos: Position, keys: dict[str, Any]) -> bool | None:
    """Whether the storm has already moved this phase: the move's ``storm_moved`` where given, else the Storm
    Phase's history (``this_phase``, where the storm's move writes ``storm``); None where neither says."""
    given = _bool_key(keys, "storm_moved")
    if given is not None:
        return given
    if pos.this_phase is not None and pos.phase in (None, "storm"):
        return "storm" in pos.this_phase
    return None


def _bool_key(keys: dict[str, Any], name: str) -> bool | None:
    value = keys.get(name)
    if value is None or isinstance(value, bool):
        return value
    raise InputError(f"move.{name}", "true or false", value)


def _check_keys(card: str, keys: dict[str, Any], ruleset: str = "", fate: int = 0) -> None:
    if card == GHOLA and ruleset != "dreamrules":
        return  # gf9 prints no Ghola text: whatever it takes is kept as written (the verdict is unresolved)
    allowed = CARD_KEYS.get(card, ()) + (DR_CARD_KEYS.get(card, ()) if ruleset == "dreamrules" else ())
    allowed += FATE_KEYS.get(fate, ())
    for name in keys:
        if name not in allowed:
            what = f"a key of {card}: " + (", ".join(allowed) if allowed else "it takes none")
            raise InputError(f"move.{name}", what, name, nearest(str(name), allowed))


def _distance(keys: dict[str, Any]) -> int | None:
    value = keys.get("distance")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
        raise InputError("move.distance", "a whole number of sectors (Weather Control: 0 to 10)", value)
    return value


def _cancels(keys: dict[str, Any]) -> tuple[str, int | None, bool]:
    value = keys.get("cancels")
    if value is None:
        return "", None, True
    if not isinstance(value, str):
        raise InputError("move.cancels", "the advantage the Karama stops, by name", value)
    text = value.strip().lower().replace(" ", "-").replace("_", "-")
    text = CANCELS_ALIASES.get(text, text)
    if text in ADVANTAGES:
        return text, 0, True
    if text in NOT_CANCELLABLE:
        return text, NOT_CANCELLABLE[text], True
    from checker.arrakis.position import card_names

    if text.replace("-", " ") in card_names():
        return card_names()[text.replace("-", " ")], NOT_CANCELLABLE["card"], True
    return value, 0, False


ORDINARY_TRAITOR = "traitor"  # a battle's traitor call, whoever makes it: which it is depends on the battle


def karama_target(value: object, key: str) -> str:
    """What a Karama played in a battle names (``move.karama[i].cancels``): an advantage of :data:`ADVANTAGES`,
    a name of :data:`NOT_CANCELLABLE`, a Treachery Card's name, or ``traitor`` (a traitor call); any other name
    is an input error suggesting the nearest."""
    if isinstance(value, str):
        text = value.strip().lower().replace(" ", "-").replace("_", "-")
        text = CANCELS_ALIASES.get(text, text)
        if text in ADVANTAGES or text in NOT_CANCELLABLE or text == ORDINARY_TRAITOR:
            return text
        from checker.arrakis.position import card_names

        if text.replace("-", " ") in card_names():
            return card_names()[text.replace("-", " ")]
    names = [*ADVANTAGES, ORDINARY_TRAITOR, *NOT_CANCELLABLE]
    what = "an advantage a Karama stops in battle: " + ", ".join(names)
    raise InputError(key, what, value, nearest(str(value), names))


def _compact(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def dr_advantage(keys: dict[str, Any]) -> tuple[int | None, str, str]:
    """Dreamrules: the advantage ``cancels`` names (1-based index in DR_ADVANTAGES, 0 when not listed), its
    heading and holder."""
    value = keys.get("cancels")
    if not isinstance(value, str):
        return None, "", ""
    text = _compact(value)
    alias = {_compact(k): v for k, v in DR_ALIASES.items()}.get(text)
    for i, (name, holder) in enumerate(DR_ADVANTAGES, 1):
        if text == _compact(name) or alias == name:
            return i, name, holder
    return 0, value, ""


def _karama_use(m: PlayMove) -> int | None:
    if m.karama_use is None:
        # a Karama that names the advantage it stops is a cancellation (gf9:463): no need to say so twice
        return KARAMA_USES.index("cancel") if "cancels" in m.card_keys else None
    text = m.karama_use.strip().lower()
    if text not in KARAMA_USES:
        raise InputError(
            "move.karama_use",
            "cancel (stop one use of a faction advantage, gf9:463) or power (the faction's special Karama "
            "power, gf9:483); a bid made with Karama is a bid move",
            m.karama_use,
            nearest(text, KARAMA_USES),
        )
    return KARAMA_USES.index(text)


def _worm(pos: Position, keys: dict[str, Any]) -> tuple[str, bool | None]:
    value = keys.get("territory")
    if value is None:
        return "", None
    name = territory_name(value, pos.board.names, "move.territory")
    return name, pos.board[name].kind == "sand"


def _in_hand(pos: Position, me: str, card: str) -> tuple[bool | None, str]:
    state = pos.factions.get(me)
    hand = state.hand if state else None
    if isinstance(hand, list):
        return card in hand, ", ".join(hand) if hand else "no card"
    if hand == 0:
        return False, "no card"
    return None, "a hand not listed by name"


def _attempt_facts(pos: Position, f: PlayFacts) -> None:
    """When the advantage a Karama names is attempted (ATTEMPTED), and whether the faction holding it plays."""
    phases, lines = ATTEMPTED[f.cancels]
    f.holder = ADVANTAGES[f.cancels][0]
    f.attempt_lines = lines
    f.attempt_phases = (
        "any phase" if phases == EVERY_PHASE else " or ".join(phase_title(PHASES.index(p)) for p in phases)
    )
    f.attempted_in = [p in phases for p in PHASES]
    f.attempt_open = f.cancels in ATTEMPT_OPEN
    f.holder_plays = pos.in_game(f.holder, f.faction)
    allied = [n for pair in pos.alliances for n in pair]
    listed = [display(n) for n in dict.fromkeys([*pos.faction_names, *allied, f.faction])]
    count = pos.players if pos.players is not None else len(listed)
    # a count the position does not give, and its listed factions cannot be (a game has two or more, overview:3)
    players = f"{count} player{'s' if count != 1 else ''}, " if pos.players is not None or count >= 2 else ""
    f.listed_words = f"{players}listed: {', '.join(listed)}"


def _effects(pos: Position, f: PlayFacts) -> list[str]:
    """What the card does beyond the outcome's values, said only where the play is legal."""
    out: list[str] = []
    if f.is_atomics and pos.ruleset != "dreamrules":  # dreamrules: its target's rule says what becomes of the wall
        out.append(
            "Arrakeen, Carthag and Imperial Basin lose their protection from the storm for the rest of the game "
            "(gf9:503): later positions give shield_wall: destroyed"
        )
    if f.karama and f.karama_use == 0 and f.cancels_index == 0 and f.cancels_known and pos.ruleset != "dreamrules":
        holder, lines = ADVANTAGES[f.cancels]
        named = f"{possessive(display(holder))} {ADVANTAGE_WORDS[f.cancels]}"
        out.append(
            f"the Karama stops one use of {named} ({lines}) as it is attempted; what "
            "that player does instead is the question of that action (gf9:471)"
            + (
                ": in a battle, the battle move's 'karama' key judges the plans with it stopped"
                if f.phase_index == BATTLE
                else ""
            )
        )
    if f.karama and f.as_karama and f.is_worthless:
        out.append(f"{f.card} is played as a Karama (gf9:373, 459)")
    return out


def _notes(pos: Position, m: PlayMove, f: PlayFacts) -> list[str]:
    out: list[str] = []
    if m.karama_use is None and "cancels" in m.card_keys and f.karama_use is not None:
        out.append("the Karama names the advantage it stops ('cancels'): it is taken as a cancellation (gf9:463)")
    keys = m.card_keys
    if f.is_weather or f.is_atomics:
        if pos.phase is None:
            out.append("the position does not give 'phase': it is taken to be the Storm Phase")
    if f.is_weather:
        out.append(
            "the storm's losses are a storm question: check {action: storm, distance: N} with the distance "
            "chosen (gf9:511: direction and damage remain normal)"
        )
    if f.is_atomics and not f.target_given and pos.ruleset == "dreamrules":
        out.append("move.territory is not given: the target is taken to be the Shield Wall where a troop qualifies")
    if f.is_hajr:
        if pos.phase is None:
            out.append("the position does not give 'phase': it is taken to be the Shipment and Movement Phase")
        out.append(
            "the extra movement itself is a move question (gf9:239, 241): check it as {action: move, ...}; "
            "it is not a shipment (gf9:511)"
        )
        out.append("gf9 prints no Hajr text saying what becomes of the card after use: the outcome names none")
    if f.karama:
        if f.phase_index == BATTLE and "plans_revealed" not in keys:
            out.append(
                "move.plans_revealed is not given: the Karama is taken to be played before the plans are revealed"
            )
        if f.phase_index == BATTLE and pos.ruleset == "dreamrules" and not f.plans_committed:
            if "plans_committed" not in keys:
                out.append(
                    "move.plans_committed is not given: the Karama is taken to be played before the battle plans "
                    "are committed"
                )
    if f.is_truthtrance:
        out.append("the question asked and its answer are not judged (gf9:491-495)")
    if m.karama_use is not None and not f.karama:
        out.append(f"move.karama_use ({m.karama_use}) is read only for a Karama: {f.card} is not played as one")
    return out


@kind
class Play(Kind):
    name = "play"
    title = "Treachery Cards played outside a battle plan"
    outcome_keys: ClassVar[dict[str, str]] = {
        "storm_distance": "Weather Control: the sectors the storm moves",
        "storm_sector": "Weather Control: where the storm stops",
        "destroyed": "Family Atomics: faction -> forces destroyed on the Shield Wall",
        "shield_wall": "Family Atomics: `destroyed` or `standing`",
        "extra_movements": "Hajr: the extra movements",
        "discarded": "the card discarded after play",
        "removed_from_game": "the card removed from the game",
        "suppressed": "faction -> the advantages Karama stops",
        "atomics_sietches": "Dreamrules' Family Atomics on a sietch: the sietches opened to the storm (dreamrules:760)",
    }
    derived: ClassVar[dict[str, tuple[str, ...]]] = {"losses": ("destroyed",)}  # Family Atomics' dead
    ruled = (
        "storm_distance",
        "storm_sector",
        "destroyed",
        "shield_wall",
        "atomics_sietches",
        "extra_movements",
        "discarded",
        "removed_from_game",
        "suppressed",
    )

    def facts(self, pos: Position) -> PlayFacts:
        m = pos.move
        assert isinstance(m, PlayMove)
        me, card, keys = m.faction, m.card, m.card_keys
        as_karama = m.as_karama
        karama = card == KARAMA or (as_karama and card in _deck()["worthless"])
        fate = (
            FATES.get(me, (0, ""))[0]
            if pos.ruleset == "dreamrules" and card in _deck()["worthless"] and not as_karama
            else 0
        )
        _check_keys(KARAMA if karama else card, keys, pos.ruleset, fate)
        in_hand, hand_words = _in_hand(pos, me, card)
        cancels, cancels_index, cancels_known = _cancels(keys)
        worm_territory, worm_in_sand = _worm(pos, keys)
        dr_index, dr_name, dr_holder = dr_advantage(keys)
        f = PlayFacts(
            faction=me,
            advanced=pos.advanced,
            card=card,
            hand_words=hand_words,
            cancels=cancels,
            worm_territory=worm_territory,
            dr_name=dr_name,
            dr_holder=dr_holder,
            is_weather=card == WEATHER,
            is_atomics=card == ATOMICS,
            is_hajr=card == HAJR,
            is_ghola=card == GHOLA,
            is_truthtrance=card == TRUTHTRANCE,
            is_karama_card=card == KARAMA,
            is_worthless=card in _deck()["worthless"],
            is_plan_card=card in _deck()["plan"],
            as_karama=as_karama,
            is_bene_gesserit=me == "bene-gesserit",
            is_dr_plan_card=card in DR_PLAN_CARDS,
            is_supplies=card == "Supplies",
            is_dr_other=card in ("Break Conditioning", "Orange Catholic Bible"),
            turn=pos.turn,
            phase_index=pos.phase_index,
            in_hand=in_hand,
            storm=pos.storm,
            storm_moved=_storm_moved(pos, keys),
            storm_moved_from="move.storm_moved" if "storm_moved" in keys else "this phase's history",
            distance=_distance(keys),
            after_movement=_bool_key(keys, "after_movement"),
            karama_use=_karama_use(m) if karama else None,
            cancels_index=cancels_index,
            cancels_known=cancels_known,
            plans_revealed=bool(_bool_key(keys, "plans_revealed")),
            power_used=_bool_key(keys, "power_used"),
            worm_in_sand=worm_in_sand,
            dr_advantage=dr_index,
            dr_own=bool(dr_holder) and dr_holder == me,
            plans_committed=bool(_bool_key(keys, "plans_committed")) or bool(_bool_key(keys, "plans_revealed")),
        )
        if f.karama and f.karama_use == 0 and f.cancels in ATTEMPTED:
            _attempt_facts(pos, f)
        if f.is_atomics:
            for name, value in _atomics(pos, me).items():
                setattr(f, name, value)
            _atomics_target(pos, me, keys, f)
        if fate:
            _fate_facts(pos, keys, fate, f)
        state = pos.factions.get(me)
        if state is not None and pos.ruleset == "dreamrules":
            f.fate_used = bool(state.fate_used)
            f.fate_indicator = state.fate_indicator or ""
            f.fate_match = None if state.fate_indicator is None else state.fate_indicator == card
        f.notes = _notes(pos, m, f)
        f.effects = _effects(pos, f)
        return f

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        assert isinstance(facts, PlayFacts)
        v.storm_distance = z3.Int("storm_distance")
        v.storm_to = z3.Int("storm_to")
        v.killed = [z3.Int(f"killed_{i}") for i in range(len(facts.wall_forces))]
        v.wall_down = z3.Bool("wall_down")
        v.sietch_opened = z3.Bool("sietch_opened")  # dreamrules:760
        v.extra_moves = z3.Int("extra_moves")
        v.discarded = z3.Bool("discarded")
        v.removed = z3.Bool("removed")
        v.suppresses = z3.Bool("suppresses")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        return [
            z3.And(v.storm_distance >= 0, v.storm_to >= 1, v.storm_to <= SECTORS),
            all_of(k >= 0 for k in v.killed),
            v.extra_moves >= 0,
        ]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, PlayFacts)
        killed = {f: value(k) for f, k in zip(facts.wall_factions, v.killed, strict=True)}
        return {
            "storm_distance": value(v.storm_distance),
            "storm_sector": value(v.storm_to),
            "destroyed": {f: n for f, n in killed.items() if n},
            "shield_wall": "destroyed" if value(v.wall_down) else "standing",
            "atomics_sietches": [facts.atomics_target] if value(v.sietch_opened) else [],
            "extra_movements": value(v.extra_moves),
            "discarded": facts.card if value(v.discarded) else None,
            "removed_from_game": facts.card if value(v.removed) else None,
            "suppressed": {facts.dr_holder: [facts.dr_name]} if value(v.suppresses) else {},
        }
