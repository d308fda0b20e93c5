"""Checks and z3 forms agree on generated positions; a rule whose two halves disagree is caught.

Positions are drawn from the GF9 board (real territories and their sectors) as
the YAML mappings a user would write, loaded by the published loader, and
judged by the engine. Every kind of question that has rules gets its own
generator; a new kind with rules and no generator shows up as a skip. Battle
positions are drawn whole around one territory (``battle_position``) and get
their own test, with every applicable rule's form cross-checked. CHOAM Charity, bids,
revivals and spice collections (``turn_position``) are drawn over the common base with
the facts their rules read (spice near the charity line, hands listed with Karama and
Worthless Cards or counted, leaders in the Tanks, alliances with the Emperor or Fremen,
forces and spice in one sector or another or none), 1,000 positions each, every rule's
form cross-checked; each generator must reach legal, illegal and unresolved verdicts. So, over the same base,
are the spice blow (territory cards under the storm or clear of it, Shai-Hulud on the first turn or later, on
a territory with Fremen, its ally and others or on another worm, piles A and B), Treachery Cards played outside
a plan (the cards with a play of their own, Worthless Cards as Karama or not, plan cards; each card's keys;
forces by the Shield Wall), alliances formed and broken (in a Nexus or not, allied elsewhere, three factions,
sharing a territory), bribes and the Emperor's gifts (allied or not, spice near the amount or unknown). The
starting position (``start_move``: turn 1, Storm phase, storm 18, each faction's numbers mostly the gf9 setup
values, sometimes one or two off or not given) is drawn whole and must reach legal, invalid-position and
unresolved.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from campaigns import LONG
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.arrakis.board import gf9_board
from checker.arrakis.kinds import load_kinds
from checker.arrakis.kinds.play import ADVANTAGES as PLAY_ADVANTAGES
from checker.arrakis.kinds.play import NOT_CANCELLABLE as PLAY_NOT_CANCELLABLE
from checker.arrakis.position import PHASES as ALL_PHASES
from checker.arrakis.position import components, load_position
from checker.engine import Disagreement, decide, evaluate
from checker.facts import KINDS
from checker.names import FACTIONS as FACTION_NAMES
from checker.rules import LAYERS, REGISTRY, load_all, rule, ruleset_rules

load_kinds()
load_all()

BOARD = gf9_board()
TERRITORIES = sorted(BOARD.names)
FACTIONS = ["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit"]
PHASES = [
    "storm",
    "spice-blow",
    "bidding",
    "revival",
    "shipment-and-movement",
    "battle",
    "spice-collection",
    "mentat-pause",
]
SEATS = [18, 3, 6, 9, 12, 15]
GF9_FAMILY = [name for name in ("overview", "gf9", "dreamrules") if name in LAYERS]


@cache
def rulesets_for(kind: str) -> list[str]:
    return [rs for rs in GF9_FAMILY if any(r.on == kind for r in ruleset_rules(rs).values())]


KINDS_WITH_RULES = sorted({r.on for rs in GF9_FAMILY for r in ruleset_rules(rs).values()})
# The quick profile (CI's) draws 200 positions per kind; `dev.py test --long` draws the campaigns the issues ask
# for (at least 1,000 generated battles; 1,000 positions for every turn kind).
TOTAL_EXAMPLES = 1200 if LONG else 0  # quick: 200 per kind


def sector_of(draw: Any, territory: str, *, often_none: bool = True) -> int | None:
    sectors = BOARD[territory].sectors
    if not sectors or (often_none and draw(st.booleans())):
        return None
    return draw(st.sampled_from(sectors))


def some(draw: Any, strategy: Any) -> Any:
    """A value, or None (the key left out). (A boolean, not ``st.none() | strategy``: a union built afresh at
    every draw is validated afresh, which cost most of the time spent drawing positions.)"""
    return None if draw(st.booleans()) else draw(strategy)


@st.composite
def base_position(draw: Any, ruleset: str) -> dict[str, Any]:
    players = draw(st.lists(st.sampled_from(FACTIONS), min_size=1, max_size=6, unique=True))
    pos: dict[str, Any] = {"ruleset": ruleset, "advanced": draw(st.booleans())}
    for key, strategy in (
        ("storm", st.integers(1, 18)),
        ("turn", st.integers(1, 10)),
        ("phase", st.sampled_from(PHASES)),
        ("shield_wall", st.sampled_from(["standing", "destroyed"])),
    ):
        value = some(draw, strategy)
        if value is not None:
            pos[key] = value
    factions: dict[str, Any] = {}
    for f in players:
        state = {}
        for key, hi in (("spice", 40), ("reserves", 20), ("reserves_special", 5), ("tanks", 10)):
            value = some(draw, st.integers(0, hi))
            if value is not None:
                state[key] = value
        factions[f] = state
    pos["factions"] = factions
    forces = []
    for _ in range(draw(st.integers(0, 6))):
        territory = draw(st.sampled_from(TERRITORIES))
        group: dict[str, Any] = {
            "faction": draw(st.sampled_from(players)),
            "territory": territory,
            "count": draw(st.integers(0, 12)),
            "special": draw(st.integers(0, 3)),
        }
        sector = sector_of(draw, territory)
        if sector is not None:
            group["sector"] = sector
        if group["faction"] == "bene-gesserit" and draw(st.booleans()):
            group["advisors"] = True
        forces.append(group)
    pos["forces"] = forces
    spice = []
    for _ in range(draw(st.integers(0, 3))):
        territory = draw(st.sampled_from(TERRITORIES))
        pile: dict[str, Any] = {"territory": territory, "amount": draw(st.integers(0, 15))}
        sector = sector_of(draw, territory)
        if sector is not None:
            pile["sector"] = sector
        spice.append(pile)
    pos["spice"] = spice
    if len(players) >= 2 and draw(st.booleans()):
        pos["alliances"] = [draw(st.lists(st.sampled_from(players), min_size=2, max_size=2, unique=True))]
    if draw(st.booleans()):
        seats = draw(st.permutations(SEATS))
        pos["seats"] = {f: seats[i] for i, f in enumerate(players) if draw(st.integers(0, 5)) > 0}
    return pos


@st.composite
def ship_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    faction = draw(st.sampled_from(list(pos["factions"])))
    move: dict[str, Any] = {
        "action": "ship",
        "faction": faction,
        "count": draw(st.integers(0, 12)),
        "special": draw(st.integers(0, 2)),
    }
    if not move["count"] and not move["special"]:  # a shipment of no forces is an input error
        move["count"] = 1
    guild = faction == "spacing-guild"
    how = draw(st.sampled_from(["reserves", "cross", "back"] if guild else ["reserves"]))
    if how == "back":
        move["to"] = "reserves"
    else:
        move["to"] = draw(st.sampled_from(TERRITORIES))
        sector = sector_of(draw, move["to"])
        if sector is not None:
            move["sector"] = sector
    if how in ("cross", "back"):
        origin = draw(st.sampled_from(TERRITORIES))
        move["from"] = origin
        sector = sector_of(draw, origin)
        if sector is not None:
            move["from_sector"] = sector
    if draw(st.integers(0, 3)) == 0:
        move["ally_support"] = draw(st.integers(0, 10))
    if faction != "bene-gesserit" and "bene-gesserit" in pos["factions"] and draw(st.booleans()):
        move["accompany"] = draw(st.booleans())
    return move


@st.composite
def move_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    faction = draw(st.sampled_from(list(pos["factions"])))
    origin = draw(st.sampled_from(TERRITORIES))
    path = [origin]
    for _ in range(draw(st.integers(0, 4))):  # mostly a walk over the board, sometimes a jump
        near = sorted(BOARD.adjacent_territories(path[-1]))
        path.append(draw(st.sampled_from(near if near and draw(st.integers(0, 5)) else TERRITORIES)))
    to = path[-1] if len(path) > 1 else draw(st.sampled_from(TERRITORIES))
    move: dict[str, Any] = {
        "action": "move",
        "faction": faction,
        "from": origin,
        "to": to,
        "count": draw(st.integers(0, 10)),
        "special": draw(st.integers(0, 2)),
    }
    if not move["count"] and not move["special"]:  # a movement of no forces is an input error
        move["count"] = 1
    if draw(st.booleans()):
        pos["forces"].append({"faction": faction, "territory": origin, "count": draw(st.integers(0, 12))})
    for key, territory in (("from_sector", origin), ("sector", to)):
        sector = sector_of(draw, territory)
        if sector is not None:
            move[key] = sector
    if len(path) > 2 and draw(st.booleans()):
        move["via"] = path[1:-1]
    return move


@st.composite
def storm_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    move: dict[str, Any] = {"action": "storm"}
    how = draw(st.sampled_from(["distance", "dials", "both"]))
    dials = [draw(st.integers(0, 20)), draw(st.integers(0, 20))]
    if how in ("dials", "both"):
        move["dials"] = dials
    if how == "distance":
        move["distance"] = draw(st.integers(0, 40))
    if how == "both":
        move["distance"] = sum(dials)
    return move


def no_move(pos: dict[str, Any]) -> Any:
    return st.none()


# -- battle: a whole position drawn around one territory ----------------------

COMPONENTS = components()
LEADERS: dict[str, dict[str, int]] = COMPONENTS["leaders"]
DECK: list[str] = [  # the 33 cards, duplicates kept: a hand is drawn from these
    c
    for group in COMPONENTS["treachery_deck"].values()
    for cards in (group.values() if isinstance(group, dict) else [group])
    for c in cards
]
STRONGHOLDS = sorted(n for n in TERRITORIES if BOARD[n].is_stronghold)
SPECIAL_FORCES = ("emperor", "fremen")  # Sardaukar, Fedaykin
_DECK = COMPONENTS["treachery_deck"]
CARD_SLOT = {c: "other" for c in DECK}  # where a card may legally go in a plan
CARD_SLOT.update({c: "weapon" for cards in _DECK["weapons"].values() for c in cards})
CARD_SLOT.update({c: "defense" for cards in _DECK["defenses"].values() for c in cards})
CARD_SLOT.update({c: "both" for c in _DECK["worthless"]})
BATTLE_EXAMPLES = 1000 if LONG else 200


def rarely(draw: Any, one_in: int) -> bool:
    """True about once in ``one_in`` draws. Hypothesis favours 0 and the bounds of a range, so the
    rare branch is a residue neither takes; shrinking, towards 0, leads back to the common case."""
    return bool(draw(st.integers(0, 2**24)) % one_in == one_in - 1)


def _hand(draw: Any) -> list[str]:
    picks = draw(st.lists(st.integers(0, len(DECK) - 1), max_size=4, unique=True))
    return [DECK[i] for i in picks]


def _halves(h: int) -> float:
    return h // 2 if h % 2 == 0 else h / 2


def _advanced_dial(draw: Any, forces: int, special: int, fremen: bool, spice: int) -> tuple[float, int]:
    """(dial, spice committed): mostly the worth of losses a winner could select (gf9:297, 299), sometimes not."""
    if rarely(draw, 8):  # anything: too much spice, a dial no selection makes
        return _halves(draw(st.integers(0, 2 * forces + 4 * special + 6))), draw(st.integers(0, 25))
    o = draw(st.integers(0, forces))
    sp = draw(st.integers(0, special))
    if fremen:  # full strength without spice; committed spice buys nothing
        return _halves(2 * o + 4 * sp), draw(st.integers(0, min(spice, 2)))
    k = draw(st.integers(0, min(spice, o + sp)))  # tokens supported
    ks = draw(st.integers(max(0, k - o), min(k, sp)))  # of them special
    ko = k - ks
    h = 2 * ko + (o - ko) + 4 * ks + 2 * (sp - ks)
    return _halves(h), k


def _basic_dial(draw: Any, forces: int, special: int) -> float:
    worth = forces + special
    return draw(st.integers(worth + 1, worth + 3)) if rarely(draw, 10) else draw(st.integers(0, worth))


@st.composite
def battle_position(draw: Any) -> dict[str, Any]:
    """Two of the six factions with forces in one territory, their leaders, hands and plans (gf9)."""
    advanced = draw(st.booleans())
    agg, dfd = draw(st.lists(st.sampled_from(FACTIONS), min_size=2, max_size=2, unique=True))
    if rarely(draw, 15):
        territory = "Polar Sink"  # no battle there
    else:
        territory = draw(st.sampled_from(STRONGHOLDS if draw(st.booleans()) else TERRITORIES))
    sectors = BOARD[territory].sectors
    other_places = [t for t in TERRITORIES if t != territory]
    pos: dict[str, Any] = {"ruleset": "gf9", "advanced": advanced}
    if not rarely(draw, 12):
        pos["phase"] = "battle"
    elif draw(st.booleans()):
        pos["phase"] = draw(st.sampled_from(PHASES))
    if rarely(draw, 3):
        # the storm: often over this territory, where it may split or cover the battle
        pos["storm"] = draw(st.sampled_from(sectors)) if sectors and draw(st.booleans()) else draw(st.integers(1, 18))
    factions: dict[str, Any] = {}
    forces: list[dict[str, Any]] = []
    plans: dict[str, Any] = {}
    for me, foe in ((agg, dfd), (dfd, agg)):
        state: dict[str, Any] = {}
        spice = draw(st.integers(0, 20))
        if not rarely(draw, 10):
            state["spice"] = spice
        own = sorted(LEADERS[me])
        tanks = draw(st.lists(st.sampled_from(own), min_size=1, max_size=2, unique=True)) if rarely(draw, 3) else []
        if tanks:
            state["leaders_in_tanks"] = tanks
        alive = [n for n in own if n not in tanks]
        used: dict[str, str] = {}
        if alive and rarely(draw, 3):
            for n in draw(st.lists(st.sampled_from(alive), min_size=1, max_size=2, unique=True)):
                used[n] = territory if rarely(draw, 4) else draw(st.sampled_from(other_places))
            state["leaders_used_this_phase"] = used
        hand: list[str] | None = None
        if not rarely(draw, 4):
            hand = _hand(draw)
            state["hand"] = hand
        elif draw(st.booleans()):
            state["hand"] = draw(st.integers(0, 4))
        foe_leaders = sorted(LEADERS[foe])
        traitor_held = False
        if rarely(draw, 3):
            pool = sorted({n for leaders in LEADERS.values() for n in leaders} - set(own))
            traitors = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2, unique=True))
            state["traitors"] = traitors
            traitor_held = any(n in foe_leaders for n in traitors)
        kh = False
        if me == "atreides" and rarely(draw, 3):
            kh = True
            if not rarely(draw, 6):
                state["forces_lost_in_battle"] = draw(st.integers(5, 6) if rarely(draw, 4) else st.integers(7, 9))
            if rarely(draw, 5):
                used_in = territory if draw(st.booleans()) else draw(st.sampled_from(other_places))
                state["kwisatz_haderach_used_in"] = used_in
        elif me == "atreides" and rarely(draw, 4):
            state["forces_lost_in_battle"] = draw(st.integers(0, 9))
        factions[me] = state
        # forces: one group, sometimes two (in different sectors), sometimes none fighting
        count = 0 if rarely(draw, 20) else draw(st.integers(1, 12))
        special = draw(st.integers(0, 3)) if me in SPECIAL_FORCES and (advanced or rarely(draw, 4)) else 0
        if special and rarely(draw, 4):
            count = 0  # Sardaukar or Fedaykin alone
        groups = [{"faction": me, "territory": territory, "count": count, "special": special}]
        if sectors and len(sectors) > 1 and count > 1 and rarely(draw, 4):
            split = draw(st.integers(1, count - 1))
            groups[0]["count"] = count - split
            groups.append({"faction": me, "territory": territory, "count": split})
        for g in groups:
            if sectors and draw(st.booleans()):
                g["sector"] = draw(st.sampled_from(sectors))
        forces += groups
        if me == "bene-gesserit" and advanced and rarely(draw, 4):
            forces.append({"faction": me, "territory": territory, "count": draw(st.integers(1, 4)), "advisors": True})
        # the plan
        plan: dict[str, Any] = {}
        avail = [n for n in alive if used.get(n, territory) == territory]
        cheap = [c for c in (hand or []) if c in ("Cheap Hero", "Cheap Heroine")]
        if rarely(draw, 12):  # a leader it may not play: dead, used elsewhere, or the opponent's
            odd = [n for n in own if n not in avail] or own
            plan["leader"] = draw(st.sampled_from(odd if draw(st.booleans()) else foe_leaders))
        elif rarely(draw, 15):
            plan["cheap_hero"] = True  # perhaps not in hand
        elif cheap and (not avail or rarely(draw, 3)):
            # true names the Cheap Hero (position.BattlePlan.cards): with only a Cheap Heroine, name it
            plan["cheap_hero"] = draw(st.sampled_from([*([True] if "Cheap Hero" in cheap else []), *cheap]))
        elif avail and not rarely(draw, 15):
            plan["leader"] = draw(st.sampled_from(avail))
        fremen = me == "fremen"
        commit = 0
        if advanced:
            dial, commit = _advanced_dial(draw, count, special, fremen, spice)
        else:
            dial = _basic_dial(draw, count, special)
            if rarely(draw, 12):
                commit = draw(st.integers(1, 3))  # spice support in a Basic game
        if commit:
            plan["spice"] = commit
        if not rarely(draw, 20):
            plan["dial"] = dial
        held = list(hand or [])
        for slot in ("weapon", "defense"):
            fits = [c for c in held if CARD_SLOT[c] in (slot, "both")]
            if rarely(draw, 25):
                plan[slot] = draw(st.sampled_from(DECK))  # perhaps not in hand, perhaps the wrong kind
            elif rarely(draw, 20) and held:
                plan[slot] = draw(st.sampled_from(held))  # from the hand, perhaps the wrong kind
            elif fits and draw(st.booleans()):
                plan[slot] = draw(st.sampled_from(fits))
            if plan.get(slot) in held:
                held.remove(plan[slot])
        if hand is not None and "weapon" not in plan and rarely(draw, 8):
            hand.append("Lasgun")  # a lasgun, and perhaps a Shield across the table: an explosion
            plan["weapon"] = "Lasgun"
        if kh and not rarely(draw, 4):
            plan["kwisatz_haderach"] = True
        elif rarely(draw, 25):
            plan["kwisatz_haderach"] = True  # perhaps not Atreides
        if (traitor_held and draw(st.booleans())) or rarely(draw, 25):
            plan["traitor"] = True
        plans[me] = plan
    # the traitor card held for the leader the opponent actually plays, often enough to matter
    for me, foe in ((agg, dfd), (dfd, agg)):
        leader = plans[foe].get("leader")
        if plans[me].get("traitor") and leader and leader in LEADERS[foe] and draw(st.booleans()):
            factions[me].setdefault("traitors", [])
            if leader not in factions[me]["traitors"]:
                factions[me]["traitors"].append(leader)
    if rarely(draw, 6):  # a third faction in the territory
        third = draw(st.sampled_from([f for f in FACTIONS if f not in (agg, dfd)]))
        forces.append({"faction": third, "territory": territory, "count": draw(st.integers(1, 5))})
        factions.setdefault(third, {})
    if rarely(draw, 15):
        pos["alliances"] = [[agg, dfd]]
    elif "harkonnen" not in (agg, dfd) and rarely(draw, 4):
        # gf9:291, 293: an allied Harkonnen (away from this battle) may hold the traitor card and call it
        caller = draw(st.sampled_from([agg, dfd]))
        foe_leader = plans[dfd if caller == agg else agg].get("leader")
        harkonnen = factions.setdefault("harkonnen", {})
        if foe_leader and draw(st.booleans()):
            harkonnen["traitors"] = [foe_leader]
        if draw(st.integers(0, 3)):
            pos["alliances"] = [[caller, "harkonnen"]]
        if draw(st.booleans()):
            plans[caller]["traitor"] = True
    pos["factions"] = factions
    pos["forces"] = forces
    pos["move"] = {"action": "battle", "territory": territory, "aggressor": agg, "plans": plans}
    return pos


# -- the turn's other kinds: CHOAM Charity, bidding, revival, spice collection --

UNSHEETED = [f for f in FACTION_NAMES if f not in FACTIONS]  # factions gf9 prints no sheet for


def _unsheeted(pos: dict[str, Any]) -> list[str]:
    """Those a position of its ruleset may name: dreamrules names only its eight factions (dreamrules:118), the
    overview only the six it prints no sheet for past (overview:3), so none."""
    if pos.get("ruleset") == "overview":
        return []
    return [f for f in UNSHEETED if pos.get("ruleset") != "dreamrules" or f in ("bene-tleilax", "ixians")]


WORTHLESS: list[str] = list(_DECK["worthless"])
ALL_LEADERS = sorted({n for leaders in LEADERS.values() for n in leaders})
CITIES = ["Arrakeen", "Carthag"]
SPICE_TERRITORIES = sorted(n for n in TERRITORIES if BOARD[n].spice_blow is not None)
TURN_EXAMPLES = 1000 if LONG else 200


def _own_phase(draw: Any, pos: dict[str, Any], phase: str) -> None:
    """Mostly the kind's own phase; sometimes another, or none (the kind then assumes its own, with a note)."""
    if rarely(draw, 8):
        pos["phase"] = draw(st.sampled_from(ALL_PHASES))
    elif rarely(draw, 4):
        pos.pop("phase", None)
    else:
        pos["phase"] = phase


