"""The compact double-dummy search of Semyorka's line (dominolab.games.sum_search) against
the engine search and plain minimax, with the boneyard's order known (``boneyard="known"``),
in both readings of the two-tiles rule and for every number of players."""

from __future__ import annotations

import random
import statistics

import pytest

from dominolab import DominoSet
from dominolab.games import get_rules, new_game, new_round
from dominolab.games.leaf import INF
from dominolab.games.search import _Engine, move_values, solve
from dominolab.games.sum_search import SumCompact, run_of, sum_ok

from .games_helpers import dealt
from .repo_state import shares
from .test_solver import reference_value

READINGS = [{}, {"two_after_three": False}]


def sum_position(rng, options, hand=None, boneyard=None, players=None, rules=None):
    """A Semyorka round with random hands (``hand`` tiles each, or the variant's own) and a
    boneyard of ``boneyard`` tiles (or the rest), played forward at random for a few
    moves after the lead (draws and passes included)."""
    r = rules or get_rules("semyorka").with_options(**options)
    while True:
        n = rng.choice(players or r.player_counts)
        size = hand or r.hand_size(n)
        tiles = list(DominoSet(r.set_max).tiles)
        rng.shuffle(tiles)
        hands = [tiles[size * i:size * i + size] for i in range(n)]
        rest = tiles[size * n:]
        bone = rest if boneyard is None else rest[:boneyard]
        g = new_round(r, hands, bone, seed=rng.randrange(10 ** 6))
        # forward at random until few enough tiles are held that the engine search alone,
        # the reference here, is quick
        stop = rng.randint(6, 12) if hand is None else INF
        for _ in range(1 + rng.randrange(3)):
            if not g.is_over():
                g.play(rng.choice(list(g.legal_moves())))
        while not g.is_over() and sum(h.bit_count() for h in g.hands) > stop:
            g.play(rng.choice(list(g.legal_moves())))
        if not g.is_over() and sum_ok(g):
            return g


def _agree(which, seed, options):
    """(positions where a steal, a run of three and a draw were met) among the positions
    ``which`` (a range) of the stream ``seed`` deals, each searched as the engine searches
    it."""
    steals = runs = draws = 0
    for g in dealt(lambda rng: sum_position(rng, options), seed, which):
        a = solve(g, boneyard="known")
        b = solve(g, boneyard="known", method="engine")
        assert a.method == "compact"
        assert (a.value, a.best_moves) == (b.value, b.best_moves), \
            (options, g.seed, [str(m) for m in g.history])
        C = SumCompact(g)
        assert C.value_of(g, -INF, INF) == b.value
        steals += bool(C._steals)
        runs += any(r >= 3 for r in _runs_met(C))
        draws += g.boneyard_count() > 0
    return steals, runs, draws


def _runs_met(C):
    """The run counts in the keys C's table holds (bits 9-10 of the low part)."""
    return {(k >> 12 >> 9) & 3 for k in C.tt}


@pytest.mark.parametrize("options", READINGS)
# (the 17th position is the first to meet a run of three)
@pytest.mark.parametrize("share", shares(range(17), range(17, 40)))
def test_sum_search_equals_the_engine_search(options, share):
    steals, runs, draws = _agree(share, 71, options)
    # the positions reach the rules the search implements on its own
    assert steals > 0 and draws > 0
    assert runs > 0


@pytest.mark.slow
@pytest.mark.parametrize("options", READINGS)
def test_sum_search_equals_the_engine_search_200(options):
    _agree(range(200), 710, options)


@pytest.mark.parametrize("options", READINGS)
def test_sum_search_small_positions_equal_plain_minimax(options):
    rng = random.Random(73)
    for _ in range(25):
        g = sum_position(rng, options, hand=3, boneyard=rng.randrange(4), players=(2, 3))
        want = reference_value(g)
        assert solve(g, boneyard="known").value == want, [str(m) for m in g.history]
        assert solve(g, boneyard="known", method="engine").value == want


def _three_sixes(**options):
    """P1 leads 3:3 (a lone double: 6), plays 0:3 (3:3 counts 6, plus 0) and 0:0 (6 again):
    three plays in a row, so he may now lay two tiles at once."""
    g = new_round("semyorka", ["3:3 0:3 0:0 1:3 1:2 2:5", "1:4 2:6 3:5 5:6 0:1 4:4",
                               "0:2 1:5 3:4 5:5 0:6 1:6"], boneyard="1:1 2:2 2:3 0:4",
                  **options)
    assert g.current_player == 0
    for m in ("3:3", "0:3>R", "0:0>R"):
        g.play(m)
    assert g.current_player == 0 and run_of(g) == 3 and g.layout.end_sum() == 6
    return g


def engine_move_values(g):
    """Every legal move's value by the engine search alone (no compact search below)."""
    E = _Engine(g)
    return [(str(m), E.move_value(m, -INF, INF)) for m in list(E.st.legal_moves())]


def test_two_tiles_after_three_plays_in_a_row():
    g = _three_sixes()
    assert [m for m in g.legal_moves() if len(m.placements) == 2]
    assert [(str(m), v) for m, v in move_values(g, boneyard="known")] == engine_move_values(g)
    off = _three_sixes(two_after_three=False)
    assert not [m for m in off.legal_moves() if len(m.placements) == 2]
    assert [(str(m), v) for m, v in move_values(off, boneyard="known")] == \
        engine_move_values(off)


def test_the_lone_double_counts_its_pips_and_then_stays_at_the_other_end():
    g = new_round("semyorka", ["3:3 0:1", "0:3 4:5", "2:4 5:6"], boneyard="1:1 2:2 0:0")
    g.play("3:3")                   # alone: 6, P1 moves again
    assert g.current_player == 0
    C = SumCompact(g)
    assert C.end_sum(C.ends_of(g)) == 6
    assert solve(g, boneyard="known").value == solve(g, boneyard="known",
                                                      method="engine").value
    assert [m.kind for m in g.legal_moves()] == ["draw"]      # nothing fits a 3
    g.play("draw")
    assert [(str(m), v) for m, v in move_values(g, boneyard="known")] == engine_move_values(g)


def test_full_deals_are_searched_within_a_node_bound():
    """Full deals from the empty table (the lead by the engine, the rest here): the work
    stays small (the stick score's bounds answer most null windows at once)."""
    nodes = []
    for players in (2, 3, 4, 6):
        for seed in range(4):
            g = new_game("semyorka", players=players, seed=seed)
            if g.is_over():
                continue
            a = solve(g, boneyard="known", best=False, line=False)
            nodes.append(a.nodes)
    assert statistics.median(nodes) < 20_000 and max(nodes) < 400_000, nodes


def test_the_scoring_hook_path_equals_the_closed_form():
    """Without the declared stick score (no ``score_model``, no ``hand_value``) the search
    scores each leaf through the variant's scoring hook: same values as the closed form."""
    import dataclasses

    rng = random.Random(79)
    plain = dataclasses.replace(get_rules("semyorka"), score_model=None, hand_value=None)
    for _ in range(12):
        h = sum_position(rng, {}, rules=plain)
        C = SumCompact(h)
        assert not C._sticks
        assert C.value_of(h, -INF, INF) == solve(h, boneyard="known", method="engine").value
