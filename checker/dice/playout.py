"""Random moves for Dune: The Dice Game (``checker.playout``): a new game's placeholders filled in, and candidate
moves drawn from the position's own Factions, dice, Troops and Regions, round after round.

``mentat new dice`` leaves the players' setup choices as commented placeholders (``REGION``): ``prepare`` fills each
with a Region drawn at random and uncomments it, as a player does, and adds the map's borders and the Faction boards'
numbers the text does not print, MADE UP (below). Each round begins with every Faction's ``roll`` (dice:92-93): its
dice rolled at random and placed on slots drawn at random (a slot a face may not take makes the roll illegal, so
another candidate is tried: a random player, not a re-roll of the game's). A game goes round after round to its end.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from checker.dice.position import MOVE_STEP, SLOTS, STEPS
from checker.playout import Playout, fault_of
from checker.yamlio import parse_yaml

Move = dict[str, Any]
# The Regions the text names (dice:55-61) and which are strategic (dice:57): a setup places Troops outside them.
REGIONS = (
    "Polar Sink",
    "Carthag",
    "Sietch Tabr",
    "Habbanya Sietch",
    "Tuek's Sietch",
    "Jacurutu",
    "Arrakeen",
    "Broken Land",
    "Outer Plain",
    "Minor Erg",
    "Great Flat",
)
UNSTORMED = ("Polar Sink", "Broken Land", "Outer Plain")  # dice:61, 169: the Sandstorm never moves there
STRATEGIC = ("Carthag", "Sietch Tabr", "Habbanya Sietch", "Tuek's Sietch", "Jacurutu")
# MADE UP for random games, as a player reads them off the printed map and Faction boards the text does not print: the
# borders (dice:60, 170: Carthag's as the text gives them; the rest invented, each listed both ways) and each Faction
# board's numbers (dice:80, 108, 124, 127, 147, 164). They let random games play every step; no rule reads them as
# the text's.
MADE_UP_BOARD = {
    "Polar Sink": {
        "adjacent": [
            "Carthag",
            "Sietch Tabr",
            "Habbanya Sietch",
            "Tuek's Sietch",
            "Jacurutu",
            "Minor Erg",
            "Great Flat",
            "Arrakeen",
        ]
    },
    "Carthag": {"adjacent": ["Sietch Tabr", "Arrakeen", "Minor Erg", "Great Flat", "Polar Sink"]},
    "Sietch Tabr": {"adjacent": ["Carthag", "Arrakeen", "Broken Land", "Polar Sink"]},
    "Arrakeen": {"adjacent": ["Carthag", "Sietch Tabr", "Broken Land", "Polar Sink"]},
    "Minor Erg": {"adjacent": ["Carthag", "Great Flat", "Habbanya Sietch", "Polar Sink"]},
    "Great Flat": {"adjacent": ["Carthag", "Minor Erg", "Tuek's Sietch", "Polar Sink"]},
    "Habbanya Sietch": {"adjacent": ["Minor Erg", "Jacurutu", "Outer Plain", "Polar Sink"]},
    "Tuek's Sietch": {"adjacent": ["Great Flat", "Jacurutu", "Polar Sink"]},
    "Jacurutu": {"adjacent": ["Habbanya Sietch", "Tuek's Sietch", "Outer Plain", "Polar Sink"]},
    "Broken Land": {"adjacent": ["Sietch Tabr", "Arrakeen"]},
    "Outer Plain": {"adjacent": ["Habbanya Sietch", "Jacurutu"]},
}
MADE_UP_FACTION_BOARD: dict[str, Any] = {
    "slot_faces": {"ship": "?", "move": "?", "recruit": "?", "fortify": "?", "combat": "?"},
    "bonus_slots": [],
    "recruit_base": 1,
    "recruit_per_die": 2,
    "ship_per_die": 2,
    "fortify_base": 0,
    "fortify_per_die": 1,
    "kanly_chart": {"plot": [1, 2], "assassinate": [3, 4], "steal-sandstorm": [5], "steal-turn-order": [5]},
    "combat_chart": {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2},
}
# a commented line of `mentat new dice`'s placements: a REGION to fill in, or a placement the text fixes (the Bene
# Gesserit's Polar Sink, dice:235) listed with them
PLACEHOLDER = re.compile(r"^# ((?:\s*- \{.*region: .*\}|troops:|fortifications:|sandstorm: REGION).*)$")


def prepare(text: str, rng: random.Random) -> dict[str, Any]:
    """The new game's placeholders filled in and uncommented. A setup the rules refuse is drawn again (the player's
    choice, not a rule's fault)."""
    data: dict[str, Any] = {}
    start = parse_yaml(text)
    others = [f for f in (start.get("factions") or {}) if f != "bene-gesserit"] if isinstance(start, dict) else []
    for _ in range(50):
        data = _setup(text, rng, others)
        if fault_of(data) is None:
            break
    return data


