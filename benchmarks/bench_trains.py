"""Mexican train: the train-planner bot against the greedy bot, with a 95% interval.

Run: ``python benchmarks/bench_trains.py [--deals N] [--players K] [--seed S]``.

Each deal (``new_game("mexican_train", players=K, seed=…)``) is played K times,
the planner sitting once in every seat and greedy bots in the others, and once
more with greedy bots in every seat. Per deal and seat the figure is the
penalty the greedy bot takes in that seat minus the penalty the planner takes
in it (same deal, same seat, same other players: a paired comparison), averaged
over the seats. The table gives the mean of these per-deal differences and a 95%
confidence interval, mean ± 1.96 · s / √N (normal approximation: N deals are
independent, the differences have finite variance). A positive interval that
excludes 0 says the planner sheds more pips than greedy. It also prints how
often the planner's seat wins the round, against greedy's in the same seat.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from dominolab.games import bots, new_game, play_out

VARIANT = "mexican_train"


def seat_penalties(players: int, seed: int, planner_seat: int | None) -> tuple[list[int], int]:
    """Penalties per seat and the round's winner, the planner at ``planner_seat``."""
    g = new_game(VARIANT, players=players, seed=seed)
    seated: list[bots.Bot] = [bots.GreedyBot(seed=seed * 10 + s) for s in range(players)]
    if planner_seat is not None:
        seated[planner_seat] = bots.PlannerBot(seed=seed * 10 + planner_seat)
    res = play_out(g, seated)
    return list(res.team_points), -1 if res.winner is None else res.winner


def compare(deals: int, players: int, seed: int) -> dict[str, float]:
    diffs = []
    wins_planner = wins_greedy = 0
    for d in range(deals):
        s = seed * 1_000_003 + d
        base, base_winner = seat_penalties(players, s, None)
        per_seat = []
        for seat in range(players):
            pen, winner = seat_penalties(players, s, seat)
            per_seat.append(base[seat] - pen[seat])
            wins_planner += winner == seat
            wins_greedy += base_winner == seat
        diffs.append(sum(per_seat) / players)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    n = deals * players
    return {"deals": deals, "mean": mean, "low": mean - half, "high": mean + half,
            "planner_wins": wins_planner / n, "greedy_wins": wins_greedy / n}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.process_time()
    r = compare(args.deals, args.players, args.seed)
    print(f"Mexican train, double-12, {args.players} players, {r['deals']} deals "
          f"(each with the planner in every seat, against greedy in the same seat)")
    print(f"penalty saved per round by the planner: {r['mean']:.2f} pips, "
          f"95% CI [{r['low']:.2f}, {r['high']:.2f}]"
          + ("  (excludes a tie)" if r["low"] > 0 or r["high"] < 0 else "  (includes 0)"))
    print(f"rounds won from the seat: planner {100 * r['planner_wins']:.1f}%, "
          f"greedy {100 * r['greedy_wins']:.1f}%  ({time.process_time() - t0:.0f} s CPU)")


if __name__ == "__main__":
    main()
