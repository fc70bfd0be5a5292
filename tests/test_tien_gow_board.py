"""The Tien Gow board, driven through its model messages (no browser)."""

from __future__ import annotations

from dominolab.chinese import TienGowMove, check_invariants
from dominolab.widgets import TienGowBoard


def send(w, **msg):
    w._handle_custom_msg(msg, [])


def play_round_by_messages(w):
    """Play seat 0 to the end of the round with the hint and the buttons' requests."""
    for _ in range(40):
        if w.round_over:
            return
        send(w, type="hint")
        assert w.error == "" and any(t["selected"] for t in w.hand)
        send(w, type="play" if w.hinted_face_up else "discard")
        assert w.error == "", w.error
        assert check_invariants(w.state) == []
    raise AssertionError("the round did not end")


def test_a_whole_round_by_messages():
    w = TienGowBoard(seed=4)
    assert len(w.hand) == 8 and len(w.seats) == 4 and w.seats[0]["name"] == "You"
    assert all(t["label"] and t["svg"].startswith("<svg") for t in w.hand)
    assert w.state.turn == 0 and w.status == "Your turn."
    tick = w.tick
    play_round_by_messages(w)
    assert w.tick > tick and w.round_over and w.result[0].endswith("wins the round.")
    assert w.status.endswith("Next round?") and w.log
    scores = [s["score"] for s in w.seats]
    assert sum(scores) == 0
    send(w, type="next_round")
    assert not w.round_over and w.match.scores == scores and len(w.hand) == 8
    assert w.log[0].startswith("Round 2:")


def test_selection_by_toggles_and_an_illegal_play_keeps_the_state():
    w = TienGowBoard(seed=11, banker=0)
    assert w.state.turn == 0
    # a lead that is no set: two tiles that do not pair
    mine = w.state.hand(0)
    pos = next((i, j) for i in range(8) for j in range(i + 1, 8)
               if TienGowMove(0, (mine[i], mine[j])) not in w.state.legal_moves())
    send(w, type="toggle", pos=pos[0])
    send(w, type="toggle", pos=pos[1])
    assert [t["pos"] for t in w.hand if t["selected"]] == list(pos)
    before = (list(w.state.counts[0]), w.log, w.tick)
    send(w, type="play")
    assert "not a set" in w.error
    assert list(w.state.counts[0]) == before[0] and w.log == before[1]
    assert [t["pos"] for t in w.hand if t["selected"]] == list(pos)    # the selection is kept
    send(w, type="discard")
    assert w.error == "the lead is played face up"
    send(w, type="toggle", pos=pos[1])
    assert [t["pos"] for t in w.hand if t["selected"]] == [pos[0]]
    send(w, type="clear")
    assert not any(t["selected"] for t in w.hand)
    send(w, type="play")
    assert w.error == "select the tiles to play first"


def test_bad_requests_are_reported():
    w = TienGowBoard(seed=2)
    send(w, type="toggle", pos=99)
    assert "no tile at position 99" in w.error
    send(w, type="toggle", pos="x")
    assert "no tile at position 'x'" in w.error
    send(w, type="next_round")
    assert w.error == "finish this round first"
    w.select(["6:6", "6:6", "6:6"])
    assert "do not hold" in w.error
    send(w, type="jump")
    assert w.error == "unknown request 'jump'"


def test_the_bots_play_until_your_turn_and_the_trick_is_shown():
    w = TienGowBoard(seed=7, banker=2)                 # P3 banks: two bots play first
    assert w.state.turn == 0
    assert [p["seat"] for p in w.trick] == [2, 3]
    assert w.trick[0]["face_up"] and w.trick[0]["tiles"]
    assert sum(p["best"] for p in w.trick) == 1
    assert w.guide.startswith("Play ") and "face down" in w.guide
    assert len(w.log) == 2 and w.log[0].startswith("P3 (rules):")
    assert 'aria-label="face-down tile"' in w.svg


def test_random_bots_and_python_calls():
    w = TienGowBoard(seed=5, bots=("random", "random", "rules"))
    for _ in range(40):
        if w.round_over:
            break
        moves = w.state.legal_moves()
        m = moves[-1]
        (w.play if m.face_up else w.discard)([str(t) for t in m.tiles])
        assert w.error == ""
    assert w.round_over and len(w.result) == 5
