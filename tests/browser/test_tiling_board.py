"""The tiling board in a real JupyterLab: remove cells, read the count or the reason; the
presentation size (the P key) on a projector-sized page; then exercise 06.6 answered with it
(click cells away until the colours balance and no tiling is left), on a fresh board (its
cell run again) in the lesson already open and run."""

import re

from dominolab.teach.course.l06_tilings import CORNER_CUT

from .conftest import DESKTOP
from .test_classroom import presentation_size


def test_tiling_board_counts_and_certifies_live(lab):
    page = lab.open("notebooks/06-tilings-and-the-mutilated-chessboard.ipynb")
    lab.run_all(page)
    widget = page.locator(".dl-tiling-board").first
    widget.wait_for()
    summary = widget.locator(".dl-tb-summary")
    cells = widget.locator("button.dl-tb-cell")
    assert cells.count() == 36
    assert summary.inner_text() == "6,728 tilings"  # 6x6 board, OEIS A004003

    # a projector: the presentation size draws its cells and text at 24 px or more (this is
    # the check of this widget that the classroom test makes on every lesson in make sweeps)
    page.set_viewport_size(DESKTOP)
    widget.scroll_into_view_if_needed()
    presentation_size(lab, page, widget, "tiling board", "tiling-board-presentation")

    # two opposite corners (same colour): the colouring certificate appears
    widget.get_by_role("button", name="cell (0, 0) dark", exact=True).click()
    lab.wait_text(page, summary, "^No tiling")
    widget.get_by_role("button", name="cell (5, 5) dark", exact=True).click()
    lab.wait_text(page, summary, "16 dark and 18 light")
    assert widget.get_by_role("button", name="cell (5, 5) removed", exact=True).get_attribute(
        "aria-pressed") == "true"
    assert widget.get_by_role("button", name="Show one tiling").is_disabled()
    lab.screenshot(page, "tiling-board-mutilated", widget)

    # put one corner back, take a light cell instead: tilings again
    widget.get_by_role("button", name="cell (5, 5) removed", exact=True).click()
    widget.get_by_role("button", name="cell (0, 1) light", exact=True).click()
    lab.wait_text(page, summary, r"^[\d,]+ tilings?$")
    assert int(summary.inner_text().split()[0].replace(",", "")) > 0

    # show one tiling: 34 cells become halves of 17 dominoes
    widget.get_by_role("button", name="Show one tiling").click()
    page.wait_for_function(
        "el => el.querySelectorAll('button.dl-tb-cell.domino').length === 34",
        arg=widget.element_handle(),
    )
    assert widget.locator("button.dl-tb-cell.h-left, button.dl-tb-cell.v-top").count() == 17
    lab.screenshot(page, "tiling-board-tiling", widget)

    # keyboard: arrows move the focus, Enter toggles the focused cell
    start = widget.get_by_role("button", name=re.compile(r"^cell \(1, 1\) dark"))
    start.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "el => el.querySelector('[data-row=\"2\"][data-col=\"1\"]')"
        ".getAttribute('aria-pressed') === 'true'",
        arg=widget.element_handle(),
    )
    assert widget.locator("button.dl-tb-cell.domino").count() == 0  # tiling cleared
    assert widget.locator(".dl-tb-summary").inner_text().startswith("No tiling")

    # an isolated corner: the odd-piece certificate marks it with ● on the board
    widget.get_by_role("button", name="Restore all cells").click()
    lab.wait_text(page, summary, "^6,728 tilings$")
    for name in ("cell (0, 1) light", "cell (1, 0) light", "cell (4, 4) dark",
                 "cell (5, 5) dark"):
        widget.get_by_role("button", name=name, exact=True).click()
    lab.wait_text(page, summary, r"piece of 1 cell containing \(0, 0\)")
    marked = widget.get_by_role("button", name="cell (0, 0) dark, marked", exact=True)
    assert marked.inner_text() == "●"
    assert "odd number of cells" in widget.locator(".dl-tb-legend").inner_text()
    lab.screenshot(page, "tiling-board-odd-piece", widget)

    # exercise 06.6 on a fresh board: first a wrong answer, two corners of one colour, which
    # the colouring already rules out; then a balanced board without a tiling
    widget = lab.rerun_widget(page, "board6 = TilingBoard", ".dl-tiling-board")
    summary = widget.locator(".dl-tb-summary")
    for cell in ((0, 0), (5, 5)):
        widget.get_by_role("button", name=re.compile(rf"^cell \({cell[0]}, {cell[1]}\)")).click()
    lab.wait_text(page, summary, "16 dark and 18 light")
    wrong = lab.run_cell(page, "e6.check(answer)", "Not yet")
    assert "16 dark and 18 light" in wrong and "colouring" in wrong
    widget.get_by_role("button", name="Restore all cells").click()
    lab.wait_text(page, summary, "^6,728 tilings$")
    for r, c in CORNER_CUT:
        widget.get_by_role("button", name=re.compile(rf"^cell \({r}, {c}\)")).click()
    lab.wait_text(page, summary, "^No tiling")
    verdict = lab.run_cell(page, "e6.check(answer)", "Correct")
    assert "balanced colours and no tiling" in verdict
    lab.screenshot(page, "exercise-06-balanced-board", widget)
