"""The :class:`Chain` value (a straight line of tiles) and the input helpers of chains.

A chain is written left to right, each tile turned so that touching halves
match: ``"1:2 2:2 2:5"``. The helpers here read what the chain functions
accept: tiles as text, a :class:`~dominolab.tiles.DominoSet`, a chain or any
iterable of tiles (:func:`as_tiles`), one tile (:func:`as_tile`), a number
on a tile.

>>> c = Chain("1:2 2:2 2:5")
>>> c.ends, str(c.extend("5:6"))
((1, 5), '1:2 2:2 2:5 5:6')
>>> str(as_tiles("2:1 5:5"))
'1:2 5:5'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from .._immutable import Immutable
from ..errors import IllegalMove, InvalidSet, InvalidTile, ParseError
from ..i18n import tr
from ..limits import MAX_FORMULA_N, short_repr
from ..tiles import DominoSet, Hand, LocoTile, Tile, parse_tiles, unreadable_tile

__all__ = ["Chain", "as_tiles", "as_tile"]

Pair = tuple[int, int]


def as_tiles(tiles: Any, *, what: str = "tiles", distinct: bool = True) -> Hand:
    """Tiles from text, a DominoSet, a Chain, one Tile or an iterable of tiles.

    With ``distinct`` (the default) a tile listed twice is an
    :class:`~dominolab.errors.InvalidSet`; ``what`` names the input in messages.

    >>> len(as_tiles(DominoSet(2))), str(as_tiles(Chain("1:2 2:5")))
    (6, '1:2 2:5')
    >>> as_tiles("1:2 2:1")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidSet: tiles list 1:2 twice (positions 1 and 2); each tile may be used once
    """
    if isinstance(tiles, str):
        hand = parse_tiles(tiles)
    elif isinstance(tiles, DominoSet):
        return tiles.tiles
    elif isinstance(tiles, Chain):
        hand = tiles.tiles
    elif isinstance(tiles, Tile):
        hand = Hand([tiles])
    else:
        try:
            hand = Hand(tiles)
        except TypeError:
            raise InvalidTile(f"{what}: expected tiles like '0:1 1:2', got {tiles!r}") from None
    if distinct:
        seen: dict[Tile, int] = {}
        for k, t in enumerate(hand, start=1):
            if t in seen:
                raise InvalidSet(
                    f"{what} list {t} twice (positions {seen[t]} and {k}); "
                    "each tile may be used once"
                )
            seen[t] = k
    return hand


def as_tile(tile: Any) -> Tile:
    """A single tile from a Tile, text such as ``"2:5"`` or a pair ``(2, 5)``.

    >>> as_tile("5:2"), as_tile((2, 5))
    (Tile(2, 5), Tile(2, 5))
    """
    if isinstance(tile, Tile):
        return tile
    if isinstance(tile, str):
        return Tile.parse(tile)
    try:
        a, b = tile
    except (TypeError, ValueError):
        raise InvalidTile(f"expected one tile such as '2:5' or (2, 5), not {tile!r}") from None
    return Tile(_number(a, f"a number of the tile {tile!r}"),
                _number(b, f"a number of the tile {tile!r}"))


#: The name ``widgets/chain_builder.py`` uses for :func:`as_tile` (kept so it keeps working).
_one_tile = as_tile


def _number(x: Any, what: str) -> int:
    """``x`` as a tile number (a whole number >= 0), or an InvalidTile naming ``what``."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise InvalidTile(f"{what} must be a number on a tile (a whole number), not {x!r}")
    if x < 0:
        raise InvalidTile(f"{what} must be 0 or more, not {x}")
    return x


