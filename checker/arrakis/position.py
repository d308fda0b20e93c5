"""Position files: the published YAML interface (see the rulebook's position-format page).

A position says only what a question needs; every key but ``ruleset`` is
optional. Loading checks types, names and ranges and raises an
:class:`~checker.errors.InputError` (exit status 2) naming the file and key.
"""

from __future__ import annotations

import dataclasses
import functools
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from checker import model
from checker.arrakis.board import POLAR_SINK, SECTORS, Board, board_from_data, board_from_inline, gf9_board
from checker.errors import InputError, nearest
from checker.model import spec
from checker.names import faction_name, territory_name

# Keys and moves of some rulesets only (spec(rulesets=...)): a position of another ruleset giving one is an input
# error naming the rulesets that have it (``mentat compare`` leaves it out when it carries a position over).
DREAMRULES = ("dreamrules",)
CONQUEST = ("conquest",)
GF9_FAMILY = ("gf9", "overview", "dreamrules")  # GF9 and the rulesets built on it (not conquest)
GF9_GAMES = ("gf9", "overview", "dreamrules")  # moves Conquest's text has no question for (no auction, no Tanks...)

# Far above the game's numbers (20 forces a faction, a few hundred spice) so that rules still
# judge impossible counts, but bounded: a huge number is an input error, never a long search.
MAX_FORCES = 99
MAX_SPICE = 9999
MAX_STORM_DIAL = 99  # per dial; the game's dials go to 20 (turn 1), rules judge anything up to this
# Conquest (Dune: A Game of Conquest and Diplomacy) plays four factions (conquest:11, 57).
CONQUEST_FACTIONS = ("atreides", "fremen", "harkonnen", "imperium")
# The overview's game: "Each of 2-6 players controls one of six unique factions" (overview:3): with six, all play.
OVERVIEW_FACTIONS = ("atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit")
OVERVIEW_SIX = 6
CONQUEST_SUGGEST = {"emperor": "imperium", "padishah-emperor": "imperium", "corrino": "imperium"}
TERRITORY_KINDS = ("sand", "rock", "stronghold", "polar-sink")
# The rulesets whose positions this model reads (their layers name this family, checker.arrakis).
Ruleset = Literal["gf9", "overview", "conquest", "dreamrules"]
Phase = Literal[
    "storm",
    "spice-blow",
    "nexus",
    "choam-charity",
    "bidding",
    "revival",
    "shipment-and-movement",
    "battle",
    "spice-collection",
    "mentat-pause",
]
PHASES: tuple[Phase, ...] = get_args(Phase)  # the phases in turn order
STORM = PHASES.index("storm")
SPICE_BLOW = PHASES.index("spice-blow")
NEXUS = PHASES.index("nexus")
CHOAM_CHARITY = PHASES.index("choam-charity")
BIDDING = PHASES.index("bidding")
REVIVAL = PHASES.index("revival")
SHIPMENT_AND_MOVEMENT = PHASES.index("shipment-and-movement")
BATTLE = PHASES.index("battle")
SPICE_COLLECTION = PHASES.index("spice-collection")
MENTAT_PAUSE = PHASES.index("mentat-pause")


def phase_words(index: int) -> str:
    """The phase at ``index`` (in ``PHASES``) in a player's words: "Shipment and Movement", "CHOAM Charity"."""
    return PHASES[index].replace("-", " ").title().replace("Choam", "CHOAM").replace(" And ", " and ")


# What a phase has seen, as a game record writes it (``Position.this_phase``; checker/arrakis/kinds/phase.py),
# besides the entries naming a territory or a faction (checker/arrakis/history.py): "collected: TERRITORY",
# "shipped: FACTION", "moved: FACTION", "passed: FACTION"
PHASE_EVENTS = ("storm", "blow", "blow-a", "blow-b", "card-sold")

# The territory names a position being loaded may use: None, the GF9 board's; a list, a conquest
# board's; FREE, any name as written (a conquest position with no board: conquest prints none), spelt as the GF9
# board spells it where it is one of that board's names (the board a conquest position's board file is in the format
# of), matched as every territory name is (case, a leading 'The', apostrophes): "carthag" is Carthag, "great flat"
# The Great Flat; a name that board does not have stays as written.
FREE: list[str] = []
_TERRITORIES: ContextVar[list[str] | None] = ContextVar("territories", default=None)


def _territory(value: object, key: str) -> str:
    names = _TERRITORIES.get()
    if names is FREE:
        if not isinstance(value, str) or not value.strip():
            raise InputError(key, "a territory name", value)
        try:
            return territory_name(value, gf9_board().names, key)
        except InputError:  # not a GF9 board name: the position's own, as written
            return " ".join(value.split())
    return territory_name(value, gf9_board().names if names is None else names, key)


def _destination(value: object, key: str) -> str:
    if isinstance(value, str) and value.strip().lower() == "reserves":
        return "reserves"
    return _territory(value, key)


def _plain(text: str) -> str:
    """A name folded to its letters and digits: how advantage names are compared."""
    return "".join(c for c in text.lower() if c.isalnum())


def _advantage(value: object, key: str) -> str:
    """A faction advantage Karama stopped (``suppressed``), as its Karama chapter heading names it (dreamrules:808-982)
    or GF9 does; folded to one spelling (``Shaddam's Favor`` -> ``shaddams-favor``) that every kind matches. A name
    the chapter does not know is an input error: silently ignoring it would answer as if nothing were stopped."""
    from checker.arrakis.kinds.play import ADVANTAGES, DR_ADVANTAGES, DR_ALIASES

    plain = _plain

    def slug(text: str) -> str:
        return "-".join("".join(c for c in text.lower() if c.isalnum() or c in " -").replace("-", " ").split())

    names = [name for name, _holder in DR_ADVANTAGES]
    if isinstance(value, str):
        known = {plain(n): n for n in (*names, *ADVANTAGES)} | {plain(a): n for a, n in DR_ALIASES.items()}
        if plain(value) in known:
            return slug(known[plain(value)])
    raise InputError(
        key,
        "an advantage Karama can stop, named as its heading in the Karama chapter",
        value,
        nearest(str(value), names),
    )


model.NAMERS.update(faction=faction_name, territory=_territory, destination=_destination, advantage=_advantage)


@dataclass
class Prediction:
    """The Bene Gesserit's secret prediction."""

    faction: str = spec(names="faction", doc="the faction predicted to win")
    turn: int = spec(min=1, max=10, doc="the turn predicted")


@dataclass
class RevivedThisTurn:
    """What a faction revived from the Tanks so far this turn (its revival moves in a game record)."""

    forces: int = spec(0, min=0, max=MAX_FORCES, doc="forces of its own, free and paid (ordinary and special)")
    special: int = spec(0, min=0, max=MAX_FORCES, doc="of them, Fedaykin / Sardaukar")
    leaders: int = spec(0, min=0, max=MAX_FORCES, doc="leaders revived")


