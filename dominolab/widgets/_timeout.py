"""Run a computation for a limited time: the widgets' "hint" and "show value".

A deep search must neither freeze the kernel nor keep burning a core after the
user has moved on, and a thread cannot be stopped. A forked process can: where
the platform forks (:func:`dominolab._platform.can_fork`), :func:`run_limited`
runs the computation in a forked worker and terminates it at the deadline.

In a browser (JupyterLite runs Python under Pyodide) there are no processes.
There the computation runs in the kernel itself under a trace hook that counts
the Python function calls it makes and stops it at the deadline (looked at
every few thousand calls) or after ``max_calls`` calls, whichever comes first:
bounded work instead of a refusal. The hook cannot stop time spent inside one
call to C code (a ``time.sleep``, one huge integer product); the searches the
widgets run are Python through and through.

Either way the caller gets what ``fn`` returns, the exception ``fn`` raised
(re-raised in the caller), or an :class:`Unfinished` that says why it stopped.

>>> run_limited(lambda: sum(range(10)), 5.0)
45
>>> def forever():
...     step = lambda: None
...     while True:
...         step()
>>> run_limited(forever, 60.0, max_calls=1_000, in_process=True)
Unfinished(reason='the search needs more than 1,000 steps here')
"""

from __future__ import annotations

import multiprocessing
import pickle
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import Any, TypeVar

from .._platform import can_fork
from ..errors import DominoError

__all__ = ["Unfinished", "run_limited"]

T = TypeVar("T")

#: how many counted calls pass between two looks at the clock (in-process runs)
_CLOCK_EVERY = 4096


@dataclass(frozen=True)
class Unfinished:
    """A computation stopped before it finished; ``reason`` says why, in words."""

    reason: str

    def __str__(self) -> str:
        return self.reason


class _OutOfBudget(BaseException):
    """Raised by the trace hook inside the computation; a BaseException, so that the
    computation's own ``except Exception`` clauses do not swallow it."""


def run_limited(fn: Callable[[], T], seconds: float, *, max_calls: int | None = None,
                in_process: bool | None = None) -> T | Unfinished:
    """``fn()``, given at most ``seconds`` (and, when it runs in this process, at most
    ``max_calls`` Python function calls); an :class:`Unfinished` if it was stopped.

    ``in_process=None`` forks a worker where the platform can; ``True`` forces the
    in-process path (the browser's), ``False`` insists on a worker. A worker's
    result and exceptions travel back by pickling.
    """
    if not seconds > 0:
        raise DominoError(f"a time limit is a positive number of seconds, not {seconds!r}")
    if max_calls is not None and max_calls < 1:
        raise DominoError(f"max_calls is a positive number of calls or None, not {max_calls!r}")
    if in_process is None:
        in_process = not can_fork()
    if in_process:
        return _run_here(fn, seconds, max_calls)
    return _run_forked(fn, seconds)


def _run_here(fn: Callable[[], T], seconds: float, max_calls: int | None) -> T | Unfinished:
    deadline = time.monotonic() + seconds
    calls = 0
    why = ""

    def count(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls, why
        calls += 1          # the global hook only sees "call" events: one per Python frame
        if max_calls is not None and calls > max_calls:
            why = f"the search needs more than {max_calls:,} steps here"
            raise _OutOfBudget
        if calls % _CLOCK_EVERY == 0 and time.monotonic() > deadline:
            why = f"the search needs more than {seconds:g} s here"
            raise _OutOfBudget
        return None          # no line-by-line tracing inside the frame

    previous = sys.gettrace()
    sys.settrace(count)
    try:
        return fn()
    except _OutOfBudget:
        return Unfinished(why)
    finally:
        sys.settrace(previous)


def _run_forked(fn: Callable[[], T], seconds: float) -> T | Unfinished:
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)

    def child() -> None:
        try:
            answer: tuple[str, Any] = ("value", fn())
        except BaseException as e:  # noqa: BLE001 - every outcome goes back to the parent
            answer = ("raised", e)
        try:
            data = pickle.dumps(answer)
            pickle.loads(data)      # what the parent will do: an exception class whose
        except Exception as e:      # constructor takes other arguments fails only here
            kind, thing = answer
            data = pickle.dumps(("failed", f"{type(thing).__name__}: {thing}" if kind == "raised"
                                 else f"its answer cannot be sent back ({type(e).__name__}: {e})"))
        try:
            send.send_bytes(data)
        finally:
            send.close()

    proc = ctx.Process(target=child, daemon=True)
    try:
        proc.start()
    except OSError:         # no processes after all (a sandbox): bounded work in here
        send.close()
        recv.close()
        return _run_here(fn, seconds, None)
    send.close()
    try:
        if not recv.poll(seconds):
            return Unfinished(f"the search needs more than {seconds:g} s here")
        kind, thing = pickle.loads(recv.recv_bytes())
    except EOFError:
        return Unfinished("the worker process stopped without an answer")
    finally:
        if proc.is_alive():
            proc.terminate()
        proc.join(2)
        recv.close()
    if kind == "value":
        return thing
    if kind == "raised":
        raise thing
    raise RuntimeError(f"the computation failed: {thing}")
