"""Lesson 07 · Dominosa: put the dominoes back (rules, first deductions, the board)."""

from __future__ import annotations

from ...i18n import N_
from ...puzzles.dominosa import Dominosa, generate
from ...render.dominosa import grid_svg
from ..choices import Choice, FreeText, Values
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_games import dominosa_solution_witness, one_place_tile_witness

#: the lesson's grid (a Tatham game ID): a double-3 set laid out in 4 × 5 cells
GRID = "3:03133223200023011112"


def _grid_params(rng: Rng, ctx: Ctx) -> dict:
    puzzle = Dominosa.parse(GRID) if rng is None else generate(3, "trivial",
                                                               seed=rng.randint(1, 10_000))
    return {"puzzle": puzzle, "grid": str(puzzle).replace("\n", " / "),
            "id": puzzle.to_tatham()}


def _size_params(rng: Rng, ctx: Ctx) -> dict:
    m = 9 if rng is None else rng.choice((4, 5, 7, 8, 10, 11, 12))
    return {"n": m, "rows": m + 1, "cols": m + 2, "cells": (m + 1) * (m + 2),
            "tiles": (m + 1) * (m + 2) // 2}


def _size_answer(p: dict) -> Values:
    m = p["n"]
    cells = (m + 1) * (m + 2)
    # the names are words of the answer's messages (the catalog translates them)
    return Values((cells, m + 2), (N_("cells"), N_("times")), wrong=[
        ((cells, m + 1), "each number is on n + 1 tiles, but the double v:v shows it twice: "
                         "n + 2 times"),
        ((cells // 2, m + 2), "that is the number of tiles; every tile covers two cells"),
        ((m * (m + 1), m), "the grid is (n + 1) by (n + 2): the numbers run from 0 to n"),
    ])


def _rule_answer(p: dict) -> Choice:
    return Choice([
        ("a tile with only one place left goes there (only-place)",
         "look at the cell, not at the tile: the sentence starts from cell (0,0)"),
        ("a cell with only one neighbour left pairs with it (only-tile)", ""),
        ("a pair overlapping every place of some tile is ruled out (tile-overlap)",
         "nothing is ruled out here: a tile is placed"),
        ("k cells of one number own the k tiles between them (set analysis)",
         "one cell is enough here; set analysis looks at several cells of one number"),
    ], correct=1)


LESSON = Lesson(
    number="07",
    title="Dominosa: put the dominoes back",
    notebook="07-dominosa.ipynb",
    question="A set was laid out in a grid and taken away; only the numbers are left. Can you "
             "put the tiles back, and how do you know where they go?",
    objectives=(
        "Explain why a double-n Dominosa grid has (n + 1)(n + 2) cells and every number "
        "n + 2 times.",
        "Solve a small grid by forced moves: a tile with only one place, a cell with only one "
        "partner.",
        "Name the deductions a solver uses and read its step-by-step explanation.",
    ),
    prerequisites=("Lesson 01 (the tiles of a double-n set).",),
    materials=("The printed worksheet with the grid (`dominolab worksheet 07`), a pencil.",
               "Optional: a double-three set (the tiles 0:0 … 3:3) to lay on the printed grid."),
    timing=(
        Segment("hook", 5, "Lay the ten tiles 0:0 … 3:3 face up in a 4 × 5 rectangle, copy the "
                "numbers onto paper, take the tiles away, swap papers with a neighbour: put "
                "them back."),
        Segment("picture", 7, "The lesson's grid on screen; the rules; why 4 × 5 and why each "
                "number five times (exercise 07.1)."),
        Segment("mathematics", 13, "Forced moves: exercise 07.2 first, then the package's hints "
                "and the named deductions; a finished chain of reasons."),
        Segment("exercises", 15, "Exercise 07.3 on the board (or on paper), then 07.4."),
        Segment("exit ticket", 5, "Exercise 07.5."),
    ),
    misconceptions=(
        Misconception("Each number appears n + 1 times, once per tile of its suit.",
                      "The double v:v shows v on both its cells: n + 2 times.",
                      "Count the 3s of the double-three grid together."),
        Misconception("When stuck, guess and carry on.",
                      "In a good puzzle every step is forced; a guess hides the reason and can "
                      "lead to a contradiction many steps later.",
                      "Ask for the hint's reason, not its placement."),
        Misconception("A tile can go wherever its two numbers sit side by side.",
                      "Each tile is used exactly once, so the other places of a placed tile "
                      "are ruled out — that is what makes the next steps forced.",
                      "After placing 2:2, cross out its other places on the board."),
    ),
    exercises=(
        Spec(
            id="07.1", title="The size of a double-$n grid",
            statement="A double-$n Dominosa grid holds every tile of the double-$n set once, "
                      "each tile on two neighbouring cells, and nothing else. How many cells "
                      "does it have, and how many times does each number appear in it? Answer "
                      "as a pair `(cells, times)`.",
            answer=_size_answer, params=_size_params,
            hints=("The set has $tiles tiles; each covers two cells. (The grid has $rows rows "
                   "of $cols.)",
                   "The number v is on the tiles v:0, …, v:$n; the double v:v shows it twice."),
            solution="The $tiles tiles cover 2 · $tiles = $rows · $cols = $cells cells. The "
                     "number v is on $n tiles v:x with x ≠ v once each and twice on the double "
                     "v:v: $cols times, one for each column. Answer **$answer**.",
        ),
        Spec(
            id="07.2", title="A tile with only one place",
            statement="In the grid below (`$grid`, rows from the top), find a tile of the "
                      "double-3 set whose two numbers sit side by side in **only one** place, so "
                      "that the tile must go there.",
            answer=lambda p: one_place_tile_witness(p["puzzle"]), params=_grid_params,
            picture=lambda p: grid_svg(p["puzzle"]),
            hints=("Doubles are a good start: where do two equal numbers touch?",
                   "For a candidate tile, look at every cell showing one of its numbers and its "
                   "neighbours left, right, above and below."),
            solution="**$answer** (each has exactly one place). Placing such a tile is the "
                     "'only-place' deduction; its other cells then lose their other options, "
                     "and the next steps follow.",
        ),
        Spec(
            id="07.3", title="Solve the grid",
            statement="Put all ten tiles back into the grid (`$grid`). On the Dominosa board, "
                      "press two neighbouring cells to lay a tile, then run `.check(board)`. "
                      "On paper, draw the dominoes; a list of cell pairs "
                      "`[((0, 0), (0, 1)), …]` works too.",
            answer=lambda p: dominosa_solution_witness(p["puzzle"]), params=_grid_params,
            picture=lambda p: grid_svg(p["puzzle"]),
            hints=("Place the tiles that have only one place first (exercise 07.2).",
                   "Every placed tile rules out its other places; look for a cell that has only "
                   "one partner left.",
                   "`p.hint()` names the next forced step and its reason."),
            solution="The solution, each step forced:\n\n```\n$answer\n```\n\n(Every cell "
                     "points to its partner: `><` is a domino lying across, `v` over `^` one "
                     "standing up.)",
            at_computer=True, minutes=10, lines=5,
        ),
        Spec(
            id="07.4", title="Name the deduction",
            statement="A hint reads: *Cell (0,0) can only pair with (0,1), so tile 0:3 goes "
                      "there.* Which deduction is that?",
            answer=_rule_answer,
            hints=("Does the sentence start from a tile or from a cell?",),
            solution="**$answer**: the cell (0,0) has a single neighbour left, so the tile on "
                     "those two cells is forced, whatever it is.",
            minutes=2,
        ),
        Spec(
            id="07.5", title="Exit ticket: n + 2 times",
            statement="Explain why every number appears exactly n + 2 times in a double-n "
                      "Dominosa grid.",
            answer=lambda p: FreeText(
                "the grid shows each tile of the double-n set once. The number v is on the n "
                "tiles v:x with x different from v, once each, and on the double v:v twice: "
                "n + 2 times."),
            hints=("Which tiles show the number v, and how often each?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=3,
        ),
    ),
    extension="Load a harder generated grid into the board (`generate(6, 'hard', seed=…)`) and "
              "use the hints only when stuck; lesson 08 asks when a grid has exactly one "
              "solution.",
)
