"""The whole course as a static site, offline (marker ``lite``).

One session builds the JupyterLite site (``tools/build_lite.py``; a build whose
fingerprint matches this checkout is reused; one process builds at a time). Then:

- ``make test`` runs the lesson of widgets (``tests/repo_state.py``'s ``LITE_SAMPLE``)
  in the site's own kernel with no browser: the site's Pyodide, its lock and wheels
  and its ``pyodide_kernel``, under Node.js (``tools/lite_node.py``). Every cell runs
  with no error output, the text outputs of the ``# NBVAL_CHECK_OUTPUT`` cells equal
  the committed ones (sanitized as ``tests/nbval_sanitize.cfg`` says, as nbval compares
  them), and every cell that shows a widget makes one. A probe run in the same kernel
  shows that an error, a write to stderr and a changed output are caught.
- ``make sweeps`` (which CI runs) and ``make soak`` serve the site on 127.0.0.1 and open
  every lesson, ``notebooks/*.ipynb`` whatever they are, in headless Chromium in which
  every other address is blocked (under pytest-xdist in two halves, each in a browser of
  its own: ``tests/conftest.py``). For each lesson: the same checks, every widget is
  drawn and answers one click, and nothing outside the site was asked for. The timings
  (open to idle kernel, first cell, first widget, widget round trips) are printed as a
  table at the end of the run and written to ``test-artifacts/lite-timings-<process>.txt``.
  A lesson there takes 20 to 30 s, most of it the kernel starting in a new tab, against
  about 10 s under Node.js.
- ``make sweeps`` also runs every translated lesson (``notebooks/ru/``) in the site's kernel
  under Node.js, one language in one kernel, with the sample's checks.

Without Chromium (for the browser's lessons), Node.js, or npm for a first build, the tests
are skipped with a reason, except under ``CI=true``, where that is an error.
"""

from __future__ import annotations

import configparser
import contextlib
import fcntl
import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from dominolab import i18n

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

import build_lite  # noqa: E402
import lite_browser  # noqa: E402
import lite_node  # noqa: E402

from .. import repo_state  # noqa: E402

pytestmark = pytest.mark.lite
ARTIFACTS = Path(os.environ.get("DOMINOLAB_ARTIFACTS", REPO / "test-artifacts"))

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# What nbval does not compare (tests/nbval_sanitize.cfg covers the rest).
NOT_COMPARED = {WIDGET_MIME, "image/png", "image/jpeg"}


def _unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI=true: the browser-site tests must run)")
    pytest.skip(reason)


@contextlib.contextmanager
def _one_build_at_a_time():
    """Hold a lock on the build's cache folder: under pytest-xdist each process that opens
    lessons asks for the site, and only the first one builds it (the others find it fresh)."""
    build_lite.CACHE.mkdir(exist_ok=True)
    with open(build_lite.CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def lite_site():
    """The built site (built now unless a fresh build of this checkout is there)."""
    with _one_build_at_a_time():
        if not build_lite.is_fresh():
            for tool in ("npm", "node"):
                if not shutil.which(tool):
                    _unavailable(f"{tool} not found: the site's Pyodide comes from the npm "
                                 "registry, and Node.js compiles its wheels")
        try:
            return build_lite.build()
        except build_lite.LiteBuildError as e:
            pytest.fail(f"make lite failed: {e}")


@pytest.fixture(scope="module")
def lite_lessons(lite_site, request):
    """One browser (one student's profile) on the served site, closed (and the timings
    printed) when this module's tests are done."""
    if not repo_state.chromium():
        _unavailable("Chromium not found (apt-get install chromium)")
    pytest.importorskip("playwright")
    runs: list[lite_browser.LessonRun] = []
    with lite_browser.SiteServer(lite_site) as base, \
            lite_browser.Lessons(repo_state.chromium(), base) as lessons:
        lessons.runs = runs
        yield lessons
    if runs:
        table = (f"browser site timings in {Path(repo_state.chromium() or '?').name}, seconds "
                 "(first lesson: empty cache)\n"
                 + lite_browser.timing_table(runs))
        _report(request.config, table)
        # under pytest-xdist a process's terminal output is not shown: the table is kept too
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"lite-timings-{worker}.txt").write_text(table + "\n")


