"""The capabilities a variant declares on its Rules (what the score reads, a closed-form
score, points scored on the table) are checked against what its hooks really do, on
random rounds of every variant: the solver, the bots and the board rely on them."""

import copy

import pytest

from dominolab.errors import UnknownOption
from dominolab.games import VARIANTS, bots, get_rules, new_game, play_out
from dominolab.games.rules import SCORE_MODELS, SCORE_READS

ROUNDS = 60


def finished_rounds(name, rounds=ROUNDS, players=None):
    for seed in range(rounds):
        g = new_game(name, players=players, seed=seed)
        play_out(g, [bots.RandomBot(seed=seed * 10 + s) for s in range(g.players)])
        if g.ended != "redeal":
            yield g


def test_every_variant_declares_known_capabilities():
    for r in VARIANTS.values():
        assert r.score_reads in SCORE_READS and r.score_model in SCORE_MODELS
        assert isinstance(r.spinner_name, str) and r.spinner_name
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in r.mode_texts)


@pytest.mark.parametrize("name", [n for n, r in VARIANTS.items() if r.score_reads == "ends"])
def test_score_reads_ends_means_only_the_first_and_last_moves_matter(name):
    """A search scores a leaf from the hands and the first and last move alone."""
    checked = 0
    for g in finished_rounds(name):
        if len(g.history) < 3:
            continue
        short = copy.copy(g)
        short.history = [g.history[0], g.history[-1]]
        assert g.rules.scoring(short).to_json() == g.result().to_json(), name
        checked += 1
    assert checked > ROUNDS // 2


@pytest.mark.parametrize("name", [n for n, r in VARIANTS.items()
                                  if r.score_model == "pips_to_winner"])
def test_pips_to_winner_is_the_closed_form_the_solver_uses(name):
    for g in finished_rounds(name):
        res = g.result()
        left = sum(g.hand(p).pips for p in range(g.players))
        team_pips = [sum(g.hand(p).pips for p in t) for t in g.teams]
        want = [0] * len(g.teams)
        if g.ended == "out":
            want[g.team_of[g.finisher]] = left
        elif team_pips.count(min(team_pips)) == 1:
            want[team_pips.index(min(team_pips))] = left
        assert res.team_points == want, (name, res)


@pytest.mark.parametrize("name", [n for n, r in VARIANTS.items() if r.table_points is not None])
def test_table_points_are_what_the_round_scores_during_play(name):
    """The log of table points replays the round; a round with table points scored
    something only where the log says so (the scoring adds them to the write-off)."""
    seen = 0
    for g in finished_rounds(name):
        log = g.table_points_log()
        for ply, player, total, pts in log:
            assert g.history[ply].player == player and pts > 0 and total > 0
        seen += bool(log)
    assert seen > 0


def test_rules_refuse_unknown_capability_values():
    with pytest.raises(UnknownOption, match="score_reads"):
        get_rules("kozel", score_reads="sometimes")
    with pytest.raises(UnknownOption, match="score_model"):
        get_rules("sport", score_model="all_to_me")
    with pytest.raises(UnknownOption, match="draw"):
        get_rules("classic", draw="twice")
