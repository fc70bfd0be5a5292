"""Build the course as a static JupyterLite site that needs no server (``make lite``).

    python tools/build_lite.py            # build _site/ unless it is fresh
    python tools/build_lite.py --force    # build it again
    python tools/build_lite.py --serve    # build if stale, then serve on 127.0.0.1

Everything comes from the package registries, into the ignored cache
``.lite-cache/``:

* the build tools (JupyterLite, its Pyodide kernel, jupyter-server, and the
  widget front ends) from PyPI, into a virtual environment of their own;
* the Pyodide runtime from the npm package ``pyodide``;
* the wheels the browser runs: this checkout's own dominolab wheel, and the
  pure-Python wheels it and the kernel need, resolved by pip for the CPython
  inside Pyodide.

The site's ``pyodide-lock.json`` lists exactly those wheels (each with its
sha256, import names and dependencies, the dependencies read from the wheel's
metadata for a browser, ``sys_platform == "emscripten"``), and the kernel is
told never to fall back to PyPI, so nothing outside the site is contacted when
it runs. Every version is pinned in ``lite/pins.toml``; where two disagree
(the kernel expects another Pyodide, the runtime another micropip, ...) the
build stops with a message naming both, rather than writing a site that shows
a blank page. The lessons are whatever ``notebooks/*.ipynb`` exist, copied
with the data files they read.

The site goes to ``_site/`` with ``_site/build-info.json``, which records a
fingerprint of everything it was built from: a build whose fingerprint matches
is reused (the browser tests use :func:`build` the same way).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import hashlib
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has no TOML reader
    tomllib = None

from packaging.markers import Marker, default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[1]
LITE = REPO / "lite"
PINS_FILE = LITE / "pins.toml"
CACHE = REPO / ".lite-cache"
SITE = REPO / "_site"
INFO_NAME = "build-info.json"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# The widget front ends: their lab extensions (installed in the build environment) and
# their Python side (served to the browser) come from the same pinned release.
FRONT_END = ("anywidget", "ipywidgets", "jupyterlab-widgets")
# What the kernel's worker installs first from the wheels its lab extension ships.
KERNEL_OWN = ("ipykernel", "pyodide-kernel", "piplite")
# Folders of the checkout that the site serves under files/ (the lessons, the
# puzzle collections they read, and the rules they link to), where they exist.
CONTENT = ("notebooks", "puzzles", "docs")
# What a site that runs offline must never name: the hosts that serve Pyodide,
# npm packages or fonts to web pages.
CDN = re.compile(r"cdn\.jsdelivr\.net|jsdelivr|unpkg\.com|cdnjs\.|\bcdn\.[a-z0-9-]+\.[a-z]+")
# Fallbacks that name a CDN in the pinned releases' JavaScript, and what the build
# writes instead. The site's jupyter-lite.json overrides each of them (pyodideUrl; the
# lock beside pyodide.mjs), so none is used; rewritten all the same, so that the site
# names no CDN at all. Each must match in the pinned release (else the build stops:
# a new release needs this table checked), and after them `verify` finds no CDN left.
CDN_FALLBACKS = [
    # the kernel's default pyodideUrl (a page of the site is one folder below its root)
    ("extensions/@jupyterlite/pyodide-kernel-extension/static/*.js",
     r'"https://cdn\.jsdelivr\.net/pyodide/v[0-9.]+/full/pyodide\.mjs"',
     '"../static/pyodide/pyodide.mjs"'),
    # the same default, as the settings editor shows it
    ("extensions/@jupyterlite/pyodide-kernel-extension/static/schema/kernel.v0.schema.json",
     r'"https://cdn\.jsdelivr\.net/pyodide/v[0-9.]+/full/pyodide\.mjs"',
     '"./static/pyodide/pyodide.mjs"'),
    # Pyodide's own package fallback (used under Node.js only): beside pyodide.mjs
    ("static/pyodide/pyodide.mjs",
     r"`https://cdn\.jsdelivr\.net/pyodide/v\$\{\w+\}/full/`",
     '"./"'),
]
TEXT_SUFFIXES = {".js", ".mjs", ".json", ".html", ".css", ".txt", ".svg"}


def _canon(name: str) -> str:
    """A project name as PEP 503 normalizes it (the lock's keys)."""
    return str(canonicalize_name(name))


class LiteBuildError(RuntimeError):
    """The site cannot be built as pinned; the message says what disagrees with what."""


# --------------------------------------------------------------------------- pins


@dataclass(frozen=True)
class Pins:
    """The contents of ``lite/pins.toml``."""

    build: dict[str, str]
    pyodide: str
    python: str
    wheels: dict[str, str]
    kernel_needs: tuple[str, ...]
    omit: frozenset[str]
    text: str = field(repr=False)

    @classmethod
    def read(cls, path: Path = PINS_FILE) -> Pins:
        if tomllib is None:
            raise LiteBuildError("building the browser site needs Python 3.11 or newer (tomllib)")
        text = path.read_text()
        try:
            data = tomllib.loads(text)
            return cls(
                build=dict(data["build"]),
                pyodide=str(data["pyodide"]["version"]),
                python=str(data["pyodide"]["python"]),
                wheels={_canon(k): str(v) for k, v in data["wheels"].items()},
                kernel_needs=tuple(_canon(n) for n in data["kernel"]["needs"]),
                omit=frozenset(_canon(n) for n in data["kernel"].get("omit", [])),
                text=text,
            )
        except (KeyError, TypeError, tomllib.TOMLDecodeError) as e:
            raise LiteBuildError(f"{path}: {type(e).__name__}: {e}") from None

    def constraints(self, names: Iterable[str] | None = None) -> str:
        """The pins (of ``names`` only, if given) as a pip constraints file."""
        pins: dict[str, str] = {_canon(k): v for k, v in self.build.items()}
        pins.update(self.wheels)
        if names is not None:
            keep = set(names)
            pins = {k: v for k, v in pins.items() if k in keep}
        return "".join(f"{name}=={version}\n" for name, version in sorted(pins.items()))


def _mismatch(what: str, wanted: str, found: str, where: str) -> LiteBuildError:
    return LiteBuildError(
        f"version mismatch: {what} is pinned to {wanted} in {_show(PINS_FILE)}, "
        f"but {where} has {found}; change the pins together"
    )


# ---------------------------------------------------------------------- helpers


def _run(command: Sequence[str | Path], **kw: Any) -> subprocess.CompletedProcess[str]:
    """Run a command; on failure raise with its output (pip and npm explain themselves)."""
    cmd = [str(c) for c in command]
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode:
        out = "\n".join(
            line for line in (proc.stdout + proc.stderr).splitlines()
            if "is ignored: it is neither a file nor a directory" not in line
        )
        raise LiteBuildError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{out[-4000:]}")
    return proc


def _show(path: Path) -> str:
    """A path as the user would type it: relative to the checkout when inside it."""
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _tree_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*")):
        # (compiled files are not in the site: its wheel is pure Python, see own_wheel)
        if (path.is_file() and "__pycache__" not in path.parts
                and path.suffix not in (".pyc", ".so", ".pyd")):
            yield path


def fingerprint(pins: Pins) -> str:
    """A hash of everything the site is built from (the checkout's files and the pins)."""
    h = hashlib.sha256(pins.text.encode())
    roots = [REPO / "dominolab", LITE, *(REPO / name for name in CONTENT)]
    singles = [REPO / "pyproject.toml", REPO / "hatch_build.py", Path(__file__).resolve()]
    for path in [*singles, *(p for root in roots if root.is_dir() for p in _tree_files(root))]:
        h.update(str(path.relative_to(REPO)).encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def is_fresh(pins: Pins | None = None, site: Path = SITE) -> bool:
    """Was ``site`` built from exactly this checkout and these pins?"""
    info = site / INFO_NAME
    if not info.is_file():
        return False
    try:
        recorded = json.loads(info.read_text()).get("fingerprint")
    except json.JSONDecodeError:
        return False
    return recorded == fingerprint(pins or Pins.read())


# ------------------------------------------------------------ the build environment


def build_env(pins: Pins) -> Path:
    """A virtual environment with the pinned build tools; returns its ``bin`` folder.

    anywidget and ipywidgets go in too: their lab extensions are what the site's
    front end uses, at the versions of the wheels the browser runs.
    """
    env = CACHE / "build-env"
    bindir = env / ("Scripts" if os.name == "nt" else "bin")
    stamp = env / "pins.txt"
    wanted = pins.constraints([*map(canonicalize_name, pins.build), *FRONT_END])
    if not (stamp.is_file() and stamp.read_text() == wanted):
        print(f"lite: installing the build tools into {_show(env)}", flush=True)
        shutil.rmtree(env, ignore_errors=True)
        _run([sys.executable, "-m", "venv", env])
        # the pinned pip first: the wheels for the browser are resolved with it
        _run([bindir / "python", "-m", "pip", "install", "--quiet", f"pip=={pins.build['pip']}"])
        constraints = CACHE / "build-constraints.txt"
        constraints.write_text(wanted)
        tools = [f"{name}=={version}" for name, version in pins.build.items() if name != "pip"]
        _run([bindir / "python", "-m", "pip", "install", "--quiet", "-c", constraints,
              *tools, *FRONT_END])
        stamp.write_text(wanted)
    return bindir


def check_build_env(pins: Pins, bindir: Path) -> dict:
    """The versions installed in the build environment, checked against the pins."""
    probe = (
        "import importlib.metadata as m, json\n"
        "from jupyterlite_pyodide_kernel import constants as c\n"
        "names = %r\n"
        "print(json.dumps({'versions': {n: m.version(n) for n in names},\n"
        "  'pyodide': c.PYODIDE_VERSION, 'python': c.PYODIDE_PYTHON_VERSION}))\n"
    ) % (sorted([*pins.build, *FRONT_END]),)
    found = json.loads(_run([bindir / "python", "-c", probe]).stdout)
    want: dict[str, str] = {_canon(k): v for k, v in pins.build.items()}
    want.update(pins.wheels)
    for name, version in found["versions"].items():
        pinned = want.get(_canon(name))
        if pinned and version != pinned:
            raise _mismatch(name, pinned, version, "the build environment")
    if found["pyodide"] != pins.pyodide:
        raise _mismatch("pyodide", pins.pyodide, found["pyodide"],
                        "jupyterlite-pyodide-kernel (PYODIDE_VERSION: the runtime it expects)")
    if found["python"] != pins.python:
        raise _mismatch("the Pyodide CPython", pins.python, found["python"],
                        "jupyterlite-pyodide-kernel (PYODIDE_PYTHON_VERSION)")
    return found


# ------------------------------------------------------------------- the runtime


def pyodide_runtime(pins: Pins) -> Path:
    """The npm package ``pyodide`` at the pinned version, unpacked; returns its folder."""
    npm = shutil.which("npm")
    if not npm:
        raise LiteBuildError("npm not found: the Pyodide runtime comes from the npm package "
                             "`pyodide` (install Node.js and npm)")
    target = CACHE / f"pyodide-{pins.pyodide}"
    if not (target / "package" / "package.json").is_file():
        downloads = CACHE / "npm"
        downloads.mkdir(parents=True, exist_ok=True)
        tgz = downloads / f"pyodide-{pins.pyodide}.tgz"
        if not tgz.is_file():
            print(f"lite: fetching pyodide@{pins.pyodide} from npm", flush=True)
            _run([npm, "pack", f"pyodide@{pins.pyodide}", "--pack-destination", downloads,
                  "--silent"])
        shutil.rmtree(target, ignore_errors=True)
        tmp = Path(tempfile.mkdtemp(dir=CACHE))
        unpack(tgz, tmp)
        tmp.rename(target)
    package = json.loads((target / "package" / "package.json").read_text())
    if package.get("version") != pins.pyodide:
        raise _mismatch("pyodide", pins.pyodide, str(package.get("version")),
                        f"the npm package in {_show(target)}")
    return target / "package"


def unpack(tgz: Path, into: Path) -> None:
    """Unpack an npm tarball into ``into``, refusing (a :class:`LiteBuildError`) a member
    that would land outside it.

    tarfile's own "data" filter does it where there is one (Python 3.10.12 and 3.11.4 on).
    On the Pythons before those (Debian 12's python3.11 is 3.11.2) only files and folders
    inside ``into`` are unpacked and anything else is refused: a link could lead a later
    member outside, and npm's tarballs hold none (``npm pack`` leaves links out).
    """
    root = into.resolve()
    with tarfile.open(tgz) as tar:
        if hasattr(tarfile, "data_filter"):
            try:
                tar.extractall(into, filter="data")
            except tarfile.FilterError as e:
                raise LiteBuildError(f"{tgz.name}: {e}") from None
            return
        for member in tar.getmembers():
            if not (member.isfile() or member.isdir()) \
                    or not (into / member.name).resolve().is_relative_to(root):
                raise LiteBuildError(f"{tgz.name}: {member.name!r} is not a file or folder "
                                     f"inside {_show(into)}")
        tar.extractall(into)  # noqa: S202  (every member checked above)


def runtime_info(runtime: Path, pins: Pins) -> tuple[dict, dict]:
    """The runtime lock's ``info`` and its micropip entry, checked against the pins."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    info = lock["info"]
    if not (info["python"] == pins.python or info["python"].startswith(pins.python + ".")):
        raise _mismatch("the Pyodide CPython", pins.python, info["python"],
                        f"pyodide@{pins.pyodide} (pyodide-lock.json)")
    micropip = lock["packages"].get("micropip", {})
    if micropip.get("version") != pins.wheels.get("micropip"):
        raise _mismatch("micropip", str(pins.wheels.get("micropip")),
                        str(micropip.get("version")), f"pyodide@{pins.pyodide} (pyodide-lock.json)")
    return info, micropip


# -------------------------------------------------------------------- the wheels


@dataclass
class Wheel:
    """One wheel that the site serves, as its pyodide-lock.json entry needs it."""

    path: Path
    name: str  # the project's name as its metadata spells it
    version: str
    requires: list[str]

    @property
    def key(self) -> str:
        return _canon(self.name)

    def imports(self) -> list[str]:
        """The top-level modules and packages in the wheel (what ``import`` names)."""
        names = set()
        with zipfile.ZipFile(self.path) as z:
            for member in z.namelist():
                top = member.split("/", 1)[0]
                # (a precompiled wheel's top-level __pycache__/ holds the bytecode of its
                # top-level modules, isympy.py or typing_extensions.py: not a package)
                if top.endswith((".dist-info", ".data")) or top == "__pycache__":
                    continue
                if "/" in member or member.endswith(".py"):
                    names.add(top.removesuffix(".py"))
        return sorted(n for n in names if n.isidentifier())


def _wheel_metadata(path: Path) -> tuple[str, str, list[str]]:
    with zipfile.ZipFile(path) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
    head = text.split("\n\n", 1)[0]
    fields: dict[str, list[str]] = {}
    for line in re.sub(r"\n[ \t]+", " ", head).splitlines():
        key, _, value = line.partition(":")
        fields.setdefault(key.strip().lower(), []).append(value.strip())
    return fields["name"][0], fields["version"][0], fields.get("requires-dist", [])


def browser_environment(python_full: str) -> dict[str, str]:
    """Marker values for the CPython inside Pyodide (PEP 508 environment markers)."""
    env = {k: str(v) for k, v in default_environment().items()}
    env.update(
        implementation_name="cpython",
        implementation_version=python_full,
        os_name="posix",
        platform_machine="wasm32",
        platform_python_implementation="CPython",
        platform_release="",
        platform_system="Emscripten",
        platform_version="",
        python_full_version=python_full,
        python_version=".".join(python_full.split(".")[:2]),
        sys_platform="emscripten",
    )
    return env


def browser_requires(requires: list[str], env: dict[str, str]) -> list[str]:
    """The names among ``requires`` (Requires-Dist lines) that a browser install needs."""
    names: list[str] = []
    for line in requires:
        req = Requirement(line)
        if req.marker is None or Marker(str(req.marker)).evaluate({**env, "extra": ""}):
            names.append(_canon(req.name))
    return names


def resolve_wheels(pins: Pins, bindir: Path, own_wheel: Path, python_full: str,
                   kernel_wheels: dict[str, Path]) -> list[Wheel]:
    """pip resolves dominolab and what the kernel needs to pure-Python wheels for the
    browser's CPython; returns the closure a browser install needs, kernel wheels first."""
    pip_target = [
        "--only-binary=:all:", f"--python-version={pins.python}",
        "--implementation=py", "--abi=none", "--platform=any",
    ]
    constraints = CACHE / "constraints.txt"
    constraints.write_text(pins.constraints())
    roots = [str(own_wheel), *pins.kernel_needs]
    report = CACHE / "resolve-report.json"
    try:
        # --target: older pips take the platform options only with it (nothing is written)
        _run([bindir / "python", "-m", "pip", "install", "--dry-run", "--ignore-installed",
              "--target", CACHE / "resolve-target", "--quiet", "--report", report,
              "-c", constraints, *pip_target, *roots])
    except LiteBuildError as e:
        raise LiteBuildError(
            "pip could not resolve pure-Python wheels for the browser's CPython "
            f"{pins.python} (a dependency with no py3-none-any wheel cannot run in "
            f"Pyodide from this site):\n{e}") from None
    resolved = {
        _canon(item["metadata"]["name"]): item["metadata"]["version"]
        for item in json.loads(report.read_text())["install"]
    }
    downloads = CACHE / "wheels"
    downloads.mkdir(parents=True, exist_ok=True)
    wanted = [f"{name}=={version}" for name, version in sorted(resolved.items())
              if name not in ("dominolab", *kernel_wheels)]
    _run([bindir / "python", "-m", "pip", "download", "--no-deps", "--quiet", "-d", downloads,
          *pip_target, *wanted])

    available: dict[str, Wheel] = {}
    for path in [*kernel_wheels.values(), own_wheel, *sorted(downloads.glob("*.whl"))]:
        name, version, requires = _wheel_metadata(path)
        key = _canon(name)
        if key in kernel_wheels and path != kernel_wheels[key]:
            continue  # the kernel's own stand-in wins over PyPI's package
        if key not in kernel_wheels and key != "dominolab" and resolved.get(key) != version:
            continue  # another version left in the download cache
        available[key] = Wheel(path, name, version, requires)

    env = browser_environment(python_full)
    order: list[str] = []
    todo = [*KERNEL_OWN, "dominolab", *pins.kernel_needs]
    while todo:
        key = todo.pop(0)
        if key in order or key in pins.omit:
            continue
        if key not in available:
            raise LiteBuildError(f"the browser needs {key}, which pip did not resolve "
                                 "(a dependency that only a browser install has?)")
        order.append(key)
        todo.extend(browser_requires(available[key].requires, env))
    served = [available[key] for key in order]
    unpinned = [w for w in served
                if w.key not in pins.wheels and w.key not in kernel_wheels and w.key != "dominolab"]
    if unpinned:
        print("lite: served but not pinned in lite/pins.toml (pin them for a reproducible "
              "site): " + ", ".join(f'{w.key} = "{w.version}"' for w in unpinned))
    for key, version in pins.wheels.items():
        got = available.get(key)
        if key in order and got and got.version != version:
            raise _mismatch(key, version, got.version, "the resolved wheels")
    return served


def kernel_wheels(bindir: Path) -> dict[str, Path]:
    """The wheels the Pyodide kernel's lab extension ships (pyodide-kernel, piplite, and
    its ipykernel and widgetsnbextension stand-ins), newest of each name."""
    pypi = bindir.parent / "share" / "jupyter" / "labextensions" / KERNEL_PLUGIN.split(":")[0]
    pypi = pypi / "static" / "pypi"
    found: dict[str, tuple[tuple[int, ...], Path]] = {}
    for path in pypi.glob("*.whl"):
        name, version, _ = _wheel_metadata(path)
        key = _canon(name)
        rank = tuple(int(p) for p in re.findall(r"\d+", version))
        if key not in found or rank > found[key][0]:
            found[key] = (rank, path)
    if "pyodide-kernel" not in found:
        raise LiteBuildError(f"no pyodide-kernel wheel in {pypi}")
    return {key: path for key, (_, path) in sorted(found.items())}


def own_wheel(bindir: Path) -> Path:
    """This checkout's dominolab wheel, built now."""
    dist = CACHE / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    dist.mkdir(parents=True)
    # a pure-Python wheel (Pyodide installs no other): without the C cross search, whose
    # Python twin runs in the browser (see hatch_build.py)
    _run([bindir / "python", "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, REPO],
         env={**os.environ, "DOMINOLAB_PURE": "1"})
    (wheel,) = dist.glob("dominolab-*.whl")
    return wheel


def lock_entry(wheel: Wheel, env: dict[str, str], served: set[str]) -> dict:
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.path.name,
        "install_dir": "site",
        "sha256": _sha256(wheel.path),
        "package_type": "package",
        "imports": wheel.imports(),
        "depends": sorted({d for d in browser_requires(wheel.requires, env) if d in served}),
        "unvendored_tests": False,
    }


# ------------------------------------------------------------- compiled wheels

# Bumped when the way wheels are compiled changes (the cache key of compiled wheels).
PYC_FORMAT = "1"
# Run by Node.js: Pyodide's own CPython compiles every module of the unpacked wheels
# mounted at /work into __pycache__/*.cpython-3XX.pyc ("unchecked-hash": valid whatever
# the files' times after unpacking). Tests are left uncompiled: no lesson imports them.
COMPILE_MJS = """
import { pathToFileURL } from "node:url";
const [runtime, work, python] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: runtime + "/" });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
const out = await py.runPythonAsync(`
import compileall, py_compile, re, sys, warnings
warnings.simplefilter("ignore")
assert sys.version.startswith("${python}"), sys.version
compileall.compile_dir("/work", quiet=2, rx=re.compile(r"/tests?/"),
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
sys.implementation.cache_tag
`);
console.log(out);
"""


def _zip_tree(tree: Path, target: Path) -> None:
    """Zip an unpacked wheel again, RECORD listing the added files (fixed timestamps,
    so that the same input gives the same bytes)."""
    dist_info = next(p for p in tree.iterdir() if p.name.endswith(".dist-info"))
    record = dist_info / "RECORD"
    listed = {line.split(",", 1)[0] for line in record.read_text().splitlines() if line}
    extra = []
    files = sorted(p for p in tree.rglob("*") if p.is_file())
    for path in files:
        rel = path.relative_to(tree).as_posix()
        if rel not in listed and path != record:
            digest = base64.urlsafe_b64encode(hashlib.sha256(path.read_bytes()).digest())
            extra.append(f"{rel},sha256={digest.decode().rstrip('=')},{path.stat().st_size}")
    if extra:
        with record.open("a") as f:
            f.write("".join(line + "\n" for line in extra))
    tmp = target.with_suffix(".partial")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        # the dist-info last, as wheels have it
        for path in sorted(files, key=lambda p: (p.is_relative_to(dist_info), str(p))):
            info = zipfile.ZipInfo(path.relative_to(tree).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    tmp.rename(target)


def precompile(served: list[Wheel], runtime: Path, pins: Pins) -> list[Wheel]:
    """The same wheels with their modules compiled to bytecode for the browser's CPython.

    Pyodide compiles a module's source each time a kernel imports it, and in the browser
    that is most of the import's time (IPython as the kernel starts, sympy in a lesson's
    first cell); compiled once here, with the CPython of the pinned Pyodide run by
    Node.js, the bytecode ships in the wheels. The sources stay (tracebacks show them).
    Compiled wheels are cached by the source wheel's sha256.
    """
    node = shutil.which("node")
    if not node:
        raise LiteBuildError("node not found: the wheels are compiled by Pyodide under "
                             "Node.js (install Node.js, which npm needs as well)")
    cache = CACHE / f"pyc-{pins.pyodide}-{PYC_FORMAT}"
    cache.mkdir(parents=True, exist_ok=True)
    targets = {w.key: cache / _sha256(w.path)[:24] / w.path.name for w in served}
    todo = [w for w in served if not targets[w.key].is_file()]
    if todo:
        print(f"lite: compiling {len(todo)} wheels to bytecode for Pyodide", flush=True)
        work = Path(tempfile.mkdtemp(dir=CACHE))
        try:
            for wheel in todo:
                with zipfile.ZipFile(wheel.path) as z:
                    z.extractall(work / wheel.key)
            script = work / "compile.mjs"
            script.write_text(COMPILE_MJS)
            _run([node, script, runtime, work, pins.python])
            script.unlink()
            for wheel in todo:
                targets[wheel.key].parent.mkdir(exist_ok=True)
                _zip_tree(work / wheel.key, targets[wheel.key])
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return [Wheel(targets[w.key], w.name, w.version, w.requires) for w in served]


# ---------------------------------------------------------------------- the site


def stage(pins: Pins, runtime: Path, info: dict, served: list[Wheel]) -> Path:
    """A JupyterLite project folder: config, lessons under files/, runtime and wheels."""
    lite_dir = CACHE / "stage"
    shutil.rmtree(lite_dir, ignore_errors=True)
    lite_dir.mkdir(parents=True)
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    plugin = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if plugin.get("disablePyPIFallback") is not True:
        raise LiteBuildError("lite/jupyter-lite.json must keep disablePyPIFallback: true "
                             "(the site must not ask PyPI for packages)")
    # The kernel's own packages load while Pyodide starts, side by side, instead of
    # one after another once it has started.
    preload = closure([*KERNEL_OWN, *pins.kernel_needs], served, info["python"])
    plugin.setdefault("loadPyodideOptions", {})["packages"] = [
        w.key for w in served if w.key in preload
    ]
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    (lite_dir / "overrides.json").write_text(json.dumps(_lab_overrides(), indent=2) + "\n")

    files = lite_dir / "files"
    files.mkdir()
    for name in CONTENT:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, files / name,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))

    static = lite_dir / "static" / "pyodide"
    static.mkdir(parents=True)
    # The kernel runs Pyodide in a module worker: the ES module is all it loads.
    runtime_files = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
    for name in runtime_files:
        shutil.copy2(runtime / name, static / name)
    env = browser_environment(info["python"])
    keys = {w.key for w in served}
    packages = {}
    for wheel in served:
        shutil.copy2(wheel.path, static / wheel.path.name)
        packages[wheel.key] = lock_entry(wheel, env, keys)
    lock = {"info": info, "packages": dict(sorted(packages.items()))}
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=2) + "\n")
    return lite_dir


