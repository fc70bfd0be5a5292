"""The Dominosa generator: :func:`generate` makes a unique puzzle of exactly
the grade asked for.

Construction: a random domino tiling of the (n+1) x (n+2) grid (greedy, then
mixed by random 2x2 flips), a random assignment of the double-n tiles to its
dominoes -- so the planted solution always exists -- and then *local repair*
instead of restarting: the grader runs with deductions capped at the wanted
level; while cells stay undecided (or the grid turns out too easy), two
planted dominoes, at least one from the undecided area, swap their numbers.
A swap is kept when the grid gets no further from the goal (fewer open
placements; a grid at the right level ends the walk). When the capped solver
finishes the grid, the planted solution is the only one, and the walk stops
only when the highest level used is exactly the one asked for.

The reference generator (Simon Tatham's, in his Portable Puzzle Collection)
instead draws whole new layouts until one happens to fit, which is why it
needs minutes at n = 12.

>>> rows = generate_grid(4, "basic", 7)
>>> len(rows), len(rows[0])
(5, 6)
"""

from __future__ import annotations

import random

from ...errors import InvalidRegion, NoSuchPuzzle
from .board import BASIC, EXTREME, HARD, TRIVIAL, Board, State
from .grade import Grade
from .puzzle import Dominosa
from .rules import deduce
from .search import search

__all__ = ["LEVELS", "MIN_N", "generate", "generate_grid", "random_tiling"]

LEVELS = {"trivial": TRIVIAL, "basic": BASIC, "hard": HARD, "extreme": EXTREME,
          "search": EXTREME}

#: Smallest n with puzzles of each grade. For n = 0, 1 and 2 every grid was
#: graded (n = 2: all 34,650; tests/test_dominosa.py repeats it): no Hard,
#: Extreme or search-grade grid exists there. This generator makes all of
#: them at n = 3 (the reference generates 3dh and 3de grids too).
MIN_N = {"trivial": 0, "basic": 2, "hard": 3, "extreme": 3, "search": 3}

MAX_STEPS = 4000      # swaps tried on one layout before drawing a new one
MAX_RESTARTS = 200    # layouts drawn before giving up
MAX_BACKUPS = 20000   # back-ups in random_tiling before it takes the straight tiling


