"""Muggins (All fives; «Маггинс», the English game) — score the open ends in multiples of five.

Rules implemented (docs/rules.md, "Muggins"; the Russian Wikipedia article «Домино»; «Международные правила игры в спортивное домино»):

1. Two players take 7 tiles, three or four take 5; the rest is a boneyard:
   no playable tile — draw until one fits, then pass (common play). Four
   players play individually (``pairs=True`` makes two diagonal pairs).
2. Any tile leads. Who leads is not stated: engine convention P1 in the
   first round, afterwards the previous finisher (or blocker). Option
   ``lead_double=True``: a lead must be a double when the leader has one.
3. The first double on the table is the spinner and opens four directions
   (``spinner_opens="at_once"``, the source: "opens a four-way chain";
   the English convention that N and S open only after both sides are
   played is ``"after_sides"``). One tile per turn (``multi_doubles=False``);
   no closing.
4. Whenever after a play the open ends sum to a multiple of 5, the player
   scores (``fives``): the sum, the rules reference's reading (``"sum"``, default), or
   a flat 5 per scoring play (``"flat"``, the issue's reading of the
   source's «за каждую пятерку … 5 очков»). «Дубли, кроме первого, игрок
   укладывает вдоль и поперек так, как ему выгодно»: every double but the
   first (the spinner, always across) is laid across, counting both halves
   at its end, or lengthwise, counting one half — the player's choice at each
   move (``count_doubles="choice"``; the lengthwise move writes its end with a
   ``-``: ``5:5>E-``). ``"all"`` lays every double across, ``"spinner"`` every
   double but the spinner lengthwise.
5. Going out: «За окончание игры он получает 10 очков» — +10 (``out_bonus``),
   nothing more (``out_pips=False``). Option ``out_pips=True``: the common
   English rule, which adds the opponents' pips rounded to the nearest 5
   (remainder 1–2 down, 3–4 up).
6. A block: the player (side) with the fewest pips scores the others' pips
   minus his own, rounded to the nearest 5; a tie for the fewest scores
   nothing (convention).
7. The match is played to 200 (``target``).

>>> from dominolab.games import new_round
>>> from dominolab.games.variants._fives import fives_log
>>> g = new_round("muggins", hands=["5:5 1:2", "0:5 4:6"], boneyard=[], leader=0)
>>> g.play("5:5"); g.play("0:5>E")            # 5:5 alone: 10; then 5:5 (10) + 0 = 10
>>> [(p, s, pts) for _, p, s, pts in fives_log(g)]
[(0, 10, 10), (1, 10, 10)]
>>> g.is_blocked(), g.result().team_points    # block: P1 (3) scores 13 - 2*3 = 7 -> 5
(True, [15, 10])
>>> g = new_round("muggins", hands=["5:5 0:0", "0:5 6:6"], boneyard=[], leader=0)
>>> g.play("5:5"); g.play("0:5>E"); [str(m) for m in g.legal_moves()]   # 0:0 either way
['P1 0:0>E', 'P1 0:0>E-']
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import tr
from ...tiles import Hand, Tile
from ..rules import (Opening, RoundContext, Rules, base_result, plain_value,
                     redeal_all_doubles_or_suit)
from ..spinner_layout import SpinnerLayout
from ._cross import explain_illegal, restrict_lead_to_doubles
from ._fives import fives_by_player, fives_sum_points, fives_table_points, round_nearest5


def muggins_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                    ctx: RoundContext) -> Opening:
    if ctx.leader_hint is not None and ctx.previous is not None:
        op = Opening(ctx.leader_hint, None, why="the previous winner leads any tile")
    else:
        op = Opening(0, None, why="P1 leads any tile")
    return restrict_lead_to_doubles(op, deal, rules)


def muggins_score(state):
    teams = state.teams
    r = state.rules
    fives = fives_by_player(state)
    pips = [state.hand(p).pips for p in range(state.players)]
    tpips = [sum(pips[p] for p in t) for t in teams]
    tp = [sum(fives[p] for p in t) for t in teams]
    points = list(fives)
    if state.ended == "out":
        w = state.team_of[state.finisher]
        bonus = r.opt("out_bonus", 10)
        if r.opt("out_pips", False):
            bonus += round_nearest5(sum(tpips[t] for t in range(len(teams)) if t != w))
        winner = state.finisher
        reason = tr("P{k} went out: +{bonus}").format(k=winner + 1, bonus=bonus)
    else:
        m = min(tpips)
        light = [t for t in range(len(teams)) if tpips[t] == m]
        w = light[0] if len(light) == 1 else None
        bonus = round_nearest5(sum(tpips) - 2 * m) if w is not None else 0
        winner = teams[w][0] if w is not None else None
        reason = (tr("blocked: team {team} is lightest ({pips}) and scores {bonus}").format(
            team=w + 1, pips=m, bonus=bonus) if w is not None else
            tr("blocked with a tie for the fewest pips ({pips})").format(pips=m))
    if w is not None:
        tp[w] += bonus
        points[winner] += bonus
    per_team = [sum(fives[p] for p in t) for t in teams]
    return base_result(state, state.ended, winner=winner, winning_team=w, pips=pips,
                       points=points, team_points=tp,
                       reason=tr("{reason}; fives per team {fives}").format(reason=reason,
                                                                           fives=per_team))


RULES = Rules(
    name="muggins",
    title="Muggins (all fives) — Маггинс",
    opening=muggins_opening,
    scoring=muggins_score,
    player_counts=(2, 3, 4),
    hand_sizes=((2, 7), (3, 5), (4, 5)),
    default_players=2,
    draw="until_playable",
    keep=0,
    penalties=False,
    target=200,
    layout=SpinnerLayout,
    redeal=redeal_all_doubles_or_suit,
    explain=explain_illegal,
    options=(("spinner_opens", "at_once"), ("count_doubles", "choice"), ("closing", "none"),
             ("multi_doubles", False), ("lead_double", False), ("fives", "sum"),
             ("out_bonus", 10), ("out_pips", False)),
    option_choices=(("fives", ("sum", "flat", "count")),),
    # no extra moves; explain only explains: the compact cross search may take a position
    cross_hooks=True,
    table_points=fives_table_points,
    # the fives read the open ends' sum only, and muggins_score the moves only through
    # fives_by_player, each hand only through its pips
    table_points_sum=fives_sum_points,
    hand_value=plain_value,
    doc=__doc__,
)
