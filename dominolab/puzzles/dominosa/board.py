"""The Dominosa engine's tables and state (internal; use :class:`~.puzzle.Dominosa`).

A grid of ``(n+1) x (n+2)`` cells is stored row-major; a *placement* is a pair
of orthogonally adjacent cells, numbered once per board shape. Every search
state is two Python ints used as bitsets over placements: ``alive`` (not yet
ruled out) and ``committed`` (known to be in the solution). A solution is an
exact cover: every cell in exactly one chosen placement, every tile of the
double-n set in exactly one.

Why hand-written: the exact-cover packages on PyPI (``dlx``, ``exact-cover``,
...) solve a cover problem but cannot run the human deductions between
branches, report *why* a placement is forced, or share the same state with the
grader; one bitset engine (this module's :class:`Board` and :class:`State`,
the deductions in :mod:`.rules` and :mod:`.sets`, the search in
:mod:`.search`) does deductions, grading, hints and search, so search is
simply "deductions, then branch on the tightest cell or tile".

>>> b = Board(1, (0, 0, 1, 1, 0, 1))
>>> len(b.placements), b.tiles
(7, 3)
>>> state = b.initial()
>>> [sorted(b.placements[p]) for p in bits(state.alive & b.cell_mask[0])]
[[0, 1], [0, 3]]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from ...tiles import tile_index

__all__ = [
    "BASIC", "EXTREME", "HARD", "SEARCH", "TRIVIAL", "Board", "Contradiction", "Deduction",
    "State", "bits", "tile_index",
]

#: The deduction levels, weakest first (Tatham's Trivial, Basic, Hard,
#: Extreme; SEARCH: beyond them all).
TRIVIAL, BASIC, HARD, EXTREME, SEARCH = range(5)


class Contradiction(Exception):
    """Raised inside the engine when a state has no completion (never escapes
    the package: the public methods turn it into an answer or
    :class:`~dominolab.errors.Unsolvable`)."""


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: per placement, ``(other placement q sharing a cell, q's far cell)`` pairs
Outer = tuple[tuple[tuple[int, int], ...], ...]


@lru_cache(maxsize=32)
def _geometry(n: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...],
                               tuple[int, ...], tuple[int, ...], dict[tuple[int, int], int],
                               Outer]:
    """Placements and masks that depend only on the grid shape."""
    rows, cols = n + 1, n + 2
    placements: list[tuple[int, int]] = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                placements.append((i, i + 1))
            if r + 1 < rows:
                placements.append((i, i + cols))
    cell_pls: list[list[int]] = [[] for _ in range(rows * cols)]
    for p, (a, b) in enumerate(placements):
        cell_pls[a].append(p)
        cell_pls[b].append(p)
    cell_mask = [sum(1 << p for p in pl) for pl in cell_pls]
    over = [(cell_mask[a] | cell_mask[b]) & ~(1 << p) for p, (a, b) in enumerate(placements)]
    index = {pair: p for p, pair in enumerate(placements)}
    outer = []
    for p, (a, b) in enumerate(placements):
        row = []
        for c in (a, b):
            for q in cell_pls[c]:
                if q != p:
                    qa, qb = placements[q]
                    row.append((q, qa + qb - c))
        outer.append(tuple(row))
    return (tuple(placements), tuple(map(tuple, cell_pls)), tuple(cell_mask), tuple(over), index,
            tuple(outer))


@lru_cache(maxsize=32)
def _tile_table(n: int) -> tuple[tuple[int, ...], ...]:
    """``_tile_table(n)[a][b] == tile_index(a, b)`` for numbers 0..n."""
    return tuple(tuple(tile_index(a, b) for b in range(n + 1)) for a in range(n + 1))


@lru_cache(maxsize=32)
def _tile_pairs(n: int) -> tuple[tuple[int, int], ...]:
    """The tiles ``(low, high)`` of the double-n set by their index."""
    return tuple((a, b) for b in range(n + 1) for a in range(b + 1))


#: ``(q, 1 << q, far cell, mask of the far cell's placements other than q)``
Slot = tuple[int, int, int, int]

#: mask -> the indices of its set bits, lowest first (see :func:`_bit_lists`)
BitLists = tuple[tuple[int, ...], ...] | dict[int, tuple[int, ...]]


class _LazyBitLists(dict[int, tuple[int, ...]]):
    """:func:`_bit_lists` for wide shapes: filled as masks are met."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) > 1 << 16:  # a long-lived process meeting many masks
            self.clear()
        out = self[mask] = tuple(bits(mask))
        return out


