"""Formulas for the set (exact or symbolic) and their step-by-step derivations.

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
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .._lazy import import_sympy as _sympy
from .._lazy import is_sympy
from ..errors import DominoError, InvalidSet, InvalidTile, OverLimit, ParseError
from ..limits import MAX_FORMULA_N, short_repr
from ..tiles import DominoSet, Tile

__all__ = [
    "Derivation",
    "Step",
    "derive_pip_total",
    "derive_set_size",
    "ends_per_number",
    "from_stars_and_bars",
    "multiset_count",
    "pairing_blocks",
    "partner",
    "pip_total",
    "pip_total_proofs",
    "set_size",
    "stars_and_bars",
    "suit_count",
]


# --------------------------------------------------------------------------
# Input checks
# --------------------------------------------------------------------------

# sympy is loaded (_sympy, :func:`~dominolab._lazy.import_sympy`) only for a symbol or a
# derivation, so a lesson that counts in numbers is spared it (an int never needs it)


def _is_symbolic(x: Any) -> bool:
    """A sympy expression with a free symbol (``n``, ``n + 1``); sympy numbers are not."""
    return is_sympy(x) and bool(getattr(x, "free_symbols", None))


def _whole(x: Any, what: str, error: type[DominoError] = InvalidSet, minimum: int = 0) -> int:
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


def _n_or_symbol(n: Any, what: str = "n (the largest number on a tile)") -> Any:
    """A symbolic ``n`` as it is, otherwise ``n`` as a whole number 0..MAX_N."""
    if _is_symbolic(n):
        return n
    return _set_n(_whole(n, what))


def _set_n(n: int) -> int:
    """``n`` when a formula answers for it: at most :data:`~dominolab.limits.MAX_FORMULA_N`
    (a function that builds the set is held to :data:`~dominolab.limits.MAX_N` by
    :class:`~dominolab.tiles.DominoSet`)."""
    if n > MAX_FORMULA_N:
        raise InvalidSet(f"the formulas answer for n up to {MAX_FORMULA_N:,} "
                         f"(dominolab.limits.MAX_FORMULA_N), not {short_repr(n)}; "
                         "for larger n use a sympy Symbol and substitute")
    return n


#: With a symbol, multiset_count expands a polynomial of this degree at most.
MAX_SYMBOLIC_DEGREE = 200

#: multiset_count refuses ``kinds + k`` above this (its answer would have over 3,000 digits).
MAX_MULTISET = 10_000


def _multiset_bound(kinds: int, k: int) -> None:
    if kinds + k > MAX_MULTISET:
        raise OverLimit(f"multiset_count: kinds + k is at most {MAX_MULTISET:,} "
                        "(dominolab.combinatorics.formulas.MAX_MULTISET); use symbols for larger")


# --------------------------------------------------------------------------
# Formulas
# --------------------------------------------------------------------------

def multiset_count(kinds: Any, k: Any) -> Any:
    """Combinations with repetition: multisets of ``k`` items from ``kinds`` kinds.

    Stars and bars: ``k`` stars and ``kinds - 1`` bars in a row, so
    ``C(kinds + k - 1, k) = (kinds + k - 1)! / (k! (kinds - 1)!)`` (the formula
    the Russian Wikipedia article «Домино» quotes). With no kinds there is one empty multiset and none
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
        sympy = _sympy()
        if not _is_symbolic(kinds):
            kinds = _whole(kinds, "the number of kinds", DominoError)
        if not _is_symbolic(k):
            k = _whole(k, "the multiset size k", DominoError)
        for x in (kinds, k):
            if not _is_symbolic(x) and x > MAX_SYMBOLIC_DEGREE:
                raise OverLimit(f"multiset_count: with a symbol, a number beside it is at "
                                f"most {MAX_SYMBOLIC_DEGREE} (the degree of the polynomial)")
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
    _multiset_bound(kinds, k)
    if kinds == 0:
        return 1 if k == 0 else 0
    return math.comb(kinds + k - 1, k)


def set_size(n: Any) -> Any:
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