def _mover(draw: Any, pos: dict[str, Any], *, unsheeted: int = 25) -> str:
    """A listed faction; rarely one the position does not list, or one gf9 prints no sheet for."""
    if _unsheeted(pos) and rarely(draw, unsheeted):
        faction = draw(st.sampled_from(_unsheeted(pos)))
        if draw(st.booleans()):
            pos["factions"].setdefault(faction, {"spice": draw(st.integers(0, 10)), "tanks": draw(st.integers(0, 6))})
        return str(faction)
    if rarely(draw, 30):
        return str(draw(st.sampled_from(FACTIONS)))  # perhaps not listed: its state is unknown
    return str(draw(st.sampled_from(list(pos["factions"]))))


def _ally(draw: Any, pos: dict[str, Any], me: str, favoured: tuple[str, ...] = ()) -> str | None:
    """Often an alliance for the mover (with a favoured faction when one is asked for), its ally listed or not."""
    if draw(st.booleans()):
        return None
    pool = [f for f in (*favoured, *FACTIONS) if f != me]
    ally = str(
        draw(st.sampled_from(pool if not favoured or rarely(draw, 3) else [f for f in favoured if f != me] or pool))
    )
    if not rarely(draw, 6):
        pos["factions"].setdefault(ally, {})
        if draw(st.integers(0, 4)):
            pos["factions"][ally]["spice"] = draw(st.integers(0, 20))
    pos["alliances"] = [[me, ally]]
    return ally


