"""Lesson 14 · Recurrences and generating functions for tilings: 2×n strips as compositions,
3×n strips and their recurrence, the transfer matrix, the generating function, and the
Aztec diamond with its arctic circle."""

from __future__ import annotations

import sympy

from ...i18n import tr
from ...render.tilings import tiling_svg
from ...tilings import compositions, count_tilings, recurrence, tiling_of
from ..answers import Exact, Formula
from ..choices import Choice, FreeText, Numbers
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_tilings import fault_free_witness


def _sums_params(rng: Rng, ctx: Ctx) -> dict:
    return {"n": 5 if rng is None else rng.choice((4, 6, 7))}


def _sums_answer(p: dict) -> Exact:
    n = p["n"]
    return Exact(len(compositions(n)), wrong={
        n // 2 + 1: "that counts the sums without order (how many 2s there are); "
                    "1 + 2 and 2 + 1 are different sums here, as they are different tilings",
        2 ** (n - 1): tr("2^{e} counts the sums with any parts (3, 4, …); only 1s and "
                         "2s are allowed").format(e=n - 1),
    })


_OWN_COMPOSITION: tuple[int, ...] = (2, 1, 1, 2, 1)


def _composition_params(rng: Rng, ctx: Ctx) -> dict:
    if rng is None:
        comp = _OWN_COMPOSITION
    else:
        n = rng.choice((7, 8))
        comp = rng.choice([c for c in compositions(n) if c != c[::-1] and 1 in c and 2 in c
                           and c.count(2) >= 2])
    return {"comp": comp, "n": sum(comp)}


def _composition_answer(p: dict) -> Numbers:
    comp = p["comp"]
    return Numbers(comp, ordered=True, what=tr("the parts in order, such as (1, 2, 1)"),
                   wrong=[
        (comp[::-1], "that is the composition read from right to left; read the strip "
                     "from its left end"),
        (tuple(3 - c for c in comp), "the roles are swapped: a vertical domino covers one "
                                     "column (a 1), two stacked horizontal ones cover two "
                                     "(a 2)"),
        ((1,) * sum(comp), "a 2 is a pair of stacked horizontal dominoes: together they "
                           "cover two columns, and they are one part"),
    ])


def _strip_params(rng: Rng, ctx: Ctx) -> dict:
    k = 4 if rng is None else rng.choice((5, 6))
    return {"k": k, "cols": 2 * k}


def _strip_answer(p: dict) -> Exact:
    k = p["k"]
    a = [count_tilings(3, 2 * j) for j in range(k + 1)]
    return Exact(a[k], wrong={
        4 * a[k - 1]: "4·a(k−1) forgets the − a(k−2)",
        4 * a[k - 1] + a[k - 2]: "the recurrence subtracts a(k−2); it does not add it",
        3 ** k: tr("3^{k} counts only the tilings cut into 3×2 blocks; others have "
                   "horizontal dominoes across the block lines").format(k=k),
        a[k - 1]: tr("that is the 3×{cols} board, one step short").format(cols=2 * k - 2),
    })


def _four_answer(p: dict) -> Exact:
    return Exact(count_tilings(4, 5), wrong={
        count_tilings(4, 4): "that is the 4×4 board; the strip has 5 columns",
        count_tilings(4, 6): "that is the 4×6 board; the strip has 5 columns",
        0: "a 4×5 board has 20 cells, an even number, and can be tiled: only an odd number "
           "of cells rules every tiling out",
    })


def _gf_answer(p: dict) -> Choice:
    # the options are written from the recurrence the package reads off the denominator
    rec = recurrence(3)
    c = {i: v for i, v in enumerate(rec.coefficients, start=1) if v}
    right = " ".join(f"{'+' if v > 0 else '−'} {abs(v) if abs(v) != 1 else ''}a(n−{i})"
                     for i, v in c.items()).lstrip("+ ")
    pairs = " ".join(f"{'+' if v > 0 else '−'} {abs(v) if abs(v) != 1 else ''}a(n−{i // 2})"
                     for i, v in c.items()).lstrip("+ ")
    flipped = " ".join(f"{'+' if v < 0 else '−'} {abs(v) if abs(v) != 1 else ''}a(n−{i})"
                       for i, v in c.items()).lstrip("+ ").replace("− ", "−", 1)
    return Choice([
        (f"a(n) = {right}",
         "the denominator 1 − 4x² + x⁴ times the series is the numerator, a polynomial of "
         "degree 2; so from x⁴ on, each coefficient minus 4 times the one two places "
         "back plus the one four places back is 0"),
        (f"a(n) = {pairs}",
         "that is the recurrence of the 3×2k boards, where k counts pairs of columns; "
         "n counts columns, and x² is a step of two columns"),
        (f"a(n) = {flipped}",
         "multiplying by the denominator gives a(n) − 4a(n−2) + a(n−4) = 0: solving for "
         "a(n) changes the signs"),
    ], correct=0)


