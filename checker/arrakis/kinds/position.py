"""A position without a move: is it a position the rules allow? (And, at the Mentat Pause, who wins?)

The facts are tables: one entry per faction (``f_*``), per faction and
stronghold (``occ``, flattened ``faction * 5 + stronghold``), per pair of
allies and territory where one of them stands (``ally_*``), per territory where
the Bene Gesserit stand (``bg_*``), per winning unit, an unallied faction or an
alliance (``member``, flattened ``unit * factions + faction``), per pair of
factions (``allied``, flattened ``faction * factions + faction``) and per
*contact*, two opposing factions' fighters in one territory (``c_*``,
flattened ``contact * 18 + sector - 1``). Unknown numbers (reserves, tanks,
hand) count as zero: a position says only what it needs. The outcome is one
truth per faction, ``won``: whether it is among the winners.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from checker.arrakis.board import POLAR_SINK, SECTORS, STRONGHOLD_NAMES
from checker.arrakis.kinds.battle import SUPPLIES_CACHE
from checker.arrakis.position import MENTAT_PAUSE, Position, components, faction_leaders
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import display

LAST_TURN = 10  # gf9:5 "Play up to ten turns."; overview:3, 96
MIN_PLAYERS = 2  # overview:3 "Each of 2-6 players"; gf9:21, the two-player game, the fewest gf9 sets out
# what the turn decides at the Mentat Pause where a position does not give it: turn ten ends the game with no normal
# victory; the Bene Gesserit's prediction names a turn
TURN_TEN = {
    "gf9": "whether it is turn ten: if nobody has won by its end, gf9:325's end-of-game conditions decide",
    "overview": "whether it is turn ten: if no one has won by its end, overview:96 applies the factions' alternate win "
    "conditions in the Advanced game",
    "dreamrules": "whether it is turn ten: if no faction wins by its end, dreamrules:700 gives Fremen the win",
}
PREDICTED_TURN = "whether it is the turn the Bene Gesserit predicted: gf9:323, 361"
# what the number of players decides at the Mentat Pause, where a position leaves it unknown
PLAYERS_MATTER = {
    "gf9": "sets the strongholds a win needs: four in a two-player game (gf9:21), three for an unallied faction "
    "with more (gf9:319)",
    "overview": "sets the strongholds a win needs: four in a two- or three-player game (overview:94), three with "
    "more (overview:90)",
    "dreamrules": "decides whether the two-player victory count, which Dreamrules leaves open (dreamrules:674; "
    "gf9:21), applies",
}
# Why a lone listed faction is not the whole game, in the ruleset's own lines: GF9 states no minimum but plays two
# players at the least (gf9:21); the overview is for 2-6 (overview:3).
# Where a Bene Gesserit's correct prediction replaces a normal victory, in the ruleset's own lines.
PREDICTION_LINES = {"gf9": "gf9:323, 361", "overview": "gf9:323, 361", "dreamrules": "dreamrules:696"}
PLAYERS_LEAST = {
    "gf9": "GF9's smallest game has two players (gf9:21)",
    "overview": "a game has 2-6 players (overview:3)",
    "dreamrules": "GF9's smallest game, on which Dreamrules builds, has two players (gf9:21)",
}
SUPPLY = 20  # gf9:37 twenty force tokens per faction
SPECIAL_CAP = {"emperor": 5, "fremen": 3}  # gf9:41, 53 (Advanced)
ORDINARY_CAP = {"emperor": 15, "fremen": 17}  # gf9:53 (Advanced)
H = len(STRONGHOLD_NAMES)
TABR, HABBANYA, TUEK = (STRONGHOLD_NAMES.index(x) for x in ("Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch"))
TUEK_BARRED = ("atreides", "harkonnen", "emperor")  # gf9:405
STORM_START = 18  # gf9:83, constraints/data/arrakis-board.yaml: storm_start_sector
# The six base factions, in the order of their codes (``f_code``, ``predicted_code``).
BASE_CODES = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")
# Where each base faction's starting forces stand (gf9:343, 359, 387, 397, 421, 431). The Advanced
# Bene Gesserit places its one advisor in any territory (gf9:51, 371): every territory is home.
START_TERRITORIES: dict[str, tuple[str, ...]] = {
    "atreides": ("Arrakeen",),
    "bene-gesserit": (POLAR_SINK,),
    "emperor": (),
    "fremen": ("Sietch Tabr", "False Wall South", "False Wall West"),
    "harkonnen": ("Carthag",),
    "spacing-guild": ("Tuek's Sietch",),
}


@dataclass
class PositionFacts(Facts):
    """The facts of a position judged as a whole (its counts, its victory)."""

    phase_index: int | None = fact(key="phase", doc="0 storm .. 9 mentat-pause")
    turn: int | None = fact(key="turn")
    # per faction
    f_board: list[int] = fact([], doc="force tokens on the board")
    f_reserves: list[int] = fact([])
    f_tanks: list[int] = fact([])
    f_special: list[int] = fact([], doc="special tokens anywhere (board, reserves, tanks)")
    f_special_cap: list[int] = fact([], doc="Advanced special tokens the faction owns")
    f_ordinary_cap: list[int] = fact([], doc="Advanced ordinary tokens the faction owns (15 Emperor, 17 Fremen)")
    f_hand: list[int] = fact([])
    f_harkonnen: list[bool] = fact([])
    f_alliances: list[int] = fact([], doc="alliances the faction is listed in")
    alliance_size: list[int] = fact([], doc="factions in each listed alliance")
    # per (pair of allies, territory) where one of the allies stands, Polar Sink excluded
    has_alliances: bool = fact(False)
    ally_a_in: list[bool] = fact([])
    ally_b_in: list[bool] = fact([])
    # per (faction, stronghold): fighters there
    occ: list[bool] = fact([])
    # per territory where the Bene Gesserit stand
    bg_advisors_in: list[bool] = fact([])
    bg_fighters_in: list[bool] = fact([])
    # the victory check
    member: list[bool] = fact([])
    unit_alliance: list[bool] = fact([])
    two_players: bool = fact(False)
    three_or_fewer: bool = fact(False, doc="a game of two or three players (the overview's four-stronghold target)")
    predicted: int = fact(-1, doc="unit index of the Bene Gesserit's predicted faction, -1 if none")
    prediction_turn_now: bool = fact(False)
    bg_in_game: bool = fact(False)
    is_fremen: list[bool] = fact([])
    is_guild: list[bool] = fact([])
    is_bg: list[bool] = fact([])
    tuek_barred: list[bool] = fact([], doc="Atreides, Harkonnen, Emperor: barred from Tuek's Sietch (gf9:405)")
    allied: list[bool] = fact([], doc="per (faction, faction): in one alliance")
    prediction_known: bool | None = fact(True, key="factions.bene-gesserit.prediction")
    turn_known: bool | None = fact(True, key="turn")
    ov_turn_known: bool | None = fact(True, key="turn", doc="the overview's turn-ten question needs the turn")
    ov_prediction_known: bool | None = fact(
        True,
        key="factions.bene-gesserit.prediction",
        doc="the overview's winner may be the Bene Gesserit's prediction's",
    )
    roster_known: bool | None = fact(True, key="factions", doc="every faction in the game is listed")
    players_known: bool | None = fact(
        True,
        key="players",
        doc="the number of players is given, or the factions listed are a possible count (two or more): a position "
        "giving no 'players' and listing fewer than two factions leaves the count, which sets the strongholds a win "
        "needs, unknown",
    )
    # per contact: two opposing factions' fighters in one territory (not the Polar Sink)
    storm_sector: int | None = fact(None, key="storm")
    c_terr: list[bool] = fact([], doc="sectors of the contact's territory")
    c_a_in: list[bool] = fact([], doc="sectors holding the first faction's fighters")
    c_b_in: list[bool] = fact([], doc="sectors holding the second faction's fighters")
    contact_sectors_known: bool | None = fact(True, key="forces.SECTOR")
    # the starting position (turn 1, Storm phase, the storm on the Storm Start sector): constraints/gf9/setup.py
    at_start: bool = fact(False, doc="turn 1, Storm phase, storm on the Storm Start sector (18): before its first move")
    f_code: list[int] = fact([], doc="per faction: its index in BASE_CODES (-1 for an expansion faction)")
    f_spice: list[int] = fact([], doc="spice behind the shield (0 when not given)")
    f_home: list[int] = fact([], doc="force tokens in the faction's starting territories (gf9 faction texts)")
    f_hand_known: list[bool] = fact([], doc="the faction's hand is given")
    f_traitors: list[int] = fact([], doc="traitor cards held; -1 when the position lists none")
    bg_start_alone: bool = fact(False, doc="no other faction's forces share the Bene Gesserit's territory")
    bg_start_advisor: bool = fact(False, doc="the Bene Gesserit's forces there show the advisor side")
    predicted_code: int = fact(-1, doc="BASE_CODES index of the Bene Gesserit's predicted faction, -1 if none")
    # dreamrules (constraints/dreamrules/setup.py): its eight factions, the Surveyor, its special pieces
    f_dr_code: list[int] = fact([], doc="per faction: its index in DREAM_CODES (-1 for another game's faction)")
    f_reserves_special: list[int] = fact([], doc="special tokens in reserve (Sardaukar, Fedaykin, Cyborgs)")
    f_aboard: list[int] = fact([], doc="dreamrules: ordinary tokens aboard the Hidden Mobile Surveyor")
    f_aboard_special: list[int] = fact([], doc="dreamrules: special tokens (Cyborgs) aboard the Surveyor")
    f_tech: list[int] = fact([], doc="dreamrules: tech tokens held, Carryall included")
    f_thumpers: list[int] = fact([], doc="dreamrules: Thumper tokens held; -1 when not given")
    f_fate: list[int] = fact(
        [], doc="dreamrules: Fate Indicator: its index in WORTHLESS, -1 none given, 99 another card"
    )
    shield_markers: int = fact(-1, key="shield_wall_markers", doc="dreamrules: Shield Wall markers; -1 when not given")
    surveyor_given: bool = fact(False, key="hidden_mobile_surveyor")
    surveyor_stronghold: bool = fact(False, doc="dreamrules: the Surveyor stands in a stronghold")
    aboard_astray: int = fact(0, doc="dreamrules: tokens aboard the Surveyor outside the territory it stands in")
    bg_sink: int = fact(0, doc="Bene Gesserit tokens in the Polar Sink")
    # -- gf9 tokens: captives (factions.harkonnen.captured_leaders), the Kwisatz Haderach --
    captives_held: int = fact(0, key="factions.harkonnen.captured_leaders", doc="leaders Harkonnen holds captive")
    harkonnen_all_dead: bool = fact(False, doc="all five of Harkonnen's own leaders are in the Tanks")
    captive_names: str = label("", doc="Harkonnen's captives, in words")
    kh_in_tanks: bool = fact(False, key="factions.atreides.kwisatz_haderach_in_tanks")
    kh_lost: int = fact(-1, key="factions.atreides.forces_lost_in_battle", doc="-1 when not given")
    bg_out: int = fact(0, doc="Bene Gesserit tokens outside the Polar Sink")
    bg_out_places: int = fact(0, doc="territories outside the Polar Sink holding Bene Gesserit tokens")
    bg_out_shared: bool = fact(False, doc="another faction but the Ixians has tokens where the Bene Gesserit stand")
    bg_out_advisor: bool = fact(False, doc="the Bene Gesserit's tokens outside the Polar Sink show the advisor side")
    bg_advisors: int = fact(0, key="forces.advisors", doc="Bene Gesserit tokens showing the advisor side")
    bg_advisor_places: str = label("", doc="the territories of the Bene Gesserit's advisors, in words")
    f_own_traitors: list[int] = fact([], doc="traitor cards the faction holds of its own leaders")
    f_cache: list[int] = fact([], doc="dreamrules: Supplies cache cards in the faction's hand (dreamrules:746)")
    cache_copies: list[int] = fact([], doc="dreamrules: per Supplies cache card, its copies in all the hands")
    ally_a_fights: list[bool] = fact(
        [], doc="per ally_* entry: the first ally has troops there neither advisors nor aboard the Surveyor"
    )
    ally_b_fights: list[bool] = fact([], doc="per ally_* entry: the same for the second ally")
    # dreamrules' victory (constraints/dreamrules/victory.py)
    sw_occ: list[bool] = fact([], doc="dreamrules: per faction, its fighters stand in the Shield Wall")
    f_std_tokens: list[int] = fact([], doc="dreamrules: per faction, standard tech tokens held (Carryall apart)")
    f_carryall: list[bool] = fact([], doc="dreamrules: per faction, it holds the Carryall")
    f_infiltrated: list[bool] = fact([], doc="dreamrules: per faction, Bene Tleilax infiltrates it")
    dr_markers_known: bool | None = fact(True, key="shield_wall_markers")
    dr_turn_known: bool | None = fact(True, key="turn")
    dr_roster_known: bool | None = fact(True, key="factions", doc="dreamrules: every faction in the game is listed")
    dr_prediction_known: bool | None = fact(True, key="factions.bene-gesserit.prediction")
    # labels
    factions: tuple[str, ...] = label(())
    units: tuple[tuple[str, ...], ...] = label(())
    alliances: tuple[tuple[str, ...], ...] = label(())
    ally_pairs: tuple[tuple[str, str, str], ...] = label((), doc="(ally, ally, territory) per ally_* entry")
    contacts: tuple[tuple[str, str, str], ...] = label((), doc="(territory, faction, faction) per contact")
    bg_territories: tuple[str, ...] = label(())
    prediction: tuple[str, int] | None = label(None)
    given: tuple[tuple[bool, bool, bool], ...] = label((), doc="per faction: reserves, Tanks, hand given")
    sector_key: str = label("")
    players: int = label(0)
    players_given: bool = label(False, doc="the position gives 'players' (not the factions it lists)")
    players_matter: str = label("", doc="what the number of players decides at the Mentat Pause (its lines)")
    players_least: str = label("", doc="why one listed faction is not the whole game (the ruleset's lines)")
    bg_unlisted: bool = label(False, doc="the Bene Gesserit is not listed, and may be one of the players not listed")
    prediction_lines: str = label("", doc="the ruleset's lines on the Bene Gesserit's prediction replacing a win")
    turn_matters: str = label("", doc="what the turn decides at the Mentat Pause, where it is not given (its lines)")
    spice_given: tuple[bool, ...] = label((), doc="per faction: spice given")
    reserves_given: tuple[bool, ...] = label(
        (), doc="per faction: reserves given (and special ones, where it owns some)"
    )
    board_given: bool = label(False, doc="the position gives 'forces'")
    places: tuple[tuple[tuple[str, int], ...], ...] = label((), doc="per faction: (territory, tokens) on the board")
    bg_start_territory: str = label("", doc="the one territory of the Bene Gesserit's forces, if one")
    surveyor_at: str = label("", doc="dreamrules: the territory the Hidden Mobile Surveyor stands in")
    fate_cards: tuple[str, ...] = label((), doc="dreamrules: per faction, its Fate Indicator's card ('' if none)")
    special_given: tuple[bool, ...] = label((), doc="per faction: reserves_special given")
    thumpers_given: tuple[bool, ...] = label((), doc="per faction: thumpers given")

    def position_key(self, key: str) -> str:
        return self.sector_key if key == "forces.SECTOR" else key

    def missing_detail(self, key: str) -> str:
        if key == "turn":
            return self.turn_matters
        if key == "players":
            listed = f"lists only {side(self.factions)}" if self.factions else "lists no faction"
            bg = (
                f"; and the Bene Gesserit, not listed, may be one of them: if it plays, its correct prediction of the "
                f"winner and the turn replaces that normal victory with its own ({self.prediction_lines})"
                if self.bg_unlisted
                and None in (self.prediction_known, self.ov_prediction_known, self.dr_prediction_known)
                else ""
            )
            return (
                f"the position does not give 'players' and {listed}: {self.players_least}, "
                f"and how many {self.players_matter}{bg}"
            )
        if key == "factions.bene-gesserit.prediction" and self.bg_unlisted:
            count = f"players {self.players}" if self.players_given else "no 'players' given"
            named = ", ".join(display(f) for f in self.factions) or "none"
            return (
                f"the Bene Gesserit is not listed but may play ({count}, listed: {named}): if it does, its correct "
                f"prediction of the winner and the turn replaces that normal victory with its own "
                f"({self.prediction_lines})"
            )
        if key != "factions" or not self.players_given or self.players <= len(self.factions):
            return ""
        named = ", ".join(display(f) for f in self.factions)
        return (
            f"the position does not list every faction in the game ('factions'): players {self.players}, "
            f"{len(self.factions)} named ({named}), so which others play (the Fremen or the Spacing Guild would "
            "decide turn ten) is unknown"
        )


# -- plain readings of the tables, shared by checks and messages ------------------


def names(items: list[str] | tuple[str, ...]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def side(fs: tuple[str, ...] | list[str]) -> str:
    return names([display(f) for f in fs])


def held(s: PositionFacts, u: int) -> list[str]:
    """Strongholds a unit holds: its members' fighters there and no one else's (gf9:7, 101, 319)."""
    n = len(s.factions)
    out = []
    for h in range(H):
        present = {f for f in range(n) if s.occ[f * H + h]}
        if present and all(s.member[u * n + f] for f in present):
            out.append(STRONGHOLD_NAMES[h])
    return out


def stronghold_counts(s: PositionFacts) -> list[int]:
    return [len(held(s, u)) for u in range(len(s.units))]


def need(s: PositionFacts, unit: int) -> int:
    """Strongholds a unit needs: four for an alliance or in a two-player game, else three."""
    return 4 if s.unit_alliance[unit] or s.two_players else 3


def qualifiers(s: PositionFacts) -> list[int]:
    """Units meeting the normal victory requirement."""
    return [u for u, c in enumerate(stronghold_counts(s)) if c >= need(s, u)]


def bg_prediction_wins(s: PositionFacts) -> bool:
    """The Bene Gesserit predicted this turn and a unit holding the predicted faction wins normally (gf9:323)."""
    return s.bg_in_game and s.predicted >= 0 and s.prediction_turn_now and s.predicted in qualifiers(s)


def at_pause(s: PositionFacts) -> bool:
    return s.phase_index == MENTAT_PAUSE


def end_game(s: PositionFacts) -> bool:
    """The Mentat Pause of turn ten with no normal victory: the end-of-game conditions decide (gf9:325)."""
    return at_pause(s) and s.turn == LAST_TURN and not qualifiers(s)


def index_of(s: PositionFacts, faction: str) -> int:
    return s.factions.index(faction) if faction in s.factions else -1


def allies(s: PositionFacts, f: int) -> list[int]:
    n = len(s.factions)
    return [g for g in range(n) if s.allied[f * n + g]]


def fremen_breaches(s: PositionFacts) -> list[str]:
    """What keeps the Fremen special condition (gf9:405) from holding; empty when it holds."""
    out = []
    for f, name in enumerate(s.factions):
        if not s.is_fremen[f]:
            out += [f"{display(name)} occupies {STRONGHOLD_NAMES[h]}" for h in (TABR, HABBANYA) if s.occ[f * H + h]]
        if s.tuek_barred[f] and s.occ[f * H + TUEK]:
            out.append(f"{display(name)} occupies Tuek's Sietch")
    return out


def faction_strongholds(s: PositionFacts, f: int) -> list[str]:
    """Strongholds a faction occupies with no one else's fighters there (gf9:7, 101)."""
    n = len(s.factions)
    return [
        STRONGHOLD_NAMES[h]
        for h in range(H)
        if s.occ[f * H + h] and not any(s.occ[g * H + h] for g in range(n) if g != f)
    ]


