"""The game board in a real JupyterLab: play whole seeded rounds by clicking tiles.

Two variants are played to the end of a round (Kozel with four players and no
boneyard; the classic game for two, with drawing), bots set to "instant" in
the board's own menu. An illegal click must show the engine's reason and keep
the game. The time from a click to the redrawn board is measured in the page
and printed (not asserted). When the Kozel round is over, the lesson's exercises are
asked about it in a new cell (``exercise("10.2", game=board)``), as a student does.
"""

from __future__ import annotations

import json
import pathlib
import statistics

from .conftest import JupyterLab

TURN_OR_END = """el => el.querySelector('.dl-turn').textContent.startsWith('Your turn')
    || !el.querySelector('.dl-panel').hidden"""


def _click_and_wait(page, board, target, times):
    """Click ``target``, wait for the redraw, collect the click-to-redraw time (ms)."""
    tick = board.get_attribute("data-tick")
    target.click()
    JupyterLab.wait_tick(page, board, tick)
    ms = board.get_attribute("data-redraw-ms")
    if ms is not None:
        times.append(float(ms))


def _log_length(board):
    return board.locator(".dl-loglist li").count()


def _play_round(page, board, times, max_turns=80):
    """Play the human seat to the end of the round by clicking (Draw/Pass when offered)."""
    for moves in range(max_turns):
        page.wait_for_function(TURN_OR_END, arg=board.element_handle())
        if board.locator(".dl-panel").is_visible():
            return moves
        draw = board.get_by_role("button", name="draw a tile from the boneyard")
        pas = board.get_by_role("button", name="pass", exact=True)
        if draw.count():
            _click_and_wait(page, board, draw, times)
        elif pas.count():
            _click_and_wait(page, board, pas, times)
        else:
            tile = board.locator("button.dl-tile.dl-playable").first
            _click_and_wait(page, board, tile, times)
            if board.locator("button.dl-choice").count():
                _click_and_wait(page, board, board.locator("button.dl-choice").first, times)
    raise AssertionError("the round did not end")


def _instant_bots(page, board):
    tick = board.get_attribute("data-tick")
    board.get_by_role("combobox", name="bot speed").select_option("0")
    JupyterLab.wait_tick(page, board, tick)


def _ask_about_your_own_round(lab, page, board):
    """A new cell at the end of the lesson: the exercise about the round just played on
    ``board`` checks the reference answer as right and -1 as wrong."""
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
    lab.wait_idle(page)
    lab.screenshot(page, "exercise-10-own-round", board)


