"""Super-train and the first-turn train: one scripted test per rule (docs/rules.md,
"Super-train" and "Mexican train"), each with its position in the docstring; records of
both replay; the pictures name the locomotive tiles."""

from __future__ import annotations

import io
import json
import random
import re

import pytest

from dominolab import DominoSet, Hand, Tile
from dominolab.chains import best_train
from dominolab.cli import main
from dominolab.errors import DominoError, IllegalMove, InvalidTile, UnknownOption
from dominolab.games import Record, bots, get_rules, new_game, new_round, play_out, replay
from dominolab.games.simulate import check_invariants
from dominolab.games.variants import mexican_train
from dominolab.games.variants.mexican_train import markers, train_invariants, whole_trains
from dominolab.render import tile_svg
from dominolab.render.svg import set_svg
from dominolab.render.table import table_svg
from dominolab.render.text import table_text
from dominolab.tiles import LOCO_LETTERS, LocoTile, locomotive_tiles
from dominolab.widgets import GameBoard

V = "mexican_train"


def moves(g):
    return [str(m) for m in g.legal_moves()]


def sup(hands, boneyard="", **opts):
    return new_round(V, hands=hands, boneyard=boneyard, super_train=True, **opts)


# -- the tiles -------------------------------------------------------------------------

def test_the_double_12_super_train_set_has_21_locomotive_tiles():
    """One tile with two locomotives, a locomotive with each number 0..12, seven letters."""
    extra = locomotive_tiles(12)
    assert len(extra) == 21
    assert sum(t.face == "L" for t in extra) == 1
    assert sorted(t.number for t in extra if t.number is not None) == list(range(13))
    assert "".join(t.letter for t in extra if t.letter) == LOCO_LETTERS and len(LOCO_LETTERS) == 7
    s = DominoSet(12, locomotives=True)
    assert s.size == len(s.tiles) == 91 + 21 == len(set(s.tiles))
    assert s.pip_total == sum(t.pips for t in s.tiles) == DominoSet(12).pip_total + 78
    assert get_rules(V, super_train=True).tile_set() == s != DominoSet(12)
    assert all(LocoTile(k) not in s for k in (13, 18)) and LocoTile(13) in DominoSet(
        13, locomotives=True)


def test_a_locomotive_half_is_not_a_number():
    t = LocoTile(5)
    for read in (lambda: t.low, lambda: t.high, lambda: tuple(t), lambda: t.glyph()):
        with pytest.raises(InvalidTile, match="locomotive"):
            read()
    assert not LocoTile("L").is_double and t.pips == 5 and LocoTile("S").pips == 0
    assert t != Tile(5, 5) and Tile(0, 5) != t and len({t, LocoTile(5), Tile(0, 5)}) == 2
    assert sorted([LocoTile("A"), Tile(12, 12), LocoTile("L"), Tile(0, 0)]) == [
        Tile(0, 0), Tile(12, 12), LocoTile("L"), LocoTile("A")]


@pytest.mark.parametrize("tile", list(locomotive_tiles(18)))
def test_every_locomotive_tile_round_trips_through_the_notation(tile):
    assert Tile.parse(str(tile)) is tile and Hand(str(tile))[0] is tile
    assert Tile.parse(str(tile).replace(":", "|").join("[]")) is tile


@pytest.mark.parametrize("text, match", [("l:5", "capitals"), ("L:19", "0 to 18"),
                                         ("L:Q", "letter"), ("L:x", "capitals")])
def test_bad_locomotive_notation_is_refused_by_name(text, match):
    with pytest.raises(DominoError, match=match):
        Tile.parse(text)


