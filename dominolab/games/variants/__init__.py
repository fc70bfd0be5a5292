"""The variant registry: name -> :class:`~dominolab.games.rules.Rules`.

One module per variant; each module's docstring lists the rules it
implements and the options where sources differ.

>>> from dominolab.games.variants import VARIANTS
>>> VARIANTS["cuban"].set_max, VARIANTS["sport"].pairs
(9, True)
"""

from __future__ import annotations

from . import (checheve, classic, cuban, general, kozel, morskoy_kozel, muggins, osyol,
               semyorka, sport, telefon)


class VariantRegistry(dict):
    """name -> Rules. Iterating lists the *listed* variants; looking a name up (``[]``,
    ``get``) also finds the *staged* ones, which are complete in the engine but not yet
    listed because some front end (the solver, the board) does not support them yet.

    >>> VARIANTS["osyol"].name, "osyol" in VARIANTS, "osyol" in ALL_VARIANTS
    ('osyol', False, True)
    """

    def __init__(self, listed, staged=()):
        super().__init__(listed)
        self.staged = dict(staged)

    def __missing__(self, key):
        return self.staged[key]

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default


LINE_VARIANTS = {
    m.RULES.name: m.RULES
    for m in (classic, kozel, morskoy_kozel, sport, general, semyorka, cuban)
}

# The four-direction (spinner) games of issue 9. They are staged: reachable by name
# everywhere (new_game, Match, replay, the CLI) but not listed by iterating VARIANTS
# until the solver, the board and the line-game simulation tests support them.
SPINNER_VARIANTS = {m.RULES.name: m.RULES for m in (osyol, telefon, muggins, checheve)}

VARIANTS = VariantRegistry(LINE_VARIANTS, SPINNER_VARIANTS)
ALL_VARIANTS = {**LINE_VARIANTS, **SPINNER_VARIANTS}

__all__ = ["VARIANTS", "ALL_VARIANTS", "LINE_VARIANTS", "SPINNER_VARIANTS", "VariantRegistry"]