def most_strongholds(s: PositionFacts) -> list[int]:
    """The factions occupying the most strongholds (none when no faction occupies any)."""
    counts = [len(faction_strongholds(s, f)) for f in range(len(s.factions))]
    top = max(counts, default=0)
    return [f for f, c in enumerate(counts) if top and c == top]


def with_allies(s: PositionFacts, f: int) -> list[bool]:
    """A faction and its allies, as one truth per faction."""
    return [g == f or g in allies(s, f) for g in range(len(s.factions))]


def winner_value(s: PositionFacts, won: list[bool]) -> Any:
    """The published ``winner``: a faction, a list for a shared win, or ``none``."""
    from checker.outcomes import winner_of

    return winner_of([f for f, w in zip(s.factions, won, strict=True) if w])


def overview_held(s: PositionFacts, u: int) -> list[str]:
    """Strongholds the unit occupies with a force of its members (overview:90) and no one else: two sides still
    sharing one at the Mentat Pause are ones the storm kept from battle, and the overview, silent there, reads GF9's
    "neither counts that disputed stronghold toward victory" (gf9:101)."""
    return held(s, u)


def disputed(s: PositionFacts) -> list[str]:
    """Strongholds factions of different sides share (what the storm kept from battle): they count for no one."""
    n = len(s.factions)
    out = []
    for h in range(H):
        present = {f for f in range(n) if s.occ[f * H + h]}
        if len(present) > 1 and not any(all(s.member[u * n + f] for f in present) for u in range(len(s.units))):
            out.append(STRONGHOLD_NAMES[h])
    return out


