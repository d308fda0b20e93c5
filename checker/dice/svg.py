"""A schematic of the Dice Game's map drawn from the board facts (not the printed map, which the text lacks).

The Polar Sink "in the middle" (dice:56) is at the centre; the other Regions stand on a ring around
it, the outer Regions (dice:61) on a wider ring. A line joins two Regions only where their border is
known (dice:170, or the position's ``board``); strategic Regions (dice:57) have a double outline,
cities (dice:59) a circle mark. Troops, tokens and the Sandstorm are shown where the position puts them.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from checker.dice.board import POLAR_SINK, Board

COLOURS = {
    "atreides": "#2e7d32",
    "harkonnen": "#c62828",
    "fremen": "#ef6c00",
    "corrino": "#6a1b9a",
    "spacing-guild": "#1565c0",
    "bene-gesserit": "#424242",
}
W = H = 640
CX, CY = W / 2, H / 2


def _places(board: Board) -> dict[str, tuple[float, float]]:
    inner = [n for n in board.names if n != POLAR_SINK and not board[n].outer]
    outer = [n for n in board.names if board[n].outer]
    if not board.all_named:
        inner.append("?")  # the twelfth Region: not named by the text (dice:55)
    out: dict[str, tuple[float, float]] = {POLAR_SINK: (CX, CY)}
    for i, name in enumerate(inner):
        a = 2 * math.pi * i / max(len(inner), 1) - math.pi / 2
        out[name] = (CX + 180 * math.cos(a), CY + 180 * math.sin(a))
    for i, name in enumerate(outer):
        a = 2 * math.pi * (i + 0.5) / max(len(outer), 1) - math.pi / 2
        out[name] = (CX + 280 * math.cos(a), CY + 280 * math.sin(a))
    return out


def draw(pos: Any) -> str:
    """An SVG of the position's map: Regions, known borders, Troops, tokens and the Sandstorm."""
    board: Board = pos.board
    at = _places(board)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        'font-family="sans-serif" font-size="11">',
        f'<rect width="{W}" height="{H}" fill="#f6ecd2"/>',
        "<title>Dune: The Dice Game (schematic: only the borders the board facts give are drawn)</title>",
    ]
    names = [n for n in board.names if n in at]
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if board.adjacent(a, b):
                (x1, y1), (x2, y2) = at[a], at[b]
                parts.append(
                    f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#8d6e63" stroke-width="2">'
                    f"<title>{escape(a)} borders {escape(b)} ({escape(board.source(a, b) or '')})</title></line>"
                )
    for name, (x, y) in at.items():
        region = board.regions.get(name)
        strategic = bool(region and region.strategic)
        fill = "#ffe0b2" if name == getattr(pos, "sandstorm", None) else "#fff8e1"
        cls = "region unknown" if region is None else "region " + " ".join(region.kinds or ("desert",))
        parts.append(f'<g class="{cls}" data-region="{escape(name)}" data-place="{escape(name)}">')
        parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="42" fill="{fill}" stroke="#5d4037" stroke-width="2"/>')
        if strategic:
            parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="47" fill="none" stroke="#b8860b" stroke-width="3"/>')
        if region is not None and region.city:
            parts.append(f'<circle cx="{x + 30:.0f}" cy="{y - 30:.0f}" r="6" fill="none" stroke="#000"/>')
        label = name if region is not None else "? (unnamed)"
        parts.append(
            f'<text x="{x:.0f}" y="{y - 14:.0f}" text-anchor="middle" font-weight="bold">{escape(label)}</text>'
        )
        if name == getattr(pos, "sandstorm", None):
            parts.append(f'<text x="{x:.0f}" y="{y + 36:.0f}" text-anchor="middle" fill="#bf360c">Sandstorm</text>')
        dy = 0
        for t in getattr(pos, "troops", []):
            if t.region == name and t.count:
                colour = COLOURS.get(t.faction, "#000")
                parts.append(
                    f'<text x="{x:.0f}" y="{y + 2 + dy:.0f}" text-anchor="middle" fill="{colour}">'
                    f"{escape(t.faction)} {t.count}</text>"
                )
                dy += 12
        fort = next((f for f in getattr(pos, "fortifications", []) if f.region == name), None)
        if fort is not None:
            mark = "S" if fort.kind == "stronghold" else "F"
            colour = COLOURS.get(fort.controller or "", "#000")
            parts.append(
                f'<rect x="{x - 38:.0f}" y="{y - 8:.0f}" width="14" height="14" fill="#fff" stroke="{colour}"/>'
                f'<text x="{x - 31:.0f}" y="{y + 3:.0f}" text-anchor="middle" fill="{colour}">{mark}</text>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
