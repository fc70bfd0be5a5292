"""The command line: counts, errors and exit codes."""

import pytest

from dominolab.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_set_and_simple_counts(capsys):
    assert run(capsys, "set", "6") == (0, "double-6 set: 28 tiles, 168 pips\n", "")
    assert run(capsys, "count", "tiles", "12")[1] == "91\n"
    assert run(capsys, "count", "pips", "6")[1] == "168\n"


def test_count_lines_anchor(capsys):
    # Reiss (1871): 7,959,229,931,520 lines of all 28 double-six tiles.
    assert run(capsys, "count", "lines", "6")[1] == "7959229931520\n"
    assert run(capsys, "count", "lines", "5")[1] == "0\n"


def test_count_tilings(capsys, tmp_path):
    assert run(capsys, "count", "tilings", "8x8")[1] == "12988816\n"
    board = tmp_path / "mutilated.txt"
    board.write_text(".#######\n" + "########\n" * 6 + "#######.\n")
    code, out, _ = run(capsys, "count", "tilings", "--region", str(board))
    assert code == 0 and out.startswith("0\nwhy none:")


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["count", "tilings", "8by8"], "ROWSxCOLS"),
        (["count", "rings", "six"], "whole number"),
        (["count", "rings"], "needs N"),
        (["count", "tilings", "--region", "/nonexistent/board.txt"], "cannot read the region file"),
        (["simulate", "kozel", "--rounds", "-3"], "1 or more"),
        (["play", "nosuch"], "unknown variant"),
    ],
)
def test_errors_are_one_line_and_exit_2(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("dominolab: error:") and fragment in err and err.count("\n") == 1


def test_dominosa_sheet_prints_two_pages(capsys, tmp_path):
    out = tmp_path / "sheet.html"
    code, text, _ = run(capsys, "dominosa", "sheet", "--count", "2", "--n", "3", "--out", str(out))
    assert code == 0 and "2 double-3" in text
    html = out.read_text()
    assert html.count('<div class="page">') == 2 and "break-after:page" in html
    assert 'viewBox="0 0 595 842"' in html and 'viewBox="0 842 595 842"' in html
