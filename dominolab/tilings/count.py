"""Counting tilings exactly: :func:`count_tilings` picks the method for each piece.

The count of a region is the product over its connected pieces. A full
rectangle (up to :data:`MAX_RECTANGLE_CELLS` cells) is counted by the transfer
matrix when it is at most :data:`TRANSFER_MAX_WIDTH` wide and by the
Kasteleyn–Temperley–Fisher product evaluated in finite fields otherwise; another piece by the transfer matrix when its narrower
side is short, otherwise by the Kasteleyn determinant, up to
:data:`MAX_HOLEY_CELLS` cells.

>>> count_tilings(8, 8), count_tilings(Region.rectangle(8, 8).without((0, 0), (7, 7)))
(12988816, 0)
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidRegion
from .kasteleyn import _kasteleyn_count
from .rectangle import rectangle_tilings
from .listing import _count_by_enumeration
from .region import MAX_CELLS, Cell, Region, _components, _normalise, _side, as_region
from .transfer import _transfer_count, _transfer_rectangle

__all__ = ["MAX_HOLEY_CELLS", "MAX_RECTANGLE_CELLS", "TRANSFER_MAX_WIDTH", "count_tilings"]

#: Largest full rectangle counted exactly. The work of the product formula grows as
#: (shorter side)² × (longer side) × log(longer side): the 1000 × 1000 square, the
#: worst shape of this size, takes under a minute here (``benchmarks/bench_tilings.py``).
MAX_RECTANGLE_CELLS = 1_000_000

#: Largest connected piece, other than a full rectangle, that is counted exactly.
MAX_HOLEY_CELLS = 4_900
#: Narrower sides up to this use the transfer matrix, wider ones the determinant.
TRANSFER_MAX_WIDTH = 8
#: Largest piece that ``method="enumerate"`` lists tiling by tiling.
MAX_ENUMERATE_CELLS = 400
#: Widest narrower side the transfer matrix accepts (``2**22`` profiles at most).
MAX_TRANSFER_WIDTH = 22
#: A piece beyond :data:`MAX_HOLEY_CELLS` is still counted when its narrower side is
#: at most this (by the transfer matrix).
LARGE_PIECE_WIDTH = 12

_METHODS = ("auto", "formula", "transfer", "kasteleyn", "enumerate")


def count_tilings(m: Any, n: Any = None, *, method: str = "auto") -> int:
    """The exact number of domino tilings of an ``m × n`` rectangle, or of a region.

    ``count_tilings(m, n)`` counts the rectangle with ``m`` rows and ``n``
    columns (a side of 0 gives the empty board: 1 tiling);
    ``count_tilings(region)`` takes a :class:`Region`, a set of ``(row, col)``
    cells or text art. The count is the product over connected pieces.
    ``method`` is ``"auto"``, ``"formula"`` (rectangles: the Kasteleyn–Temperley–
    Fisher product, evaluated exactly in finite fields), ``"transfer"`` (transfer matrix),
    ``"kasteleyn"`` (exact determinant) or ``"enumerate"`` (brute force).

    >>> count_tilings(100, 100) % 10**6, count_tilings(3, 3)
    (924096, 0)
    >>> count_tilings({(0, 0), (0, 1), (1, 0), (1, 1)})
    2
    >>> ring = Region.parse("###\\n#.#\\n###")
    >>> [count_tilings(ring, method=m) for m in ("transfer", "kasteleyn", "enumerate")]
    [2, 2, 2]
    """
    if not isinstance(method, str) or method not in _METHODS:
        raise InvalidRegion(f"unknown method {method!r}; expected one of "
                            + ", ".join(repr(k) for k in _METHODS))
    if n is not None:
        m, n = _side(m, "m"), _side(n, "n")
        if m * n > MAX_RECTANGLE_CELLS:
            raise InvalidRegion(f"a {m}×{n} rectangle has {m * n} cells; the limit for an exact "
                                f"count is {MAX_RECTANGLE_CELLS} cells")
        if m == 0 or n == 0:
            return 1
        if method == "auto":
            return _rectangle_auto(m, n)
        if method == "formula":
            return rectangle_tilings(m, n)
        if m * n > MAX_CELLS:
            raise InvalidRegion(f"method={method!r} builds the {m}×{n} board cell by cell; "
                                f"it takes at most {MAX_CELLS} cells (method='formula' or "
                                "'auto' count rectangles up to "
                                f"{MAX_RECTANGLE_CELLS} cells)")
        region = Region.rectangle(m, n)
    else:
        if isinstance(m, int) and not isinstance(m, bool):
            raise InvalidRegion(f"count_tilings({m}) needs a second side: count_tilings(m, n) "
                                "for an m×n rectangle, or count_tilings(region)")
        region = as_region(m)
    total = 1
    for piece in _components(region.cells):
        total *= _count_piece(piece, method)
        if total == 0:
            break
    return total


def _count_piece(piece: frozenset[Cell], method: str) -> int:
    """The number of tilings of one connected piece by ``method``."""
    dark = sum(1 for r, c in piece if (r + c) % 2 == 0)
    if 2 * dark != len(piece):
        return 0
    cells, _, _, _ = _normalise(piece)
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    is_rect = len(cells) == h * w
    if method == "formula":
        if not is_rect:
            raise InvalidRegion("method='formula' works for rectangles only; this piece has holes")
        return rectangle_tilings(h, w)
    if method == "enumerate":
        if len(cells) > MAX_ENUMERATE_CELLS:
            raise InvalidRegion(f"method='enumerate' lists tilings one by one and is meant for "
                                f"small regions (at most {MAX_ENUMERATE_CELLS} cells), "
                                f"not {len(cells)}")
        return _count_by_enumeration(cells)
    if method == "auto" and is_rect:
        return _rectangle_auto(h, w)
    small = len(cells) <= MAX_HOLEY_CELLS
    if method == "auto":
        method = ("transfer" if w <= TRANSFER_MAX_WIDTH or (not small and w <= LARGE_PIECE_WIDTH)
                  else "kasteleyn")
    if method == "transfer":
        if w > MAX_TRANSFER_WIDTH:
            raise InvalidRegion(f"the transfer matrix over a side of {w} cells is too large; "
                                "use method='kasteleyn'")
        return _transfer_count(cells, h, w)
    if not small:
        raise InvalidRegion(
            f"a connected piece of {len(cells)} cells, {w} wide at its narrowest, that is not "
            f"a rectangle is beyond the exact-count limit of {MAX_HOLEY_CELLS} cells "
            f"(or a narrower side of at most {LARGE_PIECE_WIDTH})")
    return _kasteleyn_count(cells)


def _rectangle_auto(m: int, n: int) -> int:
    """The rectangle count by the faster exact method for its shape: the transfer
    matrix over a side of at most :data:`TRANSFER_MAX_WIDTH` cells, otherwise the
    product formula in finite fields (:func:`~dominolab.tilings.rectangle.rectangle_tilings`).
    """
    if (m * n) % 2:
        return 0
    w, h = min(m, n), max(m, n)
    if w <= TRANSFER_MAX_WIDTH:
        return _transfer_rectangle(w, h)
    return rectangle_tilings(m, n)
