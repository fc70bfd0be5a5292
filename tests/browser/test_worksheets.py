"""Every lesson's worksheet and answer key, printed by Chromium on A4: nothing wider than the
page, no exercise taller than a page (boxes are never split, so nothing is cut off), the
PDF has pages, and a print-size screenshot is saved for a person to look at.

``make test`` prints the two packs with the tallest exercises (``SAMPLE``: Dominosa grids,
and the most exercises), ``make sweeps`` (which CI runs) and ``make soak`` every other lesson's."""

from __future__ import annotations

import pathlib

import pytest

from dominolab.cli import main
from dominolab.teach import lessons
from dominolab.teach.pack import worksheet_html

from .conftest import capture


# A4 at the CSS resolution of 96 px per inch, and the printable area inside @page's margins
A4_WIDTH, A4_HEIGHT = 794, 1123
MM = 96 / 25.4
PRINTABLE_WIDTH = round((210 - 30) * MM)
PRINTABLE_HEIGHT = round((297 - 30) * MM)
#: the lessons whose packs ``make test`` prints: 07's exercises hold Dominosa grids (the
#: most text an exercise), 15 has the most exercises and the largest pack
SAMPLE = ("07", "15")


@pytest.fixture
def browser(lab):
    """The session's Chromium (one Playwright per process: the lab fixture owns it)."""
    return lab.browser


MEASURE = """() => {
  const page = document.documentElement;
  const boxes = [...document.querySelectorAll('section.ex')].map(e => {
      const r = e.getBoundingClientRect(); return {id: e.id, height: r.height, right: r.right}; });
  let widest = 0, offender = '';
  for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.right > widest) { widest = r.right; offender = e.tagName + '.' + e.className; }
  }
  return {scrollWidth: page.scrollWidth, clientWidth: page.clientWidth, boxes, widest, offender};
}"""


@pytest.mark.parametrize("answers", [False, True], ids=["worksheet", "answers"])
@pytest.mark.parametrize("number", [n if n in SAMPLE else pytest.param(n, marks=pytest.mark.sweep)
                                    for n in (les.number for les in lessons())])
def test_worksheet_prints_on_a4_without_cut_off_content(lab, browser, tmp_path, number,
                                                         answers):
    path = tmp_path / f"{number}-{'answers' if answers else 'worksheet'}.html"
    path.write_text(worksheet_html(number, answers=answers, seeds=[None, 7]), encoding="utf-8")
    context = browser.new_context(viewport={"width": A4_WIDTH, "height": A4_HEIGHT})
    page = context.new_page()
    page.goto(path.as_uri())
    page.emulate_media(media="print")
    m = page.evaluate(MEASURE)
    assert m["scrollWidth"] <= m["clientWidth"], m
    assert m["widest"] <= A4_WIDTH - 15 * MM + 1, m          # inside the right margin
    assert len(m["boxes"]) == 2 * len(lessons()[int(number) - 1].exercises)
    for box in m["boxes"]:
        assert box["height"] <= PRINTABLE_HEIGHT, box          # fits one page: never cut
    shot = lab.shots / f"worksheet-{path.stem}.png"
    capture(page, shot, full_page=True)
    assert shot.stat().st_size > 10_000
    pdf = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pdf.startswith(b"%PDF") and pages >= 2               # two sheets: two students
    print(f"screenshot: {shot} ({pages} A4 pages)")
    context.close()


def test_the_command_line_prints_a_pdf(browser, tmp_path):
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "06", "--pdf", "--out", str(out), "--seed", "1"]) == 0
    data = pathlib.Path(out).read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page") >= 2
