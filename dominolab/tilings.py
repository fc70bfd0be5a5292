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
  ``prod 4cos²(πj/(m+1)) + 4cos²(πk/(n+1))`` is the resultant of two integer
  polynomials built from Chebyshev polynomials, computed exactly by sympy
  (strips at most :data:`TRANSFER_MAX_WIDTH` wide go to the transfer matrix,
  which is far faster there: 1×40000 in milliseconds instead of minutes);
* other regions, one connected piece at a time: a transfer matrix over the
  narrower side (dictionary of profiles) when that side is short, otherwise
  the Kasteleyn determinant (a signed adjacency matrix whose determinant is
  ± the number of tilings) computed modulo several primes and recombined by
  the Chinese remainder theorem, with enough primes to exceed Hadamard's bound;
* plain enumeration (:func:`iter_tilings`) for small regions and cross-checks.

Limits (each raises :class:`~dominolab.errors.InvalidRegion` with the reason):
a region has at most :data:`MAX_CELLS` cells (a 200×200 rectangle) inside a box of
at most :data:`MAX_BOX` squares from (0, 0) (its text form draws that box); a connected
piece that is not a rectangle is counted exactly up to :data:`MAX_HOLEY_CELLS`
cells (a 70×70 board with holes, a few seconds), or at any size up to
:data:`MAX_CELLS` when its narrower side is at most 12;
:func:`random_tiling` samples pieces whose narrower side is at most about 14
with the transfer matrix (at most :data:`MAX_SAMPLER_STATES` stored profiles)
and wider pieces of up to :data:`MAX_SEQUENTIAL_CELLS` cells by exact counting.
"""

from __future__ import annotations

import operator
import random as _random
import textwrap
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import InvalidRegion, ParseError

__all__ = [
    "MAX_BOX",
    "MAX_CELLS",
    "MAX_HOLEY_CELLS",
    "MAX_SAMPLER_STATES",
    "MAX_SEQUENTIAL_CELLS",
    "Region",
    "Tiling",
    "Certificate",
    "RegionParseError",
    "as_region",
    "count_tilings",
    "impossibility",
    "iter_tilings",
    "random_tiling",
    "tiling_svg",
    "format_count",
    "parse_size",
    "describe",
]

#: Largest number of cells in a :class:`Region` (and in ``count_tilings(m, n)``).
MAX_CELLS = 40_000
#: Largest bounding box (rows × columns, counted from row 0 and column 0) of a
#: :class:`Region`: its text form and pictures have one character/square per box cell.
MAX_BOX = 1_000_000
#: Largest connected piece, other than a full rectangle, that is counted exactly.
MAX_HOLEY_CELLS = 4_900
#: Largest number of stored profiles :func:`random_tiling` may use.
MAX_SAMPLER_STATES = 1_000_000
#: Narrower sides up to this use the transfer matrix, wider ones the determinant.
TRANSFER_MAX_WIDTH = 8

Cell = tuple[int, int]
Domino = tuple[Cell, Cell]


class RegionParseError(ParseError, InvalidRegion):
    """Text art that is not a region: a stray character or ragged lines."""


# --------------------------------------------------------------------------- regions


def _cell(x, where: str = "") -> Cell:
    try:
        r, c = x
    except (TypeError, ValueError):
        raise InvalidRegion(f"{x!r}{where} is not a cell; expected a pair (row, col)") from None
    try:
        if isinstance(r, bool) or isinstance(c, bool):
            raise TypeError
        r, c = operator.index(r), operator.index(c)  # ints and int-likes (numpy), not floats
    except TypeError:
        raise InvalidRegion(
            f"{x!r}{where} is not a cell; row and col must be whole numbers") from None
    if r < 0 or c < 0:
        raise InvalidRegion(f"cell {x!r}{where} has a negative coordinate; rows and "
                            "columns are numbered from 0")
    return (int(r), int(c))


class Region:
    """A finite set of grid cells ``(row, col)``, rows and columns numbered from 0.

    Build one from a rectangle, from text art (``#`` a cell, ``.`` a hole) or
    from any iterable of cells. Regions are immutable values; ``str`` gives
    the text art, which :meth:`parse` reads back. A region must have at least
    one cell and at most :data:`MAX_CELLS`.

    >>> r = Region.parse('''
    ... ###
    ... #.#
    ... ###
    ... ''')
    >>> len(r), r.colour_counts(), (1, 1) in r
    (8, (4, 4), False)
    >>> Region.parse(str(r)) == r == Region(r.cells)
    True
    >>> r == {(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}
    True
    >>> Region.rectangle(2, 3)
    Region.rectangle(2, 3)
    """

    __slots__ = ("_cells", "_hash")

    def __init__(self, cells: Iterable):
        if isinstance(cells, Region):
            self._cells = cells._cells
        else:
            if isinstance(cells, str):
                raise InvalidRegion("Region(...) takes cells; use Region.parse(text) for text art")
            try:
                items = list(cells)
            except TypeError:
                raise InvalidRegion(f"{cells!r} is not a collection of (row, col) cells") from None
            if len(items) > MAX_CELLS:
                raise InvalidRegion(f"a region may have at most {MAX_CELLS} cells; "
                                    f"this one has {len(items)}")
            self._cells = frozenset(_cell(x, f" (item {i})") for i, x in enumerate(items))
        if not self._cells:
            raise InvalidRegion("the region is empty; give at least one cell")
        # The text form and the pictures draw the whole box from (0, 0), so a few
        # cells far apart would otherwise make str(), repr() and SVG hang.
        height = 1 + max(r for r, _ in self._cells)
        width = 1 + max(c for _, c in self._cells)
        if height * width > MAX_BOX:
            raise InvalidRegion(
                f"the cells span a {height}×{width} box from (0, 0) ({height * width} "
                f"squares); a region's box may have at most {MAX_BOX} squares, so "
                "move the cells nearer to (0, 0)")
        self._hash = None

    # -- constructors
    @classmethod
    def rectangle(cls, m: int, n: int) -> Region:
        """The full ``m × n`` rectangle (``m`` rows, ``n`` columns).

        >>> len(Region.rectangle(3, 4))
        12
        """
        m, n = _side(m, "m"), _side(n, "n")
        if m == 0 or n == 0:
            raise InvalidRegion(f"a {m}×{n} rectangle has no cells; a region needs at least one")
        if m * n > MAX_CELLS:
            raise InvalidRegion(f"a {m}×{n} rectangle has {m * n} cells; "
                                f"the limit is {MAX_CELLS}")
        return cls((r, c) for r in range(m) for c in range(n))

    @classmethod
    def from_cells(cls, cells: Iterable) -> Region:
        """The region made of the given ``(row, col)`` cells (same as ``Region(cells)``)."""
        return cls(cells)

    @classmethod
    def parse(cls, text: str) -> Region:
        """Read text art: ``#`` is a cell, ``.`` a hole, one line per row.

        Blank lines before and after and a common indentation are ignored;
        every other line must have the same length. Row 0 is the first line.

        >>> Region.parse("##.\\n.##").cells == {(0, 0), (0, 1), (1, 1), (1, 2)}
        True
        >>> Region.parse("#x#")
        Traceback (most recent call last):
        ...
        dominolab.tilings.RegionParseError: cannot read the region: line 1, column 2: 'x' is not '#' (a cell) or '.' (a hole)
        """
        if not isinstance(text, str):
            raise InvalidRegion(f"Region.parse needs text, not {type(text).__name__}")
        if len(text) > 4 * MAX_CELLS:
            raise InvalidRegion(f"the text has {len(text)} characters; a region may have "
                                f"at most {MAX_CELLS} cells")
        lines = textwrap.dedent(text.replace("\t", "    ")).split("\n")
        lines = [ln.rstrip() for ln in lines]
        skipped = 0  # blank lines above the drawing, so messages count lines as typed
        while lines and not lines[0]:
            lines.pop(0)
            skipped += 1
        while lines and not lines[-1]:
            lines.pop()
        if not lines:
            raise InvalidRegion("the region is empty; draw it with '#' for cells and '.' "
                                "for holes")
        width = len(lines[0])
        cells = []
        for r, line in enumerate(lines):
            for c, ch in enumerate(line):
                if ch == "#":
                    cells.append((r, c))
                elif ch != ".":
                    raise RegionParseError(
                        f"cannot read the region: line {r + 1 + skipped}, column {c + 1}: "
                        f"{ch!r} is not "
                        "'#' (a cell) or '.' (a hole)", text, None)
            if len(line) != width:
                raise RegionParseError(
                    f"cannot read the region: line {r + 1 + skipped} has {len(line)} "
                    f"character{'s' if len(line) != 1 else ''} but line {1 + skipped} has "
                    f"{width}; every row must have the "
                    "same length "
                    "(write holes as '.')", text, None)
        if not cells:
            raise InvalidRegion("the region is empty: the text has no '#' cell")
        return cls(cells)

    # -- the set
    @property
    def cells(self) -> frozenset:
        """The cells as a frozenset of ``(row, col)``."""
        return self._cells

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self._cells))

    def __contains__(self, cell) -> bool:
        return cell in self._cells

    def __eq__(self, other) -> bool:
        if isinstance(other, Region):
            return self._cells == other._cells
        if isinstance(other, (set, frozenset)):
            return self._cells == other
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._cells)
        return self._hash

    @property
    def height(self) -> int:
        """Number of rows of the text art: the largest row + 1."""
        return 1 + max(r for r, _ in self._cells)

    @property
    def width(self) -> int:
        """Number of columns of the text art: the largest column + 1."""
        return 1 + max(c for _, c in self._cells)

    def is_rectangle(self) -> bool:
        """Is this a full rectangle (its bounding box, wherever it sits)?

        >>> Region.rectangle(2, 2).is_rectangle(), Region([(0, 0), (1, 1)]).is_rectangle()
        (True, False)
        """
        r0, c0, r1, c1 = _bbox(self._cells)
        return len(self._cells) == (r1 - r0 + 1) * (c1 - c0 + 1)

    # -- editing (new regions)
    def without(self, *cells) -> Region:
        """The region with the given cells removed (each must be in it).

        >>> len(Region.rectangle(8, 8).without((0, 0), (7, 7)))
        62
        """
        drop = {_cell(x) for x in cells}
        missing = sorted(drop - self._cells)
        if missing:
            raise InvalidRegion(f"cannot remove {missing[0]}: it is not a cell of the region")
        return Region(self._cells - drop)

    def with_cells(self, *cells) -> Region:
        """The region with the given cells added."""
        return Region(self._cells | {_cell(x) for x in cells})

    def toggled(self, cell) -> Region:
        """Remove ``cell`` if present, else add it."""
        cell = _cell(cell)
        return Region(self._cells ^ {cell})

    def transposed(self) -> Region:
        """Rows become columns."""
        return Region((c, r) for r, c in self._cells)

    # -- colouring and pieces
    @staticmethod
    def colour(cell: Cell) -> str:
        """``"dark"`` when ``row + col`` is even (like a1 on a chessboard), else ``"light"``."""
        return "dark" if (cell[0] + cell[1]) % 2 == 0 else "light"

    def colour_counts(self) -> tuple[int, int]:
        """``(dark, light)``: how many cells of each chessboard colour."""
        dark = sum(1 for r, c in self._cells if (r + c) % 2 == 0)
        return dark, len(self._cells) - dark

    def components(self) -> list[Region]:
        """The connected pieces (cells joined through shared sides), largest first.

        >>> [len(p) for p in Region.parse("##.#\\n....\\n.###").components()]
        [3, 2, 1]
        """
        return [Region(p) for p in _components(self._cells)]

    def graph(self):
        """The grid graph of the region (networkx): cells, and edges between neighbours."""
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(self._cells)
        g.add_edges_from(_edges(self._cells))
        return g

    # -- text and pictures
    def text(self) -> str:
        """Text art: ``#`` for a cell, ``.`` for a hole, rows 0..height-1."""
        h, w = self.height, self.width
        return "\n".join(
            "".join("#" if (r, c) in self._cells else "." for c in range(w)) for r in range(h)
        )

    __str__ = text

    def __repr__(self) -> str:
        if self.is_rectangle() and min(self._cells) == (0, 0):
            return f"Region.rectangle({self.height}, {self.width})"
        return f"Region.parse({self.text()!r})"

    def svg(self, **kw):
        """The region as an SVG chessboard (holes left blank)."""
        from .render.tilings import region_svg

        return region_svg(self, **kw)

    def _repr_svg_(self) -> str:
        return str(self.svg())


def _side(x, name: str) -> int:
    try:
        if isinstance(x, bool):
            raise TypeError
        x = operator.index(x)  # ints and int-likes (numpy, sympy), not floats
    except TypeError:
        raise InvalidRegion(f"{name}={x!r}: a side length must be a whole number") from None
    if x < 0:
        raise InvalidRegion(f"{name}={x}: a side length cannot be negative")
    return x


def as_region(region) -> Region:
    """Accept a :class:`Region`, any collection of ``(row, col)`` cells, or text art.

    >>> as_region({(0, 0), (0, 1)}) == Region.rectangle(1, 2)
    True
    """
    if isinstance(region, Region):
        return region
    if isinstance(region, str):
        return Region.parse(region)
    return Region(region)


def _bbox(cells) -> tuple[int, int, int, int]:
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


def _neighbours(cell: Cell):
    r, c = cell
    return ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))


