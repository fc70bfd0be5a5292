"""``dominolab play VARIANT`` (a text-mode game) and ``dominolab simulate VARIANT``.

``play`` seats a human at P1 (or nobody with ``--watch``) and bots elsewhere;
moves are typed in the notation (``3:5>R``, ``1:1``, ``draw``, ``pass``) or
as the number of a listed legal move; ``undo``, ``record`` and ``quit`` work
too. ``simulate`` plays many invariant-checked rounds with bots and prints
how they ended.

>>> from dominolab.cli import main
>>> main(["play", "sport", "--watch", "--seed", "3", "--quiet", "--rounds", "2", "--bots", "greedy"])
Sport dominoes — спортивное домино: match over after 2 rounds
  team 1 (P1 & P3): 28  <- winner
  team 2 (P2 & P4): 0
0
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from ..errors import DominoError
from ..games import GameState, Match, Record, bots
from ..games.simulate import simulate
from ..games.variants import VARIANTS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a domino variant against bots in the terminal")
    p.add_argument("variant", help="one of: " + ", ".join(sorted(VARIANTS)))
    p.add_argument("--players", type=int, default=None, help="number of players")
    p.add_argument("--bots", default="heuristic",
                   help="bot kinds for the other seats, comma-separated (random, greedy, heuristic)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    p.add_argument("--watch", action="store_true", help="bots in every seat")
    p.add_argument("--quiet", action="store_true", help="with --watch: print only the final table")
    p.add_argument("--pairs", action="store_true", help="four players as two pairs (Kozel, …)")
    p.set_defaults(func=_play)

    s = sub.add_parser("simulate", help="play many invariant-checked rounds with bots")
    s.add_argument("variant")
    s.add_argument("--rounds", type=int, default=10_000)
    s.add_argument("--players", type=int, default=None)
    s.add_argument("--bots", default="mixed", help="random, greedy, heuristic or mixed")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--no-check", action="store_true", help="skip the per-move invariant checks")
    s.set_defaults(func=_simulate)


def _bots_for(spec: str, n: int, seed: int, human: bool) -> list[bots.Bot | None]:
    """One bot per seat; None for the human's seat (the first) when ``human``."""
    kinds = [k.strip() for k in spec.split(",") if k.strip()] or ["heuristic"]
    out: list[bots.Bot | None] = []
    for seat in range(n):
        if human and seat == 0:
            out.append(None)
        else:
            out.append(bots.make_bot(kinds[(seat - (1 if human else 0)) % len(kinds)],
                                     seed=seed + seat))
    return out


def _play(args: argparse.Namespace, stdin: TextIO | None = None,
          stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    opts = {"pairs": True} if args.pairs else {}
    match = Match(args.variant, players=args.players, seed=args.seed, rounds=args.rounds, **opts)
    seats = _bots_for(args.bots, match.players, args.seed, human=not args.watch)
    quiet = args.watch and args.quiet
    while not match.is_over():
        g = match.new_round()
        active = [seats[s] for s in match.active]
        if not quiet:
            print(f"\n== round {match.round_no + 1}: {g.rules.title} ==", file=out)
        while not g.is_over():
            bot = active[g.current_player]
            if bot is None:
                if not _human_turn(g, match, stdin, out):
                    print("bye", file=out)
                    return 0
                continue
            m = bot.choose(g)
            g.play(m)
            if not quiet:
                print(f"  {m}", file=out)
        res = match.finish_round()
        if not quiet:
            print(str(g), file=out)
            print(f"result: {res.reason}; team points {res.team_points}", file=out)
            print(match.standings(), file=out)
    print(f"{match.rules.title}: match over after {len(match.results)} rounds", file=out)
    print("\n".join(match.standings().splitlines()[1:]), file=out)
    return 0


def _human_turn(g: GameState, match: Match, stdin: TextIO, out: TextIO) -> bool:
    ends = ", ".join(f"{e}={k}" for e, k in g.open_ends()) or "empty table"
    print(f"\ntable: {' '.join(f'{a}:{b}' for a, b in g.layout.pairs()) or '(empty)'} "
          f"[{ends}]", file=out)
    print(f"your hand: {g.hand(g.current_player)}   boneyard: {g.boneyard_count()}", file=out)
    legal = list(g.legal_moves())
    print("moves: " + "  ".join(f"[{i + 1}] {m.body()}" for i, m in enumerate(legal)), file=out)
    print("> ", end="", file=out, flush=True)
    line = stdin.readline()
    if not line or line.strip().lower() in ("quit", "q", "exit"):
        return False
    text = line.strip()
    if text == "undo":
        try:
            g.undo()
        except DominoError as e:
            print(f"cannot undo: {e}", file=out)
        return True
    if text == "record":
        print(Record.from_state(g).to_text(), file=out)
        return True
    try:
        if text.isdigit() and 1 <= int(text) <= len(legal):
            g.play(legal[int(text) - 1])
        else:
            g.play(text)
    except DominoError as e:
        print(f"not allowed: {e}", file=out)
    return True


def _simulate(args: argparse.Namespace) -> int:
    rep = simulate(args.variant, rounds=args.rounds, seed=args.seed, players=args.players,
                   bots=args.bots, check=not args.no_check)
    rate = rep["rounds"] / rep["seconds"] if rep["seconds"] else 0
    print(f"{rep['variant']}: {rep['rounds']} rounds, {rep['moves']} moves, "
          f"{rate:.0f} rounds/s{' (checked)' if not args.no_check else ''}")
    print("ended: " + ", ".join(f"{k} {v}" for k, v in sorted(rep["ends"].items())))
    if rep["violations"]:
        print(f"{len(rep['violations'])} invariant violations, first: {rep['violations'][0]}")
        return 1
    print("invariant violations: 0")
    return 0
