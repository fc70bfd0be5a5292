"""The counts of consistent deals (``Knowledge._ways``, computed for all the capacities at
once) against the tile-at-a-time programme they replaced, kept here as the reference:
the same integer at every state that programme reaches, and so the same deal drawn
from the same seed, on seeded positions of variants with and without bounds (draws
after passes)."""

from __future__ import annotations

import random

import pytest

from dominolab import Tile
from dominolab.games import Match, bots, get_rules, new_game
from dominolab.games.inference import BONE, Knowledge, knowledge


def reference(k):
    """The programme over single states (tile j, room left in every place, tiles counted
    against each bound), memoised; returns ``(ways, memo)``."""
    allowed, hits, memo = k._allowed(), k._hits(), {}

    def ways(j, caps, used):
        key = (j, caps, used)
        if key not in memo:
            if j == len(allowed):
                memo[key] = 0 if any(caps) else 1
            else:
                v = 0
                for s, h in zip(allowed[j], hits[j]):
                    u = list(used)
                    for i in h:
                        u[i] += 1
                    if caps[s] and all(u[i] <= k.bounds[i][2] for i in h):
                        c = list(caps)
                        c[s] -= 1
                        v += ways(j + 1, tuple(c), tuple(u))
                memo[key] = v
        return memo[key]

    return ways, memo


def reference_sample(k, seed):
    """The walk of ``Knowledge.sample`` over the reference counts."""
    ways, _ = reference(k)
    rng = random.Random(seed)
    caps, used = k._caps(), (0,) * len(k.bounds)
    slots = [q for q in range(k.players) if q != k.viewer] + [BONE]
    out = {q: [] for q in slots}
    for j, t in enumerate(k.unseen):
        r = rng.randrange(ways(j, caps, used))
        for s, h in zip(k._allowed()[j], k._hits()[j]):
            c, u = list(caps), list(used)
            c[s] -= 1
            for i in h:
                u[i] += 1
            if c[s] < 0 or any(u[i] > k.bounds[i][2] for i in h):
                continue
            w = ways(j + 1, tuple(c), tuple(u))
            if r < w:
                out[slots[s]].append(t)
                caps, used = tuple(c), tuple(u)
                break
            r -= w
    return out


def positions(game, seeds, every, greedy=0.5):
    """Positions of seeded rounds (moves greedy or random), every ``every`` plies, each
    with a random viewer."""
    for seed in seeds:
        g = game(seed)
        rng = random.Random(seed)
        bot = bots.GreedyBot(seed=seed)
        ply = 0
        while not g.is_over():
            if ply % every == every - 1:
                yield knowledge(g, rng.randrange(g.players))
            g.play(bot.choose(g) if rng.random() < greedy else rng.choice(list(g.legal_moves())))
            ply += 1


def train(set_max, players, **options):
    rules = get_rules("mexican_train", set_max=set_max, **options)
    return lambda seed: Match(rules, players=players, seed=seed).new_round()


#: name: (a new round from a seed, rounds, plies between positions); the double-9 sets
#: sparsely (the reference programme takes ~0.1 s on their early positions)
GAMES = {
    "sport": (lambda seed: new_game("sport", seed=seed), 4, 3),
    "kozel, 2 players": (lambda seed: new_game("kozel", players=2, seed=seed), 6, 2),
    "kozel, 3 players": (lambda seed: new_game("kozel", players=3, seed=seed), 4, 3),
    "classic, 3 players": (lambda seed: new_game("classic", players=3, seed=seed), 4, 3),
    "cuban": (lambda seed: new_game("cuban", seed=seed), 2, 7),
    "mexican train, double-6, 3 players": (train(6, 3), 4, 3),
    "mexican train, double-9, 4 players": (train(9, 4), 2, 6),
    "super-train, double-6, 2 players": (train(6, 2, super_train=True), 4, 3),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_count_equals_the_tile_at_a_time_programme(name):
    game, rounds, every = GAMES[name]
    checked = bounded = 0
    for k in positions(game, range(rounds), every):
        ways, memo = reference(k)
        start = (k._caps(), (0,) * len(k.bounds))
        assert k.count() == ways(0, *start)
        # every state the reference programme reached, not only the start
        assert all(k._ways(*key) == v for key, v in memo.items()), (name, k)
        if k.count():
            assert [k.sample(s) for s in (1, 2)] == [reference_sample(k, s) for s in (1, 2)]
        checked += 1
        bounded += bool(k.bounds)
    assert checked >= 8, checked
    if "kozel" in name or "train" in name:       # draws after passes leave bounds
        assert bounded >= 2, bounded


def test_counts_on_hand_built_knowledge():
    """Edge cases the games rarely reach: no boneyard, an empty hand, a bound of 0,
    overlapping bounds of one player, no unseen tile; and the probabilities (counts of
    sub-positions) on one of them."""
    tiles = [Tile(a, b) for a in range(5) for b in range(a, 5)]
    cases = [
        Knowledge(0, 3, tiles[:6], [0, 3, 3], [frozenset()] * 3, 0),
        Knowledge(1, 4, tiles[:8], [2, 0, 3, 1], [frozenset(), frozenset(), frozenset({4}),
                                                 frozenset()], 2, set_max=4),
        Knowledge(0, 3, tiles, [0, 4, 4], [frozenset(), frozenset({0}), frozenset()], 7,
                  set_max=4, bounds=((1, frozenset({1, 2}), 1), (1, frozenset({2, 3}), 2),
                                     (2, frozenset({4}), 0))),
        Knowledge(2, 3, [], [0, 0, 5], [frozenset()] * 3, 0),
    ]
    for k in cases:
        ways, memo = reference(k)
        assert k.count() == ways(0, k._caps(), (0,) * len(k.bounds))
        assert all(k._ways(*key) == v for key, v in memo.items())
    k = cases[2]
    assert k.count() > 0
    assert k.sample(4) == reference_sample(k, 4)
    for t in tiles[:4]:
        assert sum(k.probability(q, t) for q in (1, 2, BONE)) == 1


def test_a_count_too_big_for_memory_is_refused_and_the_bots_play_on(monkeypatch):
    """Seven or eight hidden hands of a double-12 set would need tens of GB: refused at
    once with OverLimit (naming the limit), and the bots that sample deals fall back."""
    from dominolab import limits
    from dominolab.errors import OverLimit

    g = new_game("mexican_train", players=8, seed=1)
    with pytest.raises(OverLimit, match="MAX_DEAL_TABLE"):
        knowledge(g).count()
    for kind in ("sampling", "ismcts"):
        assert bots.make_bot(kind, seed=1).choose(g) in g.legal_moves()
    # the limit is what decides: a four-player position counts, and is refused below it
    small = new_game("mexican_train", players=4, seed=1)
    assert knowledge(small).count() > 0
    monkeypatch.setattr(limits, "MAX_DEAL_TABLE", 1 << 16)
    with pytest.raises(OverLimit):
        knowledge(small).count()
