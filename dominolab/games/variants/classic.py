"""Classic ("yard", дворовое) domino — the default rules of docs/rules.md.

Rules implemented (docs/rules.md, "Classic" and "Common play"; the Russian Wikipedia article «Домино»):

1. 2–4 players; 7 tiles each for two players, 5 each for three or four; the
   rest is the boneyard (базар).
2. Opening (default "ascending"): the holder of 1:1 leads it; if nobody has
   it, the next double upward (2:2 … 6:6); 0:0 may not lead. With no such
   double dealt, the lowest tile leads (fewest pips: 0:1, 0:2, then 0:3 and
   1:2 …; engine convention where the sources are silent: between equal pips
   the tile with the lower half, so 0:3 before 1:2). Option
   ``lead_order="descending"`` («Международные правила игры в спортивное
   домино» and the article on five variants): 6:6, 5:5, … 0:0, else the
   heaviest tile (6:5; between equal pips the higher half, a
   convention). Option ``lead_order="lowest_double"`` («Международные правила игры в спортивное домино»):
   the smallest double in any hand (0:0 included), else the smallest tile.
   Every round of a match is opened by this rule (convention: the rules
   reference and the Wikipedia article name no other), except after a block
   with ``fish="fisherman"`` (rule 5), where the fisherman leads any tile.
3. No playable tile: draw one at a time until a tile fits, or the boneyard
   is empty; then pass. A player who can play may not draw or pass.
4. Going out: the winner scores the pips left in all other hands; a lone 0:0
   left in a hand counts 25 (0:0 with other tiles counts 0).
5. Blocked (рыба) — nobody can play, or both ends show n and all seven n
   are down (then at once, even with a boneyard left: drawing cannot help);
   0:0 counts 0 («Если игра заканчивается рыбой и остается 0-0 то
   засчитывается 0 очков»). Who scores, option ``fish``:
   ``"others_minus_own"`` (default; the Wikipedia article: «ему записываются
   очки всех других за вычетом его собственных») — the player with the fewest
   pips scores the others' pips minus his own; ``"others"`` («Международные
   правила игры в спортивное домино», its classic game: «Этому участнику
   записывается разность общего количества очков и тех, которые у него на
   руках») — the player with the fewest pips scores the others' pips, his own
   not taken off; ``"fisherman"`` (the same source's general rules: «Все очки
   участников игры записываются на счет "рыбака". Он начинает следующий
   тур») — the player who made the block scores every pip left, his own
   included (reading of "all the players' points"), whoever holds fewest, and
   leads the next round with any tile. Convention (sources silent): a tie for
   the fewest pips scores nothing.
6. Match to an agreed total (``target``): 100 by default (the article on five
   variants: «например, 100 очков»; «Международные правила…»: «зачастую берут
   сумму сто очков»); the Wikipedia article: «Обычно партия играется до 200,
   300, 500 очков по договорённости» — ``target=200`` and so on.
7. Mandatory redeal: a hand of only doubles or only one suit.

>>> from dominolab.games import new_round
>>> g = new_round("classic", hands=["1:2", "0:0", "3:4"], boneyard=[], leader=0)
>>> g.play("1:2"); g.is_over(), g.result().points   # lone 0:0 = 25, plus 3:4
(True, [32, 0, 0])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...errors import UnknownOption
from ...i18n import tr
from ...tiles import Hand, Tile
from ..rules import (Opening, RoundContext, RoundResult, Rules, ScoringView, ascending_doubles,
                     base_result, lead_by_sequence, lightest, points_from_team,
                     redeal_all_doubles_or_suit)

ZERO = Tile(0, 0)
#: Option ``fish``: who scores a block (rule 5).
FISH = ("others_minus_own", "others", "fisherman")


def classic_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                    ctx: RoundContext) -> Opening:
    """The opening rule chosen by the ``lead_order`` option."""
    if rules.opt("fish", "others_minus_own") not in FISH:
        raise UnknownOption(f"{rules.name}: fish is one of {', '.join(FISH)}, "
                            f"not {rules.opt('fish')!r}")
    prev = ctx.previous
    if (rules.opt("fish") == "fisherman" and getattr(prev, "end", None) == "blocked"
            and ctx.leader_hint is not None):
        return Opening(ctx.leader_hint, None,
                       why=f"P{ctx.leader_hint + 1} made the block (the fisherman) and leads")
    kind = rules.opt("lead_order", "ascending")
    n = rules.set_max
    if kind == "descending":
        return lead_by_sequence(deal, [Tile(k, k) for k in range(n, -1, -1)], "heaviest")
    if kind == "lowest_double":
        op = lead_by_sequence(deal, ascending_doubles(n, 0), "lowest")
        return op
    return lead_by_sequence(deal, ascending_doubles(n, 1), "lowest")


def value_out(hand: Hand) -> int:
    """A hand's value when someone went out: a lone 0:0 counts 25."""
    if len(hand) == 1 and hand[0] == ZERO:
        return 25
    return hand.pips


