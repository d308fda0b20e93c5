"""Dice Game position files (``ruleset: dice``): the published keys of the spec's "Dice Game position".

Built from :mod:`checker.model` records, like the Arrakis family's positions: every key but
``ruleset`` is optional; loading checks types, names and ranges and raises an
:class:`~checker.errors.InputError` (exit status 2) naming the file and key, with the nearest valid
names. Region names are the map's (:mod:`checker.dice.board`), completed by the position's ``board``.

Numbers the text does not print (which faces a slot takes, the Kanly and Combat dice charts, how many
Troops a die recruits or ships) are the position's to give, per faction; a question that needs one the
position lacks answers ``unresolved`` naming the key.
"""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from checker import model
from checker.dice.board import Board, load_board, text_board
from checker.errors import InputError, nearest
from checker.model import spec

MAX_TROOPS = 99  # far above the game's 16 cubes (dice:37), so rules judge impossible counts
MAX_DICE = 99

# dice:29, 193-246: the six Factions, in the order of their Setup (dice:197 "Setup occurs in the order the
# Factions are listed").
FACTIONS = ("atreides", "harkonnen", "fremen", "corrino", "spacing-guild", "bene-gesserit")
FACTION_ALIASES = {
    "guild": "spacing-guild",
    "spacing guild": "spacing-guild",
    "spacing-guild": "spacing-guild",
    "bg": "bene-gesserit",
    "bene gesserit": "bene-gesserit",
}
# Other games' houses a Dice Game position may not use: the refusal names the Dice Game's own.
NOT_DICE = {"emperor": "corrino", "padishah-emperor": "corrino", "imperium": "corrino"}
DISPLAY = {"spacing-guild": "Spacing Guild", "bene-gesserit": "Bene Gesserit"}

# dice:66-77, the round's steps
Step = Literal[
    "roll", "alliance", "kanly", "turn-order", "recruit", "ship", "move", "combat", "fortify", "sandstorm", "end"
]
STEPS: tuple[str, ...] = (
    "roll",
    "alliance",
    "kanly",
    "turn-order",
    "recruit",
    "ship",
    "move",
    "combat",
    "fortify",
    "sandstorm",
    "end",
)
# dice:32 (cards a Faction holds), dice:248: Sandstorm, Landsraad, Turn Order and Protection cards
CARDS = ("sandstorm", "turn-order", "landsraad", "protection")
# dice slots (dice:79-85, 250-256); faction names are the Faction slots (dice:81); ``landsraad`` is the slot on
# the Landsraad card (dice:189); ``reassign`` the Re-Assign slot (dice:82-83, 255)
SLOTS = ("ship", "move", "recruit", "fortify", "combat", "landsraad", "reassign")
SLOT_ALIASES = {"re-assign": "reassign", "shipping": "ship"}
# dice:108-119 (every player's) and the Faction boards' target abilities (dice:207, 224, 232, 239)
KANLY_ACTIONS = (
    "plot",
    "assassinate",
    "steal-sandstorm",
    "steal-turn-order",
    "steal-landsraad",
    "piter-de-vries",
    "imperial-decree",
    "shipping-authority",
    "the-voice",
)
KANLY_ALIASES = {"voice": "the-voice", "assassination": "assassinate"}
FORTIFICATION_KINDS = ("fortification", "stronghold")


def display(faction: str) -> str:
    """A Faction's name as the text writes it."""
    return DISPLAY.get(faction, faction.capitalize())


