"""Lesson 06 · Tilings and the mutilated chessboard."""

from __future__ import annotations

from ... import tilings
from ...i18n import tr
from ...render.tilings import region_svg
from ..answers import Exact
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses import hall_set_witness, tiling_witness, untileable_region_witness

#: the region of the lesson whose colours balance but which has no tiling
ODD_SHAPE = tilings.Region.parse("""
..#.
####
.#..
""")
#: cells to remove from the 6×6 board: balanced colours, no tiling (a corner cut off)
CORNER_CUT = [(0, 1), (1, 0), (4, 4), (5, 5)]


def _strip_params(rng: Rng, ctx: Ctx) -> dict:
    k = 12 if rng is None else rng.choice((8, 9, 10, 11, 13, 14, 15))
    return {"k": k, "km1": k - 1, "km2": k - 2}


def _strip_answer(p: dict) -> Exact:
    k = p["k"]
    return Exact(tilings.count_tilings(2, k), wrong={
        tilings.count_tilings(2, k - 1): tr("that is the 2×{k} board: one step short").format(
            k=k - 1),
        tilings.count_tilings(2, k + 1): tr("that is the 2×{k} board: one step too far").format(
            k=k + 1),
        2 ** (k - 1): "not every choice is free: two horizontal dominoes come as a pair",
    })


def _hole_params(rng: Rng, ctx: Ctx) -> dict:
    board = tilings.Region.rectangle(4, 4)
    if rng is None:
        dark, light = (0, 0), (3, 2)
    else:
        cells = sorted(board)
        while True:
            dark = rng.choice([c for c in cells if tilings.Region.colour(c) == "dark"])
            light = rng.choice([c for c in cells if tilings.Region.colour(c) == "light"])
            if tilings.count_tilings(board.without(dark, light)):
                break
    region = board.without(dark, light)
    return {"dark": str(dark), "light": str(light), "region": region,
            "art": str(region).replace("\n", " / ")}


def _mutilated_answer(p: dict) -> Choice:
    none = tilings.count_tilings(tilings.Region.rectangle(8, 8).without((0, 0), (7, 7))) == 0
    return Choice([
        ("yes, in many ways", "the two sawn-off corners have the same colour: count the dark "
                              "and the light squares that are left"),
        ("no, never", "every domino covers one dark and one light square, and 30 dark "
                      "squares cannot match 32 light ones"),
        ("yes, but only in one way", "if one covering existed, turning two dominoes in a "
                                     "2×2 square would usually give another"),
    ], correct=1 if none else 0)


