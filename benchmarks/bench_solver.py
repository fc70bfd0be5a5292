"""Double-dummy solves of full deals: time, nodes and nodes/s, per variant, with references.

    python benchmarks/bench_solver.py                  # 50 full deals + the comparisons
    python benchmarks/bench_solver.py --deals 10 --compare-deals 5 --played 8   # quicker
    python benchmarks/bench_solver.py --only variants --variant-deals 20 --engine-deals 2

Part 1 solves ``--deals`` seeded full 4 x 7 deals (``games.new_game("sport",
seed=s)``, all 28 tiles dealt, from the empty table) exactly with
:func:`dominolab.games.solver.solve` and prints the median and the worst
time, nodes and nodes per second.

Part 2 compares with the alpha-beta search of the PyPI ``dominoes`` package
(``dominoes.search.alphabeta``, same sport rules: pairs 0+2 / 1+3, going out
scores all pips left, a block goes to the lighter pair, a tie scores 0) on
the same positions in the same run: each deal is played ``--played`` tiles
forward by a seeded random line (that package copies the whole game at
every node, so from the empty table it runs for far too long) and both
engines solve it; values must agree. The table shows the medians and the
ratio (their time / ours). It is skipped if the package is not installed.
``--full-compare K`` also runs that package on the first K full deals from the
empty table (about two minutes each here).

Part 3 solves ``--variant-deals`` seeded full deals (``new_game(v, seed=s)``, the
variant's own first-round lead, from the empty table) of each of ``--variants``
and prints the median and the worst time and nodes with the search used (Semyorka,
which draws, with the boneyard's order known: ``solve(..., boneyard="known")``). For the
variants that are not on the compact search at the root (Morskoy kozel: its lead may
open a gap) the first ``--engine-deals`` deals are also solved with
``method="engine"`` (the play/undo engine search alone, the path these variants took
before the compact search covered them) in the same run: values must agree, and the
table shows the engine's median and the ratio. ``--variant-limit`` skips the
remaining deals of a variant once one deal took longer than that many seconds (the
variants still on the engine search, where one full deal takes minutes), and
``--variant-budget`` stops a deal's solve after that many seconds of CPU and prints the
variant as stopped. A variant
written ``name+option`` is dealt with that option set (``name+option=value`` with that
value: ``muggins+spinner_opens=after_sides``; ``osyol+pairs``: Osyol two
against two, where the cross search proves each bound for a side of two players; in the
default Osyol, each for himself, one player's side faces three, and three plies in four
must refute every move).

Part 4 (``--only cross``, also in the default run) takes ``--cross-positions``
seeded mid-game positions of each cross game the compact cross search covers
(Osyol with four players; Chechevé with three, once its boneyard is used up),
played at random until ``--cross-tiles`` tiles are left in hands, and solves each
with the default search (the compact cross search after the lead) and with
``method="engine"`` (the play/undo engine search alone) in the same run: values
must agree; the table prints both medians and the median ratio.

Part 6 (``--only native``, also in the default run) solves ``--native-deals`` seeded full
deals of each of ``--native-variants`` (the cross games) twice in the same run, alternating:
with the cross search's node loop in C (``dominolab/games/_crossc.c``, what an installed
package runs) and with ``DOMINOLAB_PURE=1`` (the Python closure, what the browser site runs).
Values must agree (the positions searched differ: the C loop leaves positions with few tiles
out of its table, ``CrossCompact.table_floor``, and counts them again when it meets them
again); the table prints each median and the median of the per-deal ratios (Python / C).

Part 5 (``--only stack``, also in the default run) measures what running the search in a
frame-stack chunk of its own (``dominolab._stack.deep_recursion``, which ``solve`` wears)
saves on this interpreter: ``--stack-deals`` seeded full deals of each of
``--stack-variants``, each solved from the caller depths 0, 3, 6 and 9 (so that the
interpreter's chunk boundaries fall at different depths of the search) by ``solve`` and by
``solve.__wrapped__`` (the same search called directly), the two interleaved; it prints
the median CPU time and minor page faults of each and the median of the per-solve ratios
(direct / wrapped). On CPython 3.11 and 3.12 the direct call maps and unmaps a 16 KB chunk
at each crossing of a boundary (see ``dominolab/_stack.py``).
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import resource
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominolab.commands.play import rule_options
from dominolab.games import new_game
from dominolab.games.solver import solve


def full_deals(n: int):
    rows = []
    for seed in range(n):
        g = new_game("sport", seed=seed)
        t0 = time.perf_counter()
        a = solve(g, best=False, line=False)
        dt = time.perf_counter() - t0
        rows.append((seed, a.value, a.nodes, dt))
    return rows


def to_dominoes(state):
    """The same position as a ``dominoes.Game`` (team 0 = players 0 and 2)."""
    import dominoes

    board = dominoes.Board()
    for a, b in state.layout.pairs():
        board.add(dominoes.Domino(a, b), False)
    hands = [dominoes.Hand([dominoes.Domino(t.low, t.high) for t in state.hand(p)])
             for p in range(4)]
    g = dominoes.Game(board, hands, [], state.current_player, (), state.leader, None)
    if len(board):
        g._update_valid_moves()
    else:  # the lead: any tile of the leader's hand (as dominoes.Game.new does)
        g.valid_moves = tuple((d, True) for d in hands[state.current_player])
    return g


def compare(n: int, played: int, seeds=None):
    try:
        import dominoes.search
    except ImportError:
        return None
    import dominoes.search

    rows = []
    for seed in (seeds if seeds is not None else range(n)):
        g = new_game("sport", seed=seed)
        rng = random.Random(seed)
        while sum(m.kind == "play" for m in g.history) < played and not g.is_over():
            g.play(rng.choice(list(g.legal_moves())))
        while not g.is_over() and g.legal_moves()[0].kind == "pass":
            g.play("pass")
        if g.is_over():
            continue
        t0 = time.perf_counter()
        ours = solve(g, best=False, line=False)
        t_ours = time.perf_counter() - t0
        dg = to_dominoes(g)
        t0 = time.perf_counter()
        _, theirs = dominoes.search.alphabeta(dg)
        t_theirs = time.perf_counter() - t0
        theirs_for_mover = theirs if g.current_player % 2 == 0 else -theirs
        if theirs_for_mover != ours.value:
            raise AssertionError(f"deal {seed}: values differ: ours {ours.value}, "
                                 f"dominoes {theirs_for_mover}")
        rows.append((seed, ours.value, t_ours, t_theirs))
    return rows


#: ``name`` or ``name+option`` (a boolean option set to True: ``osyol+pairs`` is Osyol two
#: against two, the reading the compact cross search proves with one side of two players)
#: Part 3's variants: every variant of the package with a double-dummy solve of a full deal
#: (Mexican train's rounds are played by its planner, not solved), and Osyol in pairs.
VARIANTS = ("sport", "classic", "kozel", "general", "cuban", "morskoy_kozel", "semyorka",
            "osyol", "osyol+pairs", "telefon", "checheve", "muggins")


class OverBudget(Exception):
    """A deal's solve ran past ``--variant-budget`` seconds of CPU."""


