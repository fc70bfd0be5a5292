"""Lesson 03 · Probability of deals: exact counts, simulation, redeals."""

from __future__ import annotations

import math
from fractions import Fraction

from ... import combinatorics as C
from ...i18n import tr
from ...tiles import DominoSet
from ..answers import Approx, Exact
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec

HANDS = C.hand_count(7, 6)


def _tile_params(rng: Rng, ctx: Ctx) -> dict:
    if rng is None:
        tile, k = "6:6", 7
    else:
        tile, k = str(rng.choice(list(DominoSet(6)))), rng.choice((5, 6, 8, 9, 10))
    return {"tile": tile, "k": k, "km1": k - 1}


def _tile_answer(p: dict) -> Exact:
    k = p["k"]
    return Exact(C.deal_probability("tile_in_hand", hand_size=k, tile=p["tile"]), wrong={
        Fraction(1, 28): tr("that is the chance that the first tile dealt is {tile}; you get "
                            "{k} tiles").format(tile=p["tile"], k=k),
        Fraction(1, k): "turn it round: the question is which of the 28 tiles you hold",
        Fraction(28 - k, 28): "that is the chance that you do not hold it",
    })


def _nodouble_params(rng: Rng, ctx: Ctx) -> dict:
    k = 5 if rng is None else rng.choice((3, 4, 6, 8))
    return {"k": k}


def _nodouble_answer(p: dict) -> Exact:
    k = p["k"]
    return Exact(C.deal_probability("no_double", hand_size=k), wrong={
        Fraction(21, 28) ** k: "you dealt with replacement: after one tile is dealt, the next "
                               "comes from 27 tiles, not 28",
        Fraction(math.comb(21, k), 28 ** k): tr("the hands are the C(28, {k}) sets of {k} "
                                                "tiles, not 28^{k} sequences").format(k=k),
        1 - Fraction(math.comb(21, k), math.comb(28, k)): "that is the chance of at least one "
                                                         "double",
    })


def _compare_answer(p: dict) -> Choice:
    none = C.deal_probability("no_double")
    three = C.deal_probability("doubles_at_least", k=3)
    right = 0 if none > three else 1
    return Choice([
        ("no double at all", tr("three or more doubles is more likely: about {three} against "
                                "{none}").format(three=f"{float(three):.0%}",
                                                 none=f"{float(none):.0%}") if right == 1 else ""),
        ("three or more doubles", "no double is more likely" if right == 0 else
         tr("about {three} against {none} for no double").format(three=f"{float(three):.0%}",
                                                                 none=f"{float(none):.0%}")),
        ("both are equally likely", "count both: C(21, 7) hands have no double, and "
         "the hands with j ≥ 3 doubles are C(7, j) · C(21, 7 − j)"),
    ], correct=right)


def _doubles_params(rng: Rng, ctx: Ctx) -> dict:
    terms = [math.comb(7, j) * math.comb(21, 7 - j) for j in range(3, 8)]
    p3 = C.deal_probability("doubles_at_least", k=3)
    return {"none": math.comb(21, 7), "terms": " + ".join(map(str, terms)),
            "three": sum(terms), "hands": HANDS, "approx": f"{float(p3):.3f}",
            "se": f"{math.sqrt(float(p3) * (1 - float(p3)) / 2000):.3f}"}


def _six_suit() -> int:
    return C.count_hands("suit_at_least", k=6)


def _redeal() -> Fraction:
    return C.deal_probability("redeal_wikipedia")


