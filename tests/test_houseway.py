"""The Casino Canberra house way, rule by rule, against the published rule sheet."""

from __future__ import annotations

import random

import pytest

from dominolab.chinese import CHINESE_SET, house_way, house_way_rule, splits
from dominolab.chinese.houseway import house_way_kinds
from dominolab.chinese.paigow import all_kind_hands, hand_rank


def setting(text):
    s, why = house_way_rule(text.split())
    return s, why


def low_high(s):
    return ({str(t) for t in s.low.tiles}, {str(t) for t in s.high.tiles})


# Exceptions A–I: (four tiles, the low hand the sheet's setting makes, its points, high)
EXCEPTIONS = [
    ("A", "6:6 6:6 4:5 5:6", {"6:6", "5:6"}, 3, 11),      # 3-wong
    ("B", "4:4 5:5 5:6 3:4", {"5:5", "3:4"}, 7, 9),       # 7-9
    ("B", "4:4 5:5 5:6 1:6", {"5:5", "1:6"}, 7, 9),       # any 7
    ("C", "1:2 3:3 2:3 6:6", {"6:6", "2:3"}, 7, 9),       # 7-9: teen + 5, gee + 6
    ("C", "2:4 1:5 1:4 1:1", {"1:1", "1:4"}, 7, 9),
    ("D", "2:4 1:3 2:3 5:6", {"2:4", "5:6"}, 7, 9),       # a 9 of the 4 and the 5
    ("D", "2:4 2:2 1:4 3:3", {"2:2", "1:4"}, 9, 9),       # gee + 6 is a 9 too
    ("E", "4:4 2:6 4:5 4:6", {"4:4", "4:5"}, 7, 8),       # high-7 & low-8
    ("F", "3:3 1:5 1:2 1:6", {"3:3", "1:6"}, 3, 9),       # high-3 & low-9
    ("G", "1:1 3:5 3:6 2:2", {"3:6", "2:2"}, 3, 10),      # 3-gong
    ("H", "3:3 5:6 1:5 1:4", {"1:5", "1:4"}, 1, 7),       # low-1, high-7
    ("I", "4:4 3:5 4:5 2:2", {"3:5", "2:2"}, 2, 7),       # low-2, high-7
]


@pytest.mark.parametrize("letter, text, low, low_points, high_points", EXCEPTIONS)
def test_the_exceptions(letter, text, low, low_points, high_points):
    s, why = setting(text)
    assert why.startswith(f"exception {letter}:")
    assert {str(t) for t in s.low.tiles} == low
    assert (s.low.points, s.high.points) == (low_points, high_points)


def test_exceptions_overrule_the_general_rules():
    # B: without the exception rule 4.2 would balance to 8-8; F and H overrule rule 4.5
    s, _ = setting("4:4 5:5 5:6 3:4")
    others = [x for x in splits("4:4 5:5 5:6 3:4".split()) if x != s]
    assert any((x.low.points, x.high.points) == (8, 8) for x in others)


def test_the_sheets_own_pair_example():
    # «rule B above would suggest splitting 12,12,gee,4 to make 6/8. However, retaining
    # the pair results in 7-pair, higher low and high hands.»
    s, why = setting("6:6 6:6 1:2 1:3")
    assert why.startswith("pair rule 2")
    assert s.high.name == "pair of Teen" and s.low.points == 7


@pytest.mark.parametrize("text", ["1:3 1:3 6:6 4:5", "2:2 2:2 6:6 4:5", "1:4 2:3 6:6 4:5",
                                  "3:3 3:3 6:6 1:1", "1:5 1:5 6:6 4:5", "5:5 5:5 6:6 4:5",
                                  "4:6 4:6 6:6 3:6", "5:6 5:6 6:6 1:1", "1:2 2:4 6:6 4:5"])
def test_pair_rule_a_never_splits(text):
    s, why = setting(text)
    assert why.startswith("pair rule A") and (s.high.is_pair or s.low.is_pair)


