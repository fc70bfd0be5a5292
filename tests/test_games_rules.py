"""Scripted rule tests: for every rule in docs/rules.md's variant sections a hand-built
position that exercises it. Positions may leave some tiles out of play."""

import pytest

from dominolab import IllegalMove, Tile
from dominolab.games import Match, RoundContext, deal, new_game, new_round
from dominolab.games.rules import highest_flip

from .games_helpers import finish, moves, play


# ------------------------------------------------------------------------------- common play

def test_common_deal_sizes():
    assert [len(h) for h in deal("classic", 2, seed=1)[0]] == [7, 7]
    assert [len(h) for h in deal("classic", 3, seed=1)[0]] == [5, 5, 5]
    assert [len(h) for h in deal("classic", 4, seed=1)[0]] == [5] * 4
    assert [len(h) for h in deal("kozel", 3, seed=1)[0]] == [7] * 3


def test_draw_until_playable_then_pass():
    g = new_round("classic", hands=["1:1 4:4", "5:6 0:2"], boneyard="3:3 1:3 2:4", leader=0)
    g.play("1:1")
    assert moves(g) == ["P2 draw"]            # nothing fits: must draw
    g.play("draw")                            # 3:3 does not fit
    assert moves(g) == ["P2 draw"]
    g.play("draw")                            # 1:3 fits
    assert moves(g) == ["P2 1:3>L", "P2 1:3>R"]
    with pytest.raises(IllegalMove, match="may not draw"):
        g.play("draw")


def test_pass_when_boneyard_empty():
    g = new_round("classic", hands=["1:1 1:4", "5:6 0:2"], boneyard=[], leader=0)
    g.play("1:1")
    assert moves(g) == ["P2 pass"]


def test_mandatory_redeal_all_doubles_or_one_suit():
    g = new_round("classic", hands=["1:1 2:2 3:3 4:4 5:5 6:6 0:0", "0:1 0:2 0:3 0:4 0:5 0:6 1:2"],
                  boneyard=[])
    assert g.is_over() and g.result().end == "redeal"
    assert "doubles only" in g.result().reason
    g = new_game("classic", players=2, seed=7)
    assert g.ended is None and g.flags["redeals"] >= 0


# ------------------------------------------------------------------------------- classic

def test_classic_opening_ascending_skips_blank_double():
    g = new_round("classic", hands=["0:0 2:5 3:3", "0:1 3:4 4:6"], boneyard="2:2")
    assert g.current_player == 0 and g.lead == (Tile(3, 3),)
    g = new_round("classic", hands=["0:0 2:5", "0:1 3:4"], boneyard=[])
    assert g.current_player == 1 and g.lead == (Tile(0, 1),)   # no double 1:1..6:6: lowest tile


def test_classic_opening_options():
    hands = ["0:0 2:5 3:3", "0:1 3:4 6:6"]
    assert new_round("classic", hands=hands, lead_order="descending").lead == (Tile(6, 6),)
    assert new_round("classic", hands=hands, lead_order="lowest_double").lead == (Tile(0, 0),)
    g = new_round("classic", hands=["0:1 2:5", "3:4 5:6"], lead_order="descending")
    assert g.lead == (Tile(5, 6),) and g.current_player == 1


def test_classic_out_scores_others_lone_blank_25():
    g = play(new_round("classic", hands=["1:2", "0:0", "3:4"], leader=0), "1:2")
    r = g.result()
    assert r.end == "out" and r.winner == 0 and r.points == [25 + 7, 0, 0]
    g = play(new_round("classic", hands=["1:2", "0:0 0:3", "3:4"], leader=0), "1:2")
    assert g.result().points == [3 + 7, 0, 0]   # 0:0 with other tiles counts 0


def test_classic_block_lightest_scores_others_minus_own():
    g = play(new_round("classic", hands=["1:2 5:5", "3:4 6:6", "0:0"], leader=0), "1:2")
    assert g.is_blocked()
    r = g.result()
    assert r.pips == [10, 19, 0] and r.winner == 2      # lone 0:0 counts 0 in a block
    assert r.points == [0, 0, 10 + 19 - 0]
    g = play(new_round("classic", hands=["1:2 5:5", "3:4 6:6"], leader=0), "1:2")
    assert g.result().points == [19 - 10, 0]


def test_classic_block_tie_scores_nothing():
    g = play(new_round("classic", hands=["1:2 4:4", "3:5 0:0"], leader=0), "1:2")
    r = g.result()
    assert r.end == "blocked" and r.pips == [8, 8] and r.team_points == [0, 0]


