"""Domineering: Left places vertical dominoes, Right horizontal ones; who cannot move loses.

Two exact methods that the tests hold against each other:

* :func:`outcome_by_minimax` plays the game out: a player to move wins when some move
  leaves the other player, to move, losing. Twice (Left first, Right first) gives the
  outcome class.
* :func:`value` computes the combinatorial game value ``{Left's options | Right's
  options}`` in canonical form (:mod:`~dominolab.games.combinatorial.values`), adding the
  values of the separate regions a board falls into. The value says more than who wins:
  a vertical 2×1 gap is worth one spare move to Left (``1``), the 2×2 square is the
  switch ``±1`` (whoever moves there first gains a spare move), and values add.

>>> from dominolab.games.combinatorial.boards import Board
>>> [value(Board.parse(t)) for t in (".\\n.", "..", "..\\n..", "...")]
[1, -1, ±1, -1]
>>> outcome_by_minimax(Board.rectangle(2, 2)), outcome(value(Board.rectangle(2, 2)))
('first player', 'first player')
"""

from __future__ import annotations

from collections.abc import Callable

from ..._stack import deep_recursion
from ...errors import IllegalMove, InvalidPosition
from .boards import MAX_GAME_NODES, MAX_VALUE_REGIONS, Board, Budget, Cell, Domino
from .values import ZERO, Value, game, outcome

__all__ = ["best_moves", "move_values", "outcome", "outcome_by_minimax", "value",
           "winning_moves"]


def _check(board: Board) -> Board:
    if not isinstance(board, Board):
        raise InvalidPosition(f"expected a Board, not {board!r}")
    if board.rule != "domineering":
        raise InvalidPosition(f"this is a {board.rule} board; Domineering needs rule "
                              "'domineering'")
    return board


#: values of regions already computed, by shape (moved to the corner)
_VALUES: dict[frozenset[Cell], Value] = {}


def _region_value(shape: frozenset[Cell], budget: Budget) -> Value:
    got = _VALUES.get(shape)
    if got is not None:
        return got
    budget.step()
    if len(shape) < 2:
        v = ZERO
    else:
        b = _board_of(shape)
        left = [_value(b.play(m, "L"), budget) for m in b.moves("L")]
        right = [_value(b.play(m, "R"), budget) for m in b.moves("R")]
        v = game(left, right)
    _VALUES[shape] = v
    return v


def _value(board: Board, budget: Budget) -> Value:
    total = ZERO
    for part in board.components():
        total = total + _region_value(part.shape(), budget)
    return total


def _board_of(shape: frozenset[Cell]) -> Board:
    rows = 1 + max(r for r, _ in shape)
    cols = 1 + max(c for _, c in shape)
    return Board(rows, cols, shape, "domineering")


@deep_recursion
def value(board: Board, *, max_nodes: int = MAX_VALUE_REGIONS) -> Value:
    """The canonical game value of a Domineering position: the sum of the values of its
    separate regions, each ``{values after Left's moves | values after Right's moves}``.
    At most ``max_nodes`` new regions are valued (an OverLimit past them); values are
    kept for the next call.

    >>> from dominolab.games.combinatorial.boards import Board
    >>> value(Board.parse("..\\n.#")), value(Board.parse(".#\\n.."))
    (*, *)
    >>> value(Board.parse("...\\n##.")), value(Board.rectangle(2, 3))
    (-1/2, {2 | -1/2})
    """
    board = _check(board)
    return _value(board, Budget(max_nodes, f"the value of this {board.rows}×{board.cols} "
                                           "Domineering board", "MAX_VALUE_REGIONS"))


def _masks(board: Board) -> tuple[int, dict[str, list[int]]]:
    index = {c: i for i, c in enumerate(sorted(board.free))}
    full = (1 << len(index)) - 1
    moves = {p: [(1 << index[a]) | (1 << index[b]) for a, b in board.moves(p)]
             for p in ("L", "R")}
    return full, moves


def _minimax(board: Board, budget: Budget) -> tuple[Callable[[int, str], bool], int,
                                                      dict[str, list[int]]]:
    full, moves = _masks(board)
    memo: dict[tuple[int, str], bool] = {}

    def wins(free: int, player: str) -> bool:
        key = (free, player)
        got = memo.get(key)
        if got is None:
            budget.step()
            other = "R" if player == "L" else "L"
            got = any(m & free == m and not wins(free & ~m, other) for m in moves[player])
            memo[key] = got
        return got

    return wins, full, moves


@deep_recursion
def outcome_by_minimax(board: Board, *, max_nodes: int = MAX_GAME_NODES) -> str:
    """Who wins with best play, found by searching the game tree (no game values):
    ``"Left"``, ``"Right"``, ``"first player"`` or ``"second player"``. At most
    ``max_nodes`` positions are examined (an OverLimit past them).

    >>> from dominolab.games.combinatorial.boards import Board
    >>> outcome_by_minimax(Board.rectangle(3, 3))
    'first player'
    """
    board = _check(board)
    wins, full, _ = _minimax(board, Budget(max_nodes, f"who wins Domineering on this "
                                                      f"{board.rows}×{board.cols} board"))
    left_first, right_first = wins(full, "L"), wins(full, "R")
    if left_first and right_first:
        return "first player"
    if left_first:
        return "Left"
    if right_first:
        return "Right"
    return "second player"


@deep_recursion
def winning_moves(board: Board, player: str, *,
                  max_nodes: int = MAX_GAME_NODES) -> list[Domino]:
    """The moves of ``player`` (to move) after which he wins with best play, by the
    search of :func:`outcome_by_minimax`; empty when every move loses.

    >>> from dominolab.games.combinatorial.boards import Board
    >>> winning_moves(Board.rectangle(2, 2), "R")
    [((0, 0), (0, 1)), ((1, 0), (1, 1))]
    """
    board = _check(board)
    if player not in ("L", "R"):
        raise IllegalMove(f"the players are 'L' (Left) and 'R' (Right), not {player!r}")
    wins, full, _ = _minimax(board, Budget(max_nodes, f"the winning Domineering moves on "
                                                      f"this {board.rows}×{board.cols} board"))
    index = {c: i for i, c in enumerate(sorted(board.free))}
    other = "R" if player == "L" else "L"
    return [d for d in board.moves(player)
            if not wins(full & ~((1 << index[d[0]]) | (1 << index[d[1]])), other)]


@deep_recursion
def move_values(board: Board, player: str, *,
                max_nodes: int = MAX_VALUE_REGIONS) -> list[tuple[Domino, Value]]:
    """Each move of ``player`` with the value of the position it leaves.

    >>> from dominolab.games.combinatorial.boards import Board
    >>> [(m, v) for m, v in move_values(Board.rectangle(2, 2), "L")]
    [(((0, 0), (1, 0)), 1), (((0, 1), (1, 1)), 1)]
    """
    board = _check(board)
    return [(m, value(board.play(m, player), max_nodes=max_nodes))
            for m in board.moves(player)]


def best_moves(board: Board, player: str) -> list[Domino]:
    """The moves of ``player`` that leave the best value for him (Left: the largest, Right:
    the smallest); equal and incomparable best values are all kept.

    >>> from dominolab.games.combinatorial.boards import Board
    >>> best_moves(Board.parse("...\\n..."), "R")
    [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((1, 0), (1, 1)), ((1, 1), (1, 2))]
    """
    options = move_values(board, player)
    better = (lambda a, b: a > b) if player == "L" else (lambda a, b: a < b)
    return [m for m, v in options if not any(better(w, v) for _, w in options)]