def _report(config, text: str) -> None:
    """Print past pytest's output capture (a session fixture's teardown is captured)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None:
        return
    with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
        reporter.write_line("")
        for line in text.splitlines():
            reporter.write_line(line)


def _sanitizers() -> list[tuple[re.Pattern, str]]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(REPO / "tests" / "nbval_sanitize.cfg")
    return [(re.compile(parser[s]["regex"]), parser[s]["replace"]) for s in parser.sections()]


SANITIZE = _sanitizers()


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _clean(text: str) -> str:
    for pattern, replace in SANITIZE:
        text = pattern.sub(replace, text)
    return text


def comparable(outputs: list[dict]) -> dict[str, list[str]]:
    """Outputs as nbval compares them: streams joined per name, every MIME type's
    text (but widget views and bitmaps) listed in order, all sanitized."""
    found: dict[str, list[str]] = {}
    streams: dict[str, str] = {}
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            streams[out.get("name", "stdout")] = (
                streams.get(out.get("name", "stdout"), "") + _text(out.get("text", "")))
        elif kind in ("execute_result", "display_data"):
            for mime, value in (out.get("data") or {}).items():
                if mime not in NOT_COMPARED:
                    text = json.dumps(value, sort_keys=True) if isinstance(value, dict) \
                        else _text(value)
                    found.setdefault(mime, []).append(_clean(text))
        elif kind == "error":
            found.setdefault("error", []).append(f"{out.get('ename')}: {out.get('evalue')}")
    for name, text in streams.items():
        found[f"stream:{name}"] = [_clean(text)]
    return found


def _marks(cell: dict) -> str:
    return _text(cell.get("source", ""))


def _cell_problems(committed: dict, ran: dict) -> list[str]:
    """What differs between the committed lesson and its run: a code cell that raised (but
    where ``NBVAL_RAISES_EXCEPTION`` says it must), wrote to stderr (where the committed one
    did not), or whose checked outputs (``NBVAL_CHECK_OUTPUT``) differ."""
    problems = []
    ours = [c for c in committed["cells"] if c["cell_type"] == "code"]
    theirs = [c for c in ran.get("cells", []) if c.get("cell_type") == "code"]
    if len(ours) != len(theirs):
        return [f"{len(ours)} code cells committed, {len(theirs)} run"]
    for number, (mine, got) in enumerate(zip(ours, theirs), start=1):
        source = _marks(mine)
        where = f"code cell {number} ({source.strip().splitlines()[0][:60] if source.strip() else ''!r})"
        outs = got.get("outputs", [])
        errors = [o for o in outs if o.get("output_type") == "error"]
        if errors and "NBVAL_RAISES_EXCEPTION" not in source:
            e = errors[0]
            tb = "\n".join(_text(t) for t in e.get("traceback", []))
            problems.append(f"{where} raised {e.get('ename')}: {e.get('evalue')}\n"
                            + re.sub(r"\x1b\[[0-9;]*m", "", tb)[-1500:])
        stderr = [o for o in outs if o.get("output_type") == "stream" and o.get("name") == "stderr"]
        committed_stderr = [o for o in mine.get("outputs", [])
                            if o.get("output_type") == "stream" and o.get("name") == "stderr"]
        if stderr and not committed_stderr:
            problems.append(f"{where} wrote to stderr: {_text(stderr[0].get('text'))[:800]}")
        if "NBVAL_CHECK_OUTPUT" in source:
            want, have = comparable(mine.get("outputs", [])), comparable(outs)
            for key in sorted(set(want) | set(have)):
                if want.get(key) != have.get(key):
                    problems.append(f"{where}: {key} differs from the committed output\n"
                                    f"  committed: {want.get(key)!r:.600}\n"
                                    f"  run:       {have.get(key)!r:.600}")
    return problems


def _problems(committed: dict, ran: dict, run: lite_browser.LessonRun) -> list[str]:
    problems = []
    if run.blocked:
        problems.append("asked for addresses outside the site: " + ", ".join(run.blocked[:5]))
    problems += _cell_problems(committed, ran)
    problems += [f"widget: {p}" for p in run.widget_problems]
    problems += [f"error output after a widget click: {t[:800]}"
                 for t in run.error_outputs_after_clicks]
    return problems


def _shows_a_widget(cell: dict) -> bool:
    """A committed cell that shows a widget: its view, or the still picture saved in its place."""
    return any(WIDGET_MIME in (out.get("data") or {})
               or 'class="dl-still"' in _text((out.get("data") or {}).get("text/html", ""))
               for out in cell.get("outputs", []))


def _widget_problems(committed: dict, run: lite_node.LessonRun) -> list[str]:
    """Each cell that shows a widget in the committed lesson shows one when run, its view
    naming a model that the lesson opened (a comm to the page) in this cell or before."""
    problems = []
    code = [c for c in committed["cells"] if c["cell_type"] == "code"]
    opened: set[str] = set()
    for number, (mine, got) in enumerate(zip(code, run.cells), start=1):
        opened.update(got["comms_opened"])
        views = [(out.get("data") or {})[WIDGET_MIME].get("model_id")
                 for out in got["outputs"] if WIDGET_MIME in (out.get("data") or {})]
        if _shows_a_widget(mine) and not views:
            problems.append(f"code cell {number} shows no widget")
        problems += [f"code cell {number} shows a widget whose model {m} the lesson did not open"
                     for m in views if m not in opened]
    return problems


#: a probe run after the lesson in the same kernel: the check above must catch each of these
PROBE = lite_node.Lesson("notebooks/_probe.ipynb", [
    "# NBVAL_CHECK_OUTPUT\nfrom dominolab import DominoSet\nlen(DominoSet(6))",
    "import sys\nprint('a warning', file=sys.stderr)",
    "1 / 0",
    "import os\nsorted(p for p in os.listdir('.') if p.startswith('04-'))",
    "print('no widget here')",
])


def _in_the_sites_kernel(site: Path, paths: list[str], *extra: lite_node.Lesson
                         ) -> tuple[lite_node.Runs, list[str]]:
    """Run the lessons ``notebooks/<path>`` as the site serves them, then ``extra``, in one
    kernel under Node.js; the runs, and what differs from the committed lessons."""
    if not shutil.which("node"):
        _unavailable("node not found: Node.js runs the site's Pyodide")
    runs = lite_node.run_lessons(
        site, [*(lite_node.Lesson.read(site, f"notebooks/{p}") for p in paths), *extra])
    problems = []
    for path, run in zip(paths, runs.lessons):
        committed = json.loads((REPO / "notebooks" / path).read_text())
        problems += [f"{path}: {p}" for p in
                     _cell_problems(committed, run.notebook) + _widget_problems(committed, run)]
    return runs, problems


def test_the_lesson_of_widgets_gives_the_same_answers_in_the_sites_own_kernel(lite_site, request):
    """``LITE_SAMPLE`` in the site's Pyodide and ``pyodide_kernel`` under Node.js (no
    browser: ``make sweeps`` opens every lesson in Chromium)."""
    names = repo_state.LITE_SAMPLE
    runs, problems = _in_the_sites_kernel(lite_site, list(names), PROBE)
    for name, run in zip(names, runs.lessons):
        _report(request.config, f"the site's kernel under Node.js: Pyodide {runs.boot:.1f} s, "
                f"the kernel {runs.kernel:.1f} s, {name}'s cells {sum(run.seconds):.1f} s")
    assert not problems, "in the site's own kernel:\n" + "\n".join(problems)

    # the probe: an answer that differs, a write to stderr and an error are each reported;
    # the lesson's folder is the kernel's working folder, as in the site
    probe = runs.lessons[-1]
    still = {"output_type": "display_data", "data": {"text/html": '<div class="dl-still">'}}
    committed = {"cells": [
        {"cell_type": "code", "source": PROBE.cells[0],
         "outputs": [{"output_type": "execute_result", "data": {"text/plain": "27"}}]},
        *({"cell_type": "code", "source": src, "outputs": []} for src in PROBE.cells[1:-1]),
        {"cell_type": "code", "source": PROBE.cells[-1], "outputs": [still]}]}
    caught = _cell_problems(committed, probe.notebook) + _widget_problems(committed, probe)
    assert [p.split(":")[0].split(" (")[0] for p in caught] == [
        "code cell 1", "code cell 2", "code cell 3", "code cell 5 shows no widget"], caught
    assert "'28'" in caught[0] and "a warning" in caught[1] and "division by zero" in caught[2]
    assert probe.cells[3]["outputs"][0]["data"]["text/plain"] == "['04-chains-and-euler.ipynb']"


#: the lessons' translations, a folder of notebooks/ each (notebooks/ru/)
TRANSLATIONS = [lang for lang in i18n.LANGUAGES if (REPO / "notebooks" / lang).is_dir()]


@pytest.mark.sweep
@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_translated_lesson_gives_its_answers_in_the_sites_own_kernel(lite_site, lang):
    """Every lesson of ``notebooks/<lang>/`` as the site serves it, in the site's kernel under
    Node.js, one after the other (each in a fresh namespace), checked as the sample is: the
    browser's lessons below are the English ones."""
    names = sorted(p.name for p in (REPO / "notebooks" / lang).glob("*.ipynb"))
    assert names, f"no lessons in notebooks/{lang}/"
    _, problems = _in_the_sites_kernel(lite_site, [f"{lang}/{n}" for n in names])
    assert not problems, "in the site's own kernel:\n" + "\n".join(problems)


