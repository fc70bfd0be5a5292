"""Interactive front ends for Jupyter (anywidget), thin layers over core objects.

Importing this package needs ipywidgets/anywidget; nothing in the core imports
it. Each widget keeps its state in Python, sends only JSON to the browser and
shows a :class:`~dominolab.errors.DominoError` in its own status line without
losing what the user did. They share one base class
(:class:`dominolab.widgets._base.DominoWidget`).

Modules: ``set_explorer``, ``chain_builder``, ``tiling_board``,
``dominosa_board``, ``game_board`` (with its words in ``game_text``),
``tien_gow_board`` (Tien Gow against bots), ``triomino_board`` (triominoes
against bots on the triangular grid); the former paths ``board`` and
``dominosa`` re-export the boards.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:       # what the names are, for the type checker (imported lazily below)
    from .chain_builder import ChainBuilder
    from .dominosa_board import DominosaBoard
    from .game_board import GameBoard
    from .set_explorer import SetExplorer
    from .tien_gow_board import TienGowBoard
    from .tiling_board import TilingBoard
    from .triomino_board import TriominoBoard

__all__ = ["SetExplorer", "ChainBuilder", "TilingBoard", "DominosaBoard", "GameBoard",
           "TienGowBoard", "TriominoBoard"]

# A widget's module is imported when the widget is first asked for, not with the package:
# a lesson's ``from dominolab.widgets import SetExplorer`` then does not load the tiling
# board's sympy, the chain builder's networkx and the game and triomino engines (about
# 1.2 s of CPU of the 1.4 s that importing all seven took in CPython; the browser site's
# Pyodide is two to three times slower).
__getattr__, __dir__ = lazy_exports(__name__, {
    "SetExplorer": "set_explorer", "ChainBuilder": "chain_builder",
    "TilingBoard": "tiling_board", "DominosaBoard": "dominosa_board",
    "GameBoard": "game_board", "TienGowBoard": "tien_gow_board",
    "TriominoBoard": "triomino_board"})
