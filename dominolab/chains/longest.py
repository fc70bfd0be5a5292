"""Longest lines: the most tiles of a hand that fit in one line (longest trails).

A whole double-n set is answered by construction (:func:`longest_full_set_line`);
any other hand by an exact branch and bound (:func:`longest_chain`).

>>> len(longest_chain("0:1 1:1 1:2 2:3 3:1 4:5"))
5
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..errors import InvalidTile, OverLimit
from ..tiles import DominoSet, Hand, Tile
from .chain import Chain, _check_n, _number, as_tiles
from .graph import degrees
from .trails import find_chain

__all__ = ["MAX_LONGEST_NODES", "longest_chain", "longest_full_set_line"]


def _full_set_n(hand: Hand) -> int | None:
    if not hand:
        return None
    n = max(t.high for t in hand)
    if len(hand) == (n + 1) * (n + 2) // 2 and len(set(hand)) == len(hand):
        return n
    return None


def longest_full_set_line(n: int, start: int | None = None) -> Chain:
    """A longest line from the whole double-n set, by construction.

    Even n: all tiles (an Euler circuit). Odd n: all but ``(n - 1)/2`` tiles,
    which is optimal. Proof sketch: in a line every number other than the two
    end numbers shows an even number of times; in the full odd set every
    number shows ``n + 2`` times, an odd number, so at least ``n - 1`` numbers
    must each lose a tile, and one left-out tile serves at most two numbers:
    at least ``(n - 1)/2`` tiles stay out. Construction: keep two numbers
    ``s`` and ``t`` as the ends, pair off the other ``n - 1`` numbers and
    leave out the tiles of those pairs; what remains is connected with exactly
    two odd numbers, so an Euler path from ``s`` to ``t`` uses all of it.

    >>> c = longest_full_set_line(5)
    >>> len(c), DominoSet(5).size - len(c), str(sorted(set(DominoSet(5).tiles) - set(c.tiles)))
    (19, 2, '[Tile(1, 2), Tile(3, 4)]')
    """
    _check_n(n)
    tiles = DominoSet(n).tiles
    s = 0 if start is None else _number(start, "start")
    if not 0 <= s <= n:
        raise InvalidTile(f"the double-{n} set has numbers 0..{n}, not {s}")
    if n % 2 == 0:
        line = find_chain(tiles, start=s)
    else:
        others = [v for v in range(n + 1) if v != s]
        t = others.pop()              # the other end
        left_out = {Tile(others[i], others[i + 1]) for i in range(0, len(others), 2)}
        keep = Hand(x for x in tiles if x not in left_out)
        line = find_chain(keep, start=s, end=t)
    assert line is not None  # connected, with the right odd numbers, by construction
    return line


#: The most search steps :func:`longest_chain` takes before it refuses (an
#: :class:`~dominolab.errors.OverLimit`): the problem is NP-hard, and hands of up to
#: about 20 tiles (and whole sets, answered by construction) stay far below it.
MAX_LONGEST_NODES = 2_000_000


def _longest_search(hand: Hand, start: int | None,
                    max_nodes: int = MAX_LONGEST_NODES) -> tuple[Chain, int]:
    """Branch and bound for the longest trail; returns (chain, nodes searched).

    Written by hand: networkx has no longest-trail routine (the problem is
    NP-hard in general). Pruning: (1) a double is always played as soon as its
    number is reached (moving it earlier never hurts); (2) an upper bound of
    the tiles left in the current connected part minus one tile for each pair
    of odd numbers that cannot be an end; (3) a state (end number, tiles used)
    met before is not searched again, because its future is the same.
    """
    tiles = list(hand)
    nt = len(tiles)
    adj: dict[int, list[tuple[int, int]]] = defaultdict(list)
    double_at: dict[int, int] = {}
    for i, t in enumerate(tiles):
        if t.is_double:
            double_at[t.low] = i
        else:
            adj[t.low].append((i, t.high))
            adj[t.high].append((i, t.low))
    for v in adj:  # try busy numbers first: good lines are found sooner
        adj[v].sort(key=lambda e: -len(adj[e[1]]))
    best: list[tuple[int, int]] = []
    path: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    nodes = 0

    def bound(v: int, used: int) -> int:
        # tiles in the connected part of v (among unused tiles) minus parity penalty
        stack, comp = [v], {v}
        edges = 0
        odd = 0
        while stack:
            u = stack.pop()
            du = 0
            for i, w in adj[u]:
                if not used >> i & 1:
                    du += 1
                    if w not in comp:
                        comp.add(w)
                        stack.append(w)
            d = double_at.get(u)
            if d is not None and not used >> d & 1:
                edges += 2  # counted once per end below
            edges += du
            if du % 2 and u != v:
                odd += 1
        # a trail from v ends at one odd number; every other odd number keeps an
        # unused tile, and one unused tile serves at most two of them
        return edges // 2 - odd // 2

    def arrive(s: int) -> None:
        # A depth-first search on an explicit stack (its depth is the line's length, up to
        # every tile of the hand: Python's recursion limit would stop it at about 1,000).
        # A frame is [number reached, tiles used, whether its double was played here, next
        # edge to try]; entering a number plays its double at once (pruning 1).
        nonlocal best, nodes
        stack: list[list[int]] = []

        def enter(v: int, used: int) -> None:
            nonlocal best, nodes
            nodes += 1
            if nodes > max_nodes:
                raise OverLimit(f"the longest line of these {nt} tiles needs more than "
                                f"{max_nodes:,} search steps (max_nodes; "
                                "dominolab.chains.longest.MAX_LONGEST_NODES by default)")
            d = double_at.get(v)
            played_double = 0
            if d is not None and not used >> d & 1:
                used |= 1 << d
                path.append((v, v))
                played_double = 1
            key = (v, used)
            expand = False
            if key not in seen:
                seen.add(key)
                if len(path) > len(best):
                    best = path[:]
                expand = len(best) < nt and len(path) + bound(v, used) > len(best)
            stack.append([v, used, played_double, 0 if expand else len(adj[v])])

        enter(s, 0)
        while stack:
            frame = stack[-1]
            v, used, played_double, i = frame
            edges = adj[v]
            while i < len(edges) and used >> edges[i][0] & 1:
                i += 1
            if i >= len(edges) or len(best) == nt:
                stack.pop()
                if played_double:
                    path.pop()
                if stack:
                    path.pop()               # the edge that led here
                continue
            frame[3] = i + 1
            e, w = edges[i]
            path.append((v, w))
            enter(w, used | 1 << e)

    if start is not None:
        starts = [start]
    else:
        deg = degrees(hand)
        starts = sorted(deg, key=lambda v: (deg[v] % 2 == 0, -deg[v], v))
    for s in starts:
        if len(best) == nt:
            break
        if s not in adj and s not in double_at:
            continue
        arrive(s)
    return Chain(best), nodes


def longest_chain(tiles: Any, start: int | None = None, *,
                  max_nodes: int = MAX_LONGEST_NODES) -> Chain:
    """A longest line that can be built from ``tiles`` (starting with ``start`` if given).

    Exact: branch and bound over trails of the tile graph (see
    ``_longest_search``), fine for hands up to about 20 tiles; a whole
    double-n set is answered by construction (:func:`longest_full_set_line`).
    With ``start`` this is the Mexican-train question "how long a train can I
    run from this number?". Among equally long lines, one is returned. The search stops
    with an :class:`~dominolab.errors.OverLimit` after ``max_nodes`` steps.

    >>> c = longest_chain("0:1 1:1 1:2 2:3 3:1 4:5")
    >>> len(c), sorted(c.ends)
    (5, [0, 1])
    >>> str(longest_chain("0:1 1:2 2:3 5:5", start=3))
    '3:2 2:1 1:0'
    >>> len(longest_chain(DominoSet(7)))  # 36 tiles, all but (7 - 1)/2
    33
    """
    hand = as_tiles(tiles)
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or start < 0):
        raise InvalidTile(f"start must be a number of 0 or more, not {start!r}")
    if not hand:
        return Chain()
    n = _full_set_n(hand)
    if n is not None and (start is None or start <= n):
        return longest_full_set_line(n, start)
    max_nodes = _number(max_nodes, "max_nodes")
    return _longest_search(hand, start, max_nodes)[0]
