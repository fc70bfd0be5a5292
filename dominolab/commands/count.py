"""``dominolab count …``: exact counts from the command line.

    dominolab count tiles 6          # 28
    dominolab count pips 6           # 168
    dominolab count rings 6          # rings of all tiles of the double-6 set
    dominolab count lines 6          # 7959229931520 (Reiss 1871)
    dominolab count tilings 8x8      # 12988816
    dominolab count tilings --region board.txt
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from .. import chains, tilings
from ..combinatorics import pip_total, set_size
from .._textfile import read_text_file
from ..errors import DominoError, NoSuchFile
from ..i18n import tr
from ..limits import MAX_FORMULA_N, read_int
from ._args import with_progress


def _report(args: argparse.Namespace, value: Any, started: float) -> int:
    print(value)
    if args.time:
        print(tr("({seconds:.3f} s)").format(seconds=time.perf_counter() - started))
    return 0


def _count(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    what = args.what
    if what in ("tiles", "pips", "rings", "lines"):
        if args.arg is None:
            raise DominoError(f"'count {what}' needs N, the largest number of the set (6 for double-six)")
        n = read_int(args.arg, "N (the largest number of the set)", high=MAX_FORMULA_N)
        if what == "tiles":
            return _report(args, set_size(n), started)
        if what == "pips":
            return _report(args, pip_total(n), started)
        fn = chains.count_rings if what == "rings" else chains.count_lines
        if n % 2 == 0 and n >= 12 and n <= chains.MAX_RING_N:
            # double-12 takes about a second, double-16 a minute: show that it is working
            value = with_progress(lambda report: fn(n), f"counting the {what} of the "
                                  f"double-{n} set (Ctrl-C stops)")
            return _report(args, value, started)
        return _report(args, fn(n), started)
    # tilings
    if args.region:
        try:
            text = read_text_file(args.region, "region file")
        except NoSuchFile as e:
            raise type(e)(f"cannot read the region file: {e}") from None
        region = tilings.Region.parse(text)
        count = tilings.count_tilings(region)
        print(count)
        if count == 0:
            reason = tilings.impossibility(region)
            if reason is not None:
                print(tr("why none: {reason}").format(reason=reason))
        if args.time:
            print(tr("({seconds:.3f} s)").format(seconds=time.perf_counter() - started))
        return 0
    if args.arg is None:
        raise DominoError("'count tilings' needs a size like 8x8, or --region FILE")
    m, n = tilings.parse_size(args.arg)
    # format_count prints counts past Python's 4,300-digit str() limit.
    return _report(args, tilings.format_count(tilings.count_tilings(m, n), sep=""), started)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "count",
        help=tr("exact counts: tiles, pips, rings, lines, tilings"),
        description=tr("Exact counts (Python integers, never floats)."),
    )
    p.add_argument("what", choices=["tiles", "pips", "rings", "lines", "tilings"],
                   help=tr("what to count: tiles or pips of a set, rings or lines of all its "
                        "tiles, domino tilings of a board"))
    p.add_argument("arg", nargs="?",
                   help=tr("N for a double-N set (up to {max:,}; rings and lines of "
                           "an even set up to {ring}), or ROWSxCOLS for tilings")
                   .format(max=MAX_FORMULA_N, ring=chains.MAX_RING_N))
    p.add_argument("--region", metavar="FILE",
                   help=tr("tilings of a region drawn in a text file ('#' cell, '.' hole)"))
    p.add_argument("--time", action="store_true", help=tr("also print how long it took"))
    p.set_defaults(func=_count)
