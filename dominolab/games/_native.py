"""The engine's C extension as its modules see it (``_crossc.c``, compiled into the package by
``hatch_build.py``): its functions and type, each None where it was not built (the browser
site's wheel), and whether the environment asks for Python throughout (``DOMINOLAB_PURE=1``:
:func:`dominolab._platform.pure_requested`, which Dominosa's C closure reads too). Every C path has
a Python twin with the same results: the cross search's node loop (``cross_search.py``),
GameState.play()'s line play (``state.py``) and the deal's shuffle (``setup.py``)."""

from __future__ import annotations

from .._platform import pure_requested

try:
    from ._crossc import Searcher, line_init, line_play, shuffled_order
except ImportError:     # pragma: no cover - the tests' machines build it
    Searcher = line_init = line_play = shuffled_order = None  # type: ignore[assignment,misc]

__all__ = ["Searcher", "line_init", "line_play", "shuffled_order", "pure_requested"]