def _over_budget(signum, frame):
    raise OverBudget


def solve_within(budget: float, *args, **kw):
    """``solve(*args, **kw)``, or None once it has used ``budget`` seconds of CPU (a profiling
    timer, so the load of other jobs does not count; the search is Python code, so the
    signal stops it between two steps)."""
    old = signal.signal(signal.SIGPROF, _over_budget)
    collecting = gc.isenabled()     # the cross search pauses the collector while it runs
    try:
        try:
            signal.setitimer(signal.ITIMER_PROF, budget)
            return solve(*args, **kw)
        finally:
            # (a one-shot timer: if it fires in here, the except below still takes it)
            signal.setitimer(signal.ITIMER_PROF, 0)
    except OverBudget:
        return None
    finally:
        signal.signal(signal.SIGPROF, old)
        if collecting:
            gc.enable()


def game_of(spec: str, seed: int):
    """The seeded full deal of a ``VARIANTS`` entry: ``name``, ``name+option`` (the option set
    to True) or ``name+option=value`` (true/false, a number or a word:
    ``muggins+spinner_opens=after_sides``, ``telefon+multi_doubles=false``)."""
    name, *flags = spec.split("+")
    # (NAME=VALUE read as the command line's --options reads it: true/false, numbers, words)
    options = rule_options([f for f in flags if "=" in f])
    options.update((f, True) for f in flags if "=" not in f)
    return new_game(name, seed=seed, **options)


