"""The heuristic bot's turn, and the engine search's fives log and table key, each against the
way it was done before, measured in the same run.

Run: ``python benchmarks/bench_bot_speed.py [--repeats K]`` (about a minute).

* ``tournaments``: the seven tournaments of the rules lesson (rules-of-the-games:
  Kozel, sport, classic at 2,000 rounds; Osyol, Telefon, Muggins, Chechevé at 500), with
  the heuristic bot counting on bit masks (``HeuristicBot.by_masks``, the default)
  against the same bot counting tile by tile (``by_masks = False``, what it did before:
  each tile of the hand tested against each open end, a set of the numbers kept). The
  choices are the same (tests/test_tournament.py), so the tables are too.
* ``engine``: the engine search (``solve(g, method="engine")``) on Muggins and Telefon
  positions with 6 to 12 tiles in hand, where each end of a round it reaches scores the
  fives from ``GameState.table_points_log``: the replay kept between calls and taken back
  with the history (now) against a replay from the first move at every call (before;
  the kept replay dropped before each call).
* ``engine key``: the same searches with the table's key, where the score reads the whole
  history, made of one item per move kept beside the history as the search moves, and the
  position's key passed down from the move's merging (now), against the history's items
  rebuilt, tiles hashed one by one, and the position's key made again, at every position
  (before). The same values and the same positions counted (asserted).
* ``engine, code before`` (with ``--before DIR``, a checkout of an older commit, e.g.
  ``git worktree add /tmp/before 340c53b``, the commit before the engine merged equivalent
  moves as it searched them instead of making every legal move first): the same
  searches by that code, in a child process, alternating with this code's in the same
  run. The same values and positions counted (asserted).

CPU time (``time.process_time``); the two sides alternate, K times each, and the table
gives their medians and the ratio before / now (> 1: now is faster).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from dominolab.games import get_rules, new_round, tournament  # noqa: E402
from dominolab.games.bots import HeuristicBot  # noqa: E402
from dominolab.games import search as engine_search  # noqa: E402
from dominolab.games.search import solve  # noqa: E402
from dominolab.games.state import GameState  # noqa: E402
from dominolab.tiles import DominoSet  # noqa: E402

#: the rules lesson's tournament cells: (variant, seats, rounds)
LESSON = [
    ("kozel-each", ["heuristic", "greedy", "random", "greedy"], 2000),
    ("sport", ["heuristic", "random", "heuristic", "random"], 2000),
    ("classic", ["heuristic", "greedy"], 2000),
    ("osyol", ["heuristic", "greedy", "random", "greedy"], 500),
    ("telefon", ["heuristic", "greedy", "heuristic", "greedy"], 500),
    ("muggins", ["heuristic", "greedy"], 500),
    ("checheve", ["heuristic", "greedy", "random", "greedy"], 500),
]


def _tournaments() -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        for variant, seats, rounds in LESSON:
            rules = get_rules("kozel", pairs=False) if variant == "kozel-each" else variant
            tournament(rules, seats, rounds=rounds, seed=1)


def _positions(variant: str, count: int, seed: int) -> list[GameState]:
    """Rounds dealt at random with no boneyard, played at random to 6-12 tiles in hand."""
    rules, rng = get_rules(variant), random.Random(seed)
    out: list[GameState] = []
    while len(out) < count:
        players = rng.choice(rules.player_counts)
        size = min(rules.hand_size(players), 28 // players)
        tiles = list(DominoSet(rules.set_max).tiles)
        rng.shuffle(tiles)
        g = new_round(rules, [tiles[size * i:size * i + size] for i in range(players)], [],
                      leader=rng.randrange(players))
        stop = rng.randint(6, 12)
        while not g.is_over() and (not g.history or sum(h.bit_count() for h in g.hands) > stop):
            g.play(rng.choice(list(g.legal_moves())))
        if not g.is_over():
            out.append(g)
    return out


def _engine(positions: list[GameState]) -> list[int]:
    return [solve(g.copy(), method="engine").value for g in positions]


def _engine_nodes(positions: list[GameState]) -> list[tuple[int, int]]:
    return [(a.value, a.nodes) for a in (solve(g.copy(), method="engine") for g in positions)]


_item_key = engine_search._Engine.key


def _whole_history_key(self, sk=None):
    """The engine's table key as it was made before: where the score reads the whole history,
    the position's key made again and every move of the history made an item, tiles and all."""
    st = self.st
    if not self.light:
        return (st.key(), tuple((m.player, m.kind, m.placements) for m in st.history))
    return _item_key(self, sk)


