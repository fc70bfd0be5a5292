"""SVG drawings of Cram and Domineering boards, and of a position with its options.

Free cells are white; covered cells are grey; each domino placed so far is drawn with
the player's colour *and* a letter (L for Left's vertical dominoes, R for Right's
horizontal ones, none in Cram), so the picture does not rely on colour alone.
:func:`options_svg` draws a position above the positions each player can move to,
each with its game value: the game tree one level deep, the way a class computes a
value by hand.

>>> from dominolab.games.combinatorial import Board
>>> b = Board.rectangle(2, 2).play(((0, 0), (1, 0)), "L")
>>> svg = board_svg(b)
>>> svg.count('class="cell free"'), svg.count('class="domino L"')
(2, 1)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..games.combinatorial.boards import Board
from ..i18n import tr
from .svg import SVG, _n, document

__all__ = ["BOARD_COLOURS", "board_group", "board_svg", "options_svg", "boards_row_svg"]

#: colours of the board drawings (text keeps WCAG AA contrast on them)
BOARD_COLOURS = {"free": "#ffffff", "covered": "#d5d8dc", "grid": "#5f6b73",
                 "L": "#2e86c1", "R": "#c0392b", "": "#7d6608", "text": "#111111",
                 "letter": "#ffffff"}


def board_group(board: Board, x: float, y: float, size: float) -> str:
    """The board's cells and dominoes as an SVG fragment with its top-left corner at (x, y)."""
    parts = []
    for r in range(board.rows):
        for c in range(board.cols):
            free = (r, c) in board.free
            covered = any((r, c) in d for d, _ in board.placed)
            if not free and not covered:
                kind, fill = "outside", BOARD_COLOURS["covered"]
            else:
                kind, fill = ("free", BOARD_COLOURS["free"]) if free else \
                    ("covered", BOARD_COLOURS["covered"])
            parts.append(f'<rect class="cell {kind}" x="{_n(x + c * size)}" '
                         f'y="{_n(y + r * size)}" width="{_n(size)}" height="{_n(size)}" '
                         f'fill="{fill}" stroke="{BOARD_COLOURS["grid"]}" '
                         f'stroke-width="{_n(max(0.5, size * 0.03))}"/>')
    inset = size * 0.12
    for (a, b), who in board.placed:
        (r, c), (r2, c2) = a, b
        w = (c2 - c + 1) * size - 2 * inset
        h = (r2 - r + 1) * size - 2 * inset
        colour = BOARD_COLOURS[who if board.rule == "domineering" else ""]
        label = html.escape(tr("domino {a}-{b}").format(a=a, b=b) + (
            (tr(" by Left") if who == "L" else tr(" by Right"))
            if board.rule == "domineering" else ""))
        parts.append(f'<rect class="domino {who}" aria-label="{label}" '
                     f'x="{_n(x + c * size + inset)}" y="{_n(y + r * size + inset)}" '
                     f'width="{_n(w)}" height="{_n(h)}" rx="{_n(size * 0.15)}" fill="{colour}"/>')
        if board.rule == "domineering":
            parts.append(f'<text x="{_n(x + (c + c2 + 1) * size / 2)}" '
                         f'y="{_n(y + (r + r2 + 1) * size / 2)}" font-size="{_n(size * 0.45)}" '
                         'font-family="sans-serif" font-weight="700" text-anchor="middle" '
                         f'dominant-baseline="central" fill="{BOARD_COLOURS["letter"]}">'
                         f"{who}</text>")
    return "".join(parts)


def board_svg(board: Board, *, size: float = 30, caption: str | None = None) -> SVG:
    """One board; ``caption`` (e.g. its value) is written under it."""
    pad = 4
    body = board_group(board, pad, pad, size)
    h = board.rows * size + 2 * pad
    if caption:
        body += _text(pad, h + 14, caption)
        h += 20
    title = caption or (tr("a {rows}×{cols} Domineering board, {free} free cells")
                        if board.rule == "domineering" else
                        tr("a {rows}×{cols} Cram board, {free} free cells")).format(
                            rows=board.rows, cols=board.cols, free=board.free_count)
    return document(max(board.cols * size + 2 * pad, 7.5 * len(caption or "") + 8), h, body,
                    title)


def _text(x: float, y: float, text: str, size: float = 13, anchor: str = "start") -> str:
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-family="sans-serif" '
            f'text-anchor="{anchor}" fill="{BOARD_COLOURS["text"]}">{html.escape(text)}</text>')


def boards_row_svg(boards: Sequence[Board], captions: Sequence[str], *, size: float = 24,
                   title: str | None = None) -> SVG:
    """Several boards side by side, each with its caption underneath."""
    pad, gap = 4, 18
    x: float = pad
    body = []
    height = 0.0
    for b, cap in zip(boards, captions):
        body.append(board_group(b, x, pad, size))
        body.append(_text(x, pad + b.rows * size + 16, cap))
        x += max(b.cols * size, 7.5 * len(cap)) + gap
        height = max(height, pad + b.rows * size + 24)
    return document(x, height, "".join(body), title or tr("{n} boards").format(n=len(boards)))


def options_svg(board: Board, root_caption: str, left: Sequence[tuple[Board, str]],
                right: Sequence[tuple[Board, str]], *, size: float = 20) -> SVG:
    """A position (top) above its Left options (bottom left) and Right options (bottom
    right), each with a caption such as its value; lines join the position to each option.
    """
    pad, gap = 6, 16
    bw = board.cols * size
    opts = [(b, c, "L") for b, c in left] + [(b, c, "R") for b, c in right]
    widths = [max(b.cols * size, 7.5 * len(c)) for b, c, _ in opts]
    divider = gap * 2 if left and right else 0
    total = sum(widths) + gap * max(0, len(opts) - 1) + divider + 2 * pad
    # room for the two labels under the options ("← Left's moves …", "… Right's moves →")
    labels = (160 if left else 0) + (180 if right else 0) + 2 * pad
    width = max(total, bw + 2 * pad, 7.5 * len(root_caption) + 2 * pad, labels)
    body = []
    rx = (width - bw) / 2
    body.append(board_group(board, rx, pad, size))
    body.append(_text(width / 2, pad + board.rows * size + 15, root_caption, anchor="middle"))
    top = pad + board.rows * size + 60
    x = (width - (total - 2 * pad)) / 2
    for k, ((b, cap, who), w) in enumerate(zip(opts, widths)):
        if k == len(left) and left:
            x += divider
        cx = x + w / 2
        colour = BOARD_COLOURS[who]
        body.append(f'<line x1="{_n(width / 2)}" y1="{_n(pad + board.rows * size + 20)}" '
                    f'x2="{_n(cx)}" y2="{_n(top - 4)}" stroke="{colour}" stroke-width="1.5"/>')
        body.append(board_group(b, cx - b.cols * size / 2, top, size))
        body.append(_text(cx, top + b.rows * size + 15, cap, anchor="middle"))
        x += w + gap
    height = top + max((b.rows for b, _, _ in opts), default=0) * size + 24
    if left:
        body.append(_text(pad, height + 8, tr("← Left's moves (vertical)"), 11))
    if right:
        body.append(_text(width - pad, height + 8, tr("Right's moves (horizontal) →"), 11, "end"))
    height += 16
    return document(width, height, "".join(body), tr(
        "{caption}: the position and its {left} Left and {right} Right options").format(
            caption=root_caption, left=len(left), right=len(right)))