@dataclass
class FactionState:
    """What a faction holds off the board."""

    spice: int | None = spec(None, min=0, max=MAX_SPICE, doc="spice behind the shield")
    reserves: int | None = spec(None, min=0, max=MAX_FORCES, doc="ordinary forces in reserve")
    reserves_special: int | None = spec(None, min=0, max=MAX_FORCES, doc="Sardaukar / Fedaykin in reserve")
    tanks: int | None = spec(None, min=0, max=MAX_FORCES, doc="forces in the Tleilaxu Tanks")
    tanks_special: int | None = spec(None, min=0, max=MAX_FORCES, doc="special forces in the Tanks")
    hand: int | list[str] | None = spec(None, min=0, max=MAX_FORCES, doc="Treachery card count, or the card names")
    leaders_in_tanks: list[str] = spec([], doc="leader names in the Tleilaxu Tanks")
    leaders_face_down: list[str] | None = spec(
        None,
        doc="Mentat's extension: those of its leaders_in_tanks lying face down, revived before and killed again "
        "(gf9:195, dreamrules:388); [] none; not given: not known",
    )
    leaders_revived: list[str] | None = spec(
        None,
        doc="Mentat's extension, written by a game record: its leaders revived from the Tanks so far this game (one "
        "killed again lies face down: gf9:195, dreamrules:388); [] none; not given: not known",
    )
    traitors: list[str] = spec([], doc="leader names on the traitor cards held")
    forces_lost_in_battle: int | None = spec(None, min=0, max=MAX_FORCES, doc="Kwisatz Haderach tracking")
    leaders_used_this_phase: dict[str, str] = spec({}, names="territory", doc="leader -> territory")
    leaders: dict[str, int] = spec(
        {},
        min=0,
        doc="leader name -> strength, where a source prints none (for the Ixians or Bene Tleilax: their whole "
        "roster, in place of the expansion's printed leaders)",
    )
    market_cards: int | None = spec(
        None, min=0, max=MAX_FORCES, doc="conquest: how many market cards it holds", rulesets=CONQUEST
    )
    prediction: Prediction | None = spec(None, doc="Bene Gesserit: the secret prediction")
    kwisatz_haderach_used_in: str | None = spec(
        None, names="territory", doc="Atreides: the territory the Kwisatz Haderach fought in this turn (gf9:351)"
    )
    kwisatz_haderach_in_tanks: bool | None = spec(
        None,
        doc="Atreides: true, the Kwisatz Haderach is in the Tanks (a lasgun-shield explosion killed it: gf9:353); "
        "false, it is alive; not given: a battle plan takes it alive, a revival dead (a note says so)",
    )
    captured_leaders: list[str] | None = spec(
        None,
        doc="Harkonnen: other factions' leaders it holds captive (gf9:193, 427); [] none; not given: not known",
    )
    # -- dreamrules (read under every ruleset of the family; only dreamrules' rules read them) --
    suppressed: list[str] = spec(
        [], names="advantage", doc="dreamrules: advantages Karama stopped for the whole phase (dreamrules:778)"
    )
    bribe_pile: int | None = spec(
        None,
        min=0,
        max=MAX_SPICE,
        doc="dreamrules: spice of bribes waiting in front of its shield, not yet spendable (dreamrules:308, 624)",
        rulesets=DREAMRULES,
    )
    spice_in_front: int | None = spec(
        None,
        min=0,
        max=MAX_SPICE,
        doc="gf9, overview: spice promised by a bribe, sitting in front of its shield: not yet spendable before the "
        "Mentat Pause (gf9:165)",
        rulesets=("gf9", "overview"),
        same_as="bribe_pile",
    )
    thumpers: int | None = spec(
        None, min=0, max=MAX_FORCES, doc="dreamrules: Fremen Thumper tokens (dreamrules:268)", rulesets=DREAMRULES
    )
    tech_tokens: list[str] = spec(
        [],
        doc="dreamrules: the standard tech tokens it holds, by name (the text prints no names: dreamrules:670)",
        rulesets=DREAMRULES,
    )
    carryall: bool = spec(
        False, doc="dreamrules: Atreides holds the Carryall tech token (dreamrules:1052)", rulesets=DREAMRULES
    )
    fate_indicator: str | None = spec(
        None,
        doc="dreamrules: the worthless Treachery card its Fate Indicator matches (dreamrules:732)",
        rulesets=DREAMRULES,
    )
    fate_used: bool = spec(
        False, doc="dreamrules: it has used its once-per-game Fate (dreamrules:734)", rulesets=DREAMRULES
    )
    technology_used: bool | None = spec(
        None,
        doc="dreamrules, Mentat's extension: the Ixians already used Technology this Bidding phase (dreamrules:352, "
        "1218); not given: not known",
        rulesets=DREAMRULES,
    )
    made_ordinary_move: bool = spec(
        False,
        doc="it made its ordinary on-planet movement this phase (gf9:201, dreamrules:392; Zensunni Path, "
        "dreamrules:1132): a game record writes it",
        rulesets=GF9_FAMILY,
    )
    shipped_this_phase: bool = spec(
        False,
        doc="Mentat's extension, written by a game record: it made its shipment this phase (gf9:201, dreamrules:392)",
        rulesets=GF9_FAMILY,
    )
    thumper_used_this_turn: bool | None = spec(
        None,
        doc="dreamrules, Mentat's extension written by a game record: Fremen used a Thumper this turn (at most one a "
        "turn: dreamrules:268); not given: not known",
        rulesets=DREAMRULES,
    )
    revived_this_turn: RevivedThisTurn | None = spec(
        None,
        doc="Mentat's extension, written by a game record: what it revived from the Tanks so far this turn (the "
        "per-turn limits: gf9:179, 185, 191; overview:53; dreamrules:370, 378, 386); not given: not known",
        rulesets=GF9_FAMILY,
    )
    leaders_killed_this_phase: dict[str, str] = spec(
        {}, names="territory", doc="dreamrules: leader -> territory where it was killed this phase"
    )
    ghola_revived: list[str] = spec([], doc="dreamrules: leaders revived with Tleilaxu Ghola (dreamrules:770)")
    leader_revival_begun: bool | None = spec(
        None,
        doc="dreamrules: it began reviving its leaders, with one or fewer available, and has not yet revived them all "
        "(dreamrules:386: it may continue); not given: not known",
        rulesets=DREAMRULES,
    )
    infiltrating: list[str] = spec(
        [], names="faction", doc="dreamrules: Bene Tleilax: the factions it infiltrates", rulesets=DREAMRULES
    )

    @property
    def bribes_waiting(self) -> int | None:
        """Bribe spice in front of its shield, not yet spendable, as its ruleset's key gives it (Dreamrules'
        ``bribe_pile``, GF9's ``spice_in_front``); None where the position gives neither."""
        return self.bribe_pile if self.bribe_pile is not None else self.spice_in_front


@dataclass
class ForceGroup:
    """Forces of one faction in one territory (and sector) of the board."""

    faction: str = spec(names="faction", doc="whose forces")
    territory: str = spec(names="territory", doc="where they stand")
    count: int = spec(
        0,
        min=0,
        max=MAX_FORCES,
        doc="ordinary forces (or advisors when advisors: true); a group gives count or special, or both",
        unless=("special", "a force group giving neither does not say how many forces it holds"),
    )
    special: int = spec(0, min=0, max=MAX_FORCES, doc="Sardaukar / Fedaykin")
    sector: int | None = spec(None, min=1, max=18, doc="the sector, where the territory has several")
    advisors: bool = spec(False, doc="Advanced Bene Gesserit advisors")
    surveyor: bool = spec(
        False, doc="dreamrules: the group is aboard the Ixians' Hidden Mobile Surveyor", rulesets=DREAMRULES
    )
    patched: int = spec(
        0,
        min=0,
        max=MAX_FORCES,
        doc="dreamrules: how many of its Cyborgs (special) are patched (dreamrules:502)",
        rulesets=DREAMRULES,
    )

    @property
    def total(self) -> int:
        return self.count + self.special


@dataclass
class SpiceGroup:
    """Spice lying on the board."""

    territory: str = spec(names="territory", doc="where it lies")
    amount: int = spec(min=0, max=MAX_SPICE, doc="how much")
    sector: int | None = spec(None, min=1, max=18, doc="the sector, where the territory has several")


@dataclass
class SurveyorPlace:
    """dreamrules: where the Ixians' Hidden Mobile Surveyor stands (dreamrules:166, 552)."""

    territory: str = spec(names="territory", doc="the territory (never a stronghold)")
    sector: int | None = spec(None, min=1, max=18, doc="the sector, where the territory has several")


@dataclass
class SpiceMine:
    """dreamrules: a spice mine on the board (dreamrules:288, 296)."""

    territory: str = spec(names="territory", doc="where the mine lies")
    sector: int | None = spec(None, min=1, max=18, doc="the sector, where the territory has several")
    yield_: int | None = spec(None, min=0, max=MAX_SPICE, aliases=("yield",), doc="spice it yields each turn")
    created_turn: int | None = spec(None, min=1, max=10, doc="the turn it was created")


@dataclass
class Auction:
    """dreamrules: the auction under way: the highest bid so far."""

    high_bidder: str | None = spec(None, names="faction", doc="the faction with the highest bid")
    high_bid: int | None = spec(None, min=0, max=MAX_SPICE, doc="the highest bid, in spice")


@dataclass
class LastBattle:
    """dreamrules: a battle already resolved this phase."""

    territory: str | None = spec(None, names="territory", doc="where it was fought")
    winner: str | None = spec(None, names="faction", doc="the faction that won it")
    result: Literal["ordinary", "traitor", "zoal-infiltration"] | None = spec(
        None, doc="ordinary, traitor, or zoal-infiltration"
    )
    cards_played: dict[str, list[str]] = spec({}, key_names="faction", doc="FACTION -> the cards it played")
    leaders_killed: list[str] = spec([], doc="the leaders killed in it")
    fanatical_tactics: dict[str, list[str]] = spec(
        {}, key_names="faction", doc="FACTION -> the cards Fanatical Tactics revealed (dreamrules:1130)"
    )
    token_received: bool | None = spec(
        None,
        doc="Mentat's extension: the winner received a tech token from its opponent in it (dreamrules:654, 656); "
        "not given: not known, unless the winner holds no token",
    )


@dataclass
class ShipMove:
    """Shipment from reserves (or, for the Guild, across the board or back to reserves)."""

    action: Literal["ship"] = spec(doc="ship: forces from reserves to the board")
    faction: str = spec(names="faction", doc="the faction shipping")
    to: str = spec(names="destination", doc="a territory, or 'reserves' (Guild)")
    count: int = spec(0, min=0, max=MAX_FORCES, doc="ordinary forces shipped")
    special: int = spec(0, min=0, max=MAX_FORCES, doc="Sardaukar / Fedaykin shipped")
    sector: int | None = spec(None, min=1, max=18, doc="sector of the destination")
    from_: str | None = spec(None, names="territory", aliases=("from",), doc="Guild cross-ship origin")
    from_sector: int | None = spec(None, min=1, max=18, doc="sector of the cross-ship origin")
    ally_support: int = spec(0, min=0, max=MAX_SPICE, doc="spice the ally pays toward the cost")
    accompany: bool | Literal["polar-sink", "destination"] | None = spec(
        None,
        doc="Bene Gesserit sends its free force along (gf9:363): true or polar-sink, or destination "
        "for an Advanced advisor in the shipment's destination (gf9:377)",
    )
    also_to: list[str] = spec(
        [], names="territory", doc="further destinations of the same shipment (gf9:205 allows one)"
    )
    karama: bool = spec(
        False,
        doc="dreamrules: a Karama (or a Bene Gesserit worthless card as one), played by the shipper or its ally, "
        "halves the shipment's normal cost, paid to the Spice Bank (dreamrules:794, 1150)",
    )

    @property
    def total(self) -> int:
        return self.count + self.special


@dataclass
class MoveMove:
    """One on-planet force movement: one origin, one destination."""

    action: Literal["move"] = spec(doc="move: one group across the board")
    faction: str = spec(names="faction", doc="the faction moving")
    to: str = spec(names="territory", doc="the destination territory")
    from_: str = spec(names="territory", aliases=("from",), doc="the territory the group leaves")
    count: int = spec(0, min=0, max=MAX_FORCES, doc="ordinary forces moved")
    special: int = spec(0, min=0, max=MAX_FORCES, doc="Sardaukar / Fedaykin moved")
    from_sector: int | None = spec(None, min=1, max=18, doc="sector of the origin")
    sector: int | None = spec(None, min=1, max=18, doc="sector of the destination")
    via: list[str] = spec([], names="territory", doc="territories entered on the way, in order")
    zensunni_path: bool = spec(
        False, doc="dreamrules: the move Fremen's Zensunni Path allows (dreamrules:1132)", rulesets=DREAMRULES
    )

    @property
    def total(self) -> int:
        return self.count + self.special


