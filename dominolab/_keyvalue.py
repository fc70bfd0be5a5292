"""One reader for the package's ``key: value`` text formats.

The fish-puzzle files (:mod:`dominolab.puzzles.fish`), the Dominosa puzzle
files (:mod:`dominolab.puzzles.dominosa.formats`) and the text form of game
records are all lines of ``key: value`` with ``#`` comments, the first in
``[name]`` sections, the others ending in *blocks* of free lines (``grid:``
then rows of numbers, ``moves:`` then one move a line). This module reads
that shape -- sections, fields, blocks, comments, line numbers -- and refuses
what no format allows (a line that is not ``key: value``, a key given twice);
what a key means and which keys exist is for each format to check.

Why not :mod:`configparser`: it has no blocks of free lines (a grid row
``0 0 1`` would be a key without a value, and two equal rows a duplicate
key); it reads an indented line as the continuation of the line before and
``=`` as a second delimiter; ``[DEFAULT]`` is a special section and two
sections of one name are refused (two fish puzzles may share a title); and
it keeps no line numbers, so an error found after reading (an unknown
variant, a tile that is not in the set) could not say where it is.

>>> s = read_fields("# a puzzle\\nGrade: hard\\ntatham: 1dh:001101\\ngrid:\\n0 0 1\\n1 0 1",
...                 what="puzzle file", blocks=("grid", "solution"))
>>> s["grade"], s.field("tatham").line, s.block("grid").text, s.block("solution")
('hard', 3, '0 0 1\\n1 0 1', None)
>>> [p.name for p in read_sections("[one]\\na: 1  # why\\n[two]\\na: 2", what="file",
...                                inline_comments=True)]
['one', 'two']
>>> read_fields("a: 1\\nA: 2", what="file")
Traceback (most recent call last):
...
dominolab.errors.ParseError: file line 2: 'A' given twice (first on line 1)
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass

from .errors import ParseError

__all__ = ["Block", "Field", "Section", "read_fields", "read_sections"]


@dataclass(frozen=True, slots=True)
class Field:
    """One ``key: value`` line.

    ``key`` is lower-cased and stripped (inner spaces kept: ``to move``),
    ``name`` the key as written, ``value`` the stripped text after the first
    ``:``; ``line`` is its line number (from 1) and ``offset`` the index of
    the value's first character in the whole text (for
    :class:`~dominolab.errors.ParseError` positions).
    """

    key: str
    name: str
    value: str
    line: int
    offset: int


@dataclass(frozen=True, slots=True)
class Block:
    """A ``key:`` line and the free lines below it (up to the next block key
    or section header): ``lines`` holds ``(line number, stripped text)``,
    blank and comment lines left out."""

    key: str
    line: int
    lines: tuple[tuple[int, str], ...]

    @property
    def text(self) -> str:
        """The block's lines joined by newlines."""
        return "\n".join(s for _, s in self.lines)


