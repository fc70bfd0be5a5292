"""Dominosa hints: the next step from a partial solution, and why.

A :class:`Hint` is one step of reasoning in one sentence: a forced placement,
pairs ruled out, a mistake in the user's partial solution, or "solved".
:func:`hint` tries the deductions in order of strength, like the grader, and
falls back on the step search proves; :func:`steps` lists every step to the
end. The functions work on the engine's :class:`~.board.Board`; the public
face is :meth:`Dominosa.hint <.puzzle.Dominosa.hint>` and friends.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import Unsolvable
from ...i18n import tr
from ...tiles import Tile
from .board import Board, Contradiction, Deduction, State, bits
from .grade import RULE_NAMES, Grade
from .rules import RULES, apply
from .search import search
from .values import (Cell, CellPair, Partial, Placement, cell_of, cell_str, index_of, pair_of,
                     pair_str, placement_of)

__all__ = ["Hint", "hint", "mistakes", "state_of", "steps"]


class Hint:
    """One step of reasoning.

    ``kind`` is ``"place"`` (``placement`` is forced), ``"exclude"``
    (``exclusions`` are cell pairs that cannot be tiles), ``"mistake"`` (the
    user's ``placement`` or ``exclusions`` contradict the solution) or
    ``"solved"``. ``rule`` names the deduction (see :data:`~.grade.RULE_NAMES`),
    ``level`` its :class:`~.grade.Grade`, ``text`` is one sentence and
    ``cells`` the cells to highlight.
    """

    __slots__ = ("cells", "exclusions", "kind", "level", "placement", "rule", "text")

    kind: str
    rule: str
    text: str
    cells: tuple[Cell, ...]
    placement: Placement | None
    exclusions: tuple[CellPair, ...]
    level: Grade

    def __init__(self, kind: str, rule: str, text: str, cells: Iterable[Cell] = (),
                 placement: Placement | None = None, exclusions: Iterable[CellPair] = ()):
        self.kind = kind
        self.rule = rule
        self.text = text
        self.cells = tuple(sorted(set(cells)))
        self.placement = placement
        self.exclusions = tuple(sorted(exclusions))
        self.level = RULE_NAMES[rule][0]

    def __repr__(self) -> str:
        return f"<Hint {self.kind} ({self.rule}): {self.text}>"

    def __str__(self) -> str:
        return self.text


def state_of(b: Board, partial: Partial) -> State:
    """The engine state of ``partial``: excluded pairs dead, placed ones committed."""
    st = b.initial()
    # a pair both placed and crossed out counts as placed (place/exclude
    # keep them apart, but a Partial can be built with both)
    for pair in sorted(partial.excluded - partial.placed):
        st.alive &= ~(1 << index_of(b, pair))
    for pair in sorted(partial.placed):
        p = index_of(b, pair)
        if st.alive >> p & 1:
            b.commit(st, p)
    return st


def mistakes(b: Board, partial: Partial, solution: frozenset[CellPair] | None) -> Hint | None:
    """The first mistake in ``partial``, or None. ``solution``: the cell
    pairs of the grid's only solution, or None when it has several (then a
    mistake is a partial solution that cannot be completed)."""
    placed = sorted(partial.placed)
    idx = [index_of(b, pair) for pair in placed]
    for pair in sorted(partial.excluded):
        index_of(b, pair)
    # two placed tiles on one cell, or one tile placed twice
    owner: dict[Cell, CellPair] = {}
    tiles: dict[int, CellPair] = {}
    for pair, p in zip(placed, idx):
        for c in pair:
            if c in owner:
                return Hint("mistake", "mistake",
                            tr("Cell {cell} is covered by two tiles.").format(cell=cell_str(c)),
                            cells=pair + owner[c],
                            placement=placement_of(b, p))
            owner[c] = pair
        t = b.ptile[p]
        if t in tiles:
            return Hint("mistake", "mistake",
                        tr("Tile {tile} is placed twice.").format(tile=placement_of(b, p).tile),
                        cells=pair + tiles[t], placement=placement_of(b, p))
        tiles[t] = pair
    if solution is not None:
        for pair in placed:
            if pair not in solution:
                pl = placement_of(b, index_of(b, pair))
                return Hint("mistake", "mistake",
                            tr("Tile {tile} does not belong at {pair}: the solution pairs "
                               "these cells differently.").format(tile=pl.tile,
                                                                  pair=pair_str(pair)),
                            cells=pair, placement=pl)
        for pair in sorted(partial.excluded - partial.placed):
            if pair in solution:
                return Hint("mistake", "mistake",
                            tr("{pair} was crossed out, but the solution puts a tile there.")
                            .format(pair=pair_str(pair)), cells=pair, exclusions=(pair,))
        return None
    st = state_of(b, partial)
    if next(search(b, st, limit=1), None) is None:
        return Hint("mistake", "mistake",
                    tr("These placements and crossings-out cannot be completed to a solution."),
                    cells=[c for pair in placed for c in pair])
    return None


def hint(b: Board, partial: Partial, solution: frozenset[CellPair] | None) -> Hint:
    """The next step from ``partial`` (see :meth:`Dominosa.hint
    <.puzzle.Dominosa.hint>`); ``solution`` as for :func:`mistakes`. The grid
    must have a solution."""
    bad = mistakes(b, partial, solution)
    if bad is not None:
        return bad
    st = state_of(b, partial)
    if len(partial.placed) == b.tiles:
        return Hint("solved", "solved", tr("Every tile is placed: the grid is solved."))
    try:
        for _, rule in RULES:
            for d in rule(b, st):
                trial = st.copy()
                if apply(b, trial, d):
                    return _hint_of(b, d, st)
    except Contradiction:
        return Hint("mistake", "mistake",
                    tr("Some cell or tile has no place left: an earlier step was wrong."))
    return _search_hint(b, st)


def steps(b: Board, partial: Partial, level: int,
          solution: frozenset[CellPair] | None) -> list[Hint]:
    """Every step from ``partial`` to the end with deductions up to the
    engine ``level``, in the order they are found (the search fallback
    where none applies); a mistake in ``partial`` is the only step."""
    bad = mistakes(b, partial, solution)
    if bad is not None:
        return [bad]
    st = state_of(b, partial)
    out = []
    while not (st.alive.bit_count() == b.tiles and st.committed.bit_count() == b.tiles):
        progress = False
        for rlvl, rule in RULES:
            if rlvl > level:
                break
            for d in rule(b, st):
                before = st.copy()
                if apply(b, st, d):
                    out.append(_hint_of(b, d, before))
                    progress = True
            if progress:
                break
        if not progress:
            h = _search_hint(b, st)
            out.append(h)
            assert h.placement is not None  # a search hint always places
            b.commit(st, index_of(b, h.placement.cells))
    return out


def _search_hint(b: Board, st: State) -> Hint:
    """No deduction applies: let search settle the tightest cell."""
    completions = list(search(b, st, limit=2))
    if not completions:
        raise Unsolvable(tr("this position cannot be completed"))
    chosen = set(bits(completions[0]))
    best, bestc = None, 99
    for i, m in enumerate(b.cell_mask):
        c = (st.alive & m).bit_count()
        if 1 < c < bestc:
            best, bestc = i, c
    if best is None:  # only commits left; any open placement is forced
        p = next(x for x in bits(st.alive & ~st.committed))
    else:
        p = next(x for x in bits(st.alive & b.cell_mask[best]) if x in chosen)
    pl = placement_of(b, p)
    where = cell_str(cell_of(b, best)) if best is not None else cell_str(pl.cells[0])
    if len(completions) == 1:
        text = tr("No deduction applies: trying each of the {k} options for cell {cell} "
                  "shows only {placement} leads to a solution.").format(
                      k=bestc, cell=where, placement=pl)
    else:
        text = tr("No deduction applies and the grid has more than one solution from here; "
                  "one of them puts {placement}.").format(placement=pl)
    return Hint("place", "search", text, cells=pl.cells, placement=pl)


def _hint_of(b: Board, d: Deduction, st: State) -> Hint:
    """Turn an engine deduction into a Hint with one sentence."""
    info = d.info
    rule = d.rule
    if d.place >= 0:
        pl = placement_of(b, d.place)
        if rule == "only-place":
            text = tr("Tile {tile} can only go at {pair}.").format(tile=pl.tile,
                                                                  pair=pair_str(pl.cells))
        else:
            c = cell_of(b, info["cell"])
            o = pl.cells[1] if pl.cells[0] == c else pl.cells[0]
            text = tr("Cell {cell} can only pair with {other}, so tile {tile} goes "
                      "there.").format(cell=cell_str(c), other=cell_str(o), tile=pl.tile)
        return Hint("place", rule, text, cells=pl.cells, placement=pl)
    removed = [pair_of(b, p) for p in bits(d.remove & st.alive)]

    def tile(t: int) -> str:
        return str(Tile(*b.tile_pair[t]))

    where = ", ".join(pair_str(x) for x in removed[:3]) + (
        tr(" and {k} more").format(k=len(removed) - 3) if len(removed) > 3 else "")
    cells: list[Cell] = []
    if rule == "cell-one-tile":
        c = cell_of(b, info["cell"])
        cells = [c]
        text = tr("Every option left for cell {cell} makes tile {tile}, so {tile} cannot go "
                  "elsewhere: rule out {where}.").format(cell=cell_str(c),
                                                         tile=tile(info["tile"]), where=where)
    elif rule == "tile-overlap":
        places = [pair_of(b, p) for p in bits(info["places"])]
        cells = [c for x in places for c in x]
        text = tr("Every place left for tile {tile} overlaps {where}, so that pair cannot be "
                  "a tile.").format(tile=tile(info["tile"]), where=where)
    elif rule == "local-duplicate":
        c = cell_of(b, info["cell"])
        cells = [c] + [c2 for x in removed for c2 in x]
        text = tr("A {tile} at {where} would leave cell {cell} nothing but a second {tile}, "
                  "so it is ruled out.").format(tile=tile(info["tile"]), where=where,
                                                cell=cell_str(c))
    elif rule == "local-duplicate-2":
        c1, c2 = (cell_of(b, x) for x in info["cells"])
        cells = [c1, c2] + [c for x in removed for c in x]
        text = tr("A tile at {where} would force cells {a} and {b} both to be {tile}, so it "
                  "is ruled out.").format(where=where, a=cell_str(c1), b=cell_str(c2),
                                          tile=tile(info["tile"]))
    elif rule == "parity":
        s0, s1 = info["sizes"]
        cells = [c for x in removed for c in x]
        text = tr("A tile at {where} would cut the open cells into areas of {a} and {b} "
                  "cells, and an odd area cannot be filled, so it is ruled out.").format(
                      where=where, a=s0 - 1, b=s1 - 1)
    elif rule in ("set", "set-doubles"):
        v = info["number"]
        cs = [cell_of(b, i) for i in info["cells"]]
        cells = cs
        tiles = ", ".join(str(Tile(v, x)) for x in info["others"])
        k = len(cs)
        at = ", ".join(map(cell_str, cs))
        if rule == "set":
            text = tr("The {k} cells showing {v} at {cells} can only be the {k} tiles {tiles}, "
                      "so those tiles are ruled out elsewhere: {where}.")
        elif len(info["others"]) < k:
            text = tr("The {k} cells showing {v} at {cells} can only be the {j} tiles {tiles}, "
                      "so the double {v}:{v} must cover two of them and the others are theirs "
                      "too: rule out {where}.")
        else:
            text = tr("The {k} cells showing {v} at {cells} can only be the {k} tiles {tiles}, "
                      "and if the double {v}:{v} were elsewhere they would have one tile too "
                      "few, so rule out {where}.")
        text = text.format(k=k, j=k - 1, v=v, cells=at, tiles=tiles, where=where)
    else:  # the forcing chains: chain-duplicate, chain-starves, chain-both
        chain = [pair_of(b, p) for p in info["chain"]]
        cells = [c for x in chain for c in x]
        if rule == "chain-duplicate":
            text = tr("Cells with only two options form a forcing chain; one way round it "
                      "would use tile {tile} twice, so rule out {where}.").format(
                          tile=tile(info["tile"]), where=where)
        elif rule == "chain-starves":
            c = cell_of(b, info["cell"])
            cells.append(c)
            text = tr("One way round a forcing chain would use up every tile cell {cell} "
                      "could be, so rule out {where}.").format(cell=cell_str(c), where=where)
        else:
            text = tr("Tile {tile} lies on both ways round a forcing chain, so it must be in "
                      "one of those two places: rule out {where}.").format(
                          tile=tile(info["tile"]), where=where)
    return Hint("exclude", rule, text, cells=cells, exclusions=removed)