def boneyard_of(g) -> str:
    """How ``solve`` reads the boneyard of a full deal: a variant that draws (Semyorka,
    the cross games with a boneyard) is solved with the boneyard's order known."""
    return "known" if g.can_draw_any() else "refuse"


def variant_deals(variant: str, n: int, engine_n: int, limit: float, budget: float = 1e9):
    """[(seed, value, nodes, seconds, method, engine seconds or None, CPU seconds)] for full
    deals (CPU time too: on a shared machine the wall time measures the load); a deal
    stopped at ``budget`` CPU seconds is the last row, its value None."""
    rows = []
    for seed in range(n):
        g = game_of(variant, seed)
        if g.is_over():                 # a redeal
            continue
        by = boneyard_of(g)
        t0 = time.perf_counter()
        c0 = time.process_time()
        a = solve_within(budget, g, best=False, line=False, boneyard=by)
        dt = time.perf_counter() - t0
        cpu = time.process_time() - c0
        if a is None:
            rows.append((seed, None, None, dt, "stopped", None, cpu))
            break
        te = None
        if seed < engine_n and a.method != "compact":
            t0 = time.perf_counter()
            b = solve_within(budget, g, best=False, line=False, method="engine", boneyard=by)
            te = time.perf_counter() - t0
            if b is None:               # stopped at the budget: no value to compare
                te = math.inf
            elif b.value != a.value:
                raise AssertionError(f"{variant} deal {seed}: values differ: {a.value} "
                                     f"against the engine search's {b.value}")
        rows.append((seed, a.value, a.nodes, dt, a.method, te, cpu))
        if dt > limit:
            break
    return rows


def print_variants(variants, n: int, engine_n: int, limit: float, budget: float = 1e9) -> None:
    print(f"\nFull deals per variant, exact value from the empty table (up to {n} deals, "
          f"seeds 0..{n - 1}; engine search alone on the first {engine_n} where it differs)")
    print(f"{'variant':<15}{'deals':>6}{'median s':>10}{'worst s':>10}{'median cpu s':>13}"
          f"{'median nodes':>14}{'search':>16}{'engine median s':>17}{'ratio':>7}")
    for v in variants:
        rows = variant_deals(v, n, engine_n, limit, budget)
        if not rows:
            continue
        if rows[-1][1] is None:         # stopped at the budget
            done = len(rows) - 1
            print(f"{v:<15}{done:>6}  deal {rows[-1][0]} stopped after {rows[-1][6]:.0f} s of "
                  f"CPU (--variant-budget)"
                  + (f"; {done} deal(s) before it, median {statistics.median(r[6] for r in rows[:-1]):.2f} s"
                     if done else ""))
            continue
        times = [r[3] for r in rows]
        methods = "+".join(sorted({r[4] for r in rows}))
        delegated = any(r[4] == "engine" for r in rows) and v != "sport"
        eng = [(r[3], r[5]) for r in rows if r[5] is not None and r[5] < math.inf]
        stopped = [r[0] for r in rows if r[5] == math.inf]
        med_e = statistics.median(e for _, e in eng) if eng else None
        ratio = (statistics.median(e / t for t, e in eng) if eng else None)
        print(f"{v:<15}{len(rows):>6}{statistics.median(times):>10.3f}{max(times):>10.3f}"
              f"{statistics.median(r[6] for r in rows):>13.3f}"
              f"{statistics.median(r[2] for r in rows):>14.0f}"
              f"{methods + ('*' if delegated else ''):>16}"
              f"{'' if med_e is None else f'{med_e:.2f}':>17}"
              f"{'' if ratio is None else f'{ratio:.0f}x':>7}")
        if stopped:
            print(f"{'':<15}(the engine search alone stopped after {budget:.0f} s of CPU on "
                  f"deal(s) {', '.join(map(str, stopped))}: not in its median)")
    print("(* the engine search for the lead, the compact search for every position after "
          "it that it covers)")


