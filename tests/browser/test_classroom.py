"""The lessons as a class uses them: a phone and a projector, in Notebook 7's one-document view.

- The start page opens (``make lab``'s and Binder's first URL) with the notebook
  taking the whole width of a phone, and its links open every lesson in the same
  view, just as wide (``make test`` opens the Russian start page's link, ``LINK_SAMPLE``;
  ``make sweeps`` every other one). JupyterLab's own one-document mode (``/doc/…``) keeps its side
  bars, so the notebook has less room: ``make sweeps`` photographs both (Notebook 7 is
  the one the links and ``make lab`` use).
- A lesson is run at phone size (390×844, a touch screen) and saved, then shown
  at desktop size (1400×900): no output is wider than its box at either size
  (pictures shrink, wide formulas and boards scroll inside their own box), and
  each widget in the presentation size (the P key) draws its tile halves and its
  numbers and text at 24 px or more. Both sizes are photographed. Running and saving
  leaves ``git status`` and every tracked file as they were (the server's copies are in
  the ignored ``work/``; ``tests/test_make_lab.py`` leaves this check to this test for
  the lessons it runs). ``make test`` checks the start page
  (``repo_state.CLASSROOM_SAMPLE``); ``make sweeps`` (run by CI after ``make test``) and
  ``make soak`` every other lesson. The chain builder's, tiling board's and Dominosa
  board's own browser tests make the presentation-size check on their widgets
  (:func:`presentation_size`).
- Before its cell runs, a widget shows a still picture and "Run this cell to play".
- The live widgets also reflow to a 360-px screen without running off the page.
- Keys typed in a widget reach the widget, not the notebook.

The start page's checks as it opens and of keys in its widget are made by its run of the
lesson test, on the pages that test loads anyway (a Notebook 7 page load is about five
seconds of Chromium's CPU, the largest share of these tests' time).
"""

from __future__ import annotations

import re

import pytest

from .. import repo_state
from .conftest import DESKTOP, PHONE, REPO

#: the narrowest screen the widgets' layouts reflow to (an old, small phone)
NARROW = {"width": 360, "height": 740}

LESSONS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
START = "notebooks/00-start-here.ipynb"

#: the smallest text, tile half and board cell a widget shows (px); in the presentation
#: size all of them must be 24 px or more
METRICS = """(root) => {
  let text = [1e9, ''], tile = 1e9, cell = 1e9;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest('title, option, style, script')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) px *= el.getScreenCTM().a;     // SVG text: as drawn
    if (px < text[0]) text = [px, n.textContent.trim().slice(0, 40)];
  }
  for (const g of root.querySelectorAll('g.tile')) {          // a tile's face: two halves
    const r = g.querySelector('rect').getBoundingClientRect();
    if (r.width) tile = Math.min(tile, r.width, r.height);
  }
  for (const b of root.querySelectorAll('button.dl-ds-cell, button.dl-tb-cell')) {
    const r = b.getBoundingClientRect();
    if (r.width) cell = Math.min(cell, r.width, r.height);
  }
  return {text: text[0], smallest: text[1], tile, cell,
          kind: [...root.classList].filter(c => c.startsWith('dl-') && c !== 'dl-widget'
                                                 && c !== 'dl-large').join(' ')};
}"""


#: the smallest control a widget shows (px each way), on a touch screen 44 px or more
TOUCH = """() => {
  let least = [1e9, ''];
  for (const c of document.querySelectorAll(
      '.dl-widget button, .dl-widget select, .dl-widget summary, .dl-widget input')) {
    const r = c.getBoundingClientRect();
    if (!r.width || !r.height) continue;                  // not shown
    const side = c.type === 'range' ? r.height : Math.min(r.width, r.height);
    if (side < least[0]) least = [side, (c.getAttribute('aria-label') || c.textContent
                                         || c.className).trim().slice(0, 40)];
  }
  return least;
}"""


