"""Cram: both players place dominoes either way; who cannot move loses.

**The symmetry strategy.** Turn the board half a turn about its centre. On a board with
both sides even no cell is its own image, and a domino never overlaps its image (that
would need a row, or a column, to be its own image), so the **second** player can always
answer with the image of the first player's move: after each reply the free cells are
symmetric again, so the first player runs out of moves first. With one side even and one
odd, exactly one domino is its own image — the one across the centre — and the **first**
player takes it and then answers symmetrically. :func:`check_symmetry_strategy` plays the
strategy against every possible opponent and confirms it never fails; :func:`winner`
finds the winner by plain search, and :func:`grundy` the Sprague–Grundy value.

>>> winner(Board.rectangle(4, 4, "cram")), winner(Board.rectangle(2, 3, "cram"))
('second player', 'first player')
>>> check_symmetry_strategy(4, 4).holds
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..._stack import deep_recursion
from ...errors import IllegalMove, InvalidPosition
from .boards import MAX_GAME_NODES, Board, Budget, Cell, Domino

__all__ = ["StrategyCheck", "check_symmetry_strategy", "grundy", "mirror", "opening_move",
           "symmetry_reply", "winner", "winning_moves"]


def _check(board: Board) -> Board:
    if not isinstance(board, Board):
        raise InvalidPosition(f"expected a Board, not {board!r}")
    if board.rule != "cram":
        raise InvalidPosition(f"this is a {board.rule} board; Cram needs rule 'cram'")
    return board


def _masks(board: Board) -> tuple[int, list[int]]:
    index = {c: i for i, c in enumerate(sorted(board.free))}
    moves = [(1 << index[a]) | (1 << index[b]) for a, b in board.moves("L")]
    return (1 << len(index)) - 1, moves


@deep_recursion
def winner(board: Board, *, max_nodes: int = MAX_GAME_NODES) -> str:
    """``"first player"`` or ``"second player"``: who wins from here with best play, by
    searching every line of play (a position is won when some move leaves it lost). At
    most ``max_nodes`` positions are examined (an OverLimit past them).

    >>> [winner(Board.rectangle(1, k, "cram")) for k in range(1, 7)]
    ['second player', 'first player', 'first player', 'first player', 'second player', 'first player']
    """
    board = _check(board)
    full, moves = _masks(board)
    wins = _searcher(moves, Budget(max_nodes, f"who wins Cram on this {board.rows}×"
                                              f"{board.cols} board"))
    return "first player" if wins(full) else "second player"


def _searcher(moves: list[int], budget: Budget) -> Callable[[int], bool]:
    memo: dict[int, bool] = {}

    def wins(free: int) -> bool:
        got = memo.get(free)
        if got is None:
            budget.step()
            got = any(m & free == m and not wins(free & ~m) for m in moves)
            memo[free] = got
        return got

    return wins


@deep_recursion
def winning_moves(board: Board, *, max_nodes: int = MAX_GAME_NODES) -> list[Domino]:
    """The moves after which the player who made them wins with best play (empty when
    the player to move loses whatever he does), by the same search as :func:`winner`.

    >>> winning_moves(Board.rectangle(1, 4, "cram"))
    [((0, 1), (0, 2))]
    """
    board = _check(board)
    index = {c: i for i, c in enumerate(sorted(board.free))}
    full, moves = _masks(board)
    wins = _searcher(moves, Budget(max_nodes, f"the winning Cram moves on this "
                                              f"{board.rows}×{board.cols} board"))
    return [d for d in board.moves("L")
            if not wins(full & ~((1 << index[d[0]]) | (1 << index[d[1]])))]


#: Grundy values of regions already computed (a region's value does not depend on where
#: it lies, so the key is its shape moved to the corner)
_GRUNDY: dict[frozenset[Cell], int] = {}


def _region_grundy(shape: frozenset[Cell], budget: Budget) -> int:
    got = _GRUNDY.get(shape)
    if got is not None:
        return got
    budget.step()
    if len(shape) < 2:
        g = 0
    else:
        rows = 1 + max(r for r, _ in shape)
        cols = 1 + max(c for _, c in shape)
        b = Board(rows, cols, shape, "cram")
        seen = {_grundy(b.play(m, "L"), budget) for m in b.moves("L")}
        g = 0
        while g in seen:
            g += 1
    _GRUNDY[shape] = g
    return g


def _grundy(board: Board, budget: Budget) -> int:
    g = 0
    for part in board.components():
        g ^= _region_grundy(part.shape(), budget)
    return g


@deep_recursion
def grundy(board: Board, *, max_nodes: int = MAX_GAME_NODES) -> int:
    """The Sprague–Grundy value: the mex (least excluded) of the options' values, and for
    a board of separate regions the XOR (nim-sum) of theirs. 0 exactly when the second
    player wins. At most ``max_nodes`` new regions are valued (an OverLimit past them).

    >>> [grundy(Board.rectangle(1, k, "cram")) for k in range(1, 7)]
    [0, 1, 1, 2, 0, 3]
    """
    board = _check(board)
    return _grundy(board, Budget(max_nodes, f"the Grundy value of this {board.rows}×"
                                            f"{board.cols} Cram board"))


def mirror(domino: Domino, rows: int, cols: int) -> Domino:
    """The image of a domino under the half turn of a ``rows × cols`` board.

    >>> mirror(((0, 0), (0, 1)), 4, 4)
    ((3, 2), (3, 3))
    """
    (a, b) = domino
    img = [(rows - 1 - r, cols - 1 - c) for r, c in (a, b)]
    lo, hi = min(img), max(img)
    return (lo, hi)


def symmetry_reply(board: Board, domino: Domino) -> Domino:
    """The reply of the symmetry strategy to ``domino`` just played on ``board`` (the
    board *after* the move): its half-turn image, which must be free.

    >>> b = Board.rectangle(2, 2, "cram").play(((0, 0), (0, 1)), "L")
    >>> symmetry_reply(b, ((0, 0), (0, 1)))
    ((1, 0), (1, 1))
    """
    reply = mirror(domino, board.rows, board.cols)
    if not all(x in board.free for x in reply):
        raise IllegalMove(f"the mirror image {reply} of {domino} is not free: the position "
                          "was not symmetric")
    return reply


def opening_move(rows: int, cols: int) -> Domino | None:
    """The first player's move of the symmetry strategy: the domino across the centre
    when one side is even and one odd; None when both are even (the second player
    mirrors). Both odd: the centre cell is its own image, and there is no such strategy.

    >>> opening_move(4, 3), opening_move(3, 4), opening_move(4, 4)
    (((1, 1), (2, 1)), ((1, 1), (1, 2)), None)
    """
    if rows % 2 == 0 and cols % 2 == 0:
        return None
    if rows % 2 == 0:
        return ((rows // 2 - 1, cols // 2), (rows // 2, cols // 2))
    if cols % 2 == 0:
        return ((rows // 2, cols // 2 - 1), (rows // 2, cols // 2))
    raise InvalidPosition(f"on a {rows}×{cols} board (both sides odd) the centre cell is its "
                          "own image: the symmetry strategy does not apply")


@dataclass(frozen=True)
class StrategyCheck:
    """The symmetry strategy played against every opponent: ``strategist`` (who uses it),
    ``holds`` (it always wins), ``positions`` (positions examined) and, when it fails, the
    opponent's ``refutation`` (the moves)."""

    rows: int
    cols: int
    strategist: str
    holds: bool
    positions: int
    refutation: tuple[Domino, ...] = ()


