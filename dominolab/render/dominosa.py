"""SVG drawings of Dominosa grids: the bare grid, a partial solution (placed
tiles and crossed-out pairs), a full solution, and printable worksheets.

Numbers are written as numerals (grids go up to double-18). Placed tiles are
rounded outlines around their two cells, labelled ``"domino a-b"`` for
screen readers; a crossed-out pair is a short cross on the edge the two
cells share. Colours come from :data:`dominolab.render.PALETTE` (dark on
light, WCAG AA).

>>> from dominolab.puzzles.dominosa import Dominosa, Partial
>>> p = Dominosa.parse("1:001101")
>>> svg = grid_svg(p)
>>> svg.count('class="cell"'), 'aria-label="double-1 Dominosa grid' in svg
(6, True)
>>> svg = grid_svg(p, Partial([((0, 0), (0, 1))], [((0, 2), (1, 2))]))
>>> svg.count('class="tile"'), svg.count('class="excluded"')
(1, 1)
>>> grid_svg(p, solution=p.solve()).count('class="tile"')
3
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from ..errors import InvalidPosition
from ..i18n import tr
from ..puzzles.dominosa import Dominosa, Partial, Placement, Solution
from .svg import PALETTE, SVG, _n, document

__all__ = ["grid_group", "grid_svg", "sheet_svg"]

_CELL_FILL = "#f7f3e8"
_TILE_FILL = "#fffdf6"
_HIGHLIGHT_FILL = "#fde8c8"


Pairs = Iterable[Placement | Sequence[Sequence[int]]]


def _pairs(value: Pairs | None, puzzle: Dominosa) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The cell pairs of placements or pairs, as given (not reordered)."""
    if value is None:
        return []
    out = []
    for x in value:
        try:
            a, b = x.cells if isinstance(x, Placement) else x
            pair = ((int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        except (TypeError, ValueError, IndexError):
            raise InvalidPosition(f"a placement is two cells ((row, col), (row, col)), "
                                  f"got {x!r}") from None
        for r, c in pair:
            if not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols):
                raise InvalidPosition(f"cell ({r},{c}) is outside the {puzzle.rows}x"
                                      f"{puzzle.cols} grid")
        out.append(pair)
    return out


def grid_group(puzzle: Dominosa, partial: Partial | Pairs | None = None,
               solution: Solution | None = None, *, x: float = 0, y: float = 0,
               size: float = 36, highlight: Iterable[Sequence[int]] = (),
               label: str | None = None) -> str:
    """The grid as an SVG ``<g>`` fragment with its top-left corner at (x, y)."""
    rows, cols = puzzle.rows, puzzle.cols
    hl = {tuple(c) for c in highlight}
    name = label or _grid_name(puzzle)
    parts = [f'<g class="dominosa" role="img" aria-label="{html.escape(name)}">']
    fs = size * (0.5 if puzzle.n < 10 else 0.42)
    for r in range(rows):
        for c in range(cols):
            cx, cy = x + c * size, y + r * size
            fill = _HIGHLIGHT_FILL if (r, c) in hl else _CELL_FILL
            parts.append(
                f'<rect class="cell" x="{_n(cx)}" y="{_n(cy)}" width="{_n(size)}" '
                f'height="{_n(size)}" fill="{fill}" stroke="{PALETTE["muted"]}" '
                f'stroke-width="{_n(size * 0.02)}"/>')
    placed = _pairs(solution, puzzle) + _pairs(partial.placed if isinstance(partial, Partial)
                                               else partial, puzzle)
    for (r, c), (r2, c2) in placed:
        a, b = puzzle.grid[r][c], puzzle.grid[r2][c2]
        x0, y0 = x + min(c, c2) * size, y + min(r, r2) * size
        w = size * (abs(c2 - c) + 1)
        h = size * (abs(r2 - r) + 1)
        pad = size * 0.08
        strong = (r, c) in hl or (r2, c2) in hl
        tile_name = html.escape(tr("domino {tile}").format(tile=f"{a}-{b}"))
        parts.append(
            f'<g class="tile" role="img" aria-label="{tile_name}"><title>{tile_name}</title>'
            f'<rect x="{_n(x0 + pad)}" y="{_n(y0 + pad)}" width="{_n(w - 2 * pad)}" '
            f'height="{_n(h - 2 * pad)}" rx="{_n(size * 0.18)}" fill="{_TILE_FILL}" '
            f'stroke="{PALETTE["highlight"] if strong else PALETTE["edge"]}" '
            f'stroke-width="{_n(size * (0.09 if strong else 0.06))}"/></g>')
    excluded = _pairs(partial.excluded, puzzle) if isinstance(partial, Partial) else []
    for (r, c), (r2, c2) in excluded:
        # a small cross centred on the shared edge
        mx = x + (c + c2 + 1) * size / 2
        my = y + (r + r2 + 1) * size / 2
        d = size * 0.12
        parts.append(
            f'<g class="excluded" role="img" aria-label="no tile on ({r},{c})-({r2},{c2})">'
            f'<path d="M{_n(mx - d)} {_n(my - d)}L{_n(mx + d)} {_n(my + d)}'
            f'M{_n(mx - d)} {_n(my + d)}L{_n(mx + d)} {_n(my - d)}" '
            f'stroke="{PALETTE["highlight"]}" stroke-width="{_n(size * 0.06)}" '
            f'stroke-linecap="round"/></g>')
    for r in range(rows):
        for c in range(cols):
            parts.append(
                f'<text class="numeral" x="{_n(x + (c + 0.5) * size)}" y="{_n(y + (r + 0.5) * size)}" '
                f'font-size="{_n(fs)}" font-family="sans-serif" font-weight="700" '
                f'text-anchor="middle" dominant-baseline="central" fill="{PALETTE["numeral"]}">'
                f'{puzzle.grid[r][c]}</text>')
    parts.append("</g>")
    return "".join(parts)


def grid_svg(puzzle: Dominosa, partial: Partial | Pairs | None = None,
             solution: Solution | None = None, *, size: float = 36,
             highlight: Iterable[Sequence[int]] = (), title: str | None = None) -> SVG:
    """A Dominosa grid as an SVG picture, with an optional partial solution
    (a ``Partial`` or a list of placements) or full ``solution``;
    ``highlight`` cells get a warm background (and their tiles a red edge)."""
    m = size * 0.25
    name = title or _grid_name(puzzle)
    body = grid_group(puzzle, partial, solution, x=m, y=m, size=size, highlight=highlight,
                      label=name)
    return document(2 * m + puzzle.cols * size, 2 * m + puzzle.rows * size, body, name)


def _grid_name(puzzle: Dominosa) -> str:
    """A grid's accessible name when its caller gives none."""
    return tr("double-{n} Dominosa grid, {rows} by {cols}").format(
        n=puzzle.n, rows=puzzle.rows, cols=puzzle.cols)


def sheet_svg(puzzles: Iterable[Dominosa], *, per_row: int = 2, title: str = "Dominosa", solutions: bool = True,
              page_width: float = 595, page_height: float = 842) -> SVG:
    """A printable worksheet: the grids on page one (A4 points), their
    solutions on page two, stacked in one SVG (each page a ``<g class="page">``).

    >>> from dominolab.puzzles.dominosa import Dominosa
    >>> svg = sheet_svg([Dominosa.parse("2dt:202012100211")] * 2)
    >>> svg.count('class="page"'), svg.count('class="tile"')
    (2, 12)
    """
    puzzles = list(puzzles)
    pages = [("Puzzles", False)] + ([("Solutions", True)] if solutions else [])
    margin = 36
    head = 40
    nrows = max(1, -(-len(puzzles) // per_row))
    cell_w = (page_width - 2 * margin) / per_row
    cell_h = (page_height - 2 * margin - head) / nrows
    body = []
    for k, (heading, show) in enumerate(pages):
        oy = k * page_height
        body.append(f'<g class="page" aria-label="{html.escape(title)}: {heading.lower()}">')
        body.append(f'<rect x="0" y="{_n(oy)}" width="{_n(page_width)}" height="{_n(page_height)}" '
                    f'fill="white" stroke="#cccccc"/>')
        body.append(f'<text x="{_n(margin)}" y="{_n(oy + margin + 18)}" font-size="20" '
                    f'font-family="sans-serif" font-weight="700" fill="{PALETTE["numeral"]}">'
                    f'{html.escape(title)} — {heading}</text>')
        for i, p in enumerate(puzzles):
            r, c = divmod(i, per_row)
            size = min((cell_w - 24) / p.cols, (cell_h - 30) / p.rows)
            gx = margin + c * cell_w + (cell_w - size * p.cols) / 2
            gy = oy + margin + head + r * cell_h + 18
            grade = p.fields.get("grade", "")
            body.append(f'<text x="{_n(gx)}" y="{_n(gy - 6)}" font-size="11" font-family="sans-serif" '
                        f'fill="{PALETTE["muted"]}">{i + 1}. double-{p.n} {html.escape(grade)}</text>')
            body.append(grid_group(p, solution=p.solve() if show else None, x=gx, y=gy, size=size))
        body.append("</g>")
    return document(page_width, page_height * len(pages), "".join(body), title)
