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

**Schemas.** What a key means is declared once per format as a :class:`Schema`
of :class:`Spec` values (a whole number in a range, text of a bounded length,
one of a few words, a list of tiles, a list of numbers, a JSON object); the
same schema checks a format's text form (:meth:`Schema.read`) and its JSON
form (:meth:`Schema.check`), so the two cannot drift apart. Every key is
known (an unknown one is refused by name, with the list of known ones), typed
and range-checked; numbered keys (``P1``, ``hand P2``) are one family. Why not
a library: jsonschema checks only the JSON shape (the text forms would need
their own reader and converter first, and its messages name JSON paths, not
lines), and pydantic is a compiled dependency for what is here about 200
lines; neither reads this package's numbers (ASCII digits, bounded before
they are converted: :func:`dominolab.limits.read_int`) or tiles.
:func:`read_json` reads JSON with the same care: bounded nesting, bounded
numbers, no ``NaN``, no key given twice.

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

import json
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import DominoError, OverLimit, ParseError
from .limits import MAX_TEXT, read_int, short_repr, whole_number
from .tiles import parse_tiles

__all__ = ["Block", "Field", "MAX_JSON_DEPTH", "Schema", "Section", "Spec", "read_fields",
           "read_json", "read_sections"]

#: How deeply :func:`read_json` lets arrays and objects nest.
MAX_JSON_DEPTH = 8


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
    if len(text) > MAX_TEXT:
        raise OverLimit(f"a {what} is at most {MAX_TEXT:,} characters "
                        f"(dominolab.limits.MAX_TEXT); this one has {len(text):,}")
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


# ---------------------------------------------------------------------------------------
# JSON, read with bounds
# ---------------------------------------------------------------------------------------

def _json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON ``text`` (strings skipped)."""
    depth = best = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            best = max(best, depth)
        elif ch in "]}":
            depth -= 1
    return best


def _no_duplicates(what: str) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in pairs:
            if k in out:
                raise ParseError(f"cannot read a {what}: the key {short_repr(k)} is given twice")
            out[k] = v
        return out
    return hook


def _json_int(what: str) -> Callable[[str], int]:
    def read(digits: str) -> int:
        if len(digits.lstrip("-").lstrip("0")) > 18:
            raise OverLimit(f"cannot read a {what}: the number {short_repr(digits, 30)} has "
                            f"{len(digits)} digits; numbers here have at most 18")
        return int(digits)
    return read


def _json_float(what: str) -> Callable[[str], float]:
    def read(text: str) -> float:
        raise ParseError(f"cannot read a {what}: {short_repr(text, 30)} is not a whole number "
                         "(no field here is a fraction)")
    return read


def read_json(text: str, *, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON ``text`` as Python values, refusing what no format of the package writes: more
    than ``max_depth`` levels of nesting, integers of more than 18 digits, fractions,
    ``NaN``/``Infinity``, an object key given twice, and text over
    :data:`~dominolab.limits.MAX_TEXT` characters.

    >>> read_json('{"a": [1, 2]}', what="record")
    {'a': [1, 2]}
    >>> read_json('[' * 50000, what="record")
    Traceback (most recent call last):
    ...
    dominolab.errors.OverLimit: cannot read a record: its JSON nests 50000 levels deep; at most 8 are read
    >>> read_json('{"a": 1, "a": 2}', what="record")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: cannot read a record: the key 'a' is given twice
    """
    if not isinstance(text, str):
        raise ParseError(f"a {what} in JSON is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise OverLimit(f"a {what} is at most {MAX_TEXT:,} characters "
                        f"(dominolab.limits.MAX_TEXT); this one has {len(text):,}")
    depth = _json_depth(text)
    if depth > max_depth:
        raise OverLimit(f"cannot read a {what}: its JSON nests {depth} levels deep; at most "
                        f"{max_depth} are read")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates(what),
                          parse_int=_json_int(what), parse_float=_json_float(what),
                          parse_constant=_json_float(what))
    except json.JSONDecodeError as e:
        raise ParseError(f"cannot read a {what}: bad JSON at position {e.pos}: {e.msg}",
                         text, e.pos) from None


