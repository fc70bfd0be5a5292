"""Pigeonhole at the table: forced coincidences, and the largest sets that escape them.

The pigeonhole principle: ``m`` items in ``b`` boxes put at least ``⌈m/b⌉`` into some
box. Every statement here is a *bound* proved that way ("any 8 tiles contain two that
share a number": 7 numbers are the boxes) and a search that finds a set **one tile
smaller** that escapes it (the seven doubles share nothing), so the bound cannot be
lowered. The search is exact: :func:`largest_without` finds the largest set of tiles
without the coincidence by depth-first search with a counting bound, and reports how
many nodes it visited; :func:`deal_within` finds a deal in which every hand stays
under a cap (showing that an averaging bound is sharp), or proves there is none.

>>> c = coincidence("shared_number")
>>> c.bound, str(c.extremal), c.sharp
(8, '0:0 1:1 2:2 3:3 4:4 5:5 6:6', True)
>>> hands = deal_within(4, 7, "pips", 42)      # everybody exactly 42
>>> [h.pips for h in hands]
[42, 42, 42, 42]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .._stack import deep_recursion
from ..errors import InvalidDeal, OverLimit, UnknownEvent
from ..i18n import N_, tr
from ..tiles import DominoSet, Hand, Tile
from .formulas import _check_n, _whole, set_size

__all__ = [
    "MAX_PIGEONHOLE_NODES",
    "COINCIDENCES",
    "DEAL_STATISTICS",
    "Coincidence",
    "Extremal",
    "coincidence",
    "deal_within",
    "has_coincidence",
    "largest_without",
    "pigeonhole",
    "why_coincidence",
]


def pigeonhole(items: int, boxes: int) -> int:
    """The least number some box must hold: ``⌈items / boxes⌉``.

    >>> pigeonhole(7, 4), pigeonhole(8, 7), pigeonhole(168, 4)
    (2, 2, 42)
    """
    items = _whole(items, "items", InvalidDeal)
    boxes = _whole(boxes, "boxes", InvalidDeal, minimum=1)
    return -(-items // boxes)


# --------------------------------------------------------------------------- coincidences

# (the tests below are called for every set the extremal search tries, some 10^5 times
# for a lesson's exercise: the numbers seen are bits of an int, not sets or counters)
def _shared_number(tiles: Sequence[Tile], x: int) -> bool:
    seen = 0
    for t in tiles:
        nums = (1 << t.low) | (1 << t.high)
        if nums & seen:
            return True
        seen |= nums
    return False


def _double(tiles: Sequence[Tile], x: int) -> bool:
    return any(t.is_double for t in tiles)


def _suit(tiles: Sequence[Tile], x: int) -> bool:
    return any(t.has(x) for t in tiles)


def _three_on_a_number(tiles: Sequence[Tile], x: int) -> bool:
    once = twice = 0            # the numbers shown on one tile, on two (a double shows one)
    for t in tiles:
        nums = (1 << t.low) | (1 << t.high)
        if nums & twice:
            return True
        twice |= nums & once
        once |= nums
    return False


def _same_pips(tiles: Sequence[Tile], x: int) -> bool:
    totals = [t.pips for t in tiles]
    return len(set(totals)) < len(totals)


@dataclass(frozen=True)
class _Kind:
    statement: str
    argument: str
    test: Callable[[Sequence[Tile], int], bool]
    bound: Callable[[int, int], int]          # (n, x) -> the forcing size


#: the coincidences :func:`coincidence` knows: statement, the pigeonhole argument, the
#: test of a set of tiles, and the forcing size the argument proves (for double-n)
COINCIDENCES: dict[str, _Kind] = {
    "shared_number": _Kind(
        N_("any {bound} tiles include two that share a number"),
        N_("tiles that share no number use different numbers, and there are only {n1} "
           "numbers, so at most {n1} tiles share nothing"),
        _shared_number, lambda n, x: n + 2),
    "double": _Kind(
        N_("any {bound} tiles include a double"),
        N_("only {others} tiles are not doubles"),
        _double, lambda n, x: set_size(n) - n),
    "suit": _Kind(
        N_("any {bound} tiles include a tile showing {x}"),
        N_("only {others} tiles avoid the number {x} (the suit of {x} has {n1} tiles)"),
        _suit, lambda n, x: set_size(n) - n),
    "three_on_a_number": _Kind(
        N_("any {bound} tiles include three that show one number"),
        N_("if every number shows on at most 2 of the tiles, there are at most 2 · {n1} "
           "(tile, number) incidences; a double has one and another tile two, and there are "
           "only {n1} doubles, so at most {n1} + ⌊{n1}/2⌋ tiles"),
        _three_on_a_number, lambda n, x: (n + 1) + (n + 1) // 2 + 1),
    "same_pips": _Kind(
        N_("any {bound} tiles include two with the same number of pips"),
        N_("a tile has 0 to {top} pips: {boxes} possible totals are the boxes"),
        _same_pips, lambda n, x: 2 * n + 2),
}


def has_coincidence(name: str, tiles: Iterable[Any], x: int = 0) -> bool:
    """Does this set of tiles show the coincidence ``name`` (see :data:`COINCIDENCES`)?

    >>> has_coincidence("shared_number", "0:1 2:3 1:4")
    True
    >>> has_coincidence("same_pips", [Tile(0, 0), Tile(0, 1), Tile(1, 1)])
    False
    """
    kind = _kind(name)
    return kind.test(_tiles(tiles), x)


def why_coincidence(name: str, tiles: Iterable[Any], x: int = 6) -> str | None:
    """The coincidence ``name`` in these tiles, in words, or None if there is none.

    >>> why_coincidence("shared_number", "0:1 2:3 1:4")
    '0:1 and 1:4 share the number 1'
    >>> why_coincidence("three_on_a_number", "0:4 1:4 4:4 2:3")
    '4 shows on three tiles: 0:4 1:4 4:4'
    >>> why_coincidence("same_pips", "0:0 1:1") is None
    True
    """
    _kind(name)
    ts = _tiles(tiles)
    if name == "shared_number":
        for i, a in enumerate(ts):
            for b in ts[i + 1:]:
                common = sorted({a.low, a.high} & {b.low, b.high})
                if common:
                    return tr("{a} and {b} share the number {v}").format(a=a, b=b,
                                                                        v=common[0])
    elif name == "double":
        d = next((t for t in ts if t.is_double), None)
        return tr("{tile} is a double").format(tile=d) if d else None
    elif name == "suit":
        t = next((t for t in ts if t.has(x)), None)
        return tr("{tile} shows {x}").format(tile=t, x=x) if t else None
    elif name == "three_on_a_number":
        for v in range(max((t.high for t in ts), default=0) + 1):
            on = [t for t in ts if t.has(v)]
            if len(on) >= 3:
                return tr("{v} shows on three tiles: {tiles}").format(
                    v=v, tiles=" ".join(map(str, on[:3])))
    elif name == "same_pips":
        by: dict[int, Tile] = {}
        for t in ts:
            if t.pips in by:
                return tr("{a} and {b} both have {pips} pips").format(a=by[t.pips], b=t,
                                                                      pips=t.pips)
            by[t.pips] = t
    return None


def _kind(name: str) -> _Kind:
    if name not in COINCIDENCES:
        raise UnknownEvent(f"no coincidence {name!r}; the known ones are "
                           f"{', '.join(COINCIDENCES)}")
    return COINCIDENCES[name]


def _tiles(tiles: Iterable[Any]) -> list[Tile]:
    if isinstance(tiles, str):
        return list(Hand(tiles.split()))
    return list(Hand(tiles))


@dataclass(frozen=True)
class Extremal:
    """The largest set of tiles found without a property, and the search's size."""

    tiles: Hand
    nodes: int