@lru_cache(maxsize=32)
def _bit_lists(width: int) -> BitLists:
    """``table[mask]``: the set bits of a mask below ``2**width``, lowest first.

    Set analysis walks the bits of small masks (the numbers a square can
    pair with, the squares of a set: at most n + 2 bits) again and again;
    on CPython 3.11 one look-up here and a loop over a tuple cost about a
    quarter of the ``low = x & -x; x ^= low; low.bit_length() - 1`` steps
    (callgrind: 590 against 2,350 instructions for three bits). A full
    table for up to 10 bits (1,024 entries, once per shape), a dict filled
    as masks are met above that."""
    if width <= 10:
        return tuple(tuple(bits(x)) for x in range(1 << width))
    return _LazyBitLists()


@lru_cache(maxsize=32)
def _outer_masks(n: int) -> tuple[tuple[tuple[tuple[int, int, int], ...], ...],
                                  tuple[tuple[tuple[int, int], ...], ...],
                                  tuple[Slot, ...], tuple[tuple[int, ...], ...]]:
    """Tables for the Basic rules. A *slot* ``2q + side`` is placement q seen
    from one of its cells, looking at its far cell ``sq``; ``slots[s]`` is
    ``(q, 1 << q, sq, mask of sq's placements other than q)``. Per placement
    p, ``om[p]`` lists ``(q, slot, sq)`` for each q sharing a cell with p, in
    the order of ``outer``; per cell, ``nb`` lists its ``(other cell,
    placement)`` pairs in placement order; per slot, ``users`` lists the
    placements p whose ``om[p]`` holds it."""
    placements, cell_pls, cell_mask, _, _, outer = _geometry(n)
    slots: list[Slot] = []
    for q, (qa, qb) in enumerate(placements):
        for sq in (qa, qb):
            slots.append((q, 1 << q, sq, cell_mask[sq] & ~(1 << q)))
    om = tuple(tuple((q, 2 * q + (sq != placements[q][0]), sq) for q, sq in row)
               for row in outer)
    nb = tuple(tuple((placements[p][0] + placements[p][1] - c, p) for p in cell_pls[c])
               for c in range(len(cell_pls)))
    users: list[list[int]] = [[] for _ in slots]
    for p, row in enumerate(om):
        for _, s, _ in row:
            users[s].append(p)
    return om, nb, tuple(slots), tuple(map(tuple, users))


class State:
    """Mutable search state: ``alive`` and ``committed`` placement bitsets."""

    __slots__ = ("alive", "committed")

    alive: int
    committed: int

    def __init__(self, alive: int, committed: int = 0):
        self.alive = alive
        self.committed = committed

    def copy(self) -> State:
        return State(self.alive, self.committed)


#: every table of one grid shape, as Board attributes (see :func:`_shape`)
ShapeTables = dict[str, Any]


