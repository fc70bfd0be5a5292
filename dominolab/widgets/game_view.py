"""The game board's view: the JSON that ``static/game_board.js`` draws.

:func:`board_view` turns the round (a :class:`~dominolab.games.GameState`),
the match and what the board itself holds (the human's seat, the choices on
offer, teaching mode, the bots' delay) into one JSON-ready dict: the hand with
each tile's picture and whether it can be played, the seats, the table's
picture, the words of :mod:`dominolab.widgets.game_text`, the score and, when
the round is over, its panel. Pictures are drawn by :mod:`dominolab.render`.
With a picture skin every tile is drawn and named by its pictures, and the
children's mode (:mod:`dominolab.widgets.game_pictures`) draws bigger tiles,
shows no score and says "match the cat".

>>> from dominolab.games import new_round
>>> g = new_round("classic", hands=["2:3 4:4", "3:5 1:1"], leader=0)
>>> names = SeatNames((0, 1), human=0, bots=("heuristic", "greedy"))
>>> v = board_view(g, None, names, me=0, tick=1, title="Classic", open_hands=False,
...                delay=0, finished=False, notes_seen=0, choices=[], pending=None)
>>> v["turn_text"], [t["tile"] for t in v["hand"] if t["playable"]], v["seats"][1]["name"]
('Your turn (P1)', ['2-3', '4-4'], 'P2 (greedy bot)')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from .. import display
from ..games import GameState, Match, Move
from ..i18n import ngettext, tr
from ..render import hand_svg, tile_svg
from ..render.skins import Skin, current_skin, skinned
from ..render.svg import Face, face_word, faces
from ..render.table import layout_svg
from ..tiles import Tile
from .game_text import (
    SeatNames,
    boneyard_text,
    ends_text,
    fives_view,
    is_cross,
    move_label,
    round_panel,
    scores_view,
    turn_text,
)
from .game_pictures import picture_view

__all__ = ["board_view"]


# Pictures are drawn at the size of the board being drawn (dominolab.display.scale(),
# set by the board): the caches keep one entry per size. In the presentation size the
# seats' small tiles grow until they are readable (display.readable).

#: the side of a hand tile's half, and of the table's tiles: normal, and children's mode
HAND_SIZE, TABLE_SIZE = 20, 22
CHILD_HAND_SIZE, CHILD_TABLE_SIZE = 36, 34


@lru_cache(maxsize=512)
def _tile_picture(a: Face, b: Face, scale: float, size: float = HAND_SIZE,
                  skin: str | None = None) -> str:
    with display.scaled(scale):
        return str(tile_svg((a, b), vertical=True, size=size, skin=skin))


@lru_cache(maxsize=64)
def _backs_picture(count: int, scale: float) -> str:
    if count == 0:
        return ""
    with display.scaled(scale):
        return str(hand_svg([(0, 0)] * count, face_down=True, size=display.readable(11),
                            per_row=14, title=ngettext("{n} face-down domino",
                                                       "{n} face-down dominoes",
                                                       count).format(n=count)))


def _hand_picture(tiles: Iterable[Tile]) -> str:
    tiles = list(tiles)
    if not tiles:
        return ""
    skin = current_skin()           # a picture skin names the tiles by their pictures
    names = (", ".join(skin.tile_name(t.low, t.high) for t in tiles) if skin
             else " ".join(str(t) for t in tiles))
    return str(hand_svg(tiles, size=display.readable(11), per_row=14,
                        title=f"{len(tiles)} dominoes: {names}"))


def _layout_picture(state: GameState, size: float = 22, per_row: int = 12) -> str:
    """The line (or cross) on the table, as :func:`dominolab.render.table.layout_svg` draws it.

    In the presentation size a row holds fewer tiles, so that the line stays readable
    when the picture shrinks to the page's width.
    """
    if state.layout.is_empty():
        return ""
    if display.scale() > 1:
        per_row = max(4, round(per_row / display.scale() * 1.5))
    return str(layout_svg(state, size=size, per_row=per_row))


def board_view(state: GameState, match: Match | None, names: SeatNames, *, me: int | None,
               tick: int, title: str, open_hands: bool, delay: float, finished: bool,
               notes_seen: int, choices: Sequence[Move], pending: Tile | None,
               skin: Skin | None = None, children: bool = False) -> dict[str, Any]:
    """Everything the browser draws, for the human at player ``me`` (None: no human here).

    ``tick`` numbers the views (the browser ignores a bot request from an older one);
    ``finished``: the round has been counted in the match; ``notes_seen``: the match
    notes shown before this round; ``choices``: the ways offered to play ``pending``.
    ``skin``: every tile drawn and named by its pictures; ``children``: the
    picture-matching mode (bigger tiles, no score, "match the cat").
    """
    with skinned(skin):
        view = _view(state, match, names, me=me, tick=tick, title=title,
                     open_hands=open_hands, delay=delay, finished=finished,
                     notes_seen=notes_seen, choices=choices, pending=pending, skin=skin,
                     children=children)
    return view if skin is None else picture_view(view, state, skin, children=children, me=me)


def _view(state: GameState, match: Match | None, names: SeatNames, *, me: int | None,
          tick: int, title: str, open_hands: bool, delay: float, finished: bool,
          notes_seen: int, choices: Sequence[Move], pending: Tile | None,
          skin: Skin | None, children: bool) -> dict[str, Any]:
    st = state
    over = st.is_over()
    legal = list(st.legal_moves()) if not over else []
    my_turn = (not over) and me is not None and st.current_player == me
    playable = {t for m in legal for t in m.tiles} if my_turn else set()
    hand = []
    if me is not None:
        for t in st.hand(me):
            a, b = faces(t)         # (a locomotive tile's faces: ("L", 5))
            named = {} if isinstance(a, int) and isinstance(b, int) else {
                # a locomotive tile is named as its picture is ("play domino locomotive-5",
                # "… locomotive-letter D"), not by its notation ("L-5")
                "label": f"{tr('play domino')} {face_word(a)}-{face_word(b)}"}
            hand.append({**named, "tile": f"{a}-{b}", "text": str(t), "a": a,
                         "b": b, "svg": _tile_picture(a, b, display.scale(),
                                             CHILD_HAND_SIZE if children else HAND_SIZE,
                                             skin.name if skin else None),
                         "playable": t in playable, "pending": pending == t})
    seats = []
    for p in range(st.players):
        n = len(st.hand(p))
        face_up = open_hands or over or p == me
        seats.append({
            "player": p, "name": names.player(p), "count": n,
            "human": p == me, "turn": (not over) and p == st.current_player,
            "team": st.team_of[p] + 1 if len(st.teams) < st.players else None,
            "svg": _hand_picture(st.hand(p)) if face_up and p != me else
            (_backs_picture(n, display.scale()) if p != me else ""),
            "face_up": face_up,
            "tiles": str(st.hand(p)) if face_up else "",
        })
    fives = fives_view(st, names)
    return {
        "tick": tick,
        "title": f"{title} — " + ngettext("{n} player", "{n} players", st.players).format(
            n=st.players),
        "table_svg": (_layout_picture(st, CHILD_TABLE_SIZE, 8) if children
                      else _layout_picture(st, TABLE_SIZE)),
        "table_count": len(st.layout),
        "ends_text": ends_text(st),
        "hand": hand,
        "seats": seats,
        "my_turn": my_turn,
        "can_draw": my_turn and any(m.kind == "draw" for m in legal),
        "can_pass": my_turn and any(m.kind == "pass" for m in legal),
        "choices": [{"label": move_label(m, st.layout, st.rules), "move": str(m),
                     "end": m.end if len(m.placements) == 1 else None} for m in choices],
        "cross": is_cross(st.layout),
        "fives": fives,
        "pending": str(pending) if pending else "",
        "turn_text": turn_text(st, names, me),
        "boneyard": st.boneyard_count(),
        "boneyard_text": boneyard_text(st),
        "scores": scores_view(match, names, finished),
        "log": [str(m) for m in st.history],
        "log_notes": fives["notes"] if fives else [],
        "round_over": over,
        "panel": round_panel(st, match, names, notes_seen) if over else None,
        "bot_pending": (not over) and st.current_player != me and delay > 0,
        "delay_ms": round(delay * 1000),
        "open": open_hands,
        "can_undo": open_hands and bool(st.history),
        "human": me is not None,
        "hand_note": ("" if me is not None else
                      "Every seat is played by a bot." if names.human is None else
                      "You are out of this match; the bots play on."),
    }
