"""Exact expected values of every Pai Gow hand against a banker who sets by the house way.

A deal gives the player four of the 32 tiles and the banker four of the other 28:
C(32, 4) · C(28, 4) = 35,960 · 20,475 = 736,281,000 equally likely deals. The banker
sets by the house way (:mod:`~dominolab.chinese.houseway`); for each of the player's
3,620 distinct hands and each of its (at most three) settings this module counts, exactly,
the banker hands it beats, pushes and loses to. The player's *optimal* setting is the
one with the highest expected value at the given commission (paid on wins).

How the counting stays fast: the banker hands that avoid the player's four tiles S are
counted by inclusion–exclusion over the subsets T of S,

    N(S) = Σ_{T ⊆ S} (−1)^|T| · #{4-tile hands ⊇ T with the property},

where the terms for |T| ≤ 2 depend only on the kinds in T (153 cases) and are read from
cumulative tables over the banker's (low, high) values, built once; the terms for |T| = 3
and 4 are the 29 and 1 hands that contain T, counted directly. A per-hand brute force
(:func:`brute_counts`, every one of the 20,475 banker hands) checks it in the tests.

Both sides on the house way give the edges the casino literature publishes (the Wizard
of Odds, «Pai Gow Tiles» FAQ: player 2.3896% and banker 0.7377% at a 5% commission, both
sides on one house way):

>>> t = ev_table()                  # the 3,620 hands at 5%: a few seconds, then cached
>>> t.hands, round(float(t.player_edge_house), 4), round(float(t.banker_edge_house), 4)
(35960, 0.0242, 0.0057)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, combinations
import math
import re
from math import comb, prod
from operator import add

from ..errors import DominoError, ParseError
from ..limits import short_repr
from .houseway import house_way, house_way_kinds
from .paigow import (
    DISTINCT_RANKS,
    KINDS,
    Copies,
    Split,
    _four,
    _settle,
    all_kind_hands,
    hand_rank,
    kind_splits,
)
from .tiles import CHINESE_SET, ChineseTile

__all__ = ["HandValue", "EVTable", "ev_table", "hand_value", "brute_counts", "setting_counts",
           "parse_commission",
           "PUBLISHED_EDGES", "BANKER_HANDS", "DEALS"]

#: the banker's hands once the player has four tiles: C(28, 4)
BANKER_HANDS = comb(28, 4)
#: every deal of four tiles to each side: C(32, 4) · C(28, 4)
DEALS = comb(32, 4) * BANKER_HANDS

#: the Wizard of Odds, «Pai Gow Tiles» FAQ: house edges with player and dealer on the
#: same house way, at 5% and 4% commission: {commission: (player, banker)}
PUBLISHED_EDGES = {Fraction(1, 20): (Fraction("0.023896"), Fraction("0.007377")),
                   Fraction(1, 25): (Fraction("0.020811"), Fraction("0.004207"))}

_R = DISTINCT_RANKS + 1                   # side of a cumulative table
KindSplit = tuple[int, int, int, int]


def _weight(kinds: Iterable[int], fixed: tuple[int, ...] = ()) -> int:
    """Physical hands of class ``kinds`` containing the given (fixed) tiles of ``fixed``."""
    counts = [0] * KINDS
    for k in kinds:
        counts[k] += 1
    for k in fixed:
        counts[k] -= 1
        if counts[k] < 0:
            return 0
    need = [0] * KINDS
    for k in fixed:
        need[k] += 1
    return prod(comb(2 - need[k], counts[k]) for k in range(KINDS) if counts[k])


#: a way of setting four kinds: kinds -> (low a, low b, high a, high b)
Way = Callable[[Sequence[int]], KindSplit]


@lru_cache(maxsize=4)
def _banker(way: Way = house_way_kinds) -> dict[tuple[int, ...], tuple[int, int]]:
    """Each of the 3,620 classes -> the banker's (low rank, high rank) by ``way``."""
    out = {}
    for kinds in all_kind_hands(4):
        la, lb, ha, hb = way(kinds)
        out[kinds] = (hand_rank(la, lb), hand_rank(ha, hb))
    return out


