"""Lesson 15 · What a pass tells you: conditional probability and Bayes' rule by counting
consistent deals."""

from __future__ import annotations

import math
from fractions import Fraction

from ...games import GameState, new_round
from ...games.bayes import BayesTable, bayes_table
from ...games.inference import Knowledge, knowledge
from ...i18n import tr
from ...render.table import table_svg
from ...tiles import Tile
from ..answers import Approx, Exact
from ..choices import Choice, FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_deals import possible_hand_witness

#: the lesson's deal (sport dominoes: four players in two pairs, P1 and P3 against P2 and
#: P4, all 28 tiles dealt, a player who cannot play passes) and its first four moves: P4
#: passes on the ends 5 and 3
HANDS = ("5:5 0:3 1:3 2:3 0:5 1:5 2:5", "5:6 3:3 3:5 1:4 1:6 2:2 2:4",
         "3:6 3:4 4:5 2:6 4:4 4:6 6:6", "0:0 0:1 0:2 0:4 0:6 1:1 1:2")
MOVES = ("P1 5:5", "P2 5:6>R", "P3 3:6>R", "P4 pass")
#: the round played on until P2 passes too, on the ends 0 and 0
SECOND = ("P1 1:3>R", "P2 1:4>R", "P3 4:4>R", "P4 0:4>R", "P1 0:5>L", "P2 pass")
VIEWER, PASSER, PARTNER = 0, 3, 1          # P1 looks on; P4 passes; P2 is P4's partner
ASKED = Tile(3, 5)
FREE = Tile(4, 4)                          # a tile with neither number of the pass


def position(moves: int = len(MOVES)) -> GameState:
    """The lesson's round after its first ``moves`` moves."""
    g = new_round("sport", leader=0, hands=list(HANDS))
    for m in MOVES[:moves]:
        g.play(m)
    return g


def view() -> Knowledge:
    """What P1 knows after P4's pass."""
    return knowledge(position(), viewer=VIEWER)


def second_position() -> GameState:
    """The round played on until P2 passes too."""
    g = position()
    for m in SECOND:
        g.play(m)
    return g


def second_view() -> Knowledge:
    """What P1 knows after the second pass."""
    return knowledge(second_position(), viewer=VIEWER)


def table(tile: Tile = ASKED, player: int = PARTNER) -> BayesTable:
    return bayes_table(view(), player, tile)


def _before_picture(p: dict) -> str:
    """P1's view before P4 moves: his hand, the table, the others face down."""
    return str(table_svg(position(len(MOVES) - 1), face_up=[VIEWER]))


def _second_picture(p: dict) -> str:
    return str(table_svg(second_position(), face_up=[VIEWER]))


def _free_tiles() -> list[Tile]:
    k = view()
    return [t for t in k.unseen if not ({t.low, t.high} & k.excluded[PASSER])]


def _prior_answer(p: dict) -> Exact:
    k = view()
    return Exact(table().prior, wrong={
        Fraction(1, 28): "that is the chance that a given tile is the first one dealt; P1 "
                         "can see 9 tiles, so 3:5 is one of the 19 others",
        Fraction(1, 3): "P2, P3 and P4 do not hold the same number of tiles: P4 has not "
                        "played yet and holds 7",
        Fraction(k.sizes[PARTNER], 28): "P1 can see 9 tiles (his own and the table), so 3:5 "
                                        "is among the 19 he cannot see, not among 28",
        Fraction(k.sizes[PASSER], len(k.unseen)): "that is P4's share: he holds 7 of the 19",
    })


def _hands_answer(p: dict) -> Exact:
    k = view()
    n, size = len(k.unseen), k.sizes[PASSER]
    free = len(k.possible(PASSER))
    return Exact(math.comb(free, size), wrong={
        math.comb(n, size): "that counts every seven of the 19 unseen tiles; the pass rules "
                            "out those with a 3 or a 5",
        math.comb(n - 1, size): "you left out only 3:5; he passed on 3 and on 5, so every "
                                "unseen tile showing either is out: 3:3, 3:4, 3:5 and 4:5",
        free ** size: "a hand is a set of seven different tiles, C(15, 7), not 15 choices "
                      "made seven times",
    })


