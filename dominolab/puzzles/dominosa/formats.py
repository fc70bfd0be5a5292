"""Text formats for Dominosa: grid text, solution text and puzzle files
(Simon Tatham's game IDs and save files are in :mod:`.tatham`).

**Grid text** (our format): one line per row, top row first. A row is either
numbers separated by spaces (``0 10 3``) or, with no spaces at all, one digit
per cell with numbers of 10 and above in brackets (``0[10]3``). Blank lines
and lines starting with ``#`` are ignored.

**Solution text**: one line per row, one character per cell telling where the
other half of its tile lies: ``<`` left, ``>`` right, ``^`` up, ``v`` down.

**Puzzle file**: ``key: value`` header lines (``grade``, ``tatham``,
``source`` ...), then a ``grid:`` block and optionally a ``solution:``
block (read by the shared key:value reader, :mod:`dominolab._keyvalue`).

>>> rows = parse_grid("0 0 1\\n1 0 1")
>>> rows
((0, 0, 1), (1, 0, 1))
>>> print(format_solution(parse_solution("><v\\n><^", 2, 3), 2, 3))
><v
><^
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from ..._keyvalue import Schema, Spec, read_fields
from ...errors import OverLimit, ParseError
from ...limits import MAX_N, MAX_TEXT
from .values import CellPair

__all__ = [
    "FILE_SCHEMA", "PuzzleFile", "check_grid", "format_grid", "format_solution", "parse_grid",
    "parse_puzzle_file", "parse_solution",
]

Rows = tuple[tuple[int, ...], ...]

# ASCII digits only: \d and str.isdigit() also accept other scripts' digits and
# superscripts, which Tatham's program (and int()) do not read as numbers.
_COMPACT = re.compile(r"[0-9]|\[[0-9]+\]")
_DIGITS = re.compile(r"[0-9]+")


def shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def compact_numbers(body: str, where: str, text: str, offset: int = 0) -> list[int]:
    """Read ``0[10]3`` style numbers; every character must belong to a number."""
    out = []
    i = 0
    while i < len(body):
        m = _COMPACT.match(body, i)
        if not m:
            ch = body[i]
            if ch == "[":
                msg = (f"{where}: '[' at position {offset + i} opens a number that is not "
                       "closed: expected digits then ']', like [10]")
                if body.startswith("[]", i):
                    msg = (f"{where}: '[]' at position {offset + i} holds no number: expected "
                           "digits between the brackets, like [10]")
            elif ch.isspace():
                msg = (f"{where}: whitespace at position {offset + i}: write the numbers with "
                       "no spaces or line breaks between them")
            else:
                msg = (f"{where}: {ch!r} at position {offset + i} is not a digit or a "
                       "bracketed number like [10]")
            raise ParseError(msg, text, offset + i)
        tok = m.group()
        out.append(_number(tok.strip("[]"), where, text, offset + i))
        i = m.end()
    return out


def _number(digits: str, where: str, text: str, position: int | None = None) -> int:
    """A grid number (ASCII digits already matched), at most MAX_N, before converting."""
    if len(digits.lstrip("0")) > len(str(MAX_N)) or int(digits) > MAX_N:
        shown = digits if len(digits) <= 12 else f"a number of {len(digits)} digits"
        raise OverLimit(f"{where}: {shown} is larger than {MAX_N}, the largest number of a "
                        "grid (dominolab.limits.MAX_N)")
    return int(digits)


def parse_grid(text: str) -> Rows:
    """Rows of numbers from our grid text (shape and counts are not checked
    here; see :func:`check_grid`).

    >>> parse_grid("# a tiny one\\n00\\n11")
    ((0, 0), (1, 1))
    >>> parse_grid("0 [12] 3")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: grid line 1: '[12]' is not a number (write numbers separated by spaces, or digits with [10] for big ones)
    """
    if not isinstance(text, str):
        raise ParseError(f"a grid is written as text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise OverLimit(f"a grid is at most {MAX_TEXT:,} characters (dominolab.limits.MAX_TEXT)")
    rows = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if any(ch.isspace() for ch in s):
            row = []
            for tok in s.split():
                if not _DIGITS.fullmatch(tok):
                    raise ParseError(
                        f"grid line {lineno}: {tok!r} is not a number (write numbers separated "
                        "by spaces, or digits with [10] for big ones)", text)
                row.append(_number(tok, f"grid line {lineno}", text))
        else:
            row = compact_numbers(s, f"grid line {lineno}", text)
        rows.append(tuple(row))
    if not rows:
        raise ParseError("the grid is empty: expected rows of numbers", text)
    return tuple(rows)


def check_grid(rows: Iterable[Iterable[object]], text: str | None = None) -> int:
    """Check a Dominosa grid and return its ``n``: (n+1) rows of n+2 numbers,
    each of 0..n appearing exactly n+2 times.

    >>> check_grid(((0, 0),))
    0
    >>> check_grid(((0, 1, 1), (1, 0, 1)))
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: grid: number 0 appears 2 times, a double-1 grid needs each number exactly 3 times
    """
    try:
        grid = tuple(tuple(row) for row in rows)
    except TypeError:
        raise ParseError(f"a grid is rows of numbers, got {rows!r}", text) from None
    h = len(grid)
    if h == 0:
        raise ParseError("grid: no rows", text)
    n = h - 1
    # the common case at C speed: right row lengths, plain ints only, each of
    # 0..n exactly n+2 times (so nothing out of range); else the loops below
    # find and name the first fault
    if all(len(row) == n + 2 for row in grid):
        flat = [x for row in grid for x in row]
        if set(map(type, flat)) == {int} and all(flat.count(v) == n + 2 for v in range(h)):
            return n
    for k, row in enumerate(grid, start=1):
        if len(row) != n + 2:
            raise ParseError(
                f"grid: row {k} has {len(row)} numbers, a grid of {h} rows needs {n + 2} "
                f"(a double-n grid is (n+1) rows by (n+2) columns)", text)
    counts = [0] * (n + 1)
    for r, row in enumerate(grid):
        for c, x in enumerate(row):
            if isinstance(x, bool) or not isinstance(x, int):
                raise ParseError(f"grid: cell ({r},{c}) holds {x!r}, not a whole number", text)
            if not 0 <= x <= n:
                raise ParseError(
                    f"grid: number {x} at cell ({r},{c}) is out of range 0..{n} "
                    f"for a double-{n} grid of {h} rows", text)
            counts[x] += 1
    for x, k in enumerate(counts):
        if k != n + 2:
            raise ParseError(
                f"grid: number {x} appears {k} times, a double-{n} grid needs each number "
                f"exactly {n + 2} times", text)
    return n


def format_grid(rows: Sequence[Sequence[int]]) -> str:
    """Our grid text: numbers separated by spaces, right-aligned when n > 9.

    >>> print(format_grid(((0, 10), (3, 4))))
     0 10
     3  4
    """
    width = max((len(str(x)) for row in rows for x in row), default=1)
    return "\n".join(" ".join(str(x).rjust(width) for x in row) for row in rows)



_DIRS = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0)}


def parse_solution(text: str, rows: int, cols: int) -> tuple[CellPair, ...]:
    """Cell pairs from solution text (``<>^v`` per cell); checks every arrow
    has a matching partner.

    >>> parse_solution("<>^\\n<>v", 2, 3)
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: solution line 1: '<' at column 0 points outside the grid
    >>> parse_solution("><v\\n><^", 2, 3)
    (((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1)))
    """
    if not isinstance(text, str):
        raise ParseError(f"a solution is written as text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise OverLimit(f"a solution is at most {MAX_TEXT:,} characters "
                        "(dominolab.limits.MAX_TEXT)")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    if len(lines) != rows:
        raise ParseError(f"solution: {len(lines)} lines, the grid has {rows} rows", text)
    pairs: set[CellPair] = set()
    for r, ln in enumerate(lines):       # every line's length first: an arrow looks ahead
        if len(ln) != cols:
            raise ParseError(f"solution line {r + 1}: {len(ln)} characters, the grid has "
                             f"{cols} columns", text)
    for r, ln in enumerate(lines):
        for c, ch in enumerate(ln):
            if ch not in _DIRS:
                raise ParseError(f"solution line {r + 1}: {ch!r} at column {c} is not one of "
                                 "< > ^ v", text)
            dr, dc = _DIRS[ch]
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < rows and 0 <= c2 < cols):
                raise ParseError(f"solution line {r + 1}: {ch!r} at column {c} points outside "
                                 "the grid", text)
            back = {(0, 1): "<", (0, -1): ">", (1, 0): "^", (-1, 0): "v"}[(dr, dc)]
            if lines[r2][c2] != back:
                raise ParseError(f"solution line {r + 1}: {ch!r} at column {c} points at a cell "
                                 f"that does not point back", text)
            pairs.add(((r, c), (r2, c2)) if (r, c) < (r2, c2) else ((r2, c2), (r, c)))
    return tuple(sorted(pairs))


def format_solution(pairs: Iterable[CellPair], rows: int, cols: int) -> str:
    """Solution text for cell pairs (the inverse of :func:`parse_solution`).

    >>> print(format_solution([((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1))], 2, 3))
    ><v
    ><^
    """
    g = [["?"] * cols for _ in range(rows)]
    for (r, c), (r2, c2) in pairs:
        if r == r2:
            g[r][c] = ">" if c2 > c else "<"
            g[r2][c2] = "<" if c2 > c else ">"
        else:
            g[r][c] = "v" if r2 > r else "^"
            g[r2][c2] = "^" if r2 > r else "v"
    return "\n".join("".join(row) for row in g)


class PuzzleFile:
    """A puzzle file: header fields, grid rows and (optionally) solution text.

    >>> pf = parse_puzzle_file("grade: trivial\\ngrid:\\n0 0\\nsolution:\\n><")
    >>> pf.fields["grade"], pf.rows, pf.solution
    ('trivial', ((0, 0),), '><')
    >>> print(pf.dump())
    grade: trivial
    grid:
    0 0
    solution:
    ><
    """

    rows: Rows
    fields: dict[str, object]
    solution: str | None

    def __init__(self, rows: Iterable[Iterable[int]], fields: Mapping[str, object] | None = None,
                 solution: str | None = None):
        self.rows = tuple(tuple(r) for r in rows)
        self.fields = dict(fields or {})
        self.solution = solution

    def dump(self) -> str:
        out = [f"{k}: {v}" for k, v in self.fields.items()]
        out.append("grid:")
        out.append(format_grid(self.rows))
        if self.solution is not None:
            out.append("solution:")
            out.append(self.solution)
        return "\n".join(out)


#: The header keys of a puzzle file (the ``grid:`` and ``solution:`` blocks follow them).
#: :meth:`Dominosa.parse` checks each against the grid: ``n`` its size, ``tatham`` its
#: game ID, ``grade`` its grade, the solution a solution of it.
FILE_SCHEMA = Schema("puzzle file", {
    "n": Spec("int", high=MAX_N),
    "grade": Spec("word", choices=("trivial", "basic", "hard", "extreme", "search", "ambiguous"),
                  doc="grade"),
    "tatham": Spec("text", max_len=MAX_TEXT, pattern=r"[0-9]+(d[a-z]|a)?:[0-9\[\]]*",
                   doc="a Tatham game ID such as 6db:0123…"),
    "source": Spec("text", max_len=500),
})


def parse_puzzle_file(text: str) -> PuzzleFile:
    """Read a puzzle file (header, ``grid:``, optional ``solution:``).

    >>> parse_puzzle_file("n: 0\\ngrid:\\n0 0").fields
    {'n': '0'}
    """
    sec = read_fields(text, what="puzzle file", blocks=("grid", "solution"))
    FILE_SCHEMA.read(sec, text)          # every header known and well formed
    grid = sec.block("grid")
    if grid is None or not grid.lines:
        raise ParseError("puzzle file: no 'grid:' section with rows of numbers", text)
    sol = sec.block("solution")
    return PuzzleFile(parse_grid(grid.text), dict(sec),
                      sol.text if sol is not None and sol.lines else None)