@dataclass(frozen=True, slots=True)
class Section(Mapping[str, str]):
    """The fields (and blocks) of one ``[name]`` section, or of a whole text
    without sections (``name`` None, ``line`` 0).

    As a mapping it gives the values by (lower-case) key, in file order;
    :meth:`field` gives the whole :class:`Field` with its line number.
    """

    name: str | None
    line: int
    fields: tuple[Field, ...]
    blocks: tuple[Block, ...] = ()

    def __getitem__(self, key: str) -> str:
        for f in self.fields:
            if f.key == key:
                return f.value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (f.key for f in self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def field(self, key: str) -> Field | None:
        """The field ``key`` (lower case), or None."""
        return next((f for f in self.fields if f.key == key), None)

    def block(self, key: str) -> Block | None:
        """The block ``key`` (lower case), or None."""
        return next((b for b in self.blocks if b.key == key), None)


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _read(text: str, what: str, sections: bool, blocks: Collection[str],
          inline_comments: bool) -> list[Section]:
    if not isinstance(text, str):
        raise ParseError(f"a {what} is text, got {type(text).__name__}")
    block_keys = {b.lower() for b in blocks}
    out: list[Section] = []
    name: str | None = None
    head = 0
    fields: list[Field] = []
    done: list[Block] = []
    block: tuple[str, int, list[tuple[int, str]]] | None = None
    seen: dict[str, int] = {}

    def close() -> None:
        if block is not None:
            done.append(Block(block[0], block[1], tuple(block[2])))

    def finish() -> None:
        close()
        if sections and name is None and not fields and not done:
            return  # nothing before the first header (blank lines, comments)
        out.append(Section(name, head, tuple(fields), tuple(done)))

    offset = 0
    for lineno, raw in enumerate(text.splitlines(keepends=True), start=1):
        start = offset
        offset += len(raw)
        body = raw.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
        if inline_comments:
            body = body.split("#", 1)[0]
        s = body.strip()
        if not s or s.startswith("#"):
            continue
        where = f"{what} line {lineno}"
        pos = start + len(body) - len(body.lstrip())
        if sections and s.startswith("["):
            if not s.endswith("]"):
                raise ParseError(f"{where}: a section header is written [name], got "
                                 f"{_shorten(s)!r}", text, pos)
            finish()
            name, head = s[1:-1].strip(), lineno
            fields, done, block, seen = [], [], None, {}
            continue
        if sections and name is None:
            raise ParseError(f"{where}: {_shorten(s)!r} comes before the first [name] header",
                             text, pos)
        key, sep, value = s.partition(":")
        low = key.strip().lower()
        is_block_key = bool(sep) and low in block_keys
        if block is not None and not is_block_key:
            block[2].append((lineno, s))
            continue
        if not sep or not low:
            expected = "'key: value'" + "".join(f" or '{b}:'" for b in blocks)
            raise ParseError(f"{where}: expected {expected}, got {_shorten(s)!r}", text, pos)
        if low in seen:
            raise ParseError(f"{where}: {key.strip()!r} given twice (first on line "
                             f"{seen[low]})", text, pos)
        seen[low] = lineno
        if is_block_key:
            if value.strip():
                raise ParseError(f"{where}: '{key.strip()}:' starts a block: write its lines "
                                 f"below it, not {_shorten(value.strip())!r}", text, pos)
            close()
            block = (low, lineno, [])
            continue
        vstart = pos + len(key) + 1
        vstart += len(value) - len(value.lstrip())
        fields.append(Field(low, key.strip(), value.strip(), lineno, vstart))
    finish()
    return out


def read_fields(text: str, *, what: str, blocks: Collection[str] = (),
                inline_comments: bool = False) -> Section:
    """Read a text of ``key: value`` lines (no sections) as one :class:`Section`.

    ``what`` names the text in error messages (``"puzzle file"``); keys in
    ``blocks`` start a block when written alone (``grid:``): every line after
    it up to the next block key is the block's, ``key: value`` or not, so
    fields come first. A line whose first non-blank character is ``#`` is a
    comment; with ``inline_comments`` so is everything from any ``#`` on.
    Raises :class:`~dominolab.errors.ParseError` naming the line for a line
    that is not ``key: value`` and for a key given twice.

    >>> s = read_fields("n: 1\\nsolution:\\n><\\n", what="f", blocks=("solution",))
    >>> dict(s), s.blocks
    ({'n': '1'}, (Block(key='solution', line=2, lines=((3, '><'),)),))
    >>> read_fields("n 1", what="puzzle file", blocks=("grid",))
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: puzzle file line 1: expected 'key: value' or 'grid:', got 'n 1'
    """
    return _read(text, what, False, blocks, inline_comments)[0]


def read_sections(text: str, *, what: str, blocks: Collection[str] = (),
                  inline_comments: bool = False) -> list[Section]:
    """Read a text of ``[name]`` sections of ``key: value`` lines, in order.

    As :func:`read_fields`, per section (a key may appear once per section;
    two sections may share a name); a line other than blank or comment
    before the first header is an error. A header line always starts a new
    section, also inside a block.

    >>> [(s.name, s.line, dict(s)) for s in read_sections("[a]\\nx: 1\\n\\n[b]\\n", what="f")]
    [('a', 1, {'x': '1'}), ('b', 4, {})]
    >>> read_sections("x: 1", what="fish puzzle file")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: fish puzzle file line 1: 'x: 1' comes before the first [name] header
    """
    return _read(text, what, True, blocks, inline_comments)
