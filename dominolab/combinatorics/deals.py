"""Exact counts and probabilities of deals: hands, their doubles and suits, redeal events.

Deals are counted exactly, probabilities are :class:`fractions.Fraction`:

>>> count_deals([7, 7, 7, 7])                 # four labelled 7-tile hands of 28
472518347558400
>>> deal_probability("all_doubles")           # one hand of 7: just the 7 doubles
Fraction(1, 1184040)
>>> deal_probability("redeal_five_doubles")
Fraction(2797, 592020)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from ..errors import DominoError, InvalidDeal, InvalidTile, TooLarge, UnknownEvent
from ..i18n import N_
from ..tiles import DominoSet, Tile
from .formulas import _check_n, _whole, set_size

__all__ = [
    "EVENTS",
    "MAX_PROFILE_WORK",
    "count_deals",
    "count_hands",
    "deal_probability",
    "doubles_distribution",
    "event_holds",
    "hand_count",
    "hand_profile",
    "simulate",
    "simulate_table",
    "suit_distribution",
    "table_probability",
]


def count_deals(hands: Sequence[int] = (7, 7, 7, 7), n: int = 6) -> int:
    """Ways to deal hands of the given sizes to labelled players, the rest to the boneyard.

    The multinomial ``N! / (h1! h2! … hp! (N - Σh)!)`` with ``N`` the set size.

    >>> count_deals([7, 7], 6) == math.comb(28, 7) * math.comb(21, 7)
    True
    >>> count_deals([28])
    1
    >>> count_deals([7, 7, 7, 8])   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidDeal: hands of 7+7+7+8 = 29 tiles do not fit ...
    """
    n = _check_n(n)
    if isinstance(hands, (int, str)) or not isinstance(hands, Iterable):
        raise InvalidDeal(f"hands must be a list of hand sizes such as [7, 7], got {hands!r}")
    hands = [_whole(h, f"hand {i} size", InvalidDeal) for i, h in enumerate(hands, start=1)]
    total = set_size(n)
    dealt = sum(hands)
    if dealt > total:
        raise InvalidDeal(
            f"hands of {'+'.join(map(str, hands))} = {dealt} tiles do not fit in the "
            f"double-{n} set ({total} tiles)"
        )
    ways = math.factorial(total) // math.factorial(total - dealt)
    for h in hands:
        ways //= math.factorial(h)
    return ways


def hand_count(hand_size: int = 7, n: int = 6) -> int:
    """Number of different hands of ``hand_size`` tiles: ``C(N, hand_size)``.

    >>> hand_count(), hand_count(5, 3)
    (1184040, 252)
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    return math.comb(set_size(n), h)


def _check_hand(hand_size: Any, n: int) -> int:
    """``hand_size`` as a whole number that fits in the double-n set, or an InvalidDeal."""
    h = _whole(hand_size, "hand_size", InvalidDeal)
    if h > set_size(n):
        raise InvalidDeal(
            f"a hand of {h} tiles does not fit in the double-{n} set ({set_size(n)} tiles)"
        )
    return h


#: The most steps the exact hand-profile count takes (a few seconds) before it refuses
#: with :class:`~dominolab.errors.TooLarge`: its work grows with the set and the hand.
MAX_PROFILE_WORK = 12_000_000