def _edges(cells) -> Iterator[Domino]:
    for r, c in cells:
        if (r, c + 1) in cells:
            yield (r, c), (r, c + 1)
        if (r + 1, c) in cells:
            yield (r, c), (r + 1, c)


def _components(cells) -> list[frozenset]:
    # Breadth-first search by hand: the grid neighbourhood is implicit, so
    # building a networkx graph just to split it would cost more than this.
    seen: set = set()
    pieces = []
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        piece = [start]
        queue = deque([start])
        while queue:
            for nb in _neighbours(queue.popleft()):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    piece.append(nb)
                    queue.append(nb)
        pieces.append(frozenset(piece))
    pieces.sort(key=lambda p: (-len(p), min(p)))
    return pieces


def _normalise(cells) -> tuple[frozenset, bool, int, int]:
    """Translate to the origin and transpose so that the width is the narrower side.

    Returns ``(cells, transposed, row_offset, col_offset)``.
    """
    r0, c0, r1, c1 = _bbox(cells)
    moved = frozenset((r - r0, c - c0) for r, c in cells)
    if c1 - c0 > r1 - r0:
        return frozenset((c, r) for r, c in moved), True, r0, c0
    return moved, False, r0, c0


# --------------------------------------------------------------------------- tilings


class Tiling:
    """A tiling: a tuple of dominoes, each a pair of neighbouring cells.

    ``str`` shows it as text: ``<>`` a horizontal domino, ``^`` over ``v`` a
    vertical one, ``.`` a hole; a notebook draws it.

    >>> t = next(iter_tilings(Region.rectangle(2, 3)))
    >>> print(t)
    <>^
    <>v
    >>> len(t), t.region == Region.rectangle(2, 3)
    (3, True)
    """

    __slots__ = ("dominoes", "region")

    def __init__(self, dominoes: Iterable, region: Region | None = None):
        doms = []
        for d in dominoes:
            a, b = (_cell(x) for x in d)
            a, b = min(a, b), max(a, b)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise InvalidRegion(f"{a} and {b} are not neighbours, so they are not a domino")
            doms.append((a, b))
        self.dominoes: tuple[Domino, ...] = tuple(sorted(doms))
        covered = [x for d in self.dominoes for x in d]
        if len(set(covered)) != len(covered):
            raise InvalidRegion("two dominoes overlap")
        self.region = as_region(region) if region is not None else Region(covered)
        if set(covered) != self.region.cells:
            raise InvalidRegion("the dominoes do not cover the region exactly")

    def __iter__(self):
        return iter(self.dominoes)

    def __len__(self) -> int:
        return len(self.dominoes)

    def __eq__(self, other) -> bool:
        if isinstance(other, Tiling):
            return self.dominoes == other.dominoes and self.region == other.region
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.dominoes)

    def __repr__(self) -> str:
        return f"Tiling({list(self.dominoes)!r})"

    def text(self) -> str:
        """Text art of the tiling."""
        h, w = self.region.height, self.region.width
        grid = [["."] * w for _ in range(h)]
        for (r, c), (r2, c2) in self.dominoes:
            if r == r2:
                grid[r][c], grid[r2][c2] = "<", ">"
            else:
                grid[r][c], grid[r2][c2] = "^", "v"
        return "\n".join("".join(row) for row in grid)

    __str__ = text

    def svg(self, **kw):
        """The tiling drawn as blank dominoes on the board."""
        from .render.tilings import tiling_svg as draw

        return draw(self, **kw)

    def _repr_svg_(self) -> str:
        return str(self.svg())


