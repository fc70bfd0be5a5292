"""Chains, rings and their counts: anchors, cross-checks by brute force, properties."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab import DominoSet, Hand, chains
from dominolab._exact import prime_below
from dominolab.chains import Chain, longest, rings
from dominolab.cli import main
from dominolab.errors import DominoError, IllegalMove, InvalidSet, ParseError

SIX = DominoSet(6).tiles


def hands(max_size=7, n=6):
    return st.lists(st.sampled_from(list(DominoSet(n).tiles)), min_size=0,
                    max_size=max_size, unique=True)


# ---------------------------------------------------------------------------
# brute-force references, written independently of the module
# ---------------------------------------------------------------------------

def all_trails(tiles, start=None):
    """Every non-empty trail (as a list of ordered pairs) in the tiles."""
    tiles = list(tiles)
    out = []

    def grow(path, used):
        out.append(list(path))
        v = path[-1][1]
        for i, t in enumerate(tiles):
            if i not in used and t.has(v):
                path.append((v, t.other(v)))
                used.add(i)
                grow(path, used)
                used.discard(i)
                path.pop()

    for i, t in enumerate(tiles):
        for a, b in {(t.low, t.high), (t.high, t.low)}:
            if start is None or a == start:
                grow([(a, b)], {i})
    return out


def brute_can_finish(chain, tiles):
    rest = [t for t in tiles if t not in set(chain.tiles)]
    if not rest:
        return True
    if not chain.pairs:
        return any(len(p) == len(rest) for p in all_trails(rest))

    def go(c, left):
        if not left:
            return True
        for t in left:
            for side in ("left", "right"):
                if c.fits(t, side):
                    if go(c.extend(t, side), [x for x in left if x != t]):
                        return True
        return False

    return go(chain, rest)


# ---------------------------------------------------------------------------
# counting
# ---------------------------------------------------------------------------

def test_reiss_anchor():
    # Reiss (1871), also Dudeney: 7,959,229,931,520 lines of the double-six set
    assert chains.count_lines(6) == 7_959_229_931_520


def test_complete_graph_circuits_match_oeis_a135388():
    # OEIS A135388, Eulerian circuits of K_{2n+1}: 2, 264, 129976320, 911520057021235200
    got = [chains.euler_circuits_complete(n) for n in (3, 5, 7, 9)]
    assert got == [2, 264, 129976320, 911520057021235200]
    # OEIS A007082, the same divided by ((n-1)!)^(2n+1)
    assert [chains.euler_tree_sum(n) for n in (3, 5, 7, 9)] == [2, 264, 1015440, 90449251200]


def test_k11_and_k13_match_oeis_a350028():
    # OEIS A350028 (Euler tours of K_n): a(11) and a(13); double-10 and double-12
    assert chains.euler_circuits_complete(11) == 257326999238092967427785160130560
    assert chains.euler_circuits_complete(13) == \
        6705710151431658873046319662156165939200000000000000
    # OEIS A007082 for K_13, with several primes and CRT
    assert chains.euler_tree_sum(13, prime_bits=31) == 6267416821165079203599360


@pytest.mark.slow
def test_k15_and_k17_match_oeis_a007082():
    assert chains.euler_tree_sum(15) == 4435711276305905572695127676467200
    assert chains.euler_tree_sum(17, processes=2) == \
        58393052751308545653929138771580386824519680


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_three_ring_counts_agree_on_small_sets(n):
    assert chains.count_rings(n) == chains.count_rings(n, "best") == chains.count_rings(n, "brute")


def test_fast_and_best_agree_on_double_six():
    assert chains.count_rings(6) == chains.count_rings(6, "best") == 284_258_211_840


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_lines_equal_listed_lines(n):
    assert chains.count_lines(n) == sum(1 for _ in chains.iter_chains(DominoSet(n)))


def test_best_on_complete_graphs_matches_fast():
    for nv in (3, 5, 7):
        assert chains.count_euler_circuits(nx.complete_graph(nv)) == \
            chains.euler_circuits_complete(nv)


def test_crt_with_small_primes_gives_the_same_exact_value():
    big = chains.euler_tree_sum(9)
    assert chains.euler_tree_sum(9, prime_bits=24) == big
    assert chains.euler_tree_sum(9, prime_bits=40) == big
    # and the tree sum times ((k-1)!)^N is the circuit count
    assert big * 6 ** 9 == 911520057021235200


def test_odd_sets_have_no_ring():
    for n in (1, 3, 5, 7, 9, 11):
        assert chains.count_rings(n) == 0
    assert [chains.count_lines(n) for n in (3, 5, 7)] == [0, 0, 0]


def test_split_over_processes_same_residue():
    p = prime_below(1 << 61, rings._filter_order(9))
    whole = rings._tree_sum_mod(9, p)
    parts = sum(rings._tree_sum_mod(9, p, (i, 3)) for i in range(3)) % p
    assert whole == parts


multigraphs = st.lists(
    st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=9
)


@settings(max_examples=150)
@given(multigraphs)
def test_best_equals_brute_on_random_multigraphs(edges):
    g = nx.MultiGraph(edges)
    assert chains.count_euler_circuits(g) == chains.count_euler_circuits(g, "brute")


@settings(max_examples=60)
@given(hands(8))
def test_lines_are_circuits_times_cut_points(hand):
    # for an even, connected hand every line closes: lines = rings * number of tiles
    hand = list(hand)
    deg = chains.degrees(hand)
    lines = sum(1 for _ in chains.iter_chains(hand)) if hand else 0
    if hand and all(d % 2 == 0 for d in deg.values()):
        assert lines == chains.count_euler_circuits(hand) * len(hand)


def test_count_input_errors():
    with pytest.raises(InvalidSet, match="0 or more"):
        chains.count_rings(-2)
    with pytest.raises(InvalidSet, match="whole number"):
        chains.count_lines("6")
    with pytest.raises(InvalidSet, match="method"):
        chains.count_rings(4, "magic")
    with pytest.raises(InvalidSet, match="double-4"):
        chains.count_rings(6, "brute")


# ---------------------------------------------------------------------------
# feasibility and finding lines
# ---------------------------------------------------------------------------

@settings(max_examples=120)
@given(hands(7))
def test_can_chain_agrees_with_exhaustive_search(hand):
    exists = any(len(p) == len(hand) for p in all_trails(hand)) if hand else True
    check = chains.can_chain(hand)
    assert bool(check) == exists
    found = chains.find_chain(hand)
    if exists:
        assert sorted(found.tiles) == sorted(hand)
    else:
        assert found is None
        assert check.reason


@settings(max_examples=80)
@given(hands(6), st.integers(0, 6))
def test_start_constraint(hand, start):
    exists = any(len(p) == len(hand) for p in all_trails(hand, start)) if hand else False
    check = chains.can_chain(hand, start=start)
    if hand:
        assert bool(check) == exists
        c = chains.find_chain(hand, start=start)
        assert (c is not None) == exists
        if c is not None:
            assert c.ends[0] == start and sorted(c.tiles) == sorted(hand)


def test_reasons_name_the_problem():
    r = chains.can_chain(DominoSet(5))
    assert not r and r.odd == tuple(range(6)) and "0, 1, 2, 3, 4 and 5" in r.reason
    r = chains.can_chain("0:1 2:3")
    assert not r and len(r.parts) == 2 and "2 separate groups" in r.reason
    r = chains.can_chain(SIX)
    assert r and r.odd == () and "ring" in r.reason
    assert not chains.can_chain("0:1 1:2", start=0, end=0)
    assert not chains.can_chain(SIX, start=1, end=2)
    assert not chains.can_chain("0:1", start=5)


def test_iter_chains_lists_distinct_valid_lines():
    lines = list(chains.iter_chains("0:1 1:2 2:0 0:0"))
    assert len(lines) == len(set(lines)) == 4 * 2 * 1  # 4 cut points x 2 directions
    for c in lines:
        assert sorted(c.tiles) == sorted(Chain("0:0 0:1 1:2 2:0").tiles)
    with pytest.raises(InvalidSet, match="too many"):
        list(chains.iter_chains(SIX))


def test_duplicates_and_bad_tiles_are_errors():
    with pytest.raises(InvalidSet, match="0:1 twice"):
        chains.can_chain("0:1 1:0")
    with pytest.raises(ParseError, match="tile 2"):
        chains.can_chain("0:1 1:x")
    with pytest.raises(DominoError):
        chains.longest_chain("0:1", start=-1)


# ---------------------------------------------------------------------------
# the Chain value
# ---------------------------------------------------------------------------

def test_chain_round_trip_and_orientation():
    c = Chain.parse("1:2 2:2 2:5")
    assert str(c) == "1:2 2:2 2:5" and Chain(str(c)) == c
    assert repr(c) == "Chain('1:2 2:2 2:5')"
    assert c.ends == (1, 5) and not c.is_closed and c.pips == 14
    assert Chain.parse("[5|2] 2-1") == Chain([(5, 2), (2, 1)])
    glyph = chr(0x1F031 + 7 * 4 + 1)  # horizontal 4|1: the glyph keeps the order
    assert Chain.parse(glyph) == Chain([(4, 1)])
    with pytest.raises(ParseError, match=r"tile 2 \(3:4 at position 4\)"):
        Chain.parse("1:2 3:4")
    with pytest.raises(ParseError, match="twice"):
        Chain.parse("1:2 2:1")
    # a locomotive tile (super train's) is read as a tile, and refused as one a line cannot hold
    for text, where in (("0|L", "tile 1 ('0|L' at position 0)"),
                        ("0:1 1|L", "tile 2 ('1|L' at position 4)"), ("L:L", "tile 1")):
        with pytest.raises(ParseError, match=re.escape(where) + ".*locomotive"):
            Chain.parse(text)
    with pytest.raises(IllegalMove, match="does not fit the right end"):
        c.extend("3:4")
    with pytest.raises(IllegalMove, match="already"):
        c.extend("2:5")
    assert "domino 2-5" in c._repr_svg_()


@settings(max_examples=60)
@given(hands(8))
def test_every_found_chain_round_trips(hand):
    c = chains.longest_chain(hand)
    assert Chain.parse(str(c)) == c
    assert set(c.tiles) <= set(hand)


# ---------------------------------------------------------------------------
# extensions, reachability, finishing
# ---------------------------------------------------------------------------

@settings(max_examples=80)
@given(hands(8))
def test_extensions_are_exactly_the_fitting_tiles(hand):
    if not hand:
        return
    start, rest = Chain([tuple(hand[0])]), hand[1:]
    moves = chains.extensions(start, rest)
    expected = {(side, t) for t in rest for side in ("left", "right") if start.fits(t, side)}
    if start.ends[0] == start.ends[1]:
        expected = {(s, t) for s, t in expected if s == "right"}
    assert {(m.side, m.tile) for m in moves} == expected
    for m in moves:
        assert len(m.chain) == 2 and m.tile in m.chain.tiles


@settings(max_examples=80)
@given(hands(7), st.integers(0, 6))
def test_reachable_ends_agree_with_all_trails(hand, end):
    r = chains.reachable_ends(end, hand)[end]
    brute = {end} | {p[-1][1] for p in all_trails(hand, end)}
    assert set(r) == brute
    for x, ext in r.items():
        assert (ext.ends or (end, end)) == (end, x) if ext.pairs else x == end
        assert set(ext.tiles) <= set(hand)


@settings(max_examples=80)
@given(hands(8))
def test_can_finish_agrees_with_search(hand):
    if not hand:
        return
    chain = Chain([tuple(hand[0])])
    verdict = chains.can_finish(chain, hand)
    assert bool(verdict) == brute_can_finish(chain, hand)
    done = chains.finish_chain(chain, hand)
    if verdict:
        assert sorted(done.tiles) == sorted(hand)
        s, r = str(done), str(chain)
        assert r in s or str(chain.reversed()) in s
    else:
        assert done is None


# ---------------------------------------------------------------------------
# longest chains
# ---------------------------------------------------------------------------

@settings(max_examples=120)
@given(hands(9), st.one_of(st.none(), st.integers(0, 6)))
def test_longest_chain_matches_exhaustive(hand, start):
    got = chains.longest_chain(hand, start=start)
    trails = all_trails(hand, start)
    assert len(got) == max((len(p) for p in trails), default=0)
    if got.pairs:
        assert set(got.tiles) <= set(hand)
        if start is not None:
            assert got.ends[0] == start


@settings(max_examples=40)
@given(st.lists(st.sampled_from(list(DominoSet(9).tiles)), min_size=18, max_size=21, unique=True))
def test_longest_chain_on_20_tiles_bounded_work(hand):
    chain, nodes = longest._longest_search(Hand(hand), None)
    assert set(chain.tiles) <= set(hand)
    assert nodes < 300_000


@pytest.mark.parametrize("n", [1, 3, 5, 7, 9])
def test_odd_full_sets_lose_exactly_half_of_n_minus_one(n):
    c = chains.longest_full_set_line(n)
    assert len(c) == DominoSet(n).size - (n - 1) // 2
    assert set(c.tiles) <= set(DominoSet(n).tiles)
    assert len(chains.longest_chain(DominoSet(n), start=2 if n > 1 else 1)) == len(c)


@pytest.mark.parametrize("n", [3, 5])
def test_odd_full_set_optimum_confirmed_by_search(n):
    chain, _ = longest._longest_search(DominoSet(n).tiles, None)
    assert len(chain) == DominoSet(n).size - (n - 1) // 2


# ---------------------------------------------------------------------------
# graph and CLI
# ---------------------------------------------------------------------------

def test_tile_graph_round_trip():
    g = chains.tile_graph(SIX)
    assert g.number_of_nodes() == 7 and g.number_of_edges() == 28
    assert all(d == 8 for _, d in g.degree())
    assert chains.graph_tiles(g) == SIX
    assert chains.tile_graph("0:1", numbers=range(3)).number_of_nodes() == 3


def test_cli_chain(capsys):
    assert main(["chain", "3:4 1:2"]) == 1
    out = capsys.readouterr().out
    assert "2 separate groups" in out
    assert main(["chain", "0:1 1:2 2:0", "--start", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("2:")
    assert main(["chain", "0:1 1:x"]) == 2
    assert "tile 2" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# layout: bad input, one process in a browser, imports in any order
# ---------------------------------------------------------------------------

def test_bad_numbers_and_process_counts_are_domino_errors():
    with pytest.raises(DominoError, match="numbers must be a list"):
        chains.tile_graph("0:1", numbers=-1)
    with pytest.raises(DominoError, match="must be 0 or more"):
        chains.tile_graph("0:1", numbers=[-1])
    for bad in ("x", 0, None, True):
        with pytest.raises(InvalidSet, match="processes"):
            chains.euler_tree_sum(7, processes=bad)
        with pytest.raises(InvalidSet, match="processes"):
            chains.count_rings(6, processes=bad)
    with pytest.raises(InvalidSet, match="prime_bits"):
        chains.euler_tree_sum(7, prime_bits="20")


def test_no_process_pool_where_processes_are_missing(monkeypatch):
    # in a browser (Pyodide) can_use_processes() is False: the count runs in one process
    def no_pool(*args, **kwargs):
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(rings, "can_use_processes", lambda: False)
    monkeypatch.setattr(rings.concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert chains.euler_tree_sum(9, processes=4) == 90449251200


def test_renderer_and_model_import_in_either_order():
    import subprocess
    import sys

    for first in ("dominolab.render.chains", "dominolab.chains"):
        code = f"import {first}; import dominolab.render.chains, dominolab.chains"
        subprocess.run([sys.executable, "-c", code], check=True)
