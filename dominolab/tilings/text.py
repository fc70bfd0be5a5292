"""Text for people: counts with thousands separators, board sizes, a one-look description.

The command line and the widgets print with these.

>>> format_count(12988816), parse_size("8x8")
('12,988,816', (8, 8))
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import DominoError, InvalidRegion
from .certificates import impossibility
from .count import MAX_RECTANGLE_CELLS, count_tilings
from ..limits import read_int, short_repr
from .region import Region, _side, as_region

__all__ = ["format_count", "parse_size", "describe"]


def format_count(n: int, sep: str = ",") -> str:
    """Digits of a (possibly huge) count with thousands separators.

    Works beyond Python's 4300-digit limit on ``str(int)``.

    >>> format_count(12988816)
    '12,988,816'
    >>> len(format_count(7**6000, sep=""))
    5071
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise DominoError(f"format_count writes a whole number, not {n!r}")
    if not isinstance(sep, str):
        raise DominoError(f"the separator must be text such as ',' or '', not {sep!r}")
    if n < 0:
        return "-" + format_count(-n, sep)
    digits = _digits(n)
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return sep.join(groups)


def _digits(n: int) -> str:
    if n < 10**1000:
        return str(n)
    # split in halves (power of ten) so each str() call stays under the limit
    k = len(bin(n)) * 3 // 20  # about half the number of decimal digits
    hi, lo = divmod(n, 10**k)
    return _digits(hi) + _digits(lo).rjust(k, "0")


def parse_size(text: str) -> tuple[int, int]:
    """Read a board size such as ``"8x8"``, ``"8×8"`` or ``"2 x 10"`` as ``(rows, cols)``.

    >>> parse_size("8x8"), parse_size(" 2 × 10 ")
    ((8, 8), (2, 10))
    >>> parse_size("8by8")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidRegion: cannot read the board size '8by8': expected ROWSxCOLS, e.g. 8x8
    """
    if not isinstance(text, str) or len(text) > 100:
        raise InvalidRegion(f"cannot read the board size {short_repr(text)}: expected ROWSxCOLS "
                            "(at most 100 characters), e.g. 8x8")
    # ASCII digits only ([0-9], not \d: that takes other scripts' digits too)
    m = re.fullmatch(r"\s*([0-9]+)\s*[xX×*]\s*([0-9]+)\s*", text)
    if not m:
        raise InvalidRegion(f"cannot read the board size {text!r}: expected ROWSxCOLS, e.g. 8x8")
    rows, cols = (read_int(g, "a board side", high=MAX_RECTANGLE_CELLS, error=InvalidRegion)
                  for g in m.groups())
    if rows * cols > MAX_RECTANGLE_CELLS:
        raise InvalidRegion(f"a {rows}×{cols} board has {rows * cols} cells; "
                            f"the limit is {MAX_RECTANGLE_CELLS}")
    return rows, cols


def describe(region: Any, cols: int | None = None) -> str:
    """Lines for people (the command line prints these): the region, then the
    number of tilings or the reason there is none. ``describe(8, 8)`` describes
    the rectangle.

    >>> print(describe(8, 8))
    8×8 board: 64 cells (32 dark, 32 light)
    12,988,816 tilings
    >>> print(describe(Region.rectangle(8, 8).without((0, 0), (7, 7))))
    region of 62 cells (30 dark, 32 light), bounding box 8×8
    no tiling: Colour the cells like a chessboard. Every domino covers one dark and one light cell, so a tiling needs as many dark cells as light ones. This region has 30 dark and 32 light cells.
    """
    if cols is not None:
        m, n = _side(region, "m"), _side(cols, "n")
        count = count_tilings(m, n)
        dark = (m * n + 1) // 2
        head = f"{m}×{n} board: {m * n} cells ({dark} dark, {m * n - dark} light)"
        if count:
            return head + f"\n{format_count(count)} tiling{'s' if count != 1 else ''}"
        if not m * n:
            return head + "\n1 tiling (the empty board)"
        return head + "\nno tiling: " + _reason(Region.rectangle(m, n))
    region = as_region(region)
    dark, light = region.colour_counts()
    if region.is_rectangle() and min(region.cells) == (0, 0):
        head = (f"{region.height}×{region.width} board: {len(region)} cells "
                f"({dark} dark, {light} light)")
    else:
        head = (f"region of {len(region)} cells ({dark} dark, {light} light), "
                f"bounding box {region.height}×{region.width}")
    count = count_tilings(region)
    if count:
        return head + f"\n{format_count(count)} tiling{'s' if count != 1 else ''}"
    return head + "\nno tiling: " + _reason(region)


def _reason(region: Region) -> str:
    """Why ``region`` (counted: no tiling) has no tiling."""
    cert = impossibility(region)
    assert cert is not None  # every region without a tiling has a certificate
    return cert.message
