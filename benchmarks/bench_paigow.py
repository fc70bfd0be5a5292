"""Benchmark: the exact Pai Gow table by inclusion–exclusion vs brute force per hand.

Run:  python benchmarks/bench_paigow.py [--repeat 3] [--sample 20]

The reference is the obvious count: for a hand, every one of the 20,475 banker hands
of real tiles, each set by the house way (``brute_counts``). The package's table counts
all 3,620 distinct hands by inclusion–exclusion over cumulative tables. We print the
median time of the full table (caches cleared each run), the median brute-force time
per hand on a sample, the ratio per hand, and the brute force's estimate for the whole
table; the sampled hands must agree exactly. Then the edges beside the published ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominolab.chinese import CHINESE_SET, brute_counts, ev_table
from dominolab.chinese import houseway, paigow_ev
from dominolab.chinese.houseway import max_high_way, max_low_way
from dominolab.chinese.paigow_ev import PUBLISHED_EDGES


def table_time(repeat: int) -> tuple[float, paigow_ev.EVTable]:
    times, table = [], None
    for _ in range(repeat):
        for cache in (paigow_ev._banker, paigow_ev._tables, paigow_ev._table,
                      houseway._house_way):
            cache.cache_clear()
        t0 = time.perf_counter()
        table = ev_table(Fraction(1, 20))
        times.append(time.perf_counter() - t0)
    assert table is not None
    return statistics.median(times), table


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sample", type=int, default=20)
    args = ap.parse_args()
    t_table, table = table_time(args.repeat)
    rows = {r.kinds: r for r in table.rows}
    rng = random.Random(1)
    times = []
    for _ in range(args.sample):
        four = rng.sample(CHINESE_SET.tiles, 4)
        t0 = time.perf_counter()
        counts = brute_counts(four)
        times.append(time.perf_counter() - t0)
        assert counts == rows[tuple(sorted(t.pair for t in four))].house_counts
    per_hand = statistics.median(times)
    ours = t_table / len(table.rows)
    print(f"{'method':<44} {'median s':>10} {'ratio':>8}")
    print(f"{'brute force, one hand (20,475 banker hands)':<44} {per_hand:>10.4f} {1:>8.2f}")
    print(f"{'inclusion-exclusion, per hand (full table)':<44} {ours:>10.5f} "
          f"{ours / per_hand:>8.3f}")
    print(f"{'inclusion-exclusion, all 3,620 hands':<44} {t_table:>10.2f}")
    print(f"{'brute force, all 3,620 hands (estimate)':<44} {per_hand * 3620:>10.1f}")
    print(f"sampled hands agreeing with the brute force: {args.sample} of {args.sample}")
    for c, (player, banker) in sorted(PUBLISHED_EDGES.items()):
        t = ev_table(c)
        print(f"commission {float(c):.0%}: player edge {float(t.player_edge_house):.4%} "
              f"(published {float(player):.4%}), banker edge {float(t.banker_edge_house):.4%} "
              f"(published {float(banker):.4%}), optimal player {float(t.player_edge_best):.4%}")
    print("both sides on one way, 5%:      P(win)  P(push) P(loss)  player edge")
    for name, way in (("Casino Canberra house way", None), ("high hand first", max_high_way),
                      ("low hand first", max_low_way)):
        t = ev_table(Fraction(1, 20), way=way)
        w, p, lose = (float(x) for x in t.house_probabilities)
        print(f"  {name:<30} {w:.4f}  {p:.4f}  {lose:.4f}   {float(t.player_edge_house):.4%}")
    player, banker = PUBLISHED_EDGES[Fraction(1, 20)]
    w = (banker + Fraction(19, 20) * player) / (1 - Fraction(19, 20) ** 2)
    lose = player + Fraction(19, 20) * w
    print(f"  {'implied by the published edges':<30} {float(w):.4f}  {float(1 - w - lose):.4f}  "
          f"{float(lose):.4f}   {float(player):.4%}")


if __name__ == "__main__":
    main()
