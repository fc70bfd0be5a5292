"""The inference and the sampling bot on Mexican train and Super-train (docs/rules.md):
a pass says nothing about the trains a player may not use; the letters D and X make
players draw with no history entry of their own — the count is known, the tiles are not.

Each check is made against facts read from the history independently of
:mod:`dominolab.games.inference`: a replay of the round that notes, at every pass, the
numbers of the trains the player could use, and afterwards how many tiles he took (by a
draw, or because the hands grew when a letter was played) and which of those numbers he
laid; at most that many of his tiles can show those numbers now.
"""

from __future__ import annotations

import itertools
import random

import pytest

from dominolab.games import Match, bots, get_rules, new_round
from dominolab.games.inference import BONE, knowledge
from dominolab.games.simulate import check_invariants, simulate
from dominolab.games.train_layout import MEXICAN, train_name
from dominolab.tiles import LocoTile

V = "mexican_train"
LETTERS_THAT_DRAW = {LocoTile("D"), LocoTile("X")}


def facts(g, viewer):
    """[(player, numbers, at most)]: what each pass of another player says now."""
    h = new_round(g.rules, [list(x) for x in g.initial_hands], list(g.bone), leader=g.leader,
                  lead=g.lead, context=g.context, seed=g.seed, flags=tuple(g.flags.items()))
    out = []        # [player, numbers, taken since, laid since]
    for m in g.history:
        q = h.current_player
        if m.kind == "pass" and q != viewer:
            lay = h.layout
            marked = set(h.rules.marked_ends(h))
            usable = ({e for e, _ in lay.open_ends()} if lay.pending_double() is not None
                      else {train_name(q), MEXICAN} | marked)
            nums = {k for e, k in lay.open_ends() if e in usable}
            out.append([q, nums, 0, 0])
        sizes = [len(h.hand(p)) for p in range(h.players)]
        h.play(m)
        for f in out:
            p = f[0]
            laid = [t for t, _ in m.placements] if m.kind == "play" and p == q else []
            grew = len(h.hand(p)) - sizes[p] + len(laid)
            f[2] += grew
            f[3] += sum(1 for t in laid if any(t.has(k) for k in f[1]))
    return [(p, nums, taken - laid) for p, nums, taken, laid in out]


def agrees(deal, g, viewer, known=None):
    """The deal gives every other player as many tiles as he holds, and keeps every
    fact of :func:`facts` (``known``: those facts, read once)."""
    if any(len(deal[q]) != len(g.hand(q)) for q in range(g.players) if q != viewer):
        return False
    return all(sum(1 for t in deal[p] if any(t.has(k) for k in nums)) <= most
               for p, nums, most in (facts(g, viewer) if known is None else known))


def truth(g, viewer, k):
    out = {q: list(g.hand(q)) for q in range(g.players) if q != viewer}
    held = {t for ts in out.values() for t in ts}
    out[BONE] = [t for t in k.unseen if t not in held]
    return out


def test_a_letter_d_after_a_pass_leaves_a_bound_counted_exactly():
    """Double-6 Super-train. P1 leads 6:6; P2 has no 6 (nor a locomotive, which fits any
    end): he draws 0:2, passes, his marker goes out. P1 lays L:D: P2 takes 1:6 and 3:4
    unseen. P2 lays 1:6 on his train. Now at most one of P2's four tiles shows a 6 or is
    a locomotive (two drawn since the pass, one of them laid); the inference used to
    refuse this history (tiles moved without a history entry)."""
    g = new_round(V, hands=["6:6 L:D 2:5 0:0", "0:1 2:3"], boneyard="0:2 1:6 3:4 4:4",
                  set_max=6, super_train=True)
    for m in ["6:6", "draw", "pass", "L:D>T1", "1:6>T2"]:
        g.play(m)
    assert [len(g.hand(p)) for p in (0, 1)] == [2, 4]
    k = knowledge(g, 0)
    assert k.excluded[1] == frozenset() and k.bounds == ((1, frozenset({6}), 1),)
    assert k.satisfies(truth(g, 0, k))
    assert facts(g, 0) == [(1, {6}, 1)]
    # brute force: every hand of four unseen tiles for P2, the rest out of his hand
    known = facts(g, 0)
    hands = [c for c in itertools.combinations(k.unseen, 4) if agrees({1: c}, g, 0, known)]
    assert k.count() == len(hands) > 0
    assert sum(1 for c in itertools.combinations(k.unseen, 4)) > len(hands)   # it says something
    for seed in range(30):
        assert agrees(k.sample(seed), g, 0)


