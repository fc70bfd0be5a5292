"""Witness answers: the student shows an object, and the engines check it.

A witness is a ring, a line, a tiling, a region, a Hall set (here), a Dominosa
placement or deduction, a move (in :mod:`dominolab.teach.witnesses_games`). A wrong one is answered with the concrete
reason the engine finds: the two tiles that do not touch, the cell left
uncovered, the number whose tiles are used up, the reply that refutes a move.
Widgets are read through their public results (a chain builder's ``line``, a
tiling board's ``region``, a Dominosa board's ``partial``, a game board's
``state``), so an exercise can be answered by pointing at a widget.

>>> from dominolab import DominoSet
>>> ring = ring_witness(DominoSet(2))
>>> print(ring.judge("0:0 0:1 1:1 1:2 2:2 2:0", 0))
Correct: a ring of all 6 tiles; its ends both show 0.
>>> verdict = ring.judge("0:0 0:1 1:2 1:1", 0)      # the engine's reason, whatever its words
>>> verdict.ok, "1:1" in str(verdict) and "touch" in str(verdict)
(False, True)
>>> print(ring.judge("0:0 0:1 1:1 1:2 2:2", 0))
Not yet: the line uses 5 of the 6 tiles; 0:2 is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .. import chains, tilings
from ..errors import DominoError, NothingYet
from ..i18n import N_, ngettext, tr
from ..tiles import DominoSet, Tile
from .answers import EMPTY, Answer, _empty, describe
from .choices import as_tile
from .verdict import Check

__all__ = [
    "NothingYet",
    "Witness",
    "hall_set_witness",
    "read_line",
    "ring_witness",
    "stuck_line_witness",
    "tiling_witness",
    "untileable_region_witness",
]

Cell = tuple[int, int]


class Witness(Answer):
    """An answer read by ``read`` (raising DominoError for the wrong kind) and judged
    by ``verify``, which returns None (valid) or the engine's reason; ``praise``
    is the message for a valid witness. ``wrong`` lists ``(answer, reason part)``
    pairs that a test feeds in."""

    def __init__(self, *, expects: str, read: Callable[[Any], Any],
                 verify: Callable[[Any], str | None], praise: Callable[[Any], str],
                 reference: Any, key: str, wrong: Iterable[tuple[Any, str]] = (),
                 instructions: str = ""):
        self.expects = expects
        self.read = read
        self.verify = verify
        self.praise = praise
        self._reference = reference
        self._key = key
        self.wrong = list(wrong)
        self.instructions = instructions

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        try:
            value = self.read(answer)
        except NothingYet as e:
            return Check(False, tr("Not yet: {why}.").format(why=tr(str(e))), "empty")
        except DominoError as e:
            return self.type_error(answer, str(e))
        except Exception as e:  # noqa: BLE001 - anything unreadable is the wrong kind of answer
            return self.type_error(answer, tr("{answer} could not be read ({error})").format(
                answer=describe(answer), error=e))
        try:
            why = self.verify(value)
        except DominoError as e:
            why = str(e)
        if why:
            return Check(False, tr("Not yet: {why}.").format(why=why))
        return Check(True, tr("Correct: {value}.").format(value=self.praise(value)))

    def reference(self) -> Any:
        return self._reference

    def key(self) -> str:
        return self._key

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return self.wrong


# --------------------------------------------------------------------------- lines and rings


def _orient(tiles: list[Tile]) -> chains.Chain:
    """A chain from tiles given in line order but not turned; the engine says where they fail."""
    if not tiles:
        raise DominoError("the line is empty")
    pairs: list[tuple[int, int]] = []
    for k, t in enumerate(tiles):
        if not pairs:
            nxt = tiles[1] if len(tiles) > 1 else None
            a, b = t.low, t.high
            if nxt is not None and not nxt.has(b) and nxt.has(a):
                a, b = b, a
            pairs.append((a, b))
            continue
        end = pairs[-1][1]
        pairs.append(t.oriented(end) if t.has(end) else (t.low, t.high))
    return chains.Chain(pairs)   # the engine names the first two tiles that do not touch


def read_line(x: Any) -> Any:
    """A chain from text ``"1:2 2:5"``, a Chain, a list of tiles in order, or a chain builder.

    Returns a Chain, or a string: the engine's reason why the tiles do not form a line.
    """
    line = getattr(x, "line", None)
    if isinstance(line, chains.Chain):
        x = line
    if isinstance(x, chains.Chain):
        if not len(x):
            raise NothingYet(N_("the line is empty: lay some tiles first"))
        return x
    if isinstance(x, str):
        tiles = [as_tile(t) for t in x.split()] if x.split() else []
        if not tiles:
            raise DominoError("the text has no tiles")
        try:
            return chains.Chain(x)
        except DominoError as e:
            return str(e)
    if isinstance(x, (list, tuple)):
        if x and all(isinstance(p, tuple) and len(p) == 2 and
                     all(isinstance(v, int) for v in p) for p in x):
            try:
                return chains.Chain(x)
            except DominoError as e:
                return str(e)
        try:
            return _orient([as_tile(t) for t in x])
        except DominoError as e:
            if "not a tile" in str(e):
                raise
            return str(e)
    raise DominoError(f"{describe(x)} is not a line of tiles")


def ring_witness(tiles: Any, *, closed: bool = True) -> Witness:
    """A line (``closed=False``) or ring using every tile of ``tiles`` exactly once."""
    hand = list(DominoSet(tiles)) if isinstance(tiles, int) else list(tiles)
    want = set(hand)

    def verify(line: Any) -> str | None:
        if isinstance(line, str):
            return line
        used = list(line.tiles)
        extra = [t for t in used if t not in want]
        if extra:
            return tr("{tile} is not one of the tiles").format(tile=extra[0])
        missing = [t for t in hand if t not in set(used)]
        if missing:
            miss = " ".join(map(str, missing[:6])) + (" …" if len(missing) > 6 else "")
            return ngettext("the line uses {used} of the {all} tiles; {miss} is missing",
                            "the line uses {used} of the {all} tiles; {miss} are missing",
                            len(missing)).format(used=len(used), all=len(hand), miss=miss)
        if closed and not line.is_closed:
            a, b = line.ends
            return tr("its ends show {a} and {b}: a ring needs both ends to show the same "
                      "number").format(a=a, b=b)
        return None

    ref = chains.find_chain(hand)
    return Witness(
        expects=(tr("a ring of tiles written in order, such as '0:1 1:2 2:0'") if closed else
                 tr("a line of tiles written in order, such as '0:1 1:2 2:0'")),
        read=read_line, verify=verify, reference=str(ref), key=str(ref),
        praise=lambda c: (tr("a ring of all {n} tiles; its ends both show {a}").format(
                              n=len(hand), a=c.ends[0]) if closed else
                          tr("a line of all {n} tiles from {a} to {b}").format(
                              n=len(hand), a=c.ends[0], b=c.ends[1])),
        wrong=[(str(ref)[: str(ref).rfind(" ")], "missing"),
               (" ".join(reversed(str(ref).split()[:3])), "does not touch")],
    )


def stuck_line_witness(n: int, reference: str) -> Witness:
    """A line of double-n tiles that cannot be finished although both its ends still
    have free tiles (so it is not stuck on a used-up number)."""
    full = DominoSet(n)

    def verify(line: Any) -> str | None:
        if isinstance(line, str):
            return line
        bad = [t for t in line.tiles if t.high > n]
        if bad:
            return tr("{tile} is not a tile of the double-{n} set").format(tile=bad[0], n=n)
        verdict = chains.can_finish(line, full)
        if verdict:
            return tr("this line can still be finished: {reason}").format(reason=verdict.reason)
        used = set(line.tiles)
        for end in dict.fromkeys(line.ends):
            if not any(t.has(end) and t not in used for t in full):
                return tr("every tile with a {end} is used, so the end {end} is simply used "
                          "up; find a line stuck although both ends can still grow").format(
                              end=end)
        return None

    return Witness(
        expects=tr("a line of tiles written in order, such as '0:1 1:2', or the chain builder"),
        read=read_line, verify=verify, reference=reference, key=reference,
        praise=lambda c: tr("{line} is stuck: {reason}").format(
            line=c, reason=chains.can_finish(c, full).reason),
        wrong=[("0:1 1:2", "can still be finished"),
               ("0:0 0:1 1:2 3:3", "touch"),
               ("0:0 0:1 1:2 2:0 0:3 3:4 4:0 0:5 5:6 6:0", "used up")],
    )


# --------------------------------------------------------------------------- tilings


def _cells(x: Any) -> list[Cell]:
    out = []
    for c in x:
        if not (isinstance(c, (tuple, list)) and len(c) == 2 and
                all(isinstance(v, int) and not isinstance(v, bool) for v in c)):
            raise DominoError(f"{describe(c)} is not a cell (row, col)")
        out.append((int(c[0]), int(c[1])))
    return out


def _read_dominoes(x: Any) -> list[tuple[Cell, Cell]]:
    if isinstance(x, tilings.Tiling):
        return list(x.dominoes)
    if isinstance(x, str):   # letter art: each domino is one letter on two cells
        where: dict[str, list[Cell]] = {}
        for r, row in enumerate(x.strip("\n").splitlines()):
            for c, ch in enumerate(row.strip()):
                if ch not in ".# ":
                    where.setdefault(ch, []).append((r, c))
        if not where:
            raise DominoError("the picture has no dominoes (use one letter per domino)")
        bad = [ch for ch, cs in where.items() if len(cs) != 2]
        if bad:
            k = len(where[bad[0]])
            raise DominoError(f"the letter {bad[0]!r} marks {k} cell{'s' if k != 1 else ''}; "
                              "each domino is one letter on two cells")
        return [(cs[0], cs[1]) for cs in where.values()]
    if isinstance(x, (list, tuple, set)):
        doms = []
        for d in x:
            if not isinstance(d, (list, tuple)) or len(d) != 2:
                raise DominoError(f"{describe(d)} is not a domino ((row, col), (row, col))")
            a, b = _cells(d)
            doms.append((a, b))
        return doms
    raise DominoError(f"{describe(x)} is not a tiling")


def tiling_witness(region: tilings.Region) -> Witness:
    """A tiling of ``region``: a list of dominoes ((r, c), (r, c)), letter art or a Tiling."""

    def verify(doms: list[tuple[Cell, Cell]]) -> str | None:
        seen: dict[Cell, int] = {}
        for k, (a, b) in enumerate(doms, start=1):
            for c in (a, b):
                if c not in region:
                    return tr("domino {k} covers {cell}, which is not a cell of the region"
                              ).format(k=k, cell=c)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                return tr("domino {k}: {a} and {b} are not side by side").format(k=k, a=a, b=b)
            for c in (a, b):
                if c in seen:
                    return tr("{cell} is covered twice (dominoes {first} and {k})").format(
                        cell=c, first=seen[c], k=k)
                seen[c] = k
        left = sorted(c for c in region if c not in seen)
        if left:
            more = len(left) - 1
            return tr("{cell} is not covered").format(cell=left[0]) + (
                " " + ngettext("(nor {n} more cell)", "(nor {n} more cells)", more).format(n=more)
                if more else "")
        tilings.Tiling(doms, region)   # the engine's own check of the same facts
        return None

    ref = tilings.random_tiling(region, seed=1)
    return Witness(
        expects=tr("a tiling: a list of dominoes ((row, col), (row, col)), or letter art"),
        read=_read_dominoes, verify=verify, reference=[list(d) for d in ref.dominoes],
        key=str(ref), praise=lambda d: tr("{n} dominoes cover the region exactly").format(
            n=len(d)),
        wrong=[(list(ref.dominoes)[:-1], "is not covered"),
               (list(ref.dominoes) + [ref.dominoes[0]], "covered twice")],
        instructions=tr("Letter art works too: write each domino as one letter on its two "
                        "cells."),
    )


def _read_region(rows: int, cols: int) -> Callable[[Any], tilings.Region]:
    board = tilings.Region.rectangle(rows, cols)

    def read(x: Any) -> tilings.Region:
        region = getattr(x, "region", None)
        if isinstance(region, tilings.Region) or (region is None and hasattr(x, "holes")):
            if region is None:
                raise DominoError("the board has no cells left")
            if len(region) == rows * cols and region == board:
                raise NothingYet(N_("no cell is removed yet: click cells of the board away"))
            return region
        if isinstance(x, tilings.Region):
            return x
        if isinstance(x, (list, tuple, set)):
            holes = _cells(x)
            if not holes:
                raise NothingYet(N_("no cell is removed yet"))
            outside = [c for c in holes if c not in board]
            if outside:
                raise DominoError(f"{outside[0]} is not a cell of the {rows}×{cols} board")
            return board.without(*holes)
        raise DominoError(f"{describe(x)} is neither a region nor a list of cells to remove")

    return read


def untileable_region_witness(rows: int, cols: int, reference: list[Cell]) -> Witness:
    """Cells removed from a rows×cols board (or a tiling board) leaving as many dark as
    light cells, yet no tiling; the engine's certificate is the praise."""

    def verify(region: tilings.Region) -> str | None:
        dark, light = region.colour_counts()
        if dark != light:
            return tr("your region has {dark} dark and {light} light cells, so the colouring "
                      "argument already rules it out; find one with as many dark as light "
                      "cells").format(dark=dark, light=light)
        count = tilings.count_tilings(region)
        if count:
            example = tilings.random_tiling(region, seed=1)
            return ngettext("your region can be tiled in {n} way, for example\n{example}",
                            "your region can be tiled in {n} ways, for example\n{example}",
                            count).format(n=tilings.format_count(count), example=example)
        return None

    return Witness(
        expects=tr("the cells you remove from the {rows}×{cols} board, as a list of (row, col), "
                   "or the tiling board").format(rows=rows, cols=cols),
        read=_read_region(rows, cols), verify=verify, reference=reference, key=str(reference),
        praise=lambda r: tr("balanced colours and no tiling. {certificate}").format(
            certificate=tilings.impossibility(r)),
        wrong=[([(0, 0), (rows - 1, cols - 1)], "dark"), ([(0, 0), (0, 1)], "can be tiled")],
    )