def overview_need(s: PositionFacts, u: int) -> int:
    return 4 if s.unit_alliance[u] or s.three_or_fewer else 3


def overview_qualifiers(s: PositionFacts) -> list[int]:
    return [u for u in range(len(s.units)) if len(overview_held(s, u)) >= overview_need(s, u)]


def storm_reach(s: PositionFacts, c: int, start: list[bool]) -> set[int]:
    """Sectors of contact ``c``'s territory reached from ``start`` without entering the storm (the board's links)."""
    from checker.arrakis.board import gf9_board

    board = gf9_board()
    territory = s.contacts[c][0]
    storm = s.storm_sector
    seen = {k + 1 for k in range(SECTORS) if start[c * SECTORS + k] and k + 1 != storm}
    todo = list(seen)
    while todo:
        here = todo.pop()
        for t, other in board.neighbours.get((territory, here), ()):
            if t == territory and other != storm and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def can_battle(s: PositionFacts, c: int) -> bool:
    """Contact ``c``'s two factions have fighters that meet clear of the storm (gf9:101, 245)."""
    return any(s.c_b_in[c * SECTORS + k - 1] for k in storm_reach(s, c, s.c_a_in))


def is_start(pos: Position) -> bool:
    """Turn 1, the Storm phase, the storm on the Storm Start sector: the position as set up (gf9:81-83).

    Nothing but the storm's placement happens before the storm's first move, so every number set up
    still stands. (A first move of exactly 18 or 36 sectors would also leave the storm here: the note
    says what was assumed.)
    """
    return pos.turn == 1 and pos.phase == "storm" and pos.storm == STORM_START


