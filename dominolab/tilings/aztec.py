"""The Aztec diamond: 2^(n(n+1)/2) tilings, and an exact uniform sampler (domino shuffling)
whose large samples show the arctic circle.

The Aztec diamond of order ``n`` is the staircase of rows of 2, 4, …, 2n, 2n, …, 4, 2
cells: in lattice coordinates the unit squares ``[x, x+1] × [y, y+1]`` with
``|x + ½| + |y + ½| ≤ n``. Elkies, Kuperberg, Larsen and Propp ("Alternating-sign
matrices and domino tilings", 1992) proved that it has ``2^(n(n+1)/2)`` domino tilings, and
their *domino shuffling* turns a uniform random tiling of order ``n − 1`` into a uniform
random tiling of order ``n`` with fair coin flips:

1. colour the cells like a chessboard, ``(x + y + n) mod 2``; a horizontal domino whose
   left cell has colour 0 is a *north* domino, colour 1 *south*; a vertical domino whose
   lower cell has colour 0 is *east*, colour 1 *west*;
2. **destroy** every pair that would pass through each other: a south domino right above
   a north one, an east domino right left of a west one;
3. **slide** every other domino one step in its direction (north up, and so on): it lands
   in the diamond of order ``n`` and keeps its kind (a step and the new order both flip
   the colour);
4. **create**: the cells left uncovered fall into 2×2 blocks; fill each with two
   horizontal dominoes or two vertical ones, by a fair coin.

Every tiling of order ``n`` then has probability exactly ``2^(−n(n+1)/2)``: the tests
follow every sequence of coin flips for n ≤ 4 and add up the probabilities exactly, and
test samples by chi-square. For large ``n`` the four corners freeze into brick walls, each
of one kind, and the disorder stays inside the circle inscribed in the diamond: the
**arctic circle** (Jockusch, Propp and Shor, "Random domino tilings and the arctic circle
theorem", 1998).

>>> aztec_count(3), len(aztec_region(3))
(64, 24)
>>> t = random_aztec_tiling(4, seed=1)
>>> len(t.dominoes), t.tiling().region == aztec_region(4)
(20, True)
"""

from __future__ import annotations

import random as _random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .._lazy import import_sympy
from ..errors import DominoError, InvalidRegion
from ..i18n import format_number, get_language, tr
from ..limits import short_repr, whole_number
from .region import Cell, Domino, Region, Tiling

__all__ = [
    "KINDS",
    "MAX_AZTEC_ORDER",
    "MAX_SAMPLES",
    "AztecTiling",
    "Uniformity",
    "aztec_count",
    "aztec_region",
    "chi_square",
    "domino_kind",
    "random_aztec_tiling",
    "uniformity_test",
]

#: the four kinds of dominoes in an Aztec diamond, and the step each one slides
KINDS = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
#: the largest order drawn, sampled or counted: 2n(n+1) cells (20,200 for n = 100), the
#: sampler's work grows like n³, and 2^(n(n+1)/2) has 1,521 digits at n = 100
MAX_AZTEC_ORDER = 100
#: the most samples :func:`uniformity_test` draws
MAX_SAMPLES = 1_000_000

# a domino in lattice coordinates: (kind, x, y), (x, y) its lower-left square
_Lat = tuple[str, int, int]


def _order(n: Any, low: int = 1) -> int:
    n = whole_number(n, "the order n of an Aztec diamond", low=low, high=None,
                     error=InvalidRegion)
    if n > MAX_AZTEC_ORDER:
        raise InvalidRegion(f"the order n of an Aztec diamond must be at most "
                            f"{MAX_AZTEC_ORDER} (dominolab.tilings.aztec.MAX_AZTEC_ORDER), "
                            f"not {n}")
    return n


def _inside(x: int, y: int, n: int) -> bool:
    return abs(2 * x + 1) + abs(2 * y + 1) <= 2 * n


def _to_cell(x: int, y: int, n: int) -> Cell:
    """Lattice square (x, y) as a region cell (row, col), rows counted from the top."""
    return (n - 1 - y, x + n)


def _to_lattice(cell: Cell, n: int) -> tuple[int, int]:
    r, c = cell
    return (c - n, n - 1 - r)


