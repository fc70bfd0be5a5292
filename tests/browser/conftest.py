"""Real-browser tests: Playwright drives Debian's Chromium against JupyterLab.

The ``lab`` fixture starts JupyterLab once per session on 127.0.0.1 with a
random port and token, with isolated Jupyter config/data/workspace folders, in
a temporary copy of ``notebooks/`` and ``puzzles/`` (so autosave never touches
the committed notebooks). Without Chromium the tests are skipped with a
reason, except under ``CI=true``, where a missing Chromium is an error.

    def test_x(lab):
        page = lab.open("notebooks/00-start-here.ipynb")
        lab.run_all(page)
        lab.screenshot(page, "start")
"""

from __future__ import annotations

import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
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


def _chromium() -> str | None:
    for path in [os.environ.get("CHROMIUM")] + CHROMIUM_CANDIDATES:
        if path and os.path.exists(path):
            return path
    found = shutil.which("chromium")
    return found


def _missing(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI=true: browser tests must run)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JupyterLab:
    """A running JupyterLab server plus helpers for one Playwright browser."""

    def __init__(self, root: pathlib.Path, port: int, token: str, browser, shots: pathlib.Path):
        self.root = root
        self.port = port
        self.token = token
        self.browser = browser
        self.shots = shots
        self.base = f"http://127.0.0.1:{port}"
        self._contexts = []

    def open(self, path: str, *, width: int = 1280, height: int = 900):
        """Open a notebook (path relative to the repo root) and wait for an idle kernel."""
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

    def screenshot(self, page, name: str, locator=None) -> pathlib.Path:
        """Save a PNG (of ``locator`` if given, scrolled into view) and return its path."""
        target = self.shots / f"{name}.png"
        if locator is not None:
            locator.scroll_into_view_if_needed()
            locator.screenshot(path=str(target))
        else:
            page.screenshot(path=str(target))
        print(f"screenshot: {target}")
        return target

    def close(self):
        for c in self._contexts:
            c.close()
        self._contexts.clear()


@pytest.fixture(scope="session")
def _lab_server(tmp_path_factory):
    chromium = _chromium()
    if not chromium:
        _missing("Chromium not found (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        _missing("playwright is not installed")

    from dominolab._labsettings import write_overrides

    write_overrides()
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    for name in ("notebooks", "puzzles"):
        if (REPO / name).exists():
            shutil.copytree(REPO / name, root / name)
    env = dict(os.environ)
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (base / sub).mkdir()
        env[var] = str(base / sub)
    port, token = _free_port(), secrets.token_hex(16)
    log = open(base / "jupyterlab.log", "w")
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--ServerApp.port_retries=0", "--LabApp.news_url=",
    ]
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    deadline = time.time() + 90
    while True:
        try:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2
            ):
                break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(
                    "JupyterLab did not start:\n" + (base / "jupyterlab.log").read_text()[-3000:]
                )
            time.sleep(0.5)
    shots = base / "screenshots"
    shots.mkdir()
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
    try:
        yield root, port, token, browser, shots
    finally:
        browser.close()
        pw.stop()
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture
def lab(_lab_server):
    """A JupyterLab session; each test gets fresh browser contexts."""
    lab = JupyterLab(*_lab_server)
    yield lab
    lab.close()
