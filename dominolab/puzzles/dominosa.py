"""Dominosa: split a grid of numbers into the tiles of a domino set.

A double-n Dominosa grid has ``n+1`` rows and ``n+2`` columns; every number
``0..n`` appears ``n+2`` times. A solution pairs up orthogonally adjacent
cells so that each of the ``(n+1)(n+2)/2`` tiles of the double-n set appears
exactly once: an exact cover of the cells *and* of the tiles.

This module is the public face: :class:`Dominosa` (parse, print, solve,
count, grade, hint, explain), the values :class:`Placement`,
:class:`Solution`, :class:`Partial`, :class:`Hint`, :class:`Grade`, and
:func:`generate`. Cells are ``(row, col)`` with row 0 at the top and column 0
at the left.

Grades are the reference's levels (Simon Tatham's Dominosa, see
shared/DOMINOSA.md): the weakest set of deductions that finishes the grid
without guessing. ``search`` means the grid has one solution but needs
guessing beyond Extreme; ``ambiguous`` means it has several.

The API at a glance (stable; the board widget and lesson 07 build on it):

* ``Dominosa.parse(text)`` reads a Tatham game ID, our grid text or a puzzle
  file; ``Dominosa(rows)`` takes rows of ints. ``.grid`` (tuple of row
  tuples), ``.n``, ``.rows`` (n+1), ``.cols`` (n+2), ``str(p)`` our text,
  ``p.to_tatham(difficulty=None)``, ``p.to_file()``, ``Dominosa.load(path)``.
* ``p.solve()`` -> :class:`Solution` (a tuple of :class:`Placement`; each has
  ``.cells == ((r, c), (r2, c2))`` and ``.tile`` and iterates as its two
  cells) or raises :class:`~dominolab.errors.Unsolvable`;
  ``p.solutions(limit=None)``, ``p.count_solutions(limit=2)``.
* ``p.grade()`` -> :class:`Grade` (``str`` is trivial/basic/hard/extreme,
  or search/ambiguous beyond them).
* ``p.hint(partial)`` -> :class:`Hint` (``.kind``: place/exclude/mistake/
  solved, ``.placement``, ``.exclusions``, ``.rule``, ``.text``, ``.cells``,
  ``.level``); ``p.steps(partial)`` all of them; ``p.explain()`` as text.
  A partial solution is a :class:`Partial`: ``placed`` and ``excluded``
  cell pairs (or simply a list of placements).
* ``generate(n, difficulty="hard", seed=1)`` -> a unique puzzle of exactly
  that grade, n = 0..18 (raises :class:`NoSuchPuzzle` for impossible pairs
  such as a Hard double-2).

>>> p = Dominosa.parse("2dt:202012100211")
>>> p.n, p.rows, p.cols
(2, 3, 4)
>>> print(p)
2 0 2 0
1 2 1 0
0 2 1 1
>>> sol = p.solve()
>>> [str(pl) for pl in sol][:2]
['0:2 at (0,0)-(0,1)', '1:2 at (0,2)-(1,2)']
>>> p.count_solutions(), str(p.grade())
(1, 'trivial')
>>> print(p.hint().text)
Tile 0:0 can only go at (0,3)-(1,3).
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Iterable, Iterator
from functools import cached_property

from ..errors import InvalidPosition, ParseError, Unsolvable
from ..tiles import Tile
from . import dominosa_solver as S
from . import formats
from .dominosa_gen import NoSuchPuzzle

__all__ = [
    "RULE_NAMES",
    "Dominosa",
    "Grade",
    "Hint",
    "NoSuchPuzzle",
    "Partial",
    "Placement",
    "Solution",
    "generate",
]

Cell = tuple[int, int]




class Grade(str, enum.Enum):
    """Difficulty: the weakest deduction level that solves a grid.

    The first four are Simon Tatham's levels (letters t, b, h, e in his game
    IDs); ``search`` (unique, but no deduction level finishes it) and
    ``ambiguous`` (more than one solution) go beyond them.

    >>> str(Grade.HARD), Grade.HARD.tatham, Grade.BASIC < Grade.HARD
    ('hard', 'h', True)
    >>> Grade.parse("e")
    <Grade.EXTREME: 'extreme'>
    """

    TRIVIAL = "trivial"
    BASIC = "basic"
    HARD = "hard"
    EXTREME = "extreme"
    SEARCH = "search"
    AMBIGUOUS = "ambiguous"

    def __str__(self) -> str:
        return self.value

    @property
    def rank(self) -> int:
        return list(Grade).index(self)

    @property
    def tatham(self) -> str:
        """Tatham's difficulty letter (``a`` for ambiguous; none for search)."""
        return {"search": ""}.get(self.value, self.value[0])

    # str's own comparisons are alphabetical; grades compare by strength
    def __lt__(self, other):
        if isinstance(other, Grade):
            return self.rank < other.rank
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, Grade):
            return self.rank <= other.rank
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, Grade):
            return self.rank > other.rank
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, Grade):
            return self.rank >= other.rank
        return NotImplemented

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        if isinstance(other, Grade):
            return self is other
        return self.value == other

    @classmethod
    def parse(cls, text) -> Grade:
        if isinstance(text, Grade):
            return text
        t = str(text).strip().lower()
        for g in cls:
            if t == g.value or (len(t) == 1 and t == g.tatham):
                return g
        raise ParseError(f"unknown difficulty {text!r}: expected one of "
                         + ", ".join(g.value for g in cls), str(text))


