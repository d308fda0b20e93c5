"""Random moves for the Arrakis games (``checker.playout``): candidate moves drawn from a position's own factions,
forces, spice and phase, to be judged and applied by the machinery.

The proposer knows only the moves' shapes and where a position keeps its facts: which of its candidates are legal
is the rules' answer, never the proposer's. It proposes what a table would try in the phase the position is in
(the storm's dials in the Storm phase, a Spice Card in the Spice Blow, winning bids in the Bidding, shipments and
movements, battles where two factions share a territory, collections where forces stand on spice) and, now and
then, the next phase. Illegal candidates are part of the point: the rules refuse them and the game goes on.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from checker.arrakis.board import Board, gf9_board
from checker.arrakis.position import printed_leaders
from checker.playout import Playout

Move = dict[str, Any]
SHAI_HULUD = "Shai-Hulud"


@cache
def _printed_leaders(ruleset: str | None) -> dict[str, tuple[str, ...]]:
    return {f: tuple(names) for f, names in printed_leaders(ruleset).items()}


def _board(data: dict[str, Any]) -> Board:
    """The GF9 board's names make the candidates (a Conquest position's own board may list fewer: the rules say
    what a move to a territory it does not give means)."""
    return gf9_board()


def _state(data: dict[str, Any], faction: str) -> dict[str, Any]:
    return (data.get("factions") or {}).get(faction) or {}


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _held(hand: Any) -> int | None:
    return len(hand) if isinstance(hand, list) else hand if isinstance(hand, int) else None


def _groups(data: dict[str, Any], faction: str | None = None) -> list[dict[str, Any]]:
    return [
        g
        for g in data.get("forces") or []
        if isinstance(g, dict)
        and (faction is None or g.get("faction") == faction)
        and (_int(g.get("count")) or _int(g.get("special")))
    ]


def _sector(rng: random.Random, board: Board, territory: str, data: dict[str, Any], faction: str) -> int | None:
    """A sector of a territory of several: mostly where the faction's forces there stand already (a faction's forces
    spread over sectors of one territory make battles whose losses Mentat cannot carry), else any."""
    where = board.territories.get(territory)
    if where is None or len(where.sectors) <= 1:
        return None
    mine = [g.get("sector") for g in _groups(data, faction) if g.get("territory") == territory and g.get("sector")]
    return mine[0] if mine and rng.random() < 0.9 else rng.choice(where.sectors)


def _located(move: Move, key: str, sector: int | None) -> Move:
    if sector is not None:
        move[key] = sector
    return move


def _storm(data: dict[str, Any], rng: random.Random) -> list[Move]:
    if data.get("ruleset") == "conquest":
        return [{"action": "storm", "distance": rng.randint(1, 6)}]
    if _int(data.get("turn")) <= 1:
        return [{"action": "storm", "dials": [rng.randint(0, 20), rng.randint(0, 20)]} for _ in range(2)]
    # the two dials of one to three, or a Storm Card's distance (Advanced Fremen, gf9:91)
    out: list[Move] = [{"action": "storm", "dials": [rng.randint(1, 3), rng.randint(1, 3)]} for _ in range(2)]
    return [*out, {"action": "storm", "distance": rng.randint(1, 6)}]


def _blow(data: dict[str, Any], rng: random.Random, board: Board) -> list[Move]:
    cards = sorted(n for n, t in board.territories.items() if t.spice_blow is not None) or sorted(board.names)
    if data.get("ruleset") == "conquest":
        card = SHAI_HULUD if rng.random() < 0.2 else rng.choice(cards)
        move: Move = {"action": "spice-blow", "card": "sandworm" if card == SHAI_HULUD else card}
        if card == SHAI_HULUD:
            move["previous_card_territories"] = [rng.choice(cards)]
        return [move]
    done = set(data.get("this_phase") or ())
    if done & {"blow", "blow-b"} and (not data.get("advanced") or "blow-a" in done):
        return []  # the blows the phase needs are resolved (gf9:109): the next phase is the candidate
    out = []
    for _ in range(2):
        move = {"action": "blow", "card": SHAI_HULUD if rng.random() < 0.15 else rng.choice(cards)}
        if move["card"] == SHAI_HULUD:
            move["previous"] = rng.choice(cards)
        if data.get("advanced"):
            move["pile"] = "b" if "blow-a" in done and rng.random() < 0.8 else rng.choice("ab")
        out.append(move)
    return out


def _bids(data: dict[str, Any], rng: random.Random, factions: list[str]) -> list[Move]:
    out = []
    for f in rng.sample(factions, len(factions)):
        spice, held = _int(_state(data, f).get("spice")), _held(_state(data, f).get("hand"))
        if spice <= 0 or (held is not None and held >= (8 if f == "harkonnen" else 4)):
            continue
        out.append({"action": "bid", "faction": f, "amount": rng.randint(1, min(spice, 6)), "wins": True})
    if data.get("ruleset") != "dreamrules" and rng.random() < 0.3:  # now and then every bidder passes on a card
        out += [{"action": "bid", "faction": f} for f in factions]
    return out


def _charity(data: dict[str, Any], factions: list[str]) -> list[Move]:
    return [{"action": "charity", "faction": f} for f in factions if _int(_state(data, f).get("spice")) <= 1]


def _revive(data: dict[str, Any], rng: random.Random, factions: list[str]) -> list[Move]:
    out = []
    for f in factions:
        tanks = _int(_state(data, f).get("tanks"))
        if tanks:
            out.append({"action": "revive", "faction": f, "count": rng.randint(1, min(tanks, 3))})
    return out


def _ship(data: dict[str, Any], rng: random.Random, board: Board, factions: list[str]) -> list[Move]:
    out = []
    names = sorted(board.names)
    for f in rng.sample(factions, len(factions)):
        st = _state(data, f)
        reserves, spice = _int(st.get("reserves")), _int(st.get("spice"))
        if not reserves or not spice:
            continue
        to = rng.choice(names)
        count = rng.randint(1, max(1, min(reserves, spice, 6)))
        out.append(
            _located(
                {"action": "ship", "faction": f, "count": count, "to": to}, "sector", _sector(rng, board, to, data, f)
            )
        )
    return out


def _move(data: dict[str, Any], rng: random.Random, board: Board, factions: list[str]) -> list[Move]:
    out = []
    for f in rng.sample(factions, len(factions)):
        groups = [g for g in _groups(data, f) if _int(g.get("count")) and not g.get("advisors")]
        if not groups:
            continue
        g = rng.choice(groups)
        here = str(g.get("territory"))
        near = sorted(board.adjacent_territories(here)) if here in board.territories else []
        if not near:
            continue
        to = rng.choice(near)
        move: Move = {"action": "move", "faction": f, "from": here, "to": to, "count": rng.randint(1, _int(g["count"]))}
        if g.get("sector") is not None:
            move["from_sector"] = g["sector"]
        out.append(_located(move, "sector", _sector(rng, board, to, data, f)))
    return out


def _leaders(data: dict[str, Any], faction: str) -> list[str]:
    st = _state(data, faction)
    own = st.get("leaders")
    names = list(own) if isinstance(own, dict) and own else list(_printed_leaders(data.get("ruleset")).get(faction, ()))
    gone = set(st.get("leaders_in_tanks") or ()) | set(st.get("leaders_used_this_phase") or {})
    return [n for n in names if n not in gone]


def _battles(data: dict[str, Any], rng: random.Random) -> list[Move]:
    """A battle where two unallied factions' forces share a territory (its plans drawn from their forces, spice and
    leaders; no cards)."""
    allied = {frozenset(a) for a in data.get("alliances") or [] if isinstance(a, list)}
    where: dict[str, dict[str, int]] = {}
    for g in _groups(data):
        if g.get("advisors") or g.get("territory") == "Polar Sink":
            continue
        side = where.setdefault(str(g.get("territory")), {})
        side[str(g["faction"])] = side.get(str(g["faction"]), 0) + _int(g.get("count")) + _int(g.get("special"))
    out = []
    for territory, sides in sorted(where.items()):
        names = sorted(sides)
        if len(names) < 2:
            continue
        a, b = rng.sample(names, 2)
        if frozenset((a, b)) in allied:
            continue
        plans = {}
        for f in (a, b):
            plan: dict[str, Any] = {"dial": rng.randint(0, sides[f])}
            leaders = _leaders(data, f)
            if leaders:
                plan["leader"] = rng.choice(leaders)
            if data.get("advanced") and data.get("ruleset") != "conquest":
                plan["spice"] = min(_int(_state(data, f).get("spice")), plan["dial"])
            plans[f] = plan
        out.append({"action": "battle", "territory": territory, "aggressor": a, "plans": plans})
        # and the same battle with nothing dialed: no spice to support, always a plan the rules can accept
        calm = {f: {k: v for k, v in p.items() if k not in ("dial", "spice")} | {"dial": 0} for f, p in plans.items()}
        out.append({"action": "battle", "territory": territory, "aggressor": a, "plans": calm})
    return out


def _collect(data: dict[str, Any]) -> list[Move]:
    spice = {str(p.get("territory")) for p in data.get("spice") or [] if isinstance(p, dict) and _int(p.get("amount"))}
    done = {e.removeprefix("collected:").strip() for e in data.get("this_phase") or () if e.startswith("collected:")}
    out = []
    for g in _groups(data):
        if g.get("territory") in spice and g.get("territory") not in done and not g.get("advisors"):
            move = {"action": "collect", "faction": g["faction"], "territory": g["territory"]}
            out.append(_located(move, "sector", g.get("sector")))
    return out


def _deals(data: dict[str, Any], rng: random.Random, factions: list[str]) -> list[Move]:
    """Now and then an alliance, a bribe: moves of any phase."""
    if len(factions) < 2 or rng.random() > 0.1:
        return []
    a, b = rng.sample(factions, 2)
    if data.get("advanced") and rng.random() < 0.5:
        return [{"action": "bribe", "faction": a, "to": b, "amount": rng.randint(1, 3)}]
    return [{"action": "ally", "factions": [a, b]}]


def propose(data: dict[str, Any], rng: random.Random) -> list[Move]:
    """Candidate moves for the position, in the order to try them (the next phase among them)."""
    board = _board(data)
    factions = sorted(data.get("factions") or {})
    phase = data.get("phase")
    conquest = data.get("ruleset") == "conquest"
    if conquest:  # no phases to advance: every step's moves are candidates
        out = [*_storm(data, rng), *_blow(data, rng, board), *_ship(data, rng, board, factions)]
        out += [*_move(data, rng, board, factions), *_battles(data, rng)]
        out += [{"action": "buy", "faction": f} for f in factions if _int(_state(data, f).get("spice")) >= 2][:1]
        rng.shuffle(out)
        return out
    if phase == "storm":
        out = _storm(data, rng)
    elif phase in ("spice-blow", "nexus"):
        out = _blow(data, rng, board)
    elif phase == "choam-charity":
        out = _charity(data, factions)
    elif phase == "bidding":
        out = _bids(data, rng, factions)
    elif phase == "revival":
        out = _revive(data, rng, factions)
    elif phase == "shipment-and-movement":
        out = [*_ship(data, rng, board, factions), *_move(data, rng, board, factions)]
    elif phase == "battle":
        out = _battles(data, rng)
    elif phase == "spice-collection":
        out = _collect(data)
    else:
        out = []
    out += _deals(data, rng, factions)
    rng.shuffle(out)
    # the players end the phase now and then, and whenever nothing else is left to try
    at = rng.randint(0, len(out)) if rng.random() < 0.3 else len(out)
    out.insert(at, {"action": "next-phase"})
    return out


def stage(data: dict[str, Any]) -> str:
    """Where the game stands: its phase."""
    return str(data.get("phase") or "no phase")


PLAYOUT = Playout(propose=propose, stage=stage)
