"""Triominoes: the set and its symmetries, the grid, placement, every scoring rule, games.

Positions are built from a picture of the grid: a number is written at each lattice
point, and a tile on a cell shows the numbers at the cell's three corners (so any
picture is consistent). Rows of cells alternate ▲▼; the hexagon round the point
(1, 2) is the six cells (0, 0) … (0, 2) above and (1, 0) … (1, 2) below it.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from dominolab.errors import DominoError, GameOver, IllegalMove, InvalidTile, ParseError
from dominolab.render.triominoes import board_svg, triomino_set_svg, triomino_svg
from dominolab.triominoes import (RULES, complete_hexagon, TRIOMINO_SET, Board, Placement, Triomino,
                                  TriominoMatch, TriominoMove, TriominoRound, both_chiralities,
                                  check_invariants, corner_neighbours, edge_neighbours, hexagon,
                                  make_bot, mirror_tiles, orbits, parse_triominoes, points_up,
                                  simulate, triomino, vertices)

from .repo_state import shares


# --- the set --------------------------------------------------------------------------

def test_56_and_76_by_burnside_and_by_brute_force():
    for top in range(0, 8):
        t = top + 1
        # Burnside: the rotations fix t^3, t, t readings; the three reflections t^2 each
        assert len(orbits("rotations", top)) == (t ** 3 + 2 * t) // 3
        assert len(orbits("dihedral", top)) == (t ** 3 + 3 * t ** 2 + 2 * t) // 6
    assert len(TRIOMINO_SET) == 56 == len(set(TRIOMINO_SET))
    assert len(both_chiralities()) == 76
    # the 20 missing tiles are exactly those with three different numbers, mirrored
    missing = mirror_tiles()
    assert len(missing) == 20 == len(list(itertools.combinations(range(6), 3)))
    assert all(len(set(m.corners)) == 3 and m.mirror() in TRIOMINO_SET for m in missing)
    # every tile of the commercial set ascends clockwise from its smallest corner
    assert all(t.corners == tuple(sorted(t.corners)) for t in TRIOMINO_SET)
    # the same multiset of corners is one tile: 56 = C(6 + 3 - 1, 3)
    assert len({tuple(sorted(t.corners)) for t in TRIOMINO_SET}) == 56
    assert TRIOMINO_SET.pip_total == sum(sum(c) for c in
                                         itertools.combinations_with_replacement(range(6), 3))
    assert [str(t) for t in TRIOMINO_SET.triples] == ["0-0-0", "1-1-1", "2-2-2", "3-3-3",
                                                       "4-4-4", "5-5-5"]


def test_a_tile_is_the_same_turned_in_the_plane():
    assert triomino("1-3-5") == triomino("3-5-1") == triomino("5-1-3") == triomino("135")
    assert triomino("2:2:0") == triomino("0-2-2") and triomino([4, 4, 4]).is_triple
    assert hash(triomino("1-3-5")) == hash(triomino("5 1 3"))
    t = triomino("1-3-5")
    assert [t.rotation(k) for k in range(3)] == [(1, 3, 5), (3, 5, 1), (5, 1, 3)]
    with pytest.raises(AttributeError):
        t.corners = (0, 0, 0)  # type: ignore[misc]


@pytest.mark.parametrize("text, words", [
    ("1-5-3", "mirror image of 1-3-5"), ("0-4-2", "mirror image of 0-2-4"),
    ("1-2-6", "0..5"), ("1-2", "cannot read"), ("1-2-3-4", "cannot read"), ("", "cannot read"),
    ("１-2-3", "cannot read"), ("²-1-1", "cannot read"), ("9" * 5000, "three numbers"),
    ([1, 2], "three corners"), (7, "text such as"), ([1, 2, True], "not True")])
def test_bad_tiles_name_what_is_wrong(text, words):
    with pytest.raises(DominoError) as e:
        triomino(text)
    assert words in str(e.value)


def test_the_mirror_images_exist_in_the_76_set():
    m = triomino("1-5-3", chiral=True)
    assert m.is_mirror and m.mirror() == triomino("1-3-5") and m not in TRIOMINO_SET
    assert m in both_chiralities()
    assert parse_triominoes("1-3-5, 0-0-0  2-2-4") == (triomino("1-3-5"), triomino("0-0-0"),
                                                       triomino("2-2-4"))
    with pytest.raises(InvalidTile, match="mirror image of 2-3-4"):
        parse_triominoes("1-1-1 2-4-3")


# --- the grid -------------------------------------------------------------------------

WINDOW = [(r, c) for r in range(-4, 5) for c in range(-6, 7)]


def test_neighbours_by_shared_corners():
    """Brute force: two cells share an edge iff they share two corners, a corner only iff
    one; the hexagon of a point is every cell with that corner."""
    for cell in WINDOW:
        mine = set(vertices(cell))
        shared = {q: len(mine & set(vertices(q))) for q in WINDOW if q != cell}
        inner = abs(cell[0]) < 3 and abs(cell[1]) < 4
        if inner:
            assert set(edge_neighbours(cell)) == {q for q, k in shared.items() if k == 2}
            assert set(corner_neighbours(cell)) == {q for q, k in shared.items() if k == 1}
        assert max(shared.values()) <= 2
    for point in [(0, 1), (1, 2), (-1, 0), (2, -3)]:
        assert set(hexagon(point)) == {q for q in WINDOW if point in vertices(q)}
        assert len(hexagon(point)) == 6


def test_up_and_down_cells_alternate():
    assert [points_up((0, c)) for c in range(4)] == [True, False, True, False]
    assert [points_up((1, c)) for c in range(4)] == [False, True, False, True]
    # an up cell shares its bottom edge with the down cell below it
    assert (1, 0) in edge_neighbours((0, 0)) and (0, 0) in edge_neighbours((1, 0))


def picture(cells, number):
    """A board with a tile on each of ``cells``, showing ``number(point)`` at each corner
    (laid in an order in which each tile touches an earlier one along an edge)."""
    b = Board()
    todo, placed = list(cells), []
    while todo:
        for cell in todo:
            if not placed or any(q in placed for q in edge_neighbours(cell)):
                b.lay(placement(cell, tuple(number(v) for v in vertices(cell))))
                placed.append(cell)
                todo.remove(cell)
                break
        else:
            raise AssertionError("the cells are not joined by edges")
    return b


def placement(cell, numbers):
    """The placement showing ``numbers`` at the cell's corners (clockwise)."""
    t = Triomino(*numbers, chiral=True)
    turn = next(k for k in range(3) if t.rotation(k) == tuple(numbers))
    return Placement(t, cell, turn)


