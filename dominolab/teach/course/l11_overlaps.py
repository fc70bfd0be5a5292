"""Lesson 11 · Overlaps and averages: inclusion–exclusion over suits, expectation by
indicators, the hypergeometric law."""

from __future__ import annotations

import math
from fractions import Fraction

from ...combinatorics import overlaps as O
from ...i18n import tr
from ..answers import Exact
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec


def _naive_answer(p: dict) -> Choice:
    ie = O.inclusion_exclusion(4)
    too_many = ie.naive > ie.total          # the engine's verdict, not a constant
    return Choice([
        ("too many: a hand long in two suits is counted twice",
         "the hand 0:1 0:2 0:3 0:4 1:2 1:3 1:4 is long in 0 and in 1, and is counted once "
         "for each"),
        ("right: the seven suits are seven different events",
         "the events are different, but they overlap: a hand can be long in two suits "
         "at once"),
        ("too few: some hands are long in a suit without being counted",
         "every hand with four tiles of some suit is counted for that suit; the trouble "
         "is the other way round"),
    ], correct=0 if too_many else 1)


def _pair_answer(p: dict) -> Exact:
    both = O.long_in_suits(2, 4, 7, 6)
    return Exact(both, wrong={
        0: "four of each suit need eight tiles only if they share none; the suits of 0 "
           "and 1 share the tile 0:1",
        math.comb(7, 4) ** 2: "C(7, 4)² chooses four of each suit separately, and most of "
                              "those pairs need eight tiles; in seven tiles 0:1 must be "
                              "there, and three more of each suit",
        math.comb(6, 3): "that chooses the other tiles of one suit; the second suit "
                         "chooses its three too",
    })


def _union_answer(p: dict) -> Exact:
    ie = O.inclusion_exclusion(4)
    one, two = ie.terms[0].each, ie.terms[1].each
    return Exact(ie.total, wrong={
        ie.naive: "that is the first line alone: the hands long in two suits are in it twice",
        7 * one - two: "subtract the overlap for every pair of suits: 7 suits make 21 pairs",
        7 * one - 42 * two: "a hand long in two suits was counted twice, so it is "
                            "subtracted once, not twice",
        7 * one - 21 * two + 35 * two: "no hand of seven is long in three suits (that "
                                       "needs at least nine tiles): the third line is 0",
    })


def _hand_params(rng: Rng, ctx: Ctx) -> dict:
    h = 7 if rng is None else rng.choice((4, 5, 6, 8, 9, 10))
    return {"h": h}


def _exact(v: Fraction) -> int | Fraction:
    return int(v) if v.denominator == 1 else v


def _doubles_answer(p: dict) -> Exact:
    h = p["h"]
    value = _exact(O.hand_mean("doubles", hand_size=h))
    return Exact(value, wrong={
        Fraction(h, 28): tr("that is the chance of one given double ({h} tiles of 28); "
                            "there are seven doubles, add their chances").format(h=h),
        Fraction(1, 4): tr("one in four is the share of doubles in the set; the hand has "
                           "{h} tiles").format(h=h),
        1: "one double is typical, but not the average: add the seven chances",
    })


def _pips_answer(p: dict) -> Exact:
    h = p["h"]
    value = _exact(O.hand_mean("pips", hand_size=h))
    wrong = {6: tr("6 is the average of one tile; the hand has {h} of them").format(h=h),
             168: "168 are the pips of the whole set",
             Fraction(168, 4): tr("that divides the set among four hands of seven; this hand "
                                  "has {h} tiles").format(h=h)}
    if h != 7:
        wrong[Fraction(168, h)] = tr("168/{h} divides by the hand size; each tile is in the "
                                     "hand with chance {h}/28").format(h=h)
    return Exact(value, wrong=wrong)


def _missing_answer(p: dict) -> Exact:
    one = Fraction(math.comb(21, 7), math.comb(28, 7))
    return Exact(O.hand_mean("missing"), wrong={
        one: "that is the chance that one given number is missing; there are seven numbers",
        7 * Fraction(3, 4) ** 7: "(3/4)^7 draws with replacement; the seven tiles of a "
                                 "hand are different, so the chance is C(21, 7)/C(28, 7)",
        0: "a hand can miss a number: seven tiles from the 21 without a 6 miss the 6",
        1: "that is too many: each number is missing with a chance well under 1/7",
    })


