"""The compact double-dummy search on a cross (dominolab.games.cross_search) against the
engine search and plain minimax, in every reading of the cross games it covers."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dominolab import DominoSet, Tile
from dominolab.games import get_rules, new_game, new_round
from dominolab.games.cross_search import CL, CrossCompact, cross_ok, native_available, state_of
from dominolab.games.search import move_values, solve
from dominolab.games.spinner_layout import SpinnerLayout, parts_sum
from dominolab.tiles import tile_index

from .games_helpers import dealt
from .repo_state import shares
from .test_solver import reference_value

#: (variant, options): every reading of the opening, closing and several-doubles rules.
READINGS = [
    ("osyol", {}),
    ("osyol", {"spinner_opens": "after_sides"}),
    ("osyol", {"closing": "none"}),
    ("osyol", {"closing": "not_base", "multi_doubles": False}),
    ("osyol", {"spinner_opens": "after_sides", "closing": "not_base"}),
    ("osyol", {"pairs": True}),
    ("checheve", {}),
    ("checheve", {"spinner_opens": "after_sides", "closing": "any"}),
    # the table scores its fives (Telefon): in pairs, each for himself, by count of fives
    # with only the spinner's halves both counted, a flat five with no double counted twice
    ("telefon", {}),
    ("telefon", {"pairs": False}),
    ("telefon", {"fives": "count", "count_doubles": "spinner"}),
    ("telefon", {"fives": "flat", "count_doubles": "none", "lead_double": True}),
    # Muggins: each double after the spinner laid across or lengthwise as the player chooses;
    # every double but the spinner one half; four players in pairs, going out with the pips
    ("muggins", {}),
    ("muggins", {"count_doubles": "spinner", "fives": "count"}),
    ("muggins", {"pairs": True, "out_pips": True, "fives": "flat"}),
    # N and S open once both sides of the spinner are covered (Muggins' English convention;
    # Telefon's several doubles at once)
    ("muggins", {"spinner_opens": "after_sides"}),
    ("telefon", {"spinner_opens": "after_sides"}),
]


def cross_position(rng, variant, options, left):
    """A round of ``variant`` with random hands and no boneyard, led and played forward at
    random until ``left`` tiles (a number in that range) are still in hands."""
    r = get_rules(variant).with_options(**options)
    while True:
        players = rng.choice(r.player_counts)
        size = min(r.hand_size(players), 28 // players)
        tiles = list(DominoSet(r.set_max).tiles)
        rng.shuffle(tiles)
        hands = [tiles[size * i:size * i + size] for i in range(players)]
        g = new_round(r, hands, [], leader=rng.randrange(players))
        stop = rng.randint(*left)
        while not g.is_over() and (not g.history
                                   or sum(h.bit_count() for h in g.hands) > stop):
            g.play(rng.choice(list(g.legal_moves())))
        if not g.is_over():
            return g


#: (variant, options) with a boneyard drawn until a tile fits: Chechevé's four players (6
#: tiles each), two or three players of Osyol (Kozel's last tile never drawn), Telefon and
#: Muggins
DRAW_READINGS = [
    ("checheve", {}),
    ("checheve", {"spinner_opens": "after_sides", "closing": "any"}),
    ("osyol", {}),
    ("osyol", {"closing": "not_base", "multi_doubles": False}),
    ("telefon", {"pairs": False}),
    # (going out with the pips: the leaf reads the hands as well as the table's fives)
    ("muggins", {"out_pips": True}),
]


def boneyard_position(rng, variant, options, left):
    """A round of ``variant`` dealt as its rules deal (the rest a boneyard, in a random order)
    led and played forward at random until ``left`` tiles are in hands, with tiles still to
    draw and the player to move holding one that fits (a draw of his own is the engine's)."""
    r = get_rules(variant).with_options(**options)
    while True:
        players = rng.choice([k for k in r.player_counts if r.hand_size(k) * k < 28])
        size = r.hand_size(players)
        tiles = list(DominoSet(r.set_max).tiles)
        rng.shuffle(tiles)
        hands = [tiles[size * i:size * i + size] for i in range(players)]
        g = new_round(r, hands, tiles[size * players:], leader=rng.randrange(players))
        stop = rng.randint(*left)
        while not g.is_over() and (not g.history
                                   or sum(h.bit_count() for h in g.hands) > stop):
            g.play(rng.choice(list(g.legal_moves())))
        if not g.is_over() and g.can_draw_any() and g.can_play(g.current_player):
            return g


def _agree(which, seed, variant, options, left, position=None):
    """How many of the positions ``which`` (a range) of the stream ``seed`` deals went to the
    compact search, each checked against the engine search."""
    covered = 0
    known = position is not None
    deal = position or cross_position
    for g in dealt(lambda rng: deal(rng, variant, options, left), seed, which):
        by = "known" if known else "refuse"
        a = solve(g, boneyard=by)
        b = solve(g, method="engine", boneyard=by)
        assert (a.value, a.best_moves) == (b.value, b.best_moves), \
            (variant, options, [str(m) for m in g.history])
        covered += a.method == "compact"
    return covered


@pytest.mark.parametrize("variant,options", READINGS)
@pytest.mark.parametrize("share", shares(range(8), range(8, 25)))
def test_cross_search_equals_the_engine_search(variant, options, share):
    # every position here is on the compact cross search (the lead is made, no boneyard)
    assert _agree(share, 41, variant, options, left=(6, 12)) == len(share)


@pytest.mark.slow
@pytest.mark.parametrize("variant,options", READINGS)
def test_cross_search_equals_the_engine_search_200(variant, options):
    assert _agree(range(200), 410, variant, options, left=(6, 15)) == 200


@pytest.mark.parametrize("variant,options", DRAW_READINGS)
@pytest.mark.parametrize("share", shares(range(8), range(8, 25)))
def test_cross_search_with_a_boneyard_equals_the_engine_search(variant, options, share):
    # the draws after each move are the search's, in the boneyard's known order
    assert _agree(share, 47, variant, options, (4, 10), boneyard_position) == len(share)


@pytest.mark.slow
@pytest.mark.parametrize("variant,options", DRAW_READINGS)
def test_cross_search_with_a_boneyard_equals_the_engine_search_200(variant, options):
    assert _agree(range(200), 470, variant, options, (4, 12), boneyard_position) == 200


def test_cross_search_on_a_double_twelve_set():
    # a set of 91 tiles (tile indices past 64) on the cross: the same values as the engine
    r = dataclasses.replace(get_rules("osyol"), set_max=12)
    rng = random.Random(29)
    for _ in range(12):
        tiles = list(DominoSet(12).tiles)
        rng.shuffle(tiles)
        g = new_round(r, [tiles[5 * i:5 * i + 5] for i in range(3)], [],
                      leader=rng.randrange(3))
        while not g.is_over() and (not g.history or sum(h.bit_count() for h in g.hands) > 9):
            g.play(rng.choice(list(g.legal_moves())))
        if g.is_over():
            continue
        assert cross_ok(g)
        a, b = solve(g), solve(g, method="engine")
        assert (a.value, a.best_moves) == (b.value, b.best_moves), [str(m) for m in g.history]
        # every arms state's moves for one tile are that tile's (each kept by its own key)
        from dominolab.games.leaf import INF
        C = CrossCompact(g)
        C.value_of(g, -INF, INF)
        for sid in range(len(C.states)):
            for i in range(len(C.tiles)):
                if C.pm[sid] >> i & 1:
                    assert {d[0] for mv in C.moves(sid, 1 << i) for d in mv[3]} == {i}


@pytest.mark.parametrize("variant,options", READINGS)
def test_cross_search_small_positions_equal_plain_minimax(variant, options):
    rng = random.Random(43)
    for _ in range(12):
        g = cross_position(rng, variant, options, left=(3, 7))
        assert solve(g).value == reference_value(g), [str(m) for m in g.history]


@pytest.mark.parametrize("variant,options", DRAW_READINGS)
@pytest.mark.parametrize("share", shares(range(3), range(3, 8)))
def test_cross_search_small_positions_with_a_boneyard_equal_plain_minimax(variant, options,
                                                                          share):
    for g in dealt(lambda rng: boneyard_position(rng, variant, options, left=(3, 6)), 53,
                   share):
        assert cross_ok(g)
        assert solve(g, boneyard="known").value == reference_value(g), \
            [str(m) for m in g.history]


def test_move_values_on_the_cross_search():
    rng = random.Random(5)
    for _ in range(10):
        g = cross_position(rng, "osyol", {}, left=(7, 10))
        a = solve(g, method="engine")
        vals = dict((str(m), v) for m, v in move_values(g))
        assert max(vals.values()) == a.value
        assert sorted(k for k, v in vals.items() if v == a.value) == \
            sorted(str(m) for m in a.best_moves)


def test_several_doubles_and_closing_are_searched():
    # P2 may lay 3:3 and 5:5 at once, each open or closed, in either order (no spinner yet)
    g = new_round("osyol", hands=["3:5 1:2 0:1", "3:3 5:5 0:6", "2:4 6:6 1:4"], boneyard=[],
                  leader=0)
    g.play("3:5")
    a = solve(g)
    assert a.method == "compact"
    assert (a.value, a.best_moves) == (lambda b: (b.value, b.best_moves))(
        solve(g, method="engine"))
    C = CrossCompact(g)
    sid = C.sid(state_of(g.layout))
    moves = C.moves(sid, g.hands[1] & C.pm[sid])
    several = [m for m in moves if len(m[3]) == 2]
    # both open (3:3 the spinner, or 5:5), one closed and the other the spinner, both closed
    assert len(several) == 2 + 2 + 1
    both_closed = [m for m in several if all(c for _, c in m[3])]
    assert C.states[both_closed[0][1]] == (0, CL, CL)
    assert C.pm[both_closed[0][1]] == 0       # a dead table: the round is blocked


def test_arms_states_of_layouts():
    lay = SpinnerLayout()
    lay.place(Tile(4, 4), None)
    assert state_of(lay) == (1, 4, 4, 4, 4)
    lay = SpinnerLayout(spinner_opens="after_sides")
    lay.place(Tile(4, 4), None)
    assert state_of(lay) == (2, 9, 9, 4)          # both sides still show the spinner's face
    lay.place(Tile(4, 1), "W")
    assert state_of(lay) == (2, 2, 9, 4)
    lay.place(Tile(4, 6), "E")
    assert state_of(lay) == (1, 1, 4, 4, 6)       # covered: N and S open on 4
    lay = SpinnerLayout(closing="any")
    lay.place(Tile(3, 5), None)
    lay.place(Tile(3, 3), "W!")
    assert state_of(lay) == (0, 5, CL)            # a closed double is never the spinner
    lay.place(Tile(5, 5), "E")
    assert state_of(lay) == (1, 5, 5, 5, CL)


def test_what_the_cross_search_does_not_take():
    # Telefon's fives are taken (they read the open ends' sum only), N and S opening at once
    # or after the house's sides, but not where every double is a house
    for options, taken in (({}, True), ({"spinner_opens": "after_sides"}, True),
                           ({"houses": "every_double"}, False)):
        g = new_game("telefon", seed=2, **options)
        while not g.is_over() and g.layout.is_empty():
            g.play(next(iter(g.legal_moves())))
        assert cross_ok(g) is taken, options
    # Muggins' doubles laid either way are taken one tile a turn, never closed (not with a
    # closing rule or several doubles at once)
    for variant, options, taken in (
            ("muggins", {}, True), ("muggins", {"closing": "any"}, False),
            ("muggins", {"spinner_opens": "after_sides"}, True),
            ("telefon", {"count_doubles": "choice"}, False),
            ("telefon", {"count_doubles": "choice", "multi_doubles": False}, True)):
        for seed in range(20):      # (a deal whose second player holds a tile that fits)
            g = new_game(variant, seed=seed, **options)
            g.play(next(iter(g.legal_moves())))
            if g.can_play(g.current_player):
                break
        assert g.can_play(g.current_player), (variant, options)
        assert cross_ok(g) is taken, (variant, options)
    # a table that scores without the capability that says how (table_points_sum) is not
    g = new_game(dataclasses.replace(get_rules("telefon"), table_points_sum=None), seed=2)
    while not g.is_over() and g.layout.is_empty():
        g.play(next(iter(g.legal_moves())))
    assert g.rules.table_points is not None and not cross_ok(g)
    # a boneyard drawn until a tile fits is taken (its order known) while the player to move
    # holds a tile that fits; his own draws are the engine's, and so is a boneyard drawn
    # one tile a turn
    g = new_game("checheve", seed=3)
    g.play(next(iter(g.legal_moves())))
    while not g.is_over() and g.can_play(g.current_player):
        assert g.can_draw_any() and cross_ok(g)
        g.play(next(iter(g.legal_moves())))
    assert g.can_draw_any() and next(iter(g.legal_moves())).kind == "draw" and not cross_ok(g)
    g = new_game(dataclasses.replace(get_rules("checheve"), draw="one"), seed=3)
    g.play(next(iter(g.legal_moves())))
    assert g.can_draw_any() and g.can_play(g.current_player) and not cross_ok(g)


def test_the_parts_of_the_arms_add_up_to_the_open_ends_sum():
    # on random tables of Telefon's readings: the arms state with parts gives the table
    # points of SpinnerLayout.end_sum (the engine's) for every position a round goes through
    # (Muggins: doubles lengthwise too, each adding one half)
    rng = random.Random(17)
    for variant, options in (("telefon", {}), ("telefon", {"count_doubles": "spinner"}),
                             ("telefon", {"count_doubles": "none"}), ("muggins", {}),
                             ("muggins", {"spinner_opens": "after_sides"}),
                             ("telefon", {"spinner_opens": "after_sides"})):
        r = get_rules(variant).with_options(**options)
        seen = tables = 0
        for _ in range(40):
            g = cross_position(rng, variant, options, left=(0, 27))
            C = CrossCompact(g)
            replay = new_round(r, [list(h) for h in g.initial_hands], [], leader=g.leader)
            for m in g.history:
                replay.play(m)
                lay = replay.layout
                assert parts_sum([(v, part) for _e, v, part in lay.end_parts()],
                                 lay.count_doubles) == lay.end_sum()
                sid = C.sid(state_of(lay, kinds=True))
                assert C.gain[sid] == r.table_points(lay, r), (options, str(m))
                seen += C.gain[sid] > 0
                tables += 1
        assert seen * 10 > tables, (variant, options)   # many of those tables score


def _arms_after_moves(g):
    """The arms states (with parts) the cross search's moves from ``g`` lead to, and those of
    the engine's layout after each of its legal plays (a pass leaves the table as it is)."""
    C = CrossCompact(g)
    sid = C.sid(state_of(g.layout, kinds=True))
    ours = {C.states[mv[1]] for mv in C.moves(sid, g.hands[g.current_player] & C.pm[sid])}
    theirs = {}
    for m in g.legal_moves():
        if m.kind == "play":
            after = g.copy()
            after.play(m)
            theirs[str(m)] = after
    return C, ours, theirs


@pytest.mark.parametrize("variant,options", [
    ("muggins", {}), ("muggins", {"spinner_opens": "after_sides"}),
    ("telefon", {"spinner_opens": "after_sides"}),
    ("telefon", {"count_doubles": "spinner", "multi_doubles": False})])
def test_the_moves_of_an_arms_state_are_the_engines(variant, options):
    # where the table scores: from random tables, the arms states the cross search's moves
    # lead to are those of the engine's layout after each of its legal moves (N and S
    # opening at once or once the spinner's sides are covered, doubles across or lengthwise)
    rng = random.Random(23)
    r = get_rules(variant).with_options(**options)
    waiting = 0
    for _ in range(60):
        g = cross_position(rng, variant, options, left=(2, 27))
        _C, ours, after = _arms_after_moves(g)
        theirs = {state_of(x.layout, kinds=True) for x in after.values()}
        assert ours == theirs, (variant, options, [str(m) for m in g.history])
        waiting += g.layout.spinner is not None and not g.layout.cross_open()
    assert r.opt("spinner_opens") == "at_once" or waiting > 5


def test_two_doubles_on_a_line_whose_spinner_waits_for_its_sides():
    # Telefon, N and S after the house's sides: 3:3 and 5:5 at once on the line 3:5, in
    # either order (the first is the house, the other a double across the other end); the
    # arms states of the cross search's moves are those of the engine's moves
    r = get_rules("telefon").with_options(spinner_opens="after_sides")
    g = new_round(r, hands=["3:5 0:1 2:6 1:4 0:6 2:4 1:6", "3:3 5:5 0:3 1:5 2:2 4:6 0:0",
                            "1:1 0:2 0:4 1:2 2:3 3:6 4:4", "1:3 2:5 3:4 4:5 5:6 6:6 0:5"],
                  boneyard=[], leader=0)
    g.play("3:5")
    assert cross_ok(g)
    C, ours, after = _arms_after_moves(g)
    assert {"P2 3:3>W+5:5>E", "P2 5:5>E+3:3>W"} <= set(after)
    theirs = set()
    for m, x in after.items():
        theirs.add(state_of(x.layout, kinds=True))
        assert C.gain[C.sid(state_of(x.layout, kinds=True))] == r.table_points(x.layout, r), m
    assert ours == theirs and len(theirs) == 6


def test_a_double_after_the_spinner_is_searched_both_ways():
    # Muggins: 6:6 on an arm showing 6 either across (12 on the table) or lengthwise (6); the
    # cross search makes both, each with the table points of its open ends' sum, and its value
    # is the engine search's
    g = new_round("muggins", hands=["5:5 6:6 1:1", "5:6 0:1 2:3"], boneyard=[], leader=0)
    g.play("5:5")
    g.play("5:6>E")
    assert sorted(str(m) for m in g.legal_moves()) == ["P1 6:6>E", "P1 6:6>E-"]
    assert cross_ok(g)
    C = CrossCompact(g)
    sid = C.sid(state_of(g.layout, kinds=True))
    six = tile_index(6, 6)
    ways = C.moves(sid, 1 << six)
    lay_across, lay_long = g.copy(), g.copy()
    lay_across.play("6:6>E")
    lay_long.play("6:6>E-")
    r = g.rules
    assert sorted(mv[5] for mv in ways) == sorted(
        r.table_points(x.layout, r) for x in (lay_across, lay_long))
    assert len({mv[1] for mv in ways}) == 2
    a, b = solve(g), solve(g, method="engine")
    assert a.method == "compact" and (a.value, a.best_moves) == (b.value, b.best_moves)


def test_the_cross_search_searches_fewer_positions():
    rng = random.Random(8)
    g = cross_position(rng, "osyol", {}, left=(12, 12))
    a = solve(g, best=False, line=False)
    b = solve(g, best=False, line=False, method="engine")
    assert a.value == b.value and a.nodes < b.nodes


@pytest.mark.parametrize("variant,options", [("osyol", {}), ("checheve", {}),
                                             ("osyol", {"pairs": True})])
def test_a_last_tile_going_out_is_taken_without_a_node(variant, options):
    # the value of a player going out with his one fitting tile is read at once instead of
    # searched as a node: the same values as searching it, fewer positions
    from dominolab.games.leaf import INF
    rng = random.Random(17)
    fewer = 0
    for _ in range(12):
        g = cross_position(rng, variant, options, left=(6, 11))
        assert cross_ok(g)
        quick, plain = CrossCompact(g), CrossCompact(g, last_out=False)
        v = quick.value_of(g, -INF, INF)
        assert v == plain.value_of(g, -INF, INF), [str(m) for m in g.history]
        for t in (-3, 0, 4):
            # null-window tests too: the same answer, each a true bound (fail-soft: where
            # the goat score's bounds settle a node, the two may stop at different bounds)
            a = CrossCompact(g).value_of(g, t - 1, t)
            b = CrossCompact(g, last_out=False).value_of(g, t - 1, t)
            assert (a >= t) == (b >= t) == (v >= t)
            assert all(t <= x <= v if v >= t else v <= x < t for x in (a, b))
        assert quick.nodes <= plain.nodes
        fewer += quick.nodes < plain.nodes
    assert fewer >= 6


def test_the_collector_is_paused_only_during_the_search():
    import gc
    g = cross_position(random.Random(3), "osyol", {}, left=(8, 8))
    assert gc.isenabled()
    a = solve(g, best=False, line=False)
    assert a.method == "compact" and gc.isenabled()
    gc.disable()            # a caller that paused it himself gets it back paused
    try:
        assert solve(g, best=False, line=False).value == a.value
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_losers_record_pips_bounds_the_cuban_search():
    # Cuban's losers record their own pips: a side's value lies between minus its own pips
    # and the others' pips, so the line search clips its window (same value, less work)
    import dataclasses

    def position(rules):
        g = new_game(rules, seed=4)
        rng = random.Random(2)
        for _ in range(16):
            g.play(rng.choice(list(g.legal_moves())))
        return g

    g = position(get_rules("cuban"))
    assert g.rules.score_model == "losers_record_pips"
    h = position(dataclasses.replace(g.rules, score_model=None))
    assert [str(m) for m in h.history] == [str(m) for m in g.history]
    a = solve(g, best=False, line=False)
    b = solve(h, best=False, line=False)
    assert a.value == b.value and a.nodes < b.nodes


# -- the node loop in C (dominolab/games/_crossc.c) -----------------------------------------
def test_the_c_node_loop_is_built():
    # make test installs the package with its compiled node loop (hatch_build.py); a machine
    # that cannot compile it runs the Python closure, and says so with DOMINOLAB_PURE=1
    import os

    from dominolab.games import cross_search
    if os.environ.get("DOMINOLAB_PURE", "") not in ("", "0"):
        pytest.skip("DOMINOLAB_PURE asks for the Python search alone")
    assert cross_search.native_available()


def test_pure_turns_the_c_node_loop_off(monkeypatch):
    from dominolab.games import cross_search
    g = cross_position(random.Random(5), "osyol", {}, left=(8, 8))
    monkeypatch.setenv("DOMINOLAB_PURE", "1")
    assert not cross_search.native_available()
    assert CrossCompact(g).native is False
    monkeypatch.setenv("DOMINOLAB_PURE", "0")
    assert CrossCompact(g).native is cross_search.native_available()


def _searches(C, g, windows):
    """(value, positions so far) after each window, on one instance (its table kept)."""
    out = []
    for a, b in windows:
        out.append((C.value_of(g, a, b), C.nodes))
    return out


@pytest.mark.skipif("not __import__('dominolab.games.cross_search').games.cross_search"
                    ".native_available()")
@pytest.mark.parametrize("variant,options,position",
                         [(v, o, cross_position) for v, o in READINGS]
                         + [(v, o, boneyard_position) for v, o in DRAW_READINGS])
@pytest.mark.parametrize("share", shares(range(1), range(1, 3)))
def test_the_c_node_loop_searches_as_the_python_closure(variant, options, position, share):
    # the same moves in the same order: the same values and the same number of positions,
    # window after window on one table (bounds kept between calls, as the engine calls it)
    from dominolab.games.leaf import INF
    for g in dealt(lambda rng: position(rng, variant, options, (10, 15)), 29, share):
        assert cross_ok(g)
        # the closure's search in the full window is the first of its windows below
        py = CrossCompact(g, native=False)
        v = py.value_of(g, -INF, INF)
        windows = [(-INF, INF), (v - 1, v), (v, v + 1), (v - 9, v - 8), (v + 4, v + 5),
                   (-3, 7)]
        # (table_floor=0: the C loop keeps every position in its table, as the closure does)
        c = CrossCompact(g, native=True, table_floor=0)
        exact = [(v, py.nodes)] + _searches(py, g, windows[1:])
        assert _searches(c, g, windows) == exact, [str(m) for m in g.history]
        # a fresh table climbing as the null-window driver does
        ladder = [(t - 1, t) for t in (0, 5, -5, 1)]
        assert _searches(CrossCompact(g, native=True, table_floor=0), g, ladder) == \
            _searches(CrossCompact(g, native=False), g, ladder)
        assert c.hands == py.hands          # the hands are given back as they were
        # its own floor (small positions out of its table): the same answers in every
        # window, each a true bound (fail-soft), the exact value in the full one
        floored = CrossCompact(g, native=True)
        assert floored.table_floor == (2 * g.players + 2 if floored.bound_team is not None
                                       else 0)
        for (x, _), (y, _), (a, b) in zip(_searches(floored, g, windows), exact, windows):
            assert (x <= a) == (y <= a) and (x >= b) == (y >= b)
            assert x == v if (a, b) == (-INF, INF) else (x <= v if x <= a else x >= v)
        assert floored.hands == py.hands


@pytest.mark.skipif("not __import__('dominolab.games.cross_search').games.cross_search"
                    ".native_available()")
@pytest.mark.parametrize("options,position", [({}, cross_position), ({"pairs": True}, cross_position),
                                              ({}, boneyard_position)])
def test_the_c_node_loop_scores_the_goat_as_its_hook_with_eggs_carried(options, position):
    # Rules.score_model "goat": the C loop works a leaf out itself (the closure calls
    # goat_score); eggs carried from earlier rounds go to the heaviest side that records
    import dataclasses

    from dominolab.games.leaf import INF
    from dominolab.games.rules import RoundContext
    assert get_rules("osyol").score_model == "goat"
    rng = random.Random(31)
    values = set()
    for eggs in (0, 7, 23):
        g = position(rng, "osyol", options, (9, 13))
        g.context = dataclasses.replace(g.context or RoundContext(), eggs=eggs)
        c, py = CrossCompact(g, native=True, table_floor=0), CrossCompact(g, native=False)
        assert c.goat and c.eggs_in == eggs
        windows = [(-INF, INF), (-1, 0), (-20, -19), (5, 6)]
        got = _searches(c, g, windows)
        assert got == _searches(py, g, windows), [str(m) for m in g.history]
        values.add(got[0][0])
    assert len(values) > 1


@pytest.mark.skipif("not __import__('dominolab.games.cross_search').games.cross_search"
                    ".native_available()")
def test_an_error_in_the_scoring_comes_out_of_the_c_node_loop():
    from dominolab.games.leaf import INF
    g = cross_position(random.Random(6), "telefon", {}, left=(12, 12))

    class Broken(CrossCompact):
        calls = 0

        def score(self, ended, f, desc):
            Broken.calls += 1
            if Broken.calls > 3:
                raise RuntimeError("scoring failed")
            return super().score(ended, f, desc)

    c = Broken(g, native=True)
    before = list(c.hands)
    with pytest.raises(RuntimeError, match="scoring failed"):
        c.value_of(g, -INF, INF)
    assert c.hands == before        # given back as they were, each unwound level
    assert CrossCompact(g, native=True).value_of(g, -INF, INF) == \
        CrossCompact(g, native=False).value_of(g, -INF, INF)


def test_chechevé_reads_the_last_move_only_for_its_two_tiles():
    # Rules.last_tiles: a leaf keyed by the hands' values also says whether the last move
    # laid 0:0 or 6:6 (going out on 0:0 makes goats of all; on 6:6 each records 50)
    rules = get_rules("checheve")
    assert rules.hand_value is not None and set(rules.last_tiles) == {Tile(0, 0), Tile(6, 6)}
    g = cross_position(random.Random(4), "checheve", {}, left=(9, 12))
    C = CrossCompact(g)
    C.hands[g.current_player] = 0
    out = {t: C.leaf("out", g.current_player, ((tile_index(t, t), False),)) for t in (1, 0, 6)}
    assert len(set(out.values())) == 3, out


@pytest.mark.skipif("not __import__('dominolab.games.cross_search').games.cross_search"
                    ".native_available()")
def test_a_c_search_and_its_table_are_freed_with_their_cross_search():
    # the C searcher and its CrossCompact hold each other; the collector must free both
    # (a full Osyol deal's table is hundreds of megabytes)
    import gc
    import weakref

    from dominolab.games.leaf import INF
    g = cross_position(random.Random(9), "osyol", {}, left=(10, 10))
    c = CrossCompact(g, native=True)
    v = c.value_of(g, -INF, INF)
    gone = weakref.ref(c)
    del c
    gc.collect()
    assert gone() is None
    assert CrossCompact(g, native=True).value_of(g, -INF, INF) == v


@pytest.mark.parametrize("options", [{}, {"pairs": True}])
def test_the_goat_bounds_hold_for_every_end_the_hands_allow(options):
    # CrossCompact.goat_bounds claims the root side's value of any end of the round from
    # the hands held lies between its two numbers, whatever is played: checked against the
    # goat score of every end the hands allow (each hand any part of what it holds, gone out
    # or blocked, every finisher), with eggs carried in; the hands of played-out positions,
    # then small hands dealt at random in the same rounds, so that blocks tie often
    import itertools

    from dominolab.games.cross_search import _Searcher as Searcher
    from dominolab.games.leaf import LeafView, side_value
    from dominolab.games.rules import RoundContext
    rng = random.Random(41)
    r = get_rules("osyol").with_options(**options)
    bits = [1 << i for i in range(28)]
    tight = fresh_needed = 0
    for _ in range(16):
        g = cross_position(rng, "osyol", options, left=(5, 9))
        g.context = dataclasses.replace(g.context or RoundContext(),
                                        eggs=rng.choice([0, 0, 6, 13]))
        c = CrossCompact(g, native=False)
        assert c.bound_team is not None
        # (the C node loop's own: the same numbers)
        fast = Searcher(c, c._hv is not None) if Searcher is not None else None
        for deal in range(6):
            if deal:
                order = rng.sample(bits, 28)
                c.hands[:] = [sum(order[3 * p:3 * p + rng.randint(1, 3)])
                              for p in range(g.players)]
            lo, hi = c.goat_bounds()
            assert fast is None or fast.bounds() == (lo, hi)
            parts = [[sum(s) for k in range(h.bit_count() + 1)
                      for s in itertools.combinations([b for b in bits if h & b], k)]
                     for h in c.hands]
            seen = []
            for masks in itertools.product(*parts):
                out = [f for f in range(g.players) if masks[f] == 0]
                if len(out) > 1:            # (one player goes out, and the round is over)
                    continue
                ended, f = ("out", out[0]) if out else ("blocked", g.current_player)
                view = LeafView(g, list(masks), ended, f, [g.history[0], g.history[-1]])
                seen.append(side_value(r.scoring(view), c.side, r.penalties))
            assert lo <= min(seen) and max(seen) <= hi, (c.hands, c.eggs_in, lo, hi,
                                                         min(seen), max(seen))
            tight += lo == min(seen)
            # the eggs of a tied block taken by the root side, below its pips and the eggs in
            mine = sum(c.pips[i] for p in c.side for i in range(28) if c.hands[p] >> i & 1)
            fresh_needed += min(seen) < -(mine + c.eggs_in)
    assert tight >= 10
    if not options:
        assert fresh_needed >= 5


@pytest.mark.parametrize("options", [{}, {"pairs": True}])
def test_the_goat_bounds_keep_the_values_and_search_fewer_positions(options):
    from dominolab.games.leaf import INF
    rng = random.Random(43)
    fewer = 0
    for _ in range(6):
        g = cross_position(rng, "osyol", options, left=(12, 15))
        for native in [False] + [True] * native_available():
            a = CrossCompact(g, native=native, table_floor=0)
            b = CrossCompact(g, bounds=False, native=native, table_floor=0)
            assert a.bound_team is not None and b.bound_team is None
            v = a.value_of(g, -INF, INF)
            assert v == b.value_of(g, -INF, INF), [str(m) for m in g.history]
            for t in (v - 2, v, v + 1, v + 3):      # null windows: the same answers
                x, y = CrossCompact(g, native=native).value_of(g, t - 1, t), \
                    CrossCompact(g, bounds=False, native=native).value_of(g, t - 1, t)
                assert (x >= t) == (y >= t) == (v >= t)
            assert a.nodes <= b.nodes
            fewer += a.nodes < b.nodes
    assert fewer >= 6