def whose(faction: str) -> str:
    """A Faction's name as a possessive: "Corrino's", "Atreides'"."""
    name = display(faction)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _word(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", "-").split())


def faction_name(text: object, key: str) -> str:
    """The Dice Game Faction slug for what a position writes (any case, ``guild``, ``bg``)."""
    if not isinstance(text, str):
        raise InputError(key, "a Dice Game Faction", text)
    word = _word(text)
    word = FACTION_ALIASES.get(word, FACTION_ALIASES.get(word.replace("-", " "), word)).replace(" ", "-")
    if word in FACTIONS:
        return word
    hint = [NOT_DICE[word]] if word in NOT_DICE else nearest(text, FACTIONS, always=True)
    raise InputError(key, "a Dice Game Faction: " + ", ".join(FACTIONS), text, hint)


def _named(text: object, key: str, names: tuple[str, ...], aliases: dict[str, str], what: str) -> str:
    if not isinstance(text, str):
        raise InputError(key, what, text)
    word = _word(text).replace(" ", "-").removesuffix("-card")
    word = aliases.get(word, word)
    if word in names:
        return word
    raise InputError(key, f"{what}: " + ", ".join(names), text, nearest(text, names, always=True))


def card_name(text: object, key: str) -> str:
    return _named(text, key, CARDS, {"storm": "sandstorm"}, "a card a Faction holds")


def kanly_action(text: object, key: str) -> str:
    return _named(text, key, KANLY_ACTIONS, KANLY_ALIASES, "a Kanly action")


def slot_name(text: object, key: str) -> str:
    """A dice slot: a slot name, or a Faction's name for its Faction slot."""
    if not isinstance(text, str):
        raise InputError(key, "a dice slot", text)
    word = _word(text).replace(" ", "-")
    word = SLOT_ALIASES.get(word, word)
    if word in SLOTS:
        return word
    try:
        return faction_name(text, key)
    except InputError:
        pass
    names = (*SLOTS, *FACTIONS)
    raise InputError(
        key, "a dice slot: " + ", ".join(SLOTS) + ", or a Faction (its Faction slot)", text, nearest(text, names)
    )


# The Regions a position being loaded may name: its board's (the text's eleven, plus a twelfth its board names).
_BOARD: ContextVar[Board | None] = ContextVar("dice_board", default=None)


def region_name(text: object, key: str) -> str:
    board = _BOARD.get() or text_board()
    return board.region_name(text, key)


model.NAMERS.update(
    {
        "dice-faction": faction_name,
        "dice-region": region_name,
        "dice-card": card_name,
        "dice-slot": slot_name,
        "dice-kanly": kanly_action,
    }
)


@dataclass
class Prediction:
    """The Bene Gesserit's pick (dice:243-245): the Faction it wins together with."""

    faction: str = spec(names="dice-faction", doc="the Faction the Bene Gesserit picked")


@dataclass
class DiceFaction:
    """What a Faction holds off the map, and the numbers of its Faction board the text does not print."""

    dice: dict[str, Any] = spec(  # int | list[int], checked by _check_faces (a clearer message than a union's)
        {},
        key_names="dice-slot",
        doc="slot -> the face of the die on it (1..6), or a list of faces where the board has several slots "
        "of that name (combat, grouped slots); slots: ship, move, recruit, fortify, combat, landsraad (the "
        "Landsraad card's slot), reassign, or a Faction's name for its Faction slot (dice:79-85)",
    )
    supply: int | None = spec(None, min=0, max=MAX_TROOPS, doc="Troops in its personal supply")
    board_troops: int | None = spec(
        None, min=0, max=MAX_TROOPS, doc="Troops on its Faction board (recruited, not yet shipped: dice:124, 130)"
    )
    leader: int | None = spec(None, min=0, max=9, doc="Leaders on its Faction board (dice:125)")
    cards: list[str] | None = spec(
        None,
        names="dice-card",
        doc="cards it holds: sandstorm, turn-order, landsraad, protection (twice for both); [] for none, "
        "absent: unknown",
    )
    loyalty: int | list[str] | None = spec(
        None, min=0, max=MAX_TROOPS, names="dice-faction", doc="its Loyalty tokens: how many, or the Factions shown"
    )
    kanly_chart: dict[str, list[int] | Literal["?"]] = spec(
        {},
        key_names="dice-kanly",
        min=1,
        max=6,
        doc="its board's Kanly chart (dice:108, not printed): action -> the faces that select it, or '?' (any)",
    )
    prediction: Prediction | None = spec(None, doc="Bene Gesserit: the Faction picked (dice:243-245)")
    # -- the Faction board's numbers the text does not print (beyond the spec's keys) --
    slot_faces: dict[str, list[int] | Literal["?"]] = spec(
        {},
        key_names="dice-slot",
        min=1,
        max=6,
        doc="slot -> the numbers printed on it (dice:80), or '?' (any number)",
    )
    combat_chart: dict[int, int] = spec(
        {}, min=0, max=2, doc="its Combat dice chart (dice:147, not printed): face -> Troops it kills (0, 1, 2)"
    )
    bonus_slots: list[str] = spec(
        [], names="dice-slot", doc="slots marked with the bonus-die symbol (dice:84-85); [] for none"
    )
    recruit_base: int | None = spec(None, min=0, max=MAX_TROOPS, doc="Troops it recruits without dice (dice:124)")
    recruit_per_die: int | None = spec(
        None, min=0, max=MAX_TROOPS, doc="Troops each die on a Recruit slot adds (dice:124)"
    )
    ship_per_die: int | None = spec(
        None, min=0, max=MAX_TROOPS, doc="Troops a die on its Ship slot adds: two or three (dice:127)"
    )
    fortify_base: int | None = spec(None, min=0, max=9, doc="Regions it may fortify without a die (dice:164)")
    fortify_per_die: int | None = spec(None, min=0, max=9, doc="Regions a die on its Fortify slot adds (dice:164)")
    personal_dice: int | None = spec(
        None, min=0, max=MAX_DICE, doc="dice in its personal supply (used: dice:87; at the start, to roll: dice:53)"
    )
    # -- what the round has seen (Mentat's extension, written by a game record; absent: not known) --
    shipped_this_round: int | None = spec(
        None,
        min=0,
        max=MAX_TROOPS,
        doc="Troops it shipped earlier this round (dice:127-128): a game record writes it in the Ship step; "
        "absent: not known (a shipment is then taken as its first)",
    )
    moves_this_round: int | None = spec(
        None,
        min=0,
        max=2,
        doc="moves it took earlier this round (dice:132): a game record writes it in the Move step; absent: not "
        "known (a move is then its first unless the move says `second`)",
    )
    # whether the file gave ``bonus_slots`` (``[]``: no slot carries the symbol; absent: unknown)
    bonus_given: bool = dataclasses.field(default=False, metadata={"internal": True})
    # whether the file gave ``dice`` (``{}``: no die on any slot; absent: unknown)
    dice_given: bool = dataclasses.field(default=False, metadata={"internal": True})

    @property
    def held(self) -> list[str]:
        """The cards it is known to hold: its ``cards``, [] when the position does not give them."""
        return self.cards or []

    @property
    def cards_known(self) -> bool:
        """Whether the position gives its ``cards`` (``[]``: none)."""
        return self.cards is not None

    @property
    def dice_listed(self) -> bool:
        """Its dice on slots are known: listed, or ``dice: {}`` given (none); absent, they are unknown."""
        return bool(self.dice) or self.dice_given

    def bonus_slot(self, owner: str, slot: str) -> bool | None:
        """Whether the owner's slot carries the bonus-die symbol (dice:84-85): its ``bonus_slots`` (``[]``: none);
        the Corrino board has none (dice:223), whatever a position lists (dice.factions.corrino-no-bonus-slot judges
        that); None where the position does not say."""
        if owner == "corrino":
            return False
        if self.bonus_given or self.bonus_slots:
            return slot in self.bonus_slots
        return None

    def faces(self, slot: str) -> list[int]:
        """The faces of the dice on a slot name (every slot of that name), [] when none."""
        value = self.dice.get(slot)
        if value is None:
            return []
        return [value] if isinstance(value, int) else list(value)  # a list once loaded

    @property
    def dice_on_board(self) -> int:
        """How many dice it has placed on its slots."""
        return sum(len(self.faces(s)) for s in self.dice)


def _chart_faces(value: list[int] | str) -> list[int]:
    return [1, 2, 3, 4, 5, 6] if isinstance(value, str) else list(value)


@dataclass
class Troops:
    """Troops of one Faction in one Region."""

    faction: str = spec(names="dice-faction", doc="whose Troops")
    region: str = spec(names="dice-region", doc="where they stand")
    count: int = spec(min=0, max=MAX_TROOPS, doc="how many (the Troop on a Fortification or Stronghold included)")


@dataclass
class Fortification:
    """A Fortification or Stronghold token (dice:156-166)."""

    region: str = spec(names="dice-region", doc="where it stands")
    kind: Literal["fortification", "stronghold"] = spec("fortification", doc="fortification or stronghold")
    controller: str | None = spec(
        None,
        names="dice-faction",
        doc="the Faction whose Troop is on it; `none` (or null): uncontrolled, so that the first in Turn Order with "
        "Troops in its Region takes it (dice:158); left out: the Faction with Troops there where only one has, "
        "else unknown",
    )
    # the file said `controller: none` (or null): uncontrolled, not merely left out
    uncontrolled: bool = dataclasses.field(default=False, metadata={"internal": True})


# what a position may write for a token no one controls
UNCONTROLLED = ("none", "uncontrolled", "no one", "nobody", "noone")


@dataclass(frozen=True)
class Control:
    """Who controls a token (dice:157-158), as far as the position says."""

    faction: str | None  # None: no one, or unknown (``known`` says which)
    known: bool = True
    key: str = ""  # the position key that would decide it, where unknown
    why: str = ""  # what that key would decide, where unknown
    note: str = ""  # what was inferred, for the verdict's notes


# -- moves ---------------------------------------------------------------------------------------


@dataclass
class ShipMove:
    """Ship Troops from the Faction board (dice:126-130)."""

    action: Literal["ship"] = spec(doc="ship")
    faction: str = spec(names="dice-faction", doc="who ships")
    count: int = spec(min=0, max=MAX_TROOPS, doc="Troops shipped")
    to: str = spec(names="dice-region", doc="the Region they are shipped to")
    ally_consents: bool | None = spec(None, doc="the ally consents to a shipment into a Region it controls (dice:129)")


@dataclass
class MoveMove:
    """One move of the Move step (dice:131-134): Troops from adjacent Regions into one target Region."""

    action: Literal["move"] = spec(doc="move")
    faction: str = spec(names="dice-faction", doc="who moves")
    to: str = spec(names="dice-region", doc="the target Region")
    from_: dict[str, int] = spec(
        {}, aliases=("from",), key_names="dice-region", min=0, max=MAX_TROOPS, doc="REGION -> Troops moved from it"
    )
    second: bool = spec(False, doc="this is the Faction's second move this round (dice:132)")


@dataclass
class KanlyMove:
    """One Kanly action on a die left on a Faction slot (dice:106-119)."""

    action: Literal["kanly"] = spec(doc="kanly")
    faction: str = spec(names="dice-faction", doc="who acts")
    kanly_action: str = spec(names="dice-kanly", doc="the action, e.g. plot, assassinate, steal-landsraad")
    target: str = spec(names="dice-faction", doc="the targeted Faction (the Faction slot the die is on)")
    face: int | None = spec(None, min=1, max=6, doc="the face of the die used; default: the die on that slot")
    region: str | None = spec(None, names="dice-region", doc="Assassinate / Piter De Vries: the Troop's Region")
    from_slot: str | None = spec(None, names="dice-slot", doc="Imperial Decree: the slot the die leaves")
    to_slot: str | None = spec(None, names="dice-slot", doc="Imperial Decree: the slot it is moved to")
    destroy: int | None = spec(None, min=0, max=MAX_DICE, doc="steal-landsraad: dice the thief destroys (dice:190)")


@dataclass
class FortifyMove:
    """Fortify a Region (dice:161-166)."""

    action: Literal["fortify"] = spec(doc="fortify")
    faction: str = spec(names="dice-faction", doc="who fortifies")
    region: str = spec(names="dice-region", doc="the Region fortified")
    ally_consents: bool | None = spec(None, doc="the ally controlling the Fortification consents (dice:166)")


@dataclass
class SandstormMove:
    """Move the Sandstorm (dice:167-173)."""

    action: Literal["sandstorm"] = spec(doc="sandstorm")
    to: str = spec(names="dice-region", doc="the Region the Sandstorm moves to")
    faction: str | None = spec(None, names="dice-faction", doc="who moves it; default: the Sandstorm card's holder")
    sheltered: list[str] = spec(
        [], names="dice-faction", doc="allies a token's controller lets its Fortification protect (dice:172)"
    )


@dataclass
class Placement:
    """Where a re-assigned die goes (dice:101): the slot and number its owner chooses."""

    faction: str = spec(names="dice-faction", doc="whose die")
    slot: str = spec(names="dice-slot", doc="the empty slot it is placed on")
    face: int = spec(min=1, max=6, doc="the number it is flipped to")


@dataclass
class ProposeAllianceMove:
    """Propose an Alliance (dice:96-103)."""

    action: Literal["propose-alliance"] = spec(doc="propose-alliance")
    faction: str = spec(names="dice-faction", doc="who proposes")
    with_: str = spec(aliases=("with",), names="dice-faction", doc="the Faction proposed to")
    placed: list[Placement] = spec(
        [],
        doc="if accepted: where each of the two places the die it re-assigns from the other's Faction slot (dice:101; "
        "`mentat apply` needs it, the verdict does not)",
    )


@dataclass
class RecruitMove:
    """Recruit Troops and Leaders to the Faction board (dice:122-125)."""

    action: Literal["recruit"] = spec(doc="recruit")
    faction: str = spec(names="dice-faction", doc="who recruits")
    troops: int = spec(0, min=0, max=MAX_TROOPS, doc="Troops recruited")
    leader: int = spec(0, min=0, max=9, doc="Leaders recruited instead of Troops (dice:125)")
    from_map: dict[str, int] = spec(
        {}, key_names="dice-region", min=0, max=MAX_TROOPS, doc="REGION -> Troops taken from the map (dice:124)"
    )


@dataclass
class CombatMove:
    """One combat (dice:135-155) and its result."""

    action: Literal["combat"] = spec(doc="combat")
    faction: str = spec(names="dice-faction", doc="the attacker (dice:135)")
    region: str = spec(names="dice-region", doc="the contested Region")
    sent: dict[str, int] = spec(
        {},
        key_names="dice-faction",
        min=0,
        max=MAX_TROOPS,
        doc="FACTION -> Troops sent to combat (the Troop on a token included: dice:146)",
    )
    leaders_sent: dict[str, int] = spec({}, key_names="dice-faction", min=0, max=9, doc="FACTION -> Leaders sent")
    rolls: dict[str, list[int]] = spec(
        {}, key_names="dice-faction", min=1, max=6, doc="FACTION -> the faces its Combat dice rolled"
    )
    fortification_removes: dict[str, int] = spec(
        {},
        key_names="dice-faction",
        min=0,
        max=MAX_TROOPS,
        doc="FACTION -> the removals the token's controller aims at its Troops first (dice:140; the Harkonnen lose "
        "one less: a Stronghold targeting them twice takes a single Troop, dice:208)",
    )
    loyalty_revealed: dict[str, list[str]] = spec(
        {}, key_names="dice-faction", names="dice-faction", doc="FACTION -> the Factions its revealed tokens show"
    )
    shai_hulud: dict[str, int] = spec(
        {}, key_names="dice-faction", min=0, max=MAX_TROOPS, doc="FACTION -> Troops of it Shai-Hulud removes (dice:217)"
    )
    shai_hulud_by: str | None = spec(
        None,
        names="dice-faction",
        doc="who calls Shai-Hulud: the Fremen, or their Ally (dice:218-219); default: the Fremen",
    )
    evacuated: dict[str, int] = spec(
        {},
        key_names="dice-faction",
        min=0,
        max=MAX_TROOPS,
        doc="FACTION -> killed Troops the Guild evacuates (dice:233)",
    )
    killed: dict[str, int] | None = spec(
        None,
        key_names="dice-faction",
        min=0,
        max=MAX_TROOPS,
        doc="FACTION -> its Troops the Combat dice kill (dice:147: the roller picks them); default: where only "
        "one Faction's Troops can take the kills, every kill lands on them",
    )


def dice_count(slots: dict[str, Any]) -> int:
    """The dice on slots given as slot -> a face, or a list of faces where several slots share a name."""
    return sum(len(v) if isinstance(v, list) else 1 for v in slots.values())


@dataclass
class RollMove:
    """One Faction's Roll the Dice step (dice:89-95), an event chance decides: the dice it rolled, on the slots it
    placed them on."""

    action: Literal["roll"] = spec(doc="roll")
    faction: str = spec(names="dice-faction", doc="who rolls")
    placed: dict[str, Any] = spec(  # int | list[int], checked by _check_faces as a Faction's ``dice`` are
        {},
        key_names="dice-slot",
        doc="slot -> the face of the die it placed there (1..6), or a list of faces where the board has several "
        "slots of that name: every die it rolled (dice:92-93)",
    )

    @property
    def count(self) -> int:
        """The dice rolled and placed."""
        return dice_count(self.placed)


@dataclass
class ChoamMove:
    """The Corrino's Reserves of the CHOAM (dice:226), an event chance decides: at the end of the Alliance step the die
    gained from the common supply, rolled, on the slot it was placed on."""

    action: Literal["choam"] = spec(doc="choam")
    faction: str = spec(names="dice-faction", doc="who gains the die: the Corrino")
    placed: dict[str, Any] = spec(  # int | list[int], checked by _check_faces as a Faction's ``dice`` are
        {},
        key_names="dice-slot",
        doc="slot -> the face of the die placed there (1..6); {} where the common supply held no die to gain",
    )

    @property
    def count(self) -> int:
        """The dice placed."""
        return dice_count(self.placed)


DiceMove = (
    ShipMove
    | MoveMove
    | KanlyMove
    | FortifyMove
    | SandstormMove
    | ProposeAllianceMove
    | RecruitMove
    | CombatMove
    | RollMove
    | ChoamMove
)
MOVES: dict[str, type] = {
    "ship": ShipMove,
    "move": MoveMove,
    "kanly": KanlyMove,
    "fortify": FortifyMove,
    "sandstorm": SandstormMove,
    "propose-alliance": ProposeAllianceMove,
    "recruit": RecruitMove,
    "combat": CombatMove,
    "roll": RollMove,
    "choam": ChoamMove,
}
ACTIONS = tuple(MOVES)
ACTION_ALIASES = {
    "alliance": "propose-alliance",
    "ally": "propose-alliance",
    "storm": "sandstorm",
    "reserves-of-the-choam": "choam",
}


@dataclass
class DicePosition:
    """A Dune: The Dice Game situation, optionally with one proposed move."""

    ruleset: Literal["dice"] = spec(doc="dice")
    round: int | None = spec(None, min=1, max=6, doc="the round, 1..6 (dice:65)")
    step: Step | None = spec(None, doc="the step of the round (dice:67-77)")
    players: int | None = spec(None, min=1, max=10, doc="default: the number of Factions listed")
    sandstorm: str | None = spec(None, names="dice-region", doc="the Region the Sandstorm marker is in")
    turn_order: list[str] = spec([], names="dice-faction", doc="the Factions in Turn Order, first first (dice:46, 121)")
    factions: dict[str, DiceFaction] = spec({}, key_names="dice-faction", doc="FACTION -> what it holds")
    troops: list[Troops] = spec([], doc="Troops on the map")
    fortifications: list[Fortification] = spec([], doc="Fortification and Stronghold tokens on the map")
    alliances: list[list[str]] = spec([], names="dice-faction", doc="pairs of allied Factions (this round)")
    common_dice: int | None = spec(None, min=0, max=MAX_DICE, doc="dice in the common supply (dice:53, 88)")
    loyalty_supply: int | None = spec(None, min=0, max=MAX_TROOPS, doc="face-down Loyalty tokens in the supply")
    move: DiceMove | None = spec(None, doc="one proposed move; its 'action' picks the kind")
    board_facts: Any = spec(
        None,
        aliases=("board",),
        doc="the printed map's facts the text does not give: a file, or {REGION: {kind, adjacent: [REGION]}}",
    )
    title: str | None = spec(None, doc="a one-line summary (cases)")
    notes: str | None = spec(None, doc="free text, ignored")
    expect: dict[str, Any] | None = spec(None, doc="the expected verdict (cases only)")
    given: frozenset[str] = dataclasses.field(default=frozenset(), metadata={"internal": True})
    dice_board: Board | None = dataclasses.field(default=None, metadata={"internal": True})
    # what the loader inferred from the text for the position's move (a key it left out), for the verdict's notes
    inferred: list[str] = dataclasses.field(default_factory=list, metadata={"internal": True})

    # -- the questions rules ask ------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The map: the text's facts, completed by the position's ``board``."""
        return self.dice_board or text_board()

    @property
    def has_board(self) -> bool:
        """Whether the position gives board facts of its own."""
        return self.board_facts is not None

    @property
    def faction_names(self) -> list[str]:
        """The Factions the position names (its ``factions``, then those with Troops or tokens), in Setup order
        of first mention."""
        seen = list(self.factions)
        for f in [t.faction for t in self.troops] + [x.controller for x in self.fortifications if x.controller]:
            if f not in seen:
                seen.append(f)
        return seen

    @property
    def every_faction(self) -> list[str]:
        """Every Faction the position names: its ``factions``, Troops and tokens, then alliances and Turn Order."""
        names = list(self.faction_names)
        for f in [f for pair in self.alliances for f in pair] + list(self.turn_order):
            if f not in names:
                names.append(f)
        return names

    def in_game(self, faction: str) -> bool | None:
        """Whether a Faction takes part: named, or not (every player's Faction named); None when an unnamed player
        may be it (``players`` above the Factions named)."""
        names = self.every_faction
        if faction in names:
            return True
        return False if self.players is None or self.players <= len(names) else None

    @property
    def player_count(self) -> int:
        """``players``, else the number of Factions named."""
        return self.players if self.players is not None else len(self.faction_names)

    def state(self, faction: str) -> DiceFaction:
        """A Faction's holdings (an empty record when the position lists none)."""
        return self.factions.get(faction) or DiceFaction()

    def troops_in(self, region: str, faction: str | None = None) -> int:
        return sum(t.count for t in self.troops if t.region == region and (faction is None or t.faction == faction))

    def on_map(self, faction: str) -> int:
        return sum(t.count for t in self.troops if t.faction == faction)

    def controllers(self, region: str) -> set[str]:
        """dice:128, 163, 183: a Faction with at least one Troop in a Region controls it."""
        return {t.faction for t in self.troops if t.region == region and t.count > 0}

    def allies_of(self, faction: str) -> set[str]:
        return {f for pair in self.alliances if faction in pair for f in pair if f != faction}

    def holders(self, card: str) -> list[str]:
        """The Factions holding a card (a list: a position may wrongly list two)."""
        return [f for f, st in self.factions.items() if card in st.held]

    def cards_unknown(self, names: list[str] | tuple[str, ...] | None = None) -> list[str]:
        """The Factions (of ``names``, else every one named) whose ``cards`` the position does not give."""
        return [f for f in (self.faction_names if names is None else names) if not self.state(f).cards_known]

    def holds_count(self, faction: str, card: str, copies: int = 1) -> int | None:
        """How many of a card a Faction holds: from its ``cards``; where it does not give them, 0 when the other
        Factions are listed holding every copy of the card, else None (unknown)."""
        st = self.state(faction)
        if st.cards_known:
            return st.held.count(card)
        elsewhere = sum(self.state(f).held.count(card) for f in self.factions if f != faction)
        return 0 if elsewhere >= copies else None

    def fortification_in(self, region: str) -> Fortification | None:
        return next((x for x in self.fortifications if x.region == region), None)

    def token_control(self, region: str) -> Control:
        """Who controls the token in a Region. dice:157: a token "is always in the control of a single player
        present in the same Region"; dice:158: an uncontrolled one sharing its Region with Troops is taken by the
        first player in Turn Order with Troops there. A controller the position names is that Faction; ``none``
        is uncontrolled, so dice:158 decides where Troops are there; a controller left out is the only Faction
        present, and unknown where several are (the one that fortified first, or a later taker, keeps it)."""
        x = self.fortification_in(region)
        if x is None:
            return Control(None)
        if x.controller is not None:
            return Control(x.controller)
        here = [f for f in self.faction_names if self.troops_in(region, f) > 0]
        if not here:
            return Control(None)
        i = self.fortifications.index(x)
        if len(here) == 1:
            how = "it is uncontrolled, and" if x.uncontrolled else "the position does not name its controller;"
            return Control(
                here[0],
                note=f"the token in {region}: {how} {display(here[0])}, the only Faction with Troops there, controls "
                "it (dice:157-158)",
            )
        among = " and ".join(display(f) for f in here)
        if not x.uncontrolled:
            why = f"{among} have Troops in {region}: the token is one player's, not necessarily the first's (dice:157)"
            return Control(None, known=False, key=f"fortifications[{i}].controller", why=why)
        if not all(f in self.turn_order for f in here):
            why = f"which of {among} is first in Turn Order takes the uncontrolled token (dice:158)"
            return Control(None, known=False, key="turn_order", why=why)
        first = next(f for f in self.turn_order if f in here)
        return Control(
            first,
            note=f"the token in {region} is uncontrolled, and Troops share its Region: {display(first)}, first in "
            "Turn Order with Troops there, takes control of it (dice:158)",
        )


def load_move(data: Any, key: str = "move") -> DiceMove:
    if not isinstance(data, dict):
        raise InputError(key, "a mapping with an 'action'", data)
    raw = data.get("action")
    action = raw.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(raw, str) else ""
    action = ACTION_ALIASES.get(action, action)
    if action not in ACTIONS:
        raise InputError(f"{key}.action", "a Dice Game move: " + ", ".join(ACTIONS), raw, nearest(str(raw), ACTIONS))
    move: DiceMove = model.load_record(MOVES[action], {**model.without_note(data, key), "action": action}, key)
    return move


FACE = {"type": "integer", "minimum": 1, "maximum": 6}


def _check_faces(value: Any, key: str) -> list[int]:
    """A slot's dice: one face 1..6, or a list of faces (several slots of that name)."""
    what = "a die face from 1 to 6, or a list of faces (several slots of that name)"
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in items):
        raise InputError(key, what, value)
    return list(items)