LESSON = Lesson(
    number="03",
    title="Probability of deals",
    notebook="03-probability-of-deals.ipynb",
    question="How often must a hand be dealt again, and do simulations agree with exact counts?",
    objectives=(
        "Count hands as sets of tiles, C(28, 7), and compute probabilities as exact fractions.",
        "Use the complement and simple products of binomial coefficients (no double, k doubles).",
        "Spot double counting when suits overlap, and compare exact values with simulations "
        "and their standard error.",
    ),
    prerequisites=("Lesson 01 (tiles, suits, doubles).", "C(m, k) and the rule "
                   "probability = good cases / all cases, for equally likely cases."),
    materials=("A double-six set per group, shuffled face down.",
               "The printed worksheet (`dominolab worksheet 03`)."),
    timing=(
        Segment("hook", 5, "Every group deals a hand of seven and counts its doubles; the class "
                "tallies. Exercise 03.1: which is more likely, no double or three or more?"),
        Segment("picture", 7, "A seeded deal on screen; the two hands the rules always redeal "
                "(all doubles, a whole suit)."),
        Segment("mathematics", 15, "C(28, 7) hands; no double, C(21, 7)/C(28, 7); the table of "
                "doubles; suits overlap, so 7 × P(one suit) overcounts; redeal rules."),
        Segment("exercises", 13, "Exercises 03.2 to 03.5, and the simulation 03.6 at "
                "the computer."),
        Segment("exit ticket", 5, "Exercise 03.7: why the naive sum can exceed 1."),
    ),
    misconceptions=(
        Misconception("Dealing 7 tiles is like drawing 7 times with replacement, so "
                      "P(no double) = (21/28)^7.",
                      "The tiles are dealt without replacement: after a non-double the next "
                      "tile comes from 27.",
                      "Deal two tiles by hand and ask what the second one can be."),
        Misconception("P(some suit has k tiles) = 7 × P(a given suit has k tiles).",
                      "A tile belongs to two suits, so a hand can be long in two suits and is "
                      "counted twice; for k = 3 the sum even exceeds 1.",
                      "Show a hand with three 2s and three 5s."),
        Misconception("A simulation with a few hundred deals gives the probability.",
                      "An estimate from N deals wanders by about √(p(1 − p)/N); 100 deals can "
                      "be off by 0.03 or more.",
                      "Compare the class tally with the exact value and its standard error."),
    ),
    exercises=(
        Spec(
            id="03.2", title="Is that tile in my hand?",
            statement="A double-six set is shuffled and you are dealt $k tiles. What is the "
                      "probability that **$tile** is one of them? Give an exact fraction.",
            answer=_tile_answer, params=_tile_params,
            hints=("Every tile is equally likely to be in your hand.",
                   "Your hand holds $k of the 28 tiles; which fraction of the tiles is that?"),
            solution="By symmetry every one of the 28 tiles is in your hand with the same "
                     "probability, and the hand holds $k of them, so the probability is "
                     "$k/28 = **$answer**. (Count: C(27, $km1) of the C(28, $k) hands hold "
                     "$tile.)",
        ),
        Spec(
            id="03.3", title="No double in a short hand",
            statement="With $k-tile hands, what is the probability of holding **no** double? "
                      "Give an exact fraction.",
            answer=_nodouble_answer, params=_nodouble_params,
            hints=("All C(28, $k) hands are equally likely.",
                   "A hand with no double takes all its $k tiles from the 21 tiles that are "
                   "not doubles."),
            solution="The hands without a double are the C(21, $k) ways to choose $k of the "
                     "21 non-doubles, out of C(28, $k) hands: C(21, $k)/C(28, $k) = "
                     "**$answer**.",
        ),
        Spec(
            id="03.1", title="None, or three or more?",
            statement="In a 7-tile hand, which is more likely: holding **no double at all**, or "
                      "holding **three or more doubles**? Decide before you compute.",
            answer=_compare_answer, params=_doubles_params,
            hints=("No double: C(21, 7) hands. Exactly j doubles: C(7, j) · C(21, 7 − j).",
                   "Add the hands with 3, 4, …, 7 doubles and compare with C(21, 7) = $none."),
            solution="No double: C(21, 7) = $none hands. Three or more: C(7, 3) · C(21, 4) + "
                     "C(7, 4) · C(21, 3) + … = $terms = $three hands. So the answer is "
                     "**$answer**.",
            minutes=4,
        ),
        Spec(
            id="03.4", title="Six of one suit",
            statement="How many of the 1,184,040 seven-tile hands hold **six or more** tiles of "
                      "one suit (some number shown on at least six of the tiles)?",
            answer=lambda p: Exact(_six_suit(), wrong={
                7 * 7 * 21: "the hands with a whole suit (all seven tiles of a number) are "
                            "missing",
                7 * 7 * 22: "you counted each whole-suit hand seven times: after choosing 6 "
                            "tiles of the suit, take the 7th tile from the 21 other tiles, and "
                            "count the whole suit once",
                7 * 21 + 1: "that is one suit; there are seven",
                7 * 7: "a hand has seven tiles: after choosing six of the suit, choose the "
                       "seventh too",
            }),
            hints=("Choose the suit (7 ways), then 6 or 7 of its tiles, then fill the hand "
                   "from the 21 tiles outside the suit.",
                   "Two different suits share only one tile, so no hand has six tiles of two "
                   "suits: nothing is counted twice."),
            solution="Choose the suit: 7 ways. Either 6 of its 7 tiles and 1 of the other 21 "
                     "(7 · 21 = 147 hands) or the whole suit (1 hand): 148 per suit. Two suits "
                     "share one tile, so a hand cannot have six of two suits, and the total is "
                     "7 · 148 = **$answer**.",
        ),
        Spec(
            id="03.6", title="Simulate three or more doubles",
            statement="Deal 2,000 hands of seven with `random.Random(5)` (`rng.sample(tiles, 7)`) "
                      "and count the hands with **three or more doubles**. Give your estimate "
                      "as `Fraction(hits, 2000)`. Any estimate within 0.03 of the exact value "
                      "(about three standard errors) is accepted.",
            answer=lambda p: Approx(C.deal_probability("doubles_at_least", k=3),
                                    Fraction(3, 100), what="the exact probability"),
            params=_doubles_params,
            hints=("A hand's doubles: `sum(t.is_double for t in hand)`.",
                   "`for _ in range(2000):` deal `hand = rng.sample(tiles, 7)` and add 1 to "
                   "`hits` when the hand has 3 or more doubles."),
            solution="The loop deals 2,000 hands and counts those with three or more doubles. "
                     "The exact value is $three/$hands ≈ $approx, and with 2,000 deals an "
                     "estimate has a standard error of √(p(1 − p)/2000) ≈ $se, so estimates "
                     "land within about 0.03. Answer: $answer.",
            at_computer=True, minutes=5,
        ),
        Spec(
            id="03.5", title="The mandatory redeal",
            statement="A hand made only of doubles, or only of one suit, must be dealt again. "
                      "What is the probability that a 7-tile hand must be redealt? Count the "
                      "hands by hand and give an exact fraction.",
            answer=lambda p: Exact(_redeal(), wrong={
                Fraction(1, HANDS): "that is only the all-doubles hand; each whole suit is "
                                    "one more hand",
                Fraction(7, HANDS): "the all-doubles hand is missing",
                Fraction(15, HANDS): "a whole suit is one hand (all seven of its tiles), not "
                                     "two",
            }),
            hints=("How many hands consist of doubles only? How many of one suit only?",
                   "A hand of seven tiles all showing 3 is exactly the suit of 3: one hand per "
                   "number."),
            solution="Exactly one hand is all doubles (there are exactly seven doubles), and "
                     "for each of the 7 numbers exactly one hand is that whole suit: 8 hands of "
                     "1,184,040, so the probability is 8/1184040 = **$answer**.",
        ),
        Spec(
            id="03.7", title="Exit ticket: more than certain?",
            statement="For three or more tiles of one suit, 7 × P(a given suit has three or "
                      "more) comes out as 1.54 — more than 1. Why is the naive sum wrong?",
            answer=lambda p: FreeText(
                "a tile a:b belongs to two suits, so one hand can have three tiles of several "
                "suits at once (three 2s and three 5s). Adding the seven suits' probabilities "
                "counts such a hand once for every long suit; the events overlap, and a sum "
                "of overlapping probabilities is only an upper bound."),
            hints=("Can one hand be long in two suits at once?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="With four hands at the table the events 'hand i must be redealt' are disjoint "
              "for the mandatory rule, but not for Morskoy kozel's rule: simulate a table and "
              "compare with 4p.",
)