def tiling_svg(tiling, **kw):
    """SVG of a :class:`Tiling` (or of a list of dominoes).

    >>> svg = tiling_svg(next(iter_tilings(Region.rectangle(2, 2))))
    >>> svg.count('class="domino"')
    2
    """
    if not isinstance(tiling, Tiling):
        tiling = Tiling(tiling)
    return tiling.svg(**kw)


def iter_tilings(region) -> Iterator[Tiling]:
    """Every tiling of ``region``, one at a time, in a fixed order.

    Backtracking: the first uncovered cell (in reading order) can only be
    covered together with its right or its lower neighbour. Meant for small
    regions; the number of tilings grows exponentially with the area.

    >>> [str(t) for t in iter_tilings(Region.rectangle(2, 2))]
    ['<>\\n<>', '^^\\nvv']
    >>> sum(1 for _ in iter_tilings(Region.rectangle(4, 4)))
    36
    """
    region = as_region(region)
    dark, light = region.colour_counts()
    if dark != light:
        return
    order = sorted(region.cells)
    cells = region.cells
    n = len(order)
    covered: set = set()
    placed: list = []
    # Depth-first search with an explicit stack (no recursion limit on long
    # regions). A frame is [cell index, next option (0 right, 1 down), placed?].
    stack = [[0, 0, False]]
    while stack:
        frame = stack[-1]
        i = frame[0]
        if frame[2]:
            a, b = placed.pop()
            covered.discard(a)
            covered.discard(b)
            frame[2] = False
        if i == n:
            yield Tiling(placed, region)
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
                frame[2] = True
                j = i + 1
                while j < n and order[j] in covered:
                    j += 1
                stack.append([j, 0, False])
                break
        else:
            stack.pop()


