"""Duplicate tournaments: bots compared on the same deals with the seats swapped,
as points per deal with 95% confidence intervals.

**Duplicate play.** A comparison of two bots, *first* and *second*, deals
``deals`` rounds from a seed. Every deal is played once for each *seating*:
the sides of the table (the pairs in a pair game, each player in an
individual game) alternate first, second, first, … and every rotation of
that pattern and of its swap is played, so each bot holds every hand of the
deal, leads when that hand leads, and sits at every side equally often. The
luck of the deal then cancels: what is left is the difference the bots make.

**The figure.** For one play, the first bot's *margin* is the mean points of
its sides minus the mean points of the second bot's sides (in a penalty game,
Kozel's goat penalties, the sign is turned: the second bot's penalties minus
the first's, so a positive margin always means "the first bot did better").
A deal's value is its margin averaged over the seatings; the figure reported
is the mean over deals, with a **95% Student t-interval over the deals**
(the deals are independent draws; the seatings within a deal are not, which
is why they are averaged first). With two copies of the same bot the deal
values are symmetric about 0, so the interval should cover 0 in 95% of
repeats. Measured with the random bot in Kozel pairs
(``python benchmarks/bench_bots.py --coverage R --coverage-deals N``): 93.9%
of 1000 repeats of 30 deals (a little short: the t-interval assumes more
normal deal values than so few deals give), 95.8% of 400 repeats of 100 deals.

**A ladder** plays every pair of bots on the same deals; a bot's score
*against the field* is, for each deal, its margin averaged over its
opponents, with the t-interval over deals again.

Every bot is built afresh for each play from its seed (a name from
:data:`~dominolab.games.bots.BOTS` or a function ``seed -> Bot``), so a
tournament is reproducible from its seed.

>>> r = duplicate("kozel", "greedy", "greedy", deals=6, seed=3)
>>> r.plays, len(r.values)          # two seatings per deal in a pair game
(12, 6)
>>> duplicate("kozel", "greedy", "greedy", deals=6, seed=3).values == r.values
True
>>> seatings(2)                      # sides: first bot 0, second bot 1
[(0, 1), (1, 0)]
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import DominoError
from ..limits import short_repr, whole_number
from .bots import BOTS, Bot, play_out
from .rules import RoundResult, Rules
from .setup import get_rules, new_game

__all__ = ["Interval", "PairResult", "Ladder", "mean_interval", "t_quantile", "seatings",
           "duplicate", "ladder", "match_chance", "MAX_DEALS", "MAX_LADDER_BOTS",
           "MAX_MATCHES"]

#: The most deals one comparison plays (each deal is played two or more times).
MAX_DEALS = 100_000
#: The most bots a ladder compares (every pair plays: n(n-1)/2 comparisons).
MAX_LADDER_BOTS = 8

BotSpec = str | Callable[[int], Bot]


# ----------------------------------------------------------------------------
# the interval
# ----------------------------------------------------------------------------

def _t_cdf(t: float, df: int) -> float:
    """Student's t distribution function for a whole number of degrees of freedom,
    by the closed forms in θ = atan(t/√df) (Abramowitz & Stegun, 26.7.3–4).

    Hand-written: numpy/scipy are not dependencies of the package, and the standard
    library's ``statistics`` has the normal distribution but not Student's t.
    """
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2 == 1:
        term, acc = 1.0, 0.0
        if df > 1:
            acc = term = 1.0
            for k in range(1, (df - 3) // 2 + 1):
                term *= c2 * (2 * k) / (2 * k + 1)
                acc += term
            acc *= s * math.cos(theta)
        return 0.5 + (theta + acc) / math.pi
    acc = term = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        acc += term
    return 0.5 + 0.5 * s * acc


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom: bisection on
    the exact distribution function up to 200 degrees, above that the normal quantile
    with its first two Cornish–Fisher corrections (their error there is below 1e-6).

    >>> round(t_quantile(0.975, 10), 4), round(t_quantile(0.975, 1), 3)
    (2.2281, 12.706)
    """
    if not 0 < p < 1:
        raise DominoError(f"a quantile's probability is strictly between 0 and 1, not {p!r}")
    df = whole_number(df, "degrees of freedom", low=1, high=None, error=DominoError)
    if df > 200:
        z = statistics.NormalDist().inv_cdf(p)
        return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
    lo, hi = -1e6, 1e6
    for _ in range(200):
        mid = (lo + hi) / 2
        if _t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-10:
            break
    return (lo + hi) / 2


