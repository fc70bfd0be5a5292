"""Witness answers for lesson 14: a tiling of a strip with no fault line, judged by the
tiling engine and :func:`~dominolab.tilings.fault_lines`; a wrong one is answered with the
concrete reason (the cell left uncovered, the line no domino crosses).

>>> w = fault_free_witness(3, 4)
>>> print(w.judge("ABBC\\nADDC\\nEEFF", 0))
Correct: 6 dominoes cover the 3×4 board and every line between two columns is crossed.
>>> print(w.judge("AABB\\nCCDD\\nEEFF", 0))
Not yet: no domino crosses the fault line after column 2, so it cuts your tiling into a 3×2 and a 3×2 tiling.
"""

from __future__ import annotations

from ..errors import InvalidRegion
from ..i18n import tr
from ..tilings import Region, Tiling, fault_lines, iter_tilings
from .witnesses import Witness, _read_dominoes, tiling_witness

__all__ = ["fault_free_witness"]


def fault_free_witness(rows: int, cols: int) -> Witness:
    """A tiling of the ``rows × cols`` board that no line between two columns cuts into
    two tilings (every such line is crossed by a horizontal domino), as letter art or a
    list of dominoes. For 3×2k boards with k ≥ 2 there are exactly two."""
    if rows * cols > 24:          # the reference is found by listing every tiling
        raise InvalidRegion(f"fault_free_witness lists the tilings of small boards (at most "
                            f"24 cells), not {rows}×{cols}")
    board = Region.rectangle(rows, cols)
    base = tiling_witness(board)

    def verify(doms: list) -> str | None:
        why = base.verify(doms)
        if why:
            return why
        cuts = fault_lines(Tiling(doms, board))
        if cuts:
            j = cuts[0]
            return tr("no domino crosses the fault line after column {j}, so it cuts your "
                      "tiling into a {rows}×{j} and a {rows}×{rest} tiling").format(
                          j=j, rows=rows, rest=cols - j)
        return None

    free = next((t for t in _all_tilings(board) if not fault_lines(t)), None)
    if free is None:
        raise InvalidRegion(f"every tiling of the {rows}×{cols} board has a fault line")
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    art = [["."] * cols for _ in range(rows)]
    for letter, ((r, c), (r2, c2)) in zip(letters, free.dominoes):
        art[r][c] = art[r2][c2] = letter
    key = "\n".join("".join(row) for row in art)
    halves = [d for d in base.reference()]
    return Witness(
        expects=tr("a tiling of the {rows}×{cols} board as letter art (one letter per domino "
                   "on its two cells) or a list of dominoes ((row, col), (row, col))").format(
                       rows=rows, cols=cols),
        read=_read_dominoes, verify=verify, reference=key, key=key,
        praise=lambda d: tr("{k} dominoes cover the {rows}×{cols} board and every line "
                            "between two columns is crossed").format(k=len(d), rows=rows,
                                                                     cols=cols),
        wrong=[(_all_horizontal(rows, cols), "fault line"),
               (halves[:-1], "is not covered")],
        instructions=tr("Letter art: write each domino as one letter on its two cells, one "
                        "line of text per row."),
    )


def _all_tilings(board: Region) -> list[Tiling]:
    return list(iter_tilings(board))


def _all_horizontal(rows: int, cols: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every row tiled by horizontal dominoes: a fault line after every second column
    (``cols`` even)."""
    return [((r, c), (r, c + 1)) for r in range(rows) for c in range(0, cols, 2)]
