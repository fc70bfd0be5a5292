"""Witness answers about hidden hands: the student shows a hand a player could hold, and
the inference engine judges it against what the viewer knows (the tiles he can see, the
hand sizes, the numbers each player passed on).

>>> from dominolab.games import new_round
>>> from dominolab.games.inference import knowledge
>>> g = new_round("sport", leader=0, hands=[
...     "5:5 0:3 1:3 2:3 0:5 1:5 2:5", "5:6 3:3 3:5 1:4 1:6 2:2 2:4",
...     "3:6 3:4 4:5 2:6 4:4 4:6 6:6", "0:0 0:1 0:2 0:4 0:6 1:1 1:2"])
>>> for m in ["5:5", "5:6>R", "3:6>R", "P4 pass"]: g.play(m)
>>> w = possible_hand_witness(lambda: knowledge(g, 0), 3)
>>> print(w.judge("0:0 0:1 0:2 0:4 0:6 1:1 4:4", 0))
Correct: 7 tiles P1 cannot see, none with a number P4 passed on.
>>> print(w.judge("0:0 0:1 0:2 0:4 0:6 1:1 3:4", 0))
Not yet: 3:4 shows 3, and P4 passed on 3: he holds no tile with a 3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import InvalidPosition
from ..games.bayes import hand_problem, place_name
from ..games.inference import Knowledge
from ..i18n import tr
from ..tiles import Tile
from .choices import as_tiles
from .witnesses import Witness

__all__ = ["possible_hand_witness"]


def possible_hand_witness(make: Callable[[], Knowledge], player: int) -> Witness:
    """A hand ``player`` could hold as the viewer of ``make()`` sees it: the right number of
    unseen tiles, none showing a number he passed on (judged by
    :func:`dominolab.games.bayes.hand_problem`)."""
    k = make()
    who = place_name(player)
    possible = k.possible(player)
    reference = possible[:k.sizes[player]]
    if len(reference) < k.sizes[player]:
        raise InvalidPosition(f"possible_hand_witness: {who} holds {k.sizes[player]} tiles "
                              f"but only {len(possible)} unseen tiles avoid his passes")

    def read(a: Any) -> list[Tile]:
        return as_tiles(a)

    def verify(tiles: list[Tile]) -> str | None:
        return hand_problem(make(), player, tiles)

    ruled_out = next(t for t in k.unseen if t not in possible)
    seen = next(t for t in sorted(set(Tile(a, b) for a in range(k.set_max + 1)
                                      for b in range(a, k.set_max + 1)) - set(k.unseen)))
    bad = reference[:-1] + [ruled_out]
    return Witness(
        expects=tr("{size} tiles, such as '0:0 1:2 …'").format(size=k.sizes[player]),
        read=read, verify=verify, reference=" ".join(map(str, reference)),
        key=" ".join(map(str, reference)),
        praise=lambda ts: tr("{n} tiles {viewer} cannot see, none with a number {who} passed "
                             "on").format(n=len(ts), viewer=f"P{k.viewer + 1}", who=who),
        wrong=[(" ".join(map(str, bad)), "passed on"),
               (" ".join(map(str, reference[:-1] + [seen])), "cannot hold it"),
               (" ".join(map(str, reference[:-1])), f"holds {k.sizes[player]}")],
    )
