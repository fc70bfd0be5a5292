"""Benchmark: exact hand statistics by dynamic programme vs full enumeration.

Run:  python benchmarks/bench_combinatorics.py [--repeat 5]

The reference is the fastest brute force we know in pure Python: every hand
listed by itertools.combinations, its doubles and suit counts tallied at once
by adding packed bit fields (C-level ``sum``). The package's
``hand_profile`` (a dynamic programme over the numbers that merges
relabelled states) must give the same table; we print medians of several
runs and the ratio to the reference measured in the same run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominolab import DominoSet
from dominolab import combinatorics as C
from dominolab.combinatorics import deals


def enumerate_profile(hand_size: int, n: int) -> dict[tuple[int, int], int]:
    width = 4
    packed = []
    for t in DominoSet(n):
        v = int(t.is_double)
        for x in {t.low, t.high}:
            v += 1 << (width * (x + 1))
        packed.append(v)
    raw = Counter(map(sum, combinations(packed, hand_size)))
    out: Counter = Counter()
    for s, w in raw.items():
        d = s & 15
        m = max((s >> (width * (x + 1))) & 15 for x in range(n + 1))
        out[(d, m)] += w
    return dict(out)


def dp_profile(hand_size: int, n: int) -> dict[tuple[int, int], int]:
    deals._profile.cache_clear()  # time the computation, not the cache
    return C.hand_profile(hand_size, n)


def median_time(fn, *args, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn(*args)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    r = args.repeat

    print(f"hand statistics (doubles, longest suit), median of {r} runs\n")
    print(f"{'case':28} {'hands':>14} {'enumerate s':>12} {'DP s':>10} {'DP/enum':>9}  agree")
    base_dp = None
    for n, h in [(4, 7), (5, 7), (6, 7)]:
        te, ref = median_time(enumerate_profile, h, n, repeat=r)
        td, got = median_time(dp_profile, h, n, repeat=r)
        base_dp = td if (n, h) == (6, 7) else base_dp
        label = f"double-{n}, {h}-tile hands"
        print(f"{label:28} {math.comb(C.set_size(n), h):>14,} "
              f"{te:12.4f} {td:10.4f} {td / te:9.4f}  {ref == got}")

    print("\nbeyond enumeration (ratio: DP time / DP time for double-6, 7 tiles)\n")
    print(f"{'case':28} {'hands':>14} {'DP s':>10} {'ratio':>9}")
    for n, h in [(9, 10), (12, 12), (18, 10)]:
        td, _ = median_time(dp_profile, h, n, repeat=r)
        label = f"double-{n}, {h}-tile hands"
        print(f"{label:28} {math.comb(C.set_size(n), h):>14.3e} {td:10.4f} {td / base_dp:9.1f}")

    print("\nwhole table, 4 players, double-6 (exact by inclusion–exclusion)\n")
    tt, p = median_time(C.table_probability, "redeal_wikipedia", repeat=r)
    print(f"table_probability('redeal_wikipedia') = {p}   {tt:.4f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
