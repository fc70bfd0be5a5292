"""Drawings for chains and tile graphs.

A chain is drawn as a line of tiles (:func:`chain_picture`); a set of tiles
as its graph (:func:`graph_picture`): the numbers on a circle, one edge per
tile, a small loop per double, each number labelled with how many tile ends
show it; numbers shown an odd number of times are drawn in the highlight
colour with a thicker ring, so Euler's condition can be read off the picture.

>>> svg = graph_picture("0:1 1:2 2:0 2:2", highlight="0:1")
>>> svg.count('class="edge"'), svg.count('class="loop"'), 'aria-label="number 2, 4 ends"' in svg
(3, 1, True)
>>> svg.count('stroke-width="3.5"')  # the highlighted tile
1
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from typing import Any

from ..chains import Chain, as_tiles, degrees, tile_graph
from ..i18n import ngettext, tr
from .svg import PALETTE, SVG, _n, chain_svg, document

__all__ = ["chain_picture", "graph_picture"]


def chain_picture(chain: Chain | Iterable[tuple[int, int]], *, size: float = 26,
                  per_row: int = 12) -> SVG:
    """A :class:`~dominolab.chains.Chain` (or its ordered pairs) as a line of tiles.

    >>> chain_picture(Chain("1:2 2:2 2:5")).count('class="tile"')
    3
    """
    pairs = list((chain if isinstance(chain, Chain) else Chain(chain)).pairs)
    if not pairs:
        return document(60, 20, "", tr("an empty line of dominoes"))
    return chain_svg(pairs, size=size, per_row=per_row)


def graph_picture(tiles: Any, *, numbers: Iterable[int] | None = None, radius: float = 110,
                  title: str | None = None, highlight: Any = ()) -> SVG:
    """The tile graph: numbers on a circle, tiles as edges, doubles as loops.

    ``numbers`` adds vertices to draw besides those on the tiles (e.g. all of 0..n);
    ``highlight`` is a collection of tiles drawn in the highlight colour.
    """
    hand = as_tiles(tiles, distinct=False)
    deg = degrees(hand)
    verts = sorted(set(deg) | (set() if numbers is None else set(tile_graph((), numbers=numbers))))
    if not verts:
        return document(60, 20, "", title or "no tiles")
    marked = {(t.low, t.high) for t in as_tiles(highlight, what="highlight", distinct=False)}
    pad = 38
    cx = cy = radius + pad
    pos: dict[int, tuple[float, float]] = {}
    for k, v in enumerate(verts):
        angle = -math.pi / 2 + 2 * math.pi * k / len(verts)
        pos[v] = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    body = []
    for t in hand:
        hot = (t.low, t.high) in marked
        colour = PALETTE["highlight"] if hot else PALETTE["muted"]
        width = 3.5 if hot else 1.6
        if t.is_double:
            x, y = pos[t.low]
            dx, dy = x - cx, y - cy
            norm = math.hypot(dx, dy) or 1
            lx, ly = x + 22 * dx / norm, y + 22 * dy / norm
            body.append(
                f'<circle class="loop" cx="{_n(lx)}" cy="{_n(ly)}" r="11" fill="none" '
                f'stroke="{colour}" stroke-width="{width}"><title>{t}</title></circle>'
            )
        else:
            (x1, y1), (x2, y2) = pos[t.low], pos[t.high]
            body.append(
                f'<line class="edge" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                f'stroke="{colour}" stroke-width="{width}"><title>{t}</title></line>'
            )
    for v in verts:
        x, y = pos[v]
        d = deg.get(v, 0)
        odd = d % 2 == 1
        ring = PALETTE["highlight"] if odd else PALETTE["edge"]
        name = ngettext("number {v}, {d} end", "number {v}, {d} ends", d).format(v=v, d=d)
        label = html.escape(name + (tr(" (odd)") if odd else ""))
        body.append(
            f'<g class="vertex" role="img" aria-label="{html.escape(name)}">'
            f"<title>{label}</title>"
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="15" fill="{PALETTE["face"]}" '
            f'stroke="{ring}" stroke-width="{4 if odd else 2}"/>'
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="15" font-family="sans-serif" '
            f'font-weight="700" text-anchor="middle" dominant-baseline="central" '
            f'fill="{PALETTE["numeral"]}">{v}</text>'
            f'<text x="{_n(x + 17)}" y="{_n(y - 15)}" font-size="11" font-family="sans-serif" '
            f'fill="{ring}">{d}</text></g>'
        )
    side = 2 * (radius + pad)
    return document(side, side, "".join(body),
                    title or ngettext("graph of {n} tile on the numbers {lo}..{hi}",
                                      "graph of {n} tiles on the numbers {lo}..{hi}",
                                      len(hand)).format(n=len(hand), lo=verts[0], hi=verts[-1]))