def test_locomotive_tiles_are_refused_without_super_train():
    with pytest.raises(InvalidTile, match="L:5.*not in the double-12 set.*Super-train"):
        new_round(V, hands=["12:12 L:5", "0:1"])
    with pytest.raises(UnknownOption, match="super_letters"):
        get_rules(V, super_train=True, super_letters="AZ")
    with pytest.raises(UnknownOption, match="super_train is true or false"):
        get_rules(V, super_train="yes")
    with pytest.raises(UnknownOption, match="classic: its line layout cannot hold"):
        get_rules("classic", locomotives=True)


def test_a_super_train_deal_holds_the_whole_set():
    g = new_game(V, players=4, seed=3, super_train=True)
    everything = [t for p in range(4) for t in g.initial_hands[p]] + list(g.bone)
    assert sorted(everything) == sorted(DominoSet(12, locomotives=True).tiles)
    assert check_invariants(g) == []


# -- a locomotive fits any end ---------------------------------------------------------

def test_a_locomotive_fits_any_end_and_the_end_shows_its_number():
    """P1 12:12 12:3 1:1 · P2 L:5 4:4 · P3 L:S 0:1: after the engine P2 has no 12 but his
    locomotive fits; his train then shows 5. A letter keeps the number (12 on M)."""
    g = sup(["12:12 12:3 1:1", "L:5 4:4", "L:S 0:1"], "0:2 0:3 0:4", super_letters="")
    g.play("12:12")
    assert moves(g) == ["P2 L:5>T2", "P2 L:5>M"]
    g.play("L:5>T2")
    assert dict(g.open_ends())["T2"] == 5
    g.play("L:S>M")
    assert dict(g.open_ends())["M"] == 12 and g.current_player == 0


def test_two_locomotives_go_on_any_train_even_an_unmarked_one():
    """P1 12:12 0:1 · P2 L:L 3:4: P2 may lay L:L on P1's train, whose marker is not out;
    the train still shows 12. Option loco_any_train=False: own, Mexican, marked only."""
    g = sup(["12:12 0:1", "L:L 3:4"], "0:2")
    g.play("12:12")
    assert moves(g) == ["P2 L:L>T1", "P2 L:L>T2", "P2 L:L>M"]
    g.play("L:L>T1")
    assert dict(g.open_ends())["T1"] == 12 and rules_ok(g)
    h = sup(["12:12 0:1", "L:L 3:4"], "0:2", loco_any_train=False)
    h.play("12:12")
    assert moves(h) == ["P2 L:L>T2", "P2 L:L>M"]
    with pytest.raises(IllegalMove, match="P1's train has no marker"):
        h.play("L:L>T1")


def test_a_locomotive_satisfies_a_double():
    """P1 12:12 12:5 5:5 L:7 0:1 · P2 3:4: P1 lays 12:5 and 5:5 on his train; the double
    must be satisfied first, and his L:7 may do it (he holds no other 5)."""
    g = sup(["12:12 12:5 5:5 L:7 0:1", "3:4"], "0:2 0:3", super_letters="")
    play_all(g, "12:12", "draw", "pass", "5:12>T1", "draw", "pass", "5:5>T1")
    assert moves(g) == ["P1 L:7>T1"]
    g.play("L:7>T1")
    assert g.layout.pending_double() is None and dict(g.open_ends())["T1"] == 7


def rules_ok(g):
    """The trains' own invariants (a hand-built position holds only part of the set, so
    tile conservation is checked on dealt rounds)."""
    errs = train_invariants(g) + g.layout.check()
    assert errs == [], errs
    return True


def play_all(g, *ms):
    for m in ms:
        g.play(m)


# -- the letters -------------------------------------------------------------------------

def test_letter_a_plays_again():
    """P1 12:12 L:A 12:3 0:1 · P2 12:4 · P3 12:6: P1 lays L:A and moves again."""
    g = sup(["12:12 L:A 12:3 0:1", "12:4 5:6", "12:6 5:5"], "0:2")
    play_all(g, "12:12", "4:12>T2", "6:12>T3", "L:A>T1")
    assert g.current_player == 0 and moves(g)[0] == "P1 3:12>T1"


