"""Exercises and lessons as data.

An exercise is declared once, in the package, as a :class:`Spec`: its
statement, how to build its answer checker (the expected answer is computed by
the engines, never written in a student's cell), its hints in order, a worked
solution, and optionally how to vary it per student. A :class:`Lesson` holds a
lesson's exercises and what a teacher needs: objectives, prerequisites, a
45-minute timing plan, common misconceptions. The notebook cells, the
worksheets and the teacher's pack are all generated from these values.

Texts are written in the Markdown subset of :mod:`~dominolab.teach.markup` and
may contain ``$name`` / ``${name}`` fields filled from the exercise's
parameters (``string.Template``: no braces to escape, and no LaTeX, so ``$``
means nothing else). ``$answer`` in a solution is the answer key.

>>> s = Spec(id="99.1", title="tiles", statement="How many tiles has double-$n?",
...          answer=lambda p: Exact(p["n"] + 1), hints=("count",), solution="$answer.",
...          params=lambda rng, ctx: {"n": 3 if rng is None else rng.randint(4, 9)})
>>> s.text(s.statement, s.make_params(None, {}))
'How many tiles has double-3?'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from string import Template
from typing import Any

from ..errors import UnknownExercise
from .answers import Answer

__all__ = ["PHASES", "Ctx", "Lesson", "Misconception", "Rng", "Segment", "Spec", "seed_rng"]

#: the generator of a student's variant (None: the lesson's own numbers), and the objects
#: a student passes to an exercise (``exercise("10.1", game=board)``)
Rng = random.Random | None
Ctx = Mapping[str, Any]

#: the phases of every lesson's timing plan, in order
PHASES = ("hook", "picture", "mathematics", "exercises", "exit ticket")


def seed_rng(exercise_id: str, seed: Any) -> random.Random:
    """The random generator of one student's variant: the same for the same seed,
    on every machine (``random.Random`` seeded with text is deterministic)."""
    return random.Random(f"dominolab exercise {exercise_id} / seed {seed}")


@dataclass(frozen=True)
class Spec:
    """One exercise, declared as data (see the module docstring).

    ``answer(params)`` builds the :class:`~dominolab.teach.answers.Answer` that
    judges answers, computing the expected one with the engines. ``params(rng,
    context)`` gives the exercise's numbers: the lesson's own when ``rng`` is
    None, a student's variant otherwise; ``context`` holds objects the student
    passes in (e.g. ``game=board`` to ask about their own round). ``picture``
    draws an SVG for the statement. ``at_computer`` marks exercises that need a
    widget or a run cell (the worksheet says so); ``lines`` is the writing space
    on a printed sheet.
    """

    id: str
    title: str
    statement: str
    answer: Callable[[dict], Answer]
    hints: tuple[str, ...]
    solution: str
    params: Callable[[Rng, Ctx], dict] | None = None
    picture: Callable[[dict], str] | None = None
    minutes: int = 3
    exit_ticket: bool = False
    at_computer: bool = False
    lines: int = 2

    @property
    def lesson(self) -> str:
        return self.id.split(".")[0]

    @property
    def varies(self) -> bool:
        """Does a seed change this exercise's text (per-student variants)?"""
        if self.params is None:
            return False
        texts = {self.text(self.statement, self.make_params(rng, {}))
                 for rng in (None, seed_rng(self.id, 1), seed_rng(self.id, 2),
                             seed_rng(self.id, 3))}
        return len(texts) > 1

    def make_params(self, rng: Rng, context: Ctx) -> dict:
        return dict(self.params(rng, context)) if self.params is not None else {}

    @staticmethod
    def text(template: str, params: Mapping[str, Any]) -> str:
        return Template(template).safe_substitute({k: str(v) for k, v in params.items()})


@dataclass(frozen=True)
class Segment:
    """One part of a lesson's timing plan: a phase of :data:`PHASES`, minutes, what happens."""

    phase: str
    minutes: int
    what: str


@dataclass(frozen=True)
class Misconception:
    """A wrong idea students often have, why it is wrong, and what to do about it."""

    belief: str
    why: str
    remedy: str


@dataclass(frozen=True)
class Lesson:
    """A 45-minute lesson: its notebook, its exercises, and the teacher's notes."""

    number: str
    title: str
    notebook: str
    question: str
    objectives: tuple[str, ...]
    prerequisites: tuple[str, ...]
    materials: tuple[str, ...]
    timing: tuple[Segment, ...]
    misconceptions: tuple[Misconception, ...]
    exercises: tuple[Spec, ...]
    extension: str = ""
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        # the exercises in the order of their numbers (01.1, 01.2, …, 01.10)
        ordered = sorted(self.exercises, key=lambda s: int(s.id.split(".")[1]))
        object.__setattr__(self, "exercises", tuple(ordered))

    @property
    def minutes(self) -> int:
        return sum(s.minutes for s in self.timing)

    def spec(self, exercise_id: str) -> Spec:
        for s in self.exercises:
            if s.id == exercise_id:
                return s
        raise UnknownExercise(f"lesson {self.number} has no exercise {exercise_id!r}")
