"""The game board on Mexican train (issue 18) in a real JupyterLab: a whole round by clicks.

A small notebook written into the test's own copy of the notebooks holds one seeded
two-player board with instant bots, on a seed whose round is short (about 25 of the
human's actions; each is a browser round trip, and seed 3's rounds took 100-140, 30-40 s
a test; tests/test_game_board_trains.py plays long rounds through the model). The human seat is played to the end of the round
by clicking: Draw or Pass when offered, else the first playable tile and, when it fits
several trains, the first train offered (each choice names its train). The trains are
drawn as labelled rows from the hub; the open ends are written out with the markers.

A Super-train round (``super_train=True``) is played the same way to its end, a
locomotive tile first whenever one can be played, by the keyboard (the tile's button
focused, Enter): its button is named "play domino locomotive-2" or "… locomotive-letter
D", and once played the table's picture names it ("domino locomotive-letter D").
"""

from __future__ import annotations

import re

import nbformat

from .conftest import JupyterLab

TURN_OR_END = """el => el.querySelector('.dl-turn').textContent.startsWith('Your turn')
    || !el.querySelector('.dl-panel').hidden"""

CELLS = [
    "from dominolab.widgets import GameBoard",
    'train = GameBoard("mexican_train", players=2, human=0, seed=8, delay=0)\ntrain',
]


SUPER_CELLS = [
    "from dominolab.widgets import GameBoard",
    'sup = GameBoard("mexican_train", players=2, human=0, seed=172, delay=0, super_train=True)\n'
    "sup",
]


def _notebook(lab, cells=CELLS, name="_board_trains") -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = lab.root / "notebooks" / f"{name}.ipynb"
    nbformat.write(nb, str(path))
    return f"notebooks/{name}.ipynb"


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


def test_play_a_super_train_round_with_locomotives_by_keyboard(lab):
    page = lab.open(_notebook(lab, SUPER_CELLS, "_board_super_train"), height=1400)
    lab.run_all(page)
    board = page.locator(".dl-board").filter(has_text="Mexican train").first
    board.wait_for()
    tiles = board.locator("button.dl-tile")
    names = [tiles.nth(k).get_attribute("aria-label") for k in range(tiles.count())]
    assert len(names) == 15
    assert {"play domino locomotive-letter D", "play domino locomotive-2"} <= set(names), names
    played: list[str] = []
    for _ in range(400):
        page.wait_for_function(TURN_OR_END, arg=board.element_handle())
        if board.locator(".dl-panel").is_visible():
            break
        draw = board.get_by_role("button", name="draw a tile from the boneyard")
        pas = board.get_by_role("button", name="pass", exact=True)
        if draw.count():
            _do(page, board, draw.click)
            continue
        if pas.count():
            _do(page, board, pas.click)
            continue
        loco = board.locator('button.dl-tile.dl-playable[aria-label^="play domino locomotive"]')
        if loco.count():
            name = loco.first.get_attribute("aria-label")
            button = board.get_by_role("button", name=name, exact=True).first
            button.focus()
            _do(page, board, lambda: page.keyboard.press("Enter"))
            choices = board.locator("button.dl-choice")
            if choices.count():
                assert choices.first.evaluate("b => b === document.activeElement")
                _do(page, board, lambda: page.keyboard.press("Enter"))
            shown = name.removeprefix("play domino ")
            picture = board.locator(".dl-picture")
            assert picture.locator(f'[aria-label="domino {shown}"]').count() >= 1, shown
            played.append(shown)
            continue
        _do(page, board, board.locator("button.dl-tile.dl-playable").first.click)
        choices = board.locator("button.dl-choice")
        if choices.count():
            _do(page, board, choices.first.click)
    else:
        raise AssertionError("the round did not end")
    assert {"locomotive-letter D", "locomotive-2"} <= set(played), played
    assert board.locator(".dl-panel .dl-headline").inner_text()
    lab.screenshot(page, "board-super-train-round-end", board)
