"""Picture skins: children's dominoes, seven pictures in place of the pips 0…6.

In children's dominoes («Детское домино», the Russian Wikipedia article «Домино») each
half of a tile shows one of seven pictures — animals, fruit, colours — instead of
0…6 pips, and the game is the classic one: match the picture at an open end. A
:class:`Skin` maps each number 0…6 to a :class:`Picture`: a name for screen readers
("cat") and a drawing made of simple SVG shapes (our own paths, no image files and
no emoji fonts, so every browser draws the same thing).

The names are English message ids: :meth:`Skin.name_of`, :meth:`Skin.tile_name` and the
``<title>`` of a drawn half speak the current language (:mod:`dominolab.i18n`: «кот | рыба»);
``Picture.name`` and the ``data-picture`` attribute stay English, the picture's identity.

Accessibility: a tile drawn with a skin is named by its pictures ("domino cat | fish"
instead of "domino 3-5"), every half carries its picture's name as a ``<title>``, every
shape has a dark outline (it stands out from the light face whatever its fill), and in
the colour skin each colour has its own shape as well ("red circle", "blue diamond"), so
colour is never the only cue.

>>> s = get_skin("animals")
>>> s.name_of(3), s.tile_name(3, 5)
('cat', 'cat | fish')
>>> [p.name for p in get_skin("colours").pictures][:3]
['red circle', 'orange triangle', 'yellow star']
>>> svg = half_svg(s, 5, 0, 0, 40)
>>> svg.startswith('<g class="picture" data-picture="fish"') and "<title>fish</title>" in svg
True
>>> from dominolab.i18n import using
>>> with using("ru"):
...     s.tile_name(3, 5), get_skin("colours").name_of(4), get_skin("fruit").title_words()
('кот | рыба', 'синий ромб', 'фрукты')
>>> get_skin("robots")
Traceback (most recent call last):
...
dominolab.errors.SkinError: there is no picture skin 'robots': the skins are 'animals', 'fruit', 'colours'
>>> get_skin("fruit", n=12, where="GameBoard")
Traceback (most recent call last):
...
dominolab.errors.SkinError: GameBoard: the skin 'fruit' has pictures for 0…6 only, not for 12 (a double-12 set); use a set up to double-six
"""

from __future__ import annotations

import contextlib
import contextvars
import html
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Union

from ..errors import SkinError
from ..i18n import N_, tr

__all__ = ["Picture", "Skin", "SKINS", "SKIN_NUMBERS", "get_skin", "half_svg", "skinned",
           "current_skin", "picture_words"]

#: A skin has one picture for each number 0…6 (a double-six set).
SKIN_NUMBERS = 7

#: the outline of every shape: dark on the light face, whatever the fill
_INK = "#1f1f1f"


@dataclass(frozen=True)
class Picture:
    """One picture: its ``name`` (what a screen reader says) and ``body``, SVG shapes drawn
    in a 100 × 100 box."""

    name: str
    body: str


@dataclass(frozen=True)
class Skin:
    """Seven pictures for the numbers 0…6; ``name`` is how a skin is asked for."""

    name: str
    title: str
    pictures: tuple[Picture, ...]

    def picture(self, number: int) -> Picture:
        """The picture for ``number``; a number without one is refused, naming the skin."""
        if isinstance(number, bool) or not isinstance(number, int) or not (
                0 <= number < len(self.pictures)):
            raise SkinError(tr("the skin {skin} has pictures for 0…{last} only, not for "
                               "{number}").format(skin=repr(self.name),
                                                  last=len(self.pictures) - 1,
                                                  number=repr(number)))
        return self.pictures[number]

    def name_of(self, number: int) -> str:
        """The name of ``number``'s picture ("cat"), in the current language."""
        return tr(self.picture(number).name)

    def tile_name(self, a: int, b: int) -> str:
        """A tile's name in pictures, ``a`` first: "cat | fish"."""
        return f"{self.name_of(a)} | {self.name_of(b)}"

    def title_words(self) -> str:
        """The skin's title in the current language ("colours and shapes")."""
        return tr(self.title)


def _shape(tag: str, fill: str, **attrs: object) -> str:
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<{tag} {extra} fill="{fill}" stroke="{_INK}" stroke-width="3"/>'


def _line(d: str, width: float = 3) -> str:
    return (f'<path d="{d}" fill="none" stroke="{_INK}" stroke-width="{width}" '
            f'stroke-linecap="round"/>')


def _dot(cx: float, cy: float, r: float = 3.5) -> str:
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{_INK}"/>'


