"""Lesson 16 · Games and strategy: Cram, Domineering and the blocked line."""

from __future__ import annotations

from ...games.blocks import blocked_line, fastest_block
from ...games.combinatorial import Board, cram, domineering, outcome
from ...i18n import tr
from ...render.game_boards import board_svg
from ..answers import Exact
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_strategy import (blocked_line_witness, cram_opening_witness,
                                  cram_reply_witness, domineering_move_witness)

_WHO = ("the first player", "the second player")


def _board_params(rng: Rng, ctx: Ctx) -> dict:
    rows, cols = (4, 6) if rng is None else rng.choice(((2, 8), (6, 6), (4, 8), (6, 8)))
    return {"rows": rows, "cols": cols}


def _even_answer(p: dict) -> Choice:
    second = cram.opening_move(p["rows"], p["cols"]) is None
    return Choice([
        ("the first player: he takes the central domino, then copies every move turned "
         "half a turn",
         "with both sides even no domino is its own image: there is no central domino to "
         "take, and it is the second player who can copy"),
        ("the second player: he answers every move with its image under the half turn about "
         "the centre",
         "with one side odd the central domino is its own image, and the first player takes "
         "it"),
        ("nobody can be sure: it depends on the moves",
         "a strategy that always has a legal answer wins whatever the other player does"),
    ], correct=1 if second else 0)


def _reply_params(rng: Rng, ctx: Ctx) -> dict:
    board = Board.rectangle(4, 4, "cram")
    # not the domino that answers exercise 16.7: a worksheet would show that answer
    moves = [d for d in board.moves("L") if d != ((0, 1), (1, 1))]
    m = ((1, 0), (1, 1)) if rng is None else rng.choice(moves)
    return {"move": f"{m[0]}-{m[1]}", "cells": m}


def _reply_picture(p: dict) -> str:
    return board_svg(Board.rectangle(4, 4, "cram").play(p["cells"], "L"),
                     caption=tr("4×4 Cram after the first move"))


def _odd_params(rng: Rng, ctx: Ctx) -> dict:
    rows, cols = (3, 4) if rng is None else rng.choice(((5, 4), (3, 6), (4, 5), (5, 2)))
    return {"rows": rows, "cols": cols}


def _three_answer(p: dict) -> Choice:
    second = cram.winner(Board.rectangle(3, 3, "cram")) == "second player"
    return Choice([
        ("the first player, by taking the centre and copying",
         "to copy afterwards he needs a first domino that is its own image, and on 3×3 none "
         "is: the centre cell is alone, so every domino's image is another domino"),
        ("the second player", "the search of every line of play finds a good answer to "
                              "every first move, though not by copying"),
        ("nobody: a 3×3 board ends in a draw", "a game where whoever cannot move loses has "
                                               "no draws"),
    ], correct=1 if second else 0)


