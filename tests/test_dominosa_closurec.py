"""The C deduction closure (dominolab/puzzles/dominosa/_closurec.c) against the Python it
ports (the record-free branch of rules.deduce(), with rules.py's and sets.py's rules): the
same final alive and committed masks, the same level used, and a Contradiction exactly where
the Python raises one, with the state the Python leaves then. On every stored puzzle at each
level, on random grids (planted ones, and random numbers: most have no solution or several)
and on partial states; then grade() and solve() of every stored puzzle both ways.

Skipped where the module is not built (DOMINOLAB_PURE=1, no compiler): there the Python
runs everywhere and there is nothing to compare."""

from __future__ import annotations

import collections
import copy
import pathlib
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from dominolab.errors import Unsolvable
from dominolab.puzzles import dominosa as D
from dominolab.puzzles.dominosa import rules
from dominolab.puzzles.dominosa.board import EXTREME, TRIVIAL, Board, Contradiction, State
from dominolab.puzzles.dominosa.generate import _layout
from dominolab.puzzles.dominosa.puzzle import DEDUCE_BEFORE_SEARCH
from dominolab.puzzles.dominosa.search import search

from .repo_state import shares

C = rules._c_closure()
pytestmark = pytest.mark.skipif(C is None, reason="the C closure is not built (or "
                                "DOMINOLAB_PURE is set): the Python runs everywhere")
COLLECTION = pathlib.Path(__file__).resolve().parent.parent / "puzzles" / "dominosa"


def _stored_ids() -> list[str]:
    """Every game ID stored under puzzles/dominosa: the two files of Tatham's IDs and the
    ``tatham:`` line of each collection file."""
    ids = []
    for name in ("tatham-batch.txt", "tatham-anchors.txt"):
        for line in (COLLECTION / name).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                ids.append(line.split()[0])
    for path in sorted(COLLECTION.glob("d*.txt")):
        for line in path.read_text().splitlines():
            if line.startswith("tatham:"):
                ids.append(line.split()[1])
    return ids


class _Spy:
    """The C module, counting what its deduce() answers (status, level, contradiction)."""

    def __init__(self) -> None:
        assert C is not None
        self.MAX_N = C.MAX_N
        self.prepare = C.prepare
        self.seen: collections.Counter[Any] = collections.Counter()

    def deduce(self, *args: Any) -> Any:
        assert C is not None
        out = C.deduce(*args)
        self.seen[out[3], out[2], out[4] and out[4][0]] += 1
        return out


def _run(b: Board, alive: int, com: int, level: int, impl: Any) -> tuple[Any, ...]:
    """rules.deduce() without a record from (alive, com) with the C module ``impl`` (None:
    the Python): its answer, or ``("contradiction", its arguments)``, and the state it leaves."""
    st = State(alive, com)
    with rules.closure_in(impl):
        try:
            used: Any = rules.deduce(b, st, level)
        except Contradiction as e:
            used = ("contradiction", e.args)
    return used, st.alive, st.committed


def _compare(b: Board, alive: int, com: int, spy: _Spy, levels: Any = range(TRIVIAL, EXTREME + 1),
             what: object = "") -> None:
    for level in levels:
        want = _run(b, alive, com, level, None)
        got = _run(b, alive, com, level, spy)
        assert got == want, (what, level, alive, com)


def test_every_stored_puzzle_at_every_level():
    spy = _Spy()
    ids = _stored_ids()
    assert len(ids) > 1294
    for gid in ids:
        b = D.Dominosa.parse(gid)._board
        _compare(b, b.full, 0, spy, what=gid)
    # every level and both ways out were met (the Trivial contradictions of an unsolvable
    # stored grid do not occur: they are all solvable)
    assert {used for status, used, _ in spy.seen if status == 0} == {-1, 0, 1, 2, 3}
    assert sum(spy.seen.values()) == 4 * len(ids)


def _random_boards(rng: random.Random, count: int, max_n: int = 8) -> Iterator[Board]:
    """Planted grids (a random tiling's dominoes numbered with the whole set: at least one
    solution), grids of uniformly random numbers and grids holding each number n + 2 times
    in a random order (most of the last two have no solution or several)."""
    for i in range(count):
        n = rng.randint(1, max_n)
        if i % 3 == 0:
            numbers = _layout(n, rng)[1]
        elif i % 3 == 1:
            numbers = [rng.randint(0, n) for _ in range((n + 1) * (n + 2))]
        else:
            numbers = [v for v in range(n + 1) for _ in range(n + 2)]
            rng.shuffle(numbers)
        yield Board(n, tuple(numbers))


