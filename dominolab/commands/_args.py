"""What every sub-command shares: bounded number arguments and progress for long work.

:func:`number` makes an argparse ``type`` that reads a whole number in ASCII digits
within a range (argparse's ``type=int`` takes ``"٣"``, ``"1_000"`` and any size);
:func:`with_progress` runs work that may take more than a second in a worker
thread while a `tqdm` line shows how long it has run (and how far it is, when
the work reports it); Ctrl-C stops it.

>>> number(1, 8, "players")("4")
4
>>> number(1, 8, "players")("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: players must be 1 or more, not 0
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from tqdm import tqdm

from ..errors import DominoError
from ..limits import read_int

__all__ = ["Parser", "number", "with_progress"]


class Parser(argparse.ArgumentParser):
    """argparse's parser, with a usage error printed as one line like every other error:
    ``dominolab: error: argument --n: …`` (and how to get help), exit status 2."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(message.split())
        print(f"dominolab: error: {line} (see `{self.prog} --help`)", file=sys.stderr)
        raise SystemExit(2)

T = TypeVar("T")


def number(low: int, high: int | None, what: str) -> Callable[[str], int]:
    """An argparse ``type``: a whole number ``low..high`` written in ASCII digits (a sign is
    read, so that ``-3`` is refused as too small rather than as not a number)."""
    def read(text: str) -> int:
        try:
            return read_int(text, what, low=low, high=high, signed=True)
        except DominoError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    read.__name__ = what          # argparse names the type in some messages
    return read


def with_progress(work: Callable[[Callable[[int], None]], T], desc: str, *,
                  total: int | None = None, unit: str = "step",
                  stream: Any = None) -> T:
    """``work(report)`` in a worker thread, with a progress line on standard error.

    ``work`` calls ``report(done)`` with how much it has done (of ``total``, when that
    is known); the line shows it and the time taken. A Ctrl-C in the main thread
    stops waiting (the worker is a daemon thread: it ends with the program). When
    standard error is not a terminal no line is drawn (tqdm's own rule).
    """
    box: dict[str, Any] = {}
    done = [0]

    def report(k: int) -> None:
        done[0] = k

    def run() -> None:
        try:
            box["value"] = work(report)
        except BaseException as e:  # noqa: BLE001 - handed to the main thread
            box["error"] = e

    worker = threading.Thread(target=run, daemon=True)
    with tqdm(total=total, desc=desc, unit=unit, file=stream or sys.stderr, disable=None,
              leave=False, dynamic_ncols=True) as bar:
        worker.start()
        while worker.is_alive():
            worker.join(0.2)
            if done[0] > bar.n:
                bar.update(done[0] - bar.n)
            else:
                bar.refresh()
    if "error" in box:
        raise box["error"]
    return box["value"]
