"""The Chinese set: composition, names, suits, ranks, red pips, and the published counts
cross-checked by enumerating the 32 tiles."""

from __future__ import annotations

import html
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from dominolab.chinese import (
    CHINESE_SET,
    CIVIL,
    MILITARY,
    SUIT_NAMES,
    chinese_tile,
    count_distinct_hands,
    count_hands,
    parse_chinese,
    red_pips,
)
from dominolab.errors import InvalidSet, InvalidTile, ParseError
from dominolab.render.chinese import chinese_hand_svg, chinese_set_svg, chinese_tile_svg

CIVIL_FACES = ["6:6", "1:1", "4:4", "1:3", "5:5", "3:3", "2:2", "5:6", "4:6", "1:6", "1:5"]
MILITARY_FACES = ["1:2", "1:4", "2:3", "2:4", "2:5", "3:4", "2:6", "3:5", "3:6", "4:5"]


def test_the_set_holds_the_civil_tiles_twice_and_the_military_once():
    counts = Counter(str(t) for t in CHINESE_SET)
    assert len(CHINESE_SET) == 32 and len(CHINESE_SET.faces) == 21
    assert {f: counts[str(chinese_tile(f))] for f in CIVIL_FACES} == dict.fromkeys(
        (str(chinese_tile(f)) for f in CIVIL_FACES), 2)
    assert sorted(str(t) for t in CHINESE_SET.military) == sorted(
        str(chinese_tile(f)) for f in MILITARY_FACES)
    assert all(t.suit == CIVIL for f in CIVIL_FACES for t in [chinese_tile(f)])
    assert all(t.suit == MILITARY for f in MILITARY_FACES for t in [chinese_tile(f)])
    # «Домино»: 10 military, 11 civil «по две штуки каждая»; no blank half
    assert len({t for t in CHINESE_SET.military}) == 10
    assert len({t for t in CHINESE_SET.civil}) == 11
    assert all(1 <= t.low <= t.high <= 6 for t in CHINESE_SET)


def test_every_throw_of_two_dice_is_a_tile():
    faces = {(t.low, t.high) for t in CHINESE_SET.faces}
    assert faces == {(a, b) for a in range(1, 7) for b in range(a, 7)}


def test_civil_order_names_and_military_ranks():
    civil = [t for t in CHINESE_SET.faces if t.suit == CIVIL]
    assert [str(t) for t in civil] == [str(chinese_tile(f)) for f in CIVIL_FACES]
    assert [t.rank for t in civil] == list(range(1, 12))
    assert [t.english for t in civil[:4]] == ["Heaven", "Earth", "Man", "Harmony"]
    assert [t.chinese for t in civil[:4]] == ["天", "地", "人", "和"]
    assert [t.cantonese for t in civil] == ["Teen", "Day", "Yun", "Gor", "Mooy", "Chong", "Bon",
                                            "Foo", "Ping", "Tit", "Look"]
    rank = {str(t): t.rank for t in CHINESE_SET.faces if t.suit == MILITARY}
    assert rank["4:5"] == rank["3:6"] == 1 and rank["3:5"] == rank["2:6"] == 2
    assert rank["3:4"] == rank["2:5"] == 3 and rank["2:4"] == 4
    assert rank["1:4"] == rank["2:3"] == 5 and rank["1:2"] == 6
    for t in CHINESE_SET.faces:
        assert t.english and t.chinese and t.pinyin and t.russian
        assert t.label == f"{t.english} {t} ({t.chinese}, {t.cantonese})"
    assert SUIT_NAMES[CIVIL]["russian"] == "гражданские"
    assert SUIT_NAMES[MILITARY]["russian"] == "военные"


def test_tiles_are_values():
    a, b = chinese_tile("6:6"), chinese_tile("[6|6]")
    assert a is b and a == chinese_tile((6, 6)) and hash(a) == hash(b)
    assert chinese_tile("5:4") == chinese_tile("4-5") != chinese_tile("3:6")
    with pytest.raises(AttributeError):
        a.rank = 3  # type: ignore[misc]
    with pytest.raises(InvalidTile):
        type(a)()
    assert sorted([chinese_tile("1:2"), chinese_tile("6:6")])[0] == a
    import pickle

    assert pickle.loads(pickle.dumps(a)) is a


