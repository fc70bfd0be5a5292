"""GameState.play()'s one-tile play of the cached plain line in C (``_crossc.c``'s
``line_play``) against the same play in Python, state for state; and the deal's shuffle in C
(``shuffled_order``) against ``random.Random(seed).shuffle``.

Where the extension was not built (or ``DOMINOLAB_PURE=1`` was set when the engine was
imported) ``state._line_play`` is None and play() is Python throughout; the comparisons then
compare Python with itself, and the test that the C path is used is skipped.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominolab.games import VARIANTS, Move, new_game, setup
from dominolab.games import state as state_module

NATIVE = state_module._line_play
GameState = state_module.GameState


def _snapshot(g) -> tuple:
    """Everything a move changes: hands, turn, draws, the end, the history and undo
    entries, the position's list of moves and the line's own lists and ends."""
    line = g._line
    ends = None if line is None else (list(line._lead), list(line._left), list(line._right),
                                      list(line._order), line.lnum, line.rnum)
    return (list(g.hands), g.top, g.current_player, g.drawn, g.mode, g.ended, g.finisher,
            list(g.history), list(g._undo), g._legal, repr(g.layout), ends)


def _without_moves(snapshot: tuple) -> tuple:
    return snapshot[:9] + snapshot[10:]


def _rounds(variant: str, players: int, seeds, native, monkeypatch) -> list:
    monkeypatch.setattr(state_module, "_line_play", native)
    out = []
    for seed in seeds:
        g = new_game(variant, players, seed=seed)
        rng = random.Random(seed)
        trace = [_snapshot(g)]
        while not g.is_over():
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
            trace.append(_snapshot(g))
        result = repr(g.result())
        # undone move by move, the states come back in reverse (but the list of moves,
        # which undo() leaves to be worked out again)
        back = []
        for _ in range(len(g.history)):
            g.undo()
            back.append(_without_moves(_snapshot(g)))
        out.append((trace, result, back))
        assert back[::-1] == [_without_moves(s) for s in trace[:-1]], (variant, seed)
    return out


CASES = [(v, k) for v in sorted(VARIANTS) for k in VARIANTS[v].player_counts
         if v != "mexican_train"][:40]


@pytest.mark.parametrize("variant,players", CASES)
def test_the_c_play_makes_the_same_states_as_python(variant, players, monkeypatch):
    seeds = range(12)
    c = _rounds(variant, players, seeds, NATIVE, monkeypatch)
    python = _rounds(variant, players, seeds, None, monkeypatch)
    assert c == python


def test_the_c_play_is_used_where_it_was_built(monkeypatch):
    if NATIVE is None:
        pytest.skip("the C extension was not built here (or DOMINOLAB_PURE=1)")
    made = {True: 0, False: 0}

    def counting(g, move):
        done = NATIVE(g, move)
        made[done] += 1
        return done

    monkeypatch.setattr(state_module, "_line_play", counting)
    for seed in range(20):
        g = new_game("sport", seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
    # every play of a tile is made in C; the passes (a few a round) go the Python way
    assert made[True] >= 8 * made[False] > 0, made


@pytest.mark.skipif(NATIVE is None, reason="the C extension was not built here")
def test_the_c_play_leaves_alone_what_it_does_not_make():
    g = new_game("sport", seed=3)
    g.play(g.legal_moves()[0])
    before = _snapshot(g)
    first = g.legal_moves()[0]
    # an equal move that is not the position's own object, its notation, a move of the wrong
    # kind, a state of another class: refused by the C path, nothing changed
    twin = Move(first.kind, first.placements, first.player)
    assert twin == first and twin is not first
    for move in (twin, str(first), Move("pass")):
        assert NATIVE(g, move) is False
        assert _snapshot(g) == before
    assert NATIVE(object(), first) is False

    class Watched(GameState):     # a subclass may change a step: Python's way makes its moves
        __slots__ = ()

    sub = new_game("sport", seed=3)
    sub.__class__ = Watched
    sub.play(sub.legal_moves()[0])
    assert NATIVE(sub, sub.legal_moves()[0]) is False
    with pytest.raises(TypeError):
        NATIVE(g)
    # masks wider than a C long (double-12: 91 tiles): the Python way plays those
    wide = new_game("classic", seed=1, set_max=12)
    assert wide._fast and wide._full.bit_length() > 63
    wide.play(wide.legal_moves()[0])
    move = wide.legal_moves()[0]
    assert NATIVE(wide, move) is False
    wide.play(move)
    assert wide.history[-1] is move


# -- the deal's shuffle in C --------------------------------------------------------------

SHUFFLES = [setup._shuffled_order_py]
if setup._c_shuffled_order is not None:
    SHUFFLES.append(setup._c_shuffled_order)


@given(n=st.integers(0, 300),
       seed=st.one_of(st.integers(-2**40, 2**40), st.integers(-2**200, 2**200)))
def test_the_shuffle_is_random_randoms(n, seed):
    """Both shuffles (C where built, Python) put the items where random.Random(seed).shuffle
    does: small and many-word seeds, negative ones (their absolute value seeds it), 0."""
    x = list(range(n))
    random.Random(seed).shuffle(x)
    for order in SHUFFLES:
        assert order(n, seed) == x, order


@pytest.mark.parametrize("seed", [0, -1, 2**32 - 1, 2**32, 2**64 - 1, 2**64, -(2**64) - 1,
                                  2**96 + 2**64 + 5])
def test_the_shuffle_at_the_seeds_word_boundaries(seed):
    # a seed is cut into 32-bit words: one, two (up to 64 bits, read at once), or more
    x = list(range(28))
    random.Random(seed).shuffle(x)
    assert all(order(28, seed) == x for order in SHUFFLES)


def test_the_shuffle_past_the_generators_first_refills():
    # 2,000 items draw over 2,000 words: the generator refills its 624 words four times
    for seed in (0, 1, 7, 2**32, -99):
        x = list(range(2000))
        random.Random(seed).shuffle(x)
        assert all(order(2000, seed) == x for order in SHUFFLES)


def test_the_deal_uses_the_c_shuffle_where_it_was_built():
    if setup._c_shuffled_order is None:
        pytest.skip("the C extension was not built here")
    assert setup._shuffled_order is setup._c_shuffled_order and setup._FAST_SHUFFLE
    with pytest.raises(TypeError):
        setup._c_shuffled_order(28, 1.5)
    with pytest.raises(ValueError):
        setup._c_shuffled_order(-1, 3)
