"""The houses layout («Домики»): every double played open is a house that opens two more sides.

On the cross (:class:`~dominolab.games.spinner_layout.SpinnerLayout`) only the
first open double opens new directions. Here every double laid open does: the
lead (or the first tile) starts a line with ends ``W`` and ``E``; the k-th
house (counted in the order they were laid) opens the sides ``Nk`` and ``Sk``,
each a new branch starting from the house's number. So the table is a tree of
branches. A double may be laid closed (face down, ``3:3>E!``) where the rules
allow closing: it ends its branch and is no house.

The open-ends sum, as on the cross: each open branch end counts the number
showing, a double across the end counting both halves; a house's empty sides
add nothing; a closed double adds nothing; one tile alone counts its pips.

Options (read by :meth:`HousesLayout.for_rules` from the rules, as on the cross):
``spinner_opens`` (``"at_once"``: a house's sides are open as soon as it is
down; ``"after_sides"``: once the branch goes on past it, or for a double lead
once both W and E hold a tile), ``count_doubles`` and ``closing``.

The source's example (the Russian Wikipedia article «Домино», «Телефон»): 3:2
leads; 2:2 and 3:3 go on together, both houses; 2:4 on 2:2 scores 3+3+4 = 10;
3:1 on 3:3 scores 4+1 = 5, "the house (here 3:3) no longer counts", and "the
other player may put a tile on the third side" — of 3:3:

>>> from dominolab import Tile
>>> lay = HousesLayout(); lay.place(Tile(2, 3), None)
>>> lay.place(Tile(2, 2), "W"); lay.place(Tile(3, 3), "E"); lay.end_sum()
10
>>> lay.place(Tile(2, 4), "W"); lay.end_sum(), lay.place(Tile(1, 3), "E"), lay.end_sum()
(10, None, 5)
>>> lay.open_ends()
[('W', 4), ('E', 1), ('N1', 2), ('S1', 2), ('N2', 3), ('S2', 3)]
>>> lay.segments()
[[(4, 2), (2, 2), (2, 3), (3, 3), (3, 1)]]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import IllegalMove
from ..i18n import tr
from ..tiles import Tile, tile_index
from .layout import Layout, RuleOptions
from .spinner_layout import _CLOSING, _COUNT, _NO_LEAD, _OPENS, ArmTile

__all__ = ["HousesLayout"]

#: Enough house names for the largest set (double-18: 19 doubles).
_MAX_HOUSES = 19


def _words() -> dict[str | None, str]:
    words: dict[str | None, str] = {None: "lead", "W": "west end", "E": "east end"}
    for k in range(1, _MAX_HOUSES + 1):
        words[f"N{k}"] = f"north side of house {k}"
        words[f"S{k}"] = f"south side of house {k}"
    return words


class HousesLayout(Layout):
    """A tree of branches, every open double a house (see the module docstring).

    Internally: the lead as ``(low, high)``, the branches by name in the order
    they appeared (W, E, N1, S1, N2, …), each a stack ``(inner, outer, closed)``
    growing outward, the number each branch starts from, the houses as
    ``(branch, index)`` (``("C", 0)`` for the lead) and the order of
    placements for ``pop``.
    """

    kind = "houses"
    every_double_opens = True
    end_words = _words()
    __slots__ = ("opens", "count_doubles", "closing", "_lead", "_br", "_root", "_houses",
                 "_order", "_ends")

    def __init__(self, spinner_opens: str = "at_once", count_doubles: str = "all",
                 closing: str = "none"):
        for name, value, allowed in (("spinner_opens", spinner_opens, _OPENS),
                                     ("count_doubles", count_doubles, _COUNT[:3]),
                                     ("closing", closing, _CLOSING)):
            if value not in allowed:
                raise IllegalMove(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        self.opens, self.count_doubles, self.closing = spinner_opens, count_doubles, closing
        self._lead: tuple[int, int] = _NO_LEAD
        self._br: dict[str, list[ArmTile]] = {"W": [], "E": []}
        self._root: dict[str, int] = {}
        self._houses: list[tuple[str, int]] = []
        self._order: list[tuple[str | None, bool]] = []    # (end, made a house)
        self._ends: tuple[tuple[str, int], ...] | None = None

    @classmethod
    def for_rules(cls, rules: RuleOptions) -> HousesLayout:
        return cls(rules.opt("spinner_opens", "at_once"), rules.opt("count_doubles", "all"),
                   rules.opt("closing", "none"))

    # -- queries --------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._order)

    def is_empty(self) -> bool:
        return not self._order

    @property
    def spinner(self) -> tuple[str, int] | None:
        """The first house (None while there is none)."""
        return self._houses[0] if self._houses else None

    def spinner_number(self) -> int | None:
        return None if not self._houses else self._house_number(1)

    def houses(self) -> list[int]:
        """The number on each house, in the order they were laid."""
        return [self._house_number(k) for k in range(1, len(self._houses) + 1)]

    def _house_number(self, k: int) -> int:
        where, i = self._houses[k - 1]
        return self._lead[0] if where == "C" else self._br[where][i][1]

    def _covered(self, house: tuple[str, int]) -> bool:
        where, i = house
        if where == "C":
            return bool(self._br["W"]) and bool(self._br["E"])
        return len(self._br[where]) > i + 1

    def arm_names(self) -> tuple[str, ...]:
        """Every end this table has now: W, E and the sides of the houses laid."""
        return tuple(self._br)

    def _end(self, name: str) -> tuple[int, bool] | None:
        stack = self._br[name]
        if stack:
            _, outer, closed = stack[-1]
            return outer, closed
        if name == "W":
            return self._lead[0], False
        if name == "E":
            return self._lead[1], False
        house = self._houses[int(name[1:]) - 1]
        if self.opens == "at_once" or self._covered(house):
            return self._root[name], False
        return None

    def open_ends(self) -> list[tuple[str, int]]:
        ends = self._ends
        if ends is None:
            if not self._order:
                return []
            out = []
            for name in self._br:
                st = self._end(name)
                if st is not None and not st[1]:
                    out.append((name, st[0]))
            ends = self._ends = tuple(out)
        return list(ends)

    def closed_ends(self) -> list[str]:
        return [e for e, stack in self._br.items() if stack and stack[-1][2]]

    def is_dead(self) -> bool:
        return bool(self._order) and not self.open_ends()

    def may_close(self) -> bool:
        if self.closing == "none":
            return False
        return not (self.closing == "not_base" and not self._houses)

    def may_lay_lengthwise(self) -> bool:
        return False

    def fits(self, tile: Tile, end: str | None) -> bool:
        if end is None:
            return not self._order
        if not self._order:
            return False
        if end.endswith("!"):
            end = end[:-1]
            if not tile.is_double or not self.may_close():
                return False
        if end not in self._br:
            return False
        st = self._end(end)
        if st is None or st[1]:
            return False
        return tile.low == st[0] or tile.high == st[0]

    def end_masks(self, suit_masks: Sequence[int]) -> list[tuple[str, int]]:
        ends = self.open_ends()
        out = [(e, suit_masks[k]) for e, k in ends]
        if ends and self.may_close():
            out.extend((e + "!", 1 << tile_index(k, k)) for e, k in ends)
        return out

    def placements(self, tiles: Iterable[Tile]) -> list[tuple[Tile, str]]:
        return [(t, e) for t in tiles for e, _ in self.open_ends() if self.fits(t, e)]

    # -- the sum of the open ends -----------------------------------------------
    def _double_value(self, k: int) -> int:
        # every open double is a house, so "spinner" counts like "all" here
        return k if self.count_doubles == "none" else 2 * k

    def _tip(self, stack: list[ArmTile]) -> int:
        inner, outer, closed = stack[-1]
        if closed:
            return 0
        return self._double_value(outer) if inner == outer else outer

    def end_sum(self) -> int:
        if not self._order:
            return 0
        a, b = self._lead
        W, E = self._br["W"], self._br["E"]
        total = 0
        if not W and not E:
            total += self._double_value(a) if a == b else a + b
        else:
            for stack, num in ((W, a), (E, b)):
                if stack:
                    total += self._tip(stack)
                else:
                    total += self._double_value(a) if a == b else num
        for name, stack in self._br.items():
            if name not in ("W", "E") and stack:
                total += self._tip(stack)
        return total

    def key(self) -> tuple[object, ...]:
        if not self._order:
            return ()
        ends = []
        for name, stack in self._br.items():
            dbl = bool(stack) and stack[-1][0] == stack[-1][1]
            ends.append((self._end(name), dbl, bool(stack)))
        return (tuple(ends), self._lead[0] == self._lead[1])

    # -- views -------------------------------------------------------------------
    def pairs(self) -> list[tuple[int, int]]:
        """Every tile: the W–E line left to right, then each house's branches outward."""
        out: list[tuple[int, int]] = []
        for seg in self.segments():
            out.extend(seg)
        return out

    def segments(self) -> list[list[tuple[int, int]]]:
        """The W–E line, then one segment per branch of a house that holds tiles."""
        if not self._order:
            return [[]]
        line = [(o, i) for i, o, _ in reversed(self._br["W"])] + [self._lead] + \
               [(i, o) for i, o, _ in self._br["E"]]
        segs = [line]
        for name, stack in self._br.items():
            if name not in ("W", "E") and stack:
                segs.append([(i, o) for i, o, _ in stack])
        return segs

    def history(self) -> list[tuple[Tile, str | None]]:
        """The placements in the order they were made (``!`` marks a closed double)."""
        idx: dict[str, int] = {}
        out: list[tuple[Tile, str | None]] = []
        for end, _ in self._order:
            if end is None:
                out.append((Tile(*self._lead), None))
                continue
            i = idx.get(end, 0)
            idx[end] = i + 1
            inner, outer, closed = self._br[end][i]
            out.append((Tile(inner, outer), end + ("!" if closed else "")))
        return out

    def check(self) -> list[str]:
        """Consistency for the invariant checker: branches connected to their roots, closed
        doubles only at branch ends, a house for every open double, replay agrees."""
        errs: list[str] = []
        if not self._order:
            return errs
        for name, stack in self._br.items():
            want = (self._lead[0] if name == "W" else self._lead[1] if name == "E"
                    else self._root[name])
            for j, (inner, outer, closed) in enumerate(stack):
                if inner != want:
                    errs.append(f"branch {name} broken at tile {j + 1}")
                if closed and (inner != outer or j != len(stack) - 1):
                    errs.append(f"branch {name}: a closed tile that is not a double at its end")
                want = outer
        doubles = sum(1 for t, e in self.history() if t.is_double and not (e or "").endswith("!"))
        if doubles != len(self._houses):
            errs.append(f"{doubles} open doubles but {len(self._houses)} houses")
        lay = HousesLayout(self.opens, self.count_doubles, self.closing)
        for t, e in self.history():
            lay.place(t, e)
        if lay.segments() != self.segments():
            errs.append("replaying the placements gives another table")
        return errs

    # -- push / pop ---------------------------------------------------------------
    def _open_house(self, where: str, i: int, k: int) -> None:
        self._houses.append((where, i))
        n = len(self._houses)
        for side in ("N", "S"):
            self._br[f"{side}{n}"] = []
            self._root[f"{side}{n}"] = k

    def place(self, tile: Tile, end: str | None) -> None:
        self._ends = None
        if end is None:
            if self._order:
                raise IllegalMove(tr("cannot lead {tile}: the table is not empty").format(tile=tile))
            self._lead = (tile.low, tile.high)
            made = tile.is_double
            if made:
                self._open_house("C", 0, tile.low)
            self._order.append((None, made))
            return
        if not self._order:
            raise IllegalMove(tr("{tile} cannot go on the {end} end of an empty table: lead it")
                              .format(tile=tile, end=end))
        closed = end.endswith("!")
        name = end[:-1] if closed else end
        if name not in self._br:
            raise IllegalMove(tr("the table has the ends {ends}, not {end}").format(
                ends=", ".join(self._br), end=repr(end)))
        if closed and not (tile.is_double and self.may_close()):
            raise IllegalMove(tr("{tile}>{end}: only a double may be closed, where the rules "
                                 "allow closing").format(tile=tile, end=end))
        st = self._end(name)
        if st is None:
            raise IllegalMove(tr("the {arm} side is not open yet: a house opens its sides "
                                 "after both its own sides are played").format(arm=name))
        if st[1]:
            raise IllegalMove(tr("the {end} end is closed by a face-down double").format(end=name))
        k = st[0]
        if tile.low == k:
            pair = (k, tile.high)
        elif tile.high == k:
            pair = (k, tile.low)
        else:
            raise IllegalMove(tr("{tile} does not match the {end} end showing {k}").format(
                tile=tile, end=name, k=k))
        stack = self._br[name]
        stack.append((pair[0], pair[1], closed))
        made = tile.is_double and not closed
        if made:
            self._open_house(name, len(stack) - 1, k)
        self._order.append((name, made))

    def pop(self) -> Tile:
        end, made = self._order.pop()
        self._ends = None
        if made:
            n = len(self._houses)
            self._houses.pop()
            for side in ("N", "S"):
                del self._br[f"{side}{n}"]
                del self._root[f"{side}{n}"]
        if end is None:
            a, b = self._lead
            self._lead = _NO_LEAD
            return Tile(a, b)
        inner, outer, _ = self._br[end].pop()
        return Tile(inner, outer)

    def copy(self) -> HousesLayout:
        new = HousesLayout(self.opens, self.count_doubles, self.closing)
        new._lead = self._lead
        new._br = {e: list(s) for e, s in self._br.items()}
        new._root = dict(self._root)
        new._houses = list(self._houses)
        new._order = list(self._order)
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tiles": [list(p) for p in self.pairs()],
            "segments": [[list(p) for p in seg] for seg in self.segments()],
            "houses": self.houses(),
            "ends": [[e, n] for e, n in self.open_ends()],
            "closed": self.closed_ends(),
            "sum": self.end_sum(),
            "options": {"spinner_opens": self.opens, "count_doubles": self.count_doubles,
                        "closing": self.closing},
        }

    def _repr_svg_(self) -> str:
        from ..render.table import layout_svg  # noqa: PLC0415 (drawn on demand; render imports games)

        return str(layout_svg(self))

    def __repr__(self) -> str:
        if not self._order:
            return "HousesLayout(empty)"
        parts = [" ".join(f"{a}:{b}" for a, b in seg) for seg in self.segments()]
        return f"HousesLayout({' | '.join(parts)}; houses {self.houses()})"