_kept = GameState.table_points_log


def _replayed(self, points=None):
    self._tpr = None          # what it did before: a replay from the first move each call
    return _kept(self, points)


#: the child that times an older checkout's engine for --before DIR: the same positions (the
#: same seeds), its CPU seconds and (value, positions searched) per position as JSON
_BEFORE_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[2])
from dominolab.games.search import solve   # the older package, imported first, stays
sys.path.insert(0, sys.argv[1])
import bench_bot_speed as b
assert solve.__code__.co_filename.startswith(sys.argv[2]), "the older package was not the one imported"
positions = b._positions("muggins", 6, 1) + b._positions("telefon", 6, 2)
t = time.process_time()
out = [(a.value, a.nodes) for a in (solve(g.copy(), method="engine") for g in positions)]
print(json.dumps([time.process_time() - t, out]))
"""


def _before(before: str) -> tuple[float, list[tuple[int, int]]]:
    """The engine rows' searches by the checkout ``before``, timed in a child process."""
    import json
    import subprocess

    here = os.path.dirname(os.path.abspath(__file__))
    # (this directory's bench_bot_speed gives the positions; the package is the older one's)
    out = subprocess.run([sys.executable, "-c", _BEFORE_CHILD, here, os.path.abspath(before)],
                         check=True, capture_output=True, text=True).stdout
    t, values = json.loads(out)
    return t, [tuple(v) for v in values]


def _time(fn: Callable[..., object], *args: object) -> tuple[float, object]:
    t = time.process_time()
    out = fn(*args)
    return time.process_time() - t, out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--before", metavar="DIR",
                    help="also time the engine searches of an older checkout in DIR")
    args = ap.parse_args(argv)
    positions = _positions("muggins", 6, 1) + _positions("telefon", 6, 2)
    rows: dict[str, tuple[list[float], list[float]]] = {
        "tournaments": ([], []), "engine": ([], []), "engine key": ([], [])}
    for _ in range(args.repeats):
        # each "before" runs with the old way patched in, restored by mock.patch.object even
        # when a timing's assertion fails (main() may be called from another script)
        with mock.patch.object(HeuristicBot, "by_masks", False):
            rows["tournaments"][0].append(_time(_tournaments)[0])
        rows["tournaments"][1].append(_time(_tournaments)[0])
        with mock.patch.object(GameState, "table_points_log", _replayed):
            t_before, v_before = _time(_engine, positions)
        t_now, v_now = _time(_engine, positions)
        assert v_before == v_now, "the engine's values differ"
        rows["engine"][0].append(t_before)
        rows["engine"][1].append(t_now)
        with mock.patch.object(engine_search._Engine, "key", _whole_history_key):
            t_before, v_before = _time(_engine_nodes, positions)
        t_now, v_now = _time(_engine_nodes, positions)
        assert v_before == v_now, "the engine's values or positions searched differ"
        rows["engine key"][0].append(t_before)
        rows["engine key"][1].append(t_now)
        if args.before:
            t_before, v_before = _before(args.before)
            t_now, v_now = _time(_engine_nodes, positions)
            assert v_before == v_now, "the older code's values or positions searched differ"
            rows.setdefault("engine, code before", ([], []))[0].append(t_before)
            rows["engine, code before"][1].append(t_now)
    print(f"medians of {args.repeats} runs each, CPU seconds")
    print(f"{'':<22}{'before':>10}{'now':>10}{'before/now':>12}")
    for name, (before, now) in rows.items():
        b, n = statistics.median(before), statistics.median(now)
        print(f"{name:<22}{b:>10.2f}{n:>10.2f}{b / n:>12.2f}")


if __name__ == "__main__":
    main()