@pytest.mark.parametrize("bad, error", [("0:3", InvalidTile), ("7:7", InvalidTile),
                                        ("x", ParseError), ("6:6 6:6 6:6", InvalidSet),
                                        ("4:5 5:4", InvalidSet)])
def test_bad_tiles_and_hands_are_refused(bad, error):
    with pytest.raises(error):
        parse_chinese(bad)


def test_red_pips_are_the_ones_and_fours_and_half_of_heaven():
    for t in CHINESE_SET.faces:
        for half in (t.low, t.high):
            expected = half if half in (1, 4) else (3 if (t.low, t.high) == (6, 6) else 0)
            assert red_pips(half, (t.low, t.high)) == expected
    heaven = chinese_tile("6:6")
    assert heaven.red == 6 == heaven.pips // 2
    assert chinese_tile("5:5").red == 0 and chinese_tile("1:4").red == 5
    by_hand = sum(h for t in CHINESE_SET for h in (t.low, t.high) if h in (1, 4)) + 2 * 6
    assert CHINESE_SET.red_total == by_hand


def test_pip_total_is_the_227_of_the_legend():
    # Wilkinson (1895), quoted in the English Wikipedia «Tien Gow»: «a pack of 32 ... 227 pips»
    assert CHINESE_SET.pip_total == sum(a + b for a in range(1, 7) for b in range(a, 7)) + sum(
        chinese_tile(f).pips for f in CIVIL_FACES)
    assert CHINESE_SET.pip_total == 227


def test_published_counts_by_enumeration():
    tiles = list(range(32))                        # the 32 tiles told apart
    kind = [t.pair for t in CHINESE_SET.tiles]
    fours = list(combinations(tiles, 4))
    twos = list(combinations(tiles, 2))
    assert len(fours) == count_hands(4) == 35960
    assert len(twos) == count_hands(2) == 496
    assert len({tuple(sorted(kind[i] for i in h)) for h in fours}) == count_distinct_hands(4) == 3620
    assert len({tuple(sorted(kind[i] for i in h)) for h in twos}) == count_distinct_hands(2) == 136
    for k in (0, 1, 3, 5):
        hands = list(combinations(tiles, k))
        assert len(hands) == count_hands(k) == comb(32, k)
        assert len({tuple(sorted(kind[i] for i in h)) for h in hands}) == count_distinct_hands(k)
    assert sum(count_distinct_hands(k) for k in range(33)) == 3 ** 16


def test_the_16_pairs():
    pairs = CHINESE_SET.pairs
    assert len(pairs) == 16
    assert {str(t) for t in pairs[0]} == {"1:2", "2:4"}            # the Supreme pair, Gee Joon
    assert [a == b for a, b in pairs[1:12]] == [True] * 11           # civil twins
    assert all(a.suit == b.suit == MILITARY and a.pips == b.pips and a != b for a, b in pairs[12:])
    assert Counter(t.pair for t in CHINESE_SET) == Counter({k: 2 for k in range(16)})


def test_pictures_name_every_tile_and_colour_the_pips():
    svg = chinese_set_svg()
    assert svg.count('class="tile chinese"') == 32
    for t in CHINESE_SET.faces:
        one = chinese_tile_svg(t)
        assert f'aria-label="{html.escape(t.label)}"' in one
        assert one.count('class="pip red"') == t.red
        assert one.count('class="pip white"') == t.pips - t.red
    assert 'aria-label="face-down tile"' in chinese_tile_svg(chinese_tile("1:1"), face_down=True)
    earth = chinese_tile_svg(chinese_tile("1:1"), size=30)
    assert 'r="6"' in earth                               # the Earth's ones are large
    assert chinese_hand_svg(parse_chinese("6:6 1:2")).count('class="tile chinese"') == 2
    assert chinese_tile("6:6")._repr_svg_() == chinese_tile_svg(chinese_tile("6:6"))
