"""`make lab` (the README's first command): the start lesson, from working copies.

- It serves the start notebook in Notebook 7's one-document view.
- A warm start (venv built, copies made, notebooks trusted) runs one command, the
  server: no install, no copy, no ``jupyter trust``. The time until the server
  answers is printed (not asserted: it depends on the machine).
- A changed lesson replaces a working copy the student has not touched; a copy the
  student changed is kept, with a note; ``RESET=1`` moves the copies aside (nothing is
  deleted) and makes fresh ones.
- Running lessons and saving every lesson through the server leaves ``git status`` as
  it was: the copies live in the ignored ``work/`` folder. ``make test`` runs one lesson
  of each kind (``repo_state.SAMPLE_LESSONS``) before saving, ``make sweeps`` (which CI
  runs) and ``make soak`` every lesson.
  Each lesson is run once for this check: a lesson that this session's classroom browser
  test runs (``tests/browser/test_classroom.py``, which runs and saves lessons through a
  ``make lab`` server with its copies in ``work/`` and checks ``git status`` after each)
  is saved here without being run again; the others are run here.

The first, second and fourth of these read one server, the module's ``warm_lab`` (a dry
run on a new folder, its files made cold, then the server started warm; its copies in a
folder of the real ``work/``): one server start instead of two, and one ``jupyter trust``
of every lesson instead of three. The lesson-changes test makes files of its own, which it changes.
"""

from __future__ import annotations

import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from . import repo_state

REPO = pathlib.Path(__file__).resolve().parents[1]
VENV = REPO / ".venv"
LESSONS = sorted((REPO / "notebooks").glob("*.ipynb"))
START = "/notebooks/notebooks/00-start-here.ipynb"

pytestmark = [
    pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed"),
    pytest.mark.skipif(not (VENV / "bin" / "jupyter").exists() or
                       not (VENV / ".installed").exists(),
                       reason="make lab uses the project's .venv, which is not set up here"),
]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp_path):
    """Jupyter's user folders in tmp_path: the tests trust and run nothing of the user's."""
    env = dict(os.environ)
    for var, sub in [("JUPYTER_DATA_DIR", "data"), ("JUPYTER_RUNTIME_DIR", "rt"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "ws"), ("IPYTHONDIR", "ipython")]:
        env[var] = str(tmp_path / sub)
    return env


