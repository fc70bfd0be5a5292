"""dominolab: dominoes for the classroom, the puzzle fan and the player.

The everyday names live here; the topics are submodules:
``combinatorics``, ``chains``, ``tilings``, ``puzzles.dominosa``, ``games``,
``render`` and ``widgets`` (the only one that needs Jupyter).
``set_language("ru")`` makes the messages, exercises and widgets speak Russian
(:mod:`dominolab.i18n`).

>>> from dominolab import Tile, DominoSet
>>> DominoSet(6).pip_total
168
"""

from .errors import (
    DominoError,
    GameOver,
    IllegalMove,
    InvalidPosition,
    InvalidRegion,
    InvalidSet,
    InvalidTile,
    ParseError,
    Unsolvable,
    WrongPlayer,
)
from .i18n import set_language
from .tiles import DominoSet, Hand, Tile, parse_tiles

__version__ = "0.1.0"

__all__ = [
    "Tile",
    "Hand",
    "DominoSet",
    "parse_tiles",
    "DominoError",
    "ParseError",
    "InvalidTile",
    "InvalidSet",
    "IllegalMove",
    "WrongPlayer",
    "GameOver",
    "Unsolvable",
    "InvalidRegion",
    "InvalidPosition",
    "set_language",
]
