"""Simon Tatham's Dominosa game IDs and save files (his Portable Puzzle Collection).

A **game ID** is ``params:desc`` where ``params`` is ``<n>``, ``<n>d<c>``
(``c`` one of ``t b h e a``: Trivial, Basic, Hard, Extreme, Ambiguous) or
the old ``<n>a``; ``desc`` lists the grid row-major, one digit per number
below 10 and ``[10]``, ``[11]``, ... above. A **save file** is a list of
``KEY:length:value`` records; its ``PARAMS`` and ``DESC`` make the game ID.

>>> format_tatham(((0, 0, 1), (1, 0, 1)), "t")
'1dt:001101'
>>> parse_tatham("1dt:001101")
(1, 't', ((0, 0, 1), (1, 0, 1)))
>>> parse_tatham("10:" + "[10]" * 3)
Traceback (most recent call last):
...
dominolab.errors.ParseError: Tatham ID '10:[10][10][10]': the description has 3 numbers, a double-10 grid needs 11 x 12 = 132
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import OverLimit, ParseError
from ...limits import MAX_N, MAX_TEXT, read_int
from .formats import Rows, check_grid, compact_numbers, shorten

__all__ = ["TATHAM_LEVELS", "format_tatham", "parse_tatham", "tatham_save_id"]

#: Tatham's difficulty letters and our grade names.
TATHAM_LEVELS = {"t": "trivial", "b": "basic", "h": "hard", "e": "extreme", "a": "ambiguous"}

# a save-file record: a key of up to 8 capitals and spaces, then the value's length
# (a length-prefixed record, not a key:value line: its value may hold newlines)
_SAVE_RECORD = re.compile(r"([A-Z ]{1,8}):([0-9]+):")


def parse_tatham(text: str) -> tuple[int, str | None, Rows]:
    """``(n, level letter or None, rows)`` from a Tatham game ID; strict.

    >>> parse_tatham("1db:001101")[1]
    'b'
    >>> parse_tatham("1dq:001101")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: Tatham ID '1dq:001101': difficulty 'q' is not one of t, b, h, e, a (Trivial, Basic, Hard, Extreme, Ambiguous)
    """
    if not isinstance(text, str):
        raise ParseError(f"a Tatham game ID is text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise OverLimit(f"a Tatham game ID is at most {MAX_TEXT:,} characters")
    # surrounding whitespace (a trailing newline from a file) is fine; inside
    # the ID it is an error, as in Tatham's own parser
    where = f"Tatham ID {shorten(text.strip())!r}"
    s = text.strip()
    if ":" not in s:
        if "#" in s:
            raise ParseError(
                f"{where}: '#' makes a random-seed ID, which only Tatham's program can turn "
                "into a grid; give the game ID with ':' (Game > Specific... in his program)",
                text, s.index("#"))
        raise ParseError(f"{where}: expected 'params:description' such as '6db:0123...'", text)
    params, desc = s.split(":", 1)
    m = re.fullmatch(r"([0-9]+)(?:d(.?)|(a))?", params)
    if not m:
        k = len(params) - len(params.lstrip("0123456789"))
        if k and params[k:k + 1] == "d" and k + 2 <= len(params):
            k += 2
        elif k and params[k:k + 1] == "a":
            k += 1
        k = min(k, len(params) - 1) if params else 0
        bad = f" ({params[k]!r} at position {k})" if params else ""
        raise ParseError(f"{where}: parameters {params!r} are not '<n>', '<n>d<c>' or "
                         f"'<n>a'{bad}", text, k)
    n = read_int(m.group(1), f"{where}: the grid size n", high=MAX_N)
    level = None
    if m.group(3):
        level = "a"
    elif m.group(2) is not None:
        level = m.group(2)
        if level not in TATHAM_LEVELS:
            raise ParseError(
                f"{where}: difficulty {level!r} is not one of t, b, h, e, a "
                "(Trivial, Basic, Hard, Extreme, Ambiguous)", text, len(m.group(1)) + 1)
    nums = compact_numbers(desc, where, text, len(params) + 1)
    need = (n + 1) * (n + 2)
    if len(nums) != need:
        raise ParseError(
            f"{where}: the description has {len(nums)} numbers, a double-{n} grid needs "
            f"{n + 1} x {n + 2} = {need}", text)
    w = n + 2
    rows = tuple(tuple(nums[r * w:(r + 1) * w]) for r in range(n + 1))
    try:
        check_grid(rows, text)
    except ParseError as e:
        raise ParseError(f"{where}: {e}", text) from None
    return n, level, rows


def tatham_save_id(text: str) -> str:
    """The game ID (``PARAMS:DESC``) stored in a save file of Tatham's
    program (records ``KEY:length:value``, the first ``SAVEFILE``; the
    player's moves are ignored).

    >>> tatham_save_id("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\\n"
    ...                "GAME    :8:Dominosa\\nPARAMS  :3:1db\\nDESC    :6:001101\\n")
    '1db:001101'
    """
    if not isinstance(text, str):
        raise ParseError(f"a Tatham save file is text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise OverLimit(f"a Tatham save file is at most {MAX_TEXT:,} characters")
    fields: dict[str, str] = {}
    i = 0
    s = text.lstrip("\ufeff")
    while i < len(s):
        while i < len(s) and s[i] in "\r\n":
            i += 1
        if i >= len(s):
            break
        m = _SAVE_RECORD.match(s, i)
        if not m:
            raise ParseError(f"Tatham save file: expected a 'KEY:length:value' record at "
                             f"position {i}, got {shorten(s[i:i + 20], 20)!r}", text, i)
        key = m.group(1).strip()
        n = read_int(m.group(2), f"Tatham save file: the length of record {key}",
                     high=MAX_TEXT)
        value = s[m.end():m.end() + n]
        if len(value) != n:
            raise ParseError(f"Tatham save file: record {key} says {n} characters but the "
                             "file ends first", text, m.start())
        fields.setdefault(key, value)
        i = m.end() + n
    game = fields.get("GAME")
    if game is not None and game.lower() != "dominosa":
        raise ParseError(f"Tatham save file: it is a game of {game}, not Dominosa", text)
    for key in ("PARAMS", "DESC"):
        if key not in fields:
            raise ParseError(f"Tatham save file: no {key} record", text)
    return f"{fields['PARAMS']}:{fields['DESC']}"


def format_tatham(rows: Sequence[Sequence[int]], level: object = None) -> str:
    """A Tatham game ID for ``rows``; ``level`` is a letter (t b h e a), a grade
    name, or None for the bare ``<n>:`` form.

    >>> format_tatham(((0, 0),), "trivial")
    '0dt:00'
    """
    n = len(rows) - 1
    if level is None:
        params = str(n)
    else:
        level = str(level)
        letter = level if level in TATHAM_LEVELS else {v: k for k, v in TATHAM_LEVELS.items()}.get(level)
        if letter is None:
            raise ParseError(f"no Tatham difficulty letter for {level!r}")
        params = f"{n}d{letter}"
    desc = "".join(str(x) if x < 10 else f"[{x}]" for row in rows for x in row)
    return f"{params}:{desc}"
