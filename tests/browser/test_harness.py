"""The browser tests' own harness: one loaded JupyterLab app per process, each test's
notebook opened in it alone, whatever the test before left open."""

import pytest

from .conftest import CAPTURE_REFUSED, JupyterLab, capture


def test_the_loaded_app_opens_each_tests_notebook_alone(_lab_server):
    app = _lab_server[-1]
    first = JupyterLab(*_lab_server)
    page = first.open("notebooks/00-start-here.ipynb")
    loads = app.loads
    # the test leaves a dialog open (Help > About), as a test that fails half-way may
    page.evaluate("() => { window.jupyterapp.commands.execute('help:about'); }")
    page.locator(".jp-Dialog").first.wait_for()
    first.close()

    second = JupyterLab(*_lab_server)
    again = second.open("notebooks/01-counting-tiles.ipynb")
    try:
        assert again.locator(".jp-Dialog").count() == 0
        titles = again.evaluate(
            "() => Array.from(window.jupyterapp.shell.widgets('main')).map(w => w.title.label)")
        # (the Launcher JupyterLab opens in an empty main area, and this test's notebook)
        assert [t for t in titles if t != "Launcher"] == ["01-counting-tiles.ipynb"]
        assert again.evaluate("() => window.jupyterapp.shell.currentWidget.title.label") \
            == "01-counting-tiles.ipynb"
        assert again.locator(".jp-Notebook").count() == 1
        # the same page, its dialog dismissed: not loaded again
        assert again is page and app.loads == loads
    finally:
        second.close()


def test_a_refused_capture_is_asked_again_and_any_other_error_is_raised(tmp_path):
    from playwright.sync_api import Error

    class Page:
        def __init__(self, errors):
            self.errors, self.calls = list(errors), []

        def screenshot(self, path, **options):
            self.calls.append((path, options))
            if self.errors:
                raise Error(self.errors.pop(0))

    refused = f"Page.screenshot: Protocol error (Page.captureScreenshot): {CAPTURE_REFUSED}"
    page = Page([refused, refused])
    capture(page, tmp_path / "a.png", full_page=True)
    assert page.calls == [(str(tmp_path / "a.png"), {"full_page": True})] * 3
    with pytest.raises(Error, match=CAPTURE_REFUSED):
        capture(Page([refused] * 3), tmp_path / "b.png")
    other = Page(["Target page, context or browser has been closed"])
    with pytest.raises(Error, match="closed"):
        capture(other, tmp_path / "c.png")
    assert len(other.calls) == 1
