"""Bot strength in duplicate play: the ladder with 95% intervals, the time budget, and
a check of the intervals by simulation.

Run: ``python benchmarks/bench_bots.py [--deals N] [--seed S] [--variants kozel,sport]
[--budget] [--head-to-head] [--no-main] [--coverage R]`` (``--variants ""`` plays no variant).

For each variant (default: Kozel in pairs and sport dominoes, four players each)
the ISMCTS bot and the sampling bot each play the greedy bot in duplicate
(:func:`dominolab.games.duplicate.duplicate`: every deal once per seating, the
sides swapped); the line gives the first bot's margin per deal (points, or
penalties with the sign turned so that + is better) with its 95% t-interval over
the deals, whether the interval excludes a tie, and the CPU seconds per round.

``--head-to-head`` adds ISMCTS (200 iterations) against the sampling bot, the two
strongest bots played against each other (which is stronger, if the interval says).
``--budget`` adds ISMCTS at 25, 100 and 400 iterations per move against greedy
(how strength grows with the work per move). ``--coverage R`` plays R seeded
repeats of random against random (``--coverage-deals``, default 30, deals each, Kozel pairs) and prints how
often the 95% interval covers 0, the true difference, with the exact binomial
(Clopper–Pearson) interval of that rate.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from math import comb

from dominolab.games.bots import Bot, ISMCTSBot, SamplingBot
from dominolab.games.duplicate import duplicate, t_quantile
from dominolab.games.setup import get_rules


def _ismcts(iterations: int) -> Callable[[int], Bot]:
    def make(seed: int) -> Bot:
        return ISMCTSBot(seed=seed, iterations=iterations)
    make.label = f"ismcts/{iterations}"  # type: ignore[attr-defined]
    return make


def _sampling(seed: int) -> Bot:
    return SamplingBot(seed=seed)


_sampling.label = "sampling"  # type: ignore[attr-defined]


def compare(variant: str, first: Callable[[int], Bot] | str, second: Callable[[int], Bot] | str,
            deals: int, seed: int) -> None:
    t0 = time.process_time()
    r = duplicate(variant, first, second, deals=deals, seed=seed)
    per_round = (time.process_time() - t0) / r.plays
    iv = r.interval
    tie = "excludes a tie" if iv.low > 0 or iv.high < 0 else "a tie not excluded"
    print(f"  {r.first + ' vs ' + r.second:<26}{iv.mean:>+8.2f}   [{iv.low:+.2f}, {iv.high:+.2f}]"
          f"   {tie:<19}{per_round:>8.3f} s/round", flush=True)


def _beta_quantile(q: float, a: float, b: float) -> float:
    """The q quantile of Beta(a, b) for whole a, b (bisection on the binomial sum)."""
    n = int(a + b - 1)

    def cdf(x: float) -> float:       # P(Beta(a, b) <= x) = P(Binomial(n, x) >= a)
        return sum(comb(n, j) * x ** j * (1 - x) ** (n - j) for j in range(int(a), n + 1))
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < q else (lo, mid)
    return (lo + hi) / 2


def coverage(repeats: int, deals: int = 30) -> None:
    t0 = time.process_time()
    hits = sum(duplicate("kozel", "random", "random", deals=deals, seed=s).interval.contains(0)
               for s in range(repeats))
    low = 0.0 if hits == 0 else _beta_quantile(0.025, hits, repeats - hits + 1)
    high = 1.0 if hits == repeats else _beta_quantile(0.975, hits + 1, repeats - hits)
    print(f"coverage: random vs random, Kozel pairs, {deals} deals per repeat: 0 inside the "
          f"95% interval in {hits} of {repeats} repeats = {100 * hits / repeats:.1f}% "
          f"(exact 95% interval of the rate: {100 * low:.1f}–{100 * high:.1f}%; "
          f"{time.process_time() - t0:.0f} s CPU)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default="kozel,sport")
    ap.add_argument("--budget", action="store_true")
    ap.add_argument("--head-to-head", action="store_true",
                    help="ISMCTS/200 against the sampling bot")
    ap.add_argument("--no-main", action="store_true",
                    help="skip ISMCTS/200 and sampling against greedy (with --budget, --coverage)")
    ap.add_argument("--coverage", type=int, default=0, metavar="R")
    ap.add_argument("--coverage-deals", type=int, default=30, metavar="N")
    a = ap.parse_args()
    print(f"duplicate play, {a.deals} deals × 2 seatings each, seed {a.seed}; margin per deal "
          f"for the first bot with its 95% t-interval over deals (t = "
          f"{t_quantile(0.975, a.deals - 1):.3f})")
    for v in a.variants.split(",") if a.variants else []:
        rules = get_rules(v)
        kind = "penalties, sign turned" if rules.penalties else "points"
        print(f"\n{rules.title} ({rules.default_players} players, "
              f"{'pairs' if rules.pairs else 'individual'}; {kind})")
        if not a.no_main:
            compare(v, _ismcts(200), "greedy", a.deals, a.seed)
            compare(v, _sampling, "greedy", a.deals, a.seed)
        if a.head_to_head:
            compare(v, _ismcts(200), _sampling, a.deals, a.seed)
        if a.budget:
            for it in (25, 100, 400):
                compare(v, _ismcts(it), "greedy", a.deals, a.seed)
    if a.coverage:
        print()
        coverage(a.coverage, a.coverage_deals)


if __name__ == "__main__":
    main()