@lru_cache(maxsize=64)
def _profile(hand_size: int, n: int) -> tuple[tuple[tuple[int, int], int], ...]:
    # Written by hand: no library counts subsets of a structured set by a joint
    # statistic. A dynamic programme over the numbers 0..n: pick a number, decide
    # which of its tiles (its double and its tiles with the numbers still to
    # come) are in the hand; its suit count is then final. The tiles left are all
    # pairs among the remaining numbers, a set symmetric under permuting them, so
    # states that differ by a relabelling are merged: a state keeps the suit
    # counts of the remaining numbers as a sorted tuple. Counts are exact ints.
    start = (0, 0, 0, (0,) * (n + 1))  # (tiles so far, doubles, max suit, counts)
    states: dict[tuple, int] = {start: 1}
    work = 0
    for r in range(n + 1, 0, -1):  # r numbers remain before this step
        left_after = (r - 1) * r // 2  # tiles among the r-1 numbers that stay
        nxt: dict[tuple, int] = {}
        for (h, d, m, counts), ways in states.items():
            c0, rest = counts[0], counts[1:]
            classes = sorted(Counter(rest).items(), reverse=True)
            for dbl in (0, 1):
                for pick in product(*(range(mu + 1) for _, mu in classes)):
                    work += 1
                    if work > MAX_PROFILE_WORK:
                        raise TooLarge(
                            f"the exact count for hands of {hand_size} from the double-{n} set "
                            f"needs more than {MAX_PROFILE_WORK:,} steps "
                            "(dominolab.combinatorics.deals.MAX_PROFILE_WORK); use simulate()")
                    taken = dbl + sum(pick)
                    h2 = h + taken
                    if h2 > hand_size or h2 + left_after < hand_size:
                        continue
                    w = ways
                    new_rest = []
                    for (v, mu), i in zip(classes, pick):
                        w *= math.comb(mu, i)
                        new_rest += [v + 1] * i + [v] * (mu - i)
                    key = (h2, d + dbl, max(m, c0 + taken),
                           tuple(sorted(new_rest, reverse=True)))
                    nxt[key] = nxt.get(key, 0) + w
        states = nxt
    out: Counter = Counter()
    for (h, d, m, _), ways in states.items():
        if h == hand_size:
            out[(d, m)] += ways
    return tuple(sorted(out.items()))


def hand_profile(hand_size: int = 7, n: int = 6) -> dict[tuple[int, int], int]:
    """How many hands have each (number of doubles, largest suit count).

    The largest suit count of a hand is the most tiles it holds showing one
    number (a double counts once in its suit). Exact, by a dynamic programme
    over the numbers that merges states equal up to relabelling.

    >>> p = hand_profile(7, 6)
    >>> sum(p.values()) == hand_count(7, 6), p[(7, 1)], sum(w for (d, m), w in p.items() if m == 7)
    (True, 1, 7)
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    return dict(_profile(h, n))


def doubles_distribution(hand_size: int = 7, n: int = 6) -> dict[int, Fraction]:
    """Probability of exactly j doubles in a hand, for every j (hypergeometric).

    ``P(j) = C(n+1, j) C(N-n-1, h-j) / C(N, h)``: choose j of the n+1 doubles
    and the rest from the other tiles.

    >>> d = doubles_distribution()
    >>> d[0], d[7], sum(d.values())
    (Fraction(323, 3289), Fraction(1, 1184040), Fraction(1, 1))
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    size, dbl = set_size(n), n + 1
    total = math.comb(size, h)
    return {j: Fraction(math.comb(dbl, j) * math.comb(size - dbl, h - j), total)
            for j in range(min(h, dbl) + 1) if h - j <= size - dbl}


def suit_distribution(hand_size: int = 7, n: int = 6) -> dict[int, Fraction]:
    """Probability that the longest suit of a hand has exactly m tiles, for every m.

    The longest suit is the most tiles showing one number; exact, from
    :func:`hand_profile`.

    >>> s = suit_distribution()
    >>> min(s), max(s), s[7], sum(s.values())   # longest suit 1: the seven doubles
    (1, 7, Fraction(7, 1184040), Fraction(1, 1))
    """
    n = _check_n(n)
    h = _check_hand(hand_size, n)
    tally: Counter = Counter()
    for (_, m), w in _profile(h, n):
        tally[m] += w
    total = math.comb(set_size(n), h)
    return {m: Fraction(w, total) for m, w in sorted(tally.items())}


def _need_k(event: str, k: Any) -> int:
    """The threshold ``k`` an event needs, checked."""
    if k is None:
        raise InvalidDeal(f"event {event!r} needs k (for example k=5)")
    return _whole(k, "k", InvalidDeal)


#: Event name -> (what it needs besides the hand: "", "k" or "tile"; description).
EVENTS: dict[str, tuple[str, str]] = {
    "all_doubles": ("", N_("every tile of the hand is a double")),
    "no_double": ("", N_("the hand holds no double")),
    "doubles_at_least": ("k", N_("the hand holds k or more doubles")),
    "suit_at_least": ("k", N_("some number shows on k or more tiles of the hand")),
    "tile_in_hand": ("tile", N_("the named tile is in the hand")),
    "redeal_wikipedia": ("", N_("mandatory redeal: the hand is all doubles or all one suit")),
    "redeal_five_doubles": ("", N_("redeal of 5+ doubles or 6+ tiles of one suit (the sea goat's rule)")),
}


