"""The double-dummy solver against a plain minimax, block analysis, fastest blocks.

The reference :func:`reference_value` below is written here, independently of
the solver: it walks the engine's own GameState with play/undo, no pruning, no
table, and scores finished rounds with the engine's ``result()``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab import DominoSet, Tile
from dominolab.errors import DominoError, InvalidPosition
from dominolab.games import VARIANTS, LineLayout, get_rules, new_game, new_round
from dominolab.games.solver import (
    NeedsChance,
    block_value,
    blocking_moves,
    can_force_block,
    fastest_block,
    is_blocked,
    solve,
)

from .games_helpers import dealt
from .repo_state import shares

# every line-layout variant of the engine (four-arm games are searched on the engine too,
# but the issue asks for the line games)
VARIANT_NAMES = [v for v in sorted(VARIANTS)
                 if isinstance(new_game(v, seed=1).layout, LineLayout)]


# ----------------------------------------------------------------------------
# the reference
# ----------------------------------------------------------------------------

def payoff(state, side):
    """Team points of ``side`` minus everybody else's (reversed in penalty games)."""
    res = state.result()
    mine = sum(pts for t, pts in enumerate(res.team_points)
               if set(res.teams[t]) & set(side))
    rest = sum(res.team_points) - mine
    return rest - mine if state.rules.penalties else mine - rest


def reference_value(state):
    """Plain minimax: the side to move maximises, every other player minimises."""
    side = state.teams[state.team_of[state.current_player]]
    g = state.copy()

    def mm():
        if g.is_over():
            return payoff(g, side)
        values = []
        for m in list(g.legal_moves()):
            g.play(m)
            values.append(mm())
            g.undo()
        return max(values) if g.current_player in side else min(values)

    return mm()


def random_position(rng, variant, max_hand=3, extra=2, boneyard=0):
    """A dealt round played forward at random until no hand holds more than ``max_hand``."""
    rules = get_rules(variant)
    players = rng.choice(rules.player_counts)
    size = len(DominoSet(rules.set_max).tiles)
    boneyard = min(boneyard, size - players * (max_hand + 1))
    extra = min(extra, (size - boneyard) // players - max_hand)
    tiles = list(DominoSet(rules.set_max).tiles)
    rng.shuffle(tiles)
    hands, k = [], 0
    for _ in range(players):
        n = rng.randint(1, max_hand) + extra
        hands.append(tiles[k:k + n])
        k += n
    g = new_round(variant, hands, tiles[k:k + boneyard], leader=rng.randrange(players))
    while not g.is_over() and max((h).bit_count() for h in g.hands) > max_hand:
        g.play(rng.choice(list(g.legal_moves())))
    return g


# ----------------------------------------------------------------------------
# values
# ----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("share", shares(range(200), range(200, 600)))
def test_value_equals_plain_minimax(variant, share):
    checked = 0
    for g in dealt(lambda rng: random_position(rng, variant), sum(map(ord, variant)), share):
        a = solve(g)
        assert a.value == reference_value(g), (variant, str(g), [str(m) for m in g.history])
        checked += not g.is_over()
    assert checked * 600 > 350 * len(share)     # most positions are still being played


@pytest.mark.parametrize("variant", ["classic", "kozel", "semyorka", "morskoy_kozel"])
def test_known_boneyard_equals_minimax(variant):
    rng = random.Random(11)
    for _ in range(120):
        g = random_position(rng, variant, boneyard=rng.choice([1, 2, 3]))
        a = solve(g, boneyard="known")
        g2 = g.copy()
        assert a.value == _reference_known(g2)


def _reference_known(g):
    # the engine draws the stored boneyard order, so plain minimax is the same walk
    return reference_value(g)


def test_boneyard_refused_with_a_clear_message():
    g = new_round("classic", hands=["1:1 2:3", "1:2 4:4"], boneyard="5:5 6:6 0:0", leader=0)
    with pytest.raises(NeedsChance, match="boneyard tile"):
        solve(g)
    assert isinstance(NeedsChance("x"), DominoError)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 9), variant=st.sampled_from(VARIANT_NAMES))
