"""Dominosa: split a grid of numbers into the tiles of a domino set.

A double-n Dominosa grid has ``n+1`` rows and ``n+2`` columns; every number
``0..n`` appears ``n+2`` times. A solution pairs up orthogonally adjacent
cells so that each of the ``(n+1)(n+2)/2`` tiles of the double-n set appears
exactly once: an exact cover of the cells *and* of the tiles.

This package's public face is here: :class:`Dominosa` (parse, print, solve,
count, grade, hint, explain), the values :class:`Placement`,
:class:`Solution`, :class:`Partial`, :class:`Hint`, :class:`Grade`, and
:func:`generate`. Cells are ``(row, col)`` with row 0 at the top and column 0
at the left.

Grades are the levels of the reference, Simon Tatham's Dominosa (in his
Portable Puzzle Collection): the weakest set of deductions that finishes the
grid without guessing. ``search`` means the grid has one solution but needs
guessing beyond Extreme; ``ambiguous`` means it has several.

Inside, one job per module: ``puzzle`` (Dominosa, Solution), ``values``
(Placement, Partial, cells), ``board`` (the engine's bitset tables and
state), ``rules`` (the deductions at Tatham's levels) and ``sets`` (set
analysis), ``search`` (exact cover: solving and counting), ``grade`` (Grade,
the grader), ``hints``, ``generate``, ``formats`` (grid, solution and puzzle
file text) and ``tatham`` (Tatham's game IDs and save files).

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

from ...errors import NoSuchPuzzle
from .generate import generate
from .grade import RULE_NAMES, Grade
from .hints import Hint
from .puzzle import Dominosa, Solution
from .values import Partial, Placement

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
