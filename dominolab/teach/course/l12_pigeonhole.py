"""Lesson 12 · Pigeonhole at the table: forced coincidences, and the sets that escape them."""

from __future__ import annotations

from ...combinatorics import pigeonhole as P
from ...combinatorics import set_size
from ...i18n import tr
from ..answers import Exact
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_counting import tiles_without_witness


def _doubles_answer(p: dict) -> Choice:
    # the engine's verdict: no deal keeps every hand to one double
    forced = P.deal_within(4, 7, "doubles", 1) is None
    return Choice([
        ("yes, in every deal", "7 doubles in 4 hands: if every hand had at most one, the "
                               "hands would hold at most 4 of them"),
        ("no, a lucky deal gives everybody at most one", "count: 4 hands with one double "
                                                         "each hold 4 doubles, and there are 7"),
        ("only in about half of the deals", "it is not a matter of luck: every deal puts "
                                            "all 7 doubles in 4 hands"),
    ], correct=0 if forced else 1)


def _share_params(rng: Rng, ctx: Ctx) -> dict:
    n = 6 if rng is None else rng.choice((4, 5, 8, 9))
    return {"n": n, "numbers": n + 1, "top": n}


def _share_answer(p: dict) -> Exact:
    n = p["n"]
    c = P.coincidence("shared_number", n=n, x=n)
    k = n + 1
    return Exact(c.bound, wrong={
        c.bound - 1: tr("{fewer} tiles can share nothing: the {k} doubles 0:0 … {n}:{n} "
                        "use one number each").format(fewer=c.bound - 1, k=k, n=n),
        k // 2 + 1: tr("a tile does not always use two numbers: a double uses only one, so "
                       "the {k} doubles share nothing").format(k=k),
        c.bound + 1: tr("fewer are enough: already any {bound} tiles need more than {k} "
                        "different numbers").format(bound=c.bound, k=k),
    })


def _pips_params(rng: Rng, ctx: Ctx) -> dict:
    return {"size": P.coincidence("same_pips").bound - 1}


def _pips_bound_answer(p: dict) -> Exact:
    c = P.coincidence("same_pips")
    return Exact(c.bound, wrong={
        c.bound - 1: tr("{fewer} tiles can all have different totals: you just found such "
                        "tiles").format(fewer=c.bound - 1),
        set_size(6) // 2 + 1: "the boxes are the possible pip totals, 0 to 12, not pairs of "
                              "tiles",
        12: "the totals go from 0 to 12: that is 13 boxes, not 12",
    })


def _double_answer(p: dict) -> Exact:
    c = P.coincidence("double")
    return Exact(c.bound, wrong={
        c.bound - 1: "the 21 tiles that are not doubles can all be drawn first",
        8: "8 tiles force two that share a number, not a double",
        7: "there are 7 doubles, but the other 21 tiles may all come first",
        2: "the pigeonhole principle gives a double only when the tiles without one run out",
    })


def _three_answer(p: dict) -> Exact:
    c = P.coincidence("three_on_a_number")
    largest = len(c.extremal)
    return Exact(largest, wrong={
        14: "2 · 7 = 14 counts (tile, number) pairs; a tile that is not a double gives two "
            "of them",
        7: "more fit: all seven doubles and then a few tiles that are not doubles",
        c.bound: tr("with {bound} tiles some number must show three times; the question "
                    "asks for the largest set where none does").format(bound=c.bound),
        largest - 1: "one more fits: use all seven doubles and three tiles pairing up six "
                     "of the numbers",
    })


