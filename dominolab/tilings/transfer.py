"""The transfer matrix: counting tilings row by row over the narrower side.

A broken profile (one bit per column) records which cells just ahead are
already covered; the counts of all profiles are carried cell by cell in
reading order. Exact, and fast while the narrower side is short (the number
of profiles grows like 2^width).

>>> _transfer_rectangle(2, 10), _transfer_rectangle(8, 8)
(89, 12988816)
"""

from __future__ import annotations

from functools import lru_cache

from .region import Cell


@lru_cache(maxsize=256)
def _transfer_rectangle(w: int, h: int) -> int:
    """Tilings of the full rectangle ``h`` rows by ``w`` columns (remembered)."""
    cells = frozenset((r, c) for r in range(h) for c in range(w))
    return _transfer_count(cells, h, w)


def _transfer_count(cells: frozenset[Cell], h: int, w: int) -> int:
    """Broken-profile transfer matrix, cell by cell in reading order.

    The profile is a bitmask of width ``w``: bit ``j`` set means that, of the
    cells not yet visited, the next one in column ``j`` is already covered.
    """
    states = {0: 1}
    for r in range(h):
        for c in range(w):
            states = _transfer_step(states, cells, r, c, w)
    return states.get(0, 0)


def _transfer_step(states: dict[int, int], cells: frozenset[Cell] | set[Cell], r: int, c: int,
                   w: int) -> dict[int, int]:
    """The profile counts after cell ``(r, c)``, from those before it."""
    bit = 1 << c
    nbit = bit << 1
    new: dict[int, int] = {}
    get = new.get
    if (r, c) not in cells:
        for s, k in states.items():
            if not s & bit:
                new[s] = get(s, 0) + k
        return new
    down = (r + 1, c) in cells
    right = c + 1 < w and (r, c + 1) in cells
    for s, k in states.items():
        if s & bit:
            t = s ^ bit
            new[t] = get(t, 0) + k
        else:
            if down:
                t = s | bit
                new[t] = get(t, 0) + k
            if right and not s & nbit:
                t = s | nbit
                new[t] = get(t, 0) + k
    return new

