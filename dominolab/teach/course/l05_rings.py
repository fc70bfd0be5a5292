"""Lesson 05 · Counting rings by hand: double-2, then double-4 = 264 · 2⁵ · 15."""

from __future__ import annotations

from ... import chains
from ..answers import Exact
from ..choices import FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec


def _places_params(rng: Rng, ctx: Ctx) -> dict:
    m = 6 if rng is None else rng.choice((4, 8, 10, 12))
    return {"n": m, "v": 3 if rng is None else rng.randint(0, m), "ends": m,
            "visits": m // 2, "k": m + 1}


def _places_answer(p: dict) -> Exact:
    m = p["n"]
    return Exact(m // 2, wrong={
        m + 2: "that counts the ends showing the number, the double's own two included",
        m: "that counts ends; each visit of the walk uses two of them (one in, one out)",
        m + 1: "that counts the tiles of the suit; a visit uses two ends",
    })


def _rings4() -> int:
    return chains.count_rings(4)


LESSON = Lesson(
    number="05",
    title="Counting rings by hand",
    notebook="05-counting-rings.ipynb",
    question="In how many ways do the tiles of a set close into a ring, or lie in a line?",
    objectives=(
        "Count the lines of the double-2 set by hand and see each one as a ring cut open.",
        "Take the doubles out of a ring to get a walk around the complete graph, and count "
        "where each double can go back in: n/2 places.",
        "Compute the double-4 count 264 · 2⁵ · 15 = 126,720 lines and explain each factor.",
    ),
    prerequisites=("Lesson 04 (tiles as edges, Euler's condition, rings).",
                   "The multiplication principle."),
    materials=("The six tiles 0:0 … 2:2 of a double-six set per pair of students; the fifteen "
               "tiles 0:0 … 4:4 per group.",
               "The printed worksheet (`dominolab worksheet 05`)."),
    timing=(
        Segment("hook", 6, "Pairs lay the six tiles 0:0 … 2:2 in straight lines and list every "
                "line they find (exercise 05.1)."),
        Segment("picture", 7, "Every line starts and ends on the same number: it is a ring cut "
                "at one of its joints. Take the doubles out: a walk round the triangle 0-1-2."),
        Segment("mathematics", 14, "Rings with direction = walks of the complete graph × places "
                "for the doubles; lines = rings × joints. Double-4: K₅ has 264 walks (the "
                "computer lists them), each double has 2 places, 15 joints."),
        Segment("exercises", 13, "Exercises 05.2 to 05.6."),
        Segment("exit ticket", 5, "Exercise 05.7: double-5 has no line, double-1 has two."),
    ),
    misconceptions=(
        Misconception("A line and the same line read backwards are one line.",
                      "This lesson counts them apart (as Reiss did for 7,959,229,931,520); "
                      "halve the count to identify them.",
                      "Agree the convention before counting and write it on the board."),
        Misconception("A double can go back in next to any tile showing its number.",
                      "It goes in at a *visit* of the walk to its number, and a visit uses two "
                      "ends (in and out): n ends make n/2 visits.",
                      "Trace a ring of double-4 and mark the two visits to 3."),
        Misconception("The five doubles have 2 + 2 + 2 + 2 + 2 = 10 choices.",
                      "Each double chooses independently, so the choices multiply: 2⁵ = 32.",
                      "List the 4 choices for two doubles."),
    ),
    exercises=(
        Spec(
            id="05.1", title="Lines of the double-2 set",
            statement="The double-2 set has six tiles: 0:0, 0:1, 0:2, 1:1, 1:2, 2:2. In how "
                      "many ways can all six be laid in one straight line, touching halves "
                      "matching? (A line and the same line read backwards count as two.)",
            answer=lambda p: Exact(chains.count_lines(2), wrong={
                6: "you counted a line and its reversal as one; here they count as two",
                2: "those are the rings (with direction); each can be cut open at any of its "
                   "6 joints",
                24: "some lines were counted twice: a line is fixed by its first tile and "
                    "direction",
            }),
            hints=("Every number shows on 4 ends, an even number: the line closes into a ring.",
                   "So the line starts and ends on the same number. Start with 0:0 and list "
                   "the lines that begin 0:0 0:1 … and 0:0 0:2 …",
                   "There are 2 lines starting with the tile 0:0 on the left; by symmetry, "
                   "2 starting with each tile."),
            solution="Every line starts and ends with the same number, so it is a ring cut open "
                     "at one of its 6 joints. Without the doubles the ring is a walk round the "
                     "triangle 0-1-2, in one of 2 directions, and each double has one place. So "
                     "there are 2 rings with direction and 2 · 6 = **$answer** lines.",
            minutes=6,
        ),
        Spec(
            id="05.2", title="Rings of the double-2 set",
            statement="Now count **rings** of all six double-2 tiles: a ring has no start, but "
                      "it has a direction (a ring and its mirror image count as two, turning "
                      "it round does not). How many rings are there?",
            answer=lambda p: Exact(chains.count_rings(2), wrong={
                12: "those are the lines: a ring cut at each of its 6 joints gives 6 lines",
                1: "a ring and its mirror image count as two",
                6: "turning a ring round does not make a new ring",
            }),
            hints=("Take the three doubles out: what is left of a ring?",
                   "The tiles 0:1, 1:2, 2:0 make the triangle; walk it one way or the other."),
            solution="Without the doubles a ring is the triangle 0-1-2 walked in one of 2 "
                     "directions; each double goes back in at the one visit to its number. "
                     "So there are **$answer** rings, and 2 · 6 = 12 lines.",
            minutes=3,
        ),
        Spec(
            id="05.3", title="Places for a double",
            statement="In a ring of all tiles of the double-$n set, take out the double "
                      "$v:$v. At how many different places of the ring can it go back in? "
                      "(Each place is a visit of the ring to the number $v.)",
            answer=_places_answer, params=_places_params,
            hints=("Without the doubles, how many tile ends show $v?",
                   "Each time the ring passes $v it uses two of those ends, one coming in and "
                   "one going out."),
            solution="Without the doubles, $v shows on the $ends tiles $v:x with x ≠ $v, one "
                     "end each. Every visit of the ring to $v uses two of those ends, so the ring "
                     "visits $v exactly $ends / 2 = **$answer** times, and the double can go in "
                     "at any of these visits.",
        ),
        Spec(
            id="05.4", title="Rings of the double-4 set",
            statement="Without its doubles, a ring of the double-4 set is a closed walk through "
                      "all ten edges of the complete graph K₅ (the numbers 0 … 4, each pair "
                      "joined once). There are exactly **264** such walks with a direction. How "
                      "many rings with direction do all 15 tiles of the double-4 set make?",
            answer=lambda p: Exact(_rings4(), wrong={
                264: "the five doubles still have to go back in, each at one of its places",
                264 * 10: "the doubles choose independently: multiply 2 · 2 · 2 · 2 · 2, "
                          "do not add",
                264 * 5: "each double has 2 places (two visits to its number), and the "
                         "choices multiply",
                264 * 3 ** 5: "in double-4 a number is visited twice, not three times",
                264 * 32 * 15: "those are the lines: a ring is not cut open",
            }),
            hints=("How many times does the walk visit each number? (Exercise 05.3 with n = 4.)",
                   "Each of the 5 doubles chooses one of its 2 places, independently."),
            solution="Each number shows on 4 ends of K₅'s edges, so the walk visits it twice, "
                     "and its double has 2 places. The five doubles choose independently: "
                     "2⁵ = 32. So there are 264 · 32 = **$answer** rings.",
        ),
        Spec(
            id="05.5", title="Lines of the double-4 set",
            statement="And how many straight **lines** of all 15 double-4 tiles are there (a "
                      "line and its reversal counted as two)?",
            answer=lambda p: Exact(chains.count_lines(4), wrong={
                _rings4(): "those are the rings; a line is a ring cut open at one of its joints",
                _rings4() * 14: "a ring of 15 tiles has 15 joints, not 14",
                _rings4() * 30: "the reversal is already counted: reading a line backwards "
                                "gives the line of the mirror ring",
            }),
            hints=("Every line of the double-4 set starts and ends on the same number.",
                   "Cut each ring open at one of its 15 joints."),
            solution="A line closes into a ring, so lines are rings cut open at one of their 15 "
                     "joints: 264 · 2⁵ · 15 = 8448 · 15 = **$answer**.",
        ),
        Spec(
            id="05.6", title="Reiss's number",
            statement="Without its doubles, a ring of the double-six set is a closed walk "
                      "through the 21 edges of K₇; there are 129,976,320 such walks with a "
                      "direction. How many straight lines of all 28 tiles are there? (Use a "
                      "calculator.)",
            answer=lambda p: Exact(chains.count_lines(6), wrong={
                chains.count_rings(6): "those are the rings; cut each one at one of its 28 "
                                       "joints",
                129976320 * 2 ** 7 * 28: "in double-six each number is visited three times "
                                         "(6 ends), so each double has 3 places",
                129976320 * 28: "the doubles are missing: each has 3 places",
                129976320 * 3 * 7 * 28: "the seven doubles choose independently: 3⁷, not "
                                        "3 · 7",
            }),
            params=lambda rng, ctx: {"rings": f"{chains.count_rings(6):,}"},
            hints=("Each number shows on 6 ends of K₇'s edges: how many visits?",
                   "rings = 129,976,320 · 3⁷; lines = rings · 28."),
            solution="Each number is visited 6 / 2 = 3 times, so each of the 7 doubles has 3 "
                     "places: rings = 129,976,320 · 3⁷ = $rings, and lines = rings · 28 "
                     "= **$answer**, the number Michel Reiss found in 1871.",
        ),
        Spec(
            id="05.7", title="Exit ticket: none and two",
            statement="Why are there no lines at all of the double-5 set, but exactly two of "
                      "the double-1 set?",
            answer=lambda p: FreeText(
                "in the double-5 set every number shows on 7 ends, so all six numbers are odd "
                "and no line exists. In the double-1 set the numbers 0 and 1 each show on 3 "
                "ends: two odd numbers, so a line must run from one to the other: 0:0 0:1 1:1 "
                "and its reversal 1:1 1:0 0:0."),
            hints=("Count the odd numbers of each set (lesson 04).",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="Extension: the BEST theorem counts Euler circuits of a directed graph through "
              "spanning trees (the matrix-tree theorem); summed over the Eulerian orientations "
              "of K₅ it gives 264, of K₇ 129,976,320. The notebook's extension section shows it, "
              "and a fast method that reaches double-12.",
)