def _check_n(n: Any) -> int:
    """``n`` as the name of a double-n set (a whole number >= 0), or an InvalidSet."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidSet(f"a domino set is named by its largest number, a whole number; got {n!r}")
    if n < 0:
        raise InvalidSet(f"a domino set needs a largest number of 0 or more, got {n}")
    if n > MAX_FORMULA_N:       # a set that is built is held to MAX_N by DominoSet
        raise InvalidSet(f"n is at most {MAX_FORMULA_N:,} (dominolab.limits.MAX_FORMULA_N), "
                         f"not {short_repr(n)}")
    return n


_PAIR_RE = re.compile(r"[0-9]+")  # ASCII digits, as Tile.parse reads them
_GLYPH_H, _GLYPH_V = 0x1F031, 0x1F063
_TOKEN_RE = re.compile(r"\[[^\]]*\]|[^\s,;]+")


def _oriented_token(token: str, pos: int, k: int, text: str) -> Pair:
    """The ordered pair written in one token (``2:1`` is ``(2, 1)``)."""
    try:
        tile = Tile.parse(token)
    except ParseError as e:
        raise unreadable_tile(k, token, pos, text, e) from None
    if isinstance(tile, LocoTile):
        raise unreadable_tile(k, token, pos, text, tr(
            "a line holds number tiles only; locomotive tiles play on a super train"))
    if len(token) == 1:  # a Unicode glyph: the code point gives the order
        code = ord(token)
        first = _GLYPH_H if code < _GLYPH_V else _GLYPH_V
        left, right = divmod(code - first, 7)
        return left, right
    a, b = (int(x) for x in _PAIR_RE.findall(token))
    assert Tile(a, b) == tile
    return a, b


class Chain(Immutable):
    """A straight line of tiles, each turned so that touching halves match.

    A chain is stored as its ordered pairs, left to right; its text form is
    ``"1:2 2:2 2:5"`` and round-trips. Chains are immutable values; use
    :meth:`extend` to get a longer one. ``ends`` are the open numbers.

    >>> c = Chain.parse("1:2 2:2 2:5")
    >>> c.ends, len(c), str(c.reversed())
    ((1, 5), 3, '5:2 2:2 2:1')
    >>> str(c.extend(Tile(5, 6))), str(c.extend(Tile(0, 1), "left"))
    ('1:2 2:2 2:5 5:6', '0:1 1:2 2:2 2:5')
    >>> Chain.parse("1:2 3:4")
    Traceback (most recent call last):
    ...
    dominolab.errors.ParseError: tile 2 (3:4 at position 4) does not touch tile 1: it starts with 3 but the line ends in 2
    """

    __slots__ = ("pairs",)
    #: The ordered pairs, left to right.
    pairs: tuple[Pair, ...]

    def __init__(self, pairs: Iterable[Any] | str = ()):
        if isinstance(pairs, str):
            pairs = Chain.parse(pairs).pairs
        items: list[Pair] = []
        seen: dict[Tile, int] = {}
        try:
            pairs = list(pairs)
        except TypeError:
            raise InvalidTile(f"a chain is a list of ordered pairs such as [(1, 2), (2, 5)] "
                              f"or text like '1:2 2:5', not {pairs!r}") from None
        for k, p in enumerate(pairs, start=1):
            if isinstance(p, Tile):
                raise InvalidTile(
                    f"a chain needs ordered pairs such as (1, 2); tile {k} is {p!r} "
                    "(use find_chain to arrange tiles)"
                )
            try:
                a, b = p
            except (TypeError, ValueError):
                raise InvalidTile(f"tile {k} of the chain, {p!r}, is not an ordered pair "
                                  "such as (1, 2)") from None
            a = _number(a, f"tile {k} of the chain ({p!r})")
            b = _number(b, f"tile {k} of the chain ({p!r})")
            tile = Tile(a, b)
            if items and items[-1][1] != a:
                raise IllegalMove(tr("tile {k} ({tile}) does not touch tile {before}: it starts "
                                     "with {a} but the line ends in {end}").format(
                    k=k, tile=f"{a}:{b}", before=k - 1, a=a, end=items[-1][1]))
            if tile in seen:
                raise InvalidSet(tr("tile {tile} is used twice (positions {first} and {k})")
                                 .format(tile=tile, first=seen[tile], k=k))
            seen[tile] = k
            items.append((int(a), int(b)))
        object.__setattr__(self, "pairs", tuple(items))

    @classmethod
    def _of(cls, pairs: Iterable[Pair]) -> Chain:
        """A chain of pairs that a search here made from checked tiles (they touch, no tile
        twice), without checking them again: listing every line of a double-4 set built
        126,720 chains, and checking each pair took most of the time."""
        c = object.__new__(cls)
        object.__setattr__(c, "pairs", tuple(pairs))
        return c

    # pickled by its parts (Immutable refuses the default rebuild's assignments)
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.pairs,))

    @classmethod
    def parse(cls, text: str) -> Chain:
        """Read a chain written left to right, e.g. ``"1:2 2:2 2:5"``."""
        if not isinstance(text, str):
            raise ParseError(tr("a chain is written as text like '1:2 2:5', got {text}").format(
                text=repr(text)))
        pairs: list[Pair] = []
        for k, m in enumerate(_TOKEN_RE.finditer(text), start=1):
            a, b = _oriented_token(m.group(), m.start(), k, text)
            if pairs and pairs[-1][1] != a:
                raise ParseError(tr("tile {k} ({tile} at position {where}) does not touch tile "
                                    "{before}: it starts with {a} but the line ends in {end}")
                                 .format(k=k, tile=f"{a}:{b}", where=m.start(), before=k - 1,
                                         a=a, end=pairs[-1][1]), text, m.start())
            pairs.append((a, b))
        try:
            return cls(pairs)
        except InvalidSet as e:
            raise ParseError(tr("cannot read a chain from {text}: {why}").format(
                text=repr(text), why=e), text) from None

    # value behaviour
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            return self.pairs == other.pairs
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Chain", self.pairs))

    def __len__(self) -> int:
        return len(self.pairs)

    def __iter__(self) -> Iterator[Pair]:
        return iter(self.pairs)

    def __str__(self) -> str:
        return " ".join(f"{a}:{b}" for a, b in self.pairs)

    def __repr__(self) -> str:
        return f"Chain({str(self)!r})"

    @property
    def tiles(self) -> Hand:
        """The tiles of the chain, left to right."""
        return Hand(Tile(a, b) for a, b in self.pairs)

    @property
    def ends(self) -> Pair | None:
        """The open numbers ``(left, right)``; None for the empty chain."""
        if not self.pairs:
            return None
        return self.pairs[0][0], self.pairs[-1][1]

    @property
    def is_closed(self) -> bool:
        """True when both ends show the same number, so the line closes into a ring."""
        return bool(self.pairs) and self.pairs[0][0] == self.pairs[-1][1]

    @property
    def pips(self) -> int:
        """Total pips on the chain."""
        return sum(a + b for a, b in self.pairs)

    def reversed(self) -> Chain:
        """The same line read from the other end."""
        return Chain((b, a) for a, b in reversed(self.pairs))

    def fits(self, tile: Any, side: str = "right") -> bool:
        """Can ``tile`` be added at ``side`` (``"left"`` or ``"right"``)?

        >>> Chain("1:2").fits("2:6"), Chain("1:2").fits("2:6", "left")
        (True, False)
        """
        tile = as_tile(tile)
        if side not in ("left", "right"):
            raise IllegalMove(tr("side must be 'left' or 'right', not {side}").format(side=repr(side)))
        if tile in set(self.tiles):
            return False
        if not self.pairs:
            return True
        end = self.pairs[0][0] if side == "left" else self.pairs[-1][1]
        return tile.has(end)

    def extend(self, tile: Any, side: str = "right") -> Chain:
        """A new chain with ``tile`` added at ``side``, turned to match.

        Raises :class:`~dominolab.errors.IllegalMove` when the tile does not fit.
        """
        tile = as_tile(tile)
        if side not in ("left", "right"):
            raise IllegalMove(tr("side must be 'left' or 'right', not {side}").format(side=repr(side)))
        if tile in set(self.tiles):
            raise IllegalMove(tr("{tile} is already in the chain").format(tile=tile))
        if not self.pairs:
            return Chain([(tile.low, tile.high)])
        left, right = self.pairs[0][0], self.pairs[-1][1]
        if side == "right":
            if not tile.has(right):
                raise IllegalMove(tr("{tile} does not fit the right end: it shows no {end}").format(
                    tile=tile, end=right))
            return Chain(self.pairs + (tile.oriented(right),))
        if not tile.has(left):
            raise IllegalMove(tr("{tile} does not fit the left end: it shows no {end}").format(
                tile=tile, end=left))
        b, a = tile.oriented(left)
        return Chain(((a, b),) + self.pairs)

    def _repr_svg_(self) -> str:
        # drawn on demand: the renderer imports this module
        from ..render.chains import chain_picture  # noqa: PLC0415

        return chain_picture(self)
