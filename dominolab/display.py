"""How big the package draws: the normal size, and the presentation size for projectors.

One setting scales every picture the package draws and every widget on screen,
so that tiles, numbers and text can be read from the back of a room::

    from dominolab import display
    display.presentation()        # large: twice the normal size
    display.presentation(False)   # back to normal
    display.set_scale(1.5)        # any factor from 0.5 to 4

Pictures drawn afterwards (a bare ``DominoSet(6)`` in a cell) come out larger;
widgets already on screen grow at once, and new widgets start large. A single
widget can be given its own size (``SetExplorer(size="large")``), and the P key
inside a widget switches it between the two sizes.

Pictures keep their proportions: an SVG's ``width`` and ``height`` are
multiplied by the scale, its ``viewBox`` stays, and it still shrinks to fit a
narrow screen. In the presentation size every tile half a widget draws is at
least :data:`READABLE_PX` pixels (see :func:`readable`).

>>> scale()
1.0
>>> presentation(); scale()
2.0
>>> with scaled(1.0):
...     scale()
1.0
>>> presentation(False); scale()
1.0
>>> scale_of("large"), scale_of(1.5)
(2.0, 1.5)
>>> scale_of("huge")
Traceback (most recent call last):
...
dominolab.errors.UnknownOption: a size is 'normal', 'large' or a scale from 0.5 to 4, not 'huge'
"""

from __future__ import annotations

import contextlib
import contextvars
import weakref
from collections.abc import Iterator
from typing import Protocol

from .errors import UnknownOption

__all__ = ["LARGE", "READABLE_PX", "SIZES", "presentation", "readable", "scale", "scale_of",
           "scaled", "set_scale", "watch"]

#: The presentation size: twice the normal size (14-px text becomes 28 px).
LARGE = 2.0
#: The named sizes.
SIZES = {"normal": 1.0, "large": LARGE}
#: In the presentation size, a tile half a widget draws (the square with the pips, with
#: its share of the gap around the tile) is at least this many pixels; the face itself
#: is then at least 26 px, the size of the widgets' smallest text (display.css).
READABLE_PX = 30.0

_default = 1.0
_current: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "dominolab_display_scale", default=None)


class _Sized(Protocol):
    def _display_scale_changed(self, scale: float) -> None: ...


# widgets on screen that follow the setting (weak: a widget closed is forgotten)
_watchers: weakref.WeakSet[_Sized] = weakref.WeakSet()


def scale_of(size: str | float) -> float:
    """The factor of a size: ``"normal"`` (1), ``"large"`` (:data:`LARGE`) or a number 0.5..4."""
    if isinstance(size, str) and size in SIZES:
        return SIZES[size]
    if isinstance(size, (int, float)) and not isinstance(size, bool) and 0.5 <= size <= 4:
        return float(size)
    raise UnknownOption(f"a size is 'normal', 'large' or a scale from 0.5 to 4, not {size!r}")


def scale() -> float:
    """The factor pictures are drawn at now (inside :func:`scaled`, its factor)."""
    inner = _current.get()
    return _default if inner is None else inner


def set_scale(size: str | float) -> None:
    """Draw every picture at this size from now on, and resize the widgets that follow it."""
    global _default
    _default = scale_of(size)
    for w in list(_watchers):
        w._display_scale_changed(_default)


def presentation(on: bool = True) -> None:
    """Switch the presentation size (:data:`LARGE`) on, or back to normal with ``False``."""
    set_scale(LARGE if on else 1.0)


@contextlib.contextmanager
def scaled(factor: float) -> Iterator[None]:
    """Draw at ``factor`` inside the block whatever the setting (a widget's own size)."""
    token = _current.set(scale_of(factor))
    try:
        yield
    finally:
        _current.reset(token)


def readable(size: float) -> float:
    """A drawing size raised, in the presentation size, until it shows :data:`READABLE_PX` px.

    ``size`` is a tile half in the picture's own units (before the scale).

    >>> readable(11)
    11
    >>> with scaled(2):
    ...     readable(11), readable(20)
    (15.0, 20)
    """
    s = scale()
    if s <= 1:
        return size
    return max(size, READABLE_PX / s)


def watch(widget: _Sized) -> None:
    """Let ``widget`` follow :func:`set_scale` (its ``_display_scale_changed`` is called)."""
    _watchers.add(widget)
