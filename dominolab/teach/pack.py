"""The teacher's pack and the printable worksheet, generated from the exercise data.

:func:`worksheet_html` is a self-contained HTML page that prints on A4 (pictures
inline, no scripts, no web fonts): a header for the student's name, each
exercise in a box that is never split across pages, writing lines, and with
``answers=True`` the answer key and worked solutions instead of the lines.
Several seeds make one sheet per student, each starting on a new page.
:func:`pack_markdown` is the teacher's pack (objectives, prerequisites, the
timing plan, misconceptions, the answer key), readable on GitHub and in
JupyterLab; :func:`pack_html` is the same for printing.

>>> page = worksheet_html("01")
>>> "Exercise 01.1" in page and "@page" in page and "Answer:" not in page
True
>>> "Answer:" in worksheet_html("01", answers=True)
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from .catalogue import lesson as get_lesson
from .markup import inline, to_html
from .model import Lesson
from .session import Exercise

__all__ = ["FILES", "pack_html", "pack_markdown", "worksheet_html"]

#: the files of one lesson's pack, as written by ``dominolab pack all``
FILES = {"pack": "{num}-pack.md", "worksheet": "{num}-worksheet.html",
         "answers": "{num}-answers.html"}

CSS = """
@page { size: A4; margin: 14mm 15mm 16mm 15mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", "Helvetica", "Arial", sans-serif; font-size: 10.5pt;
       line-height: 1.4; color: #111; margin: 0 auto; max-width: 180mm; padding: 0; }
header { border-bottom: 1.5pt solid #333; margin-bottom: 4mm; padding-bottom: 2mm; }
header h1 { font-size: 15pt; margin: 0 0 1mm 0; }
header .meta { display: flex; gap: 6mm; font-size: 10pt; }
header .meta span { flex: 1; border-bottom: 0.6pt solid #777; padding-top: 4mm; }
.sheet { page-break-after: always; break-after: page; }
.sheet:last-child { page-break-after: auto; break-after: auto; }
.ex { border: 0.8pt solid #999; border-radius: 2mm; padding: 2mm 4mm; margin: 0 0 4mm 0;
      break-inside: avoid; page-break-inside: avoid; }
.ex h2 { font-size: 11pt; margin: 0 0 1mm 0; }
.ex .tag { font-weight: normal; font-size: 9pt; color: #555; }
.ex p { margin: 1mm 0; }
.ex ul, .ex ol { margin: 1mm 0 1mm 5mm; padding-left: 4mm; }
.ex pre { font-size: 10pt; margin: 1mm 0; white-space: pre-wrap; }
.ex code { font-size: 9.5pt; }
.picture { margin: 2mm 0; }
.picture svg { max-width: 100%; max-height: 70mm; height: auto; width: auto; }
.lines { margin-top: 2mm; }
.lines div { border-bottom: 0.5pt solid #aaa; height: 8mm; }
.key { background: #eef4ea; border-left: 1.2mm solid #5a8a3c; padding: 1mm 3mm; margin-top: 2mm; }
.key pre { background: none; }
footer { font-size: 8.5pt; color: #555; margin-top: 3mm; }
table { border-collapse: collapse; width: 100%; margin: 2mm 0; }
th, td { border: 0.5pt solid #999; padding: 1mm 2mm; text-align: left; vertical-align: top; }
@media screen { body { padding: 8mm; } .sheet { border-bottom: 1px dashed #bbb;
  margin-bottom: 10mm; } }
"""


def _exercises(les: Lesson, seed: Any) -> list[Exercise]:
    return [Exercise(spec, seed) for spec in les.exercises]


def _exercise_html(ex: Exercise, answers: bool) -> str:
    spec = ex.spec
    tags = []
    if spec.exit_ticket:
        tags.append("exit ticket")
    if spec.at_computer:
        tags.append("at the computer, or on paper where the task allows")
    tag = f' <span class="tag">({"; ".join(tags)})</span>' if tags else ""
    pic = f'<div class="picture">{ex.picture}</div>' if ex.picture else ""
    body = to_html(ex.markdown())
    if answers:
        key, solution = ex.key(), ex.solution_text()
        # a long or drawn answer that the solution already shows is not repeated
        repeat = ("\n" in key or len(key) > 60) and key in solution
        extra = '<div class="key">'
        if not repeat:
            extra += (f"<p><strong>Answer:</strong> {inline(key)}</p>" if "\n" not in key else
                      f"<p><strong>Answer:</strong></p><pre>{html.escape(key)}</pre>")
        extra += to_html("**Worked solution.** " + solution) + "</div>"
    else:
        extra = '<div class="lines">' + "<div></div>" * spec.lines + "</div>"
    return (f'<section class="ex" id="ex-{ex.id}"><h2>Exercise {ex.id} · '
            f"{html.escape(ex.title)}{tag}</h2>{body}{pic}{extra}</section>")


def _sheet(les: Lesson, seed: Any, answers: bool) -> str:
    exs = _exercises(les, seed)
    variant = "" if seed is None else f" · variant {html.escape(str(seed))}"
    kind = "answer key" if answers else "worksheet"
    meta = ('<div class="meta"><span>Name:</span><span>Class:</span><span>Date:</span></div>'
            if not answers else "")
    return (f'<div class="sheet"><header><h1>Lesson {les.number} · {html.escape(les.title)}'
            f" — {kind}{variant}</h1>{meta}</header>"
            f'<p><em>{html.escape(les.question)}</em></p>'
            + "".join(_exercise_html(ex, answers) for ex in exs)
            + f"<footer>dominolab · lesson {les.number} ({html.escape(les.notebook)}). "
            "Exact answers: whole numbers or fractions, not decimals.</footer></div>")


def worksheet_html(lesson_number: Any, *, answers: bool = False,
                   seeds: Sequence[Any] | None = None) -> str:
    """The printable worksheet of a lesson (one sheet per seed; ``None`` = the lesson's own
    numbers), or with ``answers=True`` the answer key. The same seeds give the same page."""
    les = get_lesson(lesson_number)
    seeds = list(seeds) if seeds else [None]
    title = f"Lesson {les.number} · {les.title} — {'answer key' if answers else 'worksheet'}"
    sheets = "".join(_sheet(les, s, answers) for s in seeds)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
            f"<body>{sheets}</body></html>\n")


# --------------------------------------------------------------------------- the teacher's pack


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _wrong_lines(ex: Exercise) -> list[str]:
    out = []
    for value, msg in ex.answer_kind.declared_wrong():
        shown = str(value).replace("\n", " / ")
        if len(shown) > 60:
            shown = shown[:57] + "…"
        out.append(f"- `{shown}` → {msg}" if msg else f"- `{shown}`")
    return out


def pack_markdown(lesson_number: Any) -> str:
    """The teacher's pack of a lesson, in Markdown."""
    les = get_lesson(lesson_number)
    num = les.number
    lines = [
        f"# Lesson {num} · {les.title} — teacher's pack", "",
        f"**The question.** {les.question}", "",
        f"[Open the lesson](../{les.notebook}) · [printable worksheet]({num}-worksheet.html) · "
        f"[answer key]({num}-answers.html) · per-student sheets: "
        f"`dominolab worksheet {num} --seed 1 --seed 2 … --out sheets.html`", "",
        "Generated from the exercise data in the package (`dominolab pack all`); do not edit "
        "by hand.", "",
        "## Objectives", "", *[f"- {o}" for o in les.objectives], "",
        "## Prerequisites", "", *[f"- {p}" for p in les.prerequisites], "",
        "## Materials", "", *[f"- {m}" for m in les.materials], "",
        f"## Timing plan ({les.minutes} minutes)", "",
        "| phase | minutes | what happens |", "|---|---|---|",
        *[f"| {s.phase} | {s.minutes} | {_md_cell(s.what)} |" for s in les.timing], "",
        "## Common misconceptions", "",
        "| students think | why it is wrong | what to do |", "|---|---|---|",
        *[f"| {_md_cell(m.belief)} | {_md_cell(m.why)} | {_md_cell(m.remedy)} |"
          for m in les.misconceptions], "",
        "## Exercises and answer key", "",
        "In the notebook each exercise is `ex = exercise(\"" + num + ".1\")`, answered with "
        "`ex.check(answer)`; `ex.hint()` gives the hints below in order, `ex.solution()` the "
        "worked solution after a try (at once with `teacher_mode()`). `progress()` shows what "
        "a student has done; `progress().save(\"progress.csv\")` exports it.", "",
    ]
    for ex in _exercises(les, None):
        spec = ex.spec
        flags = [f"{spec.minutes} min"]
        if spec.exit_ticket:
            flags.append("exit ticket")
        if spec.at_computer:
            flags.append("at the computer")
        if spec.varies:
            flags.append(f"per-student variants: `exercise(\"{ex.id}\", seed=…)`")
        key = ex.key()
        answer = (f"**Answer:** {key}" if "\n" not in key else
                  "**Answer:**\n\n```\n" + key + "\n```")
        lines += [f"### {ex.id} · {ex.title}", "", f"*{'; '.join(flags)}*", "",
                  ex.markdown(), "", answer, "", "**Hints, in order:**", "",
                  *[f"{i}. {h}" for i, h in enumerate(ex.hints, start=1)], "",
                  f"**Worked solution.** {ex.solution_text()}", ""]
        wrong = _wrong_lines(ex)
        if wrong:
            lines += ["**Wrong answers the checker recognises, with its message:**", "",
                      *wrong, ""]
    if les.extension:
        lines += ["## Going further", "", les.extension, ""]
    return "\n".join(lines)


def pack_html(lesson_number: Any) -> str:
    """The teacher's pack as a printable page (the Markdown pack's content)."""
    les = get_lesson(lesson_number)
    rows = "".join(f"<tr><td>{html.escape(s.phase)}</td><td>{s.minutes}</td>"
                   f"<td>{inline(s.what)}</td></tr>" for s in les.timing)
    mis = "".join(f"<tr><td>{inline(m.belief)}</td><td>{inline(m.why)}</td>"
                  f"<td>{inline(m.remedy)}</td></tr>" for m in les.misconceptions)

    def ul(items: Iterable[str]) -> str:
        return "<ul>" + "".join(f"<li>{inline(x)}</li>" for x in items) + "</ul>"

    head = (f"<header><h1>Lesson {les.number} · {html.escape(les.title)} — teacher's pack</h1>"
            f"</header><p><strong>The question.</strong> {inline(les.question)}</p>"
            f"<h2>Objectives</h2>{ul(les.objectives)}<h2>Prerequisites</h2>"
            f"{ul(les.prerequisites)}<h2>Materials</h2>{ul(les.materials)}"
            f"<h2>Timing plan ({les.minutes} minutes)</h2><table><tr><th>phase</th>"
            f"<th>minutes</th><th>what happens</th></tr>{rows}</table>"
            "<h2>Common misconceptions</h2><table><tr><th>students think</th><th>why it is "
            f"wrong</th><th>what to do</th></tr>{mis}</table><h2>Answer key</h2>")
    body = "".join(_exercise_html(ex, True) for ex in _exercises(les, None))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>Lesson {les.number} teacher's pack</title><style>{CSS}</style></head>"
            f'<body><div class="sheet">{head}{body}</div></body></html>\n')
