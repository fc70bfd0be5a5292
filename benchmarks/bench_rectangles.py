"""Exact counts of domino tilings of large rectangles: ours against an independent method.

Run:  python benchmarks/bench_rectangles.py [--sizes 100 200 500 1000] [--repeat N]

Ours is :func:`dominolab.tilings.rectangle_tilings` (one Fibonacci polynomial per
row root, a Lucas ladder of log n steps, 124-bit primes, CRT). The reference,
written here independently of the package, evaluates the Kasteleyn–Temperley–Fisher
double product ``prod_{j,k} (4cos²(πj/(m+1)) + 4cos²(πk/(n+1)))`` term by term in
the integers modulo 31-bit primes with the needed roots of unity (vectorised with
numpy) and joins the primes by the Chinese remainder theorem — the method of the
fastest independent program we measured. Both run in this process; the table
prints the medians, the ratio, and whether the two exact counts agree.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominolab.tilings import rectangle_tilings  # noqa: E402

try:
    import numpy as np
except ImportError:  # pragma: no cover - the bench extra installs it
    np = None


def _isprime(p: int) -> bool:
    if p < 2:
        return False
    for q in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if p % q == 0:
            return p == q
    d, s = p - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17):       # deterministic below 3.4e14
        x = pow(a, d, p)
        if x in (1, p - 1):
            continue
        for _ in range(s - 1):
            x = x * x % p
            if x == p - 1:
                break
        else:
            return False
    return True


def _order_root(q: int, p: int) -> int:
    fac = [r for r in range(2, q + 1) if q % r == 0 and all(r % s for s in range(2, r))]
    g = 2
    while True:
        z = pow(g, (p - 1) // q, p)
        if all(pow(z, q // r, p) != 1 for r in fac):
            return z
        g += 1


def reference_count(m: int, n: int) -> int:
    """The double product term by term modulo 31-bit primes p = 1 mod lcm(2(m+1), 2(n+1))."""
    if (m * n) % 2:
        return 0
    q = math.lcm(2 * (m + 1), 2 * (n + 1))
    bits_needed = sum(math.log2(4 * math.cos(math.pi * j / (m + 1)) ** 2
                                + 4 * math.cos(math.pi * k / (n + 1)) ** 2)
                      for j in range(1, (m + 1) // 2 + 1)
                      for k in range(1, (n + 1) // 2 + 1)) + 64
    residues, primes, bits = [], [], 0.0
    t = ((1 << 31) - 1) // q
    while bits < bits_needed:
        p = q * t + 1
        t -= 1
        if not _isprime(p):
            continue
        zm = pow(_order_root(q, p), q // (2 * (m + 1)), p)
        zn = pow(_order_root(q, p), q // (2 * (n + 1)), p)
        cs = [(pow(zm, j, p) + pow(zm, p - 1 - j, p)) % p for j in range(1, (m + 1) // 2 + 1)]
        ds = [(pow(zn, k, p) + pow(zn, p - 1 - k, p)) % p for k in range(1, (n + 1) // 2 + 1)]
        c2 = np.array(cs, dtype=np.uint64) ** 2 % p
        d2 = np.array(ds, dtype=np.uint64) ** 2 % p
        terms = (c2[:, None] + d2[None, :]) % p
        flat = terms.ravel()
        while flat.size > 1:                  # a product tree, reduced mod p at each level
            if flat.size % 2:
                flat = np.append(flat, np.uint64(1))
            flat = flat[0::2] * flat[1::2] % p
        residues.append(int(flat[0]))
        primes.append(p)
        bits += math.log2(p)
    x, mod = 0, 1                             # Garner-style incremental CRT
    for r, p in zip(residues, primes):
        x += mod * ((r - x) * pow(mod, -1, p) % p)
        mod *= p
    return x


def median_time(fn, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[100, 200, 300, 500, 1000])
    ap.add_argument("--repeat", type=int, default=3, help="runs per case (default 3; 1 above 500)")
    args = ap.parse_args(argv)
    if np is None:
        print("numpy is not installed (pip install -e '.[bench]'): no reference to compare")
        return 1
    rectangle_tilings(10, 10)                 # load sympy's prime test outside the timings
    reference_count(10, 10)
    print("exact tilings of the n×n board; median seconds; ratio = ours / reference (same run)")
    print(f"{'n':>5}  {'bits':>8}  {'ours s':>9}  {'reference s':>12}  {'ratio':>7}  same")
    for n in args.sizes:
        rep = args.repeat if n <= 500 else 1
        t_ours, ours = median_time(lambda: rectangle_tilings(n, n), rep)
        t_ref, ref = median_time(lambda: reference_count(n, n), rep)
        print(f"{n:>5}  {ours.bit_length():>8}  {t_ours:9.3f}  {t_ref:12.3f}  "
              f"{t_ours / t_ref:7.2f}  {'yes' if ours == ref else 'NO'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
