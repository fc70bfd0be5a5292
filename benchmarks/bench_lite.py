"""The browser site (``make lite``): how long a student waits, per lesson.

    python benchmarks/bench_lite.py                    # every lesson, one browser profile
    python benchmarks/bench_lite.py --cold             # an empty profile for every lesson
    python benchmarks/bench_lite.py --lessons 00-start-here.ipynb 10-play.ipynb
    python benchmarks/bench_lite.py --imports          # what the first import loads

Builds the site unless a fresh build is there, serves it on 127.0.0.1 and opens
each lesson in headless Chromium with every other address blocked (the same
driver as the ``lite`` browser test, ``tools/lite_browser.py``). Columns, in
seconds of wall time: *open->idle*, from opening the page to an idle kernel
(Pyodide and the kernel's packages loaded); *first cell*, from Run All to the
first code cell done (its imports fetched and unpacked); *first widget*, from
Run All to the first widget drawn; *run all*, to every cell done; *widget round
trips*, from one click (or key press) on each widget to the widget redrawn with
Python's answer. With one profile the first lesson starts with an empty browser
cache and the others reuse it, as a student's browser would; ``--cold`` empties
it before every lesson. Wall time on a shared machine varies with its load: the
table is for orders of magnitude and for before/after comparisons in one run.

``--imports`` opens the first lesson, replaces its first cell by a probe and
times, in the browser's kernel, the loading of dominolab's wheel with every
dependency's (what the first ``import dominolab`` of a lesson costs: Pyodide
loads a package's dependencies with it), then the import of each part of the
package in turn and which heavy libraries each brings in.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import build_lite  # noqa: E402
import lite_browser  # noqa: E402

# Typed into the first cell of a lesson by --imports (the lesson itself is not run).
IMPORT_PROBE = """\
import sys, time, pyodide_js
_rows = []
_t = time.perf_counter()
await pyodide_js.loadPackage(["dominolab"])  # its wheel and every dependency's, unpacked
_rows.append(("load the wheels", time.perf_counter() - _t, ""))
_watch = ("sympy", "networkx", "mpmath", "ipywidgets", "anywidget", "IPython")
for _name in ("dominolab", "dominolab.combinatorics", "dominolab.chains", "dominolab.tilings",
              "dominolab.puzzles", "dominolab.games", "dominolab.widgets"):
    _before = {m for m in _watch if m in sys.modules}
    _t = time.perf_counter()
    __import__(_name)
    _new = sorted(m for m in _watch if m in sys.modules and m not in _before)
    _rows.append(("import " + _name, time.perf_counter() - _t, " ".join(_new)))
print("first imports in the browser's kernel, seconds (each after the ones above):")
print("\\n".join(f"  {n:<32} {s:6.2f}  {('brings in ' + w) if w else ''}" for n, s, w in _rows))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lessons", nargs="*", help="notebook names (default: all)")
    parser.add_argument("--cold", action="store_true", help="an empty profile per lesson")
    parser.add_argument("--imports", action="store_true", help="profile the first imports")
    args = parser.parse_args(argv)

    chromium = lite_browser.find_chromium()
    if not chromium:
        print("skipped: Chromium not found (apt-get install chromium)")
        return 0
    try:
        site = build_lite.build()
    except build_lite.LiteBuildError as e:
        print(f"skipped: the site cannot be built here: {e}")
        return 0
    names = args.lessons or lite_browser.lesson_names()
    info = build_lite.site_size(site)
    print(f"site: {site}/ {info[0] / 1e6:.1f} MB in {info[1]} files")

    with lite_browser.SiteServer(site) as base, lite_browser.Lessons(chromium, base) as lessons:
        if args.imports:
            print(lessons.probe(names[0], IMPORT_PROBE))
            return 0
        runs = []
        for name in names:
            if args.cold:
                lessons.new_profile()
            runs.append(lessons.run(name))
            if runs[-1].blocked:
                print(f"warning: {name} asked for {runs[-1].blocked[:3]}")
    print(lite_browser.timing_table(runs))
    trips = [t for r in runs for t in r.widget_trips]
    warm = [r.open_idle for r in runs[1:]] if not args.cold else []
    summary = [f"open->idle first {runs[0].open_idle:.1f} s"]
    if warm:
        summary.append(f"median of the others {statistics.median(warm):.1f} s")
    summary.append(f"median first cell {statistics.median(r.first_cell for r in runs):.1f} s")
    if trips:
        summary.append(f"median widget round trip {statistics.median(trips):.2f} s "
                       f"(max {max(trips):.2f})")
    print("; ".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
