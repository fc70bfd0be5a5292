"""The triangular grid triominoes are laid on, and what may be laid where.

A cell is ``(row, col)``. Row ``r`` lies between the horizontal lines ``r`` and ``r + 1``;
a cell **points up** when ``row + col`` is even, down when it is odd, so the cells of a
row alternate ▲▼▲▼. Corners are lattice points ``(line, x)`` in half-cell units::

    line r     (r,c+1)            (r,c) ──── (r,c+2)
               ╱  ▲  ╲                ╲  ▼  ╱
    line r+1  (r+1,c) ─ (r+1,c+2)      (r+1,c+1)

    up cell (r, c): top, bottom-right, bottom-left      down cell: top-left, top-right, bottom

(each list is **clockwise** on the page, the order a tile's corners are read in). Two
cells of a row next to each other share a slanted edge; an up cell shares its bottom
edge with the down cell below it, ``(r + 1, c)``. Six cells meet at every corner: the
**hexagon** around the point ``(y, x)`` is the cells ``(y - 1, x - 2 … x)`` and
``(y, x - 2 … x)``.

>>> vertices((0, 0)), vertices((0, 1))
(((0, 1), (1, 2), (1, 0)), ((0, 1), (0, 3), (1, 2)))
>>> sorted(edge_neighbours((0, 0)))
[(0, -1), (0, 1), (1, 0)]
>>> len(corner_neighbours((0, 0))), hexagon((1, 2))
(9, ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)))

A :class:`Board` holds the laid tiles and the number at each corner. A tile may be laid
on an empty cell next to a laid tile (sharing an edge) when every corner it shares with
laid tiles shows the same number there — which also makes every shared edge match.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..errors import IllegalMove, InvalidPosition
from ..limits import short_repr
from .tiles import Triomino

__all__ = ["Cell", "Point", "Placement", "Board", "points_up", "vertices", "edge_neighbours",
           "corner_neighbours", "hexagon", "MAX_COORD"]

Cell = tuple[int, int]
Point = tuple[int, int]

#: The largest |row| or |col| a cell may have (a game of 56 tiles stays far inside).
MAX_COORD = 1000


def _check(cell: object) -> Cell:
    if (not isinstance(cell, tuple) or len(cell) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_COORD
                   for v in cell)):
        raise InvalidPosition(f"a cell is (row, col), two whole numbers up to {MAX_COORD} "
                              f"in size, not {short_repr(cell)}")
    return cell


def points_up(cell: Cell) -> bool:
    r, c = cell
    return (r + c) % 2 == 0


def vertices(cell: Cell) -> tuple[Point, Point, Point]:
    """The cell's three corners, clockwise on the page (up: top first; down: top-left)."""
    r, c = cell
    if points_up(cell):
        return ((r, c + 1), (r + 1, c + 2), (r + 1, c))
    return ((r, c), (r, c + 2), (r + 1, c + 1))


def edge_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing an edge with ``cell``."""
    r, c = cell
    return ((r, c - 1), (r, c + 1), (r + 1, c) if points_up(cell) else (r - 1, c))


def hexagon(point: Point) -> tuple[Cell, ...]:
    """The six cells around a corner point."""
    y, x = point
    return tuple((row, col) for row in (y - 1, y) for col in (x - 2, x - 1, x))


def corner_neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The nine cells that share only a corner with ``cell``."""
    near = set(edge_neighbours(cell)) | {cell}
    out = {q for p in vertices(cell) for q in hexagon(p)} - near
    return tuple(sorted(out))


@dataclass(frozen=True)
class Placement:
    """A tile on a cell, turned so that its clockwise reading from corner ``turn`` falls on
    the cell's corners in their clockwise order."""

    tile: Triomino
    cell: Cell
    turn: int = 0

    def numbers(self) -> tuple[int, int, int]:
        """The numbers at the cell's corners (in :func:`vertices` order)."""
        return self.tile.rotation(self.turn)

    def __str__(self) -> str:
        r, c = self.cell
        return f"{'-'.join(map(str, self.numbers()))}@{r},{c}"