def test_best_moves_target_and_line_are_consistent(seed, variant):
    rng = random.Random(seed)
    g = random_position(rng, variant)
    a = solve(g)
    v = a.value
    if g.is_over():
        return
    # zero-window answers bracket the exact value
    assert solve(g, target=v).reaches and not solve(g, target=v + 1).reaches
    # every listed best move keeps the value, every other move loses something
    side = g.teams[g.team_of[g.current_player]]
    for m in g.legal_moves():
        g.play(m)
        child = payoff(g, side) if g.is_over() else _side_ref(g, side)
        g.undo()
        assert (child == v) == (m in a.best_moves), (str(m), child, v)
    # the line is legal and ends with the value
    h = g.copy()
    for m in a.line:
        h.play(m)
    assert h.is_over() and payoff(h, side) == v


def _side_ref(g, side):
    """Minimax value of ``g`` for a fixed ``side`` (which need not be to move)."""
    h = g.copy()

    def mm():
        if h.is_over():
            return payoff(h, side)
        vals = []
        for m in list(h.legal_moves()):
            h.play(m)
            vals.append(mm())
            h.undo()
        return max(vals) if h.current_player in side else min(vals)

    return mm()


def test_compact_and_engine_search_agree():
    rng = random.Random(3)
    for _ in range(150):
        variant = rng.choice(["sport", "classic", "kozel", "general", "cuban"])
        g = random_position(rng, variant, max_hand=4, extra=1)
        if g.is_over():
            continue
        a = solve(g, method="compact")
        b = solve(g, method="engine")
        assert a.value == b.value and a.best_moves == b.best_moves


#: line variants whose score reads each hand only through its pips (Rules.hand_value), in
#: each reading: the compact search scores their leaves once per tuple of hand pips, except
#: Cuban's winner_takes_all, whose pips_to_winner score has a closed form and no leaf
HAND_VALUE_LINES = [("kozel", {}), ("kozel", {"pairs": False}), ("cuban", {}),
                    ("cuban", {"points": "winner_takes_all"})]


