"""Dominosa interoperability: game IDs made by Simon Tatham's program
(puzzles/dominosa/tatham-batch.txt, every level, n = 1..20), strict parsing
of IDs and grid text, hints on flawed partial solutions, the board keeping its
state on bad input, and the CLI.

The batch file is data written by `sgt-dominosa --generate` (see its header),
so these tests run without sgt-puzzles installed; when it is installed, our
generated IDs are also fed back to Tatham's own parser.
"""

from __future__ import annotations

import collections
import pathlib
import shutil
import subprocess

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dominolab.errors import DominoError, InvalidPosition, OverLimit, ParseError
from dominolab.puzzles import formats
from dominolab.puzzles.dominosa import Dominosa, Grade, Partial, generate
from dominolab.tiles import Tile

BATCH = pathlib.Path(__file__).resolve().parent.parent / "puzzles" / "dominosa" / "tatham-batch.txt"
SGT = shutil.which("sgt-dominosa") or (
    "/usr/games/sgt-dominosa" if pathlib.Path("/usr/games/sgt-dominosa").exists() else None)


def _batch():
    out = []
    for line in BATCH.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.strip())
    return out


def _level(gid: str) -> str:
    """The level Tatham's generator really produced: the asked-for letter,
    capped for n = 1 (trivial) and n = 2 (basic) as its new_game_desc does."""
    params = gid.split(":")[0]
    n, letter = params.split("d")
    n = int(n)
    if letter != "a":
        if n == 1:
            letter = "t"
        elif n == 2 and letter in "he":
            letter = "b"
    return letter


def _subset(ids, per=6):
    """At most ``per`` IDs for each (n, level), in file order."""
    seen = collections.Counter()
    out = []
    for gid in ids:
        key = gid.split(":")[0]
        if seen[key] < per:
            seen[key] += 1
            out.append(gid)
    return out


def _exact_cover_count(rows, limit=None) -> int:
    """Independent count by Knuth's Algorithm X on dicts (no shared code with
    the engine): columns are cells and tiles, rows are adjacent cell pairs."""
    h, w = len(rows), len(rows[0])
    Y = {}
    for r in range(h):
        for c in range(w):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < h and c2 < w:
                    t = tuple(sorted((rows[r][c], rows[r2][c2])))
                    Y[((r, c), (r2, c2))] = [("cell", r, c), ("cell", r2, c2), ("tile",) + t]
    X = {("cell", r, c): set() for r in range(h) for c in range(w)}
    X.update({("tile", a, b): set() for b in range(h) for a in range(b + 1)})
    for key, cols in Y.items():
        for col in cols:
            X[col].add(key)
    count = 0

    def select(r):
        cols = []
        for j in Y[r]:
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(r, cols):
        for j in reversed(Y[r]):
            X[j] = cols.pop()
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].add(i)

    def solve():
        nonlocal count
        if not X:
            count += 1
            return limit is not None and count >= limit
        col = min(X, key=lambda c: len(X[c]))
        for r in sorted(X[col]):
            saved = select(r)
            stop = solve()
            deselect(r, saved)
            if stop:
                return True
        return False

    solve()
    return count


def _check_one(gid: str) -> None:
    letter = _level(gid)
    bare = gid.split(":")[0].split("d")[0] + ":" + gid.split(":", 1)[1]
    p = Dominosa.parse(gid)
    assert p.fields["grade"] == formats.TATHAM_LEVELS[gid.split(":")[0][-1]]
    assert Dominosa.parse(bare) == p
    assert p.to_tatham() == bare                       # Tatham prints the bare form
    assert p.to_tatham(gid.split(":")[0][-1]) == gid
    assert Dominosa.parse(str(p)) == p                 # our text format, [10] or spaces
    sol = p.solve()                                    # Solution() verifies on creation
    for pl in sol:
        (r, c), (r2, c2) = pl.cells
        assert pl.tile == Tile(p.grid[r][c], p.grid[r2][c2])
    assert len({pl.tile for pl in sol}) == (p.n + 1) * (p.n + 2) // 2
    count = p.count_solutions(limit=2)
    grade = p.grade()
    if letter == "a":
        assert count in (1, 2)
        assert (grade == Grade.AMBIGUOUS) == (count == 2), (gid, grade, count)
    else:
        assert count == 1, gid
        assert grade.tatham == letter, (gid, str(grade))


