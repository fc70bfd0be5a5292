"""Dominosa's per-call shortcuts (issue 24) give what the general paths give.

The shortcuts: per-shape tables cached once per n and copied into each Board,
game IDs up to double-9 read without the general reader, a found solution's
Placements built from per-shape tables, the grid checked in bulk, and the
grader's Trivial steps run in bulk, its incremental rule trials (only
what lost a placement since the last trial is looked at again) and the
mask forms it runs the local-duplicate rules and set analysis by. Each test compares a shortcut with the
path it stands for (or with tables rebuilt from scratch), on the stored
Tatham IDs and on grids made here; none times anything.
"""

from __future__ import annotations

import pathlib
import random

import pytest

from dominolab.errors import DominoError, ParseError
from dominolab.puzzles.dominosa import Dominosa, Partial, generate
from dominolab.puzzles.dominosa import board as board_mod
from dominolab.puzzles.dominosa import values as values_mod
from dominolab.puzzles.dominosa.board import EXTREME, Contradiction, State, bits
from dominolab.puzzles.dominosa.formats import check_grid
from dominolab.puzzles.dominosa.hints import state_of
from dominolab.puzzles.dominosa.rules import (
    _MASK_FORMS, _cell_one_tile_mask, _local_duplicate_mask, _tile_overlap_mask, _trivial_after,
    _trivial_closure, deduce, rule_cell_one_tile, rule_local_duplicate, rule_local_duplicate2,
    rule_set, rule_set_doubles, rule_tile_overlap, step)
from dominolab.puzzles.dominosa.tatham import TATHAM_LEVELS, parse_tatham
from dominolab.puzzles.dominosa.values import placement_of, placements_of

BATCH = pathlib.Path(__file__).resolve().parent.parent / "puzzles" / "dominosa" / "tatham-batch.txt"


def _ids(max_n=20, per=None):
    out, seen = [], {}
    for line in BATCH.read_text(encoding="utf-8").splitlines():
        gid = line.strip()
        if not gid or gid.startswith("#"):
            continue
        key = gid.split(":")[0]
        if int(key.split("d")[0]) > max_n:
            continue
        seen[key] = seen.get(key, 0) + 1
        if per is None or seen[key] <= per:
            out.append(gid)
    return out


def _clear_caches():
    for f in (board_mod._geometry, board_mod._outer_masks, board_mod._tile_pairs,
              board_mod._shape, values_mod._shape_values):
        f.cache_clear()


def _answers(gid):
    p = Dominosa.parse(gid)
    return (str(p.solve()), str(p.grade()), p.count_solutions(limit=3),
            p.hint().text if p.count_solutions() == 1 else None)


def test_shape_tables_are_not_shared_across_shapes_or_grids():
    """n = 3, then 4, then 3 again (and a 3 of another grid), against the same
    answers with every cache emptied before each puzzle."""
    ids = {n: [g for g in _ids(6) if g.startswith(f"{n}d")][:3] for n in (3, 4)}
    order = ids[3][:2] + ids[4] + ids[3][:2] + ids[3][2:] + ids[4][:1]
    fresh = {}
    for gid in order:
        _clear_caches()
        fresh[gid] = _answers(gid)
    _clear_caches()
    for gid in order:  # now every puzzle meets the tables the ones before it left
        assert _answers(gid) == fresh[gid], gid
    # the per-grid tables are the grid's own; the shape's are shared, unchanged
    a, b = (Dominosa.parse(g)._board for g in ids[3][:2])
    assert a.placements is b.placements and a.cell_mask is b.cell_mask
    assert a.ptile != b.ptile and a.far is not b.far and a.set_cache is not b.set_cache
    c = Dominosa.parse(ids[4][0])._board
    assert len(c.placements) != len(a.placements) and c.n == 4 and a.n == b.n == 3


