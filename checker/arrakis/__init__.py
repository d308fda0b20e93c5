"""The Arrakis family: the board games played on the GF9 map of Arrakis (GF9, the overview, Conquest & Diplomacy,
Dreamrules).

Its position model, board, kinds of question, starting positions and drawing are imported only inside the
small functions below, so importing the family (which the machinery does by name, for a position of one of its
rulesets) costs nothing until a position is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checker.arrakis.kinds import MODULES
from checker.family import ConflictSearch, Family, Planner

# The kinds whose legal moves carry a position forward, and the function that carries each ("module:function").
_BOARD = "checker.arrakis.transitions"
_TURN_KINDS = """bid blow play ally bribe give deal note worm thumper technology take-tech-token move-surveyor retreat
spite interject""".split()
TRANSITIONS = {
    **{kind: f"{_BOARD}:{kind}" for kind in ("ship", "move", "storm", "revive", "collect", "charity")},
    # bidding, the blow, cards, alliances, bribes, Dreamrules' other moves
    **{kind: f"{_BOARD}_turn:{kind.replace('-', '_')}" for kind in _TURN_KINDS},
    **{f"conquest-{kind}": f"{_BOARD}_conquest:{kind}" for kind in ("ship", "move", "storm", "blow", "buy", "battle")},
    "next-phase": f"{_BOARD}:next_phase",
    "battle": f"{_BOARD}_battle:battle",
}
# Rulesets whose text prints no board: a position carried there from the GF9 board keeps that board.
BOARDLESS = ("conquest",)
# The GF9 board's facts (the data file the family reads when a position names it as its board).
GF9_BOARD = Path(__file__).resolve().parents[2] / "constraints" / "data" / "arrakis-board.yaml"


def _load(data: dict[str, Any], file: str | None) -> Any:
    from checker.arrakis.position import load_position

    return load_position(data, file)


def _with_move(pos: Any, data: Any) -> Any:
    """The position with ``data`` as its move, checked as a move written in the file is (sectors, names, plans;
    a move of another ruleset)."""
    from checker.arrakis.position import (
        _check_sectors,
        _load_move,
        check_move,
        check_ruleset_names,
        foreign_error,
        foreign_keys,
    )

    found = foreign_keys({"move": data}, pos.ruleset)
    if found:
        raise foreign_error(found[0], pos.ruleset)
    pos.move = _load_move(data, ruleset=pos.ruleset)
    check_ruleset_names(pos)
    _check_sectors(pos)
    check_move(pos)
    return pos


def _schema() -> dict[str, Any]:
    from checker.arrakis.position import schema

    return schema()


def _new(ruleset: str, factions: list[str], advanced: bool) -> str:
    from checker.arrakis.setup import starting_position

    return starting_position(ruleset, factions, advanced)


def _draw(pos: Any) -> str:
    from checker.arrakis.svg import board_svg

    return board_svg(pos, title=getattr(pos, "title", None) or "")


def _draw_over(pos: Any, board: str) -> str:
    from checker.arrakis.svg import board_svg

    return board_svg(pos, title=getattr(pos, "title", None) or "", over=board)


def _turn_and_phase(data: dict[str, Any]) -> tuple[str, str]:
    """``("Turn 2", "Spice Blow")``: the turn and the phase (overview:33-67) as a page of a game names them."""
    turn, phase = data.get("turn"), data.get("phase")
    words = str(phase or "").split("-")
    named = " ".join(w.upper() if w == "choam" else w if w == "and" else w.capitalize() for w in words if w)
    return (f"Turn {turn}" if turn is not None else "", named)


def _foreign(data: dict[str, Any], ruleset: str) -> list[Any]:
    from checker.arrakis.position import foreign_keys

    return foreign_keys(data, ruleset)


def _carry(data: dict[str, Any], source: str, target: str) -> tuple[dict[str, Any], list[str]]:
    """A position carried between the family's rulesets keeps its board where the target's text prints none
    (Conquest), and reads the target's own board where it prints one."""
    notes: list[str] = []
    if target in BOARDLESS and "board" not in data and source not in BOARDLESS:
        data = {**data, "board": str(GF9_BOARD)}
        notes.append(f"{target} prints no board: the position stays on the GF9 board of {source}")
    elif source in BOARDLESS and target not in BOARDLESS and "board" in data:
        data = {k: v for k, v in data.items() if k != "board"}
        notes.append(f"{target} reads its own board, not the position's")
    return data, notes


def _plan(pos: Any, faction: str | None, against: float | None, losses: str | None) -> dict[str, Any]:
    from checker.arrakis.kinds.battle_planner import plan_battle

    return plan_battle(pos, faction, against, losses)


def _describe(plan: dict[str, Any]) -> list[str]:
    from checker.arrakis.kinds.battle_planner import describe

    return describe(plan)


