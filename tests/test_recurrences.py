"""Lesson 14's numbers against brute force: strips and Aztec diamonds tiled by a listing
written here (not the package's), the transfer matrix's powers, generating functions and
recurrences against those listings and against count_tilings, and the domino-shuffling
sampler checked exactly (every sequence of coin flips followed, the probabilities added)
and by chi-square on many samples."""

from __future__ import annotations

import math
import pathlib
import re
import random
from collections import Counter
from fractions import Fraction

import pytest
import sympy

from dominolab.errors import DominoError, InvalidRegion
from dominolab.render.aztec import aztec_svg, composition_gallery_svg
from dominolab.teach import exercise
from dominolab.tilings import (
    X,
    AztecTiling,
    Region,
    Tiling,
    aztec_count,
    aztec_region,
    chi_square,
    composition_of,
    compositions,
    count_tilings,
    fault_lines,
    generating_function,
    random_aztec_tiling,
    random_tiling,
    recurrence,
    tiling_of,
    transfer_matrix,
    uniformity_test,
)


def listing(cells):
    """Every tiling of a set of cells, as frozensets of dominoes (frozensets of two
    cells): the first free cell in reading order pairs with a free neighbour to its
    right or below. Written here, independent of the package's iter_tilings."""
    cells = frozenset(cells)
    order = sorted(cells)
    out = []

    def go(free, placed):
        if not free:
            out.append(frozenset(placed))
            return
        r, c = min(free)
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                go(free - {(r, c), other}, placed + [frozenset({(r, c), other})])

    if order:
        go(cells, [])
    else:
        out.append(frozenset())
    return out


def rect(m, n):
    return {(r, c) for r in range(m) for c in range(n)}