#: the cells whose outputs hold a widget view (a widget's ``.dl-widget`` is drawn only there)
WIDGET_CELLS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells, found = [];
  for (let k = 0; k < cells.length; k++) {
    const c = cells.get(k);
    if (c.type !== 'code') continue;
    for (let j = 0; j < c.outputs.length; j++) {
      if ('application/vnd.jupyter.widget-view+json' in c.outputs.get(j).data) {
        found.push(k);
        break;
      }
    }
  }
  return found;
}"""


def _px(size: float) -> str:
    return f"{size:.1f} px" if size < 1e9 else "none"


def presentation_size(lab, page, root, what: str, shot: str) -> dict:
    """Put the widget ``root`` in the presentation size (the P key), check that its smallest
    text, tile half and board cell are 24 px or more, photograph it, and put it back."""
    root.locator("button.dl-size").focus()
    page.keyboard.press("p")
    page.wait_for_function("e => e.classList.contains('dl-large')", arg=root.element_handle())
    page.wait_for_timeout(300)       # the pictures come back redrawn from Python
    m = root.evaluate(METRICS)
    assert m["text"] >= 24 and m["tile"] >= 24 and m["cell"] >= 24, (what, m)
    print(f"\n{what} ({m['kind']}) at {page.viewport_size['width']} px, presentation size: "
          f"smallest text {m['text']:.1f} px, tile half {_px(m['tile'])}, board cell "
          f"{_px(m['cell'])}")
    lab.screenshot(page, shot, root)
    root.locator("button.dl-size").focus()
    page.keyboard.press("p")
    page.wait_for_function("e => !e.classList.contains('dl-large')", arg=root.element_handle())
    return m


def _notebook_share(page) -> float:
    """The notebook's width as a share of the page's, once the notebook is laid out."""
    # one read, in the page, once the width is above 0 (two reads raced a re-layout under load:
    # the notebook can be laid out again, at width 0 for a moment, between them)
    share = """() => { const nb = document.querySelector('.jp-Notebook');
                       const w = nb ? nb.getBoundingClientRect().width : 0;
                       return w > 0 ? w / window.innerWidth : null; }"""
    return page.wait_for_function(share).json_value()


def _the_start_page_and_its_links_fill_a_phone(lab, page):
    """The start page as it opens at phone size, before its cells run (``page``): the
    notebook fills the width, its widget is a still picture, and the links of the sample
    open their lessons in the same view, as wide (the classroom test of the start page runs
    this before it runs the page: one page load for both)."""
    assert _notebook_share(page) >= 0.9
    # before its cell runs, a widget is a still picture with one line, not dead controls
    still = page.locator(".dl-still").first
    still.scroll_into_view_if_needed()
    assert "Run this cell to play" in still.inner_text()
    assert still.locator("button, input").count() == 0
    assert page.get_by_text("Error displaying widget").count() == 0
    page.evaluate("() => document.querySelector('.jp-WindowedPanel-outer, .jp-Notebook')"
                  ".scrollTo(0, 0)")
    lab.screenshot(page, "phone-notebook7-start")

    # every lesson linked from the start page is a lesson or a translation that exists;
    # those of the sample open in the same view, as wide (make sweeps opens every other one)
    hrefs = _start_links(page)
    assert {h for h in hrefs if "/" not in h} == set(LESSONS) - {"00-start-here.ipynb"}
    assert all((REPO / "notebooks" / h).is_file() for h in hrefs if "/" in h)
    _open_links(page, hrefs, [h for h in hrefs if _in_sample(h)])


@pytest.mark.sweep
def test_jupyterlabs_one_document_mode_for_comparison(lab):
    """JupyterLab's one-document mode (``/doc/…``) keeps its side bars: the notebook's share
    of a phone's width there, printed beside Notebook 7's, and both photographed (a
    comparison, not a check: ``make sweeps``)."""
    page = lab.open_doc(START, size=PHONE)
    other = lab.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        doc = other.new_page()
        doc.set_default_timeout(120_000)
        doc.goto(f"{lab.base}/doc/tree/{START}?reset&token={lab.token}")
        doc.locator(".jp-Notebook").first.wait_for()
        doc.wait_for_timeout(1500)
        print(f"\nnotebook's share of a phone's width: Notebook 7 {_notebook_share(page):.0%}, "
              f"JupyterLab /doc {_notebook_share(doc):.0%}")
        lab.screenshot(doc, "phone-jupyterlab-doc-start")
    finally:
        other.close()


def _start_links(page) -> dict[str, int]:
    """The start page's lesson links: each lesson's path under notebooks/ and its link's index."""
    links = page.locator(".jp-RenderedMarkdown a[href*='.ipynb']")
    hrefs: dict[str, int] = {}
    for i in range(links.count()):
        # a lesson ("05-counting-rings.ipynb") or a translation ("ru/00-start-here.ipynb")
        path = re.search(r"([\w./-]+\.ipynb)", links.nth(i).get_attribute("href")).group(1)
        name = path.rsplit("notebooks/", 1)[-1].removeprefix("./")
        hrefs.setdefault(name, i)
    return hrefs


#: the start page's links ``make test`` opens: the Russian start page's, a link into the folder of
#: a translation (each opened link is one more Notebook 7 load, about five CPU-seconds of
#: Chromium, for the same check; make sweeps opens every other one, the lessons' too)
LINK_SAMPLE = ("ru/00-start-here.ipynb",)


def _in_sample(name: str) -> bool:
    """A link ``make test`` opens (:data:`LINK_SAMPLE`)."""
    return name in LINK_SAMPLE


def _open_links(page, hrefs: dict[str, int], names) -> None:
    """Click each named link of the start page: the lesson opens in a new tab, in Notebook 7's
    one-document view, the notebook at 90 % of the phone's width or more."""
    links = page.locator(".jp-RenderedMarkdown a[href*='.ipynb']")
    for name in sorted(names):
        link = links.nth(hrefs[name])
        link.scroll_into_view_if_needed()
        with page.context.expect_page() as info:
            link.click()
        lesson = info.value
        lesson.set_default_timeout(120_000)
        lesson.locator(".jp-Notebook").first.wait_for()
        assert lesson.url.split("?")[0].endswith(f"/notebooks/notebooks/{name}")
        assert _notebook_share(lesson) >= 0.9, name
        lesson.close()