def _turn_hand(draw: Any, *, room: int = 8) -> int | list[str]:
    """A hand: a count, or cards by name (Karama and Worthless Cards often among them)."""
    if rarely(draw, 3):
        return int(draw(st.integers(0, room + 1)))
    picks = draw(st.lists(st.integers(0, len(DECK) - 1), max_size=room + 1, unique=True))
    cards = [DECK[i] for i in picks]
    if rarely(draw, 3):
        cards.append(draw(st.sampled_from(["Karama", *WORTHLESS])))
    return cards


@st.composite
def charity_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    _own_phase(draw, pos, "choam-charity")
    me = _mover(draw, pos)
    state = pos["factions"].get(me)
    if state is not None:
        if rarely(draw, 8):
            state.pop("spice", None)
        else:  # mostly around the charity line of two
            state["spice"] = draw(st.integers(0, 4) if draw(st.integers(0, 3)) else st.integers(0, 40))
    return {"action": "charity", "faction": me}


@st.composite
def next_phase_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    """The next phase: from any phase (or none given), the history of the phase given or not, a phase named or
    not (mostly the right one)."""
    if draw(st.booleans()):
        pos["this_phase"] = draw(st.lists(st.sampled_from(["storm", "blow", "blow-a", "blow-b"]), max_size=3))
    move: dict[str, Any] = {"action": "next-phase"}
    if draw(st.booleans()):
        move["to"] = draw(st.sampled_from(PHASES))
    return move