# -- animals ------------------------------------------------------------------------------
_SNAIL = (_shape("path", "#e3c08d", d="M12 78 Q12 64 26 66 L88 74 Q92 82 84 84 L18 84 Q10 84 12 78 Z")
          + _line("M20 66 L12 44") + _line("M26 66 L28 44") + _dot(12, 44) + _dot(28, 44)
          + _shape("circle", "#b5651d", cx=58, cy=52, r=24)
          + _line("M58 52 m0 -4 a4 4 0 1 1 -4 4 a9 9 0 1 1 9 9 a15 15 0 1 1 -15 -15", 2.5)
          + _dot(20, 72, 2.5))
_BIRD = (_shape("path", "#2f7fd1", d="M10 44 L28 52 L10 62 Z")
         + _shape("ellipse", "#2f7fd1", cx=46, cy=56, rx=26, ry=19)
         + _shape("circle", "#2f7fd1", cx=70, cy=38, r=13)
         + _shape("path", "#f5a623", d="M82 34 L96 39 L82 45 Z")
         + _line("M34 52 Q46 66 58 52") + _dot(73, 35, 3)
         + _line("M42 75 L40 90 M52 75 L54 90"))
_MOUSE = (_line("M24 64 Q6 62 10 40 Q12 30 20 32", 3)
          + _shape("ellipse", "#a4a9ad", cx=52, cy=62, rx=30, ry=18)
          + _shape("circle", "#f2b8c6", cx=62, cy=38, r=11)
          + _shape("circle", "#f2b8c6", cx=80, cy=42, r=10)
          + _shape("circle", "#f2b8c6", cx=90, cy=64, r=4) + _dot(74, 56, 3)
          + _line("M84 70 L96 74 M84 66 L97 66"))
_CAT = (_shape("path", "#f0a04b", d="M24 44 L26 12 L48 30 Z")
        + _shape("path", "#f0a04b", d="M76 44 L74 12 L52 30 Z")
        + _shape("circle", "#f0a04b", cx=50, cy=56, r=30)
        + _shape("ellipse", "#9ccc65", cx=39, cy=50, rx=5, ry=7)
        + _shape("ellipse", "#9ccc65", cx=61, cy=50, rx=5, ry=7)
        + _shape("path", "#f2b8c6", d="M45 62 L55 62 L50 68 Z")
        + _line("M50 68 Q44 76 38 72 M50 68 Q56 76 62 72")
        + _line("M34 64 L8 60 M34 68 L8 72 M66 64 L92 60 M66 68 L92 72", 2))
_RABBIT = (_shape("ellipse", "#d9d2c5", cx=38, cy=26, rx=8, ry=22)
           + _shape("ellipse", "#d9d2c5", cx=62, cy=26, rx=8, ry=22)
           + _shape("ellipse", "#f2b8c6", cx=38, cy=26, rx=3, ry=14)
           + _shape("ellipse", "#f2b8c6", cx=62, cy=26, rx=3, ry=14)
           + _shape("circle", "#d9d2c5", cx=50, cy=64, r=26)
           + _dot(40, 58) + _dot(60, 58)
           + _shape("circle", "#f2b8c6", cx=50, cy=68, r=4)
           + _shape("rect", "#ffffff", x=45, y=74, width=10, height=9))
_FISH = (_shape("path", "#f28c28", d="M70 50 L94 30 L94 70 Z")
         + _shape("ellipse", "#f28c28", cx=44, cy=50, rx=32, ry=20)
         + _shape("path", "#f28c28", d="M38 31 Q48 18 60 32")
         + _shape("circle", "#ffffff", cx=26, cy=46, r=6) + _dot(26, 46, 3)
         + _line("M48 36 Q56 50 48 64"))
_TURTLE = (_shape("circle", "#7cb342", cx=86, cy=62, r=9) + _dot(89, 60, 2.5)
           + _shape("ellipse", "#7cb342", cx=30, cy=74, rx=8, ry=6)
           + _shape("ellipse", "#7cb342", cx=68, cy=74, rx=8, ry=6)
           + _shape("path", "#7cb342", d="M10 68 L4 72 L12 72 Z")
           + _shape("path", "#2e7d32", d="M12 68 Q14 28 48 28 Q82 28 80 68 Z")
           + _line("M30 68 L36 46 L60 46 L66 68 M36 46 L48 30 L60 46", 2.5))

