"""Lesson 16's games against independent brute force: Domineering values against plain
minimax written here (outcomes, sums, equality by play), Cram's symmetry strategy
played against every reply, Grundy values, the games against the computer, and the
fastest and the 13-left blocks of the line game by exhaustive search on small sets."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from dominolab import DominoSet, Tile
from dominolab.errors import DominoError, IllegalMove, InvalidPosition, OverLimit
from dominolab.games import blocked_line, fastest_block
from dominolab.games.combinatorial import versus
from dominolab.games.combinatorial import (Board, cram, domineering, game, integer, number,
                                          outcome, play)
from dominolab.teach.course.l09_blocks import fewest_block_tiles

# ----------------------------------------------------------------------------- brute force
# Positions here are frozensets of (row, col) cells; nothing from the package is used.


def _dominoes(cells, ways):
    out = []
    for r, c in cells:
        if "v" in ways and (r + 1, c) in cells:
            out.append(((r, c), (r + 1, c)))
        if "h" in ways and (r, c + 1) in cells:
            out.append(((r, c), (r, c + 1)))
    return out


@lru_cache(maxsize=None)
def _wins(cells: frozenset, player: str, partizan: bool) -> bool:
    """Does ``player`` (to move) win? Domineering: L vertical, R horizontal; Cram: both."""
    ways = ("v" if player == "L" else "h") if partizan else "vh"
    other = "R" if player == "L" else "L"
    return any(not _wins(cells - set(d), other, partizan) for d in _dominoes(cells, ways))


def brute_outcome(cells) -> str:
    cells = frozenset(cells)
    left, right = _wins(cells, "L", True), _wins(cells, "R", True)
    return {(True, True): "first player", (True, False): "Left", (False, True): "Right",
            (False, False): "second player"}[left, right]


def rect(rows, cols, r0=0, c0=0):
    return {(r0 + r, c0 + c) for r in range(rows) for c in range(cols)}


def board(cells, rule="domineering"):
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    return Board(rows, cols, frozenset(cells), rule)


def random_region(rng, size=9, box=(3, 4)):
    cells = {(rng.randrange(box[0]), rng.randrange(box[1]))}
    while len(cells) < size:
        r, c = rng.choice(sorted(cells))
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < box[0] and 0 <= c + dc < box[1]:
            cells.add((r + dr, c + dc))
    return cells


def transpose(cells, shift=0):
    """The board turned over its diagonal: Left's moves become Right's, so the value is
    the negative."""
    return {(c + shift, r) for r, c in cells}


# ----------------------------------------------------------------------------- Domineering


@pytest.mark.parametrize("rows,cols", [(r, c) for r in range(1, 5) for c in range(1, 5)
                                       if r * c <= 16])
def test_domineering_values_give_the_brute_force_outcome(rows, cols):
    b = Board.rectangle(rows, cols)
    expected = brute_outcome(rect(rows, cols))
    assert outcome(domineering.value(b)) == expected
    assert domineering.outcome_by_minimax(b) == expected


def test_domineering_on_random_regions():
    rng = random.Random(16)
    for _ in range(60):
        cells = random_region(rng, rng.randrange(2, 11))
        b = board(cells)
        assert outcome(domineering.value(b)) == brute_outcome(cells), sorted(cells)
        assert domineering.outcome_by_minimax(b) == brute_outcome(cells)


def test_values_compare_and_add_as_play_says():
    """G = H exactly when G + (−H) is a second-player win, and −H is H turned over its
    diagonal; the value of two regions side by side is the sum of their values."""
    rng = random.Random(7)
    regions = [random_region(rng, rng.randrange(2, 7), (3, 3)) for _ in range(14)]
    # the lesson's rectangles first: each value is compared by play with every other
    lesson = [rect(2, 2), rect(2, 3), rect(3, 2), rect(2, 4), rect(1, 2), rect(2, 1),
              rect(1, 4), rect(3, 1), rect(2, 5) - {(1, 4)}]
    regions = lesson + regions
    for a in regions:
        for b in regions[:12]:
            va, vb = domineering.value(board(a)), domineering.value(board(b))
            apart = a | transpose(b, shift=10)        # B turned over, far from A
            by_play = brute_outcome(apart)
            assert (va == vb) == (by_play == "second player"), (sorted(a), sorted(b))
            assert (va >= vb) == (by_play in ("Left", "second player"))
            side = a | {(r, c + 6) for r, c in b}     # apart: a covered column between
            assert outcome(va + vb) == brute_outcome(side)
            assert domineering.value(board(side)) == va + vb


def test_published_values_of_small_boards():
    """Columns, rows and the 2×2 square as in «Winning Ways» and the Wikipedia article
    «Domineering» (2n or 2n + 1 cells in a column: n); square boards as in Breuker,
    Uiterwijk and van den Herik, «Solving 8×8 Domineering»."""
    for k in range(1, 10):
        assert domineering.value(Board.rectangle(k, 1)) == integer(k // 2)
        assert domineering.value(Board.rectangle(1, k)) == integer(-(k // 2))
    assert domineering.value(Board.rectangle(2, 2)) == game([integer(1)], [integer(-1)])
    assert str(domineering.value(Board.rectangle(2, 2))) == "±1"
    for n in (2, 3, 4):
        assert domineering.outcome_by_minimax(Board.rectangle(n, n)) == "first player"
    # two squares cancel: ±1 + ±1 = 0
    assert domineering.value(Board.parse("..#..\n..#..")) == domineering.value(Board.parse("#"))


def test_five_by_five_is_a_second_player_win():
    """Conway, «On Numbers and Games»: 5×5 Domineering is a second-player win."""
    assert domineering.outcome_by_minimax(Board.rectangle(5, 5)) == "second player"


def test_the_lessons_values():
    """The values the lesson prints, each checked by play against a game built by hand."""
    half = number("1/2")
    assert domineering.value(Board.rectangle(2, 3)) == game([integer(2)], [-half])
    assert domineering.value(Board.rectangle(3, 2)) == game([half], [integer(-2)])
    assert domineering.value(Board.parse("...\n##.")) == -half
    assert domineering.value(Board.rectangle(3, 4)) == number("-3/2")
    assert domineering.value(Board.rectangle(2, 5)) == half
    assert brute_outcome(rect(2, 5)) == "Left"
    assert domineering.winning_moves(Board.rectangle(2, 5), "L") == [
        d for d in Board.rectangle(2, 5).moves("L")
        if not _wins(frozenset(rect(2, 5)) - set(d), "R", True)]


def test_the_solvers_winning_moves_win():
    rng = random.Random(3)
    for _ in range(30):
        cells = random_region(rng, rng.randrange(4, 11))
        b = board(cells)
        for p, other in (("L", "R"), ("R", "L")):
            good = domineering.winning_moves(b, p)
            for d in b.moves(p):
                after = frozenset(cells) - set(d)
                assert (d in good) == (not _wins(after, other, True))


# ----------------------------------------------------------------------------- Cram


def _cram_wins(cells) -> bool:
    return _wins(frozenset(cells), "L", False)


def _mirror_never_fails(rows, cols) -> bool:
    """The symmetry strategy against every reply, written out here."""
    def img(d):
        (a, b), (c, e) = d
        x, y = (rows - 1 - a, cols - 1 - b), (rows - 1 - c, cols - 1 - e)
        return tuple(sorted((x, y)))

    @lru_cache(maxsize=None)
    def safe(free):          # the opponent to move; the strategist answers by the image
        for d in _dominoes(free, "vh"):
            after = free - set(d)
            reply = img(d)
            if not set(reply) <= after:
                return False
            if not safe(after - set(reply)):
                return False
        return True

    free = frozenset(rect(rows, cols))
    if rows % 2 and cols % 2:
        return False
    if rows % 2 or cols % 2:
        centre = [d for d in _dominoes(free, "vh") if img(d) == d]
        assert len(centre) == 1
        free = free - set(centre[0])
    return safe(free)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 4), (4, 2), (4, 4), (2, 6), (4, 6),
                                       (1, 2), (1, 4), (3, 2), (3, 4), (5, 2), (3, 6), (5, 4),
                                       (4, 5)])
def test_the_mirror_strategy_never_loses(rows, cols):
    check = cram.check_symmetry_strategy(rows, cols)
    assert check.holds and _mirror_never_fails(rows, cols)
    second = rows % 2 == 0 and cols % 2 == 0
    assert check.strategist == ("second player" if second else "first player")
    if rows * cols <= 16:
        assert _cram_wins(rect(rows, cols)) == (not second)
        assert cram.winner(Board.rectangle(rows, cols, "cram")) == check.strategist


def test_odd_by_odd_has_no_mirror_strategy_and_the_search_decides():
    with pytest.raises(InvalidPosition, match="own image"):
        cram.check_symmetry_strategy(3, 3)
    for rows, cols in [(1, 1), (1, 3), (3, 3), (1, 5), (3, 5), (1, 7)]:
        want = "first player" if _cram_wins(rect(rows, cols)) else "second player"
        assert cram.winner(Board.rectangle(rows, cols, "cram")) == want
    assert cram.winner(Board.rectangle(3, 3, "cram")) == "second player"


def _mex(values):
    g = 0
    while g in values:
        g += 1
    return g


@lru_cache(maxsize=None)
def _brute_grundy(cells: frozenset) -> int:
    return _mex({_brute_grundy(cells - set(d)) for d in _dominoes(cells, "vh")})


def test_grundy_values_against_brute_force_and_dawsons_kayles():
    rng = random.Random(5)
    for _ in range(40):
        cells = random_region(rng, rng.randrange(1, 10))
        g = cram.grundy(board(cells, "cram"))
        assert g == _brute_grundy(frozenset(cells))
        assert (g == 0) == (not _cram_wins(cells))
    # 1×n Cram is Dawson's Kayles (the octal game 0.07); OEIS A002187 from n = 1
    published = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    assert [cram.grundy(Board.rectangle(1, n, "cram")) for n in range(1, 21)] == published
    assert [_brute_grundy(frozenset(rect(1, n))) for n in range(1, 13)] == published[:12]


def test_cram_winning_moves():
    for rows, cols in [(2, 3), (3, 3), (1, 6), (2, 4)]:
        cells = rect(rows, cols)
        b = Board.rectangle(rows, cols, "cram")
        good = cram.winning_moves(b)
        for d in b.moves("L"):
            assert (d in good) == (not _cram_wins(frozenset(cells) - set(d)))


# ----------------------------------------------------------------------------- playing


def test_nobody_beats_the_mirror_or_the_solver():
    rng = random.Random(11)
    for rule, rows, cols, computer, start in [("cram", 4, 4, "mirror", None),
                                              ("cram", 3, 4, "mirror", None),
                                              ("cram", 2, 6, "mirror", None),
                                              ("cram", 3, 3, "solver", True),
                                              ("domineering", 3, 3, "solver", False),
                                              ("domineering", 3, 4, "solver", True)]:
        for _ in range(25):
            g = play(rule, rows, cols, computer=computer, you_start=start)
            while not g.over:
                g.move(rng.choice(g.moves()))
            assert g.winner == "computer", (rule, rows, cols, g.history)
            assert g.board.free_count + 2 * len(g.history) == rows * cols


def test_an_illegal_move_is_refused_and_keeps_the_game():
    g = play("cram", 4, 4)
    g.move("(0,0)-(0,1)")
    before = (g.board, list(g.history))
    for bad in ("(0,0)-(0,1)", "(0,0)-(2,2)", "(9,9)-(9,10)", "hello", 42):
        g.move(bad)
        assert g.status.startswith("Not played:") and "as it was" in g.status
        assert (g.board, g.history) == before
    d = play("domineering", 3, 3, computer="solver")
    d.move("(0,0)-(0,1)")      # Left may not place a horizontal domino
    assert "horizontal" in d.status and not d.history


def test_bad_input_names_what_and_where():
    with pytest.raises(InvalidPosition, match="rows"):
        Board(0, 3, frozenset())
    with pytest.raises(OverLimit, match="more than 36 cells"):
        Board.rectangle(7, 7)
    with pytest.raises(InvalidPosition, match="line 2, column 1"):
        Board.parse("..\nx.")
    with pytest.raises(InvalidPosition, match="outside"):
        Board(2, 2, frozenset({(2, 0)}))
    with pytest.raises(IllegalMove, match="not neighbours"):
        Board.rectangle(2, 2).play("(0,0)-(1,1)", "L")
    with pytest.raises(IllegalMove, match="'X'"):
        Board.rectangle(2, 2).play("(0,0)-(1,0)", "X")
    with pytest.raises(InvalidPosition, match="Cram needs"):
        cram.winner(Board.rectangle(2, 2))
    with pytest.raises(InvalidPosition, match="mirror strategy is for Cram"):
        play("domineering", 4, 4)
    with pytest.raises(InvalidPosition, match="own image"):
        play("cram", 3, 3)
    with pytest.raises(InvalidPosition, match="'mirror' or 'solver'"):
        play("cram", 4, 4, computer="random")
    with pytest.raises(OverLimit, match="max_nodes"):
        domineering.outcome_by_minimax(Board.rectangle(5, 5), max_nodes=100)
    with pytest.raises(OverLimit, match="max_nodes"):
        cram.winner(Board.rectangle(4, 6, "cram"), max_nodes=100)
    with pytest.raises(OverLimit, match="max_nodes"):
        cram.check_symmetry_strategy(4, 6, max_nodes=10)
    with pytest.raises(OverLimit, match="MAX_VALUE_REGIONS"):
        domineering.value(Board.parse("...\n...\n...\n..#"), max_nodes=3)
    with pytest.raises(OverLimit, match="MAX_INTEGER"):
        integer(10 ** 9)
    with pytest.raises(OverLimit, match="denominators"):
        number("1/8192")
    with pytest.raises(InvalidPosition, match="not dyadic"):
        number("1/3")
    with pytest.raises(OverLimit, match="characters"):
        Board.parse("." * 10_000)


def test_a_computer_past_its_budget_leaves_the_board_as_it_was(monkeypatch):
    def tired(*args, **kwargs):
        raise OverLimit("the search needs more than 1 positions (max_nodes)")

    g = play("domineering", 3, 3, computer="solver")
    monkeypatch.setattr(versus, "domineering_winning_moves", tired)
    g.move("(0,0)-(1,0)")
    assert "cannot answer" in g.status and not g.history
    assert g.board == Board.rectangle(3, 3)


# ----------------------------------------------------------------------------- blocks


def _blocked_lines_by_search(n):
    """Every blocked line of double-n (every tile dealt), by breadth-first search over
    (tiles down, the two ends): the fewest tiles at a block and the tiles-left counts."""
    tiles = list(DominoSet(n))
    full = frozenset(tiles)
    level = {(frozenset([t]), t.low, t.high) for t in tiles}
    fewest, lefts = None, set()
    size = 1
    while level:
        nxt = set()
        for used, a, b in level:
            rest = full - used
            if rest and not any(t.has(a) or t.has(b) for t in rest):
                lefts.add(len(rest))
                fewest = size if fewest is None else fewest
                continue
            for t in rest:
                for end, keep in ((a, b), (b, a)):
                    if t.has(end):
                        other = t.high if t.low == end else t.low
                        nxt.add((used | {t}, *sorted((other, keep))))
        level = nxt
        size += 1
    return fewest, lefts


@pytest.mark.parametrize("n", [2, 3, 4])
def test_fastest_block_against_exhaustive_search(n):
    fewest, lefts = _blocked_lines_by_search(n)
    assert fastest_block(n).tiles == fewest
    if n % 2 == 0:
        assert fewest == fewest_block_tiles(n)
        # blocked_line builds a line for exactly the counts the search finds
        built = set()
        for k in range(1, len(DominoSet(n)) + 1):
            try:
                blocked_line(k, n)
                built.add(k)
            except DominoError:
                pass
        assert built == lefts


def _check_blocked(line, n, left):
    tiles = [Tile(a, b) for a, b in line]
    assert len(set(tiles)) == len(tiles)
    assert all(line[i][1] == line[i + 1][0] for i in range(len(line) - 1))
    rest = [t for t in DominoSet(n) if t not in set(tiles)]
    ends = {line[0][0], line[-1][1]}
    assert rest and not any(t.has(e) for t in rest for e in ends)
    assert len(rest) == left


def test_double_six_blocks_fastest_and_with_thirteen_left():
    fb = fastest_block(6)
    assert fb.tiles == 10 == fewest_block_tiles(6)
    # the package's example, replayed: a line, and blocked
    pairs = []
    for t, side in fb.example:
        if not pairs:
            pairs.append((t.low, t.high))
        elif side == "L":
            end = pairs[0][0]
            pairs.insert(0, (t.other(end), end))
        else:
            end = pairs[-1][1]
            pairs.append((end, t.other(end)))
    _check_blocked(pairs, 6, 18)
    for k in range(1, 19):
        b = blocked_line(k)
        _check_blocked(b.line, 6, k)
        assert b.tiles + k == 28
    assert blocked_line(13).tiles == 15
    with pytest.raises(DominoError, match="1 to 18"):
        blocked_line(19)
    with pytest.raises(DominoError, match="tiles_left"):
        blocked_line(0)
    with pytest.raises(DominoError, match="even"):
        blocked_line(3, n=5)
    with pytest.raises(OverLimit, match="MAX_BLOCKED_LINE_N"):
        blocked_line(3, n=8)
