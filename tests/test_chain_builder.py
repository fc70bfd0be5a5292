"""The chain builder widget, driven through its model messages (no browser)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab import DominoSet, chains
from dominolab.widgets.chain_builder import ChainBuilder


def send(w, **msg):
    w._handle_custom_msg(msg, [])


def test_clicks_build_a_line_at_both_ends():
    w = ChainBuilder(n=6)
    assert w.ends == [] and w.finishable and "ring" in w.verdict
    send(w, type="play", tile="2-5")
    assert w.chain == [[2, 5]] and w.ends == [2, 5]
    send(w, type="play", tile="5-6")          # fits the right end
    send(w, type="play", tile="1-2")          # only fits the left end
    assert w.chain_text == "1:2 2:5 5:6" and w.ends == [1, 6]
    assert w.ends_text == "Open ends: 1 and 6"
    send(w, type="side", side="left")
    send(w, type="play", tile="1-6")          # fits both: goes to the preferred (left) end
    assert w.chain_text == "6:1 1:2 2:5 5:6" and w.ends_text.endswith("(they match)")
    assert w.status == "Added 1:6 at the left."
    assert w.line == chains.Chain("6:1 1:2 2:5 5:6")


def test_tiles_and_degrees_follow_the_line():
    w = ChainBuilder(n=3)
    assert len(w.tiles) == 10
    assert all(t["fits"] == ["left", "right"] for t in w.tiles)
    send(w, type="play", tile="0-1")
    by_label = {t["label"]: t for t in w.tiles}
    assert by_label["0-1"]["used"]
    assert by_label["1-3"]["fits"] == ["right"] and by_label["0-3"]["fits"] == ["left"]
    assert by_label["2-3"]["fits"] == []
    deg = {d["number"]: d for d in w.degrees}
    # double-3: each number shows 5 times; 0 and 1 lost one free end each but are open ends
    assert deg[0]["free"] == 4 and deg[0]["end"] and deg[0]["odd"]
    assert deg[2]["free"] == 5 and deg[2]["odd"] and not deg[2]["end"]
    assert not w.finishable and w.verdict.startswith("No, it cannot be finished")


def test_errors_are_shown_and_state_kept():
    w = ChainBuilder(n=6)
    send(w, type="play", tile="3-4")
    before = (w.chain_text, w.ends, w.tiles)
    send(w, type="play", tile="0-1")
    assert w.error == "0:1 does not fit: the open ends are 3 and 4"
    assert (w.chain_text, w.ends, w.tiles) == before
    send(w, type="play", tile="3-4")
    assert "already in the line" in w.error
    send(w, type="play", tile="7-7")
    assert "not in the double-6 set" in w.error
    send(w, type="play", tile="x")
    assert "cannot read a tile" in w.error
    send(w, type="side", side="up")
    assert "side must be" in w.error and w.side == "right"
    send(w, type="bogus")
    assert "unknown request" in w.error
    assert w.chain_text == "3:4"
    send(w, type="play", tile="4-4")
    assert w.error == "" and w.chain_text == "3:4 4:4"


def test_undo_reset_finish():
    w = ChainBuilder(n=4)
    send(w, type="undo")
    assert w.error == "nothing to undo"
    for t in ("0-1", "1-2", "2-2"):
        send(w, type="play", tile=t)
    send(w, type="undo")
    assert w.chain_text == "0:1 1:2"
    send(w, type="finish")
    assert len(w.chain) == DominoSet(4).size and w.verdict.startswith("Done")
    assert "0:1 1:2" in w.chain_text or "2:1 1:0" in w.chain_text
    send(w, type="reset")
    assert w.chain == [] and w.status == "Started a new line."
    send(w, type="undo")
    assert len(w.chain) == DominoSet(4).size


def test_finish_refused_when_impossible():
    w = ChainBuilder(n=5)
    send(w, type="play", tile="0-0")
    send(w, type="finish")
    assert w.error.startswith("This line cannot be finished")
    assert w.chain_text == "0:0"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([f"{a}-{b}" for a in range(5) for b in range(a, 5)]),
                max_size=12))
def test_verdict_matches_can_finish_after_any_clicks(clicks):
    w = ChainBuilder(n=4)
    for label in clicks:
        send(w, type="play", tile=label)
    line = chains.Chain(str(w.chain_text))
    assert set(line.tiles) <= set(DominoSet(4).tiles)
    assert w.finishable == bool(chains.can_finish(line, DominoSet(4)))
    assert sum(t["used"] for t in w.tiles) == len(line)


def test_malformed_requests_are_reported_and_the_line_kept():
    """A request is untrusted input: wrong field types, unknown or missing types and
    messages that are not objects are each named in the error line; nothing changes."""
    w = ChainBuilder(n=6)
    send(w, type="play", tile="3-4")
    before = (w.chain_text, w.ends, w.tiles, w.side, w.status)
    for msg, words in [({"type": "play", "tile": [3, 4, 5]}, "cannot read a tile"),
                       ({"type": "play", "tile": {"a": 1}}, "cannot read a tile"),
                       ({"type": "play", "tile": "4-5", "side": 3}, "side must be"),
                       ({"type": "side", "side": ["left"]}, "side must be"),
                       ({"type": "jump"}, "unknown request 'jump'"),
                       ({"type": 5}, "unknown request 5"),
                       ({"tile": "4-5"}, "unknown request None"),
                       (["play", "4-5"], "a request is an object with a 'type'"),
                       ("play", "a request is an object with a 'type'")]:
        w._handle_custom_msg(msg, [])
        assert words in w.error, (msg, w.error)
        assert (w.chain_text, w.ends, w.tiles, w.side, w.status) == before
    send(w, type="play", tile="4-5")
    assert w.error == "" and w.chain_text == "3:4 4:5"
