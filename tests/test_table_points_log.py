"""GameState.table_points_log keeps its replay between calls and takes it back to the part
of the history it still shares: the same log as a replay from the start, whatever the order
of plays, undos, copies and hooks."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from dominolab.games import get_rules, new_game
from dominolab.games.variants._fives import fives_log, fives_table_points


def _fresh(g, points=None):
    # a copy starts without the replay: its log is replayed from the first move
    return g.copy().table_points_log(points)


def _played(variant, seed, moves, rng):
    """A round of ``variant`` dealt by ``seed`` and played ``moves`` random moves on."""
    g = new_game(variant, seed=seed)
    for _ in range(moves):
        g.play(rng.choice(list(g.legal_moves())))
    return g


def _end_sum_points(layout, rules):
    s = layout.end_sum()
    return s if s and s % 3 == 0 else 0


@pytest.mark.parametrize("points", [None, fives_table_points, _end_sum_points],
                         ids=["own", "fives", "thirds"])
@pytest.mark.parametrize("variant,options", [
    ("muggins", {}), ("muggins", {"pairs": True, "fives": "flat"}), ("telefon", {}),
    ("telefon", {"houses": "every_double", "spinner_opens": "after_sides"}),
    ("sport", {}), ("osyol", {}),
])
def test_the_log_is_the_replay_from_the_start_through_plays_and_undos(variant, options, points):
    # the variant's own hook (none in sport and osyol: an empty log), the fives on any
    # layout, a hook of the test's own: one hook a game, so that its replay is kept
    rules = get_rules(variant).with_options(**options)
    rng = random.Random(5)
    calls = taken_back = several = 0
    for seed in range(8):
        g = new_game(rules, seed=seed)
        while not g.is_over():
            if g.history and rng.random() < 0.3:          # take back one to three moves
                for _ in range(rng.randint(1, min(3, len(g.history)))):
                    taken_back += 1
                    several += len(g.undo().placements) > 1
            else:
                g.play(rng.choice(list(g.legal_moves())))
            assert g.table_points_log(points) == _fresh(g, points), \
                (variant, seed, [str(m) for m in g.history])
            calls += 1
        if points is fives_table_points:
            assert fives_log(g) == _fresh(g, fives_table_points)
    assert calls > 150 and taken_back > 40
    if variant == "telefon":          # several doubles laid in one move, and taken back
        assert several > 0


def test_copies_and_pickles_replay_on_their_own():
    rng = random.Random(1)
    g = _played("muggins", 3, 6, rng)
    log = g.table_points_log()
    c = g.copy()
    back = pickle.loads(pickle.dumps(g))
    g.undo()
    g.undo()
    assert c.table_points_log() == log == back.table_points_log()
    assert g.table_points_log() == [e for e in log if e[0] < len(g.history)]
    c.play(rng.choice(list(c.legal_moves())))
    assert c.table_points_log() == _fresh(c) and g.table_points_log() == _fresh(g)


def test_a_game_asked_with_a_hook_of_its_own_still_pickles_and_copies():
    # the replay holds the hook it was asked with: pickles and copies leave it out
    g = _played("muggins", 3, 5, random.Random(2))
    log = g.table_points_log()
    assert g.table_points_log(lambda layout, rules: layout.end_sum())   # the replay kept last
    for other in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g), g.copy()):
        assert [str(m) for m in other.history] == [str(m) for m in g.history]
        assert other.table_points_log() == log
        other.undo()
        assert other.table_points_log() == _fresh(other) and g.table_points_log() == log


def test_a_hook_that_fails_leaves_no_half_replay():
    g = _played("telefon", 2, 5, random.Random(4))
    n = 0

    def fails_on_the_third(layout, rules):
        nonlocal n
        n += 1
        if n == 3:
            raise RuntimeError("a hook's fault")
        return 5

    with pytest.raises(RuntimeError, match="hook's fault"):
        g.table_points_log(fails_on_the_third)
    # the same hook again (it does not fail now): the whole log, as a replay from the start
    assert g.table_points_log(fails_on_the_third) == _fresh(g, lambda layout, rules: 5)
    assert len(g.table_points_log(fails_on_the_third)) == sum(m.kind == "play" for m in g.history)
