"""Semyorka (Семёрка, "Seven").

Rules implemented (docs/rules.md, "Semyorka"; the Russian Wikipedia article «Домино»):

1. 2–6 players, 7 tiles each, fewer with many players so that a boneyard
   always remains (engine: 7 for 2–3 players, 6 for 4, 5 for 5, 4 for 6).
   After a player is out the others keep taking the number of tiles of the
   first round ("столько же камней, сколько и в первую"; done by
   :class:`~dominolab.games.match.Match`). Two ends, no closing.
2. Lead: 1:1, else the next double upward (2:2 … 6:6; then 0:0, else the
   lowest tile: engine conventions, the source lists only upward doubles).
   «Новую партию, с тем же первоначальным составом игроков, начинает владелец
   дубля 2-2 — этим дублем, а при отсутствии 2-2 … следующим дублем по
   возрастанию»: a new match of the same players (option ``rematch=True``)
   is led by 2:2, else 3:3 … 6:6 (then 1:1, 0:0, the lowest tile:
   conventions). Later rounds: the player who finished (or blocked) the
   previous round leads, with any tile (the source does not restrict the
   tile).
3. The open ends are summed with a double at an end counting both halves
   (6:6 = 12); a lone tile on the table counts its pips (convention: a lead
   of 1:5 or 3:3 is a sum 6, 3:4 a sum 7).
4. Sum 6 after a play: the same player moves again. «Если игрок ходил три
   или более раза подряд, то он может ходить двумя фишками подряд»: a player
   who has played three or more times in a row (his own draws in between do
   not break the run) may play two tiles in one move, each fitting the table
   as the one before leaves it (``1:2>L+2:4>L``); the sum after the second
   tile counts (option ``two_after_three``, on by default).
5. Sum 7: the next player draws 2 tiles from the boneyard and misses his
   turn; when the boneyard runs out he takes the missing tiles at random
   from the player who made the 7 (engine convention: never that player's
   last tile).
6. No playable tile: draw one tile; play it if it fits, else pass
   (``draw="one"``); with an empty boneyard, pass.
7. The round ends by going out or a block. The loser holds the most pips,
   every double counting 10; he gets a stick (convention: on a tie every
   tied player gets one). Three sticks and a player is out of the match;
   the last player standing wins.


>>> from dominolab.games import new_round
>>> g = new_round("semyorka", hands=["1:1 5:6", "1:5 2:3", "4:4 0:2"], boneyard="0:1 0:3 0:4")
>>> g.play("1:1"); g.play("1:5>R"); g.layout.end_sum()    # 1:1 counts 2, plus 5
7
>>> g.hand(2), g.current_player                           # P3 drew two and missed the turn
(Hand([Tile(0, 1), Tile(0, 2), Tile(0, 3), Tile(4, 4)]), 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import tr
from ...tiles import Hand, Tile
from ..moves import Move
from ..rules import (Opening, RoundContext, Rules, base_result, heaviest, lead_by_sequence,
                     redeal_all_doubles_or_suit)
from ..state import GameState
from ..sum_search import run_of


def semyorka_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                     ctx: RoundContext) -> Opening:
    if ctx.leader_hint is not None and ctx.previous is not None:
        return Opening(ctx.leader_hint, None, why="the last finisher (or blocker) leads any tile")
    first = 2 if rules.opt("rematch") else 1
    order = [Tile(k, k) for k in range(first, rules.set_max + 1)] + \
        [Tile(k, k) for k in range(1, first)] + [Tile(0, 0)]
    return lead_by_sequence(deal, order, "lowest")


#: How many times in a row the player to move has just played (rule 4; his draws in
#: between do not break the run): the same count the compact sum search keys by.
run_length = run_of


def semyorka_moves(state: GameState, plays: list[Move]) -> list[Move]:
    """``extra_moves``: two tiles in a row after three or more moves in a row (rule 4)."""
    if not plays or not state.rules.opt("two_after_three") or run_length(state) < 3:
        return plays
    p = state.current_player
    lay = state.layout
    hand = state.hand(p)
    out = list(plays)
    for first in plays:
        if len(first.placements) != 1:
            continue
        a, e1 = first.placements[0]
        lay.place(a, e1)
        for b in hand:
            if b == a:
                continue
            for e2, _ in lay.open_ends():
                if lay.fits(b, e2):
                    out.append(Move("play", ((a, e1), (b, e2)), p))
        lay.pop()
    return out


def semyorka_explain(state: GameState, move: Move) -> str | None:
    """Name the rule an illegal two-tile play breaks."""
    if len(move.placements) == 2:
        if run_length(state) < 3 or not state.rules.opt("two_after_three"):
            return tr("two tiles in a row only after playing three or more times in a row "
                      "(Semyorka)")
        return tr("the second tile must fit the table as the first one leaves it")
    return None


def semyorka_after_play(state: GameState, player: int, move: Move) -> int:
    """Sum 6: move again. Sum 7: the next player takes two tiles and misses the turn."""
    s = state.layout.end_sum()
    n = state.players
    if s == 6:
        return player
    if s != 7:
        return (player + 1) % n
    victim = (player + 1) % n
    for k in range(2):
        if state.top < len(state.bone):
            t = state.bone[state.top]
            state.top += 1
            state.hands[victim] |= 1 << t.index
        else:
            h = state.hands[player]
            if bin(h).count("1") <= 1:
                break
            bits = [i for i in range(h.bit_length()) if (h >> i) & 1]
            i = state.random_for(k).choice(bits)
            state.hands[player] &= ~(1 << i)
            state.hands[victim] |= 1 << i
    return (player + 2) % n


def stick_value(hand: Hand) -> int:
    """Pips with every double counting 10."""
    return sum(10 if t.is_double else t.pips for t in hand)


def semyorka_score(state):
    vals = [stick_value(state.hand(p)) for p in range(state.players)]
    losers = heaviest(vals)
    tp = [0] * state.players
    for p in losers:
        tp[p] = 1
    who = ", ".join(f"P{p + 1}" for p in losers)
    w = state.finisher if state.ended == "out" else None
    return base_result(state, state.ended, winner=w, winning_team=w, pips=vals, points=list(tp),
                       team_points=list(tp),
                       reason=(tr("{who} holds the most ({pips}, doubles 10) and gets a stick")
                               if len(losers) == 1 else
                               tr("{who} hold the most ({pips}, doubles 10) and get a stick"))
                       .format(who=who, pips=max(vals)))


RULES = Rules(
    name="semyorka",
    title="Semyorka (Seven) — Семёрка",
    opening=semyorka_opening,
    scoring=semyorka_score,
    player_counts=(2, 3, 4, 5, 6),
    hand_sizes=((2, 7), (3, 7), (4, 6), (5, 5), (6, 4)),
    default_players=4,
    draw="one",
    penalties=True,
    target=3,
    after_play=semyorka_after_play,
    extra_moves=semyorka_moves,
    explain=semyorka_explain,
    redeal=redeal_all_doubles_or_suit,
    options=(("eliminate", True), ("rematch", False), ("two_after_three", True)),
    pairs_allowed=False,     # sticks are per player
    score_reads="ends",
    hand_value=stick_value,     # semyorka_score reads each hand only through it
    score_model="heaviest_hand_loses",
    sum_hooks=True,             # the hooks above are exactly what sum_search implements
    doc=__doc__,
)