#: Part 6's variants: the cross games (Osyol each for himself and in pairs)
NATIVE_VARIANTS = ("telefon", "checheve", "osyol", "osyol+pairs", "muggins")


def _solve_timed(g, pure: bool):
    """(value, nodes, CPU seconds) of a full deal's solve, with the C node loop or without."""
    import os
    old = os.environ.get("DOMINOLAB_PURE")
    os.environ["DOMINOLAB_PURE"] = "1" if pure else "0"
    try:
        c0 = time.process_time()
        a = solve(g, best=False, line=False, boneyard=boneyard_of(g))
        return a.value, a.nodes, time.process_time() - c0
    finally:
        if old is None:
            del os.environ["DOMINOLAB_PURE"]
        else:
            os.environ["DOMINOLAB_PURE"] = old


def print_native(variants, n: int) -> None:
    from dominolab.games.cross_search import native_available
    print(f"\nThe cross search's node loop in C against the Python closure, full deals "
          f"(seeds 0..{n - 1}), CPU seconds, the two alternating in one run")
    if not native_available():
        print("the C node loop is not built here (or DOMINOLAB_PURE is set): skipped")
        return
    print(f"{'variant':<15}{'deals':>6}{'C median s':>12}{'C worst s':>11}"
          f"{'Python median s':>17}{'C nodes':>14}{'Python nodes':>14}{'ratio':>8}")
    for v in variants:
        rows = []
        for seed in range(n):
            g = game_of(v, seed)
            if g.is_over():
                continue
            fast = _solve_timed(g, pure=False)
            slow = _solve_timed(g, pure=True)
            if fast[0] != slow[0]:
                raise AssertionError(f"{v} deal {seed}: C {fast[:2]} against Python {slow[:2]}")
            rows.append((fast[2], slow[2], fast[1], slow[1]))
        print(f"{v:<15}{len(rows):>6}{statistics.median(r[0] for r in rows):>12.3f}"
              f"{max(r[0] for r in rows):>11.3f}{statistics.median(r[1] for r in rows):>17.3f}"
              f"{statistics.median(r[2] for r in rows):>14.0f}"
              f"{statistics.median(r[3] for r in rows):>14.0f}"
              f"{statistics.median(r[1] / r[0] for r in rows):>7.1f}x")
    print("(nodes: positions searched; the C loop leaves the smallest positions out of its table "
          "and searches them again, CrossCompact.table_floor, so it counts more)")


def cross_positions(variant: str, players: int, n: int, tiles: int):
    """[(seconds compact, seconds engine, nodes compact, nodes engine)] on ``n`` positions."""
    rng = random.Random(11)
    rows = []
    seed = 0
    while len(rows) < n:
        seed += 1
        g = new_game(variant, players=players, seed=seed)
        while not g.is_over() and (g.can_draw_any() or not g.history
                                   or sum(h.bit_count() for h in g.hands) > tiles):
            g.play(rng.choice(list(g.legal_moves())))
        if g.is_over():
            continue
        t0 = time.perf_counter()
        a = solve(g, best=False, line=False)
        t1 = time.perf_counter()
        b = solve(g, best=False, line=False, method="engine")
        t2 = time.perf_counter()
        if a.value != b.value or a.method != "compact":
            raise AssertionError(f"{variant} seed {seed}: {a.value} ({a.method}) against the "
                                 f"engine search's {b.value}")
        rows.append((t1 - t0, t2 - t1, a.nodes, b.nodes))
    return rows