@lru_cache(maxsize=32)
def _shape(n: int) -> ShapeTables:
    """The tables every double-n grid shares, by Board attribute name, built
    once per shape (a Board copies them with one ``__dict__`` update, so a
    second grid of the same n pays nothing for them). Only immutable
    values: every Board of the shape holds the same objects, and nothing
    writes to them. ``_pa``/``_pb`` are the cells of each placement,
    ``_tix`` the tile index of numbers ``(a, b)`` at ``a * (n + 1) + b``,
    ``_bit`` is ``1 << p`` per placement (for the per-grid tables),
    ``_slot_rest`` the last field of each slot (see :func:`_outer_masks`) and
    ``far_slots`` per cell c, for each placement q of c, ``(1 << q, the
    placements sharing q's other cell besides q)``: the placements the
    verdict of q's slot looking at c, in the local-duplicate rules, is about;
    ``cell_live`` per cell c maps each set of c's placements (a mask) to the
    entries ``(neighbour, 1 << placement)`` of ``cell_nb[c]`` in it,
    so a rule that meets c's live placements ``alive & cell_mask[c]`` walks
    only the live ones, with no test on the mask per neighbour (parity's
    search, set analysis's squares); ``bit_lists`` lists the bits of masks
    of n + 2 bits (numbers, one number's squares: :func:`_bit_lists`)."""
    placements, cell_pls, cell_mask, over, index, outer = _geometry(n)
    outer_slots, cell_nb, slots, slot_users = _outer_masks(n)
    k = n + 1
    return {
        "n": n, "rows": n + 1, "cols": n + 2, "ncells": (n + 1) * (n + 2),
        "tiles": (n + 1) * (n + 2) // 2, "placements": placements, "cell_pls": cell_pls,
        "cell_mask": cell_mask, "over": over, "index": index, "outer": outer,
        "outer_slots": outer_slots, "cell_nb": cell_nb, "slots": slots,
        "slot_users": slot_users, "tile_pair": _tile_pairs(n),
        "full": (1 << len(placements)) - 1,
        "_pa": tuple(a for a, _ in placements), "_pb": tuple(b for _, b in placements),
        "_tix": tuple(tile_index(a, b) for a in range(k) for b in range(k)),
        "_bit": tuple(1 << p for p in range(len(placements))),
        "_slot_rest": tuple(sl[3] for sl in slots),
        "cell_live": tuple(_live_entries(tuple((o, 1 << q) for o, q in row))
                           for row in cell_nb),
        "bit_lists": _bit_lists(n + 2),
        "far_slots": tuple(tuple((1 << q, slots[2 * q + (c == placements[q][0])][3])
                                 for q in cell_pls[c]) for c in range(len(cell_pls))),
    }


def _live_entries(row: tuple[tuple[int, int], ...]) -> dict[int, tuple[tuple[int, int], ...]]:
    """For a cell's ``(neighbour, 1 << placement)`` entries: every subset of
    its placements, as a mask, to the entries in it (in their order)."""
    out = {}
    for sub in range(1 << len(row)):
        kept = tuple(e for i, e in enumerate(row) if sub >> i & 1)
        out[sum(bit for _, bit in kept)] = kept
    return out


