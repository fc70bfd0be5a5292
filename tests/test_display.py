"""The display size: pictures that scale, the presentation size, the widgets' stills."""

from __future__ import annotations

import re

import pytest

from dominolab import DominoSet, Tile, display
from dominolab.errors import UnknownOption
from dominolab.games import new_round
from dominolab.render import set_svg, tile_svg
from dominolab.render.dominosa import grid_svg
from dominolab.render.table import layout_svg, table_svg
from dominolab.render.tilings import region_svg
from dominolab.tilings import Region
from dominolab.widgets import (ChainBuilder, DominosaBoard, GameBoard, SetExplorer, TienGowBoard,
                               TilingBoard)
from dominolab.widgets._display import STILL_NOTE

HEAD = re.compile(r'<svg [^>]*width="([\d.]+)" height="([\d.]+)" viewBox="0 0 ([\d.]+) ([\d.]+)"'
                  r' style="max-width:100%;height:auto"')


@pytest.fixture(autouse=True)
def normal_size():
    display.set_scale(1)
    yield
    display.set_scale(1)


def head(svg: str) -> tuple[float, float, float, float]:
    m = HEAD.match(svg)
    assert m, svg[:200]
    return tuple(float(x) for x in m.groups())


def pictures():
    g = new_round("classic", hands=["1:1 1:2", "2:3 5:5"])
    g.play("P1 1:1")
    return [tile_svg(Tile(3, 5)), set_svg(DominoSet(6)), region_svg(Region.rectangle(3, 4)),
            table_svg(g), layout_svg(g), grid_svg(DominosaBoard("2dt:202012100211").puzzle)]


def test_every_picture_has_a_viewbox_and_shrinks_to_its_container():
    for svg in pictures():
        w, h, vw, vh = head(str(svg))
        assert (w, h) == (vw, vh)


def test_the_presentation_size_doubles_every_picture_and_keeps_the_drawing():
    normal = [str(s) for s in pictures()]
    display.presentation()
    large = [str(s) for s in pictures()]
    for a, b in zip(normal, large):
        wa, ha, vwa, vha = head(a)
        wb, hb, vwb, vhb = head(b)
        assert (vwa, vha) == (vwb, vhb) and (wb, hb) == (2 * wa, 2 * ha)
        assert HEAD.sub("", a) == HEAD.sub("", b)          # the same drawing, only larger
    display.presentation(False)
    assert [str(s) for s in pictures()] == normal


def test_a_size_is_named_or_a_factor():
    assert display.scale_of("normal") == 1 and display.scale_of("large") == display.LARGE
    for bad in ("huge", 0.1, 9, True, None):
        with pytest.raises(UnknownOption):
            display.scale_of(bad)


def halves(svg: str) -> list[float]:
    """The drawn side of every tile half in an SVG, in pixels (its scale applied)."""
    w, _, vw, _ = head(svg)
    k = w / vw
    sides = []
    # a Chinese tile stands upright: its half is as wide as the tile
    for m in re.finditer(r'<g class="tile(?: chinese)?"[^>]*>(?:<title>[^<]*</title>)?<rect [^>]*'
                         r'width="([\d.]+)" height="([\d.]+)"', svg):
        sides.append(k * min(float(m.group(1)), float(m.group(2))))
    return sides


def widgets():
    return [SetExplorer(n=12), SetExplorer(n=6), ChainBuilder(n=6, start="1:2 2:2 2:5"),
            TilingBoard(6, 6),
            DominosaBoard("2dt:202012100211"), GameBoard("kozel", seed=2, delay=0),
            GameBoard("osyol", players=2, human=0, seed=8, delay=0), TienGowBoard(seed=3)]


def widget_pictures(w) -> list[str]:
    if isinstance(w, GameBoard):
        v = w.view
        return [t["svg"] for t in v["hand"]] + [s["svg"] for s in v["seats"] if s["svg"]] + (
            [v["table_svg"]] if v["table_svg"] else [])
    if isinstance(w, TienGowBoard):
        return [t["svg"] for t in w.hand] + [w.svg]
    return [w.svg] if getattr(w, "svg", "") else []


def test_in_the_presentation_size_every_tile_a_widget_draws_is_readable():
    for w in widgets():
        w.set_size("large")
        assert w.scale == display.LARGE and w.error == ""
        sides = [side for svg in widget_pictures(w) for side in halves(svg)]
        # the tiling and Dominosa boards are buttons sized by display.css (the browser tests)
        assert sides or isinstance(w, (TilingBoard, DominosaBoard))
        assert min(sides, default=26) >= 26, (type(w).__name__, min(sides))
        w.set_size("normal")
        assert all(head(svg)[0] == head(svg)[2] for svg in widget_pictures(w))


def test_the_p_key_switches_one_widget_and_the_setting_switches_all_shown():
    a, b = SetExplorer(n=3), SetExplorer(n=4)
    own = SetExplorer(n=5, size="normal")
    for w in (a, b, own):
        w._repr_mimebundle_()                          # shown in a notebook
    a._handle_custom_msg({"type": "size"}, [])         # the P key in one widget
    assert (a.scale, b.scale) == (display.LARGE, 1.0)
    w, _, vw, _ = head(a.svg)
    assert w == 2 * vw
    display.presentation()
    assert a.scale == b.scale == display.LARGE and own.scale == 1.0   # own size kept
    assert SetExplorer(n=2).scale == display.LARGE     # a new widget starts large
    display.presentation(False)
    assert a.scale == b.scale == 1.0


def test_a_bad_size_from_the_browser_is_reported_and_the_size_kept():
    w = SetExplorer(n=3)
    w.set_state({"scale": 40})
    assert w.scale == 1.0 and "bad value from the browser" in w.error
    w.set_size("huge")
    assert w.scale == 1.0 and "a size is 'normal', 'large'" in w.error


@pytest.mark.parametrize("widget", widgets(), ids=lambda w: type(w).__name__)
def test_a_widget_shows_a_still_picture_until_its_cell_runs(widget):
    data, _ = widget._repr_mimebundle_()
    still = data["text/html"]
    assert still.count("<svg") >= 1 and still.count(STILL_NOTE) == 1
    assert f'aria-label="{type(widget).__name__}, not running"' in still
    assert "<button" not in still and "<input" not in still       # a picture, no controls
