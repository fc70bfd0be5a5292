"""Combinatorial games played with dominoes on a grid: Cram and Domineering.

Not the domino *table* games (those are :mod:`dominolab.games`): here two players take
turns covering two free neighbouring cells, and whoever cannot move loses. In
Domineering Left places vertical dominoes and Right horizontal ones; in Cram either
player places either way. :mod:`~dominolab.games.combinatorial.values` computes game
values in canonical form (numbers, nimbers, switches), :mod:`~.boards` holds positions,
:mod:`~.domineering` and :mod:`~.cram` the two games (values by the theory, winners by
plain search, and Cram's symmetry strategy, checked against every opponent), and
:mod:`~.versus` a game against the computer (the mirror strategy or the solver) in a
notebook cell. The pictures are drawn by :mod:`dominolab.render.game_boards`.

>>> from dominolab.games.combinatorial import Board, domineering
>>> domineering.value(Board.rectangle(2, 2))
±1
"""

from . import cram, domineering
from .boards import MAX_GAME_NODES, MAX_VALUE_REGIONS, Board, as_domino
from .versus import CombinatorialGame, play
from .values import ZERO, Value, game, integer, number, outcome

__all__ = ["MAX_GAME_NODES", "MAX_VALUE_REGIONS", "Board", "CombinatorialGame", "Value", "ZERO", "as_domino", "cram",
           "domineering", "game", "integer", "number", "outcome", "play"]
