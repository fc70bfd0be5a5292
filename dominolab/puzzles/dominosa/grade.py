"""Dominosa difficulty: the :class:`Grade` values, the rule names, the grader.

A grid's grade is the weakest deduction level (Simon Tatham's Trivial, Basic,
Hard, Extreme) whose rules finish it without guessing; ``search`` means it
has one solution but needs guessing beyond Extreme, ``ambiguous`` that it
has several.

>>> from .board import Board
>>> b = Board(2, (2, 0, 2, 0, 1, 2, 1, 0, 0, 2, 1, 1))
>>> str(grade_of(b, closure(b)))
'trivial'
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from ...errors import ParseError, Unsolvable
from .board import BASIC, EXTREME, HARD, SEARCH, TRIVIAL, Board, Contradiction, State
from .rules import deduce
from .search import search

__all__ = ["RULE_NAMES", "Grade", "closure", "deduction_level", "grade_of"]


class Grade(str, enum.Enum):
    """Difficulty: the weakest deduction level that solves a grid.

    The first four are Simon Tatham's levels (letters t, b, h, e in his game
    IDs); ``search`` (unique, but no deduction level finishes it) and
    ``ambiguous`` (more than one solution) go beyond them. A grade equals
    its name (``Grade.HARD == "hard"``, with the same hash) but compares by
    strength.

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
        return "" if self is Grade.SEARCH else self.value[0]

    # str's own comparisons are alphabetical; grades compare by strength
    def __lt__(self, other: object) -> bool:
        if isinstance(other, Grade):
            return self.rank < other.rank
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Grade):
            return self.rank <= other.rank
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Grade):
            return self.rank > other.rank
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Grade):
            return self.rank >= other.rank
        return NotImplemented

    @classmethod
    def parse(cls, text: object) -> Grade:
        """A grade from its name or Tatham letter (any case), or a Grade.

        >>> Grade.parse("Hard") is Grade.parse("h") is Grade.HARD
        True
        """
        if isinstance(text, Grade):
            return text
        t = str(text).strip().lower()
        for g in cls:
            if t == g.value or (len(t) == 1 and t == g.tatham):
                return g
        raise ParseError(f"unknown difficulty {text!r}: expected one of "
                         + ", ".join(g.value for g in cls), str(text))


#: The engine level of each deduction grade, and back.
_LEVEL = {Grade.TRIVIAL: TRIVIAL, Grade.BASIC: BASIC, Grade.HARD: HARD, Grade.EXTREME: EXTREME}
_LEVEL_GRADE = {level: g for g, level in _LEVEL.items()} | {SEARCH: Grade.SEARCH}

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


def deduction_level(level: object) -> int:
    """The engine level of a deduction grade (a Grade, name or letter).

    >>> deduction_level("hard"), deduction_level(Grade.EXTREME)
    (2, 3)
    >>> deduction_level("search")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: 'search' is not a deduction level: expected trivial, basic, hard or extreme
    """
    g = Grade.parse(level)
    if g not in _LEVEL:
        raise ParseError(f"{str(level)!r} is not a deduction level: expected trivial, basic, "
                         "hard or extreme", str(level))
    return _LEVEL[g]


def closure(b: Board) -> tuple[State, int] | None:
    """The state after every deduction up to Extreme and the highest level
    used (-1 for none), or None if the deductions find a contradiction (the
    grid has no solution)."""
    st = b.initial()
    try:
        used = deduce(b, st, EXTREME)
    except Contradiction:
        return None
    return st, used


def grade_of(b: Board, cl: tuple[State, int] | None,
             name: str | Callable[[], str] = "the grid") -> Grade:
    """The grade of the grid of ``b`` from its :func:`closure` ``cl``: the
    highest level used when the deductions finish it, else ``search`` or
    ``ambiguous`` by counting completions (at most two). Raises
    :class:`~dominolab.errors.Unsolvable` (naming ``name``, or what it
    returns when it is a function: the name is then made only for the error)
    when there is no solution."""
    if not isinstance(name, str):
        name_of = name
    else:
        def name_of(text: str = name) -> str:
            return text
    if cl is None:
        raise Unsolvable(f"{name_of()} has no solution")
    st, used = cl
    if b.solved(st):
        return _LEVEL_GRADE[max(used, TRIVIAL)]
    k = sum(1 for _ in search(b, st, limit=2))
    if k == 0:
        raise Unsolvable(f"{name_of()} has no solution")
    return Grade.SEARCH if k == 1 else Grade.AMBIGUOUS
