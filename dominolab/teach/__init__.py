"""Exercises that teach: statements, answer checkers, hints, solutions, progress.

In a lesson a student writes::

    from dominolab.teach import exercise
    ex = exercise("04.1")      # shows the statement
    ex.check(19)               # a verdict that explains, never a traceback
    ex.hint()                  # the next hint
    ex.solution()              # the worked solution, after a try

``exercise("04.1", seed=student_id)`` is a student's own variant. The
exercises are declared as data in :mod:`dominolab.teach.course` (one module
per lesson, with the teacher's notes); :mod:`dominolab.teach.pack` turns them
into a teacher's pack and printable worksheets (``dominolab worksheet 04``).
:func:`progress` shows and exports what is done. :func:`check` is the original
one-line checker, kept for code that uses it.

>>> from dominolab.teach import check, Check
>>> check(28, 28)
Check(ok=True, message='Correct: 28.')
"""

from .answers import Answer, Approx, Exact, Formula
from .choices import Choice, FreeText, Numbers, Text, Tiles, Values
from .catalogue import UnknownExercise, lesson, lessons, spec
from .model import Lesson, Misconception, Segment, Spec
from .tracking import Progress, progress, set_student
from .session import Exercise, exercise, is_teacher, teacher_mode
from .verdict import Check, Note, check

__all__ = [
    "Answer",
    "Approx",
    "Check",
    "Choice",
    "Exact",
    "Exercise",
    "Formula",
    "FreeText",
    "Lesson",
    "Misconception",
    "Note",
    "Numbers",
    "Progress",
    "Segment",
    "Spec",
    "Text",
    "Tiles",
    "UnknownExercise",
    "Values",
    "check",
    "exercise",
    "is_teacher",
    "lesson",
    "lessons",
    "progress",
    "set_student",
    "spec",
    "teacher_mode",
]
