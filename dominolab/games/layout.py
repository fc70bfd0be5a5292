"""Layouts: where tiles lie on the table and which numbers are open.

A layout is a small mutable object with push/pop semantics: :meth:`place`
adds one tile at a named open end, :meth:`pop` takes the last one back, so
search code walks a game tree without copying. The engine only talks to a
layout through this interface (``open_ends``, ``placements``, ``place``,
``pop``, ``end_sum``, ``key``, ``to_json``), which is what lets a four-arm
spinner layout or Mexican-train trains plug in later without touching the
core: each just names its own ends ("L"/"R" here; "N"/"E"/"S"/"W" or
"train 2" there).

The line (two-ended) layout: after the lead ``a|b`` the open numbers are
``a`` on the left and ``b`` on the right; a tile ``x|y`` fits the left end
showing ``x`` and turns the end into ``y``. A variant whose line has other ends
subclasses :class:`LineLayout` in its own module.

>>> from dominolab import Tile
>>> line = LineLayout()
>>> line.place(Tile(3, 5), None); line.place(Tile(5, 6), "R"); line.place(Tile(1, 3), "L")
>>> line.open_ends(), line.pairs()
([('L', 1), ('R', 6)], [(1, 3), (3, 5), (5, 6)])
>>> line.pop(), line.open_ends()
(Tile(1, 3), [('L', 3), ('R', 6)])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..errors import IllegalMove
from ..tiles import Tile, tile_index
from ..i18n import N_, tr

__all__ = ["Layout", "LineLayout"]


class RuleOptions(Protocol):
    """What :meth:`Layout.for_rules` reads of a :class:`~dominolab.games.rules.Rules`
    (a protocol: this module sits below the rules and does not import them)."""

    def opt(self, name: str, default: Any = None) -> Any: ...


class Layout(ABC):
    """The interface every layout implements (a line now; spinner and trains later).

    Ends are named by short strings (letters and digits, see
    :mod:`~dominolab.games.moves`); ``None`` is the end used for a lead on an
    empty table. Besides the queries and push/pop below a layout provides
    ``__len__`` (tiles on the table), ``pairs()`` (every tile on the table as
    an oriented pair; for a line, left to right), ``copy()`` and
    ``segments()`` for drawing. The engine uses nothing else, so a spinner
    (four arms, closable doubles) or Mexican-train trains are new subclasses
    and need no change in :mod:`~dominolab.games.state`.
    """

    kind = "abstract"
    #: May tiles whose halves are not two numbers (Super-train's locomotive tiles, which
    #: fit any end) be laid on it? Only a layout that says so (``Rules.locomotives``).
    takes_locomotives = False
    #: The ends in words, for boards and explanations ("left end", "the gap", …).
    end_words: dict[str | None, str] = {None: N_("lead")}

    @classmethod
    def for_rules(cls, rules: RuleOptions) -> Layout:
        """A new empty layout for a round of ``rules`` (a layout with options reads them
        from the rules' options; see :meth:`Rules.make_layout`)."""
        return cls()

    def seat(self, players: int) -> None:
        """Told the number of players when a round starts (a layout with one end per
        player, the trains, builds them here); most layouts ignore it."""

    @abstractmethod
    def __len__(self) -> int:
        """The number of tiles on the table."""

    @abstractmethod
    def is_empty(self) -> bool:
        """True before the lead."""

    def is_dead(self) -> bool:
        """True when tiles are down but no end is open at all (a cross whose every arm is
        closed); the round is then blocked whatever the boneyard holds. A line never is."""
        return False

    @abstractmethod
    def open_ends(self) -> list[tuple[str, int]]:
        """``[(end name, number showing)]`` for every end a tile may be played on."""

    @abstractmethod
    def fits(self, tile: Tile, end: str | None) -> bool:
        """May ``tile`` be played at ``end``? (``None``: a lead on an empty table.)"""

    @abstractmethod
    def placements(self, tiles: Iterable[Tile]) -> list[tuple[Tile, str]]:
        """Every ``(tile, end)`` where one of ``tiles`` fits, in tile order."""

    @abstractmethod
    def place(self, tile: Tile, end: str | None) -> None:
        """Put ``tile`` at ``end`` (``None`` = the lead); raise IllegalMove if it does not fit."""

    @abstractmethod
    def end_masks(self, suit_masks: Sequence[int]) -> list[tuple[str, int]]:
        """``[(end, mask)]``: for each open end the bitmask (over Tile.index) of the
        tiles that fit it; ``suit_masks[k]`` is the mask of the tiles showing ``k``."""

    def playable_mask(self, suit_masks: Sequence[int]) -> int:
        """Bitmask of the tiles that fit some open end."""
        m = 0
        for _, em in self.end_masks(suit_masks):
            m |= em
        return m

    @abstractmethod
    def pop(self) -> Tile:
        """Take back the tile placed last; returns it."""

    def discard_last(self) -> None:
        """Take back the tile placed last without returning it (what undo needs); a
        layout may override it with something cheaper than :meth:`pop`."""
        self.pop()

    @abstractmethod
    def end_sum(self) -> int:
        """Sum of the open ends as the multiples-of-five games count it."""

    @abstractmethod
    def key(self) -> tuple[object, ...]:
        """A compact hashable description of what matters for play (part of a position key)."""

    @abstractmethod
    def pairs(self) -> list[tuple[int, int]]:
        """Every tile on the table as an oriented pair (touching halves adjacent)."""

    def down_mask(self) -> int:
        """The bitmask (over :attr:`Tile.index`) of the tiles on the table; from
        :meth:`pairs`, unless a layout holds tiles whose halves are not two numbers
        (the trains' locomotive tiles) and says so itself."""
        m = 0
        for a, b in self.pairs():
            m |= 1 << tile_index(a, b)
        return m

    def segments(self) -> list[list[tuple[int, int]]]:
        """The tiles in the line segments they are drawn in: one segment, :meth:`pairs`,
        unless a layout lays out several (a line with a gap)."""
        return [self.pairs()]

    @abstractmethod
    def copy(self) -> Layout:
        """An independent copy."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready view for boards."""


class LineLayout(Layout):
    """A two-ended line of tiles.

    Internally the tiles are kept as the lead and two stacks growing outward,
    plus the order of ends played, so ``pop`` is O(1). A variant whose line can
    have more ends (two segments with a gap between them) subclasses it; the
    engine's inlined fast paths are only taken for this exact class.
    """

    kind = "line"
    end_words: dict[str | None, str] = {None: N_("lead"), "L": N_("left end"),
                                        "R": N_("right end")}
    #: The inner numbers of a line started as two segments (only subclasses have one).
    gap: tuple[int, int] | None = None
    #: True while the line has exactly its two ends L and R, so the engine may take its
    #: inlined fast paths; a subclass with other ends sets it False while they are open.
    plain: bool = True
    __slots__ = ("_lead", "_left", "_right", "_order", "lnum", "rnum")

    def __init__(self) -> None:
        self._lead: list[tuple[int, int]] = []   # the lead tile(s) as oriented pairs
        self._left: list[tuple[int, int]] = []   # outward from the lead, pair = (outer, inner)
        self._right: list[tuple[int, int]] = []  # outward from the lead, pair = (inner, outer)
        self._order: list[str] = []              # "S" (start), "L", "R" (and a subclass's own)
        self.lnum = -1
        self.rnum = -1

    # -- queries ----------------------------------------------------------
    def __len__(self) -> int:
        return len(self._order)

    def is_empty(self) -> bool:
        return not self._order

    def open_ends(self) -> list[tuple[str, int]]:
        if not self._order:
            return []
        return [("L", self.lnum), ("R", self.rnum)]

    def numbers(self) -> tuple[int, ...]:
        """The open numbers (left, right), for quick suit tests."""
        return (self.lnum, self.rnum) if self._order else ()

    def fits(self, tile: Tile, end: str | None) -> bool:
        """May ``tile`` be played at ``end``? (``None``: a lead on an empty table.)"""
        if end is None:
            return not self._order
        if not self._order:
            return False
        if end == "L":
            return tile.low == self.lnum or tile.high == self.lnum
        if end == "R":
            return tile.low == self.rnum or tile.high == self.rnum
        return False

    def end_masks(self, suit_masks: Sequence[int]) -> list[tuple[str, int]]:
        """The suit of each end."""
        if not self._order:
            return []
        return [("L", suit_masks[self.lnum]), ("R", suit_masks[self.rnum])]

    def playable_mask(self, suit_masks: Sequence[int]) -> int:
        if not self._order:
            return 0
        return suit_masks[self.lnum] | suit_masks[self.rnum]

    def placements(self, tiles: Iterable[Tile]) -> list[tuple[Tile, str]]:
        """Every ``(tile, end)`` where one of ``tiles`` fits, in tile order."""
        out = []
        for t in tiles:
            for end, _ in self.open_ends():
                if self.fits(t, end):
                    out.append((t, end))
        return out

    def pairs(self) -> list[tuple[int, int]]:
        """The tiles left to right as ordered pairs (touching halves adjacent)."""
        return list(reversed(self._left)) + self._lead + self._right

    def segments(self) -> list[list[tuple[int, int]]]:
        """The line as one segment (a subclass may have two)."""
        return [self.pairs()]

    def end_tiles(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The outermost tiles (left, right) as ordered pairs."""
        if not self._order:
            return None
        left = self._left[-1] if self._left else self._lead[0]
        right = self._right[-1] if self._right else self._lead[-1]
        return left, right

    def end_sum(self) -> int:
        """Sum of the open ends, a double at an end counting both halves.

        With a single tile on the table the sum is that tile's pips.

        >>> from dominolab import Tile
        >>> line = LineLayout(); line.place(Tile(1, 1), None); line.end_sum()
        2
        >>> line.place(Tile(1, 4), "R"); line.end_sum()
        6
        """
        ends = self.end_tiles()
        if ends is None:
            return 0
        if len(self._order) == 1:
            a, b = self._lead[0]
            return a + b
        (la, lb), (ra, rb) = ends
        return (la + lb if la == lb else la) + (ra + rb if ra == rb else rb)

    def key(self) -> tuple[object, ...]:
        """Compact hashable description of what matters for play: ends, doubles at ends."""
        ends = self.end_tiles()
        if ends is None:
            return ()
        (la, lb), (ra, rb) = ends
        return (self.lnum, self.rnum, la == lb, ra == rb, self.gap)

    def last(self) -> tuple[str, tuple[int, int]] | None:
        """The end played last and the tile placed there (as an ordered pair)."""
        if not self._order:
            return None
        end = self._order[-1]
        if end == "L":
            return end, self._left[-1]
        if end == "R":
            return end, self._right[-1]
        return end, self._lead[-1]

    # -- push / pop ---------------------------------------------------------
    def place(self, tile: Tile, end: str | None) -> None:
        """Put ``tile`` at ``end`` (``None`` = the lead)."""
        if end == "R":
            # the commonest placements first, checked and applied in one step
            k = self.rnum
            if tile.low == k:
                self._right.append((k, tile.high))
                self.rnum = tile.high
                self._order.append(end)
                return
            if tile.high == k:
                self._right.append((k, tile.low))
                self.rnum = tile.low
                self._order.append(end)
                return
            raise IllegalMove(tr("{tile} does not match the right end {k}").format(tile=tile,
                                                                            k=self.rnum))
        if end == "L":
            k = self.lnum
            if tile.high == k:
                self._left.append((tile.low, k))
                self.lnum = tile.low
                self._order.append(end)
                return
            if tile.low == k:
                self._left.append((tile.high, k))
                self.lnum = tile.high
                self._order.append(end)
                return
            raise IllegalMove(tr("{tile} does not match the left end {k}").format(tile=tile,
                                                                           k=self.lnum))
        if end is None:
            if not self._order:
                self._lead.append((tile.low, tile.high))
                self.lnum, self.rnum = tile.low, tile.high
                self._order.append("S")
                return
            raise IllegalMove(tr("cannot lead {tile}: the table is not empty").format(tile=tile))
        raise IllegalMove(tr("a line has ends L and R, not {end}").format(end=repr(end)))

    def pop(self) -> Tile:
        """Take back the tile placed last; returns it."""
        end = self._order.pop()
        if end == "L":
            a, b = self._left.pop()
            self.lnum = b
        elif end == "R":
            a, b = self._right.pop()
            self.rnum = a
        else:
            a, b = self._lead.pop()
            self.lnum = self.rnum = -1
        return Tile(a, b)

    def discard_last(self) -> None:
        """:meth:`pop` without building the Tile it returns (the engine's undo)."""
        end = self._order[-1]
        if end == "L":
            self._order.pop()
            self.lnum = self._left.pop()[1]
        elif end == "R":
            self._order.pop()
            self.rnum = self._right.pop()[0]
        else:
            self.pop()

    def copy(self) -> LineLayout:
        new = type(self)()
        new._lead = list(self._lead)
        new._left = list(self._left)
        new._right = list(self._right)
        new._order = list(self._order)
        new.lnum, new.rnum = self.lnum, self.rnum
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready view: kind, the tiles left to right, the open ends, the gap."""
        return {
            "kind": self.kind,
            "tiles": [list(p) for p in self.pairs()],
            "segments": [[list(p) for p in s] for s in self.segments()],
            "ends": [[e, n] for e, n in self.open_ends()],
            "gap": list(self.gap) if self.gap else None,
        }

    def __repr__(self) -> str:
        if not self._order:
            return f"{type(self).__name__}(empty)"
        body = " ".join(f"{a}:{b}" for a, b in self.pairs())
        return f"{type(self).__name__}({body})"
