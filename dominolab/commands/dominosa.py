"""``dominolab dominosa solve|generate|sheet``: Dominosa from the command line.

>>> from dominolab.cli import main
>>> main(["dominosa", "solve", "2dt:202012100211"])
grid (double-2, trivial, unique):
2 0 2 0
1 2 1 0
0 2 1 1
solution:
><vv
vv^^
^^><
0
>>> main(["dominosa", "generate", "3", "--difficulty", "basic", "--seed", "2", "--tatham"])
3db:32220210330110102331
0
"""

from __future__ import annotations

import argparse
import os
import re

from .._textfile import write_text_file
from ..errors import DominoError, ParseError, Unsolvable
from ..i18n import tr
from ..limits import short_repr
from ..puzzles.dominosa import Dominosa, generate
from ..render.dominosa import sheet_svg
from ._args import number, with_progress

#: The largest grid ``dominosa generate`` makes (double-18 takes about half a second;
#: the generator's work grows quickly beyond).
MAX_GENERATE_N = 30


def _load(source: str) -> Dominosa:
    if os.path.lexists(source) or os.sep in source or source.endswith(".txt"):
        return Dominosa.load(source)       # a file: read with its size and type checked
    if ":" not in source and "#" not in source and "\n" not in source:
        raise ParseError(f"{short_repr(source)} is neither a file nor a Tatham game ID such as "
                         "'6db:0123...'", source)
    return Dominosa.parse(source)


def _cmd_solve(args: argparse.Namespace) -> int:
    p = _load(args.puzzle)
    count = p.count_solutions(limit=2)
    if count == 0:
        raise Unsolvable(f"the grid {p.to_tatham()} has no solution")
    grade = p.grade()
    verdict = tr("unique") if count == 1 else tr("more than one solution; showing one")
    print(tr("grid (double-{n}, {grade}, {verdict}):").format(n=p.n, grade=grade,
                                                              verdict=verdict))
    print(p)
    print(tr("solution:"))
    print(p.solve())
    if args.explain:
        print(tr("steps:"))
        print(p.explain())
    return 0


def _cmd_generate(args: argparse.Namespace) -> int:
    for k in range(args.count):
        p = _generate(args.n, args.difficulty, args.seed + k)
        if args.tatham:
            print(p.to_tatham(args.difficulty))
        else:
            print(p.to_file(source=p.fields["source"]), end="" if k + 1 == args.count else "\n")
    return 0


def _printable_html(svg: str, pages: int, width: float = 595, height: float = 842) -> str:
    """An HTML page that prints the stacked sheet one A4 page per sheet page.

    Each printed page shows the same drawing through its own viewBox (page k
    is the band ``k*height .. (k+1)*height``), with a CSS page break between.

    >>> html = _printable_html('<svg width="595" height="1684" viewBox="0 0 595 1684"></svg>', 2)
    >>> html.count('class="page"'), 'viewBox="0 842 595 842"' in html
    (2, True)
    """
    head, rest = svg.split(">", 1)
    head = re.sub(r'\s(width|height|viewBox)="[^"]*"', "", head)
    parts = []
    for k in range(pages):
        page_head = (f'{head} width="209mm" height="295mm" '
                     f'viewBox="0 {k * height:g} {width:g} {height:g}">')
        parts.append(f'<div class="page">{page_head}{rest}</div>')
    return ("<!doctype html><meta charset='utf-8'><title>Dominosa worksheet</title>"
            "<style>@page{size:A4;margin:0}body{margin:0}svg{display:block}"
            ".page{break-after:page;page-break-after:always}"
            ".page:last-child{break-after:auto;page-break-after:auto}</style>"
            + "".join(parts))


def _generate(n: int, difficulty: str, seed: int) -> Dominosa:
    if n >= 14:          # double-14 and up take a second or more each
        return with_progress(lambda report: generate(n, difficulty, seed),
                             f"generating a double-{n} {difficulty} puzzle (seed {seed})")
    return generate(n, difficulty, seed)


def _cmd_sheet(args: argparse.Namespace) -> int:
    if os.path.lexists(args.out) and not args.force:     # before the work, not after it
        raise DominoError(f"{args.out!r} already exists: give another --out, or --force to "
                          "replace it")
    puzzles = [_generate(args.n, args.difficulty, args.seed + k) for k in range(args.count)]
    svg = sheet_svg(puzzles, title=f"Dominosa, double-{args.n}, {args.difficulty}")
    if args.out.lower().endswith((".html", ".htm")):
        text = _printable_html(svg, pages=2)
    else:
        text = svg
    write_text_file(args.out, text, force=args.force, what="worksheet")
    print(tr("wrote {count} double-{n} {grade} puzzles and their solutions to {out}").format(
        count=args.count, n=args.n, grade=args.difficulty, out=args.out))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``dominosa`` with its ``solve``, ``generate`` and ``sheet`` actions."""
    p = subparsers.add_parser("dominosa", help=tr("solve, grade and generate Dominosa puzzles"))
    sub = p.add_subparsers(dest="action", metavar="ACTION")

    def show_help(args: argparse.Namespace) -> int:
        p.print_help()
        return 1

    p.set_defaults(func=show_help)

    s = sub.add_parser("solve", help=tr("solve a puzzle file or a Tatham game ID"))
    s.add_argument("puzzle", help=tr("a puzzle file or a game ID such as 6db:0123..."))
    s.add_argument("--explain", action="store_true", help=tr("print every deduction step"))
    s.set_defaults(func=_cmd_solve)

    g = sub.add_parser("generate", help=tr("make a new puzzle with one solution"))
    g.add_argument("n", type=number(0, MAX_GENERATE_N, "n"),
                   help=tr("largest number (6 for a double-six grid), 0..{max}")
                   .format(max=MAX_GENERATE_N))
    g.add_argument("--difficulty", default="hard",
                   choices=["trivial", "basic", "hard", "extreme", "search", "ambiguous"],
                   help=tr("the grade the puzzle must have (default hard)"))
    g.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=1,
                   help=tr("random seed (default 1)"))
    g.add_argument("--count", type=number(1, 1000, "--count"), default=1,
                   help=tr("how many, 1..1000 (seeds seed, seed+1, ...)"))
    g.add_argument("--tatham", action="store_true", help=tr("print Tatham game IDs"))
    g.set_defaults(func=_cmd_generate)

    w = sub.add_parser("sheet", help=tr("a printable worksheet (SVG or HTML) with solutions"))
    w.add_argument("--count", type=number(1, 12, "--count"), default=6,
                   help=tr("puzzles on the sheet, 1..12 (default 6)"))
    w.add_argument("--n", type=number(0, 12, "--n"), default=6,
                   help=tr("largest number of each grid, 0..12 (default 6)"))
    w.add_argument("--difficulty", default="basic",
                   choices=["trivial", "basic", "hard", "extreme"],
                   help=tr("the grade of every puzzle (default basic)"))
    w.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=1,
                   help=tr("random seed of the first puzzle (default 1)"))
    w.add_argument("--out", default="sheet.svg",
                   help=tr("the file to write: .svg, or .html for a printable page "
                        "(default sheet.svg)"))
    w.add_argument("--force", action="store_true", help=tr("replace --out if it exists"))
    w.set_defaults(func=_cmd_sheet)
