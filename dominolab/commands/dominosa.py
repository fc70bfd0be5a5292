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

from ..errors import DominoError, ParseError, Unsolvable
from ..puzzles.dominosa import Dominosa, generate
from ..render.dominosa import sheet_svg


def _load(source: str) -> Dominosa:
    if os.path.exists(source):
        return Dominosa.load(source)
    if ":" not in source and "#" not in source and "\n" not in source:
        raise ParseError(f"{source!r} is neither a file nor a Tatham game ID such as '6db:0123...'",
                         source)
    return Dominosa.parse(source)


def _cmd_solve(args: argparse.Namespace) -> int:
    p = _load(args.puzzle)
    count = p.count_solutions(limit=2)
    if count == 0:
        raise Unsolvable(f"the grid {p.to_tatham()} has no solution")
    grade = p.grade()
    verdict = "unique" if count == 1 else "more than one solution; showing one"
    print(f"grid (double-{p.n}, {grade}, {verdict}):")
    print(p)
    print("solution:")
    print(p.solve())
    if args.explain:
        print("steps:")
        print(p.explain())
    return 0


def _cmd_generate(args: argparse.Namespace) -> int:
    for k in range(args.count):
        p = generate(args.n, args.difficulty, args.seed + k)
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


def _cmd_sheet(args: argparse.Namespace) -> int:
    puzzles = [generate(args.n, args.difficulty, args.seed + k) for k in range(args.count)]
    svg = sheet_svg(puzzles, title=f"Dominosa, double-{args.n}, {args.difficulty}")
    if args.out.lower().endswith((".html", ".htm")):
        text = _printable_html(svg, pages=2)
    else:
        text = svg
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise DominoError(f"cannot write {args.out!r}: {e.strerror}") from None
    print(f"wrote {args.count} double-{args.n} {args.difficulty} puzzles and their solutions "
          f"to {args.out}")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``dominosa`` with its ``solve``, ``generate`` and ``sheet`` actions."""
    p = subparsers.add_parser("dominosa", help="solve, grade and generate Dominosa puzzles")
    sub = p.add_subparsers(dest="action", metavar="ACTION")

    def show_help(args: argparse.Namespace) -> int:
        p.print_help()
        return 1

    p.set_defaults(func=show_help)

    s = sub.add_parser("solve", help="solve a puzzle file or a Tatham game ID")
    s.add_argument("puzzle", help="a puzzle file or a game ID such as 6db:0123...")
    s.add_argument("--explain", action="store_true", help="print every deduction step")
    s.set_defaults(func=_cmd_solve)

    g = sub.add_parser("generate", help="make a new puzzle with one solution")
    g.add_argument("n", type=int, help="largest number (6 for a double-six grid), 0..18")
    g.add_argument("--difficulty", default="hard",
                   choices=["trivial", "basic", "hard", "extreme", "search", "ambiguous"])
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--count", type=int, default=1, help="how many (seeds seed, seed+1, ...)")
    g.add_argument("--tatham", action="store_true", help="print Tatham game IDs")
    g.set_defaults(func=_cmd_generate)

    w = sub.add_parser("sheet", help="a printable worksheet (SVG or HTML) with solutions")
    w.add_argument("--count", type=int, default=6)
    w.add_argument("--n", type=int, default=6)
    w.add_argument("--difficulty", default="basic",
                   choices=["trivial", "basic", "hard", "extreme"])
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--out", default="sheet.svg")
    w.set_defaults(func=_cmd_sheet)
