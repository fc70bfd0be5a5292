"""The game board with a picture skin, and its children's mode: the view in pictures.

With a skin (:mod:`dominolab.render.skins`) the board draws every tile with pictures
and names it by them, in the buttons ("play domino cat | fish"), the move list, the
open ends ("Open ends: fish (left end), cat (right end)") and every message ("You
played cat | fish on the left."). The children's mode (``GameBoard(...,
mode="children")``) is the picture-matching game for small children: bigger tiles,
no score or points anywhere, and the words say what to look for ("Your turn: match
the fish or the cat").

>>> from dominolab.games import new_round
>>> from dominolab.render.skins import get_skin
>>> animals = get_skin("animals")
>>> say("You played 1:1. Bots: P2 1:6>L.", animals)
'You played bird | bird. Bots: P2 bird | turtle on the left.'
>>> g = new_round("classic", hands=["3:5 4:4", "5:6 1:1"], leader=0)
>>> g.play("P1 3:5")
>>> match_words(g, animals)
'match the cat or the fish'

Every word comes out in the current language (the board speaks its own ``lang``): the
picture names through the skin, the fixed words through the catalog («приложи: рыба или
кот»; the pictures stay in the nominative, so no case endings are needed).
"""

from __future__ import annotations

import re
from typing import Any

from ..games import GameState
from ..i18n import N_, tr
from ..render.skins import Skin, picture_words

__all__ = ["match_words", "picture_view", "say"]

_PLAYED = re.compile(r"(?<![\d:])(\d+):(\d+)>([A-Z]+[!-]?)")
_SIDES = {"L": N_("on the left"), "R": N_("on the right")}


def say(text: str, skin: Skin | None) -> str:
    """``text`` with its tiles named by ``skin``'s pictures, a move's end in words
    ("3:5>L" → "cat | fish on the left"); unchanged without a skin."""
    if skin is None or not text:
        return text

    def played(m: re.Match[str]) -> str:
        a, b, end = int(m.group(1)), int(m.group(2)), m.group(3)
        if max(a, b) >= len(skin.pictures):
            return m.group(0)
        side = tr(_SIDES[end]) if end in _SIDES else f"({end})"
        return f"{skin.tile_name(a, b)} {side}"
    return picture_words(_PLAYED.sub(played, text), skin)


def _open_pictures(state: GameState, skin: Skin) -> list[str]:
    """The pictures showing at the open ends, each once, in the order of the ends."""
    names: list[str] = []
    for _, k in state.open_ends():
        name = skin.name_of(k)
        if name not in names:
            names.append(name)
    return names


def match_words(state: GameState, skin: Skin) -> str:
    """What a child looks for: "match the cat or the fish", or what starts the round."""
    if state.layout.is_empty():
        if state.lead:
            word = " " + tr("or") + " "
            return tr("put down {tiles}").format(tiles=word.join(
                skin.tile_name(t.low, t.high) for t in state.lead))
        return tr("put down any domino")
    names = _open_pictures(state, skin)
    if not names:
        return tr("no picture is open")
    word = " " + tr("or the") + " "
    return tr("match the {pictures}").format(pictures=word.join(names))


def _ends_text(state: GameState, skin: Skin) -> str:
    if state.layout.is_empty():
        return tr("The table is empty: {what}").format(what=match_words(state, skin))
    words = state.layout.end_words
    return tr("Open ends: {ends}").format(ends=", ".join(
        f"{skin.name_of(k)} ({tr(words.get(e, e))})" for e, k in state.open_ends()))


def picture_view(view: dict[str, Any], state: GameState, skin: Skin, *, children: bool,
                 me: int | None) -> dict[str, Any]:
    """The board's ``view`` (from :func:`~dominolab.widgets.game_view.board_view`) with its
    tiles named by ``skin``; ``children``: the picture-matching mode's words, no score."""
    view["skin"] = skin.name
    view["children"] = children
    for t in view["hand"]:
        name = skin.tile_name(t["a"], t["b"])
        t["name"] = t["text"] = name
        t["label"] = tr("play domino {name}").format(name=name)
    for seat in view["seats"]:
        if seat["tiles"]:
            seat["tiles"] = ", ".join(skin.tile_name(t.low, t.high)
                                      for t in state.hand(seat["player"]))
    view["log"] = [say(str(m), skin) for m in state.history]
    if view["pending"]:
        view["pending"] = say(view["pending"], skin)
        view["choices_caption"] = tr("Put {what}:").format(what=view["pending"])
    ends = dict(state.open_ends())
    for c in view["choices"]:
        c["label"] = say(c["label"], skin)
        if c["end"] in ends:
            c["label"] += tr(" — match the {picture}").format(picture=skin.name_of(ends[c["end"]]))
    view["ends_text"] = _ends_text(state, skin)
    if not children:
        return view
    view["ends_text"] = match_words(state, skin)[0].upper() + match_words(state, skin)[1:]
    if view["my_turn"]:
        view["turn_text"] = tr("Your turn: {what}").format(what=match_words(state, skin))
    # no score anywhere: the match total, the fives, the points of the round
    view["scores"] = {"rows": [], "text": ""}
    view["fives"] = None
    view["log_notes"] = []
    panel = view["panel"]
    if panel:
        panel.update(headline=say(panel["headline"], skin), lines=[], rows=[], standings="",
                     value_name="", kind="")
    return view