def _law_answer(p: dict) -> Choice:
    law = O.hypergeometric(28, 7, 7)
    ok = law[7] == Fraction(1, math.comb(28, 7))      # the engine's law, checked
    return Choice([
        ("the hypergeometric law: C(7, j)·C(21, 7 − j)/C(28, 7)",
         "seven draws without replacement from 28 tiles of which 7 are doubles"),
        ("the binomial law with p = 1/4",
         "that is seven draws with replacement; a hand cannot hold the same tile twice, "
         "so the chances change from draw to draw"),
        ("every number of doubles from 0 to 7 is equally likely",
         "seven doubles happen in one hand of 1,184,040; none or one double is far "
         "likelier"),
    ], correct=0 if ok else 1)


LESSON = Lesson(
    number="11",
    title="Overlaps and averages",
    notebook="11-overlaps-and-averages.ipynb",
    question="How many hands have some number on four or more tiles, and what does an "
             "average hand hold — without listing a million hands?",
    objectives=(
        "Count a union of overlapping events by inclusion–exclusion, and see why the first "
        "line alone overcounts.",
        "Use symmetry to compute every r-fold intersection at once (C(7, r) equal terms).",
        "Compute expectations by linearity: write a count as a sum of indicators and add "
        "their probabilities, whether or not the events overlap.",
        "Name the hypergeometric law (draws without replacement) and tell it from the "
        "binomial.",
    ),
    prerequisites=("Lesson 03 (hands, C(28, 7), exact probabilities).",
                   "Binomial coefficients."),
    materials=("A double-six set per group.",
               "The printed worksheet (`dominolab worksheet 11`)."),
    timing=(
        Segment("hook", 6, "Each group draws hands of seven and looks for a number on four "
                "or more tiles; then builds a hand long in two suits at once. Exercise 11.1."),
        Segment("picture", 6, "Two overlapping events drawn as a hand in both; the table of "
                "the three lines of inclusion–exclusion."),
        Segment("mathematics", 15, "The principle for two sets, then for seven; the equal "
                "terms by symmetry; expectation as a sum of indicators; the law of the "
                "doubles, named."),
        Segment("exercises", 13, "Exercises 11.2 to 11.7; the code cell that lists all "
                "1,184,040 hands confirms the counts."),
        Segment("exit ticket", 5, "Exercise 11.8: why expectations add even when the events "
                "overlap."),
    ),
    misconceptions=(
        Misconception("Seven suits, so seven times the hands long in one suit.",
                      "The events overlap: a hand long in 0 and in 1 is counted twice.",
                      "Build 0:1 0:2 0:3 0:4 1:2 1:3 1:4 with real tiles and ask which "
                      "suits it is long in."),
        Misconception("Linearity of expectation needs independent events.",
                      "E[X + Y] = E[X] + E[Y] always; it is the union's probability that "
                      "needs corrections for overlaps.",
                      "The doubles in a hand are not independent (the hand has seven "
                      "places), yet 7 · 7/28 is the exact average; the notebook checks it "
                      "on every hand."),
        Misconception("A hand is seven independent draws, so the binomial law applies.",
                      "A tile cannot be drawn twice: the chances change draw by draw "
                      "(hypergeometric).",
                      "Compare (3/4)^7 with C(21, 7)/C(28, 7) for 'no 6 in the hand'."),
    ),
    exercises=(
        Spec(
            id="11.1", title="Seven times one suit?",
            statement="There are 51,108 hands of seven tiles with four or more tiles of the "
                      "suit of 0, and as many for each of the seven numbers. Ana says: so "
                      "7 · 51,108 hands have some number on four or more tiles. Is that "
                      "right?",
            answer=_naive_answer,
            hints=("Can one hand have four tiles of 0 **and** four tiles of 1?",
                   "Try it with real tiles: seven tiles, four showing 0 and four showing 1. "
                   "Which tile helps both?"),
            solution="**$answer** A hand such as 0:1 0:2 0:3 0:4 1:2 1:3 1:4 has four 0s and "
                     "four 1s (0:1 counts for both), so Ana counts it twice.",
            minutes=3,
        ),
        Spec(
            id="11.2", title="Long in two suits",
            statement="How many hands of seven double-six tiles have four or more tiles "
                      "showing 0 **and** four or more tiles showing 1?",
            answer=_pair_answer,
            hints=("Without the tile 0:1, four 0s and four 1s are eight different tiles. "
                   "Does that fit in seven?",
                   "So 0:1 is in the hand. Each suit has six other tiles: choose three of "
                   "each."),
            solution="Four of each suit without 0:1 would need eight tiles, so 0:1 is in the "
                     "hand, and the other six tiles are three of the six other 0s and three "
                     "of the six other 1s: C(6, 3) · C(6, 3) = 20 · 20 = **$answer**.",
            minutes=4,
        ),
        Spec(
            id="11.3", title="Inclusion–exclusion",
            statement="Use inclusion–exclusion to count the hands of seven with **some** "
                      "number on four or more tiles. (Each suit: 51,108 hands; each pair of "
                      "suits: your answer to 11.2; can a hand be long in three suits?)",
            answer=_union_answer,
            hints=("|A₀ ∪ … ∪ A₆| = Σ|Aᵢ| − Σ|Aᵢ ∩ Aⱼ| + Σ|Aᵢ ∩ Aⱼ ∩ Aₖ| − …; all terms "
                   "of one line are equal. How many pairs of suits are there?",
                   "Three suits with four tiles each need at least 4 + 4 + 4 − 3 = 9 tiles "
                   "(three shared tiles at most). So the third line is 0."),
            solution="7 · 51,108 − C(7, 2) · 400 + 0 = 357,756 − 8,400 = **$answer**; "
                     "listing all 1,184,040 hands gives the same number.",
            minutes=4,
        ),
        Spec(
            id="11.4", title="Doubles on average",
            statement="How many doubles does a hand of **$h** tiles hold on average "
                      "(the expected number)? Give an exact fraction.",
            answer=_doubles_answer, params=_hand_params,
            hints=("Write the number of doubles as a sum of seven indicators: "
                   "1 if 0:0 is in the hand, plus 1 if 1:1 is, …",
                   "Each double is in the hand with chance $h/28. Add the seven chances."),
            solution="Each of the seven doubles is in the hand with probability $h/28; the "
                     "expectation of a sum is the sum of the expectations, so the answer is "
                     "7 · $h/28 = **$answer**.",
            minutes=2,
        ),
        Spec(
            id="11.5", title="Pips on average",
            statement="How many pips does a hand of **$h** tiles carry on average?",
            answer=_pips_answer, params=_hand_params,
            hints=("Each tile is in the hand with chance $h/28 and brings its pips.",
                   "Add over the 28 tiles: ($h/28) · (the pips of the whole set)."),
            solution="By linearity, ($h/28) · 168 = **$answer**: the average tile carries 6 "
                     "pips (lesson 02).",
            minutes=2,
        ),
        Spec(
            id="11.6", title="Numbers missing from a hand",
            statement="On average, how many of the numbers 0, 1, …, 6 appear on **no** tile "
                      "of a hand of seven? Give an exact fraction.",
            answer=_missing_answer,
            hints=("One indicator per number: 1 if the number is missing. What is the chance "
                   "that the 6 is missing?",
                   "The 6 is missing when all seven tiles come from the 21 tiles without "
                   "a 6: C(21, 7)/C(28, 7). Seven numbers, the same chance each."),
            solution="7 · C(21, 7)/C(28, 7) = 7 · 116,280/1,184,040 = **$answer**, a little "
                     "under 0.7.",
            minutes=4,
        ),
        Spec(
            id="11.7", title="Which law?",
            statement="The number of doubles in a hand of seven: which law does it follow?",
            answer=_law_answer,
            hints=("Is a hand drawn with or without putting tiles back?",),
            solution="**$answer** The probability of j doubles is C(7, j) C(21, 7 − j)/"
                     "C(28, 7); its mean is 7 · 7/28, as in 11.4.",
            minutes=2,
        ),
        Spec(
            id="11.8", title="Exit ticket: why do averages add?",
            statement="Why may we add the chances of '0:0 in the hand', '1:1 in the hand', "
                      "… to get the expected number of doubles, when adding the chances of "
                      "the overlapping events 'long in 0', 'long in 1', … overcounts?",
            answer=lambda p: FreeText(
                "in every single hand the number of doubles is the sum of the seven "
                "indicators, so their averages add, whatever the overlaps; the chance of a "
                "union is not a sum, because a hand in two events is counted twice and has "
                "to be taken off again."),
            hints=("Look at one hand: how are its number of doubles and the seven "
                   "indicators related?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="How does the count change for hands of nine tiles, where three suits can be "
              "long at once? `inclusion_exclusion(4, hand_size=9)` prints all the lines.",
)
