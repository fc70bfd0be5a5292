"""Before and after a pass: for each unseen tile, the chance that each hand holds it.

One row per tile (drawn), one column per place; in each cell a grey bar is the prior (the
chance before the passes) and a blue bar the posterior (after), with the posterior written
as a fraction. A tile a pass rules out of a hand has an empty blue bar there; the tiles a
pass does not mention move too, and the picture shows by how much.

>>> from fractions import Fraction as F
>>> from dominolab import Tile
>>> svg = beliefs_svg([(Tile(3, 5), {1: (F(6, 19), F(1, 2)), 3: (F(7, 19), F(0))})])
>>> svg.count('class="tile"'), svg.count('class="prior"'), svg.count('class="posterior"')
(1, 2, 2)
>>> ">1/2<" in svg and ">0<" in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..games.bayes import place_name
from ..i18n import tr
from .svg import SVG, _n, _pair, document, tile_group

__all__ = ["beliefs_svg"]

_PRIOR = "#b8c0c6"
_POSTERIOR = "#2f6fad"
_TEXT = "#111111"


def _fraction(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def beliefs_svg(rows: Sequence[tuple[Any, Mapping[int, tuple[Fraction, Fraction]]]], *,
                size: float = 14, bar: float = 90, title: str | None = None) -> SVG:
    """Rows ``(tile, {place: (prior, posterior)})`` (as :func:`dominolab.games.bayes.beliefs`
    gives them) drawn as a table of bars."""
    places: list[int] = []
    for _, cells in rows:
        places += [q for q in cells if q not in places]
    row_h = size + 10
    left = 2 * size + 44
    col_w = bar + 48
    top = 34
    before, after = html.escape(tr("before")), html.escape(tr("after the passes"))
    body = []
    for j, q in enumerate(places):
        x = left + j * col_w
        body.append(f'<text x="{_n(x + bar / 2)}" y="14" font-size="12" font-weight="700" '
                    f'font-family="sans-serif" text-anchor="middle" fill="{_TEXT}">'
                    f"{html.escape(place_name(q))}</text>")
    body.append(f'<rect x="{_n(left)}" y="20" width="10" height="6" fill="{_PRIOR}"/>'
                f'<text x="{_n(left + 14)}" y="26" font-size="9" font-family="sans-serif" '
                f'fill="{_TEXT}">{before}</text>'
                f'<rect x="{_n(left + 60)}" y="20" width="10" height="6" fill="{_POSTERIOR}"/>'
                f'<text x="{_n(left + 74)}" y="26" font-size="9" font-family="sans-serif" '
                f'fill="{_TEXT}">{after}</text>')
    for i, (tile, cells) in enumerate(rows):
        y = top + i * row_h
        a, b = _pair(tile)
        body.append(tile_group(a, b, 6, y, size=size))
        body.append(f'<text x="{_n(2 * size + 10)}" y="{_n(y + size * 0.85)}" font-size="10" '
                    f'font-family="sans-serif" fill="{_TEXT}">{a}:{b}</text>')
        for j, q in enumerate(places):
            if q not in cells:
                continue
            prior, post = cells[q]
            x = left + j * col_w
            body.append(f'<rect class="prior" x="{_n(x)}" y="{_n(y + 1)}" '
                        f'width="{_n(bar * float(prior))}" height="{_n(size * 0.35)}" '
                        f'fill="{_PRIOR}"/>')
            body.append(f'<rect class="posterior" x="{_n(x)}" y="{_n(y + size * 0.45)}" '
                        f'width="{_n(bar * float(post))}" height="{_n(size * 0.5)}" '
                        f'fill="{_POSTERIOR}"/>')
            body.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(bar)}" '
                        f'height="{_n(size)}" fill="none" stroke="{_PRIOR}" '
                        f'stroke-width="0.5"/>')
            body.append(f'<text x="{_n(x + bar + 4)}" y="{_n(y + size * 0.85)}" '
                        f'font-size="10" font-family="sans-serif" fill="{_TEXT}">'
                        f"{_fraction(post)}</text>")
    width = left + len(places) * col_w
    height = top + len(rows) * row_h + 4
    return document(width, height, "".join(body),
                    title or tr("the chance that each hand holds each unseen tile, before "
                                "and after the passes"))