@lru_cache(maxsize=4)
def _tables(way: Way = house_way_kinds) -> dict[tuple[int, ...], array]:
    """Cumulative tables P_T[i*R + j] = #{hands ⊇ T : banker low < i, banker high < j}
    for every kind multiset T of 0, 1 or 2 tiles."""
    banker = _banker(way)
    keys: list[tuple[int, ...]] = [()] + [(k,) for k in range(KINDS)] + sorted(
        set(combinations([k for k in range(KINDS) for _ in range(2)], 2)))
    tables = {t: array("q", bytes(8 * _R * _R)) for t in keys}
    # a class holds only the T among its own sub-multisets (at most 11 of the 154): each
    # class adds its weight to those tables alone (every other T weighs 0 in it)
    for kinds, (bl, bh) in banker.items():
        at = (bl + 1) * _R + bh + 1
        for t in {t for _sign, t in _small_subsets(kinds)}:
            tables[t][at] += _weight(kinds, t)
    for grid in tables.values():
        for i in range(1, _R):                   # 2-D running sums, a row at a time
            row, above = i * _R, (i - 1) * _R
            grid[row + 1:row + _R] = array("q", map(add, grid[above + 1:above + _R],
                                                    accumulate(grid[row + 1:row + _R])))
    return tables


def _direct(player: tuple[int, ...], way: Way) -> list[tuple[int, int, int]]:
    """The |T| = 3 and 4 terms for the player's kinds: (signed count, bl, bh) entries."""
    banker = _banker(way)
    out: list[tuple[int, int, int]] = [(1, *banker[player])]       # T = S: the hand S
    for drop in range(4):
        t = player[:drop] + player[drop + 1:]
        for k in range(KINDS):
            free = 2 - t.count(k)
            if free:
                out.append((-free, *banker[tuple(sorted(t + (k,)))]))
    return out


