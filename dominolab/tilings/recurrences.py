"""Recurrences and generating functions for tilings of strips: the 2×n bijection with
compositions, and the transfer matrix as the general method.

Tile an ``m × n`` strip column by column. Before column ``j`` some of its ``m`` cells may
already be covered by horizontal dominoes sticking in from column ``j − 1``: that set is
the *state* (a bitmask, bit ``i`` for row ``i``). Filling the rest of the column with
vertical dominoes and with horizontal ones that stick out into column ``j + 1`` leads to
the next state. ``T[s][t]``, the number of ways from state ``s`` to state ``t``, is the
**transfer matrix**; the tilings of the ``m × n`` strip are ``(Tⁿ)[0][0]``, and their
generating function ``Σ aₙ xⁿ = [(I − xT)⁻¹]₀₀`` is rational: its denominator gives a
linear recurrence (Cayley–Hamilton: ``T`` satisfies its characteristic polynomial).

The counts themselves come from the package's counter,
:func:`~dominolab.tilings.count_tilings`; this module builds the matrix, the generating
function and the recurrence, and the tests check each against that counter and against a
brute-force listing.

* ``m = 2``: ``1/(1 − x − x²)``, the Fibonacci numbers: a 2×n tiling is a composition of
  n into 1s (a vertical domino) and 2s (two horizontal ones, one above the other).
* ``m = 3``: ``(1 − x²)/(1 − 4x² + x⁴)``, so the 3×2k strips have 1, 3, 11, 41, 153, …
  tilings with ``a(k) = 4a(k − 1) − a(k − 2)``.

>>> generating_function(3)
(1 - x**2)/(x**4 - 4*x**2 + 1)
>>> print(recurrence(3, step=2))
a(k) = 4·a(k−1) − a(k−2) for k ≥ 2, from a(0) = 1, a(1) = 3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sympy

from ..errors import InvalidRegion
from ..i18n import tr
from ..limits import whole_number
from .count import count_tilings
from .region import Tiling, as_region

__all__ = [
    "MAX_COMPOSITION_N",
    "MAX_STRIP",
    "Recurrence",
    "X",
    "composition_of",
    "compositions",
    "fault_lines",
    "generating_function",
    "recurrence",
    "tiling_of",
    "transfer_matrix",
]

#: the variable of the generating functions
X = sympy.Symbol("x")

#: the tallest strip whose transfer matrix is built: at most 2^m states (70 for m = 8), and
#: the generating function needs two characteristic polynomials of that size (m = 8: under
#: a second here)
MAX_STRIP = 8
#: the largest n whose compositions :func:`compositions` lists one by one (F(n + 1) of them:
#: 10,946 for n = 20)
MAX_COMPOSITION_N = 20


def _height(m: Any) -> int:
    return whole_number(m, "the strip height m", low=1, high=MAX_STRIP, error=InvalidRegion)


def _fills(m: int, state: int) -> list[int]:
    """The next states from ``state``: every way to fill the free cells of one column."""
    out: list[int] = []

    def go(i: int, nxt: int) -> None:
        if i == m:
            out.append(nxt)
            return
        if state >> i & 1:                                    # covered from the left
            go(i + 1, nxt)
            return
        go(i + 1, nxt | 1 << i)                               # a horizontal domino sticks out
        if i + 1 < m and not state >> (i + 1) & 1:
            go(i + 2, nxt)                                    # a vertical domino in the column

    go(0, 0)
    return out


@lru_cache(maxsize=16)
def _matrix(m: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The states that lie on some tiling (reachable from 0, and 0 reachable from them),
    and the transfer matrix between them."""
    full = {s: _fills(m, s) for s in range(1 << m)}
    reach = {0}
    todo = [0]
    while todo:
        s = todo.pop()
        for t in full[s]:
            if t not in reach:
                reach.add(t)
                todo.append(t)
    back = {0}
    changed = True
    while changed:
        changed = False
        for s in reach - back:
            if any(t in back for t in full[s]):
                back.add(s)
                changed = True
    states = tuple(sorted(reach & back))
    index = {s: i for i, s in enumerate(states)}
    rows = []
    for s in states:
        row = [0] * len(states)
        for t in full[s]:
            if t in index:
                row[index[t]] += 1
        rows.append(tuple(row))
    return states, tuple(rows)


def transfer_matrix(m: int) -> tuple[list[int], sympy.Matrix]:
    """The states (bitmasks of the cells already covered, bit ``i`` for row ``i``) and the
    transfer matrix of ``m``-row strips, kept to the states that lie on some tiling.
    ``(T**n)[0, 0]`` is the number of tilings of the ``m × n`` strip.

    >>> states, T = transfer_matrix(2)
    >>> states, T.tolist()
    ([0, 3], [[1, 1], [1, 0]])
    >>> states, T = transfer_matrix(3)
    >>> states, (T**8)[0, 0]
    ([0, 1, 3, 4, 6, 7], 153)
    """
    states, rows = _matrix(_height(m))
    return list(states), sympy.Matrix([list(r) for r in rows])


