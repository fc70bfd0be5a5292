"""Verdicts and notes: what an exercise says back to the student.

A :class:`Check` is the verdict on one answer: truthy when the answer is right,
shown as a short, friendly message (green or red) in a notebook. A
:class:`Note` is a hint, a worked solution or a statement: a titled piece of
text that draws itself. :func:`check` is the original one-line checker of the
first lessons, kept for code that still uses it; the lessons now use
:func:`dominolab.teach.exercise`, whose expected answers live in the package.

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
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Number
from typing import Any, Callable

from .._lazy import import_sympy, is_sympy
from .markup import to_html

__all__ = ["Check", "Note", "check"]

#: the statuses a :class:`Check` can have
STATUSES = ("correct", "wrong", "type", "empty", "answered")


@dataclass(frozen=True)
class Check:
    """The verdict on one answer: ``ok`` and a message for the student.

    ``status`` says which kind of verdict it is: ``"correct"``, ``"wrong"``
    (a well-formed answer that is not right), ``"type"`` (not the kind of
    answer asked for: nothing was judged), ``"empty"`` (``None`` or ``...``
    left in the cell) or ``"answered"`` (a free-text answer, recorded).
    """

    ok: bool
    message: str
    status: str = field(default="", repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.status:
            object.__setattr__(self, "status", "correct" if self.ok else "wrong")

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        if self.status == "answered":
            colour, mark = "#0d47a1", "✎"
        elif self.ok:
            colour, mark = "#1b5e20", "✔"
        else:
            colour, mark = "#8a1c1c", "✘"
        return (
            f'<div role="status" style="color:{colour};font-weight:600">'
            f"{mark} {html.escape(self.message)}</div>"
        )


@dataclass(frozen=True)
class Note:
    """A titled text (a hint, a worked solution, a statement) that draws itself.

    ``text`` is the small Markdown subset of :func:`~dominolab.teach.markup.to_html`;
    ``picture`` an optional SVG drawn under it.

    >>> print(Note("Hint 1 of 2", "count the *doubles* too"))
    Hint 1 of 2: count the *doubles* too
    """

    title: str
    text: str
    kind: str = "note"
    picture: str = field(default="", repr=False)

    def __str__(self) -> str:
        return f"{self.title}: {self.text}" if self.title else self.text

    def _repr_markdown_(self) -> str:
        head = f"**{self.title}.** " if self.title else ""
        return head + self.text

    def _repr_html_(self) -> str:
        head = f"<strong>{html.escape(self.title)}.</strong> " if self.title else ""
        body = to_html(self.text)
        if head and body.startswith("<p>"):
            body = "<p>" + head + body[3:]
        elif head:
            body = f"<p>{head}</p>" + body
        pic = f'<div class="dl-picture">{self.picture}</div>' if self.picture else ""
        return (f'<div class="dl-note dl-note-{self.kind}" role="note" '
                f'style="border-left:4px solid #7b8c99;padding:2px 10px;margin:4px 0">'
                f"{body}{pic}</div>")


def _same(answer: Any, expected: Any) -> bool:
    if is_sympy(answer) or is_sympy(expected):
        sympy = import_sympy()      # only when a sympy object is compared: see is_sympy
        try:
            return bool(sympy.simplify(sympy.sympify(answer) - sympy.sympify(expected)) == 0)
        except (TypeError, ValueError, AttributeError, sympy.SympifyError):
            return False
    if isinstance(answer, float) and isinstance(expected, (Fraction, int)):
        return False  # an exact answer is asked for; say so below
    try:
        return bool(answer == expected)
    except Exception:  # noqa: BLE001 - a student's object may compare in any odd way
        return False


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
    A predicate that fails on the answer (a wrong type) gives a message, not a
    traceback.

    >>> from fractions import Fraction
    >>> print(check(0.5, Fraction(1, 2)))
    Not yet: 0.5 is a float; give the exact value as a Fraction (or an int).
    >>> import sympy
    >>> n = sympy.Symbol("n")
    >>> bool(check((n + 1) * (n + 2) / 2, sympy.binomial(n + 2, 2).expand(func=True)))
    True
    >>> print(check("x", predicate=lambda t: t > 2))
    Not yet: 'x' cannot be judged: '>' not supported between instances of 'str' and 'int'.
    """
    if answer is None or answer is Ellipsis:
        return Check(False, "Not yet: replace None (or ...) with your answer.", "empty")
    if predicate is not None:
        try:
            ok = bool(predicate(answer))
        except Exception as e:  # noqa: BLE001 - any error in judging is the answer's type
            return Check(False, f"Not yet: {answer!r} cannot be judged: {e}.", "type")
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
        isinstance(answer, Number)
        and isinstance(expected, Number)
        and not isinstance(answer, (bool, complex))
        and not isinstance(expected, (bool, complex))
    ):
        msg = f"Not yet: {answer} is too {'small' if answer < expected else 'large'}."  # type: ignore[operator]
    return Check(False, msg + (f" Hint: {hint}" if hint else ""))
