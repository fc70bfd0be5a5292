"""Moves: small immutable values, and their compact text notation.

A move is one of three kinds: ``play`` (one or more placements
``(tile, end)``), ``draw`` (take the next boneyard tile) and ``pass``. The
notation is ``P1 3:5>R`` (player 1 — counted from 1 — plays 3:5 on the right
end), ``P2 1:1`` (a lead), ``P3 0:0>L+6:6>R`` (two tiles in one turn),
``P4 draw`` and ``P4 pass``. The player part is optional when parsing.

>>> m = Move.parse("P1 3:5>R")
>>> m.tile, m.end, m.player, str(m)
(Tile(3, 5), 'R', 0, 'P1 3:5>R')
>>> Move.parse("draw").kind, Pass().tile
('draw', None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, TypeAlias

from .._immutable import Immutable
from ..errors import ParseError
from ..i18n import tr
from ..limits import short_repr, whole_number
from ..tiles import LOCO, LocoTile, Tile

__all__ = ["MAX_PLAYERS", "Move", "Play", "Draw", "Pass"]

# An end is a short name chosen by the layout: L/R/M for a line, N/E/S/W for a
# spinner, N1/S1.. for houses, T1.. for trains; a trailing "!" marks a double placed
# closed, a trailing "-" a double laid lengthwise.
_END_RE = re.compile(r"^[A-Za-z][A-Za-z0-9]{0,5}[!-]?$", re.ASCII)
# ASCII digits only ([0-9], not \d: that takes other scripts' digits too)
_MOVE_RE = re.compile(r"^\s*(?:[Pp](?P<p>[0-9]+)\s+)?(?P<body>\S.*?)\s*$", re.DOTALL)
#: The most players a move can name (P1..P8), and the longest move text read.
MAX_PLAYERS = 8
_MAX_MOVE_TEXT = 400

#: One placement of a play: the tile and the end it goes on (``None``: a lead).
Placement: TypeAlias = tuple[Tile, str | None]


class Move(Immutable):
    """A move value: ``kind`` in {"play", "draw", "pass"}, ``placements``, ``player``.

    ``player`` is 0-based or ``None`` (meaning "whoever is to move"); moves
    compare equal when kind and placements agree and the players agree or
    either is ``None``. ``tile`` and ``end`` are those of the first placement
    (``None`` for draw and pass).
    """

    __slots__ = ("kind", "placements", "player")
    # set once through object.__setattr__ (the class refuses assignment)
    kind: str
    placements: tuple[Placement, ...]
    player: int | None

    def __init__(self, kind: str,
                 placements: Iterable[tuple[Tile | str, str | None]] = (),
                 player: int | None = None):
        if kind not in ("play", "draw", "pass"):
            raise ParseError(tr("a move kind is play, draw or pass, not {kind}").format(
                kind=short_repr(kind)))
        if player is not None:
            player = whole_number(player, "a move's player (0-based)", high=MAX_PLAYERS - 1,
                                  error=ParseError)
        try:
            items = list(placements)
        except TypeError:
            raise ParseError(tr("a move's placements are (tile, end) pairs, not {what}").format(
                what=short_repr(placements))) from None
        pl = []
        for item in items:
            if not isinstance(item, (tuple, list)) or len(item) != 2:
                raise ParseError(tr("a placement is a (tile, end) pair, not {what}").format(
                    what=short_repr(item)))
            t, e = item
            if e is not None and (not isinstance(e, str) or not _END_RE.match(e)):
                raise ParseError(tr("an end is a short name such as L, R, N, T1 or None, "
                                    "not {what}").format(what=short_repr(e)))
            pl.append((t if isinstance(t, Tile) else Tile.parse(t), e))
        if kind == "play" and not pl:
            raise ParseError(tr("a play needs at least one tile"))
        if kind != "play" and pl:
            raise ParseError(tr("a {kind} places no tile").format(kind=kind))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "placements", tuple(pl))
        object.__setattr__(self, "player", player)

    # pickled by its parts (Immutable refuses the default rebuild's assignments)
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Move._make, (self.kind, self.placements, self.player))

    @classmethod
    def _make(cls, kind: str, placements: tuple[Placement, ...], player: int | None) -> Move:
        """Fast constructor for the engine (placements already Tile/end pairs)."""
        m = object.__new__(cls)
        object.__setattr__(m, "kind", kind)
        object.__setattr__(m, "placements", placements)
        object.__setattr__(m, "player", player)
        return m

    @property
    def tile(self) -> Tile | None:
        return self.placements[0][0] if self.placements else None

    @property
    def end(self) -> str | None:
        return self.placements[0][1] if self.placements else None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for t, _ in self.placements)

    def by(self, player: int | None) -> Move:
        """The same move attributed to ``player``."""
        if self.player == player:
            return self           # moves are immutable: no need for a new one
        return Move._make(self.kind, self.placements, player)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return (self.kind == other.kind and self.placements == other.placements
                and (self.player is None or other.player is None or self.player == other.player))

    def __hash__(self) -> int:  # player excluded so that equal moves hash alike
        return hash((self.kind, self.placements))

    def body(self) -> str:
        """The notation without the player: ``3:5>R``, ``1:1``, ``draw``, ``pass``."""
        if self.kind != "play":
            return self.kind
        return "+".join(f"{t}>{e}" if e is not None else str(t) for t, e in self.placements)

    def __str__(self) -> str:
        return self.body() if self.player is None else f"P{self.player + 1} {self.body()}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player,
                "tiles": [[*_faces(t), e] for t, e in self.placements],
                "text": str(self)}

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``P1 3:5>R``, ``3:5>R``, ``1:1``, ``P2 draw``, ``pass``, ``0:0>L+6:6>R``.

        >>> Move.parse("P2 3:5>?")
        Traceback (most recent call last):
        ...
        dominolab.errors.ParseError: cannot read a move from 'P2 3:5>?': end '?' at position 7 is not an end name (L, R, M, N, E, S, W, T1, …)
        """
        if not isinstance(text, str):
            raise ParseError(tr("a move is written as text like 'P1 3:5>R', got {what}").format(
                what=short_repr(text)))
        if len(text) > _MAX_MOVE_TEXT:
            raise ParseError(tr("cannot read a move from {text}: a move is at most {n} "
                                "characters").format(text=short_repr(text), n=_MAX_MOVE_TEXT),
                             text, 0)
        m = _MOVE_RE.match(text)
        if not m:
            raise ParseError(tr("cannot read a move from {text}: it is empty").format(
                text=repr(text)), text, 0)
        player = None
        if m.group("p"):
            digits = m.group("p")
            if len(digits.lstrip("0")) > 2 or not 1 <= int(digits) <= MAX_PLAYERS:
                raise ParseError(tr("cannot read a move from {text}: players are numbered from "
                                    "P1 to P{n}").format(text=short_repr(text), n=MAX_PLAYERS),
                                 text, m.start("p"))
            player = int(digits) - 1
        body, start = m.group("body"), m.start("body")
        low = body.lower()
        if low in ("draw", "pass"):
            return cls(low, (), player)
        placements = []
        pos = start
        for part in body.split("+"):
            tile_text, arrow, end = part.partition(">")
            try:
                tile = Tile.parse(tile_text)
            except ParseError as e:
                raise ParseError(tr("cannot read a move from {text}: tile {tile} at position "
                                    "{pos}: {why}").format(text=repr(text),
                                                           tile=repr(tile_text.strip()), pos=pos,
                                                           why=str(e).split(": ", 1)[-1]),
                                 text, pos) from None
            end = end.strip() or None
            if arrow and end is None:
                where = pos + part.index(">") + 1
                raise ParseError(tr("cannot read a move from {text}: '>' at position {pos} "
                                    "needs an end after it (L, R, N, E, S, W, T1, …); a lead "
                                    "is written without '>'").format(text=repr(text),
                                                                     pos=where - 1),
                                 text, where)
            if end is not None and not _END_RE.match(end):
                where = pos + part.index(">") + 1
                raise ParseError(tr("cannot read a move from {text}: end {end} at position "
                                    "{pos} is not an end name (L, R, M, N, E, S, W, T1, …)")
                                 .format(text=repr(text), end=repr(end), pos=where),
                                 text, where)
            placements.append((tile, end.upper() if end else None))
            pos += len(part) + 1
        return cls("play", placements, player)


def _faces(t: Tile) -> tuple[int | str, int | str]:
    """A tile's two halves for JSON: two numbers, or a locomotive tile's two faces."""
    if isinstance(t, LocoTile):
        return (LOCO, t.face)
    return (t.low, t.high)


def Play(tile: Tile | str, end: str | None = None, player: int | None = None) -> Move:
    """A one-tile play: ``Play(Tile(3, 5), "R")`` or ``Play("3:5", "R")``."""
    if isinstance(tile, str):
        tile = Tile.parse(tile)
    return Move("play", ((tile, end),), player)


def Draw(player: int | None = None) -> Move:
    """Take the next tile from the boneyard."""
    return Move("draw", (), player)


def Pass(player: int | None = None) -> Move:
    """Pass (knock): allowed only when nothing can be played or drawn."""
    return Move("pass", (), player)
