"""The front-door fuzzer: every parser, the command line (in process), the file formats and
the widgets' message handlers, fed generated input; anything but a DominoError is a failure.

Used two ways: ``tests/test_fuzz.py`` runs it with a small budget in ``make test`` (and a
large one under ``pytest -m slow``, i.e. ``make soak``), and ``python tests/fuzz_front_door.py
--parsers N --cli M`` runs it on its own and prints the counts::

    parser inputs tried: 100000, non-DominoError exceptions: 0, hangs: 0
    CLI invocations: 4000, tracebacks or bad exit codes: 0, hangs: 0

A hang is an input that takes longer than :data:`HANG_SECONDS` (measured by an alarm, not
asserted on wall time by the tests: the tests assert the count of failures).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import signal
import string
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dominolab import Hand, Tile, parse_tiles  # noqa: E402
from dominolab._keyvalue import read_fields, read_json, read_sections  # noqa: E402
from dominolab.chains import Chain  # noqa: E402
from dominolab.chinese.tiles import parse_chinese  # noqa: E402
from dominolab.cli import main  # noqa: E402
from dominolab.commands.paigow import commission  # noqa: E402
from dominolab.errors import DominoError  # noqa: E402
from dominolab.games import Move, Record, new_game, replay  # noqa: E402
from dominolab.games.bayes import hand_problem  # noqa: E402
from dominolab.games.combinatorial.boards import Board as GameGrid  # noqa: E402
from dominolab.games.combinatorial.boards import as_domino  # noqa: E402
from dominolab.games.inference import knowledge  # noqa: E402
from dominolab.puzzles.dominosa import Dominosa  # noqa: E402
from dominolab.puzzles.dominosa.formats import parse_grid, parse_solution  # noqa: E402
from dominolab.puzzles.dominosa.tatham import parse_tatham, tatham_save_id  # noqa: E402
from dominolab.puzzles.fish import EXAMPLE, parse_fish  # noqa: E402
from dominolab.tilings import Region, parse_size  # noqa: E402
from dominolab.triominoes import parse_triominoes, triomino  # noqa: E402

#: An input that runs longer than this is counted as a hang.
HANG_SECONDS = 20

# Characters the fuzzer mixes in: the notation's own, digits of other scripts that
# str.isdigit() and int() accept, controls, brackets, a NUL and a long-number seed.
ODD = ["²", "⁰", "⑤", "٣", "७", "１", "\u2028", "\x00", "\x0b", "\ufeff", "🁓", "🀰", "ß",
       "[", "]", "|", ":", "-", ">", "+", "!", "#", "{", "}", "\"", "\\", "\n", "\r", " ", "\t"]
GOOD_RECORD = Record.from_state(new_game("classic", players=2, seed=3)).to_text()
SEEDS = ["3:5", "[10|12]", "1:1 2:2 3:4", "P1 3:5>R", "0:0>L+6:6>R", "6db:0123", "8x8",
         "2dt:202012100211", "0 0 1\n1 0 1", "><v\n><^", "##\n##", GOOD_RECORD, EXAMPLE,
         "n: 1\ngrid:\n0 0 1\n1 0 1\nsolution:\n><v\n><^", "SAVEFILE:41:x\nPARAMS  :3:1db\n",
         '{"variant": "classic", "players": 2, "hands": ["1:1", "2:2"]}']


def mutate(rng: random.Random, text: str) -> str:
    """A random edit of ``text``: insert, delete, replace, repeat or splice."""
    s = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        pos = rng.randint(0, len(s))
        if op < 0.3:
            s[pos:pos] = list(rng.choice(ODD + list(string.printable)))
        elif op < 0.45 and s:
            del s[pos:pos + rng.randint(1, 3)]
        elif op < 0.6:
            s[pos:pos] = list("9" * rng.choice([3, 5, 20, 5000]))
        elif op < 0.7:
            s[pos:pos] = list(rng.choice("[{(") * rng.choice([10, 3000]))
        elif op < 0.8 and s:
            piece = s[pos:pos + rng.randint(1, 20)]
            s[pos:pos] = piece * rng.randint(1, 50)
        else:
            s[pos:pos] = list(rng.choice(SEEDS))
    return "".join(s)


def random_text(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return mutate(rng, rng.choice(SEEDS))
    n = rng.choice([0, 1, 5, 40, 300])
    return "".join(rng.choice(ODD + list(string.printable)) for _ in range(n))


def _region(text: str) -> object:
    return Region.parse(text)


#: (name, parser) — every text parser of the package.
def _game_board(text: str, rule: str) -> object:
    return GameGrid.parse(text, rule)


_SPORT_VIEW = knowledge(new_game("sport", seed=1), 0)


def _bayes_hand(text: str) -> object:
    return hand_problem(_SPORT_VIEW, 1, text)


PARSERS: list[tuple[str, Callable[[str], object]]] = [
    ("Tile.parse", Tile.parse),
    ("parse_tiles", parse_tiles),
    ("Hand", Hand),
    ("Chain.parse", Chain.parse),
    ("Move.parse", Move.parse),
    ("Record.parse+replay", replay),
    ("read_json", lambda t: read_json(t, what="record")),
    ("read_fields", lambda t: read_fields(t, what="file", blocks=("grid", "moves"))),
    ("read_sections", lambda t: read_sections(t, what="file", inline_comments=True)),
    ("parse_fish+solve", lambda t: [p.state() for p in parse_fish(t)]),
    ("Dominosa.parse", Dominosa.parse),
    ("parse_grid", parse_grid),
    ("parse_solution", lambda t: parse_solution(t, 2, 3)),
    ("parse_tatham", parse_tatham),
    ("tatham_save_id", tatham_save_id),
    ("parse_size", parse_size),
    ("Region.parse", _region),
    ("parse_chinese", parse_chinese),
    ("paigow commission", commission),
    ("triomino", triomino),
    ("parse_triominoes", parse_triominoes),
    ("combinatorial Board.parse", lambda t: _game_board(t, "domineering")),
    ("combinatorial Board.parse cram", lambda t: _game_board(t, "cram")),
    ("as_domino", as_domino),
    ("hand_problem", lambda t: _bayes_hand(t)),
]


class _Hang(Exception):
    pass


@contextlib.contextmanager
def _deadline(seconds: int):
    """Raise _Hang after ``seconds`` (SIGALRM; without it, no deadline)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise _Hang

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def check_one(fn: Callable[[Any], object], value: Any) -> str | None:
    """None when ``fn(value)`` returns or raises a DominoError; else what went wrong."""
    try:
        with _deadline(HANG_SECONDS):
            fn(value)
    except DominoError:
        return None
    except _Hang:
        return "hang"
    except Exception as e:  # noqa: BLE001 - what the fuzzer looks for
        return f"{type(e).__name__}: {e}"[:300]
    return None