def test_board_tables_equal_tables_built_from_scratch():
    """Every table a Board copies from the shape cache, and the per-grid ones,
    against a direct construction from the cells and numbers."""
    for gid in _ids(9, per=1) + ["0:00"]:
        p = Dominosa.parse(gid)
        b = p._board
        rows, cols = p.rows, p.cols
        nums = [x for row in p.grid for x in row]
        pairs = []
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                if c + 1 < cols:
                    pairs.append((i, i + 1))
                if r + 1 < rows:
                    pairs.append((i, i + cols))
        assert list(b.placements) == pairs
        assert b.numbers == tuple(nums)
        for t, (lo, hi) in enumerate(b.tile_pair):
            want = [q for q, (x, y) in enumerate(pairs) if sorted((nums[x], nums[y])) == [lo, hi]]
            assert list(bits(b.tile_mask[t])) == want == list(b.tile_pls[t])
            for q in want:
                assert b.ptile[q] == t
        for v in range(p.n + 1):
            cells = [i for i in range(rows * cols) if nums[i] == v]
            assert list(b.cells_of[v]) == cells
            assert b.number_mask[v] == sum(1 << q for q, (x, y) in enumerate(pairs)
                                           if x in cells or y in cells)
        assert b.full == (1 << len(pairs)) - 1 and b.tiles == len(b.tile_pair)


def test_found_placements_equal_the_checked_ones():
    for n in range(0, 8):
        p = generate(n, "trivial", seed=3) if n else Dominosa.parse("0:00")
        b = p._board
        got = placements_of(b, b.full)
        want = [placement_of(b, q) for q in range(len(b.placements))]
        assert [(pl.cells, pl.tile) for pl in got] == [(pl.cells, pl.tile) for pl in want]
        assert [pl.cells for pl in got] == sorted(pl.cells for pl in got)  # reading order
        sol = p.solve()
        assert list(sol) == sorted(sol)
        assert sol.tile_at(sol[0].cells[1]) == sol[0].tile