@deep_recursion
def check_symmetry_strategy(rows: int, cols: int, *,
                            max_nodes: int = MAX_GAME_NODES) -> StrategyCheck:
    """Play the symmetry strategy against every possible sequence of opponent moves on the
    empty ``rows × cols`` Cram board; it holds when every reply is legal, so the
    opponent is the first who cannot move.

    >>> c = check_symmetry_strategy(2, 3)
    >>> c.strategist, c.holds
    ('first player', True)
    """
    board = Board.rectangle(rows, cols, "cram")
    first = opening_move(rows, cols)
    strategist = "second player" if first is None else "first player"
    if first is not None:
        board = board.play(first, "L")
    seen: dict[frozenset[Cell], bool] = {}
    line: list[Domino] = []
    failed: list[tuple[Domino, ...]] = []
    budget = Budget(max_nodes, f"checking the symmetry strategy on {rows}×{cols}")

    def holds(b: Board) -> bool:
        # the opponent to move on a symmetric position
        got = seen.get(b.free)
        if got is not None:
            return got
        budget.step()
        ok = True
        for m in b.moves("L"):
            after = b.play(m, "L")
            reply = mirror(m, rows, cols)
            line.append(m)
            if not all(x in after.free for x in reply):
                ok = False
                failed.append(tuple(line))
            elif not holds(after.play(reply, "R")):
                ok = False
            line.pop()
            if not ok:
                break
        seen[b.free] = ok
        return ok

    ok = holds(board)
    return StrategyCheck(rows, cols, strategist, ok, len(seen), failed[0] if failed else ())
