"""Scoring in multiples of five (Telefon, Muggins): points for the open ends, the
points of a round, rounding to fives.

>>> fives_points(15), round_down5(18), round_nearest5(13)
(15, 15, 15)
"""

from __future__ import annotations

from ...errors import UnknownOption
from ..layout import Layout
from ..rules import Rules
from ..state import GameState

__all__ = ["fives_points", "fives_table_points", "fives_log", "fives_by_player", "round_down5",
           "round_nearest5"]


def fives_points(total: int, mode: str = "sum") -> int:
    """Points for an open-ends sum: ``total`` when it is a positive multiple of 5 ("sum"),
    5 ("flat"), or the number of fives ("count"); else 0.

    >>> fives_points(15), fives_points(15, "flat"), fives_points(15, "count"), fives_points(12)
    (15, 5, 3, 0)
    """
    if total <= 0 or total % 5:
        return 0
    if mode == "sum":
        return total
    if mode == "flat":
        return 5
    if mode == "count":
        return total // 5
    raise UnknownOption(f"the fives mode is sum, flat or count, not {mode!r}")


def fives_table_points(layout: Layout, rules: Rules) -> int:
    """The ``table_points`` hook of the fives games: :func:`fives_points` of the open-ends
    sum, in the variant's ``fives`` mode."""
    return fives_sum_points(layout.end_sum(), rules)


def fives_sum_points(total: int, rules: Rules) -> int:
    """The points of an open-ends sum ``total`` in the variant's ``fives`` mode (what
    :func:`fives_table_points` gives for a table of that sum: ``Rules.table_points_sum``)."""
    return fives_points(total, rules.opt("fives") or "sum")


def fives_log(state: GameState) -> list[tuple[int, int, int, int]]:
    """``(ply, player, open-ends sum, points)`` for every play so far whose open-ends sum
    is a multiple of five, in the variant's ``fives`` mode ("sum" when it has none), on any
    layout (:meth:`~dominolab.games.state.GameState.table_points_log`)."""
    return state.table_points_log(fives_table_points)


def fives_by_player(state: GameState) -> list[int]:
    """Points each player has scored from multiples of five in this round."""
    pts = [0] * state.players
    for _, p, _, v in fives_log(state):
        pts[p] += v
    return pts


def round_down5(x: int) -> int:
    """Down to a multiple of 5 (Telefon's write-off: 18 -> 15).

    >>> round_down5(18), round_down5(4), round_down5(20)
    (15, 0, 20)
    """
    return x - x % 5


def round_nearest5(x: int) -> int:
    """To the nearest multiple of 5, remainders 1–2 down and 3–4 up (Muggins).

    >>> [round_nearest5(x) for x in (10, 11, 12, 13, 14)]
    [10, 10, 10, 15, 15]
    """
    r = x % 5
    return x - r if r < 3 else x + 5 - r
