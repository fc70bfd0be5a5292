"""Real-browser tests: Playwright drives Debian's Chromium (its headless shell when installed:
``repo_state.CHROMIUM_CANDIDATES``) against the lessons' server.

The ``lab`` fixture starts the server once per session (under pytest-xdist: once per
worker) the way a teacher does, with ``make lab`` (127.0.0.1, a random port and token,
isolated Jupyter data and workspace folders), on its own working copies of the lessons
in a folder of the ignored ``work/`` (``WORK=work/.test-…``, removed afterwards), as a
student's copies are: saving never touches the committed notebooks, and
``lab.changes()`` lists what ``git status`` and the tracked files show that they did not
when the server started. The
same server answers both views: JupyterLab (``lab.open``, in one loaded app per process
whose tabs are closed between tests) and Notebook 7's one-document view that ``make lab``
and Binder open (``lab.open_doc``, a page of its own each time).
Screenshots go to ``test-artifacts/browser/`` (ignored by git; the
``DOMINOLAB_ARTIFACTS`` environment variable moves it). Without Chromium the
tests are skipped with a reason, except under ``CI=true``, where a missing
Chromium is an error.

    def test_x(lab):
        page = lab.open("notebooks/00-start-here.ipynb")
        lab.run_all(page)
        lab.screenshot(page, "start")

        phone = lab.open_doc("notebooks/00-start-here.ipynb", size=PHONE)
        lab.doc_run_all(phone)
        assert lab.overflow(phone)["outputs"] == {}
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from .. import repo_state

REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(os.environ.get("DOMINOLAB_ARTIFACTS", REPO / "test-artifacts")) / "browser"
#: the two sizes every lesson is checked at: a desktop (or projector) and a phone
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_collection_modifyitems(config, items):
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in pathlib.Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _missing(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI=true: browser tests must run)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: Chromium now and then refuses a capture ("Unable to capture screenshot", a CDP error with no
#: other cause given; under load, in make sweeps) and takes the same picture when asked again
CAPTURE_REFUSED = "Unable to capture screenshot"


def capture(target, path: pathlib.Path, tries: int = 3, **options) -> None:
    """``target.screenshot(path=path, **options)`` (a page or a locator), asked again when
    Chromium refuses the capture, up to ``tries`` times; any other error is raised at once.
    The pictures are for people to look at: a refused one is not a failed check."""
    from playwright.sync_api import Error

    for attempt in range(1, tries + 1):
        try:
            target.screenshot(path=str(path), **options)
            return
        except Error as e:
            if CAPTURE_REFUSED not in str(e) or attempt == tries:
                raise


KERNEL_IDLE = """() => { const nb = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = nb && nb.sessionContext && nb.sessionContext.session && nb.sessionContext.session.kernel;
  return !!k && k.status === 'idle'; }"""

ALL_RAN = """() => { const nb = window.jupyterapp.shell.currentWidget; const cells = nb.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type === 'code' && c.sharedModel.source.trim() && c.executionCount == null) return false;
  }
  return nb.sessionContext.session.kernel.status === 'idle'; }"""

OVERFLOW = """async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const nb = document.querySelector('.jp-Notebook');
  const scroller = nb.querySelector('.jp-WindowedPanel-outer') || nb;
  const outputs = {}, inside = {}, seen = new Set();
  let panel = scroller.scrollWidth > scroller.clientWidth + 1;
  for (let y = 0; ; y += Math.max(200, Math.floor(scroller.clientHeight * 0.8))) {
    scroller.scrollTop = y;
    await frame();
    await new Promise(r => setTimeout(r, 100));
    panel = panel || scroller.scrollWidth > scroller.clientWidth + 1;
    for (const cell of nb.querySelectorAll('.jp-Cell')) {
      const i = cell.dataset.windowedListIndex;
      seen.add(i);
      for (const el of cell.querySelectorAll('.jp-OutputArea-output, .jp-MarkdownOutput')) {
        if (el.getBoundingClientRect().width && el.scrollWidth > el.clientWidth + 1) {
          outputs[i] = `${el.className.split(' ').filter(c => c.startsWith('jp-Rendered')).join(' ')}`
            + ` ${el.scrollWidth} px in ${el.clientWidth} px`;
        }
      }
      for (const el of cell.querySelectorAll('.dl-widget, .dl-still')) {
        if (el.scrollWidth > el.clientWidth + 1) inside[i] = `${el.scrollWidth} px in ${el.clientWidth} px`;
      }
    }
    if (y >= scroller.scrollHeight - scroller.clientHeight) break;
  }
  scroller.scrollTop = 0;
  return {panel, outputs, inside, cells: seen.size, page: innerWidth,
          total: window.jupyterapp.shell.currentWidget.content.model.cells.length,
          notebook: nb.getBoundingClientRect().width};
}"""

#: the height (px) of a page that shows the whole notebook at once
WHOLE_HEIGHT = """() => { const nb = document.querySelector('.jp-Notebook');
  const s = nb.querySelector('.jp-WindowedPanel-outer') || nb;
  return s.scrollHeight + nb.getBoundingClientRect().top + 40; }"""

#: every cell of the notebook is in the page (its windowed list draws only what is in view)
ALL_DRAWN = """() => { const n = window.jupyterapp.shell.currentWidget.content.model.cells.length;
  return document.querySelectorAll('.jp-Notebook .jp-Cell').length >= n; }"""

#: the tallest page made (the height the whole-lesson screenshots have always been cut at)
TALLEST = 16_000


#: close every tab of the main area without asking (the test's kernels are shut down through
#: the server's API afterwards), and any dialog or menu a test left open; true when done
CLEAR_APP = """async () => { const app = window.jupyterapp;
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  for (const w of Array.from(app.shell.widgets('main'))) w.dispose();
  for (let i = 0; i < 30 && document.querySelector('.jp-Dialog, .lm-Menu'); i++) {
    const dialog = document.querySelector('.jp-Dialog');
    const button = dialog && (dialog.querySelector('.jp-mod-reject')
      || dialog.querySelector('.jp-Dialog-footer button'));
    if (button) button.click();
    document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));
    await frame();
  }
  await frame();
  // (an empty main area gets a Launcher of its own: it stays)
  return Array.from(app.shell.widgets('main')).every(w => w.node.querySelector('.jp-Launcher'))
    && !document.querySelector('.jp-Dialog, .lm-Menu'); }"""

#: open a notebook in the loaded app as File > Open does; the command's promise is not
#: awaited here (one was garbage collected unsettled once, failing the evaluate): the caller
#: waits until the notebook is the current tab
OPEN_IN_APP = """path => { window.jupyterapp.commands.execute('docmanager:open',
  {path, factory: 'Notebook'}).catch(e => console.error('docmanager:open', path, e)); }"""

#: the current tab is the notebook ``path``, shown
IS_OPEN = """path => { const w = window.jupyterapp.shell.currentWidget;
  return !!w && !!w.context && w.context.path === path && !!w.node.querySelector('.jp-Notebook'); }"""


class SharedApp:
    """One JupyterLab page per test process, loaded once and reused by every test's
    :meth:`JupyterLab.open`: loading the app is ~4 s of Chromium's CPU a time (its
    scripts parsed and run, the shell laid out), most of what opening a lesson cost.
    Between tests its tabs are disposed and its dialogs dismissed; a page that cannot be
    cleared (a test that failed half-way) is closed and the next test loads a new one."""

    def __init__(self, browser, base: str, token: str):
        self.browser, self.base, self.token = browser, base, token
        self.page = None
        self.loads = 0

    def get(self):
        """The loaded app's page (loaded now if there is none: the test before cleared it or
        dropped it when it closed, :meth:`JupyterLab.close`)."""
        if self.page is None or self.page.is_closed():
            context = self.browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{self.base}/lab?reset&token={self.token}")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
            page.evaluate("async () => { await window.jupyterapp.restored; }")
            self.page = page
            self.loads += 1
        return self.page

    def clear(self) -> bool:
        if self.page is None or self.page.is_closed():
            return True
        try:
            self.page.keyboard.press("Escape")
            return bool(self.page.evaluate(CLEAR_APP))
        except Exception:   # a crashed or hung page: the caller drops it
            return False

    def drop(self):
        if self.page is not None:
            with contextlib.suppress(Exception):
                self.page.context.close()
        self.page = None


class JupyterLab:
    """A running JupyterLab server plus helpers for one Playwright browser."""

    def __init__(self, root: pathlib.Path, port: int, token: str, browser, shots: pathlib.Path,
                 before: tuple[str, dict[str, str]] | None = None,
                 app: SharedApp | None = None):
        self.root = root
        self.before = before
        self.port = port
        self.token = token
        self.browser = browser
        self.shots = shots
        self.base = f"http://127.0.0.1:{port}"
        self._contexts = []
        self._app = app
        self._app_used = False

    def open(self, path: str, *, width: int = 1280, height: int = 900):
        """Open a notebook (path relative to the repo root) in JupyterLab at ``width`` x
        ``height`` and wait for an idle kernel.

        The test process's loaded app (:class:`SharedApp`) opens it, as File > Open does;
        a second notebook in the same test gets a page of its own, as does every notebook
        without a shared app."""
        page = None
        if self._app is not None and not self._app_used:
            self._app_used = True
            page = self._app.get()
            page.set_viewport_size({"width": width, "height": height})
            try:
                page.evaluate(OPEN_IN_APP, path)
                page.wait_for_function(IS_OPEN, arg=path, timeout=30_000)
            except Exception as e:      # the app did not open it: a page of its own does
                print(f"the loaded app did not open {path} ({e}); a new page opens it")
                self._app.drop()
                self._app_used = False
                page = None
        if page is None:
            context = self.browser.new_context(viewport={"width": width, "height": height})
            self._contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{self.base}/lab/tree/{path}?reset&token={self.token}")
        page.locator(".jp-Notebook").first.wait_for()
        self.wait_idle(page)
        return page

    def wait_idle(self, page, timeout: float = 120_000):
        """Wait until the status bar reads ``… | Idle`` and no cell is queued.

        The toolbar's indicator says idle before a kernel has even started, so
        the status bar text is what counts (a cold first run was flaky without it).
        """
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]"
            ".some(e => /\\|\\s*Idle/.test(e.textContent))",
            timeout=timeout,
        )
        page.wait_for_function(
            "() => ![...document.querySelectorAll('.jp-InputPrompt')]"
            ".some(e => e.textContent.includes('[*]'))",
            timeout=timeout,
        )

    def run_all(self, page, timeout: float = 180_000):
        """Run every cell (Run ▸ Run All Cells) and wait until each has run."""
        all_ran = (
            "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
            ".every(e => /\\[\\d+\\]/.test(e.textContent))"
        )
        for attempt in range(2):
            page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            try:
                page.wait_for_function(all_ran, timeout=timeout if attempt else 30_000)
                break
            except Exception:
                if attempt:
                    raise
                self.wait_idle(page, timeout)
        self.wait_idle(page, timeout)

    def widget(self, page, selector: str):
        """The first element matching ``selector``, waited for and scrolled into view
        (JupyterLab does not lay out cells that are out of view)."""
        element = page.locator(selector).first
        element.wait_for()
        element.scroll_into_view_if_needed()
        return element

    def run_cell(self, page, code_text: str, expect: str, shot: str = "") -> str:
        """Run the code cell whose source contains ``code_text`` (a click in it, Shift+Enter);
        wait until its output matches the regular expression ``expect``; return the output's
        text (and save screenshots of the exercise's statement and verdict when ``shot``
        names one)."""
        cell = page.locator(".jp-CodeCell").filter(has_text=code_text).first
        cell.wait_for(state="attached")
        cell.scroll_into_view_if_needed()
        cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        output = cell.locator(".jp-OutputArea-output").first
        output.wait_for()
        self.wait_text(page, output, expect)
        self.wait_idle(page)
        if shot:
            statement = page.locator(".jp-CodeCell").filter(
                has=page.locator(".dl-exercise")).filter(has_text=code_text.split(".")[0] + " = ")
            self.screenshot(page, shot + "-statement", statement.first)
            self.screenshot(page, shot + "-verdict", cell)
        return output.inner_text()

    def rerun_widget(self, page, code_text: str, selector: str):
        """Run again the cell whose source contains ``code_text`` and return its new widget
        (``selector``), drawn: a fresh widget, as a student gets by running the cell again,
        without opening and running the lesson again."""
        cell = page.locator(".jp-CodeCell").filter(has_text=code_text).first
        cell.scroll_into_view_if_needed()
        old = cell.locator(selector).first.element_handle()
        cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        page.wait_for_function("el => !el.isConnected", arg=old)
        self.wait_idle(page)
        widget = cell.locator(selector).first
        widget.wait_for()
        widget.scroll_into_view_if_needed()
        return widget

    @staticmethod
    def wait_text(page, locator, pattern: str):
        """Wait until ``locator``'s text matches the regular expression ``pattern``."""
        page.wait_for_function(
            "([el, p]) => new RegExp(p).test(el.textContent)",
            arg=[locator.element_handle(), pattern],
        )

    @staticmethod
    def wait_tick(page, element, tick: str):
        """Wait until a widget's ``data-tick`` (bumped on every redraw) differs from ``tick``."""
        page.wait_for_function("([el, t]) => el.dataset.tick !== t",
                               arg=[element.element_handle(), tick])

    # -- Notebook 7's one-document view (/notebooks/...), as make lab and Binder open it ----
    def open_doc(self, path: str, *, size: dict = DESKTOP):
        """Open a notebook in Notebook 7's view at ``size`` (PHONE: a touch screen) and wait
        until its kernel is idle."""
        phone = size["width"] < 800
        context = self.browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
        self._contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(f"{self.base}/notebooks/{path}?token={self.token}")
        self.doc_ready(page)
        return page

    @staticmethod
    def doc_ready(page, timeout: float = 120_000):
        """Wait until the page's notebook is shown and its kernel is idle."""
        page.locator(".jp-Notebook").first.wait_for(timeout=timeout)
        page.wait_for_function(KERNEL_IDLE, timeout=timeout)

    @staticmethod
    def doc_run_all(page, timeout: float = 300_000):
        """Run every cell and wait until each code cell has run and the kernel is idle.

        The notebook is windowed (cells out of view are not in the page), so the
        notebook's model is asked, not the page.
        """
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(ALL_RAN, timeout=timeout)

    @staticmethod
    def save(page):
        """Save the notebook as the user's Ctrl+S does, and wait until it is saved."""
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(
            "() => !window.jupyterapp.shell.currentWidget.context.model.dirty")

    @staticmethod
    def overflow(page) -> dict:
        """Scroll through the notebook; report what is wider than its box.

        ``panel``: the notebook's scroll area is wider than the page (scrollWidth >
        clientWidth); ``outputs``: the cells whose output (or rendered text) is wider
        than its own area, i.e. cut off or running past the page; ``inside``: widgets
        and stills that scroll inside their own box (allowed). Also the notebook's
        width and the page's. Every cell must have been in the page at some step.

        Inside :meth:`tall` the whole notebook is in the page at once, and one step does.
        """
        seen = page.evaluate(OVERFLOW)
        assert seen["cells"] == seen["total"], f"the scan saw {seen['cells']} of " \
            f"{seen['total']} cells"
        return seen

    @staticmethod
    @contextlib.contextmanager
    def tall(page):
        """The page made as tall as the notebook (at most ``TALLEST`` px), so that every cell
        is drawn at once, then back: one scan of :meth:`overflow`, one screenshot and one
        query cover the whole lesson (widths do not depend on the page's height)."""
        size = page.viewport_size
        whole = int(page.evaluate(WHOLE_HEIGHT))
        height = min(whole, TALLEST)
        if height <= size["height"]:
            yield page
            return
        page.set_viewport_size({"width": size["width"], "height": height})
        try:
            if whole <= TALLEST:    # (a taller lesson is scrolled through by overflow())
                page.wait_for_function(ALL_DRAWN, timeout=30_000)
            # two frames: what the windowed list drew is laid out
            page.evaluate("() => new Promise(r => requestAnimationFrame("
                          "() => requestAnimationFrame(r)))")
            yield page
        finally:
            page.set_viewport_size(size)

    def screenshot(self, page, name: str, locator=None) -> pathlib.Path:
        """Save a PNG (of ``locator`` if given, scrolled into view) and return its path."""
        target = self.shots / f"{name}.png"
        if locator is not None:
            locator.scroll_into_view_if_needed()
            capture(locator, target)
        else:
            capture(page, target)
        print(f"screenshot: {target}")
        return target

    def changes(self) -> list[str]:
        """What differs in the checkout from when the server started: lines of ``git status``
        that came or went, and tracked files whose content changed (empty outside git)."""
        if self.before is None:
            return []
        status, files = repo_state.snapshot()
        was, had = self.before
        lines = sorted(set(status.splitlines()) ^ set(was.splitlines()))
        return [f"git status: {line}" for line in lines] + [
            f"tracked file changed: {f}" for f in sorted(set(files) | set(had))
            if files.get(f) != had.get(f)]

    def close(self):
        for c in self._contexts:
            c.close()
        self._contexts.clear()
        if self._app_used and not self._app.clear():
            self._app.drop()
        self._app_used = False
        # the test's kernels too: the server culls no idle kernel, and a session's worth of
        # idle kernels (each with the package loaded) would hold gigabytes
        for session in self._api("GET", "/api/sessions") or []:
            self._api("DELETE", f"/api/sessions/{session['id']}")

    def _api(self, method: str, path: str):
        request = urllib.request.Request(f"{self.base}{path}?token={self.token}", method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                body = r.read()
        except OSError:          # the server is gone or the session already ended
            return None
        return json.loads(body) if body else None


@pytest.fixture(scope="session")
def _lab_server(tmp_path_factory):
    missing = repo_state.browser_missing()
    if missing:
        _missing(missing)
    from playwright.sync_api import sync_playwright

    from dominolab._labsettings import write_overrides

    venv = pathlib.Path(sys.prefix)
    write_overrides()
    base = tmp_path_factory.mktemp("lab")
    # the working copies in the ignored work/, as a student's (a folder of this server's own:
    # pytest-xdist's workers each start one)
    root = REPO / "work" / f".test-{secrets.token_hex(4)}"
    before = repo_state.snapshot() if repo_state.is_git_checkout() else None
    env = dict(os.environ)
    for var, sub in [
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (base / sub).mkdir()
        env[var] = str(base / sub)
    port, token = _free_port(), secrets.token_hex(16)
    log = open(base / "jupyterlab.log", "w")
    # make lab sets the Jupyter config folder to WORK/.jupyter (the classroom's settings);
    # the tests also expose the app (both views) to read the notebook's model and to open
    # notebooks in a loaded JupyterLab, and cull no kernel
    args = " ".join([
        "--no-browser", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
        "--ServerApp.port_retries=0", "--LabApp.news_url=",
        "--JupyterNotebookApp.expose_app_in_browser=True", "--LabApp.expose_app_in_browser=True",
        "--MappingKernelManager.cull_idle_timeout=0",
    ])
    cmd = ["make", "-s", "lab", f"VENV={venv}", f"WORK={root}", f"PORT={port}", f"ARGS={args}"]
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.time() + 120
    while True:
        try:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2
            ):
                break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                shutil.rmtree(root, ignore_errors=True)
                raise RuntimeError(
                    "make lab did not start:\n" + (base / "jupyterlab.log").read_text()[-3000:]
                )
            time.sleep(0.5)
    shots = ARTIFACTS
    shots.mkdir(parents=True, exist_ok=True)
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=repo_state.chromium(), args=CHROMIUM_ARGS,
                                 headless=True)
    app = SharedApp(browser, f"http://127.0.0.1:{port}", token)
    try:
        yield root, port, token, browser, shots, before, app
    finally:
        app.drop()
        browser.close()
        pw.stop()
        os.killpg(proc.pid, signal.SIGTERM)       # make and the server it started
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def lab(_lab_server):
    """A JupyterLab session: each test gets fresh browser contexts, and the loaded
    JupyterLab app of its process, cleared (:class:`SharedApp`)."""
    lab = JupyterLab(*_lab_server)
    yield lab
    lab.close()