@dataclass(frozen=True)
class Interval:
    """A mean with its confidence interval: ``low <= mean <= high`` at ``level``."""

    mean: float
    low: float
    high: float
    n: int
    level: float = 0.95

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    @property
    def verdict(self) -> str:
        """"better" / "worse" when the interval excludes 0, else "no difference shown"."""
        if self.low > 0:
            return "better"
        if self.high < 0:
            return "worse"
        return "no difference shown"

    def __str__(self) -> str:
        return f"{self.mean:+.2f} ± {self.half_width:.2f}"


def mean_interval(values: Sequence[float], level: float = 0.95) -> Interval:
    """The mean of ``values`` with its Student t-interval (independent values assumed).

    >>> i = mean_interval([1.0, 2.0, 3.0, 4.0])
    >>> i.mean, round(i.low, 3), round(i.high, 3)
    (2.5, 0.446, 4.554)
    """
    n = len(values)
    if n < 2:
        raise DominoError(f"an interval needs at least 2 values, got {n}")
    if not 0 < level < 1:
        raise DominoError(f"a confidence level is strictly between 0 and 1, not {level!r}")
    m = statistics.fmean(values)
    half = t_quantile(0.5 + level / 2, n - 1) * statistics.stdev(values) / math.sqrt(n)
    return Interval(m, m - half, m + half, n, level)


# ----------------------------------------------------------------------------
# seatings and margins
# ----------------------------------------------------------------------------

def seatings(sides: int) -> list[tuple[int, ...]]:
    """The seatings of two bots over ``sides`` sides: 0 = the first bot, 1 = the second.

    The alternating pattern 0, 1, 0, … and every rotation of it and of its swap,
    without repeats: each side holds each bot equally often.

    >>> seatings(4), len(seatings(3))
    ([(0, 1, 0, 1), (1, 0, 1, 0)], 6)
    """
    sides = whole_number(sides, "sides", low=2, high=64, error=DominoError)
    base = tuple(i % 2 for i in range(sides))
    out: list[tuple[int, ...]] = []
    for pattern in (base, tuple(1 - x for x in base)):
        for r in range(sides):
            rot = pattern[r:] + pattern[:r]
            if rot not in out:
                out.append(rot)
    return out


def margin(result: RoundResult, seating: Sequence[int], penalties: bool) -> float:
    """The first bot's margin in one play: mean points of its sides minus the second's
    (penalties: the other way round), ``seating[t]`` being the bot of team ``t``."""
    pts = [result.team_points[t] if t < len(result.team_points) else 0
           for t in range(len(seating))]
    first = [p for p, who in zip(pts, seating) if who == 0]
    second = [p for p, who in zip(pts, seating) if who == 1]
    m = statistics.fmean(first) - statistics.fmean(second)
    return -m if penalties else m


# ----------------------------------------------------------------------------
# comparisons
# ----------------------------------------------------------------------------

def _factory(spec: BotSpec, where: str) -> tuple[str, Callable[[int], Bot]]:
    if isinstance(spec, str):
        cls = BOTS.get(spec)
        if cls is None:
            raise DominoError(f"{where}: unknown bot {short_repr(spec)}; bots: "
                              f"{', '.join(BOTS)}")
        return spec, lambda s, cls=cls: cls(seed=s)
    if callable(spec):
        name = getattr(spec, "label", None) or getattr(spec, "name", None) \
            or getattr(getattr(spec, "func", None), "name", None) or "bot"
        return str(name), spec
    raise DominoError(f"{where}: a bot is a name ({', '.join(BOTS)}) or a function "
                      f"seed -> Bot, not {short_repr(spec)}")


@dataclass
class PairResult:
    """The first bot against the second over ``deals`` duplicate deals.

    ``values[i]`` is deal ``i``'s margin for the first bot (averaged over the
    seatings), ``interval`` their mean with its 95% t-interval, ``plays`` the
    rounds played, ``first_won``/``second_won`` the plays each bot's side won.
    """

    variant: str
    first: str
    second: str
    values: list[float]
    plays: int
    first_won: int = 0
    second_won: int = 0
    seed: int = 1
    penalties: bool = False
    #: every play's (first bot's points, second bot's points): mean over each bot's sides
    points: list[tuple[float, float]] = field(default_factory=list)

    @property
    def interval(self) -> Interval:
        """The mean margin per deal with its 95% t-interval over the deals."""
        return mean_interval(self.values)

    def __str__(self) -> str:
        iv = self.interval
        return (f"{self.first} vs {self.second}: {iv}  [{iv.low:+.2f}, {iv.high:+.2f}] "
                f"points per deal ({len(self.values)} deals)")


