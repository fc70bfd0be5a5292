"""Triominoes: the 56 triangular tiles, the triangular grid, the game and its bots.

Modules: ``tiles`` (the tiles, the 56 and 76 sets, counted by their symmetries), ``grid``
(cells, corners, neighbours, legal placements, bridges and hexagons), ``game`` (the
rules as data, a round, a match) and ``bots`` (random, greedy, lookahead; an
invariant-checked simulation) and ``puzzles`` (can a hexagon be completed, and why not), ``regions`` (the most tiles laid
as one piece with every edge matching, freely or in a shape) and ``blocking`` (the fewest
tiles after which nothing more can be laid). Drawn by ``render.triominoes``; the rules, each with its
source, are in the rules reference ``docs/rules.md``.
"""

from .bots import BOTS, check_invariants, make_bot, simulate
from .game import RULES, TriominoMatch, TriominoMove, TriominoRound, TriominoRules
from .blocking import BlockingAnswer, fewest_blocking, is_blocking, why_blocked
from .puzzles import HexagonAnswer, complete_hexagon
from .regions import (RegionAnswer, ShapeAnswer, fill_shape, hexagon_cells, largest_region,
                      reduced_set, touch_classes, triangle_cells)
from .grid import (Board, Placement, corner_neighbours, edge_neighbours, hexagon, points_up,
                   vertices)
from .tiles import (TOP, TRIOMINO_SET, Triomino, TriominoSet, both_chiralities, mirror_tiles,
                    orbits, parse_triominoes, triomino)

__all__ = ["TOP", "Triomino", "TriominoSet", "TRIOMINO_SET", "triomino", "both_chiralities",
           "mirror_tiles", "orbits", "parse_triominoes", "Board", "Placement", "points_up",
           "vertices", "edge_neighbours", "corner_neighbours", "hexagon", "TriominoRules",
           "RULES", "TriominoMove", "TriominoRound", "TriominoMatch", "BOTS", "make_bot",
           "check_invariants", "simulate", "HexagonAnswer", "complete_hexagon",
           "RegionAnswer", "ShapeAnswer", "largest_region", "fill_shape", "hexagon_cells",
           "triangle_cells", "reduced_set", "touch_classes", "BlockingAnswer",
           "fewest_blocking", "is_blocking", "why_blocked"]
