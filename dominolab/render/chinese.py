"""SVG of Chinese dominoes: dark tiles with white and red pips, hands, the set, a Pai Gow
setting and a Tien Gow table.

Real Chinese tiles are dark with white pips; ones and fours are red, as on Chinese dice,
and on the 6:6 (Heaven) half of each six is red (English Wikipedia «Chinese dominoes»;
Russian Wikipedia «Домино»: «Точки … разноцветные (белые и красные)»). Drawing
conventions of this module: tiles stand upright, a six is two columns of three and on
the 6:6 the left column of each six is the red one; the 1:1 (Earth) shows each one as a
large red pip, as the one is painted on Chinese dice. Every tile is a group with
``role="img"`` and an accessible name such as ``"Heaven 6:6 (天, Teen)"``.

>>> from dominolab.chinese import chinese_tile
>>> svg = chinese_tile_svg(chinese_tile("4:6"))
>>> 'aria-label="Red Head Ten 4:6 (紅頭十, Ping)"' in svg, svg.count('class="pip red"'), svg.count('class="pip white"')
(True, 4, 6)
>>> chinese_tile_svg(chinese_tile("6:6")).count('class="pip red"')
6
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from ..chinese.paigow import Split
from ..chinese.tiengow import FACES, PLAYERS, TienGow
from ..chinese.tiles import CHINESE_SET, ChineseSet, ChineseTile, red_pips
from .svg import SVG, document

__all__ = ["CHINESE_PALETTE", "chinese_tile_group", "chinese_tile_svg", "chinese_hand_svg",
           "chinese_set_svg", "split_svg", "tien_gow_svg"]

#: tile body, its edge, white and red pips, the back of a face-down tile, the highlight
CHINESE_PALETTE = {
    "body": "#1d1d1f",
    "edge": "#000000",
    "white": "#f7f5ee",
    "red": "#ff5a4f",
    "back": "#7a5230",
    "back_edge": "#3d2716",
    "highlight": "#f2b705",
    "ink": "#1a1a1a",
}

# pip positions (column, row) on a 2×3 grid of a half standing upright; the one is central
_LAYOUT: dict[int, list[tuple[float, int]]] = {
    1: [(0.5, 1)],
    2: [(0, 0), (1, 2)],
    3: [(0, 0), (0.5, 1), (1, 2)],
    4: [(0, 0), (1, 0), (0, 2), (1, 2)],
    5: [(0, 0), (1, 0), (0.5, 1), (0, 2), (1, 2)],
    6: [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
}


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def _half(number: int, face: tuple[int, int], x: float, y: float, w: float, h: float) -> str:
    reds = red_pips(number, face)
    big = face == (1, 1)
    r = w * (0.2 if big else 0.11)
    out = []
    for k, (c, row) in enumerate(_LAYOUT[number]):
        if number == 6 and face == (6, 6):
            red = c == 0                        # the left column of each six is red
        else:
            red = k < reds
        colour = CHINESE_PALETTE["red"] if red else CHINESE_PALETTE["white"]
        cx = x + w * (0.3 + 0.4 * c)
        cy = y + h * (0.22 + 0.28 * row)
        out.append(f'<circle class="pip {"red" if red else "white"}" cx="{_n(cx)}" '
                   f'cy="{_n(cy)}" r="{_n(r)}" fill="{colour}"/>')
    return "".join(out)


def chinese_tile_group(tile: ChineseTile, x: float = 0, y: float = 0, *, size: float = 30,
                       face_down: bool = False, highlight: bool = False,
                       label: str | None = None, extra: str = "") -> str:
    """An SVG ``<g>``: the tile standing upright, ``size`` wide and ``2.2·size`` tall."""
    w, h = size, size * 2.2
    name = html.escape(label or ("face-down tile" if face_down else tile.label))
    stroke = CHINESE_PALETTE["highlight"] if highlight else (
        CHINESE_PALETTE["back_edge"] if face_down else CHINESE_PALETTE["edge"])
    sw = size * (0.1 if highlight else 0.04)
    fill = CHINESE_PALETTE["back"] if face_down else CHINESE_PALETTE["body"]
    parts = [f'<g class="tile chinese" role="img" aria-label="{name}" {extra}>'.replace("  ", " "),
             f"<title>{name}</title>",
             f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(w - 2)}" height="{_n(h - 2)}" '
             f'rx="{_n(size * 0.16)}" fill="{fill}" stroke="{stroke}" stroke-width="{_n(sw)}"/>']
    if not face_down:
        face = (tile.low, tile.high)
        top, bottom = (tile.low, tile.high)
        parts.append(_half(top, face, x, y, w, h / 2))
        parts.append(_half(bottom, face, x, y + h / 2, w, h / 2))
    parts.append("</g>")
    return "".join(parts)


def chinese_tile_svg(tile: ChineseTile, *, size: float = 30, face_down: bool = False) -> SVG:
    """One tile as an SVG picture."""
    return document(size, size * 2.2, chinese_tile_group(tile, size=size, face_down=face_down))


def chinese_hand_svg(tiles: Iterable[ChineseTile], *, size: float = 26, gap: float | None = None,
                     title: str | None = None, face_down: bool = False) -> SVG:
    """A row of tiles.

    >>> from dominolab.chinese import parse_chinese
    >>> chinese_hand_svg(parse_chinese("6:6 1:1 4:5")).count('class="tile chinese"')
    3
    """
    tiles = list(tiles)
    g = size * 0.2 if gap is None else gap
    body = "".join(chinese_tile_group(t, g + k * (size + g), g, size=size, face_down=face_down)
                   for k, t in enumerate(tiles))
    return document(g + max(1, len(tiles)) * (size + g), 2 * g + size * 2.2, body,
                    title or f"{len(tiles)} Chinese dominoes")


def chinese_set_svg(domino_set: ChineseSet = CHINESE_SET, *, size: float = 22) -> SVG:
    """The 32 tiles: the civil pairs in their order on the top row, the military tiles
    below, highest first (the layout of the usual photograph of the set).

    >>> chinese_set_svg().count('class="tile chinese"')
    32
    """
    g = size * 0.25
    th = size * 2.2
    body = []
    civil = [t for t in domino_set.tiles if t.suit == "civil"]
    military = [t for t in domino_set.tiles if t.suit != "civil"]
    for k, t in enumerate(civil):
        body.append(chinese_tile_group(t, g + k * (size + g) + (k // 2) * g, g, size=size))
    for k, t in enumerate(military):
        body.append(chinese_tile_group(t, g + k * (size + g) * 2, 2 * g + th + g, size=size))
    width = g + len(civil) * (size + g) + (len(civil) // 2) * g
    return document(width, 3 * g + 2 * th + g, "".join(body),
                    "the 32 Chinese dominoes: 11 civil pairs and 10 military tiles")


def split_svg(split: Split, *, size: float = 26) -> SVG:
    """A Pai Gow setting: the low hand, a gap, the high hand, with their values as text."""
    g = size * 0.25
    th = size * 2.2
    body = []
    for k, t in enumerate(split.low.tiles):
        body.append(chinese_tile_group(t, g + k * (size + g), g, size=size))
    off = g + 2 * (size + g) + size
    for k, t in enumerate(split.high.tiles):
        body.append(chinese_tile_group(t, off + k * (size + g), g, size=size))
    for x, text in ((g, f"low: {split.low.name}"), (off, f"high: {split.high.name}")):
        body.append(f'<text x="{_n(x)}" y="{_n(2 * g + th + size * 0.5)}" '
                    f'font-size="{_n(size * 0.45)}" font-family="sans-serif" '
                    f'fill="{CHINESE_PALETTE["ink"]}">{html.escape(text)}</text>')
    return document(off + 2 * (size + g) + size * 3, 3 * g + th + size * 0.6, "".join(body),
                    f"Pai Gow setting: low {split.low.name}, high {split.high.name}")


_SEAT_XY = [(0.5, 0.86), (0.86, 0.5), (0.5, 0.14), (0.14, 0.5)]   # S, E, N, W: counter-clockwise


def tien_gow_svg(state: TienGow, *, names: Sequence[str] | None = None, show: int | None = None,
                 size: float = 18) -> SVG:
    """A Tien Gow table: the four seats counter-clockwise from the bottom (tiles left face
    down, or face up for seat ``show``), tricks taken, the banker, and the trick on the table
    (face-up plays, face-down discards; the best play outlined).

    >>> from dominolab.chinese import TienGow
    >>> svg = tien_gow_svg(TienGow(seed=1), show=0)
    >>> svg.count('class="tile chinese"'), 'aria-label="face-down tile"' in svg
    (32, True)
    """
    names = list(names or [f"P{i + 1}" for i in range(PLAYERS)])
    W, H = size * 34, size * 26
    th = size * 2.2
    g = size * 0.2
    ink = CHINESE_PALETTE["ink"]
    body = [f'<rect x="0" y="0" width="{_n(W)}" height="{_n(H)}" rx="{_n(size)}" '
            f'fill="#e8efe6" stroke="#5f6b73"/>']
    for p in range(PLAYERS):
        cx, cy = _SEAT_XY[p]
        hand = state.hand(p)
        n = len(hand)
        x0 = cx * W - (n * (size + g)) / 2
        y0 = cy * H - th / 2
        for k, t in enumerate(hand):
            body.append(chinese_tile_group(t, x0 + k * (size + g), y0, size=size,
                                           face_down=(show != p)))
        banker = " (banker)" if p == state.banker else ""
        turn = " · to play" if p == state.turn and not state.finished else ""
        # two short lines (who; tricks and turn) in type as large as the tiles are wide,
        # so a projector's back row can read them; the side seats' labels run inwards
        # from the table's edge, so a long one stays on the table
        lines = [f"{names[p]}{banker}",
                 f"{state.tricks[p]} trick{'s' * (state.tricks[p] != 1)}{turn}"]
        fs = size
        ly = y0 + th + fs * 1.0 if p == 0 else y0 - fs * 0.35 - fs * 1.1
        lx, anchor = {1: (W - size * 0.4, "end"), 3: (size * 0.4, "start")}.get(
            p, (cx * W, "middle"))
        spans = "".join(f'<tspan x="{_n(lx)}" y="{_n(ly + k * fs * 1.1)}">{html.escape(s)}</tspan>'
                        for k, s in enumerate(lines))
        body.append(f'<text font-size="{_n(fs)}" font-family="sans-serif" '
                    f'text-anchor="{anchor}" fill="{ink}">{spans}</text>')
    best = state.best[0] if state.best else None
    plays = state.trick or (list(state.done[-1][1]) if state.done and state.finished else [])
    for seat, idx, up in plays:
        cx, cy = _SEAT_XY[seat]
        mx, my = 0.5 + (cx - 0.5) * 0.42, 0.5 + (cy - 0.5) * 0.42
        x0 = mx * W - len(idx) * (size + g) / 2
        for k, i in enumerate(idx):
            body.append(chinese_tile_group(FACES[i], x0 + k * (size + g), my * H - th / 2,
                                           size=size, face_down=not up,
                                           highlight=up and seat == best))
    return document(W, H, "".join(body), "Tien Gow table")
