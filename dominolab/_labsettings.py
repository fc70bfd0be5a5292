"""Write JupyterLab settings overrides into the current environment.

JupyterLab 4 asks which kernel to start and whether to fetch news; both
dialogs block a class demo (and browser tests). ``python -m
dominolab._labsettings`` writes ``overrides.json`` under
``<sys.prefix>/share/jupyter/lab/settings`` so the kernel starts by itself
and no news is fetched. It also lays out every cell of a notebook
(``windowingMode: none``): by default JupyterLab skips drawing cells out of
view, so a widget scrolled back to shows no text for a moment, and search and
printing miss it; the lessons are short enough to draw whole. It only
touches that one file of the environment.
"""

from __future__ import annotations

import json
import pathlib
import sys

OVERRIDES = {
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True,
                                               "windowingMode": "none"},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
}


def write_overrides(prefix: str | None = None) -> pathlib.Path:
    """Merge :data:`OVERRIDES` into the environment's overrides.json; return its path."""
    path = pathlib.Path(prefix or sys.prefix) / "share" / "jupyter" / "lab" / "settings"
    path.mkdir(parents=True, exist_ok=True)
    target = path / "overrides.json"
    current = {}
    if target.exists():
        try:
            current = json.loads(target.read_text())
        except json.JSONDecodeError:
            current = {}
    for key, value in OVERRIDES.items():
        current.setdefault(key, {}).update(value)
    target.write_text(json.dumps(current, indent=2) + "\n")
    return target


if __name__ == "__main__":  # pragma: no cover
    print(f"JupyterLab settings written to {write_overrides()}")