def test_classic_match_target():
    m = Match("classic", players=2, seed=1, target=30)
    g = play(new_round("classic", hands=["1:2", "6:6 5:5 4:6"], leader=0), "1:2")
    finish(m, g)
    assert m.is_over() and m.winner == 0 and m.scores == [32, 0]


# ------------------------------------------------------------------------------- kozel

def test_kozel_opening_one_one_with_four_lowest_double_otherwise():
    g = new_round("kozel", hands=["0:0 1:2", "1:1 5:6", "3:3 0:1", "4:4 6:6"])
    assert g.current_player == 1 and g.lead == (Tile(1, 1),)
    g = new_round("kozel", hands=["3:3 1:2", "2:2 5:6", "0:1 4:4"], boneyard="1:1")
    assert g.current_player == 1 and g.lead == (Tile(2, 2),)


def test_kozel_later_round_winner_leads_any_tile():
    prev = new_game("kozel", seed=1)
    ctx = RoundContext(round_no=1, previous=object(), leader_hint=2)
    g = new_round("kozel", hands=["0:0 1:2", "1:1 5:6", "3:3 0:1", "4:4 6:6"], context=ctx)
    assert g.current_player == 2 and g.lead is None and len(g.legal_moves()) == 2
    assert prev.players == 4


def test_kozel_last_boneyard_tile_stays():
    g = new_round("kozel", hands=["1:1 1:4", "5:6 0:2"], boneyard="1:3", leader=0)
    g.play("1:1")
    assert moves(g) == ["P2 pass"]      # the single boneyard tile may not be taken
    g = new_round("kozel", hands=["1:1 1:4", "5:6 0:2"], boneyard="3:3 1:3", leader=0)
    g.play("1:1")
    assert moves(g) == ["P2 draw"]


def test_kozel_losers_record_their_pips_pairs_add():
    hands = ["1:2", "3:4 0:5", "0:6 1:1", "2:2 5:5"]
    g = play(new_round("kozel", hands=hands, leader=0, pairs=False), "1:2")
    assert g.result().team_points == [0, 12, 8, 14]
    g = play(new_round("kozel", hands=hands, leader=0), "1:2")       # pairs: the default
    assert g.teams == [(0, 2), (1, 3)] and g.result().team_points == [0, 12 + 14]


def test_kozel_record_starts_at_13():
    m = Match("kozel", players=2, seed=1)
    finish(m, play(new_round("kozel", hands=["1:2", "3:4 0:5"], leader=0), "1:2"))
    assert m.scores == [0, 0] and "not recorded" in m.notes[-1]        # 12 < 13
    finish(m, play(new_round("kozel", hands=["1:2", "3:4 0:6"], leader=0), "1:2"))
    assert m.scores == [0, 13]
    finish(m, play(new_round("kozel", hands=["1:2", "0:5"], leader=0), "1:2"))
    assert m.scores == [0, 18]       # once recording, small amounts count
    m2 = Match("kozel", players=2, seed=1, record_threshold=25)
    finish(m2, play(new_round("kozel", hands=["1:2", "4:6 5:6 0:1"], leader=0), "1:2"))
    assert m2.scores == [0, 0]


def test_kozel_eggs_carried_to_next_loser():
    g = play(new_round("kozel", hands=["1:2 4:4", "3:5 0:0"], leader=0), "1:2")
    r = g.result()
    assert r.end == "blocked" and r.eggs == 16 and r.team_points == [0, 0]
    ctx = RoundContext(round_no=1, eggs=r.eggs)
    g2 = play(new_round("kozel", hands=["1:2", "3:4"], leader=0, context=ctx), "1:2")
    assert g2.result().team_points == [0, 7 + 16] and g2.result().eggs_used == 16
    m = Match("kozel", players=2, seed=1)
    finish(m, g)
    assert m.eggs == 16


def test_kozel_eggs_in_a_block_go_to_the_heavier():
    ctx = RoundContext(round_no=1, eggs=10)
    g = play(new_round("kozel", hands=["1:2 5:5", "3:4 6:6", "0:0 0:3"], leader=0, context=ctx),
             "1:2")
    r = g.result()
    assert r.winning_team == 2 and r.team_points == [10, 19 + 10, 0]


