"""Counting up to symmetry: groups acting on labelled positions, Burnside's lemma,
necklaces and bracelets, triominoes.

A *labelling* gives each of ``k`` positions (the corners of a triangle, the beads of a
necklace, the two halves of a domino) one of ``c`` labels. A group of symmetries moves
the positions; two labellings are the same piece when a symmetry turns one into the
other. **Burnside's lemma**: the number of different pieces (orbits) is the average,
over the group, of the number of labellings each symmetry leaves unchanged. A symmetry
whose permutation of the positions has ``j`` cycles fixes exactly ``c^j`` labellings
(each cycle must carry one label), so

    pieces = (1/|G|) · Σ_g c^(cycles of g).

A domino is the two-position case with the flip: (c² + c)/2 = 28 for c = 7. Triominoes
(three corners, numbers 0–5) under the three rotations: (6³ + 6 + 6)/3 = 76; allowing
turning over too (six symmetries): (216 + 6 + 6 + 3 · 36)/6 = 56, the size of the
commercial set, which therefore keeps only one of each mirror pair.

>>> burnside(cyclic_group(3), 6), burnside(dihedral_group(3), 6), burnside(flip_group(), 7)
(76, 56, 28)
>>> necklaces(4, 2), bracelets(6, 3)
(6, 92)

The lemma itself holds for any finite group acting on any finite set, not only on
labellings: :func:`count_orbits` takes the group's elements, the points and the action,
and averages the fixed points (the rings of a whole set under turning and turning over
are counted that way in :mod:`dominolab.chains.rings`).

>>> count_orbits(range(4), range(8), lambda g, x: (x + 2 * g) % 8)   # turns by 2 of 8 beads
2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, TypeVar

from ..errors import InvalidSet
from ..i18n import tr
from .formulas import _whole

__all__ = [
    "Symmetry",
    "burnside",
    "count_orbits",
    "fixed_points",
    "orbits_by_listing",
    "burnside_table",
    "bracelets",
    "chirality_pairs",
    "commercial_triominoes",
    "cycles",
    "cyclic_group",
    "dihedral_group",
    "fixed_labellings",
    "flip_group",
    "necklaces",
    "orbit",
    "orbits",
    "triomino_classes",
]


@dataclass(frozen=True)
class Symmetry:
    """One symmetry: a name and the permutation of positions (position ``i`` goes to
    ``perm[i]``)."""

    name: str
    perm: tuple[int, ...]

    def act(self, labelling: Sequence[Any]) -> tuple[Any, ...]:
        """The labelling moved by this symmetry (the label at ``i`` lands at ``perm[i]``)."""
        out: list[Any] = [None] * len(self.perm)
        for i, j in enumerate(self.perm):
            out[j] = labelling[i]
        return tuple(out)


def _size(k: Any, what: str = "k (the number of positions)") -> int:
    return _whole(k, what, InvalidSet, minimum=1)


def cyclic_group(k: int) -> list[Symmetry]:
    """The ``k`` rotations of a ring (or a regular polygon) of ``k`` positions.

    >>> [s.name for s in cyclic_group(3)]
    ['identity', 'turn by 1', 'turn by 2']
    """
    k = _size(k)
    return [Symmetry(tr("identity") if r == 0 else tr("turn by {r}").format(r=r),
                     tuple((i + r) % k for i in range(k))) for r in range(k)]


def dihedral_group(k: int) -> list[Symmetry]:
    """The ``2k`` symmetries of a ring of ``k`` positions: rotations and reflections
    (turning the ring over). For ``k`` = 1 and 2 the "reflections" repeat rotations
    as permutations; they stay in the list, as the group of the polygon.

    >>> [s.perm for s in dihedral_group(3)][3:]
    [(0, 2, 1), (1, 0, 2), (2, 1, 0)]
    """
    k = _size(k)
    refl = []
    for r in range(k):
        if k % 2:
            name = tr("flip keeping position {i}").format(i=(r * (k + 1) // 2) % k)
        elif r % 2 == 0:
            name = tr("flip keeping positions {i} and {j}").format(i=r // 2, j=r // 2 + k // 2)
        else:
            name = tr("flip between positions {i} and {j}").format(i=(r - 1) // 2,
                                                                   j=(r + 1) // 2)
        refl.append(Symmetry(name, tuple((r - i) % k for i in range(k))))
    rot = cyclic_group(k)
    return rot + refl


def flip_group() -> list[Symmetry]:
    """The two symmetries of a domino's two halves: leave it, or turn it end to end.

    >>> [s.perm for s in flip_group()]
    [(0, 1), (1, 0)]
    """
    return [Symmetry(tr("identity"), (0, 1)), Symmetry(tr("turn end to end"), (1, 0))]


def cycles(perm: Sequence[int]) -> list[tuple[int, ...]]:
    """The cycles of a permutation (each cycle from its smallest position).

    >>> cycles((1, 2, 0, 3))
    [(0, 1, 2), (3,)]
    """
    seen: set[int] = set()
    out = []
    for start in range(len(perm)):
        if start in seen:
            continue
        cyc = [start]
        seen.add(start)
        j = perm[start]
        while j != start:
            cyc.append(j)
            seen.add(j)
            j = perm[j]
        out.append(tuple(cyc))
    return out


def fixed_labellings(symmetry: Symmetry, labels: int) -> int:
    """Labellings a symmetry leaves unchanged: ``labels ** (number of its cycles)``.

    >>> fixed_labellings(cyclic_group(3)[1], 6)       # a turn: all three corners alike
    6
    """
    return _size(labels, "labels") ** len(cycles(symmetry.perm))


def burnside_table(group: Sequence[Symmetry], labels: int) -> list[tuple[str, int, int]]:
    """One row per symmetry: its name, its number of cycles, the labellings it fixes.

    >>> burnside_table(dihedral_group(3), 6)[3]
    ('flip keeping position 0', 2, 36)
    """
    return [(g.name, len(cycles(g.perm)), fixed_labellings(g, labels)) for g in group]


def burnside(group: Sequence[Symmetry], labels: int) -> int:
    """The number of labellings up to the group, by Burnside's lemma (exact).

    >>> burnside(cyclic_group(4), 7)          # square tiles, a number on each side
    616
    """
    group = list(group)
    if not group:
        raise InvalidSet("a group has at least the identity")
    total = Fraction(sum(fixed for _, _, fixed in burnside_table(group, labels)), len(group))
    if total.denominator != 1:
        raise InvalidSet(f"these {len(group)} permutations are not a group: the average "
                         f"number of fixed labellings, {total}, is not whole")
    return int(total)


def orbit(labelling: Sequence[Any], group: Sequence[Symmetry]) -> set[tuple[Any, ...]]:
    """Every labelling a symmetry of the group turns this one into.

    >>> sorted(orbit((0, 1, 2), cyclic_group(3)))
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    """
    return {g.act(labelling) for g in group}


def orbits(items: Iterable[Sequence[Any]], group: Sequence[Symmetry]) -> list[tuple[Any, ...]]:
    """One representative (the smallest) of every orbit among ``items``, by listing:
    the brute-force count that Burnside's lemma shortcuts.

    >>> len(orbits(product(range(6), repeat=3), cyclic_group(3)))
    76
    """
    seen: set[tuple[Any, ...]] = set()
    reps = []
    for x in items:
        t = tuple(x)
        if t in seen:
            continue
        o = orbit(t, group)
        seen |= o
        reps.append(min(o))
    return sorted(reps)


G = TypeVar("G")
X = TypeVar("X", bound=Hashable)


def _points(points: Iterable[X]) -> list[X]:
    pts = list(points)
    if len(set(pts)) != len(pts):
        raise InvalidSet("the points of an action are a set: a point is listed twice")
    return pts


def fixed_points(g: G, points: Iterable[X], act: Callable[[G, X], X]) -> int:
    """How many of ``points`` the group element ``g`` leaves where they are.

    >>> fixed_points(1, range(6), lambda g, x: (x + 3 * g) % 6)
    0
    """
    return sum(1 for x in points if act(g, x) == x)


def count_orbits(group: Iterable[G], points: Iterable[X], act: Callable[[G, X], X]) -> int:
    """The number of orbits of a finite group acting on a finite set, by Burnside's lemma:
    the average over the group of the number of points each element fixes.

    ``group`` lists every element once (not generators); ``act(g, x)`` is the image of the
    point ``x`` under ``g``. The images are checked to be points and the average to be a
    whole number, so a list of permutations that is not a group (or an action that leaves
    the set) is refused rather than answered. :func:`orbits_by_listing` counts the same
    orbits by listing them (the brute force this shortcuts).

    >>> labellings = list(product(range(6), repeat=3))     # triomino corners 0..5
    >>> count_orbits(cyclic_group(3), labellings, lambda g, x: g.act(x))
    76
    """
    elements = list(group)
    if not elements:
        raise InvalidSet("a group has at least the identity")
    pts = _points(points)
    inside = set(pts)
    total = 0
    for g in elements:
        for x in pts:
            y = act(g, x)
            if y not in inside:
                raise InvalidSet(f"the action takes the point {x!r} to {y!r}, which is not "
                                 "one of the points")
            total += y == x
    average = Fraction(total, len(elements))
    if average.denominator != 1:
        raise InvalidSet(f"these {len(elements)} elements do not form a group acting on the "
                         f"points: the average number of fixed points, {average}, is not whole")
    return int(average)


def orbits_by_listing(group: Iterable[G], points: Iterable[X],
                      act: Callable[[G, X], X]) -> list[set[X]]:
    """The orbits themselves, by following every point under every element: the brute
    force behind :func:`count_orbits` (fine for small sets).

    >>> sorted(map(sorted, orbits_by_listing([0, 1], range(4), lambda g, x: x ^ g)))
    [[0, 1], [2, 3]]
    """
    elements = list(group)
    if not elements:
        raise InvalidSet("a group has at least the identity")
    seen: set[X] = set()
    out = []
    for x in _points(points):
        if x in seen:
            continue
        orb = {act(g, x) for g in elements}
        seen |= orb
        out.append(orb)
    return out


def _totient(d: int) -> int:
    return sum(1 for j in range(1, d + 1) if math.gcd(j, d) == 1)


def necklaces(k: int, labels: int) -> int:
    """Necklaces of ``k`` beads in ``labels`` colours, up to rotation:
    ``(1/k) Σ_{d | k} φ(d) · labels^(k/d)`` (a turn by ``r`` has ``gcd(k, r)`` cycles).

    >>> [necklaces(k, 2) for k in range(1, 7)]
    [2, 3, 4, 6, 8, 14]
    """
    k = _size(k)
    c = _size(labels, "labels")
    return sum(_totient(d) * c ** (k // d) for d in range(1, k + 1) if k % d == 0) // k


def bracelets(k: int, labels: int) -> int:
    """Necklaces that may also be turned over (the dihedral group): the rotations'
    sum plus the reflections' — for odd ``k`` each reflection has ``(k+1)/2`` cycles;
    for even ``k`` half have ``k/2 + 1`` and half ``k/2``.

    >>> [bracelets(k, 2) for k in range(1, 7)]
    [2, 3, 4, 6, 8, 13]
    """
    k = _size(k)
    c = _size(labels, "labels")
    rot = sum(_totient(d) * c ** (k // d) for d in range(1, k + 1) if k % d == 0)
    if k % 2:
        refl = k * c ** ((k + 1) // 2)
    else:
        refl = (k // 2) * (c ** (k // 2 + 1) + c ** (k // 2))
    return (rot + refl) // (2 * k)


def triomino_classes(numbers: int = 6, reflections: bool = False) -> int:
    """Triangular tiles with a number 0 … numbers−1 at each corner, up to rotation (or
    also turning over, ``reflections=True``).

    >>> triomino_classes(), triomino_classes(reflections=True)
    (76, 56)
    """
    group = dihedral_group(3) if reflections else cyclic_group(3)
    return burnside(group, numbers)


def commercial_triominoes(numbers: int = 6) -> list[tuple[int, int, int]]:
    """The pieces of the commercial set: corners read clockwise ``a ≤ b ≤ c`` — one
    piece for each multiset of three numbers, C(numbers + 2, 3) of them (56 for 0–5).

    A piece with three different corners has a mirror image that no rotation reaches
    (``0, 1, 2`` clockwise against ``0, 2, 1``): the set keeps only the one read in
    increasing order clockwise.

    >>> len(commercial_triominoes()), commercial_triominoes()[:3]
    (56, [(0, 0, 0), (0, 0, 1), (0, 0, 2)])
    """
    c = _size(numbers, "numbers")
    return [(a, b, d) for a in range(c) for b in range(a, c) for d in range(b, c)]


def chirality_pairs(numbers: int = 6) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The mirror pairs: the rotation classes of triominoes that differ only by turning
    over — exactly the pieces with three different corners, C(numbers, 3) pairs.

    >>> pairs = chirality_pairs()
    >>> len(pairs), pairs[0]
    (20, ((0, 1, 2), (0, 2, 1)))
    """
    c = _size(numbers, "numbers")
    rot = cyclic_group(3)
    out = []
    for rep in orbits(product(range(c), repeat=3), rot):
        mirror = min(orbit((rep[0], rep[2], rep[1]), rot))
        if mirror != rep and rep < mirror:
            out.append((rep, mirror))
    return out
