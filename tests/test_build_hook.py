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
