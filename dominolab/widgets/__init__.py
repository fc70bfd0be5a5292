"""Interactive front ends for Jupyter (anywidget), thin layers over core objects.

Importing this package needs ipywidgets/anywidget; nothing in the core imports
it. Each widget keeps its state in Python, sends only JSON to the browser and
shows a :class:`~dominolab.errors.DominoError` in its own status line without
losing what the user did. Widget classes are imported lazily so that one
topic's widget does not load the others.
"""

from __future__ import annotations

import importlib

_WIDGETS = {
    "SetExplorer": "set_explorer",
    "ChainBuilder": "chain_builder",
    "TilingBoard": "tiling_board",
    "DominosaBoard": "dominosa",
    "GameBoard": "board",
}

__all__ = list(_WIDGETS)


def __getattr__(name: str):
    module = _WIDGETS.get(name)
    if module is None:
        raise AttributeError(f"module 'dominolab.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
