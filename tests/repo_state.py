"""The checkout's state as git sees it, and who runs the lessons through ``make lab``.

Running a lesson and saving it through the server ``make lab`` starts must leave
``git status`` and every tracked file as they were: the server works on copies in
the ignored ``work/`` folder. Two tests check it:

- ``tests/browser/test_classroom.py`` runs lessons in Chromium (phone size) and
  saves them, on a ``make lab`` server whose working copies are in ``work/``; after each
  lesson it compares :func:`snapshot` with the one taken when the server started;
- ``tests/test_make_lab.py`` saves every lesson through a server of its own, and runs
  a lesson first (in a kernel of its own, where the server keeps it) only when the
  browser test does not run it in this session (:func:`lessons_run_in_the_browser`), so
  that a lesson is run once, not twice, for this check.

``make test`` runs the lesson sweeps (the browser site, the ``make lab`` check) on
:data:`SAMPLE_LESSONS`, one lesson of each kind, and the classroom test on the start page
(:data:`CLASSROOM_SAMPLE`); ``make sweeps``
(``-m sweep``, which CI runs after ``make test``) and ``make soak`` run them on every
other lesson. Every lesson is still run by nbval in ``make test``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
#: the browsers the tests drive, the first found: Chromium's old headless shell (Debian's
#: chromium-headless-shell: the same engine and version without the browser's own UI layer;
#: the browser tests of make test took about 21 CPU-seconds less in it, most of it the browser
#: process's), then Chromium itself
CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium-headless-shell",
                       "/usr/bin/chromium-headless-shell",
                       "/usr/bin/chromium", "/usr/bin/chromium-browser"]
#: the browser test that runs and saves every lesson through `make lab` (one item a lesson)
CLASSROOM_LESSONS = "tests/browser/test_classroom.py::test_a_lesson_fits_a_phone_and_a_projector"
#: the lessons the sweeps over every lesson run in ``make test``: the start page (text and one
#: widget cell) and a lesson of widgets (the chain builder, with the pictures,
#: tables, Markdown and text outputs a lesson without widgets shows: such a lesson, 02, added
#: no kind of check and a quarter of the classroom test's time, and is swept with the others).
#: Each sweep runs the others under ``-m sweep`` (``make sweeps``, which CI runs after
#: ``make test``, and ``make soak``).
SAMPLE_LESSONS = ("00-start-here.ipynb", "04-chains-and-euler.ipynb")
#: the classroom test's sample (phone and projector, in Notebook 7): the start page only. Its
#: run checks the shared touch sizes (44 px, on the start page's widget) and the presentation
#: size of a widget; the chain builder's, tiling board's and Dominosa board's presentation size
#: is checked by their own browser tests (tests/browser/test_chain_builder.py,
#: test_tiling_board.py, test_dominosa_board.py), which run their lessons anyway. Lesson 04 on
#: a phone and a projector (two more Notebook 7 loads and a run, 12-15 s of one process) is
#: checked with every other lesson in ``make sweeps``, as are the pictures and tables of every
#: lesson at both sizes.
CLASSROOM_SAMPLE = ("00-start-here.ipynb",)
#: the browser site's sample, which ``make test`` runs in the site's own kernel under Node.js
#: (tests/browser/test_lite.py): the lesson of widgets, whose checked outputs (ten
#: ``NBVAL_CHECK_OUTPUT`` cells) are compared as a lesson without widgets' would be, and whose
#: widget cell must make its widget. Opening a lesson of the site in Chromium takes 20-30 s
#: (Pyodide and the kernel starting in a new tab) against about 10 s there, so ``make sweeps``
#: opens every lesson, this one too, in the browser
LITE_SAMPLE = ("04-chains-and-euler.ipynb",)


def sweep(names, sample=SAMPLE_LESSONS):
    """``names`` as pytest parameters: those not in ``sample`` marked ``sweep`` (``make sweeps``,
    which CI runs, and ``make soak``)."""
    import pytest

    return [name if name in sample else pytest.param(name, marks=pytest.mark.sweep)
            for name in names]


def shares(first, rest):
    """A check split in two, as the values of one pytest parameter: ``first`` (id "first")
    for ``make test``, ``rest`` (id "rest") marked ``sweep`` for ``make sweeps`` (which CI
    runs) and ``make soak``. A share is what the check runs on: a range of a seeded stream,
    or a number of rounds and their seed."""
    import pytest

    return [pytest.param(first, id="first"),
            pytest.param(rest, id="rest", marks=pytest.mark.sweep)]


def is_git_checkout() -> bool:
    return shutil.which("git") is not None and (REPO / ".git").exists()


def status() -> str:
    """``git status --porcelain``, untracked files listed one by one."""
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=REPO,
                          capture_output=True, text=True, check=True).stdout


def tracked() -> dict[str, str]:
    """Every tracked file's SHA-256, by path."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                           check=True).stdout.decode().split("\0")
    return {f: hashlib.sha256((REPO / f).read_bytes()).hexdigest()
            for f in files if f and (REPO / f).is_file()}


def snapshot() -> tuple[str, dict[str, str]]:
    """What ``git status`` says and what every tracked file holds, now."""
    return status(), tracked()


def chromium() -> str | None:
    """The browser's path (``$CHROMIUM``, Debian's headless shell or Chromium, or
    ``chromium`` on ``PATH``), or None."""
    for path in [os.environ.get("CHROMIUM"), *CHROMIUM_CANDIDATES]:
        if path and os.path.exists(path):
            return path
    return shutil.which("chromium")


def browser_missing() -> str | None:
    """Why the JupyterLab browser tests cannot run here (None: they can)."""
    if not chromium():
        return "Chromium not found (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed"
    if shutil.which("make") is None or not (pathlib.Path(sys.prefix) / ".installed").exists():
        return ("the browser tests start the server with `make lab`, which needs make and "
                "the project's venv (`make venv`)")
    return None


def lessons_run_in_the_browser(session) -> set[str]:
    """The lessons this session runs (and saves) through `make lab` in the browser.

    Those whose classroom test is among the session's tests (after ``-m``/``-k``
    selection), when the browser tests can run here (otherwise none): that test checks
    that running and saving each of them leaves the checkout as it was.
    """
    if browser_missing() is not None or not is_git_checkout():
        return set()
    return {item.nodeid.split("[", 1)[1].split("]", 1)[0] for item in session.items
            if item.nodeid.startswith(CLASSROOM_LESSONS + "[")}
