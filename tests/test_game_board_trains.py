"""The game board playing Mexican train through its model: trains drawn as rows with
their markers, choices named by train, the planner's hint, a whole round by clicks."""

from __future__ import annotations

import html
import re

from dominolab.games import new_round
from dominolab.render.table import layout_svg
from dominolab.widgets import GameBoard


def send(w, **msg):
    w._handle_custom_msg(msg, [])


def labels(svg):
    return re.findall(r'train-label[^>]*>([^<]*)<', str(svg))


def test_the_trains_are_drawn_as_rows_with_names_and_markers():
    g = new_round("mexican_train", hands=["12:12 12:1 1:5", "3:4 4:5 0:9", "12:2 2:7 6:0"],
                  boneyard="8:9 2:6 0:3")
    for m in ["12:12", "draw", "pass"]:
        g.play(m)
    svg = html.unescape(str(layout_svg(g)))
    assert labels(svg) == ["T1 · P1's train", "T2 · P2's train · marker out",
                           "T3 · P3's train", "M · the Mexican train"]
    assert 'aria-label="domino 12-12"' in str(svg) and "open: P1's train 12" in str(svg)


def test_the_board_names_the_trains_and_the_markers_and_gives_the_planner_hint():
    w = GameBoard("mexican_train", players=3, human=0, seed=4, delay=0)
    for _ in range(200):
        v = w.view
        if v["round_over"]:
            break
        assert v["my_turn"] and not w.error
        if any(h["playable"] for h in v["hand"]):
            hint = w.hint()
            assert hint.startswith("Hint: play ") and "your best train from " in hint
            tile = next(h for h in v["hand"] if h["playable"])
            send(w, type="tile", tile=tile["tile"])
            ch = w.view["choices"]
            if ch:
                names = {c["label"] for c in ch}
                assert names <= {"P1's train", "P2's train", "P3's train",
                                 "the Mexican train"}, names
                send(w, type="play", move=ch[0]["move"])
        else:
            move = w.state.legal_moves()[0]
            send(w, type="play", move=str(move))
        assert not w.error, w.error
        if w.state.rules.marked_ends(w.state):
            assert "markers out: " in w.view["ends_text"]
    assert w.view["round_over"] and w.view["panel"]["rows"]
    assert "penalties: 13 rounds, the lowest total wins" in str(w.view)