@dataclass
class StormMove:
    """The storm moves: by a known distance, or by the two dials."""

    action: Literal["storm"] = spec(doc="storm: the storm moves")
    # Bounded far above any dial (0..20): an absurd number is an input error, not a long walk round the board.
    distance: int | None = spec(None, min=0, max=MAX_STORM_DIAL * 3, doc="sectors the storm moves, when known")
    dials: list[int] = spec([], min=0, max=MAX_STORM_DIAL, doc="the numbers dialed, e.g. [3, 2]")
    weather_control: bool | None = spec(
        None, doc="after turn one: whether the distance is Weather Control's choice of zero through ten (gf9:93)"
    )


@dataclass
class NextPhaseMove:
    """The players end the phase and begin the next (checker/arrakis/kinds/phase.py); after the Mentat Pause, the
    next turn's Storm phase."""

    action: Literal["next-phase"] = spec(doc="next-phase: the phase ends and the next begins", rulesets=GF9_GAMES)
    to: Phase | None = spec(None, doc="the phase the players begin (checked against the order of the phases)")


# -- move kinds of the published format whose rules Mentat does not encode yet -----------
# They are read, their names checked, and answered `unresolved` (checker/arrakis/kinds/unencoded.py).


@dataclass
class ReviveMove:
    """Revival from the Tleilaxu Tanks: forces to reserves, and a leader (checker/arrakis/kinds/revival.py)."""

    action: Literal["revive"] = spec(doc="revive: forces and a leader from the Tanks", rulesets=GF9_GAMES)
    faction: str = spec(names="faction", doc="the faction reviving")
    count: int = spec(0, min=0, max=MAX_FORCES, doc="ordinary forces revived")
    special: int = spec(0, min=0, max=MAX_FORCES, doc="Sardaukar / Fedaykin revived")
    leader: str | None = spec(None, doc="a leader revived, by name (gf9-components.yaml, or factions.X.leaders)")
    fate: bool = spec(
        False, doc="dreamrules: the revival uses the faction's Fate (the Emperor's Prison Planet)", rulesets=DREAMRULES
    )
    card: str | None = spec(None, doc="the Treachery card that revives (Tleilaxu Ghola: gf9:183, dreamrules:768)")
    emperor_pays: int | None = spec(
        None, min=0, max=MAX_FORCES, doc="forces beyond its own three its ally the Emperor pays for (gf9:183, 393)"
    )
    fremen_grant: bool | None = spec(
        None, doc="its ally Fremen grants it three free revivals (gf9:403); asked only when it decides the cost"
    )
    kwisatz_haderach: bool = spec(False, doc="Atreides revives the Kwisatz Haderach (gf9:353)")
    # dreamrules: the revival was asked as a play of Tleilaxu Ghola (its keys leader, count, special): the loader's
    # own record, never a file's key
    played: bool = dataclasses.field(default=False, metadata={"internal": True})

    @property
    def total(self) -> int:
        return self.count + self.special


@dataclass
class BidMove:
    """A bid in the Bidding phase's auction of a Treachery card (checker/arrakis/kinds/bidding.py)."""

    action: Literal["bid"] = spec(doc="bid: a bid for a Treachery card", rulesets=GF9_GAMES)
    faction: str = spec(names="faction", doc="the faction bidding")
    amount: int | None = spec(None, min=0, max=MAX_SPICE, doc="the bid, in spice (none: a pass)")
    ally_support: int = spec(0, min=0, max=MAX_SPICE, doc="spice the ally has promised toward it (gf9:147)")
    karama: bool = spec(False, doc="the bidder uses Karama to bid beyond what it can pay (gf9:173)")
    wins: bool = spec(
        False,
        doc="the bid wins the card: every other faction passed after it (a game record says so; mentat apply then "
        "pays the bid and gives the card, which it does not for a bid that may still be overbid)",
    )
    shaddams_favor: int = spec(
        0,
        min=0,
        max=MAX_SPICE,
        doc="dreamrules: spice the Emperor's Shaddam's Favor covers of the payment",
        rulesets=DREAMRULES,
    )


@dataclass
class CharityMove:
    """A faction calls CHOAM Charity: the spice it receives."""

    action: Literal["charity"] = spec(doc="charity: CHOAM Charity", rulesets=GF9_GAMES)
    faction: str = spec(names="faction", doc="the faction calling CHOAM Charity")


@dataclass
class AllyMove:
    """An alliance formed in a Nexus, or one broken (checker/arrakis/kinds/alliance.py)."""

    action: Literal["ally"] = spec(doc="ally: an alliance formed, or broken with break: true", rulesets=GF9_GAMES)
    factions: list[str] = spec(
        names="faction",
        doc="the factions forming the alliance; to break one: the faction leaving it, or the two allies",
    )
    break_: bool = spec(False, aliases=("break",), doc="the alliance is broken (gf9:133) instead of formed")


@dataclass
class BribeMove:
    """A spice bribe put in front of another faction's shield (checker/arrakis/kinds/alliance.py)."""

    action: Literal["bribe"] = spec(
        doc="bribe: spice put in front of another faction's shield (Advanced)", rulesets=GF9_GAMES
    )
    faction: str = spec(names="faction", doc="the faction paying the bribe")
    to: str = spec(names="faction", doc="the faction receiving it")
    amount: int = spec(min=1, max=MAX_SPICE, doc="the spice of the bribe")
    information: bool | None = spec(
        None,
        doc="dreamrules: the bribe buys binding information about a card up for bid, which Bene Tleilax may do "
        "outside Mentat (dreamrules:344, 628, 1174); asked only of a Bene Tleilax bribe during Bidding",
    )


@dataclass
class GiveMove:
    """Spice given directly to an ally, behind its shield (the Emperor's advantage, gf9:391)."""

    action: Literal["give"] = spec(doc="give: spice given directly to an ally", rulesets=GF9_GAMES)
    faction: str = spec(names="faction", doc="the faction giving the spice")
    to: str = spec(names="faction", doc="the faction receiving it")
    amount: int = spec(min=1, max=MAX_SPICE, doc="the spice given")


@dataclass
class CollectMove:
    """Spice collection in one territory: the spice collected (and Advanced stronghold income)."""

    action: Literal["collect"] = spec(doc="collect: spice collection", rulesets=GF9_GAMES)
    faction: str = spec(names="faction", doc="the faction collecting")
    territory: str = spec(names="territory", doc="where its forces collect")
    sector: int | None = spec(None, min=1, max=18, doc="the sector of the spice and the forces")


@dataclass
class PlayMove:
    """A Treachery card played outside a battle plan (checker/arrakis/kinds/play.py).

    Besides the keys below, the card's own keys may be given, kept as written and read by the
    play kind: Weather Control ``distance``, ``storm_moved``; Family Atomics ``storm_moved`` (dreamrules: also
    ``territory``, its target: the Shield Wall or a sietch, dreamrules:758, 760);
    Hajr ``after_movement``; Karama ``cancels``, ``plans_revealed``, ``power_used``,
    ``territory`` (the Fremen worm).
    """

    action: Literal["play"] = spec(doc="play: a Treachery card outside a battle plan")
    faction: str = spec(names="faction", doc="the faction playing the card")
    card: str = spec(doc="the card's name (a Treachery card)")
    as_karama: bool = spec(False, doc="dreamrules: a worthless card played as the faction's Fate / Karama")
    karama_use: str | None = spec(
        None,
        doc="which use of Karama: cancel (with the card key cancels: the advantage stopped) or power (the "
        "faction's special Karama power); dreamrules: also the Fate",
    )
    card_keys: dict[str, Any] = spec({}, open=True, doc="the card's own keys, as written")


@dataclass
class Voice:
    """A Bene Gesserit Voice instruction to one side (gf9:259, 365): a category or an exact card name."""

    play: str | None = spec(
        None,
        doc="poison weapon, projectile weapon, poison defense, Shield, lasgun, Worthless Card, Cheap Hero, "
        "or a card's name; dreamrules: also Mercenaries and its cards by name (Weirding Way, Chemistry, Break "
        "Conditioning), never a Cheap Hero (dreamrules:1152)",
    )
    not_play: str | None = spec(None, doc="the same choices, as an instruction not to play it")


@dataclass
class Prescience:
    """Atreides' Prescience question about one element of this side's plan, and its answer (gf9:261, 265)."""

    element: Literal["leader", "weapon", "defense", "dial"] = spec(doc="the element asked about")
    answer: float | str | None = spec(None, doc="a leader's name, Cheap Hero or none; a card's name or none; a number")
    mercenaries: bool | None = spec(
        None,
        doc="dreamrules, a dial answer: whether the plan plays Mercenaries, which the answer discloses with the dial "
        "(dreamrules:744, 1046); not given: not said",
    )


@dataclass
class BattlePlan:
    """One side's battle plan (the battle wheel and the cards beside it)."""

    leader: str | None = spec(None, doc="a leader's name (gf9-components.yaml, or factions.X.leaders)")
    cheap_hero: bool | str | None = spec(None, doc="true, or the card: Cheap Hero / Cheap Heroine")
    dial: float | None = spec(None, min=0, max=MAX_FORCES, doc="the number dialed (Advanced: halves allowed)")
    spice: int = spec(0, min=0, max=MAX_SPICE, doc="Advanced: spice committed to support forces")
    weapon: str | None = spec(None, doc="a Treachery card name")
    defense: str | None = spec(None, doc="a Treachery card name")
    kwisatz_haderach: bool = spec(False, doc="Atreides: the Kwisatz Haderach accompanies the leader")
    mercenaries: bool | int | None = spec(
        None, min=0, max=MAX_FORCES, doc="dreamrules: true (a Mercenaries card, dreamrules:740); not a GF9 rule"
    )
    traitor: bool = spec(False, doc="calls traitor on the opposing leader")
    voice: Voice | None = spec(None, doc="the Voice instruction this side received (gf9:259, 365)")
    prescience: Prescience | None = spec(None, doc="the Prescience question put to this side (gf9:261)")
    break_conditioning: bool = spec(
        False, doc="dreamrules: Break Conditioning is played with the plan", rulesets=DREAMRULES
    )
    retreat: bool = spec(
        False, doc="dreamrules: the Guild retreats from this battle (dreamrules:506)", rulesets=DREAMRULES
    )

    def __post_init__(self) -> None:
        if isinstance(self.mercenaries, bool):  # true: one Mercenaries card (dreamrules:740 allows one a plan)
            self.mercenaries = int(self.mercenaries)

    @property
    def cards(self) -> list[str]:
        out = [c for c in (self.weapon, self.defense) if c]
        if self.cheap_hero:
            out.insert(0, self.cheap_hero if isinstance(self.cheap_hero, str) else "Cheap Hero")
        return out


