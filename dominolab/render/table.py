"""SVG of a game table: the layout in the middle, the hands around it.

The line is drawn with :func:`~dominolab.render.chain_svg`'s snake wrapping
(doubles across); a line with an open gap (Morskoy kozel's extraordinary
lead) shows its two segments with a marked gap. Hands are rows of upright
tiles, face up or face down (``face_up=False``, or a set of players to show
with ``face_up={0}``).

>>> from dominolab.games import new_game, play_out, bots
>>> g = new_game("kozel", seed=2); _ = play_out(g, [bots.GreedyBot(seed=1)] * 4)
>>> svg = table_svg(g)
>>> svg.startswith("<svg") and svg.count('class="tile"') == 28
True
>>> table_svg(g, face_up=False).count('face-down domino') > 0
True
"""

from __future__ import annotations

import html

from . import PALETTE, SVG, _n, document, tile_group


def _line_body(segments, x0, y0, size, per_row):
    """Tiles of the line as ``<g>`` fragments; returns (body, width, height)."""
    gap = size * 0.12
    row_h = 2 * size + 3 * gap
    items: list = []
    for k, seg in enumerate(segments):
        if k:
            items.append("gap")
        items.extend(seg)
    rows = [items[i:i + per_row] for i in range(0, len(items), per_row)] or [[]]

    def w_of(it):
        if it == "gap":
            return size + gap
        a, b = it
        return (size if a == b else 2 * size) + gap

    width = max(sum(w_of(i) for i in r) for r in rows) + gap
    body = []
    for r, row in enumerate(rows):
        y = y0 + gap + r * row_h
        seq = row if r % 2 == 0 else [i if i == "gap" else (i[1], i[0]) for i in reversed(row)]
        x = x0 + (gap if r % 2 == 0 else width - sum(w_of(i) for i in row))
        for it in seq:
            if it == "gap":
                body.append(f'<rect class="gap" x="{_n(x)}" y="{_n(y + size / 2)}" '
                            f'width="{_n(size)}" height="{_n(size)}" fill="none" '
                            f'stroke="{PALETTE["muted"]}" stroke-dasharray="4 3"/>')
                x += size + gap
                continue
            a, b = it
            if a == b:
                body.append(tile_group(a, b, x, y, size=size, vertical=True))
                x += size + gap
            else:
                body.append(tile_group(a, b, x, y + size / 2, size=size))
                x += 2 * size + gap
    return "".join(body), width, gap + len(rows) * row_h


def table_svg(state, *, face_up=True, size: float = 24, per_row: int = 12,
              title: str | None = None) -> SVG:
    """The whole table of ``state`` (a GameState) as SVG.

    ``face_up``: True (open, teaching mode), False (all hands hidden) or a
    collection of players whose hands are shown.
    """
    def shown(p):
        if face_up is True or face_up is False:
            return face_up
        return p in face_up

    lay = state.layout
    segs = lay.segments() if hasattr(lay, "segments") else [lay.pairs()]
    hs = size * 0.8
    label_h = 18
    pad = 10
    hand_rows = []
    width = 0
    y = pad
    parts = []
    for p in range(state.players):
        hand = state.hand(p)
        up = shown(p)
        team = state.team_of[p]
        turn = (not state.is_over()) and p == state.current_player
        caption = f"P{p + 1}" + (f" (team {team + 1})" if len(state.teams) < state.players else "")
        caption += f": {len(hand)} tile{'' if len(hand) == 1 else 's'}" + (
            ", to move" if turn else "")
        parts.append(f'<text x="{pad}" y="{_n(y + 13)}" font-family="sans-serif" font-size="13" '
                     f'fill="{PALETTE["edge"]}" font-weight="{700 if turn else 400}">'
                     f'{html.escape(caption)}</text>')
        y += label_h
        x = pad
        for t in hand:
            parts.append(tile_group(t.low, t.high, x, y, size=hs, vertical=True, face_down=not up))
            x += hs + 4
        width = max(width, x)
        y += 2 * hs + 8
        hand_rows.append(p)
    y += 4
    info = f"table: {len(lay)} tiles"
    if state.bone:
        info += f" · boneyard {state.boneyard_count()}"
    if state.is_over():
        res = state.result()
        info += f" · {res.end}: team points {res.team_points}"
    parts.append(f'<text x="{pad}" y="{_n(y + 13)}" font-family="sans-serif" font-size="13" '
                 f'fill="{PALETTE["edge"]}">{html.escape(info)}</text>')
    y += label_h
    body, w, h = _line_body(segs, pad, y, size, per_row)
    parts.append(body)
    width = max(width, pad + w) + pad
    height = y + h + pad
    return document(width, height, "".join(parts),
                    title or f"{state.rules.title}: table with {len(lay)} dominoes")


def layout_svg(state, *, size: float = 22, per_row: int = 12, title: str | None = None):
    """Only the tiles on the table (the line), as drawn inside :func:`table_svg`.

    >>> from dominolab import games
    >>> g = games.new_round("classic", hands=["1:1 1:2", "2:3 5:5"])
    >>> g.play("P1 1:1")
    >>> 'aria-label="domino 1-1"' in layout_svg(g)
    True
    """
    lay = state.layout
    segs = lay.segments() if hasattr(lay, "segments") else [lay.pairs()]
    body, w, h = _line_body(segs, 0, 0, size, per_row)
    return document(w, h, body, title or f"the table: {len(lay)} dominoes")
