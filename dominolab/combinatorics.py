"""Counting dominoes: formulas (exact or symbolic) and exact odds of deals.

A double-n set has one tile for every multiset ``{a, b}`` of two numbers from
``0..n``: combinations with repetition of 2 from n+1 kinds, so
``C(n+2, 2) = (n+1)(n+2)/2`` tiles and ``n(n+1)(n+2)/2`` pips. Every function
accepting ``n`` returns an exact ``int`` for an integer and a simplified sympy
expression for a symbol, so the same call gives 28 in a table and the formula
in a proof.

>>> import sympy
>>> n = sympy.Symbol("n")
>>> set_size(6), pip_total(6), set_size(n), pip_total(n)
(28, 168, (n + 1)*(n + 2)/2, n*(n + 1)*(n + 2)/2)
>>> multiset_count(6, 3)                      # triominoes: corners 0..5
56

Deals are counted exactly, probabilities are :class:`fractions.Fraction`:

>>> count_deals([7, 7, 7, 7])                 # four labelled 7-tile hands of 28
472518347558400
>>> deal_probability("all_doubles")           # one hand of 7: just the 7 doubles
Fraction(1, 1184040)
>>> deal_probability("redeal_morskoy")
Fraction(2797, 592020)
"""

from __future__ import annotations

import math
import operator
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

import sympy

from .errors import DominoError, InvalidSet, InvalidTile, ParseError
from .tiles import DominoSet, Tile

__all__ = [
    "EVENTS",
    "Derivation",
    "InvalidDeal",
    "Step",
    "TooLarge",
    "UnknownEvent",
    "count_deals",
    "count_hands",
    "deal_probability",
    "derive_pip_total",
    "derive_set_size",
    "doubles_distribution",
    "ends_per_number",
    "event_holds",
    "from_stars_and_bars",
    "hand_count",
    "hand_profile",
    "multiset_count",
    "pairing_blocks",
    "partner",
    "pip_total",
    "pip_total_proofs",
    "set_size",
    "simulate",
    "simulate_table",
    "stars_and_bars",
    "suit_count",
    "suit_distribution",
    "table_probability",
]


class UnknownEvent(DominoError):
    """An event name :func:`deal_probability` does not know; the message lists the valid ones."""


class InvalidDeal(InvalidSet):
    """A deal that cannot be made: hands larger than the set, negative sizes, missing ``k``…"""


class TooLarge(InvalidDeal):
    """An exact count that would take too long (:func:`table_probability` beyond its limit)."""


# --------------------------------------------------------------------------
# Input checks
# --------------------------------------------------------------------------

def _is_symbolic(x) -> bool:
    """A sympy expression with a free symbol (``n``, ``n + 1``); sympy numbers are not."""
    return isinstance(x, sympy.Basic) and bool(getattr(x, "free_symbols", None))


def _whole(x, what: str, error=InvalidSet, minimum: int = 0) -> int:
    """``x`` as an int >= minimum, or a DominoError naming ``what``.

    Ints and int-likes (sympy Integer, numpy integers) are accepted; bools,
    floats, fractions and other sympy numbers (1/2, 2.0) are not.
    """
    if isinstance(x, bool):
        raise error(f"{what} must be a whole number, got {x!r}")
    if not isinstance(x, int):
        try:
            x = operator.index(x)
        except TypeError:
            raise error(f"{what} must be a whole number, got {x!r}") from None
    if x < minimum:
        raise error(f"{what} must be {minimum} or more, got {x}")
    return x


def _n_or_symbol(n, what: str = "n (the largest number on a tile)"):
    if _is_symbolic(n):
        return n
    return _whole(n, what)


# --------------------------------------------------------------------------
# Formulas
# --------------------------------------------------------------------------

