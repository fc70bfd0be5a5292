"""Values of short two-player games in canonical form (combinatorial game theory).

A game ``G = {L | R}`` is given by the games Left can move to and those Right can move to;
whoever cannot move loses (*normal play*). Games are compared by play: ``G ≥ H`` when no
Right option of ``G`` is ``≤ H`` and no Left option of ``H`` is ``≥ G``; ``G = 0`` means
the second player wins, ``G > 0`` Left wins whoever starts, ``G < 0`` Right wins, and
``G ‖ 0`` (fuzzy) the first player wins. A *sum* of games — a board that falls apart
into separate regions — is played by moving in one component: ``G + H = {Gᴸ + H,
G + Hᴸ | Gᴿ + H, G + Hᴿ}``. Every game has one simplest form, its **canonical form**
(dominated options removed, reversible ones bypassed), so equal values are the same
object here and can be printed by name: integers and dyadic fractions (``1/2 = {0 | 1}``),
nimbers (``* = {0 | 0}``), a number plus a star (``1* = {1 | 1}``), ``↑ = {0 | *}``,
switches (``±1 = {1 | −1}``).

Hand-written: the field's libraries for this (CGSuite, a Java program) are not Python
packages; the algorithms are the textbook ones (Winning Ways; Siegel, *Combinatorial
Game Theory*, 2013, ch. II).

>>> half = game([ZERO], [integer(1)])
>>> half, half + half == integer(1)
(1/2, True)
>>> star = game([ZERO], [ZERO])
>>> star, star + star == ZERO, outcome(star), integer(1) + star
(*, True, 'first player', 1*)
>>> game([integer(1)], [integer(-1)])
±1
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from ...errors import InvalidPosition, OverLimit

__all__ = [
    "MAX_DENOMINATOR",
    "MAX_INTEGER",
    "OUTCOMES",
    "Value",
    "ZERO",
    "game",
    "integer",
    "number",
    "outcome",
]

#: the largest integer and the largest denominator :func:`integer` and :func:`number`
#: build (a game's form grows with both)
MAX_INTEGER = 1000
MAX_DENOMINATOR = 1 << 12

#: the four outcome classes, in words
OUTCOMES = ("Left", "Right", "second player", "first player")


class Value:
    """A game in canonical form. Made by :func:`game`, :func:`integer`, :func:`number`
    and arithmetic (``+``, ``-``); equal games are the same object, so ``==`` is cheap.
    Compare with ``<=``, ``>=``, ``<``, ``>``; :meth:`fuzzy` is "incomparable"."""

    __slots__ = ("left", "right", "_number", "_name", "__weakref__")
    left: tuple[Value, ...]
    right: tuple[Value, ...]

    def __init__(self, left: tuple[Value, ...], right: tuple[Value, ...]):
        self.left = left
        self.right = right
        self._number: Fraction | None | bool = False     # not computed yet
        self._name: str | None = None

    # -- order
    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Value):
            return NotImplemented
        return _ge(self, other)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Value):
            return NotImplemented
        return _ge(other, self)

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Value):
            return NotImplemented
        return _ge(self, other) and not _ge(other, self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Value):
            return NotImplemented
        return _ge(other, self) and not _ge(self, other)

    def fuzzy(self, other: Value) -> bool:
        """Neither ``≥`` nor ``≤``: confused with ``other`` (``* ‖ 0``)."""
        return not _ge(self, other) and not _ge(other, self)

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)

    # -- arithmetic
    def __add__(self, other: Value) -> Value:
        if not isinstance(other, Value):
            return NotImplemented
        return _add(self, other)

    def __neg__(self) -> Value:
        return _neg(self)

    def __sub__(self, other: Value) -> Value:
        if not isinstance(other, Value):
            return NotImplemented
        return _add(self, _neg(other))

    # -- reading
    @property
    def number(self) -> Fraction | None:
        """The number this game is (a dyadic fraction), or None if it is not a number."""
        if self._number is False:
            self._number = _as_number(self)
        return self._number  # type: ignore[return-value]

    @property
    def is_number(self) -> bool:
        return self.number is not None

    def __repr__(self) -> str:
        if self._name is None:
            self._name = _name(self)
        return self._name

    __str__ = __repr__


# --------------------------------------------------------------------------- comparison

_GE: dict[tuple[int, int], bool] = {}


def _ge(g: Value, h: Value) -> bool:
    """``g ≥ h``: no Right option of g is ≤ h, and no Left option of h is ≥ g."""
    if g is h:
        return True
    key = (id(g), id(h))
    interned = _TABLE.get((g.left, g.right)) is g and _TABLE.get((h.left, h.right)) is h
    if interned and key in _GE:
        return _GE[key]
    result = (not any(_ge(h, gr) for gr in g.right)
              and not any(_ge(hl, g) for hl in h.left))
    if interned:
        _GE[key] = result
    return result


# --------------------------------------------------------------------------- canonical forms

_TABLE: dict[tuple[tuple[Value, ...], tuple[Value, ...]], Value] = {}


def _sort(options: Iterable[Value]) -> tuple[Value, ...]:
    return tuple(sorted(set(options), key=id))


def _intern(left: tuple[Value, ...], right: tuple[Value, ...]) -> Value:
    key = (left, right)
    v = _TABLE.get(key)
    if v is None:
        v = Value(left, right)
        _TABLE[key] = v
    return v


def _undominated(options: list[Value], left: bool) -> list[Value]:
    keep = []
    for i, a in enumerate(options):
        beaten = False
        for j, b in enumerate(options):
            if i == j:
                continue
            better = _ge(b, a) if left else _ge(a, b)
            if better and (not (_ge(a, b) and _ge(b, a)) or j < i):
                beaten = True
                break
        if not beaten:
            keep.append(a)
    return keep


def game(left: Iterable[Value], right: Iterable[Value]) -> Value:
    """The canonical form of ``{left | right}`` (options: :class:`Value` objects).

    Dominated options go (Left keeps only her best, Right his), and a reversible option
    — a Left option from which Right can answer with something ``≤ G`` — is replaced by
    the Left options of that answer; repeated until nothing changes.

    >>> game([ZERO], []), game([], [ZERO]), game([ZERO, integer(1)], [])
    (1, -1, 2)
    >>> game([ZERO], [game([ZERO], [ZERO])])       # up
    ↑
    """
    L = list(set(left))
    R = list(set(right))
    for x in L + R:
        if not isinstance(x, Value):
            raise InvalidPosition(f"a game's options are games, not {x!r}")
    while True:
        L = _undominated(L, True)
        R = _undominated(R, False)
        g = Value(tuple(L), tuple(R))         # a form to compare against, not interned
        changed = False
        newL: list[Value] = []
        for gl in L:
            answer = next((glr for glr in gl.right if _ge(g, glr)), None)
            if answer is None:
                newL.append(gl)
            else:
                newL.extend(answer.left)
                changed = True
        newR: list[Value] = []
        for gr in R:
            answer = next((grl for grl in gr.left if _ge(grl, g)), None)
            if answer is None:
                newR.append(gr)
            else:
                newR.extend(answer.right)
                changed = True
        L, R = list(set(newL)), list(set(newR))
        if not changed:
            return _intern(_sort(L), _sort(R))


ZERO = _intern((), ())


def integer(k: int) -> Value:
    """The integer ``k`` as a game: ``{k − 1 | }`` for k > 0, ``{ | k + 1}`` for k < 0.

    >>> integer(3), integer(-2), integer(0) is ZERO
    (3, -2, True)
    """
    if isinstance(k, bool) or not isinstance(k, int):
        raise InvalidPosition(f"integer() takes a whole number, not {k!r}")
    if abs(k) > MAX_INTEGER:
        raise OverLimit(f"integer() builds games up to ±{MAX_INTEGER} (MAX_INTEGER), not {k}")
    g = ZERO
    for _ in range(abs(k)):
        g = _intern((g,), ()) if k > 0 else _intern((), (g,))
    return g


def number(x: Fraction | int | str) -> Value:
    """A dyadic number ``p/2^q`` as a game: ``{(p − 1)/2^q | (p + 1)/2^q}``.

    >>> number("3/4"), number(Fraction(-1, 2)), number(2)
    (3/4, -1/2, 2)
    """
    try:
        f = Fraction(x)
    except (TypeError, ValueError):
        raise InvalidPosition(f"number() takes a dyadic fraction such as 3/4, not {x!r}") from None
    q = f.denominator
    if q & (q - 1):
        raise InvalidPosition(f"{f} is not dyadic (its denominator is not a power of 2); "
                              "short games are dyadic numbers")
    if q > MAX_DENOMINATOR or abs(f) > MAX_INTEGER:
        raise OverLimit(f"number() builds dyadic numbers with denominators up to "
                        f"{MAX_DENOMINATOR} and size up to {MAX_INTEGER}, not {f}")
    if q == 1:
        return integer(int(f))
    step = Fraction(1, q)
    return game([number(f - step)], [number(f + step)])


def _as_number(g: Value) -> Fraction | None:
    if not g.left and not g.right:
        return Fraction(0)
    ls: list[Fraction] = []
    rs: list[Fraction] = []
    for options, into in ((g.left, ls), (g.right, rs)):
        for x in options:
            v = x.number
            if v is None:
                return None
            into.append(v)
    lo = max(ls) if ls else None
    hi = min(rs) if rs else None
    if lo is not None and hi is not None:
        return None if lo >= hi else _simplest_between(lo, hi)
    if lo is not None:             # {lo | }: the simplest number above lo
        return Fraction(math.floor(lo) + 1) if lo >= 0 else Fraction(0)
    assert hi is not None          # { | hi}: the simplest number below hi
    return Fraction(math.ceil(hi) - 1) if hi <= 0 else Fraction(0)


def _simplest_between(lo: Fraction, hi: Fraction) -> Fraction:
    """The simplest number strictly between lo and hi (the canonical form of {lo | hi})."""
    if lo < 0 < hi:
        return Fraction(0)
    if hi <= 0:
        return -_simplest_between(-hi, -lo)
    k = math.floor(lo) + 1                     # lo >= 0: the smallest integer above lo
    if k < hi:
        return Fraction(k)
    q = 2
    while True:
        p = math.floor(lo * q) + 1
        if Fraction(p, q) < hi:
            return Fraction(p, q)
        q *= 2


# --------------------------------------------------------------------------- arithmetic

_SUM: dict[tuple[int, int], Value] = {}
_NEG: dict[int, Value] = {}


def _add(g: Value, h: Value) -> Value:
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    key = (id(g), id(h)) if id(g) <= id(h) else (id(h), id(g))
    s = _SUM.get(key)
    if s is None:
        s = game([_add(gl, h) for gl in g.left] + [_add(g, hl) for hl in h.left],
                 [_add(gr, h) for gr in g.right] + [_add(g, hr) for hr in h.right])
        _SUM[key] = s
    return s


def _neg(g: Value) -> Value:
    v = _NEG.get(id(g))
    if v is None:
        v = game([_neg(x) for x in g.right], [_neg(x) for x in g.left])
        _NEG[id(g)] = v
    return v


def outcome(g: Value) -> str:
    """Who wins with best play: ``"Left"`` (whoever starts; ``G > 0``), ``"Right"``
    (``G < 0``), ``"second player"`` (``G = 0``) or ``"first player"`` (``G ‖ 0``).

    >>> outcome(integer(1)), outcome(ZERO), outcome(game([integer(1)], [integer(-1)]))
    ('Left', 'second player', 'first player')
    """
    ge, le = _ge(g, ZERO), _ge(ZERO, g)
    if ge and le:
        return "second player"
    if ge:
        return "Left"
    if le:
        return "Right"
    return "first player"


# --------------------------------------------------------------------------- names

def _nimber(g: Value) -> int | None:
    """k if g is the nimber *k = {0, *, …, *(k−1) | same}, else None."""
    if g.left != g.right:
        return None
    ks = sorted(-1 if k is None else k for k in map(_nimber, g.left))
    if ks != list(range(len(ks))):
        return None
    return len(ks)


def _fraction(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _name(g: Value) -> str:
    if g.number is not None:
        return _fraction(g.number)
    k = _nimber(g)
    if k is not None:
        return "*" if k == 1 else f"*{k}"
    if len(g.left) == 1 and g.left == g.right and g.left[0].number is not None:
        return f"{_fraction(g.left[0].number)}*"       # {x | x} = x + *
    star = _intern((ZERO,), (ZERO,))
    if g.left == (ZERO,) and g.right == (star,):
        return "↑"
    if g.right == (ZERO,) and g.left == (star,):
        return "↓"
    if len(g.left) == 1 and len(g.right) == 1:
        a, b = g.left[0].number, g.right[0].number
        if a is not None and b is not None and a == -b and a > 0:
            return f"±{_fraction(a)}"
    left = ", ".join(sorted(map(str, g.left)))
    right = ", ".join(sorted(map(str, g.right)))
    return "{" + left + " | " + right + "}"