def test_kozel_goat_at_101():
    m = Match("kozel", players=2, seed=1)
    m.scores = [0, 95]
    finish(m, play(new_round("kozel", hands=["1:2", "0:6"], leader=0), "1:2"))
    assert m.is_over() and m.loser == 1 and "goat" in m.standings()


# ------------------------------------------------------------------------------- morskoy kozel

def test_morskoy_special_hand_values():
    from dominolab.games.variants.morskoy_kozel import sea_value
    from dominolab import parse_tiles

    assert sea_value(parse_tiles("0:0")) == 25
    assert sea_value(parse_tiles("6:6")) == 50
    assert sea_value(parse_tiles("0:0 6:6")) == 12
    assert sea_value(parse_tiles("0:0 6:6 0:1")) == 13


def test_morskoy_only_the_loser_records_and_needs_25():
    g = play(new_round("morskoy_kozel", pairs=False, hands=["1:2", "3:4", "5:6 0:5", "6:6"], leader=0), "1:2")
    r = g.result()
    assert r.team_points == [0, 0, 0, 50]          # lone 6:6 = 50, the heaviest
    g = play(new_round("morskoy_kozel", pairs=False, hands=["1:2", "3:4", "5:6 0:6", "1:1"], leader=0), "1:2")
    assert g.result().team_points == [0, 0, 17, 0]
    m = Match("morskoy_kozel", players=4, seed=1, pairs=False)
    finish(m, g)
    assert m.scores == [0, 0, 0, 0]                # 17 < 25: not recorded


def test_morskoy_tie_for_heaviest_gives_eggs():
    g = play(new_round("morskoy_kozel", pairs=False, hands=["1:2", "3:4", "2:5", "0:1"], leader=0), "1:2")
    r = g.result()
    assert r.team_points == [0, 0, 0, 0] and r.eggs == 14


def test_morskoy_weekday_and_fast_leads():
    hands = ["1:1 3:3 0:2", "2:2 6:6 0:1", "4:4 5:5 0:3", "0:0 1:2 0:4"]
    assert new_round("morskoy_kozel", pairs=False, hands=hands).lead == (Tile(1, 1),)
    assert new_round("morskoy_kozel", pairs=False, hands=hands, weekday=2).lead == (Tile(3, 3),)
    ctx = RoundContext(round_no=3, extra={"no_record_rounds": 3})
    g = new_round("morskoy_kozel", pairs=False, hands=hands, context=ctx)
    assert g.lead == (Tile(6, 6),) and g.current_player == 1


def test_morskoy_free_lead_fast_only_when_all_others_recorded():
    hands = ["1:1 3:3 0:2", "2:2 6:6 0:1", "4:4 5:5 0:3", "0:0 1:2 0:4"]
    ctx = RoundContext(round_no=1, previous=object(), leader_hint=1, scores=[0, 30, 0, 26])
    g = new_round("morskoy_kozel", pairs=False, hands=hands, context=ctx)
    assert g.current_player == 1 and "P2 6:6" not in moves(g)
    with pytest.raises(IllegalMove, match="opening rule"):
        g.play("6:6")
    ctx.scores = [40, 0, 30, 26]
    g = new_round("morskoy_kozel", pairs=False, hands=hands, context=ctx)
    assert "P2 6:6" in moves(g)


def test_morskoy_no_block_after_a_fast_lead():
    g = play(new_round("morskoy_kozel", pairs=False, hands=["6:6 1:2", "5:6 3:3", "3:4", "0:1 2:2"], leader=0),
             "6:6", "5:6>R")
    assert g.is_blocked() and g.result().end == "void"
    g = play(new_round("morskoy_kozel", pairs=False, hands=["6:6 1:2", "5:6 3:3", "3:4", "0:1 2:2"], leader=0,
                       context=RoundContext(eggs=9)), "6:6", "5:6>R")
    assert g.result().eggs == 9          # a replayed round keeps the eggs waiting


def test_morskoy_fast_lead_values():
    seq = ["0:0", "0:2>R", "pass", "0:3>L", "pass", "pass", "3:4>L", "1:4>L"]
    g = play(new_round("morskoy_kozel", pairs=False, hands=["0:0 0:1", "0:2 1:1", "3:4 5:5", "0:3 1:4"],
                       leader=0), *seq)
    assert g.result().end == "out" and g.result().team_points == [0, 0, 75, 0]
    seq = [m.replace("0", "6") for m in seq]
    g = play(new_round("morskoy_kozel", pairs=False, hands=["6:6 6:1", "6:2 1:1", "3:4 5:5", "6:3 1:4"],
                       leader=0), *seq)
    assert g.result().team_points == [0, 0, 50, 0]
    g = play(new_round("morskoy_kozel", pairs=False, hands=["6:6", "1:2", "3:4", "0:1"], leader=0), "6:6")
    assert g.result().team_points == [0, 0, 100, 0] and g.result().resets == [0]


