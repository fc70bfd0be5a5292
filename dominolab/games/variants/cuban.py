"""Double-nine Cuban dominoes (кубинское домино, double-9 set).

Rules implemented (docs/rules.md, "Cuban"; the Russian Wikipedia article «Домино»,
section «Дубль-9 домино»; conventions where the source is silent are marked):

1. Double-9 set (55 tiles); four players, 10 tiles each; 15 tiles stay in
   the boneyard and are not used during play («Больше базар в заходе не
   используется»: no drawing, a player who cannot play passes). Partners sit
   diagonally (convention: the source says only "four play").
2. First lead: each player turns one boneyard tile (P1 the first, P2 the
   second, …); the highest pip count leads (convention: between equal pips
   the higher half), with any tile. Later rounds (convention): the previous
   round's finisher, or the player who blocked, leads any tile.
3. Scoring — the source's one sentence, «Очки начисляются только тем, кто
   заход не выиграл» (points are written only to those who did not win the
   round), read as a penalty count (``points="losers_charged"``, the
   default): the pair that did not win the round records the pips left in its
   two hands. Going out wins the round for the finisher's pair; in a block the
   pair with fewer pips wins; a block with equal pips is won by nobody, so
   both pairs record their pips (the sentence taken literally). The match is
   lost by the first pair to reach 100 (``target``; convention, the source
   names no total). Option ``points="winner_takes_all"``: the count the
   common published rules of Cuban and Latin American double-nine give (not
   from the source) — going out, the winning pair scores all pips left in all
   hands; blocked, the pair with fewer pips scores them all, a tie scores
   nothing; the first pair to 100 wins.
4. Mandatory redeal of a hand of doubles only or of one suit.

>>> from dominolab.games import new_game, new_round
>>> g = new_game("cuban", seed=2)
>>> [len(g.hand(p)) for p in range(4)], g.boneyard_count(), g.legal_moves()[0].kind
([10, 10, 10, 10], 15, 'play')
>>> g = new_round("cuban", hands=["9:9", "1:2", "3:4", "5:6"], leader=0); g.play("9:9")
>>> g.result().team_points, g.rules.penalties          # P2 and P4 are charged 3 + 11
([0, 14], True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ...errors import UnknownOption
from ...i18n import tr
from ...tiles import Hand, Tile
from ..rules import (Opening, RoundContext, RoundResult, Rules, ScoringView, base_result,
                     highest_flip, lightest, plain_value, points_from_team,
                     redeal_all_doubles_or_suit)
from .sport import all_pips_to_winner


def cuban_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                  ctx: RoundContext) -> Opening:
    if ctx.leader_hint is not None and ctx.previous is not None:
        return Opening(ctx.leader_hint, None, why="the last finisher (or blocker) leads any tile")
    flips = list(boneyard[:len(deal)])
    if len(flips) < len(deal):
        return Opening(0, None, why="not enough boneyard tiles to flip: P1 leads")
    p = highest_flip(flips)
    shown = ", ".join(f"P{i + 1} {t}" for i, t in enumerate(flips))
    return Opening(p, None, flags=(("flips", [str(t) for t in flips]),),
                   why=f"boneyard tiles turned: {shown}; P{p + 1} leads")


def losers_charged(state: ScoringView) -> RoundResult:
    """Rule 3: every side that did not win the round records the pips in its hands."""
    teams = state.teams
    vals = [state.hand(p).pips for p in range(state.players)]
    tv = [sum(vals[p] for p in t) for t in teams]
    w: int | None
    if state.ended == "out":
        f = state.finisher
        assert f is not None            # somebody went out
        w = state.team_of[f]
        winner: int | None = f
        reason = tr("P{k} went out: the other pair records its pips").format(k=f + 1)
    else:
        w = lightest(tv)
        winner = None if w is None else teams[w][0]
        reason = (tr("blocked: team {team} has fewer pips ({pips}); the other pair records its "
                     "pips").format(team=w + 1, pips=tv[w]) if w is not None else
                  tr("blocked with equal pips {pips}: nobody won the round, both pairs record")
                  .format(pips=tv))
    tp = [0 if t == w else tv[t] for t in range(len(teams))]
    return base_result(state, state.ended or "out", winner=winner, winning_team=w, pips=vals,
                       points=points_from_team(state, tp), team_points=tp, reason=reason)


#: Option ``points``: the fields each reading of rule 3 sets.
POINTS: dict[str, dict[str, Any]] = {
    "losers_charged": dict(scoring=losers_charged, penalties=True,
                           score_model="losers_record_pips"),
    "winner_takes_all": dict(scoring=all_pips_to_winner, penalties=False,
                             score_model="pips_to_winner"),
}


class CubanRules(Rules):
    """Rules whose option ``points`` also sets the scoring hook, the kind of score and
    the closed form the solver may use.

    >>> r = RULES.with_options(points="winner_takes_all")
    >>> r.penalties, r.score_model, r.with_options(points="losers_charged") == RULES
    (False, 'pips_to_winner', True)
    """

    # (no instance dict: Rules keeps its fields in slots, see there)
    __slots__ = ()

    def with_options(self, **kw: Any) -> Rules:
        if "points" in kw:
            p = kw["points"]
            if p not in POINTS:
                raise UnknownOption(f"{self.name}: points is one of {', '.join(POINTS)}, "
                                    f"not {p!r}")
            return Rules.with_options(dataclasses.replace(self, **POINTS[p]), **kw)
        return Rules.with_options(self, **kw)


RULES = CubanRules(
    name="cuban",
    title="Double-nine Cuban dominoes — кубинское домино (дубль-9)",
    opening=cuban_opening,
    scoring=losers_charged,
    set_max=9,
    player_counts=(4,),
    hand_sizes=((4, 10),),
    pairs=True,
    draw="none",
    penalties=True,
    target=100,
    redeal=redeal_all_doubles_or_suit,
    options=(("points", "losers_charged"),),
    score_reads="ends",
    score_model="losers_record_pips",
    hand_value=plain_value,     # either reading of rule 3 reads each hand's pips only
    doc=__doc__,
)
