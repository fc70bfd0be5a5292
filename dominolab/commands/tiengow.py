"""``dominolab tiengow simulate``: bots play Tien Gow, every move checked.

>>> from dominolab.cli import main
>>> main(["tiengow", "simulate", "--rounds", "20", "--seed", "1"])
Tien Gow: 20 rounds, seats P1 rules, P2 random, P3 rules, P4 random (early death on)
P1 rules: score +4, won 5 rounds
P2 random: score -119, won 1 round
P3 rules: score +175, won 11 rounds
P4 random: score -60, won 3 rounds
moves: 552; invariant checks after every move: no violation
0
"""

from __future__ import annotations

import argparse
from typing import Any

from ..chinese.tiengow_bots import BOTS, simulate
from ..errors import UnknownOption
from ._args import number
from ..i18n import ngettext, tr


def _simulate(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) != 4 or any(b not in BOTS for b in bots):
        raise UnknownOption(f"--bots needs four of {', '.join(BOTS)} separated by commas, "
                            f"not {args.bots!r}")
    report = simulate(args.rounds, bots, seed=args.seed, early_death=not args.no_early_death,
                      check=not args.fast)
    seats = ", ".join(f"P{k + 1} {b}" for k, b in enumerate(bots))
    early = tr("(early death off)") if args.no_early_death else tr("(early death on)")
    print(tr("Tien Gow: {rounds} rounds, seats {seats} {early}").format(
        rounds=args.rounds, seats=seats, early=early))
    for k, b in enumerate(bots):
        w = report["wins"][k]
        print(ngettext("P{k} {bot}: score {score:+d}, won {w} round",
                       "P{k} {bot}: score {score:+d}, won {w} rounds", w).format(
            k=k + 1, bot=b, score=report["scores"][k], w=w))
    checks = (tr("not checked (--fast)") if args.fast else
              tr("no violation") if not report["violations"] else
              tr("{count} violations, the first: {first}").format(
                  count=len(report["violations"]), first=report["violations"][0]))
    print(tr("moves: {moves}; invariant checks after every move: {checks}").format(
        moves=report["moves"], checks=checks))
    return 1 if report["violations"] else 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("tiengow", help=tr("Tien Gow (Chinese dominoes): bots play rounds"),
                              description=tr("Tien Gow, the trick-taking game of Chinese dominoes."))
    sub = p.add_subparsers(dest="tiengow_command", metavar="WHAT", required=True)
    s = sub.add_parser("simulate", help=tr("bots play a match; every move is checked"))
    s.add_argument("--rounds", type=number(1, 100_000, "--rounds"), default=100,
                   help=tr("rounds to play (default 100, at most 100000)"))
    s.add_argument("--bots", default="rules,random,rules,random",
                   help=tr("four of: ") + ", ".join(BOTS) + tr(" (default rules,random,rules,random)"))
    s.add_argument("--seed", type=number(0, 2**63, "--seed"), default=0,
                   help=tr("random seed: the same seed plays the same games (default 0)"))
    s.add_argument("--no-early-death", action="store_true",
                   help=tr("let a player with no trick take a last single-tile trick"))
    s.add_argument("--fast", action="store_true", help=tr("skip the invariant checks"))
    s.set_defaults(func=_simulate)