def aztec_region(n: int) -> Region:
    """The Aztec diamond of order ``n`` as a :class:`Region` (rows 2, 4, …, 2n, 2n, …, 2).

    >>> print(aztec_region(2))
    .##.
    ####
    ####
    .##.
    """
    n = _order(n)
    return Region(_to_cell(x, y, n) for x in range(-n, n) for y in range(-n, n)
                  if _inside(x, y, n))


def aztec_count(n: int) -> int:
    """``2^(n(n+1)/2)``, the number of domino tilings of the Aztec diamond of order ``n``
    (Elkies, Kuperberg, Larsen and Propp, 1992). The tests compare it with
    :func:`~dominolab.tilings.count_tilings` and with a listing.

    >>> [aztec_count(n) for n in range(1, 6)]
    [2, 8, 64, 1024, 32768]
    """
    n = _order(n, low=0)
    return 2 ** (n * (n + 1) // 2)


def domino_kind(domino: Domino, n: int) -> str:
    """The kind (N, S, E or W) of a domino of the order-``n`` diamond, given as two cells
    ``(row, col)`` (see the module docstring for the colouring).

    >>> domino_kind(((0, 0), (0, 1)), 1), domino_kind(((1, 0), (1, 1)), 1)
    ('N', 'S')
    >>> domino_kind(((0, 0), (1, 0)), 1), domino_kind(((0, 1), (1, 1)), 1)
    ('W', 'E')
    """
    a, b = sorted(domino)
    (xa, ya), (xb, yb) = _to_lattice(a, n), _to_lattice(b, n)
    x, y = min(xa, xb), min(ya, yb)
    colour = (x + y + n) % 2
    if ya == yb:
        return "N" if colour == 0 else "S"
    return "E" if colour == 0 else "W"


def _cells_of(d: _Lat) -> tuple[tuple[int, int], tuple[int, int]]:
    kind, x, y = d
    if kind in ("N", "S"):
        return (x, y), (x + 1, y)
    return (x, y), (x, y + 1)


def _shuffle_step(dominoes: list[_Lat], n: int, rng: _random.Random) -> list[_Lat]:
    """One step of domino shuffling: a tiling of order ``n − 1`` to one of order ``n``."""
    at = {(x, y, k in ("N", "S")): k for k, x, y in dominoes}
    doomed: set[_Lat] = set()
    for k, x, y in dominoes:
        if k == "N" and at.get((x, y + 1, True)) == "S":
            doomed |= {("N", x, y), ("S", x, y + 1)}
        elif k == "E" and at.get((x + 1, y, False)) == "W":
            doomed |= {("E", x, y), ("W", x + 1, y)}
    moved = []
    covered: set[tuple[int, int]] = set()
    for d in dominoes:
        if d in doomed:
            continue
        k, x, y = d
        dx, dy = KINDS[k]
        nd = (k, x + dx, y + dy)
        moved.append(nd)
        for c in _cells_of(nd):
            if not _inside(*c, n) or c in covered:     # cannot happen: a wrong slide
                raise RuntimeError(f"domino shuffling slid onto {c} (order {n})")
            covered.add(c)
    for y in range(-n, n):
        for x in range(-n, n):
            if not _inside(x, y, n) or (x, y) in covered:
                continue
            block = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
            if any(not _inside(*c, n) or c in covered for c in block) or (x + y + n) % 2 != 1:
                raise RuntimeError(f"domino shuffling left a hole at {(x, y)} that is not "
                                   f"a 2×2 block (order {n})")
            covered.update(block)
            if rng.random() < 0.5:
                moved += [("S", x, y), ("N", x, y + 1)]
            else:
                moved += [("W", x, y), ("E", x + 1, y)]
    return moved


@dataclass(frozen=True)
class AztecTiling:
    """A tiling of the Aztec diamond of order ``n``: ``dominoes`` as cell pairs
    ``((row, col), (row, col))`` in sorted order, ``kinds`` the kind of each (N, S, E, W).
    :meth:`of` reads any :class:`Tiling` of the diamond."""

    n: int
    dominoes: tuple[Domino, ...]
    kinds: tuple[str, ...]

    @classmethod
    def of(cls, tiling: Tiling) -> AztecTiling:
        """The :class:`Tiling` of an Aztec diamond (as :func:`aztec_region` places it)
        with its dominoes' kinds.

        >>> from dominolab.tilings import iter_tilings
        >>> AztecTiling.of(next(iter_tilings(aztec_region(1)))).kinds
        ('N', 'S')
        """
        if not isinstance(tiling, Tiling):
            raise InvalidRegion(f"AztecTiling.of reads a Tiling, not {short_repr(tiling)}")
        cells = len(tiling.region)
        n = next((k for k in range(1, MAX_AZTEC_ORDER + 1) if 2 * k * (k + 1) >= cells),
                 MAX_AZTEC_ORDER)
        if tiling.region != aztec_region(n):
            raise InvalidRegion(f"the tiling covers {cells} cells that are not the Aztec "
                                "diamond aztec_region(n) of any order n")
        return cls(n, tiling.dominoes, tuple(domino_kind(d, n) for d in tiling.dominoes))

    def tiling(self) -> Tiling:
        """The same tiling as a :class:`Tiling` of :func:`aztec_region` (checked)."""
        return Tiling(self.dominoes, aztec_region(self.n))

    def kind_counts(self) -> Counter[str]:
        """How many dominoes of each kind."""
        return Counter(self.kinds)

    def arctic_shares(self) -> tuple[Fraction, Fraction]:
        """The share of the dominoes of their corner's kind (north in the top corner, east
        in the right one, and so on), among the dominoes whose centre lies outside the
        inscribed circle and among those inside it. For a large uniform tiling the first
        is near 1 (the frozen corners) and the second far from it (the disordered disc).

        >>> outside, inside = random_aztec_tiling(30, seed=1).arctic_shares()
        >>> outside > Fraction(9, 10) > Fraction(1, 2) > inside
        True
        """
        counts = {True: [0, 0], False: [0, 0]}
        for ((ra, ca), (rb, cb)), k in zip(self.dominoes, self.kinds):
            # twice the domino's centre, in coordinates centred on the diamond's centre
            cx = ca + cb + 1 - 2 * self.n
            cy = 2 * self.n - (ra + rb + 1)
            outside = 2 * (cx * cx + cy * cy) > 4 * self.n * self.n   # radius n/√2
            if abs(cy) >= abs(cx):
                corner = "N" if cy > 0 else "S"
            else:
                corner = "E" if cx > 0 else "W"
            counts[outside][0] += k == corner
            counts[outside][1] += 1

        def share(agree: int, total: int) -> Fraction:
            return Fraction(agree, total) if total else Fraction(1)

        return share(*counts[True]), share(*counts[False])

    def __repr__(self) -> str:
        return f"<AztecTiling of order {self.n}: {len(self.dominoes)} dominoes>"

    def _repr_svg_(self) -> str:
        from ..render.aztec import aztec_svg  # noqa: PLC0415 - a value imports its renderer when drawn
        return aztec_svg(self)


def _rng(seed: Any) -> _random.Random:
    if isinstance(seed, _random.Random):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise DominoError(f"seed must be a whole number or a random.Random, "
                          f"not {short_repr(seed)}")
    return _random.Random(seed)


def random_aztec_tiling(n: int, seed: int | _random.Random | None = None) -> AztecTiling:
    """A tiling of the Aztec diamond of order ``n``, uniformly at random, by domino
    shuffling (``n`` steps from the empty diamond of order 0; fair coins only). ``seed``
    (a whole number or a ``random.Random``) makes it repeatable.

    >>> t = random_aztec_tiling(3, seed=7)
    >>> len(t.dominoes), t.tiling().region == aztec_region(3)
    (12, True)
    """
    n = _order(n)
    rng = _rng(seed)
    lat: list[_Lat] = []
    for k in range(1, n + 1):
        lat = _shuffle_step(lat, k, rng)
    pairs = []
    for d in lat:
        a, b = (_to_cell(*c, n) for c in _cells_of(d))
        pairs.append((min(a, b), max(a, b), d[0]))
    pairs.sort()
    return AztecTiling(n, tuple((a, b) for a, b, _ in pairs), tuple(k for _, _, k in pairs))


def chi_square(observed: Iterable[int], expected: Iterable[Any]) -> tuple[float, int, float]:
    """Pearson's chi-square statistic, its degrees of freedom and its p-value: the upper
    tail of the chi-square law, ``Γ(df/2, stat/2)/Γ(df/2)`` (sympy's incomplete gamma
    function; no scipy needed). Floats: a test statistic, for display and thresholds.

    >>> stat, df, p = chi_square([10, 10, 10, 10], [10, 10, 10, 10])
    >>> stat, df, p
    (0.0, 3, 1.0)
    >>> round(chi_square([30, 10], [20, 20])[2], 4)      # 10 against 20 in two cells
    0.0016
    """
    try:
        obs = [int(o) for o in observed]
        exp = [Fraction(e) for e in expected]
    except (TypeError, ValueError):
        raise DominoError("chi_square needs counts and expected counts, as numbers") from None
    if len(obs) != len(exp) or len(obs) < 2 or min(exp) <= 0:
        raise DominoError(f"chi_square needs two or more cells, as many observed as expected "
                          f"counts ({len(obs)} and {len(exp)}), each expected count positive")
    stat = sum((Fraction(o) - e) ** 2 / e for o, e in zip(obs, exp))
    df = len(obs) - 1
    sympy = import_sympy()      # here only: a lesson that draws a diamond never needs it
    half = sympy.Rational(df, 2)
    tail = sympy.uppergamma(half, sympy.Rational(stat.numerator, 2 * stat.denominator))
    p = float((tail / sympy.gamma(half)).evalf(30))
    return float(stat), df, min(1.0, p)


@dataclass(frozen=True)
class Uniformity:
    """A sampler's hits on every tiling of a small region, and the chi-square test."""

    tilings: int
    samples: int
    smallest: int
    largest: int
    statistic: float
    df: int
    p_value: float

    def __str__(self) -> str:
        # Russian text writes a decimal comma; the English stays as it was
        comma = (lambda t: t.replace(".", ",")) if get_language() == "ru" else (lambda t: t)
        return tr("{samples} samples over {tilings} tilings: each hit {smallest} to {largest} "
                  "times (expected {expected}); chi-square {chi} with {df} degrees of freedom, "
                  "p = {p}").format(
                      samples=format_number(self.samples) if get_language() == "ru"
                      else self.samples, tilings=self.tilings, smallest=self.smallest,
                      largest=self.largest, expected=comma(f"{self.samples / self.tilings:g}"),
                      chi=comma(f"{self.statistic:.1f}"), df=self.df,
                      p=comma(f"{self.p_value:.2f}"))


def uniformity_test(sampler: Callable[[_random.Random], Hashable], tilings: Iterable[Hashable],
                    samples: int, seed: int = 0) -> Uniformity:
    """Run ``sampler(rng)`` ``samples`` times and test its hits on ``tilings`` (all of
    them, as keys comparable with what the sampler returns) against the uniform law by
    chi-square. A sample that is not among ``tilings`` raises: the sampler left them.

    >>> from dominolab.tilings import iter_tilings
    >>> every = [t.dominoes for t in iter_tilings(aztec_region(2))]
    >>> u = uniformity_test(lambda rng: random_aztec_tiling(2, rng).dominoes, every, 800)
    >>> u.tilings, u.smallest > 0, u.p_value > 0.001
    (8, True, True)
    """
    samples = whole_number(samples, "samples", low=1, high=MAX_SAMPLES, error=DominoError)
    keys = list(tilings)
    hits = Counter({k: 0 for k in keys})
    if len(hits) < 2:
        raise DominoError(f"uniformity_test needs two or more different tilings, not "
                          f"{len(hits)}")
    rng = _random.Random(seed)
    for i in range(samples):
        got = sampler(rng)
        if got not in hits:
            raise DominoError(f"sample {i + 1} is {short_repr(got)}, which is not one of the "
                              f"{len(hits)} tilings")
        hits[got] += 1
    stat, df, p = chi_square([hits[k] for k in hits], [Fraction(samples, len(hits))] * len(hits))
    return Uniformity(len(hits), samples, min(hits.values()), max(hits.values()), stat, df, p)
