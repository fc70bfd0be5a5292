"""The solvers under their first module name: :mod:`~dominolab.games.search` (double-dummy
values) and :mod:`~dominolab.games.blocks` (blocks, «рыба»). New code imports those.

>>> from dominolab.games import solver, new_round
>>> g = new_round("sport", hands=["1:2 3:3", "2:4 0:1", "0:0 5:6", "4:4 1:3"], leader=0)
>>> solver.solve(g).value
26
"""

from .blocks import (BlockProof, FastestBlock, block_value, blocking_moves, can_force_block,
                     fastest_block, is_blocked)
from .search import Analysis, NeedsChance, minimax_value, move_values, side_value, solve

__all__ = [
    "Analysis",
    "BlockProof",
    "FastestBlock",
    "NeedsChance",
    "block_value",
    "blocking_moves",
    "can_force_block",
    "fastest_block",
    "is_blocked",
    "minimax_value",
    "move_values",
    "side_value",
    "solve",
]
