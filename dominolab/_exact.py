"""Exact integer arithmetic shared by the ring counts and the tiling counts.

Determinants over the integers (Bareiss) and modulo a prime (a dense
division-free elimination for many tiny matrices, a sparse one for one large
banded matrix), primes of the form ``m*t + 1``, roots of unity modulo such a
prime, and the Chinese remainder theorem that joins residues into the exact
integer. Python integers throughout; no floating point.

>>> bareiss_det([[2, 1], [1, 3]])
5
>>> p = prime_below(1 << 31, 5)            # p = 1 (mod 5), so 5th roots of unity exist
>>> p % 5, pow(root_of_unity(5, p), 5, p)
(1, 1)
>>> crt([2, 3], [3, 5]), crt([4, 0], [5, 7], symmetric=True)
(8, 14)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import isqrt

__all__ = [
    "bareiss_det",
    "det_mod_dense",
    "det_mod_sparse",
    "prime_below",
    "primes_below",
    "root_of_unity",
    "crt",
    "isqrt_ceil",
]


def bareiss_det(m: Sequence[Sequence[int]]) -> int:
    """Exact integer determinant by fraction-free (Bareiss) elimination.

    Written by hand because sympy's Matrix.det is far slower for the
    thousands of small integer matrices the BEST sum needs.

    >>> bareiss_det([]), bareiss_det([[0, 1], [1, 0]]), bareiss_det([[1, 2], [2, 4]])
    (1, -1, 0)
    """
    a = [list(row) for row in m]
    n = len(a)
    if n == 0:
        return 1
    sign, prev = 1, 1
    for k in range(n - 1):
        if a[k][k] == 0:
            swap = next((r for r in range(k + 1, n) if a[r][k]), None)
            if swap is None:
                return 0
            a[k], a[swap] = a[swap], a[k]
            sign = -sign
        akk = a[k][k]
        for i in range(k + 1, n):
            aik = a[i][k]
            row_i, row_k = a[i], a[k]
            for j in range(k + 1, n):
                row_i[j] = (row_i[j] * akk - aik * row_k[j]) // prev
        prev = akk
    return sign * a[n - 1][n - 1]


def det_mod_dense(m: list[list[int]], p: int) -> tuple[int, int]:
    """Determinant mod a prime as a fraction ``(num, den)``, by division-free elimination.

    Meant for many tiny dense matrices (the ring count evaluates one per
    necklace, thousands of them, each at most 8×8). Row ``r`` becomes
    ``pivot * row_r - row_r[i] * row_i``, which multiplies the determinant by
    the pivot; those factors are returned as ``den``. Modular inverses are
    slow in Python (``pow(x, -1, p)`` costs as much as ~50 multiplications), so
    the caller divides once at the very end. ``m`` is overwritten.

    >>> num, den = det_mod_dense([[2, 1], [1, 3]], 101)
    >>> num * pow(den, -1, 101) % 101
    5
    """
    n = len(m)
    num, den = 1, 1
    for i in range(n):
        piv = next((r for r in range(i, n) if m[r][i]), None)
        if piv is None:
            return 0, 1
        if piv != i:
            m[i], m[piv] = m[piv], m[i]
            num = -num
        ri = m[i]
        a = ri[i]
        num = num * a % p
        for r in range(i + 1, n):
            rr = m[r]
            f = rr[i]
            if f:
                for c in range(i + 1, n):
                    rr[c] = (a * rr[c] - f * ri[c]) % p
                den = den * a % p
    return num % p, den


def det_mod_sparse(rows: Sequence[dict[int, int]], n: int, p: int) -> int:
    """Determinant modulo the prime p of an n×n matrix given as sparse rows.

    ``rows[i]`` maps column indices to the nonzero entries of row ``i``.
    Gaussian elimination column by column, choosing the candidate pivot row
    with fewest entries (this keeps fill-in inside the band of a grid
    region); written by hand because sympy's dense determinant is far slower
    on these sparse banded matrices of thousands of rows. (The ring count's
    tiny dense matrices use :func:`det_mod_dense`: there one modular inverse
    per pivot would cost more than the whole elimination.)

    >>> det_mod_sparse([{0: 2, 1: 1}, {0: 1, 1: 3}], 2, 101), det_mod_sparse([{1: 1}, {0: 1}], 2, 7)
    (5, 6)
    """
    work = []
    col_rows: list[set[int]] = [set() for _ in range(n)]
    for i, row in enumerate(rows):
        wr = {}
        for j, v in row.items():
            v %= p
            if v:
                wr[j] = v
                col_rows[j].add(i)
        work.append(wr)
    det = 1
    pivot_of = [0] * n
    for k in range(n):
        cand = col_rows[k]
        if not cand:
            return 0
        piv = min(cand, key=lambda i: (len(work[i]), i))
        prow = work[piv]
        pv = prow[k]
        det = det * pv % p
        inv = pow(pv, -1, p)
        for j in prow:
            col_rows[j].discard(piv)
        others = list(col_rows[k])
        col_rows[k] = set()
        pivot_items = [(j, v) for j, v in prow.items() if j != k]
        for i in others:
            row = work[i]
            f = row.pop(k) * inv % p
            for j, v in pivot_items:
                old = row.get(j)
                if old is None:
                    row[j] = (-f * v) % p
                    col_rows[j].add(i)
                else:
                    nv = (old - f * v) % p
                    if nv:
                        row[j] = nv
                    else:
                        del row[j]
                        col_rows[j].discard(i)
        pivot_of[k] = piv
    # sign of the permutation column k -> row pivot_of[k]
    seen = [False] * n
    sign = 1
    for s in range(n):
        if not seen[s]:
            length = 0
            x = s
            while not seen[x]:
                seen[x] = True
                x = pivot_of[x]
                length += 1
            if length % 2 == 0:
                sign = -sign
    return det * sign % p


@lru_cache(maxsize=None)
def prime_below(bound: int, m: int = 1) -> int:
    """The largest prime ``p < bound`` with ``p = 1 (mod m)``.

    >>> prime_below(100), prime_below(100, 10), prime_below(1 << 61) == (1 << 61) - 1
    (97, 71, True)
    """
    # sympy is imported on first use only: it takes about half a second to load
    # (longer in a browser), and chains and tilings need it for the prime search alone.
    import sympy  # noqa: PLC0415

    t = (bound - 2) // m
    while True:
        p = m * t + 1
        if p < 2:
            raise ArithmeticError(f"no prime below {bound} is 1 mod {m}")
        if sympy.isprime(p):
            return p
        t -= 1


def primes_below(bound: int, m: int = 1) -> Iterator[int]:
    """The primes ``p = 1 (mod m)`` below ``bound``, largest first (remembered between calls).

    >>> from itertools import islice
    >>> list(islice(primes_below(100, 10), 3))
    [71, 61, 41]
    """
    p = bound
    while True:
        p = prime_below(p, m)
        yield p


def root_of_unity(m: int, p: int) -> int:
    """An element of order exactly ``m`` in the integers mod p (``m`` divides ``p - 1``).

    >>> w = root_of_unity(4, 13)
    >>> [pow(w, k, 13) for k in range(1, 5)]
    [8, 12, 5, 1]
    """
    import sympy  # noqa: PLC0415  (heavy, needed only here and in prime_below)

    qs = sympy.primefactors(m)
    h = 2
    while True:
        w = pow(h, (p - 1) // m, p)
        if all(pow(w, m // q, p) != 1 for q in qs):
            return w
        h += 1


def crt(residues: Sequence[int], primes: Sequence[int], *, symmetric: bool = False) -> int:
    """The integer ``x`` with ``x = residues[i] (mod primes[i])``, by the Chinese remainder theorem.

    ``0 <= x < prod(primes)``, or with ``symmetric`` the representative
    nearest to 0 (for a signed result such as a determinant). The moduli must
    be distinct primes. This is sympy's ``crt``.
    """
    from sympy.ntheory.modular import crt as sympy_crt  # noqa: PLC0415  (heavy, see prime_below)

    # check=False: distinct primes are coprime, so sympy's extra consistency pass is not needed
    x, _ = sympy_crt(list(primes), list(residues), symmetric=symmetric, check=False)
    return int(x)


def isqrt_ceil(x: int) -> int:
    """The least integer ``s`` with ``s * s >= x``.

    >>> isqrt_ceil(16), isqrt_ceil(17)
    (4, 5)
    """
    s = isqrt(x)
    return s if s * s == x else s + 1
