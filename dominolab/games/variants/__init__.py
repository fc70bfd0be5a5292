"""The variant registry: name -> :class:`~dominolab.games.rules.Rules`.

One module per variant; each module's docstring lists the rules it
implements and the options where sources differ.

>>> from dominolab.games.variants import VARIANTS
>>> VARIANTS["cuban"].set_max, VARIANTS["sport"].pairs
(9, True)
"""

from __future__ import annotations

from . import classic, cuban, general, kozel, morskoy_kozel, semyorka, sport

VARIANTS = {
    m.RULES.name: m.RULES
    for m in (classic, kozel, morskoy_kozel, sport, general, semyorka, cuban)
}

__all__ = ["VARIANTS"]
