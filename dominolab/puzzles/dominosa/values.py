"""Dominosa values: a :class:`Placement` (a tile on two cells), a
:class:`Partial` solution, cells and cell pairs, and their engine numbers.

Cells are ``(row, col)`` with row 0 at the top and column 0 at the left; a
cell pair is written in reading order. The engine (:mod:`.board`) numbers
cells row-major and placements once per grid shape; :func:`cell_of`,
:func:`pair_of`, :func:`placement_of` and :func:`index_of` translate.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any, Union

from ..._immutable import Immutable
from ...errors import InvalidPosition, InvalidTile
from ...i18n import tr
from ...tiles import Tile
from .board import Board, _geometry, _tile_pairs

__all__ = [
    "Cell", "CellPair", "Partial", "Placement", "as_cell", "canon_pair", "cell_of", "cell_str",
    "index_of", "pair_of", "pair_str", "placement_of", "placements_of",
]

Cell = tuple[int, int]
CellPair = tuple[Cell, Cell]
#: what the API accepts as a cell pair: two (row, col) sequences, or a Placement
PairLike = Union[Sequence[Sequence[int]], "Placement"]


def cell_str(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def pair_str(pair: CellPair) -> str:
    return f"{cell_str(pair[0])}-{cell_str(pair[1])}"


def as_cell(cell: Any) -> Cell:
    """``cell`` as a (row, col) pair of ints;
    :class:`~dominolab.errors.InvalidPosition` if it is not one."""
    try:
        r, c = cell
        return int(r), int(c)
    except (TypeError, ValueError):
        raise InvalidPosition(f"a cell is (row, col), got {cell!r}") from None


def canon_pair(pair: Any) -> CellPair:
    """``pair`` as two (row, col) int tuples in reading order (a Placement
    gives its cells); :class:`~dominolab.errors.InvalidPosition` if it is not
    two cells."""
    if isinstance(pair, Placement):
        return pair.cells
    try:
        a, b = pair
        a = (int(a[0]), int(a[1]))
        b = (int(b[0]), int(b[1]))
    except (TypeError, ValueError, IndexError):
        raise InvalidPosition(f"a placement is two cells ((row, col), (row, col)), "
                              f"got {pair!r}") from None
    return (a, b) if a <= b else (b, a)


class Placement(Immutable):
    """One tile on two adjacent cells: ``.cells`` (in reading order) and ``.tile``.

    Iterating a placement gives its two cells.

    >>> pl = Placement(((0, 1), (0, 0)), Tile(2, 1))
    >>> pl.cells, pl.tile, list(pl)
    (((0, 0), (0, 1)), Tile(1, 2), [(0, 0), (0, 1)])
    >>> pl.horizontal, str(pl)
    (True, '1:2 at (0,0)-(0,1)')
    """

    __slots__ = ("cells", "tile")

    cells: CellPair
    tile: Tile

    def __init__(self, cells: PairLike, tile: Tile | Sequence[int]):
        a, b = canon_pair(cells)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise InvalidPosition(f"cells {cell_str(a)} and {cell_str(b)} are not side by side")
        if not isinstance(tile, Tile):
            try:
                tile = Tile(*tile)
            except TypeError:
                raise InvalidTile(f"a placement's tile is a Tile or two numbers, "
                                  f"got {tile!r}") from None
        object.__setattr__(self, "cells", (a, b))
        object.__setattr__(self, "tile", tile)

    # pickled by its parts (Immutable refuses the default rebuild's assignments)
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.cells, self.tile))

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Placement):
            return self.cells == other.cells and self.tile == other.tile
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Placement):
            return self.cells < other.cells
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.cells, self.tile))

    @property
    def horizontal(self) -> bool:
        return self.cells[0][0] == self.cells[1][0]

    def __repr__(self) -> str:
        return f"Placement({self.cells!r}, Tile({self.tile.low}, {self.tile.high}))"

    def __str__(self) -> str:
        (r, c), (r2, c2) = self.cells
        return tr("{tile} at ({r},{c})-({r2},{c2})").format(tile=self.tile, r=r, c=c, r2=r2,
                                                            c2=c2)


# the slots' own setters, for :func:`placements_of` (Placement.__setattr__ refuses)
_set_cells = Placement.__dict__["cells"].__set__
_set_tile = Placement.__dict__["tile"].__set__


def _pairs(values: Iterable[PairLike], what: str) -> frozenset[CellPair]:
    try:
        return frozenset(canon_pair(x) for x in values)
    except TypeError:
        raise InvalidPosition(f"{what} is a list of cell pairs or placements, "
                              f"got {values!r}") from None


class Partial(Immutable):
    """A partly solved grid: cell pairs *placed* as tiles and pairs *excluded*
    (crossed out). Immutable; ``place``/``exclude``/``remove`` return new values.

    Pairs are ``((row, col), (row, col))``; :class:`Placement` values are
    accepted too.

    >>> q = Partial().place(((0, 0), (0, 1))).exclude(((1, 0), (0, 0)))
    >>> q.placed, q.excluded
    (frozenset({((0, 0), (0, 1))}), frozenset({((0, 0), (1, 0))}))
    >>> q.remove(((0, 1), (0, 0))).placed
    frozenset()
    """

    __slots__ = ("excluded", "placed")

    placed: frozenset[CellPair]
    excluded: frozenset[CellPair]

    def __init__(self, placed: Iterable[PairLike] = (), excluded: Iterable[PairLike] = ()):
        object.__setattr__(self, "placed", _pairs(placed, "placed"))
        object.__setattr__(self, "excluded", _pairs(excluded, "excluded"))

    # pickled by its parts (Immutable refuses the default rebuild's assignments)
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.placed, self.excluded))

    @classmethod
    def of(cls, value: Partial | Iterable[PairLike] | None) -> Partial:
        """``None``, a Partial, a Solution, or an iterable of placements/pairs."""
        if value is None:
            return cls()
        if isinstance(value, Partial):
            return value
        return cls(placed=value)

    def place(self, pair: PairLike) -> Partial:
        cp = canon_pair(pair)
        return Partial(self.placed | {cp}, self.excluded - {cp})

    def exclude(self, pair: PairLike) -> Partial:
        cp = canon_pair(pair)
        return Partial(self.placed - {cp}, self.excluded | {cp})

    def remove(self, pair: PairLike) -> Partial:
        cp = canon_pair(pair)
        return Partial(self.placed - {cp}, self.excluded - {cp})

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Partial):
            return self.placed == other.placed and self.excluded == other.excluded
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.placed, self.excluded))

    def __repr__(self) -> str:
        return f"Partial(placed={sorted(self.placed)!r}, excluded={sorted(self.excluded)!r})"


# -- engine numbers ------------------------------------------------------------

def cell_of(b: Board, i: int) -> Cell:
    """The (row, col) of the engine's cell ``i``."""
    return divmod(i, b.cols)