def test_play_seeded_rounds_of_two_variants_by_clicking(lab):
    page = lab.open("notebooks/10-play.ipynb")
    lab.run_all(page)
    times: list[float] = []

    # -- Kozel, four players: P3 holds 1:1 and leads, so the bots move first
    kozel = page.locator(".dl-board").first
    kozel.wait_for(state="attached")
    kozel.scroll_into_view_if_needed()
    kozel.wait_for()
    assert kozel.locator("button.dl-tile").count() == 7
    assert kozel.get_by_role("button", name="play domino 0-0", exact=True).count() == 1
    assert kozel.locator(".dl-seat").count() == 4
    _instant_bots(page, kozel)
    page.wait_for_function(TURN_OR_END, arg=kozel.element_handle())
    assert kozel.locator(".dl-turn").inner_text() == "Your turn (P1)"

    # an illegal click: the engine's reason appears, nothing changes
    blocked = kozel.locator("button.dl-tile:not(.dl-playable)")
    if blocked.count():
        log_before = _log_length(kozel)
        hand_before = kozel.locator("button.dl-tile").count()
        _click_and_wait(page, kozel, blocked.first, times)
        error = kozel.locator(".dl-error")
        assert error.is_visible() and "does not match" in error.inner_text()
        assert _log_length(kozel) == log_before
        assert kozel.locator("button.dl-tile").count() == hand_before
        lab.screenshot(page, "board-kozel-illegal-click", kozel)

    # keyboard: the arrows move between the tiles, Enter plays the focused one
    tiles = kozel.locator("button.dl-tile")
    tiles.nth(0).focus()
    tiles.nth(0).press("ArrowRight")
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert focused == tiles.nth(1).get_attribute("aria-label")
    playable = kozel.locator("button.dl-tile.dl-playable").first
    playable.focus()
    log_before = _log_length(kozel)
    tick = kozel.get_attribute("data-tick")
    playable.press("Enter")
    JupyterLab.wait_tick(page, kozel, tick)
    if kozel.locator("button.dl-choice").count():
        _click_and_wait(page, kozel, kozel.locator("button.dl-choice").first, times)
    assert _log_length(kozel) > log_before and not kozel.locator(".dl-error").is_visible()

    _play_round(page, kozel, times)
    panel = kozel.locator(".dl-panel")
    assert panel.locator(".dl-headline").inner_text()
    assert panel.locator("table.dl-result tr").count() == 5       # header + 4 players
    assert "Kozel" in panel.locator(".dl-standings").inner_text()
    lab.screenshot(page, "board-kozel-round-end", kozel)
    # the post-mortem of the round just played: the costliest moves, each on its table
    _click_and_wait(page, kozel, kozel.get_by_role(
        "button", name="post-mortem: what your moves cost"), times)
    summary = kozel.locator(".dl-analysis").inner_text()
    assert summary.startswith("Post-mortem of P1: "), summary
    mistakes = kozel.locator(".dl-review figure.dl-mistake")
    assert ("No move cost anything" in summary) == (mistakes.count() == 0)
    for k in range(mistakes.count()):
        fig = mistakes.nth(k)
        assert fig.locator("figcaption").inner_text().startswith("Move ")
        assert fig.locator("svg").count() == 1
    if mistakes.count():
        lab.screenshot(page, "board-kozel-post-mortem", kozel.locator(".dl-review"))
    _ask_about_your_own_round(lab, page, kozel)
    # next round: a new deal, the match goes on
    _click_and_wait(page, kozel, kozel.get_by_role("button", name="next round"), times)
    assert not panel.is_visible() or kozel.locator("button.dl-tile").count() == 7

    # -- the classic game for two, with a boneyard to draw from
    classic = page.locator(".dl-board").filter(has_text="Classic (yard)").first
    classic.scroll_into_view_if_needed()
    _instant_bots(page, classic)
    assert classic.locator(".dl-boneyard").inner_text().startswith("Boneyard: 14 tiles")
    # the R key on a focused tile plays it (here the lead, which has no end to choose)
    page.wait_for_function(TURN_OR_END, arg=classic.element_handle())
    lead = classic.locator("button.dl-tile.dl-playable").first
    lead.focus()
    tick = classic.get_attribute("data-tick")
    lead.press("r")
    JupyterLab.wait_tick(page, classic, tick)
    assert _log_length(classic) >= 1 and not classic.locator(".dl-error").is_visible()
    _play_round(page, classic, times)
    assert classic.locator(".dl-panel .dl-headline").inner_text()
    lab.screenshot(page, "board-classic-round-end", classic)

    # save the round as a record file, then load a bad file (error, game kept) and the good one
    with page.expect_download() as info:
        classic.get_by_role("button", name="save record").click()
    saved = pathlib.Path(info.value.path()).read_text()
    assert json.loads(saved)["variant"] == "classic"
    # the "Saved …" status redraws the board too: wait for it before counting redraws
    page.wait_for_function("el => el.querySelector('.dl-status').textContent.startsWith('Saved')",
                           arg=classic.element_handle())
    log_before = _log_length(classic)
    file_input = classic.locator("input.dl-file")
    tick = classic.get_attribute("data-tick")
    file_input.set_input_files(files=[{"name": "bad.json", "mimeType": "application/json",
                                       "buffer": b'{"variant": "classic", "players": 2'}])
    JupyterLab.wait_tick(page, classic, tick)
    classic.locator(".dl-error").wait_for(state="visible")
    assert classic.locator(".dl-error").inner_text().startswith("could not load the record")
    assert _log_length(classic) == log_before and classic.locator(".dl-panel").is_visible()
    tick = classic.get_attribute("data-tick")
    file_input.set_input_files(files=[{"name": "good.json", "mimeType": "application/json",
                                       "buffer": saved.encode()}])
    JupyterLab.wait_tick(page, classic, tick)
    page.wait_for_function("el => el.querySelector('.dl-status').textContent.startsWith('Loaded')",
                           arg=classic.element_handle())
    assert not classic.locator(".dl-error").is_visible()
    assert _log_length(classic) == log_before
    assert classic.locator(".dl-status").inner_text().startswith("Loaded a Classic")

    times.sort()
    print(f"\nclick-to-redraw over {len(times)} clicks: median {statistics.median(times):.1f} ms, "
          f"90th percentile {times[int(0.9 * (len(times) - 1))]:.1f} ms, max {times[-1]:.1f} ms")


def test_the_post_mortem_draws_each_costly_move_on_its_table(lab):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        'from dominolab.widgets import GameBoard\n'
        'board = GameBoard("kozel", human=None, seed=10, delay=0)\n'
        'board.autoplay("round_end")\nboard')]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, str(lab.root / "notebooks" / "_post_mortem.ipynb"))
    page = lab.open("notebooks/_post_mortem.ipynb")
    lab.run_all(page)
    board = lab.widget(page, ".dl-board")
    assert board.locator(".dl-panel").is_visible()
    assert board.locator(".dl-review").is_hidden()
    _click_and_wait(page, board, board.get_by_role(
        "button", name="post-mortem: what your moves cost"), [])
    page.wait_for_function("el => !el.querySelector('.dl-review').hidden",
                           arg=board.element_handle())
    assert board.locator(".dl-analysis").inner_text().startswith("Post-mortem of P1: ")
    fig = board.locator(".dl-review figure.dl-mistake")
    assert fig.count() >= 1
    caption = fig.first.locator("figcaption").inner_text()
    assert caption.startswith("Move ") and ", better was " in caption
    assert "What the passes had told you: " in caption
    assert fig.first.locator("svg g.tile").count() >= 1      # the table then, tile by tile
    lab.screenshot(page, "board-post-mortem", board.locator(".dl-review"))
    # the next round clears it
    _click_and_wait(page, board, board.get_by_role("button", name="next round"), [])
    assert board.locator(".dl-review").is_hidden()
