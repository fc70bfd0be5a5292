"""Overlaps and averages: inclusion–exclusion over suits, linearity of expectation, and
the hypergeometric law of a hand.

A hand of ``h`` tiles is a random ``h``-subset of the double-n set. "Some number on at
least ``k`` tiles" is a union of ``n + 1`` overlapping events ``A_0 … A_n`` (``A_x``: the
suit of ``x`` has ``k`` or more tiles in the hand). Inclusion–exclusion counts the union
from the intersections, and by symmetry every ``r`` suits intersect alike:

    |A_0 ∪ … ∪ A_n| = Σ_r (−1)^(r+1) C(n+1, r) · N_r,

``N_r`` the hands long in ``r`` given suits. For double-six, ``k = 4``: ``N_1`` = 51,108,
``N_2`` = 400 (two suits share one tile, so 4 + 4 tiles need that tile: C(6, 3)²) and
``N_3`` = 0, so 7 · 51,108 − 21 · 400 = 349,356 hands.

An expectation is a sum of indicator expectations, whether or not the events overlap:
``E[doubles] = h · (n+1)/N``, ``E[pips] = h · (pips of the set)/N``, and the expected
number of numbers missing from a hand is ``(n+1) · C(N − (n+1), h) / C(N, h)``.

>>> inclusion_exclusion(4).total
349356
>>> hand_mean("doubles"), hand_mean("pips")
(Fraction(7, 4), Fraction(42, 1))
>>> hypergeometric(28, 7, 7)[0] == Fraction(math.comb(21, 7), math.comb(28, 7))
True
"""

from __future__ import annotations

import math

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..errors import InvalidDeal, UnknownEvent
from ..i18n import tr
from ..tiles import DominoSet
from .formulas import _check_n, _whole, pip_total, set_size

__all__ = [
    "QUANTITIES",
    "IETerm",
    "InclusionExclusion",
    "indicator_table",
    "hand_mean",
    "hypergeometric",
    "hypergeometric_mean",
    "hypergeometric_variance",
    "inclusion_exclusion",
    "long_in_suits",
]

#: the hand statistics :func:`hand_mean` knows, and what each counts
QUANTITIES = {
    "doubles": "doubles in the hand",
    "pips": "pips on the hand's tiles",
    "missing": "numbers 0..n shown on no tile of the hand",
    "long_suits": "numbers shown on at least k tiles of the hand",
}


def _hand(hand_size: Any, n: int) -> int:
    h = _whole(hand_size, "hand_size", InvalidDeal)
    if h > set_size(n):
        raise InvalidDeal(f"a hand of {h} tiles does not fit in the double-{n} set "
                          f"({set_size(n)} tiles)")
    return h


@lru_cache(maxsize=256)
def long_in_suits(r: int, k: int = 4, hand_size: int = 7, n: int = 6) -> int:
    """Hands of ``hand_size`` tiles with at least ``k`` tiles in each of ``r`` given suits.

    By symmetry any ``r`` suits give the same number; we take the suits of 0, …, r−1.
    A dynamic programme over the tiles keeps, for each of those suits, how many of its
    tiles are in the hand (capped at ``k``) and the hand size: exact, and small.

    >>> long_in_suits(1), long_in_suits(2), long_in_suits(3)
    (51108, 400, 0)
    >>> long_in_suits(0) == math.comb(28, 7)     # no condition: every hand
    True
    """
    n = _check_n(n)
    h = _hand(hand_size, n)
    r = _whole(r, "r (the number of suits)", InvalidDeal)
    k = _whole(k, "k", InvalidDeal)
    if r > n + 1:
        raise InvalidDeal(f"the double-{n} set has {n + 1} suits, not {r}")
    # state: (tiles so far, counts of suits 0..r-1 capped at k) -> ways
    states: dict[tuple[int, tuple[int, ...]], int] = {(0, (0,) * r): 1}
    for t in DominoSet(n):
        nxt: dict[tuple[int, tuple[int, ...]], int] = {}
        for (size, counts), ways in states.items():
            nxt[(size, counts)] = nxt.get((size, counts), 0) + ways      # leave it out
            if size < h:                                                # take it
                c = list(counts)
                for s in {t.low, t.high}:
                    if s < r:
                        c[s] = min(k, c[s] + 1)
                key = (size + 1, tuple(c))
                nxt[key] = nxt.get(key, 0) + ways
        states = nxt
    return sum(w for (size, counts), w in states.items()
               if size == h and all(c >= k for c in counts))