def _straight_tiling(rows: int, cols: int) -> list[int]:
    """All dominoes parallel: across the rows when ``cols`` is even, else down."""
    if cols % 2 == 0:
        return [i + 1 if i % 2 == 0 else i - 1 for i in range(rows * cols)]
    return [i + cols if (i // cols) % 2 == 0 else i - cols for i in range(rows * cols)]


def random_tiling(rows: int, cols: int, rng: random.Random) -> list[int]:
    """``mate[i]``: the partner cell of cell ``i`` in a random domino tiling.

    >>> mate = random_tiling(3, 4, random.Random(1))
    >>> all(mate[mate[i]] == i and mate[i] != i for i in range(12))
    True
    """
    n = rows * cols
    if n % 2:
        raise InvalidRegion(f"a {rows} x {cols} rectangle has an odd number of cells: "
                            "no domino tiling")
    mate = [-1] * n
    # greedy: fill the first empty cell (reading order) to the right or below;
    # in a rectangle with an even side this never gets stuck when rows first
    # go right and the last row always can.
    stack: list[tuple[int, int, list[int]]] = []
    i = 0
    backups = 0
    while i < n:
        if mate[i] >= 0:
            i += 1
            continue
        r, c = divmod(i, cols)
        opts = []
        if c + 1 < cols and mate[i + 1] < 0:
            opts.append(i + 1)
        if r + 1 < rows:
            opts.append(i + cols)
        rng.shuffle(opts)
        if not opts:
            backups += 1
            if backups > MAX_BACKUPS:
                # this depth-first search can take exponentially long (seconds
                # at n = 20); start instead from parallel dominoes along the
                # even side, which the 2x2 flips below then mix
                mate = _straight_tiling(rows, cols)
                break
            # back up: undo the last choice and try its alternative
            while stack:
                j, k, rest = stack.pop()
                mate[j] = mate[k] = -1
                if rest:
                    k2 = rest.pop()
                    mate[j], mate[k2] = k2, j
                    stack.append((j, k2, rest))
                    i = j
                    break
            else:  # pragma: no cover - unreachable: the area is even, so a tiling exists
                raise InvalidRegion(f"no domino tiling of a {rows} x {cols} rectangle")
            continue
        k = opts.pop()
        mate[i], mate[k] = k, i
        stack.append((i, k, opts))
        i += 1
    # mix: rotate pairs of parallel dominoes filling a 2x2 block
    for _ in range(4 * n):
        r = rng.randrange(rows - 1) if rows > 1 else 0
        c = rng.randrange(cols - 1) if cols > 1 else 0
        if rows < 2 or cols < 2:
            break
        a, b, d, e = r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1
        if mate[a] == b and mate[d] == e:
            mate[a], mate[d], mate[b], mate[e] = d, a, e, b
        elif mate[a] == d and mate[b] == e:
            mate[a], mate[b], mate[d], mate[e] = b, a, e, d
    return mate


def _layout(n: int, rng: random.Random) -> tuple[list[tuple[int, int]], list[int]]:
    """A planted grid: the dominoes of a random tiling (cell pairs) and the
    numbers of a random assignment of the double-n tiles to them."""
    rows, cols = n + 1, n + 2
    mate = random_tiling(rows, cols, rng)
    doms = [(i, mate[i]) for i in range(rows * cols) if mate[i] > i]
    tiles = [(a, b) for b in range(n + 1) for a in range(b + 1)]
    rng.shuffle(tiles)
    numbers = [0] * (rows * cols)
    for (i, j), (a, b) in zip(doms, tiles):
        if rng.random() < 0.5:
            a, b = b, a
        numbers[i], numbers[j] = a, b
    return doms, numbers


def _evaluate(n: int, numbers: list[int], level: int) -> tuple[Board, State, int, int]:
    """The grid after deductions up to ``level``: board, state, open
    placements beyond one per tile, highest level used."""
    b = Board(n, tuple(numbers))
    st = b.initial()
    used = deduce(b, st, level)
    excess = st.alive.bit_count() - b.tiles
    return b, st, excess, used


def _score(excess: int, used: int, level: int, grade: str, b: Board, st: State) -> int:
    """0 when the grid is what was asked for; otherwise how far it is."""
    if grade == "search":
        # unique, yet the Extreme deductions get stuck: walk down towards few
        # open placements, never to none, and stop at the first unique grid
        if excess == 0:
            return 1 << 30  # finished by deductions: never accept
        unique = sum(1 for _ in search(b, st, limit=2)) == 1
        return 0 if unique else excess + 1
    if excess > 0:
        return excess + 1
    return 0 if max(used, TRIVIAL) == level else 1


def generate_grid(n: int, grade: str, seed: int) -> tuple[tuple[int, ...], ...]:
    """Rows of a unique double-``n`` grid whose grade is ``grade``."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 30:
        raise NoSuchPuzzle(f"n must be a whole number from 0 to 30, got {n!r}")
    rng = random.Random(f"dominosa/{n}/{grade}/{seed}")
    cols = n + 2
    if grade == "ambiguous":
        _, numbers = _layout(n, rng)
        return tuple(tuple(numbers[r * cols:(r + 1) * cols]) for r in range(n + 1))
    if grade not in LEVELS:
        raise NoSuchPuzzle(f"cannot generate {grade!r} puzzles: choose trivial, basic, hard, "
                           "extreme, search or ambiguous")
    if n < MIN_N[grade]:
        raise NoSuchPuzzle(f"no double-{n} Dominosa puzzle is {grade}: the smallest {grade} "
                           f"puzzles are double-{MIN_N[grade]}")
    level = LEVELS[grade]
    for _ in range(MAX_RESTARTS):
        doms, numbers = _layout(n, rng)
        b, st, excess, used = _evaluate(n, numbers, level)
        score = _score(excess, used, level, grade, b, st)
        stale = 0
        for _ in range(MAX_STEPS):
            if score == 0:
                return tuple(tuple(numbers[r * cols:(r + 1) * cols]) for r in range(n + 1))
            # dominoes of the planted tiling still open in the capped solve
            alive = st.alive
            open_doms = [k for k, (i, j) in enumerate(doms)
                         if (alive & b.cell_mask[i]).bit_count() > 1]
            k1 = rng.choice(open_doms) if open_doms and rng.random() < 0.9 else \
                rng.randrange(len(doms))
            k2 = rng.randrange(len(doms) - 1)
            if k2 >= k1:
                k2 += 1
            (i1, j1), (i2, j2) = doms[k1], doms[k2]
            old = numbers[i1], numbers[j1], numbers[i2], numbers[j2]
            a1, b1, a2, b2 = old
            if rng.random() < 0.5:
                a1, b1 = b1, a1
            if rng.random() < 0.5:
                a2, b2 = b2, a2
            numbers[i1], numbers[j1], numbers[i2], numbers[j2] = a2, b2, a1, b1
            nb, nst, nex, nused = _evaluate(n, numbers, level)
            nscore = _score(nex, nused, level, grade, nb, nst)
            if nscore <= score:
                stale = 0 if nscore < score else stale + 1
                b, st, score = nb, nst, nscore
            else:
                numbers[i1], numbers[j1], numbers[i2], numbers[j2] = old
                stale += 1
            if stale > 60 + 4 * len(doms):
                break
    raise NoSuchPuzzle(f"no {grade} double-{n} puzzle found for seed {seed} "
                       f"after {MAX_RESTARTS} layouts")


def generate(n: int, difficulty: object = "hard", seed: int = 1) -> Dominosa:
    """A new double-``n`` puzzle with exactly one solution at exactly the grade
    ``difficulty`` (trivial, basic, hard, extreme, or ``search``: unique but
    beyond every deduction level; ``ambiguous`` gives a random layout with no
    check, like the reference's), the same for the same seed. Raises
    :class:`~dominolab.errors.NoSuchPuzzle` when no such puzzle exists (Hard,
    Extreme and search need n >= 3, Basic n >= 2).

    >>> p = generate(5, "basic", seed=1)
    >>> str(p.grade()), p.count_solutions(), p == generate(5, "basic", seed=1)
    ('basic', 1, True)
    """
    g = Grade.parse(difficulty)
    rows = generate_grid(n, g.value, seed)
    p = Dominosa(rows)
    p.fields["grade"] = g.value
    p.fields["source"] = f"dominolab generate({n}, {g.value!r}, seed={seed})"
    return p
