"""Sport dominoes (спортивное домино, international rules) — two pairs.

Rules implemented (docs/rules.md, "Sport dominoes"; the Russian Wikipedia article «Домино» and
«Международные правила игры в спортивное домино»):

1. Four players in two pairs (partners diagonal: P1 & P3 against P2 & P4);
   all 28 tiles dealt, 7 each, no boneyard; a player who cannot play passes.
2. First lead of a match: before the deal all 28 tiles lie face down and
   each player turns one of them face up; the highest pip count leads (tie:
   the higher half), with any tile; the tiles are then shuffled again and
   dealt (the international rules, "Порядок начала партии"). So the turned tiles are four
   distinct tiles of the set drawn independently of the hands (by a seeded
   RNG; ``flags["flips"]`` lists them, P1's first). Then leads rotate:
   round k is led by the player after the previous round's leader.
3. Going out: the winning pair scores the pips left in all hands (both
   pairs, partner included).
4. Blocked (the last tile of a suit is played so that both ends show it):
   the pair with fewer pips wins and scores all pips left; equal pips: no
   score.
5. Match to 200 (``target``), or a number of deals that is a multiple of
   four (``Match(..., rounds=8)``: «Играется определённое количество раздач,
   кратное четырём», the Russian Wikipedia article; all of them are played,
   200 points do not stop such a match); there is no draw: level after the
   agreed deals, an extra round is played (the international rules). The time
   limits per move are not modelled.

>>> from dominolab.games import new_game, play_out, bots
>>> r = play_out(new_game("sport", seed=1), [bots.RandomBot(seed=s) for s in range(4)])
>>> sum(r.team_points) == sum(r.pips) or r.team_points == [0, 0]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter

from ...i18n import N_, get_language, gettext_for, tr
from ...tiles import Hand, Tile
from ..rules import (Opening, RoundContext, RoundResult, Rules, ScoringView, highest_flip,
                     redeal_all_doubles_or_suit)
from ..state import canonical_tiles


@lru_cache(maxsize=4096)
def _flips(seed: int, set_max: int, players: int) -> tuple[Tile, ...]:
    # the seed takes few values (a hand's index sum), and seeding a generator costs more
    # than the rest of the opening: each seed's flips are drawn once
    return tuple(random.Random(seed).sample(canonical_tiles(set_max), players))


@lru_cache(maxsize=4096)
def _first_lead(seed: int, set_max: int, players: int) -> tuple[int, tuple[str, ...], str]:
    """For the flips of ``seed``: who leads, the tiles turned (as text, P1's first) and
    the opening's words — worked out once per seed, like the flips."""
    shown = _flips(seed, set_max, players)
    p = highest_flip(shown)
    flips = ", ".join(f"P{i + 1} {t}" for i, t in enumerate(shown))
    return p, tuple(str(t) for t in shown), f"tiles turned up: {flips}; P{p + 1} leads"


_INDEX = attrgetter("index")


def sport_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                  ctx: RoundContext) -> Opening:
    """A tile turned up by each player (from the face-down set) decides the first leader;
    then leads rotate."""
    if ctx.previous is not None and ctx.first_leader is not None:
        p = (ctx.first_leader + ctx.round_no) % len(deal)
        return Opening(p, None, (), f"leads rotate: P{p + 1} leads round {ctx.round_no + 1}")
    # turned from the face-down set before the deal, not from the players' own hands
    p, shown, why = _first_lead(ctx.extra.get("flip_seed", 0) + sum(map(_INDEX, deal[0])),
                                rules.set_max, len(deal))
    # (leader, lead, flags, why), all four, made by tuple.__new__ itself: the named tuple's
    # own __new__ is a Python function, one more frame on every deal
    return _new_tuple(Opening, (p, None, (("flips", list(shown)),), why))


_new_tuple = tuple.__new__


#: the reasons of a round that is out or blocked with a winner (marked for the catalog here,
#: not by an N_() call on every round)
_WENT_OUT = N_("P{k} went out: team {team} scores all {total} pips left")
_FEWER_PIPS = N_("blocked: team {team} has fewer pips ({pips}) and scores all {total}")


@lru_cache(maxsize=8192)
def _worded(lang: str, message: str, team: int, total: int, k: int, pips: int) -> str:
    """A round's reason: ``message`` in ``lang`` with its numbers filled in. The reasons
    of sport rounds are a few thousand texts, so each is worded once (translating and
    formatting it on every round was a sixth of a round's result; the arguments are
    positional, the cheapest key for the cache)."""
    return gettext_for(lang).gettext(message).format(k=k, team=team, total=total, pips=pips)


def all_pips_to_winner(state: ScoringView) -> RoundResult:
    """Out: the winning pair scores all pips left; blocked: the lighter pair takes all; tie: 0."""
    teams = state.teams
    vals = state.pips_left()
    total = sum(vals)
    end = state.ended
    assert end is not None              # a finished round is scored
    w: int | None
    if end == "out":
        winner = state.finisher
        assert winner is not None       # somebody went out
        w = state.team_of[winner]
        reason = _worded(get_language(), _WENT_OUT, w + 1, total, winner + 1, 0)
    else:
        tv = [sum(map(vals.__getitem__, t)) for t in teams]
        low = min(tv)
        if tv.count(low) > 1:           # equal pips: nobody scores
            winner = w = None
            reason = tr("blocked with equal pips {pips}: no score").format(pips=tv)
        else:
            w = tv.index(low)           # the lighter side
            winner = teams[w][0]
            reason = _worded(get_language(), _FEWER_PIPS, w + 1, total, 0, tv[w])
    # (base_result and points_from_team written out: this runs on every sport round)
    tp = [0] * len(teams)
    points = [0] * state.players
    if w is not None:
        tp[w] = points[teams[w][0]] = total
    # made and then initialised, not called as RoundResult(...): calling a class with
    # keywords makes CPython pack them into a dict and unpack it again for __init__
    # (ten of them, on every sport round); a call of the function passes them as they are
    result = _new_object(RoundResult)
    RoundResult.__init__(result, end=end, winner=winner, winning_team=w,
                         finisher=state.finisher, pips=vals, points=points, team_points=tp,
                         teams=list(teams), penalties=state.rules.penalties, reason=reason)
    return result


_new_object = object.__new__


RULES = Rules(
    name="sport",
    title="Sport dominoes — спортивное домино",
    opening=sport_opening,
    scoring=all_pips_to_winner,
    player_counts=(4,),
    hand_sizes=((4, 7),),
    default_players=4,
    pairs=True,
    draw="none",
    target=200,
    redeal=redeal_all_doubles_or_suit,
    score_reads="ends",
    score_model="pips_to_winner",
    doc=__doc__,
)
