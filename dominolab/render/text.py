"""The table as text, for the terminal: a line as a line, a cross as a cross.

:mod:`~dominolab.render.table` draws the same tables as SVG for notebooks; the
command line (``dominolab play``) prints these. A cross (the four-direction
games) has its W–E line across the middle, each tile written from the centre
outwards, and its N and S arms running up and down from the centre tile, one
tile a row, written top half over bottom half (``1/2``). The centre (the
spinner, or the lead while there is none) is in brackets; a double laid closed
carries a ``!`` (as in the move notation); the open ends and their sum are
written underneath. Trains (Mexican train) are written one row a train from the hub,
each named as in the moves (``T1``, ``M``) with its marker, every tile as laid from
the hub outwards; a Super-train locomotive tile is written as its notation, its
locomotive against the train (``L:5``, ``L:L``, ``L:D``).

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

from collections.abc import Collection

from ..errors import InvalidPosition
from ..games.layout import Layout
from ..games.spinner_layout import SpinnerLayout
from ..games.state import GameState
from ..games.train_layout import TrainLayout
from ..i18n import tr
from ..tiles import LocoTile

__all__ = ["cross_text", "table_text", "train_label", "train_text"]


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
    ends = " · ".join(f"{e} {k}" for e, k in lay.open_ends()) or tr("none")
    caption = tr("open ends: {ends}; sum {sum}").format(ends=ends, sum=lay.end_sum())
    if lay.closed_ends():
        caption += tr("; closed: {ends}").format(ends=", ".join(lay.closed_ends()))
    return "\n".join(out + [caption])


def train_text(state: GameState | TrainLayout) -> str:
    """A table of trains in text: the hub, then one row a train with its name, its marker
    (from the rules, given a game state) and its tiles from the hub outwards; the open
    ends underneath. A locomotive tile is written as laid, ``L:5`` (its locomotive
    against the train: the end then shows 5), ``L:L`` or a letter ``L:D`` (the end shows
    what it showed before).

    >>> from dominolab.games import new_round
    >>> g = new_round("mexican_train", hands=["12:12 L:5 5:9", "12:3 L:D 0:1"],
    ...               boneyard="8:9 2:6 4:4 1:1", super_train=True)
    >>> for m in ["12:12", "L:D>T2", "L:5>T1", "12:3>M", "5:9>T1", "draw", "pass"]:
    ...     g.play(m)
    >>> print(train_text(g))
    hub (engine): [12|12]
    T1 · P1's train: L:5 5:9
    T2 · P2's train · marker out: L:D
    M · the Mexican train: 12:3
    open ends: T1 9 · T2 12 · M 3
    """
    lay = state.layout if isinstance(state, GameState) else state
    if not isinstance(lay, TrainLayout):
        raise InvalidPosition(f"train_text draws a table of trains, not a {lay.kind} layout")
    if lay.is_empty():
        return tr("table: (empty)")
    marked = (state.rules.marked_ends(state) if isinstance(state, GameState)
              and state.rules.marked_ends else ())
    rows = [tr("hub (engine): [{k}|{k}]").format(k=lay.hub)]
    trains, laid = lay.trains(), lay.train_tiles()
    for name in lay.names():
        tiles = [str(t) if isinstance(t, LocoTile) else _tile(*pair)
                 for pair, t in zip(trains[name], laid[name])]
        rows.append(f"{train_label(lay, name, marked)}: {' '.join(tiles) or tr('(empty)')}")
    rows.append(tr("open ends: {ends}").format(
        ends=" · ".join(f"{e} {k}" for e, k in lay.open_ends())))
    return "\n".join(rows)


def train_label(lay: TrainLayout, name: str, marked: Collection[str] = ()) -> str:
    """A train's row title, in text and in the picture: ``T2 · P2's train · marker out``
    (its name, whose train, its marker if it is out, the double waiting on it)."""
    label = f"{name} · {tr(lay.end_words.get(name, name))}"
    if name in marked:
        label += tr(" · marker out")
    if name == lay.pending_double():
        label += tr(" · double to satisfy")
    return label


def table_text(state: GameState | Layout) -> str:
    """The tiles on the table: a cross drawn as a cross, trains as one row a train
    (:func:`train_text`), a line as ``table: 1:1 1:2 …`` with its open ends."""
    lay = state.layout if isinstance(state, GameState) else state
    if isinstance(lay, SpinnerLayout):
        return cross_text(lay)
    if isinstance(lay, TrainLayout):
        return train_text(state if isinstance(state, GameState) else lay)
    tiles = " ".join(f"{a}:{b}" for a, b in lay.pairs())
    if not tiles:
        return "table: (empty)"
    ends = ", ".join(f"{e}={k}" for e, k in lay.open_ends())
    return f"table: {tiles}" + (f"   [{ends}]" if ends else "")
