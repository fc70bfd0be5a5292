"""SVG drawings are valid XML with accessible names; teach.check explains."""

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
import sympy

from dominolab import DominoSet, Tile, parse_tiles
from dominolab.render import SVG, chain_svg, hand_svg, set_svg, tile_svg
from dominolab.teach import check

NS = "{http://www.w3.org/2000/svg}"


def tiles_in(svg):
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "tile"]


@pytest.mark.parametrize("a, b", [(0, 0), (3, 5), (6, 6), (9, 9), (4, 9)])
def test_tile_pips_match_numbers(a, b):
    svg = tile_svg(Tile(a, b))
    assert isinstance(svg, SVG) and svg._repr_svg_() == svg
    (g,) = tiles_in(svg)
    assert g.get("aria-label") == f"domino {a}-{b}"
    assert g.find(f"{NS}title").text == f"domino {a}-{b}"
    assert len([c for c in g.iter(f"{NS}circle") if c.get("class") == "pip"]) == a + b


def test_big_numbers_are_numerals_and_vertical_is_taller():
    svg = tile_svg((10, 12), vertical=True)
    texts = [t.text for t in ET.fromstring(svg).iter(f"{NS}text")]
    assert texts == ["10", "12"]
    root = ET.fromstring(svg)
    assert float(root.get("height")) == 2 * float(root.get("width"))


def test_face_down_hides_pips():
    svg = tile_svg(Tile(5, 6), face_down=True)
    assert "pip" not in svg and 'aria-label="face-down domino"' in svg


def test_set_hand_and_chain_draw_every_tile():
    assert len(tiles_in(set_svg(DominoSet(6)))) == 28
    hand = parse_tiles("0:1 2:2 6:5")
    labels = [g.get("aria-label") for g in tiles_in(hand_svg(hand))]
    assert labels == ["domino 0-1", "domino 2-2", "domino 5-6"]
    chain = [(1, 2), (2, 2), (2, 5)] * 10
    labels = [g.get("aria-label") for g in tiles_in(chain_svg(chain, per_row=7))]
    assert len(labels) == 30
    # the second row runs right to left, tiles turned round
    assert labels[7:9] == ["domino 2-2", "domino 2-1"]


def test_objects_draw_themselves():
    assert Tile(1, 2)._repr_svg_().startswith("<svg")
    assert DominoSet(3)._repr_svg_().count('class="tile"') == 10
    assert parse_tiles("1:2 3:4")._repr_svg_().count('class="tile"') == 2


def test_check_messages():
    assert check(28, 28) and "Correct" in str(check(28, 28))
    assert "too large" in str(check(30, 28))
    assert "Fraction" in str(check(0.25, Fraction(1, 4)))
    assert check(Fraction(1, 4), Fraction(1, 4))
    n = sympy.Symbol("n")
    assert check(n * (n + 1) * (n + 2) / 2, sympy.binomial(n + 2, 3) * 3)
    assert not check(n**2, n * (n + 1))
    assert check(7, predicate=lambda x: x % 7 == 0)
    assert not check(8, predicate=lambda x: x % 7 == 0, hint="a multiple of 7")
    assert "replace None" in str(check(None, 1))
    assert "✘" in check(1, 2)._repr_html_() and "✔" in check(2, 2)._repr_html_()
