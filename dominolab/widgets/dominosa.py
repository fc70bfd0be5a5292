"""The Dominosa board's former module path (kept so that old imports keep working).

The board lives in :mod:`dominolab.widgets.dominosa_board`.
"""

from .dominosa_board import MAX_N, DominosaBoard

__all__ = ["MAX_N", "DominosaBoard"]
