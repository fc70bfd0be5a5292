"""The game board widget, driven only through its model messages (no browser).

Every variant of the engine is played to the end of a match by a "human"
who clicks tiles, ends, Draw, Pass and Next round exactly as the browser
would; rejected clicks, clicks out of turn and bad records must leave the game
untouched.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab import DominoSet, Tile, games
from dominolab.games import Match, Record, new_round
from dominolab.games.moves import Move
from dominolab.games.simulate import check_invariants
from dominolab.games.spinner import fives_by_player, fives_log
from dominolab.games.variants import SPINNER_VARIANTS
from dominolab.widgets._base import STATIC
from dominolab.widgets.game_board import GameBoard
from dominolab.widgets.game_text import move_label as _move_label


def send(w, **msg):
    w._handle_custom_msg(msg, [])


def snapshot(w):
    """Everything that makes up the game in progress (the view minus its counter)."""
    view = {k: v for k, v in w.view.items() if k != "tick"}
    return (w.state.key(), [str(m) for m in w.state.history],
            list(w.match.scores) if w.match else None, json.dumps(view, sort_keys=True))


def human_turn(w, rng_pick=0):
    """Make one legal move for the human by clicking, as a player would."""
    v = w.view
    if v["can_draw"]:
        send(w, type="draw")
        return
    if v["can_pass"]:
        send(w, type="pass")
        return
    playable = [t for t in v["hand"] if t["playable"]]
    assert playable, f"the human has no move but no Draw/Pass either: {w.state}"
    tile = playable[rng_pick % len(playable)]["tile"]
    send(w, type="tile", tile=tile)
    v = w.view
    if v["choices"]:
        assert not w.error and v["pending"] == tile.replace("-", ":")
        choice = v["choices"][rng_pick % len(v["choices"])]
        if choice["end"] in ("L", "R"):
            send(w, type="end", end=choice["end"])
        else:
            send(w, type="play", move=choice["move"])


@pytest.mark.parametrize("variant", sorted(games.VARIANTS))
def test_every_variant_plays_a_whole_match_through_the_model(variant):
    w = GameBoard(variant, human=0, seed=11, delay=0)
    rounds = 0
    for step in range(20_000):
        v = w.view
        if v["round_over"]:
            panel = v["panel"]
            assert panel["headline"] and panel["rows"]
            rounds += 1
            if panel["match_over"]:
                break
            assert panel["can_next"]
            send(w, type="next_round")
            assert not w.error, w.error
            continue
        assert not v["bot_pending"]                 # delay 0: bots have already moved
        if not v["my_turn"]:
            # the human was eliminated (Semyorka): the bots finish the round
            assert not v["human"]
            assert w.autoplay("round_end")
            continue
        before = len(w.state.history)
        human_turn(w, step)
        assert not w.error, w.error
        assert len(w.state.history) > before or w.state.is_over()
    else:
        pytest.fail("the match did not end")
    m = w.match
    assert m.is_over() and rounds == len(m.results) >= 1
    assert [r["score"] for r in w.view["scores"]["rows"]] == m.scores
    # every round of the match replays exactly from its record (independent check)
    for rec, res in zip(m.records, m.results):
        again = games.replay(rec.to_json())
        assert again.result().team_points == res.team_points
    # the scores are the recorded rounds' points, with the variant's carry-over rules:
    # replaying the same deals in a fresh Match with the same moves gives the same score
    assert "match is over" in w.view["panel"]["standings"] or m.is_over()
    send(w, type="next_round")                          # the match is over: refused, kept
    assert "match is over" in w.error
    send(w, type="new_match")
    assert not w.error and not w.match.is_over() and w.match.results == []


def test_illegal_click_shows_the_engine_reason_and_changes_nothing():
    w = GameBoard("classic", players=2, human=0, seed=3, delay=0)
    before = snapshot(w)
    send(w, type="tile", tile="0-0")
    assert w.error == "P1 0:0: the opening rule says the lead is 1:1"
    assert snapshot(w) == before
    send(w, type="tile", tile="6-6")                     # not in the hand
    assert w.error == "P1 6:6: P1 does not hold 6:6"
    send(w, type="tile", tile="x-y")                     # garbage from the browser
    assert "x-y" in w.error or "cannot read" in w.error
    send(w, type="draw")                                 # the engine: may not draw
    assert "may not draw" in w.error
    send(w, type="pass")
    assert "may not pass" in w.error
    send(w, type="end", end="L")                         # no tile chosen
    assert "click a tile first" in w.error
    send(w, type="frobnicate")
    assert w.error == "unknown request 'frobnicate'"
    assert snapshot(w)[:3] == before[:3]
    send(w, type="tile", tile="1-1")                     # now a legal lead
    assert not w.error and w.view["log"][0] == "P1 1:1"


def test_malformed_requests_are_reported_and_change_nothing():
    """A request is untrusted input: fields of the wrong type, unknown or missing types,
    messages that are not objects — each is named in the error line, and the game (the
    position, the history, the score and the view) is as it was."""
    w = GameBoard("classic", players=2, human=0, seed=3, delay=0)
    send(w, type="tile", tile="1-1")
    before = snapshot(w)
    for msg, words in [({"type": "tile", "tile": [1, 2, 3]}, "expected one tile"),
                       ({"type": "tile", "tile": {"a": 1}}, "expected one tile"),
                       ({"type": "tile", "tile": [1.5, 2]}, "whole numbers"),
                       ({"type": "tile", "tile": "1-6", "end": 7}, "an end is a letter"),
                       ({"type": "end", "end": ["L"]}, "choose an end"),
                       ({"type": "play", "move": {"move": "P1 1:6>L"}}, "choose an end"),
                       ({"type": "play", "move": "P1 9:9>Q"}, "9:9"),
                       ({"type": "load", "text": 12}, "could not load the record"),
                       ({"type": "load", "text": ["x"]}, "could not load the record"),
                       ({"type": "shuffle"}, "unknown request 'shuffle'"),
                       ({"type": ["tile"]}, "unknown request ['tile']"),
                       ({"tile": "1-6"}, "unknown request None"),
                       (["tile", "1-6"], "a request is an object with a 'type'"),
                       ("tile", "a request is an object with a 'type'")]:
        w._handle_custom_msg(msg, [])
        assert words in w.error, (msg, w.error)
        assert snapshot(w) == before, msg
    tile = next(t for t in w.view["hand"] if t["playable"])["tile"]
    send(w, type="tile", tile=tile)
    assert not w.error and len(w.state.history) > len(before[1])


def test_a_stale_bot_step_keeps_the_error_the_user_has_not_read():
    w = GameBoard("kozel", human=3, seed=5, delay=0.4)   # a bot leads
    send(w, type="tile", tile=w.view["hand"][0]["tile"])
    assert "not yours" in w.error
    send(w, type="bot_step", tick=w.view["tick"] - 1)    # sent before the redraw: ignored
    assert "not yours" in w.error and w.state.history == []


def test_without_fork_the_analysis_runs_in_the_kernel_with_a_bound(monkeypatch):
    """In a browser kernel (Pyodide) nothing forks: the hint is worked out in the kernel
    itself, and a search that would not end is stopped by its call budget."""
    from dominolab.widgets import _timeout

    monkeypatch.setattr(_timeout, "can_fork", lambda: False)

    class FakeSampler:
        def __init__(self, seed=0):
            self.seed = seed

        def choose(self, state):
            return list(state.legal_moves())[0]

    monkeypatch.setattr(GameBoard, "_hint_bot", FakeSampler)
    w = GameBoard("sport", human=0, seed=1, delay=0, open=True)
    while not w.view["my_turn"]:
        w.bot_step()
    send(w, type="hint")
    assert w.analysis.startswith(f"Hint: play {list(w.state.legal_moves())[0].body()}")

    def endless(state):                        # Python work that never finishes
        step = lambda: None  # noqa: E731
        while True:
            step()

    monkeypatch.setattr(GameBoard, "_solve", staticmethod(endless))
    w.analysis_calls = 20_000
    before = snapshot(w)
    send(w, type="value")
    assert w.analysis == ("analysis not available: the search needs more than 20,000 steps "
                          "here (fewer tiles later in the round make it fast)")
    assert snapshot(w)[:3] == before[:3] and not w.error


def test_click_out_of_turn_is_refused_and_bots_step_on_request():
    w = GameBoard("kozel", human=3, seed=5, delay=0.4)   # P1 holds 1:1 and leads: a bot
    v = w.view
    assert v["bot_pending"] and not v["my_turn"] and v["delay_ms"] == 400
    before = snapshot(w)
    tile = v["hand"][0]["tile"]
    send(w, type="tile", tile=tile)
    assert re.match(r"it is P\d \(heuristic bot\)'s turn, not yours \(P4\)", w.error)
    assert snapshot(w)[:3] == before[:3]
    send(w, type="bot_step", tick=v["tick"] - 1)         # a stale request: ignored
    assert w.state.history == []
    send(w, type="bot_step", tick=w.view["tick"])        # one bot move, no more
    assert len(w.state.history) == 1
    while w.view["bot_pending"]:
        send(w, type="bot_step", tick=w.view["tick"])
    assert w.view["my_turn"] or w.view["round_over"]


def test_a_tile_that_fits_both_ends_offers_both_and_keys_pick_one():
    g = new_round("classic", hands=["1:1 1:5 2:3", "0:6 4:6 5:5"], boneyard=[])
    w = GameBoard.from_state(g, human=0, delay=0)
    send(w, type="tile", tile="1-1")                     # P2 cannot play and passes
    assert w.view["log"] == ["P1 1:1", "P2 pass"]
    send(w, type="tile", tile="1-5")
    v = w.view
    assert [c["label"] for c in v["choices"]] == ["left end", "right end"]
    assert v["pending"] == "1:5" and [t["tile"] for t in v["hand"] if t["pending"]] == ["1-5"]
    send(w, type="cancel")
    assert w.view["choices"] == [] and len(w.state.history) == 2
    send(w, type="tile", tile="1-5")
    send(w, type="end", end="R")
    assert w.view["log"][2] == "P1 1:5>R" and w.view["choices"] == []
    assert w.view["ends_text"] == "Open ends: 1 (left end), 5 (right end)"


def test_keyboard_end_with_the_tile():
    g = new_round("classic", hands=["1:1 1:5 1:2", "0:6 4:6 5:5"], boneyard=[])
    w = GameBoard.from_state(g, human=0, delay=0)
    send(w, type="tile", tile="1-1", end="R")            # a lead: the key just plays it
    assert not w.error                                   # (P2 cannot play and passes)
    send(w, type="tile", tile="1-2", end="L")            # the L key on a focused tile
    assert w.view["log"] == ["P1 1:1", "P2 pass", "P1 1:2>L", "P2 pass"]
    send(w, type="tile", tile="1-5", end="L")            # the left end shows 2 now
    assert w.error == "P1 1:5>L: 1:5 does not match the L end (open ends L=2, R=1)"
    assert len(w.state.history) == 4


def test_morskoy_two_doubles_choice():
    # P1 leads 2:5; P2 holds 2:2 and 5:5 and may put both down at once
    g = new_round("morskoy_kozel", hands=["2:5 0:1 0:3", "2:2 5:5 3:4", "1:1 1:2 1:3",
                                         "0:4 0:5 0:6"], boneyard=[], leader=0)
    w = GameBoard.from_state(g, human=1, bots="greedy", delay=0)
    assert w.view["log"] == ["P1 2:5"] and w.view["my_turn"]
    send(w, type="tile", tile="2-2")
    labels = [c["label"] for c in w.view["choices"]]
    assert labels == ["left end", "2:2 at the left end + 5:5 at the right end"]
    move = w.view["choices"][1]["move"]
    send(w, type="play", move=move)
    assert not w.error and w.state.history[1].body() == "2:2>L+5:5>R"


def test_bad_records_show_the_error_and_keep_the_game():
    w = GameBoard("kozel", human=0, seed=4, delay=0, open=True)
    human_turn(w)
    good = w.save()
    before = snapshot(w)
    bad_inputs = [
        "{not json",                                        # broken JSON
        json.dumps({"variant": "kozel"}),                   # missing fields
        json.dumps({**json.loads(good), "moves": ["P1 6:6>R"]}),   # illegal move
        json.dumps({**json.loads(good), "hands": 7}),       # wrong type
        json.dumps({**json.loads(good), "variant": "chess"}),
        "",
    ]
    for text in bad_inputs:
        send(w, type="load", text=text)
        assert w.error.startswith("could not load the record"), (text, w.error)
        assert snapshot(w)[:3] == before[:3]
    send(w, type="load", text=good)                          # a good record loads
    assert not w.error and w.match is None
    assert [str(m) for m in w.state.history] == before[1]
    assert w.view["scores"]["rows"] == []


def test_save_sends_the_record_to_the_browser():
    w = GameBoard("sport", human=0, seed=2, delay=0)
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    send(w, type="save")
    assert sent and sent[0]["type"] == "record" and sent[0]["name"] == "sport-round-1.json"
    rec = Record.parse(sent[0]["text"])
    assert rec.moves == [str(m) for m in w.state.history]
    assert w.status.startswith("Saved the round")


def test_undo_in_open_mode_takes_back_the_human_move_and_the_round_end():
    w = GameBoard("kozel", human=0, seed=9, delay=0)
    send(w, type="undo")
    assert "teaching mode" in w.error
    w = GameBoard("kozel", human=0, seed=9, delay=0, open=True)
    assert all(s["face_up"] for s in w.view["seats"])
    first = [str(m) for m in w.state.history]
    human_turn(w)
    assert len(w.state.history) > len(first)
    send(w, type="undo")
    assert not w.error and [str(m) for m in w.state.history] == first
    assert w.view["my_turn"]
    # play the round out, then undo after the match recorded it
    while not w.view["round_over"]:
        human_turn(w)
    scores = list(w.match.scores)
    results = len(w.match.results)
    assert results == 1
    send(w, type="undo")
    assert not w.error and not w.view["round_over"] and len(w.match.results) == 0
    assert w.match.scores == [0] * len(scores)
    while not w.view["round_over"]:
        human_turn(w)
    assert len(w.match.results) == 1


def test_autoplay_all_bots_and_a_human_seat():
    w = GameBoard("semyorka", human=None, seed=1, delay=0.4)
    assert w.view["bot_pending"] and not w.view["human"]
    assert w.autoplay("round_end") and w.view["round_over"]
    assert w.autoplay("match_end") and w.match.is_over()
    h = GameBoard("sport", human=2, seed=3, delay=0.4)
    assert h.autoplay("round_end") is False and h.view["my_turn"]
    with pytest.raises(Exception, match="round_end"):
        h.autoplay("forever")


def test_from_record_replays_and_continues():
    m = Match("classic", players=2, seed=4)
    st = m.new_round()
    for _ in range(3):
        st.play(st.legal_moves()[0])
    w = GameBoard.from_record(Record.from_state(st).to_text(), human=st.current_player, delay=0)
    assert w.view["log"] == [str(x) for x in st.history] and w.view["my_turn"]
    assert w.autoplay("match_end") is False                 # the human must move


def test_why_blocked_and_value_needs_open_hands():
    g = new_round("classic", hands=["1:1 0:0", "2:2 3:3"], boneyard=[])
    w = GameBoard.from_state(g, human=0, delay=0)
    send(w, type="tile", tile="1-1")
    v = w.view
    assert v["round_over"] and v["panel"]["headline"].startswith("The round is blocked")
    send(w, type="why_blocked")
    assert w.analysis.startswith("Blocked: the open ends show 1;")
    closed = GameBoard("kozel", human=0, seed=3, delay=0)
    send(closed, type="value")
    assert "open=True" in closed.error


def test_round_panel_explains_the_scoring():
    w = GameBoard("kozel", human=None, seed=6, delay=0)
    assert w.autoplay("round_end")
    p = w.view["panel"]
    res = w.state.result()
    assert p["rows"][0]["points"] == res.points[0] and p["kind"] == "penalty"
    assert res.reason in p["lines"]
    assert sum(r["value"] for r in p["rows"]) == sum(res.pips)
    assert "Kozel" in p["standings"]


def test_wrong_arguments_are_errors():
    with pytest.raises(Exception, match="players"):
        GameBoard("sport", players=3)
    with pytest.raises(Exception, match="seat"):
        GameBoard("sport", human=4)
    with pytest.raises(Exception, match="bots"):
        GameBoard("sport", bots=["greedy", "random"])


# -- colours -------------------------------------------------------------------------

def _lum(hex_colour):
    h = hex_colour.lstrip("#")
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_is_wcag_aa():
    """Every text colour in game_board.css against its own background (or every light
    background of the board when the rule sets none) is at least 4.5:1 (WCAG 2 AA)."""
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0        # the WCAG anchor
    css = (STATIC / "game_board.css").read_text()
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", css)
    grounds = set()
    for _, body in rules:
        m = re.search(r"background:\s*(#[0-9a-fA-F]{6})", body)
        if m and _lum(m.group(1)) > 0.5:
            grounds.add(m.group(1))
    checked = 0
    for sel, body in rules:
        fg = re.search(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6})", body)
        if not fg:
            continue
        bg = re.search(r"background:\s*(#[0-9a-fA-F]{6})", body)
        for ground in ([bg.group(1)] if bg else sorted(grounds)):
            assert contrast(fg.group(1), ground) >= 4.5, (sel.strip(), fg.group(1), ground)
            checked += 1
    assert checked > 20


def test_show_value_and_hint_use_the_solver_when_it_is_installed():
    solver = pytest.importorskip("dominolab.games.solver")
    g = new_round("sport", hands=["1:2 3:3", "2:4 0:1", "0:0 5:6", "4:4 1:3"], leader=0)
    w = GameBoard.from_state(g, human=0, delay=0, open=True)
    send(w, type="value")
    expected = solver.solve(g)
    assert w.analysis.startswith(f"Double-dummy value {expected.value:+d} for P1 & P3")
    assert w.analysis.endswith("best: " + ", ".join(m.body() for m in expected.best_moves))
    assert [str(m) for m in w.state.history] == []            # analysis changes nothing


def test_a_slow_analysis_is_given_up_and_the_game_goes_on(monkeypatch):
    def slow(state):
        import time
        time.sleep(30)

    monkeypatch.setattr(GameBoard, "_solve", staticmethod(slow))
    monkeypatch.setattr(GameBoard, "_hint_bot", None)
    w = GameBoard("sport", human=0, seed=1, delay=0, open=True)
    w.analysis_timeout = 0.5
    before = snapshot(w)
    send(w, type="value")
    assert w.analysis.startswith("analysis not available: the search needs more than 0.5 s")
    assert snapshot(w)[:3] == before[:3]


def test_choosing_instant_bots_in_the_browser_lets_them_move_at_once():
    w = GameBoard("kozel", human=3, seed=5, delay=0.4)
    assert w.view["bot_pending"] and w.state.history == []
    w.delay = 0                                   # what the "bot speed" menu sets
    assert not w.view["bot_pending"] and w.view["my_turn"] and w.view["delay_ms"] == 0


#: a variant, a deal and a sequence of clicks, legal or not
CLICKS = dict(variant=st.sampled_from(sorted(games.VARIANTS)), seed=st.integers(0, 10 ** 6),
              actions=st.lists(st.tuples(st.sampled_from(["tile", "tile_end", "end", "draw",
                                                          "pass", "undo", "cancel", "choice",
                                                          "next"]),
                                         st.integers(0, 200)), max_size=40))


@settings(max_examples=15, deadline=None)
@given(**CLICKS)
def test_random_clicks_never_corrupt_the_game(variant, seed, actions):
    """Any sequence of clicks, legal or not: a refused click changes nothing, an accepted
    one leaves a sound position that its own record replays exactly."""
    _random_clicks_never_corrupt_the_game(variant, seed, actions)


@pytest.mark.sweep
@settings(max_examples=40, deadline=None)
@given(**CLICKS)
def test_random_clicks_never_corrupt_the_game_more(variant, seed, actions):
    """The check above on 40 click sequences (make sweeps; make test draws 15)."""
    _random_clicks_never_corrupt_the_game(variant, seed, actions)


def _random_clicks_never_corrupt_the_game(variant, seed, actions):
    w = GameBoard(variant, human=0, seed=seed, delay=0, open=True)
    size = len(DominoSet(w.rules.set_max).tiles)
    for kind, k in actions:
        before = (w.state.key(), [str(m) for m in w.state.history], w.state)
        t = DominoSet(w.rules.set_max).tiles[k % size]
        label = f"{t.low}-{t.high}"
        if kind == "tile":
            send(w, type="tile", tile=label)
        elif kind == "tile_end":
            send(w, type="tile", tile=label, end="LR"[k % 2])
        elif kind == "end":
            send(w, type="end", end="LRM"[k % 3])
        elif kind == "choice":
            ch = w.view["choices"]
            send(w, type="play", move=ch[k % len(ch)]["move"] if ch else "P1 9:9>R")
        elif kind == "next":
            send(w, type="next_round")
        else:
            send(w, type=kind)
        if w.error:
            assert (w.state.key(), [str(m) for m in w.state.history], w.state) == before, \
                (kind, w.error)
        assert check_invariants(w.state) == []
        again = games.replay(w.save())
        assert again.key() == w.state.key()
        assert [str(m) for m in again.history] == w.view["log"]


def test_hint_asks_the_sampling_bot_when_there_is_one(monkeypatch):
    class FakeSampler:
        def __init__(self, seed=0):
            self.seed = seed

        def choose(self, state):
            return list(state.legal_moves())[-1]

    monkeypatch.setattr(GameBoard, "_hint_bot", FakeSampler)
    w = GameBoard("sport", human=0, seed=1, delay=0)
    while not w.view["my_turn"]:
        w.bot_step()
    expected = list(w.state.legal_moves())[-1].body()
    before = snapshot(w)
    send(w, type="hint")
    assert w.analysis.startswith(f"Hint: play {expected} (the sampling bot's choice")
    assert snapshot(w)[:3] == before[:3]                        # nothing was played


# -- the four-direction games (issue 9): arms, closing, multi-double plays, fives --------------

ARM_WORDS = re.compile(r"^(west|east|north|south) arm( and close it|, laid lengthwise)?( — \d:\d becomes the "
                       r"(spinner|house|base))?$")
MULTI_WORDS = re.compile(r"^\d:\d on (west|east|north|south)( \((open|closed)\))?"
                         r"((, | and )\d:\d on (west|east|north|south)( \((open|closed)\))?)+"
                         r"(, (both|all) (open|closed))?( — \d:\d becomes the "
                         r"(spinner|house|base))?$")


def _cross_turn(w, step, seen):
    """One human turn on a cross, by the messages the browser sends: a tile click, then an
    arm — by its button, or by the W/E/N/S key (with "!" for Shift: close the double)."""
    v = w.view
    if v["can_draw"] or v["can_pass"]:
        send(w, type="draw" if v["can_draw"] else "pass")
        return
    playable = [t for t in v["hand"] if t["playable"]]
    tile = playable[step % len(playable)]["tile"]
    send(w, type="tile", tile=tile)
    ch = w.view["choices"]
    if not ch:
        return
    labels = [c["label"] for c in ch]
    for c in ch:                                  # every way is described in words
        assert ARM_WORDS.match(c["label"]) or MULTI_WORDS.match(c["label"]), c["label"]
        seen.add("closing" if "clos" in c["label"] else
                 "multi" if c["end"] is None else "arm")
    assert len(set(labels)) == len(labels), labels
    # prefer the rarer kinds of move now and then, so that a match exercises them all
    closing = [c for c in ch if c["end"] and c["end"].endswith("!")]
    multi = [c for c in ch if c["end"] is None]
    if closing and step % 3 == 0:
        send(w, type="end", end=closing[0]["end"])        # Shift+letter
        seen.add("closed one")
    elif multi and step % 2 == 0:
        send(w, type="play", move=multi[step % len(multi)]["move"])
        seen.add("played multi")
    else:
        c = ch[step % len(ch)]
        send(w, **({"type": "end", "end": c["end"]} if c["end"] else
                   {"type": "play", "move": c["move"]}))


@pytest.mark.parametrize("variant", sorted(SPINNER_VARIANTS))
def test_cross_games_play_whole_matches_through_the_model(variant):
    """A whole match of each four-direction game, the human choosing arms (and closing
    doubles, and laying several doubles at once where the game allows) by messages."""
    seen: set[str] = set()
    rules = SPINNER_VARIANTS[variant]
    wanted = {"arm"} | ({"closed one"} if rules.opt("closing") != "none" else set()) | (
        {"multi", "played multi"} if rules.opt("multi_doubles") else set())
    for seed in range(11, 60):
        if seed >= 14 and wanted <= seen:
            break                  # three whole matches, and every kind of choice was made
        w = GameBoard(variant, human=0, seed=seed, delay=0)
        assert w.view["cross"] and w.rules.name == variant
        rounds = 0
        for step in range(5_000):
            v = w.view
            if v["round_over"]:
                rounds += 1
                res = w.state.result()
                if w.rules.opt("fives"):
                    # the fives shown in the panel are the engine's, per side
                    fives = fives_by_player(w.state)
                    want = [f"{w._names().team(t)} {sum(fives[p] for p in t)}"
                            for t in w.state.teams]
                    line = [x for x in v["panel"]["lines"]
                            if x.startswith("Fives scored during the round: ")]
                    shown = [re.sub(r" \(\d+ scoring plays?\)$", "", part) for part in
                             line[0].split(": ", 1)[1].split(", ")]
                    assert shown == want, (line, want)
                assert res.reason in v["panel"]["lines"]
                if v["panel"]["match_over"]:
                    break
                send(w, type="next_round")
                assert not w.error, w.error
                continue
            assert v["my_turn"], v["turn_text"]
            before = len(w.state.history)
            _cross_turn(w, step, seen)
            assert not w.error, w.error
            assert len(w.state.history) > before or w.state.is_over()
            assert check_invariants(w.state) == []
        else:
            pytest.fail("the match did not end")
        assert w.match.is_over() and rounds == len(w.match.results)
        assert [r["score"] for r in w.view["scores"]["rows"]] == w.match.scores
        for rec, res in zip(w.match.records, w.match.results):
            assert games.replay(rec.to_json()).result().team_points == res.team_points
    assert wanted <= seen, (wanted, seen)
    if not rules.opt("multi_doubles"):
        assert "multi" not in seen                  # Muggins: one tile per turn


def test_choice_labels_name_the_arms_in_words():
    # P1 led 3:5; P2 holds 3:3 and 5:5: single, closed and double plays (Osyol closes)
    g = new_round("osyol", hands=["3:5 1:2 6:6", "3:3 5:5 0:1", "2:4 0:6"],
                  boneyard="0:2 0:3", leader=0)
    g.play("3:5")
    w = GameBoard.from_state(g, human=1, bots="greedy", delay=0)
    send(w, type="tile", tile="3-3")
    v = w.view
    assert v["pending"] == "3:3"
    by_move = {c["move"]: c["label"] for c in v["choices"]}
    assert by_move == {
        "P2 3:3>W": "west arm — 3:3 becomes the spinner",
        "P2 3:3>W!": "west arm and close it",
        "P2 3:3>W+5:5>E": "3:3 on west and 5:5 on east, both open — 3:3 becomes the spinner",
        "P2 3:3>W+5:5>E!": "3:3 on west (open) and 5:5 on east (closed) — 3:3 becomes the "
                           "spinner",
        "P2 3:3>W!+5:5>E": "3:3 on west (closed) and 5:5 on east (open) — 5:5 becomes the "
                           "spinner",
        "P2 3:3>W!+5:5>E!": "3:3 on west and 5:5 on east, both closed",
        "P2 5:5>E+3:3>W": "5:5 on east and 3:3 on west, both open — 5:5 becomes the spinner",
    }
    assert set(by_move) == {str(m) for m in g.legal_moves() if Tile(3, 3) in m.tiles}
    assert v["ends_text"].startswith("Open arms: west 3, east 5 (no spinner yet")
    # the words in the other games: Telefon's house, Chechevé's base
    assert _move_label(Move.parse("2:2>W"), new_round(
        "telefon", hands=["2:3", "2:2"], leader=0).layout, SPINNER_VARIANTS["telefon"]) == \
        "west arm"                                   # an empty table: no note


def test_closing_a_double_through_the_model_and_the_shift_key():
    g = new_round("osyol", hands=["3:5 1:2 6:6", "3:3 5:5 0:1", "2:4 0:6"],
                  boneyard="0:2 0:3", leader=0)
    g.play("3:5")
    w = GameBoard.from_state(g, human=1, bots="greedy", delay=0)
    send(w, type="tile", tile="3-3")
    send(w, type="end", end="W!")                   # the "west arm and close it" choice
    assert not w.error
    assert w.state.history[1].body() == "3:3>W!" and w.state.layout.closed_ends() == ["W"]
    assert w.status.startswith("You played 3:3>W! (3:3 on the west arm, closed).")
    assert "closed: west" in w.view["ends_text"]
    svg = w.view["table_svg"]
    assert svg.count('aria-label="face-down domino"') == 1 and "closed: W" in svg
    # the Shift+letter key on a focused tile: the tile and the closed arm at once
    g2 = new_round("osyol", hands=["3:5 1:2", "5:5 0:1 1:1", "2:4 0:6"], boneyard="0:2 0:3",
                   leader=0)
    g2.play("3:5")
    w2 = GameBoard.from_state(g2, human=1, bots="greedy", delay=0)
    send(w2, type="tile", tile="5-5", end="e!")
    assert not w2.error and w2.state.history[1].body() == "5:5>E!"
    assert w2.state.layout.spinner is None          # a closed double is never the spinner
    # a closing key where closing is not allowed: the rule, and nothing changes
    g3 = new_round("muggins", hands=["3:5 1:2", "5:5 0:1"], boneyard="0:2 0:3", leader=0)
    g3.play("3:5")
    w3 = GameBoard.from_state(g3, human=1, delay=0)
    before = snapshot(w3)
    send(w3, type="tile", tile="5-5", end="E!")
    assert w3.error == "P2 5:5>E!: Muggins (all fives) has no closing of doubles"
    assert snapshot(w3)[:3] == before[:3]
    # Chechevé: the base (the first open double) cannot be closed
    g4 = new_round("checheve", hands=["3:5 1:2", "5:5 0:1", "2:4 0:6"], boneyard=[], leader=0)
    g4.play("3:5")
    w4 = GameBoard.from_state(g4, human=1, delay=0)
    send(w4, type="tile", tile="5-5", end="E!")
    assert "the first double (the base) cannot be closed" in w4.error
    assert len(w4.state.history) == 1


@pytest.mark.parametrize("variant, move, rule", [
    ("osyol", "3:3>W+5:5>W", "one double per side: the W arm is used twice"),
    ("osyol", "3:3>N+5:5>E", ("the N arm is not open at the start of the turn (open: W, E); "
                              "one double per open side")),
    ("osyol", "5:5>E+0:1>W", "P2 does not hold 0:1"),
    ("telefon", "3:3>W+5:5>E!", "Telefon (houses, five-five) has no closing of doubles"),
    ("muggins", "3:3>W+5:5>E", ("Muggins (all fives): one tile per turn (several doubles at "
                                "once are not allowed)")),
    ("osyol", "3:3>W+3:4>E", "P2 does not hold 3:4"),
])
def test_illegal_multi_double_play_shows_the_rule_and_keeps_the_game(variant, move, rule):
    g = new_round(variant, hands=["3:5 1:2 6:6", "3:3 5:5 0:2", "2:4 0:6 1:4"],
                  boneyard="0:3 0:4", leader=0)
    g.play("3:5")
    w = GameBoard.from_state(g, human=1, delay=0)
    pending = ""
    if w.rules.opt("multi_doubles"):                # 3:3 goes several ways: a pending choice,
        send(w, type="tile", tile="3-3")            # which a refused play keeps
        pending = "3:3"
    before = snapshot(w)
    send(w, type="play", move=move)
    assert w.error == f"P2 {move}: {rule}"
    assert snapshot(w) == before and w.view["pending"] == pending
    send(w, type="cancel")
    assert w.view["choices"] == [] and len(w.state.history) == 1


def test_a_single_double_on_several_arms_rules_named():
    # only doubles go several at once: a double plus a plain tile is refused with the rule
    g = new_round("telefon", hands=["3:5 1:2", "3:3 5:6 0:1"], boneyard=[], leader=0)
    g.play("3:5")
    w = GameBoard.from_state(g, human=1, delay=0)
    send(w, type="play", move="3:3>W+5:6>E")
    assert w.error == ("P2 3:3>W+5:6>E: only doubles may be played several at once, one per "
                       "open side; 5:6 is not a double")
    send(w, type="tile", tile="0-1", end="N")       # the N arm before any double
    assert w.error == ("P2 0:1>N: the N arm does not exist yet: no double has been played "
                       "open (no spinner)")
    assert len(w.state.history) == 1


def test_fives_are_shown_in_the_log_and_the_score_area():
    # The source's Telefon example (docs/rules.md, "Telefon"; the article on five variants): 3:2 scores 5, then
    # 2:2 and 3:3 at once 10, 2:4 on the house 10, 3:1 on 3:3 5.
    g = new_round("telefon", hands=["2:3 2:4 0:0", "2:2 3:3 1:3"], boneyard=[], leader=0)
    w = GameBoard.from_state(g, human=0, bots="greedy", delay=0.4)
    statuses = []
    for who, move in [(0, "2:3"), (1, "2:2>W+3:3>E"), (0, "2:4>W"), (1, "1:3>E")]:
        if who == 0:
            send(w, type="play", move=move)
        else:                                       # the bot's move, forced here
            w.state.play(move)
            w._refresh()
        assert not w.error, w.error
        statuses.append(w.status)
    v = w.view
    assert v["log_notes"] == ["ends 5: +5", "ends 10: +10", "ends 10: +10", "ends 5: +5"]
    assert v["fives"]["rows"] == [{"team": "You", "points": 15, "plays": 2},
                                  {"team": "P2", "points": 15, "plays": 2}]
    assert v["fives"]["text"] == ("Fives this round: You 15 (2 scoring plays), "
                                  "P2 15 (2 scoring plays)")
    assert statuses[0] == "You played 2:3; the open ends add up to 5: +5."
    assert statuses[2].startswith("You played 2:4>W (2:4 on the west arm); "
                                  "the open ends add up to 10: +10.")
    assert "The ends add up to 5 (a multiple of 5)" in v["ends_text"]
    # the same notes as the engine's own record of the fives (recomputed independently)
    assert [(ply, f"ends {s}: +{p}") for ply, _, s, p in fives_log(w.state)] == \
        [(k, n) for k, n in enumerate(v["log_notes"]) if n]
    # games without fives show none
    k = GameBoard("osyol", human=0, seed=1, delay=0)
    assert k.view["fives"] is None and k.view["log_notes"] == []


def test_bot_moves_on_a_cross_are_described_and_fives_counted():
    w = GameBoard("muggins", human=0, seed=5, delay=0.4)
    for _ in range(200):
        if w.view["round_over"]:
            break
        if w.view["my_turn"]:
            human_turn(w, 1)
            continue
        before = w.state.layout.copy()
        assert w.bot_step(w.view["tick"])
        m = w.state.history[-1]
        if m.kind == "play":
            assert w.status.startswith(f"P2 (heuristic bot) played {m.body()}")
            if not before.is_empty():
                assert f"({m.tile} on the " in w.status
            scored = [n for n in w.view["log_notes"][-1:] if n]
            assert ("the open ends add up to" in w.status) == bool(scored)
    assert w.view["round_over"]
    res = w.state.result()
    fives = fives_by_player(w.state)
    assert w.view["fives"]["rows"][0]["points"] == fives[0]
    assert sum(r["points"] for r in w.view["fives"]["rows"]) == sum(fives) <= sum(
        res.team_points)


def test_cross_drawing_in_the_view_follows_the_table():
    w = GameBoard("checheve", human=None, seed=46, delay=0)
    assert w.autoplay("round_end")
    from dominolab.render.table import layout_svg
    svg = w.view["table_svg"]
    assert svg == str(layout_svg(w.state, size=22, per_row=12))
    assert svg.count('class="tile"') == len(w.state.layout) >= 10
    for arm, tiles in w.state.layout.arms().items():
        if arm in ("W", "E", "N", "S"):
            assert svg.count(f'data-arm="{arm}"') == len(tiles)


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(sorted(SPINNER_VARIANTS)), seed=st.integers(0, 10 ** 6),
       actions=st.lists(st.tuples(st.sampled_from(["tile", "tile_arm", "arm", "choice", "multi",
                                                   "draw", "pass", "undo", "next"]),
                                  st.integers(0, 200)), max_size=40))
def test_random_clicks_on_a_cross_never_corrupt_the_game(variant, seed, actions):
    """Arm keys (with and without closing), random multi-double plays, anything: a refused
    request changes nothing; an accepted one leaves a sound position its record replays."""
    w = GameBoard(variant, human=0, seed=seed, delay=0, open=True)
    tiles = DominoSet(w.rules.set_max).tiles
    doubles = [t for t in tiles if t.is_double]
    for kind, k in actions:
        before = (w.state.key(), [str(m) for m in w.state.history])
        t = tiles[k % len(tiles)]
        arm = "WENS"[k % 4] + ("!" if k % 3 == 0 else "")
        if kind == "tile":
            send(w, type="tile", tile=f"{t.low}-{t.high}")
        elif kind == "tile_arm":
            send(w, type="tile", tile=f"{t.low}-{t.high}", end=arm)
        elif kind == "arm":
            send(w, type="end", end=arm)
        elif kind == "choice":
            ch = w.view["choices"]
            send(w, type="play", move=ch[k % len(ch)]["move"] if ch else "P1 9:9>N")
        elif kind == "multi":
            a, b = doubles[k % 7], doubles[(k // 7) % 7]
            send(w, type="play", move=f"{a}>{arm}+{b}>{'WENS'[(k // 4) % 4]}")
        elif kind == "next":
            send(w, type="next_round")
        else:
            send(w, type=kind)
        if w.error:
            assert (w.state.key(), [str(m) for m in w.state.history]) == before, (kind, w.error)
        assert check_invariants(w.state) == []
        again = games.replay(w.save())
        assert again.key() == w.state.key()
        assert [str(m) for m in again.history] == w.view["log"]
        assert len(w.view["log_notes"]) in (0, len(w.view["log"]))


def test_hint_on_a_cross_names_the_arm(monkeypatch):
    class FakeSampler:
        def __init__(self, seed=0):
            self.seed = seed

        def choose(self, state):
            return next(m for m in state.legal_moves() if m.end == "N")

    monkeypatch.setattr(GameBoard, "_hint_bot", FakeSampler)
    w = GameBoard("osyol", players=2, human=0, seed=8, delay=0)   # P2 led 3:3: four arms
    assert w.view["my_turn"] and w.view["log"] == ["P2 3:3"]
    send(w, type="hint")
    move = FakeSampler().choose(w.state)
    assert w.analysis.startswith(f"Hint: play {move.body()} — {move.tile} on the north arm "
                                 "(the sampling bot's choice")
    assert w.view["log"] == ["P2 3:3"]


def test_kozel_and_morskoy_boards_seat_two_pairs_by_default():
    """Four-player Kozel and Morskoy kozel are played two against two (docs/rules.md: «Играют
    обычно в эту игру двое на двое»); ``pairs=False`` seats each for himself."""
    for variant in ("kozel", "morskoy_kozel"):
        w = GameBoard(variant, human=0, seed=5, delay=0)
        assert [s["team"] for s in w.view["seats"]] == [1, 2, 1, 2], variant
        assert w.match is not None and w.match.teams == [(0, 2), (1, 3)]
        solo = GameBoard(variant, human=0, seed=5, delay=0, pairs=False)
        assert [s["team"] for s in solo.view["seats"]] == [None] * 4
        assert solo.match is not None and len(solo.match.scores) == 4


def test_round_panel_shows_titles_in_russian_beside_the_english():
    """«…присваивается звание "Адмирал"»: the round panel prints the title in both languages."""
    g = new_round("morskoy_kozel", hands=["0:6 0:0 6:6", "1:2 3:4", "2:3 4:4", "1:5"],
                  leader=0, pairs=False)
    for m in ("0:6", "pass", "pass", "pass", "0:0>L+6:6>R"):
        g.play(m)
    w = GameBoard.from_state(g, human=None, delay=0)
    lines = w.view["panel"]["lines"]
    assert any(line.startswith("Title: ") and line.endswith("— admiral (адмирал)")
               for line in lines), lines


# -- the post-mortem of a round ------------------------------------------------------------
def test_post_mortem_after_a_round_lists_the_costliest_moves_on_the_table():
    from dominolab.games.postmortem import analyse

    early = GameBoard("kozel", human=0, seed=2026, delay=0)
    assert "finished round" in early.post_mortem() and early.review == []
    assert early.error == "the post-mortem is for a finished round: play it out first"
    b = GameBoard("kozel", human=None, seed=2026, delay=0, open=True)
    b.autoplay("round_end")
    text = b.post_mortem()
    assert b.error == "" and b.analysis == text
    assert text.startswith("Post-mortem of P1: ")
    pm = analyse(b.state, player=0, samples=12, max_tiles=20, seed=b._seed)
    worst = pm.worst()
    assert [it["ply"] for it in b.review] == [c.ply for c in worst]
    assert ("No move cost anything" in text) == (not worst)
    for it, c in zip(b.review, worst):
        assert it["played"] == c.move.body()
        assert it["label"].startswith(f"Move {c.ply}: you played {c.move.body()}, better was ")
        assert 'role="img"' in it["svg"] or "<svg" in it["svg"]
        assert (it["passes"] != "") == bool(c.passes)
    # the review belongs to that round: the next round clears it
    if worst:
        b.next_round()
        assert b.review == []


def test_post_mortem_of_the_human_seat_in_russian():
    b = GameBoard("kozel", human=None, seed=7, delay=0, lang="ru")
    b.autoplay("round_end")
    text = b.post_mortem()
    assert b.error == "" and text.startswith("Разбор ходов P1: ")
    assert b.review and all(it["label"].startswith("Ход ") for it in b.review)
    assert all("у P" in it["passes"] for it in b.review if it["passes"])


def test_post_mortem_is_time_limited():
    b = GameBoard("osyol", human=None, seed=3, delay=0)
    b.autoplay("round_end")
    b.analysis_timeout = 0.5
    text = b.post_mortem(max_tiles=28)      # every move of a full cross deal: minutes of work
    assert b.review == [] and "more than" in text and b.error == ""


def test_post_mortem_tables_follow_the_presentation_size():
    b = GameBoard("kozel", human=None, seed=10, delay=0)
    b.autoplay("round_end")
    b.post_mortem()
    assert b.review
    small = b.review[0]["svg"]
    b.set_size("large")
    assert b.review and b.review[0]["svg"] != small
    assert b.review[0]["label"] and b.review[0]["ply"]


def test_the_boards_refusals_speak_the_boards_language():
    """What the board tells a user it refused (not his turn, no tile clicked, the round
    over) comes in the board's language; the board's state is unchanged by a refusal."""
    for lang, turn, first, over in (
            ("en", "not yours (P1): wait for the bots", "click a tile first",
             "the round is over"),
            ("ru", "а не вы (P1): подождите ботов", "сначала нажмите на кость",
             "кон окончен")):
        b = GameBoard("kozel", seed=1, lang=lang)   # the bots play at their pace
        assert b.state.current_player != 0          # this deal: a bot leads
        before = b.state.key()
        b.click("0:0")
        assert turn in b.error and b.state.key() == before, b.error
        while b.state.current_player != 0 and b.bot_step():
            pass
        b.choose("L")
        assert first in b.error, b.error
        while not b.state.is_over():
            if b.state.current_player == 0:
                b.choose(b.state.legal_moves()[0])
            else:
                b.bot_step()
        b.click("0:0")
        assert over in b.error, b.error


def test_post_mortem_of_a_cross_game_solves_the_moves_with_16_tiles_or_fewer():
    # on a cross the moves with more than 16 tiles left are listed, not solved (so the
    # post-mortem of an Osyol round usually fits the board's limit; not timed here)
    b = GameBoard("osyol", human=None, seed=5, delay=0)
    b.autoplay("round_end")
    b.analysis_timeout = 300
    text = b.post_mortem()
    assert b.error == "" and b.review and "5 moves with a choice, 2 of them solved" in text, text