def _reserves_key(pos: Position, faction: str) -> str:
    st = pos.factions.get(faction)
    return "reserves_special" if st and st.reserves is not None else "reserves"


def _setup_facts(pos: Position, s: PositionFacts) -> None:
    """The facts the setup rules read (constraints/gf9/setup.py), and the notes on what they assume."""
    factions = list(s.factions)
    st = {f: pos.factions.get(f) for f in factions}
    s.at_start = is_start(pos)
    s.f_code = [BASE_CODES.index(f) if f in BASE_CODES else -1 for f in factions]
    s.f_spice = [(st[f].spice or 0) if st[f] else 0 for f in factions]  # type: ignore[union-attr]
    s.spice_given = tuple(bool(st[f] and st[f].spice is not None) for f in factions)  # type: ignore[union-attr]
    s.f_hand_known = [g[2] for g in s.given]
    has_special = [pos.advanced and f in SPECIAL_CAP for f in factions]
    s.reserves_given = tuple(
        bool(st[f] and st[f].reserves is not None and (not sp or st[f].reserves_special is not None))  # type: ignore[union-attr]
        for f, sp in zip(factions, has_special, strict=True)
    )
    s.f_traitors = [len(st[f].traitors) if st[f] and st[f].traitors else -1 for f in factions]  # type: ignore[union-attr]
    harkonnen, atreides = pos.factions.get("harkonnen"), pos.factions.get("atreides")
    held = sorted(harkonnen.captured_leaders or []) if harkonnen else []
    s.captives_held, s.captive_names = len(held), ", ".join(held)
    own = set(components()["leaders"].get("harkonnen", {}))
    s.harkonnen_all_dead = bool(harkonnen and own and own <= set(harkonnen.leaders_in_tanks))
    s.kh_in_tanks = bool(atreides and atreides.kwisatz_haderach_in_tanks)
    lost = atreides.forces_lost_in_battle if atreides else None
    s.kh_lost = -1 if lost is None else lost
    s.board_given = "forces" in pos.given or bool(pos.forces)
    places: list[tuple[tuple[str, int], ...]] = []
    home: list[int] = []
    for f in factions:
        where: dict[str, int] = {}
        for g in pos.groups(f):
            if g.total:
                where[g.territory] = where.get(g.territory, 0) + g.total
        places.append(tuple(where.items()))
        anywhere = f == "bene-gesserit" and pos.advanced
        home.append(sum(k for t, k in where.items() if anywhere or t in START_TERRITORIES.get(f, ())))
    s.places = tuple(places)
    s.f_home = home
    bg = [g for g in pos.groups("bene-gesserit") if g.total]
    if len({g.territory for g in bg}) == 1:
        s.bg_start_territory = bg[0].territory
        s.bg_start_alone = not (pos.occupants(bg[0].territory, fighters_only=False) - {"bene-gesserit"})
        s.bg_start_advisor = all(g.advisors for g in bg)
    bgs = pos.factions.get("bene-gesserit")
    predicted = bgs.prediction.faction if bgs and bgs.prediction else None
    s.predicted_code = BASE_CODES.index(predicted) if predicted in BASE_CODES else (-1 if predicted is None else 99)
    if s.at_start:
        s.notes.append(
            f"turn 1, the Storm phase, the storm on the Storm Start sector ({STORM_START}): judged as the "
            "starting position, before the storm's first move"
        )
        unknown = [
            f"factions.{f}.{key}"
            for f, res, (_, _, hand), spice in zip(factions, s.reserves_given, s.given, s.spice_given, strict=True)
            if f in BASE_CODES
            for key, ok in (("spice", spice), (_reserves_key(pos, f), res), ("hand", hand))
            if not ok
        ] + ([] if s.board_given else ["forces"])
        if unknown:
            shown = ", ".join(unknown[:6]) + (f" and {len(unknown) - 6} more" if len(unknown) > 6 else "")
            s.notes.append(f"not given, so not checked against the setup: {shown}")
    elif pos.turn == 1 and pos.phase == "storm" and pos.storm is None:
        s.notes.append(
            f"turn 1, the Storm phase, with no 'storm': not judged as the starting position (give storm: "
            f"{STORM_START}, the Storm Start sector, to check the setup)"
        )


