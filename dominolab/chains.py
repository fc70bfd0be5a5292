"""Chains and rings of dominoes as graph problems.

Read every tile ``a:b`` as an edge joining the numbers ``a`` and ``b``; a
double ``a:a`` is a loop. A double-n set is then the complete graph
``K_{n+1}`` with a loop at every vertex, a *line* of tiles is a trail (a walk
that uses no edge twice) and a *ring* that uses every tile is an Euler
circuit. Euler's theorem answers "can these tiles form one line?": the used
tiles must be connected and at most two numbers may show an odd number of
times (doubles count twice).

>>> from dominolab import DominoSet
>>> r = can_chain(DominoSet(6))
>>> bool(r), r.reason
(True, 'every number shows an even number of times and the tiles are connected: they close into a ring')
>>> bool(can_chain(DominoSet(5)))
False
>>> c = find_chain("1:2 2:5 2:2")
>>> str(c)
'1:2 2:2 2:5'
>>> count_lines(6)
7959229931520

Counting conventions (exact integers throughout):

* :func:`count_rings` counts *rings with direction*: cyclic arrangements of
  all tiles of the double-n set, a ring and its mirror image counted
  separately, rotations of one ring counted once.
* :func:`count_lines` counts straight lines of all tiles, a line and its
  reversal counted separately. For even n every line closes (its two end
  numbers agree), so cutting a ring at one of its ``(n+1)(n+2)/2`` joints
  gives each line exactly once: ``lines = rings * size``.
* Removing the doubles from a ring leaves a directed Euler circuit of
  ``K_{n+1}`` (up to rotation); each double ``v:v`` goes back in at one of
  the ``n/2`` visits of the circuit to ``v``. So ``rings = E(K_{n+1}) *
  (n/2)^(n+1)``, where ``E`` counts Euler circuits of the simple complete
  graph as cyclic edge sequences with a direction. This ``E`` is OEIS
  A135388, "number of Eulerian circuits in the complete graph K_{2n+1}"
  (= A350028(2n+1), "Euler tours of K_n"): 2, 264, 129976320,
  911520057021235200, 257326999238092967427785160130560, … for K_3, K_5,
  K_7, K_9, K_11. Its convention is ours: the worked example there fixes
  the first edge of the tour (so rotations are not counted) and multiplies
  by 2 for the tours run backwards. A007082 lists ``E / ((n-1)!)^(2n+1)``, our
  :func:`euler_tree_sum`: 2, 264, 1015440, 90449251200, … The tests check
  our values against these. OEIS counts tours of the simple graph, without
  doubles and without a cut point; we add both factors.
  Reiss (1871) and Dudeney counted 7,959,229,931,520 lines of double-six:
  ``129976320 * 3**7 * 28``.

``E(K_N)`` comes from the BEST theorem: an Eulerian digraph ``D`` has
``t(D) * prod_v (outdeg(v) - 1)!`` Euler circuits, ``t(D)`` its number of
spanning arborescences towards any fixed root. Summing over the Eulerian
orientations of ``K_N`` (every out-degree ``k = (N-1)/2``) gives
``E = ((k-1)!)^N * C`` with ``C = sum_D t(D)``. :func:`euler_tree_sum`
computes ``C`` without listing orientations (see its docstring).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from .errors import IllegalMove, InvalidSet, InvalidTile, ParseError
from .tiles import DominoSet, Hand, Tile, parse_tiles

__all__ = [
    "Chain",
    "ChainCheck",
    "Extension",
    "tile_graph",
    "graph_tiles",
    "degrees",
    "can_chain",
    "find_chain",
    "iter_chains",
    "extensions",
    "reachable_ends",
    "can_finish",
    "finish_chain",
    "MAX_RING_N",
    "count_rings",
    "count_lines",
    "count_euler_circuits",
    "euler_circuits_complete",
    "euler_tree_sum",
    "longest_chain",
    "longest_full_set_line",
]


# ---------------------------------------------------------------------------
# Input
# ---------------------------------------------------------------------------

def _as_tiles(tiles: Any, *, what: str = "tiles", distinct: bool = True) -> Hand:
    """Tiles from text, a DominoSet, a Chain or an iterable; duplicates are an error."""
    if isinstance(tiles, str):
        hand = parse_tiles(tiles)
    elif isinstance(tiles, DominoSet):
        return tiles.tiles
    elif isinstance(tiles, Chain):
        hand = tiles.tiles
    elif isinstance(tiles, Tile):
        hand = Hand([tiles])
    else:
        try:
            hand = Hand(tiles)
        except TypeError:
            raise InvalidTile(f"{what}: expected tiles like '0:1 1:2', got {tiles!r}") from None
    if distinct:
        seen: dict[Tile, int] = {}
        for k, t in enumerate(hand, start=1):
            if t in seen:
                raise InvalidSet(
                    f"{what} list {t} twice (positions {seen[t]} and {k}); "
                    "each tile may be used once"
                )
            seen[t] = k
    return hand


def _number(x: Any, what: str) -> int:
    """``x`` as a tile number (a whole number >= 0), or an InvalidTile naming ``what``."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise InvalidTile(f"{what} must be a number on a tile (a whole number), not {x!r}")
    if x < 0:
        raise InvalidTile(f"{what} must be 0 or more, not {x}")
    return x