@dataclass(frozen=True)
class IETerm:
    """One line of an inclusion–exclusion sum: ``sign · C(n+1, r) · each``."""

    r: int
    subsets: int
    each: int

    @property
    def sign(self) -> int:
        return 1 if self.r % 2 else -1

    @property
    def value(self) -> int:
        return self.sign * self.subsets * self.each


@dataclass(frozen=True)
class InclusionExclusion:
    """The hands with some number on at least ``k`` tiles, by inclusion–exclusion.

    ``terms`` are the non-zero lines (``r`` = 1, 2, …); ``total`` their signed sum;
    ``naive`` the first line alone (the overcount that forgets overlaps).
    """

    k: int
    hand_size: int
    n: int
    terms: tuple[IETerm, ...]

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def naive(self) -> int:
        return self.terms[0].value if self.terms else 0

    @property
    def probability(self) -> Fraction:
        return Fraction(self.total, math.comb(set_size(self.n), self.hand_size))

    def __str__(self) -> str:
        parts: list[str] = []
        for t in self.terms:
            op = "" if not parts else (" + " if t.sign > 0 else " − ")
            parts.append(f"{op}{t.subsets}·{t.each:,}")
        return f"{''.join(parts)} = {self.total:,}"


def inclusion_exclusion(k: int = 4, hand_size: int = 7, n: int = 6) -> InclusionExclusion:
    """Hands of ``hand_size`` with some number on ``k`` or more tiles, by inclusion–exclusion.

    ``|A_0 ∪ … ∪ A_n| = Σ_r (−1)^(r+1) C(n+1, r) · long_in_suits(r)``; the lines whose
    intersections are empty (too many suits for the hand) are left out.

    >>> ie = inclusion_exclusion(4)
    >>> print(ie)
    7·51,108 − 21·400 = 349,356
    >>> ie.naive - ie.total          # the hands long in two suits, counted twice
    8400
    >>> inclusion_exclusion(3).total, inclusion_exclusion(5).total
    (1100876, 31906)
    """
    n = _check_n(n)
    h = _hand(hand_size, n)
    k = _whole(k, "k", InvalidDeal, minimum=1)
    terms = []
    for r in range(1, n + 2):
        each = long_in_suits(r, k, h, n)
        if each == 0:
            break          # more suits cannot all be long either
        terms.append(IETerm(r, math.comb(n + 1, r), each))
    return InclusionExclusion(k, h, n, tuple(terms))


def hand_mean(quantity: str, hand_size: int = 7, n: int = 6, k: int = 4) -> Fraction:
    """The expected value of a hand statistic, by linearity of expectation (exact).

    Write the statistic as a sum of indicators and add their probabilities:

    * ``"doubles"``: each of the ``n+1`` doubles is in the hand with probability
      ``h/N``: ``E = (n+1) h / N``;
    * ``"pips"``: each tile is in the hand with probability ``h/N``: ``E = h · P / N``
      (``P`` the pips of the set) — for double-six 7 · 168/28 = 42;
    * ``"missing"``: a number is missing when all ``h`` tiles avoid its suit of ``n+1``
      tiles: ``E = (n+1) · C(N − n − 1, h) / C(N, h)``;
    * ``"long_suits"``: ``E = (n+1) · long_in_suits(1, k) / C(N, h)``.

    >>> hand_mean("missing")
    Fraction(2261, 3289)
    >>> hand_mean("doubles", hand_size=5)
    Fraction(5, 4)
    """
    n = _check_n(n)
    h = _hand(hand_size, n)
    size = set_size(n)
    if quantity == "doubles":
        return Fraction((n + 1) * h, size)
    if quantity == "pips":
        return Fraction(h * pip_total(n), size)
    if quantity == "missing":
        return Fraction((n + 1) * math.comb(size - n - 1, h), math.comb(size, h))
    if quantity == "long_suits":
        return Fraction((n + 1) * long_in_suits(1, k, h, n), math.comb(size, h))
    raise UnknownEvent(f"no hand statistic {quantity!r}; the known ones are "
                       f"{', '.join(QUANTITIES)}")