def _predicate(event: str, hand_size: int, k: int | None) -> Callable[[int, int], bool]:
    """The event as a test on (doubles in the hand, largest suit count of the hand)."""
    assert event != "tile_in_hand"  # not a property of those two numbers: callers test it
    threshold = k if k is not None else 0
    if event == "all_doubles":
        return lambda d, m: d == hand_size
    if event == "no_double":
        return lambda d, m: d == 0
    if event == "doubles_at_least":
        return lambda d, m: d >= threshold
    if event == "suit_at_least":
        return lambda d, m: m >= threshold
    if event == "redeal_wikipedia":
        return lambda d, m: d == hand_size or m == hand_size
    if event == "redeal_five_doubles":
        return lambda d, m: d >= 5 or m >= 6
    raise AssertionError(event)  # pragma: no cover


def _check_event(event: Any, k: Any, tile: Any, n: int) -> tuple[int | None, Tile | None]:
    """Check an event name with its ``k`` or ``tile``; returns them checked."""
    if not isinstance(event, str) or event not in EVENTS:
        raise UnknownEvent(
            f"unknown event {event!r}; valid events: {', '.join(EVENTS)}"
        )
    needs = EVENTS[event][0]
    if needs == "k":
        k = _need_k(event, k)
    elif k is not None:
        raise InvalidDeal(f"event {event!r} takes no k (got k={k!r})")
    if needs == "tile":
        if tile is None:
            raise InvalidDeal(f"event {event!r} needs tile (for example tile='6:6')")
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        elif isinstance(tile, (tuple, list)) and len(tile) == 2:
            a, b = tile
            for x in (a, b):
                if isinstance(x, bool) or not isinstance(x, int):
                    raise InvalidTile(f"not a tile: {tile!r} (a tile is two whole numbers, "
                                      "like (3, 5) or '3:5')")
            tile = Tile(a, b)
        if not isinstance(tile, Tile):
            raise InvalidTile(f"not a tile: {tile!r}")
        if tile.high > n:
            raise InvalidTile(f"tile {tile} is not in the double-{n} set (numbers 0..{n})")
    elif tile is not None:
        raise InvalidDeal(f"event {event!r} takes no tile (got tile={tile!r})")
    return k, tile


