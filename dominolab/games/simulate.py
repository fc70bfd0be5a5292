"""Invariant-checked simulation: play many seeded rounds and check every step.

:func:`check_invariants` verifies one state: every tile of the set is in
exactly one place (a hand, the boneyard, the table), the pips add up to the
set's total, the open ends agree with the line (or the layout's own
``check()``, e.g. a cross's arms), and "blocked" holds exactly when nobody
can move (or, on a cross, when every arm is closed). :func:`simulate` plays
rounds with bots, checks the invariants after every move, checks that every
move was legal and that undoing restores the position, and returns counts
and any violations.

>>> report = simulate("sport", rounds=20, seed=1)
>>> report["rounds"], report["violations"]
(20, [])
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import Any

from ..errors import DominoError
from ..limits import short_repr, whole_number
from .bots import Bot, GreedyBot, HeuristicBot, PlannerBot, RandomBot, SamplingBot
from .layout import LineLayout
from .match import Match
from .moves import Move
from .rules import RoundResult, Rules
from .setup import get_rules, new_game
from .state import GameState

__all__ = ["MAX_SIM_ROUNDS", "SIM_BOTS", "check_invariants", "simulate"]


def check_invariants(state: GameState) -> list[str]:
    """Violations of the engine's invariants in ``state`` (an empty list when sound)."""
    errs: list[str] = []
    full = state._full
    masks = list(state.hands)
    bone = 0
    for t in state.bone[state.top:]:
        bone |= 1 << t.index
    table = state.layout.down_mask()
    if table.bit_count() != len(state.layout):
        errs.append(f"{len(state.layout)} tiles on the table but {table.bit_count()} "
                    "different ones: a tile twice on the table")
    places = masks + [bone, table]
    seen = 0
    for i, m in enumerate(places):
        if seen & m:
            errs.append(f"tile(s) in two places (group {i})")
        seen |= m
    if seen != full:
        errs.append("some tiles are nowhere")
    pips = state._pips
    total = 0
    m = seen
    while m:  # sum the pips of every tile found somewhere
        low = m & -m
        total += pips[low.bit_length() - 1]
        m ^= low
    if total != state.set.pip_total:
        errs.append(f"pip total {total} != {state.set.pip_total}")
    pairs = state.layout.pairs()
    line = state.layout
    if pairs and isinstance(line, LineLayout) and line.kind == "line" and len(line.segments()) == 1:
        for (a, b), (c, d) in zip(pairs, pairs[1:]):
            if b != c:
                errs.append(f"line broken between {a}:{b} and {c}:{d}")
        if line.lnum != pairs[0][0] or line.rnum != pairs[-1][1]:
            errs.append("open ends disagree with the line")
    # "can anybody move?" decided tile by tile with layout.fits, independently of the masks
    ends = [e for e, _ in state.layout.open_ends()]
    fits_any = [any(state.layout.fits(t, e) for t in state.hand(p) for e in ends)
                for p in range(state.players)]
    for p in range(state.players):
        if fits_any[p] != state.can_play(p) and not state.layout.is_empty():
            errs.append(f"P{p + 1}: can_play disagrees with the layout")
    # drawing cannot help either when every tile that fits an end is on the table (a line
    # with both ends n and the whole suit n down: docs/rules.md, "Common play"): a block too
    # (the scan of the tiles off the table only where it decides: when no hand fits)
    nobody = (not state.layout.is_empty()
              and all(h and not fits_any[p] for p, h in enumerate(state.hands)))
    if nobody and state.can_draw_any():
        down = state.layout.down_mask()
        nobody = not any(state.layout.fits(t, e) for t in state.set.tiles
                         if not (down >> t.index) & 1 for e in ends)
    if state.layout.is_dead():      # every arm closed: blocked whatever the boneyard holds
        nobody = not ends and all(state.hands)
    layout_check = getattr(state.layout, "check", None)
    if layout_check is not None:    # a layout's own consistency (the spinner's arms)
        errs.extend(layout_check())
    if state.rules.invariants is not None:   # the variant's own rules, replayed
        errs.extend(state.rules.invariants(state))
    if state.ended == "blocked" and not nobody:
        errs.append("marked blocked but someone can move")
    if not state.ended and nobody:
        errs.append("nobody can move but the round is not marked blocked")
    if state.ended == "out" and (state.finisher is None or state.hands[state.finisher]):
        errs.append("marked out but the finisher holds tiles")
    if not state.ended and not len(state.legal_moves()):
        errs.append("round not over but no legal move")
    return errs


def _sampling(seed: int) -> Bot:
    """The sampling bot as a simulation seats it: 4 deals a move, the exact search from
    12 tiles left (its defaults, 12 deals from 18 tiles, make a long simulation slow)."""
    return SamplingBot(seed, samples=4, max_tiles=12)