def _count_by_enumeration(cells) -> int:
    order = sorted(cells)
    covered: set = set()

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


# --------------------------------------------------------------------------- counting


def count_tilings(m, n=None, *, method: str = "auto") -> int:
    """The exact number of domino tilings of an ``m × n`` rectangle, or of a region.

    ``count_tilings(m, n)`` counts the rectangle with ``m`` rows and ``n``
    columns (a side of 0 gives the empty board: 1 tiling);
    ``count_tilings(region)`` takes a :class:`Region`, a set of ``(row, col)``
    cells or text art. The count is the product over connected pieces.
    ``method`` is ``"auto"``, ``"formula"`` (rectangles: Kasteleyn–Temperley–
    Fisher as an exact resultant), ``"transfer"`` (transfer matrix),
    ``"kasteleyn"`` (exact determinant) or ``"enumerate"`` (brute force).

    >>> count_tilings(100, 100) % 10**6, count_tilings(3, 3)
    (924096, 0)
    >>> count_tilings({(0, 0), (0, 1), (1, 0), (1, 1)})
    2
    >>> ring = Region.parse("###\\n#.#\\n###")
    >>> [count_tilings(ring, method=m) for m in ("transfer", "kasteleyn", "enumerate")]
    [2, 2, 2]
    """
    if method not in _METHODS:
        raise InvalidRegion(f"unknown method {method!r}; expected one of "
                            + ", ".join(repr(k) for k in _METHODS))
    if n is not None:
        m, n = _side(m, "m"), _side(n, "n")
        if m * n > MAX_CELLS:
            raise InvalidRegion(f"a {m}×{n} rectangle has {m * n} cells; the limit is {MAX_CELLS}")
        if m == 0 or n == 0:
            return 1
        if method == "auto":
            return _rectangle_auto(m, n)
        if method == "formula":
            return _rectangle_count(m, n)
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


