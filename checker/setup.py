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

RULESETS = ("gf9",)
BASE_FACTIONS = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")
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


def starting_position(ruleset: str, factions: list[str], advanced: bool) -> str:
    """The YAML text of a game's starting position, with comments citing the rule texts."""
    if ruleset.strip().lower() not in RULESETS:
        raise InputError(
            "ruleset", "a ruleset with starting positions: " + ", ".join(RULESETS), ruleset, nearest(ruleset, RULESETS)
        )
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