def _one_token_per_region(pos: DicePosition) -> None:
    """dice:157 "There may only be a single Fortification or Stronghold token in each Region": a position with two
    is well formed but unreachable, judged by dice.components.one-token-per-region (invalid-position); a move on
    it cannot be judged (whose token would defend or shelter?), so with a move it is unusable input."""
    if pos.move is None:
        return
    seen: set[str] = set()
    for i, x in enumerate(pos.fortifications):
        if x.region in seen:
            raise InputError(f"fortifications[{i}].region", "one token per Region (dice:157)", x.region)
        seen.add(x.region)


# the step each move is made in (a position that does not give its ``step`` is taken to be in it)
MOVE_STEP = {
    "ship": "ship",
    "move": "move",
    "kanly": "kanly",
    "fortify": "fortify",
    "sandstorm": "sandstorm",
    "propose-alliance": "alliance",
    "recruit": "recruit",
    "combat": "combat",
    "roll": "roll",
    "choam": "alliance",  # dice:226: at the end of the Alliance step
}
FIRST_SANDSTORM = "Jacurutu"  # dice:50


def _first_round_sandstorm(pos: DicePosition) -> None:
    """dice:50: without the Spacing Guild the Sandstorm is placed on Jacurutu at setup; it moves in the Sandstorm
    step only (dice:168). A move in round 1 before the Sandstorm has moved finds it there: a position that leaves
    ``sandstorm`` out has it on Jacurutu (a note says so); one that puts it elsewhere is not a game the text can
    reach, and a move on it cannot be judged (without a move, dice.setup.sandstorm-jacurutu judges it)."""
    m = pos.move
    if m is None or pos.round != 1 or pos.in_game("spacing-guild") is not False:
        return
    step = pos.step or MOVE_STEP[m.action]
    if STEPS.index(step) > STEPS.index("sandstorm") or (step == "sandstorm" and m.action != "sandstorm"):
        return  # the Sandstorm has moved (or may have) this round
    if pos.sandstorm is None:
        pos.sandstorm = FIRST_SANDSTORM
        pos.inferred.append(
            f"the position does not give 'sandstorm': in round 1, before the Sandstorm step, a game without the "
            f"Spacing Guild has it on {FIRST_SANDSTORM} (dice:50, 168)"
        )
    elif pos.sandstorm != FIRST_SANDSTORM:
        raise InputError(
            "sandstorm",
            f"{FIRST_SANDSTORM}: without the Spacing Guild the Sandstorm starts there (dice:50) and moves only in the "
            f"Sandstorm step (dice:168), so in round 1's {step} step it is still there",
            pos.sandstorm,
            [FIRST_SANDSTORM],
        )


