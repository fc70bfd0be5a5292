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


def test_malformed_messages_are_reported_and_the_set_kept():
    """The explorer answers no requests, and takes only a whole n from the browser."""
    w = SetExplorer(n=5)
    for msg, words in [({"type": "play"}, "unknown request 'play'"),
                       ({"n": 3}, "unknown request None"),
                       ("n=3", "a request is an object with a 'type'")]:
        w._handle_custom_msg(msg, [])
        assert words in w.error and w.n == 5 and w.tile_count == 21
    for bad in ("x", 2.5, None):
        w.set_state({"n": bad})                 # what a broken slider would send
        assert w.error.startswith("bad value from the browser") and "'n'" in w.error
        assert w.n == 5 and w.tile_count == 21
    w.set_state({"n": 3})
    assert w.error == "" and w.tile_count == 10