def _make(*args, env, check=True):
    return subprocess.run(["make", "--no-print-directory", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, check=check, timeout=300)


class Lab:
    """A `make lab` server in its own process group, with a random port and token."""

    def __init__(self, work, env):
        self.port, self.token = _free_port(), secrets.token_hex(8)
        args = (f"--no-browser --IdentityProvider.token={self.token} --ServerApp.ip=127.0.0.1 "
                "--ServerApp.port_retries=0")
        self.base = f"http://127.0.0.1:{self.port}"
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            ["make", "-s", "lab", f"WORK={work}", f"PORT={self.port}", f"ARGS={args}"],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.time() + 120
        while True:
            try:
                self.get("/api/status")
                break
            except OSError:
                assert self.proc.poll() is None, self.proc.stdout.read().decode()[-2000:]
                assert time.time() < deadline, "make lab did not answer within 120 s"
                time.sleep(0.2)
        self.answered = time.perf_counter() - self.started

    def url(self, path):
        return f"{self.base}{path}{'&' if '?' in path else '?'}token={self.token}"

    def get(self, path):
        with urllib.request.urlopen(self.url(path), timeout=30) as r:
            return json.load(r)

    def put(self, path, body):
        req = urllib.request.Request(self.url(path), data=json.dumps(body).encode(),
                                     method="PUT", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.load(r)

    def cpu_seconds(self):
        """CPU time the server has used (its own /proc entry: user + system)."""
        pids = subprocess.run(["pgrep", "-g", str(self.proc.pid)], capture_output=True,
                              text=True).stdout.split()
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for pid in pids:
            try:
                fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / ticks
        return total

    def stop(self):
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)


class WarmLab:
    """The module's `make lab`: its working copies (``work``), the Jupyter folders (``env``),
    what a dry run said before the files were made (``cold``), the server started once they
    were (``lab``), and the checkout's state before all of it (``before``: git status and the
    tracked files' hashes, or None outside git)."""

    def __init__(self, work, env, cold, lab, before):
        self.work, self.env, self.cold, self.lab, self.before = work, env, cold, lab, before


@pytest.fixture(scope="module")
def warm_lab(tmp_path_factory):
    """One `make lab` for the tests that read a warm server: a dry run on a new folder, then
    ``make lab-files`` (cold: copies, trust), then the server (warm: the server only). Its
    copies are in a folder of the real, ignored ``work/``, as a student's are (removed
    afterwards)."""
    env = _env(tmp_path_factory.mktemp("jupyter"))
    work = REPO / "work" / f".test-{secrets.token_hex(4)}"
    before = repo_state.snapshot() if repo_state.is_git_checkout() else None
    try:
        cold = _make("-n", "lab", f"WORK={work}", "ARGS=--no-browser", env=env).stdout
        _make("lab-files", f"WORK={work}", env=env)
        lab = Lab(work, env)
        try:
            yield WarmLab(work, env, cold, lab, before)
        finally:
            lab.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_make_lab_serves_the_start_notebook(warm_lab):
    lab, work = warm_lab.lab, warm_lab.work
    cpu = lab.cpu_seconds()
    print(f"\nwarm `make lab`: the server answered after {lab.answered:.1f} s "
          f"(wall clock; the server has used {cpu:.1f} s of CPU)")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as info:
        opener.open(lab.url("/"), timeout=5)
    assert info.value.code == 302
    assert START in info.value.headers["Location"]
    with urllib.request.urlopen(lab.url(START), timeout=30) as r:
        assert r.status == 200                           # Notebook 7 is installed and serves it
    nb = lab.get("/api/contents/notebooks/00-start-here.ipynb")
    assert nb["type"] == "notebook"
    assert any("SetExplorer" in "".join(c["source"]) for c in nb["content"]["cells"])
    assert (work / "notebooks" / "00-start-here.ipynb").exists()
    assert (work / "puzzles").is_dir() and not (work / "puzzles").is_symlink()
    # what the lessons link to is beside them, as in the repository
    for linked in ("notebooks/teachers/01-pack.md", "docs/rules.md"):
        assert (work / linked).read_bytes() == (REPO / linked).read_bytes()


def test_a_warm_make_lab_only_starts_the_server(warm_lab):
    env, work, cold = warm_lab.env, warm_lab.work, warm_lab.cold
    assert "jupyter trust" in cold and "cp notebooks/00-start-here.ipynb" in cold
    warm = _make("-n", "lab", f"WORK={work}", "ARGS=--no-browser", env=env).stdout
    commands = [line for line in warm.splitlines()
                if line.strip() and not line.startswith(("make", "\t"))
                and "Nothing to be done" not in line]
    assert len(commands) == 1 and "/bin/jupyter lab " in commands[0], warm
    for step in ("pip install", "-m venv", "jupyter trust", "cp "):
        assert step not in warm, (step, warm)
    # the server's settings are the classroom's: idle kernels are shut down
    shown = subprocess.run([str(VENV / "bin" / "jupyter"), "lab", "--show-config"],
                           env=env | {"JUPYTER_CONFIG_DIR": str(work / ".jupyter")},
                           capture_output=True, text=True, timeout=120).stdout
    assert ".cull_idle_timeout = 900" in shown and ".custom_css = True" in shown
    assert (work / ".jupyter" / "custom" / "custom.css").read_text() == (
        REPO / "binder" / "jupyter-config" / "custom" / "custom.css").read_text()


def test_lesson_changes_keep_the_students_work(tmp_path):
    env = _env(tmp_path)
    work = tmp_path / "work"
    _make("lab-files", f"WORK={work}", env=env)
    # the student works in one lesson; then the lessons change (here: the copies are made
    # older than the lessons, so that make sees the lessons as newer, without editing them)
    mine, untouched = work / "notebooks" / LESSONS[1].name, work / "notebooks" / LESSONS[2].name
    mine.write_text(mine.read_text().replace('"cells": [', '"cells": [ ', 1))
    old = min(p.stat().st_mtime for p in LESSONS) - 3600    # older than every lesson
    for p in (mine, untouched):
        os.utime(p, (old, old))
    out = _make("lab-files", f"WORK={work}", env=env).stdout
    assert f"note: notebooks/{LESSONS[1].name} has changed" in out
    assert f"lesson copied: {untouched}" in out
    assert '"cells": [ ' in mine.read_text()                 # the student's copy is kept

    out = _make("lab", "RESET=1", f"WORK={work}", "ARGS=--version", env=env).stdout
    olds = sorted(work.glob("old-*/notebooks"))
    assert len(olds) == 1 and f"your copies of the lessons are now in {olds[0]}" in out
    assert '"cells": [ ' in (olds[0] / mine.name).read_text()  # moved aside, not deleted
    assert mine.read_bytes() == LESSONS[1].read_bytes()       # a fresh copy


def _run_and_save_every_lesson(warm_lab, request, to_run: set[str]):
    """Run the lessons of ``to_run`` (but those the browser runs in this session), save
    every lesson through the module's server, and check `git status` and the tracked files
    against what they were before that server's files were made."""
    import nbformat
    from nbclient import NotebookClient

    # the browser's classroom test runs lessons through `make lab` and checks this after
    # each; those lessons are only saved here
    in_browser = repo_state.lessons_run_in_the_browser(request.session)
    run_here = to_run - in_browser
    lab, work = warm_lab.lab, warm_lab.work                    # inside the real work/
    before, tracked = warm_lab.before
    for path in LESSONS:
        name = f"notebooks/{path.name}"
        model = lab.get(f"/api/contents/{name}")
        nb = nbformat.from_dict(model["content"])
        if path.name in run_here:
            # run it where the server keeps it, as its kernel would
            NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                           resources={"metadata": {"path": str(work / "notebooks")}}
                           ).execute()
        saved = lab.put(f"/api/contents/{name}", {"type": "notebook", "format": "json",
                                                   "content": nb})
        assert saved["last_modified"] != model["last_modified"]
    assert repo_state.status() == before
    assert repo_state.tracked() == tracked
    print(f"\n{len(LESSONS)} lessons saved, {len(run_here)} run here first; "
          f"{len(to_run & in_browser)} run and saved by {repo_state.CLASSROOM_LESSONS}, "
          "which checks git status after each")