def _check(pos: DicePosition) -> None:
    """Facts that need more than a type."""
    for fname, st in pos.factions.items():
        for slot, value in st.dice.items():
            st.dice[slot] = _check_faces(value, f"factions.{fname}.dice.{slot}")
    if isinstance(pos.move, (RollMove, ChoamMove)):
        for slot, value in pos.move.placed.items():
            pos.move.placed[slot] = _check_faces(value, f"move.placed.{slot}")
    for i, pair in enumerate(pos.alliances):
        if len(pair) != 2 or pair[0] == pair[1]:
            raise InputError(f"alliances[{i}]", "a pair of two different Factions", pair)
    if len(set(pos.turn_order)) != len(pos.turn_order):
        raise InputError("turn_order", "each Faction once", pos.turn_order)
    _one_token_per_region(pos)
    _first_round_sandstorm(pos)
    for fname, st in pos.factions.items():
        for action, faces in st.kanly_chart.items():
            st.kanly_chart[action] = _chart_faces(faces)
        for slot, faces in st.slot_faces.items():
            st.slot_faces[slot] = _chart_faces(faces)
        for face in st.combat_chart:
            if not 1 <= face <= 6:
                raise InputError(f"factions.{fname}.combat_chart.{face}", "a die face, 1 to 6", face)


