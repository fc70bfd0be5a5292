# One file: the rules are tried in one order of strength by one loop that shares their
# incremental bookkeeping (what lost a placement since a rule last ran); split apart,
# each rule would reach into the loop's private state.
"""The Dominosa deductions at Simon Tatham's levels, and the loop that runs them.

Each rule looks at a :class:`~.board.State` and returns a list of
:class:`~.board.Deduction` values; :func:`deduce` applies the first rule (in
order of strength) that makes progress, again and again, until stuck. The
rules and their levels follow the reference (Simon Tatham's Dominosa, in his
Portable Puzzle Collection), rule for rule and in the same order of trial, so
grades agree (tests check every grid in puzzles/dominosa/tatham-anchors.txt
and puzzles/dominosa/tatham-batch.txt); the implementation is our own. The
set analysis (Hard, and Extreme with doubles) is in :mod:`.sets`.

* Trivial: a tile with one place left goes there; a cell with one
  neighbour left pairs with it.
* Basic: a cell whose options all make one tile keeps that tile; a pair
  overlapping every place of a tile is ruled out; a tile that would force a
  second copy of itself (or two cells to be one tile) is ruled out; a tile
  that would cut off an odd area is ruled out.
* Hard: set analysis.
* Extreme: set analysis with the double; forcing chains.

:func:`deduce` without a record runs the same closure in C (``_closurec.c``, built by
hatch_build.py; not for n > 60, with ``DOMINOLAB_PURE=1`` or where it was not built): this
module and :mod:`.sets` are its reference, and tests/test_dominosa_closurec.py holds the C
to them (the same states, levels used and contradictions).

>>> from .search import search
>>> b = Board(1, (0, 0, 1, 1, 0, 1))
>>> len(list(search(b, b.initial(), limit=5)))  # 0 0|1 over 1 0|1, or 0|0 1|1 over 1 0
2
>>> st = b.initial()
>>> deduce(b, st, EXTREME), list(bits(st.committed))  # Trivial forces the 1:1, no more
(0, [4])
>>> b = Board(2, (2, 0, 2, 0, 1, 2, 1, 0, 0, 2, 1, 1))  # 2dt:202012100211
>>> st = b.initial()
>>> deduce(b, st, EXTREME), b.solved(st)
(0, True)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import SimpleNamespace
from typing import Any

from ..._platform import pure_requested
from .board import BASIC, EXTREME, HARD, TRIVIAL, Board, Contradiction, Deduction, State, bits
from .sets import _set_impl, rule_set, rule_set_doubles, set_mask

try:
    from ._closurec import MAX_N as _C_MAX_N
    from ._closurec import deduce as _c_deduce
    from ._closurec import prepare as _c_prepare
except ImportError:  # pragma: no cover - the tests' machines build it
    _closurec_built: Any = None
else:
    _closurec_built = SimpleNamespace(MAX_N=_C_MAX_N, deduce=_c_deduce, prepare=_c_prepare)

__all__ = [
    "RULES", "apply", "deduce", "rule_cell_one_tile", "rule_cell_single", "rule_chains",
    "rule_local_duplicate", "rule_local_duplicate2", "rule_parity", "rule_set",
    "rule_set_doubles", "rule_tile_overlap", "rule_tile_single", "step",
]

#: A deduction rule: what it finds in a state (nothing changed yet).
Rule = Callable[[Board, State], list[Deduction]]


def _single_options(masks: Sequence[int], st: State, rule: str, what: str) -> list[Deduction]:
    """Deductions for each mask (a tile's or a cell's placements) with one live option."""
    out: list[Deduction] = []
    alive, com = st.alive, st.committed
    for k, m in enumerate(masks):
        am = alive & m
        if not am:
            raise Contradiction((what, k))
        if am & (am - 1) == 0 and not am & com:
            out.append(Deduction(rule, TRIVIAL, am.bit_length() - 1, 0, {what: k}))
    return out


def rule_tile_single(b: Board, st: State) -> list[Deduction]:
    """A tile with only one possible place goes there."""
    return _single_options(b.tile_mask, st, "only-place", "tile")


def rule_cell_single(b: Board, st: State) -> list[Deduction]:
    """A cell with only one possible placement takes it."""
    return _single_options(b.cell_mask, st, "only-tile", "cell")


def rule_cell_one_tile(b: Board, st: State) -> list[Deduction]:
    """A cell whose options all use one tile: that tile is ruled out elsewhere."""
    out: list[Deduction] = []
    alive = st.alive
    ptile, tile_mask = b.ptile, b.tile_mask
    for i, m in enumerate(b.cell_mask):
        am = alive & m
        if am & (am - 1) == 0:
            continue
        # one tile iff every option lies in the tile of the lowest one
        t = ptile[(am & -am).bit_length() - 1]
        tm = tile_mask[t]
        if am & ~tm:
            continue
        rm = alive & tm & ~m
        if rm:
            out.append(Deduction("cell-one-tile", BASIC, -1, rm, {"cell": i, "tile": t}))
    return out


def rule_tile_overlap(b: Board, st: State) -> list[Deduction]:
    """Placements overlapping every place left for some tile are ruled out."""
    out: list[Deduction] = []
    alive = st.alive
    over = b.over
    for t, m in enumerate(b.tile_mask):
        am = alive & m
        if am & (am - 1) == 0:
            continue
        inter = alive
        x = am
        while x:
            low = x & -x
            inter &= over[low.bit_length() - 1]
            if not inter:
                break
            x ^= low
        if inter:
            out.append(Deduction("tile-overlap", BASIC, -1, inter, {"tile": t, "places": am}))
    return out


def _far_squares(b: Board, alive: int) -> tuple[list[int], list[int], list[int]]:
    """Per slot (placement q from one cell, looking at its far cell sq): what
    sq has left besides q when q is alive -- ``-1`` nothing, a tile index
    ``t`` when every other option there is tile t (with ``rests[slot]`` those
    options), ``-2`` when q is dead or the options are mixed (or when no live
    placement shares a cell with q, as nothing then reads it); ``known``
    lists the slots that are not -2. The two local-duplicate rules read it
    for every placement next to q, and usually run on the same state one
    after the other, so the last table is kept."""
    last = b.far
    if last[0] == alive:
        return last[1]
    ptile, tile_mask, srest = b.ptile, b.tile_mask, b._slot_rest
    stat = [-2] * len(srest)
    rests = [0] * len(srest)
    known = []
    over = b.over
    x = alive
    while x:
        low = x & -x
        x ^= low
        q = low.bit_length() - 1
        if not alive & over[q]:
            # no live placement shares a cell with q (a committed q, say):
            # no rule reads q's slots, so they stay -2
            continue
        # the two slots of q, 2q and 2q + 1, written out (the hot loop of
        # the Basic level)
        s = 2 * q
        rest = alive & srest[s]
        if not rest:
            stat[s] = -1
            known.append(s)
        else:
            t0 = ptile[(rest & -rest).bit_length() - 1]
            if not rest & ~tile_mask[t0]:
                stat[s] = t0
                rests[s] = rest
                known.append(s)
        s += 1
        rest = alive & srest[s]
        if not rest:
            stat[s] = -1
            known.append(s)
        else:
            t0 = ptile[(rest & -rest).bit_length() - 1]
            if not rest & ~tile_mask[t0]:
                stat[s] = t0
                rests[s] = rest
                known.append(s)
    res = (stat, rests, known)
    b.far = (alive, res)
    return res


def rule_local_duplicate(b: Board, st: State) -> list[Deduction]:
    """A placement of tile d whose neighbour square would then need another d."""
    out: list[Deduction] = []
    alive = st.alive
    ptile, outer_slots, users = b.ptile, b.outer_slots, b.slot_users
    stat, _, known = _far_squares(b, alive)
    # placements with some q whose far square would need nothing or only
    # their own tile: the only ones that can fire
    marks: set[int] = set()
    for s in known:
        t = stat[s]
        if t < 0:
            marks.update(users[s])
        else:
            for p in users[s]:
                if ptile[p] == t:
                    marks.add(p)
    for p in sorted(marks):
        if not alive >> p & 1:
            continue
        d = ptile[p]
        # q alive, and every other option of its far square sq is tile d too
        # (the first such q, in the order of outer)
        for q, s, sq in outer_slots[p]:
            t = stat[s]
            if t == -1 or t == d:  # (d >= 0: not -2)
                out.append(Deduction("local-duplicate", BASIC, -1, 1 << p,
                                     {"tile": d, "cell": sq, "via": q}))
                break
    return out


def rule_local_duplicate2(b: Board, st: State) -> list[Deduction]:
    """A placement that would leave two separate squares both needing one tile."""
    out: list[Deduction] = []
    alive = st.alive
    outer_slots, cell_mask = b.outer_slots, b.cell_mask
    stat, rests, known = _far_squares(b, alive)
    # how many squares next to each placement need a single tile: only
    # placements with two or more are worth a closer look
    count = [0] * len(outer_slots)
    users = b.slot_users
    for s in known:
        if stat[s] >= 0:
            for p in users[s]:
                count[p] += 1
    x = alive
    while x:
        low = x & -x
        x ^= low
        p = low.bit_length() - 1
        if count[p] < 2:
            continue
        squares = [(sq, stat[s], rests[s]) for q, s, sq in outer_slots[p]
                   if stat[s] >= 0]
        found = None
        for i in range(len(squares)):
            si, di, _ = squares[i]
            for j in range(len(squares)):
                sj, dj, restj = squares[j]
                if i == j or sj == si or dj != di:
                    continue
                if restj & cell_mask[si]:
                    continue
                found = (si, sj, di)
                break
            if found:
                break
        if found:
            out.append(Deduction("local-duplicate-2", BASIC, -1, low,
                                 {"cells": found[:2], "tile": found[2]}))
    return out


def rule_parity(b: Board, st: State) -> list[Deduction]:
    """Bridges whose removal would leave two odd areas (Tarjan bridge finding).

    The open cells and live placements form a graph; a placement that is a
    bridge of it, with an even number of cells on each side, would leave two
    odd areas once laid (its own two cells taken), so it is ruled out.

    Hand-written rather than ``networkx.bridges``, for speed (measured): the
    deduction needs the sizes of both sides, which this one depth-first
    search gets for free, and the rule runs on every Basic step of the
    grader and the generator. With ``networkx.bridges`` plus a
    ``networkx.dfs_labeled_edges`` pass for the sizes (same deductions in
    the same order) the rule took 12x as long per call (1.3 ms against
    0.11 ms on double-6 to double-12 grids), ``grade()`` of the 1,234
    batch grids up to double-14 1.8x as long, ``generate()`` 1.75x, and
    the Hard and Extreme ``grade()`` rows of benchmarks/bench_dominosa.py
    1.5-2.5x.
    """
    # the open cells and the live placements not committed: a committed
    # tile's two cells have no other option, so they are a component of
    # their own, an odd-odd bridge that rules nothing out, and the search
    # below skips them. Each cell's (neighbour, placement) pairs are the
    # shape's, in placement order, the dead ones skipped as they come.
    live = st.alive & ~st.committed
    ncell = b.ncells
    cell_live, cell_mask = b.cell_live, b.cell_mask
    disc = [-1] * ncell
    low = [0] * ncell
    size = [1] * ncell
    # (1 << placement, size of the child side, size of the other side)
    bridges: list[tuple[int, int, int]] = []
    timer = 0
    for root in range(ncell):
        if disc[root] >= 0 or not live & cell_mask[root]:
            continue
        comp = 1
        found: list[tuple[int, int]] = []
        disc[root] = low[root] = timer
        timer += 1
        # (cell, its parent cell, 1 << the placement to it, its live
        # neighbours left to look at); the grid has one placement per pair
        # of neighbours, so the parent placement is the one to the parent cell
        stack = [(root, -1, 0, iter(cell_live[root][live & cell_mask[root]]))]
        while stack:
            v, pv, pbit, it = stack[-1]
            for w, bit in it:
                if w == pv:
                    continue
                dw = disc[w]
                if dw < 0:
                    disc[w] = low[w] = timer
                    timer += 1
                    comp += 1
                    stack.append((w, v, bit, iter(cell_live[w][live & cell_mask[w]])))
                    break
                if dw < low[v]:
                    low[v] = dw
            else:
                stack.pop()
                if pv >= 0:
                    size[pv] += size[v]
                    lv = low[v]
                    if lv < low[pv]:
                        low[pv] = lv
                    if lv > disc[pv]:
                        found.append((pbit, size[v]))
        bridges.extend((pbit, s, comp - s) for pbit, s in found)
    out: list[Deduction] = []
    for pbit, s1, s0 in bridges:
        if (s1 | s0) & 1 == 0:
            out.append(Deduction("parity", BASIC, -1, pbit, {"sizes": (s0, s1)}))
    return out


def rule_chains(b: Board, st: State) -> list[Deduction]:
    """Forcing chains through cells with exactly two options."""
    alive = st.alive
    parent: dict[int, int] = {}
    parity: dict[int, int] = {}

    def find(x: int) -> tuple[int, int]:
        path = []
        par = 0
        while parent.get(x, x) != x:
            path.append(x)
            par ^= parity[x]
            x = parent[x]
        # path compression
        acc = par
        for y in path:
            p = parity[y]
            parent[y] = x
            parity[y] = acc
            acc ^= p
        return x, par

    for i, m in enumerate(b.cell_mask):
        am = alive & m
        if am.bit_count() != 2:
            continue
        p = am.bit_length() - 1
        q = (am & -am).bit_length() - 1
        rp, pp = find(p)
        rq, pq = find(q)
        if rp == rq:
            if pp == pq:
                raise Contradiction(("chain", i))
            continue
        parent[rq] = rp
        parity[rq] = pp ^ pq ^ 1
    chain: dict[int, tuple[int, int]] = {}
    for p in bits(alive):
        r, par = find(p)
        chain[p] = (r, par)
    groups: dict[tuple[int, int], list[int]] = {}
    for p, c in chain.items():
        groups.setdefault(c, []).append(p)
    out: list[Deduction] = []
    # 1. a chain that would use one tile twice is false
    for c, ps in groups.items():
        seen: dict[int, int] = {}
        for p in ps:
            t = b.ptile[p]
            if t in seen:
                out.append(Deduction("chain-duplicate", EXTREME, -1, sum(1 << x for x in ps),
                                     {"tile": t, "chain": tuple(ps)}))
                break
            seen[t] = p
    if out:
        return out
    # 2. a chain that would take every option of some other cell is false
    tile_chains: dict[int, set[tuple[int, int]]] = {}
    for p, c in chain.items():
        tile_chains.setdefault(b.ptile[p], set()).add(c)
    for i, m in enumerate(b.cell_mask):
        am = alive & m
        if am & (am - 1) == 0:
            continue
        own = {chain[p] for p in bits(am)}
        common = None
        for p in bits(am):
            cs = tile_chains.get(b.ptile[p], set())
            common = set(cs) if common is None else common & cs
            if not common:
                break
        for c in sorted(common - own) if common else ():
            ps = groups[c]
            out.append(Deduction("chain-starves", EXTREME, -1, sum(1 << x for x in ps),
                                 {"cell": i, "chain": tuple(ps)}))
    # 3. a tile in both halves of a chain must be in one of those two places
    for t, m in enumerate(b.tile_mask):
        am = alive & m
        if am.bit_count() <= 2:
            continue
        ps = list(bits(am))
        done = False
        for j in range(len(ps)):
            for k in range(j + 1, len(ps)):
                cj, ck = chain[ps[j]], chain[ps[k]]
                if cj[0] == ck[0] and cj[1] != ck[1]:
                    keep = (1 << ps[j]) | (1 << ps[k])
                    out.append(Deduction("chain-both", EXTREME, -1, am & ~keep,
                                         {"tile": t, "pair": (ps[j], ps[k]),
                                          "chain": tuple(groups[cj] + groups[ck])}))
                    done = True
                    break
            if done:
                break
    return out


# -- incremental forms, for deduce() without a record ------------------------
#
# deduce() without a record needs of a rule only the placements it rules out
# (their union: every deduction of the step is applied). The two rules below
# decide per item (a cell, a tile) from a *premise*, the item's own live
# placements, and rule out the live part of a set fixed by the premise.
# Between two trials of a rule the state only loses placements. An item whose
# premise did not change since the rule's last trial rules out nothing new:
# what it ruled out then was applied (or was nothing), and the same set less
# the placements lost since is a subset of it. So a later trial re-examines
# only the cells (tiles) of the placements lost since the last trial, and
# rules out exactly what a trial from scratch would rule out anew. Each form
# takes the live mask and the mask at the rule's last trial (None: the
# first, every item).
#
# The local-duplicate rules were tried the same way (a placement's premise is
# what the placements sharing a cell with it, and their own neighbours, have
# left) and dropped: on the batch grids the placements near those lost since
# the last trial were most of the grid, and one verdict at a time cost more
# than the one-pass table of :func:`_far_squares` (callgrind, Hard n <= 6:
# 5.47 M instructions per grade() against 5.14 M before). Their mask forms
# read per-far-cell verdicts instead (:func:`_far_verdicts`), whose premise is
# the far cell's own live placements: the first of the pair re-examines only
# the far cells of the placements lost since its last trial; the second, whose
# verdicts pair two far cells, and set analysis (:func:`.sets.set_mask`) look
# at everything and take ``last`` only to share the signature.


def _cells_of_lost(b: Board, lost: int) -> set[int]:
    pa, pb, bit = b._pa, b._pb, b._bit
    cells = set()
    while lost:
        # highest bit first (one int operation a bit, see _trivial_after)
        q = lost.bit_length() - 1
        lost ^= bit[q]
        cells.add(pa[q])
        cells.add(pb[q])
    return cells


def _tiles_of_lost(b: Board, lost: int) -> set[int]:
    ptile, bit = b.ptile, b._bit
    tiles = set()
    while lost:
        q = lost.bit_length() - 1
        lost ^= bit[q]
        tiles.add(ptile[q])
    return tiles


def _cell_one_tile_mask(b: Board, alive: int, last: int | None) -> int:
    """What :func:`rule_cell_one_tile` rules out anew (premise of a cell: its
    live placements)."""
    cells: Iterable[int] = range(b.ncells) if last is None else _cells_of_lost(b, last & ~alive)
    cell_mask, ptile, tile_mask = b.cell_mask, b.ptile, b.tile_mask
    rm = 0
    for i in cells:
        m = cell_mask[i]
        am = alive & m
        if am.bit_count() < 2:
            continue
        # (the tile of the highest option: any option's tile will do)
        tm = tile_mask[ptile[am.bit_length() - 1]]
        if am & tm == am:
            rm |= tm & ~m
    return rm & alive


def _tile_overlap_mask(b: Board, alive: int, last: int | None) -> int:
    """What :func:`rule_tile_overlap` rules out anew (premise of a tile: its
    live placements; what goes: the live placements meeting all of them)."""
    tiles: Iterable[int] = range(b.tiles) if last is None else _tiles_of_lost(b, last & ~alive)
    tile_mask, over = b.tile_mask, b.over
    bit = b._bit
    rm = 0
    for t in tiles:
        am = alive & tile_mask[t]
        if am.bit_count() < 2:
            continue
        inter = alive
        while am:
            # highest bit first (the intersection does not care)
            q = am.bit_length() - 1
            inter &= over[q]
            if not inter:
                break
            am ^= bit[q]
        rm |= inter
    return rm


def _far_verdicts(b: Board, alive: int) -> list[tuple[tuple[int, int, int], ...]]:
    """The slots of :func:`_far_squares` that are not -2, found cell by cell:
    per far cell c, ``(users, verdict, rest)`` for each of its slots, with
    ``users`` the placements whose neighbour list holds the slot (those
    sharing q's other cell, q aside) and ``verdict``/``rest`` as there. A
    far cell's verdicts follow from how its live placements fall into tiles:
    all in one tile, each q sees that tile; all but one q1 in tile t0, q1
    sees t0 (and, when t0 has one placement q0 there, q0 sees q1's tile);
    one q0 in t0 and the rest in one other tile, q0 sees that tile; a
    single option sees nothing (-1). A slot whose q shares a cell with no
    live placement (which :func:`_far_squares` leaves at -2) is listed too:
    its ``users`` are dead, so no form below gets anything from it.

    A cell's entry depends only on its own live placements, so the board
    keeps the last table and rebuilds only the cells of the placements that
    differ between its mask and ``alive`` (any state, not only a later one
    of the same deduce(): a board serves hints and searches too): after a
    deduction that is a few cells, where every trial used to rebuild all of
    them (on the Hard n = 6 batch grids the table was most of what the
    local-duplicate pair cost)."""
    last, table = b.verdicts
    if last == alive:
        return table
    cells: Iterable[int]
    if last < 0:
        table = [()] * b.ncells
        cells = range(b.ncells)
    else:
        cells = _cells_of_lost(b, last ^ alive)
    ptile, tile_mask, cell_mask, pa, srest = b.ptile, b.tile_mask, b.cell_mask, b._pa, b._slot_rest
    far_slots = b.far_slots
    # (one-option tests by bit_count(), and t0 named by the highest option:
    # the verdicts do not depend on which option names it, and the lowest
    # costs two more int operations)
    for c in cells:
        a = alive & cell_mask[c]
        if not a:
            table[c] = ()
            continue
        q = a.bit_length() - 1
        if a.bit_count() == 1:
            s = 2 * q + (c != pa[q])
            table[c] = ((srest[s ^ 1], -1, 0),)
            continue
        t0 = ptile[q]
        a0 = a & tile_mask[t0]
        rest1 = a ^ a0  # the options off t0
        if not rest1:
            table[c] = tuple((users, t0, a ^ bit) for bit, users in far_slots[c] if a & bit)
            continue
        if rest1.bit_count() == 1:
            t1 = ptile[rest1.bit_length() - 1]
            one0 = a0.bit_count() == 1
            out = []
            for bit, users in far_slots[c]:
                if bit == rest1:
                    out.append((users, t0, a0))
                elif one0 and bit == a0:
                    out.append((users, t1, rest1))
            table[c] = tuple(out)
            continue
        if a0.bit_count() == 1:
            t1 = ptile[rest1.bit_length() - 1]
            if rest1 & tile_mask[t1] == rest1:
                table[c] = tuple((users, t1, rest1) for bit, users in far_slots[c]
                                 if bit == a0)
                continue
        table[c] = ()
    b.verdicts = (alive, table)
    return table


def _local_duplicate_mask(b: Board, alive: int, last: int | None) -> int:
    """What :func:`rule_local_duplicate` rules out anew, from the verdicts of
    :func:`_far_verdicts`: p goes when some slot p uses sees nothing or p's
    own tile. A far cell's verdicts are fixed by its live placements (the
    premise, as in :func:`_cell_one_tile_mask`), so a later trial
    re-examines only the far cells of the placements lost since the last."""
    tile_mask = b.tile_mask
    table = _far_verdicts(b, alive)
    cells: Iterable[int] = range(b.ncells) if last is None else _cells_of_lost(b, last & ~alive)
    rm = 0
    for c in cells:
        for users, t, _ in table[c]:
            rm |= users & tile_mask[t] if t >= 0 else users
    return rm & alive


def _local_duplicate2_mask(b: Board, alive: int, last: int | None) -> int:
    """What :func:`rule_local_duplicate2` rules out: p goes when two slots
    it uses, at different far cells, see one tile and the second's other
    options miss the first's far cell."""
    groups: dict[int, list[tuple[int, int, int]]] = {}
    c = -1
    for entries in _far_verdicts(b, alive):
        c += 1
        for users, t, rest in entries:
            if t >= 0:
                g = groups.get(t)
                if g is None:
                    groups[t] = [(c, users, rest)]
                else:
                    g.append((c, users, rest))
    cell_mask = b.cell_mask
    rm = 0
    for g in groups.values():
        if len(g) < 2:
            continue
        for ci, ui, _ in g:
            mi = cell_mask[ci]
            for cj, uj, rj in g:
                if cj != ci and not rj & mi:
                    rm |= ui & uj
    return rm & alive


#: The rules in order of trial (weakest first), each with its level.
RULES: tuple[tuple[int, Rule], ...] = (
    (TRIVIAL, rule_tile_single),
    (TRIVIAL, rule_cell_single),
    (BASIC, rule_cell_one_tile),
    (BASIC, rule_tile_overlap),
    (BASIC, rule_local_duplicate),
    (BASIC, rule_local_duplicate2),
    (BASIC, rule_parity),
    (HARD, rule_set),
    (EXTREME, rule_set_doubles),
    (EXTREME, rule_chains),
)


#: RULES as this module defines them: :func:`deduce` runs the C closure only for these
_DEFAULT_RULES = RULES


def _c_closure() -> Any:
    """The C closure (``_closurec.c``, compiled by hatch_build.py: its ``MAX_N``,
    ``prepare`` and ``deduce``), or None where it was not built or ``DOMINOLAB_PURE`` (set
    to anything but 0) asks for Python throughout."""
    return None if pure_requested() else _closurec_built


#: ``[the C closure]`` (:func:`_c_closure`) that :func:`deduce` runs without a record, or
#: ``[None]``: the Python below (the reference; the tests set it to compare the two)
_closure_c: list[Any] = [_c_closure()]


@contextlib.contextmanager
def closure_in(impl: Any) -> Iterator[None]:
    """Within the block, :func:`deduce` without a record runs ``impl``: the C closure
    (:func:`_c_closure`, or a stand-in for it) or None, the Python (the tests and
    benchmarks compare the two this way)."""
    keep = _closure_c[0]
    _closure_c[0] = impl
    try:
        yield
    finally:
        _closure_c[0] = keep


#: The incremental forms of the Basic rules (see :func:`_cell_one_tile_mask`).
_MASK_FORMS: dict[Rule, Callable[[Board, int, int | None], int]] = {
    rule_cell_one_tile: _cell_one_tile_mask,
    rule_tile_overlap: _tile_overlap_mask,
    rule_local_duplicate: _local_duplicate_mask,
    rule_local_duplicate2: _local_duplicate2_mask,
    rule_set: lambda b, alive, last: set_mask(b, alive, False),
    rule_set_doubles: lambda b, alive, last: set_mask(b, alive, True),
}


def apply(b: Board, st: State, d: Deduction) -> int:
    """Apply a deduction; returns the mask of placements it newly removed (or
    ``-1`` for a commit that removed nothing but is new)."""
    place = d[2]  # d.place, d.remove: plain indexing is cheaper than the properties
    if place >= 0:
        if st.committed >> place & 1 or not st.alive >> place & 1:
            return 0
        rm = b.commit(st, place)
        return rm or -1
    rm = st.alive & d[3]
    st.alive &= ~rm
    return rm


def _trivial_closure(b: Board, st: State) -> bool:
    """Apply the two Trivial rules (a tile's or a cell's only placement goes
    in) until neither applies, committing as it scans, tiles first; returns
    whether anything was committed; raises Contradiction when a tile or
    cell is left with no option, leaving ``st`` as it was (it is written only
    on the way out).

    :func:`deduce` runs the rules one step at a time, each Trivial step
    building a Deduction per single and rescanning from the first tile. Its
    state after the Trivial steps is the same as this one's: each commit is
    forced (its tile or cell has no other option left, and keeps none), so
    the order of the commits does not change the state they lead to, or
    whether they lead to a contradiction (the caller then reruns the steps
    from the same state, so the same exception comes out)."""
    tile_mask, cell_mask, over, ptile = b.tile_mask, b.cell_mask, b.over, b.ptile
    alive, com = st.alive, st.committed
    any_change = False
    while True:
        changed = False
        for masks in (tile_mask, cell_mask):
            for m in masks:
                am = alive & m
                if not am:
                    raise Contradiction("no option left")
                # (bit_count: one int operation where ``am & (am - 1)`` is two)
                if am.bit_count() == 1 and not am & com:
                    # Board.commit written out on the local masks: the
                    # placements sharing a cell or the tile with p, p aside
                    p = am.bit_length() - 1
                    alive &= ~(over[p] | tile_mask[ptile[p]]) | am
                    com |= am
                    changed = True
        if not changed:
            st.alive, st.committed = alive, com
            return any_change
        any_change = True


def _trivial_after(b: Board, st: State, lost: int) -> bool:
    """:func:`_trivial_closure` of a state that was a Trivial fixed point
    before it lost the placements ``lost``: only the cells and tiles of lost
    placements can have come down to one option (or none), so only they are
    looked at, and then those of what each commit removes. Same state, and
    same contradiction, as the full closure (see there: the order of the
    forced commits does not matter); ``st`` too is written only on the way
    out."""
    pa, pb, ptile, bit = b._pa, b._pb, b.ptile, b._bit
    cell_mask, tile_mask, over = b.cell_mask, b.tile_mask, b.over
    alive, com = st.alive, st.committed
    any_change = False
    while lost:
        cells = set()
        tiles = set()
        while lost:
            # highest bit first: one int operation a bit, where the lowest
            # bit (``x & -x``) costs three
            q = lost.bit_length() - 1
            lost ^= bit[q]
            cells.add(pa[q])
            cells.add(pb[q])
            tiles.add(ptile[q])
        for masks, which in ((tile_mask, tiles), (cell_mask, cells)):
            for i in which:
                am = alive & masks[i]
                if not am:
                    raise Contradiction("no option left")
                if am.bit_count() == 1 and not am & com:
                    p = am.bit_length() - 1
                    # what committing p removes (Board.commit on the local masks)
                    rm = alive & (over[p] | tile_mask[ptile[p]]) ^ am
                    alive ^= rm
                    com |= am
                    lost |= rm
                    any_change = True
    st.alive, st.committed = alive, com
    return any_change


def step(b: Board, st: State, level: int) -> list[Deduction]:
    """The deductions of the first rule (in order of strength) that makes
    progress, applied; returns them (empty when stuck). Raises Contradiction."""
    for lvl, rule in RULES:
        if lvl > level:
            break
        done = []
        for d in rule(b, st):
            if apply(b, st, d):
                done.append(d)
        if done:
            return done
    return []


def deduce(b: Board, st: State, level: int, record: list[Deduction] | None = None) -> int:
    """Run deductions up to ``level`` until stuck; returns the highest level used
    (-1 if none). Raises Contradiction when the state is impossible."""
    used = -1
    tiles = b.tiles
    c = _closure_c[0]
    if (record is None and c is not None and b.n <= c.MAX_N and RULES is _DEFAULT_RULES
            and _set_impl[0] == "closure"):
        # the branch below, in C (_closurec.c, which this module's Python must equal: the
        # same alive, committed, level used and contradictions; tests/test_dominosa_closurec.py)
        # with the Board's tables handed over once per Board
        prep = b.__dict__.get("_closurec")
        if prep is None:
            prep = b._closurec = c.prepare(b.n, b.numbers, b._pa, b._pb, b.ptile, b._tix,
                                           tiles)
        st.alive, st.committed, used, status, info = c.deduce(prep, st.alive, st.committed,
                                                              level)
        if status == 0:
            return used
        if status == 1:  # set analysis or the chains: st as the Python leaves it
            raise Contradiction(info)
        # status 2: the Trivial closure found a contradiction; st is as it was before that
        # closure, and the steps below raise it, as after the branch's ``break``
    elif record is None and RULES[0][1] is rule_tile_single and RULES[1][1] is rule_cell_single:
        # without a record: the Trivial steps in bulk (:func:`_trivial_closure`),
        # then the other rules one step at a time, as below
        # the live mask at the last Trivial fixed point, and at each rule's
        # last trial (for the incremental forms; None: not yet)
        fixed: int | None = None
        rules = RULES[2:]
        last: list[int | None] = [None] * len(rules)
        forms = [_MASK_FORMS.get(rule) for _, rule in rules]
        while True:
            if st.alive == st.committed and st.alive.bit_count() == tiles:
                return used
            try:
                if fixed is None:
                    changed = _trivial_closure(b, st)
                else:
                    changed = _trivial_after(b, st, fixed & ~st.alive)
                fixed = st.alive
                if changed:
                    used = max(used, TRIVIAL)
                    continue
            except Contradiction:
                # (st is as it was: both closures write it only when they return) the
                # steps below, from the same state, raise it as they do
                break
            lvl = -1
            for k, (rlvl, rule) in enumerate(rules):
                if rlvl > level:
                    break
                form = forms[k]
                if form is not None:
                    alive = st.alive
                    rm = form(b, alive, last[k])
                    last[k] = alive
                    if rm:
                        st.alive = alive & ~rm
                        lvl = rlvl
                        break
                    continue
                for d in rule(b, st):
                    if apply(b, st, d) and d[1] > lvl:
                        lvl = d[1]
                if lvl >= 0:
                    break
            if lvl < 0:
                return used
            if lvl > used:
                used = lvl
    while True:
        # every tile committed: no rule can tell anything more (and none
        # finds a contradiction), so skip the last round of all of them
        if st.alive == st.committed and st.alive.bit_count() == tiles:
            return used
        done = step(b, st, level)
        if not done:
            return used
        for d in done:
            if d[1] > used:  # d.level
                used = d[1]
        if record is not None:
            record.extend(done)
