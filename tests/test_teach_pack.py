"""The teacher's pack and the worksheets, generated from the exercise data."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from dominolab.cli import main
from dominolab.i18n import using
from dominolab.teach import exercise, lessons
from dominolab.teach import tracking as progress_module
from dominolab.teach.choices import Choice, FreeText
from dominolab.teach.pack import FILES, pack_html, pack_markdown, worksheet_html

REPO = pathlib.Path(__file__).resolve().parents[1]
TEACHERS = REPO / "notebooks" / "teachers"
TEACHERS_RU = TEACHERS / "ru"
CYRILLIC = re.compile(r"[а-яё]", re.I)
#: the pages' own English words: none may be left in a Russian pack or sheet
TEMPLATE_WORDS = ("Lesson ", "teacher's pack", "The question.", "Open the lesson",
                  "printable worksheet", "answer key", "per-student", "Generated from",
                  "Objectives", "Prerequisites", "Materials", "Timing plan", "minutes",
                  "what happens", "| hook |", "| picture |", "| mathematics |",
                  "| exercises |", "exit ticket", "Common misconceptions", "students think",
                  "why it is wrong", "what to do", "Exercises and answer key",
                  "In the notebook", "Answer:", "Hints, in order", "Worked solution",
                  "Wrong answers", "Going further", "Exercise ", "Name:", "Class:", "Date:",
                  "at the computer", "Exact answers", " min;", " min*", "variant ")
LESSONS = lessons()


@pytest.fixture(autouse=True)
def no_progress_file(monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PROGRESS", "off")
    monkeypatch.setattr(progress_module, "_TRACKER", None)


def _text(page: str) -> str:
    return re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", " ", page, flags=re.S))


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_the_worksheet_renders_with_and_without_answers(les):
    sheet = worksheet_html(les.number)
    key = worksheet_html(les.number, answers=True)
    assert sheet.startswith("<!DOCTYPE html>") and "@page { size: A4" in sheet
    assert "<script" not in sheet and "<link" not in sheet and "src=\"http" not in sheet
    for spec in les.exercises:
        ex = exercise(spec.id)
        assert f'id="ex-{spec.id}"' in sheet and f'id="ex-{spec.id}"' in key
        if not isinstance(ex.answer_kind, Choice) and len(ex.key()) > 4:
            assert ex.key() not in _text(sheet), spec.id
    assert "Name:" in sheet and "Name:" not in key
    assert key.count('class="key"') == len(les.exercises)
    assert sheet.count('class="lines"') == len(les.exercises)


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_worksheets_are_deterministic_per_seed(les):
    assert worksheet_html(les.number, seeds=["ana"]) == worksheet_html(les.number, seeds=["ana"])
    assert worksheet_html(les.number, answers=True, seeds=[3]) == worksheet_html(
        les.number, answers=True, seeds=[3])
    class_set = worksheet_html(les.number, seeds=[1, 2, 3])
    assert class_set.count('class="sheet"') == 3
    if any(s.varies for s in les.exercises):
        sheets = {worksheet_html(les.number, seeds=[s]) for s in range(5)}
        assert len(sheets) > 1
        # the key of a variant is that variant's answer, computed by the engine
        for spec in les.exercises:
            if spec.varies:
                ex = exercise(spec.id, seed=4)
                assert ex.key() in _text(worksheet_html(les.number, answers=True, seeds=[4])) \
                    or "\n" in ex.key()


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_the_pack_has_what_a_teacher_needs(les):
    md = pack_markdown(les.number)
    for heading in ("## Objectives", "## Prerequisites", "## Materials",
                    "## Timing plan (45 minutes)", "## Common misconceptions",
                    "## Exercises and answer key"):
        assert heading in md, heading
    for phase in ("| hook |", "| picture |", "| mathematics |", "| exercises |",
                  "| exit ticket |"):
        assert phase in md
    for spec in les.exercises:
        ex = exercise(spec.id)
        assert f"### {spec.id} · " in md
        assert ex.solution_text() in md
        for value, message in ex.answer_kind.declared_wrong():
            assert message in md
    assert f"../{les.notebook}" in md
    page = pack_html(les.number)
    assert "Timing plan" in page and page.count('class="key"') == len(les.exercises)


def test_the_committed_packs_are_up_to_date():
    for les in LESSONS:
        names = {k: v.format(num=les.number) for k, v in FILES.items()}
        assert (TEACHERS / names["pack"]).read_text(encoding="utf-8") == pack_markdown(les.number)
        assert (TEACHERS / names["worksheet"]).read_text(encoding="utf-8") == \
            worksheet_html(les.number)
        assert (TEACHERS / names["answers"]).read_text(encoding="utf-8") == \
            worksheet_html(les.number, answers=True)
    assert len([f for f in TEACHERS.iterdir() if f.is_file()]) == 3 * len(LESSONS)


def test_the_command_line(tmp_path, capsys):
    out = tmp_path / "sheet.html"
    assert main(["worksheet", "04", "--out", str(out), "--answers", "--seed", "3",
                 "--seed", "ana"]) == 0
    page = out.read_text()
    assert page.count('class="sheet"') == 2 and "variant ana" in page and "Answer:" in page
    assert "2 sheets" in capsys.readouterr().out
    assert main(["worksheet", "7"]) == 0
    assert "Exercise 07.1" in capsys.readouterr().out
    assert main(["pack", "all", "--out-dir", str(tmp_path / "all")]) == 0
    assert len(list((tmp_path / "all").iterdir())) == 3 * len(LESSONS)
    assert main(["pack", "05", "--html", "--out", str(tmp_path / "p.html")]) == 0
    assert "teacher's pack" in (tmp_path / "p.html").read_text()
    assert main(["worksheet", "99"]) == 2
    assert "no lesson '99'" in capsys.readouterr().err


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_each_lesson_links_its_teachers_pack(les):
    nb = json.loads((REPO / "notebooks" / les.notebook).read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for kind in ("pack.md", "worksheet.html", "answers.html"):
        link = f"teachers/{les.number}-{kind}"
        assert link in text and (REPO / "notebooks" / link).exists(), link


def test_the_start_page_and_the_readme_link_the_packs():
    start = json.loads((REPO / "notebooks" / "00-start-here.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in start["cells"])
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for les in LESSONS:
        assert f"teachers/{les.number}-pack.md" in text
        assert f"notebooks/teachers/{les.number}-pack.md" in readme
        assert f"notebooks/teachers/{les.number}-worksheet.html" in readme


def _prose(page: str) -> str:
    """A page's words without its code (commands, answers typed as code) and pictures."""
    text = re.sub(r"<style>.*?</style>|<svg.*?</svg>|<code>.*?</code>|<pre>.*?</pre>", " ",
                  page, flags=re.S)
    return re.sub(r"```.*?```|`[^`]*`", " ", re.sub(r"<[^>]+>", " ", text), flags=re.S)


