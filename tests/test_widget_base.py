"""The widgets' base class and their time-limited runner, on their own."""

from __future__ import annotations

import sys
import time

import pytest
import traitlets

from dominolab import _platform
from dominolab.errors import IllegalMove, ParseError
from dominolab.widgets import _timeout
from dominolab.widgets._base import STATIC, DominoWidget, handles, tile_from
from dominolab.widgets._timeout import Unfinished, run_limited


class Tally(DominoWidget):
    """A tiny widget: a list of words, one request to add a word, one that crashes."""

    _static_esm = "set_explorer.js"
    _static_css = ("widgets.css",)
    words = traitlets.List([]).tag(sync=True)
    size = traitlets.Int(3).tag(sync=True)

    @handles("add")
    def _add(self, msg):
        word = msg.get("word")
        if not isinstance(word, str) or not word.isalpha():
            raise ParseError(f"a word is letters only, not {word!r}")
        self.words = [*self.words, word]

    @handles("crash")
    def _crash(self, msg):
        return msg["missing"]          # a KeyError: a bug or a field the browser left out


class LongerTally(Tally):
    @handles("clear")
    def _clear(self, msg):
        self.words = []


def send(w, msg):
    w._handle_custom_msg(msg, [])


def test_static_files_are_read_from_the_package():
    w = Tally()
    assert w._esm == (STATIC / "set_explorer.js").read_text(encoding="utf-8")
    assert w._css == (STATIC / "widgets.css").read_text(encoding="utf-8")


def test_dispatch_table_is_inherited_and_extended():
    assert set(Tally._handlers) == {"add", "crash"}
    assert set(LongerTally._handlers) == {"add", "crash", "clear"}
    w = LongerTally()
    send(w, {"type": "add", "word": "pip"})
    send(w, {"type": "clear"})
    assert w.words == [] and w.error == ""


@pytest.mark.parametrize("msg, words", [
    ({"type": "add", "word": "3:5"}, "a word is letters only, not '3:5'"),       # DominoError
    ({"type": "add", "word": ["x"]}, "a word is letters only, not ['x']"),      # wrong type
    ({"type": "crash"}, "bad request 'crash': KeyError: 'missing'"),            # any exception
    ({"type": "fly"}, "unknown request 'fly'"),
    ({"type": 7}, "unknown request 7"),
    ({"word": "pip"}, "unknown request None"),
    ("add", "bad request 'add': a request is an object with a 'type'"),
    (None, "bad request None"),
])
def test_a_bad_request_is_reported_and_the_state_kept(msg, words):
    w = Tally()
    send(w, {"type": "add", "word": "pip"})
    send(w, msg)
    assert words in w.error
    assert w.words == ["pip"]
    send(w, {"type": "add", "word": "dot"})          # the next good request clears the error
    assert w.error == "" and w.words == ["pip", "dot"]


def test_a_refused_state_update_from_the_browser_is_reported_and_rolled_back():
    w = Tally()
    w.set_state({"size": 5})
    assert w.size == 5 and w.error == ""
    w.set_state({"words": ["pip"], "size": "big"})
    assert w.size == 5 and w.words == [] and w.error.startswith("bad value from the browser")
    assert "'big'" in w.error


def test_showing_errors_turns_a_domino_error_into_the_error_line():
    w = Tally()
    with w._showing_errors():
        raise IllegalMove("no such move")
    assert w.error == "no such move"
    with pytest.raises(KeyError), w._showing_errors():   # other exceptions are not hidden
        raise KeyError("x")


def test_tile_from_reads_text_pairs_and_tiles_and_refuses_the_rest():
    assert str(tile_from("6-2")) == "2:6" and str(tile_from((1, 0))) == "0:1"
    for bad in ([1, 2, 3], 12, {"a": 1}, [1.5, 2], [-1, 2], "x"):
        with pytest.raises(Exception) as e:
            tile_from(bad)
        assert "tile" in str(e.value)


# -- the time-limited runner -------------------------------------------------------------

def _busy():
    """Python-level work that never ends (a function call per step)."""
    step = lambda: None  # noqa: E731
    while True:
        step()


def _sleepy():
    time.sleep(30)


def test_a_result_and_an_error_come_back_on_both_paths():
    for in_process in (True, False):
        assert run_limited(lambda: [1, 2, 3], 5, in_process=in_process) == [1, 2, 3]

        def bad():
            raise IllegalMove("P1 3:5: does not match")

        with pytest.raises(IllegalMove, match="does not match"):
            run_limited(bad, 5, in_process=in_process)


def test_a_forked_worker_is_stopped_at_the_deadline():
    if not _platform.can_fork():
        pytest.skip("no fork here")
    out = run_limited(_sleepy, 0.3, in_process=False)
    assert out == Unfinished("the search needs more than 0.3 s here")


def test_in_the_kernel_itself_the_work_is_bounded_by_a_call_budget():
    previous = sys.gettrace()
    out = run_limited(_busy, 600, max_calls=5_000, in_process=True)
    assert isinstance(out, Unfinished) and str(out) == "the search needs more than 5,000 steps here"
    assert sys.gettrace() is previous                    # the trace hook is taken off again


def test_in_the_kernel_itself_the_deadline_stops_the_work_too():
    out = run_limited(_busy, 0.05, in_process=True)
    assert out == Unfinished("the search needs more than 0.05 s here")


def test_without_fork_the_runner_works_in_process(monkeypatch):
    """What a browser kernel (Pyodide: no processes) does: bounded work, not a refusal."""
    monkeypatch.setattr(_timeout, "can_fork", lambda: False)
    assert run_limited(lambda: "done", 5) == "done"
    out = run_limited(_busy, 600, max_calls=1_000)
    assert str(out) == "the search needs more than 1,000 steps here"


def test_a_bad_limit_is_refused():
    for seconds in (0, -1, float("nan")):
        with pytest.raises(ValueError, match="time limit"):
            run_limited(lambda: 1, seconds)
    with pytest.raises(ValueError, match="max_calls"):
        run_limited(lambda: 1, 1, max_calls=0)