def test_pair_rules_b_to_e_split_at_their_thresholds():
    s, why = setting("6:6 6:6 4:4 1:5")           # teens: gong and 8 is "6/8 or better"
    assert why.startswith("pair rule B") and (s.low.points, s.high.points) == (8, 10)
    s, why = setting("6:6 6:6 1:3 2:2")           # teens: 6 and 6 is not: keep
    assert s.high.name == "pair of Teen"
    s, why = setting("4:5 3:6 6:6 5:5")           # nines: 9-wong
    assert why.startswith("pair rule C") and (s.low.points, s.high.points) == (9, 11)
    s, why = setting("4:5 3:6 1:1 1:3")           # nines: 1-wong: keep the pair
    assert s.high.name == "pair of nines"
    s, why = setting("4:4 4:4 6:6 1:1")           # Yun pair: gong and gong, 8-8 or higher
    assert why.startswith("pair rule D") and s.low.points == s.high.points == 10
    s, why = setting("3:5 2:6 1:1 1:6")           # eights: gong and 5: keep
    assert s.high.name == "pair of eights"
    s, why = setting("1:6 1:6 6:6 1:1")           # Tit pair: two high nines
    assert why.startswith("pair rule E") and s.low.points == s.high.points == 9
    s, why = setting("3:4 2:5 6:6 1:3")           # sevens: high nine and 1: keep
    assert s.high.name == "pair of sevens"


def test_two_pairs_stay_two_pairs():
    s, _ = setting("6:6 6:6 1:1 1:1")
    assert s.high.name == "pair of Teen" and s.low.name == "pair of Day"
    s, _ = setting("4:5 3:6 1:6 1:6")
    assert s.low.is_pair and s.high.is_pair


def test_wong_gong_and_high_nine_rule():
    s, why = setting("6:6 1:6 4:4 1:4")           # high nine first (its low is Yun-high 3)
    assert why == "rule 3: play the Teen high nine" and s.high.points == 9
    s, why = setting("6:6 1:1 4:5 2:2")           # the only special: the Teen wong
    assert why == "rule 3: play the Teen wong" and s.low.points == 6
    s, why = setting("6:6 3:4 4:5 1:3")           # the high nine leaves a high-3 (Gor high)
    assert why == "rule 3: play the Teen high nine" and s.low.points == 3
    s, why = setting("6:6 3:4 4:5 2:2")           # ... here a low-3 (Bon high): the wong
    assert "below a high-3" in why and s.high.name.startswith("wong") and s.low.points == 1
    s, why = setting("1:1 6:6 3:5 4:5")           # the 12 rather than the 2: Teen gong
    assert why == "rule 3: play the Teen gong"
    assert {str(t) for t in s.low.tiles} == {"6:6", "3:5"} or \
        {str(t) for t in s.high.tiles} == {"6:6", "3:5"}


def test_other_hands():
    s, why = setting("5:6 3:3 2:5 1:3")           # 11+6 = 7 / 7+4 = 1 ... balance the most points
    most = max(x.low.points + x.high.points for x in splits("5:6 3:3 2:5 1:3".split()))
    assert s.low.points + s.high.points == most and why.startswith("rule 4")
    s, why = setting("5:5 4:6 2:3 1:4")           # 2:3 with 1:4 is the pair of fives: kept
    assert s.high.name == "pair of fives" and why.startswith("pair rule A")


def test_rule_4_5_places_the_higher_tile():
    # 5/7 either way; a high hand of 7 or less: the higher tile (Mooy, not Ping) goes low
    s, why = setting("5:5 4:6 2:3 1:6")
    assert (s.low.points, s.high.points) == (5, 7) and "4.5" in why
    assert {str(t) for t in s.low.tiles} == {"5:5", "2:3"}
    # 8/9 either way (Yun or a military eight with the Teen): the higher tile goes high
    s, why = setting("5:5 4:6 3:6 2:3")           # 5/9 either way: Mooy goes high
    assert (s.low.points, s.high.points) == (5, 9) and "4.5" in why
    assert {str(t) for t in s.high.tiles} == {"5:5", "3:6"}


def test_every_hand_gets_one_setting_of_its_own_tiles():
    rng = random.Random(7)
    for kinds in all_kind_hands(4):
        la, lb, ha, hb = house_way_kinds(kinds)
        assert sorted((la, lb, ha, hb)) == list(kinds)
        assert hand_rank(la, lb) <= hand_rank(ha, hb)
    for _ in range(200):
        four = rng.sample(CHINESE_SET.tiles, 4)
        s = house_way(four)
        assert sorted(s.tiles) == sorted(four)
        # the copies of a military pair set alike (4:5 for 3:6 gives the same values)
        assert (s.low.rank, s.high.rank) == house_way(list(reversed(four))).ranks
