"""Keep the Russian lessons (notebooks/ru/) in step with the English ones.

A Russian lesson is the English notebook with its markdown cells in Russian: the same
code cells, in the same order, after one first cell that chooses Russian
(``dominolab.set_language("ru")``), so the exercises, the widgets and every message
speak Russian while computing exactly what the English lesson computes. Each Russian
markdown cell remembers which English text it translates (``metadata.dominolab.en``,
a short hash), so a changed English cell shows up as stale.

    python tools/translate_notebook.py sync 05-counting-rings.ipynb   # create or update
    python tools/translate_notebook.py status                         # what is left to do
    python tools/translate_notebook.py run 05-counting-rings.ipynb    # execute, store outputs

``sync`` copies the English code cells (keeping the stored outputs of those that did not
change) and keeps every Russian markdown cell whose English text is unchanged; a new
English cell comes in English, marked ``untranslated``, a changed one keeps its old
Russian, marked ``stale``. Translate those cells (in JupyterLab or any editor), remove
the mark, run ``sync`` again (it refreshes the hashes of translated cells), then ``run``.
A new lesson's exercises are translated in the catalog: ``python tools/i18n.py
extract`` adds their texts to ``dominolab/locale/ru/LC_MESSAGES/dominolab.po`` as soon
as ``notebooks/ru/NN-….ipynb`` exists; translate them and ``python tools/i18n.py
compile``. ``tests/test_i18n.py`` fails while anything is untranslated or stale.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
EN_DIR = ROOT / "notebooks"
RU_DIR = EN_DIR / "ru"
SETUP = 'import dominolab\ndominolab.set_language("ru")   # урок по-русски: задачи и виджеты тоже'


def en_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _load(path: pathlib.Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _save(nb: dict, path: pathlib.Path) -> None:
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _src(cell: dict) -> str:
    return "".join(cell["source"])


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _setup_cell() -> dict:
    return {"cell_type": "code", "execution_count": None, "id": "ru-setup",
            "metadata": {"dominolab": {"role": "language"}}, "outputs": [],
            "source": _lines(SETUP)}


def marks(cell: dict) -> dict:
    return cell.get("metadata", {}).get("dominolab", {})


def sync(name: str) -> pathlib.Path:
    """Create or update ``notebooks/ru/<name>`` from ``notebooks/<name>``."""
    en = _load(EN_DIR / name)
    path = RU_DIR / name
    old = _load(path) if path.exists() else {"cells": []}
    old_md = [c for c in old["cells"] if c["cell_type"] == "markdown"]
    by_hash = {marks(c).get("en"): c for c in old_md if marks(c).get("en")}
    old_code = [c for c in old["cells"] if c["cell_type"] == "code"
                and marks(c).get("role") != "language"]
    cells = [next((c for c in old["cells"] if marks(c).get("role") == "language"),
                  _setup_cell())]
    md_index = code_index = 0
    for cell in en["cells"]:
        if cell["cell_type"] == "code":
            new = json.loads(json.dumps(cell))
            if code_index < len(old_code) and _src(old_code[code_index]) == _src(cell):
                new["outputs"] = old_code[code_index].get("outputs", [])
                new["execution_count"] = old_code[code_index].get("execution_count")
            else:
                new["outputs"], new["execution_count"] = [], None
            new.get("metadata", {}).pop("execution", None)
            code_index += 1
            cells.append(new)
            continue
        h = en_hash(_src(cell))
        ru = by_hash.get(h)
        if ru is None and md_index < len(old_md):
            ru = json.loads(json.dumps(old_md[md_index]))
            if not marks(ru).get("untranslated"):
                ru.setdefault("metadata", {}).setdefault("dominolab", {})["stale"] = True
        if ru is None:
            ru = json.loads(json.dumps(cell))
            ru.setdefault("metadata", {})["dominolab"] = {"untranslated": True}
        # the hash of the English text as it is now, also on a cell marked stale: once
        # the translator has revised it and removed the mark, the next sync keeps it
        ru.setdefault("metadata", {}).setdefault("dominolab", {})["en"] = h
        md_index += 1
        ru["id"] = cell.get("id", ru.get("id", f"md-{md_index}"))
        cells.append(ru)
    out = {**en, "cells": cells}
    if (out.get("nbformat", 4), out.get("nbformat_minor", 0)) < (4, 5):
        # cell ids came with nbformat 4.5: in an older lesson an id makes the notebook
        # invalid (the server reports "Notebook validation failed" when it is opened)
        for c in cells:
            c.pop("id", None)
    out["metadata"] = {**en.get("metadata", {}), "language_info": en.get("metadata", {})
                       .get("language_info", {"name": "python"})}
    RU_DIR.mkdir(exist_ok=True)
    _save(out, path)
    return path


def status() -> list[str]:
    """Lessons without a Russian version, and Russian cells to translate or revise."""
    out = []
    for en in sorted(EN_DIR.glob("*.ipynb")):
        ru = RU_DIR / en.name
        if not ru.exists():
            out.append(f"{en.name}: no Russian version")
            continue
        en_md = {en_hash(_src(c)) for c in _load(en)["cells"] if c["cell_type"] == "markdown"}
        for i, c in enumerate(_load(ru)["cells"]):
            if c["cell_type"] != "markdown":
                continue
            m = marks(c)
            if m.get("untranslated"):
                out.append(f"ru/{en.name} cell {i}: untranslated")
            elif m.get("stale") or m.get("en") not in en_md:
                out.append(f"ru/{en.name} cell {i}: the English text changed (stale)")
    return out


def run(name: str) -> None:
    """Execute ``notebooks/ru/<name>`` in this environment's kernel and store its outputs."""
    import nbformat
    from nbclient import NotebookClient

    path = RU_DIR / name
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(RU_DIR)}}).execute()
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[1] == "status":
        left = status()
        print("\n".join(left) or "every lesson is in Russian")
        return 0
    if len(argv) >= 3 and argv[1] in ("sync", "run"):
        for name in argv[2:]:
            name = pathlib.Path(name).name
            if argv[1] == "sync":
                print(sync(name).relative_to(ROOT))
            else:
                run(name)
                print(f"ran notebooks/ru/{name}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
