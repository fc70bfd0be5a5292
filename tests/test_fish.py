"""Fish puzzles: the file format, the collection's verified answers, the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominolab.cli import main
from dominolab.errors import DominoError, InvalidPosition, ParseError
from dominolab.puzzles.fish import EXAMPLE, format_fish, load_fish, parse_fish

from .test_solver import _reference_force, _side_ref

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "puzzles" / "fish").glob("*.txt"))
PUZZLES = [p for f in FILES for p in load_fish(f)]


def test_collection_size():
    assert len(PUZZLES) >= 20
    assert {p.question for p in PUZZLES} == {"value", "best", "block"}
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("p", PUZZLES, ids=[p.name.split()[0] for p in PUZZLES])
def test_every_stated_answer_is_the_solvers(p):
    assert p.answer is not None and p.check(), (p.name, p.answer, p.solve().text)


@pytest.mark.parametrize("p", [p for p in PUZZLES if sum(len(h) for h in p.hands) <= 13],
                         ids=lambda p: p.name.split()[0])
def test_small_puzzles_against_brute_force(p):
    """Independent answers: plain minimax / plain AND-OR search on the engine."""
    g = p.state()
    side = g.teams[g.team_of[g.current_player]]
    if p.question == "value":
        assert int(p.answer) == _side_ref(g, side)
    elif p.question == "best":
        vals = {}
        for m in g.legal_moves():
            g.play(m)
            vals[m.body()] = _side_ref(g, side) if not g.is_over() else _payoff(g, side)
            g.undo()
        best = max(vals.values())
        assert sorted(p.answer.split()) == sorted(k for k, v in vals.items() if v == best)
    else:
        total = sum(len(h) for h in p.hands)
        if p.within is not None:
            assert (p.answer == "yes") == _reference_force(g, side, p.within)
        elif p.answer == "no":
            assert not _reference_force(g, side, total)
        else:
            n = int(p.answer.split()[-1])
            assert _reference_force(g, side, n) and not _reference_force(g, side, n - 1)


def _payoff(g, side):
    from .test_solver import payoff

    return payoff(g, side)


def test_format_round_trips():
    for p in PUZZLES:
        assert parse_fish(format_fish(p))[0] == p


def test_table_orientation_and_mirror():
    # a line written high:low everywhere is laid mirrored; the open numbers are the same
    text = EXAMPLE.replace("table: 5:5 5:1", "table: 6:4 4:1")
    p = parse_fish(text)[0]
    ends = sorted(k for _, k in p.state().open_ends())
    assert ends == [1, 6]
    p2 = parse_fish(EXAMPLE.replace("table: 5:5 5:1", "table: 1:4 4:6"))[0]
    assert sorted(k for _, k in p2.state().open_ends()) == [1, 6]


@pytest.mark.parametrize("bad, err, match", [
    ("table: 5:5 4:1", ParseError, "does not touch"),
    ("table: 5:5 5:9", ParseError, "5:9 is not a tile of the double-6 set"),
    ("variant: chess", ParseError, "unknown variant"),
    ("to move: P9", ParseError, "to move"),
    ("question: who wins", ParseError, "question must be"),
    ("colour: red", ParseError, "unknown key"),
])
def test_parse_errors_name_the_problem(bad, err, match):
    key = bad.split(":")[0]
    lines = [ln for ln in EXAMPLE.splitlines() if not ln.startswith(key + ":")]
    text = "\n".join(lines[:2] + [bad] + lines[2:])
    with pytest.raises(err, match=match):
        parse_fish(text)


@pytest.mark.parametrize("old, new, match", [
    ("answer: -11", "answer: lots", "written as a whole number"),
    ("answer: -11", "answer:", "written as a whole number"),
    ("question: value\nanswer: -11", "question: block\nanswer: maybe", "'yes in N' or 'no'"),
    ("question: value\nanswer: -11", "question: block within 3\nanswer: yes in 3",
     "'yes in N' or 'no'"),
    ("to move: P1", "to move: P1\nplayers: 3", "'players: 3' but 4 hands"),
    ("P1: 1:2 3:3", "P0: 1:2 3:3", "numbered from P1"),
    ("P1: 1:2 3:3", "P01: 1:2 3:3\nP1: 1:2 3:3", "P1 given twice"),
    ("[fish-00 Example]", "[fish-00 Example", "header is written"),
])
def test_bad_fields_name_the_line(old, new, match):
    with pytest.raises(ParseError, match=match):
        parse_fish(EXAMPLE.replace(old, new))


def test_answers_and_files(tmp_path):
    import dataclasses

    from dominolab.errors import NoSuchFile

    p = parse_fish(EXAMPLE)[0]
    assert parse_fish(EXAMPLE.replace("to move: P1", "to move: P1\nplayers: 4"))[0] == p
    assert parse_fish(EXAMPLE.replace("answer: -11", "answer: -11  # the line below"))[0] == p
    with pytest.raises(ParseError, match="not a whole number"):
        dataclasses.replace(p, answer="lots").check()
    with pytest.raises(NoSuchFile, match="no such puzzle file"):
        load_fish(tmp_path / "missing.txt")
    with pytest.raises(NoSuchFile, match="cannot read"):
        load_fish(tmp_path)
    two = parse_fish(EXAMPLE + "\n" + EXAMPLE)
    assert [q.line_no for q in two] == [1, 12] and two[0] == two[1]


def test_malformed_positions():
    with pytest.raises(InvalidPosition, match="on the table and in"):
        parse_fish(EXAMPLE.replace("P1: 1:2 3:3", "P1: 1:2 5:5"))[0].state()
    with pytest.raises(DominoError, match="both in"):
        parse_fish(EXAMPLE.replace("P1: 1:2 3:3", "P1: 1:2 4:4"))[0].state()
    with pytest.raises(DominoError, match="played by 4 players"):
        parse_fish(EXAMPLE.replace("P4: 4:4 1:3\n", ""))[0].state()
    with pytest.raises(ParseError, match="given twice"):
        parse_fish(EXAMPLE + "P1: 6:6\n")
    with pytest.raises(ParseError, match="header"):
        parse_fish("variant: sport\n")
    blocked = EXAMPLE.replace("table: 5:5 5:1", "table: 1:5 5:5 5:6 6:1")
    blocked = blocked.replace("P1: 1:2 3:3", "P1: 2:3 3:3").replace("P2: 2:4 0:1", "P2: 2:4 0:2")
    blocked = blocked.replace("P3: 0:0 5:6", "P3: 0:0 2:2").replace("P4: 4:4 1:3", "P4: 4:4 0:3")
    with pytest.raises(InvalidPosition, match="already blocked"):
        parse_fish(blocked)[0].state()


def test_cli_solves_the_collection(capsys):
    path = ROOT / "puzzles" / "fish" / "fish-01.txt"
    assert main(["fish", "solve", str(path), "--name", "fish-0"]) == 0
    out = capsys.readouterr().out
    assert "agree with the file" in out and "DIFFERENT" not in out


def test_cli_reports_a_wrong_answer(tmp_path, capsys):
    f = tmp_path / "wrong.txt"
    f.write_text(EXAMPLE.replace("answer: -11", "answer: +3"))
    assert main(["fish", "solve", str(f)]) == 1
    assert "DIFFERENT" in capsys.readouterr().out
    assert main(["fish", "solve", str(tmp_path / "missing.txt")]) == 2
