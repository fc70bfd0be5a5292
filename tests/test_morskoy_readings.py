"""Morskoy kozel's other readings (option ``reading``): a hand-built position for
every rule of the reading of the article on five variants and of the reading of
«Международные правила игры в спортивное домино» (see the module docstring of
dominolab/games/variants/morskoy_kozel.py for the rule lists F-n / I-n),
and an invariant-checked simulation of each reading. Positions may leave some
tiles out of play."""

import pytest

from dominolab import DominoError, IllegalMove, Tile, parse_tiles
from dominolab.games import (Match, Record, RoundContext, bots, deal, get_rules, new_round,
                             simulate)
from dominolab.games.bots import play_out
from dominolab.games.rules import UnknownOption
from dominolab.games.variants import VARIANTS
from dominolab.games.variants.morskoy_kozel import sea_value_002

from .games_helpers import finish, moves, play

F = {"reading": "five_variants"}
INTL = {"reading": "international"}


# ------------------------------------------------------------------------------- the option

def test_reading_option_presets_and_default():
    base = VARIANTS["morskoy_kozel"]
    assert base.opt("reading") == "wikipedia"
    assert get_rules("morskoy_kozel", reading="wikipedia") == base
    assert get_rules(get_rules("morskoy_kozel", **F), reading="wikipedia") == base
    r3 = get_rules("morskoy_kozel", **F)
    assert (r3.target, r3.pairs, r3.player_counts, r3.penalties, r3.record_threshold) == \
        (202, True, (4,), True, 0)
    r2 = get_rules("morskoy_kozel", **INTL)
    assert (r2.target, r2.pairs, r2.penalties, r2.record_threshold, r2.keep) == \
        (125, True, False, 25, 1)
    # options given with the reading win over its preset (the international rules: "200, 300 … by agreement")
    assert get_rules("morskoy_kozel", reading="international", target=300).target == 300
    with pytest.raises(UnknownOption, match="nosuch"):
        get_rules("morskoy_kozel", reading="nosuch")


def test_other_readings_have_no_extraordinary_lead_nor_redeal():
    hands = ["0:0 6:6 1:2", "0:1 5:6 2:2", "3:3 0:6", "4:4 1:6"]
    assert "P1 0:0+6:6" in moves(new_round("morskoy_kozel", hands=hands, leader=0))
    for opts in (F, INTL):
        g = new_round("morskoy_kozel", hands=hands, leader=0, **opts)
        assert "P1 0:0+6:6" not in moves(g)
        assert get_rules("morskoy_kozel", **opts).redeal is None


# ------------------------------------------------------------- the article on five variants

def test_f1_two_against_two_seven_each():
    hands, bone = deal("morskoy_kozel", 4, seed=5, **F)
    assert [len(h) for h in hands] == [7] * 4 and bone == []
    with pytest.raises(DominoError, match="4 players"):
        new_round("morskoy_kozel", hands=["1:1", "2:2"], **F)
    with pytest.raises(DominoError):
        Match("morskoy_kozel", players=2, **F)
    assert Match("morskoy_kozel", **F).teams == [(0, 2), (1, 3)]


def test_f2_only_a_dry_goat_ends_the_match():
    m = Match("morskoy_kozel", seed=1, **F)
    g = play(new_round("morskoy_kozel", hands=["1:1", "5:6 4:6", "0:2", "3:3"], **F), "1:1")
    assert g.result().team_points == [0, 27]
    m.scores = [0, 190]
    finish(m, g)                               # 217 against 0: a dry goat
    assert m.is_over() and m.loser == 1 and m.winner == 0
    m = Match("morskoy_kozel", seed=1, **F)
    m.scores = [5, 190]
    finish(m, g)                               # 217 against 5: everything written off
    assert not m.is_over() and m.scores == [0, 0]
    assert "written off" in m.notes[-1]
    m.scores = [5, 100]
    finish(m, g)                               # below the target: nothing happens
    assert not m.is_over() and m.scores == [5, 127]


def test_f3_two_doubles_at_once_at_both_ends():
    g = play(new_round("morskoy_kozel", hands=["1:1 0:2", "1:5 0:3", "1:4 0:4", "4:4 5:5 0:6"],
                       **F), "1:1", "1:5>R", "1:4>L")
    assert moves(g) == ["P4 4:4>L", "P4 5:5>R", "P4 4:4>L+5:5>R"]
    with pytest.raises(IllegalMove, match="only two doubles at once"):
        g.play("4:4>L+0:6>R")
    g.play("4:4>L+5:5>R")
    assert g.hand(3) == parse_tiles("0:6")
    # ends showing the same number: no two-double play
    g = play(new_round("morskoy_kozel", hands=["1:1 0:2", "1:5", "1:4", "5:5 3:3"], **F), "1:1")
    assert not any("+" in m for m in moves(g))


