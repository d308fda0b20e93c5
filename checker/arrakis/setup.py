"""Starting positions: the YAML a game begins from, with the faction texts' own numbers.

``mentat new gf9 --factions atreides,harkonnen`` prints one. Every number comes
from the faction's text in the GF9 source (cited in the comments); where the
text leaves a choice to the player (the Fremen split, the Advanced Bene
Gesserit advisor), a default is written with a comment saying so.

``mentat new overview`` writes the overview's setup (overview:20-29), whose spice and forces are "per the
Player Sheet": GF9's printed sheets, which the overview's ruleset reads. ``mentat new conquest`` writes
Conquest's setup (conquest:5-13) and leaves what its text does not print (the board, the leaders and their
strengths, how many forces each faction has) as commented placeholders to fill in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from checker.errors import InputError, nearest
from checker.names import display, faction_name

RULESETS = ("gf9", "overview", "dreamrules", "conquest")
BASE_FACTIONS = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")
# dreamrules:118 "This book covers Atreides, Harkonnen, Emperor, Spacing Guild, Fremen, Bene Gesserit, Bene Tleilax
# and Ixians."
DREAM_FACTIONS = (*BASE_FACTIONS, "bene-tleilax", "ixians")
# Defaults for the choices Dreamrules leaves to the player (dreamrules:164, 166): non-stronghold territories no
# other faction starts in.
DREAM_BG_TERRITORY = "Rim Wall West"
DREAM_SURVEYOR = "Hole In The Rock"
# gf9:69 storm order starts at the First Player; the seat of each faction is the players' choice.
PLAYER_CIRCLES = (18, 3, 6, 9, 12, 15)
PREDICTION = (
    "# prediction names another faction and a turn 1-10 (gf9:361), e.g. prediction: {faction: atreides, turn: 5}."
)


@dataclass
class Start:
    cite: str
    spice: int
    hand: int
    reserves: int
    reserves_special: int = 0
    forces: list[tuple[str, int | None, int, bool, str]] = field(
        default_factory=list
    )  # territory, sector, count, advisors, note
    note: str = ""
    special_aboard: int = 0  # dreamrules: Ixian Cyborgs aboard the Surveyor (the forces' count is the Suboids)


def _start(faction: str, advanced: bool) -> Start:
    if faction == "atreides":
        # gf9:343 "Start with ten forces in Arrakeen, ten in reserves, ten spice and one Treachery Card."
        return Start("gf9:343", 10, 1, 10, forces=[("Arrakeen", None, 10, False, "")])
    if faction == "harkonnen":
        # gf9:421 "Start with ten forces in Carthag, ten in reserves, ten spice and two Treachery Cards."
        return Start("gf9:421", 10, 2, 10, forces=[("Carthag", None, 10, False, "")])
    if faction == "spacing-guild":
        # gf9:431 "Start with five forces in Tuek's Sietch, fifteen in reserves, five spice and one Treachery Card."
        return Start("gf9:431", 5, 1, 15, forces=[("Tuek's Sietch", None, 5, False, "")])
    if faction == "emperor":
        # gf9:387 "Start with all twenty forces in reserves, ten spice and one Treachery Card."
        # gf9:53  "Advanced Emperor has fifteen ordinary forces and five Sardaukar"
        if advanced:
            return Start("gf9:387,53", 10, 1, 15, 5, note="fifteen ordinary forces and five Sardaukar (gf9:53)")
        return Start("gf9:387", 10, 1, 20)
    if faction == "fremen":
        # gf9:397 "Start with ten forces divided as you choose between Sietch Tabr, False Wall South and
        #          False Wall West, ten in reserves on Dune's far side, three spice and one Treachery Card."
        # gf9:53  "Advanced Fremen has seventeen ordinary forces and three Fedaykin."
        split = [
            ("Sietch Tabr", None, 6, False, "ten forces divided as you choose (gf9:397): this split is a default"),
            ("False Wall South", 4, 2, False, "sector 3 or 4"),
            ("False Wall West", 16, 2, False, "sector 15, 16 or 17"),
        ]
        if advanced:
            return Start(
                "gf9:397,53",
                3,
                1,
                7,
                3,
                split,
                note="the three Fedaykin wait in reserve by default; any may start on the board",
            )
        return Start("gf9:397", 3, 1, 10, forces=split)
    if faction == "bene-gesserit":
        if advanced:
            # gf9:51  "In the Advanced Game, Bene Gesserit places only one starting advisor in any territory after
            #          the Fremen placement. If alone, it immediately becomes a fighter. ..."
            # gf9:371 "After Fremen places its forces, put one advisor in any territory, leaving nineteen in reserve."
            return Start(
                "gf9:359,51,371",
                5,
                1,
                19,
                forces=[
                    (
                        "Polar Sink",
                        None,
                        1,
                        False,
                        "one advisor in any territory (gf9:371), here the Polar Sink by default; alone there, "
                        "it becomes a fighter at once (gf9:51). Elsewhere beside another faction write advisors: true",
                    )
                ],
            )
        # gf9:359 "In Basic play start with one force in Polar Sink, nineteen in reserve, five spice and
        #          one Treachery Card."
        return Start("gf9:359", 5, 1, 19, forces=[("Polar Sink", None, 1, False, "")])
    raise AssertionError(faction)


def _dream_start(faction: str) -> Start:
    """A Dreamrules faction's "At start" (the faction chapters), where it differs from GF9's Advanced start."""
    if faction == "bene-gesserit":
        # dreamrules:164  "Bene Gesserit places one troop in an unoccupied territory and one in the Polar Sink,
        #                  leaving eighteen in reserves."  1142 "... 5 spice."
        return Start(
            "dreamrules:164,1142",
            5,
            1,
            18,
            forces=[
                ("Polar Sink", None, 1, False, ""),
                (
                    DREAM_BG_TERRITORY,
                    None,
                    1,
                    False,
                    "one troop in an unoccupied territory (dreamrules:164), here a default; which side it shows "
                    "is not said (an advisor there is unresolved)",
                ),
            ],
        )
    if faction == "bene-tleilax":
        # dreamrules:1168 "20 troops in reserves. Start with 10 spice."  170: one Treachery Card
        return Start("dreamrules:1168,170", 10, 1, 20)
    if faction == "ixians":
        # dreamrules:1210 "3 Cyborgs & 3 Suboids in the HMS. 6 Cyborgs and 8 Suboids in Reserves. 10 spice."
        return Start(
            "dreamrules:166,1210,170",
            10,
            1,
            8,
            6,
            forces=[(DREAM_SURVEYOR, None, 3, False, "aboard the Hidden Mobile Surveyor: 3 Suboids, 3 Cyborgs")],
            note="six Cyborgs (dreamrules:1210)",
            special_aboard=3,
        )
    # dreamrules:1038, 1056, 1076, 1094, 1114: GF9's numbers; 1086 five Sardaukar, 1122 three Fedaykin
    start = _start(faction, True)
    start.cite = {
        "atreides": "dreamrules:1038",
        "harkonnen": "dreamrules:1056",
        "emperor": "dreamrules:1076,1086",
        "spacing-guild": "dreamrules:1094",
        "fremen": "dreamrules:162,1114,1122",
    }[faction]
    return start


def _one_of(text: str, allowed: tuple[str, ...], what: str, suggest: dict[str, str]) -> str:
    """A ``--factions`` entry as one of the game's factions, or one message naming the nearest."""
    try:
        name = faction_name(text, "--factions")
    except InputError as err:
        raise InputError("--factions", what, text, nearest(text, allowed)) from err
    if name not in allowed:
        raise InputError("--factions", what, text, [suggest[name]] if name in suggest else nearest(text, allowed))
    return name


