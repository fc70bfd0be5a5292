"""How much of the set can be laid at once with every edge matching, freely or in a shape.

**Freely** (:func:`largest_region`): the most distinct tiles of a collection that can lie
on the triangular grid as one piece joined by edges, every placement legal (the two
corners of each shared edge match, every corner consistent). An upper bound is
immediate: two tiles can share an edge only if one has an edge reading ``x→y`` clockwise
and the other ``y→x``; the tiles fall into classes that can touch one another at all, and
a region holds tiles of one class. For the whole 56-tile set that class is the set, and
the search *constructs* a layout of all 56, so the answer is 56 — an exact answer by
construction, verified tile by tile with :meth:`Board.lay`. For a hand that cannot be
laid whole the search is exhaustive (every legal way to grow the piece, each layout
visited once), within a node budget.

>>> ans = largest_region()
>>> ans.size, ans.exact, len(ans.board())
(56, True, 56)

**In a shape** (:func:`fill_shape`): can the given cells — a hexagon of side 2 (24 cells)
or 3 (54), a triangle — be covered with distinct tiles, all edges matching? The search is
exact (each cell in turn, most constrained first, every unused tile in every turn that
fits its known corners), with a node budget; the answer says yes with a layout, no with
the reason, or that the budget ran out.

>>> fill_shape(triangle_cells(4)).possible
True
>>> print(fill_shape(hexagon_cells(1), parse_triominoes("0-0-0 1-1-1 2-2-2 3-3-3 4-4-4 5-5-5")))
no: exhaustive search: no way to lay the 6 cells with distinct tiles of the 6 given (6 nodes)

What is true, found by this search (about 77,000 nodes) and confirmed by a brute force
that labels the corner points instead: **the hexagon of side 2 cannot be laid from the
56**, so neither can any larger hexagon (it contains one of side 2). Round every inner
corner of a hexagon the six tiles read the corner's number ``n`` and then two neighbours
in turn; with the numbers ascending clockwise the neighbours cannot rise round the
whole ring, so some neighbour repeats ``n``: each of the seven inner corners needs tiles
with its number twice. That is why it is tight; that the demands cannot all be met with
distinct tiles is what the exhaustive search shows. With the mirror images as well (the
76-tile set) it can be laid:

>>> from dominolab.triominoes import both_chiralities
>>> fill_shape(hexagon_cells(2), both_chiralities()).possible
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .._stack import deep_recursion
from ..errors import InvalidRegion, InvalidTile
from ..limits import short_repr
from .grid import Board, Cell, Placement, edge_neighbours, vertices
from .tiles import TRIOMINO_SET, Triomino, orbits, parse_triominoes

__all__ = ["RegionAnswer", "ShapeAnswer", "largest_region", "fill_shape", "hexagon_cells",
           "triangle_cells", "reduced_set", "touch_classes"]

#: The most cells :func:`fill_shape` accepts (the 56 tiles cover at most 56).
MAX_SHAPE = 200


def reduced_set(top: int) -> tuple[Triomino, ...]:
    """The set with corner numbers 0..``top`` (one tile per multiset, ascending
    clockwise), for small cases checked by brute force; ``reduced_set(5)`` is the 56.

    >>> [len(reduced_set(t)) for t in range(6)]
    [1, 4, 10, 20, 35, 56]
    """
    if isinstance(top, bool) or not isinstance(top, int) or not 0 <= top <= 5:
        raise InvalidTile(f"top is a whole number 0..5, not {short_repr(top)}")
    tiles = [Triomino(*next(r for r in cls if r[0] <= r[1] <= r[2]))
             for cls in orbits("dihedral", top)]
    return tuple(sorted(tiles))


def _check_tiles(tiles: Iterable[Triomino]) -> list[Triomino]:
    if isinstance(tiles, str):
        tiles = parse_triominoes(tiles)
    if not isinstance(tiles, Iterable):
        raise InvalidTile(f"the tiles are a list of triominoes or a text like '0-1-2 1-1-3', "
                          f"not {short_repr(tiles)}")
    out = list(tiles)
    for k, t in enumerate(out):
        if not isinstance(t, Triomino):
            raise InvalidTile(f"tile {k + 1} is not a Triomino: {short_repr(t)}")
    if len(set(out)) != len(out):
        dup = next(t for t in out if out.count(t) > 1)
        raise InvalidTile(f"the tiles must be distinct, but {dup} is given twice")
    if len(out) > 76:
        raise InvalidTile(f"at most 76 tiles, not {len(out)}")
    return out


def _turns(t: Triomino) -> tuple[int, ...]:
    return (0,) if t.is_triple else (0, 1, 2)


def _edges(t: Triomino) -> set[tuple[int, int]]:
    """The tile's edges as clockwise pairs ``(x, y)``."""
    a, b, c = t.corners
    return {(a, b), (b, c), (c, a)}


