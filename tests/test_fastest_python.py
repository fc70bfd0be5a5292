"""tools/fastest_python.sh: the Python `make` makes the venv from when PYTHON is not given.

Fake interpreters (scripts that answer the probe with a fixed line: seconds, executable,
version) check the choice; this test's own Python checks the probe itself.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
SCRIPT = REPO / "tools" / "fastest_python.sh"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")


def _fake(folder: pathlib.Path, name: str, line: str | None) -> None:
    """An interpreter ``name`` in ``folder`` that answers the probe with ``line`` (None: it
    does not fit, as a Python without venv or too old, and exits 1)."""
    folder.mkdir(parents=True, exist_ok=True)
    body = f"echo '{line}'" if line is not None else "exit 1"
    (folder / name).write_text(f"#!/bin/sh\n{body}\n")
    (folder / name).chmod(0o755)


def _choose(*folders: pathlib.Path) -> subprocess.CompletedProcess:
    """Run the script with only ``folders`` and the tools it uses on PATH (no other Python)."""
    tools = folders[0].parent / "tools"
    if not tools.is_dir():
        tools.mkdir()
        for tool in ("readlink", "sort", "awk"):
            (tools / tool).symlink_to(shutil.which(tool))
    path = os.pathsep.join([*map(str, folders), str(tools)])
    return subprocess.run([shutil.which("sh"), str(SCRIPT)], env={"PATH": path},
                          capture_output=True, text=True, check=True)


def test_a_clearly_faster_python_is_chosen_and_every_candidate_is_listed(tmp_path):
    _fake(tmp_path / "a", "python3", "0.0300 /fake/a/python3.11 3.11.7")
    _fake(tmp_path / "b", "python3.12", "0.0200 /fake/b/python3.12 3.12.3")
    _fake(tmp_path / "b", "python3.10", None)
    done = _choose(tmp_path / "a", tmp_path / "b")
    assert done.stdout.strip() == "/fake/b/python3.12"
    assert "/fake/a/python3.11 (3.11.7)" in done.stderr
    assert "/fake/b/python3.12 (3.12.3)" in done.stderr
    assert done.stderr.index("/fake/b") < done.stderr.index("/fake/a")    # fastest first


def test_python3_is_kept_unless_another_beats_it_by_five_percent(tmp_path):
    _fake(tmp_path / "a", "python3", "0.0300 /fake/a/python3.11 3.11.7")
    _fake(tmp_path / "b", "python3.12", "0.0290 /fake/b/python3.12 3.12.3")
    assert _choose(tmp_path / "a", tmp_path / "b").stdout.strip() == "/fake/a/python3.11"


def test_each_candidate_keeps_its_best_time_over_the_rounds(tmp_path):
    # python3.12 is slow at its first probe (the machine busy just then) and faster than
    # python3 at every later one: the rounds that time every candidate again find that
    calls = tmp_path / "calls"
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "python3.12").write_text(
        "#!/bin/sh\n"
        f"if [ -e {calls} ]; then echo '0.0200 /fake/b/python3.12 3.12.3'; "
        f"else : > {calls}; echo '0.0900 /fake/b/python3.12 3.12.3'; fi\n")
    (tmp_path / "b" / "python3.12").chmod(0o755)
    _fake(tmp_path / "a", "python3", "0.0300 /fake/a/python3.11 3.11.7")
    done = _choose(tmp_path / "a", tmp_path / "b")
    assert done.stdout.strip() == "/fake/b/python3.12"
    assert "probe 0.0200 s  /fake/b/python3.12" in done.stderr


def test_a_shim_and_the_binary_it_runs_are_one_candidate(tmp_path):
    # (pyenv's shim for python3 and its python3.11 run the same binary: listed once)
    _fake(tmp_path / "shims", "python3", "0.0300 /fake/v/python3.11 3.11.7")
    _fake(tmp_path / "shims", "python3.11", "0.0300 /fake/v/python3.11 3.11.7")
    done = _choose(tmp_path / "shims")
    assert done.stdout.strip() == "/fake/v/python3.11"
    assert done.stderr.count("/fake/v/python3.11") == 1


def test_with_nothing_that_fits_python3_is_named_for_its_own_error(tmp_path):
    _fake(tmp_path / "a", "python3", None)
    done = _choose(tmp_path / "a")
    assert done.stdout.strip() == "python3"
    assert "no Python >= 3.10" in done.stderr


def test_the_probe_runs_in_this_python(tmp_path):
    # this test's own interpreter (a venv's python is a link to it) fits when it has the C
    # headers the package's modules build against; one without them (a PYTHON given to make
    # without its -dev package) is refused, and python3 named for its own error
    (tmp_path / "here").mkdir()
    (tmp_path / "here" / "python3").symlink_to(sys.executable)
    done = _choose(tmp_path / "here")
    base = os.path.realpath(sys.executable)
    if not (pathlib.Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        assert done.stdout.strip() == "python3"
        assert "no Python >= 3.10 with venv, ensurepip and Python.h" in done.stderr
        return
    assert done.stdout.strip() == base
    _, _, seconds, _, exe, version = done.stderr.split()
    assert float(seconds) > 0
    assert exe == base
    assert version == f"({'.'.join(map(str, sys.version_info[:3]))})"
