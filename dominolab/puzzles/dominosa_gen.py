"""The Dominosa generator under its first name (kept so that old imports work);
it lives in :mod:`dominolab.puzzles.dominosa.generate`."""

from ..errors import NoSuchPuzzle
from .dominosa.generate import (LEVELS, MAX_BACKUPS, MAX_RESTARTS, MAX_STEPS, MIN_N,
                                generate_grid, random_tiling)
# a planted random grid (tests draw grids that have a solution from it)
from .dominosa.generate import _layout as _layout

__all__ = [
    "LEVELS", "MAX_BACKUPS", "MAX_RESTARTS", "MAX_STEPS", "MIN_N", "NoSuchPuzzle",
    "generate_grid", "random_tiling",
]