def touch_classes(tiles: Iterable[Triomino]) -> list[list[Triomino]]:
    """The tiles sorted into classes of those that can be joined edge to edge: ``t`` and
    ``u`` touch when ``t`` has a clockwise edge ``x→y`` and ``u`` one ``y→x`` (an edge is
    read the other way round from its other side). Largest class first.

    >>> [len(c) for c in touch_classes(parse_triominoes("0-0-0 0-0-1 2-2-2 3-4-5"))]
    [2, 1, 1]
    """
    ts = _check_tiles(tiles)
    parent = list(range(len(ts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_edge: dict[tuple[int, int], list[int]] = {}
    for i, t in enumerate(ts):
        for e in _edges(t):
            by_edge.setdefault(e, []).append(i)
    for (x, y), owners in by_edge.items():
        for i in owners:
            for j in by_edge.get((y, x), ()):
                if i != j:
                    parent[root(i)] = root(j)
    groups: dict[int, list[Triomino]] = {}
    for i, t in enumerate(ts):
        groups.setdefault(root(i), []).append(t)
    return sorted(groups.values(), key=lambda g: (-len(g), sorted(g)))


@dataclass(frozen=True)
class RegionAnswer:
    """The largest piece found, whether it is proven largest, and the bound."""

    size: int
    placements: tuple[Placement, ...]
    upper_bound: int
    exact: bool
    nodes: int
    note: str = ""

    def board(self) -> Board:
        """The layout on a fresh board, each tile laid with the grid's legality check."""
        b = Board()
        for p in self.placements:
            b.lay(p)
        return b

    def __str__(self) -> str:
        head = (f"{self.size} tiles (largest possible)" if self.exact else
                f"{self.size} tiles found, at most {self.upper_bound} possible (not proven)")
        return head + (f"; {self.note}" if self.note else "")

    def _repr_svg_(self) -> str:
        from ..render.triominoes import board_svg  # noqa: PLC0415 — renderers import the model

        return board_svg(self.board())


class _Grow:
    """Depth-first growth of one piece, each state visited once (a transposition set)."""

    def __init__(self, tiles: Sequence[Triomino], node_limit: int):
        self.tiles = list(tiles)
        self.board = Board()
        self.used: set[Triomino] = set()
        self.best: list[Placement] = []
        self.goal = len(self.tiles)
        self.nodes = 0
        self.limit = node_limit
        self.seen: set[frozenset[tuple[Cell, tuple[int, int, int]]]] = set()
        self.out_of_budget = False
        by_edge: dict[tuple[int, int], int] = {}
        for t in self.tiles:
            for e in _edges(t):
                by_edge[e] = by_edge.get(e, 0) + 1
        #: how many tiles could lie across each of a tile's edges, summed over its edges
        self.partners = {t: sum(by_edge.get((y, x), 0) for x, y in _edges(t))
                         for t in self.tiles}

    def _moves(self) -> list[Placement]:
        rest = [t for t in self.tiles if t not in self.used]
        moves = self.board.placements_of(rest)
        count: dict[Triomino, int] = {}
        for p in moves:
            count[p.tile] = count.get(p.tile, 0) + 1

        def touching(p: Placement) -> int:
            return sum(v in self.board.points for v in vertices(p.cell))

        # fail first: the tile with the fewest partners in the whole collection (the
        # three-number tiles), then the one with the fewest places now, then the snuggest
        # place (most corners already shown), which keeps the piece compact
        moves.sort(key=lambda p: (self.partners[p.tile], count[p.tile], -touching(p),
                                  p.tile, p.cell, p.turn))
        return moves

    def run(self, start: Sequence[Placement]) -> bool:
        """Search from each first placement; True when the goal is reached."""
        for p in start:
            if self._step(p):
                return True
            if self.out_of_budget:
                return False
        return False

    def _step(self, p: Placement) -> bool:
        self.nodes += 1
        if self.nodes > self.limit:
            self.out_of_budget = True
            return False
        self.board.lay(p)
        self.used.add(p.tile)
        key = frozenset((q.cell, q.numbers()) for q in self.board)
        done = False
        if key not in self.seen:
            self.seen.add(key)
            if len(self.board) > len(self.best):
                self.best = list(self.board)
            if len(self.best) >= self.goal:
                done = True
            else:
                for q in self._moves():
                    if self._step(q):
                        done = True
                        break
                    if self.out_of_budget:
                        break
        self.board.remove(p.cell)
        self.used.discard(p.tile)
        return done


@deep_recursion
def largest_region(tiles: Iterable[Triomino] = TRIOMINO_SET, *,
                   node_limit: int = 200_000) -> RegionAnswer:
    """The most tiles of ``tiles`` (distinct) that can be laid as one piece, every edge
    matching: a layout, the bound from :func:`touch_classes`, and whether it is proven.

    Each class is searched (largest first) for a layout of all its tiles; the search
    stops at a layout as large as the bound, so reaching it proves the answer. When it
    cannot be reached the search over every way to grow the piece (from each tile, in
    the one turn that stands for all three) is exhaustive unless the node budget runs out.
    """
    ts = _check_tiles(tiles)
    if not ts:
        return RegionAnswer(0, (), 0, True, 0, "no tiles")
    classes = touch_classes(ts)
    bound = len(classes[0])
    best: list[Placement] = []
    nodes = 0
    exhausted = True
    for cls in classes:
        if len(cls) <= len(best):
            break
        g = _Grow(cls, node_limit - nodes)
        g.goal = len(cls)
        # a turn of the whole layout about the first cell gives every turn of its tile
        g.run([Placement(t, (0, 0), 0) for t in sorted(cls, key=lambda t: -len(_edges(t)))])
        nodes += g.nodes
        if len(g.best) > len(best):
            best = g.best
        if g.out_of_budget:
            exhausted = False
            break
    exact = len(best) == bound or exhausted
    upper = len(best) if exact else bound
    note = ("every tile laid" if len(best) == len(ts) else
            f"{len(ts) - len(best)} of the {len(ts)} tiles cannot join the piece")
    return RegionAnswer(len(best), tuple(best), upper, exact, nodes, note)


# --- shapes ------------------------------------------------------------------------

def _distance(p: tuple[int, int], q: tuple[int, int]) -> int:
    """Steps along grid lines between two corner points."""
    dl, dx = q[0] - p[0], q[1] - p[1]
    a = (dx - dl) // 2
    return max(abs(a), abs(dl), abs(a + dl))


def hexagon_cells(side: int, centre: tuple[int, int] = (1, 2)) -> tuple[Cell, ...]:
    """The cells of the regular hexagon of ``side`` round a corner point: 6·side² cells
    (6, 24, 54, …); side 1 is :func:`~dominolab.triominoes.hexagon`.

    >>> [len(hexagon_cells(n)) for n in (1, 2, 3)]
    [6, 24, 54]
    """
    if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= 6:
        raise InvalidRegion(f"a hexagon's side is a whole number 1..6, not {short_repr(side)}")
    y, x = centre
    if (y + x) % 2 == 0:
        raise InvalidRegion(f"{centre} is not a corner point of the grid (row + x is odd)")
    out = [(r, c) for r in range(y - side, y + side) for c in range(x - 2 * side - 1,
                                                                      x + 2 * side + 1)
           if all(_distance(centre, v) <= side for v in vertices((r, c)))]
    return tuple(sorted(out))


def triangle_cells(side: int) -> tuple[Cell, ...]:
    """The cells of the triangle of ``side`` pointing up, apex at the top of cell (0, 0):
    side² cells.

    >>> len(triangle_cells(7)), triangle_cells(2)
    (49, ((0, 0), (1, -1), (1, 0), (1, 1)))
    """
    if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= 14:
        raise InvalidRegion(f"a triangle's side is a whole number 1..14, not "
                            f"{short_repr(side)}")
    return tuple((r, c) for r in range(side) for c in range(-r, r + 1))


def _check_shape(shape: Iterable[Cell]) -> list[Cell]:
    if not isinstance(shape, Iterable) or isinstance(shape, str):
        raise InvalidRegion(f"a shape is a list of (row, col) cells, not {short_repr(shape)}")
    cells = []
    for k, c in enumerate(shape):
        if (not isinstance(c, tuple) or len(c) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > 1000
                       for v in c)):
            raise InvalidRegion(f"cell {k + 1} of the shape is not (row, col): {short_repr(c)}")
        cells.append(c)
        if len(cells) > MAX_SHAPE:
            raise InvalidRegion(f"a shape of at most {MAX_SHAPE} cells")
    if not cells:
        raise InvalidRegion("the shape has no cells")
    if len(set(cells)) != len(cells):
        raise InvalidRegion(f"cell {next(c for c in cells if cells.count(c) > 1)} is given "
                            "twice")
    todo, reached, inside = [cells[0]], {cells[0]}, set(cells)
    while todo:
        for q in edge_neighbours(todo.pop()):
            if q in inside and q not in reached:
                reached.add(q)
                todo.append(q)
    if len(reached) != len(cells):
        lost = sorted(inside - reached)[0]
        raise InvalidRegion(f"the shape is not one piece joined by edges: {lost} is cut off")
    return cells


@dataclass(frozen=True)
class ShapeAnswer:
    """Whether the shape can be covered, one covering, or why not."""

    possible: bool | None          # None: the node budget ran out first
    placements: tuple[Placement, ...] = ()
    reason: str = ""
    nodes: int = 0
    shape: tuple[Cell, ...] = field(default=(), repr=False)
    #: when impossible: a covering that uses mirror images of the tiles (if one exists)
    mirror_layout: tuple[Placement, ...] = field(default=(), repr=False)

    def board(self) -> Board:
        """The covering laid on a fresh board, in an order that keeps it one piece."""
        b = Board()
        todo = list(self.placements)
        while todo:
            p = next(p for p in todo if b.why_not(p) is None or not b.cells)
            b.lay(p)
            todo.remove(p)
        return b

    def __str__(self) -> str:
        if self.possible:
            return "yes: " + ", ".join(map(str, self.placements))
        return ("no: " if self.possible is False else "unknown: ") + self.reason

    def _repr_svg_(self) -> str:
        from ..render.triominoes import board_svg  # noqa: PLC0415 — renderers import the model

        return board_svg(self.board())


@deep_recursion
def fill_shape(shape: Iterable[Cell], tiles: Iterable[Triomino] = TRIOMINO_SET, *,
               node_limit: int = 500_000) -> ShapeAnswer:
    """Can ``shape`` (cells, one piece) be covered with distinct ``tiles``, all edges
    matching? Exact: the cell with the fewest fitting (tile, turn) pairs next, every one
    tried; an empty cell with none fails at once (forward checking)."""
    cells = _check_shape(shape)
    ts = _check_tiles(tiles)
    if len(cells) > len(ts):
        return ShapeAnswer(False, reason=f"the shape has {len(cells)} cells but there are "
                                         f"only {len(ts)} tiles", shape=tuple(cells))
    # every reading (clockwise from a cell's first corner) of every tile
    readings = [(t, t.rotation(k)) for t in ts for k in _turns(t)]
    turn_of = {(t, t.rotation(k)): k for t in ts for k in _turns(t)}
    corners = {c: vertices(c) for c in cells}
    points: dict[tuple[int, int], int] = {}
    used: set[Triomino] = set()
    nodes = [0]

    # the readings that fit each pattern of known corners (-1: not yet shown), so that a
    # cell's options are one look-up and a filter on the used tiles
    fitting: dict[tuple[int, ...], list[tuple[Triomino, tuple[int, int, int]]]] = {}
    for t, r in readings:
        for mask in range(8):
            key = tuple(n if mask >> i & 1 else -1 for i, n in enumerate(r))
            fitting.setdefault(key, []).append((t, r))

    def options(c: Cell) -> list[tuple[Triomino, tuple[int, int, int]]]:
        key = tuple(points.get(v, -1) for v in corners[c])
        return [(t, r) for t, r in fitting.get(key, ()) if t not in used]

    def search(left: list[Cell]) -> list[Placement] | None:
        if not left:
            return []
        best_c, best_o = left[0], None
        for c in left:
            o = options(c)
            if not o:
                return None
            if best_o is None or len(o) < len(best_o):
                best_c, best_o = c, o
                if len(o) == 1:
                    break
        assert best_o is not None
        rest = [c for c in left if c != best_c]
        for t, r in best_o:
            nodes[0] += 1
            if nodes[0] > node_limit:
                return None
            added = [v for v in corners[best_c] if v not in points]
            for v, n in zip(corners[best_c], r):
                points[v] = n
            used.add(t)
            found = search(rest)
            used.discard(t)
            for v in added:
                del points[v]
            if found is not None:
                return [Placement(t, best_c, turn_of[t, r])] + found
        return None

    # start at a cell with the most neighbours inside the shape (the middle of it)
    inside = set(cells)
    cells.sort(key=lambda c: -sum(q in inside for q in edge_neighbours(c)))
    found = search(cells)
    if found is not None:
        return ShapeAnswer(True, tuple(found), nodes=nodes[0], shape=tuple(cells))
    if nodes[0] > node_limit:
        return ShapeAnswer(None, reason=f"the node budget of {node_limit} ran out before "
                                        "the search was complete", nodes=nodes[0],
                           shape=tuple(cells))
    reason = (f"exhaustive search: no way to lay the {len(cells)} cells with distinct "
              f"tiles of the {len(ts)} given ({nodes[0]} nodes)")
    mirrors = [t.mirror() for t in ts if not t.is_mirror and t.mirror() != t
               and t.mirror() not in ts]
    mirror_layout: tuple[Placement, ...] = ()
    if mirrors and node_limit > nodes[0]:
        # the explanation the hexagon puzzle gives too: would the mirror images do it?
        more = fill_shape(cells, ts + mirrors, node_limit=node_limit - nodes[0])
        if more.possible:
            mirror_layout = more.placements
            needed = sorted(str(p.tile) for p in more.placements if p.tile in set(mirrors))
            reason += (f"; with the mirror images of the tiles it can be done (using "
                       f"{', '.join(needed)}), but the set does not have them")
    return ShapeAnswer(False, reason=reason, nodes=nodes[0], shape=tuple(cells),
                       mirror_layout=mirror_layout)
