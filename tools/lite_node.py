"""Run lessons in the built browser site's own Pyodide kernel, under Node.js, with no browser.

The site's kernel is Python compiled to WebAssembly (Pyodide) running the
``pyodide_kernel`` package that JupyterLite's web worker imports. Here Node.js
loads that same runtime, from the site's ``static/pyodide/`` with the site's own
``pyodide-lock.json`` and wheels, preloads the packages the site's
``jupyter-lite.json`` lists, imports ``pyodide_kernel``, mounts the site's
``files/`` folder as the kernel's drive and runs each code cell with the kernel's
own ``run`` (which loads the packages a cell imports from the lock, as in the
browser). Every output is recorded as a notebook stores it: streams, display data,
execute results, errors (with the error's ``ename``, ``evalue`` and traceback).

What this checks is the site's computation: that the lessons import and give their
answers in the browser's Python, from the wheels the site serves. It does not check
the page (JupyterLab, the widgets' drawing, the service worker): ``tools/lite_browser.py``
opens the lessons in Chromium for that. A lesson here takes a Node.js process about
ten seconds (most of it Pyodide and IPython starting), a lesson in Chromium twenty to
thirty.

    runs = run_lessons(site, [Lesson.read(site, "notebooks/04-chains-and-euler.ipynb")])
    runs[0].cells[3]["outputs"]
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import build_lite
import nbformat

# Node.js side: load the site's Pyodide with the kernel's packages, mount the site's files
# at /drive, run the Python side, write its JSON answer to the file named last.
RUN_MJS = """
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
const [runtime, files, job, answer] = process.argv.slice(2);
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const spec = JSON.parse(readFileSync(job, "utf8"));
const py = await loadPyodide({ indexURL: runtime + "/", packages: spec.preload,
                               stdout: () => {}, stderr: () => {} });
