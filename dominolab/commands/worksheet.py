"""``dominolab worksheet 04`` and ``dominolab pack 04``: printable sheets and the teacher's pack.

``worksheet LESSON`` writes the lesson's worksheet as one HTML page that prints
on A4 (``--answers`` for the answer key; ``--seed`` once per student for
per-student variants, one sheet each); ``--pdf`` prints it to PDF with
Chromium when it is installed. ``pack LESSON`` writes the teacher's pack
(Markdown, or HTML with ``--html``); ``pack all --out-dir DIR`` writes every
lesson's pack, worksheet and answer key (the files in ``notebooks/teachers/``).
``dominolab --lang ru pack all --out-dir notebooks/teachers/ru`` writes them in Russian
(the files in ``notebooks/teachers/ru/``), and so do ``worksheet`` and ``pack`` one lesson.

>>> import tempfile, pathlib
>>> from dominolab.cli import main
>>> out = pathlib.Path(tempfile.mkdtemp()) / "sheet.html"
>>> main(["worksheet", "04", "--out", str(out), "--seed", "7"])
wrote the worksheet of lesson 04 (1 sheet) to sheet.html
0
>>> "variant 7" in out.read_text()
True
>>> main(["worksheet", "99"])       # the message goes to standard error
2
>>> main(["--lang", "ru", "worksheet", "04", "--out", str(out)])
листок урока 04 (1 лист) записан в sheet.html
0
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile
from typing import Any

from ..errors import DominoError
from ..i18n import ngettext, tr
from ..teach import lesson as get_lesson
from ..teach.catalogue import LESSON_MODULES
from ..teach.pack import FILES, pack_html, pack_markdown, worksheet_html

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")


def _write(text: str, out: str | None) -> str:
    if out is None or out == "-":
        sys.stdout.write(text)
        return "standard output"
    path = pathlib.Path(out)
    path.write_text(text, encoding="utf-8")
    return path.name


def print_pdf(html_text: str, out: pathlib.Path) -> None:
    """Print an HTML page to an A4 PDF with headless Chromium (no PDF library needed)."""
    browser = next((b for b in (shutil.which(c) for c in CHROMIUM) if b), None)
    if browser is None:
        raise DominoError(tr("--pdf needs Chromium (apt-get install chromium); the HTML "
                             "prints on A4 from any browser"))
    with tempfile.TemporaryDirectory() as tmp:
        page = pathlib.Path(tmp) / "sheet.html"
        page.write_text(html_text, encoding="utf-8")
        cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--no-pdf-header-footer", f"--print-to-pdf={out.resolve()}", page.as_uri()]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0 or not out.exists():
        raise DominoError(tr("Chromium could not print the PDF: {why}").format(
            why=done.stderr.strip()[-300:]))


def _cmd_worksheet(args: argparse.Namespace) -> int:
    seeds = args.seed or None
    text = worksheet_html(args.lesson, answers=args.answers, seeds=seeds)
    les = get_lesson(args.lesson)
    count = len(seeds) if seeds else 1
    if args.pdf:
        default = f"{les.number}-{'answers' if args.answers else 'worksheet'}.pdf"
        out = pathlib.Path(args.out or default)
        print_pdf(text, out)
        where = out.name
    else:
        where = _write(text, args.out)
    if where != "standard output":
        sheets = ngettext("{n} sheet", "{n} sheets", count).format(n=count)
        done = (tr("wrote the answer key of lesson {number} ({sheets}) to {where}")
                if args.answers else
                tr("wrote the worksheet of lesson {number} ({sheets}) to {where}"))
        print(done.format(number=les.number, sheets=sheets, where=where))
    return 0


def _cmd_pack(args: argparse.Namespace) -> int:
    if args.lesson == "all":
        folder = pathlib.Path(args.out_dir or ".")
        folder.mkdir(parents=True, exist_ok=True)
        for num in LESSON_MODULES:
            names = {k: v.format(num=num) for k, v in FILES.items()}
            (folder / names["pack"]).write_text(pack_markdown(num), encoding="utf-8")
            (folder / names["worksheet"]).write_text(worksheet_html(num), encoding="utf-8")
            (folder / names["answers"]).write_text(worksheet_html(num, answers=True),
                                                   encoding="utf-8")
        print(ngettext("wrote the pack of {n} lesson to {folder}",
                       "wrote the packs of {n} lessons to {folder}",
                       len(LESSON_MODULES)).format(n=len(LESSON_MODULES), folder=folder))
        return 0
    text = pack_html(args.lesson) if args.html else pack_markdown(args.lesson)
    where = _write(text, args.out)
    if where != "standard output":
        print(tr("wrote the teacher's pack of lesson {number} to {where}").format(
            number=get_lesson(args.lesson).number, where=where))
    return 0


def register(sub: Any) -> None:  # argparse's private _SubParsersAction
    p = sub.add_parser("worksheet", help=tr("a lesson's printable worksheet (A4 HTML, or PDF)"))
    p.add_argument("lesson", help=tr("lesson number, e.g. 04"))
    p.add_argument("--out", help=tr("output file (default: standard output)"))
    p.add_argument("--answers", action="store_true",
                   help=tr("the answer key and worked solutions"))
    p.add_argument("--seed", action="append", metavar="SEED",
                   help=tr("a student's variant (repeat for one sheet per student)"))
    p.add_argument("--pdf", action="store_true", help=tr("print to PDF with Chromium"))
    p.set_defaults(func=_cmd_worksheet)
    q = sub.add_parser("pack", help=tr("a lesson's teacher's pack (or 'all': every lesson's "
                                       "files)"))
    q.add_argument("lesson", help=tr("lesson number, e.g. 04, or 'all'"))
    q.add_argument("--out", help=tr("output file (default: standard output)"))
    q.add_argument("--html", action="store_true",
                   help=tr("HTML for printing instead of Markdown"))
    q.add_argument("--out-dir", help=tr("with 'all': the folder to write to"))
    q.set_defaults(func=_cmd_pack)
