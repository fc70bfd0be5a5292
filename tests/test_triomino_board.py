"""The triomino board, driven from Python the way its buttons drive it (the browser test
is tests/browser/test_triomino_board.py)."""

from __future__ import annotations

import re

import pytest

from dominolab.errors import DominoError
from dominolab.triominoes import check_invariants, points_up
from dominolab.widgets import TriominoBoard


def _msg(w, **content):
    w._handle_custom_msg(content, [])


def _my_turn_board(seed=1):
    """A board where it is the human's turn to lay a tile on a non-empty table."""
    for s in range(seed, seed + 50):
        w = TriominoBoard(seed=s)
        if w.state.current == 0 and w.state.board and not w.can_draw and not w.can_pass:
            return w
    raise AssertionError("no seed gives the human a turn")


def test_bad_set_up_is_a_clear_error():
    with pytest.raises(DominoError, match="not 2"):
        TriominoBoard(players=2, bots=["greedy", "random"])
    with pytest.raises(DominoError, match="no triomino bot 'clever'"):
        TriominoBoard(bots=["clever"])
    with pytest.raises(DominoError, match="2 to 6 players, not 7"):
        TriominoBoard(players=7)
    with pytest.raises(DominoError, match="no triomino bot"):
        TriominoBoard(bots=[["greedy"]])
    for bad in ([1], "x", 1.5, True):
        with pytest.raises(DominoError, match="seed is a whole number"):
            TriominoBoard(seed=bad)


def test_the_hand_and_the_places_of_a_selected_tile():
    w = _my_turn_board()
    g = w.state
    assert len(w.hand) == len(g.hands[0]) and w.seats[0]["turn"]
    fits = {str(m.placement.tile) for m in g.legal_moves() if m.kind == "play"}
    for item in w.hand:
        assert item["label"].startswith(f"triomino {item['tile']}, worth ")
        assert (item["fits"] > 0) == (item["tile"] in fits)
    tile = next(item for item in w.hand if item["fits"])
    _msg(w, type="select", pos=tile["pos"])
    assert w.error == "" and w.hand[tile["pos"]]["selected"]
    assert len(w.options) == tile["fits"] == len(w.placements())
    for o, p in zip(w.options, w.placements()):
        pts, notes = g.score_of(p)
        assert o["points"] == pts
        way = "up" if points_up(p.cell) else "down"
        assert o["label"].startswith(f"place {'-'.join(map(str, p.numbers()))} pointing {way} ")
        assert f"at row {p.cell[0]}, column {p.cell[1]}, scores {p.tile.value}" in o["label"]
        assert all(n in o["label"] for n in notes)
    # each place is drawn on the table as a dashed outline named like its button
    assert w.svg.count('class="dl-target"') == len(w.options)
    for o in w.options:
        assert f'aria-label="{o["label"]}"' in w.svg


def test_a_tile_selected_by_its_text_and_one_not_held():
    w = _my_turn_board()
    held = w.state.hands[0][2]
    w.select(str(held))
    assert w.selected == held and w.error == ""
    not_held = next(t for t in w.state.tiles_in_play() if t not in w.state.hands[0])
    w.select(str(not_held))
    assert w.error == f"you do not hold {not_held}"
    assert w.selected == held                       # the selection is kept
    w.select("1-5-3")                              # a mirror tile: not in the set
    assert "1-5-3" in w.error and w.selected == held
    w.select(99)
    assert "no tile at position 99" in w.error and w.selected == held


def test_laying_a_tile_and_the_bots_reply():
    w = _my_turn_board()
    g = w.state
    tile = next(item for item in w.hand if item["fits"])
    w.select(tile["pos"])
    before = len(g.board)
    p = w.placements()[0]
    _msg(w, type="place", k=0)
    assert w.error == ""
    assert g.board.cells[p.cell].tile == p.tile
    assert p.tile not in g.hands[0]
    assert len(g.board) > before and check_invariants(g) == []
    assert w.log[1:] and any(str(p.tile) not in line for line in w.log)
    assert w.state.current == 0 or w.round_over   # the bots have answered
    assert w.selected is None and w.options == []


