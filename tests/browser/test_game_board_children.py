"""Children's picture dominoes in a real JupyterLab: a whole picture-matching round by clicks.

A small notebook written into the test's own copy of the notebooks holds a seeded
two-player board in the children's mode (the animal pictures, instant bots) and a chain
builder with the fruit pictures. The human seat is played to the end of the round by
clicking: Draw or Pass when offered, else the first playable tile and, when it fits both
ends, the first end offered. On the way the test checks what a screen reader hears: every
tile button is named by its pictures ("play domino cat | fish"), every tile on the table
is an image named "domino cat | fish", every picture half carries its animal's name, the
words say which picture to match, and no score is shown. Screenshots of the board (and
of the chain builder) are saved, to look at the drawn pictures.
"""

from __future__ import annotations

import re

import nbformat

from dominolab.render.skins import SKINS

from .conftest import JupyterLab

TURN_OR_END = """el => el.querySelector('.dl-turn').textContent.startsWith('Your turn')
    || !el.querySelector('.dl-panel').hidden"""

CELLS = [
    "from dominolab.widgets import ChainBuilder, GameBoard",
    'kids = GameBoard("classic", players=2, human=0, seed=3, delay=0, mode="children")\nkids',
    'fruit = ChainBuilder(n=6, skin="fruit")\nfruit',
]

ANIMALS = {p.name for p in SKINS["animals"].pictures}
FRUIT = {p.name for p in SKINS["fruit"].pictures}
PAIR = re.compile(r"^(.+) \| (.+)$")


def _notebook(lab) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = lab.root / "notebooks" / "_board_children.ipynb"
    nbformat.write(nb, str(path))
    return "notebooks/_board_children.ipynb"


def _do(page, board, action):
    tick = board.get_attribute("data-tick")
    action()
    JupyterLab.wait_tick(page, board, tick)
    error = board.locator(".dl-error")
    assert not error.is_visible(), error.inner_text()


def _pictures(name: str, prefix: str, allowed: set[str]) -> tuple[str, str]:
    """The two picture names of an accessible name such as "play domino cat | fish"."""
    assert name.startswith(prefix), name
    m = PAIR.match(name[len(prefix):])
    assert m and {m.group(1), m.group(2)} <= allowed, name
    return m.group(1), m.group(2)


def test_play_a_childrens_round_with_animal_pictures(lab):
    page = lab.open(_notebook(lab), height=1600)
    lab.run_all(page)
    board = page.locator(".dl-board.dl-children").first
    board.wait_for()
    assert board.locator("button.dl-tile").count() == 7
    assert board.locator(".dl-scores").is_hidden()               # no score for children
    assert board.locator(".dl-turn").inner_text() == "Your turn: put down bird | bird"
    first_turn = True
    turns = 0
    for turns in range(100):
        page.wait_for_function(TURN_OR_END, arg=board.element_handle())
        if board.locator(".dl-panel").is_visible():
            break
        turn = board.locator(".dl-turn").inner_text()
        assert re.match(r"^Your turn: (match the |put down )", turn), turn
        # every tile in the hand is a button named by its two pictures
        tiles = board.locator("button.dl-tile")
        for k in range(tiles.count()):
            _pictures(tiles.nth(k).get_attribute("aria-label"), "play domino ", ANIMALS)
        if not first_turn:
            # the table: images named by pictures, each half titled with its animal
            table = board.locator(".dl-picture")
            on_table = table.locator("g.tile")
            assert on_table.count() >= 1
            for k in range(on_table.count()):
                _pictures(on_table.nth(k).get_attribute("aria-label"), "domino ", ANIMALS)
            halves = table.locator("g.picture > title").evaluate_all(
                "els => els.map(e => e.textContent)")
            assert halves and set(halves) <= ANIMALS
            assert len(halves) == 2 * on_table.count()
            # the words say which open picture to match
            wanted = re.findall(r"the ([a-z]+)", turn)
            assert wanted and set(wanted) <= ANIMALS, turn
        draw = board.get_by_role("button", name="draw a tile from the boneyard")
        pas = board.get_by_role("button", name="pass", exact=True)
        if draw.count():
            _do(page, board, draw.click)
            continue
        if pas.count():
            _do(page, board, pas.click)
            continue
        _do(page, board, board.locator("button.dl-tile.dl-playable").first.click)
        first_turn = False
        choices = board.locator("button.dl-choice")
        if choices.count():
            label = choices.first.get_attribute("aria-label")
            assert re.search(r" — match the [a-z]+$", label), label
            _do(page, board, choices.first.click)
    else:
        raise AssertionError("the round did not end")
    assert turns > 1
    # the log names the moves by pictures; the panel says who won and shows no points
    log = board.locator(".dl-loglist li").all_inner_texts()
    assert log and not any(re.search(r"\d:\d", e) for e in log), log
    assert board.locator(".dl-panel .dl-headline").inner_text()
    assert board.locator(".dl-panel table.dl-result").count() == 0
    assert board.locator(".dl-scores").is_hidden()
    shot = lab.screenshot(page, "board-children-round-end", board)
    assert shot.exists()

    # the chain builder with the fruit: tiles are buttons named by their pictures
    builder = page.locator(".dl-chain-builder").first
    builder.scroll_into_view_if_needed()
    assert builder.locator("button.dl-tile").count() == 28
    cherries = builder.get_by_role("button", name="domino cherries | banana", exact=True)
    cherries.click()
    page.wait_for_function(
        "el => el.querySelector('.dl-ends').textContent === 'Open ends: cherries and banana'",
        arg=builder.element_handle())
    line = builder.locator(".dl-picture g.tile")
    assert line.count() == 1
    _pictures(line.first.get_attribute("aria-label"), "domino ", FRUIT)
    lab.screenshot(page, "chain-builder-fruit", builder)