def _partial_states(b: Board, rng: random.Random, k: int) -> Iterator[tuple[int, int]]:
    """States from the initial one with placements removed at random (a few, or about one
    in seven), and, for a grid with a solution, the initial state less one placement of
    that solution (deductions then often end in a contradiction, set analysis's among
    them)."""
    P = len(b.placements)
    for j in range(k):
        rate = 0.04 if j % 2 else 0.15
        yield b.full & ~sum(1 << q for q in range(P) if rng.random() < rate), 0
    sol = next(search(b, b.initial(), limit=1), None)
    if sol:
        yield b.full & ~(1 << rng.choice([q for q in range(P) if sol >> q & 1])), 0


def _cut_states(b: Board, rng: random.Random, k: int) -> Iterator[tuple[int, int]]:
    """The initial state less every placement crossing the border of a random region
    (grown from a random cell): the region and the rest become areas of their own, of
    either parity, with their inner placements intact (parity's and set analysis's
    ground), and that state less a few more placements."""
    for _ in range(k):
        region = {rng.randrange(b.ncells)}
        size = rng.randint(1, b.ncells - 1)
        while len(region) < size:
            c = rng.choice(sorted(region))
            region.add(rng.choice([o for o, _ in b.cell_nb[c]]))
        cut = sum(1 << q for q, (x, y) in enumerate(b.placements) if (x in region) != (y in region))
        yield b.full & ~cut, 0
        yield b.full & ~cut & ~sum(1 << q for q in range(len(b.placements)) if rng.random() < 0.03), 0


@pytest.mark.parametrize("share", shares((2024, 130), (2025, 270)))
def test_random_grids_and_partial_states(share: tuple[int, int]) -> None:
    seed, count = share         # (make test: 130 grids; make sweeps: 270 more, another seed)
    rng = random.Random(seed)
    spy = _Spy()
    for b in _random_boards(rng, count):
        _compare(b, b.full, 0, spy, what=b.numbers)
        for alive, com in [*_partial_states(b, rng, 2), *_cut_states(b, rng, 1),
                           *_on_the_way(b, rng)]:
            _compare(b, alive, com, spy, what=(b.numbers, alive, com))
    _met_every_way_out(spy)


def test_partial_states_of_stored_puzzles():
    """States of Tatham's puzzles with placements removed, and states part-way through:
    a closure at a lower level, some of its placements put back and some commits dropped."""
    rng = random.Random(11)
    spy = _Spy()
    ids = [gid for gid in _stored_ids() if D.Dominosa.parse(gid).n <= 9]
    for gid in rng.sample(ids, 200):
        b = D.Dominosa.parse(gid)._board
        for alive, com in [*_partial_states(b, rng, 2), *_cut_states(b, rng, 1)]:
            _compare(b, alive, com, spy, what=(gid, alive))
        for alive, com in _on_the_way(b, rng):
            _compare(b, alive, com, spy, what=(gid, alive, com))
    _met_every_way_out(spy)


def _on_the_way(b: Board, rng: random.Random) -> Iterator[tuple[int, int]]:
    """States part-way through: the closure at a random level, with some of its placements
    put back and some of its commits dropped; and that closure less one to three of its
    open placements (the deductions go on from there, and often find the grid impossible,
    by set analysis too)."""
    st = b.initial()
    try:
        rules.deduce(b, st, rng.randint(TRIVIAL, EXTREME))
    except Contradiction:
        return
    P = len(b.placements)
    back = sum(1 << q for q in range(P) if rng.random() < 0.2)
    drop = sum(1 << q for q in range(P) if rng.random() < 0.3)
    yield st.alive | back, st.committed & ~drop
    open_ = [q for q in range(P) if (st.alive & ~st.committed) >> q & 1]
    for k in (1, 2, 3):
        if len(open_) >= k:
            yield st.alive & ~sum(1 << q for q in rng.sample(open_, k)), st.committed


def _met_every_way_out(spy: _Spy) -> None:
    """The comparisons met each of the C's answers: stuck or solved, a contradiction of
    set analysis (status 1) and one of the Trivial closure (status 2, handed back to the
    Python's steps), and every level used."""
    statuses = {status for status, _, _ in spy.seen}
    assert statuses == {0, 1, 2}, spy.seen
    assert {why for status, _, why in spy.seen if status == 1} == {"set"}
    assert {used for status, used, _ in spy.seen if status == 0} >= {-1, 0, 1, 2, 3}


def _answers(gid: str, solve: bool) -> tuple[str, str]:
    p = D.Dominosa.parse(gid)
    try:
        grade = str(p.grade())
    except Unsolvable as e:
        grade = f"unsolvable: {e}"
    solved = ""
    if solve:
        try:
            solved = str(p.solve())
        except Unsolvable as e:
            solved = f"unsolvable: {e}"
    return grade, solved


