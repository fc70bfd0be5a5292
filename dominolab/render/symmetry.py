"""Pictures of symmetry groups acting: a triomino turned and flipped, necklaces of beads.

A triomino is a triangle with a number at each corner; position 0 is the top corner,
then clockwise 1 (bottom right) and 2 (bottom left). :func:`orbit_svg` draws a labelling
moved by every symmetry of a group, each image named, and marks the images that are the
labelling itself — the symmetries that *fix* it, which Burnside's lemma counts. The
words (captions, titles, labels) come in the current language (:mod:`dominolab.i18n`).

>>> from dominolab.combinatorics.symmetry import cyclic_group
>>> svg = orbit_svg((0, 0, 1), cyclic_group(3))
>>> svg.count('class="triomino"'), svg.count('class="triomino fixed"')
(2, 1)
>>> necklace_svg((0, 1, 1, 0)).count('class="bead"')
4
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

from ..combinatorics.symmetry import Symmetry
from ..i18n import tr
from .svg import SVG, _n, document

__all__ = ["SYMMETRY_COLOURS", "necklace_svg", "orbit_svg", "triomino_group"]

#: colours of these drawings (text keeps WCAG AA contrast on them)
SYMMETRY_COLOURS = {"face": "#fffdf6", "edge": "#1f1f1f", "fixed": "#1e8449",
                    "text": "#111111", "marker": "#c0392b",
                    "beads": ("#f7dc6f", "#85c1e9", "#f1948a", "#82e0aa", "#d7bde2",
                              "#f8c471", "#aeb6bf")}


def _corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    h = size * math.sqrt(3) / 2
    return [(x + size / 2, y), (x + size, y + h), (x, y + h)]


def triomino_group(labels: Sequence[int], x: float, y: float, size: float, *,
                   fixed: bool = False, name: str = "") -> str:
    """A triangle with ``labels[i]`` at corner ``i`` (top, bottom right, bottom left) and a
    small mark at corner 0's label, so turns can be followed."""
    pts = _corners(x, y, size)
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    cls = "triomino fixed" if fixed else "triomino"
    stroke = SYMMETRY_COLOURS["fixed"] if fixed else SYMMETRY_COLOURS["edge"]
    label = html.escape(name or tr("triomino {corners}").format(
        corners="-".join(map(str, labels))))
    out = [f'<g class="{cls}" role="img" aria-label="{label}">',
           f'<polygon points="{" ".join(f"{_n(px)},{_n(py)}" for px, py in pts)}" '
           f'fill="{SYMMETRY_COLOURS["face"]}" stroke="{stroke}" '
           f'stroke-width="{_n(size * (0.05 if fixed else 0.025))}"/>']
    for i, ((px, py), v) in enumerate(zip(pts, labels)):
        tx, ty = px + (cx - px) * 0.38, py + (cy - py) * 0.38
        out.append(f'<text x="{_n(tx)}" y="{_n(ty)}" font-size="{_n(size * 0.2)}" '
                   'font-family="sans-serif" font-weight="700" text-anchor="middle" '
                   f'dominant-baseline="central" fill="{SYMMETRY_COLOURS["text"]}">{v}</text>')
    out.append("</g>")
    return "".join(out)


def orbit_svg(labelling: Sequence[int], group: Sequence[Symmetry], *, size: float = 70,
              per_row: int = 6) -> SVG:
    """The labelling moved by every symmetry of ``group``, each image under its name;
    images equal to the labelling (it is *fixed*) are outlined in green and say so."""
    gap = 18
    cell_w = max(size, 110) + gap
    h = size * math.sqrt(3) / 2
    cell_h = h + 46
    start = tuple(labelling)
    body = []
    for k, g in enumerate(group):
        r, c = divmod(k, per_row)
        img = g.act(start)
        x = gap / 2 + c * cell_w + (cell_w - gap - size) / 2
        y = 6 + r * cell_h
        fixed = img == start
        body.append(triomino_group(img, x, y, size, fixed=fixed,
                                   name=f"{g.name}: " + "-".join(map(str, img))))
        cap = tr("{name} — fixed").format(name=g.name) if fixed else g.name
        body.append(f'<text x="{_n(gap / 2 + c * cell_w + (cell_w - gap) / 2)}" '
                    f'y="{_n(y + h + 18)}" font-size="12" font-family="sans-serif" '
                    'text-anchor="middle" '
                    f'fill="{SYMMETRY_COLOURS["fixed"] if fixed else SYMMETRY_COLOURS["text"]}">'
                    f"{html.escape(cap)}</text>")
    cols = min(per_row, len(group))
    rows = -(-len(group) // per_row)
    fixed_count = sum(g.act(start) == start for g in group)
    return document(cols * cell_w, rows * cell_h + 6, "".join(body),
                    tr("the triomino {corners} under {k} symmetries; {fixed} fix it").format(
                        corners="-".join(map(str, start)), k=len(group), fixed=fixed_count))


def necklace_svg(beads: Sequence[int], *, radius: float = 50, bead: float = 13) -> SVG:
    """A necklace: the beads (each a number, drawn as a coloured bead with its number)
    around a circle, bead 0 at the top, then clockwise."""
    k = len(beads)
    pad = bead + 4
    cx = cy = radius + pad
    colours = SYMMETRY_COLOURS["beads"]
    body = [f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius)}" fill="none" '
            f'stroke="{SYMMETRY_COLOURS["edge"]}" stroke-width="1"/>']
    for i, v in enumerate(beads):
        a = -math.pi / 2 + 2 * math.pi * i / max(k, 1)
        x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
        body.append(f'<circle class="bead" cx="{_n(x)}" cy="{_n(y)}" r="{_n(bead)}" '
                    f'fill="{colours[v % len(colours)]}" stroke="{SYMMETRY_COLOURS["edge"]}"/>')
        body.append(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(bead * 1.1)}" '
                    'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" '
                    f'fill="{SYMMETRY_COLOURS["text"]}">{v}</text>')
    side = 2 * (radius + pad)
    return document(side, side, "".join(body),
                    tr("a necklace of {k} beads: {beads}").format(
                        k=k, beads=" ".join(map(str, beads))))
