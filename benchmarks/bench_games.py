"""Random full rounds per second, per variant; compared with the PyPI `dominoes` engine.

Run: ``python benchmarks/bench_games.py [--rounds N] [--repeats K]``.

Each measurement plays N seeded rounds with uniformly random legal moves
(deal + play to the end + scoring) and reports the median rate of K runs.
The reference is the `dominoes` package (https://pypi.org/project/dominoes/),
whose game is four players in two teams with the whole double-six set dealt
and passing — the same game as our "sport" variant — measured in the same
process on the same machine; the ratio column is ours / theirs. When
`dominoes` is not installed the comparison is skipped.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dominolab.games import VARIANTS, new_game


def ours(variant: str, rounds: int, seed: int) -> float:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for r in range(rounds):
        g = new_game(variant, seed=seed * 100_000 + r)
        while not g.is_over():
            moves = g.legal_moves()
            g._apply(moves[rng.randrange(len(moves))])   # moves come from the generator
        g.result()
    return rounds / (time.perf_counter() - t0)


def ours_checked(variant: str, rounds: int, seed: int) -> float:
    """The same with the public, checking play() (what a user or bot calls)."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for r in range(rounds):
        g = new_game(variant, seed=seed * 100_000 + r)
        while not g.is_over():
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
        g.result()
    return rounds / (time.perf_counter() - t0)


def theirs(rounds: int, seed: int) -> float:
    import dominoes

    random.seed(seed)   # dominoes shuffles with the global random module
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(rounds):
        g = dominoes.Game.new()
        while g.result is None:
            moves = g.valid_moves
            g.make_move(*moves[rng.randrange(len(moves))])
    return rounds / (time.perf_counter() - t0)


def push_pop(variant: str, nodes: int, seed: int) -> float:
    """Search primitives: generate moves, push one, recurse a little, pop — nodes per second."""
    rng = random.Random(seed)
    g = new_game(variant, seed=seed)
    done = 0
    t0 = time.perf_counter()
    while done < nodes:
        depth = 0
        while not g.is_over() and depth < 12:
            moves = g.legal_moves()
            g.push(moves[rng.randrange(len(moves))])
            depth += 1
            done += 1
        for _ in range(depth):
            g.pop()
    return done / (time.perf_counter() - t0)


def median_rate(fn, repeats, *args) -> float:
    return statistics.median(fn(*args, seed=k + 1) for k in range(repeats))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    try:
        import dominoes  # noqa: F401
        ref = median_rate(lambda seed: theirs(args.rounds, seed), args.repeats)
    except ImportError:
        ref = None
    print(f"random full rounds per second (median of {args.repeats} runs x {args.rounds} rounds)")
    if ref:
        print(f"reference: PyPI dominoes {__import__('dominoes').__name__} (4 players, 2 teams, "
              f"all tiles dealt): {ref:,.0f} rounds/s")
    print(f"{'variant':<16}{'rounds/s':>12}{'play() rounds/s':>18}{'vs dominoes':>14}")
    for name in sorted(VARIANTS):
        fast = median_rate(lambda seed: ours(name, args.rounds, seed), args.repeats)
        checked = median_rate(lambda seed: ours_checked(name, args.rounds, seed), args.repeats)
        ratio = f"{fast / ref:>13.1f}x" if ref and name == "sport" else f"{'':>14}"
        print(f"{name:<16}{fast:>12,.0f}{checked:>18,.0f}{ratio}")
    if ref:
        print("(the ratio is for the like-for-like game: sport dominoes)")
    pp = median_rate(lambda seed: push_pop("sport", 20_000, seed), args.repeats)
    print(f"search primitives (sport): legal_moves + push + pop: {pp:,.0f} nodes/s")


if __name__ == "__main__":
    main()
