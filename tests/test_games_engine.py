"""Engine tests: layout push/pop, moves and notation, errors leave the state
unchanged, undo, records round-trip and replay, bots, matches, JSON views, SVG."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab import DominoError, GameOver, IllegalMove, ParseError, Tile, WrongPlayer
from dominolab import games
from dominolab.errors import InvalidPosition
from dominolab.games import (VARIANTS, Draw, LineLayout, Match, Move, Pass, Play, Record,
                             bots, new_game, new_round, play_out, replay)
from dominolab.games.simulate import check_invariants
from dominolab.games.variants.morskoy_kozel import GappedLine


# -- layout ------------------------------------------------------------------------

def test_line_layout_push_pop_round_trip():
    line = LineLayout()
    seq = [(Tile(2, 4), None), (Tile(4, 4), "R"), (Tile(1, 2), "L"), (Tile(4, 6), "R"),
           (Tile(1, 1), "L")]
    keys = []
    for t, e in seq:
        keys.append((line.key(), line.pairs()))
        assert line.fits(t, e)
        line.place(t, e)
    assert line.pairs() == [(1, 1), (1, 2), (2, 4), (4, 4), (4, 6)]
    assert line.open_ends() == [("L", 1), ("R", 6)]
    assert line.end_sum() == 2 + 6  # the double 1:1 at the left end counts both halves
    for t, e in reversed(seq):
        assert line.pop() == t
        assert (line.key(), line.pairs()) == keys.pop()
    assert line.is_empty()


def test_line_layout_rejects_mismatch():
    line = LineLayout()
    line.place(Tile(3, 5), None)
    with pytest.raises(IllegalMove, match="does not match the left end 3"):
        line.place(Tile(1, 2), "L")
    assert line.pairs() == [(3, 5)]


def test_gap_layout_two_segments():
    # the gap is Morskoy kozel's (its extraordinary lead); a plain line has two ends only
    with pytest.raises(IllegalMove, match="not empty"):
        plain = LineLayout()
        plain.place(Tile(0, 0), None)
        plain.place(Tile(6, 6), None)
    line = GappedLine()
    line.place(Tile(0, 0), None)
    line.place(Tile(6, 6), None)
    assert line.gap == (0, 6) and line.open_ends() == [("L", 0), ("R", 6), ("M", 0)]
    assert line.fits(Tile(0, 6), "M") and not line.fits(Tile(0, 5), "M")
    line.place(Tile(0, 6), "M")
    assert line.gap is None and line.pairs() == [(0, 0), (0, 6), (6, 6)]
    line.pop()
    assert line.segments() == [[(0, 0)], [(6, 6)]]


# -- moves ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["P1 3:5>R", "P4 draw", "P2 pass", "P3 1:1", "P1 0:0>L+6:6>R",
                                  "P2 0:6>M"])
def test_move_notation_round_trips(text):
    assert str(Move.parse(text)) == text


def test_move_values():
    assert Play("3:5", "R") == Move.parse("3:5>R") == Move.parse("P1 3:5>R")
    assert Move.parse("P1 3:5>R") != Move.parse("P2 3:5>R")
    assert Draw().tile is None and Pass().tile is None
    assert hash(Play("3:5", "R")) == hash(Move.parse("P2 3:5>R"))


@pytest.mark.parametrize("text, where", [("P1 3:x>R", "tile '3:x'"), ("P1 3:5>?", "end '?'"),
                                         ("", "empty"), ("P0 pass", "from P1")])
def test_move_parse_errors(text, where):
    with pytest.raises(ParseError, match=where):
        Move.parse(text)


# -- errors leave the state unchanged --------------------------------------------------

def _snapshot(g):
    return (g.key(), [str(m) for m in g.history], list(map(str, g.legal_moves())),
            g.layout.pairs(), g.ended)


def test_illegal_moves_name_the_rule_and_change_nothing():
    g = new_round("classic", hands=["1:1 1:2 4:5", "2:3 0:5 6:6"], boneyard="3:3 2:6")
    before = _snapshot(g)
    cases = [("P1 1:2", IllegalMove, "opening rule says the lead is 1:1"),
             ("P2 2:3", WrongPlayer, "P1's turn"),
             ("P1 6:6", IllegalMove, "does not hold 6:6"),
             ("P1 draw", IllegalMove, "who can play may not draw"),
             ("P1 pass", IllegalMove, "who can play may not pass"),
             ("P1 1:1>R", IllegalMove, "table is empty"),
             (42, IllegalMove, "not a move")]
    for move, exc, msg in cases:
        with pytest.raises(exc, match=msg):
            g.play(move)
        assert _snapshot(g) == before
    g.play("1:1")
    before = _snapshot(g)
    with pytest.raises(IllegalMove, match="does not match the R end"):
        g.play("P2 2:3>R")
    with pytest.raises(IllegalMove, match="must draw from the boneyard before passing"):
        g.play("P2 pass")
    with pytest.raises(IllegalMove, match="name the end"):
        g.play("P2 2:3")
    assert _snapshot(g) == before


def test_game_over_and_undo_errors():
    g = new_round("classic", hands=["1:1", "2:3"], boneyard=[])
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()
    with pytest.raises(IllegalMove, match="not over yet"):
        g.result()
    g.play("1:1")
    assert g.is_over() and not g.is_blocked()
    with pytest.raises(GameOver, match="round is over"):
        g.play("P2 pass")
    assert g.legal_moves() and False or len(g.legal_moves()) == 0


def test_bad_deals_are_rejected():
    with pytest.raises(InvalidPosition, match="1:2 is both in the hand of P1 and in the boneyard"):
        new_round("classic", hands=["1:2", "3:4"], boneyard="1:2")
    with pytest.raises(DominoError, match="not in the double-6 set"):
        new_round("classic", hands=["1:7", "3:4"])
    with pytest.raises(DominoError, match="unknown variant"):
        new_game("chess")
    with pytest.raises(DominoError, match="has no option 'colour'"):
        new_game("kozel", colour="red")
    with pytest.raises(DominoError, match="played by 4 players, not 3"):
        new_game("sport", players=3)


# -- undo / keys (property) -----------------------------------------------------------

@settings(max_examples=40)
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10**6),
       choices=st.lists(st.integers(0, 1000), min_size=1, max_size=60))
def test_play_then_undo_restores_every_position(variant, seed, choices):
    g = new_game(variant, seed=seed)
    start = _snapshot(g)
    trail = []
    for c in choices:
        if g.is_over():
            break
        moves = list(g.legal_moves())
        trail.append(_snapshot(g))
        g.play(moves[c % len(moves)])
        assert check_invariants(g) == []
    while trail:
        g.undo()
        assert _snapshot(g) == trail.pop()
    assert _snapshot(g) == start


def test_copy_is_independent():
    g = new_game("kozel", seed=3)
    h = g.copy()
    g.play(g.legal_moves()[0])
    assert h.ply == 0 and g.ply == 1 and len(h.layout) == 0


def test_legal_moves_view():
    g = new_game("sport", seed=4)
    lm = g.legal_moves()
    assert len(lm) == len(list(lm)) > 0
    assert lm[0] in lm and str(lm[0]) in lm
    assert Move.parse("P1 draw") not in lm


# -- records ----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_records_round_trip_and_replay(variant):
    g = new_game(variant, seed=11)
    play_out(g, [bots.RandomBot(seed=i) for i in range(g.players)])
    rec = Record.from_state(g)
    for form in (rec.to_json(), rec.to_text(), json.loads(rec.to_json())):
        back = Record.parse(form)
        assert back == rec
        h = replay(form)
        assert h.history == g.history and h.key() == g.key()
        assert h.result().team_points == g.result().team_points
        assert h.result().end == g.result().end


def test_record_with_options_replays():
    # four-player Kozel is played in pairs by default: each-for-himself is the option saved
    g = new_game("kozel", seed=5, pairs=False, target=125)
    play_out(g, [bots.GreedyBot(seed=i) for i in range(4)])
    rec = Record.from_state(g)
    assert rec.options == {"pairs": False, "target": 125}
    assert replay(rec.to_text()).teams == [(0,), (1,), (2,), (3,)]
    g = new_game("kozel", seed=5, target=125)
    play_out(g, [bots.GreedyBot(seed=i) for i in range(4)])
    rec = Record.from_state(g)
    assert rec.options == {"target": 125}
    assert replay(rec.to_text()).teams == [(0, 2), (1, 3)]


def test_malformed_records():
    g = new_game("classic", players=2, seed=5)
    play_out(g, [bots.RandomBot(seed=i) for i in range(2)])
    text = Record.from_state(g).to_text()
    with pytest.raises(ParseError, match="bad JSON"):
        replay("{not json")
    with pytest.raises(ParseError, match="unknown field"):
        replay(json.dumps({"variant": "classic", "players": 2, "hands": [], "colour": 1}))
    with pytest.raises(ParseError, match="is missing"):
        replay("players: 2\nmoves:\n")
    with pytest.raises(ParseError, match="record move 2"):
        lines = text.splitlines()
        i = lines.index("moves:")
        lines[i + 2] = "P9 3:x"
        replay("\n".join(lines))
    lines = text.splitlines()
    i = lines.index("moves:")
    lines[i + 1], lines[i + 2] = lines[i + 2], lines[i + 1]
    with pytest.raises(IllegalMove, match="record move 1"):
        replay("\n".join(lines))


# -- bots, play_out, tournament, match ----------------------------------------------------

@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_bots_are_seeded_and_legal(kind):
    runs = []
    for _ in range(2):
        g = new_game("kozel", seed=21)
        bs = [bots.make_bot(kind, seed=i) for i in range(4)]
        moves = []
        while not g.is_over():
            m = bs[g.current_player].choose(g)
            assert m in g.legal_moves()
            g.play(m)
            moves.append(str(m))
        runs.append(moves)
    assert runs[0] == runs[1]


def test_greedy_plays_heaviest():
    g = new_round("classic", hands=["1:1 6:6", "1:6 1:2 0:1"], boneyard=[], leader=1)
    assert bots.GreedyBot().choose(g).tile == Tile(1, 6)


def test_make_bot_unknown():
    with pytest.raises(DominoError, match="unknown bot"):
        bots.make_bot("oracle")


def test_tournament_table(capsys):
    stats = games.tournament("sport", ["heuristic", "random", "heuristic", "random"], rounds=12,
                             seed=2)
    out = capsys.readouterr().out
    assert "heuristic" in out and "win %" in out
    assert sum(s["rounds"] for s in stats.values()) == 48


def test_match_runs_to_target_and_keeps_records():
    m = Match("sport", seed=5)
    assert m.play([bots.GreedyBot(seed=i) for i in range(4)])
    assert max(m.scores) >= 200 and m.winner == max(range(2), key=lambda t: m.scores[t])
    assert len(m.records) == len(m.results)
    assert sum(r.team_points[0] for r in m.results) == m.scores[0]
    with pytest.raises(GameOver):
        m.new_round()


def test_match_rounds_limit():
    m = Match("sport", seed=5, rounds=4)
    m.play([bots.RandomBot(seed=i) for i in range(4)])
    assert len(m.results) == 4 and m.is_over()


# -- views and drawing ------------------------------------------------------------------------

def test_json_view_is_serialisable_and_hides_hands():
    g = new_game("kozel", players=3, seed=8)
    g.play(g.legal_moves()[0])
    view = g.to_json(viewer=0)
    json.dumps(view)
    assert isinstance(view["hands"][0], list) and isinstance(view["hands"][1], int)
    assert view["legal"] and view["layout"]["kind"] == "line"
    play_out(g, [bots.RandomBot(seed=i) for i in range(3)])
    json.dumps(g.to_json())


def test_table_svg_of_a_played_round():
    from dominolab.render.table import table_svg

    g = new_game("classic", players=2, seed=9)
    play_out(g, [bots.HeuristicBot(seed=1), bots.RandomBot(seed=2)])
    svg = table_svg(g)
    n_tiles = len(g.layout) + sum(len(g.hand(p)) for p in range(2))
    assert svg.count('class="tile"') == n_tiles
    assert g._repr_svg_() == svg
    hidden = table_svg(g, face_up={0})
    assert hidden.count("face-down domino") >= len(g.hand(1))


def test_table_svg_with_gap():
    from dominolab.render.table import table_svg

    g = new_round("morskoy_kozel", hands=["0:0 6:6 1:2", "0:1 5:6 2:2", "3:3 0:6", "4:4 1:6"],
                  boneyard=[], leader=0)
    g.play("0:0+6:6")
    assert 'class="gap"' in table_svg(g)


# -- command line ---------------------------------------------------------------------------

def test_cli_simulate(capsys):
    from dominolab.cli import main

    assert main(["simulate", "general", "--rounds", "30"]) == 0
    out = capsys.readouterr().out
    assert "30 rounds" in out and "invariant violations: 0" in out


def test_cli_play_human_text_mode():
    import argparse
    import io

    from dominolab.commands.play import _play

    args = argparse.Namespace(variant="classic", players=2, bots="greedy", seed=3, rounds=1,
                              watch=False, quiet=False, pairs=False)
    out = io.StringIO()
    _play(args, stdin=io.StringIO("1\nfoo\nundo\nrecord\nquit\n"), stdout=out)
    text = out.getvalue()
    assert "your hand:" in text and "not allowed: cannot read a move from 'foo'" in text
    assert "# dominolab game record" in text and text.rstrip().endswith("bye")


def test_cli_unknown_variant(capsys):
    from dominolab.cli import main

    assert main(["simulate", "chess", "--rounds", "1"]) == 2
    assert "unknown variant" in capsys.readouterr().err


def test_the_deal_shuffle_is_random_shuffle_itself():
    """new_game's inlined shuffle gives random.Random(seed).shuffle's permutation."""
    import random

    from dominolab.games import setup
    from dominolab.games.state import canonical_tiles

    assert setup._FAST_SHUFFLE
    for n in (2, 3, 28, 55, 91):
        for seed in (0, 1, 7, 12_345, 2**31 + 5, 2**64 + 1, -3):
            x = list(range(n))
            random.Random(seed).shuffle(x)
            assert setup.shuffle_order(n, seed) == x, (n, seed)
    for seed in range(200):
        tiles = list(canonical_tiles(6))
        random.Random(seed).shuffle(tiles)
        g = setup.new_game("sport", seed=seed, redeal=False)
        assert [t for h in g.initial_hands for t in h] == tiles


def test_pips_left_counts_every_hand():
    from dominolab.games import VARIANTS, new_game

    for name in sorted(VARIANTS):
        for seed in range(5):
            g = new_game(name, seed=seed)
            assert g.pips_left() == [g.hand(p).pips for p in range(g.players)], name
    g = new_game("mexican_train", seed=1, super_train=True)
    assert g.pips_left() == [g.hand(p).pips for p in range(g.players)]


def test_a_shuffled_deal_is_redealt_exactly_when_the_rule_rejects_a_hand():
    from dominolab.games import new_game
    from dominolab.games.rules import redeal_all_doubles_or_suit

    seen = 0
    for seed in range(3000):
        g = new_game("classic", players=4, seed=seed, redeal=False)
        why = [redeal_all_doubles_or_suit(h, g.rules) for h in g.initial_hands]
        first = next((f"P{p + 1} holds {w}" for p, w in enumerate(why) if w), None)
        assert g.redeal_reason == first
        seen += first is not None
    assert seen > 0


@pytest.mark.parametrize("players", [[4], "4", 4.0, (4,), 3])
def test_new_game_refuses_a_player_count_it_cannot_deal_with_a_domino_error(players):
    with pytest.raises(DominoError, match="sport is played by 4 players|whole number"):
        new_game("sport", players=players)
