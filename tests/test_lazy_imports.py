"""``dominolab.widgets`` imports a widget's module when the widget is first asked for."""

from __future__ import annotations

import subprocess
import sys

import pytest

import dominolab.widgets as widgets


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