def multiset_count(kinds, k):
    """Combinations with repetition: multisets of ``k`` items from ``kinds`` kinds.

    Stars and bars: ``k`` stars and ``kinds - 1`` bars in a row, so
    ``C(kinds + k - 1, k) = (kinds + k - 1)! / (k! (kinds - 1)!)`` (the formula
    quoted by the seeds). With no kinds there is one empty multiset and none
    larger. Symbols give a sympy expression.

    >>> multiset_count(7, 2), multiset_count(6, 3), multiset_count(0, 0), multiset_count(0, 2)
    (28, 56, 1, 0)
    >>> import sympy
    >>> multiset_count(sympy.Symbol("m"), 3)
    m*(m + 1)*(m + 2)/6
    >>> multiset_count(3, sympy.Symbol("k"))       # 3 kinds: C(k+2, 2)
    (k + 1)*(k + 2)/2
    """
    if _is_symbolic(kinds) or _is_symbolic(k):
        if not _is_symbolic(kinds):
            kinds = _whole(kinds, "the number of kinds", DominoError)
        if not _is_symbolic(k):
            k = _whole(k, "the multiset size k", DominoError)
        if not _is_symbolic(k):
            return sympy.factor(sympy.expand_func(sympy.binomial(kinds + k - 1, k)))
        if not _is_symbolic(kinds):
            # C(kinds+k-1, k) = C(kinds+k-1, kinds-1): a polynomial in k of degree kinds-1
            if kinds == 0:
                return sympy.Piecewise((1, sympy.Eq(k, 0)), (0, True))
            return sympy.factor(sympy.expand_func(sympy.binomial(kinds + k - 1, kinds - 1)))
        return sympy.binomial(kinds + k - 1, k)
    kinds = _whole(kinds, "the number of kinds", DominoError)
    k = _whole(k, "the multiset size k", DominoError)
    if kinds == 0:
        return 1 if k == 0 else 0
    return math.comb(kinds + k - 1, k)


def set_size(n):
    """Number of tiles in the double-n set: ``C(n+2, 2) = (n+1)(n+2)/2``.

    >>> [set_size(n) for n in (0, 3, 6, 9, 12, 15, 18)]
    [1, 10, 28, 55, 91, 136, 190]
    >>> import sympy; set_size(sympy.Symbol("n"))
    (n + 1)*(n + 2)/2
    """
    n = _n_or_symbol(n)
    if _is_symbolic(n):
        return multiset_count(n + 1, 2)
    return (n + 1) * (n + 2) // 2


def pip_total(n):
    """Total pips of the double-n set: each of 0..n on n+2 ends, ``n(n+1)(n+2)/2``.

    >>> pip_total(6), pip_total(12)
    (168, 1092)
    >>> import sympy; pip_total(sympy.Symbol("n"))
    n*(n + 1)*(n + 2)/2
    """
    n = _n_or_symbol(n)
    if _is_symbolic(n):
        return sympy.factor(ends_per_number(n) * n * (n + 1) / 2)
    return n * (n + 1) * (n + 2) // 2


def suit_count(n):
    """Tiles in one suit (all tiles showing a given number): n+1, the double included.

    >>> suit_count(6), len(DominoSet(6).suit(3))
    (7, 7)
    """
    n = _n_or_symbol(n)
    return n + 1


def ends_per_number(n):
    """How many tile-ends show a given number: n+2 (its suit, the double counted twice).

    >>> ends_per_number(6)
    8
    """
    n = _n_or_symbol(n)
    return n + 2


def stars_and_bars(items: Iterable[int] | Tile, kinds: int) -> str:
    """Write a multiset of numbers ``0..kinds-1`` as stars and bars.

    Each star is an item; the bars split the row into ``kinds`` boxes, box
    ``j`` holding the copies of ``j``. This is the bijection behind
    :func:`multiset_count`.

    >>> stars_and_bars(Tile(2, 5), 7)
    '||*|||*|'
    >>> stars_and_bars([0, 0], 7)
    '**||||||'
    """
    kinds = _whole(kinds, "the number of kinds", DominoError, 1)
    items = list(items)
    counts = Counter(items)
    for x in items:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < kinds:
            raise DominoError(f"stars and bars: item {x!r} is not one of 0..{kinds - 1}")
    return "|".join("*" * counts[j] for j in range(kinds))


def from_stars_and_bars(text: str) -> tuple[int, ...]:
    """Read stars and bars back into the sorted multiset (the inverse of :func:`stars_and_bars`).

    >>> from_stars_and_bars("||*|||*|")
    (2, 5)
    """
    if not isinstance(text, str):
        raise ParseError(f"stars and bars are written as text like '||*|||*|', got {text!r}")
    out = []
    box = 0
    for pos, ch in enumerate(text):
        if ch == "|":
            box += 1
        elif ch == "*":
            out.append(box)
        else:
            raise ParseError(
                f"stars and bars: {ch!r} at position {pos} is not '*' or '|'", text, pos
            )
    return tuple(out)


