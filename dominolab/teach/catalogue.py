"""Where the lessons' exercise data lives: one module per lesson in
:mod:`dominolab.teach.course`, loaded when first asked for (so that lesson 01
does not import the game engine).

>>> lesson("4").title
'Chains and rings: Euler at the domino table'
>>> spec("04.1").lesson
'04'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

from ..errors import UnknownExercise
from .model import Lesson, Spec

__all__ = ["LESSON_MODULES", "UnknownExercise", "lesson", "lesson_numbers", "lessons", "spec"]

#: lesson number -> module in dominolab.teach.course
LESSON_MODULES = {
    "01": "l01_counting",
    "02": "l02_pips",
    "03": "l03_deals",
    "04": "l04_chains",
    "05": "l05_rings",
    "06": "l06_tilings",
    "07": "l07_dominosa",
    "08": "l08_uniqueness",
    "09": "l09_blocks",
    "10": "l10_play",
    "11": "l11_overlaps",
    "12": "l12_pigeonhole",
    "13": "l13_symmetry",
    "14": "l14_recurrences",
    "15": "l15_passes",
    "16": "l16_games",
}


def _number(x: object) -> str:
    text = str(x).strip()
    if text.isdigit() and f"{int(text):02d}" in LESSON_MODULES:
        return f"{int(text):02d}"
    raise UnknownExercise(f"there is no lesson {x!r}; the lessons are "
                          f"{', '.join(LESSON_MODULES)}")


def lesson(number: object) -> Lesson:
    """The :class:`Lesson` with this number (``"04"``, ``"4"`` or ``4``)."""
    num = _number(number)
    module = importlib.import_module(f"{__package__}.course.{LESSON_MODULES[num]}")
    found: Lesson = module.LESSON
    return found


def lesson_numbers() -> Iterator[str]:
    yield from LESSON_MODULES


def lessons() -> list[Lesson]:
    """Every lesson, in order."""
    return [lesson(n) for n in LESSON_MODULES]


def spec(exercise_id: str) -> Spec:
    """The :class:`Spec` of an exercise such as ``"04.1"``."""
    if not isinstance(exercise_id, str) or "." not in exercise_id:
        raise UnknownExercise(f"an exercise is named like '04.1' (lesson 04, exercise 1), "
                              f"not {exercise_id!r}")
    num, _, _ = exercise_id.partition(".")
    les = lesson(num)
    try:
        return les.spec(f"{_number(num)}.{exercise_id.partition('.')[2]}")
    except KeyError:
        ids = ", ".join(s.id for s in les.exercises)
        raise UnknownExercise(f"lesson {les.number} has no exercise {exercise_id!r}; "
                              f"its exercises are {ids}") from None
