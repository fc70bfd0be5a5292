"""The message catalogs: extract the English messages, merge them into the Russian
catalog, compile it.

    python tools/i18n.py extract   # dominolab/locale/dominolab.pot, merged into ru/…/dominolab.po
    python tools/i18n.py compile   # ru/…/dominolab.po -> dominolab.mo (what gettext reads)
    python tools/i18n.py status    # how many messages are untranslated or fuzzy (exit 1 if any)

The messages come from two places: the code (calls of ``tr``/``_``, ``N_`` and
``ngettext``, ``pgettext``, found by Babel's Python extractor) and the data that holds English
text — the exercises and the teacher's notes (objectives, timing plan, misconceptions:
what the teacher's pack shows) of every lesson that has a Russian notebook
(``notebooks/ru/NN-*.ipynb``: translating a lesson's exercises goes with translating
the lesson) and the variants' titles. After ``extract`` the new messages are in the
``.po`` with an empty ``msgstr``; translate them, then ``compile``.
``tests/test_i18n.py`` checks that the template is up to date, that nothing is
untranslated or fuzzy, that the placeholders agree, and that the ``.mo`` says what the
``.po`` says.
"""

from __future__ import annotations

import datetime
import io
import pathlib
import re
import sys
from collections.abc import Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dominolab.i18n import DOMAIN, LOCALE_DIR  # noqa: E402

POT = LOCALE_DIR / f"{DOMAIN}.pot"
LANGS = ("ru",)
KEYWORDS = {"tr": None, "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: fixed dates keep the files' bytes the same from one run to the next
STAMP = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)


def po_path(lang: str) -> pathlib.Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def translated_lessons() -> list[str]:
    """Lesson numbers with a Russian notebook (their exercises go into the catalog)."""
    return sorted({p.name[:2] for p in (ROOT / "notebooks" / "ru").glob("[0-9][0-9]-*.ipynb")}
                  - {"00"})


def _answer_texts(answer: object) -> Iterator[str]:
    """The English texts an answer checker shows: its foreseen wrong answers' messages,
    a choice's options, a free-text model answer."""
    # a witness's foreseen wrong answers carry a word its verdict contains, not a message
    wrong = [] if type(answer).__name__ == "Witness" else answer.declared_wrong()  # type: ignore[attr-defined]
    for _, msg in wrong:
        if isinstance(msg, str):
            yield msg
    for option in getattr(answer, "options", ()) or ():
        if isinstance(option, tuple):
            yield from (x for x in option if isinstance(x, str) and x)
    # what to answer, when the lesson's data says it (the built-in kinds word it themselves)
    own = type(answer).__name__ not in ("Exact", "Approx", "Formula", "Choice", "FreeText")
    for name in ("model", "truth") + (("expects", "instructions") if own else ()):
        text = getattr(answer, name, None)
        if isinstance(text, str) and text:
            yield text


def data_messages() -> Iterator[tuple[str, str]]:
    """(message, where) from the exercise data and the variants' titles."""
    from dominolab.games.variants import VARIANTS
    from dominolab.teach import lesson
    from dominolab.teach.model import seed_rng

    for name in sorted(VARIANTS):
        yield VARIANTS[name].title, f"dominolab/games/variants ({name}: title)"
    for number in translated_lessons():
        les = lesson(number)
        # the teacher's notes, which the Russian teacher's pack shows (dominolab.teach.pack)
        where = f"dominolab/teach/course (lesson {number}: teacher's notes)"
        yield from ((t, where) for t in (les.title, les.question, *les.objectives,
                                         *les.prerequisites, *les.materials,
                                         *(x.what for x in les.timing),
                                         *(t for m in les.misconceptions
                                           for t in (m.belief, m.why, m.remedy)),
                                         les.extension) if t)
        for s in les.exercises:
            where = f"dominolab/teach/course (exercise {s.id})"
            yield s.title, where
            yield s.statement, where
            yield from ((h, where) for h in s.hints)
            yield s.solution, where
            for rng in (None, seed_rng(s.id, 1), seed_rng(s.id, 2)):
                try:
                    answer = s.answer(s.make_params(rng, {}))
                except Exception:  # noqa: BLE001 - an exercise that needs a context object
                    continue
                yield from ((m, where) for m in _answer_texts(answer))


