"""The game board on Mexican train (issue 18) in a real JupyterLab: a whole round by clicks.

A small notebook written into the test's own copy of the notebooks holds one seeded
two-player board with instant bots. The human seat is played to the end of the round
by clicking: Draw or Pass when offered, else the first playable tile and, when it fits
several trains, the first train offered (each choice names its train). The trains are
drawn as labelled rows from the hub; the open ends are written out with the markers.
"""

from __future__ import annotations

import re

import nbformat

from .conftest import JupyterLab

TURN_OR_END = """el => el.querySelector('.dl-turn').textContent.startsWith('Your turn')
    || !el.querySelector('.dl-panel').hidden"""

CELLS = [
    "from dominolab.widgets import GameBoard",
    'train = GameBoard("mexican_train", players=2, human=0, seed=3, delay=0)\ntrain',
]


def _notebook(lab) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = lab.root / "notebooks" / "_board_trains.ipynb"
    nbformat.write(nb, str(path))
    return "notebooks/_board_trains.ipynb"


def _do(page, board, action):
    tick = board.get_attribute("data-tick")
    action()
    JupyterLab.wait_tick(page, board, tick)
    error = board.locator(".dl-error")
    assert not error.is_visible(), error.inner_text()


def test_play_a_mexican_train_round_by_clicking(lab):
    page = lab.open(_notebook(lab), height=1400)
    lab.run_all(page)
    board = page.locator(".dl-board").filter(has_text="Mexican train").first
    board.wait_for()
    assert board.locator("button.dl-tile").count() == 15
    labels_seen: set[str] = set()
    for _ in range(300):
        page.wait_for_function(TURN_OR_END, arg=board.element_handle())
        if board.locator(".dl-panel").is_visible():
            break
        ends = board.locator(".dl-ends").inner_text()
        assert ends.startswith(("Open ends: ", "The table is empty: lead 12:12")), ends
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
        if choices.count():
            labels = [choices.nth(k).get_attribute("aria-label") for k in range(choices.count())]
            assert all(re.search(r"(P[12]'s train|the Mexican train)", x) for x in labels), labels
            labels_seen.update(labels)
            _do(page, board, choices.first.click)
    else:
        raise AssertionError("the round did not end")
    assert labels_seen, "no play offered a choice of trains"
    picture = board.locator(".dl-picture").inner_html()
    assert "the Mexican train" in picture and "hub (engine)" in picture
    assert board.locator(".dl-panel .dl-headline").inner_text()
    lab.screenshot(page, "board-mexican-train-round-end", board)