def _digits(text: str) -> list[str]:
    return re.findall(r"\d+", text.replace("\u202f", "").replace(",", ""))


@pytest.mark.parametrize("les", LESSONS,
                         ids=lambda les: les.number)
def test_a_russian_pack_is_russian_with_the_same_answers(les):
    """The Russian pack and sheets come from the same exercise data: Russian words, not one
    of the pages' own English words left, <html lang="ru">, and every answer the same
    numbers as in English."""
    with using("ru"):
        md, sheet = pack_markdown(les.number), worksheet_html(les.number)
        key, page = worksheet_html(les.number, answers=True), pack_html(les.number)
        ru_keys = [exercise(s.id).answer_kind.shown_key() for s in les.exercises]
    en_keys = [exercise(s.id).key() for s in les.exercises]
    # (a model answer in words says "three 2s" in English and «три двойки» in Russian)
    worded = [isinstance(exercise(s.id).answer_kind, FreeText) for s in les.exercises]
    for text in (md, sheet, key, page):
        prose = _prose(text)
        assert CYRILLIC.search(prose)
        left = [w for w in TEMPLATE_WORDS if w in prose]
        assert left == [], (les.number, left)
    for text in (sheet, key, page):
        assert text.startswith('<!DOCTYPE html>\n<html lang="ru">')
    assert f"# Урок {les.number} · " in md and "## Цели" in md and "| завязка |" in md
    title = md.splitlines()[0].split(" · ", 1)[1].rsplit(" — ", 1)[0]
    assert CYRILLIC.search(title), title          # the lesson's own title translated too
    assert "Имя:" in sheet and "Имя:" not in key
    assert key.count('class="key"') == len(les.exercises)
    assert f"(../../ru/{les.notebook})" in md and (TEACHERS_RU / ".." / ".." / "ru" /
                                                   les.notebook).exists()
    # the same answers: the same numbers, in the same order, in every exercise's key
    assert [_digits(k) for k, w in zip(ru_keys, worded) if not w] == \
        [_digits(k) for k, w in zip(en_keys, worded) if not w]
    assert sum(not w for w in worded) >= 3
    for k in ru_keys:
        assert k in md


def test_the_committed_russian_packs_are_up_to_date():
    """notebooks/teachers/ru/ is what `dominolab --lang ru pack all --out-dir
    notebooks/teachers/ru` writes (a lesson whose texts the catalog lacks keeps them in
    English there, with the pages' own words in Russian)."""
    with using("ru"):
        for les in LESSONS:
            names = {k: v.format(num=les.number) for k, v in FILES.items()}
            assert (TEACHERS_RU / names["pack"]).read_text(encoding="utf-8") == \
                pack_markdown(les.number), les.number
            assert (TEACHERS_RU / names["worksheet"]).read_text(encoding="utf-8") == \
                worksheet_html(les.number), les.number
            assert (TEACHERS_RU / names["answers"]).read_text(encoding="utf-8") == \
                worksheet_html(les.number, answers=True), les.number
    assert len(list(TEACHERS_RU.iterdir())) == 3 * len(LESSONS)


def test_the_command_line_writes_russian_packs(tmp_path, capsys):
    assert main(["--lang", "ru", "pack", "all", "--out-dir", str(tmp_path)]) == 0
    assert f"{len(LESSONS)} уроков: методички записаны в" in capsys.readouterr().out
    assert (tmp_path / "05-pack.md").read_text(encoding="utf-8").startswith("# Урок 05 · ")
    assert main(["--lang", "ru", "worksheet", "04", "--answers", "--seed", "1", "--seed", "2",
                 "--out", str(tmp_path / "k.html")]) == 0
    assert capsys.readouterr().out == "ответы к уроку 04 (2 листа) записаны в k.html\n"
    page = (tmp_path / "k.html").read_text(encoding="utf-8")
    assert page.count("вариант 1") == 1 and "Ответ:" in page
    assert main(["worksheet", "04", "--out", str(tmp_path / "e.html")]) == 0
    assert capsys.readouterr().out == "wrote the worksheet of lesson 04 (1 sheet) to e.html\n"
