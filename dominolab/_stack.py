"""Deep recursive searches on CPython 3.11 and 3.12: a frame-stack chunk of their own.

CPython 3.11 keeps the frames of Python calls on a per-thread stack made of 16 KB
chunks. When a call returns to the start of a chunk, the chunk is given back to the
system (``munmap``), and the next call that needs room past that point maps a new one
(``mmap``, then fresh zeroed pages). A recursive search whose depth goes up and down
across such a boundary pays two system calls and a few page faults at every node it
enters there. Where the boundaries fall depends only on how deep the caller's stack
happens to be, so the same search costs more or less from one call site to another.
Measured here (CPython 3.11.7, ``python benchmarks/bench_solver.py --only stack``: full
deals solved from caller depths 0, 3, 6 and 9, wrapped and direct interleaved): a Telefon
deal's median 5.7 s of CPU and 209 k page faults called directly, 3.4 s and 16 k wrapped
(1.60x); Chechevé 11.2 s against 6.75 s (1.72x); Muggins 1.45x, sport 1.26x, Morskoy
kozel 1.17x, Osyol in pairs 1.43x.
CPython fixed it by keeping one freed chunk for reuse (python/cpython issue 142183,
in the 3.13 and 3.14 bug-fix releases of March 2026); 3.11 and 3.12 keep the old way.

:func:`deep_recursion` runs a search's entry point above a frame that is too big to
share a chunk (its code object claims a deep evaluation stack, which CPython reserves
but never writes): that frame gets a fresh 256 KB chunk of its own, and the search's
frames start after it in the same chunk, with about 130 KB of room, so no chunk
boundary falls inside a wrapped search (the deepest uses a few dozen frames). The chunk
is mapped once per call and its pages are touched only as frames use them: about 10 us
a call. So the wrapper goes on entry points, never on a search's own recursive calls,
nor on a call of tens of microseconds made many times a move: on ``best_train`` it
doubled the time of a small hand's call, and on the planner bot's move a Mexican-train
round took 1.5 % longer than with neither. A wrapped entry point called while another
is running (the sampling bot's dozen solves a move, a post-mortem's) runs directly, in
the outer one's chunk (per thread). Nothing is written by hand here that a library
offers: the fix is the interpreter's, and this only keeps our searches clear of the bug
where it is not fixed. Elsewhere (CPython 3.10, whose frames are heap objects; Pyodide,
where it costs one allocation a call) the wrapper does no harm.

>>> @deep_recursion
... def depth(n):
...     return 0 if n == 0 else 1 + depth(n - 1)
>>> depth(200), depth.__name__
(200, 'depth')
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["deep_recursion"]

F = TypeVar("F", bound=Callable[..., Any])

#: Evaluation-stack slots claimed by the entry frame: 15,400 slots of 8 bytes (123 KB)
#: plus CPython's reserve of 1,000 slots need more than 128 KB, so the chunk made for
#: the frame is the next power of two, 256 KB, and about 130 KB of it is left above it.
_CLAIMED_SLOTS = 15_400


def _enter(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return fn(*args, **kwargs)


if sys.implementation.name == "cpython" and sys.version_info >= (3, 11):
    _enter.__code__ = _enter.__code__.replace(
        co_stacksize=max(_enter.__code__.co_stacksize, _CLAIMED_SLOTS))


#: Per thread: is a wrapped entry point running (its chunk is the one in use)?
_inside = threading.local()


def deep_recursion(fn: F) -> F:
    """Decorate a recursive search's entry point: it runs in a fresh frame-stack chunk
    (or, called from inside another wrapped entry point, in that one's)."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        if getattr(_inside, "on", False):
            return fn(*args, **kwargs)
        _inside.on = True
        try:
            return _enter(fn, args, kwargs)
        finally:
            _inside.on = False

    return run  # type: ignore[return-value]