# --------------------------------------------------------------------------
# Derivations for the notebooks
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One step of a derivation: a title, a sympy expression and a line of explanation."""

    title: str
    expr: sympy.Basic
    note: str = ""
    tex: str | None = None  # LaTeX to show instead of sympy's rendering of expr

    @property
    def latex(self) -> str:
        return self.tex if self.tex is not None else sympy.latex(self.expr)


class Derivation(list):
    """A list of :class:`Step`; shows itself as numbered steps with LaTeX in a notebook.

    ``result`` is the expression of the last step.
    """

    def __init__(self, title: str, steps: Iterable[Step]):
        super().__init__(steps)
        self.title = title

    @property
    def result(self):
        return self[-1].expr

    def __str__(self) -> str:
        lines = [self.title]
        for i, s in enumerate(self, start=1):
            lines.append(f"{i}. {s.title}: {s.expr}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        lines = [f"**{self.title}**", ""]
        for i, s in enumerate(self, start=1):
            note = f" — {s.note}" if s.note else ""
            lines.append(f"{i}. *{s.title}*{note}")
            lines.append("")
            lines.append(f"   $$ {s.latex} $$")
            lines.append("")
        return "\n".join(lines)


def _symbol(n):
    if n is None:
        return sympy.Symbol("n", integer=True, nonnegative=True)
    return _n_or_symbol(n)


def derive_set_size(n=None, method: str = "stars_and_bars") -> Derivation:
    """The number of tiles, derived step by step (``method``: ``"stars_and_bars"`` or ``"rows"``).

    Stars and bars: a tile is 2 stars among n bars (n+1 boxes), so choose the
    2 star places among n+2. Rows: row ``a`` of the set holds a:a … a:n, that
    is n+1-a tiles; add the rows up.

    >>> d = derive_set_size()
    >>> d.result
    (n + 1)*(n + 2)/2
    >>> derive_set_size(method="rows").result
    (n + 1)*(n + 2)/2
    >>> derive_set_size(6).result
    28
    """
    n = _symbol(n)
    if method == "stars_and_bars":
        steps = [
            Step("kinds of number on a half", n + 1, "the numbers 0, 1, …, n"),
            Step("a tile is a multiset of 2 of them", sympy.Integer(2),
                 "order does not matter and a number may repeat (doubles)"),
            Step("stars and bars: 2 stars, n bars, n+2 places", sympy.binomial(n + 2, 2),
                 "choose which 2 of the n+2 places hold the stars"),
            Step("the seeds' formula (m+k-1)!/(k!(m-1)!) with m=n+1, k=2",
                 sympy.factorial(n + 2) / (sympy.factorial(2) * sympy.factorial(n)),
                 "the same number, written with factorials"),
            Step("simplify", sympy.factor(sympy.expand_func(sympy.binomial(n + 2, 2))),
                 "(n+1)(n+2)/2"),
        ]
    elif method == "rows":
        a = sympy.Symbol("a", integer=True, nonnegative=True)
        row = n + 1 - a
        steps = [
            Step("row a holds a:a, a:a+1, …, a:n", row, "n+1-a tiles"),
            Step("add the rows a = 0..n", sympy.Sum(row, (a, 0, n)), ""),
            Step("sympy.summation", sympy.factor(sympy.summation(row, (a, 0, n))),
                 "(n+1)(n+2)/2 again"),
        ]
    else:
        raise DominoError(
            f"unknown method {method!r} for derive_set_size; use 'stars_and_bars' or 'rows'"
        )
    return Derivation(f"Tiles in the double-{n} set ({method.replace('_', ' ')})", steps)


_PIP_METHODS = ("suits", "pairing", "summation")


def derive_pip_total(method: str = "suits", n=None) -> Derivation:
    """The pip total of the double-n set, proved three independent ways.

    * ``"suits"``: each number appears on n+2 tile-ends (its n+1 tiles, the
      double twice), so the total is (n+2)(0+1+…+n).
    * ``"pairing"``: pair a:b with (n-a):(n-b); the two carry 2n pips, and the
      pairing is a bijection of the set onto itself, so twice the total is
      2n times the number of tiles.
    * ``"summation"``: add a+b over all 0 ≤ a ≤ b ≤ n with ``sympy.summation``.

    >>> [derive_pip_total(m).result for m in ("suits", "pairing", "summation")]
    [n*(n + 1)*(n + 2)/2, n*(n + 1)*(n + 2)/2, n*(n + 1)*(n + 2)/2]
    >>> derive_pip_total("pairing", 6).result
    168
    """
    n = _symbol(n)
    a = sympy.Symbol("a", integer=True, nonnegative=True)
    b = sympy.Symbol("b", integer=True, nonnegative=True)
    if method == "suits":
        ends = n + 2
        x = sympy.Symbol("x", integer=True, nonnegative=True)
        steps = [
            Step("tiles in the suit of a number x", n + 1, "x:0, x:1, …, x:n"),
            Step("ends showing x", ends, "the double x:x shows x on both ends"),
            Step("pips contributed by x", ends * x, "each of those ends shows x pips"),
            Step("add over the numbers x = 0..n", sympy.Sum(ends * x, (x, 0, n)), ""),
            Step("total", sympy.factor(sympy.summation(ends * x, (x, 0, n))), ""),
        ]
    elif method == "pairing":
        size = sympy.factor(sympy.expand_func(sympy.binomial(n + 2, 2)))
        steps = [
            Step("partner of a:b", sympy.Tuple(n - a, n - b), "(n-a):(n-b) is again a tile",
                 tex=rf"(a, b) \mapsto ({sympy.latex(n)} - a,\ {sympy.latex(n)} - b)"),
            Step("pips of a tile and its partner", sympy.expand((a + b) + (n - a) + (n - b)),
                 "always 2n"),
            Step("partner of the partner is the tile", sympy.Tuple(n - (n - a), n - (n - b)),
                 "so the pairing is a bijection of the set",
                 tex=r"(n - (n - a),\ n - (n - b)) = (a, b)".replace("n", sympy.latex(n))),
            Step("2·total = Σ (pips + partner's pips) = 2n · tiles", 2 * n * size,
                 "the tiles with a+b = n are their own partners and carry n pips each"),
            Step("total", sympy.factor(n * size), ""),
        ]
    elif method == "summation":
        inner = sympy.Sum(a + b, (a, 0, b))
        steps = [
            Step("a tile is a:b with 0 ≤ a ≤ b ≤ n", a + b, "its pips"),
            Step("add over all tiles", sympy.Sum(inner, (b, 0, n)), ""),
            Step("inner sum over a", sympy.factor(sympy.summation(a + b, (a, 0, b))), ""),
            Step("total", sympy.factor(sympy.summation(sympy.summation(a + b, (a, 0, b)),
                                                       (b, 0, n))), ""),
        ]
    else:
        raise DominoError(
            f"unknown method {method!r} for derive_pip_total; use one of {', '.join(_PIP_METHODS)}"
        )
    return Derivation(f"Pips in the double-{n} set (by {method})", steps)


def partner(tile: Tile, n: int) -> Tile:
    """The partner of a:b in the pairing proof: (n-a):(n-b); together they carry 2n pips.

    >>> partner(Tile(1, 4), 6), partner(Tile(2, 4), 6)
    (Tile(2, 5), Tile(2, 4))
    """
    n = _check_n(n)
    if not isinstance(tile, Tile):
        tile = Tile.parse(tile) if isinstance(tile, str) else Tile(*tile)
    if tile.high > n:
        raise InvalidTile(f"tile {tile} is not in the double-{n} set (numbers 0..{n})")
    return Tile(n - tile.low, n - tile.high)


def pairing_blocks(n: int, width: int | None = None) -> tuple[list[Tile], int]:
    """The set in blocks of ``width`` tiles, each block followed by its partners.

    Drawn with ``hand_svg(tiles, per_row=width)`` every tile stands above its
    :func:`partner`, so every column carries 2n pips. ``width`` must divide
    the set size; by default it is the largest divisor up to 16.

    >>> tiles, width = pairing_blocks(2)
    >>> width, [str(t) for t in tiles]
    (6, ['0:0', '0:1', '0:2', '1:1', '1:2', '2:2', '2:2', '1:2', '0:2', '1:1', '0:1', '0:0'])
    """
    n = _check_n(n)
    size = set_size(n)
    if width is None:
        width = max(w for w in range(1, min(size, 16) + 1) if size % w == 0)
    width = _whole(width, "width", DominoError, 1)
    if size % width:
        raise DominoError(f"width {width} does not divide the {size} tiles of the double-{n} set")
    tiles = list(DominoSet(n))
    out: list[Tile] = []
    for i in range(0, size, width):
        block = tiles[i:i + width]
        out += block + [partner(t, n) for t in block]
    return out, width


def pip_total_proofs(n=None) -> dict[str, Derivation]:
    """All three derivations of :func:`derive_pip_total`, keyed by method.

    >>> proofs = pip_total_proofs()
    >>> len({p.result for p in proofs.values()})     # they agree
    1
    """
    return {m: derive_pip_total(m, n) for m in _PIP_METHODS}


# --------------------------------------------------------------------------
# Deals
# --------------------------------------------------------------------------

def _check_n(n) -> int:
    return _whole(n, "n (the largest number on a tile)")


def count_deals(hands: Sequence[int] = (7, 7, 7, 7), n: int = 6) -> int:
    """Ways to deal hands of the given sizes to labelled players, the rest to the boneyard.

    The multinomial ``N! / (h1! h2! … hp! (N - Σh)!)`` with ``N`` the set size.

    >>> count_deals([7, 7], 6) == math.comb(28, 7) * math.comb(21, 7)
    True
    >>> count_deals([28])
    1
    >>> count_deals([7, 7, 7, 8])   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominolab.combinatorics.InvalidDeal: hands of 7+7+7+8 = 29 tiles do not fit ...
    """
    n = _check_n(n)
    if isinstance(hands, (int, str)) or not isinstance(hands, Iterable):
        raise InvalidDeal(f"hands must be a list of hand sizes such as [7, 7], got {hands!r}")
    hands = [_whole(h, f"hand {i} size", InvalidDeal) for i, h in enumerate(hands, start=1)]
    total = set_size(n)
    dealt = sum(hands)
    if dealt > total:
        raise InvalidDeal(
            f"hands of {'+'.join(map(str, hands))} = {dealt} tiles do not fit in the "
            f"double-{n} set ({total} tiles)"
        )
    ways = math.factorial(total) // math.factorial(total - dealt)
    for h in hands:
        ways //= math.factorial(h)
    return ways


def hand_count(hand_size: int = 7, n: int = 6) -> int:
    """Number of different hands of ``hand_size`` tiles: ``C(N, hand_size)``.

    >>> hand_count(), hand_count(5, 3)
    (1184040, 252)
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    return math.comb(set_size(n), h)


