"""The spinner (cross, «дом», house, base) layout: four directions around the first open double.

The first double laid open on the table is the *spinner*: besides the two
line ends it opens two more directions, so the table becomes a cross with
arms named ``W``, ``E``, ``N`` and ``S``. Before any double is down the
table is an ordinary line whose ends are ``W`` and ``E``; when a double
lands on one of them it becomes the spinner and the names stay put (the
lead and everything beyond it become one arm of the cross). A double may be
laid *closed* (face down: the end name carries a ``!``, ``3:3>E!``); a
closed double ends its arm and is never the spinner.

The open-ends sum: each open arm contributes the number at its end, a double
lying across an end counting both halves; the spinner counts (both halves)
only while it is itself an end of the line, i.e. while its W or E side is
still free (an empty N or S side adds nothing); a closed double adds
nothing. With one tile on the table the sum is its pips.

Layout options (variants set them through rule options of the same names, read by
:meth:`SpinnerLayout.for_rules`):

- ``spinner_opens``: ``"at_once"`` (N and S are open as soon as the spinner
  is down) or ``"after_sides"`` (only once both its W and E sides hold a
  tile — the usual English All-fives rule);
- ``count_doubles``: ``"all"`` (every double at an end counts both halves),
  ``"spinner"`` (only the spinner does; other doubles count one half),
  ``"none"`` (every double counts one half) or ``"choice"`` (the player lays
  each double but the spinner across, counting both halves, or lengthwise —
  the end name carries a ``-``, ``5:5>E-`` — counting one half: Muggins,
  «Дубли, кроме первого, игрок укладывает вдоль и поперек так, как ему
  выгодно»);
- ``closing``: ``"none"``, ``"any"`` (any double laid on an end may be
  closed) or ``"not_base"`` (likewise, but the double that becomes the base
  must be open, so no double may be closed while there is no base).

>>> from dominolab import Tile
>>> lay = SpinnerLayout(closing="any")
>>> lay.place(Tile(3, 5), None); lay.place(Tile(5, 5), "E")
>>> lay.open_ends(), lay.end_sum()          # 5:5 is the spinner, at the E end: 3 + 10
([('W', 3), ('E', 5), ('N', 5), ('S', 5)], 13)
>>> lay.place(Tile(3, 3), "W!"); lay.place(Tile(2, 5), "N")
>>> lay.open_ends(), lay.end_sum()          # W closed; 5:5 still an end: 10 + 2
([('E', 5), ('N', 2), ('S', 5)], 12)
>>> lay.pop(), lay.pop(), len(lay)
(Tile(2, 5), Tile(3, 3), 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, TypeAlias, TypedDict

from ..errors import IllegalMove
from ..i18n import tr
from ..tiles import Tile, tile_index
from .layout import Layout, RuleOptions

__all__ = ["SpinnerLayout", "END_ORDER"]

ArmName: TypeAlias = Literal["W", "E", "N", "S"]
#: A tile on an arm: ``(inner, outer, closed)``, inner the half towards the centre.
ArmTile: TypeAlias = tuple[int, int, bool]
END_ORDER: tuple[ArmName, ...] = ("W", "E", "N", "S")
#: ``_lead`` while the table is empty.
_NO_LEAD = (-1, -1)
_OPENS = ("at_once", "after_sides")
_COUNT = ("all", "spinner", "none", "choice")
_CLOSING = ("none", "any", "not_base")


def double_value(k: int, spinner: bool, count_doubles: str) -> int:
    """What double ``k:k`` across an end adds to the open ends' sum under ``count_doubles``
    (``spinner``: it is the spinner)."""
    if count_doubles in ("all", "choice") or (count_doubles == "spinner" and spinner):
        return 2 * k
    return k


def parts_sum(parts: Iterable[tuple[int, str]], count_doubles: str) -> int:
    """The open ends' sum of a table given as ``(number, part)`` for each arm, the parts of
    :meth:`SpinnerLayout.end_parts` (what :meth:`SpinnerLayout.end_sum` says of that table).

    >>> parts_sum([(4, "spinner"), (6, "plain"), (4, "empty"), (4, "empty")], "all")
    14
    """
    total = 0
    spinner = None
    for v, part in parts:
        if part in ("plain", "long"):
            total += v
        elif part == "double":
            total += double_value(v, False, count_doubles)
        elif part == "spinner":
            spinner = v             # once, however many free line sides show it
    if spinner is not None:
        total += double_value(spinner, True, count_doubles)
    return total


class Arms(TypedDict):
    """:meth:`SpinnerLayout.arms`: the cross seen from its centre."""

    N: list[ArmTile]
    S: list[ArmTile]
    center: tuple[int, int] | None
    spinner: bool
    W: list[ArmTile]
    E: list[ArmTile]


class SpinnerLayout(Layout):
    """A cross around the first open double (see the module docstring).

    Internally: the lead tile as ``(low, high)`` (W shows low, E shows high),
    the W and E stacks growing outward from the lead, the N and S stacks
    growing outward from the spinner, each entry ``(inner, outer, closed)``,
    the spinner's place (``("C", 0)`` for the lead, ``("W", i)`` / ``("E", i)``
    for the i-th tile of a stack) and the order of placements for ``pop``.
    """

    kind = "spinner"
    #: Does every double played open open new sides (the houses layout), or only the first?
    every_double_opens = False
    __slots__ = ("opens", "count_doubles", "closing", "_lead", "_arm", "_order", "spinner",
                 "_ends", "_long")

    def __init__(self, spinner_opens: str = "at_once", count_doubles: str = "all",
                 closing: str = "none"):
        for name, value, allowed in (("spinner_opens", spinner_opens, _OPENS),
                                     ("count_doubles", count_doubles, _COUNT),
                                     ("closing", closing, _CLOSING)):
            if value not in allowed:
                raise IllegalMove(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        self.opens, self.count_doubles, self.closing = spinner_opens, count_doubles, closing
        self._lead: tuple[int, int] = _NO_LEAD     # (low, high) of the lead; _NO_LEAD before it
        self._arm: dict[str, list[ArmTile]] = {e: [] for e in END_ORDER}
        self._order: list[tuple[str | None, bool]] = []   # (end, made the spinner)
        self.spinner: tuple[str, int] | None = None
        self._long: set[tuple[str, int]] = set()   # doubles laid lengthwise: (arm, index)
        # open_ends() is asked several times per turn (moves, the block test, hooks):
        # kept until the next place/pop
        self._ends: tuple[tuple[str, int], ...] | None = None

    @classmethod
    def for_rules(cls, rules: RuleOptions) -> SpinnerLayout:
        """A new empty cross for a round of ``rules``: reads the rule options
        ``spinner_opens``, ``count_doubles`` and ``closing``."""
        return cls(rules.opt("spinner_opens", "at_once"), rules.opt("count_doubles", "all"),
                   rules.opt("closing", "none"))

    # -- queries --------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._order)

    def is_empty(self) -> bool:
        return not self._order

    def spinner_number(self) -> int | None:
        """The number on the spinner (None while there is none)."""
        if self.spinner is None:
            return None
        return self._number_of(self.spinner)

    def _number_of(self, spinner: tuple[str, int]) -> int:
        where, i = spinner
        return self._lead[0] if where == "C" else self._arm[where][i][1]

    def _sides_covered(self, spinner: tuple[str, int]) -> bool:
        where, i = spinner
        if where == "C":
            return bool(self._arm["W"]) and bool(self._arm["E"])
        return len(self._arm[where]) > i + 1

    def cross_open(self) -> bool:
        """Are the N and S arms open (a spinner is down and the opening rule allows them)?"""
        if self.spinner is None:
            return False
        return self.opens == "at_once" or self._sides_covered(self.spinner)

    def _end(self, e: str) -> tuple[int, bool] | None:
        """(number showing, closed) at arm ``e``; None when that arm does not exist."""
        stack = self._arm[e]
        if stack:
            _, outer, closed = stack[-1]
            return outer, closed
        if e == "W":
            return self._lead[0], False
        if e == "E":
            return self._lead[1], False
        sp = self.spinner
        if sp is None or not (self.opens == "at_once" or self._sides_covered(sp)):
            return None          # (what cross_open() says)
        return self._number_of(sp), False

    def open_ends(self) -> list[tuple[str, int]]:
        ends = self._ends
        if ends is None:
            if not self._order:
                return []
            out: list[tuple[str, int]] = []
            for e in END_ORDER:
                st = self._end(e)
                if st is not None and not st[1]:
                    out.append((e, st[0]))
            ends = self._ends = tuple(out)
        return list(ends)

    def closed_ends(self) -> list[str]:
        """Arms ended by a closed (face-down) double."""
        return [e for e in END_ORDER if self._arm[e] and self._arm[e][-1][2]]

    def is_dead(self) -> bool:
        """Tiles on the table but no open end at all (every arm closed): nothing can be played."""
        if not self._order:
            return False
        if self._ends is None:
            self.open_ends()
        return not self._ends

    def arm_names(self) -> tuple[str, ...]:
        """The names every end of this table has or may get: W, E, N, S."""
        return END_ORDER

    def may_lay_lengthwise(self) -> bool:
        """May a double be laid lengthwise now (``count_doubles="choice"``, once the spinner,
        which always lies across, is down)?"""
        return self.count_doubles == "choice" and self.spinner is not None

    def may_close(self) -> bool:
        """May a double be laid closed now (the closing option, and the base rule)?"""
        if self.closing == "none":
            return False
        return not (self.closing == "not_base" and self.spinner is None)

    def fits(self, tile: Tile, end: str | None) -> bool:
        """May ``tile`` be played at ``end`` (``"E"``, ``"E!"`` closed, ``None`` a lead)?"""
        if end is None:
            return not self._order
        if not self._order:
            return False
        closed = end.endswith("!")
        if closed:
            end = end[:-1]
            if not tile.is_double or not self.may_close():
                return False
        elif end.endswith("-"):
            end = end[:-1]
            if not tile.is_double or not self.may_lay_lengthwise():
                return False
        if end not in self._arm:
            return False
        st = self._end(end)
        if st is None or st[1]:
            return False
        return tile.low == st[0] or tile.high == st[0]

    def end_masks(self, suit_masks: Sequence[int]) -> list[tuple[str, int]]:
        """Each open arm's suit, and (where closing is allowed) ``E!``-style ends for its double."""
        ends = self._ends
        if ends is None:
            self.open_ends()
            ends = self._ends or ()
        out = [(e, suit_masks[k]) for e, k in ends]
        if ends and self.may_close():
            out.extend((e + "!", 1 << tile_index(k, k)) for e, k in ends)
        if ends and self.may_lay_lengthwise():
            out.extend((e + "-", 1 << tile_index(k, k)) for e, k in ends)
        return out

    def playable_mask(self, suit_masks: Sequence[int]) -> int:
        ends = self._ends
        if ends is None:
            self.open_ends()
            ends = self._ends or ()
        m = 0
        for _, k in ends:
            m |= suit_masks[k]
        return m

    def placements(self, tiles: Iterable[Tile]) -> list[tuple[Tile, str]]:
        """Every ``(tile, end)`` where one of ``tiles`` fits (open ends only), in tile order."""
        return [(t, e) for t in tiles for e, _ in self.open_ends() if self.fits(t, e)]

    # -- the sum of the open ends ------------------------------------------------
    def _double_value(self, k: int, spinner: bool) -> int:
        return double_value(k, spinner, self.count_doubles)

    def _arm_value(self, e: str) -> int:
        stack = self._arm[e]
        inner, outer, closed = stack[-1]
        if closed:
            return 0
        if inner == outer and (e, len(stack) - 1) not in self._long:
            is_sp = self.spinner == (e, len(stack) - 1)
            return self._double_value(outer, is_sp)
        return outer

    def end_sum(self) -> int:
        """Sum of the open ends (doubles across an end count both halves; see the module doc).

        >>> from dominolab import Tile
        >>> lay = SpinnerLayout(); lay.place(Tile(4, 4), None); lay.end_sum()
        8
        >>> lay.place(Tile(4, 6), "E"); lay.place(Tile(4, 1), "W"); lay.end_sum()   # 4:4 covered
        7
        >>> lay.place(Tile(4, 3), "N"); lay.end_sum()
        10
        """
        if not self._order:
            return 0
        a, b = self._lead
        W, E = self._arm["W"], self._arm["E"]
        total = 0
        if not W and not E:
            total += self._double_value(a, True) if a == b else a + b
        else:
            for e, stack, num in (("W", W, a), ("E", E, b)):
                if stack:
                    total += self._arm_value(e)
                else:
                    total += self._double_value(a, True) if a == b else num
        for e in ("N", "S"):
            if self._arm[e]:
                total += self._arm_value(e)
        return total

    def end_parts(self) -> list[tuple[str, int, str]]:
        """``(arm, number showing, part)`` for every arm of a non-empty table (W and E, and N
        and S once the cross is open): what the arm adds to :meth:`end_sum`. ``part`` is
        ``"plain"`` (its number), ``"double"`` (a double across its end, counted as the
        double rule says), ``"spinner"`` (the spinner itself, a free side of the line: the
        spinner counts once however many of its line sides are free), ``"empty"`` (a free N
        or S side: nothing), ``"long"`` (a double laid lengthwise: one half) or
        ``"closed"`` (nothing).

        >>> from dominolab import Tile
        >>> lay = SpinnerLayout(); lay.place(Tile(4, 4), None); lay.place(Tile(4, 6), "E")
        >>> lay.end_parts(), lay.end_sum()
        ([('W', 4, 'spinner'), ('E', 6, 'plain'), ('N', 4, 'empty'), ('S', 4, 'empty')], 14)
        """
        out: list[tuple[str, int, str]] = []
        sp = self.spinner
        for e in END_ORDER:
            stack = self._arm[e]
            if stack:
                inner, outer, closed = stack[-1]
                at = (e, len(stack) - 1)
                part = ("closed" if closed else "plain" if inner != outer else
                        "long" if at in self._long else "spinner" if sp == at else "double")
                out.append((e, outer, part))
            elif e in ("W", "E"):
                num = self._lead[0] if e == "W" else self._lead[1]
                out.append((e, num, "spinner" if sp == ("C", 0) else "plain"))
            elif self.cross_open():
                assert sp is not None       # the cross is open
                out.append((e, self._number_of(sp), "empty"))
        return out

    def key(self) -> tuple[object, ...]:
        """What matters for play and scoring: each arm's end, closure, double-ness, spinner."""
        if not self._order:
            return ()
        ends: list[tuple[int, bool, bool, bool] | None] = []
        for e in END_ORDER:
            st = self._end(e)
            stack = self._arm[e]
            dbl = (bool(stack) and stack[-1][0] == stack[-1][1]
                   and (e, len(stack) - 1) not in self._long)
            ends.append(None if st is None else (st[0], st[1], dbl, bool(stack)))
        lead_dbl = self._lead[0] == self._lead[1]
        sp = self.spinner
        return (tuple(ends), self.spinner_number(), lead_dbl,
                sp is not None and self._sides_covered(sp))

    # -- views -------------------------------------------------------------------
    def pairs(self) -> list[tuple[int, int]]:
        """Every tile on the table as an ordered pair: the W-E line left to right, then N, then S
        (each outward from the spinner)."""
        if not self._order:
            return []
        line = [(o, i) for i, o, _ in reversed(self._arm["W"])] + [self._lead] + \
               [(i, o) for i, o, _ in self._arm["E"]]
        return line + [(i, o) for i, o, _ in self._arm["N"]] + \
            [(i, o) for i, o, _ in self._arm["S"]]

    def arms(self) -> Arms:
        """The cross seen from its centre: ``{"center": (a, b), "spinner": bool, "W": [...], …}``.

        The centre is the spinner (or the lead while there is none); each arm
        lists ``(inner, outer, closed)`` outward from the centre.

        >>> from dominolab import Tile
        >>> lay = SpinnerLayout(); lay.place(Tile(2, 3), None); lay.place(Tile(3, 3), "E")
        >>> lay.place(Tile(1, 2), "W"); lay.arms()["W"], lay.arms()["center"]
        ([(3, 2, False), (2, 1, False)], (3, 3))
        """
        if not self._order:
            return {"center": None, "spinner": False, "W": [], "E": [], "N": [], "S": []}
        W, E = self._arm["W"], self._arm["E"]
        N, S = list(self._arm["N"]), list(self._arm["S"])
        if self.spinner is None or self.spinner[0] == "C":
            return {"N": N, "S": S, "center": self._lead, "spinner": self.spinner is not None,
                    "W": list(W), "E": list(E)}
        where, i = self.spinner
        a, b = self._lead
        back: list[ArmTile]
        if where == "E":
            back = [(o, inner, False) for inner, o, _ in reversed(E[:i])]
            back += [(b, a, False)] + list(W)
            return {"N": N, "S": S, "center": (E[i][1], E[i][1]), "spinner": True,
                    "W": back, "E": list(E[i + 1:])}
        back = [(o, inner, False) for inner, o, _ in reversed(W[:i])]
        back += [(a, b, False)] + list(E)
        return {"N": N, "S": S, "center": (W[i][1], W[i][1]), "spinner": True,
                "E": back, "W": list(W[i + 1:])}

    def check(self) -> list[str]:
        """Internal consistency (for the invariant checker): arms connected, closed doubles
        only at arm ends, the spinner the first open double."""
        errs: list[str] = []
        if not self._order:
            return errs
        arms = self.arms()
        cx = arms["center"]
        assert cx is not None      # tiles are down
        for e in END_ORDER:
            prev = None
            stack = arms[e]
            for j, (inner, outer, closed) in enumerate(stack):
                if j == 0:
                    want = cx[0] if (e == "W" and not arms["spinner"]) else cx[1]
                    if e in ("N", "S") and not arms["spinner"]:
                        errs.append(f"{e} arm without a spinner")
                    if inner != want:
                        errs.append(f"{e} arm does not touch the centre ({inner} vs {want})")
                elif inner != prev:
                    errs.append(f"{e} arm broken at tile {j + 1}")
                if closed and (inner != outer or j != len(stack) - 1):
                    errs.append(f"{e} arm: a closed tile that is not a double at the arm end")
                prev = outer
        first_open = None
        # replay the order to find the first open double
        lay = SpinnerLayout(self.opens, self.count_doubles, self.closing)
        for t, end in self.history():
            if first_open is None and t.is_double and not (end or "").endswith("!"):
                first_open = t
            lay.place(t, end)
        if first_open is not None and self.spinner_number() != first_open.low:
            errs.append(f"the spinner should be {first_open}")
        if (first_open is None) != (self.spinner is None):
            errs.append("spinner present/absent wrongly")
        if lay.pairs() != self.pairs():
            errs.append("replaying the placements gives another table")
        return errs

    def history(self) -> list[tuple[Tile, str | None]]:
        """The placements in the order they were made (end names with ``!`` for closed)."""
        idx: dict[str, int] = {e: 0 for e in END_ORDER}
        out: list[tuple[Tile, str | None]] = []
        for end, _ in self._order:
            if end is None:
                out.append((Tile(*self._lead), None))
                continue
            inner, outer, closed = self._arm[end][idx[end]]
            mark = "!" if closed else "-" if (end, idx[end]) in self._long else ""
            idx[end] += 1
            out.append((Tile(inner, outer), end + mark))
        return out

    # -- push / pop ---------------------------------------------------------------
    def place(self, tile: Tile, end: str | None) -> None:
        """Put ``tile`` at ``end`` (``None`` = the lead; ``"E!"`` = a closed double at E)."""
        self._ends = None
        if end is None:
            if self._order:
                raise IllegalMove(tr("cannot lead {tile}: the table is not empty").format(tile=tile))
            self._lead = (tile.low, tile.high)
            made = tile.is_double
            if made:
                self.spinner = ("C", 0)
            self._order.append((None, made))
            return
        if not self._order:
            raise IllegalMove(tr("{tile} cannot go on the {end} arm of an empty table: lead it")
                              .format(tile=tile, end=end))
        closed = end.endswith("!")
        lengthwise = end.endswith("-")
        name = end[:-1] if closed or lengthwise else end
        if name not in self._arm:
            raise IllegalMove(tr("a cross has arms W, E, N and S, not {end}").format(end=repr(end)))
        if lengthwise and not (tile.is_double and self.may_lay_lengthwise()):
            raise IllegalMove(tr("{tile}>{end}: only a double other than the spinner may be "
                                 "laid lengthwise, and only where doubles are laid either way")
                              .format(tile=tile, end=end))
        if closed:
            if not tile.is_double:
                raise IllegalMove(tr("only a double can be closed; {tile} is not a double").format(
                    tile=tile))
            if self.closing == "none":
                raise IllegalMove(tr("doubles may not be closed here ({tile}>{end})").format(
                    tile=tile, end=end))
            if not self.may_close():
                raise IllegalMove(tr("the first double (the base) cannot be closed ({tile}>{end})")
                                  .format(tile=tile, end=end))
        st = self._end(name)
        if st is None:
            why = (tr("there is no spinner yet") if self.spinner is None
                   else tr("the spinner opens N and S after both its sides are played"))
            raise IllegalMove(tr("the {arm} arm is not open yet: {why}").format(arm=name, why=why))
        if st[1]:
            raise IllegalMove(tr("the {arm} arm is closed by a face-down double").format(arm=name))
        k = st[0]
        if tile.low == k:
            pair = (k, tile.high)
        elif tile.high == k:
            pair = (k, tile.low)
        else:
            raise IllegalMove(tr("{tile} does not match the {arm} arm showing {k}").format(
                tile=tile, arm=name, k=k))
        stack = self._arm[name]
        stack.append((pair[0], pair[1], closed))
        if lengthwise:
            self._long.add((name, len(stack) - 1))
        made = tile.is_double and not closed and self.spinner is None
        if made:
            self.spinner = (name, len(stack) - 1)
        self._order.append((name, made))

    def pop(self) -> Tile:
        """Take back the tile placed last; returns it."""
        end, made = self._order.pop()
        self._ends = None
        if made:
            self.spinner = None
        if end is None:
            a, b = self._lead
            self._lead = _NO_LEAD
            return Tile(a, b)
        stack = self._arm[end]
        self._long.discard((end, len(stack) - 1))
        inner, outer, _ = stack.pop()
        return Tile(inner, outer)

    def copy(self) -> SpinnerLayout:
        new = SpinnerLayout(self.opens, self.count_doubles, self.closing)
        new._lead = self._lead
        new._arm = {e: list(s) for e, s in self._arm.items()}
        new._order = list(self._order)
        new.spinner = self.spinner
        new._long = set(self._long)
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready view: kind, tiles, the cross from its centre, open and closed ends, sum."""
        arms = self.arms()
        return {
            "kind": self.kind,
            "tiles": [list(p) for p in self.pairs()],
            "center": list(arms["center"]) if arms["center"] else None,
            "spinner": arms["spinner"],
            "arms": {e: [[i, o, c] for i, o, c in arms[e]] for e in END_ORDER},
            "ends": [[e, n] for e, n in self.open_ends()],
            "closed": self.closed_ends(),
            "lengthwise": [[e, i] for e, i in sorted(self._long)],
            "sum": self.end_sum(),
            "options": {"spinner_opens": self.opens, "count_doubles": self.count_doubles,
                        "closing": self.closing},
        }

    def _repr_svg_(self) -> str:
        from ..render.table import layout_svg  # noqa: PLC0415 (drawn on demand; render imports games)

        return str(layout_svg(self))

    def __repr__(self) -> str:
        if not self._order:
            return "SpinnerLayout(empty)"
        a = self.arms()
        c = a["center"]
        assert c is not None       # tiles are down
        parts = [f"{'*' if a['spinner'] else ''}{c[0]}:{c[1]}"]
        for e in END_ORDER:
            if a[e]:
                parts.append(e + "=" + " ".join(f"{i}:{o}{'!' if cl else ''}" for i, o, cl in a[e]))
        return f"SpinnerLayout({' '.join(parts)})"


