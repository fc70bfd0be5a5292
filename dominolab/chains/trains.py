"""The best train: the most tiles (or pips) of a hand laid as one train from a number.

A train is a trail in the hand's multigraph (numbers are vertices, tiles edges,
doubles loops) that starts at a given number: each tile touches the one before
it. Finding the longest trail is NP-hard in general; hands are small, so
:func:`best_train` answers exactly by branch and bound, and
:func:`brute_force_train` (every trail, no pruning) is the check the tests
compare it with on random hands.

Objectives: ``by="tiles"`` — the most tiles, then the most pips among those;
``by="pips"`` — the most pips shed, then the most tiles.

>>> plan = best_train("12:7 7:3 3:3 3:12 9:9 7:9 1:2", 12)
>>> plan.count, plan.pips, str(plan)
(5, 65, '12:3 3:3 3:7 7:9 9:9')
>>> plan.summary()
'your best train from 12: 5 tiles, 65 pips'
>>> from dominolab.i18n import using
>>> with using("ru"):
...     plan.summary()
'ваш лучший поезд от 12: 5 костей, 65 очков'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidTile, OverLimit, UnknownOption
from ..i18n import format_number, ngettext, tr
from ..tiles import Tile
from .chain import _number, as_tiles

__all__ = ["MAX_TRAIN_NODES", "TrainPlan", "best_train", "brute_force_train"]

#: The most search steps :func:`best_train` takes before it refuses (an
#: :class:`~dominolab.errors.OverLimit`). A whole Mexican-train hand (15 tiles of the
#: double-12 set) takes a few thousand; the budget is there for hand-built worst cases.
MAX_TRAIN_NODES = 2_000_000

_OBJECTIVES = ("tiles", "pips")


@dataclass(frozen=True)
class TrainPlan:
    """A train: ``pairs`` oriented outward from ``start`` (each pair's first number touches
    the previous pair's second), with its tile count, pips and the search nodes used."""

    start: int
    pairs: tuple[tuple[int, int], ...]
    nodes: int = 0
    #: False when the search stopped at its budget (``partial=True``): the best train found.
    exact: bool = True

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(Tile(a, b) for a, b in self.pairs)

    @property
    def count(self) -> int:
        return len(self.pairs)

    @property
    def pips(self) -> int:
        return sum(a + b for a, b in self.pairs)

    @property
    def end(self) -> int:
        """The number showing at the end of the train."""
        return self.pairs[-1][1] if self.pairs else self.start

    def value(self, by: str) -> tuple[int, int]:
        return (self.count, self.pips) if by == "tiles" else (self.pips, self.count)

    def __str__(self) -> str:
        return " ".join(f"{a}:{b}" for a, b in self.pairs) or "(no tile)"

    def summary(self) -> str:
        """``your best train from 12: 5 tiles, 65 pips`` (the board's hint), in the current
        language."""
        tiles = ngettext("{n} tile", "{n} tiles", self.count).format(n=self.count)
        pips = ngettext("{n} pip", "{n} pips", self.pips).format(n=format_number(self.pips))
        return tr("your best train from {start}: {tiles}, {pips}").format(
            start=self.start, tiles=tiles, pips=pips)


def _check(tiles: Any, start: Any, by: str) -> tuple[list[Tile], int]:
    hand = list(as_tiles(tiles, what="a hand"))
    s = _number(start, "start")
    if not 0 <= s <= 100:
        raise InvalidTile(tr("a train starts at a number 0..100, not {n}").format(n=s))
    if by not in _OBJECTIVES:
        raise UnknownOption(tr("a train is planned by 'tiles' or 'pips', not {by}").format(
            by=repr(by)))
    return hand, s


def _adjacency(hand: Sequence[Tile]) -> dict[int, list[int]]:
    adj: dict[int, list[int]] = {}
    for i, t in enumerate(hand):
        adj.setdefault(t.low, []).append(i)
        if t.high != t.low:
            adj.setdefault(t.high, []).append(i)
    return adj


class _Budget(Exception):
    """The search budget ran out (caught inside :func:`best_train`)."""


def best_train(tiles: Any, start: int, by: str = "tiles", *,
               max_nodes: int = MAX_TRAIN_NODES, partial: bool = False) -> TrainPlan:
    """The best train from ``start`` with the hand ``tiles``, exactly.

    Branch and bound, written by hand (networkx has no longest-trail routine: the
    problem is NP-hard). Pruning: (1) at a number whose double is still in hand,
    the double is laid at once (laying it at the first visit never loses: any train
    through that number can take it there); (2) a branch is cut when the train so far
    plus every unused tile still connected to its end (less one per pair of odd numbers
    that cannot all be ends) cannot beat the best found. Beyond ``max_nodes`` steps it
    raises :class:`~dominolab.errors.OverLimit`, or with ``partial=True`` returns the best
    train found so far marked ``exact=False`` (what a bot with a time budget wants).

    >>> best_train("5:5", 3).count, best_train("3:5 5:5 1:3", 3, by="pips").pips
    (0, 18)
    >>> best_train("1:2", 1, by="length")
    Traceback (most recent call last):
    ...
    dominolab.errors.UnknownOption: a train is planned by 'tiles' or 'pips', not 'length'
    """
    hand, s = _check(tiles, start, by)
    n = len(hand)
    adj = _adjacency(hand)
    pips = [t.pips for t in hand]
    ends = [(t.low, t.high) for t in hand]
    double_at = {t.low: i for i, t in enumerate(hand) if t.is_double}
    by_tiles = by == "tiles"
    best: list[Any] = [(-1, -1), ()]
    path: list[tuple[int, int]] = []
    nodes = 0

    def reach(v: int, used: int) -> tuple[int, int]:
        """At most how many tiles and pips a train from ``v`` can still add: the unused
        tiles connected to ``v``, less one tile for each pair of odd numbers beyond the
        two a trail may end on (every other number is entered and left alike), counted
        as the lightest tiles for the pips."""
        seen_v = {v}
        stack = [v]
        cnt = pp = 0
        taken = used
        deg: dict[int, int] = {}
        light: list[int] = []
        while stack:
            x = stack.pop()
            for i in adj.get(x, ()):
                if taken >> i & 1:
                    continue
                taken |= 1 << i
                cnt += 1
                pp += pips[i]
                light.append(pips[i])
                a, b = ends[i]
                if a != b:
                    deg[a] = deg.get(a, 0) + 1
                    deg[b] = deg.get(b, 0) + 1
                y = b if a == x else a
                if y not in seen_v:
                    seen_v.add(y)
                    stack.append(y)
        odd = sum(1 for k, d in deg.items() if d % 2 and k != v)
        drop = max(0, (odd - 1) // 2)       # the start is one end; one other odd end is free
        if drop:
            light.sort()
            cnt -= drop
            pp -= sum(light[:drop])
        return cnt, pp

    def dfs(v: int, used: int, cnt: int, pp: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            if partial:
                raise _Budget
            raise OverLimit(f"the best train from {s} needs more than {max_nodes:,} search "
                            "steps (dominolab.chains.trains.MAX_TRAIN_NODES by default)")
        val = (cnt, pp) if by_tiles else (pp, cnt)
        if val > best[0]:
            best[0] = val
            best[1] = tuple(path)
        rc, rp = reach(v, used)
        if rc == 0:
            return
        bound = (cnt + rc, pp + rp) if by_tiles else (pp + rp, cnt + rc)
        if bound <= best[0]:
            return
        d = double_at.get(v)
        if d is not None and not used >> d & 1:
            choices = [d]
        else:
            choices = [i for i in adj.get(v, ()) if not used >> i & 1]
        for i in choices:
            a, b = ends[i]
            w = b if a == v else a
            path.append((v, w))
            dfs(w, used | 1 << i, cnt + 1, pp + pips[i])
            path.pop()

    try:
        dfs(s, 0, 0, 0)
    except _Budget:
        return TrainPlan(s, best[1], nodes, exact=False)
    assert n >= len(best[1])
    return TrainPlan(s, best[1], nodes)


def brute_force_train(tiles: Any, start: int, by: str = "tiles") -> TrainPlan:
    """The best train by trying every trail from ``start`` (no pruning): the check for
    :func:`best_train` on small hands.

    >>> brute_force_train("12:7 7:3 3:3 3:12 9:9 7:9 1:2", 12).count
    5
    """
    hand, s = _check(tiles, start, by)
    adj = _adjacency(hand)
    best: list[Any] = [(-1, -1), ()]
    path: list[tuple[int, int]] = []

    def dfs(v: int, used: int) -> None:
        cnt = len(path)
        pp = sum(a + b for a, b in path)
        val = (cnt, pp) if by == "tiles" else (pp, cnt)
        if val > best[0]:
            best[0], best[1] = val, tuple(path)
        for i in adj.get(v, ()):
            if used >> i & 1:
                continue
            t = hand[i]
            w = t.high if t.low == v else t.low
            path.append((v, w))
            dfs(w, used | 1 << i)
            path.pop()

    dfs(s, 0)
    return TrainPlan(s, best[1])
