"""Tests for dominolab.puzzles.dominosa: formats, solver, grader, hints,
generator, collection, rendering and CLI.

The solver is cross-checked against an independent brute-force exact cover
(below, sharing no code with the engine) on thousands of random small grids;
the grader against game IDs made by the reference generator (Simon Tatham's
Portable Puzzle Collection, see puzzles/dominosa/tatham-anchors.txt).
"""

from __future__ import annotations

import pathlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab import Tile
from dominolab.cli import main
from dominolab.errors import DominoError, InvalidPosition, InvalidRegion, ParseError, Unsolvable
from dominolab.puzzles import dominosa as D
from dominolab.puzzles import dominosa_solver as S
from dominolab.puzzles import formats

ROOT = pathlib.Path(__file__).resolve().parent.parent
COLLECTION = ROOT / "puzzles" / "dominosa"


# ---------------------------------------------------------------------------
# independent brute force

def brute_solutions(rows, limit=None):
    """All solutions as frozensets of cell pairs: fill the first empty cell
    (reading order) with a tile going right or down, each tile at most once."""
    h, w = len(rows), len(rows[0])
    used_cells = [[False] * w for _ in range(h)]
    used_tiles = set()
    out = []
    chosen = []

    def rec(k):
        if limit is not None and len(out) >= limit:
            return
        while k < h * w and used_cells[k // w][k % w]:
            k += 1
        if k == h * w:
            out.append(frozenset(chosen))
            return
        r, c = divmod(k, w)
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if r2 < h and c2 < w and not used_cells[r2][c2]:
                t = tuple(sorted((rows[r][c], rows[r2][c2])))
                if t in used_tiles:
                    continue
                used_tiles.add(t)
                used_cells[r][c] = used_cells[r2][c2] = True
                chosen.append(((r, c), (r2, c2)))
                rec(k + 1)
                chosen.pop()
                used_cells[r][c] = used_cells[r2][c2] = False
                used_tiles.discard(t)

    rec(0)
    return out


@st.composite
def grids(draw, min_n=1, max_n=3):
    n = draw(st.integers(min_n, max_n))
    cells = [v for v in range(n + 1) for _ in range(n + 2)]
    perm = draw(st.permutations(cells))
    w = n + 2
    return [list(perm[r * w:(r + 1) * w]) for r in range(n + 1)]


@st.composite
def planted(draw, min_n=2, max_n=6):
    """A grid with at least one solution: a random tiling and tile assignment."""
    from dominolab.puzzles.dominosa_gen import _layout

    n = draw(st.integers(min_n, max_n))
    seed = draw(st.integers(0, 10**9))
    _, numbers = _layout(n, random.Random(seed))
    w = n + 2
    return [numbers[r * w:(r + 1) * w] for r in range(n + 1)]


def sol_pairs(sol):
    return frozenset(pl.cells for pl in sol)


# ---------------------------------------------------------------------------
# model and formats

def test_parse_shapes_and_print():
    p = D.Dominosa.parse("2dt:202012100211")
    assert (p.n, p.rows, p.cols) == (2, 3, 4)
    assert p.grid == ((2, 0, 2, 0), (1, 2, 1, 0), (0, 2, 1, 1))
    assert all(isinstance(row, tuple) for row in p.grid)
    assert D.Dominosa.parse(str(p)) == p
    assert p.to_tatham() == "2:202012100211"
    assert p.to_tatham("hard") == "2dh:202012100211"
    assert p.fields["grade"] == "trivial"
    assert D.Dominosa.parse("2a:202012100211").fields["grade"] == "ambiguous"
    assert D.Dominosa.parse("2020\n1210\n0211") == p  # compact digit rows


def test_big_numbers_brackets_round_trip():
    p = D.generate(11, "basic", seed=3)
    gid = p.to_tatham()
    assert "[10]" in gid and "[11]" in gid
    assert D.Dominosa.parse(gid) == p
    assert D.Dominosa.parse(str(p)) == p
    compact = "\n".join("".join(str(x) if x < 10 else f"[{x}]" for x in row) for row in p.grid)
    assert D.Dominosa.parse(compact) == p


@settings(max_examples=200, deadline=None)
@given(grids(0, 12))
def test_round_trips(rows):
    p = D.Dominosa(rows)
    assert D.Dominosa.parse(p.to_tatham()) == p
    assert D.Dominosa.parse(str(p)) == p
    for g in "tbhea":
        assert formats.parse_tatham(p.to_tatham(g))[1] == g


@pytest.mark.parametrize("text, words", [
    ("2dt:20201210021", ["11 numbers", "needs 3 x 4 = 12"]),
    ("2dt:2020121002111", ["13 numbers"]),
    ("2dt:202012100213", ["number 3", "out of range 0..2"]),
    ("2dt:202012100000", ["number 0 appears 7 times", "exactly 4 times"]),
    ("2dx:202012100211", ["difficulty 'x'"]),
    ("2q:202012100211", ["parameters '2q'"]),
    ("x:202012100211", ["'x' at position 0"]),
    ("2:2020121002a1", ["'a' at position", "not a digit"]),
    ("2:20201210[21", ["opens a number that is not closed"]),
    ("2 0 2 0\n1 2 1\n0 2 1 1", ["row 2 has 3 numbers", "needs 4"]),
    ("2 0 2 0\n1 2 x 0\n0 2 1 1", ["grid line 2", "'x' is not a number"]),
    ("", ["empty"]),
    ("0 1 2", ["row 1 has 3 numbers"]),
])
def test_strict_parse_errors(text, words):
    with pytest.raises(ParseError) as e:
        D.Dominosa.parse(text)
    for w in words:
        assert w in str(e.value), (str(e.value), w)


def test_constructor_checks_and_errors():
    with pytest.raises(ParseError, match="number 1 appears 5 times"):
        D.Dominosa([[0, 0, 1, 2], [1, 1, 2, 0], [2, 0, 1, 1]])
    with pytest.raises(ParseError):
        D.Dominosa([[0, True]])
    with pytest.raises(ParseError):
        D.Dominosa(5)
    assert issubclass(ParseError, DominoError)


def test_placement_solution_partial_values():
    pl = D.Placement(((1, 1), (0, 1)), (3, 2))
    assert pl.cells == ((0, 1), (1, 1)) and pl.tile == Tile(2, 3) and not pl.horizontal
    a, b = pl
    assert (a, b) == pl.cells
    assert pl == D.Placement(((0, 1), (1, 1)), Tile(2, 3)) and hash(pl) == hash(eval(repr(pl), {
        "Placement": D.Placement, "Tile": Tile}))
    with pytest.raises(InvalidPosition):
        D.Placement(((0, 0), (1, 1)), (0, 0))
    with pytest.raises(AttributeError):
        pl.tile = Tile(0, 0)
    q = D.Partial(placed=[pl], excluded=[((2, 2), (2, 1))])
    assert q.placed == {((0, 1), (1, 1))} and q.excluded == {((2, 1), (2, 2))}
    assert q.exclude(pl).placed == frozenset() and q.place(((2, 1), (2, 2))).excluded == frozenset()
    assert D.Partial.of(None) == D.Partial() and D.Partial.of([pl]) == D.Partial([pl])


def test_solution_text_round_trip_and_file():
    p = D.generate(5, "hard", seed=4)
    sol = p.solve()
    pairs = formats.parse_solution(str(sol), p.rows, p.cols)
    assert frozenset(pairs) == sol_pairs(sol)
    text = p.to_file()
    q = D.Dominosa.parse(text)
    assert q == p and q.fields["grade"] == "hard" and q.fields["tatham"].startswith("5dh:")
    assert frozenset(formats.parse_solution(q.fields["solution"], q.rows, q.cols)) == sol_pairs(sol)
    with pytest.raises(ParseError, match="does not point back"):
        formats.parse_solution("><\n^^".replace("^^", "^v"), 2, 2)
    with pytest.raises(ParseError, match="expected 'key: value'"):
        formats.parse_puzzle_file("hello\ngrid:\n0 0")


def _examples(n):
    """Hypothesis settings: ``n`` grids, no deadline (a grid's brute force may be slow)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------
# solver: brute-force agreement, verification, soundness of every deduction

@_examples(800)
@given(grids(1, 3))
def test_count_matches_brute_force(rows):
    _count_matches_brute_force(rows)


@pytest.mark.sweep
@_examples(2500)
@given(grids(1, 3))
def test_count_matches_brute_force_more(rows):
    """The check above on 2,500 grids (make sweeps; make test draws 800)."""
    _count_matches_brute_force(rows)


def _count_matches_brute_force(rows):
    p = D.Dominosa(rows)
    brute = brute_solutions(rows)
    ours = list(p.solutions())
    assert len(ours) == len(brute) == p.count_solutions(limit=None)
    assert {sol_pairs(s) for s in ours} == set(brute)
    assert p.count_solutions(limit=2) == min(2, len(brute))
    if brute:
        assert sol_pairs(p.solve()) in set(brute)
        g = p.grade()
        assert (g == D.Grade.AMBIGUOUS) == (len(brute) > 1)
    else:
        with pytest.raises(Unsolvable):
            p.solve()
        with pytest.raises(Unsolvable):
            p.grade()


@_examples(100)
@given(planted(4, 5))
def test_count_matches_brute_force_bigger(rows):
    _count_matches_brute_force_bigger(rows)


@pytest.mark.sweep
@_examples(300)
@given(planted(4, 5))
def test_count_matches_brute_force_bigger_more(rows):
    """The check above on 300 grids (make sweeps; make test draws 100)."""
    _count_matches_brute_force_bigger(rows)


def _count_matches_brute_force_bigger(rows):
    brute = brute_solutions(rows, limit=20)
    p = D.Dominosa(rows)
    assert p.count_solutions(limit=20) == len(brute) >= 1


@_examples(150)
@given(planted(2, 5))
def test_deductions_never_remove_a_solution(rows):
    """Every rule is sound: nothing in any solution is ever ruled out."""
    _deductions_keep_every_solution(rows)


@pytest.mark.sweep
@_examples(400)
@given(planted(2, 5))
def test_deductions_never_remove_a_solution_more(rows):
    """The check above on 400 grids (make sweeps; make test draws 150)."""
    _deductions_keep_every_solution(rows)


def _deductions_keep_every_solution(rows):
    brute = brute_solutions(rows, limit=200)
    p = D.Dominosa(rows)
    b = p._board
    state = b.initial()
    steps = []
    S.deduce(b, state, S.EXTREME, record=steps)
    needed = {p._index(pair) for sol in brute for pair in sol}
    assert all(state.alive >> k & 1 for k in needed)
    if len(brute) == 1:
        assert all(state.committed >> k & 1 or state.alive >> k & 1 for k in needed)


def test_unsolvable_and_verification():
    p = D.Dominosa([[0, 1, 1], [1, 0, 0]])
    assert p.count_solutions() == 1
    bad = D.Dominosa.parse("1:011001")
    assert bad.count_solutions(limit=None) == len(brute_solutions(bad.grid)) == 3
    with pytest.raises(Unsolvable):
        D.Solution(p, [D.Placement(((0, 0), (0, 1)), (0, 1))])  # cells left uncovered
    with pytest.raises(Unsolvable):
        D.Solution(p, [D.Placement(((0, 0), (0, 1)), (0, 0))])  # numbers do not match


def test_search_work_is_bounded_on_collection_grids():
    # deductions finish every collection grid, so search visits one node
    for path in sorted(COLLECTION.glob("d*.txt"))[:12]:
        p = D.Dominosa.load(path)
        counter = [0]
        assert len(list(S.search(p._board, p._closure[0], limit=2, counter=counter))) == 1
        assert counter[0] == 1


def test_ambiguous_large_grid_is_decided():
    p = D.generate(12, "ambiguous", seed=5)
    assert p.count_solutions(limit=2) in (1, 2)
    assert p.grade() in (D.Grade.AMBIGUOUS, D.Grade.SEARCH, D.Grade.TRIVIAL, D.Grade.BASIC,
                         D.Grade.HARD, D.Grade.EXTREME)


# ---------------------------------------------------------------------------
# grader

def _anchors():
    out = []
    for line in (COLLECTION / "tatham-anchors.txt").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def test_grades_agree_with_reference_anchors():
    anchors = _anchors()
    assert len(anchors) >= 80
    for gid in anchors:
        p = D.Dominosa.parse(gid)
        assert str(p.grade()) == p.fields["grade"], gid


def test_grade_order_and_names():
    assert [str(g) for g in D.Grade] == ["trivial", "basic", "hard", "extreme", "search",
                                         "ambiguous"]
    assert D.Grade.TRIVIAL < D.Grade.BASIC < D.Grade.HARD < D.Grade.EXTREME
    assert D.Grade.parse("h") is D.Grade.HARD and D.Grade.HARD == "hard"
    with pytest.raises(ParseError):
        D.Grade.parse("impossible")


def test_small_n_grades_exhaustive():
    # n = 0 and 1: every grid (the facts behind dominosa_gen.MIN_N)
    import itertools

    seen = set()
    for perm in set(itertools.permutations([0, 0, 0, 1, 1, 1])):
        rows = [perm[:3], perm[3:]]
        try:
            seen.add(str(D.Dominosa(rows).grade()))
        except Unsolvable:
            seen.add("none")
    assert seen == {"trivial", "ambiguous", "none"}
    assert str(D.Dominosa([[0, 0]]).grade()) == "trivial"


@pytest.mark.slow
def test_n2_has_no_hard_grid():
    import itertools

    seen = set()
    cells = [0] * 4 + [1] * 4 + [2] * 4
    for perm in set(itertools.permutations(cells)):
        try:
            seen.add(str(D.Dominosa([perm[0:4], perm[4:8], perm[8:12]]).grade()))
        except Unsolvable:
            pass
    assert seen == {"trivial", "basic", "ambiguous"}


# ---------------------------------------------------------------------------
# collection

def test_collection():
    files = sorted(COLLECTION.glob("d*.txt"))
    assert len(files) >= 40
    kinds = set()
    for path in files:
        p = D.Dominosa.load(path)
        assert 3 <= p.n <= 12
        sol = p.solve()
        assert p.count_solutions(limit=2) == 1, path
        assert str(p.grade()) == p.fields["grade"], path
        assert frozenset(formats.parse_solution(p.fields["solution"], p.rows, p.cols)) == \
            sol_pairs(sol), path
        assert D.Dominosa.parse(p.fields["tatham"]) == p
        kinds.add((p.n, p.fields["grade"]))
    for g in ("trivial", "basic", "hard", "extreme"):
        assert {n for n, gg in kinds if gg == g} == set(range(3, 13))


# ---------------------------------------------------------------------------
# hints and explanations

def _play_hints(p, limit=2000):
    partial = D.Partial()
    sol = sol_pairs(p.solve())
    rules = []
    for _ in range(limit):
        h = p.hint(partial)
        if h.kind == "solved":
            return partial, rules
        assert h.kind in ("place", "exclude"), h
        assert h.text.endswith(".") and h.rule in D.RULE_NAMES
        rules.append(h.rule)
        if h.kind == "place":
            assert h.placement.cells in sol and set(h.placement.cells) <= set(h.cells)
            partial = partial.place(h.placement)
        else:
            assert h.exclusions and not (set(h.exclusions) & sol)
            for pair in h.exclusions:
                partial = partial.exclude(pair)
    raise AssertionError("hints did not finish")


@pytest.mark.parametrize("grade", ["trivial", "basic", "hard", "extreme"])
def test_hints_lead_to_the_solution(grade):
    p = D.generate(6, grade, seed=5)
    partial, rules = _play_hints(p)
    assert partial.placed == sol_pairs(p.solve())
    top = max(D.RULE_NAMES[r][0] for r in rules)
    assert str(top) == grade


def test_hint_mistakes_and_bad_input():
    p = D.Dominosa.load(COLLECTION / "d05-basic.txt")
    sol = p.solve()
    wrong = next(pair for pair in (((r, c), (r, c + 1)) for r in range(p.rows)
                                   for c in range(p.cols - 1)) if pair not in sol_pairs(sol))
    h = p.hint([wrong])
    assert h.kind == "mistake" and set(wrong) <= set(h.cells)
    right = sol[0].cells
    h = p.hint(D.Partial(excluded=[right]))
    assert h.kind == "mistake" and h.exclusions == (right,)
    h = p.hint(D.Partial(placed=list(sol)))
    assert h.kind == "solved"
    with pytest.raises(InvalidPosition):
        p.hint([((0, 0), (2, 0))])
    with pytest.raises(InvalidPosition):
        p.hint([((0, 0), (0, -1))])


def test_hint_on_ambiguous_grid_and_search_fallback():
    p = D.Dominosa.parse("1:001101")  # two solutions
    h = p.hint()
    assert h.kind in ("place", "exclude")
    # a unique grid that no deduction level finishes: the search step
    for seed in range(200):
        q = D.generate(7, "ambiguous", seed=seed)
        if q.grade() == D.Grade.SEARCH:
            break
    else:  # pragma: no cover
        pytest.skip("no search-grade grid among the samples")
    steps = q.steps()
    assert any(s.rule == "search" for s in steps)
    assert D.Partial(placed=[s.placement for s in steps if s.kind == "place"]).placed == \
        sol_pairs(q.solve())


def test_explain_extreme_names_the_deductions():
    p = D.Dominosa.load(COLLECTION / "d07-extreme.txt")
    text = p.explain()
    lines = text.splitlines()
    assert lines[0].startswith("1. ")
    steps = p.steps()
    assert len(steps) == len(lines)
    assert any(s.level == D.Grade.EXTREME for s in steps)
    assert not any(s.rule == "search" for s in steps)
    placed = {s.placement.cells for s in steps if s.kind == "place"}
    # every tile is either announced or follows from the exclusions
    assert placed <= sol_pairs(p.solve())


def test_deduce_levels():
    p = D.Dominosa.load(COLLECTION / "d06-hard.txt")
    placed, open_pairs = p.deduce("basic")
    assert open_pairs  # basic is not enough
    placed, open_pairs = p.deduce("hard")
    assert placed.placed == sol_pairs(p.solve()) and open_pairs == set()


def test_bad_input_raises_domino_errors(tmp_path):
    """Every bad input is a DominoError subclass naming the problem."""
    from dominolab.errors import InvalidTile, NoSuchFile
    from dominolab.puzzles.dominosa_gen import random_tiling

    p = D.Dominosa.parse("2dt:202012100211")
    with pytest.raises(ParseError, match="'search' is not a deduction level"):
        p.deduce("search")
    with pytest.raises(ParseError, match="not a deduction level"):
        p.steps(level="ambiguous")
    with pytest.raises(InvalidTile, match="a Tile or two numbers"):
        D.Placement(((0, 0), (0, 1)), 5)
    with pytest.raises(InvalidPosition, match="list of cell pairs"):
        D.Partial(5)
    with pytest.raises(InvalidPosition, match="outside the 3x4 grid"):
        p.number((3, 0))
    with pytest.raises(InvalidPosition, match="a cell is"):
        p.number("ab")
    with pytest.raises(InvalidPosition, match="not a cell of the 3x4 grid"):
        p.solve().tile_at((0, 4))
    with pytest.raises(InvalidPosition, match="list of Placements"):
        D.Solution(p, [5])
    with pytest.raises(NoSuchFile, match="no such puzzle file"):
        D.Dominosa.load(tmp_path / "missing.txt")
    with pytest.raises(FileNotFoundError):  # and still what open() raises
        D.Dominosa.load(tmp_path / "missing.txt")
    with pytest.raises(NoSuchFile, match="cannot read puzzle file"):
        D.Dominosa.load(tmp_path)
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00grid")
    with pytest.raises(ParseError, match="not UTF-8"):
        D.Dominosa.load(tmp_path / "bin.txt")
    with pytest.raises(ParseError, match="written as text"):
        formats.parse_solution(5, 2, 3)
    with pytest.raises(ParseError, match="rows of numbers"):
        formats.check_grid(5)
    with pytest.raises(ParseError, match="'grid' given twice"):
        formats.parse_puzzle_file("grid:\n0 0\ngrid:\n0 0")
    with pytest.raises(ParseError, match="'grade' given twice"):
        formats.parse_puzzle_file("grade: hard\ngrade: basic\ngrid:\n0 0")
    with pytest.raises(InvalidRegion, match="odd number of cells"):
        random_tiling(3, 3, random.Random(1))
    assert formats.format_grid(()) == ""


def test_render_refuses_bad_pairs():
    from dominolab.render.dominosa import grid_svg

    p = D.Dominosa.parse("1:001101")
    with pytest.raises(InvalidPosition, match="two cells"):
        grid_svg(p, [((0, 0),)])
    with pytest.raises(InvalidPosition, match="outside the 2x3 grid"):
        grid_svg(p, [((0, 2), (0, 3))])


# ---------------------------------------------------------------------------
# generator

@pytest.mark.parametrize("n", [3, 4, 6, 8])
@pytest.mark.parametrize("grade", ["trivial", "basic", "hard", "extreme"])
def test_generate_unique_at_grade(n, grade):
    for seed in (1, 2):
        p = D.generate(n, grade, seed=seed)
        assert p.n == n and str(p.grade()) == grade
        assert p.count_solutions(limit=2) == 1
        assert len(brute_solutions(p.grid, limit=2)) == 1 if n <= 4 else True


@pytest.mark.parametrize("n", [3, 6, 10])
def test_generate_search_grade(n):
    p = D.generate(n, "search", seed=2)
    assert p.grade() == D.Grade.SEARCH and p.count_solutions(limit=2) == 1
    if n == 3:
        assert len(brute_solutions(p.grid, limit=2)) == 1
    steps = p.steps()
    assert any(h.rule == "search" for h in steps)


def test_generate_deterministic_and_seed_dependent():
    a = D.generate(7, "hard", seed=11)
    assert a == D.generate(7, "hard", seed=11)
    assert a != D.generate(7, "hard", seed=12)


def test_generate_small_and_impossible():
    assert D.generate(0, "trivial").grid == ((0, 0),)
    assert str(D.generate(1, "trivial").grade()) == "trivial"
    assert str(D.generate(2, "basic", seed=3).grade()) == "basic"
    for n, g in [(0, "basic"), (1, "basic"), (2, "hard"), (2, "extreme"), (2, "search")]:
        with pytest.raises(DominoError, match="no double"):
            D.generate(n, g)
    with pytest.raises(DominoError):
        D.generate(-1, "basic")
    with pytest.raises(ParseError):
        D.generate(5, "fiendish")


def test_generate_large_easy():
    for n in (15, 18):
        p = D.generate(n, "basic", seed=1)
        assert p.n == n and str(p.grade()) == "basic"


@pytest.mark.slow
@pytest.mark.parametrize("n", [12, 15, 18])
@pytest.mark.parametrize("grade", ["trivial", "basic", "hard", "extreme"])
def test_generate_large(n, grade):
    p = D.generate(n, grade, seed=1)
    assert str(p.grade()) == grade and p.count_solutions(limit=2) == 1


# ---------------------------------------------------------------------------
# rendering and CLI

def test_render():
    from dominolab.render.dominosa import grid_svg, sheet_svg

    p = D.Dominosa.load(COLLECTION / "d10-basic.txt")
    assert p._repr_svg_().count('class="cell"') == p.rows * p.cols
    svg = p.solve()._repr_svg_()
    assert svg.count('class="tile"') == len(p.solve()) == 66
    assert 'aria-label="domino 10-' in svg or 'domino 10-' in svg or "-10\"" in svg
    q = D.Partial([p.solve()[0]], [((0, 0), (1, 0))])
    svg = grid_svg(p, q, highlight=[(0, 0)])
    assert svg.count('class="tile"') == 1 and svg.count('class="excluded"') == 1
    assert "#fde8c8" in svg
    sheet = sheet_svg([p, p], title="Test")
    assert sheet.count('class="page"') == 2 and sheet.count('class="tile"') == 2 * 66


def test_cli(tmp_path, capsys):
    path = COLLECTION / "d04-hard.txt"
    assert main(["dominosa", "solve", str(path), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "hard, unique" in out and "steps:" in out and "1. " in out
    assert main(["dominosa", "generate", "5", "--difficulty", "extreme", "--seed", "2",
                 "--tatham"]) == 0
    gid = capsys.readouterr().out.strip()
    assert gid.startswith("5de:") and str(D.Dominosa.parse(gid).grade()) == "extreme"
    assert main(["dominosa", "generate", "4", "--seed", "3"]) == 0
    q = D.Dominosa.parse(capsys.readouterr().out)
    assert q.fields["grade"] == "hard"
    out_file = tmp_path / "sheet.svg"
    assert main(["dominosa", "sheet", "--count", "2", "--n", "4", "--out", str(out_file)]) == 0
    assert out_file.read_text().count('class="page"') == 2
    assert main(["dominosa", "solve", "2dt:20201210021"]) == 2
    assert "11 numbers" in capsys.readouterr().err
    assert main(["dominosa", "solve", "no-such-file"]) == 2
    assert main(["dominosa", "generate", "2", "--difficulty", "hard"]) == 2


def test_old_module_names_are_the_package_objects():
    """dominosa_solver, dominosa_gen and formats re-export the package's own
    objects (so switching ``S._set_impl`` switches what the rules use)."""
    import importlib

    from dominolab.puzzles import dominosa_gen
    from dominolab.puzzles.dominosa import sets

    assert S._set_impl is sets._set_impl
    assert dominosa_gen._layout is importlib.import_module(
        "dominolab.puzzles.dominosa.generate")._layout
    for old, names in ((S, S.__all__), (dominosa_gen, dominosa_gen.__all__),
                       (formats, formats.__all__), (D, D.__all__)):
        for name in names:
            obj = getattr(old, name)
            home = getattr(obj, "__module__", None)
            if home and home.startswith("dominolab.puzzles.dominosa."):
                assert getattr(importlib.import_module(home), name) is obj, (old, name)


@_examples(150)
@given(planted(4, 8))
def test_set_analysis_closure_matches_subset_enumeration(rows):
    """The polynomial set analysis (closures of one perfect assignment) finds
    the same eliminations, step for step, as listing every connected subset
    of squares the way the reference does."""
    p = D.Dominosa(rows)
    b = p._board
    results = []
    for impl in ("closure", "enumerate"):
        S._set_impl[0] = impl
        try:
            st_ = b.initial()
            used = S.deduce(b, st_, S.EXTREME)
            results.append((st_.alive, st_.committed, used))
        finally:
            S._set_impl[0] = "closure"
    assert results[0] == results[1]


def test_set_analysis_closure_matches_enumeration_on_graded_puzzles():
    grids_ = [D.Dominosa.parse(g) for g in _anchors() if g.split(":")[0][-1] in "he"][:30]
    grids_ += [D.generate(n, "extreme", seed=s) for n in (5, 7, 9) for s in (1, 2)]
    for p in grids_:
        b = p._board
        out = []
        for impl in ("closure", "enumerate"):
            S._set_impl[0] = impl
            try:
                st_ = b.initial()
                out.append((S.deduce(b, st_, S.EXTREME), st_.alive))
            finally:
                S._set_impl[0] = "closure"
        assert out[0] == out[1], p.to_tatham()


@pytest.mark.slow
@pytest.mark.parametrize("grade", ["trivial", "basic", "hard", "extreme"])
def test_generate_many_seeds(grade):
    for n in range(3, 13):
        for seed in range(1, 9):
            p = D.generate(n, grade, seed=seed)
            assert str(p.grade()) == grade and p.count_solutions(limit=2) == 1, (n, seed)
            if n <= 5:
                assert len(brute_solutions(p.grid, limit=2)) == 1


def test_hints_on_ambiguous_and_unsolvable_grids():
    p = D.Dominosa.parse("1:001101")  # two solutions
    steps = p.steps()
    placed = D.Partial(placed=[h.placement for h in steps if h.kind == "place"]).placed
    assert placed in {sol_pairs(s) for s in p.solutions()}
    assert any("more than one solution" in h.text for h in steps)
    none = next(D.Dominosa(g) for g in (
        [[0, 1, 1], [0, 1, 0]], [[1, 0, 0], [1, 1, 0]], [[0, 1, 0], [1, 0, 1]])
        if not brute_solutions(g))
    with pytest.raises(Unsolvable):
        none.hint()
