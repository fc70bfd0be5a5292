"""Lesson 09 · Blocked positions: the fish (рыба)."""

from __future__ import annotations

from fractions import Fraction

from ...games import GameState, inference, new_game
from ...puzzles.fish import parse_fish
from ...tiles import Tile
from ..answers import Exact
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_games import move_witness

#: the two positions of the lesson (sport dominoes, all 28 tiles dealt, P1 to move); the
#: same table, the pairs' hands swapped (they are also in puzzles/fish/classics.txt)
FASTEST_FISH = """
[fastest fish]
variant: sport
table: 0:0 0:1 1:2 2:0 0:3 3:4 4:0 0:5 5:6
P1: 0:6 1:1 2:2 3:3 4:4
P2: 1:3 1:4 1:5 1:6 2:3
P3: 2:4 2:5 2:6 3:5
P4: 3:6 4:5 4:6 5:5 6:6
to move: P1
question: best
"""
BITES_BACK = FASTEST_FISH.replace("P3: 2:4 2:5 2:6 3:5\nP4: 3:6 4:5 4:6 5:5 6:6",
                                  "P3: 3:6 4:5 4:6 5:5 6:6\nP4: 2:4 2:5 2:6 3:5")
#: the deal and moves of the inference example: P4 passes on the ends 3 and 6
PASS_MOVES = ("P4 6:6,P1 4:6>R,P2 4:5>R,P3 0:6>L,P4 0:5>L,P1 3:5>R,P2 2:5>L,P3 2:2>L,"
              "P4 3:6>R,P1 2:6>L,P2 1:6>L,P3 1:3>L,P4 pass")


def position(text: str) -> GameState:
    """A fresh game state of a fish position."""
    return parse_fish(text)[0].state()


def pass_position() -> GameState:
    g = new_game("sport", seed=2)
    for m in PASS_MOVES.split(","):
        g.play(m)
    return g


