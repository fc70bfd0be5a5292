"""The four-direction (cross) games under their first module name: the layout is
:mod:`~dominolab.games.spinner_layout`, the shared rules are in
:mod:`~dominolab.games.variants._cross` and the multiples-of-five scoring in
:mod:`~dominolab.games.variants._fives`. New code imports those.

>>> from dominolab.games.spinner import SpinnerLayout, fives_points
>>> SpinnerLayout().kind, fives_points(15)
('spinner', 15)
"""

from .rules import Rules
from .spinner_layout import END_ORDER, SpinnerLayout
from .variants._cross import explain_illegal, multi_double_moves, restrict_lead_to_doubles
from .variants._fives import (fives_by_player, fives_log, fives_points, round_down5,
                              round_nearest5)

__all__ = ["SpinnerLayout", "END_ORDER", "spinner_layout", "multi_double_moves",
           "explain_illegal", "fives_points", "fives_log", "fives_by_player", "round_down5",
           "round_nearest5", "restrict_lead_to_doubles"]


def spinner_layout(rules: Rules) -> SpinnerLayout:
    """A new empty cross configured by ``rules`` (:meth:`SpinnerLayout.for_rules`)."""
    return SpinnerLayout.for_rules(rules)
