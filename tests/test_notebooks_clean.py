"""The committed lessons hold no live widget state, and each names its kernel.

A lesson opened before its cells run must not show controls that move but do
nothing: no stored widget state (``metadata.widgets``), no widget views in the
outputs, and every widget's output is its still picture with "Run this cell to
play". ``tools/clean_notebooks.py`` makes a notebook so; these tests hold every
lesson to it, and check the tool itself on a small notebook.
"""

from __future__ import annotations

import json
import pathlib
import re
import sys

import nbformat
import pytest

from dominolab.i18n import gettext_for
from dominolab.widgets import SetExplorer
from dominolab.widgets._display import STILL_NOTE

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
import clean_notebooks  # noqa: E402  (tools/ is not a package)

LESSONS = sorted(p for p in (REPO / "notebooks").glob("**/*.ipynb")     # translations too
                 if ".ipynb_checkpoints" not in p.parts)
#: the still's line in each language a lesson is written in
NOTES = (STILL_NOTE, gettext_for("ru").gettext(STILL_NOTE))
WIDGET_CLASSES = ("SetExplorer", "ChainBuilder", "TilingBoard", "DominosaBoard", "GameBoard")


def test_there_are_lessons():
    assert len(LESSONS) >= 10


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_names_the_python3_kernel(path):
    spec = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("kernelspec")
    assert spec, f"{path.name} has no kernelspec: Jupyter would ask which kernel to start"
    assert spec["name"] == "python3" and spec.get("language") == "python"
    assert spec.get("display_name")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_is_a_valid_notebook_of_its_format(path):
    """Jupyter's server validates a notebook as it opens it and reports "Notebook validation
    failed" for one that breaks its format's schema (a cell id in a format older than 4.5:
    four Russian lessons carried them)."""
    nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    nbformat.validate(nb)


#: what names a folder of the machine a lesson was last run on (the checkout, a temporary
#: folder, a home folder, a virtual environment)
MACHINE_PATH = re.compile(r"(/tmp/|/home/|/root/|/work/|/Users/|site-packages|\.venv/)")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_output_names_no_folder_of_the_machine_it_ran_on(path):
    """A student opens the lesson before running it: its saved outputs (the progress table's
    file among them) name the files he finds, not the folders of whoever ran it last."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            texts = [out.get("text", "")] + list(out.get("data", {}).values())
            for t in texts:
                t = "".join(t) if isinstance(t, list) else str(t)
                m = MACHINE_PATH.search(t)
                if m:
                    found.append(f"cell {i}: ...{t[max(0, m.start() - 40):m.end() + 40]}...")
    assert not found, found


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_saved_pictures_shrink_to_a_phone(path):
    """Every saved picture (an SVG output) carries the renderers' ``max-width:100%`` style, so
    a lesson opened on a phone before it runs shows no picture wider than the screen (a lesson
    last run before the renderers had the style keeps stale pictures until it is run again)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    wide = []
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            for value in out.get("data", {}).values():
                text = "".join(value) if isinstance(value, list) else str(value)
                wide += [f"cell {i}: {m.group(0)[:120]}" for m in re.finditer(r"<svg\b[^>]*>", text)
                         if "max-width:100%" not in m.group(0)]
    assert not wide, wide


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_stores_no_live_widget_state(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"], f"{path.name} stores widget state"
    for k, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for live in clean_notebooks.LIVE:
                assert live not in data, f"{path.name} cell {k + 1} stores a live widget ({live})"
            shown = "".join(data.get("text/plain", []))
            widget = shown.startswith("<GameBoard") or (
                "object at" in shown and any(name in shown for name in WIDGET_CLASSES))
            if widget:
                still = "".join(data.get("text/html", []))
                assert "<svg" in still and any(note in still for note in NOTES), (
                    f"{path.name} cell {k + 1}: a widget's output must be its still picture")


def _widget_notebook() -> nbformat.NotebookNode:
    """A notebook as Jupyter saves it after a widget ran: state, a view, no kernelspec."""
    w = SetExplorer(n=2)
    data, _ = w._repr_mimebundle_()
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("SetExplorer(n=2)")
    cell.outputs = [nbformat.v4.new_output("execute_result", data=data, execution_count=1)]
    nb.cells = [nbformat.v4.new_markdown_cell("# a lesson"), cell]
    nb.metadata["widgets"] = {clean_notebooks.WIDGET_STATE: {"state": {w.model_id: {}}}}
    return nb


def test_the_tool_strips_widget_state_and_keeps_the_still(tmp_path):
    path = tmp_path / "lesson.ipynb"
    nbformat.write(_widget_notebook(), str(path))
    assert clean_notebooks.process(path, check=True) == [
        "would change (stored widget state or views, or the kernelspec)"]
    assert clean_notebooks.process(path) == []
    nb = nbformat.read(str(path), as_version=4)
    assert "widgets" not in nb.metadata
    assert nb.metadata.kernelspec.name == "python3"
    data = nb.cells[1].outputs[0].data
    assert set(data) == {"text/plain", "text/html"}
    assert STILL_NOTE in data["text/html"] and 'aria-label="double-2 set' in data["text/html"]
    assert clean_notebooks.process(path, check=True) == []          # clean now: nothing to do
    assert clean_notebooks.main(["--check", str(path)]) == 0


def test_the_tool_refuses_a_widget_without_a_still(tmp_path):
    nb = _widget_notebook()
    del nb.cells[1].outputs[0].data["text/html"]                    # saved before stills existed
    path = tmp_path / "old.ipynb"
    nbformat.write(nb, str(path))
    before = path.read_text()
    assert clean_notebooks.process(path) == [
        "cell 2 shows a widget without a still picture (run it again: --execute)"]
    assert path.read_text() == before                               # nothing half-done
    assert clean_notebooks.main([str(path)]) == 1


def test_the_tool_runs_a_notebook_to_give_its_widgets_stills(tmp_path):
    nb = _widget_notebook()
    nb.cells[1].source = "from dominolab.widgets import SetExplorer\nSetExplorer(n=1)"
    nb.cells[1].outputs = []
    nb.cells.append(nbformat.v4.new_code_cell("# NBVAL_RAISES_EXCEPTION\n1 / 0"))
    path = tmp_path / "run.ipynb"
    nbformat.write(nb, str(path))
    assert clean_notebooks.process(path, run=True) == []
    out = nbformat.read(str(path), as_version=4)
    data = out.cells[1].outputs[0].data
    assert "double-1 set" in data["text/html"] and clean_notebooks.WIDGET_VIEW not in data
    assert "widgets" not in out.metadata
    assert out.cells[2].outputs[0].output_type == "error"           # marked: allowed to raise

    out.cells[2].source = "1 / 0"                                    # unmarked: an error
    nbformat.write(out, str(path))
    assert clean_notebooks.process(path, run=True) == [
        "cell 3 raised ZeroDivisionError: division by zero"]


def test_every_widget_of_the_lessons_has_its_still():
    """The lessons show all five widgets; each shows up as a still before it runs."""
    shown = set()
    for path in LESSONS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for out in cell.get("outputs", []):
                html = "".join(out.get("data", {}).get("text/html", []))
                shown |= {name for name in WIDGET_CLASSES if f'aria-label="{name}, not running"' in html}
    assert shown == set(WIDGET_CLASSES)
