"""Lesson 13 · Symmetry: counting up to rotation and reflection (Burnside's lemma)."""

from __future__ import annotations

import sympy

from ...chains import count_lines, count_rings, count_rings_up_to_symmetry, ring_symmetry_table
from ...combinatorics import symmetry as S
from ...i18n import tr
from ..answers import Exact, Formula
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_counting import mirror_triomino_witness


def _domino_answer(p: dict) -> Exact:
    flip = S.flip_group()[1]
    return Exact(S.fixed_labellings(flip, 7), wrong={
        49: "49 are all the labellings; turning end to end changes most of them",
        0: "the doubles look the same turned end to end",
        28: "28 are the tiles (the orbits); the question asks which labellings the turn "
            "leaves unchanged",
    })


def _turn_answer(p: dict) -> Exact:
    turn = S.cyclic_group(3)[1]
    return Exact(S.fixed_labellings(turn, 6), wrong={
        216: "216 are all the labellings; a turn moves most of them",
        0: "a triomino with three equal corners looks the same after a turn",
        36: "a turn moves every corner: all three must carry one number, not two",
    })


def _rot_answer(p: dict) -> Exact:
    return Exact(S.triomino_classes(6), wrong={
        216 // 3: "216/3 divides every labelling into threes, but the six with equal "
                  "corners are alone in their orbit: Burnside's average fixes that",
        S.triomino_classes(6, reflections=True): "that is the commercial set, which also "
                                                 "counts a piece and its mirror image once",
        216: "216 are labellings, not different pieces: a turned piece is the same piece",
        (216 + 6) // 3: "each of the two turns fixes 6 labellings: add 6 twice",
    })


def _dihedral_answer(p: dict) -> Exact:
    return Exact(S.triomino_classes(6, reflections=True), wrong={
        S.triomino_classes(6): "that counts up to turning only; the flips join each piece "
                               "with its mirror image",
        (216 + 6 + 6 + 3 * 36) // 3: "there are six symmetries now: divide by 6",
        (216 + 6 + 6 + 3 * 6) // 6: "a flip keeps one corner and swaps the other two: the "
                                    "swapped ones must match, the kept one is free: 6 · 6",
    })


def _square_params(rng: Rng, ctx: Ctx) -> dict:
    c = 4 if rng is None else rng.choice((3, 5, 6, 7))
    return {"c": c, "top": c - 1}


def _square_answer(p: dict) -> Exact:
    c = p["c"]
    return Exact(S.burnside(S.cyclic_group(4), c), wrong={
        c ** 4 // 4: tr("{c}⁴/4 forgets the squares a turn leaves unchanged").format(c=c),
        c ** 4: "those are labellings; a turned square is the same tile",
        (c ** 4 + 2 * c) // 4: tr("the half turn swaps opposite sides: it fixes "
                                  "{c}² squares, not {c}").format(c=c),
    })


def _necklace_answer(p: dict) -> Formula:
    c = sympy.Symbol("n")
    # (tests/test_symmetry.py checks this formula against Burnside's count and a listing)
    truth = "with {n} corner values there are {value} triominoes up to turning"
    return Formula((c ** 3 + 2 * c) / 3, truth=truth, start=1,
                   wrong=[((c ** 3) / 3, "n³/3 forgets that the n pieces with three equal "
                                         "corners are fixed by both turns"),
                          (c * (c + 1) * (c + 2) / 6, "that counts multisets of corners "
                                                      "(the commercial set), which joins "
                                                      "mirror images")])


def _rings_answer(p: dict) -> Choice:
    fixed = [f for _, _, f in ring_symmetry_table(6)[1:]]      # every row after the identity
    moves_all = all(f == 0 for f in fixed)
    return Choice([
        ("no turn or flip of the ring, other than leaving it, fixes a line: the 28 tiles "
         "are all different",
         "so every orbit has all 56 lines, and Burnside's average is the identity's count "
         "divided by 56"),
        ("the turns fix all the lines, the flips none",
         "a turn by one place moves every tile to its neighbour's place; the line would "
         "need two equal tiles"),
        ("half of the symmetries fix each line",
         "a symmetry that fixes a line puts some tile where another was; all tiles differ"),
    ], correct=0 if moves_all else 1)


