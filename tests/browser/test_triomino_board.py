"""The triomino board in a real JupyterLab: select a tile and lay it by keyboard, pan and
zoom the table, lay a tile by clicking its outline on the table, and play a whole round
with the board's own buttons."""

from __future__ import annotations

import nbformat

from .conftest import DESKTOP, JupyterLab
from .test_classroom import METRICS

CELLS = [
    "from dominolab.widgets import TriominoBoard",
    "board = TriominoBoard(seed=4)\nboard",
]


def _notebook(lab) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = lab.root / "notebooks" / "_triominoes.ipynb"
    nbformat.write(nb, str(path))
    return "notebooks/_triominoes.ipynb"


def _do(page, board, action):
    tick = board.get_attribute("data-tick")
    action()
    JupyterLab.wait_tick(page, board, tick)


def _view_box(board):
    return [float(v) for v in board.locator(".dl-view svg").get_attribute("viewBox").split()]


def _my_move(page, board):
    """Draw or pass when that is the only move, else lay the hinted tile; False when the
    round is over."""
    if board.locator(".dl-panel").is_visible():
        return False
    draw = board.get_by_role("button", name="draw a tile (minus 5)")
    passing = board.get_by_role("button", name="pass (minus 10)")
    if draw.is_enabled():
        _do(page, board, draw.click)
    elif passing.is_enabled():
        _do(page, board, passing.click)
    else:
        _do(page, board, board.get_by_role("button",
                                           name="hint: choose what the greedy bot would play").click)
        assert board.locator(".dl-status").inner_text().startswith("Hint: place ")
        _do(page, board, board.locator("button.dl-place.dl-hinted").click)
    error = board.locator(".dl-error")
    assert not error.is_visible(), error.inner_text()
    return True


def test_play_a_round_of_triominoes(lab):
    page = lab.open(_notebook(lab), width=DESKTOP["width"], height=1600)
    lab.run_all(page)
    board = lab.widget(page, ".dl-triominoes")
    tiles = board.locator("button.dl-ttile")
    assert tiles.count() == 9
    labels = [tiles.nth(k).get_attribute("aria-label") for k in range(9)]
    assert all(name.startswith("triomino ") and ", worth " in name for name in labels), labels
    assert board.locator(".dl-status").inner_text() == "Your turn."
    while not board.locator("button.dl-ttile.dl-fits").count():   # nothing fits: draw
        _my_move(page, board)

    # keyboard: Enter on a tile that fits selects it and takes the focus to its places
    tile = board.locator("button.dl-ttile.dl-fits").first
    name = tile.get_attribute("data-tile")
    tile.focus()
    _do(page, board, lambda: page.keyboard.press("Enter"))
    assert board.locator(f'button.dl-ttile[data-tile="{name}"]').get_attribute(
        "aria-pressed") == "true"
    places = board.locator("button.dl-place")
    n = places.count()
    assert n >= 1 and board.locator(".dl-view svg .dl-target").count() == n
    first = places.first.get_attribute("aria-label")
    assert first.startswith("place ") and " pointing " in first and ", scores " in first
    assert page.evaluate("() => document.activeElement.classList.contains('dl-place')")
    if n > 1:
        page.keyboard.press("ArrowDown")
        assert page.evaluate("() => document.activeElement.dataset.k") == "1"
        assert board.locator('.dl-target.dl-preview').get_attribute("data-k") == "1"
    k = page.evaluate("() => document.activeElement.dataset.k")
    chosen = board.locator(f'button.dl-place[data-k="{k}"]').get_attribute("aria-label")
    _do(page, board, lambda: page.keyboard.press("Enter"))
    laid = chosen.removeprefix("place ").split(", scores")[0]
    table = board.locator(".dl-view svg")
    assert table.locator(f'g.triomino[aria-label="{laid}"]').count() == 1, laid
    assert board.locator(".dl-loglist li").filter(has_text=f"You: {laid}").count() == 1

    # the table zooms and pans inside the widget (keys on the focused table, buttons)
    whole = _view_box(board)
    board.locator(".dl-view").focus()
    page.keyboard.press("+")
    zoomed = _view_box(board)
    assert zoomed[2] < whole[2] and board.locator(".dl-view").get_attribute("data-zoom") == "1.400"
    page.keyboard.press("ArrowRight")
    assert _view_box(board)[0] > zoomed[0]
    board.get_by_role("button", name="show the whole table").click()
    assert _view_box(board) == whole

    # a tile laid by clicking its outline on the table
    while True:
        if not _my_move(page, board):
            break
        fits = board.locator("button.dl-ttile.dl-fits")
        if fits.count() and board.locator(".dl-status").inner_text() == "Your turn.":
            _do(page, board, fits.first.click)
            target = board.locator(".dl-view svg .dl-target").first
            label = target.get_attribute("aria-label")
            _do(page, board, target.click)
            laid = label.removeprefix("place ").split(", scores")[0]
            assert board.locator(f'.dl-view svg g.triomino[aria-label="{laid}"]').count() == 1
            break

    # the rest of the round with the board's buttons
    for _ in range(200):
        if not _my_move(page, board):
            break
    panel = board.locator(".dl-panel")
    assert panel.is_visible()
    lines = panel.locator("li")
    assert lines.count() == 3 and (" went out" in lines.first.inner_text()
                                   or "blocked" in lines.first.inner_text())
    lab.screenshot(page, "triominoes-round-end", board)
    _do(page, board, board.get_by_role("button", name="deal the next round").click)
    assert not panel.is_visible()

    # the presentation size (the P key): numbers and text of 24 px or more
    board.get_by_role("button", name="presentation size (P)").focus()
    _do(page, board, lambda: page.keyboard.press("p"))
    page.wait_for_function("e => e.classList.contains('dl-large')", arg=board.element_handle())
    m = board.evaluate(METRICS)
    assert m["text"] >= 24, m
    print(f"\nTriominoes at {DESKTOP['width']} px, presentation size: smallest text "
          f"{m['text']:.1f} px ({m['smallest']!r})")
    lab.screenshot(page, "triominoes-presentation", board)