def print_cross(n: int, tiles: int) -> None:
    print(f"\nCross games, {n} mid-game positions each with {tiles} tiles left in hands: the "
          f"compact cross search against the engine search alone, same run")
    print(f"{'variant':<15}{'players':>8}{'compact s':>11}{'nodes':>9}{'engine s':>10}"
          f"{'nodes':>9}{'ratio':>7}")
    for v, players in (("osyol", 4), ("checheve", 3)):
        rows = cross_positions(v, players, n, tiles)
        print(f"{v:<15}{players:>8}{statistics.median(r[0] for r in rows):>11.3f}"
              f"{statistics.median(r[2] for r in rows):>9.0f}"
              f"{statistics.median(r[1] for r in rows):>10.3f}"
              f"{statistics.median(r[3] for r in rows):>9.0f}"
              f"{statistics.median(r[1] / r[0] for r in rows):>6.0f}x")
    print("(medians; ratio: the median of engine time / compact time per position)")


def _below(depth: int, f, *args, **kw):
    """``f(*args, **kw)`` called ``depth`` frames deeper than the caller."""
    return f(*args, **kw) if depth == 0 else _below(depth - 1, f, *args, **kw)


def stack_rows(variant: str, n: int):
    """[(CPU s direct, CPU s wrapped, faults direct, faults wrapped)] per (deal, depth)."""
    rows = []
    for seed in range(n):
        for depth in (0, 3, 6, 9):
            row = []
            for f in (solve.__wrapped__, solve):
                g = game_of(variant, seed)
                if g.is_over():
                    break
                by = boneyard_of(g)
                r0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
                c0 = time.process_time()
                _below(depth, f, g, best=False, line=False, boneyard=by)
                row += [time.process_time() - c0,
                        resource.getrusage(resource.RUSAGE_SELF).ru_minflt - r0]
            if row:
                rows.append((row[0], row[2], row[1], row[3]))
    return rows