def _faction(text: str, ruleset: str = "gf9") -> str:
    what = ("the overview's factions (overview:3): " if ruleset == "overview" else "GF9 base factions: ") + ", ".join(
        BASE_FACTIONS
    )
    return _one_of(text, BASE_FACTIONS, what, {"imperium": "emperor", "corrino": "emperor"})


def _dream_faction(text: str) -> str:
    return _one_of(text, DREAM_FACTIONS, "Dreamrules factions: " + ", ".join(DREAM_FACTIONS), {"imperium": "emperor"})


def _once_each(names: list[str], allowed: tuple[str, ...]) -> list[str]:
    if not names:
        raise InputError("--factions", "at least one faction", names, list(allowed))
    if len(set(names)) != len(names):
        raise InputError("--factions", "each faction once", next(n for n in names if names.count(n) > 1))
    return names


def starting_position(ruleset: str, factions: list[str], advanced: bool) -> str:
    """The YAML text of a game's starting position, with comments citing the rule texts."""
    if ruleset.strip().lower() not in RULESETS:
        raise InputError(
            "ruleset", "a ruleset with starting positions: " + ", ".join(RULESETS), ruleset, nearest(ruleset, RULESETS)
        )
    ruleset = ruleset.strip().lower()
    if ruleset != "conquest" and len({f.strip().lower() for f in factions if f.strip()}) < 2:
        # overview:3 "Each of 2-6 players controls one of six unique factions": a game of one player is none
        raise InputError("--factions", "at least two factions: a game has 2-6 players (overview:3)", ",".join(factions))
    if ruleset == "dreamrules":
        return _dream_position(_once_each([_dream_faction(f) for f in factions if f.strip()], DREAM_FACTIONS))
    if ruleset == "conquest":
        if advanced:
            raise InputError("--advanced", "no --advanced: conquest's text has no Advanced game", True)
        return _conquest_position(_once_each([_conquest_faction(f) for f in factions if f.strip()], CONQUEST))
    names = _once_each([_faction(f, ruleset) for f in factions if f.strip()], BASE_FACTIONS)
    # Fremen place first, then the Bene Gesserit (gf9:51, 371); otherwise keep the order given.
    starts = {f: _start(f, advanced) for f in names}

    game = f"{'Advanced' if advanced else 'Basic'} game: " + ", ".join(display(f) for f in names) + "."
    if ruleset == "overview":
        head = [
            f"# Starting position of an overview {game}",
            "# The overview's Setup (overview:20-29): each player takes starting spice and places forces 'per their",
            "# Player Sheet' (overview:26, 27), which the overview does not print: the numbers are GF9's printed",
            "# sheets (each faction's line below), which the overview's ruleset reads where it defers. Edit to follow",
            "# the game. Turn 1 (overview:29), the Storm phase, the storm on the Storm Start sector (gf9:83, where the",
            "# overview is silent): `mentat check` judges this file as the starting position. Traitors, once dealt:",
            "# each player keeps one of four (overview:25), Harkonnen all four (its sheet, gf9:423), e.g. traitors:",
            "# [Duncan Idaho]; one Treachery Card each (overview:28), Harkonnen two (gf9:421); the Bene Gesserit's",
            PREDICTION,
            "ruleset: overview",
        ]
    else:
        head = [
            f"# Starting position of a GF9 {game}",
            "# Numbers from each faction's text in the GF9 source; edit to follow the game.",
            "# Turn 1, the Storm phase, the storm on the Storm Start sector: `mentat check` judges this file as the",
            "# starting position (constraints/gf9/setup.py). Traitors, once dealt: each faction keeps one of four",
            "# (overview:25), Harkonnen all four (gf9:423), e.g. traitors: [Duncan Idaho]; the Bene Gesserit's",
            PREDICTION,
            "ruleset: gf9",
        ]
    out = [
        *head,
        f"advanced: {'true' if advanced else 'false'}",
        f"players: {len(names)}",
        "turn: 1",
        "phase: storm",
        "this_phase: []                # the game's history of the phase: nothing yet (a game record adds to it)",
        "storm: 18                     # the Storm Start sector, where the storm is placed on turn one (gf9:83)",
        "shield_wall: standing",
        "factions:",
    ]
    for f in names:
        s = starts[f]
        out.append(f"  {f + ':':22}# {s.cite}")
        out.append(f"    spice: {s.spice}")
        out.append(f"    reserves: {s.reserves}")
        if s.reserves_special or (advanced and f in ("emperor", "fremen")):
            out.append(f"    reserves_special: {s.reserves_special}       # {s.note}")
        out.append("    tanks: 0")
        out.append(f"    hand: {s.hand}")
        out.append("    leaders_face_down: []      # none revived yet, none killed again (gf9:195)")
        out.append("    leaders_revived: []        # a game record adds each leader revived")
        if f == "atreides":
            out.append("    forces_lost_in_battle: 0   # the Kwisatz Haderach's count (gf9:349)")
    out.append("forces:")
    for f in sorted(names, key=lambda f: f == "bene-gesserit"):  # the Bene Gesserit place last (gf9:371)
        for territory, sector, count, advisors, note in starts[f].forces:
            parts = [f"faction: {f}", f'territory: "{territory}"']
            if sector is not None:
                parts.append(f"sector: {sector}")
            parts.append(f"count: {count}")
            if advanced and f == "bene-gesserit":
                parts.append(f"advisors: {'true' if advisors else 'false'}")
            line = "  - {" + ", ".join(parts) + "}"
            out.append(line + (f"  # {note}" if note else ""))
    if not any(starts[f].forces for f in names):
        out[-1] = "forces: []"
    out += [
        "spice: []",
        "alliances: []",
        "# seats: which faction sits at which player circle (sectors 18, 3, 6, 9, 12, 15); the storm",
        "# question needs it for the First Player (gf9:69). For example:",
        "# seats: {" + ", ".join(f"{f}: {s}" for f, s in zip(names, PLAYER_CIRCLES, strict=False)) + "}",
    ]
    return "\n".join(out) + "\n"


