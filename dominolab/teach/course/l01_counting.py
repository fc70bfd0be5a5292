"""Lesson 01 · Counting tiles: why 28, and (n+1)(n+2)/2 for every set."""

from __future__ import annotations

import math

import sympy

from ... import combinatorics as C
from ...errors import DominoError
from ...i18n import ngettext, tr
from ...tiles import DominoSet, Tile
from ..answers import Exact, Formula
from ..choices import Choice, Text
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec

n = sympy.Symbol("n")

SIZES = (3, 4, 5, 7, 8, 9, 10, 11, 12)


def _set_params(rng: Rng, ctx: Ctx) -> dict:
    size = 6 if rng is None else rng.choice(SIZES)
    return {"n": size, "k": size + 1, "kp1": size + 2, "total": C.set_size(size),
            "ordered": (size + 1) ** 2, "doubles": size + 1}


def _tiles_answer(p: dict) -> Exact:
    m = p["n"]
    return Exact(C.set_size(m), wrong={
        (m + 1) ** 2: "you counted 3:5 and 5:3 as different tiles",
        math.comb(m + 1, 2): "the doubles are missing",
        (m + 1) * (m + 2): "you counted every tile twice",
        m + 1: "those are only the doubles",
    })


def _not_doubles_answer(p: dict) -> Exact:
    m = p["n"]
    return Exact(math.comb(m + 1, 2), wrong={
        C.set_size(m): "that is the whole set: the doubles are still in",
        (m + 1) * m: "you counted 3:5 and 5:3 as two tiles",
        (m + 1) ** 2: "that counts ordered pairs, doubles included",
        m + 1: "that is the number of doubles, the tiles to leave out",
    })


def _row_params(rng: Rng, ctx: Ctx) -> dict:
    if rng is None:
        t = Tile(1, 1)
    else:
        t = rng.choice([x for x in DominoSet(6) if x != Tile(2, 5)])
    return {"tile": str(t), "row": C.stars_and_bars(t, 7)}


def _row_diagnose(text: str) -> str | None:
    row = "".join(text.split())
    if set(row) - {"*", "|"}:
        return tr("write the row with * and | only")
    stars, bars = row.count("*"), row.count("|")
    if stars != 2 or bars != 6:
        return tr("your row has {stars} and {bars}; a double-six tile has 2 stars (its two "
                  "numbers) and 6 bars (the walls between 7 boxes)").format(
                      stars=ngettext("{n} star", "{n} stars", stars).format(n=stars),
                      bars=ngettext("{n} bar", "{n} bars", bars).format(n=bars))
    try:
        a, b = C.from_stars_and_bars(row)
    except DominoError as e:
        return str(e)
    return tr("your row is the tile {tile}: count the bars before each star").format(
        tile=Tile(a, b))


def _row_answer(p: dict) -> Text:
    return Text(p["row"], expects="a row of * and | as text, such as '||*|||*|'",
                wrong={"||*|||*|": "that is the example, the tile 2:5",
                       "*" * 2 + "|" * 7: "a double-six row has 6 bars, not 7: seven boxes "
                       "need only six walls between them"},
                diagnose=_row_diagnose)


def _tri_params(rng: Rng, ctx: Ctx) -> dict:
    m = 6 if rng is None else rng.choice((3, 4, 7, 8, 9))
    return {"m": m, "kinds": m + 1, "places": m + 3, "bars": m}


def _tri_answer(p: dict) -> Exact:
    k = p["kinds"]
    return Exact(C.multiset_count(k, 3), wrong={
        k ** 3: "you counted ordered triples: a triomino is read in non-decreasing order",
        math.comb(k, 3): "in your count no number repeats, but a corner number may",
        math.comb(k + 2, 2): "that is a count of 2-element multisets: a triomino has 3 corners",
        math.comb(k + 3, 3): "that row has one bar too many: k kinds need k − 1 bars",
    })