def test_f4_one_one_leads_every_round():
    hands = ["2:2 0:1", "0:0 5:6", "1:1 3:4", "6:6 2:3"]
    g = new_round("morskoy_kozel", hands=hands, **F)
    assert g.current_player == 2 and g.lead == (Tile(1, 1),)
    ctx = RoundContext(round_no=4, previous=object(), leader_hint=0, scores=[30, 60])
    g = new_round("morskoy_kozel", hands=hands, context=ctx, **F)
    assert g.current_player == 2 and g.lead == (Tile(1, 1),)


def test_f4_pairs_add_pips_plain_values_no_threshold():
    # P1 goes out; P2 and P4 (team 2) record their pips added: a lone 6:6 is 12, a lone 0:0 is 0
    g = play(new_round("morskoy_kozel", hands=["1:1", "6:6", "4:5", "0:0"], **F), "1:1")
    assert g.result().team_points == [0, 12]
    m = Match("morskoy_kozel", seed=2, **F)
    finish(m, g)
    assert m.scores == [0, 12]                 # no record threshold in the five-variants reading


def test_f4_pass_and_block_as_kozel():
    g = play(new_round("morskoy_kozel", hands=["1:1 2:3", "4:5", "1:2", "0:6"], **F), "1:1")
    assert moves(g) == ["P2 pass"]
    g = play(new_round("morskoy_kozel", hands=["1:1 0:2", "3:4", "0:3", "2:4"], **F), "1:1")
    r = g.result()
    assert r.end == "blocked" and r.winning_team == 0 and r.team_points == [0, 13]


# ------------------------------------------------------------------- the international rules

def test_i1_sizes_pairs_and_the_last_bazaar_tile():
    assert [len(h) for h in deal("morskoy_kozel", 2, seed=1, **INTL)[0]] == [7, 7]
    assert [len(h) for h in deal("morskoy_kozel", 3, seed=1, **INTL)[0]] == [5, 5, 5]
    hands, bone = deal("morskoy_kozel", 4, seed=1, **INTL)
    assert [len(h) for h in hands] == [5] * 4 and len(bone) == 8
    assert Match("morskoy_kozel", **INTL).teams == [(0, 2), (1, 3)]
    g = new_round("morskoy_kozel", hands=["1:1 0:0", "5:6 2:3"], boneyard="1:3 3:4",
                  leader=0, **INTL)
    g.play("1:1")
    assert moves(g) == ["P2 draw"]
    g.play("draw")
    assert g.boneyard_count() == 1 and set(g.hand(1)) == set(parse_tiles("5:6 2:3 1:3"))
    g = play(new_round("morskoy_kozel", hands=["1:1 0:0", "5:6 2:3"], boneyard="3:4",
                       leader=0, **INTL), "1:1")
    assert g.ended == "blocked" and g.boneyard_count() == 1   # the last tile stays


def test_i2_smallest_double_then_the_finisher_leads_anything():
    g = new_round("morskoy_kozel", hands=["2:2 1:3", "0:0 5:6", "3:3", "4:4"], **INTL)
    assert g.current_player == 1 and g.lead == (Tile(0, 0),)
    g = new_round("morskoy_kozel", hands=["1:3 2:5", "0:2 5:6", "3:4", "4:6"], **INTL)
    assert g.current_player == 1 and g.lead == (Tile(0, 2),)
    ctx = RoundContext(round_no=1, previous=object(), leader_hint=2, scores=[30, 0])
    g = new_round("morskoy_kozel", hands=["1:1", "0:0", "6:6 1:2", "2:2"], context=ctx, **INTL)
    assert g.current_player == 2 and moves(g) == ["P3 1:2", "P3 6:6"]


def test_i3_the_winner_records_the_losers_values():
    g = play(new_round("morskoy_kozel", hands=["1:2", "3:4 5:5", "5:6", "0:6 6:6"], leader=0,
                       **INTL), "1:2")
    r = g.result()
    assert r.winning_team == 0 and r.team_points == [35, 0] and not r.penalties
    m = Match("morskoy_kozel", seed=1, **INTL)
    small = play(new_round("morskoy_kozel", hands=["1:2", "3:4", "5:6", "0:5"], leader=0, **INTL),
                 "1:2")
    finish(m, small)
    assert m.scores == [0, 0]                  # 12 < 25: a record starts at 25
    finish(m, g)
    assert m.scores == [35, 0]
    finish(m, small)
    assert m.scores == [47, 0]                 # once recording, small amounts count
    m.scores = [100, 0]
    finish(m, g)
    assert m.is_over() and m.winner == 0 and m.loser == 1   # first to 125 wins