# ---------------------------------------------------------------------------------------
# Schemas
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Spec:
    """What one key of a format holds, and how its text and JSON forms are checked.

    ``kind`` is one of ``int`` (a whole number ``low..high``; ``signed`` allows a sign in
    the text form), ``text`` (at most ``max_len`` characters, matching ``pattern`` when
    given), ``word`` (one of ``choices``, case ignored), ``tiles`` (a list of tiles as
    text), ``ints`` (whole numbers ``low..high`` separated by spaces in the text form, a
    list in JSON; at most ``max_len`` of them), ``texts`` (a list of at most ``max_len``
    texts of at most ``item_len`` characters, lists of tiles when ``item_tiles``; JSON
    only) and
    ``object`` (a JSON object of at most ``max_len`` keys whose values are true/false,
    whole numbers, text, null or lists of these; in the text form it is written as JSON
    on its line). ``nullable`` allows ``null`` (JSON) or the word ``null_word`` (text).
    ``doc`` says in words what it is, for the list of known keys.

    >>> Spec("int", low=1, high=4).read(" 3 ", "players")
    3
    >>> Spec("word", choices=("value", "best"), doc="question").read("Best", "question")
    'best'
    >>> Spec("int", low=1, high=4).check(True, "players")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: players must be a whole number, not True
    """

    kind: str
    low: int = 0
    high: int | None = None
    signed: bool = False
    max_len: int = 200
    pattern: str | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False
    null_word: str = ""
    doc: str = ""
    #: for ``texts``: the longest item, and whether each item is a list of tiles
    item_len: int = 200
    item_tiles: bool = False

    def read(self, value: str, where: str) -> Any:
        """The value of a text form's ``key: value`` line, checked."""
        if self.nullable and self.null_word and value.strip().lower() == self.null_word:
            return None
        if self.kind == "int":
            return read_int(value, where, low=self.low, high=self.high, signed=self.signed)
        if self.kind == "ints":
            parts = value.split()
            self._count(len(parts), where)
            return [read_int(x, f"{where}, number {k}", low=self.low, high=self.high,
                             signed=self.signed) for k, x in enumerate(parts, start=1)]
        if self.kind == "object":
            return self.check(read_json(value, what=where, max_depth=3), where)
        if self.kind == "texts":
            raise ParseError(f"{where}: a list of texts has no one-line form")
        return self.check(value.strip(), where)

    def check(self, value: Any, where: str) -> Any:
        """A JSON (or Python) value for this key, checked; returns it normalised."""
        if value is None:
            if self.nullable:
                return None
            raise ParseError(f"{where} must be given (it cannot be null)")
        if self.kind == "int":
            return whole_number(value, where, low=self.low, high=self.high, error=ParseError)
        if self.kind in ("text", "word", "tiles"):
            if not isinstance(value, str):
                raise ParseError(f"{where} must be text, not {short_repr(value)}")
            if len(value) > self.max_len:
                raise OverLimit(f"{where} is at most {self.max_len:,} characters, not "
                                f"{len(value):,}")
            if self.kind == "word":
                low = value.strip().lower()
                if low not in self.choices:
                    raise ParseError(f"{where}: unknown {self.doc or 'word'} "
                                     f"{short_repr(value)}; known: {', '.join(self.choices)}")
                return low
            if self.kind == "tiles":
                try:
                    parse_tiles(value)
                except DominoError as e:
                    raise ParseError(f"{where}: {e}") from None
            if self.pattern is not None and not re.fullmatch(self.pattern, value):
                raise ParseError(f"{where} must be {self.doc or 'of the form ' + self.pattern}, "
                                 f"not {short_repr(value)}")
            return value
        if self.kind in ("ints", "texts"):
            if not isinstance(value, list):
                raise ParseError(f"{where} must be a list, not {short_repr(value)}")
            self._count(len(value), where)
            item = Spec("int", low=self.low, high=self.high) if self.kind == "ints" else \
                Spec("tiles" if self.item_tiles else "text", max_len=self.item_len,
                     pattern=self.pattern, doc=self.doc)
            out = []
            for k, x in enumerate(value, start=1):
                try:
                    out.append(item.check(x, f"item {k}"))
                except ParseError as e:
                    kind = ("whole numbers" if self.kind == "ints" else
                            "tiles written as text" if self.item_tiles else "texts")
                    raise type(e)(f"{where} must be a list of {kind}: {e}") from None
            return out
        if self.kind == "object":
            if not isinstance(value, dict):
                raise ParseError(f"{where} must be an object ({{\"name\": value, …}}), not "
                                 f"{short_repr(value)}")
            self._count(len(value), where)
            for k, v in value.items():
                if not isinstance(k, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,39}", k):
                    raise ParseError(f"{where}: {short_repr(k)} is not a name")
                _check_scalar(v, f"{where}, {k!r}", lists=True)
            return dict(value)
        raise AssertionError(f"unknown spec kind {self.kind!r}")   # a bug in a schema

    def _count(self, n: int, where: str) -> None:
        if n > self.max_len:
            raise OverLimit(f"{where} has {n:,} items; at most {self.max_len:,}")