def test_refused_requests_change_nothing():
    w = _my_turn_board()
    g = w.state
    snapshot = (len(g.board), [list(h) for h in g.hands], list(g.scores))
    _msg(w, type="place", k=0)                       # nothing selected
    assert w.error == "select a tile of your hand first"
    tile = next(item for item in w.hand if item["fits"])
    w.select(tile["pos"])
    for bad in (len(w.options), -1, "0", None, True):
        _msg(w, type="place", k=bad)
        assert "no place" in w.error, bad
    _msg(w, type="draw")
    assert "cannot draw now" in w.error
    _msg(w, type="pass")
    assert "cannot pass now" in w.error
    _msg(w, type="next_round")
    assert w.error == "finish this round first"
    _msg(w, type="fly")
    assert w.error == "unknown request 'fly'"
    assert snapshot == (len(g.board), [list(h) for h in g.hands], list(g.scores))
    assert w.selected == g.hands[0][tile["pos"]]     # the selection survived every refusal


def test_play_by_cell_and_turn():
    w = _my_turn_board()
    g = w.state
    moves = [m.placement for m in g.legal_moves() if m.kind == "play"]
    p = moves[0]
    same = [q for q in moves if q.tile == p.tile and q.cell == p.cell]
    if len(same) > 1:
        w.play(str(p.tile), p.cell)
        assert "turned" in w.error and "give turn=" in w.error
    w.play(str(p.tile), p.cell, turn=p.turn)
    assert w.error == "" and g.board.cells[p.cell] == p
    w2 = _my_turn_board()
    far = (40, 40)
    w2.play(str(w2.state.hands[0][0]), far)
    assert "cannot go on (40, 40)" in w2.error
    w2.play(str(w2.state.hands[0][0]), "north")
    assert "a cell is (row, column)" in w2.error


def test_whole_rounds_by_hints_scores_add_up():
    w = TriominoBoard(seed=3, players=3)
    for _ in range(3):
        moves = 0
        while not w.round_over:
            w.hint()
            assert w.status.startswith("Hint: "), w.status
            if w.hinted >= 0:
                assert w.options[w.hinted]["hinted"]
                assert w.status == f"Hint: {w.options[w.hinted]['label']}."
            w.accept_hint()
            assert w.error == ""
            moves += 1
            assert moves < 300
        g = w.state
        assert check_invariants(g) == []
        assert w.result and w.status.endswith("Next round?")
        assert [s["score"] for s in w.seats] == w.match.scores
        assert [s["round"] for s in w.seats] == g.scores
        if w.match_over:
            break
        w.next_round()
        assert not w.round_over and len(w.match.rounds) >= 2
    # the log names every move of the round, the human's and the bots'
    assert all(re.match(r"^(You|P\d \(\w+\)|Blocked|Round)", line) for line in w.log)


def test_draw_and_pass_buttons_follow_the_rules():
    seen_draw = seen_pass = False
    for seed in range(40):
        w = TriominoBoard(seed=seed, bots=["random"])
        while not w.round_over and not (seen_draw and seen_pass):
            g = w.state
            kinds = {m.kind for m in g.legal_moves()} if g.current == 0 else set()
            assert w.can_draw == ("draw" in kinds) and w.can_pass == ("pass" in kinds)
            if w.can_draw:
                seen_draw = True
                n, score = len(g.hands[0]), g.scores[0]
                w.draw()
                assert len(g.hands[0]) == n + 1 and g.scores[0] == score - g.rules.draw_penalty
            elif w.can_pass:
                seen_pass = True
                score = g.scores[0]
                w.pass_turn()
                assert w.error == ""
            else:
                w.hint()
                w.accept_hint()
        if seen_draw and seen_pass:
            break
    assert seen_draw and seen_pass