@st.composite
def bid_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    _own_phase(draw, pos, "bidding")
    me = _mover(draw, pos)
    state = pos["factions"].get(me)
    if state is not None:
        if not rarely(draw, 8):
            state["spice"] = draw(st.integers(0, 20))
        if not rarely(draw, 6):
            state["hand"] = _turn_hand(draw)
        else:
            state.pop("hand", None)
    ally = _ally(draw, pos, me, ("emperor",))
    if "emperor" not in pos["factions"] and rarely(draw, 3):
        pos["players"] = min(10, len(pos["factions"]) + draw(st.integers(0, 2)))  # an unlisted player may be it
    move: dict[str, Any] = {"action": "bid", "faction": me}
    if not rarely(draw, 6):  # a bid, rarely of nothing; else a pass
        move["amount"] = draw(st.integers(0, 2) if rarely(draw, 8) else st.integers(1, 25))
    if (ally is not None and draw(st.booleans())) or rarely(draw, 15):
        move["ally_support"] = draw(st.integers(0, 12))
    if rarely(draw, 3):
        move["karama"] = True
    if rarely(draw, 20):
        move["shaddams_favor"] = draw(st.integers(1, 5))
    return move


@st.composite
def revive_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    _own_phase(draw, pos, "revival")
    me = _mover(draw, pos, unsheeted=15)
    state = pos["factions"].get(me)
    count = draw(st.integers(0, 6) if rarely(draw, 4) else st.integers(0, 3))
    special = draw(st.integers(0, 3)) if me in SPECIAL_FORCES or rarely(draw, 10) else 0
    own = sorted(LEADERS.get(me, {}))
    if state is not None:
        for key, n in (("tanks", count), ("tanks_special", special)):
            if rarely(draw, 8):
                state.pop(key, None)
            else:  # mostly enough in the Tanks, sometimes too few
                state[key] = draw(st.integers(0, n) if rarely(draw, 6) else st.integers(n, n + 4))
        if not rarely(draw, 10):
            state["spice"] = draw(st.integers(0, 12))
        if own and draw(st.booleans()):  # leaders in the Tanks: often all five, sometimes some
            k = len(own) if draw(st.booleans()) else draw(st.integers(1, len(own)))
            state["leaders_in_tanks"] = draw(st.permutations(own))[:k]
            if draw(st.booleans()):  # which of them lie face down (gf9:195): none, some, all
                tanks = state["leaders_in_tanks"]
                state["leaders_face_down"] = draw(st.lists(st.sampled_from(tanks), unique=True, max_size=len(tanks)))
        if own and rarely(draw, 12):
            state["leaders"] = {draw(st.sampled_from(own)): draw(st.integers(0, 9))}  # a strength where one is given
    if rarely(draw, 6):  # another faction's leaders in the Tanks
        other = draw(st.sampled_from(FACTIONS))
        theirs = pos["factions"].setdefault(other, {})
        theirs["leaders_in_tanks"] = draw(
            st.lists(st.sampled_from(sorted(LEADERS[other])), min_size=1, max_size=5, unique=True)
        )
        if "leaders_face_down" in theirs:  # face down only among those now in the Tanks
            theirs["leaders_face_down"] = [n for n in theirs["leaders_face_down"] if n in theirs["leaders_in_tanks"]]
    ally = _ally(draw, pos, me, ("emperor", "fremen"))
    move: dict[str, Any] = {"action": "revive", "faction": me, "count": count, "special": special}
    if draw(st.booleans()):
        tanks = (state or {}).get("leaders_in_tanks", [])
        if tanks and not rarely(draw, 4):
            move["leader"] = draw(st.sampled_from(tanks))
        elif own and draw(st.booleans()):
            move["leader"] = draw(st.sampled_from(own))  # perhaps alive
        else:
            move["leader"] = draw(st.sampled_from(ALL_LEADERS))  # perhaps not its own (an unknown name: exit 2)
    if (ally == "emperor" and draw(st.integers(0, 3))) or rarely(draw, 15):
        move["emperor_pays"] = draw(st.integers(0, count + special))  # never more than it revives (an input error)
    if (ally == "fremen" and draw(st.integers(0, 3))) or rarely(draw, 15):
        move["fremen_grant"] = draw(st.booleans())
    if (me == "atreides" and rarely(draw, 3)) or rarely(draw, 25):
        move["kwisatz_haderach"] = True
    if rarely(draw, 20):
        move["card"] = draw(st.sampled_from(["Tleilaxu Ghola", "Karama"]))
    if rarely(draw, 25):
        move["fate"] = True
    return move


@st.composite
def collect_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    _own_phase(draw, pos, "spice-collection")
    me = _mover(draw, pos)
    pick = draw(st.integers(0, 5))
    if pick == 5:
        territory = draw(st.sampled_from(TERRITORIES))
    elif pick == 4:
        territory = draw(st.sampled_from([*CITIES, "Tuek's Sietch"]))
    else:  # mostly where spice can lie
        territory = draw(st.sampled_from(SPICE_TERRITORIES))
    sectors = BOARD[territory].sectors
    home = draw(st.sampled_from(sectors)) if sectors else None  # forces and spice mostly share a sector

    def placed(record: dict[str, Any]) -> dict[str, Any]:
        if home is not None and not rarely(draw, 4):
            record["sector"] = home
        elif (sector := sector_of(draw, territory)) is not None:
            record["sector"] = sector  # perhaps another sector, perhaps none
        return record

    for _ in range(draw(st.integers(1, 2) if not rarely(draw, 8) else st.just(0))):  # the collector's forces there
        group = placed({"faction": me, "territory": territory, "count": draw(st.integers(0, 8))})
        if rarely(draw, 6):
            group["count"] = 0
        elif group["count"] == 0:
            group["count"] = draw(st.integers(1, 8))
        if me in SPECIAL_FORCES and rarely(draw, 3):
            group["special"] = draw(st.integers(1, 3))
        if me == "bene-gesserit" and rarely(draw, 3):
            group["advisors"] = True
        pos["forces"].append(group)
    for _ in range(draw(st.integers(1, 2) if not rarely(draw, 6) else st.just(0))):  # the spice there
        pos["spice"].append(placed({"territory": territory, "amount": draw(st.integers(0, 14))}))
    if rarely(draw, 3):  # it occupies a city (three a force), perhaps with advisors only
        city: dict[str, Any] = {"faction": me, "territory": draw(st.sampled_from(CITIES)), "count": 1}
        if me == "bene-gesserit" and draw(st.booleans()):
            city["advisors"] = True
        pos["forces"].append(city)
    move: dict[str, Any] = {"action": "collect", "faction": me, "territory": territory}
    if sectors and draw(st.booleans()):
        move["sector"] = draw(st.sampled_from(sectors))
    return move


# -- the spice blow, Treachery Cards played, alliances, bribes, gifts, and the start --

SAND = sorted(n for n in TERRITORIES if BOARD[n].kind == "sand")
NEAR_WALL = sorted({"Shield Wall"} | BOARD.adjacent_territories("Shield Wall"))
OWN_PLAY = ["Weather Control", "Family Atomics", "Hajr", "Karama", "Truthtrance", "Tleilaxu Ghola"]
CARD_PHASE = {  # the phase each card's lines name (Karama's is drawn: it has several)
    "Weather Control": "storm",
    "Family Atomics": "storm",
    "Hajr": "shipment-and-movement",
    "Truthtrance": "bidding",
    "Tleilaxu Ghola": "revival",
}
ADVANTAGE_NAMES = [*PLAY_ADVANTAGES, *PLAY_NOT_CANCELLABLE, "Hajr", "Weather Control", "the spice harvest"]


