"""What the widgets share on screen: their size, and a still picture before they run.

:class:`SizedWidget` is the :class:`~dominolab.widgets._base.DominoWidget` the
widgets are built on. It adds:

- **a size**: the synced ``scale`` (1 normal, :data:`dominolab.display.LARGE` the
  presentation size for projectors). ``size=`` sets it ("normal", "large" or a
  number); without it the widget follows :func:`dominolab.display.set_scale`. The
  request ``{"type": "size"}`` — the P key in the widget, or its "Presentation
  size" button — switches between the two sizes. The browser side
  (``static/display.js`` and ``display.css``) scales text and controls; pictures
  are redrawn by Python at the new size (:meth:`SizedWidget._rescaled`), each
  drawn inside :meth:`SizedWidget._drawing`.
- **a still picture**: besides the widget view, the widget's output holds a
  ``text/html`` picture of what it shows (``_still_svg``) and one line, "Run this
  cell to play". A notebook opened before its cells run has no live widgets; with
  the widget view stripped from the saved output (``tools/clean_notebooks.py``),
  Jupyter shows this still, not controls that move but do nothing.

>>> from dominolab.widgets import SetExplorer
>>> w = SetExplorer(n=2, size="large")
>>> w.scale, 'width="' in w.svg
(2.0, True)
>>> data, _ = w._repr_mimebundle_()
>>> "Run this cell to play" in data["text/html"], "application/vnd.jupyter.widget-view+json" in data
(True, True)
>>> w._handle_custom_msg({"type": "size"}, []); w.scale
1.0
"""

from __future__ import annotations

import contextlib
import html
from typing import Any

import traitlets

from .. import display
from ..errors import UnknownOption
from ..i18n import N_, tr
from ._base import DominoWidget, handles

__all__ = ["STILL_NOTE", "SizedWidget", "still_html"]

#: The line under a widget's still picture.
STILL_NOTE = N_("▶ Run this cell to play.")


def still_html(svg: str, name: str) -> str:
    """The still of a widget: its picture (an SVG) and the line :data:`STILL_NOTE`.

    Plain HTML with inline styles (no widget style sheet is loaded before the cell
    runs); the picture shrinks to the page's width.

    >>> still_html('<svg viewBox="0 0 4 2"></svg>', "SetExplorer").count("<p")
    1
    """
    label = tr("{widget}, not running").format(widget=name)
    return (f'<div class="dl-still" role="group" aria-label="{html.escape(label)}" '
            'style="max-width:100%;overflow-x:auto;font-family:system-ui,sans-serif">'
            f"{svg}"
            '<p style="margin:0.3em 0;font-weight:600;color:#0b3d91">'
            f"{html.escape(tr(STILL_NOTE))}</p></div>")


class SizedWidget(DominoWidget):
    """A widget with a display size and a still picture (see the module docstring).

    Subclasses draw their pictures inside ``with self._drawing():``, redraw them in
    :meth:`_rescaled`, and return their current picture from :meth:`_still_svg`.
    """

    #: the widget's size: 1 normal, 2 the presentation size (any factor 0.5..4)
    scale = traitlets.Float(1.0).tag(sync=True)

    def __init__(self, *, size: str | float | None = None, **kwargs: Any) -> None:
        self._follows_display = size is None
        self._size_ready = False
        start = display.scale() if size is None else display.scale_of(size)
        super().__init__(scale=start, **kwargs)
        self._size_ready = True

    @traitlets.validate("scale")
    def _check_scale(self, proposal: Any) -> float:
        try:
            return display.scale_of(proposal["value"])
        except UnknownOption as e:       # a TraitError: traitlets keeps the old value
            raise traitlets.TraitError(str(e)) from None

    @traitlets.observe("scale")
    def _on_scale(self, change: Any) -> None:
        if self._size_ready:
            with self.hold_sync():
                self._rescaled()

    def set_size(self, size: str | float) -> None:
        """Show this widget at ``size`` ("normal", "large" or a factor 0.5..4)."""
        with self._showing_errors():
            self.scale = display.scale_of(size)

    @handles("size")
    def toggle_size(self) -> None:
        """Switch between the normal and the presentation size (the P key)."""
        self.scale = 1.0 if self.scale > 1 else display.LARGE

    def _display_scale_changed(self, scale: float) -> None:
        """:func:`dominolab.display.set_scale` was called: follow it."""
        self.scale = scale

    @contextlib.contextmanager
    def _drawing(self) -> Any:
        """Pictures drawn inside the block come out at the widget's own size."""
        with display.scaled(self.scale):
            yield

    # -- hooks for the subclasses ------------------------------------------------
    def _rescaled(self) -> None:
        """Redraw the pictures at the new ``scale`` (the style sheets scale the rest)."""

    def _still_svg(self) -> str:
        """The picture of what the widget shows now, for its still (SVG text)."""
        return ""

    # -- the output --------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        if self._follows_display:
            display.watch(self)           # shown: follow the setting from now on
            self.scale = display.scale()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        with self._drawing():
            svg = self._still_svg()
        if svg:
            data["text/html"] = still_html(svg, type(self).__name__)
        return data, metadata