#: From this n on, solutions() searches from the closure of the deductions
#: (below it plain search is faster: a solve is under a millisecond at n = 6).
DEDUCE_BEFORE_SEARCH = 19

_LEVEL_GRADE = {S.TRIVIAL: Grade.TRIVIAL, S.BASIC: Grade.BASIC, S.HARD: Grade.HARD,
                S.EXTREME: Grade.EXTREME, S.SEARCH: Grade.SEARCH}

#: Rule name -> (grade, short description), in the order the solver tries them.
RULE_NAMES = {
    "only-place": (Grade.TRIVIAL, "a tile with only one place left goes there"),
    "only-tile": (Grade.TRIVIAL, "a cell with only one neighbour left pairs with it"),
    "cell-one-tile": (Grade.BASIC, "a cell whose options all make one tile keeps that tile"),
    "tile-overlap": (Grade.BASIC, "a pair overlapping every place of some tile is ruled out"),
    "local-duplicate": (Grade.BASIC, "a tile that would force a second copy next to it is ruled out"),
    "local-duplicate-2": (Grade.BASIC, "a tile that would force two cells to be the same tile is ruled out"),
    "parity": (Grade.BASIC, "a tile that would cut off an odd area is ruled out"),
    "set": (Grade.HARD, "k cells of one number with only k tiles between them own those tiles"),
    "set-doubles": (Grade.EXTREME, "set analysis where the double may cover two of the cells"),
    "chain-duplicate": (Grade.EXTREME, "a forcing chain that would use a tile twice is false"),
    "chain-starves": (Grade.EXTREME, "a forcing chain that would leave a cell no tile is false"),
    "chain-both": (Grade.EXTREME, "a tile in both halves of a forcing chain is ruled out elsewhere"),
    "search": (Grade.SEARCH, "no deduction applies; search shows only one option works"),
    "mistake": (Grade.TRIVIAL, "a placement or exclusion that contradicts the solution"),
    "solved": (Grade.TRIVIAL, "every tile is placed"),
}


def _whole(x):
    """``x`` as a plain int when it is an integer of another type (numpy's,
    say); anything else unchanged, for check_grid to report."""
    if isinstance(x, int) or isinstance(x, bool):
        return x
    try:
        return operator.index(x)
    except TypeError:
        return x


def _cell_str(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _pair_str(pair) -> str:
    return f"{_cell_str(pair[0])}-{_cell_str(pair[1])}"


def _canon_pair(pair) -> tuple[Cell, Cell]:
    try:
        a, b = pair
        a = (int(a[0]), int(a[1]))
        b = (int(b[0]), int(b[1]))
    except (TypeError, ValueError, IndexError):
        raise InvalidPosition(f"a placement is two cells ((row, col), (row, col)), got {pair!r}") from None
    return (a, b) if a <= b else (b, a)


class Placement:
    """One tile on two adjacent cells: ``.cells`` (in reading order) and ``.tile``.

    Iterating a placement gives its two cells.

    >>> pl = Placement(((0, 1), (0, 0)), Tile(2, 1))
    >>> pl.cells, pl.tile, list(pl)
    (((0, 0), (0, 1)), Tile(1, 2), [(0, 0), (0, 1)])
    >>> pl.horizontal, str(pl)
    (True, '1:2 at (0,0)-(0,1)')
    """

    __slots__ = ("cells", "tile")

    def __init__(self, cells, tile):
        a, b = _canon_pair(cells)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise InvalidPosition(f"cells {_cell_str(a)} and {_cell_str(b)} are not side by side")
        if not isinstance(tile, Tile):
            tile = Tile(*tile)
        object.__setattr__(self, "cells", (a, b))
        object.__setattr__(self, "tile", tile)

    def __setattr__(self, name, value):
        raise AttributeError("Placement is immutable")

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __eq__(self, other):
        if isinstance(other, Placement):
            return self.cells == other.cells and self.tile == other.tile
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, Placement):
            return self.cells < other.cells
        return NotImplemented

    def __hash__(self):
        return hash((self.cells, self.tile))

    @property
    def horizontal(self) -> bool:
        return self.cells[0][0] == self.cells[1][0]

    def __repr__(self) -> str:
        return f"Placement({self.cells!r}, Tile({self.tile.low}, {self.tile.high}))"

    def __str__(self) -> str:
        return f"{self.tile} at {_pair_str(self.cells)}"