def test_i4_two_doubles_at_once():
    g = play(new_round("morskoy_kozel", hands=["1:1 0:2", "1:5 0:3", "1:4 0:4", "4:4 5:5 0:6"],
                       leader=0, **INTL), "1:1", "1:5>R", "1:4>L")
    assert "P4 4:4>L+5:5>R" in moves(g)
    with pytest.raises(IllegalMove, match="only two doubles at once"):
        g.play("4:4>L+0:6>R")


def _hundred_ctx(**extra):
    return RoundContext(round_no=2, previous=object(), leader_hint=0, scores=[30, 0],
                        extra=extra)


def test_i5_first_recorder_leading_six_six_plays_on_a_hundred():
    win = ["6:6 1:2", "0:1", "3:6", "0:2"]     # P1 leads 6:6, P2 passes, P3 goes out
    g = play(new_round("morskoy_kozel", hands=win, context=_hundred_ctx(first_recorder=0), **INTL),
             "6:6", "pass", "3:6>R")
    r = g.result()
    assert r.match_over and r.winning_team == 0 and r.titles == {1: "goat (козёл)"}
    # the same round for a side that is not the first recorder: an ordinary round
    g = play(new_round("morskoy_kozel", hands=win, context=_hundred_ctx(first_recorder=1), **INTL),
             "6:6", "pass", "3:6>R")
    assert not g.result().match_over and g.result().team_points == [3, 0]
    # losing it with 25 or more loses the match
    lose = ["6:6 5:6 4:5", "3:6", "5:5 4:4", "0:2"]
    g = play(new_round("morskoy_kozel", hands=lose, context=_hundred_ctx(first_recorder=0),
                       **INTL), "6:6", "3:6>R")
    r = g.result()
    assert r.match_over and r.winning_team == 1 and r.titles == {0: "goat on a hundred (козёл «на сто»)"}
    # losing it with less than 25: scored as usual (engine convention)
    g = play(new_round("morskoy_kozel", hands=["6:6 1:2", "3:6", "0:3", "0:2"],
                       context=_hundred_ctx(first_recorder=0), **INTL), "6:6", "3:6>R")
    assert not g.result().match_over and g.result().team_points == [0, 6]
    # through a Match: the first side with a record becomes the first recorder
    m = Match("morskoy_kozel", seed=3, **INTL)
    finish(m, play(new_round("morskoy_kozel", hands=["1:2", "3:4", "5:6", "0:5"], leader=0,
                             **INTL), "1:2"))
    assert m.scores == [0, 0] and "first_recorder" not in m.extra
    finish(m, play(new_round("morskoy_kozel", hands=["3:4 5:5", "1:2", "0:6 6:6", "5:6"],
                             leader=1, **INTL), "1:2"))
    assert m.scores == [0, 35] and m.extra["first_recorder"] == 1


def test_i6_finishing_on_zero_zero_is_the_bald_goat():
    m = Match("morskoy_kozel", seed=4, **INTL)
    g = play(new_round("morskoy_kozel", hands=["0:1 0:0", "1:2 4:4", "3:4", "5:6"], leader=0,
                       **INTL),
             "0:1", "1:2>R", "pass", "pass", "0:0>L")
    r = finish(m, g)
    assert r.match_over and r.titles == {1: "bald goat (лысый козёл; also голый козёл)"} and r.winning_team == 0
    assert m.is_over() and m.winner == 0 and m.loser == 1


def test_i7_finishing_on_six_six():
    # a loser holds 25 or more: the finisher wins the match
    g = play(new_round("morskoy_kozel", hands=["6:6", "1:2", "0:1", "5:6 4:6 3:6"], leader=0,
                       **INTL), "6:6")
    r = g.result()
    assert r.match_over and r.winning_team == 0 and r.titles == {1: "goat (козёл)"}
    # nobody on the losing side holds 25: scored as usual, his next round is on a hundred
    m = Match("morskoy_kozel", seed=5, **INTL)
    g = play(new_round("morskoy_kozel", hands=["6:6", "1:2", "0:1", "0:3"], leader=0, **INTL),
             "6:6")
    r = finish(m, g)
    assert not r.match_over and r.team_points == [6, 0] and m.extra["on_hundred"] == 0
    # that next round: team 1 wins it, team 0 holds 25+ -> team 0 loses the match
    nxt = m.new_round()
    assert nxt.flags["on_hundred"] == 0
    g = play(new_round("morskoy_kozel", hands=["1:1 5:6 4:6", "1:2", "3:5 4:4", "0:2"],
                       context=_hundred_ctx(on_hundred=0), **INTL), "1:1", "1:2>R")
    r = g.result()
    assert r.match_over and r.titles == {0: "goat on a hundred (козёл «на сто»)"}


