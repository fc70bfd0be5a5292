"""``dominolab triominoes set|simulate``: the 56 triangular tiles, and bots playing rounds.

>>> from dominolab.cli import main
>>> main(["triominoes", "simulate", "--rounds", "5", "--bots", "greedy,random", "--seed", "2"])
Triominoes: 5 rounds, seats P1 greedy, P2 random
P1 greedy: 879 points, won 4 rounds
P2 random: 586 points, won 1 round
moves: 335; blocked rounds: 1; invariant checks after every move: no violation
0
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import UnknownOption
from ..i18n import tr
from ..triominoes import BOTS, TRIOMINO_SET, both_chiralities, mirror_tiles, simulate
from ._args import number


def _set(args: argparse.Namespace) -> int:
    tiles = both_chiralities() if args.chiral else TRIOMINO_SET
    print(f"{len(tiles)} triominoes, corner sum {tiles.pip_total}:")
    print(" ".join(str(t) for t in tiles))
    if not args.chiral:
        print(f"missing from the set: the {len(mirror_tiles())} mirror images "
              f"({' '.join(str(t) for t in mirror_tiles())})")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not 2 <= len(bots) <= 6 or any(b not in BOTS for b in bots):
        raise UnknownOption(f"--bots needs two to six of {', '.join(BOTS)} separated by "
                            f"commas, not {args.bots!r}")
    report = simulate(args.rounds, bots, seed=args.seed, check=not args.fast)
    print(f"Triominoes: {args.rounds} rounds, seats "
          + ", ".join(f"P{k + 1} {b}" for k, b in enumerate(bots)))
    for k, b in enumerate(bots):
        w = report["wins"][k]
        print(f"P{k + 1} {b}: {report['scores'][k]:,} points, won {w} round{'s' * (w != 1)}")
    checks = ("not checked (--fast)" if args.fast else
              "no violation" if not report["violations"] else
              f"{len(report['violations'])} violations, the first: {report['violations'][0]}")
    print(f"moves: {report['moves']}; blocked rounds: {report['blocked']}; "
          f"invariant checks after every move: {checks}")
    return 1 if report["violations"] else 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("triominoes", help=tr("triominoes: the 56 tiles; bots play rounds"),
                              description=tr("Triominoes, the triangular dominoes."))
    sub = p.add_subparsers(dest="triominoes_command", metavar="WHAT", required=True)
    s = sub.add_parser("set", help=tr("list the 56 tiles (or the 76 of both chiralities)"))
    s.add_argument("--chiral", action="store_true",
                   help=tr("the 76 tiles: every tile and its mirror image"))
    s.set_defaults(func=_set)
    m = sub.add_parser("simulate", help=tr("bots play rounds; every move is checked"))
    m.add_argument("--rounds", type=number(1, 100_000, "--rounds"), default=100,
                   help=tr("rounds to play (default 100, at most 100000)"))
    m.add_argument("--bots", default="greedy,random",
                   help=tr("two to six of {names}, one per seat (default greedy,random)")
                   .format(names=", ".join(BOTS)))
    m.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=0,
                   help=tr("random seed: the same seed plays the same rounds (default 0)"))
    m.add_argument("--fast", action="store_true", help=tr("skip the invariant checks"))
    m.set_defaults(func=_simulate)
