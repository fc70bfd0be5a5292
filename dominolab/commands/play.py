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
from typing import Any, TextIO

from ..errors import DominoError
from ..games import GameState, Match, Record, bots, get_rules
from ..games.moves import MAX_PLAYERS
from ..games.rules import MAX_RULE_NUMBER
from ..games.simulate import MAX_SIM_ROUNDS, SIM_BOTS, simulate
from ..games.variants import VARIANTS
from ..i18n import N_, ngettext, tr
from ..limits import read_int, short_repr
from ..render.text import table_text
from ._args import number, with_progress

#: The longest line read at the prompt.
_MAX_LINE = 4096


_HELP = N_("""\
commands:
  3:5>R        play 3:5 on the right end (ends: L, R for a line; N, E, S, W on a cross;
               add ! to lay a double closed, + to join two tiles: 0:0>L+6:6>R)
  1:1          lead 1:1 (the first tile of a round)
  3            play move number 3 of the list
  draw, pass   take a tile from the boneyard, or pass when nothing fits
  undo         take back the last move      record   print the round's record
  help, ?      this help                    quit, q  stop (also Ctrl-D)""")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    names = ", ".join(sorted(VARIANTS))
    p = sub.add_parser("play", help=tr("play a domino variant against bots in the terminal"),
                       description=tr("Play against bots: you are P1. Type a move in the "
                                      "notation (3:5>R), its number in the list, 'help' or "
                                      "'?' for the commands, 'quit' to stop."))
    p.add_argument("variant", metavar="VARIANT", help=tr("one of: ") + names)
    p.add_argument("--players", type=number(1, MAX_PLAYERS, "--players"), default=None,
                   help=tr("number of players (default: the game's usual number)"))
    p.add_argument("--bots", default="heuristic",
                   help=tr("bot kinds for the other seats, comma-separated, from: ")
                        + ", ".join(bots.BOTS) + tr(" (default heuristic)"))
    p.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=7,
                   help=tr("random seed of the deals and the bots (default 7)"))
    p.add_argument("--rounds", type=number(1, 10_000, "--rounds"), default=None,
                   help=tr("stop after exactly this many rounds, decided or not (default: play "
                        "the match to its end)"))
    p.add_argument("--watch", action="store_true", help=tr("bots in every seat"))
    p.add_argument("--quiet", action="store_true",
                   help=tr("with --watch: print only the final table"))
    p.add_argument("--pairs", action="store_true",
                   help=tr("four players as two pairs (Kozel, …)"))
    p.add_argument("--options", nargs="+", default=[], metavar="NAME=VALUE",
                   help=tr("rule options, e.g. super_train=true double_again=false "
                        "(true/false, whole numbers, or text)"))
    p.set_defaults(func=_play)

    s = sub.add_parser("simulate", help=tr("play many invariant-checked rounds with bots"),
                       description=tr("Bots play many rounds; after every move the engine's "
                                   "invariants are checked. Variants: ") + names)
    s.add_argument("variant", metavar="VARIANT", help=tr("one of: ") + names)
    s.add_argument("--rounds", type=number(1, MAX_SIM_ROUNDS, "--rounds"), default=10_000,
                   help=tr("rounds to play (default 10000)"))
    s.add_argument("--players", type=number(1, MAX_PLAYERS, "--players"), default=None,
                   help=tr("number of players (default: a random count the game allows, "
                        "each round)"))
    s.add_argument("--bots", default="mixed",
                   help=tr("bot kinds, comma-separated (one per seat, repeated), from: ")
                        + ", ".join(SIM_BOTS) + tr(" (default mixed)"))
    s.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=1,
                   help=tr("random seed (default 1)"))
    s.add_argument("--no-check", action="store_true", help=tr("skip the per-move invariant checks"))
    s.add_argument("--options", nargs="+", default=[], metavar="NAME=VALUE",
                   help=tr("rule options, e.g. super_train=true first_train=true loco_points=10 "
                        "(true/false, whole numbers, or text)"))
    s.set_defaults(func=_simulate)


def _bot_kinds(spec: str) -> list[str]:
    kinds = [k.strip() for k in spec.split(",") if k.strip()] or ["heuristic"]
    if len(kinds) > MAX_PLAYERS:
        raise DominoError(f"--bots names at most {MAX_PLAYERS} kinds, not {len(kinds)}")
    for k in kinds:
        if k not in bots.BOTS:
            raise DominoError(f"unknown bot {short_repr(k)}; bots: {', '.join(bots.BOTS)}")
    return kinds