#: the default budget of :func:`largest_without` and :func:`deal_within` (search nodes):
#: every double-six question of the lessons needs under 70,000
MAX_PIGEONHOLE_NODES = 300_000


def _over(what: str, max_nodes: int) -> OverLimit:
    return OverLimit(f"{what} needs more than {max_nodes:,} search nodes (the budget, "
                     "max_nodes=, dominolab.combinatorics.pigeonhole.MAX_PIGEONHOLE_NODES by "
                     "default); ask about a smaller set")


@deep_recursion
def largest_without(has: Callable[[Sequence[Tile]], bool],
                    tiles: Iterable[Tile] | None = None, *, n: int = 6,
                    max_nodes: int = MAX_PIGEONHOLE_NODES) -> Extremal:
    """The largest subset of ``tiles`` (default: the double-n set) for which ``has`` is False.

    ``has`` must be *monotone* (a superset of a set that has the property has it too),
    as every coincidence is. Depth-first search over the tiles in order: take a tile or
    leave it; after a take, only tiles that can still be added one at a time stay
    candidates, and a branch is cut when the chosen tiles plus the candidates cannot
    beat the best set found. Exhaustive, so the answer is a maximum (not a guess); past
    ``max_nodes`` nodes it stops with :class:`~dominolab.errors.OverLimit` rather than
    answer with a set it has not proved largest.

    >>> e = largest_without(lambda ts: any(t.is_double for t in ts))
    >>> len(e.tiles)
    21
    >>> len(largest_without(lambda ts: len({t.pips for t in ts}) < len(ts)).tiles)
    13
    """
    pool = list(DominoSet(_check_n(n))) if tiles is None else _tiles(tiles)
    budget = _whole(max_nodes, "max_nodes", InvalidDeal, minimum=1)
    best: list[Tile] = []
    nodes = 0

    def dfs(chosen: list[Tile], candidates: list[Tile]) -> None:
        nonlocal best, nodes
        nodes += 1
        if nodes > budget:
            raise _over("the largest set without this property", budget)
        if len(chosen) + len(candidates) <= len(best):
            return
        if not candidates:
            best = list(chosen)
            return
        t, rest = candidates[0], candidates[1:]
        chosen.append(t)
        dfs(chosen, [u for u in rest if not has(chosen + [u])])
        chosen.pop()
        dfs(chosen, rest)

    dfs([], [t for t in pool if not has([t])])
    return Extremal(Hand(sorted(best)), nodes)


