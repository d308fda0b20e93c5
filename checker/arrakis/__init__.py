"""The Arrakis family: the board games played on the GF9 map of Arrakis (GF9, the overview, Conquest & Diplomacy,
Dreamrules).

Its position model, board, kinds of question, starting positions and drawing are imported only inside the
small functions below, so importing the family (which the machinery does by name, for a position of one of its
rulesets) costs nothing until a position is read.
"""

from __future__ import annotations

from typing import Any

from checker.arrakis.kinds import MODULES
from checker.family import Family


def _load(data: dict[str, Any], file: str | None) -> Any:
    from checker.arrakis.position import load_position

    return load_position(data, file)


def _with_move(pos: Any, data: Any) -> Any:
    """The position with ``data`` as its move, checked as a move written in the file is (sectors, names, plans)."""
    from checker.arrakis.position import _check_sectors, _load_move, check_move

    pos.move = _load_move(data)
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


FAMILY = Family(
    name="arrakis",
    title="The board games of Arrakis (GF9, the overview, Conquest & Diplomacy, Dreamrules)",
    kinds={kind: f"checker.arrakis.kinds.{module}" for kind, module in MODULES.items()},
    load=_load,
    with_move=_with_move,
    schema=_schema,
    new=_new,
    draw=_draw,
)