def _det_one_minus_xt(rows: Sequence[Sequence[int]]) -> Any:
    """``det(I − xA)`` from the characteristic polynomial ``det(λI − A) = λᵏ + a₁λᵏ⁻¹ + …``:
    it is ``1 + a₁x + … + aₖxᵏ`` (the coefficients read backwards)."""
    if not rows:
        return sympy.Integer(1)
    coeffs = sympy.Matrix([list(r) for r in rows]).charpoly(X).all_coeffs()
    return sum((c * X ** i for i, c in enumerate(coeffs)), sympy.Integer(0))


@lru_cache(maxsize=16)
def _gf_parts(m: int) -> tuple[Any, Any]:
    _, rows = _matrix(m)
    minor = [r[1:] for r in rows[1:]]
    num, den = sympy.fraction(sympy.cancel(_det_one_minus_xt(minor) / _det_one_minus_xt(rows)))
    c = sympy.Poly(den, X).eval(0)
    return sympy.expand(num / c), sympy.expand(den / c)


def generating_function(m: int) -> Any:
    """``Σₙ aₙ xⁿ = [(I − xT)⁻¹]₀₀`` for the ``m``-row strips, in lowest terms with
    constant term 1 in the denominator.

    By Cramer's rule the entry is ``det(I − xT₀)/det(I − xT)``, ``T₀`` the matrix without
    state 0's row and column; each determinant is a characteristic polynomial read
    backwards.

    >>> generating_function(2)
    1/(-x**2 - x + 1)
    >>> sympy.series(generating_function(3), X, 0, 9).removeO()
    153*x**8 + 41*x**6 + 11*x**4 + 3*x**2 + 1
    """
    num, den = _gf_parts(_height(m))
    return num / den


@dataclass(frozen=True)
class Recurrence:
    """A linear recurrence ``a(n) = c₁·a(n−1) + … + cₖ·a(n−k)`` for ``n ≥ start``, with the
    first values ``a(0) … a(start − 1)``; ``var`` names the index in the text (``n`` for
    columns, ``k`` for pairs of columns)."""

    coefficients: tuple[int, ...]
    initial: tuple[int, ...]
    var: str = "n"

    @property
    def start(self) -> int:
        """The first index the recurrence gives (the ones before are :attr:`initial`)."""
        return len(self.initial)

    def terms(self, count: int) -> list[int]:
        """``a(0) … a(count − 1)``.

        >>> Recurrence((1, 1), (1, 1)).terms(8)
        [1, 1, 2, 3, 5, 8, 13, 21]
        """
        count = whole_number(count, "count", high=100_000, error=InvalidRegion)
        out = list(self.initial[:count])
        while len(out) < count:
            out.append(sum(c * out[-i] for i, c in enumerate(self.coefficients, start=1)))
        return out

    def __str__(self) -> str:
        v = self.var
        parts = []
        for i, c in enumerate(self.coefficients, start=1):
            if c == 0:
                continue
            size = "" if abs(c) == 1 else f"{abs(c)}·"
            sign = "−" if c < 0 else "+"
            parts.append((sign, f"{size}a({v}−{i})"))
        body = " ".join(f"{s} {t}" for s, t in parts).lstrip("+ ")
        if body.startswith("− "):
            body = "−" + body[2:]
        first = ", ".join(f"a({i}) = {a}" for i, a in enumerate(self.initial))
        return tr("a({v}) = {body} for {v} ≥ {start}, from {first}").format(
            v=v, body=body, start=self.start, first=first)


def recurrence(m: int, step: int = 1) -> Recurrence:
    """The linear recurrence of the ``m × n`` strip counts, read from the denominator
    ``1 − c₁x − c₂x² − …`` of the generating function ``P/Q``: ``a(n) = c₁a(n−1) + …``, valid
    from ``n = max(deg Q, deg P + 1)``; the values before it come from
    :func:`~dominolab.tilings.count_tilings`. With ``step = 2`` (for odd ``m``: the strips of
    odd length have no tilings, and ``P``, ``Q`` are polynomials in ``x²``) it is the
    recurrence of ``a(k)``, the count of the ``m × 2k`` strip.

    >>> print(recurrence(2))
    a(n) = a(n−1) + a(n−2) for n ≥ 2, from a(0) = 1, a(1) = 1
    >>> recurrence(4).coefficients
    (1, 5, 1, -1)
    """
    m = _height(m)
    num, den = _gf_parts(m)
    if step not in (1, 2) or isinstance(step, bool):
        raise InvalidRegion(f"step must be 1 (columns) or 2 (pairs of columns), not {step!r}")
    p = [int(c) for c in reversed(sympy.Poly(num, X).all_coeffs())]
    q = [int(c) for c in reversed(sympy.Poly(den, X).all_coeffs())]
    if step == 2:
        if any(p[1::2]) or any(q[1::2]):
            raise InvalidRegion(f"step=2 needs a generating function in x² only; the "
                                f"{m}-row strips' is not (their odd lengths have tilings)")
        p, q = p[::2], q[::2]
    coeffs = tuple(-c for c in q[1:])
    start = max(len(q) - 1, len(p))
    initial = tuple(count_tilings(m, step * i) for i in range(start))
    return Recurrence(coeffs, initial, "k" if step == 2 else "n")


