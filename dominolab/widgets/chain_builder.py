"""Build a line of dominoes by clicking tiles; the graph says whether it can be finished.

Every tile of the double-n set is a button. Clicking one puts it at the
chosen end of the line (or at the other end when it only fits there). The
widget shows the open ends, how many free tile ends still show each number,
and answers "can this line still be finished with all the other tiles?" by
Euler's condition (see :func:`dominolab.chains.can_finish`). All the logic is
in Python; the browser only draws the state and sends clicks.

>>> w = ChainBuilder(n=3)
>>> w.play("1:2"); w.play("2:3"); w.chain_text, w.ends
('1:2 2:3', [1, 3])
>>> w.finishable, w.verdict.startswith("No")
(False, True)
>>> w.play("0:0")
>>> w.error
'0:0 does not fit: the open ends are 1 and 3'
>>> w.undo(); w.chain_text
'1:2'

With a picture skin (children's dominoes, :mod:`dominolab.render.skins`) every tile is
drawn and named by its pictures, and so are the ends:

>>> f = ChainBuilder(n=6, skin="fruit")
>>> f.play("0:3"); f.ends_text, f.tiles[1]["name"], f.chain_text
('Open ends: apple and banana', 'apple | pear', 'apple | banana')
>>> f.play("5:6"); f.error
'orange | strawberry does not fit: the open ends are apple and banana'
"""

from __future__ import annotations

from typing import Any

import traitlets

from .. import chains
from ..errors import DominoError, IllegalMove
from ..i18n import N_, get_language, normalise, tr
from ..render.chains import chain_picture
from ..tiles import DominoSet, Tile
from ..render import set_svg, tile_svg
from ..render.skins import SkinLike, get_skin, picture_words, skinned
from ._base import Message, handles, speaking, tile_from
from ._display import SizedWidget

__all__ = ["ChainBuilder"]


