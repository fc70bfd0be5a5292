"""The package's size limits, stated once, and the one reader of written whole numbers.

:data:`MAX_N` is the largest number on a tile, so the double-``MAX_N`` set is the largest
set the package supports; :data:`MAX_FORMULA_N` the largest ``n`` a closed formula (the
size of a set, its pip total) answers for without building the set; :data:`MAX_TEXT` the
longest text any parser reads. Tiles,
sets, the games' ``set_max``, Dominosa grids, records, puzzle files, the command line and
the widgets all refuse more, before doing any work. (Operations whose cost grows faster
than their input have their own documented limits beside them: ``MAX_RING_N``,
``MAX_FASTEST_BLOCK_N``, the tilings' ``MAX_CELLS``, …)

Numbers are written in ASCII digits only: :func:`read_int` is the reader every text
format uses. ``str.isdigit()``, ``int()`` and the regular expression ``\\d`` also accept
superscripts (``²``), circled digits (``⑤``) and other scripts' digits (``٣``), which no
format here means, and ``int()`` of a 5,000-digit number fails on Python's own limit:
:func:`read_int` counts the digits before it converts them.

>>> read_int("12", "n"), whole_number(12, "n")
(12, 12)
"""

from __future__ import annotations

from .errors import DominoError, InvalidTile, OverLimit, ParseError

__all__ = ["MAX_DEAL_TABLE", "MAX_FORMULA_N", "MAX_N", "MAX_TEXT", "read_int", "short_repr", "whole_number"]

#: The largest number on a tile: the largest set the package supports is the double-MAX_N
#: set ((MAX_N + 1)(MAX_N + 2)/2 = 5,151 tiles). Stated here once; tiles, sets, the games'
#: ``set_max``, Dominosa grids, the command line and the widgets all refuse more. At this
#: size building the set, drawing it and setting up a game each take well under a second.
MAX_N = 100

#: The largest ``n`` a closed formula answers for without building the set: the number
#: of tiles or pips of the double-n set, the rings and lines of an odd set (0). Their
#: answers stay short (the pip total of the double-10**6 set has 18 digits).
MAX_FORMULA_N = 1_000_000

#: The longest text a parser of the package reads (characters): a record, a puzzle
#: file, a tile list. A file given to the command line is refused above this size too.
MAX_TEXT = 1_000_000

#: The most memory (bytes, an estimate made before any work) the exact count of the deals
#: consistent with a history may take (:class:`dominolab.games.inference.Knowledge`). Its
#: table has a field per capacity state of the other hands, so it grows as a power of the
#: number of hidden hands: a double-12 Mexican train of four players needs about 12 MB,
#: six players about 0.8 GB, seven or eight tens of GB. Above this the count is refused
#: with OverLimit (the bots that sample deals then play by their fallback), where it would
#: exhaust a Binder kernel's memory or run for minutes.
MAX_DEAL_TABLE = 1 << 30

_DIGITS = "0123456789"


def whole_number(x: object, what: str, *, low: int = 0, high: int | None = MAX_N,
                 error: type[DominoError] = InvalidTile) -> int:
    """``x`` as a whole number in ``low..high`` (``high=None``: no upper bound), or ``error``
    naming ``what``. Booleans and floats are refused: ``True`` is not a number of pips.

    >>> whole_number(6, "n")
    6
    >>> whole_number(6.0, "n")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidTile: n must be a whole number, not 6.0
    >>> whole_number(101, "n")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidTile: n must be at most 100 (the largest number on a tile, dominolab.limits.MAX_N), not 101
    """
    if isinstance(x, bool) or not isinstance(x, int):
        raise error(f"{what} must be a whole number, not {short_repr(x)}")
    if x < low:
        raise error(f"{what} must be {low} or more, not {short_repr(x)}")
    if high is not None and x > high:
        why = (" (the largest number on a tile, dominolab.limits.MAX_N)" if high == MAX_N
               else "")
        raise error(f"{what} must be at most {high}{why}, not {short_repr(x)}")
    return int(x)


def read_int(text: object, what: str, *, low: int = 0, high: int | None = MAX_N,
             signed: bool = False, error: type[DominoError] = ParseError) -> int:
    """The whole number written in ``text`` (ASCII digits, surrounding blanks allowed; a
    leading ``-`` or ``+`` when ``signed``), in ``low..high``; otherwise ``error`` naming
    ``what``. The digits are counted before they are converted, so a number of thousands
    of digits costs nothing (and never meets Python's limit on converting long numbers).

    >>> read_int(" 12 ", "n"), read_int("-3", "score", low=-10, signed=True)
    (12, -3)
    >>> read_int("²", "n")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: n must be a whole number written in the digits 0-9, not '²'
    >>> read_int("9" * 5000, "n")
    Traceback (most recent call last):
    ...
    dominolab.errors.OverLimit: n must be at most 100 (the largest number on a tile, dominolab.limits.MAX_N), not a number of 5000 digits
    """
    if not isinstance(text, str):
        raise error(f"{what} must be written as text, not {short_repr(text)}")
    s = text.strip()
    sign = ""
    if signed and s[:1] in ("-", "+"):
        sign, s = s[0], s[1:]
    if not s or any(ch not in _DIGITS for ch in s):
        raise error(f"{what} must be a whole number written in the digits 0-9, not "
                    f"{short_repr(text)}")
    digits = s.lstrip("0") or "0"
    bound = max(abs(low), abs(high)) if high is not None else None
    if bound is not None and len(digits) > len(str(bound)):
        big = (sign + digits if len(digits) <= 20 else
               "a negative number" if sign == "-" else "a number")
        limit = f"{low} or more" if sign == "-" else f"at most {high}"
        why = " (the largest number on a tile, dominolab.limits.MAX_N)" if high == MAX_N else ""
        raise OverLimit(f"{what} must be {limit}{why}, not {big}"
                        + (f" of {len(digits)} digits" if len(digits) > 20 else ""))
    if bound is None and len(digits) > 4000:
        raise OverLimit(f"{what} has {len(digits)} digits; at most 4000 are read")
    return whole_number(int(sign + digits), what, low=low, high=high, error=error)


def short_repr(x: object, width: int = 60) -> str:
    """``repr(x)`` cut to ``width`` characters (an error message never echoes a whole file).

    >>> short_repr("x" * 100, 10), short_repr(10 ** 500)
    ("'xxxxxxxx…", 'a number of about 500 digits')
    """
    if isinstance(x, int) and not isinstance(x, bool) and x.bit_length() > 200:
        return f"a number of about {int(x.bit_length() * 0.30103)} digits"
    text = repr(x)
    return text if len(text) <= width else text[: width - 1] + "…"


