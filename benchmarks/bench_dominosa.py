"""Dominosa benchmarks: solve/grade time and generate time by n and grade.

Run: ``python benchmarks/bench_dominosa.py`` (about 1-2 minutes), or with
``--full`` to add n = 15 and 18 (several minutes), ``--runs K`` for more
samples per cell.

Columns:
* ``grade``: median wall time of ``Dominosa(grid).grade()`` on fresh objects
  (the full deduction closure, i.e. what the reference's solver does);
* ``plain``: the same grids solved by the bare exact-cover search (cell/tile
  singles + branching, no human deductions), measured in the same run as the
  in-process reference; ``ratio`` = grade / plain;
* ``ref``: reference figures for Simon Tatham's C implementation (his
  Portable Puzzle Collection), measured once on this kind of machine, and,
  when ``sgt-dominosa`` is installed (Debian package sgt-puzzles), its
  generator timed in this run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from dominolab.puzzles import dominosa as D
from dominolab.puzzles.dominosa.search import search

GRADES = ["trivial", "basic", "hard", "extreme"]

# Tatham's program measured once: solve median per puzzle (range over levels
# when only the ends are given) and generate median for one unique puzzle.
REF_SOLVE = {
    6: {"*": "20-130 us"},
    9: {"basic": "70 us", "extreme": "1.9 ms", "*": "70 us-1.9 ms"},
    12: {"basic": "0.35 ms", "extreme": "32 ms", "*": "0.35-32 ms"},
}
REF_GEN = {
    (12, "hard"): "149 s",
    (12, "extreme"): "345 s (max 825 s)",
    (15, "hard"): "never",
    (18, "hard"): "never",
    (15, "extreme"): "none in 600 s",
    (18, "extreme"): "none in 600 s",
}


def fmt(sec: float) -> str:
    if sec < 1e-3:
        return f"{sec * 1e6:.0f} us"
    if sec < 1:
        return f"{sec * 1e3:.1f} ms"
    return f"{sec:.2f} s"


def timed(fn, repeat=1):
    best = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best.append(time.perf_counter() - t)
    return min(best)


def plain_search(grid):
    p = D.Dominosa(grid)
    b = p._board
    return next(search(b, b.initial(), limit=1))


def bench_solve(ns, runs):
    print("Solve: median time per puzzle (grade() on a fresh grid = full deduction closure)")
    print(f"{'n':>3} {'grade':>8} {'grade()':>10} {'solve()':>10} {'plain':>10} {'ratio':>7}  reference")
    for n in ns:
        for g in GRADES:
            grids = [D.generate(n, g, seed=100 + k).grid for k in range(runs)]
            tg = [timed(lambda gr=gr: D.Dominosa(gr).grade()) for gr in grids]
            ts = [timed(lambda gr=gr: D.Dominosa(gr).solve()) for gr in grids]
            tp = [timed(lambda gr=gr: plain_search(gr)) for gr in grids]
            mg, ms, mp = (statistics.median(x) for x in (tg, ts, tp))
            ref = REF_SOLVE.get(n, {})
            print(f"{n:>3} {g:>8} {fmt(mg):>10} {fmt(ms):>10} {fmt(mp):>10} {mg / mp:>7.2f}  "
                  f"{ref.get(g, ref.get('*', '-'))}", flush=True)


def tatham_generate(n, g, timeout):
    exe = shutil.which("sgt-dominosa") or (os.path.exists("/usr/games/sgt-dominosa")
                                            and "/usr/games/sgt-dominosa")
    if not exe:
        return None
    t = time.perf_counter()
    try:
        subprocess.run([exe, "--generate", "1", f"{n}d{g[0]}"], capture_output=True,
                       timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return float("inf")
    except (OSError, subprocess.CalledProcessError):
        return None
    return time.perf_counter() - t


def bench_generate(ns, runs, tatham_timeout):
    print()
    print("Generate: one unique puzzle at exactly the grade (median over seeds)")
    print(f"{'n':>3} {'grade':>8} {'median':>10} {'max':>10} {'tatham here':>12}  reference (Tatham, C)")
    for n in ns:
        for g in GRADES:
            ts = []
            for k in range(runs):
                t = time.perf_counter()
                p = D.generate(n, g, seed=k + 1)
                ts.append(time.perf_counter() - t)
                assert str(p.grade()) == g
            ref_here = "-"
            if n <= 9 or g in ("trivial", "basic"):
                tt = tatham_generate(n, g, tatham_timeout)
                if tt is not None:
                    ref_here = "timeout" if tt == float("inf") else fmt(tt)
            print(f"{n:>3} {g:>8} {fmt(statistics.median(ts)):>10} {fmt(max(ts)):>10} "
                  f"{ref_here:>12}  {REF_GEN.get((n, g), '-')}", flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="add n = 15 and 18 to the generator table")
    ap.add_argument("--runs", type=int, default=3, help="samples per cell (default 3)")
    ap.add_argument("--tatham-timeout", type=float, default=20.0)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    bench_solve([6, 9, 12], max(args.runs, 3))
    bench_generate([6, 9, 12] + ([15, 18] if args.full else []), args.runs, args.tatham_timeout)
    print(f"\ntotal {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
