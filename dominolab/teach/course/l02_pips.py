"""Lesson 02 · The 168 pips: three proofs of n(n+1)(n+2)/2."""

from __future__ import annotations

from itertools import combinations_with_replacement

import sympy

from ... import combinatorics as C
from ...i18n import tr
from ...tiles import DominoSet
from ..answers import Exact, Formula
from ..choices import FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec

n = sympy.Symbol("n")


def _suit_params(rng: Rng, ctx: Ctx) -> dict:
    v = 6 if rng is None else rng.randint(1, 5)
    others = " + ".join(str(x) for x in range(7))
    return {"v": v, "others": others, "copies": 7 * v}


def _suit_answer(p: dict) -> Exact:
    v = p["v"]
    total = sum(t.pips for t in DominoSet(6).suit(v))
    return Exact(total, wrong={
        total - v: tr("the double {v}:{v} shows a {v} on both halves: its other half is a {v} "
                      "too").format(v=v),
        7 * v: tr("you counted only the {v}s; add the numbers on the other halves too").format(v=v),
        21: tr("you counted only the other halves; add the {v}s too").format(v=v),
    })


def _total_params(rng: Rng, ctx: Ctx) -> dict:
    m = 9 if rng is None else rng.choice((3, 4, 5, 7, 8, 10, 12))
    return {"n": m, "ends": m + 2, "kinds": m + 1, "tiles": C.set_size(m),
            "numbers": " + ".join(str(x) for x in range(min(m, 3) + 1)) + f" + … + {m}",
            "sum": m * (m + 1) // 2}


def _total_answer(p: dict) -> Exact:
    m = p["n"]
    total = C.pip_total(m)
    return Exact(total, wrong={
        (m + 1) * m * (m + 1) // 2: "each number is on n + 2 ends, not n + 1: the double "
                                    "shows it twice",
        2 * total: "that counts every pip twice (a tile and its partner both carry it)",
        m * (m + 1) // 2: "that is one end of each number: each number is on n + 2 ends",
    })


def _tri_total() -> int:
    return sum(map(sum, combinations_with_replacement(range(6), 3)))


LESSON = Lesson(
    number="02",
    title="The 168 pips",
    notebook="02-the-168-pips.ipynb",
    question="How many pips are on all the tiles of a set, and why, for every set at once?",
    objectives=(
        "Count the pips of a double-n set by numbers: each number is on n + 2 tile ends.",
        "Prove the same total by pairing every tile a:b with its partner (n − a):(n − b).",
        "See that three independent arguments give one formula, n(n + 1)(n + 2)/2, and check it "
        "symbolically with sympy.",
    ),
    prerequisites=("Lesson 01 (the double-n set has (n + 1)(n + 2)/2 tiles).",
                   "The sum 0 + 1 + … + n = n(n + 1)/2."),
    materials=("A double-six set per group.", "The printed worksheet (`dominolab worksheet 02`)."),
    timing=(
        Segment("hook", 5, "Each group takes one suit (all tiles showing a 3, say) and adds its "
                "pips: exercise 02.1. Why do the groups with the same number agree?"),
        Segment("picture", 8, "The suit of 3 laid out: seven tiles, but eight 3s — the double. "
                "The partner picture: each tile above its partner, every column 12 pips."),
        Segment("mathematics", 15, "Proof 1 by numbers (8 ends × 21), proof 2 by pairing "
                "(28 × 12 / 2), proof 3 by summation; sympy shows the three formulas agree."),
        Segment("exercises", 12, "Exercises 02.2 to 02.5."),
        Segment("exit ticket", 5, "Exercise 02.6: say in one sentence why the pairing proof "
                "works."),
    ),
    misconceptions=(
        Misconception("Each number appears on 7 tiles, so on 7 ends.",
                      "The double shows its number on both halves: 8 ends for double-six "
                      "(n + 2 in general).",
                      "Have students count the 3s on the suit of 3, not the tiles."),
        Misconception("Pairing counts each pip once, so the total is 28 × 12 = 336.",
                      "Every tile is in one pair as itself and in one as a partner: the "
                      "columns count every pip twice.",
                      "Ask where the tile 0:0 appears in the partner picture (twice)."),
        Misconception("Three proofs that agree on double-six prove nothing more.",
                      "Each proof works for every n; sympy checks the formulas are the same "
                      "expression, not only equal at n = 6.",
                      "Evaluate the formulas at n = 9 before showing the sympy check."),
    ),
    exercises=(
        Spec(
            id="02.1", title="The pips of one suit",
            statement="The **suit** of $v is the seven tiles of the double-six set that show a "
                      "$v: 0:$v, 1:$v, …, 6:$v (in any order of halves). How many pips are "
                      "on these seven tiles together?",
            answer=_suit_answer, params=_suit_params,
            hints=("Split each tile into its $v half and its other half.",
                   "The other halves show 0, 1, …, 6 once each. How many halves show a $v? "
                   "Careful with the double."),
            solution="Split each tile into a $v half and its other half. The seven $v halves "
                     "carry 7 · $v = $copies pips. The other halves show $others = 21 "
                     "(the other half of the double $v:$v is the $v in that sum). Together "
                     "**$answer**: the $v appears eight times in all.",
        ),
        Spec(
            id="02.2", title="The pips of a double-$n set",
            statement="How many pips are there on all the tiles of a double-$n set together?",
            answer=_total_answer, params=_total_params,
            hints=("Count by numbers: on how many tile ends does one number appear?",
                   "The suit of a number has $kinds tiles, and its double shows it twice: "
                   "$ends ends.",
                   "Every number 0, 1, …, $n is on $ends ends: multiply $ends by "
                   "$numbers."),
            solution="Each number is on the $kinds tiles of its suit and twice on its double: "
                     "$ends ends. So the total is $ends × ($numbers) = $ends × $sum = "
                     "**$answer**. (Check by pairing: $tiles tiles, $n pips on average.)",
        ),
        Spec(
            id="02.4", title="The average tile",
            statement="What is the *average* number of pips on a tile of the double-*n* set? "
                      "Give a formula in *n*.",
            answer=lambda p: Formula(C.pip_total(n) / C.set_size(n), start=1,
                                     truth="the average tile of double-{n} has {value} pip{s}",
                                     wrong=[(n / 2, "that is the average half, not the "
                                                    "average tile"),
                                            (2 * n, "that is what a tile and its partner "
                                                    "carry together")]),
            hints=("Pair each tile a:b with its partner (n − a):(n − b).",
                   "A tile and its partner carry 2n pips together."),
            solution="A tile and its partner carry a + b + (n − a) + (n − b) = 2n pips, and "
                     "the partners run through the whole set again, so the average of a tile "
                     "and its partner is the average tile: **$answer**.",
        ),
        Spec(
            id="02.3", title="The formula",
            statement="Give the number of pips on all tiles of the double-*n* set as a formula "
                      "in *n*.",
            answer=lambda p: Formula(C.pip_total(n), start=1,
                                     truth="a double-{n} set has {value} pip{s}",
                                     wrong=[(n * (n + 1) ** 2 / 2, "each number is on n + 2 "
                                             "ends, not n + 1: the double shows it twice"),
                                            (n * (n + 1) * (n + 2), "that counts every pip "
                                             "twice")]),
            hints=("Use exercise 02.2 with n for the number: each number is on n + 2 ends.",
                   "0 + 1 + … + n = n(n + 1)/2."),
            solution="Each of the numbers 0 … n is on n + 2 ends, so the total is "
                     "(n + 2)(0 + 1 + … + n) = (n + 2) · n(n + 1)/2 = **$answer**. "
                     "For n = 6: 8 · 21 = 168.",
        ),
        Spec(
            id="02.5", title="The corners of the triominoes",
            statement="The 56 triominoes have the numbers 0 to 5 at their corners, each tile a "
                      "multiset of three numbers. Add up all the corner numbers of the whole "
                      "set. (Try a pairing: a ↔ 5 − a.)",
            answer=lambda p: Exact(_tri_total(), wrong={
                56 * 15: "that counts every corner twice: a tile and its partner carry 15 "
                         "together",
                56 * 5: "a triomino has three corners, each 2.5 on average",
            }),
            hints=("The partner of the triomino a-b-c is (5 − a)-(5 − b)-(5 − c).",
                   "A triomino and its partner carry 15 together."),
            solution="Pair every triomino with its partner: together they carry 3 · 5 = 15, "
                     "and the partners are the whole set again, so twice the total is "
                     "56 · 15 and the total is **$answer**.",
        ),
        Spec(
            id="02.6", title="Exit ticket: why the pairing works",
            statement="In one or two sentences: why does pairing each tile with its partner "
                      "prove that the double-six set has 28 × 6 pips?",
            answer=lambda p: FreeText(
                "a tile a:b and its partner (6 − a):(6 − b) always carry 12 pips together, "
                "and the partners are the 28 tiles again in another order. Adding the 28 "
                "columns counts every pip twice: 2 · total = 28 · 12, so total = 28 · 6 = 168."),
            hints=("What do a tile and its partner carry together?",
                   "How often is each tile counted when you add the columns?"),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="Prove with the same pairing that the average tile of the double-n set carries "
              "n pips, and find the average triomino of a 0 … m set.",
)
