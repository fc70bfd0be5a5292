"""A tiling chosen uniformly at random, exactly (no Markov chain, no rounding).

>>> from dominolab.tilings import Region
>>> print(random_tiling(Region.rectangle(2, 4), seed=1))
^^^^
vvvv
"""

from __future__ import annotations

import random as _random
from typing import Any

from ..errors import DominoError, InvalidRegion, Unsolvable
from .certificates import impossibility
from .count import count_tilings
from .region import Cell, Domino, Tiling, _bbox, _components, _normalise, as_region
from .transfer import _transfer_step

__all__ = ["MAX_SAMPLER_STATES", "MAX_SEQUENTIAL_CELLS", "random_tiling"]

#: Largest number of stored profiles :func:`random_tiling` may use.
MAX_SAMPLER_STATES = 1_000_000
#: Largest piece that :func:`random_tiling` samples by exact counting (about 24×24).
MAX_SEQUENTIAL_CELLS = 600


def random_tiling(region: Any, seed: int | _random.Random | None = None) -> Tiling:
    """A tiling chosen uniformly at random among all tilings of ``region``.

    Exact sampling, piece by piece. On a piece whose transfer matrix fits in
    :data:`MAX_SAMPLER_STATES` stored profiles (narrower side up to about 14):
    the transfer matrix counts, for every profile, the ways to reach it, and a
    walk back from the end picks each predecessor with probability
    proportional to its count. On a wider piece (up to
    :data:`MAX_SEQUENTIAL_CELLS` cells): the first uncovered cell pairs with
    its right or its lower neighbour with probability proportional to the exact
    number of tilings of what is left, until the rest is narrow enough for the
    transfer matrix. Either way every tiling has probability exactly 1/count.
    ``seed`` (an int, or a ``random.Random``) makes it repeatable. Raises
    :class:`~dominolab.errors.Unsolvable` when there is no tiling and
    :class:`~dominolab.errors.InvalidRegion` beyond the limits.

    >>> from dominolab.tilings import Region
    >>> print(random_tiling(Region.rectangle(2, 4), seed=1))
    ^^^^
    vvvv
    """
    region = as_region(region)
    if isinstance(seed, _random.Random):
        rng = seed
    else:
        try:
            rng = _random.Random(seed)
        except TypeError:
            raise DominoError(f"seed must be a whole number or a random.Random, "
                              f"not {seed!r}") from None
    pieces = sorted(_components(region.cells), key=min)
    for piece in pieces:          # the limits first: no work on a region beyond them
        if not _sampler_fits(piece) and len(piece) > MAX_SEQUENTIAL_CELLS:
            raise InvalidRegion(
                f"uniform sampling of a piece of {len(piece)} cells that is this wide is beyond "
                f"the limit of {MAX_SEQUENTIAL_CELLS} cells; try a smaller or narrower region")
    cert = impossibility(region)
    if cert is not None:
        raise Unsolvable(f"this region has no tiling: {cert}")
    dominoes: list[Domino] = []
    for piece in pieces:
        if _sampler_fits(piece):
            dominoes += _sample_by_transfer(piece, rng)
        else:
            dominoes += _sample_sequentially(piece, rng)
    return Tiling(dominoes, region)


#: Largest piece that :func:`random_tiling` samples by exact counting (about 24×24).


def _sampler_fits(cells: frozenset[Cell] | set[Cell]) -> bool:
    """Is the transfer-matrix sampler within :data:`MAX_SAMPLER_STATES` on ``cells``?"""
    # Measured on full boards: the transfer matrix keeps about 2**w / 6 profiles
    # per cell on average (w the narrower side); stay well inside the limit.
    r0, c0, r1, c1 = _bbox(cells)
    w = min(r1 - r0, c1 - c0) + 1
    return w <= 22 and len(cells) * ((1 << w) // 6 + 1) <= MAX_SAMPLER_STATES // 2


def _sample_sequentially(piece: frozenset[Cell], rng: _random.Random) -> list[Domino]:
    """Pair the first free cell right or down, in proportion to the tilings of what is left."""
    if len(piece) > MAX_SEQUENTIAL_CELLS:
        raise InvalidRegion(
            f"uniform sampling of a piece of {len(piece)} cells that is this wide is beyond the "
            f"limit of {MAX_SEQUENTIAL_CELLS} cells; try a smaller or narrower region")
    remaining = set(piece)
    total = count_tilings(remaining)
    dominoes: list[Domino] = []
    while remaining:
        if _sampler_fits(remaining):
            for part in sorted(_components(remaining), key=min):
                dominoes += _sample_by_transfer(part, rng)
            break
        r, c = min(remaining)
        options = [x for x in ((r, c + 1), (r + 1, c)) if x in remaining]
        choice = options[0]
        if len(options) == 2:
            rest = remaining - {(r, c), options[0]}
            first = count_tilings(rest) if rest else 1
            pick = rng.randrange(total)
            if pick < first:
                total = first
            else:
                choice = options[1]
                total -= first
        dominoes.append(((r, c), choice))
        remaining -= {(r, c), choice}
    return dominoes


def _sample_by_transfer(piece: frozenset[Cell], rng: _random.Random) -> list[Domino]:
    """Walk the stored transfer-matrix layers back, each step in proportion to the counts."""
    cells, transposed, r0, c0 = _normalise(piece)
    h = 1 + max(r for r, _ in cells)
    w = 1 + max(c for _, c in cells)
    layers = [{0: 1}]
    stored = 1
    for r in range(h):
        for c in range(w):
            layers.append(_transfer_step(layers[-1], cells, r, c, w))
            stored += len(layers[-1])
            if stored > MAX_SAMPLER_STATES:
                raise InvalidRegion(
                    f"exact uniform sampling needs more than {MAX_SAMPLER_STATES} stored "
                    f"profiles here (narrower side {w}); try a smaller region")
    dominoes: list[Domino] = []
    state = 0
    pos = h * w
    while pos > 0:
        pos -= 1
        r, c = divmod(pos, w)
        bit = 1 << c
        prev = layers[pos]
        options: list[tuple[int, Domino | None]] = []  # (predecessor state, domino or None)
        if (r, c) not in cells:
            options.append((state, None))
        elif state & bit:
            options.append((state ^ bit, ((r, c), (r + 1, c))))
        else:
            options.append((state | bit, None))
            if c + 1 < w and state & (bit << 1) and (r, c + 1) in cells:
                options.append((state ^ (bit << 1), ((r, c), (r, c + 1))))
        weights = [prev.get(s, 0) for s, _ in options]
        pick = rng.randrange(sum(weights))
        for (s, dom), wt in zip(options, weights):
            if pick < wt:
                break
            pick -= wt
        state = s
        if dom is not None:
            dominoes.append(dom)

    def back(x: Cell) -> Cell:
        r, c = (x[1], x[0]) if transposed else x
        return (r + r0, c + c0)

    return [(back(a), back(b)) for a, b in dominoes]