@pytest.mark.parametrize("name", repo_state.sweep(lite_browser.lesson_names(), ()))
def test_lesson_runs_in_the_browser_with_the_same_answers(lite_lessons, name):
    committed = json.loads((REPO / "notebooks" / name).read_text())
    run = lite_lessons.run(name)
    lite_lessons.runs.append(run)
    problems = _problems(committed, run.notebook, run)
    if run.console_errors and problems:
        problems.append("browser console errors:\n  " + "\n  ".join(run.console_errors[:10]))
    assert not problems, f"{name} in the browser site:\n" + "\n".join(problems)


def test_site_serves_only_what_its_lock_lists_and_names_no_cdn(lite_site):
    kernel = build_lite.kernel_settings(lite_site)
    assert kernel["disablePyPIFallback"] is True
    runtime = (lite_site / kernel["pyodideUrl"]).parent
    assert runtime == lite_site / "static" / "pyodide"
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    pins = build_lite.Pins.read()
    assert lock["info"]["python"].startswith(pins.python + ".")
    assert f'"{pins.pyodide}"' in (runtime / "pyodide.mjs").read_text()
    listed = sorted(entry["file_name"] for entry in lock["packages"].values())
    assert listed == sorted(p.name for p in runtime.glob("*.whl"))
    assert "dominolab" in lock["packages"]
    assert set(kernel["loadPyodideOptions"]["packages"]) <= set(lock["packages"])
    assert build_lite.cdn_references(lite_site) == []
    lessons = sorted(p.name for p in (lite_site / "files" / "notebooks").glob("*.ipynb"))
    assert lessons == lite_browser.lesson_names()
    assert (lite_site / "files" / "puzzles").is_dir()
