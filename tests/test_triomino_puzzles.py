"""The two larger triomino puzzles, each solver against a brute force written another way:
the largest piece laid with every edge matching (freely, and in a given shape), and the
fewest tiles that block all further play.

The brute forces share no search code with the solvers: shapes are filled by labelling
corner points (not by laying tiles in cells), pieces are grown in every order with no
pruning, and blocking layouts are listed level by level as sets moved to a common origin.
"""

from __future__ import annotations

import random

import pytest

from dominolab.errors import DominoError, InvalidRegion, InvalidTile
from dominolab.triominoes import (TRIOMINO_SET, Board, Placement, Triomino, both_chiralities,
                                  edge_neighbours, fewest_blocking, fill_shape, hexagon,
                                  hexagon_cells, is_blocking, largest_region,
                                  parse_triominoes, reduced_set, touch_classes,
                                  triangle_cells, vertices, why_blocked)

# --- brute forces ----------------------------------------------------------------------


def brute_fill(shape, tiles, top=5):
    """Label the shape's corner points one at a time with 0..top; once a cell's three
    corners are labelled, its clockwise reading must be a given tile not used yet."""
    tiles = set(tiles)
    pts = sorted({v for c in shape for v in vertices(c)})
    order = {v: i for i, v in enumerate(pts)}
    due = {}
    for c in shape:
        due.setdefault(max(order[v] for v in vertices(c)), []).append(c)
    lab, used = {}, set()

    def tile_of(r):
        t = Triomino(*r, chiral=True)
        return None if t.is_mirror else Triomino(*t.corners)

    def go(i):
        if i == len(pts):
            return True
        for n in range(top + 1):
            lab[pts[i]] = n
            laid, ok = [], True
            for c in due.get(i, ()):
                t = tile_of(tuple(lab[v] for v in vertices(c)))
                if t is None or t in used or t not in tiles:
                    ok = False
                    break
                used.add(t)
                laid.append(t)
            if ok and go(i + 1):
                return True
            for t in laid:
                used.discard(t)
        del lab[pts[i]]
        return False

    return go(0)


def brute_largest(tiles):
    """Every way to grow a piece: each tile first in each turn, then every legal
    placement of every unused tile, in every order."""
    best = 0

    def grow(b, left):
        nonlocal best
        best = max(best, len(b))
        for p in b.placements_of(left):
            b.lay(p)
            grow(b, [t for t in left if t != p.tile])
            b.remove(p.cell)

    for t in tiles:
        for k in range(3):
            b = Board()
            b.lay(Placement(t, (0, 0), k))
            grow(b, [u for u in tiles if u != t])
    return best


def _moved(layout):
    """A layout (cell, numbers) pairs moved so its first cell is (0, 0) or (0, 1) (a move
    by (dr, dc) keeps up and down cells only when dr + dc is even)."""
    r0, c0 = min(c for c, _ in layout)
    s = (r0 + c0) % 2
    return frozenset(((r - r0, c - c0 + s), n) for (r, c), n in layout)


def brute_blocking(tiles, kmax):
    """The smallest k ≤ kmax with a layout of k tiles no remaining tile can join, listing
    every layout of each size (as a set, moved to the origin); None if there is none."""
    level = {_moved([(cell, t.rotation(k))]) for t in tiles for k in range(3)
             for cell in ((0, 0), (0, 1))}
    canon = {t.rotation(k): t for t in tiles for k in range(3)}
    for size in range(1, kmax + 1):
        nxt = set()
        for layout in level:
            b = Board()
            for cell, n in sorted(layout):
                b.cells[cell] = _placed(canon[n], cell, n)
                b.points.update(zip(vertices(cell), n))
            laid = {canon[n] for _, n in layout}
            moves = b.placements_of([t for t in tiles if t not in laid])
            if not moves:
                return size
            for p in moves:
                nxt.add(_moved(layout | {(p.cell, p.numbers())}))
        level = nxt
    return None


def _placed(tile, cell, reading):
    """``tile`` on ``cell`` turned to show ``reading``."""
    return Placement(tile, cell, next(k for k in range(3) if tile.rotation(k) == reading))


