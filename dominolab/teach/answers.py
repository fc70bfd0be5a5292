"""Answer kinds: how an exercise reads a student's answer and judges it.

Every kind reads whatever a student is likely to type (``28``, ``"28"``,
``Fraction(1, 4)``, ``"1/4"``, ``"3:3"``, ``Tile(3, 3)``, a list where a tuple
was shown …), and **never raises**: an answer of the wrong kind gets a
:class:`~dominolab.teach.verdict.Check` with status ``"type"`` saying what is
expected. A wrong answer the author foresaw gets its own message; any other
wrong number gets "too small/too large" only from the second wrong try on, so
that the direction cannot be used to bisect from the first guess.

This module has the base class and the numeric kinds (exact numbers,
estimates, formulas in n); tiles, number sets, tuples, text, multiple choice and
"why" questions are in :mod:`dominolab.teach.choices`, and the witness kinds,
whose answers are checked by the engines (a ring, a tiling, a Dominosa
placement, a move …), in :mod:`dominolab.teach.witnesses` and
:mod:`dominolab.teach.witnesses_games`.

>>> a = Exact(28, wrong={49: "you counted 3:5 and 5:3 as different tiles"})
>>> print(a.judge(49, 0))
Not yet: you counted 3:5 and 5:3 as different tiles.
>>> print(a.judge(30, 0))
Not yet: 30 is not right.
>>> print(a.judge(30, 1))
Not yet: 30 is too large.
>>> print(a.judge("twenty-eight", 0))
Expected a whole number, such as 12; 'twenty-eight' is text that is not a number.
>>> a.judge("28", 0).ok
True
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._lazy import import_sympy as _sympy
from .._lazy import is_sympy
from ..i18n import N_, format_number, get_language, tr
from ..tiles import Tile
from .verdict import Check

__all__ = ["EMPTY", "Answer", "Approx", "Exact", "Formula", "describe", "kind_of"]

if TYPE_CHECKING:
    import sympy

# sympy is loaded (_sympy, :func:`~dominolab._lazy.import_sympy`) only where a formula is
# read or compared: a lesson without a formula never loads it


def describe(x: Any, limit: int = 60) -> str:
    """A short description of a student's answer for a message."""
    if callable(x) and not (isinstance(x, type) or is_sympy(x)) and hasattr(x, "__code__"):
        return "your function"
    if isinstance(x, str):
        s = repr(x)
    else:
        try:
            s = str(x) if (isinstance(x, (int, Fraction, Tile)) or is_sympy(x)) else repr(x)
        except Exception:  # noqa: BLE001 - a broken __repr__ must not break the verdict
            s = f"a {type(x).__name__}"
    return s if len(s) <= limit else s[: limit - 1] + "…"


class Answer:
    """The interface every answer kind has (see the module docstring).

    ``expects`` says in words what kind of answer is asked for; ``judge``
    turns an answer into a :class:`Check` given how many wrong tries came
    before; ``reference()`` is a right answer in a form a student could type;
    ``key()`` the answer as text for the teacher's key; ``declared_wrong()``
    the foreseen wrong answers with (part of) their message; ``reveals()`` the
    strings that would give the answer away if printed before the exercise.
    """

    expects = "an answer"
    instructions = ""   # how to write the answer, shown under the statement

    def judge(self, answer: Any, wrong_before: int) -> Check:
        raise NotImplementedError

    def reference(self) -> Any:
        raise NotImplementedError

    def key(self) -> str:
        return describe(self.reference(), 400)

    def shown_key(self) -> str:
        """The key as a worked solution shows it, in the current language (the key itself
        stays the same in every language)."""
        return self.key()

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return []

    def reveals(self) -> tuple[str, ...]:
        return ()

    def options_markdown(self) -> str:
        return ""

    # helpers for subclasses
    def type_error(self, answer: Any, why: str = "") -> Check:
        why = why or tr("{answer} is {kind}").format(answer=describe(answer),
                                                    kind=kind_of(answer))
        return Check(False, tr("Expected {expects}; {why}.").format(expects=self.expects,
                                                                    why=why), "type")