def _grades_and_solutions_both_ways(every_solve: bool) -> None:
    """grade() of every stored puzzle, and solve() of those whose solve() runs the
    deductions (n >= DEDUCE_BEFORE_SEARCH; the others search from the initial state), or of
    all with ``every_solve``: the same with the C closure as with the Python."""
    ids = _stored_ids()
    solve = [every_solve or D.Dominosa.parse(gid).n >= DEDUCE_BEFORE_SEARCH for gid in ids]
    assert sum(solve) >= 12
    with rules.closure_in(None):
        want = [_answers(gid, s) for gid, s in zip(ids, solve)]
    with rules.closure_in(C):
        got = [_answers(gid, s) for gid, s in zip(ids, solve)]
    assert got == want


def test_grade_and_solve_unchanged_on_stored_puzzles():
    _grades_and_solutions_both_ways(every_solve=False)


@pytest.mark.slow
def test_grade_and_every_solve_unchanged_on_stored_puzzles():
    _grades_and_solutions_both_ways(every_solve=True)


def test_the_python_runs_where_asked_or_beyond_the_c_sizes(monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PURE", "1")
    assert rules._c_closure() is None
    monkeypatch.setenv("DOMINOLAB_PURE", "0")
    assert rules._c_closure() is C
    # a board above the C's largest n, or a set analysis switched to enumeration, or
    # rules of a test's own: the Python
    spy = _Spy()
    spy.MAX_N = 2
    rng = random.Random(3)
    b3 = Board(3, tuple(_layout(3, rng)[1]))
    b2 = Board(2, tuple(_layout(2, rng)[1]))
    monkeypatch.setattr(rules, "_closure_c", [spy])
    rules.deduce(b3, b3.initial(), EXTREME)
    assert not spy.seen
    rules.deduce(b2, b2.initial(), EXTREME)
    assert sum(spy.seen.values()) == 1
    from dominolab.puzzles.dominosa import sets
    monkeypatch.setattr(sets, "_set_impl", ["enumerate"])
    monkeypatch.setattr(rules, "_set_impl", sets._set_impl)
    rules.deduce(b2, b2.initial(), EXTREME)
    assert sum(spy.seen.values()) == 1


def test_a_prepared_board_still_copies_and_pickles():
    b = D.Dominosa.parse("3:" + "".join(map(str, _layout(3, random.Random(1))[1])))._board
    st = b.initial()
    used = rules.deduce(b, st, EXTREME)
    assert "_closurec" in b.__dict__
    for other in (pickle.loads(pickle.dumps(b)), copy.deepcopy(b), copy.copy(b)):
        assert "_closurec" not in other.__dict__
        st2 = other.initial()
        assert rules.deduce(other, st2, EXTREME) == used
        assert (st2.alive, st2.committed) == (st.alive, st.committed)


def _large(sizes: tuple[int, ...]) -> None:
    """Planted grids of double-n, and each cut in two areas, at Basic and Extreme: the
    placement masks of several words, the number masks up to the C's largest n."""
    rng = random.Random(sum(sizes))
    spy = _Spy()
    for n in sizes:
        b = Board(n, tuple(_layout(n, rng)[1]))
        for alive, com in [(b.full, 0), *_cut_states(b, rng, 1)]:
            _compare(b, alive, com, spy, levels=(1, 3), what=(n, b.numbers, alive))
    assert sum(spy.seen.values()) == 6 * len(sizes)


def test_large_grids():
    assert C is not None and C.MAX_N == 60
    _large((20, 33))


@pytest.mark.slow
def test_the_largest_grids_of_the_c():
    _large((47, 59, 60))


@pytest.mark.slow
def test_many_random_grids_and_partial_states():
    rng = random.Random(99)
    spy = _Spy()
    for b in _random_boards(rng, 20000, max_n=10):
        _compare(b, b.full, 0, spy, what=b.numbers)
        for alive, com in [*_partial_states(b, rng, 4), *_cut_states(b, rng, 2),
                           *_on_the_way(b, rng)]:
            _compare(b, alive, com, spy, what=(b.numbers, alive, com))
    _met_every_way_out(spy)


def test_prepare_refuses_tables_that_do_not_fit_the_board():
    # deduce() hands over a Board's own tables; anything else is refused with ValueError
    # before a table is used (an out-of-range tile index would index past the C's arrays)
    b = Board(2, (2, 0, 2, 0, 1, 2, 1, 0, 0, 2, 1, 1))
    good = (b.n, b.numbers, b._pa, b._pb, b.ptile, b._tix, b.tiles)
    C.prepare(*good)
    for k, bad in ((5, (10 ** 6,) * len(b._tix)), (5, (-1,) + b._tix[1:]), (6, b.tiles + 1),
                   (2, (2 ** 32 + b._pa[0],) + b._pa[1:]), (1, b.numbers[:-1])):
        args = list(good)
        args[k] = bad
        with pytest.raises(ValueError):
            C.prepare(*args)
