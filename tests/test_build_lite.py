"""The browser-site build (tools/build_lite.py) without a browser or the network:
pins, version checks, dependency markers, lock entries, CDN rewriting."""

from __future__ import annotations

import base64
import hashlib
import json
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import build_lite  # noqa: E402
from build_lite import LiteBuildError  # noqa: E402


def test_the_pins_file_pins_what_the_build_checks():
    pins = build_lite.Pins.read()
    assert pins.pyodide.count(".") == 2 and pins.python.count(".") == 1
    for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        assert pins.build[name].count(".") == 2
    for name in (*build_lite.FRONT_END, "micropip", "sympy", "networkx"):
        assert name in pins.wheels
    assert set(pins.kernel_needs) >= {"micropip", "ipython", "comm"}
    constraints = pins.constraints(["anywidget"]).splitlines()
    assert constraints == [f"anywidget=={pins.wheels['anywidget']}"]


def _runtime(tmp_path, *, python="3.14.2", micropip="0.11.1") -> Path:
    runtime = tmp_path / "package"
    runtime.mkdir()
    lock = {"info": {"python": python, "abi_version": "2026_0", "arch": "wasm32",
                     "platform": "emscripten_5_0_3"},
            "packages": {"micropip": {"name": "micropip", "version": micropip}}}
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock))
    return runtime


def test_a_runtime_for_another_python_or_micropip_is_a_clear_error(tmp_path):
    pins = build_lite.Pins.read()
    (tmp_path / "ok").mkdir()
    good = _runtime(tmp_path / "ok", python=pins.python + ".2", micropip=pins.wheels["micropip"])
    info, _ = build_lite.runtime_info(good, pins)
    assert info["python"] == pins.python + ".2"
    with pytest.raises(LiteBuildError, match=r"pinned to 3\.14 .* has 3\.13\.1"):
        build_lite.runtime_info(_runtime(tmp_path, python="3.13.1"), pins)
    (tmp_path / "m").mkdir()
    with pytest.raises(LiteBuildError, match=r"micropip is pinned to .* has 0\.9\.0"):
        build_lite.runtime_info(_runtime(tmp_path / "m", micropip="0.9.0"), pins)


def test_an_npm_package_of_another_version_is_a_clear_error(tmp_path, monkeypatch):
    pins = build_lite.Pins.read()
    monkeypatch.setattr(build_lite, "CACHE", tmp_path)
    monkeypatch.setattr(build_lite.shutil, "which", lambda name: f"/usr/bin/{name}")
    package = tmp_path / f"pyodide-{pins.pyodide}" / "package"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "pyodide", "version": "0.1.0"}))
    with pytest.raises(LiteBuildError, match=rf"pyodide is pinned to {pins.pyodide}.* has 0\.1\.0"):
        build_lite.pyodide_runtime(pins)


def test_browser_dependencies_follow_the_emscripten_markers():
    env = build_lite.browser_environment("3.14.2")
    requires = [
        'colorama>=0.4.4; sys_platform == "win32"',
        "decorator>=5.1.0",
        'pexpect>4.6; sys_platform != "win32" and sys_platform != "emscripten"',
        'typing_extensions; python_version < "3.12"',
        'pytest>=7.0.0; extra == "test"',
        "Prompt_Toolkit<3.1.0,>=3.0.41",
    ]
    assert build_lite.browser_requires(requires, env) == ["decorator", "prompt-toolkit"]