def test_a_pass_says_nothing_about_the_trains_the_player_may_not_use():
    """P2 passes with 1:3 in hand although P1's train ends in 3: that train is not his to
    play on (no marker). Only the numbers of his own train and the Mexican train (12)
    are excluded; 3 is not."""
    g = new_round(V, hands=["12:12 12:3 5:6", "1:3 4:5"], boneyard="0:7 8:9 2:2",
                  super_train=False)
    for m in ["12:12", "draw", "pass", "12:3>T1", "draw", "pass"]:
        g.play(m)
    k = knowledge(g, 0)
    assert k.excluded[1] == {12}
    assert k.satisfies(truth(g, 0, k)) and k.count() >= 1


def _rounds(set_max, players, seeds):
    r = get_rules(V, super_train=True, set_max=set_max)
    for seed in seeds:
        g = Match(r, players=players, seed=seed).new_round()
        bot = bots.GreedyBot(seed=seed)
        rng = random.Random(seed)
        letters = 0
        while not g.is_over():
            m = (bot.choose(g) if rng.random() < 0.5 else
                 rng.choice(list(g.legal_moves())))
            g.play(m)
            letters += any(t in LETTERS_THAT_DRAW for t, _ in m.placements)
            if letters and not g.is_over():
                yield g, rng


@pytest.mark.parametrize("set_max,players,rounds,every", [(6, 2, 12, 5), (6, 3, 12, 5),
                                                          (9, 2, 8, 8), (12, 2, 3, 12)])
def test_the_sampled_deals_agree_with_everything_public_after_d_and_x(set_max, players,
                                                                      rounds, every):
    """Positions of seeded Super-train rounds after a D or an X: the true deal agrees with
    the inference, and so does every deal sampled, with the facts read independently."""
    checked = bounded = 0
    for n, (g, rng) in enumerate(_rounds(set_max, players, range(rounds))):
        if n % every:
            continue
        viewer = rng.randrange(g.players)
        k = knowledge(g, viewer)
        assert k.satisfies(truth(g, viewer, k))
        known = facts(g, viewer)
        for _ in range(3):
            deal = k.sample(rng)
            assert k.satisfies(deal) and agrees(deal, g, viewer, known), (g.history, viewer)
        checked += 1
        bounded += bool(k.bounds)
    assert checked >= 5 and bounded >= 1, (checked, bounded)


def test_the_sampling_bot_follows_super_train_rounds_with_d_and_x():
    """The sampling bot against greedy bots on double-6 Super-train: every move legal,
    every invariant kept, and it searches (no fallback) after letters made players draw."""
    r = get_rules(V, super_train=True, set_max=6)
    searched_after_letters = 0
    for seed in (7, 8):
        g = Match(r, players=2, seed=seed).new_round()
        sb = bots.SamplingBot(seed=1, samples=2, max_tiles=12)
        seats = [sb, bots.GreedyBot(seed=2)]
        letters = 0
        while not g.is_over():
            p = g.current_player
            legal = list(g.legal_moves())
            left = sum(len(g.hand(q)) for q in range(2)) + g.boneyard_count()
            if p == 0 and letters and len(legal) > 1 and left <= sb.max_tiles:
                k = knowledge(g)             # the bot's own first step: no DominoError
                assert agrees(k.sample(seed), g, 0)
                searched_after_letters += 1
            m = seats[p].choose(g)
            assert m in legal
            g.play(m)
            letters += any(t in LETTERS_THAT_DRAW for t, _ in m.placements)
            assert not check_invariants(g)
        assert g.ended in ("out", "blocked")
    assert searched_after_letters >= 1


def test_simulate_seats_the_sampling_bot_on_super_train():
    rep = simulate(V, rounds=6, seed=3, players=2, bots="sampling,greedy", set_max=6,
                   super_train=True)
    assert rep["rounds"] == 6 and rep["violations"] == []
