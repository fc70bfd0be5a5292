"""A regression test for every reproducer of the front-door issue: each gives a DominoError
(or, on the command line, one line and exit status 2), never a raw Python exception or a
hang, and nothing the user wrote is silently dropped."""

from __future__ import annotations

import json
import math

import pytest

from dominolab import DominoSet, Hand, Tile, chains, tilings
from dominolab import combinatorics as C
from dominolab.errors import DominoError, OverLimit, ParseError, UnknownOption
from dominolab.games import Match, Move, Record, SamplingBot, bots, fastest_block, new_game
from dominolab.limits import MAX_N, read_int
from dominolab.puzzles.dominosa import Dominosa
from dominolab.puzzles.dominosa.formats import parse_solution
from dominolab.puzzles.fish import EXAMPLE, format_fish, parse_fish

from .fuzz_front_door import run_cli


@pytest.mark.parametrize("call", [
    lambda: Tile.parse("3:²"), lambda: Tile.parse("⁰:0"), lambda: Tile.parse("1:1⑤"),
    lambda: Tile.parse("٣:5"), lambda: Tile.parse("9" * 5000 + ":1"),
    lambda: Tile.parse("3:101"), lambda: Tile(3, MAX_N + 1),
    lambda: Dominosa.parse("9" * 5000 + ":00"), lambda: Dominosa.parse("9" * 5000 + " 0\n0 0"),
    lambda: Move.parse("P" + "9" * 5000 + " 1:1"), lambda: Move.parse("P1 3:5>"),
    lambda: Move("jump"), lambda: DominoSet(6)["1:2"], lambda: len(DominoSet(10 ** 10)),
    lambda: Tile.from_index(10 ** 400), lambda: Hand(5), lambda: SamplingBot(samples=0),
    lambda: parse_solution("vv\n^", 2, 2), lambda: DominoSet(10 ** 9).tiles,
    lambda: DominoSet(10 ** 5).suit(0), lambda: new_game("classic", set_max=3000),
    lambda: new_game("classic", target="x"), lambda: new_game("semyorka", pairs=True),
    lambda: new_game("checheve", pairs=True), lambda: fastest_block(MAX_N),
    lambda: tilings.parse_size("9" * 5000 + "x1"), lambda: read_int("²", "n"),
    lambda: C.multiset_count(10 ** 9, 10 ** 9), lambda: bots.make_bot(["x"]),
])
def test_reproducers_raise_domino_errors(call):
    with pytest.raises(DominoError):
        call()


def test_dominoset_index_reads_text_and_longest_chain_has_no_recursion_limit():
    assert DominoSet(6).index("1:2") == DominoSet(6).index(Tile(1, 2)) == 8
    line = chains.longest_chain(DominoSet(50).tiles[1:])      # 1,325 tiles, deeper than 1,000
    assert len(line) == DominoSet(50).size - 1
    with pytest.raises(OverLimit, match="search steps"):
        chains.longest_chain("0:1 1:2 2:3 3:0 0:2 1:3 4:5 5:6 6:4 4:7 7:8 8:6", max_nodes=5)


def test_fastest_block_is_bounded_and_reports_progress():
    seen = []
    with pytest.raises(OverLimit, match="search steps"):
        fastest_block(8, max_nodes=20_000, progress=seen.append)
    assert seen and seen[0] == 10_000
    assert fastest_block(4).tiles == 7


def test_deal_counts_refuse_work_beyond_their_budget(monkeypatch):
    # the budget's mechanism on a small budget (the real one takes seconds to reach: the
    # slow test below); a count within it is still exact
    from dominolab.combinatorics import deals
    monkeypatch.setattr(deals, "MAX_PROFILE_WORK", 20_000)
    with pytest.raises(C.TooLarge, match="20,000 steps"):
        C.deal_probability("all_doubles", n=MAX_N, hand_size=40)
    deals._profile.cache_clear()
    assert sum(deals.hand_profile(7, 6).values()) == math.comb(28, 7)


@pytest.mark.slow
def test_deal_counts_refuse_work_beyond_their_real_budget():
    from dominolab.combinatorics.deals import MAX_PROFILE_WORK
    with pytest.raises(C.TooLarge, match=f"{MAX_PROFILE_WORK:,}"):
        C.deal_probability("all_doubles", n=MAX_N, hand_size=40)