def _check_layout(placements, tiles):
    """Lay each placement with the grid's own check; distinct tiles of ``tiles``."""
    b = Board()
    todo = list(placements)
    while todo:
        p = next(p for p in todo if not b.cells or b.why_not(p) is None)
        b.lay(p)
        todo.remove(p)
    assert b.consistent() == []
    assert len({p.tile for p in placements}) == len(placements)
    assert {p.tile for p in placements} <= set(tiles)
    return b


# --- the largest region ----------------------------------------------------------------

def test_all_56_tiles_can_be_laid_as_one_piece():
    ans = largest_region(node_limit=5_000)
    assert ans.exact and ans.size == ans.upper_bound == 56
    b = _check_layout(ans.placements, TRIOMINO_SET)
    assert len(b) == 56 and "56 tiles (largest possible)" in str(ans)
    assert ans.nodes <= 5_000
    assert 'aria-label="' in ans._repr_svg_()


def test_touch_classes_bound_the_piece():
    """0-0-0 and 0-0-1 share an edge 0→0; 2-2-2 and 3-4-5 share no number with them or
    each other, so they stay alone."""
    classes = touch_classes(parse_triominoes("0-0-0 0-0-1 2-2-2 3-4-5"))
    assert [sorted(map(str, c)) for c in classes] == [["0-0-0", "0-0-1"], ["2-2-2"],
                                                      ["3-4-5"]]
    ans = largest_region(parse_triominoes("0-0-0 0-0-1 2-2-2 3-4-5"))
    assert ans.size == 2 and ans.exact and "2 of the 4 tiles cannot join" in str(ans)


def test_largest_region_against_brute_force():
    rng = random.Random(19)
    for _ in range(40):
        hand = rng.sample(list(TRIOMINO_SET), 4)
        ans = largest_region(hand)
        assert ans.exact
        assert ans.size == brute_largest(hand), hand
        _check_layout(ans.placements, hand)
    for top in (1, 2):
        full = reduced_set(top)
        assert largest_region(full).size == len(full)
    assert brute_largest(list(reduced_set(1))) == 4


def test_a_hand_whose_class_cannot_be_laid_whole():
    """Found among random hands: the touch classes allow more than can be laid; the
    exhaustive search proves the smaller answer and agrees with the brute force."""
    rng = random.Random(5)
    for _ in range(3000):
        hand = rng.sample(list(TRIOMINO_SET), 4)
        bound = len(touch_classes(hand)[0])
        ans = largest_region(hand)
        if ans.size < bound:
            assert ans.exact and ans.upper_bound == ans.size
            assert brute_largest(hand) == ans.size
            return
    pytest.fail("no hand of four whose touch class cannot be laid whole")


# --- shapes ----------------------------------------------------------------------------

def test_shapes_have_the_right_cells():
    for side in (1, 2, 3):
        cells = hexagon_cells(side)
        assert len(cells) == 6 * side * side
        assert set(hexagon_cells(1)) == set(hexagon((1, 2)))
        inside = set(cells)
        assert all(any(q in inside for q in edge_neighbours(c)) for c in cells)
    assert len(triangle_cells(7)) == 49


@pytest.mark.parametrize("top", [1, 2, 3, 4, 5])
def test_fill_shape_against_brute_force(top):
    tiles = reduced_set(top)
    for shape in (hexagon_cells(1), triangle_cells(2), triangle_cells(3),
                  hexagon((3, 4))[:4], triangle_cells(4)):
        if len(shape) > 9 and top > 3:
            continue
        ans = fill_shape(shape, tiles)
        assert ans.possible == brute_fill(shape, tiles, top), (top, shape)
        if ans.possible:
            b = _check_layout(ans.placements, tiles)
            assert set(b.cells) == set(shape)
        else:
            assert ans.reason


@pytest.mark.slow
def test_the_hexagon_of_side_2_cannot_be_laid_from_the_56():
    """24 cells cannot be covered by distinct tiles of the 56 (so neither can the side-3
    hexagon, which contains it): about 77,000 nodes."""
    no = fill_shape(hexagon_cells(2), node_limit=200_000)
    assert no.possible is False and "exhaustive search" in str(no)
    assert no.nodes <= 200_000
    assert "with the mirror images of the tiles it can be done" in no.reason
    assert any(p.tile.is_mirror for p in no.mirror_layout)
    _check_layout(no.mirror_layout, both_chiralities())


