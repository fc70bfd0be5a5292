"""Lesson 12's bounds, each against an independent brute force: every subset of the small
sets, every deal of a small set, and the extremal sets of double-six checked by hand."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from dominolab import DominoSet, Tile
from dominolab.combinatorics import pigeonhole as P
from dominolab.errors import DominoError, OverLimit
from dominolab.teach.witnesses_counting import tiles_without_witness

# independent tests of the coincidences (not the module's own)
BRUTE = {
    "shared_number": lambda ts, x: max(Counter(v for t in ts for v in {t.low, t.high})
                                       .values(), default=0) >= 2,
    "double": lambda ts, x: any(t.low == t.high for t in ts),
    "suit": lambda ts, x: any(x in (t.low, t.high) for t in ts),
    "three_on_a_number": lambda ts, x: max(Counter(v for t in ts for v in {t.low, t.high})
                                           .values(), default=0) >= 3,
    "same_pips": lambda ts, x: len({t.low + t.high for t in ts}) < len(ts),
}


def _largest_by_listing(name: str, n: int, x: int) -> int:
    tiles = list(DominoSet(n))
    best = 0
    for size in range(len(tiles) + 1):
        if any(not BRUTE[name](c, x) for c in combinations(tiles, size)):
            best = size
        else:
            break          # every set of this size has it, so every larger one too
    return best


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("name", sorted(BRUTE))
def test_bounds_and_extremal_sets_against_every_subset(name, n):
    x = n                                # the suit of the top number
    c = P.coincidence(name, n=n, x=x)
    largest = _largest_by_listing(name, n, x)
    assert len(c.extremal) == largest
    assert not BRUTE[name](list(c.extremal), x)
    assert c.bound == largest + 1 and c.sharp          # the argument's bound is exact


@pytest.mark.parametrize("name", sorted(BRUTE))
def test_double_six_extremal_sets_escape_and_the_bounds(name):
    c = P.coincidence(name)
    ts = list(c.extremal)
    assert len(set(ts)) == len(ts) == c.bound - 1 and not BRUTE[name](ts, 6)
    assert c.sharp
    # every single tile added to the extremal set forces the coincidence
    for t in DominoSet(6):
        if t not in set(ts):
            assert BRUTE[name](ts + [t], 6), (name, t)
    assert {"shared_number": 8, "double": 22, "suit": 22, "three_on_a_number": 11,
            "same_pips": 14}[name] == c.bound


def _deals(n: int, players: int, h: int):
    tiles = list(DominoSet(n))

    def rec(left, k):
        if k == 0:
            yield []
            return
        for hand in combinations(left, h):
            rest = [t for t in left if t not in hand]
            for more in rec(rest, k - 1):
                yield [hand] + more
    yield from rec(tiles, players)


WEIGHT = {"doubles": lambda t: int(t.low == t.high), "pips": lambda t: t.low + t.high,
          "suit": lambda t: int(3 in (t.low, t.high))}


@pytest.mark.parametrize("n,players,h", [(3, 2, 4), (3, 2, 5), (2, 3, 2), (3, 3, 3)])
@pytest.mark.parametrize("stat", sorted(WEIGHT))
def test_deal_within_against_every_deal(n, players, h, stat):
    deals = list(_deals(n, players, h))
    w = WEIGHT[stat]
    for cap in range(0, 2 * n * h + 1):
        possible = any(all(sum(map(w, hd)) <= cap for hd in d) for d in deals)
        found = P.deal_within(players, h, stat, cap, n=n, x=3)
        assert (found is not None) == possible, (stat, cap)
        if found is not None:
            flat = [t for hd in found for t in hd]
            assert len(set(flat)) == len(flat) == players * h
            assert all(len(hd) == h and sum(map(w, hd)) <= cap for hd in found)
        if possible and cap > 3 * n:
            break


def test_four_players_and_the_doubles():
    assert P.pigeonhole(7, 4) == 2
    assert P.deal_within(4, 7, "doubles", 1) is None
    deal = P.deal_within(4, 7, "doubles", 2)
    assert deal is not None and max(sum(t.is_double for t in hd) for hd in deal) == 2
    assert len({t for hd in deal for t in hd}) == 28
    assert [sum(t.pips for t in hd) for hd in P.deal_within(4, 7, "pips", 42)] == [42] * 4
    assert P.deal_within(4, 7, "pips", 41) is None


def test_why_names_the_coincidence():
    assert P.why_coincidence("same_pips", "0:3 1:2") == "0:3 and 1:2 both have 3 pips"
    assert P.why_coincidence("double", "0:1 2:2") == "2:2 is a double"
    assert P.why_coincidence("shared_number", "0:0 1:1") is None


def test_the_witness_answers_with_the_engine_s_reason():
    w = tiles_without_witness("same_pips", 13)
    ok = " ".join(str(Tile(0, k)) if k <= 6 else str(Tile(k - 6, 6)) for k in range(13))
    assert w.judge(ok, 0).ok
    assert "both have 3 pips" in w.judge("0:0 0:1 0:2 0:3 1:2 2:4 3:4 4:4 3:6 4:6 5:6 6:6 "
                                         "0:4", 0).message
    assert "twice" in w.judge("0:0 0:0 0:2 0:3 0:4 0:5 0:6 1:6 2:6 3:6 4:6 5:6 6:6", 0).message
    assert "not 13" in w.judge("0:0 0:1", 0).message
    with pytest.raises(DominoError):
        tiles_without_witness("double", 22)


@pytest.mark.parametrize("call", [
    lambda: P.coincidence("triples"),
    lambda: P.coincidence("suit", x=7),
    lambda: P.deal_within(5, 7, "doubles", 1),
    lambda: P.deal_within(4, 7, "colour", 1),
    lambda: P.pigeonhole(3, 0),
])
def test_bad_input_names_what_is_wrong(call):
    with pytest.raises(DominoError):
        call()


def test_the_searches_stop_at_their_budget():

    with pytest.raises(OverLimit, match="max_nodes"):
        P.coincidence("same_pips", max_nodes=1000)
    with pytest.raises(OverLimit, match="max_nodes"):
        P.deal_within(4, 7, "pips", 42, max_nodes=3)
