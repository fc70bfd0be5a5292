"""Tien Gow: the sets and what beats what, legal moves, scoring, early death, and random
games with invariants checked after every move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab.chinese import (
    CHINESE_SET,
    TienGow,
    TienGowMatch,
    TienGowMove,
    check_invariants,
    chinese_tile,
    classify,
    describe_set,
    simulate,
)
from dominolab.chinese.tiengow import SETS, TienGowResult, _score
from dominolab.chinese.tiengow_bots import RuleBot, make_bot
from dominolab.errors import GameOver, IllegalMove, InvalidSet, UnknownOption, WrongPlayer


def deal(first, banker=0):
    """A deal whose seat 0 holds ``first`` (8 tiles); the rest go round in set order."""
    mine = [chinese_tile(t) for t in first.split()]
    rest = list(CHINESE_SET.tiles)
    for t in mine:
        rest.remove(t)
    hands = [mine] + [rest[8 * k: 8 * k + 8] for k in range(3)]
    return TienGow(banker=banker, hands=hands)


def move(p, text, up=True):
    return TienGowMove(p, tuple(sorted(chinese_tile(t) for t in text.split())), up)


@pytest.mark.parametrize("tiles, kind, shape, rank", [
    ("6:6", "single", "civil", 1), ("1:5", "single", "civil", 11),
    ("4:5", "single", "military", 1), ("3:6", "single", "military", 1),
    ("2:4", "single", "military", 4), ("1:2", "single", "military", 6),
    ("6:6 6:6", "pair", "civil", 1), ("1:5 1:5", "pair", "civil", 11),
    ("4:5 3:6", "pair", "military", 1), ("1:4 2:3", "pair", "military", 5),
    ("6:6 4:5", "pair", "mixed", 1), ("1:1 2:6", "pair", "mixed", 2),
    ("4:4 2:5", "pair", "mixed", 3), ("1:3 2:3", "pair", "mixed", 4),
    ("1:2 2:4", "pair", "supreme", 0),
    ("1:1 1:1 3:5", "triplet", "2 civil 1 military", 2),
    ("6:6 4:5 3:6", "triplet", "1 civil 2 military", 1),
    ("1:3 1:3 1:4 2:3", "quartet", "mixed", 4),
])
def test_the_sets(tiles, kind, shape, rank):
    k = classify(tiles.split())
    assert (k.kind, k.shape, k.rank) == (kind, shape, rank)


@pytest.mark.parametrize("tiles", ["6:6 1:1", "6:6 3:5", "2:4 3:3", "4:4 3:5", "2:4 1:4",
                                   "5:5 5:5 1:4", "6:6 6:6 3:5", "6:6 4:5 1:1 2:6",
                                   "1:1 1:1 3:5 3:4", "3:3 3:3 3:3"])
def test_not_sets(tiles):
    assert classify(tiles.split()) is None


def test_what_beats_what():
    ee8 = classify("1:1 1:1 3:5".split())
    assert classify("6:6 6:6 4:5".split()).beats(ee8)           # Heaven–Heaven–Nine
    assert not classify("6:6 4:5 3:6".split()).beats(ee8)       # Heaven–Nine–Nine: other shape
    assert classify("6:6".split()).beats(classify(["1:1"]))
    assert not classify(["6:6"]).beats(classify(["2:3"]))         # a civil tile, a military lead
    assert not classify(["3:6"]).beats(classify(["4:5"]))         # equal nines: the first holds
    assert classify(["2:4"]).beats(classify(["2:3"]))             # the 2:4 is between 7s and 5s
    assert not classify(["1:2"]).beats(classify(["2:3"]))
    supreme = classify(["1:2", "2:4"])
    for _, kind in SETS:
        assert not kind.beats(supreme)                           # unbeatable when led
        if kind.kind == "pair" and kind.shape != "supreme":
            assert not supreme.beats(kind)                       # a discard when following
    assert sum(1 for _, k in SETS if k.shape == "mixed" and k.kind == "pair") == 8


def test_legal_moves_follow_the_rules():
    g = deal("4:5 6:6 6:6 1:1 1:1 3:5 2:6 1:2")
    assert g.turn == 0 and all(m.face_up for m in g.legal_moves())
    leads = {describe_set(m.tiles) for m in g.legal_moves()}
    assert {"pair of Heaven", "pair of Earth", "pair of eights", "triplet: two Earths and an eight",
            "triplet: Earth and two eights", "quartet: two Earths and two eights",
            "mixed pair: Heaven and a nine"} <= leads
    g.play(move(0, "4:5"))
    p1 = g.legal_moves()
    assert all(not m.face_up for m in p1)                         # nothing beats the top nine
    assert len(p1) == len(set(p1)) == len({m.tiles for m in p1})
    with pytest.raises(WrongPlayer):
        g.play(move(2, "1:4", up=False))
    with pytest.raises(IllegalMove, match="play 1"):
        g.play(TienGowMove(1, g.hand(1)[:2], False))
    tile = g.hand(1)[0]
    with pytest.raises(IllegalMove, match="does not beat"):
        g.play(TienGowMove(1, (tile,), True))
    with pytest.raises(IllegalMove, match="does not hold"):
        g.play(move(1, "4:5", up=False))


def test_a_bad_lead_and_a_bad_deal():
    g = deal("4:5 6:6 6:6 1:1 1:1 3:5 2:6 1:2")
    with pytest.raises(IllegalMove, match="not a set"):
        g.play(move(0, "6:6 1:1"))
    with pytest.raises(IllegalMove, match="face up"):
        g.play(move(0, "6:6", up=False))
    with pytest.raises(InvalidSet):
        TienGow(hands=[["6:6"] * 8] * 4)


def test_a_trick_counts_as_many_tricks_as_tiles():
    g = deal("6:6 6:6 4:5 3:6 1:1 1:1 3:5 2:6")
    g.play(move(0, "6:6 6:6 4:5 3:6"))                           # Heavens and nines: a quartet
    for p in (1, 2, 3):
        m = next(m for m in g.legal_moves())
        assert not m.face_up
        g.play(m)
    assert g.tricks == [4, 0, 0, 0] and g.turn == 0 and len(g.won[0]) == 16
    assert check_invariants(g) == []
    g.pop()
    assert g.tricks == [0, 0, 0, 0] and len(g.trick) == 3 and g.turn == 3


def test_scoring():
    # navpil («Tien Gow»): 1 trick pays 3, 4 pay nothing, 6 are paid 2; none pays 5;
    # every payment to or from the banker doubled
    assert _score(winner=0, banker=1, tricks=[2, 1, 4, 1]) == (3 * 2 + 0 + 3, -6, 0, -3)
    assert _score(winner=0, banker=0, tricks=[1, 6, 1, 0]) == (2 * (-2 + 3 + 5), 4, -6, -10)
    res = TienGowResult(winner=2, banker=2, tricks=(0, 2, 5, 1), payments=_score(2, 2, [0, 2, 5, 1]))
    assert sum(res.payments) == 0
    lines = res.lines()
    assert lines[0] == "P3 took the last trick and wins the round."
    assert "no trick: pays 5 (banker: doubled) -> -10" in lines[1]


def _last_trick_with_a_barred_player(early_death):
    for seed in range(200):
        g = TienGow(seed=seed, early_death=early_death)
        bots = [RuleBot(seed + k) for k in range(4)]
        while not g.finished:
            if g.trick and g.trick_size == 1 and g.is_last_trick and g.tricks[g.turn] == 0:
                beats = [t for t in g.hand(g.turn)
                         if classify([t]).beats(g.best[1])]
                if beats:
                    return g, beats[0]
            g.play(bots[g.turn].choose(g))
    raise AssertionError("no such position in 200 rounds")


def test_early_death():
    g, tile = _last_trick_with_a_barred_player(True)
    seat = g.turn
    assert not any(m.face_up for m in g.legal_moves())
    with pytest.raises(IllegalMove, match="early death"):
        g.play(TienGowMove(seat, (tile,), True))
    g.early_death = False
    assert any(m.face_up for m in g.legal_moves())


def test_a_round_ends_with_a_result_and_nothing_more():
    g = TienGow(seed=3)
    bot = make_bot("random", 1)
    while not g.finished:
        g.play(bot.choose(g))
    res = g.result()
    assert res is not None and sum(res.tricks) == 8 and sum(res.payments) == 0
    assert res.winner == g.done[-1][2] and g.legal_moves() == []
    with pytest.raises(GameOver):
        g.play(TienGowMove(g.turn, (CHINESE_SET.tiles[0],)))
    with pytest.raises(UnknownOption):
        make_bot("clever")


def test_a_match_passes_the_bank_to_the_winner():
    m = TienGowMatch(seed=5)
    bot = RuleBot(0)
    for _ in range(4):
        g = m.state
        while not g.finished:
            g.play(bot.choose(g))
        winner = g.result().winner
        m.next_round()
        assert m.state.banker == winner and m.state.turn == winner
    assert sum(m.scores) == 0 and len(m.results) == 4
    with pytest.raises(IllegalMove):
        m.next_round()


@pytest.mark.parametrize("bots, early", [(("rules", "random", "rules", "random"), True),
                                         (("random",) * 4, True), (("rules",) * 4, False)])
def test_random_games_keep_every_invariant(bots, early):
    report = simulate(rounds=40, bots=bots, seed=3, early_death=early)
    assert report["violations"] == []
    assert sum(report["scores"]) == 0 and sum(report["wins"]) == 40


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
def test_push_pop_and_copy(seed, picks):
    g = TienGow(seed=seed)
    snapshots = []
    for k in picks:
        moves = g.legal_moves()
        if not moves:
            break
        snapshots.append((g.copy(), [list(c) for c in g.counts]))
        g.push(moves[k % len(moves)])
        assert check_invariants(g) == []
    for old, counts in reversed(snapshots):
        g.pop()
        assert g.counts == counts and g.trick == old.trick and g.tricks == old.tricks
        assert g.turn == old.turn and g.best == old.best and g.won == old.won


def test_the_rule_bot_beats_random_bots():
    report = simulate(rounds=150, bots=("rules", "random", "rules", "random"), seed=9,
                      check=False)
    s = report["scores"]
    assert s[0] + s[2] > 0 > s[1] + s[3]
    rng = random.Random(0)
    g = TienGow(seed=1)
    assert RuleBot(rng.randrange(9)).choose(g) in g.legal_moves()
