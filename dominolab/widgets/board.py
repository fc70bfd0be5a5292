"""The game board's former module path (kept so that old imports keep working).

The board lives in :mod:`dominolab.widgets.game_board`, its words in
:mod:`dominolab.widgets.game_text`.
"""

from .game_board import BoardError, GameBoard

__all__ = ["BoardError", "GameBoard"]
