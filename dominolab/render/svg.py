"""SVG drawings of tiles, hands, sets and straight chains: the pieces every picture uses.

Every drawing is returned as an :class:`SVG`, a ``str`` with ``_repr_svg_``,
so a notebook shows it and a test can search its text. Each tile is a group
with ``role="img"``, a ``<title>`` and an ``aria-label`` such as
``"domino 3-5"``, so screen readers and browser tests can find it.

Pips follow the usual layouts on a 3×3 grid up to 9; larger numbers are
written as numerals. A picture skin (:mod:`dominolab.render.skins`: animals, fruit,
colours) draws a picture in place of each half's pips and names the tile by its
pictures; pass ``skin=`` or draw inside :func:`~dominolab.render.skins.skinned`.
Topic drawings (tilings, Dominosa grids, game tables)
live in the sibling modules of :mod:`dominolab.render` and build on :func:`tile_group`.

>>> from dominolab import Tile
>>> svg = tile_svg(Tile(3, 5))
>>> svg.startswith("<svg") and 'aria-label="domino 3-5"' in svg
True
>>> svg.count('class="pip"')
8
>>> svg = tile_svg(Tile(3, 5), skin="animals")
>>> 'aria-label="domino cat | fish"' in svg, svg.count('class="picture"'), 'class="pip"' in svg
(True, 2, False)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from .. import display
from ..tiles import LOCO, DominoSet, LocoTile
from ..i18n import ngettext, tr
from .skins import SkinLike, current_skin, get_skin, half_svg

__all__ = [
    "SVG",
    "document",
    "tile_group",
    "tile_svg",
    "hand_svg",
    "set_svg",
    "chain_svg",
    "PALETTE",
]

#: Colours used by every drawing; dark on light passes WCAG AA contrast.
PALETTE = {
    "face": "#fffdf6",
    "edge": "#1f1f1f",
    "pip": "#111111",
    "back": "#2e4a62",
    "back_edge": "#15232f",
    "highlight": "#c0392b",
    "muted": "#5f6b73",
    "numeral": "#111111",
    "locomotive": "#b3261e",
}

# Pip positions on a 3x3 grid (column, row) in 0..2.
_PIPS = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
    7: [(0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)],
    8: [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)],
    9: [(c, r) for r in range(3) for c in range(3)],
}


class SVG(str):
    """An SVG document as text; Jupyter displays it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def document(width: float, height: float, body: str, title: str | None = None) -> SVG:
    """Wrap SVG ``body`` in an ``<svg>`` element of the given size.

    The ``viewBox`` is the drawing's own coordinates; ``width`` and ``height`` are
    those times :func:`dominolab.display.scale` (the presentation size draws larger),
    and the inline style lets the picture shrink to a narrow container, keeping its
    proportions (``max-width: 100%; height: auto``).

    >>> svg = document(100, 50, "")
    >>> 'viewBox="0 0 100 50"' in svg, 'width="100"' in svg, "max-width:100%" in svg
    (True, True, True)
    >>> from dominolab import display
    >>> with display.scaled(2):
    ...     'width="200" height="100" viewBox="0 0 100 50"' in document(100, 50, "")
    True
    """
    k = display.scale()
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width * k)}" '
        f'height="{_n(height * k)}" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'style="max-width:100%;height:auto" role="img"'
    )
    if title:
        head += f' aria-label="{html.escape(title)}"><title>{html.escape(title)}</title>'
    else:
        head += ">"
    return SVG(head + body + "</svg>")


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


#: A half's face: a number, or Super-train's locomotive ("L") or letter ("S").
Face = int | str


def faces(tile: Any) -> tuple[Face, Face]:
    """A tile's two halves as drawn: its numbers, or a locomotive tile's faces
    (``L:5`` → ("L", 5)).

    >>> from dominolab.tiles import LocoTile
    >>> faces(LocoTile("S")), faces((3, 5))
    (('L', 'S'), (3, 5))
    """
    if isinstance(tile, LocoTile):
        return (LOCO, tile.face)
    if isinstance(tile, tuple) and len(tile) == 2 and any(isinstance(f, str) for f in tile):
        return (tile[0], tile[1])       # faces given as a pair already (("L", 5))
    return _pair(tile)


