"""General (Генерал, "the generals' goat") — a team game without points.

Rules implemented (docs/rules.md, "General"; the Russian Wikipedia article «Домино»):

1. Four players in diagonal pairs, 7 tiles each (all 28 dealt, no boneyard).
2. Always led with 1:1 (by its holder), every round.
3. Two ends, no closing.
4. «"Рыба" недопустима»: a block is not allowed. A play that would block the
   game is refused while the player has another play (``refuse_block``); a
   block that cannot be avoided (every play the player has blocks) leaves a
   round that does not count (``end="void"``) and is dealt again.
5. The round ends when a player goes out. If his last tile is 0:0 or 6:6,
   the player next in turn after the finisher becomes the "General" and his
   team is credited with a General. A player whose last two tiles are 0:0 and
   6:6, with the ends showing 0 and 6, may hang both at once and go out
   (``finish_together``)
   («стремятся заканчивать сразу двумя этими дублями — "генералом"»; «Фактически
   "Генералом" считается именно тот проигравший, кому "навесили" сразу и 0×0,
   и 6×6»): the only two-tile play of the game. Option ``only_zero=True``: only
   0:0 makes a General (the source's other variant; the double finish still
   does, it holds 0:0); option ``only_both=True``: the «Фактически…» reading,
   only the double finish makes a General.
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

from ...i18n import tr
from ...tiles import Hand, Tile
from ..moves import Move
from ..rules import (Opening, RoundContext, Rules, base_result, lead_by_sequence, points_from_team,
                     redeal_all_doubles_or_suit)
from ..state import GameState

ZERO, SIX = Tile(0, 0), Tile(6, 6)
#: The title, in English and Russian.
GENERAL = "General (Генерал)"


def general_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                    ctx: RoundContext) -> Opening:
    return lead_by_sequence(deal, [Tile(1, 1)])


def general_explain(state: GameState, move: Move) -> str | None:
    """Name the General rule an illegal play breaks (None: the generic reasons)."""
    if len(move.placements) > 1:
        return tr("General: two tiles in one turn only to go out by hanging 0:0 and 6:6 at "
                  "once, with the ends showing 0 and 6")
    t, end = move.placements[0]
    lay = state.layout
    if end is not None and not lay.is_empty() and lay.fits(t, end):
        if state.blocks_after(move.by(state.current_player)):
            return tr("«\"Рыба\" недопустима» (General): this play would block the game, and "
                      "another play is possible")
    return None


def general_score(state):
    teams = state.teams
    vals = [state.hand(p).pips for p in range(state.players)]
    tp = [0] * len(teams)
    if state.ended != "out":
        return base_result(state, "void", pips=vals, points=[0] * state.players, team_points=tp,
                           reason=tr("a blocked round does not count in General: deal again"))
    last = set(state.history[-1].tiles)
    both = {ZERO, SIX} <= last
    r = state.rules
    if r.opt("only_both"):
        makes = both
    elif r.opt("only_zero"):
        makes = ZERO in last
    else:
        makes = bool(last & {ZERO, SIX})
    f = state.finisher
    w = state.team_of[f]
    titles = {}
    if makes:
        g = (f + 1) % state.players
        tp[state.team_of[g]] = 1
        titles[state.team_of[g]] = GENERAL
        reason = (tr("P{k} hung 0:0 and 6:6 at once: P{g} is the General") if both else
                  tr("P{k} finished on {tile}: P{g} is the General")).format(
            k=f + 1, g=g + 1, tile=state.history[-1].tiles[-1])
    else:
        need = (tr("0:0 and 6:6 at once") if r.opt("only_both") else
                "0:0" if r.opt("only_zero") else tr("0:0 or 6:6"))
        reason = tr("P{k} went out (not on {need}): no General").format(k=f + 1, need=need)
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
    explain=general_explain,
    refuse_block=True,                 # rule 4 (the engine and the solvers read these two)
    finish_together=(ZERO, SIX),       # rule 5
    options=(("only_zero", False), ("only_both", False)),
    score_reads="ends",
    doc=__doc__,
)
