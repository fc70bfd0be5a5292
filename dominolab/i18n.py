"""Languages: every message in English, with a Russian catalog beside it.

The English text in the code is the message id; the Russian lives in one
gettext catalog, ``dominolab/locale/ru/LC_MESSAGES/dominolab.po`` (compiled
to the ``.mo`` beside it by ``python tools/i18n.py compile``). The catalog
covers the command line, the widgets' words and the exercises' texts (the
exercises are data in :mod:`dominolab.teach.course`; their English texts are
message ids too, so one exercise has one checker and two languages of text).

At run time only the standard library's :mod:`gettext` reads the ``.mo``
(nothing to install, and it runs in the browser too). Babel is the build tool
(``tools/i18n.py``: extraction from the code and the exercise data, merging,
compiling), because the standard library ships no extractor or compiler as a
module. Russian needs three plural forms (1 кость, 2 кости, 5 костей): the
catalog's ``Plural-Forms`` header states them and :func:`ngettext` picks one.

Which language, first match wins:

1. ``using("ru")`` around a block, a widget's own ``lang="ru"``, or
   ``dominolab --lang ru …`` for the run of that command;
2. ``set_language("ru")`` (also ``dominolab.set_language``), for the whole process;
3. the environment variable ``DOMINOLAB_LANG``;
4. the locale: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (``ru_RU.UTF-8`` is Russian);
5. English.

>>> with using("ru"):
...     print(ngettext("{n} tile", "{n} tiles", 1).format(n=1),
...           ngettext("{n} tile", "{n} tiles", 3).format(n=3),
...           ngettext("{n} tile", "{n} tiles", 5).format(n=5))
1 кость 3 кости 5 костей
>>> with using("en"):
...     print(_("{n} tiles").format(n=28))
28 tiles
>>> format_number(1234567, "ru"), format_number(0.25, "ru"), format_number(1234567, "en")
('1\u202f234\u202f567', '0,25', '1,234,567')
"""

from __future__ import annotations

import contextvars
import gettext
import os
import pathlib
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from functools import lru_cache

from .errors import UnknownLanguage

__all__ = [
    "DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "_", "format_number", "get_language",
    "gettext_for", "ngettext", "normalise", "pgettext", "set_language", "tr", "using",
]

#: the languages with a catalog (English is the code's own text)
LANGUAGES = ("en", "ru")
DOMAIN = "dominolab"
LOCALE_DIR = pathlib.Path(__file__).resolve().parent / "locale"

_PROCESS: str | None = None
_BLOCK: contextvars.ContextVar[str | None] = contextvars.ContextVar("dominolab_lang",
                                                                    default=None)


def normalise(lang: object, where: str = "language") -> str:
    """``"ru"``, ``"RU"``, ``"ru_RU.UTF-8"``, ``"ru-RU"`` → ``"ru"``; anything else is refused.

    >>> normalise("ru_RU.UTF-8"), normalise("EN")
    ('ru', 'en')
    """
    if not isinstance(lang, str):
        raise UnknownLanguage(f"{where}: a language is a code such as 'ru' or 'en', "
                              f"not {type(lang).__name__}")
    code = lang.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    if code not in LANGUAGES:
        raise UnknownLanguage(f"{where}: no catalog for {lang[:40]!r}; dominolab speaks "
                              f"{', '.join(LANGUAGES)}")
    return code


def set_language(lang: str | None) -> None:
    """Choose the language of this process (``None`` goes back to the environment)."""
    global _PROCESS
    _PROCESS = None if lang is None else normalise(lang, "set_language")


_ENV_VARS = ("DOMINOLAB_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


#: the names in os.environ's own store, where it keeps bytes (POSIX): looking them up
#: there is a dict lookup each, where os.environ.get() of an unset name raises and catches
#: two KeyErrors (an engine's random round spent a twentieth of its time here)
_ENV_KEYS = tuple(os.fsencode(var) for var in _ENV_VARS) if os.name == "posix" else None


#: :func:`_language_of` by the values as os.environ stores them (bytes, None if unset)
_BY_RAW: dict[tuple[bytes | None, ...], str] = {}


def _from_environment() -> str:
    # read on every message (a test or a notebook may change the environment), but the
    # choice is made once per set of values: scoring code calls tr() at every leaf of a
    # search, and parsing the locale names each time cost a tenth of an Osyol solve
    # (the five looked up one by one and a plain dict, not map() and lru_cache: this runs
    # for every round's result)
    data = getattr(os.environ, "_data", None)
    if _ENV_KEYS is not None and type(data) is dict:
        get = data.get
        k0, k1, k2, k3, k4 = _ENV_KEYS
        raw = (get(k0), get(k1), get(k2), get(k3), get(k4))
        lang = _BY_RAW.get(raw)
        if lang is None:
            if len(_BY_RAW) >= 64:
                _BY_RAW.clear()
            lang = _BY_RAW[raw] = _language_of(tuple("" if v is None else os.fsdecode(v)
                                                     for v in raw))
        return lang
    return _language_of(tuple(os.environ.get(var, "") for var in _ENV_VARS))


@lru_cache(maxsize=64)
def _language_of(values: tuple[str, ...]) -> str:
    explicit = values[0].strip()
    if explicit:
        try:
            return normalise(explicit)
        except UnknownLanguage:
            pass              # a language we do not have: the locale decides, then English
    for raw in values[1:]:
        value = raw.strip()
        if not value:
            continue
        for part in value.split(":"):      # LANGUAGE may list several: ru:en
            try:
                return normalise(part)
            except UnknownLanguage:
                continue
        if value not in ("C", "POSIX", "C.UTF-8"):
            return "en"       # a locale is set, in a language we have no catalog for
    return "en"


def get_language() -> str:
    """The language messages come out in now (see the module docstring for the order)."""
    return _BLOCK.get() or _PROCESS or _from_environment()


@contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Messages in ``lang`` inside the block (``None``: leave the choice as it is)."""
    if lang is None:
        yield get_language()
        return
    token = _BLOCK.set(normalise(lang, "lang"))
    try:
        yield get_language()
    finally:
        _BLOCK.reset(token)


@lru_cache(maxsize=None)
def gettext_for(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English: the messages as written)."""
    code = normalise(lang)
    if code == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code])


def _(message: str) -> str:
    """``message`` in the current language (English when the catalog lacks it)."""
    return gettext_for(get_language()).gettext(message)


#: the same function under a name that does not clash with ``_`` as a throwaway variable
tr = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (Russian has three)."""
    return gettext_for(get_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context``: one English word with two
    meanings ("west" an arm of a cross, "west" a kind of Aztec domino) gets two entries.

    >>> with using("ru"):
    ...     pgettext("arm", "west")
    'запад'
    """
    return gettext_for(get_language()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message for the catalog without translating it here (data tables)."""
    return message


def format_number(x: int | float | Fraction, lang: str | None = None) -> str:
    """A number as written in ``lang``: Russian groups thousands with a narrow space
    and writes a decimal comma; English groups with commas.

    >>> format_number(-12345.5, "ru"), format_number(Fraction(1, 3), "ru")
    ('−12\u202f345,5', '1/3')
    """
    code = normalise(lang) if lang is not None else get_language()
    if isinstance(x, Fraction):
        if x.denominator != 1:
            return f"{format_number(x.numerator, code)}/{format_number(x.denominator, code)}"
        x = x.numerator
    text = f"{x:,}"
    if code == "ru":
        text = text.replace(",", "\u202f").replace(".", ",")
        if text.startswith("-"):
            text = "\u2212" + text[1:]
    return text
