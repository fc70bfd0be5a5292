"""The game board on a cross (issue 9) in a real JupyterLab: choose arms by clicking.

A small notebook written into the test's own copy of the notebooks holds two
seeded two-player boards with instant bots: Osyol (closing doubles) and
Muggins (points for multiples of five). The human seat is played to the end of
the round by clicking: the first playable tile, then an arm — once by the W/E
key, once by the "… and close it" button, otherwise the first button offered.
While a choice is on screen the arm it names is outlined in the drawing.
"""

from __future__ import annotations

import re
import statistics

import nbformat

from .conftest import JupyterLab

TURN_OR_END = """el => el.querySelector('.dl-turn').textContent.startsWith('Your turn')
    || !el.querySelector('.dl-panel').hidden"""

CELLS = [
    "from dominolab.widgets import GameBoard",
    'osyol = GameBoard("osyol", players=2, human=0, seed=8, delay=0)\nosyol',
    'muggins = GameBoard("muggins", players=2, human=0, seed=25, delay=0)\nmuggins',
]


def _notebook(lab) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = lab.root / "notebooks" / "_board_cross.ipynb"
    nbformat.write(nb, str(path))
    return "notebooks/_board_cross.ipynb"


TIMES: list[float] = []      # click-to-redraw times (ms) measured by the board itself


def _do(page, board, action, ok=True):
    tick = board.get_attribute("data-tick")
    action()
    JupyterLab.wait_tick(page, board, tick)
    ms = board.get_attribute("data-redraw-ms")
    if ms is not None:
        TIMES.append(float(ms))
    if ok:
        error = board.locator(".dl-error")
        assert not error.is_visible(), error.inner_text()


def _play_round(page, board, events, shot=None, digits=False, max_turns=60):
    """Play the human seat to the end of the round; record how each arm was chosen."""
    for _ in range(max_turns):
        page.wait_for_function(TURN_OR_END, arg=board.element_handle())
        if board.locator(".dl-panel").is_visible():
            return
        draw = board.get_by_role("button", name="draw a tile from the boneyard")
        pas = board.get_by_role("button", name="pass", exact=True)
        if draw.count():
            _do(page, board, draw.click)
            continue
        if pas.count():
            _do(page, board, pas.click)
            continue
        _do(page, board, board.locator("button.dl-tile.dl-playable").first.click)
        choices = board.locator("button.dl-choice")
        if not choices.count():
            continue
        labels = [choices.nth(k).get_attribute("aria-label") for k in range(choices.count())]
        assert all(re.search(r"(west|east|north|south)", lab) for lab in labels), labels
        # the choice in focus outlines the arm it plays on in the drawing
        assert board.locator(".dl-picture g.dl-target").count() >= 1
        if shot is not None and not events:
            shot()                                  # the first choice, its arm outlined
        close = [k for k, lab in enumerate(labels) if lab.endswith("and close it")]
        first_end = choices.first.get_attribute("data-end")
        if digits and "digit" not in events:
            # the number key of the first choice ("1 · west arm")
            _do(page, board, lambda c=choices.first: c.press("1"))
            events.append("digit")
        elif close and "close" not in events:
            _do(page, board, choices.nth(close[0]).click)
            events.append("close")
        elif first_end and "key" not in events:
            # the W/E/N/S key while the choice is focused (Shift would close the double)
            key = first_end.rstrip("!").lower()
            _do(page, board, lambda c=choices.first, k=key: c.press(k))
            events.append("key")
        else:
            _do(page, board, choices.first.click)
            events.append("click")
    raise AssertionError("the round did not end")


def test_play_cross_rounds_by_clicking_arms(lab):
    TIMES.clear()
    page = lab.open(_notebook(lab), height=1400)
    lab.run_all(page)

    # -- Osyol for two: P2 leads 3:3, the spinner; P1 answers on the arms
    osyol = page.locator(".dl-board").filter(has_text="Osyol").first
    osyol.wait_for()
    assert osyol.locator("button.dl-tile").count() == 7
    assert osyol.locator(".dl-ends").inner_text() == \
        "Open arms: west 3, east 3, north 3, south 3"
    # an arm key on a tile that fits nowhere: the rule, and nothing changes
    blocked = osyol.get_by_role("button", name="play domino 0-1", exact=True)
    _do(page, osyol, lambda: blocked.press("n"), ok=False)
    assert "0:1 does not match the N arm showing 3" in osyol.locator(".dl-error").inner_text()
    assert osyol.locator(".dl-loglist li").count() == 1
    events: list[str] = []
    _play_round(page, osyol, events,
                shot=lambda: lab.screenshot(page, "board-osyol-arm-choice", osyol))
    assert "close" in events and "key" in events, events
    log = osyol.locator(".dl-loglist").inner_text()
    assert re.search(r"P1 \d:\d>[WENS]!", log), log          # the double P1 closed
    assert osyol.locator(".dl-panel .dl-headline").inner_text()
    picture = osyol.locator(".dl-picture")
    assert picture.locator('[aria-label="face-down domino"]').count() >= 1
    lab.screenshot(page, "board-osyol-round-end", osyol)

    # -- Muggins for two: the fives scored appear in the log and above the table
    muggins = page.locator(".dl-board").filter(has_text="Muggins").first
    muggins.scroll_into_view_if_needed()
    events = []
    _play_round(page, muggins, events, digits=True)
    assert events[:2] == ["digit", "key"], events
    fives = muggins.locator(".dl-fives").inner_text()
    assert fives.startswith("Fives this round: You ")
    notes = muggins.locator(".dl-lognote")
    assert notes.count() >= 1 and re.fullmatch(r" \(ends \d+: \+\d+\)", notes.first.inner_text())
    assert "Fives scored during the round" in muggins.locator(".dl-panel").inner_text()
    lab.screenshot(page, "board-muggins-round-end", muggins)
    TIMES.sort()
    print(f"\ncross boards, click-to-redraw over {len(TIMES)} clicks: median "
          f"{statistics.median(TIMES):.1f} ms, max {TIMES[-1]:.1f} ms")
