"""The Dominosa engine under its first name (kept so that old imports work).

The engine now lives in the :mod:`dominolab.puzzles.dominosa` package:
:mod:`~.dominosa.board` (tables, state, levels), :mod:`~.dominosa.rules` (the
deductions and the loop that runs them), :mod:`~.dominosa.sets` (set
analysis) and :mod:`~.dominosa.search` (exact-cover search).
"""

from .dominosa.board import (BASIC, EXTREME, HARD, SEARCH, TRIVIAL, Board, Contradiction,
                             Deduction, State, bits, tile_index)
from .dominosa.rules import (RULES, apply, deduce, rule_cell_one_tile, rule_cell_single,
                             rule_chains, rule_local_duplicate, rule_local_duplicate2,
                             rule_parity, rule_tile_overlap, rule_tile_single, step)
from .dominosa.search import propagate, search
from .dominosa.sets import SET_ANALYSIS, SET_WORK_LIMIT, rule_set, rule_set_doubles
# which set analysis the rules use (the tests switch it to cross-check the two)
from .dominosa.sets import _set_impl as _set_impl

__all__ = [
    "BASIC", "EXTREME", "HARD", "RULES", "SEARCH", "SET_ANALYSIS", "SET_WORK_LIMIT", "TRIVIAL",
    "Board", "Contradiction", "Deduction", "State", "apply", "bits", "deduce", "propagate",
    "rule_cell_one_tile", "rule_cell_single", "rule_chains", "rule_local_duplicate",
    "rule_local_duplicate2", "rule_parity", "rule_set", "rule_set_doubles", "rule_tile_overlap",
    "rule_tile_single", "search", "step", "tile_index",
]