@dataclass(frozen=True)
class Coincidence:
    """A forced coincidence: ``bound`` tiles always show it (the pigeonhole ``argument``),
    and ``extremal`` is a largest set that does not (found by :func:`largest_without`).
    ``sharp`` says the set has ``bound − 1`` tiles: the bound is the best possible."""

    name: str
    statement: str
    argument: str
    bound: int
    extremal: Hand
    nodes: int

    @property
    def sharp(self) -> bool:
        return len(self.extremal) == self.bound - 1

    def __str__(self) -> str:
        return tr("{statement}: {argument}. Escaping with {k} tiles: {tiles} "
                  "(search: {nodes} nodes).").format(
            statement=self.statement[0].upper() + self.statement[1:], argument=self.argument,
            k=len(self.extremal), tiles=self.extremal, nodes=self.nodes)


def coincidence(name: str, n: int = 6, x: int = 6, *,
                max_nodes: int = MAX_PIGEONHOLE_NODES) -> Coincidence:
    """A forced coincidence of the double-n set, its pigeonhole bound and an extremal set.

    ``name`` is one of :data:`COINCIDENCES`; ``x`` is the number of ``"suit"``.

    >>> c = coincidence("three_on_a_number")
    >>> c.bound, len(c.extremal), c.sharp
    (11, 10, True)
    >>> print(coincidence("same_pips").statement)
    any 14 tiles include two with the same number of pips
    """
    n = _check_n(n)
    kind = _kind(name)
    x = _whole(x, "x", InvalidDeal)
    if x > n:
        raise InvalidDeal(f"the double-{n} set has no number {x}")
    fields = {"n1": n + 1, "others": set_size(n) - n - 1, "x": x, "top": 2 * n,
              "boxes": 2 * n + 1, "bound": kind.bound(n, x)}
    found = _extremal(name, n, x, max_nodes)
    # the words in the language of the call; the search is done once
    return Coincidence(name, tr(kind.statement).format(**fields),
                       tr(kind.argument).format(**fields), kind.bound(n, x), found.tiles,
                       found.nodes)


@lru_cache(maxsize=64)     # the search for an extremal set takes up to a second; reuse it
def _extremal(name: str, n: int, x: int, max_nodes: int) -> Extremal:
    kind = _kind(name)
    try:
        return largest_without(lambda ts: kind.test(ts, x), n=n, max_nodes=max_nodes)
    except OverLimit:
        raise _over(f"the extremal set of {name!r} for double-{n}", max_nodes) from None


# --------------------------------------------------------------------------- deals

