"""Listing tilings one by one (backtracking), for small regions and brute-force checks.

>>> from dominolab.tilings import Region
>>> sum(1 for _ in iter_tilings(Region.rectangle(4, 4)))
36
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .region import Cell, Domino, Tiling, as_region

__all__ = ["iter_tilings"]


def iter_tilings(region: Any) -> Iterator[Tiling]:
    """Every tiling of ``region``, one at a time, in a fixed order.

    Backtracking: the first uncovered cell (in reading order) can only be
    covered together with its right or its lower neighbour. Meant for small
    regions; the number of tilings grows exponentially with the area.

    >>> from dominolab.tilings import Region
    >>> [str(t) for t in iter_tilings(Region.rectangle(2, 2))]
    ['<>\\n<>', '^^\\nvv']
    >>> sum(1 for _ in iter_tilings(Region.rectangle(4, 4)))
    36
    """
    region = as_region(region)
    dark, light = region.colour_counts()
    if dark != light:
        return
    for placed in _placements(region.cells):
        yield Tiling(placed, region)


def _count_by_enumeration(cells: frozenset[Cell]) -> int:
    """The number of tilings of ``cells`` by the same backtracking, counting only.

    The ``"enumerate"`` method. A separate recursion, not ``sum`` over
    :func:`_placements`: the 8×8 board has 12,988,816 tilings, and resuming a
    generator for each of them made the count several times slower.
    """
    order = sorted(cells)
    covered: set[Cell] = set()

    def search(i: int) -> int:
        while i < len(order) and order[i] in covered:
            i += 1
        if i == len(order):
            return 1
        r, c = order[i]
        total = 0
        for other in ((r, c + 1), (r + 1, c)):
            if other in cells and other not in covered:
                covered.add(other)
                total += search(i + 1)
                covered.discard(other)
        return total

    return search(0)


def _placements(cells: frozenset[Cell]) -> Iterator[list[Domino]]:
    """Every tiling of ``cells`` as a list of dominoes (the same list, changed in place)."""
    order = sorted(cells)
    n = len(order)
    covered: set[Cell] = set()
    placed: list[Domino] = []
    # Depth-first search with an explicit stack (no recursion limit on long
    # regions). A frame is [cell index, next option (0 right, 1 down), placed? (0/1)].
    stack = [[0, 0, 0]]
    while stack:
        frame = stack[-1]
        i = frame[0]
        if frame[2]:
            a, b = placed.pop()
            covered.discard(a)
            covered.discard(b)
            frame[2] = 0
        if i == n:
            yield placed
            stack.pop()
            continue
        r, c = order[i]
        while frame[1] < 2:
            other = (r, c + 1) if frame[1] == 0 else (r + 1, c)
            frame[1] += 1
            if other in cells and other not in covered:
                covered.add((r, c))
                covered.add(other)
                placed.append(((r, c), other))
                frame[2] = 1
                j = i + 1
                while j < n and order[j] in covered:
                    j += 1
                stack.append([j, 0, 0])
                break
        else:
            stack.pop()