def _fastest_params(rng: Rng, ctx: Ctx) -> dict:
    m = 10 if rng is None else rng.choice((2, 4, 8, 12))
    return {"n": m, "suit": m + 1, "others": m, "trips": m // 2}


def fewest_block_tiles(n: int) -> int:
    """The fewest tiles on the table at a block of a double-n line (n even, every tile dealt):
    all n + 1 tiles of the end number, and n/2 excursions away from it, each needing at least
    one more tile (the counting argument of the lesson; ``solver.fastest_block`` proves the
    same by search, checked in the tests for small n)."""
    return n + 1 + n // 2


def _fastest_answer(p: dict) -> Exact:
    m = p["n"]
    return Exact(fewest_block_tiles(m), wrong={
        2 * (m + 1) - 1: "that needs two different end numbers, but with an even set the "
                         "number at one end would show an odd number of times: both ends "
                         "show the same number",
        m + 1: "the tiles k:x lead away from k and must come back: each pair of them needs "
               "at least one tile between",
    })


def _inference_answer(p: dict) -> Exact:
    k = inference.knowledge(pass_position(), viewer=0)
    return Exact(k.probability(3, Tile(1, 4)), wrong={
        Fraction(1, 3): "that is the chance before the pass: the pass rules some tiles out of "
                        "P4's hand",
        Fraction(0): "1:4 shows neither 3 nor 6, so the pass does not rule it out",
        Fraction(1, 4): "P4 holds 4 of the 8 tiles he may hold, not of all 12 unseen",
    })


LESSON = Lesson(
    number="09",
    title="Blocked positions: the fish",
    notebook="09-blocked-positions.ipynb",
    question="When is a game blocked, how fast can a block come, and what do passes tell us "
             "about the hidden hands?",
    objectives=(
        "Recognise a block and compute its score in sport dominoes.",
        "Prove by counting tile halves that a double-six line with every tile dealt blocks "
        "only with the same number at both ends, and after 10 tiles at the earliest.",
        "Read a pass as information and compute exact probabilities of hidden tiles.",
    ),
    prerequisites=("Lesson 04 (parity of tile ends).", "Lesson 03 (probability as a ratio of "
                   "equally likely cases)."),
    materials=("A double-six set per group to lay out the lesson's position.",
               "The printed worksheet (`dominolab worksheet 09`)."),
    timing=(
        Segment("hook", 5, "Lay out the position of exercise 09.1 with real tiles: nine tiles "
                "down, P1 holds 0:6. Where should it go to end the game at once?"),
        Segment("picture", 6, "The blocked table; who wins a block in sport dominoes."),
        Segment("mathematics", 16, "Counting halves: the same number at both ends, then 10 "
                "tiles at least; when the rule 'every fitting tile is on the table' holds (all "
                "tiles dealt) and when it does not; the solver; inference from a pass."),
        Segment("exercises", 13, "Exercises 09.2 to 09.5."),
        Segment("exit ticket", 5, "Exercise 09.6."),
    ),
    misconceptions=(
        Misconception("A block needs 13 tiles: both end suits complete.",
                      "With every tile dealt, the two ends must show the same number (parity), "
                      "and then 10 tiles can be enough.",
                      "Lay out the 10-tile block of the lesson."),
        Misconception("A game is blocked only when every tile that fits an open end is on the "
                      "table.",
                      "That holds when every tile is in a hand. In Cuban dominoes 15 tiles are "
                      "set aside, and in Kozel with fewer than four players the last boneyard "
                      "tile is never drawn: a fitting tile may be out of everyone's reach.",
                      "Ask where the missing tiles of the end number are."),
        Misconception("A pass tells nothing about the hand.",
                      "A player who passes holds no tile showing either open number.",
                      "Count the tiles a passing player may still hold."),
    ),
    exercises=(
        Spec(
            id="09.1", title="End it now",
            statement="Sport dominoes, all 28 tiles dealt. The table is the line "
                      "`0:0 0:1 1:2 2:0 0:3 3:4 4:0 0:5 5:6` (open ends 0 and 6). Player 1 "
                      "holds 0:6 1:1 2:2 3:3 4:4 and is to move. Which move makes a **block** "
                      "(nobody can move again)? Write a move as the tile, `>`, and the end: "
                      "`L` (left) or `R` (right), for example `3:3>L`.",
            answer=lambda p: move_witness(lambda: position(FASTEST_FISH), goal="block"),
            hints=("Which tiles show a 0? Are any of them still in a hand?",
                   "Played on the 6 end, 0:6 turns that end into a 0."),
            solution="**$answer**: the right end becomes 0, and all seven tiles with a 0 are "
                     "then on the table, so both ends show 0 and nobody can play.",
            minutes=3,
        ),
        Spec(
            id="09.3", title="The fastest block of double-$n",
            statement="In a line game with the double-$n set, every tile dealt, what is the "
                      "fewest number of tiles on the table at a block? Use the counting "
                      "argument of the lesson, not the computer.",
            answer=_fastest_answer, params=_fastest_params,
            hints=("Both ends show the same number k (why?), and all $suit tiles of the suit "
                   "of k are down.",
                   "The $others tiles k:x pair up into excursions k:x … y:k away from k; each "
                   "needs at least one tile between."),
            solution="All $suit tiles of the end number k are on the table. The $others tiles "
                     "k:x pair up into $trips excursions k:x … y:k with x ≠ y, each needing at "
                     "least one more tile: $suit + $trips = **$answer**, and a line like the "
                     "lesson's reaches it.",
        ),
        Spec(
            id="09.4", title="The fish that bites back",
            statement="The same table, but the pairs' hands are swapped: now Player 1's pair is "
                      "the heavier one. Player 1 must play 0:6. Which end is better for his "
                      "pair, with best play on both sides? Write the move: the tile, `>`, and "
                      "`L` or `R`.",
            answer=lambda p: move_witness(lambda: position(BITES_BACK), goal="best"),
            hints=("A block now hands the lighter pair all the pips.",
                   "On the left end the game goes on."),
            solution="**$answer**: on the right the game blocks at once and the lighter pair "
                     "(the opponents) takes every pip; on the left the game goes on and loses "
                     "much less.",
            minutes=3,
        ),
        Spec(
            id="09.5", title="What the pass says",
            statement="In the lesson's deal Player 4 passes on the open ends 3 and 6; twelve "
                      "tiles are unseen by Player 1: 0:1 1:1 0:2 1:2 2:3 3:3 1:4 3:4 4:4 1:5 "
                      "5:5 5:6, and each other player holds four of them. Every deal that fits "
                      "what Player 1 knows is equally likely. What is the probability that "
                      "**Player 4 holds 1:4**? Give an exact fraction.",
            answer=_inference_answer,
            hints=("A pass on 3 and 6 means: no tile with a 3 or a 6 in P4's hand.",
                   "Eight of the twelve unseen tiles show neither 3 nor 6; P4 holds four tiles, "
                   "all from those eight."),
            solution="P4 holds no tile with a 3 or a 6, so his four tiles come from the eight "
                     "unseen tiles without them, 1:4 among them. Counting the consistent deals "
                     "(each equally likely) gives **$answer**: half of those deals put 1:4 in "
                     "P4's hand.",
        ),
        Spec(
            id="09.2", title="Blocked with a tile left over",
            statement="In which of these games can a round be **blocked** while a tile that "
                      "fits an open end is not on the table?",
            answer=lambda p: Choice([
                ("sport dominoes", "all 28 tiles are in the hands, so a tile that fits is "
                                   "either on the table or playable by someone"),
                ("Kozel with four players", "with four players all 28 tiles are dealt, as "
                                            "in sport dominoes"),
                ("Cuban double-nine", "15 of the 55 tiles are set aside and never played"),
                ("none of them", "in one of them some tiles are never dealt"),
            ], correct=2),
            hints=("Where can a tile be that is neither on the table nor in a hand?",),
            solution="**$answer**: 15 tiles stay out of the game, so the players can be stuck "
                     "while a fitting tile lies set aside. (So can Kozel with fewer than four "
                     "players, whose last boneyard tile is never drawn.)",
            minutes=2,
        ),
        Spec(
            id="09.6", title="Exit ticket: both ends alike",
            statement="Why can a double-six line in which every tile is dealt block only with "
                      "the same number at both ends?",
            answer=lambda p: FreeText(
                "a block needs every tile showing an end number on the table. If the ends "
                "showed different numbers a and b, all 8 halves showing a would be down; inside "
                "the line halves touch in pairs, so the halves of a on the table are odd when "
                "exactly one end shows a — but 8 is even. So both ends show the same number."),
            hints=("Count the halves showing an end number: how many are on the table?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="A sampling bot imagines the hidden hands (deals consistent with the passes), "
              "solves each one and plays the move with the best total; `dominolab fish "
              "tournament` measures it against the heuristic bot, with standard errors.",
)
