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


def test_a_super_train_round_by_clicks_names_the_locomotives_and_plays_them():
    w = GameBoard("mexican_train", players=2, human=0, seed=3, delay=0, super_train=True)
    hand = w.view["hand"]
    locos = [h for h in hand if h["a"] == "L"]
    assert {h["label"] for h in locos} == {
        "play domino locomotive-2", "play domino locomotive-6",
        "play domino locomotive-letter D", "play domino locomotive-letter X"}
    assert all("label" not in h for h in hand if h["a"] != "L")
    played = []
    for _ in range(400):
        v = w.view
        if v["round_over"]:
            break
        assert v["my_turn"] and not w.error
        if v["can_draw"] or v["can_pass"]:
            send(w, type="draw" if v["can_draw"] else "pass")
            continue
        playable = [h for h in v["hand"] if h["playable"]]
        h = ([x for x in playable if x["a"] == "L"] or playable)[0]
        before = len(w.state.history)
        send(w, type="tile", tile=h["tile"])
        if w.view["choices"]:
            assert w.view["pending"] == h["text"]
            send(w, type="play", move=w.view["choices"][0]["move"])
        assert not w.error, w.error
        mine = str(w.state.history[before])
        assert mine.split(">")[0] == f"P1 {h['text']}", (mine, h)
        if h["a"] == "L":
            played.append(h["text"])
            name = h["label"].removeprefix("play domino ")
            assert f'aria-label="domino {name}"' in html.unescape(w.view["table_svg"])
    assert w.view["round_over"] and w.view["panel"]["rows"]
    assert {"L:2", "L:6", "L:D", "L:X"} <= set(played), played
