"""A board whose cells you click away: it counts the domino tilings as you go.

Every cell is a button; pressing it removes the cell (or puts it back). After
each change the Python side recounts with :func:`dominolab.tilings.count_tilings`
and, when the count is 0, asks :func:`dominolab.tilings.impossibility` for a
reason a student can read (the colouring argument, an odd piece, or Hall's
condition), which the board shows with marked cells. "Show one tiling" draws a
uniformly random tiling (:func:`dominolab.tilings.random_tiling`); pressing it
again draws another.

>>> w = TilingBoard(8, 8)
>>> w.count, w.summary
('12988816', '12,988,816 tilings')
>>> w.toggle(0, 0); w.toggle(7, 7)
>>> w.count, w.certificate["kind"]
('0', 'colour')
>>> w.summary
'No tiling. Colour the cells like a chessboard. Every domino covers one dark and one light cell, so a tiling needs as many dark cells as light ones. This region has 30 dark and 32 light cells.'
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

import traitlets

from ..errors import InvalidRegion
from ..tilings import (
    Region,
    as_region,
    count_tilings,
    format_count,
    impossibility,
    random_tiling,
)
from ..render.tilings import region_svg, tiling_svg
from ..tilings import Tiling
from ._base import Message, handles
from ._display import SizedWidget

__all__ = ["MAX_SIDE", "TilingBoard"]

#: Largest side of the board in the widget (counts stay instant up to here).
MAX_SIDE = 16


class TilingBoard(SizedWidget):
    """An ``rows × cols`` board (at most :data:`MAX_SIDE` a side) with removable cells.

    Synced state (JSON): ``holes`` lists removed cells as ``[row, col]``;
    ``count`` is the exact number of tilings as decimal digits (a string,
    because JavaScript numbers are not exact beyond 2**53); ``summary`` the
    status line; ``certificate`` the reason there is no tiling (``kind``,
    ``message``, ``cells``, ``partners``) or ``{}``; ``tiling`` the shown
    tiling as ``[r1, c1, r2, c2]`` dominoes, or ``[]``; ``error`` the last
    problem. Browser messages: ``{"type": "toggle", "row": r, "col": c}``,
    ``{"type": "show_tiling"}``, ``{"type": "hide_tiling"}``, ``{"type": "reset"}``.
    """

    _static_esm = ("display.js", "tiling_board.js")
    #: the page sends requests only; it sets no state (the size is a request too)
    _from_browser = frozenset[str]()
    # the shared look (widgets.css), this board's own rules, the sizes (display.css)
    _static_css = ("widgets.css", "tiling_board.css", "display.css")

    rows = traitlets.Int(8).tag(sync=True)
    cols = traitlets.Int(8).tag(sync=True)
    holes: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)
    count = traitlets.Unicode("").tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    certificate = traitlets.Dict({}).tag(sync=True)
    tiling: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)

    def __init__(self, rows: int = 8, cols: int = 8, holes: Iterable[Any] = (),
                 **kwargs: Any) -> None:
        for name, value in (("rows", rows), ("cols", cols)):
            if isinstance(value, bool) or not isinstance(value, int) or not (
                1 <= value <= MAX_SIDE
            ):
                raise InvalidRegion(f"{name}={value!r}: the board's sides must be whole "
                                    f"numbers from 1 to {MAX_SIDE}")
        super().__init__(rows=rows, cols=cols, **kwargs)
        self._draws = 0
        cells = set()
        for h in holes:
            r, c = self._cell(h)
            cells.add((r, c))
        self.holes = [list(x) for x in sorted(cells)]
        self._recount()

    @classmethod
    def from_region(cls, region: Any, **kwargs: Any) -> TilingBoard:
        """A board showing ``region`` (its bounding box from row 0 and column 0).

        >>> TilingBoard.from_region("###\\n#.#\\n###").count
        '2'
        """
        region = as_region(region)
        holes = [(r, c) for r in range(region.height) for c in range(region.width)
                 if (r, c) not in region]
        return cls(region.height, region.width, holes, **kwargs)

    # -- state
    @property
    def region(self) -> Region | None:
        """The cells still on the board, or ``None`` if every cell was removed."""
        removed = {tuple(h) for h in self.holes}
        cells = [(r, c) for r in range(self.rows) for c in range(self.cols)
                 if (r, c) not in removed]
        return Region(cells) if cells else None

    def _cell(self, cell: Any) -> tuple[int, int]:
        bad = InvalidRegion(f"{cell!r} is not a cell; expected [row, col] with whole numbers")
        try:
            r, c = cell
            # whole numbers only: int(1.5) would quietly pick another cell
            if isinstance(r, bool) or isinstance(c, bool):
                raise bad
            r, c = operator.index(r), operator.index(c)
        except (TypeError, ValueError):
            raise bad from None
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise InvalidRegion(f"cell ({r}, {c}) is off the {self.rows}×{self.cols} board")
        return r, c

    # -- actions
    def toggle(self, row: int, col: int) -> None:
        """Remove the cell ``(row, col)``, or put it back if it was removed."""
        r, c = self._cell((row, col))
        removed = {tuple(h) for h in self.holes}
        removed ^= {(r, c)}
        self.holes = [list(x) for x in sorted(removed)]
        self.tiling = []
        self._recount()

    @handles("reset")
    def reset(self) -> None:
        """Put every cell back."""
        self.holes = []
        self.tiling = []
        self._recount()

    @handles("show_tiling")
    def show_tiling(self) -> None:
        """Show a uniformly random tiling (a new one each time), if there is one."""
        region = self.region
        if region is None:
            self.tiling = []
            return
        if self.count == "0":
            self.error = "There is no tiling to show: " + self.certificate.get("message", "")
            return
        self._draws += 1
        tiling = random_tiling(region, seed=self._draws)
        self.tiling = [[a[0], a[1], b[0], b[1]] for a, b in tiling.dominoes]
        self.error = ""

    @handles("hide_tiling")
    def hide_tiling(self) -> None:
        """Stop showing the tiling."""
        self.tiling = []

    def _recount(self) -> None:
        region = self.region
        self.error = ""
        if region is None:
            self.count = "1"
            self.certificate = {}
            self.summary = ("Every cell is removed: the empty board has exactly 1 tiling "
                            "(no dominoes).")
            return
        n = count_tilings(region)
        self.count = str(n)
        if n:
            self.certificate = {}
            self.summary = f"{format_count(n)} tiling{'s' if n != 1 else ''}"
        else:
            cert = impossibility(region)
            self.certificate = cert.as_dict() if cert is not None else {}
            self.summary = "No tiling. " + (cert.message if cert is not None else "")

    def _still_svg(self) -> str:
        region = self.region
        if region is None:
            return ""
        if self.tiling:
            return str(tiling_svg(Tiling([((a, b), (c, d)) for a, b, c, d in self.tiling]),
                                  board=True))
        return str(region_svg(region))

    # -- requests from the browser
    @handles("toggle")
    def _on_toggle(self, msg: Message) -> None:
        self.toggle(*self._cell((msg.get("row"), msg.get("col"))))

