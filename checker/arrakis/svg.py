"""The GF9 board as an SVG picture, optionally with a position on it.

A radial diagram, not a map: 18 wedges numbered 1..18 counterclockwise from the
Storm Start sector 18 (at the bottom), each territory's sector-parts in rings
inside its wedges, colored by kind; the Polar Sink is the disc at the centre.
A position adds the storm (its sector shaded), forces and spice as labels.

>>> svg = board_svg()
>>> svg.startswith("<svg") and "Polar Sink" in svg
True
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from checker.arrakis.board import SECTORS, Board, Territory, gf9_board

if TYPE_CHECKING:
    from checker.arrakis.position import Position

SIZE = 720
C = SIZE / 2
R_SINK = 62.0
R_OUT = 310.0
FILL = {"sand": "#ecd9a8", "rock": "#b39b7a", "stronghold": "#8c5a3c", "polar-sink": "#f4ecd6"}
FACTION_COLOR = {
    "atreides": "#2e7d32",
    "harkonnen": "#212121",
    "emperor": "#c62828",
    "fremen": "#ef6c00",
    "spacing-guild": "#6a1b9a",
    "bene-gesserit": "#1565c0",
    "ixians": "#00838f",
    "tleilaxu": "#4e342e",
}


def _angle(sector: float) -> float:
    """Centre angle of a sector, radians, counterclockwise on screen; sector 18 points down."""
    return math.radians(-90 + (sector - SECTORS) * 360 / SECTORS)


def _point(r: float, a: float) -> tuple[float, float]:
    return (C + r * math.cos(a), C - r * math.sin(a))


def _wedge(sector: int, r0: float, r1: float) -> str:
    half = math.pi / SECTORS
    a0, a1 = _angle(sector) - half, _angle(sector) + half
    p = [_point(r1, a0), _point(r1, a1), _point(r0, a1), _point(r0, a0)]
    return (
        f"M{p[0][0]:.1f},{p[0][1]:.1f} A{r1:.1f},{r1:.1f} 0 0 0 {p[1][0]:.1f},{p[1][1]:.1f} "
        f"L{p[2][0]:.1f},{p[2][1]:.1f} A{r0:.1f},{r0:.1f} 0 0 1 {p[3][0]:.1f},{p[3][1]:.1f} Z"
    )


def rings(board: Board) -> dict[str, int]:
    """A ring for each territory, the same in all its sectors (widest territories first, outermost)."""
    used: dict[int, set[int]] = {}
    out: dict[str, int] = {}
    order = sorted(
        (t for t in board.territories.values() if t.sectors), key=lambda t: (-len(t.sectors), t.is_stronghold, t.index)
    )
    for t in order:
        ring = 0
        while any(ring in used.get(s, set()) for s in t.sectors):
            ring += 1
        out[t.name] = ring
        for s in t.sectors:
            used.setdefault(s, set()).add(ring)
    return out


def _short(name: str) -> str:
    words = [w for w in name.replace("'", "").split() if w.lower() not in ("the", "of", "in")]
    if len(words) == 1:
        return words[0][:5]
    return "".join(w[0] for w in words[:3]).upper()


def _band(board: Board) -> tuple[dict[str, int], float]:
    ring_of = rings(board)
    n = max(ring_of.values(), default=0) + 1
    return ring_of, (R_OUT - R_SINK) / n


def _radii(ring: int, width: float) -> tuple[float, float]:
    r1 = R_OUT - ring * width
    return r1 - width, r1


def _anchor(t: Territory, sector: int | None, ring_of: dict[str, int], width: float) -> tuple[float, float]:
    if t.is_polar_sink or not t.sectors:
        return (C, C)
    s = sector if sector in t.sectors else t.sectors[len(t.sectors) // 2]
    r0, r1 = _radii(ring_of[t.name], width)
    return _point((r0 + r1) / 2, _angle(s))


def board_svg(
    position: Position | None = None, board: Board | None = None, title: str = "", over: str | None = None
) -> str:
    """The board (and a position on it, if given) as a standalone SVG document.

    With ``over`` (the URL of the empty board's drawing), only the position is drawn, over that picture: the
    rulebook draws its thousands of cases so, the board itself downloaded once.
    """
    board = board or gf9_board()
    ring_of, width = _band(board)
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}" '
        'font-family="sans-serif" role="img">',
        f"<title>{escape(title or 'The GF9 board of Arrakis')}</title>",
    ]
    storm = position.storm if position is not None else None
    if over is not None:
        out.append(f'<image href="{escape(over)}" x="0" y="0" width="{SIZE}" height="{SIZE}"/>')
        if storm:
            out.append(_storm(storm))
        if position is not None:
            out += _position_marks(position, board, ring_of, width)
            out.append(f'<text x="{SIZE - 8}" y="31" font-size="10" text-anchor="end">{_MARKS}</text>')
        out.append("</svg>")
        return "\n".join(out) + "\n"
    out.append(f'<circle cx="{C}" cy="{C}" r="{R_OUT + 26}" fill="#fbf7ee" stroke="#999"/>')
    for t in board.territories.values():
        if t.is_polar_sink or not t.sectors:
            continue
        r0, r1 = _radii(ring_of[t.name], width)
        for s in t.sectors:
            out.append(
                f'<path d="{_wedge(s, r0, r1)}" fill="{FILL.get(t.kind, "#ddd")}" stroke="#6d5a40" stroke-width="0.6" '
                f'data-place="{escape(t.name)}" data-sector="{s}">'
                f"<title>{escape(t.name)} (sector {s}, {t.kind})</title></path>"
            )
        mid = t.sectors[len(t.sectors) // 2]
        x, y = _point((r0 + r1) / 2, _angle(mid))
        color = "#fff" if t.kind == "stronghold" else "#3e2f1c"
        out.append(
            f'<text x="{x:.1f}" y="{y - 4:.1f}" font-size="7.5" text-anchor="middle" fill="{color}">'
            f"{escape(_short(t.name))}</text>"
        )
        if t.spice_blow:
            bs, amount = t.spice_blow
            bx, by = _point(r0 + width * 0.2, _angle(bs))
            out.append(
                f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="3.2" fill="none" stroke="#d35400" stroke-width="1.4">'
                f"<title>spice blow site: {escape(t.name)}, sector {bs}, {amount} spice</title></circle>"
            )
    out.append(
        f'<circle cx="{C}" cy="{C}" r="{R_SINK}" fill="{FILL["polar-sink"]}" stroke="#6d5a40" data-place="Polar Sink">'
        "<title>Polar Sink</title></circle>"
    )
    out.append(
        f'<text x="{C}" y="{C - R_SINK + 14}" font-size="9" text-anchor="middle" fill="#3e2f1c">Polar Sink</text>'
    )
    for s in range(1, SECTORS + 1):
        x, y = _point(R_OUT + 14, _angle(s))
        label = f"{s}" + (" Storm Start" if s == SECTORS else "")
        weight = "bold" if s == storm else "normal"
        out.append(
            f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" font-weight="{weight}" '
            f'data-sector="{s}">'
            f"{label}</text>"
        )
    if storm:
        out.append(_storm(storm))
    if position is not None:
        out += _position_marks(position, board, ring_of, width)
    out.append(_legend(position is not None))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _storm(sector: int) -> str:
    return (
        f'<path d="{_wedge(sector, R_SINK, R_OUT + 4)}" fill="#555" fill-opacity="0.35" stroke="#c62828" '
        f'stroke-width="2"><title>the storm is over sector {sector}</title></path>'
    )


def _position_marks(position: Position, board: Board, ring_of: dict[str, int], width: float) -> list[str]:
    from checker.names import display

    out: list[str] = []
    stacked: dict[tuple[float, float], int] = {}

    def place(x: float, y: float) -> tuple[float, float]:
        k = (round(x), round(y))
        i = stacked.get(k, 0)
        stacked[k] = i + 1
        return x, y + 4 + 9 * i

    for g in position.forces:
        if g.territory not in board.territories:
            continue
        x, y = place(*_anchor(board[g.territory], g.sector, ring_of, width))
        label = (
            f"{display(g.faction)[:4]} {g.count}"
            + (f"+{g.special}*" if g.special else "")
            + ("a" if g.advisors else "")
        )
        color = FACTION_COLOR.get(g.faction, "#000")
        where = g.territory + (f" sector {g.sector}" if g.sector else "")
        out.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="8.5" font-weight="bold" text-anchor="middle" fill="{color}" '
            f'stroke="#fff" stroke-width="2" paint-order="stroke">{escape(label)}'
            f"<title>{escape(display(g.faction))}: {g.count} forces"
            f"{f', {g.special} special' if g.special else ''} in {escape(where)}</title></text>"
        )
    for sp in position.spice:
        if sp.territory not in board.territories:
            continue
        x, y = place(*_anchor(board[sp.territory], sp.sector, ring_of, width))
        out.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="8.5" text-anchor="middle" fill="#d35400" stroke="#fff" '
            f'stroke-width="2" paint-order="stroke">◆{sp.amount}'
            f"<title>{sp.amount} spice in {escape(sp.territory)}</title></text>"
        )
    m = position.move
    if m is not None:
        desc = getattr(m, "action", "")
        to = getattr(m, "to", None)
        if to:
            desc += f" → {to}"
        out.append(f'<text x="8" y="{SIZE - 8}" font-size="11" fill="#333">move: {escape(desc)}</text>')
    return out


_MARKS = "shaded: the storm · ◆ spice · * special forces"


def _legend(with_position: bool) -> str:
    items = [("sand", FILL["sand"]), ("rock", FILL["rock"]), ("stronghold", FILL["stronghold"])]
    out = ['<g font-size="10">']
    for i, (name, color) in enumerate(items):
        out.append(f'<rect x="8" y="{8 + 14 * i}" width="10" height="10" fill="{color}" stroke="#6d5a40"/>')
        out.append(f'<text x="22" y="{17 + 14 * i}">{name}</text>')
    out.append('<circle cx="13" cy="55" r="3.2" fill="none" stroke="#d35400" stroke-width="1.4"/>')
    out.append('<text x="22" y="59">spice blow site</text>')
    out.append(f'<text x="{SIZE - 8}" y="17" text-anchor="end">sectors 1–18 counterclockwise</text>')
    if with_position:
        out.append(f'<text x="{SIZE - 8}" y="31" text-anchor="end">{_MARKS}</text>')
    out.append("</g>")
    return "\n".join(out)