def _lab_overrides() -> dict:
    """The settings that ``make lab`` gives JupyterLab (start the kernel unasked, fetch
    no news), read from dominolab/_labsettings.py without importing the package (the
    build needs nothing of it installed)."""
    spec = importlib.util.spec_from_file_location(
        "_dominolab_labsettings", REPO / "dominolab" / "_labsettings.py")
    if spec is None or spec.loader is None:
        raise LiteBuildError("dominolab/_labsettings.py cannot be read")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.OVERRIDES)


def closure(roots: Iterable[str], served: list[Wheel], python: str) -> set[str]:
    """The names in ``served`` that installing ``roots`` in the browser installs."""
    by_key = {w.key: w for w in served}
    env = browser_environment(python)
    seen: set[str] = set()
    todo = [_canon(r) for r in roots if _canon(r) in by_key]
    while todo:
        key = todo.pop()
        if key not in seen:
            seen.add(key)
            todo.extend(d for d in browser_requires(by_key[key].requires, env) if d in by_key)
    return seen


def jupyter_lite_build(bindir: Path, lite_dir: Path, output: Path) -> None:
    """``jupyter lite build`` of the staged project into ``output``, then ``jupyter lite
    check`` (with the same options: it reruns the build tasks that are not up to date)."""
    options: list[str | Path] = ["--lite-dir", lite_dir, "--output-dir", output, "--no-sourcemaps",
               "--contents", lite_dir / "files",
               "--settings-overrides", lite_dir / "overrides.json"]
    epoch = _source_date_epoch()
    if epoch:
        options += ["--source-date-epoch", str(epoch)]
    env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
    env.pop("JUPYTERLITE_PYODIDE_URL", None)  # the runtime is the staged one, not a download
    for step in ("build", "check"):
        _run([bindir / "jupyter", "lite", step, *options], cwd=lite_dir, env=env)