def test_bonus_names_in_the_places():
    """Over whole games, every place whose move completes a hexagon or makes a bridge says
    so with its points, and the total adds up."""
    found = set()
    for seed in range(30):
        w = TriominoBoard(seed=seed)
        while not w.round_over:
            g = w.state
            if g.current == 0 and g.board:
                for k in range(len(g.hands[0])):
                    w.select(k)
                    for o, p in zip(w.options, w.placements()):
                        pts, notes = g.score_of(p)
                        for note in notes:
                            found.add(note)
                            bonus = (g.rules.bridge_bonus if note == "bridge"
                                     else g.rules.hexagon_bonus[
                                         ["hexagon", "double hexagon", "triple hexagon"].index(note)])
                            assert f"+ {bonus} {note}" in o["label"], o["label"]
                        if notes:
                            assert o["label"].endswith((f"= {pts}", f"= {pts}, and you go out"))
            w.hint()
            w.accept_hint()
        if {"bridge", "hexagon"} <= found:
            break
    assert {"bridge", "hexagon"} <= found


def test_the_lead_and_a_new_match():
    w = TriominoBoard(seed=0)
    g = w.state
    if g.leader == 0:
        assert w.guide.startswith("You lead")
        assert [h["fits"] for h in w.hand if h["tile"] == str(g.lead_tile)] == [1]
    else:
        assert len(g.board) >= 1
    # a match: play to 400 with hints; then next round starts a new match
    rounds = 0
    while not w.match_over:
        while not w.round_over:
            w.hint()
            w.accept_hint()
        rounds += 1
        assert rounds < 60
        if not w.match_over:
            w.next_round()
    assert "won the match" in w.status and max(w.match.scores) >= 400
    old = w.match
    w.next_round()
    assert w.match is not old and w.match.scores == [0, 0] and not w.round_over


def test_presentation_size_and_the_still():
    w = TriominoBoard(seed=2, size="large")
    assert w.scale == 2.0
    data, _ = w._repr_mimebundle_()
    assert "Run this cell to play" in data["text/html"]
    # the still is the table, or, while nothing is laid (you lead), your hand
    if w.state.board:
        assert "triomino table" in data["text/html"]
    else:
        assert data["text/html"].count('aria-label="triomino ') == len(w.hand)
    lead = next(TriominoBoard(seed=s) for s in range(20) if TriominoBoard(seed=s).state.board)
    assert "triomino table" in lead._repr_mimebundle_()[0]["text/html"]
    small = TriominoBoard(seed=2)
    assert len(w.hand[0]["svg"]) and w.hand[0]["svg"] != small.hand[0]["svg"]


def test_presentation_size_numbers_are_readable():
    """In the presentation size every corner number the board draws (hand and table) is
    26 px or more on screen: its font size times the picture's scale."""
    w = TriominoBoard(seed=2)
    w.hint()                                   # places drawn on the table too
    for size, least in (("large", 26), ("normal", 0)):
        w.set_size(size)
        pictures = [t["svg"] for t in w.hand] + [w.svg]
        seen = []
        for svg in pictures:
            width = float(re.search(r'width="([\d.]+)"', svg).group(1))
            box = float(re.search(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+)', svg).group(1))
            seen += [float(f) * width / box
                     for f in re.findall(r'class="corner"[^>]*font-size="([\d.]+)"', svg)]
        assert seen and min(seen) >= least, (size, min(seen))


def test_the_board_in_russian():
    w = TriominoBoard(seed=5, lang="ru")
    assert w.status == "Ваш ход." and w.seats[0]["name"] == "Вы"
    assert w.words["Draw"] == "На базар" and w.words["pass (minus {n})"] == "пас (минус 10)"
    w.select(next(h["pos"] for h in w.hand if h["fits"]))
    o = w.options[0]
    assert o["label"].startswith("положить ") and "вершиной" in o["label"]
    assert f'aria-label="{o["label"]}"' in w.svg
    w.select("1-5-3")
    assert "1-5-3" in w.error
    w.place(99)
    assert w.error.startswith("нет места 99")
    while not w.round_over:
        w.hint()
        assert w.status.startswith("Подсказка: "), w.status
        w.accept_hint()
    assert w.status == "Кон окончен. Следующий?"
    assert all("за кон" in line for line in w.result[1:])
    # the same board in English meanwhile: the language is the board's own
    e = TriominoBoard(seed=5)
    assert e.status == "Your turn." and "Draw" not in e.words
    assert e.words["pass (minus {n})"] == "pass (minus 10)"