#: what :func:`deal_within` can cap: tile -> its share of the statistic
DEAL_STATISTICS: dict[str, Callable[[Tile, int], int]] = {
    "doubles": lambda t, x: int(t.is_double),
    "pips": lambda t, x: t.pips,
    "suit": lambda t, x: int(t.has(x)),
}


@deep_recursion
def deal_within(players: int, hand_size: int, statistic: str, cap: int, *, n: int = 6,
                x: int = 6, max_nodes: int = MAX_PIGEONHOLE_NODES) -> list[Hand] | None:
    """A deal of ``players`` hands of ``hand_size`` tiles in which every hand's
    ``statistic`` (doubles, pips, tiles of suit ``x``) is at most ``cap``; None if no
    deal can (the search is exhaustive).

    This is the other half of an averaging argument: the 7 doubles in 4 hands put 2 in
    some hand, and a deal with at most 2 everywhere shows that 2 is the best bound.
    The search gives tiles out heaviest first; what is left to decide depends only on
    each hand's size and total, so hands alike are tried once and a failed state is
    remembered; a branch is cut when the rest no longer fits under the caps.

    >>> [sum(t.is_double for t in h) for h in deal_within(4, 7, "doubles", 2)]
    [2, 2, 2, 1]
    >>> deal_within(4, 7, "doubles", 1) is None      # pigeonhole: impossible
    True
    """
    n = _check_n(n)
    if statistic not in DEAL_STATISTICS:
        raise UnknownEvent(f"no deal statistic {statistic!r}; the known ones are "
                           f"{', '.join(DEAL_STATISTICS)}")
    p = _whole(players, "players", InvalidDeal, minimum=1)
    h = _whole(hand_size, "hand_size", InvalidDeal)
    cap = _whole(cap, "cap", InvalidDeal)
    budget = _whole(max_nodes, "max_nodes", InvalidDeal, minimum=1)
    if p * h > set_size(n):
        raise InvalidDeal(f"{p} hands of {h} tiles do not fit in the double-{n} set "
                          f"({set_size(n)} tiles)")
    weight = DEAL_STATISTICS[statistic]
    tiles = sorted(DominoSet(n), key=lambda t: (-weight(t, x), t))
    w = [weight(t, x) for t in tiles]
    left_out = set_size(n) - p * h
    hands: list[list[Tile]] = [[] for _ in range(p)]
    totals = [0] * p
    suffix = [0] * (len(tiles) + 1)          # suffix[i]: the statistic of tiles i..
    for i in range(len(tiles) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + w[i]
    out_count = 0
    failed: set[tuple] = set()

    def hopeless(i: int) -> bool:
        left = len(tiles) - i
        # the boneyard takes at most the heaviest of what is left; the rest needs room
        k = min(left, left_out - out_count)
        if suffix[i] - (suffix[i] - suffix[i + k]) > sum(cap - s for s in totals):
            return True
        # every hand must still take h - len tiles; even the lightest ones must fit
        for q in range(p):
            r = h - len(hands[q])
            if r > left or totals[q] + suffix[len(tiles) - r] > cap:
                return True
        return False

    nodes = 0

    def dfs(i: int) -> bool:
        nonlocal out_count, nodes
        nodes += 1
        if nodes > budget:
            raise _over(f"a deal of {p} hands of {h} under a cap on {statistic}", budget)
        if i == len(tiles):
            return True
        # the future depends only on each hand's (size, total): hands alike are
        # interchangeable, and a state that failed once fails again
        state = (i, out_count, tuple(sorted(zip(map(len, hands), totals))))
        if state in failed or hopeless(i):
            return False
        t = tiles[i]
        tried: set[tuple[int, int]] = set()
        for q in range(p):
            sig = (len(hands[q]), totals[q])
            if sig[0] >= h or sig[1] + w[i] > cap or sig in tried:
                continue
            tried.add(sig)
            hands[q].append(t)
            totals[q] += w[i]
            if dfs(i + 1):
                return True
            hands[q].pop()
            totals[q] -= w[i]
        if out_count < left_out:
            out_count += 1
            if dfs(i + 1):
                return True
            out_count -= 1
        failed.add(state)
        return False

    if dfs(0):
        return [Hand(sorted(hd)) for hd in hands]
    return None
