"""Shared pytest configuration: hypothesis profiles, English messages, and the work units
of a parallel run.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) derandomizes hypothesis so a CI
run is reproducible; locally examples vary from run to run.

``make test`` runs the suite in two processes (pytest-xdist: ``-n 2 --dist loadgroup
--no-loadscope-reorder``). A test goes to whichever process is free, except where tests
share what one process must hold; :func:`work_unit` keeps those together, in order:

- the cells of one notebook (nbval runs them one after another in one kernel);
- the tests of a module that defines a fixture shared by more than one test (module,
  class or session scope: it is built once);
- the browser-site lessons (``tests/browser/test_lite.py``), in two halves, one browser
  each (``make sweeps``; in ``make test`` the first half holds the site's checks without a
  browser);
- in a session that runs no sweep (``make test``), the JupyterLab browser tests (the rest of
  ``tests/browser/``): one process then starts one JupyterLab server and one Chromium and
  loads the app once, instead of each process doing it (about 6 CPU-seconds a process);
  they take under two minutes there, less than the other process's share of the rest.
  Under ``make sweeps`` every lesson is opened, and they go to whichever process is free;
- the modules in ``IN_FILE_ORDER``, whose tests pass only in file order.

(xdist's own ``loadgroup`` reads ``xdist_group`` marks by renaming each test's id, which
xdist 3.8 cannot do under pytest 9.2, whose ids are read-only; the scheduler below works
from the ids alone, so no mark is needed.) Under xdist the longest units are handed out
first (half the browser-site lessons, the other browser tests, the other half, ``make
lab``'s tests, the notebooks, then the rest in file order), so that neither process is left
with a long test at the end. A run in one process (``-n 0``) keeps pytest's own order.
"""

import functools
import os
import pathlib
import re

# The tests (and the notebooks nbval runs in kernels started from here) speak the
# language they assert, whatever the developer's locale: English unless a test says
# otherwise (tests/test_i18n.py switches with dominolab.i18n.using).
os.environ["DOMINOLAB_LANG"] = "en"

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None)
settings.register_profile(
    "ci", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

REPO = pathlib.Path(__file__).resolve().parents[1]
#: the browser-site lessons run in this many work units (one browser each)
LITE_UNITS = 2
LITE_TESTS = "tests/browser/test_lite.py"
#: test modules whose tests pass only in file order: one process runs each whole
#: (test_the_invariant_checker_catches_a_play_on_an_unmarked_train reads the engine's move
#: table that the tests before it in the file have filled; alone it fails with KeyError)
IN_FILE_ORDER = {"tests/test_mexican_train.py"}
#: a fixture wider than one test, defined in the test module itself
SHARED_FIXTURE = re.compile(
    r"""@pytest\.fixture\([^)]*scope\s*=\s*["'](module|class|session|package)""")


@functools.cache
def _defines_shared_fixture(path: str) -> bool:
    try:
        return bool(SHARED_FIXTURE.search((REPO / path).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False


@functools.cache
def _lessons() -> list[str]:
    return sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))


#: the work unit of the JupyterLab browser tests in a session that runs no sweep
ONE_LAB = "tests/browser/ (one JupyterLab)"


def runs_no_sweep(markexpr: str) -> bool:
    """Whether a session selected by the marker expression ``markexpr`` (``-m``) leaves out
    the tests marked ``sweep``, as ``make test``'s ``not slow and not sweep`` does."""
    return re.search(r"\bnot\s+sweep\b", markexpr or "") is not None


def work_unit(nodeid: str, one_lab: bool = False) -> str:
    """The unit of work a test belongs to: one process runs a unit's tests, in order.
    ``one_lab``: the JupyterLab browser tests make one unit (a session without sweeps)."""
    path, _, rest = nodeid.partition("::")
    if path.endswith(".ipynb"):
        return path
    if path == LITE_TESTS:
        lesson = re.search(r"\[([^\]]+)\]$", rest)
        half = _lessons().index(lesson.group(1)) if lesson and lesson.group(1) in _lessons() else 0
        return f"{path} (part {half % LITE_UNITS + 1})"
    if one_lab and path.startswith("tests/browser/"):
        return ONE_LAB
    if path in IN_FILE_ORDER or _defines_shared_fixture(path):
        return path
    return nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup``: xdist's scheduling by scope, with :func:`work_unit`'s units."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    one_lab = runs_no_sweep(config.getoption("markexpr"))

    class WorkUnits(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid, one_lab)

    return WorkUnits(config, log)


def _rank(item) -> int:
    """The order in which work is handed out under xdist: the longest first.

    The browser-site lessons' first half comes first (its process builds the site when it
    is not fresh), their second half after the other browser tests, so that the other
    process does not sit waiting for the build.
    """
    path = item.nodeid.partition("::")[0]
    if path == LITE_TESTS:
        return 0 if work_unit(item.nodeid).endswith("(part 1)") else 2
    if path.startswith("tests/browser/"):
        return 1
    if path == "tests/test_make_lab.py":
        return 3
    if path.endswith(".ipynb"):
        return 4
    return 5


def pytest_collection_modifyitems(config, items):
    if os.environ.get("PYTEST_XDIST_WORKER"):      # every worker collects, in the same order
        items.sort(key=_rank)                      # stable: file order within a rank
