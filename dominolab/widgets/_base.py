"""The one base class of dominolab's widgets: static files, requests, errors, time limits.

Each widget is an anywidget (an ipywidgets ``DOMWidget`` whose browser side is
an ES module in ``dominolab/static/``, no JavaScript build step). Python owns
the state and every rule; the browser draws the synced traits and sends
requests ``{"type": ..., ...}`` with ``model.send``. What every widget needs
for that lives here, once:

- **static files**: a subclass names its ES module and its style sheets
  (``_static_esm = "game_board.js"``, ``_static_css = ("widgets.css", ...)``);
  they are read from ``dominolab/static/``. Several module files are put together
  in order into one module (``("display.js", "game_board.js")``: the shared
  size code of :mod:`dominolab.widgets._display` first).
- **a dispatch table**: a method marked ``@handles("play")`` answers the
  requests of type ``"play"``; subclasses inherit and extend the table.
- **errors in the status line**: a request is untrusted input. Whatever it
  causes — a :class:`~dominolab.errors.DominoError` from the rules, a field
  of the wrong type, an unknown type, a message that is not an object — ends
  up as text in the synced ``error`` trait, and the user's state is kept
  (handlers check their input before they change anything). A state update
  from the browser that a trait refuses is reported the same way.
- **time-limited analysis**: :meth:`DominoWidget._limited` runs a
  computation for at most ``analysis_timeout`` seconds (see
  :mod:`dominolab.widgets._timeout`: a forked worker, or bounded work in the
  kernel itself in a browser).

>>> from dominolab.errors import IllegalMove
>>> class Counter(DominoWidget):
...     count = traitlets.Int(0).tag(sync=True)
...     @handles("add")
...     def _add(self, msg):
...         step = msg.get("step", 1)
...         if not isinstance(step, int) or not 0 < step <= 10:
...             raise IllegalMove(f"a step is 1 to 10, not {step!r}")
...         self.count += step
>>> w = Counter()
>>> w._handle_custom_msg({"type": "add", "step": 3}, []); w.count, w.error
(3, '')
>>> w._handle_custom_msg({"type": "add", "step": 99}, []); w.count, w.error
(3, 'a step is 1 to 10, not 99')
>>> w._handle_custom_msg({"type": "jump"}, []); w.error
"unknown request 'jump'"
>>> w._handle_custom_msg(["add"], []); w.error
"bad request ['add']: a request is an object with a 'type'"
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import pathlib
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, TypeVar

import anywidget
import traitlets

from ..errors import DominoError, InvalidTile
from ..i18n import using
from ..tiles import Tile
from ._timeout import Unfinished, run_limited

__all__ = ["STATIC", "DominoWidget", "Message", "handles", "short", "short_text", "tile_from"]

#: The folder of the widgets' ES modules and style sheets.
STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"

#: A request from the browser, as sent (``{"type": ..., ...}``); its fields are unchecked.
Message = dict[str, Any]

F = TypeVar("F", bound=Callable[..., object])
T = TypeVar("T")

_HANDLES = "_dominolab_handles"


def handles(*kinds: str, clears_error: bool = True) -> Callable[[F], F]:
    """Mark a method as the handler of requests of these types.

    The method takes the request, ``(self, msg: Message)``, or only ``self`` for a
    request without fields (``@handles("undo")`` on ``def undo(self)``); what it
    returns is ignored. The error line is cleared before the handler runs (the user
    did something new), unless ``clears_error=False``: a request the browser sends
    on its own (a timer) must not wipe out an error the user has not read yet.
    """
    def mark(method: F) -> F:
        setattr(method, _HANDLES, (kinds, clears_error))
        return method
    return mark


def _fields_unused(method: Callable[[Any], object]) -> Callable[[Any, Message], object]:
    """A handler ``(self, msg)`` that calls ``method(self)``: a request without fields."""
    def handler(self: Any, msg: Message) -> object:
        return method(self)
    return handler


def short(value: object, width: int = 60) -> str:
    """``repr(value)``, cut to ``width`` characters: a request can be long (a whole record).

    >>> short("x" * 100, 10)
    "'xxxxxxxx…"
    """
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def short_text(text: str, width: int = 600) -> str:
    """``text`` cut to ``width`` characters: an error line is one line of a status bar.

    >>> short_text("x" * 700)[-3:]
    'xx…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"


def tile_from(value: object) -> Tile:
    """A tile given by a caller or the browser: a Tile, text ("3:5", "3-5") or a pair [3, 5].

    >>> tile_from("5-3"), tile_from([2, 4]), tile_from(Tile(1, 1))
    (Tile(3, 5), Tile(2, 4), Tile(1, 1))
    >>> tile_from({"a": 1})
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidTile: expected one tile such as '3:5' or [3, 5], not {'a': 1}
    """
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return Tile(value[0], value[1])      # Tile checks the numbers (whole, not negative)
    raise InvalidTile(f"expected one tile such as '3:5' or [3, 5], not {short(value)}")


