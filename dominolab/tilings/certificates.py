"""Certificates of impossibility: why a region has no tiling, in words a student reads.

>>> print(impossibility(Region.rectangle(3, 3)))
Colour the cells like a chessboard. Every domino covers one dark and one light cell, so a tiling needs as many dark cells as light ones. This region has 5 dark and 4 light cells.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from networkx.algorithms import bipartite

from ..render import SVG
from .region import Cell, Region, _components, as_region

__all__ = ["Certificate", "impossibility"]


@dataclass(frozen=True, repr=False)
class Certificate:
    """A proof that a region has no tiling, readable by a student.

    ``kind`` is ``"colour"`` (more cells of one chessboard colour than of the
    other), ``"odd piece"`` (a connected piece with an odd number of cells) or
    ``"hall"`` (a set of cells of one colour whose neighbours are too few: Hall's
    condition fails). ``cells`` are the cells the argument is about and
    ``partners`` the cells they could pair with (fewer of them).
    ``str`` is the explanation; a notebook draws it.
    """

    kind: str
    region: Region
    cells: frozenset[Cell]
    partners: frozenset[Cell]
    message: str = field(compare=False)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        p = len(self.partners)
        return (f"<Certificate {self.kind!r}: {len(self.cells)} cells, "
                f"{p} partner{'s' if p != 1 else ''}>")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (for widgets)."""
        return {
            "kind": self.kind,
            "message": self.message,
            "cells": [list(x) for x in sorted(self.cells)],
            "partners": [list(x) for x in sorted(self.partners)],
        }

    def svg(self, **options: Any) -> SVG:
        """The region with the cells of the argument marked.

        ``options`` as for :func:`dominolab.render.tilings.certificate_svg`, which draws it.
        """
        return self._repr_svg_(**options)

    def _repr_svg_(self, **options: Any) -> SVG:
        # drawn on demand: the renderer imports this module at its top
        from ..render.tilings import certificate_svg  # noqa: PLC0415

        return certificate_svg(self, **options)


def impossibility(region: Any) -> Certificate | None:
    """``None`` if ``region`` can be tiled, else a :class:`Certificate` saying why not.

    Tried in order: the chessboard colouring (as many dark as light cells),
    every connected piece even and balanced, then Hall's condition: a maximum
    matching (networkx) that misses a cell gives, by following alternating
    paths from that cell, a set of cells of one colour with fewer neighbours
    than members.

    >>> impossibility(Region.rectangle(2, 2)) is None
    True
    >>> print(impossibility(Region.parse("###\\n...\\n.#.")))
    The piece of 1 cell containing (2, 1) has an odd number of cells; dominoes cover cells two at a time, so it cannot be covered.
    >>> c = impossibility(Region.parse('''
    ... ..#.
    ... ####
    ... .#..
    ... '''))
    >>> c.kind, sorted(c.cells), sorted(c.partners)
    ('hall', [(0, 2), (1, 3)], [(1, 2)])
    """
    return _impossibility(as_region(region))


@lru_cache(maxsize=32)      # random_tiling asks before every sample, often of one region
def _impossibility(region: Region) -> Certificate | None:
    dark, light = region.colour_counts()
    darks = frozenset(x for x in region.cells if (x[0] + x[1]) % 2 == 0)
    lights = region.cells - darks
    if dark != light:
        return Certificate(
            "colour", region,
            darks if dark > light else lights,
            lights if dark > light else darks,
            "Colour the cells like a chessboard. Every domino covers one dark and one "
            "light cell, so a tiling needs as many dark cells as light ones. This region "
            f"has {dark} dark and {light} light cells.",
        )
    pieces = _components(region.cells)
    for piece in sorted(pieces, key=lambda p: (len(p), min(p))):
        if len(piece) % 2:
            cell = min(piece)
            return Certificate(
                "odd piece", region, piece, frozenset(),
                f"The piece of {len(piece)} cell{'s' if len(piece) != 1 else ''} containing "
                f"{cell} has an odd number of cells; dominoes cover cells two at a time, "
                "so it cannot be covered.",
            )
    for piece in sorted(pieces, key=lambda p: (len(p), min(p))):
        pd = frozenset(x for x in piece if (x[0] + x[1]) % 2 == 0)
        pl = piece - pd
        if len(pd) != len(pl):
            more, fewer = ("dark", "light") if len(pd) > len(pl) else ("light", "dark")
            big, small = (pd, pl) if len(pd) > len(pl) else (pl, pd)
            return Certificate(
                "colour", region, big, small,
                f"The piece containing {min(piece)} has {len(big)} {more} and only "
                f"{len(small)} {fewer} cells. A domino never leaves its piece and covers one "
                f"cell of each colour, so the {more} cells cannot all be covered.",
            )
    return _hall_certificate(region, darks, lights)


def _hall_certificate(region: Region, darks: frozenset[Cell],
                      lights: frozenset[Cell]) -> Certificate | None:
    """A Hall violator found from a maximum matching (None when the matching is perfect)."""
    g = region.graph()
    matching = bipartite.hopcroft_karp_matching(g, top_nodes=darks)
    if all(x in matching for x in region.cells):
        return None
    best: tuple[frozenset[Cell], frozenset[Cell], bool] | None = None
    # Alternating search by hand: networkx finds the matching, but the small
    # witness (cells reachable from one unmatched cell) is not one of its outputs.
    for start in sorted(x for x in region.cells if x not in matching):
        side = darks if start in darks else lights
        s_set: set[Cell] = {start}
        t_set: set[Cell] = set()
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in g[u]:
                if v not in t_set:
                    t_set.add(v)
                    w = matching.get(v)
                    if w is not None and w not in s_set:
                        s_set.add(w)
                        queue.append(w)
        if best is None or len(s_set) < len(best[0]):
            best = (frozenset(s_set), frozenset(t_set), side is darks)
    assert best is not None  # some cell is unmatched
    cells, partners, is_dark = best
    colour, other = ("dark", "light") if is_dark else ("light", "dark")
    return Certificate(
        "hall", region, cells, partners,
        f"These {len(cells)} {colour} cells touch only {len(partners)} {other} "
        f"cell{'s' if len(partners) != 1 else ''} between them. Each {colour} cell needs its "
        f"own {other} neighbour in a domino, so at least one is left uncovered "
        "(Hall's condition fails).",
    )


