"""Pai Gow: the value of a two-tile hand, the ranking, the splits of four tiles, a deal's outcome.

The rules (English Wikipedia «Pai gow»; Pagat «Pai Gow»; the Wizard of Odds' «Pai Gow
Tiles» rules; the casinos' rule sheets such as Casino Canberra's «Pai Gow»):

- Each side gets four tiles and sets them as two hands of two, a *high* and a *low*
  hand (the higher-ranked one is the high hand). The player wins if both hands beat the
  banker's, loses if both lose, and otherwise pushes.
- **Pairs** rank highest: the Supreme pair **Gee Joon** (1:2 with 2:4) on top, then the
  eleven civil twins in the civil order (Teen 6:6 … Look 1:5), then the military pairs of
  equal pips (nines, eights, sevens, fives). 4:4 with 3:5 is not a pair.
- **Wong**: Teen or Day (6:6, 1:1) with a nine, worth 11; **gong**: Teen or Day with any
  eight (4:4 too), worth 10. A Teen wong beats a Day wong.
- Every other hand is worth the **last digit of its pips**: nine is the best ("pai gow"
  means "make nine"). Either Gee Joon tile alone counts 3 or 6, whichever is better.
- Equal values: the hand holding the higher-ranked single tile wins (only the higher
  tile of each hand counts). Single tiles rank as the pairs do, the Gee Joon tiles last;
  military tiles of equal pips rank alike. Equal again: a **copy**, won by the banker.
  Two hands worth **0** are a copy whatever their tiles.

Everything here works on the 16 *kinds* (the pairs of :data:`~dominolab.chinese.CHINESE_SET`:
0 the Gee Joon tiles, 1 Teen … 11 Look, 12 nines, 13 eights, 14 sevens, 15 fives), since
the two tiles of a kind are interchangeable in Pai Gow.

>>> h = PaiGowHand("1:3", "2:3"); h.points, h.name        # Pagat: 4 + 5 = 9
(9, '9 (Harmony 1:3 high)')
>>> PaiGowHand("5:5", "4:6").points, PaiGowHand("2:3", "5:6").points
(0, 6)
>>> PaiGowHand("1:2", "2:4").name, PaiGowHand("6:6", "4:5").name, PaiGowHand("1:1", "4:4").name
('Gee Joon (the Supreme pair)', 'wong (Teen and a nine)', 'gong (Day and an eight)')
>>> PaiGowHand("6:5", "5:1") == PaiGowHand("6:5", "4:2")  # equal 7s, both Foo-high: a copy
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import total_ordering
from itertools import combinations
from typing import Literal

from ..errors import InvalidSet
from .tiles import CHINESE_SET, ChineseTile, chinese_tile

__all__ = [
    "KINDS",
    "kind_of",
    "hand_key",
    "hand_rank",
    "hand_points",
    "PaiGowHand",
    "Split",
    "splits",
    "kind_splits",
    "settle",
    "player_win",
    "GEE_JOON",
    "TEEN",
    "DAY",
    "YUN",
    "NINE",
    "EIGHT",
    "SEVEN",
    "FIVE",
]

#: the 16 kinds, highest single tile first except the Gee Joon tiles (kind 0), which rank
#: last as singles and first as a pair
KINDS = 16
GEE_JOON, TEEN, DAY, YUN, GOR, MOOY, CHONG, BON, FOO, PING, TIT, LOOK = range(12)
NINE, EIGHT, SEVEN, FIVE = 12, 13, 14, 15
#: pips of each kind (the Gee Joon tiles: 3 or 6, listed as 3)
_PIPS = [3, 12, 2, 8, 4, 10, 6, 4, 11, 10, 7, 6, 9, 8, 7, 5]
#: the casino names of the kinds, as the house ways write them
KIND_NAMES = ["Gee Joon", "Teen", "Day", "Yun", "Gor", "Mooy", "Chong", "Bon", "Foo",
              "Ping", "Tit", "Look", "nine", "eight", "seven", "five"]


def kind_of(tile: object) -> int:
    """The kind (0–15) of a tile: which of the 16 pairs it belongs to.

    >>> kind_of("6:6"), kind_of("3:6"), kind_of("4:5"), kind_of("2:4"), kind_of("1:2")
    (1, 12, 12, 0, 0)
    """
    return chinese_tile(tile).pair


def _single_rank(kind: int) -> int:
    """Tie-break strength of a single tile: Teen 15 … fives 1, Gee Joon 0."""
    return 0 if kind == GEE_JOON else KINDS - kind


def _points(a: int, b: int) -> int:
    if a == GEE_JOON or b == GEE_JOON:
        other = b if a == GEE_JOON else a
        return max((3 + _PIPS[other]) % 10, (6 + _PIPS[other]) % 10)
    return (_PIPS[a] + _PIPS[b]) % 10


def _key(a: int, b: int) -> tuple[int, int, int]:
    """The comparable value of the hand of kinds a and b (a larger tuple wins)."""
    if a == b:                              # a pair: Gee Joon on top, then the tile order
        return (2, KINDS if a == GEE_JOON else KINDS - a, 0)
    lo, hi = sorted((a, b))
    if lo in (TEEN, DAY) and hi != DAY:     # Teen or Day with a nine / an eight
        if hi == NINE:
            return (1, 11, _single_rank(lo))
        if hi in (EIGHT, YUN):
            return (1, 10, _single_rank(lo))
    points = _points(a, b)
    if points == 0:
        return (1, 0, 0)                    # every 0 is alike: the banker wins 0 against 0
    return (1, points, max(_single_rank(a), _single_rank(b)))


_KEYS = [[_key(a, b) for b in range(KINDS)] for a in range(KINDS)]
_ORDER = sorted({k for row in _KEYS for k in row})
#: hand_rank table: equal numbers are copies; higher wins
_RANKS = [[_ORDER.index(_KEYS[a][b]) for b in range(KINDS)] for a in range(KINDS)]
#: how many different hand values there are (ranks run 0 .. DISTINCT_RANKS - 1)
DISTINCT_RANKS = len(_ORDER)


def hand_key(a: int, b: int) -> tuple[int, int, int]:
    """The value of the hand of kinds ``a`` and ``b``: (class, points, top tile).

    Class 2 is a pair (points: its rank), class 1 the rest (wong 11, gong 10, else the
    last digit of the pips; the top tile's strength breaks ties, ignored for 0).

    >>> hand_key(GEE_JOON, GEE_JOON), hand_key(TEEN, NINE), hand_key(MOOY, PING)
    ((2, 16, 0), (1, 11, 15), (1, 0, 0))
    """
    return _KEYS[a][b]


def hand_rank(a: int, b: int) -> int:
    """The hand's place among all :data:`DISTINCT_RANKS` values (0 the lowest); equal
    numbers are copies.

    >>> hand_rank(GEE_JOON, GEE_JOON) == DISTINCT_RANKS - 1, hand_rank(MOOY, PING)
    (True, 0)
    """
    return _RANKS[a][b]


def hand_points(a: int, b: int) -> int:
    """Points as the house ways count them: 0–9, a gong 10, a wong 11; a pair counts 12
    plus its rank (so every pair is above every other hand).

    >>> hand_points(TEEN, NINE), hand_points(TEEN, EIGHT), hand_points(TEEN, SEVEN)
    (11, 10, 9)
    """
    cls, value, _ = _KEYS[a][b]
    return value + 12 if cls == 2 else value


@total_ordering
class PaiGowHand:
    """A two-tile hand: ordered by value; equal when a copy (the banker wins copies).

    >>> PaiGowHand("6:6", "4:5") > PaiGowHand("1:1", "3:6") > PaiGowHand("6:6", "2:6")
    True
    >>> PaiGowHand("4:4", "3:5").is_pair, PaiGowHand("4:5", "3:6").is_pair
    (False, True)
    """

    __slots__ = ("tiles", "kinds", "rank")

    def __init__(self, first: object, second: object):
        a, b = chinese_tile(first), chinese_tile(second)
        CHINESE_SET.check((a, b), "the hand")
        self.tiles: tuple[ChineseTile, ChineseTile] = tuple(sorted((a, b)))  # type: ignore[assignment]
        self.kinds = (a.pair, b.pair)
        self.rank = _RANKS[a.pair][b.pair]

    @property
    def key(self) -> tuple[int, int, int]:
        return _KEYS[self.kinds[0]][self.kinds[1]]

    @property
    def is_pair(self) -> bool:
        return self.key[0] == 2

    @property
    def points(self) -> int:
        """0–9, a gong 10, a wong 11; a pair counts 12 plus its rank (see :func:`hand_points`)."""
        return hand_points(*self.kinds)

    @property
    def top(self) -> ChineseTile:
        """The higher-ranked tile (the one that breaks a tie)."""
        a, b = self.tiles
        return a if _single_rank(a.pair) >= _single_rank(b.pair) else b

    @property
    def name(self) -> str:
        """The hand in words, as the rule sheets name it."""
        cls, value, _ = self.key
        lo, hi = sorted(self.kinds)
        if cls == 2:
            if lo == GEE_JOON:
                return "Gee Joon (the Supreme pair)"
            return f"pair of {KIND_NAMES[lo]}" + ("s" if lo >= NINE else "")
        if value == 11:
            return f"wong ({KIND_NAMES[lo]} and a nine)"
        if value == 10:
            return f"gong ({KIND_NAMES[lo]} and an eight)"
        if value == 0:
            return "0"
        t = self.top
        return f"{value} ({t.english} {t} high)"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PaiGowHand):
            return self.rank == other.rank
        return NotImplemented

    def __lt__(self, other: PaiGowHand) -> bool:
        return self.rank < other.rank

    def __hash__(self) -> int:
        return hash(self.rank)

    def __repr__(self) -> str:
        return f"PaiGowHand('{self.tiles[0]}', '{self.tiles[1]}')"

    def __str__(self) -> str:
        return f"{self.tiles[0]} {self.tiles[1]}: {self.name}"


class Split:
    """Four tiles set as a low and a high hand (the high hand is never the lower one).

    >>> s = Split(["6:6", "6:6"], ["1:2", "1:3"]); s.low.name, s.high.name
    ('7 (Harmony 1:3 high)', 'pair of Teen')
    >>> str(s)
    'low 1:3 1:2 (7) / high 6:6 6:6 (pair of Teen)'
    """

    __slots__ = ("low", "high")

    def __init__(self, one: Sequence[object], other: Sequence[object]):
        a, b = PaiGowHand(*one), PaiGowHand(*other)
        CHINESE_SET.check(a.tiles + b.tiles, "the four tiles")
        self.low, self.high = (a, b) if a.rank <= b.rank else (b, a)

    @property
    def ranks(self) -> tuple[int, int]:
        return self.low.rank, self.high.rank

    @property
    def tiles(self) -> tuple[ChineseTile, ...]:
        return tuple(sorted(self.low.tiles + self.high.tiles))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Split):
            return (sorted(self.low.kinds), sorted(self.high.kinds)) == \
                (sorted(other.low.kinds), sorted(other.high.kinds))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.low.kinds)), tuple(sorted(self.high.kinds))))

    def __repr__(self) -> str:
        lo, hi = self.low.tiles, self.high.tiles
        return f"Split(['{lo[0]}', '{lo[1]}'], ['{hi[0]}', '{hi[1]}'])"

    def __str__(self) -> str:
        def words(h: PaiGowHand) -> str:
            return h.name.split(" (")[0] if h.key[0] == 1 and h.points < 10 else h.name
        lo, hi = self.low, self.high
        return (f"low {lo.tiles[0]} {lo.tiles[1]} ({words(lo)}) / "
                f"high {hi.tiles[0]} {hi.tiles[1]} ({words(hi)})")


def _four(tiles: Iterable[object]) -> tuple[ChineseTile, ...]:
    four = tuple(sorted(chinese_tile(t) for t in tiles))
    if len(four) != 4:
        raise InvalidSet(f"a Pai Gow hand has 4 tiles, not {len(four)}")
    CHINESE_SET.check(four, "the four tiles")
    return four


def splits(tiles: Iterable[object]) -> list[Split]:
    """The different ways to set four tiles (three, or fewer when tiles repeat).

    >>> [str(s) for s in splits("6:6 6:6 1:1 1:1".split())]
    ['low 1:1 1:1 (pair of Day) / high 6:6 6:6 (pair of Teen)', 'low 6:6 1:1 (4) / high 6:6 1:1 (4)']
    """
    four = _four(tiles)
    seen: list[Split] = []
    first = four[0]
    for k in (1, 2, 3):
        rest = [t for i, t in enumerate(four[1:], 1) if i != k]
        s = Split((first, four[k]), rest)
        if s not in seen:
            seen.append(s)
    return seen


def kind_splits(kinds: Sequence[int]) -> list[tuple[int, int, int, int]]:
    """The splits of four kinds as (low a, low b, high a, high b), without repeats.

    The fast form the house way and the expected values use.

    >>> kind_splits([TEEN, TEEN, DAY, DAY])
    [(2, 2, 1, 1), (1, 2, 1, 2)]
    """
    a, b, c, d = kinds
    out: list[tuple[int, int, int, int]] = []
    for p, q, r, s in ((a, b, c, d), (a, c, b, d), (a, d, b, c)):
        x, y = (p, q) if p <= q else (q, p)
        u, v = (r, s) if r <= s else (s, r)
        if _RANKS[x][y] > _RANKS[u][v] or (_RANKS[x][y] == _RANKS[u][v] and (x, y) > (u, v)):
            x, y, u, v = u, v, x, y
        if (x, y, u, v) not in out:
            out.append((x, y, u, v))
    return out


Copies = Literal["banker", "push"]


def settle(player: Split, banker: Split, copies: Copies = "banker") -> int:
    """+1 if the player wins (both hands higher), -1 if he loses, 0 for a push.

    ``copies="banker"`` (the rule): an equal hand goes to the banker. ``copies="push"``
    makes the game symmetric (a copy wins for nobody): used to check the enumeration.

    >>> p = Split(["6:6", "4:5"], ["1:1", "1:3"])     # wong / 4
    >>> b = Split(["6:6", "3:6"], ["4:4", "2:2"])     # wong (a copy) / 2
    >>> settle(p, b), settle(b, p), settle(p, p), settle(p, p, copies="push")
    (0, -1, -1, 0)
    """
    return _settle(player.low.rank, player.high.rank, banker.low.rank, banker.high.rank,
                   copies)


def _settle(pl: int, ph: int, bl: int, bh: int, copies: Copies = "banker") -> int:
    if copies == "banker":
        if pl > bl and ph > bh:
            return 1
        if pl <= bl and ph <= bh:
            return -1
        return 0
    win_low = (pl > bl) - (pl < bl)
    win_high = (ph > bh) - (ph < bh)
    if win_low > 0 and win_high > 0:
        return 1
    if win_low < 0 and win_high < 0:
        return -1
    return 0


def player_win(outcome: int, commission: Fraction | int = Fraction(1, 20)) -> Fraction:
    """What the player gets back per unit staked: +1 less the commission, 0, or -1.

    >>> player_win(1), player_win(0), player_win(-1)
    (Fraction(19, 20), Fraction(0, 1), Fraction(-1, 1))
    """
    if outcome > 0:
        return 1 - Fraction(commission)
    return Fraction(outcome)


def four_kinds(tiles: Iterable[object]) -> tuple[int, ...]:
    """The sorted kinds of four tiles (the class of the hand in the 3,620).

    >>> four_kinds("6:6 4:5 3:6 1:2".split())
    (0, 1, 12, 12)
    """
    return tuple(sorted(t.pair for t in _four(tiles)))


def all_kind_hands(size: int = 4) -> list[tuple[int, ...]]:
    """Every class of ``size`` tiles (kinds with at most two of each), sorted.

    >>> len(all_kind_hands(2)), len(all_kind_hands(4))
    (136, 3620)
    """
    pool = [k for k in range(KINDS) for _ in range(2)]
    return sorted(set(combinations(pool, size)))