def _check_hand(hand_size, n) -> int:
    h = _whole(hand_size, "hand_size", InvalidDeal)
    if h > set_size(n):
        raise InvalidDeal(
            f"a hand of {h} tiles does not fit in the double-{n} set ({set_size(n)} tiles)"
        )
    return h


@lru_cache(maxsize=64)
def _profile(hand_size: int, n: int) -> tuple[tuple[tuple[int, int], int], ...]:
    # Written by hand: no library counts subsets of a structured set by a joint
    # statistic. A dynamic programme over the numbers 0..n: pick a number, decide
    # which of its tiles (its double and its tiles with the numbers still to
    # come) are in the hand; its suit count is then final. The tiles left are all
    # pairs among the remaining numbers, a set symmetric under permuting them, so
    # states that differ by a relabelling are merged: a state keeps the suit
    # counts of the remaining numbers as a sorted tuple. Counts are exact ints.
    start = (0, 0, 0, (0,) * (n + 1))  # (tiles so far, doubles, max suit, counts)
    states: dict[tuple, int] = {start: 1}
    for r in range(n + 1, 0, -1):  # r numbers remain before this step
        left_after = (r - 1) * r // 2  # tiles among the r-1 numbers that stay
        nxt: dict[tuple, int] = {}
        for (h, d, m, counts), ways in states.items():
            c0, rest = counts[0], counts[1:]
            classes = sorted(Counter(rest).items(), reverse=True)
            for dbl in (0, 1):
                for pick in product(*(range(mu + 1) for _, mu in classes)):
                    taken = dbl + sum(pick)
                    h2 = h + taken
                    if h2 > hand_size or h2 + left_after < hand_size:
                        continue
                    w = ways
                    new_rest = []
                    for (v, mu), i in zip(classes, pick):
                        w *= math.comb(mu, i)
                        new_rest += [v + 1] * i + [v] * (mu - i)
                    key = (h2, d + dbl, max(m, c0 + taken),
                           tuple(sorted(new_rest, reverse=True)))
                    nxt[key] = nxt.get(key, 0) + w
        states = nxt
    out: Counter = Counter()
    for (h, d, m, _), ways in states.items():
        if h == hand_size:
            out[(d, m)] += ways
    return tuple(sorted(out.items()))


