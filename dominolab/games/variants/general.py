"""General (Генерал, "the generals' goat") — a team game without points.

Rules implemented (docs/rules.md, "General"; the Russian Wikipedia article «Домино»):

1. Four players in diagonal pairs, 7 tiles each (all 28 dealt, no boneyard).
2. Always led with 1:1 (by its holder), every round.
3. Two ends, no closing.
4. A block is not allowed: a blocked round does not count (``end="void"``)
   and is dealt again.
5. The round ends when a player goes out. If his last tile is 0:0 or 6:6,
   the player next in turn after the finisher becomes the "General" and his
   team is credited with a General. Option ``only_zero=True``: only 0:0
   makes a General. (The source's remark that a "real" General is given by
   finishing with both 0:0 and 6:6 needs two tiles in one turn, which the
   source does not otherwise allow; such a finish is impossible here.)
6. No points: teams count Generals (``team_points`` = Generals received;
   fewer is better). Engine convention for a match: the first team with
   ``target`` = 2 Generals loses (the source: a team losing twice gives its
   place to the next team). Partners' signals are table talk, not modelled.

>>> from dominolab.games import new_round
>>> g = new_round("general", hands=["1:1 0:0", "1:2 3:4", "5:5 2:3", "4:4 6:6"], boneyard=[])
>>> g.play("1:1"); g.play("1:2>R"); g.play("2:3>R"); g.play("pass")
>>> g.play("P1 pass")          # 0:0 does not fit the ends 1 and 3
>>> g.play("P2 pass")
Traceback (most recent call last):
...
dominolab.errors.IllegalMove: P2 pass: a player who can play may not pass
"""

from __future__ import annotations

from collections.abc import Sequence

from ...tiles import Hand, Tile
from ..rules import (Opening, RoundContext, Rules, base_result, lead_by_sequence, points_from_team,
                     redeal_all_doubles_or_suit)

ZERO, SIX = Tile(0, 0), Tile(6, 6)


def general_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                    ctx: RoundContext) -> Opening:
    return lead_by_sequence(deal, [Tile(1, 1)])


def general_score(state):
    teams = state.teams
    vals = [state.hand(p).pips for p in range(state.players)]
    tp = [0] * len(teams)
    if state.ended != "out":
        return base_result(state, "void", pips=vals, points=[0] * state.players, team_points=tp,
                           reason="a blocked round does not count in General: deal again")
    last = state.history[-1].tiles
    makers = {ZERO} if state.rules.opt("only_zero") else {ZERO, SIX}
    f = state.finisher
    w = state.team_of[f]
    titles = {}
    if makers & set(last):
        g = (f + 1) % state.players
        tp[state.team_of[g]] = 1
        titles[state.team_of[g]] = "General"
        reason = f"P{f + 1} finished on {last[-1]}: P{g + 1} is the General"
    else:
        reason = f"P{f + 1} went out (not on 0:0/6:6): no General"
    return base_result(state, "out", winner=f, winning_team=w, pips=vals,
                       points=points_from_team(state, tp), team_points=tp, titles=titles,
                       reason=reason)


RULES = Rules(
    name="general",
    title="General — Генерал",
    opening=general_opening,
    scoring=general_score,
    player_counts=(4,),
    hand_sizes=((4, 7),),
    pairs=True,
    draw="none",
    penalties=True,
    target=2,
    redeal=redeal_all_doubles_or_suit,
    options=(("only_zero", False),),
    score_reads="ends",
    doc=__doc__,
)
