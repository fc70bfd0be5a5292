"""The engine's random rounds pinned: the same seed gives the same moves, state and score.

For every variant in ``games.VARIANTS`` and each of its player counts, seeded
random rounds are played through the public API (``new_game``, ``legal_moves``,
``play``; a ``random.Random`` picks ``moves[rng.randrange(len(moves))]``) and a
few rounds of a :class:`~dominolab.games.Match` (later leads, eggs and the
other carry-over rules). Every position's legal moves in generation order, the
move chosen, the final table, hands, position key and the whole result go into
a SHA-256 digest per variant. The expected digests below were computed by the
engine as it was before its speed work (issue 24) and are a regression pin:
the speed-ups must not change one move or point. The same rounds are also
replayed with the unchecked ``push()`` (the search code's path), undone move by
move back to the deal, and replayed again, and must agree with ``play()``.

When a rule is changed on purpose, regenerate the table with

    python tests/test_engine_regression.py

and paste what it prints over ``EXPECTED`` (say in the commit why the rounds changed).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

import pytest

from dominolab.games import VARIANTS, Match, new_game
from dominolab.games.state import GameState
from dominolab.i18n import using

#: rounds per (variant, player count), and Match rounds per variant
ROUNDS = 12
MATCH_ROUNDS = 4
#: Mexican train's rounds are long (double-12, up to 8 players): fewer of them
FEW = {"mexican_train": 3}


def _line(*parts: object) -> bytes:
    return (json.dumps(parts, sort_keys=True, default=str) + "\n").encode()


def _play(g: GameState, rng: random.Random, h: hashlib._Hash, checked: bool = True) -> list:
    """Play ``g`` to the end at random, feeding every position into ``h``; the moves."""
    chosen = []
    step = g.play if checked else g.push
    while not g.is_over():
        moves = g.legal_moves()
        h.update(_line(g.current_player, [str(m) for m in moves]))
        m = moves[rng.randrange(len(moves))]
        chosen.append(m)
        step(m)
    return chosen


def _final(g: GameState, h: hashlib._Hash) -> None:
    res = g.result()
    h.update(_line(str(g.history[-1]) if g.history else None, g.ended, g.finisher,
                   g.layout.pairs(), [str(g.hand(p)) for p in range(g.players)],
                   g.boneyard_count(), repr(g.key()), res.to_json()))


def variant_digest(name: str) -> str:
    """The SHA-256 of ``name``'s pinned random rounds (see the module docstring)."""
    rules = VARIANTS[name]
    h = hashlib.sha256()
    n = FEW.get(name, ROUNDS)
    with using("en"):
        for players in rules.player_counts:
            for r in range(n):
                seed = 1_000 * players + r
                g = new_game(name, players=players, seed=seed)
                h.update(_line(name, players, seed, g.current_player, g.lead and
                               [str(t) for t in g.lead], sorted(g.flags.items(), key=str)))
                _play(g, random.Random(seed), h)
                _final(g, h)
        m = Match(name, seed=11)
        for r in range(FEW.get(name, MATCH_ROUNDS)):
            if m.is_over():
                break
            g = m.new_round()
            h.update(_line("match", r, g.current_player, [str(g.hand(p)) for p in range(g.players)]))
            _play(g, random.Random(r), h)
            _final(g, h)
            res = m.finish_round()
            h.update(_line(res.to_json(), m.scores, m.eggs))
    return h.hexdigest()


# Computed by the engine before its speed work: `python tests/test_engine_regression.py`.
EXPECTED = {
    'checheve': '80688e556bc8a5910c3bd77abd1b34496fe630489c881c2e6501838cc05693ee',
    'classic': 'a7e053a863f97e2af8c2cd9c3f63f282fec1a1fcdb970dc39da85d7f31d0c3c8',
    'cuban': '94c89799cda6a56f3212e464a9e8a0eaaf013a16b3b87b18a1390dd3edf37388',
    'general': '79c8b711caa1b8e60ead9d11e59dda73ea9d1b238ee5128f98a5cf130d5a550d',
    'kozel': '0bdff341cbd165a064136eb03abca58d0bce02695b5ec3c16b77109309779dad',
    'mexican_train': '4d4602a5e7fcd40090e2aeb57e302d06e891911a4c27c457215692756d6c536a',
    'morskoy_kozel': '424d23d081aba54095f2926e60a6f8d1de9f1d1aa7111c9b60c6f523b7c7b480',
    'muggins': 'e44a941be2a47f03566d3b17003c2c35af261d37cc6601be342e9164a0ad2215',
    'osyol': 'acb6a935c4be0c5d70c3847d7a57591997a57eef9d947013f530f80fccebaaa6',
    'semyorka': '6e3144df124a94bb7f423b66663cc83922d9343c7181a88dffccd1adc0c7ee9c',
    'sport': '48ac7c6e5ff90b369a2ed64d523dffbd7a019fc8282905e71626c3dfe4fdd513',
    'telefon': 'c3380e7803b4197826c1a1601e534989c0089977718a3d23a8460526c28c64d3',
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_rounds_unchanged(name):
    assert name in EXPECTED, f"no pinned digest for {name}: regenerate EXPECTED"
    assert variant_digest(name) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_push_undo_and_replay_agree_with_play(name):
    """``push()`` on generated moves plays the same rounds as ``play()``; undoing every
    move restores the deal's position key, and replaying gives the same end."""
    rules = VARIANTS[name]
    players = rules.player_counts[-1]
    for r in range(3):
        seed = 77 + r
        a = new_game(name, players=players, seed=seed)
        b = new_game(name, players=players, seed=seed)
        ha, hb = hashlib.sha256(), hashlib.sha256()
        start = b.key()
        moves = _play(a, random.Random(seed), ha)
        assert _play(b, random.Random(seed), hb, checked=False) == moves
        _final(a, ha)
        _final(b, hb)
        assert ha.hexdigest() == hb.hexdigest()
        end = b.key(), b.result().team_points
        for m in reversed(moves):
            assert b.undo() == m
        assert b.key() == start and not b.is_over() and b.history == []
        for m in moves:
            b.play(m)
        assert (b.key(), b.result().team_points) == end


if __name__ == "__main__":
    sys.stdout.write("EXPECTED = {\n")
    for v in sorted(VARIANTS):
        sys.stdout.write(f"    {v!r}: {variant_digest(v)!r},\n")
    sys.stdout.write("}\n")