def test_legal_placement_matches_every_shared_corner():
    b = Board()
    b.lay(Placement(triomino("1-3-5"), (0, 0)))          # ▲ top 1, bottom-right 3, bottom-left 5
    assert b.points == {(0, 1): 1, (1, 2): 3, (1, 0): 5}
    # ▼ (0, 1) to its right: top-left 1 and bottom 3 are shared
    assert b.fits(placement((0, 1), (1, 2, 3)))
    assert "shows 2, but the tiles meeting there show 1" in b.why_not(placement((0, 1), (2, 2, 3)))
    assert "shares no edge" in b.why_not(placement((0, 3), (0, 0, 0)))
    assert "already holds 1-3-5" in b.why_not(placement((0, 0), (1, 3, 5)))
    with pytest.raises(IllegalMove, match="cannot go on"):
        b.lay(placement((1, 0), (4, 4, 4)))              # ▼ below: its top corners are 5 and 3
    b.lay(placement((1, 0), (5, 3, 0)))
    assert b.consistent() == []
    # every legal placement the board lists passes the check, every other turn/cell fails
    t = triomino("0-3-3")
    listed = set(b.placements(t))
    for cell in b.frontier():
        for k in range(3):
            assert (Placement(t, cell, k) in listed) == b.fits(Placement(t, cell, k))


def test_a_tile_touching_at_a_corner_only_must_match_there():
    """The bridge picture below: ▲(1,1) shares an edge with ▼(1,0), and only its corner
    (2, 3) with ▲(1,3); a tile matching the edge but not that corner is refused."""
    b = picture(BRIDGE, numbers)
    edge = [b.points[(1, 2)], None, b.points[(2, 1)]]
    far = b.points[(2, 3)]
    good = placement((1, 1), (edge[0], far, edge[2]))
    bad = placement((1, 1), (edge[0], (far + 1) % 6, edge[2]))
    assert b.fits(good) and "(2, 3)" in b.why_not(bad)


