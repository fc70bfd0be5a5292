"""Witnesses checked by the puzzle and game engines: a Dominosa deduction or solution
(cell pairs, the solution picture, or the Dominosa board), and a move in a game
position (judged by the double-dummy solver, or by whether it blocks the game).

>>> p = Dominosa.parse("1:001101")
>>> w = dominosa_solution_witness(p)
>>> w.judge("><v\\n><^", 0).ok
True
>>> "covered twice" in w.judge([((0, 0), (0, 1)), ((0, 1), (1, 1))], 0).message
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..errors import DominoError
from ..games import GameState, Move, solver
from ..i18n import ngettext, tr
from ..puzzles.dominosa import Dominosa, Partial, Placement, Solution
from ..tiles import DominoSet, Tile
from .choices import as_tile
from .answers import describe
from .witnesses import Cell, NothingYet, Witness, _cells

__all__ = ["dominosa_solution_witness", "move_witness", "one_place_tile_witness", "places",
           "read_solution_art"]



def places(puzzle: Dominosa, tile: Tile) -> list[tuple[Cell, Cell]]:
    """Every pair of neighbouring cells of ``puzzle`` that shows the numbers of ``tile``.

    >>> p = Dominosa.parse("1:001101")
    >>> places(p, Tile(0, 0))
    [((0, 0), (0, 1)), ((0, 1), (1, 1))]
    """
    out = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < puzzle.rows and c2 < puzzle.cols and \
                        Tile(puzzle.grid[r][c], puzzle.grid[r2][c2]) == tile:
                    out.append(((r, c), (r2, c2)))
    return out


def _pair_text(pair: tuple[Cell, Cell]) -> str:
    (a, b), (c, d) = pair
    return f"({a},{b})-({c},{d})"


def one_place_tile_witness(puzzle: Dominosa, exclude: Iterable[Tile] = ()) -> Witness:
    """A tile of the puzzle's set with exactly one possible place (a first deduction)."""
    skip = set(exclude)
    full = DominoSet(puzzle.n)

    def read(x: Any) -> Tile:
        return as_tile(x)

    def verify(t: Tile) -> str | None:
        if t not in set(full):
            return tr("{tile} is not a tile of the double-{n} set").format(tile=t, n=puzzle.n)
        ps = places(puzzle, t)
        if t in skip:
            return tr("{tile} is the one already found; look for another").format(tile=t)
        if len(ps) != 1:
            return (ngettext("{tile} fits in {k} place: {places}",
                             "{tile} fits in {k} places: {places}", len(ps)).format(
                        tile=t, k=len(ps), places=", ".join(map(_pair_text, ps)))
                    if ps else tr("{tile} fits nowhere — check the grid again").format(tile=t))
        return None

    good = [t for t in full if t not in skip and len(places(puzzle, t)) == 1]
    many = next(t for t in full if len(places(puzzle, t)) > 1)
    return Witness(
        expects=tr("one tile, such as '0:1' or Tile(0, 1)"), read=read, verify=verify,
        reference=str(good[0]), key=" or ".join(map(str, good)),
        praise=lambda t: tr("{tile} fits only at {place}").format(
            tile=t, place=_pair_text(places(puzzle, t)[0])),
        wrong=[(str(many), "places")] + [(str(t), "already found") for t in skip],
    )