@pytest.mark.parametrize("variant", ["kozel", "sport", "classic", "osyol", "morskoy_kozel"])
def test_pairs_score_two_teams_and_matches_finish(variant):
    m = Match(variant, players=4, seed=5, pairs=True)
    m.play([bots.RandomBot(seed=s) for s in range(4)], max_rounds=60)
    assert all(len(r.team_points) == 2 for r in m.results if r.team_points)


def test_fish_files_refuse_what_they_used_to_drop():
    with pytest.raises(DominoError, match="both on the table and in the boneyard"):
        parse_fish(EXAMPLE + "boneyard: 5:5\n")
    with pytest.raises(ParseError, match="'players: 3' but 4 hands"):
        parse_fish(EXAMPLE.replace("to move: P1", "to move: P1\nplayers: 3"))
    p = parse_fish(EXAMPLE.replace("question: value", "question: block within 0")
                   .replace("answer: -11", "answer: no"))[0]
    assert p.within == 0 and "block within 0" in format_fish(p)
    with pytest.raises(ParseError, match="not a fish puzzle file") as e:
        parse_fish("root:x:0:0:root:/root:/bin/bash\n")
    assert "root" not in str(e.value)


def test_dominosa_file_headers_are_checked_against_the_grid():
    good = "n: 1\ngrade: ambiguous\ntatham: 1da:001101\ngrid:\n0 0 1\n1 0 1\n"
    assert Dominosa.parse(good).n == 1
    for bad, words in [("n: 2", "'n: 2'"), ("grade: hard", "grades ambiguous"),
                       ("tatham: 1da:001110", "not this grid"), ("colour: red", "unknown key")]:
        key = bad.split(":")[0]
        text = good.replace(next(ln for ln in good.splitlines() if ln.startswith(key + ":")),
                            bad) if key in ("n", "grade", "tatham") else bad + "\n" + good
        with pytest.raises(ParseError, match=words):
            Dominosa.parse(text)
    with pytest.raises(ParseError, match="not a solution"):
        Dominosa.parse(good + "solution:\nv><\n^><\n")


def test_records_keep_what_they_used_to_drop():
    g = new_game("kozel", seed=2, penalties=False)
    assert Record.from_state(g).options == {"penalties": False}
    assert json.loads(Record.from_state(new_game("classic", set_max=9)).to_json())["options"] \
        == {"set_max": 9}
    with pytest.raises(UnknownOption):
        new_game("classic", lead_order="sideways")


@pytest.mark.parametrize("argv, words", [
    (["set", "9" * 1500], "at most"), (["count", "tiles", "9" * 1500], "at most"),
    (["set", "99999999999", "--list"], "at most"),
    (["deal-probability", "all_doubles", "--n", "1000"], "at most 100"),
    (["simulate", "kozel", "--bots", "foo", "--rounds", "1"], "unknown bot"),
    (["dominosa", "sheet", "--count", "-3"], "1 or more"),
    (["play", "kozel", "--players", "0", "--watch"], "1 or more"),
    (["fish", "tournament", "--samples", "0"], "1 or more"),
    (["fish", "fastest", "99"], "at most"),
    (["dominosa", "solve", ""], "neither a file"),
    (["dominosa", "solve", "x" * 256], "neither a file"),
    (["fish", "solve", "/dev/zero"], "not a regular file"),
    (["fish", "solve", "/etc/passwd"], "not a fish puzzle file"),
])
def test_cli_reproducers_are_one_line_and_exit_2(argv, words):
    code, out, err = run_cli(argv)
    assert code == 2 and err.count("\n") == 1 and words in err, err
    assert "root:" not in err


def test_cli_files_directories_binary_and_not_utf8(tmp_path):
    (tmp_path / "bin.txt").write_bytes(b"\x00\x01")
    (tmp_path / "latin.txt").write_bytes("café".encode("latin-1"))
    for cmd in (["dominosa", "solve"], ["fish", "solve"], ["count", "tilings", "--region"]):
        for path, words in [(tmp_path, "directory"), (tmp_path / "bin.txt", "binary"),
                            (tmp_path / "latin.txt", "not UTF-8")]:
            code, _, err = run_cli(cmd + [str(path)])
            assert code == 2 and words in err, (cmd, path, err)


def test_cli_version_help_and_force(tmp_path):
    code, out, _ = run_cli(["--version"])
    assert code == 0 and out.startswith("dominolab ")
    out_file = tmp_path / "s.svg"
    assert run_cli(["dominosa", "sheet", "--count", "1", "--n", "2", "--out", str(out_file)])[0] == 0
    code, _, err = run_cli(["dominosa", "sheet", "--count", "1", "--n", "2", "--out", str(out_file)])
    assert code == 2 and "--force" in err
    assert run_cli(["dominosa", "sheet", "--count", "1", "--n", "2", "--out", str(out_file),
                    "--force"])[0] == 0


