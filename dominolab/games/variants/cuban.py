"""Double-nine Cuban dominoes (кубинское домино, double-9 set).

Rules implemented (docs/rules.md, "Larger sets"; conventions where the source is
silent are marked):

1. Double-9 set (55 tiles); four players, 10 tiles each; 15 tiles stay in
   the boneyard and are not used during play (no drawing: a player who cannot
   play passes).
2. First lead: each player turns one boneyard tile (P1 the first, P2 the
   second, …); the highest pip count leads (convention: between equal pips
   the higher half), with any tile. Later rounds (convention): the previous
   round's finisher, or the player who blocked, leads any tile.
3. Scoring. The source has one sentence, "Очки начисляются только тем кто
   заход не выиграл" (points are written to those who did not win the
   round), and the rules reference left Cuban scoring out; the engine follows the
   common Cuban/Latin rules (convention): partners sit diagonally; going
   out, the winning pair scores all pips left in all hands; blocked, the
   pair with fewer pips scores all pips left, a tie scores nothing. Match to
   100 (``target``). The penalty reading of the Wikipedia sentence (each
   losing side records its own pips, Kozel-style) is not implemented.
4. Mandatory redeal of a hand of doubles only or of one suit.

>>> from dominolab.games import new_game
>>> g = new_game("cuban", seed=2)
>>> [len(g.hand(p)) for p in range(4)], g.boneyard_count(), g.legal_moves()[0].kind
([10, 10, 10, 10], 15, 'play')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...tiles import Hand, Tile
from ..rules import Opening, RoundContext, Rules, highest_flip, redeal_all_doubles_or_suit
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


RULES = Rules(
    name="cuban",
    title="Double-nine Cuban dominoes — кубинское домино (дубль-9)",
    opening=cuban_opening,
    scoring=all_pips_to_winner,
    set_max=9,
    player_counts=(4,),
    hand_sizes=((4, 10),),
    pairs=True,
    draw="none",
    target=100,
    redeal=redeal_all_doubles_or_suit,
    score_reads="ends",
    score_model="pips_to_winner",
    doc=__doc__,
)