@dataclass
class BattleKarama:
    """gf9: a Karama played in this battle before the plans are revealed, stopping one use of an advantage
    (gf9:463, 479)."""

    faction: str = spec(names="faction", doc="the faction playing it (a nonparticipant may: gf9:155)")
    cancels: str = spec(
        doc="the advantage it stops: prescience, kwisatz-haderach, voice, fedaykin, no-spice-battle, sardaukar, "
        "ally-traitor (Harkonnen's call for its ally), worthless-as-karama, or traitor; what gf9:469, 471 say "
        "Karama cannot stop (special-victory, prediction, hand-limit, harkonnen-traitor, a card's name, "
        "karama-power) is refused by the rules"
    )
    card: str = spec(
        "Karama",
        doc="the card played as the Karama: Karama, or (Advanced Bene Gesserit) a Worthless Card (gf9:373, 459)",
    )


@dataclass
class BattleMove:
    """One battle: two factions in a territory, and their plans."""

    action: Literal["battle"] = spec(doc="battle: two factions' plans in one territory")
    territory: str = spec(names="territory", doc="where the battle is fought")
    aggressor: str = spec(names="faction", doc="the faction whose battle it is (wins ties)")
    plans: dict[str, BattlePlan] = spec({}, key_names="faction", doc="FACTION -> plan (two factions)")
    sector: int | None = spec(
        None,
        min=1,
        max=18,
        doc="where the storm splits the territory and both factions have forces on each side of it: a sector of the "
        "part the battle is fought in (the forces the storm separates from it are not in it, gf9:249)",
    )
    karama: list[BattleKarama] = spec(
        [],
        doc="gf9: Karama cards played in this battle before the plans are revealed, each stopping one use of a "
        "faction advantage (gf9:463-483); dreamrules and conquest have no such key",
    )


@dataclass
class BlowMove:
    """A Spice Card turned over in the Spice Blow and Nexus phase (checker/arrakis/kinds/blow.py)."""

    action: Literal["blow"] = spec(doc="blow: the top card of the Spice Deck is turned over")
    card: str = spec(doc="the card: a territory card by its territory's name, or shai-hulud")
    pile: Literal["a", "b"] | None = spec(
        None, doc="Advanced: the discard pile, A or B, the card is drawn for (gf9:109)"
    )
    previous: str | None = spec(
        None,
        doc="the card previously on top of that discard pile: a territory, or shai-hulud; asked for when a "
        "Shai-Hulud devours (gf9:113)",
    )
    fremen_protects: bool | None = spec(
        None, doc="Fremen protects its ally from this Shai-Hulud (gf9:119); asked only when its ally has forces there"
    )
    karama_cancels: list[Literal["worm-immunity", "ally-worm-protection"]] = spec(
        [],
        doc="gf9: the Fremen advantages a Karama stopped for this Shai-Hulud (gf9:401: 'unless an applicable "
        "cancellation removes that protection'): worm-immunity (its own forces), ally-worm-protection (its ally's)",
    )

    def __post_init__(self) -> None:
        self.card = spice_card(self.card, "move.card")
        if self.previous is not None:
            self.previous = spice_card(self.previous, "move.previous")


@dataclass
class BuyMove:
    """Conquest: a market card bought for 2 spice (conquest:25) (checker/arrakis/kinds/conquest.py)."""

    action: Literal["buy"] = spec(doc="buy: a market card bought (conquest)", rulesets=CONQUEST)
    faction: str = spec(names="faction", doc="the faction buying")
    card: Literal["market"] = spec("market", doc="the card bought: market")


@dataclass
class SpiceBlowMove:
    """Conquest: the spice card turned over in the Storm and spice step (conquest:21)."""

    action: Literal["spice-blow"] = spec(doc="spice-blow: a spice card turned over (conquest)", rulesets=CONQUEST)
    card: str = spec(doc="sandworm, or the territory the spice card names")
    previous_card_territories: list[str] = spec(
        [], names="territory", doc="the territories of the previous spice card (what a sandworm strikes)"
    )

    def __post_init__(self) -> None:
        folded = _fold(self.card).replace(" ", "-")
        if folded in ("sandworm", "shai-hulud", "worm", "sandworm-card"):
            self.card = "sandworm"
        else:
            self.card = _territory(self.card, "move.card")


# -- dreamrules moves (checker/arrakis/kinds/unencoded.py answers those no chapter has a kind for yet) --


@dataclass
class ThumperMove:
    """dreamrules: Fremen discards a Thumper to call a riding worm (dreamrules:268)."""

    action: Literal["thumper"] = spec(
        doc="thumper: Fremen calls a riding worm with a Thumper (dreamrules)", rulesets=DREAMRULES
    )
    faction: str = spec(names="faction", doc="the faction using the Thumper")
    territory: str = spec(names="territory", doc="where the worm is called")
    sector: int | None = spec(None, min=1, max=18, doc="the sector, where the territory has several")


@dataclass
class WormMove:
    """dreamrules: a drawn Shai-Hulud and where it strikes."""

    action: Literal["worm"] = spec(doc="worm: a drawn Shai-Hulud strikes a territory (dreamrules)", rulesets=DREAMRULES)
    territory: str = spec(names="territory", doc="where the worm strikes")
    sector: int | None = spec(None, min=1, max=18, doc="the sector, where the territory has several")


@dataclass
class TechnologyMove:
    """dreamrules: Ixian Technology replaces the card up for bid with one from the hand (dreamrules:1218)."""

    action: Literal["technology"] = spec(
        doc="technology: Ixians swap the auction card for one of theirs", rulesets=DREAMRULES
    )
    faction: str = spec(names="faction", doc="the faction using Technology")
    card: str = spec(doc="the Treachery card from its hand put up for bid")
    takes: str | None = spec(
        None, doc="the card taken off the auction into its hand, where a game record names it (the Ixians see it)"
    )


@dataclass
class InterjectMove:
    """dreamrules: the Guild's interjection in the Shipment and Movement order (dreamrules:1102)."""

    action: Literal["interject"] = spec(
        doc="interject: the Guild changes its place in the order (dreamrules)", rulesets=DREAMRULES
    )
    faction: str = spec(names="faction", doc="the faction interjecting")
    choice: Literal["first", "last", "between", "swap", "take-position"] = spec(
        doc="first, last, between, swap, or take-position"
    )
    target: str | None = spec(None, names="faction", doc="the other faction (between, swap, take-position)")


@dataclass
class MoveSurveyorMove:
    """dreamrules: the Ixians move the Hidden Mobile Surveyor (dreamrules:552)."""

    action: Literal["move-surveyor"] = spec(
        doc="move-surveyor: the Hidden Mobile Surveyor moves (dreamrules)", rulesets=DREAMRULES
    )
    faction: str = spec(names="faction", doc="the faction moving it")
    to: str = spec(names="territory", doc="the destination territory")
    from_: str | None = spec(
        None, names="territory", aliases=("from",), doc="where it stands (default: the position's)"
    )
    via: list[str] = spec([], names="territory", doc="territories entered on the way, in order")


@dataclass
class RetreatMove:
    """dreamrules: the Guild's Retreat from a battle (dreamrules:506, 1104)."""

    action: Literal["retreat"] = spec(
        doc="retreat: the Guild retreats troops to reserves (dreamrules)", rulesets=DREAMRULES
    )
    faction: str = spec(names="faction", doc="the faction retreating")
    territory: str = spec(names="territory", doc="the battle's territory")


@dataclass
class TakeTechTokenMove:
    """dreamrules: a battle's winner takes a tech token from the unused pool (dreamrules:654)."""

    action: Literal["take-tech-token"] = spec(
        doc="take-tech-token: a winner takes a tech token (dreamrules)", rulesets=DREAMRULES
    )
    faction: str = spec(names="faction", doc="the faction taking it")
    token: str | None = spec(None, doc="the token drawn from the unused pool, where a game record names it (chance)")


@dataclass
class SpiteMove:
    """dreamrules: Harkonnen's Vladimir's Spite swaps played cards (dreamrules:1068)."""

    action: Literal["spite"] = spec(
        doc="spite: Harkonnen swaps played Treachery cards (dreamrules)", rulesets=DREAMRULES
    )
    faction: str = spec(names="faction", doc="the faction using Spite")
    give: str | None = spec(None, doc="the played card it gives")
    take: str | None = spec(None, doc="the played card it takes")


DEAL_TERMS = Literal[
    "information", "card-information", "action", "spice", "end-infiltration", "transfer", "faction-power"
]


@dataclass
class DealMove:
    """dreamrules: a binding deal between factions, its terms stated aloud (dreamrules:590-598)."""

    action: Literal["deal"] = spec(doc="deal: factions make a binding deal (dreamrules)")
    factions: list[str] = spec(names="faction", doc="the factions making the deal")
    terms: list[DEAL_TERMS] | None = spec(
        None,
        doc="what the deal promises: information, card-information (about a card up for bid), action (a legal "
        "future action), spice (a payment), end-infiltration (Bene Tleilax ends a named Face Dancer Infiltration), "
        "transfer (cards, leaders or troops), faction-power (a faction power given away); dreamrules:596, 598, 628",
    )


@dataclass
class NoteMove:
    """dreamrules: a faction keeps written notes (dreamrules:192)."""

    action: Literal["note"] = spec(doc="note: a faction keeps written notes (dreamrules)")
    faction: str = spec(names="faction", doc="the faction writing")
    about: Literal["treachery-cards", "deal"] = spec(
        doc="what it records: treachery-cards (the Treachery Cards seen or played), or deal (a public deal's terms, "
        "council question #1850)"
    )