# Dreamrules' eight factions (dreamrules:118), in the order of their codes (``f_dr_code``).
DREAM_CODES = (*BASE_CODES, "bene-tleilax", "ixians")


def _dreamrules_facts(pos: Position, s: PositionFacts) -> None:
    """The facts Dreamrules' setup and piece rules read (constraints/dreamrules/setup.py)."""
    from checker.arrakis.position import components

    factions = list(s.factions)
    st = {f: pos.factions.get(f) for f in factions}
    worthless: list[str] = list(components()["treachery_deck"]["worthless"])
    s.f_dr_code = [DREAM_CODES.index(f) if f in DREAM_CODES else -1 for f in factions]
    s.f_reserves_special = [(x.reserves_special or 0) if (x := st[f]) else 0 for f in factions]
    s.f_aboard = [sum(g.count for g in pos.groups(f) if g.surveyor) for f in factions]
    s.f_aboard_special = [sum(g.special for g in pos.groups(f) if g.surveyor) for f in factions]
    s.f_tech = [len(x.tech_tokens) + int(x.carryall) if (x := st[f]) else 0 for f in factions]
    s.f_thumpers = [x.thumpers if (x := st[f]) and x.thumpers is not None else -1 for f in factions]
    cards = [(x.fate_indicator or "") if (x := st[f]) else "" for f in factions]
    s.fate_cards = tuple(cards)
    s.f_fate = [-1 if not c else worthless.index(c) if c in worthless else 99 for c in cards]
    s.shield_markers = -1 if pos.shield_wall_markers is None else pos.shield_wall_markers
    here = pos.hidden_mobile_surveyor
    s.surveyor_given = here is not None
    s.surveyor_at = here.territory if here else ""
    s.surveyor_stronghold = here is not None and here.territory in STRONGHOLD_NAMES
    s.aboard_astray = sum(g.total for g in pos.forces if g.surveyor and here and g.territory != here.territory)
    bg = [g for g in pos.groups("bene-gesserit") if g.total]
    out = [g for g in bg if g.territory != POLAR_SINK]
    s.bg_sink = sum(g.total for g in bg if g.territory == POLAR_SINK)
    s.bg_out = sum(g.total for g in out)
    s.bg_out_places = len({g.territory for g in out})
    s.bg_out_shared = any(
        g.faction not in ("bene-gesserit", "ixians") and g.total and g.territory in {b.territory for b in out}
        for g in pos.forces
    )
    s.bg_out_advisor = any(g.advisors for g in out)
    advisors = [g for g in bg if g.advisors and g.total]
    s.bg_advisors = sum(g.total for g in advisors)
    s.bg_advisor_places = names(sorted({g.territory for g in advisors}))
    s.special_given = tuple(bool((x := st[f]) and x.reserves_special is not None) for f in factions)
    s.thumpers_given = tuple(bool((x := st[f]) and x.thumpers is not None) for f in factions)
    own = {f: set(faction_leaders(pos, f)) for f in factions}
    held = {f: x.traitors if (x := st[f]) else [] for f in factions}
    hands = {f: x.hand if (x := st[f]) and isinstance(x.hand, list) else [] for f in factions}
    s.f_cache = [sum(c.startswith("Supplies ") for c in hands[f]) for f in factions]
    s.cache_copies = [sum(hands[f].count(c) for f in factions) for c in SUPPLIES_CACHE]

    def fights(f: str, t: str) -> bool:
        return any(g.total and not g.advisors and not g.surveyor for g in pos.groups(f, t))

    s.ally_a_fights = [fights(a, t) for a, _, t in s.ally_pairs]
    s.ally_b_fights = [fights(b, t) for _, b, t in s.ally_pairs]
    s.f_own_traitors = [sum(t in own[f] for t in held[f]) for f in factions]


