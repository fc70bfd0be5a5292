"""Dominosa grade() against Tatham's solver by instructions, which load does not move.

Run: ``python benchmarks/bench_dominosa_instructions.py`` (about 4 minutes;
needs valgrind and Tatham's ``sgt-dominosa``, found as bench_dominosa.py
finds it). The puzzles are those of ``bench_dominosa.py --batch --max-n 6``
(``--per-cell 8`` of puzzles/dominosa/tatham-batch.txt per n and level).

* ours: this file re-runs itself under callgrind with ``--dump-before=getppid``;
  per puzzle it calls ``Dominosa.parse(id).grade()`` twice to warm up (the
  per-shape tables, as the CPU bench's fastest-of-repeats is warm), then once
  between two ``os.getppid()`` calls, so that call's instructions are one dump;
* Tatham: cachegrind of ``--generate K --test-solve ID`` for K = 1 and 41;
  per call = the difference / 40 (each round sets the game up from the ID
  and runs his solver).

Prints per n and level the medians and their ratio, then the median
per-puzzle ratio over all of them (issue 24: at most 5x).
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from bench_dominosa import batch_ids, tatham_exe  # noqa: E402

from dominolab.puzzles.dominosa import Dominosa  # noqa: E402

K1, K2 = 1, 41


def _ids():
    return [g for gs in batch_ids(8, 6).values() for g in gs]


def _child():
    """Under callgrind: the measured calls, one dump each."""
    for gid in _ids():
        Dominosa.parse(gid).grade()
        Dominosa.parse(gid).grade()
        os.getppid()
        Dominosa.parse(gid).grade()
        os.getppid()


def ours(ids):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=getppid",
                        f"--callgrind-out-file={d}/cg.%p", sys.executable, __file__, "--child"],
                       check=True, capture_output=True)
        files = sorted(glob.glob(os.path.join(d, "cg.*.*")),
                       key=lambda p: int(p.rsplit(".", 1)[1]))
        totals = []
        for path in files:
            with open(path, encoding="utf-8") as f:
                totals.append(next(int(line.split()[1]) for line in f
                                   if line.startswith(("summary:", "totals:"))))
    # dump 2i + 1 (from 1) ends puzzle i's warm-up, dump 2i + 2 its measured call
    return {gid: totals[2 * i + 1] for i, gid in enumerate(ids)}


def _cachegrind(args):
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                        "--cachegrind-out-file=/dev/null", *args], capture_output=True, text=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if m is None:
        raise SystemExit(f"cachegrind failed on {args}: {r.stderr[-300:]}")
    return int(m.group(1).replace(",", ""))


def tatham(exe, ids):
    out = {}
    for gid in ids:
        runs = [_cachegrind([exe, "--generate", str(k), "--test-solve", gid]) for k in (K1, K2)]
        out[gid] = (runs[1] - runs[0]) / (K2 - K1)
    return out


def main():
    if "--child" in sys.argv:
        _child()
        return
    exe = tatham_exe()
    # (make bench runs every benchmark: a missing peer skips this one, as bench_dominosa
    # falls back to its stored figures, instead of failing the whole run)
    if not exe or not shutil.which("valgrind"):
        print("skipped: needs valgrind and Tatham's sgt-dominosa (see bench_dominosa.py)")
        return
    ids = _ids()
    mine, his = ours(ids), tatham(exe, ids)
    cells: dict[str, list[str]] = {}
    for gid in ids:
        cells.setdefault(gid.split(":")[0], []).append(gid)
    med = statistics.median
    print(f"{'id':>5} {'grade':>10} {'tatham':>10} {'ratio':>7}  (instructions per call, medians)")
    for key, gs in cells.items():
        print(f"{key:>5} {med(mine[g] for g in gs) / 1e3:>9.0f}k {med(his[g] for g in gs) / 1e3:>9.0f}k "
              f"{med(mine[g] / his[g] for g in gs):>7.2f}")
    print(f"median per-puzzle ratio, n <= 6: {med(mine[g] / his[g] for g in ids):.2f}x "
          f"({len(ids)} puzzles)")


if __name__ == "__main__":
    main()
