"""Lesson 11's figures, each against an independent brute force: every one of the
1,184,040 hands of seven double-six tiles is listed and looked at."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from dominolab import DominoSet
from dominolab.combinatorics import overlaps as O
from dominolab.errors import DominoError


def _all_hands_census(n: int = 6, h: int = 7, k: int = 4) -> dict[str, int]:
    """One pass over every hand: how many have a suit of k or more tiles, and the totals
    of doubles, pips and missing numbers. A tile is one integer: its suits packed in 4-bit
    fields (a suit has at most 8 tiles in a hand, so a field never overflows past 15), its
    pips in the 16 bits above them and whether it is a double above those, so a hand's sum
    holds its suit counts, its pips and its doubles. Every hand is summed (``sum`` over
    ``combinations``, in C); the hands with the same sum are then looked at once, each
    counted as many times as there are such hands."""
    tiles = list(DominoSet(n))
    suits = 4 * (n + 1)
    vec = [sum(1 << (4 * s) for s in {t.low, t.high}) | t.pips << suits
           | int(t.is_double) << (suits + 16) for t in tiles]
    long_hands = doubles = pip_sum = missing = hands = 0
    for v, times in Counter(map(sum, combinations(vec, h))).items():
        counts = [(v >> (4 * s)) & 15 for s in range(n + 1)]
        hands += times
        long_hands += times * any(c >= k for c in counts)
        missing += times * counts.count(0)
        pip_sum += times * (v >> suits & 0xFFFF)
        doubles += times * (v >> (suits + 16))
    return {"hands": hands, "long": long_hands, "doubles": doubles, "pips": pip_sum,
            "missing": missing}


@pytest.fixture(scope="module")
def census() -> dict[str, int]:
    return _all_hands_census()


def test_the_hands_with_a_long_suit_by_enumeration(census):
    assert census["hands"] == 1_184_040 == math.comb(28, 7)
    ie = O.inclusion_exclusion(4)
    assert ie.total == census["long"] == 349_356
    assert [(t.subsets, t.each) for t in ie.terms] == [(7, 51_108), (21, 400)]
    assert str(ie) == "7·51,108 − 21·400 = 349,356"


def test_the_expectations_by_enumeration(census):
    hands = census["hands"]
    assert O.hand_mean("doubles") == Fraction(census["doubles"], hands) == Fraction(7, 4)
    assert O.hand_mean("pips") == Fraction(census["pips"], hands) == 42
    assert O.hand_mean("missing") == Fraction(census["missing"], hands)
    assert sum(p for _, p in O.indicator_table("missing")) == \
        O.hand_mean("missing")


def test_intersections_by_listing_the_hands_of_small_sets():
    for n, h, k in [(3, 4, 2), (4, 5, 3), (4, 6, 2), (5, 5, 3)]:
        tiles = list(DominoSet(n))
        for r in range(n + 2):
            brute = sum(1 for hand in combinations(tiles, h)
                        if all(sum(t.has(s) for t in hand) >= k for s in range(r)))
            assert O.long_in_suits(r, k, h, n) == brute, (n, h, k, r)
        census = _all_hands_census(n, h, k)
        assert O.inclusion_exclusion(k, h, n).total == census["long"], (n, h, k)
        assert O.hand_mean("long_suits", h, n, k) == sum(
            Fraction(sum(1 for hand in combinations(tiles, h)
                         if sum(t.has(s) for t in hand) >= k), census["hands"])
            for s in range(n + 1))


def test_the_doubles_follow_the_hypergeometric_law():
    tiles = list(DominoSet(4))
    law = O.hypergeometric(15, 5, 6)
    hands = list(combinations(tiles, 6))
    for j, p in law.items():
        assert p == Fraction(sum(1 for hd in hands if sum(t.is_double for t in hd) == j),
                             len(hands))
    mean = sum(j * p for j, p in law.items())
    assert mean == O.hypergeometric_mean(15, 5, 6) == O.hand_mean("doubles", 6, 4)
    assert sum((j - mean) ** 2 * p for j, p in law.items()) == \
        O.hypergeometric_variance(15, 5, 6)


@pytest.mark.parametrize("call", [
    lambda: O.inclusion_exclusion(4, 29),
    lambda: O.hand_mean("triples"),
    lambda: O.hypergeometric(5, 6, 2),
    lambda: O.long_in_suits(8),
    lambda: O.hand_mean("pips", hand_size=-1),
])
def test_bad_input_names_what_is_wrong(call):
    with pytest.raises(DominoError):
        call()
