"""Kozel (Козёл, "the goat") — the most popular Russian game.

Rules implemented (docs/rules.md, "Kozel"; the Russian Wikipedia article «Домино»; options from «Международные правила игры в спортивное домино»):

1. 2–4 players, 7 tiles each; four play as two pairs, partners diagonal,
   players 1 & 3 against 2 & 4 (the article on five variants: «Играют обычно
   в эту игру двое на двое»; «Международные правила игры в спортивное домино»;
   option ``pairs=False``: each for himself, the Russian Wikipedia article's
   "four players *may* play in pairs").
2. Opening of the first round: 1:1 with four players; otherwise the lowest
   double dealt (0:0 upward). With no double dealt (possible with 2–3
   players) the lowest tile (engine convention). Later rounds: the previous
   round's winner, or the player who blocked, leads any tile.
3. With fewer than four players the rest is a boneyard; draw one at a time
   until a tile fits; the last boneyard tile is never taken (``keep=1``).
4. Scoring is negative: the losers record the pips left in their hands
   (pairs add both partners' pips). Going out: everybody but the finisher's
   side loses. Blocked: the side with fewest pips wins; the others lose.
5. A record starts only once a side has at least 13 in one round
   (``record_threshold``; «Международные правила игры в спортивное домино»: 25); smaller amounts are not recorded —
   applied by :class:`~dominolab.games.match.Match`.
6. Eggs (яйца): a block with a tie for the fewest pips — the tied amounts are
   summed («Приписываются проигравшему в следующем раунде или тому игроку, у
   которого осталось больше очков в случае «рыбы»»): with three or four sides a
   heavier side in the same block takes them at once, on top of its own pips
   (the heaviest; the first in seat order on a tie, convention); with nobody
   heavier (two sides, or all level) they go to the loser of the next round,
   and repeated eggs accumulate. Conventions (the sources are silent): when a
   round has several losers the eggs go to the one holding the most (the first
   in seat order on a tie); they count towards his 13, and if his amount is
   still not recorded they wait for the next round (applied by
   :class:`~dominolab.games.match.Match`).
7. The first side to reach 101 (``target``; «Международные правила игры в спортивное домино»: 125) is the goat and
   loses the match (several in the same round: the one with the most, the
   first in seat order on a tie — engine convention).

>>> from dominolab.games import new_round
>>> g = new_round("kozel", hands=["1:1 1:2", "2:2 5:6", "3:3 0:1", "4:4 6:6"], boneyard=[])
>>> g.current_player, g.lead
(0, (Tile(1, 1),))
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import tr
from ...tiles import Hand, Tile
from ..rules import (Opening, RoundContext, Rules, ascending_doubles, base_result, heaviest,
                     lead_by_sequence, lightest, plain_value, points_from_team,
                     redeal_all_doubles_or_suit)


def kozel_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                  ctx: RoundContext) -> Opening:
    """1:1 with four players, else the lowest double; later rounds: the last winner, any tile."""
    if ctx.leader_hint is not None and ctx.previous is not None:
        return Opening(ctx.leader_hint, None, why="the previous round's winner leads any tile")
    if len(deal) == 4 and any(Tile(1, 1) in h for h in deal):
        return lead_by_sequence(deal, [Tile(1, 1)])
    return lead_by_sequence(deal, ascending_doubles(rules.set_max, 0), "lowest")


def goat_score(state, value=None):
    """Losers record their pips (sides add partners); eggs on a tie for the lightest in a block.

    ``Rules.score_model = "goat"`` declares this in closed form: the cross search's C loop
    works it out itself (``goat_value`` in ``_crossc.c``) and both cross searches bound it
    from the pips held (``CrossCompact.goat_bounds``), so a change here goes there too
    (``tests/test_solver_cross.py`` compares the two searches and checks the bounds against
    this function)."""
    value = value or (lambda h: h.pips)
    teams = state.teams
    vals = [value(state.hand(p)) for p in range(state.players)]
    tv = [sum(vals[p] for p in t) for t in teams]
    eggs_in = state.context.eggs if state.context else 0
    tp = [0] * len(teams)
    eggs_out = 0
    notes = []
    fresh = 0                   # eggs of this very block taken by a heavier side
    if state.ended == "out":
        w = state.team_of[state.finisher]
        losers = [t for t in range(len(teams)) if t != w]
        winner_p = state.finisher
        reason = tr("P{k} went out; the others record their pips").format(k=state.finisher + 1)
    else:
        w = lightest(tv)
        if w is None:
            m = min(tv)
            tied = [t for t in range(len(teams)) if tv[t] == m]
            eggs = sum(tv[t] for t in tied)
            losers = [t for t in range(len(teams)) if tv[t] > m]
            winner_p = None
            if losers:
                fresh = eggs
                reason = tr("blocked with equal fewest pips ({pips}): eggs of {eggs}").format(
                    pips=m, eggs=eggs)
            else:
                eggs_out = eggs
                reason = tr("blocked with equal pips ({pips}): eggs of {eggs} carried").format(
                    pips=m, eggs=eggs_out)
                notes.append(tr("eggs: {eggs} go to the loser of the next round").format(
                    eggs=eggs_out))
        else:
            losers = [t for t in range(len(teams)) if t != w]
            winner_p = teams[w][0]
            reason = tr("blocked: team {k} has the fewest pips ({pips})").format(k=w + 1,
                                                                                pips=tv[w])
    for t in losers:
        tp[t] = tv[t]
    used = 0
    egg_team = None
    if losers:
        heavy = heaviest(tv, exclude=[t for t in range(len(teams)) if t not in losers])
        egg_team = heavy[0]
        if fresh:
            tp[egg_team] += fresh
            used = fresh
            notes.append(tr("eggs: {eggs} go at once to team {k}, left with more ({pips}) in "
                            "the same block").format(eggs=fresh, k=egg_team + 1,
                                                     pips=tv[egg_team]))
        if eggs_in:
            tp[egg_team] += eggs_in
            used += eggs_in
            notes.append(tr("eggs of {eggs} from earlier rounds go to team {k}").format(
                eggs=eggs_in, k=egg_team + 1))
    else:
        eggs_out += eggs_in
    return base_result(state, state.ended, winner=winner_p, winning_team=w, pips=vals,
                       points=points_from_team(state, tp), team_points=tp, eggs=eggs_out,
                       eggs_used=used, eggs_team=egg_team if used else None, reason=reason,
                       notes=notes)


RULES = Rules(
    name="kozel",
    title="Kozel (the goat) — Козёл",
    opening=kozel_opening,
    scoring=goat_score,
    hand_sizes=((2, 7), (3, 7), (4, 7)),
    default_players=4,
    pairs=True,
    draw="until_playable",
    keep=1,
    penalties=True,
    target=101,
    record_threshold=13,
    redeal=redeal_all_doubles_or_suit,
    score_reads="ends",
    hand_value=plain_value,     # goat_score reads each hand's pips
    score_model="goat",         # goat_score in closed form (the cross search's C loop reads it)
    doc=__doc__,
)