LESSON = Lesson(
    number="06",
    title="Tilings and the mutilated chessboard",
    notebook="06-tilings-and-the-mutilated-chessboard.ipynb",
    question="When can dominoes cover a board, and how do we prove that they cannot?",
    objectives=(
        "Prove that a region cannot be tiled with an invariant: every domino covers one dark "
        "and one light square.",
        "Count the tilings of 2×n boards with the recurrence T(n) = T(n − 1) + T(n − 2).",
        "Find a Hall set: cells of one colour with fewer neighbours than members, a proof "
        "when the colours balance.",
    ),
    prerequisites=("Lesson 04 is helpful (graphs), not required.",
                   "Chessboard colouring; a recurrence such as the Fibonacci numbers."),
    materials=("Squared paper and 31 paper dominoes (2 × 1) per group, or real dominoes on an "
               "8×8 board drawn with squares of a tile's half.",
               "The printed worksheet (`dominolab worksheet 06`)."),
    timing=(
        Segment("hook", 6, "Saw two opposite corners off a chessboard (cross them out): can 31 "
                "dominoes cover the rest? Groups try for three minutes; exercise 06.1."),
        Segment("picture", 6, "A random tiling of the whole board; 12,988,816 tilings. The "
                "board coloured: each domino on one dark and one light square."),
        Segment("mathematics", 15, "The colouring proof; 2×n boards and Fibonacci; holes that "
                "balance the colours but still block (Hall's condition); Gomory's theorem."),
        Segment("exercises", 13, "Exercises 06.2 to 06.6; 06.6 with the tiling board."),
        Segment("exit ticket", 5, "Exercise 06.7: odd boards."),
    ),
    misconceptions=(
        Misconception("We tried for a long time and found no covering, so there is none.",
                      "Failing to find one is not a proof; an invariant (the colours) is.",
                      "Ask what would convince someone who has not tried."),
        Misconception("Equal numbers of dark and light squares guarantee a tiling.",
                      "The colours are necessary, not enough: cells of one colour may share "
                      "too few neighbours (Hall's condition).",
                      "Show the small region of the lesson with two dark cells and one light "
                      "neighbour between them."),
        Misconception("T(2, n) = 2ⁿ⁻¹: at each step a domino is vertical or horizontal.",
                      "Horizontal dominoes come in stacked pairs covering two columns, so the "
                      "choices are not independent.",
                      "Draw the 5 tilings of the 2×4 board."),
    ),
    exercises=(
        Spec(
            id="06.1", title="The mutilated chessboard",
            statement="Saw two opposite corners off a chessboard: 62 squares are left. Can 31 "
                      "dominoes, each covering two neighbouring squares, cover them exactly?",
            answer=_mutilated_answer,
            hints=("Colour the squares like a chessboard. Which colour are the two corners?",
                   "Which squares does one domino cover, whichever way it lies?"),
            solution="**$answer**. The two corners are both dark, so 30 dark and 32 light squares "
                     "are left. Every domino covers one dark and one light square, so 31 "
                     "dominoes would cover 31 of each: impossible, without trying a single "
                     "covering.",
            minutes=3,
        ),
        Spec(
            id="06.2", title="Tilings of a 2×$k strip",
            statement="A 2×1 strip has 1 tiling and a 2×2 square has 2. Look at the left end of "
                      "a 2×n strip: either one vertical domino stands there, or two horizontal "
                      "ones lie there, one above the other. So T(n) = T(n − 1) + T(n − 2). Use "
                      "it to find the number of tilings of the **2×$k** strip.",
            answer=_strip_answer, params=_strip_params,
            hints=("T(1) = 1, T(2) = 2, T(3) = 3, T(4) = 5, …",
                   "Keep adding the last two numbers until you reach T($k)."),
            solution="1, 2, 3, 5, 8, 13, 21, 34, 55, 89, … each the sum of the two before: "
                     "T($k) = T($km1) + T($km2) = **$answer** (a Fibonacci number).",
        ),
        Spec(
            id="06.3", title="The 3×4 board",
            statement="How many tilings does a **3×4** board have? Draw them. (The 3×2 end of "
                      "the board can be covered in 3 ways.)",
            answer=lambda p: Exact(tilings.count_tilings(3, 4), wrong={
                9: "that is 3 × 3 for the two 3×2 halves; you forgot the tilings where "
                   "horizontal dominoes cross the middle",
                3: "that is only the 3×2 board",
                6: "two 3×2 halves make 3 · 3 = 9 tilings, and some tilings cross the middle",
            }),
            hints=("Split the tilings by whether some domino crosses the line between columns "
                   "2 and 3 (counting from 1).",
                   "If none crosses, the two 3×2 halves are tiled separately: 3 · 3 = 9 ways."),
            solution="If no domino crosses the middle line, each 3×2 half is tiled on its own: "
                     "3 · 3 = 9 tilings. Three rows are an odd number of cells on each side, "
                     "so crossing dominoes come in pairs: two horizontal dominoes across the "
                     "middle, in the top two rows or the bottom two, and then the rest is "
                     "forced (vertical dominoes at both ends, horizontal ones in the last "
                     "row): 2 more. In all **$answer**.",
        ),
        Spec(
            id="06.5", title="Cover this board",
            statement="Take a 4×4 board and remove the dark cell $dark and the light cell "
                      "$light (cells are (row, column), counted from 0 at the top left; (0, 0) "
                      "is dark). Cover what is left with 7 dominoes. Write your tiling as "
                      "letter art: one letter per domino on its two cells, `.` for a removed "
                      "cell, rows separated by new lines.",
            answer=lambda p: tiling_witness(p["region"]), params=_hole_params,
            picture=lambda p: region_svg(p["region"]),
            hints=("Start in a corner next to a removed cell: often only one domino fits there.",
                   "When a cell has only one free neighbour, its domino is forced."),
            solution="One tiling (there are usually several):\n\n```\n$answer\n```\n\nGomory's theorem "
                     "says that removing one dark and one light cell from such a board always "
                     "leaves a tileable region.",
            minutes=5, lines=4,
        ),
        Spec(
            id="06.6", title="Balanced, and still impossible",
            statement="Remove cells from a 6×6 board so that as many dark as light cells are "
                      "left, yet no tiling exists. Use the tiling board (click cells away), then "
                      "`.check(board)`, or give the list of removed cells.",
            answer=lambda p: untileable_region_witness(6, 6, CORNER_CUT),
            hints=("Try to cut one cell off from all of its neighbours.",
                   "A corner cell has only two neighbours. What happens if both are removed?"),
            solution="For example remove $answer: the corner (0, 0) has lost both neighbours, "
                     "so it can never be covered, while the colours still balance. Any region "
                     "whose certificate is an odd piece or a Hall set works.",
            at_computer=True, minutes=4,
        ),
        Spec(
            id="06.4", title="A Hall set",
            statement="This region has 3 dark and 3 light cells, yet no tiling (rows from the "
                      "top, `#` a cell, `.` a hole): `..#.` / `####` / `.#..`. Find cells of "
                      "one colour that have **fewer** neighbours of the other colour than "
                      "there are of them. Give them as a list of (row, column).",
            answer=lambda p: hall_set_witness(ODD_SHAPE),
            picture=lambda p: region_svg(ODD_SHAPE),
            hints=("Look at the cells with only one neighbour.",
                   "Two cells that can only pair with the same cell cannot both be covered."),
            solution="The cells **$answer** are both dark, and their only light neighbour is "
                     "(1, 2). Each needs its own light partner in a domino, so one of them is "
                     "always left over: Hall's condition fails.",
        ),
        Spec(
            id="06.7", title="Exit ticket: odd boards",
            statement="Why does no m×n board with m · n odd (3×5, 7×7, …) have a tiling?",
            answer=lambda p: FreeText(
                "a tiling covers the cells two at a time, so the number of cells must be even; "
                "an m×n board with m · n odd has an odd number of cells."),
            hints=("How many cells does one domino cover?",),
            solution="Model answer: $answer (The colouring proves it too: one colour has one "
                     "cell more.)",
            exit_ticket=True, lines=3,
        ),
    ),
    extension="Kasteleyn, Temperley and Fisher (1961): T(m, n) is a product of cosines, "
              "4cos²(πj/(m+1)) + 4cos²(πk/(n+1)); with floats it fails from 12×12 on, and "
              "`count_tilings` computes it exactly.",
)
