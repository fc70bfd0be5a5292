"""``dominolab chain "1:2 2:5 ..."``: is it a line, can the tiles form one, how long at most?

Tiles written so that touching halves match are read as a line (its ends are
shown); otherwise they are read as a heap of tiles and Euler's condition
decides whether one line can use them all, printing one if so.

>>> from dominolab.cli import main
>>> main(["chain", "1:2 2:2 2:5"])
a line of 3 tiles: 1:2 2:2 2:5
open ends: 1 and 5
0
>>> main(["chain", "2:5 1:2 2:2"])
Yes: 1 and 5 show an odd number of times, so a line must run from one to the other
1:2 2:2 2:5
0
>>> main(["chain", "0:1 2:3", "--longest"])
No: the tiles fall into 2 separate groups (0:1 | 2:3); no line can join them
longest line (1 of 2 tiles): 0:1
1
"""

from __future__ import annotations

import argparse
from typing import Any
from .. import chains
from ..errors import DominoError, ParseError
from ..i18n import ngettext, tr
from ..limits import MAX_N
from ..tiles import parse_tiles
from ._args import number


def _cmd_chain(args: argparse.Namespace) -> int:
    text = args.tiles
    tiles = parse_tiles(text)
    if not tiles:
        raise DominoError(tr("no tiles given in {text}; write them like \"1:2 2:5 5:5\"").format(
            text=repr(text)))
    line = None
    if args.start is None and args.end is None:
        try:
            line = chains.Chain.parse(text)
        except ParseError:
            line = None
    if line is not None and len(line) > 1:
        print(ngettext("a line of {n} tile: {line}", "a line of {n} tiles: {line}",
                       len(line)).format(n=len(line), line=line))
        left, right = line.pairs[0][0], line.pairs[-1][1]
        print((tr("open ends: {left} and {right} (they match: the line closes into a ring)")
               if line.is_closed else tr("open ends: {left} and {right}")).format(
            left=left, right=right))
        if args.longest:
            best = chains.longest_chain(tiles, start=args.start)
            print(tr("longest line ({used} of {all} tiles): {line}").format(
                used=len(best), all=len(tiles), line=best))
        return 0
    check = chains.can_chain(tiles, args.start, args.end)
    print(check)
    if check:
        print(chains.find_chain(tiles, args.start, args.end))
    if args.longest:
        best = chains.longest_chain(tiles, start=args.start)
        print(tr("longest line ({used} of {all} tiles): {line}").format(
            used=len(best), all=len(tiles), line=best))
    return 0 if check else 1


def register(subparsers: Any) -> None:
    """Add the ``chain`` subcommand."""
    p = subparsers.add_parser(
        "chain",
        help=tr("check a line of tiles, or whether tiles can form one line"),
        description=tr("Read tiles such as '1:2 2:5 5:5'. If they already form a line as "
        "written, show its open ends; otherwise say whether (and why) they can be laid "
        "in one line, and show one."),
    )
    p.add_argument("tiles", help=tr("tiles separated by spaces, e.g. \"1:2 2:5 5:5\""))
    p.add_argument("--start", type=number(0, MAX_N, "--start"), default=None,
                   help=tr("the line must start with this number"))
    p.add_argument("--end", type=number(0, MAX_N, "--end"), default=None,
                   help=tr("the line must end with this number"))
    p.add_argument("--longest", action="store_true",
                   help=tr("also show a longest line that the tiles can make"))
    p.set_defaults(func=_cmd_chain)
