"""Lesson 13's counts, and the general orbit counter, against brute force: orbits found
by listing every labelling (or every line of a ring) and following it under the group."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from dominolab import DominoSet
from dominolab.chains import count_lines, count_rings, count_rings_up_to_symmetry
from dominolab.combinatorics import symmetry as S
from dominolab.errors import DominoError
from dominolab.teach.witnesses_counting import mirror_triomino_witness


def _canonical_count(k: int, c: int, reflections: bool) -> int:
    """Orbits of labellings of a k-cycle by listing: each labelling's smallest image
    among its rotations (and reversals), written here without the module's groups."""
    reps = set()
    for lab in product(range(c), repeat=k):
        images = [lab[r:] + lab[:r] for r in range(k)]
        if reflections:
            rev = lab[::-1]
            images += [rev[r:] + rev[:r] for r in range(k)]
        reps.add(min(images))
    return len(reps)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("c", [1, 2, 3, 4])
def test_burnside_against_listing(k, c):
    assert S.burnside(S.cyclic_group(k), c) == S.necklaces(k, c) == _canonical_count(k, c, False)
    assert S.burnside(S.dihedral_group(k), c) == S.bracelets(k, c) == \
        _canonical_count(k, c, True)


def test_triominoes_76_and_56():
    assert S.triomino_classes() == _canonical_count(3, 6, False) == 76
    assert S.triomino_classes(reflections=True) == _canonical_count(3, 6, True) == 56
    assert len(S.commercial_triominoes()) == 56
    assert len(S.chirality_pairs()) == 20 == 76 - 56
    for k in range(1, 9):
        assert S.burnside(S.cyclic_group(3), k) == (k ** 3 + 2 * k) // 3
    assert S.burnside(S.flip_group(), 7) == len(DominoSet(6)) == 28
    assert S.burnside(S.cyclic_group(4), 4) == 70


def test_count_orbits_is_general():
    # the symmetric group S_3 acting on ordered pairs of distinct letters
    group = list(permutations(range(3)))
    pairs = [(a, b) for a in range(3) for b in range(3)]

    def act(g, x):
        return (g[x[0]], g[x[1]])

    assert S.count_orbits(group, pairs, act) == 2 == len(S.orbits_by_listing(group, pairs, act))
    # the same group on labellings, as Symmetry objects
    labs = list(product(range(6), repeat=3))
    for grp in (S.cyclic_group(3), S.dihedral_group(3)):
        assert S.count_orbits(grp, labs, lambda g, x: g.act(x)) == S.burnside(grp, 6) == \
            len(S.orbits_by_listing(grp, labs, lambda g, x: g.act(x)))
    with pytest.raises(DominoError, match="not one of the points"):
        S.count_orbits([1], range(3), lambda g, x: x + 1)
    with pytest.raises(DominoError, match="not whole"):
        S.count_orbits([0, 1], range(3), lambda g, x: x if g == 0 else (x + 1) % 3)
    with pytest.raises(DominoError):
        S.count_orbits([], range(3), lambda g, x: x)


def _lines(n: int) -> list[tuple[tuple[int, int], ...]]:
    """Every line of all the tiles of double-n read as a closed ring: sequences of
    oriented tiles, each tile once, each joint matching and the last joining the first."""
    tiles = list(DominoSet(n))
    out = []

    def rec(seq, used, end):
        if len(seq) == len(tiles):
            if end == seq[0][0]:
                out.append(tuple(seq))
            return
        for i, t in enumerate(tiles):
            if i in used or not t.has(end):
                continue
            other = t.high if t.low == end else t.low
            used.add(i)
            seq.append((end, other))
            rec(seq, used, other)
            seq.pop()
            used.discard(i)

    for t in tiles:
        for a, b in {(t.low, t.high), (t.high, t.low)}:
            rec([(a, b)], {tiles.index(t)}, b)
    return out


# (double-4: 3.7 s, make soak; double-3 has no ring)
@pytest.mark.parametrize("n", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_rings_up_to_turning_and_turning_over_by_listing(n):
    lines = _lines(n)
    size = len(DominoSet(n))
    assert len(lines) == count_lines(n) == count_rings(n) * size
    group = [("turn", r) for r in range(size)] + [("flip", r) for r in range(size)]

    def act(g, line):
        kind, r = g
        seq = line[r:] + line[:r]
        if kind == "flip":
            seq = tuple((b, a) for a, b in reversed(seq))
        return seq

    orbits = S.orbits_by_listing(group, lines, act)
    assert len(orbits) == count_rings_up_to_symmetry(n)
    assert all(len(o) == 2 * size for o in orbits)      # no symmetry fixes a line
    if n == 2:      # Burnside's average over all 2N symmetries (3.8 million images for n = 4)
        assert S.count_orbits(group, lines, act) == count_rings_up_to_symmetry(n)


def test_the_mirror_witness():
    w = mirror_triomino_witness()
    assert w.judge((0, 2, 1), 0).ok and w.judge("5 3 1", 0).ok
    assert "turn by 1 makes it the piece (0, 1, 2)" in w.judge((1, 2, 0), 0).message
    assert "not a corner number" in w.judge((0, 1, 6), 0).message
    assert not w.judge([1, 2], 0).ok