def hand_profile(hand_size: int = 7, n: int = 6) -> dict[tuple[int, int], int]:
    """How many hands have each (number of doubles, largest suit count).

    The largest suit count of a hand is the most tiles it holds showing one
    number (a double counts once in its suit). Exact, by a dynamic programme
    over the numbers that merges states equal up to relabelling.

    >>> p = hand_profile(7, 6)
    >>> sum(p.values()) == hand_count(7, 6), p[(7, 1)], sum(w for (d, m), w in p.items() if m == 7)
    (True, 1, 7)
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    return dict(_profile(h, n))


def doubles_distribution(hand_size: int = 7, n: int = 6) -> dict[int, Fraction]:
    """Probability of exactly j doubles in a hand, for every j (hypergeometric).

    ``P(j) = C(n+1, j) C(N-n-1, h-j) / C(N, h)``: choose j of the n+1 doubles
    and the rest from the other tiles.

    >>> d = doubles_distribution()
    >>> d[0], d[7], sum(d.values())
    (Fraction(323, 3289), Fraction(1, 1184040), Fraction(1, 1))
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    size, dbl = set_size(n), n + 1
    total = math.comb(size, h)
    return {j: Fraction(math.comb(dbl, j) * math.comb(size - dbl, h - j), total)
            for j in range(min(h, dbl) + 1) if h - j <= size - dbl}