def _setup(text: str, rng: random.Random, others: list[str]) -> dict[str, Any]:
    """Each placeholder's REGION a different empty non-strategic Region (the Harkonnen Fortification with their
    Troops, dice:204), the line uncommented; the Bene Gesserit's secret pick one of ``others``, the other Factions."""
    free = [r for r in REGIONS if r not in STRATEGIC and r != "Polar Sink"]
    rng.shuffle(free)
    lines: list[str] = []
    placed: dict[str, str] = {}
    for line in text.splitlines():
        if line.strip().startswith("# prediction: {faction: FACTION}") and others:  # dice:243-245, picked in secret
            line = line.split("#")[0] + f"prediction: {{faction: {rng.choice(others)}}}"
        found = PLACEHOLDER.match(line)
        if found:
            line = found.group(1).split("#")[0].rstrip()
            who = re.search(r"(?:faction|controller): ([a-z-]+)", line)
            key = who.group(1) if who and "fortification" in line else None
            region = placed.get(key) if key else None
            if region is None and "REGION" in line:
                region = free.pop() if free else rng.choice(REGIONS)
                if who:
                    placed.setdefault(who.group(1), region)
            line = line.replace("REGION", region or "")
        lines.append(line)
    data = parse_yaml("\n".join(lines) + "\n")
    assert isinstance(data, dict)
    data.setdefault("board", copy.deepcopy(MADE_UP_BOARD))
    for name, st in (data.get("factions") or {}).items():
        if isinstance(st, dict):
            for key, value in MADE_UP_FACTION_BOARD.items():
                st.setdefault(key, copy.deepcopy(value))
            if name == "spacing-guild":
                st["ship_per_die"] = 3  # dice:127: two or three; the Guild ships more
    return data


ROLLS = 4  # candidate rolls per Faction: the first whose placement the rules allow is played


def _rolls(data: dict[str, Any], rng: random.Random) -> list[Move]:
    """Candidate ``roll`` moves of the Factions yet to roll: every die of the personal supply (topped up to 3 or cut
    to 6, dice:91) rolled and placed on a slot drawn at random (an action slot or another Faction's slot)."""
    factions = data.get("factions") or {}
    names = list(factions)
    out: list[Move] = []
    for name, st in factions.items():
        st = st or {}
        if st.get("dice") or st.get("personal_dice") is None:
            continue  # rolled already, or its dice unknown
        count = min(max(int(st["personal_dice"]), 3), 6)
        for _ in range(ROLLS):
            placed: dict[str, Any] = {}
            slots = [*SLOTS[:5], *(n for n in names if n != name)]
            for _die in range(count):
                # one die a slot; the Combat slots as a group of three (dice:79-80)
                free = [x for x in slots if x not in placed or (x == "combat" and len(placed[x]) < 3)]
                if not free:
                    break
                slot = rng.choice(free)
                face = rng.randint(1, 6)
                if slot == "combat":
                    placed.setdefault(slot, []).append(face)
                else:
                    placed[slot] = face
            out.append({"action": "roll", "faction": name, "placed": placed})
    return out


def _next_round(data: dict[str, Any]) -> dict[str, Any]:
    """The position once the round has ended and the next one's Roll the Dice step begun (dice:174-179, 91); {} where
    the game does not go on."""
    from checker.dice.advance import advance
    from checker.game import NotCarried

    try:
        ahead, _ = advance(copy.deepcopy(data), None, {"action": "roll"})
    except NotCarried:
        return {}
    return ahead


