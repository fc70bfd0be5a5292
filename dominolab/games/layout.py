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
showing ``x`` and turns the end into ``y``. The line may also start as two
separate segments (Morskoy kozel's extraordinary lead 0:0 … 6:6), whose gap
``"M"`` only the tile joining both inner numbers can fill.

>>> from dominolab import Tile
>>> line = LineLayout()
>>> line.place(Tile(3, 5), None); line.place(Tile(5, 6), "R"); line.place(Tile(1, 3), "L")
>>> line.open_ends(), line.pairs()
([('L', 1), ('R', 6)], [(1, 3), (3, 5), (5, 6)])
>>> line.pop(), line.open_ends()
(Tile(1, 3), [('L', 3), ('R', 6)])
"""

from __future__ import annotations

from ..errors import IllegalMove
from ..tiles import Tile

__all__ = ["Layout", "LineLayout"]


class Layout:
    """The interface every layout implements (a line now; spinner and trains later).

    Ends are named by short strings (letters and digits, see
    :mod:`~dominolab.games.moves`); ``None`` is the end used for a lead on an
    empty table. Besides the methods below a layout provides ``__len__``
    (tiles on the table), ``pairs()`` (every tile on the table as an
    oriented pair; for a line, left to right), ``copy()`` and optionally
    ``segments()`` for drawing. The engine uses nothing else, so a spinner
    (four arms, closable doubles) or Mexican-train trains are new subclasses
    and need no change in :mod:`~dominolab.games.state`.
    """

    kind = "abstract"

    def is_empty(self) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def is_dead(self) -> bool:
        """True when tiles are down but no end is open at all (a cross whose every arm is
        closed); the round is then blocked whatever the boneyard holds. A line never is."""
        return False

    def open_ends(self) -> list[tuple[str, int]]:  # pragma: no cover - interface
        """``[(end name, number showing)]`` for every end a tile may be played on."""
        raise NotImplementedError

    def fits(self, tile: Tile, end: str | None) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def place(self, tile: Tile, end: str | None) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def end_masks(self, suit_masks) -> list[tuple[str, int]]:  # pragma: no cover - interface
        """``[(end, mask)]``: for each open end the bitmask (over Tile.index) of the
        tiles that fit it; ``suit_masks[k]`` is the mask of the tiles showing ``k``."""
        raise NotImplementedError

    def playable_mask(self, suit_masks) -> int:
        """Bitmask of the tiles that fit some open end."""
        m = 0
        for _, em in self.end_masks(suit_masks):
            m |= em
        return m

    def pop(self) -> Tile:  # pragma: no cover - interface
        raise NotImplementedError

    def discard_last(self) -> None:
        """Take back the tile placed last without returning it (what undo needs); a
        layout may override it with something cheaper than :meth:`pop`."""
        self.pop()

    def end_sum(self) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def key(self):  # pragma: no cover - interface
        raise NotImplementedError

    def to_json(self) -> dict:  # pragma: no cover - interface
        raise NotImplementedError


class LineLayout(Layout):
    """A two-ended line of tiles (optionally two segments with a gap "M").

    Internally the tiles are kept as the lead segment(s) and two stacks
    growing outward, plus the order of ends played, so ``pop`` is O(1).
    """

    kind = "line"
    __slots__ = ("_lead", "_left", "_right", "_order", "lnum", "rnum", "gap")

    def __init__(self):
        self._lead: list[tuple[int, int]] = []   # the lead tile(s) as oriented pairs
        self._left: list[tuple[int, int]] = []   # outward from the lead, pair = (outer, inner)
        self._right: list[tuple[int, int]] = []  # outward from the lead, pair = (inner, outer)
        self._order: list[str] = []              # "S" (start), "L", "R", "M"
        self.lnum = -1
        self.rnum = -1
        self.gap: tuple[int, int] | None = None  # inner numbers of a two-segment start

    # -- queries ----------------------------------------------------------
    def __len__(self) -> int:
        return len(self._order)

    def is_empty(self) -> bool:
        return not self._order

    def open_ends(self) -> list[tuple[str, int]]:
        if not self._order:
            return []
        ends = [("L", self.lnum), ("R", self.rnum)]
        if self.gap is not None:
            ends.append(("M", self.gap[0]))
        return ends

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
        if end == "M":
            return self.gap is not None and tile == Tile(*self.gap)
        return False

    def end_masks(self, suit_masks) -> list[tuple[str, int]]:
        """The suit of each end, plus the gap's one tile."""
        if not self._order:
            return []
        out = [("L", suit_masks[self.lnum]), ("R", suit_masks[self.rnum])]
        if self.gap is not None:
            out.append(("M", 1 << Tile(*self.gap).index))
        return out

    def playable_mask(self, suit_masks) -> int:
        if not self._order:
            return 0
        m = suit_masks[self.lnum] | suit_masks[self.rnum]
        if self.gap is not None:
            m |= 1 << Tile(*self.gap).index
        return m

    def placements(self, tiles) -> list[tuple[Tile, str]]:
        """Every ``(tile, end)`` where one of ``tiles`` fits, in tile order."""
        out = []
        for t in tiles:
            for end, _ in self.open_ends():
                if self.fits(t, end):
                    out.append((t, end))
        return out

    def pairs(self) -> list[tuple[int, int]]:
        """The tiles left to right as ordered pairs (touching halves adjacent).

        With a gap, the two segments are joined in this list; see :attr:`gap`.
        """
        return list(reversed(self._left)) + self._lead + self._right

    def segments(self) -> list[list[tuple[int, int]]]:
        """The line as one segment, or two when the gap is still open."""
        if self.gap is None:
            return [self.pairs()]
        return [list(reversed(self._left)) + self._lead[:1], self._lead[1:] + self._right]

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
        if not self._order:
            return 0
        if len(self._order) == 1:
            a, b = self._lead[0]
            return a + b
        (la, lb), (ra, rb) = self.end_tiles()
        return (la + lb if la == lb else la) + (ra + rb if ra == rb else rb)

    def key(self):
        """Compact hashable description of what matters for play: ends, doubles at ends, gap."""
        if not self._order:
            return ()
        (la, lb), (ra, rb) = self.end_tiles()
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
        """Put ``tile`` at ``end`` (``None`` = lead; a second ``None`` opens a gap)."""
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
        elif end == "L":
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
        if end is None:
            if not self._order:
                self._lead.append((tile.low, tile.high))
                self.lnum, self.rnum = tile.low, tile.high
                self._order.append("S")
                return
            if len(self._order) == 1 and self.gap is None:
                # second lead tile: a separate segment to the right, gap between
                self.gap = (self.rnum, tile.low)
                self._lead.append((tile.low, tile.high))
                self.rnum = tile.high
                self._order.append("S")
                return
            raise IllegalMove(f"cannot lead {tile}: the table is not empty")
        if end == "L":
            if tile.high == self.lnum:
                pair = (tile.low, tile.high)
            elif tile.low == self.lnum:
                pair = (tile.high, tile.low)
            else:
                raise IllegalMove(f"{tile} does not match the left end {self.lnum}")
            self._left.append(pair)
            self.lnum = pair[0]
        elif end == "R":
            if tile.low == self.rnum:
                pair = (tile.low, tile.high)
            elif tile.high == self.rnum:
                pair = (tile.high, tile.low)
            else:
                raise IllegalMove(f"{tile} does not match the right end {self.rnum}")
            self._right.append(pair)
            self.rnum = pair[1]
        elif end == "M":
            if self.gap is None or tile != Tile(*self.gap):
                raise IllegalMove(f"{tile} does not fill the gap {self.gap}")
            a, b = self.gap
            self._lead.insert(1, (a, b))
            self.gap = None
        else:
            raise IllegalMove(f"a line has ends L and R (and M for a gap), not {end!r}")
        self._order.append(end)

    def pop(self) -> Tile:
        """Take back the tile placed last; returns it."""
        end = self._order.pop()
        if end == "L":
            a, b = self._left.pop()
            self.lnum = b
        elif end == "R":
            a, b = self._right.pop()
            self.rnum = a
        elif end == "M":
            a, b = self._lead.pop(1)
            self.gap = (a, b)
        else:
            a, b = self._lead.pop()
            if self._lead:  # undoing the second lead tile
                self.rnum = self._lead[0][1]
                self.gap = None
            else:
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
        new = LineLayout()
        new._lead = list(self._lead)
        new._left = list(self._left)
        new._right = list(self._right)
        new._order = list(self._order)
        new.lnum, new.rnum, new.gap = self.lnum, self.rnum, self.gap
        return new

    def to_json(self) -> dict:
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
            return "LineLayout(empty)"
        body = " ".join(f"{a}:{b}" for a, b in self.pairs())
        return f"LineLayout({body})"
