"""Open the lessons of the built browser site in headless Chromium, offline.

Used by ``tests/browser/test_lite.py`` (do the lessons run, with the same
answers?) and ``benchmarks/bench_lite.py`` (how fast?). The site is served on
127.0.0.1 by :func:`build_lite.server`; the browser cannot reach anything else:
every request to another address is aborted (and recorded), and Chromium's own
host resolver knows no name but 127.0.0.1, which also covers the kernel's web
worker and the service worker.

    with SiteServer(site) as base, Lessons(chromium_path, base) as lessons:
        run = lessons.run("00-start-here.ipynb")
        run.open_idle, run.first_cell, run.widget_trips, run.notebook["cells"]
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import build_lite

T = TypeVar("T")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # no name resolves but the local one: nothing outside this machine is reachable,
    # whichever part of the page (window, web worker, service worker) asks
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

# The status bar reads "Python (Pyodide) | Idle" once the kernel has started (the
# toolbar's indicator says idle earlier, before the kernel exists).
KERNEL_IDLE = (
    "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]"
    ".some(e => /\\|\\s*Idle/.test(e.textContent))"
    " && ![...document.querySelectorAll('.jp-InputPrompt')]"
    ".some(e => e.textContent.includes('[*]'))"
)
CODE_PROMPTS = "[...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
ALL_RAN = f"() => {CODE_PROMPTS}.every(e => /\\[\\d+\\]/.test(e.textContent))"
FIRST_RAN = f"() => {CODE_PROMPTS}.length > 0 && /\\[\\d+\\]/.test({CODE_PROMPTS}[0].textContent)"
# A widget's view is a panel inside the output area (other outputs are rendered
# straight into it): .jp-OutputArea-output.lm-Panel with the view as its child.
WIDGET_VIEWS = ".jp-OutputArea-output.lm-Panel"
FIRST_WIDGET = f"() => [...document.querySelectorAll('{WIDGET_VIEWS}')].some(e => e.firstElementChild)"
# What one click on a widget may be: its controls in document order.
CONTROLS = ("button:enabled, [role=button]:not([aria-disabled=true]), "
            "input[type=range]:enabled, select:enabled")
# The saved notebook, read back from the browser's storage (JupyterLite keeps the
# files in IndexedDB through localforage: one database per site, store "files").
READ_STORED = """async (path) => {
  const names = (await indexedDB.databases()).map(d => d.name)
      .filter(n => n.startsWith('JupyterLite Storage'));
  for (const name of names) {
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = no; });
    if (![...db.objectStoreNames].includes('files')) { db.close(); continue; }
    const value = await new Promise((ok, no) => {
      const r = db.transaction('files').objectStore('files').get(path);
      r.onsuccess = () => ok(r.result); r.onerror = no; });
    db.close();
    if (value) return value;
  }
  return null;
}"""

FORGET_WORKSPACE = """async () => {
  const names = (await indexedDB.databases()).map(d => d.name)
      .filter(n => n.startsWith('JupyterLite Storage'));
  for (const name of names) {
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = no; });
    if ([...db.objectStoreNames].includes('statedb')) {
      await new Promise((ok, no) => {
        const r = db.transaction('statedb', 'readwrite').objectStore('statedb').clear();
        r.onsuccess = ok; r.onerror = no; });
    }
    db.close();
  }
}"""


@dataclass
class LessonRun:
    """What opening one lesson and running it did, and how long each step took (s)."""

    name: str
    open_idle: float = 0.0  # from opening the page to an idle kernel
    first_cell: float = 0.0  # Run All to the first code cell done
    first_widget: float | None = None  # Run All to the first widget drawn
    run_all: float = 0.0  # Run All to every cell done and the kernel idle again
    widget_trips: list[float] = field(default_factory=list)  # click to redrawn, per widget
    notebook: dict[str, Any] = field(default_factory=dict)  # as saved in the browser's storage
    widget_problems: list[str] = field(default_factory=list)
    error_outputs_after_clicks: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)  # requests to other hosts
    console_errors: list[str] = field(default_factory=list)


class SiteServer:
    """Serve a built site on 127.0.0.1 (a free port) in a thread; the context value is
    the base URL."""

    def __init__(self, site: Path = build_lite.SITE):
        self.httpd = build_lite.server(site)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        host, port = self.httpd.server_address[:2]
        host = host.decode() if isinstance(host, bytes) else host
        return f"http://{host}:{port}"

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(10)


class Lessons:
    """One headless Chromium (one browser profile, as one student's browser) that opens
    lessons of the site at ``base`` one at a time.

    Playwright runs in a thread of its own: its sync API refuses to start where
    another Playwright is already running (the JupyterLab browser tests' one, in the
    same pytest process), and every call of it must come from the thread that started it.
    """

    def __init__(self, chromium: str, base: str, *, timeout_ms: int = 240_000):
        self.chromium = chromium
        self.base = base.rstrip("/")
        self.timeout = timeout_ms
        # Playwright's objects (typed Any: the playwright package is imported only here)
        self._pw: Any = None
        self.browser: Any = None
        self.context: Any = None
        self.blocked: list[str] = []
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="lite")

    def _call(self, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
        return self._thread.submit(fn, *args, **kw).result()

    def __enter__(self) -> Lessons:
        self._call(self._start)
        return self

    def _start(self) -> None:
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self.browser = self._pw.chromium.launch(
            executable_path=self.chromium, args=CHROMIUM_ARGS, headless=True)
        self._new_profile()

    def __exit__(self, *exc: object) -> None:
        self._call(self._stop)
        self._thread.shutdown()

    def _stop(self) -> None:
        with contextlib.suppress(Exception):
            self.browser.close()
        self._pw.stop()

    def new_profile(self) -> None:
        """Start again with an empty browser profile (no cache, no stored files)."""
        self._call(self._new_profile)

    def _new_profile(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        # Only what is not the site comes to Python (the browser matches the pattern), to be
        # recorded and aborted; the site's own requests go straight through.
        outside = re.compile(rf"^(?!{re.escape(self.base)}/)")
        self.context.route(outside, self._block)

    def _block(self, route: Any) -> None:
        self.blocked.append(route.request.url)
        route.abort()

    # ------------------------------------------------------------------ one lesson

    def run(self, name: str, *, click_widgets: bool = True) -> LessonRun:
        """Open ``notebooks/<name>``, run every cell, save, read the saved notebook back,
        then give each widget one click (or key press) and time its answer."""
        return self._call(self._run, name, click_widgets)

    def _run(self, name: str, click_widgets: bool) -> LessonRun:
        run = LessonRun(name)
        blocked_before = len(self.blocked)
        page = self.context.new_page()
        page.set_default_timeout(self.timeout)
        def console(message: Any) -> None:
            if message.type == "error":
                run.console_errors.append(message.text)

        page.on("console", console)
        page.on("pageerror", lambda e: run.console_errors.append(f"page error: {e}"))
        try:
            # Forget the open tabs of the lesson before (JupyterLab would reopen them,
            # each with a kernel of its own); the stored files stay.
            page.goto(f"{self.base}/{build_lite.INFO_NAME}")
            page.evaluate(FORGET_WORKSPACE)
            start = time.perf_counter()
            page.goto(f"{self.base}/lab/index.html?path=notebooks/{name}")
            page.locator(".jp-Notebook").first.wait_for()
            page.wait_for_function(KERNEL_IDLE, polling=100)
            run.open_idle = time.perf_counter() - start

            self._run_all(page, run)
            run.notebook = self._save_and_read(page, f"notebooks/{name}")
            if click_widgets:
                self._click_widgets(page, run)
        finally:
            run.blocked = self.blocked[blocked_before:]
            page.close()
        return run

    def probe(self, name: str, code: str) -> str:
        """Open ``notebooks/<name>``, put ``code`` in its first code cell instead of the
        lesson's, run that one cell and return its output text (the lesson is not saved)."""
        return self._call(self._probe, name, code)

    def _probe(self, name: str, code: str) -> str:
        page = self.context.new_page()
        page.set_default_timeout(self.timeout)
        try:
            page.goto(f"{self.base}/{build_lite.INFO_NAME}")
            page.evaluate(FORGET_WORKSPACE)
            page.goto(f"{self.base}/lab/index.html?path=notebooks/{name}")
            page.locator(".jp-Notebook").first.wait_for()
            page.wait_for_function(KERNEL_IDLE, polling=100)
            cell = page.locator(".jp-CodeCell").first
            cell.locator(".cm-content").click()
            page.keyboard.press("Control+a")
            page.keyboard.insert_text(code)
            page.keyboard.press("Control+Enter")
            page.wait_for_function(FIRST_RAN, polling=50)
            page.wait_for_function(KERNEL_IDLE, polling=100)
            return cell.locator(".jp-OutputArea").inner_text()
        finally:
            page.close()

    def _run_all(self, page: Any, run: LessonRun) -> None:
        page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        start = time.perf_counter()
        page.wait_for_function(FIRST_RAN, polling=50)
        run.first_cell = time.perf_counter() - start
        with contextlib.suppress(Exception):  # a lesson need not have a widget
            page.wait_for_function(f"() => ({FIRST_WIDGET})() || ({ALL_RAN})()", polling=50)
            if page.evaluate(FIRST_WIDGET):
                run.first_widget = time.perf_counter() - start
        page.wait_for_function(ALL_RAN, polling=100)
        page.wait_for_function(KERNEL_IDLE, polling=100)
        run.run_all = time.perf_counter() - start

    def _save_and_read(self, page: Any, path: str) -> dict[str, Any]:
        """Save the notebook (Ctrl+S) and return it as the browser stored it, once every
        code cell in it has run."""
        page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
        page.keyboard.press("Control+s")
        deadline = time.monotonic() + 60
        while True:
            stored = page.evaluate(READ_STORED, path)
            content = (stored or {}).get("content") or {}
            code = [c for c in content.get("cells", []) if c.get("cell_type") == "code"]
            if code and all(c.get("execution_count") for c in code):
                return content
            if time.monotonic() > deadline:
                raise AssertionError(f"{path} was not saved to the browser's storage after "
                                     "running (no executed copy in IndexedDB)")
            page.wait_for_timeout(250)  # (not time.sleep: Playwright works while it waits)

    def _click_widgets(self, page: Any, run: LessonRun) -> None:
        views = page.locator(WIDGET_VIEWS)
        expected = sum(
            1 for cell in run.notebook.get("cells", [])
            for out in cell.get("outputs", [])
            if "application/vnd.jupyter.widget-view+json" in (out.get("data") or {}))
        if views.count() != expected:
            run.widget_problems.append(
                f"{expected} widget outputs in the notebook, {views.count()} drawn on the page")
        for i in range(views.count()):
            view = views.nth(i)
            view.scroll_into_view_if_needed()
            self._settle(page, view)
            trip = self._one_interaction(page, view)
            if trip is None:
                run.widget_problems.append(
                    f"widget {i + 1}: no control of it changed the widget within 30 s")
            else:
                run.widget_trips.append(trip)
        page.wait_for_function(KERNEL_IDLE, polling=100)
        run.error_outputs_after_clicks = page.evaluate(
            "() => [...document.querySelectorAll("
            "'[data-mime-type=\"application/vnd.jupyter.stderr\"], .jp-OutputArea-error')]"
            ".map(e => e.textContent.slice(0, 2000))")

    @staticmethod
    def _settle(page: Any, view: Any, quiet: float = 1.0, limit: float = 30.0) -> None:
        """Wait until the widget has not changed for ``quiet`` seconds (bots, timers)."""
        deadline = time.monotonic() + limit
        last, since = view.inner_html(), time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - since < quiet:
            page.wait_for_timeout(100)
            now = view.inner_html()
            if now != last:
                last, since = now, time.monotonic()

    @staticmethod
    def _one_interaction(page: Any, view: Any, tries: int = 5) -> float | None:
        """Use the widget's first control that makes it change; return the time from the
        click to the changed widget (Python's answer drawn), or None."""
        controls = view.locator(CONTROLS)
        for j in range(min(tries, controls.count())):
            control = controls.nth(j)
            if not control.is_visible():
                continue
            before = view.inner_html()
            handle = view.element_handle()
            kind = control.evaluate("e => e.tagName.toLowerCase() + ':' + (e.type || '')")
            start = time.perf_counter()
            if kind.startswith("input"):
                control.focus()
                control.press("End" if control.evaluate("e => e.value !== e.max") else "Home")
            elif kind.startswith("select"):
                options = control.evaluate("e => [...e.options].map(o => o.value)")
                current = control.evaluate("e => e.value")
                other = next((o for o in options if o != current), None)
                if other is None:
                    continue
                control.select_option(other)
            else:
                control.click()
            with contextlib.suppress(Exception):
                page.wait_for_function("([el, html]) => el.innerHTML !== html",
                                       arg=[handle, before], polling=20, timeout=30_000)
                return time.perf_counter() - start
        return None


def find_chromium() -> str | None:
    """Debian's Chromium (or $CHROMIUM), if installed."""
    import os
    import shutil

    for path in [os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"]:
        if path and os.path.exists(path):
            return path
    return shutil.which("chromium")


def lesson_names() -> list[str]:
    """The lessons the site has: every notebooks/*.ipynb of the checkout."""
    return sorted(p.name for p in (build_lite.REPO / "notebooks").glob("*.ipynb"))


def timing_table(runs: list[LessonRun]) -> str:
    """The timings as a text table (seconds), one row per lesson."""
    def fmt(x: float | None) -> str:
        return "-" if x is None else f"{x:.1f}"

    def trips(r: LessonRun) -> str:
        return "-" if not r.widget_trips else " ".join(f"{t:.2f}" for t in r.widget_trips)

    rows = [("lesson", "open->idle", "first cell", "first widget", "run all",
             "widget round trips")]
    rows += [(r.name.removesuffix(".ipynb"), fmt(r.open_idle), fmt(r.first_cell),
              fmt(r.first_widget), fmt(r.run_all), trips(r)) for r in runs]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
