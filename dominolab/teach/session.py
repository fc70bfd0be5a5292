"""A student's exercise: the object a notebook cell works with.

>>> ex = exercise("01.1")
>>> ex
<Exercise 01.1: How many tiles in a box?>
>>> print(ex.check(49))
Not yet: you counted 3:5 and 5:3 as different tiles.
>>> print(ex.check([28]))
Expected a whole number, such as 12; [28] is a list.
>>> print(ex.hint())
Hint 1 of 3: Lay the tiles out in rows: first every tile with a 0, then every tile with a 1 that is not already down, and so on.
>>> ex.check(28).ok
True
>>> print(ex.solution().title)
Worked solution

A student's own variant: different numbers, the answer computed by the engine.

>>> mine = exercise("01.1", seed="ana")
>>> mine.params["n"] != 6 or mine.statement != ex.statement
True
"""

from __future__ import annotations

import html
import os
from collections.abc import Mapping
from typing import Any

from ..i18n import get_language, tr, using
from .answers import Answer
from .catalogue import lesson, spec
from .markup import to_html, to_text
from .model import Spec, seed_rng
from .tracking import tracker
from .verdict import Check, Note

__all__ = ["Exercise", "exercise", "is_teacher", "teacher_mode"]

_TEACHER: bool | None = None


def teacher_mode(on: bool = True) -> None:
    """Teacher mode: worked solutions and answer keys open without an attempt.

    Also on when the environment variable ``DOMINOLAB_TEACHER=1`` is set.
    """
    global _TEACHER
    _TEACHER = bool(on)


def is_teacher() -> bool:
    if _TEACHER is not None:
        return _TEACHER
    return os.environ.get("DOMINOLAB_TEACHER", "").strip().lower() in ("1", "true", "yes", "on")


