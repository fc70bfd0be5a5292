"""``dominolab analyse RECORD``: the post-mortem of one player's moves in a saved round.

RECORD is a round saved by ``dominolab play`` (``record``), by the game board or
by :meth:`dominolab.games.Record.to_text` / ``to_json``. Each move of the player
(``--player``, default 1) is listed with its cost with every hand known and its
cost from what he could know (sampled deals, with a 95% interval), the worst
three with the better move (:mod:`dominolab.games.postmortem` says how).

>>> import os, tempfile
>>> from dominolab.cli import main
>>> from dominolab.games import Record, new_game, play_out
>>> from dominolab.games.bots import RandomBot
>>> g = new_game("sport", seed=4)
>>> _ = play_out(g, [RandomBot(seed=s) for s in range(4)])
>>> path = os.path.join(tempfile.mkdtemp(), "round.txt")
>>> _ = open(path, "w").write(Record.from_state(g).to_text())
>>> main(["analyse", path, "--samples", "6", "--max-tiles", "16"])
Sport dominoes — спортивное домино: the moves of P1 (6 sampled deals per move; costs in points for P1's side)
move  2: 3:3>R     not solved: 27 tiles left (more than 16)
move  6: 0:6>R     not solved: 23 tiles left (more than 16)
move 10: 2:3>L     not solved: 19 tiles left (more than 16)
move 14: pass       forced
move 18: 2:6>R     all hands known: cost 52 (best 2:5>R); from what you knew: cost 11.0 [-39.3, 61.3] (better 2:5>R)
<BLANKLINE>
the worst move:
  move 18: 2:6>R cost 11.0; better 2:5>R
0
"""

from __future__ import annotations

import argparse
from typing import Any

from .._textfile import read_text_file
from ..errors import DominoError
from ..games.moves import MAX_PLAYERS
from ..games.postmortem import MAX_ANALYSE_SAMPLES, MAX_ANALYSE_TILES, analyse
from ..games.record import Record
from ._args import number, with_progress
from ..i18n import tr


def _analyse(args: argparse.Namespace) -> int:
    rec = Record.parse(read_text_file(args.record, "record"))
    final = rec.replay()                     # an illegal record fails before any work
    if args.player > final.players:
        raise DominoError(f"--player {args.player}: the round has {final.players} players")
    mine = sum(1 for m in final.history if m.player == args.player - 1)
    pm = with_progress(
        lambda report: analyse(rec, player=args.player - 1, samples=args.samples,
                               max_tiles=args.max_tiles, seed=args.seed, progress=report),
        "analysing", total=mine, unit="move")
    print(pm.text())
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("analyse", help=tr("the post-mortem of a saved round: what each move cost"),
                       description=tr("Each move of one player in a saved round, with its cost "
                                   "with every hand known and from what the player could know "
                                   "(sampled deals, 95% interval); the worst three."))
    p.add_argument("record", metavar="RECORD", help=tr("a saved round (text or JSON record)"))
    p.add_argument("--player", type=number(1, MAX_PLAYERS, "--player"), default=1,
                   help=tr("whose moves (1 = P1, the default)"))
    p.add_argument("--samples", type=number(2, MAX_ANALYSE_SAMPLES, "--samples"), default=12,
                   help=tr("sampled deals per move (default 12, at most {max})")
                   .format(max=MAX_ANALYSE_SAMPLES))
    p.add_argument("--max-tiles", type=number(0, MAX_ANALYSE_TILES, "--max-tiles"),
                   default=20, help=tr("solve positions with at most this many tiles left in "
                                    "hands and boneyard (default 20)"))
    p.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=1,
                   help=tr("random seed of the sampled deals (default 1)"))
    p.set_defaults(func=_analyse)
