"""Triominoes: triangular tiles with a number from 0 to 5 at each corner.

The Russian Wikipedia article «Домино» (the triangular dominoes, «тримино, триомино,
Tri-Ominos»): 56 tiles with 0–5 at the corners, the numbers in ascending order
clockwise. A tile is read **clockwise** from one corner; turning it in the plane gives
the same tile, so ``1-3-5``, ``3-5-1`` and ``5-1-3`` are one tile, written from its
smallest rotation. Turning it *over* is not a move: ``1-5-3`` (read clockwise) is the
mirror image of ``1-3-5`` and another tile.

>>> t = triomino("3-5-1")
>>> t, t.corners, t.value, t.is_triple
(Triomino('1-3-5'), (1, 3, 5), 9, False)

The commercial set holds one tile per *multiset* of three numbers, read so that the
numbers ascend clockwise. A tile with three different numbers has a mirror image that
the set lacks; asking for one is an error that names it:

>>> triomino("1-5-3")
Traceback (most recent call last):
...
dominolab.errors.InvalidTile: 1-5-3 read clockwise is the mirror image of 1-3-5: the 56-tile set has only 1-3-5 (numbers ascending clockwise); the 76-tile set of both chiralities has both (chiral=True)
>>> triomino("1-5-3", chiral=True).is_mirror
True

Both counts are computed, not stored, by sorting the 6³ clockwise readings into
classes: turning in the plane (the rotations) gives 76 classes, turning over as well
(the dihedral group of the triangle) gives 56 — the commercial set.

>>> len(TRIOMINO_SET), len(both_chiralities()), len(mirror_tiles())
(56, 76, 20)
>>> TRIOMINO_SET.pip_total
420
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import product

from ..errors import InvalidTile, ParseError
from ..limits import short_repr

__all__ = ["TOP", "Triomino", "TriominoSet", "TRIOMINO_SET", "triomino", "both_chiralities",
           "mirror_tiles", "orbits", "parse_triominoes"]

#: The highest number on a corner of the set.
TOP = 5

_TEXT = re.compile(r"\s*([0-9])\s*[-:,/ ]?\s*([0-9])\s*[-:,/ ]?\s*([0-9])\s*", re.ASCII)


def _smallest_rotation(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return min((c[i], c[(i + 1) % 3], c[(i + 2) % 3]) for i in range(3))


class Triomino:
    """One triangular tile: its corners read clockwise from its smallest rotation.

    ``corners`` is that reading; :meth:`rotation` gives the reading from another corner
    (the three ways to lay it on a triangle of the grid).
    """

    __slots__ = ("corners",)
    corners: tuple[int, int, int]

    def __init__(self, a: int, b: int, c: int, *, chiral: bool = False, top: int = TOP):
        for k, x in enumerate((a, b, c)):
            if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= top:
                raise InvalidTile(f"corner {k + 1} of a triomino is a whole number 0..{top}, "
                                  f"not {short_repr(x)}")
        corners = _smallest_rotation((a, b, c))
        object.__setattr__(self, "corners", corners)
        if not chiral and self.is_mirror:
            m = self.mirror()
            raise InvalidTile(f"{self} read clockwise is the mirror image of {m}: the 56-tile "
                              f"set has only {m} (numbers ascending clockwise); the 76-tile "
                              "set of both chiralities has both (chiral=True)")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Triomino is a value and cannot be changed")

    @property
    def value(self) -> int:
        """The corner sum: what laying the tile scores."""
        return sum(self.corners)

    @property
    def is_triple(self) -> bool:
        return self.corners[0] == self.corners[1] == self.corners[2]

    @property
    def is_mirror(self) -> bool:
        """True for the tiles the commercial set lacks: three different numbers that
        descend clockwise."""
        a, b, c = self.corners
        return not a <= b <= c

    def mirror(self) -> Triomino:
        """The tile turned over (read counter-clockwise); a tile with a repeated number is
        its own mirror image."""
        a, b, c = self.corners
        return Triomino(a, c, b, chiral=True)

    def rotation(self, turn: int) -> tuple[int, int, int]:
        """The clockwise reading starting at corner ``turn`` (0, 1 or 2)."""
        c = self.corners
        return (c[turn % 3], c[(turn + 1) % 3], c[(turn + 2) % 3])

    def __iter__(self) -> Iterator[int]:
        return iter(self.corners)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Triomino) and other.corners == self.corners

    def __lt__(self, other: Triomino) -> bool:
        return (self.value, self.corners) < (other.value, other.corners)

    def __hash__(self) -> int:
        return hash(("triomino", self.corners))

    def __str__(self) -> str:
        return "-".join(map(str, self.corners))

    def __repr__(self) -> str:
        return f"Triomino('{self}')"

    def _repr_svg_(self) -> str:
        from ..render.triominoes import triomino_svg  # noqa: PLC0415 — renderers import the model

        return triomino_svg(self)


def triomino(text: str | Triomino | Iterable[int], *, chiral: bool = False) -> Triomino:
    """A tile from ``"1-3-5"`` (also ``1:3:5``, ``135``; read clockwise) or three numbers."""
    if isinstance(text, Triomino):
        if not chiral and text.is_mirror:
            return Triomino(*text.corners)          # raises, naming the tile
        return text
    if isinstance(text, str):
        if len(text) > 40:
            raise ParseError(f"a triomino is three numbers such as 1-3-5, not "
                             f"{short_repr(text)}", text[:40])
        m = _TEXT.fullmatch(text)
        if not m:
            raise ParseError(f"cannot read a triomino from {text!r}: write three corners "
                             "0..5 clockwise, such as 1-3-5", text)
        a, b, c = (int(g) for g in m.groups())
        return Triomino(a, b, c, chiral=chiral)
    try:
        values = tuple(text)
    except TypeError:
        raise ParseError(f"a triomino is text such as '1-3-5' or three numbers, not "
                         f"{short_repr(text)}") from None
    if len(values) != 3:
        raise InvalidTile(f"a triomino has three corners, not {len(values)}: "
                          f"{short_repr(values)}")
    return Triomino(*values, chiral=chiral)


def parse_triominoes(text: str, *, chiral: bool = False) -> tuple[Triomino, ...]:
    """Tiles separated by spaces or commas: ``"1-3-5 0-0-0"``."""
    if not isinstance(text, str) or len(text) > 10_000:
        raise ParseError(f"tiles are text such as '1-3-5 0-0-0', not {short_repr(text)}")
    return tuple(triomino(w, chiral=chiral) for w in re.split(r"[\s,;]+", text.strip()) if w)


def orbits(group: str, top: int = TOP) -> list[tuple[tuple[int, int, int], ...]]:
    """The clockwise readings of a triangle with corners 0..``top`` sorted into classes:
    ``"rotations"`` (turning in the plane, the cyclic group of order 3) or
    ``"dihedral"`` (turning over too, order 6). Each class is a sorted tuple of readings.

    Counted by brute force over all (top+1)³ readings; Burnside's lemma gives the same
    numbers: ((t³ + 2t) / 3 and (t³ + 3t² + 2t) / 6 for t = top + 1 numbers).

    >>> len(orbits("rotations")), len(orbits("dihedral"))
    (76, 56)
    """
    if group not in ("rotations", "dihedral"):
        raise InvalidTile(f"group is 'rotations' or 'dihedral', not {short_repr(group)}")
    seen: set[tuple[int, int, int]] = set()
    out = []
    for r in product(range(top + 1), repeat=3):
        if r in seen:
            continue
        images = {(r[i], r[(i + 1) % 3], r[(i + 2) % 3]) for i in range(3)}
        if group == "dihedral":
            images |= {(b, a, c) for a, b, c in images}
        seen |= images
        out.append(tuple(sorted(images)))
    return out


class TriominoSet:
    """A set of triominoes: the commercial 56 (``chiral=False``) or the 76 with both
    mirror images (``chiral=True``)."""

    def __init__(self, chiral: bool = False):
        self.chiral = chiral
        group = "rotations" if chiral else "dihedral"
        # one tile per class: the reading that ascends clockwise where there is one
        tiles = []
        for cls in orbits(group):
            pick = next((r for r in cls if r[0] <= r[1] <= r[2]), cls[0])
            tiles.append(Triomino(*pick, chiral=True))
        self.tiles: tuple[Triomino, ...] = tuple(sorted(tiles))

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Triomino]:
        return iter(self.tiles)

    def __contains__(self, t: object) -> bool:
        return t in self.tiles

    @property
    def pip_total(self) -> int:
        return sum(t.value for t in self.tiles)

    @property
    def triples(self) -> tuple[Triomino, ...]:
        return tuple(t for t in self.tiles if t.is_triple)

    def __repr__(self) -> str:
        return f"TriominoSet({len(self)} tiles{', both chiralities' if self.chiral else ''})"

    def _repr_svg_(self) -> str:
        from ..render.triominoes import triomino_set_svg  # noqa: PLC0415 — renderers import the model

        return triomino_set_svg(self)


@lru_cache(maxsize=1)
def both_chiralities() -> TriominoSet:
    """The 76 tiles: every tile and its mirror image."""
    return TriominoSet(chiral=True)


def mirror_tiles() -> tuple[Triomino, ...]:
    """The 20 mirror images the commercial set lacks (three different numbers,
    descending clockwise)."""
    return tuple(t for t in both_chiralities() if t.is_mirror)


#: The commercial set of 56 tiles.
TRIOMINO_SET = TriominoSet()