def test_morskoy_finish_on_six_six_gives_100_and_resets():
    g = play(new_round("morskoy_kozel", pairs=False, hands=["1:6 6:6", "1:1 0:4", "2:3 4:4", "0:2"],
                       leader=0), "1:6", "1:1>L", "pass", "pass", "6:6>R")
    r = g.result()
    assert r.team_points == [0, 0, 100, 0] and r.resets == [0]
    m = Match("morskoy_kozel", players=4, seed=1, pairs=False)
    m.scores = [60, 30, 0, 0]
    finish(m, g)
    assert m.scores == [0, 30, 100, 0]


def test_morskoy_finish_on_blank_double_snotty_goat_ends_match():
    g = play(new_round("morskoy_kozel", pairs=False, hands=["1:2 0:0", "0:2 4:4", "3:3 5:6", "1:4 2:2"],
                       leader=0), "1:2", "0:2>R", "pass", "1:4>L", "0:0>R")
    r = g.result()
    assert r.titles == {2: "snotty goat (сопливый козёл; also лысый козёл)"} and r.match_over
    m = Match("morskoy_kozel", players=4, seed=1, pairs=False)
    finish(m, g)
    assert m.is_over() and m.loser == 2


def test_morskoy_two_doubles_at_once_and_admiral():
    g = new_round("morskoy_kozel", pairs=False, hands=["0:6 0:0 6:6", "1:2 3:4", "2:3 4:4", "1:5"], leader=0)
    g.play("0:6")
    g.play("pass")
    g.play("pass")
    g.play("pass")
    assert "P1 0:0>L+6:6>R" in moves(g)
    g.play("0:0>L+6:6>R")
    r = g.result()
    assert r.titles == {2: "admiral (адмирал)"} and r.match_over


def test_morskoy_extraordinary_lead_pairs_and_gap():
    g = new_round("morskoy_kozel", pairs=False, hands=["0:0 6:6 1:2", "0:1 5:6 2:2", "3:3 0:6", "4:4 1:6"],
                  leader=0)
    assert "P1 0:0+6:6" in moves(g)
    g.play("0:0+6:6")
    assert moves(g) == ["P2 0:1>L+5:6>R"]           # two tiles, one at each side
    with pytest.raises(IllegalMove, match="two tiles, one at each side"):
        g.play("0:1>L")
    g.play("0:1>L+5:6>R")
    assert g.mode is None and moves(g) == ["P3 0:6>M"]   # P3 cannot pair: normal play, gap
    g.play("0:6>M")
    assert g.layout.gap is None
    assert g.layout.pairs() == [(1, 0), (0, 0), (0, 6), (6, 6), (6, 5)]


def test_morskoy_extraordinary_loser_title_and_admiral_lead():
    g = new_round("morskoy_kozel", pairs=False, hands=["0:0 6:6 1:2", "0:1 5:6", "3:3 0:6 2:2", "4:4 1:6"],
                  leader=0)
    play(g, "0:0+6:6", "0:1>L+5:6>R")
    r = g.result()
    assert r.titles == {2: "extraordinary goat (внеочередной козёл)"} and r.team_points == [0, 0, 16, 0]
    assert not r.match_over
    g = play(new_round("morskoy_kozel", pairs=False, hands=["0:0 6:6", "0:1 5:6", "3:3", "4:4"], leader=0),
             "0:0+6:6")
    assert g.result().titles == {1: "admiral (адмирал)"} and g.result().match_over


def test_morskoy_redeal_five_doubles_or_six_of_a_suit():
    g = new_round("morskoy_kozel", pairs=False, hands=["0:0 1:1 2:2 3:3 4:4 0:1 0:2",
                                          "0:3 0:4 0:5 0:6 1:2 1:3 1:4", "5:5 6:6 1:5 1:6 2:3 2:4 2:5",
                                          "2:6 3:4 3:5 3:6 4:5 4:6 5:6"])
    assert g.result().end == "redeal" and "5 doubles" in g.result().reason
    g = new_round("morskoy_kozel", pairs=False, hands=["0:0 0:1 0:2 0:3 0:4 0:5 1:1",
                                          "0:6 1:2 1:3 1:4 1:5 1:6 2:2", "3:3 4:4 2:3 2:4 2:5 2:6 3:4",
                                          "3:5 3:6 4:5 4:6 5:5 5:6 6:6"])
    assert g.result().end == "redeal" and "6 tiles of suit 0" in g.result().reason


