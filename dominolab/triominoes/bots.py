"""Triomino bots and an invariant-checked simulation.

* ``random`` plays a legal move chosen uniformly;
* ``greedy`` lays the tile that scores most now (bonuses included), the heavier tile on
  a tie, so that less is left in hand;
* ``lookahead`` is greedy, less the best reply the next player could then make with the
  tiles he might hold (all tiles not in the bot's hand and not on the table: it does not
  peek at hidden hands), so it avoids opening a bridge or a hexagon for him.

>>> report = simulate(20, ["greedy", "random"], seed=3)
>>> report["rounds"], report["violations"]
(20, [])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import UnknownOption
from ..limits import short_repr
from .game import RULES, TriominoMove, TriominoRound, TriominoRules
from .grid import Placement
from .tiles import TRIOMINO_SET

__all__ = ["BOTS", "make_bot", "check_invariants", "simulate"]

Bot = Callable[[TriominoRound], TriominoMove]


def _random(seed: int) -> Bot:
    rng = random.Random(seed)

    def bot(g: TriominoRound) -> TriominoMove:
        moves = g.legal_moves()
        return moves[rng.randrange(len(moves))]
    return bot


def _greedy(seed: int) -> Bot:
    def bot(g: TriominoRound) -> TriominoMove:
        moves = g.legal_moves()
        if moves[0].kind != "play":
            return moves[0]
        def gain(m: TriominoMove) -> tuple[int, int]:
            assert m.placement is not None
            return g.score_of(m.placement)[0], m.placement.tile.value
        return max(moves, key=gain)
    return bot


def _best_reply(g: TriominoRound, p: Placement, unseen: Sequence[Any]) -> int:
    """The most the next player could score right after ``p`` with any unseen tile."""
    b = g.board.copy()
    b.lay(p)
    best = 0
    for t in unseen:
        for q in b.placements(t):
            pts = t.value + (g.rules.bridge_bonus if b.is_bridge(q) else 0)
            h = b.hexagons_completed(q)
            if h:
                pts += g.rules.hexagon_bonus[h - 1]
            best = max(best, pts)
    return best


def _lookahead(seed: int) -> Bot:
    def bot(g: TriominoRound) -> TriominoMove:
        moves = g.legal_moves()
        if moves[0].kind != "play" or len(moves) == 1:
            return moves[0]
        mine = set(g.hands[g.current])
        laid = {p.tile for p in g.board}
        unseen = [t for t in TRIOMINO_SET if t not in mine and t not in laid]

        def value(m: TriominoMove) -> tuple[int, int]:
            p = m.placement
            assert p is not None
            now = g.score_of(p)[0]
            if len(g.hands[g.current]) == 1:
                return (10_000 + now, 0)                     # going out
            return (now - _best_reply(g, p, unseen), p.tile.value)
        return max(moves, key=value)
    return bot


#: The bots by name.
BOTS: dict[str, Callable[[int], Bot]] = {"random": _random, "greedy": _greedy,
                                         "lookahead": _lookahead}


def make_bot(name: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise UnknownOption(f"no triomino bot {short_repr(name)}: the bots are "
                            f"{', '.join(BOTS)}")
    return BOTS[name](seed)


def check_invariants(g: TriominoRound) -> list[str]:
    """Tiles conserved (each of the 56 exactly once in a hand, the boneyard or on the
    table), every laid tile matching all its neighbours, the table one piece, and the
    points equal to the sum of the moves' points."""
    errors = []
    tiles = g.tiles_in_play()
    if sorted(tiles) != sorted(TRIOMINO_SET):
        errors.append(f"{len(tiles)} tiles in play, or some twice; the set has 56")
    errors += g.board.consistent()
    sums = [0] * g.players
    for h in g.history:
        sums[h.player] += h.points
    if sums != g.scores:
        errors.append(f"scores {g.scores} but the moves add up to {sums}")
    return errors


def simulate(rounds: int, bots: Sequence[str], seed: int = 0, check: bool = True,
             rules: TriominoRules = RULES) -> dict[str, Any]:
    """``rounds`` rounds between ``bots`` (one per seat), seats rotating the lead by the
    deal; every move checked when ``check``."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 1_000_000:
        raise UnknownOption(f"rounds is a whole number 1..1000000, not {short_repr(rounds)}")
    players = len(bots)
    rules.hand_size(players)
    makers = [make_bot(b, seed * 31 + k) for k, b in enumerate(bots)]
    totals = [0] * players
    wins = [0] * players
    blocked = moves = 0
    violations: list[str] = []
    for r in range(rounds):
        g = TriominoRound(players, seed=seed * 1_000_003 + r, rules=rules)
        while not g.is_over():
            g.play(makers[g.current](g))
            moves += 1
            if check:
                for e in check_invariants(g):
                    violations.append(f"round {r + 1}, move {len(g.history)}: {e}")
            if len(g.history) > 2000:
                violations.append(f"round {r + 1} did not end in 2000 moves")
                break
        assert g.winner is not None
        wins[g.winner] += 1
        blocked += g.end == "blocked"
        for k in range(players):
            totals[k] += g.scores[k]
    return {"rounds": rounds, "moves": moves, "wins": wins, "scores": totals,
            "blocked": blocked, "violations": violations}
