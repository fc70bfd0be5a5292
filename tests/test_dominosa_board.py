"""The Dominosa board widget, driven through its message handler like the browser does."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab.errors import ParseError
from dominolab.puzzles.dominosa import Dominosa, Partial, generate
from dominolab.tiles import DominoSet, Tile
from dominolab.widgets.dominosa_board import MAX_N, DominosaBoard

SMALL = "2dt:202012100211"  # 2 0 2 0 / 1 2 1 0 / 0 2 1 1, one solution


def send(w, **msg):
    w._handle_custom_msg(msg, [])


def click(w, r, c, **kw):
    send(w, type="click", row=r, col=c, **kw)


def lay(w, a, b):
    """Lay a tile with two clicks, as a player does."""
    click(w, *a)
    click(w, *b)


def synced(w):
    return {name: getattr(w, name) for name in w.trait_names(sync=True)
            if not name.startswith("_") and name not in ("layout", "tabbable", "tooltip")}


def test_the_board_shows_the_grid_and_the_set():
    w = DominosaBoard(SMALL)
    p = Dominosa.parse(SMALL)
    assert w.puzzle == p and w.n == 2
    assert w.grid == [list(r) for r in p.grid]
    assert [t["tile"] for t in w.tiles] == [str(t) for t in DominoSet(2).tiles]
    assert {t["state"] for t in w.tiles} == {"open"}
    assert w.placed == w.crossed == w.selected == w.stuck == [] and w.highlight == -1
    assert w.status == "0 of 6 tiles placed." and not w.solved
    assert "grade trivial" in w.info and p.to_tatham() in w.info
    json.dumps(synced(w))  # everything that crosses to the browser is JSON


def test_puzzle_can_be_a_dominosa_an_id_or_generated():
    p = generate(4, "basic", seed=3)
    assert DominosaBoard(p).puzzle == p
    assert DominosaBoard(p.to_tatham()).puzzle == p
    assert DominosaBoard(str(p)).puzzle == p
    w = DominosaBoard(n=4, difficulty="basic", seed=3)
    assert w.puzzle == p and (w.difficulty, w.seed) == ("basic", 3)
    with pytest.raises(ParseError):
        DominosaBoard("2:999")


def test_two_clicks_on_neighbours_lay_a_tile():
    w = DominosaBoard(SMALL)
    click(w, 0, 3)
    assert w.selected == [0, 3] and w.placed == []
    click(w, 1, 3)
    assert w.placed == [[0, 3, 1, 3]] and w.selected == []
    assert w.partial == Partial([((0, 3), (1, 3))])
    states = {t["tile"]: t["state"] for t in w.tiles}
    assert states["0:0"] == "placed" and w.status == "1 of 6 tiles placed."
    # the order of the clicks does not matter
    lay(w, (1, 0), (0, 0))
    assert [0, 0, 1, 0] in w.placed


def test_clicking_a_laid_tile_lifts_it():
    w = DominosaBoard(SMALL)
    lay(w, (0, 3), (1, 3))
    click(w, 1, 3)
    assert w.placed == [] and w.selected == []
    lay(w, (0, 3), (1, 3))
    send(w, type="remove", cells=[[1, 3], [0, 3]])
    assert w.placed == []


def test_selection_moves_and_clears():
    w = DominosaBoard(SMALL)
    click(w, 0, 0)
    click(w, 0, 0)  # same cell again: deselect
    assert w.selected == []
    click(w, 0, 0)
    click(w, 2, 3)  # not a neighbour: the selection moves
    assert w.selected == [2, 3] and w.placed == []
    send(w, type="deselect")
    assert w.selected == []


def test_a_new_tile_replaces_the_tiles_it_overlaps():
    w = DominosaBoard(SMALL)
    lay(w, (0, 0), (0, 1))
    lay(w, (1, 1), (1, 2))
    send(w, type="place", cells=[[0, 1], [1, 1]])  # overlaps both
    assert w.placed == [[0, 1, 1, 1]]
    send(w, type="undo")  # one step puts both back
    assert w.placed == [[0, 0, 0, 1], [1, 1, 1, 2]]


def test_cross_out_in_mode_with_modifier_and_by_message():
    w = DominosaBoard(SMALL)
    send(w, type="mode")
    assert w.mode == "cross"
    lay(w, (0, 0), (0, 1))
    assert w.crossed == [[0, 0, 0, 1]] and w.placed == []
    lay(w, (0, 0), (0, 1))  # crossing again clears the cross
    assert w.crossed == []
    send(w, type="mode", mode="place")
    click(w, 2, 2)
    click(w, 2, 3, cross=True)  # Shift-click: a cross, though in place mode
    assert w.crossed == [[2, 2, 2, 3]] and w.placed == []
    send(w, type="cross", cells=[[1, 0], [2, 0]])
    assert [1, 0, 2, 0] in w.crossed
    # laying a tile on a crossed pair clears the cross; crossing a tile lifts it
    lay(w, (1, 0), (2, 0))
    assert w.placed == [[1, 0, 2, 0]] and [1, 0, 2, 0] not in w.crossed
    send(w, type="cross", cells=[[1, 0], [2, 0]])
    assert w.placed == [] and [1, 0, 2, 0] in w.crossed
    send(w, type="mode", mode="diagonal")
    assert "unknown mode" in w.error and w.mode == "place"


def test_cross_mode_clicks_do_not_lift_tiles():
    w = DominosaBoard(SMALL)
    lay(w, (0, 3), (1, 3))
    send(w, type="mode", mode="cross")
    click(w, 1, 3)
    assert w.selected == [1, 3] and w.placed == [[0, 3, 1, 3]]


def test_a_tile_laid_twice_is_flagged():
    w = DominosaBoard(SMALL)  # 2 0 2 0 / 1 2 1 0 / 0 2 1 1
    lay(w, (0, 0), (0, 1))  # 0:2
    lay(w, (0, 2), (0, 3))  # 0:2 again
    assert w.duplicates == [[0, 0, 0, 1], [0, 2, 0, 3]]
    assert {t["tile"]: t["state"] for t in w.tiles}["0:2"] == "duplicate"
    assert "1 tile placed twice" in w.status
    click(w, 0, 3)  # lift one
    assert w.duplicates == []


def test_impossible_tiles_and_stuck_cells_are_flagged():
    w = DominosaBoard(SMALL)
    p = w.puzzle
    # cross out every place of tile 0:0
    places = [((r, c), (r2, c2)) for r in range(p.rows) for c in range(p.cols)
              for r2, c2 in ((r, c + 1), (r + 1, c)) if r2 < p.rows and c2 < p.cols
              and Tile(p.grid[r][c], p.grid[r2][c2]) == Tile(0, 0)]
    assert places
    for a, b in places:
        send(w, type="cross", cells=[a, b])
    assert {t["tile"]: t["state"] for t in w.tiles}["0:0"] == "impossible"
    assert "1 tile with no place left" in w.status
    # a corner whose two neighbours are crossed out is stuck
    w = DominosaBoard(SMALL)
    send(w, type="cross", cells=[[2, 0], [2, 1]])
    assert w.stuck == []
    send(w, type="cross", cells=[[2, 0], [1, 0]])
    assert w.stuck == [[2, 0]] and "1 cell with no partner left" in w.status
    # a cell whose neighbours are all covered is stuck too
    w = DominosaBoard(SMALL)
    lay(w, (0, 1), (1, 1))
    lay(w, (1, 0), (2, 0))
    assert [0, 0] in w.stuck


def test_hint_shows_the_solvers_next_step_and_its_cells():
    w = DominosaBoard(SMALL)
    send(w, type="hint")
    h = w.puzzle.hint()
    assert w.hint_shown["text"] == h.text and w.hint_shown["kind"] == "place"
    assert w.hint_shown["cells"] == [list(c) for c in h.cells]
    assert w.hint_shown["placement"] == [0, 3, 1, 3] and w.hint_shown["rule"] == "only-place"
    assert w.placed == []  # a hint only shows
    send(w, type="apply_hint")
    assert w.placed == [[0, 3, 1, 3]] and w.hint_shown == {}  # a move clears the hint
    send(w, type="hint")
    assert w.hint_shown["text"] == w.puzzle.hint([((0, 3), (1, 3))]).text


def test_hint_points_out_a_mistake_and_apply_undoes_it():
    w = DominosaBoard(SMALL)
    sol = {pl.cells for pl in w.puzzle.solve()}
    wrong = next((a, b) for a in [(r, c) for r in range(3) for c in range(4)]
                  for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])]
                  if b[0] < 3 and b[1] < 4 and (a, b) not in sol)
    send(w, type="place", cells=list(wrong))
    send(w, type="hint")
    assert w.hint_shown["kind"] == "mistake"
    assert w.hint_shown["placement"] == [*wrong[0], *wrong[1]]
    send(w, type="apply_hint")
    assert w.placed == []


def test_exclusion_hints_cross_out_pairs():
    p = generate(5, "basic", seed=2)
    w = DominosaBoard(p)
    for h in p.steps():
        if h.kind == "exclude":
            break
        send(w, type="place", cells=[list(c) for c in h.placement.cells])
    send(w, type="hint")
    assert w.hint_shown["kind"] == "exclude" and w.hint_shown["exclusions"]
    before = set(map(tuple, w.crossed))
    shown = {tuple(x) for x in w.hint_shown["exclusions"]}
    assert shown == {(*a, *b) for a, b in h.exclusions}  # the step the solver found
    send(w, type="apply_hint")
    assert set(map(tuple, w.crossed)) == before | shown


def test_check_says_consistent_wrong_or_solved():
    w = DominosaBoard(SMALL)
    sol = sorted(pl.cells for pl in w.puzzle.solve())
    send(w, type="place", cells=[list(c) for c in sol[0]])
    send(w, type="check")
    assert w.status.startswith("So far so good: your 1 tile and 0 crosses fit the solution")
    assert w.wrong == []
    send(w, type="cross", cells=[list(c) for c in sol[1]])  # crossing a solution pair
    send(w, type="check")
    assert w.status.startswith("Not consistent with the solution: 1 cross on a pair")
    assert w.wrong == [[*sol[1][0], *sol[1][1]]]
    send(w, type="undo")
    assert w.wrong == []  # marks go with the next change
    send(w, type="solve")
    send(w, type="check")
    assert w.solved and w.status.startswith("Solved")


def test_check_marks_every_misplaced_tile():
    p = generate(4, "basic", seed=5)
    w = DominosaBoard(p)
    sol = {pl.cells for pl in p.solve()}
    wrong = []  # two disjoint horizontal pairs the solution does not use
    for r in range(p.rows):
        for c in range(p.cols - 1):
            pair = ((r, c), (r, c + 1))
            covered = {x for q in wrong for x in q}
            if pair not in sol and not covered & set(pair) and len(wrong) < 2:
                wrong.append(pair)
    assert len(wrong) == 2
    for pair in wrong:
        send(w, type="place", cells=[list(x) for x in pair])
    send(w, type="check")
    assert sorted(w.wrong) == sorted([*a, *b] for a, b in wrong)
    assert "2 tiles in the wrong place" in w.status


def test_check_on_a_grid_with_several_solutions():
    w = DominosaBoard("1:001101")  # 0 0 1 / 1 0 1: two solutions
    assert "grade ambiguous" in w.info
    send(w, type="place", cells=[[0, 0], [0, 1]])
    send(w, type="check")
    assert "fit a solution (this grid has more than one)" in w.status
    send(w, type="clear")
    send(w, type="place", cells=[[0, 1], [0, 2]])  # 0:1 on top leaves (0,0) only 0:1 again
    send(w, type="check")
    assert w.status.startswith("Not consistent with any solution") and w.wrong


def test_solve_lays_the_solution_and_can_be_undone():
    p = generate(5, "hard", seed=1)
    w = DominosaBoard(p)
    lay(w, (0, 0), (0, 1))
    send(w, type="solve")
    assert w.solved and sorted(map(tuple, w.placed)) == sorted(
        (*a, *b) for a, b in (pl.cells for pl in p.solve()))
    assert {t["state"] for t in w.tiles} == {"placed"} and w.stuck == []
    send(w, type="undo")
    assert w.placed == [[0, 0, 0, 1]] and not w.solved


def test_undo_and_redo():
    w = DominosaBoard(SMALL)
    assert not w.can_undo and not w.can_redo
    send(w, type="undo")
    assert w.error == "nothing to undo"
    lay(w, (0, 3), (1, 3))
    send(w, type="cross", cells=[[0, 0], [0, 1]])
    history = [(list(w.placed), list(w.crossed))]
    send(w, type="undo")
    assert (w.placed, w.crossed) == ([[0, 3, 1, 3]], []) and w.can_redo
    send(w, type="undo")
    assert (w.placed, w.crossed) == ([], []) and not w.can_undo
    send(w, type="redo")
    send(w, type="redo")
    assert [(w.placed, w.crossed)] == history and not w.can_redo
    send(w, type="redo")
    assert w.error == "nothing to redo"
    send(w, type="undo")
    lay(w, (1, 0), (2, 0))  # a new change drops the redo list
    assert not w.can_redo
    send(w, type="clear")
    assert w.placed == [] and w.crossed == []
    send(w, type="undo")
    assert w.placed == [[0, 3, 1, 3], [1, 0, 2, 0]]


def test_loading_bad_text_shows_the_parse_error_and_keeps_everything():
    w = DominosaBoard(SMALL)
    lay(w, (0, 3), (1, 3))
    send(w, type="cross", cells=[[0, 0], [0, 1]])
    send(w, type="highlight", number=2)
    before = synced(w)
    for bad in ("2:999", "6db:123", "hello", "2:20201210021[12]", ""):
        send(w, type="load", text=bad)
        try:
            Dominosa.parse(bad)
        except ParseError as e:
            assert w.error == str(e)
        else:  # pragma: no cover
            pytest.fail(f"{bad!r} parsed")
        after = synced(w)
        after["error"] = before["error"]
        assert after == before
    send(w, type="undo")  # the history survived too
    assert w.crossed == [] and w.placed == [[0, 3, 1, 3]]


def test_loading_good_text_starts_a_fresh_board():
    w = DominosaBoard(SMALL)
    lay(w, (0, 3), (1, 3))
    p = generate(3, "trivial", seed=4)
    send(w, type="load", text=p.to_tatham())
    assert w.puzzle == p and w.error == "" and w.placed == [] and not w.can_undo
    assert w.status.startswith("Loaded a double-3 puzzle.")
    send(w, type="load", text=str(generate(2, "trivial", seed=1)))  # our grid text
    assert w.n == 2


def test_highlight_a_number_even_above_nine():
    w = DominosaBoard(generate(11, "trivial", seed=1))
    send(w, type="highlight", number=10)
    assert w.highlight == 10
    cells = [(r, c) for r, row in enumerate(w.grid) for c, v in enumerate(row) if v == 10]
    assert len(cells) == 13  # every number appears n+2 times
    send(w, type="highlight", number=10)  # again: off
    assert w.highlight == -1
    send(w, type="highlight", number=11)
    send(w, type="highlight", number=12)
    assert "not a number of this grid: expected 0 to 11" in w.error and w.highlight == 11
    send(w, type="highlight", number=None)
    assert w.highlight == -1


def test_new_puzzle_is_the_next_seed():
    w = DominosaBoard(n=3, difficulty="trivial", seed=1)
    lay(w, (0, 0), (0, 1))
    send(w, type="new")
    assert w.seed == 2 and w.puzzle == generate(3, "trivial", seed=2) and w.placed == []
    send(w, type="new", n=4, difficulty="basic")
    assert w.puzzle == generate(4, "basic", seed=3) and w.difficulty == "basic"
    keep = w.puzzle
    send(w, type="new", n=MAX_N + 1)
    assert "double-0 to double-12" in w.error and w.puzzle == keep and w.seed == 3
    send(w, type="new", n=1, difficulty="hard")  # no Hard double-1 exists
    assert "hard" in w.error and w.puzzle == keep
    send(w, type="new", n="x")
    assert w.error.startswith("n='x'") and w.puzzle == keep


def test_bad_requests_are_reported_and_change_nothing():
    w = DominosaBoard(SMALL)
    lay(w, (0, 3), (1, 3))
    before = synced(w)
    for msg, words in [({"type": "click", "row": 9, "col": 0}, "outside the 3×4 grid"),
                       ({"type": "click", "row": "a", "col": 0}, "not a cell"),
                       ({"type": "place", "cells": [[0, 0], [1, 1]]}, "not side by side"),
                       ({"type": "place", "cells": [[0, 0]]}, "not two cells"),
                       ({"type": "remove", "cells": [[0, 0], [0, 1]]}, "no tile or cross"),
                       ({"type": "dance"}, "unknown request 'dance'")]:
        send(w, **msg)
        assert words in w.error
        after = synced(w)
        after["error"] = before["error"]
        assert after == before
    lay(w, (1, 0), (2, 0))
    assert w.error == ""


def test_malformed_requests_are_reported_and_change_nothing():
    """A request is untrusted input: fields of the wrong type, unknown or missing
    types and messages that are not objects are named in the error line, and the
    board (tiles, crosses, selection, history) stays as it was."""
    w = DominosaBoard(SMALL)
    lay(w, (0, 3), (1, 3))
    click(w, 2, 0)                                        # a selection to keep
    before = synced(w)
    for msg, words in [({"type": "click", "row": [0], "col": 0}, "not a cell"),
                       ({"type": "click", "row": 0}, "not a cell"),
                       ({"type": "place", "cells": "0,0-0,1"}, "not two cells"),
                       ({"type": "cross", "cells": [[0, 0], {"r": 0}]}, "not a cell"),
                       ({"type": "highlight", "number": "2"}, "not a number of this grid"),
                       ({"type": "mode", "mode": ["cross"]}, "unknown mode"),
                       ({"type": "new", "n": [3]}, "n=[3]: the board generates double-0"),
                       ({"type": "fly"}, "unknown request 'fly'"),
                       ({"type": 3}, "unknown request 3"),
                       ({"row": 0, "col": 0}, "unknown request None"),
                       ([0, 0], "a request is an object with a 'type'"),
                       ("click", "a request is an object with a 'type'")]:
        w._handle_custom_msg(msg, [])
        assert words in w.error, (msg, w.error)
        after = synced(w)
        after["error"] = before["error"]
        assert after == before, msg
    click(w, 2, 1)
    assert w.error == "" and len(w.placed) == 2


def test_play_a_generated_puzzle_to_solved_by_clicks():
    p = generate(6, "hard", seed=1)
    w = DominosaBoard(p)
    sol = list(p.solve())
    for k, pl in enumerate(sol, start=1):
        lay(w, *pl.cells)
        assert len(w.placed) == k and w.error == ""
        if k < len(sol):
            assert not w.solved
    assert w.solved and w.status.startswith("Solved")
    assert w.duplicates == [] and w.stuck == [] and w.check()


def test_play_a_generated_puzzle_to_solved_with_hints_only():
    p = generate(5, "basic", seed=4)
    w = DominosaBoard(p)
    for _ in range(500):
        if w.solved:
            break
        send(w, type="hint")
        assert w.hint_shown["kind"] in ("place", "exclude")
        send(w, type="apply_hint")
        assert w.error == ""
    assert w.solved
    send(w, type="hint")
    assert w.hint_shown["kind"] == "solved"
    send(w, type="apply_hint")
    assert w.status.startswith("Nothing to apply")


cells = st.tuples(st.integers(0, 2), st.integers(0, 3))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(cells, st.booleans()), max_size=40))
def test_any_clicks_keep_the_board_consistent(presses):
    """Laid tiles never overlap, a pair is never both laid and crossed, the
    set's states agree with the laid tiles, and undo goes back to the start."""
    w = DominosaBoard(SMALL)
    for (r, c), shift in presses:
        click(w, r, c, cross=shift)
        assert w.error == ""
        covered = [tuple(x[:2]) for x in w.placed] + [tuple(x[2:]) for x in w.placed]
        assert len(covered) == len(set(covered))
        assert not set(map(tuple, w.placed)) & set(map(tuple, w.crossed))
        laid = {}
        for x in w.placed:
            t = str(Tile(w.grid[x[0]][x[1]], w.grid[x[2]][x[3]]))
            laid[t] = laid.get(t, 0) + 1
        for t in w.tiles:
            k = laid.get(t["tile"], 0)
            assert (t["state"] == "placed") == (k == 1)
            assert (t["state"] == "duplicate") == (k > 1)
    while w.can_undo:
        send(w, type="undo")
    assert w.placed == [] and w.crossed == []