def _hand_value_agree(count, seed, variant, options, left):
    rng = random.Random(seed)
    rules = get_rules(variant).with_options(**options)
    assert rules.hand_value is not None
    done = 0
    while done < count:
        players = rng.choice(rules.player_counts)
        size = min(rules.hand_size(players), len(DominoSet(rules.set_max).tiles) // players)
        tiles = list(DominoSet(rules.set_max).tiles)
        rng.shuffle(tiles)
        hands = [tiles[size * i:size * i + size] for i in range(players)]
        g = new_round(rules, hands, [], leader=rng.randrange(players))
        stop = rng.randint(*left)
        while not g.is_over() and sum(h.bit_count() for h in g.hands) > stop:
            g.play(rng.choice(list(g.legal_moves())))
        if g.is_over():
            continue
        a = solve(g, method="compact")
        b = solve(g, method="engine")
        assert (a.value, a.best_moves) == (b.value, b.best_moves), \
            (variant, options, [str(m) for m in g.history])
        done += 1


@pytest.mark.parametrize("variant,options", HAND_VALUE_LINES)
def test_kozel_and_cuban_on_the_compact_search_equal_the_engine_search(variant, options):
    _hand_value_agree(20, 61, variant, options, left=(6, 14))


@pytest.mark.slow
@pytest.mark.parametrize("variant,options", HAND_VALUE_LINES)
def test_kozel_and_cuban_on_the_compact_search_equal_the_engine_search_200(variant, options):
    _hand_value_agree(200, 610, variant, options, left=(8, 20))


def test_full_sport_deal_is_solved_exactly_with_bounded_work():
    g = new_game("sport", seed=0)
    a = solve(g, line=False)
    assert a.nodes < 600_000
    # the exact value is bracketed by two independent zero-window searches
    assert solve(g, target=a.value).reaches and not solve(g, target=a.value + 1).reaches
    # value = |pips| or 0 under sport scoring, and the best leads are legal
    assert a.best_moves and all(m in g.legal_moves() for m in a.best_moves)


def test_solver_leaves_the_state_untouched():
    g = new_game("sport", seed=4)
    for m in list(g.legal_moves())[:1]:
        g.play(m)
    before = (g.key(), len(g.history))
    solve(g)
    assert (g.key(), len(g.history)) == before


def test_malformed_positions_raise():
    g = new_round("sport", hands=["1:1", "", "2:2", "3:3"], leader=0)
    with pytest.raises(InvalidPosition, match="P2 holds no tile"):
        solve(g)
    g = new_round("sport", hands=["1:1 1:2", "2:2 0:1", "2:3", "3:3"], leader=0)
    with pytest.raises(DominoError, match="method"):
        solve(g, method="magic")
    with pytest.raises(DominoError, match="boneyard"):
        solve(g, boneyard="maybe")


def test_finished_round_has_its_score_as_value():
    g = new_round("classic", hands=["1:2", "0:0", "3:4"], leader=0)
    g.play("1:2")
    assert solve(g).value == 32 - 0          # P1 scored 32, the others nothing


# ----------------------------------------------------------------------------
# blocks
# ----------------------------------------------------------------------------

def test_is_blocked_and_blocking_moves_match_the_engine():
    rng = random.Random(5)
    seen = 0
    for _ in range(200):
        g = random_position(rng, "sport", max_hand=4, extra=2)
        if g.is_over():
            assert is_blocked(g) == (g.ended == "blocked")
            continue
        assert not is_blocked(g)
        bm = blocking_moves(g)
        for m in g.legal_moves():
            g.play(m)
            blocked = g.is_blocked()
            if blocked:
                assert block_value(g).team_points == g.result().team_points
            g.undo()
            assert blocked == any(m == b for b, _ in bm)
        seen += bool(bm)
    assert seen > 0


def _reference_force(g, side, k):
    if g.is_over():
        return g.ended == "blocked"
    if k <= 0:
        return False
    res = []
    for m in list(g.legal_moves()):
        g.play(m)
        res.append(_reference_force(g, side, k - (m.kind == "play")))
        g.undo()
    return any(res) if g.current_player in side else all(res)


def test_can_force_block_against_brute_force():
    rng = random.Random(8)
    forced = 0
    for _ in range(60):
        g = random_position(rng, "sport", max_hand=3, extra=1)
        if g.is_over():
            continue
        side = g.teams[g.team_of[g.current_player]]
        p = can_force_block(g)
        total = sum(len(g.hand(q)) for q in range(g.players))
        assert p.forced == _reference_force(g, side, total)
        if p.forced:
            forced += 1
            assert not _reference_force(g, side, p.tiles - 1)
            assert can_force_block(g, within=p.tiles).forced
            h = g.copy()
            for m in p.line:
                h.play(m)
            assert h.is_blocked()
            assert sum(m.kind == "play" for m in p.line) == p.tiles
    assert forced > 0


def _line_is_block(n, example):
    """Replay a line layout from (tile, end) and check that it is blocked, all tiles dealt."""
    from dominolab.games import LineLayout

    lay = LineLayout()
    for t, end in example:
        lay.place(t, end)
    used = {t for t, _ in example}
    ends = {k for _, k in lay.open_ends()}
    return all(not (t.has(e)) for t in DominoSet(n).tiles if t not in used for e in ends)


def _brute_fastest_line(n):
    """Breadth-first over every line layout: the fewest tiles at a block (None if none)."""
    tiles = list(DominoSet(n).tiles)
    frontier = {(frozenset([t]), (t.low, t.high)) for t in tiles}
    for size in range(1, len(tiles) + 1):
        for used, (a, b) in frontier:
            rest = [t for t in tiles if t not in used]
            if rest and all(not (t.has(a) or t.has(b)) for t in rest):
                return size
        nxt = set()
        for used, (a, b) in frontier:
            for t in tiles:
                if t in used:
                    continue
                if t.has(a):
                    nxt.add((used | {t}, tuple(sorted((t.other(a), b)))))
                if t.has(b):
                    nxt.add((used | {t}, tuple(sorted((a, t.other(b))))))
        frontier = nxt
    return None


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_fastest_line_block_matches_breadth_first_search(n):
    fb = fastest_block(n)
    assert fb.tiles == _brute_fastest_line(n)
    if fb.tiles is not None:
        assert len(fb.example) == fb.tiles and _line_is_block(n, fb.example)


def test_fastest_block_double_six_line_is_ten():
    fb = fastest_block(6)
    # the counting bound n + 1 + n/2 of the docstring, met by the example
    assert fb.tiles == 6 + 1 + 3 == len(fb.example)
    assert _line_is_block(6, fb.example)
    assert fastest_block(3).tiles == 2 * 3 + 1      # odd n: two different end numbers


@pytest.mark.slow
def test_fastest_block_double_six_four_arm():
    assert fastest_block(6, "four-arm").tiles == 10


def test_fastest_block_rejects_unknown_layout():
    with pytest.raises(DominoError, match="layout"):
        fastest_block(6, "spiral")


def test_line_variants_are_all_covered():
    assert {"classic", "kozel", "morskoy_kozel", "sport", "general", "semyorka",
            "cuban"} <= set(VARIANT_NAMES)


def test_move_values_match_the_reference():
    from dominolab.games.solver import move_values

    rng = random.Random(21)
    for _ in range(80):
        g = random_position(rng, rng.choice(VARIANT_NAMES))
        if g.is_over():
            continue
        side = g.teams[g.team_of[g.current_player]]
        for m, v in move_values(g):
            g.play(m)
            ref = payoff(g, side) if g.is_over() else _side_ref(g, side)
            g.undo()
            assert v == ref


def test_full_kozel_deal_leads_one_one():
    g = new_game("kozel", players=4, seed=1)
    a = solve(g, line=False)
    assert a.best_moves and all(m.tile == Tile(1, 1) for m in a.best_moves)


def test_tile_index_consistency():
    # the compact search relies on Tile.index being dense 0..size-1
    assert sorted(t.index for t in DominoSet(9).tiles) == list(range(55))
    assert Tile(0, 0).index == 0


def _four_arm_rules():
    import importlib

    # the four-direction (cross) layouts; the train layout of Mexican train has its own tests
    found = {name: r for name, r in VARIANTS.items()
             if not isinstance(new_game(name, seed=1).layout, LineLayout)
             and hasattr(new_game(name, seed=1).layout, "spinner")}
    for name in ("osyol", "telefon", "muggins", "checheve"):
        if name not in found:
            try:
                found[name] = importlib.import_module(f"dominolab.games.variants.{name}").RULES
            except (ImportError, AttributeError):
                pass
    return found


def test_four_arm_variants_small_positions_equal_minimax():
    rules = _four_arm_rules()
    if not rules:
        pytest.skip("the engine has no four-arm variant yet")
    rng = random.Random(17)
    for name, r in sorted(rules.items()):
        for _ in range(25):
            players = rng.choice(r.player_counts)
            tiles = list(DominoSet(r.set_max).tiles)
            rng.shuffle(tiles)
            g = new_round(r, [tiles[3 * i:3 * i + 3] for i in range(players)], [], leader=0)
            for _ in range(rng.randint(0, 5)):
                if g.is_over():
                    break
                g.play(rng.choice(list(g.legal_moves())))
            assert solve(g).value == reference_value(g), name


@pytest.mark.slow
def test_four_arm_variants_on_the_engine_path_equal_minimax():
    """Four-arm games against the reference. Muggins and Telefon score running
    "fives" read from the history: with a table keyed on the position alone
    about one in eight of these two-player positions came out wrong."""
    rules = _four_arm_rules()
    if not rules:
        pytest.skip("the engine has no four-arm variant yet")
    rng = random.Random(3)
    for name, r in sorted(rules.items()):
        two = 2 in r.player_counts
        for _ in range(25):
            players = 2 if two else rng.choice(r.player_counts)
            k = 5 if two else 3
            tiles = list(DominoSet(r.set_max).tiles)
            rng.shuffle(tiles)
            g = new_round(r, [tiles[k * i:k * i + k] for i in range(players)], [], leader=0)
            assert solve(g).value == reference_value(g), name


# ----------------------------------------------------------------------------
# Morskoy kozel on the compact search (its capabilities two_doubles,
# refuse_block_leads and plain_line_hooks) against the engine search
# ----------------------------------------------------------------------------

MORSKOY_LEADS = ("any", "6:6", "0:0", "both")


def morskoy_position(rng, reading="wikipedia", left=(8, 16)):
    """A Morskoy kozel round of four 7-tile hands, led freely, on a fast lead (6:6 or
    0:0) or on the extraordinary lead (0:0+6:6, wikipedia reading), played forward at
    random until ``left`` tiles (a random number in that range) are still in hands."""
    tiles = list(DominoSet(6).tiles)
    while True:
        rng.shuffle(tiles)
        hands = [tiles[7 * i:7 * i + 7] for i in range(4)]
        kind = rng.choice(MORSKOY_LEADS if reading == "wikipedia" else ("any",))
        leader = rng.randrange(4)
        if kind != "any":
            need = {"6:6": [Tile(6, 6)], "0:0": [Tile(0, 0)],
                    "both": [Tile(0, 0), Tile(6, 6)]}[kind]
            leader = next((p for p in range(4) if all(t in hands[p] for t in need)), None)
            if leader is None:
                continue
        g = new_round("morskoy_kozel", hands, leader=leader, flags=(("free_lead", True),),
                      reading=reading)
        if g.is_over():                 # a redeal
            continue
        lead = [m for m in g.legal_moves()
                if kind == "any" or [str(t) for t in m.tiles] == kind.split("+")
                or (kind == "both" and len(m.tiles) == 2)]
        g.play(rng.choice(lead))
        stop = rng.randint(*left)
        while not g.is_over() and sum(h.bit_count() for h in g.hands) > stop:
            g.play(rng.choice(list(g.legal_moves())))
        if not g.is_over():
            return g


def _morskoy_agree(count, seed, reading, left=(8, 16)):
    rng = random.Random(seed)
    compact = 0
    for _ in range(count):
        g = morskoy_position(rng, reading, left)
        a = solve(g)
        b = solve(g, method="engine")
        assert (a.value, a.best_moves) == (b.value, b.best_moves), \
            (reading, [str(m) for m in g.history])
        compact += a.method == "compact"
    return compact


@pytest.mark.parametrize("reading", ["wikipedia", "five_variants"])
def test_morskoy_compact_search_equals_the_engine_search(reading):
    # fast leads (a block refused), the extraordinary lead (pairs mode, the gap: the
    # engine until the line is plain), two doubles at once; most on the compact search
    assert _morskoy_agree(25, 23, reading) >= 15


@pytest.mark.slow
@pytest.mark.parametrize("reading", ["wikipedia", "five_variants"])
def test_morskoy_compact_search_equals_the_engine_search_200(reading):
    assert _morskoy_agree(200, 230, reading, left=(8, 18)) >= 120


def test_morskoy_small_positions_equal_plain_minimax():
    rng = random.Random(29)
    for _ in range(60):
        g = morskoy_position(rng, left=(4, 7))
        assert solve(g).value == reference_value(g), [str(m) for m in g.history]


def test_two_doubles_and_refused_blocks_on_the_compact_search():
    # two doubles at once keep the ends: P1 lays 2:2 and 5:5 and goes out
    g = new_round("morskoy_kozel", hands=["2:5 1:3", "2:2 5:5", "1:1 3:4", "0:1 4:6"],
                  leader=0, flags=(("free_lead", True),))
    g.play("2:5")
    a = solve(g)
    assert a.method == "compact" and "2:2>L+5:5>R" in [m.body() for m in a.best_moves]
    assert a.value == solve(g, method="engine").value == reference_value(g)
    g.play("2:2>L+5:5>R")
    assert g.is_over() and g.result().end == "out"
    g.undo()
    g.play("2:2>L")
    assert solve(g).value == reference_value(g)
    # after the fast lead on 6:6 a play that would block is refused (rule 8)
    g = new_round("morskoy_kozel", hands=["6:6 0:1", "6:2 3:3", "2:4 0:0", "4:5 1:1"],
                  leader=0, flags=(("free_lead", True),))
    g.play("6:6")
    a = solve(g)
    assert a.method == "compact" and a.value == solve(g, method="engine").value
    assert a.value == reference_value(g)


def test_full_morskoy_deal_is_solved_with_bounded_work():
    # the lead on the engine, then the compact search (about 180,000 engine positions
    # for the first of these deals before it); the value is bracketed by two
    # independent zero-window searches
    for seed in range(3):
        g = new_game("morskoy_kozel", seed=seed)
        a = solve(g, line=False)
        assert a.nodes < 100_000, (seed, a.nodes)
        assert solve(g, target=a.value).reaches and not solve(g, target=a.value + 1).reaches


def test_post_mortem_of_a_morskoy_round_has_bounded_work(monkeypatch):
    # the board gives a post-mortem 5 s; the compact search does about 50,000 positions
    # a second on this machine even when it is busy, so 150,000 positions stay within it
    from dominolab.games import bots, play_out, postmortem
    from dominolab.games import search as search_mod
    stats: dict[str, int] = {}

    def counted(state, **kw):
        return search_mod.move_values(state, stats=stats, **kw)

    monkeypatch.setattr(postmortem, "move_values", counted)
    for seed in range(3):
        g = new_game("morskoy_kozel", seed=seed)
        play_out(g, [bots.GreedyBot(seed=s) for s in range(4)])
        stats.clear()
        pm = postmortem.analyse(g, player=0)
        assert any(c.known_cost is not None for c in pm.moves)
        assert stats["nodes"] < 150_000, (seed, stats)


@pytest.mark.parametrize("variant,options", [("muggins", {"out_pips": True}),
                                             ("telefon", {"pairs": False})])
def test_the_engine_keys_each_position_by_its_whole_history(variant, options, monkeypatch):
    # where the score reads the whole history, the engine's table key holds one item per move,
    # kept beside the history as the search makes and takes back moves: at every position it
    # looked up (in the search, the best moves' tests, the line and move_values) the items are
    # those of the history then, and a stale item fails here (a wrong key would merge two
    # histories whose scores differ)
    from dominolab.games import search as S

    from .test_solver_cross import boneyard_position

    looked = []
    key = S._Engine.key

    def checked(self, sk=None):
        k = key(self, sk)
        assert not self.light
        assert k[0] == self.st.key()
        assert k[1] == tuple((m.player, m.kind, tuple((t.index, e) for t, e in m.placements))
                             for m in self.st.history)
        looked.append(len(self.st.history))
        return k

    monkeypatch.setattr(S._Engine, "key", checked)
    rng = random.Random(5)
    for _ in range(3):
        g = boneyard_position(rng, variant, options, (6, 9))
        assert S.solve(g, method="engine", boneyard="known").line   # (the line's loop ran)
        S.move_values(g, boneyard="known")
    assert len(looked) > 500 and len(set(looked)) > 4
