"""Exact-cover search for Dominosa: every completion of a state, and counting.

Propagation commits every placement that is the only one left for its cell or
its tile; then the search branches on the cell (else the tile) with the
fewest options left, trying the lowest placement first. It is the bare
exact-cover search (no human deductions): solving uses it from the start
state, grading from the closure of the deductions.

>>> from .board import Board
>>> b = Board(1, (0, 0, 1, 1, 0, 1))
>>> counter = [0]
>>> len(list(search(b, b.initial(), counter=counter))), counter[0] > 0
(2, True)
"""

from __future__ import annotations

from collections.abc import Iterator

from .board import Board, Contradiction, State, bits

__all__ = ["propagate", "search"]


def propagate(b: Board, st: State) -> None:
    """Cheap propagation for search: commit every placement that is the only
    one left for its cell or its tile, to a fixed point.

    A plain loop that commits as it scans (so one pass follows a chain of
    forced placements): measured faster here than finding each pass's
    singles in bulk with ``map`` (C loops, but more passes)."""
    cell_mask, tile_mask, over, ptile = b.cell_mask, b.tile_mask, b.over, b.ptile
    alive, com = st.alive, st.committed
    while True:
        changed = False
        for masks, what in ((cell_mask, "cell"), (tile_mask, "tile")):
            for m in masks:
                am = alive & m
                if not am:
                    raise Contradiction(what)
                # (bit_count: one int operation where ``am & (am - 1)`` is two)
                if am.bit_count() == 1 and not am & com:
                    # Board.commit written out on the local masks
                    p = am.bit_length() - 1
                    alive &= ~(over[p] | tile_mask[ptile[p]]) | am
                    com |= am
                    changed = True
        if not changed:
            st.alive, st.committed = alive, com
            return


def search(b: Board, st: State, limit: int | None = None,
           counter: list[int] | None = None) -> Iterator[int]:
    """Yield every completion of ``st`` (as an ``alive`` mask of the chosen
    placements), by propagation and branching on the cell or tile with the
    fewest options left. ``counter[0]`` counts search nodes."""
    st = st.copy()
    stack = [st]
    found = 0
    while stack:
        s = stack.pop()
        if counter is not None:
            counter[0] += 1
        try:
            propagate(b, s)
        except Contradiction:
            continue
        alive = s.alive
        if alive.bit_count() == b.tiles:
            yield alive
            found += 1
            if limit is not None and found >= limit:
                return
            continue
        best, bestc = 0, 99
        for m in b.cell_mask:
            am = alive & m
            c = am.bit_count()
            if 1 < c < bestc:
                best, bestc = am, c
                if c == 2:
                    break
        if bestc > 2:
            for m in b.tile_mask:
                am = alive & m
                c = am.bit_count()
                if 1 < c < bestc:
                    best, bestc = am, c
                    if c == 2:
                        break
        # push in reverse so the lowest placement is tried first
        for p in reversed(list(bits(best))):
            t = s.copy()
            t.alive &= ~(best & ~(1 << p))
            b.commit(t, p)
            stack.append(t)