# --- colour contrast (WCAG 2.1: 4.5:1 for text, 3:1 for outlines and marks) ----------

def _luminance(hex_colour: str) -> float:
    """Relative luminance of an sRGB colour (WCAG 2.1 definition)."""
    h = hex_colour.lstrip("#")
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_helper_matches_published_anchors():
    # WCAG's extremes: black on white is 21:1; #777777 on white is just under 4.5:1
    assert round(_contrast("#000000", "#ffffff"), 1) == 21.0
    assert _contrast("#777777", "#ffffff") < 4.5 < _contrast("#767676", "#ffffff")


def test_board_colours_pass_wcag_aa():
    import pathlib
    import re

    import dominolab.widgets.dominosa_board as mod

    css = (pathlib.Path(mod.__file__).parent.parent / "static" / "dominosa_board.css").read_text()
    var = dict(re.findall(r"(--dl-ds-[a-z]+):\s*(#[0-9a-f]{6})", css))
    css = re.sub(r"var\((--dl-ds-[a-z]+)\)", lambda m: var.get(m.group(1), m.group(0)), css)
    text = "#1a1a1a"  # the shared text colour (widgets.css)
    checked = 0
    for selector, body in re.findall(r"([^{}]*)\{([^}]*)\}", css):
        if "hint-place" in selector:  # a striped bar without text: a graphic, 3:1 below
            continue
        fg = re.search(r"(?<![-\w])color:\s*(#[0-9a-f]{6})", body)
        bgs = re.findall(r"#[0-9a-f]{6}", " ".join(re.findall(r"background:[^;]*", body)))
        for bg in bgs:  # every stripe of a pattern counts as a background
            assert _contrast(fg.group(1) if fg else text, bg) >= 4.5, body
            checked += 1
    assert checked >= 15
    # marks drawn on cells (‼ ⊘ ✗ ?, crosses) against every fill they can sit on
    fills = ["#ffffff", var["--dl-ds-tile"], "#f6c7bf", "#e4e4e4", "#dce9f7"]
    for mark in (var["--dl-ds-bad"], var["--dl-ds-hint"]):
        for fill in fills:
            assert _contrast(mark, fill) >= 4.5, (mark, fill)
    # cell borders, the focus ring and the selection ring against white (non-text: 3:1)
    for line in ("#5f6b73", "#1f5fbf", "#0b5394", "#1f1f1f", var["--dl-ds-hint"]):
        assert _contrast(line, "#ffffff") >= 3
