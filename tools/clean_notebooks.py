"""Clean the lessons before they are committed: no live widget state, a python3 kernel.

A notebook opened before its cells run has no live widgets. If it stored the
widgets' state (``metadata.widgets``) and their views, Jupyter would draw
controls that move but do nothing; without the state it would draw an error.
So a committed lesson keeps, for each widget, only the still picture the widget
puts in its own output (``text/html``: what it shows and "Run this cell to
play") and its ``text/plain``. This tool

- removes ``metadata.widgets`` (the stored widget state);
- removes the live parts of every output: the widget view
  (``application/vnd.jupyter.widget-view+json``) and stored widget state;
- sets the kernelspec to ``python3`` where it is missing or different
  (Jupyter otherwise asks which kernel to start);
- with ``--execute``, first runs the notebook (nbclient, in its own folder, the
  current environment's ``python3`` kernel) so every widget output carries its
  still. A cell that raises is an error unless it is marked
  ``# NBVAL_RAISES_EXCEPTION`` (or tagged ``raises-exception``); then nothing is written.

A widget output without a still (saved before the widgets had one) cannot be
mended without running the cell: the tool names it and exits with status 1
(run it again with ``--execute``). ``--check`` changes nothing and exits with
status 1 when a notebook would change.

Usage::

    python tools/clean_notebooks.py                  # every notebooks/*.ipynb
    python tools/clean_notebooks.py --execute notebooks/07-dominosa.ipynb
    python tools/clean_notebooks.py --check
"""

from __future__ import annotations

import argparse
import copy
import pathlib
import sys
from typing import Any

import nbformat

REPO = pathlib.Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
LIVE = (WIDGET_VIEW, WIDGET_STATE)
#: what a still can be: anything Jupyter draws without a kernel
STILL = ("text/html", "image/svg+xml", "image/png")
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def clean(nb: Any) -> list[str]:
    """Clean ``nb`` (a notebook node) in place; return what is still wrong (a list of
    problems: widget outputs without a still)."""
    problems = []
    nb.metadata.pop("widgets", None)
    spec = nb.metadata.get("kernelspec") or {}
    if spec.get("name") != "python3" or "display_name" not in spec:
        nb.metadata["kernelspec"] = dict(KERNELSPEC)
    for k, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            data = out.get("data")
            if not data or not any(m in data for m in LIVE):
                continue
            for m in LIVE:
                data.pop(m, None)
            if not any(m in data for m in STILL):
                problems.append(f"cell {k + 1} shows a widget without a still picture "
                                "(run it again: --execute)")
    return problems


def _allowed_to_raise(cell: Any) -> bool:
    return ("NBVAL_RAISES_EXCEPTION" in cell.source
            or "raises-exception" in cell.get("metadata", {}).get("tags", []))


def execute(nb: Any, folder: pathlib.Path, timeout: int = 600) -> list[str]:
    """Run every cell of ``nb`` in ``folder``; return the cells that raised unexpectedly."""
    from nbclient import NotebookClient  # only --execute needs it

    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True,
                            record_timing=False, resources={"metadata": {"path": str(folder)}})
    client.execute()
    bad = []
    for k, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or _allowed_to_raise(cell):
            continue
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                bad.append(f"cell {k + 1} raised {out.get('ename')}: {out.get('evalue')}")
    return bad


def process(path: pathlib.Path, *, run: bool = False, check: bool = False) -> list[str]:
    """Clean one notebook file (run it first with ``run``); return its problems.

    With ``check`` the file is not written and a needed change is a problem.
    """
    original = nbformat.read(str(path), as_version=4)
    nb = copy.deepcopy(original)
    if run:
        failed = execute(nb, path.parent)
        if failed:
            return failed
    problems = clean(nb)
    if nb != original:
        if check:
            problems.insert(0, "would change (stored widget state or views, or the kernelspec)")
        elif not problems:
            nbformat.write(nb, str(path))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path,
                        help="notebooks to clean (default: notebooks/**/*.ipynb)")
    parser.add_argument("--execute", action="store_true",
                        help="run each notebook first, so widget outputs carry their stills")
    parser.add_argument("--check", action="store_true", help="change nothing; report")
    args = parser.parse_args(argv)
    # the lessons and their translations (a folder per language)
    paths = args.notebooks or sorted(p for p in (REPO / "notebooks").glob("**/*.ipynb")
                                      if ".ipynb_checkpoints" not in p.parts)
    status = 0
    for path in paths:
        problems = process(path, run=args.execute, check=args.check)
        for p in problems:
            print(f"{path}: {p}")
        if problems:
            status = 1
        elif not args.check:
            print(f"{path}: clean")
    return status


if __name__ == "__main__":
    sys.exit(main())
