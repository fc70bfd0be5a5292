"""Regions of the square grid and their tilings, as values; reading text art.

A *region* is a finite set of unit cells ``(row, col)``; a *tiling* covers
every cell exactly once by dominoes (two cells sharing a side). Both are
immutable values that show themselves as text art (``str``) and as pictures
in a notebook.

>>> board = Region.rectangle(8, 8).without((0, 0), (7, 7))
>>> len(board), board.colour_counts()
(62, (30, 32))
"""

from __future__ import annotations

import operator
import textwrap
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

import networkx as nx

from ..errors import InvalidRegion, RegionParseError
from ..render import SVG

__all__ = ["MAX_BOX", "MAX_CELLS", "Region", "Tiling", "as_region", "tiling_svg"]

#: Largest number of cells in a :class:`Region` (and in ``count_tilings(m, n)``).
MAX_CELLS = 40_000
#: Largest bounding box (rows × columns, counted from row 0 and column 0) of a
#: :class:`Region`: its text form and pictures have one character/square per box cell.
MAX_BOX = 1_000_000

Cell = tuple[int, int]
Domino = tuple[Cell, Cell]


# --------------------------------------------------------------------------- regions


def _cell(x: Any, where: str = "") -> Cell:
    try:
        r, c = x
    except (TypeError, ValueError):
        raise InvalidRegion(f"{x!r}{where} is not a cell; expected a pair (row, col)") from None
    whole = "row and col must be whole numbers"
    if isinstance(r, bool) or isinstance(c, bool):
        raise InvalidRegion(f"{x!r}{where} is not a cell; {whole}")
    try:
        r, c = operator.index(r), operator.index(c)  # ints and int-likes (numpy), not floats
    except TypeError:
        raise InvalidRegion(f"{x!r}{where} is not a cell; {whole}") from None
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
    _cells: frozenset[Cell]
    _hash: int | None

    def __init__(self, cells: Iterable[Any]):
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
    def from_cells(cls, cells: Iterable[Any]) -> Region:
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
        dominolab.errors.RegionParseError: cannot read the region: line 1, column 2: 'x' is not '#' (a cell) or '.' (a hole)
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
    def cells(self) -> frozenset[Cell]:
        """The cells as a frozenset of ``(row, col)``."""
        return self._cells

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self._cells))

    def __contains__(self, cell: object) -> bool:
        return cell in self._cells

    def __eq__(self, other: object) -> bool:
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
    def without(self, *cells: Any) -> Region:
        """The region with the given cells removed (each must be in it).

        >>> len(Region.rectangle(8, 8).without((0, 0), (7, 7)))
        62
        """
        drop = {_cell(x) for x in cells}
        missing = sorted(drop - self._cells)
        if missing:
            raise InvalidRegion(f"cannot remove {missing[0]}: it is not a cell of the region")
        return Region(self._cells - drop)

    def with_cells(self, *cells: Any) -> Region:
        """The region with the given cells added."""
        return Region(self._cells | {_cell(x) for x in cells})

    def toggled(self, cell: Any) -> Region:
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

    def graph(self) -> nx.Graph:
        """The grid graph of the region (networkx): cells, and edges between neighbours."""
        g: nx.Graph = nx.Graph()
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

    def svg(self, **options: Any) -> SVG:
        """The region as an SVG chessboard (holes left blank).

        ``options`` as for :func:`dominolab.render.tilings.region_svg`, which draws it.
        """
        return self._repr_svg_(**options)

    def _repr_svg_(self, **options: Any) -> SVG:
        # drawn on demand: the renderer imports this module at its top
        from ..render.tilings import region_svg  # noqa: PLC0415

        return region_svg(self, **options)


def _side(x: Any, name: str) -> int:
    if isinstance(x, bool):
        raise InvalidRegion(f"{name}={x!r}: a side length must be a whole number")
    try:
        x = operator.index(x)  # ints and int-likes (numpy, sympy), not floats
    except TypeError:
        raise InvalidRegion(f"{name}={x!r}: a side length must be a whole number") from None
    if x < 0:
        raise InvalidRegion(f"{name}={x}: a side length cannot be negative")
    return x


