"""Tiles, hands and sets: values, notation, errors, invariants."""

import itertools
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominolab import DominoError, DominoSet, Hand, ParseError, Tile, parse_tiles
from dominolab.errors import InvalidSet, InvalidTile

numbers = st.integers(min_value=0, max_value=30)
tiles = st.builds(Tile, numbers, numbers)


@given(numbers, numbers)
def test_tile_is_canonical_and_symmetric(a, b):
    t = Tile(a, b)
    assert t == Tile(b, a)
    assert hash(t) == hash(Tile(b, a))
    assert (t.low, t.high) == (min(a, b), max(a, b))
    assert t.pips == a + b
    assert t.is_double == (a == b)


@given(tiles)
def test_notations_round_trip(t):
    a, b = t.low, t.high
    for text in (str(t), f"{b}:{a}", f"{a}-{b}", f"[{b}|{a}]", f"{a}|{b}", f" [ {a} | {b} ] "):
        assert Tile.parse(text) == t
    assert eval(repr(t)) == t
    assert pickle.loads(pickle.dumps(t)) == t


@given(tiles)
def test_index_round_trips(t):
    assert Tile.from_index(t.index) == t


@given(st.integers(0, 6), st.integers(0, 6), st.booleans())
def test_glyphs_round_trip(a, b, vertical):
    t = Tile(a, b)
    assert Tile.parse(t.glyph(vertical=vertical)) == t


def test_glyph_code_points_follow_unicode():
    # U+1F031 is the horizontal 0-0, U+1F061 the horizontal 6-6; U+1F063 the vertical 0-0.
    assert Tile(0, 0).glyph() == "\U0001F031"
    assert Tile(6, 6).glyph() == "\U0001F061"
    assert Tile(0, 0).glyph(vertical=True) == "\U0001F063"
    assert Tile(1, 4).glyph() == chr(0x1F031 + 7 * 1 + 4)


def test_glyph_beyond_six_is_a_clear_error():
    with pytest.raises(InvalidTile, match="only up to 6:6"):
        Tile(3, 9).glyph()


def test_ordering_and_immutability():
    assert sorted([Tile(2, 2), Tile(0, 5), Tile(1, 1)]) == [Tile(0, 5), Tile(1, 1), Tile(2, 2)]
    with pytest.raises(AttributeError):
        Tile(1, 2).low = 5
    assert Tile(3, 5) is Tile(5, 3)


def test_other_end():
    assert Tile(3, 5).other(5) == 3
    assert Tile(4, 4).other(4) == 4
    with pytest.raises(InvalidTile, match="has no 6"):
        Tile(3, 5).other(6)


@pytest.mark.parametrize(
    "text, position, fragment",
    [
        ("", 0, "empty"),
        ("3", 1, "one number"),
        ("3;5", 1, "';' at position 1"),
        ("x:5", 0, "'x' at position 0"),
        ("3:", 2, "second number is missing"),
        ("[3|5", 4, "missing ']'"),
        ("3:5:6", 3, "unexpected ':'"),
        ("🀰", 0, "face-down"),
    ],
)
def test_parse_errors_name_the_input_and_position(text, position, fragment):
    with pytest.raises(ParseError) as info:
        Tile.parse(text)
    err = info.value
    assert isinstance(err, DominoError) and isinstance(err, ValueError)
    assert repr(text) in str(err)
    assert fragment in str(err)
    assert err.position == position


def test_negative_and_non_integer_numbers():
    Tile(1, 2)  # cached: a float or bool equal to 1 must still be refused
    for bad in [(1.0, 2), (True, 2), ("a", 3), (None, 1)]:
        with pytest.raises(InvalidTile, match="whole numbers"):
            Tile(*bad)
    with pytest.raises(InvalidTile, match="negative"):
        Tile(-1, 2)
    with pytest.raises(InvalidTile, match="whole numbers"):
        Tile(1.5, 2)
    with pytest.raises(ParseError):
        Tile.parse(35)


def test_parse_tiles_separators_and_error_position():
    assert str(parse_tiles("0:1,2:3; [4|5]  6-6")) == "0:1 2:3 4:5 6:6"
    with pytest.raises(ParseError) as info:
        parse_tiles("0:1 1:2 2/3")
    assert "tile 3" in str(info.value) and "'2/3'" in str(info.value)
    assert info.value.position == 9


@given(st.lists(tiles, max_size=12))
def test_hand_text_round_trips(ts):
    h = Hand(ts)
    assert Hand.parse(str(h)) == h
    assert h.pips == sum(t.pips for t in ts)


@pytest.mark.parametrize("n", range(21))
def test_set_size_and_pips(n):
    s = DominoSet(n)
    brute = list(itertools.combinations_with_replacement(range(n + 1), 2))
    assert len(s) == s.size == len(brute) == (n + 1) * (n + 2) // 2
    assert s.pip_total == sum(a + b for a, b in brute) == n * (n + 1) * (n + 2) // 2
    assert list(s) == sorted(s) == [Tile(a, b) for a, b in brute]
    assert len(set(s)) == s.size
    assert [s.index(t) for t in s] == list(range(s.size))
    assert str(s.doubles) == " ".join(f"{k}:{k}" for k in range(n + 1))
    for k in s.numbers:
        suit = s.suit(k)
        assert len(suit) == n + 1 and all(t.has(k) for t in suit)
        # each number shows on n+2 tile ends (the double counts twice)
        assert sum((t.low == k) + (t.high == k) for t in suit) == n + 2


def test_set_membership_and_errors():
    s = DominoSet(6)
    assert Tile(6, 6) in s and "2:5" in s and Tile(0, 7) not in s and "junk" not in s
    assert DominoSet(18).size == 190 and DominoSet(12).size == 91
    with pytest.raises(InvalidSet, match="0 or more"):
        DominoSet(-1)
    with pytest.raises(InvalidSet, match="whole number"):
        DominoSet("6")
    with pytest.raises(InvalidTile, match="numbers 0..6, not 7"):
        s.suit(7)
    with pytest.raises(InvalidSet, match="twice"):
        s.parse("1:2 2:1")
    with pytest.raises(InvalidTile, match="tile 2 .0:9. is not in the double-6 set"):
        s.parse("1:2 0:9")
    assert DominoSet(6) == DominoSet(6) and hash(DominoSet(6)) == hash(DominoSet(6))
    assert repr(s) == "DominoSet(6)"