def test_i8_special_hand_values():
    assert [sea_value_002(parse_tiles(t)) for t in ("0:0", "6:6", "0:0 6:6", "0:0 6:6 0:1")] \
        == [25, 50, 75, 13]
    g = play(new_round("morskoy_kozel", hands=["1:2", "0:0 6:6", "4:5", "0:3"], leader=0, **INTL),
             "1:2")
    assert g.result().team_points == [78, 0]


def test_i9_a_light_fisherman_wins_and_plays_on_a_hundred():
    # three players: P1 blocks holding 5; P2 holds 32 (> 25); P3 holds 2 (the lightest)
    g = play(new_round("morskoy_kozel", hands=["1:1 2:3", "4:5 6:6 5:6", "0:2"], leader=0, **INTL),
             "1:1")
    r = g.result()
    assert r.end == "blocked" and r.winning_team == 0 and r.team_points == [34, 0, 0]
    m = Match("morskoy_kozel", players=3, seed=6, **INTL)
    finish(m, g)
    assert m.scores == [34, 0, 0] and m.extra["on_hundred"] == 0
    # nobody over 25: the lightest side wins the fish (engine convention)
    g = play(new_round("morskoy_kozel", hands=["1:1 2:3", "4:5 0:6", "0:2"], leader=0, **INTL),
             "1:1")
    r = g.result()
    assert r.winning_team == 2 and r.team_points == [0, 0, 20]
    m = Match("morskoy_kozel", players=3, seed=6, **INTL)
    finish(m, g)
    assert "on_hundred" not in m.extra


def test_i10_eggs_played_off_only_after_a_small_double_lead_and_rot_in_three():
    tie = play(new_round("morskoy_kozel", hands=["1:1 0:4", "2:2"], leader=0, **INTL), "1:1")
    r = tie.result()
    assert r.end == "blocked" and r.winning_team is None and r.eggs == 8
    eggs = RoundContext(eggs=8, scores=[0, 0])
    used = play(new_round("morskoy_kozel", hands=["2:2", "0:1"], leader=0, context=eggs, **INTL),
                "2:2")
    assert used.result().team_points == [9, 0] and used.result().eggs_used == 8
    m = Match("morskoy_kozel", players=2, seed=7, **INTL)
    finish(m, tie)
    assert m.eggs == 8
    for k in range(3):
        g = play(new_round("morskoy_kozel", hands=["4:4", "0:1"], leader=0, context=eggs, **INTL),
                 "4:4")
        assert g.result().eggs_used == 0
        finish(m, g)
        assert m.eggs == (8 if k < 2 else 0)
    assert "rotten" in m.notes[-1]


# ------------------------------------------------------------------------------- simulation

@pytest.mark.parametrize("reading", ["five_variants", "international"])
def test_reading_simulation_keeps_the_invariants(reading):
    s = simulate("morskoy_kozel", rounds=200, seed=11, via_match=True, check=True,
                 reading=reading)
    assert s["violations"] == [] and s["rounds"] == 200
    assert s["ends"].get("out", 0) > 0 and s["ends"].get("blocked", 0) > 0


def test_five_variants_matches_never_end_without_a_dry_goat():
    m = Match("morskoy_kozel", seed=8, **F)
    bs = [bots.GreedyBot(seed=s) for s in range(4)]
    for _ in range(200):
        if m.is_over():
            break
        play_out(m.new_round(), bs)
        m.finish_round()
        assert max(m.scores) < 202 or (m.is_over() and min(m.scores) == 0)
    assert any("written off" in n for n in m.notes)


def test_international_matches_end_at_125_or_on_a_deciding_round():
    for seed in range(6):
        m = Match("morskoy_kozel", players=2 + seed % 3, seed=seed, **INTL)
        assert m.play([bots.GreedyBot(seed=s) for s in range(4)], max_rounds=500)
        last = m.results[-1]
        assert max(m.scores) >= 125 or last.match_over
        assert all(r.penalties is False for r in m.results)
        for r in m.results:   # only the winning side scores in a round
            assert sum(1 for p in r.team_points if p) <= 1


@pytest.mark.parametrize("reading", ["five_variants", "international"])
def test_reading_records_replay_to_the_same_result(reading):
    m = Match("morskoy_kozel", seed=12, reading=reading)
    bs = [bots.GreedyBot(seed=s) for s in range(4)]
    for _ in range(4):
        if m.is_over():
            break
        play_out(m.new_round(), bs)
        res = m.finish_round()
        rec = Record.from_json(m.records[-1].to_json())
        assert rec.options["reading"] == reading
        again = rec.replay()
        assert again.rules == m.rules
        assert again.result().team_points == res.team_points