def _aztec_answer(p: dict) -> Formula:
    n = sympy.Symbol("n")
    # (tests/test_recurrences.py counts the diamonds of order 1 to 4 by listing, and the
    # package's counter counts them to order 10)
    return Formula(2 ** (n * (n + 1) / 2), truth="the Aztec diamond of order {n} has "
                   "{value} tilings", start=1, points=30,
                   wrong=[(2 ** (2 * n - 1), "2^(2n−1) fits 2 and 8 but not 64: the "
                                             "exponents are 1, 3, 6, 10, which grow by "
                                             "1, 2, 3, 4"),
                          (2 ** (n ** 2), "the exponents 1, 3, 6, 10 are not squares: "
                                          "they are triangular numbers"),
                          (8 ** (n - 1), "8^(n−1) multiplies by 8 each time; the ratios are "
                                         "4, 8, 16")])


LESSON = Lesson(
    number="14",
    title="Recurrences and generating functions for tilings",
    notebook="14-recurrences-and-the-aztec-diamond.ipynb",
    question="Lesson 06 found that 2×n strips have Fibonacci numbers of tilings. How many "
             "have 3×n or 4×n strips — is there a method that always gives a recurrence? "
             "And what does a typical tiling of a large board look like?",
    objectives=(
        "Match the tilings of a 2×n strip with the compositions of n into 1s and 2s, and "
        "derive a(n) = a(n−1) + a(n−2) from the last part.",
        "Derive a(k) = 4a(k−1) − a(k−2) for 3×2k strips by cutting at the first fault "
        "line.",
        "Build the transfer matrix of a strip, read the counts from its powers and explain "
        "why every strip has a linear recurrence.",
        "Read a recurrence off a rational generating function (sympy), and recognise "
        "2^(n(n+1)/2) for the Aztec diamond; describe the arctic circle of a uniform random "
        "tiling.",
    ),
    prerequisites=("Lesson 06 (tilings, the 2×n strips).",
                   "Matrix multiplication; power series (for the generating function)."),
    materials=("A double-six set: 28 tiles make every 2×n strip up to 2×28 on the table.",
               "The printed worksheet (`dominolab worksheet 14`)."),
    timing=(
        Segment("hook", 6, "Lay 2×5 strips with real tiles in every way; write each as a sum "
                "of 1s and 2s (exercise 14.1)."),
        Segment("picture", 6, "The 2×n tilings beside their compositions: the bijection "
                "(exercise 14.2)."),
        Segment("mathematics", 15, "Fault lines and the 3×2k recurrence (14.3, 14.4); the "
                "transfer matrix and its powers; the generating function (14.6)."),
        Segment("exercises", 13, "Exercises 14.5 and 14.7; the Aztec diamond, its count "
                "and the arctic circle of a uniform random tiling."),
        Segment("exit ticket", 5, "Exercise 14.8: why every strip has a recurrence."),
    ),
    misconceptions=(
        Misconception("A 3×2k board is k blocks of 3×2, so it has 3^k tilings.",
                      "Horizontal dominoes can cross the lines between the blocks: the 3×4 "
                      "board has 11 tilings, not 9.",
                      "Show the two 3×4 tilings with no fault line (exercise 14.3)."),
        Misconception("The recurrence a(n) = 4a(n−1) − a(n−2) holds for every 3×n strip.",
                      "It is a recurrence for the 3×2k strips in k; in the number of columns "
                      "it is a(n) = 4a(n−2) − a(n−4), with 0 for odd n.",
                      "Print the counts of 3×n for n = 0 … 8: every other one is 0."),
        Misconception("A random tiling looks the same everywhere.",
                      "A uniform random tiling of a large Aztec diamond is frozen into brick "
                      "walls near the corners and random only inside the inscribed circle.",
                      "Draw random_aztec_tiling(60) and count the kinds outside the circle."),
    ),
    exercises=(
        Spec(
            id="14.1", title="Sums of 1s and 2s",
            statement="In how many ways can $n be written as an ordered sum of 1s and 2s? "
                      "(For 3: 1 + 1 + 1, 1 + 2, 2 + 1.)",
            answer=_sums_answer, params=_sums_params,
            hints=("Sort the sums by their last part: a 1 or a 2. What is left before it?",
                   "The number for $n is the number for one less plus the number for two "
                   "less."),
            solution="Sorted by the last part: (sums of n − 1) + (sums of n − 2): 1, 2, 3, 5, "
                     "8, 13, 21, … so **$answer** for $n. Each sum is a tiling of the 2×$n "
                     "strip.",
            minutes=3,
        ),
        Spec(
            id="14.2", title="A tiling's composition",
            statement="Read this tiling of a 2×$n strip from left to right: a vertical "
                      "domino is a 1, two horizontal dominoes one above the other are a 2. "
                      "Which composition of $n is it?",
            answer=_composition_answer, params=_composition_params,
            picture=lambda p: tiling_svg(tiling_of(p["comp"]), size=28),
            hints=("Start at the left end: is the first column one vertical domino?",),
            solution="Left to right: **$answer**. Every tiling gives one composition and "
                     "every composition one tiling: a bijection, so both are counted by the "
                     "same numbers.",
            minutes=2,
        ),
        Spec(
            id="14.3", title="A 3×4 tiling with no fault line",
            statement="A *fault line* of a tiling is a line between two columns that no "
                      "domino crosses: it cuts the tiling into two smaller ones. Give a "
                      "tiling of the 3×4 board **without** a fault line.",
            answer=lambda p: fault_free_witness(3, 4),
            hints=("Some horizontal domino must cross each of the three lines between "
                   "columns.",
                   "Put a vertical domino in the top two cells of the first column; the cell "
                   "under it needs a horizontal domino."),
            solution="For example\n\n```\n$answer\n```\n\nand the same turned upside down: "
                     "these are the only two. So a 3×2k board with k ≥ 2 starts with a 3×2 "
                     "block (3 ways) or with one of the 2 fault-free pieces of length 4, "
                     "6, …: a(k) = 3a(k−1) + 2(a(k−2) + … + a(0)).",
            minutes=3,
        ),
        Spec(
            id="14.4", title="The 3×$cols board",
            statement="The 3×2 board has 3 tilings and the 3×4 board 11. Subtracting the "
                      "sum of exercise 14.3 for k − 1 from the sum for k gives a(k) = "
                      "4a(k−1) − a(k−2) for the 3×2k boards. How many tilings has the "
                      "**3×$cols** board?",
            answer=_strip_answer, params=_strip_params,
            hints=("a(0) = 1 (the empty board), a(1) = 3, a(2) = 11.",
                   "a(3) = 4 · 11 − 3."),
            solution="1, 3, 11, 41, 153, 571, 2131, …: each is 4 times the one before minus "
                     "the one before that, so the 3×$cols board has **$answer** tilings.",
            minutes=3,
        ),
        Spec(
            id="14.5", title="The 4×5 board",
            statement="Change `m = 3` to `m = 4` in the transfer-matrix cell above and run "
                      "it. How many tilings has the **4×5** board?",
            answer=_four_answer,
            hints=("The count of the m×n board is the top-left entry of T to the power n.",),
            solution="`(T**5)[0, 0]` for m = 4 is **$answer**, the same as "
                     "`count_tilings(4, 5)`. The 4-row matrix has 6 states that lie on some "
                     "tiling.",
            minutes=2, at_computer=True,
        ),
        Spec(
            id="14.6", title="A recurrence from the denominator",
            statement="The generating function of the 3×n strips (n columns) is "
                      "(1 − x²)/(1 − 4x² + x⁴). Which recurrence does its denominator give?",
            answer=_gf_answer,
            hints=("Multiply the series a(0) + a(1)x + a(2)x² + … by the denominator: the "
                   "product is 1 − x².",
                   "Look at the coefficient of xⁿ in the product for n ≥ 4."),
            solution="**$answer**: the coefficient of xⁿ in (1 − 4x² + x⁴)·Σa(n)xⁿ is "
                     "a(n) − 4a(n−2) + a(n−4), and it is 0 from n = 4 on. In pairs of "
                     "columns that is a(k) = 4a(k−1) − a(k−2).",
            minutes=3,
        ),
        Spec(
            id="14.7", title="The Aztec diamond's count",
            statement="The Aztec diamonds of order 1, 2, 3, 4 have 2, 8, 64 and 1024 tilings "
                      "(the counts above). Guess a formula in n for the order-n diamond.",
            answer=_aztec_answer,
            hints=("Write each count as a power of 2.",
                   "The exponents are 1, 3, 6, 10."),
            solution="The exponents are the triangular numbers n(n+1)/2: **$answer**. Elkies, "
                     "Kuperberg, Larsen and Propp proved it in 1992; domino shuffling is "
                     "their proof made into a sampler.",
            minutes=3,
        ),
        Spec(
            id="14.8", title="Exit ticket: why a recurrence?",
            statement="Why do the tilings of m×n strips, for a fixed m, always satisfy a "
                      "linear recurrence in n?",
            answer=lambda p: FreeText(
                "a tiling is a walk through the transfer matrix's states, column by "
                "column, so the count is the entry (0, 0) of Tⁿ; there are finitely many "
                "states (at most 2^m), and by the Cayley–Hamilton theorem T satisfies its "
                "characteristic polynomial, so the entries of Tⁿ satisfy the linear "
                "recurrence with those coefficients; equivalently the generating function is "
                "rational, and its denominator gives the recurrence."),
            hints=("What does the transfer matrix remember between two columns, and how "
                   "many possibilities are there?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="The 4×n and 5×n strips: `generating_function(4)` and `recurrence(4)`; the "
              "Aztec diamond of order 100 with `random_aztec_tiling(100)`.",
    notes=(f"The 3×2k counts: {recurrence(3, step=2).terms(7)}; the 4×n counts: "
           f"{recurrence(4).terms(8)}.",),
)
