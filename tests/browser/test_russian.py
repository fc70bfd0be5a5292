"""The Russian course in a real JupyterLab: a Russian lesson's exercise boxes, and a Russian
game board whose labels, buttons and screen-reader names are Russian in the DOM."""

from __future__ import annotations

import json
import re

from .conftest import JupyterLab

RU_TURN_OR_END = """el => el.querySelector('.dl-turn').textContent.startsWith('Ваш ход')
    || !el.querySelector('.dl-panel').hidden"""


def test_a_russian_lesson_shows_russian_exercises(lab):
    page = lab.open("notebooks/ru/01-counting-tiles.ipynb")
    lab.run_all(page)
    box = lab.widget(page, ".dl-exercise[aria-label='Задача 01.1']")
    assert "Сколько костей в наборе дубль-6?" in box.inner_text()
    assert "Ответ — через" in box.inner_text()
    verdict = page.locator(".jp-CodeCell").filter(has_text="e1.check(answer)").first
    verdict.scroll_into_view_if_needed()
    assert "Пока нет: замените None своим ответом" in verdict.inner_text()
    lab.screenshot(page, "ru-lesson-01-exercise", box)


def test_a_russian_game_board_in_the_dom(lab):
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": ["from dominolab.widgets import GameBoard\n",
                              "GameBoard(variant=\"kozel\", lang=\"ru\", seed=3)"]}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}
    (lab.root / "notebooks" / "ru-board.ipynb").write_text(json.dumps(notebook),
                                                           encoding="utf-8")
    page = lab.open("notebooks/ru-board.ipynb")
    lab.run_all(page)
    board = lab.widget(page, ".dl-board")
    assert board.get_attribute("lang") == "ru"
    assert board.get_by_role("region", name="стол").count() == 1
    assert board.locator(".dl-hand").get_attribute("aria-label") == (
        "ваши кости (стрелки выбирают кость, Enter — ход, L/R — конец)")
    assert board.locator("button.dl-tile").first.get_attribute("aria-label").startswith(
        "пойти костью ")
    assert board.get_by_role("button", name="сохранить запись").count() == 1
    assert board.locator(".dl-title").inner_text().startswith("Козёл — 4 игрока")
    tick = board.get_attribute("data-tick")
    board.get_by_role("combobox", name="скорость ботов").select_option("0")
    JupyterLab.wait_tick(page, board, tick)
    for _ in range(40):      # play the human seat to the end of the round
        page.wait_for_function(RU_TURN_OR_END, arg=board.element_handle())
        if board.locator(".dl-panel").is_visible():
            break
        tick = board.get_attribute("data-tick")
        pas = board.get_by_role("button", name="пас", exact=True)
        target = pas if pas.count() else board.locator("button.dl-tile.dl-playable").first
        target.click()
        JupyterLab.wait_tick(page, board, tick)
        if board.locator("button.dl-choice").count():
            tick = board.get_attribute("data-tick")
            board.locator("button.dl-choice").first.click()
            JupyterLab.wait_tick(page, board, tick)
    panel = board.locator(".dl-panel")
    assert panel.is_visible()
    assert panel.get_attribute("aria-label") == "итог кона"
    text = panel.inner_text()
    assert "игрок" in text and "осталось на руках" in text      # the table's Russian head
    assert board.get_by_role("button", name="следующий кон").count() == 1
    lab.screenshot(page, "ru-board-round-end", board)


def test_a_russian_dominosa_board_in_the_dom(lab):
    """Lesson 07 in Russian: its board's buttons, statuses, hints and screen-reader names."""
    page = lab.open("notebooks/ru/07-dominosa.ipynb")
    lab.run_all(page)
    widget = lab.widget(page, ".dl-dominosa")
    assert widget.get_attribute("lang") == "ru"
    status = widget.locator(".dl-ds-status")
    assert status.text_content() == "Положено костей: 0 из 10."
    assert widget.locator(".dl-ds-settitle").text_content() == "Набор дубль-3 (10 костей)"
    first = widget.get_by_role("button", name=re.compile(r"^строка 1, столбец 0, число 2\b"))
    first.click()
    page.wait_for_function("el => el.getAttribute('aria-pressed') === 'true'",
                           arg=first.element_handle())
    widget.get_by_role("button", name=re.compile(r"^строка 1, столбец 1, число 2\b")).click()
    lab.wait_text(page, status, "^Положено костей: 1 из 10")
    assert widget.get_by_role("listitem", name="кость 2:2, на месте").count() == 1
    widget.get_by_role("button", name="Подсказка", exact=True).click()
    hint = widget.locator(".dl-ds-hint")
    lab.wait_text(page, hint, "Кость 3:3 может лечь только на \\(0,3\\)-\\(0,4\\)")
    assert hint.text_content().startswith("Подсказка (only-place, trivial): ")
    assert widget.get_by_role("button", name="Применить подсказку").count() == 1
    lab.screenshot(page, "ru-dominosa-board", widget)