@pytest.mark.skipif(not repo_state.is_git_checkout(), reason="not a git checkout")
def test_running_and_saving_every_lesson_leaves_git_status_as_it_was(warm_lab, request):
    """In a clean checkout `git status --porcelain` stays empty; in any checkout it stays
    what it was, and no tracked file changes. One lesson of each kind is run first."""
    _run_and_save_every_lesson(warm_lab, request, set(repo_state.SAMPLE_LESSONS))


@pytest.mark.sweep
@pytest.mark.skipif(not repo_state.is_git_checkout(), reason="not a git checkout")
def test_running_every_lesson_and_saving_it_leaves_git_status_as_it_was(warm_lab, request):
    """The same with every lesson run first (``make sweeps``, ``make soak``)."""
    _run_and_save_every_lesson(warm_lab, request, {p.name for p in LESSONS})


def test_the_makefile_lets_python_write_bytecode():
    """The Makefile's recipes run Python with bytecode written (``unexport
    PYTHONDONTWRITEBYTECODE``): without it each kernel compiled the package again."""
    out = subprocess.run(
        ["make", "-s", "-f", "-", "-f", "Makefile", "show-bytecode-flag"],
        input="show-bytecode-flag:\n\t@python3 -c 'import sys; print(sys.flags.dont_write_bytecode)'\n",
        cwd=REPO, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0", out.stdout + out.stderr
