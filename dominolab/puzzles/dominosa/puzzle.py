"""The :class:`Dominosa` grid (parse, print, solve, count, grade, hint,
explain) and its :class:`Solution`.

The work is done by the engine (:mod:`.board`, :mod:`.rules`, :mod:`.sets`,
:mod:`.search`), the grader (:mod:`.grade`), the hints (:mod:`.hints`) and
the text formats (:mod:`.formats`, :mod:`.tatham`); a Dominosa caches what
they find.

>>> p = Dominosa.parse("2dt:202012100211")
>>> print(p.solve())
><vv
vv^^
^^><
"""

from __future__ import annotations

import operator
import os
import re
from collections.abc import Iterable, Iterator
from itertools import chain
from functools import cached_property
from typing import SupportsIndex, cast

from ..._textfile import read_text_file
from ...errors import InvalidPosition, ParseError, Unsolvable
from ...i18n import ngettext, tr
from ...tiles import Tile
from .formats import (PuzzleFile, check_grid, format_grid, format_solution, parse_grid,
                      parse_puzzle_file, parse_solution)
from .tatham import TATHAM_LEVELS, format_tatham, parse_tatham, tatham_save_id
from .board import Board, State, bits
from .grade import Grade, closure, deduction_level, grade_of
from .hints import Hint, hint, state_of, steps
from .rules import deduce
from .search import search
from .values import (Cell, CellPair, Partial, PairLike, Placement, as_cell, index_of, pair_of,
                     placements_of)

__all__ = ["DEDUCE_BEFORE_SEARCH", "Dominosa", "Solution"]

# A game ID of a grid up to double-9 (one digit per number): read directly,
# without the general reader (which runs a regular expression per number and
# checks the grid twice: a quarter of a small grid's solve). Any other text
# takes the general path, which reads the same grid or names the fault.
_SMALL_ID = re.compile(r"([0-9])(?:d([tbhea])|(a))?:([0-9]+)")


def _small_rows(n: int, desc: str) -> tuple[tuple[int, ...], ...] | None:
    """The rows of a double-``n`` grid (n <= 9) written as ``desc``, one digit
    per cell, when it is a valid grid (each of 0..n exactly n+2 times); None
    otherwise (the general reader then says what is wrong)."""
    w = n + 2
    if len(desc) != (n + 1) * w:
        return None
    for v in range(n + 1):
        if desc.count(chr(48 + v)) != w:
            return None
    vals = [b - 48 for b in desc.encode("ascii")]
    return tuple(tuple(vals[r * w:(r + 1) * w]) for r in range(n + 1))


#: From this n on, solutions() searches from the closure of the deductions
#: (below it plain search is faster: a solve is under a millisecond at n = 6).
DEDUCE_BEFORE_SEARCH = 19


def _whole(x: object) -> object:
    """``x`` as a plain int when it is an integer of another type (numpy's,
    say); anything else unchanged, for check_grid to report."""
    if isinstance(x, int) or not isinstance(x, SupportsIndex):
        return x
    try:
        return operator.index(x)
    except TypeError:
        return x


class Solution(tuple[Placement, ...]):
    """A complete solution: a tuple of :class:`Placement` in reading order,
    checked on construction (every cell once, every tile once, numbers match).

    >>> p = Dominosa.parse("0:00")
    >>> s = p.solve()
    >>> len(s), s.tile_at((0, 1))
    (1, Tile(0, 0))
    >>> print(s)
    ><
    """

    puzzle: Dominosa

    def __new__(cls, puzzle: Dominosa, placements: Iterable[Placement]) -> Solution:
        pls = tuple(placements)
        try:
            pls = tuple(sorted(pls))
        except TypeError:
            pass  # not all Placements: _verify says which
        self = tuple.__new__(cls, pls)
        self.puzzle = puzzle
        _verify(puzzle, pls)
        return self

    @classmethod
    def _found(cls, puzzle: Dominosa, placements: list[Placement]) -> Solution:
        """A solution the engine found, its placements already in reading
        order: checked by :func:`_covers` (the same facts as :func:`_verify`,
        in bulk); if that fails, :func:`_verify` names the fault."""
        self = tuple.__new__(cls, placements)
        self.puzzle = puzzle
        if not _covers(puzzle, placements):
            _verify(puzzle, placements)
            raise Unsolvable(f"the engine's solution of {puzzle.to_tatham()} is not one")
        return self

    @cached_property
    def _at(self) -> dict[Cell, Placement]:
        return {c: pl for pl in self for c in pl.cells}

    def placement_at(self, cell: Cell) -> Placement:
        """The placement covering ``cell``."""
        try:
            return self._at[as_cell(cell)]
        except KeyError:
            raise InvalidPosition(f"{cell!r} is not a cell of the {self.puzzle.rows}x"
                                  f"{self.puzzle.cols} grid") from None

    def tile_at(self, cell: Cell) -> Tile:
        """The tile covering ``cell``."""
        return self.placement_at(cell).tile

    def __str__(self) -> str:
        return format_solution([pl.cells for pl in self], self.puzzle.rows,
                                       self.puzzle.cols)

    def __repr__(self) -> str:
        return f"<Solution of {self.puzzle.to_tatham()}:\n{self}>"

    def __reduce__(self) -> tuple[type[Solution], tuple[Dominosa, tuple[Placement, ...]]]:
        return (Solution, (self.puzzle, tuple(self)))

    def _repr_svg_(self) -> str:
        # the renderer imports this module: import it only when drawing
        from ...render.dominosa import grid_svg  # noqa: PLC0415

        return grid_svg(self.puzzle, solution=self)