LESSON = Lesson(
    number="01",
    title="Counting tiles",
    notebook="01-counting-tiles.ipynb",
    question="Why does a box of dominoes hold 28 tiles, and how many does a bigger box hold?",
    objectives=(
        "Say why a domino is an unordered pair of numbers in which a number may repeat "
        "(a multiset of size 2).",
        "Count the tiles of a double-n set in three ways (rows, ordered pairs, stars and bars) "
        "and reach (n + 1)(n + 2)/2.",
        "Count multisets of size k from m kinds with stars and bars, C(m + k − 1, k), and use it "
        "for triominoes.",
    ),
    prerequisites=(
        "Adding and multiplying whole numbers; the sum 1 + 2 + … + m.",
        "Helpful, not required: choosing k things out of m, C(m, k).",
    ),
    materials=(
        "A double-six set for every three or four students (or the set explorer on screen).",
        "The printed worksheet (`dominolab worksheet 01`).",
    ),
    timing=(
        Segment("hook", 5, "Tip a box of tiles onto each table. Without counting one by one: "
                "how many tiles? Students answer exercise 01.1 before anything is shown."),
        Segment("picture", 8, "Lay the tiles in rows by their smaller number (or show the set "
                "explorer): 7 + 6 + … + 1. Move the slider: 1, 3, 6, 10, 15 — triangular numbers."),
        Segment("mathematics", 15, "Unordered, with repetition: compare 7·7 ordered pairs and "
                "C(7, 2) pairs of different numbers with the 28 tiles; stars and bars; the formula "
                "C(n + 2, 2) = (n + 1)(n + 2)/2, checked by sympy."),
        Segment("exercises", 12, "Exercises 01.2 to 01.6 in pairs; early finishers try "
                "triominoes with other corner numbers."),
        Segment("exit ticket", 5, "Exercise 01.7 on a slip of paper: the double-twelve set."),
    ),
    misconceptions=(
        Misconception("3:5 and 5:3 are two different tiles, so there are 7 · 7 = 49.",
                      "Turning a tile round does not make a new tile; only the doubles are "
                      "counted once in 49, every other tile twice.",
                      "Hand a student 3:5 and ask them to find 5:3 in the box."),
        Misconception("A tile needs two different numbers, so there are C(7, 2) = 21.",
                      "The seven doubles 0:0 … 6:6 are tiles too.",
                      "Ask for the tile with a blank on both halves."),
        Misconception("In stars and bars there is one bar per number.",
                      "Bars are walls *between* boxes: 7 boxes need 6 bars, so a row has "
                      "2 + 6 = 8 places, not 9.",
                      "Draw the seven boxes and count the walls between them."),
    ),
    exercises=(
        Spec(
            id="01.1", title="How many tiles in a box?",
            statement="A domino shows a number from 0 to $n on each of its two halves. Every "
                      "pair of numbers is on exactly one tile: 3:5 is the same tile as 5:3 "
                      "(turn it round), and a **double** such as 4:4 is a tile too. How many "
                      "tiles are in a double-$n set?",
            answer=_tiles_answer, params=_set_params, minutes=4,
            hints=("Lay the tiles out in rows: first every tile with a 0, then every tile with "
                   "a 1 that is not already down, and so on.",
                   "The row of 0 holds 0:0, 0:1, …, 0:$n: that is $k tiles. The next row holds "
                   "one tile fewer.",
                   "Add $k + $n + … + 1. (Or count ordered pairs, $k · $k, and mend the double "
                   "counting: every tile but a double was counted twice.)"),
            solution="Sort the tiles by their smaller number. Row 0 holds 0:0, 0:1, …, 0:$n "
                     "($k tiles), row 1 holds 1:1, …, 1:$n ($n tiles), and so on down to "
                     "$n:$n alone. So the set has $k + $n + … + 1 = $k · $kp1 / 2 = **$answer** "
                     "tiles. Check with ordered pairs: $k · $k = $ordered counts every tile "
                     "twice except the $doubles doubles, and ($ordered + $doubles) / 2 = "
                     "$answer.",
        ),
        Spec(
            id="01.2", title="Tiles that are not doubles",
            statement="How many tiles of a double-$n set are **not** doubles?",
            answer=_not_doubles_answer, params=_set_params,
            hints=("A tile that is not a double shows two different numbers.",
                   "Choose 2 different numbers out of the $k numbers 0 … $n; the order does "
                   "not matter.",
                   "Or: take the $doubles doubles away from the whole set."),
            solution="A tile that is not a double is a choice of 2 different numbers from the "
                     "$k numbers 0 … $n, in no order: C($k, 2) = $k · $n / 2 = **$answer**. "
                     "Together with the $doubles doubles that makes the whole set.",
        ),
        Spec(
            id="01.3", title="A tile in stars and bars",
            statement="In **stars and bars** a double-six tile becomes a row of 2 stars and "
                      "6 bars. The bars split the row into 7 boxes, for 0, 1, …, 6 from left to "
                      "right, and each star stands for one number of the tile. For example the "
                      "tile 2:5 is `||*|||*|`: no star before the first two bars (no 0, no 1), "
                      "a star in box 2, three bars, a star in box 5, one last bar. Write the "
                      "row of the tile **$tile**.",
            answer=_row_answer, params=_row_params,
            hints=("Box 0 is everything before the first bar, box 1 lies between the first and "
                   "the second bar, and so on.",
                   "Put one star in the box of each number of $tile. A double puts both stars "
                   "in the same box.",
                   "Every row has exactly 2 stars and 6 bars, 8 symbols in all."),
            solution="Draw seven boxes separated by six bars and put a star in the box of each "
                     "number of $tile: the row is `$answer`. Read back, the stars sit in the "
                     "boxes of the tile's numbers, so every tile gives one row and every row "
                     "of 2 stars and 6 bars gives back one tile.",
        ),
        Spec(
            id="01.4", title="The formula for every set",
            statement="Give the number of tiles of a double-*n* set as a formula in *n*. "
                      "(Check yourself: it must give 28 for n = 6.)",
            answer=lambda p: Formula(C.set_size(n), truth="a double-{n} set has {value} tile{s}", start=1,
                                     wrong=[((n + 1) ** 2, "you counted 3:5 and 5:3 as "
                                             "different tiles"),
                                            (n * (n + 1) / 2, "the doubles are missing"),
                                            ((n + 1) * (n + 2), "you counted every tile twice")]),
            hints=("How many numbers can a half show in a double-n set? (Not n.)",
                   "Stars and bars: 2 stars and n bars, n + 2 places in all.",
                   "Choose the 2 places of the stars among the n + 2 places: C(n + 2, 2), "
                   "written out with products."),
            solution="A half shows one of the n + 1 numbers 0 … n. In stars and bars a tile is "
                     "a row of 2 stars and n bars (n + 1 boxes need n walls), n + 2 places, and "
                     "the row is fixed by where the 2 stars are: C(n + 2, 2) = **$answer**. "
                     "For n = 6 that is 8 · 7 / 2 = 28.",
        ),
        Spec(
            id="01.5", title="Triominoes",
            statement="A **triomino** is a triangle with a number at each corner. It is read "
                      "clockwise in non-decreasing order, so a tile is fixed by *which* numbers "
                      "it shows, and a number may repeat (0-0-4 is a tile). How many tiles would "
                      "a triomino set with corner numbers 0 to $m have?",
            answer=_tri_answer, params=_tri_params,
            hints=("This is a multiset again: 3 numbers chosen from $kinds kinds, repetition "
                   "allowed, order ignored.",
                   "Stars and bars: 3 stars and $bars bars.",
                   "Choose the places of the 3 stars among $places places."),
            solution="A triomino is a multiset of 3 numbers from the $kinds kinds 0 … $m. In "
                     "stars and bars it is a row of 3 stars and $bars bars, $places places, "
                     "fixed by the places of the stars: C($places, 3) = **$answer**.",
        ),
        Spec(
            id="01.6", title="Which expression counts the tiles?",
            statement="Which expression counts the tiles of a double-six set?",
            answer=lambda p: Choice([
                ("7 · 7", "that counts ordered pairs: 3:5 and 5:3 twice"),
                ("C(7, 2)", "that leaves out the seven doubles"),
                ("C(8, 2)", "2 stars among the 8 places of 2 stars and 6 bars"),
                ("7! / (2! · 5!)", "that is C(7, 2) again: the doubles are missing"),
            ], correct=2),
            hints=("Try each expression on a tiny set, double-1: it has 3 tiles (0:0, 0:1, 1:1).",
                   "For double-1 the four expressions become 2 · 2, C(2, 2), C(3, 2) and "
                   "2!/(2! · 0!)."),
            solution="**$answer**: in stars and bars a tile is a row of 2 stars and 6 bars, and "
                     "C(8, 2) = 28 chooses the places of the stars. 7 · 7 = 49 counts every "
                     "tile except the doubles twice; C(7, 2) = 7!/(2! · 5!) = 21 leaves the "
                     "doubles out.",
            minutes=2,
        ),
        Spec(
            id="01.7", title="Exit ticket: the double-twelve set",
            statement="Big sets go up to double-twelve. How many tiles does a double-twelve set "
                      "have?",
            answer=lambda p: Exact(C.set_size(12), wrong={
                169: "you counted 3:5 and 5:3 as different tiles",
                78: "the doubles are missing", 182: "you counted every tile twice",
                C.set_size(11): "that is the double-eleven set: a double-twelve half shows "
                "one of 13 numbers"}),
            hints=("13 numbers, 0 to 12, can be on a half.",
                   "Rows of 13, 12, …, 1 tiles; or C(14, 2)."),
            solution="The halves show 0 … 12, thirteen numbers, so there are 13 + 12 + … + 1 = "
                     "13 · 14 / 2 = C(14, 2) = **$answer** tiles.",
            exit_ticket=True, minutes=3,
        ),
    ),
    extension="Quadrominoes? A square tile with a number on each of its four sides, read "
              "clockwise, is *not* a multiset: 0-1-0-1 and 0-0-1-1 differ. Counting them needs "
              "Burnside's lemma (necklaces).",
)