def _deal_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def duplicate(variant: str | Rules, first: BotSpec, second: BotSpec, deals: int = 200,
              seed: int = 1, players: int | None = None,
              progress: Callable[[int], None] | None = None, *,
              deal_seeds: Sequence[int] | None = None, **options: Any) -> PairResult:
    """Play ``first`` against ``second`` on ``deals`` seeded deals, every seating each.

    ``progress(k)`` is called with the plays done so far. ``deal_seeds`` (for
    :func:`ladder`) gives the deals' seeds instead of ``seed``'s own.
    """
    rules = get_rules(variant, **options)
    deals = whole_number(deals, "deals", low=2, high=MAX_DEALS, error=DominoError)
    seed = whole_number(seed, "seed", low=0, high=2 ** 62, error=DominoError)
    n = players or rules.default_players
    rules.hand_size(n)
    name1, make1 = _factory(first, "the first bot")
    name2, make2 = _factory(second, "the second bot")
    makers = (make1, make2)
    teams = rules.teams_for(n)
    plans = seatings(len(teams))
    seeds = list(deal_seeds) if deal_seeds is not None else \
        [_deal_seed(seed, i) for i in range(deals)]
    values: list[float] = []
    points: list[tuple[float, float]] = []
    won = [0, 0]
    done = 0
    for i, ds in enumerate(seeds[:deals]):
        total = 0.0
        for j, plan in enumerate(plans):
            g = new_game(rules, players=n, seed=ds)
            team_of = g.team_of
            seat_bots = [makers[plan[team_of[s]]](ds * 64 + j * 8 + s) for s in range(n)]
            res = play_out(g, seat_bots)
            total += margin(res, plan, rules.penalties)
            pts = [res.team_points[t] if t < len(res.team_points) else 0
                   for t in range(len(plan))]
            points.append((statistics.fmean(p for p, w in zip(pts, plan) if w == 0),
                           statistics.fmean(p for p, w in zip(pts, plan) if w == 1)))
            if res.winning_team is not None and res.winning_team < len(plan):
                won[plan[res.winning_team]] += 1
            done += 1
            if progress is not None:
                progress(done)
        values.append(total / len(plans))
    return PairResult(rules.name, name1, name2, values, done, won[0], won[1], seed,
                      rules.penalties, points)


#: The most matches :func:`match_chance` simulates, and the most rounds one may last.
MAX_MATCHES = 100_000
MAX_MATCH_ROUNDS = 10_000


def match_chance(result: PairResult, target: int, matches: int = 2000,
                 seed: int = 1) -> Interval:
    """The first bot's chance to win a match to ``target`` points (in a penalty game: to
    make the other side reach ``target`` first), by simulation from the per-round
    distribution of ``result``'s plays: each simulated round is one of its plays drawn
    at random. The match rules beyond the target (eggs, thresholds, titles) are not
    simulated. A match both sides finish in the same round goes to the better total, a
    level one counts half. The interval is Wilson's 95% score interval for the rate;
    it covers the simulation's noise, not that of the plays drawn from.

    >>> r = duplicate("sport", "heuristic", "random", deals=10, seed=2)
    >>> c = match_chance(r, 101, matches=200)
    >>> 0 <= c.low <= c.mean <= c.high <= 1
    True
    """
    target = whole_number(target, "target (points of a match)", low=1, high=10_000,
                          error=DominoError)
    matches = whole_number(matches, "matches", low=1, high=MAX_MATCHES, error=DominoError)
    plays = result.points
    if not plays or all(a <= 0 and b <= 0 for a, b in plays):
        raise DominoError(f"{result.first} vs {result.second}: no play scored, so no match "
                          f"to {target} can end")
    rng = random.Random(seed)
    wins = 0.0
    for _ in range(matches):
        a = b = 0.0
        for _r in range(MAX_MATCH_ROUNDS):
            x, y = plays[rng.randrange(len(plays))]
            a += x
            b += y
            if a >= target or b >= target:
                break
        else:
            raise DominoError(f"a simulated match to {target} lasted {MAX_MATCH_ROUNDS} rounds")
        first_ahead = a > b if not result.penalties else a < b
        wins += 1.0 if first_ahead else 0.5 if a == b else 0.0
    p = wins / matches
    z = statistics.NormalDist().inv_cdf(0.975)
    centre = (p + z * z / (2 * matches)) / (1 + z * z / matches)
    half = z * math.sqrt(p * (1 - p) / matches + z * z / (4 * matches ** 2)) / (1 + z * z / matches)
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half), matches)