def test_letter_s_skips_the_next_player():
    """Three players; P1 lays L:S: P2 misses his turn, P3 moves."""
    g = sup(["12:12 L:S 0:1", "12:4 5:6", "12:6 5:5"], "0:2")
    play_all(g, "12:12", "4:12>T2", "6:12>T3", "L:S>T1")
    assert g.current_player == 2


def test_letter_d_makes_the_next_player_draw_two_and_undo_gives_them_back():
    """P1 lays L:D: P2 takes the boneyard's first two tiles (0:2 0:3), then moves."""
    g = sup(["12:12 L:D 0:1", "12:4 5:6", "12:6 5:5"], "0:2 0:3 0:4")
    play_all(g, "12:12", "4:12>T2", "6:12>T3")
    g.play("L:D>T1")
    assert str(g.hand(1)) == "0:2 0:3 5:6" and g.boneyard_count() == 1 and g.current_player == 1
    assert rules_ok(g)
    g.undo()
    assert str(g.hand(1)) == "5:6" and g.boneyard_count() == 3


def test_letter_d_takes_what_is_left_of_the_boneyard():
    g = sup(["12:12 L:D 0:1", "12:4 5:6", "12:6 5:5"], "0:2")
    play_all(g, "12:12", "4:12>T2", "6:12>T3", "L:D>T1")
    assert str(g.hand(1)) == "0:2 5:6" and g.boneyard_count() == 0


def test_letter_x_makes_every_other_player_draw_one():
    g = sup(["12:12 L:X 0:1", "12:4 5:6", "12:6 5:5"], "0:2 0:3 0:4")
    play_all(g, "12:12", "4:12>T2", "6:12>T3", "L:X>T1")
    assert str(g.hand(1)) == "0:2 5:6" and str(g.hand(2)) == "0:3 5:5"
    assert str(g.hand(0)) == "0:1" and g.current_player == 1


def test_letters_m_o_e_move_the_markers():
    """P1 12:12 L:O L:E 0:1 · P2 12:4 L:M 5:6 · P3 2:3 3:3, boneyard 4:5 4:6 4:7: P3
    cannot play and passes (his marker out). P1's L:O puts out the next player's (P2's)
    marker; P2's L:M brings his own back; P3 passes again; P1's L:E brings every marker
    back. The invariant checker replays each of them."""
    g = sup(["12:12 L:O L:E 0:1", "12:4 L:M 5:6", "2:3 3:3"], "4:5 4:6 4:7")
    play_all(g, "12:12", "4:12>T2", "draw", "pass")
    assert markers(g) == {2}
    g.play("L:O>M")
    assert markers(g) == {1, 2} and rules_ok(g)
    g.play("L:M>M")
    assert markers(g) == {2} and rules_ok(g)
    play_all(g, "draw", "pass", "L:E>T1")
    assert markers(g) == set() and rules_ok(g)


def test_option_super_letters_turns_actions_off():
    """super_letters='' : L:S is a plain locomotive, P2 moves next."""
    g = sup(["12:12 L:S 0:1", "12:4 5:6", "12:6 5:5"], "0:2", super_letters="")
    play_all(g, "12:12", "4:12>T2", "6:12>T3", "L:S>T1")
    assert g.current_player == 1


@pytest.mark.parametrize("points, want", [(25, 5 + 25 + 25 + 1), (0, 5 + 1)])
def test_a_locomotive_tile_left_in_hand_counts_its_number_and_loco_points(points, want):
    """P2 goes out; P1 is left with L:5, L:S and 0:1."""
    g = sup(["12:12 L:5 L:S 0:1", "12:4"], "", loco_points=points)
    play_all(g, "12:12", "4:12>T2")
    assert g.is_over() and g.result().points[0] == want


# -- the first-turn train ----------------------------------------------------------------

FIRST = ["12:12 0:1", "12:3 3:3 3:4 4:9 9:9 0:0"]


