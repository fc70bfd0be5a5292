"""Witness answers for the lesson on games and strategy: the student shows a move or a
line, the engines judge it, and a wrong one is answered with the concrete reason (the
domino the mirror image would need, the reply that wins against a move, the tile that
still fits an end of the line).

>>> from dominolab.games.combinatorial import Board
>>> w = cram_reply_witness(Board.rectangle(4, 4, "cram"), ((0, 0), (0, 1)))
>>> print(w.judge("(3,2)-(3,3)", 0))
Correct: (3, 2)-(3, 3) is the half-turn image of (0, 0)-(0, 1): the free cells are symmetric again.
"""

from __future__ import annotations

from typing import Any

from ..errors import DominoError
from ..games.blocks import blocked_line
from ..games.combinatorial import Board, as_domino, cram, domineering
from ..games.combinatorial.boards import Domino
from ..i18n import N_, tr
from ..tiles import DominoSet
from .witnesses import Witness, read_line

__all__ = ["blocked_line_witness", "cram_opening_witness", "cram_reply_witness",
           "domineering_move_witness"]

_EXPECTS = N_("a domino as two cells (row, column), such as (0,0)-(1,0)")


def _t(d: Domino) -> str:
    return f"{d[0]}-{d[1]}"


def cram_reply_witness(board: Board, move: Domino) -> Witness:
    """The symmetry strategy's reply to ``move`` on the Cram ``board`` (before the move)."""
    after = board.play(move, "L")
    want = cram.symmetry_reply(after, move)

    def verify(d: Domino) -> str | None:
        try:
            after.play(d, "R")
        except DominoError as e:
            return tr("that is not a legal move: {why}").format(why=e)
        if d != want:
            return tr("{move} is legal, but the free cells are no longer symmetric: the half "
                      "turn takes {first} to a different domino").format(move=_t(d),
                                                                          first=_t(move))
        return None

    other = next(m for m in after.moves("R") if m != want)
    return Witness(
        expects=tr(_EXPECTS), read=as_domino, verify=verify, reference=_t(want), key=_t(want),
        praise=lambda d: tr("{move} is the half-turn image of {first}: the free cells are "
                            "symmetric again").format(move=_t(d), first=_t(move)),
        wrong=[(_t(move), "not a legal move"), (_t(other), "no longer symmetric")],
    )


def cram_opening_witness(rows: int, cols: int) -> Witness:
    """The first move of the symmetry strategy on a Cram board with one side odd: a
    domino that is its own half-turn image, after which the first player mirrors."""
    board = Board.rectangle(rows, cols, "cram")
    want = cram.opening_move(rows, cols)
    if want is None:
        raise DominoError(f"on {rows}×{cols} (both sides even) the second player mirrors; "
                          "there is no opening move to find")

    def verify(d: Domino) -> str | None:
        try:
            board.play(d, "L")
        except DominoError as e:
            return tr("that is not a legal move: {why}").format(why=e)
        img = cram.mirror(d, rows, cols)
        if img != d:
            return tr("the half turn takes {move} to {image}, which is still free: the "
                      "second player can copy you now").format(move=_t(d), image=_t(img))
        return None

    corner = ((0, 0), (0, 1))
    return Witness(
        expects=tr(_EXPECTS), read=as_domino, verify=verify, reference=_t(want), key=_t(want),
        praise=lambda d: tr("{move} covers the centre and is its own mirror image: from now "
                            "on every move of the second player can be copied").format(
                                move=_t(d)),
        wrong=[(_t(corner), "still free"), ("(0,0)-(1,1)", "not a legal move")],
    )


def domineering_move_witness(board: Board, player: str = "L") -> Witness:
    """A move for ``player`` that wins on the Domineering ``board`` (``player`` to move),
    judged by searching every line of play."""
    good = domineering.winning_moves(board, player)
    if not good:
        raise DominoError("the player to move has no winning move here")
    other = "R" if player == "L" else "L"

    def verify(d: Domino) -> str | None:
        try:
            after = board.play(d, player)
        except DominoError as e:
            return (tr("that is not a legal move for Left: {why}") if player == "L" else
                    tr("that is not a legal move for Right: {why}")).format(why=e)
        if d in good:
            return None
        reply = domineering.winning_moves(after, other)
        return tr("after {move} the position is worth {value}, and the other player wins, "
                  "for example by {reply}").format(move=_t(d), value=domineering.value(after),
                                                   reply=_t(reply[0]))

    bad = next(m for m in board.moves(player) if m not in good)
    wrong_way = next(m for m in board.moves(other))
    return Witness(
        expects=tr(_EXPECTS), read=as_domino, verify=verify, reference=_t(good[0]),
        key=" or ".join(map(_t, good)),
        praise=lambda d: (tr("after {move} the position is worth {value}: Left wins")
                          if player == "L" else
                          tr("after {move} the position is worth {value}: Right wins")).format(
                              move=_t(d), value=domineering.value(board.play(d, player))),
        wrong=[(_t(bad), "the other player wins"), (_t(wrong_way), "not a legal move")],
    )


def blocked_line_witness(tiles_left: int, n: int = 6) -> Witness:
    """A line of double-``n`` tiles that is blocked (no tile off the table fits either
    end) with exactly ``tiles_left`` tiles still in the hands."""
    full = DominoSet(n)
    ref = str(blocked_line(tiles_left, n))
    most = full.size - (n + 1 + n // 2)          # the fastest block leaves the most
    other = blocked_line(tiles_left + 1 if tiles_left < most else tiles_left - 1, n)

    def verify(line: Any) -> str | None:
        if isinstance(line, str):
            return line
        used = set(line.tiles)
        bad = [t for t in line.tiles if t not in set(full)]
        if bad:
            return tr("{tile} is not a tile of the double-{n} set").format(tile=bad[0], n=n)
        a, b = line.ends
        fits = next((t for t in full if t not in used and (t.has(a) or t.has(b))), None)
        if fits is not None:
            end = a if fits.has(a) else b
            return tr("{tile} is still in a hand and fits the end {end}: not blocked").format(
                tile=fits, end=end)
        left = full.size - len(used)
        if left == 0:
            return tr("every tile is on the table: that is going out, not a block")
        if left != tiles_left:
            return tr("it is blocked, but with {left} tiles left in the hands, not "
                      "{wanted}").format(left=left, wanted=tiles_left)
        return None

    return Witness(
        expects=tr("a line of tiles written in order, such as '0:1 1:2 2:0'"),
        read=read_line, verify=verify, reference=ref, key=ref,
        praise=lambda c: (tr("both ends show {a}, every tile with that number is down, and "
                             "{left} tiles are left") if c.ends[0] == c.ends[1] else
                          tr("the ends show {a} and {b}, every tile with that number is down, "
                             "and {left} tiles are left")).format(
                              a=c.ends[0], b=c.ends[1], left=full.size - len(c.tiles)),
        wrong=[("0:1 1:2", "fits the end"), (str(other), f"not {tiles_left}")],
    )
