"""Boards for the domino-placing games: Cram and Domineering positions as values.

Both games are played on a grid of cells. A move covers two free neighbouring cells with
a domino; whoever cannot move loses (normal play). In **Domineering** Left places only
vertical dominoes and Right only horizontal ones; in **Cram** either player may place
either way (an impartial game). A position is the set of free cells; what is already
covered is kept only for the pictures.

>>> b = Board.rectangle(2, 3, "domineering")
>>> len(b.moves("L")), len(b.moves("R"))
(3, 4)
>>> b.play(((0, 0), (1, 0)), "L").free_count
4
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...errors import IllegalMove, InvalidPosition, OverLimit

__all__ = ["MAX_CELLS", "MAX_GAME_NODES", "MAX_VALUE_REGIONS", "RULES", "Board", "Budget", "Cell", "Domino",
           "as_domino"]

Cell = tuple[int, int]
Domino = tuple[Cell, Cell]

#: the games and which orientations each player may place ("v" vertical, "h" horizontal)
RULES = {"domineering": {"L": "v", "R": "h"}, "cram": {"L": "vh", "R": "vh"}}
#: the largest board (cells) these engines accept
MAX_CELLS = 36
#: the positions one search may examine before it refuses (an OverLimit): who wins
#: Domineering on 5×5 takes about 200,000 (seconds), Cram on 4×6 about 300,000
MAX_GAME_NODES = 2_000_000
#: the regions one computation of Domineering values may value before it refuses: values
#: are costlier than a win or a loss (4×4 takes about 1,300 regions, 4×5 about 8,500)
MAX_VALUE_REGIONS = 20_000

_CELL = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?")


class Budget:
    """A count of positions examined that raises :class:`~dominolab.errors.OverLimit`
    past ``limit``, naming ``what`` was searched."""

    __slots__ = ("limit", "what", "used", "default")

    def __init__(self, limit: int, what: str, default: str = "MAX_GAME_NODES"):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise InvalidPosition(f"max_nodes must be a whole number of 1 or more, not "
                                  f"{limit!r}")
        self.limit, self.what, self.used, self.default = limit, what, 0, default

    def step(self) -> None:
        self.used += 1
        if self.used > self.limit:
            unit = "regions" if self.default == "MAX_VALUE_REGIONS" else "positions"
            raise OverLimit(f"{self.what} needs more than {self.limit:,} {unit} "
                            f"(max_nodes; dominolab.games.combinatorial.boards.{self.default} "
                            "by default)")


def as_domino(x: Any) -> Domino:
    """A domino's two cells, in order, from ``((0, 0), (1, 0))``, a list, or text such as
    ``"(0,0)-(1,0)"``; anything else raises :class:`~dominolab.errors.IllegalMove` saying
    what it got.

    >>> as_domino("(1, 0) (0, 0)")
    ((0, 0), (1, 0))
    """
    if isinstance(x, str):
        if len(x) > 200:
            raise IllegalMove("a domino is two cells such as (0,0)-(1,0), not a text of "
                              f"{len(x)} characters")
        cells = [(int(r), int(c)) for r, c in _CELL.findall(x)]
        if len(cells) != 2:
            raise IllegalMove(f"{x!r} does not name two cells; write a domino as "
                              "(0,0)-(1,0)")
    elif isinstance(x, (tuple, list)) and len(x) == 2:
        cells = []
        for c in x:
            if not (isinstance(c, (tuple, list)) and len(c) == 2 and
                    all(isinstance(v, int) and not isinstance(v, bool) for v in c)):
                raise IllegalMove(f"{c!r} is not a cell (row, col) of whole numbers")
            cells.append((int(c[0]), int(c[1])))
    else:
        raise IllegalMove(f"{x!r} is not a domino: give two cells, such as ((0, 0), (1, 0))")
    a, b = sorted(cells)
    return (a, b)


def _cells(cells: Iterable[Any]) -> frozenset[Cell]:
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise InvalidPosition(f"the free cells are a set of (row, col) pairs, not {cells!r}")
    out = set()
    for x in cells:
        if (not isinstance(x, tuple) or len(x) != 2 or
                not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in x)):
            raise InvalidPosition(f"{x!r} is not a cell (row, col) of whole numbers ≥ 0")
        out.add(x)
    return frozenset(out)


@dataclass(frozen=True)
class Board:
    """A position of Cram or Domineering: the ``free`` cells inside a ``rows × cols`` box,
    the dominoes ``placed`` so far (with who placed each: ``"L"``, ``"R"``), and ``rule``."""

    rows: int
    cols: int
    free: frozenset[Cell]
    rule: str = "domineering"
    placed: tuple[tuple[Domino, str], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise InvalidPosition(f"the rule must be one of {', '.join(RULES)}, not "
                                  f"{self.rule!r}")
        for name in ("rows", "cols"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise InvalidPosition(f"{name} must be a whole number of 1 or more, not {v!r}")
        if self.rows * self.cols > MAX_CELLS:
            raise OverLimit(f"a {self.rows}×{self.cols} board has more than "
                                  f"{MAX_CELLS} cells, beyond these exact searches")
        object.__setattr__(self, "free", _cells(self.free))
        outside = [c for c in self.free if c[0] >= self.rows or c[1] >= self.cols]
        if outside:
            raise InvalidPosition(f"cell {min(outside)} is outside the {self.rows}×{self.cols} "
                                  "board")

    # -- constructors
    @classmethod
    def rectangle(cls, rows: int, cols: int, rule: str = "domineering") -> Board:
        """The empty ``rows × cols`` board.

        >>> Board.rectangle(3, 3, "cram").free_count
        9
        """
        if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1 or \
                isinstance(cols, bool) or not isinstance(cols, int) or cols < 1:
            raise InvalidPosition(f"a board is rows × cols with whole numbers ≥ 1, not "
                                  f"{rows!r} × {cols!r}")
        return cls(rows, cols, frozenset((r, c) for r in range(rows) for c in range(cols)),
                   rule)

    @classmethod
    def parse(cls, text: str, rule: str = "domineering") -> Board:
        """A board from text art: ``.`` a free cell, ``#`` a covered one (or outside).

        >>> b = Board.parse('''
        ... ..
        ... .#
        ... ''')
        >>> sorted(b.free)
        [(0, 0), (0, 1), (1, 0)]
        """
        if not isinstance(text, str):
            raise InvalidPosition(f"Board.parse reads text art, not {text!r}")
        if len(text) > 4 * MAX_CELLS + 200:
            raise OverLimit(f"the board text has {len(text):,} characters; a board has at "
                            f"most {MAX_CELLS} cells")
        lines = [ln.strip() for ln in text.strip("\n").splitlines()]
        lines = [ln for ln in lines if ln]
        if not lines:
            raise InvalidPosition("the board text is empty")
        free = set()
        for r, ln in enumerate(lines):
            for c, ch in enumerate(ln):
                if ch == ".":
                    free.add((r, c))
                elif ch != "#":
                    raise InvalidPosition(f"line {r + 1}, column {c + 1}: {ch!r} is not '.' "
                                          "(free) or '#' (covered)")
        return cls(len(lines), max(map(len, lines)), frozenset(free), rule)

    # -- reading
    @property
    def free_count(self) -> int:
        return len(self.free)

    def orientations(self, player: str) -> str:
        if player not in ("L", "R"):
            raise InvalidPosition(f"the players are 'L' (Left) and 'R' (Right), not {player!r}")
        return RULES[self.rule][player]

    def moves(self, player: str) -> list[Domino]:
        """The dominoes ``player`` may place now (Left, ``"L"``, or Right, ``"R"``)."""
        ways = self.orientations(player)
        out = []
        for r, c in sorted(self.free):
            if "v" in ways and (r + 1, c) in self.free:
                out.append(((r, c), (r + 1, c)))
            if "h" in ways and (r, c + 1) in self.free:
                out.append(((r, c), (r, c + 1)))
        return out

    def play(self, domino: Any, player: str) -> Board:
        """The board after ``player`` places ``domino`` (two cells); an illegal move raises
        :class:`~dominolab.errors.IllegalMove` saying why."""
        if player not in ("L", "R"):
            raise IllegalMove(f"the players are 'L' (Left) and 'R' (Right), not {player!r}")
        a, b = as_domino(domino)
        for x in (a, b):
            if not (x[0] < self.rows and x[1] < self.cols):
                raise IllegalMove(f"cell {x} is outside the {self.rows}×{self.cols} board")
            if x not in self.free:
                raise IllegalMove(f"cell {x} is not free")
        vertical = b == (a[0] + 1, a[1])
        if not vertical and b != (a[0], a[1] + 1):
            raise IllegalMove(f"{a} and {b} are not neighbours")
        if ("v" if vertical else "h") not in self.orientations(player):
            who = "Left" if player == "L" else "Right"
            way = "vertical" if vertical else "horizontal"
            raise IllegalMove(f"in {self.rule} {who} may not place a {way} domino")
        return Board(self.rows, self.cols, self.free - {a, b}, self.rule,
                     self.placed + (((a, b), player),))

    def components(self) -> list[Board]:
        """The board split into its separate regions of free cells (a sum of games)."""
        left = set(self.free)
        out = []
        while left:
            start = min(left)
            comp = {start}
            todo = [start]
            while todo:
                r, c = todo.pop()
                for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if nb in left and nb not in comp:
                        comp.add(nb)
                        todo.append(nb)
            left -= comp
            out.append(Board(self.rows, self.cols, frozenset(comp), self.rule))
        return out

    def shape(self) -> frozenset[Cell]:
        """The free cells moved to the top-left corner (the key of a region's value)."""
        if not self.free:
            return frozenset()
        r0 = min(r for r, _ in self.free)
        c0 = min(c for _, c in self.free)
        return frozenset((r - r0, c - c0) for r, c in self.free)

    def text(self) -> str:
        return "\n".join("".join("." if (r, c) in self.free else "#" for c in range(self.cols))
                         for r in range(self.rows))

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self.free))

    def __repr__(self) -> str:
        return f"Board.parse({self.text()!r}, {self.rule!r})"

    def _repr_svg_(self) -> str:
        from ...render.game_boards import board_svg  # noqa: PLC0415 - a value imports its renderer when drawn
        return board_svg(self)