def test_batch_covers_every_level_and_size():
    ids = _batch()
    assert len(ids) >= 1000
    keys = {(int(g.split("d")[0]), g.split(":")[0][-1]) for g in ids}
    for n in range(1, 17):
        for c in "tba":
            assert (n, c) in keys, (n, c)
    for n in range(3, 10):
        for c in "he":
            assert (n, c) in keys, (n, c)
    assert any("[" in g for g in ids) and max(int(g.split("d")[0]) for g in ids) >= 18
    for gid in ids:  # each line is a well-formed ID with a level letter
        n, level, rows = formats.parse_tatham(gid)
        assert level in "tbhea" and len(rows) == n + 1


def test_tatham_batch_round_trip_and_grades():
    for gid in _subset(_batch(), per=6):
        _check_one(gid)


@pytest.mark.slow
def test_tatham_batch_round_trip_and_grades_all():
    for gid in _batch():
        _check_one(gid)


def test_ambiguous_counts_agree_with_exact_cover():
    amb = [g for g in _batch() if g.split(":")[0].endswith("a") and int(g.split("d")[0]) <= 8]
    assert len(amb) >= 25
    for gid in amb:
        p = Dominosa.parse(gid)
        assert p.count_solutions(limit=20) == _exact_cover_count(p.grid, limit=20), gid


def test_grades_agree_with_tatham_hard_and_extreme_beyond_n8():
    big = [g for g in _batch() if g.split(":")[0][-1] in "he" and int(g.split("d")[0]) >= 9]
    assert len(big) >= 5
    for gid in big:
        assert Dominosa.parse(gid).grade().tatham == _level(gid), gid


# -- parsing -----------------------------------------------------------------

GRID1 = "001101"  # 0 0 1 / 1 0 1: a double-1 grid with two solutions


@pytest.mark.parametrize("text", [
    "1:" + GRID1, "1a:" + GRID1, "1da:" + GRID1, "1dt:" + GRID1, "01:" + GRID1,
    "1:" + GRID1 + "\n", "  1:" + GRID1 + "\r\n", "1:00[1][1][0][1]", "1:[00][0][1][1][0]1",
    "# a comment\n1:" + GRID1 + "\n# another\n", "\ufeff1:" + GRID1,
])
def test_unusual_but_valid_ids(text):
    p = Dominosa.parse(text)
    assert p.grid == ((0, 0, 1), (1, 0, 1))


def test_bare_and_legacy_params_at_size_6():
    gid = next(g for g in _batch() if g.startswith("6da:"))
    desc = gid.split(":")[1]
    p = Dominosa.parse("6:" + desc)
    assert Dominosa.parse("6a:" + desc) == p and Dominosa.parse("6a:" + desc).fields["grade"] == "ambiguous"
    assert "grade" not in p.fields


def test_bracketed_numbers_round_trip_for_big_n():
    gid = next(g for g in _batch() if g.startswith("18db:"))
    p = Dominosa.parse(gid)
    assert p.n == 18 and p.to_tatham("b") == gid
    assert "[18]" in gid and "[18]" in p.to_tatham()
    assert Dominosa.parse(str(p)) == p                      # spaces, right-aligned
    compact = "\n".join("".join(str(x) if x < 10 else f"[{x}]" for x in row) for row in p.grid)
    assert Dominosa.parse(compact) == p                     # [10] style rows
    assert Dominosa.parse(p.to_file(solution=False)) == p   # puzzle file