def _source_date_epoch() -> int | None:
    """The last commit's time, so that two builds of one commit write the same files."""
    with contextlib.suppress(OSError, subprocess.CalledProcessError, ValueError):
        out = subprocess.run(["git", "-C", str(REPO), "log", "-1", "--format=%ct"],
                             capture_output=True, text=True, check=True).stdout
        return int(out.strip())
    return None


def cdn_references(site: Path) -> list[str]:
    """Every place in the site's text files that names a CDN host (``path: context``)."""
    found = []
    for path in _tree_files(site):
        if path.suffix not in TEXT_SUFFIXES:
            continue
        text = path.read_text(errors="replace")
        for m in CDN.finditer(text):
            context = text[max(0, m.start() - 60):m.end() + 60].replace("\n", " ")
            found.append(f"{path.relative_to(site)}: ...{context}...")
    return found


def rewrite_cdn_fallbacks(site: Path) -> None:
    """Apply :data:`CDN_FALLBACKS` to the built site."""
    for pattern, old, new in CDN_FALLBACKS:
        count = 0
        for path in sorted(site.glob(pattern)):
            text = path.read_text()
            text, n = re.subn(old, new, text)
            if n:
                path.write_text(text)
                count += n
        if not count:
            raise LiteBuildError(
                f"no CDN fallback {old!r} in {pattern}: the pinned release changed; check "
                "CDN_FALLBACKS in tools/build_lite.py against it")