def test_a_puzzle_object_reused_and_its_board_mutated_gives_the_same_answers():
    gid = next(g for g in _ids(6) if g.startswith("5dh"))
    p = Dominosa.parse(gid)
    first = (str(p.solve()), str(p.grade()), p.explain())
    sol = p.solve()
    half = Partial(placed=[pl.cells for pl in sol[: len(sol) // 2]])
    p.hint(half)
    p.steps(half)
    p.deduce("basic", half)
    b = p._board
    b.far = (-1, ([], [], []))
    b.set_cache.clear()
    b.square_cache.clear()
    assert (str(p.solve()), str(p.grade()), p.explain()) == first
    # a second object of the same grid and one of another grid of the same n
    other = next(g for g in _ids(6) if g.startswith("5de"))
    Dominosa.parse(other).grade()
    assert (str(Dominosa.parse(gid).solve()), str(Dominosa.parse(gid).grade())) == first[:2]


def test_small_ids_read_as_the_general_reader_reads_them():
    for gid in _ids(9):
        p = Dominosa.parse(gid)
        n, level, rows = parse_tatham(gid)
        assert (p.n, p.grid) == (n, rows)
        assert p.fields == ({"grade": TATHAM_LEVELS[level]} if level else {})
        q = Dominosa(rows)
        assert q == p and q.fields == {}


@pytest.mark.parametrize("text", [
    "1:001100", "1:00110", "1:0011011", "1:002101", "2:" + "0" * 12, "1dx:001101",
    "1d:001101", "9:" + "0" * 110, "1:00 1101", "1:0011O1",
])
def test_bad_small_ids_still_raise_the_general_error(text):
    with pytest.raises(ParseError) as e:
        Dominosa.parse(text)
    with pytest.raises(ParseError) as e2:
        n, level, rows = parse_tatham(text)
        Dominosa(rows)
    assert str(e.value) == str(e2.value)


@pytest.mark.parametrize("rows, words", [
    (((0, 1, 1), (1, 0, 1)), "number 0 appears 2 times"),
    (((0, 0, 2), (1, 1, 1)), "out of range"),
    (((0, 0, 1), (1, 0)), "row 2 has 2 numbers"),
    (((0, 0, True), (1, 0, 1)), "not a whole number"),
    (((0, 0, 1.0), (1, 0, 1)), "not a whole number"),
])
def test_check_grid_names_the_first_fault(rows, words):
    with pytest.raises(ParseError, match=words):
        check_grid(rows)
    with pytest.raises(DominoError, match=words):
        Dominosa(rows)


def _deduce_both(b, st_a, st_b):
    """deduce without a record (the bulk Trivial steps) and with one (the
    rules one step at a time): outcome and state."""
    out = []
    for st, rec in ((st_a, None), (st_b, [])):
        try:
            out.append(("used", deduce(b, st, EXTREME, rec)))
        except Contradiction as e:
            out.append(("contradiction", e.args))
        out.append((st.alive, st.committed))
    return out


def test_bulk_trivial_steps_reach_the_same_state_and_contradictions():
    for gid in _ids(9, per=3):
        p = Dominosa.parse(gid)
        b = p._board
        got = _deduce_both(b, b.initial(), b.initial())
        assert got[:2] == got[2:], gid
        # a wrong tile placed: a state with no completion
        if p.count_solutions() != 1:
            continue
        sol = {pl.cells for pl in p.solve()}
        wrong = next(pr for q in range(len(b.placements))
                     if (pr := p._pair(q)) not in sol)
        for partial in (Partial(placed=[wrong]), Partial(excluded=sorted(sol)[:2])):
            got = _deduce_both(b, state_of(b, partial), state_of(b, partial))
            assert got[:2] == got[2:], (gid, partial)


def test_a_subclass_read_from_a_small_id_goes_through_its_init():
    class Marked(Dominosa):
        def __init__(self, grid):
            super().__init__(grid)
            self.mark = "seen"

    p = Marked.parse("2dt:202012100211")
    assert type(p) is Marked and p.mark == "seen" and p.fields == {"grade": "trivial"}
    assert p == Dominosa.parse("2dt:202012100211")


def _graded_ids(half):
    """The batch's puzzles up to n = 12, two of each size and grade: ``make test`` checks
    the first of each (55 puzzles), ``make soak`` the second (:data:`HALVES`)."""
    first = _ids(12, per=1)
    return first if half == "first" else [g for g in _ids(12, per=2) if g not in first]


#: the two halves of the grader's puzzles (each checks every size and grade up to n = 12)
HALVES = ["first", pytest.param("second", marks=pytest.mark.slow)]


def _captured_states(gid):
    """The live masks the grader passes through on ``gid``, step by step
    (the rules run one step at a time, from scratch)."""
    b = Dominosa.parse(gid)._board
    st = b.initial()
    seen = [st.alive]
    try:
        while step(b, st, EXTREME):
            seen.append(st.alive)
    except Contradiction:
        pass
    return b, seen


def _removed_by(b, rule, alive):
    rm = 0
    for d in rule(b, State(alive)):
        rm |= d.remove
    return rm & alive


@pytest.mark.parametrize("half", HALVES)
@pytest.mark.parametrize("rule, form", [(rule_cell_one_tile, _cell_one_tile_mask),
                                        (rule_local_duplicate, _local_duplicate_mask),
                                        (rule_tile_overlap, _tile_overlap_mask)])
def test_incremental_basic_rules_rule_out_what_a_trial_from_scratch_does(rule, form, half):
    """After a trial at live mask A (its removals applied) and any further
    losses, the incremental form re-examines only the cells or tiles that
    lost a placement and rules out exactly what the rule from scratch rules
    out; on captured grader states and on random further losses."""
    rng = random.Random(24)
    checked = fired = 0
    for gid in _graded_ids(half):
        b, seen = _captured_states(gid)
        for i, a_r in enumerate(seen):
            assert form(b, a_r, None) == _removed_by(b, rule, a_r), gid
            after = a_r & ~_removed_by(b, rule, a_r)
            later = [s & after for s in seen[i + 1:i + 4]]
            live = list(bits(after))
            later += [after & ~sum(1 << p for p in rng.sample(live, min(len(live), k)))
                      for k in (1, 3, 8)]
            for a in later:
                want = _removed_by(b, rule, a)
                assert form(b, a, a_r) == want, (gid, i)
                checked += 1
                fired += want != 0
    assert checked > 1000 and fired > 50, (checked, fired)


def _outcome(fn):
    try:
        return fn()
    except Contradiction as e:
        return ("contradiction", e.args)


@pytest.mark.parametrize("half", HALVES)
@pytest.mark.parametrize("rule", [rule_local_duplicate, rule_local_duplicate2, rule_set,
                                  rule_set_doubles])
def test_mask_forms_rule_out_the_union_of_the_rules_deductions(rule, half):
    """deduce() without a record runs these rules by their mask forms (the
    local-duplicate pair from per-cell verdicts, set analysis without
    building its deductions): on every state the grader passes through, and
    on those states less some random placements, the form rules out what
    the rule's deductions rule out together, or raises the same
    Contradiction. Each state is met on a fresh board and on one whose
    caches the states before it filled. (Make test, on the first half: each state and each
    less one random placement; make sweeps: each less four, the same random draws.)"""
    checked, fired = _mask_forms_agree(rule, half, (0, 1) if half == "first" else (0, 1, 4))
    assert checked > 1000 and fired > 100, (checked, fired)


@pytest.mark.sweep
@pytest.mark.parametrize("rule", [rule_local_duplicate, rule_local_duplicate2, rule_set,
                                  rule_set_doubles])
def test_mask_forms_rule_out_the_union_of_the_rules_deductions_more(rule):
    """The rest of the check above on the first half (make sweeps): its states less four
    random placements."""
    checked, fired = _mask_forms_agree(rule, "first", (4,))
    assert checked > 1000 and fired > 100, (checked, fired)


def _mask_forms_agree(rule, half, losses):
    """(states checked, states with something ruled out): the grader's states of the
    puzzles of ``half``, each less ``k`` random placements for each ``k`` in ``losses`` (0:
    the state itself); the random draws are the same whichever are checked."""
    form = _MASK_FORMS[rule]
    rng = random.Random(5)
    checked = fired = 0
    for gid in _graded_ids(half):
        b, seen = _captured_states(gid)
        for alive in seen:
            live = list(bits(alive))
            less = {k: alive & ~sum(1 << p for p in rng.sample(live, min(len(live), k)))
                    for k in (1, 4)}
            for a in [alive if k == 0 else less[k] for k in losses]:
                want = _outcome(lambda: _removed_by(b, rule, a))
                fresh = Dominosa.parse(gid)._board
                assert _outcome(lambda: form(fresh, a, None)) == want, (gid, rule.__name__)
                assert _outcome(lambda: form(b, a, None)) == want, (gid, rule.__name__)
                checked += 1
                fired += isinstance(want, int) and want != 0
    return checked, fired


@pytest.mark.parametrize("half", HALVES)
def test_trivial_steps_after_losses_equal_the_full_trivial_closure(half):
    """From a Trivial fixed point less some placements, looking only at the
    cells and tiles of the lost placements (and of what each commit
    removes) reaches the state the full closure reaches, or the same
    contradiction."""
    rng = random.Random(7)
    outcomes = set()
    for gid in _graded_ids(half):
        b, seen = _captured_states(gid)
        for alive in seen[::3]:
            fixed = State(alive, 0)
            try:
                _trivial_closure(b, fixed)
            except Contradiction:
                continue
            live = list(bits(fixed.alive & ~fixed.committed))
            for k in (1, 2, 5):
                lost = sum(1 << p for p in rng.sample(live, min(len(live), k)))
                got = []
                for run in (lambda s: _trivial_closure(b, s),
                            lambda s: _trivial_after(b, s, lost)):
                    s = State(fixed.alive & ~lost, fixed.committed)
                    try:
                        got.append((run(s), s.alive, s.committed))
                    except Contradiction as e:
                        got.append(("contradiction", e.args))
                assert got[0] == got[1], (gid, lost)
                outcomes.add(got[0][0])
    assert outcomes == {True, False, "contradiction"}