# -- fruit --------------------------------------------------------------------------------
_APPLE = (_shape("path", "#d93a2b",
                 d="M50 30 Q70 16 84 36 Q94 64 70 86 Q60 92 50 86 Q40 92 30 86 Q6 64 16 36 "
                   "Q30 16 50 30 Z")
          + _line("M50 30 Q50 18 56 10", 4)
          + _shape("path", "#43a047", d="M56 18 Q70 6 80 14 Q68 26 56 18 Z"))
_PEAR = (_shape("path", "#c0ca33",
                d="M50 22 Q64 22 64 40 Q64 50 74 60 Q84 76 70 88 Q50 98 30 88 Q16 76 26 60 "
                  "Q36 50 36 40 Q36 22 50 22 Z")
         + _line("M50 22 L52 8", 4)
         + _shape("path", "#43a047", d="M52 14 Q62 4 72 10 Q62 20 52 14 Z"))
_CHERRIES = (_line("M32 62 Q40 30 60 12 M68 66 Q64 36 60 12", 3)
             + _shape("path", "#43a047", d="M60 12 Q76 4 86 14 Q72 22 60 12 Z")
             + _shape("circle", "#b0102a", cx=30, cy=72, r=15)
             + _shape("circle", "#b0102a", cx=68, cy=74, r=15)
             + '<circle cx="25" cy="67" r="4" fill="#ffffff"/>'
             + '<circle cx="63" cy="69" r="4" fill="#ffffff"/>')
_BANANA = (_shape("path", "#f5d327",
                  d="M14 30 Q18 80 70 80 Q88 78 92 68 Q60 72 40 56 Q26 44 24 26 Z")
           + _line("M14 30 L12 20 L24 22", 4) + _dot(92, 68, 3.5))
_GRAPES = (_line("M50 22 L50 8", 4)
           + _shape("path", "#43a047", d="M50 14 Q62 2 76 8 Q64 20 50 14 Z")
           + "".join(_shape("circle", "#7b3fa0", cx=x, cy=y, r=10)
                     for x, y in ((36, 30), (56, 30), (46, 44), (26, 44), (66, 44), (36, 58),
                                  (56, 58), (46, 72), (46, 88 - 2))))
_ORANGE = (_shape("circle", "#f57c00", cx=50, cy=56, r=32)
           + _shape("path", "#43a047", d="M50 24 Q60 8 78 12 Q68 28 50 24 Z")
           + _dot(50, 28, 3) + _dot(40, 50, 1.8) + _dot(62, 64, 1.8) + _dot(48, 72, 1.8)
           + _dot(64, 44, 1.8))
_STRAWBERRY = (_shape("path", "#e53935",
                      d="M16 34 Q50 20 84 34 Q88 60 50 94 Q12 60 16 34 Z")
               + _shape("path", "#43a047", d="M26 32 L36 16 L44 28 L50 12 L56 28 L64 16 L74 32 "
                                              "Q50 40 26 32 Z")
               + "".join(f'<ellipse cx="{x}" cy="{y}" rx="2" ry="3" fill="#fff3b0" '
                         f'stroke="{_INK}" stroke-width="0.8"/>'
                         for x, y in ((34, 46), (50, 48), (66, 46), (42, 62), (58, 62),
                                      (50, 76))))

# -- colours (each with its own shape: colour is never the only cue) -----------------------
def _star(cx: float, cy: float, r: float, inner: float) -> str:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return " ".join(pts)


_RED = _shape("circle", "#d32f2f", cx=50, cy=50, r=38)
_ORANGE_T = _shape("polygon", "#f57c00", points="50,10 92,86 8,86")
_YELLOW = _shape("polygon", "#fdd835", points=_star(50, 54, 44, 18))
_GREEN = _shape("rect", "#388e3c", x=14, y=14, width=72, height=72)
_BLUE = _shape("polygon", "#1e63c4", points="50,6 94,50 50,94 6,50")
_PURPLE = _shape("path", "#8e24aa",
                 d="M50 88 Q10 60 12 36 Q14 14 34 14 Q46 14 50 28 Q54 14 66 14 Q86 14 88 36 "
                   "Q90 60 50 88 Z")
_BROWN = _shape("polygon", "#8d5524", points="50,8 86,29 86,71 50,92 14,71 14,29")


def _skin(name: str, title: str, *pictures: tuple[str, str]) -> Skin:
    return Skin(name, title, tuple(Picture(n, body) for n, body in pictures))