def test_by_default_a_first_turn_is_one_tile():
    g = new_round(V, hands=FIRST, boneyard="1:2")
    g.play("12:12")
    assert all("+" not in m for m in moves(g))


def test_option_first_train_lays_a_whole_train_on_the_first_turn():
    """P1 12:12 0:1 · P2 12:3 3:3 3:4 4:9 9:9 0:0: P2 may lay 12:3 3:3 3:4 4:9 9:9 on his
    train at once; the double 9:9 at its end is then to be satisfied (by him: he plays
    again, and draws)."""
    g = new_round(V, hands=FIRST, boneyard="1:9 1:2", first_train=True)
    g.play("12:12")
    whole = "P2 3:12>T2+3:3>T2+3:4>T2+4:9>T2+9:9>T2"
    assert whole in moves(g) and "P2 3:12>T2+3:4>T2" in moves(g)
    assert not any("+" in m and ">M" in m for m in moves(g))   # own train only
    g.play(whole.split(" ", 1)[1])
    assert g.layout.pending_double() == "T2" and g.current_player == 1
    assert rules_ok(g)
    g.play("draw")
    assert moves(g) == ["P2 1:9>T2"]


def test_only_the_first_turn_may_lay_a_train():
    """P2's first turn is a one-tile play; at his second turn no train is offered. P1,
    who placed the engine, still has his first turn and may lay one (12:5 5:6)."""
    g = new_round(V, hands=["12:12 12:5 5:6 1:1", "12:3 3:4 4:9 2:2"], boneyard="0:2",
                  first_train=True)
    play_all(g, "12:12", "3:12>T2")
    assert "P1 5:12>T1+5:6>T1" in moves(g)
    g.play("5:12>M")
    assert all("+" not in m for m in moves(g))


def test_a_train_move_where_the_rules_do_not_allow_it_is_refused_by_replay():
    g = new_round(V, hands=FIRST, boneyard="1:2")
    text = Record.from_state(g).to_text() + "\nP1 12:12\nP2 3:12>T2+3:3>T2\n"
    with pytest.raises(IllegalMove, match="record move 2"):
        replay(text)


def test_whole_trains_lists_each_train_of_number_tiles_once():
    g = new_round(V, hands=["12:12 0:1", "12:3 3:5 5:12 12:7 L:9"], boneyard="1:2",
                  first_train=True, super_train=True)
    g.play("12:12")
    got = [str(m).split(" ")[1] for m in whole_trains(g, 1)]
    assert len(got) == len(set(got)) and not any("L:" in m for m in got)
    # trails from 12 with 2+ tiles: 12:3 3:5 (5:12 (12:7)), 12:5 5:3 (3:12 (12:7)),
    assert sorted(got) == sorted([
        "3:12>T2+3:5>T2", "3:12>T2+3:5>T2+5:12>T2", "3:12>T2+3:5>T2+5:12>T2+7:12>T2",
        "5:12>T2+3:5>T2", "5:12>T2+3:5>T2+3:12>T2", "5:12>T2+3:5>T2+3:12>T2+7:12>T2"])


def test_the_planner_bot_lays_its_best_train_on_the_first_turn():
    g = new_round(V, hands=FIRST, boneyard="1:2", first_train=True)
    g.play("12:12")
    plan = best_train("12:3 3:3 3:4 4:9 9:9 0:0", 12)
    m = bots.PlannerBot(seed=0).choose(g)
    assert [t for t, _ in m.placements] == list(plan.tiles) and plan.count == 5


# -- records, the command line, pictures ---------------------------------------------

@pytest.mark.parametrize("opts", [{"super_train": True},
                                  {"super_train": True, "first_train": True, "loco_points": 5},
                                  {"super_train": True, "super_letters": "DX",
                                   "loco_any_train": False}])