def pair_of(b: Board, p: int) -> CellPair:
    """The two cells of the engine's placement ``p``."""
    x, y = b.placements[p]
    return cell_of(b, x), cell_of(b, y)


def placement_of(b: Board, p: int) -> Placement:
    """The engine's placement ``p`` as a :class:`Placement` with its tile."""
    x, y = b.placements[p]
    return Placement((cell_of(b, x), cell_of(b, y)), Tile(b.numbers[x], b.numbers[y]))


@lru_cache(maxsize=32)
def _shape_values(n: int) -> tuple[tuple[CellPair, ...], tuple[Tile, ...]]:
    """Per placement of the double-``n`` shape its two cells (in reading
    order), and per tile index its :class:`Tile`: immutable, shared by every
    grid of the shape."""
    cols = n + 2
    cells = tuple((divmod(x, cols), divmod(y, cols)) for x, y in _geometry(n)[0])
    return cells, tuple(Tile(a, b) for a, b in _tile_pairs(n))


def placements_of(b: Board, mask: int) -> list[Placement]:
    """The engine's placements in ``mask`` as :class:`Placement` values, in
    placement order (which is reading order of their cells). Built from the
    shape's tables without re-checking each pair: they are adjacent by
    construction (the tests check every table against :func:`placement_of`)."""
    cells, tiles = _shape_values(b.n)
    ptile = b.ptile
    out = []
    new = object.__new__
    while mask:
        low = mask & -mask
        mask ^= low
        p = low.bit_length() - 1
        pl = new(Placement)
        _set_cells(pl, cells[p])
        _set_tile(pl, tiles[ptile[p]])
        out.append(pl)
    return out


def index_of(b: Board, pair: PairLike) -> int:
    """The engine's number of the placement on ``pair``; raises
    :class:`~dominolab.errors.InvalidPosition` for cells outside the grid or
    not side by side."""
    (r, c), (r2, c2) = canon_pair(pair)
    for rr, cc in ((r, c), (r2, c2)):
        if not (0 <= rr < b.rows and 0 <= cc < b.cols):
            raise InvalidPosition(f"cell ({rr},{cc}) is outside the {b.rows}x{b.cols} grid")
    p = b.index.get((r * b.cols + c, r2 * b.cols + c2))
    if p is None:
        raise InvalidPosition(f"cells ({r},{c}) and ({r2},{c2}) are not side by side")
    return p