def _covers(puzzle: Dominosa, placements: list[Placement]) -> bool:
    """Whether ``placements`` (Placement values, so two adjacent cells each)
    cover every cell of the grid once and use every tile once, each tile
    matching the numbers under it: :func:`_verify`'s check without its
    messages, at a fraction of its cost (no Tile built per placement)."""
    grid = puzzle.grid
    rows, cols = puzzle.rows, puzzle.cols
    if 2 * len(placements) != rows * cols:
        return False
    seen = set()
    for pl in placements:
        (r, c), (r2, c2) = pl.cells
        if not (0 <= r < rows and 0 <= c < cols and 0 <= r2 < rows and 0 <= c2 < cols):
            return False
        a, b = grid[r][c], grid[r2][c2]
        t = pl.tile
        if (a, b) != (t.low, t.high) and (b, a) != (t.low, t.high):
            return False
        seen.add(pl.cells[0])
        seen.add(pl.cells[1])
    return len(seen) == rows * cols and len({pl.tile for pl in placements}) == len(placements)


def _verify(puzzle: Dominosa, placements: Iterable[Placement]) -> None:
    """Independent check of a full solution (not using the solver's tables)."""
    seen_cells: set[Cell] = set()
    seen_tiles: set[Tile] = set()
    for pl in placements:
        if not isinstance(pl, Placement):
            raise InvalidPosition(f"a solution is a list of Placements, got {pl!r}")
        (r, c), (r2, c2) = pl.cells
        for rr, cc in pl.cells:
            if not (0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols):
                raise Unsolvable(tr("{placement} lies outside the grid").format(placement=pl))
        if abs(r - r2) + abs(c - c2) != 1:
            raise Unsolvable(tr("{placement}: cells not adjacent").format(placement=pl))
        if Tile(puzzle.grid[r][c], puzzle.grid[r2][c2]) != pl.tile:
            raise Unsolvable(tr("{placement}: the grid shows {a} and {b}").format(
                placement=pl, a=puzzle.grid[r][c], b=puzzle.grid[r2][c2]))
        if pl.cells[0] in seen_cells or pl.cells[1] in seen_cells:
            raise Unsolvable(tr("{placement}: a cell is covered twice").format(placement=pl))
        if pl.tile in seen_tiles:
            raise Unsolvable(tr("{placement}: tile {tile} is used twice").format(placement=pl,
                                                                              tile=pl.tile))
        seen_cells.update(pl.cells)
        seen_tiles.add(pl.tile)
    if len(seen_cells) != puzzle.rows * puzzle.cols:
        left = puzzle.rows * puzzle.cols - len(seen_cells)
        raise Unsolvable(ngettext("{n} cell is not covered", "{n} cells are not covered",
                                  left).format(n=left))


