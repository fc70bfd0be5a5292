"""Random Mexican-train rounds for every player count (2-8) with the invariants: 10,000
rounds per count in the soak (``make soak`` runs ``pytest -m slow``), one round of each
option mix per count in make test and two more of each in ``make sweeps``; the option
mixes include Super-train and the first-turn train. The soak's
rounds of a player count are split in as many seeded parts as there are cores (at most
four), played in parallel.

Checked after every move: tile conservation (every tile of the set in exactly one hand,
the boneyard or the table, and the pips adding up), and that while a double is unsatisfied
the next play covers it. At the end of every round: the engine's whole invariant check
(:func:`~dominolab.games.simulate.check_invariants`), whose train rules replay the round's
history move by move on their own (doubles satisfied before any other play, plays on
another player's train only where his marker is out or the rules allow it, markers put
out only by a pass or a letter, taken back only by a play on the own train or a letter).
"""

from __future__ import annotations

import concurrent.futures
import os
import random

import pytest

from dominolab._platform import can_use_processes
from dominolab.games import Match, bots, new_game
from dominolab.games.simulate import check_invariants
from dominolab.games.train_layout import TrainLayout

from .repo_state import shares

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


def _pip_sum(mask: int, tiles) -> int:
    pips = 0
    while mask:
        low = mask & -mask
        mask ^= low
        pips += tiles[low.bit_length() - 1].pips
    return pips


def conservation(g, memo: dict | None = None) -> list[str]:
    """Every tile of the set in exactly one place; the pips add up.

    ``memo``: a dict kept over the moves of one round, for what does not change in a round
    (computed again if the round's boneyard order is not the one it was computed for):
    the boneyard's mask from each drawing position on, and the pips of the whole set.
    The pips are added up over the tiles found only when they are not the whole set (when
    they are, their sum is the set's, checked once).
    """
    memo = {} if memo is None else memo
    if memo.get("bone") is not g.bone:
        rest = [0] * (len(g.bone) + 1)      # rest[i]: the tiles bone[i:] (a sum, as before:
        for i in range(len(g.bone) - 1, -1, -1):    # a tile twice in it would show)
            rest[i] = rest[i + 1] + (1 << g.bone[i].index)
        memo.update(bone=g.bone, rest=rest, full=_pip_sum(g._full, g._tiles))
    places = list(g.hands) + [memo["rest"][g.top], g.layout.down_mask()]
    seen = 0
    errs = []
    for m in places:
        if seen & m:
            errs.append("a tile in two places")
        seen |= m
    if seen != g._full:
        errs.append("a tile is nowhere")
        pips = _pip_sum(seen, g._tiles)
    else:
        pips = memo["full"]
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
        memo: dict = {}
        while not g.is_over():
            pend = lay.pending_double()
            m = seats[g.current_player].choose(g)
            g.play(m)
            count += 1
            if pend is not None and m.kind == "play" and m.placements[0][1] != pend:
                errs.append(f"{players} players, round {r} {opts}: {m} played past the "
                            f"double on {pend}")
            for e in conservation(g, memo):
                errs.append(f"{players} players, round {r} {opts} after {m}: {e}")
        for e in check_invariants(g):
            errs.append(f"{players} players, round {r} {opts}: {e}")
        if len(errs) > 20:
            break
    return count, errs


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("share", shares((1, 100), (2, 200)))
def test_random_rounds_keep_the_invariants(players, share):
    # (rounds of each option mix, seed offset)
    per_mix, shift = share
    moves, errs = soak(players, rounds=len(MIXES) * per_mix, seed=shift + players)
    assert errs == [] and moves > 0


def soak_parts(players: int, rounds: int, seed: int, parts: int) -> tuple[int, list[str]]:
    """:func:`soak` with the rounds split in ``parts`` seeded parts (part ``k``: seed
    ``1000 * seed + k``), played in parallel processes where the platform has them."""
    sizes = [rounds // parts + (k < rounds % parts) for k in range(parts)]
    jobs = [(players, n, 1000 * seed + k) for k, n in enumerate(sizes) if n]
    if parts > 1 and can_use_processes():
        with concurrent.futures.ProcessPoolExecutor(max_workers=parts) as pool:
            done = list(pool.map(soak, *zip(*jobs)))
    else:
        done = [soak(*job) for job in jobs]
    return sum(m for m, _ in done), [e for _, errs in done for e in errs]


def test_the_soak_in_parts_plays_every_round():
    moves, errs = soak_parts(3, rounds=5, seed=1, parts=2)
    one = soak(3, rounds=3, seed=1000)[0] + soak(3, rounds=2, seed=1001)[0]
    assert errs == [] and moves == one


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
def test_ten_thousand_random_rounds_keep_the_invariants(players):
    parts = max(1, min(4, os.cpu_count() or 1))
    moves, errs = soak_parts(players, rounds=10_000, seed=players, parts=parts)
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


def test_the_soak_check_catches_a_tile_nowhere_and_a_tile_twice_in_the_boneyard():
    g = new_game(V, players=2, seed=4, super_train=True)
    memo: dict = {}
    assert conservation(g, memo) == [] and memo["full"] == g.set.pip_total
    first = g.hands[0] & -g.hands[0]
    g.hands[0] ^= first                           # P1's first tile gone
    assert conservation(g, memo) == ["a tile is nowhere", "the pips do not add up"]
    g.hands[0] ^= first
    g.bone = g.bone[:-1] + (g.bone[g.top],)       # the boneyard's last tile is its first again
    assert "a tile is nowhere" in conservation(g, memo)
