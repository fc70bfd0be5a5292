"""Answers that are tiles, sets of numbers, tuples, text, a choice, or a sentence.

Like every answer kind (see :mod:`dominolab.teach.answers`) they read what
students type — ``"3:3"`` or ``Tile(3, 3)``, a list where a tuple was shown,
``"(1, 4)"`` as text, ``"C"`` for option (c) — and never raise.

>>> t = Tiles("3:3", single=True)
>>> t.judge((3, 3), 0).ok, t.judge("3-3", 0).ok, t.judge([3, 4, 5], 0).status
(True, True, 'type')
>>> Numbers((0, 4)).judge({4, 0}, 0).ok
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..errors import DominoError
from ..i18n import tr
from ..tiles import Tile, parse_tiles
from .answers import EMPTY, Answer, _as_number, _empty, _wrong_table, describe, kind_of
from .verdict import Check

__all__ = ["Choice", "FreeText", "Numbers", "Text", "Tiles", "Values", "as_tile", "as_tiles"]



def as_tile(x: Any) -> Tile:
    """One tile from a Tile, ``"3:5"`` (``3-5``, ``[3|5]``) or a pair ``(3, 5)``; raises DominoError."""
    if isinstance(x, Tile):
        return x
    if isinstance(x, str):
        return Tile.parse(x)
    if isinstance(x, (tuple, list)) and len(x) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in x):
        return Tile(int(x[0]), int(x[1]))
    raise DominoError(f"{describe(x)} is not a tile (write one as '3:5' or Tile(3, 5))")


def as_tiles(x: Any) -> list[Tile]:
    """Tiles from text ``"0:1 1:2"``, a list of tiles or pairs, a Hand or a Chain; raises DominoError."""
    if isinstance(x, str):
        return list(parse_tiles(x))
    tiles = getattr(x, "tiles", None)
    if tiles is not None and not callable(tiles):
        x = tiles
    if isinstance(x, (Tile,)):
        return [x]
    if isinstance(x, (list, tuple, set, frozenset)):
        return [as_tile(t) for t in x]
    raise DominoError(f"{describe(x)} is not a list of tiles (write them as '0:1 1:2')")


class Tiles(Answer):
    """One tile (``single=True``) or a collection of tiles, compared without order
    unless ``ordered``. ``diagnose(tiles)`` may explain a wrong collection."""

    def __init__(self, tiles: Any, *, single: bool = False, ordered: bool = False,
                 wrong: Iterable = (), diagnose: Callable[[list[Tile]], str | None] | None = None):
        self.single = single
        self.ordered = ordered
        self.tiles = [as_tile(tiles)] if single else as_tiles(tiles)
        self.wrong = [(self._norm(as_tiles(v) if not single else [as_tile(v)]), v, msg)
                      for v, msg in _wrong_table(wrong)]
        self.diagnose = diagnose
        self.expects = ("one tile, such as '3:5' or Tile(3, 5)" if single else
                        "a list of tiles, such as '0:1 1:2' or [Tile(0, 1), Tile(1, 2)]")

    def _norm(self, tiles: list[Tile]) -> Any:
        return tuple(tiles) if self.ordered else tuple(sorted(tiles))

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        try:
            got = [as_tile(answer)] if self.single else as_tiles(answer)
        except DominoError as e:
            return self.type_error(answer, str(e))
        if self.single and len(got) != 1:
            return self.type_error(answer, "that is more than one tile")
        norm = self._norm(got)
        if norm == self._norm(self.tiles):
            return Check(True, f"Correct: {' '.join(map(str, got))}.")
        for v, _, msg in self.wrong:
            if norm == v:
                return Check(False, f"Not yet: {msg}.")
        if self.diagnose is not None:
            why = self.diagnose(got)
            if why:
                return Check(False, f"Not yet: {why}.")
        return Check(False, f"Not yet: {' '.join(map(str, got))} is not right.")

    def reference(self) -> Any:
        return str(self.tiles[0]) if self.single else " ".join(map(str, self.tiles))

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return [(orig, msg) for _, orig, msg in self.wrong]


def _as_int_list(x: Any) -> list[int] | str:
    if isinstance(x, bool):
        return f"{x} is a truth value"
    if isinstance(x, int):
        return [x]
    if isinstance(x, str):
        parts = [p for p in re.split(r"[\s,;()\[\]{}]+", x) if p]
        if parts and all(re.fullmatch(r"[+-]?\d+", p) for p in parts):
            return [int(p) for p in parts]
        return f"{describe(x)} is text that is not a list of whole numbers"
    if isinstance(x, (list, tuple, set, frozenset, range)):
        out = []
        for v in x:
            f = _as_number(v)
            if isinstance(f, str) or f.denominator != 1:
                return f"{describe(v)} in your answer is not a whole number"
            out.append(int(f))
        return out
    return f"{describe(x)} is {kind_of(x)}"


class Numbers(Answer):
    """A set of whole numbers (order and repeats do not matter unless ``ordered``).

    ``diagnose(numbers)`` may explain a wrong set (e.g. which number is even).
    """

    def __init__(self, values: Iterable[int], *, ordered: bool = False, wrong: Iterable = (),
                 diagnose: Callable[[list[int]], str | None] | None = None, what: str = ""):
        self.ordered = ordered
        self.values = list(values)
        self.wrong = [(self._norm(list(v)), v, msg) for v, msg in
                      _wrong_table(wrong)]
        self.diagnose = diagnose
        self.expects = what or "some whole numbers, such as (1, 4) or [1, 4]"

    def _norm(self, xs: list[int]) -> Any:
        return tuple(xs) if self.ordered else tuple(sorted(set(xs)))

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        got = _as_int_list(answer)
        if isinstance(got, str):
            return self.type_error(answer, got)
        norm = self._norm(got)
        if norm == self._norm(self.values):
            return Check(True, f"Correct: {', '.join(map(str, norm)) or 'none'}.")
        for v, _, msg in self.wrong:
            if norm == v:
                return Check(False, f"Not yet: {msg}.")
        if self.diagnose is not None:
            why = self.diagnose(got)
            if why:
                return Check(False, f"Not yet: {why}.")
        return Check(False, f"Not yet: {', '.join(map(str, norm)) or 'none'} is not right.")

    def reference(self) -> Any:
        return tuple(self._norm(self.values))

    def key(self) -> str:
        return ", ".join(map(str, self._norm(self.values))) or "none"

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return [(orig, msg) for _, orig, msg in self.wrong]


class Values(Answer):
    """A fixed-length tuple of exact numbers, e.g. ``(cells, times)``; a list works too."""

    def __init__(self, values: Sequence[int], names: Sequence[str], *, wrong: Iterable = ()):
        self.values = tuple(Fraction(v) for v in values)
        self.names = tuple(names)
        self.wrong = [(tuple(Fraction(x) for x in v), v, msg)
                      for v, msg in _wrong_table(wrong)]
        self.expects = tr("{k} numbers in a tuple, ({names})").format(
            k=len(self.names), names=", ".join(tr(nm) for nm in self.names))

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        if isinstance(answer, str):
            read = _as_int_list(answer)
            if isinstance(read, str):
                return self.type_error(answer, read)
            answer = read
        if not isinstance(answer, (tuple, list)) or len(answer) != len(self.values):
            return self.type_error(answer, tr("{answer} is not {k} numbers").format(
                answer=describe(answer), k=len(self.values)))
        xs = [_as_number(a) for a in answer]
        bad = [describe(a) for a, x in zip(answer, xs) if isinstance(x, str)]
        if bad:
            return self.type_error(answer, tr("{answer} is not an exact number").format(
                answer=bad[0]))
        got = tuple(x for x in xs if isinstance(x, Fraction))
        if got == self.values:
            shown = tuple(int(x) if x.denominator == 1 else x for x in got)
            return Check(True, tr("Correct: {value}.").format(value=shown))
        for v, _, msg in self.wrong:
            if got == v:
                return Check(False, tr("Not yet: {why}.").format(why=tr(msg)))
        right = [tr(nm) for nm, a, b in zip(self.names, got, self.values) if a == b]
        wrong = [tr(nm) for nm, a, b in zip(self.names, got, self.values) if a != b]
        if right:
            return Check(False, tr("Not yet: {right} right; {wrong} not yet.").format(
                right=", ".join(right), wrong=", ".join(wrong)))
        return Check(False, tr("Not yet: neither number is right.") if len(wrong) == 2 else
                     tr("Not yet: none of the numbers is right."))

    def reference(self) -> Any:
        return tuple(int(v) if v.denominator == 1 else v for v in self.values)

    def key(self) -> str:
        return str(self.reference())

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return [(orig, msg) for _, orig, msg in self.wrong]

    def reveals(self) -> tuple[str, ...]:
        return tuple(str(int(v)) for v in self.values if v.denominator == 1 and abs(v) >= 10)


def _squash(s: str) -> str:
    return re.sub(r"\s+", "", s).casefold()


class Text(Answer):
    """A short text answer compared after ``normalise`` (default: no spaces, any case).

    ``diagnose(text)`` may explain a wrong one (e.g. which tile a stars-and-bars
    row really is, read by the engine).
    """

    def __init__(self, value: str, *, expects: str, wrong: Mapping | Iterable | None = None,
                 normalise: Callable[[str], str] = _squash,
                 diagnose: Callable[[str], str | None] | None = None):
        self.value = value
        self.normalise = normalise
        self.expects = expects
        self.wrong = [(normalise(str(v)), v, msg) for v, msg in _wrong_table(wrong)]
        self.diagnose = diagnose

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        if not isinstance(answer, str):
            return self.type_error(answer)
        got = self.normalise(answer)
        if not got:
            return self.type_error(answer, "the text is empty")
        if got == self.normalise(self.value):
            return Check(True, f"Correct: {answer.strip()}.")
        for v, _, msg in self.wrong:
            if got == v:
                return Check(False, f"Not yet: {msg}.")
        if self.diagnose is not None:
            why = self.diagnose(answer)
            if why:
                return Check(False, f"Not yet: {why}.")
        return Check(False, f"Not yet: {describe(answer)} is not right.")

    def reference(self) -> Any:
        return self.value

    def key(self) -> str:
        return self.value

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return [(orig, msg) for _, orig, msg in self.wrong]

    def reveals(self) -> tuple[str, ...]:
        return (self.value,) if len(self.value) >= 4 else ()


# --------------------------------------------------------------------------- choice and free text


class Choice(Answer):
    """Multiple choice: ``options`` are ``(text, message)`` pairs, lettered a, b, c, …;
    ``correct`` is the index of the right one (its message is praise, or empty).
    The student answers with the letter (``"b"``) or the option's text."""

    def __init__(self, options: Sequence[tuple[str, str]], correct: int):
        if not 0 <= correct < len(options):
            raise DominoError(f"choice {correct} is not one of the {len(options)} options")
        self.options = list(options)
        self.correct = correct
        self.letters = "abcdefgh"[: len(options)]
        self.expects = tr("one letter, {letters} or {last}").format(
            letters=", ".join(repr(c) for c in self.letters[:-1]), last=repr(self.letters[-1]))

    def _index(self, answer: Any) -> int | None:
        if not isinstance(answer, str):
            return None
        s = answer.strip().strip("()").strip().rstrip(").").strip().casefold()
        if len(s) == 1 and s in self.letters:
            return self.letters.index(s)
        for i, (text, _) in enumerate(self.options):
            if _squash(answer) in (_squash(text), _squash(tr(text))):
                return i
        return None

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        i = self._index(answer)
        if i is None:
            return self.type_error(answer, tr("{answer} is not one of the options")
                                   .format(answer=describe(answer)))
        text, msg = tr(self.options[i][0]), self.options[i][1]
        msg = tr(msg) if msg else ""
        if i == self.correct:
            return Check(True, tr("Correct: ({letter}) {option}.").format(
                letter=self.letters[i], option=text) +
                         (f" {msg[0].upper()}{msg[1:]}." if msg else ""))
        return Check(False, tr("Not yet: ({letter}) — {why}.").format(letter=self.letters[i],
                                                                      why=msg))

    def reference(self) -> Any:
        return self.letters[self.correct]

    def key(self) -> str:
        return f"({self.letters[self.correct]}) {self.options[self.correct][0]}"

    def shown_key(self) -> str:
        return f"({self.letters[self.correct]}) {tr(self.options[self.correct][0])}"

    def declared_wrong(self) -> list[tuple[Any, str]]:
        return [(self.letters[i], msg) for i, (_, msg) in enumerate(self.options)
                if i != self.correct]

    def options_markdown(self) -> str:
        return "\n".join(f"- ({c}) {tr(text)}" for c, (text, _) in zip(self.letters, self.options))


class FreeText(Answer):
    """A "why" question: any honest attempt (a sentence) is recorded and opens the
    model answer, which the student compares with their own."""

    def __init__(self, model: str, *, min_words: int = 4):
        self.model = model
        self.min_words = min_words
        self.expects = tr("a sentence or two in your own words, as text in quotes")

    def judge(self, answer: Any, wrong_before: int) -> Check:
        if _empty(answer):
            return Check(False, tr(EMPTY).format(expects=self.expects), "empty")
        if not isinstance(answer, str):
            return self.type_error(answer)
        if len(answer.split()) < self.min_words:
            return self.type_error(answer, tr("{answer} is too short to explain why (write "
                                              "at least {n} words)").format(
                                                  answer=describe(answer), n=self.min_words))
        return Check(True, tr("Answer recorded. Now compare it with the model answer: "
                              ".solution()."), "answered")

    def reference(self) -> Any:
        return "Because " + self.model

    def key(self) -> str:
        return tr(self.model)
