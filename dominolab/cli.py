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

``--lang ru`` (before the sub-command) speaks Russian for this run; without it
``DOMINOLAB_LANG`` or the locale decides (see :mod:`dominolab.i18n`).

>>> main(["set", "6"])
double-6 set: 28 tiles, 168 pips
0
>>> main(["set", "101"])
2
>>> main(["--lang", "ru", "set", "6"])
набор дубль-6: 28 костей, 168 очков
0
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
from .i18n import LANGUAGES, format_number, get_language, ngettext, normalise, tr, using
from .limits import MAX_N
from .tiles import DominoSet


def _cmd_set(args: argparse.Namespace) -> int:
    s = DominoSet(args.n)         # at most MAX_N, by the argument's type too
    # Russian text groups thousands (5 151); the English output stays as it always was
    num = format_number if get_language() == "ru" else str
    print(tr("double-{n} set: {tiles}, {pips}").format(
        n=s.n, tiles=ngettext("{n} tile", "{n} tiles", s.size).format(n=num(s.size)),
        pips=ngettext("{n} pip", "{n} pips", s.pip_total).format(n=num(s.pip_total))))
    if args.list:
        for a in s.numbers:
            print(" ".join(str(t) for t in s if t.low == a))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = Parser(
        prog="dominolab",
        description=tr("Dominoes: counting, chains, tilings, Dominosa, games and bots."),
        epilog=tr("Numbers on tiles go up to {max} (the double-{max} set). "
                  "`dominolab COMMAND --help` explains each command.").format(max=MAX_N),
    )
    parser.add_argument("--version", action="version", version=f"dominolab {__version__}",
                        help=tr("print the version and exit"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=tr("the language of the messages (default: DOMINOLAB_LANG, "
                                "then the locale)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("set", help=tr("size and pip total of a double-n set"))
    p.add_argument("n", type=number(0, MAX_N, "n"),
                   help=tr("largest number on a tile (6 for double-six; 0 to {max})")
                   .format(max=MAX_N))
    p.add_argument("--list", action="store_true", help=tr("list the tiles, one suit per row"))
    p.set_defaults(func=_cmd_set)
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


#: Where to report a bug (printed under a traceback that is not the user's fault).
REPORT = "please report it to the dominolab developers with the command you ran"


def _error_word() -> str:
    return tr("error")


def _one_line(text: str, width: int = 1000) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


def _lang_of(argv: list[str]) -> str | None:
    """The ``--lang`` given before the sub-command, read first so that the help texts
    themselves come out in that language (an unknown one is left to argparse's error)."""
    for i, word in enumerate(argv):
        if not word.startswith("-"):
            return None               # the sub-command: its own arguments follow
        value = (argv[i + 1] if word == "--lang" and i + 1 < len(argv) else
                 word.partition("=")[2] if word.startswith("--lang=") else None)
        if value is not None:
            try:
                return normalise(value)
            except DominoError:
                return None
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    words = list(sys.argv[1:] if argv is None else argv)
    with using(_lang_of(words)):
        return _main(words)


def _main(argv: list[str]) -> int:
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
        print(f"dominolab: {_error_word()}: {_one_line(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):   # no real stdout (captured, in tests)
            pass
        return 0
    except OSError as e:     # a file the user named: missing, a directory, no permission…
        where = f" {e.filename!r}" if getattr(e, "filename", None) else ""
        print(f"dominolab: {_error_word()}:{where} {_one_line(e.strerror or str(e))}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("dominolab: " + tr("interrupted"), file=sys.stderr)
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
