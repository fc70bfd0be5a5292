"""Text formats for Dominosa puzzles (kept under this name so that old imports
work): grid text, solution text and puzzle files live in
:mod:`dominolab.puzzles.dominosa.formats`, Simon Tatham's game IDs and save
files in :mod:`dominolab.puzzles.dominosa.tatham`."""

from .dominosa.formats import (PuzzleFile, check_grid, format_grid, format_solution,
                               parse_grid, parse_puzzle_file, parse_solution)
from .dominosa.tatham import TATHAM_LEVELS, format_tatham, parse_tatham, tatham_save_id

__all__ = [
    "TATHAM_LEVELS",
    "PuzzleFile",
    "check_grid",
    "format_grid",
    "format_solution",
    "format_tatham",
    "parse_grid",
    "parse_puzzle_file",
    "parse_solution",
    "parse_tatham",
    "tatham_save_id",
]