def suit_distribution(hand_size: int = 7, n: int = 6) -> dict[int, Fraction]:
    """Probability that the longest suit of a hand has exactly m tiles, for every m.

    The longest suit is the most tiles showing one number; exact, from
    :func:`hand_profile`.

    >>> s = suit_distribution()
    >>> min(s), max(s), s[7], sum(s.values())   # longest suit 1: the seven doubles
    (1, 7, Fraction(7, 1184040), Fraction(1, 1))
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    tally: Counter = Counter()
    for (_, m), w in _profile(h, n):
        tally[m] += w
    total = math.comb(set_size(n), h)
    return {m: Fraction(w, total) for m, w in sorted(tally.items())}


def _need_k(event, k, hand_size):
    if k is None:
        raise InvalidDeal(f"event {event!r} needs k (for example k=5)")
    return _whole(k, "k", InvalidDeal)


# name -> (needs, description, predicate on (doubles, max suit, hand size, k))
EVENTS: dict[str, tuple[str, str]] = {
    "all_doubles": ("", "every tile of the hand is a double"),
    "no_double": ("", "the hand holds no double"),
    "doubles_at_least": ("k", "the hand holds k or more doubles"),
    "suit_at_least": ("k", "some number shows on k or more tiles of the hand"),
    "tile_in_hand": ("tile", "the named tile is in the hand"),
    "redeal_wikipedia": ("", "mandatory redeal: the hand is all doubles or all one suit"),
    "redeal_morskoy": ("", "Morskoy kozel redeal: 5+ doubles, or 6+ tiles of one suit"),
}


def _predicate(event: str, hand_size: int, k):
    if event == "all_doubles":
        return lambda d, m: d == hand_size
    if event == "no_double":
        return lambda d, m: d == 0
    if event == "doubles_at_least":
        return lambda d, m: d >= k
    if event == "suit_at_least":
        return lambda d, m: m >= k
    if event == "redeal_wikipedia":
        return lambda d, m: d == hand_size or m == hand_size
    if event == "redeal_morskoy":
        return lambda d, m: d >= 5 or m >= 6
    raise AssertionError(event)  # pragma: no cover


def _check_event(event, k, tile, n, hand_size):
    if not isinstance(event, str) or event not in EVENTS:
        raise UnknownEvent(
            f"unknown event {event!r}; valid events: {', '.join(EVENTS)}"
        )
    needs = EVENTS[event][0]
    if needs == "k":
        k = _need_k(event, k, hand_size)
    elif k is not None:
        raise InvalidDeal(f"event {event!r} takes no k (got k={k!r})")
    if needs == "tile":
        if tile is None:
            raise InvalidDeal(f"event {event!r} needs tile (for example tile='6:6')")
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        elif isinstance(tile, (tuple, list)) and len(tile) == 2:
            a, b = tile
            for x in (a, b):
                if isinstance(x, bool) or not isinstance(x, int):
                    raise InvalidTile(f"not a tile: {tile!r} (a tile is two whole numbers, "
                                      "like (3, 5) or '3:5')")
            tile = Tile(a, b)
        if not isinstance(tile, Tile):
            raise InvalidTile(f"not a tile: {tile!r}")
        if tile.high > n:
            raise InvalidTile(f"tile {tile} is not in the double-{n} set (numbers 0..{n})")
    elif tile is not None:
        raise InvalidDeal(f"event {event!r} takes no tile (got tile={tile!r})")
    return k, tile


def count_hands(event: str, hand_size: int = 7, n: int = 6, k: int | None = None,
                tile=None) -> int:
    """Number of ``hand_size``-tile hands of the double-n set in which ``event`` holds.

    See :func:`deal_probability` for the events.

    >>> count_hands("doubles_at_least", k=5)       # C(7,5)C(21,2)+C(7,6)C(21,1)+1
    4558
    >>> count_hands("tile_in_hand", tile="6:6") == math.comb(27, 6)
    True
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    k, tile = _check_event(event, k, tile, n, hand_size)
    if event == "tile_in_hand":
        return math.comb(set_size(n) - 1, hand_size - 1) if hand_size else 0
    pred = _predicate(event, hand_size, k)
    return sum(w for (d, m), w in _profile(hand_size, n) if pred(d, m))