def spice_card(value: str, key: str) -> str:
    """A Spice Card's name: ``shai-hulud``, or a territory with a spice-blow sector (its territory card)."""
    if _fold(value).replace(" ", "-") in ("shai-hulud", "shai-hulud-card", "sandworm"):
        return "shai-hulud"
    board = gf9_board()
    cards = [t for t in board.names if board[t].spice_blow is not None]
    try:
        return territory_name(value, cards, key)
    except InputError:
        what = "shai-hulud, or a territory with a spice-blow sector (a territory card)"
        raise InputError(key, what, value, nearest(str(value), [*cards, "shai-hulud"])) from None


DreamrulesMove = (
    ThumperMove
    | WormMove
    | TechnologyMove
    | InterjectMove
    | MoveSurveyorMove
    | RetreatMove
    | TakeTechTokenMove
    | SpiteMove
    | DealMove
    | NoteMove
)
UnencodedMove = ReviveMove | BidMove | CharityMove | CollectMove | PlayMove
# Moves that had no kind of their own; the unencoded kind answers those whose action has none yet.
UNENCODED_MOVES = (
    ReviveMove,
    BidMove,
    CharityMove,
    CollectMove,
    PlayMove,
    ThumperMove,
    WormMove,
    TechnologyMove,
    InterjectMove,
    MoveSurveyorMove,
    RetreatMove,
    TakeTechTokenMove,
    SpiteMove,
)
Move = (
    ShipMove
    | MoveMove
    | StormMove
    | BattleMove
    | BlowMove
    | UnencodedMove
    | AllyMove
    | BribeMove
    | GiveMove
    | BuyMove
    | SpiceBlowMove
    | NextPhaseMove
    | DreamrulesMove
)
MOVES: dict[str, type] = {
    "ship": ShipMove,
    "move": MoveMove,
    "revive": ReviveMove,
    "bid": BidMove,
    "charity": CharityMove,
    "storm": StormMove,
    "battle": BattleMove,
    "collect": CollectMove,
    "play": PlayMove,
    "blow": BlowMove,
    "ally": AllyMove,
    "bribe": BribeMove,
    "give": GiveMove,
    "buy": BuyMove,
    "spice-blow": SpiceBlowMove,
    "thumper": ThumperMove,
    "worm": WormMove,
    "technology": TechnologyMove,
    "interject": InterjectMove,
    "move-surveyor": MoveSurveyorMove,
    "retreat": RetreatMove,
    "take-tech-token": TakeTechTokenMove,
    "spite": SpiteMove,
    "deal": DealMove,
    "note": NoteMove,
    "next-phase": NextPhaseMove,
}
ACTIONS = tuple(MOVES)


def actions_of(ruleset: str | None) -> tuple[str, ...]:
    """The moves a ruleset's positions have (a move another ruleset's alone has, ``spec(rulesets=...)``, left out);
    every move where the ruleset is not known."""
    if ruleset is None:
        return ACTIONS
    out = []
    for action, cls in MOVES.items():
        only = next((f.metadata.get("rulesets") for f in dataclasses.fields(cls) if f.name == "action"), None)
        if not only or ruleset in only:
            out.append(action)
    return tuple(out)


@dataclass
class Position:
    """A described game situation, optionally with one proposed move."""

    ruleset: Ruleset = spec(doc="the rules the position is judged by")
    advanced: bool = spec(
        False, doc="the Advanced game (gf9); dreamrules is always the Advanced game (dreamrules:17): read as true"
    )
    players: int | None = spec(None, min=1, max=10, doc="default: number of factions listed")
    turn: int | None = spec(None, min=1, max=10, doc="the game turn")
    phase: Phase | None = spec(None, doc="the phase of the turn")
    this_phase: list[str] | None = spec(
        None,
        doc="Mentat's extension, written by a game record: what the phase has seen so far: storm (the storm moved, "
        "or was placed on turn one), blow (a spice blow resolved on a territory card; blow-a, blow-b: on pile A or "
        "B in the Advanced game), card-sold (a card of the auction won), collected: TERRITORY (a faction collected "
        "spice there), shipped: FACTION, moved: FACTION (its Shipment and Movement turn), passed: FACTION (it passed "
        "on the card up for bid); not given: not known",
    )
    cards_dealt: int | None = spec(
        None,
        min=0,
        max=MAX_FORCES,
        doc="Mentat's extension, written by a game record: the Treachery Cards dealt for this Bidding phase's "
        "auction (overview:49: one per eligible bidder); not given: not known",
    )
    storm: int | None = spec(None, min=1, max=18, doc="sector under the storm")
    shield_wall: Literal["standing", "destroyed"] | None = spec(
        None, doc="standing, or destroyed by Family Atomics; asked for when the storm reaches what it shelters"
    )
    shield_wall_markers: int | None = spec(
        None, min=0, max=MAX_FORCES, doc="dreamrules: markers on the Shield Wall (dreamrules:276)", rulesets=DREAMRULES
    )
    hidden_mobile_surveyor: SurveyorPlace | None = spec(
        None, doc="dreamrules: where the Ixians' Hidden Mobile Surveyor stands", rulesets=DREAMRULES
    )
    spice_mines: list[SpiceMine] = spec([], doc="dreamrules: spice mines on the board", rulesets=DREAMRULES)
    atomics_sietches: list[str] = spec(
        [],
        names="territory",
        doc="dreamrules: sietches Family Atomics opened to the storm (dreamrules:760)",
        rulesets=DREAMRULES,
    )
    nexus_card: int | Literal["blank"] | None = spec(
        None,
        min=1,
        max=7,
        doc="dreamrules: this turn's Nexus card: 1 to 7, or blank (dreamrules:228)",
        rulesets=DREAMRULES,
    )
    current_auction: Auction | None = spec(None, doc="dreamrules: the auction under way", rulesets=DREAMRULES)
    acted_this_phase: list[str] = spec(
        [],
        names="faction",
        doc="dreamrules: factions that finished their Shipment and Movement turn",
        rulesets=DREAMRULES,
    )
    last_battle: LastBattle | None = spec(None, doc="dreamrules: a battle already resolved this phase")
    factions: dict[str, FactionState] = spec({}, key_names="faction", doc="FACTION -> what it holds off the board")
    forces: list[ForceGroup] = spec([], doc="force groups on the board")
    spice: list[SpiceGroup] = spec([], doc="spice on the board")
    alliances: list[list[str]] = spec([], names="faction", doc="pairs of allied factions")
    seats: dict[str, int] = spec(
        {}, key_names="faction", min=1, max=18, doc="faction -> sector of its player circle (18, 3, 6, 9, 12, 15)"
    )
    move: Move | None = spec(None, doc="one proposed move; its 'action' picks the kind")
    board_facts: Any = spec(
        None,
        aliases=("board",),
        doc="conquest: a board file or inline board facts (conquest prints none; the others read the GF9 board)",
        rulesets=CONQUEST,
    )
    title: str | None = spec(None, doc="a one-line summary (cases)")
    notes: str | None = spec(None, doc="free text, ignored")
    expect: dict[str, Any] | None = spec(None, doc="the expected verdict (cases only)")
    # The top-level keys the file gave: "no spice listed" differs from "no 'spice' key at all".
    given: frozenset[str] = dataclasses.field(default=frozenset(), metadata={"internal": True})
    # conquest: the board the position gives (inline or from a file); None when it gives none
    conquest_board: Board | None = dataclasses.field(default=None, metadata={"internal": True})

    # -- the questions rules ask ----------------------------------------
    @property
    def phase_index(self) -> int | None:
        """The phase's place in ``PHASES`` (turn order); None when the position gives no phase."""
        return None if self.phase is None else PHASES.index(self.phase)

    def storm_order(self, faction: str) -> int | None:
        """How many sectors round from the storm, counterclockwise, the faction's player circle lies (the storm's own
        sector last): storm order from First Player (gf9:69). None where the position gives no seat or storm."""
        seat = self.seats.get(faction)
        if seat is None or self.storm is None:
            return None
        return (seat - self.storm - 1) % SECTORS

    @property
    def board(self) -> Board:
        """The board the rules read: the GF9 board for the gf9 family; for conquest, the board the
        position gives (an empty board when it gives none: every board fact is then unknown)."""
        if self.ruleset == "conquest":
            return self.conquest_board or Board({}, adjacency={}, adjacency_known=frozenset())
        return gf9_board()

    @property
    def has_board(self) -> bool:
        """Whether the board's facts are known (always for the gf9 family)."""
        return self.ruleset != "conquest" or self.conquest_board is not None

    @property
    def faction_names(self) -> list[str]:
        seen = list(self.factions)
        for g in self.forces:
            if g.faction not in seen:
                seen.append(g.faction)
        return seen

    def in_game(self, faction: str, *acting: str) -> bool | None:
        """Whether a faction plays: listed (with forces, in an alliance, or ``acting``: the move's), or not when
        every player is listed (None: ``players`` counts more than are listed, or, not given, fewer than two are
        listed: one faction is no game, gf9:21, overview:3, so an unlisted one may be it). Two or more listed without
        ``players`` are taken as the whole game."""
        listed = set(self.faction_names) | {f for pair in self.alliances for f in pair} | set(acting)
        if faction in listed:
            return True
        if self.ruleset == "overview" and self.players == OVERVIEW_SIX and faction in OVERVIEW_FACTIONS:
            return True  # six players, each controlling one of six factions (overview:3): all six play
        if self.players is None:  # one listed faction is no game (gf9:21, overview:3): the others are not known
            return None if len(listed) < 2 else False
        return None if self.players > len(listed) else False

    def groups(self, faction: str | None = None, territory: str | None = None) -> list[ForceGroup]:
        return [
            g
            for g in self.forces
            if (faction is None or g.faction == faction) and (territory is None or g.territory == territory)
        ]

    def stopped(self, faction: str, advantage: str) -> bool:
        """Whether Karama stopped the faction's advantage for the whole phase (``factions.F.suppressed``, names
        folded by the loader); ``advantage`` may be written any way ("Shaddam's Favor", shaddams-favor)."""
        state = self.factions.get(faction)
        want = _plain(advantage)
        return state is not None and any(_plain(a) == want for a in state.suppressed)

    def allies_of(self, faction: str) -> set[str]:
        return {f for pair in self.alliances if faction in pair for f in pair if f != faction}

    def occupants(self, territory: str, *, fighters_only: bool = True) -> set[str]:
        """Factions with forces in a territory; Advanced advisors are not occupants."""
        return {
            g.faction
            for g in self.groups(territory=territory)
            if g.total > 0 and not (fighters_only and g.advisors and self.advanced)
        }