class Solution(tuple):
    """A complete solution: a tuple of :class:`Placement` in reading order,
    checked on construction (every cell once, every tile once, numbers match).

    >>> p = Dominosa.parse("0:00")
    >>> s = p.solve()
    >>> len(s), s.tile_at((0, 1))
    (1, Tile(0, 0))
    >>> print(s)
    ><
    """

    def __new__(cls, puzzle: Dominosa, placements: Iterable[Placement]):
        pls = tuple(sorted(placements))
        self = tuple.__new__(cls, pls)
        self.puzzle = puzzle
        _verify(puzzle, pls)
        self._at = {c: pl for pl in pls for c in pl.cells}
        return self

    def tile_at(self, cell: Cell) -> Tile:
        """The tile covering ``cell``."""
        return self._at[tuple(cell)].tile

    def placement_at(self, cell: Cell) -> Placement:
        return self._at[tuple(cell)]

    def __str__(self) -> str:
        return formats.format_solution([pl.cells for pl in self], self.puzzle.rows,
                                       self.puzzle.cols)

    def __repr__(self) -> str:
        return f"<Solution of {self.puzzle.to_tatham()}:\n{self}>"

    def __reduce__(self):
        return (Solution, (self.puzzle, tuple(self)))

    def _repr_svg_(self) -> str:
        from ..render.dominosa import grid_svg

        return grid_svg(self.puzzle, solution=self)


def _verify(puzzle: Dominosa, placements) -> None:
    """Independent check of a full solution (not using the solver's tables)."""
    seen_cells = set()
    seen_tiles = set()
    for pl in placements:
        (r, c), (r2, c2) = pl.cells
        for rr, cc in pl.cells:
            if not (0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols):
                raise Unsolvable(f"{pl} lies outside the grid")
        if abs(r - r2) + abs(c - c2) != 1:
            raise Unsolvable(f"{pl}: cells not adjacent")
        if Tile(puzzle.grid[r][c], puzzle.grid[r2][c2]) != pl.tile:
            raise Unsolvable(f"{pl}: the grid shows {puzzle.grid[r][c]} and {puzzle.grid[r2][c2]}")
        if pl.cells[0] in seen_cells or pl.cells[1] in seen_cells:
            raise Unsolvable(f"{pl}: a cell is covered twice")
        if pl.tile in seen_tiles:
            raise Unsolvable(f"{pl}: tile {pl.tile} is used twice")
        seen_cells.update(pl.cells)
        seen_tiles.add(pl.tile)
    if len(seen_cells) != puzzle.rows * puzzle.cols:
        raise Unsolvable(f"{puzzle.rows * puzzle.cols - len(seen_cells)} cells are not covered")


class Partial:
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

    def __init__(self, placed: Iterable = (), excluded: Iterable = ()):
        object.__setattr__(self, "placed", frozenset(
            _canon_pair(x.cells if isinstance(x, Placement) else x) for x in placed))
        object.__setattr__(self, "excluded", frozenset(
            _canon_pair(x.cells if isinstance(x, Placement) else x) for x in excluded))

    def __setattr__(self, name, value):
        raise AttributeError("Partial is immutable")

    @classmethod
    def of(cls, value) -> Partial:
        """``None``, a Partial, a Solution, or an iterable of placements/pairs."""
        if value is None:
            return cls()
        if isinstance(value, Partial):
            return value
        return cls(placed=value)

    def place(self, pair) -> Partial:
        pair = _canon_pair(pair.cells if isinstance(pair, Placement) else pair)
        return Partial(self.placed | {pair}, self.excluded - {pair})

    def exclude(self, pair) -> Partial:
        pair = _canon_pair(pair.cells if isinstance(pair, Placement) else pair)
        return Partial(self.placed - {pair}, self.excluded | {pair})

    def remove(self, pair) -> Partial:
        pair = _canon_pair(pair.cells if isinstance(pair, Placement) else pair)
        return Partial(self.placed - {pair}, self.excluded - {pair})

    def __eq__(self, other):
        if isinstance(other, Partial):
            return self.placed == other.placed and self.excluded == other.excluded
        return NotImplemented

    def __hash__(self):
        return hash((self.placed, self.excluded))

    def __repr__(self) -> str:
        return f"Partial(placed={sorted(self.placed)!r}, excluded={sorted(self.excluded)!r})"


