"""``dominolab.widgets`` imports a widget's module when the widget is first asked for; sympy
(more than a second to import) is loaded only where a formula is built or read."""

from __future__ import annotations

import subprocess
import sys

import pytest

import dominolab.tilings as tilings
import dominolab.widgets as widgets
from dominolab._lazy import is_sympy


def test_every_exported_widget_resolves_to_its_class():
    for name in widgets.__all__:
        cls = getattr(widgets, name)
        assert cls.__name__ == name and cls.__module__.startswith("dominolab.widgets.")
    assert set(widgets.__all__) <= set(dir(widgets))


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        widgets.Nothing  # noqa: B018


def test_the_start_page_widget_does_not_load_the_others():
    code = ("import sys\nfrom dominolab.widgets import SetExplorer\n"
            "print(sorted(m for m in ('sympy', 'networkx', 'dominolab.widgets.game_board',"
            " 'dominolab.widgets.tiling_board', 'dominolab.triominoes') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
    code = "import sys\nfrom dominolab.widgets import GameBoard\nprint(GameBoard.__module__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "dominolab.widgets.game_board"


def _loaded(code: str) -> str:
    return subprocess.run([sys.executable, "-c", "import sys\n" + code +
                           "\nprint('sympy' in sys.modules)"],
                          capture_output=True, text=True, check=True).stdout.strip()


def test_lessons_without_a_formula_do_not_load_sympy():
    # what the lessons' first cells import (exercises, counts, tilings, Bayes): no sympy
    assert _loaded("from dominolab.teach import exercise, progress, check\n"
                   "from dominolab import combinatorics as C\n"
                   "import dominolab.tilings, dominolab.games.bayes\n"
                   "from dominolab.combinatorics import set_size, multiset_count\n"
                   "assert set_size(6) == 28 and multiset_count(7, 2) == 28\n"
                   "from dominolab.teach import exercise\n"
                   "assert exercise('07.1').check(None).status == 'empty'") \
        == "False"
    # a formula, a symbol and the recurrences still load it when they are asked for
    assert _loaded("from dominolab.tilings import X\nassert str(X) == 'x'") == "True"
    assert _loaded("from dominolab.teach import Formula\n"
                   "f = Formula('(n+1)*(n+2)/2', truth='{value}')\n"
                   "assert f.judge('(n+2)*(n+1)/2', 0).ok") == "True"


def test_sympy_objects_are_told_once_sympy_is_loaded():
    import sympy

    assert is_sympy(sympy.Symbol("n") + 1) and is_sympy(sympy.Integer(3))
    assert not is_sympy(3) and not is_sympy("n")
    assert tilings.X == sympy.Symbol("x")
    assert "generating_function" in dir(tilings)