def hall_set_witness(region: tilings.Region) -> Witness:
    """Cells of one colour of ``region`` with fewer neighbours than members (Hall's condition fails)."""

    def read(x: Any) -> list[Cell]:
        cells = getattr(x, "cells", x)
        if not isinstance(cells, (list, tuple, set, frozenset)):
            raise DominoError(f"{describe(x)} is not a set of cells")
        return sorted(set(_cells(cells)))

    def neighbours(cells: list[Cell]) -> list[Cell]:
        return sorted({(r + dr, c + dc) for r, c in cells
                       for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} & set(region))

    def verify(cells: list[Cell]) -> str | None:
        if not cells:
            return tr("the set is empty")
        outside = [c for c in cells if c not in region]
        if outside:
            return tr("{cell} is not a cell of the region").format(cell=outside[0])
        colours = {tilings.Region.colour(c) for c in cells}
        if len(colours) > 1:
            d = next(c for c in cells if tilings.Region.colour(c) == "dark")
            li = next(c for c in cells if tilings.Region.colour(c) == "light")
            return tr("{dark} is dark and {light} is light: a Hall set has cells of one colour"
                      ).format(dark=d, light=li)
        nb = neighbours(cells)
        if len(nb) >= len(cells):
            touched = ngettext("{n} cell", "{n} cells", len(nb)).format(n=len(nb))
            return (tr("these {k} cells touch {touched} of the other colour ({cells}): not "
                       "fewer than {k}") if len(cells) > 1 else
                    tr("this cell touches {touched} of the other colour ({cells}): not fewer "
                       "than {k}")).format(k=len(cells), touched=touched,
                                           cells=", ".join(map(str, nb)))
        return None

    cert = tilings.impossibility(region)
    ref = sorted(cert.cells) if cert is not None and cert.kind == "hall" else []
    return Witness(
        expects=tr("a list of cells (row, col) of one colour"),
        read=read, verify=verify, reference=ref, key=", ".join(map(str, ref)),
        praise=lambda cs: tr("these {k} cells touch only {n} cells of the other colour, so one "
                             "of them is always left over").format(k=len(cs),
                                                                   n=len(neighbours(cs))),
        wrong=[(ref[:1], "not fewer"), (ref + [n for n in neighbours(ref)][:1], "one colour")],
    )
