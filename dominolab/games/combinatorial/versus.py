"""Play Cram or Domineering against the computer in a notebook cell.

``g = play("cram", 4, 4)`` starts a game against the **mirror** strategy (the
computer answers every move with its half-turn image, or opens with the central
domino when one side is odd); ``play("domineering", 3, 4, computer="solver")`` against
the **solver**, which plays a winning move whenever one exists (found by searching
every line of play). ``g.move("(0,0)-(0,1)")`` plays your domino and the computer's
answer; the game draws itself with what happened in words. A move that is not legal
is refused with the reason and changes nothing: the game stays as it was.

>>> g = play("cram", 2, 2)
>>> print(g.move("(0,0)-(0,1)").status)
You played (0, 0)-(0, 1); the computer answered (1, 0)-(1, 1), the mirror image. You have no move left: the computer wins.
>>> g.over, g.winner
(True, 'computer')
>>> print(play("cram", 2, 2).move("(0,0)-(1,1)").status)
Not played: (0, 0) and (1, 1) are not neighbours. The board is as it was.
"""

from __future__ import annotations

import html
from typing import Any

from ...errors import DominoError, InvalidPosition
from ...i18n import tr
from .boards import Board, Domino, as_domino
from .cram import opening_move, symmetry_reply
from .cram import winning_moves as cram_winning_moves
from .domineering import winning_moves as domineering_winning_moves

__all__ = ["COMPUTERS", "CombinatorialGame", "play"]

#: who the computer can be
COMPUTERS = ("mirror", "solver")


def _text(d: Domino) -> str:
    return f"{d[0]}-{d[1]}"


class CombinatorialGame:
    """A game of Cram or Domineering between you and the computer (see :func:`play`).

    ``board`` is the position, ``history`` the moves so far as ``(who, domino)`` with
    who ``"you"`` or ``"computer"``, ``status`` the last thing that happened in words,
    ``over`` and ``winner`` (``"you"``, ``"computer"`` or None while it goes on)."""

    def __init__(self, rule: str, rows: int, cols: int, *, computer: str = "mirror",
                 you: str = "L", you_start: bool | None = None):
        if computer not in COMPUTERS:
            raise InvalidPosition(f"the computer plays 'mirror' or 'solver', not {computer!r}")
        if you not in ("L", "R"):
            raise InvalidPosition(f"you are 'L' (Left) or 'R' (Right), not {you!r}")
        self.board = Board.rectangle(rows, cols, rule)
        self.computer = computer
        self.you = you if rule == "domineering" else "L"
        self.them = "R" if self.you == "L" else "L"
        opening: Domino | None = None
        if computer == "mirror":
            if rule != "cram":
                raise InvalidPosition("the mirror strategy is for Cram: in Domineering the "
                                      "half-turn image of a vertical domino is vertical, a "
                                      "move the other player may not make")
            opening = opening_move(rows, cols)   # refuses odd × odd, saying why
            starts = opening is None
            if you_start is not None and you_start != starts:
                who = "second" if starts else "first"
                raise InvalidPosition(f"on {rows}×{cols} the mirror strategy plays "
                                      f"{who}; leave you_start out")
            you_start = starts
        elif you_start is None:
            you_start = True
        self.history: list[tuple[str, Domino]] = []
        self.status = tr("Your move.")
        self.over = False
        self.winner: str | None = None
        if not you_start:
            reply = opening if opening is not None else self._choose()
            self._apply("computer", reply)
            self.status = (tr("The computer opened with {move}, the domino across the centre "
                              "(its own mirror image).") if opening is not None else
                           tr("The computer opened with {move}.")).format(move=_text(reply))
            self._end_check(you_next=True)

    # -- the computer
    def _choose(self) -> Domino:
        moves = self.board.moves(self.them)
        if self.computer == "mirror":
            last = self.history[-1][1]
            return symmetry_reply(self.board, last)
        if self.board.rule == "cram":
            good = cram_winning_moves(self.board)
        else:
            good = domineering_winning_moves(self.board, self.them)
        return good[0] if good else moves[0]

    def _apply(self, who: str, d: Domino) -> None:
        self.board = self.board.play(d, self.you if who == "you" else self.them)
        self.history.append((who, d))

    def _end_check(self, you_next: bool) -> bool:
        side = self.you if you_next else self.them
        if self.board.moves(side):
            return False
        self.over = True
        self.winner = "computer" if you_next else "you"
        self.status += " " + (tr("You have no move left: the computer wins.") if you_next else
                              tr("The computer has no move left: you win."))
        return True

    # -- you
    def move(self, domino: Any) -> CombinatorialGame:
        """Play ``domino`` (two cells, such as ``"(0,0)-(0,1)"``), then the computer's
        answer. An illegal move is refused with the reason; nothing changes."""
        if self.over:
            self.status = (tr("The game is over: you won. Start a new one with play().")
                           if self.winner == "you" else
                           tr("The game is over: the computer won. Start a new one with "
                              "play()."))
            return self
        before = self.board
        try:
            d = as_domino(domino)
            self._apply("you", d)
        except DominoError as e:
            self.status = tr("Not played: {why}. The board is as it was.").format(why=e)
            return self
        self.status = tr("You played {move}.").format(move=_text(d))
        if self._end_check(you_next=False):
            return self
        try:
            reply = self._choose()
        except DominoError as e:        # the solver's budget: take the move back
            self.board = before
            self.history.pop()
            self.status = tr("Not played: the computer cannot answer ({why}). The board is as "
                             "it was.").format(why=e)
            return self
        self._apply("computer", reply)
        self.status = (tr("You played {move}; the computer answered {reply}, the mirror image.")
                       if self.computer == "mirror" else
                       tr("You played {move}; the computer answered {reply}.")).format(
                           move=_text(d), reply=_text(reply))
        self._end_check(you_next=True)
        return self

    def moves(self) -> list[Domino]:
        """Your legal moves now."""
        return [] if self.over else self.board.moves(self.you)

    def __repr__(self) -> str:
        return (f"<{self.board.rule} {self.board.rows}×{self.board.cols} against the "
                f"{self.computer}: {self.status}>")

    def _repr_html_(self) -> str:
        from ...render.game_boards import board_svg  # noqa: PLC0415 - a value imports its renderer when drawn
        return f"{board_svg(self.board)}<p>{html.escape(self.status)}</p>"


def play(rule: str, rows: int, cols: int, *, computer: str = "mirror", you: str = "L",
         you_start: bool | None = None) -> CombinatorialGame:
    """A new game of ``rule`` (``"cram"`` or ``"domineering"``) on the empty ``rows ×
    cols`` board against ``computer`` (``"mirror"``: Cram's symmetry strategy, which
    decides who starts; ``"solver"``: a winning move whenever there is one). In
    Domineering ``you`` is ``"L"`` (vertical dominoes) or ``"R"`` (horizontal)."""
    return CombinatorialGame(rule, rows, cols, computer=computer, you=you, you_start=you_start)
