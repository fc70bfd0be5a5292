"""Pigeonhole pictures: tiles sorted into labelled boxes.

Each box is a column with its label on top and its tiles stacked inside; a box holding
more than ``limit`` tiles is outlined in red and says how many, so the coincidence the
pigeonhole principle forces is marked by a word as well as a colour. The words (the
count in a full box, the default title) come in the current language (:mod:`dominolab.i18n`).

>>> from dominolab import Tile
>>> svg = boxes_svg([("0 pips", [Tile(0, 0)]), ("1 pip", [Tile(0, 1)])])
>>> svg.count('class="tile"'), svg.count('class="box"')
(2, 2)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import ngettext
from .svg import SVG, _n, _pair, document, tile_group

__all__ = ["boxes_svg"]

_EDGE = "#5f6b73"
_FULL = "#c0392b"
_TEXT = "#111111"


def boxes_svg(boxes: Sequence[tuple[str, Iterable[Any]]], *, size: float = 16,
              limit: int = 1, title: str | None = None) -> SVG:
    """Boxes side by side, each ``(label, tiles)``; a box with more than ``limit`` tiles is
    marked (red outline and "k tiles")."""
    gap = 10
    box_w = max(2 * size + 12, max((7 * len(lbl) for lbl, _ in boxes), default=0) + 8)
    contents = [(lbl, list(ts)) for lbl, ts in boxes]
    deepest = max((len(ts) for _, ts in contents), default=0)
    box_h = max(1, deepest) * (size + 4) + 10
    body = []
    for i, (lbl, ts) in enumerate(contents):
        x = gap + i * (box_w + gap)
        full = len(ts) > limit
        colour = _FULL if full else _EDGE
        body.append(f'<text x="{_n(x + box_w / 2)}" y="14" font-size="12" '
                    f'font-family="sans-serif" text-anchor="middle" fill="{_TEXT}">'
                    f"{html.escape(lbl)}</text>")
        body.append(f'<rect class="box{" full" if full else ""}" x="{_n(x)}" y="20" '
                    f'width="{_n(box_w)}" height="{_n(box_h)}" rx="4" fill="none" '
                    f'stroke="{colour}" stroke-width="{2.5 if full else 1}"/>')
        for j, t in enumerate(ts):
            a, b = _pair(t)
            body.append(tile_group(a, b, x + (box_w - 2 * size) / 2, 25 + j * (size + 4),
                                   size=size))
        if full:
            body.append(f'<text x="{_n(x + box_w / 2)}" y="{_n(20 + box_h + 14)}" '
                        f'font-size="12" font-family="sans-serif" text-anchor="middle" '
                        f'font-weight="700" fill="{_FULL}">'
                        f'{html.escape(ngettext("{n} tile", "{n} tiles", len(ts)).format(n=len(ts)))}'
                        "</text>")
    width = gap + len(contents) * (box_w + gap)
    total = sum(len(ts) for _, ts in contents)
    return document(width, 20 + box_h + 22, "".join(body),
                    title or ngettext("{n} tile in {boxes} boxes", "{n} tiles in {boxes} boxes",
                                      total).format(n=total, boxes=len(contents)))