def _evidence_answer(p: dict) -> Exact:
    k = view()
    n, size, free = len(k.unseen), k.sizes[PASSER], len(k.possible(PASSER))
    ev = table().evidence
    return Exact(ev, wrong={
        Fraction(free, n) ** size: "that deals with replacement: after one tile is dealt to "
                                   "P4 the next comes from 18, of which 14 are free",
        Fraction(free, n): "that is the chance for one tile; all seven must avoid 3 and 5",
        1 - ev: "that is the chance that P4 can play",
    })


def _posterior_answer(p: dict) -> Exact:
    t = table()
    k = view()
    return Exact(t.posterior, wrong={
        t.prior: "that is the prior: it ignores the pass. P4's hand is constrained now: he "
                 "cannot hold 3:5, so its chance moves to the two other hands",
        Fraction(1, 3): "P4 is ruled out: 3:5 is in P2's or P3's hand, and they hold the same "
                        "number of tiles",
        t.likelihood: "that is the likelihood, the chance of the pass given that P2 holds "
                      "3:5; the question is the other way round",
        Fraction(k.sizes[PASSER], len(k.unseen)): "that is P4's share before the pass",
    })


def _likelihood_answer(p: dict) -> Exact:
    t = table()
    return Exact(t.likelihood, wrong={
        t.evidence: "that is the chance of the pass for any deal; once 3:5 is in P2's hand, "
                    "P4's seven tiles come from the other 18, of which 15 are free",
        Fraction(1): "P2 holding 3:5 does not stop P4 from holding 3:3, 3:4 or 4:5",
        t.posterior: "that is the posterior, the chance that P2 holds 3:5 given the pass; "
                     "the likelihood goes the other way",
    })


def _free_params(rng: Rng, ctx: Ctx) -> dict:
    tiles = _free_tiles()
    tile = FREE if rng is None else rng.choice(tiles)
    return {"tile": str(tile)}


def _free_answer(p: dict) -> Exact:
    tile = Tile.parse(p["tile"])
    t = table(tile)
    passer = table(tile, PASSER).posterior
    return Exact(t.posterior, wrong={
        t.prior: tr("that is the chance before the pass. The pass does not mention {tile}, "
                    "but it constrains the passer's hand: P4's seven tiles must all come from "
                    "the 15 without a 3 or a 5, {tile} among them, so {tile} is likelier in "
                    "his hand and less likely in P2's").format(tile=tile),
        Fraction(1, 2): tr("that treats {tile} like 3:5; but P4 may hold {tile}, and he is "
                           "likely to: his seven tiles come from only 15").format(tile=tile),
        passer: tr("that is the chance that P4 holds {tile}").format(tile=tile),
        1 - passer: tr("that is the chance that P4 does not hold {tile}; P2 and P3 share "
                       "it").format(tile=tile),
    })


def _second_answer(p: dict) -> Choice:
    post = bayes_table(second_view(), PARTNER, ASKED).posterior
    right = 0 if post > Fraction(1, 2) else 1 if post < Fraction(1, 2) else 2
    return Choice([
        ("more likely than 1/2",
         "P2's five tiles can show no 0, so the four unseen 0s go to P3 and P4; they take "
         "room in P3's hand, and 3:5, which P4 cannot hold, goes to P2 more often"),
        ("less likely than 1/2",
         "P2's pass was on 0; 3:5 shows no 0, so the pass does not rule it out. Count where "
         "the four unseen 0s can go"),
        ("exactly 1/2, as after the first pass",
         "the new pass constrains P2's hand: it moves every tile's chances, as P4's pass "
         "moved 4:4"),
    ], correct=right)