def _check_n(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidSet(f"a domino set is named by its largest number, a whole number; got {n!r}")
    if n < 0:
        raise InvalidSet(f"a domino set needs a largest number of 0 or more, got {n}")
    return n


# ---------------------------------------------------------------------------
# Chains as values
# ---------------------------------------------------------------------------

_PAIR_RE = re.compile(r"\d+")
_GLYPH_H, _GLYPH_V = 0x1F031, 0x1F063
_TOKEN_RE = re.compile(r"\[[^\]]*\]|[^\s,;]+")


def _oriented_token(token: str, pos: int, k: int, text: str) -> tuple[int, int]:
    """The ordered pair written in one token (``2:1`` is ``(2, 1)``)."""
    try:
        tile = Tile.parse(token)
    except ParseError as e:
        what = str(e).split(": ", 1)[-1]
        raise ParseError(f"cannot read tile {k} ({token!r} at position {pos}): {what}",
                         text, pos) from None
    if len(token) == 1:  # a Unicode glyph: the code point gives the order
        code = ord(token)
        first = _GLYPH_H if code < _GLYPH_V else _GLYPH_V
        return divmod(code - first, 7)
    a, b = (int(x) for x in _PAIR_RE.findall(token))
    assert Tile(a, b) == tile
    return a, b


class Chain:
    """A straight line of tiles, each turned so that touching halves match.

    A chain is stored as its ordered pairs, left to right; its text form is
    ``"1:2 2:2 2:5"`` and round-trips. Chains are immutable values; use
    :meth:`extend` to get a longer one. ``ends`` are the open numbers.

    >>> c = Chain.parse("1:2 2:2 2:5")
    >>> c.ends, len(c), str(c.reversed())
    ((1, 5), 3, '5:2 2:2 2:1')
    >>> str(c.extend(Tile(5, 6))), str(c.extend(Tile(0, 1), "left"))
    ('1:2 2:2 2:5 5:6', '0:1 1:2 2:2 2:5')
    >>> Chain.parse("1:2 3:4")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: tile 2 (3:4 at position 4) does not touch tile 1: it starts with 3 but the line ends in 2
    """

    __slots__ = ("pairs",)

    def __init__(self, pairs: Iterable = ()):
        if isinstance(pairs, str):
            pairs = Chain.parse(pairs).pairs
        items: list[tuple[int, int]] = []
        seen: dict[Tile, int] = {}
        try:
            pairs = list(pairs)
        except TypeError:
            raise InvalidTile(f"a chain is a list of ordered pairs such as [(1, 2), (2, 5)] "
                              f"or text like '1:2 2:5', not {pairs!r}") from None
        for k, p in enumerate(pairs, start=1):
            if isinstance(p, Tile):
                raise InvalidTile(
                    f"a chain needs ordered pairs such as (1, 2); tile {k} is {p!r} "
                    "(use find_chain to arrange tiles)"
                )
            try:
                a, b = p
            except (TypeError, ValueError):
                raise InvalidTile(f"tile {k} of the chain, {p!r}, is not an ordered pair "
                                  "such as (1, 2)") from None
            a = _number(a, f"tile {k} of the chain ({p!r})")
            b = _number(b, f"tile {k} of the chain ({p!r})")
            tile = Tile(a, b)
            if items and items[-1][1] != a:
                raise IllegalMove(
                    f"tile {k} ({a}:{b}) does not touch tile {k - 1}: it starts with {a} "
                    f"but the line ends in {items[-1][1]}"
                )
            if tile in seen:
                raise InvalidSet(f"tile {tile} is used twice (positions {seen[tile]} and {k})")
            seen[tile] = k
            items.append((int(a), int(b)))
        object.__setattr__(self, "pairs", tuple(items))

    def __setattr__(self, name, value):
        raise AttributeError("Chain is immutable")

    @classmethod
    def parse(cls, text: str) -> Chain:
        """Read a chain written left to right, e.g. ``"1:2 2:2 2:5"``."""
        if not isinstance(text, str):
            raise ParseError(f"a chain is written as text like '1:2 2:5', got {text!r}")
        pairs: list[tuple[int, int]] = []
        for k, m in enumerate(_TOKEN_RE.finditer(text), start=1):
            a, b = _oriented_token(m.group(), m.start(), k, text)
            if pairs and pairs[-1][1] != a:
                raise ParseError(
                    f"tile {k} ({a}:{b} at position {m.start()}) does not touch tile {k - 1}: "
                    f"it starts with {a} but the line ends in {pairs[-1][1]}",
                    text, m.start(),
                )
            pairs.append((a, b))
        try:
            return cls(pairs)
        except InvalidSet as e:
            raise ParseError(f"cannot read a chain from {text!r}: {e}", text) from None

    # value behaviour
    def __eq__(self, other):
        if isinstance(other, Chain):
            return self.pairs == other.pairs
        return NotImplemented

    def __hash__(self):
        return hash(("Chain", self.pairs))

    def __len__(self) -> int:
        return len(self.pairs)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self.pairs)

    def __str__(self) -> str:
        return " ".join(f"{a}:{b}" for a, b in self.pairs)

    def __repr__(self) -> str:
        return f"Chain({str(self)!r})"

    @property
    def tiles(self) -> Hand:
        """The tiles of the chain, left to right."""
        return Hand(Tile(a, b) for a, b in self.pairs)

    @property
    def ends(self) -> tuple[int, int] | None:
        """The open numbers ``(left, right)``; None for the empty chain."""
        if not self.pairs:
            return None
        return self.pairs[0][0], self.pairs[-1][1]

    @property
    def is_closed(self) -> bool:
        """True when both ends show the same number, so the line closes into a ring."""
        return bool(self.pairs) and self.pairs[0][0] == self.pairs[-1][1]

    @property
    def pips(self) -> int:
        """Total pips on the chain."""
        return sum(a + b for a, b in self.pairs)

    def reversed(self) -> Chain:
        """The same line read from the other end."""
        return Chain((b, a) for a, b in reversed(self.pairs))

    def fits(self, tile: Tile, side: str = "right") -> bool:
        """Can ``tile`` be added at ``side`` (``"left"`` or ``"right"``)?

        >>> Chain("1:2").fits("2:6"), Chain("1:2").fits("2:6", "left")
        (True, False)
        """
        tile = _one_tile(tile)
        if side not in ("left", "right"):
            raise IllegalMove(f"side must be 'left' or 'right', not {side!r}")
        if tile in set(self.tiles):
            return False
        if not self.pairs:
            return True
        end = self.ends[0] if side == "left" else self.ends[1]
        return tile.has(end)

    def extend(self, tile, side: str = "right") -> Chain:
        """A new chain with ``tile`` added at ``side``, turned to match.

        Raises :class:`~dominolab.errors.IllegalMove` when the tile does not fit.
        """
        tile = _one_tile(tile)
        if side not in ("left", "right"):
            raise IllegalMove(f"side must be 'left' or 'right', not {side!r}")
        if tile in set(self.tiles):
            raise IllegalMove(f"{tile} is already in the chain")
        if not self.pairs:
            return Chain([(tile.low, tile.high)])
        left, right = self.ends
        if side == "right":
            if not tile.has(right):
                raise IllegalMove(f"{tile} does not fit the right end: it shows no {right}")
            return Chain(self.pairs + (tile.oriented(right),))
        if not tile.has(left):
            raise IllegalMove(f"{tile} does not fit the left end: it shows no {left}")
        b, a = tile.oriented(left)
        return Chain(((a, b),) + self.pairs)

    def _repr_svg_(self) -> str:
        from .render.chains import chain_picture

        return chain_picture(self)


