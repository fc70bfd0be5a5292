"""The small Markdown subset that exercise texts are written in, to HTML.

Exercise statements, hints and solutions are shown in three places: a
notebook output, a printed worksheet and the teacher's pack (Markdown). They
use only paragraphs, bullet and numbered lists, ``**bold**``, ``*italic*``,
```code``` and ``[links](url)``; mathematics is written with Unicode (n², ·, ≤,
C(8, 2)) so that a printed sheet needs no MathJax. Converting that subset is a
few lines, so no Markdown library is needed (none is a dependency, and a
worksheet must render the same everywhere).

>>> print(to_html("A *tile* is `3:5`.\\n\\n- one\\n- **two**"))
<p>A <em>tile</em> is <code>3:5</code>.</p>
<ul><li>one</li><li><strong>two</strong></li></ul>
"""

from __future__ import annotations

import html
import re

__all__ = ["inline", "to_html", "to_text"]

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BULLET = re.compile(r"^\s*[-*] +(.*)$")
_NUMBERED = re.compile(r"^\s*\d+\. +(.*)$")


def inline(text: str) -> str:
    """One line of the subset to HTML (escaped; code spans are left literal).

    >>> inline("*n* ≤ 5 and `a*b*c`")
    '<em>n</em> ≤ 5 and <code>a*b*c</code>'
    """
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"<code>{html.escape(part)}</code>")
            continue
        s = html.escape(part, quote=False)
        s = _LINK.sub(lambda m: f'<a href="{html.escape(m.group(2))}">{m.group(1)}</a>', s)
        s = _BOLD.sub(r"<strong>\1</strong>", s)
        s = _ITALIC.sub(r"<em>\1</em>", s)
        out.append(s)
    return "".join(out)


def to_html(text: str) -> str:
    r"""Paragraphs, lists and fenced code blocks (pictures in text) of the subset to HTML.

    >>> to_html("Tiling:\n\n```\n<>\n<>\n```")
    '<p>Tiling:</p>\n<pre>&lt;&gt;\n&lt;&gt;</pre>'
    """
    blocks: list[str] = []
    parts = re.split(r"^```[^\n]*\n(.*?)^```[ \t]*$", text.strip(), flags=re.M | re.S)
    for i, part in enumerate(parts):
        if i % 2:
            blocks.append(f"<pre>{html.escape(part.rstrip())}</pre>")
        else:
            blocks.extend(_blocks(part))
    return "\n".join(blocks)


def _blocks(text: str) -> list[str]:
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln for ln in block.splitlines() if ln.strip()]
        if not lines:
            continue
        if all(_BULLET.match(ln) or ln.startswith("  ") for ln in lines) and _BULLET.match(lines[0]):
            blocks.append("<ul>" + "".join(f"<li>{inline(item)}</li>"
                                           for item in _items(lines, _BULLET)) + "</ul>")
        elif all(_NUMBERED.match(ln) or ln.startswith("  ") for ln in lines) and \
                _NUMBERED.match(lines[0]):
            blocks.append("<ol>" + "".join(f"<li>{inline(item)}</li>"
                                           for item in _items(lines, _NUMBERED)) + "</ol>")
        else:
            blocks.append("<p>" + inline(" ".join(ln.strip() for ln in lines)) + "</p>")
    return blocks


def _items(lines: list[str], pattern: re.Pattern) -> list[str]:
    items: list[str] = []
    for ln in lines:
        m = pattern.match(ln)
        if m:
            items.append(m.group(1).strip())
        else:  # a continuation line of the item above
            items[-1] += " " + ln.strip()
    return items


def to_text(text: str) -> str:
    """The subset with its marks removed (for plain-text output and search).

    >>> to_text("**Hint.** use `n`, *not* m")
    'Hint. use n, not m'
    """
    s = re.sub(r"^```[^\n]*\n", "", text, flags=re.M)
    s = _LINK.sub(r"\1", s)
    s = _BOLD.sub(r"\1", s)
    s = _ITALIC.sub(r"\1", s)
    return _CODE.sub(r"\1", s)
