"""Exercises answered with a widget, in a real JupyterLab: the student works the widget, runs
the exercise's answer cell, and reads the verdict the engines give.

* lesson 04: build a stuck line in the chain builder;
* lesson 06: click cells away on the tiling board until the colours balance and no tiling
  is left;
* lesson 07: lay a wrong tile on the Dominosa board (the engine's reason), then solve it;
* lesson 10: play a round on the game board, then ask about your own round (``game=board``).
"""

from __future__ import annotations

import re

from dominolab.puzzles.dominosa import Dominosa
from dominolab.teach.course.l04_chains import SHORT_STUCK_LINE
from dominolab.teach.course.l06_tilings import CORNER_CUT
from dominolab.teach.course.l07_dominosa import GRID

from .conftest import JupyterLab


def run_cell(lab, page, code_text: str, expect: str, shot: str = "") -> str:
    """Run the code cell whose source contains ``code_text``; wait until its output matches
    the regular expression ``expect``; return the output's text (and save a screenshot of
    the exercise's statement and verdict when ``shot`` names one)."""
    cell = page.locator(".jp-CodeCell").filter(has_text=code_text).first
    cell.wait_for(state="attached")
    cell.scroll_into_view_if_needed()
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    output = cell.locator(".jp-OutputArea-output").first
    output.wait_for()
    JupyterLab.wait_text(page, output, expect)
    lab.wait_idle(page)
    if shot:
        statement = page.locator(".jp-CodeCell").filter(
            has=page.locator(".dl-exercise")).filter(has_text=code_text.split(".")[0] + " = ")
        lab.screenshot(page, shot + "-statement", statement.first)
        lab.screenshot(page, shot + "-verdict", cell)
    return output.inner_text()


def test_a_stuck_line_built_in_the_chain_builder(lab):
    page = lab.open("notebooks/04-chains-and-euler.ipynb")
    lab.run_all(page)
    widget = lab.widget(page, ".dl-chain-builder")
    ends = widget.locator(".dl-ends")
    text = run_cell(lab, page, "e3.check(answer)", "Not yet")
    assert "empty" in text                          # an untouched builder is not a try
    for pair in SHORT_STUCK_LINE.split():
        a, b = sorted(int(x) for x in pair.split(":"))
        widget.get_by_role("button", name=f"domino {a}-{b}", exact=True).click()
        page.wait_for_function("([el, t]) => el.textContent.includes(t)",
                               arg=[widget.locator(".dl-line").element_handle(), pair])
    assert ends.inner_text() == "Open ends: 0 and 1"
    assert widget.locator(".dl-verdict").inner_text().startswith("No")
    verdict = run_cell(lab, page, "e3.check(answer)", "Correct", shot="exercise-04")
    assert "stuck" in verdict and "cannot be reached" in verdict
    lab.screenshot(page, "exercise-04-stuck-line", widget)


def test_a_balanced_board_without_a_tiling(lab):
    page = lab.open("notebooks/06-tilings-and-the-mutilated-chessboard.ipynb")
    lab.run_all(page)
    widget = lab.widget(page, ".dl-tiling-board")
    summary = widget.locator(".dl-tb-summary")
    # first a wrong answer: two corners of one colour, which the colouring already rules out
    for cell in ((0, 0), (5, 5)):
        widget.get_by_role("button", name=re.compile(rf"^cell \({cell[0]}, {cell[1]}\)")).click()
    lab.wait_text(page, summary, "16 dark and 18 light")
    wrong = run_cell(lab, page, "e6.check(answer)", "Not yet")
    assert "16 dark and 18 light" in wrong and "colouring" in wrong
    widget.get_by_role("button", name="Restore all cells").click()
    lab.wait_text(page, summary, "^6,728 tilings$")
    for r, c in CORNER_CUT:
        widget.get_by_role("button", name=re.compile(rf"^cell \({r}, {c}\)")).click()
    lab.wait_text(page, summary, "^No tiling")
    verdict = run_cell(lab, page, "e6.check(answer)", "Correct")
    assert "balanced colours and no tiling" in verdict
    lab.screenshot(page, "exercise-06-balanced-board", widget)


def _cell(widget, r, c):
    return widget.get_by_role("button", name=re.compile(rf"^row {r} column {c}, number \d"))


def test_solving_the_dominosa_board_answers_the_exercise(lab):
    page = lab.open("notebooks/07-dominosa.ipynb")
    lab.run_all(page)
    widget = lab.widget(page, ".dl-dominosa")
    status = widget.locator(".dl-ds-status")
    # a tile in a wrong place: the engine says what is wrong
    _cell(widget, 0, 1).click()
    _cell(widget, 0, 2).click()
    lab.wait_text(page, status, "^1 of 10 tiles placed")
    wrong = run_cell(lab, page, "e3.check(answer)", "Not yet")
    assert "not covered" in wrong or "twice" in wrong or "shows" in wrong
    widget.get_by_role("button", name="Undo").click()
    lab.wait_text(page, status, "^0 of 10 tiles placed")
    for placement in Dominosa.parse(GRID).solve():
        (r1, c1), (r2, c2) = placement.cells
        _cell(widget, r1, c1).click()
        _cell(widget, r2, c2).click()
    lab.wait_text(page, status, "10 of 10 tiles placed|Solved")
    verdict = run_cell(lab, page, "e3.check(answer)", "Correct")
    assert "all 10 tiles are in place" in verdict
    lab.screenshot(page, "exercise-07-solved-board", widget)


TURN_OR_END = """el => el.querySelector('.dl-turn').textContent.startsWith('Your turn')
    || !el.querySelector('.dl-panel').hidden"""


def test_asking_about_your_own_round(lab):
    page = lab.open("notebooks/10-play.ipynb")
    lab.run_all(page)
    board = lab.widget(page, ".dl-board")
    tick = board.get_attribute("data-tick")
    board.get_by_role("combobox", name="bot speed").select_option("0")
    JupyterLab.wait_tick(page, board, tick)
    for _ in range(60):
        page.wait_for_function(TURN_OR_END, arg=board.element_handle())
        if board.locator(".dl-panel").is_visible():
            break
        tick = board.get_attribute("data-tick")
        pas = board.get_by_role("button", name="pass", exact=True)
        draw = board.get_by_role("button", name="draw a tile from the boneyard")
        target = draw if draw.count() else pas if pas.count() else \
            board.locator("button.dl-tile.dl-playable").first
        target.click()
        JupyterLab.wait_tick(page, board, tick)
        if board.locator("button.dl-choice").count():
            tick = board.get_attribute("data-tick")
            board.locator("button.dl-choice").first.click()
            JupyterLab.wait_tick(page, board, tick)
    assert board.locator(".dl-panel").is_visible()
    # a new cell at the end: the exercises of the lesson, about the round just played
    last = page.locator(".jp-Cell").last
    last.scroll_into_view_if_needed()
    last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type('mine = exercise("10.2", game=board)\n'
                       'mine.check(mine.answer_kind.reference()), mine.check(-1)')
    page.keyboard.press("Shift+Enter")
    out = page.locator(".jp-CodeCell").filter(has_text='exercise("10.2", game=board)').first \
        .locator(".jp-OutputArea-output").first
    out.wait_for()
    JupyterLab.wait_text(page, out, "Check")
    text = out.inner_text()
    assert "Check(ok=True" in text and "Check(ok=False" in text
    lab.screenshot(page, "exercise-10-own-round", board)