def _simulate_answer(p: dict) -> Approx:
    return Approx(table().posterior, Fraction(5, 100), what=tr("the exact posterior"))


LESSON = Lesson(
    number="15",
    title="What a pass tells you",
    notebook="15-what-a-pass-tells-you.ipynb",
    question="Your opponent passes on a 3 and a 5. How likely is it now that his partner "
             "holds 3:5 — and what does the pass tell you about tiles it does not mention?",
    objectives=(
        "Compute a conditional probability by counting: the deals that agree with what you "
        "saw, and among them the deals where the event happens.",
        "Name the parts of Bayes' rule — prior, likelihood, evidence, posterior — and compute "
        "each as a ratio of binomial coefficients.",
        "Explain why a pass changes the chances of tiles it does not mention: the passer's "
        "hand is constrained.",
        "Check an exact answer by simulation (rejection sampling) and read its 95% interval.",
    ),
    prerequisites=("Lesson 03 (deals as sets, C(m, k), simulation and its error).",
                   "Lesson 09 (what a pass rules out; the inference module)."),
    materials=("A double-six set per group of four, to deal the lesson's hands face down.",
               "The printed worksheet (`dominolab worksheet 15`)."),
    timing=(
        Segment("hook", 6, "Groups of four deal the lesson's hands face down and play the four "
                "moves: P4 must pass. Exercise 15.1: before the pass, how likely is it that P2 "
                "holds 3:5?"),
        Segment("picture", 6, "P1's view of the table; the bars of every unseen tile before "
                "and after the pass."),
        Segment("mathematics", 15, "Conditional probability as counting consistent deals; "
                "exercises 15.2 to 15.5; Bayes' rule named and checked: likelihood · prior / "
                "evidence."),
        Segment("exercises", 13, "Exercises 15.6 to 15.9: the tile the pass does not mention, "
                "the simulation at the computer (or with the real tiles), a hand P4 could "
                "hold, a second pass."),
        Segment("exit ticket", 5, "Exercise 15.10: why the pass moves 4:4."),
    ),
    misconceptions=(
        Misconception("A pass on 3 and 5 tells you nothing about 4:4, so its chances stay as "
                      "they were.",
                      "The passer's seven tiles must all come from the 15 unseen tiles "
                      "without a 3 or a 5: each of those is now likelier in his hand (7/15 "
                      "instead of 7/19) and less likely in the others'.",
                      "Show the bars: every free tile's bar grows for P4 and shrinks for P2 "
                      "and P3. Count: 7 of 15 against 7 of 19."),
        Misconception("The chance of the pass given that P2 holds 3:5 is the chance that P2 "
                      "holds 3:5 given the pass.",
                      "They are different conditional probabilities (55/272 against 1/2); "
                      "Bayes' rule turns one into the other with the prior and the evidence.",
                      "Exercise 15.5 next to 15.4: compute both and multiply out the rule."),
        Misconception("After a pass every unseen tile the passer cannot hold is equally likely "
                      "to be in each other hand, whatever their sizes.",
                      "A tile the passer cannot hold goes to each other place in proportion to "
                      "the places left there: here P2 and P3 both hold 6, so 1/2 each.",
                      "Ask where the tile would go if P3 held one tile fewer than P2: to the "
                      "hand with more places, in proportion."),
    ),
    exercises=(
        Spec(
            id="15.1", title="Before the pass",
            statement="You are P1. After P1 5:5, P2 5:6 and P3 3:6, you see your six tiles "
                      "and the three on the table; P2 and P3 hold six tiles each, P4 seven. "
                      "Before P4 moves, what is the probability that **P2 holds 3:5**? Give "
                      "an exact fraction.",
            answer=_prior_answer, picture=_before_picture,
            hints=("Which tiles can 3:5 be among? Not yours, not the table's.",
                   "Every one of the 19 places in the three hidden hands is equally likely "
                   "to hold 3:5."),
            solution="3:5 is one of the 19 tiles P1 cannot see, and P2 holds 6 of them: "
                     "**$answer** (the **prior**).",
            minutes=3,
        ),
        Spec(
            id="15.2", title="The hands P4 can have",
            statement="P4 passes on the ends 5 and 3: he holds no tile with a 3 or a 5. From "
                      "P1's seat, how many different hands of seven could P4 hold now?",
            answer=_hands_answer,
            hints=("List the tiles P1 cannot see that show a 3 or a 5.",
                   "There are four: 3:3, 3:4, 3:5, 4:5. P4's seven come from the other 15."),
            solution="Seven of the 15 unseen tiles without a 3 or a 5: C(15, 7) = **$answer** "
                     "hands.",
            minutes=3,
        ),
        Spec(
            id="15.3", title="How likely was the pass?",
            statement="Before P4 moved, what was the probability that he would have to pass "
                      "— that none of his seven tiles shows a 3 or a 5? Give an exact fraction.",
            answer=_evidence_answer,
            hints=("Before the pass his hand is any 7 of the 19 unseen tiles, all equally "
                   "likely.",
                   "C(15, 7) of the C(19, 7) hands avoid 3 and 5."),
            solution="C(15, 7)/C(19, 7) = 6435/50388 = **$answer**: the **evidence**, "
                     "P(pass). Passes like this are rare, so they tell a lot.",
            minutes=3,
        ),
        Spec(
            id="15.4", title="After the pass",
            statement="P4 has passed on 3 and 5. What is the probability now that his partner "
                      "**P2 holds 3:5**? Give an exact fraction.",
            answer=_posterior_answer,
            hints=("Count the deals of the 19 unseen tiles into 6, 6 and 7 that agree with "
                   "the pass, and among them those with 3:5 in P2's hand.",
                   "In every consistent deal 3:5 is in P2's or P3's hand, and the two hands "
                   "are alike."),
            solution="P4 cannot hold it, and P2 and P3 both hold 6: **$answer** (the "
                     "**posterior**, P(P2 holds 3:5 | pass)). It rose from 6/19.",
            minutes=3,
        ),
        Spec(
            id="15.5", title="The likelihood, and Bayes' rule",
            statement="Suppose P2 holds 3:5. What is then the probability that P4 has to pass "
                      "(none of his seven tiles shows a 3 or a 5)? Give an exact fraction.",
            answer=_likelihood_answer,
            hints=("Given that P2 holds 3:5, P4's seven tiles are any 7 of the other 18 "
                   "unseen tiles.",
                   "Of those 18, 15 show neither 3 nor 5."),
            solution="C(15, 7)/C(18, 7) = 6435/31824 = **$answer**, the **likelihood**. "
                     "Bayes' rule: P(P2 holds 3:5 | pass) = P(pass | P2 holds 3:5) · "
                     "P(P2 holds 3:5) / P(pass) = (55/272) · (6/19) / (165/1292) = 1/2, "
                     "the answer of exercise 15.4.",
            minutes=3,
        ),
        Spec(
            id="15.6", title="A tile the pass does not mention",
            statement="After P4's pass, what is the probability that **P2 holds $tile**? "
                      "($tile shows neither 3 nor 5.) Give an exact fraction.",
            answer=_free_answer, params=_free_params,
            hints=("Can P4 hold $tile? How many tiles can his seven come from?",
                   "P4 holds $tile with probability 7/15; P2 and P3 share the rest equally."),
            solution="P4's seven tiles are seven of the 15 free tiles, so he holds $tile with "
                     "probability 7/15; P2 and P3 share the other 8/15: **$answer**. Before "
                     "the pass it was 6/19: the pass constrained P4's hand, and that moved "
                     "every tile.",
            minutes=4,
        ),
        Spec(
            id="15.7", title="Simulate the pass",
            statement="Write the experiment: shuffle the 19 tiles P1 cannot see with "
                      "`random.Random(15)`, deal 6 to P2, 6 to P3 and 7 to P4, and **throw the "
                      "deal away** if P4's seven show a 3 or a 5. Do it 20,000 times; among "
                      "the deals you kept, in what fraction does P2 hold 3:5? Give it as "
                      "`Fraction(hits, kept)`. Anything within 0.05 of the exact value (about "
                      "five standard errors) is accepted.",
            answer=_simulate_answer,
            hints=("`k = view()` gives `k.unseen`, the 19 tiles; `rng.shuffle(tiles)`, then "
                   "`tiles[:6]`, `tiles[6:12]`, `tiles[12:]`.",
                   "Keep the deal only if `not any(3 in (t.low, t.high) or 5 in (t.low, "
                   "t.high) for t in tiles[12:])`; then add 1 to `hits` if 3:5 is in "
                   "`tiles[:6]`."),
            solution="About one deal in eight is kept (the evidence, 165/1292), some 2,500 of "
                     "20,000, and P2 holds 3:5 in about half of them: the estimate is close to "
                     "the exact posterior of exercise 15.4, with a standard error of about "
                     "0.01.",
            minutes=4, at_computer=True,
        ),
        Spec(
            id="15.8", title="A hand P4 could hold",
            statement="Give a hand P4 could hold after his pass, as P1 sees the game: seven "
                      "tiles P1 cannot see, none showing a number P4 passed on.",
            answer=lambda p: possible_hand_witness(view, PASSER),
            hints=("P1 sees 0:3 1:3 2:3 0:5 1:5 2:5 in his hand and 5:5 5:6 3:6 on the "
                   "table.",
                   "Take seven of 0:0 0:1 1:1 0:2 1:2 2:2 0:4 1:4 2:4 4:4 0:6 1:6 2:6 4:6 "
                   "6:6."),
            solution="For example **$answer**: any seven of the 15 free tiles will do, and "
                     "each such hand is one of the C(15, 7) of exercise 15.2.",
            minutes=3,
        ),
        Spec(
            id="15.9", title="A second pass",
            statement="The round goes on: P1 1:3, P2 1:4, P3 4:4, P4 0:4, P1 0:5, and the "
                      "ends show 0 and 0: **P2 passes**. He holds no 0; P4 still holds no 3 "
                      "and no 5. Is P2 now more or less likely than 1/2 to hold 3:5?",
            answer=_second_answer, picture=_second_picture,
            hints=("Sort the 16 unseen tiles: those with a 3 or a 5 (P4 cannot hold them), "
                   "those with a 0 (P2 cannot hold them), and the rest.",
                   "Where must the unseen 0s go, and whose room do they take?"),
            solution="**$answer**. The four unseen tiles with a 0 cannot be P2's, so they "
                     "fill places in P3's and P4's hands; the four with a 3 or a 5 cannot be "
                     "P4's. P3's room for 3:5 shrinks, P2's does not: the exact count gives "
                     "668/1137, about 0.59.",
            minutes=3,
        ),
        Spec(
            id="15.10", title="Exit ticket: the tile nobody mentioned",
            statement="P4's pass was on 3 and 5. Why is P2 less likely to hold 4:4 after it "
                      "than before?",
            answer=lambda p: FreeText(
                "because the pass constrains P4's hand: his seven tiles must all come from "
                "the 15 unseen tiles without a 3 or a 5, 4:4 among them, so 4:4 is likelier "
                "in his hand (7/15 instead of 7/19) and less likely in P2's and P3's "
                "(4/15 instead of 6/19)."),
            hints=("Where must P4's seven tiles come from now?",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="More passes: play the round on in the notebook's 'Change it yourself' "
              "cell until a third player passes, and compare the exact posterior with the simulation; the "
              "sampling bots of `dominolab.games.bots` decide by the same consistent deals.",
    notes=(f"All deals of the 19 unseen tiles into 6, 6 and 7: {table().deals:,}; consistent "
           f"with the pass: {table().consistent:,}.",),
)