def _place(draw: Any, faction: str, territory: str, *, hi: int = 6) -> dict[str, Any]:
    group: dict[str, Any] = {"faction": faction, "territory": territory, "count": draw(st.integers(1, hi))}
    if (sector := sector_of(draw, territory)) is not None:
        group["sector"] = sector
    return group


@st.composite
def blow_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    if rarely(draw, 6):
        pos["phase"] = "nexus"  # the same phase, Spice Blow and Nexus
    else:
        _own_phase(draw, pos, "spice-blow")
    if rarely(draw, 8):
        pos.pop("turn", None)
    else:  # the first turn often: its Shai-Hulud is set aside
        pos["turn"] = 1 if rarely(draw, 3) else draw(st.integers(2, 10))
    worm = draw(st.integers(0, 2)) > 0
    card = "shai-hulud" if worm else draw(st.sampled_from(SPICE_TERRITORIES))
    move: dict[str, Any] = {"action": "blow", "card": card}
    if not worm:  # the storm often over the card's spice-blow sector, sometimes unknown
        blow = BOARD[card].spice_blow
        assert blow is not None  # a territory card's territory has a spice-blow sector
        blow_sector = blow[0]
        if rarely(draw, 8):
            pos.pop("storm", None)
        else:
            pos["storm"] = blow_sector if draw(st.booleans()) else draw(st.integers(1, 18))
    if draw(st.booleans()):
        move["pile"] = draw(st.sampled_from(["a", "b"]))
    if rarely(draw, 4):
        move["previous"] = "shai-hulud"  # a consecutive worm
    elif not rarely(draw, 10):
        move["previous"] = draw(st.sampled_from(SPICE_TERRITORIES))
    attacked = move.get("previous") if worm and move.get("previous") != "shai-hulud" else None
    if attacked is not None:
        there = draw(st.lists(st.sampled_from(FACTIONS), max_size=3, unique=True))
        for f in there:  # Fremen and its ally often among them
            group = _place(draw, f, attacked)
            if f in SPECIAL_FORCES and rarely(draw, 3):
                group["special"] = draw(st.integers(1, 3))
            if f == "bene-gesserit" and rarely(draw, 3):
                group["advisors"] = True
            pos["forces"].append(group)
            pos["factions"].setdefault(f, {})
        others = [f for f in there if f != "fremen"]
        if others and not rarely(draw, 3):
            pos["alliances"] = [["fremen", draw(st.sampled_from(others))]]
            pos["factions"].setdefault("fremen", {})
        if rarely(draw, 8):
            pos.pop("spice", None)  # the spice lying there unknown
        elif draw(st.booleans()):
            pos["spice"].append({"territory": attacked, "amount": draw(st.integers(0, 12))})
    if (pos.get("alliances") and draw(st.integers(0, 3))) or rarely(draw, 12):
        move["fremen_protects"] = draw(st.booleans())
    if rarely(draw, 10):
        pos["players"] = min(10, len(pos["factions"]) + 1)  # an unlisted player, perhaps Fremen
    return move


@st.composite
def play_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    me = _mover(draw, pos)
    pick = draw(st.integers(0, 9))
    if pick <= 6:
        card = draw(st.sampled_from([*OWN_PLAY, "Karama"]))  # the cards with a play of their own, Karama twice
    elif pick == 7:
        card = draw(st.sampled_from(WORTHLESS))
    else:
        card = draw(st.sampled_from(DECK))  # a weapon, a defense, a Cheap Hero: played in a plan
    phase = CARD_PHASE.get(card) or draw(st.sampled_from(["battle", "bidding", "spice-blow", "nexus", "revival"]))
    _own_phase(draw, pos, phase)
    if rarely(draw, 10):
        pos.pop("turn", None)
    else:
        pos["turn"] = 1 if rarely(draw, 5) else draw(st.integers(2, 10))
    state = pos["factions"].get(me)
    if state is not None:
        if rarely(draw, 8):
            state.pop("hand", None)
        elif rarely(draw, 6):
            state["hand"] = draw(st.integers(0, 4))  # a count: the card may or may not be there
        else:
            hand = _hand(draw)
            if card not in hand and not rarely(draw, 6):
                hand.append(card)
            state["hand"] = hand
    move: dict[str, Any] = {"action": "play", "faction": me, "card": card}
    if (card in WORTHLESS and draw(st.booleans())) or rarely(draw, 25):
        move["as_karama"] = True  # Advanced Bene Gesserit's, or anyone's
    karama = card == "Karama" or (move.get("as_karama", False) and card in WORTHLESS)
    if card == "Weather Control":
        if not rarely(draw, 8):
            move["distance"] = draw(st.integers(0, 12))
        if rarely(draw, 4):
            move["storm_moved"] = draw(st.booleans())
    elif card == "Family Atomics":
        if rarely(draw, 4):
            move["storm_moved"] = draw(st.booleans())
        for _ in range(draw(st.integers(0, 2))):  # its forces on or next to the Shield Wall, or elsewhere
            territory = draw(st.sampled_from(NEAR_WALL if not rarely(draw, 4) else TERRITORIES))
            group = _place(draw, me, territory)
            if me == "bene-gesserit" and draw(st.booleans()):
                group["advisors"] = True
            pos["forces"].append(group)
        for f in draw(st.lists(st.sampled_from(FACTIONS), max_size=2, unique=True)):  # forces on the wall
            pos["forces"].append(_place(draw, f, "Shield Wall"))
        if draw(st.booleans()):
            pos["storm"] = draw(st.sampled_from([7, 8, 9, 6, 5]) if draw(st.booleans()) else st.integers(1, 18))
    elif card == "Hajr":
        if not rarely(draw, 4):
            move["after_movement"] = draw(st.booleans())
    elif karama:
        use = draw(st.sampled_from([None, "cancel", "power"]))
        if use is not None:
            move["karama_use"] = use
        if use != "power" and not rarely(draw, 4):
            move["cancels"] = draw(st.sampled_from(ADVANTAGE_NAMES))
        if pos.get("phase") == "battle" or rarely(draw, 6):
            if draw(st.booleans()):
                move["plans_revealed"] = draw(st.booleans())
        if use == "power":
            if draw(st.integers(0, 3)):
                move["power_used"] = draw(st.booleans())
            if (me == "fremen" and draw(st.integers(0, 3))) or rarely(draw, 10):
                move["territory"] = draw(st.sampled_from(SAND if draw(st.integers(0, 2)) else TERRITORIES))
    elif rarely(draw, 20):
        move["karama_use"] = draw(st.sampled_from(["cancel", "power"]))  # read only for a Karama: a note
    return move


@st.composite
def ally_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    _own_phase(draw, pos, "nexus")
    breaking = rarely(draw, 3)
    size = draw(st.integers(1, 2)) if breaking else (3 if rarely(draw, 10) else 2)
    factions = draw(st.lists(st.sampled_from(FACTIONS), min_size=size, max_size=size, unique=True))
    for f in factions:
        if not rarely(draw, 8):
            pos["factions"].setdefault(f, {})
    rest = [f for f in FACTIONS if f not in factions]
    if breaking and not rarely(draw, 4):  # mostly an alliance there is to break
        pos["alliances"] = [factions if len(factions) == 2 else [factions[0], draw(st.sampled_from(rest))]]
    elif not breaking and rarely(draw, 3):  # one of them allied elsewhere, or already with the other
        pos["alliances"] = [[draw(st.sampled_from(factions)), draw(st.sampled_from(rest))]]
        if rarely(draw, 4):
            pos["alliances"] = [factions[:2]]
    if size == 2 and draw(st.booleans()):  # they share a territory, perhaps the Polar Sink
        territory = draw(st.sampled_from(["Polar Sink", *TERRITORIES]))
        for f in factions:
            group = _place(draw, f, territory)
            if f == "bene-gesserit" and draw(st.booleans()):
                group["advisors"] = True
            pos["forces"].append(group)
    move: dict[str, Any] = {"action": "ally", "factions": factions}
    if breaking:
        move["break"] = True
    return move


