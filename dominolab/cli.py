"""The ``dominolab`` command line.

Subcommands live in :mod:`dominolab.commands`, one module per topic, each with
a ``register(subparsers)`` function; they are found automatically, so adding a
topic never means editing this file. A :class:`~dominolab.errors.DominoError`
is printed as a one-line message and exits with status 2.

>>> main(["set", "6"])
double-6 set: 28 tiles, 168 pips
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from . import commands
from .errors import DominoError
from .tiles import DominoSet


def _cmd_set(args: argparse.Namespace) -> int:
    s = DominoSet(args.n)
    print(f"double-{s.n} set: {s.size} tiles, {s.pip_total} pips")
    if args.list:
        for a in s.numbers:
            print(" ".join(str(t) for t in s if t.low == a))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="dominolab",
        description="Dominoes: counting, chains, tilings, Dominosa, games and bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("set", help="size and pip total of a double-n set")
    p.add_argument("n", type=int, help="largest number on a tile (6 for double-six)")
    p.add_argument("--list", action="store_true", help="list the tiles, one suit per row")
    p.set_defaults(func=_cmd_set)
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 1
    try:
        return int(args.func(args) or 0)
    except DominoError as e:
        print(f"dominolab: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
