"""Progress: which exercises a student has done, and how many hints it took.

No server is involved, so it works on Binder and in a static in-browser
Jupyter (JupyterLite). The state lives **in the kernel** (a
:class:`Tracker`) and, inside a notebook, **in a file next to the notebook**:
``dominolab-progress.json`` in the kernel's working directory, which is the
notebook's folder in JupyterLab, Notebook 7, Voilà and JupyterLite (where the
file is kept in the browser's storage). The file is rewritten after every
attempt, hint or solution, so a restarted kernel remembers; a teacher
collects it, or the CSV/JSON that :meth:`Progress.save` writes.

Outside a notebook (scripts, tests, the command line) nothing is written unless
the environment variable ``DOMINOLAB_PROGRESS`` names a file;
``DOMINOLAB_PROGRESS=off`` turns the file off everywhere.

>>> t = Tracker(path=None)
>>> r = t.record("01.1", None)
>>> r.attempts, r.status
(0, 'not started')
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
import pathlib
import re
import sys
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any

from ..i18n import tr
from .catalogue import lesson, lesson_numbers

__all__ = ["FILE_NAME", "Progress", "Record", "Tracker", "progress", "set_student", "tracker"]

FILE_NAME = "dominolab-progress.json"
FIELDS = ("exercise", "seed", "title", "status", "correct", "answered", "attempts", "wrong",
          "hints", "hints_total",
          "solution_seen", "first_correct_try", "updated")


@dataclass
class Record:
    """One student's work on one exercise (one variant)."""

    exercise: str
    seed: str = ""
    title: str = ""
    attempts: int = 0             # well-formed answers given
    wrong: int = 0
    correct: bool = False
    answered: bool = False        # a free-text answer was given
    hints: int = 0
    hints_total: int = 0
    solution_seen: bool = False
    first_correct_try: int = 0    # 0 = not yet
    updated: str = ""

    @property
    def status(self) -> str:
        if self.correct:
            return "done"
        if self.answered:
            return "answered"
        if self.attempts or self.hints:
            return "tried"
        return "not started"

    def row(self) -> dict[str, Any]:
        d = asdict(self)
        d["status"] = self.status
        return {k: d[k] for k in FIELDS}


def _in_kernel() -> bool:
    """Are we running in a notebook kernel (not merely with ipykernel imported, as by nbval)?"""
    if "pyodide_kernel" in sys.modules:
        return True
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    shell = get() if get is not None else None
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _default_path() -> pathlib.Path | None:
    env = os.environ.get("DOMINOLAB_PROGRESS")
    if env is not None:
        return None if env.strip().lower() in ("", "off", "0", "no") else pathlib.Path(env)
    return pathlib.Path.cwd() / FILE_NAME if _in_kernel() else None


@dataclass
class Tracker:
    """All records of this kernel, mirrored to ``path`` (None: memory only)."""

    path: pathlib.Path | None = None
    records: dict[str, Record] = field(default_factory=dict)
    student: str = ""
    error: str = ""
    _loaded: bool = False

    @staticmethod
    def _key(exercise: str, seed: Any) -> str:
        return exercise if seed is None else f"{exercise}@{seed}"

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        if self.path is None or not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.student = self.student or str(data.get("student", ""))
            for row in data.get("exercises", []):
                r = Record(**{k: row[k] for k in Record.__dataclass_fields__ if k in row})
                self.records[self._key(r.exercise, r.seed or None)] = r
        except (OSError, ValueError, TypeError) as e:
            self.error = f"could not read {self.path}: {e}"

    def record(self, exercise: str, seed: Any, title: str = "", hints_total: int = 0) -> Record:
        self._load()
        key = self._key(exercise, seed)
        r = self.records.get(key)
        if r is None:
            r = self.records[key] = Record(exercise, "" if seed is None else str(seed), title)
        r.title = title or r.title
        r.hints_total = hints_total or r.hints_total
        return r

    def touch(self, r: Record) -> None:
        """Note a change to ``r`` and write the file."""
        r.updated = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.save()

    def save(self) -> None:
        if self.path is None:
            return
        try:
            self.path.write_text(json.dumps(self.export(), indent=1, ensure_ascii=False),
                                 encoding="utf-8")
            self.error = ""
        except OSError as e:   # a read-only folder: keep the progress in the kernel
            self.error = f"progress kept in memory only: cannot write {self.path} ({e})"

    def export(self, lesson_number: str | None = None) -> dict:
        self._load()
        rows = [r.row() for r in sorted(self.records.values(), key=lambda r: (r.exercise, r.seed))
                if lesson_number is None or r.exercise.split(".")[0] == lesson_number]
        return {"student": self.student, "lesson": lesson_number or "all", "exercises": rows}


_TRACKER: Tracker | None = None


def tracker() -> Tracker:
    """The kernel's tracker (created on first use, with the default file)."""
    global _TRACKER
    if _TRACKER is None:
        _TRACKER = Tracker(path=_default_path())
    return _TRACKER


def set_student(name: str) -> None:
    """Put the student's name (or class id) on the progress file and its exports."""
    t = tracker()
    t._load()
    t.student = str(name)
    t.save()