LESSON = Lesson(
    number="13",
    title="Symmetry: counting up to rotation and reflection",
    notebook="13-symmetry-and-burnside.ipynb",
    question="How many different triominoes are there, if a piece turned round is the same "
             "piece — and why does the commercial set have 56?",
    objectives=(
        "Describe a group of symmetries as permutations of positions, and its orbits as "
        "'the same piece'.",
        "Count the labellings a symmetry fixes from its cycles (c to the number of cycles).",
        "Use Burnside's lemma: the number of orbits is the average number of fixed "
        "labellings; check it by listing.",
        "Explain chirality: why turning over joins mirror pairs (76 → 56 triominoes).",
    ),
    prerequisites=("Lesson 01 (tiles as multisets, triominoes).",
                   "Lesson 05 for the rings (can be skipped)."),
    materials=("A double-six set; paper triangles or a triomino set if the school has one.",
               "The printed worksheet (`dominolab worksheet 13`)."),
    timing=(
        Segment("hook", 6, "Why is 3:5 the same tile as 5:3? Exercise 13.1 with a real tile; "
                "then paper triangles with three numbers: turn them."),
        Segment("picture", 6, "A triomino under its three turns and three flips, the fixed "
                "images outlined."),
        Segment("mathematics", 15, "Symmetries as permutations; cycles and fixed labellings; "
                "Burnside's lemma and why the average counts orbits; mirror pairs."),
        Segment("exercises", 13, "Exercises 13.2 to 13.7; the listing cells confirm the "
                "counts."),
        Segment("exit ticket", 5, "Exercise 13.8: why the commercial set has 56 pieces."),
    ),
    misconceptions=(
        Misconception("Divide the labellings by the number of symmetries: 216/3 = 72.",
                      "Only pieces that no symmetry fixes have orbits as large as the group; "
                      "the symmetric ones have smaller orbits.",
                      "Turn the 0-0-0 triangle: its orbit has one labelling, not three."),
        Misconception("A piece and its mirror image are the same piece.",
                      "Only if turning over is allowed; a triomino with three different "
                      "corners cannot be turned into its mirror image in the plane.",
                      "Write 0, 1, 2 clockwise and 0, 2, 1 clockwise on two paper "
                      "triangles and try to match them without lifting them."),
        Misconception("Burnside's lemma is about colourings only.",
                      "It counts the orbits of any finite group acting on any finite set: "
                      "the notebook counts the rings of the whole set with it.",
                      "Look at the rings section: the points are lines of tiles, not "
                      "colourings."),
    ),
    exercises=(
        Spec(
            id="13.1", title="A domino turned end to end",
            statement="Write a number 0 … 6 on each half of a domino: 49 labellings. Turning "
                      "the domino end to end, how many of them stay exactly as they were?",
            answer=_domino_answer,
            hints=("Which tiles look the same after the turn?",),
            solution="Exactly the doubles: **$answer**. Burnside: (49 + 7)/2 = 28 tiles.",
            minutes=2,
        ),
        Spec(
            id="13.2", title="A triomino turned",
            statement="A triomino has a number 0 … 5 at each of its three corners. How many "
                      "of the 216 labellings does a turn by one corner leave unchanged?",
            answer=_turn_answer,
            hints=("The turn moves corner 0 to corner 1, 1 to 2, and 2 to 0. What must be "
                   "true of the numbers for nothing to change?",),
            solution="The turn is one cycle of the three corners, so all three carry the same "
                     "number: **$answer** labellings.",
            minutes=2,
        ),
        Spec(
            id="13.3", title="Triominoes up to turning",
            statement="How many different triominoes (corners 0 … 5) are there if two pieces "
                      "are the same when one is a turn of the other?",
            answer=_rot_answer,
            hints=("Burnside: add the labellings fixed by each of the three turns (including "
                   "the turn by nothing), then divide by 3.",
                   "The identity fixes all 216; each of the two real turns fixes 6."),
            solution="(216 + 6 + 6)/3 = **$answer**. Listing all labellings and sorting them "
                     "into orbits gives the same number.",
            minutes=3,
        ),
        Spec(
            id="13.4", title="And turning over",
            statement="Now a piece may also be turned over (three flips join the three "
                      "turns). How many different triominoes are there?",
            answer=_dihedral_answer,
            hints=("A flip keeps one corner and swaps the other two. How many cycles does "
                   "it have?",
                   "Each flip has two cycles, so it fixes 6 · 6 labellings. Six symmetries "
                   "in all."),
            solution="(216 + 6 + 6 + 36 + 36 + 36)/6 = **$answer**, the size of the "
                     "commercial set.",
            minutes=3,
        ),
        Spec(
            id="13.5", title="A piece the set leaves out",
            statement="Give a triomino — three corner numbers read clockwise from the top, "
                      "such as (3, 3, 5) — that **no** turn makes into a piece of the "
                      "commercial set (whose pieces read a ≤ b ≤ c clockwise).",
            answer=lambda p: mirror_triomino_witness(6),
            hints=("Pieces with two equal corners are always in the set. Try three "
                   "different numbers.",
                   "The set has 0, 1, 2 clockwise. Read it the other way round."),
            solution="For example **$answer**: its turns are (0, 2, 1), (1, 0, 2), "
                     "(2, 1, 0), none increasing; it is the mirror image of (0, 1, 2).",
            minutes=3,
        ),
        Spec(
            id="13.6", title="Square tiles",
            statement="Square tiles carry a number 0 … $top on each of their four sides. Up "
                      "to turning (by a quarter, a half, three quarters), how many different "
                      "tiles are there?",
            answer=_square_answer, params=_square_params,
            hints=("A quarter turn is one cycle of the four sides; a half turn is two cycles "
                   "(opposite sides swap).",
                   "($c⁴ + $c + $c² + $c)/4."),
            solution="The identity fixes $c⁴, the quarter turns $c each, the half turn $c²: "
                     "($c⁴ + $c² + 2·$c)/4 = **$answer**.",
            minutes=3,
        ),
        Spec(
            id="13.7", title="A formula for every number of corner values",
            statement="With corner numbers from a set of n values, how many triominoes are "
                      "there up to turning? Give a formula in n.",
            answer=_necklace_answer,
            hints=("Do exercise 13.3 again with n instead of 6.",),
            solution="The identity fixes n³, each of the two turns n: **$answer**. "
                     "For n = 6 it gives 76.",
            minutes=2,
        ),
        Spec(
            id="13.8", title="Exit ticket: why 56?",
            statement="Burnside gives 76 triominoes up to turning. Why does the commercial "
                      "set have only 56?",
            answer=lambda p: FreeText(
                "the set counts a piece and its mirror image once: a piece with three "
                "different corners cannot be turned into its mirror image, so up to turning "
                "these pieces come in C(6, 3) = 20 pairs, and 76 − 20 = 56; with turning over "
                "allowed Burnside gives 56 directly."),
            hints=("Which pieces look different from their mirror image?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="Rings of the whole set up to turning the ring and turning it over: "
              "`count_rings_up_to_symmetry(6)`; the notebook's last section counts them with "
              "Burnside's lemma and checks double-2 by listing every line.",
    notes=(f"The rings: {count_lines(6):,} lines, {count_rings(6):,} rings read in one "
           f"direction, {count_rings_up_to_symmetry(6):,} up to turning and turning over.",),
)