def _wheel(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def test_a_lock_entry_names_the_wheel_its_imports_and_browser_dependencies(tmp_path):
    whl = _wheel(tmp_path / "demo_pkg-1.2-py3-none-any.whl", {
        "demo/__init__.py": "",
        "demo/sub/x.py": "",
        "helper.py": "",
        "__pycache__/helper.cpython-314.pyc": "",
        "demo/__pycache__/__init__.cpython-314.pyc": "",
        "demo_pkg-1.2.dist-info/METADATA":
            "Metadata-Version: 2.1\nName: Demo_Pkg\nVersion: 1.2\n"
            "Requires-Dist: sympy>=1\nRequires-Dist: pexpect; sys_platform != 'emscripten'\n"
            "Requires-Dist: absent\n\nlong description: Name: not this\n",
        "demo_pkg-1.2.dist-info/RECORD": "",
    })
    name, version, requires = build_lite._wheel_metadata(whl)
    wheel = build_lite.Wheel(whl, name, version, requires)
    assert (wheel.key, wheel.imports()) == ("demo-pkg", ["demo", "helper"])
    entry = build_lite.lock_entry(wheel, build_lite.browser_environment("3.14.2"),
                                  {"demo-pkg", "sympy"})
    assert entry["depends"] == ["sympy"]  # pexpect: not in a browser; absent: not served
    assert entry["sha256"] == hashlib.sha256(whl.read_bytes()).hexdigest()
    assert (entry["name"], entry["version"], entry["file_name"]) == (
        "Demo_Pkg", "1.2", whl.name)


def test_a_rezipped_wheel_records_the_added_bytecode(tmp_path):
    tree = tmp_path / "tree"
    (tree / "demo" / "__pycache__").mkdir(parents=True)
    (tree / "demo-1.0.dist-info").mkdir()
    (tree / "demo" / "__init__.py").write_text("x = 1\n")
    (tree / "demo" / "__pycache__" / "__init__.cpython-314.pyc").write_bytes(b"\x00pyc")
    (tree / "demo-1.0.dist-info" / "RECORD").write_text(
        "demo/__init__.py,sha256=abc,6\ndemo-1.0.dist-info/RECORD,,\n")
    target = tmp_path / "demo-1.0-py3-none-any.whl"
    build_lite._zip_tree(tree, target)
    with zipfile.ZipFile(target) as z:
        names = z.namelist()
        record = z.read("demo-1.0.dist-info/RECORD").decode().splitlines()
    assert names[-1] == "demo-1.0.dist-info/RECORD"  # the dist-info last
    digest = base64.urlsafe_b64encode(hashlib.sha256(b"\x00pyc").digest()).decode().rstrip("=")
    assert f"demo/__pycache__/__init__.cpython-314.pyc,sha256={digest},4" in record
    first = target.read_bytes()
    build_lite._zip_tree(tree, target)  # the RECORD now lists it: nothing is added twice
    assert target.read_bytes() == first


def test_cdn_fallbacks_are_rewritten_and_a_missing_one_stops_the_build(tmp_path):
    site = tmp_path / "site"
    ext = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    (ext / "schema").mkdir(parents=True)
    (site / "static" / "pyodide").mkdir(parents=True)
    cdn = "https://cdn.jsdelivr.net/pyodide/v314.0.6/full"
    (ext / "716.abc.js").write_text(f'c=a.pyodideUrl||"{cdn}/pyodide.mjs",g=1')
    (ext / "schema" / "kernel.v0.schema.json").write_text(f'{{"default": "{cdn}/pyodide.mjs"}}')
    (site / "static" / "pyodide" / "pyodide.mjs").write_text(
        "e.cdnUrl=k(e.packageBaseUrl??`https://cdn.jsdelivr.net/pyodide/v${U}/full/`)")
    assert len(build_lite.cdn_references(site)) == 3
    build_lite.rewrite_cdn_fallbacks(site)
    assert build_lite.cdn_references(site) == []
    assert '"../static/pyodide/pyodide.mjs"' in (ext / "716.abc.js").read_text()
    with pytest.raises(LiteBuildError, match="no CDN fallback"):
        build_lite.rewrite_cdn_fallbacks(site)  # nothing left to rewrite: a changed release


def test_a_site_without_build_info_is_not_fresh(tmp_path):
    assert not build_lite.is_fresh(site=tmp_path)
    (tmp_path / build_lite.INFO_NAME).write_text('{"fingerprint": "0"}')
    assert not build_lite.is_fresh(site=tmp_path)


def test_the_front_page_opens_the_first_lesson_in_the_one_document_view(tmp_path):
    (tmp_path / "files" / "notebooks").mkdir(parents=True)
    (tmp_path / "files" / "notebooks" / "00-start-here.ipynb").write_text("{}")
    (tmp_path / "index.html").write_text('<html><script id="jupyter-config-data"></script>'
                                         '<script type="module">load()</script></html>')
    build_lite.start_page(tmp_path)
    page = (tmp_path / "index.html").read_text()
    assert 'window.location.replace("./notebooks/index.html?path=notebooks/00-start-here.ipynb")' \
        in page
    assert page.index("window.location") < page.index('<script type="module">')


def _tarball(path: Path, members: dict[str, str]) -> Path:
    import io
    import tarfile

    with tarfile.open(path, "w:gz") as tar:
        for name, text in members.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


@pytest.mark.parametrize("python", ["with tarfile's data filter", "before it (3.11.2)"])
def test_an_npm_tarball_is_unpacked_inside_its_folder_only(tmp_path, monkeypatch, python):
    import io
    import tarfile

    if python.startswith("before"):
        monkeypatch.delattr(tarfile, "data_filter", raising=False)
    elif not hasattr(tarfile, "data_filter"):
        pytest.skip("this Python's tarfile has no data filter")
    good = _tarball(tmp_path / "good.tgz", {"package/package.json": '{"version": "1"}',
                                            "package/lib/a.js": "x"})
    (tmp_path / "out").mkdir()
    build_lite.unpack(good, tmp_path / "out")
    assert (tmp_path / "out" / "package" / "package.json").read_text() == '{"version": "1"}'
    assert (tmp_path / "out" / "package" / "lib" / "a.js").read_text() == "x"

    bad = _tarball(tmp_path / "bad.tgz", {"package/ok.js": "x", "../outside.js": "y"})
    (tmp_path / "out2").mkdir()
    with pytest.raises(LiteBuildError, match="bad.tgz"):
        build_lite.unpack(bad, tmp_path / "out2")
    assert not (tmp_path / "outside.js").exists()

    # a link out of the folder, then a file written through it
    linked = tmp_path / "linked.tgz"
    with tarfile.open(linked, "w:gz") as tar:
        link = tarfile.TarInfo("package/up")
        link.type, link.linkname = tarfile.SYMTYPE, "../.."
        tar.addfile(link)
        data = b"z"
        through = tarfile.TarInfo("package/up/through.js")
        through.size = len(data)
        tar.addfile(through, io.BytesIO(data))
    (tmp_path / "out3").mkdir()
    with pytest.raises(LiteBuildError, match="linked.tgz"):
        build_lite.unpack(linked, tmp_path / "out3")
    assert not (tmp_path / "through.js").exists()