def _two_parties(draw: Any, pos: dict[str, Any], favoured: str | None = None) -> tuple[str, str]:
    """A giver (the favoured faction often) and a recipient, often allied, the giver's spice near the amount."""
    me = favoured if favoured and not rarely(draw, 4) else _mover(draw, pos)
    to = str(draw(st.sampled_from([f for f in FACTIONS if f != me])))
    if draw(st.booleans()):
        pos["alliances"] = [[me, to]]
    elif pos.get("alliances") and any(me in a and to in a for a in pos["alliances"]):
        pos.pop("alliances")
    for f in (me, to):
        if not rarely(draw, 8):
            pos["factions"].setdefault(f, {})
    return str(me), to


def _spice_for(draw: Any, pos: dict[str, Any], faction: str, amount: int) -> None:
    state = pos["factions"].get(faction)
    if state is None:
        return
    if rarely(draw, 6):
        state.pop("spice", None)
    else:  # mostly around the amount
        state["spice"] = max(0, amount + draw(st.integers(-3, 3)))


@st.composite
def bribe_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    me, to = _two_parties(draw, pos)
    amount = draw(st.integers(1, 15))
    _spice_for(draw, pos, me, amount)
    return {"action": "bribe", "faction": me, "to": to, "amount": amount}


@st.composite
def give_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    me, to = _two_parties(draw, pos, "emperor")
    amount = draw(st.integers(1, 15))
    _spice_for(draw, pos, me, amount)
    if to in pos["factions"] and rarely(draw, 3):
        pos["factions"][to].pop("spice", None)  # the recipient's spice unknown
    return {"action": "give", "faction": me, "to": to, "amount": amount}


# The gf9 setup (gf9:343, 359, 387, 397, 421, 431): board forces, where, reserves, spice, cards, traitors kept.
SETUP: dict[str, tuple[int, tuple[str, ...], int, int, int, int]] = {
    "atreides": (10, ("Arrakeen",), 10, 10, 1, 1),
    "bene-gesserit": (1, ("Polar Sink",), 19, 5, 1, 1),
    "emperor": (0, (), 20, 10, 1, 1),
    "fremen": (10, ("Sietch Tabr", "False Wall South", "False Wall West"), 10, 3, 1, 1),
    "harkonnen": (10, ("Carthag",), 10, 10, 2, 4),
    "spacing-guild": (5, ("Tuek's Sietch",), 15, 5, 1, 1),
}


def _near(draw: Any, value: int) -> int | None:
    """The setup value mostly, sometimes one or two off, sometimes not given (None)."""
    if rarely(draw, 10):
        return None
    if rarely(draw, 5):
        return max(0, value + draw(st.sampled_from([-2, -1, 1, 2])))
    return value


@st.composite
def start_move(draw: Any, pos: dict[str, Any]) -> None:
    """The starting position (turn 1, Storm phase, storm 18), its numbers near and off the gf9 setup; no move."""
    advanced = bool(pos["advanced"])
    pos.update(turn=1, phase="storm", storm=18)
    if rarely(draw, 12):  # not quite the start: the storm moved, or a key left out
        key = draw(st.sampled_from(["turn", "phase", "storm"]))
        if draw(st.booleans()):
            del pos[key]
        else:
            pos[key] = {"turn": 2, "phase": "spice-blow", "storm": draw(st.integers(1, 17))}[key]
    players = draw(st.lists(st.sampled_from(FACTIONS), min_size=2, max_size=6, unique=True))
    if _unsheeted(pos) and rarely(draw, 15):
        players.append(draw(st.sampled_from(_unsheeted(pos))))  # an expansion faction
    factions: dict[str, Any] = {}
    forces: list[dict[str, Any]] = []
    for f in players:
        board, homes, reserves, spice, cards, traitors = SETUP.get(f, (0, (), 20, 5, 1, 1))
        state: dict[str, Any] = {}
        special_cap = {"emperor": 5, "fremen": 3}.get(f, 0) if advanced else 0
        board_special = draw(st.integers(0, min(special_cap, board))) if f == "fremen" and special_cap else 0
        reserve_special = special_cap - board_special
        if (n := _near(draw, reserves - reserve_special)) is not None:
            state["reserves"] = n
        if special_cap and (n := _near(draw, reserve_special)) is not None:
            state["reserves_special"] = n
        if (n := _near(draw, spice)) is not None:
            state["spice"] = n
        hand = _near(draw, cards)
        if hand is not None:
            state["hand"] = (
                [
                    DECK[i]
                    for i in draw(st.lists(st.integers(0, len(DECK) - 1), min_size=hand, max_size=hand, unique=True))
                ]
                if rarely(draw, 3)
                else hand
            )
        kept = _near(draw, traitors)
        if kept and f in LEADERS:
            pool = ALL_LEADERS
            state["traitors"] = draw(st.lists(st.sampled_from(pool), min_size=kept, max_size=kept, unique=True))
        if f == "bene-gesserit" and draw(st.booleans()):
            other = draw(st.sampled_from([g for g in FACTIONS if g != f] if not rarely(draw, 8) else FACTIONS))
            state["prediction"] = {"faction": other, "turn": draw(st.integers(1, 10))}
        factions[f] = state
        if f == "bene-gesserit" and advanced:  # one advisor in any territory, alone a fighter (gf9:51, 371)
            territory = draw(st.sampled_from(TERRITORIES if rarely(draw, 3) else ["Polar Sink", "Arrakeen", "Carthag"]))
            group = _place(draw, f, territory, hi=1)
            if draw(st.booleans()):
                group["advisors"] = True
            forces.append(group)
            continue
        left, left_special = board, board_special
        for i, home in enumerate(homes):  # Fremen splits its ten as it chooses
            count = left if i == len(homes) - 1 else draw(st.integers(0, left))
            special = (
                min(left_special, count) if i == len(homes) - 1 else draw(st.integers(0, min(left_special, count)))
            )
            left, left_special = left - count, left_special - special
            if count:
                group = {"faction": f, "territory": home, "count": count - special, "special": special}
                if (sector := sector_of(draw, home, often_none=False)) is not None and len(BOARD[home].sectors) > 1:
                    group["sector"] = sector
                if rarely(draw, 6):  # one off, or elsewhere
                    if draw(st.booleans()):
                        group["count"] = max(0, group["count"] + draw(st.sampled_from([-1, 1])))
                    else:
                        group["territory"] = draw(st.sampled_from(TERRITORIES))
                        group.pop("sector", None)
                forces.append(group)
        if rarely(draw, 12):
            forces.append(_place(draw, f, draw(st.sampled_from(TERRITORIES)), hi=3))  # a stray group
    pos["factions"] = factions
    if not rarely(draw, 10):
        pos["forces"] = forces
    if rarely(draw, 15):
        pos["alliances"] = [players[:2]]
    return None


TURN_KINDS = {
    "charity": charity_move,
    "bid": bid_move,
    "revive": revive_move,
    "collect": collect_move,
    "blow": blow_move,
    "play": play_move,
    "ally": ally_move,
    "bribe": bribe_move,
    "give": give_move,
    "start": start_move,
}
KIND_OF = {"start": "position"}  # a generator named other than the kind of question it draws
WHOLE = {"start"}  # generators that draw the whole position, not over the common base
REACHES = {"start": {"legal", "invalid-position", "unresolved"}}  # else legal, illegal and unresolved


@st.composite
def turn_position(draw: Any, kind: str) -> tuple[str, dict[str, Any]]:
    ruleset = draw(st.sampled_from(rulesets_for(KIND_OF.get(kind, kind))))
    pos = draw(base_position(ruleset)) if kind not in WHOLE else {"ruleset": ruleset, "advanced": draw(st.booleans())}
    move = draw(TURN_KINDS[kind](pos))
    if move is not None:
        pos["move"] = move
    return ruleset, pos