def _uncontrolled(raw: Any) -> tuple[Any, list[int]]:
    """The ``fortifications`` a file gives, with ``controller: none`` (or null, or ``uncontrolled``) taken out, and
    the indices of the tokens it said so of: those are uncontrolled, not merely without a controller named."""
    if not isinstance(raw, list):
        return raw, []
    out, marked = [], []
    for i, x in enumerate(raw):
        if isinstance(x, dict) and "controller" in x:
            said = x["controller"]
            if said is None or (isinstance(said, str) and _word(said) in UNCONTROLLED):
                x = {k: v for k, v in x.items() if k != "controller"}
                marked.append(i)
        out.append(x)
    return out, marked


def _mark_bonus_given(pos: DicePosition, raw: Any) -> None:
    """Note which Factions' entries give ``bonus_slots``: an empty list says no slot carries the symbol, a
    missing key leaves it unknown (dice:84: which slots carry it is printed on the boards only)."""
    if not isinstance(raw, dict):
        return
    for name, entry in raw.items():
        if isinstance(entry, dict) and "bonus_slots" in entry:
            pos.factions[faction_name(name, f"factions.{name}")].bonus_given = True
        if isinstance(entry, dict) and "dice" in entry:
            pos.factions[faction_name(name, f"factions.{name}")].dice_given = True


