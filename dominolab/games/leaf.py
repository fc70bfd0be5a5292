"""What both compact searches share: the value of a finished round for one side, and the
light stand-in a variant's scoring hook reads at a search leaf.

>>> from dominolab.games.rules import RoundResult
>>> side_value(RoundResult("out", team_points=[0, 12], teams=[(0,), (1,)]), (0,), True)
12
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..tiles import Hand, Tile
from .moves import Move
from .rules import RoundResult
from .state import GameState, tiles_of

__all__ = ["INF", "LeafView", "side_of", "side_value"]

#: Larger than any round's value.
INF = 10 ** 9


def side_value(result: RoundResult, side: Iterable[int], penalties: bool) -> int:
    """``u`` of a finished round for the players in ``side``: their team points
    minus the others' (penalty games: the others' minus theirs).

    >>> from dominolab.games.rules import RoundResult
    >>> r = RoundResult("out", team_points=[30, 0], teams=[(0, 2), (1, 3)])
    >>> side_value(r, (0, 2), False), side_value(r, (1, 3), False)
    (30, -30)
    """
    players = set(side)
    mine = others = 0
    for t, members in enumerate(result.teams):
        pts = result.team_points[t] if t < len(result.team_points) else 0
        if players & set(members):
            mine += pts
        else:
            others += pts
    return others - mine if penalties else mine - others


class LeafView:
    """Just enough of a GameState for a variant's ``scoring`` hook on a leaf: a
    :class:`~dominolab.games.rules.ScoringView` (only for variants whose score reads
    the ends, ``Rules.score_reads == "ends"``; ``history`` holds the first and the
    last move). ``hand_of``, when given, makes the :class:`Hand` of a mask (a search
    that scores many leaves keeps one Hand per mask instead of one per leaf)."""

    def __init__(self, state: GameState, hands: Sequence[int], ended: str, finisher: int,
                 history: list[Move], hand_of: Callable[[int], Hand] | None = None):
        self.rules = state.rules
        self.players = state.players
        self.teams = state.teams
        self.team_of = state.team_of
        self.context = state.context
        self.flags = state.flags
        self.leader = state.leader
        self.layout = None          # the leaf's table is not rebuilt; no scoring hook reads it
        self.hands = list(hands)
        self._tiles = state._tiles
        self.ended: str | None = ended
        self.finisher: int | None = finisher
        self.history = history
        self._hand_of = hand_of

    def hand(self, p: int) -> Hand:
        if self._hand_of is not None:
            return self._hand_of(self.hands[p])
        return Hand(tiles_of(self.hands[p], self._tiles))

    def pips_left(self) -> list[int]:
        """The pips each player holds (as :meth:`GameState.pips_left` says them)."""
        return [self.hand(p).pips for p in range(self.players)]

    def table_points_log(self, points: object = None) -> list[tuple[int, int, int, int]]:
        """Empty: where the table scores (``Rules.table_points_sum``) the search adds each
        move's table points itself, so the scoring hook scores only the rest of the round."""
        return []


def hands_by_mask(tiles: Sequence[Tile]) -> Callable[[int], Hand]:
    """``hand_of(mask)``: the :class:`Hand` of the tiles of ``tiles`` in ``mask``, made once
    per mask (a search's scoring hooks read the hands of every leaf, and most leaves share
    them): what the searches give :class:`LeafView` as its ``hand_of``."""
    made: dict[int, Hand] = {}

    def hand_of(m: int) -> Hand:
        got = made.get(m)
        if got is None:
            got = made[m] = Hand(tiles_of(m, tiles))
        return got

    return hand_of


def side_of(state: GameState, player: int) -> tuple[int, ...]:
    return tuple(state.teams[state.team_of[player]])
