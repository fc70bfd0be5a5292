"""The capabilities a variant declares on its Rules (what the score reads, a closed-form
score, points scored on the table) are checked against what its hooks really do, on
random rounds of every variant: the solver, the bots and the board rely on them."""

import copy
import random

import pytest

from dominolab import DominoSet, Tile
from dominolab.errors import UnknownOption
from dominolab.games import VARIANTS, bots, get_rules, new_game, new_round, play_out
from dominolab.games.moves import Move
from dominolab.games.rules import SCORE_MODELS, SCORE_READS

ROUNDS = 60


def finished_rounds(name, rounds=ROUNDS, players=None, **options):
    for seed in range(rounds):
        g = new_game(name, players=players, seed=seed, **options)
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


# variants declaring it, and an option that switches it on (Cuban's Latin count)
PIPS_TO_WINNER = [(n, {}) for n, r in VARIANTS.items() if r.score_model == "pips_to_winner"] + \
    [("cuban", {"points": "winner_takes_all"})]


@pytest.mark.parametrize("name, options", PIPS_TO_WINNER)
def test_pips_to_winner_is_the_closed_form_the_solver_uses(name, options):
    assert get_rules(name, **options).score_model == "pips_to_winner"
    for g in finished_rounds(name, **options):
        res = g.result()
        left = sum(g.hand(p).pips for p in range(g.players))
        team_pips = [sum(g.hand(p).pips for p in t) for t in g.teams]
        want = [0] * len(g.teams)
        if g.ended == "out":
            want[g.team_of[g.finisher]] = left
        elif team_pips.count(min(team_pips)) == 1:
            want[team_pips.index(min(team_pips))] = left
        assert res.team_points == want, (name, res)


@pytest.mark.parametrize("name", [n for n, r in VARIANTS.items()
                                  if r.score_model == "heaviest_hand_loses"])
