"""The base of the package's immutable values (a set, a move, a chain, a Dominosa placement).

Each sets its fields once, with ``object.__setattr__``, in its constructor; after that an
assignment raises. A copy, shallow or deep, is the value itself: nothing in it can change.
Each class gives its own ``__reduce__`` (its constructor and parts), because pickle's
default rebuild sets attributes, which this class refuses.

>>> class Pair(Immutable):
...     __slots__ = ("a", "b")
...     def __init__(self, a, b):
...         object.__setattr__(self, "a", a)
...         object.__setattr__(self, "b", b)
>>> p = Pair(1, 2)
>>> p.a = 3
Traceback (most recent call last):
...
AttributeError: Pair is immutable
>>> import copy
>>> copy.deepcopy(p) is p
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["Immutable"]


class Immutable:
    """Refuses assignment; copies are the value itself (see the module docstring)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Any:
        return self