def _check_scalar(v: Any, where: str, lists: bool) -> None:
    if v is None or isinstance(v, (bool, str)) or (isinstance(v, int)):
        if isinstance(v, str) and len(v) > 200:
            raise OverLimit(f"{where} is at most 200 characters")
        return
    if lists and isinstance(v, list) and len(v) <= 200:
        for x in v:                  # lists of lists: a rule field such as hand_sizes
            _check_scalar(x, where, lists=isinstance(x, list))
        return
    raise ParseError(f"{where} must be true/false, a whole number, text, null or a short "
                     f"list of these, not {short_repr(v)}")


def _label(prefix: str) -> str:
    """A numbered family's prefix as written: ``p`` -> ``P``, ``hand p`` -> ``hand P``."""
    return prefix[:-1] + prefix[-1].upper()


@dataclass(frozen=True)
class Schema:
    """The keys of one format: ``fields`` by (lower-case) key, ``numbered`` families of
    keys written ``<prefix><number>`` (``p1``, ``hand p2``) by prefix, and the keys a
    text must have (``required``). A family's values come back as ``{number: value}``.

    >>> s = Schema("fish puzzle", {"variant": Spec("text")}, numbered={"p": Spec("tiles")},
    ...            required=("variant",))
    >>> s.read(read_fields("variant: sport\\nP2: 1:1\\nP1: 0:1", what="file"))
    {'variant': 'sport', 'p': {2: '1:1', 1: '0:1'}}
    >>> s.read(read_fields("variant: sport\\ncolour: red", what="file"))
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: fish puzzle line 2: unknown key 'colour'; the keys are variant, P1, P2, …
    """

    what: str
    fields: Mapping[str, Spec]
    numbered: Mapping[str, Spec] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    max_number: int = 8

    def known(self) -> str:
        """The known keys, for an error message."""
        return ", ".join(list(self.fields) + [f"{_label(p)}1, {_label(p)}2, …"
                                              for p in self.numbered])

    def _family(self, key: str) -> tuple[str, str] | None:
        for prefix in self.numbered:
            if key.startswith(prefix) and key[len(prefix):] and \
                    all(ch in "0123456789" for ch in key[len(prefix):]):
                return prefix, key[len(prefix):]
        return None

    def read(self, section: Section, text: str | None = None) -> dict[str, Any]:
        """The checked values of a text form's fields (blocks are the caller's)."""
        out: dict[str, Any] = {}
        head = f"{self.what}" + (f" [{section.name}]" if section.name else "")
        for f in section.fields:
            where = f"{head} line {f.line}"
            fam = self._family(f.key)
            if fam is not None:
                prefix, digits = fam
                label = _label(prefix)
                k = read_int(digits, f"{where}: the number in {f.name!r}", low=0,
                             high=self.max_number)
                if k == 0:
                    raise ParseError(f"{where}: {f.name!r}: they are numbered from {label}1",
                                     text, f.offset)
                out.setdefault(prefix, {})
                if k in out[prefix]:
                    raise ParseError(f"{where}: {label}{k} given twice", text, f.offset)
                out[prefix][k] = self._value(self.numbered[prefix], f, where, text)
                continue
            spec = self.fields.get(f.key)
            if spec is None:
                raise ParseError(f"{where}: unknown key {short_repr(f.name, 40)}; the keys are "
                                 f"{self.known()}", text, f.offset)
            out[f.key] = self._value(spec, f, where, text)
        for key in self.required:
            if key not in out and section.block(key) is None:
                raise ParseError(f"{head}: the key '{key}:' is missing", text)
        return out

    @staticmethod
    def _value(spec: Spec, f: Field, where: str, text: str | None) -> Any:
        try:
            return spec.read(f.value, f"{where} ({f.name})")
        except ParseError as e:
            if e.text is None:
                e.text, e.position = text, f.offset
            raise

    def check(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The checked values of a JSON form (an object): every key known and well typed."""
        if not isinstance(data, Mapping):
            raise ParseError(f"a {self.what} in JSON is an object, not {short_repr(data)}")
        out: dict[str, Any] = {}
        for key, value in data.items():
            spec = self.fields.get(key) if isinstance(key, str) else None
            if spec is None:
                raise ParseError(f"cannot read a {self.what}: unknown field "
                                 f"{short_repr(key, 40)}; the fields are {', '.join(self.fields)}")
            out[key] = spec.check(value, f"the {self.what}'s field {key!r}")
        for key in self.required:
            if key not in out:
                raise ParseError(f"cannot read a {self.what}: the field {key!r} is missing")
        return out