py.FS.mkdirTree("/drive");
py.FS.mount(py.FS.filesystems.NODEFS, { root: files }, "/drive");
py.globals.set("JOB", JSON.stringify(spec.lessons));
py.globals.set("BOOT", (performance.now() - started) / 1000);
writeFileSync(answer, await py.runPythonAsync(readFileSync(spec.runner, "utf8")));
"""

# Python side, inside Pyodide: the kernel as JupyterLite's worker sets it up (its streams,
# display publisher, display hook and comm sender given callbacks), one lesson after another.
RUNNER_PY = '''
import json, os, posixpath, time

started = time.perf_counter()
import pyodide_kernel
from pyodide_kernel import ipython_shell as shell, kernel_instance as kernel

outputs = []
comms = []


def stream(name, text):
    if outputs and outputs[-1]["output_type"] == "stream" and outputs[-1]["name"] == name:
        outputs[-1]["text"] += text
    else:
        outputs.append({"output_type": "stream", "name": name, "text": text})


def display(data, metadata, transient=None):
    outputs.append({"output_type": "display_data", "data": data, "metadata": metadata or {}})


def result(count, data, metadata):
    outputs.append({"output_type": "execute_result", "execution_count": count,
                    "data": data, "metadata": metadata or {}})


def clear(wait=False):
    outputs.clear()


pyodide_kernel.stdout_stream.publish_stream_callback = stream
pyodide_kernel.stderr_stream.publish_stream_callback = stream
shell.display_pub.display_data_callback = display
shell.display_pub.update_display_data_callback = display
shell.display_pub.clear_output_callback = clear
shell.displayhook.publish_execution_result = result
shell.send_comm = lambda kind, content, metadata, ident, buffers: comms.append(
    content["comm_id"]) if kind == "comm_open" else None
kernel_start = time.perf_counter() - started

answers = []
for lesson in json.loads(JOB):
    shell.reset(new_session=False)
    os.chdir(posixpath.join("/drive", posixpath.dirname(lesson["path"])))
    cells, seconds = [], []
    for source in lesson["cells"]:
        outputs, comms[:] = [], []
        began = time.perf_counter()
        reply = await kernel.run(source)
        seconds.append(time.perf_counter() - began)
        if reply["status"] == "error":
            outputs.append({"output_type": "error", "ename": reply["ename"],
                            "evalue": reply["evalue"], "traceback": list(reply["traceback"])})
        cells.append({"cell_type": "code", "source": source, "outputs": outputs,
                      "comms_opened": list(comms)})
    answers.append({"path": lesson["path"], "cells": cells, "seconds": seconds})
json.dumps({"boot": BOOT, "kernel": kernel_start, "lessons": answers}, default=repr)
'''


class LiteNodeError(RuntimeError):
    """Node.js could not run the lessons (no Node.js, no site, or the runtime failed)."""


@dataclass
class Lesson:
    """A lesson to run: its path under the site's ``files/`` (the kernel's working folder is
    its folder) and the sources of its code cells, in order."""

    path: str
    cells: list[str]

    @classmethod
    def read(cls, site: Path, path: str) -> Lesson:
        """The code cells of ``path`` as the site serves it (``files/<path>``)."""
        notebook = nbformat.reads((site / "files" / path).read_text(encoding="utf-8"),
                                  as_version=4)
        return cls(path, [c.source for c in notebook.cells if c.cell_type == "code"])


@dataclass
class LessonRun:
    """What the kernel gave a lesson: its code cells with their outputs, as a notebook
    stores them (``comms_opened``: the ids of the comms each cell opened, a widget's model
    id among them), and the seconds per cell."""

    path: str
    cells: list[dict[str, Any]]
    seconds: list[float] = field(default_factory=list)

    @property
    def notebook(self) -> dict[str, Any]:
        return {"cells": self.cells}


@dataclass
class Runs:
    """The lessons' runs, with the seconds Pyodide took to load (with the kernel's packages)
    and ``pyodide_kernel`` to start."""

    lessons: list[LessonRun]
    boot: float
    kernel: float


def run_lessons(site: Path, lessons: list[Lesson], *, timeout: float = 600.0) -> Runs:
    """Run ``lessons`` one after the other in one Pyodide kernel under Node.js, each in a fresh
    namespace (the kernel's ``reset``: modules imported by one lesson stay imported)."""
    node = shutil.which("node")
    if not node:
        raise LiteNodeError("node not found: Node.js runs the site's Pyodide (npm needs it too)")
    if not (site / "jupyter-lite.json").is_file():
        raise LiteNodeError(f"no built site at {site} (make lite builds it)")
    plugin = build_lite.kernel_settings(site)
    runtime = (site / plugin["pyodideUrl"]).parent
    with tempfile.TemporaryDirectory(prefix="lite-node-") as tmp:
        work = Path(tmp)
        (work / "run.mjs").write_text(RUN_MJS)
        (work / "runner.py").write_text(RUNNER_PY)
        (work / "job.json").write_text(json.dumps({
            "preload": plugin.get("loadPyodideOptions", {}).get("packages", []),
            "runner": str(work / "runner.py"),
            "lessons": [{"path": x.path, "cells": x.cells} for x in lessons],
        }))
        answer = work / "answer.json"
        try:
            done = subprocess.run(
                [node, str(work / "run.mjs"), str(runtime), str((site / "files").resolve()),
                 str(work / "job.json"), str(answer)],
                capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired as e:
            raise LiteNodeError(f"the lessons did not finish within {timeout:.0f} s "
                                "in Pyodide under Node.js") from e
        if done.returncode != 0 or not answer.is_file():
            raise LiteNodeError(f"Pyodide under Node.js failed (exit {done.returncode}):\n"
                                + (done.stderr or done.stdout)[-3000:])
        data = json.loads(answer.read_text())
    return Runs([LessonRun(x["path"], x["cells"], x["seconds"]) for x in data["lessons"]],
                boot=data["boot"], kernel=data["kernel"])