def read_solution_art(text: str, rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    r"""Cell pairs from a solution picture in which every cell points to its partner:
    ``><`` a domino lying across, ``v`` over ``^`` one standing up (the way the solver
    prints a solution). The tiling style ``<>`` and ``^`` over ``v`` is read too.

    >>> read_solution_art("><v\n><^", 2, 3)
    [((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1))]
    """
    lines = [ln.replace(" ", "") for ln in text.strip("\n").splitlines() if ln.strip()]
    if len(lines) != rows or any(len(ln) != cols for ln in lines):
        raise DominoError(tr("the picture must have {rows} rows of {cols} marks (> < v ^)")
                          .format(rows=rows, cols=cols))
    pairs = []
    done: set[Cell] = set()
    for r, ln in enumerate(lines):
        for c, ch in enumerate(ln):
            if (r, c) in done:
                continue
            if ch in "<>":
                if c + 1 >= cols or ln[c + 1] not in "<>" or ln[c + 1] == ch:
                    raise DominoError(tr("the {mark} at row {row}, column {col} has no partner "
                                         "to its right").format(mark=ch, row=r, col=c))
                pair = ((r, c), (r, c + 1))
            elif ch in "v^":
                if r + 1 >= rows or lines[r + 1][c] not in "v^" or lines[r + 1][c] == ch:
                    raise DominoError(tr("the {mark} at row {row}, column {col} has no partner "
                                         "below it").format(mark=ch, row=r, col=c))
                pair = ((r, c), (r + 1, c))
            else:
                raise DominoError(tr("{mark} at row {row}, column {col} is not one of > < v ^")
                                  .format(mark=repr(ch), row=r, col=c))
            pairs.append(pair)
            done.update(pair)
    return pairs


def _read_placements(puzzle: Dominosa) -> Callable[[Any], list[Placement]]:
    def read(x: Any) -> list[Placement]:
        if isinstance(x, str):
            x = read_solution_art(x, puzzle.rows, puzzle.cols)
        partial = getattr(x, "partial", None)
        if isinstance(partial, Partial):
            x = partial
        if isinstance(x, Partial):
            x = list(getattr(x, "placed"))   # the public field (set in __init__, not declared)
        if isinstance(x, Solution):
            x = list(x)
        if not isinstance(x, (list, tuple, set)):
            raise DominoError(tr("{what} is not a list of placements").format(what=describe(x)))
        if not x:
            raise NothingYet(tr("no tile is placed yet"))
        out = []
        for item in x:
            if isinstance(item, Placement):
                out.append(item)
                continue
            if not isinstance(item, (list, tuple)) or len(item) != 2:
                raise DominoError(tr("{what} is not a placement ((row, col), (row, col))")
                                  .format(what=describe(item)))
            a, b = _cells(item)
            for c in (a, b):
                if not (0 <= c[0] < puzzle.rows and 0 <= c[1] < puzzle.cols):
                    raise DominoError(tr("{cell} is outside the {rows}×{cols} grid").format(
                        cell=c, rows=puzzle.rows, cols=puzzle.cols))
            out.append(Placement((a, b), Tile(puzzle.grid[a[0]][a[1]], puzzle.grid[b[0]][b[1]])))
        return out

    return read


def dominosa_solution_witness(puzzle: Dominosa, *, other_than: Solution | None = None) -> Witness:
    """A full solution of ``puzzle`` (cell pairs, placements, a Partial, the board or the
    picture ``<>^v``); with ``other_than``, a solution different from that one."""

    def verify(pls: list[Placement]) -> str | None:
        try:
            found = Solution(puzzle, pls)      # the engine checks cells, tiles and numbers
        except DominoError as e:
            return str(e)
        if other_than is not None and tuple(found) == tuple(other_than):
            return tr("that is the solution shown; find the other one")
        return None

    if other_than is None:
        sol = puzzle.solve()
    else:
        sol = next(s for s in puzzle.solutions() if tuple(s) != tuple(other_than))
    ref = [list(pl.cells) for pl in sol]
    return Witness(
        expects=tr("the placements ((row, col), (row, col)) of all tiles, the Dominosa board, "
                   "or the solution picture (>< across, v over ^ standing)"),
        read=_read_placements(puzzle), verify=verify, reference=ref, key=str(sol),
        praise=lambda pls: tr("all {k} tiles are in place, each once").format(k=len(pls)),
        wrong=[(ref[:-1], "not covered"), (ref[:-1] + [ref[0]], "twice")] +
              ([(str(other_than), "the solution shown")] if other_than is not None else []),
    )


# --------------------------------------------------------------------------- moves


def _read_move(make: Callable[[], GameState]) -> Callable[[Any], Move]:
    def read(x: Any) -> Move:
        if isinstance(x, Move):
            return x
        if not isinstance(x, str):
            raise DominoError(f"{describe(x)} is not a move (write one as '3:3>L')")
        text = " ".join(x.replace(">", " > ").split())
        for word, letter in (("left", "L"), ("right", "R")):
            text = text.replace(f" {word}", f" > {letter}").replace(f"> > {letter}", f"> {letter}")
        text = text.replace(" > ", ">").replace("> ", ">")
        if ">" in text:
            head, side = text.rsplit(">", 1)
            text = f"{head}>{side.upper()}"
        return Move.parse(text)

    return read


def move_witness(make: Callable[[], GameState], *, goal: str = "best") -> Witness:
    """The best move (``goal="best"``, by the double-dummy solver) or a move that blocks
    the game (``goal="block"``) in the position ``make()`` builds."""

    def verify(move: Move) -> str | None:
        g = make()
        try:
            move = g.check(move)
        except DominoError as e:
            return str(e)
        if goal == "block":
            g.play(move)
            if solver.is_blocked(g):
                return None
            nxt = g.legal_moves()
            return (tr("after {move} the game goes on: P{k} can play {reply}").format(
                        move=move.body(), k=g.current_player + 1, reply=nxt[0].body())
                    if len(nxt) else
                    tr("after {move} the game goes on").format(move=move.body()))
        values = dict((m.body(), v) for m, v in solver.move_values(make()))
        best = max(values.values())
        mine = values[move.body()]
        if mine == best:
            return None
        g.play(move)
        if g.is_over():
            return tr("after {move} the round ends at once ({reason}): {value} for your side; "
                      "another move does better").format(move=move.body(),
                                                         reason=g.result().reason,
                                                         value=f"{mine:+d}")
        reply = solver.solve(g)
        line = " ".join(str(m) for m in reply.line[:6])
        return tr("{move} is legal, but with best play it ends at {value} for your side (the "
                  "best reply: {line} …); another move does better").format(
                      move=move.body(), value=f"{mine:+d}", line=line)

    g0 = make()
    if goal == "block":
        good = []
        for m in g0.legal_moves():
            g = make()
            g.play(m)
            if solver.is_blocked(g):
                good.append(m.body())
        bad = [m.body() for m in g0.legal_moves() if m.body() not in good]
        wrong = [(bad[0], "goes on")] if bad else []
    else:
        vals = solver.move_values(g0)
        top = max(v for _, v in vals)
        good = [m.body() for m, v in vals if v == top]
        wrong = [(m.body(), "another move does better") for m, v in vals if v < top][:1]
    return Witness(
        expects=tr("a move written like '3:3>L' (the tile, '>', then the end L or R)"),
        read=_read_move(make), verify=verify, reference=good[0], key=" or ".join(good),
        praise=lambda m: (tr("{move} blocks the game") if goal == "block" else
                          tr("{move} is a best move")).format(move=m.body()),
        wrong=wrong,
    )
