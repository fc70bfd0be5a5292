"""The Tien Gow board in a real JupyterLab: select tiles by click and by keyboard, see an
illegal lead refused with its rule, play a whole round with the board's own buttons."""

from __future__ import annotations

import nbformat

from .conftest import DESKTOP, JupyterLab
from .test_classroom import METRICS

CELLS = [
    "from dominolab.widgets import TienGowBoard",
    "board = TienGowBoard(seed=11, banker=0)\nboard",
]


def _notebook(lab) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = lab.root / "notebooks" / "_tien_gow.ipynb"
    nbformat.write(nb, str(path))
    return "notebooks/_tien_gow.ipynb"


def _do(page, board, action):
    tick = board.get_attribute("data-tick")
    action()
    JupyterLab.wait_tick(page, board, tick)


def test_play_a_round_of_tien_gow(lab):
    page = lab.open(_notebook(lab), width=DESKTOP["width"], height=1400)
    lab.run_all(page)
    board = lab.widget(page, ".dl-tien-gow")
    tiles = board.locator("button.dl-ctile")
    assert tiles.count() == 8
    labels = [tiles.nth(k).get_attribute("aria-label") for k in range(8)]
    assert all(" (" in name and ":" in name for name in labels), labels
    assert board.locator(".dl-status").inner_text() == "Your turn."

    # keyboard: Space on a focused tile selects it, Enter on another too
    tiles.nth(0).focus()
    _do(page, board, lambda: page.keyboard.press("Space"))
    assert tiles.nth(0).get_attribute("aria-pressed") == "true"
    _do(page, board, lambda: tiles.nth(7).press("Enter"))
    assert tiles.nth(7).get_attribute("aria-pressed") == "true"
    # the strongest and the weakest tile make no set: the lead is refused, nothing moves
    play = board.get_by_role("button", name="play the selected tiles face up")
    _do(page, board, play.click)
    error = board.locator(".dl-error")
    assert "not a set that can be led" in error.inner_text()
    assert tiles.count() == 8 and tiles.nth(0).get_attribute("aria-pressed") == "true"
    _do(page, board, board.get_by_role("button", name="Clear selection").click)
    assert board.locator('button.dl-ctile[aria-pressed="true"]').count() == 0

    hint = board.get_by_role("button", name="hint: select what the rule-based bot would play")
    down = board.get_by_role("button", name="play the selected tiles face down")
    panel = board.locator(".dl-panel")
    for _ in range(40):
        if panel.is_visible():
            break
        _do(page, board, hint.click)
        text = board.locator(".dl-status").inner_text()
        assert text.startswith("Hint: play "), text
        _do(page, board, (play if text.endswith("face up.") else down).click)
        assert not error.is_visible(), error.inner_text()
    assert panel.is_visible()
    lines = panel.locator("li")
    assert lines.count() == 5 and lines.first.inner_text().endswith("wins the round.")
    assert board.locator(".dl-loglist li").count() >= 16
    lab.screenshot(page, "tien-gow-round-end", board)
    _do(page, board, board.get_by_role("button", name="deal the next round").click)
    assert not panel.is_visible() and tiles.count() == 8

    # the presentation size (the P key): tiles, numbers and text of 24 px or more
    board.get_by_role("button", name="presentation size (P)").focus()
    _do(page, board, lambda: page.keyboard.press("p"))
    page.wait_for_function("e => e.classList.contains('dl-large')", arg=board.element_handle())
    m = board.evaluate(METRICS)
    assert m["text"] >= 24 and m["tile"] >= 24, m
    print(f"\nTien Gow at {DESKTOP['width']} px, presentation size: smallest text "
          f"{m['text']:.1f} px, tile {m['tile']:.1f} px")
    lab.screenshot(page, "tien-gow-presentation", board)