def indicator_table(quantity: str, hand_size: int = 7, n: int = 6,
                           k: int = 4) -> list[tuple[str, Fraction]]:
    """The indicators of :func:`hand_mean`, each with its probability (the table a
    class writes on the board: the sum is the expectation).

    >>> rows = indicator_table("doubles")
    >>> rows[0], sum(p for _, p in rows)
    (('0:0 in the hand', Fraction(1, 4)), Fraction(7, 4))
    """
    n = _check_n(n)
    h = _hand(hand_size, n)
    size = set_size(n)
    if quantity == "doubles":
        return [(tr("{tile} in the hand").format(tile=t), Fraction(h, size))
                for t in DominoSet(n).doubles]
    if quantity == "pips":
        return [(tr("{tile} in the hand, worth {pips}").format(tile=t, pips=t.pips),
                 Fraction(h * t.pips, size)) for t in DominoSet(n)]
    if quantity == "missing":
        p = Fraction(math.comb(size - n - 1, h), math.comb(size, h))
        return [(tr("no {x} in the hand").format(x=x), p) for x in range(n + 1)]
    if quantity == "long_suits":
        p = Fraction(long_in_suits(1, k, h, n), math.comb(size, h))
        return [(tr("at least {k} tiles showing {x}").format(k=k, x=x), p) for x in range(n + 1)]
    raise UnknownEvent(f"no hand statistic {quantity!r}; the known ones are "
                       f"{', '.join(QUANTITIES)}")


def _population(population: Any, special: Any, draws: Any) -> tuple[int, int, int]:
    N = _whole(population, "population", InvalidDeal)
    K = _whole(special, "special", InvalidDeal)
    d = _whole(draws, "draws", InvalidDeal)
    if K > N or d > N:
        raise InvalidDeal(f"{K} special items and {d} draws do not fit in a population "
                          f"of {N}")
    return N, K, d


def hypergeometric(population: int, special: int, draws: int) -> dict[int, Fraction]:
    """The hypergeometric law: ``P(j special among draws) = C(K, j) C(N − K, d − j) / C(N, d)``.

    The number of doubles in a 7-tile hand is hypergeometric with N = 28, K = 7, d = 7
    (draws without replacement); so are the tiles of one suit (K = 7 too).

    >>> law = hypergeometric(28, 7, 7)
    >>> sum(law.values()), law[7]
    (Fraction(1, 1), Fraction(1, 1184040))
    """
    N, K, d = _population(population, special, draws)
    total = math.comb(N, d)
    return {j: Fraction(math.comb(K, j) * math.comb(N - K, d - j), total)
            for j in range(max(0, d - (N - K)), min(K, d) + 1)}


def hypergeometric_mean(population: int, special: int, draws: int) -> Fraction:
    """``d · K / N`` (linearity: each draw is special with probability K/N).

    >>> hypergeometric_mean(28, 7, 7)
    Fraction(7, 4)
    """
    N, K, d = _population(population, special, draws)
    return Fraction(d * K, N)


def hypergeometric_variance(population: int, special: int, draws: int) -> Fraction:
    """``d (K/N) (1 − K/N) (N − d)/(N − 1)``: the binomial variance times the finite
    population correction (drawing without replacement spreads less).

    >>> hypergeometric_variance(28, 7, 7)
    Fraction(49, 48)
    """
    N, K, d = _population(population, special, draws)
    if N < 2:
        return Fraction(0)
    p = Fraction(K, N)
    return d * p * (1 - p) * Fraction(N - d, N - 1)