def diamond(n):
    """The Aztec diamond of order n drawn as rows of 2, 4, …, 2n, 2n, …, 4, 2 centred
    cells (not the lattice inequality the module uses)."""
    widths = list(range(2, 2 * n + 1, 2)) + list(range(2 * n, 1, -2))
    return {(r, n - w // 2 + c) for r, w in enumerate(widths) for c in range(w)}


def brute(m, n):
    return len(listing(rect(m, n))) if m and n else 1


def taylor(f, count):
    """The first ``count`` Taylor coefficients at 0 of ``f``, a rational function of X:
    its numerator a(x) divided by its denominator b(x) as power series, c(x) b(x) = a(x)
    term by term (b₀cₙ = aₙ − b₁cₙ₋₁ − … − bₙc₀). The coefficients sympy.series gives
    (checked on the small strips), in a hundredth of its time."""
    a, b = (sympy.Poly(p, X).all_coeffs()[::-1] for p in sympy.fraction(sympy.together(f)))
    a = a + [0] * count
    c = []
    for n in range(count):
        c.append((a[n] - sum(b[j] * c[n - j] for j in range(1, min(n, len(b) - 1) + 1)))
                 / sympy.Integer(b[0]))
    return c


# ------------------------------------------------------------------ strips


def test_two_by_n_strips_are_fibonacci_and_compositions():
    fib = [1, 1]
    while len(fib) < 14:
        fib.append(fib[-1] + fib[-2])
    for n in range(1, 13):
        tilings_here = set(listing(rect(2, n)))
        comps = compositions(n)
        assert len(comps) == len(set(comps)) == len(tilings_here) == fib[n] == \
            count_tilings(2, n)
        assert all(sum(c) == n and set(c) <= {1, 2} for c in comps)
        # the bijection: each composition's tiling is a different tiling of the strip,
        # and reading it back gives the composition
        drawn = {frozenset(frozenset(d) for d in tiling_of(c).dominoes) for c in comps}
        assert drawn == tilings_here
        assert all(composition_of(tiling_of(c)) == c for c in comps)
    assert compositions(5, parts=(1, 2, 3)) == [c for c in compositions_any(5)
                                                if set(c) <= {1, 2, 3}]


def compositions_any(n):
    """Every composition of n by its cuts: a subset of the n − 1 gaps."""
    out = []
    for mask in range(1 << (n - 1)):
        parts, last = [], 0
        for i in range(1, n):
            if mask >> (i - 1) & 1:
                parts.append(i - last)
                last = i
        parts.append(n - last)
        out.append(tuple(parts))
    return sorted(out)


def test_three_by_n_strips_3_11_41_153():
    counts = [brute(3, n) for n in range(13)]
    assert counts[1::2] == [0] * 6
    assert counts[2:10:2] == [3, 11, 41, 153]
    assert [count_tilings(3, n) for n in range(13)] == counts
    rec = recurrence(3, step=2)
    assert rec.coefficients == (4, -1) and rec.initial == (1, 3)
    assert rec.terms(7) == counts[::2]
    assert rec.terms(30) == [count_tilings(3, 2 * k) for k in range(30)]
    assert str(rec) == "a(k) = 4·a(k−1) − a(k−2) for k ≥ 2, from a(0) = 1, a(1) = 3"
    for k in range(2, 7):
        assert counts[2 * k] == 4 * counts[2 * k - 2] - counts[2 * k - 4]
    # sympy finds the same recurrence from the listed terms alone
    assert sympy_recurrence(counts[::2]) == [4, -1]


def sympy_recurrence(terms):
    """The shortest linear recurrence of the terms, found by sympy's own method."""
    seq = sympy.sequence(tuple(terms), (sympy.Symbol("k"), 0, sympy.oo))
    return [int(c) for c in seq.find_linear_recurrence(len(terms))]


def test_fault_free_tilings_give_the_3xn_recurrence():
    """a(k) = 3a(k−1) + 2(a(k−2) + … + a(0)): cut at the first fault line; a 3×2j piece
    with no fault line has 3 tilings for j = 1 and 2 for j ≥ 2. Subtracting the same sum
    for k − 1 gives a(k) = 4a(k−1) − a(k−2)."""
    for k in range(1, 6):
        tilings_here = [Tiling([tuple(d) for d in t]) for t in listing(rect(3, 2 * k))]
        free = [t for t in tilings_here if not fault_lines(t)]
        assert len(free) == (3 if k == 1 else 2)
        for t in tilings_here:      # fault lines by their definition
            cut = [j for j in range(1, 2 * k)
                   if not any({a[1], b[1]} == {j - 1, j} for a, b in t.dominoes)]
            assert fault_lines(t) == cut
    a = [count_tilings(3, 2 * k) for k in range(8)]
    for k in range(1, 8):
        assert a[k] == 3 * a[k - 1] + 2 * sum(a[: k - 1])


@pytest.mark.parametrize("m", range(1, 9))
def test_transfer_matrix_powers_count_the_strips(m):
    states, T = transfer_matrix(m)
    assert states[0] == 0 and T.shape == (len(states), len(states))
    power = sympy.eye(len(states))
    for n in range(0, 11):
        want = brute(m, n) if m * n <= 24 else count_tilings(m, n)
        assert power[0, 0] == want == count_tilings(m, n), (m, n)
        power = power * T


@pytest.mark.parametrize("m", range(1, 9))
def test_generating_functions_and_recurrences(m):
    gf = generating_function(m)
    coeffs = taylor(gf, 13)
    assert coeffs == [count_tilings(m, n) for n in range(13)]
    if m <= 4:
        series = sympy.series(gf, X, 0, 13).removeO()
        assert coeffs == [series.coeff(X, n) for n in range(13)]
        assert coeffs[:9] == [brute(m, n) for n in range(9)]
        # the same function straight from the matrix: (I − xT)⁻¹, entry (0, 0)
        _, T = transfer_matrix(m)
        direct = (sympy.eye(T.shape[0]) - X * T).inv()[0, 0]
        assert sympy.simplify(direct - gf) == 0
    num, den = sympy.fraction(sympy.cancel(gf))
    assert sympy.gcd(num, den) in (1, -1)
    rec = recurrence(m)
    assert rec.terms(25) == [count_tilings(m, n) for n in range(25)]
    if m % 2:
        rec2 = recurrence(m, step=2)
        assert rec2.terms(12) == [count_tilings(m, 2 * k) for k in range(12)]
    else:
        with pytest.raises(InvalidRegion, match="x²"):
            recurrence(m, step=2)


def test_the_fibonacci_generating_function():
    assert sympy.simplify(generating_function(2) - 1 / (1 - X - X ** 2)) == 0
    assert sympy.simplify(generating_function(3) - (1 - X ** 2) / (1 - 4 * X ** 2 + X ** 4)) == 0
    assert recurrence(2).coefficients == (1, 1)


# ------------------------------------------------------------------ the Aztec diamond


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_aztec_diamond_counts_by_listing(n):
    assert aztec_region(n) == Region(diamond(n))
    assert len(listing(diamond(n))) == aztec_count(n) == 2 ** (n * (n + 1) // 2)


def test_aztec_diamond_counts_by_the_package_counter():
    assert [aztec_count(n) for n in range(0, 5)] == [1, 2, 8, 64, 1024]
    for n in range(1, 11):
        assert count_tilings(aztec_region(n)) == aztec_count(n)


class Coins(random.Random):
    """A generator whose random() follows a script of coin flips (0 → 0.25, 1 → 0.75),
    then 0s; it counts the flips used."""

    def __init__(self, script):
        super().__init__(0)
        self.script = script
        self.used = 0

    def random(self):
        bit = self.script[self.used] if self.used < len(self.script) else 0
        self.used += 1
        return 0.75 if bit else 0.25


def exact_law(n):
    """The exact probability of each tiling the sampler can return: every sequence of
    coin flips followed once, each weighing 2^−(flips)."""
    law = Counter()
    todo = [()]
    while todo:
        prefix = todo.pop()
        rng = Coins(prefix)
        t = random_aztec_tiling(n, seed=rng)
        law[t.dominoes] += Fraction(1, 2 ** rng.used)
        for i in range(len(prefix), rng.used):   # the same run with flip i turned over
            todo.append(prefix + (0,) * (i - len(prefix)) + (1,))
    return law


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_domino_shuffling_is_exactly_uniform(n):
    law = exact_law(n)
    every = {frozenset(frozenset(d) for d in t) for t in listing(diamond(n))}
    assert {frozenset(frozenset(d) for d in k) for k in law} == every
    assert set(law.values()) == {Fraction(1, aztec_count(n))}
    assert sum(law.values()) == 1


@pytest.mark.parametrize("n, samples", [(2, 4000), (3, 6400)])
def test_samples_hit_every_tiling_uniformly_chi_square(n, samples):
    every = [t.dominoes for t in (Tiling([tuple(d) for d in s]) for s in listing(diamond(n)))]
    result = uniformity_test(lambda rng: random_aztec_tiling(n, rng).dominoes, every,
                             samples, seed=14)
    assert result.tilings == aztec_count(n) and result.smallest > 0
    assert result.df == aztec_count(n) - 1
    assert result.p_value > 0.001, str(result)
    # the package's other exact sampler (the transfer matrix) is uniform on it too
    other = uniformity_test(lambda rng: random_tiling(aztec_region(n), seed=rng).dominoes,
                            every, samples // 2, seed=15)
    assert other.p_value > 0.001 and other.smallest > 0


def test_the_chi_square_test_catches_a_biased_sampler():
    """The same shuffling with a coin that shows heads 65% of the time is not uniform,
    and the test says so: the test can fail."""

    class Biased(random.Random):
        def random(self):
            return 0.25 if super().random() < 0.65 else 0.75

    every = [t.dominoes for t in (Tiling([tuple(d) for d in s]) for s in listing(diamond(3)))]
    result = uniformity_test(lambda rng: random_aztec_tiling(3, Biased(rng.random())).dominoes,
                             every, 6400, seed=14)
    assert result.p_value < 1e-6, str(result)


def test_chi_square_against_closed_forms():
    for obs, exp in [([30, 10], [20, 20]), ([12, 7, 11], [10, 10, 10]),
                     ([5, 9, 14, 12], [10, 10, 10, 10])]:
        stat, df, p = chi_square(obs, exp)
        assert stat == pytest.approx(sum((o - e) ** 2 / e for o, e in zip(obs, exp)))
        x = stat
        closed = {1: math.erfc(math.sqrt(x / 2)),
                  2: math.exp(-x / 2),
                  3: math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)}
        assert p == pytest.approx(closed[df], rel=1e-9)
    with pytest.raises(DominoError, match="two or more"):
        chi_square([1], [1])
    with pytest.raises(DominoError, match="positive"):
        chi_square([1, 2], [0, 3])


def test_kinds_round_trip_and_arctic_circle():
    for s in listing(diamond(3)):
        t = Tiling([tuple(d) for d in s])
        a = AztecTiling.of(t)
        assert a.tiling() == t and a.n == 3
        assert sorted(a.kinds) == sorted(a.kind_counts().elements())
    for seed in range(5):
        t = random_aztec_tiling(5, seed=seed)
        assert AztecTiling.of(t.tiling()) == t
    big = random_aztec_tiling(40, seed=14)
    outside, inside = big.arctic_shares()
    assert outside > Fraction(95, 100) and inside < Fraction(6, 10)
    assert len(big.dominoes) == 40 * 41


def test_pictures():
    t = random_aztec_tiling(6, seed=3)
    svg = aztec_svg(t)
    counts = t.kind_counts()
    for k in "NSEW":
        assert f'class="dominoes {k}" data-count="{counts[k]}"' in svg
    drawn = re.findall(r' d="([^"]*)"', svg)
    assert sum(d.count("M") for d in drawn) == len(t.dominoes) and 'class="arctic"' in svg
    assert "north" in svg and "west" in svg
    assert 'class="arctic"' not in aztec_svg(t, circle=False, legend=False)
    assert t._repr_svg_() == svg
    gallery = composition_gallery_svg(5)
    assert gallery.count('class="composition"') == len(compositions(5)) == 8
    assert gallery.count('class="part"') == sum(len(c) for c in compositions(5))
    assert gallery.count('class="domino"') == sum(len(tiling_of(c)) for c in compositions(5))


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("call, words", [
    (lambda: aztec_region(-1), "order n of an Aztec diamond"),
    (lambda: aztec_region(0), "order n of an Aztec diamond"),
    (lambda: aztec_count(10 ** 9), "at most 100"),
    (lambda: random_aztec_tiling(101), "MAX_AZTEC_ORDER"),
    (lambda: random_aztec_tiling(2.5), "whole number"),
    (lambda: random_aztec_tiling(True), "whole number"),
    (lambda: random_aztec_tiling(3, seed=1.5), "seed"),
    (lambda: transfer_matrix(0), "strip height m"),
    (lambda: transfer_matrix(9), "strip height m"),
    (lambda: generating_function(-3), "strip height m"),
    (lambda: recurrence(3, step=3), "step"),
    (lambda: compositions(-1), "n must be"),
    (lambda: compositions(10 ** 6), "at most 20"),
    (lambda: compositions(4, parts=(0,)), "part"),
    (lambda: tiling_of((1, 3)), "part 2"),
    (lambda: tiling_of(()), "empty"),
    (lambda: tiling_of(5), "composition"),
    (lambda: composition_of(random_tiling(Region.rectangle(4, 2), seed=1)), "2×n"),
    (lambda: composition_of("^^"), "Tiling"),
    (lambda: fault_lines(random_tiling(aztec_region(2), seed=1)), "rectangle"),
    (lambda: AztecTiling.of(random_tiling(Region.rectangle(2, 4), seed=1)), "Aztec"),
    (lambda: uniformity_test(lambda r: 1, [1, 2], 0), "samples"),
    (lambda: uniformity_test(lambda r: 3, [1, 2], 5), "not one of the 2 tilings"),
    (lambda: composition_gallery_svg(0), "nothing to draw"),
    (lambda: aztec_svg("diamond"), "AztecTiling"),
])
def test_bad_input_is_a_domino_error_that_says_what(call, words):
    with pytest.raises(DominoError, match=words):
        call()


def states_seen(m, n):
    """The states of the transfer matrix that real tilings pass through: for each column,
    the rows already covered by horizontal dominoes from the column before."""
    seen = set()
    for t in listing(rect(m, n)):
        for j in range(n + 1):
            seen.add(sum(1 << r for r in range(m)
                         if frozenset({(r, j - 1), (r, j)}) in t))
    return seen


@pytest.mark.parametrize("m", [2, 3, 4])
def test_the_states_are_those_tilings_pass_through(m):
    seen = set()
    for n in range(1, 7):
        seen |= states_seen(m, n)
    assert sorted(seen) == transfer_matrix(m)[0]


def test_the_lesson_s_numbers():
    assert exercise("14.1").key() == str(len(compositions(5))) == str(brute(2, 5))
    assert exercise("14.4").key() == str(count_tilings(3, 8)) == str(brute(3, 8)) == "153"
    assert exercise("14.5").key() == str(count_tilings(4, 5)) == str(brute(4, 5))
    assert len(transfer_matrix(4)[0]) == 6                  # the solution of 14.5 says so
    assert [count_tilings(3, 2 * k) for k in range(7)] == [1, 3, 11, 41, 153, 571, 2131]
    # the notebook's large diamond: order 60, n(n + 1) dominoes
    text = pathlib.Path(__file__).resolve().parents[1].joinpath(
        "notebooks", "14-recurrences-and-the-aztec-diamond.ipynb").read_text(encoding="utf-8")
    assert "order 60: 60 · 61 = 3,660 dominoes" in text
    assert len(random_aztec_tiling(60, seed=2026).dominoes) == 3660