class Dominosa:
    """A Dominosa grid. Immutable; the solver's work is cached on it.

    ``grid`` is a tuple of row tuples; ``n`` the largest number; ``rows`` =
    n+1 and ``cols`` = n+2. Build one with :meth:`parse` (our text, a puzzle
    file, or a Tatham game ID) or from rows of ints. ``fields`` holds a
    puzzle file's header (``grade``, ``source``, ...).

    >>> Dominosa([[0, 0]]).to_tatham()
    '0:00'
    >>> Dominosa([[0, 0, 1], [1, 0, 1]]).count_solutions()
    2
    """

    n: int
    grid: tuple[tuple[int, ...], ...]
    rows: int
    cols: int
    fields: dict[str, str]

    def __init__(self, grid: str | Iterable[Iterable[int]]):
        if isinstance(grid, str):  # text: the same as Dominosa.parse
            grid = Dominosa.parse(grid).grid
        try:
            rows: tuple[tuple[object, ...], ...] = tuple(map(tuple, grid))
        except TypeError:
            raise ParseError(f"a Dominosa grid is rows of numbers, got {grid!r}") from None
        if any(set(map(type, r)) - {int} for r in rows):
            rows = tuple(tuple(map(_whole, r)) for r in rows)
        self._set(check_grid(rows), cast("tuple[tuple[int, ...], ...]", rows))

    def _set(self, n: int, grid: tuple[tuple[int, ...], ...]) -> None:
        """Fill in a checked grid (``check_grid`` found only ints)."""
        self.n = n
        self.grid = grid
        self.rows = n + 1
        self.cols = n + 2
        self.fields = {}

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
        m = _SMALL_ID.fullmatch(s)
        if m:
            n = int(m.group(1))
            small = _small_rows(n, m.group(4))
            if small is not None:
                if cls is Dominosa:  # checked already: skip __init__'s checks
                    p = cls.__new__(cls)
                    p._set(n, small)
                else:  # a subclass may add to __init__
                    p = cls(small)
                level = m.group(2) or m.group(3)
                if level:
                    p.fields["grade"] = TATHAM_LEVELS[level]
                return p
        if s.startswith("SAVEFILE:"):  # a save file of Tatham's program
            s = tatham_save_id(s)
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
            _, level, rows = parse_tatham(lines[0])
            p = cls(rows)
            if level:
                p.fields["grade"] = TATHAM_LEVELS[level]
            return p
        if is_file:
            pf = parse_puzzle_file(s)
            p = cls(pf.rows)
            p.fields = {k: str(v) for k, v in pf.fields.items()}
            if pf.solution is not None:
                p.fields["solution"] = pf.solution
            p._check_header()
            return p
        return cls(parse_grid(s))

    def _check_header(self) -> None:
        """A puzzle file's header against its grid: ``n``, ``tatham``, ``solution`` and
        ``grade`` must say what the grid is (nothing written in a file goes unread)."""
        f = self.fields
        if "n" in f and int(f["n"]) != self.n:
            raise ParseError(f"puzzle file: 'n: {f['n']}' but the grid is a double-{self.n} "
                             f"grid ({self.rows} rows of {self.cols})")
        if "tatham" in f:
            n, level, rows = parse_tatham(f["tatham"])
            if rows != self.grid:
                raise ParseError(f"puzzle file: 'tatham: {f['tatham'][:40]}…' is not this grid "
                                 f"(its grid is {format_tatham(rows)[:40]}…)")
            if level and "grade" in f and level != "a" and Grade.parse(level) != f["grade"]:
                raise ParseError(f"puzzle file: 'tatham: …d{level}' and 'grade: {f['grade']}' "
                                 "disagree")
        if "solution" in f:
            try:
                sol = Solution(self, (Placement(pair, (self.grid[pair[0][0]][pair[0][1]],
                                                       self.grid[pair[1][0]][pair[1][1]]))
                                      for pair in parse_solution(f["solution"], self.rows,
                                                                 self.cols)))
            except (Unsolvable, InvalidPosition) as e:
                raise ParseError(f"puzzle file: the solution is not a solution of the grid: "
                                 f"{e}") from None
            if f.get("grade") not in (None, "ambiguous") and self._unique_pairs() is None:
                raise ParseError(f"puzzle file: 'grade: {f['grade']}' but the grid has more "
                                 "than one solution")
            del sol
        if "grade" in f and str(self.grade()) != f["grade"]:
            raise ParseError(f"puzzle file: 'grade: {f['grade']}' but the grid grades "
                             f"{self.grade()}")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Dominosa:
        """Read a puzzle file or a file holding a game ID."""
        return cls.parse(read_text_file(path, "puzzle file"))

    def __str__(self) -> str:
        return format_grid(self.grid)

    def __repr__(self) -> str:
        return f"Dominosa.parse({self.to_tatham()!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dominosa):
            return self.grid == other.grid
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.grid)

    def to_tatham(self, difficulty: object = None) -> str:
        """The Tatham game ID; ``difficulty`` (a Grade, name or letter, or
        ``True`` for this grid's own grade) adds ``d<c>``.

        >>> Dominosa.parse("1:001101").to_tatham("basic")
        '1db:001101'
        """
        letter: str | None = None
        if difficulty is True:
            letter = self.grade().tatham or None
        elif difficulty is not None:
            letter = Grade.parse(difficulty).tatham or None
        return format_tatham(self.grid, letter)

    def to_file(self, solution: bool = True, **fields: object) -> str:
        """Our puzzle-file text: header, grid, solution (if unique or asked)."""
        f: dict[str, object] = {"n": self.n}
        f.update(fields)
        f.setdefault("tatham", self.to_tatham(True if solution else None))
        sol = str(self.solve()) if solution else None
        if solution:
            f.setdefault("grade", str(self.grade()))
        return PuzzleFile(self.grid, f, sol).dump() + "\n"

    def number(self, cell: Cell) -> int:
        """The number shown in ``cell``."""
        r, c = as_cell(cell)
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise InvalidPosition(f"cell ({r},{c}) is outside the {self.rows}x{self.cols} grid")
        return self.grid[r][c]

    def _repr_svg_(self) -> str:
        # the renderer imports this module: import it only when drawing
        from ...render.dominosa import grid_svg  # noqa: PLC0415

        return grid_svg(self)

    # -- engine plumbing --------------------------------------------------
    @cached_property
    def _board(self) -> Board:
        # (chain.from_iterable: a generator over the cells cost 14 k of the
        # 194 k instructions of this set-up at n = 6)
        return Board(self.n, tuple(chain.from_iterable(self.grid)))

    def _index(self, pair: PairLike) -> int:
        return index_of(self._board, pair)

    def _pair(self, p: int) -> CellPair:
        return pair_of(self._board, p)

    def _solution_from_mask(self, mask: int) -> Solution:
        return Solution._found(self, placements_of(self._board, mask))

    @cached_property
    def _closure(self) -> tuple[State, int] | None:
        """(state after all deductions, highest level used) or None if the
        deductions find a contradiction."""
        return closure(self._board)

    @cached_property
    def _first_two(self) -> tuple[Solution, ...]:
        return tuple(self.solutions(limit=2))

    def _unique_pairs(self) -> frozenset[CellPair] | None:
        """The cell pairs of the only solution, or None when there are several."""
        sols = self._first_two
        return frozenset(pl.cells for pl in sols[0]) if len(sols) == 1 else None

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
        for mask in search(b, st, limit=limit):
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
        return grade_of(self._board, self._closure, lambda: f"the grid {self.to_tatham()}")

    def deduce(self, level: object = "extreme",
               partial: Partial | Iterable[PairLike] | None = None
               ) -> tuple[Partial, set[CellPair]]:
        """Apply deductions up to ``level`` from ``partial``; returns
        ``(partial of the forced placements, set of pairs still open)``.

        >>> forced, open_ = Dominosa.parse("1:001101").deduce("trivial")
        >>> sorted(forced.placed), len(open_)  # the 1:1 is forced; two ways for the rest
        ([((0, 2), (1, 2))], 4)
        """
        lvl = deduction_level(level)
        b = self._board
        st = state_of(b, Partial.of(partial))
        deduce(b, st, lvl)
        placed = [self._pair(p) for p in bits(st.committed)]
        open_ = {self._pair(p) for p in bits(st.alive & ~st.committed)}
        return Partial(placed, ()), open_

    # -- hints and explanations ------------------------------------------
    def hint(self, partial: Partial | Iterable[PairLike] | None = None) -> Hint:
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
        return hint(self._board, partial, self._unique_pairs())

    def steps(self, partial: Partial | Iterable[PairLike] | None = None,
              level: object = "extreme") -> list[Hint]:
        """Every step from ``partial`` to the end, each a :class:`Hint`, in the
        order the deductions find them (the search fallback where none applies)."""
        partial = Partial.of(partial)
        lvl = deduction_level(level)
        if not self._first_two:
            raise Unsolvable(f"the grid {self.to_tatham()} has no solution")
        return steps(self._board, partial, lvl, self._unique_pairs())

    def explain(self, partial: Partial | Iterable[PairLike] | None = None) -> str:
        """The whole solution as numbered one-sentence steps.

        >>> print(Dominosa.parse("2dt:202012100211").explain().splitlines()[0])
        1. Tile 0:0 can only go at (0,3)-(1,3).
        """
        return "\n".join(f"{k}. {h.text}" for k, h in enumerate(self.steps(partial), start=1))