def test_the_hexagon_of_side_2_with_both_chiralities():
    yes = fill_shape(hexagon_cells(2), both_chiralities(), node_limit=10_000)
    assert yes.possible
    b = _check_layout(yes.placements, both_chiralities())
    assert len(b) == 24 and any(p.tile.is_mirror for p in yes.placements)


@pytest.mark.slow
def test_the_hexagon_of_side_2_by_brute_force():
    assert brute_fill(hexagon_cells(2), TRIOMINO_SET) is False


def test_a_shape_only_mirror_images_cover_says_so():
    """The triangle of side 2 from four tiles with three different numbers cannot be
    covered; with mirror images of some of them it can, and the answer says so."""
    tiles = parse_triominoes("0-1-2 0-1-3 0-2-3 1-2-3")
    ans = fill_shape(triangle_cells(2), tiles)
    assert ans.possible is False and brute_fill(triangle_cells(2), tiles) is False
    assert ans.reason.endswith("but the set does not have them")
    assert any(p.tile.is_mirror for p in ans.mirror_layout)
    _check_layout(ans.mirror_layout, both_chiralities())


def test_a_budget_that_runs_out_says_so():
    ans = fill_shape(triangle_cells(7), node_limit=50)
    assert ans.possible is None and "budget" in str(ans)


@pytest.mark.parametrize("shape, words", [
    ([], "no cells"),
    ([(0, 0), (0, 0)], "twice"),
    ([(0, 0), (5, 5)], "cut off"),
    ([(0, "a")], "cell 1"),
    (None, "a shape is a list"),
    (5, "a shape is a list"),
    ("0,0", "a shape is a list"),
])
def test_bad_shapes_are_clear_errors(shape, words):
    with pytest.raises(InvalidRegion, match=words):
        fill_shape(shape)


def test_bad_tiles_are_clear_errors():
    with pytest.raises(InvalidTile, match="twice"):
        largest_region(parse_triominoes("0-0-0 0-0-0"))
    with pytest.raises(InvalidTile, match="tile 2"):
        largest_region([TRIOMINO_SET.tiles[0], "0-0-1"])
    with pytest.raises(DominoError, match="side"):
        hexagon_cells(0)
    for bad in (None, 5):               # not a list at all: named, not a TypeError
        with pytest.raises(InvalidTile, match="list of triominoes"):
            largest_region(bad)
        with pytest.raises(InvalidTile, match="list of triominoes"):
            fewest_blocking(bad)
    assert fill_shape(hexagon_cells(1), parse_triominoes("0-0-0 1-1-1")).possible is False


# --- blocking --------------------------------------------------------------------------

@pytest.mark.parametrize("top, kmax", [(0, 2), (1, 4), (2, 5)])
def test_fewest_blocking_against_brute_force(top, kmax):
    tiles = reduced_set(top)
    ans = fewest_blocking(tiles, node_limit=100_000)
    brute = brute_blocking(tiles, min(kmax, ans.size))
    if ans.size <= kmax:
        assert brute == ans.size
    else:
        assert brute is None                 # none of kmax or fewer tiles, as the solver says
    assert ans.exact and ans.lower_bound == ans.size
    assert ans.size == {0: 1, 1: 4, 2: 7}[top] and ans.nodes <= 100_000
    b = _check_layout(ans.placements, tiles)
    assert b.placements_of(ans.rest()) == []       # the grid's own move list is empty
    cert = ans.certificate()
    assert cert and not any(line.startswith("OPEN") for line in cert)
    assert len(cert) == len(b.frontier())


@pytest.mark.slow
def test_no_six_of_the_ten_block_by_brute_force():
    assert brute_blocking(reduced_set(2), 7) == 7


def test_the_full_set_gives_a_lower_bound_and_a_layout():
    ans = fewest_blocking(node_limit=3_000)
    assert not ans.exact and ans.lower_bound >= 2
    assert ans.size is not None and ans.size >= ans.lower_bound
    b = _check_layout(ans.placements, TRIOMINO_SET)
    assert b.placements_of(ans.rest()) == []
    assert f"none has fewer than {ans.lower_bound}" in str(ans)


