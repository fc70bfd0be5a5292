"""The teacher's pack and the printable worksheet, generated from the exercise data.

:func:`worksheet_html` is a self-contained HTML page that prints on A4 (pictures
inline, no scripts, no web fonts): a header for the student's name, each
exercise in a box that is never split across pages, writing lines, and with
``answers=True`` the answer key and worked solutions instead of the lines.
Several seeds make one sheet per student, each starting on a new page.
:func:`pack_markdown` is the teacher's pack (objectives, prerequisites, the
timing plan, misconceptions, the answer key), readable on GitHub and in
JupyterLab; :func:`pack_html` is the same for printing.

Every page comes out in the current language (:mod:`dominolab.i18n`): ``dominolab --lang
ru pack all --out-dir notebooks/teachers/ru`` writes the Russian packs from the same
exercise data, the fixed words of the pages and the lesson's notes through the catalog
(a text the catalog lacks stays in English), ``<html lang="ru">``, the same answer keys.

>>> page = worksheet_html("01")
>>> "Exercise 01.1" in page and "@page" in page and "Answer:" not in page
True
>>> "Answer:" in worksheet_html("01", answers=True)
True
>>> from dominolab.i18n import using
>>> with using("ru"):
...     ru = worksheet_html("01")
>>> '<html lang="ru">' in ru and "Задача 01.1" in ru and "Имя:" in ru
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import N_, get_language, tr
from .catalogue import lesson as get_lesson
from .markup import inline, to_html
from .model import Lesson
from .session import Exercise
from .witnesses import Witness

__all__ = ["FILES", "pack_html", "pack_markdown", "worksheet_html"]

#: the files of one lesson's pack, as written by ``dominolab pack all``
FILES = {"pack": "{num}-pack.md", "worksheet": "{num}-worksheet.html",
         "answers": "{num}-answers.html"}

#: the phases of the timing plan, the sheet's header fields and the pack's table heads,
#: as the pages show them (translated where shown)
PHASE_WORDS = (N_("hook"), N_("picture"), N_("mathematics"), N_("exercises"),
               N_("exit ticket"))
SHEET_FIELDS = (N_("Name:"), N_("Class:"), N_("Date:"))
TIMING_HEADS = (N_("phase"), N_("minutes"), N_("what happens"))
MISCONCEPTION_HEADS = (N_("students think"), N_("why it is wrong"), N_("what to do"))

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
        tags.append(tr("exit ticket"))
    if spec.at_computer:
        tags.append(tr("at the computer, or on paper where the task allows"))
    tag = f' <span class="tag">({"; ".join(tags)})</span>' if tags else ""
    pic = f'<div class="picture">{ex.picture}</div>' if ex.picture else ""
    body = to_html(ex.markdown())
    if answers:
        key, solution = _key(ex), ex.solution_text()
        # a long or drawn answer that the solution already shows is not repeated
        repeat = ("\n" in key or len(key) > 60) and key in solution
        extra = '<div class="key">'
        if not repeat:
            word = html.escape(tr("Answer:"))
            extra += (f"<p><strong>{word}</strong> {inline(key)}</p>" if "\n" not in key else
                      f"<p><strong>{word}</strong></p><pre>{html.escape(key)}</pre>")
        extra += to_html(tr("**Worked solution.** {solution}").format(solution=solution)) + "</div>"
    else:
        extra = '<div class="lines">' + "<div></div>" * spec.lines + "</div>"
    return (f'<section class="ex" id="ex-{ex.id}"><h2>{html.escape(tr("Exercise"))} {ex.id} · '
            f"{html.escape(ex.title)}{tag}</h2>{body}{pic}{extra}</section>")


def _sheet(les: Lesson, seed: Any, answers: bool) -> str:
    exs = _exercises(les, seed)
    word = tr("variant")
    variant = "" if seed is None else " · " + html.escape(f"{word} {seed}")
    meta = ("" if answers else '<div class="meta">' + "".join(
        f"<span>{html.escape(tr(w))}</span>" for w in SHEET_FIELDS) + "</div>")
    footer = tr("dominolab · lesson {number} ({notebook}). Exact answers: whole numbers or "
                "fractions, not decimals.").format(number=les.number, notebook=les.notebook)
    return (f'<div class="sheet"><header><h1>{html.escape(_sheet_title(les, answers))}'
            f"{variant}</h1>{meta}</header>"
            f'<p><em>{html.escape(tr(les.question))}</em></p>'
            + "".join(_exercise_html(ex, answers) for ex in exs)
            + f"<footer>{html.escape(footer)}</footer></div>")


def _sheet_title(les: Lesson, answers: bool) -> str:
    text = (tr("Lesson {number} · {title} — answer key") if answers else
            tr("Lesson {number} · {title} — worksheet"))
    return text.format(number=les.number, title=tr(les.title))


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"{get_language()}\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title, quote=False)}</title><style>{CSS}</style></head>"
            f"<body>{body}</body></html>\n")


def worksheet_html(lesson_number: Any, *, answers: bool = False,
                   seeds: Sequence[Any] | None = None) -> str:
    """The printable worksheet of a lesson (one sheet per seed; ``None`` = the lesson's own
    numbers), or with ``answers=True`` the answer key. The same seeds give the same page."""
    les = get_lesson(lesson_number)
    seeds = list(seeds) if seeds else [None]
    sheets = "".join(_sheet(les, s, answers) for s in seeds)
    return _page(_sheet_title(les, answers), sheets)


# --------------------------------------------------------------------------- the teacher's pack


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _wrong_lines(ex: Exercise) -> list[str]:
    out = []
    kind = ex.answer_kind
    for value, msg in kind.declared_wrong():
        shown = str(value).replace("\n", " / ")
        if len(shown) > 60:
            shown = shown[:57] + "…"
        if isinstance(kind, Witness) and msg and get_language() != "en":
            # a witness's foreseen wrong answer carries an English word of its verdict, not a
            # message: another language shows the verdict itself
            msg = kind.judge(value, 0).message
        out.append(f"- `{shown}` → {tr(msg)}" if msg else f"- `{shown}`")
    return out


def _key(ex: Exercise) -> str:
    """The answer key as the pack shows it: the same answer in every language, written in
    the page's (a chosen option in its words, a number with the language's spacing)."""
    return ex.key() if get_language() == "en" else ex.answer_kind.shown_key()


def _lesson_link(les: Lesson) -> str:
    """The lesson's notebook from the pack's folder: ``notebooks/teachers/`` for English,
    ``notebooks/teachers/ru/`` beside ``notebooks/ru/`` for Russian."""
    lang = get_language()
    return f"../{les.notebook}" if lang == "en" else f"../../{lang}/{les.notebook}"


def pack_markdown(lesson_number: Any) -> str:
    """The teacher's pack of a lesson, in Markdown (in the current language)."""
    les = get_lesson(lesson_number)
    num = les.number
    links = tr("[Open the lesson]({lesson}) · [printable worksheet]({worksheet}) · "
               "[answer key]({answers}) · per-student sheets: {command}").format(
        lesson=_lesson_link(les), worksheet=f"{num}-worksheet.html",
        answers=f"{num}-answers.html",
        command=f"`dominolab worksheet {num} --seed 1 --seed 2 … --out sheets.html`")
    how = tr("In the notebook each exercise is {make}, answered with {check}; {hint} gives "
             "the hints below in order, {solution} the worked solution after a try (at once "
             "with {teacher}). {progress} shows what a student has done; {save} exports "
             "it.").format(make=f"`ex = exercise(\"{num}.1\")`", check="`ex.check(answer)`",
                           hint="`ex.hint()`", solution="`ex.solution()`",
                           teacher="`teacher_mode()`", progress="`progress()`",
                           save="`progress().save(\"progress.csv\")`")
    lines = [
        "# " + tr("Lesson {number} · {title} — teacher's pack").format(
            number=num, title=tr(les.title)), "",
        tr("**The question.** {question}").format(question=tr(les.question)), "",
        links, "",
        tr("Generated from the exercise data in the package ({command}); do not edit by "
           "hand.").format(command="`dominolab pack all`"), "",
        "## " + tr("Objectives"), "", *[f"- {tr(o)}" for o in les.objectives], "",
        "## " + tr("Prerequisites"), "", *[f"- {tr(x)}" for x in les.prerequisites], "",
        "## " + tr("Materials"), "", *[f"- {tr(m)}" for m in les.materials], "",
        "## " + tr("Timing plan ({minutes} minutes)").format(minutes=les.minutes), "",
        "| " + " | ".join(tr(w) for w in TIMING_HEADS) + " |", "|---|---|---|",
        *[f"| {tr(x.phase)} | {x.minutes} | {_md_cell(tr(x.what))} |" for x in les.timing], "",
        "## " + tr("Common misconceptions"), "",
        "| " + " | ".join(tr(w) for w in MISCONCEPTION_HEADS) + " |",
        "|---|---|---|",
        *[f"| {_md_cell(tr(m.belief))} | {_md_cell(tr(m.why))} | {_md_cell(tr(m.remedy))} |"
          for m in les.misconceptions], "",
        "## " + tr("Exercises and answer key"), "", how, "",
    ]
    for ex in _exercises(les, None):
        spec = ex.spec
        flags = [tr("{n} min").format(n=spec.minutes)]
        if spec.exit_ticket:
            flags.append(tr("exit ticket"))
        if spec.at_computer:
            flags.append(tr("at the computer"))
        if spec.varies:
            flags.append(tr("per-student variants: {call}").format(
                call=f"`exercise(\"{ex.id}\", seed=…)`"))
        key = _key(ex)
        word = tr("**Answer:**")
        answer = f"{word} {key}" if "\n" not in key else f"{word}\n\n```\n{key}\n```"
        lines += [f"### {ex.id} · {ex.title}", "", f"*{'; '.join(flags)}*", "",
                  ex.markdown(), "", answer, "", tr("**Hints, in order:**"), "",
                  *[f"{i}. {h}" for i, h in enumerate(ex.hints, start=1)], "",
                  tr("**Worked solution.** {solution}").format(solution=ex.solution_text()), ""]
        wrong = _wrong_lines(ex)
        if wrong:
            lines += [tr("**Wrong answers the checker recognises, with its message:**"), "",
                      *wrong, ""]
    if les.extension:
        lines += ["## " + tr("Going further"), "", tr(les.extension), ""]
    return "\n".join(lines)