def template() -> Catalog:
    cat = Catalog(project="dominolab", version="0.1", creation_date=STAMP,
                  revision_date=STAMP, fuzzy=False, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "dominolab"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if message in ("", ()) or (isinstance(message, tuple) and not all(message)):
            continue
        cat.add(message, locations=[(f"dominolab/{filename}", lineno)],
                auto_comments=comments, context=context,
                flags=("python-format",) if isinstance(message, tuple) else ())
    # a text the data shows that a code message made ("the double 6:6 shows …" from
    # tr("the double {v}:{v} shows …").format(v=6)) is translated through that message
    # (each field filled with a short value: a number, a tile)
    # (a template with few words of its own, "{rest} or {last}" or "{tile} at the {end}",
    # makes nothing: it would match any text with "or" or "at the" in it, such as the
    # lesson title "Pigeonhole at the table")
    made = [re.compile(re.sub(r"\\\{[a-z_]*\\\}", "(.+?)", re.escape(m.id)) + "$", re.S)
            for m in cat if isinstance(m.id, str) and re.search(r"\{[a-z_]*\}", m.id)
            and len(re.sub(r"\{[a-z_]*\}|\W", "", m.id)) >= 8]

    def from_code(message: str) -> bool:
        return any((hit := r.match(message)) and all(len(g) <= 12 for g in hit.groups())
                   for r in made)

    for message, where in data_messages():
        if message.strip() and not from_code(message):
            cat.add(message, locations=[(where, None)])
    return cat


def _write(cat: Catalog, path: pathlib.Path, keep_obsolete: bool = False) -> None:
    buf = io.BytesIO()
    # a translation whose English left the code stays at the end of the .po (#~), so that
    # it is not lost if the English comes back
    write_po(buf, cat, width=96, sort_output=True, ignore_obsolete=not keep_obsolete,
             include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def read(path: pathlib.Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def extract() -> None:
    tmpl = template()
    _write(tmpl, POT)
    for lang in LANGS:
        path = po_path(lang)
        if path.exists():
            cat = read(path, lang)
        else:
            cat = Catalog(locale=lang, project="dominolab", version="0.1",
                          creation_date=STAMP, revision_date=STAMP, fuzzy=False)
        cat.update(tmpl, no_fuzzy_matching=True)
        cat.revision_date = STAMP
        _write(cat, path, keep_obsolete=True)
    print(f"{len(tmpl)} messages in {POT.relative_to(ROOT)}")


def compile_catalogs() -> None:
    for lang in LANGS:
        cat = read(po_path(lang), lang)
        buf = io.BytesIO()
        write_mo(buf, cat, use_fuzzy=False)
        po_path(lang).with_suffix(".mo").write_bytes(buf.getvalue())
        print(f"{po_path(lang).with_suffix('.mo').relative_to(ROOT)}: {len(cat)} messages")


def problems(lang: str) -> list[str]:
    """What is wrong with a catalog: untranslated, fuzzy, placeholders that differ."""
    cat = read(po_path(lang), lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strs = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if m.fuzzy:
            out.append(f"fuzzy: {ids[0][:60]!r}")
        if not all(strs) or (isinstance(m.id, (tuple, list)) and len(strs) != cat.num_plurals):
            out.append(f"untranslated: {ids[0][:60]!r}")
            continue
        want = placeholders(ids[-1]) | placeholders(ids[0])
        for s in strs:
            # a plural form may leave out its number, and Russian has no English "{s}" ending
            if placeholders(s) - want or (placeholders(ids[0]) - {"{n}", "{s}"}) - placeholders(s):
                out.append(f"placeholders differ: {ids[0][:60]!r}")
                break
    return out


_FIELD = re.compile(r"\{[a-z_]*\}|\$\{?[a-z_][a-z_0-9]*\}?|%[sd]")


def placeholders(text: str) -> set[str]:
    """The ``{name}``, ``$name``/``${name}`` and ``%s`` fields of a message."""
    return {f.replace("${", "$").rstrip("}") if f.startswith("$") else f
            for f in _FIELD.findall(text)}


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else "status"
    if what == "extract":
        extract()
    elif what == "compile":
        compile_catalogs()
    elif what == "status":
        bad = [p for lang in LANGS for p in problems(lang)]
        print("\n".join(bad) or "every message translated")
        return 1 if bad else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
