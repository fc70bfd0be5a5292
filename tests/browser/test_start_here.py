"""The start notebook in a real JupyterLab: run it, move the set explorer's slider."""

import re


def test_set_explorer_slider_redraws_the_set(lab):
    page = lab.open("notebooks/00-start-here.ipynb")
    lab.run_all(page)
    widget = page.locator(".dl-set-explorer").first
    widget.wait_for()
    summary = widget.locator(".dl-summary")
    tiles = widget.locator(".dl-picture g.tile")
    assert summary.inner_text() == "double-6 set: 28 tiles, 168 pips"
    assert tiles.count() == 28

    slider = widget.get_by_role("slider", name="largest number n")
    slider.focus()
    for _ in range(3):
        slider.press("ArrowLeft")
    page.wait_for_function(
        "el => el.textContent.startsWith('double-3 set')", arg=summary.element_handle()
    )
    assert summary.inner_text() == "double-3 set: 10 tiles, 30 pips"
    assert tiles.count() == 10
    assert widget.locator(".dl-picture [aria-label='domino 0-3']").count() == 1

    slider.press("End")
    page.wait_for_function(
        "el => el.textContent.startsWith('double-12 set')", arg=summary.element_handle()
    )
    assert re.fullmatch(r"double-12 set: 91 tiles, 1092 pips", summary.inner_text())
    # the counts and the picture arrive in one message, so they are never out of step
    assert tiles.count() == 91
    lab.screenshot(page, "start-here-set-explorer", widget)
