"""Starting positions: the YAML a game begins from, with the faction texts' own numbers.

``mentat new gf9 --factions atreides,harkonnen`` prints one. Every number comes
from the faction's text in the GF9 source (cited in the comments); where the
text leaves a choice to the player (the Fremen split, the Advanced Bene
Gesserit advisor), a default is written with a comment saying so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from checker.errors import InputError, nearest
from checker.names import display, faction_name

RULESETS = ("gf9", "dreamrules")
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


def _faction(text: str) -> str:
    try:
        name = faction_name(text, "--factions")
    except InputError as err:
        raise InputError(
            "--factions", "GF9 base factions: " + ", ".join(BASE_FACTIONS), text, nearest(text, BASE_FACTIONS)
        ) from err
    if name not in BASE_FACTIONS:
        raise InputError(
            "--factions", "GF9 base factions: " + ", ".join(BASE_FACTIONS), text, nearest(text, BASE_FACTIONS)
        )
    return name


def _dream_faction(text: str) -> str:
    what = "Dreamrules factions: " + ", ".join(DREAM_FACTIONS)
    try:
        name = faction_name(text, "--factions")
    except InputError as err:
        raise InputError("--factions", what, text, nearest(text, DREAM_FACTIONS)) from err
    if name not in DREAM_FACTIONS:
        raise InputError("--factions", what, text, ["emperor"] if name == "imperium" else nearest(text, DREAM_FACTIONS))
    return name


def starting_position(ruleset: str, factions: list[str], advanced: bool) -> str:
    """The YAML text of a game's starting position, with comments citing the rule texts."""
    if ruleset.strip().lower() not in RULESETS:
        raise InputError(
            "ruleset", "a ruleset with starting positions: " + ", ".join(RULESETS), ruleset, nearest(ruleset, RULESETS)
        )
    if ruleset.strip().lower() == "dreamrules":
        return _dream_position([_dream_faction(f) for f in factions if f.strip()])
    names = [_faction(f) for f in factions if f.strip()]
    if not names:
        raise InputError("--factions", "at least one faction", factions, list(BASE_FACTIONS))
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise InputError("--factions", "each faction once", n)
        seen.add(n)
    # Fremen place first, then the Bene Gesserit (gf9:51, 371); otherwise keep the order given.
    starts = {f: _start(f, advanced) for f in names}

    out = [
        f"# Starting position of a GF9 {'Advanced' if advanced else 'Basic'} game: "
        + ", ".join(display(f) for f in names)
        + ".",
        "# Numbers from each faction's text in the GF9 source; edit to follow the game.",
        "# Turn 1, the Storm phase, the storm on the Storm Start sector: `mentat check` judges this file as the",
        "# starting position (constraints/gf9/setup.py). Traitors, once dealt: each faction keeps one of four",
        "# (overview:25), Harkonnen all four (gf9:423), e.g. traitors: [Duncan Idaho]; the Bene Gesserit's",
        "# prediction names another faction and a turn 1-10 (gf9:361), e.g. prediction: {faction: atreides, turn: 5}.",
        "ruleset: gf9",
        f"advanced: {'true' if advanced else 'false'}",
        f"players: {len(names)}",
        "turn: 1",
        "phase: storm",
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
    if not names:
        raise InputError("--factions", "at least one faction", names, list(DREAM_FACTIONS))
    if len(set(names)) != len(names):
        raise InputError("--factions", "each faction once", next(n for n in names if names.count(n) > 1))
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
