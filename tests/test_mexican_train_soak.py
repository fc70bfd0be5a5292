"""Random Mexican-train rounds for every player count (2-8) with the invariants: 10,000
rounds per count in the soak (``make soak`` runs ``pytest -m slow``), a few dozen in the
normal suite; the option mixes include Super-train and the first-turn train.

Checked after every move: tile conservation (every tile of the set in exactly one hand,
the boneyard or the table, and the pips adding up), and that while a double is unsatisfied
the next play covers it. At the end of every round: the engine's whole invariant check
(:func:`~dominolab.games.simulate.check_invariants`), whose train rules replay the round's
history move by move on their own (doubles satisfied before any other play, plays on
another player's train only where his marker is out or the rules allow it, markers put
out only by a pass or a letter, taken back only by a play on the own train or a letter).
"""

from __future__ import annotations

import random

import pytest

from dominolab.games import Match, bots, new_game
from dominolab.games.simulate import check_invariants
from dominolab.games.train_layout import TrainLayout

V = "mexican_train"

#: The option mixes the rounds cycle through.
MIXES = (
    {},
    {"super_train": True},
    {"first_train": True},
    {"super_train": True, "first_train": True, "double_again": False},
    {"super_train": True, "public_train": False, "super_letters": "SDX", "loco_points": 0},
    {"super_train": True, "loco_any_train": False, "zero_double": 50},
)


def conservation(g) -> list[str]:
    """Every tile of the set in exactly one place; the pips add up."""
    places = list(g.hands) + [sum(1 << t.index for t in g.bone[g.top:]), g.layout.down_mask()]
    seen = 0
    errs = []
    for m in places:
        if seen & m:
            errs.append("a tile in two places")
        seen |= m
    if seen != g._full:
        errs.append("a tile is nowhere")
    pips = 0
    while seen:
        low = seen & -seen
        seen ^= low
        pips += g._tiles[low.bit_length() - 1].pips
    if pips != g.set.pip_total:
        errs.append("the pips do not add up")
    return errs


def soak(players: int, rounds: int, seed: int) -> tuple[int, list[str]]:
    """Play ``rounds`` seeded rounds; return (moves, violations)."""
    rng = random.Random(seed)
    errs: list[str] = []
    count = 0
    for r in range(rounds):
        opts = MIXES[r % len(MIXES)]
        g = new_game(V, players=players, seed=rng.randrange(1 << 30), **opts)
        kinds = [bots.RandomBot if rng.random() < 0.75 else bots.GreedyBot
                 for _ in range(players)]
        seats = [k(seed=rng.randrange(1 << 30)) for k in kinds]
        lay = g.layout
        assert isinstance(lay, TrainLayout)
        while not g.is_over():
            pend = lay.pending_double()
            m = seats[g.current_player].choose(g)
            g.play(m)
            count += 1
            if pend is not None and m.kind == "play" and m.placements[0][1] != pend:
                errs.append(f"{players} players, round {r} {opts}: {m} played past the "
                            f"double on {pend}")
            for e in conservation(g):
                errs.append(f"{players} players, round {r} {opts} after {m}: {e}")
        for e in check_invariants(g):
            errs.append(f"{players} players, round {r} {opts}: {e}")
        if len(errs) > 20:
            break
    return count, errs


@pytest.mark.parametrize("players", range(2, 9))
def test_random_rounds_keep_the_invariants(players):
    moves, errs = soak(players, rounds=len(MIXES) * 3, seed=100 + players)
    assert errs == [] and moves > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
def test_ten_thousand_random_rounds_keep_the_invariants(players):
    moves, errs = soak(players, rounds=10_000, seed=players)
    assert errs == [] and moves > 10_000


def test_the_soak_check_catches_a_tile_in_two_places():
    g = new_game(V, players=3, seed=2, super_train=True)
    assert conservation(g) == []
    g.hands[0] |= g.hands[1] & -g.hands[1]        # P2's first tile shown in P1's hand too
    assert "a tile in two places" in conservation(g)


def test_a_whole_super_train_match_is_13_rounds_from_12_12_down_to_0_0():
    m = Match(V, players=5, seed=9, super_train=True, first_train=True)
    assert m.play([bots.GreedyBot(seed=s) for s in range(5)])
    assert len(m.results) == 13 and m.is_over()
    assert [rec.lead for rec in m.records] == [[f"{v}:{v}"] for v in range(12, -1, -1)]
    assert m.scores == [sum(r.team_points[p] for r in m.results) for p in range(5)]
