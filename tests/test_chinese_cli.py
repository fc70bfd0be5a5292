"""``dominolab paigow …`` and ``dominolab tiengow …`` from the command line."""

from __future__ import annotations

import re

from dominolab.cli import main


def test_paigow_table_prints_every_hand_and_the_edges(capsys):
    assert main(["paigow", "table", "--commission", "0.05"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if re.match(r"(\d:\d ){4}", line)]
    assert len(rows) == 3620 and sum(int(line.split()[4]) for line in rows) == 35960
    assert any("house edge over the player: 2.4192% (published: 2.3896%)" in line for line in out)
    assert any("house edge over a banking player: 0.5653% (published: 0.7377%)" in line
               for line in out)
    assert "Casino Canberra" in out[0]


def test_paigow_table_options(capsys):
    assert main(["paigow", "table", "--sort", "gain", "--differs", "--limit", "3",
                 "--commission", "5%", "--exact"]) == 0
    out = capsys.readouterr().out
    assert "same" not in out.split("\n\n")[1]         # only hands set better than by the way
    assert main(["paigow", "edges", "--commission", "1/25"]) == 0
    assert "(published: 2.0811%)" in capsys.readouterr().out


def test_paigow_set_and_errors(capsys):
    assert main(["paigow", "set", "6:6", "6:6", "1:2", "1:3", "--brute"]) == 0
    out = capsys.readouterr().out
    assert "pair rule 2" in out and "house way" in out
    assert main(["paigow", "set", "6:6", "6:6", "6:6", "1:3"]) == 2
    assert "6:6 is in the set twice" in capsys.readouterr().err
    assert main(["paigow", "table", "--commission", "lots"]) == 2
    assert "cannot read a commission" in capsys.readouterr().err
    assert main(["paigow", "edges", "--commission", "1.5"]) == 2


def test_tiengow_simulate(capsys):
    assert main(["tiengow", "simulate", "--rounds", "5", "--bots", "random,rules,random,rules",
                 "--no-early-death"]) == 0
    out = capsys.readouterr().out
    assert "early death off" in out and "no violation" in out
    assert main(["tiengow", "simulate", "--bots", "rules"]) == 2
