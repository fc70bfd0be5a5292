"""The front-door fuzz suite: a small budget in ``make test``, a large one in ``make soak``.

``tests/fuzz_front_door.py`` holds the generators and the harness (and prints the counts
when run on its own); here hypothesis drives every parser with its own strategies too.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab.errors import DominoError

from .fuzz_front_door import (ODD, PARSERS, SEEDS, check_one, fuzz_cli, fuzz_parsers,
                              fuzz_widgets, run_cli)

texts = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.sampled_from(ODD + list("0123456789:|-[]>+PLRNESW dpasxr#")),
            max_size=200),
    st.sampled_from(SEEDS).flatmap(
        lambda s: st.tuples(st.just(s), st.integers(0, len(s)), st.text(max_size=20)).map(
            lambda t: t[0][:t[1]] + t[2] + t[0][t[1]:])),
)


@pytest.mark.parametrize("name, parser", PARSERS, ids=[n for n, _ in PARSERS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts)
def test_every_parser_raises_only_domino_errors(name, parser, text):
    assert check_one(parser, text) is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.text(max_size=30), st.sampled_from(
    ["set", "count", "chain", "dominosa", "fish", "play", "simulate", "deal-probability",
     "tiles", "rings", "tilings", "solve", "--rounds", "1", "-3", "²", "9" * 1500, "--n",
     "--list", "--watch", "--quiet", "classic", "--bots", "foo", "--players", "0"])),
    max_size=6))
def test_the_command_line_never_shows_a_traceback(argv):
    code, _, err = run_cli(argv)
    assert code in (0, 1, 2) and "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1


def test_fuzz_small_budget():
    p = fuzz_parsers(1500, seed=7)
    assert p["failures"] == [] and p["hangs"] == 0
    c = fuzz_cli(60, seed=7)
    assert c["failures"] == [] and c["hangs"] == 0
    w = fuzz_widgets(250, seed=7)
    assert w["failures"] == []


@pytest.mark.slow
def test_fuzz_soak():
    """The issue's check: 10^5 parser inputs and 4,000 command-line runs, 0 failures."""
    p = fuzz_parsers(100_000, seed=11)
    c = fuzz_cli(4_000, seed=11)
    w = fuzz_widgets(3_000, seed=11)
    print(f"\nparser inputs tried: {p['inputs']}, non-DominoError exceptions: "
          f"{len(p['failures']) - p['hangs']}, hangs: {p['hangs']}")
    print(f"CLI invocations: {c['invocations']}, tracebacks or bad exit codes: "
          f"{len(c['failures']) - c['hangs']}, hangs: {c['hangs']}")
    print(f"widget messages: {w['messages']}, unhandled: {len(w['failures'])}")
    assert p["failures"] == [] and c["failures"] == [] and w["failures"] == []


def test_check_one_tells_a_domino_error_from_a_bug():
    def bug(_):
        raise KeyError("x")

    def refused(_):
        raise DominoError("no")

    assert check_one(refused, None) is None and "KeyError" in check_one(bug, None)