def _small_subsets(player: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """The subsets T of S with |T| <= 2, as (sign, kinds), one per subset of positions."""
    out: list[tuple[int, tuple[int, ...]]] = [(1, ())]
    out += [(-1, (k,)) for k in player]
    out += [(1, tuple(sorted((player[i], player[j])))) for i, j in combinations(range(4), 2)]
    return out


def _counts(player: tuple[int, ...], splits: list[KindSplit], copies: Copies,
            way: Way = house_way_kinds) -> list[tuple[int, int, int]]:
    """(wins, pushes, losses) over the 20,475 banker hands, one triple per split."""
    tables = _tables(way)
    small = [(sign, tables[t]) for sign, t in _small_subsets(player)]
    direct = _direct(player, way)
    last = (_R - 1) * _R
    total = sum(sign * grid[last + _R - 1] for sign, grid in small) + sum(c for c, _, _ in direct)
    if total != BANKER_HANDS:           # inclusion–exclusion must leave exactly C(28, 4)
        raise AssertionError(f"{total} banker hands for {player}, not {BANKER_HANDS}")
    out = []
    for la, lb, ha, hb in splits:
        pl, ph = hand_rank(la, lb), hand_rank(ha, hb)
        ql, qh = (pl, ph) if copies == "banker" else (pl + 1, ph + 1)   # losses from here up
        win = loss = 0
        for sign, g in small:
            win += sign * g[pl * _R + ph]
            loss += sign * (g[last + _R - 1] - g[ql * _R + _R - 1] - g[last + qh] + g[ql * _R + qh])
        for c, bl, bh in direct:
            if bl < pl and bh < ph:
                win += c
            elif bl >= ql and bh >= qh:
                loss += c
        out.append((win, BANKER_HANDS - win - loss, loss))
    return out


def _ev(counts: tuple[int, int, int], commission: Fraction) -> Fraction:
    win, _, loss = counts
    return Fraction(win * (1 - commission) - loss, BANKER_HANDS)


def _tiles_of(kinds: tuple[int, ...]) -> tuple[ChineseTile, ...]:
    """A representative hand of real tiles for a class of kinds."""
    pool = list(CHINESE_SET.tiles)
    out = []
    for k in kinds:
        t = next(t for t in pool if t.pair == k)
        pool.remove(t)
        out.append(t)
    return tuple(sorted(out))


def _split_of(kinds: tuple[int, ...], s: KindSplit) -> Split:
    tiles = list(_tiles_of(kinds))

    def take(k: int) -> ChineseTile:
        t = next(t for t in tiles if t.pair == k)
        tiles.remove(t)
        return t
    return Split((take(s[0]), take(s[1])), (take(s[2]), take(s[3])))


@dataclass(frozen=True)
class HandValue:
    """One distinct hand: how often it is dealt and what its settings are worth.

    Counts are over the 20,475 banker hands; ``weight`` is how many of the 35,960 hands
    of real tiles are this hand. The house-way setting is ``house``; the player's optimal
    setting (the highest expected value at ``commission``) is ``best``.
    """

    kinds: tuple[int, ...]
    weight: int
    commission: Fraction
    house: KindSplit
    house_counts: tuple[int, int, int]
    best: KindSplit
    best_counts: tuple[int, int, int]

    @property
    def tiles(self) -> tuple[ChineseTile, ...]:
        return _tiles_of(self.kinds)

    @property
    def house_split(self) -> Split:
        return _split_of(self.kinds, self.house)

    @property
    def best_split(self) -> Split:
        return _split_of(self.kinds, self.best)

    @property
    def house_ev(self) -> Fraction:
        """Expected result per unit bet when the player sets by the house way."""
        return _ev(self.house_counts, self.commission)

    @property
    def best_ev(self) -> Fraction:
        """Expected result per unit bet with the optimal setting."""
        return _ev(self.best_counts, self.commission)

    @property
    def differs(self) -> bool:
        """Whether the optimal setting beats the house way's (strictly)."""
        return self.best_ev > self.house_ev


def _value(kinds: tuple[int, ...], commission: Fraction, copies: Copies,
           way: Way = house_way_kinds) -> HandValue:
    options = kind_splits(kinds)
    hw = way(kinds)
    house = next(s for s in options if sorted(s[:2]) == sorted(hw[:2])
                 and sorted(s[2:]) == sorted(hw[2:]))
    counts = _counts(kinds, options, copies, way)
    by_split = dict(zip(options, counts))
    best = max(options, key=lambda s: (_ev(by_split[s], commission), s == house))
    return HandValue(kinds, _weight(kinds), commission, house, by_split[house], best,
                     by_split[best])


def hand_value(tiles: Iterable[object], commission: Fraction | str | float = Fraction(1, 20),
               copies: Copies = "banker") -> HandValue:
    """The exact value of one four-tile hand against a house-way banker.

    >>> v = hand_value("6:6 6:6 4:5 3:6".split())
    >>> v.house_split.high.name, v.house_counts, v.best_ev == v.house_ev
    ('pair of Teen', (20105, 360, 10), True)
    """
    kinds = tuple(sorted(t.pair for t in _four(tiles)))
    return _value(kinds, _commission(commission), copies)


def setting_counts(tiles: Iterable[object], split: Split, copies: Copies = "banker"
                   ) -> tuple[int, int, int]:
    """(wins, pushes, losses) of one setting of four tiles over the 20,475 banker hands.

    >>> from dominolab.chinese import Split
    >>> setting_counts("6:6 6:6 4:5 3:6".split(), Split(["6:6", "4:5"], ["6:6", "3:6"]))
    (16236, 4148, 91)
    """
    kinds = tuple(sorted(t.pair for t in _four(tiles)))
    if tuple(sorted(split.low.kinds + split.high.kinds)) != kinds:
        raise DominoError(f"the setting {split} does not use the tiles {' '.join(map(str, tiles))}")
    s = (*sorted(split.low.kinds), *sorted(split.high.kinds))
    return _counts(kinds, [s], copies)[0]  # type: ignore[list-item]


def parse_commission(text: str) -> Fraction:
    """A commission from text: ``0.05``, ``5%`` or ``1/20``.

    >>> parse_commission("5%") == parse_commission("1/20") == Fraction(1, 20)
    True
    """
    raw = text.strip() if isinstance(text, str) else ""
    # Decimal, percent or a fraction in ASCII digits only: Fraction() alone would also take
    # exponents ("1e99999999999" is a hang) and other scripts' digits.
    m = re.fullmatch(r"([0-9]{1,12})(?:\.([0-9]{1,12}))?(%?)|([0-9]{1,12})/([0-9]{1,12})", raw)
    if not m or (m.group(5) is not None and int(m.group(5)) == 0):
        raise ParseError(f"cannot read a commission from {short_repr(text)}: "
                         "write 0.05, 5% or 1/20", str(text)[:40])
    if m.group(4) is not None:
        c = Fraction(int(m.group(4)), int(m.group(5)))
    else:
        c = Fraction(m.group(1) + "." + (m.group(2) or "0"))
        if m.group(3):
            c /= 100
    return _commission(c)


def _commission(value: Fraction | str | float) -> Fraction:
    if isinstance(value, str):
        return parse_commission(value)
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise ParseError(f"a commission is a number from 0 up to 1, not {short_repr(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ParseError(f"a commission is a number from 0 up to 1, not {value}")
    c = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    if not 0 <= c < 1:
        raise ParseError(f"a commission is from 0 up to 1 (0.05 is 5%), not {short_repr(value)}")
    return c


@dataclass(frozen=True)
class EVTable:
    """The expected value of each of the 3,620 distinct hands, and the edges they give."""

    rows: tuple[HandValue, ...]
    commission: Fraction
    copies: str

    def _prob(self, attr: str) -> tuple[Fraction, Fraction, Fraction]:
        sums = [0, 0, 0]
        for r in self.rows:
            for i, c in enumerate(getattr(r, attr)):
                sums[i] += r.weight * c
        return tuple(Fraction(s, DEALS) for s in sums)  # type: ignore[return-value]

    @property
    def house_probabilities(self) -> tuple[Fraction, Fraction, Fraction]:
        """P(win), P(push), P(loss) for a player on the house way (both sides on it)."""
        return self._prob("house_counts")

    @property
    def best_probabilities(self) -> tuple[Fraction, Fraction, Fraction]:
        """P(win), P(push), P(loss) for a player who sets every hand optimally."""
        return self._prob("best_counts")

    @property
    def player_edge_house(self) -> Fraction:
        """The house's edge over a player on the house way (commission on his wins)."""
        w, _, lose = self.house_probabilities
        return lose - (1 - self.commission) * w

    @property
    def banker_edge_house(self) -> Fraction:
        """The house's edge over a player who banks (on the house way, paying the
        commission on his wins) against a player on the house way."""
        w, _, lose = self.house_probabilities
        return w - (1 - self.commission) * lose

    @property
    def player_edge_best(self) -> Fraction:
        """The house's edge over a player who sets optimally against the house way."""
        w, _, lose = self.best_probabilities
        return lose - (1 - self.commission) * w

    @property
    def banker_edge_best(self) -> Fraction:
        """The edge against a house-way banker when the opponent sets optimally."""
        w, _, lose = self.best_probabilities
        return w - (1 - self.commission) * lose

    @property
    def hands(self) -> int:
        return sum(r.weight for r in self.rows)


@lru_cache(maxsize=8)
def _table(commission: Fraction, copies: Copies, way: Way) -> EVTable:
    rows = tuple(_value(k, commission, copies, way) for k in all_kind_hands(4))
    return EVTable(rows, commission, copies)


def ev_table(commission: Fraction | str | float = Fraction(1, 20),
             copies: Copies = "banker", way: Way | None = None) -> EVTable:
    """The exact table for every distinct hand (cached per commission and copy rule).

    ``way`` sets the banker's tiles (and the player's "house" setting): by default the
    Casino Canberra house way; :func:`~dominolab.chinese.houseway.max_high_way` and
    :func:`~dominolab.chinese.houseway.max_low_way` are two simple ones to compare with.
    """
    return _table(_commission(commission), copies, way or house_way_kinds)


def brute_counts(tiles: Iterable[object], split: Split | None = None,
                 copies: Copies = "banker") -> tuple[int, int, int]:
    """(wins, pushes, losses) of one setting over every one of the 20,475 banker hands of
    real tiles, each set by the house way: the slow, obvious count the tests compare with.

    >>> brute_counts("6:6 6:6 4:5 3:6".split())
    (20105, 360, 10)
    """
    four = _four(tiles)
    if split is None:
        split = house_way(four)
    pl, ph = split.low.rank, split.high.rank
    rest = list(CHINESE_SET.tiles)
    for t in four:
        rest.remove(t)
    banker = _banker()
    win = push = loss = 0
    for hand in combinations(rest, 4):
        bl, bh = banker[tuple(sorted(t.pair for t in hand))]
        r = _settle(pl, ph, bl, bh, copies)
        if r > 0:
            win += 1
        elif r < 0:
            loss += 1
        else:
            push += 1
    return win, push, loss
