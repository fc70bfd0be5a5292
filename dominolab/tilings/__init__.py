"""Domino tilings of rectangles and of regions with holes.

A *region* is a finite set of unit cells ``(row, col)`` of the square grid; a
*tiling* covers every cell exactly once by dominoes (two cells sharing a side).
This module counts tilings exactly, proves that there are none when that is the
case, lists them and draws a uniformly random one.

>>> count_tilings(8, 8)                      # the chessboard (OEIS A004003)
12988816
>>> board = Region.rectangle(8, 8).without((0, 0), (7, 7))
>>> count_tilings(board)                     # the mutilated chessboard
0
>>> print(impossibility(board))
Colour the cells like a chessboard. Every domino covers one dark and one light cell, so a tiling needs as many dark cells as light ones. This region has 30 dark and 32 light cells.
>>> [count_tilings(2, n) for n in range(1, 9)]   # Fibonacci numbers
[1, 2, 3, 5, 8, 13, 21, 34]

Methods (all exact integer arithmetic, never rounded floats):

* rectangles: Kasteleyn and Temperley–Fisher's product
  ``prod 4cos²(πj/(m+1)) + 4cos²(πk/(n+1))``, one Fibonacci polynomial per row
  root, evaluated modulo primes where the roots of unity exist and joined by the
  Chinese remainder theorem (:func:`rectangle_tilings`; strips at most
  :data:`TRANSFER_MAX_WIDTH` wide go to the transfer matrix);
* other regions, one connected piece at a time: a transfer matrix over the
  narrower side (dictionary of profiles) when that side is short, otherwise
  the Kasteleyn determinant (a signed adjacency matrix whose determinant is
  ± the number of tilings) computed modulo several primes and recombined by
  the Chinese remainder theorem, with enough primes to exceed Hadamard's bound;
* plain enumeration (:func:`iter_tilings`) for small regions and cross-checks.

Limits (each raises :class:`~dominolab.errors.InvalidRegion` with the reason):
``count_tilings(m, n)`` counts rectangles of up to :data:`MAX_RECTANGLE_CELLS` cells
(1000×1000); a region has at most :data:`MAX_CELLS` cells (a 200×200 rectangle) inside a box of
at most :data:`MAX_BOX` squares from (0, 0) (its text form draws that box); a connected
piece that is not a rectangle is counted exactly up to :data:`MAX_HOLEY_CELLS`
cells (a 70×70 board with holes, a few seconds), or at any size up to
:data:`MAX_CELLS` when its narrower side is at most 12;
:func:`random_tiling` samples pieces whose narrower side is at most about 14
with the transfer matrix (at most :data:`MAX_SAMPLER_STATES` stored profiles)
and wider pieces of up to :data:`MAX_SEQUENTIAL_CELLS` cells by exact counting.

The modules: :mod:`~dominolab.tilings.region` (the :class:`Region` and
:class:`Tiling` values, text art), :mod:`~dominolab.tilings.count` (the
dispatcher and its limits), :mod:`~dominolab.tilings.transfer`,
:mod:`~dominolab.tilings.rectangle`, :mod:`~dominolab.tilings.kasteleyn` and
:mod:`~dominolab.tilings.listing` (the counting methods), :mod:`~dominolab.tilings.certificates` (proofs that there is
no tiling), :mod:`~dominolab.tilings.sampling` (uniform random tilings) and
:mod:`~dominolab.tilings.text` (counts and descriptions as text),
:mod:`~dominolab.tilings.recurrences` (the transfer matrix of strips, their generating
functions and recurrences, 2×n tilings as compositions) and
:mod:`~dominolab.tilings.aztec` (the Aztec diamond, its 2^(n(n+1)/2) tilings, the domino
shuffling sampler, a chi-square test of uniformity). The pictures are drawn by
:mod:`dominolab.render.tilings` and :mod:`dominolab.render.aztec`.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports
from ..errors import RegionParseError
from .aztec import (
    MAX_AZTEC_ORDER,
    AztecTiling,
    Uniformity,
    aztec_count,
    aztec_region,
    chi_square,
    domino_kind,
    random_aztec_tiling,
    uniformity_test,
)
from .certificates import Certificate, impossibility
from .count import MAX_HOLEY_CELLS, MAX_RECTANGLE_CELLS, TRANSFER_MAX_WIDTH, count_tilings
from .listing import iter_tilings
from .rectangle import rectangle_tilings
from .region import MAX_BOX, MAX_CELLS, Region, Tiling, as_region, tiling_svg
from .sampling import MAX_SAMPLER_STATES, MAX_SEQUENTIAL_CELLS, random_tiling
from .text import describe, format_count, parse_size

if TYPE_CHECKING:       # what the names are, for the type checker (imported lazily below)
    from .recurrences import (
        MAX_COMPOSITION_N,
        MAX_STRIP,
        Recurrence,
        X,
        composition_of,
        compositions,
        fault_lines,
        generating_function,
        recurrence,
        tiling_of,
        transfer_matrix,
    )

# The recurrences (lesson 14) are built on sympy, which takes more than a second to import
# (several in the browser site): their module is imported on the first read of one of its
# names, so a lesson that counts or draws tilings never loads sympy
_RECURRENCES = ("MAX_COMPOSITION_N", "MAX_STRIP", "Recurrence", "X", "composition_of",
                "compositions", "fault_lines", "generating_function", "recurrence",
                "tiling_of", "transfer_matrix")
__getattr__, __dir__ = lazy_exports(__name__, dict.fromkeys(_RECURRENCES, "recurrences"))

__all__ = [
    "MAX_BOX",
    "MAX_CELLS",
    "MAX_HOLEY_CELLS",
    "MAX_RECTANGLE_CELLS",
    "MAX_SAMPLER_STATES",
    "MAX_SEQUENTIAL_CELLS",
    "TRANSFER_MAX_WIDTH",
    "Region",
    "Tiling",
    "Certificate",
    "RegionParseError",
    "as_region",
    "count_tilings",
    "impossibility",
    "iter_tilings",
    "random_tiling",
    "rectangle_tilings",
    "tiling_svg",
    "format_count",
    "parse_size",
    "describe",
    # recurrences and generating functions (lesson 14)
    "MAX_COMPOSITION_N",
    "MAX_STRIP",
    "Recurrence",
    "X",
    "composition_of",
    "compositions",
    "fault_lines",
    "generating_function",
    "recurrence",
    "tiling_of",
    "transfer_matrix",
    # the Aztec diamond
    "MAX_AZTEC_ORDER",
    "AztecTiling",
    "Uniformity",
    "aztec_count",
    "aztec_region",
    "chi_square",
    "domino_kind",
    "random_aztec_tiling",
    "uniformity_test",
]