def face_word(face: Face) -> str:
    """A face in words, for an accessible name: "5", "locomotive", "letter S"."""
    if isinstance(face, int):
        return str(face)
    return "locomotive" if face == LOCO else f"letter {face}"


def _locomotive(x: float, y: float, size: float) -> str:
    """A red locomotive (boiler, cab, chimney, wheels) in the square half at (x, y)."""
    c = PALETTE["locomotive"]
    u = size / 10
    return (f'<g class="locomotive" fill="{c}">'
            f'<rect x="{_n(x + 2 * u)}" y="{_n(y + 4 * u)}" width="{_n(4 * u)}" '
            f'height="{_n(2.4 * u)}" rx="{_n(0.6 * u)}"/>'
            f'<rect x="{_n(x + 5.6 * u)}" y="{_n(y + 2.6 * u)}" width="{_n(2.6 * u)}" '
            f'height="{_n(3.8 * u)}"/>'
            f'<rect x="{_n(x + 2.6 * u)}" y="{_n(y + 2.4 * u)}" width="{_n(u)}" '
            f'height="{_n(1.8 * u)}"/>'
            f'<circle cx="{_n(x + 3.2 * u)}" cy="{_n(y + 7.2 * u)}" r="{_n(u)}"/>'
            f'<circle cx="{_n(x + 6.8 * u)}" cy="{_n(y + 7.2 * u)}" r="{_n(u)}"/></g>')


def _half(number: Face, x: float, y: float, size: float) -> str:
    """The pips (or numeral) of one square half whose top-left corner is (x, y); a
    locomotive or a letter for Super-train's tiles."""
    if isinstance(number, str):
        if number == LOCO:
            return _locomotive(x, y, size)
        return (f'<text class="letter" x="{_n(x + size / 2)}" y="{_n(y + size / 2)}" '
                f'font-size="{_n(size * 0.6)}" font-family="sans-serif" font-weight="700" '
                f'text-anchor="middle" dominant-baseline="central" '
                f'fill="{PALETTE["locomotive"]}">{html.escape(number)}</text>')
    if number in _PIPS:
        r = size * 0.09
        step = size * 0.27
        ox, oy = x + size / 2 - step, y + size / 2 - step
        return "".join(
            f'<circle class="pip" cx="{_n(ox + c * step)}" cy="{_n(oy + rr * step)}" '
            f'r="{_n(r)}" fill="{PALETTE["pip"]}"/>'
            for c, rr in _PIPS[number]
        )
    fs = size * (0.55 if number < 100 else 0.4)
    return (
        f'<text class="numeral" x="{_n(x + size / 2)}" y="{_n(y + size / 2)}" '
        f'font-size="{_n(fs)}" font-family="sans-serif" font-weight="700" '
        f'text-anchor="middle" dominant-baseline="central" fill="{PALETTE["numeral"]}">'
        f"{number}</text>"
    )


def _face(number: Face, x: float, y: float, size: float, skin: Any) -> str:
    """One half: its picture under a skin, else its pips (or numeral, or locomotive: the
    skins stop at double-six, the locomotives come with double-12)."""
    if skin is None or not isinstance(number, int):
        return _half(number, x, y, size)
    return half_svg(skin, number, x, y, size)


