# One file: every tile notation is read by Tile.parse, and Super-train's LocoTile is a
# Tile (its subclass) that the same parser, Hand and DominoSet must know.
"""Tiles, hands and domino sets: the values everything else is built on.

A tile is an unordered pair of numbers ``{a, b}``; we store it in canonical
order (low, high). A double-n set holds one tile for every pair with
``0 <= a <= b <= n``: ``(n+1)(n+2)/2`` tiles.

>>> t = Tile(5, 3)
>>> t, str(t), t.pips, t.is_double
(Tile(3, 5), '3:5', 8, False)
>>> Tile.parse("[5|3]") == Tile.parse("3-5") == Tile.parse("🁋") == t
True
>>> s = DominoSet(6)
>>> len(s), s.pip_total, str(s.doubles)
(28, 168, '0:0 1:1 2:2 3:3 4:4 5:5 6:6')

**Limits.** The largest number on a tile is :data:`~dominolab.limits.MAX_N`
(100, stated in :mod:`dominolab.limits` and re-exported here), so the largest set
is the double-100 set (5,151 tiles); every tile, set, parser, game, puzzle,
command and widget refuses a larger number, before doing any work. Tile
numbers are read in ASCII digits only.

>>> Tile.parse("3:101")
Traceback (most recent call last):
...
dominolab.errors.InvalidTile: cannot read a tile from '3:101': 101 is larger than 100, the largest number on a tile (dominolab.limits.MAX_N)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import overload

from ._immutable import Immutable
from .errors import DominoError, InvalidSet, InvalidTile, OverLimit, ParseError
from .i18n import tr
from .limits import MAX_N, MAX_TEXT, short_repr, whole_number

_DIGITS = "0123456789"
_MAX_TILE_TEXT = 200

__all__ = ["MAX_N", "MAX_TEXT", "Tile", "Hand", "DominoSet", "parse_tiles", "tile_index",
           "LocoTile", "LOCO", "LOCO_BASE", "LOCO_LETTERS", "MAX_LOCO_NUMBER", "locomotive_tiles"]


def tile_index(a: int, b: int) -> int:
    """The :attr:`Tile.index` of the tile ``a:b`` (either order), without building it.

    The one place the numbering is written: tiles are numbered by their high
    end first, so ``hi * (hi + 1) / 2 + lo``.

    >>> tile_index(3, 5), tile_index(5, 3), Tile(3, 5).index
    (18, 18, 18)
    """
    if a > b:
        a, b = b, a
    return b * (b + 1) // 2 + a

# Unicode "Domino Tiles" block (since Unicode 5.1): U+1F030 is the horizontal
# back, U+1F031 + 7a + b the horizontal tile showing a | b (a, b in 0..6);
# U+1F062 the vertical back and U+1F063 + 7a + b the vertical tile a over b.
_H_BACK, _H_FIRST, _V_BACK, _V_FIRST = 0x1F030, 0x1F031, 0x1F062, 0x1F063

# ASCII digits only ([0-9] under re.ASCII, not \d, which takes every script's digits)
_HAS_LETTER = re.compile(r"[A-Za-z]", re.ASCII)

_TILE_RE = re.compile(
    r"""\s*(?:
        \[\s*(?P<a1>[0-9]+)\s*\|\s*(?P<b1>[0-9]+)\s*\]      # [3|5]
      | (?P<a2>[0-9]+)\s*[:|\-]\s*(?P<b2>[0-9]+)            # 3:5  3-5  3|5
    )\s*$""",
    re.VERBOSE | re.ASCII,
)


class Tile:
    """One domino: an unordered pair of numbers, stored as ``(low, high)``.

    Tiles are immutable, hashable and ordered by ``(low, high)``; a tile and
    its mirror are the same tile. ``Tile(a, b)`` returns a shared instance, so
    building tiles in a loop is cheap.

    >>> Tile(6, 2)
    Tile(2, 6)
    >>> sorted([Tile(1, 1), Tile(0, 6), Tile(0, 2)])
    [Tile(0, 2), Tile(0, 6), Tile(1, 1)]
    >>> Tile(2, 6).other(6), Tile(2, 6).oriented(6)
    (2, (6, 2))
    """

    __slots__ = ("low", "high", "index", "__weakref__")
    _cache: dict[tuple[int, int], Tile] = {}
    low: int
    high: int
    #: Position of the tile in an ordering that does not depend on the set
    #: (see :func:`tile_index`): 0:0 is 0, 0:1 is 1, 1:1 is 2, 0:2 is 3, … so every
    #: double-n set occupies indices ``0 .. size-1``. Stored, because bitmask code
    #: reads it on every move.
    index: int

    def __new__(cls, a: int, b: int) -> Tile:
        # Check the types before the cache: 1.0 == 1 and True == 1 would hit it.
        if type(a) is not int or type(b) is not int:
            for x in (a, b):
                if isinstance(x, bool) or not isinstance(x, int):
                    raise InvalidTile(tr("tile numbers must be whole numbers, got {a} and {b}")
                                      .format(a=repr(a), b=repr(b)))
            a, b = int(a), int(b)
        key = (a, b) if a <= b else (b, a)
        tile = cls._cache.get(key)
        if tile is not None:
            return tile
        if key[0] < 0:
            raise InvalidTile(tr("tile numbers cannot be negative: {tile}").format(
                tile=f"{short_repr(a)}:{short_repr(b)}"))
        if key[1] > MAX_N:
            raise InvalidTile(tr("tile numbers are at most {max} (the largest set is double-{max}, "
                                 "dominolab.limits.MAX_N): {n} is too large").format(
                max=MAX_N, n=short_repr(key[1])))
        tile = object.__new__(cls)
        object.__setattr__(tile, "low", key[0])
        object.__setattr__(tile, "high", key[1])
        object.__setattr__(tile, "index", tile_index(key[0], key[1]))
        cls._cache[key] = tile       # at most 5,151 tiles: numbers are at most MAX_N
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    # -- value behaviour -------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self.low == other.low and self.high == other.high
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.low, self.high))

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return (self.low, self.high) < (other.low, other.high)
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return (self.low, self.high) <= (other.low, other.high)
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return (self.low, self.high) > (other.low, other.high)
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return (self.low, self.high) >= (other.low, other.high)
        return NotImplemented

    def __iter__(self) -> Iterator[int]:
        yield self.low
        yield self.high

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __str__(self) -> str:
        return f"{self.low}:{self.high}"

    # -- properties ------------------------------------------------------
    @property
    def pips(self) -> int:
        """Total number of pips (spots) on the tile."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """True for a double such as 4:4."""
        return self.low == self.high

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile with the given :attr:`index` (see :func:`tile_index`).

        >>> [Tile(a, b).index for a, b in [(0, 0), (0, 1), (1, 1), (0, 2), (6, 6)]]
        [0, 1, 2, 3, 27]
        >>> Tile.from_index(27)
        Tile(6, 6)
        """
        index = whole_number(index, "a tile index", high=tile_index(MAX_N, MAX_N))
        high = int(((8 * index + 1) ** 0.5 - 1) / 2)
        while high * (high + 1) // 2 > index:
            high -= 1
        while (high + 1) * (high + 2) // 2 <= index:
            high += 1
        return cls(index - high * (high + 1) // 2, high)

    def has(self, number: int) -> bool:
        """Does either half show ``number``?"""
        return number == self.low or number == self.high

    def other(self, end: int) -> int:
        """The number on the other half from ``end``.

        >>> Tile(3, 5).other(3)
        5
        >>> Tile(3, 5).other(4)
        Traceback (most recent call last):
        ...
        dominolab.errors.InvalidTile: tile 3:5 has no 4 to match
        """
        if end == self.low:
            return self.high
        if end == self.high:
            return self.low
        raise InvalidTile(tr("tile {tile} has no {end} to match").format(tile=self, end=end))

    def oriented(self, first: int) -> tuple[int, int]:
        """The tile as an ordered pair starting with ``first``."""
        return (first, self.other(first))

    # -- glyphs and notation -------------------------------------------
    def glyph(self, vertical: bool = False) -> str:
        """The Unicode domino character (only for tiles up to 6:6).

        The low number is drawn on the left (or on top when vertical).

        >>> Tile(3, 5).glyph(), Tile(0, 0).glyph(vertical=True)
        ('🁋', '🁣')
        """
        if self.high > 6:
            raise InvalidTile(tr("Unicode has domino glyphs only up to 6:6; {tile} has a {n}")
                              .format(tile=self, n=self.high))
        first = _V_FIRST if vertical else _H_FIRST
        return chr(first + 7 * self.low + self.high)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile from ``3:5``, ``3-5``, ``3|5``, ``[3|5]`` or a Unicode glyph (and
        Super-train's locomotive tiles from ``L:5``, ``L:L``, ``L:S``: :class:`LocoTile`).

        >>> Tile.parse(" [10|12] ")
        Tile(10, 12)
        >>> Tile.parse("3;5")
        Traceback (most recent call last):
        ...
        dominolab.errors.ParseError: cannot read a tile from '3;5': ';' at position 1 is not a separator (use 3:5, 3-5, 3|5 or [3|5])
        """
        if not isinstance(text, str):
            raise ParseError(tr("a tile is written as text like '3:5', got {text}").format(
                text=short_repr(text)))
        if len(text) > _MAX_TILE_TEXT:
            raise ParseError(_cannot(short_repr(text), tr(
                "a tile is at most {max} characters, this text has {n}").format(
                max=_MAX_TILE_TEXT, n=len(text))), text, 0)
        stripped = text.strip()
        if len(stripped) == 1:
            code = ord(stripped)
            for first in (_H_FIRST, _V_FIRST):
                if first <= code < first + 49:
                    a, b = divmod(code - first, 7)
                    return cls(a, b)
            if code in (_H_BACK, _V_BACK):
                raise ParseError(_cannot(repr(text), tr("that glyph is a face-down tile")),
                                 text, text.index(stripped))
        if _HAS_LETTER.search(stripped):
            loco = LocoTile.parse_loco(stripped)
            if loco is not None:
                return loco
        m = _TILE_RE.match(text)
        if m:
            low = m.group("a1") or m.group("a2")
            high = m.group("b1") or m.group("b2")
            for digits in (low, high):
                if len(digits.lstrip("0")) > len(str(MAX_N)) or int(digits) > MAX_N:
                    shown = digits if len(digits) <= 12 else tr(
                        "a number of {n} digits").format(n=len(digits))
                    raise InvalidTile(_cannot(short_repr(text), tr(
                        "{number} is larger than {max}, the largest number on a tile "
                        "(dominolab.limits.MAX_N)").format(number=shown, max=MAX_N)))
            return cls(int(low), int(high))
        raise _tile_error(text)

    # -- display ---------------------------------------------------------
    def _repr_svg_(self) -> str:
        from .render import tile_svg  # noqa: PLC0415 (drawn on demand; render imports tiles)

        return tile_svg(self)


def _cannot(shown: str, what: str) -> str:
    """"cannot read a tile from '3;5': <what>", in the current language (the list reader
    keeps what follows the first ": ")."""
    return tr("cannot read a tile from {text}: {what}").format(text=shown, what=what)


def _not_a_number(text: str, ch: str, where: int) -> ParseError:
    return ParseError(_cannot(repr(text), tr("{char} at position {where} is not a number")
                              .format(char=repr(ch), where=where)), text, where)


def _tile_error(text: str) -> ParseError:
    """Build a ParseError that points at the first character that is wrong."""
    stripped_at = len(text) - len(text.lstrip())
    body = text.strip()
    if not body:
        return ParseError(_cannot(repr(text), tr("it is empty")), text, 0)
    i = 0
    bracket = body.startswith("[")
    if bracket:
        i = 1
    start = i
    while i < len(body) and body[i] in _DIGITS:
        i += 1
    if i == start:
        where = stripped_at + i
        ch = body[i] if i < len(body) else ""
        return _not_a_number(text, ch, where)
    while i < len(body) and body[i] == " ":
        i += 1
    if i >= len(body):
        return ParseError(_cannot(repr(text), tr("it has one number; a tile needs two, like 3:5")),
                          text, stripped_at + i)
    if body[i] not in ":|-":
        where = stripped_at + i
        return ParseError(_cannot(repr(text), tr(
            "{char} at position {where} is not a separator (use 3:5, 3-5, 3|5 or [3|5])")
            .format(char=repr(body[i]), where=where)), text, where)
    i += 1
    while i < len(body) and body[i] == " ":
        i += 1
    start = i
    while i < len(body) and body[i] in _DIGITS:
        i += 1
    where = stripped_at + i
    if i == start:
        ch = body[i] if i < len(body) else ""
        if not ch:
            return ParseError(_cannot(repr(text), tr("the second number is missing")), text,
                              where)
        return _not_a_number(text, ch, where)
    rest = body[i:].strip()
    if bracket and not rest.startswith("]"):
        return ParseError(_cannot(repr(text), tr("missing ']' at position {where}").format(
            where=where)), text, where)
    return ParseError(_cannot(repr(text), tr("unexpected {char} at position {where}").format(
        char=repr(body[i]), where=where)), text, where)


# -- Super-train's locomotive tiles ------------------------------------------------------

#: The face of a locomotive half (it is not a number: see :class:`LocoTile`).
LOCO = "L"
#: The letters on Super-train's seven letter tiles, each calling for an extra action
#: (the project's reading of them: docs/rules.md, "Super-train"). Always capitals.
LOCO_LETTERS = "ADEMOSX"
#: The largest number on a locomotive tile: they belong to Mexican train's double-6 …
#: double-18 sets.
MAX_LOCO_NUMBER = 18
#: The first :attr:`Tile.index` of the locomotive tiles: right after the double-18 set,
#: so inside any set that may carry them (double-18 or smaller) their bits never meet a
#: number tile's.
LOCO_BASE = tile_index(MAX_LOCO_NUMBER, MAX_LOCO_NUMBER) + 1

_LOCO_RE = re.compile(r"\s*\[?\s*([0-9]+|[A-Za-z])\s*[:|\-]\s*([0-9]+|[A-Za-z])\s*\]?\s*$",
                      re.ASCII)


class LocoTile(Tile):
    """A Super-train tile: a red locomotive on one half and, on the other, a second
    locomotive (``L:L``), a number (``L:5``) or a letter calling for an extra action
    (``L:S``).

    A locomotive half is not a number: the tile has no ``low``/``high`` numbers (reading
    them raises), its printed pips are those of its number half (0 for the others), and
    it fits an end showing any number — the locomotive goes against the end and the end
    then shows the tile's number, or the number it showed before for two locomotives or
    a letter (:meth:`other`; the project's reading, docs/rules.md). It is not a double.

    >>> t = LocoTile(5)
    >>> t, str(t), t.pips, t.is_double, t.has(11), t.other(11)
    (LocoTile(5), 'L:5', 5, False, True, 5)
    >>> Tile.parse("5:L") == t, Tile.parse("[L|S]").letter, LocoTile("L").other(7)
    (True, 'S', 7)
    >>> t.low
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidTile: L:5 has a locomotive half, which is not a number: it has no low and high numbers
    >>> sorted([LocoTile("S"), Tile(12, 12), LocoTile(0)])
    [Tile(12, 12), LocoTile(0), LocoTile('S')]
    """

    __slots__ = ("face",)
    _loco_cache: dict[int | str, LocoTile] = {}
    #: The other half: :data:`LOCO` (two locomotives), a number, or one of
    #: :data:`LOCO_LETTERS`.
    face: int | str

    def __new__(cls, face: int | str) -> LocoTile:
        tile = cls._loco_cache.get(face) if type(face) in (int, str) else None
        if tile is not None:
            return tile
        if isinstance(face, bool) or not isinstance(face, (int, str)):
            raise InvalidTile(f"a locomotive tile's other half is {LOCO!r}, a number or a "
                              f"letter of {LOCO_LETTERS}, not {short_repr(face)}")
        if isinstance(face, int):
            if not 0 <= face <= MAX_LOCO_NUMBER:
                raise InvalidTile(f"a locomotive tile's number is 0 to {MAX_LOCO_NUMBER} "
                                  f"(Mexican train's sets go up to double-{MAX_LOCO_NUMBER}), "
                                  f"not {short_repr(face)}")
            k = 1 + face
        elif face == LOCO:
            k = 0
        elif len(face) == 1 and face in LOCO_LETTERS:
            k = 1 + MAX_LOCO_NUMBER + 1 + LOCO_LETTERS.index(face)
        else:
            raise InvalidTile(f"a locomotive tile's other half is {LOCO!r}, a number or a "
                              f"letter of {LOCO_LETTERS}, not {short_repr(face)}")
        tile = object.__new__(cls)
        object.__setattr__(tile, "face", face)
        object.__setattr__(tile, "index", LOCO_BASE + k)
        cls._loco_cache[face] = tile      # at most 1 + 19 + 7 tiles
        return tile

    def __reduce__(self) -> tuple[type[LocoTile], tuple[int | str]]:  # type: ignore[override]
        return (LocoTile, (self.face,))

    @property
    def low(self) -> int:  # type: ignore[override]
        """Raises: a locomotive half is not a number (read :attr:`face`)."""
        raise InvalidTile(f"{self} has a locomotive half, which is not a number: it has no "
                          "low and high numbers")

    @property
    def high(self) -> int:  # type: ignore[override]
        """Raises, like :attr:`low`."""
        return self.low

    @property
    def number(self) -> int | None:
        """The number half (``L:5`` → 5), or None."""
        return self.face if isinstance(self.face, int) else None

    @property
    def letter(self) -> str | None:
        """The letter half (``L:S`` → "S"), or None."""
        f = self.face
        return f if isinstance(f, str) and f != LOCO else None

    @property
    def name(self) -> str:
        """The tile in words (for screen readers and explanations).

        >>> [LocoTile(f).name for f in ("L", 7, "S")]
        ['two locomotives', 'locomotive and 7', 'locomotive with the letter S']
        """
        if self.face == LOCO:
            return "two locomotives"
        if self.letter is not None:
            return f"locomotive with the letter {self.letter}"
        return f"locomotive and {self.face}"

    def _key(self) -> tuple[int, int]:
        return (1, self.index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LocoTile):
            return self.face == other.face
        if isinstance(other, Tile):
            return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("loco", self.face))

    # locomotive tiles sort after every number tile (reflected for ``Tile < LocoTile``)
    def __lt__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self._key() < _order_key(other)
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self._key() <= _order_key(other)
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self._key() > _order_key(other)
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self._key() >= _order_key(other)
        return NotImplemented

    def __iter__(self) -> Iterator[int]:
        raise InvalidTile(f"{self} has a locomotive half, which is not a number: it cannot "
                          "be read as two numbers")

    def __repr__(self) -> str:
        return f"LocoTile({self.face!r})"

    def __str__(self) -> str:
        return f"{LOCO}:{self.face}"

    @property
    def pips(self) -> int:
        """The printed pips: its number half's (a locomotive or a letter has none)."""
        return self.face if isinstance(self.face, int) else 0

    @property
    def is_double(self) -> bool:
        """False: not even two locomotives make a double of a number."""
        return False

    def has(self, number: int) -> bool:
        """True for every number: the locomotive half fits any end."""
        return isinstance(number, int) and not isinstance(number, bool)

    def other(self, end: int) -> int:
        """The number an end showing ``end`` shows after this tile: its number half, or
        ``end`` again for two locomotives or a letter."""
        if not self.has(end):
            raise InvalidTile(f"tile {self} goes against a number, not {short_repr(end)}")
        return self.face if isinstance(self.face, int) else end

    def glyph(self, vertical: bool = False) -> str:
        """Refused: Unicode has no locomotive domino."""
        raise InvalidTile(f"Unicode has no glyph for the locomotive tile {self}")

    @classmethod
    def parse_loco(cls, text: str) -> LocoTile | None:
        """``L:5``, ``5:L``, ``[L|S]``, ``L:L`` as a LocoTile; None if ``text`` has no
        locomotive half (then it is read as a number tile)."""
        m = _LOCO_RE.match(text)
        if not m or (m.group(1).isdigit() and m.group(2).isdigit()):
            return None
        a, b = m.group(1), m.group(2)
        if a.upper() != LOCO and b.upper() == LOCO:
            a, b = b, a
        if a.upper() != LOCO:
            return None          # no locomotive: the number tiles' error says what is wrong
        if a != LOCO or not (b.isdigit() or b == b.upper()):
            raise ParseError(_cannot(short_repr(text), tr(
                "locomotive tiles are written in capitals, like {loco}:5 or {loco}:S").format(
                loco=LOCO)), text, 0)
        if b.isdigit():
            if len(b.lstrip("0")) > 3:
                raise InvalidTile(_cannot(short_repr(text), tr(
                    "a locomotive tile's number is 0 to {max}").format(max=MAX_LOCO_NUMBER)))
            return cls(int(b))
        return cls(b)


def _order_key(t: Tile) -> tuple[int, int]:
    """Number tiles first (by index), then locomotive tiles (by index)."""
    return t._key() if isinstance(t, LocoTile) else (0, t.index)


def locomotive_tiles(n: int) -> Hand:
    """Super-train's extra tiles for a double-``n`` set: two locomotives, a locomotive with
    each number 0..n, and the seven letter tiles (21 for double-12, as the Russian
    Wikipedia article «Домино» counts them).

    >>> h = locomotive_tiles(12); len(h), str(Hand(h[:3])), str(h[-1])
    (21, 'L:L L:0 L:1', 'L:X')
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_LOCO_NUMBER:
        raise InvalidSet(f"locomotive tiles go with a double-0 … double-{MAX_LOCO_NUMBER} "
                         f"set, not double-{short_repr(n)}")
    return Hand([LocoTile(LOCO)] + [LocoTile(k) for k in range(n + 1)]
                + [LocoTile(c) for c in LOCO_LETTERS])


_SPLIT_RE = re.compile(r"\[[^\]]*\]|[^\s,;]+")


def _tokens(text: str) -> Iterator[tuple[int, str]]:
    """Tokens of a tile list with their positions (separators: space, comma, semicolon)."""
    for m in _SPLIT_RE.finditer(text):
        yield m.start(), m.group()


def parse_tiles(text: str) -> Hand:
    """Read a list of tiles separated by spaces, commas or semicolons.

    >>> parse_tiles("0:1, 2-3 [4|4] 🁓")
    Hand([Tile(0, 1), Tile(2, 3), Tile(4, 4), Tile(4, 6)])
    >>> parse_tiles("0:1 2:x")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: cannot read tile 2 ('2:x' at position 4): 'x' is not a number
    """
    if not isinstance(text, str):
        raise ParseError(tr("a list of tiles is written as text like '0:1 2:3', got {text}")
                         .format(text=short_repr(text)))
    if len(text) > MAX_TEXT:
        raise OverLimit(tr("a list of tiles is at most {max} characters "
                           "(dominolab.limits.MAX_TEXT), this one has {n}").format(
            max=f"{MAX_TEXT:,}", n=f"{len(text):,}"))
    tiles = []
    for k, (pos, token) in enumerate(_tokens(text), start=1):
        try:
            tiles.append(Tile.parse(token))
        except ParseError as e:
            raise unreadable_tile(k, token, pos, text, e) from None
    return Hand(tiles)


def unreadable_tile(k: int, token: str, pos: int, text: str,
                    why: ParseError | str) -> ParseError:
    """The error for the ``k``-th tile of a list written as ``text`` (``token``, at ``pos``),
    which cannot be read (:func:`parse_tiles`, and the readers of other lists of tiles):
    ``why`` is :meth:`Tile.parse`'s error (its reason is given, and its position counted
    inside the token) or the reason itself, in the user's language."""
    inner = 0
    if isinstance(why, ParseError):
        inner = why.position if why.position is not None else 0
        why = re.sub(" " + re.escape(tr("at position {where}")).replace(
            re.escape("{where}"), r"\d+"), "", str(why).split(": ", 1)[-1])
    return ParseError(tr("cannot read tile {k} ({token} at position {where}): {what}")
                      .format(k=k, token=repr(token), where=pos, what=why), text, pos + inner)


class Hand(tuple[Tile, ...]):
    """An ordered collection of tiles (a hand, a boneyard, a selection).

    It is a tuple, so it is immutable and hashable; its text form is the
    tiles separated by spaces and round-trips through :meth:`parse`.

    >>> h = Hand.parse("6:6 0:1 3:4")
    >>> str(h), h.pips, len(h)
    ('6:6 0:1 3:4', 20, 3)
    >>> str(h.sorted())
    '0:1 3:4 6:6'
    """

    __slots__ = ()

    def __new__(cls, tiles: Iterable[Tile | str | tuple[int, int]] | str = ()) -> Hand:
        if isinstance(tiles, str):
            return parse_tiles(tiles)
        if isinstance(tiles, (bytes, dict)) or not isinstance(tiles, Iterable):
            raise InvalidTile(tr("a hand is a list of tiles (Tiles, text like '3:5' or pairs "
                                 "(3, 5)), not {x}").format(x=short_repr(tiles)))
        items = []
        for t in tiles:
            if isinstance(t, str):
                t = Tile.parse(t)
            elif not isinstance(t, Tile):
                if isinstance(t, tuple) and len(t) == 2:
                    t = Tile(*t)
                else:
                    raise InvalidTile(tr("not a tile: {x}").format(x=short_repr(t)))
            items.append(t)
        return super().__new__(cls, items)

    parse = staticmethod(parse_tiles)

    def __repr__(self) -> str:
        return f"Hand([{', '.join(repr(t) for t in self)}])"

    def __str__(self) -> str:
        return " ".join(str(t) for t in self)

    @property
    def pips(self) -> int:
        """Total pips of all tiles."""
        return sum(t.pips for t in self)

    def sorted(self) -> Hand:
        """The same tiles in canonical order."""
        return Hand(sorted(self))

    def _repr_svg_(self) -> str:
        from .render import hand_svg  # noqa: PLC0415 (drawn on demand; render imports tiles)

        return hand_svg(self)


class DominoSet(Immutable):
    """The double-n set: one tile for each pair ``0 <= a <= b <= n``.

    Iteration is in canonical order 0:0, 0:1, …, 0:n, 1:1, 1:2, …, n:n.

    >>> s = DominoSet(6)
    >>> s.size, s.pip_total, Tile(2, 5) in s, Tile(2, 7) in s
    (28, 168, True, False)
    >>> [str(t) for t in s][:4]
    ['0:0', '0:1', '0:2', '0:3']
    >>> str(s.suit(3))
    '0:3 1:3 2:3 3:3 3:4 3:5 3:6'
    >>> [DominoSet(n).size for n in (3, 6, 9, 12, 15, 18)]
    [10, 28, 55, 91, 136, 190]
    """

    __slots__ = ("n", "locomotives", "__dict__")
    n: int
    #: With Super-train's 1 + (n + 1) + 7 locomotive tiles (:func:`locomotive_tiles`)
    #: after the number tiles: ``DominoSet(12, locomotives=True)`` has 91 + 21 tiles.
    locomotives: bool

    def __init__(self, n: int = 6, locomotives: bool = False):
        if isinstance(n, bool) or not isinstance(n, int):
            raise InvalidSet(tr("a domino set is named by its largest number, a whole number; "
                                "got {n}").format(n=short_repr(n)))
        if n < 0:
            raise InvalidSet(tr("a domino set needs a largest number of 0 or more, got {n}")
                             .format(n=short_repr(n)))
        if n > MAX_N:
            raise InvalidSet(tr("the largest set is double-{max} (dominolab.limits.MAX_N), not "
                                "double-{n}").format(max=MAX_N, n=short_repr(n)))
        if not isinstance(locomotives, bool):
            raise InvalidSet(tr("locomotives is true or false, not {x}").format(
                x=short_repr(locomotives)))
        if locomotives and n > MAX_LOCO_NUMBER:
            raise InvalidSet(tr("locomotive tiles go with a set up to double-{max} (Mexican "
                                "train's), not double-{n}").format(max=MAX_LOCO_NUMBER, n=n))
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "locomotives", locomotives)

    # pickled by its parts (Immutable refuses the default rebuild's assignments)
    def __reduce__(self) -> tuple[type[DominoSet], tuple[int, bool]]:
        return (type(self), (self.n, self.locomotives))

    @cached_property
    def tiles(self) -> Hand:
        """All tiles in canonical order."""
        n = self.n
        numbers = [Tile(a, b) for a in range(n + 1) for b in range(a, n + 1)]
        return Hand(numbers + list(locomotive_tiles(n)) if self.locomotives else numbers)

    @property
    def size(self) -> int:
        """Number of tiles, (n+1)(n+2)/2 (and n + 9 locomotive tiles).

        >>> DominoSet(12, locomotives=True).size, DominoSet(12, locomotives=True).pip_total
        (112, 1170)
        """
        extra = self.n + 9 if self.locomotives else 0
        return (self.n + 1) * (self.n + 2) // 2 + extra

    @property
    def pip_total(self) -> int:
        """Total pips in the set, n(n+1)(n+2)/2 (plus n(n+1)/2 on the locomotive tiles)."""
        extra = self.n * (self.n + 1) // 2 if self.locomotives else 0
        return self.n * (self.n + 1) * (self.n + 2) // 2 + extra

    @property
    def numbers(self) -> range:
        """The numbers that appear on the tiles, 0..n."""
        return range(self.n + 1)

    @property
    def doubles(self) -> Hand:
        """The n+1 doubles, 0:0 .. n:n."""
        return Hand(Tile(k, k) for k in range(self.n + 1))

    def suit(self, k: int) -> Hand:
        """The n+1 tiles that show the number ``k`` (its suit), in canonical order (a
        locomotive tile fits every number but shows none: it is in no suit)."""
        self._check_number(k)
        return Hand(t for t in self.tiles if not isinstance(t, LocoTile) and t.has(k))

    def _check_number(self, k: int) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self.n:
            raise InvalidTile(f"the double-{self.n} set has numbers 0..{self.n}, not {k!r}")

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    @overload
    def __getitem__(self, i: int) -> Tile: ...
    @overload
    def __getitem__(self, i: slice) -> Hand: ...

    def __getitem__(self, i: int | slice) -> Tile | Hand:
        """The tile at position ``i`` of the canonical order (a slice gives a Hand).

        >>> DominoSet(6)[7], DominoSet(6)[-1]
        (Tile(1, 1), Tile(6, 6))
        >>> DominoSet(6)["1:2"]
        Traceback (most recent call last):
        ...
        dominolab.errors.InvalidTile: a set is indexed by a position 0..27 (or a slice), not '1:2'; DominoSet.index('1:2') gives the position of a tile
        """
        if isinstance(i, slice):
            return Hand(self.tiles[i])
        if isinstance(i, bool) or not isinstance(i, int):
            hint = (f"; DominoSet.index({short_repr(i)}) gives the position of a tile"
                    if isinstance(i, (str, Tile)) else "")
            raise InvalidTile(f"a set is indexed by a position 0..{self.size - 1} (or a "
                              f"slice), not {short_repr(i)}{hint}")
        if not -self.size <= i < self.size:
            raise InvalidTile(f"the double-{self.n} set has positions 0..{self.size - 1}, "
                              f"not {short_repr(i)}")
        return self.tiles[i]

    def __contains__(self, tile: object) -> bool:
        if isinstance(tile, str):
            try:
                tile = Tile.parse(tile)
            except DominoError:
                return False
        if isinstance(tile, LocoTile):
            return self.locomotives and (tile.number is None or tile.number <= self.n)
        return isinstance(tile, Tile) and tile.high <= self.n

    def index(self, tile: Tile | str) -> int:
        """Position of ``tile`` (a Tile or text like ``"1:2"``) in canonical order.

        >>> DominoSet(6).index("1:2"), DominoSet(6).index(Tile(6, 6))
        (8, 27)
        """
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        if not isinstance(tile, Tile):
            raise InvalidTile(f"DominoSet.index needs a tile, not {short_repr(tile)}")
        if tile not in self:
            raise InvalidTile(f"{tile} is not in the {self.name}")
        if isinstance(tile, LocoTile):
            return self.tiles.index(tile)
        a, b, n = tile.low, tile.high, self.n
        return a * (n + 1) - a * (a - 1) // 2 + (b - a)

    def check(self, tiles: Iterable[Tile], what: str = "tiles") -> Hand:
        """Validate that ``tiles`` are distinct tiles of this set; return them as a Hand.

        >>> DominoSet(3).check([Tile(0, 1), Tile(1, 0)])
        Traceback (most recent call last):
        ...
        dominolab.errors.InvalidSet: tiles list 0:1 twice (positions 1 and 2); a double-3 set has one of each
        """
        hand = Hand(tiles)
        seen: dict[Tile, int] = {}
        for k, t in enumerate(hand, start=1):
            if t not in self:
                more = ("; locomotive tiles only in a Super-train set"
                        if isinstance(t, LocoTile) and not self.locomotives else "")
                raise InvalidTile(
                    f"{what}: tile {k} ({t}) is not in the {self.name} (numbers 0..{self.n}){more}"
                )
            if t in seen:
                raise InvalidSet(
                    f"{what} list {t} twice (positions {seen[t]} and {k}); "
                    f"a {self.name} has one of each"
                )
            seen[t] = k
        return hand

    def parse(self, text: str) -> Hand:
        """Read distinct tiles of this set from text (see :func:`parse_tiles`).

        >>> str(DominoSet(6).parse("6:6, 5:6"))
        '6:6 5:6'
        >>> DominoSet(6).parse("6:7")
        Traceback (most recent call last):
        ...
        dominolab.errors.InvalidTile: tiles: tile 1 (6:7) is not in the double-6 set (numbers 0..6)
        """
        return self.check(parse_tiles(text))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DominoSet):
            return self.n == other.n and self.locomotives == other.locomotives
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("DominoSet", self.n, self.locomotives))

    @property
    def name(self) -> str:
        """"double-12 set", or "double-12 Super-train set" with the locomotive tiles."""
        return f"double-{self.n} {'Super-train ' if self.locomotives else ''}set"

    def __repr__(self) -> str:
        return f"DominoSet({self.n}{', locomotives=True' if self.locomotives else ''})"

    def __str__(self) -> str:
        return f"{self.name} ({self.size} tiles)"

    def _repr_svg_(self) -> str:
        from .render import set_svg  # noqa: PLC0415 (drawn on demand; render imports tiles)

        return set_svg(self)
