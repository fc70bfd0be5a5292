"""The Dominosa board in a real JupyterLab: lay a tile, ask for a hint, use the keyboard; the
presentation size (the P key) on a projector-sized page; then exercise 07.3 answered with it
(a wrong tile gets the engine's reason, the solved board the verdict), on a fresh board (its
cell run again) in the lesson already open and run."""

import re

from dominolab.puzzles.dominosa import Dominosa
from dominolab.teach.course.l07_dominosa import GRID

from .conftest import DESKTOP
from .test_classroom import presentation_size


def cell(widget, r, c, number):
    """The cell button; its name starts "row r column c, number v" and goes on with its state."""
    return widget.get_by_role("button", name=re.compile(rf"^row {r} column {c}, number {number}\b"))


def test_dominosa_board_places_tiles_and_gives_hints(lab):
    page = lab.open("notebooks/07-dominosa.ipynb")
    lab.run_all(page)
    widget = page.locator(".dl-dominosa").first
    widget.wait_for()
    widget.scroll_into_view_if_needed()  # JupyterLab does not lay out cells out of view
    status = widget.locator(".dl-ds-status")
    cells = widget.locator("button.dl-ds-cell")
    assert cells.count() == 20  # the double-3 grid of the lesson: 4 x 5
    assert status.text_content() == "0 of 10 tiles placed."

    # a projector: the presentation size draws its cells and text at 24 px or more (this is
    # the check of this widget that the classroom test makes on every lesson in make sweeps)
    page.set_viewport_size(DESKTOP)
    widget.scroll_into_view_if_needed()
    presentation_size(lab, page, widget, "Dominosa board", "dominosa-board-presentation")

    # lay tile 2:2 by pressing two neighbouring cells
    first = cell(widget, 1, 0, 2)
    first.click()
    page.wait_for_function("el => el.getAttribute('aria-pressed') === 'true'",
                           arg=first.element_handle())
    cell(widget, 1, 1, 2).click()
    lab.wait_text(page, status, "^1 of 10 tiles placed")
    label = cell(widget, 1, 0, 2).get_attribute("aria-label")
    assert "tile 2:2 with row 1 column 1" in label
    assert widget.get_by_role("listitem", name="tile 2:2, placed").count() == 1

    # ask for a hint: one sentence, and its cells are ringed
    widget.get_by_role("button", name="Hint", exact=True).click()
    hint = widget.locator(".dl-ds-hint")
    lab.wait_text(page, hint, "Tile 3:3 can only go at \\(0,3\\)-\\(0,4\\)")
    assert hint.text_content().startswith("Hint (only-place, trivial): ")
    ringed = widget.locator("button.dl-ds-cell.hint")
    assert ringed.count() == 2
    assert "in the hint" in cell(widget, 0, 3, 3).get_attribute("aria-label")
    lab.screenshot(page, "dominosa-board-hint", widget)

    widget.get_by_role("button", name="Apply hint", exact=True).click()
    lab.wait_text(page, status, "^2 of 10 tiles placed")
    assert hint.is_hidden()

    # highlight every 3 (a number button), then load a bad ID: error shown, board kept
    widget.get_by_role("button", name="highlight number 3", exact=True).click()
    page.wait_for_function("el => el.querySelectorAll('button.dl-ds-cell.hl').length === 5",
                           arg=widget.element_handle())
    box = widget.get_by_role("textbox", name=re.compile("^puzzle to load"))
    box.fill("2:999")
    box.press("Enter")
    error = widget.get_by_role("alert")
    lab.wait_text(page, error, "Tatham ID '2:999'")
    assert status.text_content().startswith("2 of 10 tiles placed")
    assert widget.locator("button.dl-ds-cell.tile").count() == 4

    # keyboard: arrows move the focus, Enter presses, Shift+Enter crosses out
    start = cell(widget, 2, 0, 0)
    start.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("el => el.querySelectorAll('.dl-ds-edge.crossed').length === 1",
                           arg=widget.element_handle())
    assert "crossed out with row 2 column 1" in cell(widget, 2, 0, 0).get_attribute("aria-label")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")   # (3,1) selected ...
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")   # ... and (3,2): tile 1:1
    lab.wait_text(page, status, "^3 of 10 tiles placed")
    page.keyboard.press("Control+z")
    lab.wait_text(page, status, "^2 of 10 tiles placed")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("row 3 column 2, number 1")

    # a tile laid twice, a cell left without partner, and Check's verdict are all marked
    cell(widget, 3, 0, 1).click()
    cell(widget, 3, 1, 1).click()
    cell(widget, 3, 2, 1).click()
    cell(widget, 3, 3, 1).click()
    lab.wait_text(page, status, "1 tile placed twice, 2 tiles with no place left, 1 cell with no partner")
    assert widget.locator("button.dl-ds-cell.dup").count() == 4
    assert widget.get_by_role("listitem", name="tile 1:1, placed twice").count() == 1
    assert widget.locator(".dl-ds-tile.impossible").count() == 2
    stuck = cell(widget, 2, 0, 0)
    assert "no partner left" in stuck.get_attribute("aria-label")
    widget.get_by_role("button", name="Check", exact=True).click()
    lab.wait_text(page, status, "^Not consistent with the solution: 2 tiles in the wrong place")
    assert widget.locator("button.dl-ds-cell.wrong").count() >= 4
    lab.screenshot(page, "dominosa-board-marks", widget)

    # Solve, then Check says solved
    widget.get_by_role("button", name="Solve", exact=True).click()
    widget.get_by_role("button", name="Check", exact=True).click()
    lab.wait_text(page, status, "^Solved")
    assert widget.locator("button.dl-ds-cell.tile").count() == 20
    lab.screenshot(page, "dominosa-board-solved", widget)

    # our multi-line grid text loads through the Load button: a fresh double-2 board
    box.fill("2 0 2 0\n1 2 1 0\n0 2 1 1")
    widget.get_by_role("button", name="Load puzzle", exact=True).click()
    page.wait_for_function("el => el.querySelectorAll('button.dl-ds-cell').length === 12",
                           arg=widget.element_handle())
    lab.wait_text(page, status, "^Loaded a double-2 puzzle. 0 of 6 tiles placed")
    assert error.is_hidden()
    assert widget.locator("button.dl-ds-cell.tile").count() == 0

    # exercise 07.3 on a fresh board: a tile in a wrong place gets the engine's reason, the
    # solved board the verdict
    widget = lab.rerun_widget(page, "board = DominosaBoard", ".dl-dominosa")
    status = widget.locator(".dl-ds-status")

    def any_cell(r, c):
        return widget.get_by_role("button", name=re.compile(rf"^row {r} column {c}, number \d"))

    any_cell(0, 1).click()
    any_cell(0, 2).click()
    lab.wait_text(page, status, "^1 of 10 tiles placed")
    wrong = lab.run_cell(page, "e3.check(answer)", "Not yet")
    assert "not covered" in wrong or "twice" in wrong or "shows" in wrong
    widget.get_by_role("button", name="Undo").click()
    lab.wait_text(page, status, "^0 of 10 tiles placed")
    for placement in Dominosa.parse(GRID).solve():
        (r1, c1), (r2, c2) = placement.cells
        any_cell(r1, c1).click()
        any_cell(r2, c2).click()
    lab.wait_text(page, status, "10 of 10 tiles placed|Solved")
    verdict = lab.run_cell(page, "e3.check(answer)", "Correct")
    assert "all 10 tiles are in place" in verdict
    lab.screenshot(page, "exercise-07-solved-board", widget)