@st.composite
def technology_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    """Dreamrules' Technology: the Ixians or another faction, the card in a listed hand or not, a bid made or
    not, Technology used or stopped this phase or not said."""
    me = draw(st.sampled_from(["ixians", *FACTIONS]))
    card = draw(st.sampled_from(["Hajr", "Lasgun", "Baliset", "Karama"]))
    state: dict[str, Any] = pos["factions"].setdefault(me, {})
    hand = draw(st.sampled_from(["with", "without", "count", "none"]))
    if hand != "none":
        state["hand"] = {"with": [card, "Shield"], "without": ["Shield"], "count": 2}[hand]
    used = some(draw, st.booleans())
    if used is not None:
        state["technology_used"] = used
    if draw(st.booleans()):
        state["suppressed"] = ["Technology"]
    if draw(st.booleans()):
        pos["current_auction"] = {"high_bid": draw(st.integers(0, 5))}
    return {"action": "technology", "faction": me, "card": card}


@st.composite
def take_tech_token_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    """A standard tech token taken after a battle: the winner or not, tokens in play, the result given or not."""
    players = list(pos["factions"])
    me = draw(st.sampled_from(players))
    for f in players:
        tokens = draw(st.integers(0, 2))
        if tokens:
            pos["factions"][f]["tech_tokens"] = [f"{f}-{i}" for i in range(tokens)]
    battle: dict[str, Any] = {}
    winner = some(draw, st.sampled_from(players))
    if winner is not None:
        battle["winner"] = winner
    result = some(draw, st.sampled_from(["ordinary", "traitor", "zoal-infiltration"]))
    if result is not None:
        battle["result"] = result
    received = some(draw, st.booleans())
    if received is not None:
        battle["token_received"] = received
    if battle or draw(st.booleans()):
        pos["last_battle"] = battle
    return {"action": "take-tech-token", "faction": me}


@st.composite
def deal_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    """A binding deal: two parties (Bene Tleilax among them only under Dreamrules), allied or not, its terms given or
    not."""
    a = draw(st.sampled_from(["bene-tleilax", *FACTIONS] if pos["ruleset"] == "dreamrules" else FACTIONS))
    b = draw(st.sampled_from([f for f in FACTIONS if f != a]))
    for f in (a, b):
        pos["factions"].setdefault(f, {})
    if rarely(draw, 4):
        pos["alliances"] = [[a, b]]
    move: dict[str, Any] = {"action": "deal", "factions": [a, b]}
    terms = ["information", "card-information", "action", "spice", "end-infiltration", "transfer", "faction-power"]
    if draw(st.booleans()):
        move["terms"] = draw(st.lists(st.sampled_from(terms), min_size=1, max_size=3, unique=True))
    return move


@st.composite
def note_move(draw: Any, pos: dict[str, Any]) -> dict[str, Any]:
    """Dreamrules' written notes: about Treachery Cards or a public deal, by Atreides or another faction."""
    me = draw(st.sampled_from(FACTIONS))
    pos["factions"].setdefault(me, {})
    return {"action": "note", "faction": me, "about": draw(st.sampled_from(["treachery-cards", "deal"]))}


@st.composite
def with_history(draw: Any, pos: dict[str, Any], move: Any) -> dict[str, Any]:
    """A move drawn over a position that sometimes gives the phase's history, as a record writes it (gf9:201: one
    shipment, then one movement, a faction's turn)."""
    if draw(st.booleans()):
        players = list(pos["factions"])
        events = ["storm", *(f"{w}: {f}" for f in players for w in ("shipped", "moved"))]
        pos["this_phase"] = draw(st.lists(st.sampled_from(events), max_size=3))
    return draw(move(pos))  # type: ignore[no-any-return]


