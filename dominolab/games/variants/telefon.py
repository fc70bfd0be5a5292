"""Telefon (Телефон; also Домики "houses", Очко, Блоха "flea", Косолапый мишка, Пять-пять
"five-five", Записной) — points for multiples of five on a cross.

Rules implemented (docs/rules.md, "Telefon"; the Russian Wikipedia article «Домино»; the article on five variants):

1. 2 or 4 players, 7 tiles each; three may play, the 7 tiles left being a
   boneyard. The undealt tiles (2 or 3 players) are a boneyard: no playable
   tile — draw until one fits, then pass (common play). Four players play two
   against two (``pairs=True``, partners diagonal); points and write-offs
   are summed per pair.
2. The first double played is the house (дом): it opens four directions
   (``spinner_opens="at_once"``; ``"after_sides"`` is the English reading).
   Option ``houses="every_double"`` («Домики», "houses"): every double laid
   becomes a house and opens two more sides
   (:class:`~dominolab.games.houses_layout.HousesLayout`), the reading of the
   source's example, which calls 3:3 "the house" too and lets the next player
   play "on the third side"; the default ``houses="first"`` keeps the source's
   rule sentence «Первый выставленный дубль объявляется "домом"».
3. Up to four doubles at once, one per side (``multi_doubles``; with every
   double a house, still at most four); doubles are never turned face down
   (``closing="none"``).
4. The first round is led by the holder of 0:0, with 0:0 (engine
   convention when 0:0 is in the boneyard: the lowest double dealt, else the
   lowest tile). Later rounds: the previous finisher (or blocker) leads, any
   tile (the lead need not be a double: 6:4 scores 10 at once; option
   ``lead_double=True`` requires a double when the leader has one).
5. Whenever after a play the open ends add up to a multiple of 5, the player
   (his pair) scores that sum (``fives="sum"``; the article on five variants counts in fives,
   6:4 → 2, 0:5 → 1: ``fives="count"``, which also divides the write-off by
   5). A double across an end counts both halves (3:2 then 2:2 and 3:3 at
   once: 2+2+3+3 = 10). The house counts only while it is an end of the
   line: once both its line sides are covered ("closed") it no longer counts,
   and its free N and S sides add nothing until played on (the source's
   example: 3:2, then 2:2+3:3 scores 10; 2:4 on the house scores 3+3+4 = 10;
   then 3:1 on 3:3 scores 4+1 = 5).
6. The round ends when a player goes out or the game is blocked. The loser
   (every side but the finisher's; in a block every side heavier than the
   lightest) writes off his remaining pips rounded down to a multiple of 5
   (18 → 15): they are subtracted from his record, never below 0 ("no
   debts", option ``no_debts``). In the RoundResult the loser's team points
   are the fives he made minus the write-off (possibly negative); the
   match clamps at 0 (:func:`telefon_match_update`).
7. The match is played to 225 (``target``; option 151), highest wins.

The source's example also calls 3:3 "the house" later and lets a tile go
on its "third side" — the reading where every double opens sides, option
``houses="every_double"`` (rule 2).

>>> from dominolab.games import new_round
>>> g = new_round("telefon", hands=["2:3 2:4 0:0", "2:2 3:3 1:3"], boneyard=[], leader=0)
>>> g.play("2:3"); g.play("2:2>W+3:3>E"); g.play("2:4>W"); g.play("1:3>E")
>>> from dominolab.games.variants._fives import fives_log
>>> [(p, s) for _, p, s, _ in fives_log(g)]          # the source's example, step by step
[(0, 5), (1, 10), (0, 10), (1, 5)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ...errors import UnknownOption
from ...i18n import tr
from ...tiles import Hand, Tile
from ..rules import (MatchView, Opening, RoundContext, RoundResult, Rules, ascending_doubles,
                     base_result, lead_by_sequence, plain_value, redeal_all_doubles_or_suit)
from ..houses_layout import HousesLayout
from ..spinner_layout import SpinnerLayout
from ._cross import explain_illegal, multi_double_moves, restrict_lead_to_doubles
from ._fives import fives_by_player, fives_sum_points, fives_table_points, round_down5


def telefon_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                    ctx: RoundContext) -> Opening:
    if ctx.leader_hint is not None and ctx.previous is not None:
        op = Opening(ctx.leader_hint, None, why="the previous finisher leads any tile")
        return restrict_lead_to_doubles(op, deal, rules)
    return lead_by_sequence(deal, [Tile(0, 0)] + ascending_doubles(rules.set_max, 1), "lowest")


def telefon_score(state):
    teams = state.teams
    unit = 5 if state.rules.opt("fives") == "count" else 1
    fives = fives_by_player(state)
    pips = [state.hand(p).pips for p in range(state.players)]
    tpips = [sum(pips[p] for p in t) for t in teams]
    tf = [sum(fives[p] for p in t) for t in teams]
    if state.ended == "out":
        w = state.team_of[state.finisher]
        losers = [t for t in range(len(teams)) if t != w]
        reason = tr("P{k} went out").format(k=state.finisher + 1)
    else:
        m = min(tpips)
        losers = [t for t in range(len(teams)) if tpips[t] > m]
        light = [t for t in range(len(teams)) if tpips[t] == m]
        w = light[0] if len(light) == 1 else None
        reason = (tr("blocked: team {team} is lightest ({pips})").format(team=w + 1, pips=m)
                  if w is not None else
                  tr("blocked: a tie for the lightest ({pips})").format(pips=m))
    write = [0] * len(teams)
    for t in losers:
        write[t] = round_down5(tpips[t]) // unit
    tp = [tf[t] - write[t] for t in range(len(teams))]
    points = list(fives)
    for t, members in enumerate(teams):
        points[members[0]] -= write[t]
    notes = [f"team {t + 1} writes off {write[t]} ({tpips[t]} pips rounded down to 5)"
             for t in losers if write[t]]
    winner = state.finisher if state.ended == "out" else (teams[w][0] if w is not None else None)
    return base_result(state, state.ended, winner=winner, winning_team=w, pips=pips,
                       points=points, team_points=tp,
                       reason=tr("{reason}; fives per team {fives}").format(reason=reason,
                                                                           fives=tf),
                       notes=notes)


def telefon_match_update(match: MatchView, result: RoundResult) -> None:
    """Apply write-offs (negative team points) that :class:`Match` skips; no debts: not below 0."""
    if result.end in ("void", "redeal"):
        return
    for t, pts in enumerate(result.team_points):
        if pts < 0:
            new = match.scores[t] + pts
            if match.rules.opt("no_debts", True):
                new = max(0, new)
            match.scores[t] = new


#: Option ``houses``: the layout each value plays on.
HOUSES: dict[str, type[SpinnerLayout] | type[HousesLayout]] = {
    "first": SpinnerLayout, "every_double": HousesLayout}


class TelefonRules(Rules):
    """Rules whose option ``houses`` also chooses the layout (the cross, or every double a
    house).

    >>> RULES.with_options(houses="every_double").layout.__name__
    'HousesLayout'
    """

    # (no instance dict: Rules keeps its fields in slots, see there)
    __slots__ = ()

    def with_options(self, **kw: Any) -> Rules:
        if "houses" in kw:
            h = kw["houses"]
            if h not in HOUSES:
                raise UnknownOption(f"{self.name}: houses is one of {', '.join(HOUSES)}, "
                                    f"not {h!r}")
            base = dataclasses.replace(self, layout=HOUSES[h])
            return Rules.with_options(base, **kw)
        return Rules.with_options(self, **kw)


RULES = TelefonRules(
    name="telefon",
    title="Telefon (houses, five-five) — Телефон (Домики)",
    opening=telefon_opening,
    scoring=telefon_score,
    player_counts=(2, 3, 4),
    hand_sizes=((2, 7), (3, 7), (4, 7)),
    default_players=4,
    pairs=True,
    draw="until_playable",
    keep=0,
    penalties=False,
    target=225,
    layout=SpinnerLayout,
    redeal=redeal_all_doubles_or_suit,
    extra_moves=multi_double_moves,
    match_update=telefon_match_update,
    explain=explain_illegal,
    cross_hooks=True,
    options=(("spinner_opens", "at_once"), ("count_doubles", "all"), ("closing", "none"),
             ("multi_doubles", True), ("lead_double", False), ("fives", "sum"),
             ("no_debts", True), ("houses", "first")),
    option_choices=(("fives", ("sum", "flat", "count")), ("houses", tuple(HOUSES))),
    table_points=fives_table_points,
    # the fives read the open ends' sum only, and telefon_score the moves only through
    # fives_by_player (its team points: fives made minus the write-off)
    table_points_sum=fives_sum_points,
    hand_value=plain_value,     # and each hand only through its pips (the write-off)
    spinner_name="house",
    doc=__doc__,
)