def test_super_train_records_save_and_replay(opts):
    g = new_game(V, players=4, seed=11, **opts)
    play_out(g, [bots.RandomBot(seed=i) for i in range(4)])
    assert any(isinstance(t, LocoTile) for t, _ in g.layout.history())
    rec = Record.from_state(g)
    for form in (rec.to_json(), rec.to_text(), json.loads(rec.to_json())):
        h = replay(form)
        assert h.history == g.history and h.key() == g.key()
        assert h.result().team_points == g.result().team_points


def test_the_command_line_simulates_six_players_with_the_new_options(capsys):
    assert main(["simulate", V, "--players", "6", "--rounds", "3", "--options",
                 "super_train=true", "first_train=true", "loco_points=10"]) == 0
    assert "invariant violations: 0" in capsys.readouterr().out
    assert main(["simulate", V, "--options", "super_train"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err


def test_the_pictures_draw_and_name_the_locomotive_tiles():
    svg = tile_svg(LocoTile(5))
    assert 'aria-label="domino locomotive-5"' in svg and 'class="locomotive"' in svg
    assert 'aria-label="domino locomotive-letter S"' in tile_svg(LocoTile("S"))
    assert 'aria-label="domino locomotive-locomotive"' in tile_svg(LocoTile("L"))
    s = set_svg(DominoSet(12, locomotives=True))
    assert s.count('class="tile"') == 112 and "Super-train set, 112 dominoes" in s
    g = sup(["12:12 0:1", "L:5 4:4"], "0:2")
    play_all(g, "12:12", "L:5>T2")
    pic = table_svg(g)
    assert 'aria-label="domino locomotive-5"' in pic      # on P2's train, as laid
    assert g.to_json(viewer=None)["hands"][1] == [[4, 4]]
    json.dumps(g.to_json())


def test_the_board_plays_a_super_train_round_laying_its_locomotives():
    """The board's hand shows the locomotive tiles (``L-3``); pressing one offers its
    trains by name, and a whole round is played by requests, locomotives first."""
    w = GameBoard(V, players=3, human=0, seed=1, delay=0, super_train=True)
    laid = 0
    for _ in range(300):
        v = w.view
        if v["round_over"]:
            break
        assert v["my_turn"] and not w.error
        playable = [h for h in v["hand"] if h["playable"]]
        if playable:
            tile = next((h for h in playable if h["a"] == "L"), playable[0])
            assert 'class="tile"' in tile["svg"]
            send_msg(w, type="tile", tile=tile["tile"])
            ch = w.view["choices"]
            if ch:
                send_msg(w, type="play", move=ch[0]["move"])
            laid += tile["a"] == "L"
        else:
            send_msg(w, type="play", move=str(w.state.legal_moves()[0]))
        assert not w.error, w.error
    assert w.view["round_over"] and laid >= 1
    assert 'aria-label="domino locomotive-' in str(w.view)


def send_msg(w, **msg):
    w._handle_custom_msg(msg, [])


def test_the_terminal_table_writes_the_locomotive_tiles_as_laid(capsys, monkeypatch):
    """``dominolab play mexican_train --options super_train=true``: the table is written
    one row a train (``T1 · P1's train: 11:12 L:5 5:3``), every locomotive tile as its
    notation (``L:5``, ``L:L``, ``L:D``), never as a pair of numbers it does not have.
    The human's seat (P1) plays the first move listed every turn; every tile written on a
    train row is one of the tiles laid on that train."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400 + "quit\n"))
    assert main(["play", V, "--players", "3", "--seed", "5", "--rounds", "1",
                 "--options", "super_train=true"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^(T\d|M) · [^:\n]*: (.*)$", out, re.M)
    assert rows and any(r[0] == "M" for r in rows)
    written = {t for _, r in rows for t in r.split() if t != "(empty)"}
    locos = {t for t in written if t.startswith("L:")}
    assert locos and all(isinstance(Tile.parse(t), LocoTile) for t in locos), locos
    assert any(t[2:] in LOCO_LETTERS for t in locos), locos    # a letter tile was laid
    assert all(not isinstance(Tile.parse(t), LocoTile) for t in written - locos)
    assert re.search(r"^open ends: T1 \d+ · T2 \d+ · T3 \d+ · M \d+$", out, re.M)
    assert "hub (engine): [" in out


def test_the_terminal_table_follows_the_round_with_markers_and_locomotives():
    g = sup(["12:12 L:5 5:9", "12:3 L:D 0:1"], "8:9 2:6 4:4 1:1")
    play_all(g, "12:12", "L:D>T2", "L:5>T1", "12:3>M", "5:9>T1", "draw", "pass")
    assert table_text(g).splitlines() == [
        "hub (engine): [12|12]", "T1 · P1's train: L:5 5:9",
        "T2 · P2's train · marker out: L:D", "M · the Mexican train: 12:3",
        "open ends: T1 9 · T2 12 · M 3"]
    h = sup(["12:12 12:5 0:1", "12:3 3:3 1:5"])
    play_all(h, "12:12", "12:3>T2", "12:5>T1", "3:3>T2")
    assert table_text(h).splitlines()[1:] == [
        "T1 · P1's train: 12:5", "T2 · P2's train · double to satisfy: 12:3 3:3",
        "M · the Mexican train: (empty)", "open ends: T2 3"]


def test_the_table_of_trains_and_the_train_rules_speak_russian():
    """The same round as above in Russian: the rows, the markers, a double waiting, the
    open ends, why a move is refused and the round's result come from the catalog; the
    tiles and the moves are the same."""
    from dominolab.i18n import using

    g = sup(["12:12 L:5 5:9", "12:3 L:D 0:1"], "8:9 2:6 4:4 1:1")
    play_all(g, "12:12", "L:D>T2", "L:5>T1", "12:3>M", "5:9>T1", "draw", "pass")
    with using("ru"):
        rows = table_text(g).splitlines()
        svg = table_svg(g)
    assert rows == ["центр (стартовый дубль): [12|12]", "T1 · поезд P1: L:5 5:9",
                    "T2 · поезд P2 · маркер выставлен: L:D", "M · мексиканский поезд: 12:3",
                    "открытые концы: T1 9 · T2 12 · M 3"]
    assert "поезд P2 · маркер выставлен" in svg and "hub" not in svg
    h = sup(["12:12 12:5 3:4 5:6", "12:3 3:3 1:5 0:1"])
    play_all(h, "12:12", "12:3>T2", "12:5>T1", "3:3>T2")
    with using("ru"):
        assert "T2 · поезд P2 · дубль надо закрыть: 12:3 3:3" in table_text(h)
        with pytest.raises(IllegalMove, match="надо закрыть раньше любого другого хода"):
            h.play("1:5>T1")            # P2 plays again after his double
    with pytest.raises(IllegalMove, match="must be satisfied before any other play"):
        h.play("1:5>T1")
    with using("ru"):
        assert table_text(new_round(V, hands=["12:12", "1:2"])) == "стол: (пусто)"


def test_the_markers_read_so_far_follow_undo_and_another_move_in_its_place():
    """markers() reads only the moves added since its last call on a history; after an
    undo and other moves it agrees with a reading of the whole history afresh."""
    g = new_game(V, players=3, seed=5, super_train=True)
    rng = random.Random(5)
    checked = 0
    while not g.is_over() and checked < 120:
        g.play(rng.choice(list(g.legal_moves())))
        before = markers(g)
        if len(g.history) > 3 and rng.random() < 0.3:
            for _ in range(rng.randrange(1, 4)):
                g.undo()
            g.play(rng.choice(list(g.legal_moves())))
        got = markers(g)
        mexican_train._MARKERS_READ.clear()
        assert got == markers(g), g.history
        assert isinstance(before, set)
        checked += 1
    assert checked > 20