def kernel_settings(site: Path) -> dict:
    """The built site's settings of its Pyodide kernel (``pyodideUrl``, the packages it
    loads as it starts, ``disablePyPIFallback``), from its ``jupyter-lite.json``."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    return config["litePluginSettings"][KERNEL_PLUGIN]


def verify(site: Path, pins: Pins) -> dict:
    """Check the built site: the kernel's settings, every file of the lock, no CDN."""
    plugin = kernel_settings(site)
    pyodide_url = plugin.get("pyodideUrl", "")
    if not pyodide_url.startswith("./") or not (site / pyodide_url).is_file():
        raise LiteBuildError(f"the site's pyodideUrl is {pyodide_url!r}, not the runtime it "
                             "serves (the kernel would load Pyodide from a CDN)")
    if plugin.get("disablePyPIFallback") is not True:
        raise LiteBuildError("the built jupyter-lite.json lost disablePyPIFallback: true")
    runtime = (site / pyodide_url).parent
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    for key, entry in lock["packages"].items():
        wheel = runtime / entry["file_name"]
        if not wheel.is_file():
            raise LiteBuildError(f"pyodide-lock.json names {entry['file_name']}, "
                                 "which the site does not serve")
        if _sha256(wheel) != entry["sha256"]:
            raise LiteBuildError(f"{entry['file_name']}: sha256 differs from pyodide-lock.json")
        missing = [d for d in entry["depends"] if d not in lock["packages"]]
        if missing:
            raise LiteBuildError(f"{key} depends on {missing}, which the lock does not list")
    listed = {entry["file_name"] for entry in lock["packages"].values()}
    extra = sorted(p.name for p in runtime.glob("*.whl") if p.name not in listed)
    if extra:
        raise LiteBuildError(f"the site serves wheels its lock does not list: {extra}")
    lessons = sorted((site / "files" / "notebooks").glob("*.ipynb"))
    if not lessons:
        raise LiteBuildError("the site has no lessons (files/notebooks/*.ipynb)")
    cdn = cdn_references(site)
    if cdn:
        raise LiteBuildError("the site names a CDN host:\n  " + "\n  ".join(cdn[:20]))
    return lock


