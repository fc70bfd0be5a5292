"""Osyol (Осёл, "the donkey"; also Крест, "the cross", and «закрывашки») — Kozel on a cross.

Rules implemented (docs/rules.md, "Osyol"; the Russian Wikipedia article «Домино» and the article on five variants,
which repeat each other; «Международные правила игры в спортивное домино» adds nothing new):

1. Everything as in :mod:`Kozel <dominolab.games.variants.kozel>` unless
   said otherwise: 2–4 players, 7 tiles each (each for himself: the sources
   describe Osyol as a game "for 2–4 players" and name no pairs; option
   ``pairs=True`` — Kozel's default — plays two against two); the first
   round led by 1:1 with four players, else the lowest double (0:0 upward;
   no double dealt: the lowest tile), later rounds by the previous winner
   (or blocker) with any tile; draw until a tile fits, the last boneyard tile
   stays; mandatory redeal of a hand of doubles only or of one suit.
2. The first double played (open) opens four directions: it is the spinner
   of a :class:`~dominolab.games.spinner.SpinnerLayout` (option
   ``spinner_opens``: ``"at_once"``, the sources' reading, or
   ``"after_sides"``). Which doubles may lead: any tile (option
   ``lead_double=True`` makes a free lead a double when the leader has one).
3. A player able to play a double on several sides may play 2, 3 or 4
   doubles at once, one per open side (``multi_doubles``).
4. Whoever plays a double may close it (face down, ``3:3>E!``): no further
   play on that side; with several doubles he chooses for each
   (``closing="any"``; a closed double is never the spinner, and the lead
   is never closed).
5. If the first lead was not a double, then until a double is played the
   next player may close two doubles at once (one on each end), which ends
   the round with normal scoring: in the engine this is simply rules 3 and 4
   — both ends closed leave no open end, and a table with no open end is
   blocked at once whatever the boneyard holds (Kozel block scoring: the
   lightest side wins, the others record their pips).
6. Scoring as Kozel: losers record their pips, eggs on a tied block, the
   goat at 101 (``target``). «Для записи надо набрать 13, всё что меньше 13 —
   "запоминается" и сбрасывается, только если в следующий розыгрыш на этого
   игрока ничего не записано и не запомнено»: every record needs 13 in one go
   (``record_threshold``, ``threshold_every_record``), not only a side's first;
   less than 13 is *remembered* — added to that side's next amount (and
   recorded once the sum reaches 13) — and dropped only when a round records
   and remembers nothing for that side (:func:`osyol_match_update`).

>>> from dominolab.games import new_round
>>> g = new_round("osyol", hands=["3:5 1:2", "3:3 5:5 0:1", "2:4 6:6"], boneyard="0:2 0:3",
...               leader=0)
>>> g.play("3:5"); g.play("3:3>W!+5:5>E!")        # the next player closes both ends
>>> g.is_blocked(), g.result().team_points        # a block: P2 (1 pip) wins, others record
(True, [3, 0, 18])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ...tiles import Hand, Tile
from ..rules import MatchView, Opening, RoundContext, RoundResult, Rules

from ..spinner_layout import SpinnerLayout
from ._cross import explain_illegal, multi_double_moves, restrict_lead_to_doubles
from .kozel import RULES as KOZEL
from .kozel import kozel_opening


def osyol_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                 ctx: RoundContext) -> Opening:
    return restrict_lead_to_doubles(kozel_opening(deal, boneyard, rules, ctx), deal, rules)


def osyol_match_update(match: MatchView, result: RoundResult) -> None:
    """The "remembered" points below the record threshold (see rule 6).

    :class:`~dominolab.games.match.Match` has already added amounts that are
    recorded and skipped (``match.skipped``) those below the threshold; here a
    skipped amount is added to that side's memory (recorded once memory plus
    amount reach the threshold), a side given nothing loses its memory, and a
    side that records adds its memory. (Eggs given to a side that is not
    recorded wait as eggs, not in the memory.)
    """
    if result.end in ("void", "redeal"):
        return
    thr = match.rules.record_threshold
    mem = match.extra.setdefault("remembered", [0] * len(match.scores))
    for t, pts in enumerate(result.team_points):
        if pts <= 0:
            if mem[t]:
                match.notes.append(f"round {match.round_no}: team {t + 1}'s remembered "
                                   f"{mem[t]} dropped")
            mem[t] = 0
            continue
        if t in match.skipped:
            pts = match.skipped[t]
            total = mem[t] + pts
            if total >= thr:
                match.scores[t] += total
                match.notes.append(f"round {match.round_no}: team {t + 1} records {total} "
                                   f"({mem[t]} remembered + {pts})")
                mem[t] = 0
            else:
                mem[t] = total
                match.notes.append(f"round {match.round_no}: team {t + 1} remembers {total}")
        elif mem[t]:
            match.scores[t] += mem[t]
            match.notes.append(f"round {match.round_no}: team {t + 1}'s remembered {mem[t]} "
                               f"added to its record")
            mem[t] = 0


# "Like Kozel, except …" (docs/rules.md): Kozel's rules with the cross, multi-double plays,
# closing, Osyol's opening and the remembered points.
RULES = dataclasses.replace(
    KOZEL,
    name="osyol",
    title="Osyol (the donkey, the cross) — Осёл (Крест)",
    opening=osyol_opening,
    layout=SpinnerLayout,
    extra_moves=multi_double_moves,
    match_update=osyol_match_update,
    explain=explain_illegal,
    cross_hooks=True,
    pairs=False,
    threshold_every_record=True,
    options=(("spinner_opens", "at_once"), ("count_doubles", "all"), ("closing", "any"),
             ("multi_doubles", True), ("lead_double", False)),
    doc=__doc__,
)
