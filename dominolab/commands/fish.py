"""``dominolab fish solve|block|tournament``: blocked positions from the command line.

>>> from dominolab.cli import main
>>> import tempfile, os
>>> from dominolab.puzzles.fish import EXAMPLE
>>> path = os.path.join(tempfile.mkdtemp(), "f.txt")
>>> _ = open(path, "w").write(EXAMPLE)
>>> main(["fish", "solve", path])
[fish-00 Example] sport, P1 to move, question: value
  table: 5:5 5:1
  answer: -11 (value -11 for P1+P3)   file says -11: ok
  line: P1 1:2>R P2 2:4>R P3 5:6>L P4 4:4>R
1 puzzle, 1 agree with the file
0
>>> main(["fish", "fastest", "4"])
double-4, line: a block needs at least 7 tiles on the table (proved by search, 1417 nodes); e.g. 0:0 0:1>L 1:2>L 0:2>L 0:3>L 3:4>L 0:4>L
0
"""

from __future__ import annotations

import argparse

from ..errors import DominoError
from ..games import SamplingBot, bots, fastest_block, get_rules, tournament
from ..games.blocks import MAX_BLOCK_NODES, MAX_FASTEST_BLOCK_N
from ..games.variants import ALL_DEALT_VARIANT, VARIANTS
from ..i18n import ngettext, tr
from ..puzzles.fish import load_fish
from ._args import number, with_progress


def _cmd_solve(args: argparse.Namespace) -> int:
    puzzles = load_fish(args.file)
    if args.name:
        puzzles = [p for p in puzzles if args.name.lower() in p.name.lower()]
        if not puzzles:
            raise DominoError(f"no puzzle in {args.file} has {args.name!r} in its name")
    agree = 0
    stated = 0
    for p in puzzles:
        g = p.state()
        q = p.question + (f" within {p.within}" if p.within is not None else "")
        print(tr("[{name}] {variant}, P{seat} to move, question: {question}").format(
            name=p.name, variant=p.variant, seat=p.to_move + 1, question=q))
        print(tr("  table: ") + (" ".join(f"{a}:{b}" for a, b in p.table) or tr("(empty)")))
        if args.hands:
            for i in range(g.players):
                print(f"  P{i + 1}: {g.hand(i)}")
        a = p.solve()
        verdict = ""
        if p.answer is not None:
            stated += 1
            ok = p.check()
            agree += ok
            verdict = tr("   file says {answer}: {ok}").format(
                answer=p.answer, ok=tr("ok") if ok else tr("DIFFERENT"))
        detail = f" ({a.detail})" if p.question == "value" else ""
        print(tr("  answer: {text}").format(text=a.text) + detail + verdict)
        if a.line:
            print(tr("  line: ") + " ".join(str(m) for m in a.line))
    n = len(puzzles)
    print(ngettext("{n} puzzle, {agree} agree with the file",
                   "{n} puzzles, {agree} agree with the file", n).format(n=n, agree=agree))
    return 0 if agree == stated else 1


def _cmd_fastest(args: argparse.Namespace) -> int:
    print(with_progress(lambda report: fastest_block(args.n, args.layout, progress=report),
                        tr("searching the double-{n} set (Ctrl-C stops)").format(n=args.n),
                        unit="node"))
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    rules = get_rules(args.variant, pairs=False) if args.no_pairs else get_rules(args.variant)
    n = args.players or rules.default_players
    rules.hand_size(n)                       # a player count the game has, or an error
    a = SamplingBot(seed=args.seed, samples=args.samples, max_tiles=args.max_tiles)
    b = bots.HeuristicBot(seed=args.seed + 1)
    with_progress(lambda report: tournament(rules, [a if i % 2 == 0 else b for i in range(n)],
                                            rounds=args.rounds, seed=args.seed, players=n),
                  f"{args.rounds} rounds of {rules.name}")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fish`` with ``solve``, ``fastest`` and ``tournament``."""
    p = subparsers.add_parser("fish", help=tr("blocked positions: solve puzzles, fastest blocks"))
    sub = p.add_subparsers(dest="action", metavar="ACTION")

    def show_help(args: argparse.Namespace) -> int:
        p.print_help()
        return 1

    p.set_defaults(func=show_help)

    s = sub.add_parser("solve", help=tr("answer every puzzle of a fish puzzle file"))
    s.add_argument("file", help=tr("a puzzle file, e.g. puzzles/fish/fish-01.txt (at most 1 MB)"))
    s.add_argument("--name", help=tr("only puzzles whose name contains this text"))
    s.add_argument("--hands", action="store_true", help=tr("print the hands too"))
    s.set_defaults(func=_cmd_solve)

    f = sub.add_parser("fastest", help=tr("fewest tiles on the table at a block (proof by search)"))
    f.add_argument("n", type=number(0, MAX_FASTEST_BLOCK_N, "n"), nargs="?", default=6,
                   help=tr("set size (6: double-six; at most {max}; the search "
                           "stops after {nodes:,} steps)")
                   .format(max=MAX_FASTEST_BLOCK_N, nodes=MAX_BLOCK_NODES))
    f.add_argument("--layout", default="line", choices=["line", "four-arm"],
                   help=tr("a line (two ends) or a four-arm cross (default line)"))
    f.set_defaults(func=_cmd_fastest)

    t = sub.add_parser("tournament", help=tr("sampling (PIMC) bot against the heuristic bot"))
    t.add_argument("variant", nargs="?", default=ALL_DEALT_VARIANT, choices=sorted(VARIANTS),
                   metavar="VARIANT",
                   help=tr("the game (default {default}: every tile dealt, no "
                           "boneyard); one of {names}")
                   .format(default=ALL_DEALT_VARIANT, names=", ".join(sorted(VARIANTS))))
    t.add_argument("--rounds", type=number(1, 100_000, "--rounds"), default=100,
                   help=tr("rounds to play (default 100)"))
    t.add_argument("--players", type=number(1, 8, "--players"), default=None,
                   help=tr("players (default: the game's usual number)"))
    t.add_argument("--samples", type=number(1, SamplingBot.MAX_SAMPLES, "--samples"),
                   default=16, help=tr("deals the sampling bot draws per move (default 16)"))
    t.add_argument("--max-tiles", type=number(0, SamplingBot.MAX_SEARCH_TILES, "--max-tiles"),
                   default=22, help=tr("tiles left in hands below which it searches exactly "
                                    "(default 22)"))
    t.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=1,
                   help=tr("random seed (default 1)"))
    t.add_argument("--no-pairs", action="store_true",
                   help=tr("each for himself (four players of a game with pairs play in "
                        "pairs by default)"))
    t.set_defaults(func=_cmd_tournament)