def deal_probability(event: str, hand_size: int = 7, n: int = 6, k: int | None = None,
                     tile=None) -> Fraction:
    """Exact probability that a hand of ``hand_size`` tiles from the double-n set has ``event``.

    All ``C(N, hand_size)`` hands are equally likely (``N`` = set size); the
    probability is the number of hands with the event over that. Events
    (see :data:`EVENTS`):

    * ``"all_doubles"``, ``"no_double"``, ``"doubles_at_least"`` (``k`` or more
      doubles; doubles alone are hypergeometric: ``Σ C(n+1, j) C(N-n-1, h-j)``);
    * ``"suit_at_least"``: some number is on ``k`` or more tiles. Suits
      overlap (a:b is in suits a and b), so this is counted exactly by a
      dynamic programme over the suits, not by adding suit probabilities;
    * ``"tile_in_hand"``: the named ``tile`` is dealt into this hand, ``h/N``;
    * ``"redeal_wikipedia"``: all doubles or all one suit (RULES.md, mandatory redeal);
    * ``"redeal_morskoy"``: 5+ doubles or 6+ tiles of one suit (Morskoy kozel).

    >>> deal_probability("no_double")
    Fraction(323, 3289)
    >>> deal_probability("suit_at_least", k=5)
    Fraction(15953, 592020)
    >>> deal_probability("tile_in_hand", tile="3:5")
    Fraction(1, 4)
    >>> deal_probability("full_house")   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominolab.combinatorics.UnknownEvent: unknown event 'full_house'; valid events: all_doubles, ...
    """
    hits = count_hands(event, hand_size, n, k, tile)
    return Fraction(hits, hand_count(hand_size, n))


def event_holds(event: str, hand: Iterable[Tile], k: int | None = None, tile=None,
                n: int = 6) -> bool:
    """Does ``event`` hold for this actual hand? (The rule applied to tiles, for simulation.)

    >>> from dominolab import Hand
    >>> event_holds("redeal_wikipedia", Hand.parse("0:1 1:1 1:2 1:3 1:6"))
    True
    >>> event_holds("suit_at_least", Hand.parse("0:0 0:1 1:1"), k=3)
    False
    """
    n = _check_n(n)
    hand = DominoSet(n).check(hand, "hand")
    k, tile = _check_event(event, k, tile, n, len(hand))
    return _holds(event, hand, k, tile)


def _holds(event: str, hand: Sequence[Tile], k, tile) -> bool:
    """:func:`event_holds` without the checks (the callers have validated)."""
    if event == "tile_in_hand":
        return tile in hand
    doubles = sum(t.is_double for t in hand)
    numbers = {x for t in hand for x in t}
    most = max((sum(t.has(x) for t in hand) for x in numbers), default=0)
    return _predicate(event, len(hand), k)(doubles, most)


