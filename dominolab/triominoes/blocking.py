"""The fewest tiles that block all further play.

A legal layout of distinct tiles is **blocking** when no tile of the rest of the set can
be laid anywhere next to it: every empty cell sharing an edge with the layout shows
corners that no remaining tile, in any turn, matches. :func:`fewest_blocking` looks for
the smallest.

What makes a cell dead. A cell across one edge shows two corners, read ``y, x`` where the
laid tile reads ``x→y``; only tiles with a clockwise edge ``y→x`` fit, and the third corner
is free, so *every* such tile must already be laid. How many tiles have an edge ``y→x``
depends only on ``x − y`` (mod 6): the set is unchanged when 1 is added to every corner
(mod 6), since that keeps three different numbers in cyclic order. The rarest edges,
``x→x+1`` with ``x+1→x`` across, have two tiles each (``x-x-(x+1)`` and ``x-(x+1)-(x+1)``).
A cell in a notch shows three corners; it is dead when their clockwise reading is a laid
tile or the mirror image of one (which the set does not have).

The search is exact by increasing size: every legal layout of ``k`` tiles grown from a
first tile on cell (0, 0) in turn 0 (any layout can be moved and turned so that one of its
tiles lies so), each layout visited once; all sizes below the answer are thereby proven
impossible. The number of layouts grows about tenfold per tile, so for the whole set the
exact search proves a lower bound within its node budget, and a beam search (the layouts
with the fewest live cells kept at each size) supplies the best layout known.

>>> from dominolab.triominoes.regions import reduced_set
>>> ans = fewest_blocking(reduced_set(2))
>>> ans.size, ans.exact, len(ans.tiles)
(7, True, 10)
>>> ans.board().placements_of(ans.rest()) == []
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..errors import InvalidTile
from ..limits import short_repr
from .grid import Board, Cell, Placement, edge_neighbours, points_up, vertices
from .regions import _check_tiles, largest_region
from .tiles import TRIOMINO_SET, Triomino

__all__ = ["BlockingAnswer", "fewest_blocking", "is_blocking", "why_blocked"]

Key = frozenset[tuple[Cell, tuple[int, int, int]]]


def _turns(t: Triomino) -> tuple[int, ...]:
    return (0,) if t.is_triple else (0, 1, 2)


def is_blocking(board: Board, rest: Iterable[Triomino]) -> bool:
    """True when no tile of ``rest`` can be laid anywhere on ``board``."""
    return not board.placements_of(rest)


def why_blocked(board: Board, tiles: Iterable[Triomino]) -> list[str]:
    """For each empty cell next to the layout, why no tile of ``tiles`` left over fits it
    (a line per cell); a line starting "OPEN" names a tile that still fits."""
    ts = list(tiles)
    laid = {p.tile: p.cell for p in board}
    out = []
    for cell in board.frontier():
        shown = [board.points.get(v) for v in vertices(cell)]
        text = "-".join("?" if n is None else str(n) for n in shown)
        where = (f"{'▲' if points_up(cell) else '▼'}{cell} shows {text} clockwise")
        fits = sorted({t for t in ts for k in _turns(t)
                       if all(n is None or n == m for n, m in zip(shown, t.rotation(k)))})
        free = [t for t in fits if t not in laid]
        if free:
            out.append(f"OPEN: {where}: {', '.join(map(str, free))} still fits")
        elif fits:
            out.append(f"{where}: only {', '.join(f'{t} (laid at {laid[t]})' for t in fits)} "
                       "would fit")
        elif None not in shown:
            a, b, c = (int(n) for n in shown if n is not None)
            mirror = Triomino(a, b, c, chiral=True)
            what = (f"the mirror image of {mirror.mirror()}, which the set does not have"
                    if mirror.is_mirror else f"{mirror}, which is not among the tiles")
            out.append(f"{where}: that reading is {what}")
        else:
            out.append(f"{where}: no tile has those corners")
    return out


@dataclass(frozen=True)
class BlockingAnswer:
    """The smallest blocking layout found, and what is proven about it."""

    size: int | None
    placements: tuple[Placement, ...]
    exact: bool
    #: no blocking layout has fewer tiles (every smaller size searched to the end)
    lower_bound: int
    nodes: int
    tiles: tuple[Triomino, ...]

    def board(self) -> Board:
        """The layout on a fresh board, each tile laid with the grid's legality check."""
        b = Board()
        todo = list(self.placements)
        while todo:
            p = next(p for p in todo if not b.cells or b.why_not(p) is None)
            b.lay(p)
            todo.remove(p)
        return b

    def rest(self) -> list[Triomino]:
        """The tiles not laid."""
        laid = {p.tile for p in self.placements}
        return [t for t in self.tiles if t not in laid]

    def certificate(self) -> list[str]:
        """Why each open edge is dead: :func:`why_blocked` on the layout."""
        return why_blocked(self.board(), self.tiles)

    def __str__(self) -> str:
        if self.size is None:
            return (f"no blocking layout found; none has fewer than {self.lower_bound} "
                    "tiles")
        if self.exact:
            return f"{self.size} tiles block all play (the fewest possible)"
        return (f"{self.size} tiles block all play (best known); none has fewer than "
                f"{self.lower_bound}")

    def _repr_svg_(self) -> str:
        from ..render.triominoes import board_svg  # noqa: PLC0415 — renderers import the model

        return board_svg(self.board())


