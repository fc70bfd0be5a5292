"""A slider that draws the double-n set and counts its tiles and pips.

The Python side owns the numbers and the picture (drawn by
:mod:`dominolab.render`); the browser shows them and sends back the slider
position. Moving the slider to ``n`` sets ``n``; everything else follows.

>>> w = SetExplorer(n=3)
>>> w.summary
'double-3 set: 10 tiles, 30 pips'
>>> w.n = 6
>>> w.tile_count, w.pip_total
(28, 168)

With a picture skin (children's dominoes, :mod:`dominolab.render.skins`) the set is drawn
with pictures, each tile named by them, and the slider stops at double-six:

>>> p = SetExplorer(n=2, skin="colours")
>>> p.max_n, 'aria-label="domino red circle | yellow star"' in p.svg
(6, True)
"""

from __future__ import annotations

from typing import Any

import traitlets

from .. import display
from ..errors import BoardError
from ..i18n import N_, get_language, ngettext, normalise, tr, using
from ..limits import MAX_N, whole_number
from ..render import set_svg
from ..render.skins import SKIN_NUMBERS, SkinLike, get_skin
from ..tiles import DominoSet
from ._base import short
from ._display import SizedWidget

__all__ = ["SetExplorer"]


class SetExplorer(SizedWidget):
    """Explore double-n sets: ``n`` from ``min_n`` to ``max_n`` (default 0..12).

    ``skin``: draw the tiles with pictures ("animals", "fruit", "colours"); ``max_n`` is
    then at most 6 (and 6 by default).

    The browser sends no requests, only the slider's ``n``; a value outside the
    range (or not a whole number) is refused in ``error`` and the set stays.
    """

    _static_esm = ("display.js", "set_explorer.js")
    _static_css = ("widgets.css", "display.css")

    n = traitlets.Int(6).tag(sync=True)
    min_n = traitlets.Int(0).tag(sync=True)
    max_n = traitlets.Int(12).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    detail = traitlets.Unicode("").tag(sync=True)
    tile_count = traitlets.Int(0).tag(sync=True)
    pip_total = traitlets.Int(0).tag(sync=True)
    #: the page's own words in the widget's language (empty: English)
    words = traitlets.Dict({}).tag(sync=True)

    #: the browser moves the slider, nothing else
    _from_browser = frozenset({"n"})

    def __init__(self, n: int = 6, min_n: int = 0, max_n: int | None = None, *,
                 lang: str | None = None, skin: SkinLike = None, **kwargs: Any) -> None:
        #: the widget's own language (None: the process's, see dominolab.i18n)
        self.lang = None if lang is None else normalise(lang, "SetExplorer lang")
        if max_n is None:
            max_n = 12 if skin is None else SKIN_NUMBERS - 1
        #: the picture skin the set is drawn with (None: pips)
        self.skin = get_skin(skin, max_n if isinstance(max_n, int) else 0, "SetExplorer max_n")
        for name, value in (("min_n", min_n), ("max_n", max_n)):
            whole_number(value, f"SetExplorer {name}", high=MAX_N, error=BoardError)
        if min_n > max_n:
            raise BoardError(f"SetExplorer: min_n ({min_n}) is more than max_n ({max_n})")
        self._good_n = min_n
        super().__init__(min_n=min_n, max_n=max_n, **kwargs)
        self.n = n
        self._redraw()

    @traitlets.validate("n")
    def _check_n(self, proposal: Any) -> int:
        # The last good value is kept apart from the trait: when the browser sets n,
        # traitlets has stored the new value before it validates (so ``self.n`` would
        # already be the refused one).
        value = proposal["value"]
        if not self.min_n <= value <= self.max_n:
            # Keep the last good set on screen and say why.
            self.error = f"n must be between {self.min_n} and {self.max_n}, not {short(value)}"
            return self._good_n
        self.error = ""
        self._good_n = value
        return value

    @traitlets.observe("n")
    def _on_n(self, change: Any) -> None:
        self._redraw()

    def _redraw(self) -> None:
        s = DominoSet(self.n)
        with self.hold_sync():  # one message: the counts and the picture change together
            self._set_traits(s)

    def _set_traits(self, s: DominoSet) -> None:
        with using(getattr(self, "lang", None)):
            self._set_texts(s)

    def _set_texts(self, s: DominoSet) -> None:
        self.tile_count = s.size
        self.pip_total = s.pip_total
        # the command line's words for a set (`dominolab set N`)
        self.summary = tr("double-{n} set: {tiles}, {pips}").format(
            n=s.n, tiles=ngettext("{n} tile", "{n} tiles", s.size).format(n=s.size),
            pips=ngettext("{n} pip", "{n} pips", s.pip_total).format(n=s.pip_total))
        self.detail = tr("{k} numbers (0..{n}); {k} doubles; each number shows on {ends} tile "
                         "ends").format(k=s.n + 1, n=s.n, ends=s.n + 2)
        self.words = ({} if get_language() == "en" else
                      {w: tr(w) for w in (N_("Largest number n: "), N_("largest number n"))})
        with self._drawing():
            self.svg = str(set_svg(s, size=display.readable(max(8, 22 - s.n)), skin=self.skin))

    def _rescaled(self) -> None:
        self._redraw()

    def _still_svg(self) -> str:
        return self.svg
