"""The ``dominolab`` command line.

Subcommands live in :mod:`dominolab.commands`, one module per topic, each with
a ``register(subparsers)`` function; they are found automatically, so adding a
topic never means editing this file.

No input gives a traceback: a :class:`~dominolab.errors.DominoError` (bad input,
a refused size) or an error of the operating system on a file the user named is
printed as one line, ``dominolab: error: …``, with exit status 2 (argparse's own
usage errors exit 2 too); Ctrl-C prints ``dominolab: interrupted`` (status 130).
Anything else is a bug in dominolab: its traceback is printed with a note asking
to report it (status 70).

>>> main(["set", "6"])
double-6 set: 28 tiles, 168 pips
0
>>> main(["set", "101"])
2
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import traceback

from . import __version__, commands
from .commands._args import Parser, number
from .errors import DominoError
from .limits import MAX_N
from .tiles import DominoSet


def _cmd_set(args: argparse.Namespace) -> int:
    s = DominoSet(args.n)         # at most MAX_N, by the argument's type too
    print(f"double-{s.n} set: {s.size} tiles, {s.pip_total} pips")
    if args.list:
        for a in s.numbers:
            print(" ".join(str(t) for t in s if t.low == a))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = Parser(
        prog="dominolab",
        description="Dominoes: counting, chains, tilings, Dominosa, games and bots.",
        epilog=f"Numbers on tiles go up to {MAX_N} (the double-{MAX_N} set). "
               "`dominolab COMMAND --help` explains each command.",
    )
    parser.add_argument("--version", action="version", version=f"dominolab {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("set", help="size and pip total of a double-n set")
    p.add_argument("n", type=number(0, MAX_N, "n"),
                   help=f"largest number on a tile (6 for double-six; 0 to {MAX_N})")
    p.add_argument("--list", action="store_true", help="list the tiles, one suit per row")
    p.set_defaults(func=_cmd_set)
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


#: Where to report a bug (printed under a traceback that is not the user's fault).
REPORT = "please report it to the dominolab developers with the command you ran"


def _one_line(text: str, width: int = 1000) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:   # argparse: a usage error (status 2, one line), --help, --version
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if not getattr(args, "func", None):
        parser.print_help()
        return 1
    try:
        return int(args.func(args) or 0)
    except DominoError as e:
        print(f"dominolab: error: {_one_line(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):   # no real stdout (captured, in tests)
            pass
        return 0
    except OSError as e:     # a file the user named: missing, a directory, no permission…
        where = f" {e.filename!r}" if getattr(e, "filename", None) else ""
        print(f"dominolab: error:{where} {_one_line(e.strerror or str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("dominolab: interrupted", file=sys.stderr)
        return 130
    except RecursionError as e:
        print(f"dominolab: error: the input is nested too deeply ({e}); {REPORT}",
              file=sys.stderr)
        return 70
    except Exception:  # noqa: BLE001 - a bug: show it, and say so
        traceback.print_exc()
        print(f"dominolab: internal error: this is a bug in dominolab, not in your input; "
              f"{REPORT}", file=sys.stderr)
        return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
