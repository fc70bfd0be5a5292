"""Witness answers for the counting lessons: the student shows a set of tiles, the
engines judge it, and a wrong one is answered with the concrete reason (the two tiles
that share a number, the two with the same pips, the tile that is there twice, the turn
that makes a triomino a piece of the set).

>>> w = tiles_without_witness("shared_number", 7)
>>> print(w.judge("0:0 1:1 2:2 3:3 4:4 5:5 6:6", 0))
Correct: 7 tiles, and no two share a number.
>>> print(w.judge("0:0 0:1 2:2 3:3 4:4 5:5 6:6", 0))
Not yet: 0:0 and 0:1 share the number 0.
"""

from __future__ import annotations

import re
from typing import Any

from ..combinatorics import pigeonhole
from ..combinatorics.symmetry import commercial_triominoes, cyclic_group, orbit
from ..errors import InvalidSet
from ..i18n import N_, ngettext, tr
from ..tiles import DominoSet, Tile
from .answers import describe
from .choices import as_tiles
from .witnesses import Witness

__all__ = ["mirror_triomino_witness", "tiles_without_witness"]

_PRAISE = {
    "shared_number": N_("no two share a number"),
    "double": N_("none is a double"),
    "suit": N_("none shows {x}"),
    "three_on_a_number": N_("no number shows on three of them"),
    "same_pips": N_("no two have the same number of pips"),
}


def tiles_without_witness(name: str, size: int, x: int = 6) -> Witness:
    """``size`` different tiles of the double-six set without the coincidence ``name``
    (see :data:`~dominolab.combinatorics.pigeonhole.COINCIDENCES`): the extremal example
    one tile below the pigeonhole bound."""
    full = set(DominoSet(6))
    ref = pigeonhole.coincidence(name, x=x).extremal
    if len(ref) < size:
        raise InvalidSet(f"no {size} tiles avoid {name}; at most {len(ref)} do")
    ref = type(ref)(list(ref)[:size])

    def read(a: Any) -> list[Tile]:
        return as_tiles(a)

    def verify(tiles: list[Tile]) -> str | None:
        out = [t for t in tiles if t not in full]
        if out:
            return tr("{tile} is not a tile of the double-six set").format(tile=out[0])
        dup = next((t for i, t in enumerate(tiles) if t in tiles[:i]), None)
        if dup is not None:
            return tr("{tile} is there twice; the set has one of each tile").format(tile=dup)
        if len(tiles) != size:
            return ngettext("that is {n} tile, not {size}", "that is {n} tiles, not {size}",
                            len(tiles)).format(n=len(tiles), size=size)
        return pigeonhole.why_coincidence(name, tiles, x)

    bad = list(ref)[:-1] + [next(t for t in DominoSet(6) if t not in set(ref) and
                                 pigeonhole.has_coincidence(name, list(ref)[:-1] + [t], x))]
    reason = pigeonhole.why_coincidence(name, bad, x) or ""
    return Witness(
        expects=tr("{size} tiles, such as '0:0 1:2 …'").format(size=size),
        read=read, verify=verify, reference=str(ref), key=str(ref),
        praise=lambda ts: ngettext("{n} tile, and {what}", "{n} tiles, and {what}",
                                   len(ts)).format(n=len(ts),
                                                   what=tr(_PRAISE[name]).format(x=x)),
        wrong=[(" ".join(map(str, bad)), reason),
               (" ".join(map(str, list(ref)[:-1])), f"not {size}")],
    )


def _read_triple(a: Any) -> tuple[int, int, int]:
    if isinstance(a, str):
        parts = [p for p in re.split(r"[\s,;:()\[\]-]+", a) if p]
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            return (int(parts[0]), int(parts[1]), int(parts[2]))
        raise InvalidSet(tr("{answer} is not three corner numbers such as (0, 2, 1)")
                         .format(answer=describe(a)))
    if isinstance(a, (tuple, list)) and len(a) == 3 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in a):
        return (int(a[0]), int(a[1]), int(a[2]))
    raise InvalidSet(tr("{answer} is not three corner numbers such as (0, 2, 1)")
                     .format(answer=describe(a)))


def mirror_triomino_witness(numbers: int = 6) -> Witness:
    """A triomino labelling (corners read clockwise from the top) that no rotation turns
    into a piece of the commercial set: a mirror image the set leaves out."""
    pieces = set(commercial_triominoes(numbers))
    rot = cyclic_group(3)

    def verify(t: tuple[int, int, int]) -> str | None:
        bad = [v for v in t if not 0 <= v < numbers]
        if bad:
            return tr("{value} is not a corner number: they go from 0 to {top}").format(
                value=bad[0], top=numbers - 1)
        hit = next((g for g in rot if g.act(t) in pieces), None)
        if hit is not None:
            img = hit.act(t)
            if hit.perm == tuple(range(len(hit.perm))):          # the identity
                return tr("it is the piece {piece} of the set (read clockwise)").format(
                    piece=img)
            return tr("{turn} makes it the piece {piece} of the set (read clockwise)").format(
                turn=hit.name, piece=img)
        return None

    return Witness(
        expects=tr("three corner numbers read clockwise from the top, such as (0, 2, 1)"),
        read=_read_triple, verify=verify, reference=(0, 2, 1),
        # the answer key is the same in every language (the tests compare it)
        key="(0, 2, 1), or any three different numbers read clockwise in decreasing cyclic "
            "order",
        praise=lambda t: tr("no turn of {t} is a piece of the set: it is the mirror image of "
                            "the piece {piece}").format(
                                t=t, piece=min(orbit((t[0], t[2], t[1]), rot))),
        wrong=[((1, 2, 0), "the piece (0, 1, 2)"), ((3, 3, 5), "piece")],
    )