class DominoWidget(anywidget.AnyWidget):
    """Base of the widgets (see the module docstring): subclasses set ``_static_esm``
    and ``_static_css``, mark request handlers with :func:`handles`, and show problems in
    ``error``."""

    #: the ES module (a file name in dominolab/static/, or several put together in order)
    _static_esm: ClassVar[str | tuple[str, ...] | None] = None
    #: the style sheets, in order (file names in dominolab/static/)
    _static_css: ClassVar[tuple[str, ...]] = ()
    #: request type -> (handler, whether it clears the error line first): the marked
    #: methods of the class and its bases
    _handlers: ClassVar[dict[str, tuple[Callable[[Any, Message], object], bool]]] = {}

    #: the synced traits the browser may set (None: every one); the others are refused
    _from_browser: ClassVar[frozenset[str] | None] = None

    #: the status line's error: why the last request (or call) was refused, or ""
    error = traitlets.Unicode("").tag(sync=True)
    #: seconds an analysis (a hint, a value) may take before it is given up
    analysis_timeout = traitlets.Float(5.0)
    #: in a browser, also at most this many Python calls per analysis (None: the time only)
    analysis_calls = traitlets.Int(None, allow_none=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # before anywidget's own __init_subclass__, which turns a path in _esm into the
        # file's contents (and, during development, watches the file)
        esm = cls.__dict__.get("_static_esm")
        if isinstance(esm, str):
            cls._esm = STATIC / esm
        elif esm:
            # several files (a shared one first): one module, their text in order
            cls._esm = "\n".join((STATIC / name).read_text(encoding="utf-8") for name in esm)
        if cls.__dict__.get("_static_css"):
            cls._css = "\n".join((STATIC / name).read_text(encoding="utf-8")
                                 for name in cls._static_css)
        table = dict(cls._handlers)
        for attr in cls.__dict__.values():
            kinds, clears_error = getattr(attr, _HANDLES, ((), True))
            if not kinds:
                continue
            takes_msg = len(inspect.signature(attr).parameters) > 1
            handler = attr if takes_msg else _fields_unused(attr)
            for kind in kinds:
                table[kind] = (handler, clears_error)
        cls._handlers = table
        super().__init_subclass__(**kwargs)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    # -- requests from the browser ------------------------------------------------------
    def _on_message(self, widget: object, content: object, buffers: object) -> None:
        """Answer one request: its handler runs, anything it raises goes to ``error``.

        The traits a request changes reach the browser together, once, afterwards.
        """
        with self.hold_sync():
            if not isinstance(content, dict):
                self.error = f"bad request {short(content)}: a request is an object with a 'type'"
                return
            kind = content.get("type")
            entry = self._handlers.get(kind) if isinstance(kind, str) else None
            if entry is None:
                self.error = f"unknown request {short(kind)}"
                return
            handler, clears_error = entry
            if clears_error:
                self.error = ""
            try:
                handler(self, content)
            except DominoError as e:
                self.error = short_text(str(e))
            except Exception as e:  # noqa: BLE001 - a request is untrusted input: report it
                self.error = short_text(f"bad request {kind!r}: {type(e).__name__}: {e} "
                                        "(if this keeps happening, please report it)")

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A state update from the browser: a value a trait refuses is reported in ``error``,
        and the browser is sent back the values kept (traitlets rolls the others back).

        Only the traits named in ``_from_browser`` may be changed by the browser (None: any);
        a value a validator replaced (a slider moved past its end) is sent back too, so
        the browser shows what Python holds.
        """
        if not isinstance(sync_data, dict):
            self.error = f"bad state from the browser: {short(sync_data)}"
            return
        allowed = self._from_browser
        refused: list[str] = []
        if allowed is not None:
            own = set(self.keys) - set(anywidget.AnyWidget.class_trait_names(sync=True))
            refused = sorted(name for name in sync_data if name in own and name not in allowed)
            if refused:
                self.send_state(refused)
                sync_data = {k: v for k, v in sync_data.items() if k not in refused}
        try:
            self._set_browser_state(sync_data)
        finally:
            if refused:
                self.error = (f"bad value from the browser: {', '.join(map(repr, refused))} "
                              "cannot be set from the page")

    def _set_browser_state(self, sync_data: dict[str, Any]) -> None:
        if not sync_data:
            return
        try:
            super().set_state(sync_data)
        except (traitlets.TraitError, DominoError) as e:
            self.error = f"bad value from the browser: {e}"
            self.send_state([name for name in sync_data if name in self.keys])
            return
        except Exception as e:  # noqa: BLE001 - the browser's value is untrusted input
            self.error = f"bad value from the browser: {type(e).__name__}: {e}"
            self.send_state([name for name in sync_data if name in self.keys])
            return
        changed = [name for name, value in sync_data.items()
                   if name in self.keys and getattr(self, name) != value]
        if changed:
            self.send_state(changed)

    @contextlib.contextmanager
    def _showing_errors(self) -> Iterator[None]:
        """Run a block; a DominoError it raises is shown in ``error`` instead.

        For the Python methods that report the way a click does (nothing is raised).
        """
        try:
            yield
        except DominoError as e:
            self.error = str(e)

    # -- time-limited analysis ------------------------------------------------------------
    def _limited(self, fn: Callable[[], T]) -> T | Unfinished:
        """``fn()`` within ``analysis_timeout`` seconds (and ``analysis_calls`` calls when it
        runs in the kernel itself), or an :class:`Unfinished` saying why it was stopped."""
        return run_limited(fn, self.analysis_timeout, max_calls=self.analysis_calls)


def speaking(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method``, run in its widget's language (the widget's ``lang``, else the process's:
    :mod:`dominolab.i18n`), so what the call writes is in that language."""
    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with using(getattr(self, "lang", None)):
            return method(self, *args, **kwargs)
    return run


def speaking_in(lang: str | None, job: Callable[[], Any]) -> Any:
    """``job()`` in ``lang`` (a job handed to another thread or process takes it along)."""
    with using(lang):
        return job()