def test_every_option_has_help():
    import argparse

    from dominolab.cli import build_parser

    def walk(p):
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                for sub in a.choices.values():
                    yield from walk(sub)
            elif not isinstance(a, argparse._HelpAction):
                yield p.prog, a

    missing = [f"{prog} {a.dest}" for prog, a in walk(build_parser()) if not a.help]
    assert missing == []


def test_simulate_lists_the_variants_and_no_check_says_so():
    code, out, _ = run_cli(["simulate", "--help"])
    assert code == 0 and "telefon" in out and "semyorka" in out
    code, out, _ = run_cli(["simulate", "classic", "--rounds", "2", "--no-check",
                            "--bots", "random,greedy"])
    assert code == 0 and "not checked" in out and "violations: 0" not in out


def test_play_rounds_stops_after_exactly_that_many_and_help_in_game():
    code, out, _ = run_cli(["play", "kozel", "--watch", "--quiet", "--rounds", "1"])
    assert code == 0 and ("stopped after 1 round" in out or "match over after 1 round" in out)
    code, out, _ = run_cli(["play", "classic", "--players", "2"], stdin="?\nquit\n")
    assert code == 0 and "'quit'" in out and "draw, pass" in out and "bye" in out


def test_play_draws_the_cross_games_as_a_cross():
    code, out, _ = run_cli(["play", "osyol", "--watch", "--rounds", "1", "--seed", "3"])
    assert code == 0 and "open ends: W" in out
    assert any("/" in line and line.startswith(" ") for line in out.splitlines())


def test_random_tiling_refuses_a_huge_board_before_any_work():
    from dominolab.errors import InvalidRegion

    with pytest.raises(InvalidRegion, match="limit"):
        tilings.random_tiling(tilings.Region.rectangle(200, 200), seed=1)


# -- widgets: values from the page validated before they are stored ----------------------

def test_set_explorer_refuses_values_past_its_range_from_the_page():
    from dominolab.widgets import SetExplorer

    w = SetExplorer(n=5, max_n=12)
    for bad in (13, -1, 10 ** 6):
        w.set_state({"n": bad})
        assert w.n == 5 and w.tile_count == 21 and "between 0 and 12" in w.error
    w.set_state({"max_n": 10 ** 6})
    assert w.max_n == 12 and "cannot be set from the page" in w.error
    with pytest.raises(DominoError):
        SetExplorer(max_n=10 ** 6)


def test_dominosa_board_takes_whole_cells_only_and_bounded_loads():
    from dominolab.widgets import DominosaBoard
    from dominolab.widgets.dominosa_board import MAX_LOAD_N

    w = DominosaBoard(n=3)
    for cell in ([0.5, 1], [True, 0], ["1", "0"], [None, 1]):
        w._handle_custom_msg({"type": "click", "row": cell[0], "col": cell[-1]}, [])
        assert "not a cell" in w.error and w.selected == []
    big = Dominosa([[0] * 2]).to_tatham()
    w._handle_custom_msg({"type": "load", "text": big}, [])
    assert w.n == 0
    from dominolab.puzzles.dominosa import generate
    w._handle_custom_msg({"type": "load", "text": generate(MAX_LOAD_N + 1, "trivial", 1)
                          .to_tatham()}, [])
    assert f"up to double-{MAX_LOAD_N}" in w.error and w.n == 0


def test_game_board_delay_and_odd_requests_keep_the_game():
    from dominolab.widgets import ChainBuilder, GameBoard

    w = GameBoard("kozel", human=0, seed=4, delay=0)
    before = [str(m) for m in w.state.history]
    for bad in (1e305, float("nan"), -1, "fast"):
        w.set_state({"delay": bad})
        assert w.delay == 0 and w.error.startswith("bad value from the browser")
    for msg in ({"type": ["tile"]}, {"type": "tile", "tile": "3:²"},
                {"type": "load", "text": '{"variant": ' + "[" * 5000}, ["tile"]):
        w._handle_custom_msg(msg, [])
        assert w.error and [str(m) for m in w.state.history] == before
    w.view  # the view still renders
    with pytest.raises(DominoError):
        GameBoard("kozel", delay=1e305)
    c = ChainBuilder()
    c._handle_custom_msg("play", [])
    assert "a request is an object" in c.error