def _one_tile(tile: Any) -> Tile:
    """A single tile from a Tile, text such as ``"2:5"`` or a pair ``(2, 5)``."""
    if isinstance(tile, Tile):
        return tile
    if isinstance(tile, str):
        return Tile.parse(tile)
    try:
        a, b = tile
    except (TypeError, ValueError):
        raise InvalidTile(f"expected one tile such as '2:5' or (2, 5), not {tile!r}") from None
    return Tile(_number(a, f"a number of the tile {tile!r}"),
                _number(b, f"a number of the tile {tile!r}"))


# ---------------------------------------------------------------------------
# Graphs
# ---------------------------------------------------------------------------

def tile_graph(tiles: Any, *, numbers: Iterable[int] | None = None) -> nx.MultiGraph:
    """The tiles as a multigraph: numbers are vertices, tiles are edges, doubles loops.

    Each edge carries its tile as the ``tile`` attribute (and as its key).
    ``numbers`` adds vertices that no tile shows (e.g. all of 0..n).

    >>> g = tile_graph("0:1 1:1 1:2")
    >>> sorted(g.degree()), g.number_of_edges()
    ([(0, 1), (1, 4), (2, 1)], 3)
    >>> str(graph_tiles(g))
    '0:1 1:1 1:2'
    """
    hand = _as_tiles(tiles, distinct=False)
    g = nx.MultiGraph()
    if numbers is not None:
        g.add_nodes_from(numbers)
    copies: Counter = Counter()
    for t in hand:
        key = t if copies[t] == 0 else (t, copies[t])
        copies[t] += 1
        g.add_edge(t.low, t.high, key=key, tile=t)
    return g


def graph_tiles(graph: nx.Graph) -> Hand:
    """The tiles of a (multi)graph whose vertices are numbers, in canonical order."""
    if not isinstance(graph, nx.Graph):
        raise InvalidTile(f"graph_tiles needs a networkx graph, not {type(graph).__name__}")
    if graph.is_multigraph():
        edges = graph.edges(keys=False)
    else:
        edges = graph.edges()
    tiles = []
    for u, v in edges:
        a = _number(u, f"vertex {u!r} of the graph")
        b = _number(v, f"vertex {v!r} of the graph")
        tiles.append(Tile(a, b))
    return Hand(sorted(tiles))


def degrees(tiles: Any) -> dict[int, int]:
    """How many tile ends show each number (a double counts twice).

    >>> degrees("0:1 1:1 1:2")
    {0: 1, 1: 4, 2: 1}
    """
    deg: Counter = Counter()
    for t in _as_tiles(tiles, distinct=False):
        deg[t.low] += 1
        deg[t.high] += 1
    return dict(sorted(deg.items()))


# ---------------------------------------------------------------------------
# Can these tiles form one line?
# ---------------------------------------------------------------------------

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
    degrees: dict = field(default_factory=dict, compare=False)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return ("Yes: " if self.ok else "No: ") + self.reason

    def _repr_html_(self) -> str:
        import html

        colour = "#1b5e20" if self.ok else "#8a1c1c"
        return (f'<div role="status" style="color:{colour};font-weight:600">'
                f"{html.escape(str(self))}</div>")


def _components(hand: Hand) -> list[Hand]:
    g = tile_graph(hand)
    parts = []
    for comp in sorted(nx.connected_components(g), key=min):
        parts.append(Hand(sorted(t for t in hand if t.low in comp)))
    return parts