def kind_of(x: Any) -> str:
    """"a list", "an int", … for messages."""
    name = {"str": N_("text"), "int": N_("a whole number"), "float": N_("a decimal number"),
            "list": N_("a list"), "tuple": N_("a tuple"), "dict": N_("a dict"),
            "NoneType": "None"}.get(type(x).__name__)
    if name:
        return tr(name)
    name = type(x).__name__
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _empty(answer: Any) -> bool:
    return answer is None or answer is Ellipsis


EMPTY = N_("Not yet: replace None with your answer ({expects}).")


def _wrong_table(wrong: Mapping | Iterable | None) -> list[tuple[Any, str]]:
    """Foreseen wrong answers as (answer, message) pairs, from a dict or a list of pairs."""
    return list(wrong.items()) if isinstance(wrong, Mapping) else list(wrong or ())


# --------------------------------------------------------------------------- numbers


def _as_number(x: Any) -> Fraction | str:
    """A Fraction from a student's number, or a string saying why it is not one."""
    if isinstance(x, bool):
        return f"{x} is a truth value, not a number"
    if is_sympy(x):
        if x.free_symbols:
            return f"{describe(x)} is a formula (it contains {', '.join(map(str, x.free_symbols))})"
        if x.is_Rational:
            return Fraction(int(x.p), int(x.q))
        if x.is_number and x.is_real:
            return "float"
        return f"{describe(x)} is not a rational number"
    if isinstance(x, numbers.Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    if isinstance(x, Decimal):
        return Fraction(x)
    if isinstance(x, float):
        return Fraction(int(x)) if x.is_integer() else "float"
    if isinstance(x, str):
        s = x.strip().replace(",", "").replace("_", "").replace(" ", "")
        if re.fullmatch(r"[+-]?\d+(/\d+)?", s):
            return Fraction(s)
        if re.fullmatch(r"[+-]?\d*\.\d+", s):
            return "float"
        return tr("{answer} is text that is not a number").format(answer=describe(x))
    return tr("{answer} is {kind}").format(answer=describe(x), kind=kind_of(x))


class Exact(Answer):
    """An exact number: an int, or a fraction (``Fraction(1, 4)``).

    ``wrong`` maps foreseen wrong values to their messages. From the
    ``direction_after``-th wrong try on, other wrong values are told "too
    small" or "too large".
    """

    def __init__(self, value: int | Fraction, *, wrong: Mapping | Iterable | None = None,
                 direction_after: int = 2, expects: str | None = None, unit: str = ""):
        self.value = Fraction(value)
        self.integer = self.value.denominator == 1 and not isinstance(value, Fraction)
        self.wrong = [(Fraction(v), v, msg) for v, msg in
                      _wrong_table(wrong) if Fraction(v) != self.value]
        self.direction_after = direction_after
        self.unit = unit
        if expects:
            self.expects = expects
        elif self.integer:
            self.expects = tr("a whole number, such as 12")
        else:
            self.expects = tr("an exact fraction, such as Fraction(1, 3)")
        self.instructions = ("" if self.integer else
                             tr("Give the exact value: `Fraction(a, b)` (`from fractions import "
                                "Fraction`) or text such as `\"1/3\"`, not a decimal."))

    def _show(self, x: Fraction) -> str:
        s = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
        return f"{s} {self.unit}".strip()

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        x = _as_number(answer)
        if x == "float":
            return Check(False, tr("{answer} is a decimal, rounded; the exact value is asked "
                                   "for: write it as Fraction(a, b) or as text \"a/b\".")
                         .format(answer=describe(answer)), "type")
        if isinstance(x, str):
            return self.type_error(answer, x)
        if x == self.value:
            return Check(True, tr("Correct: {value}.").format(value=self._show(x)))
        for v, _, msg in self.wrong:
            if x == v:
                return Check(False, tr("Not yet: {why}.").format(why=tr(msg)))
        if wrong_before + 1 >= self.direction_after:
            side = (tr("Not yet: {value} is too small.") if x < self.value
                    else tr("Not yet: {value} is too large."))
            return Check(False, side.format(value=self._show(x)))
        return Check(False, tr("Not yet: {value} is not right.").format(value=self._show(x)))

    def reference(self) -> Any:
        return int(self.value) if self.value.denominator == 1 else self.value

    def key(self) -> str:
        v = self.value
        if v.denominator == 1:
            return f"{int(v):,}"
        return f"{v.numerator}/{v.denominator}"

    def shown_key(self) -> str:
        v = self.value
        return format_number(int(v), get_language()) if v.denominator == 1 else self.key()

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return [(orig, msg) for _, orig, msg in self.wrong]

    def reveals(self) -> tuple[str, ...]:
        v = self.value
        if v.denominator != 1:
            return (f"{v.numerator}/{v.denominator}",)
        if abs(v) < 10:
            return ()   # one digit appears everywhere; nothing to test
        return (str(int(v)), f"{int(v):,}")


class Approx(Answer):
    """A number judged within ``tolerance`` of ``value`` (a simulated estimate)."""

    def __init__(self, value: Fraction, tolerance: Fraction, *,
                 what: str = N_("the exact value")):
        self.value = Fraction(value)
        self.tolerance = Fraction(tolerance)
        self.what = what
        self.expects = tr("a number: your estimate, as Fraction(hits, trials) or a decimal")

    @staticmethod
    def _dec(x: float) -> str:
        """``x`` to 4 places, with a decimal comma in Russian text."""
        text = f"{x:.4f}"
        return text.replace(".", ",") if get_language() == "ru" else text

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        if isinstance(answer, float):
            x: Fraction | str = Fraction(answer)
        else:
            x = _as_number(answer)
            if x == "float" and isinstance(answer, str):
                x = Fraction(answer.strip())
        if isinstance(x, str):
            return self.type_error(answer, x)
        tol = f"{float(self.tolerance)}"
        if get_language() == "ru":
            tol = tol.replace(".", ",")
        if abs(x - self.value) <= self.tolerance:
            return Check(True, tr("Correct: {x} is within {tol} of {what}, {value}.").format(
                x=self._dec(float(x)), tol=tol, what=tr(self.what),
                value=self._dec(float(self.value))))
        if wrong_before + 1 >= 2:
            return Check(False, (tr("Not yet: {x} is too small to be a fair estimate; did your "
                                    "loop deal every hand?") if x < self.value else
                                 tr("Not yet: {x} is too large to be a fair estimate; did your "
                                    "loop deal every hand?")).format(x=self._dec(float(x))))
        return Check(False, tr("Not yet: {x} is too far from {what} to be an estimate from this "
                               "many deals.").format(x=self._dec(float(x)), what=tr(self.what)))

    def reference(self) -> Any:
        return self.value

    def key(self) -> str:
        return (f"about {float(self.value):.3f} (exactly {self.value}); anything within "
                f"{float(self.tolerance)} is accepted")


# --------------------------------------------------------------------------- formulas


class Formula(Answer):
    """A formula in ``n`` (sympy), judged by its values at n = start, start+step, …

    A wrong formula is answered with the smallest n where it fails and both
    values: ``truth`` is a template with ``{n}`` and ``{value}``, e.g.
    ``"a double-{n} set has {value} tiles"``. ``wrong`` lists foreseen wrong
    formulas ``(expression, message)``; they are recognised by their values.
    A string such as ``"(n+1)(n+2)/2"`` and a function of n are read too.
    """

    def __init__(self, expr: Any, *, truth: str, var: sympy.Symbol | None = None,
                 start: int = 0, step: int = 1, points: int = 40, wrong: Iterable = ()):
        sympy = _sympy()
        var = sympy.Symbol("n") if var is None else var
        self.var = var
        self.expr = sympy.sympify(expr)
        self.truth = truth
        self.points = [start + step * i for i in range(points)]
        self.values = [self._value(self.expr, k) for k in self.points]
        self.wrong = [(sympy.sympify(e), msg) for e, msg in wrong]
        self.expects = tr("a formula in {var}, such as {var}**2 + 1").format(var=var)
        self.instructions = tr("Write it with the symbol `{var}` (`{var} = sympy.Symbol(\"{var}\")`), "
                               "for example `({var} + 1)**2`, or as text `\"({var}+1)^2\"`."
                               ).format(var=var)

    def _value(self, expr: Any, k: int) -> Any:
        sympy = _sympy()
        if callable(expr) and not isinstance(expr, sympy.Basic):
            v = expr(k)
        else:
            v = sympy.sympify(expr).subs(self.var, k)
        if isinstance(v, sympy.Basic) and v.is_Float:
            v = float(v)
        elif isinstance(v, numbers.Real) and not isinstance(v, (int, Fraction, sympy.Basic)):
            # without numpy, lambdify computes in mpmath: an mpf is a float here too
            v = float(v)
        if isinstance(v, float):
            # a function of n computed in floats (sympy.lambdify gives one): a whole number
            # up to rounding is that number; nsimplify alone can turn 15576.0 into radicals
            near = round(v) if abs(v) < 1e300 else None
            if near is not None and abs(v - near) <= 1e-9 * max(1.0, abs(v)):
                return sympy.Integer(near)
            return sympy.nsimplify(v, rational=True)
        return sympy.simplify(sympy.sympify(v))

    def _read(self, answer: Any) -> Any:
        sympy = _sympy()
        if isinstance(answer, str):
            from sympy.parsing.sympy_parser import (  # noqa: PLC0415  (sympy: see _sympy)
                convert_xor,
                implicit_multiplication_application,
                parse_expr,
                standard_transformations,
            )
            transforms = standard_transformations + (implicit_multiplication_application,
                                                     convert_xor)
            try:
                expr = parse_expr(answer, local_dict={self.var.name: self.var},
                                  transformations=transforms)
            except Exception as e:  # noqa: BLE001 - sympy's parser raises many kinds
                return tr("{answer} cannot be read as a formula ({error})").format(
                    answer=describe(answer), error=type(e).__name__)
            return self._read(expr)
        if isinstance(answer, bool):
            return tr("{answer} is a truth value").format(answer=answer)
        if isinstance(answer, sympy.Basic):
            same = {s: self.var for s in answer.free_symbols if getattr(s, "name", "") ==
                    self.var.name and s != self.var}
            expr = answer.subs(same) if same else answer
            other = sorted(str(s) for s in expr.free_symbols if s != self.var)
            if other:
                return tr("your formula uses {other}; write it with {var} only").format(
                    other=", ".join(other), var=self.var)
            if not expr.free_symbols:
                return tr("{answer} is a number, the value for one {var}, not a formula").format(
                    answer=describe(answer), var=self.var)
            return expr
        if isinstance(answer, (int, Fraction, float)):
            return tr("{answer} is a number, the value for one {var}, not a formula").format(
                answer=describe(answer), var=self.var)
        if callable(answer):
            return answer
        return f"{describe(answer)} is {kind_of(answer)}"

    def _first_difference(self, expr: Any) -> tuple[int, Any] | None:
        sympy = _sympy()
        for k, ref in zip(self.points, self.values):
            try:
                v = self._value(expr, k)
            except Exception:  # noqa: BLE001 - a student's function may fail anywhere
                return k, "an error"
            if not (isinstance(v, sympy.Basic) and v.is_number and v.is_finite):
                return k, "no number (it is undefined there)"
            if sympy.simplify(v - ref) != 0:
                return k, v
        return None

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        expr = self._read(answer)
        if isinstance(expr, str):
            return self.type_error(answer, expr)
        diff = self._first_difference(expr)
        sympy = _sympy()
        if diff is None:
            return Check(True, tr("Correct: {answer} agrees with {formula} for every {var} "
                                  "checked.").format(answer=describe(answer, 80),
                                                     formula=sympy.factor(self.expr),
                                                     var=self.var))
        k, v = diff
        ref = self.values[self.points.index(k)]
        where = (tr("at {var} = {k} your formula gives {value}").format(var=self.var, k=k, value=v)
                 + "; " + tr(self.truth).format(n=k, value=ref, s="" if ref == 1 else "s"))
        for w, msg in self.wrong:
            if self._first_difference_between(expr, w) is None:
                return Check(False, tr("Not yet: {why} ({where}).").format(why=tr(msg),
                                                                          where=where))
        return Check(False, tr("Not yet: {why}.").format(why=where))

    def _first_difference_between(self, a: Any, b: Any) -> int | None:
        sympy = _sympy()
        for k in self.points:
            try:
                if sympy.simplify(self._value(a, k) - self._value(b, k)) != 0:
                    return k
            except Exception:  # noqa: BLE001
                return k
        return None

    def reference(self) -> Any:
        return self.expr

    def key(self) -> str:
        return str(_sympy().factor(self.expr))

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return [(e, msg) for e, msg in self.wrong]

    def reveals(self) -> tuple[str, ...]:
        sympy = _sympy()
        forms = {str(self.expr), str(sympy.factor(self.expr)), str(sympy.expand(self.expr))}
        return tuple(sorted(f for f in forms if len(f) > 2))