#: The skins by name, each with a picture for every number 0…6 (the names and titles are
#: message ids, translated where shown).
SKINS: dict[str, Skin] = {
    s.name: s for s in (
        _skin("animals", N_("animals"), (N_("snail"), _SNAIL), (N_("bird"), _BIRD),
              (N_("mouse"), _MOUSE), (N_("cat"), _CAT), (N_("rabbit"), _RABBIT),
              (N_("fish"), _FISH), (N_("turtle"), _TURTLE)),
        _skin("fruit", N_("fruit"), (N_("apple"), _APPLE), (N_("pear"), _PEAR),
              (N_("cherries"), _CHERRIES), (N_("banana"), _BANANA), (N_("grapes"), _GRAPES),
              (N_("orange"), _ORANGE), (N_("strawberry"), _STRAWBERRY)),
        _skin("colours", N_("colours and shapes"), (N_("red circle"), _RED),
              (N_("orange triangle"), _ORANGE_T), (N_("yellow star"), _YELLOW),
              (N_("green square"), _GREEN), (N_("blue diamond"), _BLUE),
              (N_("purple heart"), _PURPLE), (N_("brown hexagon"), _BROWN)),
    )
}

SkinLike = Union[str, Skin, None]


def get_skin(skin: SkinLike, n: int = 6, where: str = "") -> Skin | None:
    """The skin called ``skin`` (a name, a :class:`Skin`, or None for pips), checked for a
    double-``n`` set: a skin has pictures for 0…6 only.

    >>> get_skin(None) is None, get_skin("fruit").name_of(0)
    (True, 'apple')
    """
    at = f"{where}: " if where else ""
    if skin is None:
        return None
    if isinstance(skin, str):
        key = skin.strip().lower()
        found = SKINS.get("colours" if key == "colors" else key)
        if found is None:
            names = ", ".join(repr(k) for k in SKINS)
            raise SkinError(at + tr("there is no picture skin {skin}: the skins are {names}")
                            .format(skin=repr(skin[:40]), names=names))
        skin = found
    if not isinstance(skin, Skin):
        raise SkinError(at + tr("a skin is a name such as 'animals' (or None for pips), not "
                                "{kind}").format(kind=type(skin).__name__))
    if isinstance(n, bool) or not isinstance(n, int) or n >= len(skin.pictures):
        raise SkinError(at + tr("the skin {skin} has pictures for 0…{last} only, not for {n} "
                                "(a double-{n} set); use a set up to double-six").format(
            skin=repr(skin.name), last=len(skin.pictures) - 1, n=repr(n)))
    return skin


def half_svg(skin: Skin, number: int, x: float, y: float, size: float) -> str:
    """One square half (top-left corner ``(x, y)``, side ``size``) showing ``number``'s
    picture: a ``<g class="picture">`` named by a ``<title>`` (in the current language) and
    ``data-picture`` (the picture's English name, its identity)."""
    pic = skin.picture(number)
    k = size * 0.86 / 100
    key, name = html.escape(pic.name), html.escape(tr(pic.name))
    return (f'<g class="picture" data-picture="{key}" '
            f'transform="translate({x + size * 0.07:.2f} {y + size * 0.07:.2f}) scale({k:.4f})">'
            f"<title>{name}</title>{pic.body}</g>")


_current: contextvars.ContextVar[Skin | None] = contextvars.ContextVar("skin", default=None)


def current_skin() -> Skin | None:
    """The skin every tile is drawn with now (None: pips); see :func:`skinned`."""
    return _current.get()


@contextlib.contextmanager
def skinned(skin: SkinLike) -> Iterator[Skin | None]:
    """Draw every tile inside the block with ``skin`` (None: pips), as
    :func:`dominolab.display.scaled` does for the size: the game table, the line and the
    hands all take it without each drawing passing it on.

    >>> from dominolab.render import tile_svg
    >>> with skinned("fruit"):
    ...     'aria-label="domino apple | banana"' in tile_svg((0, 3))
    True
    >>> 'aria-label="domino 0-3"' in tile_svg((0, 3))
    True
    """
    token = _current.set(get_skin(skin))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


_TILE = re.compile(r"(?<![\d:])(\d+):(\d+)(?!\d)")


def picture_words(text: str, skin: Skin | None) -> str:
    """``text`` with every tile written "a:b" (0…6) named by its pictures, for the messages
    of a board drawn with ``skin`` (the engine's reasons, hints).

    >>> picture_words("P1 0:0: the opening rule says the lead is 1:1", get_skin("animals"))
    'P1 snail | snail: the opening rule says the lead is bird | bird'
    """
    if skin is None:
        return text

    def name(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if a < len(skin.pictures) and b < len(skin.pictures):
            return skin.tile_name(a, b)
        return m.group(0)
    return _TILE.sub(name, text)