def winner_takes_rest(state: ScoringView, out_value: Callable[[Hand], int] = value_out,
                      block_value: Callable[[Hand], int] | None = None) -> RoundResult:
    """Individual or team scoring "the winner takes the others' pips".

    Out: the finisher's side scores the others' values. Blocked (rule 5, option
    ``fish``): the lightest side scores the others' pips minus its own, or the
    others' pips; or the fisherman's side scores every pip; a tie for the
    lightest scores nothing (except to the fisherman).
    """
    block_value = block_value or (lambda h: h.pips)
    teams = state.teams
    w: int | None                       # the winning side (None: nobody)
    if state.ended == "out":
        f = state.finisher
        assert f is not None            # somebody went out
        vals = [out_value(state.hand(p)) for p in range(state.players)]
        tv = [sum(vals[p] for p in t) for t in teams]
        w = state.team_of[f]
        tp = [0] * len(teams)
        tp[w] = sum(tv) - tv[w]
        return base_result(state, "out", winner=f, winning_team=w, pips=vals,
                           points=points_from_team(state, tp), team_points=tp,
                           reason=tr("P{k} went out and scores the others' {pips} pips")
                           .format(k=f + 1, pips=tp[w]))
    vals = [block_value(state.hand(p)) for p in range(state.players)]
    tv = [sum(vals[p] for p in t) for t in teams]
    fish = state.rules.opt("fish", "others_minus_own")
    tp = [0] * len(teams)
    if fish == "fisherman":
        f = state.finisher
        assert f is not None            # a block is made by a play
        w = state.team_of[f]
        tp[w] = sum(tv)
        return base_result(state, "blocked", winner=f, winning_team=w, pips=vals,
                           points=points_from_team(state, tp), team_points=tp,
                           reason=tr("blocked by P{k}, the fisherman, who scores all {pips} "
                                     "pips left").format(k=f + 1, pips=tp[w]))
    w = lightest(tv)
    if w is None:
        return base_result(state, "blocked", pips=vals, points=[0] * state.players,
                           team_points=tp, reason=tr("blocked with a tie for the fewest pips "
                                                     "({pips}): nobody scores").format(pips=min(tv)))
    others = sum(tv) - tv[w]
    tp[w] = others if fish == "others" else others - tv[w]
    why = (tr("blocked: the lightest side (team {team}, {pips} pips) scores the others' {others}")
           if fish == "others" else
           tr("blocked: the lightest side (team {team}, {pips} pips) scores the others' {others} "
              "minus its own"))
    return base_result(state, "blocked", winner=teams[w][0], winning_team=w, pips=vals,
                       points=points_from_team(state, tp), team_points=tp,
                       reason=why.format(team=w + 1, pips=tv[w], others=others))


def classic_score(state: ScoringView) -> RoundResult:
    return winner_takes_rest(state)


RULES = Rules(
    name="classic",
    title="Classic (yard) dominoes — дворовое домино",
    opening=classic_opening,
    scoring=classic_score,
    hand_sizes=((2, 7), (3, 5), (4, 5)),
    default_players=4,
    draw="until_playable",
    target=100,
    redeal=redeal_all_doubles_or_suit,
    options=(("lead_order", "ascending"), ("fish", "others_minus_own")),
    option_choices=(("lead_order", ("ascending", "descending", "lowest_double")),
                    ("fish", FISH)),
    score_reads="ends",
    doc=__doc__,
)