# -- Dreamrules' victory check (constraints/dreamrules/victory.py) --------------------------
SHIELD_WALL = "Shield Wall"
SW_MARKERS = 4  # dreamrules:680: at four markers the Shield Wall counts as a stronghold for victory
ALL_TOKENS = 3  # dreamrules:662, 686: all three standard tech tokens count as one stronghold


def dr_contributions(s: PositionFacts, u: int) -> tuple[int, int, int]:
    """(ordinary strongholds, Shield Wall, tech tokens) a unit counts toward victory under Dreamrules."""
    n = len(s.factions)
    ordinary = len(held(s, u))
    present = {f for f in range(n) if s.sw_occ[f]}
    wall = int(s.shield_markers >= SW_MARKERS and bool(present) and all(s.member[u * n + f] for f in present))
    tokens = int(any(s.member[u * n + f] and s.f_std_tokens[f] >= ALL_TOKENS for f in range(n)))
    return ordinary, wall, tokens


def dr_need(s: PositionFacts, u: int) -> int:
    return 4 if s.unit_alliance[u] else 3  # dreamrules:674


def dr_qualifying(s: PositionFacts) -> tuple[list[int], list[int], list[int]]:
    """Units qualifying with every contribution, without the tokens', and with ordinary strongholds only."""
    rows = [dr_contributions(s, u) for u in range(len(s.units))]
    q0 = [u for u, (o, w, t) in enumerate(rows) if o + w + t >= dr_need(s, u)]
    q1 = [u for u, (o, w, _) in enumerate(rows) if o + w >= dr_need(s, u)]
    q2 = [u for u, (o, _, _) in enumerate(rows) if o >= dr_need(s, u)]
    return q0, q1, q2


def dr_winners(s: PositionFacts) -> list[int]:
    """The units that win under the v0.8 priority (dreamrules:690): tokens' contribution removed first, then the
    Shield Wall's, while more than one unit qualifies."""
    q0, q1, q2 = dr_qualifying(s)
    return q0 if len(q0) <= 1 else (q1 if len(q1) <= 1 else q2)


