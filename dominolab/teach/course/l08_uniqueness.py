"""Lesson 08 · Dominosa: one solution, many, or none (uniqueness, counting, generating)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from sympy.utilities.iterables import multiset_permutations

from ... import tilings
from ...puzzles.dominosa import Dominosa
from ...render.dominosa import grid_svg
from ..answers import Exact
from ..choices import FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_games import dominosa_solution_witness

#: a double-2 grid with exactly two solutions (found by grading random layouts)
TWIN = "2:120001012122"


def all_grids(n: int) -> Iterator[Dominosa]:
    """Every double-n grid: each number 0..n exactly n + 2 times in n + 1 rows of n + 2."""
    cols = n + 2
    numbers = [v for v in range(n + 1) for _ in range(n + 2)]
    for flat in multiset_permutations(numbers):
        yield Dominosa([flat[r * cols:(r + 1) * cols] for r in range(n + 1)])


@lru_cache(maxsize=None)
def solution_tally(n: int) -> tuple[tuple[int, int], ...]:
    """``(k, number of double-n grids with k solutions)``, by brute force (n ≤ 1 here)."""
    tally = Counter(g.count_solutions(limit=None) for g in all_grids(n))
    return tuple(sorted(tally.items()))


def grid_count(n: int) -> int:
    """The number of double-n grids, a multinomial coefficient."""
    return math.factorial((n + 1) * (n + 2)) // math.factorial(n + 2) ** (n + 1)


def pairs(n: int) -> int:
    """(grid, solution) pairs: tilings of the board × orders of the tiles × turns of the
    non-doubles."""
    tiles = (n + 1) * (n + 2) // 2
    return tilings.count_tilings(n + 1, n + 2) * math.factorial(tiles) * 2 ** (tiles - n - 1)


def _twin_params(rng: Rng, ctx: Ctx) -> dict:
    p = Dominosa.parse(TWIN)
    shown = next(iter(p.solutions()))
    return {"puzzle": p, "shown": shown, "grid": str(p).replace("\n", " / "),
            "art": str(shown)}


def _one_solution() -> int:
    return dict(solution_tally(1)).get(1, 0)


LESSON = Lesson(
    number="08",
    title="Dominosa: one solution, many, or none",
    notebook="08-dominosa-uniqueness.ipynb",
    question="When does a grid have exactly one solution, how many grids are there, and how "
             "does a generator make good puzzles?",
    objectives=(
        "Tell a puzzle (exactly one solution) from a grid with several or none, and explain "
        "why a finished chain of deductions proves uniqueness.",
        "Count grids with a multinomial coefficient and (grid, solution) pairs as tilings × "
        "orders × turns.",
        "Describe how a generator plants a solution and repairs the grid until the solver "
        "finishes it at the wanted grade.",
    ),
    prerequisites=("Lesson 07 (Dominosa rules and deductions).",
                   "Lesson 06 (tilings of rectangles), for exercise 08.3.",
                   "Factorials; arranging objects with repeats."),
    materials=("The printed worksheet (`dominolab worksheet 08`).",
               "Six tiles 0:0 … 2:2 per pair, to try the two solutions of exercise 08.4."),
    timing=(
        Segment("hook", 5, "The smallest bad grid: 0 0 1 / 1 0 1. Pairs find two different "
                "ways to put 0:0, 0:1, 1:1 back."),
        Segment("picture", 7, "Both solutions drawn; why a finished chain of reasons proves "
                "there is only one; grading random grids: almost none are puzzles."),
        Segment("mathematics", 15, "Counting all grids (a multinomial coefficient); counting "
                "from the other side: tilings × orders × turns; the brute-force tallies."),
        Segment("exercises", 13, "Exercises 08.1 to 08.5 (08.1 before the tally is shown)."),
        Segment("exit ticket", 5, "Exercise 08.6."),
    ),
    misconceptions=(
        Misconception("If I found a solution, the puzzle is fine.",
                      "A grid may have several solutions; a puzzle needs exactly one.",
                      "Exercise 08.4: find a second solution of a grid."),
        Misconception("Arrangements of 12 numbers: 12!.",
                      "Equal numbers are not different: divide by 4! for each number's "
                      "repeats.",
                      "Count arrangements of 0 0 1 1 by listing them: 6, not 24."),
        Misconception("A double can be turned round as well, so 2⁶.",
                      "Turning a double gives the same picture: only non-doubles have two "
                      "ways.",
                      "Turn a real 2:2 round."),
    ),
    exercises=(
        Spec(
            id="08.1", title="Double-1 grids with one solution",
            statement="A double-1 grid has 2 rows of 3 cells showing 0 0 0 1 1 1 in some "
                      "order; the tiles 0:0, 0:1 and 1:1 must go back. How many of the 20 "
                      "possible grids have **exactly one** solution? Find them by hand: which "
                      "arrangements leave no choice?",
            answer=lambda p: Exact(_one_solution(), wrong={
                20: "not every grid works: some have no solution and many have two or three",
                2: "those are the grids with no solution at all",
                10: "those have two solutions",
            }),
            hints=("0:0 and 1:1 each need two equal numbers side by side.",
                   "Try the grids where the three 0s form an L or a line."),
            solution="Brute force over all 20 grids (the notebook does it) finds **$answer** "
                     "with exactly one solution; by hand, they are the grids where the "
                     "positions of 0:0 and 1:1 are forced and 0:1 takes the rest.",
        ),
        Spec(
            id="08.2", title="How many double-2 grids?",
            statement="A double-2 grid has 3 rows of 4 cells, and each of 0, 1, 2 appears 4 "
                      "times. How many different grids are there?",
            answer=lambda p: Exact(grid_count(2), wrong={
                math.factorial(12): "equal numbers are not different: swapping two 0s gives "
                                    "the same grid",
                3 ** 12: "each number must appear exactly 4 times",
                math.comb(12, 4): "after the 0s choose their 4 cells, the 1s choose 4 of the "
                                  "8 left",
                math.factorial(12) // math.factorial(4): "divide by 4! for every number, not "
                                                         "only one",
            }),
            hints=("Choose the 4 cells of the 0s, then the 4 cells of the 1s among the rest.",
                   "C(12, 4) · C(8, 4) · C(4, 4) = 12! / (4! · 4! · 4!)."),
            solution="Choose the cells of the 0s, C(12, 4) = 495 ways, then of the 1s among "
                     "the other 8, C(8, 4) = 70, and the 2s take the rest: 495 · 70 = "
                     "**$answer** = 12!/(4!)³.",
        ),
        Spec(
            id="08.3", title="Grids and solutions together",
            statement="Every solution of a double-2 grid is a tiling of the 3×4 board (it has "
                      "11 tilings) together with a way to put the 6 tiles on its 6 dominoes, "
                      "each tile turned one of two ways — a double looks the same both ways. "
                      "How many (tiling, tiles) arrangements are there? That is the number of "
                      "(grid, solution) pairs.",
            answer=lambda p: Exact(pairs(2), wrong={
                11 * 720: "each of the 3 tiles that are not doubles can be turned 2 ways",
                11 * 720 * 64: "a double looks the same both ways round: only 3 tiles turn",
                11 * 6 * 8: "the 6 tiles can be put on the 6 dominoes in 6! orders",
                720 * 8: "multiply by the 11 tilings too",
            }),
            hints=("Orders of 6 tiles on 6 dominoes: 6!.",
                   "Turns: 2 for each of 0:1, 0:2 and 1:2."),
            solution="11 tilings × 6! = 720 orders × 2³ = 8 turns = **$answer** (grid, "
                     "solution) pairs; adding k · N_k over the brute-force tally gives the same.",
        ),
        Spec(
            id="08.4", title="The other solution",
            statement="The grid `$grid` has exactly two solutions. Here is one of them "
                      "(every cell points to its partner: `><` a domino lying across, `v` over `^` one "
                      "standing up):\n\n```\n$art\n```\n\n"
                      "Find the other. Give it as the same kind of picture (text), or as a "
                      "list of cell pairs.",
            answer=lambda p: dominosa_solution_witness(p["puzzle"], other_than=p["shown"]),
            params=_twin_params, picture=lambda p: grid_svg(p["puzzle"]),
            hints=("Find a 2×2 block covered by two parallel dominoes: turning both by a "
                   "quarter may keep the same two tiles.",
                   "Both solutions share every tile outside that block."),
            solution="The other solution:\n\n```\n$answer\n```\n\nTwo parallel dominoes in a "
                     "2×2 block whose numbers read the same tiles both ways can be turned "
                     "together: a grid with such a block can never be a puzzle.",
            minutes=5, lines=4,
        ),
        Spec(
            id="08.5", title="Could brute force do double-3?",
            statement="For a double-3 grid (4 rows of 5) the same walk would visit every "
                      "tiling of the 4×5 board (there are 95), every order of the 10 tiles "
                      "and every turn of the 6 tiles that are not doubles. How many "
                      "arrangements is that?",
            answer=lambda p: Exact(pairs(3), wrong={
                95 * math.factorial(10): "the 6 non-doubles can each be turned 2 ways",
                95 * math.factorial(10) * 2 ** 10: "the 4 doubles look the same both ways "
                                                   "round",
            }),
            hints=("95 · 10! · 2⁶.",),
            solution="95 · 10! · 2⁶ = **$answer**: about 22 billion, far too many to walk "
                     "through; that is why the solver uses deductions and a clever search.",
            minutes=2,
        ),
        Spec(
            id="08.6", title="Exit ticket: why the chain proves it",
            statement="Why does a finished chain of deductions (every step forced) prove that "
                      "a grid has exactly one solution?",
            answer=lambda p: FreeText(
                "every step says that every solution must contain this tile, or that no "
                "solution contains this pair. When the steps fill the grid, every solution "
                "contains exactly these tiles, so all solutions are the same one — and the "
                "filled grid is a solution, so there is exactly one."),
            hints=("What does each step say about every solution?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="`generate(n, level, seed)` plants a random solution and repairs the grid where "
              "the level-capped solver gets stuck; try `generate(12, 'hard', seed=1)` and "
              "compare with redrawing whole grids until one fits.",
)