def count_hands(event: str, hand_size: int = 7, n: int = 6, k: int | None = None,
                tile: Any = None) -> int:
    """Number of ``hand_size``-tile hands of the double-n set in which ``event`` holds.

    See :func:`deal_probability` for the events.

    >>> count_hands("doubles_at_least", k=5)       # C(7,5)C(21,2)+C(7,6)C(21,1)+1
    4558
    >>> count_hands("tile_in_hand", tile="6:6") == math.comb(27, 6)
    True
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    k, tile = _check_event(event, k, tile, n)
    if event == "tile_in_hand":
        return math.comb(set_size(n) - 1, hand_size - 1) if hand_size else 0
    pred = _predicate(event, hand_size, k)
    return sum(w for (d, m), w in _profile(hand_size, n) if pred(d, m))


def deal_probability(event: str, hand_size: int = 7, n: int = 6, k: int | None = None,
                     tile: Any = None) -> Fraction:
    """Exact probability that a hand of ``hand_size`` tiles from the double-n set has ``event``.

    All ``C(N, hand_size)`` hands are equally likely (``N`` = set size); the
    probability is the number of hands with the event over that. Events
    (see :data:`EVENTS`):

    * ``"all_doubles"``, ``"no_double"``, ``"doubles_at_least"`` (``k`` or more
      doubles; doubles alone are hypergeometric: ``Σ C(n+1, j) C(N-n-1, h-j)``);
    * ``"suit_at_least"``: some number is on ``k`` or more tiles. Suits
      overlap (a:b is in suits a and b), so this is counted exactly by a
      dynamic programme over the suits, not by adding suit probabilities;
    * ``"tile_in_hand"``: the named ``tile`` is dealt into this hand, ``h/N``;
    * ``"redeal_wikipedia"``: all doubles or all one suit (the mandatory redeal of the
      Russian Wikipedia article «Домино»);
    * ``"redeal_five_doubles"``: 5+ doubles or 6+ tiles of one suit (the sea goat's redeal, «Морской козёл»).

    >>> deal_probability("no_double")
    Fraction(323, 3289)
    >>> deal_probability("suit_at_least", k=5)
    Fraction(15953, 592020)
    >>> deal_probability("tile_in_hand", tile="3:5")
    Fraction(1, 4)
    >>> deal_probability("full_house")   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominolab.errors.UnknownEvent: unknown event 'full_house'; valid events: all_doubles, ...
    """
    hits = count_hands(event, hand_size, n, k, tile)
    return Fraction(hits, hand_count(hand_size, n))


def event_holds(event: str, hand: Iterable[Tile], k: int | None = None, tile: Any = None,
                n: int = 6) -> bool:
    """Does ``event`` hold for this actual hand? (The rule applied to tiles, for simulation.)

    >>> from dominolab import Hand
    >>> event_holds("redeal_wikipedia", Hand.parse("0:1 1:1 1:2 1:3 1:6"))
    True
    >>> event_holds("suit_at_least", Hand.parse("0:0 0:1 1:1"), k=3)
    False
    """
    n = _check_n(n)
    if isinstance(hand, str):
        hand = DominoSet(n).parse(hand)
    try:
        hand = DominoSet(n).check(hand, "hand")
    except TypeError:
        raise InvalidTile(f"a hand is a list of tiles such as '0:1 1:1', not {hand!r}") from None
    k, tile = _check_event(event, k, tile, n)
    return _holds(event, hand, k, tile)


def _holds(event: str, hand: Sequence[Tile], k: int | None, tile: Tile | None) -> bool:
    """:func:`event_holds` without the checks (the callers have validated)."""
    if event == "tile_in_hand":
        return tile in hand
    # one pass (the simulations call this for every hand they deal): how many doubles, and
    # how many tiles show each number (a double shows its number once)
    doubles = 0
    shows: dict[int, int] = {}
    for t in hand:
        a, b = t.low, t.high
        shows[a] = shows.get(a, 0) + 1
        if a == b:
            doubles += 1
        else:
            shows[b] = shows.get(b, 0) + 1
    most = max(shows.values(), default=0)
    return _predicate(event, len(hand), k)(doubles, most)


def simulate(event: str, trials: int = 10_000, seed: int = 0, hand_size: int = 7,
             n: int = 6, k: int | None = None, tile: Any = None) -> Fraction:
    """Estimate :func:`deal_probability` by dealing ``trials`` random hands.

    Uses ``random.Random(seed)``, so the same seed gives the same answer.
    Returns the observed fraction hits/trials (exact, but only an estimate).

    >>> simulate("no_double", trials=1000, seed=1)
    Fraction(47, 500)
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    trials = _whole(trials, "trials", DominoError, 1)
    k, tile = _check_event(event, k, tile, n)
    rng = _rng(seed)
    tiles = list(DominoSet(n))
    hits = sum(_holds(event, rng.sample(tiles, hand_size), k, tile) for _ in range(trials))
    return Fraction(hits, trials)


def _rng(seed: Any) -> random.Random:
    """``random.Random(seed)``, or a DominoError for a seed it cannot take."""
    try:
        return random.Random(seed)
    except TypeError:
        raise DominoError(f"seed must be a whole number, not {seed!r}") from None


def _fields(hand_size: int, n: int) -> tuple[int, list[int]]:
    """Pack, for each tile, "is a double" and "shows x" (x = 0..n) into bit fields.

    Adding the packed numbers of the tiles of a hand adds every field at once
    (no field can overflow: each holds up to ``hand_size``), so C-level
    ``sum`` over ``itertools.combinations`` tallies whole hands quickly.
    """
    width = max(1, hand_size.bit_length())
    packed = []
    for t in DominoSet(n):
        v = int(t.is_double)
        for x in set(t):
            v += 1 << (width * (x + 1))
        packed.append(v)
    return width, packed


def _event_masks(event: str, hand_size: int, n: int, k: int | None) -> list[int]:
    """Bitmasks (bit i = i-th tile in canonical order) of every hand with the event.

    Not for ``"tile_in_hand"`` (:func:`table_probability` answers that one directly).
    """
    tiles = list(DominoSet(n))
    width, packed = _fields(hand_size, n)
    field = (1 << width) - 1
    pred = _predicate(event, hand_size, k)
    good: dict[int, bool] = {}
    out: list[int] = []
    for c, s in zip(combinations(range(len(tiles)), hand_size),
                    map(sum, combinations(packed, hand_size))):
        ok = good.get(s)
        if ok is None:
            d = s & field
            m = max((s >> (width * (x + 1))) & field for x in range(n + 1))
            ok = good[s] = pred(d, m)
        if ok:
            out.append(sum(1 << i for i in c))
    return out


def table_probability(event: str, players: int = 4, hand_size: int = 7, n: int = 6,
                      k: int | None = None, tile: Any = None, limit: int = 2_000_000) -> Fraction:
    """Exact probability that at least one of ``players`` hands has ``event``.

    Inclusion–exclusion over the players: ``Σ_j (-1)^(j+1) C(P, j) q_j``, where
    ``q_j`` is the chance that j given hands all have the event: the number of
    ordered j-tuples of pairwise disjoint hands with the event over the number
    of ways to deal j hands. Those tuples are counted from the list of all
    hands with the event, so this is for small cases: more than ``limit``
    hands to list, or more than ``limit`` steps of counting, raises
    :class:`TooLarge` (use :func:`simulate_table` then).

    >>> table_probability("redeal_wikipedia", players=4)   # 8 hands, no two disjoint
    Fraction(4, 148005)
    >>> table_probability("tile_in_hand", players=4, tile="6:6")   # all 28 dealt
    Fraction(1, 1)
    >>> table_probability("doubles_at_least", players=3, hand_size=3, n=3, k=2)
    Fraction(61, 70)
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    players = _whole(players, "players", InvalidDeal, 1)
    limit = _whole(limit, "limit", InvalidDeal, 1)
    k, tile = _check_event(event, k, tile, n)
    if hand_size == 0:
        raise InvalidDeal("hands of 0 tiles: nothing to look at")
    total = set_size(n)
    if players * hand_size > total:
        raise InvalidDeal(
            f"{players} hands of {hand_size} need {players * hand_size} tiles; "
            f"the double-{n} set has {total}"
        )
    if math.comb(total, hand_size) > limit:
        raise TooLarge(
            f"too many hands to list exactly ({math.comb(total, hand_size)} > limit {limit}); "
            "raise limit or use simulate_table"
        )
    if event == "tile_in_hand":  # at most one hand holds the tile: disjoint events
        return Fraction(players * hand_size, total)
    masks = _event_masks(event, hand_size, n, k)
    work = [0]

    # Hand-written: counting families of pairwise disjoint sets is a small
    # backtracking search; networkx's clique tools would need the whole
    # disjointness graph, which is the expensive part.
    def families(j: int, start: int, used: int) -> int:
        if j == 0:
            return 1
        count = 0
        for i in range(start, len(masks)):
            work[0] += 1
            if work[0] > limit:
                raise TooLarge(
                    f"too many hands with {event!r} to count their disjoint families "
                    f"exactly (over {limit} steps); use simulate_table"
                )
            if not masks[i] & used:
                count += families(j - 1, i + 1, used | masks[i])
        return count

    prob = Fraction(0)
    for j in range(1, players + 1):
        ordered = families(j, 0, 0) * math.factorial(j)
        if ordered == 0:
            break  # no j hands can all have the event, so no more can either
        q = Fraction(ordered, count_deals([hand_size] * j, n))
        prob += (-1) ** (j + 1) * math.comb(players, j) * q
    return prob


def simulate_table(event: str, players: int = 4, trials: int = 10_000, seed: int = 0,
                   hand_size: int = 7, n: int = 6, k: int | None = None,
                   tile: Any = None) -> Fraction:
    """Estimate :func:`table_probability` by shuffling and dealing ``trials`` times.

    >>> simulate_table("redeal_five_doubles", players=4, trials=500, seed=3)
    Fraction(7, 500)
    """
    n = _check_n(n)
    hand_size = _check_hand(hand_size, n)
    players = _whole(players, "players", InvalidDeal, 1)
    trials = _whole(trials, "trials", DominoError, 1)
    k, tile = _check_event(event, k, tile, n)
    if players * hand_size > set_size(n):
        raise InvalidDeal(
            f"{players} hands of {hand_size} need {players * hand_size} tiles; "
            f"the double-{n} set has {set_size(n)}"
        )
    rng = _rng(seed)
    tiles = list(DominoSet(n))
    hits = 0
    for _ in range(trials):
        rng.shuffle(tiles)
        hits += any(_holds(event, tiles[p * hand_size:(p + 1) * hand_size], k, tile)
                    for p in range(players))
    return Fraction(hits, trials)