LESSON = Lesson(
    number="12",
    title="Pigeonhole at the table",
    notebook="12-pigeonhole-at-the-table.ipynb",
    question="What must happen in every deal, however the tiles fall, and how do we know the "
             "bound cannot be improved?",
    objectives=(
        "State and use the pigeonhole principle: m items in b boxes put at least ⌈m/b⌉ into "
        "one box (for averages: some hand has at least the average).",
        "Choose the boxes: numbers, pip totals, players; count by (tile, number) pairs when a "
        "tile belongs to two boxes.",
        "Show that a bound is sharp by a set one tile smaller that escapes it, built by hand "
        "or found by the package's exhaustive search.",
    ),
    prerequisites=("Lesson 01 (the set, suits, doubles).",
                   "Division with remainder; rounding up."),
    materials=("A double-six set per group.",
               "The printed worksheet (`dominolab worksheet 12`)."),
    timing=(
        Segment("hook", 6, "Every group deals four hands of seven and looks for a hand with "
                "two doubles; exercise 12.1. Then: take tiles one at a time so that no two "
                "share a number. How far can you go?"),
        Segment("picture", 6, "The seven doubles dealt into four boxes; the 28 tiles sorted "
                "into the 13 boxes of their pip totals."),
        Segment("mathematics", 15, "The principle and ⌈m/b⌉; the averaging form (some hand has "
                "42 pips or more); counting (tile, number) pairs; for each bound the engine's "
                "set one tile smaller."),
        Segment("exercises", 13, "Exercises 12.2 to 12.6; 12.3 with the engine checking the "
                "set."),
        Segment("exit ticket", 5, "Exercise 12.7: why no deal gives everybody at most one "
                "double."),
    ),
    misconceptions=(
        Misconception("Every tile uses two numbers, so 4 tiles already force a shared number.",
                      "A double uses one number only: the seven doubles share nothing.",
                      "Lay out 0:0 1:1 2:2 … 6:6 and ask which two share a number."),
        Misconception("The pigeonhole principle tells who holds the two doubles.",
                      "It says only that some hand does; which one depends on the deal.",
                      "Deal twice: a different hand holds the pair each time."),
        Misconception("A bound found by the pigeonhole principle is the best possible.",
                      "Only a set one smaller that escapes shows that; without it the bound "
                      "might be improvable.",
                      "For each bound of the lesson, ask for the escaping set first."),
    ),
    exercises=(
        Spec(
            id="12.1", title="Two doubles in one hand?",
            statement="All 28 tiles are dealt to four players, seven each. Must some player "
                      "hold at least two doubles?",
            answer=_doubles_answer,
            hints=("How many doubles are there, and how many hands?",
                   "If every hand held at most one double, how many doubles would be dealt?"),
            solution="**$answer** There are 7 doubles and 4 hands. If every hand held at most "
                     "one, only 4 doubles would be dealt, but all 7 are. So some hand holds at "
                     "least ⌈7/4⌉ = 2.",
            minutes=3,
        ),
        Spec(
            id="12.2", title="Two tiles that share a number",
            statement="How many tiles must you take from a double-$n set (numbers 0 to $top) "
                      "to be sure that two of them show the same number?",
            answer=_share_answer, params=_share_params,
            hints=("The boxes are the $numbers numbers. Each tile goes into the boxes of the "
                   "numbers it shows.",
                   "How many tiles can you take so that no number is used twice? Which tiles "
                   "use the fewest numbers?"),
            solution="Tiles that share no number use different numbers, and each tile uses at "
                     "least one, so at most $numbers tiles share nothing — the $numbers "
                     "doubles do. Hence **$answer** tiles always include two with a common "
                     "number, and the doubles show that one fewer is not enough.",
        ),
        Spec(
            id="12.3", title="All different totals",
            statement="Choose **$size** tiles of the double-six set whose pip totals are all "
                      "different. Write them as text, such as `\"0:0 0:1 …\"`.",
            answer=lambda p: tiles_without_witness("same_pips", p["size"]),
            params=_pips_params,
            hints=("A tile has 0 to 12 pips. Which totals can you make?",
                   "Take one tile for every total: 0:0, 0:1, 0:2, …"),
            solution="One tile for each total 0, 1, …, 12, for example **$answer**: the "
                     "engine checks that no two have the same number of pips.",
            minutes=4, lines=3,
        ),
        Spec(
            id="12.4", title="Two tiles with the same pips",
            statement="How many tiles must you take from the double-six set to be sure that "
                      "two of them have the same number of pips?",
            answer=_pips_bound_answer,
            hints=("What are the boxes here?",
                   "How many different totals can a tile have? You found a set with all of "
                   "them in exercise 12.3."),
            solution="The totals 0, 1, …, 12 are 13 boxes. Any **$answer** tiles put two into "
                     "one box; the 13 tiles of exercise 12.3 show that 13 are not enough.",
            minutes=2,
        ),
        Spec(
            id="12.5", title="Sure of a double",
            statement="You draw tiles one at a time from a shuffled double-six set. How many "
                      "must you draw to be **sure** of holding a double?",
            answer=_double_answer,
            hints=("What is the unluckiest way the tiles can come?",
                   "How many tiles are not doubles?"),
            solution="The 21 tiles that are not doubles could all come first; the next tile "
                     "is then a double. So **$answer** tiles are needed, and 21 are not enough.",
            minutes=2,
        ),
        Spec(
            id="12.6", title="No number three times",
            statement="What is the **largest** number of tiles of the double-six set you can "
                      "choose so that no number shows on three (or more) of them?",
            answer=_three_answer,
            hints=("Count (tile, number) pairs: a double gives one, any other tile two. Each "
                   "number may be in at most 2 pairs.",
                   "At most 2 · 7 = 14 pairs. Doubles are the cheapest tiles: how many are "
                   "there, and how many other tiles fit in the pairs that are left?"),
            solution="Each number shows on at most 2 of the tiles, so there are at most 14 "
                     "(tile, number) pairs; the 7 doubles use 7, and each other tile uses 2, "
                     "so at most 7 + ⌊7/2⌋ = **$answer** tiles — for example the seven "
                     "doubles with 0:1, 2:3, 4:5. The package's search "
                     "(`coincidence(\"three_on_a_number\")`) confirms that no larger set exists.",
            minutes=4,
        ),
        Spec(
            id="12.7", title="Exit ticket: one double each?",
            statement="Why can no deal of the 28 tiles to four players give every player at "
                      "most one double?",
            answer=lambda p: FreeText(
                "there are seven doubles and only four hands: with at most one double per "
                "hand the four hands would hold at most four doubles, but all seven are "
                "dealt, so some hand holds at least two (⌈7/4⌉ = 2)."),
            hints=("Count the doubles and the hands.",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="With three players and seven tiles each, seven tiles stay in the boneyard: "
              "is a hand with two doubles still forced? Ask `deal_within(3, 7, \"doubles\", 1)`.",
)
