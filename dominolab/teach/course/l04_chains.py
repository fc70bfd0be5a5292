"""Lesson 04 · Chains and rings: Euler at the domino table."""

from __future__ import annotations

from ... import chains
from ...i18n import ngettext, tr
from ...tiles import DominoSet, Hand, parse_tiles
from ..answers import Exact
from ..choices import Choice, FreeText, Numbers
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses import Witness, ring_witness, stuck_line_witness

#: a line that is stuck although both its ends still have free tiles: the free tiles
#: fall into two groups (0, 1 and 2 against 3, 4, 5, 6) and only one touches the line
STUCK_LINE = "0:6 6:2 2:4 4:3 3:2 2:5 5:6 6:1 1:5 5:0 0:4 4:1 1:3 3:0"
#: a shorter one for the exercise's reference answer (the cut is {0, 1} against the rest)
SHORT_STUCK_LINE = "0:2 2:1 1:3 3:0 0:4 4:1 1:5 5:0 0:6 6:1"


def _longest_params(rng: Rng, ctx: Ctx) -> dict:
    m = 5 if rng is None else rng.choice((3, 7, 9))
    size = DominoSet(m).size
    return {"n": m, "size": size, "odd": m + 1, "ends": m + 2, "out": (m - 1) // 2}


def _longest_answer(p: dict) -> Exact:
    best = len(chains.longest_chain(DominoSet(p["n"])))
    size = p["size"]
    wrong = [(size, tr("a line through all {size} tiles is impossible: count the numbers shown "
                       "an odd number of times").format(size=size)),
             (best - 1, "you left one tile too many out: the two ends of the line can take two "
                        "of the odd numbers"),
             (best + 1, "still too many odd numbers for one line: each tile left out mends at "
                        "most two")]
    keep: dict[int, str] = {}
    for v, m in wrong:
        if v != best and v <= size and v not in keep:
            keep[v] = m
    return Exact(best, wrong=keep)


def _odd_params(rng: Rng, ctx: Ctx) -> dict:
    if rng is None:
        return {"hand": "0:1 1:2 2:2 2:3 3:0 0:4"}
    while True:
        hand = Hand(sorted(rng.sample(list(DominoSet(5)), 6)))
        if len(chains.can_chain(hand).odd) >= 2 and any(t.is_double for t in hand):
            return {"hand": str(hand)}


def _odd_answer(p: dict) -> Numbers:
    hand = parse_tiles(p["hand"])
    odd = chains.can_chain(hand).odd
    deg = chains.degrees(hand)

    def diagnose(got: list[int]) -> str | None:
        for x in sorted(set(got)):
            d = deg.get(x, 0)
            if d % 2 == 0:
                return ngettext("{x} shows {d} time, an even number (a double counts twice)",
                                "{x} shows {d} times, an even number (a double counts twice)",
                                d).format(x=x, d=d)
        missing = [x for x in odd if x not in got]
        if missing:
            return tr("one more number shows an odd number of times (count the {x}s)").format(
                x=missing[0])
        return None

    # counting tiles instead of ends (a double once) is the classic slip
    by_tiles = tuple(v for v in deg if sum(t.has(v) for t in hand) % 2)
    wrong = ([(by_tiles, "a double shows its number twice: count ends, not tiles")]
             if set(by_tiles) != set(odd) else [])
    return Numbers(odd, wrong=wrong, diagnose=diagnose,
                   what="the numbers, as a tuple such as (1, 4) (any order)")


def _ring_answer(p: dict) -> Witness:
    return ring_witness(DominoSet(4))


def _parity_answer(p: dict) -> Choice:
    return Choice([
        ("the double-5 set", "each number shows on 5 + 2 = 7 ends, an odd number"),
        ("the double-7 set", "each number shows on 7 + 2 = 9 ends, an odd number"),
        ("the double-8 set", "each number shows on 8 + 2 = 10 ends, an even number, and the "
                             "tiles are connected"),
        ("the double-9 set", "each number shows on 9 + 2 = 11 ends, an odd number"),
    ], correct=2)


LESSON = Lesson(
    number="04",
    title="Chains and rings: Euler at the domino table",
    notebook="04-chains-and-euler.ipynb",
    question="Can all 28 tiles be laid in one ring? Which sets and hands make a line?",
    objectives=(
        "Draw tiles as the edges of a graph on the numbers and read a line as a trail.",
        "State and use the parity condition: a line needs at most two numbers shown an odd "
        "number of times; a ring needs none (Euler, 1736; Hierholzer, 1873, gave the "
        "construction).",
        "Explain why a line can be stuck even though both its ends still have free tiles "
        "(the free tiles can fall into separate groups).",
    ),
    prerequisites=("Lesson 01 (the double-n set, suits, doubles).",
                   "Even and odd numbers; drawing points and lines."),
    materials=("A double-six set per group; double-five sets (take the sixes out).",
               "The printed worksheet (`dominolab worksheet 04`)."),
    timing=(
        Segment("hook", 6, "Groups try to lay all 28 tiles in one closed ring, then all 21 "
                "tiles of a double-five set (take the sixes out). One works, one never does."),
        Segment("picture", 7, "Tiles as edges: the double-six set is K₇ with a loop at every "
                "number. Degrees: every number is on 8 ends."),
        Segment("mathematics", 14, "Why parity is necessary (in and out at every visit); the "
                "construction (walk, get stuck, splice in a detour); the chain builder; the "
                "stuck line whose free tiles fall into two groups."),
        Segment("exercises", 13, "Exercises 04.1 to 04.5; 04.3 at the computer with the chain "
                "builder."),
        Segment("exit ticket", 5, "Exercise 04.6: why no line uses all of the double-five "
                "set."),
    ),
    misconceptions=(
        Misconception("A double counts once for its number.",
                      "A double shows its number on both halves: two ends, so it adds 2 to "
                      "the degree.",
                      "Count ends with the class on the suit of 3: eight 3s."),
        Misconception("The only way to get stuck in a double-six line is to close it on a "
                      "number whose tiles are all used.",
                      "A line can be stuck with free tiles at both ends: when the free tiles "
                      "fall into two groups and only one touches the line (the line "
                      "0:6 6:2 2:4 … 1:3 3:0 of the lesson).",
                      "Build that line with real tiles and try to finish it."),
        Misconception("Euler proved that a ring can always be built.",
                      "Euler (1736) showed the parity condition is necessary and stated it "
                      "is enough; the first published proof that it is enough, by "
                      "construction, is Hierholzer's (1873).",
                      "Let students build a ring by the walk-and-splice method."),
    ),
    exercises=(
        Spec(
            id="04.4", title="The longest line of a double-$n set",
            statement="Lay the tiles of a double-$n set in one straight line, touching halves "
                      "matching. Some tiles must stay out. How many tiles can one line use at "
                      "most?",
            answer=_longest_answer, params=_longest_params,
            hints=("On how many tile ends does each number show? Is that odd or even?",
                   "Every number inside a line uses its ends in pairs; only the two end numbers "
                   "of the line may be used an odd number of times.",
                   "All $odd numbers are odd. The line's ends can take two of them; each tile "
                   "left out can mend at most two more."),
            solution="Every number shows on $ends tile ends, an odd number, so all $odd "
                     "numbers are odd. A line fixes two odd numbers at its ends; the other "
                     "$odd − 2 must each lose an end, and one tile left out mends at most two "
                     "numbers: at least $out tiles stay out. Leaving out $out tiles that "
                     "pair up the other numbers is enough, so the longest line has $size − "
                     "$out = **$answer** tiles.",
        ),
        Spec(
            id="04.1", title="Odd numbers in a hand",
            statement="Which numbers show an **odd** number of times in the hand `$hand`? "
                      "Count tile ends: a double shows its number twice.",
            answer=_odd_answer, params=_odd_params,
            hints=("Make a tally: for every tile, add 1 for each of its two halves.",
                   "A double such as 2:2 adds 2 to the tally of 2."),
            solution="Tally the ends of `$hand` (a double counts twice). The numbers with an "
                     "odd tally are **$answer**; by Euler's condition the hand makes one line "
                     "only if there are at most two of them.",
        ),
        Spec(
            id="04.2", title="A ring of the double-four set",
            statement="Lay all 15 tiles of the double-four set (0:0 to 4:4) in one closed "
                      "ring, every touching pair of halves matching, and write it down in "
                      "order, for example starting `0:0 0:1 1:1 …`.",
            answer=_ring_answer,
            hints=("Every number shows on 6 ends, an even number, so a ring exists.",
                   "Walk: start at 0, use any unused tile from where you are, and keep going "
                   "until you are back at 0 with no tile left there.",
                   "If tiles are left, find a number on your ring that still has free tiles, "
                   "walk a detour from there back to it, and splice the detour in."),
            solution="Any ring works; for example $answer. It exists because every number "
                     "shows on 6 ends: the walk-and-splice construction (Hierholzer, 1873) "
                     "always finishes.",
            minutes=5, lines=3,
        ),
        Spec(
            id="04.3", title="Stuck, with tiles at both ends",
            statement="Build a line of double-six tiles that **cannot be finished** (it can "
                      "never use all 28 tiles) although both of its ends still show numbers "
                      "with free tiles. Build it in the chain builder and check "
                      "`.check(builder)`, or type it as text.",
            answer=lambda p: stuck_line_witness(6, SHORT_STUCK_LINE),
            hints=("Free tiles can fall into groups that do not touch each other.",
                   "Use up every tile joining {0, 1} to {2, 3, 4, 5, 6} — there are ten — in "
                   "one line that starts and ends on 0 or 1.",
                   "Then the free tiles among 2 … 6 can never be reached from the line."),
            solution="For example `$answer`: it uses all ten tiles between {0, 1} and "
                     "{2, …, 6}, so the free tiles 0:0, 0:1, 1:1 (at the ends) and the free "
                     "tiles among 2 … 6 form two groups; no extension ever reaches the second "
                     "group. `chains.can_finish` says so.",
            at_computer=True, minutes=5,
        ),
        Spec(
            id="04.5", title="Which set closes into a ring?",
            statement="For which of these sets can all the tiles be laid in one closed ring?",
            answer=_parity_answer,
            hints=("In a double-n set each number shows on n + 2 ends.",),
            solution="**$answer**: every number shows on n + 2 ends, so a ring needs n + 2 "
                     "even, that is n even; the tiles of a set are always connected.",
            minutes=2,
        ),
        Spec(
            id="04.6", title="Exit ticket: the double-five set",
            statement="Why can no line use all 21 tiles of the double-five set?",
            answer=lambda p: FreeText(
                "every number shows on 7 ends, an odd number, so all six numbers are odd. Inside "
                "a line a number is used in pairs of touching ends, so only the two end "
                "numbers of a line can be odd; six odd numbers are too many."),
            hints=("Count the ends showing each number.",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="Count the rings (lesson 05), or find the longest line of an ordinary hand with "
              "`chains.longest_chain`.",
)