class Hint:
    """One step of reasoning.

    ``kind`` is ``"place"`` (``placement`` is forced), ``"exclude"``
    (``exclusions`` are cell pairs that cannot be tiles), ``"mistake"`` (the
    user's ``placement`` or ``exclusions`` contradict the solution) or
    ``"solved"``. ``rule`` names the deduction (see :data:`RULE_NAMES`),
    ``level`` its :class:`Grade`, ``text`` is one sentence and ``cells`` the
    cells to highlight.
    """

    __slots__ = ("cells", "exclusions", "kind", "level", "placement", "rule", "text")

    def __init__(self, kind, rule, text, cells=(), placement=None, exclusions=()):
        self.kind = kind
        self.rule = rule
        self.text = text
        self.cells = tuple(sorted(set(cells)))
        self.placement = placement
        self.exclusions = tuple(sorted(exclusions))
        self.level = RULE_NAMES[rule][0]

    def __repr__(self) -> str:
        return f"<Hint {self.kind} ({self.rule}): {self.text}>"

    def __str__(self) -> str:
        return self.text


class Dominosa:
    """A Dominosa grid. Immutable; the solver's work is cached on it.

    ``grid`` is a tuple of row tuples; ``n`` the largest number; ``rows`` =
    n+1 and ``cols`` = n+2. Build one with :meth:`parse` (our text, a puzzle
    file, or a Tatham game ID) or from rows of ints.

    >>> Dominosa([[0, 0]]).to_tatham()
    '0:00'
    >>> Dominosa([[0, 0, 1], [1, 0, 1]]).count_solutions()
    2
    """

    def __init__(self, grid):
        if isinstance(grid, str):  # text: the same as Dominosa.parse
            grid = Dominosa.parse(grid).grid
        try:
            rows = tuple(tuple(_whole(x) for x in r) for r in grid)
        except TypeError:
            raise ParseError(f"a Dominosa grid is rows of numbers, got {grid!r}") from None
        self.n = formats.check_grid(rows)
        self.grid = rows
        self.rows = self.n + 1
        self.cols = self.n + 2
        self.fields: dict = {}

    # -- parsing and printing --------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Dominosa:
        """Read a Tatham game ID (``6db:0123...``) or save file, our grid text,
        or a puzzle file (with ``grid:``); a file's header fields land in
        ``.fields``.

        >>> Dominosa.parse("1:001101").grid
        ((0, 0, 1), (1, 0, 1))
        >>> Dominosa.parse("0 0 1\\n1 0 1") == Dominosa.parse("1:001101")
        True
        """
        if not isinstance(text, str):
            raise ParseError(f"Dominosa.parse needs text, got {type(text).__name__}")
        s = text.strip().lstrip("\ufeff")  # a byte-order mark from an editor is not text
        if s.startswith("SAVEFILE:"):  # a save file of Tatham's program
            s = formats.tatham_save_id(s)
        # a game ID may sit among comment lines, like our grid text
        lines = [ln.strip() for ln in s.splitlines()
                 if ln.strip() and not ln.strip().startswith("#")]
        is_file = any(ln.lower() == "grid:" for ln in lines)
        if not is_file and lines and re.match(r"[0-9]+[A-Za-z]*\s*[:#]", lines[0]):
            if len(lines) > 1:
                raise ParseError(
                    f"Tatham ID {lines[0][:60]!r}: a game ID is one line, but {len(lines) - 1} "
                    f"more line(s) follow it (next: {lines[1][:30]!r}); write it without line "
                    "breaks", text)
            lines = [lines[0]]
        if not is_file and len(lines) == 1 and (":" in lines[0] or re.match(r"[0-9]+[A-Za-z]*#",
                                                                          lines[0])):
            _, level, rows = formats.parse_tatham(lines[0])
            p = cls(rows)
            if level:
                p.fields["grade"] = formats.TATHAM_LEVELS[level]
            return p
        if is_file:
            pf = formats.parse_puzzle_file(s)
            p = cls(pf.rows)
            p.fields = dict(pf.fields)
            if pf.solution is not None:
                p.fields["solution"] = pf.solution
            return p
        return cls(formats.parse_grid(s))

    @classmethod
    def load(cls, path) -> Dominosa:
        """Read a puzzle file or a file holding a game ID."""
        with open(path, encoding="utf-8-sig") as f:
            return cls.parse(f.read())

    def __str__(self) -> str:
        return formats.format_grid(self.grid)

    def __repr__(self) -> str:
        return f"Dominosa.parse({self.to_tatham()!r})"

    def __eq__(self, other):
        if isinstance(other, Dominosa):
            return self.grid == other.grid
        return NotImplemented

    def __hash__(self):
        return hash(self.grid)

    def to_tatham(self, difficulty=None) -> str:
        """The Tatham game ID; ``difficulty`` (a Grade, name or letter, or
        ``True`` for this grid's own grade) adds ``d<c>``.

        >>> Dominosa.parse("1:001101").to_tatham("basic")
        '1db:001101'
        """
        if difficulty is True:
            g = self.grade()
            difficulty = g.tatham or None
        elif difficulty is not None:
            difficulty = Grade.parse(difficulty).tatham or None
        return formats.format_tatham(self.grid, difficulty)

    def to_file(self, solution: bool = True, **fields) -> str:
        """Our puzzle-file text: header, grid, solution (if unique or asked)."""
        f = {"n": self.n}
        f.update(fields)
        f.setdefault("tatham", self.to_tatham(True if solution else None))
        sol = str(self.solve()) if solution else None
        if solution:
            f.setdefault("grade", str(self.grade()))
        return formats.PuzzleFile(self.grid, f, sol).dump() + "\n"

    def number(self, cell: Cell) -> int:
        return self.grid[cell[0]][cell[1]]

    def _repr_svg_(self) -> str:
        from ..render.dominosa import grid_svg

        return grid_svg(self)

    # -- engine plumbing --------------------------------------------------
    @cached_property
    def _board(self) -> S.Board:
        return S.Board(self.n, tuple(x for row in self.grid for x in row))

    def _cell(self, i: int) -> Cell:
        return divmod(i, self.cols)

    def _pair(self, p: int) -> tuple[Cell, Cell]:
        a, b = self._board.placements[p]
        return self._cell(a), self._cell(b)

    def _placement(self, p: int) -> Placement:
        a, b = self._board.placements[p]
        return Placement((self._cell(a), self._cell(b)),
                         Tile(self._board.numbers[a], self._board.numbers[b]))

    def _index(self, pair) -> int:
        (r, c), (r2, c2) = _canon_pair(pair)
        for rr, cc in ((r, c), (r2, c2)):
            if not (0 <= rr < self.rows and 0 <= cc < self.cols):
                raise InvalidPosition(f"cell ({rr},{cc}) is outside the {self.rows}x{self.cols} grid")
        key = (r * self.cols + c, r2 * self.cols + c2)
        p = self._board.index.get(key)
        if p is None:
            raise InvalidPosition(f"cells ({r},{c}) and ({r2},{c2}) are not side by side")
        return p

    def _solution_from_mask(self, mask: int) -> Solution:
        return Solution(self, (self._placement(p) for p in S.bits(mask)))

    @cached_property
    def _closure(self):
        """(state after all deductions, highest level used, recorded steps)
        or None if the deductions find a contradiction."""
        b = self._board
        st = b.initial()
        try:
            used = S.deduce(b, st, S.EXTREME)
        except S.Contradiction:
            return None
        return st, used

    # -- solving ----------------------------------------------------------
    def solutions(self, limit: int | None = None) -> Iterator[Solution]:
        """Every solution (each verified), in a fixed order.

        >>> len(list(Dominosa([[0, 0, 1], [1, 0, 1]]).solutions()))
        2
        """
        # Plain exact-cover search (singles + branching on the tightest cell
        # or tile) is faster than the full human deductions for solving;
        # the deductions are for grading, hints and explanations.
        b = self._board
        st = b.initial()
        if self.n >= DEDUCE_BEFORE_SEARCH:
            # Big grids: plain search has a heavy tail (13 s for some double-22
            # grids with several solutions); the deductions remove only
            # placements that are in no solution, so start from their closure
            # (shared with grade(); that grid then takes 2 s).
            cl = self._closure
            if cl is None:
                return
            st = cl[0]
        for mask in S.search(b, st, limit=limit):
            yield self._solution_from_mask(mask)

    def solve(self) -> Solution:
        """A solution (the only one when the grid is unique), verified;
        raises :class:`Unsolvable` when there is none."""
        for sol in self.solutions(limit=1):
            return sol
        raise Unsolvable(f"the grid {self.to_tatham()} has no solution: no way to place every "
                         f"tile of the double-{self.n} set once")

    def count_solutions(self, limit: int | None = 2) -> int:
        """Number of solutions, counting at most ``limit`` (None: all).

        >>> Dominosa.parse("1:001101").count_solutions(limit=None)
        2
        """
        return sum(1 for _ in self.solutions(limit=limit))

    def is_unique(self) -> bool:
        return self.count_solutions(2) == 1

    def grade(self) -> Grade:
        """The weakest deduction level that finishes the grid (Tatham's
        trivial/basic/hard/extreme), else ``search`` (unique) or
        ``ambiguous``; raises :class:`Unsolvable` if there is no solution.

        >>> str(Dominosa.parse("1:001101").grade())
        'ambiguous'
        """
        cl = self._closure
        if cl is None:
            raise Unsolvable(f"the grid {self.to_tatham()} has no solution")
        st, used = cl
        if self._board.solved(st):
            return _LEVEL_GRADE[max(used, S.TRIVIAL)]
        k = sum(1 for _ in S.search(self._board, st, limit=2))
        if k == 0:
            raise Unsolvable(f"the grid {self.to_tatham()} has no solution")
        return Grade.SEARCH if k == 1 else Grade.AMBIGUOUS

    def deduce(self, level="extreme", partial=None):
        """Apply deductions up to ``level`` from ``partial``; returns
        ``(partial of the forced placements, set of pairs still open)``."""
        lvl = {"trivial": 0, "basic": 1, "hard": 2, "extreme": 3}[str(Grade.parse(level))]
        b = self._board
        st = self._state(Partial.of(partial))
        S.deduce(b, st, lvl)
        placed = [self._pair(p) for p in S.bits(st.committed)]
        open_ = {self._pair(p) for p in S.bits(st.alive & ~st.committed)}
        return Partial(placed, ()), open_

    # -- hints and explanations ------------------------------------------
    def _state(self, partial: Partial) -> S.State:
        b = self._board
        st = b.initial()
        # a pair both placed and crossed out counts as placed (place/exclude
        # keep them apart, but a Partial can be built with both)
        for pair in sorted(partial.excluded - partial.placed):
            st.alive &= ~(1 << self._index(pair))
        for pair in sorted(partial.placed):
            p = self._index(pair)
            if st.alive >> p & 1:
                b.commit(st, p)
        return st

    @cached_property
    def _first_two(self) -> tuple:
        return tuple(self.solutions(limit=2))

    def _unique_solution(self) -> Solution | None:
        sols = self._first_two
        return sols[0] if len(sols) == 1 else None

    def _mistakes(self, partial: Partial) -> Hint | None:
        b = self._board
        placed = sorted(partial.placed)
        idx = [self._index(pair) for pair in placed]
        for pair in sorted(partial.excluded):
            self._index(pair)
        # two placed tiles on one cell, or one tile placed twice
        owner, tiles = {}, {}
        for pair, p in zip(placed, idx):
            for c in pair:
                if c in owner:
                    return Hint("mistake", "mistake",
                                f"Cell {_cell_str(c)} is covered by two tiles.", cells=pair + owner[c],
                                placement=self._placement(p))
                owner[c] = pair
            t = b.ptile[p]
            if t in tiles:
                return Hint("mistake", "mistake",
                            f"Tile {self._placement(p).tile} is placed twice.",
                            cells=pair + tiles[t], placement=self._placement(p))
            tiles[t] = pair
        sol = self._unique_solution()
        if sol is not None:
            for pair in placed:
                if pair not in {pl.cells for pl in sol}:
                    pl = self._placement(self._index(pair))
                    return Hint("mistake", "mistake",
                                f"Tile {pl.tile} does not belong at {_pair_str(pair)}: "
                                "the solution pairs these cells differently.",
                                cells=pair, placement=pl)
            sol_pairs = {pl.cells for pl in sol}
            for pair in sorted(partial.excluded - partial.placed):
                if pair in sol_pairs:
                    return Hint("mistake", "mistake",
                                f"{_pair_str(pair)} was crossed out, but the solution puts a tile "
                                "there.", cells=pair, exclusions=(pair,))
            return None
        st = self._state(partial)
        if next(S.search(b, st, limit=1), None) is None:
            return Hint("mistake", "mistake",
                        "These placements and crossings-out cannot be completed to a solution.",
                        cells=[c for pair in placed for c in pair])
        return None

    def hint(self, partial=None) -> Hint:
        """The next step from ``partial`` (a :class:`Partial`, or placements):
        the weakest deduction that tells something new, a mistake in the
        partial solution, or (when no deduction applies) the placement search
        proves. Deductions are tried in order of strength, like the grader.

        >>> p = Dominosa.parse("2dt:202012100211")
        >>> h = p.hint()
        >>> h.kind, h.rule, h.placement.cells, h.cells
        ('place', 'only-place', ((0, 3), (1, 3)), ((0, 3), (1, 3)))
        >>> p.hint([h.placement]).placement.cells
        ((1, 0), (2, 0))
        """
        partial = Partial.of(partial)
        if not self._first_two:
            raise Unsolvable(f"the grid {self.to_tatham()} has no solution, so there is no hint")
        bad = self._mistakes(partial)
        if bad is not None:
            return bad
        b = self._board
        st = self._state(partial)
        if len(partial.placed) == b.tiles:
            return Hint("solved", "solved", "Every tile is placed: the grid is solved.")
        try:
            for lvl, rule in S.RULES:
                for d in rule(b, st):
                    trial = st.copy()
                    if S.apply(b, trial, d):
                        return self._hint_of(d, st)
        except S.Contradiction:
            return Hint("mistake", "mistake",
                        "Some cell or tile has no place left: an earlier step was wrong.")
        return self._search_hint(st)

    def _search_hint(self, st: S.State) -> Hint:
        """No deduction applies: let search settle the tightest cell."""
        b = self._board
        completions = list(S.search(b, st, limit=2))
        if not completions:
            raise Unsolvable("this position cannot be completed")
        chosen = set(S.bits(completions[0]))
        best, bestc = None, 99
        for i, m in enumerate(b.cell_mask):
            c = (st.alive & m).bit_count()
            if 1 < c < bestc:
                best, bestc = i, c
        if best is None:  # only commits left; any open placement is forced
            p = next(x for x in S.bits(st.alive & ~st.committed))
        else:
            p = next(x for x in S.bits(st.alive & b.cell_mask[best]) if x in chosen)
        pl = self._placement(p)
        where = _cell_str(self._cell(best)) if best is not None else _cell_str(pl.cells[0])
        if len(completions) == 1:
            text = (f"No deduction applies: trying each of the {bestc} options for cell "
                    f"{where} shows only {pl} leads to a solution.")
        else:
            text = (f"No deduction applies and the grid has more than one solution from here; "
                    f"one of them puts {pl}.")
        return Hint("place", "search", text, cells=pl.cells, placement=pl)

    def _hint_of(self, d: S.Deduction, st: S.State) -> Hint:
        """Turn an engine deduction into a Hint with one sentence."""
        b = self._board
        info = d.info
        rule = d.rule
        if d.place >= 0:
            pl = self._placement(d.place)
            if rule == "only-place":
                text = f"Tile {pl.tile} can only go at {_pair_str(pl.cells)}."
            else:
                c = self._cell(info["cell"])
                o = pl.cells[1] if pl.cells[0] == c else pl.cells[0]
                text = (f"Cell {_cell_str(c)} can only pair with {_cell_str(o)}, "
                        f"so tile {pl.tile} goes there.")
            return Hint("place", rule, text, cells=pl.cells, placement=pl)
        removed = [self._pair(p) for p in S.bits(d.remove & st.alive)]
        def tile(t):
            return str(Tile(*b.tile_pair[t]))

        where = ", ".join(_pair_str(x) for x in removed[:3]) + (
            f" and {len(removed) - 3} more" if len(removed) > 3 else "")
        cells: list = []
        if rule == "cell-one-tile":
            c = self._cell(info["cell"])
            cells = [c]
            text = (f"Every option left for cell {_cell_str(c)} makes tile {tile(info['tile'])}, "
                    f"so {tile(info['tile'])} cannot go elsewhere: rule out {where}.")
        elif rule == "tile-overlap":
            places = [self._pair(p) for p in S.bits(info["places"])]
            cells = [c for x in places for c in x]
            text = (f"Every place left for tile {tile(info['tile'])} overlaps {where}, "
                    f"so that pair cannot be a tile.")
        elif rule == "local-duplicate":
            c = self._cell(info["cell"])
            cells = [c] + [c2 for x in removed for c2 in x]
            text = (f"A {tile(info['tile'])} at {where} would leave cell {_cell_str(c)} "
                    f"nothing but a second {tile(info['tile'])}, so it is ruled out.")
        elif rule == "local-duplicate-2":
            c1, c2 = (self._cell(x) for x in info["cells"])
            cells = [c1, c2] + [c for x in removed for c in x]
            text = (f"A tile at {where} would force cells {_cell_str(c1)} and {_cell_str(c2)} "
                    f"both to be {tile(info['tile'])}, so it is ruled out.")
        elif rule == "parity":
            s0, s1 = info["sizes"]
            cells = [c for x in removed for c in x]
            text = (f"A tile at {where} would cut the open cells into areas of {s0 - 1} and "
                    f"{s1 - 1} cells, and an odd area cannot be filled, so it is ruled out.")
        elif rule in ("set", "set-doubles"):
            v = info["number"]
            cs = [self._cell(i) for i in info["cells"]]
            cells = cs
            tiles = ", ".join(str(Tile(v, x)) for x in info["others"])
            k = len(cs)
            if rule == "set":
                text = (f"The {k} cells showing {v} at {', '.join(map(_cell_str, cs))} can only be "
                        f"the {k} tiles {tiles}, so those tiles are ruled out elsewhere: {where}.")
            elif len(info["others"]) < k:
                text = (f"The {k} cells showing {v} at {', '.join(map(_cell_str, cs))} can only be "
                        f"the {k - 1} tiles {tiles}, so the double {v}:{v} must cover two of them "
                        f"and the others are theirs too: rule out {where}.")
            else:
                text = (f"The {k} cells showing {v} at {', '.join(map(_cell_str, cs))} can only be "
                        f"the {k} tiles {tiles}, and if the double {v}:{v} were elsewhere they "
                        f"would have one tile too few, so rule out {where}.")
        elif rule in ("chain-duplicate", "chain-starves", "chain-both"):
            chain = [self._pair(p) for p in info["chain"]]
            cells = [c for x in chain for c in x]
            if rule == "chain-duplicate":
                text = (f"Cells with only two options form a forcing chain; one way round it would "
                        f"use tile {tile(info['tile'])} twice, so rule out {where}.")
            elif rule == "chain-starves":
                c = self._cell(info["cell"])
                cells.append(c)
                text = (f"One way round a forcing chain would use up every tile cell "
                        f"{_cell_str(c)} could be, so rule out {where}.")
            else:
                text = (f"Tile {tile(info['tile'])} lies on both ways round a forcing chain, so it "
                        f"must be in one of those two places: rule out {where}.")
        else:  # pragma: no cover - every engine rule is listed above
            text = f"Rule {rule}: rule out {where}."
        return Hint("exclude", rule, text, cells=cells, exclusions=removed)

    def steps(self, partial=None, level="extreme") -> list[Hint]:
        """Every step from ``partial`` to the end, each a :class:`Hint`, in the
        order the deductions find them (the search fallback where none applies)."""
        partial = Partial.of(partial)
        lvl = {"trivial": 0, "basic": 1, "hard": 2, "extreme": 3}[str(Grade.parse(level))]
        if not self._first_two:
            raise Unsolvable(f"the grid {self.to_tatham()} has no solution")
        bad = self._mistakes(partial)
        if bad is not None:
            return [bad]
        b = self._board
        st = self._state(partial)
        out = []
        while not (st.alive.bit_count() == b.tiles and st.committed.bit_count() == b.tiles):
            progress = False
            for rlvl, rule in S.RULES:
                if rlvl > lvl:
                    break
                for d in rule(b, st):
                    before = st.copy()
                    if S.apply(b, st, d):
                        out.append(self._hint_of(d, before))
                        progress = True
                if progress:
                    break
            if not progress:
                h = self._search_hint(st)
                out.append(h)
                b.commit(st, self._index(h.placement.cells))
        return out

    def explain(self, partial=None) -> str:
        """The whole solution as numbered one-sentence steps.

        >>> print(Dominosa.parse("2dt:202012100211").explain().splitlines()[0])
        1. Tile 0:0 can only go at (0,3)-(1,3).
        """
        return "\n".join(f"{k}. {h.text}" for k, h in enumerate(self.steps(partial), start=1))


def generate(n: int, difficulty="hard", seed: int = 1) -> Dominosa:
    """A new double-``n`` puzzle with exactly one solution at exactly the grade
    ``difficulty`` (trivial, basic, hard, extreme, or ``search``: unique but
    beyond every deduction level; ``ambiguous`` gives a random layout with no
    check, like the reference's), the same for the same seed. Raises
    :class:`NoSuchPuzzle` when no such puzzle exists (Hard, Extreme and
    search need n >= 3, Basic n >= 2).

    >>> p = generate(5, "basic", seed=1)
    >>> str(p.grade()), p.count_solutions(), p == generate(5, "basic", seed=1)
    ('basic', 1, True)
    """
    from .dominosa_gen import generate_grid

    g = Grade.parse(difficulty)
    rows = generate_grid(n, g.value, seed)
    p = Dominosa(rows)
    p.fields["grade"] = g.value
    p.fields["source"] = f"dominolab generate({n}, {g.value!r}, seed={seed})"
    return p