# ------------------------------------------------------------------------------- sport

def test_sport_all_dealt_no_boneyard_pass():
    g = new_game("sport", seed=3)
    assert sum(len(g.hand(p)) for p in range(4)) == 28 and g.boneyard_count() == 0
    g = new_round("sport", hands=["1:1 1:4", "2:3", "4:4 1:2", "5:5"], leader=0)
    g.play("1:1")
    assert moves(g) == ["P2 pass"]


def test_sport_flip_decides_first_leader_then_rotation():
    assert highest_flip([Tile(2, 4), Tile(1, 5), Tile(0, 6), Tile(3, 3)]) == 2   # 6 pips, half 6
    g = new_game("sport", seed=12)
    flips = [Tile.parse(t) for t in g.flags["flips"]]
    assert g.leader == highest_flip(flips) and g.lead is None
    ctx = RoundContext(round_no=2, previous=object(), first_leader=3)
    g2 = new_round("sport", hands=[h for h in g.initial_hands], context=ctx)
    assert g2.current_player == 1


def test_sport_out_all_pips_to_the_winning_pair():
    g = play(new_round("sport", hands=["1:2", "3:4", "5:6", "0:1"], leader=0), "1:2")
    assert g.result().team_points == [7 + 11 + 1, 0]


def test_sport_block_lighter_pair_takes_all_tie_nothing():
    g = play(new_round("sport", hands=["1:2 5:5", "3:4", "0:0", "6:6"], leader=0), "1:2")
    r = g.result()
    assert r.end == "blocked" and r.team_points == [10 + 7 + 0 + 12, 0]   # 10 against 19
    g = play(new_round("sport", hands=["1:2 4:4", "0:5", "0:3", "0:6"], leader=0), "1:2")
    r = g.result()
    assert r.end == "blocked" and r.team_points == [0, 0]                # 11 against 11


# ------------------------------------------------------------------------------- general

def test_general_always_one_one():
    ctx = RoundContext(round_no=3, previous=object(), leader_hint=2)
    g = new_round("general", hands=["0:0 1:2", "1:1 5:6", "3:3 0:1", "4:4 6:6"], context=ctx)
    assert g.current_player == 1 and g.lead == (Tile(1, 1),)


def test_general_block_is_void():
    g = play(new_round("general", hands=["1:1 4:4", "3:5", "0:0 5:5", "6:6"], leader=0), "1:1")
    assert g.result().end == "void" and g.result().team_points == [0, 0]


def test_general_finish_on_blank_or_six_double():
    hands = ["1:1 0:1 0:0", "1:2 5:6", "5:5 2:3", "4:4 6:6"]
    g = play(new_round("general", hands=hands, leader=0), "1:1", "1:2>R", "2:3>R", "pass",
             "0:1>L", "pass", "pass", "pass", "0:0>L")
    r = g.result()
    assert r.finisher == 0 and r.titles == {1: "General (Генерал)"} and r.team_points == [0, 1]
    hands = ["1:1 1:6 6:6", "1:2 0:5", "5:5 2:3", "4:4 0:0"]
    g = play(new_round("general", hands=hands, leader=0), "1:1", "1:2>R", "2:3>R", "pass",
             "1:6>L", "pass", "pass", "pass", "6:6>L")
    assert g.result().team_points == [0, 1]
    g = play(new_round("general", hands=hands, leader=0, only_zero=True), "1:1", "1:2>R",
             "2:3>R", "pass", "1:6>L", "pass", "pass", "pass", "6:6>L")
    assert g.result().team_points == [0, 0]
    g = play(new_round("general", hands=["1:1", "1:2", "2:3", "3:4"], leader=0), "1:1")
    assert g.result().team_points == [0, 0]


# ------------------------------------------------------------------------------- semyorka

def test_semyorka_sum_six_moves_again():
    g = new_round("semyorka", hands=["1:1 3:5 0:6", "1:4 0:2", "6:6 4:4"], boneyard="0:3 0:5",
                  leader=0)
    g.play("1:1")
    assert g.current_player == 1
    g.play("1:4>R")                  # 1:1 at the end counts 2, plus 4 = 6: P2 moves again
    assert g.layout.end_sum() == 6 and g.current_player == 1
    g = new_round("semyorka", hands=["3:3 2:5", "0:1 2:6", "4:4 0:2"], boneyard="0:3 0:5",
                  leader=0)
    g.play("3:3")                    # a lone 3:3 counts 6: the leader moves again
    assert g.current_player == 0