def _load_move(data: Any, key: str = "move", ruleset: str | None = None) -> Any:
    if not isinstance(data, dict):
        raise InputError(key, "a mapping with an 'action'", data)
    action = data.get("action")
    if not isinstance(action, str) or action.strip().lower() not in ACTIONS:
        mine = actions_of(ruleset)  # the moves of the position's ruleset only: another's would not be read
        raise InputError(f"{key}.action", "one of " + ", ".join(mine), action, nearest(str(action), mine))
    action = action.strip().lower()
    move: Any = model.load_record(MOVES[action], {**model.without_note(data, key), "action": action}, key)
    if action in ("ship", "move") and move.total == 0:  # gf9:205 "Send reserves to one territory": none is no move
        given = "count" in data or "special" in data
        raise InputError(
            f"{key}.count",
            f"at least 1 force {'shipped' if action == 'ship' else 'moved'} (count, or special, of 1 or more): "
            f"a {'shipment' if action == 'ship' else 'movement'} of no forces is none (gf9:201: either is optional)",
            data.get("count", 0) if given else None,
        )
    return move


def _check_sectors(pos: Position) -> None:
    board = pos.board

    def sector_ok(territory: str, sector: int | None, key: str) -> None:
        if territory not in board.territories:  # conquest with no board: nothing to check against
            return
        t = board[territory]
        if sector is not None and t.sectors and sector not in t.sectors:
            raise InputError(key, f"a sector of {territory} ({', '.join(map(str, t.sectors))})", sector)
        if sector is not None and t.is_polar_sink:
            raise InputError(key, "no sector: the Polar Sink lies in none", sector)

    for i, g in enumerate(pos.forces):
        sector_ok(g.territory, g.sector, f"forces[{i}].sector")
    if pos.hidden_mobile_surveyor is not None:
        here = pos.hidden_mobile_surveyor
        sector_ok(here.territory, here.sector, "hidden_mobile_surveyor.sector")
    for i, mine in enumerate(pos.spice_mines):
        sector_ok(mine.territory, mine.sector, f"spice_mines[{i}].sector")
    if isinstance(pos.move, (ThumperMove, WormMove)):
        sector_ok(pos.move.territory, pos.move.sector, "move.sector")
    for i, s in enumerate(pos.spice):
        sector_ok(s.territory, s.sector, f"spice[{i}].sector")
    m = pos.move
    if isinstance(m, ShipMove) and m.to != "reserves":
        sector_ok(m.to, m.sector, "move.sector")
    if isinstance(m, (ShipMove, MoveMove)) and m.from_ is not None:
        sector_ok(m.from_, m.from_sector, "move.from_sector")
    if isinstance(m, MoveMove):
        sector_ok(m.to, m.sector, "move.sector")
    if isinstance(m, CollectMove):
        sector_ok(m.territory, m.sector, "move.sector")
    # An alliance of three or more is a position answer (gf9:131 caps it at two), not an input error;
    # one faction listed twice, or alone, describes no alliance at all.
    for i, group in enumerate(pos.alliances):
        if len(group) < 2 or len(set(group)) != len(group):
            raise InputError(f"alliances[{i}]", "a list of two (or more) different factions", group)


@cache
def components() -> dict[str, Any]:
    """GF9 components: leaders by faction, the Treachery deck (constraints/data/gf9-components.yaml)."""
    from checker.arrakis.board import DATA
    from checker.yamlio import load_data

    data: dict[str, Any] = load_data(DATA / "gf9-components.yaml")
    return data


def card_names() -> dict[str, str]:
    """Folded name -> canonical name of every card in the Treachery deck."""
    out: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, str):
            out[node.lower()] = node

    walk(components()["treachery_deck"])
    return out


# The factions whose leaders GF9 does not print but the Ixians & Tleilaxu expansion does
# (gf9-components.yaml, expansion_leaders), and the rulesets that play them (dreamrules' eight factions).
EXPANSION_RULESETS = ("dreamrules",)


def printed_leaders(ruleset: str | None) -> dict[str, dict[str, int | None]]:
    """Faction -> its printed leaders and their strengths: GF9's, and under a ruleset with the Ixians and Bene
    Tleilax the expansion's (None where the strength varies: Zoal's)."""
    data = components()
    out: dict[str, dict[str, int | None]] = {f: dict(ls) for f, ls in data["leaders"].items()}
    if ruleset in EXPANSION_RULESETS:
        for f, ls in data["expansion_leaders"].items():
            out[f] = {n: v if isinstance(v, int) else None for n, v in ls.items()}
    return out


def faction_leaders(pos: Position, faction: str) -> dict[str, int | None]:
    """A faction's leaders and strengths: its printed ones with the position's ``leaders`` map over them. For a
    faction GF9 prints no leaders for (the expansion's Ixians and Bene Tleilax), a ``leaders`` map the position
    gives is the faction's whole roster, as it was before the expansion's leaders were known."""
    state = pos.factions.get(faction)
    own: dict[str, int | None] = dict(state.leaders) if state else {}
    if own and faction not in components()["leaders"]:
        return own
    return {**printed_leaders(pos.ruleset).get(faction, {}), **own}


def leader_names(pos: Position) -> dict[str, str]:
    """Folded leader name -> canonical name: the printed leaders (the expansion's where the ruleset has its
    factions) plus each faction's ``leaders`` map.

    Only these: a name in the position's own lists (``leaders_in_tanks``, ``traitors``...) is
    checked against them, never taken as a new leader.
    """
    return dict(_leader_names(pos.ruleset, tuple(n for state in pos.factions.values() for n in state.leaders)))


@cache
def _leader_names(ruleset: str, own: tuple[str, ...]) -> dict[str, str]:
    # built once per ruleset and roster: a battle check reads it for each side
    out = {_fold(n): n for leaders in printed_leaders(ruleset).values() for n in leaders}
    out.update({_fold(n): n for n in own})
    return out


# Rulesets whose names (leaders, Treachery cards) are the GF9 components' (conquest and dice
# positions are read apart and answered unresolved). Dreamrules may add leaders (a faction's
# ``leaders`` map) and plays a deck with the cards constraints/data/dreamrules-cards.yaml lists (what
# dreamrules:128 adds, the cards its card chapter prints, and the Supplies cache of dreamrules:746).
NAMED_RULESETS = ("gf9", "overview", "dreamrules")


@cache
def dreamrules_cards() -> tuple[str, ...]:
    """The card names a dreamrules position may name besides the GF9 deck's (constraints/data/dreamrules-cards.yaml)."""
    from checker.arrakis.board import DATA
    from checker.yamlio import load_data

    data: dict[str, Any] = load_data(DATA / "dreamrules-cards.yaml")
    return tuple(str(c) for part in ("adds", "named", "supplies_cache") for c in data[part])


def known_cards(ruleset: str) -> dict[str, str]:
    """Folded card name -> canonical name of the cards a ruleset's positions may name."""
    out = {_fold(n): n for n in card_names().values()}
    if ruleset == "dreamrules":
        out.update({_fold(n): n for n in dreamrules_cards()})
    return out


def _fold(name: str) -> str:
    return " ".join(name.strip().lower().split())


def _name(value: str, names: dict[str, str], key: str, what: str) -> str:
    folded = _fold(value)
    if folded in names:
        return names[folded]
    raise InputError(key, what, value, nearest(value, sorted(set(names.values()))))


def check_move(pos: Position) -> None:
    """The checks of a position's move that need the whole position (sectors are checked at load)."""
    check_names(pos)
    _check_tokens(pos)
    if isinstance(pos.move, BattleMove):
        _check_battle(pos)