def build(force: bool = False, site: Path = SITE) -> Path:
    """Build the site into ``site`` (reusing it when fresh) and return its path."""
    pins = Pins.read()
    if not force and is_fresh(pins, site):
        print(f"lite: {_show(site)} is fresh (built from this checkout)", flush=True)
        return site
    CACHE.mkdir(exist_ok=True)
    bindir = build_env(pins)
    check_build_env(pins, bindir)
    runtime = pyodide_runtime(pins)
    info, _ = runtime_info(runtime, pins)
    print("lite: resolving wheels for the browser", flush=True)
    served = resolve_wheels(pins, bindir, own_wheel(bindir), info["python"], kernel_wheels(bindir))
    served = precompile(served, runtime, pins)
    lite_dir = stage(pins, runtime, info, served)
    output = site.with_name(site.name + ".partial")
    shutil.rmtree(output, ignore_errors=True)
    print("lite: jupyter lite build", flush=True)
    jupyter_lite_build(bindir, lite_dir, output)
    start_page(output)
    rewrite_cdn_fallbacks(output)
    lock = verify(output, pins)
    shutil.rmtree(site, ignore_errors=True)
    output.rename(site)
    size, count = site_size(site)
    (site / INFO_NAME).write_text(json.dumps({
        "fingerprint": fingerprint(pins),
        "pyodide": pins.pyodide,
        "python": info["python"],
        "build": pins.build,
        "wheels": {e["name"]: e["version"] for e in lock["packages"].values()},
        "lessons": sorted(p.name for p in (site / "files" / "notebooks").glob("*.ipynb")),
        "bytes": size,
        "files": count,
    }, indent=2) + "\n")
    print(f"lite: built {_show(site)}/ ({size / 1e6:.1f} MB in {count} files, "
          f"{len(lock['packages'])} wheels, Pyodide {pins.pyodide})", flush=True)
    return site