def test_semyorka_sum_seven_next_draws_two_and_misses():
    g = new_round("semyorka", hands=["1:1 5:6", "1:5 2:3", "4:4 0:2"], boneyard="0:1 0:3 0:4",
                  leader=0)
    play(g, "1:1", "1:5>R")
    assert g.layout.end_sum() == 7
    assert str(g.hand(2)) == "0:1 0:2 0:3 4:4" and g.current_player == 0


def test_semyorka_sum_seven_takes_from_the_maker_when_boneyard_empty():
    g = new_round("semyorka", hands=["1:1 5:6", "1:5 2:3 0:6", "4:4 0:2"], boneyard="0:1",
                  leader=0)
    play(g, "1:1", "1:5>R")
    assert len(g.hand(2)) == 4 and len(g.hand(1)) == 1
    assert Tile(0, 1) in g.hand(2)
    g = new_round("semyorka", hands=["1:1 5:6", "1:5 2:3", "4:4 0:2"], boneyard=[], leader=0)
    play(g, "1:1", "1:5>R")
    assert len(g.hand(1)) == 1 and len(g.hand(2)) == 2     # never the maker's last tile


def test_semyorka_draw_one_then_pass():
    g = new_round("semyorka", hands=["1:1 5:6", "2:3 4:5", "0:0"], boneyard="3:4 0:3", leader=0)
    g.play("1:1")
    assert moves(g) == ["P2 draw"]
    g.play("draw")                                   # 0:3 does not fit
    assert moves(g) == ["P2 pass"]


def test_semyorka_loser_most_pips_doubles_count_ten():
    g = play(new_round("semyorka", hands=["1:2", "6:5", "1:1 0:1"], leader=0), "1:2")
    r = g.result()
    assert r.pips == [0, 11, 11] and r.team_points == [0, 1, 1]
    g = play(new_round("semyorka", hands=["1:2", "6:4", "1:1 0:1"], leader=0), "1:2")
    assert g.result().team_points == [0, 0, 1]


def test_semyorka_three_sticks_eliminate():
    m = Match("semyorka", players=3, seed=1)
    m.scores = [2, 0, 0]
    finish(m, play(new_round("semyorka", hands=["6:6", "1:2", "0:1"], leader=1), "1:2"))
    assert m.eliminated == [0] and m.active == [1, 2] and not m.is_over()
    g = m.new_round()
    assert g.players == 2


# ------------------------------------------------------------------------------- cuban

def test_cuban_double_nine_deal_and_flip():
    g = new_game("cuban", seed=4)
    assert g.set.n == 9 and [len(g.hand(p)) for p in range(4)] == [10] * 4
    flips = list(g.bone[:4])
    assert g.leader == highest_flip(flips) and g.lead is None
    assert not g.can_draw()


def test_cuban_no_drawing_pass():
    g = new_round("cuban", hands=["9:9 8:9", "1:2", "3:4", "5:6"], boneyard="0:9 1:9 2:9 3:9",
                  leader=0)
    g.play("9:9")
    assert moves(g) == ["P2 pass"]


def test_morskoy_hanging_goat():
    seq = ["6:6", "2:6>R", "pass", "3:6>L", "pass", "pass", "3:4>L", "1:4>L"]
    ctx = RoundContext(round_no=5, scores=[30, 40, 124, 50])
    g = play(new_round("morskoy_kozel", pairs=False, hands=["6:6 6:1", "6:2 1:1", "3:4 5:5", "6:3 1:4"],
                       leader=0, context=ctx), *seq)
    assert g.result().titles == {2: "hanging goat (подвесной козёл)"} and g.result().team_points[2] == 50


@pytest.mark.parametrize("variant", ["classic", "kozel", "morskoy_kozel", "sport", "general",
                                     "semyorka", "cuban"])
def test_every_variant_plays_a_whole_match(variant):
    from dominolab.games import bots

    m = Match(variant, seed=4)
    assert m.play([bots.GreedyBot(seed=i) for i in range(m.players)], max_rounds=2000)
    assert m.winner is not None or m.loser is not None
    assert len(m.records) == len(m.results) > 0