def _exact(tiles: list[Triomino], k: int, budget: int) -> tuple[list[Placement] | None, int,
                                                               bool]:
    """Every layout of ``k`` tiles, each once: (a blocking one or None, nodes, finished).

    The layouts are visited in the order :meth:`Board.placements_of` lists the moves (the
    remaining tiles in order, each turn, the frontier's cells in order). Written on plain
    dicts rather than :class:`Board`: a move listed is legal (it is on the frontier and
    matches every corner shown), so it is laid without :meth:`Board.lay`'s checks, a
    corner is cleared by a count of the tiles showing it, and a layout of ``k`` tiles
    only asks whether any tile fits (its moves are not listed): the same layouts, nodes
    and answer as growing a :class:`Board`, in about a third of the time.
    """
    turns = [(t, tuple(t.rotation(r) for r in _turns(t))) for t in tiles]
    cells: dict[Cell, Placement] = {}
    shown: dict[Cell, tuple[int, int, int]] = {}    # the numbers at each laid cell's corners
    points: dict[tuple[int, int], int] = {}
    count: dict[tuple[int, int], int] = {}          # how many laid tiles show each point
    used: set[Triomino] = set()
    seen: set[Key] = set()
    corners: dict[Cell, tuple[tuple[int, int], ...]] = {}
    sides: dict[Cell, tuple[Cell, ...]] = {}
    nodes = 0

    def lay(p: Placement, nums: tuple[int, int, int]) -> None:
        cell = p.cell
        cells[cell] = p
        shown[cell] = nums
        used.add(p.tile)
        vs = corners.get(cell)
        if vs is None:
            vs = corners[cell] = vertices(cell)
        for v, n in zip(vs, nums):
            points[v] = n
            count[v] = count.get(v, 0) + 1

    def remove(p: Placement) -> None:
        cell = p.cell
        del cells[cell], shown[cell]
        used.discard(p.tile)
        for v in corners[cell]:
            c = count[v] - 1
            if c:
                count[v] = c
            else:
                del count[v], points[v]

    def patterns() -> list[tuple[Cell, int, int, int]]:
        out = set()
        for cell in cells:
            ns = sides.get(cell)
            if ns is None:
                ns = sides[cell] = edge_neighbours(cell)
            for q in ns:
                if q not in cells:
                    out.add(q)
        pats = []
        for cell in sorted(out):
            vs = corners.get(cell)
            if vs is None:
                vs = corners[cell] = vertices(cell)
            v0, v1, v2 = vs
            pats.append((cell, points.get(v0, -1), points.get(v1, -1), points.get(v2, -1)))
        return pats

    def fitting(pats: list[tuple[Cell, int, int, int]]
                ) -> Iterator[tuple[Placement, tuple[int, int, int]]]:
        # the moves in Board.placements_of's order: the remaining tiles, each turn, each cell
        for t, rots in turns:
            if t not in used:
                for r, (x, y, z) in enumerate(rots):
                    for cell, a, b, c in pats:
                        if (a < 0 or a == x) and (b < 0 or b == y) and (c < 0 or c == z):
                            yield Placement(t, cell, r), (x, y, z)

    def grow() -> list[Placement] | None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return None
        if len(cells) == k:                 # blocking: no remaining tile fits anywhere
            return None if next(fitting(patterns()), None) else list(cells.values())
        moves = list(fitting(patterns()))
        for p, nums in moves:
            lay(p, nums)
            key = frozenset(shown.items())
            if key not in seen:
                seen.add(key)
                found = grow()
                if found is not None or nodes > budget:
                    remove(p)
                    return found
            remove(p)
        return None

    for t, rots in turns:
        first = Placement(t, (0, 0), 0)
        lay(first, rots[0])
        seen.add(frozenset(shown.items()))
        found = grow()
        remove(first)
        if found is not None:
            return found, nodes, True
        if nodes > budget:
            return None, nodes, False
    return None, nodes, True


