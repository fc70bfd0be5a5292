"""A published Pai Gow house way as a function: the Casino Canberra house way.

A *house way* is the fixed rule a casino's dealer sets the bank's tiles by. This
module follows «Pai Gow Tiles House Way from the Casino Canberra», published by the
Wizard of Odds (Michael Shackleford, wizardofodds.com, «Pai Gow Tiles» house ways).
It was chosen because its rules are complete enough to run: each exception names
four tiles and the setting, and its general rules are stated as a procedure. The
rule sheet says: «If more than one rule applies, use the one listed first.»

The sheet names tiles by pips, with *high*/*low* for two civil tiles of the same
pips: 12 Teen (6:6), 2 Day (1:1), high-8 Yun (4:4) / low-8 a military eight, high-4
Gor (1:3) / low-4 Bon (2:2), high-10 Mooy (5:5) / low-10 Ping (4:6), high-6 Chong
(3:3) / low-6 Look (1:5), high-7 Tit (1:6) / low-7 a military seven, 11 Foo, 9 and 5
the military nines and fives, gee/joon a Gee Joon tile. "7-9" is a low hand of 7 and a
high hand of 9; a *high-3* is a 3 whose top tile is Chong or better.

The rules, in order, as implemented (each result says which one set the tiles):

**Exceptions A–I** (four given tiles, a given setting): A 3-wong with teen, teen, 9,
11; B 7-9 with high-8, high-10, 11, 7; C 7-9 with gee, 6, 5, teen/day; D a 9 (the 4
with the 5) with gee, 4, 5 and a tile making no pair; E high-7 & low-8 with high-8,
low-8, 9, low-10; F high-3 & low-9 with high-6, low-6, gee, 7; G 3-gong with 12/2, 8, 9,
low-4; H low-1 & high-7 with 6, 11, low-6, 5 (reading: "6" is the high-6, since the
low-6 is named beside it); I low-2 & high-7 with high-8, low-8, 9, low-4.

**1. Pairs.** A: never split 4s, 5s, 6s, 10s, 11s or Gee Joon. B: split 2s and 12s to
make 6/8 or better. C: split 9s to make 9-9 or higher. D: split 8s to make 7-9, or 8-8
or higher. E: split 7s to make 7-high nine or higher. (Pairs are named by pips: "8s"
are two Yun or the two military eights.) **2.** Never split a pair if keeping it makes
both hands higher ("12, 12, gee, 4 … retaining the pair results in 7-pair").

**3. Wong, gong and high nine.** Play a high nine (Teen or Day with a 7), a gong or a
wong whenever possible; with the choice of the 2 or the 12, use the 12; high nine
first, then gong, then wong — but if that leaves a low hand below a high-3, make the
high hand as high as possible.

**4. All other hands.** (1) Only settings with the most points in all; (2) if the best
low hand is at least a high-3, play it; (3) else, if the best high hand is at least 7,
play it; (4) else make the low hand as high as possible; (5) keeping those points, with
a high hand of 7 or less put the higher tile in the low hand, otherwise in the high hand.

Readings and conventions (the sheet is silent): rules 2–4 compare *points* and rule 5
places the higher tile (so exception F and H overrule rule 5, as the sheet's exceptions
suggest); "6/8 or better" means at least 6 and 8 points (a gong counts 10, a wong 11);
where a rule leaves two settings (two eights for one gong), the one with the better
other hand is played, then the better high hand. The text of rule 4.5 as published
stops after its first clause, which is all this function uses.

>>> s, why = house_way_rule("6:6 6:6 1:2 1:3".split())   # the sheet's own example
>>> str(s), why
('low 1:3 1:2 (7) / high 6:6 6:6 (pair of Teen)', 'pair rule 2: keeping the pair of Teen makes both hands higher')
>>> str(house_way("6:6 1:1 4:5 2:2".split()))
'low 1:1 2:2 (6) / high 6:6 4:5 (wong (Teen and a nine))'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import permutations

from .paigow import (
    BON,
    CHONG,
    DAY,
    EIGHT,
    FIVE,
    FOO,
    GEE_JOON,
    GOR,
    KIND_NAMES,
    LOOK,
    MOOY,
    NINE,
    PING,
    SEVEN,
    TEEN,
    TIT,
    YUN,
    Split,
    _four,
    hand_points,
    hand_rank,
    kind_splits,
)

__all__ = ["house_way", "house_way_rule", "house_way_kinds", "HOUSE_WAY_NAME", "HOUSE_WAY_SOURCE",
           "max_high_way", "max_low_way"]

HOUSE_WAY_NAME = "Casino Canberra"
HOUSE_WAY_SOURCE = ("«Pai Gow Tiles House Way from the Casino Canberra», the Wizard of Odds "
                    "(wizardofodds.com/games/pai-gow-tiles/house-way/casino-canberra/)")

_ANY = frozenset(range(16))
_TD = frozenset((TEEN, DAY))
_SIX = frozenset((CHONG, LOOK))
_SEVENS = frozenset((TIT, SEVEN))
_EIGHTS = frozenset((YUN, EIGHT))
_FOURS = frozenset((GOR, BON))
_NINES = frozenset((NINE,))

# (letter, text, four slots (sets of kinds), the two slot pairs played together)
_EXCEPTIONS: list[tuple[str, str, tuple[frozenset[int], ...], tuple[tuple[int, int], ...]]] = [
    ("A", "3-wong with teen, teen, 9 and 11",
     (frozenset({TEEN}), frozenset({TEEN}), _NINES, frozenset({FOO})), ((0, 2), (1, 3))),
    ("B", "7-9 with high-8, high-10, 11 and 7",
     (frozenset({YUN}), frozenset({MOOY}), frozenset({FOO}), _SEVENS), ((0, 2), (1, 3))),
    ("C", "7-9 with gee/joon, 6, 5 and teen/day",
     (frozenset({GEE_JOON}), _SIX, frozenset({FIVE}), _TD), ((0, 1), (2, 3))),
    ("D", "a 9 with gee, 4, 5 and another tile not making a pair",
     (frozenset({GEE_JOON}), _FOURS, frozenset({FIVE}), _ANY), ((1, 2), (0, 3))),
    ("E", "high-7 & low-8 with high-8, low-8, 9 and low-10",
     (frozenset({YUN}), frozenset({EIGHT}), _NINES, frozenset({PING})), ((0, 2), (1, 3))),
    ("F", "high-3 & low-9 with high-6, low-6, gee/joon and 7",
     (frozenset({CHONG}), frozenset({LOOK}), frozenset({GEE_JOON}), _SEVENS), ((0, 3), (1, 2))),
    ("G", "3-gong with 12/2, 8, 9 and low-4",
     (_TD, _EIGHTS, _NINES, frozenset({BON})), ((0, 1), (2, 3))),
    ("H", "low-1, high-7 with 6, 11, low-6 and 5",
     (frozenset({CHONG}), frozenset({FOO}), frozenset({LOOK}), frozenset({FIVE})),
     ((0, 1), (2, 3))),
    ("I", "low-2, high-7 with high-8, low-8, 9 and low-4",
     (frozenset({YUN}), frozenset({EIGHT}), _NINES, frozenset({BON})), ((0, 2), (1, 3))),
]

_NEVER_SPLIT = frozenset((GOR, BON, FIVE, CHONG, LOOK, MOOY, PING, FOO, GEE_JOON))
#: the lowest high-3 (3 points, Chong the top tile) and the lowest high nine (Day and a 7)
HIGH_THREE = hand_rank(CHONG, SEVEN)
HIGH_NINE = hand_rank(DAY, SEVEN)

KindSplit = tuple[int, int, int, int]


def _ordered(a: int, b: int, c: int, d: int) -> KindSplit:
    """(low pair, high pair) with each pair sorted and the higher-ranked pair second."""
    lo, hi = tuple(sorted((a, b))), tuple(sorted((c, d)))
    if hand_rank(*lo) > hand_rank(*hi) or (hand_rank(*lo) == hand_rank(*hi) and lo > hi):
        lo, hi = hi, lo
    return (lo[0], lo[1], hi[0], hi[1])


def _ranks(s: KindSplit) -> tuple[int, int]:
    return hand_rank(s[0], s[1]), hand_rank(s[2], s[3])


def _points(s: KindSplit) -> tuple[int, int]:
    return hand_points(s[0], s[1]), hand_points(s[2], s[3])


def _exception(kinds: Sequence[int]) -> tuple[KindSplit, str] | None:
    perms = set(permutations(kinds))        # (one set, walked in the same order each time)
    for letter, text, (s0, s1, s2, s3), ((i, j), (k, m)) in _EXCEPTIONS:
        if letter == "D" and len(set(kinds)) < 4:      # "another tile not making a pair"
            continue
        for perm in perms:
            if perm[0] in s0 and perm[1] in s1 and perm[2] in s2 and perm[3] in s3:
                split = _ordered(perm[i], perm[j], perm[k], perm[m])
                return split, f"exception {letter}: {text}"
    return None


def _separating(kinds: Sequence[int], pair: int) -> KindSplit:
    rest = list(kinds)
    rest.remove(pair)
    rest.remove(pair)
    return _ordered(pair, rest[0], pair, rest[1])


def _split_wanted(pair: int, s: KindSplit) -> bool:
    low, high = _points(s)
    if pair in (TEEN, DAY):
        return low >= 6 and high >= 8
    if pair == NINE:
        return low >= 9 and high >= 9
    if pair in (YUN, EIGHT):
        return (low >= 7 and high >= 9) or low >= 8
    if pair in (TIT, SEVEN):
        return low >= 7 and _ranks(s)[1] >= HIGH_NINE
    return False


def _pair_name(k: int) -> str:
    return f"pair of {KIND_NAMES[k]}" + ("s" if k >= NINE else "")


def _pairs_rule(kinds: Sequence[int]) -> tuple[KindSplit, str] | None:
    pairs = sorted({k for k in kinds if kinds.count(k) == 2})
    if not pairs:
        return None
    rest = [k for k in kinds if k not in pairs]
    keep = _ordered(pairs[0], pairs[0], *(pairs[1:] * 2 if len(pairs) == 2 else rest))
    never = [p for p in pairs if p in _NEVER_SPLIT]
    if never:
        return keep, f"pair rule A: never split the {_pair_name(never[0])}"
    for p in pairs:
        s = _separating(kinds, p)
        if _split_wanted(p, s):
            (kl, kh), (sl, sh) = _ranks(keep), _ranks(s)
            if kl > sl and kh > sh:
                return keep, f"pair rule 2: keeping the {_pair_name(p)} makes both hands higher"
            letter = "B" if p in (TEEN, DAY) else "C" if p == NINE else \
                "D" if p in (YUN, EIGHT) else "E"
            return s, f"pair rule {letter}: split the {_pair_name(p)}"
    return keep, f"pair rules: keep the {_pair_name(pairs[0])}" + (
        f" and the {_pair_name(pairs[1])}" if len(pairs) == 2 else "")


def _best(cands: Iterable[KindSplit], high_first: bool) -> KindSplit:
    def key(s: KindSplit) -> tuple[int, int, KindSplit]:
        lo, hi = _ranks(s)
        return (hi, lo, s) if high_first else (lo, hi, s)
    return max(cands, key=key)


def _special(kinds: Sequence[int]) -> tuple[KindSplit, str] | None:
    options = kind_splits(kinds)
    for what, partners in (("high nine", _SEVENS), ("gong", _EIGHTS), ("wong", _NINES)):
        for anchor in (TEEN, DAY):
            found = []
            for s in options:
                for hand, other in (((s[0], s[1]), (s[2], s[3])), ((s[2], s[3]), (s[0], s[1]))):
                    if anchor in hand and (hand[0] if hand[1] == anchor else hand[1]) in partners:
                        found.append((hand_rank(*other), hand_rank(*hand), s))
            if not found:
                continue
            split = max(found)[2]
            name = f"{KIND_NAMES[anchor]} {what}"
            if _ranks(split)[0] < HIGH_THREE:
                best = _best(options, high_first=True)
                return best, (f"rule 3: the {name} leaves a low hand below a high-3, so the "
                              "high hand is made as high as possible")
            return split, f"rule 3: play the {name}"
    return None


def _other_hands(kinds: Sequence[int]) -> tuple[KindSplit, str]:
    options = kind_splits(kinds)
    most = max(sum(_points(s)) for s in options)
    cands = [s for s in options if sum(_points(s)) == most]
    best_low = max(_ranks(s)[0] for s in cands)
    if best_low >= HIGH_THREE:
        low_pts = max(_points(s)[0] for s in cands)
        chosen = [s for s in cands if _points(s)[0] == low_pts]
        why = "rule 4.2: the best low hand is at least a high-3"
    elif max(_points(s)[1] for s in cands) >= 7:
        high_pts = max(_points(s)[1] for s in cands)
        chosen = [s for s in cands if _points(s)[1] == high_pts]
        why = "rule 4.3: the best high hand is at least 7"
    else:
        low_pts = max(_points(s)[0] for s in cands)
        chosen = [s for s in cands if _points(s)[0] == low_pts]
        why = "rule 4.4: the low hand as high as possible"
    high = _points(chosen[0])[1]
    if len(chosen) > 1:
        why += ("; rule 4.5: high hand 7 or less, the higher tile in the low hand" if high <= 7
                else "; rule 4.5: the higher tile in the high hand")
    return _best(chosen, high_first=high > 7), why


@lru_cache(maxsize=None)
def _house_way(kinds: tuple[int, ...]) -> tuple[KindSplit, str]:
    for rule in (_exception, _pairs_rule, _special):
        found = rule(kinds)
        if found is not None:
            return found
    return _other_hands(kinds)


def house_way_kinds(kinds: Sequence[int]) -> KindSplit:
    """The house way on four kinds: (low a, low b, high a, high b). Cached: 3,620 classes.

    >>> house_way_kinds([TEEN, TEEN, NINE, FOO]) == (TEEN, FOO, TEEN, NINE)   # exception A
    True
    """
    return _house_way(tuple(sorted(kinds)))[0]


def house_way_rule(tiles: Iterable[object]) -> tuple[Split, str]:
    """The house way's setting of four tiles and the rule that chose it.

    >>> s, why = house_way_rule("6:6 4:4 4:5 2:2".split()); str(s), why
    ('low 2:2 4:5 (3) / high 6:6 4:4 (gong (Teen and an eight))', 'exception G: 3-gong with 12/2, 8, 9 and low-4')
    """
    four = _four(tiles)
    (la, lb, ha, hb), why = _house_way(tuple(sorted(t.pair for t in four)))
    pool = list(four)

    def take(kind: int) -> object:
        t = next(t for t in pool if t.pair == kind)
        pool.remove(t)
        return t
    low = (take(la), take(lb))
    high = (take(ha), take(hb))
    return Split(low, high), why


def house_way(tiles: Iterable[object]) -> Split:
    """The Casino Canberra house way's setting of four tiles (see the module docstring).

    >>> str(house_way("6:6 4:4 1:4 1:6".split()))      # teen, high-8, 5, high-7: high nine
    'low 4:4 1:4 (3) / high 6:6 1:6 (9)'
    """
    return house_way_rule(tiles)[0]


def max_high_way(kinds: Sequence[int]) -> KindSplit:
    """Not a published way: the high hand as high as possible, then the low hand.

    For comparison with the house way (how much of a game's push rate is the way's).

    >>> max_high_way([TEEN, DAY, NINE, BON]) == (DAY, BON, TEEN, NINE)
    True
    """
    return _best(kind_splits(kinds), high_first=True)


def max_low_way(kinds: Sequence[int]) -> KindSplit:
    """Not a published way: the low hand as high as possible, then the high hand.

    >>> max_low_way([TEEN, DAY, NINE, BON]) == (TEEN, BON, DAY, NINE)   # 6 Teen-high, Day wong
    True
    """
    return _best(kind_splits(kinds), high_first=False)