def compositions(n: int, parts: Sequence[int] = (1, 2)) -> list[tuple[int, ...]]:
    """Every composition of ``n`` (an ordered sum) into the given parts, in
    lexicographic order (at most :data:`MAX_COMPOSITION_N`).

    >>> compositions(4)
    [(1, 1, 1, 1), (1, 1, 2), (1, 2, 1), (2, 1, 1), (2, 2)]
    """
    n = whole_number(n, "n", high=MAX_COMPOSITION_N, error=InvalidRegion)
    try:
        use = sorted({whole_number(p, "a part", low=1, high=MAX_COMPOSITION_N,
                                       error=InvalidRegion)
                      for p in parts})
    except TypeError:
        raise InvalidRegion(f"parts must be whole numbers, not {parts!r}") from None
    out: list[tuple[int, ...]] = []

    def go(left: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        for p in use:
            if p <= left:
                go(left - p, acc + (p,))

    go(n, ())
    return out


def tiling_of(composition: Iterable[int]) -> Tiling:
    """The 2×n tiling of a composition of n into 1s and 2s: a 1 is a vertical domino, a 2
    is two horizontal dominoes, one above the other, read left to right.

    >>> print(tiling_of((1, 2)))
    ^<>
    v<>
    """
    dominoes = []
    col = 0
    try:
        parts = list(composition)
    except TypeError:
        raise InvalidRegion(f"a composition is a list of 1s and 2s, not {composition!r}") \
            from None
    for i, p in enumerate(parts):
        if p == 1 and not isinstance(p, bool):
            dominoes.append(((0, col), (1, col)))
        elif p == 2:
            dominoes += [((0, col), (0, col + 1)), ((1, col), (1, col + 1))]
        else:
            raise InvalidRegion(f"part {i + 1} of the composition is {p!r}; a composition "
                                "for a 2×n strip has parts 1 and 2")
        col += p
    if not dominoes:
        raise InvalidRegion("the empty composition has no tiling to draw")
    return Tiling(dominoes)


def composition_of(tiling: Tiling) -> tuple[int, ...]:
    """The composition of a 2×n tiling (the inverse of :func:`tiling_of`): walk along the
    strip; a vertical domino is a 1, two stacked horizontal dominoes are a 2.

    >>> composition_of(tiling_of((2, 1, 1)))
    (2, 1, 1)
    """
    if not isinstance(tiling, Tiling):
        raise InvalidRegion(f"composition_of reads a Tiling, not {type(tiling).__name__}")
    region = tiling.region
    rows = sorted({r for r, _ in region.cells})
    cols = sorted({c for _, c in region.cells})
    if len(rows) != 2 or not region.is_rectangle():
        raise InvalidRegion(f"composition_of reads tilings of a 2×n strip, not of a region "
                            f"{len(rows)} rows high")
    top, c0, width = rows[0], cols[0], len(cols)
    vertical = {a for a, b in tiling.dominoes if a[1] == b[1]}
    out = []
    col = 0
    while col < width:
        if (top, c0 + col) in vertical:
            out.append(1)
            col += 1
        else:                  # a horizontal domino, so the one below it is horizontal too
            out.append(2)
            col += 2
    return tuple(out)


def fault_lines(tiling: Any) -> list[int]:
    """The *fault lines* of a tiling of a rectangle: the lines between two columns that no
    domino crosses, given by the number of columns to their left (1 … width − 1). A tiling
    with none cannot be cut into two tilings of shorter strips.

    >>> t = Tiling([((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 2), (1, 2))])
    >>> fault_lines(t)
    [2]
    """
    if not isinstance(tiling, Tiling):
        raise InvalidRegion(f"fault_lines reads a Tiling, not {type(tiling).__name__}")
    region = as_region(tiling.region)
    if not region.is_rectangle():
        raise InvalidRegion("fault_lines reads tilings of a rectangle")
    c0 = min(c for _, c in region.cells)
    width = 1 + max(c for _, c in region.cells) - c0
    crossed = {b[1] - c0 for a, b in tiling.dominoes if a[0] == b[0]}
    return [j for j in range(1, width) if j not in crossed]