MOVES = {
    "ship": lambda pos: with_history(pos, ship_move),
    "move": lambda pos: with_history(pos, move_move),
    "storm": storm_move,
    "position": no_move,
    "technology": technology_move,
    "take-tech-token": take_tech_token_move,
    "deal": deal_move,
    "note": note_move,
    "next-phase": next_phase_move,
}
ALLOWED = {"position": {"legal", "invalid-position", "unresolved"}}
DEFAULT_ALLOWED = {"legal", "illegal", "unresolved"}
# Verdicts a kind's generated positions never reach, each with why (a kind must reach every other it allows).
UNREACHED: dict[str, set[str]] = {}
DEDICATED = {"battle": battle_position}  # kinds whose generator draws the whole position, tested on their own
ACTIVE = [k for k in KINDS_WITH_RULES if k in MOVES]
PER_KIND = max(200, -(-TOTAL_EXAMPLES // max(1, len(ACTIVE))))


@st.composite
def position_for(draw: Any, kind: str) -> tuple[str, dict[str, Any]]:
    ruleset = draw(st.sampled_from(rulesets_for(kind)))
    pos = draw(base_position(ruleset))
    move = draw(MOVES[kind](pos))
    if move is not None:
        pos["move"] = move
    return ruleset, pos


def test_examples_add_up() -> None:
    assert ACTIVE, "no kind of question has rules and a generator"
    assert min(PER_KIND, BATTLE_EXAMPLES, TURN_EXAMPLES) >= 200  # the quick profile's floor, per kind
    if LONG:
        assert PER_KIND * len(ACTIVE) >= 1000 and BATTLE_EXAMPLES >= 1000 and TURN_EXAMPLES >= 1000
    assert "battle" in KINDS_WITH_RULES and {KIND_OF.get(k, k) for k in TURN_KINDS} <= set(KINDS_WITH_RULES)
    assert set(KNOWN_DISAGREEMENTS) == set(TURN_XFAIL), "a known disagreement and its xfail go together"


def judge(kind: str, ruleset: str, raw: dict[str, Any]) -> engine.Verdict:
    """Load a generated position as a user's file would, evaluate it, and hold the verdict to the contract (the
    generators draw every key of a move: those another ruleset has are left out, as `mentat compare` carries a
    position over)."""
    from checker.compare import carried_for

    data = json.loads(json.dumps(raw))
    pos = load_position(carried_for(data, data["ruleset"]))  # what a user's file would load to
    assert engine.kind_of(pos).name == kind
    try:
        verdict = evaluate(pos, ruleset)
    except Disagreement as err:  # pragma: no cover - the failure this test exists for
        pytest.fail(f"{err}\nposition: {json.dumps(raw)}")
    assert verdict.verdict in ALLOWED.get(kind, DEFAULT_ALLOWED), verdict.verdict
    assert verdict.exit_code == engine.EXIT[verdict.verdict]
    forbidding = verdict.forbidding()
    if verdict.verdict in ("illegal", "invalid-position"):
        assert forbidding and verdict.minimal_reason, "a refusal names no rule"
        assert set(verdict.minimal_reason) <= {r.id for r in ruleset_rules(ruleset).values()}
    else:
        assert not forbidding
    if verdict.verdict == "unresolved":
        assert verdict.reason
    json.dumps(verdict.as_json())  # the CLI prints it
    return verdict


SUPPRESSED = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


@pytest.mark.parametrize("kind", sorted((set(KINDS_WITH_RULES) | set(MOVES)) - set(DEDICATED) - set(TURN_KINDS)))
def test_checks_and_forms_agree(kind: str) -> None:
    if kind not in MOVES:
        pytest.skip(f"kind {kind!r} has rules but this test has no generator for it yet")
    if kind not in KINDS_WITH_RULES:
        pytest.skip(f"kind {kind!r} has no rules yet")
    seen: list[str] = []

    @settings(max_examples=PER_KIND, deadline=None, suppress_health_check=SUPPRESSED)
    @given(data=st.data())
    def agree(data: st.DataObject) -> None:
        ruleset, raw = data.draw(position_for(kind))
        seen.append(judge(kind, ruleset, raw).verdict)

    agree()
    assert len(seen) >= PER_KIND, f"only {len(seen)} {kind} positions were judged, not {PER_KIND}"
    seen += [judge(kind, ruleset, raw).verdict for ruleset, raw in REACH_EXAMPLES.get(kind, [])]
    wanted = ALLOWED.get(kind, DEFAULT_ALLOWED) - UNREACHED.get(kind, set())
    assert set(seen) >= wanted, f"the {kind} positions reached {sorted(set(seen))}, not {sorted(wanted)}"


def test_battle_checks_and_forms_agree() -> None:
    """GF9 battles, Basic and Advanced: every rule's check and form agree; a refusal names a rule."""
    seen: list[str] = []

    @settings(max_examples=BATTLE_EXAMPLES, deadline=None, suppress_health_check=SUPPRESSED)
    @given(raw=battle_position())
    def agree(raw: dict[str, Any]) -> None:
        seen.append(judge("battle", raw["ruleset"], raw).verdict)

    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True  # permits are cross-checked too, as under dev.py test
    try:
        agree()
    finally:
        engine.VERIFY_EVERY_RULE = verify
    assert len(seen) >= BATTLE_EXAMPLES, f"only {len(seen)} battles were judged, not {BATTLE_EXAMPLES}"
    assert set(seen) == DEFAULT_ALLOWED, f"the battles reached {sorted(set(seen))}"


# Generated positions on which a rule's check and its z3 form disagreed. The rules' owners fix the rules; until
# then each is replayed first (so its generator's test fails every time, as its strict xfail expects) and the
# reason names the rule. Remove the entry and the xfail together once the rule is fixed.
KNOWN_DISAGREEMENTS: dict[str, list[tuple[str, dict[str, Any]]]] = {}
# Positions every run tries besides the drawn ones, so that each verdict a kind must reach is reached whatever the
# draw: an unresolved start is rare in the draws once the overview reads gf9's sheets (gf9:45, an expansion faction).
_MOVE = {
    "ruleset": "gf9",
    "turn": 2,
    "phase": "shipment-and-movement",
    "storm": 5,
    "factions": {"atreides": {"spice": 5}},
    "forces": [{"faction": "atreides", "territory": "Arrakeen", "count": 5}],
    "move": {"action": "move", "faction": "atreides", "from": "Arrakeen", "to": "Imperial Basin", "count": 2},
}
REACH_EXAMPLES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    # drawn moves wander the board at random and are nearly all illegal: one legal, one with the storm unknown
    "move": [("gf9", _MOVE), ("gf9", {k: v for k, v in _MOVE.items() if k != "storm"})],
    # a collection whose forces' sector is not given in a territory of several (the drawn positions reach it
    # rarely, and which ones are drawn shifts with the modules other tests imported first)
    "collect": [
        (
            "gf9",
            {
                "ruleset": "gf9",
                "phase": "spice-collection",
                "factions": {"emperor": {"spice": 3}},
                "forces": [{"faction": "emperor", "territory": "Cielago South", "count": 6}],
                "spice": [{"territory": "Cielago South", "amount": 8, "sector": 1}],
                "move": {"action": "collect", "faction": "emperor", "territory": "Cielago South", "sector": 1},
            },
        )
    ],
    "start": [
        (
            "gf9",
            {
                "ruleset": "gf9",
                "advanced": False,
                "turn": 1,
                "phase": "storm",
                "storm": 18,
                "factions": {"atreides": {"spice": 10, "reserves": 10}, "bene-tleilax": {"spice": 5}},
                "forces": [{"faction": "atreides", "territory": "Arrakeen", "count": 10}],
            },
        )
    ],
}
TURN_XFAIL: dict[str, str] = {}
# (The first found, gf9.revival.affordable pricing an ally of Fremen with the grant unknown, is fixed: that
# rule now needs move.fremen_grant; tests/test_revival.py keeps the position as a regression case.)


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=TURN_XFAIL[k])) if k in TURN_XFAIL else k
        for k in sorted(TURN_KINDS)
    ],
)
def test_turn_checks_and_forms_agree(kind: str) -> None:
    """CHOAM Charity, bids, revivals and collections, gf9 and overview: every rule's check and form agree on
    1,000 generated positions each, a refusal names a rule, and the positions reach all three verdicts."""
    seen: list[str] = []

    @settings(max_examples=TURN_EXAMPLES, deadline=None, suppress_health_check=SUPPRESSED)
    @given(drawn=turn_position(kind))
    def agree(drawn: tuple[str, dict[str, Any]]) -> None:
        ruleset, raw = drawn
        seen.append(judge(KIND_OF.get(kind, kind), ruleset, raw).verdict)

    for known in KNOWN_DISAGREEMENTS.get(kind, []) + REACH_EXAMPLES.get(kind, []):
        agree = example(drawn=known)(agree)
    verify = engine.VERIFY_EVERY_RULE
    engine.VERIFY_EVERY_RULE = True  # permits are cross-checked too, as under dev.py test
    try:
        agree()
    finally:
        engine.VERIFY_EVERY_RULE = verify
    assert len(seen) >= TURN_EXAMPLES, f"only {len(seen)} {kind} positions were judged, not {TURN_EXAMPLES}"
    wanted = REACHES.get(kind, {"legal", "illegal", "unresolved"})
    assert set(seen) == wanted, f"the {kind} positions reached {sorted(set(seen))}, not {sorted(wanted)}"


# -- a rule that disagrees with itself ---------------------------------------

SHIP = {
    "ruleset": "gf9",
    "storm": 10,
    "factions": {"atreides": {"spice": 10, "reserves": 10}},
    "move": {"action": "ship", "faction": "atreides", "count": 3, "to": "Arrakeen"},
}


def _liar(check: Any, form: Any, **extra: Any) -> Any:
    lie = rule("selftest.shipment.liar", on="ship", cites="gf9:99", title="A rule at odds with itself", **extra)(check)
    lie.z3(form)
    return lie


@pytest.mark.parametrize(
    "how",
    ["check permits, form forbids", "check forbids, form permits", "check and form fix different costs"],
)
def test_a_rule_whose_check_and_form_disagree_is_named(how: str) -> None:
    import z3

    if how == "check permits, form forbids":
        lie = _liar(lambda s: True, lambda v: z3.BoolVal(False))
    elif how == "check forbids, form permits":
        lie = _liar(lambda s: False, lambda v: z3.BoolVal(True))
    else:
        lie = _liar(lambda s: {"cost": 1}, lambda v: v.cost == 2, defines=("cost",))
    try:
        assert REGISTRY["selftest.shipment.liar"] is lie
        facts = KINDS["ship"].facts(load_position(SHIP))
        with pytest.raises(Disagreement) as caught:
            decide("selftest", KINDS["ship"], [lie], facts)
        assert caught.value.rule is lie
        assert "selftest.shipment.liar" in str(caught.value)
    finally:
        REGISTRY.pop("selftest.shipment.liar", None)
        for key in [k for k in engine._SOLVERS if k[0] == "selftest"]:
            del engine._SOLVERS[key]
    assert "selftest.shipment.liar" not in REGISTRY
    assert not any(k[0] == "selftest" for k in engine._SOLVERS)
    assert evaluate(load_position(SHIP)).verdict == "legal"  # the real rules are untouched


def test_an_honest_rule_passes_the_same_test() -> None:
    honest = _liar(lambda s: s.count <= 5, lambda v: v.count <= 5)
    try:
        facts = KINDS["ship"].facts(load_position(SHIP))
        assert decide("selftest", KINDS["ship"], [honest], facts).verdict == "legal"
        facts.count = 7
        verdict = decide("selftest", KINDS["ship"], [honest], facts)
        assert verdict.verdict == "illegal" and verdict.minimal_reason == [honest.id]
    finally:
        REGISTRY.pop("selftest.shipment.liar", None)
        for key in [k for k in engine._SOLVERS if k[0] == "selftest"]:
            del engine._SOLVERS[key]
