"""A Dominosa board to play in a notebook: place tiles, cross out pairs, ask why.

The grid is drawn as buttons, one per cell. Press two side-by-side cells to
lay a tile on them (a tile already on either cell is lifted off), press a laid
tile to lift it; in *cross-out* mode (or with Shift held) the two cells are
instead marked as "not a tile". The board keeps every rule in Python: the
front end only draws the synced state and sends the presses.

Beside the grid the board tracks the double-n set: a tile laid twice is a
*duplicate*; a tile not yet laid whose every place is covered or crossed out
is *impossible*; so is a free cell with no partner left (a *stuck* cell).
**Hint** asks :meth:`Dominosa.hint` for the next deduction (one sentence, its
cells highlighted) and **Apply hint** carries it out; **Check** says whether
the tiles and crosses so far fit a solution (marking the ones that do not);
**Solve** lays the solution. Every change can be undone and redone. Cells
are ``(row, col)`` from 0, like the solver's hints. The board speaks its ``lang``
(``DominosaBoard(p, lang="ru")``; else the process's language): its statuses, the solver's
hints and, through ``words``, the page's own labels (:data:`PAGE_WORDS`). One file of
about 640 lines: the state, the moves and the sentences describing them change together.

>>> w = DominosaBoard("2dt:202012100211")
>>> w.n, w.grid[0]
(2, [2, 0, 2, 0])
>>> w.click(0, 3); w.click(1, 3)      # two presses lay tile 0:0
>>> w.placed, w.status
([[0, 3, 1, 3]], '1 of 6 tiles placed.')
>>> w.click(1, 3)                     # pressing a laid tile lifts it
>>> w.placed, w.can_undo
([], True)
>>> w.load("2:999")                   # a bad puzzle is reported, nothing is lost
>>> w.error.startswith("Tatham ID"), w.n, w.can_undo
(True, 2, True)
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import traitlets

from ..errors import DominoError, InvalidPosition, OverLimit, ParseError, Unsolvable
from ..i18n import N_, get_language, ngettext, normalise, tr, using
from ..puzzles.dominosa import Dominosa, Grade, Hint, Partial, Placement, Solution, generate
from ..tiles import DominoSet, Tile
from ..render.dominosa import grid_svg
from ._base import Message, handles, short
from ._display import SizedWidget

__all__ = ["MAX_LOAD_N", "MAX_N", "DominosaBoard"]

#: Largest double-n the "New puzzle" button generates (a loaded puzzle may be larger).
MAX_N = 12
#: Largest double-n the board loads: its solver, hints and checks run in the kernel,
#: and up to this size they answer at once (the search has a heavy tail beyond).
MAX_LOAD_N = 20

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]


def _cell_str(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _pair_str(pair: Pair) -> str:
    return f"{_cell_str(pair[0])}-{_cell_str(pair[1])}"


def _flat(pair: Pair) -> list[int]:
    (r, c), (r2, c2) = pair
    return [r, c, r2, c2]


class DominosaBoard(SizedWidget):
    """An interactive Dominosa grid.

    ``DominosaBoard(puzzle)`` shows ``puzzle``: a :class:`Dominosa`, our grid
    text, a puzzle file's text or a Tatham game ID. Without one it generates
    ``generate(n, difficulty, seed)``.

    Synced state (JSON): ``grid`` (rows of numbers), ``n``; ``placed`` and
    ``crossed`` list cell pairs as ``[r1, c1, r2, c2]`` (first cell first in
    reading order); ``selected`` is ``[r, c]`` or ``[]``; ``mode`` is
    ``"place"`` or ``"cross"``; ``highlight`` the highlighted number or -1;
    ``duplicates`` the laid pairs whose tile is laid more than once; ``stuck``
    the free cells with no partner left; ``tiles`` one ``{"tile", "state"}``
    per tile of the set in canonical order (state ``open``, ``placed``, ``duplicate`` or
    ``impossible``); ``hint_shown`` the shown hint (``kind``, ``rule``, ``text``,
    ``cells``, ``placement``, ``exclusions``) or ``{}``; ``wrong`` the pairs
    the last check found at fault; ``status``, ``error``, ``info``;
    ``solved``, ``can_undo``, ``can_redo``.

    Browser messages (``{"type": ...}``): ``click`` (``row``, ``col``,
    optional ``cross``), ``place`` / ``remove`` / ``cross`` (``cells``: two
    ``[r, c]``), ``mode`` (``mode``, or none to toggle), ``deselect``,
    ``highlight`` (``number``; the same number again, or ``None``, clears),
    ``hint``, ``apply_hint``, ``check``, ``solve``, ``undo``, ``redo``,
    ``clear``, ``load`` (``text``), ``new`` (optional ``n``, ``difficulty``).
    A :class:`~dominolab.errors.DominoError` is shown in ``error`` and
    changes nothing.
    """

    _static_esm = ("display.js", "dominosa_board.js")
    #: the page sends requests only; it sets no state (the size is a request too)
    _from_browser = frozenset[str]()
    # the shared look (widgets.css), this board's own rules, the sizes (display.css)
    _static_css = ("widgets.css", "dominosa_board.css", "display.css")

    n = traitlets.Int(0).tag(sync=True)
    grid: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    placed: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    crossed: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    selected: traitlets.List[int] = traitlets.List([]).tag(sync=True)
    mode = traitlets.Unicode("place").tag(sync=True)
    highlight = traitlets.Int(-1).tag(sync=True)
    duplicates: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    stuck: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    tiles: traitlets.List[dict[str, str]] = traitlets.List([]).tag(sync=True)
    hint_shown = traitlets.Dict({}).tag(sync=True)
    wrong: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    info = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    difficulty = traitlets.Unicode("basic").tag(sync=True)
    seed = traitlets.Int(1).tag(sync=True)
    #: the page's own words in the board's language (empty: English), and the set's title
    words = traitlets.Dict({}).tag(sync=True)
    set_title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, puzzle: Dominosa | str | None = None, *, n: int = 4,
                 difficulty: str = "basic", seed: int = 1, lang: str | None = None,
                 **kwargs: Any) -> None:
        #: the board's own language (None: the process's, see dominolab.i18n)
        self.lang = None if lang is None else normalise(lang, "DominosaBoard lang")
        super().__init__(**kwargs)
        with using(self.lang):
            lang = get_language()
            self.words = ({} if lang == "en" else
                          {"lang": lang, **{w: tr(w) for w in PAGE_WORDS}})
        self.difficulty = str(Grade.parse(difficulty))
        self.seed = int(seed)
        if puzzle is None:
            puzzle = self._generate(n, self.difficulty, self.seed)
        elif not isinstance(puzzle, Dominosa):
            puzzle = Dominosa.parse(puzzle)
        self._hint: Hint | None = None
        self._set_puzzle(puzzle)

    # -- the puzzle -----------------------------------------------------------
    @property
    def puzzle(self) -> Dominosa:
        """The :class:`Dominosa` on the board."""
        return self._puzzle

    @property
    def partial(self) -> Partial:
        """The tiles laid and pairs crossed out, as the solver's :class:`Partial`."""
        return self._partial

    @staticmethod
    def _generate(n: object, difficulty: str, seed: int) -> Dominosa:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_N:
            raise InvalidPosition(f"n={n!r}: the board generates double-0 to double-{MAX_N} "
                                  "puzzles (load a bigger one as text)")
        return generate(n, difficulty, seed=seed)

    def _set_puzzle(self, puzzle: Dominosa) -> None:
        """Show a new puzzle with an empty board and a fresh history."""
        self._puzzle = puzzle
        self._partial = Partial()
        self._undo: list[Partial] = []
        self._redo: list[Partial] = []
        self._number_at = {(r, c): v for r, row in enumerate(puzzle.grid)
                           for c, v in enumerate(row)}
        try:
            grade = str(puzzle.grade())
        except Unsolvable:
            grade = tr("no solution")
        with self.hold_sync():
            self.n = puzzle.n
            self.grid = [list(row) for row in puzzle.grid]
            tiles = puzzle.rows * puzzle.cols // 2
            self.info = ngettext("double-{n}: {rows}×{cols} cells, {k} tile, grade {grade}; "
                                 "Tatham ID {id}",
                                 "double-{n}: {rows}×{cols} cells, {k} tiles, grade {grade}; "
                                 "Tatham ID {id}", tiles).format(
                n=puzzle.n, rows=puzzle.rows, cols=puzzle.cols, k=tiles, grade=grade,
                id=puzzle.to_tatham())
            self.highlight = -1
            self.selected = []
            self.mode = "place"
            self._refresh()

    def _cell(self, value: Any) -> Cell:
        # whole numbers only: int() would turn 1.5 into 1, True into 1 and "2" into 2
        if not isinstance(value, (list, tuple)) or len(value) != 2 or any(
                isinstance(x, bool) or not isinstance(x, int) for x in value):
            raise InvalidPosition(f"{short(value)} is not a cell; expected [row, col] (two "
                                  "whole numbers)")
        r, c = value
        p = self._puzzle
        if not (0 <= r < p.rows and 0 <= c < p.cols):
            raise InvalidPosition(f"cell ({r},{c}) is outside the {p.rows}×{p.cols} grid")
        return r, c

    def _pair(self, cells: Any) -> Pair:
        try:
            a, b = cells
        except (TypeError, ValueError):
            raise InvalidPosition(f"{cells!r} is not two cells; expected [[row, col], [row, col]]"
                                  ) from None
        a, b = self._cell(a), self._cell(b)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise InvalidPosition(tr("cells {a} and {b} are not side by side").format(
                a=_cell_str(a), b=_cell_str(b)))
        return (a, b) if a <= b else (b, a)

    def _still_svg(self) -> str:
        return str(grid_svg(self._puzzle, self._partial))

    def _tile(self, pair: Pair) -> Tile:
        return Tile(self._number_at[pair[0]], self._number_at[pair[1]])

    def _owner(self, cell: Cell) -> Pair | None:
        for pair in self._partial.placed:
            if cell in pair:
                return pair
        return None

    # -- history --------------------------------------------------------------
    def _commit(self, new: Partial) -> None:
        """Make ``new`` the current partial solution (one undo step)."""
        if new == self._partial:
            return
        self._undo.append(self._partial)
        self._redo.clear()
        self._partial = new
        self._hint = None
        self.wrong = []
        self._refresh()

    @handles("undo")
    def undo(self) -> None:
        """Go back one change."""
        if not self._undo:
            raise InvalidPosition(tr("nothing to undo"))
        self._redo.append(self._partial)
        self._partial = self._undo.pop()
        self._after_history()

    @handles("redo")
    def redo(self) -> None:
        """Redo the change last undone."""
        if not self._redo:
            raise InvalidPosition(tr("nothing to redo"))
        self._undo.append(self._partial)
        self._partial = self._redo.pop()
        self._after_history()

    def _after_history(self) -> None:
        self._hint = None
        self.wrong = []
        self.selected = []
        self._refresh()

    # -- moves ----------------------------------------------------------------
    def place(self, a: Any, b: Any) -> None:
        """Lay a tile on the side-by-side cells ``a`` and ``b``; tiles already
        on either cell are lifted off and a cross on the pair is cleared."""
        pair = self._pair((a, b))
        q = self._partial
        for other in list(q.placed):
            if other != pair and set(other) & set(pair):
                q = q.remove(other)
        self.selected = []
        self._commit(q.place(pair))

    def remove(self, a: Any, b: Any) -> None:
        """Lift the tile (or clear the cross) on cells ``a`` and ``b``."""
        pair = self._pair((a, b))
        if pair not in self._partial.placed and pair not in self._partial.excluded:
            raise InvalidPosition(tr("there is no tile or cross on {pair}").format(
                pair=_pair_str(pair)))
        self.selected = []
        self._commit(self._partial.remove(pair))

    def cross(self, a: Any, b: Any) -> None:
        """Cross out the pair ``a``-``b`` ("these two cells are not one tile"),
        or clear its cross if it has one. A tile laid there is lifted."""
        pair = self._pair((a, b))
        q = self._partial
        self.selected = []
        self._commit(q.remove(pair) if pair in q.excluded else q.exclude(pair))

    def click(self, row: int, col: int, cross: bool = False) -> None:
        """A press on cell ``(row, col)``: the first press of a pair selects
        the cell (or, in place mode, lifts the tile on it); the second, on a
        neighbour, lays a tile there, or crosses the pair out in cross mode or
        with ``cross=True``. Pressing the selected cell again deselects it; a
        cell further away becomes the new selection."""
        cell = self._cell((row, col))
        crossing = bool(cross) or self.mode == "cross"
        sel = tuple(self.selected) if self.selected else None
        if sel is None:
            owner = self._owner(cell)
            if owner is not None and not crossing:
                self.remove(*owner)
            else:
                self.selected = list(cell)
            return
        if sel == cell:
            self.selected = []
        elif abs(sel[0] - cell[0]) + abs(sel[1] - cell[1]) == 1:
            if crossing:
                self.cross(sel, cell)
            else:
                self.place(sel, cell)
        else:
            self.selected = list(cell)

    def set_mode(self, mode: str | None = None) -> None:
        """``"place"`` or ``"cross"``; ``None`` toggles."""
        if mode is None:
            mode = "cross" if self.mode == "place" else "place"
        if mode not in ("place", "cross"):
            raise InvalidPosition(f"unknown mode {mode!r}: expected 'place' or 'cross'")
        self.mode = mode

    @handles("clear")
    def clear(self) -> None:
        """Lift every tile and clear every cross (undoable)."""
        self.selected = []
        self._commit(Partial())

    def highlight_number(self, number: Any) -> None:
        """Highlight every cell showing ``number``; the same number again (or
        ``None``) clears the highlight."""
        if number is None or number == self.highlight:
            self.highlight = -1
            return
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= self.n:
            raise InvalidPosition(f"{number!r} is not a number of this grid: "
                                  f"expected 0 to {self.n}")
        self.highlight = number

    # -- help -----------------------------------------------------------------
    @handles("hint")
    def hint(self) -> Hint:
        """Show the next step (:meth:`Dominosa.hint` from the current board)."""
        h = self._puzzle.hint(self._partial)
        self._hint = h
        self.hint_shown = {
            "kind": h.kind,
            "rule": h.rule,
            "level": str(h.level),
            "text": h.text,
            "cells": [list(c) for c in h.cells],
            "placement": _flat(h.placement.cells) if h.placement is not None else [],
            "exclusions": [_flat(x) for x in h.exclusions],
        }
        return h

    @handles("apply_hint")
    def apply_hint(self) -> None:
        """Carry out the shown hint (asking for one first if none is shown):
        lay its tile, cross out its pairs, or undo the mistake it found."""
        h = self._hint or self.hint()
        q = self._partial
        if h.kind == "place" and h.placement is not None:
            self.place(*h.placement.cells)
            return
        if h.kind == "exclude":
            for pair in h.exclusions:
                q = q.exclude(pair)
        elif h.kind == "mistake" and (h.placement is not None or h.exclusions):
            if h.placement is not None:
                q = q.remove(h.placement.cells)
            for pair in h.exclusions:
                q = q.remove(pair)
        else:
            self.status = tr("Nothing to apply: {hint}").format(hint=h.text)
            return
        self.selected = []
        self._commit(q)

    @handles("check")
    def check(self) -> bool:
        """Do the tiles and crosses so far fit a solution? Sets ``status``
        and marks the pairs at fault in ``wrong``; returns the verdict."""
        p, q = self._puzzle, self._partial
        if self.solved:
            self.status = tr("Solved: every tile of the double-{n} set is placed once. "
                             "Well done!").format(n=p.n)
            self.wrong = []
            return True
        sols = list(p.solutions(limit=2))
        if not sols:
            raise Unsolvable(tr("the grid {id} has no solution, so nothing can fit").format(
                id=p.to_tatham()))
        if len(sols) == 1:
            right = {pl.cells for pl in sols[0]}
            wrong = sorted((q.placed - right) | (q.excluded & right))
            if wrong:
                self.wrong = [_flat(x) for x in wrong]
                tiles = [x for x in wrong if x in q.placed]
                crosses = [x for x in wrong if x in q.excluded]
                parts = []
                if tiles:
                    parts.append(ngettext("{k} tile in the wrong place ({which})",
                                          "{k} tiles in the wrong place ({which})",
                                          len(tiles)).format(
                        k=len(tiles), which=", ".join(str(Placement(x, self._tile(x)))
                                                      for x in tiles)))
                if crosses:
                    parts.append(ngettext("{k} cross on a pair the solution uses ({which})",
                                          "{k} crosses on a pair the solution uses ({which})",
                                          len(crosses)).format(
                        k=len(crosses), which=", ".join(map(_pair_str, crosses))))
                self.status = tr("Not consistent with the solution: {what}. They are marked "
                                 "✗.").format(what="; ".join(parts))
                return False
        else:
            # several solutions: the solver's hint searches for a completion
            h = p.hint(q)
            if h.kind == "mistake":
                wrong = ([h.placement.cells] if h.placement is not None else []) + list(
                    h.exclusions)
                self.wrong = [_flat(x) for x in sorted(set(wrong or q.placed))]
                self.status = tr("Not consistent with any solution: {hint} Marked ✗.").format(
                    hint=h.text)
                return False
        self.wrong = []
        k, x = len(q.placed), len(q.excluded)
        laid = ngettext("{k} tile", "{k} tiles", k).format(k=k)
        crosses_text = ngettext("{k} cross", "{k} crosses", x).format(k=x)
        left = p.rows * p.cols // 2 - k
        self.status = (tr("So far so good: your {tiles} and {crosses} fit the solution. {left} "
                          "to go.") if len(sols) == 1 else
                       tr("So far so good: your {tiles} and {crosses} fit a solution (this grid "
                          "has more than one). {left} to go.")).format(
                              tiles=laid, crosses=crosses_text, left=left)
        return True

    @handles("solve")
    def solve(self) -> Solution:
        """Lay the solution (undoable); for a grid with several, the first."""
        sol = self._puzzle.solve()
        self.selected = []
        self._commit(Partial([pl.cells for pl in sol]))
        return sol

    # -- loading --------------------------------------------------------------
    def load(self, text: str) -> None:
        """Show the puzzle in ``text`` (grid text, puzzle file or Tatham ID).
        A bad one is reported in ``error``; the current puzzle and the
        placements stay as they were."""
        try:
            if not isinstance(text, str):
                raise ParseError(f"a puzzle is loaded from text, not {short(text)}")
            puzzle = Dominosa.parse(text)
            if puzzle.n > MAX_LOAD_N:
                raise OverLimit(f"the board shows grids up to double-{MAX_LOAD_N} "
                                f"(dominolab.widgets.dominosa_board.MAX_LOAD_N), not "
                                f"double-{puzzle.n}: solve it with Dominosa.parse(…).solve() "
                                "or `dominolab dominosa solve`")
        except DominoError as e:
            self.error = f"{e}"
            return
        self._hint = None
        with self.hold_sync():
            self.error = ""
            self.wrong = []
            self._set_puzzle(puzzle)
            self.status = tr("Loaded a double-{n} puzzle. {status}").format(
                n=puzzle.n, status=self.status)

    def new_puzzle(self, n: int | None = None, difficulty: str | None = None) -> None:
        """Generate the next puzzle (seed + 1) of size ``n`` and ``difficulty``
        (default: as now)."""
        n = self.n if n is None else n
        difficulty = str(Grade.parse(difficulty if difficulty is not None else self.difficulty))
        seed = self.seed + 1
        puzzle = self._generate(n, difficulty, seed)
        self._hint = None
        with self.hold_sync():
            self.difficulty, self.seed = difficulty, seed
            self.wrong = []
            self._set_puzzle(puzzle)
            self.status = tr("New {grade} double-{n} puzzle (seed {seed}). {status}").format(
                grade=difficulty, n=n, seed=seed, status=self.status)

    # -- derived state --------------------------------------------------------
    def _refresh(self) -> None:
        """Recompute what the board marks: duplicates, stuck cells, the set."""
        p, q = self._puzzle, self._partial
        counts = Counter(self._tile(x) for x in q.placed)
        covered = {c for x in q.placed for c in x}
        free_places: Counter = Counter()   # tile -> places still free for it
        cell_options: Counter = Counter()  # free cell -> free pairs through it
        for r in range(p.rows):
            for c in range(p.cols):
                for pair in (((r, c), (r, c + 1)), ((r, c), (r + 1, c))):
                    (r2, c2) = pair[1]
                    if r2 >= p.rows or c2 >= p.cols:
                        continue
                    if pair[0] in covered or pair[1] in covered or pair in q.excluded:
                        continue
                    t = self._tile(pair)
                    if counts[t]:
                        continue  # that tile is already laid
                    free_places[t] += 1
                    cell_options[pair[0]] += 1
                    cell_options[pair[1]] += 1
        tiles = []
        for t in DominoSet(p.n).tiles:
            k = counts[t]
            state = ("duplicate" if k > 1 else "placed" if k == 1
                     else "open" if free_places[t] else "impossible")
            tiles.append({"tile": str(t), "state": state})
        solved = False
        if len(q.placed) == p.rows * p.cols // 2 and all(k == 1 for k in counts.values()):
            try:
                Solution(p, [Placement(x, self._tile(x)) for x in q.placed])
                solved = True
            except DominoError:
                solved = False
        with self.hold_sync():
            self.placed = [_flat(x) for x in sorted(q.placed)]
            self.crossed = [_flat(x) for x in sorted(q.excluded)]
            self.duplicates = [_flat(x) for x in sorted(q.placed) if counts[self._tile(x)] > 1]
            self.stuck = [[r, c] for r in range(p.rows) for c in range(p.cols)
                          if (r, c) not in covered and not cell_options[(r, c)]]
            self.tiles = tiles
            self.solved = solved
            self.can_undo = bool(self._undo)
            self.can_redo = bool(self._redo)
            if self._hint is None:
                self.hint_shown = {}
            total = p.rows * p.cols // 2
            if solved:
                self.status = tr("Solved: every tile of the double-{n} set is placed "
                                 "once.").format(n=p.n)
            else:
                dups = sum(1 for t in tiles if t["state"] == "duplicate")
                bad = sum(1 for t in tiles if t["state"] == "impossible")
                extra = []
                if dups:
                    extra.append(ngettext("{k} tile placed twice", "{k} tiles placed twice",
                                          dups).format(k=dups))
                if bad:
                    extra.append(ngettext("{k} tile with no place left",
                                          "{k} tiles with no place left", bad).format(k=bad))
                if self.stuck:
                    k = len(self.stuck)
                    extra.append(ngettext("{k} cell with no partner left",
                                          "{k} cells with no partner left", k).format(k=k))
                placed = ngettext("{k} of {total} tile placed.", "{k} of {total} tiles placed.",
                                  total).format(k=len(q.placed), total=total)
                self.status = (tr("{placed} Look out: {what}.").format(
                    placed=placed, what=", ".join(extra)) if extra else placed)
            self.set_title = ("" if get_language() == "en" else ngettext(
                "The double-{n} set ({k} tile)", "The double-{n} set ({k} tiles)",
                len(tiles)).format(n=p.n, k=len(tiles)))

    # -- messages -------------------------------------------------------------
    # -- requests from the browser (each checks its fields: see _cell, _pair) ---------------
    @handles("click")
    def _on_click(self, msg: Message) -> None:
        r, c = self._cell((msg.get("row"), msg.get("col")))
        cross = msg.get("cross", False)
        if not isinstance(cross, bool) and cross is not None:
            raise InvalidPosition(f"'cross' is true or false, not {short(cross)}")
        self.click(r, c, cross=bool(cross))

    @handles("place", "remove", "cross")
    def _on_pair(self, msg: Message) -> None:
        pair = self._pair(msg.get("cells"))
        {"place": self.place, "remove": self.remove, "cross": self.cross}[msg["type"]](*pair)

    @handles("mode")
    def _on_mode(self, msg: Message) -> None:
        self.set_mode(msg.get("mode"))

    @handles("deselect")
    def _on_deselect(self, msg: Message) -> None:
        self.selected = []

    @handles("highlight")
    def _on_highlight(self, msg: Message) -> None:
        self.highlight_number(msg.get("number"))

    @handles("load")
    def _on_load(self, msg: Message) -> None:
        self.load(msg.get("text", ""))

    @handles("new")
    def _on_new(self, msg: Message) -> None:
        n, difficulty = msg.get("n"), msg.get("difficulty")
        if difficulty is not None and not isinstance(difficulty, str):
            raise InvalidPosition(f"a difficulty is a grade's name, not {short(difficulty)}")
        self.new_puzzle(n, difficulty)     # n is checked there (a whole number 0..MAX_N)