def test_heaviest_hand_loses_is_the_closed_form_the_solver_uses(name):
    """Each player holding the largest ``hand_value`` takes one penalty point, nobody
    else anything, however the round ended (every number of players)."""
    r = get_rules(name)
    assert r.hand_value is not None and r.penalties
    checked = 0
    for players in r.player_counts:
        for g in finished_rounds(name, rounds=ROUNDS // 2, players=players):
            vals = [r.hand_value(g.hand(p)) for p in range(g.players)]
            want = [0] * len(g.teams)
            for p, v in enumerate(vals):
                if v == max(vals):
                    want[g.team_of[p]] += 1
            assert g.result().team_points == want, (name, players, g.seed)
            checked += 1
    assert checked > ROUNDS


def _goat_points(team_pips, winner_team, eggs_in):
    """Rules.score_model "goat" as rules.py words it: the team points of a round won by
    ``winner_team`` (None: blocked, the lightest side wins; a tie for the lightest makes
    eggs)."""
    n = len(team_pips)
    if winner_team is None:
        low = min(team_pips)
        tied = [t for t in range(n) if team_pips[t] == low]
        if len(tied) == 1:
            winner_team = tied[0]
    if winner_team is not None:
        losers = [t for t in range(n) if t != winner_team]
        eggs = 0
    else:
        losers = [t for t in range(n) if team_pips[t] > low]
        eggs = low * len(tied)
    points = [team_pips[t] if t in losers else 0 for t in range(n)]
    if losers:
        heaviest = max(losers, key=lambda t: (team_pips[t], -t))
        points[heaviest] += eggs + eggs_in
    return points


@pytest.mark.parametrize("name", [n for n, r in VARIANTS.items() if r.score_model == "goat"])
def test_goat_is_the_closed_form_the_solver_uses(name):
    """The losers record their pips; a tie for the fewest in a block makes eggs, which go at
    once to the heaviest side above the tie, with the eggs of earlier rounds (every number
    of players, in pairs and each for himself). Finished rounds, then the same rounds' hands
    redrawn small so that blocks tie often."""
    import dataclasses

    from dominolab.games.leaf import LeafView
    from dominolab.games.rules import RoundContext
    from dominolab.tiles import tile_index
    assert {"kozel", "osyol"} <= {n for n, r in VARIANTS.items() if r.score_model == "goat"}
    r = get_rules(name)
    rng = random.Random(7)
    bits = [1 << tile_index(t.low, t.high) for t in DominoSet(r.set_max).tiles]
    ties = 0
    for players in r.player_counts:
        for pairs in ([False, True] if players == 4 else [False]):
            for g in finished_rounds(name, rounds=ROUNDS // 4, players=players, pairs=pairs):
                eggs = rng.choice([0, 0, 5, 16])
                g.context = dataclasses.replace(g.context or RoundContext(), eggs=eggs)
                pips = [sum(g.hand(p).pips for p in t) for t in g.teams]
                won = g.team_of[g.finisher] if g.ended == "out" else None
                assert r.scoring(g).team_points == _goat_points(pips, won, eggs), (players, g.seed)
                for _ in range(20):
                    order = rng.sample(bits, len(bits))
                    masks = [sum(order[3 * p:3 * p + rng.randint(0, 3)]) for p in range(players)]
                    f = rng.randrange(players)
                    ended = rng.choice(["out", "blocked"])
                    if ended == "out":
                        masks[f] = 0
                    leaf = LeafView(g, masks, ended, f, [g.history[0], g.history[-1]])
                    pips = [sum(leaf.hand(p).pips for p in t) for t in g.teams]
                    won = g.team_of[f] if ended == "out" else None
                    ties += ended == "blocked" and pips.count(min(pips)) > 1
                    assert r.scoring(leaf).team_points == _goat_points(pips, won, eggs), \
                        (players, pairs, masks, ended, f, eggs)
    assert ties > 20


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


def _single_plays(g):
    """Every one-tile play of the player to move that fits the table, found tile by tile
    with ``layout.fits`` (not from the move generator)."""
    from dominolab.games import Move

    p = g.current_player
    ends = [e for e, _ in g.open_ends()]
    return [Move("play", ((t, e),), p) for t in g.hand(p) for e in ends if g.layout.fits(t, e)]


def _blocks(g, move):
    c = g.copy()
    c.push(move)
    return c.is_blocked()


@pytest.mark.parametrize("name", [n for n, r in VARIANTS.items() if r.refuse_block])
def test_refuse_block_means_no_blocking_play_while_another_exists(name):
    """``refuse_block``: at every position of random rounds, a play that blocks the game is
    offered only when every play the player has would block."""
    refused = forced = 0
    for seed in range(ROUNDS):
        g = new_game(name, seed=seed)
        bot = bots.RandomBot(seed=seed)
        while not g.is_over():
            if not g.layout.is_empty():
                plays = _single_plays(g)
                legal = set(map(str, g.legal_moves()))
                blocking = [m for m in plays if _blocks(g, m)]
                if blocking and len(blocking) < len(plays):
                    assert not legal & set(map(str, blocking)), (name, str(g))
                    refused += 1
                elif blocking:
                    assert set(map(str, blocking)) <= legal
                    forced += 1
            g.play(bot.choose(g))
    assert refused > 0


@pytest.mark.parametrize("name", [n for n, r in VARIANTS.items() if r.finish_together])
def test_finish_together_is_offered_exactly_when_possible(name):
    """``finish_together``: the play laying those tiles at once is offered exactly when the
    player holds only them and each fits its own end."""
    from itertools import permutations

    r = VARIANTS[name]
    seen = 0
    for seed in range(4 * ROUNDS):
        g = new_game(name, seed=seed)
        bot = bots.GreedyBot(seed=seed)
        while not g.is_over():
            p = g.current_player
            multi = [m for m in g.legal_moves() if len(m.placements) > 1]
            ends = g.open_ends()
            possible = set(g.hand(p)) == set(r.finish_together) and ends and any(
                all(g.layout.fits(t, e) for t, (e, _) in zip(r.finish_together, perm))
                for perm in permutations(ends, len(r.finish_together)))
            assert bool(multi) == bool(possible), str(g)
            seen += bool(multi)
            g.play(bot.choose(g))
    assert seen > 0


def test_rules_refuse_unknown_capability_values():
    with pytest.raises(UnknownOption, match="score_reads"):
        get_rules("kozel", score_reads="sometimes")
    with pytest.raises(UnknownOption, match="score_model"):
        get_rules("sport", score_model="all_to_me")
    with pytest.raises(UnknownOption, match="draw"):
        get_rules("classic", draw="twice")


def _plain_line_rounds(rules, rounds=60):
    """Rounds of ``rules`` from random 4 x 7 deals, the lead chosen at random among every
    legal lead (a free lead: 6:6, 0:0 and both at once included), played out at random."""
    rng = random.Random(7)
    tiles = list(DominoSet(rules.set_max).tiles)
    for _ in range(rounds):
        rng.shuffle(tiles)
        hands = [tiles[7 * i:7 * i + 7] for i in range(4)]
        g = new_round(rules, hands, leader=rng.randrange(4), flags=(("free_lead", True),))
        positions = []
        while not g.is_over():
            positions.append(g.copy())
            g.play(rng.choice(list(g.legal_moves())))
        yield from positions


@pytest.mark.parametrize("reading", ["wikipedia", "five_variants", "international"])
def test_plain_line_hooks_only_add_what_the_capabilities_declare(reading):
    """``plain_line_hooks``: on a plain line with no turn mode the legal moves are the
    line's single plays, plus both ends' doubles at once (``two_doubles``), less the
    plays that block after a lead of ``refuse_block_leads`` tiles; the turn passes on."""
    rules = get_rules("morskoy_kozel", reading=reading)
    assert rules.plain_line_hooks
    checked = refused = twos = 0
    for g in _plain_line_rounds(rules):
        lay = g.layout
        if lay.is_empty() or not lay.plain or g.mode is not None:
            continue
        p = g.current_player
        hand = g.hand(p)
        moves = [Move("play", ((t, e),), p) for t in hand for e in ("L", "R") if lay.fits(t, e)]
        a, b = Tile(lay.lnum, lay.lnum), Tile(lay.rnum, lay.rnum)
        if rules.two_doubles and a != b and a in hand and b in hand:
            moves.append(Move("play", ((a, "L"), (b, "R")), p))
            twos += 1
        first = g.history[0]
        if rules.refuse_block_leads and all(t in rules.refuse_block_leads for t in first.tiles):
            free = [m for m in moves if not g.blocks_after(m)]
            if free and len(free) < len(moves):
                moves, refused = free, refused + 1
        legal = [m for m in g.legal_moves() if m.kind == "play"]
        assert sorted(map(str, legal)) == sorted(map(str, moves)), [str(m) for m in g.history]
        for m in legal:
            g.play(m)
            assert g.is_over() or g.current_player == (p + 1) % 4
            g.undo()
        checked += 1
    assert checked > 500 and twos > 0
    assert refused > 0 or not rules.refuse_block_leads