def _unmade_title(template: str) -> str:
    """The title of an exercise not made yet: its numbers are chosen when it is made, so
    each one stands as n ("The 3×$cols board" is listed as "The 3×n board")."""
    return re.sub(r"\$(\w+|\{\w+\})", "n", tr(template))


class Progress:
    """The view :func:`progress` returns: a table in a notebook, JSON/CSV for a teacher."""

    def __init__(self, lesson_number: str | None = None):
        self.lesson = lesson_number
        t = tracker()
        data = t.export(lesson_number)
        seen = {r["exercise"] for r in data["exercises"]}
        rows = list(data["exercises"])
        numbers = [lesson_number] if lesson_number else list(lesson_numbers())
        for num in numbers:
            for spec in lesson(num).exercises:
                if spec.id not in seen:
                    rows.append(Record(spec.id, "", _unmade_title(spec.title),
                                       hints_total=len(spec.hints)).row())
        rows.sort(key=lambda r: (_order(r["exercise"]), r["seed"]))
        self.student = data["student"]
        self.rows = rows
        self.file = str(t.path) if t.path else ""
        self.error = t.error

    @property
    def done(self) -> int:
        return sum(r["status"] in ("done", "answered") for r in self.rows)

    def to_dict(self) -> dict:
        return {"student": self.student, "lesson": self.lesson or "all", "exercises": self.rows}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.DictWriter(out, fieldnames=("student",) + FIELDS, lineterminator="\n")
        w.writeheader()
        for r in self.rows:
            w.writerow({"student": self.student, **r})
        return out.getvalue()

    def save(self, path: str | os.PathLike) -> pathlib.Path:
        """Write the view as ``.csv`` or ``.json`` (by the file's suffix); returns the path."""
        p = pathlib.Path(path)
        p.write_text(self.to_csv() if p.suffix.lower() == ".csv" else self.to_json(),
                     encoding="utf-8")
        return p

    def __str__(self) -> str:
        head = f"Progress{' of ' + self.student if self.student else ''}"
        head += f", lesson {self.lesson}" if self.lesson else ""
        lines = [f"{head}: {self.done} of {len(self.rows)} exercises done"]
        for r in self.rows:
            seed = f" (variant {r['seed']})" if r["seed"] else ""
            lines.append(f"  {r['exercise']}{seed} {r['status']:<11} tries {r['attempts']}, "
                         f"hints {r['hints']} of {r['hints_total']}"
                         f"{', solution seen' if r['solution_seen'] else ''}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Progress {self.lesson or 'all'}: {self.done} of {len(self.rows)} done>"

    def _repr_html_(self) -> str:
        mark = {"done": tr("✔ done"), "answered": tr("✎ answered"), "tried": tr("… tried"),
                "not started": "·"}
        yes = tr("yes")
        body = "".join(
            f"<tr><td>{html.escape(r['exercise'])}{' · ' + html.escape(r['seed']) if r['seed'] else ''}"
            f"</td><td>{html.escape(tr(r['title']))}</td><td>{mark[r['status']]}</td>"
            f"<td>{r['attempts']}</td><td>{r['hints']} / {r['hints_total']}</td>"
            f"<td>{yes if r['solution_seen'] else ''}</td></tr>" for r in self.rows)
        code = "<code>progress().save('progress.csv')</code>"
        where = ("<p>" + tr("Saved in {file}; {code} exports it.").format(
                     file=f"<code>{html.escape(_shown(self.file))}</code>", code=code) + "</p>"
                 if self.file else
                 "<p>" + tr("Kept in this kernel; {code} exports it.").format(code=code) + "</p>")
        err = f'<p role="alert">{html.escape(self.error)}</p>' if self.error else ""
        who = f" — {html.escape(self.student)}" if self.student else ""
        heads = "".join(f"<th>{html.escape(h)}</th>" for h in (
            tr("exercise"), tr("title"), tr("status"), tr("tries"), tr("hints"),
            tr("solution seen")))
        done = tr("{done} of {n} exercises done").format(done=self.done, n=len(self.rows))
        word = html.escape(tr("Progress"))
        return (f'<div class="dl-progress"><p><strong>{word}{who}: '
                f"{done}</strong></p>"
                f"<table><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>"
                f"{where}{err}</div>")


def _shown(file: str) -> str:
    """The progress file as the table names it: relative to the kernel's folder (the
    lesson's own) when it is there, so that a lesson's saved output names the file a
    student finds beside it, not the folder of whoever ran the lesson last."""
    try:
        rel = os.path.relpath(file)
    except ValueError:          # another drive (Windows)
        return file
    return file if rel.startswith("..") or os.path.isabs(rel) else rel


def _order(exercise_id: str) -> tuple[int, int]:
    a, _, b = exercise_id.partition(".")
    return int(a), int(b) if b.isdigit() else 0


def progress(lesson_number: str | int | None = None) -> Progress:
    """The progress of this student in one lesson (``"04"``) or in all of them.

    >>> p = progress("01")
    >>> p.rows[0]["exercise"], p.rows[0]["status"] in ("not started", "tried", "done")
    ('01.1', True)
    """
    num = None if lesson_number is None else f"{int(lesson_number):02d}"
    return Progress(num)
