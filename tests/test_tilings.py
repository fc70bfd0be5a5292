"""Domino tilings: independent methods agree, published anchors, certificates, sampling."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab.errors import DominoError, InvalidRegion, ParseError, Unsolvable
from dominolab.tilings import (
    MAX_CELLS,
    MAX_HOLEY_CELLS,
    Region,
    Tiling,
    count_tilings,
    format_count,
    impossibility,
    iter_tilings,
    random_tiling,
)

# ---------------------------------------------------------------- helpers


def fib(n):
    a, b = 1, 1  # F(1), F(2)
    for _ in range(n - 1):
        a, b = b, a + b
    return a


def holey(h, w, k, seed):
    """An h×w rectangle with k dark and k light cells removed at random."""
    rng = random.Random(seed)
    cells = {(r, c) for r in range(h) for c in range(w)}
    dark = sorted(x for x in cells if sum(x) % 2 == 0)
    light = sorted(x for x in cells if sum(x) % 2 == 1)
    return cells - set(rng.sample(dark, k)) - set(rng.sample(light, k))


def is_tiling(tiling, cells):
    covered = [x for d in tiling for x in d]
    return (
        len(covered) == len(set(covered))
        and set(covered) == set(cells)
        and all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in tiling)
    )


regions = st.builds(
    lambda h, w, bits: {(r, c) for r in range(h) for c in range(w) if bits >> (r * w + c) & 1},
    st.integers(1, 6), st.integers(1, 6), st.integers(0, 2**36 - 1),
).filter(bool)


# ---------------------------------------------------------------- published anchors


def test_chessboard_anchor():
    # OEIS A004003 (2n x 2n boards): 1, 2, 36, 6728, 12988816, 258584046368, ...
    assert [count_tilings(2 * n, 2 * n) for n in range(1, 7)] == [
        2, 36, 6728, 12988816, 258584046368, 53060477521960000]


def test_two_by_n_is_fibonacci():
    assert [count_tilings(2, n) for n in range(1, 40)] == [fib(n + 1) for n in range(1, 40)]
    assert [count_tilings(n, 2, method="transfer") for n in range(1, 20)] == [
        fib(n + 1) for n in range(1, 20)]


def test_three_and_four_rows_anchor():
    # OEIS A001835 (3 x 2n): 3, 11, 41, 153, 571, 2131; A005178 (4 x n): 1, 5, 11, 36, 95, 281
    assert [count_tilings(3, 2 * n) for n in range(1, 7)] == [3, 11, 41, 153, 571, 2131]
    assert [count_tilings(4, n) for n in range(1, 7)] == [1, 5, 11, 36, 95, 281]


def test_mutilated_chessboard():
    board = Region.rectangle(8, 8).without((0, 0), (7, 7))
    assert count_tilings(board) == 0
    cert = impossibility(board)
    assert cert.kind == "colour"
    assert "30 dark and 32 light" in str(cert)
    assert len(cert.cells) == 32 and len(cert.partners) == 30
    svg = cert.svg()
    assert svg.startswith("<svg") and "30 dark cells, 32 light cells" in svg


# ---------------------------------------------------------------- methods agree


@pytest.mark.parametrize("m", range(1, 9))
def test_rectangles_up_to_8x8_three_methods(m):
    for n in range(1, 9):
        formula = count_tilings(m, n)
        assert formula == count_tilings(m, n, method="transfer")
        assert formula == count_tilings(m, n, method="kasteleyn")
        assert formula == count_tilings(n, m)
        if m * n <= 36:
            assert formula == count_tilings(m, n, method="enumerate")
            assert formula == sum(1 for _ in iter_tilings(Region.rectangle(m, n)))


@pytest.mark.slow
def test_rectangles_up_to_8x8_enumeration():
    for m in range(1, 9):
        for n in range(m, 9):
            assert count_tilings(m, n, method="enumerate") == count_tilings(m, n)


@pytest.mark.parametrize("m,n", [(20, 20), (13, 30), (24, 17), (9, 40)])
def test_large_rectangles_formula_vs_determinant(m, n):
    assert count_tilings(m, n) == count_tilings(m, n, method="kasteleyn")


def test_large_rectangles_formula_vs_transfer():
    assert count_tilings(10, 60) == count_tilings(10, 60, method="transfer")
    assert count_tilings(11, 12) == count_tilings(11, 12, method="transfer")


@settings(max_examples=150)
@given(regions)
def test_random_small_regions_three_methods(cells):
    t = count_tilings(cells, method="transfer")
    assert t == count_tilings(cells, method="kasteleyn")
    assert t == count_tilings(cells, method="enumerate")
    assert t == count_tilings(cells)


@pytest.mark.parametrize("seed", range(6))
def test_holey_regions_determinant_vs_transfer(seed):
    h, w = 12 + seed, 9 + seed % 3
    cells = holey(h, w, 2 + seed, seed)
    assert count_tilings(cells, method="kasteleyn") == count_tilings(cells, method="transfer")


def test_holey_20x20_determinant_vs_transfer_on_strips():
    # 20x20 with holes by the determinant; the transfer matrix checks 20x10 halves
    cells = holey(20, 20, 6, 1)
    n = count_tilings(cells)
    assert n > 0
    strip = holey(20, 10, 4, 2)
    assert count_tilings(strip, method="kasteleyn") == count_tilings(strip, method="transfer")


def test_holes_enclosing_odd_numbers_of_cells():
    # the Kasteleyn signs need a correction around holes of odd size; these are
    # the cases a plain grid signing gets wrong
    ring = Region.parse("""
        #####
        #...#
        #.#.#
        #...#
        #####
    """)
    frame = Region.parse("""
        ######
        #....#
        #....#
        ######
    """)
    donut = Region.parse("""
        ####
        #..#
        #.##
        ####
    """)
    for region in (ring, frame, donut, Region.parse("###\n#.#\n###")):
        assert (count_tilings(region, method="kasteleyn")
                == count_tilings(region, method="transfer")
                == count_tilings(region, method="enumerate"))


@settings(max_examples=60)
@given(regions)
def test_count_is_invariant_under_symmetries(cells):
    n = count_tilings(cells)
    h = max(r for r, _ in cells)
    assert count_tilings({(c, r) for r, c in cells}) == n
    assert count_tilings({(h - r, c) for r, c in cells}) == n
    assert count_tilings({(r + 3, c + 5) for r, c in cells}) == n


def test_count_multiplies_over_pieces():
    two = Region.rectangle(2, 3).cells | {(r + 5, c) for r in range(4) for c in range(4)}
    assert count_tilings(two) == count_tilings(2, 3) * count_tilings(4, 4)


def test_zero_side_and_odd_area():
    assert count_tilings(0, 7) == 1
    assert count_tilings(5, 7) == 0 and count_tilings(Region.rectangle(5, 7)) == 0


# ---------------------------------------------------------------- certificates


def _check_certificate(cert, cells):
    cells = set(cells)
    if cert.kind == "colour":
        assert {sum(x) % 2 for x in cert.cells} == {cert_colour(cert)}
        assert cert.cells <= cells and cert.partners <= cells
        assert len(cert.partners) < len(cert.cells)
        # every neighbour of a marked cell is among the partners
        assert all(nb in cert.partners for x in cert.cells for nb in nbrs(x) if nb in cells)
    elif cert.kind == "odd piece":
        piece = set(cert.cells)
        assert len(piece) % 2 == 1
        assert all(nb in piece for x in piece for nb in nbrs(x) if nb in cells)
    else:
        assert cert.kind == "hall"
        assert len({sum(x) % 2 for x in cert.cells}) == 1
        assert cert.partners == {nb for x in cert.cells for nb in nbrs(x) if nb in cells}
        assert len(cert.partners) < len(cert.cells)


def cert_colour(cert):
    return sum(min(cert.cells)) % 2


def nbrs(x):
    r, c = x
    return [(r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)]


@settings(max_examples=150)
@given(regions)
def test_certificate_exactly_when_no_tiling(cells):
    cert = impossibility(cells)
    n = count_tilings(cells, method="enumerate")
    assert (cert is None) == (n > 0)
    if cert is not None:
        _check_certificate(cert, cells)
        assert str(cert) == cert.message and cert.svg().startswith("<svg")


def test_hall_certificate_example():
    region = Region.parse("""
        ..#.
        ####
        .#..
    """)
    cert = impossibility(region)
    assert cert.kind == "hall"
    _check_certificate(cert, region.cells)
    assert "Hall" in str(cert)
    d = cert.as_dict()
    assert d["kind"] == "hall" and len(d["cells"]) == 2 and len(d["partners"]) == 1


def test_odd_piece_certificate():
    region = Region.parse("###\n...\n.#.")
    cert = impossibility(region)
    assert cert.kind == "odd piece" and cert.cells == {(2, 1)}


def test_unbalanced_piece_certificate():
    # balanced overall, but one piece has 3 dark and 1 light cells
    region = Region.parse("###..###\n.#....#.")
    assert region.colour_counts()[0] == region.colour_counts()[1]
    cert = impossibility(region)
    _check_certificate(cert, region.cells)


# ---------------------------------------------------------------- enumeration and sampling


def test_iter_tilings_are_valid_and_distinct():
    region = Region.parse("####\n####\n#..#\n####")
    tilings = list(iter_tilings(region))
    assert len(tilings) == count_tilings(region) == len(set(tilings))
    assert all(is_tiling(t, region.cells) for t in tilings)


def test_iter_tilings_of_untileable_region_is_empty():
    assert list(iter_tilings(Region.rectangle(3, 3))) == []


def test_random_tiling_is_valid_and_repeatable():
    region = Region.rectangle(8, 8).without((3, 3), (3, 4))
    t = random_tiling(region, seed=5)
    assert isinstance(t, Tiling) and is_tiling(t, region.cells)
    assert random_tiling(region, seed=5) == t
    wide = Region(holey(10, 14, 3, 3))  # wider than tall: sampled transposed
    assert is_tiling(random_tiling(wide, seed=1), wide.cells)


def test_random_tiling_of_offset_region():
    region = Region({(r + 4, c + 7) for r in range(3) for c in range(2)})
    assert is_tiling(random_tiling(region, seed=0), region.cells)


def test_random_tiling_is_uniform():
    region = Region.rectangle(3, 4)  # 11 tilings
    rng = random.Random(2024)
    draws = Counter(random_tiling(region, seed=rng) for _ in range(2200))
    assert set(draws) == set(iter_tilings(region))
    expected = 2200 / 11
    chi2 = sum((k - expected) ** 2 / expected for k in draws.values())
    assert chi2 < 40  # 10 degrees of freedom: P(chi2 > 40) < 1e-5


def test_sequential_sampler_is_uniform(monkeypatch):
    # force the counting sampler (used for wide pieces) onto a small board
    from dominolab.tilings import sampling

    monkeypatch.setattr(sampling, "MAX_SAMPLER_STATES", 2)
    region = Region.parse("####\n####\n#..#\n####")  # 6 tilings
    n = count_tilings(region)
    rng = random.Random(7)
    draws = Counter(random_tiling(region, seed=rng) for _ in range(200 * n))
    assert set(draws) == set(iter_tilings(region))
    chi2 = sum((k - 200) ** 2 / 200 for k in draws.values())
    assert chi2 < 3 * n + 30  # far above the mean n - 1: fails only for a biased sampler


def test_wide_region_sampled_by_counting():
    region = Region(holey(18, 18, 3, 5))
    t = random_tiling(region, seed=11)
    assert is_tiling(t, region.cells)


def test_random_tiling_without_tiling_raises():
    with pytest.raises(Unsolvable, match="dark"):
        random_tiling(Region.rectangle(8, 8).without((0, 0), (7, 7)), seed=1)


# ---------------------------------------------------------------- regions


@settings(max_examples=100)
@given(regions)
def test_text_round_trip(cells):
    region = Region(cells)
    assert Region.parse(str(region)) == region
    assert eval(repr(region), {"Region": Region}) == region


def test_region_forms_agree():
    a = Region.rectangle(2, 3)
    b = Region.parse("###\n###")
    c = Region([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)])
    assert a == b == c == set(c.cells)
    assert count_tilings(a) == count_tilings(set(a.cells)) == count_tilings("###\n###") == 3


def test_parse_ignores_indentation_and_blank_edges():
    assert Region.parse("\n\n    ##\n    ##\n\n") == Region.rectangle(2, 2)


@pytest.mark.parametrize("text,where", [
    ("#x#", "line 1, column 2: 'x'"),
    ("##\n#", "line 2 has 1 character but line 1 has 2"),
    ("##\n\n##", "line 2 has 0 characters"),
    ("\n\n##\n#?", "line 4, column 2: '\\?'"),
])
def test_bad_text_art(text, where):
    with pytest.raises(InvalidRegion, match=where) as e:
        Region.parse(text)
    assert isinstance(e.value, ParseError)


@pytest.mark.parametrize("bad", ["", "\n  \n", "...\n..."])
def test_empty_regions(bad):
    with pytest.raises(InvalidRegion, match="empty"):
        Region.parse(bad)


def test_bad_cells_and_sizes():
    with pytest.raises(InvalidRegion, match="empty"):
        Region(set())
    with pytest.raises(InvalidRegion, match="negative"):
        Region({(0, -1)})
    with pytest.raises(InvalidRegion, match="not a cell"):
        count_tilings({(0, 0), (1,)})
    with pytest.raises(InvalidRegion, match="whole numbers"):
        Region({(0.5, 1)})
    with pytest.raises(InvalidRegion, match="limit"):
        count_tilings(1000, 1001)          # MAX_RECTANGLE_CELLS
    with pytest.raises(InvalidRegion, match="cell by cell"):
        count_tilings(300, 300, method="kasteleyn")
    with pytest.raises(InvalidRegion, match="limit"):
        Region.rectangle(201, 200)
    with pytest.raises(InvalidRegion, match="cannot be negative"):
        count_tilings(-1, 3)
    with pytest.raises(InvalidRegion, match="small regions"):
        count_tilings(30, 30, method="enumerate")
    with pytest.raises(InvalidRegion, match="rectangles only"):
        count_tilings(Region.rectangle(4, 4).without((0, 0), (0, 1)), method="formula")
    with pytest.raises(InvalidRegion, match="unknown method"):
        count_tilings(2, 2, method="magic")
    with pytest.raises(InvalidRegion, match="not a cell of the region"):
        Region.rectangle(2, 2).without((5, 5))
    big = Region.rectangle(80, 80).without((0, 0), (0, 1))
    # wider than the transfer default but long: still exact, by the transfer matrix
    assert count_tilings(Region.rectangle(9, 600).without((0, 0), (0, 1))) > 0
    assert len(big) > MAX_HOLEY_CELLS
    with pytest.raises(InvalidRegion, match="exact-count limit"):
        count_tilings(big)
    assert issubclass(InvalidRegion, DominoError)
    assert MAX_CELLS == 200 * 200


def test_region_helpers():
    r = Region.parse("##.#\n....\n.###")
    assert [len(p) for p in r.components()] == [3, 2, 1]
    assert r.toggled((1, 1)).toggled((1, 1)) == r
    assert r.transposed().transposed() == r
    assert r.with_cells((1, 2)).cells == r.cells | {(1, 2)}
    assert Region.colour((0, 0)) == "dark" and Region.colour((0, 1)) == "light"
    assert r.graph().number_of_edges() == 3


def test_svgs():
    region = Region.parse("#.#\n###")
    svg = region._repr_svg_()
    assert svg.count('class="hole"') == 1 and svg.count('class="cell ') == 5
    t = random_tiling(Region.rectangle(2, 4), seed=3)
    assert t._repr_svg_().count('class="domino"') == 4
    cert = impossibility(Region.parse("..#.\n####\n.#.."))
    svg = cert._repr_svg_()
    assert svg.count('class="mark"') == 2 and svg.count('class="partner"') == 1


def test_format_count():
    assert format_count(0) == "0" and format_count(1234567) == "1,234,567"
    n = 7 ** 9000  # beyond the 4300-digit limit of str(int)
    digits = format_count(n, sep="")
    assert len(digits) == 7606
    assert int(digits[:-4000]) * 10**4000 + int(digits[-4000:]) == n


def test_parse_size_and_describe_for_the_cli():
    from dominolab.tilings import describe, parse_size

    assert parse_size("8x8") == (8, 8) and parse_size("3 × 12") == (3, 12)
    for bad in ("8x", "x8", "8by8", "-2x3", ""):
        with pytest.raises(InvalidRegion, match="board size"):
            parse_size(bad)
    with pytest.raises(InvalidRegion, match="limit"):
        parse_size("1000x1001")
    assert describe(2, 10).splitlines()[1] == "89 tilings"
    assert describe(3, 3).splitlines()[1].startswith("no tiling: Colour")
    lines = describe("..#.\n####\n.#..").splitlines()
    assert lines[0] == "region of 6 cells (3 dark, 3 light), bounding box 3×4"
    assert lines[1].startswith("no tiling: These 2")
    assert describe({(0, 0), (0, 1)}).splitlines() == [
        "1×2 board: 2 cells (1 dark, 1 light)", "1 tiling"]


def test_sampler_limit_and_long_enumeration():
    from dominolab.tilings import MAX_SEQUENTIAL_CELLS

    with pytest.raises(InvalidRegion, match=str(MAX_SEQUENTIAL_CELLS)):
        random_tiling(Region.rectangle(30, 30), seed=1)
    # a long strip: the generator needs no deep recursion
    first = next(iter_tilings(Region.rectangle(2, 3000)))
    assert len(first) == 3000 and is_tiling(first, Region.rectangle(2, 3000).cells)


@settings(max_examples=80)
@given(regions, st.integers(0, 2**32))
def test_random_tiling_and_enumeration_on_random_regions(cells, seed):
    n = count_tilings(cells)
    listed = list(iter_tilings(cells)) if n <= 2000 else None
    if listed is not None:
        assert len(listed) == n == len(set(listed))
        assert all(is_tiling(t, cells) for t in listed)
    if n:
        t = random_tiling(cells, seed=seed)
        assert is_tiling(t, cells)
        if listed is not None:
            assert t in listed
    else:
        with pytest.raises(Unsolvable):
            random_tiling(cells, seed=seed)


# ---------------------------------------------------------------- layout and bad input


def test_bad_tilings_and_drawing_inputs_are_domino_errors():
    from dominolab.render.tilings import certificate_svg, gallery_svg
    from dominolab.render.tilings import tiling_svg as draw
    from dominolab.tilings import tiling_svg

    for bad in (None, 5, [((0, 0),)], [((0, 0), (0, 1), (0, 2))], [(0, 1)]):
        with pytest.raises(InvalidRegion):
            Tiling(bad)
        with pytest.raises(InvalidRegion):
            tiling_svg(bad)
        with pytest.raises(InvalidRegion):
            draw(bad)
    with pytest.raises(DominoError, match="Certificate"):
        certificate_svg(None)
    with pytest.raises(DominoError, match="list of tilings"):
        gallery_svg(None)
    with pytest.raises(DominoError, match="whole number"):
        format_count("12")
    with pytest.raises(DominoError, match="separator"):
        format_count(12, sep=None)
    with pytest.raises(DominoError, match="seed"):
        random_tiling(Region.rectangle(2, 2), seed=[1])
    # a list of dominoes draws like the Tiling it makes, from either module
    doms = [((0, 0), (0, 1)), ((1, 0), (1, 1))]
    assert tiling_svg(doms) == draw(doms) == Tiling(doms).svg()


def test_renderer_and_model_import_in_either_order():
    import subprocess
    import sys

    for first in ("dominolab.render.tilings", "dominolab.tilings"):
        code = (f"import {first}; import dominolab.render.tilings, dominolab.tilings; "
                "dominolab.tilings.Region.rectangle(2, 2)._repr_svg_()")
        subprocess.run([sys.executable, "-c", code], check=True)


# -- the rectangle by the product formula in finite fields ----------------------------------

def test_rectangle_product_equals_the_resultant_and_the_transfer_matrix():
    """Three independent exact methods agree: the Fibonacci-polynomial product mod primes,
    the integer resultant of the two Chebyshev polynomials, and the transfer matrix."""
    from dominolab.tilings.kasteleyn import _rectangle_count
    from dominolab.tilings.rectangle import rectangle_tilings
    from dominolab.tilings.transfer import _transfer_rectangle

    for m in range(1, 13):
        for n in range(1, 25):
            want = _rectangle_count(m, n)
            assert rectangle_tilings(m, n) == want, (m, n)
            if m <= 8 and (m * n) % 2 == 0:
                assert _transfer_rectangle(m, n) == want
    for m, n in ((31, 40), (40, 41), (57, 62)):
        assert rectangle_tilings(m, n) == _rectangle_count(m, n)


def test_rectangle_counts_match_published_values():
    # OEIS A004003 (2n × 2n boards): 1, 2, 36, 6728, 12988816, 258584046368
    from dominolab.tilings.rectangle import rectangle_tilings

    assert [rectangle_tilings(2 * k, 2 * k) for k in range(6)] == [
        1, 2, 36, 6728, 12988816, 258584046368]


def test_rectangle_bound_is_an_upper_bound():
    import math

    from dominolab.tilings.rectangle import log2_rectangle_tilings, rectangle_tilings

    for m in range(1, 30):
        for n in range(m, 30):
            if (m * n) % 2 == 0 and m * n > 2:
                exact = math.log2(rectangle_tilings(m, n))
                assert exact - 1e-9 <= log2_rectangle_tilings(m, n) <= exact + 0.5


def _direct_product_mod(m, n, p):
    """T(m, n) mod p straight from the double product over j and k (an independent
    evaluation), for a prime p = 1 mod 2(m+1) and mod 2(n+1)."""
    from dominolab._exact import root_of_unity

    zm, zn = root_of_unity(2 * (m + 1), p), root_of_unity(2 * (n + 1), p)
    inv = lambda x: pow(x, p - 2, p)  # noqa: E731
    cs = [(pow(zm, j, p) + inv(pow(zm, j, p))) % p for j in range(1, (m + 1) // 2 + 1)]
    ds = [(pow(zn, k, p) + inv(pow(zn, k, p))) % p for k in range(1, (n + 1) // 2 + 1)]
    t = 1
    for c in cs:
        for d in ds:
            t = t * (c * c + d * d) % p
    return t


def test_300_by_300_is_counted_and_agrees_with_the_direct_product():
    """Refused before (a 40,000-cell limit), about a second's work for the product
    formula; checked against the double product evaluated directly modulo three primes
    (the full comparison with an independent method is in benchmarks/bench_tilings.py)."""
    import math

    from dominolab._exact import primes_below

    value = count_tilings(300, 300)
    assert abs(value.bit_length() - 0.2916 * 300 * 300 / math.log(2)) < 300   # G/π per cell
    q = 2 * 301
    for p, _ in zip(primes_below(1 << 61, q), range(3)):
        assert value % p == _direct_product_mod(300, 300, p)