def fuzz_parsers(count: int, seed: int = 0) -> dict[str, Any]:
    """``count`` generated inputs spread over :data:`PARSERS`."""
    rng = random.Random(seed)
    failures: list[str] = []
    hangs = 0
    for k in range(count):
        name, fn = PARSERS[k % len(PARSERS)]
        text = random_text(rng)
        why = check_one(fn, text)
        if why == "hang":
            hangs += 1
        if why is not None:
            failures.append(f"{name}({text[:80]!r}): {why}")
    return {"inputs": count, "failures": failures, "hangs": hangs}


def _cli_argv(rng: random.Random, files: dict[str, str]) -> list[str]:
    word = lambda: random_text(rng)[:60]  # noqa: E731
    num = lambda: rng.choice(["0", "1", "6", "-3", "²", "٣", "9" * rng.choice([3, 1500]),  # noqa: E731
                              "1.5", "", "7", "1e3", "0x10"])
    variants = ["classic", "kozel", "telefon", "osyol", "nosuch", word()]
    choices: list[list[str]] = [
        ["set", num()], ["set", num(), "--list"],
        ["count", rng.choice(["tiles", "pips", "rings", "lines"]), num()],
        ["count", "tilings", rng.choice([word(), "3x4", num() + "x" + num()])],
        ["count", "tilings", "--region", rng.choice(list(files.values()))],
        ["chain", word()], ["chain", word(), "--longest", "--start", num()],
        ["deal-probability", rng.choice(["all_doubles", "no_double", word()]), "--n", num(),
         "--hand", num()],
        ["dominosa", "solve", rng.choice(list(files.values()) + [word(), "2dt:202012100211"])],
        ["dominosa", "generate", num(), "--count", num(), "--tatham"],
        ["dominosa", "sheet", "--count", num(), "--n", rng.choice(["2", "3", num()]),
         "--out", files["out"]],
        ["fish", "solve", rng.choice(list(files.values()))],
        ["fish", "fastest", rng.choice(["3", "4", "5", num()])],
        ["fish", "tournament", rng.choice(variants), "--rounds", rng.choice(["1", num()]),
         "--samples", num(), "--max-tiles", rng.choice(["4", num()])],
        ["simulate", rng.choice(variants), "--rounds", rng.choice(["1", "2", num()]),
         "--bots", rng.choice(["random", "random,greedy", "foo", word()]),
         "--players", num()],
        ["simulate", rng.choice(variants), "--rounds", "1", "--no-check"],
        ["play", rng.choice(variants), "--watch", "--quiet", "--rounds", rng.choice(["1", num()]),
         "--players", rng.choice(["2", num()]), "--bots", rng.choice(["random", word()])],
        ["paigow", "set", word(), "--commission", rng.choice(["0.05", "5%", num(), word()])],
        ["paigow", "set", "6:6", "6:6", "1:2", rng.choice(["1:3", word()]), "--brute"],
        ["paigow", "edges", "--commission", rng.choice(["1/20", "1e9999", num(), word()])],
        ["paigow", "table", "--limit", num(), "--sort", rng.choice(["ev", word()])],
        ["tiengow", "simulate", "--rounds", rng.choice(["1", "2", num()]), "--seed", num(),
         "--bots", rng.choice(["rules,random,rules,random", "random", word()])],
        ["triominoes", "simulate", "--rounds", rng.choice(["1", num()]), "--bots",
         rng.choice(["greedy,random", "lookahead,greedy,random", "random", word()])],
        ["triominoes", "set", rng.choice(["--chiral", word()])],
        ["tournament", rng.choice(variants), "--deals", rng.choice(["1", "2", num()]),
         "--bots", rng.choice(["random,greedy", "random", "random,foo", word()]),
         "--seed", num()],
        ["tournament", "sport", "--deals", "2", "--bots", "random,greedy", "--match",
         rng.choice(["101", num()])],
        ["analyse", rng.choice(list(files.values()) + [word()]), "--player",
         rng.choice(["1", num()]), "--max-tiles", rng.choice(["4", num()])],
        [word()], [word(), word()], ["--version"], ["dominosa"], ["fish"],
    ]
    argv = rng.choice(choices)
    if rng.random() < 0.1:
        argv = argv + [rng.choice(["--help", "--bogus", word()])]
    return argv


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``main(argv)`` in this process, with its output captured."""
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old_in
    return code, out.getvalue(), err.getvalue()


def _files(tmp: Path) -> dict[str, str]:
    (tmp / "fish.txt").write_text(EXAMPLE, encoding="utf-8")
    (tmp / "grid.txt").write_text("n: 1\ngrid:\n0 0 1\n1 0 1\n", encoding="utf-8")
    (tmp / "binary.txt").write_bytes(b"\x00\x01\xff\xfe")
    (tmp / "latin1.txt").write_bytes("grade: café\n".encode("latin-1"))
    (tmp / "region.txt").write_text("##\n##\n", encoding="utf-8")
    (tmp / "empty.txt").write_text("", encoding="utf-8")
    (tmp / "record.txt").write_text(GOOD_RECORD, encoding="utf-8")
    return {"record": str(tmp / "record.txt"),"fish": str(tmp / "fish.txt"), "grid": str(tmp / "grid.txt"),
            "binary": str(tmp / "binary.txt"), "latin1": str(tmp / "latin1.txt"),
            "region": str(tmp / "region.txt"), "empty": str(tmp / "empty.txt"),
            "dir": str(tmp), "missing": str(tmp / "missing.txt"), "blank": "",
            "long": "x" * 256, "device": "/dev/zero", "system": "/etc/passwd",
            "out": str(tmp / "sheet.svg")}


def fuzz_cli(count: int, seed: int = 0) -> dict[str, Any]:
    """``count`` in-process runs of the command line; a run fails when it prints a
    traceback or exits with a status other than 0, 1 (a "no" answer) or 2 (an error)."""
    rng = random.Random(seed)
    failures: list[str] = []
    hangs = 0
    with tempfile.TemporaryDirectory() as d:
        files = _files(Path(d))
        for _ in range(count):
            argv = _cli_argv(rng, files)
            result: dict[str, Any] = {}

            def run(argv: list[str] = argv) -> None:
                result["r"] = run_cli(argv, stdin=rng.choice(["", "quit\n", "?\n1\nq\n"]))

            why = check_one(run, None)
            if why == "hang":
                hangs += 1
            if why is not None:
                failures.append(f"{argv!r}: {why}")
                continue
            code, _, err = result["r"]
            if code not in (0, 1, 2) or "Traceback" in err:
                failures.append(f"{argv!r}: exit {code}: {err[-300:]}")
            elif code == 2 and err.count("\n") != 1:
                failures.append(f"{argv!r}: the error is not one line: {err[:300]!r}")
            Path(files["out"]).unlink(missing_ok=True)
    return {"invocations": count, "failures": failures, "hangs": hangs}


def fuzz_widgets(count: int, seed: int = 0) -> dict[str, Any]:
    """``count`` generated messages and browser state updates to each widget."""
    from dominolab.widgets import (ChainBuilder, DominosaBoard, GameBoard, SetExplorer,
                                   TienGowBoard, TilingBoard, TriominoBoard)

    rng = random.Random(seed)
    values: list[Any] = [None, True, 1.5, -1, 10 ** 6, 10 ** 400, 1e305, float("nan"), "3:²",
                         "x" * 5000, [], {}, [1, 2], [[0, 0], [0, 1]], {"a": 1}, "[" * 5000,
                         "1:1", "3:5", [3, 5], 0, 2, "P1 1:1", GOOD_RECORD, "2dt:202012100211"]
    kinds = ["tile", "play", "end", "draw", "pass", "undo", "hint", "value", "save", "load",
             "click", "place", "remove", "cross", "mode", "new", "check", "solve",
             "toggle", "reset", "side", "finish", "bot_step", "next_round", "jump", "discard",
             "clear", "next", "select", None, 7]
    failures: list[str] = []
    widgets = [SetExplorer(n=3), ChainBuilder(), TilingBoard(4, 4), DominosaBoard(n=3),
               GameBoard("kozel", human=0, seed=1, delay=0), TienGowBoard(seed=1),
               TriominoBoard(seed=1),
               # children's picture dominoes: the same requests on skinned widgets
               GameBoard("classic", players=2, human=0, seed=1, delay=0, mode="children"),
               ChainBuilder(skin="fruit"), SetExplorer(n=3, skin="colours")]
    for w in widgets:
        w.analysis_timeout = 2.0
        w.send = lambda *a, **k: None
    sent = 0
    for k in range(count):
        w = widgets[k % len(widgets)]
        if rng.random() < 0.2:
            name = rng.choice(list(w.keys))
            msg: Any = {name: rng.choice(values)}
            why = check_one(w.set_state, msg)
        else:
            msg = {"type": rng.choice(kinds)}
            for field in rng.sample(["tile", "end", "move", "text", "row", "col", "cells",
                                     "mode", "n", "difficulty", "number", "cross", "tick",
                                     "side", "pos", "k"], rng.randint(0, 3)):
                msg[field] = rng.choice(values)
            if rng.random() < 0.05:
                msg = rng.choice(values)
            why = check_one(lambda m: w._handle_custom_msg(m, []), msg)
        sent += 1
        if why is not None:
            failures.append(f"{type(w).__name__} {str(msg)[:100]}: {why}")
        try:
            json.dumps(w.get_state(), default=str)
        except Exception as e:  # noqa: BLE001
            failures.append(f"{type(w).__name__} state after {str(msg)[:80]}: {e}")
    return {"messages": sent, "failures": failures}


def main_counts(parsers: int, cli: int, widgets: int, seed: int) -> int:
    p = fuzz_parsers(parsers, seed)
    print(f"parser inputs tried: {p['inputs']}, non-DominoError exceptions: "
          f"{len(p['failures']) - p['hangs']}, hangs: {p['hangs']}", flush=True)
    c = fuzz_cli(cli, seed)
    print(f"CLI invocations: {c['invocations']}, tracebacks or bad exit codes: "
          f"{len(c['failures']) - c['hangs']}, hangs: {c['hangs']}", flush=True)
    w = fuzz_widgets(widgets, seed)
    print(f"widget messages: {w['messages']}, unhandled: {len(w['failures'])}", flush=True)
    for f in (p["failures"] + c["failures"] + w["failures"])[:20]:
        print("  " + f)
    return 1 if p["failures"] or c["failures"] or w["failures"] else 0


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parsers", type=int, default=100_000, help="parser inputs to try")
    ap.add_argument("--cli", type=int, default=4_000, help="command-line runs")
    ap.add_argument("--widgets", type=int, default=3_000, help="widget messages")
    ap.add_argument("--seed", type=int, default=0, help="random seed")
    a = ap.parse_args()
    sys.exit(main_counts(a.parsers, a.cli, a.widgets, a.seed))