class ChainBuilder(SizedWidget):
    """Click tiles of the double-n set to grow a line at either end.

    Python API (the buttons call the same methods): :meth:`play`,
    :meth:`undo`, :meth:`reset`, :meth:`finish`; the preferred end is ``side``.
    ``skin``: draw and name the tiles by pictures ("animals", "fruit", "colours"; a set
    up to double-six).
    """

    _static_esm = ("display.js", "chain_builder.js")
    #: the page sends requests only; it sets no state (the size is a request too)
    _from_browser = frozenset[str]()
    _static_css = ("chain_builder.css", "display.css")

    n = traitlets.Int(6).tag(sync=True)
    side = traitlets.Unicode("right").tag(sync=True)
    #: the line's tiles as ordered pairs, left to right
    chain: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    chain_text = traitlets.Unicode("").tag(sync=True)
    #: the open ends [left, right], or [] for the empty line
    ends: traitlets.List[int] = traitlets.List([]).tag(sync=True)
    ends_text = traitlets.Unicode("").tag(sync=True)
    #: one dict per tile of the set (label, numbers, used, the ends it fits)
    tiles: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    #: one dict per number (free tile ends showing it, odd, an open end)
    degrees: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    finishable = traitlets.Bool(True).tag(sync=True)
    verdict = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    #: the page's own words in the widget's language (empty: English)
    words = traitlets.Dict({}).tag(sync=True)

    def __init__(self, n: int = 6, start: str | None = None, *, lang: str | None = None,
                 skin: SkinLike = None, **kwargs: Any) -> None:
        #: the widget's own language (None: the process's, see dominolab.i18n)
        self.lang = None if lang is None else normalise(lang, "ChainBuilder lang")
        super().__init__(**kwargs)
        self._set = DominoSet(n)
        #: the picture skin the tiles are drawn with (None: pips)
        self.skin = get_skin(skin, self._set.n, "ChainBuilder")
        self.n = n
        self._history: list[chains.Chain] = []
        self._chain = chains.Chain()
        self._last_side = "right"
        if start:
            self._chain = chains.Chain.parse(start)
            self._set.check(self._chain.tiles, "start")
        self._refresh()

    # -- actions ------------------------------------------------------------
    def play(self, tile: Any, side: str | None = None) -> None:
        """Put ``tile`` (text, a Tile or a pair) at ``side`` (default: the preferred side,
        else the one it fits). A tile that cannot go there is refused in ``error``."""
        try:
            t = tile_from(tile)
            self._set.check([t], "tile")
            new = self._extend(t, side)
        except DominoError as e:
            self.error = picture_words(str(e), self.skin)
            return
        self._history.append(self._chain)
        self._chain = new
        self.status = (tr("Added {tile}.") if len(new) == 1 else
                       tr("Added {tile} at the left.") if self._last_side == "left" else
                       tr("Added {tile} at the right.")).format(tile=self._word(t))
        self.error = ""
        self._refresh()

    def _extend(self, t: Tile, side: str | None) -> chains.Chain:
        if side not in (None, "left", "right"):
            raise IllegalMove(tr("side must be 'left' or 'right', not {side}").format(side=repr(side)))
        c = self._chain
        if t in set(c.tiles):
            raise IllegalMove(tr("{tile} is already in the line").format(tile=t))
        if c.ends is None:          # the empty line: the first tile
            self._last_side = "right"
            return c.extend(t)
        first = side or self.side
        order = [first] if side else [first, "left" if first == "right" else "right"]
        for s in order:
            if c.fits(t, s):
                self._last_side = s
                return c.extend(t, s)
        left, right = c.ends
        if side:
            end = left if side == "left" else right
            raise IllegalMove((tr("{tile} does not fit the left end: it shows no {end}")
                               if side == "left" else
                               tr("{tile} does not fit the right end: it shows no {end}"))
                              .format(tile=self._word(t), end=self._word(end)))
        raise IllegalMove(tr("{tile} does not fit: the open ends are {left} and {right}").format(
            tile=self._word(t), left=self._word(left), right=self._word(right)))

    def _word(self, x: Tile | int) -> str:
        """A tile or a number as the page says it: "3:5" and "3", or by the skin's pictures."""
        if self.skin is None:
            return str(x)
        if isinstance(x, Tile):
            return self.skin.tile_name(x.low, x.high)
        return self.skin.name_of(x)

    @handles("undo")
    def undo(self) -> None:
        """Take back the last tile."""
        if not self._history:
            self.error = tr("nothing to undo")
            return
        self._chain = self._history.pop()
        self.status, self.error = tr("Took back the last tile."), ""
        self._refresh()

    @handles("reset")
    def reset(self) -> None:
        """Start again with an empty line."""
        if len(self._chain):
            self._history.append(self._chain)
        self._chain = chains.Chain()
        self.status, self.error = tr("Started a new line."), ""
        self._refresh()

    @handles("finish")
    def finish(self) -> None:
        """Complete the line with every remaining tile, if the graph says it can be done."""
        done = chains.finish_chain(self._chain, self._set.tiles)
        if done is None:
            self.error = tr("This line cannot be finished: {reason}").format(
                reason=chains.can_finish(self._chain, self._set.tiles).reason)
            return
        self._history.append(self._chain)
        self._chain = done
        self.status, self.error = tr("Finished the line with every tile."), ""
        self._refresh()

    def set_side(self, side: Any) -> None:
        """Choose the end that new tiles go to when they fit both."""
        if side not in ("left", "right"):
            self.error = f"side must be 'left' or 'right', not {side!r}"
            return
        self.side = side
        self.error = ""

    @property
    def line(self) -> chains.Chain:
        """The line built so far, as a :class:`~dominolab.chains.Chain`."""
        return self._chain

    # -- state for the browser --------------------------------------------
    def _refresh(self) -> None:
        c = self._chain
        inside = set(c.tiles)
        rest = [t for t in self._set.tiles if t not in inside]
        self.chain = [list(p) for p in c]
        # the line in notation, or under a skin by its pictures ("cherries | banana, …")
        self.chain_text = str(c) if self.skin is None else ", ".join(
            self.skin.tile_name(a, b) for a, b in c)
        link = list(c.ends) if c.ends is not None else []    # the open ends, [] when empty
        self.ends = link
        if link:
            left, right = link
            self.ends_text = (tr("Open ends: {left} and {right}") if left != right
                              else tr("Open ends: {left} and {right} (they match)")).format(
                                  left=self._word(left), right=self._word(right))
        else:
            self.ends_text = tr("Open ends: none yet (click any tile to start)")
        info = []
        for t in self._set.tiles:
            fits = [] if t in inside else [s for s in ("left", "right") if c.fits(t, s)]
            if link and link[0] == link[1]:
                fits = fits[:1]
            info.append({"label": f"{t.low}-{t.high}", "a": t.low, "b": t.high,
                         "used": t in inside, "fits": fits, **self._pictured(t)})
        self.tiles = info
        free = chains.degrees(rest)
        deg = []
        for v in self._set.numbers:
            k = free.get(v, 0)
            with_ends = k + link.count(v)
            deg.append({"number": v, "free": k, "odd": with_ends % 2 == 1,
                        "end": v in link, "name": self._word(v)})
        self.degrees = deg
        if not rest:
            self.finishable = True
            self.verdict = (tr("Done: every tile is in the line and its ends match: it closes "
                               "into a ring.") if c.is_closed else
                            tr("Done: every tile is in the line."))
        else:
            check = chains.can_finish(c, self._set.tiles)
            self.finishable = bool(check)
            self.verdict = (tr("Yes, it can be finished: {reason}") if check else
                            tr("No, it cannot be finished: {reason}")).format(
                                reason=check.reason)
        self.words = ({} if get_language() == "en" else {
            **{w: tr(w) for w in PAGE_WORDS},
            "title": tr("Chain builder: double-{n} set").format(n=self.n),
            "line": tr("Line:"), "empty_line": tr("Line: (empty)")})
        with self._drawing(), skinned(self.skin):
            self.svg = str(chain_picture(c, size=22, per_row=14))
        self.status = picture_words(self.status, self.skin)
        self.verdict = picture_words(self.verdict, self.skin)

    def _pictured(self, t: Tile) -> dict[str, str]:
        """A tray tile's name and picture under the skin (none without one: the page writes
        its numbers)."""
        if self.skin is None:
            return {}
        with self._drawing():
            svg = str(tile_svg(t, size=18, skin=self.skin))
        return {"name": self.skin.tile_name(t.low, t.high), "svg": svg}

    def _rescaled(self) -> None:
        self._refresh()

    def _still_svg(self) -> str:
        # the tiles to click (the whole set); under them the line built so far, if any
        tray = str(set_svg(self._set, size=16, skin=self.skin))
        return tray + (self.svg if len(self._chain) else "")

    # -- requests from the browser -------------------------------------------
    @handles("play")
    def _on_play(self, msg: Message) -> None:
        self.play(str(msg.get("tile", "")), msg.get("side"))

    @handles("side")
    def _on_side(self, msg: Message) -> None:
        self.set_side(msg.get("side"))


# every way in (a message from the page, a call from a cell) speaks the builder's language
for _name in ("_on_message", "play", "undo", "reset", "finish", "set_side", "_refresh"):
    setattr(ChainBuilder, _name, speaking(getattr(ChainBuilder, _name)))

#: the words the page writes itself (static/chain_builder.js looks each up in ``words``)
PAGE_WORDS = (
    N_("which end new tiles go to"), N_("Add tiles at:"), N_("left end"), N_("right end"),
    N_("add at the left end"), N_("add at the right end"), N_("tiles of the set"),
    N_("Free tile ends showing each number (the line's open ends count too; odd ones are "
       "marked):"),
)
