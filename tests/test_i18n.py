"""The Russian catalog: complete, consistent with the code, and never changing a result."""

from __future__ import annotations

import gettext
import importlib.util
import io
import json
import pathlib
import re

import pytest

from dominolab import i18n
from dominolab.cli import main
from dominolab.errors import UnknownLanguage
from dominolab.teach import exercise, lesson
from dominolab.teach import tracking as progress_module

REPO = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("i18n_tool", REPO / "tools" / "i18n.py")
assert _spec and _spec.loader
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)
CYRILLIC = re.compile(r"[а-яё]", re.I)


@pytest.fixture(autouse=True)
def no_progress_file(monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PROGRESS", "off")
    monkeypatch.setattr(progress_module, "_TRACKER", None)


def _ids(cat) -> set:
    return {tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id for m in cat if m.id}


def test_the_template_is_up_to_date_with_the_code_and_the_exercise_data():
    """`python tools/i18n.py extract` has been run: every message the code and the
    translated lessons' exercises show is in the committed template, and no stale one."""
    assert _ids(tool.template()) == _ids(tool.read(tool.POT))


def test_every_message_has_a_russian_translation_with_the_same_placeholders():
    template = _ids(tool.read(tool.POT))
    russian = tool.read(tool.po_path("ru"), "ru")
    assert template <= _ids(russian)
    assert tool.problems("ru") == []          # 0 untranslated, 0 fuzzy, placeholders agree
    assert russian.num_plurals == 3           # 1 кость, 2 кости, 5 костей


def test_the_compiled_catalog_says_what_the_po_file_says():
    russian = tool.read(tool.po_path("ru"), "ru")
    mo = gettext.GNUTranslations(io.BytesIO(tool.po_path("ru").with_suffix(".mo").read_bytes()))
    for m in russian:
        if not m.id:
            continue
        if isinstance(m.id, (list, tuple)):
            for n, form in ((1, 0), (3, 1), (5, 2), (21, 0), (12, 2)):
                assert mo.ngettext(m.id[0], m.id[1], n) == m.string[form]
        elif m.context:
            assert mo.pgettext(m.context, m.id) == m.string
        else:
            assert mo.gettext(m.id) == m.string


def test_placeholders_are_read_in_every_notation():
    assert tool.placeholders("$n and ${total}, {who} %s") == {"$n", "$total", "{who}", "%s"}


def test_the_language_is_chosen_in_the_documented_order(monkeypatch):
    monkeypatch.delenv("DOMINOLAB_LANG", raising=False)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.get_language() == "ru"              # the locale
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.get_language() == "en"              # no catalog: English
    monkeypatch.setenv("DOMINOLAB_LANG", "ru")
    assert i18n.get_language() == "ru"              # the variable before the locale
    try:
        i18n.set_language("en")
        assert i18n.get_language() == "en"          # the process choice before the variable
        with i18n.using("ru"):
            assert i18n.get_language() == "ru"      # a block before everything
        assert i18n.get_language() == "en"
    finally:
        i18n.set_language(None)
    with pytest.raises(UnknownLanguage, match="'fr'"):
        i18n.set_language("fr")
    with pytest.raises(UnknownLanguage):
        with i18n.using(3):                         # type: ignore[arg-type]
            pass


def test_russian_numbers_and_plurals():
    with i18n.using("ru"):
        forms = [i18n.ngettext("{n} tile", "{n} tiles", k).format(n=k)
                 for k in (1, 2, 5, 11, 21, 22, 25, 111)]
    assert forms == ["1 кость", "2 кости", "5 костей", "11 костей", "21 кость", "22 кости",
                     "25 костей", "111 костей"]
    assert i18n.format_number(5151, "ru") == "5\u202f151"
    assert i18n.format_number(2.5, "ru") == "2,5"


def _run(capsys, *argv):
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_the_command_line_speaks_russian_and_computes_the_same(capsys):
    ru = _run(capsys, "--lang", "ru", "play", "kozel", "--watch", "--rounds", "3", "--seed", "5")
    en = _run(capsys, "play", "kozel", "--watch", "--rounds", "3", "--seed", "5")
    assert "== кон 1: Козёл ==" in ru and "команда 1" in ru and "итог:" in ru
    assert "team 1" not in ru and "result:" not in ru
    assert "== round 1: Kozel (the goat) — Козёл ==" in en
    # the same games: the same moves and the same numbers, only the words differ
    assert re.findall(r"\d+", ru) == re.findall(r"\d+", en)
    assert _run(capsys, "--lang=ru", "set", "100") == "набор дубль-100: 5\u202f151 кость, 515\u202f100 очков\n"
    assert _run(capsys, "set", "100") == "double-100 set: 5151 tiles, 515100 pips\n"
    assert main(["--lang", "xx", "set", "6"]) == 2      # argparse refuses the language
    assert "invalid choice" in capsys.readouterr().err


def test_russian_help(capsys):
    assert main(["--lang", "ru", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Домино: подсчёты, цепочки" in out and "язык сообщений" in out


TRANSLATED = tool.translated_lessons()


@pytest.mark.parametrize("number", TRANSLATED)
def test_an_exercise_has_one_checker_and_two_languages_of_text(number):
    """The Russian exercise is the same exercise: the same numbers, the same answer key,
    the same verdicts (ok or not) on the reference answer and on every foreseen wrong one;
    only the words change, and they are Russian."""
    for s in lesson(number).exercises:
        if s.id == "10.1":
            continue
        for seed in (None, 1):
            with i18n.using("en"):
                en = exercise(s.id, seed=seed)
                en_verdicts = [bool(en.check(en.answer_kind.reference()))] + [
                    bool(en.check(w)) for w, _ in en.answer_kind.declared_wrong()]
            with i18n.using("ru"):
                ru = exercise(s.id, seed=seed)
                ru_verdicts = [bool(ru.check(ru.answer_kind.reference()))] + [
                    bool(ru.check(w)) for w, _ in ru.answer_kind.declared_wrong()]
                wrong_texts = [str(ru.check(w)) for w, _ in ru.answer_kind.declared_wrong()]
            assert ru.params == en.params and ru.key().replace("\u202f", ",") == en.key() \
                or ru.key() == en.key(), s.id
            assert ru_verdicts == en_verdicts, s.id
            assert CYRILLIC.search(ru.statement) and CYRILLIC.search(ru.title), s.id
            assert CYRILLIC.search(ru.solution_text()), s.id
            assert all(CYRILLIC.search(h) for h in ru.hints), s.id
            assert all(CYRILLIC.search(t) for t in wrong_texts), (s.id, wrong_texts)
            assert ru.statement != en.statement


def test_the_russian_lessons_are_the_english_ones_in_russian():
    """Every Russian notebook has the same code cells as its English original (after
    its first cell, which chooses Russian), and Russian markdown."""
    ru_dir = REPO / "notebooks" / "ru"
    found = sorted(ru_dir.glob("*.ipynb"))
    assert found, "no Russian notebooks"
    for path in found:
        ru = json.loads(path.read_text(encoding="utf-8"))
        en = json.loads((REPO / "notebooks" / path.name).read_text(encoding="utf-8"))
        code = lambda nb: ["".join(c["source"]) for c in nb["cells"]   # noqa: E731
                           if c["cell_type"] == "code"]
        assert "set_language(\"ru\")" in code(ru)[0]
        assert code(ru)[1:] == code(en), path.name
        md_ru = ["".join(c["source"]) for c in ru["cells"] if c["cell_type"] == "markdown"]
        md_en = ["".join(c["source"]) for c in en["cells"] if c["cell_type"] == "markdown"]
        assert len(md_ru) == len(md_en), path.name
        for r, e in zip(md_ru, md_en):
            assert r != e and CYRILLIC.search(r), (path.name, e[:80])


def _translation_tool():
    """tools/translate_notebook.py, loaded as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("nb_tool",
                                                  REPO / "tools" / "translate_notebook.py")
    assert spec and spec.loader
    nb_tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(nb_tool)
    return nb_tool


def test_no_russian_cell_is_untranslated_or_stale():
    """Every Russian markdown cell translates the English text as it is now."""
    nb_tool = _translation_tool()
    assert [line for line in nb_tool.status() if line.startswith("ru/")] == []


@pytest.mark.parametrize("minor", [4, 5])
def test_the_translation_tool_keeps_the_lessons_format_valid(tmp_path, monkeypatch, minor):
    """A lesson of nbformat 4.4 (no cell ids) gets a Russian copy without ids, one of 4.5
    a copy whose every cell has one: either is valid as Jupyter's server checks it."""
    import nbformat
    nb_tool = _translation_tool()
    en = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A lesson"),
                                         nbformat.v4.new_code_cell("1 + 1")])
    en.nbformat_minor = minor
    if minor < 5:
        for c in en.cells:
            del c["id"]
    (tmp_path / "ru").mkdir()
    nbformat.write(en, tmp_path / "lesson.ipynb", version=nbformat.NO_CONVERT)
    monkeypatch.setattr(nb_tool, "EN_DIR", tmp_path)
    monkeypatch.setattr(nb_tool, "RU_DIR", tmp_path / "ru")
    ru = nbformat.read(nb_tool.sync("lesson.ipynb"), as_version=nbformat.NO_CONVERT)
    nbformat.validate(ru)
    assert len(ru.cells) == 3 and all(("id" in c) == (minor >= 5) for c in ru.cells)


def test_a_russian_game_board_speaks_russian_and_plays_the_same_game():
    from dominolab.widgets import GameBoard

    ru = GameBoard(variant="kozel", lang="ru", human=None, seed=5, delay=0)
    en = GameBoard(variant="kozel", human=None, seed=5, delay=0)
    assert i18n.get_language() == "en"          # the board's language stays with the board
    for board in (ru, en):
        board.autoplay("round_end")
    v, w = ru.view, en.view
    assert v["title"].startswith("Козёл — 4 игрока") and v["turn_text"] == "Кон окончен"
    assert v["panel"]["headline"].endswith(("выигрывает кон", "выиграли кон")) or "Рыба" in v["panel"]["headline"]
    assert CYRILLIC.search(v["panel"]["lines"][0])            # the end-of-round explanation
    assert all(CYRILLIC.search(line) for line in v["panel"]["lines"])
    assert v["scores"]["text"].startswith("Партия, кон 1")
    assert v["words"]["Next round"] == "Следующий кон" and v["words"]["the table"] == "стол"
    assert w["words"] == {} and w["turn_text"] == "Round over"
    # the same deal, the same moves, the same points
    assert v["log"] == w["log"]
    assert [r["points"] for r in v["panel"]["rows"]] == [r["points"] for r in w["panel"]["rows"]]
    assert ru.match.scores == en.match.scores
    assert CYRILLIC.search(ru.why_blocked())
    # a message from the page is answered in the board's language too
    ru._on_message(ru, {"type": "new_match"}, [])
    assert CYRILLIC.search(ru.view["turn_text"]) and "кост" in ru.view["seats"][0]["line"]


def test_an_unknown_board_language_is_refused():
    from dominolab.widgets import GameBoard

    with pytest.raises(UnknownLanguage, match="GameBoard lang"):
        GameBoard(variant="kozel", lang="xx", delay=0)


def test_lessons_11_to_13_are_in_russian_with_russian_outputs_stored():
    """The Russian lessons 11-13 exist, and their stored outputs (what nbval compares)
    show the exercises, the symmetry tables and the pigeonhole statements in Russian."""
    for name, words in (("11-overlaps-and-averages.ipynb", ("Задача 11.1", "0:0 в руке")),
                        ("12-pigeonhole-at-the-table.ipynb",
                         ("Задача 12.1", "Среди любых 8 костей есть две с общим числом")),
                        ("13-symmetry-and-burnside.ipynb",
                         ("Задача 13.1", "тождественная", "поворот на 1"))):
        nb = json.loads((REPO / "notebooks" / "ru" / name).read_text(encoding="utf-8"))
        stored = json.dumps([c.get("outputs", []) for c in nb["cells"]], ensure_ascii=False)
        assert all(w in stored for w in words), (name, [w for w in words if w not in stored])
        assert "Traceback" not in stored and '"output_type": "error"' not in stored, name


def test_the_pictures_and_words_of_lessons_11_to_13_speak_russian_and_count_the_same():
    from dominolab import Tile
    from dominolab.chains import ring_symmetry_table
    from dominolab.combinatorics import overlaps as O
    from dominolab.combinatorics import pigeonhole as P
    from dominolab.combinatorics import symmetry as S
    from dominolab.render.pigeonhole import boxes_svg
    from dominolab.render.symmetry import necklace_svg, orbit_svg
    from dominolab.teach.witnesses_counting import mirror_triomino_witness

    def both(make):
        with i18n.using("en"):
            en = make()
        with i18n.using("ru"):
            ru = make()
        return en, ru

    en, ru = both(lambda: orbit_svg((0, 0, 1), S.dihedral_group(3)))
    assert "тождественная — на месте" in ru and "тримино 0-0-1 при 6 симметриях" in ru
    assert "identity — fixed" in en and not CYRILLIC.search(en)
    for cls in ('class="triomino"', 'class="triomino fixed"'):
        assert ru.count(cls) == en.count(cls)
    boxes = [("0", [Tile(0, 0)]), ("1", [Tile(0, 1), Tile(1, 1)])]
    en, ru = both(lambda: boxes_svg(boxes))
    assert ">2 кости<" in ru and "3 кости в 2 клетках" in ru
    assert ">2 tiles<" in en and "3 tiles in 2 boxes" in en
    assert CYRILLIC.search(both(lambda: necklace_svg((0, 1, 1)))[1])
    # the words change, the numbers do not (the search is cached, its words are not)
    en, ru = both(lambda: P.coincidence("shared_number"))
    assert ru.statement == "среди любых 8 костей есть две с общим числом"
    assert en.statement == "any 8 tiles include two that share a number"
    assert (ru.bound, ru.extremal, ru.nodes) == (en.bound, en.extremal, en.nodes)
    assert both(lambda: P.why_coincidence("double", "1:2 3:3"))[1] == "3:3 — дубль"
    en, ru = both(lambda: S.burnside_table(S.dihedral_group(4), 3))
    assert [r[1:] for r in ru] == [r[1:] for r in en] and all(CYRILLIC.search(r[0]) for r in ru)
    en, ru = both(lambda: ring_symmetry_table(3))
    assert [r[1:] for r in ru] == [r[1:] for r in en] and ru[0][0] == "тождественная"
    en, ru = both(lambda: O.indicator_table("missing"))
    assert [p for _, p in ru] == [p for _, p in en] and ru[6][0] == "в руке нет 6"
    with i18n.using("ru"):
        verdict = mirror_triomino_witness().judge((1, 2, 0), 0)
    assert not verdict.ok and "поворот на 1 превращает её в фишку набора (0, 1, 2)" in str(verdict)


def test_every_lesson_is_in_russian():
    """Every numbered lesson, 00-16, has its Russian version (each checked by the tests
    above: the same code cells, Russian markdown, every cell translating the English text as
    it is now), and its exercises are in the catalog."""
    have = {p.name for p in (REPO / "notebooks" / "ru").glob("*.ipynb")}
    wanted = [p.name for p in sorted((REPO / "notebooks").glob("[0-9][0-9]-*.ipynb"))]
    assert len(wanted) == 17 and [n for n in wanted if n not in have] == []
    assert TRANSLATED == [n[:2] for n in wanted if n[:2] != "00"]


def test_a_russian_lesson_reads_the_puzzle_files_as_its_english_original_does():
    """The lessons read '../puzzles/…' from their folder; notebooks/puzzles links there."""
    for folder in (REPO / "notebooks", REPO / "notebooks" / "ru"):
        assert (folder / ".." / "puzzles" / "fish" / "classics.txt").is_file()


def _steps(puzzle, lang):
    with i18n.using(lang):
        return [(h.kind, h.rule, tuple(h.cells), h.placement, tuple(h.exclusions), h.text)
                for h in puzzle.steps()]


DOMINOSA_FILES = sorted((REPO / "puzzles" / "dominosa").glob("d0[3-8]-*.txt"))


def test_the_dominosa_solver_explains_itself_in_russian_and_deduces_the_same():
    """Every step of the solver on the collection's grids (all four levels and the search
    fallback): the same deductions, cells and tiles in both languages; the Russian
    sentence is Russian, with every field filled in."""
    from dominolab.puzzles.dominosa import Dominosa

    rules = set()
    for path in DOMINOSA_FILES:
        p = Dominosa.load(path)
        en, ru = _steps(p, "en"), _steps(p, "ru")
        assert [s[:5] for s in en] == [s[:5] for s in ru], path.name
        for e, r in zip(en, ru):
            assert r[5] != e[5] and CYRILLIC.search(r[5]) and "{" not in r[5], (e[5], r[5])
            assert not re.search(r"\b(Tile|Cell|cells?|rule out)\b", r[5]), r[5]
        rules |= {s[1] for s in en}
    # the grids reach every kind of sentence the lessons show, up to the Extreme level
    assert {"only-place", "only-tile", "cell-one-tile", "tile-overlap", "local-duplicate",
            "set", "set-doubles", "search"} <= rules, rules


def test_a_dominosa_mistake_and_a_wrong_solution_are_explained_in_russian():
    from dominolab.errors import Unsolvable
    from dominolab.puzzles.dominosa import Dominosa, Partial, Solution
    from dominolab.puzzles.dominosa.values import Placement

    p = Dominosa.parse("3:03133223200023011112")
    wrong = Partial().place(((0, 1), (0, 2)))
    twice = [Placement(((0, 0), (0, 1)), (0, 3)), Placement(((0, 1), (1, 1)), (2, 3))]
    out = {}
    for lang in ("en", "ru"):
        with i18n.using(lang):
            h = p.hint(wrong)
            with pytest.raises(Unsolvable) as short:
                Solution(p, list(p.solve())[:-1])
            with pytest.raises(Unsolvable) as double:
                Solution(p, twice)
            out[lang] = (h.kind, h.placement, h.text, str(short.value), str(double.value))
    en, ru = out["en"], out["ru"]
    assert en[:2] == ru[:2] == ("mistake", Placement(((0, 1), (0, 2)), (1, 3)))
    assert en[2] == ("Tile 1:3 does not belong at (0,1)-(0,2): the solution pairs these cells "
                     "differently.")
    assert ru[2] == "Кость 1:3 не должна лежать на (0,1)-(0,2): в решении эти клетки соединены иначе."
    assert (en[3], ru[3]) == ("2 cells are not covered", "не накрыты 2 клетки")
    assert en[4] == "2:3 at (0,1)-(1,1): a cell is covered twice"
    assert ru[4] == "2:3 на (0,1)-(1,1): клетка накрыта дважды"


def test_a_sport_round_is_scored_the_same_and_explained_in_russian():
    from dominolab.games.solver import block_value
    from dominolab.puzzles.fish import load_fish

    fish = {p.name.split()[0]: p for p in load_fish(REPO / "puzzles" / "fish" / "classics.txt")}
    res = {}
    for lang in ("en", "ru"):
        with i18n.using(lang):
            g = fish["classic-01"].state()
            g.play("0:6>R")
            r = block_value(g)
            res[lang] = (r.pips, r.reason)
    assert res["en"][0] == res["ru"][0]
    assert res["en"][1] == "blocked: team 1 has fewer pips (49) and scores all 126"
    assert res["ru"][1] == "рыба: у команды 1 меньше очков (49), и она получает все 126"


def test_a_pair_of_numbers_is_judged_the_same_and_named_in_russian():
    """Exercise 07.1's answer (cells, times): the verdict names the part that is right."""
    verdicts = {}
    for lang in ("en", "ru"):
        with i18n.using(lang):
            e = exercise("07.1")
            verdicts[lang] = [(bool(c), str(c)) for c in
                              (e.check((110, 12)), e.check((1, 2)), e.check((110, 11)))]
    assert [ok for ok, _ in verdicts["en"]] == [ok for ok, _ in verdicts["ru"]] == [
        False, False, True]
    assert verdicts["en"][0][1].startswith("Not yet: cells right; times not yet.")
    assert verdicts["ru"][0][1].startswith(
        "Пока нет: число клеток — верно; число повторений — пока нет.")
    assert verdicts["ru"][1][1].startswith("Пока нет: оба числа неверны.")
    assert verdicts["ru"][2][1].startswith("Верно: (110, 11).")


def test_the_fish_solver_answers_the_same_in_both_languages():
    """Lesson 09's questions to the solver: the same values, moves and lines; the words
    are Russian under Russian."""
    from dominolab.games import solver
    from dominolab.games.solver import can_force_block
    from dominolab.puzzles.fish import load_fish

    fish = {p.name.split()[0]: p for p in load_fish(REPO / "puzzles" / "fish" / "fish-01.txt")}
    classic = {p.name.split()[0]: p
               for p in load_fish(REPO / "puzzles" / "fish" / "classics.txt")}
    out = {}
    for lang in ("en", "ru"):
        with i18n.using(lang):
            a = solver.solve(classic["classic-02"].state())
            b = can_force_block(fish["fish-11"].state())
            out[lang] = (a.value, a.best_moves, a.line, b.forced, b.tiles, b.line, str(a), str(b))
    en, ru = out["en"], out["ru"]
    assert en[:6] == ru[:6]
    assert re.findall(r"\d+", en[6]) == re.findall(r"\d+", ru[6])
    assert en[6].startswith("value ") and ru[6].startswith("цена ") and "лучшие ходы" in ru[6]
    assert en[7].startswith(f"can force a block in {en[4]} tiles: ")
    assert ru[7].startswith(f"может заставить рыбу за {ru[4]} костей: ")   # 5 костей


def test_a_russian_dominosa_board_speaks_russian_and_plays_the_same():
    from dominolab.widgets import DominosaBoard

    grid = "3:03133223200023011112"                  # lesson 07's grid
    ru, en = DominosaBoard(grid, lang="ru"), DominosaBoard(grid)
    assert i18n.get_language() == "en"               # the board's language stays with it
    for b in (ru, en):
        b.click(0, 1)
        b.click(0, 2)                                # 1:3 where it does not belong
        b.hint()
        b.check()
    assert ru.placed == en.placed and ru.wrong == en.wrong and ru.wrong
    assert ru.hint_shown["cells"] == en.hint_shown["cells"]
    assert ru.hint_shown["text"].startswith("Кость 1:3 не должна лежать на (0,1)-(0,2)")
    assert ru.status.startswith("Не согласуется с решением: 1 кость не на своём месте (1:3 на")
    assert en.status.startswith("Not consistent with the solution: 1 tile in the wrong place")
    assert ru.info.startswith("дубль-3: 4×5 клеток, 10 костей, уровень basic; код Тэтхэма")
    assert ru.words["Apply hint"] == "Применить подсказку" and en.words == {}
    assert ru.set_title == "Набор дубль-3 (10 костей)" and en.set_title == ""
    # a request from the page is answered in the board's language, and so is a refusal
    ru._on_message(ru, {"type": "undo"}, [])
    ru._on_message(ru, {"type": "undo"}, [])
    assert ru.error == "отменять нечего" and ru.placed == []
    ru._on_message(ru, {"type": "apply_hint"}, [])
    ru._on_message(ru, {"type": "check"}, [])
    assert ru.placed == [[1, 0, 1, 1]]               # 2:2, the only place of the lesson's hint
    assert ru.status.startswith("Пока всё верно: ваши 1 кость и 0 вычёркиваний согласуются")
    ru.solve()
    assert ru.solved and ru.status == "Решено: каждая кость набора дубль-3 лежит ровно один раз."
    with pytest.raises(UnknownLanguage, match="DominosaBoard lang"):
        DominosaBoard(grid, lang="xx")


def test_every_word_the_dominosa_page_writes_is_in_the_catalog():
    """static/dominosa_board.js looks up W("…") and F("…", …) in the board's words; each
    of those texts is one the board sends (and so one the catalog translates)."""
    from dominolab.widgets.dominosa_board import PAGE_WORDS

    js = (REPO / "dominolab" / "static" / "dominosa_board.js").read_text(encoding="utf-8")
    calls = re.findall(r'\b[WF]\(\s*((?:"[^"]*"\s*\+?\s*)+)', js)
    texts = {"".join(re.findall(r'"([^"]*)"', c)) for c in calls}
    assert len(texts) >= 40
    assert texts - set(PAGE_WORDS) == set()
    with i18n.using("ru"):
        assert all(CYRILLIC.search(i18n.tr(w)) for w in PAGE_WORDS)


def test_a_russian_solution_shows_the_answer_in_russian():
    """The key stays one (the teacher's pack, the checks), but a worked solution writes it
    in the lesson's language: a chosen option in Russian, a number with Russian spacing."""
    for sid, en_part, ru_part in (("09.2", "**(c) Cuban double-nine**",
                                   "**(c) кубинское домино дубль-девять**"),
                                  ("08.3", "**63,360**", "**63\u202f360**")):
        with i18n.using("en"):
            en = exercise(sid)
            en_text, en_key = en.solution_text(), en.key()
        with i18n.using("ru"):
            ru = exercise(sid)
            ru_text, ru_key = ru.solution_text(), ru.key()
        assert en_key == ru_key
        assert en_part in en_text and ru_part in ru_text and en_part not in ru_text


def test_parse_errors_speak_russian_and_keep_their_english():
    """A tile, a hand, a set: the same refusal (the same error class and position) in both
    languages, the English wording unchanged, the Russian one Russian."""
    from dominolab import DominoSet, Hand, Tile
    from dominolab.errors import DominoError

    cases = [lambda: Tile.parse("3;5"), lambda: Tile.parse(""), lambda: Tile.parse("7"),
             lambda: Tile.parse("3:"), lambda: Tile.parse("[3:5"), lambda: Tile.parse("3:5x"),
             lambda: Tile.parse("l:5"), lambda: Tile.parse("99999:1"), lambda: Tile(-1, 2),
             lambda: Tile(1.5, 2), lambda: Tile(3, 5).other(4), lambda: Tile(7, 8).glyph(),
             lambda: Hand.parse("0:1 2:x"), lambda: Hand([(1, 2, 3)]), lambda: DominoSet(-1),
             lambda: DominoSet(1000), lambda: DominoSet(20, locomotives=True)]
    for make in cases:
        out = {}
        for lang in ("en", "ru"):
            with i18n.using(lang), pytest.raises(DominoError) as err:
                make()
            out[lang] = (type(err.value), getattr(err.value, "position", None), str(err.value))
        (en_type, en_pos, en), (ru_type, ru_pos, ru) = out["en"], out["ru"]
        assert (en_type, en_pos) == (ru_type, ru_pos), en
        assert not CYRILLIC.search(en) and CYRILLIC.search(ru), (en, ru)
        assert re.findall(r"\d+", en) == re.findall(r"\d+", ru) or "3:5" in en, (en, ru)
    with i18n.using("en"), pytest.raises(DominoError) as err:
        Hand.parse("0:1 2:x")
    assert str(err.value) == "cannot read tile 2 ('2:x' at position 4): 'x' is not a number"
    with i18n.using("ru"), pytest.raises(DominoError) as err:
        Hand.parse("0:1 2:x")
    assert str(err.value) == "не удаётся прочитать кость 2 ('2:x' на позиции 4): 'x' — не число"


def test_picture_names_and_the_best_train_speak_russian():
    from dominolab.chains import best_train
    from dominolab.render import tile_svg
    from dominolab.render.skins import SKINS, get_skin, half_svg, picture_words

    animals = get_skin("animals")
    with i18n.using("ru"):
        names = {s: [s_.name_of(k) for k in range(7)] for s, s_ in SKINS.items()}
        svg = tile_svg((3, 5), skin="animals")
        half = half_svg(animals, 5, 0, 0, 40)
        said = picture_words("P1 0:0", animals)
        summary = best_train("12:7 7:3 3:3 3:12 9:9 7:9 1:2", 12).summary()
        titles = [s.title_words() for s in SKINS.values()]
    assert names["animals"][3] == "кот" and names["colours"][4] == "синий ромб"
    assert all(CYRILLIC.search(n) for ns in names.values() for n in ns)
    assert all(len(set(ns)) == 7 for ns in names.values())      # seven different names
    assert all(CYRILLIC.search(t) for t in titles)
    assert 'aria-label="domino кот | рыба"' in svg or "кот | рыба" in svg
    # the picture's identity stays English (the page and the tests find it by it)
    assert 'data-picture="fish"' in half and "<title>рыба</title>" in half
    assert said == "P1 улитка | улитка"
    assert summary == "ваш лучший поезд от 12: 5 костей, 65 очков"
    with i18n.using("en"):
        assert best_train("12:7 7:3 3:3 3:12 9:9 7:9 1:2", 12).summary() == \
            "your best train from 12: 5 tiles, 65 pips"
        assert animals.tile_name(3, 5) == "cat | fish"


def test_a_russian_children_board_speaks_russian_in_pictures():
    from dominolab.widgets import GameBoard

    ru = GameBoard("classic", players=2, human=0, skin="animals", mode="children", lang="ru",
                   seed=3, delay=0)
    en = GameBoard("classic", players=2, human=0, skin="animals", mode="children", seed=3,
                   delay=0)
    v, w = ru.view, en.view
    assert v["log"] == [] or len(v["log"]) == len(w["log"])
    assert [t["a"] for t in v["hand"]] == [t["a"] for t in w["hand"]]
    assert all(CYRILLIC.search(t["label"]) and CYRILLIC.search(t["name"]) for t in v["hand"])
    assert CYRILLIC.search(v["ends_text"]) and not CYRILLIC.search(w["ends_text"])
    if v["my_turn"]:
        assert v["turn_text"].startswith("Твой ход: ")


def test_lines_of_tiles_are_judged_the_same_and_explained_in_russian(capsys):
    """The chain command and the engine's reasons: the same verdict and the same numbers
    in both languages, and every sub-command's one-line help in Russian."""
    from dominolab import chains
    from dominolab.errors import DominoError

    for tiles, start, end in (("0:1 1:2", None, None), ("0:1 3:4", None, None),
                              ("0:1 1:2 2:3 3:4 4:0 0:2", None, None), ("0:1 1:2", 5, None),
                              ("0:1 1:2", 1, None), ("0:0 0:1 1:1", 0, 1),
                              ("0:1 1:2 2:0", 0, 2)):
        with i18n.using("en"):
            en = chains.can_chain(tiles, start, end)
        with i18n.using("ru"):
            ru = chains.can_chain(tiles, start, end)
            ru_text = str(ru)
        assert (en.ok, en.odd, en.ends) == (ru.ok, ru.odd, ru.ends)
        assert CYRILLIC.search(ru_text) and ru_text.startswith(("Да: ", "Нет: "))
        assert sorted(re.findall(r"\d+", str(en))) == sorted(re.findall(r"\d+", ru_text))
    with i18n.using("ru"):
        assert str(chains.can_finish("1:2", "0:1 2:3 3:0 4:4")) == \
            "Нет: до 4:4 от цепочки не добраться"
        with pytest.raises(DominoError, match="не примыкает к кости 1"):
            chains.Chain.parse("1:2 3:4")
    ru = _run(capsys, "--lang", "ru", "chain", "0:1 1:2 2:0")
    assert ru == ("цепочка из 3 костей: 0:1 1:2 2:0\n"
                  "открытые концы: 0 и 0 (они совпадают: цепочка замыкается в кольцо)\n")
    assert _run(capsys, "chain", "0:1 1:2 2:0").startswith("a line of 3 tiles: 0:1 1:2 2:0\n")
    assert main(["--lang", "ru", "--help"]) == 0
    listed = capsys.readouterr().out.split("positional arguments:")[1].split("options:")[0]
    helps = [line.split(None, 1)[1] for line in listed.splitlines()
             if len(line.split(None, 1)) == 2 and line.startswith("    ")]
    assert len(helps) >= 14 and all(CYRILLIC.search(h) for h in helps), helps


def test_the_cross_games_and_the_round_line_speak_russian():
    """The arms of a cross, the fives and the one-line result of a round: Russian under
    Russian, the English wording unchanged, the same numbers."""
    from dominolab import games
    from dominolab.games import bots
    from dominolab.games.moves import Move
    from dominolab.widgets import GameBoard
    from dominolab.widgets.game_text import move_label

    with i18n.using("ru"):
        labels = [move_label(Move.parse(m)) for m in ("3:3>N+5:5>E", "6:6>S!", "3:3>N!+5:5>E")]
    assert labels == ["3:3 на север и 5:5 на восток, оба открыты",
                      "южная сторона, и закрыть дубль",
                      "3:3 на север (закрыт) и 5:5 на восток (открыт)"]
    assert move_label(Move.parse("3:3>N+5:5>E")) == "3:3 on north and 5:5 on east, both open"
    ru = GameBoard("telefon", lang="ru", human=None, seed=4, delay=0)
    en = GameBoard("telefon", human=None, seed=4, delay=0)
    for b in (ru, en):
        b.autoplay("round_end")
    assert ru.view["log"] == en.view["log"]
    assert ru.view["fives"]["text"].startswith("Пятёрки в этом коне: ")
    assert en.view["fives"]["text"].startswith("Fives this round: ")
    assert re.findall(r"\d+", ru.view["fives"]["text"]) == re.findall(r"\d+", en.view["fives"]["text"])
    assert any(line.startswith("Очки за пятёрки за кон: ") for line in ru.view["panel"]["lines"])
    out = {}
    for lang in ("en", "ru"):
        with i18n.using(lang):
            g = games.new_game("kozel", seed=3)
            out[lang] = str(games.play_out(g, [bots.HeuristicBot(seed=s) for s in range(4)]))
    assert out["en"].startswith("out: team 1 wins; penalties per team [0, 19]. ")
    assert out["ru"].startswith("выход: выиграла команда 1; штрафные очки команд [0, 19]. ")


@pytest.mark.parametrize("variant,seed", [("classic", 5), ("morskoy_kozel", 4), ("general", 6),
                                          ("semyorka", 1), ("cuban", 2), ("telefon", 6),
                                          ("muggins", 8), ("checheve", 12), ("osyol", 7)])
def test_every_variants_round_is_explained_in_russian_and_scored_the_same(variant, seed):
    """The rules notebook's example rounds: the same result in both languages, the reason
    Russian under Russian (and English under English)."""
    from dominolab import games
    from dominolab.games import bots

    out = {}
    for lang in ("en", "ru"):
        with i18n.using(lang):
            g = games.new_game(variant, seed=seed)
            r = games.play_out(g, [bots.HeuristicBot(seed=s) for s in range(g.players)])
            out[lang] = (r.end, r.winning_team, r.team_points, r.pips, [str(m) for m in g.history],
                         r.reason, str(r))
    en, ru = out["en"], out["ru"]
    assert en[:5] == ru[:5]
    assert CYRILLIC.search(ru[5]) and not CYRILLIC.search(en[5]), (en[5], ru[5])
    assert re.findall(r"\d+", en[6]) == re.findall(r"\d+", ru[6]), (en[6], ru[6])


def test_lessons_14_to_16_are_in_russian_with_russian_outputs_stored():
    """The Russian lessons 14-16 exist, and their stored outputs (what nbval compares) show
    the exercises, the recurrences, the Bayes table, the experiment and the pictures' names
    in Russian, numbers written the Russian way."""
    for name, words in (
            ("14-recurrences-and-the-aztec-diamond.ipynb",
             ("Задача 14.1", "при n ≥ 2, начиная с a(0) = 1", "хи-квадрат",
              "замощение ацтекского бриллианта порядка 60")),
            ("15-what-a-pass-tells-you.ipynb",
             ("Задача 15.1", "3:5 в руке у P2: априорная вероятность 5/16",
              "оставленных раздач (всего розданных 20\u202f000)", "до и после пасов")),
            ("16-games-and-strategy.ipynb",
             ("Задача 16.1", "доска 4×4 для крама", "ходы Левого (вертикальные)"))):
        nb = json.loads((REPO / "notebooks" / "ru" / name).read_text(encoding="utf-8"))
        stored = json.dumps([c.get("outputs", []) for c in nb["cells"]], ensure_ascii=False)
        assert all(w in stored for w in words), (name, [w for w in words if w not in stored])
        assert "Traceback" not in stored and '"output_type": "error"' not in stored, name


def test_the_words_of_lessons_14_to_16_speak_russian_and_compute_the_same():
    from fractions import Fraction

    from dominolab import Tile
    from dominolab.games.bayes import bayes_table, beliefs, estimate_by_rejection, hand_problem
    from dominolab.games.combinatorial import Board, play
    from dominolab.render.aztec import aztec_svg, composition_gallery_svg
    from dominolab.render.bayes import beliefs_svg
    from dominolab.render.game_boards import board_svg
    from dominolab.teach.answers import Approx
    from dominolab.teach.course.l15_passes import view
    from dominolab.teach.witnesses_strategy import blocked_line_witness, cram_reply_witness
    from dominolab.teach.witnesses_tilings import fault_free_witness
    from dominolab.tilings import random_aztec_tiling, recurrence

    def both(make):
        with i18n.using("en"):
            en = make()
        with i18n.using("ru"):
            ru = make()
        return en, ru

    en, ru = both(lambda: str(recurrence(3, step=2)))
    assert en == "a(k) = 4·a(k−1) − a(k−2) for k ≥ 2, from a(0) = 1, a(1) = 3"
    assert ru == "a(k) = 4·a(k−1) − a(k−2) при k ≥ 2, начиная с a(0) = 1, a(1) = 3"
    en, ru = both(lambda: (bayes_table(view(), 1, Tile(3, 5)),
                           str(bayes_table(view(), 1, Tile(3, 5)))))
    assert en[0].posterior == ru[0].posterior == Fraction(1, 2)
    assert "posterior 1/2" in en[1] and "апостериорная вероятность 1/2" in ru[1]
    en, ru = both(lambda: str(estimate_by_rejection(view(), 1, Tile(3, 5), trials=3000,
                                                    seed=15)))
    assert en.split()[::2][:2] == ru.split()[::2][:2] and "kept deals (3000 dealt)" in en
    assert "(всего розданных 3\u202f000)" in ru and "," in ru.split(": ")[1]
    en, ru = both(lambda: hand_problem(view(), 3, "0:0 0:1 0:2 0:4 0:6 1:1 3:4"))
    assert en == "3:4 shows 3, and P4 passed on 3: he holds no tile with a 3"
    assert ru == "на 3:4 есть 3, а P4 спасовал на 3: у него нет ни одной кости с 3"
    en, ru = both(lambda: hand_problem(view(), 3, "0:0 0:1"))
    assert ru == "это 2 кости; у P4 костей: 7" and en == "that is 2 tiles; P4 holds 7"
    en, ru = both(lambda: beliefs_svg(beliefs(view())))
    assert "после пасов" in ru and "кость 0-0" in ru and "after the passes" in en
    assert ru.count("<rect") == en.count("<rect")
    en, ru = both(lambda: aztec_svg(random_aztec_tiling(3, seed=1)))
    assert "ацтекского бриллианта порядка 3" in ru and ru.count("<path") == en.count("<path")
    assert CYRILLIC.search(both(lambda: composition_gallery_svg(4))[1])
    en, ru = both(lambda: board_svg(Board.rectangle(2, 3)))
    assert "доска 2×3 для доминирования" in ru and "a 2×3 domineering" not in ru
    # the verdicts change their words, never whether an answer is right
    for make, answer in ((lambda: fault_free_witness(3, 4), "AABB\nCCDD\nEEFF"),
                         (lambda: cram_reply_witness(Board.rectangle(4, 4, "cram"),
                                                     ((0, 0), (0, 1))), "(0,0)-(0,1)"),
                         (lambda: blocked_line_witness(13), "0:1 1:2"),
                         (lambda: Approx(Fraction(1, 2), Fraction(5, 100)), Fraction(1, 10))):
        en, ru = both(lambda: make().judge(answer, 0))
        assert en.ok == ru.ok is False and CYRILLIC.search(str(ru)), str(ru)
    en, ru = both(lambda: Approx(Fraction(1, 2), Fraction(5, 100)).judge(0.52, 0))
    assert en.ok and ru.ok and "0,5200" in str(ru) and "0.5200" in str(en)
    en, ru = both(lambda: play("cram", 4, 4).move("(1,1)-(1,2)"))
    assert en.board == ru.board and ru.status.startswith("Вы сходили (1, 1)-(1, 2)")


#: For each sub-command, phrases of its English ``--help`` (description or option help).
_HELP_PHRASES = {
    ("set",): ["list the tiles, one suit per row"],
    ("analyse",): ["the worst three", "whose moves"],
    ("chain",): ["show its open ends", "the line must start with this number"],
    ("count",): ["never floats", "tilings of a region drawn in a text file"],
    ("deal-probability",): ["Exact probability that a hand", "tiles in the hand"],
    ("dominosa",): ["solve a puzzle file or a Tatham game ID"],
    ("dominosa", "generate"): ["the grade the puzzle must have"],
    ("fish",): ["answer every puzzle of a fish puzzle file"],
    ("fish", "fastest"): ["the search stops after", "four-arm cross"],
    ("paigow",): ["the Casino Canberra house way"],
    ("paigow", "table"): ["expected values as exact fractions", "on the player's wins"],
    ("play",): ["Play against bots", "random seed of the deals and the bots"],
    ("simulate",): ["invariants are checked", "rounds to play"],
    ("tiengow",): ["the trick-taking game of Chinese dominoes"],
    ("tiengow", "simulate"): ["skip the invariant checks", "last single-tile trick"],
    ("tournament",): ["duplicate play", "deals per pair of bots"],
    ("triominoes",): ["the triangular dominoes"],
    ("triominoes", "set"): ["every tile and its mirror image"],
    ("worksheet",): ["lesson number", "print to PDF with Chromium"],
    ("pack",): ["HTML for printing instead of Markdown", "the folder to write to"],
}


def _sub_parsers(parser, path=()):
    """Every (sub-)command's parser under ``parser``, with its path of names."""
    import argparse
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _sub_parsers(sub, (*path, name))


@pytest.mark.parametrize("path", sorted(_HELP_PHRASES))
def test_every_sub_commands_help_is_russian_and_its_english_unchanged(capsys, path):
    """`dominolab --lang ru SUB --help` has Russian words and none of the English help's
    phrases; the English help still says them, with no Russian in it."""
    assert main(["--lang", "ru", *path, "--help"]) == 0
    ru = capsys.readouterr().out
    body = ru.split("\n", 1)[1]               # past argparse's usage line
    assert CYRILLIC.search(body), ru
    assert main([*path, "--help"]) == 0
    en = capsys.readouterr().out
    assert not CYRILLIC.search(en), en
    flat_en, flat_ru = " ".join(en.split()), " ".join(ru.split())
    for phrase in _HELP_PHRASES[path]:
        assert phrase in flat_en, (path, phrase)
        assert phrase not in flat_ru, (path, phrase)


def test_every_description_and_option_help_of_every_sub_command_is_russian():
    """Each parser's description and each argument's help text (but argparse's own
    ``-h``) has Russian words under ``--lang ru``, and none in English."""
    import argparse

    from dominolab.cli import build_parser
    for lang in ("ru", "en"):
        with i18n.using(lang):
            texts = []
            for path, parser in _sub_parsers(build_parser()):
                if parser.description:
                    texts.append((path, parser.description))
                texts += [(path, a.help) for a in parser._actions
                          if a.help and a.help is not argparse.SUPPRESS
                          and not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]
            assert len(texts) > 100
            for path, text in texts:
                assert bool(CYRILLIC.search(text)) == (lang == "ru"), (lang, path, text)
    assert {p[:1] for p in _HELP_PHRASES} >= {
        p[:1] for p, _ in _sub_parsers(build_parser()) if p}, "a sub-command without phrases"


def test_a_deal_probability_is_explained_in_russian_and_computes_the_same(capsys):
    """The event, the count, the probability and the table line in Russian, with the
    same figures as the English answer."""
    argv = ["deal-probability", "no_double", "--players", "4", "--trials", "500"]
    assert main(argv) == 0
    en = capsys.readouterr().out
    assert main(["--lang", "ru", *argv]) == 0
    ru = capsys.readouterr().out
    assert "the hand holds no double" in en and "hands of 7" in en
    assert "в руке нет ни одного дубля" in ru and "вероятность 323/3289" in ru
    assert not re.search(r"\b(hands|probability|simulated|about)\b", ru), ru
    assert re.findall(r"\d+/\d+|\d+\.\d+", en) == re.findall(r"\d+/\d+|\d+\.\d+", ru)


def test_the_simulations_report_in_russian_with_the_same_figures(capsys):
    """`simulate` and `tiengow simulate` print their summaries in Russian (a plural
    form of «кон» per seat), with the same numbers as the English run."""
    for argv in (["simulate", "sport", "--rounds", "6"], ["tiengow", "simulate", "--rounds", "3"]):
        assert main(argv) == 0
        en = capsys.readouterr().out
        assert main(["--lang", "ru", *argv]) == 0
        ru = capsys.readouterr().out
        assert "rounds" in en and "invariant" in en
        assert not re.search(r"\b(rounds?|moves|invariants?|violations?|score)\b", ru), ru
        assert "конов" in ru and CYRILLIC.search(ru)
        # the figures agree, but the rate (rounds/s) which depends on the machine
        figures = [re.sub(r"\d+ (rounds/s|конов/с)", "", t) for t in (en, ru)]
        assert re.findall(r"[+-]?\d+", figures[0]) == re.findall(r"[+-]?\d+", figures[1])


def test_the_fish_command_frames_its_answers_in_russian(capsys):
    """`fish solve` prints its frame (who moves, the table, the file's verdict, the
    tally with a plural form) in Russian; the puzzles' own fields stay as in the file."""
    argv = ["fish", "solve", str(REPO / "puzzles" / "fish" / "fish-01.txt")]
    assert main(argv) == 0
    en = capsys.readouterr().out
    assert main(["--lang", "ru", *argv]) == 0
    ru = capsys.readouterr().out
    assert "to move, question:" in en and "agree with the file" in en
    assert "ходит P" in ru and "на столе:" in ru and "с файлом совпадают" in ru
    assert not re.search(r"to move|question:|table:|file says|agree with", ru), ru
    assert len(ru.splitlines()) == len(en.splitlines())


def test_every_picture_names_itself_and_its_parts_in_russian():
    """The accessible names (``aria-label``) and titles a screen reader reads: in a Russian
    lesson each says in Russian what it shows, with the same numbers as in English."""
    from dominolab import DominoSet
    from dominolab.games import new_game
    from dominolab.puzzles.dominosa import Dominosa
    from dominolab.render import chain_svg, hand_svg, set_svg
    from dominolab.render.chains import chain_picture, graph_picture
    from dominolab.render.dominosa import grid_svg
    from dominolab.render.table import table_svg
    from dominolab.render.triominoes import triomino_set_svg, triomino_svg
    from dominolab.triominoes import Triomino
    from dominolab.widgets import SetExplorer

    puzzle = Dominosa.parse("2:201101222100")
    cross = new_game("osyol", seed=4)
    cross.play(cross.legal_moves()[0])
    line = new_game("sport", seed=1)
    line.play(line.legal_moves()[0])

    def pictures():
        return {"hand": str(hand_svg([(1, 2), (3, 4), (5, 5)])), "one": str(hand_svg([(1, 2)])),
                "set": str(set_svg(DominoSet(3))), "line": str(chain_svg([(1, 2), (2, 3)])),
                "empty": str(chain_picture([])), "graph": str(graph_picture("0:1 1:2 2:2")),
                "grid": str(grid_svg(puzzle, solution=puzzle.solve())),
                "cross": str(table_svg(cross)), "table": str(table_svg(line)),
                "triomino": str(triomino_svg(Triomino(0, 0, 1))),
                "triominoes": str(triomino_set_svg([Triomino(0, 0, 1), Triomino(0, 1, 2)])),
                "still": SetExplorer()._repr_mimebundle_()[0]["text/html"]}

    names = re.compile(r'(?:aria-label="([^"]*)"|<title>([^<]*)</title>)')
    with i18n.using("ru"):
        ru = pictures()
    with i18n.using("en"):
        en = pictures()
    for what, svg in ru.items():
        said = [a or b for a, b in names.findall(svg)]
        assert said, what
        english = [s for s in said if re.search(r"[A-Za-z]{3,}", s) and not CYRILLIC.search(s)]
        assert not english, (what, english)
        assert [re.findall(r"\d+", s) for s in said] == \
            [re.findall(r"\d+", a or b) for a, b in names.findall(en[what])], what
    assert 'aria-label="3 кости"' in ru["hand"] and 'aria-label="1 кость"' in ru["one"]
    assert "набор дубль-3, 10 костей" in ru["set"] and "Запустите эту ячейку" in ru["still"]
    assert 'aria-label="3 dominoes"' in en["hand"] and 'aria-label="1 domino"' in en["one"]