def check_names(pos: Position) -> None:
    """Every leader and card name, wherever it appears, is one the ruleset knows (else exit 2)."""
    if pos.ruleset not in NAMED_RULESETS:
        return
    leaders = leader_names(pos)
    leader, card = "a leader's name (a printed one, or one of a factions.X.leaders map)", "a Treachery card"
    cards = known_cards(pos.ruleset)  # a ruleset with no battle rules answers before the battle kind reads them
    for fname, state in pos.factions.items():
        key = f"factions.{fname}"
        state.leaders_in_tanks = [
            _name(n, leaders, f"{key}.leaders_in_tanks[{i}]", leader) for i, n in enumerate(state.leaders_in_tanks)
        ]
        if state.leaders_face_down is not None:
            state.leaders_face_down = [
                _name(n, leaders, f"{key}.leaders_face_down[{i}]", leader)
                for i, n in enumerate(state.leaders_face_down)
            ]
            for i, n in enumerate(state.leaders_face_down):
                if n not in state.leaders_in_tanks:
                    raise InputError(
                        f"{key}.leaders_face_down[{i}]",
                        f"one of {fname}'s leaders_in_tanks (a leader lies face down in the Tanks)",
                        n,
                        sorted(set(state.leaders_in_tanks)),
                    )
        state.traitors = [_name(n, leaders, f"{key}.traitors[{i}]", leader) for i, n in enumerate(state.traitors)]
        if state.captured_leaders is not None:
            state.captured_leaders = [
                _name(n, leaders, f"{key}.captured_leaders[{i}]", leader) for i, n in enumerate(state.captured_leaders)
            ]
        state.leaders_used_this_phase = {
            _name(n, leaders, f"{key}.leaders_used_this_phase.{n}", leader): t
            for n, t in state.leaders_used_this_phase.items()
        }
        if isinstance(state.hand, list):
            state.hand = [_name(c, cards, f"{key}.hand[{i}]", card) for i, c in enumerate(state.hand)]
        state.leaders_killed_this_phase = {
            _name(n, leaders, f"{key}.leaders_killed_this_phase.{n}", leader): t
            for n, t in state.leaders_killed_this_phase.items()
        }
        state.ghola_revived = [
            _name(n, leaders, f"{key}.ghola_revived[{i}]", leader) for i, n in enumerate(state.ghola_revived)
        ]
        if state.fate_indicator is not None:
            state.fate_indicator = _name(state.fate_indicator, cards, f"{key}.fate_indicator", card)
    if pos.last_battle is not None:
        lb = pos.last_battle
        lb.leaders_killed = [
            _name(n, leaders, f"last_battle.leaders_killed[{i}]", leader) for i, n in enumerate(lb.leaders_killed)
        ]
        for field in ("cards_played", "fanatical_tactics"):
            played: dict[str, list[str]] = getattr(lb, field)
            for fname, names in played.items():
                played[fname] = [
                    _name(c, cards, f"last_battle.{field}.{fname}[{i}]", card) for i, c in enumerate(names)
                ]
    m = pos.move
    if isinstance(m, BattleMove):
        deck = cards
        for fname, plan in m.plans.items():
            key = f"move.plans.{fname}"
            if plan.leader is not None:
                plan.leader = _name(plan.leader, leaders, f"{key}.leader", leader)
            for slot in ("weapon", "defense"):
                value = getattr(plan, slot)
                if value is not None:
                    setattr(plan, slot, _name(value, deck, f"{key}.{slot}", card))
            if isinstance(plan.cheap_hero, str):
                value = _name(plan.cheap_hero, deck, f"{key}.cheap_hero", "Cheap Hero or Cheap Heroine")
                if value not in ("Cheap Hero", "Cheap Heroine"):
                    raise InputError(f"{key}.cheap_hero", "true, Cheap Hero or Cheap Heroine", plan.cheap_hero)
                plan.cheap_hero = value
        if m.karama:
            from checker.arrakis.kinds.play import karama_target  # a module a battle without Karama need not import

        for i, k in enumerate(m.karama):
            k.card = _name(k.card, deck, f"move.karama[{i}].card", card)
            k.cancels = karama_target(k.cancels, f"move.karama[{i}].cancels")
    elif isinstance(m, ReviveMove):
        if m.leader is not None:
            m.leader = _name(m.leader, leaders, "move.leader", leader)
        if m.card is not None:
            m.card = _name(m.card, cards, "move.card", card)
    elif isinstance(m, (PlayMove, TechnologyMove)):
        m.card = _name(m.card, cards, "move.card", card)
    elif isinstance(m, SpiteMove):
        if m.give is not None:
            m.give = _name(m.give, cards, "move.give", card)
        if m.take is not None:
            m.take = _name(m.take, cards, "move.take", card)


def _check_tokens(pos: Position) -> None:
    """Who may hold the Kwisatz Haderach and captives: Atreides its token (gf9:347), Harkonnen other factions'
    leaders, each in one place (gf9:427): not its own, not in the Tanks, held once."""
    printed = printed_leaders(pos.ruleset)
    in_tanks = {n for state in pos.factions.values() for n in state.leaders_in_tanks}
    for fname, state in pos.factions.items():
        key = f"factions.{fname}"
        if state.kwisatz_haderach_in_tanks is not None and fname != "atreides":
            raise InputError(
                f"{key}.kwisatz_haderach_in_tanks",
                "a key of factions.atreides: the Kwisatz Haderach is an Atreides token (gf9:197, 347)",
                fname,
                ["atreides"],
            )
        if state.captured_leaders is None:
            continue
        if fname != "harkonnen":
            raise InputError(
                f"{key}.captured_leaders",
                "a key of factions.harkonnen: Harkonnen holds captured leaders (gf9:427)",
                fname,
                ["harkonnen"],
            )
        own = set(printed.get(fname, {})) | set(state.leaders)
        for i, n in enumerate(state.captured_leaders):
            where = f"{key}.captured_leaders[{i}]"
            if n in own:
                raise InputError(where, "another faction's leader (a captive is not Harkonnen's own)", n)
            if n in in_tanks:
                raise InputError(where, "a leader not in the Tanks (a leader is captive or dead, not both)", n)
            if n in state.captured_leaders[:i]:
                raise InputError(where, "each captive named once", n)


def _check_battle(pos: Position) -> None:
    m = pos.move
    assert isinstance(m, BattleMove)
    if len(m.plans) != 2:
        raise InputError("move.plans", "the plans of exactly two factions", sorted(m.plans))
    if m.aggressor not in m.plans:
        raise InputError("move.aggressor", "one of the two factions with a plan", m.aggressor, sorted(m.plans))
    for fname, plan in m.plans.items():
        if plan.dial is not None and (plan.dial * 2) != int(plan.dial * 2):
            raise InputError(f"move.plans.{fname}.dial", "a whole number, or a half in the Advanced game", plan.dial)


def load_position(data: Any, file: str | None = None) -> Position:
    """Build a :class:`Position` from parsed YAML, or raise one clear InputError."""
    try:
        if not isinstance(data, dict):
            raise InputError(
                "", "a mapping of position keys (ruleset, factions, forces, move, ...)", type(data).__name__
            )
        if "ruleset" not in data:
            raise InputError("ruleset", "one of " + ", ".join(get_args(Ruleset)))
        body = dict(data)
        ruleset = model.convert(Ruleset, body["ruleset"], "ruleset")
        foreign = foreign_keys(body, ruleset)
        if foreign:
            raise foreign_error(foreign[0], ruleset)
        board: Board | None = None
        names: list[str] | None = None
        if ruleset == "conquest":
            raw = body.get("board")
            board = None if raw is None else load_board(raw, file)
            # a board file is the whole board; inline facts give only what a question needs, so a GF9 board
            # name they leave out is a territory whose facts are unknown (asked for where a rule needs them)
            names = (
                FREE
                if board is None
                else board.names
                if isinstance(raw, str)
                else [*board.names, *(n for n in gf9_board().names if n not in board.territories)]
            )
        token = _TERRITORIES.set(names)
        try:
            move = body.pop("move", None)
            pos = model.load_record(Position, body)
            pos.given = frozenset(str(k) for k in data)
            pos.conquest_board = board
            if move is not None:
                pos.move = _load_move(move, ruleset=ruleset)
        finally:
            _TERRITORIES.reset(token)
        check_ruleset_names(pos)
        _check_dreamrules_keys(pos)
        _check_sectors(pos)
        _check_history(pos)
        check_move(pos)
        return pos
    except InputError as err:
        err.file = file
        raise


def _check_history(pos: Position) -> None:
    """The phase's history (``this_phase``): each entry one of its words, or a named one ("shipped: atreides")."""
    named = ("collected", "shipped", "moved", "passed")  # checker/arrakis/history.py
    for i, event in enumerate(pos.this_phase or ()):
        word, colon, name = event.partition(":")
        if event in PHASE_EVENTS or (colon and word in named and name.strip()):
            continue
        expected = f"one of {', '.join(PHASE_EVENTS)}, or {', '.join(f'{w}: NAME' for w in named)}"
        raise InputError(f"this_phase[{i}]", expected, event)


def foreign_keys(data: dict[str, Any], ruleset: str) -> list[model.Foreign]:
    """The keys and moves of a position's data that only other rulesets' positions have (``spec(rulesets=...)``)."""
    return model.foreign_keys(Position, data, ruleset)


def foreign_error(found: model.Foreign, ruleset: str) -> InputError:
    """A key (or move) of another ruleset: one message naming the rulesets that have it."""
    owners = found.owners
    if found.name == "action":
        what = f"a move {ruleset} has ('{found.value}' is a move of {owners} only)"
    else:
        what = f"a key {ruleset} positions have ('{found.name}' is a key of {owners} positions only)"
        if found.instead:
            what += f"; {ruleset} says it as '{found.instead}'"
    hints = ([found.instead] if found.instead else []) + [f"ruleset: {r}" for r in found.rulesets]
    return InputError(found.key, what, None, hints)


@functools.cache
def _board_file(path: str, _mtime: int) -> Any:
    """A board file's parsed YAML, once per process and version of the file (a search reads it often)."""
    from checker.yamlio import parse_yaml

    return parse_yaml(Path(path).read_text(encoding="utf-8"))