_METHODS = ("auto", "formula", "transfer", "kasteleyn", "enumerate")


def _count_piece(piece: frozenset, method: str) -> int:
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
        return _rectangle_count(h, w)
    if method == "enumerate":
        if len(cells) > 400:
            raise InvalidRegion(f"method='enumerate' lists tilings one by one and is meant for "
                                f"small regions (at most 400 cells), not {len(cells)}")
        return _count_by_enumeration(cells)
    if method == "auto" and is_rect:
        return _rectangle_auto(h, w)
    small = len(cells) <= MAX_HOLEY_CELLS
    if method == "auto":
        method = ("transfer" if w <= TRANSFER_MAX_WIDTH or (not small and w <= 12)
                  else "kasteleyn")
    if method == "transfer":
        if w > 22:
            raise InvalidRegion(f"the transfer matrix over a side of {w} cells is too large; "
                                "use method='kasteleyn'")
        return _transfer_count(cells, h, w)
    if not small:
        raise InvalidRegion(
            f"a connected piece of {len(cells)} cells, {w} wide at its narrowest, that is not "
            f"a rectangle is beyond the exact-count limit of {MAX_HOLEY_CELLS} cells "
            "(or a narrower side of at most 12)")
    return _kasteleyn_count(cells)


# -- rectangles: Kasteleyn / Temperley-Fisher as a resultant


def _path_polynomial(m: int) -> list[int]:
    """Coefficients (constant first) of p_m(x) = U_m(x/2), the characteristic
    polynomial of the path on m vertices: p_0 = 1, p_1 = x, p_k = x p_{k-1} - p_{k-2}.
    Its roots are 2cos(πj/(m+1)), j = 1..m."""
    prev, cur = [1], [0, 1]
    if m == 0:
        return prev
    for _ in range(m - 1):
        nxt = [0] + cur
        for i, v in enumerate(prev):
            nxt[i] -= v
        prev, cur = cur, nxt
    return cur


def _half_polynomial(m: int) -> list[int]:
    """Coefficients of Q_m(u), monic of degree ceil(m/2), whose roots are
    u_j = 4cos²(πj/(m+1)) for j = 1..ceil(m/2): Q_m(x²) = x^(m mod 2) p_m(x)."""
    p = _path_polynomial(m)
    if m % 2:
        p = [0] + p
    return p[0::2]


def _rectangle_auto(m: int, n: int) -> int:
    """The rectangle count by the faster exact method for its shape.

    The resultant works with polynomials of degree about (longer side)/2 whose
    coefficients have about as many bits, so a long thin strip (1×40000,
    5×8000) takes minutes that way; the transfer matrix over a side of at
    most :data:`TRANSFER_MAX_WIDTH` cells does it in well under a second.
    """
    if (m * n) % 2:
        return 0
    w, h = min(m, n), max(m, n)
    if w <= TRANSFER_MAX_WIDTH:
        return _transfer_rectangle(w, h)
    return _rectangle_count(m, n)


@lru_cache(maxsize=256)
def _transfer_rectangle(w: int, h: int) -> int:
    cells = frozenset((r, c) for r in range(h) for c in range(w))
    return _transfer_count(cells, h, w)


@lru_cache(maxsize=256)
def _rectangle_count(m: int, n: int) -> int:
    # Temperley-Fisher / Kasteleyn: T(m, n) = prod_{j<=ceil(m/2), k<=ceil(n/2)} (u_j + v_k)
    # with u_j, v_k the roots of Q_m, Q_n.  prod_j (u_j + v) = ±Q_m(-v), so
    # T = |prod_k Q_m(-v_k)| = |Res(Q_n(t), Q_m(-t))|: an exact integer resultant.
    if (m * n) % 2:
        return 0
    from sympy import Poly, Symbol

    t = Symbol("t")
    qm = _half_polynomial(m)
    qn = _half_polynomial(n)
    f = Poly(list(reversed(qn)), t)
    g = Poly(list(reversed([c if i % 2 == 0 else -c for i, c in enumerate(qm)])), t)
    return abs(int(f.resultant(g)))


# -- transfer matrix over the narrower side


def _transfer_count(cells: frozenset, h: int, w: int) -> int:
    """Broken-profile transfer matrix, cell by cell in reading order.

    The profile is a bitmask of width ``w``: bit ``j`` set means that, of the
    cells not yet visited, the next one in column ``j`` is already covered.
    """
    states = {0: 1}
    for r in range(h):
        for c in range(w):
            states = _transfer_step(states, cells, r, c, w)
    return states.get(0, 0)


def _transfer_step(states: dict, cells, r: int, c: int, w: int) -> dict:
    bit = 1 << c
    nbit = bit << 1
    new: dict = {}
    get = new.get
    if (r, c) not in cells:
        for s, k in states.items():
            if not s & bit:
                new[s] = get(s, 0) + k
        return new
    down = (r + 1, c) in cells
    right = c + 1 < w and (r, c + 1) in cells
    for s, k in states.items():
        if s & bit:
            t = s ^ bit
            new[t] = get(t, 0) + k
        else:
            if down:
                t = s | bit
                new[t] = get(t, 0) + k
            if right and not s & nbit:
                t = s | nbit
                new[t] = get(t, 0) + k
    return new


