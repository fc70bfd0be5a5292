"""The work units of a parallel run (``tests/conftest.py``): which tests one process runs
together, in ``make test`` and in ``make sweeps``."""

import re

from tests.conftest import LITE_TESTS, ONE_LAB, REPO, runs_no_sweep, work_unit


def _marker_expression(target: str) -> str:
    """The ``-m`` expression of a Makefile target's pytest command."""
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", text, re.M).group(1)
    return re.search(r'pytest -m ("[^"]+"|\S+)', recipe).group(1).strip('"')


def test_make_test_runs_no_sweep_and_make_sweeps_does():
    assert runs_no_sweep(_marker_expression("test"))
    assert not runs_no_sweep(_marker_expression("sweeps"))
    assert not runs_no_sweep(_marker_expression("soak"))
    assert not runs_no_sweep("")
    assert not runs_no_sweep("not sweeping")
    assert runs_no_sweep("not   sweep")


def test_the_jupyterlab_browser_tests_share_one_process_only_without_sweeps():
    lab_tests = ["tests/browser/test_game_board.py::test_play_seeded_rounds_of_two_variants"
                 "_by_clicking",
                 "tests/browser/test_classroom.py::test_a_lesson_fits_a_phone_and_a_projector"
                 "[00-start-here.ipynb]",
                 "tests/browser/test_harness.py::test_the_loaded_app_opens_each_tests_notebook"
                 "_alone"]
    assert {work_unit(t, one_lab=True) for t in lab_tests} == {ONE_LAB}
    # with sweeps, each goes to whichever process is free (its own unit, or its module's)
    apart = {work_unit(t) for t in lab_tests}
    assert len(apart) == 3 and ONE_LAB not in apart
    # the browser site's tests keep their halves either way; other tests are untouched
    site = f"{LITE_TESTS}::test_lesson_runs_in_the_browser_with_the_same_answers" \
           "[07-dominosa.ipynb]"
    assert work_unit(site, one_lab=True) == work_unit(site) != ONE_LAB
    assert work_unit("notebooks/04-chains-and-euler.ipynb::Cell 3", one_lab=True) \
        == "notebooks/04-chains-and-euler.ipynb"
    unit = "tests/test_teach.py::test_exercise_ids_are_unique"
    assert work_unit(unit, one_lab=True) == work_unit(unit) == unit