def _speaking(method: Any) -> Any:
    """The method, run in the board's language (its ``lang``, else the process's)."""
    @functools.wraps(method)
    def run(self: DominosaBoard, *args: Any, **kwargs: Any) -> Any:
        with using(getattr(self, "lang", None)):
            return method(self, *args, **kwargs)
    return run


# every way in (a message from the page, a call from a cell) speaks the board's language
for _name in ("_on_message", "_set_puzzle", "_refresh", "undo", "redo", "place", "remove",
              "cross", "click", "set_mode", "clear", "highlight_number", "hint", "apply_hint",
              "check", "solve", "load", "new_puzzle"):
    setattr(DominosaBoard, _name, _speaking(getattr(DominosaBoard, _name)))

#: the words the page writes itself (static/dominosa_board.js looks each up in ``words``;
#: a template's {fields} are filled in there)
PAGE_WORDS = (
    N_("Dominosa tools"), N_("✕ Cross-out mode"), N_("Cross-out mode"), N_("Hint"),
    N_("Apply hint"), N_("Check"), N_("Solve"), N_("↶ Undo"), N_("Undo"), N_("↷ Redo"),
    N_("Redo"), N_("Clear"), N_("Clear the board"), N_("highlight a number"), N_("The set"),
    N_("tiles of the set"),
    N_("Press two neighbouring cells to lay a tile; press a tile to lift it. Cross-out mode "
       "(or Shift) marks a pair as not a tile (✕). Marks: ‼ tile laid twice, ⊘ cell with no "
       "partner left, ✗ wrong after Check, ? in the hint. Keys: arrows move, Enter/Space "
       "press, Shift+Enter cross out, X mode, N highlight number, H hint, Esc deselect, "
       "Ctrl+Z/Ctrl+Y undo/redo, P presentation size."),
    N_("grid text (rows of numbers) or Tatham ID, e.g. 2:202012100211"),
    N_("puzzle to load: grid text or Tatham game ID (Ctrl+Enter loads)"), N_("Load"),
    N_("Load puzzle"), N_("size n of a new puzzle (double-n)"),
    N_("difficulty of a new puzzle"), N_("New puzzle"), N_("or double-"), N_("Highlight:"),
    N_("still to place"), N_("placed"), N_("placed twice"), N_("no place left"),
    N_("row {r} column {c}"), N_("Dominosa grid of {rows} rows and {cols} columns"),
    N_("{cell}, number {v}"), N_(", tile {tile} with {cell}"), N_(", tile placed twice"),
    N_(", marked wrong"), N_(", crossed out with {cell}"), N_(" (marked wrong)"),
    N_(", no partner left"), N_(", selected"), N_(", highlighted"), N_(", in the hint"),
    N_("highlight number {v}"), N_("tile {tile}, {state}"), N_("Hint ({rule}, {level}): {text}"),
)
