"""The wheel's build hook: compiles the cross search's node loop (``dominolab/games/_crossc.c``,
which also holds GameState.play()'s line play and the deal's shuffle) into the package with
the compiler this Python was built with (or the system's ``cc`` where that one is not
installed, as on a conda Python without conda's compilers: :func:`linker`).

Where it cannot be compiled (no compiler or headers, a platform whose linker sysconfig does not
name), or ``DOMINOLAB_PURE=1`` asks for a pure-Python wheel (the browser site builds one:
Pyodide installs pure wheels only), the wheel has no extension and the search runs in Python
(the same values, several times slower: ``benchmarks/bench_solver.py --only native``), as do
play() and the shuffle (the same games).
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


def compile_extension(root: Path) -> Path:
    """Compile the node loop beside its source; its path (raises OSError or
    CalledProcessError when it cannot be built)."""
    src = root / SOURCE
    out = src.with_name("_crossc" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))
    # (an older build left beside the source goes first: if this one fails, the package
    # must not import a node loop built from another version of the source)
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
    """Adds the compiled node loop to the wheel (and, for an editable install, leaves it in
    the source tree, where the editable package imports it from)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if os.environ.get("DOMINOLAB_PURE", "") not in ("", "0"):
            return
        try:
            out = compile_extension(Path(self.root))
        except (OSError, subprocess.CalledProcessError) as e:
            detail = getattr(e, "stderr", "") or str(e)
            self.app.display_warning(
                f"dominolab: the C cross search was not built ({detail.strip()[-400:]}); "
                "the Python search runs instead (the same values, slower)")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":
            build_data["force_include"][str(out)] = f"dominolab/games/{out.name}"