def simulate(event: str, trials: int = 10_000, seed: int = 0, hand_size: int = 7,
             n: int = 6, k: int | None = None, tile=None) -> Fraction:
    """Estimate :func:`deal_probability` by dealing ``trials`` random hands.

    Uses ``random.Random(seed)``, so the same seed gives the same answer.
    Returns the observed fraction hits/trials (exact, but only an estimate).

    >>> simulate("no_double", trials=1000, seed=1)
    Fraction(47, 500)
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    trials = _whole(trials, "trials", DominoError, 1)
    k, tile = _check_event(event, k, tile, n, hand_size)
    rng = random.Random(seed)
    tiles = list(DominoSet(n))
    hits = sum(_holds(event, rng.sample(tiles, hand_size), k, tile) for _ in range(trials))
    return Fraction(hits, trials)


def _fields(hand_size: int, n: int) -> tuple[int, list[int]]:
    """Pack, for each tile, "is a double" and "shows x" (x = 0..n) into bit fields.

    Adding the packed numbers of the tiles of a hand adds every field at once
    (no field can overflow: each holds up to ``hand_size``), so C-level
    ``sum`` over ``itertools.combinations`` tallies whole hands quickly.
    """
    width = max(1, hand_size.bit_length())
    packed = []
    for t in DominoSet(n):
        v = int(t.is_double)
        for x in set(t):
            v += 1 << (width * (x + 1))
        packed.append(v)
    return width, packed


def _event_masks(event, hand_size, n, k, tile) -> list[int]:
    """Bitmasks (bit i = i-th tile in canonical order) of every hand with the event."""
    from itertools import combinations

    tiles = list(DominoSet(n))
    if event == "tile_in_hand":
        t = tiles.index(tile)
        return [sum(1 << i for i in c) for c in combinations(range(len(tiles)), hand_size)
                if t in c]
    width, packed = _fields(hand_size, n)
    field = (1 << width) - 1
    pred = _predicate(event, hand_size, k)
    good: dict[int, bool] = {}
    out = []
    for c, s in zip(combinations(range(len(tiles)), hand_size),
                    map(sum, combinations(packed, hand_size))):
        ok = good.get(s)
        if ok is None:
            d = s & field
            m = max((s >> (width * (x + 1))) & field for x in range(n + 1))
            ok = good[s] = pred(d, m)
        if ok:
            out.append(sum(1 << i for i in c))
    return out


def table_probability(event: str, players: int = 4, hand_size: int = 7, n: int = 6,
                      k: int | None = None, tile=None, limit: int = 2_000_000) -> Fraction:
    """Exact probability that at least one of ``players`` hands has ``event``.

    Inclusion–exclusion over the players: ``Σ_j (-1)^(j+1) C(P, j) q_j``, where
    ``q_j`` is the chance that j given hands all have the event: the number of
    ordered j-tuples of pairwise disjoint hands with the event over the number
    of ways to deal j hands. Those tuples are counted from the list of all
    hands with the event, so this is for small cases: more than ``limit``
    hands to list, or more than ``limit`` steps of counting, raises
    :class:`TooLarge` (use :func:`simulate_table` then).

    >>> table_probability("redeal_wikipedia", players=4)   # 8 hands, no two disjoint
    Fraction(4, 148005)
    >>> table_probability("tile_in_hand", players=4, tile="6:6")   # all 28 dealt
    Fraction(1, 1)
    >>> table_probability("doubles_at_least", players=3, hand_size=3, n=3, k=2)
    Fraction(61, 70)
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    players = _whole(players, "players", InvalidDeal, 1)
    k, tile = _check_event(event, k, tile, n, hand_size)
    if hand_size == 0:
        raise InvalidDeal("hands of 0 tiles: nothing to look at")
    total = set_size(n)
    if players * hand_size > total:
        raise InvalidDeal(
            f"{players} hands of {hand_size} need {players * hand_size} tiles; "
            f"the double-{n} set has {total}"
        )
    if math.comb(total, hand_size) > limit:
        raise TooLarge(
            f"too many hands to list exactly ({math.comb(total, hand_size)} > limit {limit}); "
            "raise limit or use simulate_table"
        )
    if event == "tile_in_hand":  # at most one hand holds the tile: disjoint events
        return Fraction(players * hand_size, total)
    masks = _event_masks(event, hand_size, n, k, tile)
    work = [0]

    # Hand-written: counting families of pairwise disjoint sets is a small
    # backtracking search; networkx's clique tools would need the whole
    # disjointness graph, which is the expensive part.
    def families(j: int, start: int, used: int) -> int:
        if j == 0:
            return 1
        count = 0
        for i in range(start, len(masks)):
            work[0] += 1
            if work[0] > limit:
                raise TooLarge(
                    f"too many hands with {event!r} to count their disjoint families "
                    f"exactly (over {limit} steps); use simulate_table"
                )
            if not masks[i] & used:
                count += families(j - 1, i + 1, used | masks[i])
        return count

    prob = Fraction(0)
    for j in range(1, players + 1):
        ordered = families(j, 0, 0) * math.factorial(j)
        if ordered == 0:
            break  # no j hands can all have the event, so no more can either
        q = Fraction(ordered, count_deals([hand_size] * j, n))
        prob += (-1) ** (j + 1) * math.comb(players, j) * q
    return prob


def simulate_table(event: str, players: int = 4, trials: int = 10_000, seed: int = 0,
                   hand_size: int = 7, n: int = 6, k: int | None = None,
                   tile=None) -> Fraction:
    """Estimate :func:`table_probability` by shuffling and dealing ``trials`` times.

    >>> simulate_table("redeal_morskoy", players=4, trials=500, seed=3)
    Fraction(7, 500)
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    players = _whole(players, "players", InvalidDeal, 1)
    trials = _whole(trials, "trials", DominoError, 1)
    k, tile = _check_event(event, k, tile, n, hand_size)
    if players * hand_size > set_size(n):
        raise InvalidDeal(
            f"{players} hands of {hand_size} need {players * hand_size} tiles; "
            f"the double-{n} set has {set_size(n)}"
        )
    rng = random.Random(seed)
    tiles = list(DominoSet(n))
    hits = 0
    for _ in range(trials):
        rng.shuffle(tiles)
        hits += any(_holds(event, tiles[p * hand_size:(p + 1) * hand_size], k, tile)
                    for p in range(players))
    return Fraction(hits, trials)