# -- Kasteleyn determinant, exact by modular arithmetic


def _kasteleyn_rows(cells: frozenset) -> tuple[list[dict], int]:
    """The Kasteleyn matrix (dark cells × light cells) as sparse rows.

    Signs: horizontal edges +1, the vertical edge below column c gets (-1)^c;
    around every unit square the product of signs is -1, which is Kasteleyn's
    condition for the square grid. A hole spoils the condition on the face
    around it when it encloses an odd number of missing cells, so for every
    missing cell p in the bounding box we flip the horizontal edges crossed by
    a ray from p straight up (just right of p's column): a cycle is crossed an
    odd number of times exactly when it encloses p. Afterwards every cycle of
    length 2k enclosing l cells of the region has sign product (-1)^(1+k+l),
    and by Kasteleyn's theorem |det| is the number of tilings.
    """
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    # missing_below[r][c] = parity of missing cells (r', c) with r < r' < h
    flip = [[0] * w for _ in range(h)]
    for c in range(w):
        parity = 0
        for r in range(h - 1, -1, -1):
            flip[r][c] = parity
            if (r, c) not in cells:
                parity ^= 1
    darks = sorted(x for x in cells if (x[0] + x[1]) % 2 == 0)
    lights = sorted(x for x in cells if (x[0] + x[1]) % 2 == 1)
    index = {x: i for i, x in enumerate(lights)}
    rows = []
    for r, c in darks:
        row = {}
        for nr, nc in ((r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)):
            if (nr, nc) in cells:
                if nr == r:
                    sign = -1 if flip[r][min(c, nc)] else 1
                else:
                    sign = -1 if c % 2 else 1
                row[index[(nr, nc)]] = sign
        rows.append(row)
    return rows, len(lights)


def _kasteleyn_count(cells: frozenset) -> int:
    rows, n = _kasteleyn_rows(cells)
    if len(rows) != n:
        return 0
    # Hadamard: |det| <= prod of row norms = sqrt(prod of row degrees).
    degree_product = 1
    for row in rows:
        degree_product *= max(1, len(row))
    bound = _isqrt_ceil(degree_product)
    residue, modulus = 0, 1
    for p in _primes():
        d = _det_mod(rows, n, p)
        # Chinese remainder theorem, one prime at a time
        k = (d - residue) * pow(modulus, -1, p) % p
        residue += modulus * k
        modulus *= p
        if modulus > 2 * bound:
            break
    if residue > modulus // 2:
        residue -= modulus
    return abs(residue)


def _isqrt_ceil(x: int) -> int:
    from math import isqrt

    s = isqrt(x)
    return s if s * s == x else s + 1


_PRIMES: list[int] = []


def _primes() -> Iterator[int]:
    """Primes just below 2**61, largest first, found with sympy and remembered."""
    from sympy import prevprime

    i = 0
    while True:
        if i == len(_PRIMES):
            _PRIMES.append(prevprime(_PRIMES[-1] if _PRIMES else 1 << 61))
        yield _PRIMES[i]
        i += 1


def _det_mod(rows: list[dict], n: int, p: int) -> int:
    """Determinant modulo the prime p of an n×n matrix given as sparse rows.

    Gaussian elimination column by column, choosing the candidate pivot row
    with fewest entries (this keeps fill-in inside the band of a grid
    region); written by hand because sympy's dense determinant is far slower
    on these sparse banded matrices.
    """
    work = []
    col_rows: list[set] = [set() for _ in range(n)]
    for i, row in enumerate(rows):
        wr = {}
        for j, v in row.items():
            v %= p
            if v:
                wr[j] = v
                col_rows[j].add(i)
        work.append(wr)
    det = 1
    pivot_of = [0] * n
    for k in range(n):
        cand = col_rows[k]
        if not cand:
            return 0
        piv = min(cand, key=lambda i: (len(work[i]), i))
        prow = work[piv]
        pv = prow[k]
        det = det * pv % p
        inv = pow(pv, -1, p)
        for j in prow:
            col_rows[j].discard(piv)
        others = list(col_rows[k])
        col_rows[k] = set()
        pivot_items = [(j, v) for j, v in prow.items() if j != k]
        for i in others:
            row = work[i]
            f = row.pop(k) * inv % p
            for j, v in pivot_items:
                old = row.get(j)
                if old is None:
                    row[j] = (-f * v) % p
                    col_rows[j].add(i)
                else:
                    nv = (old - f * v) % p
                    if nv:
                        row[j] = nv
                    else:
                        del row[j]
                        col_rows[j].discard(i)
        pivot_of[k] = piv
    # sign of the permutation column k -> row pivot_of[k]
    seen = [False] * n
    sign = 1
    for s in range(n):
        if not seen[s]:
            length = 0
            x = s
            while not seen[x]:
                seen[x] = True
                x = pivot_of[x]
                length += 1
            if length % 2 == 0:
                sign = -sign
    return det * sign % p