def _troops(data: dict[str, Any], faction: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in data.get("troops") or []:
        if isinstance(t, dict) and t.get("faction") == faction and t.get("count"):
            out[str(t["region"])] = out.get(str(t["region"]), 0) + int(t["count"])
    return out


def propose(data: dict[str, Any], rng: random.Random) -> list[Move]:
    """Candidate moves of every step from the position's step on (a record's later step says the steps between are
    over), in the order to try them."""
    factions = list(data.get("factions") or {})
    out: list[Move] = _rolls(_next_round(data) if data.get("step") == "end" else data, rng)
    if "corrino" in factions:  # dice:226: a die from the common supply, rolled, on an empty slot
        common = data.get("common_dice")
        die = {_empty_slot(data, "corrino", rng): rng.randint(1, 6)} if common is None or common > 0 else {}
        out.append({"action": "choam", "faction": "corrino", "placed": die})
    for f in factions:
        mine = _troops(data, f)
        others = [g for g in factions if g != f]
        out.append({"action": "recruit", "faction": f, "troops": rng.randint(1, 3)})
        # to the Polar Sink or a Region it holds (dice:128)
        out.append(
            {"action": "ship", "faction": f, "count": rng.randint(1, 3), "to": rng.choice(["Polar Sink", *mine])}
        )
        if mine:
            here = rng.choice(sorted(mine))
            to = rng.choice(_neighbours(data, here) or REGIONS)
            out.append({"action": "move", "faction": f, "to": to, "from": {here: rng.randint(1, mine[here])}})
            out.append({"action": "fortify", "faction": f, "region": here})
        if others:
            target = rng.choice(others)
            out.append({"action": "kanly", "faction": f, "kanly_action": "assassinate", "target": target})
            # accepted, each re-assigns the die on the other's Faction slot (dice:101): to an empty slot, a face drawn
            placed = [{"faction": x, "slot": _empty_slot(data, x, rng), "face": rng.randint(1, 6)} for x in (f, target)]
            out.append({"action": "propose-alliance", "faction": f, "with": target, "placed": placed})
            theirs = _troops(data, target)
            shared = sorted(set(mine) & set(theirs))
            if shared:
                region = rng.choice(shared)
                out.append(
                    {
                        "action": "combat",
                        "faction": f,
                        "region": region,
                        "sent": {f: mine[region], target: theirs[region]},
                    }
                )
        if "sandstorm" in (((data.get("factions") or {}).get(f) or {}).get("cards") or []):
            # into a bordering Region, neither outer nor the Polar Sink (dice:168-169)
            near = [r for r in _neighbours(data, data.get("sandstorm")) if r not in UNSTORMED]
            out.append({"action": "sandstorm", "faction": f, "to": rng.choice(near or REGIONS)})
    rng.shuffle(out)
    # in the order of the round's steps (a later step's move ends the steps before it, dice:67-77), the Sandstorm
    # (which ends the round) last
    # (the Reserves of the CHOAM die ends the Alliance step: after the step's Alliances)
    out.sort(key=lambda m: (STEPS.index(_step_of(m)) if _step_of(m) in STEPS else len(STEPS), m["action"] == "choam"))
    return out


def _empty_slot(data: dict[str, Any], faction: str, rng: random.Random) -> str:
    """An action slot of the Faction's board with no die on it (the Combat slots where every other has one)."""
    dice = ((data.get("factions") or {}).get(faction) or {}).get("dice") or {}
    return rng.choice([x for x in SLOTS[:4] if x not in dice] or ["combat"])


def _neighbours(data: dict[str, Any], region: Any) -> list[str]:
    """The Regions a position's ``board`` lists as bordering a Region ([] where it lists none)."""
    board = data.get("board")
    entry = board.get(region) if isinstance(board, dict) and isinstance(region, str) else None
    return list(entry.get("adjacent") or []) if isinstance(entry, dict) else []


def _step_of(move: Move) -> str:
    return MOVE_STEP.get(str(move["action"]), str(move["action"]))


def stage(data: dict[str, Any]) -> str:
    """Where the game stands: its round's step."""
    return str(data.get("step") or "no step")


PLAYOUT = Playout(propose=propose, stage=stage, prepare=prepare)