def _strip_params(rng: Rng, ctx: Ctx) -> dict:
    k = 5 if rng is None else rng.choice((4, 6, 7, 9))
    return {"k": k, "half": k // 2}


def _strip_answer(p: dict) -> Exact:
    k = p["k"]
    strip = Board.parse("\n".join("." * k), "domineering")
    v = domineering.value(strip).number
    assert v is not None        # a strip is a number of spare moves
    return Exact(int(v), wrong={
        k - 1: tr("{places} is the number of places a vertical domino fits, but a domino "
                  "covers two cells: the places overlap").format(places=k - 1),
        -(k // 2): "the column is Left's: Left places the vertical dominoes, and Left's "
                   "spare moves count positive",
        **({k // 2 + 1: "a single cell left over is no move for anybody"} if k % 2 else {}),
    })


def _squares_answer(p: dict) -> Choice:
    two = Board.parse("..#..\n..#..", "domineering")
    who = outcome(domineering.value(two))
    options = [("the first player", "each square alone is a first-player win (±1), but "
                                    "values add: ±1 + ±1 = 0"),
               ("the second player", "whatever the first player does in one square, the "
                                     "second answers in the other and gains a spare move"),
               ("Left, vertical", "the board looks the same to both players: turned a "
                                  "quarter, vertical and horizontal swap")]
    names = {"first player": 0, "second player": 1, "Left": 2, "Right": 2}
    return Choice(options, correct=names[who])


def _two_by_three() -> Board:
    return Board.rectangle(2, 3)


LESSON = Lesson(
    number="16",
    title="Games and strategy: Cram, Domineering and the blocked line",
    notebook="16-games-and-strategy.ipynb",
    question="Two players take turns laying dominoes on a board until someone cannot move: "
             "who wins, and how can we be sure without playing every game? And how early "
             "can a domino line be blocked?",
    objectives=(
        "Prove that the second player wins Cram on an even × even board by the symmetry "
        "strategy, and the first player on odd × even by taking the centre first.",
        "Compute the value of small Domineering positions by minimax, {Left's options | "
        "Right's options}, and read off who wins.",
        "Add the values of separate regions and predict the winner of a sum.",
        "Use counting (parity of halves) to build a blocked line with a given number of "
        "tiles left.",
    ),
    prerequisites=("Lesson 09 (blocked positions, the parity of tile halves).",
                   "Lesson 13 helps (symmetry as a map of the board)."),
    materials=("A double-six set per group (its tiles are the dominoes of the board "
               "games); squared paper boards 4×4, 3×4 and 2×3.",
               "The printed worksheet (`dominolab worksheet 16`)."),
    timing=(
        Segment("hook", 5, "Play Cram on a 4×4 paper board in pairs: who won? Then the "
                "teacher plays second against the class and always wins."),
        Segment("picture", 5, "The half turn pairs every domino with its image; the board "
                "after a move and the copy."),
        Segment("mathematics", 17, "Strategy arguments: why copying always has an answer; "
                "odd × even and the central domino; Domineering values, sums, the "
                "minimax check; the blocking count of lesson 09 turned into a construction."),
        Segment("exercises", 13, "Exercises 16.1 to 16.8, with the play cells for trying "
                "the strategies against the computer."),
        Segment("exit ticket", 5, "Exercise 16.9: why the copy is always possible."),
    ),
    misconceptions=(
        Misconception("The first player always has the advantage.",
                      "In Cram on an even × even board the second player wins, whatever the "
                      "first does; in Domineering some boards are won by one side whoever "
                      "starts.",
                      "Let the class start against the mirror strategy on 4×4 and lose."),
        Misconception("Copying the other player always works.",
                      "The copy must be a legal move: on an odd × odd board the centre cell "
                      "is its own image, and in Domineering the image of a vertical domino "
                      "is vertical, a move the horizontal player may not make.",
                      "Try to copy on 3×3 Cram: which answers are missing?"),
        Misconception("Two games the first player wins make a game the first player wins.",
                      "Values add, and ±1 + ±1 = 0: on two separate 2×2 squares the second "
                      "player wins.",
                      "Play the two squares side by side and answer in the other square."),
    ),
    exercises=(
        Spec(
            id="16.1", title="Who wins Cram on an even board?",
            statement="Cram: players take turns placing a domino on two free neighbouring "
                      "cells, either way; whoever cannot move loses. On the empty $rows×$cols "
                      "board, which player can always win?",
            answer=_even_answer, params=_board_params,
            hints=("Turn the board half a turn about its centre. Can a domino be its own "
                   "image?",
                   "If every move has an image that is still free, the player who copies "
                   "always has a move."),
            solution="**$answer** With both sides even, no cell and no domino is its own "
                     "image, so the copy is always free and legal; the first player runs "
                     "out of moves first.",
            minutes=3,
        ),
        Spec(
            id="16.2", title="The mirror answer",
            statement="On the 4×4 Cram board the first player has placed the domino $move "
                      "(cells are (row, column), counted from 0 at the top left). Which "
                      "domino does the symmetry strategy answer with?",
            answer=lambda p: cram_reply_witness(Board.rectangle(4, 4, "cram"), p["cells"]),
            params=_reply_params, picture=_reply_picture,
            hints=("The half turn takes the cell (r, c) to (3 − r, 3 − c).",),
            solution="Turn both cells: **$answer**. After it the free cells are again "
                     "symmetric about the centre.",
            minutes=2,
        ),
        Spec(
            id="16.3", title="One side odd: the first move",
            statement="On the $rows×$cols Cram board the **first** player can win by "
                      "copying too, after a first move that leaves the free cells "
                      "symmetric. Which domino must he place first?",
            answer=lambda p: cram_opening_witness(p["rows"], p["cols"]),
            params=_odd_params,
            hints=("Which dominoes are their own image under the half turn?",
                   "It covers two cells swapped by the half turn, across the centre."),
            solution="The domino across the centre, **$answer**: it is its own image, so "
                     "after it the free cells are symmetric and the first player copies "
                     "every answer.",
            minutes=3,
        ),
        Spec(
            id="16.4", title="3×3: when copying fails",
            statement="On the 3×3 Cram board the centre cell is its own image, so neither "
                      "player can copy. Who wins with best play?",
            answer=_three_answer,
            hints=("Run the cell that searches every line of play, or play it out on paper: "
                   "the first move either covers the centre or not.",),
            solution="**$answer**. The search of every line of play shows it; no symmetry "
                     "argument is known to give it.",
            minutes=2,
        ),
        Spec(
            id="16.5", title="A column in Domineering",
            statement="Domineering: Left places vertical dominoes, Right horizontal ones; "
                      "whoever cannot move loses. What is the value of a single column of "
                      "$k cells, in spare moves for Left?",
            answer=_strip_answer, params=_strip_params,
            hints=("Right cannot move in a column at all. How many vertical dominoes can "
                   "Left place there, one after another, if she plays well?",),
            solution="Left can place $half dominoes one after another without ever "
                     "wasting a cell, and Right none: **$answer** spare moves.",
            minutes=2,
        ),
        Spec(
            id="16.6", title="Two squares",
            statement="Domineering on two separate 2×2 squares (one move at a time, in "
                      "either square). Who wins with best play?",
            answer=_squares_answer,
            hints=("One 2×2 square is ±1 = {1 | −1}: whoever moves first there gains a "
                   "spare move.",
                   "Values add. What is ±1 + ±1?"),
            solution="**$answer**: ±1 + ±1 = 0, a second-player win. Whoever starts in one "
                     "square, the other answers in the other square.",
            minutes=3,
        ),
        Spec(
            id="16.7", title="Left's winning move",
            statement="Domineering on the empty board of 2 rows and 3 columns, Left "
                      "(vertical) to move. Which move wins for Left?",
            answer=lambda p: domineering_move_witness(_two_by_three(), "L"),
            picture=lambda p: board_svg(_two_by_three(), caption=tr("2 rows, 3 columns")),
            hints=("A vertical domino in an outer column leaves a 2×2 square: ±1.",
                   "In the middle column it leaves two separate columns of 2 cells."),
            solution="**$answer**: it leaves two columns of two cells, 1 + 1 = 2, two spare "
                     "moves for Left and none for Right.",
            minutes=3,
        ),
        Spec(
            id="16.8", title="Blocked with 13 tiles in the hands",
            statement="Double-six, every tile dealt, a line game. Write a line of tiles, in "
                      "order, that is **blocked** (no tile in a hand fits either end) while "
                      "exactly 13 tiles are still in the hands.",
            answer=lambda p: blocked_line_witness(13),
            hints=("Both ends must show the same number k, and all seven tiles of k must "
                   "be down (lesson 09).",
                   "The 13 tiles left avoid k, and every number shows on an even number of "
                   "their halves; the rest is one closed walk from k back to k."),
            solution="For example **$answer**: all tiles with a 0 are down and both ends "
                     "show 0; 15 tiles on the table, 13 in the hands.",
            minutes=4, lines=3,
        ),
        Spec(
            id="16.9", title="Exit ticket: why the copy is always possible",
            statement="In Cram on a 4×4 board the second player answers every move with its "
                      "image under the half turn. Why is that answer always a legal move?",
            answer=lambda p: FreeText(
                "after each of his answers the free cells are symmetric. The first player's "
                "domino covers two free cells; their images were free (symmetry) and are "
                "not the same cells, because no cell of an even board is its own image and "
                "a domino's image never overlaps it, so the image is still free after the "
                "move. So the second player always has a move, and the first player is "
                "the one who gets stuck."),
            hints=("What is true of the free cells after each of the second player's "
                   "answers?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="Play the solver on larger boards (`play(\"domineering\", 4, 5, "
              "computer=\"solver\")`), or compute the Grundy values of 1×n Cram strips: "
              "they are Dawson's Kayles.",
    notes=(f"The fastest block of double-six (a line): {fastest_block(6).tiles} tiles, "
           f"proved by search; a block with 13 tiles left has {blocked_line(13).tiles} on "
           "the table.",),
)