# --------------------------------------------------------------------------- certificates


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
    cells: frozenset
    partners: frozenset
    message: str = field(compare=False)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        p = len(self.partners)
        return (f"<Certificate {self.kind!r}: {len(self.cells)} cells, "
                f"{p} partner{'s' if p != 1 else ''}>")

    def as_dict(self) -> dict:
        """JSON-ready form (for widgets)."""
        return {
            "kind": self.kind,
            "message": self.message,
            "cells": [list(x) for x in sorted(self.cells)],
            "partners": [list(x) for x in sorted(self.partners)],
        }

    def svg(self, **kw):
        """The region with the cells of the argument marked."""
        from .render.tilings import certificate_svg

        return certificate_svg(self, **kw)

    def _repr_svg_(self) -> str:
        return str(self.svg())


def impossibility(region) -> Certificate | None:
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
    region = as_region(region)
    dark, light = region.colour_counts()
    darks = frozenset(x for x in region.cells if (x[0] + x[1]) % 2 == 0)
    lights = region.cells - darks
    if dark != light:
        more, fewer = ("dark", "light") if dark > light else ("light", "dark")
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


def _hall_certificate(region: Region, darks: frozenset, lights: frozenset):
    from networkx.algorithms import bipartite

    g = region.graph()
    matching = bipartite.hopcroft_karp_matching(g, top_nodes=darks)
    if all(x in matching for x in region.cells):
        return None
    best = None
    # Alternating search by hand: networkx finds the matching, but the small
    # witness (cells reachable from one unmatched cell) is not one of its outputs.
    for start in sorted(x for x in region.cells if x not in matching):
        side = darks if start in darks else lights
        s_set, t_set = {start}, set()
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
    s_set, t_set, is_dark = best
    colour, other = ("dark", "light") if is_dark else ("light", "dark")
    return Certificate(
        "hall", region, s_set, t_set,
        f"These {len(s_set)} {colour} cells touch only {len(t_set)} {other} "
        f"cell{'s' if len(t_set) != 1 else ''} between them. Each {colour} cell needs its "
        f"own {other} neighbour in a domino, so at least one is left uncovered "
        "(Hall's condition fails).",
    )


# --------------------------------------------------------------------------- sampling


def random_tiling(region, seed=None) -> Tiling:
    """A tiling chosen uniformly at random among all tilings of ``region``.

    Exact sampling, piece by piece. On a piece whose transfer matrix fits in
    :data:`MAX_SAMPLER_STATES` stored profiles (narrower side up to about 14):
    the transfer matrix counts, for every profile, the ways to reach it, and a
    walk back from the end picks each predecessor with probability
    proportional to its count. On a wider piece (up to
    :data:`MAX_SEQUENTIAL_CELLS` cells): the first uncovered cell pairs with
    its right or its lower neighbour with probability proportional to the exact
    number of tilings of what is left, until the rest is narrow enough for the
    transfer matrix. Either way every tiling has probability exactly 1/count.
    ``seed`` (an int, or a ``random.Random``) makes it repeatable. Raises
    :class:`~dominolab.errors.Unsolvable` when there is no tiling and
    :class:`~dominolab.errors.InvalidRegion` beyond the limits.

    >>> print(random_tiling(Region.rectangle(2, 4), seed=1))
    ^^^^
    vvvv
    """
    from .errors import Unsolvable

    region = as_region(region)
    rng = seed if isinstance(seed, _random.Random) else _random.Random(seed)
    cert = impossibility(region)
    if cert is not None:
        raise Unsolvable(f"this region has no tiling: {cert}")
    dominoes: list = []
    for piece in sorted(_components(region.cells), key=min):
        if _sampler_fits(piece):
            dominoes += _sample_by_transfer(piece, rng)
        else:
            dominoes += _sample_sequentially(piece, rng)
    return Tiling(dominoes, region)


#: Largest piece that :func:`random_tiling` samples by exact counting (about 24×24).
MAX_SEQUENTIAL_CELLS = 600