def _offered(ruleset: str) -> dict[str, list[str]]:
    """The names ``mentat serve``'s page offers under a ruleset, by the keys that take them (a suggestion: any
    spelling the position format reads is still read)."""
    from checker.arrakis.board import gf9_board
    from checker.arrakis.position import (
        CONQUEST_FACTIONS,
        DREAMRULES_FACTIONS,
        OVERVIEW_FACTIONS,
        card_names,
        components,
        printed_leaders,
    )

    factions = list({"conquest": CONQUEST_FACTIONS, "dreamrules": DREAMRULES_FACTIONS}.get(ruleset, OVERVIEW_FACTIONS))
    territories = gf9_board().names
    # conquest prints no leaders (a position names them in factions.X.leaders)
    printed = {} if ruleset == "conquest" else printed_leaders(ruleset)
    leaders = [n for group in printed.values() for n in group]
    cards = sorted(set(card_names().values()))
    out = {key: factions for key in ("faction", "factions", "aggressor", "target", "with", "alliances")}
    out |= {key: territories for key in ("to", "from", "territory", "via", "also_to", "previous_card_territories")}
    out |= {key: leaders for key in ("leader", "traitors", "leaders_in_tanks", "leaders_face_down")}
    out |= {key: cards for key in ("card", "hand", "takes", "give", "take")}
    # a plan's weapon place holds weapons or worthless cards, its defense place defenses or worthless cards (gf9:455)
    deck = components()["treachery_deck"]
    worthless = list(dict.fromkeys(deck["worthless"]))
    out["weapon"] = [*dict.fromkeys(n for group in deck["weapons"].values() for n in group), *worthless]
    out["defense"] = [*dict.fromkeys(n for group in deck["defenses"].values() for n in group), *worthless]
    if ruleset != "conquest":  # "leader/F": the leaders a key of faction F's (its battle plan) offers
        out |= {f"leader/{f}": list(group) for f, group in printed.items()}
    return out


SEARCH = ConflictSearch(
    top_level=("storm", "turn", "players", "advanced"),
    bounds={"storm": (1, 18), "turn": (1, 10), "players": (1, 6)},
    # a fact one ruleset needs and the seed's own ruleset never asked for, a shorter storm, a smaller game
    patches=(
        {"shield_wall": "standing"},
        {"move.distance": 1, "shield_wall": "standing"},
        {"players": 3},
        {"players": 4},
        {"turn": 2},
        {"turn": 10},
        {"advanced": True},
        {"advanced": False},
    ),
)

FAMILY = Family(
    name="arrakis",
    title="The board games of Arrakis (GF9, the overview, Conquest & Diplomacy, Dreamrules)",
    kinds={kind: f"checker.arrakis.kinds.{module}" for kind, module in MODULES.items()},
    load=_load,
    with_move=_with_move,
    schema=_schema,
    new=_new,
    draw=_draw,
    draw_over=_draw_over,
    carry=_carry,
    # the game's ten turns; its 2-6 players (overview:3), where a position lists too few factions to be a game
    splittable={"turn": range(1, 11), "players": range(2, 7)},
    search=SEARCH,
    topics=("storm", "shipment", "movement", "battle", "victory"),
    compared=("gf9", "overview"),
    battle_planner=Planner(plan=_plan, describe=_describe),
    foreign=_foreign,
    transitions=TRANSITIONS,
    # the battles of one phase (gf9:245-247; conquest:61: the player with battle advantage "chooses the order of
    # their battles"), each judged on the position carried forward (the forces left, the leaders used)
    # and the moves no rule limits to one a faction in a phase: bids (gf9:175: several cards), card plays, blows (a
    # Shai-Hulud draws again: gf9:115), alliances, bribes and gifts, notes
    may_repeat=("battle", "conquest-battle", "bid", "play", "blow", "ally", "bribe", "give", "note", "deal"),
    # gf9:201: one shipment, then one move, a faction's turn (this_phase); conquest:29: one group moved (this_phase);
    # the turn's revivals, whose limits read revived_this_turn (gf9:179, 185, 191), written by the revival's transition
    judged_by_history=("ship", "move", "conquest-move", "revive"),
    history="this_phase",
    stretch=lambda data: (data.get("turn"), data.get("phase")),
    playout="checker.arrakis.playout:PLAYOUT",
    turn_and_phase=_turn_and_phase,
    offered=_offered,
    board_keys={
        "pieces": "forces",
        "place": "territory",
        "sector": "sector",
        "counts": ("count", "special"),
        "storm": "storm",
        "storm_by": "sector",
        "tokens": "spice",
        "token_amount": "amount",
        "reserves": {"count": "reserves", "special": "reserves_special"},  # where a faction's forces come from
        # the parts of a move a question rarely needs, folded on the page until set (a plan's leader, dial, weapon and
        # defense settle most battles)
        "rarely_set": ("cheap_hero", "traitor", "kwisatz_haderach", "karama"),
        # the phase each move is played in (overview:33-67), which the page offers to set when it differs
        "phase_key": "phase",
        "phase_of": {
            "storm": "storm",
            "blow": "spice-blow",
            "charity": "choam-charity",
            "bid": "bidding",
            "revive": "revival",
            "ship": "shipment-and-movement",
            "move": "shipment-and-movement",
            "battle": "battle",
            "collect": "spice-collection",
        },
    },
)
