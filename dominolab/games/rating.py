"""An Elo-like rating of a bot ladder, with intervals: Bradley–Terry on the deals won.

A duplicate ladder (:func:`~dominolab.games.duplicate.ladder`) plays every pair of
bots on the same deals. Each deal of a pair is a game the pair's first bot won
(its margin over the seatings above 0), lost (below 0) or halved (0). The
Bradley–Terry model gives each bot a strength ``p`` with
``P(i beats j) = p_i / (p_i + p_j)``; on the Elo scale a rating is
``400·log10(p)``, so 400 points more means winning 10 deals to 1. The ratings
are the model's maximum-likelihood fit, shifted so that the ladder's mean is
1500 (only differences mean anything).

- **Ties** count half a win to each side (the usual reading in rating systems); where
  many deals are halved this pulls the ratings together (a halved deal says the two
  are alike), so compare ratings within one variant, not across variants.
- **A prior of one halved deal per pair** keeps a bot that won (or lost) every
  deal at a finite rating: without it the maximum-likelihood fit does not exist.
  With hundreds of deals per pair it moves a rating by a few points at most.
- **Intervals**: the deals are resampled with replacement (the same deal indices
  for every pair, since every pair played the same deals) and the ratings refitted,
  ``resamples`` times; the 2.5% and 97.5% quantiles of each bot's rating are its 95%
  interval (a percentile bootstrap).

The fit is the minorisation–maximisation iteration of Hunter (2004), "MM algorithms
for generalized Bradley–Terry models", *Annals of Statistics* 32: a few lines here;
no library of ours' dependencies fits Bradley–Terry (networkx and sympy do not, and
numpy/scipy are not dependencies of the package).

>>> from dominolab.games.duplicate import ladder
>>> lad = ladder("sport", ["random", "greedy"], deals=30, seed=2)
>>> r = ratings(lad, resamples=50, seed=1)
>>> sorted(r.rating) == ["greedy", "random"], round(sum(r.rating.values()) / 2)
(True, 1500)
>>> r.interval["greedy"][0] <= r.rating["greedy"] <= r.interval["greedy"][1]
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import DominoError
from ..limits import whole_number
from .duplicate import Ladder

__all__ = ["Ratings", "ratings", "bradley_terry", "MAX_RESAMPLES"]

#: the most bootstrap resamples one call may ask for
MAX_RESAMPLES = 5_000
#: the rating the ladder's mean is put at
MEAN = 1500.0
_SCALE = 400.0 / math.log(10.0)


def bradley_terry(names: Sequence[str], wins: Mapping[tuple[str, str], float],
                  prior: float = 0.5, iterations: int = 10_000,
                  tolerance: float = 1e-9) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) fitted to ``wins[(a, b)]``: the games ``a`` won
    against ``b`` (halves allowed). ``prior`` games are won by each side of every pair
    that played (one halved game, by default), so the fit always exists.

    Two players: the fit is the ratio of their wins, in closed form.

    >>> r = bradley_terry(["a", "b"], {("a", "b"): 9.5, ("b", "a"): 0.5}, prior=0)
    >>> round(r["a"] - r["b"], 6) == round(400 * math.log10(9.5 / 0.5), 6)
    True
    """
    idx = {nm: k for k, nm in enumerate(names)}
    n = len(names)
    games = [[0.0] * n for _ in range(n)]
    won = [0.0] * n
    for (a, b), w in wins.items():
        if a not in idx or b not in idx or a == b:
            raise DominoError(f"wins name an unknown pair ({a!r}, {b!r})")
        if not (w >= 0 and math.isfinite(w)):
            raise DominoError(f"wins of {a} against {b} are a count, not {w!r}")
        i, j = idx[a], idx[b]
        games[i][j] += w
        games[j][i] += w
        won[i] += w
    for i in range(n):
        for j in range(i + 1, n):
            if games[i][j] > 0 and prior > 0:
                games[i][j] += 2 * prior
                games[j][i] += 2 * prior
                won[i] += prior
                won[j] += prior
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            new.append(won[i] / denom if denom > 0 else p[i])
        if any(x <= 0 for x in new):
            raise DominoError("a player with no win and no prior has no rating: "
                              "use prior > 0")
        g = math.exp(sum(math.log(x) for x in new) / n)   # geometric mean 1
        new = [x / g for x in new]
        done = max(abs(math.log(x) - math.log(y)) for x, y in zip(new, p)) < tolerance
        p = new
        if done:
            break
    return {nm: MEAN + _SCALE * math.log(p[idx[nm]]) for nm in names}


@dataclass
class Ratings:
    """Each bot's rating and its 95% bootstrap interval; ``deals`` per pair."""

    variant: str
    rating: dict[str, float]
    interval: dict[str, tuple[float, float]]
    deals: int
    resamples: int

    def expected(self, a: str, b: str) -> float:
        """The share of deals ``a`` is expected to win against ``b`` (ties as halves)."""
        return 1.0 / (1.0 + 10 ** ((self.rating[b] - self.rating[a]) / 400.0))

    def table(self) -> str:
        lines = [f"Elo-like rating: Bradley–Terry on deals won (a halved deal counts half), "
                 f"mean {MEAN:.0f} (only differences mean anything: +400 wins 10 deals to 1);",
                 f"95% percentile-bootstrap interval over the {self.deals} deals "
                 f"({self.resamples} resamples)",
                 "",
                 f"{'bot':<14}{'rating':>8}{'95% interval':>20}"]
        for nm in sorted(self.rating, key=lambda k: -self.rating[k]):
            lo, hi = self.interval[nm]
            lines.append(f"{nm:<14}{self.rating[nm]:>8.0f}{f'[{lo:.0f}, {hi:.0f}]':>20}")
        return "\n".join(lines)


def _wins(lad: Ladder, picks: Sequence[int]) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for (a, b), r in lad.pairs.items():
        wa = wb = 0.0
        for i in picks:
            v = r.values[i]
            if v > 0:
                wa += 1
            elif v < 0:
                wb += 1
            else:
                wa += 0.5
                wb += 0.5
        out[(a, b)] = wa
        out[(b, a)] = wb
    return out


def ratings(lad: Ladder, resamples: int = 200, seed: int = 1) -> Ratings:
    """The ladder's Elo-like ratings with 95% bootstrap intervals (see the module)."""
    resamples = whole_number(resamples, "resamples", low=20, high=MAX_RESAMPLES,
                             error=DominoError)
    deals = lad.deals
    every = range(deals)
    point = bradley_terry(lad.bots, _wins(lad, every))
    rng = random.Random(seed)
    boot: dict[str, list[float]] = {nm: [] for nm in lad.bots}
    for _ in range(resamples):
        picks = [rng.randrange(deals) for _ in every]
        for nm, v in bradley_terry(lad.bots, _wins(lad, picks)).items():
            boot[nm].append(v)
    interval = {}
    for nm, vs in boot.items():
        vs.sort()
        lo = vs[int(0.025 * (len(vs) - 1))]
        hi = vs[math.ceil(0.975 * (len(vs) - 1))]
        interval[nm] = (lo, hi)
    return Ratings(lad.variant, point, interval, deals, resamples)
