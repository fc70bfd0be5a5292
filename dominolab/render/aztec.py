"""SVG drawings of Aztec diamond tilings and of the 2×n tilings beside their compositions.

An Aztec tiling is drawn with its four kinds of dominoes in four colours (north, south,
east, west), with a legend that names them and counts them, so the picture does not rely
on colour alone, and optionally the inscribed circle: in a large uniform tiling the four
corners are frozen brick walls and the disorder stays inside that circle (the arctic
circle). Each kind is one ``<path>``, so a diamond of thousands of dominoes stays a
small drawing.

>>> from dominolab.tilings.aztec import random_aztec_tiling
>>> svg = aztec_svg(random_aztec_tiling(3, seed=1))
>>> sum(svg.count(f'class="dominoes {k}"') for k in "NSEW"), svg.count("h")  > 12
(4, True)
>>> composition_gallery_svg(4).count('aria-label="1 + 2 + 1"')
1
"""

from __future__ import annotations

import html
import math

from ..errors import InvalidRegion
from ..i18n import N_, format_number, get_language, tr
from ..tilings.aztec import AztecTiling
from ..tilings.recurrences import compositions, tiling_of
from .svg import SVG, _n, document
from .tilings import TILING_COLOURS, tiling_svg

__all__ = ["AZTEC_COLOURS", "aztec_svg", "composition_gallery_svg"]

#: the colours of the four kinds (distinct in lightness too, for grey-scale printing)
AZTEC_COLOURS = {"N": "#c0392b", "S": "#f1c40f", "E": "#2e86c1", "W": "#a9dfbf",
                 "edge": "#1f1f1f", "circle": "#111111", "text": "#111111"}
_NAMES = {"N": N_("north"), "S": N_("south"), "E": N_("east"), "W": N_("west")}


def aztec_svg(tiling: AztecTiling, *, size: float | None = None, circle: bool = True,
              legend: bool = True) -> SVG:
    """The tiling, dominoes coloured by kind; ``circle`` draws the inscribed circle.

    ``size`` is the side of a cell (default: about 560 pixels for the whole diamond).
    """
    if not isinstance(tiling, AztecTiling):
        raise InvalidRegion(f"aztec_svg draws an AztecTiling, not {type(tiling).__name__}")
    n = tiling.n
    cell = size if size is not None else max(2.0, min(40.0, 560 / (2 * n)))
    pad = 4.0
    edge = max(0.2, cell * 0.06)
    paths: dict[str, list[str]] = {k: [] for k in "NSEW"}
    for ((r, c), (r2, c2)), kind in zip(tiling.dominoes, tiling.kinds):
        w = (c2 - c + 1) * cell
        h = (r2 - r + 1) * cell
        paths[kind].append(f"M{_n(pad + c * cell)} {_n(pad + r * cell)}h{_n(w)}v{_n(h)}"
                           f"h{_n(-w)}z")
    parts = [f'<path class="dominoes {k}" data-count="{len(paths[k])}" d="{"".join(paths[k])}" '
             f'fill="{AZTEC_COLOURS[k]}" stroke="{AZTEC_COLOURS["edge"]}" '
             f'stroke-width="{_n(edge)}"/>' for k in "NSEW"]
    side = 2 * n * cell
    if circle:
        radius = n * cell / math.sqrt(2)
        parts.append(
            f'<circle class="arctic" cx="{_n(pad + side / 2)}" cy="{_n(pad + side / 2)}" '
            f'r="{_n(radius)}" fill="none" stroke="{AZTEC_COLOURS["circle"]}" '
            f'stroke-width="{_n(max(1.0, min(3.0, cell * 0.1)))}" stroke-dasharray="6 4"/>')
    height = side + 2 * pad
    width = side + 2 * pad
    if legend:
        fs = 13
        y = height + fs
        x = pad
        for kind in "NSEW":
            label = f"{tr(_NAMES[kind])} {len(paths[kind])}"
            parts.append(f'<rect x="{_n(x)}" y="{_n(y - fs + 2)}" width="{fs}" height="{fs}" '
                         f'fill="{AZTEC_COLOURS[kind]}" stroke="{AZTEC_COLOURS["edge"]}"/>')
            parts.append(f'<text x="{_n(x + fs + 4)}" y="{_n(y)}" font-size="{fs}" '
                         f'font-family="sans-serif" fill="{AZTEC_COLOURS["text"]}">'
                         f"{html.escape(label)}</text>")
            x += fs + 12 + 7.5 * len(label)
        height += fs + 10
        width = max(width, x)
    title = (tr("a tiling of the Aztec diamond of order {n}: {k} dominoes coloured by kind "
                "(north, south, east, west)").format(
                    n=n, k=format_number(len(tiling.dominoes)) if get_language() == "ru"
                    else len(tiling.dominoes))
             + (tr(", with the inscribed circle") if circle else ""))
    return document(width, height, "".join(parts), title)


def composition_gallery_svg(n: int, *, size: float = 18, per_row: int = 4) -> SVG:
    """Every tiling of the 2×n strip with its composition of n into 1s and 2s written
    under it, each part under its own columns: the bijection (a vertical domino is a 1,
    two stacked ones a 2).
    """
    comps = compositions(n)
    if n == 0:
        raise InvalidRegion("the 2×0 strip has one, empty, tiling: there is nothing to draw")
    per_row = max(1, per_row)
    gap = size
    w = n * size + 4
    h = 2 * size + 4 + 18
    text = (f'font-family="sans-serif" text-anchor="middle" '
            f'fill="{TILING_COLOURS["text"]}"')
    body = []
    for k, comp in enumerate(comps):
        r, c = divmod(k, per_row)
        inner = tiling_svg(tiling_of(comp), size=size)
        # drop the outer <svg …> wrapper (up to the end of its title) and place the drawing
        # with a translation, as render.tilings.gallery_svg does
        start = inner.index("</title>") + len("</title>")
        x, y = c * (w + gap), r * (h + gap)
        body.append(f'<g class="composition" aria-label="{" + ".join(map(str, comp))}" '
                    f'transform="translate({_n(x)},{_n(y)})">{inner[start:-6]}')
        col = 0
        base = 2 * size + 18
        for i, p in enumerate(comp):
            if i:
                body.append(f'<text x="{_n(2 + col * size)}" y="{_n(base)}" font-size="10" '
                            f'{text}>+</text>')
            body.append(f'<text class="part" x="{_n(2 + (col + p / 2) * size)}" '
                        f'y="{_n(base)}" font-size="13" {text}>{p}</text>')
            col += p
        body.append("</g>")
    cols = min(per_row, len(comps))
    rows = -(-len(comps) // per_row)
    return document(cols * (w + gap), rows * (h + gap),
                    "".join(body), tr("the {k} tilings of the 2×{n} strip and their "
                                      "compositions of {n} into 1s and 2s").format(
                                          k=len(comps), n=n))