def _sampler_fits(cells) -> bool:
    # Measured on full boards: the transfer matrix keeps about 2**w / 6 profiles
    # per cell on average (w the narrower side); stay well inside the limit.
    r0, c0, r1, c1 = _bbox(cells)
    w = min(r1 - r0, c1 - c0) + 1
    return w <= 22 and len(cells) * ((1 << w) // 6 + 1) <= MAX_SAMPLER_STATES // 2


def _sample_sequentially(piece: frozenset, rng) -> list:
    if len(piece) > MAX_SEQUENTIAL_CELLS:
        raise InvalidRegion(
            f"uniform sampling of a piece of {len(piece)} cells that is this wide is beyond the "
            f"limit of {MAX_SEQUENTIAL_CELLS} cells; try a smaller or narrower region")
    remaining = set(piece)
    total = count_tilings(remaining)
    dominoes = []
    while remaining:
        if _sampler_fits(remaining):
            for part in sorted(_components(remaining), key=min):
                dominoes += _sample_by_transfer(part, rng)
            break
        r, c = min(remaining)
        options = [x for x in ((r, c + 1), (r + 1, c)) if x in remaining]
        choice = options[0]
        if len(options) == 2:
            rest = remaining - {(r, c), options[0]}
            first = count_tilings(rest) if rest else 1
            pick = rng.randrange(total)
            if pick < first:
                total = first
            else:
                choice = options[1]
                total -= first
        dominoes.append(((r, c), choice))
        remaining -= {(r, c), choice}
    return dominoes


def _sample_by_transfer(piece: frozenset, rng) -> list:
    cells, transposed, r0, c0 = _normalise(piece)
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    layers = [{0: 1}]
    stored = 1
    for r in range(h):
        for c in range(w):
            layers.append(_transfer_step(layers[-1], cells, r, c, w))
            stored += len(layers[-1])
            if stored > MAX_SAMPLER_STATES:
                raise InvalidRegion(
                    f"exact uniform sampling needs more than {MAX_SAMPLER_STATES} stored "
                    f"profiles here (narrower side {w}); try a smaller region")
    dominoes = []
    state = 0
    pos = h * w
    while pos > 0:
        pos -= 1
        r, c = divmod(pos, w)
        bit = 1 << c
        prev = layers[pos]
        options = []  # (predecessor state, domino or None)
        if (r, c) not in cells:
            options.append((state, None))
        elif state & bit:
            options.append((state ^ bit, ((r, c), (r + 1, c))))
        else:
            options.append((state | bit, None))
            if c + 1 < w and state & (bit << 1) and (r, c + 1) in cells:
                options.append((state ^ (bit << 1), ((r, c), (r, c + 1))))
        weights = [prev.get(s, 0) for s, _ in options]
        pick = rng.randrange(sum(weights))
        for (s, dom), wt in zip(options, weights):
            if pick < wt:
                break
            pick -= wt
        state = s
        if dom is not None:
            dominoes.append(dom)

    def back(x):
        r, c = (x[1], x[0]) if transposed else x
        return (r + r0, c + c0)

    return [(back(a), back(b)) for a, b in dominoes]


# --------------------------------------------------------------------------- display


def format_count(n: int, sep: str = ",") -> str:
    """Digits of a (possibly huge) count with thousands separators.

    Works beyond Python's 4300-digit limit on ``str(int)``.

    >>> format_count(12988816)
    '12,988,816'
    >>> len(format_count(7**6000, sep=""))
    5071
    """
    if n < 0:
        return "-" + format_count(-n, sep)
    digits = _digits(n)
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return sep.join(groups)


def _digits(n: int) -> str:
    if n < 10**1000:
        return str(n)
    # split in halves (power of ten) so each str() call stays under the limit
    k = len(bin(n)) * 3 // 20  # about half the number of decimal digits
    hi, lo = divmod(n, 10**k)
    return _digits(hi) + _digits(lo).rjust(k, "0")


def parse_size(text: str) -> tuple[int, int]:
    """Read a board size such as ``"8x8"``, ``"8×8"`` or ``"2 x 10"`` as ``(rows, cols)``.

    >>> parse_size("8x8"), parse_size(" 2 × 10 ")
    ((8, 8), (2, 10))
    >>> parse_size("8by8")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidRegion: cannot read the board size '8by8': expected ROWSxCOLS, e.g. 8x8
    """
    import re

    m = re.fullmatch(r"\s*(\d+)\s*[xX×*]\s*(\d+)\s*", str(text))
    if not m:
        raise InvalidRegion(f"cannot read the board size {text!r}: expected ROWSxCOLS, e.g. 8x8")
    rows, cols = int(m.group(1)), int(m.group(2))
    if rows * cols > MAX_CELLS:
        raise InvalidRegion(f"a {rows}×{cols} board has {rows * cols} cells; "
                            f"the limit is {MAX_CELLS}")
    return rows, cols


def describe(region, cols: int | None = None) -> str:
    """Lines for people (the command line prints these): the region, then the
    number of tilings or the reason there is none. ``describe(8, 8)`` describes
    the rectangle.

    >>> print(describe(8, 8))
    8×8 board: 64 cells (32 dark, 32 light)
    12,988,816 tilings
    >>> print(describe(Region.rectangle(8, 8).without((0, 0), (7, 7))))
    region of 62 cells (30 dark, 32 light), bounding box 8×8
    no tiling: Colour the cells like a chessboard. Every domino covers one dark and one light cell, so a tiling needs as many dark cells as light ones. This region has 30 dark and 32 light cells.
    """
    if cols is not None:
        m, n = _side(region, "m"), _side(cols, "n")
        count = count_tilings(m, n)
        dark = (m * n + 1) // 2
        head = f"{m}×{n} board: {m * n} cells ({dark} dark, {m * n - dark} light)"
        if count:
            return head + f"\n{format_count(count)} tiling{'s' if count != 1 else ''}"
        return head + ("\nno tiling: " + impossibility(Region.rectangle(m, n)).message
                       if m * n else "\n1 tiling (the empty board)")
    region = as_region(region)
    dark, light = region.colour_counts()
    if region.is_rectangle() and min(region.cells) == (0, 0):
        head = (f"{region.height}×{region.width} board: {len(region)} cells "
                f"({dark} dark, {light} light)")
    else:
        head = (f"region of {len(region)} cells ({dark} dark, {light} light), "
                f"bounding box {region.height}×{region.width}")
    count = count_tilings(region)
    if count:
        return head + f"\n{format_count(count)} tiling{'s' if count != 1 else ''}"
    return head + "\nno tiling: " + impossibility(region).message
