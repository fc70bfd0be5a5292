"""Kasteleyn's method: tilings as a determinant, computed exactly.

* Rectangles: Kasteleyn and Temperley–Fisher's product
  ``prod 4cos²(πj/(m+1)) + 4cos²(πk/(n+1))`` is the resultant of two integer
  polynomials built from Chebyshev polynomials, computed exactly by sympy
  (:func:`_rectangle_count`).
* Other regions: the Kasteleyn matrix (a signed adjacency matrix of the dark
  and light cells whose determinant is ± the number of tilings) has its
  determinant computed modulo several primes near 2^61 and recombined by the
  Chinese remainder theorem, with enough primes to exceed Hadamard's bound
  (:func:`_kasteleyn_count`).

>>> _rectangle_count(8, 8), _kasteleyn_count(frozenset((r, c) for r in range(8) for c in range(8)))
(12988816, 12988816)
"""

from __future__ import annotations

from functools import lru_cache
from math import prod

from .._exact import crt, det_mod_sparse, isqrt_ceil, primes_below
from .region import Cell


def _path_polynomial(m: int) -> list[int]:
    """Coefficients (constant first) of p_m(x) = U_m(x/2), the characteristic
    polynomial of the path on m vertices: p_0 = 1, p_1 = x, p_k = x p_{k-1} - p_{k-2}.
    Its roots are 2cos(πj/(m+1)), j = 1..m."""
    prev, cur = [1], [0, 1]
    if m == 0:
        return prev
    for _ in range(m - 1):
        nxt = [0] + cur
        for i, v in enumerate(prev):
            nxt[i] -= v
        prev, cur = cur, nxt
    return cur


def _half_polynomial(m: int) -> list[int]:
    """Coefficients of Q_m(u), monic of degree ceil(m/2), whose roots are
    u_j = 4cos²(πj/(m+1)) for j = 1..ceil(m/2): Q_m(x²) = x^(m mod 2) p_m(x)."""
    p = _path_polynomial(m)
    if m % 2:
        p = [0] + p
    return p[0::2]


@lru_cache(maxsize=256)
def _rectangle_count(m: int, n: int) -> int:
    """Tilings of the ``m × n`` rectangle by Kasteleyn–Temperley–Fisher, as an exact resultant."""
    # Temperley-Fisher / Kasteleyn: T(m, n) = prod_{j<=ceil(m/2), k<=ceil(n/2)} (u_j + v_k)
    # with u_j, v_k the roots of Q_m, Q_n.  prod_j (u_j + v) = ±Q_m(-v), so
    # T = |prod_k Q_m(-v_k)| = |Res(Q_n(t), Q_m(-t))|: an exact integer resultant.
    if (m * n) % 2:
        return 0
    # sympy is imported on first use only (about half a second to load): the
    # other counting methods do not need it
    from sympy import Poly, Symbol  # noqa: PLC0415

    t = Symbol("t")
    qm = _half_polynomial(m)
    qn = _half_polynomial(n)
    f = Poly(list(reversed(qn)), t)
    g = Poly(list(reversed([c if i % 2 == 0 else -c for i, c in enumerate(qm)])), t)
    return abs(int(f.resultant(g)))


def _kasteleyn_rows(cells: frozenset[Cell]) -> tuple[list[dict[int, int]], int]:
    """The Kasteleyn matrix (dark cells × light cells) as sparse rows.

    Signs: horizontal edges +1, the vertical edge below column c gets (-1)^c;
    around every unit square the product of signs is -1, which is Kasteleyn's
    condition for the square grid. A hole spoils the condition on the face
    around it when it encloses an odd number of missing cells, so for every
    missing cell p in the bounding box we flip the horizontal edges crossed by
    a ray from p straight up (just right of p's column): a cycle is crossed an
    odd number of times exactly when it encloses p. Afterwards every cycle of
    length 2k enclosing l cells of the region has sign product (-1)^(1+k+l),
    and by Kasteleyn's theorem |det| is the number of tilings.
    """
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    # missing_below[r][c] = parity of missing cells (r', c) with r < r' < h
    flip = [[0] * w for _ in range(h)]
    for c in range(w):
        parity = 0
        for r in range(h - 1, -1, -1):
            flip[r][c] = parity
            if (r, c) not in cells:
                parity ^= 1
    darks = sorted(x for x in cells if (x[0] + x[1]) % 2 == 0)
    lights = sorted(x for x in cells if (x[0] + x[1]) % 2 == 1)
    index = {x: i for i, x in enumerate(lights)}
    rows = []
    for r, c in darks:
        row: dict[int, int] = {}
        for nr, nc in ((r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)):
            if (nr, nc) in cells:
                if nr == r:
                    sign = -1 if flip[r][min(c, nc)] else 1
                else:
                    sign = -1 if c % 2 else 1
                row[index[(nr, nc)]] = sign
        rows.append(row)
    return rows, len(lights)


def _kasteleyn_count(cells: frozenset[Cell]) -> int:
    """The number of tilings of a region (one connected piece) as ``|det K|``, exactly."""
    rows, n = _kasteleyn_rows(cells)
    if len(rows) != n:
        return 0
    # Hadamard: |det| <= prod of row norms = sqrt(prod of row degrees).
    bound = isqrt_ceil(prod(max(1, len(row)) for row in rows))
    primes: list[int] = []
    residues: list[int] = []
    modulus = 1
    for p in primes_below(1 << 61):
        primes.append(p)
        residues.append(det_mod_sparse(rows, n, p))
        modulus *= p
        if modulus > 2 * bound:  # the signed determinant is fixed by its residues
            break
    return abs(crt(residues, primes, symmetric=True))
