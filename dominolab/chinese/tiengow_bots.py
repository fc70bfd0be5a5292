"""Tien Gow bots (random, rule-based) and invariant-checked simulation.

:class:`RandomBot` plays a uniformly random legal move. :class:`RuleBot` plays by a few
rules a player would state: lead a set nobody can beat if it has one (most tiles
first), else its weakest tile; beat a trick when it has no trick yet, when the trick is
worth two or more, or when it is the last, with its weakest winning set; keep its best
tile for the last trick; discard its weakest tiles. It knows only its hand and the tiles
seen face up (face-down discards are unknown, so counted as possibly held by others).

:func:`simulate` plays seeded rounds with bots and checks, after every move, that
every tile is in exactly one place (a hand, the trick on the table, a player's won
pile), that the counts add up, that each bot's move was legal and that undoing it
restores the position; at the end, that the tricks add up to eight, the payments to
zero, and that the winner took the last trick.

>>> report = simulate(rounds=20, seed=1)
>>> report["rounds"], report["violations"]
(20, [])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..errors import UnknownOption
from .tiengow import FACES, PLAYERS, SETS, TienGow, TienGowMatch, TienGowMove, _classify
from .tiles import CHINESE_SET, CIVIL, ChineseTile

__all__ = ["Bot", "RandomBot", "RuleBot", "BOTS", "make_bot", "check_invariants", "simulate",
           "strength"]


class Bot(Protocol):
    name: str

    def choose(self, state: TienGow) -> TienGowMove: ...


def strength(t: ChineseTile) -> float:
    """A single tile's strength in its suit, 1 (Heaven, a nine) down to near 0.

    >>> strength(FACES[0]), round(strength(FACES[-1]), 2)
    (1.0, 0.17)
    """
    size = 11 if t.suit == CIVIL else 6
    return 1 - (t.rank - 1) / size


class RandomBot:
    """A uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: TienGow) -> TienGowMove:
        return self.rng.choice(state.legal_moves())


def _seen(state: TienGow) -> Counter[int]:
    """Tiles seen face up on the table (finished tricks and the one under way)."""
    seen: Counter[int] = Counter()
    plays = [p for _, trick, _ in state.done for p in trick] + list(state.trick)
    for _, idx, up in plays:
        if up:
            seen.update(idx)
    return seen


def _unknown(state: TienGow, seat: int) -> Counter[int]:
    """Tiles seat does not hold and has not seen face up: possibly in another hand."""
    seen = _seen(state)
    out: Counter[int] = Counter()
    for t in CHINESE_SET.faces:
        k = t.copies - state.counts[seat][t.index] - seen[t.index]
        if k > 0:
            out[t.index] = k
    return out


def _sure(kind_idx: tuple[int, ...], unknown: Counter[int]) -> bool:
    """Whether no set of unknown tiles could beat this set."""
    kind = _classify(kind_idx)
    assert kind is not None
    for combo, other in SETS:
        if other.beats(kind) and all(unknown[i] >= c for i, c in Counter(combo).items()):
            return False
    return True


class RuleBot:
    """A rule-based player (see the module docstring for its rules)."""

    name = "rules"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: TienGow) -> TienGowMove:
        moves = state.legal_moves()
        seat = state.turn
        up = [m for m in moves if m.face_up]
        down = [m for m in moves if not m.face_up]
        unknown = _unknown(state, seat)

        def idx(m: TienGowMove) -> tuple[int, ...]:
            return tuple(sorted(t.index for t in m.tiles))

        def weakness(m: TienGowMove) -> float:
            return sum(strength(t) for t in m.tiles)

        if not state.trick:                                    # leading
            sure = [m for m in up if _sure(idx(m), unknown)]
            if sure:
                return max(sure, key=lambda m: (len(m.tiles), weakness(m)))
            singles = [m for m in up if len(m.tiles) == 1]
            return min(singles, key=weakness)
        if up:
            weakest = min(up, key=weakness)
            last = state.is_last_trick
            keep = max(state.hand(seat), key=strength)
            if last or state.tricks[seat] == 0 or state.trick_size >= 2:
                return max(up, key=weakness) if last else weakest
            if state.tricks[seat] < 4 and keep not in weakest.tiles:
                return weakest
        return min(down, key=weakness)