@pytest.mark.parametrize("text, words", [
    ("1:00110", ["5 numbers", "2 x 3 = 6"]),
    ("1:0011012", ["7 numbers"]),
    ("1:001102", ["number 2", "out of range 0..1"]),
    ("1:001111", ["number 0 appears 2 times", "exactly 3"]),
    ("1:0011[1", ["'['", "position 6", "not closed"]),
    ("1:0011]1", ["']'", "position 6"]),
    ("1:0011[]1", ["'[]'", "no number"]),
    ("1:0011[x]1", ["'['", "position 6"]),
    ("1: 001101", ["whitespace", "position 2"]),
    ("1:0011 01", ["whitespace", "position 6"]),
    ("1:0011\n01", ["one line"]),
    ("1:001101\n2:202012100211", ["one line"]),
    ("1dq:001101", ["difficulty 'q'"]),
    ("1d:001101", ["difficulty ''"]),
    ("1D:001101", ["parameters '1D'"]),
    ("-1:00", ["parameters '-1'"]),
    ("1#12345", ["random-seed"]),
    ("1:00110\u0661", ["position 7"]),          # an Arabic-Indic one is not a digit here
    ("0 0 \u00b9\n1 0 1", ["not a number"]),    # nor is a superscript one
    ("0 0 \u0661\n1 0 1", ["not a number"]),
    ("0 0 1\n1 0", ["row 2 has 2 numbers"]),
    ("0 [1] 1\n1 0 0", ["'[1]' is not a number"]),
    ("", ["empty"]),
    ("10:" + "[10]" * 3, ["3 numbers", "132"]),
])
def test_bad_input_raises_parse_error_naming_the_problem(text, words):
    with pytest.raises(ParseError) as e:
        Dominosa.parse(text)
    for w in words:
        assert w in str(e.value), (text, str(e.value))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123[]: \n#a1d\u0661\u00b9x", max_size=14))
@example("1000:")        # a Tatham ID whose size is past the limit
@example("200 0")        # a grid line with a number past it
def test_parse_raises_only_parse_error(text):
    # bad text is a ParseError; a grid size or number past the documented limit
    # (dominolab.limits.MAX_N) is an OverLimit naming that limit and its value
    try:
        Dominosa.parse(text)
    except ParseError:
        pass
    except OverLimit as e:
        assert "100" in str(e) and "MAX_N" in str(e), str(e)


def test_random_tiling_never_takes_long():
    # the depth-first tiling used to back up exponentially often (19 s for
    # generate(20, "ambiguous", seed=65)); now it is capped
    import random

    from dominolab.puzzles import dominosa_gen as G

    for n, seed in ((20, 65), (20, 127), (20, 19)):
        rows, cols = n + 1, n + 2
        mate = G.random_tiling(rows, cols, random.Random(f"dominosa/{n}/ambiguous/{seed}"))
        assert all(mate[mate[i]] == i != mate[i] for i in range(rows * cols))
        assert all(abs(mate[i] - i) == cols or (abs(mate[i] - i) == 1 and mate[i] // cols == i // cols)
                   for i in range(rows * cols))
    assert Dominosa.parse(generate(20, "ambiguous", seed=65).to_tatham()).n == 20


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 20), st.integers(0, 10**6))
def test_id_text_round_trip_random_layouts(n, seed):
    p = generate(n, "ambiguous", seed=seed)
    assert Dominosa.parse(p.to_tatham()) == p
    assert Dominosa.parse(p.to_tatham("a")).fields["grade"] == "ambiguous"
    assert Dominosa.parse(str(p)) == p


# -- hints on flawed partial solutions -----------------------------------------

def _hard6():
    return Dominosa.parse(next(g for g in _batch() if g.startswith("6dh:")))


def test_partial_placed_and_crossed_pair_counts_as_placed():
    p = _hard6()
    right = p.solve()[0].cells
    q = Partial([right], [right])
    assert p.hint(q).kind != "mistake"
    assert p.hint(q).text == p.hint(Partial([right])).text


