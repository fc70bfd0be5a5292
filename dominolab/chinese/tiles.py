"""The 32 Chinese dominoes: a set with duplicates, the traditional names, suits and ranks.

The Russian Wikipedia article «Домино» (section «Китайское домино»): 32 tiles,
one to six pips on a half and no blank; ten *military* tiles (военные) and
eleven *civil* tiles (гражданские) "two of each"; the pips red and white.
Which tiles are which, their names and their order are those of the English
Wikipedia articles «Chinese dominoes» and «Tien Gow» and of Pagat's «Tien Gow»
(Joe Celko and Anthony Kam); the Cantonese casino names (Teen, Day, …) are those
the Pai Gow rule sheets use.

Every tile is a value: the two Heaven tiles are equal (as two aces of spades in
two packs would be), so a hand is a sorted tuple and the set is a multiset.

>>> s = CHINESE_SET
>>> len(s), len(s.faces), s.pip_total
(32, 21, 227)
>>> h = chinese_tile("6:6")
>>> h.english, h.chinese, h.cantonese, h.suit, h.rank, s.count(h)
('Heaven', '天', 'Teen', 'civil', 1, 2)
>>> chinese_tile("4-5").name, chinese_tile("3:6") == chinese_tile("6:3")
('Nine (4:5)', True)

The 16 *pairs* of Pai Gow (11 civil twins, 4 military pairs of equal pips, and
the Supreme pair 1:2 + 2:4): counting hands with the two tiles of a pair taken
as alike gives the published 3,620 four-tile and 136 two-tile hands.

>>> count_hands(4), count_distinct_hands(4), count_hands(2), count_distinct_hands(2)
(35960, 3620, 496, 136)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cached_property
from math import comb

from ..errors import InvalidSet, InvalidTile, ParseError
from ..tiles import Tile

__all__ = [
    "ChineseTile",
    "ChineseSet",
    "CHINESE_SET",
    "CIVIL",
    "MILITARY",
    "SUIT_NAMES",
    "chinese_tile",
    "parse_chinese",
    "count_hands",
    "count_distinct_hands",
    "red_pips",
]

CIVIL = "civil"
MILITARY = "military"

#: The suits' names: English, Chinese, and Russian (from «Домино»: «военные», «гражданские»).
SUIT_NAMES = {
    CIVIL: {"english": "civil", "chinese": "文", "russian": "гражданские"},
    MILITARY: {"english": "military", "chinese": "武", "russian": "военные"},
}

# face, English, Chinese, pinyin, Cantonese casino name, Russian translation.
# The Russian words translate the Chinese names: no Russian source at hand names the
# single tiles (the article «Домино» names only the suits), so they are the project's
# rendering and are labelled so in `russian_note`.
_CIVIL = [
    ((6, 6), "Heaven", "天", "tiān", "Teen", "Небо"),
    ((1, 1), "Earth", "地", "dì", "Day", "Земля"),
    ((4, 4), "Man", "人", "rén", "Yun", "Человек"),
    ((1, 3), "Harmony", "和", "hé", "Gor", "Гармония"),
    ((5, 5), "Plum Flower", "梅花", "méihuā", "Mooy", "Цветок сливы"),
    ((3, 3), "Long Three", "長三", "chángsān", "Chong", "Длинная тройка"),
    ((2, 2), "Bench", "板凳", "bǎndèng", "Bon", "Скамья"),
    ((5, 6), "Tiger's Head", "斧頭", "fǔtóu", "Foo", "Голова тигра"),
    ((4, 6), "Red Head Ten", "紅頭十", "hóngtóushí", "Ping", "Красноголовая десятка"),
    ((1, 6), "Long Leg Seven", "高腳七", "gāojiǎoqī", "Tit", "Длинноногая семёрка"),
    ((1, 5), "Red Mallet Six", "銅錘六", "tóngchuíliù", "Look", "Красный молоточек шесть"),
]
# Military: rank groups in order, each (faces, English, Chinese, pinyin, casino name, Russian).
_MILITARY = [
    (((4, 5), (3, 6)), "Nine", "雜九", "zájiǔ", "Chop Gow", "Девятка"),
    (((3, 5), (2, 6)), "Eight", "雜八", "zábā", "Chop Bot", "Восьмёрка"),
    (((3, 4), (2, 5)), "Seven", "雜七", "záqī", "Chop Chit", "Семёрка"),
    (((2, 4),), "Six", "二四", "èrsì", "Gee Joon", "Шестёрка"),
    (((1, 4), (2, 3)), "Five", "雜五", "záwǔ", "Chop Ng", "Пятёрка"),
    (((1, 2),), "Final Three", "丁三", "dīngsān", "Gee Joon", "Тройка"),
]

# The 16 pairs of Pai Gow, highest first (the Supreme pair on its own at the top); each
# entry lists the faces that make the pair.
_PAIRS = [((1, 2), (2, 4))] + [((f, f)) for f, *_ in _CIVIL] + [
    faces for faces, *_ in _MILITARY if len(faces) == 2]


def red_pips(half: int, face: tuple[int, int]) -> int:
    """How many of the pips of one half (showing ``half``) of tile ``face`` are red.

    Ones and fours are red, as on Chinese dice; on the 6:6 (Heaven) each six is
    half red, half white (English Wikipedia «Chinese dominoes»: «Half of the pips on the
    6-6 domino are colored red»).

    >>> red_pips(4, (4, 6)), red_pips(6, (4, 6)), red_pips(6, (6, 6)), red_pips(1, (1, 1))
    (4, 0, 3, 1)
    """
    if half in (1, 4):
        return half
    if half == 6 and face == (6, 6):
        return 3
    return 0


class ChineseTile:
    """One of the 21 faces of the Chinese set, with its names, suit and rank.

    ``rank`` is the tile's place in its suit, 1 the highest (Heaven for the civil
    suit, the nines for the military one); tiles of equal military rank (4:5 and
    3:6) are equal in strength but different tiles. ``index`` is the canonical
    order (0 = Heaven … 20 = 1:2), used to sort hands. Instances are shared, so
    ``chinese_tile("6:6") is chinese_tile("6-6")``.

    >>> t = chinese_tile("1:3")
    >>> t, str(t), t.pips, t.copies, t.red
    (ChineseTile(1, 3), '1:3', 4, 2, 1)
    >>> t.label
    'Harmony 1:3 (和, Gor)'
    """

    __slots__ = ("face", "low", "high", "english", "chinese", "pinyin", "cantonese",
                 "russian", "suit", "rank", "index", "copies", "pair", "__weakref__")
    face: Tile
    low: int
    high: int
    english: str
    chinese: str
    pinyin: str
    #: the Cantonese name the Pai Gow rule sheets use (Teen, Day, …, Chop Gow, Gee Joon)
    cantonese: str
    #: a Russian rendering of the Chinese name (the project's translation)
    russian: str
    suit: str
    rank: int
    index: int
    copies: int
    #: which of the 16 Pai Gow pairs the tile belongs to (0 = the Supreme pair)
    pair: int

    russian_note = ("Russian: the project's translation of the Chinese name; the article "
                    "«Домино» names the suits only.")

    def __new__(cls, *args: object) -> ChineseTile:
        raise InvalidTile("Chinese tiles are not built: use chinese_tile('6:6') or "
                          "CHINESE_SET.faces")

    @classmethod
    def _make(cls, face: tuple[int, int], english: str, chinese: str, pinyin: str,
              cantonese: str, russian: str, suit: str, rank: int, index: int) -> ChineseTile:
        t = object.__new__(cls)
        for name, value in (("face", Tile(*face)), ("low", min(face)), ("high", max(face)),
                            ("english", english), ("chinese", chinese), ("pinyin", pinyin),
                            ("cantonese", cantonese), ("russian", russian), ("suit", suit),
                            ("rank", rank), ("index", index),
                            ("copies", 2 if suit == CIVIL else 1)):
            object.__setattr__(t, name, value)
        pair = next(k for k, faces in enumerate(_PAIRS) if tuple(sorted(face)) in faces)
        object.__setattr__(t, "pair", pair)
        return t

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ChineseTile is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (chinese_tile, (str(self),))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ChineseTile):
            return self.index == other.index
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("chinese", self.index))

    def __lt__(self, other: ChineseTile) -> bool:
        if isinstance(other, ChineseTile):
            return self.index < other.index
        return NotImplemented

    def __repr__(self) -> str:
        return f"ChineseTile({self.low}, {self.high})"

    def __str__(self) -> str:
        return f"{self.low}:{self.high}"

    @property
    def pips(self) -> int:
        """The number of pips."""
        return self.low + self.high

    @property
    def civil(self) -> bool:
        """Whether the tile is of the civil suit."""
        return self.suit == CIVIL

    @property
    def red(self) -> int:
        """How many of its pips are red (ones, fours, half of Heaven's sixes)."""
        face = (self.low, self.high)
        return red_pips(self.low, face) + red_pips(self.high, face)

    @property
    def name(self) -> str:
        """The English name; a military tile adds its face, since two tiles share a name.

        >>> chinese_tile("6:6").name, chinese_tile("2:6").name
        ('Heaven', 'Eight (2:6)')
        """
        return self.english if self.suit == CIVIL or self.english.endswith("Three") \
            or self.english == "Six" else f"{self.english} ({self})"

    @property
    def label(self) -> str:
        """Name, face, Chinese and casino names: what a screen reader says for the tile."""
        return f"{self.english} {self} ({self.chinese}, {self.cantonese})"

    def _repr_svg_(self) -> str:
        from ..render.chinese import chinese_tile_svg  # noqa: PLC0415 - drawn on demand

        return chinese_tile_svg(self)


def _build() -> tuple[ChineseTile, ...]:
    faces: list[ChineseTile] = []
    for rank, (face, en, zh, py, cant, ru) in enumerate(_CIVIL, 1):
        faces.append(ChineseTile._make(face, en, zh, py, cant, ru, CIVIL, rank, len(faces)))
    for rank, (group, en, zh, py, cant, ru) in enumerate(_MILITARY, 1):
        for face in group:
            faces.append(ChineseTile._make(face, en, zh, py, cant, ru, MILITARY, rank,
                                           len(faces)))
    return tuple(faces)


_FACES = _build()
_BY_FACE = {(t.low, t.high): t for t in _FACES}


def chinese_tile(value: object) -> ChineseTile:
    """The Chinese tile for text ('6:6', '5-4', '[1|3]'), a :class:`~dominolab.Tile`, a pair
    of numbers, or a ChineseTile.

    >>> chinese_tile((5, 4)), chinese_tile("0:3")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidTile: 0:3 is not a Chinese domino: the halves show 1 to 6 pips
    """
    if isinstance(value, ChineseTile):
        return value
    if isinstance(value, str):
        face = Tile.parse(value)
    elif isinstance(value, Tile):
        face = value
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        face = Tile(value[0], value[1])
    else:
        raise InvalidTile(f"expected a tile such as '6:6', not {value!r}")
    tile = _BY_FACE.get((face.low, face.high))
    if tile is None:
        raise InvalidTile(f"{face} is not a Chinese domino: the halves show 1 to 6 pips")
    return tile


def parse_chinese(text: str | Iterable[object]) -> tuple[ChineseTile, ...]:
    """Tiles from text separated by spaces or commas (or from an iterable), sorted.

    The result is a hand: at most two of a civil tile, one of a military one.

    >>> parse_chinese("4:5 6:6, 6-6")
    (ChineseTile(6, 6), ChineseTile(6, 6), ChineseTile(4, 5))
    >>> parse_chinese("4:5 5:4")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidSet: 4:5 is in the set once, and the hand has it 2 times
    """
    if isinstance(text, str):
        tokens: list[object] = [w for w in text.replace(",", " ").split() if w]
        tiles = []
        for k, token in enumerate(tokens):
            try:
                tiles.append(chinese_tile(token))
            except ParseError as e:
                raise ParseError(f"tile {k + 1} of {text!r}: {e}", text) from None
    else:
        tiles = [chinese_tile(v) for v in text]
    CHINESE_SET.check(tiles)
    return tuple(sorted(tiles))


class ChineseSet:
    """The 32-tile Chinese set: each civil tile twice, each military tile once.

    >>> s = ChineseSet()
    >>> [str(t) for t in s.faces[:4]], s.count("4:5"), len(s.civil), len(s.military)
    (['6:6', '1:1', '4:4', '1:3'], 1, 22, 10)
    >>> s.red_total
    64
    """

    @cached_property
    def faces(self) -> tuple[ChineseTile, ...]:
        """The 21 different tiles in canonical order (civil by rank, then military)."""
        return _FACES

    @cached_property
    def tiles(self) -> tuple[ChineseTile, ...]:
        """All 32 tiles, duplicates included, in canonical order."""
        return tuple(t for t in _FACES for _ in range(t.copies))

    @property
    def civil(self) -> tuple[ChineseTile, ...]:
        return tuple(t for t in self.tiles if t.suit == CIVIL)

    @property
    def military(self) -> tuple[ChineseTile, ...]:
        return tuple(t for t in self.tiles if t.suit == MILITARY)

    @property
    def pip_total(self) -> int:
        return sum(t.pips for t in self.tiles)

    @property
    def red_total(self) -> int:
        """Red pips in the whole set."""
        return sum(t.red for t in self.tiles)

    @cached_property
    def pairs(self) -> tuple[tuple[ChineseTile, ChineseTile], ...]:
        """The 16 Pai Gow pairs, highest first: Supreme (1:2 + 2:4), 11 civil, 4 military."""
        return tuple((chinese_tile(a), chinese_tile(b)) for a, b in _PAIRS)

    def count(self, tile: object) -> int:
        """How many copies of ``tile`` the set has (0 for a tile outside it)."""
        try:
            return chinese_tile(tile).copies
        except InvalidTile:
            return 0

    def check(self, tiles: Iterable[ChineseTile], what: str = "the hand") -> None:
        """Refuse a collection holding a tile more often than the set does."""
        for t, k in Counter(tiles).items():
            if k > t.copies:
                raise InvalidSet(f"{t} is in the set {'once' if t.copies == 1 else 'twice'}, "
                                 f"and {what} has it {k} times")

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[ChineseTile]:
        return iter(self.tiles)

    def __contains__(self, tile: object) -> bool:
        return self.count(tile) > 0

    def __repr__(self) -> str:
        return "ChineseSet()"

    def __str__(self) -> str:
        return " ".join(str(t) for t in self.tiles)

    def _repr_svg_(self) -> str:
        from ..render.chinese import chinese_set_svg  # noqa: PLC0415 - drawn on demand

        return chinese_set_svg(self)


CHINESE_SET = ChineseSet()


def count_hands(k: int) -> int:
    """Hands of ``k`` tiles from the 32, every tile told apart: C(32, k).

    >>> count_hands(8)
    10518300
    """
    return comb(len(CHINESE_SET), k)


def count_distinct_hands(k: int) -> int:
    """Hands of ``k`` tiles when the two tiles of each of the 16 pairs are taken as alike.

    The coefficient of x^k in (1 + x + x²)^16: each pair gives none, one or both tiles.

    >>> [count_distinct_hands(k) for k in range(5)]
    [1, 16, 136, 800, 3620]
    """
    poly = [1]
    for _ in CHINESE_SET.pairs:
        nxt = [0] * (len(poly) + 2)
        for i, c in enumerate(poly):
            for j in range(3):
                nxt[i + j] += c
        poly = nxt
    return poly[k] if 0 <= k < len(poly) else 0
