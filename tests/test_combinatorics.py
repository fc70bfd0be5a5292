"""Tests for dominolab.combinatorics: formulas, derivations, exact deal odds.

Every probability is checked against brute force: the full list of the
C(28, 7) = 1,184,040 seven-tile hands of double-six (tallied once per session)
and, with hypothesis, every hand of small sets.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, permutations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab import DominoError, DominoSet, InvalidTile, ParseError, Tile
from dominolab import combinatorics as C
from dominolab.cli import main

N_SYM = sympy.Symbol("n")


# ---------------------------------------------------------------- formulas

@pytest.mark.parametrize("n", range(21))
def test_size_and_pips_match_the_set(n):
    s = DominoSet(n)
    assert C.set_size(n) == len(list(s)) == s.size
    assert C.pip_total(n) == sum(t.pips for t in s) == s.pip_total
    assert type(C.set_size(n)) is int and type(C.pip_total(n)) is int


@pytest.mark.parametrize("n", range(11))
def test_suit_count_and_ends_per_number(n):
    s = DominoSet(n)
    for x in s.numbers:
        assert C.suit_count(n) == len(s.suit(x))
        assert C.ends_per_number(n) == sum(list(t).count(x) for t in s)


def test_published_anchors():
    # docs/rules.md and its sources: 28 tiles and 168 pips in double-six; 56 triominoes;
    # standard sets 10, 28, 55, 91, 136, 190 tiles.
    assert (C.set_size(6), C.pip_total(6), C.multiset_count(6, 3)) == (28, 168, 56)
    assert [C.set_size(n) for n in (3, 6, 9, 12, 15, 18)] == [10, 28, 55, 91, 136, 190]


def test_symbolic_forms_simplify():
    n = N_SYM
    assert sympy.simplify(C.set_size(n) - (n + 1) * (n + 2) / 2) == 0
    assert sympy.simplify(C.pip_total(n) - n * (n + 1) * (n + 2) / 2) == 0
    assert C.suit_count(n) == n + 1 and C.ends_per_number(n) == n + 2
    for v in range(15):
        assert C.set_size(n).subs(n, v) == C.set_size(v)
        assert C.pip_total(n).subs(n, v) == C.pip_total(v)


def test_symbolic_with_assumptions_and_integer_sympy():
    m = sympy.Symbol("m", integer=True, positive=True)
    assert sympy.simplify(C.set_size(m) - sympy.binomial(m + 2, 2)) == 0
    assert C.set_size(sympy.Integer(6)) == 28


@given(st.integers(0, 7), st.integers(0, 6))
def test_multiset_count_matches_enumeration(kinds, k):
    assert C.multiset_count(kinds, k) == sum(
        1 for _ in combinations_with_replacement(range(kinds), k))


def test_multiset_count_symbolic():
    m = sympy.Symbol("m")
    for k in range(5):
        expr = C.multiset_count(m, k)
        for v in range(1, 8):
            assert expr.subs(m, v) == C.multiset_count(v, k)
    kk = sympy.Symbol("k")
    assert C.multiset_count(7, kk).subs(kk, 2) == 28


@pytest.mark.parametrize("n", range(8))
def test_stars_and_bars_is_a_bijection(n):
    words = {C.stars_and_bars(t, n + 1) for t in DominoSet(n)}
    assert len(words) == C.set_size(n)
    for w in words:
        assert w.count("*") == 2 and w.count("|") == n
        a, b = C.from_stars_and_bars(w)
        assert C.stars_and_bars(Tile(a, b), n + 1) == w
    assert len(words) == math.comb(n + 2, 2)


@given(st.lists(st.integers(0, 5), max_size=6))
def test_stars_and_bars_round_trip(items):
    assert C.from_stars_and_bars(C.stars_and_bars(items, 6)) == tuple(sorted(items))


# ------------------------------------------------------------ derivations

def test_three_pip_proofs_agree_symbolically():
    proofs = C.pip_total_proofs()
    assert set(proofs) == {"suits", "pairing", "summation"}
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    for name, d in proofs.items():
        assert len(d) >= 3, name
        assert sympy.simplify(d.result - n * (n + 1) * (n + 2) / 2) == 0, name
        for step in d:
            assert step.title and isinstance(step.latex, str)


@pytest.mark.parametrize("method", ["suits", "pairing", "summation"])
@pytest.mark.parametrize("n", [0, 1, 2, 6, 9])
def test_pip_proofs_at_numbers(method, n):
    assert C.derive_pip_total(method, n).result == DominoSet(n).pip_total


@pytest.mark.parametrize("method", ["stars_and_bars", "rows"])
def test_set_size_derivations(method):
    d = C.derive_set_size(method=method)
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    assert sympy.simplify(d.result - (n + 1) * (n + 2) / 2) == 0
    assert C.derive_set_size(6, method=method).result == 28
    md = d._repr_markdown_()
    assert "$$" in md and md.count("$$") == 2 * len(d)
    assert str(d).splitlines()[0] == d.title


def test_pairing_really_is_an_involution_with_2n_pips():
    for n in range(10):
        tiles = set(DominoSet(n))
        partner = {t: Tile(n - t.low, n - t.high) for t in tiles}
        assert set(partner.values()) == tiles
        assert all(partner[partner[t]] == t for t in tiles)
        assert all(t.pips + partner[t].pips == 2 * n for t in tiles)


def test_derivation_errors():
    with pytest.raises(DominoError, match="'magic'.*suits, pairing, summation"):
        C.derive_pip_total("magic")
    with pytest.raises(DominoError, match="'guess'"):
        C.derive_set_size(method="guess")


# ------------------------------------------------------------------ deals

def _brute_deals(hands, n):
    """Count labelled deals by listing assignments of tiles to players/boneyard."""
    tiles = list(DominoSet(n))
    labels = []
    for p, h in enumerate(hands):
        labels += [p] * h
    labels += [-1] * (len(tiles) - len(labels))
    return len(set(permutations(labels)))


@pytest.mark.parametrize("hands,n", [([2, 2], 2), ([1, 1, 1], 2), ([3], 2), ([2, 3], 2),
                                     ([6], 2), ([0, 2], 1), ([], 2)])
def test_count_deals_by_brute_force(hands, n):
    assert C.count_deals(hands, n) == _brute_deals(hands, n)


@given(st.lists(st.integers(0, 7), max_size=4), st.integers(3, 9))
def test_count_deals_is_a_product_of_binomials(hands, n):
    left = C.set_size(n)
    if sum(hands) > left:
        with pytest.raises(C.InvalidDeal):
            C.count_deals(hands, n)
        return
    ways = 1
    for h in hands:
        ways *= math.comb(left, h)
        left -= h
    assert C.count_deals(hands, n) == ways


def test_count_deals_anchor():
    # four players, all 28 tiles dealt: 28!/(7!)^4
    assert C.count_deals() == math.factorial(28) // math.factorial(7) ** 4


# --- full enumeration of double-six 7-tile hands --------------------------

# Bit fields, 4 bits each (counts <= 7 fit): field 0 doubles, fields 1..7 the
# suits 0..6, field 8 "holds 0:0", field 9 "holds 3:5". The sum of the packed
# numbers of the 7 tiles is the tally of the hand, computed in C by sum().
_TILE_A, _TILE_B = Tile(0, 0), Tile(3, 5)


def _pack(t: Tile) -> int:
    v = int(t.low == t.high)
    for x in {t.low, t.high}:
        v |= 1 << (4 * (x + 1))
    v |= int(t == _TILE_A) << 32
    v |= int(t == _TILE_B) << 36
    return v


@pytest.fixture(scope="session")
def double_six_hands():
    """Counter: (doubles, suit counts 0..6, has 0:0, has 3:5) -> number of hands."""
    packed = [_pack(t) for t in DominoSet(6)]
    raw = Counter(map(sum, combinations(packed, 7)))
    out = Counter()
    for s, w in raw.items():
        f = [(s >> (4 * i)) & 15 for i in range(10)]
        out[(f[0], tuple(f[1:8]), f[8], f[9])] += w
    assert sum(out.values()) == math.comb(28, 7) == 1_184_040
    return out


def _enum(table, pred):
    hits = sum(w for key, w in table.items() if pred(*key))
    return Fraction(hits, math.comb(28, 7))


def test_enumeration_sanity(double_six_hands):
    # every hand has 7 tiles: suit counts add up to 14 minus the doubles
    for d, suits, _, _ in double_six_hands:
        assert sum(suits) == 14 - d


@pytest.mark.parametrize("k", range(9))
def test_doubles_at_least_vs_enumeration(double_six_hands, k):
    assert C.deal_probability("doubles_at_least", k=k) == _enum(
        double_six_hands, lambda d, s, a, b: d >= k)


@pytest.mark.parametrize("k", range(9))
def test_suit_at_least_vs_enumeration(double_six_hands, k):
    assert C.deal_probability("suit_at_least", k=k) == _enum(
        double_six_hands, lambda d, s, a, b: max(s) >= k)


def test_simple_events_vs_enumeration(double_six_hands):
    t = double_six_hands
    assert C.deal_probability("all_doubles") == _enum(t, lambda d, s, a, b: d == 7)
    assert C.deal_probability("no_double") == _enum(t, lambda d, s, a, b: d == 0)
    assert C.deal_probability("tile_in_hand", tile="0:0") == _enum(t, lambda d, s, a, b: a)
    assert C.deal_probability("tile_in_hand", tile=Tile(5, 3)) == _enum(t, lambda d, s, a, b: b)
    assert C.deal_probability("all_doubles") == Fraction(1, 1_184_040)


def test_redeal_events_vs_enumeration(double_six_hands):
    t = double_six_hands
    # docs/rules.md: all doubles or all one suit (Wikipedia); 5+ doubles or 6-7 of a suit (Morskoy)
    assert C.deal_probability("redeal_wikipedia") == _enum(
        t, lambda d, s, a, b: d == 7 or max(s) == 7)
    assert C.deal_probability("redeal_five_doubles") == _enum(
        t, lambda d, s, a, b: d >= 5 or max(s) >= 6)
    assert C.count_hands("redeal_wikipedia") == 8  # the 7 doubles, or one whole suit


def test_full_profile_vs_enumeration(double_six_hands):
    tally = Counter()
    for (d, s, _, _), w in double_six_hands.items():
        tally[(d, max(s))] += w
    assert C.hand_profile(7, 6) == dict(tally)


# --- small sets, every hand, hypothesis ----------------------------------

def _brute_count(event, n, h, k=None, tile=None):
    hits = 0
    for hand in combinations(DominoSet(n), h):
        d = sum(t.low == t.high for t in hand)
        most = max((sum(x in (t.low, t.high) for t in hand) for x in range(n + 1)), default=0)
        ok = {
            "all_doubles": d == h,
            "no_double": d == 0,
            "doubles_at_least": k is not None and d >= k,
            "suit_at_least": k is not None and most >= k,
            "tile_in_hand": tile in hand,
            "redeal_wikipedia": d == h or most == h,
            "redeal_five_doubles": d >= 5 or most >= 6,
        }[event]
        hits += ok
    return hits


@st.composite
def small_case(draw):
    n = draw(st.integers(0, 4))
    size = C.set_size(n)
    h = draw(st.integers(0, min(size, 7)))
    event = draw(st.sampled_from(sorted(C.EVENTS)))
    k = tile = None
    if C.EVENTS[event][0] == "k":
        k = draw(st.integers(0, h + 2))
    if event == "tile_in_hand":
        tile = draw(st.sampled_from(list(DominoSet(n))))
    return event, n, h, k, tile


@settings(max_examples=150, deadline=None)
@given(small_case())
def test_every_event_vs_enumeration_small_sets(case):
    event, n, h, k, tile = case
    expected = _brute_count(event, n, h, k, tile)
    assert C.count_hands(event, h, n, k=k, tile=tile) == expected
    assert C.deal_probability(event, h, n, k=k, tile=tile) == Fraction(
        expected, math.comb(C.set_size(n), h))


@pytest.mark.parametrize("n,h", [(3, 3), (3, 5), (4, 4), (4, 7), (4, 8), (5, 6)])
def test_profile_vs_enumeration_small_sets(n, h):
    tally = Counter()
    for hand in combinations(DominoSet(n), h):
        d = sum(t.is_double for t in hand)
        most = max((sum(t.has(x) for t in hand) for x in range(n + 1)), default=0)
        tally[(d, most)] += 1
    assert C.hand_profile(h, n) == dict(tally)


@pytest.mark.parametrize("n", [6, 9, 12, 15])
@pytest.mark.parametrize("h", [5, 7, 10])
def test_large_sets_vs_closed_forms(n, h):
    """Too big to list: compare with formulas that hold for these events."""
    size, dbl = C.set_size(n), n + 1
    total = math.comb(size, h)
    for k in range(h + 1):
        # doubles are hypergeometric
        hyper = sum(math.comb(dbl, j) * math.comb(size - dbl, h - j) for j in range(k, h + 1))
        assert C.count_hands("doubles_at_least", h, n, k=k) == hyper
    for k in (k for k in range(h + 1) if 2 * k - 1 > h):
        # with 2k-1 > h no two suits can both reach k (they share one tile),
        # so the events "suit x has k or more" are disjoint
        one = sum(math.comb(n + 1, j) * math.comb(size - n - 1, h - j)
                  for j in range(k, h + 1))
        assert C.count_hands("suit_at_least", h, n, k=k) == (n + 1) * one
    assert sum(C.hand_profile(h, n).values()) == total


# --- a whole table ---------------------------------------------------------

def _brute_table(event, players, h, n, k=None, tile=None):
    tiles = list(DominoSet(n))
    size = len(tiles)
    hits = total = 0

    def deal(p, avail):
        nonlocal hits, total
        if p == players:
            return [[]]
        out = []
        for hand in combinations(avail, h):
            rest = [t for t in avail if t not in hand]
            for tail in deal(p + 1, rest):
                out.append([hand] + tail)
        return out

    @functools.cache
    def holds(hand):        # a hand meets the event or not whatever the deal: asked once
        return C.event_holds(event, hand, k=k, tile=tile, n=n)

    for hands in deal(0, tiles):
        total += 1
        hits += any(holds(hand) for hand in hands)
    assert total == C.count_deals([h] * players, n)
    assert size >= players * h
    return Fraction(hits, total)


@pytest.mark.parametrize("event,players,h,n,k", [
    ("doubles_at_least", 3, 3, 3, 2),
    ("doubles_at_least", 2, 3, 3, 2),
    ("suit_at_least", 2, 3, 3, 3),
    ("suit_at_least", 3, 2, 3, 2),
    ("all_doubles", 2, 2, 3, None),
    ("no_double", 2, 3, 3, None),
    ("redeal_wikipedia", 3, 3, 3, None),
    ("redeal_wikipedia", 2, 2, 2, None),
])
def test_table_probability_vs_enumeration(event, players, h, n, k):
    assert C.table_probability(event, players, h, n, k=k) == _brute_table(event, players, h, n, k)


def test_table_probability_tile_and_anchor():
    assert C.table_probability("tile_in_hand", 2, 3, 3, tile="1:2") == _brute_table(
        "tile_in_hand", 2, 3, 3, tile=Tile(1, 2))
    # double-six, four players: 8 redeal hands, no two disjoint -> 4 * 8 / C(28, 7)
    assert C.table_probability("redeal_wikipedia") == 4 * C.deal_probability("redeal_wikipedia")


def test_table_probability_refuses_big_work():
    with pytest.raises(C.TooLarge, match="simulate_table"):
        C.table_probability("redeal_five_doubles", limit=100_000)
    with pytest.raises(C.TooLarge, match="too many hands to list"):
        C.table_probability("no_double", n=9, hand_size=10)
    with pytest.raises(C.InvalidDeal, match="need 35 tiles"):
        C.table_probability("no_double", players=5)


# --- events on real hands and simulation -------------------------------------

def test_event_holds_on_hands():
    from dominolab import Hand

    assert C.event_holds("redeal_wikipedia", Hand.parse("0:0 1:1 2:2 3:3 4:4 5:5 6:6"))
    assert C.event_holds("redeal_wikipedia", Hand.parse("0:3 1:3 2:3 3:3 3:4 3:5 3:6"))
    assert not C.event_holds("redeal_wikipedia", Hand.parse("0:3 1:3 2:3 3:3 3:4 3:5 5:6"))
    assert C.event_holds("redeal_five_doubles", Hand.parse("0:3 1:3 2:3 3:3 3:4 3:5 5:6"))
    assert C.event_holds("redeal_five_doubles", Hand.parse("0:0 1:1 2:2 3:3 4:4 5:6 1:6"))
    assert not C.event_holds("redeal_five_doubles", Hand.parse("0:0 1:1 2:2 3:3 4:5 5:6 1:6"))


def test_simulation_is_reproducible_and_close():
    a = C.simulate("no_double", trials=3000, seed=11)
    assert a == C.simulate("no_double", trials=3000, seed=11)
    exact = C.deal_probability("no_double")
    sd = math.sqrt(exact * (1 - exact) / 3000)
    assert abs(a - exact) < 5 * sd
    assert C.simulate("suit_at_least", trials=50, k=0) == 1
    assert C.simulate_table("tile_in_hand", players=4, trials=20, tile="2:2") == 1


# ------------------------------------------------------------------ errors

def test_unknown_event_lists_valid_names():
    with pytest.raises(C.UnknownEvent) as e:
        C.deal_probability("royal_flush")
    msg = str(e.value)
    assert "'royal_flush'" in msg
    for name in C.EVENTS:
        assert name in msg
    assert isinstance(e.value, DominoError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize("call,match", [
    (lambda: C.deal_probability("doubles_at_least"), "needs k"),
    (lambda: C.deal_probability("no_double", k=2), "takes no k"),
    (lambda: C.deal_probability("tile_in_hand"), "needs tile"),
    (lambda: C.deal_probability("no_double", tile="1:1"), "takes no tile"),
    (lambda: C.deal_probability("all_doubles", hand_size=29), "29 tiles"),
    (lambda: C.deal_probability("all_doubles", hand_size=-1), "hand_size"),
    (lambda: C.deal_probability("all_doubles", n=-2), "n "),
    (lambda: C.deal_probability("all_doubles", n=2.5), "2.5"),
    (lambda: C.deal_probability("suit_at_least", k="3"), "'3'"),
    (lambda: C.set_size(-1), "-1"),
    (lambda: C.set_size(True), "True"),
    (lambda: C.pip_total("six"), "'six'"),
    (lambda: C.multiset_count(-1, 2), "-1"),
    (lambda: C.count_deals(7), "list of hand sizes"),
    (lambda: C.count_deals([7, -7]), "hand 2"),
    (lambda: C.simulate("no_double", trials=0), "trials"),
    (lambda: C.stars_and_bars([7], 7), "item 7"),
])
def test_bad_input_raises_domino_error(call, match):
    with pytest.raises(DominoError, match=match):
        call()


def test_bad_tiles():
    with pytest.raises(InvalidTile, match="6:7"):
        C.deal_probability("tile_in_hand", tile="6:7")
    with pytest.raises(ParseError, match="'6;6'"):
        C.deal_probability("tile_in_hand", tile="6;6")
    with pytest.raises(ParseError) as e:
        C.from_stars_and_bars("*|x")
    assert e.value.position == 2


# --------------------------------------------------------------------- CLI

def test_cli_deal_probability(capsys):
    assert main(["deal-probability", "redeal_five_doubles"]) == 0
    out = capsys.readouterr().out
    assert "2797/592020" in out and "5594" in out
    assert main(["deal-probability", "suit_at_least", "--k", "3", "--hand", "5", "--n", "4"]) == 0
    out = capsys.readouterr().out
    assert str(C.deal_probability("suit_at_least", 5, 4, k=3)) in out
    assert main(["deal-probability", "tile_in_hand", "--tile", "6:6", "--players", "4"]) == 0
    assert "1/4" in capsys.readouterr().out


def test_cli_table_falls_back_to_simulation(capsys):
    assert main(["deal-probability", "redeal_five_doubles", "--players", "4", "--trials", "300"]) == 0
    out = capsys.readouterr().out
    assert "simulated" in out and "300 deals" in out
    assert main(["deal-probability", "redeal_wikipedia", "--players", "4"]) == 0
    assert "4/148005" in capsys.readouterr().out


def test_cli_errors(capsys):
    assert main(["deal-probability", "bogus"]) == 2
    err = capsys.readouterr().err
    assert "bogus" in err and "redeal_five_doubles" in err


def test_distributions_vs_enumeration(double_six_hands):
    total = math.comb(28, 7)
    dd, sd = Counter(), Counter()
    for (d, s, _, _), w in double_six_hands.items():
        dd[d] += w
        sd[max(s)] += w
    assert C.doubles_distribution() == {j: Fraction(w, total) for j, w in dd.items()}
    assert C.suit_distribution() == {m: Fraction(w, total) for m, w in sd.items()}


@pytest.mark.parametrize("n,h", [(2, 3), (3, 4), (4, 6), (1, 3)])
def test_distributions_small_sets(n, h):
    hands = list(combinations(DominoSet(n), h))
    for j, p in C.doubles_distribution(h, n).items():
        assert p == Fraction(sum(sum(t.is_double for t in x) == j for x in hands), len(hands))
    assert sum(C.doubles_distribution(h, n).values()) == 1
    assert sum(C.suit_distribution(h, n).values()) == 1


def test_partner():
    for n in range(8):
        for t in DominoSet(n):
            p = C.partner(t, n)
            assert p in DominoSet(n) and C.partner(p, n) == t and t.pips + p.pips == 2 * n
    assert C.partner("0:6", 6) == Tile(0, 6)
    with pytest.raises(InvalidTile, match="7:7"):
        C.partner(Tile(7, 7), 6)


@pytest.mark.parametrize("n", range(13))
def test_pairing_blocks_put_each_tile_above_its_partner(n):
    tiles, width = C.pairing_blocks(n)
    assert C.set_size(n) % width == 0 and len(tiles) == 2 * C.set_size(n)
    rows = [tiles[i:i + width] for i in range(0, len(tiles), width)]
    assert sorted(t for r in rows[::2] for t in r) == list(DominoSet(n))
    for top, bottom in zip(rows[::2], rows[1::2]):
        assert all(C.partner(t, n) == p and t.pips + p.pips == 2 * n for t, p in zip(top, bottom))
    with pytest.raises(DominoError, match="does not divide"):
        C.pairing_blocks(6, 5)


def test_event_holds_rejects_bad_hands():
    from dominolab import InvalidSet

    with pytest.raises(InvalidSet, match="1:1 twice"):
        C.event_holds("no_double", [Tile(1, 1), Tile(1, 1)])
    with pytest.raises(InvalidTile, match="7:7"):
        C.event_holds("no_double", [Tile(7, 7)])


def test_more_bad_input_is_a_domino_error():
    with pytest.raises(InvalidTile, match="a hand is a list"):
        C.event_holds("no_double", None)
    assert C.event_holds("no_double", "1:2 3:4")
    with pytest.raises(DominoError, match="seed"):
        C.simulate("no_double", trials=5, seed=[1])
    with pytest.raises(DominoError, match="seed"):
        C.simulate_table("no_double", trials=5, seed=[1])
    with pytest.raises(C.InvalidDeal, match="limit"):
        C.table_probability("no_double", limit=None)
    with pytest.raises(InvalidTile, match="expected a tile"):
        C.partner(5, 6)
    with pytest.raises(DominoError, match="stars and bars"):
        C.stars_and_bars(5, 7)


def test_deal_errors_live_in_errors_and_stay_importable_here():
    from dominolab import errors

    assert C.InvalidDeal is errors.InvalidDeal and C.TooLarge is errors.TooLarge
    assert C.UnknownEvent is errors.UnknownEvent
    assert issubclass(C.TooLarge, C.InvalidDeal) and issubclass(C.UnknownEvent, DominoError)
