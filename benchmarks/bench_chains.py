"""Ring counts of double-n sets: time of each method side by side.

    python benchmarks/bench_chains.py                 # n = 4, 6, 8, 10, 12 (seconds)
    python benchmarks/bench_chains.py --n 14 16       # bigger sets (about a minute)
    python benchmarks/bench_chains.py --runs 5

Methods: ``brute`` lists every ring (n <= 4), ``best`` sums the BEST theorem
over all Eulerian orientations of the tile graph (n <= 6; on double-8 it
runs for minutes), ``fast`` is the roots-of-unity /
matrix-tree count (:func:`dominolab.chains.euler_tree_sum`) with one large
prime, ``fast CRT`` the same with several 31-bit primes joined by the Chinese
remainder theorem. Every cell is the median of ``--runs`` runs (one run for
n >= 14) and its ratio to the reference, the fast method on double-6,
measured in the same run. All methods must agree.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominolab import chains  # noqa: E402


def fast(n: int, prime_bits: int | None = None) -> int:
    """count_rings(n) by the fast method, without the cache."""
    if n % 2:
        return 0
    e = chains.euler_tree_sum(n + 1, prime_bits=prime_bits) * math.factorial(n // 2 - 1) ** (n + 1)
    return e * (n // 2) ** (n + 1)


METHODS = {
    "brute": (lambda n: chains.count_rings(n, "brute"), 4),
    "best": (lambda n: chains.count_rings(n, "best"), 6),  # double-8: minutes
    "fast": (fast, 99),
    "fast CRT": (lambda n: fast(n, prime_bits=31), 99),
}


def timed(fn, n: int, runs: int) -> tuple[float, int]:
    times, value = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        v = fn(n)
        times.append(time.perf_counter() - t0)
        if value is not None and v != value:
            raise AssertionError(f"n={n}: runs disagree")
        value = v
    return statistics.median(times), value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, nargs="*", default=[4, 6, 8, 10, 12])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)

    fast(6)  # warm up: imports sympy, fills caches
    ref, _ = timed(lambda n: fast(n), 6, max(args.runs, 5))
    print(f"reference: fast method, double-6, median {ref * 1e3:.2f} ms\n")
    header = f"{'n':>3} | " + " | ".join(f"{m:>24}" for m in METHODS) + " | rings"
    print(header)
    print("-" * len(header))
    for n in args.n:
        runs = args.runs if n < 14 else 1
        cells, values = [], set()
        for name, (fn, limit) in METHODS.items():
            if n > limit:
                cells.append(f"{'—':>24}")
                continue
            t, v = timed(fn, n, runs)
            values.add(v)
            cells.append(f"{t * 1e3:10.1f} ms ({t / ref:7.1f}x)")
        if len(values) != 1:
            raise AssertionError(f"double-{n}: methods disagree: {sorted(values)}")
        value = values.pop()
        if value != chains.count_rings(n):
            raise AssertionError(f"double-{n}: disagrees with count_rings")
        print(f"{n:>3} | " + " | ".join(cells) + f" | {value}")
    print("\n(x) = time / reference; '—' = method not run at this size")
    return 0


if __name__ == "__main__":
    sys.exit(main())