class Board:
    """Laid tiles and the numbers they show at the grid's corners."""

    __slots__ = ("cells", "points")

    def __init__(self) -> None:
        self.cells: dict[Cell, Placement] = {}
        self.points: dict[Point, int] = {}

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.cells.values())

    def copy(self) -> Board:
        b = Board()
        b.cells = dict(self.cells)
        b.points = dict(self.points)
        return b

    def frontier(self) -> list[Cell]:
        """Empty cells that share an edge with a laid tile (``[(0, 0)]`` on an empty board)."""
        if not self.cells:
            return [(0, 0)]
        out = {q for cell in self.cells for q in edge_neighbours(cell) if q not in self.cells}
        return sorted(out)

    def why_not(self, p: Placement) -> str | None:
        """Why ``p`` may not be laid, or ``None`` when it may."""
        cell = _check(p.cell)
        if cell in self.cells:
            return f"cell {cell} already holds {self.cells[cell].tile}"
        if self.cells and not any(q in self.cells for q in edge_neighbours(cell)):
            return f"cell {cell} shares no edge with a laid tile"
        for point, n in zip(vertices(cell), p.numbers()):
            shown = self.points.get(point)
            if shown is not None and shown != n:
                return (f"its corner at {point} shows {n}, but the tiles meeting there "
                        f"show {shown}")
        return None

    def fits(self, p: Placement) -> bool:
        return self.why_not(p) is None

    def lay(self, p: Placement) -> None:
        why = self.why_not(p)
        if why is not None:
            raise IllegalMove(f"{p.tile} cannot go on {p.cell}: {why}")
        self.cells[p.cell] = p
        for point, n in zip(vertices(p.cell), p.numbers()):
            self.points[point] = n

    def remove(self, cell: Cell) -> Placement:
        """Take the tile off ``cell`` (the corners it alone showed are cleared)."""
        p = self.cells.pop(cell)
        for point in vertices(cell):
            if not any(q in self.cells for q in hexagon(point)):
                del self.points[point]
        return p

    def placements(self, tile: Triomino) -> list[Placement]:
        """Every legal way to lay ``tile`` (a triple has one turn per cell)."""
        return self.placements_of([tile])

    def placements_of(self, tiles: Iterable[Triomino]) -> list[Placement]:
        """Every legal way to lay each of ``tiles``: each frontier cell's corners are read
        once, and each turn of a tile is matched against them."""
        pats = [(cell, tuple(self.points.get(v, -1) for v in vertices(cell)))
                for cell in self.frontier()]
        out = []
        for t in tiles:
            for turn in ((0,) if t.is_triple else (0, 1, 2)):
                x, y, z = t.rotation(turn)
                for cell, (a, b, c) in pats:
                    if (a < 0 or a == x) and (b < 0 or b == y) and (c < 0 or c == z):
                        out.append(Placement(t, cell, turn))
        return out

    def is_bridge(self, p: Placement) -> bool:
        """Laying ``p`` touches exactly one laid tile along an edge and a laid tile at the
        corner opposite that edge (a «bridge»)."""
        sides = [q for q in edge_neighbours(p.cell) if q in self.cells]
        if len(sides) != 1:
            return False
        shared = set(vertices(p.cell)) & set(vertices(sides[0]))
        opposite = next(v for v in vertices(p.cell) if v not in shared)
        return opposite in self.points

    def hexagons_completed(self, p: Placement) -> int:
        """How many hexagons laying ``p`` completes (0 to 3)."""
        return sum(1 for point in vertices(p.cell)
                   if all(q == p.cell or q in self.cells for q in hexagon(point)))

    def consistent(self) -> list[str]:
        """Every laid tile against its neighbours: an empty list when all match."""
        errors = []
        seen: dict[Point, int] = {}
        for cell, p in self.cells.items():
            if p.cell != cell:
                errors.append(f"the tile at {cell} says it is at {p.cell}")
            for point, n in zip(vertices(cell), p.numbers()):
                if seen.setdefault(point, n) != n:
                    errors.append(f"corner {point}: {n} at {cell} against {seen[point]}")
        if seen != self.points:
            errors.append("the corner numbers do not follow from the laid tiles")
        if self.cells:                                    # one piece, joined by edges
            start = next(iter(self.cells))
            todo, reached = [start], {start}
            while todo:
                for q in edge_neighbours(todo.pop()):
                    if q in self.cells and q not in reached:
                        reached.add(q)
                        todo.append(q)
            if len(reached) != len(self.cells):
                errors.append(f"{len(self.cells) - len(reached)} tiles are not joined by edges")
        return errors
