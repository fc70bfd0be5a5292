"""``deep_recursion``: a recursive search runs in a frame-stack chunk of its own.

CPython 3.11 and 3.12 give a 16 KB chunk of the frame stack back to the system each time
a call returns to its start, and map a new one on the next call past it; a search whose
depth goes up and down across such a boundary pays page faults at every crossing (see
``dominolab/_stack.py``). The check counts the process's minor page faults, which a
crossing causes and nothing else in these calls does: work, not time.
"""

import sys

import pytest

from dominolab._stack import deep_recursion

resource = pytest.importorskip("resource")   # (not on Windows)

#: The interpreters whose frame stack frees and maps chunks at every crossing.
UNFIXED = sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 12)


def bump(m):
    return 0 if m == 0 else bump(m - 1)


def walk(n):
    """Down ``n`` levels; on the way back up, at every level, twenty trips 20 levels
    deeper: any chunk boundary within ~320 frames is crossed hundreds of times."""
    if n:
        walk(n - 1)
    for _ in range(20):
        bump(20)
    return n


def faults(f, *args):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    f(*args)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def below(depth, f, *args):
    """``f(*args)`` called ``depth`` frames deeper than here (where the chunk boundaries
    fall depends on how deep the caller is)."""
    return f(*args) if depth == 0 else below(depth - 1, f, *args)


@pytest.mark.parametrize("depth", [0, 7, 50])
def test_a_wrapped_search_crosses_no_chunk_boundary(depth):
    wrapped = deep_recursion(walk)
    faults(below, depth, wrapped, 300)            # (warm: the code's own first touches)
    assert faults(below, depth, wrapped, 300) < 60
    if UNFIXED:
        # the same walk unwrapped pays for its crossings: what the bound above guards
        assert faults(below, depth, walk, 300) > 150


def test_the_wrapper_keeps_the_function_its_name_and_its_errors():
    @deep_recursion
    def f(n, *, k=1):
        """Doc."""
        if n < 0:
            raise ValueError("negative")
        return n * k

    assert (f(3, k=2), f.__name__, f.__doc__) == (6, "f", "Doc.")
    assert f.__wrapped__(4) == 4
    with pytest.raises(ValueError, match="negative"):
        f(-1)


def test_a_wrapped_call_inside_another_runs_in_the_outer_chunk():
    """The sampling bot's dozen solves a move share its chunk: one mapping, not twelve
    (each mapping touches fresh pages, so twelve inner mappings show as page faults)."""
    inner = deep_recursion(walk)

    @deep_recursion
    def outer(k):
        for _ in range(k):
            inner(20)

    outer(2)
    assert faults(outer, 400) < 60
    if UNFIXED:
        # the same 400 calls one after another: a fresh chunk each, its pages faulted in
        assert faults(below, 0, lambda: [inner(20) for _ in range(400)]) >= 400


def test_the_package_searches_are_wrapped():
    from dominolab.games.bots import SamplingBot
    from dominolab.games.inference import Knowledge
    from dominolab.games.postmortem import analyse
    from dominolab.games.search import minimax_value, move_values, solve

    wrapper = deep_recursion(walk).__code__      # every wrapper runs the same code
    for f in (solve, move_values, minimax_value, Knowledge._count, SamplingBot.choose,
              analyse):
        assert f.__code__ is wrapper, f.__name__