@dataclass
class Ladder:
    """Every pair of ``bots`` on the same deals: ``pairs[(a, b)]`` (a before b in the
    list), and each bot's margin against the field with its interval."""

    variant: str
    title: str
    bots: list[str]
    deals: int
    seed: int
    players: int
    seatings: int
    penalties: bool
    pairs: dict[tuple[str, str], PairResult]
    field: dict[str, Interval]

    def table(self) -> str:
        """The ladder as text: the field scores (best first), then every pair."""
        kind = "penalties (sign turned: + is fewer)" if self.penalties else "points"
        lines = [f"{self.title}: duplicate tournament, {self.deals} deals × {self.seatings} "
                 f"seatings, {self.players} players, seed {self.seed}",
                 f"margin = {kind} per deal for the first bot; 95% t-interval over deals",
                 "",
                 f"{'bot':<14}{'vs the field':>14}{'95% interval':>22}"]
        order = sorted(self.bots, key=lambda b: -self.field[b].mean)
        for b in order:
            iv = self.field[b]
            lines.append(f"{b:<14}{iv.mean:>+14.2f}{f'[{iv.low:+.2f}, {iv.high:+.2f}]':>22}")
        lines += ["", f"{'pair':<28}{'margin':>10}{'95% interval':>22}  verdict"]
        for (a, b), r in self.pairs.items():
            pv = r.interval
            lines.append(f"{a + ' vs ' + b:<28}{pv.mean:>+10.2f}"
                         f"{f'[{pv.low:+.2f}, {pv.high:+.2f}]':>22}  {a} {pv.verdict}")
        return "\n".join(lines)


def ladder(variant: str | Rules, bots: Sequence[BotSpec], deals: int = 200, seed: int = 1,
           players: int | None = None, progress: Callable[[int], None] | None = None,
           **options: Any) -> Ladder:
    """Every pair of ``bots`` (names or ``seed -> Bot`` functions, distinct names) in
    duplicate play on the same ``deals`` deals; ``progress(k)`` counts plays.

    >>> lad = ladder("sport", ["random", "greedy"], deals=4, seed=2)
    >>> list(lad.pairs), sorted(lad.field)
    ([('random', 'greedy')], ['greedy', 'random'])
    """
    rules = get_rules(variant, **options)
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise DominoError(f"bots are a list of bots, not {short_repr(bots)}")
    if not 2 <= len(bots) <= MAX_LADDER_BOTS:
        raise DominoError(f"a ladder compares 2 to {MAX_LADDER_BOTS} bots, not {len(bots)}")
    named = [_factory(b, f"bot {i + 1}") for i, b in enumerate(bots)]
    names = [nm for nm, _ in named]
    if len(set(names)) != len(names):
        raise DominoError(f"the bots' names repeat ({', '.join(names)}); give each its own")
    deals = whole_number(deals, "deals", low=2, high=MAX_DEALS, error=DominoError)
    seed = whole_number(seed, "seed", low=0, high=2 ** 62, error=DominoError)
    n = players or rules.default_players
    rules.hand_size(n)
    seeds = [_deal_seed(seed, i) for i in range(deals)]
    per_deal: dict[str, list[list[float]]] = {nm: [[] for _ in range(deals)] for nm in names}
    pairs: dict[tuple[str, str], PairResult] = {}
    done = [0]
    plans = len(seatings(len(rules.teams_for(n))))
    for x in range(len(named)):
        for y in range(x + 1, len(named)):
            base = done[0]

            def report(k: int, base: int = base) -> None:
                done[0] = base + k
                if progress is not None:
                    progress(done[0])

            r = duplicate(rules, named[x][1], named[y][1], deals, seed, n, report,
                          deal_seeds=seeds)
            r.first, r.second = names[x], names[y]
            pairs[(names[x], names[y])] = r
            for i, v in enumerate(r.values):
                per_deal[names[x]][i].append(v)
                per_deal[names[y]][i].append(-v)
    field_iv = {nm: mean_interval([statistics.fmean(v) for v in per_deal[nm]]) for nm in names}
    return Ladder(rules.name, rules.title, names, deals, seed, n, plans, rules.penalties,
                  pairs, field_iv)
