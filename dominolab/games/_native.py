"""The engine's C extension as its modules see it (``_crossc.c``, compiled into the package by
``hatch_build.py``): its functions and type, each None where it was not built (the browser
site's wheel), and whether the environment asks for Python throughout (``DOMINOLAB_PURE=1``). Every C path has a
Python twin with the same results: the cross search's node loop (``cross_search.py``),
GameState.play()'s line play (``state.py``) and the deal's shuffle (``setup.py``)."""

from __future__ import annotations

import os

try:
    from ._crossc import Searcher, line_init, line_play, shuffled_order
except ImportError:     # pragma: no cover - the tests' machines build it
    Searcher = line_init = line_play = shuffled_order = None  # type: ignore[assignment,misc]

__all__ = ["Searcher", "line_init", "line_play", "shuffled_order", "pure_requested"]


def pure_requested() -> bool:
    """``DOMINOLAB_PURE`` is set (to anything but 0): the C paths are not used."""
    return os.environ.get("DOMINOLAB_PURE", "") not in ("", "0")