BOTS: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot, "rules": RuleBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random`` or ``rules``."""
    if name not in BOTS:
        raise UnknownOption(f"no Tien Gow bot {name!r}: choose from {', '.join(BOTS)}")
    bot: Bot = BOTS[name](seed)
    return bot


def check_invariants(state: TienGow) -> list[str]:
    """Violations of the engine's invariants in ``state`` (empty when sound)."""
    errs: list[str] = []
    where: Counter[int] = Counter()
    for p in range(PLAYERS):
        for i, k in enumerate(state.counts[p]):
            if k < 0:
                errs.append(f"P{p + 1} holds {k} of {FACES[i]}")
            where[i] += k
        where.update(state.won[p])
    for _, idx, _ in state.trick:
        where.update(idx)
    full = Counter(t.index for t in CHINESE_SET.tiles)
    if where != full:
        errs.append(f"tiles not conserved: {sorted((where - full).elements())} extra, "
                    f"{sorted((full - where).elements())} missing")
    played = sum(len(trick[0][1]) for _, trick, _ in state.done)
    if sum(state.tricks) != played:
        errs.append(f"tricks {state.tricks} do not add up to {played}")
    for p in range(PLAYERS):
        if len(state.won[p]) != PLAYERS * state.tricks[p]:
            errs.append(f"P{p + 1} won {len(state.won[p])} tiles for {state.tricks[p]} tricks")
        in_trick = sum(len(idx) for s, idx, _ in state.trick if s == p)
        if state.tiles_left(p) != 8 - played - in_trick:
            errs.append(f"P{p + 1} holds {state.tiles_left(p)} tiles")
    if state.trick:
        if len({len(idx) for _, idx, _ in state.trick}) != 1:
            errs.append("plays of different sizes in one trick")
        if state.turn != (state.trick[-1][0] + 1) % PLAYERS:
            errs.append("the turn is not the next seat's")
        ups = [(s, _classify(idx)) for s, idx, up in state.trick if up]
        best = ups[0]
        for s, kind in ups[1:]:
            if kind is None or best[1] is None or not kind.beats(best[1]):
                errs.append(f"P{s + 1}'s face-up play does not beat the trick")
            else:
                best = (s, kind)
        if state.best is None or state.best[0] != best[0]:
            errs.append("the best play of the trick is wrong")
    return errs


def _snapshot(state: TienGow) -> tuple[Any, ...]:
    return (tuple(map(tuple, state.counts)), tuple(state.trick), state.best, tuple(state.tricks),
            tuple(map(tuple, state.won)), state.turn, state.leader, len(state.done))


def simulate(rounds: int = 100, bots: Sequence[str] = ("rules", "random", "rules", "random"),
             seed: int | None = 0, early_death: bool = True, check: bool = True
             ) -> dict[str, Any]:
    """Play ``rounds`` rounds of a match with the named bots (one per seat).

    Returns ``rounds``, ``scores`` (per seat), ``wins`` (rounds won per seat),
    ``moves``, and ``violations`` (an empty list when every check passed).
    """
    match = TienGowMatch(seed=seed, early_death=early_death)
    players = [make_bot(b, None if seed is None else seed * 10 + k) for k, b in enumerate(bots)]
    violations: list[str] = []
    wins = [0] * PLAYERS
    moves = 0
    for r in range(rounds):
        g = match.state
        while not g.finished:
            move = players[g.turn].choose(g)
            if check:
                legal = g.legal_moves()
                if move not in legal:
                    violations.append(f"round {r}: {move} is not legal")
                before = _snapshot(g)
                g.push(move)
                errs = check_invariants(g)
                violations += [f"round {r}, after {move}: {e}" for e in errs]
                undone = g.pop()
                if undone != move or _snapshot(g) != before:
                    violations.append(f"round {r}: undoing {move} did not restore the position")
                g.play(move)
            else:
                g.push(move)
            moves += 1
        res = g.result()
        assert res is not None
        if check:
            if sum(res.tricks) != 8:
                violations.append(f"round {r}: {sum(res.tricks)} tricks")
            if sum(res.payments) != 0:
                violations.append(f"round {r}: payments {res.payments} do not add to 0")
            if res.winner != g.done[-1][2]:
                violations.append(f"round {r}: the winner did not take the last trick")
        wins[res.winner] += 1
        match.next_round()
    return {"rounds": rounds, "scores": list(match.scores), "wins": wins, "moves": moves,
            "violations": violations, "bots": list(bots)}