def _dream_position(names: list[str]) -> str:
    """A Dreamrules game's starting position: always GF9's Advanced game (dreamrules:17)."""
    starts = {f: _dream_start(f) for f in names}
    out = [
        "# Starting position of a Dreamrules v0.8 game (GF9's Advanced game, dreamrules:17): "
        + ", ".join(display(f) for f in names)
        + ".",
        "# Numbers from each faction chapter's 'At start' and the setup chapter (dreamrules:114-172); edit to follow",
        "# the game. Turn 1, the Storm phase, the storm on the Storm Start sector: `mentat check` judges this file as",
        "# the starting position (constraints/dreamrules/setup.py). Traitors, once dealt: one enemy leader each",
        "# (dreamrules:150, 152), Harkonnen all four; Fate Indicators: one worthless card each (dreamrules:130, 170),",
        "# e.g. fate_indicator: Kulon.",
        "ruleset: dreamrules",
        "advanced: true",
        f"players: {len(names)}",
        "turn: 1",
        "phase: storm",
        "this_phase: []                # the game's history of the phase: nothing yet (a game record adds to it)",
        "storm: 18                     # the Storm Start sector; the first storm is GF9's (dreamrules:200)",
        "shield_wall: standing",
        "shield_wall_markers: 0        # the markers are set aside within reach (dreamrules:134)",
    ]
    if "ixians" in names:
        out.append(
            f'hidden_mobile_surveyor: {{territory: "{DREAM_SURVEYOR}"}}  # any territory not a stronghold '
            "(dreamrules:166, 1232): a default"
        )
    out.append("factions:")
    for f in names:
        s = starts[f]
        out.append(f"  {f + ':':22}# {s.cite}")
        out.append(f"    spice: {s.spice}")
        out.append(f"    reserves: {s.reserves}")
        if s.reserves_special or f in ("emperor", "fremen", "ixians"):
            out.append(f"    reserves_special: {s.reserves_special}       # {s.note}")
        out.append("    tanks: 0")
        out.append(f"    hand: {s.hand}                     # dreamrules:170")
        out.append("    leaders_face_down: []      # none revived yet, none killed again (dreamrules:388)")
        out.append("    leaders_revived: []        # a game record adds each leader revived")
        if f == "atreides":
            out.append("    forces_lost_in_battle: 0   # the Kwisatz Haderach's count (gf9:349)")
        if f == "fremen":
            out.append("    thumpers: 2                 # dreamrules:134, 1128")
    out.append("forces:")
    order = sorted(names, key=lambda f: {"bene-gesserit": 1, "ixians": 2}.get(f, 0))  # dreamrules:162-166
    for f in order:
        s = starts[f]
        for territory, sector, count, advisors, note in s.forces:
            parts = [f"faction: {f}", f'territory: "{territory}"']
            if sector is not None:
                parts.append(f"sector: {sector}")
            parts.append(f"count: {count}")
            if f == "ixians":
                parts += [f"special: {s.special_aboard}", "surveyor: true"]
            if f == "bene-gesserit":
                parts.append(f"advisors: {'true' if advisors else 'false'}")
            line = "  - {" + ", ".join(parts) + "}"
            out.append(line + (f"  # {note}" if note else ""))
    if not any(starts[f].forces for f in names):
        out[-1] = "forces: []"
    out += [
        "spice: []",
        "alliances: []",
        "# seats: which faction sits at which player circle (sectors 18, 3, 6, 9, 12, 15); for example:",
        "# seats: {" + ", ".join(f"{f}: {s}" for f, s in zip(names, PLAYER_CIRCLES, strict=False)) + "}",
    ]
    return "\n".join(out) + "\n"


