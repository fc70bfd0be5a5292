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

from .errors import DominoError, InvalidSet, InvalidTile, OverLimit, ParseError
from .limits import MAX_N, MAX_TEXT, short_repr, whole_number

_DIGITS = "0123456789"
_MAX_TILE_TEXT = 200

__all__ = ["MAX_N", "MAX_TEXT", "Tile", "Hand", "DominoSet", "parse_tiles", "tile_index"]


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
                    raise InvalidTile(f"tile numbers must be whole numbers, got {a!r} and {b!r}")
            a, b = int(a), int(b)
        key = (a, b) if a <= b else (b, a)
        tile = cls._cache.get(key)
        if tile is not None:
            return tile
        if key[0] < 0:
            raise InvalidTile(f"tile numbers cannot be negative: {short_repr(a)}:{short_repr(b)}")
        if key[1] > MAX_N:
            raise InvalidTile(f"tile numbers are at most {MAX_N} (the largest set is double-"
                              f"{MAX_N}, dominolab.limits.MAX_N): {short_repr(key[1])} is too large")
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
        raise InvalidTile(f"tile {self} has no {end} to match")

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
            raise InvalidTile(
                f"Unicode has domino glyphs only up to 6:6; {self} has a {self.high}"
            )
        first = _V_FIRST if vertical else _H_FIRST
        return chr(first + 7 * self.low + self.high)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile from ``3:5``, ``3-5``, ``3|5``, ``[3|5]`` or a Unicode glyph.

        >>> Tile.parse(" [10|12] ")
        Tile(10, 12)
        >>> Tile.parse("3;5")
        Traceback (most recent call last):
        ...
        dominolab.errors.ParseError: cannot read a tile from '3;5': ';' at position 1 is not a separator (use 3:5, 3-5, 3|5 or [3|5])
        """
        if not isinstance(text, str):
            raise ParseError(f"a tile is written as text like '3:5', got {short_repr(text)}")
        if len(text) > _MAX_TILE_TEXT:
            raise ParseError(f"cannot read a tile from {short_repr(text)}: a tile is at most "
                             f"{_MAX_TILE_TEXT} characters, this text has {len(text)}", text, 0)
        stripped = text.strip()
        if len(stripped) == 1:
            code = ord(stripped)
            for first in (_H_FIRST, _V_FIRST):
                if first <= code < first + 49:
                    a, b = divmod(code - first, 7)
                    return cls(a, b)
            if code in (_H_BACK, _V_BACK):
                raise ParseError(
                    f"cannot read a tile from {text!r}: that glyph is a face-down tile",
                    text, text.index(stripped),
                )
        m = _TILE_RE.match(text)
        if m:
            low = m.group("a1") or m.group("a2")
            high = m.group("b1") or m.group("b2")
            for digits in (low, high):
                if len(digits.lstrip("0")) > len(str(MAX_N)) or int(digits) > MAX_N:
                    shown = digits if len(digits) <= 12 else f"a number of {len(digits)} digits"
                    raise InvalidTile(f"cannot read a tile from {short_repr(text)}: {shown} is "
                                      f"larger than {MAX_N}, the largest number on a tile "
                                      "(dominolab.limits.MAX_N)")
            return cls(int(low), int(high))
        raise _tile_error(text)

    # -- display ---------------------------------------------------------
    def _repr_svg_(self) -> str:
        from .render import tile_svg  # noqa: PLC0415 (drawn on demand; render imports tiles)

        return tile_svg(self)


def _tile_error(text: str) -> ParseError:
    """Build a ParseError that points at the first character that is wrong."""
    stripped_at = len(text) - len(text.lstrip())
    body = text.strip()
    if not body:
        return ParseError(f"cannot read a tile from {text!r}: it is empty", text, 0)
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
        return ParseError(
            f"cannot read a tile from {text!r}: {ch!r} at position {where} is not a number",
            text, where,
        )
    while i < len(body) and body[i] == " ":
        i += 1
    if i >= len(body):
        return ParseError(
            f"cannot read a tile from {text!r}: it has one number; a tile needs two, like 3:5",
            text, stripped_at + i,
        )
    if body[i] not in ":|-":
        where = stripped_at + i
        return ParseError(
            f"cannot read a tile from {text!r}: {body[i]!r} at position {where} is not a "
            "separator (use 3:5, 3-5, 3|5 or [3|5])",
            text, where,
        )
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
            return ParseError(
                f"cannot read a tile from {text!r}: the second number is missing", text, where
            )
        return ParseError(
            f"cannot read a tile from {text!r}: {ch!r} at position {where} is not a number",
            text, where,
        )
    rest = body[i:].strip()
    if bracket and not rest.startswith("]"):
        return ParseError(f"cannot read a tile from {text!r}: missing ']' at position {where}",
                          text, where)
    return ParseError(
        f"cannot read a tile from {text!r}: unexpected {body[i]!r} at position {where}",
        text, where,
    )


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
        raise ParseError(f"a list of tiles is written as text like '0:1 2:3', got {short_repr(text)}")
    if len(text) > MAX_TEXT:
        raise OverLimit(f"a list of tiles is at most {MAX_TEXT:,} characters "
                        f"(dominolab.limits.MAX_TEXT), this one has {len(text):,}")
    tiles = []
    for k, (pos, token) in enumerate(_tokens(text), start=1):
        try:
            tiles.append(Tile.parse(token))
        except ParseError as e:
            inner = e.position if e.position is not None else 0
            what = str(e).split(": ", 1)[-1]
            what = re.sub(r" at position \d+", "", what)
            err = ParseError(
                f"cannot read tile {k} ({token!r} at position {pos}): {what}", text, pos + inner
            )
            raise err from None
    return Hand(tiles)


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
            raise InvalidTile(f"a hand is a list of tiles (Tiles, text like '3:5' or pairs "
                              f"(3, 5)), not {short_repr(tiles)}")
        items = []
        for t in tiles:
            if isinstance(t, str):
                t = Tile.parse(t)
            elif not isinstance(t, Tile):
                if isinstance(t, tuple) and len(t) == 2:
                    t = Tile(*t)
                else:
                    raise InvalidTile(f"not a tile: {short_repr(t)}")
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


class DominoSet:
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

    __slots__ = ("n", "__dict__")
    n: int

    def __init__(self, n: int = 6):
        if isinstance(n, bool) or not isinstance(n, int):
            raise InvalidSet("a domino set is named by its largest number, a whole number; "
                             f"got {short_repr(n)}")
        if n < 0:
            raise InvalidSet(f"a domino set needs a largest number of 0 or more, got {short_repr(n)}")
        if n > MAX_N:
            raise InvalidSet(f"the largest set is double-{MAX_N} (dominolab.limits.MAX_N), "
                             f"not double-{short_repr(n)}")
        object.__setattr__(self, "n", n)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("DominoSet is immutable")

    @cached_property
    def tiles(self) -> Hand:
        """All tiles in canonical order."""
        n = self.n
        return Hand(Tile(a, b) for a in range(n + 1) for b in range(a, n + 1))

    @property
    def size(self) -> int:
        """Number of tiles, (n+1)(n+2)/2."""
        return (self.n + 1) * (self.n + 2) // 2

    @property
    def pip_total(self) -> int:
        """Total pips in the set, n(n+1)(n+2)/2."""
        return self.n * (self.n + 1) * (self.n + 2) // 2

    @property
    def numbers(self) -> range:
        """The numbers that appear on the tiles, 0..n."""
        return range(self.n + 1)

    @property
    def doubles(self) -> Hand:
        """The n+1 doubles, 0:0 .. n:n."""
        return Hand(Tile(k, k) for k in range(self.n + 1))

    def suit(self, k: int) -> Hand:
        """The n+1 tiles that show the number ``k`` (its suit), in canonical order."""
        self._check_number(k)
        return Hand(t for t in self.tiles if t.has(k))

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
            raise InvalidTile(f"{tile} is not in the double-{self.n} set")
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
            if t.high > self.n:
                raise InvalidTile(
                    f"{what}: tile {k} ({t}) is not in the double-{self.n} set (numbers 0..{self.n})"
                )
            if t in seen:
                raise InvalidSet(
                    f"{what} list {t} twice (positions {seen[t]} and {k}); "
                    f"a double-{self.n} set has one of each"
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
            return self.n == other.n
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("DominoSet", self.n))

    def __repr__(self) -> str:
        return f"DominoSet({self.n})"

    def __str__(self) -> str:
        return f"double-{self.n} set ({self.size} tiles)"

    def _repr_svg_(self) -> str:
        from .render import set_svg  # noqa: PLC0415 (drawn on demand; render imports tiles)

        return set_svg(self)
