"""``mentat new dice --factions ...``: the Dice Game's starting position, as its text gives it.

Every number comes from the text (cited in the comments): the cubes and cylinders (dice:35-38), the
Protection cards by player count (dice:43), the Loyalty tokens (dice:47-49, 201, 230, 243-246), the
Sandstorm on Jacurutu without the Guild (dice:50), unclaimed cards to the last in Turn Order (dice:51),
three dice each and three per player in the common supply (dice:53), and each Faction's own setup
(dice:197-246). Where the text leaves a choice to the player (a Region, the Bene Gesserit's pick),
the key is written as a commented placeholder, never a guess, and left out of the position: its
setup answers ``unresolved``, naming the key, until the player fills it in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from checker.dice.board import ROOT, TEMPLATE
from checker.dice.position import FACTIONS, display, faction_name
from checker.errors import InputError

TEMPLATE_PATH = TEMPLATE.relative_to(ROOT).as_posix()  # the board file to fill in from the printed map

# dice:35-38: Troop cubes and Leader cylinders per Faction
CUBES = {"atreides": 12, "harkonnen": 12, "fremen": 10, "corrino": 16, "spacing-guild": 12, "bene-gesserit": 12}
CUBES_CITE = {
    "atreides": "dice:36",
    "harkonnen": "dice:35",
    "fremen": "dice:38",
    "corrino": "dice:37",
    "spacing-guild": "dice:35",
    "bene-gesserit": "dice:35",
}
CYLINDERS = {"atreides": 2, "harkonnen": 1, "fremen": 1, "corrino": 1, "spacing-guild": 1, "bene-gesserit": 1}
# dice:31 twelve Loyalty tokens: two a Faction, but one Atreides (dice:201) and three Spacing Guild (dice:230)
LOYALTY = {"atreides": 1, "harkonnen": 2, "fremen": 2, "corrino": 2, "spacing-guild": 3, "bene-gesserit": 2}
# The cards a Faction can never have (dice:201, 206, 212, 223, 230, 237)
NEVER = {
    "atreides": ("turn-order", "dice:201"),
    "harkonnen": ("sandstorm", "dice:206"),
    "fremen": ("landsraad", "dice:212"),
    "corrino": ("sandstorm", "dice:223"),
    "spacing-guild": ("turn-order", "dice:230"),
    "bene-gesserit": ("landsraad", "dice:237"),
}


@dataclass
class Start:
    cite: str
    leader: int
    board_troops: int = 0
    cards: list[str] = field(default_factory=list)
    troops: list[str] = field(default_factory=list)  # commented placeholders or lines: the Troops it places
    placed: int = 0  # Troops it places on the map (placeholders included)
    fixed: list[tuple[str, int]] = field(default_factory=list)  # (region, count) it places where the text says


def _start(faction: str, protection: int) -> Start:
    if faction == "atreides":
        # dice:199 "Both Leaders on your Faction board, 2 Troops on 1 non-strategic Region of your choice."
        return Start(
            "dice:199",
            leader=2,
            troops=["{faction: atreides, region: REGION, count: 2}  # 1 non-strategic Region of your choice"],
            placed=2,
        )
    if faction == "harkonnen":
        # dice:204 "2 Troops and 1 Fortification token on 1 empty non-strategic Region of your choice."
        return Start(
            "dice:204",
            leader=0,
            troops=["{faction: harkonnen, region: REGION, count: 2}  # 1 empty non-strategic Region of your choice"],
            placed=2,
        )
    if faction == "fremen":
        # dice:210 "Leader on your Faction board, distribute 2 Troops on empty non-strategic Regions, take all
        # Protection cards. ... (only one in a four- or five player game)."
        return Start(
            "dice:210",
            leader=1,
            cards=["protection"] * protection,
            troops=[
                "{faction: fremen, region: REGION, count: 1}  # empty non-strategic Regions of your choice",
                "{faction: fremen, region: REGION, count: 1}  # (both may go to the same Region)",
            ],
            placed=2,
        )
    if faction == "corrino":
        # dice:221 "3 Troops on your Faction board. Take the Landsraad card."
        return Start("dice:221", leader=0, board_troops=3, cards=["landsraad"])
    if faction == "spacing-guild":
        # dice:228 "Leader and 3 Troops on your Faction board. Take the Sandstorm card and place the Sandstorm
        # marker in an empty Region."
        return Start("dice:228", leader=1, board_troops=3, cards=["sandstorm"])
    # dice:235 "Leader on your Faction board, 3 Troops on Polar Sink. Take the Turn Order card."
    return Start("dice:235", leader=1, cards=["turn-order"], placed=3, fixed=[("Polar Sink", 3)])


def new_dice(ruleset: str, factions: list[str], advanced: bool) -> str:
    """The YAML text of a Dice Game's starting position for these Factions (one per player)."""
    if advanced:
        raise InputError("advanced", "no --advanced: the Dice Game has no Advanced game", True)
    if not factions:
        raise InputError("factions", "at least one Faction: " + ", ".join(FACTIONS))
    names = [faction_name(f, f"factions[{i}]") for i, f in enumerate(factions)]
    if len(set(names)) != len(names):
        raise InputError("factions", "each Faction once (dice:45: every player chooses a Faction)", factions)
    n = len(names)
    if "bene-gesserit" in names and n < 5:
        raise InputError(
            "factions", "the Bene Gesserit only in games with 5 or more players (dice:45)", ",".join(factions)
        )
    order = [f for f in FACTIONS if f in names]  # dice:46, 197: Faction Setup order
    protection = 1 if n in (4, 5) else 2  # dice:43
    starts = {f: _start(f, protection) for f in order}
    claimed = {c for s in starts.values() for c in s.cards}
    unclaimed = [c for c in ("landsraad", "turn-order", "sandstorm") if c not in claimed]
    unclaimed += ["protection"] * (protection - sum(s.cards.count("protection") for s in starts.values()))
    last = order[-1]
    never = [c for c in unclaimed if NEVER[last][0] == c]
    for card in unclaimed:
        if card not in never:
            starts[last].cards.append(card)
    lines = [
        f"# Dune: The Dice Game, the start of a {n}-player game: {', '.join(display(f) for f in order)}.",
        "# Written by `mentat new dice`; every number is the text's (constraints/sources/dice.txt, cited).",
        "# A choice the text leaves to a player is a commented placeholder: fill it in.",
        "ruleset: dice",
        "round: 1                # dice:52",
        "step: roll              # dice:67: a round begins with Roll the Dice",
        f"players: {n}",
        f"turn_order: [{', '.join(order)}]   # dice:46: Turn Order markers in Faction Setup order",
    ]
    if "spacing-guild" in names:
        lines.append("# sandstorm: REGION     # dice:228: the Spacing Guild places it in an empty Region, never the")
        lines.append("#                       # Polar Sink, Broken Land or Outer Plain")
    else:
        lines.append("sandstorm: Jacurutu     # dice:50: the Spacing Guild does not take part")
    # dice:55, 170: the text names 11 of the 12 Regions and gives Carthag's borders only; the rest is the printed
    # map's, which a position adds in `board` (a question that needs a border answers unresolved without it)
    lines.append("# board: my-board.yaml  # the printed map's borders (the text gives only Carthag's, dice:170) and")
    lines.append(f"#                       # the twelfth Region's name (dice:55): copy {TEMPLATE_PATH},")
    lines.append("#                       # fill it in from the printed map, then uncomment")
    supply = sum(LOYALTY[f] for f in order)  # dice:47: non-players' tokens are removed
    dealt = n + (1 if "bene-gesserit" in names else 0)  # dice:49, 244-246
    lines.append(f"common_dice: {3 * n}          # dice:53: 3 dice per player into the common supply")
    lines.append(
        f"loyalty_supply: {supply - dealt}       # dice:47, 49, 244-246: the players' {supply} tokens, "
        f"less one dealt to each player{' and the Bene Gesserit pick' if dealt > n else ''}"
    )
    lines.append("factions:")
    for f in order:
        s = starts[f]
        board = s.board_troops
        lines.append(f"  {f}:                # setup: {s.cite}")
        lines.append(f"    leader: {s.leader}            # Leaders on its Faction board ({CYLINDERS[f]} in all)")
        if board:
            lines.append(f"    board_troops: {board}")
        lines.append(
            f"    supply: {CUBES[f] - board - s.placed}           # of its {CUBES[f]} Troop cubes ({CUBES_CITE[f]}); "
            "dice:197: the rest into the personal supply"
        )
        lines.append(f"    cards: [{', '.join(s.cards)}]" + ("" if s.cards else "            # none"))
        lines.append("    loyalty: 1            # dice:49, 246: one face-down Loyalty token")
        lines.append("    personal_dice: 3      # dice:53: 3 dice each")
        if f == "bene-gesserit":
            lines.append(
                "    # prediction: {faction: FACTION}  # dice:243-245: the Faction you secretly pick (in play)"
            )
        lines.append("    # its Faction board's numbers, not printed in the text (give those a question needs):")
        lines.append("    # slot_faces: {ship: [FACES], move: [FACES], ...}   # dice:80 ('?' for any number)")
        lines.append("    # kanly_chart: {plot: [FACES], assassinate: [FACES], ...}   # dice:108")
        lines.append("    # combat_chart: {FACE: KILLS}                        # dice:147")
        lines.append("    # recruit_base: N, recruit_per_die: N, ship_per_die: N, fortify_base: N, fortify_per_die: N")
    for card in never:
        lines.append(
            f"# the {card} card is unclaimed and goes to the last in Turn Order (dice:51), {display(last)}, which can "
            f"never have it ({NEVER[last][1]}): the text does not say who holds it"
        )
    fixed = [(f, r, c) for f in order for r, c in starts[f].fixed]
    placed = [f"{{faction: {f}, region: {r}, count: {c}}}   # {starts[f].cite}" for f, r, c in fixed]
    chosen = [f"{t}   ({starts[f].cite})" for f in order for t in starts[f].troops]
    if chosen:
        # A placement the text leaves to a player is no fact: the key is left out (the setup is then unresolved,
        # naming `troops`) until the player fills in every REGION and uncomments the list.
        lines.append("# troops:                # the players' placements: fill in each REGION, then uncomment")
        lines.extend(f"#   - {t}" for t in placed + chosen)
    else:
        lines.append("troops:" + ("" if placed else " []"))
        lines.extend(f"  - {t}" for t in placed)
    if "harkonnen" in names:
        lines.append("# fortifications:        # dice:204: with the Harkonnen's 2 Troops: fill in REGION, uncomment")
        lines.append("#   - {region: REGION, kind: fortification, controller: harkonnen}")
    else:
        lines.append("fortifications: []     # dice:204: only the Harkonnen place one at setup")
    return "\n".join(lines) + "\n"