def _numbers(xs) -> str:
    xs = list(xs)
    if len(xs) <= 1:
        return "".join(map(str, xs))
    return ", ".join(map(str, xs[:-1])) + " and " + str(xs[-1])


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
    hand = _as_tiles(tiles)
    if start is not None:
        start = _number(start, "start")
    if end is not None:
        end = _number(end, "end")
    deg = degrees(hand)
    odd = tuple(v for v, d in deg.items() if d % 2)
    if not hand:
        return ChainCheck(True, "no tiles: the empty line", degrees=deg)
    parts = tuple(_components(hand))
    if len(parts) > 1:
        groups = " | ".join(str(p) for p in parts)
        return ChainCheck(False, f"the tiles fall into {len(parts)} separate groups ({groups}); "
                          "no line can join them", odd, parts, (), deg)
    if len(odd) > 2:
        return ChainCheck(
            False,
            f"{_numbers(odd)} show an odd number of times; a line has only two ends, so at most "
            "two numbers may",
            odd, parts, (), deg,
        )
    for name, x in (("start", start), ("end", end)):
        if x is not None and x not in deg:
            return ChainCheck(False, f"no tile shows {x}, so a line cannot {name} there",
                              odd, parts, (), deg)
    if len(odd) == 2:
        for name, x in (("start", start), ("end", end)):
            if x is not None and x not in odd:
                return ChainCheck(
                    False,
                    f"a line must {name} at {odd[0]} or {odd[1]} (the numbers shown an odd "
                    f"number of times), not at {x}",
                    odd, parts, odd, deg,
                )
        if start is not None and end is not None and start == end:
            return ChainCheck(False, f"{odd[0]} and {odd[1]} show an odd number of times, so the "
                              f"line cannot start and end at {start}", odd, parts, odd, deg)
        return ChainCheck(True, f"{odd[0]} and {odd[1]} show an odd number of times, so a line "
                          "must run from one to the other", odd, parts, odd, deg)
    if start is not None and end is not None and start != end:
        return ChainCheck(False, f"every number shows an even number of times, so a line ends "
                          f"where it starts; it cannot run from {start} to {end}",
                          odd, parts, (), deg)
    there = start if start is not None else end
    ends = (there,) if there is not None else tuple(deg)
    return ChainCheck(True, "every number shows an even number of times and the tiles are "
                      "connected: they close into a ring", odd, parts, ends, deg)


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
    hand = _as_tiles(tiles)
    check = can_chain(hand, start, end)
    if not check:
        return None
    if not hand:
        return Chain()
    g = tile_graph(hand)
    if start is None and end is not None:
        c = find_chain(hand, start=end)
        return c.reversed()
    if start is None:
        start = check.odd[0] if check.odd else min(t.low for t in hand)
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
    >>> sum(1 for _ in iter_chains(DominoSet(2)))  # 2 rings x 6 cut points
    12
    >>> list(iter_chains(""))                       # no tiles: just the empty line
    [Chain('')]
    """
    hand = _as_tiles(tiles)
    if len(hand) > max_tiles:
        raise InvalidSet(f"iter_chains lists every line; {len(hand)} tiles is too many "
                         f"(at most {max_tiles}; use count_lines or find_chain)")
    if not can_chain(hand, start, end):
        return
    if not hand:  # the empty line, as find_chain returns it
        yield Chain()
        return
    adj = defaultdict(list)
    for i, t in enumerate(hand):
        adj[t.low].append(i)
        if not t.is_double:
            adj[t.high].append(i)
    used = [False] * len(hand)
    path: list[tuple[int, int]] = []
    total = len(hand)

    def dfs(v):
        if len(path) == total:
            if end is None or v == end:
                yield Chain(path)
            return
        for i in adj[v]:
            if not used[i]:
                used[i] = True
                w = hand[i].other(v)
                path.append((v, w))
                yield from dfs(w)
                path.pop()
                used[i] = False

    firsts = [start] if start is not None else sorted(degrees(hand))
    for v in firsts:
        yield from dfs(v)


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
    hand = _as_tiles(tiles)
    inside = set(c.tiles)
    moves = []
    if not c.pairs:
        return [Extension("right", t, c.extend(t)) for t in hand if t not in inside]
    left, right = c.ends
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
    hand = _as_tiles(tiles)
    if c is not None:
        inside = set(c.tiles)
        hand = Hand(t for t in hand if t not in inside)
    g = nx.Graph()
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
    inside = set(chain.tiles)
    rest = Hand(t for t in hand if t not in inside)
    return rest, (Tile(*chain.ends) if chain.pairs else None)


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
    rest, link = _with_link(c, _as_tiles(tiles))
    if link is None:
        return can_chain(rest)
    all_tiles = list(rest) + [link]
    deg = degrees(Hand(all_tiles))
    odd = tuple(v for v, d in deg.items() if d % 2)
    g = tile_graph(Hand(all_tiles))
    reach = nx.node_connected_component(g, link.low)
    stranded = Hand(t for t in rest if t.low not in reach)
    if stranded:
        return ChainCheck(False, f"{stranded} cannot be reached from the line", odd,
                          (), (), deg)
    if len(odd) > 2:
        return ChainCheck(False, f"counting the line's open ends, {_numbers(odd)} show an odd "
                          "number of times; a finished line has only two ends", odd, (), (), deg)
    if odd:
        return ChainCheck(True, f"the free tiles are connected to the line and, counting its "
                          f"open ends, only {_numbers(odd)} show an odd number of times: the "
                          "finished line will end there", odd, (), odd, deg)
    return ChainCheck(True, "the free tiles are connected to the line and, counting its open "
                      "ends, every number shows an even number of times", odd, (), (), deg)


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
    rest, link = _with_link(c, _as_tiles(tiles))
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


# ---------------------------------------------------------------------------
# Counting Euler circuits
# ---------------------------------------------------------------------------

def _bareiss_det(m: list[list[int]]) -> int:
    """Exact integer determinant by fraction-free (Bareiss) elimination.

    Written by hand because sympy's Matrix.det is far slower for the
    thousands of small integer matrices the BEST sum needs.
    """
    a = [row[:] for row in m]
    n = len(a)
    if n == 0:
        return 1
    sign, prev = 1, 1
    for k in range(n - 1):
        if a[k][k] == 0:
            swap = next((r for r in range(k + 1, n) if a[r][k]), None)
            if swap is None:
                return 0
            a[k], a[swap] = a[swap], a[k]
            sign = -sign
        akk = a[k][k]
        for i in range(k + 1, n):
            aik = a[i][k]
            row_i, row_k = a[i], a[k]
            for j in range(k + 1, n):
                row_i[j] = (row_i[j] * akk - aik * row_k[j]) // prev
        prev = akk
    return sign * a[n - 1][n - 1]


def _circuit_graph(graph: Any) -> nx.MultiGraph:
    if isinstance(graph, nx.Graph):
        g = nx.MultiGraph(graph)
    else:
        g = tile_graph(graph)
    return g


def count_euler_circuits(graph: Any, method: str = "best") -> int:
    """Number of Euler circuits of a small multigraph (or of a collection of tiles).

    Circuits are counted as rings with direction: cyclic sequences of edges,
    rotations counted once, a circuit and its reverse counted separately,
    parallel edges distinguishable; a loop (a double) has no direction of its
    own. ``method="best"`` sums the BEST theorem ``t(D) * prod (outdeg - 1)!``
    over the Eulerian orientations ``D`` of the non-loop edges (loops add to
    the out-degree); ``method="brute"`` lists the circuits one by one.

    >>> count_euler_circuits(nx.complete_graph(5)), count_euler_circuits(DominoSet(2))
    (264, 2)
    >>> g = nx.MultiGraph([(0, 1), (0, 1), (1, 2), (1, 2)])
    >>> count_euler_circuits(g), count_euler_circuits(g, method="brute")
    (4, 4)

    A graph with no edges has exactly one circuit, the empty one (as OEIS
    A350028 counts K_1 and K_2 minus a matching); isolated vertices are
    ignored, and edges in two or more separate parts give 0.

    >>> count_euler_circuits(nx.empty_graph(3)), count_euler_circuits(nx.complete_graph(1))
    (1, 1)
    """
    if method not in ("best", "brute"):
        raise InvalidSet(f"method must be 'best' or 'brute', not {method!r}")
    if isinstance(graph, nx.Graph) and graph.is_directed():
        raise InvalidSet("count_euler_circuits counts circuits of undirected (multi)graphs; "
                         "convert with graph.to_undirected() if that is what you mean")
    g = _circuit_graph(graph)
    edges = [(u, v) for u, v in g.edges() if u != v]
    loops = Counter(u for u, v in g.edges() if u == v)
    if g.number_of_edges() == 0:
        return 1
    active = [v for v in g if g.degree(v) > 0]
    if any(g.degree(v) % 2 for v in active):
        return 0
    if not nx.is_connected(g.subgraph(active)):
        return 0
    if method == "brute":
        return _brute_circuits(g)
    index = {v: i for i, v in enumerate(active)}
    nv = len(active)
    deg = [0] * nv
    for u, v in edges:
        deg[index[u]] += 1
        deg[index[v]] += 1
    need = [d // 2 for d in deg]           # out-degree each vertex must get
    weight = 1
    for v in active:
        weight *= math.factorial(need[index[v]] + loops[v] - 1)
    e_idx = [(index[u], index[v]) for u, v in edges]
    out = [0] * nv
    left = deg[:]                         # undecided edges at each vertex
    chosen: list[int] = []                # tail of each edge
    total = 0

    def arborescences() -> int:
        lap = [[0] * nv for _ in range(nv)]
        for (a, b), tail in zip(e_idx, chosen):
            head = b if tail == a else a
            lap[tail][tail] += 1
            lap[tail][head] -= 1
        return _bareiss_det([row[1:] for row in lap[1:]])

    def dfs(i):
        nonlocal total
        if i == len(e_idx):
            total += arborescences()
            return
        a, b = e_idx[i]
        left[a] -= 1
        left[b] -= 1
        for tail, head in ((a, b), (b, a)):
            out[tail] += 1
            if out[tail] <= need[tail] and out[head] + left[head] >= need[head] \
                    and out[tail] + left[tail] >= need[tail]:
                chosen.append(tail)
                dfs(i + 1)
                chosen.pop()
            out[tail] -= 1
        left[a] += 1
        left[b] += 1

    dfs(0)
    return total * weight


def _brute_circuits(g: nx.MultiGraph) -> int:
    """Count Euler circuits by listing them: fix the first edge, search the rest."""
    edges = [(u, v) for u, v, _ in g.edges(keys=True)]
    adj = defaultdict(list)
    for i, (u, v) in enumerate(edges):
        adj[u].append(i)
        if u != v:
            adj[v].append(i)
    used = [False] * len(edges)
    used[0] = True
    total_edges = len(edges)
    count = 0

    def dfs(v, home, depth):
        nonlocal count
        if depth == total_edges:
            count += v == home
            return
        for i in adj[v]:
            if not used[i]:
                used[i] = True
                a, b = edges[i]
                dfs(b if a == v else a, home, depth + 1)
                used[i] = False

    u, v = edges[0]
    dfs(v, u, 1)
    if u != v:
        dfs(u, v, 1)
    return count


# -- the fast method for complete graphs -------------------------------------

def _find_prime(m: int, bits: int, below: int | None = None) -> int:
    """The largest prime p = 1 (mod m) below 2**bits (or below ``below``)."""
    import sympy

    top = (below if below is not None else 1 << bits) - 1
    t = (top - 1) // m
    while True:
        p = m * t + 1
        if sympy.isprime(p):
            return p
        t -= 1


def _root_of_unity(m: int, p: int) -> int:
    """An element of order exactly m in the integers mod p (m divides p - 1)."""
    import sympy

    qs = sympy.primefactors(m)
    h = 2
    while True:
        w = pow(h, (p - 1) // m, p)
        if all(pow(w, m // q, p) != 1 for q in qs):
            return w
        h += 1


def _det_mod(m: list[list[int]], p: int) -> tuple[int, int]:
    """Determinant mod a prime as a fraction ``(num, den)``, by division-free elimination.

    Row ``r`` becomes ``pivot * row_r - row_r[i] * row_i``, which multiplies the
    determinant by the pivot; those factors are returned as ``den``. Modular
    inverses are slow in Python (pow(x, -1, p) costs as much as ~50
    multiplications), so the caller divides once at the very end.
    """
    n = len(m)
    num, den = 1, 1
    for i in range(n):
        piv = next((r for r in range(i, n) if m[r][i]), None)
        if piv is None:
            return 0, 1
        if piv != i:
            m[i], m[piv] = m[piv], m[i]
            num = -num
        ri = m[i]
        a = ri[i]
        num = num * a % p
        for r in range(i + 1, n):
            rr = m[r]
            f = rr[i]
            if f:
                for c in range(i + 1, n):
                    rr[c] = (a * rr[c] - f * ri[c]) % p
                den = den * a % p
    return num % p, den


def _necklaces(total: int, parts: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Compositions of ``total`` into ``parts`` parts, one per rotation class.

    Yields the lexicographically greatest rotation and the size of its class.
    """
    def rest(prefix, left, k, cap):
        if k == 1:
            if left <= cap:
                yield prefix + (left,)
            return
        for x in range(min(left, cap), -1, -1):
            yield from rest(prefix + (x,), left - x, k - 1, cap)

    for c0 in range(total, -(-total // parts) - 1, -1):
        for c in rest((c0,), total - c0, parts - 1, c0):
            period = parts
            for s in range(1, parts):
                r = c[s:] + c[:s]
                if r > c:
                    break
                if r == c and period == parts:
                    period = s
            else:
                yield c, period


def _filter_order(nv: int) -> int:
    """How many roots of unity the filter needs for K_nv: the least odd m > (nv - 1)/2.

    A vertex's out-degree lies in 0..2k (k = (nv-1)/2); m >= k + 1 keeps every
    value other than k out of the residue class of k mod m. An odd m keeps
    w^a + w^b away from 0, so the weights 1/(x_i + x_j) exist.
    """
    k = (nv - 1) // 2
    return k + 1 if (k + 1) % 2 else k + 2


def _tree_sum_mod(nv: int, p: int, chunk: tuple[int, int] = (0, 1)) -> int:
    """``N * m^N * C mod p`` for K_nv, over the necklaces with index = chunk[0] mod chunk[1]."""
    m, k = _filter_order(nv), (nv - 1) // 2
    w = _root_of_unity(m, p)
    pw = [pow(w, a, p) for a in range(m)]
    pw_inv = [pow(x, -1, p) for x in pw]
    s = [[(pw[a] + pw[b]) % p for b in range(m)] for a in range(m)]
    s_inv = [[pow(x, -1, p) for x in row] for row in s]
    fact = [math.factorial(i) for i in range(nv + 1)]
    inv_small = [0] + [pow(i, -1, p) for i in range(1, nv + 1)]
    total, total_den = 0, 1                # the sum, kept as a fraction mod p
    start, step = chunk
    for idx, (c, orbit) in enumerate(_necklaces(nv, m)):
        if idx % step != start:
            continue
        cls = [a for a in range(m) if c[a]]
        cs = [c[a] for a in cls]
        mult = fact[nv]
        for x in cs:
            mult //= fact[x]
        # P = prod over vertex pairs of (x_i + x_j)
        P = 1
        for i, a in enumerate(cls):
            ca = cs[i]
            sa = s[a]
            if ca > 1:
                P = P * pow(sa[a], ca * (ca - 1) // 2, p) % p
            for j in range(i + 1, len(cls)):
                P = P * pow(sa[cls[j]], ca * cs[j], p) % p
        # e_{N-1}(x) times the filter factor w^(-k * sum of exponents)
        expo = sum(a * ca for a, ca in zip(cls, cs))
        E = pw[((1 - k) * expo) % m] * (sum(ca * pw_inv[a] for a, ca in zip(cls, cs)) % p) % p
        # weighted spanning trees of K_N with weights 1/(x_i + x_j), vertices grouped
        # by their value: prod_a lambda_a^(c_a - 1) * tau(quotient) / prod_a c_a
        T = 1
        d = len(cls)
        for i, a in enumerate(cls):
            ca = cs[i]
            if ca > 1:
                lam = sum(cb * s_inv[a][b] for b, cb in zip(cls, cs)) % p
                T = T * pow(lam, ca - 1, p) % p
            T = T * inv_small[ca] % p
        if d > 1:
            q = [[0] * (d - 1) for _ in range(d - 1)]
            for i in range(1, d):
                a, ca = cls[i], cs[i]
                row = q[i - 1]
                diag = 0
                for j in range(d):
                    if j != i:
                        wt = ca * cs[j] * s_inv[a][cls[j]] % p
                        diag += wt
                        if j:
                            row[j - 1] = p - wt
                row[i - 1] = diag % p
            num, den = _det_mod(q, p)
            T = T * num % p
        else:
            den = 1
        term = orbit * mult % p * P % p * E % p * T % p
        total = (total * den + term * total_den) % p
        total_den = total_den * den % p
    return total * pow(total_den, -1, p) % p


def _tree_sum_bound(nv: int) -> int:
    """An upper bound for C(K_nv): all 2^M orientations times Cayley's nv^(nv-2) trees."""
    return 2 ** (nv * (nv - 1) // 2) * nv ** max(nv - 2, 0)


def euler_tree_sum(nv: int, *, prime_bits: int | None = None, processes: int = 1) -> int:
    """``C = sum of t(D)`` over the Eulerian orientations ``D`` of ``K_nv`` (nv odd).

    Method (a roots-of-unity filter with the weighted matrix-tree theorem):
    give vertex ``v`` a variable ``x_v`` and weight an orientation by
    ``prod x_tail``. Summing ``t_r(D) x^out(D)`` over *all* orientations, a
    spanning tree fixes its own edges (towards the root) and leaves the others
    free, so the sum is ``prod_{v != r} x_v * prod_{e}(x_i + x_j) *
    tau(1/(x_i + x_j))``, ``tau`` the weighted spanning-tree sum. Averaging
    over the root makes it symmetric; the coefficient of ``prod x_v^k`` picks
    out the Eulerian orientations. We extract it by evaluating at
    ``x_v = w^(j_v)``, ``w`` a primitive ``m``-th root of unity, and
    averaging; out-degrees lie in ``0..2k``, so ``m = k + 1`` (or ``k + 2``,
    to keep ``m`` odd so that no ``x_i + x_j`` vanishes) already separates
    ``k`` from every other out-degree. The value depends only on how many
    vertices share each power (a composition of ``nv`` into ``m`` parts) and
    is unchanged by a common shift of all ``j_v``, so one evaluation per
    necklace suffices (3,876 for K_13 instead of 13^13 points), and ``tau`` reduces
    to a determinant of size (number of distinct powers) - 1, because
    vertices with equal weights are interchangeable. All arithmetic is in the
    integers modulo primes ``p = 1 (mod m)`` whose product exceeds a bound on ``C``
    (2^edges * nv^(nv-2)); the Chinese remainder theorem gives the exact
    integer. By default one prime just above the bound is used (Python
    integers make a 200-bit prime nearly as cheap as a 60-bit one);
    ``prime_bits`` asks for several smaller primes instead. No floating point
    anywhere. The values are OEIS A007082
    (2, 264, 1015440, 90449251200, … for K_3, K_5, K_7, K_9).

    >>> [euler_tree_sum(n) for n in (1, 3, 5, 7)]
    [1, 2, 264, 1015440]
    >>> euler_tree_sum(7, prime_bits=20)  # several small primes, joined by CRT
    1015440
    """
    if isinstance(nv, bool) or not isinstance(nv, int):
        raise InvalidSet(f"the number of vertices must be a whole number, not {nv!r}")
    if nv < 1 or nv % 2 == 0:
        raise InvalidSet(f"K_{nv} has Euler circuits only for an odd number of vertices")
    if nv == 1:
        return 1
    bound = _tree_sum_bound(nv)
    if prime_bits is None:
        prime_bits = bound.bit_length() + 2
    prime_bits = max(prime_bits, 16)  # p must exceed nv and the class sizes
    primes: list[int] = []
    prod = 1
    below = None
    while prod <= bound:
        p = _find_prime(_filter_order(nv), prime_bits, below)
        primes.append(p)
        prod *= p
        below = p
    residues = []
    for p in primes:
        if processes > 1:
            import concurrent.futures as cf

            with cf.ProcessPoolExecutor(processes) as ex:
                parts = ex.map(_tree_sum_mod, [nv] * processes, [p] * processes,
                               [(i, processes) for i in range(processes)])
                r = sum(parts) % p
        else:
            r = _tree_sum_mod(nv, p)
        scale = pow(nv * pow(_filter_order(nv), nv, p), -1, p)  # 1 / (N * m^N)
        residues.append(r * scale % p)
    # Chinese remainder theorem
    x, mod = 0, 1
    for r, p in zip(residues, primes):
        t = (r - x) * pow(mod, -1, p) % p
        x += mod * t
        mod *= p
    return x


_COMPLETE_CACHE: dict[int, int] = {}


def euler_circuits_complete(nv: int, *, processes: int = 1) -> int:
    """Euler circuits of the complete graph K_nv (OEIS A135388 / A350028 for odd nv).

    Counted with direction, up to rotation (see the module docstring); zero
    for even ``nv`` > 2 (odd degrees).

    >>> [euler_circuits_complete(n) for n in (1, 3, 5, 7)]
    [1, 2, 264, 129976320]
    """
    if isinstance(nv, bool) or not isinstance(nv, int):
        raise InvalidSet(f"the number of vertices must be a whole number, not {nv!r}")
    if nv < 1:
        raise InvalidSet(f"K_n needs at least one vertex, got {nv}")
    if nv % 2 == 0:
        return 0
    if nv == 1:
        return 1
    if nv not in _COMPLETE_CACHE:
        k = (nv - 1) // 2
        c = euler_tree_sum(nv, processes=processes)
        _COMPLETE_CACHE[nv] = c * math.factorial(k - 1) ** nv
    return _COMPLETE_CACHE[nv]


def _brute_rings(n: int) -> int:
    """Count rings of the whole double-n set by listing them (tiny n only)."""
    tiles = DominoSet(n).tiles
    # rotation: start the ring at 0:0 (a double, so its direction is free)
    rest = [t for t in tiles if t != Tile(0, 0)]
    adj = defaultdict(list)
    for i, t in enumerate(rest):
        adj[t.low].append(i)
        if not t.is_double:
            adj[t.high].append(i)
    used = [False] * len(rest)
    count = 0

    def dfs(v, depth):
        nonlocal count
        if depth == len(rest):
            count += v == 0
            return
        for i in adj[v]:
            if not used[i]:
                used[i] = True
                dfs(rest[i].other(v), depth + 1)
                used[i] = False

    dfs(0, 0)
    return count


#: Largest even n for which :func:`count_rings` / :func:`count_lines` run the
#: fast count (double-12 takes under a second, double-16 about 40 s, double-18
#: several minutes on a 2-core machine; the work grows about five-fold per step).
MAX_RING_N = 18


def count_rings(n: int, method: str = "fast", *, processes: int = 1) -> int:
    """Number of rings (with direction) that use every tile of the double-n set.

    ``rings = E(K_{n+1}) * (n/2)^(n+1)`` for even n (doubles at the visits of
    their number); 0 for odd n, where every number shows an odd number of
    times. ``method``: ``"fast"`` (:func:`euler_tree_sum`), ``"best"`` (BEST
    summed over all Eulerian orientations of the tile graph, doubles
    included), ``"brute"`` (list every ring; n <= 4).

    >>> [count_rings(n) for n in range(7)]
    [1, 0, 2, 0, 8448, 0, 284258211840]
    >>> count_rings(4, "best"), count_rings(4, "brute")
    (8448, 8448)

    Odd n answers 0 at once for any size; even n above :data:`MAX_RING_N`
    raises :class:`~dominolab.errors.InvalidSet` rather than run for hours.
    """
    _check_n(n)
    if method not in ("fast", "best", "brute"):
        raise InvalidSet(f"method must be 'fast', 'best' or 'brute', not {method!r}")
    if n % 2 and n != 1:
        return 0
    if n > MAX_RING_N:
        raise InvalidSet(f"counting the rings of the double-{n} set is beyond this program's "
                         f"limit of double-{MAX_RING_N} (the work grows about five-fold per "
                         "step; double-18 already takes minutes)")
    if method == "brute":
        if n > 4:
            raise InvalidSet(f"listing every ring is only feasible up to double-4, not double-{n}")
        return _brute_rings(n) if n % 2 == 0 else 0
    if method == "best":
        return count_euler_circuits(DominoSet(n).tiles)
    if method != "fast":
        raise InvalidSet(f"method must be 'fast', 'best' or 'brute', not {method!r}")
    if n == 0:
        return 1
    if n % 2:
        return 0
    return euler_circuits_complete(n + 1, processes=processes) * (n // 2) ** (n + 1)


def count_lines(n: int, method: str = "fast", *, processes: int = 1) -> int:
    """Number of straight lines (a line and its reversal both counted) of all double-n tiles.

    For even n a line of all tiles closes, so ``lines = rings * size``. For odd
    n >= 3 more than two numbers show an odd number of times: no line. (The
    double-1 set does make a line, 0:0 0:1 1:1, and its reversal.)

    >>> count_lines(6)  # Reiss 1871
    7959229931520
    >>> [count_lines(n) for n in range(5)]
    [1, 2, 12, 0, 126720]
    """
    _check_n(n)
    if n == 1:
        return 2
    return count_rings(n, method, processes=processes) * DominoSet(n).size


# ---------------------------------------------------------------------------
# Longest chains
# ---------------------------------------------------------------------------

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
        return find_chain(tiles, start=s)
    others = [v for v in range(n + 1) if v != s]
    t = others.pop()              # the other end
    left_out = {Tile(others[i], others[i + 1]) for i in range(0, len(others), 2)}
    keep = Hand(x for x in tiles if x not in left_out)
    return find_chain(keep, start=s, end=t)


def _longest_search(hand: Hand, start: int | None) -> tuple[Chain, int]:
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

    def arrive(v: int, used: int) -> None:
        nonlocal best, nodes
        nodes += 1
        d = double_at.get(v)
        played_double = False
        if d is not None and not used >> d & 1:
            used |= 1 << d
            path.append((v, v))
            played_double = True
        key = (v, used)
        if key not in seen:
            seen.add(key)
            if len(path) > len(best):
                best = path[:]
            if len(best) < nt and len(path) + bound(v, used) > len(best):
                for i, w in adj[v]:
                    if not used >> i & 1:
                        path.append((v, w))
                        arrive(w, used | 1 << i)
                        path.pop()
                        if len(best) == nt:
                            break
        if played_double:
            path.pop()

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
        arrive(s, 0)
    return Chain(best), nodes


def longest_chain(tiles: Any, start: int | None = None) -> Chain:
    """A longest line that can be built from ``tiles`` (starting with ``start`` if given).

    Exact: branch and bound over trails of the tile graph (see
    ``_longest_search``), fine for hands up to about 20 tiles; a whole
    double-n set is answered by construction (:func:`longest_full_set_line`).
    With ``start`` this is the Mexican-train question "how long a train can I
    run from this number?". Among equally long lines, one is returned.

    >>> c = longest_chain("0:1 1:1 1:2 2:3 3:1 4:5")
    >>> len(c), sorted(c.ends)
    (5, [0, 1])
    >>> str(longest_chain("0:1 1:2 2:3 5:5", start=3))
    '3:2 2:1 1:0'
    >>> len(longest_chain(DominoSet(7)))  # 36 tiles, all but (7 - 1)/2
    33
    """
    hand = _as_tiles(tiles)
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or start < 0):
        raise InvalidTile(f"start must be a number of 0 or more, not {start!r}")
    if not hand:
        return Chain()
    n = _full_set_n(hand)
    if n is not None and (start is None or start <= n):
        return longest_full_set_line(n, start)
    return _longest_search(hand, start)[0]
