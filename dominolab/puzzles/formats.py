"""Text formats for puzzles: Dominosa grids, Simon Tatham game IDs, solutions
and puzzle files.

**Grid text** (our format): one line per row, top row first. A row is either
numbers separated by spaces (``0 10 3``) or, with no spaces at all, one digit
per cell with numbers of 10 and above in brackets (``0[10]3``). Blank lines
and lines starting with ``#`` are ignored.

**Tatham game ID** (Simon Tatham's Portable Puzzle Collection): ``params:desc``
where ``params`` is ``<n>``, ``<n>d<c>`` (``c`` one of ``t b h e a``: Trivial,
Basic, Hard, Extreme, Ambiguous) or the old ``<n>a``; ``desc`` lists the grid
row-major, one digit per number below 10 and ``[10]``, ``[11]``, ... above.

**Solution text**: one line per row, one character per cell telling where the
other half of its tile lies: ``<`` left, ``>`` right, ``^`` up, ``v`` down.

**Puzzle file**: ``key: value`` header lines (``grade``, ``tatham``,
``source`` ...), then a ``grid:`` section and optionally a ``solution:``
section.

>>> rows = parse_grid("0 0 1\\n1 0 1")
>>> rows
((0, 0, 1), (1, 0, 1))
>>> format_tatham(rows, "t")
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

from ..errors import ParseError

__all__ = [
    "TATHAM_LEVELS",
    "PuzzleFile",
    "check_grid",
    "format_grid",
    "format_solution",
    "format_tatham",
    "parse_grid",
    "parse_puzzle_file",
    "parse_solution",
    "parse_tatham",
    "tatham_save_id",
]

#: Tatham's difficulty letters and our grade names.
TATHAM_LEVELS = {"t": "trivial", "b": "basic", "h": "hard", "e": "extreme", "a": "ambiguous"}

# ASCII digits only: \d and str.isdigit() also accept other scripts' digits and
# superscripts, which Tatham's program (and int()) do not read as numbers.
_COMPACT = re.compile(r"[0-9]|\[[0-9]+\]")
_DIGITS = re.compile(r"[0-9]+")


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _compact_numbers(body: str, where: str, text: str, offset: int = 0) -> list[int]:
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
        out.append(int(tok.strip("[]")))
        i = m.end()
    return out


def parse_grid(text: str) -> tuple[tuple[int, ...], ...]:
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
                row.append(int(tok))
        else:
            row = _compact_numbers(s, f"grid line {lineno}", text)
        rows.append(tuple(row))
    if not rows:
        raise ParseError("the grid is empty: expected rows of numbers", text)
    return tuple(rows)


def check_grid(rows, text: str | None = None) -> int:
    """Check a Dominosa grid and return its ``n``: (n+1) rows of n+2 numbers,
    each of 0..n appearing exactly n+2 times.

    >>> check_grid(((0, 0),))
    0
    >>> check_grid(((0, 1, 1), (1, 0, 1)))
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: grid: number 0 appears 2 times, a double-1 grid needs each number exactly 3 times
    """
    rows = tuple(tuple(r) for r in rows)
    h = len(rows)
    if h == 0:
        raise ParseError("grid: no rows", text)
    n = h - 1
    for k, r in enumerate(rows, start=1):
        if len(r) != n + 2:
            raise ParseError(
                f"grid: row {k} has {len(r)} numbers, a grid of {h} rows needs {n + 2} "
                f"(a double-n grid is (n+1) rows by (n+2) columns)", text)
    counts = [0] * (n + 1)
    for r, row in enumerate(rows):
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


def format_grid(rows) -> str:
    """Our grid text: numbers separated by spaces, right-aligned when n > 9.

    >>> print(format_grid(((0, 10), (3, 4))))
     0 10
     3  4
    """
    width = max(len(str(x)) for row in rows for x in row)
    return "\n".join(" ".join(str(x).rjust(width) for x in row) for row in rows)


def parse_tatham(text: str) -> tuple[int, str | None, tuple[tuple[int, ...], ...]]:
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
    # surrounding whitespace (a trailing newline from a file) is fine; inside
    # the ID it is an error, as in Tatham's own parser
    where = f"Tatham ID {_shorten(text.strip())!r}"
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
    n = int(m.group(1))
    level = None
    if m.group(3):
        level = "a"
    elif m.group(2) is not None:
        level = m.group(2)
        if level not in TATHAM_LEVELS:
            raise ParseError(
                f"{where}: difficulty {level!r} is not one of t, b, h, e, a "
                "(Trivial, Basic, Hard, Extreme, Ambiguous)", text, len(m.group(1)) + 1)
    nums = _compact_numbers(desc, where, text, len(params) + 1)
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
    fields: dict[str, str] = {}
    i = 0
    s = text.lstrip("\ufeff")
    while i < len(s):
        while i < len(s) and s[i] in "\r\n":
            i += 1
        if i >= len(s):
            break
        m = re.compile(r"([A-Z ]{1,8}):([0-9]+):").match(s, i)
        if not m:
            raise ParseError(f"Tatham save file: expected a 'KEY:length:value' record at "
                             f"position {i}, got {_shorten(s[i:i + 20], 20)!r}", text, i)
        key, n = m.group(1).strip(), int(m.group(2))
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


def format_tatham(rows, level: str | None = None) -> str:
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


_DIRS = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0)}


def parse_solution(text: str, rows: int, cols: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """Cell pairs from solution text (``<>^v`` per cell); checks every arrow
    has a matching partner.

    >>> parse_solution("<>^\\n<>v", 2, 3)
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: solution line 1: '<' at column 0 points outside the grid
    >>> parse_solution("><v\\n><^", 2, 3)
    (((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1)))
    """
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    if len(lines) != rows:
        raise ParseError(f"solution: {len(lines)} lines, the grid has {rows} rows", text)
    pairs = set()
    for r, ln in enumerate(lines):
        if len(ln) != cols:
            raise ParseError(f"solution line {r + 1}: {len(ln)} characters, the grid has "
                             f"{cols} columns", text)
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
            pairs.add(tuple(sorted(((r, c), (r2, c2)))))
    return tuple(sorted(pairs))


def format_solution(pairs, rows: int, cols: int) -> str:
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

    def __init__(self, rows, fields=None, solution: str | None = None):
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


def parse_puzzle_file(text: str) -> PuzzleFile:
    """Read a puzzle file (header, ``grid:``, optional ``solution:``)."""
    fields = {}
    section = None
    grid_lines: list[str] = []
    sol_lines: list[str] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        low = s.lower()
        if low == "grid:":
            section = "grid"
            continue
        if low == "solution:":
            section = "solution"
            continue
        if section is None:
            if ":" not in s:
                raise ParseError(f"puzzle file line {lineno}: expected 'key: value' or 'grid:', "
                                 f"got {_shorten(s)!r}", text)
            k, v = s.split(":", 1)
            fields[k.strip().lower()] = v.strip()
        elif section == "grid":
            grid_lines.append(s)
        else:
            sol_lines.append(s)
    if not grid_lines:
        raise ParseError("puzzle file: no 'grid:' section with rows of numbers", text)
    rows = parse_grid("\n".join(grid_lines))
    return PuzzleFile(rows, fields, "\n".join(sol_lines) if sol_lines else None)
