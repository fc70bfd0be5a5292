"""Dominosa benchmarks: solve/grade time and generate time by n and grade.

Run: ``python benchmarks/bench_dominosa.py`` (about 1-2 minutes), or with
``--full`` to add n = 15 and 18 (several minutes), ``--runs K`` for more
samples per cell. ``--batch`` prints the per-call table instead (below).

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

``--batch`` (minutes; ``--max-n 20`` took about 17 on a loaded two-core machine, most
of them in Tatham's program at large n): the per-call cost against Simon Tatham's
program on his own puzzles, the game IDs of puzzles/dominosa/tatham-batch.txt
(``--per-cell K`` of them per n and level, n <= ``--max-n``). Per puzzle:

* ``solve``/``grade``: ours, ``Dominosa.parse(id).solve()`` and
  ``Dominosa.parse(id).grade()`` from the game ID (parsing included, as in
  Tatham's), the fastest of several repeats, in CPU time;
* ``tatham``: his program (``sgt-dominosa`` of the Debian package
  sgt-puzzles, found on the PATH, in /usr/games, or named by the
  environment variable ``SGT_DOMINOSA``, e.g. a copy unpacked with
  ``apt-get download sgt-puzzles`` and ``dpkg -x``) run as ``--generate K
  --test-solve ID``: each of its K rounds sets the game up from the ID and
  runs its solver; per call = (CPU time of the run minus that of a K = 1
  run) / (K - 1), K chosen for about 0.1 s of work. His solver grades as it
  solves (one deduction loop, weakest rule first, which also proves the
  grid unique), so its figure is the peer of both our columns. Without the
  program the column shows the stored figures of :data:`REF_SOLVE`, marked
  ``ref`` (measured once, not in this run);
* ``before`` (with ``--before DIR``, a checkout of an older commit, e.g.
  ``git worktree add /tmp/before e31b338``, the commit before issue 24's
  per-call work): the same two timings of that code, in a child process,
  puzzle by puzzle in the same run, so both sides meet the same load;
* ``py grade`` (with ``--with-pure``): ``grade()`` again with deduce() running
  the Python closure of rules.py instead of the C one (``_closurec.c``), in
  the same run. ``--pure`` makes every column of ours use the Python closure
  (as where the C module is not built, or ``DOMINOLAB_PURE=1``).

Ratios are medians of the per-puzzle ratios; the last lines give them over
every puzzle of the table and over n <= 6.

Issue 24 asks for grade <= 5x Tatham over n <= 6 (172 puzzles with the
default ``--per-cell 8``). The median there sits where the Trivial and
Basic puzzles (84 of them, 2-4x) meet the cheapest Hard ones (6dh), so it
moves with the 6dh figures. Measured (``--max-n 6 --batch-timeout 600``,
two-core machine shared with other work): 6.51x and 8.39x in two runs
before the second grading round, 5.80x in a third; after it 5.01x in the
run that measured ``--before`` too (6dh 608 -> 498 us, 6de 1.4 -> 1.2 ms,
solve unchanged) and 4.97x in the next. By instructions, which load does
not move (benchmarks/bench_dominosa_instructions.py: callgrind per call on
the same 172 IDs, against cachegrind of Tatham's program): 5.91x before,
4.87x after (6dh 6.63 M -> 5.19 M instructions per grade against his
1.00 M, 6de 15.05 M -> 12.50 M against 1.72 M).

A third pass (callgrind replays of each rule's trials on the states 6dh
grades pass through: set analysis 2.26 M of a grade, the local-duplicate
pair 1.14 M, most of it the far-cell verdict table rebuilt on every
trial, the Trivial steps 0.61 M, parity 0.54 M, the Board set-up 0.29 M,
which is 0.17 M of a 0.7-1.1 M Basic grade at n = 4, 5): the verdict
table is now rebuilt only at the far cells whose placements changed, the
first local-duplicate rule re-examines only the far cells of what was
lost since its last trial, and the set-up builds the tile indices with a
list comprehension. By instructions 4.87x -> 4.48x (6dh 5.20 M -> 4.55 M,
6de 12.52 M -> 11.51 M, 6db 1.50 M -> 1.40 M, 5db 1.05 M -> 0.98 M, 4db
0.69 M -> 0.64 M). By CPU time (same command, shared machine): 5.64x,
then 5.55x in a run with ``--before`` the previous code, which this pass
beat 1.08x on grade (6dh 723 -> 665 us; that code took 498 us on 6dh in
the run above, so the machine was slower than then). Tried and dropped (no
clear gain, or a loss, by the same counts): a parity mask form searching
only the components that lost a placement (one component is most of the
grid), the Trivial steps' cells and tiles gathered as bitmasks instead of
sets, the first Trivial closure as one scan then the incremental steps,
the second local-duplicate rule restricted to pairs with a changed far
cell.

A fourth pass, on set analysis alone (callgrind replays of its per-number
work on the states 6dh grades pass through: 2.19 M of a grade, of which
finding the squares 0.53 M, the assignment 0.45 M, the rest the closures,
their filter and the verdicts; CPython's big-int operations cost about
350 instructions each, small-int ones 150, so the gains came from fewer
of them): the bits of small masks (numbers, one number's squares) are
walked by a per-shape table instead of low-bit arithmetic, a cell's
options tested with one mask operation, the double's pairs of squares
taken from its live places, each distinct closure filtered once, the Hard
verdict one union of tile masks, Kuhn's search reads each square's
non-double tiles once: set analysis 2.19 M -> 1.76 M per 6dh grade. By
instructions 4.48x -> 4.15x (6dh 4.55 M -> 4.20 M, 5dh 3.41 M -> 3.18 M,
4dh 2.38 M -> 2.17 M, 6de 11.51 M -> 10.26 M, 5de 9.82 M -> 8.83 M). By
CPU time (same command, one run while another helper measured on the
same two cores): 5.53x (6dh 542 us against his 80 us), so the margin
to 5x that instructions promise did not show in that run. Left for a
next pass (estimated, not tried): a cell's options tested on its live
mask shifted down to a small int (a few per cent of finding the
squares); a cheaper greedy first move for the assignment in the Hard
pass (the Extreme pass reads the first assignment's owners, so it would
have to redo Kuhn's search there).

A fifth pass, on the per-step cost of every rule (callgrind of each rule's
calls between two ``os.getppid()`` dumps inside 6dh grades, then replays
of each rule's recorded calls on 40 Hard and Basic grades at n = 4..6; a
6dh grade was set analysis 38 %, the local-duplicate pair 17 %, the
Trivial steps after a deduction 12 %, parity 11 %, cell-one-tile and
tile-overlap 11 %; a Basic one at n = 3..6 the Trivial steps 45 %): on
CPython 3.11 a one-option test ``am & (am - 1) == 0`` costs about 800
instructions where ``am.bit_count() == 1`` costs 450, and walking a mask's
bits from the top (``q = x.bit_length() - 1; x ^= bit[q]``) one int
operation a bit where ``x & -x`` costs three. So the Trivial steps, the
search's propagation, cell-one-tile, tile-overlap and the local-duplicate
verdicts test options by ``bit_count()``, walk lost placements from the
top and commit on local masks (a commit's removals:
``alive & (over | tile) ^ bit``); the far-cell verdicts name a cell's first tile by its highest
option (the verdicts do not depend on which); a per-shape table
``cell_live`` (a cell's live placements as a mask -> its live neighbours)
lets parity's search and set analysis's squares walk only the live
neighbours; the closures of a number's squares are found level by level on
small ints instead of Warshall's steps on one int of m * m bits; the
places of the double are made as Kuhn's search tries them. By instructions
(``SGT_DOMINOSA=... python benchmarks/bench_dominosa_instructions.py``)
4.15x -> 3.46x (6dh 4.20 M -> 3.48 M, 5dh 3.18 M -> 2.62 M, 4dh 2.17 M ->
1.83 M, 6db 1.40 M -> 1.04 M, 5db 0.98 M -> 0.75 M, 6de 10.26 M ->
9.11 M); solve() by the same count (the same 172 IDs, ``solve()`` in
place of ``grade()``) 2.32x -> 2.00x. By CPU time (``--batch --max-n 6 --before``
the code before, one run, load average about 5 on the two cores): grade
3.79x, solve 2.27x, and 1.17x faster grades, 1.19x faster solves than the
code before in the same run (6dh 463 -> 366 us against his 113 us, 80 us
in the fourth pass's run, so the machine was slower than then). Results
unchanged: solve(), grade() and the closure state on every stored puzzle
(puzzles/dominosa), deduce() at each level for n <= 8 and explain() for
n <= 7, byte-equal to the code before.
Tried and dropped (no gain, or a loss, by the same counts): the Trivial
steps after a deduction skipping the cells and tile of each commit they
make (the set bookkeeping cost what the skipped tests saved); the first
Trivial closure as one scan then the incremental steps (0.02-0.07 M less
at n = 5, 6, up to 0.02 M more at n <= 4, and 3db and 4db sit by the
median); the second local-duplicate rule's pairs of far cells filtered by
distance (a set look-up costs what the int test it saves costs); closures
reusing the closures found before; the deduce() loop walking a prepared
list of its rules. Note that one grade's count here moved by 0.22 M
(5db:0523..., 1.53 M -> 1.76 M) between two versions whose per-rule
profiles of that grade agree within 0.01 M (presumably the garbage
collector or dict sizes after what ran before it in the process), so
medians a few hundredths apart are no measured difference. Left (estimated, not tried):
set analysis is now about 1.6 M of a 6dh grade (per number: finding the
squares a quarter, the assignment a quarter, the closures and their filter
two fifths, the verdicts the rest), spread over interpreter steps rather
than any one operation; parity's search (0.3 M a call at n = 6) is
interpreter steps per cell, which a recursive form would cut but not for
grids beyond the recursion limit; the Board set-up (0.13 M at n = 6) is
the tile masks' int operations.

A sixth pass moved the deduction closure to C: deduce() without a record
(the Trivial closure, then every rule up to the level asked, first rule
that makes progress wins, until stuck) runs in
``dominolab/puzzles/dominosa/_closurec.c`` when the package's build hook
compiled it, with the Board's tables handed over once per Board; rules.py
and sets.py stay the reference (a record, step(), explain() and hints run
them; so do n > 60, ``DOMINOLAB_PURE=1`` and a build without a compiler),
and tests/test_dominosa_closurec.py checks the C gives the same states,
levels and contradictions. ``SGT_DOMINOSA=/usr/games/sgt-dominosa python
benchmarks/bench_dominosa.py --batch --with-pure`` (2026-12-06, our side
under ``nice``): in a run at load average 4-7 on the two cores, grade 0.85x
Tatham overall and 1.14x at n <= 6 (6dh 56 us against his 97 us, 6de 79
against 189), where the same run's grade() with the Python closure was
4.81x and 4.58x slower (medians per puzzle), and solve(), which searches
without the deductions below n = 19, 2.45x and 2.75x; in a second run,
begun on a quiet machine, grade 0.86x and 1.19x (6dh 58 us against 92,
6de 80 against 168), the Python closure 4.72x and 4.36x slower, solve
2.50x and 2.84x. What is left of a
grade at n <= 6 is the per-call Python (parsing, the Board's tile masks,
Board.solved()) and, on the ambiguous grids, the Python search that counts
their solutions (2-8x his).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from dominolab.puzzles import dominosa as D
from dominolab.puzzles.dominosa import rules
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


# The child that times an older checkout of the package for --before DIR: it
# reads game IDs on stdin and answers "solve grade" seconds, timed as ours.
_BEFORE_CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from dominolab.puzzles.dominosa import Dominosa

def best(fn, least=0.01):
    b, spent, k = float("inf"), 0.0, 0
    while k < 5 or spent < least:
        t = time.process_time()
        fn()
        dt = time.process_time() - t
        b, spent, k = min(b, dt), spent + dt, k + 1
    return b

for line in sys.stdin:
    gid = line.strip()
    print(best(lambda: Dominosa.parse(gid).solve()), best(lambda: Dominosa.parse(gid).grade()),
          flush=True)
"""


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