def start_page(site: Path) -> None:
    """The site's front page opens the first lesson in the one-document view (Jupyter
    Notebook's app, as ``make lab`` does: a phone gets the whole width; JupyterLab stays at
    ``lab/``).

    JupyterLite's root ``index.html`` stays (every app page reads its configuration
    element); a script before its loader sends a visitor of the bare address on to
    the first of the lessons.
    """
    lessons = sorted((site / "files" / "notebooks").glob("*.ipynb"))
    if not lessons:
        raise LiteBuildError("the site has no lessons (files/notebooks/*.ipynb)")
    index = site / "index.html"
    text = index.read_text()
    loader = '<script type="module">'
    if text.count(loader) != 1 or 'id="jupyter-config-data"' not in text:
        raise LiteBuildError(f"{index}: not the JupyterLite front page this build knows")
    target = json.dumps(f"./notebooks/index.html?path=notebooks/{lessons[0].name}")
    redirect = f"<script>window.location.replace({target});</script>\n    "
    index.write_text(text.replace(loader, redirect + loader))
    icon = site / "lab" / "favicon.ico"
    if icon.is_file():  # browsers ask the root for it whatever the page says
        shutil.copy2(icon, site / "favicon.ico")


def site_size(site: Path) -> tuple[int, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


# ----------------------------------------------------------------------- serving


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/octet-stream",
    }

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # a browser that hung up is not


def server(site: Path = SITE, port: int = 0, *, quiet: bool = True) -> http.server.HTTPServer:
    """An HTTP server for ``site`` on 127.0.0.1 (``port`` 0: a free one); not started."""
    handler = _QuietHandler if quiet else http.server.SimpleHTTPRequestHandler
    return _Server(
        ("127.0.0.1", port), functools.partial(handler, directory=str(site)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="build even if the site is fresh")
    parser.add_argument("--serve", action="store_true", help="then serve it on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--check-fresh", action="store_true",
                        help="only say whether _site/ is fresh (exit 1 if not)")
    args = parser.parse_args(argv)
    try:
        if args.check_fresh:
            fresh = is_fresh()
            print("fresh" if fresh else "stale")
            return 0 if fresh else 1
        site = build(force=args.force)
    except LiteBuildError as e:
        print(f"lite: error: {e}", file=sys.stderr)
        return 1
    if args.serve:
        httpd = server(site, args.port, quiet=False)
        host, port = httpd.server_address[:2]
        host = host.decode() if isinstance(host, bytes) else host
        print(f"lite: serving {_show(site)}/ at http://{host}:{port}/ (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