def test_why_blocked_names_an_open_cell():
    b = Board()
    b.lay(Placement(TRIOMINO_SET.tiles[0], (0, 0)))
    assert not is_blocking(b, TRIOMINO_SET.tiles[1:])
    assert is_blocking(b, [t for t in TRIOMINO_SET if 0 not in t.corners])
    lines = why_blocked(b, TRIOMINO_SET)
    assert len(lines) == 3 and all(line.startswith("OPEN") for line in lines)
    assert "0-0-1" in lines[0]


def test_a_notch_showing_a_mirror_reading_is_dead():
    """▲(0, 0) enclosed by five tiles shows all three corners: 0 at its top, 2 at its
    bottom right, 1 at its bottom left — 0-2-1 clockwise, the mirror image of 0-1-2, which
    the set lacks::

            0 ─── 0 ─── 2
             ╲ ▼ ╱ ╲ ▲ ╱        ▼(0,1) 0-0-2, ▲(0,2) 0-2-2 (top row, from the left)
       (0,0)  ╲ ╱ ▲ ╲ ╱ ▼ ╲
              1 ─── 2 ─── 2     ▼(1,2) 2-2-3, ▲(1,1) 2-3-4, ▼(1,0) 1-2-4
               ╲ ▼ ╱ ╲ ▲ ╱
                 4 ─── 3
    """
    b = Board()
    for cell, reading in (((0, 1), (0, 0, 2)), ((0, 2), (0, 2, 2)), ((1, 2), (2, 2, 3)),
                          ((1, 1), (2, 3, 4)), ((1, 0), (1, 2, 4))):
        tile = Triomino(*min(reading[k:] + reading[:k] for k in range(3)))
        b.lay(_placed(tile, cell, reading))
    assert [b.points[v] for v in vertices((0, 0))] == [0, 2, 1]
    line = next(x for x in why_blocked(b, TRIOMINO_SET) if x.startswith("▲(0, 0)"))
    assert line == ("▲(0, 0) shows 0-2-1 clockwise: that reading is the mirror image of "
                    "0-1-2, which the set does not have")


def test_bad_blocking_input():
    with pytest.raises(InvalidTile, match="at least one"):
        fewest_blocking([])
    with pytest.raises(InvalidTile, match="node_limit"):
        fewest_blocking(node_limit=-1)


def test_the_beam_finds_a_smaller_blocking_layout_than_the_whole_set():
    """The tiles numbered 0–3 (20): the exact search is stopped early, so only a lower
    bound is proven; the beam search still finds a blocking layout well short of all 20."""
    tiles = reduced_set(3)
    ans = fewest_blocking(tiles, node_limit=2_000, beam_width=20, beam_limit=30_000)
    assert not ans.exact and 2 <= ans.lower_bound <= ans.size < len(tiles)
    assert ans.nodes <= 2_000 + 30_000 + 1
    b = _check_layout(ans.placements, tiles)
    assert b.placements_of(ans.rest()) == []
    assert "best known" in str(ans)
    more = fewest_blocking(tiles, node_limit=2_000, beam_width=20, beam_restarts=3,
                           beam_limit=30_000)
    assert more.size <= ans.size and more.lower_bound == ans.lower_bound
    assert more.nodes <= 2_000 + 3 * 30_000 + 3
    assert _check_layout(more.placements, tiles).placements_of(more.rest()) == []


@pytest.mark.slow
def test_the_full_set_figures_in_the_rules_reference():
    """docs/rules.md: no blocking layout of fewer than 5 of the 56 (every layout of 1–4
    tiles tried), and the beam search (width 150, seed 4) finds one of 20."""
    ans = fewest_blocking(node_limit=150_000, beam_width=150, beam_seed=4)
    assert ans.lower_bound == 5 and ans.size == 20 and not ans.exact
    b = _check_layout(ans.placements, TRIOMINO_SET)
    assert b.placements_of(ans.rest()) == []
    assert not any(line.startswith("OPEN") for line in ans.certificate())