def pip_total(n: Any) -> Any:
    """Total pips of the double-n set: each of 0..n on n+2 ends, ``n(n+1)(n+2)/2``.

    >>> pip_total(6), pip_total(12)
    (168, 1092)
    >>> import sympy; pip_total(sympy.Symbol("n"))
    n*(n + 1)*(n + 2)/2
    """
    n = _n_or_symbol(n)
    if _is_symbolic(n):
        return _sympy().factor(ends_per_number(n) * n * (n + 1) / 2)
    return n * (n + 1) * (n + 2) // 2


def suit_count(n: Any) -> Any:
    """Tiles in one suit (all tiles showing a given number): n+1, the double included.

    >>> suit_count(6), len(DominoSet(6).suit(3))
    (7, 7)
    """
    n = _n_or_symbol(n)
    return n + 1


def ends_per_number(n: Any) -> Any:
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
    try:
        items = list(items)
    except TypeError:
        raise DominoError(f"stars and bars: expected a tile or a list of numbers, "
                          f"not {items!r}") from None
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
    expr: Any  # a sympy expression
    note: str = ""
    tex: str | None = None  # LaTeX to show instead of sympy's rendering of expr

    @property
    def latex(self) -> str:
        return self.tex if self.tex is not None else _sympy().latex(self.expr)


class Derivation(list[Step]):
    """A list of :class:`Step`; shows itself as numbered steps with LaTeX in a notebook.

    ``result`` is the expression of the last step.
    """

    #: What the derivation finds, e.g. "Tiles in the double-n set (stars and bars)".
    title: str

    def __init__(self, title: str, steps: Iterable[Step]):
        super().__init__(steps)
        self.title = title

    @property
    def result(self) -> Any:
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


def _symbol(n: Any) -> Any:
    """The symbol ``n`` (a nonnegative integer) when ``n`` is None, else ``n`` checked."""
    sympy = _sympy()
    if n is None:
        return sympy.Symbol("n", integer=True, nonnegative=True)
    return _n_or_symbol(n)


def derive_set_size(n: Any = None, method: str = "stars_and_bars") -> Derivation:
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
    sympy = _sympy()
    n = _symbol(n)
    if method == "stars_and_bars":
        steps = [
            Step("kinds of number on a half", n + 1, "the numbers 0, 1, …, n"),
            Step("a tile is a multiset of 2 of them", sympy.Integer(2),
                 "order does not matter and a number may repeat (doubles)"),
            Step("stars and bars: 2 stars, n bars, n+2 places", sympy.binomial(n + 2, 2),
                 "choose which 2 of the n+2 places hold the stars"),
            Step("the Wikipedia article's formula (m+k-1)!/(k!(m-1)!) with m=n+1, k=2",
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


def derive_pip_total(method: str = "suits", n: Any = None) -> Derivation:
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
    sympy = _sympy()
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


def partner(tile: Tile | str | tuple[int, int], n: int) -> Tile:
    """The partner of a:b in the pairing proof: (n-a):(n-b); together they carry 2n pips.

    >>> partner(Tile(1, 4), 6), partner(Tile(2, 4), 6)
    (Tile(2, 5), Tile(2, 4))
    """
    n = _check_n(n)
    if isinstance(tile, str):
        tile = Tile.parse(tile)
    elif not isinstance(tile, Tile):
        try:
            tile = Tile(*tile)
        except TypeError:
            raise InvalidTile(f"expected a tile such as '1:4' or (1, 4), not {tile!r}") from None
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


def pip_total_proofs(n: Any = None) -> dict[str, Derivation]:
    """All three derivations of :func:`derive_pip_total`, keyed by method.

    >>> proofs = pip_total_proofs()
    >>> len({p.result for p in proofs.values()})     # they agree
    1
    """
    return {m: derive_pip_total(m, n) for m in _PIP_METHODS}



def _check_n(n: Any) -> int:
    """``n`` as the name of a double-n set (a whole number 0..MAX_N), or an InvalidSet."""
    return _set_n(_whole(n, "n (the largest number on a tile)"))