def test_hint_reports_user_mistakes():
    p = _hard6()
    sol = p.solve()
    right = {pl.cells for pl in sol}
    wrong = next(((r, c), (r, c + 1)) for r in range(p.rows) for c in range(p.cols - 1)
                 if ((r, c), (r, c + 1)) not in right
                 and not {(r, c), (r, c + 1)} & set(sol[0].cells))
    h = p.hint([sol[0], wrong])
    assert h.kind == "mistake" and h.placement.cells == wrong and set(wrong) <= set(h.cells)
    h = p.hint(Partial([], [sol[1].cells]))
    assert h.kind == "mistake" and h.exclusions == (sol[1].cells,)
    h = p.hint([((0, 0), (0, 1)), ((0, 1), (0, 2))])
    assert h.kind == "mistake" and "two tiles" in h.text
    with pytest.raises(InvalidPosition):
        p.hint([((0, 0), (1, 1))])
    with pytest.raises(InvalidPosition):
        p.hint([((0, 0), (0, -1))])
    assert p.hint(list(sol)).kind == "solved"
    # from every correct partial state, explain() reaches the end
    steps = p.steps(list(sol)[:5])
    assert steps and all(s.kind in ("place", "exclude") for s in steps)


def test_hint_on_ambiguous_grid_with_dead_end():
    gid = next(g for g in _batch() if g.startswith("5da:")
               and Dominosa.parse(g).count_solutions(2) == 2)
    p = Dominosa.parse(gid)
    s1, s2 = list(p.solutions(limit=2))
    only1 = [pl for pl in s1 if pl not in s2]
    assert p.hint([only1[0]]).kind in ("place", "exclude")
    # a tile from each of two solutions can still be a dead end; then it is a mistake
    for a in only1:
        for b in (pl for pl in s2 if pl not in s1):
            if set(a.cells) & set(b.cells):
                continue
            if p.count_solutions(limit=1) and not list(
                    _completions(p, [a.cells, b.cells])):
                assert p.hint([a, b]).kind == "mistake"
                return


def _completions(p, pairs):
    for sol in p.solutions():
        cells = {pl.cells for pl in sol}
        if all(x in cells for x in pairs):
            yield sol


# -- the board keeps its state on bad input ------------------------------------

def test_board_keeps_state_on_bad_input():
    from dominolab.widgets.dominosa import DominosaBoard

    w = DominosaBoard(_hard6())
    pl = w.puzzle.solve()[0]
    (r, c), (r2, c2) = pl.cells
    w._handle_custom_msg({"type": "click", "row": r, "col": c}, [])
    w._handle_custom_msg({"type": "click", "row": r2, "col": c2}, [])
    before = (list(w.placed), list(w.grid), w.n)
    for msg in ({"type": "load", "text": "6:12 34"}, {"type": "load", "text": "1:0011\n01"},
                {"type": "load", "text": "0 0 \u00b9\n1 0 1"}, {"type": "load", "text": None},
                {"type": "click", "row": "x", "col": 0}, {"type": "click", "row": 99, "col": 0},
                {"type": "place", "cells": [[0, 0], [1, 1]]}, {"type": "new", "n": "big"},
                {"type": "highlight", "number": 99}, {"type": "nonsense"}):
        w._handle_custom_msg(msg, [])
        assert w.error, msg
        assert (list(w.placed), list(w.grid), w.n) == before, msg
    w._handle_custom_msg({"type": "load", "text": "# from Tatham\n1:001101\n"}, [])
    assert w.error == "" and w.n == 1


# -- the CLI -----------------------------------------------------------------

def test_cli_solve_explain_tatham_id(capsys):
    from dominolab.cli import main

    gid = next(g for g in _batch() if g.startswith("5de:"))
    assert main(["dominosa", "solve", gid, "--explain"]) == 0
    out = capsys.readouterr().out
    assert "double-5, extreme, unique" in out and "steps:" in out
    p = Dominosa.parse(gid)
    assert str(p.solve()) in out
    assert len([ln for ln in out.splitlines() if ln[:1].isdigit() and ". " in ln]) == len(p.steps())


def test_cli_generate_tatham_parses_back(capsys):
    from dominolab.cli import main

    for n, d in ((4, "hard"), (7, "extreme"), (11, "basic")):
        assert main(["dominosa", "generate", str(n), "--difficulty", d, "--seed", "3",
                     "--tatham"]) == 0
        gid = capsys.readouterr().out.strip()
        p = Dominosa.parse(gid)
        assert p.to_tatham(d) == gid and p.fields["grade"] == d
        assert p == generate(n, d, seed=3) and p.count_solutions() == 1 and str(p.grade()) == d


