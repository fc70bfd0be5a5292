"""Lines through all the tiles (Euler trails) and lines that grow tile by tile.

Can these tiles form one line? Euler's theorem: yes exactly when the used
tiles are connected and at most two numbers show an odd number of times
(:func:`can_chain`, with the reason); networkx's Hierholzer walk finds one
(:func:`find_chain`); depth-first search lists them all (:func:`iter_chains`).
For a line being built: the legal next tiles (:func:`extensions`), the
numbers an end can still reach (:func:`reachable_ends`) and whether it can
still use every tile (:func:`can_finish`, :func:`finish_chain`).

>>> print(can_chain("0:1 1:2"))
Yes: 0 and 2 show an odd number of times, so a line must run from one to the other
>>> str(find_chain("1:2 2:5 2:2"))
'1:2 2:2 2:5'
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from ..errors import InvalidSet, InvalidTile
from ..i18n import tr
from ..tiles import Hand, Tile
from .chain import Chain, Pair, _number, as_tiles
from .graph import _components, degrees, tile_graph

__all__ = [
    "ChainCheck",
    "Extension",
    "can_chain",
    "find_chain",
    "iter_chains",
    "extensions",
    "reachable_ends",
    "can_finish",
    "finish_chain",
]


@dataclass(frozen=True)
class ChainCheck:
    """The answer to "can these tiles form one line?", with the reason.

    Truthy when they can. ``odd`` lists the numbers that show an odd number of
    times, ``parts`` the connected groups of tiles (more than one means no
    single line), ``ends`` the possible end numbers of a line (one number for a
    ring).
    """

    ok: bool
    reason: str
    odd: tuple[int, ...] = ()
    parts: tuple[Hand, ...] = ()
    ends: tuple[int, ...] = ()
    degrees: dict[int, int] = field(default_factory=dict, compare=False)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return (tr("Yes: {reason}") if self.ok else tr("No: {reason}")).format(
            reason=self.reason)

    def _repr_html_(self) -> str:
        colour = "#1b5e20" if self.ok else "#8a1c1c"
        return (f'<div role="status" style="color:{colour};font-weight:600">'
                f"{html.escape(str(self))}</div>")


def _numbers(numbers: Iterable[int]) -> str:
    xs = list(numbers)
    if len(xs) <= 1:
        return "".join(map(str, xs))
    return tr("{first} and {last}").format(first=", ".join(map(str, xs[:-1])), last=xs[-1])


def can_chain(tiles: Any, start: int | None = None, end: int | None = None) -> ChainCheck:
    """Can all these tiles be laid in one line (optionally from ``start`` to ``end``)?

    Euler: yes exactly when the tiles are connected and zero or two numbers show
    an odd number of times; with two odd numbers the line must run from one to
    the other, with none it closes into a ring.

    >>> print(can_chain("0:1 1:2 2:0 3:4"))
    No: the tiles fall into 2 separate groups (0:1 0:2 1:2 | 3:4); no line can join them
    >>> r = can_chain("0:1 1:2 1:3 1:4")
    >>> bool(r), r.odd
    (False, (0, 2, 3, 4))
    >>> print(can_chain("0:1 1:2", start=2))
    Yes: 0 and 2 show an odd number of times, so a line must run from one to the other
    >>> print(can_chain("0:1 1:2", start=1))
    No: a line must start at 0 or 2 (the numbers shown an odd number of times), not at 1
    """
    hand = as_tiles(tiles)
    if start is not None:
        start = _number(start, "start")
    if end is not None:
        end = _number(end, "end")
    deg = degrees(hand)
    odd = tuple(v for v, d in deg.items() if d % 2)
    if not hand:
        return ChainCheck(True, tr("no tiles: the empty line"), degrees=deg)
    parts = tuple(_components(hand))
    if len(parts) > 1:
        groups = " | ".join(str(p) for p in parts)
        return ChainCheck(False, tr("the tiles fall into {n} separate groups ({groups}); no line "
                                    "can join them").format(n=len(parts), groups=groups),
                          odd, parts, (), deg)
    if len(odd) > 2:
        return ChainCheck(
            False,
            tr("{numbers} show an odd number of times; a line has only two ends, so at most "
               "two numbers may").format(numbers=_numbers(odd)),
            odd, parts, (), deg,
        )
    for name, x in (("start", start), ("end", end)):
        if x is not None and x not in deg:
            why = (tr("no tile shows {x}, so a line cannot start there") if name == "start" else
                   tr("no tile shows {x}, so a line cannot end there"))
            return ChainCheck(False, why.format(x=x), odd, parts, (), deg)
    if len(odd) == 2:
        for name, x in (("start", start), ("end", end)):
            if x is not None and x not in odd:
                why = (tr("a line must start at {a} or {b} (the numbers shown an odd number "
                          "of times), not at {x}") if name == "start" else
                       tr("a line must end at {a} or {b} (the numbers shown an odd number of "
                          "times), not at {x}"))
                return ChainCheck(False, why.format(a=odd[0], b=odd[1], x=x), odd, parts, odd,
                                  deg)
        if start is not None and end is not None and start == end:
            return ChainCheck(False, tr("{a} and {b} show an odd number of times, so the line "
                                        "cannot start and end at {x}").format(
                a=odd[0], b=odd[1], x=start), odd, parts, odd, deg)
        return ChainCheck(True, tr("{a} and {b} show an odd number of times, so a line must run "
                                   "from one to the other").format(a=odd[0], b=odd[1]),
                          odd, parts, odd, deg)
    if start is not None and end is not None and start != end:
        return ChainCheck(False, tr("every number shows an even number of times, so a line ends "
                                    "where it starts; it cannot run from {start} to {end}")
                          .format(start=start, end=end), odd, parts, (), deg)
    there = start if start is not None else end
    ends = (there,) if there is not None else tuple(deg)
    return ChainCheck(True, tr("every number shows an even number of times and the tiles are "
                               "connected: they close into a ring"), odd, parts, ends, deg)


def find_chain(tiles: Any, start: int | None = None, end: int | None = None) -> Chain | None:
    """One line using every tile (from ``start`` / to ``end`` if given), or None.

    Built with networkx's Euler path (Hierholzer's algorithm); doubles sit in
    their place inside the line.

    >>> str(find_chain("0:1 1:1 1:2 2:0"))
    '0:2 2:1 1:1 1:0'
    >>> str(find_chain("0:1 1:2", start=2))
    '2:1 1:0'
    >>> find_chain("0:1 2:3") is None
    True
    """
    hand = as_tiles(tiles)
    check = can_chain(hand, start, end)
    if not check:
        return None
    if not hand:
        return Chain()
    if start is None and end is not None:
        c = find_chain(hand, start=end)
        assert c is not None  # the same tiles passed can_chain with that end
        return c.reversed()
    if start is None:
        start = check.odd[0] if check.odd else min(t.low for t in hand)
    g = tile_graph(hand)
    if check.odd:
        steps = nx.eulerian_path(g, source=start, keys=True)
    else:
        steps = nx.eulerian_circuit(g, source=start, keys=True)
    return Chain((u, v) for u, v, _ in steps)


def iter_chains(tiles: Any, start: int | None = None, end: int | None = None,
                *, max_tiles: int = 16) -> Iterator[Chain]:
    """Every line that uses all the tiles (a line and its reversal both appear).

    Plain depth-first search, for small sets (at most ``max_tiles`` tiles).

    >>> [str(c) for c in iter_chains("0:1 1:1 1:2")]
    ['0:1 1:1 1:2', '2:1 1:1 1:0']
    >>> from dominolab import DominoSet
    >>> sum(1 for _ in iter_chains(DominoSet(2)))  # 2 rings x 6 cut points
    12
    >>> list(iter_chains(""))                       # no tiles: just the empty line
    [Chain('')]
    """
    hand = as_tiles(tiles)
    if len(hand) > max_tiles:
        raise InvalidSet(f"iter_chains lists every line; {len(hand)} tiles is too many "
                         f"(at most {max_tiles}; use count_lines or find_chain)")
    if not can_chain(hand, start, end):
        return
    if not hand:  # the empty line, as find_chain returns it
        yield Chain()
        return
    edges = [(t.low, t.high) for t in hand]
    firsts = [start] if start is not None else sorted(degrees(hand))
    for v in firsts:
        for path in _trails(edges, v, end):
            yield Chain._of(path)       # (the hand's tiles, distinct and checked above)


def _trails(edges: Sequence[Pair], start: int, end: int | None = None) -> Iterator[list[Pair]]:
    """Every trail from ``start`` that uses each of ``edges`` exactly once (and stops at ``end``).

    Plain depth-first search over the edges, exponential in their number: the
    one brute-force search behind :func:`iter_chains` and the brute-force ring
    and circuit counts that cross-check the fast ones. A loop ``(v, v)`` is one
    step. Each trail is yielded as the same list of ordered pairs, changed in
    place afterwards: copy it to keep it. No edges: the empty trail, when
    ``end`` allows it.

    >>> list(_trails([], 3)), list(_trails([], 3, end=4))
    ([[]], [])
    >>> [list(t) for t in _trails([(0, 1), (1, 1), (1, 2)], 2)]
    [[(2, 1), (1, 1), (1, 0)]]
    >>> [list(t) for t in _trails([(0, 1), (1, 2), (2, 0)], 0, end=0)]  # both ways round
    [[(0, 1), (1, 2), (2, 0)], [(0, 2), (2, 1), (1, 0)]]
    """
    adj: dict[int, list[tuple[int, int, Pair]]] = defaultdict(list)
    for i, (a, b) in enumerate(edges):
        adj[a].append((i, b, (a, b)))
        if a != b:
            adj[b].append((i, a, (b, a)))
    n = len(edges)
    if not n:
        if end is None or end == start:
            yield []
        return
    # An explicit stack (no recursion limit; within 10% of the speed of the
    # plain recursive counters it replaces, where a recursive generator was 40%
    # slower): stack[d] goes through the choices for
    # step d, taken[d] is the edge chosen there, path[:d] the trail so far.
    used = [False] * n
    path: list[Pair] = [(start, start)] * n
    taken = [0] * n
    stack = [iter(adj[start])]
    last = n - 1
    d = 0
    while True:
        for i, w, step in stack[d]:
            if used[i]:
                continue
            path[d] = step
            if d == last:
                if end is None or w == end:
                    yield path
                continue
            used[i] = True
            taken[d] = i
            stack.append(iter(adj[w]))
            d += 1
            break
        else:
            stack.pop()
            if not d:
                return
            d -= 1
            used[taken[d]] = False


# ---------------------------------------------------------------------------
# Extending a chain
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Extension:
    """One legal move: put ``tile`` at ``side`` of the chain, giving ``chain``."""

    side: str
    tile: Tile
    chain: Chain

    def __str__(self) -> str:
        return f"{self.tile} at the {self.side}"


def _chain_and_ends(chain_or_ends: Any) -> tuple[Chain | None, tuple[int, ...]]:
    """A chain (Chain, text, list of ordered pairs) with its ends, or bare end numbers."""
    if isinstance(chain_or_ends, Chain):
        return chain_or_ends, chain_or_ends.ends or ()
    if isinstance(chain_or_ends, str):
        c = Chain.parse(chain_or_ends)
        return c, c.ends or ()
    if isinstance(chain_or_ends, int) and not isinstance(chain_or_ends, bool):
        return None, (_number(chain_or_ends, "an open end"),)
    try:
        items = list(chain_or_ends)
    except TypeError:
        raise InvalidTile(f"expected a chain such as '1:2 2:5' or open end numbers, "
                          f"not {chain_or_ends!r}") from None
    if items and all(isinstance(x, (tuple, list)) for x in items):
        c = Chain(items)
        return c, c.ends or ()
    return None, tuple(_number(x, "an open end") for x in items)


def extensions(chain: Any, tiles: Any) -> list[Extension]:
    """The one-tile moves: each tile of ``tiles`` that fits an open end.

    A tile that fits both ends is listed once per end (unless the ends are equal).

    >>> [str(e) for e in extensions("1:2 2:5", "5:6 1:5 3:4 2:2")]
    ['1:5 at the left', '5:6 at the right', '1:5 at the right']
    """
    c, _ = _chain_and_ends(chain)
    if c is None:
        raise InvalidTile("extensions needs a chain such as '1:2 2:5'")
    hand = as_tiles(tiles)
    inside = set(c.tiles)
    moves: list[Extension] = []
    if not c.pairs:
        return [Extension("right", t, c.extend(t)) for t in hand if t not in inside]
    left, right = c.pairs[0][0], c.pairs[-1][1]
    sides = ["left", "right"] if left != right else ["right"]
    for side in sides:
        for t in hand:
            if t not in inside and c.fits(t, side):
                moves.append(Extension(side, t, c.extend(t, side)))
    return moves


def reachable_ends(chain_or_ends: Any, tiles: Any) -> dict[int, dict[int, Chain]]:
    """Which numbers can each open end show after extending it with some of ``tiles``?

    An end ``e`` can be made to show ``x`` exactly when ``x`` is joined to ``e``
    by a path of available tiles, i.e. lies in the same connected part of the
    tile graph. For every open end we return ``{x: shortest extension}``, the
    extension written as a chain starting at ``e``. (Each end is asked on its
    own; the two ends together also need disjoint tiles.)

    >>> r = reachable_ends("1:2 2:5", "5:6 6:0 3:4 2:2")
    >>> sorted(r), sorted(r[5]), str(r[5][0])
    ([1, 5], [0, 5, 6], '5:6 6:0')
    >>> sorted(reachable_ends(3, "3:4 4:4 0:1")[3])
    [3, 4]
    """
    c, ends = _chain_and_ends(chain_or_ends)
    hand = as_tiles(tiles)
    if c is not None:
        inside = set(c.tiles)
        hand = Hand(t for t in hand if t not in inside)
    g: nx.Graph = nx.Graph()
    for t in hand:
        if not t.is_double:
            g.add_edge(t.low, t.high)
    out: dict[int, dict[int, Chain]] = {}
    for e in ends:
        found = {e: Chain()}
        if e in g:
            for x, path in sorted(nx.single_source_shortest_path(g, e).items()):
                if x != e:
                    found[x] = Chain(zip(path, path[1:]))
        out[e] = dict(sorted(found.items()))
    return out


def _with_link(chain: Chain, hand: Hand) -> tuple[Hand, Tile | None]:
    """The tiles of ``hand`` not in the chain, and a "link" tile joining its two ends."""
    inside = set(chain.tiles)
    rest = Hand(t for t in hand if t not in inside)
    return rest, (Tile(chain.pairs[0][0], chain.pairs[-1][1]) if chain.pairs else None)


def can_finish(chain: Any, tiles: Any) -> ChainCheck:
    """Can the chain be extended, at either end, until it uses all of ``tiles``?

    Replace the chain by one extra "link" tile joining its two ends: the chain
    can be finished exactly when the remaining tiles plus the link can be laid
    in one line (Euler's condition), because any such line, cut at the link,
    gives the two extensions. Tiles of ``tiles`` already in the chain are
    ignored, so ``tiles`` may be the whole set.

    >>> print(can_finish("1:2", "0:1 2:3 3:0 4:4"))
    No: 4:4 cannot be reached from the line
    >>> print(can_finish("1:2", "0:1 2:3 3:0 1:1"))
    Yes: the free tiles are connected to the line and, counting its open ends, every number shows an even number of times
    >>> print(can_finish("1:2", "2:3 2:4"))
    No: counting the line's open ends, 1, 2, 3 and 4 show an odd number of times; a finished line has only two ends
    """
    c, _ = _chain_and_ends(chain)
    if c is None:
        raise InvalidTile(f"can_finish needs a chain such as '1:2 2:5', not {chain!r}")
    rest, link = _with_link(c, as_tiles(tiles))
    if link is None:
        return can_chain(rest)
    all_tiles = list(rest) + [link]
    deg = degrees(Hand(all_tiles))
    odd = tuple(v for v, d in deg.items() if d % 2)
    g = tile_graph(Hand(all_tiles))
    reach = nx.node_connected_component(g, link.low)
    stranded = Hand(t for t in rest if t.low not in reach)
    if stranded:
        return ChainCheck(False, tr("{tiles} cannot be reached from the line").format(
            tiles=stranded), odd, (), (), deg)
    if len(odd) > 2:
        return ChainCheck(False, tr("counting the line's open ends, {numbers} show an odd "
                                    "number of times; a finished line has only two ends")
                          .format(numbers=_numbers(odd)), odd, (), (), deg)
    if odd:
        return ChainCheck(True, tr("the free tiles are connected to the line and, counting its "
                                   "open ends, only {numbers} show an odd number of times: the "
                                   "finished line will end there").format(
            numbers=_numbers(odd)), odd, (), odd, deg)
    return ChainCheck(True, tr("the free tiles are connected to the line and, counting its open "
                               "ends, every number shows an even number of times"),
                      odd, (), (), deg)


def finish_chain(chain: Any, tiles: Any) -> Chain | None:
    """The chain extended to use all of ``tiles`` (see :func:`can_finish`), or None.

    The chain keeps its direction: it appears inside the result read the
    same way, left to right.

    >>> str(finish_chain("1:2", "0:1 2:3 3:0 1:1"))
    '1:1 1:2 2:3 3:0 0:1'
    >>> str(finish_chain("1:2", "2:2 1:1"))
    '1:1 1:2 2:2'
    """
    c, _ = _chain_and_ends(chain)
    if c is None:
        raise InvalidTile(f"finish_chain needs a chain such as '1:2 2:5', not {chain!r}")
    rest, link = _with_link(c, as_tiles(tiles))
    if link is None:
        return find_chain(rest)
    if not can_finish(c, tiles):
        return None
    g = tile_graph(rest)
    g.add_edge(link.low, link.high, key="link", tile=link)
    odd = [v for v, d in g.degree() if d % 2]
    if odd:
        steps = list(nx.eulerian_path(g, source=odd[0], keys=True))
    else:
        steps = list(nx.eulerian_circuit(g, source=link.low, keys=True))
    i = next(j for j, s in enumerate(steps) if s[2] == "link")
    before, after = steps[:i], steps[i + 1:]
    u, v, _ = steps[i]
    forward = (u, v) == c.ends
    mid = list(c.pairs) if forward else list(c.reversed().pairs)
    done = Chain([(a, b) for a, b, _ in before] + mid + [(a, b) for a, b, _ in after])
    # The Euler path may run through the link backwards; read the result from the
    # other end then, so the user's chain keeps its left-to-right direction.
    return done if forward else done.reversed()


