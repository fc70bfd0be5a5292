"""Timing of the tiling counters: rectangles and regions with holes.

Run:  python benchmarks/bench_tilings.py [--repeat N]

Prints the median of several runs for each case and its ratio to a reference
measured in the same run (the transfer matrix on the 8×8 board), plus the
(large rectangles against an independent method: bench_rectangles.py)
number of decimal digits of each count. Every count is exact; the rectangle
caches are bypassed so each run really computes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominolab import tilings  # noqa: E402
from dominolab.tilings import kasteleyn  # noqa: E402
from dominolab.tilings import (  # noqa: E402
    Region,
    count_tilings,
    impossibility,
    random_tiling,
)


def holey(n: int, k: int, seed: int) -> Region:
    """An n×n board with k dark and k light cells removed at random (fixed seed)."""
    rng = random.Random(seed)
    cells = {(r, c) for r in range(n) for c in range(n)}
    dark = sorted(x for x in cells if sum(x) % 2 == 0)
    light = sorted(x for x in cells if sum(x) % 2 == 1)
    return Region(cells - set(rng.sample(dark, k)) - set(rng.sample(light, k)))


def dominoes(region: Region) -> str:
    return f"{len(random_tiling(region, seed=1))} dominoes"


def rect(m: int, n: int):
    # the uncached exact resultant, so every repetition computes
    return lambda: kasteleyn._rectangle_count.__wrapped__(m, n)


def median_time(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per case (default 5)")
    args = ap.parse_args(argv)
    count_tilings(holey(30, 8, 1))  # find the primes once, outside the timings

    h12, h20, h30 = holey(12, 4, 12), holey(20, 6, 20), holey(30, 8, 30)
    mutilated = Region.rectangle(20, 20).without((0, 0), (19, 19))
    # balanced colours, every piece even and balanced, yet no tiling: a 20×20
    # board plus a small separate piece whose two dark cells share one light neighbour
    hall = Region.rectangle(20, 20).with_cells((22, 2), (23, 0), (23, 1), (23, 2), (23, 3),
                                               (24, 1))
    cases = [
        ("reference: 8×8, transfer matrix", lambda: count_tilings(8, 8, method="transfer")),
        ("8×8, resultant", rect(8, 8)),
        ("8×8, Kasteleyn determinant", lambda: count_tilings(8, 8, method="kasteleyn")),
        ("20×20, resultant", rect(20, 20)),
        ("20×20, Kasteleyn determinant", lambda: count_tilings(20, 20, method="kasteleyn")),
        ("50×50, resultant", rect(50, 50)),
        ("100×100, resultant", rect(100, 100)),
        ("100×100, product in finite fields", lambda: tilings.rectangle_tilings(100, 100)),
        ("200×200, resultant", rect(200, 200)),
        ("200×200, product in finite fields", lambda: tilings.rectangle_tilings(200, 200)),
        ("12×12 with 8 holes, transfer matrix", lambda: count_tilings(h12, method="transfer")),
        ("12×12 with 8 holes, Kasteleyn", lambda: count_tilings(h12, method="kasteleyn")),
        ("20×20 with 12 holes, Kasteleyn (auto)", lambda: count_tilings(h20)),
        ("30×30 with 16 holes, Kasteleyn (auto)", lambda: count_tilings(h30)),
        ("impossibility: 20×20 minus corners", lambda: impossibility(mutilated).kind),
        ("impossibility: 20×20 Hall search", lambda: (impossibility(hall) or "tileable")),
        ("random_tiling 8×8", lambda: dominoes(Region.rectangle(8, 8))),
        ("random_tiling 12×12 with 8 holes", lambda: dominoes(h12)),
        ("random_tiling 20×20 with 12 holes (counting)", lambda: dominoes(h20)),
    ]
    rows = []
    reference = None
    for name, fn in cases:
        t, result = median_time(fn, args.repeat)
        if reference is None:
            reference = t
        if isinstance(result, int):
            shown = f"{len(tilings.format_count(result, sep=''))} digits"
        else:
            shown = str(getattr(result, "kind", result))
        rows.append((name, t, t / reference, shown))
    width = max(len(r[0]) for r in rows)
    print(f"median of {args.repeat} runs; ratio = time / reference (same run)")
    print(f"{'case':<{width}}  {'median s':>10}  {'ratio':>9}  result")
    for name, t, ratio, shown in rows:
        print(f"{name:<{width}}  {t:10.4f}  {ratio:9.2f}  {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
