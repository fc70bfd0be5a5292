"""What the Python we run on can do: processes, forks and threads, and whether the package's
C paths may run.

In a browser (JupyterLite runs CPython compiled to WebAssembly by Pyodide,
``sys.platform == "emscripten"``) there are no processes and no forks, and
threads cannot be started; code that would use a process pool or a forked
time-limited worker asks here first and takes its single-process path.

>>> isinstance(IN_BROWSER, bool), can_fork() in (True, False)
(True, True)
"""

from __future__ import annotations

import os
import sys

__all__ = ["IN_BROWSER", "can_fork", "can_use_processes", "pure_requested"]

#: True under Pyodide / JupyterLite (CPython compiled to WebAssembly, in a browser tab).
IN_BROWSER: bool = sys.platform == "emscripten"


def can_use_processes() -> bool:
    """Can work be spread over worker processes here (a process pool)?"""
    return not IN_BROWSER


def can_fork() -> bool:
    """Can a worker be forked (the cheap way to give a computation a time limit)?"""
    if IN_BROWSER:
        return False
    # imported here: the browser build need not load multiprocessing at all
    import multiprocessing  # noqa: PLC0415

    return "fork" in multiprocessing.get_all_start_methods()


def pure_requested() -> bool:
    """``DOMINOLAB_PURE`` is set (to anything but 0): the package's C paths (the games' C
    extension, Dominosa's C closure) are not used, and their Python twins run."""
    return os.environ.get("DOMINOLAB_PURE", "") not in ("", "0")
