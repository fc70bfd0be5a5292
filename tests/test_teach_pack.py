"""The teacher's pack and the worksheets, generated from the exercise data."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from dominolab.cli import main
from dominolab.teach import exercise, lessons
from dominolab.teach import tracking as progress_module
from dominolab.teach.choices import Choice
from dominolab.teach.pack import FILES, pack_html, pack_markdown, worksheet_html

REPO = pathlib.Path(__file__).resolve().parents[1]
TEACHERS = REPO / "notebooks" / "teachers"
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
    assert len(list(TEACHERS.iterdir())) == 3 * len(LESSONS)


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
