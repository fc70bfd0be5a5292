"""SVG of a game table: the layout in the middle, the hands around it.

The line is drawn with :func:`~dominolab.render.chain_svg`'s snake wrapping
(doubles across); a line with an open gap (a line led as two segments
lead) shows its two segments with a marked gap. Hands are rows of upright
tiles, face up or face down (``face_up=False``, or a set of players to show
with ``face_up={0}``).

A cross (the spinner layout of the four-direction games) is drawn around
its centre, the spinner standing across the W–E line; each arm runs
straight for ``reach`` tiles and then folds back and forth beside itself,
every arm folding to its own side (E down, S left, W up, N right), so that
arms never overlap however long they grow. Closed doubles are face down;
the open ends and their sum are written under the drawing.

>>> from dominolab.games import new_round
>>> g = new_round("telefon", hands=["2:3 2:4 0:0", "2:2 3:3 1:3"], boneyard=[], leader=0)
>>> for m in ["2:3", "2:2>W+3:3>E", "2:4>W"]: g.play(m)
>>> svg = str(layout_svg(g))
>>> svg.count('class="tile"'), 'data-arm="W"' in svg, "open ends: W 4 · E 3 · N 2 · S 2" in svg
(4, True, True)

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
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..errors import UnknownOption
from ..games.layout import Layout
from ..games.spinner_layout import Arms, ArmName, SpinnerLayout
from ..games.state import GameState
from ..games.train_layout import TrainLayout
from ..i18n import ngettext, tr
from ..tiles import LocoTile
from .skins import SkinLike, get_skin, skinned
from .svg import PALETTE, SVG, Face, _n, document, faces, tile_group
from .text import train_label


def _line_body(segments: Sequence[Sequence[tuple[Face, Face]]], x0: float, y0: float,
               size: float, per_row: int) -> tuple[str, float, float]:
    """Tiles of the line as ``<g>`` fragments; returns (body, width, height)."""
    gap = size * 0.12
    row_h = 2 * size + 3 * gap
    items: list[Any] = []           # oriented pairs, and "gap" between two segments
    for k, seg in enumerate(segments):
        if k:
            items.append("gap")
        items.extend(seg)
    rows = [items[i:i + per_row] for i in range(0, len(items), per_row)] or [[]]

    def w_of(it):
        if it == "gap":
            return size + gap
        a, b = it
        return (size if a == b and isinstance(a, int) else 2 * size) + gap

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
            if a == b and isinstance(a, int):     # (two locomotives are no double)
                body.append(tile_group(a, b, x, y, size=size, vertical=True))
                x += size + gap
            else:
                body.append(tile_group(a, b, x, y + size / 2, size=size))
                x += 2 * size + gap
    return "".join(body), width, gap + len(rows) * row_h


def _train_body(lay: TrainLayout, marked: Collection[str], x0: float, y0: float, size: float,
                per_row: int) -> tuple[str, float, float]:
    """The hub double, then one labelled row per train (its marker shown); returns (body,
    width, height)."""
    hub = html.escape(tr("hub (engine)"))
    parts = [tile_group(lay.hub or 0, lay.hub or 0, x0 + 4, y0, size=size, vertical=True),
             f'<text x="{_n(x0 + size + 12)}" y="{_n(y0 + size + 4)}" font-family="sans-serif" '
             f'font-size="12" fill="{PALETTE["edge"]}">{hub}</text>']
    y = y0 + 2 * size + 8
    width = x0 + size + 120
    trains = lay.trains()
    laid = lay.train_tiles()
    for name in lay.names():
        label = train_label(lay, name, marked)
        parts.append(f'<text class="train-label" x="{_n(x0 + 4)}" y="{_n(y + 12)}" '
                     f'font-family="sans-serif" font-size="12" fill="{PALETTE["edge"]}" '
                     f'font-weight="{700 if name in marked else 400}">{html.escape(label)}</text>')
        y += 16
        # a locomotive tile (Super-train) is drawn as laid: its locomotive against the train
        tiles = [faces(t) if isinstance(t, LocoTile) else pair
                 for pair, t in zip(trains[name], laid[name])]
        if tiles:
            body, w, h = _line_body([tiles], x0, y, size, per_row)
            parts.append(body)
            width = max(width, x0 + w)
            y += h
        else:
            y += 4
    return "".join(parts), width, y - y0


def _cross_body(arms: Arms, x0: float, y0: float, size: float,
                reach: int) -> tuple[str, float, float]:
    """Tiles of a cross (``SpinnerLayout.arms()``) as ``<g>`` fragments: (body, width, height)."""
    s = size
    g = s * 0.12
    pitch = 2 * s + 2 * g
    center = arms["center"]
    assert center is not None       # only a cross with tiles on it is drawn
    cx, cy = center
    spinner = arms["spinner"]
    # the centre: the spinner stands across the line; a plain lead lies along it
    cw, ch = (s / 2, s) if spinner or cx == cy else (s, s / 2)
    limit = reach * (2 * s + g)
    # (x centre, y centre, w, h, first, second, face_down, highlight, arm, index)
    items: list[tuple[float, float, float, float, int, int, bool, bool, str, int]] = []
    items.append((0.0, 0.0, 2 * cw, 2 * ch, cx, cy, False, spinner, "C", 0))
    to_xy = {"E": lambda u, v: (u, v), "S": lambda u, v: (-v, u),
             "W": lambda u, v: (-u, -v), "N": lambda u, v: (v, -u)}
    order: tuple[ArmName, ...] = ("W", "E", "N", "S")
    for arm in order:
        tiles = arms[arm]
        if not tiles:
            continue
        along_x = arm in ("E", "W")
        u_first = (cw if along_x else ch) + g
        u_fold = max(u_first, s + 2 * g)      # folded rows clear the crossing arms
        row, k = 0, 0
        used = 0.0
        while k < len(tiles):
            start = u_first if row == 0 else u_fold
            length = s if tiles[k][0] == tiles[k][1] else 2 * s
            if used and used + length > limit:
                row, used = row + 1, 0.0
                continue
            inner, outer, closed = tiles[k]
            u_mid = start + used + length / 2 if row % 2 == 0 else start + limit - used - length / 2
            x, y = to_xy[arm](u_mid, row * pitch)
            thick = 2 * s if inner == outer else s
            w, h = (length, thick) if along_x else (thick, length)
            positive = (arm in ("E", "S")) != (row % 2 == 1)
            a, b = (inner, outer) if positive else (outer, inner)
            items.append((x, y, w, h, a, b, closed, False, arm, k))
            used += length + g
            k += 1
    xs = [x - w / 2 for x, _, w, *_ in items] + [x + w / 2 for x, _, w, *_ in items]
    ys = [y - h / 2 for _, y, _, h, *_ in items] + [y + h / 2 for _, y, _, h, *_ in items]
    ox, oy = x0 + g - min(xs), y0 + g - min(ys)
    body = []
    for x, y, w, h, a, b, down, hi, arm_id, k in items:
        extra = f'data-arm="{arm_id}" data-pos="{k}"'
        body.append(tile_group(a, b, x - w / 2 + ox, y - h / 2 + oy, size=s, vertical=h > w,
                               face_down=down, highlight=hi, extra=extra))
    return "".join(body), max(xs) - min(xs) + 2 * g, max(ys) - min(ys) + 2 * g


def _cross_caption(lay: SpinnerLayout) -> str:
    ends = " · ".join(f"{e} {k}" for e, k in lay.open_ends()) or tr("none")
    text = tr("open ends: {ends}; sum {sum}").format(ends=ends, sum=lay.end_sum())
    closed = lay.closed_ends()
    if closed:
        text += tr("; closed: {ends}").format(ends=", ".join(closed))
    return text


def table_svg(state: GameState, *, face_up: bool | Collection[int] = True, size: float = 24,
              per_row: int = 12, title: str | None = None, skin: SkinLike = None) -> SVG:
    """The whole table of ``state`` (a GameState) as SVG.

    ``face_up``: True (open, teaching mode), False (all hands hidden) or a
    collection of players whose hands are shown. ``skin``: a picture skin
    (:mod:`dominolab.render.skins`) for every tile.
    """
    if skin is not None:
        with skinned(get_skin(skin, state.rules.set_max, "table_svg")):
            return table_svg(state, face_up=face_up, size=size, per_row=per_row, title=title)
    def shown(p: int) -> bool:
        if face_up is True or face_up is False:
            return face_up
        return p in face_up

    lay = state.layout
    # a cross with tiles on it is drawn around its centre; anything else as line segments
    cross = lay if isinstance(lay, SpinnerLayout) and not lay.is_empty() else None
    trains = lay if isinstance(lay, TrainLayout) and not lay.is_empty() else None
    segs = None if cross is not None else lay.segments()
    hs = size * 0.8
    label_h = 18
    pad = 10
    hand_rows = []
    width: float = 0
    y: float = pad
    parts = []
    for p in range(state.players):
        hand = state.hand(p)
        up = shown(p)
        team = state.team_of[p]
        turn = (not state.is_over()) and p == state.current_player
        caption = f"P{p + 1}" + (tr(" (team {k})").format(k=team + 1)
                                 if len(state.teams) < state.players else "")
        caption += ": " + ngettext("{n} tile", "{n} tiles", len(hand)).format(n=len(hand)) + (
            tr(", to move") if turn else "")
        parts.append(f'<text x="{pad}" y="{_n(y + 13)}" font-family="sans-serif" font-size="13" '
                     f'fill="{PALETTE["edge"]}" font-weight="{700 if turn else 400}">'
                     f'{html.escape(caption)}</text>')
        y += label_h
        x: float = pad
        for t in hand:
            parts.append(tile_group(*faces(t), x, y, size=hs, vertical=True, face_down=not up))
            x += hs + 4
        width = max(width, x)
        y += 2 * hs + 8
        hand_rows.append(p)
    y += 4
    info = tr("table: {n} tiles").format(n=len(lay))
    if state.bone:
        info += " · " + tr("boneyard {n}").format(n=state.boneyard_count())
    if cross is not None:
        info += " · " + _cross_caption(cross)
    if state.is_over():
        res = state.result()
        info += f" · {res.end}: team points {res.team_points}"
    parts.append(f'<text x="{pad}" y="{_n(y + 13)}" font-family="sans-serif" font-size="13" '
                 f'fill="{PALETTE["edge"]}">{html.escape(info)}</text>')
    y += label_h
    if cross is not None:
        body, w, h = _cross_body(cross.arms(), pad, y, size, max(3, per_row // 2))
    elif trains is not None:
        marked = state.rules.marked_ends(state) if state.rules.marked_ends else ()
        body, w, h = _train_body(trains, marked, pad, y, size, per_row)
    else:
        assert segs is not None
        body, w, h = _line_body(segs, pad, y, size, per_row)
    parts.append(body)
    width = max(width, pad + w) + pad
    height = y + h + pad
    width = max(width, 7 * len(info) + 2 * pad) if cross is not None else width
    return document(width, height, "".join(parts),
                    title or tr("{title}: table with {n} dominoes").format(
                        title=tr(state.rules.title), n=len(lay)))


def layout_svg(state: GameState | Layout, *, size: float = 22, per_row: int = 12,
               title: str | None = None, skin: SkinLike = None) -> SVG:
    """Only the tiles on the table (the line, or the cross), as drawn inside :func:`table_svg`.

    ``state`` is a GameState or a layout. A cross gets its open ends and their
    sum written underneath.

    >>> from dominolab import games
    >>> g = games.new_round("classic", hands=["1:1 1:2", "2:3 5:5"])
    >>> g.play("P1 1:1")
    >>> 'aria-label="domino 1-1"' in layout_svg(g)
    True
    >>> 'aria-label="domino bird | bird"' in layout_svg(g, skin="animals")
    True
    """
    if skin is not None:
        with skinned(skin):
            return layout_svg(state, size=size, per_row=per_row, title=title)
    lay = state.layout if isinstance(state, GameState) else state
    if isinstance(lay, SpinnerLayout):
        # a cross (four-direction games): the open ends and their sum written underneath
        if lay.is_empty():
            return document(size, size, "", title or tr("the table: empty"))
        body, w, h = _cross_body(lay.arms(), 0, 0, size, max(3, per_row // 2))
        cap = _cross_caption(lay)
        body += (f'<text x="4" y="{_n(h + 14)}" font-family="sans-serif" font-size="12" '
                 f'fill="{PALETTE["edge"]}">{html.escape(cap)}</text>')
        return document(max(w, 7 * len(cap) + 8), h + 20, body,
                        title or ngettext("the table: {n} domino in a cross; {caption}",
                                          "the table: {n} dominoes in a cross; {caption}",
                                          len(lay)).format(n=len(lay), caption=cap))
    if isinstance(lay, TrainLayout) and not lay.is_empty():
        # trains: the hub, then a row per train with its name and marker
        marked = (state.rules.marked_ends(state) if isinstance(state, GameState)
                  and state.rules.marked_ends else ())
        body, w, h = _train_body(lay, marked, 0, 0, size, per_row)
        ends = ", ".join(f"{tr(lay.end_words.get(e, e))} {k}" for e, k in lay.open_ends())
        return document(w, h, body, title or tr("the table: {n} dominoes in trains; open: "
                                                "{ends}").format(n=len(lay), ends=ends))
    body, w, h = _line_body(lay.segments(), 0, 0, size, per_row)
    return document(w, h, body, title or ngettext("the table: {n} domino", "the table: {n} dominoes",
                                                  len(lay)).format(n=len(lay)))


def tournament_svg(tables: Mapping[str, Mapping[str, Mapping[str, int]]], *,
                   measure: str = "wins", title: str | None = None) -> SVG:
    """Bars from :func:`dominolab.games.tournament` tables: one group per game, one bar per bot.

    ``tables`` maps a caption to a tournament's ``{bot: {"rounds", "wins", "points"}}``;
    ``measure`` is "wins" (the share of rounds the bot's side won, in %) or
    "points" (its side's points — or penalties — per round). A dashed line marks
    the group's average bot, the mark a bot without an edge would hit.

    >>> t = {"demo": {"1:greedy": {"rounds": 10, "wins": 6, "points": 40},
    ...               "2:random": {"rounds": 10, "wins": 4, "points": 10}}}
    >>> svg = tournament_svg(t)
    >>> svg.count('class="bar"'), ">60.0%<" in svg, 'class="average"' in svg
    (2, True, True)
    """
    if measure not in ("wins", "points"):
        raise UnknownOption(f"tournament_svg: measure is 'wins' or 'points', not {measure!r}")

    def value(st: Mapping[str, int]) -> float:
        key = "wins" if measure == "wins" else "points"
        scale = 100 if measure == "wins" else 1
        return scale * st[key] / st["rounds"] if st["rounds"] else 0.0

    label_w, bar_w, row_h, pad = 130, 300, 18, 10
    top = max([value(st) for tab in tables.values() for st in tab.values()] + [1e-9])
    parts, y = [], pad
    text = f'font-family="sans-serif" font-size="12" fill="{PALETTE["edge"]}"'
    for caption, tab in tables.items():
        parts.append(f'<text x="{pad}" y="{_n(y + 12)}" {text} font-weight="700">'
                     f'{html.escape(caption)}</text>')
        y += row_h
        vals = [(name.split(":", 1)[-1], value(st)) for name, st in tab.items()]
        mean = sum(v for _, v in vals) / len(vals) if vals else 0
        x = label_w + bar_w * mean / top          # drawn first: the bars and numbers cover it
        parts.append(f'<line class="average" x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x)}" '
                     f'y2="{_n(y + row_h * len(vals))}" stroke="{PALETTE["highlight"]}" '
                     f'stroke-width="1.5" stroke-dasharray="4 3"/>')
        for name, v in vals:
            w = bar_w * v / top
            shown = f"{v:.1f}%" if measure == "wins" else f"{v:.2f}"
            parts.append(f'<text x="{pad}" y="{_n(y + 12)}" {text}>{html.escape(name)}</text>'
                         f'<rect class="bar" x="{label_w}" y="{_n(y + 2)}" width="{_n(w)}" '
                         f'height="{row_h - 5}" fill="{PALETTE["back"]}"/>'
                         f'<text x="{_n(label_w + w + 4)}" y="{_n(y + 12)}" {text} '
                         f'stroke="#ffffff" stroke-width="3" paint-order="stroke">'
                         f'{shown}</text>')
            y += row_h
        y += 6
    unit = "rounds won, %" if measure == "wins" else "points (penalties) per round"
    parts.append(f'<text x="{pad}" y="{_n(y + 12)}" {text}>{unit}; dashed: the average '
                 f'bot of the game</text>')
    return document(label_w + bar_w + 130, y + row_h + pad, "".join(parts),
                    title or f"bot tournament: {unit}")
