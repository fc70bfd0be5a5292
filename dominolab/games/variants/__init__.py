"""The variant registry: name -> :class:`~dominolab.games.rules.Rules`.

One module per variant; each module's docstring lists the rules it
implements and the options where sources differ.

>>> from dominolab.games.variants import VARIANTS
>>> VARIANTS["cuban"].set_max, VARIANTS["sport"].pairs, "osyol" in SPINNER_VARIANTS
(9, True, True)
"""

from __future__ import annotations

from . import (checheve, classic, cuban, general, kozel, mexican_train, morskoy_kozel, muggins,
               osyol, semyorka, sport, telefon)


LINE_VARIANTS = {
    m.RULES.name: m.RULES
    for m in (classic, kozel, morskoy_kozel, sport, general, semyorka, cuban)
}

# The four-direction (spinner, cross) games.
SPINNER_VARIANTS = {m.RULES.name: m.RULES for m in (osyol, telefon, muggins, checheve)}

# The train games (a hub, one train per player, the public train).
TRAIN_VARIANTS = {m.RULES.name: m.RULES for m in (mexican_train,)}

#: Every variant the engine plays: the board, the CLI and the tests iterate over it.
VARIANTS = {**LINE_VARIANTS, **SPINNER_VARIANTS, **TRAIN_VARIANTS}

#: The game a board or a command plays when none is named: the most popular Russian game.
DEFAULT_VARIANT = kozel.RULES.name

#: The game the solver's commands use when none is named: sport dominoes deal every tile,
#: so a round has no boneyard and the double-dummy search needs no chance moves.
ALL_DEALT_VARIANT = sport.RULES.name

__all__ = ["ALL_DEALT_VARIANT", "VARIANTS", "LINE_VARIANTS", "SPINNER_VARIANTS",
           "TRAIN_VARIANTS", "DEFAULT_VARIANT"]