def _dreamrules_victory_facts(pos: Position, s: PositionFacts) -> None:
    factions = list(s.factions)
    st = {f: pos.factions.get(f) for f in factions}
    wall = pos.occupants(SHIELD_WALL)
    s.sw_occ = [f in wall for f in factions]
    s.f_std_tokens = [
        len([t for t in x.tech_tokens if "carryall" not in str(t).lower()]) if (x := st[f]) else 0 for f in factions
    ]
    s.f_carryall = [
        bool(x and (x.carryall or any("carryall" in str(t).lower() for t in x.tech_tokens))) if (x := st[f]) else False
        for f in factions
    ]
    bt = pos.factions.get("bene-tleilax")
    infiltrated = set(bt.infiltrating) if bt else set()
    s.f_infiltrated = [f in infiltrated for f in factions]
    if pos.phase != "mentat-pause":
        return
    if pos.shield_wall_markers is None and any(s.sw_occ):
        s.dr_markers_known = None
        return
    wins = dr_winners(s)
    players = pos.players if pos.players is not None else len(factions)
    if pos.turn is None and (not wins or s.bg_in_game):
        s.dr_turn_known = None  # turn ten, or the predicted turn, may change the winner
        s.turn_matters = (
            TURN_TEN["dreamrules"] if not wins else "whether it is the turn the Bene Gesserit predicted: dreamrules:696"
        )
    if not wins and players > len(factions) and "fremen" not in factions:
        s.dr_roster_known = None  # an unlisted player may be the Fremen
    if wins and (s.bg_in_game or s.bg_unlisted) and s.prediction is None:
        s.dr_prediction_known = None  # its prediction, or an unlisted Bene Gesserit's, may take the win