@pytest.mark.sweep
def test_every_other_link_of_the_start_page_fills_a_phone(lab):
    """The links ``make test`` does not open (``make sweeps``, which CI runs, opens them)."""
    page = lab.open_doc(START, size=PHONE)
    hrefs = _start_links(page)
    rest = [h for h in hrefs if not _in_sample(h)]
    assert rest, "the start page links lessons outside the sample"
    _open_links(page, hrefs, rest)


@pytest.mark.parametrize("lesson", repo_state.sweep(LESSONS, repo_state.CLASSROOM_SAMPLE))
def test_a_lesson_fits_a_phone_and_a_projector(lab, lesson):
    """The start page's run also makes the checks of the page as it opens (its links) and
    of keys typed in its widget, on the pages it loads anyway: a Notebook 7 page load is about
    five seconds of Chromium's CPU."""
    path = f"notebooks/{lesson}"
    stem = lesson.removesuffix(".ipynb")
    start = path == START

    # a phone: run everything, nothing wider than its box, save (as a student does)
    phone = lab.open_doc(path, size=PHONE)
    if start:
        _the_start_page_and_its_links_fill_a_phone(lab, phone)
    lab.doc_run_all(phone)
    with lab.tall(phone):       # the whole lesson in the page: one scan, every widget's controls
        seen = lab.overflow(phone)
        touch, which = phone.evaluate(TOUCH)
        lab.screenshot(phone, f"lesson-{stem}-phone")
    assert not seen["panel"] and seen["outputs"] == {}, seen
    assert seen["notebook"] >= 0.9 * seen["page"]
    assert touch >= 44 - 0.5, (touch, which)          # touch targets on a touch screen
    print(f"\n{lesson} at {PHONE['width']}x{PHONE['height']}: notebook {seen['notebook']:.0f} px "
          f"of {seen['page']} px, {len(seen['inside'])} widget(s) scrolling inside their box, "
          f"smallest control {_px(touch)}")
    lab.save(phone)
    phone.context.close()
    # running and saving it left git status and every tracked file as they were: the server's
    # copies are in the ignored work/ (tests/test_make_lab.py counts on this check)
    assert lab.changes() == [], f"running and saving {lesson} changed the checkout"

    # a desktop or projector: the saved lesson, its widgets live from the same kernel
    page = lab.open_doc(path, size=DESKTOP)
    with lab.tall(page):
        seen = lab.overflow(page)
        lab.screenshot(page, f"lesson-{stem}-desktop")
    assert not seen["panel"] and seen["outputs"] == {}, seen

    # the same live widgets on the narrowest screen: they reflow, nothing runs off the page
    page.set_viewport_size(NARROW)
    with lab.tall(page):
        narrow = lab.overflow(page)
    assert not narrow["panel"] and narrow["outputs"] == {}, narrow
    page.set_viewport_size(DESKTOP)

    # each widget in the presentation size: the P key, and back (the notebook is windowed: each
    # cell with a widget view is scrolled to, so that its widgets are in the page)
    widget_cells = page.evaluate(WIDGET_CELLS)
    widgets = page.locator(".dl-widget")
    checked = set()
    for k in widget_cells:
        page.evaluate("(k) => window.jupyterapp.shell.currentWidget.content"
                      ".scrollToItem(k, 'start')", k)
        page.wait_for_timeout(100)
        for i in range(widgets.count()):
            root = widgets.nth(i)
            where = root.evaluate("e => e.closest('.jp-Cell').dataset.windowedListIndex")
            if where in checked:
                continue
            checked.add(where)
            root.scroll_into_view_if_needed()
            presentation_size(lab, page, root, f"{lesson} cell {where}",
                              f"lesson-{stem}-cell{where}-presentation")
    if lesson in ("00-start-here.ipynb", "04-chains-and-euler.ipynb", "10-play.ipynb"):
        assert checked, f"{lesson} shows a widget"
    if start:
        _keys_in_a_widget_reach_the_widget(lab, page)


def _keys_in_a_widget_reach_the_widget(lab, page):
    """Notebook 7 looks at the focused element only: the arrow keys move the start page's
    slider, and M (in the notebook: make this a Markdown cell) does nothing to the cell
    (``page``: the start page at desktop size, its widgets live)."""
    widget = page.locator(".dl-set-explorer").first
    widget.scroll_into_view_if_needed()
    summary = widget.locator(".dl-summary")
    slider = widget.get_by_role("slider", name="largest number n")
    slider.focus()
    slider.press("ArrowLeft")
    lab.wait_text(page, summary, "^double-5 set: 21 tiles")
    kinds = ("() => { const c = window.jupyterapp.shell.currentWidget.content;"
             " return [...Array(c.model.cells.length).keys()]"
             ".map(i => c.model.cells.get(i).type); }")
    before = page.evaluate(kinds)
    widget.locator("button.dl-size").focus()
    page.keyboard.press("m")
    page.wait_for_timeout(300)
    assert page.evaluate(kinds) == before
    cell = widget.evaluate("e => e.closest('.jp-Cell').dataset.windowedListIndex")
    assert before[int(cell)] == "code"