# -- Conquest ------------------------------------------------------------------------------------------------------
# conquest:11 "Each player takes the starting spice listed on their faction sheet: Atreides 13, Fremen 6, Harkonnen 15
#             and Imperium 18. Fremen put 5 forces in the Polar Sink; all other forces go in reserve."
# Conquest prints no board, no leaders and no count of each faction's forces: the file leaves them to the players.
CONQUEST = ("atreides", "fremen", "harkonnen", "imperium")  # conquest:11, 57
CONQUEST_SPICE = {"atreides": 13, "fremen": 6, "harkonnen": 15, "imperium": 18}  # conquest:11
FREMEN_POLAR_SINK = 5  # conquest:11


def _conquest_faction(text: str) -> str:
    what = "conquest's factions (conquest:11): " + ", ".join(CONQUEST)
    return _one_of(text, CONQUEST, what, {"emperor": "imperium", "padishah-emperor": "imperium", "corrino": "imperium"})


def _conquest_position(names: list[str]) -> str:
    """A Conquest game's starting position (conquest:5-13), with what its text does not print left as placeholders."""
    out = [
        "# Starting position of a Conquest & Diplomacy game (conquest:5-13): "
        + ", ".join(display(f) for f in names)
        + ".",
        "# Written by `mentat new conquest`; every number is the text's (constraints/sources/conquest.txt, cited).",
        "# The text prints no board, no leaders and no count of each faction's forces: each is a commented",
        "# placeholder below (NAME, N, TERRITORY); fill in what your questions need and uncomment it (traitor",
        "# cards name leaders of the 'leaders' maps).",
        "# Turn 1, the storm phase (conquest:13): `mentat check` judges this file as the starting position.",
        "ruleset: conquest",
        f"players: {len(names)}                    # conquest:7: one faction to each player"
        + (" (Allies mode: 2, conquest:57)" if len(names) == 4 else ""),
        "turn: 1                       # conquest:13",
        "phase: storm                  # conquest:13",
        "storm: 18                     # conquest:13 'its starting sector': the position format numbers it 18",
        "board:                        # conquest prints no board: give the territories your questions need",
        '  "Polar Sink": {kind: polar-sink}   # conquest:11, 21: where the Fremen start; safe from the storm',
        "  # TERRITORY: {kind: sand | rock | stronghold, sectors: [N, ...], adjacent: [TERRITORY, ...]}",
        "  #   (conquest:21: the storm circles 18 sectors; sand, rock, strongholds and the Polar Sink)",
        "# ... or the whole board from a file: board: my-board.yaml (as constraints/data/arrakis-board.yaml)",
        "factions:",
    ]
    for f in names:
        reserves = f"all but its {FREMEN_POLAR_SINK} in the Polar Sink" if f == "fremen" else "all its forces"
        traitors = (
            "it keeps 1 of the 4 dealt (conquest:9)"
            if f != "harkonnen"
            else "it keeps 4 of the 8 it draws (conquest:9)"
            if len(names) == 4
            else "extra ones (conquest:53; counted for four players only, conquest:9)"
        )
        out += [
            f"  {f + ':':22}# conquest:11",
            f"    spice: {CONQUEST_SPICE[f]}",
            f"    # reserves: N             # {reserves} (conquest:11); how many, the text does not print",
            "    # leaders: {NAME: STRENGTH, NAME: STRENGTH}   # its sheet's leaders (conquest prints none; battles",
            "    #                                             # need them, conquest:33, 37)",
            f"    # traitors: [NAME]        # once dealt, {traitors}",
            "    # hand: N                 # battle cards held, up to four (conquest:25); none dealt is printed",
            "    # market_cards: N         # up to three (conquest:25); 'for a first game', one each",
        ]
    out.append("forces:")
    if "fremen" in names:
        out.append(f'  - {{faction: fremen, territory: "Polar Sink", count: {FREMEN_POLAR_SINK}}}  # conquest:11')
    else:
        out[-1] = "forces: []                    # conquest:11: every force starts in reserve"
    out += [
        "spice: []                     # conquest:5: all spice starts in the bank",
        "alliances: []"
        + (
            "                 # Allies mode (conquest:57): [[atreides, fremen], [harkonnen, imperium]]"
            if len(names) == 4
            else ""
        ),
        "# conquest:15: the highest roll of the storm die takes the first player marker (no key records it)",
    ]
    if len(names) == 2:
        out.append("# conquest:57: in a two-player game sand covers one stronghold (which one, the text does not say)")
    return "\n".join(out) + "\n"