BRIDGE = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 4), (1, 3)]


# --- scoring ---------------------------------------------------------------------------

def numbers(p):
    return (3 * p[0] + p[1]) % 6


def distinct_numbers(cells, seed=0):
    """Numbers at the points of ``cells`` such that no two cells show the same tile."""
    rng = random.Random(seed)
    points = sorted({v for c in cells for v in vertices(c)})
    while True:
        nums = {v: rng.randrange(6) for v in points}
        tiles = [Triomino(*(nums[v] for v in vertices(c)), chiral=True) for c in cells]
        if len(set(tiles)) == len(tiles):
            return nums.__getitem__


def round_at(board, hand, others=((),), boneyard=()):
    hands = [list(hand)] + [list(h) for h in others]
    return TriominoRound.from_position(hands, boneyard=boneyard, board=board)


def free_tiles(board, k, avoid=()):
    used = {p.tile for p in board} | set(avoid)
    return [t for t in TRIOMINO_SET if t not in used][:k]


def test_the_lead():
    # the highest triple leads: its sum plus 10
    g = TriominoRound.from_position([[triomino("0-1-2"), triomino("3-3-3")],
                                     [triomino("4-4-4"), triomino("0-0-5")]])
    assert (g.leader, g.lead_tile) == (1, triomino("4-4-4"))
    g.play(g.legal_moves()[0])
    assert g.scores == [0, 22] and g.current == 0
    # 0-0-0 led scores 40
    g = TriominoRound.from_position([[triomino("0-0-0"), triomino("1-2-3")],
                                     [triomino("0-1-5"), triomino("2-4-5")]])
    g.play(g.legal_moves()[0])
    assert g.scores == [40, 0]
    # no triple dealt: the highest tile leads and scores its sum
    g = TriominoRound.from_position([[triomino("0-1-2"), triomino("3-4-5")],
                                     [triomino("2-4-4"), triomino("0-0-5")]])
    assert g.lead_tile == triomino("3-4-5")
    assert g.legal_moves() == [TriominoMove("play", Placement(triomino("3-4-5"), (0, 0), 0))]
    with pytest.raises(IllegalMove, match="led by 3-4-5"):
        g.play(TriominoMove("play", Placement(triomino("0-1-2"), (0, 0), 0)))
    g.play(g.legal_moves()[0])
    assert g.scores == [12, 0]


