"""The wheel's build hook: compiles the cross search's node loop (``dominolab/games/_crossc.c``,
which also holds GameState.play()'s line play and the deal's shuffle) and the Dominosa
deduction closure (``dominolab/puzzles/dominosa/_closurec.c``) into the package with
the compiler this Python was built with (or the system's ``cc`` where that one is not
installed, as on a conda Python without conda's compilers: :func:`linker`).

Where it cannot be compiled (no compiler or headers, a platform whose linker sysconfig does not
name), or ``DOMINOLAB_PURE=1`` asks for a pure-Python wheel (the browser site builds one:
Pyodide installs pure wheels only), the wheel has no extension and the search runs in Python
(the same values, several times slower: ``benchmarks/bench_solver.py --only native``), as do
play() and the shuffle (the same games) and Dominosa's deductions (the same closures). Each
source is compiled on its own: one that fails leaves the other's module in the wheel.
setuptools' ``build_ext`` would do the same in a setuptools build; this project builds with
hatchling, which has no compiler step of its own, so the hook calls the compiler itself.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = "dominolab/games/_crossc.c"
#: every C source of the package, each compiled into a module of its own name beside it
SOURCES = (SOURCE, "dominolab/puzzles/dominosa/_closurec.c")


def compile_extension(root: Path, source: str = SOURCE) -> Path:
    """Compile one C source (by default the node loop) into a module beside it; its path
    (raises OSError or CalledProcessError when it cannot be built)."""
    src = root / source
    out = src.with_name(src.stem + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))
    # (an older build left beside the source goes first: if this one fails, the package
    # must not import a module built from another version of the source)
    out.unlink(missing_ok=True)
    link = sysconfig.get_config_var("LDSHARED")
    if not link:
        raise OSError("sysconfig names no shared-library linker here")
    include = sysconfig.get_paths()["include"]
    cmd = [*linker(link), "-O2", "-fPIC", f"-I{include}", str(src), "-o", str(out)]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    return out


def linker(ldshared: str, which: Any = shutil.which, env: Any = None) -> list[str]:
    """The command that links the module: sysconfig's ``LDSHARED``, its compiler replaced by
    ``$CC`` (or ``cc``, ``gcc``, ``clang``, the first found) when the one it names is not
    installed. A conda Python (Binder's) names the compiler conda built it with
    (``x86_64-conda-linux-gnu-gcc``), absent unless conda's compilers are installed, while the
    system's own ``cc`` usually is; the flags after it are the common ones of gcc and clang.

    >>> linker("gcc -shared -L/lib", which=lambda c: "/usr/bin/" + c)
    ['gcc', '-shared', '-L/lib']
    >>> linker("x86_64-conda-linux-gnu-gcc -pthread -shared", env={},
    ...        which=lambda c: None if "conda" in c else "/usr/bin/" + c)
    ['cc', '-pthread', '-shared']
    """
    env = os.environ if env is None else env
    args = shlex.split(ldshared)
    if not args or which(args[0]):
        return args
    cc = shlex.split(env.get("CC", ""))
    if cc and which(cc[0]):
        return [*cc, *args[1:]]
    for name in ("cc", "gcc", "clang"):
        if which(name):
            return [name, *args[1:]]
    return args         # (the compile fails, saying which compiler it lacked)


class CrossSearchBuildHook(BuildHookInterface):
    """Adds the compiled modules (the node loop, the Dominosa closure) to the wheel (and, for
    an editable install, leaves them in the source tree, where the editable package imports
    them from)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if os.environ.get("DOMINOLAB_PURE", "") not in ("", "0"):
            return
        built = []
        for source in SOURCES:
            try:
                built.append((source, compile_extension(Path(self.root), source)))
            except (OSError, subprocess.CalledProcessError) as e:
                detail = getattr(e, "stderr", "") or str(e)
                self.app.display_warning(
                    f"dominolab: {source} was not built ({detail.strip()[-400:]}); "
                    "its Python twin runs instead (the same results, slower)")
        if not built:
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":
            for source, out in built:
                build_data["force_include"][str(out)] = str(Path(source).with_name(out.name))
