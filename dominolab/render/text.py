"""The table as text, for the terminal: a line as a line, a cross as a cross.

:mod:`~dominolab.render.table` draws the same tables as SVG for notebooks; the
command line (``dominolab play``) prints these. A cross (the four-direction
games) has its W–E line across the middle, each tile written from the centre
outwards, and its N and S arms running up and down from the centre tile, one
tile a row, written top half over bottom half (``1/2``). The centre (the
spinner, or the lead while there is none) is in brackets; a double laid closed
carries a ``!`` (as in the move notation); the open ends and their sum are
written underneath.

>>> from dominolab.games import new_round
>>> g = new_round("telefon", hands=["2:3 2:4 0:0 1:2", "2:2 3:3 1:3 1:4"], boneyard=[],
...               leader=0)
>>> for m in ["2:3", "2:2>W+3:3>E", "2:4>W", "1:4>W", "1:2>N"]: g.play(m)
>>> print(table_text(g))
         1/2
1:4 4:2 [2|2] 2:3 3:3
open ends: W 1 · E 3 · N 1 · S 2; sum 8
>>> print(table_text(new_round("classic", hands=["1:1", "1:2"], boneyard=[])))
table: (empty)
"""

from __future__ import annotations

from ..games.layout import Layout
from ..games.spinner_layout import SpinnerLayout
from ..games.state import GameState

__all__ = ["cross_text", "table_text"]


def _tile(a: int, b: int, closed: bool = False) -> str:
    return f"{a}:{b}" + ("!" if closed else "")


def cross_text(lay: SpinnerLayout) -> str:
    """A cross layout drawn in text (see the module docstring)."""
    if lay.is_empty():
        return "table: (empty)"
    arms = lay.arms()
    center = arms["center"]
    assert center is not None
    a, b = center
    west = [_tile(o, i, c) for i, o, c in arms["W"]][::-1]
    east = [_tile(i, o, c) for i, o, c in arms["E"]]
    mid = f"[{a}|{b}]"
    left = " ".join(west)
    line = " ".join(part for part in (left, mid, " ".join(east)) if part)
    col = (len(left) + 1 if left else 0) + len(mid) // 2       # the centre's column
    rows: list[str] = []
    # N runs upwards: its outermost tile is the top row, each written top half over
    # bottom half ("outer/inner"); S runs downwards ("inner/outer")
    for i, o, c in reversed(arms["N"]):
        rows.append(f"{o}/{i}" + ("!" if c else ""))
    out = [" " * max(0, col - len(r) // 2) + r for r in rows]
    out.append(line)
    below = [f"{i}/{o}" + ("!" if c else "") for i, o, c in arms["S"]]
    out += [" " * max(0, col - len(r) // 2) + r for r in below]
    ends = " · ".join(f"{e} {k}" for e, k in lay.open_ends()) or "none"
    caption = f"open ends: {ends}; sum {lay.end_sum()}"
    if lay.closed_ends():
        caption += "; closed: " + ", ".join(lay.closed_ends())
    return "\n".join(out + [caption])


def table_text(state: GameState | Layout) -> str:
    """The tiles on the table: a cross drawn as a cross, a line as ``table: 1:1 1:2 …``
    with its open ends."""
    lay = state.layout if isinstance(state, GameState) else state
    if isinstance(lay, SpinnerLayout):
        return cross_text(lay)
    tiles = " ".join(f"{a}:{b}" for a, b in lay.pairs())
    if not tiles:
        return "table: (empty)"
    ends = ", ".join(f"{e}={k}" for e, k in lay.open_ends())
    return f"table: {tiles}" + (f"   [{ends}]" if ends else "")
