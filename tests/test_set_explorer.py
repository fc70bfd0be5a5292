"""The set explorer widget, driven from Python as the browser would."""

from dominolab.widgets import SetExplorer


def test_slider_updates_counts_and_picture():
    w = SetExplorer(n=6)
    assert w.summary == "double-6 set: 28 tiles, 168 pips"
    assert w.svg.count('class="tile"') == 28
    w.n = 9
    assert (w.tile_count, w.pip_total) == (55, 495)
    assert w.svg.count('class="tile"') == 55
    assert "each number shows on 11 tile ends" in w.detail


def test_out_of_range_keeps_the_last_good_set():
    w = SetExplorer(n=4, max_n=10)
    w.n = 11
    assert w.n == 4 and w.tile_count == 15
    assert "between 0 and 10" in w.error
    w.n = 5
    assert w.error == "" and w.tile_count == 21
