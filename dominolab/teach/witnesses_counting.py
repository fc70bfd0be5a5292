"""Witness answers for the counting lessons: the student shows a set of tiles, the
engines judge it, and a wrong one is answered with the concrete reason (the two tiles
that share a number, the two with the same pips, the tile that is there twice).

>>> w = tiles_without_witness("shared_number", 7)
>>> print(w.judge("0:0 1:1 2:2 3:3 4:4 5:5 6:6", 0))
Correct: 7 tiles, and no two share a number.
>>> print(w.judge("0:0 0:1 2:2 3:3 4:4 5:5 6:6", 0))
Not yet: 0:0 and 0:1 share the number 0.
"""

from __future__ import annotations

from typing import Any

from ..combinatorics import pigeonhole
from ..errors import InvalidSet
from ..tiles import DominoSet, Tile
from .choices import as_tiles
from .witnesses import Witness

__all__ = ["tiles_without_witness"]

_PRAISE = {
    "shared_number": "no two share a number",
    "double": "none is a double",
    "suit": "none shows {x}",
    "three_on_a_number": "no number shows on three of them",
    "same_pips": "no two have the same number of pips",
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
            return f"{out[0]} is not a tile of the double-six set"
        dup = next((t for i, t in enumerate(tiles) if t in tiles[:i]), None)
        if dup is not None:
            return f"{dup} is there twice; the set has one of each tile"
        if len(tiles) != size:
            return f"that is {len(tiles)} tile{'s' if len(tiles) != 1 else ''}, not {size}"
        return pigeonhole.why_coincidence(name, tiles, x)

    bad = list(ref)[:-1] + [next(t for t in DominoSet(6) if t not in set(ref) and
                                 pigeonhole.has_coincidence(name, list(ref)[:-1] + [t], x))]
    reason = pigeonhole.why_coincidence(name, bad, x) or ""
    return Witness(
        expects=f"{size} tiles, such as '0:0 1:2 …'",
        read=read, verify=verify, reference=str(ref), key=str(ref),
        praise=lambda ts: f"{len(ts)} tiles, and {_PRAISE[name].format(x=x)}",
        wrong=[(" ".join(map(str, bad)), reason),
               (" ".join(map(str, list(ref)[:-1])), f"not {size}")],
    )
