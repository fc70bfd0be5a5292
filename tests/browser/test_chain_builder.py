"""The chain builder in a real JupyterLab: click tiles, read the open ends and the verdict;
the presentation size (the P key) on a projector-sized page; then exercise 04.3 answered with
it (a stuck line built by clicks), on a fresh builder (its cell run again) in the lesson
already open and run."""

from dominolab.teach.course.l04_chains import SHORT_STUCK_LINE

from .conftest import DESKTOP
from .test_classroom import presentation_size


def test_chain_builder_clicks_extend_the_line(lab):
    page = lab.open("notebooks/04-chains-and-euler.ipynb")
    lab.run_all(page)
    widget = page.locator(".dl-chain-builder").first
    widget.wait_for(state="attached")      # the notebook renders lazily: scroll to it
    widget.scroll_into_view_if_needed()
    widget.wait_for()
    ends = widget.locator(".dl-ends")
    verdict = widget.locator(".dl-verdict")
    assert ends.inner_text().startswith("Open ends: none yet")
    assert widget.get_by_role("button", name="domino 0-0", exact=True).count() == 1
    assert widget.locator("button.dl-tile").count() == 28

    def click(label):
        widget.get_by_role("button", name=f"domino {label}", exact=True).click()

    def wait_ends(text):
        page.wait_for_function("([el, t]) => el.textContent === t",
                               arg=[ends.element_handle(), text])

    click("2-5")
    wait_ends("Open ends: 2 and 5")
    click("5-6")                       # fits the right end only
    wait_ends("Open ends: 2 and 6")
    click("1-2")                       # fits the left end only
    wait_ends("Open ends: 1 and 6")
    assert widget.locator(".dl-line").inner_text() == "Line: 1:2 2:5 5:6"
    assert verdict.inner_text().startswith("Yes, it can be finished")
    assert widget.get_by_role("button", name="domino 2-5", exact=True) \
        .get_attribute("aria-disabled") == "true"

    # a tile that fits neither end: the error is shown and the line is kept
    click("3-4")
    error = widget.locator(".dl-error")
    page.wait_for_function("el => el.textContent.length > 0", arg=error.element_handle())
    assert error.inner_text() == "3:4 does not fit: the open ends are 1 and 6"
    assert ends.inner_text() == "Open ends: 1 and 6"

    # keyboard: choose the left end, then play 1:6 with Enter (it fits both ends)
    widget.get_by_role("button", name="add at the left end").press("Enter")
    widget.get_by_role("button", name="domino 1-6", exact=True).press("Enter")
    wait_ends("Open ends: 6 and 6 (they match)")
    assert widget.locator(".dl-line").inner_text() == "Line: 6:1 1:2 2:5 5:6"
    assert widget.locator(".dl-picture g.tile").count() == 4

    widget.get_by_role("button", name="Undo").click()
    wait_ends("Open ends: 1 and 6")
    lab.screenshot(page, "chain-builder", widget)

    # a projector: the presentation size draws its tile halves and text at 24 px or more (the
    # check of this widget that the classroom test makes on lesson 04 in make sweeps)
    page.set_viewport_size(DESKTOP)
    widget.scroll_into_view_if_needed()
    presentation_size(lab, page, widget, "chain builder", "chain-builder-presentation")

    # exercise 04.3 on a fresh builder: an untouched builder is not a try; a stuck line is
    widget = lab.rerun_widget(page, "builder = ChainBuilder", ".dl-chain-builder")
    ends = widget.locator(".dl-ends")
    text = lab.run_cell(page, "e3.check(answer)", "Not yet")
    assert "empty" in text
    for pair in SHORT_STUCK_LINE.split():
        a, b = sorted(int(x) for x in pair.split(":"))
        widget.get_by_role("button", name=f"domino {a}-{b}", exact=True).click()
        page.wait_for_function("([el, t]) => el.textContent.includes(t)",
                               arg=[widget.locator(".dl-line").element_handle(), pair])
    assert ends.inner_text() == "Open ends: 0 and 1"
    assert widget.locator(".dl-verdict").inner_text().startswith("No")
    verdict = lab.run_cell(page, "e3.check(answer)", "Correct", shot="exercise-04")
    assert "stuck" in verdict and "cannot be reached" in verdict
    lab.screenshot(page, "exercise-04-stuck-line", widget)