def _beam(tiles: list[Triomino], width: int, max_size: int, seed: int,
          budget: int) -> tuple[list[Placement] | None, int]:
    """Layouts grown a tile at a time, keeping the ``width`` with the fewest live cells
    (cells some remaining tile still fits), ties broken by a seeded shuffle."""
    rng = random.Random(seed)
    nodes = 0
    level: list[tuple[Placement, ...]] = [(Placement(t, (0, 0), 0),) for t in tiles]
    for _ in range(max_size):
        scored = []
        for layout in level:
            b = Board()
            for p in layout:
                b.lay(p)
            laid = {p.tile for p in layout}
            moves = b.placements_of([t for t in tiles if t not in laid])
            nodes += 1
            if not moves:
                return list(layout), nodes
            live = len({p.cell for p in moves})
            scored.append((live + 0.01 * len(moves) + 0.5 * rng.random(), layout, moves))
            if nodes > budget:
                return None, nodes
        scored.sort(key=lambda s: s[0])
        nxt: dict[Key, tuple[Placement, ...]] = {}
        for _, layout, moves in scored[:width]:
            for p in moves:
                grown = layout + (p,)
                nxt.setdefault(frozenset((q.cell, q.numbers()) for q in grown), grown)
        level = list(nxt.values())
    return None, nodes


def fewest_blocking(tiles: Iterable[Triomino] = TRIOMINO_SET, *, node_limit: int = 200_000,
                    beam_width: int = 0, beam_seed: int = 1, beam_restarts: int = 1,
                    beam_limit: int = 100_000) -> BlockingAnswer:
    """The fewest distinct ``tiles`` laid legally after which no other tile of ``tiles``
    fits anywhere.

    Sizes 1, 2, … are searched exhaustively until a blocking layout appears (then the
    answer is exact) or ``node_limit`` runs out at some size ``k`` (then every size
    below ``k`` is proven impossible). In the second case a beam search of
    ``beam_width`` layouts per size (0: none) looks for the best layout known — once for
    each of ``beam_restarts`` seeds from ``beam_seed`` on (the ties it breaks at random
    change what it finds), each with ``beam_limit`` nodes — and the whole collection laid
    at once (which blocks, since nothing is left) is the fallback.
    """
    ts = _check_tiles(tiles)
    if not ts:
        raise InvalidTile("fewest_blocking needs at least one tile")
    for name, v in (("node_limit", node_limit), ("beam_width", beam_width),
                    ("beam_limit", beam_limit), ("beam_restarts", beam_restarts),
                    ("beam_seed", beam_seed)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise InvalidTile(f"{name} is a whole number ≥ 0, not {short_repr(v)}")
    nodes = 0
    for k in range(1, len(ts) + 1):
        found, used, finished = _exact(ts, k, node_limit - nodes)
        nodes += used
        if found is not None:
            return BlockingAnswer(k, tuple(found), True, k, nodes, tuple(ts))
        if not finished:
            lower = k
            break
    else:                                        # pragma: no cover — all tiles always block
        raise AssertionError("laying every tile always blocks")
    best: list[Placement] | None = None
    if beam_width:
        for seed in range(beam_seed, beam_seed + beam_restarts):
            found, used = _beam(ts, beam_width, len(ts), seed, beam_limit)
            nodes += used
            if found is not None and (best is None or len(found) < len(best)):
                best = found
    if best is None:
        whole = largest_region(ts)
        if whole.size == len(ts):
            best = list(whole.placements)
    size = len(best) if best is not None else None
    return BlockingAnswer(size, tuple(best or ()), size == lower, lower, nodes, tuple(ts))