def load_position(data: Any, file: str | None = None) -> DicePosition:
    """Build a :class:`DicePosition` from parsed YAML, or raise one clear InputError naming the file."""
    try:
        if not isinstance(data, dict):
            raise InputError("", "a mapping of position keys (ruleset, factions, troops, move, ...)", data)
        body = dict(data)
        board = load_board(body.get("board"), file) if body.get("board") is not None else None
        token = _BOARD.set(board)
        try:
            move = body.pop("move", None)
            body["fortifications"], uncontrolled = _uncontrolled(body.get("fortifications", []))
            pos = model.load_record(DicePosition, body)
            for i in uncontrolled:
                pos.fortifications[i].uncontrolled = True
            pos.given = frozenset(str(k) for k in data)
            _mark_bonus_given(pos, body.get("factions"))
            pos.dice_board = board
            if move is not None:
                pos.move = load_move(move)
        finally:
            _BOARD.reset(token)
        _check(pos)
        return pos
    except InputError as err:
        err.file = file
        raise


def with_move(pos: DicePosition, data: Any) -> DicePosition:
    """The position with another move (``mentat check --move``), its Regions read on the position's board."""
    token = _BOARD.set(pos.dice_board)
    try:
        move = None if data is None else load_move(data)
    finally:
        _BOARD.reset(token)
    out = dataclasses.replace(pos, move=move, inferred=[])
    if "sandstorm" not in pos.given:  # the sandstorm an earlier move had inferred is this move's to infer again
        out.sandstorm = None
    _one_token_per_region(out)
    _first_round_sandstorm(out)
    return out


def read_position(path: str | Path) -> DicePosition:
    """Read and load a Dice Game position file; every failure is an InputError."""
    from checker.yamlio import parse_yaml, yaml_error

    path = Path(path)
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        raise InputError("", "a readable UTF-8 YAML file", str(err), file=str(path)) from None
    except Exception as err:  # a YAML error
        bad = yaml_error(err)
        bad.file = str(path)
        raise bad from None
    return load_position(data, str(path))


def schema() -> dict[str, Any]:
    """The JSON Schema of Dice Game position files."""
    out = model.json_schema(DicePosition)
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    out["title"] = "Mentat Dice Game position file"
    moves = [model.json_schema(cls) for cls in MOVES.values()]
    for m in moves:
        m["properties"]["note"] = dict(model.NOTE_SCHEMA)
    out["properties"]["move"] = {"anyOf": [*moves, {"type": "null"}], "description": "one proposed move"}
    faces = {"anyOf": [FACE, {"type": "array", "items": FACE, "minItems": 1}]}
    out["properties"]["factions"]["additionalProperties"]["properties"]["dice"]["additionalProperties"] = faces
    for action in ("roll", "choam"):
        moves[list(MOVES).index(action)]["properties"]["placed"]["additionalProperties"] = faces
    return out