def pack_html(lesson_number: Any) -> str:
    """The teacher's pack as a printable page (the Markdown pack's content)."""
    les = get_lesson(lesson_number)
    rows = "".join(f"<tr><td>{html.escape(tr(x.phase))}</td><td>{x.minutes}</td>"
                   f"<td>{inline(tr(x.what))}</td></tr>" for x in les.timing)
    mis = "".join(f"<tr><td>{inline(tr(m.belief))}</td><td>{inline(tr(m.why))}</td>"
                  f"<td>{inline(tr(m.remedy))}</td></tr>" for m in les.misconceptions)

    def ul(items: Iterable[str]) -> str:
        return "<ul>" + "".join(f"<li>{inline(tr(x))}</li>" for x in items) + "</ul>"

    def h2(word: str) -> str:
        return f"<h2>{html.escape(word)}</h2>"

    def th(*words: str) -> str:
        return "<tr>" + "".join(f"<th>{html.escape(tr(w))}</th>" for w in words) + "</tr>"

    title = tr("Lesson {number} · {title} — teacher's pack").format(number=les.number,
                                                                    title=tr(les.title))
    question = tr("**The question.** {question}").format(question=tr(les.question))
    timing = tr("Timing plan ({minutes} minutes)").format(minutes=les.minutes)
    head = (f"<header><h1>{html.escape(title, quote=False)}</h1></header><p>{inline(question)}</p>"
            + h2(tr("Objectives")) + ul(les.objectives) + h2(tr("Prerequisites"))
            + ul(les.prerequisites) + h2(tr("Materials")) + ul(les.materials)
            + h2(timing) + f"<table>{th(*TIMING_HEADS)}{rows}</table>"
            + h2(tr("Common misconceptions"))
            + f"<table>{th(*MISCONCEPTION_HEADS)}{mis}</table>" + h2(tr("Answer key")))
    body = "".join(_exercise_html(ex, True) for ex in _exercises(les, None))
    return _page(title, f'<div class="sheet">{head}{body}</div>')
