"""Copying and pickling: every public value and every game state survives ``copy.copy``,
``copy.deepcopy`` and a pickle round trip (what multiprocessing, a notebook's undo
snapshot or a user's ``deepcopy(game)`` do). The immutable values (tiles, sets, moves,
chains, Dominosa placements) used to refuse the default rebuild, which sets attributes,
so a deep copy or a pickle of any game failed with "DominoSet is immutable".
"""

from __future__ import annotations

import copy
import pickle

import pytest

from dominolab import DominoSet, Hand, Tile
from dominolab.chains import Chain
from dominolab.games import VARIANTS, Match, Move, new_game, play_out
from dominolab.games.bots import GreedyBot, RandomBot
from dominolab.puzzles.dominosa import Dominosa
from dominolab.puzzles.dominosa.values import Partial, Placement


def _round_trips(x):
    return [copy.copy(x), copy.deepcopy(x), pickle.loads(pickle.dumps(x))]


@pytest.mark.parametrize("value", [
    Tile(2, 5), DominoSet(9), DominoSet(12, locomotives=True), Hand("1:2 3:3 0:6"),
    Move("play", [("3:4", "L")], player=1), Move("pass"), Chain("1:2 2:3 3:3"),
    Placement(((0, 0), (0, 1)), Tile(1, 4)),
    Partial(placed=[((0, 0), (0, 1))], excluded=[((1, 0), (1, 1))]),
], ids=repr)
def test_values_copy_and_pickle_as_equal_values(value):
    for other in _round_trips(value):
        assert other == value and type(other) is type(value)
        assert hash(other) == hash(value)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_game_in_the_middle_of_a_round_copies_and_pickles(variant):
    g = new_game(variant, seed=4)
    bots = [GreedyBot(seed=s) for s in range(g.players)]
    for _ in range(6):
        if g.is_over():
            break
        g.play(bots[g.current_player].choose(g))
    for other in (copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert other.history == g.history and other.legal_moves() == g.legal_moves()
        assert other.current_player == g.current_player
    # a deep copy is independent: playing it out leaves the original where it was, and the
    # original then plays out to the same result
    other = copy.deepcopy(g)
    before = list(g.history)
    finished = play_out(other, [RandomBot(seed=s) for s in range(g.players)])
    assert g.history == before and other.is_over()
    if not g.is_over():
        assert play_out(g, [RandomBot(seed=s) for s in range(g.players)]) == finished


def test_a_match_and_a_dominosa_puzzle_copy_and_pickle():
    m = Match("kozel", players=4, seed=3)
    m.play([RandomBot(seed=s) for s in range(4)], max_rounds=2)
    for other in (copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert other.scores == m.scores and len(other.results) == len(m.results)
    p = Dominosa.parse("n: 1\ngrid:\n0 0 1\n1 0 1\n")
    sol = p.solve()
    for other in _round_trips(sol):
        assert other == sol
    for other in _round_trips(p):
        assert other.solve() == sol