class Board:
    """Precomputed tables for one grid of numbers (``numbers`` row-major).

    Geometry (shared by every grid of the shape, built once per n by
    :func:`_shape`): ``placements`` (cell pairs), ``cell_pls``/``cell_mask``
    (each cell's placements), ``over`` (per placement, the others sharing a
    cell), ``index`` (cell pair -> placement), ``outer``, ``outer_slots``,
    ``cell_nb``, ``slots``, ``slot_users`` (see :func:`_outer_masks`),
    ``tile_pair`` (index -> (low, high)). Numbers: ``ptile`` (each
    placement's tile index), ``tile_mask`` (each tile's placements) and,
    built when first read (only the set analysis and the tests need them),
    ``tile_pls``, ``cells_of`` and ``number_mask`` (per number, its cells
    and every placement touching them).

    Where a call's time goes (measured with cProfile and per-phase timers on
    the puzzles of puzzles/dominosa/tatham-batch.txt, n = 1..6 and 9, before
    issue 24's per-call work): ``Dominosa.parse(id).solve()`` at n = 6 took
    about 250 us, of which parsing 60 (the number reader ran a regular
    expression and a range check per cell, and the grid was checked
    twice), this set-up 22 (four cached geometry look-ups, then the tile
    tables and the per-number tables for every grid), the search 57 (its
    propagation rescanned every cell and tile after each commit) and
    building the verified :class:`~.puzzle.Solution` 86 (a checked
    Placement and Tile per domino, then sorting and verifying them); at
    n = 1 the same steps took 14, 5, 4 and 11 of 38 us. ``grade()`` at
    n = 6 (about 200 us): parsing 60, set-up 22, the deductions 95 (at
    Hard, set analysis is half of that). So for small grids the fixed
    costs, not the search, were the time. After that work (the same timers,
    on a busier machine): at n = 6 parsing 5 us, this set-up 19, the search
    60, the Solution 21 (solve 112 in all), and grade() of the same grids
    89; at n = 1 solve 24 and grade 20. What is left at Hard, Extreme and
    on ambiguous grids is the deduction rules' own work per step, which
    benchmarks/bench_dominosa.py --batch shows against Tatham's program.

    Issue 24's grading round (cProfile and per-rule CPU timers, then
    callgrind instruction counts of ``Dominosa.parse(id).grade()`` on the
    batch IDs): at Hard, n <= 6, a grade() ran each rule only 1-4 times
    (the rules' first full trial was most of the cost, so re-examining only
    what the last deduction touched could save little), and the time went
    to set analysis (about a third: finding each number's squares and a
    perfect assignment, for the Hard pass and again for the Extreme pass on
    the same state), the two local-duplicate rules, the Trivial steps (two
    full scans after every deduction), parity, cell-one-tile and
    tile-overlap. Now the Trivial steps after a deduction look only at the
    cells and tiles that lost a placement, cell-one-tile and tile-overlap
    re-examine only what lost a placement since their last trial, the
    Extreme pass reuses the Hard pass's squares and first assignment, and
    parity reads the shape's neighbour lists instead of building its own:
    5.14 M instructions per grade() became 4.31 M at Hard n <= 6, 11.46 M
    became 9.40 M at Extreme n <= 6. An incremental local-duplicate pair
    was tried and dropped (see :mod:`.rules`).

    Issue 24's second grading round (per-rule CPU replays and line
    profiles of grade() on the n <= 6 batch IDs): at Hard n = 6 set
    analysis was 42 % of a grade (finding each number's squares a fifth of
    it, the assignment a fifth, closures and candidate sets a quarter, the
    verdicts on them the rest), the two local-duplicate rules 35 % (most of
    it the per-placement table of :func:`.rules._far_squares`), the Trivial
    steps 8 %, parity 7 %. Now deduce() without a record runs the
    local-duplicate pair from per-cell verdicts (``far_slots``) and set
    analysis without building deductions or sorting, Kuhn's first move is
    written out, Warshall's closure works on all rows in one int, and the
    Hard pass drops the sets whose counts cannot tell anything: 4.27 M
    instructions per grade() became 3.54 M at Hard n <= 6, 9.42 M became
    8.03 M at Extreme (cachegrind, import subtracted; same closures,
    grades and deduction records on every stored puzzle). (Later rounds
    changed some of this again, e.g. the closures are now found on small
    ints: see the docstring of benchmarks/bench_dominosa.py.)
    """

    n: int
    rows: int
    cols: int
    numbers: tuple[int, ...]
    ncells: int
    tiles: int
    placements: tuple[tuple[int, int], ...]
    cell_pls: tuple[tuple[int, ...], ...]
    cell_mask: tuple[int, ...]
    over: tuple[int, ...]
    index: dict[tuple[int, int], int]
    outer: Outer
    ptile: tuple[int, ...]
    tile_mask: tuple[int, ...]
    tile_pair: tuple[tuple[int, int], ...]
    full: int
    outer_slots: tuple[tuple[tuple[int, int, int], ...], ...]
    cell_nb: tuple[tuple[tuple[int, int], ...], ...]
    cell_live: tuple[dict[int, tuple[tuple[int, int], ...]], ...]
    bit_lists: BitLists
    slots: tuple[Slot, ...]
    slot_users: tuple[tuple[int, ...], ...]
    _pa: tuple[int, ...]
    _pb: tuple[int, ...]
    _tix: tuple[int, ...]
    _bit: tuple[int, ...]
    _slot_rest: tuple[int, ...]
    far_slots: tuple[tuple[tuple[int, int], ...], ...]
    #: the last table of :func:`.rules._far_squares`: (alive mask, table)
    far: tuple[int, tuple[list[int], list[int], list[int]]]
    #: the last table of :func:`.rules._far_verdicts`: (alive mask, per cell its verdicts)
    verdicts: tuple[int, list[tuple[tuple[int, int, int], ...]]]
    #: :func:`.sets._set_analysis` results by (number, doubles, slice of alive)
    set_cache: dict[tuple[int, bool, int], list[Deduction]]
    #: :func:`.sets.set_mask` results by (number, doubles, slice of alive)
    #: (``sets._NO_ASSIGNMENT``: the number's squares have no perfect assignment)
    set_mask_cache: dict[tuple[int, bool, int], object]
    #: the squares of a number and their first assignment, by (number,
    #: slice of alive), shared by :func:`.sets._set_analysis_number`'s passes
    square_cache: dict[tuple[int, int], tuple[Any, ...]]
    #: the tables of the C closure (``_closurec.prepare``), set by the first
    #: :func:`.rules.deduce` without a record that runs it; left out of copies and pickles
    _closurec: Any

    def __init__(self, n: int, numbers: Iterable[int]):
        self.__dict__.update(_shape(n))
        self.numbers = numbers = tuple(numbers)
        # tile index per placement: _tix[a * (n + 1) + b] for its numbers a, b
        # (a list comprehension: on CPython 3.11 it took half the time of
        # the same look-ups chained through map() and bound __getitem__s)
        k = n + 1
        tix = self._tix
        self.ptile = ptile = tuple([tix[numbers[a] * k + numbers[c]] for a, c in self.placements])
        tile_mask = [0] * self.tiles
        for t, bit in zip(ptile, self._bit):
            tile_mask[t] |= bit
        self.tile_mask = tuple(tile_mask)
        self.far = (-1, ([], [], []))  # no alive mask is -1
        self.verdicts = (-1, [])
        self.set_cache = {}
        self.set_mask_cache = {}
        self.square_cache = {}

    def __getstate__(self) -> dict[str, Any]:
        # (the C closure's tables are not picklable; a copy prepares its own)
        state = dict(self.__dict__)
        state.pop("_closurec", None)
        return state

    @cached_property
    def tile_pls(self) -> tuple[tuple[int, ...], ...]:
        """Each tile's placements, in order."""
        tile_pls: list[list[int]] = [[] for _ in range(self.tiles)]
        for p, t in enumerate(self.ptile):
            tile_pls[t].append(p)
        return tuple(map(tuple, tile_pls))

    @cached_property
    def _number_tables(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        cells_of: list[list[int]] = [[] for _ in range(self.n + 1)]
        number_mask = [0] * (self.n + 1)
        for i, (v, m) in enumerate(zip(self.numbers, self.cell_mask)):
            cells_of[v].append(i)
            # per number v: every placement touching a cell that shows v
            # (the set analysis of v reads only these)
            number_mask[v] |= m
        return tuple(map(tuple, cells_of)), tuple(number_mask)

    @property
    def cells_of(self) -> tuple[tuple[int, ...], ...]:
        """Per number, the cells showing it."""
        return self._number_tables[0]

    @property
    def number_mask(self) -> tuple[int, ...]:
        """Per number, every placement touching a cell that shows it."""
        return self._number_tables[1]

    def initial(self) -> State:
        return State(self.full, 0)

    # -- state edits -------------------------------------------------------
    def commit(self, st: State, p: int) -> int:
        """Put placement ``p`` in the solution; returns the mask it removed."""
        rm = st.alive & (self.over[p] | (self.tile_mask[self.ptile[p]] & ~(1 << p)))
        st.alive &= ~rm
        st.committed |= 1 << p
        return rm

    def solved(self, st: State) -> bool:
        return st.alive.bit_count() == self.tiles and self.consistent(st)

    def consistent(self, st: State) -> bool:
        a = st.alive
        return all(a & m for m in self.cell_mask) and all(a & m for m in self.tile_mask)


class Deduction(NamedTuple):
    """What a rule found: ``place`` a placement to commit (or -1), ``remove`` a
    mask of placements ruled out, at ``level``; ``info`` holds what the
    explanation needs (cells, tiles, numbers). The engine reads it by index
    (``d[2]``, ``d[3]``) in its loops."""

    rule: str
    level: int
    place: int
    remove: int
    info: dict[str, Any]