class Exercise:
    """One exercise for one student: read it, ``check`` answers, ask for hints.

    Made by :func:`exercise`. ``statement`` (Markdown) and ``picture`` (SVG) are
    what the student reads; ``params`` are the numbers of this variant; the
    answer checker is built by the engines from them and never shown.
    """

    def __init__(self, spec: Spec, seed: Any = None, context: Mapping[str, Any] | None = None):
        self.spec = spec
        self.id = spec.id
        self.seed = seed
        rng = None if seed is None else seed_rng(spec.id, seed)
        self.params = spec.make_params(rng, context or {})
        self._answer: Answer = spec.answer(self.params)
        self.statement = spec.text(tr(spec.statement), self.params)
        self.picture = spec.picture(self.params) if spec.picture else ""
        self.hints = tuple(spec.text(tr(h), self.params) for h in spec.hints)
        #: the language the exercise was made in: it keeps speaking it (dominolab.i18n)
        self.lang = get_language()
        self._title = spec.text(tr(spec.title), self.params)
        self._record = tracker().record(self.id, seed, self._title, len(self.hints))

    # -- what the student sees
    @property
    def title(self) -> str:
        return self._title

    @property
    def expects(self) -> str:
        """What kind of answer ``check`` wants, in words."""
        return tr(self._answer.expects)

    def _how(self) -> str:
        extra = tr(self._answer.instructions) if self._answer.instructions else ""
        return (tr("Answer with `.check(answer)`: {expects}.").format(expects=self.expects)
                + " " + (extra + " " if extra else "")
                + tr("`.hint()` gives a hint ({n} in all); `.solution()` shows the worked "
                     "solution once you have tried.").format(n=len(self.hints)))

    def markdown(self) -> str:
        """The statement, its options and how to answer, in the Markdown subset."""
        parts = [self.statement]
        opts = self._answer.options_markdown()
        if opts:
            parts.append(opts)
        return "\n\n".join(parts)

    def __repr__(self) -> str:
        variant = "" if self.seed is None else f" (variant {self.seed})"
        return f"<Exercise {self.id}{variant}: {self.title}>"

    def __str__(self) -> str:
        with using(self.lang):
            word = tr("Exercise")
            return f"{word} {self.id}: {self.title}\n\n{to_text(self.markdown())}"

    def _repr_markdown_(self) -> str:
        with using(self.lang):
            word = tr("Exercise")
            return (f"**{word} {self.id} · {self.title}**\n\n{self.markdown()}\n\n"
                    f"*{self._how()}*")

    def _repr_html_(self) -> str:
        with using(self.lang):
            variant_word = tr("variant")
            variant = ("" if self.seed is None else
                       f' <span class="dl-variant">({variant_word} '
                       f'{html.escape(str(self.seed))})</span>')
            word = html.escape(tr("Exercise"))
            pic = f'<div class="dl-picture">{self.picture}</div>' if self.picture else ""
            return (f'<div class="dl-exercise" role="group" aria-label="{word} {self.id}" '
                    f'data-exercise="{self.id}" style="border:1px solid #c9d3da;border-radius:6px;'
                    f'padding:6px 12px;margin:4px 0;background:#f7fafc">'
                    f'<p style="margin:4px 0"><strong>{word} {self.id} · '
                    f"{html.escape(self.title)}</strong>{variant}</p>"
                    f"{to_html(self.markdown())}{pic}"
                    f'<p class="dl-how" style="color:#4a5a66;font-size:90%">{_inline(self._how())}</p>'
                    "</div>")

    # -- what the student does
    def check(self, answer: Any) -> Check:
        """Judge ``answer``; never raises (a wrong kind of answer is explained)."""
        with using(self.lang):
            r = self._record
            try:
                verdict = self._answer.judge(answer, r.wrong)
            except Exception as e:  # noqa: BLE001 - the promise: a message, never a traceback
                verdict = Check(False, tr("Expected {expects}; this answer could not be judged "
                                          "({error}).").format(expects=self.expects,
                                                               error=f"{type(e).__name__}: {e}"),
                                "type")
            if verdict.status in ("correct", "wrong", "answered"):
                r.attempts += 1
                if verdict.status == "wrong":
                    r.wrong += 1
                elif verdict.status == "answered":
                    r.answered = True
                elif not r.correct:
                    r.correct = True
                    r.first_correct_try = r.attempts
                tracker().touch(r)
            if verdict.status == "correct":
                verdict = Check(True, verdict.message + " "
                                + tr("(.solution() shows a worked solution.)"), "correct")
            elif verdict.status == "wrong" and r.hints < len(self.hints) and r.wrong >= 2:
                verdict = Check(False, verdict.message + " " + tr("(Stuck? .hint() gives a hint.)"),
                                "wrong")
            return verdict

    def hint(self) -> Note:
        """The next hint (they come in order; asking counts in the progress)."""
        with using(self.lang):
            r = self._record
            if r.hints >= len(self.hints):
                return Note(tr("No more hints"), tr("You have seen every hint. `.solution()` shows "
                                                    "the worked solution once you have tried an "
                                                    "answer."), "hint")
            r.hints += 1
            tracker().touch(r)
            return Note(tr("Hint {k} of {n}").format(k=r.hints, n=len(self.hints)),
                        self.hints[r.hints - 1], "hint")

    def solution(self) -> Note:
        """The worked solution: after an attempt, or at once in teacher mode."""
        with using(self.lang):
            r = self._record
            if not (r.attempts or is_teacher()):
                return Note(tr("Not yet"), tr("Try first: give any honest answer with "
                                              "`.check(...)`; then the worked solution opens."),
                            "solution")
            if not r.solution_seen:
                r.solution_seen = True
                tracker().touch(r)
            return Note(tr("Worked solution"), self.solution_text(), "solution")

    def solution_text(self) -> str:
        """The worked solution with this variant's numbers and the answer key."""
        with using(self.lang):
            return self.spec.text(tr(self.spec.solution), {**self.params,
                                                           "answer": self._answer.shown_key()})

    def key(self) -> str:
        """The answer key as text (used by the solution, the teacher's pack and the sheet)."""
        return self._answer.key()

    def answer_key(self) -> Note:
        """The answer (teacher mode only)."""
        with using(self.lang):
            if not is_teacher():
                return Note(tr("Teacher mode only"), tr(
                    "The answer key opens in teacher mode (`teacher_mode()`); students get "
                    "`ex.solution()` after a try."), "key")
            return Note(tr("Answer {id}").format(id=self.id), self.key(), "key")

    @property
    def answer_kind(self) -> Answer:
        """The checker (for tests and the teacher's tools; students never need it)."""
        return self._answer


def _inline(text: str) -> str:
    body = to_html(text)
    return body[3:-4] if body.startswith("<p>") and body.endswith("</p>") else body


def exercise(exercise_id: str, seed: Any = None, **context: Any) -> Exercise:
    """Exercise ``exercise_id`` (``"04.1"``), optionally a student's own variant.

    ``seed`` (a number or a name) varies the numbers, hands or grids where it
    makes sense, the answer computed by the engine; the same seed gives the
    same variant everywhere (worksheets too). ``context`` passes objects the
    exercise asks about, e.g. ``exercise("10.1", game=board)``.
    """
    s = spec(exercise_id)
    lesson(s.lesson)   # loads the lesson (raises for an unknown one)
    return Exercise(s, seed, context)