@pytest.mark.skipif(SGT is None, reason="sgt-puzzles is not installed")
def test_tatham_program_accepts_our_ids():
    ids = [generate(n, d, seed=5).to_tatham(d) for n, d in
           ((3, "hard"), (6, "extreme"), (10, "basic"), (12, "trivial"))]
    for gid in ids:
        out = subprocess.run([SGT, "--generate", "1", gid], capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 0, out.stderr
        # it echoes the bare form of the same grid
        assert out.stdout.strip() == gid.split("d")[0] + ":" + gid.split(":", 1)[1]
    bad = subprocess.run([SGT, "--generate", "1", "2:202012100212"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode != 0
    with pytest.raises(ParseError):
        Dominosa.parse("2:202012100212")


def test_errors_are_domino_errors():
    assert issubclass(ParseError, DominoError)


# -- Tatham save files -------------------------------------------------------

SAVE = BATCH.parent / "tatham-12dh.sav"  # `sgt-dominosa --generate 1 12dh --save ...`


def test_tatham_save_file_loads():
    p = Dominosa.load(SAVE)
    assert p.n == 12 and p.fields["grade"] == "hard"
    assert p.count_solutions() == 1 and str(p.grade()) == "hard"
    desc = next(ln for ln in SAVE.read_text().splitlines() if ln.startswith("DESC"))
    assert p.to_tatham("h") == "12dh:" + desc.split(":", 2)[2]


def test_cli_solves_a_save_file(capsys):
    from dominolab.cli import main

    assert main(["dominosa", "solve", str(SAVE)]) == 0
    assert "double-12, hard, unique" in capsys.readouterr().out


@pytest.mark.parametrize("text, words", [
    ("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :3:Net\n"
     "PARAMS  :3:5x5\nDESC    :2:ab\n", ["Net, not Dominosa"]),
    ("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :8:Dominosa\n",
     ["no PARAMS record"]),
    ("SAVEFILE:99:Simon", ["says 99 characters"]),
    ("SAVEFILE:5:Simon\nwhat\n", ["'KEY:length:value'"]),
    ("SAVEFILE:5:Simon\nGAME    :8:Dominosa\nPARAMS  :3:1db\nDESC    :6:001102\n",
     ["out of range"]),
])
def test_bad_save_files(text, words):
    with pytest.raises(ParseError) as e:
        Dominosa.parse(text)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_deductions_keep_every_solution_of_ambiguous_grids():
    # solutions() of big grids and grade() search from the closure of the
    # deductions; that is only right if no deduction removes a placement some
    # solution uses, also when there are many solutions
    from dominolab.puzzles import dominosa_solver as S

    for n in range(1, 7):
        for seed in range(40):
            p = generate(n, "ambiguous", seed=seed)
            b = p._board
            cl = p._closure
            from_closure = 0 if cl is None else sum(1 for _ in S.search(b, cl[0], limit=300))
            assert from_closure == sum(1 for _ in S.search(b, b.initial(), limit=300)), p


def test_big_ambiguous_grids_decided(monkeypatch):
    from dominolab.puzzles.dominosa import puzzle as D

    gids = [g for g in _batch() if g.startswith("20da:")]
    assert gids
    for gid in gids:
        assert Dominosa.parse(gid).count_solutions(limit=2) == 2
    # the same answers without the closure shortcut
    monkeypatch.setattr(D, "DEDUCE_BEFORE_SEARCH", 99)
    for gid in gids:
        assert Dominosa.parse(gid).count_solutions(limit=2) == 2


def test_grid_from_other_integer_types_and_text():
    class Int:  # like numpy's integers: not int, but has __index__
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    p = Dominosa([[Int(0), 0, 1], [1, Int(0), 1]])
    assert p == Dominosa.parse("1:001101") and type(p.grid[0][0]) is int
    assert Dominosa("1:001101") == p
    for bad in ([[0, 0, 1.0], [1, 0, 1]], [[0, 0, True], [1, 0, 1]], [[0, 0, "1"], [1, 0, 1]],
                5, None):
        with pytest.raises(ParseError):
            Dominosa(bad)
