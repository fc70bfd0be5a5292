"""Triomino bots against each other on duplicate deals, with 95% confidence intervals;
and rounds per second of the engine.

Run: ``python benchmarks/bench_triominoes.py [--deals N] [--seed S]``.

Each deal is played twice with the two bots' seats swapped (the same tiles dealt, the
same boneyard), so the luck of the deal cancels; the figure is the mean, over deals, of
(bot A's points − bot B's points), averaged over the two seatings, with a t-interval
(1.96 standard errors of that mean; the deals are independent). An interval that
contains 0 means the difference is within noise.
"""

from __future__ import annotations

import argparse
import statistics
import time

from dominolab.triominoes import TriominoRound, make_bot


def play(seed: int, bots: list[str]) -> list[int]:
    g = TriominoRound(len(bots), seed=seed)
    players = [make_bot(b, seed * 7 + k) for k, b in enumerate(bots)]
    while not g.is_over():
        g.play(players[g.current](g))
    return g.scores


def duplicate(a: str, b: str, deals: int, seed: int) -> tuple[float, float, int]:
    diffs, wins = [], 0
    for d in range(deals):
        s = seed * 1_000_003 + d
        x = play(s, [a, b])
        y = play(s, [b, a])
        diff = ((x[0] - x[1]) + (y[1] - y[0])) / 2
        diffs.append(diff)
        wins += diff > 0
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return mean, half, wins


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.process_time()
    n = 0
    for s in range(50):
        play(s, ["random", "random"])
        n += 1
    rate = n / (time.process_time() - t0)
    print(f"engine: {rate:.1f} random two-player rounds per CPU second (no invariant checks)")
    print(f"\nduplicate deals: {args.deals} deals, each played with the seats swapped")
    print(f"{'A':>10} {'B':>10} {'A − B points per deal':>24} {'95% interval':>20}  verdict")
    for a, b in [("greedy", "random"), ("lookahead", "greedy")]:
        mean, half, _ = duplicate(a, b, args.deals, args.seed)
        verdict = ("A stronger" if mean - half > 0 else "B stronger" if mean + half < 0
                   else "within noise")
        print(f"{a:>10} {b:>10} {mean:>24.1f} {f'[{mean - half:.1f}, {mean + half:.1f}]':>20}  {verdict}")


if __name__ == "__main__":
    main()
