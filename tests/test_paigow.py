"""Pai Gow hand values and ranking, against the rule sheets' worked examples."""

from __future__ import annotations

from itertools import combinations

import pytest

from dominolab.chinese import CHINESE_SET, PaiGowHand, Split, settle, splits
from dominolab.chinese.paigow import (
    DISTINCT_RANKS,
    all_kind_hands,
    hand_points,
    hand_rank,
    kind_splits,
    player_win,
)
from dominolab.errors import InvalidSet


def H(a, b):
    return PaiGowHand(a, b)


@pytest.mark.parametrize("a, b, points", [
    ("1:3", "2:3", 9),     # Pagat / Wikipedia: 4 + 5 = 9
    ("2:3", "5:6", 6),     # 5 + 11 = 16: the tens are dropped
    ("5:5", "4:6", 0),     # 10 + 10 = 20
    ("2:3", "4:6", 5),     # 5 + 10 = 15 (a rule sheet's example)
    ("2:4", "1:5", 9),     # a Gee Joon tile counts 3 here: 3 + 6
    ("1:2", "5:6", 7),     # and 6 here: 6 + 11 = 17
    ("6:6", "1:6", 9),     # a high nine: Teen with a seven
    ("6:6", "4:5", 11),    # wong
    ("1:1", "3:6", 11),    # wong
    ("6:6", "4:4", 10),    # gong: Teen with the civil eight too
    ("1:1", "2:6", 10),    # gong
    ("6:6", "1:1", 4),     # Teen and Day are not a pair: 12 + 2
    ("4:4", "3:5", 6),     # two eights of different suits: no pair, 16
])
def test_points(a, b, points):
    assert H(a, b).points == points


def test_pairs_rank_above_everything_in_their_order():
    pairs = [H(*p) for p in CHINESE_SET.pairs]
    ranks = [h.rank for h in pairs]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 16
    assert pairs[0].name == "Gee Joon (the Supreme pair)" and ranks[0] == DISTINCT_RANKS - 1
    lowest_pair = pairs[-1]                                   # the fives
    teen_wong = H("6:6", "4:5")
    assert lowest_pair > teen_wong > H("1:1", "4:5") > H("6:6", "3:5") > H("1:1", "4:4")
    assert H("1:1", "4:4") > H("6:6", "1:6") > H("1:1", "2:5") > H("4:4", "4:5")
    assert not H("4:4", "3:5").is_pair and H("3:6", "4:5").is_pair and H("1:2", "2:4").is_pair


def test_ties_by_the_higher_tile_and_copies():
    # the same points: the hand with the higher single tile wins
    assert H("3:6", "1:1") > H("2:5", "2:2")              # 1 and 1: Day beats Bon
    assert H("5:6", "1:5") == H("5:6", "2:4")             # both 7, Foo high: a copy (navpil)
    assert H("4:5", "1:3") == H("3:6", "1:3")             # military tiles of equal pips alike
    assert H("5:5", "4:6") == H("3:3", "2:2")             # every 0 is alike
    assert H("2:3", "1:4").is_pair                          # 5 + 5: the pair of fives, not a 0
    assert H("6:6", "4:5") == H("6:6", "3:6")             # two Teen wongs: a copy
    assert H("2:4", "1:3") == H("1:2", "1:3")             # 7 or 7 with Gor on top
    assert H("1:2", "1:4") < H("1:4", "2:3") and H("1:2", "2:3").points == 8


def test_every_two_tile_hand_has_one_value():
    hands = [H(a, b) for a, b in combinations(CHINESE_SET.tiles, 2)]
    assert len(hands) == 496
    assert {h.rank for h in hands} == set(range(DISTINCT_RANKS))
    for h in hands:
        a, b = h.kinds
        assert h.rank == hand_rank(a, b) == hand_rank(b, a)
        assert h.points == hand_points(a, b)
        assert (h.points >= 12) == h.is_pair


def test_splits_of_four_tiles():
    assert len(splits("6:6 1:1 4:5 2:2".split())) == 3
    assert len(splits("6:6 6:6 1:1 1:1".split())) == 2
    assert len(splits("6:6 6:6 4:5 3:6".split())) == 2        # the two nines are alike
    for kinds in all_kind_hands(4)[::97]:
        for la, lb, ha, hb in kind_splits(kinds):
            assert hand_rank(la, lb) <= hand_rank(ha, hb)
            assert sorted((la, lb, ha, hb)) == list(kinds)
    s = Split(["6:6", "4:5"], ["1:1", "1:3"])
    assert s.high.name.startswith("wong") and s.low.points == 6
    with pytest.raises(InvalidSet):
        splits("6:6 6:6 6:6 1:1".split())
    with pytest.raises(InvalidSet):
        splits("6:6 1:1".split())


def test_settling_a_bet():
    player = Split(["6:6", "4:5"], ["1:1", "1:3"])            # wong / 6
    better = Split(["6:6", "3:6"], ["4:4", "1:5"])            # wong (a copy) / 4, Yun high
    assert settle(player, better) == 0                          # a copy to the banker, a win
    assert settle(Split(["1:1", "4:5"], ["2:2", "1:3"]), better) == 0    # 8 beats 4, a Day wong
    worse = Split(["2:2", "1:3"], ["5:5", "4:6"])                          # 0 / 8
    assert settle(worse, better) == -1 and settle(better, worse) == 1
    assert settle(player, player) == -1 and settle(player, player, copies="push") == 0
    assert player_win(1, 0) == 1 and str(player_win(1)) == "19/20"
