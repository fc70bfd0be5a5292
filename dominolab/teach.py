"""Self-checking exercises for the notebooks.

:func:`check` compares a student's answer with the expected one and returns a
:class:`Check`, which is truthy when the answer is right and shows itself as a
short, friendly message (green or red) in a notebook. A wrong answer gets a
hint, and for numbers a sense of direction ("too small"), never just False.

>>> check(28, 28)
Check(ok=True, message='Correct: 28.')
>>> bool(check(27, 28, hint="count the doubles too"))
False
>>> print(check(27, 28, hint="count the doubles too"))
Not yet: 27 is too small. Hint: count the doubles too
>>> print(check(None, 28))
Not yet: replace None (or ...) with your answer.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import sympy

__all__ = ["Check", "check"]


@dataclass(frozen=True)
class Check:
    """The verdict on one exercise: ``ok`` and a message for the student."""

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour, mark = ("#1b5e20", "✔") if self.ok else ("#8a1c1c", "✘")
        return (
            f'<div role="status" style="color:{colour};font-weight:600">'
            f"{mark} {html.escape(self.message)}</div>"
        )


def _same(answer: Any, expected: Any) -> bool:
    try:
        if isinstance(answer, sympy.Basic) or isinstance(expected, sympy.Basic):
            return sympy.simplify(sympy.sympify(answer) - sympy.sympify(expected)) == 0
    except (TypeError, ValueError, AttributeError):
        pass
    if isinstance(answer, float) and isinstance(expected, (Fraction, int)):
        return False  # an exact answer is asked for; say so below
    return answer == expected


def check(
    answer: Any,
    expected: Any = None,
    *,
    hint: str | None = None,
    predicate: Callable[[Any], bool] | None = None,
    what: str = "answer",
) -> Check:
    """Check ``answer`` against ``expected`` (or with ``predicate``) and explain.

    Numbers are compared exactly; a float given where a fraction is expected is
    pointed out. Sympy expressions are compared by simplifying their difference.

    >>> from fractions import Fraction
    >>> print(check(0.5, Fraction(1, 2)))
    Not yet: 0.5 is a float; give the exact value as a Fraction (or an int).
    >>> import sympy
    >>> n = sympy.Symbol("n")
    >>> bool(check((n + 1) * (n + 2) / 2, sympy.binomial(n + 2, 2).expand(func=True)))
    True
    """
    if answer is None or answer is Ellipsis:
        return Check(False, "Not yet: replace None (or ...) with your answer.")
    if predicate is not None:
        ok = bool(predicate(answer))
        if ok:
            return Check(True, f"Correct: {answer!r} works.")
        msg = f"Not yet: {answer!r} does not satisfy the condition."
        return Check(False, msg + (f" Hint: {hint}" if hint else ""))
    if _same(answer, expected):
        return Check(True, f"Correct: {answer}.")
    if isinstance(answer, float) and isinstance(expected, (Fraction, int)) and not isinstance(
        expected, bool
    ):
        return Check(
            False,
            f"Not yet: {answer} is a float; give the exact value as a Fraction (or an int).",
        )
    msg = f"Not yet: {answer!r} is not the {what}."
    if (
        isinstance(answer, (int, float, Fraction))
        and isinstance(expected, (int, float, Fraction))
        and not isinstance(answer, bool)
        and not isinstance(expected, bool)
    ):
        msg = f"Not yet: {answer} is too {'small' if answer < expected else 'large'}."
    return Check(False, msg + (f" Hint: {hint}" if hint else ""))