def _bots_for(spec: str, n: int, seed: int, human: bool) -> list[bots.Bot | None]:
    """One bot per seat; None for the human's seat (the first) when ``human``."""
    kinds = _bot_kinds(spec)
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
    opts = rule_options(getattr(args, "options", []))
    if args.pairs:
        if "pairs" in opts:
            raise DominoError("--pairs and --options pairs=… are both given: give one")
        opts["pairs"] = True
    rules = get_rules(args.variant, **opts)
    if args.players is not None:
        rules.hand_size(args.players)        # a player count the game has, or an error
    kinds = _bot_kinds(args.bots)            # before the first deal
    del kinds
    match = Match(rules, players=args.players, seed=args.seed, rounds=args.rounds)
    seats = _bots_for(args.bots, match.players, args.seed, human=not args.watch)
    quiet = args.watch and args.quiet
    if not args.watch:
        print(tr("{title}: you are P1. Type a move (3:5>R) or its number; 'help' or '?' "
                 "lists the commands; 'quit' (or Ctrl-D) stops.").format(title=tr(rules.title)),
              file=out)
    while not match.is_over():
        if args.rounds is not None and len(match.results) >= args.rounds:
            break
        g = match.new_round()
        active = [seats[s] for s in match.active]
        if not quiet:
            print("\n== " + tr("round {k}: {title}").format(k=match.round_no + 1,
                                                          title=tr(g.rules.title)) + " ==",
                  file=out)
        while not g.is_over():
            bot = active[g.current_player]
            if bot is None:
                if not _human_turn(g, match, stdin, out):
                    print(tr("bye"), file=out)
                    return 0
                continue
            m = bot.choose(g)
            g.play(m)
            if not quiet:
                print(f"  {m}", file=out)
        res = match.finish_round()
        if not quiet:
            print(table_text(g), file=out)
            print(str(g).split("\n", 1)[1] if "\n" in str(g) else "", file=out)
            print(tr("result: {reason}; team points {points}").format(
                reason=res.reason, points=res.team_points), file=out)
            print(match.standings(), file=out)
    rounds = len(match.results)
    if match.is_over():
        print(ngettext("{title}: match over after {n} round",
                       "{title}: match over after {n} rounds", rounds)
              .format(title=tr(match.rules.title), n=rounds), file=out)
    else:
        print(ngettext("{title}: stopped after {n} round as asked (--rounds); the match is "
                       "not decided",
                       "{title}: stopped after {n} rounds as asked (--rounds); the match is "
                       "not decided", rounds).format(title=tr(match.rules.title), n=rounds),
              file=out)
    print("\n".join(match.standings().splitlines()[1:]), file=out)
    return 0


def _human_turn(g: GameState, match: Match, stdin: TextIO, out: TextIO) -> bool:
    print("\n" + table_text(g), file=out)
    print(tr("your hand: {hand}   boneyard: {n}").format(hand=g.hand(g.current_player),
                                                         n=g.boneyard_count()), file=out)
    legal = list(g.legal_moves())
    print(tr("moves:") + " " + "  ".join(f"[{i + 1}] {m.body()}" for i, m in enumerate(legal)), file=out)
    print("> ", end="", file=out, flush=True)
    line = stdin.readline(_MAX_LINE)
    if not line or line.strip().lower() in ("quit", "q", "exit"):
        return False
    text = line.strip()
    if text.lower() in ("help", "?", "h"):
        print(tr(_HELP), file=out)
        return True
    if text == "undo":
        try:
            g.undo()
        except DominoError as e:
            print(tr("cannot undo: {error}").format(error=e), file=out)
        return True
    if text == "record":
        print(Record.from_state(g).to_text(), file=out)
        return True
    try:
        if text and all(ch in "0123456789" for ch in text):   # ASCII digits: a move number
            k = read_int(text, "a move number", low=1, high=max(1, len(legal)))
            g.play(legal[k - 1])
        else:
            g.play(text)
    except DominoError as e:
        print(tr("not allowed: {error} ('help' lists the commands)").format(error=e), file=out)
    return True


def rule_options(tokens: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` words as rule options: ``true``/``false``, ASCII digits as a whole
    number, anything else as text.

    >>> rule_options(["super_train=true", "loco_points=10", "super_letters=AS"])
    {'super_train': True, 'loco_points': 10, 'super_letters': 'AS'}
    """
    out: dict[str, Any] = {}
    for tok in tokens:
        name, eq, value = tok.partition("=")
        name = name.strip()
        if not eq or not name:
            raise DominoError(f"--options: {short_repr(tok)} is not NAME=VALUE "
                              "(e.g. super_train=true)")
        if name in out:
            raise DominoError(f"--options: {name} is given twice")
        low = value.strip().lower()
        if low in ("true", "false"):
            out[name] = low == "true"
        elif low and all(ch in "0123456789" for ch in low):
            out[name] = read_int(low, f"--options {name}", low=0, high=MAX_RULE_NUMBER)
        else:
            out[name] = value.strip()
    return out


def _simulate(args: argparse.Namespace) -> int:
    # an unknown variant or option fails before any work
    rules = get_rules(args.variant, **rule_options(args.options))
    rep = with_progress(
        lambda report: simulate(rules, rounds=args.rounds, seed=args.seed,
                                players=args.players, bots=args.bots, check=not args.no_check,
                                progress=report),
        tr("simulating {name}").format(name=rules.name), total=args.rounds, unit="round")
    rate = rep["rounds"] / rep["seconds"] if rep["seconds"] else 0
    print(tr("{variant}: {rounds} rounds, {moves} moves, {rate:.0f} rounds/s{checked}").format(
        variant=rep["variant"], rounds=rep["rounds"], moves=rep["moves"], rate=rate,
        checked=tr(" (checked)") if not args.no_check else ""))
    print(tr("ended: ") + ", ".join(f"{k} {v}" for k, v in sorted(rep["ends"].items())))
    if rep["violations"]:
        print(tr("{count} invariant violations, first: {first}").format(
            count=len(rep["violations"]), first=rep["violations"][0]))
        return 1
    if args.no_check:
        print(tr("invariants not checked (--no-check)"))
    else:
        print(tr("invariant violations: 0"))
    return 0