def print_stack(variants, n: int) -> None:
    print(f"\nThe search in a frame-stack chunk of its own (solve) against the same search "
          f"called directly (solve.__wrapped__), {n} deal(s) x caller depths 0, 3, 6, 9, "
          f"interleaved; Python {sys.version.split()[0]}")
    print(f"{'variant':<15}{'solves':>7}{'direct cpu s':>13}{'faults':>9}{'wrapped cpu s':>14}"
          f"{'faults':>9}{'ratio':>7}")
    for v in variants:
        rows = stack_rows(v, n)
        if not rows:
            continue
        print(f"{v:<15}{len(rows):>7}{statistics.median(r[0] for r in rows):>13.3f}"
              f"{statistics.median(r[2] for r in rows):>9.0f}"
              f"{statistics.median(r[1] for r in rows):>14.3f}"
              f"{statistics.median(r[3] for r in rows):>9.0f}"
              f"{statistics.median(r[0] / r[1] for r in rows):>6.2f}x")
    print("(medians; faults: minor page faults during the solve; ratio: the median of "
          "direct / wrapped CPU time per solve)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--compare-deals", type=int, default=10)
    ap.add_argument("--played", type=int, default=4, help="tiles played before the comparison")
    ap.add_argument("--full-compare", type=int, default=0,
                    help="also compare on this many full deals (slow for the other engine)")
    ap.add_argument("--variants", default=",".join(VARIANTS),
                    help="comma-separated variants for part 3")
    ap.add_argument("--variant-deals", type=int, default=20)
    ap.add_argument("--engine-deals", type=int, default=2,
                    help="deals per variant also solved by the engine search alone")
    ap.add_argument("--variant-limit", type=float, default=30.0,
                    help="stop a variant's deals after one that took longer (seconds)")
    ap.add_argument("--variant-budget", type=float, default=180.0,
                    help="stop a deal's solve after this many seconds of CPU and say so")
    ap.add_argument("--cross-positions", type=int, default=20)
    ap.add_argument("--cross-tiles", type=int, default=14)
    ap.add_argument("--stack-variants", default="sport,muggins,morskoy_kozel,telefon")
    ap.add_argument("--stack-deals", type=int, default=3)
    ap.add_argument("--native-variants", default=",".join(NATIVE_VARIANTS))
    ap.add_argument("--native-deals", type=int, default=5)
    ap.add_argument("--only", choices=("all", "sport", "variants", "cross", "stack", "native"),
                    default="all")
    args = ap.parse_args(argv)

    if args.only in ("all", "native"):
        print_native([v for v in args.native_variants.split(",") if v], args.native_deals)
        if args.only == "native":
            return 0

    if args.only in ("all", "stack"):
        print_stack([v for v in args.stack_variants.split(",") if v], args.stack_deals)
        if args.only == "stack":
            return 0

    if args.only in ("all", "cross"):
        print_cross(args.cross_positions, args.cross_tiles)
        if args.only == "cross":
            return 0

    if args.only in ("all", "variants"):
        print_variants([v for v in args.variants.split(",") if v], args.variant_deals,
                       args.engine_deals, args.variant_limit, args.variant_budget)
        if args.only == "variants":
            return 0
        print()
    rows = full_deals(args.deals)
    times = [r[3] for r in rows]
    nodes = [r[2] for r in rows]
    worst = max(rows, key=lambda r: r[3])
    print(f"Full 4 x 7 sport deals, exact double-dummy value from the empty table "
          f"({args.deals} deals, seeds 0..{args.deals - 1})")
    print(f"{'':<10}{'time s':>10}{'nodes':>12}{'nodes/s':>12}")
    print(f"{'median':<10}{statistics.median(times):>10.3f}{statistics.median(nodes):>12.0f}"
          f"{statistics.median(n / t for _, _, n, t in rows):>12.0f}")
    print(f"{'worst':<10}{worst[3]:>10.3f}{worst[2]:>12d}{worst[2] / worst[3]:>12.0f}"
          f"   (seed {worst[0]}, value {worst[1]:+d})")
    print(f"{'total':<10}{sum(times):>10.1f}{sum(nodes):>12d}{sum(nodes) / sum(times):>12.0f}")

    cmp = compare(args.compare_deals, args.played)
    if cmp is None:
        print("\nthe 'dominoes' package is not installed: comparison skipped")
        return 0
    print(f"\nSame positions ({len(cmp)} deals, {args.played} tiles played by a seeded random line),"
          f" values identical:")
    print(f"{'engine':<24}{'median s':>10}{'worst s':>10}{'ratio':>8}")
    mo = statistics.median(r[2] for r in cmp)
    mt = statistics.median(r[3] for r in cmp)
    print(f"{'dominolab solve':<24}{mo:>10.4f}{max(r[2] for r in cmp):>10.4f}{1:>8.1f}")
    print(f"{'dominoes alphabeta':<24}{mt:>10.4f}{max(r[3] for r in cmp):>10.4f}{mt / mo:>8.1f}")
    ratios = [r[3] / r[2] for r in cmp]
    print(f"per-deal ratio (theirs / ours): median {statistics.median(ratios):.0f}x, "
          f"min {min(ratios):.0f}x, max {max(ratios):.0f}x")
    if args.full_compare:
        full = compare(args.full_compare, 0)
        print("\nFull deals from the empty table, values identical:")
        print(f"{'seed':<6}{'value':>7}{'ours s':>10}{'dominoes s':>12}{'ratio':>8}")
        for seed, v, to, tt in full:
            print(f"{seed:<6}{v:>+7d}{to:>10.3f}{tt:>12.1f}{tt / to:>8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
