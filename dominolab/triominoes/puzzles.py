"""Triomino puzzles with an exact solver: can this hexagon be completed from this hand?

The six cells round a corner point form a hexagon. Given the table, the point and a hand,
:func:`complete_hexagon` searches every way to lay hand tiles on the hexagon's empty cells
(each tile once, each turned every way, every corner matching the table and each other)
and returns one, or says why there is none: an empty cell no tile of the hand fits, or —
the case no other program explains — the tiles needed exist only as **mirror images**,
which the 56-tile set does not have.

>>> from dominolab.triominoes import Board, Placement, triomino
>>> b = Board()
>>> b.lay(Placement(triomino("1-1-1"), (0, 0)))
>>> sol = complete_hexagon(b, (1, 2), [triomino(t) for t in "1-1-2 1-2-2 1-2-3 1-3-3 1-1-3 0-0-0".split()])
>>> sol.possible, len(sol.placements)
(True, 5)
>>> print(sol)
yes: 1-2-1@0,1, 1-1-3@1,0, 2-2-1@0,2, 1-2-3@1,2, 1-3-3@1,1

(A placement is written with the numbers at the cell's corners, clockwise, then the cell.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .._stack import deep_recursion
from ..errors import InvalidPosition
from .grid import Board, Placement, Point, hexagon, vertices
from .tiles import TRIOMINO_SET, Triomino, both_chiralities

__all__ = ["HexagonAnswer", "complete_hexagon"]

#: The most empty cells a hexagon has; the search is over at most 6! orders of hand tiles.
_MAX_HAND = 40


@dataclass(frozen=True)
class HexagonAnswer:
    """Whether the hexagon can be completed, one way to do it, and why not otherwise."""

    possible: bool
    placements: tuple[Placement, ...] = ()
    reason: str = ""
    #: when impossible: tiles of the 76-tile set (mirror images) that would complete it
    mirror_completion: tuple[Placement, ...] = ()

    def __str__(self) -> str:
        if self.possible:
            return "yes: " + ", ".join(map(str, self.placements))
        return "no: " + self.reason


def _search(board: Board, cells: list[tuple[int, int]], hand: Sequence[Triomino],
            limit: list[int]) -> list[Placement] | None:
    """Depth-first: the next empty cell gets each unused tile in each turn that fits."""
    if not cells:
        return []
    # the cell with the fewest fitting options first (a standard ordering for exact search)
    best_cell, best_opts = None, None
    for cell in cells:
        opts = [Placement(t, cell, k) for i, t in enumerate(hand)
                for k in ((0,) if t.is_triple else (0, 1, 2))
                if _fits_here(board, Placement(t, cell, k))]
        if best_opts is None or len(opts) < len(best_opts):
            best_cell, best_opts = cell, opts
        if not opts:
            return None
    assert best_cell is not None and best_opts is not None
    rest = [c for c in cells if c != best_cell]
    for p in best_opts:
        limit[0] -= 1
        if limit[0] < 0:
            return None
        board.cells[p.cell] = p
        added = []
        for v, n in zip(vertices(p.cell), p.numbers()):
            if v not in board.points:
                board.points[v] = n
                added.append(v)
        left = list(hand)
        left.remove(p.tile)
        found = _search(board, rest, left, limit)
        del board.cells[p.cell]
        for v in added:
            del board.points[v]
        if found is not None:
            return [p] + found
    return None


def _fits_here(board: Board, p: Placement) -> bool:
    """Every corner matches (the hexagon's cells all touch the point, so no edge rule)."""
    return all(board.points.get(v, n) == n for v, n in zip(vertices(p.cell), p.numbers()))


@deep_recursion
def complete_hexagon(board: Board, point: Point, hand: Iterable[Triomino]) -> HexagonAnswer:
    """Can the hexagon round ``point`` be completed with tiles from ``hand``?"""
    hand = list(hand)
    if len(hand) > _MAX_HAND:
        raise InvalidPosition(f"a hand of at most {_MAX_HAND} tiles, not {len(hand)}")
    cells = [c for c in hexagon(point) if c not in board.cells]
    if not cells:
        return HexagonAnswer(False, reason=f"the hexagon round {point} is already complete")
    if len(cells) == 6:
        return HexagonAnswer(False, reason=f"no tile touches the point {point} yet")
    if len(cells) > len(hand):
        return HexagonAnswer(False, reason=f"{len(cells)} cells are empty but the hand holds "
                                           f"{len(hand)} tiles")
    work = board.copy()
    found = _search(work, cells, hand, [200_000])
    if found is not None:
        return HexagonAnswer(True, tuple(found))
    for cell in cells:
        if not any(_fits_here(board, Placement(t, cell, k)) for t in hand for k in range(3)):
            reason = f"no tile of the hand fits the empty cell {cell}"
            break
    else:
        reason = "each empty cell has a fitting tile, but no choice fits them all at once"
    present = {p.tile for p in board}
    mirrors: tuple[Placement, ...] = ()
    others = _search(board.copy(), cells, [t for t in TRIOMINO_SET if t not in present],
                     [200_000])
    if others is not None:
        missing = [str(p.tile) for p in others if p.tile not in hand]
        reason += f"; tiles the hand does not hold would do it ({', '.join(missing)})"
    else:
        full = _search(board.copy(), cells,
                       [t for t in both_chiralities() if t not in present], [200_000])
        if full is not None:
            mirrors = tuple(full)
            needed = [str(p.tile) for p in full if p.tile.is_mirror]
            reason += (f"; no tiles of the 56-tile set can complete it, only mirror images "
                       f"({', '.join(needed)}), which the set does not have")
        else:
            reason += "; no tiles at all could complete it, not even mirror images"
    return HexagonAnswer(False, reason=reason, mirror_completion=mirrors)
