"""The Elo-like rating of a bot ladder (dominolab.games.rating): the fit against its
closed form and against the likelihood itself, recovery of known strengths, the
bootstrap intervals' coverage on simulated ladders, and bad input."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from dominolab.errors import DominoError
from dominolab.games.duplicate import Ladder, PairResult, ladder, mean_interval
from dominolab.games.rating import bradley_terry, ratings


def _fake_ladder(strength: dict[str, float], deals: int, seed: int, ties: float = 0.0):
    """A ladder whose deals are drawn from a Bradley–Terry model with these Elo ratings."""
    rng = random.Random(seed)
    names = list(strength)
    pairs = {}
    for a, b in itertools.combinations(names, 2):
        p = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
        values = []
        for _ in range(deals):
            u = rng.random()
            values.append(0.0 if u < ties else (1.0 if rng.random() < p else -1.0))
        pairs[(a, b)] = PairResult("test", a, b, values, plays=2 * deals)
    field = {nm: mean_interval([0.0, 1.0]) for nm in names}
    return Ladder("test", "test", names, deals, seed, 4, 2, False, pairs, field)


def _loglik(r: dict[str, float], wins: dict[tuple[str, str], float]) -> float:
    total = 0.0
    for (a, b), w in wins.items():
        p = 1 / (1 + 10 ** ((r[b] - r[a]) / 400))
        total += w * math.log(p)
    return total


def test_two_players_closed_form_with_the_prior():
    for w, lost in [(7, 3), (10, 0), (0, 4), (5.5, 4.5)]:
        r = bradley_terry(["a", "b"], {("a", "b"): w, ("b", "a"): lost})
        want = 400 * math.log10((w + 0.5) / (lost + 0.5))
        assert r["a"] - r["b"] == pytest.approx(want, abs=1e-6)
        assert (r["a"] + r["b"]) / 2 == pytest.approx(1500)


def test_the_fit_maximises_the_likelihood():
    """No small change of any rating increases the likelihood (with the prior's games)."""
    rng = random.Random(4)
    names = ["a", "b", "c", "d"]
    wins = {}
    for x, y in itertools.permutations(names, 2):
        wins[(x, y)] = rng.randint(1, 30)
    fit = bradley_terry(names, wins, prior=0)
    best = _loglik(fit, wins)
    for nm, step in itertools.product(names, (-5.0, -0.5, 0.5, 5.0)):
        moved = dict(fit)
        moved[nm] += step
        assert _loglik(moved, wins) <= best + 1e-9


def test_known_strengths_are_recovered_and_the_intervals_cover_them():
    truth = {"weak": 1300.0, "mid": 1500.0, "strong": 1700.0}
    covered = 0
    runs = 12
    for seed in range(runs):
        lad = _fake_ladder(truth, deals=400, seed=seed)
        r = ratings(lad, resamples=100, seed=seed)
        for nm in truth:
            assert abs(r.rating[nm] - truth[nm]) < 90, (seed, nm, r.rating)
        covered += all(lo <= truth[nm] <= hi for nm, (lo, hi) in r.interval.items())
        assert r.rating["strong"] > r.rating["mid"] > r.rating["weak"]
        assert r.expected("strong", "weak") > 0.5 > r.expected("weak", "strong")
    # each of the three 95% intervals covers its truth: all three together most runs
    assert covered >= runs * 0.6, covered


def test_equal_bots_are_rated_alike():
    lad = _fake_ladder({"x": 1500.0, "y": 1500.0}, deals=300, seed=9)
    r = ratings(lad, resamples=100, seed=2)
    for nm, (lo, hi) in r.interval.items():
        assert lo <= 1500 <= hi, (nm, lo, hi)


def test_a_real_ladder_and_its_table():
    lad = ladder("sport", ["random", "heuristic"], deals=20, seed=3)
    r = ratings(lad, resamples=50, seed=1)
    # every deal heuristic won counts; with the prior, the closed form of two players
    v = lad.pairs[("random", "heuristic")].values
    w = sum(1 for x in v if x > 0) + 0.5 * sum(1 for x in v if x == 0)
    lost = len(v) - w
    assert r.rating["random"] - r.rating["heuristic"] == pytest.approx(
        400 * math.log10((w + 0.5) / (lost + 0.5)), abs=1e-6)
    text = r.table()
    assert "Bradley–Terry" in text and "heuristic" in text.splitlines()[4]


def test_bad_input():
    lad = _fake_ladder({"x": 1500.0, "y": 1500.0}, deals=10, seed=1)
    with pytest.raises(DominoError, match="resamples"):
        ratings(lad, resamples=5)
    with pytest.raises(DominoError, match="unknown pair"):
        bradley_terry(["a", "b"], {("a", "c"): 1})
    with pytest.raises(DominoError, match="a count"):
        bradley_terry(["a", "b"], {("a", "b"): float("nan")})
    with pytest.raises(DominoError, match="no rating"):
        bradley_terry(["a", "b"], {("a", "b"): 3, ("b", "a"): 0}, prior=0)
