"""The lessons as notebooks: exercises out of sight, answers never computed in a cell, the
course map, the teacher's packs, and the factual errors of the old lessons gone."""

from __future__ import annotations

import html
import json
import pathlib
import re

import pytest

from dominolab import DominoSet, chains, games
from dominolab.games import solver
from dominolab.teach import exercise, lessons
from dominolab.teach import tracking as progress_module
from dominolab.teach.answers import Formula
from dominolab.teach.catalogue import LESSON_MODULES

REPO = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LESSONS = lessons()
EXERCISE_CELL = re.compile(r'^(e\d+) = exercise\("(\d\d\.\d+)"(, game=\w+)?\)\n\1$')
ANSWER_CELL = re.compile(r"^answer = (None|\w+)   # [^\n]*\n(e\d+)\.check\(answer\)$")
FORBIDDEN = ("seeds/", "RULES.md", "DOMINOSA.md", "shared/", "seed 00")


@pytest.fixture(autouse=True)
def no_progress_file(monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PROGRESS", "off")
    monkeypatch.setattr(progress_module, "_TRACKER", None)


def _nb(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def _src(cell: dict) -> str:
    return "".join(cell["source"])


def _outputs_text(cell: dict) -> str:
    """What a cell shows as text (pictures left out: their numbers are coordinates)."""
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append("".join(out["text"]))
        data = out.get("data", {})
        if "text/html" in data:
            page = "".join(data["text/html"])
            page = re.sub(r"<svg.*?</svg>", " ", page, flags=re.S)
            parts.append(html.unescape(re.sub(r"<[^>]+>", " ", page)))
        elif "text/plain" in data:
            parts.append("".join(data["text/plain"]))
    return "\n".join(parts)


def _shown(cell: dict) -> str:
    return _src(cell) if cell["cell_type"] == "markdown" else _outputs_text(cell)


def _exercise_cells(nb: dict) -> list[tuple[int, str]]:
    out = []
    for i, cell in enumerate(nb["cells"]):
        m = EXERCISE_CELL.match(_src(cell)) if cell["cell_type"] == "code" else None
        if m:
            out.append((i, m.group(2)))
    return out


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_every_exercise_is_in_its_lesson_once_in_order(les):
    nb = _nb(les.notebook)
    found = [eid for _, eid in _exercise_cells(nb)]
    assert found == [s.id for s in les.exercises]


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_no_cell_computes_an_exercise_s_answer(les):
    """The checker lives in the package: exercise cells only create the exercise, answer
    cells only hand over the student's answer, and nothing passes an expected value."""
    nb = _nb(les.notebook)
    names = {}
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        text = _src(cell)
        assert "from dominolab.teach import check" not in text
        assert not re.search(r"(?<![.\w])check\(", text), (les.number, text)
        assert "predicate=" not in text and "expected" not in text
        m = EXERCISE_CELL.match(text)
        if m:
            names[m.group(1)] = m.group(2)
            continue
        if ".check(" in text:
            a = ANSWER_CELL.match(text)
            assert a, (les.number, text)
            assert a.group(2) in names, (les.number, text)
            assert "NBVAL" not in text
            assert a.group(1) == "None" or not a.group(1)[0].isdigit()
        if re.search(r"\be\d+\.(hint|solution|answer_key|key)\(", text):
            pytest.fail(f"lesson {les.number} opens a hint or solution for the student: {text}")


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_each_exercise_comes_before_anything_that_reveals_its_answer(les):
    nb = _nb(les.notebook)
    cells = nb["cells"]
    for index, eid in _exercise_cells(nb):
        ex = exercise(eid)
        before = "\n".join(_shown(c) for c in cells[:index])
        statement = ex.markdown()
        for text in ex.answer_kind.reveals():
            pattern = rf"(?<![\w.,/:|*]){re.escape(text)}(?![\w,/|*]|\.\d)"
            assert not re.search(pattern, before), (eid, text)
            assert not re.search(pattern, statement), (eid, text)


@pytest.mark.parametrize("les", LESSONS, ids=lambda les: les.number)
def test_answer_cells_start_empty_and_check_nothing(les):
    """Committed outputs: every answer cell says 'replace None' (or that the widget is
    untouched), so running a lesson records no attempt."""
    nb = _nb(les.notebook)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and ANSWER_CELL.match(_src(cell)):
            shown = _outputs_text(cell)
            assert "Not yet" in shown and "Correct" not in shown, (les.number, shown)


ALL_NOTEBOOKS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_notebooks_are_clean_and_cite_sources_by_title(name):
    nb = _nb(name)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert "widgets" not in nb["metadata"], "live widget state must not be committed"
    assert any(c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code"), name
    for cell in nb["cells"]:
        text = _src(cell) + _outputs_text(cell)
        for bad in FORBIDDEN:
            assert bad not in text, (name, bad)


def test_the_course_map():
    start = _nb("00-start-here.ipynb")
    text = "\n".join(_src(c) for c in start["cells"])
    for les in LESSONS:
        assert f"]({les.notebook})" in text, les.notebook
    assert "rules-of-the-games.ipynb" in text and "docs/rules.md" in text
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for les in LESSONS:
        assert f"notebooks/{les.notebook}" in readme
    assert "notebooks/rules-of-the-games.ipynb" in readme
    for name in ALL_NOTEBOOKS:
        assert name in text or name == "00-start-here.ipynb", name
    assert set(ALL_NOTEBOOKS) == {"00-start-here.ipynb", "rules-of-the-games.ipynb"} | {
        les.notebook for les in LESSONS}
    assert len(LESSONS) == len(LESSON_MODULES) == 16


# ----------------------------------------------------------------------------- factual errors


def _lesson_text(name: str) -> str:
    nb = _nb(name)
    return "\n".join(_src(c) + "\n" + _outputs_text(c) for c in nb["cells"])


def test_lesson_04_shows_a_line_stuck_with_free_tiles_at_both_ends():
    text = _lesson_text("04-chains-and-euler.ipynb")
    line = "0:6 6:2 2:4 4:3 3:2 2:5 5:6 6:1 1:5 5:0 0:4 4:1 1:3 3:0"
    assert line in text
    verdict = chains.can_finish(line, DominoSet(6))
    assert not verdict and "cannot be reached" in verdict.reason
    assert verdict.reason in text                          # the engine's reason is shown
    used = set(chains.Chain(line).tiles)
    assert any(t.has(0) and t not in used for t in DominoSet(6))   # 0 is not used up
    assert "only way to get stuck" not in text
    assert "Hierholzer" in text and "1873" in text
    assert "Euler's proof is constructive" not in text
    assert "stuck" in exercise("04.3").check(line).message


def test_lesson_01_example_is_not_the_answer():
    ex = exercise("01.3")
    assert ex.key() not in ex.statement
    nb = _nb("01-counting-tiles.ipynb")
    assert all(ex.key() not in _src(c) for c in nb["cells"])


def test_lesson_10_records_what_the_kozel_rule_records():
    from dominolab.widgets import GameBoard

    demo = GameBoard("kozel", human=None, seed=2026, delay=0, open=True)
    demo.autoplay("round_end")
    ex = exercise("10.1", game=demo)
    team = next(i for i, t in enumerate(demo.state.result().teams) if 1 in t)
    assert ex.key() == str(demo.match.scores[team])
    pips = demo.state.result().team_points[team]
    if pips < demo.rules.record_threshold:
        assert ex.key() == "0" and not ex.check(pips).ok
        assert "13" in ex.check(pips).message
    # the lesson's bots' round and the package's own are the same round
    assert exercise("10.1").key() == ex.key()
    assert exercise("10.2").key() == exercise("10.2", game=demo).key()


def test_lesson_09_states_its_rounds_and_its_noise():
    text = _lesson_text("09-blocked-positions.ipynb")
    assert "200 seeded rounds" not in text
    for row in re.findall(r"^\| [^|]+ \| (\d+) \|.*`(\w+) [^`]*--rounds (\d+)", text, re.M):
        assert row[0] == row[2], row
    assert text.count("--rounds") >= 3 and "within noise" in text
    assert "standard error" in text
    assert "A block needs every tile that fits an open end to be on the table" not in text


@pytest.mark.parametrize("variant, hands, boneyard, lead", [
    # Cuban: 15 of 55 tiles are set aside; the fitting 9:9 lies among them
    ("cuban", ["0:9 1:2", "1:3 2:2", "2:4 3:3", "3:5 4:4"], "9:9 5:5", "0:9"),
    # Kozel with three players: the last boneyard tile is never drawn
    ("kozel", ["0:6 1:2", "1:3 2:2", "2:4 3:3"], "6:6", "0:6"),
])
def test_a_block_can_leave_a_fitting_tile_off_the_table(variant, hands, boneyard, lead):
    g = games.new_round(variant, hands=hands, boneyard=boneyard, leader=0)
    g.play(lead)
    assert solver.is_blocked(g)
    ends = {n for _, n in g.open_ends()}
    down = {frozenset(p) for p in g.table_tiles()}
    fitting_off = [t for t in g.boneyard if (t.low in ends or t.high in ends)
                   and frozenset((t.low, t.high)) not in down]
    assert fitting_off


def test_the_rules_reference_names_its_sources_and_its_noise():
    nb = _nb("rules-of-the-games.ipynb")
    text = _lesson_text("rules-of-the-games.ipynb")
    assert not _exercise_cells(nb)          # a reference, not a lesson
    assert "docs/rules.md" in text and "«Домино»" in text
    sections = [c for c in nb["cells"] if c["cell_type"] == "markdown"
                and _src(c).startswith("### ") and "—" in _src(c).splitlines()[0]]
    assert len(sections) >= 11
    for cell in sections:
        assert "*Source:*" in _src(cell), _src(cell).splitlines()[0]
    assert "within noise" in text and "standard error" in text


def test_lesson_05_counts_by_hand_before_the_extension():
    nb = _nb("05-counting-rings.ipynb")
    cells = [_src(c) for c in nb["cells"]]
    ext = next(i for i, s in enumerate(cells) if s.startswith("---\n## Extension"))
    last_exercise = max(i for i, _ in _exercise_cells(nb))
    assert last_exercise < ext
    assert all("best" not in s.lower() or i > ext for i, s in enumerate(cells)
               if nb["cells"][i]["cell_type"] == "code")
    assert exercise("05.5").key() == f"{264 * 2 ** 5 * 15:,}"


def test_formula_exercises_use_the_symbol_the_lesson_defines():
    for les in LESSONS:
        nb = _nb(les.notebook)
        text = "\n".join(_src(c) for c in nb["cells"])
        for s in les.exercises:
            if isinstance(exercise(s.id).answer_kind, Formula):
                assert 'n = sympy.Symbol("n")' in text, s.id