_POOL: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot, "planner": PlannerBot,
    "sampling": _sampling}

#: The bot kinds :func:`simulate` takes (``mixed``: a random kind per seat and round).
SIM_BOTS = (*_POOL, "mixed")

#: The most rounds one :func:`simulate` call plays.
MAX_SIM_ROUNDS = 10_000_000


def _bot_kinds(spec: object) -> list[str]:
    """``"random"``, ``"mixed"`` or a comma-separated list (one kind per seat, repeated)."""
    if not isinstance(spec, str):
        raise DominoError(f"bots are named by text such as 'random' or 'greedy,heuristic', "
                          f"not {short_repr(spec)}")
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    if not kinds or len(kinds) > 8:
        raise DominoError(f"bots: 1 to 8 kinds separated by commas, from {', '.join(SIM_BOTS)}; "
                          f"not {short_repr(spec)}")
    for k in kinds:
        if k not in SIM_BOTS:
            raise DominoError(f"unknown bot {short_repr(k)}; bots: {', '.join(SIM_BOTS)}")
    return kinds


def _bots(kinds: list[str], n: int, rng: random.Random) -> list[Bot]:
    out = []
    for seat in range(n):
        kind = kinds[seat % len(kinds)]
        if kind == "mixed":
            kind = rng.choice(["random", "random", "greedy", "heuristic"])
        out.append(_POOL[kind](rng.randrange(1 << 30)))
    return out


def simulate(variant: str | Rules, rounds: int = 1000, seed: int = 1,
             players: int | None = None, bots: str = "random", check: bool = True,
             score_check: Callable[[GameState, RoundResult], Iterable[str] | None] | None = None,
             via_match: bool = False, progress: Callable[[int], None] | None = None,
             **options: Any) -> dict[str, Any]:
    """Play ``rounds`` seeded rounds; check invariants (``check``) after every move.

    ``bots`` is one of :data:`SIM_BOTS` or several separated by commas (one per seat,
    repeated); ``progress(rounds done)`` is called after every round.

    ``score_check(state, result)`` may return a list of violations (the
    tests pass an independent scorer). Returns a dict with ``rounds``,
    ``moves``, ``ends`` (counts by how rounds ended), ``team_points`` totals,
    ``violations`` (the first 20) and ``seconds``. With ``via_match`` the
    rounds are dealt by :class:`~dominolab.games.match.Match` objects (a new
    match when one ends), so match-dependent rules (later leads, eggs, fast
    leads) are exercised too.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise DominoError(f"a simulation needs a whole number of rounds, 1 or more; got "
                          f"{short_repr(rounds)}")
    whole_number(rounds, "rounds", low=1, high=MAX_SIM_ROUNDS, error=DominoError)
    kinds = _bot_kinds(bots)
    rules = get_rules(variant, **options)
    if players is not None:
        whole_number(players, "players", low=1, high=8, error=DominoError)
        rules.hand_size(players)         # a count the variant is not played by is refused
    rng = random.Random(seed)
    ends: dict[str, int] = {}
    totals: list[int] | None = None
    violations: list[str] = []
    moves = 0
    t0 = time.perf_counter()
    match: Match | None = None
    for r in range(rounds):
        n = players or rng.choice(rules.player_counts)
        if via_match:
            if match is None or match.is_over():
                match = Match(rules, players=n, seed=rng.randrange(1 << 30))
            g = match.new_round()
            n = g.players
        else:
            g = new_game(rules, players=n, seed=rng.randrange(1 << 30))
        bs = _bots(kinds, n, rng)
        while not g.is_over():
            legal: list[Move] = list(g.legal_moves()) if check else []
            m = bs[g.current_player].choose(g)
            if check:
                if m not in legal:
                    violations.append(f"round {r}: illegal move {m} chosen")
                before = g.key()
                g.play(m)
                errs = check_invariants(g)
                if errs:
                    violations.append(f"round {r} after {m}: {errs}")
                g.undo()
                if g.key() != before:
                    violations.append(f"round {r}: undo of {m} did not restore the position")
            g.play(m)
            moves += 1
        res = g.result()
        if match is not None:       # (via_match)
            match.finish_round()
        ends[res.end] = ends.get(res.end, 0) + 1
        if totals is None or len(totals) != len(res.team_points):
            totals = [0] * len(res.team_points) if totals is None else totals
        for i, v in enumerate(res.team_points[:len(totals)]):
            totals[i] += v
        if score_check is not None:
            for e in score_check(g, res) or ():
                violations.append(f"round {r}: {e}")
        if progress is not None:
            progress(r + 1)
        if len(violations) > 20:
            break
    return {"variant": rules.name, "rounds": r + 1 if rounds else 0, "moves": moves,
            "ends": ends, "team_points": totals, "violations": violations[:20],
            "seconds": time.perf_counter() - t0}