def tile_group(
    a: Face,
    b: Face,
    x: float = 0,
    y: float = 0,
    *,
    size: float = 40,
    vertical: bool = False,
    face_down: bool = False,
    label: str | None = None,
    highlight: bool = False,
    extra: str = "",
    skin: SkinLike = None,
) -> str:
    """An SVG ``<g>`` fragment: tile ``a|b`` with ``a`` on the left (or top).

    ``size`` is the side of one half; the tile is ``2*size`` long. ``label``
    overrides the accessible name (default ``"domino a-b"``, or ``"face-down
    domino"``). ``extra`` is added to the ``<g>`` tag (e.g. ``data-`` attributes).
    ``skin``: a picture skin's name (or None: the one of an enclosing
    :func:`~dominolab.render.skins.skinned` block, else pips); the tile is then named
    by its pictures, ``"domino cat | fish"``.
    """
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    pictures = get_skin(skin) if skin is not None else current_skin()
    if face_down:
        tile_name = ""
    elif pictures is not None and isinstance(a, int) and isinstance(b, int):
        tile_name = pictures.tile_name(a, b)
    else:
        tile_name = f"{face_word(a)}-{face_word(b)}"
    name = label or (tr("face-down domino") if face_down else
                     tr("domino {tile}").format(tile=tile_name))
    name = html.escape(name)
    stroke = PALETTE["highlight"] if highlight else (
        PALETTE["back_edge"] if face_down else PALETTE["edge"])
    sw = size * (0.08 if highlight else 0.04)
    fill = PALETTE["back"] if face_down else PALETTE["face"]
    parts = [
        f'<g class="tile" role="img" aria-label="{name}" {extra}>'.replace("  ", " "),
        f"<title>{name}</title>",
        f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(w - 2)}" height="{_n(h - 2)}" '
        f'rx="{_n(size * 0.12)}" fill="{fill}" stroke="{stroke}" stroke-width="{_n(sw)}"/>',
    ]
    if not face_down:
        if vertical:
            parts.append(
                f'<line x1="{_n(x + size * 0.15)}" y1="{_n(y + size)}" x2="{_n(x + size * 0.85)}" '
                f'y2="{_n(y + size)}" stroke="{PALETTE["edge"]}" stroke-width="{_n(size * 0.03)}"/>'
            )
            parts.append(_face(a, x, y, size, pictures))
            parts.append(_face(b, x, y + size, size, pictures))
        else:
            parts.append(
                f'<line x1="{_n(x + size)}" y1="{_n(y + size * 0.15)}" x2="{_n(x + size)}" '
                f'y2="{_n(y + size * 0.85)}" stroke="{PALETTE["edge"]}" stroke-width="{_n(size * 0.03)}"/>'
            )
            parts.append(_face(a, x, y, size, pictures))
            parts.append(_face(b, x + size, y, size, pictures))
    parts.append("</g>")
    return "".join(parts)


def _pair(tile: Any) -> tuple[int, int]:
    if hasattr(tile, "low"):
        return tile.low, tile.high
    a, b = tile
    return int(a), int(b)


def tile_svg(tile: Any, *, vertical: bool = False, face_down: bool = False, size: float = 40,
             skin: SkinLike = None) -> SVG:
    """One tile as an SVG picture; ``tile`` is a Tile or an ordered pair ``(a, b)``.

    >>> from dominolab import Tile
    >>> 'aria-label="face-down domino"' in tile_svg(Tile(1, 2), face_down=True)
    True
    >>> tile_svg((12, 3)).count('class="numeral"')
    1
    """
    a, b = faces(tile)
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    return document(w, h, tile_group(a, b, size=size, vertical=vertical, face_down=face_down,
                                     skin=skin))


