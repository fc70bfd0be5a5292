"""Chains and rings of dominoes as graph problems.

Read every tile ``a:b`` as an edge joining the numbers ``a`` and ``b``; a
double ``a:a`` is a loop. A double-n set is then the complete graph
``K_{n+1}`` with a loop at every vertex, a *line* of tiles is a trail (a walk
that uses no edge twice) and a *ring* that uses every tile is an Euler
circuit. Euler's theorem answers "can these tiles form one line?": the used
tiles must be connected and at most two numbers may show an odd number of
times (doubles count twice).

>>> from dominolab import DominoSet
>>> r = can_chain(DominoSet(6))
>>> bool(r), r.reason
(True, 'every number shows an even number of times and the tiles are connected: they close into a ring')
>>> bool(can_chain(DominoSet(5)))
False
>>> c = find_chain("1:2 2:5 2:2")
>>> str(c)
'1:2 2:2 2:5'
>>> count_lines(6)
7959229931520

The modules: :mod:`~dominolab.chains.chain` (the :class:`Chain` value and
reading tiles), :mod:`~dominolab.chains.graph` (tiles as a networkx
multigraph), :mod:`~dominolab.chains.trails` (one line through all the tiles,
and lines that grow), :mod:`~dominolab.chains.rings` (exact counts of rings and
lines: BEST theorem, roots of unity, matrix-tree theorem) and
:mod:`~dominolab.chains.longest` (longest lines) and :mod:`~dominolab.chains.trains`
(the best train from a number, most tiles or most pips).
"""

from .chain import Chain, as_tile, as_tiles
from .chain import _one_tile as _one_tile  # the name widgets/chain_builder.py uses
from .graph import degrees, graph_tiles, tile_graph
from .longest import longest_chain, longest_full_set_line
from .trains import MAX_TRAIN_NODES, TrainPlan, best_train, brute_force_train
from .rings import (
    MAX_RING_N,
    count_euler_circuits,
    count_lines,
    count_rings,
    count_rings_up_to_symmetry,
    euler_circuits_complete,
    euler_tree_sum,
    ring_symmetry_table,
)
from .trails import (
    ChainCheck,
    Extension,
    can_chain,
    can_finish,
    extensions,
    find_chain,
    finish_chain,
    iter_chains,
    reachable_ends,
)

__all__ = [
    "Chain",
    "ChainCheck",
    "Extension",
    "as_tiles",
    "as_tile",
    "tile_graph",
    "graph_tiles",
    "degrees",
    "can_chain",
    "find_chain",
    "iter_chains",
    "extensions",
    "reachable_ends",
    "can_finish",
    "finish_chain",
    "MAX_RING_N",
    "count_rings",
    "count_lines",
    "count_rings_up_to_symmetry",
    "ring_symmetry_table",
    "count_euler_circuits",
    "euler_circuits_complete",
    "euler_tree_sum",
    "longest_chain",
    "longest_full_set_line",
    "MAX_TRAIN_NODES",
    "TrainPlan",
    "best_train",
    "brute_force_train",
]
