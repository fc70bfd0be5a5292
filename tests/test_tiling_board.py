"""The tiling board widget, driven through its message handler like the browser does."""

from __future__ import annotations

import pytest

from dominolab.errors import InvalidRegion
from dominolab.tilings import Region, count_tilings
from dominolab.widgets.tiling_board import MAX_SIDE, TilingBoard


def send(w, **msg):
    w._handle_custom_msg(msg, [])


def test_starts_with_the_full_board():
    w = TilingBoard(4, 5)
    assert w.holes == [] and w.count == str(count_tilings(4, 5))
    assert w.summary == "95 tilings" and w.certificate == {} and w.tiling == []


def test_clicking_two_corners_gives_the_colour_certificate():
    w = TilingBoard()
    send(w, type="toggle", row=0, col=0)
    assert w.count == "0" and w.certificate["kind"] == "colour"
    send(w, type="toggle", row=7, col=7)
    assert w.holes == [[0, 0], [7, 7]]
    assert w.count == "0" and "30 dark and 32 light" in w.summary
    assert w.region == Region.rectangle(8, 8).without((0, 0), (7, 7))
    send(w, type="toggle", row=7, col=7)  # restore
    send(w, type="toggle", row=0, col=1)  # now one dark and one light cell are gone
    assert w.count == str(count_tilings(Region.rectangle(8, 8).without((0, 0), (0, 1))))
    assert w.certificate == {}


def test_hall_certificate_reaches_the_browser_as_json():
    w = TilingBoard.from_region("..#.\n####\n.#..")
    assert w.count == "0"
    cert = w.certificate
    assert cert["kind"] == "hall" and len(cert["cells"]) == 2 and len(cert["partners"]) == 1
    assert all(isinstance(x, list) for x in cert["cells"])


def test_show_one_tiling_draws_a_valid_tiling_and_a_new_one_each_time():
    w = TilingBoard(4, 4, holes=[(1, 1), (1, 2)])
    send(w, type="show_tiling")
    first = w.tiling
    cells = [tuple(x) for d in first for x in (d[:2], d[2:])]
    assert sorted(cells) == sorted(w.region.cells)
    seen = {tuple(map(tuple, first))}
    for _ in range(12):
        send(w, type="show_tiling")
        seen.add(tuple(map(tuple, w.tiling)))
    assert len(seen) > 1
    send(w, type="hide_tiling")
    assert w.tiling == []


def test_toggle_clears_the_shown_tiling():
    w = TilingBoard(2, 2)
    send(w, type="show_tiling")
    assert len(w.tiling) == 2
    send(w, type="toggle", row=0, col=0)
    assert w.tiling == []


def test_show_tiling_without_tiling_explains():
    w = TilingBoard(3, 3)
    send(w, type="show_tiling")
    assert w.tiling == [] and "no tiling" in w.error.lower()


def test_errors_are_shown_and_state_is_kept():
    w = TilingBoard(3, 4, holes=[(0, 0), (0, 1)])
    before = (list(w.holes), w.count, w.summary)
    send(w, type="toggle", row=9, col=0)
    assert "off the 3×4 board" in w.error
    send(w, type="toggle", row="x", col=0)
    assert "not a cell" in w.error
    send(w, type="dance")
    assert "unknown request" in w.error
    assert (w.holes, w.count, w.summary) == before
    send(w, type="toggle", row=0, col=0)
    assert w.error == ""


def test_removing_every_cell_and_reset():
    w = TilingBoard(1, 2)
    send(w, type="toggle", row=0, col=0)
    send(w, type="toggle", row=0, col=1)
    assert w.region is None and w.count == "1" and "empty board" in w.summary
    send(w, type="reset")
    assert w.holes == [] and w.count == "1" and w.summary == "1 tiling"


def test_big_counts_travel_as_exact_strings():
    w = TilingBoard(MAX_SIDE, MAX_SIDE)
    assert int(w.count) == count_tilings(MAX_SIDE, MAX_SIDE) > 2**53


@pytest.mark.parametrize("rows,cols", [(0, 3), (MAX_SIDE + 1, 2), (2.5, 2)])
def test_bad_sizes(rows, cols):
    with pytest.raises(InvalidRegion, match="sides"):
        TilingBoard(rows, cols)


def test_bad_initial_hole():
    with pytest.raises(InvalidRegion, match="off the"):
        TilingBoard(2, 2, holes=[(5, 5)])


def test_malformed_requests_are_reported_and_the_board_kept():
    """Wrong field types, unknown or missing types and non-objects: named in the error
    line, the board unchanged."""
    w = TilingBoard(4, 4, holes=[(0, 0)])
    before = (list(w.holes), w.count, w.summary, w.certificate)
    for msg, words in [({"type": "toggle", "row": 1.5, "col": 0}, "not a cell"),
                       ({"type": "toggle", "row": True, "col": 0}, "not a cell"),
                       ({"type": "toggle", "row": [1], "col": 0}, "not a cell"),
                       ({"type": "toggle"}, "not a cell"),
                       ({"type": "paint"}, "unknown request 'paint'"),
                       ({"type": None}, "unknown request None"),
                       ([1, 2], "a request is an object with a 'type'"),
                       (42, "a request is an object with a 'type'")]:
        w._handle_custom_msg(msg, [])
        assert words in w.error, (msg, w.error)
        assert (w.holes, w.count, w.summary, w.certificate) == before
    send(w, type="toggle", row=0, col=0)
    assert w.error == "" and w.holes == []