def tatham_exe():
    exe = shutil.which("sgt-dominosa")
    if exe is None and os.path.exists("/usr/games/sgt-dominosa"):
        exe = "/usr/games/sgt-dominosa"
    return exe or os.environ.get("SGT_DOMINOSA")


#: seconds one run of Tatham's program may take in --batch (--batch-timeout): a
#: loaded machine can need more than the default
BATCH_TIMEOUT = 120.0


def _child_cpu(exe, gid, k, timeout=BATCH_TIMEOUT):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([exe, "--generate", str(k), "--test-solve", gid], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True, timeout=timeout)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)


def tatham_per_call(exe, gid, base, work=0.1, timeout=BATCH_TIMEOUT):
    """Seconds per parse-and-solve call of Tatham's program on ``gid`` (each of its runs
    given at most ``timeout`` seconds)."""
    pilot = max(_child_cpu(exe, gid, 101, timeout) - base, 0.0) / 100
    k = max(100, min(20000, int(work / max(pilot, 1e-6))))
    return max(_child_cpu(exe, gid, k, timeout) - base, 0.0) / (k - 1)


def ours_per_call(fn, least=0.01):
    """The fastest of at least 5 calls (and at least ``least`` seconds), in
    CPU time like Tatham's figure (on a shared machine wall time counts the
    waits for a core)."""
    best = float("inf")
    spent = 0.0
    k = 0
    while k < 5 or spent < least:
        t = time.process_time()
        fn()
        dt = time.process_time() - t
        best = min(best, dt)
        spent += dt
        k += 1
    return best