@pytest.mark.parametrize("players, size", [(2, 9), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_the_deal(players, size):
    g = TriominoRound(players, seed=players)
    assert [len(h) for h in g.hands] == [size] * players
    assert len(g.boneyard) == 56 - players * size and check_invariants(g) == []
    for bad in (1, 7, True, "2"):
        with pytest.raises(DominoError, match="2 to 6 players"):
            TriominoRound(bad)


def test_a_plain_placement_scores_its_corner_sum():
    b = picture([(0, 0)], numbers)                      # ▲ corners (0,1)=1 (1,2)=5 (1,0)=3
    p = placement((0, 1), (b.points[(0, 1)], 2, b.points[(1, 2)]))   # ▼ to the right
    g = round_at(b, [p.tile], [free_tiles(b, 2, [p.tile])])
    assert g.score_of(p) == (p.tile.value, ())


def test_a_bridge_scores_40_more():
    """▲(0,0)▼(0,1)▲(0,2)▼(0,3)▲(0,4) over ▼(1,0) and ▼(1,4)▲(1,3): the tile on ▲(1,1)
    touches ▼(1,0) along an edge and ▲(1,3) only at its bottom-right corner (2, 3)."""
    num = distinct_numbers(BRIDGE + [(1, 1)])
    b = picture(BRIDGE, num)
    x = placement((1, 1), tuple(num(v) for v in vertices((1, 1))))
    assert [q for q in edge_neighbours((1, 1)) if q in b.cells] == [(1, 0)]
    assert (2, 3) in b.points and b.is_bridge(x)
    g = round_at(b, [x.tile], [free_tiles(b, 1, [x.tile])])
    pts, notes = g.score_of(x)
    assert notes == ("bridge",) and pts == x.tile.value + 40
    # touching along two edges is no bridge
    y = placement((1, 2), tuple(b.points.get(v, 0) for v in vertices((1, 2))))
    assert sorted(q for q in edge_neighbours((1, 2)) if q in b.cells) == [(0, 2), (1, 3)]
    assert not b.is_bridge(y)


def test_hexagons_score_50_60_70():
    x = (1, 1)                                            # ▲: corners (1,2), (2,3), (2,1)
    v1, v2, v3 = vertices(x)
    for count, points in [(1, [v1]), (2, [v1, v2]), (3, [v1, v2, v3])]:
        cells = sorted({q for v in points for q in hexagon(v)} - {x})
        num = distinct_numbers(cells + [x], seed=count)
        b = picture(cells, num)
        p = placement(x, tuple(num(v) for v in vertices(x)))
        assert b.hexagons_completed(p) == count
        g = round_at(b, [p.tile], [free_tiles(b, 1, [p.tile])])
        pts, notes = g.score_of(p)
        bonus = {1: 50, 2: 60, 3: 70}[count]
        assert pts == p.tile.value + bonus
        assert notes[-1] == {1: "hexagon", 2: "double hexagon", 3: "triple hexagon"}[count]
    # the bonuses are an option
    rules = RULES.with_options(hexagon_bonus=(50, 100, 150))
    cells = sorted(set(hexagon(v1)) - {x})
    num = distinct_numbers(cells + [x])
    b = picture(cells, num)
    p = placement(x, tuple(num(v) for v in vertices(x)))
    g = TriominoRound.from_position([[p.tile], free_tiles(b, 1, [p.tile])], board=b, rules=rules)
    assert g.score_of(p)[0] == p.tile.value + 50


def blocked_board():
    """A single ▲ 5-5-5: only tiles with two 5s fit next to it."""
    b = Board()
    b.lay(Placement(triomino("5-5-5"), (0, 0)))
    return b


def test_drawing_costs_5_and_passing_10():
    b = blocked_board()
    hand = [triomino("0-0-1")]
    bone = [triomino("1-1-2"), triomino("0-2-3"), triomino("1-3-4"), triomino("4-5-5")]
    g = round_at(b, hand, [[triomino("0-1-1")]], boneyard=bone)
    assert g.legal_moves() == [TriominoMove("draw")]
    g.play(TriominoMove("draw"))                          # draws 4-5-5 (the end): it fits
    assert g.scores == [-5, 0] and triomino("4-5-5") in g.hands[0]
    assert all(m.kind == "play" for m in g.legal_moves())
    with pytest.raises(IllegalMove, match="cannot pass now"):
        g.play(TriominoMove("pass"))
    # three draws without a fit, then a pass: -5 -5 -5 -10
    g = round_at(b, hand, [[triomino("0-1-1")]], boneyard=bone[:3])
    for _ in range(3):
        g.play(g.legal_moves()[0])
    assert g.legal_moves() == [TriominoMove("pass")]
    g.play(TriominoMove("pass"))
    assert g.scores == [-25, 0] and g.current == 1 and len(g.hands[0]) == 4
    # the boneyard empty: pass at once
    g = round_at(b, hand, [[triomino("0-1-1")]])
    assert g.legal_moves() == [TriominoMove("pass")]


def test_going_out_scores_25_and_the_other_hands():
    b = blocked_board()
    last = triomino("3-5-5")
    others = [triomino("0-1-2"), triomino("2-2-4")]
    g = round_at(b, [last], [others])
    move = next(m for m in g.legal_moves())
    g.play(move)
    assert g.is_over() and g.end == "out" and g.winner == 0
    assert g.scores[0] == 13 + 25 + (3 + 8) and g.legal_moves() == []
    with pytest.raises(GameOver):
        g.play(move)


def test_a_blocked_round_scores_the_difference():
    b = blocked_board()
    g = round_at(b, [triomino("0-0-1")], [[triomino("1-2-3")], [triomino("0-2-4")]])
    for _ in range(3):
        g.play(TriominoMove("pass"))
    # sums left 1, 6, 6: the lowest scores 6 + 6 - 1 on top of his -10 for passing
    assert g.is_over() and g.end == "blocked" and g.winner == 0
    assert g.scores == [-10 + 11, -10, -10]
    assert check_invariants_lenient(g) == []


def check_invariants_lenient(g):
    """The invariants of a scripted position (not the whole set in play)."""
    sums = [0] * g.players
    for h in g.history:
        sums[h.player] += h.points
    return g.board.consistent() + ([] if sums == g.scores else ["scores"])


def test_rule_options_are_checked():
    with pytest.raises(DominoError, match="no option 'bogus'"):
        RULES.with_options(bogus=1)
    with pytest.raises(DominoError, match="whole number"):
        RULES.with_options(bridge_bonus="40")
    with pytest.raises(DominoError, match="three whole numbers"):
        RULES.with_options(hexagon_bonus=(50, 60))
    assert RULES.with_options(target=200).target == 200


def test_illegal_moves_say_why():
    g = TriominoRound(2, seed=5)
    g.play(g.legal_moves()[0])
    hand = g.hands[g.current]
    with pytest.raises(IllegalMove, match="does not hold"):
        g.play(TriominoMove("play", Placement(g.board.cells[(0, 0)].tile, (0, 1), 0)))
    with pytest.raises(IllegalMove, match="a move is a TriominoMove"):
        g.play("draw")  # type: ignore[arg-type]
    far = TriominoMove("play", Placement(hand[0], (5, 5), 0))
    with pytest.raises(IllegalMove, match="shares no edge"):
        g.play(far)


# --- games ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("share", shares((4, 0), (8, 100)))
def test_random_games_keep_every_invariant(players, share):
    rounds, shift = share
    rep = simulate(rounds,
                   ["random", "greedy", "lookahead", "random", "greedy", "random"][:players],
                   seed=shift + players)
    assert rep["violations"] == [] and rep["rounds"] == rounds
    assert sum(rep["wins"]) == rounds


def test_every_legal_move_is_legal_and_nothing_else_is():
    """Brute force on positions from random games: the listed plays are exactly the
    placements on cells next to the table, in every turn, that match every corner."""
    rng = random.Random(4)
    g = TriominoRound(3, seed=11)
    bot = make_bot("random", 1)
    for _ in range(25):
        if g.is_over():
            break
        moves = g.legal_moves()
        plays = {m.placement for m in moves if m.kind == "play"}
        cells = {q for c in g.board.cells for q in edge_neighbours(c)} - set(g.board.cells)
        cells = cells or {(0, 0)}
        if g.board:
            brute = set()
            for t in g.hands[g.current]:
                for cell in cells:
                    for k in range(3):
                        nums = t.rotation(k)
                        if all(g.board.points.get(v, n) == n
                               for v, n in zip(vertices(cell), nums)):
                            brute.add(Placement(t, cell, 0 if t.is_triple else k))
            assert plays == brute
        g.play(moves[rng.randrange(len(moves))] if rng.random() < 0.5 else bot(g))


def test_a_match_runs_to_400():
    m = TriominoMatch(players=2, seed=3)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    rounds = 0
    while not m.is_over():
        g = m.new_round()
        while not g.is_over():
            g.play(bots[g.current](g))
        m.finish_round()
        rounds += 1
    assert max(m.scores) >= 400 and m.winner() == m.scores.index(max(m.scores))
    assert sum(r.scores[0] for r in m.rounds) == m.scores[0] and rounds == len(m.rounds)
    with pytest.raises(GameOver):
        m.new_round()


def test_bots_and_pictures():
    with pytest.raises(DominoError, match="no triomino bot"):
        make_bot("clever")
    with pytest.raises(DominoError, match="rounds"):
        simulate(0, ["random", "random"])
    g = TriominoRound(2, seed=2)
    bots = [make_bot("lookahead", 1), make_bot("greedy", 2)]
    for _ in range(6):
        g.play(bots[g.current](g))
    svg = board_svg(g.board)
    labels = Counter(s.split('"')[0] for s in svg.split('aria-label="')[1:])
    assert sum(v for k, v in labels.items() if "pointing" in k) == len(g.board)
    assert svg.count("<polygon") == len(g.board) and g._repr_svg_() == svg
    assert triomino_set_svg(TRIOMINO_SET).count("<polygon") == 56
    assert 'aria-label="triomino 2-2-4"' in triomino_svg(triomino("4-2-2"))
    assert isinstance(ParseError("x"), DominoError)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_soak(players, request):
    """10,000 games per player count with every invariant checked (``make soak``)."""
    if "slow" not in (request.config.getoption("-m") or ""):
        pytest.skip("soak run: select it with -m slow (make soak)")
    bots = ["random", "greedy"] * 3
    rep = simulate(10_000, bots[:players], seed=100 + players)
    assert rep["violations"] == [] and rep["rounds"] == 10_000


# --- puzzles ---------------------------------------------------------------------------

def brute_hexagon(board, point, hand):
    """Every order of hand tiles on the empty cells, every turn: does one fit?"""
    cells = [c for c in hexagon(point) if c not in board.cells]
    for tiles in itertools.permutations(hand, len(cells)):
        for turns in itertools.product(range(3), repeat=len(cells)):
            b = board.copy()
            ok = True
            for cell, t, k in zip(cells, tiles, turns):
                p = Placement(t, cell, k)
                if any(b.points.get(v, n) != n for v, n in zip(vertices(cell), p.numbers())):
                    ok = False
                    break
                b.cells[cell] = p
                b.points.update(zip(vertices(cell), p.numbers()))
            if ok:
                return True
    return False


def test_hexagon_completion_against_brute_force():
    checked = impossible = 0
    for seed in range(60):
        g = TriominoRound(2, seed=seed)
        bots = [make_bot("greedy", 1), make_bot("random", 2)]
        for _ in range(12):
            if not g.is_over():
                g.play(bots[g.current](g))
        for v in sorted(g.board.points):
            empty = [c for c in hexagon(v) if c not in g.board.cells]
            if 1 <= len(empty) <= 3:
                hand = g.hands[g.current][:6]
                ans = complete_hexagon(g.board, v, hand)
                assert ans.possible == brute_hexagon(g.board, v, hand), (seed, v)
                if ans.possible:
                    b = g.board.copy()
                    for p in ans.placements:
                        b.cells[p.cell] = p
                        b.points.update(zip(vertices(p.cell), p.numbers()))
                    assert b.consistent() == [] and all(c in b.cells for c in hexagon(v))
                else:
                    impossible += 1
                    assert ans.reason
                checked += 1
    assert checked > 100 and impossible > 10


def test_a_hexagon_only_a_mirror_tile_completes():
    """The hexagon round (1, 2) with five tiles whose corners leave the last cell, ▲(1, 1),
    needing 0, 2, 1 clockwise: only the mirror image of 0-1-2 would fit."""
    cell = (1, 1)                                        # ▲: corners (1,2), (2,3), (2,1)
    need = {(1, 2): 0, (2, 3): 2, (2, 1): 1}
    rest = sorted(set(hexagon((1, 2))) - {cell})
    rng = random.Random(1)
    while True:
        nums = dict(need)
        for c in rest:
            for v in vertices(c):
                nums.setdefault(v, rng.randrange(6))
        tiles = [Triomino(*(nums[v] for v in vertices(c)), chiral=True) for c in rest]
        if len(set(tiles)) == 5 and not any(t.is_mirror for t in tiles) and \
                triomino("0-1-2") not in tiles:
            break
    b = picture(rest, nums.__getitem__)
    ans = complete_hexagon(b, (1, 2), [triomino("0-1-2"), triomino("1-2-2")])
    assert not ans.possible and "only mirror images (0-2-1)" in ans.reason
    assert [p.tile for p in ans.mirror_completion] == [triomino("0-2-1", chiral=True)]
    assert complete_hexagon(b, (1, 2), [triomino("0-1-2")]).possible is False
    with pytest.raises(DominoError, match="at most 40"):
        complete_hexagon(b, (1, 2), list(TRIOMINO_SET))
