"""SVG of triominoes: one tile, the set, and a board on the triangular grid.

A tile is an equilateral triangle with its number near each corner, as numerals (the
commercial tiles print numerals) or as pips (``pips=True``: 0 to 5 dots in a corner).
Every tile is a group with ``role="img"`` and an accessible name, on the board with its
place: ``"1-3-5 pointing up at row 0, column 0"``.

>>> from dominolab.triominoes import triomino
>>> svg = triomino_svg(triomino("1-3-5"))
>>> 'aria-label="triomino 1-3-5"' in svg, svg.count('class="corner"')
(True, 3)
>>> triomino_svg(triomino("0-2-2"), pips=True).count('class="pip"')
4
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable

from ..i18n import ngettext, tr
from ..triominoes.grid import Board, Cell, points_up, vertices
from ..triominoes.tiles import Triomino, TriominoSet
from .svg import PALETTE, SVG, document

__all__ = ["triomino_group", "triomino_svg", "triomino_set_svg", "board_svg"]

_H = math.sqrt(3) / 2


def _xy(point: tuple[int, int], size: float, ox: float, oy: float) -> tuple[float, float]:
    line, x = point
    return ox + x * size / 2, oy + line * size * _H


def _corner_marks(numbers: Iterable[int], corners: list[tuple[float, float]], size: float,
                  pips: bool) -> str:
    cx = sum(x for x, _ in corners) / 3
    cy = sum(y for _, y in corners) / 3
    out = []
    for n, (x, y) in zip(numbers, corners):
        # a point 30% of the way from the corner to the centre
        px, py = x + (cx - x) * 0.42, y + (cy - y) * 0.42
        if pips:
            r = size * 0.035
            spots = [(0.0, 0.0)] if n == 1 else [
                (math.cos(2 * math.pi * k / n) * size * 0.07,
                 math.sin(2 * math.pi * k / n) * size * 0.07) for k in range(n)]
            out.append('<g class="corner">' + "".join(
                f'<circle class="pip" cx="{px + dx:.2f}" cy="{py + dy:.2f}" r="{r:.2f}" '
                f'fill="{PALETTE["pip"]}"/>' for dx, dy in spots) + "</g>")
        else:
            out.append(f'<text class="corner" x="{px:.2f}" y="{py:.2f}" '
                       f'font-size="{size * 0.2:.2f}" font-family="sans-serif" '
                       f'font-weight="700" text-anchor="middle" dominant-baseline="central" '
                       f'fill="{PALETTE["numeral"]}">{n}</text>')
    return "".join(out)


def triomino_group(numbers: tuple[int, int, int], corners: list[tuple[float, float]],
                   size: float, label: str, *, pips: bool = False,
                   highlight: bool = False) -> str:
    """One tile as an SVG group: the triangle on ``corners`` (clockwise) and its numbers."""
    pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)
    edge = PALETTE["highlight"] if highlight else PALETTE["edge"]
    return (f'<g class="triomino" role="img" aria-label="{html.escape(label)}">'
            f'<title>{html.escape(label)}</title>'
            f'<polygon points="{pts}" fill="{PALETTE["face"]}" stroke="{edge}" '
            f'stroke-width="{max(1.0, size / 30):.2f}" stroke-linejoin="round"/>'
            + _corner_marks(numbers, corners, size, pips) + "</g>")


def triomino_svg(tile: Triomino, *, size: float = 80, pips: bool = False) -> SVG:
    """One tile pointing up, read clockwise from its top corner."""
    m = size * 0.08
    corners = [(m + size / 2, m), (m + size, m + size * _H), (m, m + size * _H)]
    name = tr("triomino {corners}").format(corners=tile)
    body = triomino_group(tile.corners, corners, size, name, pips=pips)
    return document(size + 2 * m, size * _H + 2 * m, body, title=name)


def triomino_set_svg(tiles: TriominoSet | Iterable[Triomino], *, size: float = 48,
                     per_row: int = 14, pips: bool = False) -> SVG:
    """The tiles in rows, alternately up and down like a strip of the grid."""
    tiles = list(tiles)
    rows = max(1, math.ceil(len(tiles) / per_row))
    m = size * 0.1
    body = []
    for k, t in enumerate(tiles):
        r, c = divmod(k, per_row)
        cell = (0, c)
        verts = vertices(cell)
        oy = m + r * (size * _H + m)
        corners = [_xy(v, size, m, oy) for v in verts]
        body.append(triomino_group(t.rotation(0), corners, size,
                                   tr("triomino {corners}").format(corners=t), pips=pips))
    width = m * 2 + (per_row + 1) * size / 2
    height = m + rows * (size * _H + m)
    label = ngettext("{n} triomino", "{n} triominoes", len(tiles)).format(n=len(tiles))
    return document(width, height, "".join(body), title=label)


def board_svg(board: Board, *, size: float = 56, pips: bool = False,
              highlight: Iterable[Cell] = (),
              targets: Iterable[tuple[Cell, tuple[int, int, int], str]] = ()) -> SVG:
    """The laid tiles on the triangular grid, each named with its place.

    ``targets`` are places a tile may go, each ``(cell, numbers, name)``: drawn as dashed
    outlines showing the numbers the tile would put there, in the group
    ``class="dl-target" data-k="i"`` (the board widget makes them clickable).

    >>> from dominolab.triominoes import Placement, triomino
    >>> b = Board(); b.lay(Placement(triomino("1-2-3"), (0, 0)))
    >>> svg = board_svg(b, targets=[((0, 1), (3, 2, 4), "place 2-3-4 here")])
    >>> svg.count('class="dl-target"'), 'aria-label="place 2-3-4 here"' in svg
    (1, True)
    """
    ghosts = list(targets)
    if not board.cells and not ghosts:
        return document(size, size * _H, "", title=tr("an empty triomino table"))
    mark = set(highlight)
    pts = [v for cell in board.cells for v in vertices(cell)]
    pts += [v for cell, _, _ in ghosts for v in vertices(cell)]
    min_line = min(p[0] for p in pts)
    min_x = min(p[1] for p in pts)
    max_line = max(p[0] for p in pts)
    max_x = max(p[1] for p in pts)
    m = size * 0.15
    ox = m - min_x * size / 2
    oy = m - min_line * size * _H
    body = []
    for cell, p in sorted(board.cells.items()):
        corners = [_xy(v, size, ox, oy) for v in vertices(cell)]
        label = (tr("{tile} pointing up at row {r}, column {c}") if points_up(cell) else
                 tr("{tile} pointing down at row {r}, column {c}")).format(
            tile="-".join(map(str, p.numbers())), r=cell[0], c=cell[1])
        body.append(triomino_group(p.numbers(), corners, size, label, pips=pips,
                                   highlight=cell in mark))
    for k, (cell, numbers, name) in enumerate(ghosts):
        corners = [_xy(v, size, ox, oy) for v in vertices(cell)]
        xy = " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)
        body.append(f'<g class="dl-target" data-k="{k}" role="img" '
                    f'aria-label="{html.escape(name)}"><title>{html.escape(name)}</title>'
                    f'<polygon points="{xy}" fill="{PALETTE["highlight"]}" fill-opacity="0.12" '
                    f'stroke="{PALETTE["highlight"]}" stroke-dasharray="{size / 12:.2f}" '
                    f'stroke-width="{max(1.0, size / 30):.2f}"/>'
                    + _corner_marks(numbers, corners, size, pips) + "</g>")
    width = 2 * m + (max_x - min_x) * size / 2
    height = 2 * m + (max_line - min_line) * size * _H
    return document(width, height, "".join(body),
                    title=ngettext("a triomino table of {n} tile", "a triomino table of {n} tiles",
                                   len(board.cells)).format(n=len(board.cells)))