def hand_svg(
    tiles: Iterable, *, size: float = 30, face_down: bool = False, per_row: int = 10,
    vertical: bool = True, title: str | None = None, skin: SkinLike = None,
) -> SVG:
    """A row of tiles (standing upright by default), wrapped after ``per_row``.

    >>> from dominolab import parse_tiles
    >>> hand_svg(parse_tiles("0:1 6:6")).count('class="tile"')
    2
    """
    tiles = list(tiles)
    gap = size * 0.2
    tw, th = (size, 2 * size) if vertical else (2 * size, size)
    per_row = max(1, per_row)
    rows = max(1, -(-len(tiles) // per_row))
    cols = min(len(tiles), per_row) or 1
    body = []
    for k, t in enumerate(tiles):
        r, c = divmod(k, per_row)
        a, b = faces(t)
        body.append(tile_group(a, b, gap + c * (tw + gap), gap + r * (th + gap), size=size,
                               vertical=vertical, face_down=face_down, skin=skin))
    return document(gap + cols * (tw + gap), gap + rows * (th + gap), "".join(body),
                    title or ngettext("{n} domino", "{n} dominoes", len(tiles)).format(
                        n=len(tiles)))


def set_svg(domino_set: DominoSet, *, size: float = 22, skin: SkinLike = None) -> SVG:
    """A whole set, one row per suit: row ``a`` holds a:a, a:a+1, …, a:n (``skin``: drawn
    with pictures; a set up to double-six).

    >>> from dominolab import DominoSet
    >>> set_svg(DominoSet(3)).count('class="tile"')
    10
    """
    n = domino_set.n
    if skin is not None:
        get_skin(skin, n, "set_svg")
    gap = size * 0.25
    tw, th = 2 * size, size
    body = []
    for a in range(n + 1):
        for j, b in enumerate(range(a, n + 1)):
            body.append(tile_group(a, b, gap + (a + j) * (tw + gap), gap + a * (th + gap),
                                   size=size, skin=skin))
    rows = n + 1
    if domino_set.locomotives:      # Super-train's locomotive tiles: rows of n + 1 below
        locos = [t for t in domino_set.tiles if isinstance(t, LocoTile)]
        for k, t in enumerate(locos):
            r, c = divmod(k, n + 1)
            body.append(tile_group(*faces(t), gap + c * (tw + gap),
                                   gap + (n + 1 + r) * (th + gap), size=size))
        rows += -(-len(locos) // (n + 1))
    return document(gap + (n + 1) * (tw + gap), gap + rows * (th + gap), "".join(body),
                    (tr("double-{n} Super-train set, {tiles}") if domino_set.locomotives
                     else tr("double-{n} set, {tiles}")).format(
                        n=domino_set.n, tiles=ngettext("{n} domino", "{n} dominoes",
                                                       domino_set.size).format(n=domino_set.size)))


def chain_svg(
    pairs: Sequence[tuple[int, int]], *, size: float = 26, per_row: int = 12,
    doubles_across: bool = True, title: str | None = None, skin: SkinLike = None,
) -> SVG:
    """A straight line of tiles given as ordered pairs (left number first).

    Doubles stand across the line, as on a real table. Long lines wrap like a
    snake: every second row runs right to left with its tiles turned round,
    so touching halves stay next to each other.

    >>> chain_svg([(1, 2), (2, 2), (2, 5)]).count('class="tile"')
    3
    """
    pairs = [_pair(p) for p in pairs]
    gap = size * 0.12
    row_h = 2 * size + 3 * gap
    per_row = max(1, per_row)
    rows = [pairs[i:i + per_row] for i in range(0, len(pairs), per_row)] or [[]]

    def width(row):
        return sum((size if (doubles_across and a == b) else 2 * size) + gap for a, b in row)

    total_w = max(width(r) for r in rows) + gap
    body = []
    for r, row in enumerate(rows):
        y0 = gap + r * row_h
        items = row if r % 2 == 0 else [(b, a) for a, b in reversed(row)]
        x = gap if r % 2 == 0 else total_w - width(row)
        for a, b in items:
            if doubles_across and a == b:
                body.append(tile_group(a, b, x, y0, size=size, vertical=True, skin=skin))
                x += size + gap
            else:
                body.append(tile_group(a, b, x, y0 + size / 2, size=size, skin=skin))
                x += 2 * size + gap
    return document(total_w, gap + len(rows) * row_h, "".join(body),
                    title or ngettext("a line of {n} domino", "a line of {n} dominoes",
                                      len(pairs)).format(n=len(pairs)))
