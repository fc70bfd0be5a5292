"""The wheel's build hook (hatch_build.py): the compiler it calls, and a build with a
Python whose sysconfig names a compiler that is not installed (a conda Python's, Binder's)."""

import doctest
import importlib.util
import shutil
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _hook():
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_linker_falls_back_to_the_systems_compiler():
    hook = _hook()
    assert doctest.testmod(hook).failed == 0
    found = {"/usr/bin/clang": "clang"}

    def which(c):
        return next((p for p, n in found.items() if n == c), None)

    assert hook.linker("x86_64-conda-linux-gnu-gcc -shared -O2", which=which, env={}) == \
        ["clang", "-shared", "-O2"]
    # $CC first, with its own words; a $CC that is not installed is passed over
    found["/opt/bin/my-cc"] = "my-cc"
    assert hook.linker("conda-gcc -shared", which=which, env={"CC": "my-cc -m64"}) == \
        ["my-cc", "-m64", "-shared"]
    assert hook.linker("conda-gcc -shared", which=which, env={"CC": "absent-cc"}) == \
        ["clang", "-shared"]
    # nothing at all: the named one, so that the failed compile names it
    assert hook.linker("conda-gcc -shared", which=lambda c: None, env={}) == \
        ["conda-gcc", "-shared"]


@pytest.mark.skipif(not any(map(shutil.which, ("cc", "gcc", "clang"))), reason="no C compiler")
def test_a_python_naming_an_absent_compiler_still_builds_the_c_loop(tmp_path, monkeypatch):
    hook = _hook()
    src = tmp_path / hook.SOURCE
    src.parent.mkdir(parents=True)
    shutil.copy(ROOT / hook.SOURCE, src)
    get = sysconfig.get_config_var
    fake = "x86_64-conda-linux-gnu-gcc-absent " + " ".join(get("LDSHARED").split()[1:])
    monkeypatch.setattr(hook.sysconfig, "get_config_var",
                        lambda name: fake if name == "LDSHARED" else get(name))
    out = hook.compile_extension(tmp_path)
    spec = importlib.util.spec_from_file_location("dominolab.games._crossc", out)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.Searcher.__name__ == "Searcher" and out.parent == src.parent


@pytest.mark.skipif(not any(map(shutil.which, ("cc", "gcc", "clang"))), reason="no C compiler")
def test_every_c_source_compiles_into_a_module_of_its_own_beside_it(tmp_path):
    """The node loop and the Dominosa closure, each built on its own (a failure in one
    leaves the other in the wheel) into ``<stem><EXT_SUFFIX>`` beside its source, which
    is where the package imports it from and where the wheel's path for it is taken."""
    hook = _hook()
    assert hook.SOURCES == ("dominolab/games/_crossc.c", "dominolab/puzzles/dominosa/_closurec.c")
    names = {"dominolab/games/_crossc.c": ("dominolab.games._crossc", "Searcher"),
             "dominolab/puzzles/dominosa/_closurec.c":
                 ("dominolab.puzzles.dominosa._closurec", "deduce")}
    for source in hook.SOURCES:
        src = tmp_path / source
        src.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / source, src)
        out = hook.compile_extension(tmp_path, source)
        assert out.parent == src.parent and out.name.startswith(src.stem + ".")
        name, attr = names[source]
        spec = importlib.util.spec_from_file_location(name, out)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        assert callable(getattr(mod, attr))
    # the closure on a grid: 0 0 1 / 1 0 1 has two solutions; the 1:1 is forced, no more
    from dominolab.puzzles.dominosa.board import EXTREME, Board
    b = Board(1, (0, 0, 1, 1, 0, 1))
    prep = mod.prepare(b.n, b.numbers, b._pa, b._pb, b.ptile, b._tix, b.tiles)
    alive, committed, used, status, _ = mod.deduce(prep, b.full, 0, EXTREME)
    assert (committed, used, status) == (1 << 4, 0, 0) and alive & committed == committed
