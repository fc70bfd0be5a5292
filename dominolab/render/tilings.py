"""SVG drawings for :mod:`dominolab.tilings`: regions, tilings and certificates.

A region is drawn as a chessboard (dark cells where ``row + col`` is even)
with holes left white behind a dashed outline; a tiling as blank dominoes
(horizontal and vertical ones in two colours, so the pattern reads at a
glance); a certificate of impossibility as the board with the cells of the
argument marked by symbols (● and ○), not by colour alone, and a legend.

>>> from dominolab.tilings import Region, impossibility, random_tiling
>>> board = Region.rectangle(2, 2)
>>> region_svg(board).count('class="cell dark"')
2
>>> tiling_svg(random_tiling(board, seed=0)).count('class="domino"')
2
>>> 'aria-label="Colour the cells' in certificate_svg(impossibility(Region.rectangle(1, 3)))
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from ..errors import DominoError
from ..i18n import tr
from ..tilings import Certificate, Region, Tiling, as_region
from .svg import SVG, _n, document

__all__ = ["region_svg", "tiling_svg", "certificate_svg", "gallery_svg", "TILING_COLOURS"]

#: Colours of the tiling drawings; text and marks keep WCAG AA contrast on them.
TILING_COLOURS = {
    "dark": "#5d6d7b",
    "light": "#ece6d6",
    "hole": "#ffffff",
    "hole_edge": "#8a949c",
    "horizontal": "#f3d9a4",
    "vertical": "#bcd8ec",
    "domino_edge": "#1f1f1f",
    "mark": "#8e1b10",
    "partner": "#0b3d91",
    "mark_on_dark": "#ffffff",
    "text": "#111111",
}


def _board(region: Region, size: float, pad: float) -> list[str]:
    parts = []
    for r in range(region.height):
        for c in range(region.width):
            x, y = pad + c * size, pad + r * size
            if (r, c) in region:
                tone = "dark" if (r + c) % 2 == 0 else "light"
                parts.append(
                    f'<rect class="cell {tone}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" '
                    f'height="{_n(size)}" fill="{TILING_COLOURS[tone]}"/>'
                )
            else:
                parts.append(
                    f'<rect class="hole" x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(size - 2)}" '
                    f'height="{_n(size - 2)}" fill="{TILING_COLOURS["hole"]}" '
                    f'stroke="{TILING_COLOURS["hole_edge"]}" stroke-dasharray="3 3"/>'
                )
    return parts


def _size(region: Region, size: float | None) -> float:
    if size is not None:
        return size
    longest = max(region.height, region.width)
    return max(8, min(36, 480 / longest))


def region_svg(region: Any, *, size: float | None = None, title: str | None = None) -> SVG:
    """The region (a :class:`~dominolab.tilings.Region`, cells or text art) as a chessboard.

    Holes are dashed white squares.

    >>> region_svg(Region.parse("#.#")).count('class="hole"')
    1
    """
    region = as_region(region)
    size = _size(region, size)
    pad = 2
    dark, light = region.colour_counts()
    title = title or tr("region of {n} cells ({dark} dark, {light} light) in a {h}×{w} "
                        "box").format(n=len(region), dark=dark, light=light,
                                      h=region.height, w=region.width)
    return document(2 * pad + region.width * size, 2 * pad + region.height * size,
                    "".join(_board(region, size, pad)), title)


def tiling_svg(tiling: Tiling | Iterable[Any], *, size: float | None = None, board: bool = False,
               title: str | None = None) -> SVG:
    """A tiling as blank dominoes; ``board=True`` shows the chessboard underneath.

    >>> from dominolab.tilings import iter_tilings
    >>> t = next(iter_tilings(Region.rectangle(2, 4)))
    >>> tiling_svg(t).count('aria-label="domino (0, 0)-(0, 1)"')
    1
    """
    if not isinstance(tiling, Tiling):
        tiling = Tiling(tiling)  # a list of dominoes, checked
    region = tiling.region
    size = _size(region, size)
    pad = 2
    parts = []
    if board:
        parts += _board(region, size, pad)
    else:
        for r in range(region.height):
            for c in range(region.width):
                if (r, c) not in region:
                    x, y = pad + c * size, pad + r * size
                    parts.append(
                        f'<rect class="hole" x="{_n(x + 1)}" y="{_n(y + 1)}" '
                        f'width="{_n(size - 2)}" height="{_n(size - 2)}" '
                        f'fill="{TILING_COLOURS["hole"]}" stroke="{TILING_COLOURS["hole_edge"]}" '
                        'stroke-dasharray="3 3"/>'
                    )
    inset = max(1.0, size * 0.08)
    for (r, c), (r2, c2) in tiling.dominoes:
        horizontal = r == r2
        x, y = pad + c * size + inset, pad + r * size + inset
        w = (2 if horizontal else 1) * size - 2 * inset
        h = (1 if horizontal else 2) * size - 2 * inset
        fill = TILING_COLOURS["horizontal" if horizontal else "vertical"]
        label = html.escape(tr("domino {a}-{b}").format(a=(r, c), b=(r2, c2)))
        opacity = ' fill-opacity="0.85"' if board else ""
        parts.append(
            f'<rect class="domino" aria-label="{label}" x="{_n(x)}" y="{_n(y)}" '
            f'width="{_n(w)}" height="{_n(h)}" rx="{_n(size * 0.15)}" fill="{fill}"{opacity} '
            f'stroke="{TILING_COLOURS["domino_edge"]}" stroke-width="{_n(max(1, size * 0.05))}"/>'
        )
    title = title or tr("a tiling of {n} cells by {k} dominoes").format(
        n=len(region), k=len(tiling.dominoes))
    return document(2 * pad + region.width * size, 2 * pad + region.height * size,
                    "".join(parts), title)


def certificate_svg(certificate: Certificate, *, size: float | None = None) -> SVG:
    """The region with the cells of an impossibility argument marked, and a legend.

    ● marks ``certificate.cells``, ○ marks ``certificate.partners``; for a
    colour count over the whole region the chessboard itself is the argument
    and the legend gives the two counts.
    """
    if not isinstance(certificate, Certificate):
        raise DominoError(f"certificate_svg draws a Certificate (what impossibility() returns "
                          f"for a region without a tiling), not {certificate!r}")
    region = certificate.region
    size = _size(region, size)
    pad = 2
    parts = _board(region, size, pad)
    whole_colour = certificate.kind == "colour" and (
        certificate.cells | certificate.partners) == region.cells
    if not whole_colour:
        for cells, symbol, key in ((certificate.cells, "●", "mark"),
                                   (certificate.partners, "○", "partner")):
            for r, c in sorted(cells):
                x, y = pad + (c + 0.5) * size, pad + (r + 0.5) * size
                on_dark = (r + c) % 2 == 0
                colour = TILING_COLOURS["mark_on_dark"] if on_dark else TILING_COLOURS[key]
                parts.append(
                    f'<text class="{key}" x="{_n(x)}" y="{_n(y)}" font-size="{_n(size * 0.6)}" '
                    'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" '
                    f'fill="{colour}">{symbol}</text>'
                )
    dark, light = region.colour_counts()
    if whole_colour:
        legend = [f"{dark} dark cells, {light} light cells: no tiling"]
    elif certificate.kind == "odd piece":
        legend = [f"● a piece of {len(certificate.cells)} cells (odd)"]
    else:
        k = len(certificate.partners)
        legend = [f"● {len(certificate.cells)} cells of one colour",
                  f"○ the {'only cell' if k == 1 else f'{k} cells'} they can pair with"]
    fs = 13
    board_h = 2 * pad + region.height * size
    for i, line in enumerate(legend):
        parts.append(
            f'<text class="legend" x="{_n(pad)}" y="{_n(board_h + (i + 1) * (fs + 4))}" '
            f'font-size="{fs}" font-family="sans-serif" fill="{TILING_COLOURS["text"]}">'
            f"{html.escape(line)}</text>"
        )
    width = max(2 * pad + region.width * size, 8 * max(len(s) for s in legend))
    return document(width, board_h + len(legend) * (fs + 4) + 6, "".join(parts),
                    certificate.message)


def gallery_svg(tilings: Iterable[Tiling], *, per_row: int = 6, size: float = 16,
                title: str | None = None) -> SVG:
    """Several tilings side by side (wrapping after ``per_row``), e.g. all tilings of 2×4.

    >>> from dominolab.tilings import iter_tilings
    >>> gallery_svg(iter_tilings(Region.rectangle(2, 4))).count('class="domino"')
    20
    """
    try:
        shown = [t if isinstance(t, Tiling) else Tiling(t) for t in tilings]
    except TypeError:
        raise DominoError(f"gallery_svg draws a list of tilings, not {tilings!r}") from None
    if not shown:
        return document(1, 1, "", title or tr("no tilings"))
    h = max(t.region.height for t in shown)
    w = max(t.region.width for t in shown)
    gap = size
    per_row = max(1, per_row)
    cols = min(per_row, len(shown))
    rows = -(-len(shown) // per_row)
    body = []
    for k, t in enumerate(shown):
        r, c = divmod(k, per_row)
        inner = tiling_svg(t, size=size)
        # drop the outer <svg ...> wrapper and place the drawing with a translation
        start = inner.index(">", inner.index("</title>")) + 1 if "</title>" in inner else (
            inner.index(">") + 1)
        x, y = c * (w * size + gap), r * (h * size + gap)
        body.append(f'<g transform="translate({_n(x)},{_n(y)})">{inner[start:-6]}</g>')
    return document(cols * (w * size + gap), rows * (h * size + gap), "".join(body),
                    title or tr("{n} tilings").format(n=len(shown)))
