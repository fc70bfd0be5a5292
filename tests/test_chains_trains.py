"""The exact train planner against brute force (every trail) on random small hands."""

from __future__ import annotations

import random

import pytest

from dominolab.chains.trains import MAX_TRAIN_NODES, best_train, brute_force_train
from dominolab.errors import DominoError, OverLimit
from dominolab.tiles import DominoSet, Tile


@pytest.mark.parametrize("n", [6, 9, 12])
def test_the_planner_equals_brute_force_on_random_hands(n):
    rng = random.Random(n)
    tiles = DominoSet(n).tiles
    nodes = 0
    for _ in range(1000 if n == 6 else 300):
        hand = rng.sample(tiles, rng.randint(0, 12))
        start = rng.randint(0, n)
        for by in ("tiles", "pips"):
            plan = best_train(hand, start, by)
            brute = brute_force_train(hand, start, by)
            assert plan.value(by) == brute.value(by), (hand, start, by)
            # the plan is a real train from the hand: connected, each tile once
            assert len(set(plan.tiles)) == plan.count and set(plan.tiles) <= set(hand)
            prev = start
            for a, b in plan.pairs:
                assert a == prev
                prev = b
            nodes = max(nodes, plan.nodes)
    assert nodes < MAX_TRAIN_NODES


def test_the_two_objectives_can_disagree():
    hand = "3:4 4:5 5:6 6:1 3:12 12:12 12:11"
    assert str(best_train(hand, 3)) == "3:4 4:5 5:6 6:1"
    assert str(best_train(hand, 3, by="pips")) == "3:12 12:12 12:11"


def test_a_full_hand_is_planned_within_the_budget_and_bad_input_is_named():
    plan = best_train(DominoSet(12).tiles[:15], 0)
    assert plan.count >= 1 and plan.summary().startswith("your best train from 0: ")
    with pytest.raises(OverLimit, match="MAX_TRAIN_NODES"):
        best_train(DominoSet(6).tiles, 0, max_nodes=50)
    rough = best_train(DominoSet(6).tiles, 0, max_nodes=50, partial=True)
    assert not rough.exact and rough.count >= 1 and rough.nodes == 51
    with pytest.raises(DominoError, match="twice"):
        best_train([Tile(1, 2), Tile(2, 1)], 1)
    with pytest.raises(DominoError, match="0..100"):
        best_train("1:2", 101)
