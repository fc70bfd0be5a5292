"""Chechevé (Чечевэ, from ЧЧВ «человек человеку волк», "man is a wolf to man") — every player
for himself, on a cross.

Rules implemented (docs/rules.md, "Chechevé"; the Russian Wikipedia article «Домино»; «Международные правила игры в спортивное домино» adds
only "four directions"):

1. 2–4 players, each for himself (no pairs); 7 tiles each, 6 with four
   players; the rest is the boneyard («базар»).
2. Lead (first round): 1:1, else 2:2, … 6:6, then 0:0 (the holder leads
   that double); with no double dealt (2–3 players), the lowest tile
   (engine convention). Later rounds: the previous finisher (or the player
   who blocked) leads any tile (``lead_double=True``: a double when he has
   one). The round's loser shuffles — not modelled (deals are seeded).
3. The first double (the base, «база») opens four directions
   (``spinner_opens="at_once"``) and cannot be closed
   (``closing="not_base"``: no double may be laid closed while there is no
   base, and in a multi-double play that creates the base the first double
   written is the base and is open).
4. Other doubles may be played several at once, one per open side
   (``multi_doubles``), each open or closed — some, all or none closed. A
   closed double ends its direction; a table with every direction closed is
   blocked at once.
5. No playable tile: draw from the boneyard until one fits («по своему
   усмотрению»: as many as needed); boneyard empty: knock (pass).
6. Going out on 0:0 (0:0 among the tiles of the last move) makes everyone
   else a goat: the match is over (title "goat (козёл)" for each); this takes
   precedence over 6:6 in the same move. Going out on 6:6 gives everyone
   else 50 (instead of his pips).
7. Otherwise the losers' hands are valued with an unplayed 0:0 counting 25
   and an unplayed 6:6 counting 50, and the points go towards the loser
   with the most: he records the total of all losers (23 and 25 → the
   second records 48). Losers: everybody but the finisher; in a block,
   everybody heavier than the lightest (a tie for the most: each tied
   loser records his own value — convention).
8. Penalty scoring; the goat is the player with *more than* 101
   (``target=102``).

>>> from dominolab.games import new_round
>>> g = new_round("checheve", hands=["1:1 0:0", "1:2 3:4", "1:6 5:5"], boneyard=[])
>>> g.play("1:1"); [str(m) for m in g.legal_moves()][:2]
['P2 1:2>W', 'P2 1:2>E']
>>> g.play("1:2>N"); g.play("1:6>S"); g.is_blocked()     # nobody holds a 1, 2 or 6
True
>>> g.result().team_points      # P1 holds 0:0 (25), P2 3:4 (7), P3 5:5 (10): P1 records 25+10
[35, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import tr
from ...tiles import Hand, Tile
from ..rules import (Opening, RoundContext, Rules, base_result, lead_by_sequence,
                     redeal_all_doubles_or_suit)
from ..spinner_layout import SpinnerLayout
from ._cross import explain_illegal, multi_double_moves, restrict_lead_to_doubles

ZERO, SIX = Tile(0, 0), Tile(6, 6)


def checheve_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                     ctx: RoundContext) -> Opening:
    if ctx.leader_hint is not None and ctx.previous is not None:
        op = Opening(ctx.leader_hint, None, why="the previous finisher leads any tile")
        return restrict_lead_to_doubles(op, deal, rules)
    order = [Tile(k, k) for k in range(1, rules.set_max + 1)] + [ZERO]
    return lead_by_sequence(deal, order, "lowest")


def checheve_value(hand: Hand) -> int:
    """Pips, an unplayed 0:0 counting 25 and an unplayed 6:6 counting 50.

    >>> checheve_value(Hand.parse("0:0 6:6 2:3"))
    80
    """
    total = 0
    for t in hand:      # (the numbers, not Tile ==: a search scores this at every leaf)
        lo, hi = t.low, t.high
        total += 25 if hi == 0 else 50 if lo == hi == 6 else lo + hi
    return total


def checheve_score(state):
    n = state.players
    vals = [checheve_value(state.hand(p)) for p in range(n)]
    tp = [0] * n
    titles = {}
    match_over = False
    if state.ended == "out":
        f = state.finisher
        last = set(state.history[-1].tiles)
        others = [p for p in range(n) if p != f]
        if ZERO in last:
            for p in others:
                titles[p] = "goat (козёл)"
            match_over = True
            return base_result(state, "out", winner=f, winning_team=f, pips=vals,
                               points=list(tp), team_points=list(tp), titles=titles,
                               match_over=True,
                               reason=tr("P{k} went out on 0:0: everyone else is a goat")
                               .format(k=f + 1))
        if SIX in last:
            for p in others:
                tp[p] = 50
            return base_result(state, "out", winner=f, winning_team=f, pips=vals,
                               points=list(tp), team_points=list(tp),
                               reason=tr("P{k} went out on 6:6: everyone else records 50")
                               .format(k=f + 1))
        w, losers = f, others
        reason = tr("P{k} went out").format(k=f + 1)
    else:
        m = min(vals)
        light = [p for p in range(n) if vals[p] == m]
        w = light[0] if len(light) == 1 else None
        losers = [p for p in range(n) if vals[p] > m]
        reason = (tr("blocked: P{k} is lightest ({pips})").format(k=w + 1, pips=m)
                  if w is not None else
                  tr("blocked: a tie for the lightest ({pips})").format(pips=m))
    if losers:
        top = max(vals[p] for p in losers)
        heavy = [p for p in losers if vals[p] == top]
        if len(heavy) == 1:
            tp[heavy[0]] = sum(vals[p] for p in losers)
            reason += tr("; P{k} holds the most and records all losers' {pips}").format(
                k=heavy[0] + 1, pips=tp[heavy[0]])
        else:
            for p in losers:
                tp[p] = vals[p]
            reason += tr("; a tie for the most: each loser records his own")
    return base_result(state, state.ended, winner=w, winning_team=w, pips=vals,
                       points=list(tp), team_points=list(tp), titles=titles,
                       match_over=match_over, reason=reason)


RULES = Rules(
    name="checheve",
    title="Chechevé (man is a wolf to man) — Чечевэ (ЧЧВ)",
    opening=checheve_opening,
    scoring=checheve_score,
    # checheve_score reads each hand through checheve_value, and the last move only as
    # whether it lays 0:0 or 6:6 (a search scores a leaf once per those)
    hand_value=checheve_value,
    last_tiles=(ZERO, SIX),
    player_counts=(2, 3, 4),
    hand_sizes=((2, 7), (3, 7), (4, 6)),
    default_players=4,
    pairs=False,
    pairs_allowed=False,     # "man is a wolf to man": each for himself
    draw="until_playable",
    keep=0,
    penalties=True,
    target=102,
    layout=SpinnerLayout,
    redeal=redeal_all_doubles_or_suit,
    extra_moves=multi_double_moves,
    explain=explain_illegal,
    cross_hooks=True,
    score_reads="ends",      # the hands, the finisher and the last move's tiles
    options=(("spinner_opens", "at_once"), ("count_doubles", "all"), ("closing", "not_base"),
             ("multi_doubles", True), ("lead_double", False)),
    spinner_name="base",
    doc=__doc__,
)