def as_region(region: Any) -> Region:
    """Accept a :class:`Region`, any collection of ``(row, col)`` cells, or text art.

    >>> as_region({(0, 0), (0, 1)}) == Region.rectangle(1, 2)
    True
    """
    if isinstance(region, Region):
        return region
    if isinstance(region, str):
        return Region.parse(region)
    return Region(region)


def _bbox(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


def _neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    r, c = cell
    return ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))


def _edges(cells: frozenset[Cell] | set[Cell]) -> Iterator[Domino]:
    for r, c in cells:
        if (r, c + 1) in cells:
            yield (r, c), (r, c + 1)
        if (r + 1, c) in cells:
            yield (r, c), (r + 1, c)


def _components(cells: frozenset[Cell] | set[Cell]) -> list[frozenset[Cell]]:
    # Breadth-first search by hand: the grid neighbourhood is implicit, so
    # building a networkx graph just to split it would cost more than this.
    seen: set[Cell] = set()
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


def _normalise(cells: frozenset[Cell]) -> tuple[frozenset[Cell], bool, int, int]:
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

    >>> t = Tiling([((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 2), (1, 2))])
    >>> print(t)
    <>^
    <>v
    >>> len(t), t.region == Region.rectangle(2, 3)
    (3, True)
    """

    __slots__ = ("dominoes", "region")
    #: The dominoes in sorted order, each as its two cells (smaller first).
    dominoes: tuple[Domino, ...]
    #: The region the dominoes cover.
    region: Region

    def __init__(self, dominoes: Iterable[Any], region: Any = None):
        try:
            items = list(dominoes)
        except TypeError:
            raise InvalidRegion(f"a tiling is a list of dominoes such as [((0, 0), (0, 1))], "
                                f"not {dominoes!r}") from None
        doms = []
        for d in items:
            try:
                ends = list(d)
            except TypeError:
                ends = []
            if len(ends) != 2:
                raise InvalidRegion(f"{d!r} is not a domino; expected two cells "
                                    "((row, col), (row, col))")
            a, b = _cell(ends[0]), _cell(ends[1])
            a, b = min(a, b), max(a, b)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise InvalidRegion(f"{a} and {b} are not neighbours, so they are not a domino")
            doms.append((a, b))
        self.dominoes = tuple(sorted(doms))
        covered = [x for d in self.dominoes for x in d]
        if len(set(covered)) != len(covered):
            raise InvalidRegion("two dominoes overlap")
        self.region = as_region(region) if region is not None else Region(covered)
        if set(covered) != self.region.cells:
            raise InvalidRegion("the dominoes do not cover the region exactly")

    def __iter__(self) -> Iterator[Domino]:
        return iter(self.dominoes)

    def __len__(self) -> int:
        return len(self.dominoes)

    def __eq__(self, other: object) -> bool:
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

    def svg(self, **options: Any) -> SVG:
        """The tiling drawn as blank dominoes on the board.

        ``options`` as for :func:`dominolab.render.tilings.tiling_svg`, which draws it.
        """
        return self._repr_svg_(**options)

    def _repr_svg_(self, **options: Any) -> SVG:
        # drawn on demand: the renderer imports this module at its top
        from ..render.tilings import tiling_svg as draw  # noqa: PLC0415

        return draw(self, **options)


def tiling_svg(tiling: Tiling | Iterable[Any], **options: Any) -> SVG:
    """SVG of a :class:`Tiling` (or of a list of dominoes, checked on the way).

    The picture is :func:`dominolab.render.tilings.tiling_svg`'s, with the same ``options``.

    >>> svg = tiling_svg([((0, 0), (0, 1)), ((1, 0), (1, 1))])
    >>> svg.count('class="domino"')
    2
    """
    if not isinstance(tiling, Tiling):
        tiling = Tiling(tiling)
    return tiling.svg(**options)