def batch_ids(per_cell, max_n):
    path = os.path.join(os.path.dirname(__file__), "..", "puzzles", "dominosa", "tatham-batch.txt")
    cells: dict[str, list[str]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            gid = line.strip()
            if not gid or gid.startswith("#"):
                continue
            key = gid.split(":")[0]
            if int(key.split("d")[0]) <= max_n and len(cells.setdefault(key, [])) < per_cell:
                cells[key].append(gid)
    return dict(sorted(cells.items(), key=lambda kv: (int(kv[0].split("d")[0]),
                                                       "tbhea".index(kv[0][-1]))))


def _ref_figure(n, letter):
    """The stored reference for (n, level) in seconds, when it is one number."""
    ref = REF_SOLVE.get(n, {})
    text = ref.get({"t": "trivial", "b": "basic", "h": "hard", "e": "extreme"}.get(letter, ""))
    if text is None:
        return None
    value, unit = text.split()
    return float(value) * {"us": 1e-6, "ms": 1e-3}[unit]


def _python_closure(fn):
    """``fn`` with deduce() running the Python closure (rules.py's), not the C one."""
    def run():
        with rules.closure_in(None):
            return fn()
    return run


def bench_batch(per_cell, max_n, before_dir=None, timeout=BATCH_TIMEOUT, with_pure=False):
    exe = tatham_exe()
    child = None
    if before_dir:
        child = subprocess.Popen([sys.executable, "-c", _BEFORE_CHILD, before_dir],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    base = statistics.median(_child_cpu(exe, "1dt:100011", 1, timeout) for _ in range(5)) \
        if exe else 0
    peer = "measured in this run" if exe else "stored reference (REF_SOLVE), NOT measured here"
    print(f"Per call, median per puzzle over puzzles/dominosa/tatham-batch.txt; Tatham: {peer}")
    closure = "C (_closurec.c)" if rules._closure_c[0] is not None else \
        "Python (rules.py: --pure, DOMINOLAB_PURE or not built)"
    print(f"Deduction closure: {closure}" + ("; 'py grade': grade() with the Python closure, "
                                            "same run" if with_pure else ""))
    print(f"{'id':>5} {'k':>3} {'solve':>9} {'grade':>9} {'tatham':>9} {'solve/T':>8} "
          f"{'grade/T':>8} {'before s':>9} {'before g':>9}" + (f" {'py grade':>9}" if with_pure
                                                              else ""))
    rs_all, rg_all, rs_small, rg_small = [], [], [], []
    before_s, before_g = [], []
    pure_gain, pure_gain_small = [], []
    for key, ids in batch_ids(per_cell, max_n).items():
        n, letter = int(key.split("d")[0]), key[-1]
        ts, tg, tt, bs, bg, tp = [], [], [], [], [], []
        for gid in ids:
            if child is not None:
                assert child.stdin is not None and child.stdout is not None
                child.stdin.write(gid + "\n")
                child.stdin.flush()
                s_, g_ = child.stdout.readline().split()
                bs.append(float(s_))
                bg.append(float(g_))
            ts.append(ours_per_call(lambda gid=gid: D.Dominosa.parse(gid).solve()))
            tg.append(ours_per_call(lambda gid=gid: D.Dominosa.parse(gid).grade()))
            if with_pure:
                tp.append(ours_per_call(_python_closure(
                    lambda gid=gid: D.Dominosa.parse(gid).grade())))
            if exe:
                tt.append(tatham_per_call(exe, gid, base, timeout=timeout))
        if not exe:
            ref = _ref_figure(n, letter)
            if ref is None:
                tt = []
            else:
                tt = [ref] * len(ids)
        rs = [a / b for a, b in zip(ts, tt) if b > 0]
        rg = [a / b for a, b in zip(tg, tt) if b > 0]
        rs_all += rs
        rg_all += rg
        if n <= 6:
            rs_small += rs
            rg_small += rg
        med = statistics.median
        tcol = fmt(med(tt)) + ("" if exe else " ref") if tt else "-"
        print(f"{key:>5} {len(ids):>3} {fmt(med(ts)):>9} {fmt(med(tg)):>9} {tcol:>9} "
              f"{med(rs) if rs else float('nan'):>8.2f} {med(rg) if rg else float('nan'):>8.2f} "
              f"{fmt(med(bs)) if bs else '-':>9} {fmt(med(bg)) if bg else '-':>9}"
              + (f" {fmt(med(tp)):>9}" if tp else ""), flush=True)
        pure_gain += [b / a for a, b in zip(tg, tp)]
        if n <= 6:
            pure_gain_small += [b / a for a, b in zip(tg, tp)]
        if bs:
            before_s += [b / a for a, b in zip(ts, bs)]
            before_g += [b / a for a, b in zip(tg, bg)]
    for what, rs, rg in (("all", rs_all, rg_all), ("n <= 6", rs_small, rg_small)):
        if rs:
            print(f"median ratio to Tatham, {what}: solve {statistics.median(rs):.2f}x, "
                  f"grade {statistics.median(rg):.2f}x ({len(rs)} puzzles)")
    for what, gain in (("all", pure_gain), ("n <= 6", pure_gain_small)):
        if gain:
            print(f"median grade() speed-up of the C closure over the Python one, {what}: "
                  f"{statistics.median(gain):.2f}x ({len(gain)} puzzles)")
    if before_s:
        print(f"median speed-up over --before: solve {statistics.median(before_s):.2f}x, "
              f"grade {statistics.median(before_g):.2f}x ({len(before_s)} puzzles)")
    if child is not None:
        assert child.stdin is not None
        child.stdin.close()
        child.wait()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="add n = 15 and 18 to the generator table")
    ap.add_argument("--runs", type=int, default=3, help="samples per cell (default 3)")
    ap.add_argument("--tatham-timeout", type=float, default=20.0)
    ap.add_argument("--batch", action="store_true",
                    help="per-call solve/grade table against Tatham's program on his IDs")
    ap.add_argument("--per-cell", type=int, default=8, help="--batch: IDs per n and level")
    ap.add_argument("--max-n", type=int, default=9, help="--batch: largest n")
    ap.add_argument("--before", metavar="DIR",
                    help="--batch: also time the package of this checkout (same run)")
    ap.add_argument("--batch-timeout", type=float, default=BATCH_TIMEOUT,
                    help="--batch: seconds one run of Tatham's program may take (default 120)")
    ap.add_argument("--pure", action="store_true",
                    help="deduce() runs the Python closure (rules.py), not the C one")
    ap.add_argument("--with-pure", action="store_true",
                    help="--batch: also time grade() with the Python closure (same run)")
    args = ap.parse_args(argv)
    if args.pure:
        rules._closure_c[0] = None
    t0 = time.perf_counter()
    if args.batch:
        bench_batch(args.per_cell, args.max_n, args.before, args.batch_timeout, args.with_pure)
        print(f"\ntotal {time.perf_counter() - t0:.0f} s")
        return
    bench_solve([6, 9, 12], max(args.runs, 3))
    bench_generate([6, 9, 12] + ([15, 18] if args.full else []), args.runs, args.tatham_timeout)
    print(f"\ntotal {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
