"""Reading and writing the files a user names: bounded, checked, one clear message each.

Every file the package reads for a user (a puzzle file, a fish file, a region, a
record) goes through :func:`read_text_file`: a directory, a device or pipe (an
endless read), a file over :data:`~dominolab.limits.MAX_TEXT` bytes, binary data
is refused with a :class:`~dominolab.errors.UnreadableFile`, and binary data (a
NUL character) or text that is not UTF-8 with a
:class:`~dominolab.errors.ParseError`; each names the file and says why, and the
file's content is never quoted. :func:`write_text_file` never writes over an
existing file unless told to.

>>> import os, tempfile
>>> d = tempfile.mkdtemp()
>>> read_text_file(d, "puzzle file")                      # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dominolab.errors.UnreadableFile: cannot read puzzle file '...': it is a directory, not a file
>>> p = os.path.join(d, "a.txt"); write_text_file(p, "hello\\n"); read_text_file(p, "file")
'hello\\n'
>>> write_text_file(p, "again")                           # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dominolab.errors.UnreadableFile: ... already exists: give another name, or --force to replace it
"""

from __future__ import annotations

import os
import stat

from .errors import NoSuchFile, ParseError, UnreadableFile
from .limits import MAX_TEXT, short_repr

__all__ = ["read_text_file", "write_text_file"]


def _name(path: object, what: str) -> str:
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise UnreadableFile(f"a {what} is named by a path, not {short_repr(path)}")
    if not path:
        raise UnreadableFile(f"the {what} name is empty")
    if "\0" in path:
        raise UnreadableFile(f"the {what} name {short_repr(path)} holds a NUL character")
    return path


def read_text_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text of the regular file ``path`` (UTF-8, a byte-order mark dropped), at most
    :data:`~dominolab.limits.MAX_TEXT` bytes; anything else is an UnreadableFile (a
    missing file a :class:`~dominolab.errors.NoSuchFile`)."""
    name = _name(path, what)
    shown = short_repr(name, 80)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise NoSuchFile(f"no such {what}: {shown}") from None
    except OSError as e:
        raise UnreadableFile(f"cannot read {what} {shown}: {e.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile(f"cannot read {what} {shown}: it is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile(f"cannot read {what} {shown}: it is not a regular file (a "
                             "device or a pipe is not read)")
    if info.st_size > MAX_TEXT:
        raise UnreadableFile(f"cannot read {what} {shown}: it has {info.st_size:,} bytes; at most "
                             f"{MAX_TEXT:,} are read (dominolab.limits.MAX_TEXT)")
    try:
        with open(name, "rb") as f:
            data = f.read(MAX_TEXT + 1)
    except OSError as e:
        raise UnreadableFile(f"cannot read {what} {shown}: {e.strerror}") from None
    if len(data) > MAX_TEXT:
        raise UnreadableFile(f"cannot read {what} {shown}: it is longer than {MAX_TEXT:,} bytes "
                             "(dominolab.limits.MAX_TEXT)")
    # what the bytes say is a parse error (as before); what the file is, UnreadableFile
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ParseError(f"cannot read {what} {shown}: it is not UTF-8 text (byte "
                         f"{e.start} cannot be read)") from None
    if "\0" in text:
        raise ParseError(f"cannot read {what} {shown}: it is binary (a NUL character at "
                         f"character {text.index(chr(0))}), not text")
    return text


def write_text_file(path: str | os.PathLike[str], text: str, *, force: bool = False,
                    what: str = "output file") -> None:
    """Write ``text`` (UTF-8) to ``path``; an existing file is replaced only with ``force``,
    and never a directory."""
    name = _name(path, what)
    shown = short_repr(name, 80)
    if os.path.isdir(name):
        raise UnreadableFile(f"the {what} {shown} is a directory")
    if os.path.lexists(name) and not force:
        raise UnreadableFile(f"the {what} {shown} already exists: give another name, or "
                             "--force to replace it")
    try:
        with open(name, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise UnreadableFile(f"cannot write the {what} {shown}: {e.strerror}") from None