def load_board(raw: Any, file: str | None) -> Board:
    """A conquest position's board: a file in the project's board format (relative to the position
    file), or inline facts ``{TERRITORY: {kind, sectors, adjacent}}``."""
    if isinstance(raw, str):
        from checker.arrakis import GF9_BOARD
        from checker.yamlio import refuse_file

        if raw != str(GF9_BOARD):  # the project's own board (a position carried to conquest keeps it) is no secret
            refuse_file("board", raw, "inline board facts, a mapping TERRITORY -> {kind, sectors, adjacent}")
        where = Path(raw)
        if not where.is_absolute() and file:
            where = Path(file).resolve().parent / where
        try:
            data = _board_file(str(where.resolve()), where.stat().st_mtime_ns)
        except (OSError, UnicodeDecodeError) as err:
            raise InputError("board", "a readable board file (relative to the position file)", raw) from err
        except Exception:  # a YAML error
            raise InputError("board", "a board file in valid YAML", raw) from None
        if not isinstance(data, dict) or not isinstance(data.get("territories"), dict):
            raise InputError("board", "a board file in the project's format (a 'territories' mapping)", raw)
        try:
            return board_from_data(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise InputError(
                "board", "a board file in the format of constraints/data/arrakis-board.yaml", raw
            ) from None
    if not isinstance(raw, dict) or not raw:
        raise InputError("board", "a board file's path, or a mapping TERRITORY -> {kind, sectors, adjacent}", raw)
    names = [" ".join(str(k).split()) for k in raw]
    facts: dict[str, dict[str, object]] = {}
    for name, (key, t) in zip(names, raw.items(), strict=True):
        here = f"board.{key}"
        if t is None:
            t = {}
        if not isinstance(t, dict):
            raise InputError(here, "a mapping of kind, sectors, adjacent", t)
        extra = sorted(set(map(str, t)) - {"kind", "sectors", "adjacent"})
        if extra:
            raise InputError(f"{here}.{extra[0]}", "one of the keys kind, sectors, adjacent", None)
        kind = t.get("kind")
        if kind is not None and kind not in TERRITORY_KINDS:
            raise InputError(
                f"{here}.kind", "one of " + ", ".join(TERRITORY_KINDS), kind, nearest(str(kind), TERRITORY_KINDS)
            )
        sectors = t.get("sectors")
        if sectors is not None:
            sectors = model.convert(list[int], sectors, f"{here}.sectors", {"min": 1, "max": 18})
        adjacent = t.get("adjacent")
        if adjacent is not None:
            if not isinstance(adjacent, list):
                raise InputError(f"{here}.adjacent", "a list of territories of the board", adjacent)
            adjacent = [territory_name(a, names, f"{here}.adjacent[{i}]") for i, a in enumerate(adjacent)]
        facts[name] = {"kind": kind, "sectors": sectors, "adjacent": adjacent}
    return board_from_inline(facts)


def _faction_refs(obj: Any, key: str) -> list[tuple[str, str]]:
    """(key, faction) for every faction a loaded record names, as a key or as a value."""
    out: list[tuple[str, str]] = []
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return out
    for f in dataclasses.fields(obj):
        if f.metadata.get("internal") or f.metadata.get("open"):
            continue
        value = getattr(obj, f.name)
        where = f"{key}.{f.name.rstrip('_')}" if key else f.name.rstrip("_")
        if f.metadata.get("key_names") == "faction" and isinstance(value, dict):
            out += [(f"{where}.{k}", k) for k in value]
        if f.metadata.get("names") == "faction":
            if isinstance(value, str):
                out.append((where, value))
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    if isinstance(v, list):
                        out += [(f"{where}[{i}][{j}]", x) for j, x in enumerate(v)]
                    else:
                        out.append((f"{where}[{i}]", v))
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for k, v in items:
            out += _faction_refs(v, f"{where}.{k}" if isinstance(value, dict) else f"{where}[{k}]")
        out += _faction_refs(value, where)
    return out


def _no_battle_karama(pos: Position, instead: str) -> None:
    """``move.karama`` (a battle) and ``move.karama_cancels`` (a blow) are gf9's keys (gf9:401, 463-483): under a
    ruleset with no such key they are an input error naming the ruleset that has them, never silently ignored."""
    m = pos.move
    key = (
        "move.karama"
        if isinstance(m, BattleMove) and m.karama
        else "move.karama_cancels"
        if isinstance(m, BlowMove) and m.karama_cancels
        else ""
    )
    if key:
        raise InputError(key, f"no such key under {pos.ruleset}: it is gf9's (and the overview's); {instead}")


def check_factions(pos: Position, allowed: tuple[str, ...], what: str, suggest: dict[str, str]) -> None:
    """Every faction the position names (as a key or a value) is one of the ruleset's; another game's house is an
    input error naming its counterpart here (``suggest``) or the nearest names."""
    for key, name in _faction_refs(pos, ""):
        if name not in allowed:
            raise InputError(key, what, name, [suggest[name]] if name in suggest else nearest(name, allowed))


def check_conquest(pos: Position) -> None:
    """Conquest's own names: its four factions; leaders from the factions' ``leaders`` maps."""
    _no_battle_karama(pos, "conquest prints no Karama rules for a battle or a worm")
    check_factions(
        pos, CONQUEST_FACTIONS, "a conquest faction: atreides, fremen, harkonnen or imperium", CONQUEST_SUGGEST
    )
    # conquest prints no leaders: a position names them in factions.X.leaders, and other lists must use those
    leaders = {_fold(n): n for state in pos.factions.values() for n in state.leaders}
    if not leaders:
        return
    what = "a leader named in a faction's 'leaders' map (conquest prints no leaders)"
    for fname, state in pos.factions.items():
        key = f"factions.{fname}"
        state.traitors = [_name(n, leaders, f"{key}.traitors[{i}]", what) for i, n in enumerate(state.traitors)]
        state.leaders_in_tanks = [
            _name(n, leaders, f"{key}.leaders_in_tanks[{i}]", what) for i, n in enumerate(state.leaders_in_tanks)
        ]
    m = pos.move
    if isinstance(m, BattleMove):
        for fname, plan in m.plans.items():
            if plan.leader is not None:
                plan.leader = _name(plan.leader, leaders, f"move.plans.{fname}.leader", what)


# Dreamrules plays the GF9 six and two more (dreamrules:118); Conquest's and the Dice Game's houses are not its.
DREAMRULES_FACTIONS = (
    "atreides",
    "harkonnen",
    "emperor",
    "spacing-guild",
    "fremen",
    "bene-gesserit",
    "bene-tleilax",
    "ixians",
)


GHOLA_KEYS = ("leader", "count", "special")  # what Tleilaxu Ghola revives (dreamrules:768)


def _ghola_play(pos: Position) -> None:
    """Under Dreamrules a play of Tleilaxu Ghola naming what it revives (``leader``, or ``count`` / ``special``
    troops) is the revival it makes (dreamrules:768): it is asked as ``{action: revive, card: Tleilaxu Ghola}``,
    whose rules answer it. Without those keys it stays a play (unresolved: what it revives is not said)."""
    m = pos.move
    if not isinstance(m, PlayMove) or _fold(m.card) != _fold("Tleilaxu Ghola") or not m.card_keys:
        return
    for name, value in m.card_keys.items():
        if name not in GHOLA_KEYS:
            raise InputError(
                f"move.{name}", "a key of Tleilaxu Ghola: " + ", ".join(GHOLA_KEYS), name, nearest(name, GHOLA_KEYS)
            )
        # a number past the card's five is a move, judged by dreamrules.revival.ghola-five as a revival's is
        if name != "leader" and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_FORCES):
            raise InputError(f"move.{name}", f"a number of troops from 0 to {MAX_FORCES}", value)
    leader = m.card_keys.get("leader")
    if leader is not None and not isinstance(leader, str):
        raise InputError("move.leader", "a leader's name", leader)
    pos.move = ReviveMove(
        action="revive",
        faction=m.faction,
        count=m.card_keys.get("count", 0),
        special=m.card_keys.get("special", 0),
        leader=leader,
        card=m.card,
        played=True,
    )


def check_dreamrules(pos: Position) -> None:
    """Dreamrules' own facts: its eight factions, and the Advanced game it always is (dreamrules:17)."""
    _no_battle_karama(pos, "a Dreamrules Karama stops an advantage for the whole phase: factions.F.suppressed")
    _ghola_play(pos)
    what = "a Dreamrules faction (dreamrules:118): " + ", ".join(DREAMRULES_FACTIONS)
    check_factions(pos, DREAMRULES_FACTIONS, what, {"imperium": "emperor"})
    # "Dreamrules builds on GF9's Advanced Game" (dreamrules:17): there is no Basic Dreamrules game, so a file's
    # `advanced: false` cannot ask for one; it is read as the Advanced game (the schema's doc says so).
    pos.advanced = True


# overview:3 "Each of 2-6 players controls one of six unique factions (Atreides, Harkonnen, Emperor, Spacing Guild,
# Fremen, Bene Gesserit)": the overview's game has these six. Its fallback on GF9 fills rules the overview leaves to
# GF9, not factions it leaves out: an expansion house (or Conquest's, or the Dice Game's) is no faction of its game.
OVERVIEW_FACTIONS = ("atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit")
HOUSE_OF_THE_EMPEROR = {"imperium": "emperor", "corrino": "emperor"}  # Conquest's and the Dice Game's name for it


def check_overview(pos: Position) -> None:
    """The overview's own facts: its six factions (overview:3)."""
    what = "an overview faction (overview:3): " + ", ".join(OVERVIEW_FACTIONS)
    check_factions(pos, OVERVIEW_FACTIONS, what, HOUSE_OF_THE_EMPEROR)


def check_ruleset_names(pos: Position) -> None:
    """The names only the position's own ruleset allows (its factions, Conquest's leaders): read with the file and
    again with a move given apart from it (``--move``)."""
    check = {"conquest": check_conquest, "dreamrules": check_dreamrules, "overview": check_overview}.get(pos.ruleset)
    if check is not None:
        check(pos)


SIETCHES = ("Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch")


def _check_dreamrules_keys(pos: Position) -> None:
    """The Dreamrules keys' facts that need more than a type (read under every ruleset of the family)."""
    for i, g in enumerate(pos.forces):
        if g.patched > g.special:
            what = f"at most the group's Cyborgs (special: {g.special})"
            raise InputError(f"forces[{i}].patched", what, g.patched)
    for i, name in enumerate(pos.atomics_sietches):
        if pos.ruleset != "conquest" and name not in SIETCHES:
            raise InputError(
                f"atomics_sietches[{i}]", "a sietch: " + ", ".join(SIETCHES), name, nearest(name, SIETCHES)
            )
    m = pos.move
    if isinstance(m, InterjectMove) and m.choice in ("between", "swap", "take-position") and m.target is None:
        raise InputError("move.target", f"the other faction of a '{m.choice}' interjection", None)


def read_position(path: str | Path) -> Position:
    """Read and load a position file; every failure is an InputError."""
    from checker.positions import read_yaml

    return load_position(read_yaml(path), str(path))


def schema() -> dict[str, Any]:
    out = model.json_schema(Position)
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    out["title"] = "Mentat position file"
    from checker.arrakis.kinds.play import card_key_schema

    moves = [model.json_schema(cls) for cls in MOVES.values()]
    for m in moves:  # a played card's own keys (kept as written by the loader, checked per card by the play kind)
        m["properties"]["note"] = dict(model.NOTE_SCHEMA)
        if m["properties"]["action"].get("enum") == ["play"]:
            m["properties"].update(card_key_schema())
    out["properties"]["move"] = {"anyOf": [*moves, {"type": "null"}], "description": "one proposed move"}
    return out


__all__ = [
    "POLAR_SINK",
    "BattleMove",
    "BattlePlan",
    "FactionState",
    "ForceGroup",
    "MoveMove",
    "Position",
    "ShipMove",
    "StormMove",
    "load_position",
    "read_position",
    "schema",
]