@kind
class PositionCheck(Kind):
    name = "position"
    preprocessed = True  # measured over its cases: 0.78 of the time of the long-lived solver
    judges_position = True
    title = "Position validity"
    ruled = ("winner",)

    def facts(self, pos: Position) -> PositionFacts:
        factions = pos.faction_names
        for listed in pos.alliances:  # an ally with no forces or state still belongs to the tables
            factions += [f for f in listed if f not in factions]
        n = len(factions)
        adv = pos.advanced

        def state(f: str, key: str) -> int:
            st = pos.factions.get(f)
            value = getattr(st, key, None) if st else None
            return value if isinstance(value, int) else 0

        def given(f: str, *keys: str) -> bool:
            st = pos.factions.get(f)
            return st is not None and any(getattr(st, k, None) is not None for k in keys)

        def hand(f: str) -> int:
            st = pos.factions.get(f)
            h = st.hand if st else None
            return len(h) if isinstance(h, list) else (h or 0)

        f_board = [sum(g.total for g in pos.groups(f)) for f in factions]
        f_res = [state(f, "reserves") + state(f, "reserves_special") for f in factions]
        f_tanks = [state(f, "tanks") + state(f, "tanks_special") for f in factions]
        f_special = [
            sum(g.special for g in pos.groups(f)) + state(f, "reserves_special") + state(f, "tanks_special")
            for f in factions
        ]

        # alliances, of any size as listed; every two members of one are allies
        alliances = [tuple(a) for a in pos.alliances]
        allied = [f != g and any(f in a and g in a for a in alliances) for f in factions for g in factions]
        a_in: list[bool] = []
        b_in: list[bool] = []
        ally_pairs: list[tuple[str, str, str]] = []
        for members in alliances:
            for a, b in combinations(members, 2):
                where = sorted(
                    {g.territory for g in pos.forces if g.faction in (a, b) and g.total and g.territory != POLAR_SINK}
                )
                for t in where:
                    present = pos.occupants(t, fighters_only=False)
                    a_in.append(a in present)
                    b_in.append(b in present)
                    ally_pairs.append((a, b, t))

        bg_adv: list[bool] = []
        bg_fight: list[bool] = []
        bg_terr: list[str] = []
        if adv:
            for t in sorted({g.territory for g in pos.groups("bene-gesserit") if g.total}):
                groups = [g for g in pos.groups("bene-gesserit", t) if g.total]
                bg_adv.append(any(g.advisors for g in groups))
                bg_fight.append(any(not g.advisors for g in groups))
                bg_terr.append(t)

        # contacts: opposing fighters sharing a territory (gf9:245), with the sectors they stand in
        contacts: list[tuple[str, str, str]] = []
        c_terr: list[bool] = []
        c_in: dict[str, list[bool]] = {"a": [], "b": []}
        sector_key = ""
        board = pos.board
        for t in sorted({g.territory for g in pos.forces if g.territory != POLAR_SINK}):
            fighters = sorted(pos.occupants(t))
            if pos.ruleset == "dreamrules":  # troops aboard the Surveyor are in a territory within it (dreamrules:1232)
                fighters = [f for f in fighters if any(g.total and not g.surveyor for g in pos.groups(f, t))]
            for a, b in combinations(fighters, 2):
                if allied[factions.index(a) * n + factions.index(b)]:
                    continue  # allies: the allies-apart rule's question
                terr = board[t]
                split = pos.storm is None or pos.storm in terr.sectors
                contacts.append((t, a, b))
                c_terr += [k in terr.sectors for k in range(1, SECTORS + 1)]
                for x, f in (("a", a), ("b", b)):
                    here: set[int] = set()
                    for i, g in enumerate(pos.forces):
                        if g.faction != f or g.territory != t or not g.total or (g.advisors and adv):
                            continue
                        if g.surveyor and pos.ruleset == "dreamrules":  # aboard the Surveyor: not in this contact
                            continue
                        if g.sector is not None:
                            here.add(g.sector)
                        elif len(terr.sectors) == 1 or not split:
                            here |= set(terr.sectors)
                        elif not sector_key and pos.storm is not None:
                            sector_key = f"forces[{i}].sector"
                    c_in[x] += [k in here for k in range(1, SECTORS + 1)]

        # victory units: each alliance, then each unallied faction
        allied_any = {f for members in alliances for f in members}
        units: list[tuple[str, ...]] = list(alliances) + [(f,) for f in factions if f not in allied_any]
        occ = [f in pos.occupants(h) for f in factions for h in STRONGHOLD_NAMES]
        member = [f in u for u in units for f in factions]
        players = pos.players if pos.players is not None else n
        bg = pos.factions.get("bene-gesserit")
        prediction = bg.prediction if bg else None
        predicted = next((i for i, u in enumerate(units) if prediction and prediction.faction in u), -1)
        bg_in = "bene-gesserit" in factions
        facts = PositionFacts(
            advanced=adv,
            phase_index=pos.phase_index,
            turn=pos.turn,
            f_board=f_board,
            f_reserves=f_res,
            f_tanks=f_tanks,
            f_special=f_special,
            f_special_cap=[SPECIAL_CAP.get(f, 0) for f in factions],
            f_ordinary_cap=[ORDINARY_CAP.get(f, SUPPLY) for f in factions],
            f_hand=[hand(f) for f in factions],
            f_harkonnen=[f == "harkonnen" for f in factions],
            f_alliances=[sum(f in a for a in alliances) for f in factions],
            alliance_size=[len(a) for a in alliances],
            has_alliances=bool(alliances),
            ally_a_in=a_in,
            ally_b_in=b_in,
            occ=occ,
            bg_advisors_in=bg_adv,
            bg_fighters_in=bg_fight,
            member=member,
            unit_alliance=[len(u) > 1 for u in units],
            two_players=players == 2,
            three_or_fewer=MIN_PLAYERS <= players <= 3,
            predicted=predicted,
            prediction_turn_now=bool(prediction and pos.turn == prediction.turn),
            bg_in_game=bg_in,
            is_fremen=[f == "fremen" for f in factions],
            is_guild=[f == "spacing-guild" for f in factions],
            is_bg=[f == "bene-gesserit" for f in factions],
            tuek_barred=[f in TUEK_BARRED for f in factions],
            allied=allied,
            storm_sector=pos.storm,
            c_terr=c_terr,
            c_a_in=c_in["a"],
            c_b_in=c_in["b"],
            contact_sectors_known=None if sector_key else True,
            factions=tuple(factions),
            units=tuple(units),
            alliances=tuple(alliances),
            ally_pairs=tuple(ally_pairs),
            contacts=tuple(contacts),
            bg_territories=tuple(bg_terr),
            prediction=(prediction.faction, prediction.turn) if prediction else None,
            given=tuple(
                (given(f, "reserves", "reserves_special"), given(f, "tanks", "tanks_special"), given(f, "hand"))
                for f in factions
            ),
            sector_key=sector_key,
            players=players,
            players_given=pos.players is not None,
        )
        # an unlisted player may be the Bene Gesserit, whose prediction may replace a normal victory
        facts.bg_unlisted = not bg_in and pos.in_game("bene-gesserit") is not False
        facts.prediction_lines = PREDICTION_LINES.get(pos.ruleset, PREDICTION_LINES["gf9"])
        _setup_facts(pos, facts)
        _dreamrules_facts(pos, facts)
        if pos.ruleset == "dreamrules":
            _dreamrules_victory_facts(pos, facts)
        if pos.phase == "mentat-pause":
            wins = qualifiers(facts)
            if (bg_in or facts.bg_unlisted) and wins and prediction is None:
                facts.prediction_known = None
            if pos.turn is None and (not wins or bg_in):
                facts.turn_known = None  # turn ten, or the predicted turn, may change the winner
                if pos.ruleset not in ("overview", "dreamrules"):
                    facts.turn_matters = TURN_TEN["gf9"] if not wins else PREDICTED_TURN
            ov_wins = overview_qualifiers(facts)
            if pos.turn is None and adv and not ov_wins:
                facts.ov_turn_known = None
                if pos.ruleset == "overview":
                    facts.turn_matters = TURN_TEN["overview"]
            if (bg_in or facts.bg_unlisted) and ov_wins and prediction is None:  # its prediction may win (gf9:361)
                facts.ov_prediction_known = None
            if pos.turn is None and bg_in and prediction is not None and facts.predicted in ov_wins:
                facts.ov_turn_known = None  # the predicted turn or another: who wins depends on it
                if pos.ruleset == "overview":
                    facts.turn_matters = PREDICTED_TURN
            unlisted_could_decide = "fremen" not in factions or (
                "spacing-guild" not in factions and bool(fremen_breaches(facts))
            )
            if players > n and unlisted_could_decide:
                facts.roster_known = None  # an unlisted faction may be the Fremen or the Guild (gf9:325)
            if pos.players is None and players < MIN_PLAYERS:  # no game: the count is unknown, not the factions'
                facts.players_known = None
                facts.players_matter = PLAYERS_MATTER.get(pos.ruleset, PLAYERS_MATTER["gf9"])
                facts.players_least = PLAYERS_LEAST.get(pos.ruleset, PLAYERS_LEAST["gf9"])
            elif pos.players is None:  # the number of players sets the strongholds a win needs (overview:94)
                facts.notes.append(
                    f"the position does not give 'players': the game is taken to have {players}, the factions it lists"
                )
            if pos.ruleset != "overview" and end_game(facts) and facts.roster_known:  # gf9:325's order
                if "fremen" not in factions:
                    facts.notes.append("Fremen is not in the game: the position does not list it")
                if "spacing-guild" not in factions and ("fremen" not in factions or fremen_breaches(facts)):
                    facts.notes.append("the Spacing Guild is not in the game: the position does not list it")
        return facts

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        assert isinstance(facts, PositionFacts)
        w: Any = v  # the choices join the facts' variables
        w.won = [z3.Bool(f"won_{f}") for f in range(len(facts.factions))]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, PositionFacts)
        if facts.phase_index != MENTAT_PAUSE:
            return {}
        return {"winner": winner_value(facts, [bool(value(w)) for w in v.won])}
